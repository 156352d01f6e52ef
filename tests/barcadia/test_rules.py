"""Rule by rule: building, turns, steps, windows, traps, death, Power-Ups, variants, identities (H1-H18, P1-P20)."""

from fractions import Fraction

import pytest

from balada_widgets.barcadia import BarcadiaGame
from balada_widgets.barcadia.engine import identity_outcomes
from balada_widgets.core import IllegalMove, InvalidInput, Session


def play(g, s, *moves):
    for m in moves:
        s = g.apply(s, m)
    return s


def texts(g, s, player=None):
    return [g.move_to_text(m) for m in g.legal_moves(s, player)]


@pytest.fixture
def g2():
    return BarcadiaGame(players=2, dungeon="cozy", characters=["ranger", "wizard"])


# ---------------------------------------------------------------- setting up (H2, H-SET)


def test_building_in_play_deals_rooms_evenly_and_places_clockwise():
    g = BarcadiaGame(players=4, build="play")
    s = g.initial_state()
    assert s.top.kind == "build" and s.top.left == (13, 13, 12, 12)  # 50 rooms: the first builders get the extras
    assert g.to_move(s) == (0,)
    frontier = texts(g, s)
    assert len(frontier) == 12 and "p1 build 2,0" in frontier  # every empty hex touching the Starting Point
    s = g.apply(s, "p1 build 2,0")
    assert g.to_move(s) == (1,) and s.layout.size == 1
    assert "p2 build 3,0" in texts(g, s)  # touching the new room is fine
    with pytest.raises(IllegalMove, match="rule H2"):
        g.apply(s, "p2 build 9,9")
    with pytest.raises(IllegalMove, match="player 2's decision"):
        g.apply(s, "p1 build 3,0")


def test_automatic_building_and_the_setup_sequence():
    g = BarcadiaGame(players=3)
    s = Session(g, seed=5)
    h = s.history
    assert sum(t.startswith("build ") for t in h) == 30  # 2-3 players: 20 rooms taken out (H2)
    draws = [t for t in h if t.startswith("draw ")]
    assert len(draws) == 9 and all(len(pl.hand) == 3 for pl in s.state.players)  # 3 Loot Cards each (H-SET8)
    rolls = [t for t in h if t.startswith("roll ")]
    assert len(rolls) >= 3 and s.state.phase == "play"  # the first-player roll (H-SET9)
    assert h.index(draws[0]) > max(i for i, t in enumerate(h) if t.startswith("build"))
    assert not g.validate(s.state)


def test_first_player_roll_ties_reroll_among_the_tied():
    g = BarcadiaGame(players=3, dungeon="cozy")
    s = g.initial_state()
    s = play(g, s, *[f"draw p{p} {c}" for p in (1, 2, 3) for c in ("dash", "trap", "peek")])
    s = play(g, s, "roll p1 17", "roll p2 9", "roll p3 17")
    assert s.top.kind == "first" and s.top.contenders == (0, 2)  # G50
    s = play(g, s, "roll p1 4", "roll p3 12")
    assert s.phase == "play" and s.active == 2


def test_identities_are_drawn_when_seen_and_match_the_hidden_shuffle():
    g4 = BarcadiaGame(players=4, dungeon="grand")
    s = g4.initial_state()
    out = dict(identity_outcomes(g4, s))
    assert len(out) == 50 and abs(sum(out.values()) - 1) < 1e-12
    assert abs(out["mini-fizzicorn"] - 1 / 50) < 1e-12
    # 2-3 players: 12 of 22 single Monsters stay, so a first reveal is a Monster with chance 12/30 (P1)
    g3 = BarcadiaGame(players=3, dungeon="cozy")
    out = dict(identity_outcomes(g3, g3.initial_state()))
    monsters = sum(p for c, p in out.items() if g3.content.rooms[c].type == "monster")
    assert abs(monsters - 12 / 30) < 1e-12 and abs(out["mini-fizzicorn"] - 12 / 30 / 22) < 1e-12
    assert abs(out["drink-hoard"] - 1 / 30) < 1e-12  # the Hoard is never removed
    # after every Pourtal of the 2-3 player set is seen, no more can come out
    s = g3.position(rooms={1: "fizzing-pourtal", 2: "bubble-pourtal", 13: "drizzle-pourtal"})
    out = dict(identity_outcomes(g3, s))
    assert not any(g3.content.rooms[c].type == "pourtal" for c in out)


