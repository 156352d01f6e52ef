"""The shared protocol, tested on the demo race game (chance included)."""

import json

import pytest

from balada_widgets.core import IllegalMove, InvalidInput, Session, game_class
from balada_widgets.core.bots import RandomBot, run_bots
from balada_widgets.core.demo import RaceGame, Roll, demo_spec
from balada_widgets.core.errors import GameError, InvalidPosition
from balada_widgets.core.spec import registered


@pytest.fixture(autouse=True)
def race_registered():
    """The race's save files load by its name while its spec is registered (the registry is the one place)."""
    with registered(demo_spec()):
        yield


def test_error_family_messages_name_rule_and_move():
    e = IllegalMove("space 5 is taken", rule="B2", move="p1 O2@5")
    assert str(e) == "illegal move 'p1 O2@5': space 5 is taken (rule B2)"
    assert isinstance(e, GameError) and isinstance(e, ValueError)
    p = InvalidPosition([("B1", "too many forests"), (None, "bad turn")])
    assert str(p) == "invalid position: too many forests (rule B1); bad turn"
    assert len(p.problems) == 2


def test_illegal_move_leaves_session_unchanged():
    s = Session(RaceGame(target=3))
    s.play("p1 +2")
    before = (s.state, s.current.id, len(s.nodes))
    with pytest.raises(IllegalMove, match="rule R2"):
        s.play("p2 +2")
    with pytest.raises(IllegalMove, match=r"player 2's turn \(rule R1\)"):
        s.play("p1 +1")
    with pytest.raises(InvalidInput):
        s.play("nonsense")
    assert (s.state, s.current.id, len(s.nodes)) == before


def test_chance_is_seeded_recorded_and_replayed():
    g = RaceGame(players=2, target=12, die=True)
    a, b = Session(g, seed=42), Session(g, seed=42)
    run_bots(a, {0: RandomBot(1), 1: RandomBot(2)})
    run_bots(b, {0: RandomBot(1), 1: RandomBot(2)})
    assert a.history == b.history
    assert any(t.startswith("roll") for t in a.history)
    c = Session(g, seed=43)
    run_bots(c, {0: RandomBot(1), 1: RandomBot(2)})
    assert c.history != a.history
    again = Session.from_json(a.to_json())
    assert again.history == a.history and again.state == a.state


def test_manual_chance_in_the_lab():
    g = RaceGame(die=True)
    s = Session(g, auto_chance=False)
    assert g.is_chance(s.state)
    s.play_chance("roll 3")
    assert s.state.rolled == 3
    with pytest.raises(InvalidInput):
        s.play_chance("roll 3")


def test_undo_skips_chance_and_redo_returns():
    g = RaceGame(die=True, target=20)
    s = Session(g, seed=1)
    run_bots(s, {0: RandomBot(1), 1: RandomBot(2)}, max_moves=3)
    h = s.history
    s.undo()
    # back to just before the last player decision: the rolls that led to it stay
    assert not g.is_chance(s.state) and h[:len(s.history)] == s.history
    assert h[len(s.history)].startswith("p") and all(t.startswith("roll") for t in h[len(s.history) + 1:])
    s.redo()
    assert s.history == h


def test_branches_and_save_all_branches():
    s = Session(RaceGame(target=10))
    s.play("p1 +1"); s.play("p2 +1")
    s.undo()
    s.play("p2 +2")
    assert len(s.leaves()) == 2
    data = json.loads(s.to_json(all_branches=True))
    assert len(data["branches"]) == 2
    t = Session.from_dict(data)
    assert len(t.leaves()) == 2 and t.history == s.history
    s.goto(s.leaves()[0].id)
    assert s.history == ["p1 +1", "p2 +1"]
    with pytest.raises(InvalidInput):
        s.goto(999)


def test_listeners_hear_every_change():
    s = Session(RaceGame())
    seen = []
    unsubscribe = s.on_change(lambda sess: seen.append(sess.state.total))
    s.play("p1 +2"); s.undo(); s.redo()
    unsubscribe()
    s.play("p2 +1")
    assert seen == [2, 0, 2]


def test_custom_start_position_round_trips():
    g = RaceGame()
    s = Session(g, state=g.state_from_text("5 1"))
    s.play("p2 +2")
    t = Session.from_json(s.to_json())
    assert t.state.total == 7


def test_registry():
    assert game_class("race") is RaceGame
    assert game_class("balada").name == "balada"
    with pytest.raises(InvalidInput, match="unknown game 'nope'; known: balada, balda, barcadia, baldurs_gate, race"):
        game_class("nope")


def test_save_files_read_the_spec_registry_alone():
    """A game is declared in one place: a save of a game whose spec is not registered does not load."""
    text = Session(RaceGame(), seed=1).to_json()
    with registered(demo_spec()):
        assert Session.from_json(text).game.name == "race"
    from balada_widgets.core.spec import unregister

    unregister("race")
    with pytest.raises(InvalidInput, match="unknown game 'race'; known: balada, balda, barcadia, baldurs_gate$"):
        Session.from_json(text)


def test_chance_outcomes_sum_to_one():
    g = RaceGame(die=True)
    assert abs(sum(p for _, p in g.chance_outcomes(g.initial_state())) - 1) < 1e-12
    assert Roll(6) in g.legal_moves(g.initial_state())


def test_goto_the_root_reuses_the_drawn_chance_move():
    g = RaceGame(die=True, target=20)
    s = Session(g, seed=3)
    first = s.history
    run_bots(s, {0: RandomBot(1), 1: RandomBot(2)}, max_moves=2)
    s.restart()
    assert s.history == first and not g.is_chance(s.state)


def test_bots_are_shown_only_their_players_view():
    seen = []

    class Spy(RandomBot):
        def choose(self, game, state, player):
            seen.append(state)
            return super().choose(game, state, player)

    from balada_widgets.balada import BaladaGame

    g = BaladaGame(players=2)
    s = Session(g, seed=1)
    s.play(g.legal_moves(s.state, 0)[0])  # player 1 chooses; hidden from player 2
    run_bots(s, {1: Spy(0)}, max_moves=1)
    assert seen and seen[0].pending[0] == ()
