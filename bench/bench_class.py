"""A class at once: 30 students on one app server, each playing their own game.

The app of ``balada_widgets/app.py`` is served by ``solara run`` on loopback
(``--production``; through this file, which pins the pages' seed, see below)
and driven by 30 concurrent sessions of the four games:

- a few **Chromium pages** (Playwright, Debian's ``/usr/bin/chromium``), each a
  separate browser context (its own session cookie, as a separate student);
- the rest **headless clients** that speak Solara's websocket protocol as
  its front end does (``solara/server/static/main-vuetify.js``): fetch the
  page (the ``solara-session-id`` cookie), open
  ``/jupyter/api/kernels/<kernel id>/channels?session_id=<page id>``, open a
  ``solara.control`` comm and send ``{"method": "run", "args": {"path": ...}}``;
  the server renders the app and opens a ``jupyter.widget`` comm per widget.
  The client keeps every widget's state (``comm_open`` + ``update`` messages),
  finds the game's board (the :class:`~balada_widgets.ui.board.SvgBoard` with
  the game's ``class_name``) and sends what the board's front end sends: a
  ``custom`` comm message ``{"type": "click", "id": ...}`` (or ``"key"``). It
  leaves like a closed tab: the ``/_solara/api/close`` beacon, then the socket
  closes.

Each session plays with a policy ``k``: at every step it clicks the k-th
highlighted target of its board (Balada: a legal space; Heroes of Barcadia: a
target room; Baldur's Gate: a glowing card or city place, else key ``1`` on the
city, the first of the choices offered, as the buttons are numbered; Balda: a
target cell, then a letter key, then Escape, as the client cannot read the word
list). The app's play pages start each game from a fresh seed; served by this
file (``BENCH_CLASS_SERVING``), every page starts from seed 0, so the sessions
of one game diverge only through their own clicks.

Checks (a failed check raises; figures are not asserted):

- **No leaks between sessions.** (1) Every widget message a client receives is
  about a comm opened on its own connection, and no two sessions share a comm.
  (2) Each session's *trace* (per step: the id it clicked and the targets its
  board then offers, and for headless clients a hash of every board's SVG) is
  identical to the trace of the same game and policy played **alone** before the
  load: a move, message or state of another session would change it.
- **Errors:** a click that does not redraw within 30 s, an ``error`` or
  ``stderr`` message from the kernel, a traceback in the server's log.
- **Memory released:** 100 sessions open, play a move and close, one after the
  other (half leave with the close beacon, half just drop the socket, as a lid
  closed; the bench server culls a dropped kernel after
  ``SOLARA_KERNEL_CULL_TIMEOUT=3s``); the server's kernel count returns to the
  baseline and its RSS stops growing.

Figures: click -> board latency (headless: from the click message to the
board's new SVG arriving; browser: from the click event to the redrawn board in
the DOM), p50 and p95 under the class load, against the same clicks of single
sessions played alone (the baseline, measured in the same run). Goal: class p95
<= 3x single p95. Students think between clicks: each session waits a seeded
random 1.5-4.5 s (``THINK_S``) between its clicks, so 30 sessions make about
10 clicks a second. Also: the server's memory per open session and its CPU.

Run: ``python bench/bench_class.py`` (``--quick``: 8 sessions, 1 browser page,
30 open/close cycles). Measured figures depend on the machine and its load.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import html
import json
import os
import random
import re
import signal
import struct
import subprocess
import sys
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

HERE = Path(__file__).resolve()
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE.parent))
from _browser import CHROMIUM_ARGS, chromium, free_port  # noqa: E402  (bench/ is not a package)


if os.environ.get("BENCH_CLASS_SERVING"):
    # `solara run bench/bench_class.py`: this file serves the app itself (routes and layout of
    # balada_widgets/app.py) with one change: every game page starts from seed 0 instead of a fresh
    # seed, so that a session's game can be compared with the same game played alone
    import balada_widgets.app as _app

    if hasattr(_app, "fresh_seed"):
        _app.fresh_seed = lambda: 0
    routes = _app.routes
    if hasattr(_app, "Layout"):
        Layout = _app.Layout
THINK_S = (1.5, 4.5)
ARRIVE_S = 0.5
CLICK_TIMEOUT_S = 30.0
CULL_TIMEOUT = "3s"
#: a redraw later than this counts as none (the issue counted "no redraw within 10 s")
NO_REDRAW_S = 10.0
#: anywidget's front end logs this when a board's model is not ready within its 2 s budget; every later update of
#: that model is then dropped (the board stops redrawing)
ANYWIDGET_FAILED = "[anywidget] Failed to initialize model"


# ------------------------------------------------------------------ the games and how a student plays them


@dataclass(frozen=True)
class GamePlan:
    """A page of the app and how a session plays it: which boards, which targets."""

    path: str
    boards: tuple  # (class_name token, target class) in order of preference
    keys: bool = False  # Balda: click a target cell, type a letter, Escape
    fallback_key: Optional[str] = None  # pressed on the first board when no board offers a target


PLANS = {
    "balada": GamePlan("/balada", (("bw-sheet-board", "legal"),)),
    "balda": GamePlan("/balda", (("bw-balda-grid", "target"),), keys=True),
    "barcadia": GamePlan("/barcadia", (("bw-barcadia-board", "target"),)),
    "baldurs-gate": GamePlan("/baldurs-gate", (("bw-bg-city", "tg"), ("bw-bg-me", "tg"), ("bw-bg-choose", "tg"),
                                               ("bw-bg-offer", "tg")), fallback_key="1"),
}
GAME_ORDER = list(PLANS)
LETTERS = "aeiou"

_TAG = re.compile(r"<[a-zA-Z][^>]*>")
_ATTR = re.compile(r'([\w:-]+)="([^"]*)"')


def targets_in(svg: str, target_class: str) -> list[str]:
    """The ``data-id`` of the elements whose class holds ``target_class``, in document order.

    >>> targets_in('<svg><g class="space legal" data-id="space-2"/><g data-id="s3" class="space"/>'
    ...            '<rect data-id="s4" class="legal x"/></svg>', "legal")
    ['space-2', 's4']
    """
    out = []
    for tag in _TAG.findall(svg):
        attrs = dict(_ATTR.findall(tag))
        if "data-id" in attrs and target_class in attrs.get("class", "").split():
            out.append(html.unescape(attrs["data-id"]))
    return out


@dataclass
class Step:
    """What one action of a session needs: the board, the message, and its trace entry."""

    board_class: str
    event: dict
    label: str


def next_step(plan: GamePlan, boards: dict, k: int, i: int) -> Optional[Step]:
    """The policy-``k`` session's ``i``-th action on ``boards`` (class_name -> svg), or ``None`` (nothing to do)."""
    if plan.keys:
        cls, target = plan.boards[0]
        svg = boards.get(cls)
        if svg is None:
            return None
        phase = i % 3
        if phase == 1:
            letter = LETTERS[(k + i) % len(LETTERS)]
            return Step(cls, {"type": "key", "key": letter}, f"key {letter}")
        if phase == 2:
            return Step(cls, {"type": "key", "key": "Escape"}, "key Escape")
        ids = targets_in(svg, target)
        return Step(cls, {"type": "click", "id": ids[(k + i) % len(ids)]}, f"click {ids[(k + i) % len(ids)]}") \
            if ids else None
    for cls, target in plan.boards:
        svg = boards.get(cls)
        if svg is None:
            continue
        ids = targets_in(svg, target)
        if ids:
            pick = ids[k % len(ids)]
            return Step(cls, {"type": "click", "id": pick}, f"click {pick}")
    if plan.fallback_key is not None and plan.boards[0][0] in boards:  # e.g. "1": the first of the offered choices
        return Step(plan.boards[0][0], {"type": "key", "key": plan.fallback_key}, f"key {plan.fallback_key}")
    return None


