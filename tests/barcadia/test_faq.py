"""The rule text's worked examples and Common Questions, played move by move (dice included).

Positions are set up with ``game.position(...)`` on the 30-room "cozy" dungeon
(START touches r1..r12; r3 touches START, r2, r4, r15, r16, r17) and driven
with explicit move texts, chance's included (``room r3 mini-fizzicorn``,
``roll p1 7``, ``draw p1 dash``).
"""

from fractions import Fraction

import pytest

from balada_widgets.barcadia import BarcadiaGame
from balada_widgets.core import IllegalMove


def play(g, s, *moves):
    for m in moves:
        s = g.apply(s, m)
    return s


def texts(g, s):
    return [g.move_to_text(m) for m in g.legal_moves(s)]


@pytest.fixture
def g2():
    # Ranger and Wizard: no battle bonuses that would change the rule text's numbers
    return BarcadiaGame(players=2, dungeon="cozy", characters=["ranger", "wizard"])


def test_level_7_monster_wins_on_7_with_probability_070(g2):
    s = play(g2, g2.position(), "p1 reveal r3", "room r3 mini-fizzicorn")
    assert g2.is_chance(s)  # nobody holds a battle card: the window passes by itself (P3)
    odds = g2.battle_odds(s)
    assert odds.kind == "monster" and odds.level == 7 and odds.p_win == Fraction(7, 10)
    assert odds.expected_loss == {0: 3}
    assert "7 to 20" in odds.explanation.text()
    won = play(g2, s, "roll p1 7")
    assert won.players[0].at == 3 and won.rooms[3].up
    won = play(g2, won, "draw p1 dash", "draw p1 trap")  # reward: 2 Loot Cards (H-MON3)
    assert won.players[0].hand == ("dash", "trap") and won.players[0].hp == 100
    lost = play(g2, s, "roll p1 6")
    assert lost.players[0].hp == 90 and lost.players[0].at == 0  # H-MON2: drink 10, stay out
    assert not lost.rooms[3].up and lost.rooms[3].public  # face down again, identity public (H15)
    assert g2.view(lost, 1).rooms[3].card == "mini-fizzicorn"
    # a defeated Monster's room is entered freely, without reward (H-MON4)
    later = g2.position(rooms={3: "mini-fizzicorn"})
    after = g2.apply(later, "p1 enter r3")
    assert after.players[0].at == 3 and not after.players[0].hand


def test_level_22_team_battle_with_two_dice_is_19_in_40():
    g = BarcadiaGame(players=3, dungeon="cozy", characters=["ranger", "wizard", "rogue"])
    s = play(g, g.position(), "p1 reveal r3", "room r3 cerbubble")
    assert g.to_move(s) == (0,) and texts(g, s) == ["p1 choose p2", "p1 choose p3"]
    with pytest.raises(IllegalMove, match="not yourself"):
        g.apply(s, "p1 choose p1")
    s = g.apply(s, "p1 choose p3")
    odds = g.battle_odds(s)
    assert odds.p_win == Fraction(19, 40) and odds.level == 22
    assert odds.expected_loss == {0: Fraction(21, 4), 2: Fraction(21, 4)}
    won = play(g, s, "roll p1 12", "roll p3 10")
    assert won.players[0].at == 3 and won.players[2].at == 0  # only the revealer moves in (P9)
    won = play(g, won, "draw p1 dash", "draw p1 peek", "draw p3 redo", "draw p3 trap")  # 2 Loot each
    assert len(won.players[0].hand) == 2 and len(won.players[2].hand) == 2
    lost = play(g, s, "roll p1 12", "roll p3 9")
    assert [pl.hp for pl in lost.players] == [90, 100, 90]  # both teammates drink (H-TEAM2)


def test_boss_gives_two_loot_and_a_power_up_and_the_boss_player_drinks(g2):
    s = play(g2, g2.position(players={1: {"powerups": ["crown-of-froth"]}}), "p1 reveal r3", "room r3 mint-sprite")
    # two players: the other one plays the Boss (P5); their Crown of Froth counts for the Boss (H7)
    odds = g2.battle_odds(s)
    assert odds.kind == "boss" and odds.opponent_bonus == 2 and odds.p_win == Fraction(153, 382)
    assert any("Crown of Froth" in src for src, _, _ in odds.opponent_bonuses)
    s = play(g2, s, "roll p1 10", "roll p2 8")  # 10 against 8 + 2: a tie, rolled again (H5)
    assert g2.is_chance(s) and s.top.dice == ()
    s = play(g2, s, "roll p1 15", "roll p2 3")
    assert s.players[1].hp == 90 and s.players[0].hp == 100  # H-BOSS5
    assert s.players[0].at == 3
    s = play(g2, s, "draw p1 dash", "draw p1 redo", "power p1 bubble-boots")
    assert s.players[0].powerups == ("bubble-boots",) and len(s.players[0].hand) == 2


