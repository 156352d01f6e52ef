"""Steps 6-9: the worker and the locations, taking income, an income chain with an attack inside it, influence
and the faction tracks. The oracles play the engine's own moves (a worker's visit, an income searched for
its best end, a petition) and read the answers off its states.
"""

from __future__ import annotations

from ..effects import ability_text, cost_text, effect_text
from ..state import Build, Done, Income, Parcel, Spot, Src, Trade, Use, Worker
from . import boards
from .language import set_answer
from .live import Live
from .positions import position_of


def worker(lesson, step, material) -> tuple:
    g, s = position_of("worker", lesson.language)
    here, language = material.location, lesson.language
    location, district = g.content.location_name(here, language), lesson.district(g, here)
    fields = dict(location=location, district=district, owner=lesson.house(1, "-of"))
    # (a) a location where Orange's worker stands: the engine's move, and whose worker is home after it
    going = Worker(0, here)
    right_a = "blocked" if not g.is_legal(s, going) else "push" if not g.apply(s, going).players[1].worker else "share"
    a = lesson.part(step, 0, "W2", **fields)
    options = a.options(**fields)
    misread = {"blocked": "worker-blocked", "share": "worker-both-stay"}
    first = a.choose(options, lambda x: x == right_a or misread.get(x), figure=lambda: boards.table(lesson, g, s),
                     solution=a.solution(dict(options)[right_a]))
    # (b) what a watchtower costs there: the engine's payment, and the misread prices
    placed = g.apply(s, going)
    paid = g.apply(placed, Trade(0, material.trade))
    cost = tuple((r, n) for r in ("gold", "supply", "favor") if (n := getattr(placed.players[0], r) -
                                                                 getattr(paid.players[0], r)))
    printed = next(tr for tr in g.content.locations[here].trades if tr.id == material.trade).cost
    prices = {"worker-damage-ignored": printed, "worker-damage-everything": tuple((r, n + 1) for r, n in printed),
              True: cost}
    key = lambda price: "-".join(f"{r}{n}" for r, n in price)  # noqa: E731
    by_key = {key(v): k for k, v in prices.items()}
    b = lesson.part(step, 1, "A6", location=location, cost=cost_text(cost, language),
                    printed=cost_text(printed, language))
    second = b.choose(tuple((key(v), cost_text(v, language)) for v in sorted(set(prices.values()))), by_key.get,
                      solution=b.solution(b.fields["cost"]))
    # (c) the visit played on the board
    live = Live(lesson, g, s)
    moves = [going, Trade(0, material.trade), next(m for m in g.legal_moves(paid, 0) if type(m) is Spot)]

    def judge_c(clicks):
        st = live.frame(tuple(clicks)).state
        towers = [i for i in g.city.forts_of[here] if st.pieces[i] is not None and st.pieces[i].owner == 0
                  and st.pieces[i].kind == "tower"]
        return bool(towers and st.players[0].worker == here and live.stop(st)) or live.refusal(clicks, lambda _, rule, m: (
            rule == "W3" and any(type(x) is Trade for x in live.frame(tuple(clicks)).moves) and "worker-two-trades"))

    c = lesson.part(step, 2, "W3", **fields, cost=cost_text(cost, language))
    label = c("label")
    third = c.pick(lambda sel: live.draw(sel, label=label), judge_c, mode="sequence",
                   solution=c.solution(picks=live.clicks(moves)))
    # (d) then Orange takes income and Green builds in the district: whose workers go home?
    done = live.frame(live.clicks(moves)).state
    before = g.apply(g.apply(done, Income(1)), Done(1))
    built = g.apply(g.apply(before, Build(2, material.card)), Parcel(2, material.parcel))
    home = frozenset(f"L-{p.worker}" for p, q in zip(before.players, built.players) if p.worker and not q.worker)
    away = frozenset(f"L-{p.worker}" for p in before.players if p.worker)
    builder = f"L-{before.players[2].worker}" if before.players[2].worker else None

    def judge_d(picked):
        return picked == home or (picked == away != home and "worker-all-go-home") or set_answer(
            picked, home, lambda x: x == builder and "worker-builder-only")

    d = lesson.part(step, 3, "BLD4", player=lesson.house(2, capital=True), n=material.parcel, district=district,
                    owner=lesson.house(2, "-of"))
    shown = boards.caption(d("caption"))
    fourth = d.pick(lambda sel: boards.html(shown, boards.city(g, before, selected=sel), label=d("label")), judge_d,
                    mode="set", solution=d.solution(picks=sorted(home)))
    return first, second, third, fourth


