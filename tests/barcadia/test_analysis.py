"""Barcadia analysis: every number checked against the engine itself (legal moves, the chance tree), bad input refused.

- :func:`reach` equals the rooms the engine lets a cup walk to with enter and
  teleport moves (explored move by move), in positions from real bot games.
- :func:`reveal_outlook` equals the exact expectation over the engine's own
  chance tree (identities, trap dice, battle dice, Boss ties, Lucky Bottle
  Cap rerolls, deaths): win, HP lost, death, Loot Cards, Power-Ups.
- :func:`micro_states` ends where ``game.apply`` ends, for every move of
  real games; :func:`game_record` counts a forced death exactly.
- Tables match :mod:`.odds`; hidden identities stay hidden; every bad input
  is a ``GameError``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from balada_widgets.barcadia import BarcadiaGame, make_bot
from balada_widgets.barcadia import engine
from balada_widgets.barcadia.analysis import (
    bonuses_in_play, best_move, bot_stats, content_problems, diy_problems, edit_position, fight_or_go_around,
    game_record, micro_states, monster_odds, play_bot_game, playouts, plot_bot_stats, plot_trap_survival,
    plot_win_chances, position_spec, reach, reveal_outlook, trap_table,
)
from balada_widgets.barcadia.odds import expected_hp_loss, trap_odds, win_probability
from balada_widgets.barcadia.state import Move
from balada_widgets.core import GameError, Session
from balada_widgets.core.bots import run_bots

COZY = BarcadiaGame(players=2, dungeon="cozy")
#: a Boss that deals 20 (a Coaster Shield cuts it), whatever the set calls it
BOSS_20 = next(c.id for c in COZY.content.rooms.values() if c.type == "boss" and c.damage == 20)


# ---------------------------------------------------------------- the engine's chance tree, exactly

Z = (Fraction(0),) * 5  # hp lost, death, loot, power, won


def _add(a, b, w=Fraction(1)):
    return tuple(x + w * y for x, y in zip(a, b))


def _delta(game, before, move, p):
    """(hp lost, death, loot, power) of ``p`` over the engine's steps of one move, and the resting state."""
    lost = death = loot = power = 0
    last = before
    for s in micro_states(game, before, move):
        a, b = last.players[p], s.players[p]
        if b.hp < a.hp:
            lost += a.hp - b.hp
            death += b.hp == 0
        loot += max(0, len(b.hand) - len(a.hand))
        power += max(0, len(b.powerups) - len(a.powerups))
        last = s
    return (Fraction(lost), Fraction(death), Fraction(loot), Fraction(power), Fraction(0)), last


def tree_expectation(game, state, p, room):
    """Expected (hp lost, death, loot, power, won) of ``p`` revealing ``room``, over the engine's chance tree.

    Player decisions: the teammate / Boss-player the bots choose, a Lucky Bottle
    Cap reroll whenever offered, otherwise pass or the first option. Loot and
    Power-Up draws are counted, not expanded (which card is drawn changes no
    count here). Boss ties go back to the roll: solved as a geometric series.
    """
    bot = make_bot("strong")

    def terminal(s):
        return s.phase == "over" or not s.stack or not s.in_turn or s.active != p

    def won(s):
        return Fraction(int(s.players[p].at == room or (s.phase == "over" and p in s.winners)))

    def decide(s):
        moves = game.legal_moves(s)
        f = s.top
        if f.kind == "battle":
            q = bot.best_partner(game, s, p) if f.battle == "team" else bot.best_boss(game, s, p)
            return Move(p, "choose", (q,))
        for verb in ("reroll", "pass"):
            for m in moves:
                if m.verb == verb:
                    return m
        return moves[0]

    def explore(s, anchor):
        total, loop = Z, Fraction(0)
        if game.is_chance(s):
            outs = engine.outcomes(game, s)
            if s.top.kind in ("draw", "power"):
                outs = outs[:1]
                outs = [(outs[0][0], 1)]
            branches = [(m, Fraction(pr).limit_denominator(10 ** 6)) for m, pr in outs]
        else:
            branches = [(decide(s), Fraction(1))]
        assert sum(w for _, w in branches) == 1
        for m, w in branches:
            d, nxt = _delta(game, s, m, p)
            v, l_ = go(nxt, anchor)
            if l_:
                assert d == Z, "no HP changes on the way round a tie"
            total = _add(total, _add(d, v), w) if not l_ else _add(total, v, w)
            loop += w * l_
        return total, loop

    memo = {}

    def go(s, anchor):
        key = (s, anchor)
        if key not in memo:
            memo[key] = _go(s, anchor)
        return memo[key]

    def _go(s, anchor):
        if anchor is not None and s == anchor:
            return Z, Fraction(1)
        if terminal(s):
            return _add(Z, (0, 0, 0, 0, won(s))), Fraction(0)
        f = s.top
        if f.kind == "battle" and f.stage == "roll" and f.battle == "boss" and not f.dice:
            v, l_ = explore(s, s)
            return tuple(x / (1 - l_) for x in v), Fraction(0)
        return explore(s, anchor)

    d, after = _delta(game, state, Move(p, "reveal", (room,)), p)
    v, _ = go(after, None)
    return _add(d, v)


