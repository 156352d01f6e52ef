"""The class service on a JupyterHub: a class through the hub's proxy and login, on one service process.

The trial hub of ``deploy/jupyterhub/local/`` (the dummy login, configurable-http-proxy from the
venv) starts the class service (``python -m balada_widgets.classroom.hub``), its store in a
throw-away PostgreSQL cluster (``initdb`` / ``pg_ctl`` in a temporary folder, as
``tests/classroom/conftest.py`` starts it). Every student is a hub user: this process logs each
in through the hub's login form and the service's OAuth hand-over (plain HTTP, the redirects a
browser follows), then drives the app as ``bench_class.py``'s headless clients do (Solara's
websocket protocol, as its front end speaks it), through the hub's proxy at
``/services/balada-class/``, with the service's cookie: each student plays their own game
against bots (Balada, Balda, Heroes of Barcadia, Builders of Baldur's Gate in turn), clicking
the k-th highlighted target of the board, thinking 1.5 to 4.5 s between clicks.

Timed: log in -> the service's cookie (the hub's login, the OAuth hand-over); click -> the new
board (p50, p95) for single students alone and for the class of ``N`` at once (the ratio, goal
<= 3 as for the app alone); page open alone and while the class arrives (one every 0.5 s); the
service process's memory per open student and its CPU per click.

Checks (raise): every click redraws a board within 30 s; no kernel error; no traceback in the
hub's log (where the service writes); every student's page is their own hub user's (the
service's refusals: a page without the cookie is sent to the hub's login).

Run: ``python bench/bench_hub_service.py`` (``--quick``: 8 students, fewer clicks; ``--students=60``: a
bigger class; ``--processes=2``: two service processes on the one store, the students spread over them,
``balada-class`` and ``balada-class-2``).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import os
import random
import secrets
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Optional

HERE = Path(__file__).resolve()
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE.parent))
from _browser import free_port  # noqa: E402  (bench/ is not a package)
from bench_class import GAME_ORDER, PLANS, THINK_S, HeadlessClient, _pct, next_step  # noqa: E402

CONFIG = REPO / "deploy" / "jupyterhub" / "local" / "jupyterhub_config.py"
SERVICE = "services/balada-class/"
ARRIVE_S = 0.5
BIN = Path(sys.executable).parent


def _pg_helpers():
    spec = importlib.util.spec_from_file_location("classroom_pg_conftest", REPO / "tests" / "classroom" / "conftest.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@contextlib.contextmanager
def postgres():
    """A throw-away PostgreSQL cluster (Unix socket in a temporary folder); yields a database URL."""
    import pwd
    import shutil

    pg = _pg_helpers()
    bindir = pg._pg_bindir()
    if bindir is None:
        raise RuntimeError("PostgreSQL's initdb / pg_ctl not found: apt-get install postgresql (make test does)")
    folder = tempfile.mkdtemp(prefix="balada-bench-pg-")
    if os.geteuid() == 0:
        pw = pwd.getpwnam("postgres")
        os.chown(folder, pw.pw_uid, pw.pw_gid)
    data, port = os.path.join(folder, "data"), free_port()
    run = dict(check=True, capture_output=True, text=True, timeout=120)
    try:
        subprocess.run(pg._as_owner([f"{bindir}/initdb", "-D", data, "-A", "trust", "-U", "balada", "-E", "UTF8",
                                     "--no-sync", "--no-instructions"]), **run)
        subprocess.run(pg._as_owner([f"{bindir}/pg_ctl", "-D", data, "-l", os.path.join(folder, "server.log"), "-w",
                                     "-t", "60", "-o", f"-k {folder} -p {port} -h ''", "start"]), **run)
        yield f"postgresql+psycopg://balada@/postgres?host={folder}&port={port}"
    finally:
        subprocess.run(pg._as_owner([f"{bindir}/pg_ctl", "-D", data, "-m", "fast", "-w", "stop"]),
                       capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


class Hub:
    def __init__(self, url: str, proc: subprocess.Popen, log: Path):
        self.url, self.proc, self.log = url, proc, log
        self.port = int(url.rsplit(":", 1)[1].strip("/"))

    def service_processes(self) -> list:
        import psutil

        found = [p for p in psutil.Process(self.proc.pid).children(recursive=True)
                 if "balada_widgets.classroom.hub" in " ".join(p.cmdline())]
        if not found:
            raise RuntimeError("the class service is not running")
        return found

    def rss_mb(self) -> float:
        """The class service's memory (every process of it)."""
        return sum(p.memory_info().rss for p in self.service_processes()) / 2**20

    def cpu_s(self) -> float:
        return sum(t.user + t.system for t in (p.cpu_times() for p in self.service_processes()))

    def tracebacks(self) -> list[str]:
        text = self.log.read_text(errors="replace")
        return [chunk[:600] for chunk in text.split("Traceback (most recent call last)")[1:]]


