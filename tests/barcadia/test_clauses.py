"""Clauses of the rule text and rulings that only the tutorial checked: one engine test each.

Each test names its clause (ids of the design notes and of the rulings in
``rules.py``) and plays it move by move on hand-made positions.
"""

import pytest

from balada_widgets.barcadia import BarcadiaGame
from balada_widgets.barcadia.ops import trap_supply
from balada_widgets.core import IllegalMove, Session


def play(g, s, *moves):
    for m in moves:
        s = g.apply(s, m)
    return s


def texts(g, s, player=None):
    return [g.move_to_text(m) for m in g.legal_moves(s, player)]


@pytest.fixture(scope="module")
def g2():
    return BarcadiaGame(players=2, dungeon="cozy", characters=["ranger", "wizard"])


def test_everyone_starts_on_start_at_full_with_the_character_of_their_seat():
    """H-START1 (all cups start on START), H-SET2 (at FULL), P20 (seat i plays characters[i])."""
    g = BarcadiaGame(players=4)
    s = Session(g, seed=2).state
    assert [pl.at for pl in s.players] == [0, 0, 0, 0] and {pl.hp for pl in s.players} == {100}
    assert [pl.character for pl in s.players] == ["barbarian", "knight", "rogue", "wizard"]  # the content's order
    g = BarcadiaGame(players=3, characters=["sorcerer", "barbarian", "ranger"])
    s = Session(g, seed=2).state
    assert [pl.character for pl in s.players] == ["sorcerer", "barbarian", "ranger"]
    assert g.character(0).signature == "Arcane Draw" and g.character(2).signature == "Pathfinder"


def test_a_reward_stays_face_up_and_pays_once_to_its_revealer(g2):
    """H-REW2 (stays face up for the rest of the game), H-REW3 (pays once, to whoever first reveals it)."""
    s = g2.position()
    s = play(g2, s, "p1 reveal r3", "room r3 golden-tap")
    assert s.top.kind == "power" and s.top.who == 0  # the revealer gains the Power-Up
    s = play(g2, s, "power p1 bubble-boots")  # the action is spent: the turn ends by itself (P6)
    assert s.players[0].powerups == ("bubble-boots",) and s.players[0].at == 3 and s.rooms[3].up
    s = play(g2, s, "p2 reveal r1", "room r1 puddle-pup", "roll p2 2", "p1 enter START", "p1 end")  # p1 leaves
    assert s.active == 1 and s.rooms[3].up and "p2 reveal r3" not in texts(g2, s)
    s = play(g2, s, "p2 enter r3")  # the second visitor gets nothing
    assert s.players[1].at == 3 and s.players[1].powerups == () and s.players[1].hand == ()
    assert s.rooms[3].up and s.rooms[3].card == "golden-tap"
    with pytest.raises(IllegalMove, match="already face up"):
        g2.apply(g2.position(rooms={3: "golden-tap"}), "p1 reveal r3")


def test_a_revealed_pourtal_stays_face_up_for_everyone(g2):
    """H-POR4: the revealer moves in (H-POR1); the Pourtal stays face up and serves everybody after."""
    s = play(g2, g2.position(), "p1 reveal r3", "room r3 fizzing-pourtal")
    assert s.players[0].at == 3 and s.rooms[3].up
    s = play(g2, s, "p1 teleport START")  # nothing else to do: the turn ends by itself (P6)
    assert s.active == 1 and s.rooms[3].up and "p2 teleport r3" in texts(g2, s)  # p2 on START jumps there
    s = play(g2, s, "p2 teleport r3", "p2 reveal r15", "room r15 puddle-pup", "roll p2 2")
    assert s.rooms[3].up and s.players[1].at == 3


def test_a_lost_boss_battle_turns_the_boss_face_down_and_the_challenger_drinks(g2):
    """H-BOSS4: no entry, no reward, the room face down again (its identity public, H15), the challenger drinks."""
    s = play(g2, g2.position(), "p1 reveal r3", "room r3 lord-lukewarm", "roll p1 4", "roll p2 15")
    assert s.players[0].hp == 80 and s.players[1].hp == 100  # the Boss's damage, to the challenger only
    assert s.players[0].at == 0 and s.players[0].powerups == () and s.players[0].hand == ()
    assert not s.rooms[3].up and s.rooms[3].public and s.rooms[3].card == "lord-lukewarm"
    assert g2.view(s, 1).rooms[3].card == "lord-lukewarm"  # everybody saw it
    assert "p1 reveal r3" not in texts(g2, s)  # the action is spent; next turn it may be fought again


def test_no_hand_limit(g2):
    """H-LOOT4: a hand of any size; drawing never asks to discard."""
    hand = ["dash", "dash", "redo", "trap", "trap", "peek", "drain", "boost", "courage", "jinx", "splash", "shove"]
    s = g2.position(players={0: {"hand": hand}})
    s = play(g2, s, "p1 reveal r3", "room r3 snack-stash", "draw p1 retreat")
    assert len(s.players[0].hand) == 13 and not s.stack and s.discard == ()


