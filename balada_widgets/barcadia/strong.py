"""The strong Heroes of Barcadia bot: a turn planner over exact odds, on its own player's view only.

``make_bot("strong")`` returns a :class:`StrongBot`. It decides on
``game.view(state, player)`` (it takes that view itself when handed the whole
state), so hidden cards, others' peeks and unseen rooms never reach it: the
same view always gives the same move.

How it decides
--------------
*Values.* Everything is counted in one unit ("HP-equivalents"): a Loot Card
is worth :data:`~.bots.LOOT_VALUE`, the 1st/2nd/3rd Power-Up
:data:`PU_STEPS` (the third opens the Guardian, so it is worth most), the
game :data:`WIN_VALUE`. HP is worth a little per point plus the risk of a
death (:meth:`StrongBot.hp_value`): a death costs the last Power-Up, all Loot
Cards but one and the walk from START, so HP gets dear when it is low and
when Power-Ups are at stake, and is cheap at FULL with nothing to lose.
An opponent's gain or loss counts for the bot with that opponent's threat
weight (:meth:`StrongBot.weight`: more Power-Ups, more threat; 1 in a
2-player game).

*Rooms.* The value of revealing a face-down room (:meth:`StrongBot.reveal_value`)
is the expectation over every identity it may have (the undrawn tiles, ruling
P1, or the identity this player knows) of: the exact chance to win (odds of
:mod:`.odds`, with the bot's own Drain, Courage, Redo and Lucky Bottle Cap
when the stakes pay for the card) times the reward, less the chance to lose
times the HP cost; the best teammate or Boss-player for that battle; the
traps first; Power-Ups lying in the room. With three Power-Ups the Hoard is
worth the Guardian's 30% at the game's value, and every unseen room carries
its share of that chance.

*One turn ahead.* On its own turn the bot searches every way to spend it:
steps of Enter Revealed Rooms, Pourtal jumps, then an action (reveal, claim)
or stopping, with the traps and dropped Power-Ups on the way. Each ending is
scored by what it gets now plus the best plan from where the cup ends
(:meth:`StrongBot.future`): the best room to reveal, Hoard to claim or
Power-Up to pick up within a few turns, each turn of walking costing
:data:`TURN_COST`. A Dash is played when the extra action beats keeping it
(kept for extra tries at the Guardian once near three Power-Ups).

*Cards and choices.* Battle cards are played when the change in the exact
odds times the stakes (for the bot, or against an opponent's gain) beats the
card's worth: Boost and Mega Boost against a threat's battle, Drain and
Courage for its own, Redo only when the loss matters, Sneak Away out of a
losing fight. Between turns it heals when the HP is worth it, Splashes the
opponent it hurts most (a kill drops a Power-Up), traps the revealed Hoard
before a rival claims it and shoves a rival away from its door. In its turn:
Room Swap brings the Hoard next to it (or moves it away from a rival at its
door), a duel knocks a rival off the Hoard's door or finishes one with 10 HP
(the winner walks in and takes the dropped Power-Up), Peek and the Periscope
look before a reveal. A fourth Power-Up goes into a face-down room far from
every rival; a death leaves the least useful Power-Up and keeps the best card.

Measured strength (``bench/bench_barcadia_strength.py``): see the module
docstring of :mod:`.bots`.
"""

from __future__ import annotations

import math
from collections import deque

from . import engine
from .greedy import LOOT_VALUE, BarcadiaBot, win_chance
from .effects import battle_in_play, battle_sides, roll_bonuses
from .ops import (
    ability_total, enter_length, is_hoard, is_pourtal_for, max_pourtal_uses, occupied_set, trap_room_ok,
)
from .state import START, Move

#: the game won, in HP-equivalents
WIN_VALUE = 250.0
#: the 1st, 2nd and 3rd Power-Up (the third opens the Guardian)
PU_STEPS = (30.0, 40.0, 60.0)
#: what a turn spent walking costs (roughly what a turn brings)
TURN_COST = 8.0
#: a point of HP, apart from the risk of death
HP_SLOPE = 0.2
#: how fast the risk of a death fades with HP
RISK_SCALE = 22.0
#: turns ahead the plan looks
HORIZON = 5
#: what keeping a card is worth, when not said otherwise
HOLD = {"dash": 9.0, "redo": 12.0, "big-refill": 9.0, "room-swap": 8.0, "mega-boost": 7.0, "drain": 6.0,
        "courage": 6.0, "boost": 5.0, "jinx": 5.0, "sneak-away": 6.0, "thirst-aid": 5.0, "splash": 6.0,
        "trap": 3.0, "peek": 4.0, "shortcut": 5.0, "retreat": 4.0, "shove": 5.0, "pickpocket": 3.0,
        "disarm-kit": 4.0}
#: how useful a Power-Up stays in the race (kept at a death, the 4th placed away)
KEEP_PU = {"ever-spring-canteen": 9, "bubble-boots": 8, "swirl-compass": 7, "lucky-bottle-cap": 7,
           "fizzing-gauntlets": 7, "crown-of-froth": 6, "periscope-straw": 6, "dowsing-straw": 6,
           "stir-stick-rapier": 5, "coaster-shield": 5, "bottomless-satchel": 4, "friendship-flask": 3,
           "magnet-mitts": 2}