def ability_words(game, card: str, language: str) -> str:
    ability = game.content.abilities(card, game.advanced)[0]
    return ability_text(ability.cost, ability.effect, language, game.content.faction_map)


def best_income(game, state, p: int = 0) -> tuple:
    """The most gold an income can end with, the worker at home, and one way to get it (the engine's moves)."""
    best = (-1, ())

    def search(st, moves):
        nonlocal best
        if not st.tasks or type(st.tasks[0]).__name__ != "IncomeLoop":
            return
        for m in game.legal_moves(st, p):
            nxt = game.apply(st, m)
            if type(m) is Done and not nxt.players[p].worker and nxt.players[p].gold > best[0]:
                best = (nxt.players[p].gold, tuple(moves) + (m,))
            elif type(m) is Use:
                search(nxt, moves + [m])

    search(game.apply(state, Income(p)), [Income(p)])
    return best


def income(lesson, step, material) -> tuple:
    g, s = position_of("income", lesson.language)
    live, language = Live(lesson, g, s), lesson.language
    best, way = best_income(g, s)

    def judge_a(clicks):
        fr = live.frame(tuple(clicks))
        if live.stop(fr.state) and any(type(m) is Income for m in fr.moves):
            me = fr.state.players[0]
            return "income-worker-left" if me.worker else me.gold >= best or "income-no-abilities"
        return live.refusal(clicks, lambda _, rule, move: type(move) is Use and move.card in fr.state.players[0].used
                            and "income-twice")

    a = lesson.part(step, 0, "I2", income=cost_text(g.hq_side(s, 0).income, language), gold=lesson.qty(best, "gold"),
                    hq=g.card_name(s.players[0].hq), card=g.card_name(material.card),
                    ability=ability_words(g, material.card, language), gate=g.card_name(material.gate),
                    gate_ability=ability_words(g, material.gate, language))
    label = a("label")
    first = a.pick(lambda sel: live.draw(sel, label=label), judge_a, mode="sequence",
                   solution=a.solution(picks=live.clicks(way)))
    after = live.frame(live.clicks(way)).state
    right = "yes" if material.card not in after.players[0].used else "no"
    b = lesson.part(step, 1, "I3", card=g.card_name(material.card))
    options = b.options()
    misread = {"no": "income-stays-turned", "later": "income-rests"}
    return first, b.choose(options, lambda x: x == right or misread.get(x), solution=b.solution(dict(options)[right]))


def best_chain(game, live: Live) -> tuple:
    """The most gold the chain can end with: the learner's own moves searched through the live exercise."""
    best = (-1, ())

    def search(moves):
        nonlocal best
        st = live.frame(live.clicks(moves)).state
        if live.stop(st):
            if any(type(m) is Income for m in moves) and st.players[0].gold > best[0]:
                best = (st.players[0].gold, tuple(moves))
            return
        if len(moves) <= 12 and game.to_move(st) == (0,):
            for m in game.legal_moves(st, 0):
                if moves or type(m) is Income:
                    search(moves + [m])

    search([])
    return best


