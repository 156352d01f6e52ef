"""Steps 9-12: traps, healing, dying and coming back, the fourth Power-Up. Oracles only: the words are the lesson's
files."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ...core.trace import Trace
from .. import odds
from ..state import START, Move, room_name
from .boards import board, pick, roll
from .scenes import fate, play, scene


@lru_cache(maxsize=None)
def traps_scene():
    g, s, sc = scene("traps")
    window = s if s.top is not None else play(g, s, sc["end"])  # the turn ended by itself (P6)
    targets = {room_name(m.args[0][1] if isinstance(m.args[0], tuple) else m.args[1])
               for m in g.legal_moves(play(g, window, sc["play"])) if m.verb == "pick"}
    g, s2, sc2 = scene("traps-two")  # two traps on r4, 20 HP
    at_traps = play(g, s2, sc2["moves"])
    return g, window, targets, s2, at_traps, g.battle_odds(at_traps), play(g, at_traps, sc2["roll"]), tuple(sc["asked"])


def traps(L, w):
    g, window, targets, s2, at_traps, bo, first, asked = traps_scene()
    right, occupied = frozenset(targets & set(asked)), {room_name(pl.at) for pl in window.players}
    why = {rid: "trap-start" if rid == "START" else "trap-occupied" if rid in occupied else "trap-fourth"
           for rid in set(asked) - right if rid in ("START", *occupied) or window.rooms[int(rid[1:])].traps >= 3}
    hoard = next(room_name(i) for i in range(1, len(window.rooms)) if window.rooms[i].card == "drink-hoard")
    a_ = L.part(w, "where", "H-TRAP1", asked=L.join(asked))
    where, outside = a_.set_check(right, why, {hoard: "trap-hoard-missing"} if hoard in right else {}), \
        a_.later("outside", "rooms")

    def check_where(picked):
        extra = set(picked) - set(asked)
        return L.no(outside(rooms=L.join(sorted(extra))), "H-TRAP1") if extra else where(picked)

    walk = "\n".join(f"- {rid}: " + (L.common("yes") if rid in right else L.misreadings[why[rid]].message
                                     if rid in why else L.common("no")) for rid in asked)
    a = pick(a_, check_where, lambda sel: board(g, window, sel),
             a_.solution(L.join(sorted(right), last=False), walk, picks=tuple(sorted(right))), mode="set")
    k, hp = at_traps.rooms[at_traps.top.room].traps, at_traps.players[0].hp
    t = odds.trap_odds(k, hp, bo.bonus)
    b_ = L.part(w, "survive", "H13", hp=hp, k=k, dead=L.chance(dict(t.distribution).get(0, Fraction(0))),
                disarm=L.chance(t.p_disarm))
    dead, left = b_.later("dead", "chance"), b_.later("left", "chance")
    lines = "\n".join("- " + (left(hp=h, chance=L.chance(p)) if h else dead(chance=L.chance(p))) for h, p in t.distribution)
    b = b_.chance(b_.chance_check(t.survive, [("trap-must-disarm", bo.p_win ** k), ("trap-one-roll", bo.p_win),
                                              ("trap-strict", odds.trap_odds(k, hp, bo.bonus - 1).survive)]),
                  b_.solution(L.chance(t.survive), lines + "\n\n" + b_("explain")))
    c = roll(L.part(w, "roll", "H13"), g, at_traps, first, ((0, 4),))
    free = 0 in g.to_move(first) and any(m.verb == "reveal" for m in g.legal_moves(first, 0))
    d = L.part(w, "committed", "G19").choice("leave" if free else "stay", ("stay", "leave", "dash"),
                                            {"leave": "trap-back-out", "dash": "trap-dash"})
    return w("text"), (a, b, c, d)


@lru_cache(maxsize=None)
def heal_scene():
    g, s, sc = scene("heal")
    before_roll = play(g, s, sc["moves"])
    after = play(g, before_roll, sc["roll"])  # no Redo: the loss stands (H19: you are asked)
    card, aid = g.content.loot["thirst-aid"], g.parse_move(sc["aid"])
    _, in_turn, _ = scene("heal-in-turn", cups={0: {"hp": after.players[0].hp}})
    between = after.top is not None and getattr(after.top, "window", "") == "between_turns"
    moments = {"before": card.window == "battle", "after": aid in g.legal_moves(in_turn, 0),
               "between": aid in g.legal_moves(after, 0) and between, "never": aid not in g.legal_moves(after, 0)}
    return g, s, before_roll, after, moments, play(g, after, [aid]), card


def heal(L, w):
    g, s, before_roll, after, moments, healed, card = heal_scene()
    monster, amount, full = g.room_card(before_roll, 2), dict(card.effects)["heal"], g.content.hp_full
    a = L.part(w, "when", "H12", card=monster.name, damage=monster.damage, amount=amount,
               window=L.common(f"windows.{card.window}")).choice(
        next(k for k, v in moments.items() if v), ("before", "after", "between", "never"),
        {"before": "heal-pre-empt", "after": "heal-own-turn", "never": "heal-hp-limit"})
    hp0, hp1, hp2 = before_roll.players[0].hp, after.players[0].hp, healed.players[0].hp
    mis = {min(full, hp0 + amount): "heal-instead-of-drink", min(full, hp0 + amount) - (hp0 - hp1): "heal-before-damage"}
    mis.pop(hp2, None)
    b_ = L.part(w, "hp", "H9", hp0=hp0, hp1=hp1, hp2=hp2, damage=hp0 - hp1, amount=amount)
    b = b_.count(b_.number_check(hp2, [(m, v) for v, m in mis.items()]), b_.solution())
    return w("text", full=full), (a, b)


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
    a_ = L.part(w, "drop", "H-DEATH3", signature=g.character(0).signature)
    a = a_.choose(a_.one_of(set(drops), {"signature": "death-drop-signature", "none": "death-drop-none"},
                            name=lambda x: power[x].name),
                  tuple((x, power[x].name) for x in pl.powerups) + a_.options(("signature", "none")),
                  a_.solution(L.join((power[x].name for x in drops), last=False)))
    b_ = L.part(w, "keep", "H-DEATH4")
    one = b_.one_of(set(keeps), {}, name=lambda c: loot[c].name)
    b = b_.choose(lambda chosen: one(next(iter(chosen))) if len(chosen) == 1 else L.mis("death-keep-two"),
                  tuple((c, loot[c].name) for c in pl.hand), b_.solution(), many=True)
    right, trapped = room_name(lies), room_name(2)
    c_ = L.part(w, "where", "H10", room=right, trapped=trapped, powerup=power[drops[0]].name, card=loot[keeps[0]].name)
    trace = Trace()
    for where, rule, key, hp in ((right, "H9", "hp", pl.hp), (trapped, "H13", "trap", -10), (right, "H10", "dead", 0),
                                 (c_("hand"), "H-DEATH4", "kept", 0), ("START", "H-DEATH5", "back", g.content.hp_full),
                                 (c_("turn"), "G34", "ends", 0)):
        trace.add(where, rule, hp, c_(f"trace.{key}"))
    c = pick(c_, c_.one_of(right, {trapped: "death-room-entered", "START": "death-start", "deck": "death-deck"}),
             lambda sel: board(g, s, sel), c_.solution(right, trace=L.trace(trace), picks=(right,),
                                                       where_label=L.common("trace-place"), value_label=L.common("trace-hp")),
             buttons=c_.options(("deck",)))
    return w("text"), (a, b, c)


@lru_cache(maxsize=None)
def fourth_scene():
    g, s, sc = scene("fourth")
    placing = play(g, s, sc["moves"], fate(sc))
    targets = {room_name(m.args[1]) for m in g.legal_moves(placing, 0) if m.verb == "place"}
    placed = play(g, placing, [sc["place"]])
    swapped = play(g, placed, sc["swap"])
    now = next(i for i, r in enumerate(swapped.rooms) if "lucky-bottle-cap" in r.powerups)
    return g, s, placing, targets, placed, swapped, now


def fourth(L, w):
    g, s, placing, targets, placed, swapped, now = fourth_scene()
    occupied = {room_name(pl.at) for pl in placing.players} - {"START"}
    hoard = next(room_name(i) for i in range(1, len(placing.rooms)) if placing.rooms[i].card == "drink-hoard")
    a_ = L.part(w, "place", "H11", rooms=L.join(sorted(t for t in targets if int(t[1:]) <= 6), last=False),
                occupied=L.join(sorted(occupied)), hoard=hoard)
    known = {"keep": "fourth-keep", "START": "fourth-start", hoard: "fourth-hoard",
             **dict.fromkeys(occupied, "fourth-occupied")}
    a = pick(a_, a_.one_of(targets, known), lambda sel: board(g, placing, sel), a_.solution(picks=tuple(sorted(targets))),
             buttons=a_.options(("keep",)))
    right = room_name(now)
    b_ = L.part(w, "swap", "H-FAQ2", room=right)
    b = pick(b_, b_.one_of(right, {"r5": "swap-left-behind"}), lambda sel: board(g, placed, sel),
             b_.solution(right, picks=(right,)))
    return w("text"), (a, b)


#: the steps of this topic, in the lesson's order (each named by its step's id)
STEPS = (traps, heal, death, fourth)
