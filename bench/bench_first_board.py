"""The app's first board, in a real browser, against a bare Solara page with one button.

A student opens a game's page of the standalone app: how long until the board
is drawn? Headless Chromium opens, in a fresh browser context each time (an
empty cache, as on a first visit), either

- the baseline: this file served as a Solara app, a page with one
  ``solara.Button`` (the floor: Solara's own front end, a kernel, one widget);
- each game's play page of the app (``balada_widgets/app.py``: ``/balada``,
  ``/balda``, ``/barcadia``, ``/baldurs-gate``: a game against a bot).

Both servers run side by side (``solara run --production``, loopback, as
``make app`` and Binder serve the app); one more row shows ``/balada`` in
Solara's development mode (``solara run`` without ``--production``: the
unminified 2.6 MB front end), for information. A
script injected before the page loads records, with ``performance.now()``
(milliseconds since the navigation started), the moment the button or the
game's board (its SVG inside the kit's board box) is first in the DOM, and the
first contentful paint; the bytes the page loaded are summed from the
resource timings. Goal: median first board <= 1.5 x median first button.

Run: ``python bench/bench_first_board.py`` (``--quick``: fewer loads). Needs
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
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE.parent))
from _browser import CHROMIUM_ARGS, chromium, p90, print_rows, served  # noqa: E402  (bench/ is not a package)

# the app's game pages and the board that shows each has drawn
GAMES = {"balada": ".bw-sheet-board", "balda": ".bw-balda-grid", "barcadia": ".bw-barcadia-board",
         "baldurs-gate": ".bw-bg-city"}
BUTTON = ".bench-first-button"
DEV = "balada, development mode"

# ------------------------------------------------------------------ the baseline page (when served by solara)


@solara.component
def Page():
    count, set_count = solara.use_state(0)
    solara.Button(f"clicks {count}", on_click=lambda: set_count(count + 1), classes=["bench-first-button"])


# ------------------------------------------------------------------ the measurement

_RECORD = """
(() => {
  const selector = %s;
  window.__benchFirst = null;
  const check = () => {
    if (window.__benchFirst === null && document.querySelector(selector)) {
      window.__benchFirst = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true });
})();
"""

_RESULT = """
() => ({
  first: window.__benchFirst,
  fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null,
  bytes: performance.getEntriesByType('resource').reduce((n, r) => n + (r.encodedBodySize || 0), 0)
         + ((performance.getEntriesByType('navigation')[0] || {}).encodedBodySize || 0),
  biggest: performance.getEntriesByType('resource').map(r => [r.encodedBodySize || 0, r.name])
           .sort((a, b) => b[0] - a[0])[0] || [0, ''],
})
"""


def load(browser, url: str, selector: str) -> dict:
    """Open ``url`` in a fresh context; the time until ``selector`` is in the DOM, the paint, the bytes."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        context.add_init_script(_RECORD % repr(selector))
        page = context.new_page()
        page.goto(url)
        page.locator(selector).first.wait_for(state="attached", timeout=120_000)
        got = page.evaluate(_RESULT)
        if got["first"] is None:
            raise RuntimeError(f"{selector} was not seen arriving on {url}")
        return got
    finally:
        context.close()


def run(quick: bool = False) -> list[dict]:
    from playwright.sync_api import sync_playwright

    loads = 2 if quick else 6
    first: dict[str, list[float]] = {"button": [], **{g: [] for g in GAMES}, DEV: []}
    paint: dict[str, list[float]] = {k: [] for k in first}
    info: dict[str, dict] = {}
    app = ROOT / "balada_widgets" / "app.py"
    with served(HERE) as base_url, served(app) as app_url, served(app, production=False) as dev_url, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        try:
            targets = {"button": (base_url, BUTTON), **{g: (f"{app_url}{g}", f"{sel} svg") for g, sel in GAMES.items()},
                       DEV: (f"{dev_url}balada", f"{GAMES['balada']} svg")}
            for key, (url, selector) in targets.items():  # warm the servers up (not measured)
                load(browser, url, selector)
            for _ in range(loads):  # interleaved, so load from other processes hits every page alike
                for key, (url, selector) in targets.items():
                    got = load(browser, url, selector)
                    first[key].append(got["first"])
                    if got["fcp"]:
                        paint[key].append(got["fcp"])
                    info[key] = got
        finally:
            browser.close()
    button = statistics.median(first["button"])
    rows = [{"bench": "first button: bare Solara page (browser, cold cache)", "n": loads, "median_ms": button,
             "p90_ms": p90(first["button"]), "baseline": "itself", "baseline_median_ms": button, "ratio": 1.0,
             "goal": "baseline", "first_paint_ms": statistics.median(paint["button"]) if paint["button"] else -1,
             "loaded_kb": info["button"]["bytes"] / 1024}]
    for game in GAMES:
        board = statistics.median(first[game])
        biggest_bytes, biggest_url = info[game]["biggest"]
        rows.append({"bench": f"first board: app /{game} (browser, cold cache)", "n": loads, "median_ms": board,
                     "p90_ms": p90(first[game]), "baseline": "bare Solara page's first button",
                     "baseline_median_ms": button, "ratio": board / button, "goal": "ratio <= 1.5",
                     "first_paint_ms": statistics.median(paint[game]) if paint[game] else -1,
                     "loaded_kb": info[game]["bytes"] / 1024,
                     "biggest": f"{biggest_url.rsplit('/', 1)[-1]} {biggest_bytes / 1024:.0f} kB"})
    dev = statistics.median(first[DEV])
    rows.append({"bench": "first board: app /balada in Solara's development mode (browser, cold cache)", "n": loads,
                 "median_ms": dev, "p90_ms": p90(first[DEV]), "baseline": "bare Solara page's first button",
                 "baseline_median_ms": button, "ratio": dev / button,
                 "goal": "information: solara run without --production", "first_paint_ms":
                 statistics.median(paint[DEV]) if paint[DEV] else -1, "loaded_kb": info[DEV]["bytes"] / 1024,
                 "biggest": f"{info[DEV]['biggest'][1].rsplit('/', 1)[-1]} {info[DEV]['biggest'][0] / 1024:.0f} kB"})
    return rows


if __name__ == "__main__" and not os.environ.get("BENCH_CLICK_SERVING"):  # solara runs this file as __main__
    rows = run(quick="--quick" in sys.argv)
    print_rows(rows)
    for r in rows:
        print(f"  {r['bench']}: first paint {r['first_paint_ms']:.0f} ms, loaded {r['loaded_kb']:.0f} kB"
              + (f", biggest {r['biggest']}" if "biggest" in r else ""))
