"""Balda bots: only legal moves, greedy plays a longest known word, strong beats greedy,
vocabulary tiers narrow what a bot knows.

Every game here is seeded (the start word by the session seed, the bots by
their own seeds), so the margins asserted below are measured numbers, not
chances: they do not flake.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from balada_widgets.balda.bots import BOT_LEVELS, make_bot
from balada_widgets.balda.lexicon import TIERS, Lexicon
from balada_widgets.balda.movegen import Move, legal_moves
from balada_widgets.balda.rules import BaldaGame, Pass
from balada_widgets.core import InvalidInput, Session
from balada_widgets.core.bots import run_bots

#: the small word list of test_game.py (our own choice of words)
SMALL = Lexicon.from_file(Path(__file__).with_name("small_words.txt"), name="small")

ENGLISH = BaldaGame(players=2)


def watched_game(game: BaldaGame, bots: dict, seed: int, on_choice) -> Session:
    """Play a bot game, calling ``on_choice(state, player, move)`` before each move is played."""
    session = Session(game, seed=seed)
    while not game.is_over(session.state):
        state = session.state
        (player,) = game.to_move(state)
        move = bots[player].choose(game, state, player)
        on_choice(state, player, move)
        session.play(move)
    return session


def reply_margin(game: BaldaGame, state, move: Move) -> int:
    """The move's points minus the opponent's best reply (what the strong bot weighs)."""
    after = state.position.play(move)
    return move.score - max((m.score for m in legal_moves(after, game.lexicon)), default=0)


def duel(game: BaldaGame, a: tuple, b: tuple, seeds) -> list[int]:
    """Margins of bot ``a`` over bot ``b``, each seed played twice with the seats swapped."""
    margins = []
    for seed in seeds:
        for seat in (0, 1):
            session = Session(game, seed=seed)
            run_bots(session, {seat: make_bot(a[0], seed, *a[1:]), 1 - seat: make_bot(b[0], seed + 1000, *b[1:])})
            scores = session.state.scores
            margins.append(scores[seat] - scores[1 - seat])
    return margins


# ------------------------------------------------------------ legal only
@pytest.mark.parametrize("level", BOT_LEVELS)
@pytest.mark.parametrize("tier", [None, "basic"])
def test_bots_only_play_legal_moves(level, tier):
    def check(state, player, move):
        assert move in ENGLISH.legal_moves(state, player)
        if isinstance(move, Pass):  # a bot passes only when it knows no legal word
            assert move.player == player
            cut = TIERS[tier] if tier else float("-inf")
            assert all(ENGLISH.lexicon.zipf(m.word) < cut for m in ENGLISH.word_moves(state))

    for seed in (0, 1):
        bots = {p: make_bot(level, tier=tier, seed=seed + p) for p in (0, 1)}
        session = watched_game(ENGLISH, bots, seed, check)
        assert session.state.over


@pytest.mark.parametrize("players", [3, 4])
def test_mixed_tables_of_bots_play_legal_moves(players):
    game = BaldaGame(players=players, lexicon=SMALL)
    bots = {p: make_bot(BOT_LEVELS[p % 3], seed=p) for p in range(players)}
    session = watched_game(game, bots, 5, lambda s, p, m: assert_in(m, game.legal_moves(s, p)))
    assert session.state.over


def assert_in(item, items):
    assert item in items


def test_bots_play_legal_moves_on_7x7_and_in_russian():
    for game, seed in ((BaldaGame(players=2, size=7, language="en"), 3),
                       (BaldaGame(players=2, language="ru"), 4)):
        bots = {0: make_bot("strong", seed=1), 1: make_bot("greedy", seed=2)}
        session = watched_game(game, bots, seed, lambda s, p, m: assert_in(m, game.legal_moves(s, p)))
        assert session.state.over and sum(session.state.scores) > 0


# ------------------------------------------------------------------ greedy
@pytest.mark.parametrize("tier", [None, "everyday", "basic"])
def test_greedy_picks_a_longest_known_word(tier):
    seen = []

    def check(state, player, move):
        if player != 0:
            return
        known = [m for m in ENGLISH.word_moves(state)
                 if tier is None or ENGLISH.lexicon.zipf(m.word) >= TIERS[tier]]
        if not known:
            assert isinstance(move, Pass)
            return
        assert move.score == max(m.score for m in known)
        seen.append(move.score)

    watched_game(ENGLISH, {0: make_bot("greedy", tier=tier, seed=3), 1: make_bot("random", seed=4)}, 2, check)
    assert len(seen) >= 5


def test_greedy_ties_follow_the_seed():
    lex = Lexicon.from_words(["balda", "ball", "bad", "lab", "lad"], name="demo")
    game = BaldaGame(players=2, start_word="balda", lexicon=lex)
    state = game.initial_state()
    picks = [make_bot("greedy", seed=s).choose(game, state, 0) for s in range(12)]
    assert {m.word for m in picks} == {"ball"}
    assert {m.cell for m in picks} == {(1, 2), (3, 2)}  # both cells where BALL fits are played
    assert make_bot("greedy", seed=7).choose(game, state, 0) == picks[7]


def test_a_bot_game_is_reproducible():
    def play():
        session = Session(BaldaGame(players=2, lexicon=SMALL), seed=9)
        run_bots(session, {0: make_bot("random", seed=1), 1: make_bot("strong", seed=2)})
        return session.history

    assert play() == play()


def test_random_plays_varied_words_greedy_longer_ones():
    lengths = {}
    for level in ("random", "greedy"):
        words = []
        watched_game(BaldaGame(players=2, lexicon=SMALL), {0: make_bot(level, seed=1), 1: make_bot(level, seed=2)},
                     3, lambda s, p, m: words.append(m.score) if isinstance(m, Move) else None)
        lengths[level] = sum(words) / len(words)
    assert lengths["greedy"] > lengths["random"]


# ------------------------------------------------------------------ strong
def test_strong_beats_greedy_on_fixed_seeds():
    margins = duel(ENGLISH, ("strong",), ("greedy",), range(8))
    wins = sum(m > 0 for m in margins)
    # measured on these 16 games: 14 wins, 1 draw, 1 loss, mean margin +2.6 points
    assert wins >= 12
    assert sum(margins) / len(margins) >= 1.5


def test_strong_beats_greedy_with_a_small_list_too():
    margins = duel(BaldaGame(players=2, lexicon=SMALL), ("strong",), ("greedy",), range(8))
    # measured: 13 wins of 16, mean +2.9
    assert sum(m > 0 for m in margins) >= 11 and sum(margins) / len(margins) >= 1.5


def test_strong_declines_a_long_word_that_hands_over_a_longer_one():
    """Found in a seeded game: both five-letter words open a six-letter reply."""
    game = BaldaGame(players=2, lexicon=SMALL)
    state = game.state_from_text("5/2DN1/BREAD/TSLB1/BELA1 used=bread,bale,band,bell,dead,dean,dell,lead,lest,"
                                 "sell,sled turn=1 scores=20,20 passes=0")
    longest = max(m.score for m in game.word_moves(state))
    greedy = make_bot("greedy", seed=1).choose(game, state, 0)
    strong = make_bot("strong", seed=1).choose(game, state, 0)
    assert greedy.score == longest == 5
    assert all(reply_margin(game, state, m) == -1 for m in game.word_moves(state) if m.score == 5)
    assert strong.score < longest and reply_margin(game, state, strong) == 1
    # and it pays: the opponent's greedy reply is shorter after the strong move
    after_g = game.apply(state, greedy)
    after_s = game.apply(state, strong)
    assert max(m.score for m in game.word_moves(after_g)) == 6
    assert max((m.score for m in game.word_moves(after_s)), default=0) == strong.score - 1


@pytest.mark.slow
def test_strong_beats_greedy_over_many_seeds():
    margins = duel(ENGLISH, ("strong",), ("greedy",), range(8, 38))
    assert sum(m > 0 for m in margins) >= 0.7 * len(margins)
    assert sum(margins) / len(margins) >= 1.5


@pytest.mark.slow
def test_greedy_beats_random_and_a_smaller_vocabulary():
    assert min(duel(ENGLISH, ("greedy",), ("random",), range(10))) > 0
    margins = duel(ENGLISH, ("greedy",), ("greedy", "basic"), range(10))
    assert sum(m > 0 for m in margins) >= 0.8 * len(margins)


# -------------------------------------------------------------------- tiers
@pytest.mark.parametrize("tier", ["common", "everyday", "basic"])
def test_tiers_restrict_vocabulary(tier):
    cut = TIERS[tier]
    played = []

    def check(state, player, move):
        if isinstance(move, Move):
            assert ENGLISH.lexicon.zipf(move.word) >= cut
            played.append(move.word)

    for seed in (0, 1):
        bots = {p: make_bot(("greedy", "strong")[p], tier=tier, seed=seed + p) for p in (0, 1)}
        watched_game(ENGLISH, bots, seed, check)
    assert len(played) >= 10


def test_a_bot_that_knows_no_legal_word_passes():
    lex = Lexicon.from_words({"balda": 0.0, "ball": 1.5, "bad": 4.2}, name="zipf")
    game = BaldaGame(players=2, start_word="balda", lexicon=lex)
    state = game.initial_state()
    assert make_bot("greedy").choose(game, state, 0).word == "ball"
    assert make_bot("greedy", tier="basic").choose(game, state, 0).word == "bad"
    after = game.apply(state, "b4=d bad a3-b3-b4")
    assert {m.word for m in game.word_moves(after)} == {"ball"}  # a rare word only
    for level in BOT_LEVELS:
        assert make_bot(level, tier="basic").choose(game, after, 1) == Pass(1)
        assert make_bot(level, tier="common").choose(game, after, 1) == Pass(1)
        assert make_bot(level).choose(game, after, 1).word == "ball"


def test_smaller_vocabulary_scores_less():
    margins = duel(ENGLISH, ("greedy",), ("greedy", "basic"), range(4))
    # measured: the full vocabulary wins all 8 games, by about 10 points
    assert min(margins) > 0 and sum(margins) / len(margins) >= 5


@pytest.mark.parametrize("level,tier", [("genius", None), ("greedy", "rare"), ("strong", "everything")])
def test_unknown_levels_and_tiers_are_refused(level, tier):
    with pytest.raises(InvalidInput, match="unknown"):
        make_bot(level, tier=tier)


def test_bot_names_say_level_and_vocabulary():
    assert make_bot("strong").name == "strong bot"
    assert make_bot("greedy", tier="basic").name == "greedy bot (basic words)"
