"""What the browser benchmarks share: serve a Solara page, drive Chromium, print rows.

Each ``bench_*click.py`` is both the Solara app it serves (its ``Page``) and
the script that measures it; this module holds the plumbing around them.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def chromium() -> str:
    return os.environ.get("BALADA_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


@contextlib.contextmanager
def served(app_file: Path, production: bool = True, **env_extra: str):
    """``solara run app_file`` on a free local port; yields the page URL, stops the server after.

    ``production=False``: Solara's development mode (unminified front end, auto-restart), as ``make app`` serves.
    """
    port = free_port()
    solara_bin = Path(sys.executable).with_name("solara")
    env = {**os.environ, "SOLARA_TELEMETRY_MIXPANEL_ENABLE": "false", "BENCH_CLICK_SERVING": "1", **env_extra}
    proc = subprocess.Popen([str(solara_bin), "run", str(app_file), "--host", "127.0.0.1", "--port", str(port),
                             "--no-open", *(["--production"] if production else []), "--no-check-version"], env=env, cwd=str(app_file.parent.parent),
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("solara run did not start") from None
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@contextlib.contextmanager
def browser_page(url: str, width: int, height: int):
    """A headless Chromium page opened on ``url``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(url)
            yield page
        finally:
            browser.close()


def p90(xs):
    return sorted(xs)[int(0.9 * (len(xs) - 1))]


def print_rows(rows):
    for r in rows:
        print(f"{r['bench']}: n={r['n']} median {r['median_ms']:.1f} ms p90 {r['p90_ms']:.1f} ms | baseline "
              f"({r['baseline']}) median {r['baseline_median_ms']:.1f} ms | ratio {r['ratio']:.2f}x | goal {r['goal']}")


#: The click -> redraw measurement of a game board beside the bench's ``.bench-button`` (run in the page with
#: ``page.evaluate(MEASURE_CLICK, [kind, board, target_kind, target])``): ``kind`` ``"button"`` clicks the bare
#: button (the baseline), ``target_kind`` clicks the first element matching the CSS selector ``target`` in the
#: board ``board``, any other kind is a key pressed on the board. Resolves to the milliseconds until the button's
#: text or the board's ``data-version`` changed (-1 after 15 s; ``null`` when the target is missing).
MEASURE_CLICK = """
async ([kind, boardSelector, targetKind, targetSelector]) => {
  const board = document.querySelector(boardSelector);
  const button = document.querySelector('.bench-button');
  let fire, done, root;
  if (kind === 'button') {
    const before = button.textContent;
    done = () => button.textContent !== before;
    root = button;
    fire = () => button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
  } else {
    const before = board.dataset.version;
    done = () => board.dataset.version !== before;
    root = board;
    if (kind === targetKind) {
      const target = board.querySelector(targetSelector);
      if (!target) return null;
      fire = () => target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
    } else {
      fire = () => board.dispatchEvent(new KeyboardEvent('keydown', { key: kind, bubbles: true, cancelable: true }));
    }
  }
  return await new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      if (done()) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    const t0 = performance.now();
    fire();
    setTimeout(() => { obs.disconnect(); resolve(-1); }, 15000);
  });
}
"""
