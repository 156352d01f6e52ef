"""Steps 10-12: towers, keeps and gates; a defended district; a failed defence and its damage. The answers are
the engine's: its gains, its contributions, its attack log (prestige, damage, the strength marker).
"""

from __future__ import annotations

from ...core.trace import Trace
from ..drawing import cards_markup
from ..state import Build, Parcel, Spot, Token, Trade, Worker
from . import boards
from .basics import added, atoms_gain, bonus_of, gains, gains_part, pays_line
from .language import set_answer
from .live import Live, bare
from .positions import position_of

FORTIFICATIONS = ("tower", "keep", "gate")


def fortify(lesson, step, material) -> tuple:
    g, s = position_of("fortify", lesson.language)
    here, city, language = material.location, g.city, lesson.language
    live = Live(lesson, g, s)
    placed = g.apply(g.apply(s, Worker(0, here)), Trade(0, material.trade))
    spot = next(m for m in g.legal_moves(placed, 0) if type(m) is Spot)
    moves = [Worker(0, here), Trade(0, material.trade), spot]
    after = live.frame(live.clicks(moves)).state
    fields = dict(location=g.content.location_name(here, language), district=lesson.district(g, here))

    def judge_a(clicks):
        st = live.frame(tuple(clicks)).state
        keeps = [i for i in city.forts_of[here] if st.pieces[i] is not None and st.pieces[i].owner == 0
                 and st.pieces[i].kind == material.trade]
        return bool(keeps and live.stop(st)) or live.refusal(clicks, lambda _, rule, m: (
            rule == "W3" and any(type(x) is Trade for x in live.frame(tuple(clicks)).moves) and "worker-two-trades"))

    a = lesson.part(step, 0, "C4", **fields)
    label = a("label")
    first = a.pick(lambda sel: live.draw(sel, board="none", mask_defence=True, log=False, label=label), judge_a,
                   mode="sequence", solution=a.solution(picks=live.clicks(moves)))
    # (b) the gains: the engine's, and each misreading's
    right, near = gains(placed, after), [j for j in city.adj[city.index[spot.node]] if s.pieces[j] is not None]
    gate_bonus = [x for j in near if s.pieces[j].kind == "gate" for x in bonus_of(g, s, j)]
    misread = {"fort-gate-pays-nothing": added(right, [(p, r, -n) for p, r, n in gate_bonus]),
               "conn-new-piece-pays": added(right, [(0, r, n) for r, n in atoms_gain(g.content.fort_connection)]),
               "fort-pays-nothing": frozenset()}
    b = lesson.part(step, 1, "C4", lines="; ".join(pays_line(lesson, g, s, j) for j in near))
    second = gains_part(lesson, b, right, {k: v for k, v in misread.items() if v != right})
    # (c) what else happens: the engine's state after the keep
    home, drew = not after.players[0].worker, after.bag != s.bag
    right_c = {(False, False): "nothing", (True, False): "worker", (False, True): "token", (True, True): "both"}[
        (home, drew)]
    c = lesson.part(step, 2, "C4")
    options = c.options()
    third = c.choose(options, lambda x: x == right_c or "fort-like-build", solution=c.solution(dict(options)[right_c]))
    # (d) the district's defence: the engine's contributions
    contributions = g.contributions(after, here)
    defence = sum(contributions)
    pieces = [after.pieces[j] for j in city.forts_of[here] if after.pieces[j] is not None]
    misread_d: dict = {}
    for value, mid in ((len(pieces), "fort-count-pieces"), (defence + sum(p.kind == "gate" for p in pieces),
                                                           "fort-gate-defends"), (contributions[0], "fort-own-only")):
        misread_d.setdefault(value, mid)
    d = lesson.part(step, 3, "A2", **fields, n=defence, pieces=lesson.join(
        f"{lesson.owned(g, p)} ({g.content.defence[p.kind]})" for p in pieces))
    fourth = d.count(lambda n: n == defence or misread_d.get(n) or (n > defence and "fort-gate-defends"),
                     solution=d.solution(str(defence)))
    # (e) a gate trade elsewhere: the gate card you take is the engine's
    there = next(district for district, location in g.content.locations.items() if any(
        x[0] == "fortify" and x[1] == "gate" for tr in location.trades if tr.id == "local" for x in tr.effect))
    rich = s._replace(players=(s.players[0]._replace(gold=6, favor=2),) + s.players[1:])
    st = g.apply(g.apply(rich, Worker(0, there)), Trade(0, "local"))
    st = g.apply(st, next(m for m in g.legal_moves(st, 0) if type(m) is Spot))
    taken = next(x for x in st.players[0].portfolio if x not in rich.players[0].portfolio)
    e = lesson.part(step, 4, "C11", location=g.content.location_name(there, language), card=g.card_name(taken),
                    trade=g.trade_text(there, "local", language), ability=ability(g, taken, language))
    label = e("label")
    fifth = e.pick(lambda sel: boards.html(cards_markup(g, s.gates, selected=sel, title=label), label=label),
                   lambda x: bare(x) == f"card-{taken}" or "fort-pick-gate", mode="one",
                   solution=e.solution(e.fields["card"], picks=(f"card-{taken}",)))
    return first, second, third, fourth, fifth


