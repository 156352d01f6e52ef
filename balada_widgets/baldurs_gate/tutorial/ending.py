"""Steps 13-17: setting up the city, the last token and the final round, the final scoring, ties, the advanced
setup. The answers are the engine's: its setup (chance scripted), its final round, its scoring and tie-breaks.
"""

from __future__ import annotations

from ...kit.lesson import Pick
from .. import scoring as scores
from ..drawing import cards_markup, player_markup
from ..positions import income_turn, played, setup_played
from ..state import HIDDEN, Build, DrawToken, Parcel, Token
from . import boards
from .boards import bare, game, position_of, step_material


def setup(lesson, step, material) -> tuple:
    g = game(material.players, lesson.language)
    states = setup_played(g, material.hq, material.opening)  # the last opening draw: the eighth token
    start, done, city = states[0], states[-1], g.city
    eighth = [s for s in states[:-1] if type(s.tasks[0]) is DrawToken and s.tasks[0].purpose == "open"][-1]
    spot = next(city.nodes[i] for i, pc in enumerate(done.pieces) if pc and (pc.kind, pc.owner) == ("hq", 0))
    home = city.district_of[city.index[spot]]
    a = lesson.part(step, 0, "S3", card=g.card_name(material.hq), district=lesson.district(g, home))
    first = a.on_city(g, start, lambda x: bare(x) == spot or (bare(x)[:2] == "H-" and "setup-hq-wrong-district") or (
        city.district_at(bare(x)) == home and "setup-hq-wrong-spot"), mode="one", answer=lesson.spot(g, spot),
        picks=(spot,))
    n = material.eighth
    b = lesson.part(step, 1, "C5", n=n, district=lesson.district(g, g.parcel_district[n]))
    second = b.choice("open" if n in g.token_candidates(eighth, "open") else "back", {
        "attack": "setup-attack", "open": "setup-attack", "hidden": "setup-hidden-chosen"},
        figure=lambda: boards.html(boards.city(g, eighth, clickable=False)))
    three, left = game(material.compared, lesson.language), g.bag_count(done)
    s3 = setup_played(three)[-1]
    c = lesson.part(step, 2, "P23-1", opened=len(done.avail), banned=len(done.banned), left=left,
                    banned3=len(s3.banned))
    third = c.number(left, {left + len(done.banned): "setup-bans-forgotten", three.bag_count(s3):
                            "setup-three-player-bans", left + 1: "setup-hidden-forgotten"})
    nobody = all(g.view(done, p).hidden == HIDDEN for p in range(g.players))
    return first, second, third, lesson.part(step, 3, "C18").choice("nobody" if nobody else "everybody", "setup-peek")


def order_pick(lesson, part, players: int, right: tuple, judge, below: str = ""):
    """Click the houses in an order (a sequence of ``house-<p>``), the order so far in a caption."""
    houses = {f"house-{p}": boards.house_name(lesson, p) for p in range(players)}

    def draw(sel):
        picked = {bare(x) for x in sel}
        said = " → ".join(houses[bare(x)] for x in sel)
        return boards.html(boards.chips(boards.chip(i, name, i in picked) for i, name in houses.items()),
                           boards.caption(said), below, label=part("label"))

    return part.exercise(Pick, lambda seq: judge(tuple(bare(x) for x in seq)), draw=draw, mode="sequence",
                         solution=part.solution(" → ".join(houses[x] for x in right), picks=right))


def final_round(lesson, step, material) -> tuple:
    g, s = position_of("final-round", lesson.language)
    drawn = g.apply(s, Token(s.bag[0]))
    drawer = drawn.end_by
    rounds = list(played(g, drawn, lambda st: income_turn(g, st)))  # the engine's final round, to the final attack
    turns, st = [x for x in rounds if g.pending(x).kind == "turn"], rounds[-1]
    order, yours = [x.tasks[0].player for x in turns], next(x for x in turns if x.tasks[0].player == 0)
    final = next(x for x in st.attacks if x.final)
    right = tuple(f"house-{p}" for p in order)
    a = lesson.part(step, 0, "C15", owner=lesson.house(drawer, "-of"), player=lesson.house(drawer),
                    order=", ".join(lesson.house(p) for p in order))
    misread = {right[:-1]: "final-drawer-skips", tuple(f"house-{p}" for p in range(g.players)): "final-from-start-player"}
    first = order_pick(lesson, a, g.players, right, lambda seq: seq == right or misread.get(seq) or (
        seq[:1] == (f"house-{drawer}",) and "final-drawer-again"), boards.city(g, drawn, clickable=False))
    built = g.apply(g.apply(yours, Build(0, material.card)), Parcel(0, yours.avail[0]))
    right_b = "token" if g.is_chance(built) or any(type(t) is DrawToken for t in built.tasks) else "nothing"
    second = lesson.part(step, 1, "R18").choice(right_b, {"token": "final-draw", "hidden": "final-hidden-drawn"})
    full = {d for k, d in enumerate(g.city.districts) if len(drawn.tracks[k]) >= 4}
    c = lesson.part(step, 2, "E4", district=lesson.district(g, final.district), n=st.hidden)
    third = c.on_city(g, yours, lambda x: g.city.district_at(bare(x)) == final.district or (
        g.city.district_at(bare(x)) in full and "final-already-attacked"), mode="one", answer=c.fields["district"],
        picks=(f"attack-{final.district}",))
    fourth = lesson.part(step, 3, "C6", n=final.strength).number(
        final.strength, lambda n: n < final.strength and "final-strength")
    return first, second, third, fourth