# ---------------------------------------------------------------- the turn (H3, H4, P2, P6)


def test_exactly_one_action_and_end_only_after_it(g2):
    s = g2.position()
    assert "p1 end" not in texts(g2, s)
    with pytest.raises(IllegalMove, match="exactly one action"):
        g2.apply(s, "p1 end")
    s = play(g2, s, "p1 reveal r3", "room r3 fizzing-pourtal")
    assert s.players[0].at == 3 and "p1 end" in texts(g2, s)  # a Pourtal is entered at once (H-POR1)
    assert any(m.verb == "teleport" for m in g2.legal_moves(s)) is True
    s = g2.apply(s, "p1 end")
    assert s.active == 1 and s.turn == 2


def test_auto_end_when_ending_is_the_only_move(g2):
    s = play(g2, g2.position(), "p1 reveal r3", "room r3 puddle-pup", "roll p1 1")
    assert s.active == 1  # lost, nothing else to do: the turn ended by itself (P6)


def test_enter_is_a_path_of_steps_never_into_occupied_rooms(g2):
    rooms = {3: "puddle-pup", 16: "fizzle-bat", 17: "biscuit-golem", 15: "bubble-goblin", 4: "teabag-troll"}
    s = g2.position(players={1: {"at": 4}}, rooms=rooms)
    with pytest.raises(IllegalMove, match="occupied"):
        g2.apply(s, "p1 enter r4")
    s = g2.apply(s, "p1 enter r3")
    assert s.steps == 2  # the Ranger's Pathfinder: three rooms in one action (H3)
    s = g2.apply(s, "p1 enter r16")
    assert s.acted == 1 and s.steps == 1  # the second step is part of the same action
    s = g2.apply(s, "p1 enter r15")
    assert s.players[0].at == 15 and s.steps == 0 and s.active == 1  # nothing left: the turn ended
    with pytest.raises(IllegalMove, match="no action is left"):
        g2.apply(g2.position(rooms=rooms, actions=0, acted=1, players={0: {"hand": ["dash"]}}), "p1 enter r3")
    # START counts as one step and can be passed through (G8)
    s = play(g2, g2.position(players={0: {"at": 3}}, rooms=rooms), "p1 enter START", "p1 enter r4")
    assert s.players[0].at == 4


def test_steps_survive_a_pourtal_use_but_not_a_new_action():
    g = BarcadiaGame(players=2, dungeon="cozy", characters=["wizard", "ranger"])
    rooms = {3: "fizzing-pourtal", 20: "bubble-pourtal", 21: "puddle-pup", 5: "teabag-troll"}
    s = play(g, g.position(players={0: {"hand": ["dash"]}}, rooms=rooms), "p1 enter r3", "p1 teleport r20")
    assert s.steps == 1 and "p1 enter r21" in texts(g, s)  # G20: teleport between two steps
    s = g.apply(s, "p1 enter r21")
    assert s.players[0].at == 21 and s.actions == 0
    s = play(g, g.position(players={0: {"hand": ["dash"]}}, rooms=rooms), "p1 play dash", "p1 enter r3",
             "p1 reveal r15")
    assert s.steps == 0 and s.actions == 0  # a new action ends the rest of the Enter action