def offered(plan: GamePlan, boards: dict) -> tuple:
    """What the boards offer now: per board the target ids (the trace's view of the position)."""
    return tuple((cls, tuple(targets_in(boards.get(cls, ""), target))) for cls, target in plan.boards)


# ------------------------------------------------------------------ serving the app


@dataclass
class Server:
    url: str
    port: int
    proc: subprocess.Popen
    log_path: Path

    def rss_mb(self) -> float:
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        raise RuntimeError("no VmRSS")

    def cpu_s(self) -> float:
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def resources(self) -> dict:
        with urllib.request.urlopen(self.url + "resourcez", timeout=10) as r:
            return json.loads(r.read())

    def kernels(self) -> int:
        return int(self.resources()["kernels"]["total"])

    def tracebacks(self) -> list[str]:
        text = self.log_path.read_text(errors="replace")
        return [chunk[:600] for chunk in text.split("Traceback (most recent call last)")[1:]]


@contextlib.contextmanager
def serve_app(log_dir: Path):
    """``solara run`` of the app (through this file, see ``BENCH_CLASS_SERVING``) on a free loopback port."""
    port = free_port()
    solara_bin = Path(sys.executable).with_name("solara")
    env = {**os.environ, "SOLARA_TELEMETRY_MIXPANEL_ENABLE": "false", "SOLARA_KERNEL_CULL_TIMEOUT": CULL_TIMEOUT,
           "BENCH_CLASS_SERVING": "1"}
    log_path = log_dir / "solara-class.log"
    log = open(log_path, "wb")
    cmd = [str(solara_bin), "run", str(HERE), "--host", "127.0.0.1", "--port", str(port), "--no-open", "--production",
           "--no-check-version"]
    proc = subprocess.Popen(cmd, env=env, cwd=str(REPO), stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(f"http://127.0.0.1:{port}/", port, proc, log_path)
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"solara run stopped:\n{log_path.read_text()[-2000:]}")
            try:
                server.resources()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("solara run did not start") from None
                time.sleep(0.3)
        yield server
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)
        log.close()


