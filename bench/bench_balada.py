"""Balada benchmarks: optimal scoring of a side and the placement advisor.

Each figure is printed beside a baseline measured in the same run, on the
same inputs, so the ratio holds whatever the machine:

- scoring: :func:`score_side` (memoised walk over the Portal layouts) against
  the exhaustive baseline that scores every combination of choices
  (:func:`best_choices_table`); both must agree. Goal: median <= 1 ms.
- advisor: :func:`advise_placements` over every legal placement of a turn,
  against the baseline of scoring each placement's side once (the greedy
  bot's work). Goal: <= 200 ms per turn.

Sides come from real play (greedy and random bots on every sheet), so the
mix of events and Portals is the game's own.

Run: ``python bench/bench_balada.py`` (``--quick`` for a smoke run).
"""

from __future__ import annotations

import statistics
import sys
import time

from balada_widgets.balada import BaladaGame
from balada_widgets.balada.advisor import advise_placements
from balada_widgets.balada.bots import make_bot
from balada_widgets.balada.content import sheet_names
from balada_widgets.balada.scoring import best_choices_table, best_points, score_side
from balada_widgets.core import Session
from balada_widgets.core.bots import run_bots


def timed(fn, *a, **k):
    t = time.perf_counter()
    out = fn(*a, **k)
    return time.perf_counter() - t, out


def real_sides(n_games: int):
    out = []
    for i in range(n_games):
        g = BaladaGame(players=2, sheet=sheet_names()[i % len(sheet_names())])
        s = Session(g, seed=i)
        run_bots(s, {0: make_bot("greedy", i), 1: make_bot("random", i)})
        for ps in s.state.players:
            out += [(r.side, r.injuries_in, r.swords_in) for r in ps.rounds]
    return out


def placement_positions(n_games: int):
    """Positions at each turn of solo games (the advisor's real inputs)."""
    out = []
    for i in range(n_games):
        g = BaladaGame(players=1)
        s = Session(g, seed=1000 + i)
        bot = make_bot("greedy", i)
        while s.state.phase == "place":
            out.append((g, s.state))
            s.play(bot.choose(g, s.state, 0))
    return out


def ms(x):
    return f"{x * 1000:8.2f}"


def run(quick: bool = False) -> list[dict]:
    rows = []
    sides = real_sides(4 if quick else 30)
    fast, slow = [], []
    for side, inj, sw in sides:
        t1, r = timed(score_side, side, inj, sw)
        t2, table = timed(best_choices_table, side, inj, sw)
        assert r.points == table[0][1], (side, r.points, table[0][1])
        fast.append(t1)
        slow.append(t2)
    rows.append({"bench": "balada: optimal scoring of a side", "n": len(sides),
                 "median_ms": statistics.median(fast) * 1000, "p90_ms": sorted(fast)[int(0.9 * len(fast))] * 1000,
                 "baseline": "exhaustive choices", "baseline_median_ms": statistics.median(slow) * 1000,
                 "ratio": statistics.median(slow) / statistics.median(fast), "goal": "median <= 1 ms"})
    pos = placement_positions(1 if quick else 6)
    adv, base = [], []
    for g, st in pos:
        t1, _ = timed(advise_placements, g, st, 0)
        ps = g.sheet_of(st, 0)
        t = time.perf_counter()
        for m in g.legal_moves(st, 0):
            if hasattr(m, "event"):
                ev = list(ps.events)
                ev[m.space - 1] = m.event
                best_points(tuple(ev), ps.injuries, ps.swords)
        base.append(time.perf_counter() - t)
        adv.append(t1)
    rows.append({"bench": "balada: advisor over all placements of a turn", "n": len(pos),
                 "median_ms": statistics.median(adv) * 1000, "p90_ms": sorted(adv)[int(0.9 * len(adv))] * 1000,
                 "max_ms": max(adv) * 1000, "baseline": "score each placement once (greedy)",
                 "baseline_median_ms": statistics.median(base) * 1000,
                 "ratio": statistics.median(adv) / max(statistics.median(base), 1e-9), "goal": "<= 200 ms"})
    return rows


def print_rows(rows):
    for r in rows:
        extra = f" max {r['max_ms']:.1f} ms" if "max_ms" in r else ""
        print(f"{r['bench']}: n={r['n']} median {r['median_ms']:.2f} ms p90 {r['p90_ms']:.2f} ms{extra} | "
              f"baseline ({r['baseline']}) median {r['baseline_median_ms']:.2f} ms | ratio {r['ratio']:.2f}x | "
              f"goal {r['goal']}")


if __name__ == "__main__":
    print_rows(run(quick="--quick" in sys.argv))
