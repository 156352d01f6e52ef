"""Steps 1-5: the city and its lines, one action a turn, a build, who gains from it, the parcel token.

Each step's oracle: its position (``lessons/material.yaml``), the right answer and how each wrong answer is
read, computed by the engine (its moves, its gains, its tokens). A builder returns the step's parts; its
words are ``steps.<id>`` of the lesson's file.
"""

from __future__ import annotations

from ..state import Build, Done, Income, Parcel, Token, Worker
from ..effects import effect_text
from . import boards
from .language import set_answer
from .live import Live
from .positions import position_of


def city(lesson, step, material) -> tuple:
    g, s = position_of("city", lesson.language)
    token, where = material.token, g.city
    after = g.apply(s, Token(token))
    opened = next(x for x in after.avail if x not in s.avail)
    track = next(d for k, d in enumerate(where.districts) if len(after.tracks[k]) > len(s.tracks[k]))
    right_a = (f"P{opened}", f"attack-{track}")
    parcels = where.parcels_of[track]
    a = lesson.part(step, 0, "BLD7", n=token, district=lesson.district(g, track),
                    parcels=f"{min(parcels)}–{max(parcels)}")
    shown = boards.caption(a("caption"))

    def judge_a(clicks):
        clicks = tuple(clicks)
        wrong_track = len(clicks) == 2 and clicks[0] == right_a[0] and clicks[1].startswith("attack-")
        return clicks == right_a or (wrong_track and "city-other-track")

    first = a.pick(lambda sel: boards.html(shown, boards.city(g, s, selected=sel), label=a("label")), judge_a,
                   mode="sequence", solution=a.solution(picks=right_a))
    node = f"P{token}"
    i = where.index[node]
    right = frozenset(where.nodes[j] for j in where.adj[i])
    two_lines = {where.nodes[k] for j in where.adj[i] for k in where.adj[j]} - right - {node}
    ends = sorted(right, key=lambda x: (where.kind[where.index[x]] != "parcel", x))

    def wrong_pick(x):
        if x.startswith("L-"):
            return "city-location"
        if x in where.index and where.kind[where.index[x]] == "parcel" and where.district_of[where.index[x]] == \
                where.district_of[i]:
            return "city-across-block"
        return "city-two-lines" if x in two_lines else None

    def judge_b(picked):
        only_forts_left = picked < right and all(where.kind[where.index[x]] == "fort" for x in right - picked)
        return set_answer(picked, right, wrong_pick) or (only_forts_left and "city-parcels-only")

    b = lesson.part(step, 1, "C2", n=token, ends=lesson.spots(g, ends),
                    district=lesson.district(g, where.district_of[i]))
    second = b.pick(lambda sel: boards.html(boards.city(g, after, selected=sel), label=b("label")), judge_b,
                    mode="set", solution=b.solution(b.fields["ends"], picks=ends))
    return first, second


ACTIONS = {Build: "build", Worker: "worker", Income: "income"}


def turn(lesson, step, material) -> tuple:
    g, s = position_of("turn", lesson.language)
    right = frozenset(ACTIONS[type(m)] for m in g.legal_moves(s, 0) if type(m) in ACTIONS)
    me = s.players[0]
    cheapest = min(s.offer, key=lambda c: g.content.buildings[c].cost)
    cards = lesson.join(f"{g.card_name(c)} ({lesson.qty(g.content.buildings[c].cost, 'gold')})" for c in me.hand)
    a = lesson.part(step, 0, "T1", cards=cards, gold=lesson.qty(me.gold, "gold"), offer=g.card_name(cheapest),
                    location=g.content.location_name(me.worker, lesson.language),
                    district=lesson.district(g, me.worker))
    options = a.options()
    not_allowed = {"build": "turn-build-unaffordable", "worker": "turn-worker-away", "pass": "turn-pass"}
    judge_a = lambda picked: set_answer(picked, right, not_allowed.get)  # noqa: E731
    first = a.choose(options, judge_a, many=True, figure=lambda: boards.table(lesson, g, s, offer=True),
                     solution=a.solution(lesson.join(label for value, label in options if value in right)))
    after = g.apply(g.apply(s, Income(0)), Done(0))
    nxt = after.tasks[0].player
    houses = tuple((p, boards.house_name(lesson, p)) for p in range(g.players))
    b = lesson.part(step, 1, "T2", player=lesson.house(nxt, capital=True))
    misread = {0: "turn-again", (0 - 1) % g.players: "turn-anticlockwise"}
    second = b.choose(houses, lambda p: p == nxt or misread.get(p), solution=b.solution(b.fields["player"]))
    return first, second


