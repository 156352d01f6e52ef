"""Balda benchmarks: the move generator against the brute-force reference.

For self-play positions with the shipped word lists (English and Russian):

- 5x5 mid game (6 moves in), 5x5 late game (14 moves in), 7x7 mid game
  (10 moves in);
- :func:`balda.movegen.legal_moves` (one trie search per start cell with one
  empty cell as a wildcard): median and p90 over positions of each
  position's best time of several runs (as ``timeit`` does: the best run is
  the one least disturbed by other processes);
- the baseline :func:`balda.brute.legal_moves` (every frontier cell x every
  letter x every simple path): median, and the ratio baseline / fast;
- both must return identical move lists, or the benchmark raises.

Goals: median <= 1 ms for a 5x5 mid game, <= 2 ms for 7x7, >= 20x faster
than brute force.  Also printed: the time to parse each shipped list and
build its trie (uncached, i.e. the first use in a process).

Positions come from seeded random self-play (start word from the list,
uniformly random legal moves), so the run is reproducible.

Run: ``python bench/bench_balda.py`` (``--quick`` for a smoke run).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from balada_widgets.balda import brute
from balada_widgets.balda.lexicon import Lexicon, load_times
from balada_widgets.balda.movegen import legal_moves
from balada_widgets.balda.position import Position

SCENARIOS = [  # (label, size, moves played, goal for the fast median in ms)
    ("5x5 mid game", 5, 6, 1.0),
    ("5x5 late game", 5, 14, 1.0),
    ("7x7 mid game", 7, 10, 2.0),
]
MIN_RATIO = 20.0


def positions(lexicon: Lexicon, size: int, moves: int, count: int, seed: int) -> list[Position]:
    """``count`` positions reached after exactly ``moves`` random legal moves."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        pos = Position.new(rng.choice(lexicon.words_of_length(size)))
        for _ in range(moves):
            legal = legal_moves(pos, lexicon)
            if not legal:
                break
            pos = pos.play(rng.choice(legal))
        else:
            out.append(pos)
    return out


def time_call(fn, *args, repeat: int) -> float:
    """Best of ``repeat`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - t)
    return best


def run(quick: bool = False) -> list[dict]:
    rows: list[dict] = []
    for language in ("english", "russian"):
        best = min((load_times(language) for _ in range(1 if quick else 3)),
                   key=lambda r: r["parse_s"] + r["trie_s"])
        rows.append({"bench": f"balda: load {language} list (parse + trie)", "n": best["words"],
                     "median_ms": (best["parse_s"] + best["trie_s"]) * 1000,
                     "parse_ms": best["parse_s"] * 1000, "trie_ms": best["trie_s"] * 1000})
    count = 5 if quick else 25
    repeat = 3 if quick else 9
    for language in ("english", "russian"):
        lexicon = getattr(Lexicon, language)()
        lexicon.trie  # built once per process, not part of the move timings
        for k, (label, size, moves, goal_ms) in enumerate(SCENARIOS):
            sample = positions(lexicon, size, moves, count, seed=1000 * k + len(language))
            fast, slow, counts = [], [], []
            for pos in sample:
                mine = legal_moves(pos, lexicon)
                t = time.perf_counter()
                ref = brute.legal_moves(pos, lexicon)
                slow.append(time.perf_counter() - t)
                if mine != ref:
                    extra = sorted(set(mine) ^ set(ref))[:5]
                    raise AssertionError(f"legal_moves differs from brute force on {pos.to_text()}: {extra}")
                fast.append(time_call(legal_moves, pos, lexicon, repeat=repeat))
                counts.append(len(mine))
            fast.sort()
            median = statistics.median(fast)
            ratio = statistics.median(slow) / median
            rows.append({
                "bench": f"balda: legal_moves {language} {label}", "n": len(sample),
                "moves_median": statistics.median(counts),
                "median_ms": median * 1000, "p90_ms": fast[int(0.9 * (len(fast) - 1))] * 1000,
                "baseline": "brute force", "baseline_median_ms": statistics.median(slow) * 1000,
                "ratio": ratio, "goal": f"median <= {goal_ms:g} ms, >= {MIN_RATIO:g}x",
                "met": median * 1000 <= goal_ms and ratio >= MIN_RATIO,
            })
    return rows


def print_rows(rows: list[dict]) -> None:
    print("| benchmark | n | moves | median ms | p90 ms | brute median ms | brute/fast | goal | met |")
    print("|---|---:|---:|---:|---:|---:|---:|---|---|")
    for r in rows:
        if "parse_ms" in r:
            print(f"| {r['bench']} | {r['n']} words | | {r['median_ms']:.0f} | | | | "
                  f"parse {r['parse_ms']:.0f} ms + trie {r['trie_ms']:.0f} ms | |")
            continue
        print(f"| {r['bench'][len('balda: legal_moves '):]} | {r['n']} | {r['moves_median']:.0f} | "
              f"{r['median_ms']:.2f} | {r['p90_ms']:.2f} | {r['baseline_median_ms']:.1f} | "
              f"{r['ratio']:.0f}x | {r['goal']} | {'yes' if r['met'] else 'NO'} |")


if __name__ == "__main__":
    print_rows(run(quick="--quick" in sys.argv))
