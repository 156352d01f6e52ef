"""Click or key to redrawn Baldur's Gate city, in a real browser, against a bare Solara button.

One page (this file is also the Solara app it serves) holds a bare
``solara.Button`` that counts its clicks and the live Builders of Baldur's
Gate view of a seeded game (you and two greedy bots, or four houses in Czech).
Headless Chromium, in turn:

- clicks the button (the baseline: the cheapest round trip Solara makes);
- clicks a glowing location of the city (a real move: the rules play
  ``p1 worker SEA``, the whole view re-renders - city, decision, boards, log);
- presses ArrowRight on the city (the keyboard cursor moves: the city is
  redrawn with a dashed frame);
- presses B (the turn's choice narrows to the cards of the hand: the city
  loses its glowing locations, the hand and the buttons change);
- then presses U / Esc (undo / back, not measured) to start again, and clicks
  the button once more (not measured) so that those messages are out before
  the next event.

Each time is measured inside the page, from the event to the moment the new
drawing is in the DOM (a MutationObserver sees the button's new label, or
the city's ``data-version``, which changes with its SVG), so the figure is
the whole round trip: browser -> kernel -> rules and view -> browser. Goal:
median city event <= 1.5 x median button click.

Run: ``python bench/bench_baldurs_gate_click.py`` (``--quick``: fewer events).
Needs Chromium (``/usr/bin/chromium`` or ``$BALADA_CHROMIUM``) and Solara's
offline assets (``scripts/solara_offline.py``).
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


def make_app():
    from balada_widgets.baldurs_gate.view import BaldursGateApp

    players = int(os.environ.get("BENCH_PLAYERS", "3"))
    return BaldursGateApp(players=players, bots=players - 1, seed=0, language=os.environ.get("BENCH_LANGUAGE", "en"))


@solara.component
def Page():
    count, set_count = solara.use_state(0)
    app = solara.use_memo(make_app, [])
    with solara.Column() as main:
        solara.Button(f"clicks {count}", on_click=lambda: set_count(count + 1), classes=["bench-button"])
        app.element()
    return main


# ------------------------------------------------------------------ the measurement

# the board, the kind of move clicked on it and its target (see _browser.MEASURE_CLICK)
_TARGET = ['.bw-board-box.bw-bg-city', 'location', 'g.tg[data-id="L-SEA"]']


def _measure(players: int, language: str, rounds: int) -> dict:
    times: dict[str, list[float]] = {"button": [], "location": [], "key": [], "mode": []}
    with served(HERE, BENCH_PLAYERS=str(players), BENCH_LANGUAGE=language) as url, \
            browser_page(url, 1400, 1200) as page:
        page.locator('.bw-board-box.bw-bg-city g.tg[data-id="L-SEA"]').wait_for(timeout=60_000)
        page.locator(".bench-button").wait_for()

        def one(kind: str) -> float:
            got = page.evaluate(MEASURE_CLICK, [kind, *_TARGET])
            if got is None or got < 0:
                raise RuntimeError(f"the {kind} event did not redraw ({got})")
            return got

        for r in range(rounds + 2):  # the first two rounds warm up
            got = {"button": one("button"), "location": one("location")}
            one("u")  # undo the worker (not measured)
            one("button")  # (not measured) the kernel has sent everything of the undo before the key goes
            got["key"] = one("ArrowRight")
            got["mode"] = one("b")
            one("Escape")  # back to the turn's three actions (not measured)
            one("button")
            if r >= 2:
                for k, v in got.items():
                    times[k].append(v)
    return times


def run(quick: bool = False) -> list[dict]:
    rows = []
    for players, language in ((3, "en"), (4, "cs")):
        times = _measure(players, language, 5 if quick else 15)
        button = statistics.median(times["button"])
        for kind, label in (("location", "click a glowing location"), ("key", "arrow key (cursor)"),
                            ("mode", "B key (build choice)")):
            ms = times[kind]
            med = statistics.median(ms)
            rows.append({"bench": f"{label} -> redrawn Baldur's Gate city, {players} players, {language} (browser)",
                         "n": len(ms), "median_ms": med, "p90_ms": p90(ms), "baseline": "bare Solara button",
                         "baseline_median_ms": button, "ratio": med / button, "goal": "ratio <= 1.5"})
    return rows


if __name__ == "__main__" and not os.environ.get("BENCH_CLICK_SERVING"):  # solara runs this file as __main__
    print_rows(run(quick="--quick" in sys.argv))