def test_a_power_up_works_every_time_while_held(g2):
    """H-PWR2: a permanent, reusable ability: the Fizzing Gauntlets add +2 to every Monster battle, turn after turn."""
    s = g2.position(players={0: {"powerups": ["fizzing-gauntlets"]}})
    s = play(g2, s, "p1 reveal r3", "room r3 lime-lich")
    assert g2.battle_odds(s).bonus == 2
    # p1 holds two cards from then on: asked in every window (H19), and passes
    s = play(g2, s, "roll p1 9", "draw p1 dash", "draw p1 peek", "p1 end", "p1 pass",
             "p2 reveal r1", "room r1 puddle-pup", "p1 pass", "roll p2 3", "p1 pass")
    assert s.active == 0 and s.players[0].at == 3
    s = play(g2, s, "p1 reveal r16", "room r16 steeping-sphinx")
    assert g2.battle_odds(s).bonus == 2
    s = play(g2, s, "p1 pass", "roll p1 9")  # 9 + 2 = 11 meets level 11
    assert s.players[0].at == 16


def test_a_duel_only_before_the_first_action(g2):
    """H-DUEL2 (at the start of the turn, before an action), G45 (a Dash's extra action reopens no duel)."""
    s = g2.position(players={0: {"at": 3, "hand": ["dash"]}, 1: {"at": 17}},
                    rooms={3: "puddle-pup", 17: "fizzle-bat"})
    assert "p1 duel r17" in texts(g2, s)
    s = play(g2, s, "p1 reveal r16", "room r16 fizzing-pourtal")
    assert s.players[0].at == 16 and 17 in s.layout.neighbours(16)
    assert not [t for t in texts(g2, s) if " duel " in t]
    with pytest.raises(IllegalMove, match=r"before any action \(rule H-DUEL2\)"):
        g2.apply(s, "p1 duel r17")
    s = g2.apply(s, "p1 play dash")
    assert s.actions == 1 and not [t for t in texts(g2, s) if " duel " in t]


def test_your_turn_cards_only_between_your_own_moves(g2):
    """P7: a Dash is not offered inside a battle (nor its roll), nor in a window of another player's turn."""
    s = g2.position(players={0: {"hand": ["dash", "courage"]}, 1: {"hand": ["dash"]}})
    s = play(g2, s, "p1 reveal r3", "room r3 kettle-imp")
    assert s.top.kind == "window" and texts(g2, s) == ["p1 play courage", "p1 pass"]
    with pytest.raises(IllegalMove, match=r"played during your turn, not in a battle, before the roll"):
        g2.apply(s, "p1 play dash")
    s = play(g2, s, "p1 pass")
    assert g2.to_move(s) == (1,) and texts(g2, s) == ["p2 pass"]  # p2 holds only a Dash: asked all the same (H19)
    s = play(g2, s, "p2 pass")
    assert g2.is_chance(s)
    s = play(g2, s, "roll p1 15", "draw p1 trap", "draw p1 peek")
    assert not s.stack and "p1 play dash" in texts(g2, s)  # back between p1's own moves
    s = play(g2, s, "p1 end")  # between turns: the Trap may be played, the Dash not
    assert s.top.kind == "window" and "p1 play trap" in texts(g2, s) and "p1 play dash" not in texts(g2, s)
    s = play(g2, s, "p1 pass")
    assert g2.to_move(s) == (1,) and "p2 play dash" not in texts(g2, s)  # not p2's turn yet: no Dash
    s = play(g2, s, "p2 pass")
    assert s.active == 1 and not texts(g2, s, 0)


@pytest.fixture(scope="module")
def gpt():
    return BarcadiaGame(players=2, dungeon="cozy", characters=["ranger", "wizard"], power_traps=True)


def test_one_trap_per_power_up_and_the_trapped_copy_leaves(gpt):
    """H-EXP6 (one trap per Power-Up; it goes when the Power-Up leaves), P15 (of two copies, the trapped one leaves)."""
    g = gpt
    s = g.position(players={0: {"hand": ["trap", "trap", "trap", "splash"]},
                            1: {"hp": 10, "powerups": ["fizzing-gauntlets", "fizzing-gauntlets"]}})
    supply = trap_supply(g, s)
    s = play(g, s, "p1 reveal r3", "room r3 fizzing-pourtal", "p1 end", "p1 play trap")
    assert "p1 pick p2:fizzing-gauntlets" in texts(g, s)
    s = play(g, s, "p1 pick p2:fizzing-gauntlets", "p1 play trap", "p1 pick p2:fizzing-gauntlets")
    assert s.players[1].power_traps == ("fizzing-gauntlets", "fizzing-gauntlets")
    s = g.apply(s, "p1 play trap")  # both copies carry one: no Power-Up left to trap, only rooms
    assert not [t for t in texts(g, s) if ":" in t] and "p1 pick r20" in texts(g, s)
    s = play(g, s, "p1 pick r20")
    assert trap_supply(g, s) == supply - 3
    s = play(g, s, "p1 play splash")  # p2 dies: one copy is dropped, its trap back to the box
    assert s.players[1].powerups == ("fizzing-gauntlets",) and s.players[1].power_traps == ("fizzing-gauntlets",)
    assert trap_supply(g, s) == supply - 2 and s.rooms[0].powerups == ()
    # P15: one copy trapped, the other free; the one placed away is the trapped one, its trap goes back
    s = g.position(players={0: {"powerups": ["fizzing-gauntlets", "fizzing-gauntlets", "bubble-boots"],
                                "power_traps": ["fizzing-gauntlets"]}})
    s = play(g, s, "p1 reveal r3", "room r3 golden-tap", "power p1 crown-of-froth")
    assert s.top.kind == "place"
    before = trap_supply(g, s)
    s = g.apply(s, "p1 place fizzing-gauntlets r20")
    assert s.players[0].power_traps == () and s.rooms[20].powerups == ("fizzing-gauntlets",)
    assert s.rooms[20].traps == 0 and trap_supply(g, s) == before + 1
    s = play(g, s, "p2 reveal r1", "room r1 puddle-pup", "roll p2 2", "p1 reveal r16", "room r16 lime-lich")
    assert g.battle_odds(s).bonus == 2  # the free copy still works