def ability(game, card: str, language: str) -> str:
    from .actions import ability_words

    return ability_words(game, card, language)


def outcome_key(rewards) -> str:
    return "-".join(str(x) for x in rewards)


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
    attack = after.attacks[-1]
    contributions, where = list(attack.contributions), g.city
    buildings = {before.pieces[where.parcel_index[x]].owner for x in where.parcels_of[attack.district]
                 if before.pieces[where.parcel_index[x]] is not None}
    misread = defence_misreadings(contributions, attack.strength, buildings)
    misread.update(extra(attack, before) if extra else {})
    right = tuple(attack.rewards)
    outcomes = {right: True}
    for mid, rewards in misread.items():
        outcomes.setdefault(tuple(rewards), mid)
    said = lambda rewards: " · ".join(lesson.say("outcome", who=lesson.house(p, capital=True), n=n)  # noqa: E731
                                      for p, n in enumerate(rewards))
    tops = [p for p, v in enumerate(contributions) if v == max(contributions)]
    bonuses = {key: part.later(key, "who", "n") for key in ("bonus-one", "bonus-one-me", "bonus-tie", "bonus-tie-me")}
    said_bonus = bonuses[("bonus-one" if len(tops) == 1 else "bonus-tie") + ("-me" if 0 in tops else "")]
    bonus = said_bonus(who=lesson.house(tops[0]) if len(tops) == 1 else lesson.join(lesson.house(p) for p in tops if p),
                       n=attack.strength)
    district = lesson.district(g, attack.district)
    part.fields.update(district=district, strength=attack.strength, defence=attack.defence, bonus=bonus,
                       outcome=said(right), lines=", ".join(part("contrib", who=lesson.house(p), n=v)
                                                            for p, v in enumerate(contributions) if v))
    trace = Trace()
    for p, r in enumerate(right):
        if r:
            trace.add(district, "A3" if r == attack.strength else "A3, A4", r,
                      part("trace", who=lesson.house(p, capital=True), n=r))
    shown = boards.html(boards.caption(lesson.say("attack-caption", n=token, district=district)),
                        boards.city(g, before, clickable=False))
    by_key = {outcome_key(r): mid for r, mid in outcomes.items()}
    return part.choose(tuple((outcome_key(r), said(r)) for r in sorted(outcomes)), lambda x: by_key.get(x),
                       figure=lambda: shown,
                       solution=part.solution(said(right), trace=trace, where=lesson.say("where-district"))), after


def spaces(lesson, g) -> tuple:
    return tuple((k, lesson.say("space", k=k, v=v)) for k, v in enumerate(g.content.strength_track, 1))


def marker_part(lesson, part, g, before, after, mid: str):
    """Where the strength marker stands after the attack: one space on, held or not."""
    space, options = after.strength + 1, spaces(lesson, g)
    part.fields.update(space=before.strength + 1, next=space, v=g.content.strength_track[space - 1])
    return part.choose(options, lambda k: k == space or (k == before.strength + 1 and mid),
                       solution=part.solution(dict(options)[space]))


