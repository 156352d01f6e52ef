"""Steps 13-16: Pourtals, duels, stranded behind the Hoard, the Hoard and its Guardian. Oracles only: the words are
the lesson's files."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from .. import odds
from ..effects import roll_bonuses
from ..state import Move, room_name
from .boards import roll
from .scenes import play, scene


def pourtal(L, w):
    g, s, sc = scene("pourtal")
    jumped = play(g, s, [sc["jump"]])
    targets = {room_name(m.args[0]) for m in g.legal_moves(s, 0) if m.verb == "teleport"}
    again = any(m.verb == "teleport" for m in g.legal_moves(jumped, 0))
    a, b = L.part(w, "jump"), L.part(w, "actions", left=jumped.actions)
    walk = "\n".join(f"- {room_name(i)}: " + (L.common("yes") if room_name(i) in targets else
                                              g.why_illegal(s, Move(0, "teleport", (i,)))[1]) for i in (1, 2, 3))
    return w("text"), (a.on(g, s, a.set_check(targets), a.solution(L.join(sorted(targets)), walk, picks=targets),
                            mode="set"),
                       b.count(jumped.actions, [("pourtal-is-action", jumped.actions - 1)], b.solution(str(jumped.actions))),
                       L.part(w, "again").choice("yes" if again else "no"))


@lru_cache(maxsize=None)
def duel_scene():
    g, s, sc = scene("duel")
    vs_bo = g.battle_odds(play(g, s, [sc["bo"]]))
    through = [m for m in g.legal_moves(s, 0) if m.verb == "duel" and m.args[1]]
    after = play(g, s, [through[0], *sc["roll"]])
    moves = g.legal_moves(after, 0)
    left = {"jump": any(m.verb == "teleport" for m in moves), "duel": any(m.verb == "duel" for m in moves),
            "action": any(m.verb in ("reveal", "enter", "claim") for m in moves), "nothing": not moves}
    return g, s, vs_bo, through, after, left


def duel(L, w):
    g, s, bo, through, after, left = duel_scene()
    won, tied, lost = odds.opposed_counts(bo.bonus, bo.opponent_bonus)
    a = L.part(w, "chance", bonus=bo.bonus, other=bo.opponent_bonus, won=won, tied=tied, lost=lost)
    a = a.chance(bo.p_win, [("duel-ties-lose", Fraction(won, 400)),
                            ("duel-bonus-ignored", odds.win_probability("duel", opponent_bonus=bo.opponent_bonus))],
                 L.odds_solution(bo.p_win, bo.explanation))
    target, ada = room_name(through[0].args[0]), room_name(after.players[1].at)
    b = L.part(w, "through", room=target)
    b = b.on(g, s, b.one_of(target, texts={room_name(s.players[2].at): "bo"}), b.solution(target, picks=(target,)))
    c = L.part(w, "ada", room=ada, target=target, total=13 + bo.bonus)
    rows = ((target, "H-DUEL8", "duel", 10), (target, "H-DUEL4", "drinks", -10), (target, "H10", "dies", 0),
            ("START", "H-DEATH5", "back", 100), (target, "H11", "takes", 0))
    c = c.on(g, s, c.one_of(ada, {room_name(s.players[0].at): "duel-swap-dead", target: "duel-no-move"}),
             c.walked(ada, rows, c("hp"), picks=(ada,)))
    d = L.part(w, "after")
    return w("text"), (a, b, c, d.choices({k for k in left if left[k]}, explanation=d.yes_no(left)))


def stranded(L, w):
    sc, boards = scene("stranded")[2], {}
    for key, board_ in sc["boards"].items():
        g, s, _ = scene("stranded", cups={0: {"hand": board_["hand"]}},
                        hexes=sc["hexes"] + ([board_["room"]] if "room" in board_ else []))
        boards[key] = (s, g.stranded(s, 0), "room" in board_)
    s = boards["C"][0]
    a = L.part(w, "way")
    a = a.on(g, s, a.one_of({"home", "START"} if Move(0, "home", ()) in g.legal_moves(s, 0) else set(),
                            texts={"r2": "walk"}), a.solution(picks=("home",)), buttons=a.values)
    b = L.part(w, "boards")
    labels = dict(b.options())
    lines = "\n".join("- " + b("line", board=labels[k], verdict=b("stranded" if st else "room" if room else "card"))
                      for k, (_, st, room) in boards.items())
    return w("text"), (a, b.choices({k for k, (_, st, _) in boards.items() if st}, explanation=lines))


@lru_cache(maxsize=None)
def hoard_scene():
    g, s, sc = scene("hoard")
    revealed = play(g, s, sc["moves"])
    what = {"fight": any(f.kind == "guardian" for f in revealed.stack) or revealed.phase == "over",
            "ends": revealed.active != 0 or not revealed.in_turn,
            "dash": Move(0, "play", ("dash",)) in g.legal_moves(revealed, 0), "hidden": not revealed.rooms[2].up}
    g, s2, sc2 = scene("hoard-claim")
    at_trap = play(g, s2, sc2["moves"])
    at_guardian = play(g, at_trap, sc2["trap"])
    won = play(g, at_guardian, sc2["guardian"])
    return g, s, revealed, what, s2, at_trap, g.battle_odds(at_trap), at_guardian, g.battle_odds(at_guardian), won


def hoard(L, w):
    g, s, revealed, what, s2, at_trap, trap, at_guardian, guardian, won = hoard_scene()
    a = L.part(w, "early")
    a = a.choice(next(k for k in a.values if what[k]), a.yes_no(what))
    k, hp, level = at_trap.rooms[2].traps, at_trap.players[0].hp, g.content.guardian.level
    survive = odds.trap_odds(k, hp, trap.bonus).survive
    bonus = sum(b.amount for b in roll_bonuses(g, s2, 0, "monster"))

    def monster(plus=0, up=0):
        return survive * odds.win_probability("monster", level=level + up, bonus=plus)

    mis = [("gdg-bonus", monster(bonus)),
           ("gdg-bonus-and-card", monster(bonus + dict(g.content.loot["courage"].effects)["roll_mod"])),
           ("gdg-reroll", survive * odds.win_probability_with_redos(guardian.p_win, 1)),
           ("gdg-trap-blocks", trap.p_win ** k * guardian.p_win), ("gdg-strict", monster(up=1))]
    b, p = L.part(w, "guardian", hp=hp, level=level, survive=L.chance(survive)), survive * guardian.p_win
    said = b("explain") + " " + (b("safe"), b("risk"))[survive != 1]
    return w("text"), (a, b.chance(p, mis, L.odds_solution(guardian.p_win, guardian.explanation, said,
                                                           answer=L.chance(p))),
                       roll(L.part(w, "roll"), g, at_trap, won, ((0, 12), (0, 17))))


#: the steps of this topic, in the lesson's order (each named by its step's id)
STEPS = (pourtal, duel, stranded, hoard)