def test_guardian_needs_a_plain_15_whatever_the_bonuses():
    g = BarcadiaGame(players=2, dungeon="cozy", characters=["barbarian", "wizard"])
    s = g.position(players={0: {"hp": 30, "powerups": ["fizzing-gauntlets", "crown-of-froth", "dowsing-straw"]},
                            1: {"hand": ["boost", "courage", "jinx"]}},
                   rooms={3: {"card": "drink-hoard", "up": True}})
    assert "p1 claim" in texts(g, s)
    s = g.apply(s, "p1 claim")
    assert g.is_chance(s)  # no Loot window at all against the Guardian (H8)
    odds = g.battle_odds(s)
    assert odds.kind == "guardian" and odds.p_win == Fraction(3, 10) and odds.bonus == 0
    assert "ignored" in odds.explanation.text()
    lost = g.apply(s, "roll p1 14")
    assert lost.players[0].hp == 20 and not g.is_over(lost)
    won = g.apply(s, "roll p1 15")
    assert g.is_over(won) and won.winners == (0,) and g.winners(won) == [0]
    assert "beat the Grand Drink Guardian" in g.result_trace(won).steps[0].reason


def test_hoard_without_three_power_ups_ends_the_turn_and_cannot_be_entered(g2):
    s = g2.position(players={0: {"hand": ["dash"]}})
    s = play(g2, s, "p1 play dash", "p1 reveal r3", "room r3 drink-hoard")
    assert s.active == 1 and s.rooms[3].up  # H4: the turn ended at once, the Dash's action is lost
    s = g2.position(rooms={3: {"card": "drink-hoard", "up": True}})
    with pytest.raises(IllegalMove, match="rule H-FAQ5"):
        g2.apply(s, "p1 enter r3")
    with pytest.raises(IllegalMove, match="need 3 Power-Ups"):
        g2.apply(s, "p1 claim")


def test_redo_cancels_an_opponents_mega_boost():
    g = BarcadiaGame(players=2, dungeon="cozy", characters=["ranger", "wizard"])
    s = g.position(players={0: {"hand": ["redo"]}, 1: {"hand": ["mega-boost"]}})
    s = play(g, s, "p1 reveal r3", "room r3 mini-fizzicorn")
    assert g.to_move(s) == (0,) and texts(g, s) == ["p1 pass"]  # p1 holds no battle card, but is asked (H19)
    s = play(g, s, "p1 pass", "p2 play mega-boost")
    assert g.to_move(s) == (0,)  # a card was played: p1 may answer (P4)
    s = play(g, s, "p1 pass")
    odds = g.battle_odds(s)
    assert odds.level == 11 and odds.p_win == Fraction(1, 2)
    assert odds.level_changes == [("Mega Boost played by player 2", 4, "H6")]
    s = g.apply(s, "roll p1 9")
    assert g.to_move(s) == (0,) and texts(g, s) == ["p1 play redo", "p1 pass"]
    s = g.apply(s, "p1 play redo")
    assert s.players[0].hp == 100  # the lost attempt is void: no damage (H6)
    odds = g.battle_odds(s)
    assert odds.level == 7 and odds.level_changes == []  # H-FAQ6: the Mega Boost is gone
    s = g.apply(s, "roll p1 9")
    assert s.players[0].at == 3 and s.rooms[3].up


def test_thirst_aid_after_damage_drink_first_then_heal(g2):
    s = g2.position(players={0: {"hand": ["thirst-aid"]}})
    s = play(g2, s, "p1 reveal r3", "room r3 mini-fizzicorn", "p1 pass", "roll p1 2", "p1 pass")
    assert s.players[0].hp == 90  # the damage is drunk in full first (H-FAQ8, H9)
    assert s.top.kind == "window" and s.top.window == "between_turns" and g2.to_move(s) == (0,)
    s = g2.apply(s, "p1 play thirst-aid")
    assert s.players[0].hp == 100
    # at FULL HP nothing to heal: the card is not offered (P23) and healing never passes FULL (H9)
    with pytest.raises(IllegalMove):
        g2.apply(g2.position(players={0: {"hand": ["thirst-aid"]}}), "p1 play thirst-aid")


