"""Offline: no request of the app or of a notebook with a game leaves the machine.

Two places are watched, as a class machine without internet would feel them:

- **the browser**: every request Chromium makes (pages, scripts, fonts,
  iframes, websockets) is recorded; one to a host other than loopback is
  aborted (so the test never waits on a DNS time-out) and fails the test;
- **the Python processes**: the Solara server, the JupyterLab server and the
  notebook's kernel run with an audit hook (:func:`sys.addaudithook`) that
  records every name look-up and connection to a host other than loopback
  (telemetry, update checks, "success" pings).

The notebook shows a Balada game against a bot and the first step of the
Balada tutorial. The servers start as a user starts them (``make app``'s ``solara run``, in
development mode, where Solara checks the most; ``make lab``: ``jupyter lab`` with the environment's own
configuration and settings), but with a fresh ``SOLARA_HOME`` (so Solara's
first-use checks would fire), without ``SOLARA_TELEMETRY_MIXPANEL_ENABLE`` and
without pytest's environment (Solara skips its checks under pytest): what
keeps them quiet must be the project's own doing (``balada_widgets/_offline.py``,
the Jupyter configuration ``scripts/solara_offline.py`` writes).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import playwright.sync_api
import pytest
from playwright.sync_api import expect

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
# a board that shows a game's own page has rendered (the page at the game's own path: play against a bot)
GAME_BOARDS = {"balada": ".bw-sheet-board", "balda": ".bw-balda-grid", "barcadia": ".bw-barcadia-board",
               "baldurs-gate": ".bw-bg-city"}
BOARD = ".bw-board-box"
TRACEBACK = "Traceback (most recent call last)"

# Installed in each Python process we start: write every look-up/connection off loopback to a file.
AUDIT = r"""
import json as _json, sys as _sys

def _balada_audit(event, args, _path={path!r}):
    if event in ("socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyname_ex", "socket.gethostbyaddr"):
        host = args[0]
    elif event in ("socket.connect", "socket.sendto"):
        address = args[-1]
        host = address[0] if isinstance(address, tuple) and address else None
    else:
        return
    if isinstance(host, bytes):
        host = host.decode(errors="replace")
    if not host or host == "localhost" or host == "::1" or host.startswith("127.") or host.startswith("0.0.0.0"):
        return
    with open(_path, "a") as _f:
        _f.write(_json.dumps([event, host, {where!r}]) + "\n")

_sys.addaudithook(_balada_audit)
"""


def audit_code(path: Path, where: str) -> str:
    return AUDIT.format(path=str(path), where=where)


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about", "javascript"):
        return True
    return (parts.hostname or "") in ("127.0.0.1", "localhost", "::1")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def clean_env(tmp: Path, **extra: str) -> dict:
    """The environment of a user's shell: no pytest, no telemetry switch, a Solara home never used."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("PYTEST") and k not in ("SOLARA_TELEMETRY_MIXPANEL_ENABLE", "SOLARA_APP")}
    home = tmp / "solara-home"
    home.mkdir(exist_ok=True)
    return {**env, "SOLARA_HOME": str(home), "PATH": str(Path(sys.executable).parent) + os.pathsep + env["PATH"],
            **extra}


def wait_for_port(port: int, proc: subprocess.Popen, log: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server stopped ({proc.returncode}); its log:\n{log.read_text()[-3000:]}")
        with contextlib.suppress(OSError):
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        time.sleep(0.2)
    raise RuntimeError(f"the server did not start in {timeout:.0f} s; its log:\n{log.read_text()[-3000:]}")


@contextlib.contextmanager
def python_server(code: str, args: list[str], env: dict, log: Path, port: int):
    """``python -c code args`` in its own process group, until the block ends."""
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-c", code, *args], env=env, cwd=str(ROOT), stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
        try:
            wait_for_port(port, proc, log)
            yield proc
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)


class Watch:
    """Every request of a browser context; the ones off loopback are aborted and kept."""

    def __init__(self, context: playwright.sync_api.BrowserContext):
        self.requests: list[str] = []
        self.outside: list[str] = []
        context.on("request", lambda request: self.requests.append(request.url))
        context.on("page", self._page)
        context.route(lambda url: not is_local(url), self._abort)

    def _page(self, page: playwright.sync_api.Page) -> None:
        page.on("websocket", lambda ws: self.requests.append(ws.url) if is_local(ws.url)
                else self.outside.append(f"websocket {ws.url}"))

    def _abort(self, route: playwright.sync_api.Route) -> None:
        self.outside.append(f"{route.request.resource_type} {route.request.url}")
        route.abort("blockedbyclient")


