"""Steps 10-12: towers, keeps and gates; a defended district; a failed defence and its damage. The answers are
the engine's: its gains, its contributions, its attack log (prestige, damage, the strength marker).
"""

from __future__ import annotations

from ...core.trace import Trace
from ...kit.lesson import Pick
from ..analysis import connection_gains, house_gains
from ..drawing import cards_markup
from ..state import Build, Parcel, Spot, Token, Trade, Worker
from . import boards
from .actions import fortified
from .basics import added, gains_part
from .boards import Live, bare, position_of
from .language import set_answer


def fortify(lesson, step, material) -> tuple:
    g, s = position_of("fortify", lesson.language)
    here, city, language = material.location, g.city, lesson.language
    live = Live(lesson, g, s)
    placed = g.apply(g.apply(s, Worker(0, here)), Trade(0, material.trade))
    spot = next(m for m in g.legal_moves(placed, 0) if type(m) is Spot)
    moves = [Worker(0, here), Trade(0, material.trade), spot]
    after = live.after(moves)
    fields = dict(location=g.content.location_name(here, language), district=lesson.district(g, here))
    first = lesson.part(step, 0, "C4", **fields).live(live, lambda clicks: fortified(live, clicks, here, material.trade),
                                                      moves, board="none", mask_defence=True, log=False)
    right, near = house_gains(placed, after), [j for j in city.adj[city.index[spot.node]] if s.pieces[j] is not None]
    gate_bonus = [x for j in near if s.pieces[j].kind == "gate" for x in connection_gains(g, s, j)]
    second = gains_part(lesson, lesson.part(step, 1, "C4"), g, s, near, right, {
        "fort-gate-pays-nothing": added(right, [(p, r, -n) for p, r, n in gate_bonus]),
        "conn-new-piece-pays": added(right, connection_gains(g, after, city.index[spot.node])),
        "fort-pays-nothing": frozenset()})
    happened = (not after.players[0].worker, after.bag != s.bag)  # (c) the worker home? a token drawn?
    third = lesson.part(step, 2, "C4").choice({(False, False): "nothing", (True, False): "worker", (False, True): "token",
                                               (True, True): "both"}[happened], "fort-like-build")
    contributions = g.contributions(after, here)  # (d) the district's defence: the engine's contributions
    defence, pieces = sum(contributions), [after.pieces[j] for j in city.forts_of[here] if after.pieces[j]]
    misread = {contributions[0]: "fort-own-only", defence + sum(p.kind == "gate" for p in pieces): "fort-gate-defends",
               len(pieces): "fort-count-pieces"}  # (the first of two that give the same number: the last written)
    d = lesson.part(step, 3, "A2", **fields, n=defence, pieces=lesson.join(
        f"{lesson.owned(g, p)} ({g.content.defence[p.kind]})" for p in pieces))
    fourth = d.number(defence, lambda n: misread.get(n) or (n > defence and "fort-gate-defends"))
    # (e) a gate trade elsewhere: the gate card you take is the engine's
    there = next(district for district, location in g.content.locations.items() if any(
        x[:2] == ("fortify", "gate") for tr in location.trades if tr.id == "local" for x in tr.effect))
    st = g.apply(g.apply(s, Worker(0, there)), Trade(0, "local"))
    st = g.apply(st, next(m for m in g.legal_moves(st, 0) if type(m) is Spot))
    taken = next(x for x in st.players[0].portfolio if x not in s.players[0].portfolio)
    e = lesson.part(step, 4, "C11", location=g.content.location_name(there, language), card=g.card_name(taken),
                    trade=g.trade_text(there, "local", language), ability=g.ability_text(taken))
    label = e("label")
    fifth = e.exercise(Pick, lambda x: bare(x) == f"card-{taken}" or "fort-pick-gate", mode="one", draw=lambda sel:
                       boards.html(cards_markup(g, s.gates, selected=sel, title=label), label=label),
                       solution=e.solution(e.fields["card"], picks=(f"card-{taken}",)))
    return first, second, third, fourth, fifth


