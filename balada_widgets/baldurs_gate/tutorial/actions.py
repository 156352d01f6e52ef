"""Steps 6-9: the worker and the locations, taking income, an income chain with an attack inside it, influence
and the faction tracks. The oracles play the engine's own moves (a worker's visit, an income searched for its
best end, a petition) and read the answers off its states.
"""

from __future__ import annotations

from ...kit.lesson import Choose
from ..analysis import best_income
from ..effects import cost_text, effect_text
from ..state import Build, Done, DrawToken, Income, Parcel, Spot, Src, Token, Trade, Use, Worker
from . import boards
from .boards import Live, position_of
from .language import set_answer


def fortified(live, clicks, here: str, kind: str, worker: bool = False):
    """Your turn over with your ``kind`` built on a fortification spot of ``here`` (``worker``: your worker still
    there), else the misreading of a second trade the engine refused (one visit, one trade: W3)."""
    st, forts = live.frame(tuple(clicks)).state, live.game.city.forts_of[here]
    if any(p and (p.kind, p.owner) == (kind, 0) for p in map(st.pieces.__getitem__, forts)) and live.stop(st) and (
            not worker or st.players[0].worker == here):
        return True
    return live.refusal(clicks, lambda _, rule, move: rule == "W3" and any(
        type(m) is Trade for m in live.frame(tuple(clicks)).moves) and "worker-two-trades")


def worker(lesson, step, material) -> tuple:
    g, s = position_of("worker", lesson.language)
    here, language = material.location, lesson.language
    fields = dict(location=g.content.location_name(here, language), district=lesson.district(g, here),
                  owner=lesson.house(1, "-of"))
    going = Worker(0, here)  # (a) to the location where Orange's worker stands: the engine's move, and after it
    right = "blocked" if not g.is_legal(s, going) else "share" if g.apply(s, going).players[1].worker else "push"
    first = lesson.part(step, 0, "W2", **fields).choice(
        right, {"blocked": "worker-blocked", "share": "worker-both-stay"}, figure=lambda: boards.table(lesson, g, s))
    placed = g.apply(s, going)  # (b) what the trade costs there: the engine's payment, and the misread prices
    paid = g.apply(placed, Trade(0, material.trade))
    spent = {r: getattr(placed.players[0], r) - getattr(paid.players[0], r) for r in ("gold", "supply", "favor")}
    cost = tuple((r, n) for r, n in spent.items() if n)
    printed = next(tr for tr in g.content.locations[here].trades if tr.id == material.trade).cost
    prices = {True: cost, "worker-damage-ignored": printed, "worker-damage-everything": tuple((r, n + 1) for r, n in
                                                                                               printed)}
    key = lambda price: "-".join(f"{r}{n}" for r, n in price)  # noqa: E731
    b = lesson.part(step, 1, "A6", **fields, cost=cost_text(cost, language), printed=cost_text(printed, language))
    second = b.choice(key(cost), {key(v): k for k, v in prices.items()},
                      options=((key(v), cost_text(v, language)) for v in sorted(set(prices.values()))))
    live = Live(lesson, g, s)  # (c) the visit played on the board
    moves = [going, Trade(0, material.trade), next(m for m in g.legal_moves(paid, 0) if type(m) is Spot)]
    third = lesson.part(step, 2, "W3", **fields, cost=b.fields["cost"]).live(
        live, lambda clicks: fortified(live, clicks, here, material.trade, worker=True), moves)
    # (d) then Orange takes income and Green builds in the district: whose workers go home?
    before = g.apply(g.apply(live.after(moves), Income(1)), Done(1))
    built = g.apply(g.apply(before, Build(2, material.card)), Parcel(2, material.parcel))
    home = frozenset(f"L-{p.worker}" for p, q in zip(before.players, built.players) if p.worker and not q.worker)
    away = frozenset(f"L-{p.worker}" for p in before.players if p.worker)
    builder = f"L-{before.players[2].worker}"
    d = lesson.part(step, 3, "BLD4", player=lesson.house(2, capital=True), n=material.parcel,
                    district=fields["district"], owner=lesson.house(2, "-of"))
    fourth = d.on_city(g, before, lambda picks: picks == home or (picks == away != home and "worker-all-go-home") or
                       set_answer(picks, home, lambda x: x == builder and "worker-builder-only"),
                       mode="set", caption="caption", picks=sorted(home))
    return first, second, third, fourth


def income(lesson, step, material) -> tuple:
    g, s = position_of("income", lesson.language)
    live, language = Live(lesson, g, s), lesson.language
    best, way = best_income(g, s, home=True)

    def judge_a(clicks):
        fr = live.frame(tuple(clicks))
        if live.stop(fr.state) and any(type(m) is Income for m in fr.moves):
            me = fr.state.players[0]
            return "income-worker-left" if me.worker else me.gold >= best or "income-no-abilities"
        return live.refusal(clicks, lambda _, rule, move: type(move) is Use and move.card in fr.state.players[0].used
                            and "income-twice")

    a = lesson.part(step, 0, "I2", income=cost_text(g.hq_side(s, 0).income, language), gold=lesson.qty(best, "gold"),
                    hq=g.card_name(s.players[0].hq), card=g.card_name(material.card),
                    ability=g.ability_text(material.card), gate=g.card_name(material.gate),
                    gate_ability=g.ability_text(material.gate))
    ready = material.card not in live.after(way).players[0].used
    return a.live(live, judge_a, way), lesson.part(step, 1, "I3", card=a.fields["card"]).choice(
        "yes" if ready else "no", {"no": "income-stays-turned", "later": "income-rests"})