@contextlib.contextmanager
def trial_hub(db: str, state: Path, processes: int = 1):
    port = free_port()
    service_port = free_port()
    while processes > 1 and not all(_port_free(service_port + i) for i in range(processes)):
        service_port = free_port()
    env = {**os.environ, "BALADA_HUB_CLASS_PROCESSES": str(processes), "BALADA_HUB_STATE": str(state), "BALADA_HUB_PORT": str(port),
           "BALADA_HUB_API_PORT": str(free_port()), "BALADA_HUB_INTERNAL_PORT": str(free_port()),
           "BALADA_HUB_SERVICE_PORT": str(service_port), "BALADA_DB": db,
           "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
           "PATH": os.pathsep.join([str(BIN), os.environ.get("PATH", "")])}
    env.pop("BALADA_TEACHER_TOKEN", None)
    log = state / "jupyterhub.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([str(BIN / "jupyterhub"), "-f", str(CONFIG)], cwd=str(state), env=env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    hub = Hub(f"http://127.0.0.1:{port}", proc, log)
    try:
        hub.services = [SERVICE] + [f"services/balada-class-{i + 1}/" for i in range(1, processes)]
        deadline = time.monotonic() + 180
        for service in hub.services:  # up when each answers through the proxy (a redirect to the hub's login)
            while True:
                if proc.poll() is not None:
                    raise RuntimeError(f"jupyterhub stopped:\n{log.read_text()[-3000:]}")
                try:
                    req = urllib.request.Request(f"{hub.url}/{service}", method="HEAD")
                    with _no_redirects().open(req, timeout=5) as r:
                        r.read()
                except urllib.error.HTTPError as e:
                    if e.code == 302:
                        break
                except OSError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the class service did not answer:\n{log.read_text()[-3000:]}")
                time.sleep(0.5)
        yield hub
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)


def _port_free(port: int) -> bool:
    import socket

    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _no_redirects():
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    return urllib.request.build_opener(NoRedirect)


def log_in(hub: Hub, name: str, service: str = SERVICE) -> tuple[str, float]:
    """The hub's login and the service's OAuth hand-over, as a browser follows them; the Cookie header for the
    service and the seconds it took."""
    import httpx

    t0 = time.perf_counter()
    with httpx.Client(base_url=hub.url, follow_redirects=True, timeout=120) as web:
        page = web.get(f"/{service}")  # -> the hub's authorize -> the hub's login form
        assert "/hub/login" in str(page.url), page.url
        xsrf = next(c.value for c in web.cookies.jar if c.name == "_xsrf")
        back = web.post(str(page.url), data={"username": name, "password": "", "_xsrf": xsrf})
        assert back.status_code == 200 and str(back.url).endswith(f"/{service}"), (back.status_code, back.url)
        mine = [c for c in web.cookies.jar if (c.path or "/").startswith(f"/{service}")]
        assert mine, [(c.name, c.path) for c in web.cookies.jar]
        return "; ".join(f"{c.name}={c.value}" for c in mine), time.perf_counter() - t0


class HubClient(HeadlessClient):
    """``bench_class``'s headless client at the hub's class service: the service's prefix, its cookie."""

    def __init__(self, hub: Hub, name: str, cookie: str, service: str = SERVICE):
        super().__init__(hub, name)
        self.hub, self.cookie, self.service = hub, cookie, service

    async def open(self, path: str) -> float:
        import websockets

        t0 = time.perf_counter()

        def fetch():
            req = urllib.request.Request(f"{self.hub.url}/{self.service}{path.lstrip('/')}",
                                         headers={"Cookie": self.cookie})
            with _no_redirects().open(req, timeout=60) as r:
                body = r.read().decode()
            assert "solara" in body.lower(), body[:200]

        await asyncio.to_thread(fetch)
        url = (f"ws://127.0.0.1:{self.hub.port}/{self.service}jupyter/api/kernels/{self.kernel_id}/channels"
               f"?session_id={self.page_id}")
        self.ws = await websockets.connect(url, additional_headers={"Cookie": self.cookie}, max_size=None,
                                           open_timeout=60, ping_interval=None)
        self._reader = asyncio.create_task(self._read())
        self.own_comms.add(self.control)
        await self._send("comm_open", {"comm_id": self.control, "target_name": "solara.control", "data": {}})
        await self._send("comm_msg", {"comm_id": self.control,
                                      "data": {"method": "run", "args": {"path": path, "appName": "__default__"}}})
        await self._wait(lambda e: e[0] == "control" and e[1].get("method") == "finished", 120, "the app to render")
        return time.perf_counter() - t0

    async def close(self, beacon: bool = True) -> None:
        if beacon:
            def post():
                req = urllib.request.Request(
                    f"{self.hub.url}/{self.service}_solara/api/close/{self.kernel_id}?session_id={self.page_id}",
                    data=b"", method="POST", headers={"Cookie": self.cookie})
                with urllib.request.urlopen(req, timeout=30) as r:
                    r.read()

            await asyncio.to_thread(post)
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(self._reader, 10)


