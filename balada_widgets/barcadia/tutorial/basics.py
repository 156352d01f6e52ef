"""Steps 1-4: the quest, building the dungeon, a turn, walking. Oracles only: the words are the lesson's files."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ...kit.lesson import Solution
from ..drawing import hex_id, parse_id
from ..ops import enter_length, is_hoard
from ..state import START, Move, room_name
from .scenes import board, distance, game, passes_until, play, scene, settle, spec


def goal(L, w):
    """Four heroes around the revealed Hoard r1: who may claim it (the engine's legal moves)."""
    g, s, _ = scene("goal")
    claim = {p: Move(p, "claim", ()) in g.legal_moves(replace(s, active=p)) for p in range(4)}
    need, near, room_of = g.content.guardian.power_ups, set(s.layout.neighbours(1)), [room_name(pl.at) for pl in s.players]
    wrong, missing = {}, {}
    for p, pl in enumerate(s.players):
        if claim[p] and pl.hp <= 50:
            missing[room_of[p]] = "goal-hp-gate"
        elif not claim[p] and (len(pl.powerups) >= need or pl.at in near):
            wrong[room_of[p]] = "goal-not-adjacent" if len(pl.powerups) >= need else "goal-signature-counts"
    right, names = {room_of[p] for p in claim if claim[p]}, L.join(L.who(p) for p in claim if claim[p])
    p = L.part(w, "claim", names=names)
    heroes = " ".join(w("hero-you" if k == 0 else "hero", who=L.who(k, True), cup=k + 1, n=len(pl.powerups))
                      for k, pl in enumerate(s.players))
    explanation = "\n".join(p("line", who=L.who(k, True), cup=k + 1, room=room_of[k], hp=pl.hp,
                               powerups=L.plural("powerups", len(pl.powerups)), signature=g.character(k).signature,
                               cls=g.character(k).cls, where=p("near" if pl.at in near else "far"),
                               verdict=p("may" if claim[k] else "may-not")) for k, pl in enumerate(s.players))
    explanation += "\n\n" + p("sword")
    return w("text", heroes=heroes), p.on(g, s, p.set_check(right, wrong, missing),
                                          p.solution(names, explanation, picks=right), mode="set")


@lru_cache(maxsize=None)
def build_scene():
    """Four builders: the shares of the rooms (with and without the 20 taken out), then eight rooms placed."""
    g = game(**spec("build")["game"])
    st = g.initial_state()
    left = next(f for f in st.stack if f.kind == "build").left
    removed = next(f for f in game(**spec("build")["game"], removal=True).initial_state().stack if f.kind == "build")
    for h in spec("build")["placed"]:
        st = g.apply(st, next(m for m in g.legal_moves(st) if m.args == tuple(h)))
    slots = sorted(h for h in ((q, r) for q in range(-5, 6) for r in range(-5, 6)) if distance(h) <= 4 and h not in
                   st.layout.where)
    return g, st, left, removed.left, frozenset(m.args for m in g.legal_moves(st)), slots


def build(L, w):
    g, st, left, removed, legal, slots = build_scene()
    n, total = len(left), sum(left)
    base, extra = divmod(total + len(st.layout.start), n)
    a = L.part(w, "count", seat=n, right=left[-1], total=total, n=n, each=total // n, extra=total % n,
               shares=L.join(map(str, left)))
    a = a.count(left[-1], [("build-extras-last", left[0]), ("build-start-counted", base + (n - 1 < extra)),
                           ("build-removal", removed[n - 1]), ("build-removal", removed[0])])
    hexes, b = {hex_id(h) for h in slots}, L.part(w, "place")
    right = {hex_id(h) for h in legal}

    def known(id_):
        return "build-floating" if id_ in hexes else "build-on-room" if (parse_id(id_) or "?")[0] == "room" else None

    return (a, b.pick(b.one_of(right, known), lambda sel: board(g, st, sel, slots=slots),
                               b.solution(picks=right)))


@lru_cache(maxsize=None)
def turn_scene():
    """Which kinds of move spend the turn's action (each tried on one position, judged by the engine's count);
    your first turn (chance scripted); how many cards the Reward pays a later visitor, and what it paid."""
    g, s, sc = scene("turn-kinds")
    spends = {kind: g.apply(s, g.parse_move(m)).acted > s.acted for kind, m in sc["tries"].items()}
    t = g.apply(s, g.parse_move(sc["tries"]["reveal"]))  # the trap of r4 is rolled next: does the roll spend more?
    spends["trap"] = g.apply(t, g.parse_move(sc["trap-roll"])).acted > t.acted
    g, s, sc = scene("turn")
    g2, s2, sc2 = scene("turn-reward")
    got = len(play(g2, s2, sc2["moves"]).players[1].hand) - len(s2.players[1].hand)
    return g, s, sc.get("fate"), got, g.content.rooms["snack-stash"].loot, spends


def turn_replay(sel, told=None):
    """The clicks played on the engine: ``(state, actions taken, refusal (move, rule, why) or None, the last move
    (before, move, after) or None)``; ``told``: ``[Language.outcome]``, the moves told into it, in words."""
    g, s, chance, *_ = turn_scene()
    state, used = settle(g, s, chance)
    taken, last = 0, None
    for id_, (kind, room) in ((id_, parse_id(id_) or ("", 0)) for id_ in sel):  # a room, Play Dash, End turn
        m = Move(0, "play", ("dash",)) if id_ == "dash" else Move(0, "end", ()) if id_ == "end" else Move(
            0, "enter" if room == START or state.rooms[room].up else "reveal", (room,)) if kind == "room" else None
        if m is None:
            continue
        if m not in g.legal_moves(state, 0) or g.to_move(state) != (0,):
            return state, taken, (m, *g.why_illegal(state, m)), last
        before = state
        state, used = settle(g, g.apply(state, m), chance, used)
        if told:
            told += [g.describe_move(before, m, 0)] + ([told[0](g, before, state)] if m.verb == "reveal" else [])
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
    g, s, chance, got, pays, spends = turn_scene()
    a = L.part(w, "actions")
    labels = dict(a.options())
    moves = "; ".join(a("tried", move=labels[k], verdict=a("spends" if spends[k] else "free")) for k in labels)
    a = a.choices({k for k in labels if spends[k]}, explanation=a("explain", moves=moves))
    b = L.part(w, "play")
    over, said, unfinished, answer = b("over"), b("right"), b("unfinished"), b("answer")
    hand_said, refused = b.later("hand", "cards"), b.later("refused", "why")

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
            known = {("reveal", "H-TURN3"): "turn-reveal-far", ("end", "H4"): "turn-end-early"}.get(
                (refusal[0].verb, refusal[1]))
            return L.mis(known) if known else L.no(refused(why=refusal[2]), refusal[1])
        if state.active == 0:
            return L.no(unfinished, "H4")
        return L.mis("turn-dash-unused") if "dash" not in seq else L.right(said, b.rule)

    def solution():
        first = g.apply(settle(g, g.apply(s, Move(0, "reveal", (1,))), chance)[0], Move(0, "play", ("dash",)))
        canon, told = ("r1", "dash", room_name(next(m.args[0] for m in g.legal_moves(first, 0)
                                                    if m.verb == "reveal")), "end"), [L.outcome]
        turn_replay(canon, told)
        return Solution(answer, "\n".join(f"{k}. {t}" for k, t in enumerate(told[1:], 1)), picks=canon)

    c = L.part(w, "reward", got=got)
    return (a, b.pick(check, draw, solution, mode="sequence", buttons=b.options()),
                       c.count(got, [("turn-reward-twice", pays)], c.solution(str(got))))


def enter_ends(g, s, p=0) -> set:
    """Every room where the cup can stand at the end of an Enter action: the engine's enter moves, followed."""
    out, todo, seen = set(), [s], set()
    while todo:
        st = todo.pop()
        for m in (m for m in g.legal_moves(st, p) if m.verb == "enter"):
            nxt = g.apply(st, m)
            if not g.is_chance(nxt):
                out.add(m.args[0])
                if (nxt.players[p].at, nxt.steps, nxt.actions) not in seen:
                    seen.add((nxt.players[p].at, nxt.steps, nxt.actions))
                    todo.append(nxt)
    return out


def walk_misread(g, s, p=0, *, through_hoard=False, through_occupied=False, occupied=False, start_free=False,
                 face_down=False, start_closed=False) -> set:
    """Where the cup could end with one rule of the walk misread (each misreading ``enter-<its name>``)."""
    occ, length = {pl.at for q, pl in enumerate(s.players) if q != p}, enter_length(g, s, p)
    ends, todo, seen = set(), [(s.players[p].at, 0)], set()
    while todo:
        at, used = todo.pop()
        for j in s.layout.neighbours(at):
            r = s.rooms[j]
            if (j != START and not r.up and not face_down) or (j == START and start_closed) or \
                    (is_hoard(g, s, j) and r.up and not through_hoard):
                continue
            busy, cost = j != START and j in occ, 0 if (j == START and start_free) else 1
            if (busy and not (occupied or through_occupied)) or used + cost > length:
                continue
            if not busy or occupied:
                ends.add(j)
            if (not busy or through_occupied) and (r.up or j == START) and (j, used + cost) not in seen:
                seen.add((j, used + cost))
                todo.append((j, used + cost))
    return ends


def enter(L, w):
    g, s, _ = scene("enter")
    own, ends = s.players[0].at, enter_ends(g, s)
    right = {room_name(i) for i in ends - {own}}
    extra: dict = {}
    for misread in ("through_hoard", "through_occupied", "occupied", "start_free", "face_down"):
        for i in walk_misread(g, s, **{misread: True}) - ends - {own}:
            extra.setdefault(room_name(i), "enter-" + misread.replace("_", "-"))
    missing = dict.fromkeys(right - {room_name(j) for j in walk_misread(g, s, start_closed=True)},
                            "enter-start-missing")  # START, and the rooms only START leads to
    p = L.part(w, "walk", own=room_name(own))
    walk, nowhere = p.set_check(right, extra, missing), p("nowhere")
    then, refused = p.later("then", "room", "rooms"), p.later("not", "room", "why")

    def tree() -> str:
        lines = ["- " + then(room=room_name(m.args[0]), rooms=L.join([room_name(x.args[0]) for x in g.legal_moves(
            g.apply(s, m), 0) if x.verb == "enter"], last=False) or nowhere) for m in g.legal_moves(s, 0)
                 if m.verb == "enter"]
        for j in s.layout.neighbours(own):
            if Move(0, "enter", (j,)) not in g.legal_moves(s, 0):
                rule, why = g.why_illegal(s, Move(0, "enter", (j,)))
                lines.append("- " + L.ruled(refused(room=room_name(j), why=why), rule))
        return "\n".join(lines)

    return p.on(g, s, lambda picked: walk(frozenset(picked) - {room_name(own)}),
                           lambda: p.solution(L.join(sorted(right), last=False), tree(), picks=right), mode="set")


#: the steps of this topic, in the lesson's order (each named by its step's id)
STEPS = (goal, build, turn, enter)
