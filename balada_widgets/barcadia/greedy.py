"""Heroes of Barcadia's ``random`` and ``greedy`` bots (:class:`BarcadiaBot`), and what every bot values.

The levels are described, and made, in :mod:`.bots` (:func:`.bots.make_bot`);
the strong bot (:class:`~.strong.StrongBot`) is a subclass of
:class:`BarcadiaBot` and shares its values (:data:`LOOT_VALUE`,
:data:`POWER_VALUE`) and its battle odds (:func:`win_chance`). This module
imports neither :mod:`.bots` nor :mod:`.strong`.
"""

from __future__ import annotations

import random
from collections import deque
from functools import lru_cache

from ..core.bots import check_level
from ..core.errors import InvalidInput
from . import engine
from .effects import battle_in_play, roll_bonuses
from .ops import enterable, is_hoard, occupied_set
from .state import START, Move

__all__ = ["BarcadiaBot", "CARD_PRIORITY", "LOOT_VALUE", "POWER_PRIORITY", "POWER_VALUE", "win_chance"]

#: how much a bot values a card or a Power-Up, in HP
LOOT_VALUE = 8
POWER_VALUE = 35
CARD_PRIORITY = {"redo": 9, "dash": 8, "big-refill": 7, "drain": 7, "thirst-aid": 6, "courage": 6, "mega-boost": 5,
                 "sneak-away": 5, "shortcut": 4, "peek": 4, "boost": 4, "trap": 3, "splash": 3, "jinx": 3,
                 "retreat": 3, "room-swap": 2, "pickpocket": 2, "disarm-kit": 2, "shove": 1}
POWER_PRIORITY = {"fizzing-gauntlets": 9, "lucky-bottle-cap": 8, "coaster-shield": 7, "crown-of-froth": 7,
                  "bottomless-satchel": 6, "bubble-boots": 6, "friendship-flask": 5, "ever-spring-canteen": 5,
                  "dowsing-straw": 4, "periscope-straw": 4, "swirl-compass": 3, "stir-stick-rapier": 3,
                  "magnet-mitts": 2}


@lru_cache(maxsize=4096)
def win_chance(kind: str, level, bonus: int, opponent_bonus: int = 0) -> float:
    """The exact chance to win a battle (:func:`.odds.win_probability` as a float), cached for the bots.

    >>> win_chance("monster", 5, 0) > win_chance("monster", 8, 0)
    True
    """
    from .odds import win_probability  # imported on first use (the odds tables load with it)

    return float(win_probability(kind, level=level, bonus=bonus, opponent_bonus=opponent_bonus))


def _card_rank(game, cid) -> float:
    if cid in CARD_PRIORITY:
        return CARD_PRIORITY[cid]
    card = game.content.loot.get(cid)
    return 1 + (card.cost if card else 0)


def _power_rank(pu) -> float:
    return POWER_PRIORITY.get(pu, 5)


