"""Steps 5-12: a Monster, a team battle, Redo, a Boss; traps, healing, dying and coming back, the fourth Power-Up.
Every chance is the engine's (``battle_odds``, ``odds``); a misreading is the same computation with one rule misread.
Oracles only: the words are the lesson's files."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache, partial

from .. import odds
from ..ops import enterable
from ..state import Move, room_name
from .scenes import hoard_room, play, played, scene


def revealed(name: str, *keys: str):
    """``(game, the room its first move reveals, states)``: a battle's scene played stage by stage (:func:`played`)."""
    g, sc, states = played(name, *keys)
    return g, g.parse_move(sc["moves"][0]).args[0], states


def monster(L, w):
    g, room, (_, s, after) = revealed("monster", "moves", "roll")
    bo, card = g.battle_odds(s), g.room_card(s, room)
    changes, chance = [a for _, a, _ in bo.level_changes], partial(odds.win_probability, "monster", bonus=bo.bonus)
    mine = sum(a for name, a, _ in bo.level_changes if name.endswith("player 1"))
    mis = [("monster-drain-ignored", chance(level=card.level + sum(a for a in changes if a > 0))),
           ("monster-one-boost", chance(level=card.level + sum(changes) - next(a for a in changes if a > 0))),
           ("monster-boosts-ignored", chance(level=card.level + mine)),
           ("monster-bonus-ignored", chance(level=bo.level, bonus=0)), ("monster-strict", chance(level=bo.level + 1)),
           ("monster-cards-ignored", chance(level=card.level))]
    need = bo.level - bo.bonus
    fields = dict(room=room_name(room), card=card.name, printed=card.level, level=bo.level, damage=card.damage,
                  bonus=bo.bonus, need=need, faces=21 - need, changes=" ".join(f"{c:+d}" for c in changes))
    g2, _, (_, s2) = played("monster-asked", "moves")  # the same reveal, Bo holding only a Dash: who is asked (H19)
    asked = []
    while not g2.is_chance(s2) and s2.top is not None and s2.top.kind == "window":
        asked.append(g2.to_move(s2)[0])
        s2 = g2.apply(s2, Move(asked[-1], "pass", ()))
    return w("text", **fields), (
        L.part(w, "chance", **fields).chance(bo.p_win, mis, L.odds_solution(bo.p_win, bo.explanation)),
        L.part(w, "roll").roll(g, s, after, ((0, 7),)),
        L.part(w, "again", **fields).choice("open" if enterable(g, after, room) else "fight"),
        L.part(w, "window", asked=L.join(L.who(p) for p in asked)).choice("asked" if 2 in asked else "skipped"))


def team(L, w):
    g, room, (_, s, chose, after) = revealed("team", "moves", "choose", "roll")
    bo, card = g.battle_odds(chose), g.room_card(s, room)
    mates = {room_name(s.players[m.args[0]].at): m.args[0] for m in g.legal_moves(s, 0) if m.verb == "choose"}
    a = L.part(w, "mate", room=room_name(room), card=card.name, level=card.level,
               mates=L.join(L.who(p, True) for p in sorted(mates.values())))
    a = a.on(g, s, a.one_of(set(mates), {room_name(s.players[0].at): "team-self"}, name=lambda r: L.who(mates[r], True)),
             a.solution(picks=set(mates)))
    mine = next(x for name, x, _ in bo.bonuses if "Fizzing" in name)
    hers, need, chance = bo.bonus - mine, bo.level - bo.bonus, partial(odds.win_probability, level=bo.level)
    mis = [("team-no-bonus", chance("team")), ("team-partner-bonus-ignored", chance("team", bonus=mine)),
           ("team-own-bonus-ignored", chance("team", bonus=hers)), ("team-one-die", chance("monster", bonus=bo.bonus)),
           ("team-flat", Fraction(sum(1 for t in range(2, 41) if t + bo.bonus >= bo.level), 39))]
    wins = sum(v for t, v in odds.dice_distribution(2).items() if t >= need) * 400
    b = L.part(w, "chance", level=bo.level, mine=mine, hers=hers, need=need, wins=wins)
    return (a, b.chance(bo.p_win, mis, L.odds_solution(bo.p_win, bo.explanation)),
                       L.part(w, "roll").roll(g, chose, after, ((0, 9), (1, 12))))


