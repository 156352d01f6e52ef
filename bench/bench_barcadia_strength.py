"""Heroes of Barcadia: how much stronger the strong bot is than the greedy one, and what its thinking costs.

Seeded games of strong against greedy bots (``BarcadiaGame(players=n)``, the
dungeon built by chance, no turn limit needed but 400 as a safety net), seats
rotated the one way of every game's bot statistics
(:func:`balada_widgets.core.bot_stats.seatings`: the rotations first, then the
other orderings; game ``k`` takes the ``k``-th table and seed ``k``), each bot seeing only its own player's view:

- 4 players, two strong and two greedy (a fair share is 50%);
- 2 players, strong against greedy (50%);
- 3 players, one strong and two greedy (33%), and two strong and one greedy (67%).

For each: the games the strong seats won (shared wins split), the win rate
against the fair share, and the time of a strong decision (median, 99th
percentile, slowest; only decisions with more than one legal move) beside a
greedy decision's median as the baseline (ratio = strong / greedy). Wins and
times are read, not asserted (the test suite checks a margin on 30 games:
``tests/barcadia/test_bots.py``).

Run: ``python bench/bench_barcadia_strength.py [--quick] [--games N] [--jobs 2]``
(``--jobs`` plays games in parallel processes: faster, but the times then
share the CPU).
"""

from __future__ import annotations

import statistics
import sys
import time

from balada_widgets.barcadia import BarcadiaGame, make_bot
from balada_widgets.core import Session
from balada_widgets.core.bot_stats import seatings

CONFIGS = (("4 players: 2 strong, 2 greedy", ("strong", "strong", "greedy", "greedy")),
           ("2 players: strong, greedy", ("strong", "greedy")),
           ("3 players: 1 strong, 2 greedy", ("strong", "greedy", "greedy")),
           ("3 players: 2 strong, 1 greedy", ("strong", "strong", "greedy")))


def play(levels, seed: int):
    """One seeded game; returns (winners' levels with their share, {level: [decision seconds]}, turns)."""
    g = BarcadiaGame(players=len(levels), turn_limit=400)
    s = Session(g, seed=seed)
    bots = {p: make_bot(lv, f"{seed}:{p}") for p, lv in enumerate(levels)}
    times = {lv: [] for lv in levels}
    while not g.is_over(s.state):
        p = g.to_move(s.state)[0]
        view = g.view(s.state, p)
        t = time.perf_counter()
        m = bots[p].choose(g, view, p)
        dt = time.perf_counter() - t
        if len(g.legal_moves(view, p)) > 1:
            times[levels[p]].append(dt)
        s.play(m)
    st = s.state
    return [(levels[w], 1 / len(st.winners)) for w in st.winners], times, st.turn, st.end


def _job(args):
    return play(*args)


def measure(levels, games: int, jobs: int = 1) -> dict:
    orders = seatings(levels, len(levels))
    work = [(orders[k % len(orders)], k) for k in range(games)]
    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:
            results = pool.map(_job, work)
    else:
        results = [_job(w) for w in work]
    wins = 0.0
    times = {"strong": [], "greedy": []}
    capped = 0
    for won, ts, _, end in results:
        wins += sum(share for lv, share in won if lv == "strong")
        capped += end != "guardian"
        for lv, x in ts.items():
            times[lv] += x
    st, gr = sorted(times["strong"]), sorted(times["greedy"])
    return {"games": games, "strong_wins": wins, "win_rate": wins / games,
            "fair": levels.count("strong") / len(levels), "capped": capped,
            "median_ms": 1000 * statistics.median(st), "p99_ms": 1000 * st[int(0.99 * (len(st) - 1))],
            "max_ms": 1000 * st[-1], "baseline_ms": 1000 * statistics.median(gr),
            "ratio": statistics.median(st) / statistics.median(gr)}


def run(quick: bool = False, games: int | None = None, jobs: int = 1) -> list:
    n = games or (12 if quick else 200)
    rows = []
    for name, levels in CONFIGS:
        t = time.perf_counter()
        r = measure(levels, n, jobs)
        r = {"name": name, **r, "seconds": time.perf_counter() - t}
        rows.append(r)
    return rows


def main(argv):
    games = int(argv[argv.index("--games") + 1]) if "--games" in argv else None
    jobs = int(argv[argv.index("--jobs") + 1]) if "--jobs" in argv else 1
    for r in run(quick="--quick" in argv, games=games, jobs=jobs):
        print(f"{r['name']}: strong won {r['strong_wins']:g} of {r['games']} ({r['win_rate']:.1%}, fair "
              f"{r['fair']:.0%}), {r['capped']} stopped by the turn limit; strong decision median "
              f"{r['median_ms']:.2f} ms, p99 {r['p99_ms']:.1f} ms, slowest {r['max_ms']:.1f} ms; greedy median "
              f"{r['baseline_ms']:.2f} ms (ratio {r['ratio']:.1f}); {r['seconds']:.0f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
