"""Run All of each tutorial notebook against a notebook that imports solara and shows one widget.

A teacher opens a tutorial and presses "Run All": how long until every cell
has run? Each notebook is run headless with ``nbclient`` in a fresh
``python3`` kernel, from ``notebooks/`` (as JupyterLab would); the time counts
from the first cell to the last (the kernel's start, the same for every
notebook, is left out). The baseline is a two-cell notebook, ``import solara``
then ``solara.Button("ok")``: the floor of any notebook with a Solara widget.

Goal: each tutorial's Run All <= 3 x the baseline. The slowest cells of each
tutorial are listed, so a miss points at its cause. A notebook whose cell
raises is reported as failed (``tests/test_notebooks.py`` says why).

Run: ``python bench/bench_run_all.py`` (``--quick``: one run each).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
BASELINE = "baseline: import solara, one widget"
FLOOR = "floor: the same after import balada_widgets"


def baseline_notebook(first: str = "") -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(first + "import solara"), nbformat.v4.new_code_cell('solara.Button("ok")')]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


def run_all(nb: nbformat.NotebookNode) -> tuple[float, list[tuple[float, int, str]]]:
    """Run every code cell in a fresh kernel; the seconds from the first to the last, and each cell's time."""
    import nbclient

    client = nbclient.NotebookClient(nb, kernel_name="python3", timeout=600,
                                     resources={"metadata": {"path": str(NOTEBOOKS)}})
    cells = []
    with client.setup_kernel(stderr=subprocess.DEVNULL):  # the kernel's start-up warnings; errors come back per cell
        t0 = time.perf_counter()
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            t = time.perf_counter()
            client.execute_cell(cell, index)
            cells.append((time.perf_counter() - t, index, cell.source.splitlines()[0][:60] if cell.source else ""))
        elapsed = time.perf_counter() - t0
    return elapsed, cells


def run(quick: bool = False) -> list[dict]:
    reps = 1 if quick else 3
    tutorials = sorted(NOTEBOOKS.glob("*tutorial*.ipynb"))
    times: dict[str, list[float]] = {BASELINE: [], FLOOR: [], **{p.stem: [] for p in tutorials}}
    slowest: dict[str, str] = {}
    failed: dict[str, str] = {}
    saved = {k: os.environ.get(k) for k in ("SOLARA_TELEMETRY_MIXPANEL_ENABLE", "SOLARA_HOME", "PYTEST_CURRENT_TEST")}
    with tempfile.TemporaryDirectory(prefix="bench-run-all-") as home:
        # the kernels' environment: a user's (no pytest), telemetry off, a Solara home of its own
        os.environ.update(SOLARA_TELEMETRY_MIXPANEL_ENABLE="false", SOLARA_HOME=home)
        os.environ.pop("PYTEST_CURRENT_TEST", None)
        try:
            for _ in range(reps):  # interleaved, so load from other processes hits every notebook alike
                elapsed, _cells = run_all(baseline_notebook())
                times[BASELINE].append(elapsed)
                elapsed, _cells = run_all(baseline_notebook("import balada_widgets\n"))
                times[FLOOR].append(elapsed)
                for path in tutorials:
                    if path.stem in failed:
                        continue
                    try:
                        elapsed, cells = run_all(nbformat.read(path, as_version=4))
                    except Exception as e:  # noqa: BLE001 (reported in the row; the other notebooks still run)
                        failed[path.stem] = f"{type(e).__name__}: {str(e).strip().splitlines()[-1][:200]}"
                        continue
                    times[path.stem].append(elapsed)
                    top = sorted(cells, reverse=True)[:3]
                    slowest[path.stem] = "; ".join(f"cell {i} {s:.1f} s ({src})" for s, i, src in top)
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
    base = statistics.median(times[BASELINE]) * 1000
    rows = [{"bench": f"Run All: {BASELINE} (nbclient)", "n": reps, "median_ms": base,
             "p90_ms": max(times[BASELINE]) * 1000, "baseline": "itself", "baseline_median_ms": base, "ratio": 1.0,
             "goal": "baseline"}]
    floor = statistics.median(times[FLOOR]) * 1000
    rows.append({"bench": f"Run All: {FLOOR} (nbclient)", "n": reps, "median_ms": floor,
                 "p90_ms": max(times[FLOOR]) * 1000, "baseline": BASELINE, "baseline_median_ms": base,
                 "ratio": floor / base, "goal": "information"})
    for path in tutorials:
        name = path.stem
        if name in failed:
            rows.append({"bench": f"Run All: {path.name} (nbclient)", "n": 0, "median_ms": -1.0, "p90_ms": -1.0,
                         "baseline": BASELINE, "baseline_median_ms": base, "ratio": -1.0, "goal": "ratio <= 3",
                         "failed": failed[name]})
            continue
        ms = statistics.median(times[name]) * 1000
        rows.append({"bench": f"Run All: {path.name} (nbclient)", "n": len(times[name]), "median_ms": ms,
                     "p90_ms": max(times[name]) * 1000, "baseline": BASELINE, "baseline_median_ms": base,
                     "ratio": ms / base, "goal": "ratio <= 3", "ratio_to_floor": ms / floor,
                     "slowest": slowest[name]})
    return rows


if __name__ == "__main__":
    for r in run(quick="--quick" in sys.argv):
        status = f"FAILED ({r['failed']})" if "failed" in r else f"median {r['median_ms'] / 1000:.1f} s"
        print(f"{r['bench']}: {status} | baseline {r['baseline_median_ms'] / 1000:.1f} s | ratio {r['ratio']:.2f}x | "
              f"goal {r['goal']}" + (f" | {r['ratio_to_floor']:.2f}x the floor" if "ratio_to_floor" in r else "")
              + (f"\n    slowest: {r['slowest']}" if "slowest" in r else ""))
