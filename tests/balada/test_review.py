"""Balada's game review: the moments found are real losses (measured again, independently), a retry of the
best is accepted and the move played refused, the answer comes with its trace, texts are words, a bot's game
is reviewable, the review is reproducible.

The games are seeded bot games: a random bot (it makes real mistakes, placements and walk choices) on the full
game, and bots on the easy version. The advisor's samples are kept small here so the tests stay fast; the
measure is the same at any number of samples.
"""

from __future__ import annotations

import re

import pytest

from balada_widgets.balada.advisor import advise_placements, walk_advice
from balada_widgets.balada.bots import make_bot
from balada_widgets.balada.review import PLACEMENT_THRESHOLD, WALK_THRESHOLD, decisions, review
from balada_widgets.balada.rules import BaladaGame, Decide, Place, PortalMove, Swap
from balada_widgets.balada.scoring import score_side
from balada_widgets.core.bots import run_bots
from balada_widgets.core.errors import GameError, InvalidInput
from balada_widgets.core.session import Session

SAMPLES = 8
#: notation a learner must never read: 'p1 O2@5', 'P4<9', '3:sword', 'flip F O2'
NOTATION = re.compile(r"\bp\d\b|@\d|\bP\d+<|\b\d+:(sword|endure|fight|pass|key|leave)\b|\bflip\b|\b(O\d|FT|SW|BS|PT|TW|FI|KY|CH|PR)\b")


def bot_game(players, easy, seed, levels):
    s = Session(BaladaGame(players=players, easy=easy), seed=seed)
    run_bots(s, {p: make_bot(level, seed=f"{seed}:{p}") for p, level in enumerate(levels)})
    assert s.game.is_over(s.state)
    return s


@pytest.fixture(scope="module")
def full():
    """A full game (day and night) by a random bot, with placement and walk moments, Portals among them."""
    s = bot_game(1, False, 25, ["random"])
    return s, review(s, 0, samples=SAMPLES)


@pytest.fixture(scope="module")
def easy_bots():
    """An easy-version game: a greedy bot against a random bot."""
    return bot_game(2, True, 7, ["greedy", "random"])


def test_the_full_game_has_moments_of_both_kinds(full):
    s, r = full
    kinds = {m.kind for m in r}
    assert kinds == {"placement", "walk"}
    assert {type(m.played) for m in r if m.kind == "walk"} == {Decide, PortalMove}
    assert r.looked_at == len(decisions(s, 0)) >= 24  # every placement and walk decision measured
    assert [m.node_id for m in r] == sorted(m.node_id for m in r)  # in the order played


def test_placement_moments_are_real_losses_by_the_advisor(full):
    s, r = full
    g = s.game
    for m in r:
        if m.kind != "placement":
            continue
        node = s.nodes[m.node_id]
        assert node.move == m.played and isinstance(m.played, Place)
        view = g.view(node.parent.state, 0)
        seed = f"review:{view.round}:{view.turn}:0"
        advice = {a.move: a for a in advise_placements(g, view, 0, samples=SAMPLES, seed=seed, budget=None)}
        best = max(advice.values(), key=lambda a: a.expected)
        assert advice[m.best].expected == pytest.approx(best.expected)
        loss = advice[m.best].expected - advice[m.played].expected
        assert m.loss == pytest.approx(loss, abs=0.01)
        assert loss >= PLACEMENT_THRESHOLD


def test_walk_moments_are_exact_losses(full):
    s, r = full
    g = s.game
    walks = [m for m in r if m.kind == "walk"]
    assert walks
    for m in walks:
        state = s.nodes[m.node_id].parent.state
        points = dict(walk_advice(g, state, 0))
        assert points[m.best] == max(points.values())
        assert points[m.best] - points[m.played] == m.loss >= WALK_THRESHOLD
        assert m.exact
        # the answer's trace is the round scored with the best choice: its total is the best's points
        assert m.trace.points == points[m.best]
        assert m.played_trace.points == points[m.played]


def test_retry_accepts_the_best_and_refuses_what_was_played(full):
    _, r = full
    for m in r:
        right, wrong = m.retry(m.best), m.retry(m.played)
        assert right.ok and right.message.startswith("Yes")
        assert not wrong.ok and wrong.rule
        assert f"{m.loss:.1f}" not in wrong.message  # a wrong answer names no number