def outlook_vector(o):
    return (o.hp_lost, o.death, o.loot, o.power, o.win)


@pytest.mark.parametrize("spec", [
    # a known Monster behind two traps at low HP: Barbarian's Last Gulp, a Lucky Bottle Cap reroll, deaths possible
    dict(players={0: {"at": 3, "hp": 20, "powerups": ["lucky-bottle-cap"]}},
         rooms={3: "puddle-pup", 17: {"card": "soda-kraken", "up": False, "public": True, "traps": 2}}),
    # a known Team Battle with the Knight as teammate (+2) and a Power-Up lying in the room
    dict(players={0: {"at": 3, "hp": 10, "powerups": ["fizzing-gauntlets", "lucky-bottle-cap"]}},
         rooms={3: "puddle-pup",
                17: {"card": "tidal-twins", "up": False, "public": True, "powerups": ["swirl-compass"]}}),
    # a known Boss: the roll-off with ties rolled again; a Coaster Shield cuts the 20 damage to 10
    dict(players={0: {"at": 3, "hp": 20, "powerups": ["crown-of-froth", "coaster-shield"]}},
         rooms={3: "puddle-pup", 17: {"card": BOSS_20, "up": False, "public": True, "traps": 1}}),
    # the Hoard with three Power-Ups: the Guardian at once
    dict(players={0: {"at": 3, "hp": 10, "powerups": ["crown-of-froth", "coaster-shield", "bubble-boots"]}},
         rooms={3: "puddle-pup", 17: {"card": "drink-hoard", "up": False, "public": True}}),
])
def test_outlook_of_a_known_room_equals_the_engine_chance_tree(spec):
    s = COZY.position(**spec)
    o = reveal_outlook(COZY, s, 17)
    assert outlook_vector(o) == tree_expectation(COZY, s, 0, 17)
    assert o.known and len(o.identities) == 1


def test_outlook_of_an_unseen_room_is_the_mix_of_its_identities():
    """The unseen room's outlook is each identity's outlook (as if known) weighted by the engine's chance of it."""
    s = COZY.position(players={0: {"at": 3, "hp": 20, "powerups": ["fizzing-gauntlets"]}},
                      rooms={3: "puddle-pup", 4: "kettle-imp", 17: {"traps": 1}})
    o = reveal_outlook(COZY, s, 17)
    chances = {c: Fraction(pr).limit_denominator(10 ** 6) for c, pr in engine.identity_outcomes(COZY, s)}
    assert {x.card.id: x.chance for x in o.identities} == chances
    mix = Z[:4] + (Fraction(0),)
    for card, pr in chances.items():
        known = COZY.position(players={0: {"at": 3, "hp": 20, "powerups": ["fizzing-gauntlets"]}},
                              rooms={3: "puddle-pup", 4: "kettle-imp",
                                     17: {"card": card, "up": False, "public": True, "traps": 1}})
        mix = _add(mix, outlook_vector(reveal_outlook(COZY, known, 17)), pr)
    assert outlook_vector(o) == mix


@pytest.mark.slow
def test_outlook_of_an_unseen_room_equals_the_engine_chance_tree():
    """Every identity the engine may draw, each with its own dice: 45 kinds of tile, exactly."""
    s = COZY.position(players={0: {"at": 3, "hp": 30, "powerups": ["fizzing-gauntlets"]}},
                      rooms={3: "puddle-pup", 4: "kettle-imp", 17: {"powerups": ["bubble-boots"]}})
    o = reveal_outlook(COZY, s, 17)
    assert not o.known and sum(x.chance for x in o.identities) == 1
    assert outlook_vector(o) == tree_expectation(COZY, s, 0, 17)


