"""A class at its tables: 30 students at 10 tables of 3 on one app server, the teacher's page open, and a kill -9.

Issue 15, part 6. ``solara run balada_widgets/app.py`` (``--production``, loopback) serves the
app with ``BALADA_DB`` on a SQLite file in a temporary folder; this process opens the same
store (:func:`~balada_widgets.classroom.open_store`) to make the tables, seat the students
and read the positions (two processes on one SQLite file, as the store allows: the server's
notifier polls the watched tables every second for another process's writes).

Every student is one **browser**: a ``solara-session-id`` cookie of its own (a random UUID,
as Solara draws it), registered with ``store.browser(cookie, name)`` and seated with
``store.join(code, name, browser=cookie)``; the page ``/table/CODE`` finds the seat from the
cookie (``classroom.identity``). The devices are the **headless clients** of
``bench_class.py`` (Solara's websocket protocol, as its front end speaks it) sending that
cookie, except one Balda table of the class (and the Balda table alone) whose three students
are **real Chromium pages** (Playwright, Debian's Chromium, a browser context each with the
cookie set). A move is made as a student makes it, on the student's own page:

- **Balda 5x5** (3 players): a click on the new cell, the letter's key, a click on each cell
  of the word, ``Enter`` (the word is the shortest the position allows, read from the store);
- **Heroes of Barcadia** (3 players): a click on a room that plays one move
  (``barcadia.view.board_moves``); a decision that is not on the board (a card, the end of a
  turn) is played by this process through ``store.play`` with the seat's token (not timed);
- **Balada** (3 players, simultaneous choices): played by this process through
  ``store.play`` (not timed: load only; the pages see the moves through the poll).

Timed: **click -> own board** (the last event of the move sent -> the mover's board's new SVG
arriving) and **click -> other devices' boards** (-> the first new SVG of the board on each
other page of the table, seated or watching, no click there), p50 and p95, for the class
against **one table alone** on the same server before the class arrives (the baseline,
same run, same mix of Balda and Barcadia moves). Goal: class p95 <= 3x alone.

The class: 4 Balda tables, 3 Barcadia, 3 Balada; 4 of the 30 seats are bots and 4 students
watch a table with a bot seat (26 seated + 4 watching = 30 pages), plus the teacher's page
(``/teacher?token=``, ``BALADA_TEACHER_TOKEN``). Students think 1-2.5 s between moves.
Also: the page open (``/table/CODE`` fetched -> the app rendered) while the class arrives
(one every ``ARRIVE_S``) against a page opened alone; the server's RSS per student.

**kill -9.** Mid-class (the tables still playing) the server is killed with SIGKILL and
started again on the same port and store. Moves lost: per table, the moves the store had
committed when the server died against the moves a fresh ``open_store`` finds after the
restart (goal 0). Reconnect: each headless device opens its page again with its cookie (a
reload); each Chromium page is left alone for 45 s to come back by itself (Solara's front
end reconnects its socket; reported: back on the same page, or the page reloaded itself),
and reloaded by the bench only if its board is not back and live by then; timed from the
restart until the board is drawn. Then one more move is clicked at the Chromium table and
the other pages of that table are checked to show it.

Checks (raise): every move sent from a page is committed; every page of a table draws its
board; no move lost across kill -9 (reported, and raised only if the count went down).
Bounded: every wait has a timeout, every loop a count; only 127.0.0.1.

Run: ``python bench/bench_class_tables.py`` (``--quick``: fewer moves).
"""


import asyncio
import contextlib
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

HERE = Path(__file__).resolve()
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(REPO))
from _browser import CHROMIUM_ARGS, chromium, free_port  # noqa: E402  (bench/ is not a package)
from bench_class import HeadlessClient, Server, Step, targets_in  # noqa: E402

APP = REPO / "balada_widgets" / "app.py"
TEACHER_TOKEN = "bench-teacher-" + uuid.uuid4().hex
ARRIVE_S = 0.3
THINK_S = (1.0, 2.5)
OTHER_TIMEOUT_S = 15.0
BOARD = {"balda": "bw-balda-grid", "barcadia": "bw-barcadia-board", "balada": "bw-sheet-board",
         "baldurs_gate": "bw-bg-city"}
