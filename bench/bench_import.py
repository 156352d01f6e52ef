"""Import time in a fresh kernel: the package and its views against ``import solara`` alone.

What a learner waits for between "Run" and the first board is, first of all,
imports. Each figure is one fresh Python process that initialises IPython's
shell first (as a kernel does: Solara's widget check only runs there) and then
times its imports with ``time.perf_counter``; ``python -X importtime`` runs
along and names the heaviest modules, so a regression points at its cause.

Rows:

- ``import solara`` after ``import balada_widgets`` (the baseline: the floor
  of any notebook with a Solara widget, with Solara's widget check spared as
  the package spares it, see ``balada_widgets/_offline.py``);
- ``import solara`` alone, against that floor (what the spared check costs);
- ``import balada_widgets`` (the rules-only entry: should cost next to nothing);
- each game's view (``balada_widgets.<game>.view``: what a notebook with a game
  loads), against the baseline;
- ``balada_widgets.app`` (the standalone app's module), against the baseline;
- the pure rules of each game, against ``import balada_widgets``.

Each row also lists which *needless* heavy modules were loaded (matplotlib,
pandas, jupyter_server.serverapp, jsonschema, rfc3987_syntax, lark, scipy).
Goal (information): a game's view <= 1.5x ``import solara`` (the view's own
code and the kit cost at most half as much as Solara itself).

Run: ``python bench/bench_import.py`` (``--quick``: fewer repetitions).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("balada", "balda", "barcadia", "baldurs_gate")
NEEDLESS = ("matplotlib", "pandas", "jupyter_server.serverapp", "jsonschema", "rfc3987_syntax", "lark", "scipy")

_PROBE = """
import json, os, sys, time
from IPython.core.interactiveshell import InteractiveShell
InteractiveShell.instance()  # as in a kernel
t0 = time.perf_counter()
for name in {modules!r}:
    __import__(name)
elapsed = time.perf_counter() - t0
print(json.dumps({{"ms": elapsed * 1000, "loaded": [m for m in {needless!r} if sys.modules.get(m) is not None]}}))
"""


def measure(modules: list[str], home: str, importtime: bool = False) -> dict:
    """One fresh process: the time to import ``modules`` in order, what was loaded, the heaviest modules."""
    env = {**os.environ, "SOLARA_TELEMETRY_MIXPANEL_ENABLE": "false", "SOLARA_HOME": home, "PYTHONPATH": str(ROOT)}
    env.pop("PYTEST_CURRENT_TEST", None)
    cmd = [sys.executable, *(["-X", "importtime"] if importtime else []), "-c",
           _PROBE.format(modules=modules, needless=NEEDLESS)]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=str(ROOT), timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"importing {modules} failed:\n{done.stderr[-3000:]}")
    got = json.loads(done.stdout.strip().splitlines()[-1])
    if importtime:  # self time summed per top-level package: where the time goes
        per_package: dict[str, int] = {}
        for line in done.stderr.splitlines():
            parts = line[len("import time:"):].split("|") if line.startswith("import time:") else []
            if len(parts) == 3 and parts[0].strip().isdigit():
                package = parts[2].strip().split(".")[0]
                per_package[package] = per_package.get(package, 0) + int(parts[0])
        top = sorted(per_package.items(), key=lambda item: -item[1])[:8]
        got["top"] = ", ".join(f"{name} {us / 1000:.0f}" for name, us in top) + " (ms, self time)"
    return got


def run(quick: bool = False) -> list[dict]:
    reps = 1 if quick else 5
    floor = "import solara after balada_widgets (kernel)"
    cases: list[tuple[str, list[str], str]] = [(floor, ["balada_widgets", "solara"], "")]
    # solara alone pays its widget check (jupyter_server.serverapp); the ratio shows what the package spares
    cases.append(("import solara alone (kernel)", ["solara"], floor))
    cases.append(("import balada_widgets", ["balada_widgets"], ""))
    for game in GAMES:
        cases.append((f"{game} rules", [f"balada_widgets.{game}"], "import balada_widgets"))
    for game in GAMES:
        cases.append((f"{game} view (kernel)", ["balada_widgets", f"balada_widgets.{game}.view"], floor))
    cases.append(("the app module", ["balada_widgets.app"], floor))
    times: dict[str, list[float]] = {label: [] for label, _, _ in cases}
    extra: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="bench-import-") as home:
        for label, modules, _ in cases:  # once with -X importtime: what was loaded and the heaviest parts
            extra[label] = measure(modules, home, importtime=True)
        for _ in range(reps):  # interleaved, so load from other processes hits every case alike
            for label, modules, _ in cases:
                times[label].append(measure(modules, home)["ms"])
    medians = {label: statistics.median(ts) for label, ts in times.items()}
    rows = []
    for label, _modules, baseline in cases:
        ms = medians[label]
        row = {"bench": f"import time: {label}", "n": reps, "median_ms": ms, "p90_ms": max(times[label]),
               "baseline": baseline or "-", "baseline_median_ms": medians.get(baseline, 0.0),
               "ratio": ms / medians[baseline] if baseline else 1.0,
               "goal": "view <= 1.5x import solara" if "view" in label else "information",
               "needless": ",".join(extra[label]["loaded"]) or "none", "heaviest": extra[label]["top"]}
        rows.append(row)
    return rows


if __name__ == "__main__":
    for r in run(quick="--quick" in sys.argv):
        print(f"{r['bench']}: median {r['median_ms']:.0f} ms (max {r['p90_ms']:.0f}) | baseline {r['baseline']} "
              f"{r['baseline_median_ms']:.0f} ms | ratio {r['ratio']:.2f}x | goal {r['goal']}\n"
              f"    needless: {r['needless']}\n    heaviest: {r['heaviest']}")