def test_traps_roll_one_by_one_and_commit_to_the_room():
    g = BarcadiaGame(players=2, dungeon="cozy", characters=["ranger", "rogue"])
    s = g.position(rooms={3: {"traps": 2}})
    s = g.apply(s, "p1 reveal r3")
    odds = g.battle_odds(s)
    assert odds.kind == "trap" and odds.p_win == Fraction(11, 20)
    s = g.apply(s, "roll p1 9")  # fails: 10 HP, the trap is gone (H13)
    assert s.players[0].hp == 90 and s.rooms[3].traps == 1 and g.is_chance(s)
    s = g.apply(s, "roll p1 10")  # disarmed
    assert s.rooms[3].traps == 0 and s.top.kind == "reveal"  # committed: the reveal goes on
    s = play(g, s, "room r3 puddle-pup")
    assert s.top.kind == "battle"
    # the Rogue: +3 to disarm, and the disarmed trap goes to the pouch; set later from it
    s = g.position(active=1, rooms={3: {"traps": 1}})
    assert g.battle_odds(g.apply(s, "p2 reveal r3")).p_win == Fraction(14, 20)
    s = play(g, s, "p2 reveal r3", "roll p2 7")
    assert s.players[1].pouch == 1 and s.players[1].hp == 100
    assert "p2 rig r20" in texts(g, play(g, s, "room r3 fizzing-pourtal"))


def test_trap_damage_can_kill_before_the_door():
    g = BarcadiaGame(players=2, dungeon="cozy", characters=["ranger", "wizard"])
    s = g.position(players={0: {"hp": 10, "hand": ["dash", "trap"], "powerups": ["bubble-boots"]}},
                   rooms={3: {"traps": 2}})
    s = play(g, s, "p1 reveal r3", "roll p1 3")
    # dead on START: the Power-Up goes under the deck (H-DEATH3), one Loot Card kept (H10)
    assert s.top.kind == "death" and g.to_move(s) == (0,) and texts(g, s) == ["p1 keep dash", "p1 keep trap"]
    assert s.pu_bottom == ("bubble-boots",)
    s = g.apply(s, "p1 keep dash")
    assert s.players[0].hand == ("dash",) and s.players[0].hp == 100 and "trap" in s.discard
    assert s.rooms[3].traps == 1 and not s.rooms[3].up  # never revealed: the trap stopped them at the door
    # the active player's turn ends (G34); the between-turns window asks p1, who holds a card (H19)
    assert s.top.window == "between_turns" and g.to_move(s) == (0,)
    assert g.apply(s, "p1 pass").active == 1


def test_death_in_a_room_drops_the_chosen_power_up_there(g2):
    s = g2.position(players={0: {"hp": 10, "at": 3, "powerups": ["bubble-boots", "swirl-compass"]},
                             1: {"at": 4}},
                    rooms={3: "puddle-pup", 4: "fizzle-bat"})
    s = play(g2, s, "p1 reveal r16", "room r16 cola-colossus", "roll p1 2")
    assert s.top.kind == "death" and texts(g2, s) == ["p1 drop bubble-boots", "p1 drop swirl-compass"]
    s = g2.apply(s, "p1 drop swirl-compass")
    assert s.rooms[3].powerups == ("swirl-compass",) and s.players[0].at == 0
    assert s.players[0].powerups == ("bubble-boots",)
    # the next cup to enter claims it, the dropper included (H11)
    s = play(g2, s, "p2 enter r3")
    assert s.players[1].powerups == ("swirl-compass",) and s.rooms[3].powerups == ()


def test_a_fourth_power_up_is_placed_at_once(g2):
    pus = ["bubble-boots", "swirl-compass", "magnet-mitts"]
    s = g2.position(players={0: {"powerups": pus}, 1: {"at": 4}}, rooms={4: "fizzle-bat"})
    s = play(g2, s, "p1 reveal r3", "room r3 golden-tap", "power p1 coaster-shield")
    assert s.top.kind == "place" and g2.to_move(s) == (0,)
    moves = texts(g2, s)
    assert "p1 place coaster-shield r4" not in moves  # occupied
    assert "p1 place coaster-shield START" not in moves and "p1 place magnet-mitts r20" in moves
    with pytest.raises(IllegalMove, match="rule H11"):
        g2.apply(s, "p1 place magnet-mitts r3")
    s = g2.apply(s, "p1 place magnet-mitts r20")
    assert len(s.players[0].powerups) == 3 and s.rooms[20].powerups == ("magnet-mitts",) and not s.rooms[20].up