def test_a_dash_won_mid_turn_is_used_the_same_turn(g2):
    s = play(g2, g2.position(), "p1 reveal r3", "room r3 mini-fizzicorn", "roll p1 15", "draw p1 dash",
             "draw p1 trap")
    assert s.active == 0 and "p1 play dash" in texts(g2, s)  # H-FAQ1
    assert "p1 reveal r16" not in texts(g2, s)
    s = g2.apply(s, "p1 play dash")
    assert "p1 reveal r16" in texts(g2, s)
    s = play(g2, s, "p1 reveal r16", "room r16 puddle-pup", "p1 pass", "roll p1 20", "draw p1 peek")
    assert s.players[0].at == 16


def test_room_swap_carries_traps_and_power_ups(g2):
    s = g2.position(players={0: {"hand": ["room-swap"]}},
                    rooms={20: {"traps": 2, "powerups": ["bubble-boots"]}, 25: "puddle-pup"})
    s = play(g2, s, "p1 play room-swap", "p1 pick r20", "p1 pick r25")
    assert s.rooms[25].traps == 2 and s.rooms[25].powerups == ("bubble-boots",) and not s.rooms[25].up
    assert s.rooms[20].card == "puddle-pup" and s.rooms[20].up and s.rooms[20].traps == 0
    assert "room-swap" in s.discard and not s.players[0].hand
    with pytest.raises(IllegalMove):  # START never moves (H-START3)
        play(g2, g2.position(players={0: {"hand": ["room-swap"]}}), "p1 play room-swap", "p1 pick START")


def test_stranded_by_the_hoard_may_go_back_to_start():
    # grand dungeon: the corridor (4,0)-(5,0)-(6,0) with (5,1) beside; the Hoard at (4,0) cuts it off
    g = BarcadiaGame(players=4, dungeon="grand", characters=["ranger", "wizard", "knight", "rogue"])
    hoard, here, far, side = (g.layout.where[h] for h in ((4, 0), (5, 0), (6, 0), (5, 1)))
    rooms = {hoard: {"card": "drink-hoard", "up": True}, here: "puddle-pup", far: "fizzle-bat",
             side: "biscuit-golem"}
    s = g.position(players={0: {"at": here}}, rooms=rooms)
    assert g.stranded(s, 0) and "p1 home" in texts(g, s)  # H14
    s2 = g.apply(s, "p1 home")
    assert s2.players[0].at == 0
    # not stranded: with an escape card, with a face-down room in reach, with 3 Power-Ups
    s = g.position(players={0: {"at": here, "hand": ["retreat"]}}, rooms=rooms)
    assert not g.stranded(s, 0) and "p1 home" not in texts(g, s)
    s = g.position(players={0: {"at": here}}, rooms={**rooms, far: {"card": None}})
    assert not g.stranded(s, 0)
    with pytest.raises(IllegalMove, match="rule H14"):
        g.apply(s, "p1 home")
    s = g.position(players={0: {"at": here, "powerups": ["bubble-boots", "swirl-compass", "magnet-mitts"]}},
                   rooms=rooms)
    assert not g.stranded(s, 0) and "p1 claim" in texts(g, s)


def test_duel_through_a_pourtal(g2):
    s = g2.position(players={1: {"at": 20}}, rooms={20: "fizzing-pourtal"})
    assert "p1 duel r20 pourtal" in texts(g2, s)  # START is a Pourtal (H-START6, H-DUEL8)
    with pytest.raises(IllegalMove, match="rule H-DUEL8"):
        g2.apply(s, "p1 teleport r20")
    s = play(g2, s, "p1 duel r20 pourtal", "roll p1 12", "roll p2 8")
    assert s.players[1].hp == 90 and s.players[0].at == 20 and s.players[1].at == 0
    assert s.ported == 1 and not any(m.verb == "teleport" for m in g2.legal_moves(s))  # the Pourtal use is spent
    assert not any(m.verb == "duel" for m in g2.legal_moves(s))  # one duel a turn (H-DUEL7)
    # H-FAQ4: a duel after using a Pourtal is fine, before the first action
    s = g2.position(players={1: {"at": 21}}, rooms={20: "fizzing-pourtal", 21: "puddle-pup"})
    s = g2.apply(s, "p1 teleport r20")
    assert "p1 duel r21" in texts(g2, s)
    s = play(g2, s, "p1 duel r21", "roll p1 3", "roll p2 17")
    assert s.players[0].hp == 90 and s.players[0].at == 20  # the attacker lost: no move, turn goes on
    assert any(m.verb == "reveal" for m in g2.legal_moves(s))
