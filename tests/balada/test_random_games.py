"""Random full games (bots against bots, many seeds) with invariants after every move."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from balada_widgets.balada import BaladaGame, score_side
from balada_widgets.balada.bots import make_bot
from balada_widgets.balada.rules import Decide, Flip, Place, PortalMove, Swap
from balada_widgets.core import GameError, Session


def check_invariants(g: BaladaGame, state):
    d = g.decks
    for ps in state.players:
        assert Counter(ps.lands) == Counter(d.landscape)  # B1 kept through swaps
        assert 0 <= ps.injuries < 6 and ps.swords >= 0
        assert ps.swaps <= len(ps.rounds) + 1
    if state.phase == "place":
        assert state.cards is not None and state.cards == state.seen[-1]
        for p in g.to_move(state):
            assert any(isinstance(m, Place) for m in g.legal_moves(state, p))  # B2: always a space
    if state.phase in ("place", "flip"):
        filled = {sum(e is not None for e in ps.events) for ps in state.players}
        assert filled == {state.turn - (state.phase == "place")}
    if state.phase == "score":
        for p in g.to_move(state):
            assert len(g.legal_moves(state, p)) >= 2  # every scoring move is a real decision (P6)
    assert len(state.seen) == state.turn <= 12


def random_illegal(g, state, rng):
    """A move drawn from the whole move space, mostly illegal."""
    p = rng.randrange(g.players + 1)
    kind = rng.randrange(5)
    ev = rng.choice(["O2", "FT", "BS", "PR", "SW", "XX"[:2]])
    if kind == 0:
        return Place(p, ev, rng.randrange(0, 14))
    if kind == 1:
        return Swap(p, rng.randrange(0, 14), rng.randrange(0, 14))
    if kind == 2:
        return PortalMove(p, rng.randrange(1, 13), rng.choice([None, rng.randrange(1, 13)]))
    if kind == 3:
        return Decide(p, rng.randrange(1, 13), rng.choice(["sword", "endure", "fight", "pass", "key", "leave", "x"]))
    return Flip(rng.choice("FDM"), ev, ev)


def play_checked(players, easy, seed, levels=("random", "greedy")):
    g = BaladaGame(players=players, easy=easy)
    sess = Session(g, seed=seed)
    rng = random.Random(seed)
    bots = {p: make_bot(levels[p % len(levels)], seed + p) for p in range(players)}
    while not g.is_over(sess.state):
        st = sess.state
        legal = set(g.legal_moves(st))
        for _ in range(3):  # random illegal attempts raise the rule error and change nothing
            m = random_illegal(g, st, rng)
            if m in legal:
                continue
            with pytest.raises(GameError) as e:
                g.apply(st, m)
            assert "rule" in str(e.value) or "no player" in str(e.value) or "unknown" in str(e.value)
            assert sess.state is st
        waiting = g.to_move(st)
        p = rng.choice(waiting)
        sess.play(bots[p].choose(g, st, p))
        check_invariants(g, sess.state)
    final = sess.state
    for ps in final.players:
        assert len(ps.rounds) == g.rounds
        for r in ps.rounds:
            assert r.points == score_side(r.side, r.injuries_in, r.swords_in, r.choices).points
    return sess


@pytest.mark.parametrize("players,easy", [(1, True), (1, False), (2, False), (4, True)])
def test_random_full_games_keep_the_invariants(players, easy):
    for seed in range(3):
        play_checked(players, easy, seed)


@pytest.mark.slow
def test_many_random_games_six_players():
    for seed in range(10):
        play_checked(6, False, 100 + seed)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(1, 3), easy=st.booleans())
def test_property_save_load_and_text_round_trip(seed, players, easy):
    g = BaladaGame(players=players, easy=easy)
    sess = Session(g, seed=seed)
    rng = random.Random(seed)
    while not g.is_over(sess.state):
        p = rng.choice(g.to_move(sess.state))
        sess.play(rng.choice(g.legal_moves(sess.state, p)))
        assert g.state_from_text(g.state_to_text(sess.state)) == sess.state
    assert Session.from_json(sess.to_json()).state == sess.state


@settings(max_examples=200, deadline=None)
@given(events=st.lists(st.sampled_from(["O1", "O2", "O3", "O5", "FT", "SW", "BS", "PT", "TW", "FI", "KY", "CH",
                                        "PR", ".."]), min_size=12, max_size=12),
       inj=st.integers(0, 5), sw=st.integers(0, 3))
def test_property_optimum_dominates_any_own_choices(events, inj, sw):
    best = score_side(" ".join(events), inj, sw)
    assert best.points == sum(s.points for s in best.trace)
    rng = random.Random(hash(tuple(events)))
    # random own decisions: never more than the optimum, and always explained
    for _ in range(3):
        dec = {i + 1: rng.choice(["sword", "endure", "fight", "pass", "key", "leave"]) for i in range(12)
               if events[i] in ("O1", "O2", "O3", "O5", "BS", "CH")}
        try:
            own = score_side(" ".join(events), inj, sw, dec)
        except GameError as e:
            assert "rule B" in str(e)
            continue
        assert own.points <= best.points