# ---------------------------------------------------------------- windows (H12, H19, P4)


def test_windows_priority_skips_and_keeps_priority():
    g = BarcadiaGame(players=3, dungeon="cozy", characters=["ranger", "wizard", "rogue"])
    s = g.position(players={0: {"hp": 50}, 1: {"hand": ["trap", "trap"]}, 2: {"hand": ["boost"]}})
    s = play(g, s, "p1 reveal r3", "room r3 puddle-pup")
    # battle window: p1's hand is empty (passed over); p2 is asked although Traps are no battle cards (H19)
    assert g.to_move(s) == (1,) and texts(g, s) == ["p2 pass"]
    s = g.apply(s, "p2 pass")
    assert g.to_move(s) == (2,) and texts(g, s) == ["p3 play boost", "p3 pass"]
    s = g.apply(s, "p3 pass")
    assert g.is_chance(s)  # everyone asked has passed: now the die
    s = play(g, s, "roll p1 12")
    s = play(g, s, "draw p1 dash")
    s = g.apply(s, "p1 end")
    # p1 holds a Dash now, no between-turns card, and is asked first all the same (H19)
    assert s.top.window == "between_turns" and g.to_move(s) == (0,) and texts(g, s) == ["p1 pass"]
    s = g.apply(s, "p1 pass")
    s = play(g, s, "p2 play trap", "p2 pick r20")
    assert g.to_move(s) == (1,)  # keeps priority after a play (P4)
    s = play(g, s, "p2 play trap", "p2 pick r21")  # p2's hand is empty now: passed over
    assert g.to_move(s) == (2,)
    s = g.apply(s, "p3 pass")
    assert g.to_move(s) == (0,)  # a card was played since p1 passed: p1 is asked again (P4)
    s = g.apply(s, "p1 pass")
    assert s.active == 1 and s.rooms[20].traps == 1 and s.rooms[21].traps == 1
    with pytest.raises(IllegalMove, match="player 2's decision"):
        g.apply(s, "p1 pass")


def test_battle_cards_name_sides_and_levels():
    g = BarcadiaGame(players=3, dungeon="cozy", characters=["ranger", "wizard", "rogue"])
    s = g.position(players={1: {"hand": ["courage", "jinx"]}, 2: {"hand": ["drain"]}})
    s = play(g, s, "p1 reveal r3", "room r3 mint-sprite", "p1 choose p3")
    assert g.to_move(s) == (1,)
    s = play(g, s, "p2 play jinx", "p2 pick p1")  # Jinx on the hero's side
    odds = g.battle_odds(s)
    assert odds.bonus == -2 and odds.p_win == Fraction(153, 382)
    # the Boss has no level: Drain would do nothing (H7); player 3 is asked all the same and the card refused
    s = g.apply(s, "p2 pass")
    assert g.to_move(s) == (2,) and texts(g, s) == ["p3 pass"]
    with pytest.raises(IllegalMove, match=r"Drain has nothing to work on now.*\(rule H-LOOT2\)"):
        g.apply(s, "p3 play drain")
    s = g.apply(s, "p3 pass")
    assert g.is_chance(s)


def test_sneak_away_ends_your_own_battle_before_the_roll(g2):
    s = g2.position(players={0: {"hand": ["sneak-away"]}})
    s = play(g2, s, "p1 reveal r3", "room r3 hot-spring-hydra", "p1 play sneak-away")
    assert s.players[0].hp == 100 and not s.rooms[3].up and s.rooms[3].public
    assert s.active == 1  # the action was spent: nothing left, the turn ended


