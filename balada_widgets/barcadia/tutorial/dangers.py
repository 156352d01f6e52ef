"""Steps 9-12: traps, healing, dying and coming back, the fourth Power-Up. Oracles only: the words are the lesson's
files."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from .. import odds
from ..state import Move, room_name
from .boards import roll
from .scenes import fate, hoard_room, play, scene


def traps(L, w):
    g, window, sc = scene("traps")
    window = window if window.top is not None else play(g, window, sc["end"])  # the turn ended by itself (P6)
    targets = {room_name(m.args[0][1] if isinstance(m.args[0], tuple) else m.args[1])
               for m in g.legal_moves(play(g, window, sc["play"])) if m.verb == "pick"}
    asked, occupied = sc["asked"], {room_name(pl.at) for pl in window.players}
    right, hoard = targets & set(asked), hoard_room(window)
    why = {rid: "trap-start" if rid == "START" else "trap-occupied" if rid in occupied else "trap-fourth"
           for rid in set(asked) - right if rid in ("START", *occupied) or window.rooms[int(rid[1:])].traps >= 3}
    a = L.part(w, "where", asked=L.join(asked))
    where, outside, rule = a.set_check(right, why, {hoard: "trap-hoard-missing"} if hoard in right else {}), \
        a.later("outside", "rooms"), a.rule

    def check_where(picked):
        extra = set(picked) - set(asked)
        return L.no(outside(rooms=L.join(sorted(extra))), rule) if extra else where(picked)

    walk = "\n".join(f"- {rid}: " + (L.misreadings[why[rid]].message if rid in why else
                                     L.common("yes" if rid in right else "no")) for rid in asked)
    a = a.on(g, window, check_where, a.solution(L.join(sorted(right), last=False), walk, picks=right), mode="set")
    g, s2, sc2 = scene("traps-two")  # two traps on r4, 20 HP
    at_traps = play(g, s2, sc2["moves"])
    bo, first = g.battle_odds(at_traps), play(g, at_traps, sc2["roll"])
    k, hp = at_traps.rooms[at_traps.top.room].traps, at_traps.players[0].hp
    t = odds.trap_odds(k, hp, bo.bonus)
    b = L.part(w, "survive", hp=hp, k=k, dead=L.chance(dict(t.distribution).get(0, Fraction(0))),
               disarm=L.chance(t.p_disarm))
    dead, left = b.later("dead", "chance"), b.later("left", "chance")
    lines = "\n".join("- " + (left(hp=h, chance=L.chance(p)) if h else dead(chance=L.chance(p))) for h, p in t.distribution)
    b = b.chance(t.survive, [("trap-must-disarm", bo.p_win ** k), ("trap-one-roll", bo.p_win),
                             ("trap-strict", odds.trap_odds(k, hp, bo.bonus - 1).survive)],
                 b.solution(L.chance(t.survive), lines + "\n\n" + b("explain")))
    free = 0 in g.to_move(first) and any(m.verb == "reveal" for m in g.legal_moves(first, 0))
    return w("text"), (a, b, roll(L.part(w, "roll"), g, at_traps, first, ((0, 4),)),
                       L.part(w, "committed").choice("leave" if free else "stay"))


def heal(L, w):
    g, s, sc = scene("heal")
    before_roll = play(g, s, sc["moves"])
    after = play(g, before_roll, sc["roll"])  # no Redo: the loss stands (H19: you are asked)
    card, aid = g.content.loot["thirst-aid"], g.parse_move(sc["aid"])
    _, in_turn, _ = scene("heal-in-turn", cups={0: {"hp": after.players[0].hp}})
    between = after.top is not None and getattr(after.top, "window", "") == "between_turns"
    moments = {"before": card.window == "battle", "after": aid in g.legal_moves(in_turn, 0),
               "between": aid in g.legal_moves(after, 0) and between, "never": aid not in g.legal_moves(after, 0)}
    monster, amount, full = g.room_card(before_roll, 2), dict(card.effects)["heal"], g.content.hp_full
    a = L.part(w, "when", card=monster.name, damage=monster.damage, amount=amount,
               window=L.common(f"windows.{card.window}")).choice(next(k for k, v in moments.items() if v))
    hp0, hp1, hp2 = before_roll.players[0].hp, after.players[0].hp, play(g, after, [aid]).players[0].hp
    mis = {min(full, hp0 + amount): "heal-instead-of-drink", min(full, hp0 + amount) - (hp0 - hp1): "heal-before-damage"}
    mis.pop(hp2, None)
    b = L.part(w, "hp", hp0=hp0, hp1=hp1, hp2=hp2, damage=hp0 - hp1, amount=amount)
    return w("text", full=full), (a, b.count(hp2, [(m, v) for v, m in mis.items()]))


@lru_cache(maxsize=None)
def death_scene():
    g, s, sc = scene("death")
    dying = play(g, s, sc["moves"])
    drops = [m.args[0] for m in g.legal_moves(dying, 0) if m.verb == "drop"]
    kept_stage = play(g, dying, [Move(0, "drop", (drops[0],))])
    keeps = [m.args[0] for m in g.legal_moves(kept_stage, 0) if m.verb == "keep"]
    after = play(g, kept_stage, [Move(0, "keep", (keeps[0],)), Move(0, "pass", ())])  # the between-turns window
    return g, s, dying, drops, keeps, after, next(i for i, r in enumerate(after.rooms) if drops[0] in r.powerups)


def death(L, w):
    g, s, dying, drops, keeps, after, lies = death_scene()
    pl, power, loot = s.players[0], g.content.powerups, g.content.loot
    a = L.part(w, "drop", signature=g.character(0).signature)
    a = a.choose(a.one_of(set(drops), name=lambda x: power[x].name),
                 tuple((x, power[x].name) for x in pl.powerups) + a.options(),
                 a.solution(L.join((power[x].name for x in drops), last=False)))
    b = L.part(w, "keep")
    one = b.one_of(set(keeps), name=lambda c: loot[c].name)
    b = b.choose(lambda chosen: one(next(iter(chosen))) if len(chosen) == 1 else L.mis("death-keep-two"),
                 tuple((c, loot[c].name) for c in pl.hand), b.solution(), many=True)
    right, trapped = room_name(lies), room_name(2)
    c = L.part(w, "where", room=right, trapped=trapped, powerup=power[drops[0]].name, card=loot[keeps[0]].name)
    rows = ((right, "H9", "hp", pl.hp), (trapped, "H13", "trap", -10), (right, "H10", "dead", 0),
            (c("hand"), "H-DEATH4", "kept", 0), ("START", "H-DEATH5", "back", g.content.hp_full),
            (c("turn"), "G34", "ends", 0))
    return w("text"), (a, b, c.on(g, s, c.one_of(right), c.walked(right, rows, L.labels["hp"], picks=(right,)),
                                  buttons=c.values))


def fourth(L, w):
    g, s, sc = scene("fourth")
    placing = play(g, s, sc["moves"], fate(sc))
    targets = {room_name(m.args[1]) for m in g.legal_moves(placing, 0) if m.verb == "place"}
    placed = play(g, placing, [sc["place"]])
    swapped = play(g, placed, sc["swap"])
    occupied, hoard = {room_name(pl.at) for pl in placing.players} - {"START"}, hoard_room(placing)
    a = L.part(w, "place", rooms=L.join(sorted(t for t in targets if int(t[1:]) <= 6), last=False),
               occupied=L.join(sorted(occupied)), hoard=hoard)
    a = a.on(g, placing, a.one_of(targets, {hoard: "fourth-hoard", **dict.fromkeys(occupied, "fourth-occupied")}),
             a.solution(picks=targets), buttons=a.values)
    right = room_name(next(i for i, r in enumerate(swapped.rooms) if "lucky-bottle-cap" in r.powerups))
    b = L.part(w, "swap", room=right)
    return w("text"), (a, b.on(g, placed, b.one_of(right), b.solution(right, picks=(right,))))


#: the steps of this topic, in the lesson's order (each named by its step's id)
STEPS = (traps, heal, death, fourth)
