"""Steps 13-16: Pourtals, duels, stranded behind the Hoard, the Hoard and its Guardian. Oracles only: the words are
the lesson's files."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ...core.trace import Trace
from .. import odds
from ..effects import roll_bonuses
from ..state import Move, room_name
from .boards import board, pick, roll
from .scenes import play, scene


def yes_no(L, part, keys, facts) -> str:
    """``label: yes; label: no.``: what the engine says of each option (``facts[key]``)."""
    labels = dict(part.options(keys))
    return "; ".join(f"{labels[k]}: {L.common('yes' if facts[k] else 'no')}" for k in keys) + "."


@lru_cache(maxsize=None)
def pourtal_scene():
    g, s, sc = scene("pourtal")
    jumped = play(g, s, [sc["jump"]])
    return (g, s, frozenset(room_name(m.args[0]) for m in g.legal_moves(s, 0) if m.verb == "teleport"), jumped,
            any(m.verb == "teleport" for m in g.legal_moves(jumped, 0)))


def pourtal(L, w):
    g, s, targets, jumped, again = pourtal_scene()
    a_ = L.part(w, "jump", "H-POR2")
    walk = "\n".join(f"- {room_name(i)}: " + (L.common("yes") if room_name(i) in targets else
                                              g.why_illegal(s, Move(0, "teleport", (i,)))[1]) for i in (1, 2, 3))
    a = pick(a_, a_.set_check(targets, {"r2": "pourtal-occupied", "r3": "pourtal-any-room"}),
             lambda sel: board(g, s, sel), a_.solution(L.join(sorted(targets)), walk, picks=tuple(sorted(targets))),
             mode="set")
    b_ = L.part(w, "actions", "H-POR3", left=jumped.actions)
    b = b_.count(b_.number_check(jumped.actions, [("pourtal-is-action", jumped.actions - 1)]),
                 b_.solution(str(jumped.actions)))
    c = L.part(w, "again", "H-POR5").choice("yes" if again else "no", ("no", "yes", "action"),
                                          {"yes": "pourtal-twice", "action": "pourtal-jump-for-action"})
    return w("text"), (a, b, c)


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
    a_ = L.part(w, "chance", "H-DUEL3", bonus=bo.bonus, other=bo.opponent_bonus, won=won, tied=tied, lost=lost)
    a = a_.chance(a_.chance_check(bo.p_win, [
        ("duel-ties-lose", Fraction(won, 400)),
        ("duel-bonus-ignored", odds.win_probability("duel", opponent_bonus=bo.opponent_bonus))]),
        L.odds_solution(bo.p_win, bo.explanation))
    target = room_name(through[0].args[0])
    b_ = L.part(w, "through", "H-DUEL8", room=target)
    b = pick(b_, b_.one_of(target, texts={room_name(s.players[2].at): "bo"}), lambda sel: board(g, s, sel),
             b_.solution(target, picks=(target,)))
    ada = room_name(after.players[1].at)
    c_ = L.part(w, "ada", "G33", room=ada, target=target, total=13 + bo.bonus)
    trace = Trace()
    for where, rule, key, hp in ((target, "H-DUEL8", "duel", 10), (target, "H-DUEL4", "drinks", -10),
                                 (target, "H10", "dies", 0), ("START", "H-DEATH5", "back", 100),
                                 (target, "H11", "takes", 0)):
        trace.add(where, rule, hp, c_(f"trace.{key}"))
    c = pick(c_, c_.one_of(ada, {room_name(s.players[0].at): "duel-swap-dead", target: "duel-no-move"}),
             lambda sel: board(g, s, sel), c_.solution(ada, trace=L.trace(trace), picks=(ada,),
                                                       where_label=L.common("trace-place"), value_label=c_("hp")))
    keys = ("jump", "duel", "action", "nothing")
    d_ = L.part(w, "after", "H-DUEL6")
    labels, right = dict(d_.options(keys)), frozenset(k for k in keys if left[k])
    d = d_.choose(d_.set_check(right, {"jump": "duel-pourtal-free", "duel": "duel-twice", "nothing": "duel-is-action"},
                               name=labels.get), labels.items(),
                  d_.solution(L.join(labels[k] for k in keys if k in right), yes_no(L, d_, keys, left)), many=True)
    return w("text"), (a, b, c, d)


@lru_cache(maxsize=None)
def stranded_scene():
    sc = scene("stranded")[2]
    boards = {}
    for key, board_ in sc["boards"].items():
        g, s, _ = scene("stranded", cups={0: {"hand": board_["hand"]}},
                        hexes=sc["hexes"] + ([board_["room"]] if "room" in board_ else []))
        boards[key] = (s, g.stranded(s, 0), "room" in board_)
    s, home = boards["C"][0], Move(0, "home", ())
    return g, boards, play(g, s, [home]) if home in g.legal_moves(s, 0) else None


def stranded(L, w):
    g, boards, after = stranded_scene()
    a_ = L.part(w, "way", "H14")
    a = pick(a_, a_.one_of({"home", "START"} if after is not None else set(), {"r3": "stranded-through-hoard"},
                           texts={"r2": "walk"}), lambda sel: board(g, boards["C"][0], sel),
             a_.solution(picks=("home",)), buttons=a_.options(("home",)))
    b_ = L.part(w, "boards", "H14")
    keys = (*boards, "hoard")
    labels, right = dict(b_.options(keys)), frozenset(k for k, (_, st, _) in boards.items() if st)
    lines = "\n".join("- " + b_("line", board=labels[k], verdict=b_("stranded" if st else "room" if room else "card"))
                      for k, (_, st, room) in boards.items())
    b = b_.choose(b_.set_check(right, {"A": "stranded-room-left", "B": "stranded-card-left",
                                       "hoard": "stranded-through-hoard"}, name=labels.get), labels.items(),
                  b_.solution(L.join(labels[k] for k in sorted(right)), lines), many=True)
    return w("text"), (a, b)


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
    keys = ("fight", "ends", "dash", "hidden")
    a_ = L.part(w, "early", "H-HOARD1")
    a = a_.choice(next(k for k in keys if what[k]), keys,
                  {"fight": "hoard-fight-anyway", "dash": "hoard-dash", "hidden": "hoard-hidden"}, yes_no(L, a_, keys, what))
    k, hp, level = at_trap.rooms[2].traps, at_trap.players[0].hp, g.content.guardian.level
    survive = odds.trap_odds(k, hp, trap.bonus).survive
    bonus = sum(b.amount for b in roll_bonuses(g, s2, 0, "monster"))
    monster = lambda plus=0, up=0: survive * odds.win_probability("monster", level=level + up, bonus=plus)  # noqa: E731
    mis = [("gdg-bonus", monster(bonus)),
           ("gdg-bonus-and-card", monster(bonus + dict(g.content.loot["courage"].effects)["roll_mod"])),
           ("gdg-reroll", survive * odds.win_probability_with_redos(guardian.p_win, 1)),
           ("gdg-trap-blocks", trap.p_win ** k * guardian.p_win), ("gdg-strict", monster(up=1))]
    b_ = L.part(w, "guardian", "H8", hp=hp, level=level, survive=L.chance(survive))
    p, safe, risk = survive * guardian.p_win, b_("safe"), b_("risk")
    b = b_.chance(b_.chance_check(p, mis), L.odds_solution(
        guardian.p_win, guardian.explanation, b_("explain") + " " + (safe if survive == 1 else risk), answer=L.chance(p)))
    c = roll(L.part(w, "roll", "H-HOARD2"), g, at_trap, won, ((0, 12), (0, 17)), buttons=("trap", "guardian"))
    return w("text"), (a, b, c)


#: the steps of this topic, in the lesson's order (each named by its step's id)
STEPS = (pourtal, duel, stranded, hoard)
