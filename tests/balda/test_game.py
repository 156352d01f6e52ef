"""Balda at the game level: rulings D1-D8 and P1-P3 through :class:`BaldaGame`,
random full games with invariants after every move, random illegal attempts,
and the text and save-file round trips of every position reached.

The move generator has its own tests (``test_movegen.py``); here every move
goes through ``BaldaGame.apply`` / ``Session.play``, the way a player's move
does.
"""

from __future__ import annotations

import random
from pathlib import Path
from collections import Counter
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from balada_widgets.balda.bots import make_bot
from balada_widgets.balda.lexicon import TIERS, Lexicon
from balada_widgets.balda.movegen import Move
from balada_widgets.balda.position import Position, cell_name
from balada_widgets.balda.rules import BaldaGame, BaldaState, Pass, Start, hints, random_start
from balada_widgets.core import GameError, IllegalMove, InvalidInput, InvalidPosition, Session
from balada_widgets.core.bots import run_bots

# ---------------------------------------------------------------- lexicons
# a3=b b3=a c3=l d3=d e3=a on the demo grid
DEMO = Lexicon.from_words(["balda", "ball", "bad", "lab", "lad", "dab", "lard", "la", "ad"], name="demo")

#: a small, dense English-like list for fast random games (our own choice of words)
SMALL = Lexicon.from_file(Path(__file__).with_name("small_words.txt"), name="small")
SMALL_WORDS = list(SMALL)

#: a two-letter alphabet and every word of 2 to 5 letters over it: 3x3 grids fill up completely
TINY = Lexicon.from_words(["".join(p) for k in range(2, 6) for p in product("ab", repeat=k)], name="tiny")


def demo_game(players: int = 2, **kw) -> BaldaGame:
    return BaldaGame(players=players, start_word="balda", lexicon=DEMO, **kw)


def rule_of(excinfo) -> str | None:
    return excinfo.value.rule


# -------------------------------------------------- an independent referee
def _readable(rows, word: str) -> bool:
    """Can ``word`` be read along a simple path of orthogonal neighbours? (D4, written afresh)"""
    n = len(rows)

    def go(r, c, k, seen):
        if k == len(word):
            return True
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < n and 0 <= cc < n and (rr, cc) not in seen and rows[rr][cc] == word[k]:
                if go(rr, cc, k + 1, seen | {(rr, cc)}):
                    return True
        return False

    return any(rows[r][c] == word[0] and go(r, c, 1, {(r, c)}) for r in range(n) for c in range(n))


def expected_rule(position: Position, lexicon: Lexicon, cell, letter: str, path) -> str | None:
    """The rule a traced move breaks, checked in the engine's documented order; None if legal.

    One letter (D2) of the alphabet (D7); then placement: empty cell beside a
    letter (D2); then the path: neighbours, no cell twice, no empty cell,
    through the new letter (D2); two letters at least and in the dictionary
    (D2); not played before, start word included (D3); not readable before (D4).
    """
    n = position.size
    rows = [list(r) for r in position.rows]
    if len(letter) != 1 or not letter.isalpha():
        return "D2"
    if letter not in lexicon.alphabet:
        return "D7"
    r, c = cell
    if rows[r][c] != ".":
        return "D2"
    if not any(0 <= rr < n and 0 <= cc < n and rows[rr][cc] != "."
               for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))):
        return "D2"
    after = [row[:] for row in rows]
    after[r][c] = letter
    if not path:
        return "D2"
    for k, (pr, pc) in enumerate(path):
        if (pr, pc) in path[:k]:
            return "D2"
        if k and abs(pr - path[k - 1][0]) + abs(pc - path[k - 1][1]) != 1:
            return "D2"
        if after[pr][pc] == ".":
            return "D2"
    if (r, c) not in path:
        return "D2"
    word = "".join(after[pr][pc] for pr, pc in path)
    if len(word) < max(2, lexicon.min_length) or word not in lexicon.words:
        return "D2"
    if word in position.used or word == position.start_word:
        return "D3"
    if _readable(position.rows, word):
        return "D4"
    return None


def spelled(position: Position, cell, letter, path) -> str:
    n = position.size
    grid = {(r, c): ch for r, row in enumerate(position.rows) for c, ch in enumerate(row)}
    grid[tuple(cell)] = letter
    return "".join(grid.get(tuple(p), "?") if 0 <= p[0] < n and 0 <= p[1] < n else "?"
                   for p in path).replace(".", "?")


# --------------------------------------------------------- the invariants
def check_invariants(game: BaldaGame, state) -> None:
    """What must hold in every reached state."""
    pos = state.position
    assert pos is not None and pos.size == game.size
    n = game.players
    assert len(state.scores) == n and 0 <= state.turn < n
    # D5: each score is the sum of the lengths of that player's words
    for p in range(n):
        assert state.scores[p] == sum(len(m.word) for q, m in state.words if q == p)
    # D3: words are used once, never the start word; the used set is start + played
    words = [m.word for _, m in state.words]
    assert len(words) == len(set(words))
    assert pos.start_word not in words
    assert pos.used == {pos.start_word, *words}
    # D2: every letter placed once, in its cell, and its word reads along its path
    cells = [m.cell for _, m in state.words]
    assert len(cells) == len(set(cells))
    letters = sum(ch != "." for row in pos.rows for ch in row)
    assert letters == game.size + len(state.words)
    for _, m in state.words:
        assert pos.cell(m.cell) == m.letter
        assert m.cell in m.path and len(set(m.path)) == len(m.path) == len(m.word)
        assert "".join(pos.cell(p) for p in m.path) == m.word
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(m.path, m.path[1:]))
    # D6: passes below the player count while the game runs; the end has a reason
    if not state.over:
        assert state.passes < n
        assert Pass(state.turn) in game.legal_moves(state)  # a player may always pass
        assert game.word_moves(state) and not pos.is_full()  # P2: else the game would be over
        assert game.winners(state) == []
    else:
        assert pos.is_full() or not game.word_moves(state) or state.passes >= n
        assert game.legal_moves(state) == []
        best = max(state.scores)
        assert game.winners(state) == [p for p in range(n) if state.scores[p] == best]  # D8
    assert game.validate(state) == []


