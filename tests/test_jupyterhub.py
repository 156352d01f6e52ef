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

The same hub also starts the **class service** (``balada_widgets.classroom.hub``, one process
for the hub's students) with its store in PostgreSQL: a throw-away cluster
(``tests/classroom/conftest.py``'s ``pg_cluster``), a fresh database. Two hub students and a
teacher use it in Chromium, through the hub's proxy and its login (OAuth): ana makes a table
of Heroes of Barcadia, ben joins by its code (with ana's browser id forged in his Solara cookie:
the service does not take it), each plays moves by clicks and, at every move, neither page's
DOM nor any websocket frame it received holds the other seat's hidden cards; cleo opens the
table's link on the service's second process (``balada-class-2``, the same store: how a bigger
hub spreads its class) and watches, and the next turn, played on the first process, reaches her
page; the teacher (the hub group ``teachers``) opens the teacher page without a token and finds
both students and the table; a student gets the refusal.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import os
import re
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
SERVICE = "services/balada-class/"
SERVICE2 = "services/balada-class-2/"  # the second process of the class service, on the same store

# the class store's throw-away PostgreSQL cluster, as the classroom tests start it
_pg_spec = importlib.util.spec_from_file_location("classroom_pg_conftest", REPO / "tests" / "classroom" / "conftest.py")
_pg = importlib.util.module_from_spec(_pg_spec)
_pg_spec.loader.exec_module(_pg)
pg_cluster = _pg.pg_cluster


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def free_ports(n: int) -> int:
    """The first of ``n`` consecutive free loopback ports."""
    for _ in range(50):
        first = free_port()
        try:
            for port in range(first, first + n):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", port))
            return first
        except OSError:
            continue
    raise AssertionError(f"no {n} consecutive free ports")


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
def class_db(request):
    """A fresh database of the throw-away PostgreSQL cluster for the hub's class service, or ``None`` when
    PostgreSQL's programs are missing (then the service keeps a SQLite file and the class test is skipped;
    with ``CI`` set, ``pg_cluster`` fails instead)."""
    try:
        cluster = request.getfixturevalue("pg_cluster")
    except pytest.skip.Exception:
        return None
    return _pg.pg_database(cluster)


@pytest.fixture(scope="module")
def hub(tmp_path_factory, class_db):
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
        "BALADA_HUB_SERVICE_PORT": str(free_ports(2)),
        "BALADA_HUB_CLASS_PROCESSES": "2",
        "BALADA_HUB_TEACHERS": "teacher",
        "PATH": os.pathsep.join([str(BIN), os.environ.get("PATH", "")]),
    }
    env.pop("BALADA_TEACHER_TOKEN", None)
    if class_db:
        env["BALADA_DB"] = class_db
    else:
        env.pop("BALADA_DB", None)
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


# ------------------------------------------------------------------ the class service: two students, a teacher

CHROMIUM = os.environ.get("BALADA_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def hub_login(page, hub: Hub, name: str, path: str) -> float:
    """Open ``path`` of the hub as a new browser does: the service sends it to the hub's login (OAuth), the
    dummy login form takes ``name``, the hub sends it back. Returns the seconds from the first request to the
    service's page (the page's own content is the caller's to wait for)."""
    t0 = time.monotonic()
    page.goto(hub.url + path)
    page.wait_for_url(re.compile(r"/hub/login"), timeout=60_000)  # the service's redirect, then the hub's
    page.locator("input[name=username]").fill(name)
    page.locator("input[type=submit], button[type=submit]").first.click()
    page.wait_for_url(re.compile(re.escape(hub.url + path.split("?")[0])), timeout=60_000)
    return time.monotonic() - t0


def test_two_hub_students_play_at_one_table_through_the_class_service_and_the_teacher_sees_them(
        hub, class_db, playwright):
    import httpx
    from playwright.sync_api import expect

    sys.path.insert(0, str(REPO / "tests" / "browser"))
    import secret_probe
    from test_secrets import Wire, dom_text, leaks

    from balada_widgets.barcadia.view import board_moves
    from balada_widgets.classroom import open_store
    from balada_widgets.classroom.hub import hub_key

    if class_db is None:
        pytest.skip("PostgreSQL's initdb / pg_ctl not found: the class service's test needs its store in PostgreSQL")
    t_test = time.monotonic()
    # nobody gets in without the hub's login: a page goes to the hub's authorize endpoint, a websocket is refused
    r = httpx.get(hub.url + SERVICE + "table", follow_redirects=False, timeout=60)
    assert r.status_code == 302 and "/hub/api/oauth2/authorize" in r.headers["location"], (r.status_code, r.headers)
    assert "code_challenge=" in r.headers["location"] and "state=" in r.headers["location"]
    import websockets.sync.client
    from websockets.exceptions import InvalidStatus

    ws_url = hub.url.replace("http", "ws", 1) + SERVICE + "jupyter/api/kernels/k1/channels?session_id=s1"
    with pytest.raises(InvalidStatus) as refused:
        websockets.sync.client.connect(ws_url, open_timeout=30).close()
    assert refused.value.response.status_code == 403
    store = open_store(class_db)  # the service's store, read from this process
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(4)]
        ana, ben, teacher, cleo = (c.new_page() for c in contexts)
        wires = {0: Wire(ana), 1: Wire(ben)}
        # ana: through the hub's login to the lobby; her name at the tables is her hub name, no form
        t0 = time.monotonic()
        hub_login(ana, hub, "ana", SERVICE + "table?game=barcadia")
        expect(ana.locator(".bw-table-you")).to_contain_text("You are ana.", timeout=60_000)
        lobby = {"ana": time.monotonic() - t0}  # from the first request to the lobby, the hub's login included
        ana.locator(".bw-table-players").click()
        ana.get_by_role("option", name="2", exact=True).click()
        ana.locator(".bw-table-create").click()
        code_box = ana.locator(".bw-table-code")
        code_box.wait_for(timeout=30_000)
        code = code_box.inner_text().strip().replace(" ", "")
        expect(ana.locator(".bw-table-seat-1")).to_contain_text("ana (you)")
        assert re.search(rf"/{SERVICE}table/{code}$", ana.url), ana.url
        # ben: his browser sends ana's id in Solara's session cookie; the service gives the page his own
        contexts[1].add_cookies([{"name": "solara-session-id", "value": hub_key("ana"), "url": hub.url}])
        t0 = time.monotonic()
        hub_login(ben, hub, "ben", SERVICE + "table")
        expect(ben.locator(".bw-table-you")).to_contain_text("You are ben.", timeout=60_000)
        lobby["ben"] = time.monotonic() - t0
        ben.locator(".bw-table-join-code input").fill(code.lower())
        ben.locator(".bw-table-join").click()
        expect(ben.locator(".bw-table-watch")).to_be_visible(timeout=30_000)
        ben.locator(".bw-table-take-2").click()
        expect(ben.locator(".bw-table-seat-2")).to_contain_text("ben (you)")
        expect(ana.locator(".bw-table-seat-2")).to_contain_text("ben", timeout=10_000)  # no click on ana's page
        joined = time.monotonic() - t0
        status = store.status(code)
        assert [s.name for s in status.seats] == ["ana", "ben"], status.seats
        # each plays by clicks; at every move each page holds only its own seat's view
        seats = {0: ana, 1: ben}
        marks, checked, movers, steps = {0: 0, 1: 0}, 0, set(), 0

        def one_move() -> int:
            """Check every page for the secrets it must not hold, then the seat to move clicks; the seat."""
            nonlocal checked, steps
            full = store.table(code).session
            game = full.game
            for w in wires.values():
                w.quiet(150)
            for seat, page in list(seats.items()) + [(None, p) for p in watchers]:
                items = secret_probe.secret_items(full, seat)
                found = leaks(items, dom_text(page), f"seat {seat} DOM")
                found += leaks(items, wires[seat].text(marks[seat]), f"seat {seat} websocket frames")
                assert not found, found[:3]
                checked += len(items)
                marks[seat] = len(wires[seat].frames)
            assert not game.is_over(full.state) and steps < 30, (steps, movers)
            status = store.status(code)
            done = status.move_count
            if status.to_roll:  # the die of a battle waits for its student, who rolls it on their device (P24)
                p = status.to_roll[0]
                seats[p].locator(".bw-bc-roll").click()
                deadline = time.monotonic() + 30
                while store.status(code).move_count <= done:
                    assert time.monotonic() < deadline, f"seat {p + 1}'s roll rolled nothing"
                    time.sleep(0.1)
                steps += 1
                return p
            p = game.to_move(full.state)[0]
            page = seats[p]
            view = game.view(full.state, p)
            legal = game.legal_moves(view, p)
            verbs = {m.verb for m in legal}
            on_board = sorted(t for t, ms in board_moves(game, view, legal).items() if len(ms) == 1)
            if "pass" in verbs:
                page.locator(".bw-bc-pass").click()
            elif on_board and steps % 3 != 2:
                page.locator(f".bw-barcadia-board [data-id='{on_board[0]}']").click()
            elif "end" in verbs:
                page.locator(".bw-bc-end").click()
            else:
                page.locator(".bw-bc-choice-1").click()
            deadline = time.monotonic() + 30
            while store.status(code).move_count <= done:
                assert time.monotonic() < deadline, f"seat {p + 1}'s click played no move"
                time.sleep(0.1)
            steps += 1
            return p

        watchers: list = []
        while len(movers) < 2 or steps < 4:
            movers.add(one_move())
        # a bigger hub spreads the class over service processes on the one store: cleo opens the table's link on
        # the second process and watches; the moves made on the first reach her page (the notifier's poll)
        t0 = time.monotonic()
        hub_login(cleo, hub, "cleo", SERVICE2 + f"table/{code}")
        expect(cleo.locator(".bw-table-watch")).to_be_visible(timeout=60_000)
        expect(cleo.locator(".bw-table-seat-1")).to_contain_text("ana")
        expect(cleo.locator(".bw-table-seat-2")).to_contain_text("ben")
        watchers.append(cleo)
        wires[None] = Wire(cleo)
        marks[None] = 0
        cleo_s = time.monotonic() - t0
        turn = store.status(code).to_move
        while store.status(code).to_move == turn:
            one_move()
        moved = time.monotonic()
        now = store.status(code).to_move[0]
        expect(cleo.locator(f".bw-table-seat-{now + 1}")).to_have_class(re.compile(r"(^|\s)turn(\s|$)"),
                                                                        timeout=15_000)
        across = time.monotonic() - moved
        one_move()  # and the secrets check once more, with cleo's page and frames
        assert checked > 0, "no hidden card was ever checked for"
        # the teacher: a member of the hub's teachers group; the page opens without a token
        t0 = time.monotonic()
        hub_login(teacher, hub, "teacher", SERVICE + "teacher")
        expect(teacher.locator(".bw-teacher-hub")).to_be_visible(timeout=60_000)
        row = teacher.locator(f".bw-teacher-table-{code}")
        expect(row).to_contain_text("ana")
        expect(row).to_contain_text("ben")
        expect(row).to_contain_text(f"{store.status(code).move_count} moves")
        students = teacher.locator(".bw-teacher-students")
        expect(students).to_contain_text("ana")
        expect(students).to_contain_text("ben")
        expect(students).to_contain_text("cleo")  # she came in through the second process
        expect(students).to_contain_text("Students (3)")  # the teacher is not listed as a student
        teacher_s = time.monotonic() - t0
        assert "token=" not in teacher.url and not [c for c in contexts[2].cookies() if c["name"] == "balada-teacher"]
        # a student gets the refusal, and nothing of the class
        ana.goto(hub.url + SERVICE + "teacher")
        expect(ana.locator(".bw-teacher-hub-refused")).to_contain_text("logged in to the hub as ana",
                                                                      timeout=60_000)
        expect(ana.locator(f".bw-teacher-table-{code}")).to_have_count(0)
        for w in wires.values():
            w.close()
        for c in contexts:
            c.close()
    finally:
        browser.close()
        store.close()
    print(f"\nclass service on the hub (PostgreSQL): log in -> lobby ana {lobby['ana']:.1f} s, ben {lobby['ben']:.1f} s;"
          f" ben's join by code -> seated, seen on ana's page {joined:.1f} s; {steps} moves by clicks, "
          f"{checked} hidden cards checked; cleo's login on the second process -> the table {cleo_s:.1f} s, a move "
          f"made on the first -> her page {across:.1f} s; the teacher's login -> both students and the table "
          f"{teacher_s:.1f} s; "
          f"the test {time.monotonic() - t_test:.1f} s; load average {os.getloadavg()[0]:.1f}")
