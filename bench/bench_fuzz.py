"""Fuzz benchmark: 10,000 random full games per registered game, with the fuzz checks (issue 9).

Each game is :func:`balada_widgets.core.fuzz.fuzz_game`: random options and seed, random legal moves
through a ``Session``, mutated move texts at every decision (accepted only if legal, else refused with
a ``GameError``, the session unchanged), the game's invariants after every move, the position text
round trip every ``ROUNDTRIP`` moves and the save file reloaded position by position at the end.

Reported per game: games played, games per second with the checks, the baseline (the same number of
plain random games with ``game.apply`` alone, measured in the same run, on at most ``BASELINE`` games)
and their ratio (the cost of the checks), moves, mutated texts tried and refused, and the failures
(goal: zero), each with the options and seed that replay it::

    python bench/bench_fuzz.py                 # 10,000 games per game, on every core
    python bench/bench_fuzz.py --quick         # 60 games per game
    python bench/bench_fuzz.py --games 500 --workers 1 balda barcadia

A failure is printed and counted, not raised: the run goes on to report every game (the exit code of
a standalone run is 1 when any failure was found). ``tests/test_fuzz_games.py`` runs a few games per
game in CI and a smaller version of this run as a slow test.
"""

from __future__ import annotations

import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from balada_widgets.core.fuzz import fuzz_chunk, fuzz_saves, make_game, random_options, registered_games
from balada_widgets.core.errors import GameError

GAMES = 10_000
QUICK_GAMES = 60
CHUNK = 50  # games per worker task
ROUNDTRIP = 10  # position text round trip every so many moves
TEXTS = 2  # mutated move texts per decision
BASELINE = 200  # plain random games timed per game for the baseline


def plain_games(name: str, n: int, seed: int = 0) -> tuple[float, int]:
    """``n`` random games with ``game.apply`` alone (no session, no checks): (seconds, moves)."""
    cls = registered_games()[name]
    rng = random.Random(f"baseline:{name}:{seed}")
    moves, t = 0, 0.0
    for i in range(n):
        while True:
            try:
                game = make_game(cls, random_options(cls, rng))
                break
            except GameError:
                continue
        t0 = time.perf_counter()
        s = game.initial_state()
        while not game.is_over(s) and moves < 10**9:
            if game.is_chance(s):
                out = game.chance_outcomes(s)
                m = rng.choices([o for o, _ in out], [p for _, p in out])[0]
            else:
                m = rng.choice(game.legal_moves(s))
            s = game.apply(s, m)
            moves += 1
        t += time.perf_counter() - t0
    return t, moves


def run(quick: bool = False, games: int | None = None, names=None, workers: int | None = None,
        progress: bool = False) -> list[dict]:
    games = games or (QUICK_GAMES if quick else GAMES)
    names = list(names or sorted(registered_games()))
    workers = workers or max(1, os.cpu_count() or 1)
    rows = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for name in names:
            tasks = [(name, start, min(CHUNK, games - start), TEXTS, ROUNDTRIP) for start in range(0, games, CHUNK)]
            wall = time.perf_counter()
            parts = []
            for part in pool.map(fuzz_chunk, tasks):
                parts.append(part)
                for f in part["failures"][:5] if progress else ():  # at once: a long run may be stopped
                    print("   FAILURE", f[:600], flush=True)
                if progress:
                    done = sum(p["games"] for p in parts)
                    bad = sum(len(p["failures"]) for p in parts)
                    print(f"   {name}: {done}/{games} games, {bad} failures, "
                          f"{time.perf_counter() - wall:.0f} s", flush=True)
            wall = time.perf_counter() - wall
            cpu = sum(p["seconds"] for p in parts)
            failures = [f for p in parts for f in p["failures"]]
            n_base = min(BASELINE, max(10, games // 10))
            base_s, base_moves = plain_games(name, n_base)
            row = {
                "bench": "fuzz",
                "game": name,
                "games": sum(p["games"] for p in parts),
                "ended": sum(p["over"] for p in parts),
                "games_per_s": sum(p["games"] for p in parts) / cpu,  # per core, with every check
                "baseline_games_per_s": n_base / base_s,  # per core, plain random play
                "ratio": (n_base / base_s) / (sum(p["games"] for p in parts) / cpu),
                "wall_s": wall,
                "workers": workers,
                "moves": sum(p["moves"] for p in parts),
                "texts": sum(p["texts"] for p in parts),
                "refused": sum(p["refused"] for p in parts),
                "failures": len(failures),
            }
            saves = max(20, games // 10)  # hostile save files: options naming paths, wrong types (issue 12)
            save_fails = fuzz_saves([name], saves=saves, seed=games)[name]
            row["hostile_saves"], row["save_failures"] = saves, len(save_fails)
            failures += [str(f) for f in save_fails]
            rows.append(row)
            for f in failures[:20] if not progress else ():
                print("   FAILURE", f[:600], flush=True)
            if len(failures) > 20:
                print(f"   ... {len(failures)} failures in all", flush=True)
    return rows


if __name__ == "__main__":
    argv = sys.argv[1:]
    n = int(argv[argv.index("--games") + 1]) if "--games" in argv else None
    w = int(argv[argv.index("--workers") + 1]) if "--workers" in argv else None
    chosen = [a for a in argv if not a.startswith("--") and not a.isdigit()]
    out = run(quick="--quick" in argv, games=n, names=chosen or None, workers=w, progress=True)
    for r in out:
        print("  " + "  ".join(f"{k}={v:.2f}" if isinstance(v, float) else f"{k}={v}" for k, v in r.items()))
    sys.exit(1 if any(r["failures"] or r["save_failures"] for r in out) else 0)
