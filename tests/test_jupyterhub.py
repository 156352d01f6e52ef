"""JupyterHub on loopback: 5 students log in, open the start notebook and play a move (slow).

The hub runs ``deploy/jupyterhub/local/jupyterhub_config.py`` unchanged (the
dummy authenticator: any name logs in; the simple local-process spawner: each
student's Jupyter server is a process of this environment), with its proxy
``configurable-http-proxy`` from npm, which ``make setup`` links into the venv:
nothing is fetched here.

Each student does over HTTP what a browser does: the login form (the hub starts
the student's server), JupyterLab's page for ``notebooks/00_start_here.ipynb``
through the proxy (the hub's OAuth hand-over sets the server's cookie), the
notebook file through the contents API, a kernel session for it. Then, instead of
a browser per student (five Chromium pages would not fit beside five servers on
two cores), the kernel runs what the page would: the notebook's cells down to
its Balada game (``balada.new_game(...)``, whose live board is sent as a widget), then a move
through the Python API (``app.play(move)``); the test reads the move back from
the kernel. One student also opens the standalone app through
jupyter-server-proxy (``/user/<name>/balada-app/``), as configured for Binder, once
the kernels run (a kernel starting at the same moment could take the port the proxy
picked for the app).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
CONFIG = REPO / "deploy" / "jupyterhub" / "local" / "jupyterhub_config.py"
START = "notebooks/00_start_here.ipynb"
BIN = Path(sys.executable).parent
STUDENTS = [f"student{i}" for i in range(1, 6)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(predicate, timeout: float, what: str, interval: float = 0.25):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = predicate()
        if got:
            return got
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


class Hub:
    def __init__(self, url: str, token: str, log: Path, proc: subprocess.Popen):
        self.url, self.token, self.log, self.proc = url, token, log, proc

    def api(self, method: str, path: str, **kw):
        import httpx

        r = httpx.request(method, f"{self.url}hub/api/{path}", headers={"Authorization": f"token {self.token}"},
                          timeout=60, **kw)
        return r

    def log_tail(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    jupyterhub = BIN / "jupyterhub"
    chp = BIN / "configurable-http-proxy"
    if not jupyterhub.exists():
        pytest.fail(f"no {jupyterhub}: `make setup` installs JupyterHub (pyproject's test extra)")
    if not chp.exists():
        pytest.fail(f"no {chp}: `make setup` installs configurable-http-proxy from npm into the venv")
    state = tmp_path_factory.mktemp("hub")
    port = free_port()
    token = secrets.token_hex(32)
    env = {
        **os.environ,
        "BALADA_HUB_STATE": str(state),
        "BALADA_HUB_PORT": str(port),
        "BALADA_HUB_API_PORT": str(free_port()),
        "BALADA_HUB_INTERNAL_PORT": str(free_port()),
        "BALADA_HUB_API_TOKEN": token,
        "PATH": os.pathsep.join([str(BIN), os.environ.get("PATH", "")]),
    }
    log = state / "jupyterhub.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([str(jupyterhub), "-f", str(CONFIG)], cwd=str(state), env=env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    hub = Hub(f"http://127.0.0.1:{port}/", token, log, proc)
    try:
        import httpx

        def up():
            if proc.poll() is not None:
                raise AssertionError(f"jupyterhub stopped:\n{hub.log_tail()}")
            with contextlib.suppress(httpx.HTTPError):
                return hub.api("GET", "").status_code == 200
            return False

        t0 = time.monotonic()
        _wait(up, 60, "the hub")
        print(f"\nthe hub answers after {time.monotonic() - t0:.1f} s")
        yield hub
    finally:
        # the hub stops the students' servers (cleanup_servers); then anything left of its group
        pids = []
        with contextlib.suppress(Exception):
            for user in hub.api("GET", "users").json():
                server = (user.get("servers") or {}).get("", {})
                pid = (server.get("state") or {}).get("pid")
                if pid:
                    pids.append(pid)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)
        for pid in pids:  # a student's server the hub could not stop
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGKILL)
        shutil.rmtree(state / "home", ignore_errors=True)


# ------------------------------------------------------------------ one student


def cells_to_the_game(notebook: dict) -> list[str]:
    """The start notebook's code cells, in order, up to its first Balada game (``balada.new_game(...)``)."""
    cells = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        cells.append(source)
        if "balada.new_game(" in source:
            return cells
    raise AssertionError("the start notebook has no Balada game cell")


