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
cookie. A move is made as a student makes it, on the student's own page:

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
restart (goal 0). Reconnect: each device opens its page again with its cookie (a reload, as
Solara's front end asks for after a restart); timed until its board is drawn, and checked
that the board is there and that the same seat plays again (one more move at a Balda table
after the restart, clicked on the page).

Checks (raise): every move sent from a page is committed; every page of a table draws its
board; no move lost across kill -9 (reported, and raised only if the count went down).
Bounded: every wait has a timeout, every loop a count; only 127.0.0.1.

Run: ``python bench/bench_class_tables.py`` (``--quick``: fewer moves).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import statistics
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
from _browser import free_port  # noqa: E402  (bench/ is not a package)
from bench_class import HeadlessClient, Server, Step  # noqa: E402

APP = REPO / "balada_widgets" / "app.py"
TEACHER_TOKEN = "bench-teacher-" + uuid.uuid4().hex
ARRIVE_S = 0.3
THINK_S = (1.0, 2.5)
OTHER_TIMEOUT_S = 15.0
BOARD = {"balda": "bw-balda-grid", "barcadia": "bw-barcadia-board", "balada": "bw-sheet-board"}


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
        bare, _, query = path.partition("?")
        await self._send("comm_msg", {"comm_id": self.control, "data": {"method": "run", "args": {
            "path": bare, "appName": "__default__", **({"search": "?" + query} if query else {})}}})
        await self._wait(lambda e: e[0] == "control" and e[1].get("method") == "finished", 120, "the app to render")
        return time.perf_counter() - t0

    def drain(self) -> None:
        while not self._events.empty():
            self._events.get_nowait()

    async def next_svg(self, t0: float, timeout: float = OTHER_TIMEOUT_S) -> Optional[float]:
        """Seconds from ``t0`` to the first new board SVG after ``t0`` (None: none within ``timeout``)."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            while not self._events.empty():
                kind, _ref, t = self._events.get_nowait()
                if kind == "svg" and t >= t0:
                    return t - t0
            await asyncio.sleep(0.005)
        return None


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
    errors: list = field(default_factory=list)


def make_table(st, game: str, seats: list, watchers: int, tag: str) -> TableRun:
    """A table of ``game`` (``seats``: "open" or "bot"), a student per open seat and ``watchers`` students watching."""
    options = {"balda": {"size": 5}, "barcadia": {}, "balada": {}}[game]
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


async def move_once(st, run: TableRun, timed: bool = True) -> bool:
    """The next move at the table; False when nobody can move (over, or only bots)."""
    status = await asyncio.to_thread(st.status, run.code)
    if status.over or not status.to_move:
        return False
    by_seat = {s.seat: s for s in run.seats if s.token is not None}
    movers = [by_seat[p] for p in status.to_move if p in by_seat]
    if not movers:
        return False
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
    before = status.move_count
    if not steps or not timed or me.device is None:
        texts = await asyncio.to_thread(st.legal_moves, run.code, me.token)
        if not texts:
            return False
        await asyncio.to_thread(st.play, run.code, me.token, texts[0])
        run.store_moves += 1
        return True
    for s in steps[:-1]:
        await me.device.act(s)
    for o in others:
        o.drain()
    t0 = time.perf_counter()
    own = await me.device.act(steps[-1])
    got = await asyncio.gather(*(o.next_svg(t0) for o in others))
    after = (await asyncio.to_thread(st.status, run.code)).move_count
    if after <= before:
        raise RuntimeError(f"{run.game} table {run.code}: {me.name}'s move from the page was not committed")
    run.page_moves += 1
    run.own.append(own)
    run.other += [g for g in got if g is not None]
    run.missed += sum(g is None for g in got)
    return True


async def play_table(st, run: TableRun, moves: int, rng: random.Random, stop: Optional[asyncio.Event] = None):
    for _ in range(moves):
        if stop is not None and stop.is_set():
            return
        await asyncio.sleep(rng.uniform(*THINK_S))
        try:
            if not await move_once(st, run):
                return
        except Exception as e:  # noqa: BLE001 (reported; the class goes on)
            run.errors.append(f"{run.game} {run.code}: {type(e).__name__}: {e}")
            if stop is not None and stop.is_set():
                return


async def open_devices(server: Server, runs: list, arrive_s: float) -> list:
    """Every student's page, one arriving every ``arrive_s``; the seconds each took to open."""
    async def one(seat: Seat, run: TableRun, delay: float):
        await asyncio.sleep(delay)
        seat.device = Device(server, seat.name, seat.cookie, f"/table/{run.code}")
        return await seat.device.open()

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
        try:
            rss0 = server.rss_mb()
            # -- one table alone (the baseline): a Balda table, then a Barcadia table
            alone = [make_table(st, "balda", ["open"] * 3, 0, "A"), make_table(st, "barcadia", ["open"] * 3, 0, "B")]
            alone_open = []
            for run in alone:
                alone_open += await open_devices(server, [run], 0.0)
                check_boards([run])
                await play_table(st, run, moves_alone, rng)
                await close_all([run])
            # -- the class
            plan = [("balda", ["open"] * 3, 0), ("balda", ["open"] * 3, 0), ("balda", ["open", "open", "bot"], 1),
                    ("balda", ["open", "open", "bot"], 1), ("barcadia", ["open"] * 3, 0),
                    ("barcadia", ["open"] * 3, 0), ("barcadia", ["open", "open", "bot"], 1),
                    ("balada", ["open"] * 3, 0), ("balada", ["open"] * 3, 0), ("balada", ["open", "open", "bot"], 1)]
            runs = [make_table(st, g, seats, w, f"T{i}") for i, (g, seats, w) in enumerate(plan)]
            students = sum(len(r.seats) for r in runs)
            await asyncio.sleep(6)  # the baseline's pages culled
            rss1, load_arrive = server.rss_mb(), os.getloadavg()[0]
            teacher = Device(server, "teacher", str(uuid.uuid4()), f"/teacher?token={TEACHER_TOKEN}")
            teacher_open = await teacher.open()
            class_open = await open_devices(server, runs, ARRIVE_S)
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
            for game in ("balda", "barcadia"):
                c = [x for r in runs if r.game == game for x in r.other]
                a = [x for r in alone if r.game == game for x in r.other]
                if c and a:
                    rows.append({"bench": f"class tables: {game} click -> other boards", "n": len(c),
                                 "p50_ms": pct(c, 0.5), "p95_ms": pct(c, 0.95), "baseline": "alone",
                                 "baseline_p95_ms": pct(a, 0.95), "ratio": pct(c, 0.95) / pct(a, 0.95)})
            rows.append({"bench": "class tables: page open while the class arrives", "n": len(class_open),
                         "p50_ms": pct(class_open, 0.5), "p95_ms": pct(class_open, 0.95),
                         "baseline": "a table's page opened alone", "baseline_p50_ms": pct(alone_open, 0.5),
                         "ratio": pct(class_open, 0.95) / pct(alone_open, 0.95), "teacher_open_ms": teacher_open * 1000,
                         "load": f"{load_arrive:.1f}"})
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
            before = {r.code: st.status(r.code).move_count for r in runs}
            stop_server(server, signal.SIGKILL)
            killed_at = time.perf_counter()
            committed = {r.code: st.status(r.code).move_count for r in runs}  # the bench's own writes may follow
            stop.set()
            await asyncio.gather(*busy, return_exceptions=True)
            at_kill = {r.code: st.status(r.code).move_count for r in runs}
            await close_all(runs)
            server = start_server(port, db, log)
            restart_s = time.perf_counter() - killed_at
            fresh = open_store(str(db))
            after = {r.code: fresh.status(r.code).move_count for r in runs}
            fresh.close()
            lost = sum(max(0, at_kill[c] - after[c]) for c in after)
            reopen = []
            for r in runs:
                for s in r.seats:
                    s.device.reset()
                    s.device.server = server
            t_back = time.perf_counter()

            async def back(s):
                return await s.device.open()

            reopen = list(await asyncio.gather(*(back(s) for r in runs for s in r.seats)))
            all_back = time.perf_counter() - t_back
            check_boards(runs)
            probe = next(r for r in runs if r.game == "balda")
            n0 = st.status(probe.code).move_count
            await move_once(st, probe)
            played_after = st.status(probe.code).move_count - n0
            rows.append({"bench": "class tables: kill -9 mid-class", "n": len(runs),
                         "moves_committed_at_kill": sum(committed.values()), "moves_before_kill_4s": sum(before.values()),
                         "moves_in_store_after_restart": sum(after.values()), "moves_lost": lost, "goal": "0 lost",
                         "restart_s": restart_s, "pages_reopened": len(reopen), "reopen_p50_ms": pct(reopen, 0.5),
                         "reopen_max_ms": max(reopen) * 1000, "all_back_s": all_back,
                         "move_after_restart": played_after})
            if lost:
                raise RuntimeError(f"kill -9 lost {lost} committed moves: {at_kill} -> {after}")
            if played_after < 1:
                raise RuntimeError("no move could be played from a page after the restart")
            await close_all(runs)
        finally:
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