#: a redraw later than this counts as none, as the issue counted them ("no redraw within 10 s")
NO_REDRAW_S = 10.0
#: what anywidget's front end logs when a board's model is not ready within its 2 s budget (then every later
#: update of that model is dropped: the board stops redrawing)
ANYWIDGET_FAILED = "[anywidget] Failed to initialize model"
#: the classes that mark a board element the page offers to click (Balda, Barcadia: target; Baldur's Gate: tg)
OFFERED = ("target", "tg", "legal")


# ------------------------------------------------------------------ the server, killable


def start_server(port: int, db: Path, log_path: Path) -> Server:
    solara_bin = Path(sys.executable).with_name("solara")
    env = {**os.environ, "SOLARA_TELEMETRY_MIXPANEL_ENABLE": "false", "BALADA_DB": str(db),
           "BALADA_TEACHER_TOKEN": TEACHER_TOKEN, "SOLARA_KERNEL_CULL_TIMEOUT": "5s"}
    log = open(log_path, "ab")
    proc = subprocess.Popen([str(solara_bin), "run", str(APP), "--host", "127.0.0.1", "--port", str(port),
                             "--no-open", "--production", "--no-check-version"], env=env, cwd=str(REPO),
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    log.close()
    server = Server(f"http://127.0.0.1:{port}/", port, proc, log_path)
    deadline = time.monotonic() + 90
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"solara run stopped:\n{log_path.read_text()[-2000:]}")
        try:
            server.resources()
            return server
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError("solara run did not start") from None
            time.sleep(0.3)


def stop_server(server: Server, sig=signal.SIGTERM) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.proc.pid, sig)
    try:
        server.proc.wait(15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.proc.pid, signal.SIGKILL)
        server.proc.wait(5)


# ------------------------------------------------------------------ a student's device: a browser with its cookie


class Device(HeadlessClient):
    """A headless page that sends its browser's ``solara-session-id`` cookie (so the page finds its seat)."""

    def __init__(self, server: Server, name: str, cookie: str, path: str):
        super().__init__(server, name)
        self.cookie, self.path = cookie, path

    def reset(self) -> None:
        """A new page of the same browser (a reload)."""
        self.kernel_id, self.page_id, self.session = str(uuid.uuid4()), str(uuid.uuid4()), uuid.uuid4().hex
        self.models, self.own_comms, self.errors = {}, set(), []
        self.control = uuid.uuid4().hex
        self.ws = self._reader = None
        self._events = asyncio.Queue()

    async def open(self, path: Optional[str] = None) -> float:
        import websockets

        path = path or self.path
        t0 = time.perf_counter()
        header = f"solara-session-id={self.cookie}"

        def fetch():
            req = urllib.request.Request(self.server.url.rstrip("/") + path, headers={"Cookie": header})
            with urllib.request.urlopen(req, timeout=60) as r:
                r.read()

        await asyncio.to_thread(fetch)
        url = (f"ws://127.0.0.1:{self.server.port}/jupyter/api/kernels/{self.kernel_id}/channels"
               f"?session_id={self.page_id}")
        self.ws = await websockets.connect(url, additional_headers={"Cookie": header}, max_size=None,
                                           open_timeout=60, ping_interval=None)
        self._reader = asyncio.create_task(self._read())
        self.own_comms.add(self.control)
        await self._send("comm_open", {"comm_id": self.control, "target_name": "solara.control", "data": {}})
        await self._send("comm_msg", {"comm_id": self.control, "data": {"method": "run", "args": {
            "path": path, "appName": "__default__"}}})  # the front end sends pathname + search
        await self._wait(lambda e: e[0] == "control" and e[1].get("method") == "finished", 120, "the app to render")
        return time.perf_counter() - t0

    def drain(self) -> None:
        while not self._events.empty():
            self._events.get_nowait()

    async def offers(self, board: str, id_: str, timeout: float = 10.0) -> bool:
        """Wait until this page's ``board`` offers ``id_`` (a target: the page knows it is its move)."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            svg = self.boards().get(board, "")
            if any(id_ in targets_in(svg, cls) for cls in OFFERED):
                return True
            await asyncio.sleep(0.02)
        return False

    async def next_svg(self, t0: float, timeout: float = OTHER_TIMEOUT_S, epoch: float = 0.0) -> Optional[float]:
        """Seconds from ``t0`` to the first new board SVG after ``t0`` (None: none within ``timeout``)."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            while not self._events.empty():
                kind, _ref, t = self._events.get_nowait()
                if kind == "svg" and t >= t0:
                    return t - t0
            await asyncio.sleep(0.005)
        return None


