"""Live tables: a move made on one device appears on every other device of the table, without a click.

Pure Python (no Solara import): the pages (:mod:`.pages`) use it, and so can a test.

Three pieces:

- :class:`LiveStore`, the store the app opens (a :class:`~.store.Store` that tells the
  :data:`NOTIFIER` after each of its writes: a move, the bots' answers, a join, a seat handed
  to a bot, a table ended);
- :class:`Notifier`, one per process: a page *watches* a table with a callback; the
  callback is remembered with the Solara kernel context it was registered in (each browser
  tab is one virtual kernel of the one server process) and is run **in that context**, on
  a small pool of worker threads, never in the thread of the student who moved, and under
  that kernel's lock (the one Solara holds while it handles a message of the page: a click
  is never handled in the middle of a live render of the same page). A write
  of this process reaches every watching kernel at once; a write of *another* process (two
  app servers sharing a PostgreSQL, or a second ``solara run`` on one SQLite file) is
  found by the notifier's poll of the watched tables' move counts and seats, every
  :data:`POLL_SECONDS`. Callbacks of one watcher never pile up: a watcher has at most one
  run queued (the run reads everything that is new);
- :class:`TableSession`, one seat's copy of a table, for the room's own view: a
  :class:`~balada_widgets.core.session.Session` whose :meth:`~TableSession.play` sends the
  move to the store (``store.play(code, token, text, client_move_id=...)``: a double click
  or a resent message plays once) and whose :meth:`~TableSession.sync` appends the moves
  the store has that it lacks (the others', the bots', chance's). It takes nothing back
  (undo, redo and going back in the log are off: a table's moves are everybody's).
  Each of its positions is the seat's view of the store's (``game.view(state, seat)``; the
  spectator's ``game.view(state, None)``): a page holds nothing its seat may not know, so the
  room's view cannot show another seat's hand even by mistake. :class:`RemoteSeat` sits the
  other seats with the page's bots, so the view shows one seat and no pass screen.

>>> from balada_widgets.classroom.live import LiveStore, TableSession
>>> store = LiveStore("sqlite://")
>>> table = store.create_table("balda", seed=1)
>>> ana, ben = store.join(table.code, "Ana"), store.join(table.code, "Ben")
>>> at_ana, at_ben = TableSession(store, table.code, ana), TableSession(store, table.code, ben)
>>> seen = []
>>> stop = NOTIFIER.watch(store, table.code, lambda: seen.append(at_ben.sync()))
>>> at_ana.play(at_ana.legal_moves(0)[0])
>>> NOTIFIER.drain()                   # the callback ran (in a worker thread): Ben's copy has Ana's move
>>> seen, at_ben.history == at_ana.history, at_ben.count == store.status(table.code).move_count
([True], True, True)
>>> stop(); store.close()
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import hashlib
import itertools
import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from ..core.kernels import current_context
from ..core.errors import GameError, IllegalMove
from ..core.session import Node, Session
from .schema import seats as _seats, tables as _tables
from .store import Store, normalize_code

__all__ = ["LiveStore", "NOTIFIER", "Notifier", "POLL_SECONDS", "RemoteSeat", "TableSession", "seat_bots"]

log = logging.getLogger(__name__)

#: how often the notifier reads the watched tables (another process's moves); a page's heartbeat is every
#: :data:`HEARTBEAT_SECONDS`
POLL_SECONDS = 1.0
HEARTBEAT_SECONDS = 20.0
WORKERS = 4


# ---------------------------------------------------------------------------- the notifier


@dataclass(eq=False)
class _Watcher:
    store: "LiveStore"
    code: str
    callback: Callable[[], Any]
    context: Any
    token: Optional[str] = None
    queued: bool = False
    closed: bool = False
    touched: float = field(default_factory=time.monotonic)


class Notifier:
    """Who watches which table, in which kernel; runs their callbacks when the table changes (see the module
    docstring). One per process: :data:`NOTIFIER`."""

    def __init__(self, poll: float = POLL_SECONDS, workers: int = WORKERS):
        self.poll = poll
        self._lock = threading.RLock()
        self._by_code: dict[str, dict[int, _Watcher]] = {}
        self._ids = itertools.count(1)
        self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="balada-live")
        self._pending: set[concurrent.futures.Future] = set()
        self._seen: dict[tuple[int, str], tuple] = {}
        self._poller: Optional[threading.Thread] = None
        self._wake = threading.Event()
        #: (kind, seconds) of each callback run, for measurements (the last 1000)
        self.timings: list[float] = []

    # ------------------------------------------------------------ watching
    def watch(self, store: "LiveStore", code: str, callback: Callable[[], Any], token: Optional[str] = None):
        """Run ``callback()`` (in the current kernel context) whenever table ``code`` changes; returns the
        unsubscribe. ``token``: the page's seat token, touched every :data:`HEARTBEAT_SECONDS` (the seat
        shows its student there)."""
        code = normalize_code(code)
        ctx = current_context()
        w = _Watcher(store, code, callback, ctx, token)
        wid = next(self._ids)
        with self._lock:
            self._by_code.setdefault(code, {})[wid] = w
            self._start_poller()

        def stop() -> None:
            w.closed = True
            with self._lock:
                found = self._by_code.get(code)
                if found is not None:
                    found.pop(wid, None)
                    if not found:
                        del self._by_code[code]
                        self._seen.pop((id(store), code), None)

        if ctx is not None:
            try:
                ctx.on_close(stop)
            except Exception:  # pragma: no cover - an older Solara without on_close
                pass
        return stop

    def watchers(self, code: str) -> int:
        """How many pages watch the table now."""
        with self._lock:
            return len(self._by_code.get(normalize_code(code), {}))

    def notify(self, code: str) -> None:
        """Table ``code`` changed: queue one run of each of its watchers' callbacks (one queued run each)."""
        with self._lock:
            found = list(self._by_code.get(code, {}).values())
        for w in found:
            self._queue(w)

    def submit(self, fn: Callable[[], Any]) -> None:
        """Run ``fn()`` on the notifier's workers (the bots' answers, after a student's move)."""
        fut = self._pool.submit(self._guard, fn)
        with self._lock:
            self._pending.add(fut)
        fut.add_done_callback(self._done)

    def drain(self, timeout: float = 10.0) -> None:
        """Wait until no callback is queued or running (tests, doctests)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                pending = list(self._pending)
            if not pending:
                return
            concurrent.futures.wait(pending, timeout=max(0.0, deadline - time.monotonic()))
        raise TimeoutError("the live callbacks did not finish")

    # ------------------------------------------------------------ internals
    def _queue(self, w: _Watcher) -> None:
        with self._lock:
            if w.queued or w.closed:
                return
            w.queued = True
        self.submit(lambda: self._run(w))

    def _done(self, fut) -> None:
        with self._lock:
            self._pending.discard(fut)

    @staticmethod
    def _guard(fn) -> None:
        try:
            fn()
        except Exception:  # a page's failure must not stop the others' updates
            log.exception("a live table callback failed")

    def _run(self, w: _Watcher) -> None:
        with self._lock:
            w.queued = False  # a change from now on queues another run
        if w.closed:
            return
        t0 = time.perf_counter()
        ctx = w.context
        if ctx is None:
            w.callback()
        else:
            closed = getattr(ctx, "closed_event", None)
            if closed is not None and closed.is_set():
                w.closed = True
                return
            # the kernel's lock, as Solara holds it while it handles one of the page's messages: a render here
            # in the middle of a click's handling there swapped the clicked button's handler away (the click
            # was lost: ipyvue's KeyError 'click'), or drew the page from half of the click's state
            lock = getattr(ctx, "lock", None)
            with lock if lock is not None else contextlib.nullcontext():
                if closed is not None and closed.is_set():
                    w.closed = True
                    return
                if w.closed:  # the page stopped watching while this run waited for its lock (a render swapped
                    return    # its watcher: e.g. a seat taken gives the page a token, and a watcher for it)
                with ctx:
                    w.callback()
        self.timings = self.timings[-999:] + [time.perf_counter() - t0]

    def _start_poller(self) -> None:
        if self._poller is not None and self._poller.is_alive():
            return
        self._poller = threading.Thread(target=self._poll_loop, name="balada-live-poll", daemon=True)
        self._poller.start()

    def _poll_loop(self) -> None:
        while True:
            self._wake.wait(self.poll)
            self._wake.clear()
            with self._lock:
                watched = {(id(w.store), code): w.store for code, ws in self._by_code.items() for w in ws.values()}
                beats = [w for ws in self._by_code.values() for w in ws.values()
                         if w.token and time.monotonic() - w.touched > HEARTBEAT_SECONDS]
            for (sid, code), store in watched.items():
                try:
                    sig = store.signature(code)
                except Exception:  # the store closed, the table erased: nothing to tell
                    continue
                key = (sid, code)
                with self._lock:
                    changed = self._seen.get(key) != sig
                    self._seen[key] = sig
                if changed:
                    self.notify(code)
            for w in beats:
                w.touched = time.monotonic()
                try:
                    w.store.touch(w.code, w.token)
                except Exception:  # a seat handed to a bot meanwhile: its token no longer acts
                    pass


#: the process's notifier
NOTIFIER = Notifier()


# ---------------------------------------------------------------------------- the store that tells


class LiveStore(Store):
    """The class store of the app: every write tells :data:`NOTIFIER` (see the module docstring)."""

    notifier: Notifier = NOTIFIER

    def _told(self, code: Any) -> None:
        try:
            self.notifier.notify(normalize_code(code))
        except GameError:
            pass

    def _write(self, code: Any, fn: Callable[[], Any], tell: Callable[[Any], bool] = lambda _r: True):
        """Run a write and tell the watchers (a refusal wrote nothing: no news)."""
        try:
            result = fn()
        except GameError:
            raise
        except BaseException:
            self._told(code)  # a part may have been committed (a move, then a bot failed)
            raise
        if tell(result):
            self._told(code)
        return result

    def play(self, code, token, move, **kw):
        return self._write(code, lambda: super(LiveStore, self).play(code, token, move, **kw))

    def roll(self, code, token, **kw):
        return self._write(code, lambda: super(LiveStore, self).roll(code, token, **kw))

    def advance_bots(self, code, max_moves: int = 10_000) -> int:
        return self._write(code, lambda: super(LiveStore, self).advance_bots(code, max_moves), lambda n: n > 0)

    def join(self, code, name, *args, **kw) -> str:
        return self._write(code, lambda: super(LiveStore, self).join(code, name, *args, **kw))

    def hand_to_bot(self, code, seat, level=None, **kw) -> None:
        return self._write(code, lambda: super(LiveStore, self).hand_to_bot(code, seat, level, **kw))

    def open_seat(self, code, seat, **kw) -> None:
        return self._write(code, lambda: super(LiveStore, self).open_seat(code, seat, **kw))

    def end_table(self, code, **kw) -> None:
        return self._write(code, lambda: super(LiveStore, self).end_table(code, **kw))

    def advance_later(self, code: str) -> None:
        """Let the bots answer on the notifier's workers (the student's own move is shown first)."""
        self.notifier.submit(lambda: self.advance_bots(code))

    # ------------------------------------------------------------ reads for the pages (server side)
    def signature(self, code: str) -> tuple:
        """What the notifier's poll compares: the move count, the end, each seat's kind, name and level."""
        row = self._table_row(code)
        seats = self._seats(row.id, None)
        return (row.move_count, row.ended_at, tuple((s.kind, s.name, s.bot_level) for s in seats))

    def nodes(self, code: str, since: int = 0) -> tuple[int, list[Node]]:
        """``(count, nodes)``: the table's move count and the live session's nodes after ``since`` (server
        side: the nodes hold every hand; :class:`TableSession` keeps their moves and states)."""
        row = self._table_row(code)
        with self._table_lock(row.id):
            live = self._catch_up(row)
            path = live.session.current.path()
            return live.count, path[since:]

    def game_of(self, code: str):
        """``(game, seed, root state, custom start)`` of the table's live session (server side)."""
        s = self.table(code).session
        return s.game, s.seed, s.root.state, s.custom_start

    def is_creator(self, code: str, browser: Optional[str]) -> bool:
        """Did the browser of cookie ``browser`` create the table (it may hand its seats to bots)?"""
        if not browser:
            return False
        row = self._table_row(code)
        if row.creator_id is None:
            return False
        with self._reader.connect() as c:
            return self._browser_id(c, browser) == row.creator_id