def chain(lesson, step, material) -> tuple:
    g, s = position_of("chain", lesson.language)
    live, language = Live(lesson, g, s, tokens=(material.token,)), lesson.language
    district = g.parcel_district[material.token]
    best, way = best_chain(g, live)
    # the engine's state when the built card draws the district's 4th token: is the income still open?
    at = next(k for k in range(len(way) + 1)
              if any(x.district == district for x in live.frame(live.clicks(way[:k])).state.attacks))
    st = live.frame(live.clicks(way[:at])).state
    right = "now" if st.tasks and type(st.tasks[0]).__name__ == "IncomeLoop" and st.active == 0 else "ends"
    fields = dict(district=lesson.district(g, district), card=g.card_name(material.card),
                  lodge=g.card_name(material.lodge), owner=lesson.house(1, "-of"))
    a = lesson.part(step, 0, "C14", **fields)
    options = a.options(**fields)
    misread = {"after": "chain-attack-waits", "next": "chain-attack-next-turn", "ends": "chain-income-ends"}
    first = a.choose(options, lambda x: x == right or misread.get(x), solution=a.solution(dict(options)[right]))

    def judge_b(clicks):
        fr = live.frame(tuple(clicks))
        if live.stop(fr.state) and any(type(m) is Income for m in fr.moves):
            built = any(type(m) is Build for m in fr.moves)
            return fr.state.players[0].gold >= best or ("chain-new-card-waits" if built else "chain-no-build")
        return live.refusal(clicks)

    b = lesson.part(step, 1, "I4", **fields, gold=lesson.qty(best, "gold"),
                    ability=ability_words(g, material.card, language))
    label = b("label")
    return first, b.pick(lambda sel: live.draw(sel, label=label), judge_b, mode="sequence",
                         solution=b.solution(picks=live.clicks(way)))


def factions(lesson, step, material) -> tuple:
    g, s = position_of("factions", lesson.language)
    content, language, here = g.content, lesson.language, material.location
    faction = content.locations[here].faction
    fi = g.faction_index[faction]
    start = s.players[0].influence[fi]
    visit = g.apply(s, Worker(0, here))
    level = g.apply(visit, Trade(0, "petition")).players[0].influence[fi]
    rewards = [int(task.src.extra) for task in g.influence(visit, 0, faction, level - start, Src("F1", "tutorial")).tasks
               if type(task).__name__ == "Effect" and task.src.rule == "F2"]  # the engine's own F2 effects
    fields = dict(faction=g.faction_name(faction, language), n=start, level=level,
                  location=content.location_name(here, language))
    a = lesson.part(step, 0, "F1", **fields)
    levels = tuple((k, step.text("level", n=k)) for k in range(1, g.track_len + 1))
    first = a.choose(levels, lambda k: k == level or (k == start + 1 and "faction-one-step"),
                     figure=lambda: boards.table(lesson, g, s), solution=a.solution(dict(levels)[level]))
    track = content.factions[fi].rewards
    options = tuple((k, step.text("reward", n=k, reward=effect_text(track[k - 1], language, content.faction_map)))
                    for k in range(1, g.track_len + 1))
    right = frozenset(rewards)

    def judge_b(picked):
        return set_answer(picked, right, lambda k: k == start and "faction-start-again",
                                                lambda k: level in picked and "faction-landing-only")

    b = lesson.part(step, 1, "F2", **fields)
    second = b.choose(options, judge_b, many=True, solution=b.solution(lesson.join(
        label for k, label in options if k in right)))
    # (c) a petition where your cube stands near the end of the track: the engine's prestige
    other = material.faction
    there = next(d for d in g.city.districts if content.locations[d].faction == other)
    oi = g.faction_index[other]
    at = s.players[0].influence[oi]
    st = g.apply(s, Worker(0, there))
    after = g.apply(st, Trade(0, "petition"))
    gained, amount, last = after.players[0].prestige - st.players[0].prestige, after.players[0].influence[oi] - at, \
        g.track_len
    prestige_of = lambda k: sum(n for x in content.factions[oi].rewards[k - 1] if x[0] == "gain"  # noqa: E731
                                for r, n in x[1] if r == "prestige")
    on_track = range(at + 1, min(at + amount, last) + 1)
    reward = sum(prestige_of(k) for k in on_track)
    misread = {reward: "faction-past-end-lost", gained + prestige_of(at): "faction-start-again"}
    c = lesson.part(step, 2, "C10", location=content.location_name(there, language),
                    faction=g.faction_name(other, language), n=at, last=last, reward=lesson.qty(reward, "prestige"),
                    over=amount - len(on_track), points=lesson.qty(gained, "prestige"))
    third = c.count(lambda n: n == gained or misread.get(n), solution=c.solution(c.fields["points"]))
    return first, second, third

