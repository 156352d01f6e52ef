"""Each Loot Card, Power-Up and Signature Move of the shipped set does what its text says."""

from fractions import Fraction

from balada_widgets.barcadia import BarcadiaGame
from balada_widgets.barcadia.ops import loot_deck, power_pool


def play(g, s, *moves):
    for m in moves:
        s = g.apply(s, m)
    return s


def texts(g, s):
    return [g.move_to_text(m) for m in g.legal_moves(s)]


def game(chars=("ranger", "wizard"), **kw):
    return BarcadiaGame(players=len(chars), dungeon="cozy", characters=list(chars), **kw)


def test_shields_cut_battle_damage_only():
    g = game(("knight", "wizard", "ranger"))
    s = g.position(players={0: {"powerups": ["coaster-shield"]}})
    lost = play(g, s, "p1 reveal r3", "room r3 soda-kraken", "roll p1 2")
    assert lost.players[0].hp == 90  # 20 damage, 10 less with the Coaster Shield
    # the Knight's Loyal Shield: +2 to the team and 10 less when a Team Battle is lost
    s = play(g, g.position(), "p1 reveal r3", "room r3 cerbubble", "p1 choose p2")
    odds = g.battle_odds(s)
    assert odds.bonus == 2 and odds.damage == {0: 0, 1: 10}
    s = play(g, s, "roll p1 3", "roll p2 3")
    assert [pl.hp for pl in s.players] == [100, 90, 100]
    # never against traps (P12)
    s = g.position(players={0: {"powerups": ["coaster-shield"]}}, rooms={3: {"traps": 1}})
    assert play(g, s, "p1 reveal r3", "roll p1 1").players[0].hp == 90


def test_satchel_and_bonus_sources():
    g = game(("barbarian", "wizard"))
    s = g.position(players={0: {"hp": 40, "powerups": ["bottomless-satchel", "fizzing-gauntlets"]}})
    s = play(g, s, "p1 reveal r3", "room r3 lime-lich")
    odds = g.battle_odds(s)
    names = [src for src, _, _ in odds.bonuses]
    assert odds.bonus == 4 and odds.p_win == Fraction(14, 20)
    assert "Fizzing Gauntlets (Power-Up)" in names and any("Last Gulp" in n and "HP 40" in n for n in names)
    s = play(g, s, "roll p1 7")
    assert s.top.kind == "draw" and s.top.n == 3  # 2 Loot + 1 for the Satchel


def test_lucky_bottle_cap_rerolls_only_its_holders_die():
    g = game(("ranger", "wizard", "rogue"))
    s = g.position(players={0: {"powerups": ["lucky-bottle-cap"]}, 2: {"hand": ["mega-boost"]}})
    s = play(g, s, "p1 reveal r3", "room r3 twin-teapots", "p1 choose p2", "p3 play mega-boost",
             "roll p1 4", "roll p2 9")
    assert texts(g, s) == ["p1 reroll", "p1 pass"]
    s = g.apply(s, "p1 reroll")
    assert g.is_chance(s) and s.top.dice == (0, 9)  # the partner's 9 stays
    assert g.battle_odds(s).level == 22  # the Mega Boost stays too (P11)
    s = g.apply(s, "roll p1 13")
    assert s.players[0].at == 3  # 13 + 9 = 22: won
    # once a turn
    s = g.position(players={0: {"powerups": ["lucky-bottle-cap"], "hand": ["dash"]}})
    s = play(g, s, "p1 play dash", "p1 reveal r3", "room r3 puddle-pup", "roll p1 1", "p1 reroll", "roll p1 2",
             "p1 reveal r4", "room r4 fizzle-bat", "roll p1 1")
    assert s.active == 1 and s.players[0].hp == 80


def test_duel_cards_magnet_mitts_and_rapier():
    g = game()
    s = g.position(players={0: {"powerups": ["magnet-mitts", "stir-stick-rapier"]}, 1: {"at": 3, "hand": ["redo"]}},
                   rooms={3: "puddle-pup"})
    s = g.apply(s, "p1 duel r3")
    assert g.battle_odds(s).p_win == Fraction(229, 382)  # +2 duel bonus
    s = play(g, s, "roll p1 9", "roll p2 10")  # 11 against 10
    assert s.players[1].hp == 90
    assert g.is_chance(s) and s.top.kind == "steal"
    s = g.apply(s, "steal p1 p2 redo")
    assert s.players[0].hand == ("redo",) and s.players[0].at == 3 and s.players[1].at == 0


