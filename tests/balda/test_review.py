"""Balda's game review: every word set against the longest word of its turn; the moments found are real losses
(measured again with the move generator), a retry of the best is accepted and the word played refused, the
rules' refusals keep their reasons, the answer comes with its letter-by-letter trace, texts are words, and the
strong bot's game is reviewable like anybody's.
"""

from __future__ import annotations

import re

import pytest

from balada_widgets.balda.bots import make_bot
from balada_widgets.balda.lexicon import Lexicon
from balada_widgets.balda.movegen import Move, legal_moves
from balada_widgets.balda.review import THRESHOLD, decisions, review, review_all
from balada_widgets.balda.rules import BaldaGame, Pass
from balada_widgets.core.bots import run_bots
from balada_widgets.core.errors import GameError, IllegalMove, InvalidInput
from balada_widgets.core.session import Session

#: notation a learner must never read: a move text 'c4=l' or a path 'a3-b3-c3'
NOTATION = re.compile(r"\b[a-g]\d=|\b[a-g]\d-[a-g]\d")


@pytest.fixture(scope="module")
def game_session():
    """A real English game: a random bot (many short words) against the strong bot."""
    s = Session(BaldaGame(players=2), seed=3)
    run_bots(s, {0: make_bot("random", seed=1), 1: make_bot("strong", seed=2)})
    assert s.game.is_over(s.state)
    return s


@pytest.fixture(scope="module")
def reviews(game_session):
    return review_all(game_session, {0: "Bot 1 (random)", 1: "Bot 2 (strong)"})


def test_every_turn_is_looked_at_and_moments_are_real_losses(game_session, reviews):
    s = game_session
    g = s.game
    assert sum(r.looked_at for r in reviews) == sum(1 for n in s.current.path() if not n.by_chance)
    assert any(len(r) for r in reviews)
    for r in reviews:
        for m in r:
            node = s.nodes[m.node_id]
            assert node.move == m.played and node.parent.state.turn == r.player
            words = legal_moves(node.parent.state.position, g.lexicon)  # the move generator, asked again
            longest = max(w.score for w in words)
            played = m.played.score if isinstance(m.played, Move) else 0
            assert m.best.score == longest
            assert m.loss == longest - played >= THRESHOLD
            assert m.exact


def test_turns_below_the_threshold_are_not_moments(game_session, reviews):
    g = game_session.game
    for r in reviews:
        kept = {m.node_id for m in r}
        for node in decisions(game_session, r.player):
            longest = max((w.score for w in g.word_moves(node.parent.state)), default=0)
            played = node.move.score if isinstance(node.move, Move) else 0
            assert (node.id in kept) == (longest - played >= THRESHOLD)


def test_retry_accepts_the_best_and_refuses_the_word_played(reviews):
    moments = [m for r in reviews for m in r]
    for m in moments:
        assert m.retry(m.best).ok
        # a retry traced on the board: cell, letter, path
        assert m.retry((m.best.cell, m.best.letter.upper(), m.best.path)).ok
        assert not m.retry(Pass(m.player)).ok
        if isinstance(m.played, Move):
            fb = m.retry(m.played)
            assert not fb.ok and fb.rule == "D5" and str(m.loss) not in fb.message


def test_a_retry_the_rules_refuse_keeps_the_rules_reason(reviews):
    m = next(m for r in reviews for m in r)
    pos = m.state.position
    taken = next(c for c in m.best.path if c != m.best.cell)  # a cell that holds a letter
    with pytest.raises(IllegalMove, match="rule D2"):
        m.retry((taken, "a", (taken,)))
    with pytest.raises(GameError):
        m.retry(("z9", "a", "z9"))
    with pytest.raises(InvalidInput):
        m.retry("nonsense")
    assert pos.cell(taken) is not None


def test_the_answer_is_words_with_a_trace_letter_by_letter(reviews):
    for r in reviews:
        for m in r:
            assert m.best.word.upper() in m.answer
            assert m.trace.points == m.best.score == len(m.best.word)
            assert [s.rule for s in m.trace][0] == "D2"
            assert m.best.word.upper() not in m.text and m.best.word.upper() not in m.prompt
            assert m.best.word.upper() not in m.hint
            for text in (m.text, m.prompt, m.hint, m.answer, m.explanation, m.retry(m.best).message):
                assert not NOTATION.search(text), text


def test_the_strong_bot_is_reviewable_and_the_review_is_reproducible(game_session, reviews):
    strong = reviews[1]
    assert strong.name == "Bot 2 (strong)" and strong.unit == "letters"
    again = review(game_session, 1, name="Bot 2 (strong)")
    assert [(m.node_id, m.best, m.loss) for m in again] == [(m.node_id, m.best, m.loss) for m in strong]
    for m in strong:  # its shorter words say what they left the next player
        assert "next player's longest answer" in m.explanation


def test_a_pass_with_a_word_available_is_a_moment():
    lex = Lexicon.from_words(["balda", "ball", "bald", "bad", "lab", "lad"], name="demo")
    s = Session(BaldaGame(players=2, start_word="balda", lexicon=lex), seed=1)
    s.play("pass")
    s.play("pass")
    (m,) = review(s, 0)
    assert m.played == Pass(0) and m.loss == 4 and "passed" in m.text
    assert m.retry(("c4", "l", "a3-b3-c3-c4")).ok
    (m2,) = review(s, 1)
    assert m2.loss == 4


def test_review_refuses_an_unfinished_game_and_a_missing_player(game_session):
    lex = Lexicon.from_words(["balda", "ball", "bad"], name="demo")
    s = Session(BaldaGame(players=2, start_word="balda", lexicon=lex), seed=1)
    with pytest.raises(InvalidInput, match="not over"):
        review(s, 0)
    with pytest.raises(InvalidInput, match="no player 3"):
        review(game_session, 2)
    with pytest.raises(InvalidInput, match="threshold"):
        review(game_session, 0, threshold=0)


def test_the_review_comes_turn_by_turn_with_the_same_verdicts(game_session, reviews):
    from balada_widgets.balda.review import review_steps

    steps = list(review_steps(game_session, 0, name="Bot 1 (random)"))
    n = len(decisions(game_session, 0))
    assert [r.measured for r in steps] == list(range(1, n)) + [None]
    assert "so far" in steps[0].summary() and "so far" not in steps[-1].summary()
    for r in steps:
        assert r.moments == reviews[0].moments[:len(r.moments)]
    assert steps[-1] == reviews[0]
    with pytest.raises(InvalidInput):
        review_steps(game_session, 0, threshold=0)
