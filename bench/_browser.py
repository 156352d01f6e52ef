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