# ------------------------------------------------------------------ a headless student: Solara's websocket protocol


class LeakError(AssertionError):
    """Something of one session reached another."""


def _message(msg_type: str, content: dict, session: str) -> dict:
    return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "student", "session": session,
                       "date": "", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": []}


def _decode(raw) -> dict:
    if isinstance(raw, str):
        return json.loads(raw)
    n = struct.unpack("!i", raw[:4])[0]  # Jupyter's binary websocket framing (widget buffers)
    offsets = list(struct.unpack("!" + "I" * n, raw[4:4 * (n + 1)])) + [None]
    return json.loads(raw[offsets[0]:offsets[1]].decode("utf8"))


class HeadlessClient:
    """One browser tab's worth of Solara client, without the browser (asyncio + ``websockets``)."""

    def __init__(self, server: Server, name: str):
        self.server = server
        self.name = name
        self.kernel_id = str(uuid.uuid4())
        self.page_id = str(uuid.uuid4())
        self.session = uuid.uuid4().hex
        self.models: dict[str, dict] = {}  # comm id -> widget state
        self.own_comms: set[str] = set()  # every comm opened on this connection
        self.control = uuid.uuid4().hex
        self.errors: list[str] = []
        self.ws = None
        self._reader = None
        self._events: asyncio.Queue = asyncio.Queue()

    # -- connection
    async def open(self, path: str) -> float:
        """Load the page and render the app; returns the seconds it took."""
        import websockets

        t0 = time.perf_counter()

        def fetch():
            with urllib.request.urlopen(self.server.url.rstrip("/") + path, timeout=60) as r:
                r.read()
                return r.headers["set-cookie"].split(";")[0]

        cookie = await asyncio.to_thread(fetch)
        url = (f"ws://127.0.0.1:{self.server.port}/jupyter/api/kernels/{self.kernel_id}/channels"
               f"?session_id={self.page_id}")
        self.ws = await websockets.connect(url, additional_headers={"Cookie": cookie}, max_size=None,
                                           open_timeout=60, ping_interval=None)
        self._reader = asyncio.create_task(self._read())
        self.own_comms.add(self.control)
        await self._send("comm_open", {"comm_id": self.control, "target_name": "solara.control", "data": {}})
        await self._send("comm_msg", {"comm_id": self.control,
                                      "data": {"method": "run", "args": {"path": path, "appName": "__default__"}}})
        await self._wait(lambda e: e[0] == "control" and e[1].get("method") == "finished", 120, "the app to render")
        return time.perf_counter() - t0

    async def close(self, beacon: bool = True) -> None:
        """Leave like a closed tab (``beacon``: the close request first) or like a dropped connection."""
        if beacon:
            def post():
                req = urllib.request.Request(
                    f"{self.server.url}_solara/api/close/{self.kernel_id}?session_id={self.page_id}", data=b"",
                    method="POST")
                with urllib.request.urlopen(req, timeout=30) as r:
                    r.read()

            await asyncio.to_thread(post)
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(self._reader, 10)

    async def _send(self, msg_type: str, content: dict) -> str:
        m = _message(msg_type, content, self.session)
        await self.ws.send(json.dumps(m))
        return m["header"]["msg_id"]

    async def _read(self) -> None:
        import websockets

        try:
            async for raw in self.ws:
                now = time.perf_counter()
                m = _decode(raw)
                kind, content = m["header"]["msg_type"], m.get("content", {})
                if kind == "comm_open":
                    if content.get("target_name") == "jupyter.widget":
                        self.models[content["comm_id"]] = dict(content["data"].get("state", {}))
                    self.own_comms.add(content["comm_id"])
                elif kind == "comm_msg":
                    cid = content.get("comm_id")
                    if cid not in self.own_comms:
                        raise LeakError(f"{self.name} received a message about comm {cid}, not opened on its own "
                                        "connection")
                    data = content.get("data", {})
                    if cid == self.control:
                        self._events.put_nowait(("control", data, now))
                    elif data.get("method") in ("update", "echo_update") and cid in self.models:
                        self.models[cid].update(data.get("state", {}))
                        if "svg" in data.get("state", {}):
                            self._events.put_nowait(("svg", cid, now))
                elif kind == "comm_close":
                    if content.get("comm_id") not in self.own_comms:
                        raise LeakError(f"{self.name} was told to close comm {content.get('comm_id')}, not its own")
                    self.models.pop(content.get("comm_id"), None)
                elif kind == "status" and content.get("execution_state") == "idle":
                    self._events.put_nowait(("idle", m.get("parent_header", {}).get("msg_id"), now))
                elif kind == "error" or (kind == "stream" and content.get("name") == "stderr"):
                    self.errors.append(f"{self.name}: {kind}: {str(content)[:400]}")
        except websockets.ConnectionClosed:
            pass
        except LeakError as e:
            self.errors.append(f"LEAK {e}")
            raise

    async def _wait(self, predicate, timeout: float, what: str):
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"{self.name}: timed out waiting for {what}")
            if self._reader.done():
                exc = self._reader.exception()
                raise RuntimeError(f"{self.name}: the connection ended while waiting for {what}") from exc
            try:
                event = await asyncio.wait_for(self._events.get(), min(left, 1.0))
            except asyncio.TimeoutError:
                continue
            if predicate(event):
                return event

    # -- the page
    def boards(self) -> dict[str, str]:
        """class_name token -> svg of every SvgBoard on the page (each token once)."""
        out = {}
        for state in self.models.values():
            if "svg" in state and "class_name" in state and "_esm" in state:
                for token in state["class_name"].split():
                    out.setdefault(token, state["svg"])
        return out

    def board_comm(self, token: str) -> str:
        for cid, state in self.models.items():
            if "svg" in state and token in state.get("class_name", "").split():
                return cid
        raise KeyError(token)

    async def act(self, step: Step) -> float:
        """Send the board's event; returns the seconds until a board's new SVG arrived; waits until idle."""
        cid = self.board_comm(step.board_class)
        while not self._events.empty():  # forget what came before
            self._events.get_nowait()
        t0 = time.perf_counter()
        msg_id = await self._send("comm_msg", {"comm_id": cid, "data": {"method": "custom", "content": {
            **step.event, "t": int(time.time() * 1000)}}})
        seen_svg = None
        while True:
            kind, ref, t = await self._wait(lambda e: e[0] in ("svg", "idle"), CLICK_TIMEOUT_S,
                                            f"the board after {step.label}")
            if kind == "svg" and seen_svg is None:
                seen_svg = t
            if kind == "idle" and ref == msg_id:
                break
        if seen_svg is None:
            raise RuntimeError(f"{self.name}: {step.label} did not redraw any board")
        return seen_svg - t0