def test_thirst_aid_is_not_offered_at_full_hp(g2):
    s = g2.position(players={0: {"hand": ["thirst-aid"]}})
    s = play(g2, s, "p1 reveal r3", "room r3 puddle-pup", "p1 pass", "roll p1 19", "draw p1 dash")
    s = g2.apply(s, "p1 end")
    assert g2.to_move(s) == (0,) and texts(g2, s) == ["p1 pass"]  # asked (H19), but nothing to heal (P23)
    s = g2.apply(s, "p1 pass")
    assert s.active == 1 and s.players[0].hand == ("dash", "thirst-aid")


def test_a_card_that_would_do_nothing_is_not_offered(g2):
    """P23: no heal at FULL HP (a heal that heals nothing only throws the card away); below FULL it is offered."""
    for hp, offered in ((100, False), (90, True)):
        s = g2.position(players={0: {"hp": hp, "hand": ["big-refill", "thirst-aid"]}})
        s = play(g2, s, "p1 reveal r3", "room r3 puddle-pup", "p1 pass", "roll p1 19", "draw p1 dash", "p1 end")
        assert g2.to_move(s) == (0,) and s.top.kind == "window"  # asked either way (H19)
        assert (s.top is not None and s.top.kind == "window" and "p1 play thirst-aid" in texts(g2, s)) is offered
        assert ("p1 play big-refill" in texts(g2, s)) is offered  # 30 from 90 stops at FULL (H9)
    s = play(g2, s, "p1 play big-refill")
    assert s.players[0].hp == 100 and "p1 play thirst-aid" not in texts(g2, s)
    # a card of the own turn is refused with the ruling and the reason
    g = BarcadiaGame(players=2, dungeon="cozy", diy=[{"name": "Sip", "colour": "blue", "window": "your_turn",
                                                      "effects": [["heal", 10]]}])
    s = g.position(players={0: {"hand": ["diy-sip"]}})
    with pytest.raises(IllegalMove, match=r"would heal nothing: your HP is FULL \(rule P23\)"):
        g.apply(s, "p1 play diy-sip")
    s = g.position(players={0: {"hp": 40, "hand": ["diy-sip"]}})
    assert g.apply(g.apply(s, "p1 play diy-sip"), "p1 reveal r3").players[0].hp == 50


def test_no_duel_on_start_nor_in_your_own_room():
    """P22: a duel is a fight for a room and START holds everybody; it is also where the dead come back."""
    g = BarcadiaGame(players=3, dungeon="cozy", characters=["ranger", "wizard", "rogue"])
    s = g.position(players={2: {"at": 3}}, rooms={3: "puddle-pup"})  # p1 and p2 on START, p3 next door
    assert [t for t in texts(g, s) if " duel " in t] == ["p1 duel r3"]
    for move in ("p1 duel START", "p1 duel START pourtal"):
        with pytest.raises(IllegalMove, match=r"nobody duels on the Starting Point.*\(rule P22\)"):
            g.apply(s, move)
    # from a Pourtal next to START: no duel against the cups on START, next door or through the Pourtal
    s = g.position(players={0: {"at": 3}}, rooms={3: "fizzing-pourtal", 5: "whirlpool-pourtal"})
    assert not [t for t in texts(g, s) if " duel " in t] and "p1 teleport START" in texts(g, s)
    s = g.position(players={0: {"at": 3}, 1: {"at": 5}}, rooms={3: "fizzing-pourtal", 5: "whirlpool-pourtal"})
    assert [t for t in texts(g, s) if " duel " in t] == ["p1 duel r5 pourtal"]  # an occupied Pourtal: yes


# ---------------------------------------------------------------- hidden information (H16)