def test_duel_killing_the_defender_takes_the_dropped_power_up():
    g = game()
    s = g.position(players={1: {"at": 3, "hp": 10, "powerups": ["bubble-boots"]}}, rooms={3: "puddle-pup"})
    s = play(g, s, "p1 duel r3", "roll p1 15", "roll p2 2")
    assert s.players[1].at == 0 and s.players[1].hp == 100 and not s.players[1].powerups
    assert s.players[0].at == 3 and s.players[0].powerups == ("bubble-boots",)  # H10, G33


def test_green_cards_retreat_shortcut_shove():
    g = game()
    s = g.position(players={0: {"at": 3, "hand": ["retreat", "shortcut"]}, 1: {"at": 4, "hand": ["shove"]}},
                   rooms={3: "puddle-pup", 4: "fizzle-bat", 17: "bubble-pourtal", 18: "teabag-troll"})
    s1 = g.apply(s, "p1 play retreat")
    assert s1.players[0].at == 0 and s1.actions == 1  # not an action
    s2 = play(g, s, "p1 play shortcut", "p1 pick r17")
    assert s2.players[0].at == 17 and s2.ported == 1
    assert not any(m.verb == "teleport" for m in g.legal_moves(s2))
    # Shove between turns: the opponent goes into an open room next to them
    s3 = play(g, s, "p1 reveal r16", "room r16 puddle-pack", "p1 pass", "p2 pass", "roll p1 20", "roll p2 20",
              "draw p1 dash", "draw p2 dash", "p1 end", "p1 pass")
    assert g.to_move(s3) == (1,)
    s3 = g.apply(s3, "p2 play shove")
    assert texts(g, s3) == ["p2 pick r3", "p2 pick r17"]  # open rooms next to player 1 in r16
    s3 = g.apply(s3, "p2 pick r17")
    assert s3.players[0].at == 17


def test_red_cards_splash_kills_between_turns_and_pickpocket():
    g = game()
    s = g.position(players={0: {"hp": 10, "at": 3, "powerups": ["bubble-boots"], "hand": ["pickpocket", "dash"]},
                            1: {"at": 4, "hand": ["splash", "trap"]}},
                   rooms={3: "puddle-pup", 4: "fizzle-bat"})
    s = play(g, s, "p1 play pickpocket")
    assert g.is_chance(s) and s.top.kind == "steal"  # the only opponent near: picked at once (P5)
    s = play(g, s, "steal p1 p2 trap", "p1 reveal r16", "room r16 bubble-goblin", "p1 pass", "p2 pass", "roll p1 20",
             "draw p1 redo", "p1 end")
    s = play(g, s, "p1 pass", "p2 play splash")  # player 1 holds the stolen Trap: asked first
    assert s.top.kind == "death" and s.top.who == 0
    s = play(g, s, "p1 keep redo", "p1 pass")  # p1 holds the Redo: asked again after the Splash (H19, P4)
    assert s.players[0].hp == 100 and s.rooms[16].powerups == ("bubble-boots",) and s.active == 1


def test_orange_cards_peek_and_disarm_kit():
    g = game()
    s = g.position(players={0: {"hand": ["peek", "disarm-kit"]}}, rooms={3: {"traps": 3}})
    s = play(g, s, "p1 play disarm-kit")  # only one trapped room next to START: picked at once
    assert s.rooms[3].traps == 0
    s = play(g, s, "p1 play peek", "p1 pick r3", "peek p1 r3 lime-lich")
    assert s.rooms[3].seen == (0,) and not s.rooms[3].up
    s = play(g, s, "p1 reveal r3")
    assert s.top.kind == "battle"  # the peeked identity is used: no new draw