class BarcadiaBot:
    """The ``random`` or ``greedy`` level (see the module docstring of :mod:`.bots`).

    :func:`.bots.make_bot` makes a bot of any level; the strong one is
    :class:`~.strong.StrongBot`, a subclass.
    """

    #: the levels this class plays (a subclass names its own)
    LEVELS = ("random", "greedy")

    def __init__(self, level: str = "greedy", seed=0):
        self.level = check_level(level, self.LEVELS, game=type(self).__name__,
                                 hint="make_bot(level) makes a bot of any level")
        self.name = f"{level} bot"
        self.rng = random.Random(seed)

    # ------------------------------------------------------------ entry point
    def choose(self, game, state, player: int):
        moves = game.legal_moves(state, player)
        if not moves:
            raise InvalidInput(f"player {player + 1} has no move to make now")
        if len(moves) == 1:
            return moves[0]
        if self.level == "random":
            verbs = sorted({m.verb for m in moves})
            verb = self.rng.choice(verbs)
            return self.rng.choice([m for m in moves if m.verb == verb])
        f = state.top
        kind = f.kind if f is not None else "idle"
        handler = getattr(self, f"_on_{kind}", None)
        m = handler(game, state, player, moves, f) if handler else None
        if m is None or m not in moves:
            m = self._fallback(moves)
        return m

    def _fallback(self, moves):
        for verb in ("pass", "end"):
            for m in moves:
                if m.verb == verb:
                    return m
        return self.rng.choice(moves)

    # ------------------------------------------------------------ values
    def hp_weight(self, game, state, p) -> float:
        """How dear an HP is: more when a death (a lost Power-Up and hand) is near."""
        hp = state.players[p].hp
        w = 1.0
        if hp <= 30:
            w += 1.0
        if hp <= 20:
            w += 1.5 + 0.5 * len(state.players[p].powerups)
        return w

    def power_value(self, game, state, p) -> float:
        n = len(state.players[p].powerups)
        if game.cap is not None and n >= game.cap:
            return 2.0
        return POWER_VALUE * (1.5 if n == game.content.guardian.power_ups - 1 else 1.0)

    def reward_value(self, game, state, p, card) -> float:
        return card.loot * LOOT_VALUE + card.power * self.power_value(game, state, p)

    def identity_dist(self, game, state, p, i) -> list:
        r = state.rooms[i] if i is not None else None
        if r is not None and r.card is not None:
            return [(game.content.rooms[r.card], 1.0)]
        return [(game.content.rooms[c], pr) for c, pr in engine.identity_outcomes(game, state)]

    def p_win(self, game, state, p, card, partner=None, boss=None) -> float:
        if card.type == "monster":
            b = sum(x.amount for x in roll_bonuses(game, state, p, "monster"))
            return win_chance("monster", card.level, b)
        if card.type == "team":
            b = sum(x.amount for x in roll_bonuses(game, state, p, "team"))
            if partner is not None:
                b += sum(x.amount for x in roll_bonuses(game, state, partner, "team"))
            return win_chance("team", card.level, b)
        if card.type == "boss":
            a = sum(x.amount for x in roll_bonuses(game, state, p, "boss"))
            d = sum(x.amount for x in roll_bonuses(game, state, boss, "boss")) if boss is not None else 0
            return win_chance("boss", None, a, d)
        return 1.0

    def room_value(self, game, state, p, card) -> float:
        """Expected value (in HP) of revealing a room of this identity."""
        w = self.hp_weight(game, state, p)
        t = card.type
        if t in ("monster", "team", "boss"):
            partner = self.best_partner(game, state, p) if t == "team" else None
            boss = self.best_boss(game, state, p) if t == "boss" else None
            pw = self.p_win(game, state, p, card, partner, boss)
            ev = pw * (self.reward_value(game, state, p, card) + 3) - (1 - pw) * card.damage * w
            if state.players[p].hp <= card.damage:
                ev -= (1 - pw) * (POWER_VALUE * len(state.players[p].powerups) + 10)
            return ev
        if t == "reward":
            return self.reward_value(game, state, p, card) + 3
        if t == "pourtal":
            return 6
        if len(state.players[p].powerups) >= game.content.guardian.power_ups:
            return 200 * 0.3 - 7 * w
        return -4

    def unknown_value(self, game, state, p) -> float:
        """Expected value of revealing a room nobody has seen (the same for all of them; cached per state)."""
        key = (id(state), p)
        if getattr(self, "_unknown", (None,))[0] != key:
            dist = self.identity_dist(game, state, p, None)
            values = {}
            ev = 0.0
            for c, pr in dist:
                if c.id not in values:
                    values[c.id] = self.room_value(game, state, p, c)
                ev += pr * values[c.id]
            self._unknown = (key, ev, state)  # the state is kept so its id is not reused
        return self._unknown[1]

    def reveal_value(self, game, state, p, i) -> float:
        if state.rooms[i].card is None:
            ev = self.unknown_value(game, state, p)
        else:
            ev = self.room_value(game, state, p, game.content.rooms[state.rooms[i].card])
        traps = state.rooms[i].traps
        if traps:
            bonus = sum(x.amount for x in roll_bonuses(game, state, p, "disarm"))
            fail = max(0.0, min(1.0, (game.content.disarm - 1 - bonus) / 20))
            ev -= traps * fail * game.content.trap_damage * self.hp_weight(game, state, p)
        if state.rooms[i].powerups:
            ev += len(state.rooms[i].powerups) * self.power_value(game, state, p) * 0.5
        return ev

    def best_partner(self, game, state, p):
        others = [q for q in range(game.players) if q != p]
        return max(others, key=lambda q: (sum(x.amount for x in roll_bonuses(game, state, q, "team")),
                                          state.players[q].hp, -q))

    def best_boss(self, game, state, p):
        others = [q for q in range(game.players) if q != p]
        # weakest Boss side first; among equals the leader (the Boss-player drinks if we win)
        return min(others, key=lambda q: (sum(x.amount for x in roll_bonuses(game, state, q, "boss")),
                                          -len(state.players[q].powerups), q))

    def leader(self, game, state, p):
        others = [q for q in range(game.players) if q != p]
        return max(others, key=lambda q: (len(state.players[q].powerups), -state.players[q].hp, -q))

    # ------------------------------------------------------------ the dungeon
    def distances(self, game, state, src, occ) -> dict:
        """Steps from ``src`` through enterable rooms (START passable)."""
        dist = {src: 0}
        todo = deque([src])
        while todo:
            i = todo.popleft()
            for j in state.layout.neighbours(i):
                if j not in dist and enterable(game, state, j, occ):
                    dist[j] = dist[i] + 1
                    todo.append(j)
        return dist

    # ------------------------------------------------------------ idle (own turn)
    def _on_idle(self, game, state, p, moves, f):
        by = {}
        for m in moves:
            by.setdefault(m.verb, []).append(m)
        pl = state.players[p]
        need = game.content.guardian.power_ups
        if "claim" in by:
            return by["claim"][0]
        if "disarm" in by:
            return by["disarm"][0]
        if "scout" in by:
            return max(by["scout"], key=lambda m: (state.rooms[m.args[0]].traps == 0, -m.args[0]))
        if "home" in by:
            return by["home"][0]
        occ = occupied_set(state)
        at = pl.at
        # a duel against a blocker or a weak opponent holding Power-Ups
        if "duel" in by:
            m = self._duel_choice(game, state, p, by["duel"])
            if m is not None:
                return m
        # your-turn cards worth playing now
        m = self._your_turn_card(game, state, p, by)
        if m is not None:
            return m
        reveal = by.get("reveal", [])
        best_reveal, best_v = None, None
        for m in reveal:
            v = self.reveal_value(game, state, p, m.args[0])
            if best_v is None or v > best_v:
                best_reveal, best_v = m, v
        target = self._goal(game, state, p, occ)
        steps = by.get("enter", [])
        if len(pl.powerups) >= need and target is not None and target[1] != "explore":
            m = self._step_toward(game, state, p, steps, by.get("teleport", []), target, occ)
            if m is not None:
                return m
        if best_reveal is not None and (best_v > -6 or not steps):
            return best_reveal
        if target is not None:
            m = self._step_toward(game, state, p, steps, by.get("teleport", []), target, occ)
            if m is not None:
                return m
        if best_reveal is not None:
            return best_reveal
        if "mark" in by and at != START:
            return by["mark"][0]
        if "end" in by:
            return by["end"][0]
        return self.rng.choice(moves)

    def _goal(self, game, state, p, occ):
        """``(rooms, why)``: where to head - the Hoard's door, Power-Ups lying about, or face-down rooms."""
        pl = state.players[p]
        need = game.content.guardian.power_ups
        hoards = [i for i in range(1, len(state.rooms)) if state.rooms[i].up and is_hoard(game, state, i)
                  and not state.hoard_beaten]
        if len(pl.powerups) >= need and hoards:
            doors = {j for h in hoards for j in state.layout.neighbours(h)}
            return doors, "hoard"
        if game.cap is None or len(pl.powerups) < game.cap:
            loot = {i for i in range(1, len(state.rooms)) if state.rooms[i].powerups and state.rooms[i].up}
            if loot:
                return loot, "powerups"
        frontier = {i for i in range(len(state.rooms)) if (i == START or state.rooms[i].up)
                    and any(not state.rooms[j].up for j in state.layout.neighbours(i))}
        if frontier:
            return frontier, "explore"
        holders = {o.at for q, o in enumerate(state.players) if q != p and o.powerups and o.at != START}
        if holders and len(pl.powerups) < need:
            return {j for h in holders for j in state.layout.neighbours(h)}, "hunt"
        return None

    def _step_toward(self, game, state, p, steps, teleports, target, occ):
        rooms, why = target
        at = state.players[p].at
        if at in rooms and why != "powerups":
            return None
        # breadth-first from every candidate first step
        best, best_d = None, None
        dist_from = {}
        for m in steps:
            j = m.args[0]
            d = dist_from.setdefault(j, self.distances(game, state, j, occ - {at}))
            reach = [d[r] for r in rooms if r in d]
            if reach:
                dd = min(reach)
                if best_d is None or dd < best_d:
                    best, best_d = m, dd
        here = self.distances(game, state, at, occ)
        here_d = min((here[r] for r in rooms if r in here), default=None)
        for m in teleports:
            j = m.args[0]
            d = self.distances(game, state, j, occ - {at})
            reach = [d[r] for r in rooms if r in d]
            if reach and (best_d is None or min(reach) + 1 < best_d) and (here_d is None or min(reach) < here_d):
                best, best_d = m, min(reach)
        if best is not None and best.verb == "enter" and here_d is not None and best_d >= here_d:
            return None  # already as close as we get
        return best

    def _duel_choice(self, game, state, p, duels):
        pl = state.players[p]
        if pl.hp <= 30:
            return None
        best = None
        for m in duels:
            q = next((q for q, o in enumerate(state.players) if o.at == m.args[0] and q != p), None)
            if q is None:
                continue
            o = state.players[q]
            mine = sum(x.amount for x in roll_bonuses(game, state, p, "duel"))
            theirs = sum(x.amount for x in roll_bonuses(game, state, q, "duel"))
            if o.powerups and (o.hp <= 10 or (o.hp <= 30 and mine >= theirs)):
                best = m
        return best

    def _your_turn_card(self, game, state, p, by):
        plays = by.get("play", [])
        pl = state.players[p]
        for m in plays:
            cid = m.args[0]
            card = game.content.loot[cid]
            verbs = {v for v, _ in card.effects}
            if "extra_action" in verbs and state.actions == 0 and (by.get("reveal") or
                                                                  self._goal(game, state, p, occupied_set(state))):
                if by.get("reveal") or state.steps == 0:
                    return m
            if "heal" in verbs and pl.hp <= game.content.hp_full - dict(card.effects)["heal"]:
                return m
            if "draw" in verbs and verbs <= {"draw", "heal"}:
                return m
            if "steal" in verbs:
                return m
        return None

    # ------------------------------------------------------------ windows
    def _on_window(self, game, state, p, moves, f):
        plays = [m for m in moves if m.verb == "play"]
        pl = state.players[p]
        if f.window == "after_loss":
            if any(m.verb == "reroll" for m in moves):
                return Move(p, "reroll", ())
            _, b = battle_in_play(state)
            for m in plays:
                if b is not None:
                    return m
            return Move(p, "pass", ())
        if f.window == "between_turns":
            for m in sorted(plays, key=lambda m: -_card_rank(game, m.args[0])):
                card = game.content.loot[m.args[0]]
                eff = dict(card.effects)
                if "heal" in eff and pl.hp <= game.content.hp_full - eff["heal"]:
                    return m
                if "damage" in eff:
                    q = self.leader(game, state, p)
                    o = state.players[q]
                    if o.powerups and o.hp <= eff["damage"]:
                        return m
                if "draw" in eff and set(eff) <= {"draw", "heal"}:
                    return m
            return Move(p, "pass", ())
        if f.window == "battle":
            _, b = battle_in_play(state)
            if b is None:
                return Move(p, "pass", ())
            return self._battle_card(game, state, p, b, plays) or Move(p, "pass", ())
        return Move(p, "pass", ())

    def _battle_card(self, game, state, p, b, plays):
        mine = p in engine.rollers(b) if b.battle != "boss" else p == b.hero
        boss_side = b.battle == "boss" and p == b.other
        hero = b.hero
        lead = self.leader(game, state, p)
        against = (not mine and not boss_side and hero == lead
                   and len(state.players[hero].powerups) >= len(state.players[p].powerups))
        odds = game.battle_odds(state)
        pw = float(odds.p_win) if odds is not None else 0.5
        for m in plays:
            card = game.content.loot[m.args[0]]
            eff = dict(card.effects)
            if "flee" in eff and mine and p == hero:
                dmg = odds.damage.get(p, 0) if odds else 0
                if pw < 0.25 and dmg >= 20 or (state.players[p].hp <= dmg and pw < 0.5):
                    return m
                continue
            if "level_mod" in eff and b.battle in ("monster", "team"):
                if eff["level_mod"] < 0 and mine and pw < 0.95:
                    return m
                if eff["level_mod"] > 0 and against and pw > 0.05:
                    return m
            if "roll_mod" in eff:
                if eff["roll_mod"] > 0 and (mine or boss_side) and (pw < 0.95 if mine else pw > 0.05):
                    return m
                if eff["roll_mod"] < 0 and (against or boss_side) and pw > 0.05:
                    return m
        return None

    # ------------------------------------------------------------ other decisions
    def _on_resolve(self, game, state, p, moves, f):
        card = game.content.loot[f.card]
        verb, amount = card.effects[f.index]
        picks = [m.args for m in moves]
        lead = self.leader(game, state, p)
        if verb in ("damage", "steal"):
            players = [t for t in picks if t[0] == "p"]
            if players:
                return Move(p, "pick", max(players, key=lambda t: (t[1] == lead, len(state.players[t[1]].hand))))
        if verb == "roll_mod":
            _, b = battle_in_play(state)
            if b is not None:
                own = b.hero if (p in engine.rollers(b) or p == b.hero) else b.other
                want = own if amount > 0 else (b.hero if own != b.hero else b.other)
                if ("p", want) in picks:
                    return Move(p, "pick", ("p", want))
        if verb == "place_trap":
            lp = state.players[lead].at
            near = [t for t in picks if t[0] == "r" and t[1] in state.layout.neighbours(lp)]
            if near:
                return Move(p, "pick", self.rng.choice(near))
        if verb == "peek":
            at = state.players[p].at
            near = [t for t in picks if t[0] == "r" and t[1] in state.layout.neighbours(at)]
            if near:
                return Move(p, "pick", near[0])
        if verb == "move":
            return Move(p, "pick", self.rng.choice(picks))
        return Move(p, "pick", self.rng.choice(picks))

    def _on_battle(self, game, state, p, moves, f):
        q = self.best_partner(game, state, p) if f.battle == "team" else self.best_boss(game, state, p)
        return Move(p, "choose", (q,))

    def _on_death(self, game, state, p, moves, f):
        if f.stage == "drop":
            return min(moves, key=lambda m: (_power_rank(m.args[0]), m.args[0]))
        return max(moves, key=lambda m: (_card_rank(game, m.args[0]), m.args[0]))

    def _on_place(self, game, state, p, moves, f):
        pl = state.players[p]
        worst = min(set(pl.powerups), key=lambda x: (_power_rank(x), x))
        occ = occupied_set(state)
        dist = self.distances(game, state, pl.at, occ)
        cands = [m for m in moves if m.args[0] == worst]
        # far away and face down: out of everybody's easy reach, never in our own way
        return max(cands, key=lambda m: (not state.rooms[m.args[1]].up, dist.get(m.args[1], 99), -m.args[1]))

    def _on_critgive(self, game, state, p, moves, f):
        weakest = min((q for q in range(game.players) if q != p), key=lambda q: (len(state.players[q].powerups), q))
        cands = [m for m in moves if m.args[1] == weakest]
        return min(cands, key=lambda m: (_card_rank(game, m.args[0]), m.args[0]))

    def _on_frenzysteal(self, game, state, p, moves, f):
        takes = [m for m in moves if m.args]
        if not takes:
            return moves[-1]
        return max(takes, key=lambda m: (len(state.players[m.args[0]].powerups), _power_rank(m.args[1])))

    def _on_build(self, game, state, p, moves, f):
        return self.rng.choice(moves)