# ---------------------------------------------------------------------------- a seat's copy of a table


class RemoteSeat:
    """A seat played elsewhere (a classmate's device, or the store's bot): it sits with the page's bots, so the
    room's view shows this page's seat alone, and the kit's bot loop never moves it (``remote = True``).

    ``kind``: ``"human"`` (a classmate: ``name`` is the name they chose), ``"bot"`` (the store's bot of
    ``level``) or ``"open"`` (nobody yet); the kit's one name per seat
    (:func:`~balada_widgets.core.spec.seat_name`) reads them.
    """

    remote = True

    def __init__(self, seat: int, kind: str = "human", name: str = "", level: str = ""):
        self.seat = seat
        self.kind = kind
        self.name = name
        self.level = level

    def choose(self, game, state, player):  # pragma: no cover - the kit never asks a remote seat
        raise IllegalMove(f"seat {player + 1} is played on another device", rule="seat")

    def __repr__(self) -> str:
        return f"RemoteSeat({self.seat}, {self.kind!r}, {self.name!r}, {self.level!r})"


def seat_bots(status, you: Optional[int]) -> dict[int, RemoteSeat]:
    """``{seat: RemoteSeat}`` for every seat of a :class:`~.store.TableStatus` but ``you`` (every seat for a
    spectator)."""
    out = {}
    for s in status.seats:
        if s.seat == you:
            continue
        if s.kind == "bot":
            out[s.seat] = RemoteSeat(s.seat, "bot", level=s.bot_level or "")
        elif s.kind == "human":
            out[s.seat] = RemoteSeat(s.seat, "human", s.name)
        else:
            out[s.seat] = RemoteSeat(s.seat, "open")
    return out