async def student(hub: Hub, name: str, cookie: str, game: str, k: int, steps: int, think: Optional[random.Random],
                  opened: Optional[asyncio.Event] = None, go: Optional[asyncio.Event] = None,
                  hold: Optional[asyncio.Event] = None, played: Optional[asyncio.Event] = None,
                  service: str = SERVICE) -> dict:
    """One student's game through the hub: open the game's page, play ``steps`` clicks, leave."""
    plan = PLANS[game]
    out = {"name": name, "game": game, "latencies": [], "open_s": None, "errors": []}
    client = HubClient(hub, name, cookie, service)
    try:
        out["open_s"] = await client.open(plan.path)
        if opened is not None:
            opened.set()
        if go is not None:
            await go.wait()
        for i in range(steps):
            if think is not None:
                await asyncio.sleep(think.uniform(*THINK_S))
            step = next_step(plan, client.boards(), k, i)
            if step is None:
                break
            out["latencies"].append(await client.act(step))
        if played is not None:
            played.set()
        if hold is not None:
            await hold.wait()
    except Exception as e:  # noqa: BLE001 - reported, the run goes on
        out["errors"].append(f"{name}: {type(e).__name__}: {e}")
    finally:
        for event in (opened, played):
            if event is not None:
                event.set()
        out["errors"] += client.errors
        with contextlib.suppress(Exception):
            await client.close()
    return out


async def run_class(hub: Hub, n: int, steps: int, log: list) -> dict:
    names = [f"s{i:02d}-{secrets.token_hex(2)}" for i in range(n)]
    services = {name: hub.services[i % len(hub.services)] for i, name in enumerate(names)}  # spread over processes
    services["alone"] = SERVICE
    logins = {}
    login_s = []
    for name in names + ["alone"]:
        cookie, took = await asyncio.to_thread(log_in, hub, name, services[name])
        logins[name] = cookie
        login_s.append(took)
    errors: list = []
    for game in GAME_ORDER:  # warm up: every page once (imports, caches), not measured
        errors += (await student(hub, "alone", logins["alone"], game, 0, 1, None))["errors"]
    await asyncio.sleep(1)
    base_rss = hub.rss_mb()
    alone_lat, alone_open = [], []
    for game in GAME_ORDER:
        r = await student(hub, "alone", logins["alone"], game, 1, steps, None)
        alone_lat += r["latencies"]
        alone_open.append(r["open_s"])
        errors += r["errors"]
    hold, go = asyncio.Event(), asyncio.Event()
    opened = [asyncio.Event() for _ in names]
    played = [asyncio.Event() for _ in names]
    rng = random.Random(2026)
    tasks = []
    t0 = time.perf_counter()
    for i, name in enumerate(names):
        game = GAME_ORDER[i % len(GAME_ORDER)]
        tasks.append(asyncio.create_task(student(hub, name, logins[name], game, i % 3, steps, random.Random(rng.random()),
                                                 opened[i], go, hold, played[i], services[name])))
        await asyncio.sleep(ARRIVE_S)
    playing = asyncio.gather(*tasks)
    await asyncio.wait_for(asyncio.gather(*(e.wait() for e in opened)), 900)
    open_all = time.perf_counter() - t0
    open_rss = hub.rss_mb()
    cpu0, t1 = hub.cpu_s(), time.perf_counter()
    load0 = os.getloadavg()[0]
    go.set()
    await asyncio.wait({asyncio.ensure_future(asyncio.gather(*(e.wait() for e in played))), playing}, timeout=900,
                       return_when=asyncio.FIRST_COMPLETED)
    wall, cpu = time.perf_counter() - t1, hub.cpu_s() - cpu0
    load = (load0 + os.getloadavg()[0]) / 2
    peak_rss = max(open_rss, hub.rss_mb())
    hold.set()
    results = await playing
    class_lat = [x for r in results for x in r["latencies"]]
    for r in results:
        errors += r["errors"]
    for game in GAME_ORDER:
        inclass = [x for r in results if r["game"] == game for x in r["latencies"]]
        if inclass:
            log.append(f"{game}: click -> board in class p50 {1000 * _pct(inclass, 0.5):.0f} ms p95 "
                       f"{1000 * _pct(inclass, 0.95):.0f} ms (n={len(inclass)})")
    log.append(f"while the class played: service CPU {cpu:.1f} s in {wall:.1f} s; machine load average {load:.1f} "
               f"on {os.cpu_count()} cores")
    return {"errors": errors, "alone": alone_lat, "class": class_lat, "alone_open": alone_open,
            "class_open": [r["open_s"] for r in results if r["open_s"] is not None], "login_s": login_s,
            "base_rss": base_rss, "peak_rss": peak_rss, "cpu": cpu, "wall": wall, "open_all": open_all,
            "sessions": len(results), "clicks": len(class_lat)}