def redo(L, w):
    g, room, (_, s, rolled, redone, after) = revealed("redo", "moves", "lost", "redo", "roll")
    lost, new, card = g.battle_odds(s), g.battle_odds(redone), g.room_card(s, room)
    smallest, hp = max(1, new.level - new.bonus), redone.players[0].hp
    fields = dict(card=card.name, printed=card.level, damage=card.damage, hp=s.players[0].hp, lost=lost.level)
    a = L.part(w, "die", smallest=smallest, level=new.level, bonus=new.bonus, **fields)
    a = a.count(smallest, [("redo-loot-kept", lost.level - new.bonus), ("redo-powerup-dropped", new.level),
                           ("redo-strict", smallest + 1)],
                L.odds_solution(new.p_win, new.explanation, a("explain"), answer=str(smallest)))
    return w("text", **fields), (a, L.part(w, "hp", hp=hp).count(hp, [("redo-damage-taken", hp - card.damage)]),
                                 L.part(w, "roll").roll(g, redone, after, ((0, 8),)))


def boss(L, w):
    g, room, (_, before, s, after) = revealed("boss", "moves", "window", "roll")
    bo, card = g.battle_odds(s), g.room_card(s, room)
    chance = partial(odds.win_probability, "boss", bonus=bo.bonus)
    won, tied, lost = odds.opposed_counts(bo.bonus, bo.opponent_bonus)
    mis = [("boss-bossplayer-bonus-ignored", chance(opponent_bonus=0)), ("boss-ties-lose", Fraction(won, 400)),
           ("boss-level-card", chance(opponent_bonus=bo.opponent_bonus + g.content.loot["boost"].effects[0][1])),
           ("boss-even", Fraction(1, 2))]
    a = L.part(w, "chance", bonus=bo.bonus, boss=bo.opponent_bonus, won=won, tied=tied, lost=lost, decide=won + lost)
    no_boost = a("no-boost")  # read whatever the engine offers: every text of the file is read
    offered = [m.args[0] for m in g.legal_moves(before) if m.verb == "play"]
    a = a.chance(bo.p_win, mis, L.odds_solution(bo.p_win, bo.explanation, no_boost if "boost" not in offered else ""))
    return w("text", card=card.name, damage=card.damage, reward=card.reward_words), (
        a, L.part(w, "roll").roll(g, s, after, ((0, 14), (1, 11))))


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
    g, _, (_, at_traps, first) = played("traps-two", "moves", "roll")  # two traps on r4, 20 HP
    bo = g.battle_odds(at_traps)
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
    return (a, b, L.part(w, "roll").roll(g, at_traps, first, ((0, 4),)),
                       L.part(w, "committed").choice("leave" if free else "stay"))


def heal(L, w):
    g, sc, (_, before_roll, after) = played("heal", "moves", "roll")  # no Redo: the loss stands (H19: you are asked)
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
    return (a, b, c.on(g, s, c.one_of(right), c.walked(right, rows, L.labels["hp"], picks=(right,)),
                                  buttons=c.values))


def fourth(L, w):
    g, _, (_, placing, placed, swapped) = played("fourth", "moves", "place", "swap")
    targets = {room_name(m.args[1]) for m in g.legal_moves(placing, 0) if m.verb == "place"}
    occupied, hoard = {room_name(pl.at) for pl in placing.players} - {"START"}, hoard_room(placing)
    a = L.part(w, "place", rooms=L.join(sorted(t for t in targets if int(t[1:]) <= 6), last=False),
               occupied=L.join(sorted(occupied)), hoard=hoard)
    a = a.on(g, placing, a.one_of(targets, {hoard: "fourth-hoard", **dict.fromkeys(occupied, "fourth-occupied")}),
             a.solution(picks=targets), buttons=a.values)
    right = room_name(next(i for i, r in enumerate(swapped.rooms) if "lucky-bottle-cap" in r.powerups))
    b = L.part(w, "swap", room=right)
    return (a, b.on(g, placed, b.one_of(right), b.solution(right, picks=(right,))))


#: the steps of this topic, in the lesson's order (each named by its step's id)
STEPS = (monster, team, redo, boss, traps, heal, death, fourth)