def test_outlook_numbers_are_the_odds_module_numbers():
    s = COZY.position(players={0: {"at": 3, "powerups": ["fizzing-gauntlets"]}},
                      rooms={3: "puddle-pup", 17: {"card": "steeping-sphinx", "up": False, "public": True}})
    o = reveal_outlook(COZY, s, 17)
    assert o.win == win_probability("monster", level=11, bonus=2)
    assert o.hp_lost == expected_hp_loss("monster", damage=10, level=11, bonus=2)
    assert o.loot == o.win * 2 and o.power == 0 and o.death == 0
    assert "+2 from Fizzing Gauntlets (Power-Up)" in o.steps[1] and "(rule H5)" in o.steps[1]
    # what if: 10 HP left, a loss is a death
    low = reveal_outlook(COZY, s, 17, hp=10)
    assert low.win == win_probability("monster", level=11, bonus=4), "Last Gulp: +2 at 40 HP or less"
    assert low.death == 1 - low.win and "H10" in low.text()


def test_hidden_identities_stay_hidden():
    """A room only player 2 peeked at is a distribution for player 1 and known to player 2."""
    s = COZY.position(players={0: {"at": 3}, 1: {"at": 4}},
                      rooms={3: "puddle-pup", 4: "fizzle-bat",
                             17: {"card": "hot-spring-hydra", "up": False, "seen": [1]}})
    mine = reveal_outlook(COZY, s, 17, player=0)
    theirs = reveal_outlook(COZY, s, 17, player=1)
    assert not mine.known and len(mine.identities) > 10
    assert "Hot Spring Hydra" not in mine.text()
    assert theirs.known and theirs.identities[0].card.id == "hot-spring-hydra" and "you saw it" in theirs.text()
    # the player's own view is accepted, another player's view is refused
    assert reveal_outlook(COZY, COZY.view(s, 0), 17, player=0).known is False
    with pytest.raises(GameError, match="player 2's view"):
        reveal_outlook(COZY, COZY.view(s, 1), 17, player=0)


# ---------------------------------------------------------------- reach equals the engine's moves


def walk_engine(game, state, p):
    """Rooms the engine lets ``p`` get to with enter/teleport moves (traps disarmed), explored move by move."""
    seen, todo, where = {state}, [state], set()
    while todo:
        s = todo.pop()
        for m in game.legal_moves(s, p):
            if m.verb not in ("enter", "teleport"):
                continue
            t = game.apply(s, m)
            while game.is_chance(t) or (t.stack and t.top.kind not in ("window",) and game.to_move(t)):
                if game.is_chance(t):
                    outs = engine.outcomes(game, t)
                    roll = [x for x, _ in outs if x.verb == "roll"]
                    t = game.apply(t, max(roll, key=lambda x: x.args[1]) if roll else outs[0][0])
                else:
                    t = game.apply(t, game.legal_moves(t)[0])
            while t.stack and t.top.kind == "window":
                t = game.apply(t, Move(game.to_move(t)[0], "pass", ()))
            where.add(t.players[p].at)
            if t.active == p and t.in_turn and not t.stack and t not in seen:
                seen.add(t)
                todo.append(t)
    where.discard(state.players[p].at)
    return where


def idle_positions(seeds=range(4), every=9, players=3):
    """Idle positions (the active player between moves) from greedy and strong games."""
    out = []
    for seed in seeds:
        g = BarcadiaGame(players=players, dungeon="cozy" if players <= 3 else "grand")
        s = Session(g, seed=seed)
        bots = {p: make_bot("greedy" if p % 2 else "strong", seed * 10 + p) for p in range(players)}
        k = 0
        while not g.is_over(s.state) and k < 2000:
            st = s.state
            if not st.stack and st.phase == "play" and k % every == 0:
                out.append((g, st))
            run_bots(s, bots, max_moves=1)
            k += 1
    return out


def test_reach_equals_the_rooms_the_engine_lets_the_cup_walk_to():
    check_reach(idle_positions(seeds=range(2), every=6) + idle_positions(seeds=range(1), every=8, players=4), 20)


