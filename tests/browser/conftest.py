"""Real-browser test harness: Debian's Chromium through Playwright, Solara and JupyterLab 4.

Every test in this folder is marked ``browser``.  Write a browser test with
pytest-ipywidgets' fixtures:

- ``solara_test`` + ``page_session``: the test body runs in this process and
  displays widgets in a Solara page the browser shows.
- ``ipywidgets_runner`` + ``page_session``: ``ipywidgets_runner(f)`` runs the
  body of ``f`` in each runner named in ``SOLARA_TEST_RUNNERS`` (default here:
  ``solara,jupyter_lab``); ``jupyter_lab`` is the JupyterLab 4 runner below, as
  the stock one does not work with JupyterLab 4.6.
- ``jupyter_lab_runner``: the JupyterLab 4 runner alone; ``notebook7_runner``:
  the same in Notebook 7.

Exceptions in widget callbacks fail the test (see ``tests/conftest.py``), in
this process and, for the JupyterLab runner, in the notebook's kernel.
"""

from __future__ import annotations

import contextlib
import inspect
import json
import os
import re
import shutil
import signal
import subprocess
import sysconfig
import time
from pathlib import Path
from typing import Any, Callable

import playwright.sync_api
import pytest

# pytest-ipywidgets starts `jupyter` and `voila` through PATH: use this environment's.
_BIN = sysconfig.get_path("scripts")
if os.environ.get("PATH", "").split(os.pathsep)[0] != _BIN:
    os.environ["PATH"] = _BIN + os.pathsep + os.environ.get("PATH", "")

import solara.test.pytest_plugin as solara_plugin  # noqa: E402

CHROMIUM = os.environ.get("BALADA_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
RUNNERS = [r.strip() for r in os.environ.get("SOLARA_TEST_RUNNERS", "solara,jupyter_lab").split(",") if r.strip()]
# JupyterLab settings for the test server: no news or update pop-ups over the notebook.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false", "checkForUpdates": False},
}
HERE = Path(__file__).parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: `make test` installs it (apt-get install chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


# -- JupyterLab 4 -----------------------------------------------------------------------------


class JupyterLab4Server(solara_plugin.ServerJupyter):
    """``jupyter lab`` in a subprocess, isolated from the user's settings and workspaces."""

    def __init__(self, notebook_path: str, port: int, host: str, state_dir: Path):
        super().__init__(notebook_path, port, host)
        self.state_dir = state_dir
        self.log_path = state_dir / "jupyterlab.log"
        self.loads = 0  # notebook page loads, for unique URLs and screenshot names

    def serve(self):
        if self.has_started():
            raise RuntimeError(f"something already serves {self.base_url}: `lsof -i :{self.port}` names it")
        settings_dir = self.state_dir / "settings"
        for name, values in LAB_SETTINGS.items():
            path = settings_dir / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values))
        env = {
            **os.environ,
            "JUPYTERLAB_SETTINGS_DIR": str(settings_dir),
            "JUPYTERLAB_WORKSPACES_DIR": str(self.state_dir / "workspaces"),
            "SOLARA_TELEMETRY_MIXPANEL_ENABLE": "false",
        }
        cmd = [
            shutil.which("jupyter", path=_BIN) or "jupyter",
            "lab",
            "--no-browser",
            f"--ServerApp.ip={self.host}",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            "--ServerApp.token=",
            "--ServerApp.password=",
            "--ServerApp.allow_root=True",
            f"--ServerApp.root_dir={Path(self.notebook_path).parent}",
        ]
        self.log = open(self.log_path, "wb")
        # its own process group, so stopping it also stops the kernels it started
        self.popen = subprocess.Popen(cmd, env=env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        self.started.set()

    def signal_stop(self):
        if self.popen is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.popen.pid, signal.SIGTERM)
        try:
            self.popen.wait(10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.popen.pid, signal.SIGKILL)
            self.popen.wait(5)
        self.log.close()


@pytest.fixture(scope="session")
def jupyter_lab_server(pytestconfig: Any, tmp_path_factory: pytest.TempPathFactory):
    state_dir = tmp_path_factory.mktemp("jupyterlab")
    notebook_path = state_dir / "notebooks" / "notebook.ipynb"
    notebook_path.parent.mkdir()
    solara_plugin.write_notebook(["print('hello')"], str(notebook_path))
    server = JupyterLab4Server(
        str(notebook_path), pytestconfig.getoption("--jupyter-port"), pytestconfig.getoption("--solara-host"), state_dir
    )
    try:
        server.serve_threaded()
        try:
            server.wait_until_serving(solara_plugin.SUBPROCESS_SERVER_START_TIMEOUT)
        except Exception as e:
            raise RuntimeError(f"JupyterLab did not start; its log:\n{server.log_path.read_text()[-3000:]}") from e
        yield server
    finally:
        server.stop_serving()


