"""Click to redrawn board, in a real browser: the Balada board against a bare Solara button.

One page (this file is also the Solara app it serves) holds a bare
``solara.Button`` that counts its clicks, a bare one-rectangle ``SvgBoard``
that counts its taps (the floor of the kit's board), and the live Balada view
of a solo game. Headless Chromium clicks, in turn, the button and a highlighted space of
the board (a real placement: the rules check it, the next cards are flipped,
the whole view re-renders). Each time is measured inside the page, from the
click event to the moment the new drawing is in the DOM (a MutationObserver
sees the button's new label, or the board's ``data-version`` that is set
after the new SVG), so the figure is the whole round trip: browser → kernel →
rules and rendering → browser.

The bare button is the baseline: the cheapest round trip Solara makes. Goal:
median board click <= 1.5 x median button click.

Run: ``python bench/bench_click.py`` (``--quick``: fewer clicks). Needs
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
from _browser import browser_page, p90, print_rows, served  # noqa: E402  (bench/ is not a package)

# ------------------------------------------------------------------ the page (when served by solara)


@solara.component
def Page():
    from balada_widgets.balada.view import BaladaApp

    from balada_widgets.kit import svg
    from balada_widgets.ui.board import Board

    count, set_count = solara.use_state(0)
    taps, set_taps = solara.use_state(0)
    app = solara.use_memo(lambda: BaladaApp(players=1, seed=int(os.environ.get("BENCH_SEED", "1"))), [])
    with solara.Column() as main:
        with solara.Row():
            solara.Button(f"clicks {count}", on_click=lambda: set_count(count + 1), classes=["bench-button"])
            with solara.Div(style={"width": "120px"}):
                Board(svg=svg.svg([svg.rect(0, 0, 100, 30, fill="#ddd", data_id="tap"), svg.text(10, 20, f"taps {taps}")],
                                  100, 30), on_click=lambda _id: set_taps(taps + 1), class_name="bench-bare-board",
                      version=taps)
        app.element()
    return main


# ------------------------------------------------------------------ the measurement

_MEASURE = """
async ([kind]) => {
  const sheet = document.querySelector('.bw-board-box.bw-sheet-board');
  const button = document.querySelector('.bench-button');
  let target, done, root;
  if (kind === 'bare') {
    const bare = document.querySelector('.bw-board-box.bench-bare-board');
    target = bare.querySelector('[data-id=tap]');
    const before = bare.dataset.version;
    done = () => bare.dataset.version !== before;
    root = bare;
  } else if (kind === 'board') {
    target = sheet.querySelector('g.space.legal');
    if (!target) return null;
    const before = sheet.dataset.version;
    done = () => sheet.dataset.version !== before;
    root = sheet;
  } else {
    target = button;
    const before = button.textContent;
    done = () => button.textContent !== before;
    root = button;
  }
  return await new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      if (done()) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    const t0 = performance.now();
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
    setTimeout(() => { obs.disconnect(); resolve(-1); }, 15000);
  });
}
"""


def run(quick: bool = False) -> list[dict]:
    clicks = 6 if quick else 20
    board_ms: list[float] = []
    button_ms: list[float] = []
    bare_ms: list[float] = []
    legal = ".bw-board-box.bw-sheet-board g.space.legal"
    with served(HERE) as url, browser_page(url, 1100, 900) as page:
        page.locator(legal).first.wait_for(timeout=60_000)
        page.locator(".bench-button").wait_for()

        def one(kind: str) -> float:
            if kind == "board" and page.locator(legal).count() == 0:
                # the 12 spaces are full: start the round again (not measured)
                page.locator(".bw-restart").click()
                page.locator(legal).first.wait_for()
            got = page.evaluate(_MEASURE, [kind])
            if got is None or got < 0:
                status = page.locator(".bw-status").first.inner_text()
                raise RuntimeError(f"the {kind} click did not redraw ({got}; {status!r})")
            return got

        for _ in range(3):  # warm up every path
            one("button")
            one("bare")
            one("board")
        for _ in range(clicks):
            button_ms.append(one("button"))
            bare_ms.append(one("bare"))
            board_ms.append(one("board"))
    board, button, bare = statistics.median(board_ms), statistics.median(button_ms), statistics.median(bare_ms)
    return [{"bench": "click -> redrawn Balada board (browser)", "n": len(board_ms), "median_ms": board,
             "p90_ms": p90(board_ms), "baseline": "bare Solara button", "baseline_median_ms": button,
             "ratio": board / button, "goal": "ratio <= 1.5"},
            {"bench": "click -> redrawn bare SvgBoard (the kit's floor)", "n": len(bare_ms), "median_ms": bare,
             "p90_ms": p90(bare_ms), "baseline": "bare Solara button", "baseline_median_ms": button,
             "ratio": bare / button, "goal": "information"}]


if __name__ == "__main__" and not os.environ.get("BENCH_CLICK_SERVING"):  # solara runs this file as __main__
    print_rows(run(quick="--quick" in sys.argv))