@pytest.mark.slow
def test_reach_equals_the_engine_in_many_positions():
    check_reach(idle_positions(seeds=range(6), every=2) + idle_positions(seeds=range(4), every=3, players=4), 300)


def check_reach(positions, least):
    assert len(positions) > least
    checked = 0
    for g, s in positions:
        p = s.active
        r = reach(g, s)
        assert set(r.routes) == walk_engine(g, s, p)
        for route in r.routes.values():
            assert route.steps <= r.steps and route.path[0] == s.players[p].at and route.path[-1] == route.room
            assert route.traps == sum(s.rooms[b].traps for _, b, _ in route.hops)
        checked += bool(r.routes)
    assert checked > least // 2


def test_reach_follows_its_routes_move_by_move_in_the_engine():
    g = COZY
    s = g.position(players={0: {"at": 3, "powerups": ["bubble-boots"]}, 1: {"at": 5}},
                   rooms={3: "puddle-pup", 4: {"card": "kettle-imp", "traps": 1}, 5: "fizzle-bat", 18: "sip-serpent",
                          17: "lime-lich", 20: "whirlpool-pourtal", 21: "froth-wraith", 22: "lemon-squeezer"})
    r = reach(g, s)
    assert r.steps == 3 and "Bubble Boots" in r.notes[0]
    assert 5 not in r.routes, "an occupied room is never entered (H3)"
    assert r.routes[22].path == (3, 0, 20, 21, 22) and r.routes[22].pourtal
    assert r.routes[18].path == (3, 17, 18) and r.routes[18].traps == 0, "around the trap in r4"
    for route in r.routes.values():
        t = s
        for a, b, kind in route.hops:
            m = Move(0, "enter" if kind == "step" else "teleport", (b,))
            assert m in g.legal_moves(t), (route, m)
            t = g.apply(t, m)
            while g.is_chance(t):
                t = g.apply(t, Move(None, "roll", (0, 20)))
        assert t.players[0].at == route.room
    # mid-action: the steps left; another player: their next turn
    mid = g.apply(s, "p1 enter r17")
    assert reach(g, mid).steps == 2 and "under way" in reach(g, mid).notes[0]
    other = reach(g, s, player=1)
    assert other.steps == 2 and "next turn" in other.notes[0]
    assert reach(g, s, steps=0, pourtals=0).routes == {}
    g2 = g.view(s, 0)
    assert reach(g, g2, 0).routes.keys() == r.routes.keys()
    drawn = r.graph
    assert drawn.nodes["r22"]["reachable"] and drawn.edges["START", "r20"]["kind"] == "pourtal"


# ---------------------------------------------------------------- fight or go around, best move


def test_fight_or_go_around_compares_plans_and_explains_the_verdict():
    g = COZY
    s = g.position(players={0: {"at": 3, "hp": 30}},
                   rooms={3: "puddle-pup", 4: "lemon-squeezer", 5: {"card": "fizzle-bat", "traps": 2},
                          17: {"card": "tidal-twins", "up": False, "public": True}})
    c = fight_or_go_around(g, s, 17)
    assert c.fight.outlook.known and c.fight.value == c.fight.outlook.value
    assert c.best is max([c.fight] + list(c.around), key=lambda x: x.value)
    assert c.best is not c.fight and c.verdict.startswith("Go around")
    assert all(p.room != 17 for p in c.around)
    walked = [p for p in c.around if p.route is not None]
    assert walked and all(p.turns == 1 and p.door == p.route.room for p in walked)
    # a walk over the two traps of r5 adds their expected loss to the reveal's
    via5 = [p for p in walked if p.door == 5]
    for p in via5:
        assert p.hp_lost >= trap_odds(2, 30).expected_damage
    assert "Values count a Loot Card 8 HP" in c.text()
    assert c.fight.turns == 0 and all(p.turns == (0 if p.route is None else 1) for p in c.around)
    # not on turn: player 2 asks about their next turn; a walk then reveals the turn after
    s2 = COZY.position(players={0: {"at": 3}, 1: {"at": 4}},
                       rooms={3: "puddle-pup", 4: "lemon-squeezer", 17: {"traps": 1}})
    c2 = fight_or_go_around(g, s2, 17, player=1)
    assert c2.fight.turns == 1 and "next turn" in c2.fight.headline()
    assert any(p.turns == 2 and "the turn after next" in p.headline() for p in c2.around)
    # the action spent (a step taken): the reveal waits, the steps left still walk this turn
    s3 = g.apply(COZY.position(players={0: {"at": 3}}, rooms={3: "puddle-pup", 4: "lemon-squeezer",
                                                                17: "fizzle-bat"}), "p1 enter r4")
    c3 = fight_or_go_around(g, s3, 18)
    assert c3.fight.turns == 1 and any(p.route is not None and "this turn" in p.headline() for p in c3.around)
    with pytest.raises(GameError, match="not next to"):
        fight_or_go_around(g, s, 25)
    with pytest.raises(GameError, match="face up"):
        fight_or_go_around(g, s, 4)