class KernelErrors:
    """Exceptions in the notebook kernel, reported through a file of JSON lines.

    ``setup_code`` installs the widget-callback recorder of ``tests/conftest.py``
    in the kernel, plus a handler for exceptions raised by a cell; ``take``
    returns what the kernel reported since the last call.
    """

    def __init__(self, path: Path):
        self.path = path
        path.write_text("")

    def setup_code(self, installer: Callable) -> str:
        return f"""
def _balada_error_sink(exc, where, _path={str(self.path)!r}):
    import json, traceback
    with open(_path, "a") as f:
        f.write(json.dumps(where + ":\\n" + "".join(traceback.format_exception(exc))) + "\\n")

def _balada_cell_error(shell, etype, evalue, tb, tb_offset=None):
    _balada_error_sink(evalue, "notebook cell")
    shell.showtraceback((etype, evalue, tb), tb_offset=tb_offset)

get_ipython().set_custom_exc((Exception,), _balada_cell_error)
{inspect.getsource(installer)}
{installer.__name__}(_balada_error_sink)
"""

    def take(self) -> list[str]:
        lines = self.path.read_text().splitlines()
        if lines:
            self.path.write_text("")
        return [f"(in the JupyterLab kernel) {json.loads(line)}" for line in lines if line.strip()]