def test_views_hide_hands_peeks_and_unseen_rooms(g2):
    s = g2.position(players={0: {"hand": ["peek", "dash"]}, 1: {"hand": ["trap"]}})
    s = play(g2, s, "p1 play peek", "p1 pick r20", "peek p1 r20 kettle-imp")
    assert s.rooms[20].card == "kettle-imp" and s.rooms[20].seen == (0,)
    mine, theirs, spectator = g2.view(s, 0), g2.view(s, 1), g2.view(s, None)
    assert mine.rooms[20].card == "kettle-imp" and theirs.rooms[20].card is None
    assert spectator.players[0].hand == ("?",) and theirs.players[0].hand == ("?",)
    assert mine.players[1].hand == ("?",) and mine.players[0].hand == ("dash",)
    assert g2.has_secrets(s)
    m = g2.parse_move("peek p1 r20 kettle-imp")
    assert g2.move_text_for(m, 1) == "peek p1 r20 ?" and g2.move_text_for(m, 0) == "peek p1 r20 kettle-imp"
    assert g2.describe_move(s, m, 1) == "Player 1 secretly looks at r20"
    assert "Kettle Imp" in g2.describe_move(s, m, 0)
    draw = g2.parse_move("draw p2 trap")
    assert g2.describe_move(s, draw, 0) == "Player 2 draws a Loot Card"
    assert g2.describe_move(s, draw, 1) == "Player 2 draws Trap"
    # a bot's legal moves on its own view are the real ones
    assert g2.legal_moves(mine, 0) == g2.legal_moves(s, 0)
    with pytest.raises(InvalidInput, match="view"):
        g2.apply(mine, "p1 end")


def test_spectator_position_text_loads_with_hidden_cards_dealt_again(g2):
    s = g2.position(players={0: {"hand": ["dash", "redo"]}, 1: {"hand": ["trap"]}}, discard=["peek"])
    t = g2.state_to_text(g2.view(s, None))
    assert "hand=?,?" in t and "dash" not in t
    back = g2.state_from_text(t)
    assert len(back.players[0].hand) == 2 and "?" not in back.players[0].hand and back.discard == ("peek",)
    assert not g2.validate(back)


# ---------------------------------------------------------------- variants (H17)


def test_crits_give_and_draw():
    g = BarcadiaGame(players=2, dungeon="cozy", characters=["ranger", "wizard"], crits=True)
    s = g.position(players={0: {"hand": ["dash", "trap"]}})
    s = play(g, s, "p1 reveal r3", "room r3 puddle-pup", "p1 pass", "roll p1 1")
    assert s.top.kind == "critgive" and "p1 give trap p2" in texts(g, s)
    s = play(g, s, "p1 give trap p2", "p1 pass")  # no Redo after the loss (H19: p1 still holds a Dash)
    assert s.players[1].hand == ("trap",) and s.players[0].hp == 90  # the result is unchanged
    s = play(g, g.position(), "p1 reveal r3", "room r3 puddle-pup", "roll p1 20")
    assert s.top.kind == "draw" and s.top.who == 0  # a 20 draws a card (automatic, P8)
    assert g.is_chance(s) and not g.to_move(s)  # nobody is asked "draw or not": drawing never hurts (P8)
    s = g.apply(s, "draw p1 dash")
    assert s.players[0].hand == ("dash",) and s.players[0].at == 3