def test_best_move_is_the_strong_bot_on_the_players_view():
    for g, s in idle_positions(seeds=range(2), every=15):
        p = g.to_move(s)[0]
        a = best_move(g, s)
        assert a.move == make_bot("strong", 0).choose(g, g.view(s, p), p)
        assert a.reasons and a.words and a.text == g.move_to_text(a.move)
        if a.move.verb == "reveal":
            assert a.outlook is not None and a.options


def test_best_move_in_a_battle_window_and_refusals():
    g = BarcadiaGame(players=3, dungeon="cozy")
    s = g.position(players={0: {"at": 3, "hand": ["courage"]}},
                   rooms={3: "puddle-pup", 17: {"card": "cerbubble", "up": False, "public": True}})
    s = g.apply(s, "p1 reveal r17")
    a = best_move(g, s)
    assert a.move.verb == "choose" and "Team Battles" in a.reasons[0] and "H-TEAM1" in a.reasons[0]
    s = g.apply(s, a.move)
    a = best_move(g, s)
    assert "The roll about to be made" in a.reasons[0]
    with pytest.raises(GameError, match="not player 2's"):
        best_move(g, s, player=1)
    s2 = g.apply(s, a.move)
    while not g.is_chance(s2):
        s2 = g.apply(s2, g.legal_moves(s2)[-1])
    with pytest.raises(GameError, match="chance moves next"):
        best_move(g, s2)
    with pytest.raises(GameError, match="unknown bot level"):
        best_move(g, s, level="genius")


def test_playouts_give_each_player_a_share_of_the_wins():
    s = COZY.position(players={0: {"at": 3, "powerups": ["fizzing-gauntlets", "crown-of-froth", "coaster-shield"]}},
                      rooms={3: "puddle-pup", 4: "drink-hoard"})
    r = playouts(COZY, s, n=6, level="greedy")
    assert r.finished == 6 and abs(sum(r.wins) - 1) < 1e-9
    assert r.wins[0] > r.wins[1], "three Power-Ups next to the Hoard"
    assert "playouts" in r.text()
    with pytest.raises(GameError, match="whole game"):
        playouts(COZY, COZY.view(s, 0))


# ---------------------------------------------------------------- whole games


def test_micro_states_end_where_the_engine_ends():
    for seed in range(2):
        g = BarcadiaGame(players=4, dungeon="grand", crits=True)
        s = Session(g, seed=seed)
        run_bots(s, {p: make_bot(("random", "greedy", "strong", "greedy")[p], seed + p) for p in range(4)})
        for node in s.current.path():
            if node.parent.state.phase == "play":
                assert micro_states(g, node.parent.state, node.move)[-1] == node.state


def test_game_record_counts_a_forced_death():
    g = COZY
    s0 = g.position(players={0: {"at": 3, "hp": 10, "powerups": ["crown-of-froth"], "hand": ["dash", "peek"]}},
                    rooms={3: "puddle-pup", 17: {"card": "cola-colossus", "up": False, "public": True}})
    s = Session(g, seed=0, state=s0, auto_chance=False)
    s.play("p1 reveal r17")
    s.play("p1 pass")  # p1 holds cards: asked in the battle window (H19)
    s.play_chance("roll p1 3")
    while g.legal_moves(s.state) and not g.is_chance(s.state) and s.state.active == 0 and s.state.stack:
        s.play(g.legal_moves(s.state)[0])
    r = game_record(s)
    assert r.players[0].deaths == 1 and r.players[0].hp_lost == 10 and r.players[0].reveals == 1
    assert s.state.players[0].hp == 100 and s.state.players[0].powerups == ()
    assert "1 death" in r.text()


