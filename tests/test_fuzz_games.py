"""Every registered game, fuzzed the same way (issue 9): a game is covered as soon as it is registered.

- random full games through ``Session`` with, at every decision, mutated move texts: accepted only if
  one of ``legal_moves``, otherwise refused with a ``GameError``, the session unchanged
  (:mod:`balada_widgets.core.fuzz`);
- the game's ``invariants`` after every move, chance included;
- every reached position through its text form, and the save file of each game reloaded position
  by position;
- hypothesis strategies for positions (reached by seeded random play) and notations (legal move texts,
  damaged; hand-edited position texts).

Each game's own deeper fuzz stays in its room (``tests/barcadia/test_fuzz.py``,
``tests/baldurs_gate/test_random_games.py``: content files, DIY cards, caller-made states); damaged save
files and position texts are in ``tests/test_corpus.py``. The 10,000-game run is ``bench/bench_fuzz.py``.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import balada_widgets
from balada_widgets.core import GameError, IllegalMove, Session
from balada_widgets.core.fuzz import (
    LOOK_ALIKES, NUMBERS, ODD_CHARS, fuzz_game, fuzz_many, make_game, mutations, random_options, registered_games,
)
from balada_widgets.core.game import Game

GAMES = registered_games()
NAMES = sorted(GAMES)
#: fuzzed games per game in CI (a few seconds each on a loaded 2-core machine); the slow test and the
#: bench run more
CI_GAMES = {"balada": 5, "balda": 4, "barcadia": 5, "baldurs_gate": 4}


def _report(reports) -> str:
    fails = [f for r in reports for f in r.failures]
    return "\n".join(str(f) for f in fails[:12]) + (f"\n... {len(fails)} in all" if len(fails) > 12 else "")


def test_the_registry_lists_every_game_of_the_package():
    assert set(NAMES) == set(balada_widgets.GAMES)
    for name, cls in GAMES.items():
        assert cls.name == name and issubclass(cls, Game)
        # each game adds its own invariants (the protocol's default checks nothing)
        assert cls.invariants is not Game.invariants, f"{name}: no invariants(state) hook"


@pytest.mark.parametrize("name", NAMES)
def test_random_games_with_mutated_move_texts(name):
    out = fuzz_many([name], games=CI_GAMES.get(name, 2), seed=0, texts=3, roundtrip_every=1)
    reports = out[name]
    assert not any(r.failures for r in reports), _report(reports)
    assert all(r.over for r in reports)
    assert sum(r.refused for r in reports) > sum(r.moves for r in reports)  # mutations were tried, most refused
    assert sum(r.accepted for r in reports) > 0  # and some were legal (a case change, a no-op)


@pytest.mark.slow
def test_the_fuzz_benchmark_in_small():
    """``bench/bench_fuzz.py`` (10,000 games per game in ``make bench``) in a smaller version: other
    seeds and options, its own process pool, its report."""
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).resolve().parents[1] / "bench" / "bench_fuzz.py"
    spec = importlib.util.spec_from_file_location("bench_fuzz", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rows = bench.run(games=5, workers=2)
    assert [r["game"] for r in rows] == NAMES
    for r in rows:
        assert r["failures"] == 0, r
        assert r["games"] == r["ended"] == 5 and r["games_per_s"] > 0 and r["refused"] > r["moves"]


# ---------------------------------------------------------------- the crash of issue 9


def _portal_decision(seed_range=range(200)):
    from balada_widgets.balada import BaladaGame

    g = BaladaGame(players=4)
    for seed in seed_range:
        s = Session(g, seed=seed)
        rng = random.Random(seed)
        while not g.is_over(s.state):
            st_ = s.state
            if st_.phase == "score" and 3 in g.to_move(st_) and st_.players[3].walk.portals_left:
                return g, st_
            p = rng.choice(g.to_move(st_))
            s.play(rng.choice(g.legal_moves(st_, p)))
    raise AssertionError("no Portal decision for player 4 in 200 games")


def test_a_portal_move_from_space_512_is_refused_under_b5():
    g, s = _portal_decision()
    portal = s.players[3].walk.portals_left[0]
    for src, why in ((512, "there is no space 512"), (0, "there is no space 0"), (13, "there is no space 13"),
                     (portal, "cannot take its own space")):
        with pytest.raises(IllegalMove, match=why) as e:
            g.apply(s, f"p4 P{portal}<{src}")
        assert e.value.rule == "B5"
    with pytest.raises(IllegalMove, match=r"space 512.*\(rule (B5|P2)\)") as e:
        g.apply(s, "p4 P6<512")  # the text of the issue, whatever the Portal waiting is
    assert e.value.move == "p4 P6<512"


# ---------------------------------------------------------------- hypothesis: positions and notations


@st.composite
def positions(draw, names=tuple(NAMES), max_moves=60):
    """``(game, session)``: a game of a registered kind with drawn options, played at random for a drawn
    number of moves (chance by the session's seed)."""
    name = draw(st.sampled_from(names))
    rng = random.Random(draw(st.integers(0, 2**16)))
    for _ in range(20):
        try:
            game = make_game(GAMES[name], random_options(GAMES[name], rng))
            break
        except GameError:
            continue
    session = Session(game, seed=draw(st.integers(0, 2**16)))
    for _ in range(draw(st.integers(0, max_moves))):
        if game.is_over(session.state):
            break
        session.play(rng.choice(game.legal_moves(session.state)))
    return game, session


def notations(game, state):
    """Move texts around a position: its legal ones, damaged ones, tokens of them, free text."""
    legal = [game.move_to_text(m) for m in game.legal_moves(state)] or ["p1 pass"]
    words = sorted({w for t in legal for w in t.split()})
    damaged = st.builds(lambda t, s: mutations(t, random.Random(s), words, n=1)[0],
                        st.sampled_from(legal), st.integers(0, 2**16))
    glued = st.lists(st.sampled_from(words + NUMBERS + ODD_CHARS + list(LOOK_ALIKES.values())),
                     min_size=0, max_size=5).map(" ".join)
    return st.one_of(st.sampled_from(legal), damaged, glued, st.text(max_size=20))


SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


@SETTINGS
@given(data=st.data())
def test_any_text_at_any_position_is_a_legal_move_or_a_game_error(data):
    game, session = data.draw(positions())
    state = session.state
    if game.is_over(state):
        return
    legal = game.legal_moves(state)
    keys = {game.decision_key(m) for m in legal}
    for _ in range(6):
        text = data.draw(notations(game, state))
        try:
            move = game.parse_move(text, state)
        except GameError:
            move = None
        try:
            after = game.apply(state, text)
        except GameError as e:
            assert str(e) and (move is None or move not in legal), (text, str(e))
        else:
            assert move is not None and game.decision_key(move) in keys, text
            assert game.invariants(after) == []
    assert session.state is state


@SETTINGS
@given(data=st.data())
def test_reached_positions_keep_their_invariants_and_round_trip(data):
    game, session = data.draw(positions())
    for node in [session.root, *session.current.path()]:
        assert game.invariants(node.state) == [], node.text
    state = session.state
    assert game.state_from_text(game.state_to_text(state)) == state
    assert game.validate(state) == []
    for m in game.legal_moves(state)[:8]:  # every legal move reads back from its notation
        assert game.decision_key(game.parse_move(game.move_to_text(m), state)) == game.decision_key(m)
        assert game.describe_move(state, m)
    again = Session.from_json(session.to_json())
    assert again.history == session.history
    assert [n.state for n in again.current.path()] == [n.state for n in session.current.path()]
    for viewer in [None, *game.to_move(state)]:
        game.view(state, viewer)  # every seat's view can be built


@SETTINGS
@given(data=st.data())
def test_hand_edited_position_texts_are_refused_or_valid(data):
    game, session = data.draw(positions(max_moves=40))
    text = game.state_to_text(session.state)
    rng = random.Random(data.draw(st.integers(0, 2**16)))
    for _ in range(8):
        bad = _damage(text, rng)
        try:
            got = game.state_from_text(bad)
        except GameError as e:
            assert str(e)
            continue
        assert game.validate(got) == [], bad  # a text that loads is a position the game can play on
        game.legal_moves(got)
        game.is_over(got)


def _damage(text: str, rng: random.Random) -> str:
    k = rng.randrange(7)
    i = rng.randrange(len(text) + 1)
    if k == 0:
        return text[:i]
    if k == 1:
        return text[:i] + rng.choice(ODD_CHARS + NUMBERS) + text[i:]
    if k == 2:
        j = rng.randrange(len(text) + 1)
        return text[:min(i, j)] + text[max(i, j):]
    if k == 3:
        return re.sub(r"\d+", lambda m: rng.choice(NUMBERS + [m.group(0)]), text)
    if k == 4:
        lines = text.splitlines()
        rng.shuffle(lines)
        return "\n".join(lines)
    if k == 5:
        return "".join(LOOK_ALIKES.get(ch, ch) if rng.random() < 0.2 else ch for ch in text)
    return text.replace(" ", rng.choice(["", "  ", "\t", "\u00a0"]), 1)


def test_one_fuzzed_game_reports_instead_of_raising():
    """A game that breaks the protocol is reported, with a replayable seed, never a crash of the fuzz."""
    from balada_widgets.core.demo import RaceGame

    class Broken(RaceGame):
        name = "broken-race"

        def parse_move(self, text, state=None):
            if "9" in text:
                raise IndexError("list index out of range")
            return super().parse_move(text, state)

        def invariants(self, state):
            return ["total over the target"] if state.total > self.target else []

    r = fuzz_game(Broken(players=2, target=30), seed=3, texts=8, roundtrip_every=0)
    kinds = {f.kind for f in r.failures}
    assert "crash" in kinds and r.over
    crash = next(f for f in r.failures if f.kind == "crash")
    assert "IndexError" in crash.detail and crash.seed == 3 and crash.text and "9" in crash.text


# ---------------------------------------------------------------- what the fuzz found (each now a GameError)


@pytest.mark.parametrize("name,text", [
    ("baldurs_gate", "p² income"), ("baldurs_gate", "p1 @²"), ("baldurs_gate", "p1 use hq-CIT/²"),
    ("balda", "p² pass"), ("barcadia", "p1 pick p²"), ("balada", "p4 P6<512"), ("balada", "p1 P0<0"),
])
def test_found_move_texts_are_game_errors(name, text):
    game = make_game(GAMES[name], {"players": 4})
    session = Session(game, seed=1)
    before, nodes, history = session.state, len(session.nodes), session.history
    with pytest.raises(GameError) as e:
        session.play(text)
    assert str(e.value) and (session.state, len(session.nodes), session.history) == (before, nodes, history)


def test_found_positions_are_game_errors():
    from balada_widgets.core import InvalidInput, InvalidPosition

    balda = make_game(GAMES["balda"], {"players": 2})
    with pytest.raises(InvalidInput, match="empty cells in one row"):
        balda.state_from_text("9" * 31 + "/5/BALDA/5/5 turn=1")
    balada = make_game(GAMES["balada"], {"players": 2})
    s = Session(balada, seed=3)
    s.play(balada.legal_moves(s.state, 0)[0])  # player 1 chooses; the choice waits hidden (P5)
    text = balada.state_to_text(s.state)
    assert "pending=" in text
    bad = re.sub(r"pending=\S+", "pending=swap_40961_12", text)
    with pytest.raises(InvalidPosition, match=r"pending choice 'p1 swap 40961 12' is not a legal move.*P5"):
        balada.state_from_text(bad)


@pytest.mark.parametrize("name", NAMES)
def test_hostile_save_files_are_game_errors(name):
    """Saves whose options name paths of this machine, hold wrong types, huge numbers or deep values
    (issue 12): each loads or is refused with a GameError, nothing else."""
    from balada_widgets.core.fuzz import fuzz_saves

    fails = fuzz_saves([name], saves=40, seed=3)[name]
    assert not fails, "\n".join(str(f) for f in fails[:8])