def assert_round_trips(game: BaldaGame, session: Session, save: bool = True) -> None:
    """State text and save file give back the very same state."""
    state = session.state
    text = game.state_to_text(state)
    again = game.state_from_text(text)
    assert again == state
    assert game.state_to_text(again) == text
    if save:
        loaded = Session.from_json(session.to_json(), game=game)
        assert loaded.state == state
        assert loaded.history == session.history


# ------------------------------------------------------- illegal attempts
def random_attempt(game: BaldaGame, state, rng: random.Random):
    """A traced move drawn from the whole move space, mostly illegal."""
    pos = state.position
    n = pos.size
    kind = rng.randrange(6)
    alphabet = sorted(game.lexicon.alphabet)
    legal = game.word_moves(state)
    if kind == 0 and legal:  # a legal move with its path spoilt
        m = rng.choice(legal)
        path = list(m.path)
        how = rng.randrange(4)
        if how == 0:
            path = [p for p in path if p != m.cell]
        elif how == 1:
            path = path + [path[-1]]
        elif how == 2:
            path = path[::-1]
        else:
            path = path[:1] + path[2:] if len(path) > 2 else path[:1]
        return m.cell, m.letter, path
    if kind == 1 and legal:  # a legal cell with another letter
        m = rng.choice(legal)
        return m.cell, rng.choice(alphabet), list(m.path)
    if kind == 2:  # a letter outside the alphabet
        cell = rng.choice(pos.frontier() or ((0, 0),))
        return cell, rng.choice("ж1") if "ж" not in game.lexicon.alphabet else "q", [cell]
    if kind == 3:  # a word already played or readable, traced again through a new letter (D3, D4)
        again = rereadings(pos, game.lexicon)
        if again:
            return rng.choice(again)
    # random cell, random letter, random walk (sometimes jumping)
    cell = (rng.randrange(n), rng.randrange(n))
    path = [cell] if rng.random() < 0.8 else []
    while len(path) < rng.randint(1, 6):
        r, c = path[-1] if path else cell
        if rng.random() < 0.9:
            dr, dc = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
            r, c = r + dr, c + dc
        else:
            r, c = rng.randrange(n), rng.randrange(n)
        if 0 <= r < n and 0 <= c < n:
            path.append((r, c))
    if rng.random() < 0.5:
        path = path[::-1]
    return cell, rng.choice(alphabet), path


def attempt(game: BaldaGame, session: Session, cell, letter, path) -> None:
    """Play the attempt on a copy; check the verdict against :func:`expected_rule`."""
    state = session.state
    before = game.state_to_text(state)
    pos = state.position
    want = expected_rule(pos, game.lexicon, cell, letter, path)
    move = Move(tuple(cell), letter, spelled(pos, cell, letter, path), tuple(map(tuple, path)))
    if want is None:
        after = game.apply(state, move)
        word = spelled(pos, cell, letter, path)
        assert (tuple(cell), letter, word) in {(m.cell, m.letter, m.word) for m in game.word_moves(state)}
        assert after.scores[state.turn] == state.scores[state.turn] + len(word)
    else:
        with pytest.raises(GameError) as e:
            game.apply(state, move)
        assert e.value.rule == want, (str(e.value), want)
        assert f"(rule {want})" in str(e.value)
    # nothing changed: the session still stands on the same state
    assert session.state is state
    assert game.state_to_text(state) == before


def rereadings(position: Position, lexicon: Lexicon, max_words: int = 2000) -> list:
    """Traced moves that spell a word already played or readable before the move (D3, D4).

    Written independently of the move generator: a plain search of simple
    paths through each frontier cell, pruned by the prefixes of those words.
    (Only the played words on a big dictionary, where testing every word for
    readability would be slow.)
    """
    n = position.size
    words = set(position.used)
    if len(lexicon) <= max_words:
        words |= {w for w in lexicon.words if _readable(position.rows, w)}
    prefixes = {w[:k] for w in words for k in range(1, len(w) + 1)}
    letters = sorted({ch for w in words for ch in w})
    out = []
    for x in position.frontier():
        for ch in letters:
            grid = {(r, c): v for r, row in enumerate(position.rows) for c, v in enumerate(row) if v != "."}
            grid[x] = ch

            def walk(path, text):
                if text in words and x in path and len(path) >= 2:
                    out.append((x, ch, list(path)))
                r, c = path[-1]
                for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if nxt in grid and nxt not in path and text + grid[nxt] in prefixes:
                        walk(path + [nxt], text + grid[nxt])

            for cell, v in grid.items():
                if v in prefixes:
                    walk([cell], v)
    return out


# --------------------------------------------------------- random games
def play_checked(game: BaldaGame, seed: int, levels=("random", "greedy", "strong"), *, pass_rate=0.05,
                 illegal_tries=3, save_every=1) -> Session:
    """A full bot game; invariants, illegal attempts and round trips after every move."""
    session = Session(game, seed=seed)
    rng = random.Random(seed)
    bots = {p: make_bot(levels[p % len(levels)], seed=seed * 10 + p) for p in range(game.players)}
    expected_turn = 0
    check_invariants(game, session.state)
    assert_round_trips(game, session)
    moves = 0
    while not game.is_over(session.state):
        state = session.state
        for _ in range(illegal_tries):
            attempt(game, session, *random_attempt(game, state, rng))
        (player,) = game.to_move(state)
        assert player == state.turn == expected_turn
        if rng.random() < pass_rate:
            move = Pass(player)
        else:
            move = bots[player].choose(game, state, player)
        assert move in game.legal_moves(state, player)
        session.play(move)
        moves += 1
        expected_turn = (expected_turn + 1) % game.players
        after = session.state
        if isinstance(move, Move):
            assert after.words[-1] == (player, move)
            assert after.scores[player] == state.scores[player] + len(move.word)
        else:
            assert after.words == state.words and after.scores == state.scores
            assert after.passes == state.passes + 1
        if not after.over:
            assert after.turn == expected_turn
        check_invariants(game, after)
        assert_round_trips(game, session, save=save_every and moves % save_every == 0)
    assert_round_trips(game, session)
    return session


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1])
def test_random_games_5x5_small_lexicon(players, seed):
    game = BaldaGame(players=players, lexicon=SMALL)
    session = play_checked(game, seed)
    assert session.history[0].startswith("start ")  # P1: chance drew the start word


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_3x3_fill_the_grid(players):
    """A tiny alphabet fills a 3x3 grid: the game ends because the grid is full (D6)."""
    ends = Counter()
    for seed in range(6):
        game = BaldaGame(players=players, size=3, start_word="aba", lexicon=TINY)
        s = play_checked(game, seed, pass_rate=0.0, illegal_tries=4)
        ends["full" if s.state.position.is_full() else "stuck" if s.state.passes == 0 else "passes"] += 1
    assert ends["full"] >= 1


