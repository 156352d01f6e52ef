"""Steps 1-4: the quest, building the dungeon, a turn, walking. Oracles only: the words are the lesson's files."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ...kit.lesson import Solution
from ..drawing import hex_id, parse_id
from ..ops import enter_length, is_hoard
from ..state import START, Move, room_name
from .boards import board, pick
from .scenes import distance, fate, game, passes_until, play, scene, spec


@lru_cache(maxsize=None)
def goal_scene():
    """Four heroes around the revealed Hoard r1: who may claim it (the engine's legal moves)."""
    g, s, _ = scene("goal")
    return g, s, {p: Move(p, "claim", ()) in g.legal_moves(replace(s, active=p)) for p in range(4)}, 1


def goal(L, w):
    g, s, claim, hoard = goal_scene()
    need, near = g.content.guardian.power_ups, set(s.layout.neighbours(hoard))
    room_of = {p: room_name(pl.at) for p, pl in enumerate(s.players)}
    wrong, missing = {}, {}
    for p, pl in enumerate(s.players):
        if claim[p] and pl.hp <= 50:
            missing[room_of[p]] = "goal-hp-gate"
        elif not claim[p] and (len(pl.powerups) >= need or pl.at in near):
            wrong[room_of[p]] = "goal-not-adjacent" if len(pl.powerups) >= need else "goal-signature-counts"
    right = frozenset(room_of[p] for p in claim if claim[p])
    names = L.join(L.who(p) for p in claim if claim[p])
    p = L.part(w, "claim", "H-OBJ1", names=names)

    def line(k):
        pl, ch = s.players[k], g.character(k)
        return p("line", who=L.who(k, True), cup=k + 1, room=room_of[k], powerups=L.plural("powerups", len(pl.powerups)),
                 signature=ch.signature, cls=ch.cls, hp=pl.hp, where=p("near" if pl.at in near else "far"),
                 verdict=p("may" if claim[k] else "may-not"))

    heroes = " ".join(w("hero-you" if k == 0 else "hero", who=L.who(k, True), cup=k + 1, n=len(pl.powerups))
                      for k, pl in enumerate(s.players))
    explanation = "\n".join(map(line, range(4))) + "\n\n" + p("sword")
    ex = pick(p, p.set_check(right, wrong, missing), lambda sel: board(g, s, sel),
              p.solution(names, explanation, picks=tuple(sorted(right))), mode="set")
    return w("text", heroes=heroes), (ex,)


@lru_cache(maxsize=None)
def build_scene():
    """Four builders: the shares of the rooms (with and without the 20 taken out), then eight rooms placed."""
    options = spec("build")["game"]
    g = game(**options)
    st = g.initial_state()
    left = next(f for f in st.stack if f.kind == "build").left
    removed = next(f for f in game(**options, removal=True).initial_state().stack if f.kind == "build").left
    for h in spec("build")["placed"]:
        st = g.apply(st, next(m for m in g.legal_moves(st) if m.args == tuple(h)))
    placed = set(st.layout.where)
    slots = sorted(h for h in ((q, r) for q in range(-5, 6) for r in range(-5, 6)) if distance(h) <= 4 and h not in placed)
    return g, st, left, removed, frozenset(m.args for m in g.legal_moves(st)), slots


def build(L, w):
    g, st, left, removed, legal, slots = build_scene()
    n, total = len(left), sum(left)
    base, extra = divmod(total + len(st.layout.start), n)
    mis = [("build-extras-last", left[0]), ("build-start-counted", base + (1 if n - 1 < extra else 0)),
           ("build-removal", removed[n - 1]), ("build-removal", removed[0])]
    a_ = L.part(w, "count", "H2", seat=n, right=left[-1], total=total, n=n, each=total // n, extra=total % n,
                shares=L.join(map(str, left)))
    a = a_.count(a_.number_check(left[-1], mis), a_.solution())
    hexes = {hex_id(h) for h in slots}
    b_ = L.part(w, "place", "H-SET7")
    right = frozenset(hex_id(h) for h in legal)
    known = lambda id_: "build-floating" if id_ in hexes else "build-on-room" if (parse_id(id_) or "?")[0] == "room" \
        else None  # noqa: E731
    b = pick(b_, b_.one_of(right, known), lambda sel: board(g, st, sel, slots=slots),
             b_.solution(picks=tuple(sorted(right))))
    return w("text"), (a, b)


@lru_cache(maxsize=None)
def turn_kinds():
    """Which kinds of move spend the turn's action: each tried on one position, judged by the engine's count."""
    g, s, sc = scene("turn-kinds")
    spends = {kind: g.apply(s, g.parse_move(m)).acted > s.acted for kind, m in sc["tries"].items()}
    t = g.apply(s, g.parse_move(sc["tries"]["reveal"]))  # the trap of r4 is rolled next: does the roll spend more?
    spends["trap"] = g.apply(t, g.parse_move(sc["trap-roll"])).acted > t.acted
    return spends


@lru_cache(maxsize=None)
def turn_scene():
    g, s, sc = scene("turn")
    g2, s2, sc2 = scene("turn-reward")
    after = play(g2, s2, sc2["moves"])
    return g, s, fate(sc), len(after.players[1].hand) - len(s2.players[1].hand), g.content.rooms["snack-stash"].loot


def turn_move(state, id_):
    """The move a click on the turn's board means: a room revealed or entered, *Play Dash*, *End turn*."""
    if id_ in ("dash", "end"):
        return Move(0, "play", ("dash",)) if id_ == "dash" else Move(0, "end", ())
    found = parse_id(id_)
    if found and found[0] == "room":
        return Move(0, "enter" if (found[1] == START or state.rooms[found[1]].up) else "reveal", (found[1],))
    return None


def turn_replay(sel):
    """The learner's clicks played on the engine: ``(state, actions taken, refusal or None, the last move)``;
    a refusal is ``(move, rule, why)``, the last move ``(before, move, after)`` or ``None``."""
    g, s, chance, *_ = turn_scene()
    state, used = chance.settle(g, s, {})
    taken, last = 0, None
    for id_ in sel:
        m = turn_move(state, id_)
        if m is None:
            continue
        if m not in g.legal_moves(state, 0) or g.to_move(state) != (0,):
            return state, taken, (m, *g.why_illegal(state, m)), last
        before = state
        state, used = chance.settle(g, g.apply(state, m), used)
        if m.verb == "end":  # the between-turns window: everyone asked passes (H19)
            state, used = passes_until(g, state, Move(None, "roll", ()), chance, used)
        if m.verb in ("reveal", "enter", "claim", "home"):
            if state.active == 0 and state.in_turn:
                taken += state.acted - before.acted
            else:  # the turn ended with this action (the Hoard revealed too early, a death)
                taken += 1 if m.verb != "enter" or before.steps == 0 else 0
        last = (before, m, state)
    return state, taken, None, last


def turn(L, w):
    spends = turn_kinds()
    kinds = ("reveal", "enter", "claim", "teleport", "duel", "trap")
    a_ = L.part(w, "actions", "H-TURN2")
    labels = dict(a_.options(kinds))
    right = frozenset(k for k in kinds if spends[k])
    moves = "; ".join(a_("tried", move=labels[k], verdict=a_("spends" if spends[k] else "free")) for k in kinds)
    a = a_.choose(a_.set_check(right, {"teleport": "turn-teleport-action", "duel": "turn-duel-action",
                                       "trap": "turn-trap-action"}, {"claim": "turn-claim-missing"}, name=labels.get),
                  labels.items(), a_.solution(L.join(labels[k] for k in kinds if k in right), a_("explain", moves=moves)),
                  many=True)
    g, s, chance, got, pays = turn_scene()
    b_ = L.part(w, "play", "H-FAQ1")
    over, said, unfinished, answer = b_("over"), b_("right"), b_("unfinished"), b_("answer")
    hand_said, refused = b_.later("hand", "cards"), b_.later("refused", "why")

    def draw(sel):
        state, _, refusal, last = turn_replay(sel)
        hand = L.join((g.content.loot[c].name for c in state.players[0].hand), last=False) or L.nothing
        if refusal or state.active != 0:
            return board(g, state, caption=L.ruled(refusal[2], refusal[1]) if refusal else over)
        done = "" if last is None else (L.outcome(g, last[0], last[2]).rstrip(".") if last[1].verb == "reveal"
                                        else g.describe_move(last[0], last[1], 0))
        return board(g, state, caption=(done + " · " if done else "") + hand_said(cards=hand))

    def check(seq):
        state, _, refusal, _ = turn_replay(seq)
        if refusal:
            m, rule, why = refusal
            known = {("reveal", "H-TURN3"): "turn-reveal-far", ("end", "H4"): "turn-end-early"}.get((m.verb, rule))
            return L.mis(known) if known else L.no(refused(why=why), rule)
        if state.active == 0:
            return L.no(unfinished, "H4")
        return L.mis("turn-dash-unused") if "dash" not in seq else L.right(said, "H-FAQ1")

    canon = ("r1", "dash", turn_second_room(), "end")
    b = pick(b_, check, draw, lambda: turn_solution(L, answer, canon), mode="sequence", buttons=b_.options(("dash", "end")))
    c_ = L.part(w, "reward", "H-REW3", got=got)
    c = c_.count(c_.number_check(got, [("turn-reward-twice", pays)]), c_.solution(str(got)))
    return w("text"), (a, b, c)


def turn_second_room() -> str:
    g, s, chance, *_ = turn_scene()
    st = g.apply(chance.settle(g, g.apply(s, Move(0, "reveal", (1,))))[0], Move(0, "play", ("dash",)))
    return room_name(next(m.args[0] for m in g.legal_moves(st, 0) if m.verb == "reveal"))


def turn_solution(L, answer, canon) -> Solution:
    g, s, chance, *_ = turn_scene()
    state, used = chance.settle(g, s, {})
    lines = []
    for id_ in canon:
        m, before = turn_move(state, id_), state
        lines.append(g.describe_move(state, m, 0))
        state, used = chance.settle(g, g.apply(state, m), used)
        if m.verb == "reveal":
            lines.append(L.outcome(g, before, state))
    return Solution(answer, "\n".join(f"{k}. {t}" for k, t in enumerate(lines, 1)), picks=canon)


def enter_ends(g, s, p=0) -> set:
    """Every room where the cup can stand at the end of an Enter action: the engine's enter moves, followed."""
    out, todo, seen = set(), [s], set()
    while todo:
        st = todo.pop()
        for m in (m for m in g.legal_moves(st, p) if m.verb == "enter"):
            nxt = g.apply(st, m)
            if not g.is_chance(nxt):
                out.add(m.args[0])
                key = (nxt.players[p].at, nxt.steps, nxt.actions)
                if key not in seen:
                    seen.add(key)
                    todo.append(nxt)
    return out


def walk_misread(g, s, p=0, *, hoard=False, through=False, into=False, start_free=False, face_down=False,
                 start_closed=False) -> set:
    """Where the cup could end with one rule of the walk misread (the misreadings of the ``enter`` step)."""
    occ = {pl.at for q, pl in enumerate(s.players) if q != p}
    length = enter_length(g, s, p)
    ends, todo, seen = set(), [(s.players[p].at, 0)], set()
    while todo:
        at, used = todo.pop()
        for j in s.layout.neighbours(at):
            r = s.rooms[j]
            if (j != START and not r.up and not face_down) or (j == START and start_closed) or \
                    (is_hoard(g, s, j) and r.up and not hoard):
                continue
            busy = j != START and j in occ
            cost = 0 if (j == START and start_free) else 1
            if (busy and not (into or through)) or used + cost > length:
                continue
            if not busy or into:
                ends.add(j)
            if (not busy or through) and (r.up or j == START) and (j, used + cost) not in seen:
                seen.add((j, used + cost))
                todo.append((j, used + cost))
    return ends


@lru_cache(maxsize=None)
def enter_scene():
    g, s, _ = scene("enter")
    ends, own = enter_ends(g, s), s.players[0].at
    extra: dict = {}
    for mid, kw in (("enter-through-hoard", "hoard"), ("enter-through-occupied", "through"), ("enter-occupied", "into"),
                    ("enter-start-free", "start_free"), ("enter-face-down", "face_down")):
        for i in walk_misread(g, s, **{kw: True}) - ends - {own}:
            extra.setdefault(room_name(i), mid)
    return g, s, frozenset(room_name(i) for i in ends - {own}), extra


def enter(L, w):
    g, s, right, extra = enter_scene()
    own = room_name(s.players[0].at)
    missing = dict.fromkeys(right - {room_name(j) for j in walk_misread(g, s, start_closed=True)},
                            "enter-start-missing")  # START, and the rooms only START leads to
    p = L.part(w, "walk", "H3", own=own)
    walk = p.set_check(right, extra, missing)
    then, nowhere, refused = p.later("then", "room", "rooms"), p("nowhere"), p.later("not", "room", "why")

    def tree() -> str:
        lines = ["- " + then(room=room_name(m.args[0]), rooms=L.join([room_name(x.args[0]) for x in g.legal_moves(
            g.apply(s, m), 0) if x.verb == "enter"], last=False) or nowhere) for m in g.legal_moves(s, 0)
                 if m.verb == "enter"]
        for j in s.layout.neighbours(s.players[0].at):
            if Move(0, "enter", (j,)) not in g.legal_moves(s, 0):
                rule, why = g.why_illegal(s, Move(0, "enter", (j,)))
                lines.append("- " + L.ruled(refused(room=room_name(j), why=why), rule))
        return "\n".join(lines)

    ex = pick(p, lambda picked: walk(frozenset(picked) - {own}), lambda sel: board(g, s, sel),
              lambda: p.solution(L.join(sorted(right), last=False), tree(), picks=tuple(sorted(right))), mode="set")
    return w("text"), (ex,)


#: the steps of this topic, in the lesson's order (each named by its step's id)
STEPS = (goal, build, turn, enter)