def test_loot_deck_reshuffles_and_power_up_bottom_order():
    g = game()
    everything = sorted(g.loot_total.elements())
    s = g.position(discard=everything)
    assert not loot_deck(g, s)
    s = play(g, s, "p1 reveal r3", "room r3 mini-fizzicorn", "roll p1 20")
    assert s.discard == () and g.is_chance(s)  # H-LOOT5: the discards are the new deck
    # a Power-Up put under the deck comes out only when the rest is gone, in order (P14)
    pus = sorted(g.pu_total.elements())
    held = pus[:3] + pus[5:]
    s = g.position(players={0: {"powerups": held[:2]}, 1: {"powerups": held[2:5]}},
                   rooms={i + 10: {"powerups": [pu]} for i, pu in enumerate(held[5:])}, bottom=[pus[3], pus[4]])
    assert not power_pool(g, s)
    s = play(g, s, "p1 reveal r3", "room r3 golden-tap")
    assert [m.text() for m, _ in g.chance_outcomes(s)] == [f"power p1 {pus[3]}"]


def test_power_up_reward_with_an_empty_deck_in_frenzy_is_a_steal():
    g = game(frenzy=True)
    pus = sorted(g.pu_total.elements())
    s = g.position(players={0: {"powerups": pus[:10]}, 1: {"powerups": pus[10:]}})
    s = play(g, s, "p1 reveal r3", "room r3 golden-tap")
    assert s.top.kind == "frenzysteal" and "p1 take none" in texts(g, s)
    s = g.apply(s, f"p1 take p2 {pus[-1]}")
    assert len(s.players[0].powerups) == 11


def test_team_battle_deaths_resolve_in_turn_order_from_the_active_player():
    g = game(("ranger", "wizard", "rogue"))
    two = ["bubble-boots", "periscope-straw"]
    s = g.position(active=1, players={0: {"hp": 10, "powerups": two}, 1: {"hp": 20, "powerups": two, "at": 3}},
                   rooms={3: "puddle-pup"})
    s = play(g, s, "p2 reveal r16", "room r16 tidal-twins", "p2 choose p1", "roll p2 1", "roll p1 1")
    assert [d.who for d in s.stack if d.kind == "death"][::-1] == [1, 0]  # the active player first (H10)
    s = g.apply(s, "p2 drop periscope-straw")
    assert s.rooms[3].powerups == ("periscope-straw",) and g.to_move(s) == (0,)
    s = g.apply(s, "p1 drop bubble-boots")
    assert s.pu_bottom == ("bubble-boots",)  # player 1 died on START
    assert s.active == 2 or s.top.kind == "window"  # then player 2's turn is over (G34)


def test_diy_cards_are_played_like_the_shipped_ones():
    diy = [{"name": "Water Break", "colour": "blue", "window": "between_turns", "effects": [["heal", 20], ["draw", 1]]},
           {"name": "Pep Talk", "colour": "blue", "window": "battle", "effects": [["roll_mod", 2]]},
           {"name": "Booby Prize", "colour": "red", "window": "between_turns",
            "effects": [["place_trap", 1], ["draw", 1]]}]
    g = game(diy=diy)
    assert g.content.loot["diy-pep-talk"].effects == (("roll_mod", 2),)
    s = g.position(players={0: {"hand": ["diy-pep-talk", "diy-water-break"]}, 1: {"hand": ["diy-booby-prize"]}})
    s = play(g, s, "p1 reveal r3", "room r3 lime-lich", "p1 play diy-pep-talk")
    assert g.battle_odds(s).bonus == 2 and "Pep Talk played by player 1" in g.battle_odds(s).bonuses[0][0]
    s = play(g, s, "p1 pass", "p2 pass", "roll p1 8", "p1 pass")
    assert s.players[0].hp == 90
    s = play(g, s, "p1 play diy-water-break", "draw p1 dash", "p1 pass")
    assert s.players[0].hp == 100 and s.players[0].hand == ("dash",)
    s = play(g, s, "p2 play diy-booby-prize", "p2 pick r20", "draw p2 redo", "p2 pass", "p1 pass")
    assert s.rooms[20].traps == 1 and s.players[1].hand == ("redo",) and s.active == 1
    assert sum(g.loot_total.values()) == 78