def test_a_retry_the_rules_refuse_raises_the_rules_reason(full):
    s, r = full
    m = next(m for m in r if m.kind == "placement")
    taken = next(i + 1 for i, e in enumerate(m.extra.events) if e is not None) if any(m.extra.events) else None
    if taken is not None:
        with pytest.raises(GameError, match="rule B2"):
            m.retry(Place(0, m.best.event, taken))
    assert not m.retry(Swap(0, 1, 2)).ok  # the Change of Landscape is not what the moment asks


def test_the_answer_is_words_with_an_explained_trace(full):
    _, r = full
    for m in r:
        assert m.best_words in m.answer or m.best_words.split(" (")[0] in m.answer
        assert m.trace is not None and len(m.trace) > 0
        assert m.explanation
        # the text and the task do not give the answer away before the retry
        assert m.best_words not in m.text and m.best_words not in m.prompt
        for text in (m.text, m.prompt, m.hint, m.answer, m.explanation, m.retry(m.best).message,
                     m.retry(m.played).message):
            assert not NOTATION.search(text), text


def test_an_exact_placement_on_the_last_turn_scores_its_trace(full):
    s, r = full
    last = [m for m in r if m.kind == "placement" and m.exact]
    for m in last:
        assert m.state.turn == 12
        # the last symbol: the best side's trace is the real score of the round with that symbol
        ps = s.game.sheet_of(m.state, 0)
        events = list(ps.events)
        events[m.best.space - 1] = m.best.event
        side = " ".join(f"{l}:{e or '..'}" for l, e in zip(ps.lands, events))
        assert m.trace.points == score_side(side, ps.injuries, ps.swords).points


def test_bot_games_are_reviewable_and_reproducible(easy_bots):
    s = easy_bots
    reviews = [review(s, p, name=f"Bot {p + 1}", samples=SAMPLES) for p in (0, 1)]
    for p, r in enumerate(reviews):  # the easy version: 12 placements, then the walk's choices
        assert r.looked_at == len(decisions(s, p)) >= 12
        assert sum(isinstance(n.move, Place) for n in decisions(s, p)) == 12
    assert all(m.text.count("Bot ") >= 1 for r in reviews for m in r)
    again = review(s, 1, name="Bot 2", samples=SAMPLES)
    assert [(m.node_id, m.best, m.loss) for m in again] == [(m.node_id, m.best, m.loss) for m in reviews[1]]
    assert reviews[1].summary().startswith(f"Bot 2: {reviews[1].looked_at} decisions looked at")


def test_an_advisor_bot_is_reviewable_too():
    s = bot_game(1, True, 3, ["advisor"])
    r = review(s, 0, name="Bot 1 (advisor)", samples=SAMPLES)
    assert r.looked_at >= 12
    for m in r:  # whatever it finds, every moment is a real loss that a retry of the best fixes
        assert m.loss >= PLACEMENT_THRESHOLD and m.retry(m.best).ok


def test_review_refuses_an_unfinished_game_and_a_missing_player(easy_bots):
    s = Session(BaladaGame(players=1, easy=True), seed=1)
    with pytest.raises(InvalidInput, match="not over"):
        review(s, 0)
    with pytest.raises(InvalidInput, match="no player 5"):
        review(easy_bots, 4)
    with pytest.raises(InvalidInput, match="samples"):
        review(easy_bots, 0, samples=0)


def test_the_review_comes_decision_by_decision_with_the_same_verdicts(full):
    from balada_widgets.balada.review import review_steps

    s, whole = full
    steps = list(review_steps(s, 0, samples=SAMPLES))
    n = len(decisions(s, 0))
    # one review after each decision, in order; the moments grow as a prefix of the whole review's
    assert [r.measured for r in steps] == list(range(1, n)) + [None] and len(steps) == n
    assert all(not r.complete for r in steps[:-1]) and steps[-1].complete
    for r in steps:
        assert r.moments == whole.moments[:len(r.moments)] and r.looked_at == n
    assert steps[-1] == whole
    # the arguments are checked at once, before anything is measured
    with pytest.raises(InvalidInput):
        review_steps(s, 5)