MOVE = """
import json
app = _
g, s = app.game, app.session
seat = next(p for p in g.to_move(s.state) if p not in app.bots)
before = len(s.history)
move = g.legal_moves(g.view(s.state, seat), seat)[0]
refusal = app.play(move)
print(json.dumps({"refusal": refusal, "before": before, "after": len(s.history), "move": g.move_to_text(move)}))
"""

async def execute(ws, code: str, timeout: float = 120) -> dict:
    """Run ``code`` in the kernel behind ``ws``; its outputs by kind and the reply's status."""
    msg_id = uuid.uuid4().hex
    await ws.send(json.dumps({
        "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": "student", "session": msg_id,
                   "date": "", "version": "5.3"},
        "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
        "content": {"code": code, "silent": False, "store_history": True, "user_expressions": {},
                    "allow_stdin": False, "stop_on_error": True},
    }))
    out = {"stdout": "", "data": [], "errors": [], "status": None, "comms": 0}
    idle = False
    deadline = time.monotonic() + timeout
    while not (idle and out["status"]):
        raw = await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic()))
        if isinstance(raw, bytes):  # binary frames carry widget buffers: the JSON part comes first
            import struct

            n = struct.unpack("!i", raw[:4])[0]
            offsets = list(struct.unpack("!" + "I" * n, raw[4:4 * (n + 1)])) + [None]
            raw = raw[offsets[0]:offsets[1]].decode()
        m = json.loads(raw)
        if m.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        kind, content = m["header"]["msg_type"], m["content"]
        if kind == "stream" and content["name"] == "stdout":
            out["stdout"] += content["text"]
        elif kind == "stream":
            out["errors"].append(content["text"])
        elif kind in ("execute_result", "display_data"):
            out["data"].append(content["data"])
        elif kind == "error":
            out["errors"].append("\n".join(content["traceback"]))
        elif kind == "comm_open":
            out["comms"] += 1
        elif kind == "status" and content["execution_state"] == "idle":
            idle = True
        elif kind == "execute_reply":
            out["status"] = content["status"]
    return out


def cookie(web, name: str, path: str) -> str:
    """The value of cookie ``name`` set for a path under ``path`` (the hub and each server set their own)."""
    for c in web.cookies.jar:
        if c.name == name and (c.path or "/").startswith(path):
            return c.value
    raise AssertionError(f"no {name} cookie for {path}: {[(c.name, c.path) for c in web.cookies.jar]}")


def student(hub: Hub, name: str) -> dict:
    import httpx

    timings = {}
    t0 = time.monotonic()
    with httpx.Client(base_url=hub.url, follow_redirects=True, timeout=120) as web:
        # the login form: the hub's XSRF cookie and field, any name, no password; the hub then spawns the server
        login = web.get("hub/login")
        assert login.status_code == 200, login.text[:300]
        xsrf = cookie(web, "_xsrf", "/hub")
        r = web.post("hub/login", data={"username": name, "password": "", "_xsrf": xsrf})
        assert r.status_code == 200, f"{name}: login gave {r.status_code}"
        _wait(lambda: hub.api("GET", f"users/{name}").json()["servers"].get("", {}).get("ready"), 120,
              f"{name}'s server")
        timings["login_and_spawn_s"] = time.monotonic() - t0
        # the start notebook in JupyterLab, through the proxy and the hub's OAuth hand-over
        page = web.get(f"user/{name}/lab/tree/{START}")
        assert page.status_code == 200 and "JupyterLab" in page.text, f"{name}: {page.status_code} {page.url}"
        assert str(page.url).endswith(f"/user/{name}/lab/tree/{START}"), page.url
        contents = web.get(f"user/{name}/api/contents/{START}")
        assert contents.status_code == 200, contents.text[:300]
        notebook = contents.json()["content"]
        cells = cells_to_the_game(notebook)
        # a kernel session for the notebook, as JupyterLab opens it (the server's XSRF cookie in a header)
        xsrf = cookie(web, "_xsrf", f"/user/{name}")
        session = web.post(f"user/{name}/api/sessions", headers={"X-XSRFToken": xsrf or ""},
                           json={"path": START, "name": Path(START).name, "type": "notebook",
                                 "kernel": {"name": "python3"}})
        assert session.status_code == 201, f"{name}: sessions gave {session.status_code} {session.text[:300]}"
        kernel_id = session.json()["kernel"]["id"]
        cookies = "; ".join(f"{c.name}={c.value}" for c in web.cookies.jar)
        timings["notebook_open_s"] = time.monotonic() - t0 - timings["login_and_spawn_s"]

    async def play():
        import websockets

        url = f"ws://{hub.url.split('://')[1]}user/{name}/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}"
        async with websockets.connect(url, additional_headers={"Cookie": cookies}, max_size=None,
                                      open_timeout=60) as ws:
            for code in cells[:-1]:  # the cells above the game, as a student runs them
                before = await execute(ws, code)
                assert before["status"] == "ok" and not before["errors"], f"{name}: {code!r}: {before['errors']}"
            game = await execute(ws, cells[-1])
            move = await execute(ws, MOVE)
        return game, move

    t1 = time.monotonic()
    game, move = asyncio.run(play())
    timings["game_cell_and_move_s"] = time.monotonic() - t1
    return {"name": name, "game": game, "move": move, "timings": timings}


