"""Steps 5-8: a Monster, a team battle, Redo, a Boss. Every chance is the engine's ``battle_odds``; a misreading is
the same computation with one rule misread. Oracles only: the words are the lesson's files."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from .. import odds
from ..ops import enterable
from ..state import Move, room_name
from .boards import board, pick, roll
from .scenes import fate, play, scene


@lru_cache(maxsize=None)
def monster_scene():
    g, s, sc = scene("monster")
    s = play(g, s, sc["moves"])
    return g, s, g.battle_odds(s), play(g, s, sc["roll"]), 13


def monster(L, w):
    g, s, bo, after, room = monster_scene()
    card, changes = g.room_card(s, room), [a for _, a, _ in bo.level_changes]
    mine = sum(a for name, a, _ in bo.level_changes if name.endswith("player 1"))

    def chance(level, bonus=bo.bonus):
        return odds.win_probability("monster", level=level, bonus=bonus)

    mis = [("monster-drain-ignored", chance(card.level + sum(a for a in changes if a > 0))),
           ("monster-one-boost", chance(card.level + sum(changes) - next(a for a in changes if a > 0))),
           ("monster-boosts-ignored", chance(card.level + mine)), ("monster-bonus-ignored", chance(bo.level, 0)),
           ("monster-strict", chance(bo.level + 1)), ("monster-cards-ignored", chance(card.level))]
    need = bo.level - bo.bonus
    fields = dict(room=room_name(room), card=card.name, printed=card.level, level=bo.level, damage=card.damage,
                  bonus=bo.bonus, need=need, faces=21 - need, changes=" ".join(f"{c:+d}" for c in changes))
    g2, s2, sc = scene("monster-asked")  # the same reveal, Bo holding only a Dash: who is asked when all pass (H19)
    s2, asked = play(g2, s2, sc["moves"]), []
    while not g2.is_chance(s2) and s2.top is not None and s2.top.kind == "window":
        asked.append(g2.to_move(s2)[0])
        s2 = g2.apply(s2, Move(asked[-1], "pass", ()))
    return w("text", **fields), (
        L.part(w, "chance", **fields).chance(bo.p_win, mis, L.odds_solution(bo.p_win, bo.explanation)),
        roll(L.part(w, "roll"), g, s, after, ((0, 7),)),
        L.part(w, "again", **fields).choice("open" if enterable(g, after, room) else "fight"),
        L.part(w, "window", asked=L.join(L.who(p) for p in asked)).choice("asked" if 2 in asked else "skipped"))


@lru_cache(maxsize=None)
def team_scene():
    g, s, sc = scene("team")
    s = play(g, s, sc["moves"])
    chose = play(g, s, sc["choose"])
    return g, s, chose, g.battle_odds(chose), play(g, chose, sc["roll"], fate(sc)), 13


def team(L, w):
    g, s, chose, bo, after, room = team_scene()
    card = g.room_card(s, room)
    mates = {room_name(s.players[m.args[0]].at): m.args[0] for m in g.legal_moves(s, 0) if m.verb == "choose"}
    a = L.part(w, "mate", room=room_name(room), card=card.name, level=card.level,
               mates=L.join(L.who(p, True) for p in sorted(mates.values())))
    a = a.on(g, s, a.one_of(set(mates), {room_name(s.players[0].at): "team-self"}, name=lambda r: L.who(mates[r], True)),
             a.solution(picks=set(mates)))
    mine = next(x for name, x, _ in bo.bonuses if "Fizzing" in name)
    hers, need = bo.bonus - mine, bo.level - bo.bonus

    def chance(bonus=0, how="team"):
        return odds.win_probability(how, level=bo.level, bonus=bonus)

    mis = [("team-no-bonus", chance()), ("team-partner-bonus-ignored", chance(mine)),
           ("team-own-bonus-ignored", chance(hers)), ("team-one-die", chance(bo.bonus, "monster")),
           ("team-flat", Fraction(sum(1 for t in range(2, 41) if t + bo.bonus >= bo.level), 39))]
    wins = sum(v for t, v in odds.dice_distribution(2).items() if t >= need) * 400
    b = L.part(w, "chance", level=bo.level, mine=mine, hers=hers, need=need, wins=wins)
    return w("text"), (a, b.chance(bo.p_win, mis, L.odds_solution(bo.p_win, bo.explanation)),
                       roll(L.part(w, "roll"), g, chose, after, ((0, 9), (1, 12))))


@lru_cache(maxsize=None)
def redo_scene():
    g, s, sc = scene("redo")
    s = play(g, s, sc["moves"])
    rolled = play(g, s, sc["lost"])
    redone = play(g, rolled, sc["redo"])
    return g, s, g.battle_odds(s), rolled, redone, g.battle_odds(redone), play(g, redone, sc["roll"], fate(sc)), 13


def redo(L, w):
    g, s, lost, rolled, redone, new, after, room = redo_scene()
    card = g.room_card(s, room)
    smallest, hp = max(1, new.level - new.bonus), redone.players[0].hp
    fields = dict(card=card.name, printed=card.level, damage=card.damage, hp=s.players[0].hp, lost=lost.level)
    a = L.part(w, "die", smallest=smallest, level=new.level, bonus=new.bonus, **fields)
    a = a.count(smallest, [("redo-loot-kept", lost.level - new.bonus), ("redo-powerup-dropped", new.level),
                           ("redo-strict", smallest + 1)],
                L.odds_solution(new.p_win, new.explanation, a("explain"), answer=str(smallest)))
    return w("text", **fields), (a, L.part(w, "hp", hp=hp).count(hp, [("redo-damage-taken", hp - card.damage)]),
                                 roll(L.part(w, "roll"), g, redone, after, ((0, 8),)))


@lru_cache(maxsize=None)
def boss_scene():
    g, s, sc = scene("boss")
    s = play(g, s, sc["moves"])
    offered = [m.args[0] for m in g.legal_moves(s) if m.verb == "play"]
    s = play(g, s, sc["window"])
    return g, s, g.battle_odds(s), offered, play(g, s, sc["roll"], fate(sc)), 2


def boss(L, w):
    g, s, bo, offered, after, room = boss_scene()
    card = g.room_card(s, room)
    won, tied, lost = odds.opposed_counts(bo.bonus, bo.opponent_bonus)

    def chance(other):
        return odds.win_probability("boss", bonus=bo.bonus, opponent_bonus=other)

    mis = [("boss-bossplayer-bonus-ignored", chance(0)), ("boss-ties-lose", Fraction(won, 400)),
           ("boss-level-card", chance(bo.opponent_bonus + g.content.loot["boost"].effects[0][1])),
           ("boss-even", Fraction(1, 2))]
    a = L.part(w, "chance", bonus=bo.bonus, boss=bo.opponent_bonus, won=won, tied=tied, lost=lost, decide=won + lost)
    no_boost = a("no-boost")  # read whatever the engine offers: every text of the file is read
    a = a.chance(bo.p_win, mis, L.odds_solution(bo.p_win, bo.explanation, no_boost if "boost" not in offered else ""))
    return w("text", card=card.name, damage=card.damage, reward=card.reward_words), (
        a, roll(L.part(w, "roll"), g, s, after, ((0, 14), (1, 11))))


#: the steps of this topic, in the lesson's order (each named by its step's id)
STEPS = (monster, team, redo, boss)