def defence_misreadings(contributions, strength, buildings=()) -> dict:
    """Each misreading's prestige per house for a defended attack (A3-A5 with one thing misread)."""
    top = max(contributions)
    lone = contributions.count(top) == 1

    def rewards(amount, second):
        return tuple(amount(p) + (second(p) if v == top and top else 0) if v else 0
                     for p, v in enumerate(contributions))

    right = rewards(lambda p: strength, lambda p: strength if lone else 0)
    out = {"def-own-points": rewards(lambda p: contributions[p], lambda p: contributions[p] if lone else 0),
           "def-no-bonus": rewards(lambda p: strength, lambda p: 0),
           "def-tie-both": rewards(lambda p: strength, lambda p: strength)}
    if sum(contributions) == strength:
        out["def-strictly-more"] = (0,) * len(contributions)
    if buildings:
        out["def-buildings-defend"] = tuple(r + (strength if p in buildings and not contributions[p] else 0)
                                            for p, r in enumerate(right))
    return out


def attack_part(lesson, g, part, before, token: int, extra=None):
    """Resolve the attack the token starts: choose the prestige each house gains (the engine's attack log)."""
    after = g.apply(before, Token(token))
    attack, where = after.attacks[-1], g.city
    contributions = list(attack.contributions)
    buildings = {before.pieces[where.parcel_index[x]].owner for x in where.parcels_of[attack.district]
                 if before.pieces[where.parcel_index[x]] is not None}
    outcomes = {tuple(attack.rewards): True}
    misread = defence_misreadings(contributions, attack.strength, buildings)
    for mid, rewards in {**misread, **(extra(attack, before) if extra else {})}.items():
        outcomes.setdefault(tuple(rewards), mid)
    said = lambda rewards: " · ".join(lesson.say("outcome", who=lesson.house(p, capital=True), n=n)  # noqa: E731
                                      for p, n in enumerate(rewards))
    key = lambda rewards: "-".join(map(str, rewards))  # noqa: E731
    tops = [p for p, v in enumerate(contributions) if v == max(contributions)]
    bonuses = {k: part.later(k, "who", "n") for k in ("bonus-one", "bonus-one-me", "bonus-tie", "bonus-tie-me")}
    bonus = bonuses[("bonus-one" if len(tops) == 1 else "bonus-tie") + ("-me" if 0 in tops else "")](
        who=lesson.house(tops[0]) if len(tops) == 1 else lesson.join(lesson.house(p) for p in tops if p),
        n=attack.strength)
    district = lesson.district(g, attack.district)
    part.fields.update(district=district, strength=attack.strength, defence=attack.defence, bonus=bonus,
                       outcome=said(attack.rewards), lines=", ".join(part("contrib", who=lesson.house(p), n=v)
                                                                     for p, v in enumerate(contributions) if v))
    trace = Trace()
    for p, r in ((p, r) for p, r in enumerate(attack.rewards) if r):
        trace.add(district, "A3" if r == attack.strength else "A3, A4", r,
                  part("trace", who=lesson.house(p, capital=True), n=r))
    shown = boards.html(boards.caption(lesson.say("attack-caption", n=token, district=district)),
                        boards.city(g, before, clickable=False))
    return part.choice(key(attack.rewards), {key(r): mid for r, mid in outcomes.items()}, options=(
        (key(r), said(r)) for r in sorted(outcomes)), figure=lambda: shown, trace=trace,
        where=lesson.say("where-district")), after


def marker_part(lesson, part, g, before, after, mid: str):
    """Where the strength marker stands after the attack: one space on, held or not."""
    space = after.strength + 1
    options = tuple((k, lesson.say("space", k=k, v=v)) for k, v in enumerate(g.content.strength_track, 1))
    part.fields.update(space=before.strength + 1, next=space, v=g.content.strength_track[space - 1])
    return part.choice(space, {before.strength + 1: mid}, options=options)