def test_random_games_with_many_passes_end_by_p3():
    """Bots that often pass: some games end because everybody passed in turn (P3)."""
    ended_by_passes = 0
    for seed in range(6):
        game = BaldaGame(players=3, lexicon=SMALL)
        s = play_checked(game, 100 + seed, pass_rate=0.6, illegal_tries=1)
        ended_by_passes += s.state.passes >= 3
    assert ended_by_passes >= 1


@pytest.mark.parametrize("seed", [0, 1])
def test_random_games_with_the_english_list(seed):
    game = BaldaGame(players=2)
    session = play_checked(game, seed, levels=("greedy", "strong"), illegal_tries=2, save_every=5)
    loaded = Session.from_json(session.to_json())  # the options rebuild the game and its dictionary
    assert loaded.state == session.state


@pytest.mark.slow
@pytest.mark.parametrize("size,start", [(5, None), (7, "planets")])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games(size, start, players):
    for seed in range(10, 16):
        game = BaldaGame(players=players, size=size, start_word=start, lexicon=SMALL)
        play_checked(game, seed, save_every=4)


@pytest.mark.slow
@pytest.mark.parametrize("language,size", [("en", 5), ("en", 7), ("ru", 5), ("ru", 7)])
def test_random_games_with_the_shipped_lists(language, size):
    for seed in range(3):
        game = BaldaGame(players=2 + seed % 3, size=size, language=language)
        play_checked(game, seed, levels=("greedy", "strong", "random"), illegal_tries=2, save_every=10)


# --------------------------------------------------------- hypothesis
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(1, 4), size=st.sampled_from([3, 5]),
       passes=st.floats(0, 0.5))
def test_property_text_and_save_round_trip_every_position(seed, players, size, passes):
    lex, start = (TINY, "bab") if size == 3 else (SMALL, None)
    game = BaldaGame(players=players, size=size, start_word=start, lexicon=lex)
    session = Session(game, seed=seed)
    rng = random.Random(seed)
    while not game.is_over(session.state):
        legal = game.legal_moves(session.state)
        words = [m for m in legal if isinstance(m, Move)]
        session.play(rng.choice(words) if words and rng.random() >= passes else Pass(session.state.turn))
        assert_round_trips(game, session, save=len(session.history) % 3 == 0 or game.is_over(session.state))
        check_invariants(game, session.state)


@st.composite
def attempts(draw):
    seed = draw(st.integers(0, 1000))
    depth = draw(st.integers(0, 12))
    n = 5
    cell = (draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1)))
    letter = draw(st.sampled_from(sorted(SMALL.alphabet) + ["q", "1"]))
    steps = draw(st.lists(st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (0, 0)]), max_size=6))
    start_at = draw(st.integers(0, len(steps)))
    path = [cell]
    for dr, dc in steps:
        r, c = path[-1]
        path.append((max(0, min(n - 1, r + dr)), max(0, min(n - 1, c + dc))))
    # the new cell somewhere inside the path, not only at its start
    path = path[start_at:][::-1] + path[:start_at] if draw(st.booleans()) else path
    return seed, depth, cell, letter, path