def outside_report(watch: Watch, audit_log: Path) -> list[str]:
    got = [f"browser: {line}" for line in watch.outside]
    if audit_log.exists():
        got += [f"{where}: {event} {host}" for event, host, where in
                (json.loads(line) for line in audit_log.read_text().splitlines() if line.strip())]
    return got


@pytest.fixture
def context(browser: playwright.sync_api.Browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.set_default_timeout(60_000)
    yield context
    context.close()


# -- the app -------------------------------------------------------------------------------------

SOLARA_MAIN = """
import sys
from solara.__main__ import main
sys.argv[0] = {solara!r}  # as the `solara` script runs it
sys.exit(main())
"""


def open_page(page: playwright.sync_api.Page, path: str) -> None:
    """Go to the app's page ``path`` through Solara's own router (``window.solara.router.push``), as a link does.

    A click on a link is a widget event, lost when a re-render replaces the link's widget before the kernel
    reads it (seen under load); the router push is a state change of Solara's navigator and always arrives.
    """
    # Solara's navigator defines ``window.solara.router`` when its Vue component is created, which under load can
    # come after the page's own links are drawn (seen in CI): wait for it, as a person's click waits for the page
    page.wait_for_function("() => !!(window.solara && window.solara.router && window.solara.router.push)")
    page.evaluate("path => window.solara.router.push(path)", path)
    page.wait_for_url(f"**{path}")


def make_app_args(port: int) -> list[str]:
    """The arguments ``make app`` gives ``solara`` (its Makefile recipe), on ``port``, in development mode.

    Development mode (``solara run balada_widgets/app.py`` as typed by hand) is where Solara calls home the most
    (its first-page check too), so the test serves the app that way.
    """
    logical = (ROOT / "Makefile").read_text().replace("\\\n", " ").splitlines()  # a recipe line may go on
    lines = [line for line in logical if "$(BIN)/solara run " in line]
    assert len(lines) == 1, f"expected one `$(BIN)/solara run` line in the Makefile (make app), found {lines}"
    args = (lines[0].split("$(BIN)/solara ", 1)[1].replace("$(APP_PORT)", str(port))
            .replace("$(APP_HOST)", "127.0.0.1").split())
    assert "--no-check-version" in args, "`make app` must not ask pypi.org for Solara's latest version"
    return [arg for arg in args if arg != "--production"]


def test_the_binder_app_asks_no_version():
    command = json.loads((ROOT / "binder" / "balada-app.json").read_text())["ServerProxy"]["servers"]["balada-app"]
    assert "--no-check-version" in command["command"], "Binder's app must not ask pypi.org for Solara's version"


def test_app_pages_stay_on_the_machine(context, tmp_path):
    audit_log = tmp_path / "audit.jsonl"
    port = free_port()
    code = audit_code(audit_log, "solara server") + SOLARA_MAIN.format(
        solara=str(Path(sys.executable).with_name("solara")))
    args = make_app_args(port)
    watch = Watch(context)
    page = context.new_page()
    t0 = time.monotonic()
    with python_server(code, args, clean_env(tmp_path), tmp_path / "solara.log", port):
        page.goto(f"http://127.0.0.1:{port}/")  # the home page, loaded as a visitor does
        page.locator(".bw-home a[href]").first.wait_for()
        page.wait_for_load_state("networkidle")
        paths = page.evaluate("[...new Set([...document.querySelectorAll('.bw-home a[href]')]"
                              ".map(a => a.getAttribute('href')))]")
        assert {f"/{game}" for game in GAME_BOARDS} <= set(paths), f"the home page links to {paths}"
        from balada_widgets.app import CLASS_TITLES, PAGES

        titles = {f"/{p.path}": p.title for p in PAGES} | {f"/{path}": title for path, title in CLASS_TITLES.items()}
        for path in paths:  # every page the home page offers, reached through Solara's router as a link would
            open_page(page, path)
            # rendered: the page set its title (solara.Title), or it shows a traceback
            page.wait_for_function("([title, tb]) => document.title === title || document.body.innerText.includes(tb)",
                                   arg=[titles[path], TRACEBACK])
            if page.get_by_text(TRACEBACK).count():
                pytest.fail(f"the page {path} shows a traceback:\n{page.locator('body').inner_text()[-2000:]}")
            if path.strip("/") in GAME_BOARDS:
                page.locator(f"{BOARD}{GAME_BOARDS[path.strip('/')]}").first.wait_for()
            page.wait_for_load_state("networkidle")
            print(f"{time.monotonic() - t0:.1f} s: {path}")
    loaded = [url for url in watch.requests if "/static/" in url or "/_solara/cdn/" in url]
    assert len(loaded) > 5, f"the app's assets were not seen loading: {watch.requests[:20]}"
    outside = outside_report(watch, audit_log)
    assert not outside, "requests left the machine:\n" + "\n".join(outside)


# -- JupyterLab ----------------------------------------------------------------------------------

LAB_MAIN = """
import sys
from jupyterlab.labapp import main
sys.argv[0] = "jupyter-lab"
sys.exit(main())
"""


def _conftest():
    """The loaded ``tests/browser/conftest.py`` (its JupyterLab runner)."""
    path = str(HERE / "conftest.py")
    for module in list(sys.modules.values()):
        if getattr(module, "__file__", None) == path:
            return module
    raise RuntimeError("tests/browser/conftest.py is not loaded")


class _LabServer:
    """What the JupyterLab runner needs of a server."""

    def __init__(self, base_url: str, notebook_path: Path, state_dir: Path):
        self.base_url = base_url
        self.notebook_path = str(notebook_path)
        self.state_dir = state_dir
        self.loads = 0


def test_notebook_with_a_game_stays_on_the_machine(context, tmp_path, pytestconfig, widget_errors):
    conftest = _conftest()
    audit_log = tmp_path / "audit.jsonl"
    port = free_port()
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    runtime = tmp_path / "runtime"
    # the environment's own Jupyter configuration and settings (only user-level folders are fresh)
    env = clean_env(tmp_path, JUPYTER_RUNTIME_DIR=str(runtime), JUPYTER_CONFIG_DIR=str(tmp_path / "jupyter-config"),
                    JUPYTERLAB_SETTINGS_DIR=str(tmp_path / "lab-settings"),
                    JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "lab-workspaces"))
    args = ["--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
            "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.allow_root=True",
            f"--ServerApp.root_dir={notebooks}"]
    watch = Watch(context)
    page = context.new_page()
    kernel_errors = conftest.KernelErrors(tmp_path / "kernel-errors.jsonl")
    widget_errors.sources.append(kernel_errors.take)
    server = _LabServer(f"http://127.0.0.1:{port}", notebooks / "game.ipynb", tmp_path)
    runner = conftest.JupyterLab4Runner(server, page, pytestconfig.getoption("solara_vuetify_warmup"), kernel_errors,
                                        kernel_errors.setup_code(widget_errors.installer))

    def kernel_code():
        exec(kernel_audit)  # noqa: F821 (from locals): before anything imports solara
        from balada_widgets import balada

        display(balada.new_game(players=2, bots=1, seed=3))  # noqa: F821 (IPython's display)
        display(balada.tutorial.step())  # noqa: F821  the tutorial's first step: Markdown prose and a board

    try:
        with python_server(audit_code(audit_log, "JupyterLab server") + LAB_MAIN, args, env,
                           tmp_path / "jupyterlab.log", port):
            runner(kernel_code, locals={"kernel_audit": audit_code(audit_log, "notebook kernel")})
            expect(page.locator(f".jp-OutputArea {BOARD}")).not_to_have_count(0)
            page.get_by_text("Step 1 of").first.wait_for()
            page.wait_for_load_state("networkidle")
            # a user who answers "yes" to JupyterLab's "fetch news?" prompt: the server must not fetch either
            for api in ("news", "update"):
                response = page.request.get(f"{server.base_url}/lab/api/{api}")
                assert response.ok, f"/lab/api/{api}: {response.status}"
            config = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent)")
            assert config.get("news", {}).get("disabled") is True, "JupyterLab's news feed is on"
    finally:
        widget_errors.sources.remove(kernel_errors.take)
    assert any("/lab/extensions/" in url for url in watch.requests), "JupyterLab's extensions were not seen loading"
    outside = outside_report(watch, audit_log)
    assert not outside, "requests left the machine:\n" + "\n".join(outside)
