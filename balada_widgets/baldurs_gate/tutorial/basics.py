"""Steps 1-5: the city and its lines, one action a turn, a build, who gains from it, the parcel token.

Each builder is a step's oracle: its position (``lessons/material.yaml``), the right answer and how each wrong
answer is read, computed by the engine (its moves, its gains, its tokens); it returns the step's parts, whose
words are ``steps.<id>`` of the lesson's file.
"""

from __future__ import annotations

from ...kit.lesson import Choose
from ..analysis import connection_gains, house_gains
from ..effects import effect_text
from ..scoring import FORT_KINDS
from ..state import Build, Done, Income, Parcel, Take, Token, Worker
from . import boards
from .boards import Live, position_of
from .language import set_answer


def token_part(lesson, part, g, s, token: int, misread):
    """Click the parcel token ``token`` opens, then the attack track it joins (the engine's draw); ``misread(parcel,
    track, right)``: the misreading of two clicks. Returns the part, the state after the draw and the district."""
    after = g.apply(s, Token(token))
    track = next(d for k, d in enumerate(g.city.districts) if len(after.tracks[k]) > len(s.tracks[k]))
    right, parcels = (f"P{next(x for x in after.avail if x not in s.avail)}", f"attack-{track}"), g.city.parcels_of[track]
    part.fields.update(n=token, district=lesson.district(g, track), parcels=f"{min(parcels)}–{max(parcels)}")
    return part.on_city(g, s, lambda seq: tuple(seq) == right or (len(seq) == 2 and misread(*seq, right)),
                        mode="sequence", caption="caption", picks=right), after, track


def city(lesson, step, material) -> tuple:
    g, s = position_of("city", lesson.language)
    where, token = g.city, material.token
    first, after, _ = token_part(lesson, lesson.part(step, 0, "BLD7"), g, s, token, lambda parcel, track, right: (
        parcel == right[0] and track.startswith("attack-") and "city-other-track"))
    i = where.index[f"P{token}"]
    near = frozenset(where.nodes[j] for j in where.adj[i])
    two_lines = {where.nodes[k] for j in where.adj[i] for k in where.adj[j]} - near - {f"P{token}"}
    ends = sorted(near, key=lambda x: (where.kind[where.index[x]] != "parcel", x))

    def picked(x):
        same_block = x in where.index and where.kind[where.index[x]] == "parcel" and \
            where.district_of[where.index[x]] == where.district_of[i]
        return "city-location" if x[:2] == "L-" else "city-across-block" if same_block else \
            "city-two-lines" if x in two_lines else None

    def judge(picks):
        forts_left = picks < near and all(where.kind[where.index[x]] == "fort" for x in near - picks)
        return set_answer(picks, near, picked) or (forts_left and "city-parcels-only")

    b = lesson.part(step, 1, "C2", n=token, ends=lesson.spots(g, ends), district=lesson.district(g, where.district_of[i]))
    return first, b.on_city(g, after, judge, mode="set", answer=b.fields["ends"], picks=ends)


def turn(lesson, step, material) -> tuple:
    g, s = position_of("turn", lesson.language)
    actions = {Build: "build", Worker: "worker", Income: "income"}
    right, me = frozenset(actions[type(m)] for m in g.legal_moves(s, 0) if type(m) in actions), s.players[0]
    cost = {c: g.content.buildings[c].cost for c in (*me.hand, *s.offer)}
    a = lesson.part(step, 0, "T1", gold=lesson.qty(me.gold, "gold"), offer=g.card_name(min(s.offer, key=cost.get)),
                    cards=lesson.join(f"{g.card_name(c)} ({lesson.qty(cost[c], 'gold')})" for c in me.hand),
                    location=g.content.location_name(me.worker, lesson.language), district=lesson.district(g, me.worker))
    options, not_allowed = a.options(), {"build": "turn-build-unaffordable", "worker": "turn-worker-away",
                                         "pass": "turn-pass"}
    first = a.exercise(Choose, lambda picks: set_answer(picks, right, not_allowed), options=options, many=True,
                       figure=lambda: boards.table(lesson, g, s, offer=True),  # (a wrong tick read first)
                       solution=a.solution(lesson.join(label for value, label in options if value in right)))
    nxt = g.apply(g.apply(s, Income(0)), Done(0)).tasks[0].player
    b = lesson.part(step, 1, "T2", player=lesson.house(nxt, capital=True))
    misread = {0: "turn-again", g.players - 1: "turn-anticlockwise"}
    return first, b.choice(nxt, misread, options=((p, boards.house_name(lesson, p)) for p in range(g.players)))


def build(lesson, step, material) -> tuple:
    g, s = position_of("build", lesson.language)
    live, me = Live(lesson, g, s, tokens=(material.token,)), s.players[0]
    # the engine says which builds leave you a favor: each card of your hand you can build, tried
    good = next(m.card for m in g.legal_moves(s, 0) if type(m) is Build and
                live.after([m, Parcel(0, s.avail[0])]).players[0].favor > me.favor)
    card = g.content.buildings[good]

    def refused(id_, rule, move):
        if type(move) in (Build, Take):  # a card of your hand built, or one of the offer taken
            return "build-too-expensive" if move.card in me.hand else "build-offer-card"
        banned = type(move) is Parcel and g.parcel_status(s, move.number) == "banned"
        return "build-banned-parcel" if banned else "build-closed-parcel" if type(move) is Parcel else None

    def judge(clicks):
        fr = live.frame(tuple(clicks))
        if any(type(m) is Build for m in fr.moves) and live.stop(fr.state):
            return fr.state.players[0].favor > me.favor or "build-no-when-built"
        return live.refusal(clicks, refused)

    a = lesson.part(step, 0, "BLD1", card=g.card_name(good), cost=lesson.qty(card.cost, "gold"), gold=me.gold,
                    left=me.gold - card.cost, effect=effect_text(card.when_built, lesson.language, g.content.faction_map))
    return (a.live(live, judge, [Build(0, good), Parcel(0, s.avail[0])], offer=True),)