_SCOPE = re.compile(r'data-scope="([\w-]+)"')


def board_digest(boards: dict) -> str:
    """A hash of every board's markup; a drawing's page-unique scope name (Balda's ``data-scope``) is left out."""
    parts = []
    for name, svg in sorted(boards.items()):
        for scope in set(_SCOPE.findall(svg)):
            svg = re.sub(rf"\b{re.escape(scope)}\b", "SCOPE", svg)
        parts.append((name, svg))
    return hashlib.sha1(json.dumps(parts).encode()).hexdigest()[:12]


@dataclass
class Result:
    name: str
    game: str
    k: int
    browser: bool
    trace: list = field(default_factory=list)
    latencies: list = field(default_factory=list)
    open_s: float = 0.0
    comms: set = field(default_factory=set)
    errors: list = field(default_factory=list)
    console: list = field(default_factory=list)  # Chromium: (type, text) of console errors, warnings, page errors
    late: int = 0  # clicks whose board redrew later than NO_REDRAW_S (or not at all)


async def headless_session(server: Server, game: str, k: int, steps: int, name: str, think: Optional[random.Random],
                           opened: Optional[asyncio.Event] = None, go: Optional[asyncio.Event] = None,
                           hold: Optional[asyncio.Event] = None, played: Optional[asyncio.Event] = None,
                           close: bool = True) -> Result:
    """Open the game's page, play ``steps`` actions with policy ``k``, close; ``think``: pauses between actions."""
    plan = PLANS[game]
    res = Result(name, game, k, browser=False)
    client = HeadlessClient(server, name)
    try:
        res.open_s = await client.open(plan.path)
        if opened is not None:
            opened.set()
        res.trace.append(("start", offered(plan, client.boards()), board_digest(client.boards())))
        if go is not None:
            await go.wait()
        for i in range(steps):
            if think is not None:
                await asyncio.sleep(think.uniform(*THINK_S))
            step = next_step(plan, client.boards(), k, i)
            if step is None:
                res.trace.append(("nothing to do",))
                break
            res.latencies.append(await client.act(step))
            res.trace.append((step.label, offered(plan, client.boards()), board_digest(client.boards())))
        if played is not None:
            played.set()
        if hold is not None:
            await hold.wait()
    except Exception as e:  # noqa: BLE001 (every failure is reported, the run goes on)
        res.errors.append(f"{name}: {type(e).__name__}: {e}")
    finally:
        for event in (opened, played):
            if event is not None:
                event.set()
        res.comms = set(client.own_comms)
        res.errors += client.errors
        if close:
            with contextlib.suppress(Exception):
                await client.close()
    return res


# ------------------------------------------------------------------ a student with a real browser