def open_app(hub: Hub, name: str):
    """Log in again (the server is running) and open the standalone app through jupyter-server-proxy."""
    import httpx

    with httpx.Client(base_url=hub.url, follow_redirects=True, timeout=180) as web:
        web.get("hub/login")
        web.post("hub/login", data={"username": name, "password": "", "_xsrf": cookie(web, "_xsrf", "/hub")})
        return web.get(f"user/{name}/balada-app/")


def student_rss_mb(user: dict) -> float:
    """The resident memory of a student's server and its children (the kernel), from the spawner's pid."""
    import psutil

    pid = (user["servers"][""].get("state") or {}).get("pid")
    if not pid:
        return float("nan")
    proc = psutil.Process(pid)
    return sum(p.memory_info().rss for p in [proc, *proc.children(recursive=True)]) / 2**20


def test_five_students_log_in_open_the_start_notebook_and_play_a_move(hub):
    t0 = time.monotonic()
    with ThreadPoolExecutor(len(STUDENTS)) as pool:
        results = list(pool.map(lambda n: student(hub, n), STUDENTS))
    print(f"\n5 students in {time.monotonic() - t0:.1f} s")
    for r in results:
        game, move = r["game"], r["move"]
        assert game["status"] == "ok" and not game["errors"], f"{r['name']}: {game['errors']}"
        # the cell's value is the live game: a widget view, with the board's comms opened
        assert any("application/vnd.jupyter.widget-view+json" in d for d in game["data"]), game["data"]
        assert game["comms"] > 0
        assert move["status"] == "ok" and not move["errors"], f"{r['name']}: {move['errors']}"
        played = json.loads(move["stdout"].strip().splitlines()[-1])
        assert played["refusal"] is None and played["after"] > played["before"], played
        print(f"  {r['name']}: played {played['move']}; history {played['before']} -> {played['after']}; "
              + ", ".join(f"{k} {v:.1f}" for k, v in r["timings"].items()))
    # every student has their own server and kernel; what one costs (printed, not asserted)
    users = {u["name"]: u for u in hub.api("GET", "users").json()}
    assert all(users[n]["servers"][""]["ready"] for n in STUDENTS)
    print("  memory per student (server + the notebook's kernel): "
          + ", ".join(f"{n} {student_rss_mb(users[n]):.0f} MB" for n in STUDENTS))
    # the standalone app through jupyter-server-proxy, as on Binder (`solara run` starts at the first request).
    # After the kernels: jupyter-server-proxy picks a free port for the app, and a kernel starting at the
    # same moment on the same machine can take it first
    t0 = time.monotonic()
    page = open_app(hub, STUDENTS[0])
    assert page.status_code == 200, f"{page.status_code}: {hub.log_tail()}"
    assert "solara" in page.text.lower() and f"/user/{STUDENTS[0]}/balada-app" in page.text, page.text[:300]
    print(f"  the app through jupyter-server-proxy: {time.monotonic() - t0:.1f} s")
