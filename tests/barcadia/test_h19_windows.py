"""Ruling H19: Loot windows keep hands hidden.

A window asks, in priority order, every player who holds a Loot Card, whatever
the cards are; an empty hand is passed over (hand sizes are public). So who is
asked, in what order, and what everyone else sees of an asked player's
decision, never depends on what a hand holds. The roll comes after the window
closes, and the chance shown in the window is the chance with every card
played so far. A seat's auto-pass passes like any other pass.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from balada_widgets.barcadia import BarcadiaGame, make_bot
from balada_widgets.barcadia.bots import AUTO_PASS, Seats, auto_passes
from balada_widgets.barcadia.explain import mod_words, offer_words, roll_outcome
from balada_widgets.barcadia.state import Battle, Move
from balada_widgets.core.bots import play_human, roll_human, run_bots, undo_human
from balada_widgets.core.errors import IllegalMove
from balada_widgets.core.session import Session


def texts(g, s, player=None):
    return [g.move_to_text(m) for m in g.legal_moves(s, player)]


def game(players=3, **kw):
    chars = ["ranger", "wizard", "rogue", "knight"][:players]
    return BarcadiaGame(players=players, dungeon="cozy", characters=chars, removal=True, **kw)


def face_down(card):
    return {"card": card, "up": False, "public": True}


def others_view(g, s, q):
    """What seat ``q`` sees of the others: its view with its own hand shown as sizes too (``q``'s own cards
    are the only thing the two hands of a pair may change in ``q``'s view)."""
    v = g.view(s, q)
    players = tuple(replace(pl, hand=("?",) * len(pl.hand)) if i == q else pl for i, pl in enumerate(v.players))
    return replace(v, players=players)


def walk(g, s, rolls, stop_turn=None, limit=60):
    """Play a line where every asked player passes and the dice are ``rolls``; record what the others see.

    Returns ``(observations, final state)``: per decision, ``(waiting, for each other viewer: its view,
    the pending words, the asked player's legal moves in that view)``, and per die, the state's view
    from every seat (the roll comes only with no window on top). Stops when ``stop_turn`` starts.
    """
    rolls = list(rolls)
    out = []
    for _ in range(limit):
        if g.is_over(s) or (stop_turn is not None and s.turn >= stop_turn and not s.stack):
            break
        if g.is_chance(s):
            m = g.legal_moves(s)[0]
            assert m.verb == "roll", "the line draws nothing but dice"
            assert s.top.kind != "window"  # H19: the die comes only after the window has closed
            out.append(("roll", "die", (), tuple(others_view(g, s, q) for q in range(g.players))))
            s = g.apply(s, Move(None, "roll", (m.args[0], rolls.pop(0))))
            continue
        (p,) = g.to_move(s)
        seen = tuple((q, others_view(g, s, q), g.pending(g.view(s, q)), texts(g, g.view(s, q), p))
                     for q in range(g.players) if q != p)
        top = s.top
        kind = "turn" if top is None else top.window if top.kind == "window" else "choose" if top.kind == "battle" \
            else top.kind
        out.append((p, kind, texts(g, s, p), seen))
        if s.top is not None and s.top.kind == "window":
            s = g.apply(s, Move(p, "pass", ()))  # (its own moves, recorded above, are its secret)
        elif s.top is not None and s.top.kind == "battle":  # choose the partner / Boss-player: the next seat
            s = g.apply(s, Move(p, "choose", ((p + 1) % g.players,)))
        else:
            break  # an own-turn decision of the active player: the line ends there
    return out, s


# (name, players, the revealing player's spec, the room, the asked hands: usable, unusable, rolls)
PAIRS = [
    ("monster, a Boost or a Dash", 2, {0: {}}, "teabag-troll", {1: (["boost"], ["dash"])}, [3]),
    ("monster, a Drain or a Thirst Aid at FULL HP", 3, {0: {}, 2: {"hand": ["courage"]}}, "lime-lich",
     {1: (["drain"], ["thirst-aid"])}, [2]),
    ("boss, a Jinx or a Drain (a Boss has no level)", 3, {0: {}, 1: {"hand": ["trap"]}}, "mint-sprite",
     {2: (["jinx"], ["drain"])}, [4, 15]),
    ("team, a Mega Boost or a Peek", 3, {0: {}}, "puddle-pack", {1: (["mega-boost"], ["peek"]),
                                                                   2: (["sneak-away"], ["retreat"])}, [2, 3]),
    ("two cards each, usable or not", 4, {0: {}, 3: {"hand": ["trap", "jinx"]}}, "froth-wraith",
     {1: (["boost", "courage"], ["dash", "peek"]), 2: (["redo", "drain"], ["shove", "trap"])}, [1]),
]


def pair_positions(g, spec, room, hands):
    out = []
    for k in (0, 1):
        players = {p: dict(v) for p, v in spec.items()}
        for p, hs in hands.items():
            players.setdefault(p, {})["hand"] = hs[k]
        out.append(g.position(players=players, rooms={3: face_down(room)}))
    return out


@pytest.mark.parametrize("name,players,spec,room,hands,rolls", PAIRS, ids=[p[0] for p in PAIRS])
def test_the_decisions_others_see_are_the_same_whatever_the_hand_holds(name, players, spec, room, hands, rolls):
    g = game(players)
    usable, unusable = pair_positions(g, spec, room, hands)
    # the usable hand really can play a card in the battle window, the other cannot
    line_a, end_a = walk(g, g.apply(usable, "p1 reveal r3"), rolls, stop_turn=2)
    line_b, end_b = walk(g, g.apply(unusable, "p1 reveal r3"), rolls, stop_turn=2)
    assert len(line_a) == len(line_b) >= 3
    for a, b in zip(line_a, line_b):
        assert a[0] == b[0] and a[1] == b[1]  # who is asked (or the die), in what kind of decision
        assert a[-1] == b[-1]  # every other seat's view, the pending words, the legal moves it sees
    asked = [(p, kind) for p, kind, *_ in line_a if p != "roll"]
    for p in hands:
        assert (p, "battle") in asked  # an asked hand is asked, usable or not
    # only its owner could tell the two apart: a battle card offered in one line, none in the other
    own = [(a[2], b[2]) for a, b in zip(line_a, line_b) if a[1] == "battle" and a[0] in hands]
    assert any(" play " in " ".join(x) for x, _ in own) and not any(" play " in " ".join(y) for _, y in own)
    for p, kind, _own, seen in (x for x in line_a if x[0] != "roll"):
        if kind in ("battle", "between_turns", "after_loss"):
            assert all(pend.text == f"Player {p + 1} may play a Loot Card or pass" for _, _, pend, _ in seen)
            assert all(moves == [f"p{p + 1} pass"] for *_, moves in seen)
    assert end_a.turn == end_b.turn == 2 and end_a.players[0].hp == end_b.players[0].hp


def test_the_usable_hand_is_offered_its_card_and_the_other_only_refused():
    g = game(2)
    usable, unusable = pair_positions(g, {0: {}}, "teabag-troll", {1: (["boost"], ["dash"])})
    a, b = g.apply(usable, "p1 reveal r3"), g.apply(unusable, "p1 reveal r3")
    assert g.to_move(a) == g.to_move(b) == (1,)
    assert texts(g, a) == ["p2 play boost", "p2 pass"] and texts(g, b) == ["p2 pass"]
    with pytest.raises(IllegalMove, match=r"Dash is played during your turn.*\(rule H12\)"):
        g.apply(b, "p2 play dash")  # a card that would do nothing is refused when played, never skipped


def test_an_empty_hand_is_passed_over_and_a_card_of_any_kind_is_asked():
    g = game(4)
    s = g.position(players={1: {"hand": []}, 2: {"hand": ["shove"]}, 3: {"hand": []}},
                   rooms={3: face_down("kettle-imp")})
    s = g.apply(s, "p1 reveal r3")
    assert g.to_move(s) == (2,)  # p1 and p2 hold nothing: passed over; p3's Shove is no battle card
    s = g.apply(s, "p3 pass")
    assert g.is_chance(s)  # p4 holds nothing either: the window is closed, the die comes
    # nobody holds a card: no window at all, in the view of every seat alike
    s = g.position(rooms={3: face_down("kettle-imp")})
    assert all(g.is_chance(g.view(g.apply(s, "p1 reveal r3"), q)) for q in range(4))


def test_hand_sizes_are_what_decides_and_they_are_public():
    g = game(3)
    s = g.position(players={1: {"hand": ["dash"]}}, rooms={3: face_down("kettle-imp")})
    s = g.apply(s, "p1 reveal r3")
    for q in (None, 0, 2):  # every other view waits for the same player, with the same words
        v = g.view(s, q)
        assert g.to_move(v) == (1,) and g.pending(v).text == "Player 2 may play a Loot Card or pass"
    # the player's own view says the same words (the hand decides only what the buttons offer)
    assert g.pending(g.view(s, 1)).text == "Player 2 may play a Loot Card or pass"


def test_the_roll_comes_only_after_everybody_asked_has_passed():
    g = game(3)
    s = g.position(players={0: {"hand": ["courage"]}, 1: {"hand": ["peek"]}, 2: {"hand": ["boost"]}},
                   rooms={3: face_down("lime-lich")})
    s = g.apply(s, "p1 reveal r3")
    order = []
    while not g.is_chance(s):
        (p,) = g.to_move(s)
        order.append(p)
        s = g.apply(s, Move(p, "pass", ()))
    assert order == [0, 1, 2]  # clockwise from the active player, each once
    # a card played gives everybody another chance before the roll (P4)
    s = g.position(players={0: {"hand": ["courage"]}, 1: {"hand": ["peek"]}, 2: {"hand": ["boost"]}},
                   rooms={3: face_down("lime-lich")})
    s = g.apply(s, "p1 reveal r3")
    order = []
    for m in ("p1 pass", "p2 pass", "p3 play boost", "p1 pass", "p2 pass"):
        assert not g.is_chance(s)
        order.append(g.to_move(s)[0])
        s = g.apply(s, m)
    # p3's hand is empty once the Boost is played: passed over from then on
    assert g.is_chance(s) and order == [0, 1, 2, 0, 1]


def won_faces(g, s):
    """The die faces (1-20) that win the battle whose roll is pending in ``s`` (applied, then resolved)."""
    b = next(f for f in reversed(s.stack) if isinstance(f, Battle))
    wins = 0
    for v in range(1, 21):
        t = g.apply(s, Move(None, "roll", (b.hero, v)))
        wins += t.players[b.hero].at == b.room
    return wins


def test_the_chance_shown_in_the_window_is_the_chance_rolled_with():
    g = game(3)
    s = g.position(players={0: {"hand": ["courage"], "powerups": ["fizzing-gauntlets"]},
                            1: {"hand": ["boost", "mega-boost", "peek"]}, 2: {"hand": ["drain"]}},
                   rooms={3: face_down("lime-lich")})
    s = g.apply(s, "p1 reveal r3")
    shown = [g.battle_odds(g.view(s, 2)).p_win]
    for m in ("p1 pass", "p2 play boost", "p2 play mega-boost", "p2 pass", "p3 play drain", "p1 play courage"):
        s = g.apply(s, m)
        shown.append(g.battle_odds(g.view(s, 2)).p_win)
    assert shown[0] == Fraction(12, 20)  # level 11 - Gauntlets +2: 9 or more
    assert shown[-1] == Fraction(21 - (11 + 2 + 4 - 3 - 2 - 2), 20)
    assert len(set(shown)) == 5  # every card moved it (a pass did not)
    while not g.is_chance(s):  # p2 still holds a Peek: asked once more (P4), then the window closes
        assert g.battle_odds(s).p_win == shown[-1]  # passing changes nothing
        s = g.apply(s, Move(g.to_move(s)[0], "pass", ()))
    assert Fraction(won_faces(g, s), 20) == shown[-1] == g.battle_odds(s).p_win  # the roll meets that chance


def test_card_offers_say_whom_they_help_and_mods_what_they_did():
    g = game(3)
    s = g.position(players={1: {"hand": ["boost", "drain", "courage", "sneak-away"]}},
                   rooms={3: face_down("teabag-troll")})
    s = g.apply(s, "p1 reveal r3")
    assert offer_words(g, s, "drain", 1) == "-3 to the Teabag Troll that Player 1 is fighting"
    assert offer_words(g, s, "boost", 1) == "+2 to the Teabag Troll that Player 1 is fighting"
    assert offer_words(g, s, "courage", 1) == "+2 to the roll of player 1 against the Teabag Troll"
    assert offer_words(g, s, "boost", 0) == "+2 to the Teabag Troll that you are fighting"
    s = g.apply(s, "p2 play boost")
    b = next(f for f in s.stack if isinstance(f, Battle))
    assert mod_words(g, s, b, b.level_mods[0]) == "Boost +2 for the Teabag Troll (played by player 2)"
    assert mod_words(g, s, b, b.level_mods[0], 1) == "Boost +2 for the Teabag Troll (played by you)"
    s = play(g, s, "p2 play drain")
    b = next(f for f in s.stack if isinstance(f, Battle))
    assert mod_words(g, s, b, b.level_mods[1]) == "Drain -3 against the Teabag Troll (played by player 2)"
    # outside a battle a card's offer adds nothing to its button (its words are on the card)
    assert offer_words(g, g.position(players={0: {"hand": ["dash"]}}), "dash", 0) == ""


def play(g, s, *moves):
    for m in moves:
        s = g.apply(s, m)
    return s


def test_the_result_of_a_roll_says_won_or_lost_the_level_and_the_damage():
    g = game(3)
    s = g.position(players={1: {"hand": ["boost"]}}, rooms={3: face_down("teabag-troll")})
    s = play(g, s, "p1 reveal r3", "p2 play boost")
    odds = g.battle_odds(s)
    assert roll_outcome(odds, (7,)) == "Lost: 7 against level 8 (Teabag Troll 6, Boost +2): player 1 drinks 10 HP."
    assert roll_outcome(odds, (8,)) == "Won: 8 against level 8 (Teabag Troll 6, Boost +2)."
    s = g.position(players={0: {"powerups": ["fizzing-gauntlets"]}}, rooms={3: face_down("soda-kraken")})
    odds = g.battle_odds(g.apply(s, "p1 reveal r3"))
    assert roll_outcome(odds, (9,)) == "Lost: 9 + 2 = 11 against level 12: player 1 drinks 20 HP."
    s = g.position(rooms={3: face_down("mint-sprite")})
    odds = g.battle_odds(play(g, s, "p1 reveal r3", "p1 choose p3"))
    assert roll_outcome(odds, (12, 9)) == "Won: 12 against 9: player 3 drinks 10 HP."
    assert roll_outcome(odds, (9, 9)).startswith("Tie: 9 against 9")


# ---------------------------------------------------------------- auto-pass


def test_auto_pass_is_for_windows_outside_the_seats_own_turn():
    g = game(2)
    s = g.position(players={0: {"hand": ["courage"]}, 1: {"hand": ["boost"]}},
                   rooms={3: face_down("teabag-troll")})
    s1 = g.apply(s, "p1 reveal r3")
    assert g.to_move(s1) == (0,) and not auto_passes(g, s1, 0)  # its own battle: the seat decides itself
    s2 = g.apply(s1, "p1 pass")
    assert g.to_move(s2) == (1,) and auto_passes(g, s2, 1)
    assert AUTO_PASS.choose(g, g.view(s2, 1), 1) == Move(1, "pass", ())


def seat0_game(seed, auto: bool):
    """Seat 1 played by a greedy bot's choices as a human would click them, two greedy bots; in windows
    outside its own turn seat 1 passes: by its auto-pass (``auto``) or by a click on Pass."""
    g = game(3, turn_limit=60)
    s = Session(g, seed=seed)
    bots = {1: make_bot("greedy", f"{seed}:1"), 2: make_bot("greedy", f"{seed}:2")}
    me = make_bot("greedy", f"{seed}:0")
    seats = Seats(s, bots, auto=[0]) if auto else bots
    run_bots(s, seats)
    passes = 0
    for _ in range(3000):
        if g.is_over(s.state):
            break
        if s.holds():  # the die of seat 1's battle waits for it (P24): it rolls, as a click on Roll would
            assert roll_human(s, seats) is None
            continue
        assert g.to_move(s.state) == (0,)
        if auto_passes(g, s.state, 0):
            assert not auto, "an auto-passing seat is never left waiting in such a window"
            move = Move(0, "pass", ())
            passes += 1
        else:
            move = me.choose(g, g.view(s.state, 0), 0)
        assert play_human(s, seats, move) is None
    return g, s, passes


@pytest.mark.parametrize("seed", [3, 11])
def test_auto_passes_are_the_same_moves_as_clicked_passes_in_every_view_and_in_the_save(seed):
    g, manual, clicked = seat0_game(seed, auto=False)
    _, auto, _ = seat0_game(seed, auto=True)
    assert clicked > 3 and g.is_over(manual.state)
    assert auto.history == manual.history  # the saved move list: the same texts, "p1 pass" alike
    assert json.loads(auto.to_json())["moves"] == json.loads(manual.to_json())["moves"]
    for a, m in zip(auto.current.path()[1:], manual.current.path()[1:]):
        assert a.move == m.move
        for q in range(g.players):  # every seat's log line and view
            assert g.describe_move(a.parent.state, a.move, q) == g.describe_move(m.parent.state, m.move, q)
            assert g.view(a.state, q) == g.view(m.state, q)


def test_auto_pass_skips_the_pass_screen_and_undo_takes_the_passes_back():
    from balada_widgets.ui.seat import seat_to_show

    g = game(2)
    s = Session(g, seed=0, state=g.position(players={0: {"hand": ["courage"]}, 1: {"hand": ["boost"]}},
                                            rooms={3: face_down("teabag-troll")}))
    s.play("p1 reveal r3")
    s.play("p1 pass")
    assert g.to_move(s.state) == (1,)
    assert seat_to_show(g, s.state, {}, shown=0).passing  # hot-seat: player 2 must take the device
    seats = Seats(s, {}, auto=[1])
    assert 1 in seats and seats[1] is AUTO_PASS
    assert not seat_to_show(g, s.state, seats, shown=0).passing  # auto-pass: no pass screen for it
    run_bots(s, seats)
    assert s.history == ["p1 reveal r3", "p1 pass", "p2 pass"] and s.holds()  # player 1's die waits (P24)
    assert roll_human(s, seats) is None
    assert s.history[:4] == ["p1 reveal r3", "p1 pass", "p2 pass", "roll p1 9"] and 1 not in seats
    undo_human(s, seats)  # the human's pass goes back with the auto-pass that answered it
    assert s.history == ["p1 reveal r3"] and g.to_move(s.state) == (0,)


# ---------------------------------------------------------------- refusals with their real reason


def test_a_duel_in_your_own_room_says_you_stand_there_yourself():
    g = game(2)
    s = g.position(players={0: {"at": 3}}, rooms={3: "puddle-pup"})
    with pytest.raises(IllegalMove, match=r"you stand in r3 yourself.*\(rule H-DUEL1\)") as e:
        g.apply(s, "p1 duel r3")
    assert "Starting Point" not in str(e.value)
    with pytest.raises(IllegalMove, match=r"nobody duels on the Starting Point.*\(rule P22\)"):
        g.apply(g.position(), "p1 duel START")


def test_mark_without_the_pocket_pourtal_says_only_the_wizard_has_it():
    g = game(2)  # player 1 is the Ranger
    with pytest.raises(IllegalMove, match=r"only the Wizard has the Pocket Pourtal; you play the Ranger "
                                          r"\(rule H-SIG2\)"):
        g.apply(g.position(players={0: {"at": 3}}, rooms={3: "puddle-pup"}), "p1 mark")
    w = BarcadiaGame(players=2, dungeon="cozy", characters=["wizard", "ranger"])
    s = w.apply(w.position(players={0: {"at": 3}}, rooms={3: "puddle-pup"}), "p1 mark")
    s = w.position(players={0: {"at": 3, "pocket_used": True}}, rooms={3: "puddle-pup"})
    with pytest.raises(IllegalMove, match=r"marked already: once a game"):
        w.apply(s, "p1 mark")
    with pytest.raises(IllegalMove, match=r"not marked on the Starting Point"):
        w.apply(w.position(), "p1 mark")


def test_scout_without_a_periscope_straw_says_you_hold_none():
    g = game(2)
    with pytest.raises(IllegalMove, match=r"you hold no Periscope Straw \(rule H-PWR2\)"):
        g.apply(g.position(), "p1 scout r3")
    s = g.position(players={0: {"powerups": ["periscope-straw"]}})
    with pytest.raises(IllegalMove, match=r"r30 is not next to your room"):
        g.apply(s, "p1 scout r30")
    s = play(g, s, "p1 scout r3", "peek p1 r3 kettle-imp")
    with pytest.raises(IllegalMove, match=r"already peered into a room this turn"):
        g.apply(s, "p1 scout r1")