def run(quick: bool = False, students: Optional[int] = None, processes: int = 1) -> list[dict]:
    import shutil

    n, steps = (8, 4) if quick else (30, 8)
    n = students or n
    log: list[str] = []
    state = Path(tempfile.mkdtemp(prefix="balada-bench-hub-"))
    with postgres() as db, trial_hub(db, state, processes) as hub:
        started = time.perf_counter()
        c = asyncio.run(run_class(hub, n, steps, log))
        tracebacks = hub.tracebacks()
        log.append(f"the run took {time.perf_counter() - started:.0f} s; the hub's log: {hub.log}")
    for line in log:
        print("  " + line, flush=True)
    errors = c["errors"] + [f"traceback in the hub's log: {t}" for t in tracebacks]
    rows = [
        {"bench": f"hub class service, class of {c['sessions']} on {processes} process(es): click -> board through "
                  f"the hub (ms)",
         "n": len(c["class"]), "p50_ms": 1000 * _pct(c["class"], 0.5), "p95_ms": 1000 * _pct(c["class"], 0.95),
         "baseline": "the same service, one student alone", "baseline_p50_ms": 1000 * _pct(c["alone"], 0.5),
         "baseline_p95_ms": 1000 * _pct(c["alone"], 0.95), "ratio_p95": _pct(c["class"], 0.95) / _pct(c["alone"], 0.95),
         "goal": "ratio_p95 <= 3"},
        {"bench": "hub class service: log in (hub login + OAuth hand-over) and page open (s)", "n": len(c["login_s"]),
         "login_p50_s": _pct(c["login_s"], 0.5), "login_p95_s": _pct(c["login_s"], 0.95),
         "open_alone_p50_s": _pct(c["alone_open"], 0.5), "open_class_p50_s": _pct(c["class_open"], 0.5),
         "open_class_p95_s": _pct(c["class_open"], 0.95), "open_all_s": c["open_all"], "goal": "information"},
        {"bench": f"hub class service: memory and CPU of its {processes} process(es)", "n": c["sessions"],
         "per_student_mb": (c["peak_rss"] - c["base_rss"]) / max(1, c["sessions"]), "base_rss_mb": c["base_rss"],
         "peak_rss_mb": c["peak_rss"], "cpu_share": c["cpu"] / c["wall"],
         "cpu_ms_per_click": 1000 * c["cpu"] / max(1, c["clicks"]), "goal": "information"},
        {"bench": "hub class service: errors", "n": c["sessions"], "errors": len(errors), "goal": "0"},
    ]
    if errors:
        for r in rows:
            print("  " + "  ".join(f"{k}={v:.2f}" if isinstance(v, float) else f"{k}={v}" for k, v in r.items()))
        raise AssertionError("ERRORS:\n  " + "\n  ".join(errors[:20]))
    shutil.rmtree(state, ignore_errors=True)
    return rows


if __name__ == "__main__":
    def option(name: str) -> Optional[int]:
        got = [int(a.split("=", 1)[1]) for a in sys.argv[1:] if a.startswith(f"--{name}=")]
        return got[0] if got else None

    for row in run(quick="--quick" in sys.argv, students=option("students"), processes=option("processes") or 1):
        print("  ".join(f"{k}={v:.2f}" if isinstance(v, float) else f"{k}={v}" for k, v in row.items()), flush=True)