def added(*gained) -> frozenset:
    """Gains added up: ``{(player, resource, total)}`` (a total of 0 left out)."""
    total: dict = {}
    for p, r, n in (x for g in gained for x in g):
        total[(p, r)] = total.get((p, r), 0) + n
    return frozenset((p, r, n) for (p, r), n in total.items() if n)


def gains_part(lesson, part, g, s, lines, right: frozenset, misread: dict):
    """Tick what each house gains from a new piece: the right gains and every misreading's (``misread``: id -> its
    gains, in the order they are tried; a whole misreading first, then a wrong tick before a line left out).
    ``lines``: the nodes whose pieces the part's words go through (what each pays its owner, or nothing)."""
    def pays(node):
        piece, spot = s.pieces[node], lesson.spot(g, g.city.nodes[node])
        return lesson.say("gains.empty", spot=spot) if piece is None else lesson.say(
            "gains.pays", spot=spot, piece=lesson.owned(g, piece), owner=lesson.house(piece.owner, "-to"),
            gain=lesson.join(lesson.qty(n, r) for _, r, n in connection_gains(g, s, node)))

    def label(gain):
        p, r, n = gain
        return lesson.say("gains.line", who=lesson.house(p, capital=True), what=lesson.qty(n, r)) if p else \
            lesson.say("gains.line-me", what=lesson.qty(n, r))

    part.fields["lines"] = "; ".join(pays(j) for j in lines)
    misread = {k: v for k, v in misread.items() if v != right}
    options = {"-".join(map(str, x)): x for x in sorted(set(right).union(*misread.values()))}
    having = lambda x, inside: next((mid for mid, g in misread.items() if (x in g) == inside), None)  # noqa: E731

    def judge(picks):
        got = frozenset(options[k] for k in picks)
        return next((mid for mid, g in misread.items() if g == got), None) or set_answer(
            got, right, lambda x: having(x, True), lambda x: having(x, False))

    said = lesson.join(label(x) for x in sorted(right)), lesson.say("gains.nobody")
    return part.exercise(Choose, judge, options=tuple((k, label(x)) for k, x in options.items()), many=True,
                         solution=part.solution(said[0] or said[1]))


def connections(lesson, step, material) -> tuple:
    g, s = position_of("connections", lesson.language)
    live = Live(lesson, g, s, stop=g.is_chance)
    moves = [Build(0, material.card), Parcel(0, material.parcel)]
    a = lesson.part(step, 0, "BLD2", card=g.card_name(material.card), n=material.parcel)
    first = a.live(live, lambda clicks: list(live.frame(tuple(clicks)).moves) == moves, moves, board="hand")
    paid, built = (live.after(moves[:k]) for k in (1, 2))  # the card paid, then the bonuses
    right, i, city = house_gains(paid, built), g.city.index[f"P{material.parcel}"], g.city
    near = [j for j in city.adj[i] if paid.pieces[j] is not None and not paid.pieces[j].damaged]
    two = sorted({k for j in city.adj[i] for k in city.adj[j]} - set(city.adj[i]) - {i})
    pays, new = lambda nodes: [x for j in nodes for x in connection_gains(g, paid, j)], connection_gains(g, built, i)
    return first, gains_part(lesson, lesson.part(step, 1, "C3", n=material.parcel), g, s, city.adj[i], right, {
        "conn-new-piece-pays": added(right, new),
        "conn-by-new-type": added([(paid.pieces[j].owner, r, n) for j in near for _, r, n in new]),
        "conn-two-lines": added(right, pays(two)),
        "conn-own-skipped": frozenset(x for x in right if x[0] != paid.active),
        "conn-forts-dont-pay": added(right, [(p, r, -n) for p, r, n in pays(j for j in near if paid.pieces[j].kind
                                                                             in FORT_KINDS)])})


def parcel_token(lesson, step, material) -> tuple:
    g, start = position_of("connections", lesson.language)
    live = Live(lesson, g, start, stop=g.is_chance)
    s = live.after([Build(0, material.card), Parcel(0, material.parcel)])
    built_in = g.city.district_of_parcel(material.parcel)
    first, after, track = token_part(lesson, lesson.part(step, 0, "BLD7"), g, s, material.token, lambda _, clicked,
                                     right: clicked == f"attack-{built_in}" and "token-build-district")
    b = lesson.part(step, 1, "BLD8", n=material.token, district=lesson.district(g, track), built=lesson.district(
        g, built_in), player=lesson.house(1, capital=True), k=len(after.tracks[g.district_index[track]]),
        tokens=", ".join(map(str, after.tracks[g.district_index[track]])),
        before=len(s.tracks[g.district_index[built_in]]))
    attacked = [x.district for x in after.attacks if x not in s.attacks] == [track]
    return first, b.choice("attack-now" if attacked else "next", {
        "next": "token-next-turn-first", "built-now": "token-build-district", "at-end": "token-end-of-game"})