class _Ctx:
    """One decision's facts and caches (the view, the player, the map as the bot may walk it)."""

    def __init__(self, bot, game, v, p):
        self.game, self.v, self.p = game, v, p
        pl = v.players[p]
        self.pl = pl
        self.n = len(pl.powerups)
        self.need = game.content.guardian.power_ups
        self.L = enter_length(game, v, p)
        self.occ = occupied_set(v)
        self.others_at = {o.at for q, o in enumerate(v.players) if q != p}
        n_rooms = len(v.rooms)
        self.hoard = None  # the Hoard's room if this player knows where it is
        for i in range(1, n_rooms):
            if is_hoard(game, v, i):
                self.hoard = i
        self.hoard_up = self.hoard is not None and v.rooms[self.hoard].up and not v.hoard_beaten
        if v.hoard_beaten:
            self.hoard = None
        self.passable = [False] * n_rooms
        for i in range(n_rooms):
            if i == START:
                self.passable[i] = True
                continue
            r = v.rooms[i]
            self.passable[i] = (r.up and i not in self.others_at
                                and not (is_hoard(game, v, i) and not v.hoard_beaten))
        self.ports = [i for i in range(n_rooms) if is_pourtal_for(game, v, i, p)]
        self.port_set = set(self.ports)
        self.open_ports = [i for i in self.ports if i == START or i not in self.others_at]
        self._dist = {}
        self._future = {}
        self._rv = {}
        self._unknown = None
        self._identities = None