def chain(lesson, step, material) -> tuple:
    g, s = position_of("chain", lesson.language)
    live, district = Live(lesson, g, s, tokens=(material.token,)), g.parcel_district[material.token]
    best, way = best_income(g, s, chance=lambda st: Token(material.token) if material.token in st.bag and type(
        st.tasks[0]) is DrawToken and st.tasks[0].purpose == "build" else g.chance_outcomes(st)[0][0])
    # the engine's state when the built card draws the district's 4th token: is the income still open?
    st = next(st for st in (live.after(way[:k]) for k in range(len(way) + 1))
              if any(x.district == district for x in st.attacks))
    going_on = st.tasks and type(st.tasks[0]).__name__ == "IncomeLoop" and st.active == 0
    fields = dict(district=lesson.district(g, district), card=g.card_name(material.card),
                  lodge=g.card_name(material.lodge), owner=lesson.house(1, "-of"))
    first = lesson.part(step, 0, "C14", **fields).choice("now" if going_on else "ends", {
        "after": "chain-attack-waits", "next": "chain-attack-next-turn", "ends": "chain-income-ends"})

    def judge_b(clicks):
        fr = live.frame(tuple(clicks))
        if live.stop(fr.state) and any(type(m) is Income for m in fr.moves):
            built = any(type(m) is Build for m in fr.moves)
            return fr.state.players[0].gold >= best or ("chain-new-card-waits" if built else "chain-no-build")
        return live.refusal(clicks)

    b = lesson.part(step, 1, "I4", **fields, gold=lesson.qty(best, "gold"),
                    ability=g.ability_text(material.card))
    return first, b.live(live, judge_b, way)


def factions(lesson, step, material) -> tuple:
    g, s = position_of("factions", lesson.language)
    content, language, here = g.content, lesson.language, material.location
    faction = content.locations[here].faction
    fi = g.faction_index[faction]
    start, visit = s.players[0].influence[fi], g.apply(s, Worker(0, here))
    level = g.apply(visit, Trade(0, "petition")).players[0].influence[fi]
    rewards = frozenset(int(task.src.extra) for task in g.influence(visit, 0, faction, level - start, Src(
        "F1", "tutorial")).tasks if type(task).__name__ == "Effect" and task.src.rule == "F2")  # the engine's F2
    fields = dict(faction=g.faction_name(faction, language), n=start, level=level,
                  location=content.location_name(here, language))
    a = lesson.part(step, 0, "F1", **fields)
    levels = tuple((k, step.text("level", n=k)) for k in range(1, g.track_len + 1))
    first = a.choice(level, {start + 1: "faction-one-step"}, options=levels, figure=lambda: boards.table(lesson, g, s))
    track = content.factions[fi].rewards
    options = tuple((k, step.text("reward", n=k, reward=effect_text(track[k - 1], language, content.faction_map)))
                    for k in range(1, g.track_len + 1))
    b = lesson.part(step, 1, "F2", **fields)
    second = b.exercise(Choose, lambda picks: set_answer(picks, rewards, lambda k: k == start and "faction-start-again",
                                                         lambda k: level in picks and "faction-landing-only"),
                        options=options, many=True,
                        solution=b.solution(lesson.join(label for k, label in options if k in rewards)))
    # (c) a petition where your cube stands near the end of the track: the engine's prestige
    other = g.faction_index[material.faction]
    there = next(d for d in g.city.districts if content.locations[d].faction == material.faction)
    at, st = s.players[0].influence[other], g.apply(s, Worker(0, there))
    after = g.apply(st, Trade(0, "petition"))
    gained, amount = after.players[0].prestige - st.players[0].prestige, after.players[0].influence[other] - at
    prestige_of = lambda k: sum(n for x in content.factions[other].rewards[k - 1] if x[0] == "gain"  # noqa: E731
                                for r, n in x[1] if r == "prestige")
    on_track = range(at + 1, min(at + amount, g.track_len) + 1)
    reward = sum(prestige_of(k) for k in on_track)
    c = lesson.part(step, 2, "C10", location=content.location_name(there, language), n=at, last=g.track_len,
                    faction=g.faction_name(material.faction, language), reward=lesson.qty(reward, "prestige"),
                    over=amount - len(on_track), points=lesson.qty(gained, "prestige"))
    third = c.number(gained, {reward: "faction-past-end-lost", gained + prestige_of(at): "faction-start-again"},
                     answer=c.fields["points"])
    return first, second, third