def defended(lesson, step, material) -> tuple:
    g, s = position_of("defended", lesson.language)
    first_token, second_token = material.tokens
    a = lesson.part(step, 0, "A3", space=s.strength + 1)
    first, after = attack_part(lesson, g, a, s, first_token)
    second = marker_part(lesson, lesson.part(step, 1, "C6"), g, s, after, "def-marker-stays")
    st = g.apply(g.apply(after, Build(1, material.card)), Parcel(1, material.parcel))

    def extra(attack, before):  # counting pieces, or the biggest piece, instead of defence points (C7)
        out = {}
        for mid, measure in (("def-count-pieces", sum), ("def-bigger-piece", max)):
            value = [measure([g.content.defence.get(before.pieces[i].kind, 0) > 0 if mid == "def-count-pieces"
                              else g.content.defence.get(before.pieces[i].kind, 0)
                              for i in g.city.forts_of[attack.district]
                              if before.pieces[i] is not None and before.pieces[i].owner == p] or [0])
                     for p in range(g.players)]
            if value.count(max(value)) == 1:
                out[mid] = tuple(attack.strength * (2 if value[p] == max(value) else 1) if v else 0
                                 for p, v in enumerate(attack.contributions))
        return out

    c = lesson.part(step, 2, "A3", player=lesson.house(1, capital=True))
    third, _ = attack_part(lesson, g, c, st, second_token, extra)
    return first, second, third


def failed(lesson, step, material) -> tuple:
    g, s = position_of("failed", lesson.language)
    after = g.apply(s, Token(material.token))
    attack, city = after.attacks[-1], g.city
    district = lesson.district(g, attack.district)
    right = frozenset(f"P{x}" for x in attack.damaged)
    helpers = {p for p, v in enumerate(attack.contributions) if v}
    shown = boards.caption(lesson.say("attack-caption", n=material.token, district=district))

    def wrong(x):
        i = city.index.get(x)
        piece = s.pieces[i] if i is not None else None
        if i is None:
            return None
        if city.district_of[i] != attack.district:
            return "fail-other-districts"
        if piece is not None and (piece.kind == "hq" or city.kind[i] == "fort"):
            return "fail-hq-or-fort-hit"
        return piece is not None and piece.owner in helpers and "fail-contributor-hit"

    def missing(x):
        owner = s.pieces[city.index[x]].owner
        return any(s.pieces[j] is not None and s.pieces[j].owner == owner and s.pieces[j].kind == "gate"
                   for j in city.forts_of[attack.district]) and "fail-gate-protects"

    hit = [lesson.owned(g, s.pieces[city.index[x]]) for x in sorted(right)]
    safe = [lesson.owned(g, s.pieces[i]) for i in (city.parcel_index[x] for x in city.parcels_of[attack.district])
            if s.pieces[i] is not None and f"P{city.parcel_number[i]}" not in right]
    a = lesson.part(step, 0, "A7", space=s.strength + 1, district=district, strength=attack.strength,
                    defence=attack.defence, hit=lesson.join(hit), safe=lesson.join(safe) or lesson.nothing)
    label = a("label")

    def draw(sel):
        return boards.html(shown, boards.city(g, s, selected=sel), label=label)

    first = a.pick(draw, lambda x: set_answer(x, right, wrong, missing), mode="set",
                   solution=a.solution(a.fields["hit"], picks=sorted(right)))
    mine = attack.rewards[0]
    wrong_prestige = {attack.strength, attack.contributions[0], 2 * attack.strength} - {mine}
    b = lesson.part(step, 1, "A9")
    second = b.count(lambda n: n == mine or (n in wrong_prestige and "fail-prestige"), solution=b.solution(str(mine)))
    where = next(f"L-{x}" for x in after.damage if x not in s.damage)
    c = lesson.part(step, 2, "A6", district=district)

    def judge_c(x):
        x = bare(x)
        return x == where or (x in city.index and city.district_of[city.index[x]] == attack.district
                              and "fail-token-on-building")

    third = c.pick(draw, judge_c, mode="one", solution=c.solution(lesson.spot(g, where), picks=(where,)))
    fourth = marker_part(lesson, lesson.part(step, 3, "C6"), g, s, after, "fail-marker-stays")
    return first, second, third, fourth