def test_power_traps_block_and_are_disarmed_on_the_owners_turn():
    g = BarcadiaGame(players=2, dungeon="cozy", characters=["ranger", "wizard"], power_traps=True)
    s = g.position(players={0: {"powerups": ["fizzing-gauntlets"]}, 1: {"hand": ["trap"]}})
    s = play(g, s, "p1 reveal r3", "room r3 puddle-pup", "p2 pass", "roll p1 15")
    s = play(g, s, "draw p1 dash", "p1 end", "p1 pass")
    assert "p2 pick p1:fizzing-gauntlets" in texts(g, g.apply(s, "p2 play trap"))
    s = play(g, s, "p2 play trap", "p2 pick p1:fizzing-gauntlets", "p1 pass")
    assert s.players[0].power_traps == ("fizzing-gauntlets",)
    s = play(g, s, "p2 reveal r4", "room r4 fizzle-bat", "p1 pass", "roll p2 15", "draw p2 dash", "p2 end",
             "p2 pass", "p1 pass")
    assert s.active == 0 and "p1 disarm fizzing-gauntlets" in texts(g, s)
    s2 = g.apply(s, "p1 reveal r16")
    s2 = g.apply(s2, "room r16 kettle-imp")
    odds = g.battle_odds(s2)
    assert odds.bonus == 0 and any("Power Trap" in src for src, _, _ in odds.bonuses)
    s = play(g, s, "p1 disarm fizzing-gauntlets", "roll p1 9")
    assert s.players[0].power_traps == ("fizzing-gauntlets",) and "p1 disarm fizzing-gauntlets" not in texts(g, s)
    assert s.players[0].hp == 100  # a failed Power-Trap roll costs nothing (H17)


def test_frenzy_guardian_gives_two_and_the_game_ends_when_all_is_revealed():
    g = BarcadiaGame(players=2, dungeon="cozy", characters=["ranger", "wizard"], frenzy=True)
    pus = ["bubble-boots", "swirl-compass", "magnet-mitts", "coaster-shield"]
    c = g.content.rooms.values()
    cards = ([r.id for r in c if r.type == "monster"][:11] + [r.id for r in c if r.type == "team"]
             + [r.id for r in c if r.type == "boss"][:4] + [r.id for r in c if r.type == "reward"][:4]
             + [r.id for r in c if r.type == "pourtal"][:3])
    others = [i for i in range(1, 31) if i not in (3, 16)]
    rooms = dict(zip(others, cards))
    rooms[3] = {"card": "drink-hoard", "up": True}
    s = g.position(players={0: {"powerups": pus}, 1: {"at": 15}}, rooms=rooms)
    s = play(g, s, "p1 claim", "roll p1 18")
    assert not g.is_over(s) and s.hoard_beaten
    s = play(g, s, "power p1 dowsing-straw", "power p1 crown-of-froth")
    assert len(s.players[0].powerups) == 6 and s.players[0].at == 3  # no cap in Frenzy
    assert s.active == 1  # nothing left to do: the turn ended by itself
    s = play(g, s, "p2 reveal r16", "room r16 whirlpool-wyrm", "roll p2 20", "power p2 ever-spring-canteen")
    assert g.is_over(s) and s.end == "frenzy" and s.winners == (0,)
    assert "most Power-Ups" in g.result_trace(s).steps[-1].reason


def test_versatile_start_and_turn_limit():
    g = BarcadiaGame(players=2, versatile=True, turn_limit=3)
    assert g.options["start"] == "versatile"
    s = Session(g, seed=2)
    assert len(s.state.layout.start) == 7 and s.state.layout.start != BarcadiaGame(players=2).layout.start
    from balada_widgets.barcadia import make_bot
    from balada_widgets.core.bots import run_bots

    run_bots(s, {0: make_bot("random", 1), 1: make_bot("random", 2)})
    assert g.is_over(s.state) and s.state.end == "turn limit" and s.state.turn == 3


def test_signature_moves_wizard_pocket_and_sorcerer_draw():
    g = BarcadiaGame(players=2, dungeon="cozy", characters=["wizard", "sorcerer"])
    s = g.position(players={0: {"at": 16}}, rooms={16: "puddle-pup", 3: "kettle-imp"})
    s = g.apply(s, "p1 mark")
    assert s.rooms[16].pocket == 0 and s.players[0].pocket_used
    assert "p1 teleport START" in texts(g, s)  # the marked room is a Pourtal for the Wizard alone
    s = play(g, s, "p1 teleport START", "p1 enter r3", "p1 end")
    # the Sorcerer holds fewer than 2 cards at the start of the turn: draws one
    assert s.active == 1 and s.top.kind == "draw" and s.top.who == 1


