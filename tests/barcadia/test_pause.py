"""Ruling P24: the die of a battle waits for a person in it, and the chance shown is the chance rolled.

A Monster, Team or Boss battle is rolled once its card window has closed
(H6). When a person plays in it (the hero, the teammate, the Boss-player),
the play loop stops there (the game names them with ``chance_waits_for``)
until a person rolls; a battle of bots alone rolls at once. The pause is no
move: the log, the save and the replay are those of a game without it.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from balada_widgets.barcadia import BarcadiaGame, make_bot
from balada_widgets.barcadia.engine import roll_waits_for
from balada_widgets.barcadia.view import BarcadiaApp, window_steps
from balada_widgets.core.bots import people_in_roll, play_human, redo_human, roll_human, run_bots, undo_human
from balada_widgets.core.session import Session


def game(players=3, **kw):
    return BarcadiaGame(players=players, dungeon="cozy", **kw)


def face_down(card):
    return {"card": card, "up": False, "public": True}


def issue_case(seed=1):
    """Issue 14's case: Player 1 holds only Drain against the Teabag Troll (level 6); bot Player 2 holds Boost and
    Mega Boost; bot Player 3 holds nothing. Player 1 (with a Power-Up, so the bots hinder the leader) reveals."""
    g = game(3)
    st = g.position(players={0: {"hand": ["drain"], "powerups": ["swirl-compass"]},
                             1: {"hand": ["boost", "mega-boost"]}, 2: {"hand": []}},
                    rooms={1: face_down("teabag-troll")})
    return BarcadiaApp(players=3, bots=2, session=Session(g, seed=seed, state=st))


def test_the_issue_case_waits_at_the_final_chance_and_rolls_at_it():
    app = issue_case()
    g, s = app.game, app.session
    assert app.play("p1 reveal r1") is None
    assert g.battle_odds(g.view(s.state, 0)).p_win == Fraction(3, 4)  # shown before any card: 75%
    assert app.play("p1 play drain") is None
    # the bots play both cards; the window closes (every hand left is empty, H19); the die waits (P24)
    assert s.history == ["p1 reveal r1", "p1 play drain", "p2 play boost", "p2 play mega-boost"]
    assert s.holds() and g.is_chance(s.state) and people_in_roll(g, s.state, app.bots) == (0,)
    final = g.battle_odds(g.view(s.state, 0))
    assert final.p_win == Fraction(3, 5) and final.level == 9  # 6 - 3 + 2 + 4
    steps = window_steps(g, s, 0)
    assert [p for _, p in steps] == [Fraction(3, 4), Fraction(9, 10), Fraction(4, 5), Fraction(3, 5)]
    assert steps[-1][0] == "Mega Boost +4 for the Teabag Troll (played by player 2)"
    assert app.play("p1 end") is not None and s.holds()  # nothing else is played while the die waits
    assert roll_human(s, app.bots) is None
    roll = next(n for n in s.current.path() if n.by_chance and n.move.verb == "roll")
    assert [m[0] for m in roll.parent.state.top.level_mods] == [-3, 2, 4]  # the three cards, in play order
    # the die was rolled in exactly the state whose chance was shown: every card in it
    assert g.battle_odds(g.view(roll.parent.state, 0)).p_win == final.p_win
    value = roll.move.args[1]
    won = value >= 9
    assert (s.state.players[0].at == 1) == won and (s.state.players[0].hp == 100) == won


def test_who_the_die_waits_for_is_who_plays_in_the_battle():
    g = game(3)
    for room, chosen, people in (("teabag-troll", None, (0,)), ("puddle-pack", 2, (0, 2)),
                                 ("mint-sprite", 1, (0, 1))):
        s = Session(g, seed=0, state=g.position(rooms={1: face_down(room)}))
        s.hold = lambda st: bool(roll_waits_for(st))
        s.play("p1 reveal r1")
        if chosen is not None:
            assert not s.holds()  # the teammate / Boss-player is chosen first: no die yet
            s.play(f"p1 choose p{chosen + 1}")
        assert s.holds() and g.chance_waits_for(s.state) == people, room
        assert roll_waits_for(s.state) == people
        s.roll()
        assert not g.chance_waits_for(s.state)  # a team's second die, the result: nothing waits


def test_windows_traps_duels_and_the_guardian_never_wait():
    g = game(2)
    # a battle window is a decision, not a die
    s = Session(g, seed=0, state=g.position(players={1: {"hand": ["boost"]}}, rooms={1: face_down("lime-lich")}))
    s.hold = lambda st: bool(g.chance_waits_for(st))
    s.play("p1 reveal r1")
    assert g.to_move(s.state) == (1,) and g.chance_waits_for(s.state) == ()
    # traps: rolled at once (their odds are shown before the move that sets them off)
    s = Session(g, seed=0, state=g.position(rooms={1: {"card": "mini-fizzicorn", "up": True, "traps": 2}}))
    s.hold = lambda st: bool(g.chance_waits_for(st))
    s.play("p1 enter r1")
    assert sum(t.startswith("roll p1 ") for t in s.history) == 2 and not s.holds()


def test_the_guardian_and_a_duel_roll_at_once():
    g = game(2)
    st = g.position(players={0: {"at": 5, "powerups": ["swirl-compass", "bubble-boots", "coaster-shield"]},
                             1: {"at": 4}},
                    rooms={6: {"card": "drink-hoard", "up": True}, 5: {"card": "mini-fizzicorn", "up": True},
                           4: {"card": "puddle-pup", "up": True}})
    for move in ("p1 claim", "p1 duel r4"):
        s = Session(g, seed=0, state=st)
        assert move in [g.move_to_text(m) for m in g.legal_moves(s.state)]
        s.hold = lambda state: bool(g.chance_waits_for(state))
        s.play(move)
        assert any(t.startswith("roll p") for t in s.history) and not s.holds(), move


def test_bot_games_never_wait_and_a_bots_battle_waits_only_for_the_person_in_it():
    app = BarcadiaApp(players=2, bots=2, seed=1, dungeon="cozy")  # the bots play it to the end at once
    assert app.game.is_over(app.session.state) and app.session.hold is None
    g = game(3)
    st = g.position(players={1: {"hand": ["boost"]}}, rooms={1: face_down("teabag-troll")}, active=1)
    s = Session(g, seed=2, state=st)
    bots = {1: make_bot("greedy", 1), 2: make_bot("greedy", 2)}
    run_bots(s, bots)  # bot player 2 reveals a Boss and names player 1 (a person) to play it
    assert s.history == ["p2 reveal r2", "room r2 queen-carbonata", "p2 choose p1", "p2 pass"]
    assert s.holds() and people_in_roll(g, s.state, bots) == (0,) and g.chance_waits_for(s.state) == (1, 0)
    assert run_bots(s, bots) == 0 and s.holds()  # the bots do not roll it
    s.hold = None
    run_bots(s, {0: make_bot("greedy", 0), **bots})  # the same die, every seat a bot: it is rolled at once
    assert s.history[4].startswith("roll p2 ") and s.history[5].startswith("roll p1 ")


def test_a_seat_with_auto_pass_on_still_rolls_its_own_dice():
    """Auto-pass (H19) passes the windows outside the seat's turn for it; the seat is still a person whose dice
    wait, also when the people are seated while a window has it pass (then it reads as a bot for a moment)."""
    from balada_widgets.barcadia.bots import Seats
    from balada_widgets.core.bots import seat_people

    g = game(2)
    st = g.position(players={0: {"hand": ["courage"]}}, rooms={3: face_down("teabag-troll")}, active=1)
    s = Session(g, seed=0, state=st)
    s.play("p2 reveal r3")  # player 2's battle: its window asks player 1, outside player 1's turn
    seats = Seats(s, {1: make_bot("greedy", 1)}, auto=[0])
    assert 0 in seats and 1 in seats  # both read as bots in this window
    seat_people(s, seats)
    assert s.hold is not None  # the seating is read at each chance move, not now
    run_bots(s, seats)  # player 1 passes by its auto-pass, player 2 (the bot) passes: the bot's die, at once
    assert "p1 pass" in s.history and any(t.startswith("roll p2 ") for t in s.history) and not s.holds()
    app = issue_case()
    seats = Seats(app.session, app.bots, auto=[0])
    play_human(app.session, seats, "p1 reveal r1")
    play_human(app.session, seats, "p1 play drain")
    assert app.session.holds() and people_in_roll(app.game, app.session.state, seats) == (0,)  # its own die waits
    assert roll_human(app.session, seats) is None and any(t.startswith("roll p1 ") for t in app.session.history)


def test_undo_and_redo_across_the_pause_bring_back_the_same_die():
    app = issue_case()
    s = app.session
    app.play("p1 reveal r1")
    app.play("p1 play drain")
    assert s.holds()
    app.undo()  # from the pause: back to player 1's own decision (Drain), the bots' cards go with it
    assert s.history == ["p1 reveal r1"] and not s.holds()
    app.redo()  # the same line comes back, up to the pause: the die is the player's to roll
    assert s.history[-1] == "p2 play mega-boost" and s.holds()
    roll_human(s, app.bots)
    after = list(s.history)
    die = next(t for t in after if t.startswith("roll p1 "))
    app.undo()  # after the roll: the roll goes with the decision before it
    assert s.history == ["p1 reveal r1"]
    redo_human(s, app.bots)
    assert s.holds() and s.history[-1] == "p2 play mega-boost"  # the pause again, not the roll
    roll_human(s, app.bots)
    assert die in s.history and s.history == after  # the same die comes back


def test_a_save_made_at_the_pause_loads_at_the_pause():
    app = issue_case()
    app.play("p1 reveal r1")
    app.play("p1 play drain")
    text = app.session.to_json()
    assert '"roll p1' not in text  # the pause is no move: the save holds the moves as without it
    loaded = Session.from_json(text)
    app.start(app.settings, session=loaded)  # the bots are seated again: the die still waits for player 1
    assert loaded.holds() and loaded.history == app.session.history
    assert roll_human(loaded, app.bots) is None and any(t.startswith("roll p1 ") for t in loaded.history)


@pytest.mark.parametrize("seed", [0, 3])
def test_every_die_of_the_humans_battles_waits_and_no_other_does(seed):
    """A whole 4-player game, a person (random moves, rolling whenever the die waits) against 3 greedy bots:
    the die of every battle the person plays in waits for them; no other die ever waits."""
    app = BarcadiaApp(players=4, bots=3, seed=seed, dungeon="cozy", removal=True, turn_limit=40)
    g, s = app.game, app.session
    rng = random.Random(seed)
    held = set()
    for _ in range(3000):
        if g.is_over(s.state):
            break
        if s.holds():
            assert 0 in g.chance_waits_for(s.state)
            held.add(s.current.id)
            assert roll_human(s, app.bots) is None
            continue
        moves = g.legal_moves(g.view(s.state, 0), 0)
        assert moves, s.history[-5:]
        assert app.play(rng.choice(moves)) is None
    assert g.is_over(s.state)
    waited = [n for n in s.current.path() if n.by_chance and n.move.verb == "roll"
              and g.chance_waits_for(n.parent.state)]
    mine = [n for n in waited if 0 in g.chance_waits_for(n.parent.state)]
    assert mine, "the person fought no battle"
    assert {n.parent.id for n in mine} == held  # each of them waited, and only those


def test_at_a_class_table_the_student_in_the_battle_rolls_from_their_device():
    """A class table (the store's bots answer on the server): the die of Ana's battle waits for Ana, who rolls it
    from her page (``TableSession.roll`` -> ``Store.roll``); the bots never roll it; a second roll is refused."""
    from balada_widgets.classroom.live import NOTIFIER, LiveStore, TableSession, seat_bots
    from balada_widgets.core.errors import IllegalMove

    g = game(3)
    st = g.position(players={0: {"hand": ["drain"], "powerups": ["swirl-compass"]},
                             1: {"hand": ["boost", "mega-boost"]}, 2: {"hand": []}},
                    rooms={1: face_down("teabag-troll")})
    store = LiveStore("sqlite://")
    try:
        table = store.create_table("barcadia", seats=["open", "bot:greedy", "bot:greedy"], seed=1,
                                   start=g.state_to_text(st), players=3, dungeon="cozy")
        ana = store.join(table.code, "Ana")
        page = TableSession(store, table.code, ana)
        bots = seat_bots(store.status(table.code, ana), 0)
        assert play_human(page, bots, "p1 reveal r1") is None
        assert play_human(page, bots, "p1 play drain") is None
        NOTIFIER.drain()
        page.sync()
        assert page.history[-2:] == ["p2 play boost", "p2 play mega-boost"]
        assert page.holds() and people_in_roll(g, page.state, bots) == (0,)
        assert g.battle_odds(page.state).p_win == Fraction(3, 5)  # Ana's page: the chance rolled
        assert store.status(table.code).to_roll == (0,) and store.status(table.code).to_move == ()
        store.advance_bots(table.code)
        assert store.status(table.code).move_count == len(page.history)  # the bots do not roll it
        assert roll_human(page, bots) is None
        NOTIFIER.drain()
        page.sync()
        assert any(t.startswith("roll p1 ") for t in page.history) and not g.is_chance(page.state)
        with pytest.raises(IllegalMove, match="no die waits for seat 1"):
            store.roll(table.code, ana)
    finally:
        store.close()