_CLICK_JS = """
async ([selector, id]) => {
  const target = document.querySelector(`${selector} [data-id="${CSS.escape(id)}"]`);
  if (!target) return -2;
  const boxes = Array.from(document.querySelectorAll('.bw-board-box'));
  return await new Promise((resolve) => {
    const obs = new MutationObserver(() => { obs.disconnect(); resolve(performance.now() - t0); });
    boxes.forEach((b) => obs.observe(b, { subtree: true, childList: true, attributes: true, characterData: true }));
    const t0 = performance.now();
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
    setTimeout(() => { obs.disconnect(); resolve(-1); }, %d);
  });
}
""" % int(CLICK_TIMEOUT_S * 1000)

_KEY_JS = """
async ([selector, key]) => {
  const box = document.querySelector(`${selector}`);
  const boxes = Array.from(document.querySelectorAll('.bw-board-box'));
  return await new Promise((resolve) => {
    const obs = new MutationObserver(() => { obs.disconnect(); resolve(performance.now() - t0); });
    boxes.forEach((b) => obs.observe(b, { subtree: true, childList: true, attributes: true, characterData: true }));
    const t0 = performance.now();
    box.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    setTimeout(() => { obs.disconnect(); resolve(-1); }, %d);
  });
}
""" % int(CLICK_TIMEOUT_S * 1000)

_BOARDS_JS = """
() => {
  const out = {};
  document.querySelectorAll('.bw-board-box').forEach((b) => {
    b.className.split(/\\s+/).forEach((c) => { if (c && !(c in out)) out[c] = b.innerHTML; });
  });
  return out;
}
"""

_IDLE_JS = ("() => { const k = window.solara && solara.debug && solara.debug.kernel(); "
            "return k ? k.status : 'unknown'; }")


async def _browser_boards(page) -> dict:
    return await page.evaluate(_BOARDS_JS)


async def _browser_settle(page) -> None:
    """Wait until the kernel has answered the last event (its status is idle again)."""
    deadline = time.perf_counter() + CLICK_TIMEOUT_S
    while time.perf_counter() < deadline:
        if await page.evaluate(_IDLE_JS) in ("idle", "unknown"):
            return
        await asyncio.sleep(0.02)
    raise TimeoutError("the kernel stayed busy")


async def browser_session(browser, server: Server, game: str, k: int, steps: int, name: str,
                          think: Optional[random.Random], opened: Optional[asyncio.Event] = None,
                          go: Optional[asyncio.Event] = None, hold: Optional[asyncio.Event] = None,
                          played: Optional[asyncio.Event] = None) -> Result:
    plan = PLANS[game]
    res = Result(name, game, k, browser=True)
    context = await browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        page = await context.new_page()
        page.on("console", lambda m: res.console.append((m.type, m.text[:300])) if m.type in ("error", "warning")
                else None)
        page.on("pageerror", lambda e: res.console.append(("pageerror", str(e)[:300])))
        t0 = time.perf_counter()
        await page.goto(server.url.rstrip("/") + plan.path, timeout=300_000)
        first = plan.boards[0][0]
        await page.locator(f".bw-board-box.{first}").first.wait_for(timeout=120_000)
        await _browser_settle(page)
        res.open_s = time.perf_counter() - t0
        if opened is not None:
            opened.set()
        res.trace.append(("start", offered(plan, await _browser_boards(page))))
        if go is not None:
            await go.wait()
        for i in range(steps):
            if think is not None:
                await asyncio.sleep(think.uniform(*THINK_S))
            step = next_step(plan, await _browser_boards(page), k, i)
            if step is None:
                res.trace.append(("nothing to do",))
                break
            selector = f".bw-board-box.{step.board_class}"
            if step.event["type"] == "click":
                ms = await page.evaluate(_CLICK_JS, [selector, step.event["id"]])
            else:
                await page.locator(selector).focus()
                ms = await page.evaluate(_KEY_JS, [selector, step.event["key"]])
            if ms < 0:
                res.late += 1
                raise RuntimeError(f"{name}: {step.label} did not redraw the board ({ms})")
            res.late += ms / 1000 > NO_REDRAW_S
            res.latencies.append(ms / 1000)
            await _browser_settle(page)
            await asyncio.sleep(0.05)  # the last messages of the answer are drawn
            res.trace.append((step.label, offered(plan, await _browser_boards(page))))
        if played is not None:
            played.set()
        if hold is not None:
            await hold.wait()
    except Exception as e:  # noqa: BLE001
        res.errors.append(f"{name}: {type(e).__name__}: {e}")
    finally:
        for event in (opened, played):
            if event is not None:
                event.set()
        await context.close()  # the page goes: pagehide sends the close beacon
    return res


# ------------------------------------------------------------------ the runs


