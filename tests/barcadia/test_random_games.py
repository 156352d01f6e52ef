"""Random full games (random, greedy and strong bots, 2-6 players, variants on and off) with invariants after every move."""

import random
from collections import Counter

import pytest

from balada_widgets.barcadia import BarcadiaGame, make_bot
from balada_widgets.barcadia.ops import loot_deck, power_pool, trap_supply
from balada_widgets.core import GameError, Session
from balada_widgets.core.bots import run_bots


def check_invariants(g: BarcadiaGame, s):
    c = g.content
    pending = {f.who for f in s.stack if f.kind in ("place", "death")}
    at = Counter(pl.at for pl in s.players if pl.at != 0)
    assert all(v == 1 for v in at.values()), "one cup per room but START"
    for p, pl in enumerate(s.players):
        assert 0 <= pl.hp <= c.hp_full
        assert pl.at == 0 or s.rooms[pl.at].up, "a face-down room is never occupied"
        if not g.frenzy and p not in pending:
            assert len(pl.powerups) <= 3
    occupied = {pl.at for pl in s.players}
    for i, r in enumerate(s.rooms):
        assert 0 <= r.traps <= 3
        if i == 0 or i in occupied:
            assert r.traps == 0, "no trap on START or an occupied room"
        if r.up:
            assert r.card is not None and r.public
    # conservation: Loot 75 (+ DIY), Power-Ups 25, traps 16
    deck = loot_deck(g, s)
    assert sum(deck.values()) + sum(len(pl.hand) for pl in s.players) + len(s.discard) == sum(g.loot_total.values())
    assert Counter(s.discard) + sum((Counter(pl.hand) for pl in s.players), Counter()) + deck == g.loot_total
    pool = power_pool(g, s)
    held = sum(len(pl.powerups) for pl in s.players) + sum(len(r.powerups) for r in s.rooms)
    assert held + len(s.pu_bottom) + sum(pool.values()) == 25
    supply = trap_supply(g, s)
    assert supply >= 0
    assert supply + sum(r.traps for r in s.rooms) + sum(len(pl.power_traps) + pl.pouch for pl in s.players) == 16
    assert not g.validate(s)


def random_junk(rng, g, s):
    """A move text drawn from the whole move space: mostly illegal, some malformed."""
    n = len(s.rooms)
    room = rng.choice(["START", f"r{rng.randrange(0, n + 3)}", "r-1", "rX"])
    card = rng.choice(list(g.content.loot) + list(g.content.powerups) + ["nonsense", "DASH!"])
    p = f"p{rng.randrange(0, g.players + 2)}"
    verb = rng.choice(["reveal", "enter", "claim", "home", "teleport", "duel", "play", "pick", "pass", "end", "choose",
                       "reroll", "place", "drop", "keep", "give", "scout", "disarm", "mark", "rig", "take", "build",
                       "fly"])
    forms = [f"{p} {verb} {room}", f"{p} {verb} {card}", f"{p} {verb}", f"{p} {verb} {card} {room}",
             f"roll {p} {rng.randrange(-2, 25)}", f"draw {p} {card}", f"room {room} {card}", "", "p1", "  ",
             f"{p} pick {p}:{card}", f"build {rng.randrange(-9, 9)},{rng.randrange(-9, 9)}", "peek p1 r3 ?"]
    return rng.choice(forms)


def play_checked(players, levels, seed, check_every=1, junk=2, **opts):
    g = BarcadiaGame(players=players, **opts)
    s = Session(g, seed=seed)
    rng = random.Random(seed)
    bots = {p: make_bot(levels[p % len(levels)], seed * 7 + p) for p in range(players)}
    n = 0
    while not g.is_over(s.state):
        st = s.state
        if n % check_every == 0:
            check_invariants(g, st)
            for _ in range(junk):  # bad input is refused with a GameError and changes nothing
                t = random_junk(rng, g, st)
                try:
                    m = g.parse_move(t, st)
                except GameError:
                    continue
                if m in g.legal_moves(st):
                    continue
                with pytest.raises(GameError):
                    s.play(t)
                assert s.state is st
        p = g.to_move(st)[0]
        view = g.view(st, p)
        m = bots[p].choose(g, view, p)
        if n % check_every == 0:
            assert g.legal_moves(view, p) == g.legal_moves(st, p)
            words = {q: g.describe_move(st, m, q) for q in (None, *range(players))}
            assert all(words.values()) and g.pending(view).player == p
            odds = g.battle_odds(view)
            assert odds is None or 0 <= odds.p_win <= 1
        s.play(m)
        if n % check_every == 0 and s.history:  # chance moves after it: masked for the others
            for node in s.current.path()[-3:]:
                for q in range(players):
                    t = g.move_text_for(node.move, q)
                    assert "?" not in t or node.by_chance or node.move.verb in ("keep", "give")
        n += 1
        assert n < 20_000
    check_invariants(g, s.state)
    assert s.state.winners
    return s


@pytest.mark.parametrize("players,levels,opts", [
    (2, ("greedy",), {"dungeon": "cozy"}),
    (3, ("random", "greedy"), {"turn_limit": 80, "crits": True}),
    (4, ("greedy", "random"), {"turn_limit": 120, "power_traps": True, "build": "play"}),
    (6, ("greedy",), {"frenzy": True, "dungeon": "grand", "turn_limit": 200}),
])
def test_random_full_games_keep_the_invariants(players, levels, opts):
    for seed in range(2):
        play_checked(players, levels, seed, check_every=3, **opts)


def test_save_load_of_every_reached_state():
    g = BarcadiaGame(players=3, dungeon="cozy", crits=True, power_traps=True)
    s = Session(g, seed=11)
    bots = {p: make_bot("greedy", p) for p in range(3)}
    k = 0
    while not g.is_over(s.state) and k < 250:
        run_bots(s, bots, max_moves=1)
        k += 1
        if k % 10 == 0:
            again = Session.from_json(s.to_json())
            assert again.state == s.state and again.history == s.history
            assert g.state_from_text(g.state_to_text(s.state)) == s.state
    assert Session.from_json(s.to_json()).state == s.state


@pytest.mark.parametrize("seed", range(20))
def test_four_greedy_bots_finish_every_seeded_game(seed):
    g = BarcadiaGame(players=4)
    s = Session(g, seed=seed)
    run_bots(s, {p: make_bot("greedy", seed * 10 + p) for p in range(4)})
    assert g.is_over(s.state) and s.state.end == "guardian" and len(s.state.winners) == 1


def test_strong_bots_finish_and_beat_random_ones_often():
    wins = Counter()
    for seed in range(6):
        g = BarcadiaGame(players=2, dungeon="cozy")
        s = Session(g, seed=seed)
        bots = {0: make_bot("strong", seed), 1: make_bot("random", seed)} if seed % 2 == 0 else \
            {0: make_bot("random", seed), 1: make_bot("strong", seed)}
        run_bots(s, bots, max_moves=50_000)
        assert g.is_over(s.state)
        for w in s.state.winners:
            wins[bots[w].level] += 1
    assert wins["strong"] >= 5


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_many_games_every_player_count(players):
    for seed in range(3):
        play_checked(players, ("greedy", "strong", "random"), 100 + seed, check_every=1, junk=1,
                     turn_limit=150, crits=seed == 1, power_traps=seed == 2, versatile=seed == 0,
                     frenzy=seed == 2 and players > 3)