def test_loot_colours_change_no_rule():
    """H-FAQ7: two cards that differ only in colour are offered and work alike."""
    diy = [{"name": "Blue Bump", "colour": "blue", "window": "battle", "effects": [["level_mod", 2]]},
           {"name": "Red Bump", "colour": "red", "window": "battle", "effects": [["level_mod", 2]]}]
    g = BarcadiaGame(players=2, dungeon="cozy", diy=diy)
    levels = []
    for card in ("diy-blue-bump", "diy-red-bump"):
        s = g.position(players={1: {"hand": ["diy-blue-bump", "diy-red-bump"]}})
        s = play(g, s, "p1 reveal r3", "room r3 kettle-imp")
        assert texts(g, s) == ["p2 play diy-blue-bump", "p2 play diy-red-bump", "p2 pass"]
        s = play(g, s, f"p2 play {card}")
        levels.append(g.battle_odds(s).level)
    assert levels == [9, 9]


def test_traps_then_power_ups_on_every_entry(g2):
    """G11: a step, a jump: the traps are rolled first, then the Power-Ups lying there are claimed; mid-path too."""
    s = g2.position(players={0: {"hp": 50}},
                    rooms={3: {"card": "puddle-pup", "up": True, "traps": 1, "powerups": ["bubble-boots"]},
                           15: "fizzle-bat"})
    s = g2.apply(s, "p1 enter r3")
    assert s.top.kind == "traps" and s.players[0].at == 0 and s.rooms[3].powerups == ("bubble-boots",)
    s = g2.apply(s, "roll p1 4")  # failed: 10 HP, then in, then the Power-Up
    assert s.players[0].hp == 40 and s.players[0].at == 3 and s.players[0].powerups == ("bubble-boots",)
    assert s.rooms[3].traps == 0 and s.rooms[3].powerups == () and s.steps == 2  # the Ranger walks three rooms
    s = g2.apply(s, "p1 enter r15")  # the second step of the same action
    assert s.players[0].at == 15
    # a trap that kills stops the cup at the door: the Power-Up stays
    s = g2.position(players={0: {"hp": 10}},
                    rooms={3: {"card": "puddle-pup", "up": True, "traps": 1, "powerups": ["bubble-boots"]}})
    s = play(g2, s, "p1 enter r3", "roll p1 4")
    assert s.players[0].at == 0 and s.players[0].hp == 100 and s.rooms[3].powerups == ("bubble-boots",)
    # a jump onto a trapped Pourtal: the trap, then the Power-Up
    s = g2.position(rooms={3: {"card": "fizzing-pourtal", "up": True, "traps": 1, "powerups": ["swirl-compass"]}})
    s = g2.apply(s, "p1 teleport r3")
    assert s.top.kind == "traps"
    s = g2.apply(s, "roll p1 12")  # disarmed
    assert s.players[0].at == 3 and s.players[0].hp == 100 and s.players[0].powerups == ("swirl-compass",)


def test_every_face_down_room_next_to_the_cup_may_be_revealed(g2):
    """G14: fresh, turned back face down after a lost battle, trapped, holding a placed Power-Up: all revealable."""
    s = g2.position(players={0: {"at": 3}},
                    rooms={3: "puddle-pup", 4: "fizzle-bat",
                           15: {"card": "kettle-imp", "up": False, "public": True},
                           16: {"traps": 2}, 17: {"powerups": ["bubble-boots"]}})
    reveals = sorted(t for t in texts(g2, s) if " reveal " in t)
    assert reveals == ["p1 reveal r15", "p1 reveal r16", "p1 reveal r17", "p1 reveal r2"]
    s = play(g2, s, "p1 reveal r17", "room r17 biscuit-golem", "roll p1 12", "draw p1 dash")
    assert s.players[0].at == 17 and s.players[0].powerups == ("bubble-boots",)  # G36: the winner claims it