def build(lesson, step, material) -> tuple:
    g, s = position_of("build", lesson.language)
    live = Live(lesson, g, s, tokens=(26,))
    me, content = s.players[0], g.content
    # the engine says which builds leave you a favor: each card of your hand you can build, tried
    good = [m.card for m in g.legal_moves(s, 0) if type(m) is Build and
            live.frame(live.clicks([m, Parcel(0, s.avail[0])])).state.players[0].favor > me.favor]
    card = content.buildings[good[0]]

    def refused(id_, rule, move):
        if type(move) is Build:
            return "build-too-expensive" if move.card in me.hand else "build-offer-card"
        if type(move) is Parcel:
            banned = move.number in g.city.parcel_index and g.parcel_status(s, move.number) == "banned"
            return "build-banned-parcel" if banned else "build-closed-parcel"
        return None

    def judge(clicks):
        fr = live.frame(tuple(clicks))
        built = any(type(m) is Build for m in fr.moves) and live.stop(fr.state)
        if built:
            return fr.state.players[0].favor > me.favor or "build-no-when-built"
        return live.refusal(clicks, refused)

    a = lesson.part(step, 0, "BLD1", card=g.card_name(good[0]), cost=lesson.qty(card.cost, "gold"), gold=me.gold,
                    left=me.gold - card.cost, effect=effect_text(card.when_built, lesson.language, content.faction_map))
    label = a("label")
    return (a.pick(lambda sel: live.draw(sel, offer=True, label=label), judge, mode="sequence",
                   solution=a.solution(picks=live.clicks([Build(0, good[0]), Parcel(0, s.avail[0])]))),)


RESOURCES = ("gold", "supply", "favor", "influence", "prestige")


def gains(before, after) -> frozenset:
    """What each house gained between two states: ``{(player, resource, amount)}``."""
    out = set()
    for p, (a, b) in enumerate(zip(before.players, after.players)):
        for r in RESOURCES:
            d = sum(b.influence) - sum(a.influence) if r == "influence" else getattr(b, r) - getattr(a, r)
            out |= {(p, r, d)} if d else set()
    return frozenset(out)


def added(*gained) -> frozenset:
    """Gains added up: ``{(player, resource, total)}`` (a total of 0 left out)."""
    total: dict = {}
    for p, r, n in (x for g in gained for x in g):
        total[(p, r)] = total.get((p, r), 0) + n
    return frozenset((p, r, n) for (p, r), n in total.items() if n)


def bonus_of(game, state, node: int) -> list:
    """What the piece on ``node`` pays its owner as a connection bonus (C3), as ``(owner, resource, n)``."""
    piece, content = state.pieces[node], game.content
    if piece is None or piece.damaged:
        return []
    atoms = content.type_connection.get(piece.kind) or (
        game.hq_side(state, piece.owner).connection if piece.kind == "hq" else content.fort_connection)
    return [(piece.owner, r, n) for r, n in atoms_gain(atoms)]


def atoms_gain(atoms) -> list:
    """``(resource, amount)`` of a connection bonus's atoms."""
    return [x for a in atoms if a[0] == "gain" for x in a[1]] + [(a[0], a[1]) for a in atoms if a[0] == "influence"]


def pays_line(lesson, game, state, node: int) -> str:
    """One line from a new piece: what the piece at its end pays its owner (or that the spot is empty)."""
    piece, spot = state.pieces[node], lesson.spot(game, game.city.nodes[node])
    if piece is None:
        return lesson.say("gains.empty", spot=spot)
    return lesson.say("gains.pays", spot=spot, piece=lesson.owned(game, piece), owner=lesson.house(piece.owner, "-to"),
                      gain=lesson.join(lesson.qty(n, r) for _, r, n in bonus_of(game, state, node)))