class TableSession(Session):
    """One seat's (or a spectator's: ``token=None``) copy of the table ``code`` (see the module docstring)."""

    #: a class table: nothing is taken back here
    shared = True

    def __init__(self, store: LiveStore, code: str, token: Optional[str] = None):
        game, seed, root, custom = store.game_of(code)
        super().__init__(game, seed=seed, state=root if custom else None, auto_chance=False)
        self.store = store
        self.code = normalize_code(code)
        self.token = token
        #: the seat this copy shows (None: a spectator); every position it holds is that seat's view
        self.seat: Optional[int] = store.status(code, token).you if token is not None else None
        self.root.state = game.view(root, self.seat)
        self.count = 0
        self._sync_lock = threading.RLock()
        self.sync(quiet=True)

    # ------------------------------------------------------------ the store's moves
    def sync(self, quiet: bool = False) -> bool:
        """Append the moves the store has and this copy lacks; tell the views. True when something came."""
        with self._sync_lock:
            count, nodes = self.store.nodes(self.code, self.count)
            if count < self.count:  # the class was erased under us: start again
                self.current = self.root
                self.root.children.clear()
                self.root.last_child = None
                self.nodes = {0: self.root}
                self.count = 0
                count, nodes = self.store.nodes(self.code, 0)
            if not nodes:
                return False
            for n in nodes:
                self._ids += 1
                state = self.game.view(n.state, self.seat)  # what this seat may know, never more
                node = Node(self._ids, self.current, n.move, n.text, state, self.current.depth + 1, n.by_chance)
                self.nodes[node.id] = node
                self.current.children.append(node)
                self.current.last_child = node
                self.current = node
            self.count += len(nodes)
        if not quiet:
            self._changed()
        return True

    # ------------------------------------------------------------ a move of this seat
    def play(self, move) -> None:
        """Send this seat's move to the store (committed when it returns), then show it; the bots answer after.
        A refusal is the store's or the game's :class:`~balada_widgets.core.errors.GameError`."""
        if self.token is None:
            raise IllegalMove("you are watching this table: take a seat to play", rule="seat")
        text = move if isinstance(move, str) else self.game.move_to_text(move)
        # the same move at the same move number is one move: a double click, a resent message, a second tab
        client_id = f"{self.count}:{hashlib.sha256(text.encode('utf-8')).hexdigest()[:24]}"
        self.store.play(self.code, self.token, text, client_move_id=client_id, bots=False)
        self.sync()
        self.store.advance_later(self.code)

    def roll(self) -> None:
        """Roll the die that waits for this seat (the game's pause before chance): the store rolls it, committed
        when it returns, then the bots answer after."""
        if self.token is None:
            raise IllegalMove("you are watching this table: take a seat to play", rule="seat")
        self.store.roll(self.code, self.token, expected=self.count, bots=False)
        self.sync()
        self.store.advance_later(self.code)

    # ------------------------------------------------------------ nothing is taken back
    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def undo(self) -> None:
        return None

    def redo(self) -> None:
        return None

    def goto(self, node_id: int) -> None:
        """A table's position is its last one: going back in the log is a lab's, not a table's."""
        return None

    def restart(self) -> None:
        return None