class StrongBot(BarcadiaBot):
    """The strong level (see the module docstring)."""

    LEVELS = ("strong",)

    def __init__(self, level: str = "strong", seed=0):
        super().__init__("strong", seed)

    # ================================================================ entry point
    def choose(self, game, state, player: int):
        if state.viewer != player:
            state = game.view(state, player)  # never more than the player may know
        moves = game.legal_moves(state, player)
        if not moves:
            return super().choose(game, state, player)  # the refusal's words
        if len(moves) == 1:
            return moves[0]
        ctx = _Ctx(self, game, state, player)
        self._ctx = ctx
        f = state.top
        kind = f.kind if f is not None else "idle"
        handler = getattr(self, f"_s_{kind}", None)
        m = handler(ctx, moves, f) if handler else None
        if m is None or m not in moves:
            handler = getattr(self, f"_on_{kind}", None)  # the greedy plan for anything not covered
            m = handler(game, state, player, moves, f) if handler else None
        if m is None or m not in moves:
            m = self._fallback(moves)
        return m

    def _c(self, game, state, p) -> _Ctx:
        ctx = getattr(self, "_ctx", None)
        if ctx is None or ctx.v is not state or ctx.p != p or ctx.game is not game:
            ctx = _Ctx(self, game, state, p)
            self._ctx = ctx
        return ctx

    # ================================================================ values
    def pu_value(self, ctx, q=None) -> float:
        """What one more Power-Up is worth to player ``q`` (default: the bot)."""
        game = ctx.game
        n = ctx.n if q is None else len(ctx.v.players[q].powerups)
        if game.frenzy:
            return 30.0
        if game.cap is not None and n >= game.cap:
            return 3.0
        return PU_STEPS[min(n, len(PU_STEPS) - 1)]

    def death_cost(self, ctx, q) -> float:
        pl = ctx.v.players[q]
        n = len(pl.powerups)
        lost = 0.0
        if n:
            lost = 30.0 if ctx.game.frenzy else PU_STEPS[min(n, len(PU_STEPS)) - 1]
        return lost + 0.8 * LOOT_VALUE * max(0, len(pl.hand) - 1) + 12.0

    def hp_value(self, ctx, q, hp) -> float:
        """Worth of ``hp`` for player ``q``: a little per point, less the risk of dying (and what a death costs)."""
        d = self.death_cost(ctx, q)
        if hp <= 0:
            return -d + HP_SLOPE * ctx.game.content.hp_full * 0.5
        return HP_SLOPE * hp - d * math.exp(-hp / RISK_SCALE)

    def hp_cost(self, ctx, q, dmg, hp=None) -> float:
        """What drinking ``dmg`` costs player ``q`` (from ``hp``, default their HP now)."""
        if dmg <= 0:
            return 0.0
        h = ctx.v.players[q].hp if hp is None else hp
        return self.hp_value(ctx, q, h) - self.hp_value(ctx, q, h - dmg)

    def weight(self, ctx, q) -> float:
        """How much an opponent's gain is the bot's loss: their share of the threat (1 with one opponent)."""
        game = ctx.game
        if q == ctx.p:
            return -1.0
        if game.players == 2:
            return 1.0
        n_q = len(ctx.v.players[q].powerups)
        w = (1 + min(n_q, ctx.need)) / (game.players - 1)
        top = max(len(o.powerups) for o in ctx.v.players)
        if n_q == top and n_q > 0:
            w += 0.15
        return min(1.0, w)

    def reward_for(self, ctx, q, card) -> float:
        """Reward of a room card to player ``q`` if they win it (Loot, Power-Ups, Satchel)."""
        v = ctx.v
        extra = ability_total(ctx.game, v, q, "loot_on_win") if card.type in ("monster", "team", "boss") else 0
        pu = self.pu_value(ctx, q)
        return (card.loot + extra) * LOOT_VALUE + card.power * pu

    def claim_value(self, ctx, q=None) -> float:
        """A try at the Guardian for ``q``: its chance at the game, less the HP a loss costs (traps first)."""
        game = ctx.game
        q = ctx.p if q is None else q
        g = game.content.guardian
        pg = max(0.0, min(1.0, (21 - g.level) / 20))
        win = WIN_VALUE if not game.frenzy else 2 * 30.0
        cost = self.hp_cost(ctx, q, g.damage)
        traps = 0.0
        if ctx.hoard is not None:
            traps = self.trap_cost(ctx, q, ctx.hoard)
        return pg * win - (1 - pg) * cost - traps

    def trap_cost(self, ctx, q, room) -> float:
        k = ctx.v.rooms[room].traps
        if not k:
            return 0.0
        game = ctx.game
        bonus = sum(x.amount for x in roll_bonuses(game, ctx.v, q, "disarm"))
        fail = max(0.0, min(1.0, (game.content.disarm - 1 - bonus) / 20))
        hp = ctx.v.players[q].hp
        cost = 0.0
        for _ in range(k):
            cost += fail * self.hp_cost(ctx, q, game.content.trap_damage, hp)
            hp -= game.content.trap_damage * fail
        return cost

    # ---------------------------------------------------------------- battles
    def _help(self, ctx, kind, level, bonus, obonus, stakes, hero_is_me=True):
        """Chance to win a battle of the bot's own with the help it would spend on it, and the cards' worth spent."""
        game, v, p = ctx.game, ctx.v, ctx.p
        hand = set(v.players[p].hand) if hero_is_me else set()

        def pw_of(lv, b):
            if kind == "boss":
                return win_chance("boss", None, b, obonus)
            return win_chance(kind, lv, b)

        pw = pw_of(level, bonus)
        spent = 0.0
        for cid, lv_d, b_d in (("drain", -3, 0), ("courage", 0, 2)):
            if cid in hand and (kind != "boss" or lv_d == 0):
                new = pw_of(level + lv_d if level is not None else None, bonus + b_d)
                if (new - pw) * stakes > HOLD.get(cid, 6.0):
                    spent += HOLD.get(cid, 6.0)
                    pw = new
        # a second attempt: Redo (any battle), the Lucky Bottle Cap (Monster and Team, once a turn)
        again = 0
        if kind in ("monster", "team") and ability_total(game, v, p, "second_try") and p not in v.rerolled:
            again = 1
        if "redo" in hand and (1 - pw) * pw * stakes > HOLD["redo"]:
            spent += HOLD["redo"] * (1 - pw)
            again += 1
        for _ in range(again):
            pw = 1 - (1 - pw) * (1 - pw_of(level, bonus))
        return pw, spent

    def battle_value(self, ctx, card, hero=None, room=None):
        """(value to the bot, chance the bot enters) of fighting ``card`` as hero: best teammate / Boss-player."""
        game, v, p = ctx.game, ctx.v, ctx.p
        kind = card.type
        mine = sum(x.amount for x in roll_bonuses(game, v, p, kind))
        dmg_me = engine.shielded(game, v, p, card.damage, kind)[0]
        cost_me = self.hp_cost(ctx, p, dmg_me)
        reward = self.reward_for(ctx, p, card)
        if kind == "monster":
            pw, spent = self._help(ctx, "monster", card.level, mine, 0, reward + cost_me)
            return pw * reward - (1 - pw) * cost_me - spent, pw, None
        best = None
        for q in range(game.players):
            if q == p:
                continue
            w = self.weight(ctx, q)
            theirs = sum(x.amount for x in roll_bonuses(game, v, q, kind))
            if kind == "team":
                dmg_q = engine.shielded(game, v, q, card.damage, kind)[0]
                gift = w * self.reward_for(ctx, q, card)
                hurt = w * self.hp_cost(ctx, q, dmg_q)
                pw, spent = self._help(ctx, "team", card.level, mine + theirs, 0, reward + cost_me)
                val = pw * (reward - gift) - (1 - pw) * (cost_me - hurt) - spent
            else:
                dmg_q = engine.shielded(game, v, q, card.damage, kind)[0]
                hurt = w * self.hp_cost(ctx, q, dmg_q)
                pw, spent = self._help(ctx, "boss", None, mine, theirs, reward + cost_me + hurt)
                val = pw * (reward + hurt) - (1 - pw) * cost_me - spent
            key = (val, -theirs if kind == "boss" else theirs, -q)
            if best is None or key > best[0]:
                best = (key, val, pw, q)
        if best is None:
            return 0.0, 0.0, None
        return best[1], best[2], best[3]

    def identity_value(self, ctx, card):
        """(value, chance to end up inside) of revealing a room that turns out to be ``card``."""
        t = card.type
        if t in ("monster", "team", "boss"):
            val, pw, _ = self.battle_value(ctx, card)
            return val, pw
        if t == "reward":
            return self.reward_for(ctx, ctx.p, card), 1.0
        if t == "pourtal":
            return 5.0, 1.0
        # the Drink Hoard
        if ctx.game.frenzy or ctx.n >= ctx.need:
            cv = self.claim_value(ctx)
            pg = (21 - ctx.game.content.guardian.level) / 20
            return cv + (1 - pg) * 0.8 * max(cv, 0.0), 0.0
        threat = max((len(o.powerups) for q, o in enumerate(ctx.v.players) if q != ctx.p), default=0)
        return -3.0 - (20.0 if threat >= ctx.need else 0.0) + (4.0 if ctx.n == ctx.need - 1 else 0.0), 0.0

    def _unknown_dist(self, ctx):
        if ctx._identities is None:
            merged = {}
            for cid, pr in engine.identity_outcomes(ctx.game, ctx.v):
                merged[cid] = merged.get(cid, 0.0) + pr
            ctx._identities = sorted(merged.items())
        return ctx._identities

    def reveal_value(self, game, state, p, i) -> float:
        """Expected value (HP-equivalents) for ``p`` of revealing face-down room ``i`` (traps, identity, reward)."""
        ctx = self._c(game, state, p)
        return self._rv_of(ctx, i)

    def _rv_of(self, ctx, i) -> float:
        if i in ctx._rv:
            return ctx._rv[i]
        game, v = ctx.game, ctx.v
        r = v.rooms[i]
        if r.card is not None:
            val, enter = self.identity_value(ctx, game.content.rooms[r.card])
        else:
            if ctx._unknown is None:
                tv, te = 0.0, 0.0
                for cid, pr in self._unknown_dist(ctx):
                    val, enter = self.identity_value(ctx, game.content.rooms[cid])
                    tv += pr * val
                    te += pr * enter
                ctx._unknown = (tv, te)
            val, enter = ctx._unknown
        val -= self.trap_cost(ctx, ctx.p, i)
        if r.powerups:
            val += enter * len(r.powerups) * self.pu_value(ctx)
        if ctx.hoard_up and i in v.layout.adj[ctx.hoard] and (game.frenzy or ctx.n >= ctx.need):
            val += enter * 0.9 * max(0.0, self.claim_value(ctx))  # won, the cup stands at the Hoard's door
        ctx._rv[i] = val
        return val

    # ================================================================ the map
    def dist_from(self, ctx, e) -> dict:
        """Steps from ``e`` through rooms the bot may enter, Pourtal jumps free (0-1 breadth-first)."""
        d = ctx._dist.get(e)
        if d is not None:
            return d
        adj = ctx.v.layout.adj
        passable = ctx.passable
        d = {e: 0}
        dq = deque([e])
        while dq:
            i = dq.popleft()
            di = d[i]
            if i in ctx.port_set:
                for z in ctx.open_ports:
                    if d.get(z, 99) > di:
                        d[z] = di
                        dq.appendleft(z)
            for j in adj[i]:
                if passable[j] and d.get(j, 99) > di + 1:
                    d[j] = di + 1
                    dq.append(j)
        ctx._dist[e] = d
        return d

    def targets(self, ctx) -> list:
        """What the bot may want to reach: ``(value, key, doors, kind)`` (reveal a room, claim, pick up)."""
        t = getattr(ctx, "_targets", None)
        if t is not None:
            return t
        v, game = ctx.v, ctx.game
        out = []
        adj = v.layout.adj
        for i in range(1, len(v.rooms)):
            r = v.rooms[i]
            if not r.up:
                out.append((self._rv_of(ctx, i), ("r", i), adj[i], "reveal"))
            elif r.powerups and (game.cap is None or ctx.n < game.cap) and ctx.passable[i]:
                out.append((len(r.powerups) * self.pu_value(ctx) - self.trap_cost(ctx, ctx.p, i), ("u", i), (i,),
                            "pickup"))
        if ctx.hoard_up and (game.frenzy or ctx.n >= ctx.need):
            out.append((self.claim_value(ctx), ("c", ctx.hoard), adj[ctx.hoard], "claim"))
        out.sort(key=lambda x: -x[0])
        ctx._targets = out
        return out

    def future(self, ctx, e, exclude=None) -> float:
        """The best plan from room ``e`` at the start of a turn: a target's value less the turns of walking."""
        key = (e, exclude)
        if key in ctx._future:
            return ctx._future[key]
        d = self.dist_from(ctx, e)
        L = ctx.L
        best = -TURN_COST * (HORIZON + 1)
        for val, k, doors, kind in self.targets(ctx):
            if val <= best:
                break  # sorted: nothing further can beat it
            if k == exclude:
                continue
            if kind == "pickup":
                s = d.get(doors[0])
                if s is None or s == 0:
                    continue
                turns = -(-s // L) - 1
            else:
                s = min((d[y] for y in doors if y in d), default=None)
                if s is None:
                    continue
                turns = -(-s // L)
            if turns > HORIZON:
                continue
            score = val - TURN_COST * turns
            if score > best:
                best = score
        ctx._future[key] = best
        return best

    # ================================================================ the turn
    def _plan(self, ctx, action: bool, steps: int, ports: int, first=None):
        """Best ``(score, first move)`` of the rest of the turn (walks, jumps, then an action or a stop)."""
        v, game, p = ctx.v, ctx.game, ctx.p
        x = v.players[p].at
        adj = v.layout.adj
        acted = v.acted
        best = [None, None]

        def consider(score, move):
            if best[0] is None or score > best[0] + 1e-9:
                best[0], best[1] = score, move

        seen = {}
        stack = [(x, steps, ports, action, 0.0, frozenset(), first)]
        while stack:
            r, st, pt, act, acc, got, mv = stack.pop()
            key = (r, st, pt, act, got)
            if seen.get(key, -1e18) >= acc:
                continue
            seen[key] = acc
            # end here (an action must be taken if one is open and none was)
            if not act or acted >= 1:
                consider(acc + self.future(ctx, r), mv or Move(p, "end", ()))
            if act:
                # an action now, then the best plan after it (a bleak future counts nothing: walking there
                # first would not count it either)
                for j in adj[r]:
                    if not v.rooms[j].up:
                        consider(acc + self._rv_of(ctx, j) + max(0.0, self.future(ctx, r, ("r", j))),
                                 mv or Move(p, "reveal", (j,)))
                if ctx.hoard_up and r in adj[ctx.hoard] and (game.frenzy or ctx.n >= ctx.need):
                    consider(acc + self.claim_value(ctx) + max(0.0, self.future(ctx, r)), mv or Move(p, "claim", ()))
            # walk on
            if st > 0 or act:
                for j in adj[r]:
                    if not ctx.passable[j]:
                        continue
                    gain = 0.0
                    ng = got
                    rj = v.rooms[j]
                    if rj.traps:
                        gain -= self.trap_cost(ctx, p, j)
                    if rj.powerups and j not in got and (game.cap is None or ctx.n < game.cap):
                        gain += len(rj.powerups) * self.pu_value(ctx)
                        ng = got | {j}
                    if st > 0:
                        stack.append((j, st - 1, pt, act, acc + gain, ng, mv or Move(p, "enter", (j,))))
                    else:
                        stack.append((j, ctx.L - 1, pt, False, acc + gain, ng, mv or Move(p, "enter", (j,))))
            if pt > 0 and r in ctx.port_set:
                for z in ctx.open_ports:
                    if z != r:
                        stack.append((z, st, pt - 1, act, acc, got, mv or Move(p, "teleport", (z,))))
        return best[0], best[1]

    def _s_idle(self, ctx, moves, f):
        game, v, p = ctx.game, ctx.v, ctx.p
        by = {}
        for m in moves:
            by.setdefault(m.verb, []).append(m)
        pl = ctx.pl
        if "disarm" in by:  # Power Traps: trying is free
            return by["disarm"][0]
        if "scout" in by:  # Periscope Straw: a free look before choosing
            return max(by["scout"], key=lambda m: (v.rooms[m.args[0]].traps == 0, -m.args[0]))
        m = self._turn_card(ctx, by)
        if m is not None:
            return m
        if "duel" in by:
            m = self._duel(ctx, by["duel"])
            if m is not None:
                return m
        if "mark" in by and self._mark_here(ctx):
            return by["mark"][0]
        if "rig" in by:
            h = self._hoard_to_trap(game, v, p)
            if h is not None and Move(p, "rig", (h,)) in moves:
                return Move(p, "rig", (h,))
        ports = max(0, max_pourtal_uses(game, v, p) - v.ported)
        score, move = self._plan(ctx, v.actions > 0, v.steps, ports)
        # a Dash: one more action now, against keeping it
        if v.actions <= 0:
            dash = self._card_with(ctx, by, "extra_action")
            if dash is not None:
                s2, m2 = self._plan(ctx, True, v.steps, ports, first=dash)
                if s2 is not None and (score is None or s2 - self._hold_dash(ctx) > score):
                    return dash
        if move is not None and move in moves:
            if move.verb in ("reveal", "claim"):
                kit = self._disarm_kit(ctx, by, move)
                if kit is not None:
                    return kit
            return move
        if "home" in by:
            return by["home"][0]
        return None

    def _hold_dash(self, ctx) -> float:
        if ctx.n >= ctx.need - 1 and not ctx.game.frenzy:
            pg = (21 - ctx.game.content.guardian.level) / 20
            return max(HOLD["dash"], 0.4 * pg * WIN_VALUE)
        return HOLD["dash"]

    def _card_with(self, ctx, by, verb):
        for m in by.get("play", []):
            card = ctx.game.content.loot[m.args[0]]
            if card.effects == ((verb, 1),) or [v for v, _ in card.effects] == [verb]:
                return m
        return None

    def _disarm_kit(self, ctx, by, move):
        """Disarm Kit before revealing or claiming through a trapped room next to the cup."""
        room = move.args[0] if move.verb == "reveal" else ctx.hoard
        if room is None or not ctx.v.rooms[room].traps:
            return None
        kit = self._card_with(ctx, by, "remove_traps")
        if kit is not None and self.trap_cost(ctx, ctx.p, room) > HOLD["disarm-kit"]:
            return kit
        return None

    def _mark_here(self, ctx) -> bool:
        """Wizard: mark the Pocket Pourtal at the Hoard's door, or far out once Power-Ups are at stake."""
        v, p = ctx.v, ctx.p
        at = v.players[p].at
        if ctx.hoard is not None and at in v.layout.adj[ctx.hoard]:
            return True
        if ctx.n >= ctx.need - 1:
            d = self.dist_from(ctx, START)
            return d.get(at, 99) >= 4
        return False

    # ---------------------------------------------------------------- cards in the turn
    def _turn_card(self, ctx, by):
        game, v, p = ctx.game, ctx.v, ctx.p
        plays = by.get("play", [])
        if not plays:
            return None
        pl = ctx.pl
        for m in plays:
            card = game.content.loot[m.args[0]]
            verbs = [vb for vb, _ in card.effects]
            eff = dict(card.effects)
            if set(verbs) <= {"draw", "heal"} and "draw" in verbs:
                return m
            if "room_swap" in verbs and self._swap_plan(ctx) is not None:
                return m
            if "steal" in verbs:
                return m
            if "peek" in verbs and self._peek_target(ctx) is not None and v.actions > 0:
                return m
            if "heal" in verbs and set(verbs) <= {"heal", "draw"}:
                gain = self.hp_value(ctx, p, min(game.content.hp_full, pl.hp + eff["heal"])) - \
                    self.hp_value(ctx, p, pl.hp)
                if gain > HOLD.get(card.id, 5.0):
                    return m
            if "damage" in verbs and set(verbs) <= {"damage", "draw"}:
                q, val = self._hurt_target(ctx, eff["damage"])
                if q is not None and val > HOLD.get(card.id, 6.0):
                    return m
        return None

    def _swap_plan(self, ctx):
        """Room Swap: ``(a, b)`` to swap, or None.

        With the Power-Ups to claim: the Hoard (face up, or face down and known) next to the cup. Otherwise,
        when a rival holding them stands at its door and the bot cannot claim first: the Hoard into the empty
        room farthest from every rival.
        """
        game, v, p = ctx.game, ctx.v, ctx.p
        h = ctx.hoard
        if h is None or game.frenzy:
            return None
        at = v.players[p].at
        adj = v.layout.adj
        occ = ctx.occ
        free = [i for i in range(1, len(v.rooms)) if i not in occ and i != h]
        if ctx.n >= ctx.need:
            if at in adj[h] or v.actions <= 0:
                return None
            near = [i for i in adj[at] if i in free and i != START]
            if not near:
                return None
            return (h, min(near, key=lambda i: (v.rooms[i].traps, i)))
        rivals = [q for q, o in enumerate(v.players) if q != p and len(o.powerups) >= ctx.need]
        if not rivals or not ctx.hoard_up:
            return None
        if not any(v.players[q].at in adj[h] for q in rivals):
            return None
        far = None
        for i in free:
            if i == START or any(v.players[q].at in adj[i] for q in rivals):
                continue
            dmin = min(self.dist_from(ctx, v.players[q].at).get(j, 99) for q in rivals for j in adj[i])
            key = (dmin, -i)
            if far is None or key > far[0]:
                far = (key, i)
        if far is None or far[0][0] < 2:
            return None
        return (h, far[1])

    def _peek_target(self, ctx):
        """A face-down room next to the cup nobody has shown this player (the reveal it is about to choose)."""
        v, p = ctx.v, ctx.p
        at = v.players[p].at
        cands = [j for j in v.layout.adj[at] if not v.rooms[j].up and not v.rooms[j].public
                 and p not in v.rooms[j].seen]
        if not cands:
            return None
        return max(cands, key=lambda j: (self._rv_of(ctx, j), -j))

    def _hurt_target(self, ctx, dmg):
        """The opponent whose ``dmg`` HP helps the bot most (a kill drops a Power-Up), and that worth."""
        best = (None, 0.0)
        for q in range(ctx.game.players):
            if q == ctx.p:
                continue
            val = self.weight(ctx, q) * self.hp_cost(ctx, q, dmg)
            if val > best[1]:
                best = (q, val)
        return best

    def _duel(self, ctx, duels):
        """A duel when it pays: knock a rival off the Hoard's door, finish one with a Power-Up, take a better room."""
        game, v, p = ctx.game, ctx.v, ctx.p
        me = v.players[p]
        mine = sum(x.amount for x in roll_bonuses(game, v, p, "duel"))
        dd = game.content.duel_damage
        best = None
        here = self.future(ctx, me.at)
        for m in duels:
            room = m.args[0]
            q = next((q for q, o in enumerate(v.players) if o.at == room and q != p), None)
            if q is None:
                continue
            o = v.players[q]
            w = self.weight(ctx, q)
            theirs = sum(x.amount for x in roll_bonuses(game, v, q, "duel"))
            pw = win_chance("duel", None, mine, theirs)
            gain = w * self.hp_cost(ctx, q, dd)
            if o.hp <= dd and o.powerups and (game.cap is None or ctx.n < game.cap):
                gain += self.pu_value(ctx)  # the winner walks in and takes the dropped Power-Up
            elif o.hp > dd:
                # the swap: the bot takes their room, they take the bot's
                there = self._future_as(ctx, room)
                gain += there - here
                if ctx.hoard_up and len(o.powerups) >= ctx.need and room in v.layout.adj[ctx.hoard] \
                        and me.at not in v.layout.adj[ctx.hoard]:
                    gain += w * max(0.0, self.claim_value(ctx, q))
            ev = pw * gain - (1 - pw) * self.hp_cost(ctx, p, dd)
            if ev > 4.0 and (best is None or ev > best[0]):
                best = (ev, m)
        return best[1] if best else None

    def _future_as(self, ctx, room) -> float:
        """The plan's value from ``room`` (an occupied room the bot would take)."""
        saved = ctx.passable[room]
        ctx.passable[room] = True
        ctx._dist.clear()
        ctx._future.clear()
        try:
            return self.future(ctx, room)
        finally:
            ctx.passable[room] = saved
            ctx._dist.clear()
            ctx._future.clear()

    # ================================================================ windows and choices
    def _s_window(self, ctx, moves, f):
        game, v, p = ctx.game, ctx.v, ctx.p
        plays = [m for m in moves if m.verb == "play"]
        pass_ = Move(p, "pass", ())
        if f.window == "after_loss":
            if any(m.verb == "reroll" for m in moves):
                return Move(p, "reroll", ())
            _, b = battle_in_play(v)
            if b is None:
                return pass_
            for m in plays:
                card = game.content.loot[m.args[0]]
                if "redo" in dict(card.effects) and self._redo_worth(ctx, b) > HOLD.get(card.id, 12.0):
                    return m
            return pass_
        if f.window == "battle":
            _, b = battle_in_play(v)
            if b is None:
                return pass_
            best = self._battle_card(ctx, b, plays)
            return best[1] if best else pass_
        if f.window == "between_turns":
            return self._between(ctx, plays, moves) or pass_
        return pass_

    def _between(self, ctx, plays, moves):
        game, v, p = ctx.game, ctx.v, ctx.p
        pl = ctx.pl
        best = None
        for m in plays:
            card = game.content.loot[m.args[0]]
            eff = dict(card.effects)
            verbs = set(eff)
            hold = HOLD.get(card.id, 1.0 + card.cost * 2)
            val = None
            if verbs <= {"heal", "draw"} and "heal" in verbs:
                val = self.hp_value(ctx, p, min(game.content.hp_full, pl.hp + eff["heal"])) - \
                    self.hp_value(ctx, p, pl.hp) + (eff.get("draw", 0) * LOOT_VALUE)
            elif verbs <= {"draw"}:
                val = hold + 1
            elif verbs <= {"damage", "draw"}:
                q, val = self._hurt_target(ctx, eff["damage"])
            elif verbs == {"place_trap"}:
                h = self._hoard_to_trap(game, v, p)
                if h is not None:
                    q = self._claimer(ctx)
                    val = self.weight(ctx, q) * self.trap_cost_added(ctx, q, h) if q is not None else 0.0
                    val += 4.0
            elif verbs == {"shove"}:
                plan = self._shove_plan(ctx)
                if plan is not None:
                    val = plan[2]
            if val is not None and val > hold and (best is None or val - hold > best[0]):
                best = (val - hold, m)
        if best is not None:
            return best[1]
        for m in moves:
            if m.verb == "rig":
                h = self._hoard_to_trap(game, v, p)
                if h is not None and m.args[0] == h:
                    return m
        return None

    def trap_cost_added(self, ctx, q, room) -> float:
        v = ctx.v
        k = v.rooms[room].traps
        game = ctx.game
        bonus = sum(x.amount for x in roll_bonuses(game, v, q, "disarm"))
        fail = max(0.0, min(1.0, (game.content.disarm - 1 - bonus) / 20))
        hp = v.players[q].hp - k * fail * game.content.trap_damage
        return fail * self.hp_cost(ctx, q, game.content.trap_damage, hp)

    def _claimer(self, ctx):
        """The rival holding the Power-Ups to claim the revealed Hoard, nearest its door."""
        v, p = ctx.v, ctx.p
        if not ctx.hoard_up:
            return None
        best = None
        for q, o in enumerate(v.players):
            if q == p or len(o.powerups) < ctx.need:
                continue
            d = min((self.dist_from(ctx, o.at).get(j, 99) for j in v.layout.adj[ctx.hoard]), default=99)
            if best is None or d < best[0]:
                best = (d, q)
        return best[1] if best else None

    def _hoard_to_trap(self, game, state, p):
        """The revealed Hoard, when a rival holding the Power-Ups could claim it before the bot."""
        ctx = self._c(game, state, p)
        if not ctx.hoard_up or game.frenzy:
            return None
        q = self._claimer(ctx)
        if q is None:
            return None
        h = ctx.hoard
        if not trap_room_ok(state, h, ctx.occ):
            return None
        if ctx.n >= ctx.need:
            mine = min((self.dist_from(ctx, state.players[p].at).get(j, 99) for j in state.layout.adj[h]),
                       default=99)
            theirs = min((self.dist_from(ctx, state.players[q].at).get(j, 99) for j in state.layout.adj[h]),
                         default=99)
            if mine <= theirs:
                return None  # the bot claims first: a trap would hurt it
        return h

    def _shove_plan(self, ctx):
        """Shove: ``(player, room, worth)`` pushing a rival off the Hoard's door (into traps if any)."""
        v, p = ctx.v, ctx.p
        if not ctx.hoard_up:
            return None
        adj = v.layout.adj
        best = None
        for q, o in enumerate(v.players):
            if q == p or len(o.powerups) < ctx.need or o.at not in adj[ctx.hoard]:
                continue
            for j in adj[o.at]:
                if not ctx.passable[j]:
                    continue
                if j in adj[ctx.hoard] or v.players[p].at == j:
                    continue
                val = self.weight(ctx, q) * max(0.0, self.claim_value(ctx, q)) + v.rooms[j].traps * 3
                if best is None or val > best[2]:
                    best = (q, j, val)
        return best

    # ---------------------------------------------------------------- battle cards
    def _stakes(self, ctx, b) -> float:
        """For the bot: worth of the hero's side winning this attempt minus its losing."""
        game, v, p = ctx.game, ctx.v, ctx.p
        card = game.content.rooms[v.rooms[b.room].card]
        kind = b.battle

        def dmg(q):
            return engine.shielded(game, v, q, card.damage, kind)[0]

        def worth(q, gain, loss):
            """+ for the bot when player q gains: the bot's own, or an opponent's weighted negatively."""
            if q == p:
                return gain + loss
            return -self.weight(ctx, q) * (gain + loss)

        h = b.hero
        s = worth(h, self.reward_for(ctx, h, card), self.hp_cost(ctx, h, dmg(h)))
        if kind == "team" and b.other >= 0:
            s += worth(b.other, self.reward_for(ctx, b.other, card), self.hp_cost(ctx, b.other, dmg(b.other)))
        if kind == "boss" and b.other >= 0:
            o = b.other  # drinks when the hero wins
            s += -self.hp_cost(ctx, o, dmg(o)) if o == p else self.weight(ctx, o) * self.hp_cost(ctx, o, dmg(o))
        return s

    def _odds(self, ctx, b, level_d=0, hero_d=0, other_d=0, fresh=False):
        from dataclasses import replace

        game, v = ctx.game, ctx.v
        if fresh:
            b = replace(b, level_mods=(), roll_mods=())
        hb, t = engine.battle_totals(game, v, b)
        if b.battle == "boss":
            return win_chance("boss", None, hb + hero_d, t + other_d)
        return win_chance(b.battle, t + level_d, hb + hero_d)

    def _battle_card(self, ctx, b, plays):
        """``(worth, move)`` of the best battle card to play now, if any beats keeping it."""
        game, v, p = ctx.game, ctx.v, ctx.p
        stakes = self._stakes(ctx, b)
        pw = self._odds(ctx, b)
        best = None
        for m in plays:
            card = game.content.loot[m.args[0]]
            eff = dict(card.effects)
            hold = HOLD.get(card.id, 1.0 + card.cost * 2)
            val = None
            if "flee" in eff:
                if b.hero == p:
                    val = -(pw * stakes - self._stakes_loss(ctx, b))
            elif "level_mod" in eff and b.battle in ("monster", "team"):
                val = (self._odds(ctx, b, level_d=eff["level_mod"]) - pw) * stakes
            elif "roll_mod" in eff:
                side, gain = self._roll_side(ctx, b, eff["roll_mod"], stakes, pw)
                val = gain
            elif set(eff) <= {"draw"}:
                val = hold + 1
            if val is not None and val > hold and (best is None or val - hold > best[0]):
                best = (val - hold, m)
        return best

    def _stakes_loss(self, ctx, b) -> float:
        """What losing costs the bot as hero (a fled battle, where nothing happens, counts zero)."""
        game, v, p = ctx.game, ctx.v, ctx.p
        card = game.content.rooms[v.rooms[b.room].card]
        return self.hp_cost(ctx, p, engine.shielded(game, v, p, card.damage, b.battle)[0])

    def _roll_side(self, ctx, b, amount, stakes, pw):
        """The side a roll card should name, and the worth of naming it."""
        best = (None, -1e9)
        for side in battle_sides(b):
            if b.battle == "boss" and side == b.other:
                new = self._odds(ctx, b, other_d=amount)
            else:
                new = self._odds(ctx, b, hero_d=amount)
            val = (new - pw) * stakes
            if val > best[1]:
                best = (side, val)
        return best

    def _redo_worth(self, ctx, b) -> float:
        """A fresh attempt for the bot's losing side: its chance to win it, times the stakes."""
        stakes = self._stakes(ctx, b)
        pw = self._odds(ctx, b, fresh=True)
        # the bot's side lost: the hero's side if stakes > 0 else the Boss side
        return pw * stakes if stakes > 0 else (1 - pw) * -stakes

    # ---------------------------------------------------------------- targets of a card
    def _s_resolve(self, ctx, moves, f):
        game, v, p = ctx.game, ctx.v, ctx.p
        card = game.content.loot[f.card]
        verb, amount = card.effects[f.index]
        picks = [m.args for m in moves]

        def pick(t):
            return Move(p, "pick", t) if t in picks else None

        if verb == "damage":
            q, _ = self._hurt_target(ctx, amount)
            if q is not None:
                return pick(("p", q))
        if verb == "steal":
            ps = [t for t in picks if t[0] == "p"]
            return Move(p, "pick", max(ps, key=lambda t: (len(v.players[t[1]].hand), self.weight(ctx, t[1]),
                                                          -t[1])))
        if verb == "roll_mod":
            _, b = battle_in_play(v)
            if b is not None:
                side, _ = self._roll_side(ctx, b, amount, self._stakes(ctx, b), self._odds(ctx, b))
                if side is not None:
                    return pick(("p", side))
        if verb == "place_trap":
            h = self._hoard_to_trap(game, v, p)
            if h is not None and ("r", h) in picks:
                return pick(("r", h))
            return self._trap_elsewhere(ctx, picks)
        if verb == "room_swap":
            plan = self._swap_plan_resolve(ctx, f)
            if plan is not None:
                return pick(("r", plan))
        if verb == "shove":
            plan = self._shove_plan(ctx)
            if plan is not None:
                return pick(("p", plan[0])) if not f.picks else pick(("r", plan[1]))
        if verb == "peek":
            t = self._peek_target(ctx)
            if t is not None and ("r", t) in picks:
                return pick(("r", t))
            rooms = [t for t in picks if t[0] == "r"]
            if rooms:
                d = self.dist_from(ctx, v.players[p].at)
                return Move(p, "pick", min(rooms, key=lambda t: (min((d.get(j, 99) for j in v.layout.adj[t[1]]),
                                                                     default=99), t[1])))
        if verb == "remove_traps":
            rooms = [t for t in picks if t[0] == "r"]
            if rooms:
                return Move(p, "pick", max(rooms, key=lambda t: (t[1] == ctx.hoard, v.rooms[t[1]].traps, -t[1])))
        if verb == "move":
            rooms = [t for t in picks if t[0] == "r"]
            if rooms:
                return Move(p, "pick", max(rooms, key=lambda t: (self.future(ctx, t[1]), -t[1])))
        return None

    def _swap_plan_resolve(self, ctx, f):
        """The next room of a Room Swap being resolved (the card is already played: recompute the plan)."""
        v = ctx.v
        if ctx.n >= ctx.need and ctx.hoard is not None:
            at = v.players[ctx.p].at
            near = [i for i in v.layout.adj[at] if i != START and i not in ctx.occ and i != ctx.hoard]
            if near:
                plan = (ctx.hoard, min(near, key=lambda i: (v.rooms[i].traps, i)))
            else:
                plan = None
        else:
            plan = self._swap_plan(ctx)
        if plan is None:
            return None
        return plan[len(f.picks)] if len(f.picks) < 2 else None

    def _trap_elsewhere(self, ctx, picks):
        """A trap not for the Hoard: next to the most threatening rival, in a room they may walk into."""
        v = ctx.v
        rivals = sorted((q for q in range(ctx.game.players) if q != ctx.p), key=lambda q: -self.weight(ctx, q))
        for q in rivals:
            at = v.players[q].at
            near = [t for t in picks if t[0] == "r" and t[1] in v.layout.adj[at] and not v.rooms[t[1]].up]
            if near:
                return Move(ctx.p, "pick", min(near, key=lambda t: (v.rooms[t[1]].traps, t[1])))
        return None

    def _s_battle(self, ctx, moves, f):
        """The teammate or the Boss-player: the choice worth most to the bot (odds, shared reward, damage)."""
        card = ctx.game.content.rooms[ctx.v.rooms[f.room].card]
        _, _, q = self.battle_value(ctx, card)
        return Move(ctx.p, "choose", (q,)) if q is not None else None

    def _s_death(self, ctx, moves, f):
        if f.stage == "drop":
            return min(moves, key=lambda m: (self._keep_pu(ctx, m.args[0]), m.args[0]))
        return max(moves, key=lambda m: (self._keep_card(ctx, m.args[0]), m.args[0]))

    def _keep_pu(self, ctx, pu) -> float:
        k = KEEP_PU.get(pu, 5)
        if pu == "periscope-straw" and ctx.hoard is None:
            k += 2
        return k

    def _keep_card(self, ctx, cid) -> float:
        if cid == "dash":
            return self._hold_dash(ctx)
        card = ctx.game.content.loot.get(cid)
        return HOLD.get(cid, 1.0 + (card.cost * 2 if card else 0))

    def _s_place(self, ctx, moves, f):
        """The least useful Power-Up into a face-down room as far as can be from every rival."""
        v, p = ctx.v, ctx.p
        pl = ctx.pl
        worst = min(set(pl.powerups), key=lambda x: (self._keep_pu(ctx, x), x))
        rivals = [o.at for q, o in enumerate(v.players) if q != p]
        dists = [self.dist_from(ctx, a) for a in rivals]
        adj = v.layout.adj

        def far(i):
            doors = adj[i] if not v.rooms[i].up else (i,)
            return min((d.get(j, 99) for d in dists for j in doors), default=99)

        cands = [m for m in moves if m.args[0] == worst]
        return max(cands, key=lambda m: (not v.rooms[m.args[1]].up, min(far(m.args[1]), 20), -m.args[1]))

    def _s_critgive(self, ctx, moves, f):
        weakest = min((q for q in range(ctx.game.players) if q != ctx.p), key=lambda q: (self.weight(ctx, q), q))
        cands = [m for m in moves if m.args[1] == weakest]
        return min(cands, key=lambda m: (self._keep_card(ctx, m.args[0]), m.args[0]))

    def _s_frenzysteal(self, ctx, moves, f):
        takes = [m for m in moves if m.args]
        if not takes:
            return moves[-1]
        return max(takes, key=lambda m: (self.weight(ctx, m.args[0]), self._keep_pu(ctx, m.args[1]), -m.args[0]))
