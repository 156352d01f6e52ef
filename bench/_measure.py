"""Timing helpers and result rows shared by the engine benchmarks (``bench_barcadia.py``, ``bench_baldurs_gate.py``).

``bench/`` is not a package: a benchmark puts its folder on ``sys.path`` and imports ``from _measure import ...``.
"""

from __future__ import annotations

import statistics
import time


def timed(fn, *a, **k):
    """``(seconds, result)`` of one call."""
    t = time.perf_counter()
    out = fn(*a, **k)
    return time.perf_counter() - t, out


def best_of(fn, *a, repeat: int = 3):
    """The fastest of ``repeat`` calls, in seconds."""
    return min(timed(fn, *a)[0] for _ in range(repeat))


def replay(g, state, moves):
    """``state`` after ``moves`` applied one by one (the baseline of a bot's work)."""
    for m in moves:
        state = g.apply(state, m)
    return state


def row(bench, n, fast, slow, baseline, cost: bool = False, **extra):
    """A result row. ``ratio`` is baseline / median (how many times faster than the baseline), or with ``cost``
    median / baseline (how many times the baseline's work the measured thing costs)."""
    fast, slow = sorted(fast), sorted(slow)
    med, base = statistics.median(fast), statistics.median(slow)
    ratio = (med / base if base else float("inf")) if cost else (base / med if med else float("inf"))
    return {"bench": bench, "n": n, "median_ms": med * 1000, "p90_ms": fast[int(0.9 * (len(fast) - 1))] * 1000,
            "baseline": baseline, "baseline_median_ms": base * 1000, "ratio": ratio,
            "ratio_means": "x the baseline's time" if cost else "x faster than the baseline", **extra}


def print_rows(rows: list[dict]) -> None:
    for r in rows:
        if "table" in r:
            print(f"{r['bench']}: {r['n']} games, {r['median_ms']:.0f} ms per game "
                  f"({r['ratio']:.2f}{r['ratio_means']}: {r['baseline']})")
            print(r["table"])
            continue
        extra = f" ({r['moves_median']:.0f} moves)" if "moves_median" in r else ""
        print(f"{r['bench']}: n={r['n']}{extra} median {r['median_ms']:.3f} ms p90 {r['p90_ms']:.3f} ms | "
              f"baseline ({r['baseline']}) median {r['baseline_median_ms']:.3f} ms | {r['ratio']:.2f}{r['ratio_means']}")