@pytest.fixture(scope="module")
def small_stats():
    return bot_stats(games=3, seed=3)


def test_bot_stats_are_seeded_and_balanced(small_stats):
    a = small_stats
    assert play_bot_game(["greedy", "random"], seed=4) == play_bot_game(["greedy", "random"], seed=4)
    assert [r.seats for r in a.by_level] == [3, 3, 3]
    assert abs(sum(r.wins for r in a.by_level) - 3) < 1e-9
    assert [g.levels for g in a.games] == [("random", "greedy", "strong"), ("greedy", "strong", "random"),
                                           ("strong", "random", "greedy")]  # the core's rotation: every seat once
    for r in a.by_level:
        assert r.win_rate == a.win_rate(r.level)  # Barcadia's numbers and the core's agree
        assert 0 <= r.win_rate <= 1 and r.turns > 0 and r.hp_lost >= 0 and r.deaths >= 0
    assert "win rate" in a.text()
    rec = play_bot_game(["greedy", "strong"], seed=1)
    assert rec.turns > 0 and len(rec.players) == 2 and rec.players[0].level == "greedy"
    with pytest.raises(GameError):
        bot_stats(levels=["random", "godlike"])
    with pytest.raises(GameError):
        bot_stats(games=0)


# ---------------------------------------------------------------- tables and plots


def test_tables_match_the_odds_module_and_the_docs():
    rows = monster_odds(bonuses=(0, 2, 4))
    assert len(rows) == 28  # 22 Monsters and 6 Team Battles of the shipped set
    for r in rows:
        assert r["chances"] == tuple(win_probability(r["type"], level=r["level"], bonus=b) for b in (0, 2, 4))
    assert monster_odds(COZY, (0,))[0]["id"] == "puddle-pup"
    t = trap_table(hps=(10, 20, 30), traps=(1, 2, 3))
    assert [[str(x) for x in r["survive"]] for r in t] == [["11/20", "121/400", "1331/8000"],
                                                           ["1", "319/400", "2299/4000"], ["1", "1", "7271/8000"]]
    assert bonuses_in_play(COZY, COZY.position(), 1, "team") == [("Loyal Shield (Signature Move)", 2, "H-SIG2")]


def test_plots_draw(small_stats):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    for kind in ("monster", "team", "boss"):
        ax = plot_win_chances(kind)
        assert ax.get_lines()
    ax = plot_trap_survival(max_traps=4)
    assert len(ax.get_lines()) == 5
    axes = plot_bot_stats(small_stats)
    assert len(axes) == 4
    plt.close("all")


# ---------------------------------------------------------------- positions by hand


def test_position_spec_round_trip_and_edits():
    s = COZY.position(players={0: {"at": 3, "hp": 70, "hand": ["dash"]}, 1: {"powerups": ["bubble-boots"]}},
                      rooms={3: "puddle-pup", 9: {"traps": 2}, 17: {"card": "cerbubble", "up": False, "public": True}})
    assert COZY.position(**position_spec(COZY, s)) == s
    s2 = edit_position(COZY, s, room=17, up=True)
    assert s2.rooms[17].up and s2.rooms[17].public
    s3 = edit_position(COZY, s2, room=17, up=False)
    assert not s3.rooms[17].up and s3.rooms[17].public, "turned down again: a re-hidden room (H15)"
    assert edit_position(COZY, s2, player=1, at="r17").players[1].at == 17
    with pytest.raises(GameError, match="face down"):
        edit_position(COZY, s3, player=1, at="r17")
    assert edit_position(COZY, s, active=1).active == 1
    assert edit_position(COZY, s, room=17, card=None).rooms[17] == COZY.position().rooms[17]