@settings(max_examples=150, deadline=None)
@given(attempts())
def test_property_any_traced_move_is_judged_by_the_right_rule(args):
    """Any traced move: legal and in ``legal_moves``, or refused naming the rule it breaks."""
    seed, depth, cell, letter, path = args
    game = BaldaGame(players=2, lexicon=SMALL)
    session = Session(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(depth):
        words = game.word_moves(session.state)
        if not words:
            break
        session.play(rng.choice(words))
    if game.is_over(session.state):
        return
    if letter == "1":
        with pytest.raises(InvalidInput):
            game.apply(session.state, Move(cell, letter, letter, tuple(path)))
        return
    attempt(game, session, cell, letter, path)


# ==================================================================== D1
@pytest.mark.parametrize("size,word,row", [(5, "table", 2), (7, "kitchen", 3), (3, "cat", 1)])
def test_d1_start_word_in_the_middle_row(size, word, row):
    game = BaldaGame(players=2, size=size, start_word=word)
    pos = game.initial_state().position
    assert pos.size == size and pos.rows[row] == word
    assert all(set(r) == {"."} for k, r in enumerate(pos.rows) if k != row)
    # the middle row is row (size+1)/2 counted from the bottom, like chess
    assert [pos.cell(f"{'abcdefg'[c]}{size - row}") for c in range(size)] == list(word)
    assert pos.used == {word}


def test_d1_default_is_5x5():
    game = BaldaGame()
    assert game.size == 5
    session = Session(game, seed=0)
    assert session.state.position.size == 5 and len(session.state.position.start_word) == 5


@pytest.mark.parametrize("size", [4, 6, 2, 1, 0, -5, "5", 5.0, True, None])
def test_d1_bad_sizes_are_refused(size):
    with pytest.raises(InvalidInput) as e:
        BaldaGame(size=size)
    assert rule_of(e) == "D1" and "odd" in str(e.value)


@pytest.mark.parametrize("size,word,why", [
    (5, "bald", "has 5 letters"),
    (5, "tables", "has 5 letters"),
    (7, "table", "has 7 letters"),
    (5, "zzzzz", r"not in the English \(common\) dictionary"),  # the default tier (lexicon.DEFAULT_TIER)
    (5, "ta-le", r"not in the English \(common\) dictionary"),
])
def test_d1_bad_start_words_are_refused(size, word, why):
    with pytest.raises(InvalidInput, match=why) as e:
        BaldaGame(size=size, start_word=word)
    assert rule_of(e) == "D1"


def test_d1_start_word_from_a_custom_lexicon_must_be_in_it():
    with pytest.raises(InvalidInput, match="not in the demo dictionary") as e:
        BaldaGame(start_word="table", lexicon=DEMO)
    assert rule_of(e) == "D1"


def test_d1_a_hand_made_state_of_another_size_is_refused():
    game = demo_game()
    with pytest.raises(InvalidPosition, match=r"the grid is 3x3, the game 5x5 \(rule D1\)"):
        game.state_from_text("3/CAT/3 turn=1 scores=0,0")


def test_d1_start_word_set_by_hand_must_fit():
    game = BaldaGame(players=2, lexicon=SMALL)
    session = Session(game, seed=0, auto_chance=False)
    assert game.is_chance(session.state)
    for bad in ("start plan", "start zebra", "start planets"):
        with pytest.raises(GameError) as e:
            session.play_chance(bad)
        assert rule_of(e) == "D1"
    session.play_chance("start plane")
    assert session.state.position.start_word == "plane"
    with pytest.raises(GameError) as e:
        game.apply(session.state, Start("table"))
    assert rule_of(e) == "D1" and "already set" in str(e.value)


# ==================================================================== P1
def test_p1_chance_start_word_is_seeded_and_recorded():
    game = BaldaGame(players=2)
    words = {}
    for seed in range(8):
        a, b = Session(game, seed=seed), Session(game, seed=seed)
        assert a.history == b.history and len(a.history) == 1  # same seed, same word
        verb, word = a.history[0].split()
        assert verb == "start" and a.state.position.start_word == word
        assert len(word) == 5 and word in game.lexicon
        assert game.lexicon.zipf(word) >= TIERS["common"]  # preferred from the common tier
        assert a.nodes[1].by_chance  # recorded as chance's move
        words[seed] = word
        saved = a.to_dict()
        assert saved["moves"] == [f"start {word}"] and saved["seed"] == seed
    assert len(set(words.values())) >= 5  # different seeds draw different words


def test_p1_the_draw_is_uniform_over_the_candidates():
    game = BaldaGame(players=2, lexicon=SMALL)
    outcomes = game.chance_outcomes(game.initial_state())
    cands = game.start_candidates()
    assert [m.word for m, _ in outcomes] == list(cands)
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    assert len({p for _, p in outcomes}) == 1
    assert set(cands) <= set(SMALL.words_of_length(5))
    assert random_start(game, 3) == random_start(game, 3) in cands


def test_p1_custom_words_outside_the_common_tier_are_still_drawn():
    lex = Lexicon.from_words(["qxzzy", "qy"], name="odd")
    game = BaldaGame(players=2, lexicon=lex)
    assert game.start_candidates() == ("qxzzy",)
    assert Session(game, seed=0).history == ["start qxzzy"]


def test_p1_no_word_of_the_size_is_refused():
    game = BaldaGame(players=2, size=7, lexicon=DEMO)
    with pytest.raises(InvalidInput, match="no 7-letter word") as e:
        game.start_candidates()
    assert rule_of(e) == "D1"


def test_p1_moves_before_the_start_word_is_set_are_refused_naming_d1():
    game = BaldaGame(players=2, lexicon=SMALL)
    state = game.initial_state()
    for move in (Pass(0), Move((1, 1), "a", "at", ((1, 1), (2, 1)))):
        with pytest.raises(IllegalMove) as e:
            game.apply(state, move)
        assert rule_of(e) == "D1"


def test_p1_a_chosen_start_word_needs_no_chance():
    session = Session(BaldaGame(players=2, start_word="table"), seed=5)
    assert session.history == [] and session.state.position.start_word == "table"


def test_p1_undo_never_takes_back_the_start_word():
    session = Session(BaldaGame(players=2, lexicon=SMALL), seed=4)
    start = session.state
    session.play(session.legal_moves()[0])
    session.undo()
    assert session.state == start and not session.can_undo()
    session.redo()
    assert len(session.history) == 2


# ==================================================================== D2
@pytest.mark.parametrize("text,why", [
    ("c3=l ball a3-b3-c3-c4", "c3 already holds 'L'"),
    ("a5=l lab a5-a4-a3", "a5 has no occupied neighbour"),
    ("c4=l ball a3-b3-c4-c3", "b3 and c4 are not neighbours"),
    ("c4=l lal c4-c3-c4", "visits c4 twice"),
    ("c4=l ball a3-b3-b4-c4", "crosses the empty cell b4"),
    ("c4=l l c4", "at least 2 letters"),
    ("b4=l lal b4-b3-c3", "'lal' is not in the demo dictionary"),
    ("e4=l al e3-e4", "'al' is not in the demo dictionary"),
])
def test_d2_placement_and_path_errors(text, why):
    game = demo_game()
    state = game.initial_state()
    with pytest.raises(IllegalMove, match=why) as e:
        game.apply(state, text)
    assert rule_of(e) == "D2"
    assert game.initial_state() == state


def test_d2_the_path_must_go_through_the_new_letter():
    game = demo_game()
    move = Move((1, 1), "d", "bad", ((2, 0), (2, 1), (2, 2)))
    with pytest.raises(IllegalMove, match="does not go through the new letter at b4") as e:
        game.apply(game.initial_state(), move)
    assert rule_of(e) == "D2"
    with pytest.raises(InvalidInput, match="does not go through b4"):  # the text form says so at once
        game.apply(game.initial_state(), "b4=d bal a3-b3-c3")


@pytest.mark.parametrize("text,word", [
    ("c4=l ball a3-b3-c3-c4", "ball"),     # along the row, then up
    ("b4=d dab b4-b3-a3", "dab"),          # down, then left: backwards along the start word
    ("e4=b bad e4-e3-d3", "bad"),          # down, then left
    ("b2=d lad c3-b3-b2", "lad"),          # left, then down
])
def test_d2_the_path_may_run_any_direction(text, word):
    game = demo_game()
    state = game.apply(game.initial_state(), text)
    assert state.words[-1][1].word == word and state.scores[0] == len(word)


def test_d2_a_path_may_bend_through_letters_of_earlier_moves():
    game = demo_game()
    s = game.apply(game.initial_state(), "c4=l ball a3-b3-c3-c4")
    s = game.apply(s, "d4=a lad c4-d4-d3")  # player 1's L, the new A, then down to the start word
    assert [m.word for _, m in s.words] == ["ball", "lad"] and s.scores == (4, 3)


def test_d2_moves_in_the_name_of_another_player_are_refused():
    game = demo_game()
    with pytest.raises(IllegalMove, match="player 1's turn") as e:
        game.apply(game.initial_state(), "p2 c4=l ball a3-b3-c3-c4")
    assert rule_of(e) == "D6"
    state = game.apply(game.initial_state(), "p1 c4=l ball a3-b3-c3-c4")
    assert state.turn == 1


def test_d2_a_move_naming_a_word_the_path_does_not_spell_is_refused():
    game = demo_game()
    with pytest.raises(GameError):
        game.apply(game.initial_state(), "c4=l bull a3-b3-c3-c4")


# ==================================================================== D3
def test_d3_the_start_word_cannot_be_played_again():
    game = demo_game()
    with pytest.raises(IllegalMove, match="'balda' is the start word") as e:
        game.apply(game.initial_state(), "d4=a balda a3-b3-c3-d3-d4")
    assert rule_of(e) == "D3"


def test_d3_the_start_word_on_a_3x3_grid():
    lex = Lexicon.from_words(["aba", "ab", "ba", "bab"], name="mini")  # 'bab' keeps the game open (D6)
    game = BaldaGame(players=2, size=3, start_word="aba", lexicon=lex)
    with pytest.raises(IllegalMove, match="start word") as e:
        game.apply(game.initial_state(), "b3=a aba a2-b2-b3")  # a new path, through the new letter
    assert rule_of(e) == "D3"


def test_d3_a_word_played_before_is_refused_along_another_path():
    game = demo_game()
    s = game.apply(game.initial_state(), "c4=l ball a3-b3-c3-c4")
    with pytest.raises(IllegalMove, match="'ball' was already played") as e:
        game.apply(s, "c2=l ball a3-b3-c3-c2")
    assert rule_of(e) == "D3"
    # ... by the same player later too
    s = game.apply(s, "pass")
    with pytest.raises(IllegalMove, match="already played"):
        game.apply(s, "c2=l ball a3-b3-c3-c2")
    assert "ball" not in {m.word for m in game.word_moves(s)}


# ==================================================================== D4
def test_d4_readable_before_is_refused_even_through_the_new_letter():
    game = demo_game()
    with pytest.raises(IllegalMove, match=r"'lab' could already be read before this move \(along c3-b3-a3\)") as e:
        game.apply(game.initial_state(), "b4=l lab b4-b3-a3")
    assert rule_of(e) == "D4"


def test_d4_words_made_readable_by_earlier_moves():
    game = demo_game()
    s = game.apply(game.initial_state(), "b4=d bad a3-b3-b4")  # 'ad' now reads b3-b4 and d3-e3 backwards
    assert s.scores == (3, 0)
    with pytest.raises(IllegalMove, match="'ad' could already be read") as e:
        game.apply(s, "b2=d ad b3-b2")
    assert rule_of(e) == "D4"
    assert "ad" not in {m.word for m in game.word_moves(s)}


def test_d4_letters_apart_do_not_count_as_readable():
    # 'la' is readable (c3-b3) but 'dab' is not: its letters are not in a chain yet
    game = demo_game()
    s = game.apply(game.initial_state(), "b4=d dab b4-b3-a3")
    assert s.words[-1][1].word == "dab"


# ==================================================================== D5
def test_d5_a_word_scores_its_letters_and_scores_add_up():
    game = demo_game(players=3)
    s = game.initial_state()
    plays = ["c4=l ball a3-b3-c3-c4", "e4=b bad e4-e3-d3", "pass", "d4=a lad c4-d4-d3"]
    for text in plays:
        s = game.apply(s, text)
    assert s.scores == (4 + 3, 3, 0)
    assert "scores=7,3,0" in game.state_to_text(s)
    assert s.over and game.result_text(s) == "player 1 wins with 7 (rule D8)"  # 'lad' was the last word
    assert {m.score for m in hints(game, game.initial_state()).longest} == {len("ball")}


# ==================================================================== D6
def test_d6_a_player_may_always_pass():
    game = demo_game()
    s = game.initial_state()
    assert game.legal_moves(s)[-1] == Pass(0)
    s = game.apply(s, "pass")
    assert (s.turn, s.passes, s.over, s.scores) == (1, 1, False, (0, 0))
    s2 = game.apply(s, Pass())  # a Pass without a player is the player to move's
    assert s2.over


def test_d6_passing_in_the_name_of_another_player_is_refused():
    game = demo_game()
    for move in (Pass(1), "p2 pass"):
        with pytest.raises(IllegalMove, match="player 1's turn") as e:
            game.apply(game.initial_state(), move)
        assert rule_of(e) == "D6"


def test_d6_p3_everybody_passing_in_succession_ends_the_game():
    game = demo_game(players=3)
    s = game.initial_state()
    s = game.apply(s, "pass")
    s = game.apply(s, "pass")
    s = game.apply(s, "c4=l ball a3-b3-c3-c4")  # a word starts the count again
    assert s.passes == 0 and not s.over
    s = game.apply(s, "pass")
    s = game.apply(s, "pass")
    assert s.passes == 2 and not s.over
    s = game.apply(s, "pass")
    assert s.over and game.result_text(s) == "player 3 wins with 4 (rule D8)"
    with pytest.raises(IllegalMove, match="the game is over"):
        game.apply(s, "pass")


def test_d6_the_game_ends_when_the_grid_is_full():
    game = BaldaGame(players=2, size=3, start_word="aba", lexicon=TINY)
    s = game.state_from_text("ABA/ABA/AB1 used=aba turn=2 scores=0,0 passes=0")
    moves = game.word_moves(s)
    assert moves and {m.cell for m in moves} == {(2, 2)}
    s = game.apply(s, moves[0])
    assert s.position.is_full() and s.over and game.legal_moves(s) == []


def test_d6_the_game_ends_when_no_legal_move_is_left():
    lex = Lexicon.from_words(["balda", "ball"], name="one-word")
    game = BaldaGame(players=2, start_word="balda", lexicon=lex)
    s = game.apply(game.initial_state(), "c4=l ball a3-b3-c3-c4")
    assert s.over and not s.position.is_full()  # 'ball' is used up: nobody can move
    assert game.result_text(s) == "player 1 wins with 4 (rule D8)"


def test_p2_with_no_word_the_only_move_is_to_pass():
    lex = Lexicon.from_words(["balda", "ball"], name="one-word")
    game = BaldaGame(players=2, start_word="balda", lexicon=lex)
    # a hand-made state, not marked over (a loaded position text would be over at once: see the next test)
    s = BaldaState(Position.from_text("5/2L2/BALDA/5/5 used=balda,ball"), 1, (4, 0))
    assert not s.over and game.legal_moves(s) == [Pass(1)]
    assert game.apply(s, "pass").over


def test_d6_a_loaded_position_without_any_word_is_over_at_once():
    game = BaldaGame(players=2)
    s = game.state_from_text("5/5/QQQQQ/5/5 used=qqqqq")
    assert s.over and game.legal_moves(s) == [] and game.result_text(s) == "a draw: equal scores (rule D8)"
    assert game.state_to_text(s).endswith(" over")
    one = BaldaGame(players=2, start_word="balda", lexicon=Lexicon.from_words(["balda", "ball"], name="one-word"))
    assert one.state_from_text("5/2L2/BALDA/5/5 used=balda,ball turn=2 scores=4,0 passes=0").over
    assert not one.state_from_text("5/5/BALDA/5/5 used=balda").over  # 'ball' is still to be made


def test_d6_a_start_position_without_any_word_is_over_at_once():
    lex = Lexicon.from_words(["balda", "bald"], name="blocked")  # 'bald' is readable already (D4)
    game = BaldaGame(players=2, start_word="balda", lexicon=lex)
    assert game.word_moves(game.initial_state()) == []
    assert game.is_over(game.initial_state())


def test_d6_a_move_after_the_end_is_refused_naming_d6():
    game = demo_game()
    s = game.apply(game.apply(game.initial_state(), "pass"), "pass")
    with pytest.raises(IllegalMove) as e:
        game.apply(s, "pass")
    assert rule_of(e) == "D6"


# ==================================================================== D7
def test_d7_letters_are_case_insensitive():
    game = BaldaGame(players=2, start_word="BALDA", lexicon=DEMO)
    assert game.initial_state().position.start_word == "balda"
    low = game.apply(game.initial_state(), "c4=l ball a3-b3-c3-c4")
    up = game.apply(game.initial_state(), "C4=L BALL A3-B3-C3-C4")
    assert low == up
    assert game.apply(game.initial_state(), Move((1, 2), "L", "BALL", ((2, 0), (2, 1), (2, 2), (1, 2)))) == low
    teacher = BaldaGame(players=2, start_word="balda", lexicon=DEMO.add(["BLAB"]))
    assert "blab" in teacher.lexicon


def test_d7_russian_yo_counts_as_ye():
    game = BaldaGame(players=2, language="ru", start_word="актёр")
    assert game.initial_state().position.start_word == "актер"
    s = game.apply(game.initial_state(), "d4=ж ёж d3-d4")  # the word written with ё
    assert s.words[-1][1].word == "еж" and s.scores == (2, 0)
    with pytest.raises(IllegalMove, match="already played") as e:
        game.apply(s, "d2=ж еж d3-d2")  # the same word written with е
    assert rule_of(e) == "D3"


def test_d7_a_placed_yo_is_ye():
    lex = Lexicon.from_words(["метро", "лёд", "мел"], name="ru-mini")
    game = BaldaGame(players=2, start_word="метро", lexicon=lex, language="ru")
    s = game.state_from_text("5/Л1Д2/МЕТРО/5/5 used=метро turn=1 scores=0,0 passes=0")
    s = game.apply(s, "b4=Ё ЛЁД a4-b4-c4")
    assert s.position.cell("b4") == "е" and s.words[-1][1].word == "лед"


def test_d7_a_letter_outside_the_alphabet_is_refused():
    game = demo_game()
    with pytest.raises(InvalidInput, match="not a letter of the demo alphabet") as e:
        game.apply(game.initial_state(), "b4=z zab b4-b3-a3")
    assert rule_of(e) == "D7"


# ==================================================================== D8
@pytest.mark.parametrize("scores,winners,text", [
    ("5,3", [0], "player 1 wins with 5 (rule D8)"),
    ("3,5", [1], "player 2 wins with 5 (rule D8)"),
    ("4,4", [0, 1], "a draw: equal scores (rule D8)"),
    ("4,4,2", [0, 1], "shared win: player 1, player 2 (rule D8)"),
    ("0,0,0,0", [0, 1, 2, 3], "a draw: equal scores (rule D8)"),
])
def test_d8_the_highest_score_wins_and_equal_scores_draw(scores, winners, text):
    players = scores.count(",") + 1
    game = demo_game(players=players)
    s = game.state_from_text(f"5/5/BALDA/5/5 used=balda turn=1 scores={scores} passes=0 over")
    assert game.winners(s) == winners
    assert game.result_text(s) == text
    assert game.returns(s) == [float(x) for x in scores.split(",")]


def test_d8_no_winner_while_the_game_runs():
    game = demo_game()
    s = game.apply(game.initial_state(), "c4=l ball a3-b3-c3-c4")
    assert game.winners(s) == [] and game.result_text(s) == "player 2 to move"


def test_d8_a_full_bot_game_has_a_winner_or_a_draw():
    session = Session(BaldaGame(players=2, lexicon=SMALL), seed=11)
    run_bots(session, {0: make_bot("greedy", seed=1), 1: make_bot("strong", seed=2)})
    game, s = session.game, session.state
    assert s.over
    top = max(s.scores)
    assert game.winners(s) == [p for p, x in enumerate(s.scores) if x == top]
    assert "rule D8" in game.result_text(s)


# ================================================== players and text forms
@pytest.mark.parametrize("players", [0, 5, "2"])
def test_player_count_is_checked(players):
    with pytest.raises(InvalidInput, match="1 to 4 players"):
        BaldaGame(players=players, lexicon=DEMO, start_word="balda")


def test_solo_practice():
    game = demo_game(players=1)
    s = game.apply(game.initial_state(), "c4=l ball a3-b3-c3-c4")
    assert s.turn == 0 and s.scores == (4,)
    assert game.apply(s, "pass").over  # one pass is "everybody passed" (P3)


def test_move_text_round_trip():
    game = demo_game()
    for m in game.legal_moves(game.initial_state()):
        assert game.parse_move(game.move_to_text(m), game.initial_state()) == m
    assert game.move_to_text(Start("balda")) == "start balda"
    assert game.move_to_text(Pass(1)) == "p2 pass"
    for bad in ("", "   ", "p1", "c4 ball", "c4=l ball a3-b3", "z9=l ll z9-z8"):
        with pytest.raises(InvalidInput):
            game.parse_move(bad, game.initial_state())


def test_state_text_examples():
    game = demo_game()
    s0 = game.initial_state()
    assert game.state_to_text(s0) == "5/5/BALDA/5/5 used=balda turn=1 scores=0,0 passes=0"
    s = game.apply(s0, "c4=l ball a3-b3-c3-c4")
    assert game.state_to_text(s) == ("5/2L2/BALDA/5/5 used=balda,ball turn=2 scores=4,0 passes=0 "
                                     "played=1:c4=l_ball_a3-b3-c3-c4")
    chance = BaldaGame(players=2, lexicon=SMALL).initial_state()
    assert BaldaGame(players=2, lexicon=SMALL).state_to_text(chance) == "start=? turn=1"
    assert BaldaGame(players=2, lexicon=SMALL).state_from_text("start=? turn=1") == chance


@pytest.mark.parametrize("text,rule", [
    ("5/5/BALDA/5/5 used=balda turn=1 scores=0,-1 passes=0", "D5"),
    ("5/5/BALDA/5/5 used=balda turn=3 scores=0,0 passes=0", "D6"),
    ("5/2L2/BALDA/5/5 used=balda,ball turn=2 scores=5,0 passes=0 played=1:c4=l_ball_a3-b3-c3-c4", "D5"),
    ("5/2Z2/BALDA/5/5 used=balda turn=1 scores=0,0", "D7"),
])
def test_inconsistent_hand_made_states_are_refused(text, rule):
    game = demo_game()
    with pytest.raises(InvalidPosition) as e:
        game.state_from_text(text)
    assert rule in {r for r, _ in e.value.problems}


def test_unreadable_state_text_is_refused():
    game = demo_game()
    for bad in ("5/5/BALDA/5/5 turn=x", "5/5/BALDA/5/5 scores=a,b"):
        with pytest.raises(InvalidInput):
            game.state_from_text(bad)


def test_a_played_list_that_contradicts_the_grid_is_refused():
    game = demo_game()
    with pytest.raises(InvalidPosition):
        game.state_from_text("5/1L3/BALDA/5/5 used=balda,lab turn=2 scores=4,0 passes=0 "
                             "played=1:c4=l_ball_a3-b3-c3-c4")


def test_save_file_of_a_finished_game_reloads_and_replays():
    session = Session(BaldaGame(players=3, lexicon=SMALL), seed=21)
    run_bots(session, {p: make_bot("greedy", seed=p) for p in range(3)})
    data = session.to_dict()
    assert data["game"] == "balda" and data["moves"][0].startswith("start ")
    loaded = Session.from_json(session.to_json(), game=session.game)
    assert loaded.state == session.state and loaded.history == session.history
    # a tampered save file is refused, naming the move and the rule
    data["moves"][1] = data["moves"][2]
    with pytest.raises(InvalidInput, match=r"move 2 .* is refused: .*\(rule D\d\)"):
        Session.from_dict(data, game=session.game)


def test_save_file_with_branches():
    game = demo_game()
    session = Session(game, seed=0)
    session.play("c4=l ball a3-b3-c3-c4")
    session.undo()
    session.play("b4=d dab b4-b3-a3")
    loaded = Session.from_json(session.to_json(all_branches=True), game=game)
    assert loaded.state == session.state
    assert sorted(n.text for n in loaded.root.children) == ["b4=d dab b4-b3-a3", "c4=l ball a3-b3-c3-c4"]


def test_hints_count_longest_and_through_a_cell():
    game = demo_game()
    s = game.initial_state()
    h = hints(game, s, "c3")
    assert h.count == len(game.word_moves(s))
    assert {m.word for m in h.longest} == {"ball"} and all(m.score == 4 for m in h.longest)
    assert set(h.through) <= {m.word for m in game.word_moves(s)}
    assert all((2, 2) in m.path for m in h.through.values())
    assert "lad" in h.through and "bad" not in {w for w, m in h.through.items() if (2, 2) not in m.path}
    assert hints(game, s).through == {}
    assert cell_name((2, 2), 5) == "c3"


# ========================================================= analysis (networkx)
def test_analysis_heat_and_words_through_agree_with_legal_moves():
    from balada_widgets.balda.analysis import cell_heat, grid_graph, heat_rows, path_graph, words_through

    game = BaldaGame(players=2, start_word="table")
    session = Session(game, seed=0)
    run_bots(session, {0: make_bot("greedy"), 1: make_bot("greedy", seed=1)}, max_moves=6)
    pos = session.state.position
    moves = game.word_moves(session.state)
    heat = cell_heat(pos, game.lexicon)
    assert set(heat) == set(pos.frontier()) and sum(heat.values()) == len(moves)
    rows = heat_rows(pos, game.lexicon)
    assert all((rows[r][c] is None) == (pos.cell((r, c)) is not None) for r in range(5) for c in range(5))
    g = grid_graph(pos)
    assert g.number_of_edges() == 2 * 5 * 4 and {d["frontier"] for _, d in g.nodes(data=True)} == {True, False}
    for cell in [(2, 2), (0, 0), pos.frontier()[0]]:
        through = words_through(pos, game.lexicon, cell)
        assert {(m.cell, m.word) for m in through} == {(m.cell, m.word) for m in moves
                                                       if m.cell == cell or cell in m.path}
        assert [m.score for m in through] == sorted((m.score for m in through), reverse=True)
        pg = path_graph(pos, through)
        assert sum(d["weight"] for _, _, d in pg.edges(data=True)) == sum(m.score - 1 for m in through)


def _exhaustive(game, state, me):
    """Best final margin for ``me`` by plain recursion over every legal move (two players)."""
    if state.over:
        return state.scores[me] - state.scores[1 - me]
    vals = [_exhaustive(game, game.apply(state, m), me) for m in game.legal_moves(state)]
    return max(vals) if state.turn == me else min(vals)


@pytest.mark.parametrize("text", [
    "ABA/ABA/AB1 used=aba turn=1 scores=0,0 passes=0",
    "ABA/ABA/2B used=aba turn=2 scores=3,1 passes=0",
    "ABA/ABA/1B1 used=aba turn=1 scores=2,2 passes=1",
])
def test_analysis_game_tree_minimax_matches_an_exhaustive_search(text):
    from balada_widgets.balda.analysis import game_tree, principal_line

    game = BaldaGame(players=2, size=3, start_word="aba", lexicon=TINY)
    state = game.state_from_text(text)
    tree = game_tree(game, state, depth=30)
    root = tree.graph["root"]
    assert tree.nodes[root]["value"] == _exhaustive(game, state, state.turn)
    assert all(d["leaf"] == "end" for _, d in tree.nodes(data=True) if tree.out_degree(_) == 0)
    # the principal line, replayed, ends a game with the promised margin
    s = state
    for t in principal_line(tree):
        s = game.apply(s, t)
    assert s.over and s.scores[state.turn] - s.scores[1 - state.turn] == tree.nodes[root]["value"]
    for u, v, d in tree.edges(data=True):
        assert tree.nodes[v]["scores"][d["player"]] == tree.nodes[u]["scores"][d["player"]] + d["score"]


def test_analysis_game_tree_limits():
    from balada_widgets.balda.analysis import game_tree

    game = BaldaGame(players=3, lexicon=SMALL, start_word="plane")
    tree = game_tree(game, game.initial_state(), depth=1, passes=False)
    root = tree.graph["root"]
    assert tree.out_degree(root) == len(game.word_moves(game.initial_state()))
    assert {d["leaf"] for v, d in tree.nodes(data=True) if v != root} == {"cut"}
    assert tree.nodes[root]["value"] == max(m.score for m in game.word_moves(game.initial_state()))
    with pytest.raises(InvalidInput, match="grows past 50 nodes"):
        game_tree(game, game.initial_state(), depth=3, max_nodes=50)
    with pytest.raises(InvalidInput):
        game_tree(game, game.initial_state(), depth=-1)
    with pytest.raises(InvalidInput) as e:
        game_tree(BaldaGame(players=2, lexicon=SMALL), BaldaGame(players=2, lexicon=SMALL).initial_state())
    assert rule_of(e) == "D1"


def test_analysis_plots_draw_without_a_display():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from balada_widgets.balda import analysis as an

    game = BaldaGame(players=2, size=3, start_word="aba", lexicon=TINY)
    session = Session(game, seed=1)
    run_bots(session, {0: make_bot("greedy"), 1: make_bot("strong")})
    pos = Position.new("plane")
    an.plot_heat(pos, SMALL)
    an.draw_path_graph(pos, an.path_graph(pos, an.words_through(pos, SMALL, "c3")))
    an.draw_game_tree(an.game_tree(game, game.state_from_text("ABA/ABA/2B used=aba turn=2 scores=3,1"), 4))
    ax = an.plot_word_lengths(session.state)
    assert len(ax.patches) == len(session.state.words)
    plt.close("all")


# ------------------------------------------------- state texts: no unknown field, no used non-word (D3)
@pytest.mark.parametrize("text,fragment", [
    ("5/5/BALDA/5/5 used=balda bogus=1", "unknown field 'bogus='"),
    ("5/5/BALDA/5/5 used=balda turn=1 sco9res=4,3", "unknown field 'sco9res='"),
    ("5/5/BALDA/5/5 used=balda turn=1 scores=0,0 passes=0 bogus", "unknown field 'bogus'"),
    ("5/5/BALDA/5/5 used=balda turn=1 turn=2", "the field 'turn=' is given twice"),
    ("5/5/BALDA/5/5 used=balda used=ball", "the field 'used=' is given twice"),
    ("5/5/BALDA/5/5 over over", "'over' is given twice"),
    ("turn=1 5/5/BALDA/5/5", "starts with the grid"),
    ("start=? turn=2", "stands alone"),
    ("start=balda", "stands alone"),
])
def test_a_state_text_refuses_unknown_fields_by_name(text, fragment):
    with pytest.raises(InvalidInput) as e:
        demo_game().state_from_text(text)
    msg = str(e.value)
    assert fragment in msg, msg
    if "unknown field" in msg:
        assert "the known fields are used=, turn=, scores=, passes=, played= and the word 'over'" in msg


def test_position_text_names_an_unknown_field():
    with pytest.raises(InvalidInput, match="unknown field 'bogus=' in a position text; after the grid comes only used="):
        Position.from_text("5/5/BALDA/5/5 used=balda bogus=1")


def test_used_words_must_be_words_of_the_dictionary_but_the_start_word():
    game = demo_game()
    with pytest.raises(InvalidPosition) as e:
        game.state_from_text("5/5/BALDA/5/5 used=balda,nnja")
    assert e.value.problems == [("D3", "used word 'nnja' is not in the demo dictionary: used= lists the words "
                                       "already played, and only words of the dictionary can be played")]
    assert "rule D3" in str(e.value)
    with pytest.raises(InvalidPosition, match="'zzz' is not in the demo dictionary"):
        game.state_from_text("5/5/BALDA/5/5 used=balda,zzz,lab turn=1 scores=0,0 passes=0")
    s = game.state_from_text("5/5/BALDA/5/5 used=balda,lab")  # a word of the dictionary: fine
    assert s.position.used == {"balda", "lab"}
    odd = BaldaGame(players=2, lexicon=DEMO).state_from_text("5/5/DABLA/5/5 used=dabla")  # any start word
    assert odd.position.start_word == "dabla" and "dabla" not in DEMO
    assert game.validate(s) == []


def test_state_texts_of_played_games_still_read_back_with_every_field():
    session = Session(BaldaGame(players=3, lexicon=SMALL), seed=8)
    run_bots(session, {p: make_bot("greedy", seed=p) for p in range(3)}, max_moves=12)
    game, state = session.game, session.state
    text = game.state_to_text(state)
    assert game.state_from_text(text) == state
    assert game.state_from_text(text.replace("turn=", "TURN=")) == state  # field names ignore case