def gains_part(lesson, part, right: frozenset, misread: dict):
    """Tick what each house gains: the options are the right gains and every misreading's
    (``misread``: misreading id -> its gains, in the order they are tried)."""
    def label(gain):
        p, r, n = gain
        return lesson.say("gains.line-me", what=lesson.qty(n, r)) if p == 0 else \
            lesson.say("gains.line", who=lesson.house(p, capital=True), what=lesson.qty(n, r))

    options = {"-".join(map(str, x)): x for x in sorted(set(right).union(*misread.values()))}

    def judge(picked):
        got = frozenset(options[k] for k in picked)
        whole = next((mid for mid, g in misread.items() if g == got), None)
        return got == right or whole or set_answer(
            got, right, lambda x: next((mid for mid, g in misread.items() if x in g), None),
            lambda x: next((mid for mid, g in misread.items() if x not in g), None))

    nobody = lesson.say("gains.nobody")
    said = lesson.join(label(x) for x in sorted(right)) or nobody
    return part.choose(tuple((k, label(x)) for k, x in options.items()), judge, many=True,
                       solution=part.solution(said))


def connections(lesson, step, material) -> tuple:
    g, s = position_of("connections", lesson.language)
    live = Live(lesson, g, s, draw_token=False, stop=g.is_chance)
    moves = [Build(0, material.card), Parcel(0, material.parcel)]
    a = lesson.part(step, 0, "BLD2", card=g.card_name(material.card), n=material.parcel)

    def judge_a(clicks):
        return list(live.frame(tuple(clicks)).moves) == moves

    label = a("label")
    first = a.pick(lambda sel: live.draw(sel, board="hand", label=label), judge_a, mode="sequence",
                   solution=a.solution(picks=live.clicks(moves)))
    paid = live.frame(live.clicks(moves[:1])).state  # the card is paid: what comes after is the bonuses
    after = live.frame(live.clicks(moves)).state
    right, i = gains(paid, after), g.city.index[f"P{material.parcel}"]
    near = [j for j in g.city.adj[i] if paid.pieces[j] is not None and not paid.pieces[j].damaged]
    two = sorted({k for j in g.city.adj[i] for k in g.city.adj[j]} - set(g.city.adj[i]) - {i})
    me, new = paid.active, atoms_gain(g.content.type_connection[g.content.buildings[material.card].type])
    forts = [x for j in near if paid.pieces[j].kind in ("tower", "keep", "gate") for x in bonus_of(g, paid, j)]
    misread = {"conn-new-piece-pays": added(right, [(me, r, n) for r, n in new]),
               "conn-by-new-type": added([(paid.pieces[j].owner, r, n) for j in near for r, n in new]),
               "conn-two-lines": added(right, [x for k in two for x in bonus_of(g, paid, k)]),
               "conn-own-skipped": frozenset(x for x in right if x[0] != me),
               "conn-forts-dont-pay": added(right, [(p, r, -n) for p, r, n in forts])}
    b = lesson.part(step, 1, "C3", n=material.parcel,
                    lines="; ".join(pays_line(lesson, g, s, j) for j in g.city.adj[i]))
    return first, gains_part(lesson, b, right, {k: v for k, v in misread.items() if v != right})


def parcel_token(lesson, step, material) -> tuple:
    g, start = position_of("connections", lesson.language)
    live = Live(lesson, g, start, draw_token=False, stop=g.is_chance)
    s = live.frame(live.clicks([Build(0, material.card), Parcel(0, material.parcel)])).state
    token = material.token
    after = g.apply(s, Token(token))
    track, built_in = g.parcel_district[token], g.city.district_of_parcel(material.parcel)
    right_a = (f"P{token}", f"attack-{track}")
    k = g.district_index[track]
    a = lesson.part(step, 0, "BLD7", n=token, district=lesson.district(g, track))
    shown = boards.caption(a("caption"))

    def judge_a(clicks):
        clicks = tuple(clicks)
        return clicks == right_a or (len(clicks) == 2 and clicks[1] == f"attack-{built_in}" and "token-build-district")

    first = a.pick(lambda sel: boards.html(shown, boards.city(g, s, selected=sel), label=a("label")), judge_a,
                   mode="sequence", solution=a.solution(picks=right_a))
    attacked = [x.district for x in after.attacks if x not in s.attacks]
    right = "attack-now" if attacked == [track] else "next"
    b = lesson.part(step, 1, "BLD8", n=token, district=lesson.district(g, track), k=len(after.tracks[k]),
                    built=lesson.district(g, built_in), player=lesson.house(1, capital=True),
                    tokens=", ".join(str(x) for x in after.tracks[k]),
                    before=len(s.tracks[g.district_index[built_in]]))
    options = b.options()
    misread = {"next": "token-next-turn-first", "built-now": "token-build-district", "at-end": "token-end-of-game"}
    return first, b.choose(options, lambda x: x == right or misread.get(x), solution=b.solution(dict(options)[right]))