@pytest.mark.parametrize("kw, match", [
    (dict(player=0, hp=130), "H9"),
    (dict(player=0, at="r20"), "face down"),
    (dict(player=1, at="r3"), "r3 holds 2 cups"),
    (dict(room=3, traps=1), "occupied"),
    (dict(room=9, traps=4), "0 to 3"),
    (dict(room=9, up=True), "without an identity"),
    (dict(room=9, card="dragon", up=True), "unknown room"),
    (dict(player=0, powerups=["bubble-boots"] * 4), "at most"),
    (dict(player=0, wings=2), "no field 'wings'"),
    (dict(room=0, traps=1), "Starting Point"),
    (dict(room="r99", traps=1), "no room"),
    (dict(player=7, hp=50), "player must be"),
    (dict(hp=50), "either player= or room="),
    (dict(player=0, hp="lots"), "whole number"),
])
def test_bad_edits_are_refused_with_their_rule(kw, match):
    s = COZY.position(players={0: {"at": 3}}, rooms={3: "puddle-pup"})
    with pytest.raises(GameError, match=match):
        edit_position(COZY, s, **kw)


junk = st.one_of(st.none(), st.booleans(), st.integers(-5, 200), st.text(max_size=6),
                 st.lists(st.sampled_from(["dash", "redo", "x", "bubble-boots", "kettle-imp", ""]), max_size=5),
                 st.floats(allow_nan=True))


@settings(max_examples=150, deadline=None)
@given(target=st.sampled_from(["player", "room"]), which=st.integers(-1, 35),
       field=st.sampled_from(["hp", "at", "hand", "powerups", "pouch", "card", "up", "public", "traps", "seen",
                              "pocket", "power_traps", "pocket_used", "bogus"]), value=junk)
def test_any_edit_is_a_position_or_a_game_error(target, which, field, value):
    s = COZY.position(players={0: {"at": 3}}, rooms={3: "puddle-pup"})
    try:
        out = edit_position(COZY, s, **{target: which, field: value})
    except GameError:
        return
    assert not COZY.validate(out)


@settings(max_examples=60, deadline=None)
@given(room=st.one_of(st.integers(-3, 40), st.text(max_size=4), st.none(), st.floats()),
       player=st.one_of(st.none(), st.integers(-2, 4), st.text(max_size=2)))
def test_questions_about_bad_rooms_and_players_are_game_errors(room, player):
    s = COZY.position(players={0: {"at": 3}}, rooms={3: "puddle-pup", 17: {"traps": 1}})
    for fn in (reveal_outlook, fight_or_go_around):
        try:
            fn(COZY, s, room, player)
        except GameError:
            pass


@pytest.mark.parametrize("call", [
    lambda: reach(COZY, "not a state"),
    lambda: reach(COZY, COZY.initial_state()),
    lambda: reach(object(), COZY.position()),
    lambda: reach(COZY, COZY.position(), steps=-1),
    lambda: reveal_outlook(COZY, COZY.position(), 0),
    lambda: reveal_outlook(COZY, COZY.position(), 3, hp=0),
    lambda: monster_odds(bonuses=("a",)),
    lambda: monster_odds(kinds=("boss",)),
    lambda: trap_table(hps=(0,)),
    lambda: plot_win_chances("dragon"),
    lambda: bonuses_in_play(COZY, COZY.position(), 0, "dance"),
    lambda: position_spec(COZY, "x"),
    lambda: plot_bot_stats("x"),
    lambda: game_record(Session(COZY, seed=0), ["greedy"]),
])
def test_bad_input_is_a_game_error(call):
    with pytest.raises(GameError):
        call()


def test_content_and_diy_problems_are_listed():
    assert content_problems(None) == []  # the shipped set
    probs = content_problems('{"rooms": [{"id": "imp", "type": "monster", "level": 0}], "hp_full": 95}')
    rules = [r for r, _ in probs]
    assert "H9" in rules and "H-MON1" in rules and len(probs) >= 5
    assert content_problems("{not json")[0][1].startswith("the content is not valid JSON")
    assert "cannot read" in content_problems("/no/such/file.json")[0][1]
    assert diy_problems("Hop", "pink", "whenever", [("fly", 1)]) and len(diy_problems("Hop", "pink", "whenever",
                                                                                       [("fly", 1)])) == 3


def test_best_move_explains_a_duel_with_its_odds():
    s = COZY.position(players={0: {"at": 3}, 1: {"at": 4, "hp": 10, "powerups": ["bubble-boots"]}},
                      rooms={3: "puddle-pup", 4: "kettle-imp"})
    a = best_move(COZY, s, level="greedy")
    assert a.text == "p1 duel r4" and "player 2 (10 HP, 1 Power-Up)" in a.reasons[0] and "50% to win" in a.reasons[0]
