"""Click or key to redrawn Heroes of Barcadia dungeon, in a real browser, against a bare Solara button.

One page (this file is also the Solara app it serves) holds a bare
``solara.Button`` that counts its clicks and the live Barcadia view at a
hand-made position: player 1 on the Starting Point, face-up rooms around it,
one bot seated. Headless Chromium, in turn:

- clicks the button (the baseline: the cheapest round trip Solara makes);
- clicks a glowing face-up room of the dungeon (a real move: the rules play
  ``p1 enter r2``, the whole view re-renders - board, decision, players, log);
- presses ArrowRight on the board (the keyboard cursor moves: the board is
  redrawn with a dashed frame);
- then presses U (undo, not measured) to start again (and clicks the button
  once more, not measured, so that the undo's last messages are out before
  the next event).

Each time is measured inside the page, from the event to the moment the new
drawing is in the DOM (a MutationObserver sees the button's new label, or
the board's ``data-version``, which changes with its SVG), so the figure is
the whole round trip: browser -> kernel -> rules and view -> browser. Two
dungeons: the 30-room "cozy" (2 players) and the 50-room "grand" (4 players,
3 bots). Goal: median board event <= 1.5 x median button click.

Run: ``python bench/bench_barcadia_click.py`` (``--quick``: fewer events). Needs
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


def make_app():
    from balada_widgets.barcadia import BarcadiaGame
    from balada_widgets.barcadia.view import BarcadiaApp
    from balada_widgets.core.session import Session

    dungeon = os.environ.get("BENCH_DUNGEON", "cozy")
    players = 2 if dungeon == "cozy" else 4
    g = BarcadiaGame(players=players, dungeon=dungeon)
    st = g.position(players={0: {"hand": ["dash", "courage"]}},
                    rooms={2: "mini-fizzicorn", 3: "puddle-pup", 5: "cerbubble", 9: "fizzing-pourtal"})
    return BarcadiaApp(players=players, bots=players - 1, session=Session(g, seed=1, state=st))


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
_TARGET = ['.bw-board-box.bw-barcadia-board', 'room', 'g.room.target[data-id="r2"]']


def _measure(dungeon: str, rounds: int) -> dict:
    times: dict[str, list[float]] = {"button": [], "room": [], "key": []}
    with served(HERE, BENCH_DUNGEON=dungeon) as url, browser_page(url, 1300, 1100) as page:
        page.locator('.bw-board-box.bw-barcadia-board g.room.target[data-id="r2"]').wait_for(timeout=60_000)
        page.locator(".bench-button").wait_for()

        def one(kind: str) -> float:
            got = page.evaluate(MEASURE_CLICK, [kind, *_TARGET])
            if got is None or got < 0:
                raise RuntimeError(f"the {kind} event did not redraw ({got})")
            return got

        for r in range(rounds + 2):  # the first two rounds warm up
            got = {"button": one("button"), "room": one("room")}
            one("u")  # undo the step (not measured)
            one("button")  # (not measured) the kernel has sent everything of the undo before the key goes
            got["key"] = one("ArrowRight")
            if r >= 2:
                for k, v in got.items():
                    times[k].append(v)
    return times


def run(quick: bool = False) -> list[dict]:
    rows = []
    for dungeon in ("cozy", "grand"):
        times = _measure(dungeon, 5 if quick else 15)
        button = statistics.median(times["button"])
        for kind, label in (("room", "click a glowing room"), ("key", "arrow key (cursor)")):
            ms = times[kind]
            med = statistics.median(ms)
            rows.append({"bench": f"{label} -> redrawn Barcadia {dungeon} dungeon (browser)", "n": len(ms),
                         "median_ms": med, "p90_ms": p90(ms),
                         "baseline": "bare Solara button", "baseline_median_ms": button, "ratio": med / button,
                         "goal": "ratio <= 1.5"})
    return rows


if __name__ == "__main__" and not os.environ.get("BENCH_CLICK_SERVING"):  # solara runs this file as __main__
    print_rows(run(quick="--quick" in sys.argv))