# ---------------------------------------------------------------- words: refusals, moves, the pending decision


@pytest.mark.parametrize("setup,move,rule,words", [
    ({}, "p1 reveal r20", "H-TURN3", "not next to your room"),
    ({"rooms": {3: "puddle-pup"}}, "p1 reveal r3", "H-TURN3", "already face up"),
    ({}, "p1 enter r3", "H3", "face down"),
    ({}, "p1 teleport r3", "H-POR2", "not a revealed Magic Pourtal"),
    ({"players": {0: {"at": 3}}, "rooms": {3: "puddle-pup"}}, "p1 teleport START", "H-POR2", "not standing on"),
    ({}, "p1 duel r3", "H-DUEL1", "nobody is in r3"),
    ({}, "p1 play dash", "H-LOOT1", "not in your hand"),
    ({"players": {0: {"hand": ["trap"]}}}, "p1 play trap", "H12", "between turns"),
    ({}, "p1 pass", "H12", "no Loot window"),
    ({}, "p2 end", "H4", "player 1's decision"),
    ({}, "roll p1 5", "H5", "no die or card is drawn now"),
    ({}, "p1 reveal r77", "H1", "no room r77"),
    ({}, "p1 mark", "H-SIG2", "Pocket Pourtal"),
    ({}, "p1 scout r3", "H-PWR2", "Periscope Straw"),
    ({"players": {0: {"hand": ["retreat"]}}}, "p1 play retreat", "H-LOOT2", "nothing to work on"),
])
def test_refusals_name_the_rule_and_why(g2, setup, move, rule, words):
    s = g2.position(**setup)
    with pytest.raises(IllegalMove) as e:
        g2.apply(s, move)
    assert f"(rule {rule})" in str(e.value) and words in str(e.value)
    assert g2.why_illegal(s, g2.parse_move(move))[0] == rule


def test_words_for_moves_and_the_pending_decision():
    g = BarcadiaGame(players=3, dungeon="cozy", characters=["ranger", "wizard", "rogue"])
    s = g.position(players={1: {"hand": ["boost"]}})
    pend = g.pending(s)
    assert pend[:4] == ("turn", 0, "H4", "Player 1's turn: take an action (reveal, enter, or claim the Hoard)")
    assert pend.options == tuple(g.legal_moves(s, 0)) and pend.task is None and pend.deciding
    assert g.pending(g.view(s, 1)).options == ()  # another player's view hides the hand (H16)
    assert g.describe_move(s, g.parse_move("p1 reveal r3")) == "Player 1 reveals r3"
    s = play(g, s, "p1 reveal r3")
    assert g.describe_move(s, g.parse_move("room r3 cerbubble")) == "r3 is Cerbubble (Team Battle, level 22)"
    s = g.apply(s, "room r3 cerbubble")
    assert g.pending(s).kind == "choose" and "teammate" in g.pending(s).text and g.pending(s).rule == "H6"
    assert g.describe_move(s, g.parse_move("p1 choose p3")) == "Player 1 picks player 3 as teammate"
    s = g.apply(s, "p1 choose p3")
    # whatever the hand holds (H19)
    assert g.pending(s)[:4] == ("battle", 1, "H12", "Player 2 may play a Loot Card or pass")
    assert g.describe_move(s, g.parse_move("p2 play boost")) == "Player 2 plays Boost: +2 to the Monster's level"
    assert g.describe_move(s, g.parse_move("roll p3 17")) == "Player 3 rolls 17"
    assert g.describe_move(s, g.parse_move("p1 keep dash"), 2) == "Player 1 keeps one Loot Card"
    assert g.move_text_for(g.parse_move("p1 give dash p3"), 1) == "p1 give ? p3"
    assert g.move_text_for(g.parse_move("p1 give dash p3"), 2) == "p1 give dash p3"
    assert g.move_text_for(g.parse_move("steal p1 p2 dash"), 2) == "steal p1 p2 ?"