class JupyterLab4Runner:
    """Run a test function's body as a notebook cell in JupyterLab 4.

    ``runner(f, locals={...})`` writes a notebook with a set-up cell (working
    directory, error reporting, ``locals``, the Vuetify warm-up) and the body of
    ``f``, opens it, waits for an idle kernel, and runs both cells with the
    toolbar's run button.  JupyterLab may ignore the first click after loading
    (and still move the selection on), so each cell is selected before its
    click, and a click that does not start the cell is repeated; a dialog over
    the notebook is accepted (and printed).  A cell that raises fails the test
    at once, with the kernel's traceback.
    """

    CELLS = ".jp-NotebookPanel .jp-Notebook .jp-Cell"
    RUN = '.jp-NotebookPanel-toolbar [data-command="notebook:run-cell-and-select-next"]'

    def __init__(self, server: JupyterLab4Server, page, warmup: bool, kernel_errors: KernelErrors, setup_code: str,
                 ui: str = "lab"):
        self.ui = ui  # "lab": JupyterLab; "notebook": Notebook 7 (the same server, the same notebook DOM)
        self.server = server
        self.page = page
        self.warmup = warmup
        self.kernel_errors = kernel_errors
        self.setup_code = setup_code

    def _prompt_text(self, index: int) -> str:
        # textContent, not innerText: JupyterLab does not lay out cells scrolled out of view
        return (self.page.locator(self.CELLS).nth(index).locator(".jp-InputPrompt").text_content() or "").strip()

    def _wait_prompt(self, index: int, pattern: str, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if re.fullmatch(pattern, self._prompt_text(index)):
                return True
            time.sleep(0.05)
        return False

    def _fail(self, message: str) -> None:
        shot = self.server.state_dir / f"failed-load-{self.server.loads}.png"
        self.page.screenshot(path=shot)
        dialogs = [" ".join(text.split()) for text in self.page.locator(".jp-Dialog").all_inner_texts()]
        if dialogs:
            message += f"; JupyterLab shows a dialog: {' | '.join(dialogs)}"
        raise AssertionError(f"{message} (screenshot: {shot})")

    def _accept_dialogs(self) -> None:
        """Accept a dialog JupyterLab put over the notebook (seen once under load), and say so."""
        for _ in range(3):
            dialog = self.page.locator(".jp-Dialog")
            if not dialog.count():
                return
            text = " ".join(" ".join(dialog.all_inner_texts()).split())
            print(f"JupyterLab runner: accepting the dialog {text!r}")  # shown with a failing test's output
            with contextlib.suppress(playwright.sync_api.Error):
                dialog.locator(".jp-Dialog-button.jp-mod-accept").first.click(timeout=5_000)
                dialog.first.wait_for(state="detached", timeout=5_000)

    def _run_cell(self, index: int, attempts: int = 4) -> None:
        """Run cell ``index`` and wait until it is done; fail on an exception in the kernel."""
        for _ in range(attempts):
            self._accept_dialogs()
            try:
                self.page.locator(self.CELLS).nth(index).locator(".jp-InputPrompt").click(timeout=10_000)  # select
                self.page.locator(self.RUN).click(timeout=10_000)
            except playwright.sync_api.Error as error:
                self._fail(f"could not click to run cell {index}: {error.message.splitlines()[0]}")
            if self._wait_prompt(index, r"\[(\*|\d+)\]:", timeout=3):
                break
        else:
            self._fail(f"JupyterLab did not run cell {index} after {attempts} clicks")
        if not self._wait_prompt(index, r"\[\d+\]:", timeout=solara_plugin.TIMEOUT * 3):
            self._fail(f"cell {index} still runs in JupyterLab after {solara_plugin.TIMEOUT * 3:.0f} s")
        errors = self.kernel_errors.take()
        if errors:
            raise AssertionError(f"cell {index} raised in the JupyterLab kernel:\n\n" + "\n".join(errors))

    def __call__(self, f: Callable, locals: dict = {}) -> None:  # noqa: B006 (the plugin's signature)
        page = self.page
        setup = f"import os\nos.chdir({str(Path(f.__code__.co_filename).parent)!r})\n" + self.setup_code
        setup += "".join(f"{name} = {value!r}\n" for name, value in locals.items())
        if self.warmup:
            setup += (
                "import ipyvuetify as v\n"
                "display(v.Btn(children=['Warmup js/css/fonts', v.Icon(children=['mdi-check'])],"
                " class_='solara-warmup-widget'))\n"
            )
        solara_plugin.write_notebook([setup, solara_plugin.code_from_function(f)], self.server.notebook_path)
        name = Path(self.server.notebook_path).name
        self.server.loads += 1
        if self.ui == "notebook":
            page.goto(f"{self.server.base_url}/notebooks/{name}?v={self.server.loads}")
        else:
            page.goto(f"{self.server.base_url}/lab/workspaces/balada-test/tree/{name}?reset&v={self.server.loads}")
        page.locator(self.CELLS).nth(1).wait_for()
        page.locator('.jp-NotebookPanel [data-status="idle"]').first.wait_for()
        self._run_cell(0)
        if self.warmup:
            page.locator(".solara-warmup-widget").wait_for()
            page.evaluate("document.fonts.ready")
        self._run_cell(1)


@contextlib.contextmanager
def _notebook_runner(ui: str, server, page_session, pytestconfig, widget_errors):
    kernel_errors = KernelErrors(server.state_dir / "kernel-errors.jsonl")
    widget_errors.sources.append(kernel_errors.take)
    try:
        yield JupyterLab4Runner(
            server,
            page_session,
            pytestconfig.getoption("solara_vuetify_warmup"),
            kernel_errors,
            kernel_errors.setup_code(widget_errors.installer),
            ui=ui,
        )
    finally:
        widget_errors.sources.remove(kernel_errors.take)
        page_session.goto("about:blank")


@pytest.fixture
def jupyter_lab_runner(jupyter_lab_server, page_session, pytestconfig, widget_errors):
    """The JupyterLab 4 runner: ``jupyter_lab_runner(f)`` runs ``f``'s body in a notebook."""
    with _notebook_runner("lab", jupyter_lab_server, page_session, pytestconfig, widget_errors) as runner:
        yield runner


@pytest.fixture
def notebook7_runner(jupyter_lab_server, page_session, pytestconfig, widget_errors):
    """The same, in Notebook 7's single-document page (``/notebooks/...``) served by the same server."""
    with _notebook_runner("notebook", jupyter_lab_server, page_session, pytestconfig, widget_errors) as runner:
        yield runner


@pytest.fixture(params=RUNNERS)
def ipywidgets_runner(request: pytest.FixtureRequest, page_session, pytestconfig):
    """pytest-ipywidgets' runner fixture, with the JupyterLab 4 runner as ``jupyter_lab``."""
    warmup = pytestconfig.getoption("solara_vuetify_warmup")
    if request.param == "solara":
        server, app = request.getfixturevalue("solara_server"), request.getfixturevalue("solara_app")
        with solara_plugin.create_runner_solara(server, app, page_session, warmup) as run:
            yield run
    elif request.param == "jupyter_lab":
        yield request.getfixturevalue("jupyter_lab_runner")
    elif request.param == "voila":
        voila = request.getfixturevalue("voila_server")
        yield solara_plugin.create_runner_voila(voila, voila.notebook_path, page_session, warmup)
    else:
        raise pytest.UsageError(f"unknown runner {request.param!r} in SOLARA_TEST_RUNNERS (solara, jupyter_lab, voila)")