def _pct(xs: list, q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def _seat_plan(n: int, n_browser: int) -> list[tuple[str, int, bool]]:
    """(game, policy k, browser?) per session: games in turn, policies spread, the browser pages first."""
    seats = []
    for i in range(n):
        game = GAME_ORDER[i % len(GAME_ORDER)]
        seats.append((game, i // len(GAME_ORDER) + 1, i < n_browser))
    return seats


def _compare(ref: Result, got: Result) -> Optional[str]:
    """Where ``got``'s trace departs from the trace of the same game and policy played alone."""
    if got.trace[:1] and ref.trace[:1] and got.trace[0][:2] != ref.trace[0][:2]:
        return (f"{got.name} ({got.game}): the game does not start where the same page started alone: pages must start "
                "from one seed in this bench (it pins balada_widgets.app.fresh_seed)")
    if got.browser:  # the browser trace has no SVG digests (the DOM is not the markup sent)
        want = [t[:2] for t in ref.trace]
    else:
        want = ref.trace
    have = got.trace
    for i, (a, b) in enumerate(zip(want, have)):
        if a != b:
            return f"{got.name} ({got.game}, k={got.k}) step {i}: alone {str(a)[:200]} / in class {str(b)[:200]}"
    if len(want) != len(have):
        return f"{got.name}: {len(have)} steps in class, {len(want)} alone"
    return None


async def run_class(server: Server, n: int, n_browser: int, steps: int, log: list) -> dict:
    from playwright.async_api import async_playwright

    seats = _seat_plan(n, n_browser)
    out: dict = {"errors": [], "leaks": []}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        try:
            # warm up: every page once (imports, dictionaries, caches), not measured
            for game in GAME_ORDER:
                r = await headless_session(server, game, 0, 1, f"warm-{game}", None)
                out["errors"] += r.errors
            await asyncio.sleep(1)
            base_kernels, base_rss = server.kernels(), server.rss_mb()
            # single sessions alone: the baseline latencies and the reference traces
            refs: dict = {}
            single_headless, single_browser = [], []
            for game, k, _b in seats:
                if (game, k) not in refs:
                    r = await headless_session(server, game, k, steps, f"alone-{game}-{k}", None)
                    refs[game, k] = r
                    single_headless += r.latencies
                    out["errors"] += r.errors
            for i, (game, k, is_browser) in enumerate(seats):
                if is_browser:
                    r = await browser_session(browser, server, game, k, steps, f"alone-browser-{i}", None)
                    single_browser += r.latencies
                    out["errors"] += r.errors
                    if (why := _compare(refs[game, k], r)) is not None:
                        out["leaks"].append("browser alone vs headless alone: " + why)
            log.append(f"alone: {len(refs)} headless sessions, {len(single_headless)} clicks; "
                       f"{n_browser} browser sessions, {len(single_browser)} clicks")
            # the check has power only if different policies make different games
            for game in GAME_ORDER:
                traces = [json.dumps(r.trace) for (g, _k), r in refs.items() if g == game]
                log.append(f"{game}: {len(set(traces))} different games among {len(traces)} policies")
                if len(traces) > 1 and len(set(traces)) < 2:
                    out["errors"].append(f"{game}: every policy plays the same game, the leak check cannot see leaks")
            # the class: every session opens, plays with think time, and holds its page until all have played
            hold, go = asyncio.Event(), asyncio.Event()
            opened = [asyncio.Event() for _ in seats]
            played = [asyncio.Event() for _ in seats]
            rng = random.Random(2026)
            tasks = []
            t0 = time.perf_counter()
            for i, (game, k, is_browser) in enumerate(seats):
                think = random.Random(rng.random())
                if is_browser:
                    coro = browser_session(browser, server, game, k, steps, f"browser-{i}", think, opened[i], go,
                                           hold, played[i])
                else:
                    coro = headless_session(server, game, k, steps, f"headless-{i}", think, opened[i], go, hold,
                                            played[i])
                tasks.append(asyncio.create_task(coro))
                await asyncio.sleep(ARRIVE_S)  # students come in one after the other
            playing = asyncio.gather(*tasks)

            async def all_set(events):
                await asyncio.gather(*(e.wait() for e in events))

            await asyncio.wait_for(all_set(opened), 900)
            open_all = time.perf_counter() - t0
            open_rss, open_kernels = server.rss_mb(), server.kernels()
            # everyone is in: the class plays (each session thinks, clicks, and holds its page open at the end)
            cpu0, t1, me0 = server.cpu_s(), time.perf_counter(), time.process_time()
            load0 = os.getloadavg()[0]
            go.set()
            await asyncio.wait({asyncio.ensure_future(all_set(played)), playing}, timeout=900,
                               return_when=asyncio.FIRST_COMPLETED)
            wall = time.perf_counter() - t1
            cpu = server.cpu_s() - cpu0
            driver_cpu = time.process_time() - me0
            load = (load0 + os.getloadavg()[0]) / 2
            peak_rss = max(open_rss, server.rss_mb())
            peak_kernels = max(open_kernels, server.kernels())
            hold.set()
            results = await playing
        finally:
            await browser.close()
    class_headless = [x for r in results if not r.browser for x in r.latencies]
    class_browser = [x for r in results if r.browser for x in r.latencies]
    for r in results:
        out["errors"] += r.errors
        ref = refs[r.game, r.k]
        if not r.errors and (why := _compare(ref, r)) is not None:
            out["leaks"].append(why)
    comm_sets = [r.comms for r in results if not r.browser]
    for i in range(len(comm_sets)):
        for j in range(i + 1, len(comm_sets)):
            if comm_sets[i] & comm_sets[j]:
                out["leaks"].append(f"sessions {i} and {j} share comms {sorted(comm_sets[i] & comm_sets[j])[:3]}")
    # the class leaves: kernels go back to the baseline
    deadline = time.monotonic() + 30
    while server.kernels() > base_kernels and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
    # per game: alone and in class
    for game in GAME_ORDER:
        alone = [x for (g, _k), r in refs.items() if g == game for x in r.latencies]
        inclass = [x for r in results if r.game == game and not r.browser for x in r.latencies]
        if alone and inclass:
            log.append(f"{game}: click -> board alone p50 {1000 * _pct(alone, 0.5):.0f} ms p95 "
                       f"{1000 * _pct(alone, 0.95):.0f} ms; in class p50 {1000 * _pct(inclass, 0.5):.0f} ms p95 "
                       f"{1000 * _pct(inclass, 0.95):.0f} ms (n={len(inclass)})")
    alone_open = [r.open_s for r in refs.values()]
    log.append(f"page open alone p50 {_pct(alone_open, 0.5):.2f} s; while the class arrives (one every {ARRIVE_S} s) "
               f"p50 {_pct([r.open_s for r in results if not r.browser], 0.5):.2f} s")
    log.append(f"while the class played: server CPU {cpu:.1f} s, this driver's CPU {driver_cpu:.1f} s (clients"
               f" and Playwright; Chromium not counted) in {wall:.1f} s; machine load average {load:.1f} on "
               f"{os.cpu_count()} cores")
    out.update(single_headless=single_headless, single_browser=single_browser, class_headless=class_headless,
               class_browser=class_browser, base_rss=base_rss, peak_rss=peak_rss, base_kernels=base_kernels,
               peak_kernels=peak_kernels, after_kernels=server.kernels(), after_rss=server.rss_mb(), wall=wall,
               cpu=cpu, open_all=open_all, open_s=[r.open_s for r in results if not r.browser],
               sessions=len(results), clicks=len(class_headless) + len(class_browser),
               browser_open_s=[r.open_s for r in results if r.browser],
               console=[c for r in results if r.browser for c in r.console],
               late=sum(r.late for r in results if r.browser))
    return out


async def run_cycles(server: Server, cycles: int, log: list) -> dict:
    """Sessions open, play one action and close, one after the other; kernels and RSS sampled along."""
    errors: list = []
    base_kernels = server.kernels()
    samples: list[tuple[int, float]] = []
    for i in range(cycles):
        game = GAME_ORDER[i % len(GAME_ORDER)]
        client = HeadlessClient(server, f"cycle-{i}")
        try:
            await client.open(PLANS[game].path)
            step = next_step(PLANS[game], client.boards(), i, 0)
            if step is not None:
                await client.act(step)
        except Exception as e:  # noqa: BLE001
            errors.append(f"cycle {i}: {type(e).__name__}: {e}")
        finally:
            errors += client.errors
            with contextlib.suppress(Exception):
                await client.close(beacon=i % 2 == 0)  # odd cycles: the connection just drops
        if (i + 1) % 10 == 0:
            samples.append((i + 1, server.rss_mb()))
    # dropped kernels are culled after CULL_TIMEOUT
    deadline = time.monotonic() + 30
    while server.kernels() > base_kernels and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
    await asyncio.sleep(1)
    samples.append((cycles, server.rss_mb()))
    log.append("open/close cycles RSS (MB): " + " ".join(f"{c}:{m:.0f}" for c, m in samples))
    return {"errors": errors, "samples": samples, "base_kernels": base_kernels, "after_kernels": server.kernels()}


def run(quick: bool = False) -> list[dict]:
    n, n_browser, steps, cycles = (8, 1, 4, 30) if quick else (30, 3, 8, 100)
    log_dir = Path(os.environ.get("BENCH_CLASS_LOGS") or f"/tmp/balada-bench-class-{os.getpid()}")
    log_dir.mkdir(parents=True, exist_ok=True)
    log: list[str] = []
    with serve_app(log_dir) as server:
        c = asyncio.run(run_class(server, n, n_browser, steps, log))
        cy = asyncio.run(run_cycles(server, cycles, log))
        tracebacks = server.tracebacks()
    for line in log:
        print("  " + line, flush=True)
    errors = c["errors"] + cy["errors"] + [f"server traceback: {t}" for t in tracebacks]
    problems = []
    if c["leaks"]:
        problems.append("LEAKS between sessions:\n  " + "\n  ".join(c["leaks"]))
    if errors:
        problems.append("ERRORS:\n  " + "\n  ".join(errors[:20]))
    if c["after_kernels"] > c["base_kernels"]:
        problems.append(f"the class left {c['after_kernels'] - c['base_kernels']} kernels behind")
    if cy["after_kernels"] > cy["base_kernels"]:
        problems.append(f"open/close cycles left {cy['after_kernels'] - cy['base_kernels']} kernels behind")
    samples = cy["samples"]
    warm = samples[min(1, len(samples) - 1)][1]  # after the first cycles (caches, arenas) are warm
    growth = samples[-1][1] - warm
    per_session = (c["peak_rss"] - c["base_rss"]) / max(1, c["sessions"])
    if growth > max(10.0, per_session):  # more than a session's worth, and more than noise
        problems.append(f"memory grows over open/close cycles: +{growth:.1f} MB after the first {samples[1][0]}")
    sh, ch = c["single_headless"], c["class_headless"]
    sb, cb = c["single_browser"], c["class_browser"]
    rows = [
        {"bench": f"class of {c['sessions']}: click -> board, headless clients (ms)", "n": len(ch),
         "p50_ms": 1000 * _pct(ch, 0.5), "p95_ms": 1000 * _pct(ch, 0.95),
         "baseline": "the same clicks, single sessions alone", "baseline_p50_ms": 1000 * _pct(sh, 0.5),
         "baseline_p95_ms": 1000 * _pct(sh, 0.95), "ratio_p95": _pct(ch, 0.95) / _pct(sh, 0.95),
         "goal": "ratio_p95 <= 3"},
    ]
    if cb and sb:
        rows.append({"bench": f"class of {c['sessions']}: click -> redrawn board, Chromium pages (ms)", "n": len(cb),
                     "p50_ms": 1000 * _pct(cb, 0.5), "p95_ms": 1000 * _pct(cb, 0.95),
                     "baseline": "the same pages alone", "baseline_p50_ms": 1000 * _pct(sb, 0.5),
                     "baseline_p95_ms": 1000 * _pct(sb, 0.95), "ratio_p95": _pct(cb, 0.95) / _pct(sb, 0.95),
                     "goal": "ratio_p95 <= 3"})
    if c["browser_open_s"]:
        rows.append({"bench": "class: Chromium pages' console and readiness", "n": len(c["browser_open_s"]),
                     "anywidget_failed_to_initialize": sum(ANYWIDGET_FAILED in t for _k, t in c["console"]),
                     "console_errors": sum(k != "warning" for k, _t in c["console"]),
                     "console_warnings": sum(k == "warning" for k, _t in c["console"]),
                     "first": sorted({t for _k, t in c["console"]})[:3],
                     "page_ready_s": [round(t, 1) for t in c["browser_open_s"]],
                     "clicks_without_redraw_within_10s": c["late"], "clicks": len(cb), "goal": "0 failures, 0 late"})
    rows.append({"bench": "server memory per open session (MB)", "n": c["sessions"], "per_session_mb": per_session,
                 "base_rss_mb": c["base_rss"], "peak_rss_mb": c["peak_rss"], "after_class_rss_mb": c["after_rss"],
                 "kernels_peak": c["peak_kernels"], "kernels_after": c["after_kernels"], "goal": "information"})
    rows.append({"bench": "class: server CPU and time", "n": c["clicks"], "cpu_s": c["cpu"], "wall_s": c["wall"],
                 "cpu_share": c["cpu"] / c["wall"], "cpu_ms_per_click": 1000 * c["cpu"] / max(1, c["clicks"]),
                 "open_all_s": c["open_all"],
                 "page_open_p50_s": _pct(c["open_s"], 0.5), "page_open_p95_s": _pct(c["open_s"], 0.95),
                 "goal": "information"})
    rows.append({"bench": f"{cy['samples'][-1][0]} open/close cycles: server RSS growth after warm-up (MB)",
                 "n": cy["samples"][-1][0], "growth_mb": growth, "warm_rss_mb": warm, "end_rss_mb": samples[-1][1],
                 "kernels_after": cy["after_kernels"], "goal": "no growth (< 10 MB), kernels back to baseline"})
    rows.append({"bench": "leaks and errors", "n": c["sessions"], "leaks": len(c["leaks"]), "errors": len(errors),
                 "goal": "0 and 0"})
    if problems:
        for r in rows:
            print("  " + "  ".join(f"{k}={v:.2f}" if isinstance(v, float) else f"{k}={v}" for k, v in r.items()))
        raise AssertionError("\n".join(problems))
    return rows


if __name__ == "__main__" and not os.environ.get("BENCH_CLASS_SERVING"):  # solara runs this file as __main__
    for row in run(quick="--quick" in sys.argv):
        print("  ".join(f"{k}={v:.2f}" if isinstance(v, float) else f"{k}={v}" for k, v in row.items()), flush=True)
