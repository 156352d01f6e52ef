"""The advisor's speed without a change of play: its fast score of a finished side is the scoring module's
(exactly, on random sides with Portals, Towers, Keys, carried injuries and swords), its answers are the same
for a seed, and the bot's budget of work (the same on every machine) stops the sampling only once enough
futures are scored.
"""

from __future__ import annotations

import random

import pytest

from balada_widgets.balada.advisor import (
    BOT_WORK, MIN_FUTURES, _side_points, advise_placements, default_samples, side_points,
)
from balada_widgets.balada.bots import make_bot
from balada_widgets.balada.rules import BaladaGame, Place
from balada_widgets.balada.scoring import best_points
from balada_widgets.core.session import Session

DECKS = BaladaGame().decks


def random_side(rng, portals):
    pool = list(DECKS.a) + list(DECKS.b) + [None] * 5
    side = [rng.choice(pool) for _ in range(12)]
    for j in rng.sample(range(12), portals):
        side[j] = "PT"
    return tuple(side)


def same_points(seed, portals, n):
    rng = random.Random(f"{seed}:{portals}")
    for _ in range(n):
        side, inj, sw = random_side(rng, portals), rng.randrange(6), rng.randrange(4)
        assert side_points(side, inj, sw) == best_points(side, inj, sw), (side, inj, sw)


@pytest.mark.parametrize("portals, n", [(0, 60), (1, 15), (2, 4)])
def test_side_points_is_best_points(portals, n):
    same_points(0, portals, n)


@pytest.mark.slow
@pytest.mark.parametrize("portals", [0, 1, 2, 3])
def test_side_points_is_best_points_on_many_sides(portals):
    same_points(1, portals, 300 if portals < 2 else 60)


def test_side_points_on_the_rulings_examples():
    # P2: a Portal's event may be moved on by a later Portal; an untaken Portal breaks a Princess's run
    assert side_points(("PT", "O3", "PT", "PR") + (None,) * 8, swords=1) == best_points(
        ("PT", "O3", "PT", "PR") + (None,) * 8, swords=1)
    # B7 Towers beside an Obstacle, moved by a Portal; B14 a Chest counts from the first Key
    for side in [("TW", "PT", "TW", "O5", "KY", "CH", "PT", "TW") + (None,) * 4,
                 ("CH", "KY", "PT", "TW", "O2", "PR", "FT", "SW", "BS", "PT", "FI", "FI")]:
        for inj, sw in [(5, 0), (2, 3)]:
            assert side_points(side, inj, sw) == best_points(side, inj, sw), (side, inj, sw)
    assert _side_points((None,) * 12, 0, 0) == (0, 12)  # one state per space: the work counted


def night_state(seed=3, turn=8):
    """A full two-player game played by greedy bots into the night round, at ``turn``."""
    g = BaladaGame(players=2)
    s = Session(g, seed=seed)
    bots = {p: make_bot("greedy", seed=p) for p in range(2)}
    while not (s.state.round == 1 and s.state.turn == turn and s.state.phase == "place"):
        p = g.to_move(s.state)[0]  # the session flips the cards itself (chance)
        s.play(bots[p].choose(g, g.view(s.state, p), p))
    return g, s.state


def test_the_work_budget_stops_after_the_first_futures_and_repeats():
    g, state = night_state()
    moves = [m for m in g.legal_moves(state, 0) if isinstance(m, Place)]
    full = advise_placements(g, state, 0, seed=1, budget=None)
    assert {a.samples for a in full} == {default_samples(len(moves), 12 - state.turn)}
    tight = advise_placements(g, state, 0, seed=1, budget=None, work=1)
    assert {a.samples for a in tight} == {MIN_FUTURES}
    # the first futures are the same ones: a budget cuts the estimate short, it does not change it
    again = advise_placements(g, state, 0, seed=1, budget=None, work=BOT_WORK)
    assert again == advise_placements(g, state, 0, seed=1, budget=None, work=BOT_WORK)
    assert MIN_FUTURES <= again[0].samples <= full[0].samples


def test_the_advisor_bot_plays_the_same_game_for_a_seed():
    def play():
        g = BaladaGame(players=2, easy=True)
        s = Session(g, seed=11)
        from balada_widgets.core.bots import run_bots

        run_bots(s, {0: make_bot("advisor", seed="a"), 1: make_bot("greedy", seed="b")})
        return [str(n.move) for n in s.current.path()]

    assert play() == play()