#: in a Chromium page: note (epoch ms) every change of the board boxes; ``window.__bwmark`` marks this page load
_WATCH_JS = """() => { window.__bwmark = 1; window.__bwm = [];
  const obs = new MutationObserver(() => window.__bwm.push(performance.timeOrigin + performance.now()));
  const hook = () => document.querySelectorAll('.bw-board-box').forEach((b) => {
    if (!b.__bwobs) { b.__bwobs = 1; obs.observe(b, { subtree: true, childList: true, attributes: true,
                                                      characterData: true }); } });
  hook(); window.__bwhook = setInterval(hook, 50); }"""

_ACT_JS = """async ([selector, kind, id]) => {
  const box = document.querySelector(selector);
  if (!box) return -2;
  const target = kind === 'click' ? box.querySelector(`[data-id="${CSS.escape(id)}"]`) : box;
  if (!target) return -3;
  const boxes = Array.from(document.querySelectorAll('.bw-board-box'));
  return await new Promise((resolve) => {
    const obs = new MutationObserver(() => { obs.disconnect(); resolve(performance.now() - t0); });
    boxes.forEach((b) => obs.observe(b, { subtree: true, childList: true, attributes: true, characterData: true }));
    const t0 = performance.now();
    if (kind === 'click') target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
    else target.dispatchEvent(new KeyboardEvent('keydown', { key: id, bubbles: true, cancelable: true }));
    setTimeout(() => { obs.disconnect(); resolve(-1); }, 30000);
  });
}"""


