"""Click or key to redrawn Balda grid, in a real browser, against a bare Solara button.

One page (this file is also the Solara app it serves) holds a bare
``solara.Button`` that counts its clicks and the live Balda view (you against
a bot, shipped English list, 5x5 or 7x7). Headless Chromium, in turn:

- clicks the button (the baseline: the cheapest round trip Solara makes);
- clicks a highlighted cell of the grid (the view re-renders: the cell is
  chosen, the feedback and the keys change);
- presses a letter key on the grid (the letter shows, ``explain_path`` is not
  called yet) and then Escape (not measured) to start again.

Each time is measured inside the page, from the event to the moment the new
drawing is in the DOM (a MutationObserver sees the button's new label, or
the grid's ``data-version``, which changes with its SVG), so the figure is the
whole round trip: browser -> kernel -> view -> browser. Goal: median grid
event <= 1.5 x median button click.

Run: ``python bench/bench_balda_click.py`` (``--quick``: fewer events). Needs
Chromium (``/usr/bin/chromium`` or ``$BALADA_CHROMIUM``) and Solara's offline
assets (``scripts/solara_offline.py``).
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

import solara

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parent))
from _browser import MEASURE_CLICK, browser_page, p90, print_rows, served  # noqa: E402  (bench/ is not a package)

# ------------------------------------------------------------------ the page (when served by solara)


@solara.component
def Page():
    from balada_widgets.balda.view import BaldaApp

    count, set_count = solara.use_state(0)
    size = int(os.environ.get("BENCH_SIZE", "5"))
    app = solara.use_memo(lambda: BaldaApp(players=2, bots=1, seed=1, size=size, bot_level="greedy"), [])
    with solara.Column() as main:
        solara.Button(f"clicks {count}", on_click=lambda: set_count(count + 1), classes=["bench-button"])
        app.element()
    return main


# ------------------------------------------------------------------ the measurement

# the board, the kind of move clicked on it and its target (see _browser.MEASURE_CLICK)
_TARGET = ['.bw-board-box.bw-balda-grid', 'cell', 'g.cell.target']


def _measure(size: int, rounds: int) -> dict:
    times: dict[str, list[float]] = {"button": [], "cell": [], "key": []}
    with served(HERE, BENCH_SIZE=str(size)) as url, browser_page(url, 1200, 1000) as page:
        page.locator(".bw-board-box.bw-balda-grid g.cell.target").first.wait_for(timeout=60_000)
        page.locator(".bench-button").wait_for()

        def one(kind: str) -> float:
            got = page.evaluate(MEASURE_CLICK, [kind, *_TARGET])
            if got is None or got < 0:
                raise RuntimeError(f"the {kind} event did not redraw ({got})")
            return got

        for r in range(rounds + 2):  # the first two rounds warm up
            got = {"button": one("button"), "cell": one("cell"), "key": one("e")}
            one("Escape")  # start again (not measured)
            if r >= 2:
                for k, v in got.items():
                    times[k].append(v)
    return times


def run(quick: bool = False) -> list[dict]:
    rows = []
    for size in (5, 7):
        times = _measure(size, 5 if quick else 15)
        button = statistics.median(times["button"])
        for kind, label in (("cell", "click a highlighted cell"), ("key", "type a letter")):
            ms = times[kind]
            med = statistics.median(ms)
            rows.append({"bench": f"{label} -> redrawn Balda {size}x{size} grid (browser)", "n": len(ms),
                         "median_ms": med, "p90_ms": p90(ms),
                         "baseline": "bare Solara button", "baseline_median_ms": button, "ratio": med / button,
                         "goal": "ratio <= 1.5"})
    return rows


if __name__ == "__main__" and not os.environ.get("BENCH_CLICK_SERVING"):  # solara runs this file as __main__
    print_rows(run(quick="--quick" in sys.argv))