def defended(lesson, step, material) -> tuple:
    g, s = position_of("defended", lesson.language)
    first, after = attack_part(lesson, g, lesson.part(step, 0, "A3", space=s.strength + 1), s, material.tokens[0])
    second = marker_part(lesson, lesson.part(step, 1, "C6"), g, s, after, "def-marker-stays")
    st = g.apply(g.apply(after, Build(1, material.card)), Parcel(1, material.parcel))

    def extra(attack, before):  # counting pieces, or the biggest piece, instead of defence points (C7)
        out = {}
        for mid, measure in (("def-count-pieces", lambda v: sum(x > 0 for x in v)), ("def-bigger-piece", max)):
            value = [measure([g.content.defence.get(before.pieces[i].kind, 0) for i in g.city.forts_of[
                attack.district] if before.pieces[i] is not None and before.pieces[i].owner == p] or [0])
                for p in range(g.players)]
            if value.count(max(value)) == 1:
                out[mid] = tuple(attack.strength * (2 if value[p] == max(value) else 1) if v else 0
                                 for p, v in enumerate(attack.contributions))
        return out

    third, _ = attack_part(lesson, g, lesson.part(step, 2, "A3", player=lesson.house(1, capital=True)), st,
                           material.tokens[1], extra)
    return first, second, third


def failed(lesson, step, material) -> tuple:
    g, s = position_of("failed", lesson.language)
    after = g.apply(s, Token(material.token))
    attack, city = after.attacks[-1], g.city
    right = frozenset(f"P{x}" for x in attack.damaged)
    helpers = {p for p, v in enumerate(attack.contributions) if v}

    def wrong(x):
        i = city.index.get(x)
        piece = s.pieces[i] if i is not None else None
        if i is not None and city.district_of[i] != attack.district:
            return "fail-other-districts"
        return piece is not None and ("fail-hq-or-fort-hit" if piece.kind == "hq" or city.kind[i] == "fort" else
                                      piece.owner in helpers and "fail-contributor-hit")

    def missing(x):
        owner = s.pieces[city.index[x]].owner
        return any(p is not None and (p.owner, p.kind) == (owner, "gate") for p in (s.pieces[j] for j in city.forts_of[
            attack.district])) and "fail-gate-protects"

    hit = lesson.join(lesson.owned(g, s.pieces[city.index[x]]) for x in sorted(right))
    safe = lesson.join(lesson.owned(g, s.pieces[i]) for i in (city.parcel_index[x] for x in city.parcels_of[
        attack.district]) if s.pieces[i] is not None and f"P{city.parcel_number[i]}" not in right)
    fields = dict(district=lesson.district(g, attack.district), n=material.token)
    a = lesson.part(step, 0, "A7", **fields, space=s.strength + 1, strength=attack.strength, defence=attack.defence,
                    hit=hit, safe=safe or lesson.nothing)
    first = a.on_city(g, s, lambda picks: set_answer(picks, right, wrong, missing), mode="set", caption="caption",
                      answer=hit, picks=sorted(right))
    mine = attack.rewards[0]
    second = lesson.part(step, 1, "A9").number(mine, lambda n: n in {attack.strength, attack.contributions[0],
                                                                      2 * attack.strength} and "fail-prestige")
    where = next(f"L-{x}" for x in after.damage if x not in s.damage)
    c = lesson.part(step, 2, "A6", **fields)
    third = c.on_city(g, s, lambda x: bare(x) == where or (bare(x) in city.index and city.district_of[
        city.index[bare(x)]] == attack.district and "fail-token-on-building"), mode="one", caption="caption",
        answer=lesson.spot(g, where), picks=(where,))
    return first, second, third, marker_part(lesson, lesson.part(step, 3, "C6"), g, s, after, "fail-marker-stays")