class ChromiumDevice:
    """A real Chromium page (its own browser context, so its own cookie jar) with the student's cookie."""

    def __init__(self, browser, server: Server, name: str, cookie: str, path: str, board: str):
        self.browser, self.server, self.name, self.cookie, self.path, self.board = \
            browser, server, name, cookie, path, board
        self.context = self.page = None
        self.errors: list = []
        self.console: list = []  # (type, text) of every console error or warning and every uncaught page error

    def _on_console(self, msg) -> None:
        if msg.type in ("error", "warning"):
            self.console.append((msg.type, msg.text[:300]))

    def _on_page_error(self, error) -> None:
        self.console.append(("pageerror", str(error)[:300]))

    def anywidget_failures(self) -> int:
        return sum(ANYWIDGET_FAILED in text for _kind, text in self.console)

    async def open(self) -> float:
        self.context = await self.browser.new_context(viewport={"width": 1280, "height": 900})
        await self.context.add_cookies([{"name": "solara-session-id", "value": self.cookie,
                                         "url": self.server.url.rstrip("/")}])
        self.page = await self.context.new_page()
        self.page.on("console", self._on_console)
        self.page.on("pageerror", self._on_page_error)
        t0 = time.perf_counter()
        await self.page.goto(self.server.url.rstrip("/") + self.path)
        await self.page.wait_for_selector(f".bw-board-box.{self.board}", timeout=120_000)
        took = time.perf_counter() - t0
        await self.page.evaluate(_WATCH_JS)
        return took

    def boards(self) -> dict:
        return {self.board: "(in the page)"}

    async def offers(self, board: str, id_: str, timeout: float = 10.0) -> bool:
        """Wait until this page's ``board`` offers ``id_`` (a target: the page knows it is its move)."""
        try:
            await self.page.wait_for_function(
                """([sel, id, classes]) => { const e = document.querySelector(sel + ` [data-id="${CSS.escape(id)}"]`);
                     return !!e && classes.some((c) => e.classList.contains(c)); }""",
                arg=[f".bw-board-box.{board}", id_, list(OFFERED)], polling=20, timeout=timeout * 1000)
            return True
        except Exception:  # noqa: BLE001 (a timeout: reported by the caller)
            return False

    async def act(self, step: Step) -> float:
        kind = step.event["type"]
        got = await self.page.evaluate(_ACT_JS, [f".bw-board-box.{step.board_class}", kind,
                                                 step.event.get("id") if kind == "click" else step.event["key"]])
        if got is None or got < 0:
            raise RuntimeError(f"{self.name} (Chromium): {step.label} did not redraw the board ({got})")
        deadline = time.perf_counter() + 30
        while time.perf_counter() < deadline:  # the kernel has answered the whole event
            if await self.page.evaluate("() => { const k = window.solara && solara.debug && solara.debug.kernel(); "
                                        "return k ? k.status : 'unknown'; }") in ("idle", "unknown"):
                break
            await asyncio.sleep(0.02)
        return got / 1000

    def drain(self) -> None:
        pass

    async def next_svg(self, t0: float, timeout: float = OTHER_TIMEOUT_S, epoch: float = 0.0) -> Optional[float]:
        """Seconds from ``epoch`` (time.time() at ``t0``) to the first change of a board after it."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            got = await self.page.evaluate("e => (window.__bwm || []).find((t) => t >= e) ?? null", epoch * 1000)
            if got is not None:
                return got / 1000 - epoch
            await asyncio.sleep(0.02)
        return None

    async def close(self, beacon: bool = True) -> None:
        if self.context is not None:
            await self.context.close()


@dataclass
class Seat:
    name: str
    cookie: str
    token: Optional[str]  # None: watching
    seat: Optional[int]
    device: Optional[Device] = None


@dataclass
class TableRun:
    game: str
    code: str
    seats: list  # of Seat (seated and watching)
    own: list = field(default_factory=list)  # seconds, click -> own board
    other: list = field(default_factory=list)  # seconds, click -> another page's board
    page_moves: int = 0
    store_moves: int = 0
    missed: int = 0  # other pages without a new board within OTHER_TIMEOUT_S
    late: int = 0  # redraws (own or another page's) later than NO_REDRAW_S, or none
    errors: list = field(default_factory=list)


def make_table(st, game: str, seats: list, watchers: int, tag: str) -> TableRun:
    """A table of ``game`` (``seats``: "open" or "bot"), a student per open seat and ``watchers`` students watching."""
    options = {"balda": {"size": 5}, "barcadia": {}, "balada": {}, "baldurs_gate": {}}[game]
    table = st.create_table(game, seats=seats, seed=7, **options)
    out = []
    for i, kind in enumerate(seats):
        if kind != "open":
            continue
        name, cookie = f"{tag}s{i + 1}", str(uuid.uuid4())
        st.browser(cookie, name)
        out.append(Seat(name, cookie, st.join(table.code, name, browser=cookie), i))
    for j in range(watchers):
        name, cookie = f"{tag}w{j + 1}", str(uuid.uuid4())
        st.browser(cookie, name)
        out.append(Seat(name, cookie, None, None))
    return TableRun(game, table.code, out)


# ------------------------------------------------------------------ one move, as the student makes it


async def move_once(st, run: TableRun, timed: bool = True) -> Optional[bool]:
    """The next move at the table; False when the game is over, None while only bots are waited for."""
    status = await asyncio.to_thread(st.status, run.code)
    if status.over or not status.to_move:
        return False
    by_seat = {s.seat: s for s in run.seats if s.token is not None}
    movers = [by_seat[p] for p in status.to_move if p in by_seat]
    if not movers:
        return None  # a bot thinks (the server answers for it)
    me = movers[0]
    others = [s.device for s in run.seats if s is not me and s.device is not None]
    steps: list[Step] = []
    board = BOARD[run.game]
    if run.game == "balda":
        from balada_widgets.balda.position import cell_name

        view = await asyncio.to_thread(st.view, run.code, me.token)
        game = (await asyncio.to_thread(st.table, run.code)).session.game
        moves = sorted(game.word_moves(view), key=lambda m: (len(m.path), m.word))
        if moves:
            m = moves[0]
            steps = [Step(board, {"type": "click", "id": f"cell-{cell_name(m.cell, game.size)}"}, "cell"),
                     Step(board, {"type": "key", "key": m.letter}, "letter")]
            steps += [Step(board, {"type": "click", "id": f"cell-{cell_name(c, game.size)}"}, "trace")
                      for c in m.path]
            steps.append(Step(board, {"type": "key", "key": "Enter"}, "Enter"))
    elif run.game == "barcadia":
        from balada_widgets.barcadia.view import board_moves

        view = await asyncio.to_thread(st.view, run.code, me.token)
        game = (await asyncio.to_thread(st.table, run.code)).session.game
        legal = game.legal_moves(view, me.seat)
        single = sorted(t for t, ms in board_moves(game, view, legal).items() if len(ms) == 1)
        if single:
            steps = [Step(board, {"type": "click", "id": single[0]}, f"click {single[0]}")]
    elif run.game == "baldurs_gate" and isinstance(me.device, Device):
        from balada_widgets.baldurs_gate.view import choices_for

        view = await asyncio.to_thread(st.view, run.code, me.token)
        game = (await asyncio.to_thread(st.table, run.code)).session.game
        legal = game.legal_moves(view, me.seat)
        _choices, targets = choices_for(game, view, game.pending(view), legal)
        boards = me.device.boards()
        # a click that is a whole move and that every page shows (a worker sent to a location: the city changes
        # for all; a card kept or used changes the other seats' boards too little to time)
        for target in sorted(t for t, ms in targets.items() if len(ms) == 1 and t.startswith("L-")):
            token = next((b for b, svg in boards.items() if f'data-id="{target}"' in svg), None)
            if token is not None:
                steps = [Step(token, {"type": "click", "id": target}, f"click {target}")]
                break
    before = status.move_count
    if not steps or not timed or me.device is None:
        texts = await asyncio.to_thread(st.legal_moves, run.code, me.token)
        if not texts:
            return False
        pages = [s.device for s in run.seats if s.device is not None]
        for d in pages:
            d.drain()
        t0, epoch = time.perf_counter(), time.time()
        await asyncio.to_thread(st.play, run.code, me.token, texts[0])
        run.store_moves += 1
        await asyncio.gather(*(d.next_svg(t0, 5.0, epoch=epoch) if isinstance(d, ChromiumDevice)
                               else d.next_svg(t0, 5.0) for d in pages))  # the poll brings it (<= ~1 s)
        return True
    if steps[0].event["type"] == "click" and not await me.device.offers(steps[0].board_class, steps[0].event["id"]):
        raise RuntimeError(f"{run.game} table {run.code}: {me.name}'s page does not offer {steps[0].event['id']} "
                           f"within 10 s (it has not been shown the position it is to move in)")
    for s in steps[:-1]:
        await me.device.act(s)
    for o in others:
        o.drain()
    t0, epoch = time.perf_counter(), time.time()
    own = await me.device.act(steps[-1])
    got = await asyncio.gather(*(o.next_svg(t0, epoch=epoch) if isinstance(o, ChromiumDevice) else o.next_svg(t0)
                                 for o in others))
    after = (await asyncio.to_thread(st.status, run.code)).move_count
    if after <= before:
        raise RuntimeError(f"{run.game} table {run.code}: {me.name}'s move from the page was not committed")
    run.page_moves += 1
    run.own.append(own)
    run.other += [g for g in got if g is not None]
    run.missed += sum(g is None for g in got)
    run.late += (own > NO_REDRAW_S) + sum(g is None or g > NO_REDRAW_S for g in got)
    return True


async def play_table(st, run: TableRun, moves: int, rng: random.Random, stop: Optional[asyncio.Event] = None):
    for _ in range(moves):
        if stop is not None and stop.is_set():
            return
        await asyncio.sleep(rng.uniform(*THINK_S))
        try:
            if await move_once(st, run) is False:
                return
        except Exception as e:  # noqa: BLE001 (reported; the class goes on)
            run.errors.append(f"{run.game} {run.code}: {type(e).__name__}: {e}")
            if stop is not None and stop.is_set():
                return


async def open_devices(server: Server, runs: list, arrive_s: float, chromium_at: Optional[TableRun] = None,
                       browser=None) -> list:
    """Every student's page, one arriving every ``arrive_s``; the seconds each took to open (the seats of
    ``chromium_at`` in Chromium pages of ``browser``)."""
    async def one(seat: Seat, run: TableRun, delay: float):
        await asyncio.sleep(delay)
        if run is chromium_at:
            seat.device = ChromiumDevice(browser, server, seat.name, seat.cookie, f"/table/{run.code}",
                                         BOARD[run.game])
        else:
            seat.device = Device(server, seat.name, seat.cookie, f"/table/{run.code}")
        return isinstance(seat.device, ChromiumDevice), await seat.device.open()

    jobs, k = [], 0
    for run in runs:
        for seat in run.seats:
            jobs.append(one(seat, run, k * arrive_s))
            k += 1
    return list(await asyncio.gather(*jobs))


def check_boards(runs: list) -> None:
    for run in runs:
        for s in run.seats:
            if s.device is not None and BOARD[run.game] not in s.device.boards():
                raise RuntimeError(f"{s.name}'s page of {run.game} table {run.code} has no board")


async def close_all(runs: list) -> None:
    for run in runs:
        for s in run.seats:
            if s.device is not None:
                with contextlib.suppress(Exception):
                    await s.device.close()


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000 if xs else float("nan")


# ------------------------------------------------------------------ the run


async def _run(quick: bool) -> list[dict]:
    from balada_widgets.classroom import open_store

    rows: list[dict] = []
    rng = random.Random(15)
    moves_alone = 4 if quick else 10
    moves_class = 4 if quick else 10
    with tempfile.TemporaryDirectory(prefix="bench-class-tables-") as tmp:
        tmp = Path(tmp)
        db, log = tmp / "class.sqlite3", tmp / "solara.log"
        port = free_port()
        server = start_server(port, db, log)
        st = open_store(str(db))
        from playwright.async_api import async_playwright

        pw = await async_playwright().start()
        browser = await pw.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        try:
            # -- warm up: a page of each game's table opened once (the first render imports the game's view)
            for game in BOARD:
                warm = make_table(st, game, ["open"] * 3, 0, "W" + game)
                await open_devices(server, [TableRun(game, warm.code, warm.seats[:1])], 0.0)
                await close_all([warm])
            rss0 = server.rss_mb()
            # -- one table alone (the baseline): a Balda table, then a Barcadia table
            alone = [make_table(st, "balda", ["open"] * 3, 0, "A"), make_table(st, "barcadia", ["open"] * 3, 0, "B"),
                     make_table(st, "baldurs_gate", ["open"] * 3, 0, "G")]
            alone_open, alone_chromium_open = [], []
            for run in alone:  # the Balda table's three students in Chromium, the other tables' headless
                got = await open_devices(server, [run], 0.0, alone[0], browser)
                alone_open += [t for c, t in got if not c]
                alone_chromium_open += [t for c, t in got if c]
                check_boards([run])
                await play_table(st, run, moves_alone, rng)
                await close_all([run])
            # -- the class
            plan = [("balda", ["open"] * 3, 0), ("balda", ["open"] * 3, 0), ("balda", ["open", "open", "bot"], 1),
                    ("barcadia", ["open"] * 3, 0), ("barcadia", ["open", "open", "bot"], 1),
                    ("balada", ["open"] * 3, 0), ("balada", ["open", "open", "bot"], 1),
                    ("baldurs_gate", ["open"] * 3, 0), ("baldurs_gate", ["open"] * 3, 0),
                    ("baldurs_gate", ["open", "open", "bot"], 1)]
            runs = [make_table(st, g, seats, w, f"T{i}") for i, (g, seats, w) in enumerate(plan)]
            students = sum(len(r.seats) for r in runs)
            await asyncio.sleep(6)  # the baseline's pages culled
            rss1, load_arrive = server.rss_mb(), os.getloadavg()[0]
            teacher = Device(server, "teacher", str(uuid.uuid4()), f"/teacher?token={TEACHER_TOKEN}")
            teacher_open = await teacher.open()
            got = await open_devices(server, runs, ARRIVE_S, runs[1], browser)  # table 1: three Chromium pages
            class_open = [t for c, t in got if not c]
            chromium_open = [t for c, t in got if c]
            check_boards(runs)
            rss2 = server.rss_mb()
            load_play = os.getloadavg()[0]
            await asyncio.gather(*(play_table(st, r, moves_class, random.Random(i)) for i, r in enumerate(runs)))
            load_after = os.getloadavg()[0]
            rss3 = server.rss_mb()
            for r in alone + runs:
                for e in r.errors:
                    print("  error:", e)
            a_own = [x for r in alone for x in r.own]
            a_oth = [x for r in alone for x in r.other]
            c_own = [x for r in runs for x in r.own]
            c_oth = [x for r in runs for x in r.other]
            for what, c, a in (("click -> own board", c_own, a_own), ("click -> other devices' boards", c_oth, a_oth)):
                rows.append({"bench": f"class tables: {what}", "n": len(c), "p50_ms": pct(c, 0.5), "p95_ms": pct(c, 0.95),
                             "baseline": f"one table alone (n={len(a)})", "baseline_p50_ms": pct(a, 0.5),
                             "baseline_p95_ms": pct(a, 0.95), "ratio": pct(c, 0.95) / pct(a, 0.95),
                             "ratio_means": "class p95 / alone p95", "goal": "ratio <= 3",
                             "load": f"{load_play:.1f}-{load_after:.1f}"})
            for game in ("balda", "barcadia", "baldurs_gate"):
                c = [x for r in runs if r.game == game for x in r.other]
                a = [x for r in alone if r.game == game for x in r.other]
                if c and a:
                    rows.append({"bench": f"class tables: {game} click -> other boards", "n": len(c),
                                 "p50_ms": pct(c, 0.5), "p95_ms": pct(c, 0.95), "baseline": "alone",
                                 "baseline_p95_ms": pct(a, 0.95), "ratio": pct(c, 0.95) / pct(a, 0.95),
                                 "missed": sum(r.missed for r in runs if r.game == game),
                                 "later_than_10s": sum(r.late for r in runs if r.game == game)})
            c = [x for x in runs[1].other]
            a = [x for x in alone[0].other]
            rows.append({"bench": "class tables: Chromium pages, click -> other boards (Balda)", "n": len(c),
                         "p50_ms": pct(c, 0.5), "p95_ms": pct(c, 0.95), "baseline": "the same, table alone",
                         "baseline_p95_ms": pct(a, 0.95), "ratio": pct(c, 0.95) / pct(a, 0.95),
                         "own_p50_ms": pct(runs[1].own, 0.5), "own_alone_p50_ms": pct(alone[0].own, 0.5)})
            teacher_sees = sum(any(r.code in str(m) for m in teacher.models.values()) for r in runs)
            rows.append({"bench": "class tables: page open while the class arrives", "n": len(class_open),
                         "p50_ms": pct(class_open, 0.5), "p95_ms": pct(class_open, 0.95),
                         "baseline": "a table's page opened alone", "baseline_p50_ms": pct(alone_open, 0.5),
                         "ratio": pct(class_open, 0.95) / pct(alone_open, 0.95), "teacher_open_ms": teacher_open * 1000,
                         "chromium_open_p50_ms": pct(chromium_open, 0.5), "teacher_lists_tables": teacher_sees,
                         "load": f"{load_arrive:.1f}"})
            chromium_pages = [s.device for r in alone + runs for s in r.seats if isinstance(s.device, ChromiumDevice)]
            rows.append({"bench": "class tables: Chromium console", "pages": len(chromium_pages),
                         "anywidget_failed_to_initialize": sum(d.anywidget_failures() for d in chromium_pages),
                         "console_errors": sum(k != "warning" for d in chromium_pages for k, _t in d.console),
                         "console_warnings": sum(k == "warning" for d in chromium_pages for k, _t in d.console),
                         "first": sorted({t for d in chromium_pages for _k, t in d.console})[:3],
                         "page_ready_chromium_ms": [round(t * 1000) for t in chromium_open],
                         "page_ready_chromium_alone_ms": [round(t * 1000) for t in alone_chromium_open],
                         "redraws_later_than_10s_or_none": sum(r.late for r in runs + alone),
                         "redraws_timed": sum(len(r.own) + len(r.other) + r.missed for r in runs + alone)})
            rows.append({"bench": "class tables: server memory", "n": students, "rss_start_mb": rss0,
                         "rss_before_class_mb": rss1, "rss_class_open_mb": rss2, "rss_after_play_mb": rss3,
                         "mb_per_student": (rss2 - rss1) / students,
                         "missed_other_boards": sum(r.missed for r in runs + alone),
                         "page_moves": sum(r.page_moves for r in runs), "store_moves": sum(r.store_moves for r in runs),
                         "errors": sum(len(r.errors) for r in runs + alone)})
            # -- kill -9 mid-class
            stop = asyncio.Event()
            busy = [asyncio.create_task(play_table(st, r, 50, random.Random(100 + i), stop)) for i, r in enumerate(runs)]
            await asyncio.sleep(4.0)
            stop_server(server, signal.SIGKILL)
            committed = {r.code: st.status(r.code).move_count for r in runs}  # the bench's own writes may follow
            stop.set()
            await asyncio.gather(*busy, return_exceptions=True)
            at_kill = {r.code: st.status(r.code).move_count for r in runs}
            headless = [TableRun(r.game, r.code, [x for x in r.seats if isinstance(x.device, Device)]) for r in runs]
            await close_all(headless)  # their sockets are dead: these pages reload (below)
            t_start = time.perf_counter()
            server = start_server(port, db, log)
            restart_s = time.perf_counter() - t_start
            fresh = open_store(str(db))
            after = {r.code: fresh.status(r.code).move_count for r in runs}
            fresh.close()
            lost = sum(max(0, at_kill[c] - after[c]) for c in after)
            t_back = time.perf_counter()

            async def back(s):
                """A headless page reloads; a Chromium page is left to Solara's front end for 45 s (reloaded by
                the bench only if its board is not back and live by then)."""
                d = s.device
                if isinstance(d, Device):
                    d.reset()
                    d.server = server
                    return "reload", await d.open()
                sel = f".bw-board-box.{d.board}"
                deadline = time.perf_counter() + 45
                while time.perf_counter() < deadline:
                    with contextlib.suppress(Exception):  # a page navigating
                        got = await d.page.evaluate(
                            "(sel) => ({mark: window.__bwmark || 0, board: !!document.querySelector(sel), "
                            "status: (window.solara && solara.debug && solara.debug.kernel()) ? "
                            "solara.debug.kernel().status : 'none'})", sel)
                        if got["board"] and (got["mark"] == 0 or got["status"] == "idle"):
                            took = time.perf_counter() - t_back
                            await d.page.evaluate(_WATCH_JS)
                            return ("by itself (page reloaded)" if got["mark"] == 0 else "by itself (same page)"), took
                    await asyncio.sleep(0.1)
                await d.page.reload()
                await d.page.wait_for_selector(sel, timeout=60_000)
                await d.page.evaluate(_WATCH_JS)
                return "reloaded by the bench after 45 s", time.perf_counter() - t_back

            backs = list(await asyncio.gather(*(back(s) for r in runs for s in r.seats)))
            reopen = [t for _, t in backs]
            how: dict = {}
            for w, _ in backs:
                how[w] = how.get(w, 0) + 1
            all_back = time.perf_counter() - t_back
            check_boards(runs)
            probe = runs[1]  # the Chromium table: a move clicked in Chromium after the restart
            n0, m0, o0 = st.status(probe.code).move_count, probe.missed, len(probe.other)
            probe_note = "the pages as they came back"

            async def probe_move():
                for _ in range(10):  # a bot may be thinking
                    if await move_once(st, probe) is not None:
                        return
                    await asyncio.sleep(0.5)

            try:
                await probe_move()
            except Exception as e:  # noqa: BLE001 (a page that looked back was not live: reported, then reloaded)
                probe_note = f"failed ({e}); after reloading the Chromium pages: "
                for x in probe.seats:
                    await x.device.page.reload()
                    await x.device.page.wait_for_selector(f".bw-board-box.{x.device.board}", timeout=60_000)
                    await x.device.page.evaluate(_WATCH_JS)
                m0, o0 = probe.missed, len(probe.other)
                try:
                    await probe_move()
                    probe_note += "ok"
                except Exception as e2:  # noqa: BLE001
                    probe_note += f"failed again ({e2})"
            played_after = st.status(probe.code).move_count - n0
            rows.append({"bench": "class tables: kill -9 mid-class", "n": len(runs),
                         "moves_committed_at_kill": sum(committed.values()),
                         "moves_committed_incl_bench_after_kill": sum(at_kill.values()),
                         "moves_in_store_after_restart": sum(after.values()), "moves_lost": lost, "goal": "0 lost",
                         "restart_s": restart_s, "pages_reopened": len(reopen), "reopen_p50_ms": pct(reopen, 0.5),
                         "reopen_max_ms": max(reopen) * 1000, "all_back_s": all_back,
                         "move_after_restart": played_after, "how": how, "chromium_move_after_restart": probe_note,
                         "after_restart_others_saw_it": len(probe.other) - o0, "after_restart_others_missed": probe.missed - m0,
                         "chromium_back_ms": [round(t * 1000) for (w, t), s in
                                              zip(backs, [x for r in runs for x in r.seats])
                                              if isinstance(s.device, ChromiumDevice)]})
            if lost:
                raise RuntimeError(f"kill -9 lost {lost} committed moves: {at_kill} -> {after}")
            await close_all(runs)
        finally:
            with contextlib.suppress(Exception):
                await browser.close()
                await pw.stop()
            st.close()
            stop_server(server)
            tb = server.tracebacks()
            if tb:
                print(f"  server tracebacks: {len(tb)}; first:\n{tb[0]}")
    return rows


def run(quick: bool = False) -> list[dict]:
    return asyncio.run(_run(quick))


if __name__ == "__main__":
    for r in run(quick="--quick" in sys.argv):
        print("  ".join(f"{k}={v:.1f}" if isinstance(v, float) else f"{k}={v}" for k, v in r.items()), flush=True)