def scored(language: str) -> tuple:
    """``(game, before, over)``: the scoring position and its end (its last turn income, the final attack and the
    final scoring played by the engine)."""
    g, before = position_of("scoring", language)
    *_, over = played(g, before, lambda st: income_turn(g, st))
    return g, before, over


def scoring(lesson, step, material) -> tuple:
    g, before, over = scored(lesson.language)
    city, me, slots, final = g.city, over.players[0], scores.agenda_slots(g, over, 0), scores.final_gains(g, over, 0)
    agendas, (net, present, left) = [x for x in final if x.rule == "E6"], ({x.rule: x for x in final}[r] for r in (
        "E7", "E8", "E9"))  # the engine's final scoring (C16) by rule
    right_a = frozenset(f"card-{x.ref}" for x in agendas if x.points)
    a = lesson.part(step, 0, "E6", slots=slots, cards=lesson.qty(slots, "agenda"),
                    points=lesson.qty(sum(x.points for x in agendas), "prestige"),
                    levels=", ".join(f"{g.faction_name(f, lesson.language)} {scores.influence_level(g, over, 0, f)}"
                                     for f in g.faction_ids))
    a.fields["scored"] = "; ".join(a("agenda", card=g.card_name(x.ref), count=x.extra,
                                     points=lesson.qty(x.points, "prestige")) for x in agendas)
    label = a("label")
    seen = boards.still(boards.city(g, before)), boards.still(player_markup(
        g, g.view(before, 0), 0, viewer=0, name=boards.house_name(lesson, 0), hand=False))

    def judge_a(picked):
        picked = frozenset(bare(x) for x in picked)
        return picked == right_a or (len(picked) > slots and "score-no-threshold") or (
            len(picked) == len(right_a) and "score-not-best")

    first = a.exercise(Pick, judge_a, mode="set", draw=lambda sel: boards.html(boards.beside(seen[0], [cards_markup(
        g, me.agendas, selected=sel, title=label), seen[1]]), label=label), solution=a.solution(
        lesson.join(g.card_name(x.ref) for x in agendas), picks=sorted(right_a)))
    network = frozenset(net.extra.split(","))
    pieces = [(city.nodes[i], p) for i, p in enumerate(over.pieces) if p is not None]
    mine, theirs = {x for x, p in pieces if p.owner == 0}, {x for x, p in pieces if p.owner != 0}
    damaged = {x for x, p in pieces if p.owner == 0 and p.damaged}
    listed = sorted(network, key=lambda x: (city.kind[city.index[x]] != "hq", city.kind[city.index[x]] != "parcel", x))

    def judge_b(picked):
        extra, missing = picked - network, network - picked
        return picked == network or (extra & damaged and "score-damaged-counts") or (
            extra & theirs and "score-through-others") or (extra & mine and "score-all-groups") or (
            missing and all(city.kind[city.index[x]] != "parcel" for x in missing) and "score-buildings-only")

    b = lesson.part(step, 1, "E7", pieces=lesson.spots(g, listed), n=lesson.qty(len(network), "piece"),
                    points=lesson.qty(net.points, "prestige"))
    second = b.on_city(g, over, judge_b, mode="set", answer=b.fields["pieces"], picks=listed)
    right_c = frozenset(present.extra.split(","))
    only_damaged = {city.district_of[city.index[x]] for x in damaged} - right_c
    only_forts = {city.district_of[city.index[x]] for x in mine if city.kind[city.index[x]] == "fort"} - right_c

    def judge_c(picked):
        got = frozenset(d for d in (city.district_at(bare(x)) for x in picked) if d)
        return got == right_c or next((
            "score-damaged-counts" if d in only_damaged else "score-fort-district"
            for d in sorted(got - right_c) if d in only_damaged | only_forts), None)

    c = lesson.part(step, 2, "E8", points=lesson.qty(present.points, "prestige"),
                    districts=lesson.join(lesson.district(g, d) for d in city.districts if d in right_c))
    third = c.on_city(g, over, judge_c, mode="set", answer=c.fields["districts"],
                      picks=[f"L-{d}" for d in sorted(right_c)])
    units, (gold, supply, favor, cards) = int(left.ref), left.extra.split(",")
    d = lesson.part(step, 3, "E9", gold=gold, supply=supply, favor=favor, cards=cards, units=units,
                    points=left.points)
    fourth = d.number(left.points, {(units + len(me.agendas)) // 3: "score-agendas-leftover",
                                    (units - len(me.hand)) // 3: "score-cards-forgotten"})
    total = sum(x.points for x in final)
    earlier = before.players[0].prestige
    e = lesson.part(step, 4, "C16", total=total, before=earlier, after=over.players[0].prestige)
    fifth = e.number(total, {total + earlier: "score-game-prestige"}, trace=scores.final_trace(g, over, 0),
                     where=lesson.say("where-what"))
    return first, second, third, fourth, fifth


def tie_break(lesson, step, material) -> tuple:
    g, two = position_of("tie-two", lesson.language)
    g3, three = position_of("tie-three", lesson.language)
    keys = [scores.tiebreak_key(g, two, p) for p in range(2)]
    gates = [sum(1 for c in two.players[p].portfolio if c in g.content.gate_map) for p in range(2)]
    lost = [sum(1 for x in two.pieces if x is not None and x.owner == p and x.damaged) for p in range(2)]
    facts = step.template("facts", "prestige", "forts", "agendas")
    figure = lambda: tie_board(lesson, facts, g, two)  # noqa: E731

    def count_part(index: int, p: int, mid: str, wrong: int):
        right = keys[p][1]
        part = lesson.part(step, index, "TB1", player=lesson.house(1, capital=True), n=right, gates=gates[1])
        return part.number(right, lambda n: n == wrong != right and mid, figure=figure)

    first = count_part(0, 1, "tie-gates-as-buildings", keys[1][1] + gates[1])
    second = count_part(1, 0, "tie-damaged-card-lost", keys[0][1] - lost[0])
    said = lambda winners: "both" if len(winners) > 1 else str(winners[0]) if winners else "nobody"  # noqa: E731
    by_forts = str(max(range(2), key=lambda p: (keys[p][0], keys[p][2], keys[p][3], keys[p][1])))
    third = lesson.part(step, 2, "TB1", mine=keys[0][1], theirs=keys[1][1], player=lesson.house(1, capital=True)
                        ).choice(said(g.winners(two)), {by_forts: "tie-wrong-order"})
    richer = str(max((0, 2), key=lambda p: sum(scores.leftovers(three, p))))
    k = scores.tiebreak_key(g3, three, 0)
    d = lesson.part(step, 3, "TB4", player=lesson.house(2, capital=True), points=k[0], buildings=k[1], forts=k[2],
                    agendas=k[3], gold=three.players[0].gold, gold2=three.players[2].gold,
                    result=g3.result_text(three))
    return first, second, third, d.choice(said(g3.winners(three)), {richer: "tie-leftovers-break",
                                                                     "nobody": "tie-nobody"})


def tie_board(lesson, facts, g, state) -> str:
    """Both houses' boards at the end of the tied game: portfolios, and the counts the tie-breaks compare."""
    view, blocks = g.view(state, 0), []
    for p in range(2):
        prestige, _, forts, agendas = scores.tiebreak_key(g, state, p)  # (C17)
        note = facts(prestige=prestige, forts=forts, agendas=agendas)
        blocks.append(f'<div class="log">{boards.escape(note)}</div>' +
                      player_markup(g, view, p, viewer=0, name=boards.house_name(lesson, p), hand=False))
    return boards.html(boards.still('<div class="cols">' + "".join(f"<div>{b}</div>" for b in blocks) + "</div>"))


def advanced(lesson, step, material) -> tuple:
    g = game(material.players, lesson.language, advanced=True)
    states = [s for s in setup_played(g) if not g.is_chance(s)]  # the HQ cards laid out, picked, one put under the deck
    picking = [s for s in states if g.pending(s).kind == "pick"]
    before, picks = next(s for s in states if g.pending(s).kind == "bottom"), [s.tasks[0].player for s in picking]
    n, k = g.players, len(picking[0].hq_offer)
    first = lesson.part(step, 0, "ADV1", n=n, k=k).number(k, lambda x: x in (n, 9) and "adv-n-cards")
    right = tuple(f"house-{p}" for p in picks)
    b = lesson.part(step, 1, "ADV2", order=", ".join(lesson.house(p) for p in picks))
    second = order_pick(lesson, b, n, right, lambda seq: seq == right or (
        seq == tuple(f"house-{p}" for p in range(n)) and "adv-turn-order"))
    move = g.legal_moves(before, g.to_move(before)[0])[0]
    after = g.apply(before, move)
    where = "bottom" if move.card in after.bottom else ("discard" if move.card in after.discard else "offer")
    return first, second, lesson.part(step, 2, "ADV3").choice(where, "adv-discard")
