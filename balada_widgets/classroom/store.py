"""The class store: games, tables, seats, lesson progress, in SQLite or PostgreSQL.

See :mod:`balada_widgets.classroom` for the guide and ``docs/classroom.md`` for the
operator's side (where the file is, ``--db`` or ``BALADA_DB``, a hub's PostgreSQL).

How a move is kept. A table's line is its game's name, options and seed, and its moves
as append-only rows numbered from 1 (chance's draws too, so a replay never needs the
generator and a later release that draws differently still rebuilds the same game).
:meth:`Store.play` checks the move on the process's live
:class:`~balada_widgets.core.session.Session` of the table, then, in one transaction,
moves the table's count from ``n`` to ``n + k`` *only if it is still n* and inserts the
``k`` rows (the move and the chance draws it caused); the commit returns before the
caller shows anything. Another process that appended first makes the count differ: the
transaction is rolled back, the live session catches up (it reads the rows it lacks)
and the move is checked again. Every call that reads a table compares the stored count
with the live one, so two processes (two app servers on one PostgreSQL) see each
other's moves.

Rules of the store (named in its refusals, as a game names its rules):

- ``seat``: a token acts only for its own seat.
- ``token``: a token is the one :meth:`Store.join` gave, not withdrawn.
- ``code``: a table code is 8 characters of ``23456789ABCDEFGHJKMNPQRSTUVWXYZ``.
- ``rate``: a browser may try at most :data:`JOIN_FAILURES` wrong codes in
  :data:`JOIN_WINDOW` seconds.
- ``seats``: a join takes an open seat; a seat is open, a student's or a bot's.
- ``ended``: an ended table takes no move.
- ``once``: a client move id names one move; ``stale``: a move sent for move number
  ``n`` is refused when the table is at another number.
- ``teacher``: the teacher's actions need the teacher token (or, for a table's seats,
  its creator's browser).
- ``schema``: a store written by a newer release is not opened.
"""

from __future__ import annotations

import csv
import hashlib
import inspect
import io
import json
import os
import secrets
import sys
import threading
import time
import unicodedata
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional

import sqlalchemy as sa
from sqlalchemy import delete, event, func, insert, select, update
from sqlalchemy.exc import IntegrityError, OperationalError

from ..core.errors import GameError, IllegalMove, InvalidInput
from ..core.files import untrusted
from ..core.session import SAVE_FORMAT, SAVE_VERSION, Session, game_class
from . import bots as _bots
from .schema import (
    MIGRATIONS, SCHEMA_VERSION, answers, browsers, classes, join_attempts, meta, metadata, moves, progress,
    resume_pages, seats, tables, tokens,
)

_seats_table = seats  # create_table's parameter ``seats`` hides the name there

#: the letters of a table code: no 0/O, 1/I/L (31 letters: 31**8 ≈ 8.5e11 codes)
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8
#: wrong codes a browser may try in :data:`JOIN_WINDOW` seconds
JOIN_FAILURES = 20
JOIN_WINDOW = 600.0
#: the longest name a student may choose, and the longest client move id
NAME_CHARS = 40
CLIENT_ID_CHARS = 80
#: a table's options are at most this long as JSON
OPTIONS_CHARS = 64_000
TABLE_KINDS = ("table", "hotseat", "bots")
#: how many tables' live sessions a process keeps (the others are replayed from the database when used)
LIVE_TABLES = 256


def data_dir() -> Path:
    """Where the default store lives: ``$BALADA_DATA``, else ``~/.local/share/balada-widgets``."""
    env = os.environ.get("BALADA_DATA")
    return Path(env).expanduser() if env else Path.home() / ".local" / "share" / "balada-widgets"


def default_url() -> str:
    """The app's ``--db URL`` (:func:`command_line_db`), else ``$BALADA_DB``, else the SQLite file
    ``classroom.sqlite3`` in :func:`data_dir`."""
    return (command_line_db() or os.environ.get("BALADA_DB")
            or f"sqlite:///{data_dir() / 'classroom.sqlite3'}")


def command_line_db(argv: Optional[list[str]] = None) -> Optional[str]:
    """The ``--db URL`` (or ``--db=URL``) given to the app after ``--`` on its command line, or ``None``.

    ``solara run`` reads its own options up to ``--`` and leaves the rest in ``sys.argv`` of the
    server's process, where the app finds it::

        solara run balada_widgets/app.py --production -- --db postgresql://balada@db-host/class

    ``--db`` is the only word taken there: anything else after ``--`` is refused (a mistyped
    option is not ignored), and so is ``--db`` without a URL.

    >>> command_line_db(["solara", "run", "balada_widgets/app.py", "--", "--db", "/srv/class.sqlite3"])
    '/srv/class.sqlite3'
    >>> command_line_db(["solara", "run", "balada_widgets/app.py", "--port", "8765"]) is None
    True
    """
    args = list(sys.argv if argv is None else argv)
    if "--" not in args:
        return None
    rest = args[args.index("--") + 1:]
    url: Optional[str] = None
    i = 0
    while i < len(rest):
        word = rest[i]
        if word == "--db" and i + 1 < len(rest) and rest[i + 1].strip() and not rest[i + 1].startswith("--"):
            url, i = rest[i + 1], i + 2
        elif word.startswith("--db=") and word[len("--db="):].strip():
            url, i = word[len("--db="):], i + 1
        elif word == "--db" or word == "--db=":
            raise InvalidInput("--db names the class store: a database URL or a SQLite file path "
                               "(e.g. -- --db postgresql://user@host/dbname)")
        else:
            raise InvalidInput(f"the app takes --db URL after '--' on its command line, not {word!r}")
    return url.strip() if url else None


def normalize_url(url: str) -> str:
    """A database URL for SQLAlchemy: a plain path is a SQLite file; ``postgresql://`` uses psycopg 3.

    >>> normalize_url("postgresql://balada@/postgres?host=/tmp/x")
    'postgresql+psycopg://balada@/postgres?host=/tmp/x'
    >>> normalize_url("/srv/class.sqlite3")
    'sqlite:////srv/class.sqlite3'
    """
    if not isinstance(url, str) or not url.strip():
        raise InvalidInput(f"a store is named by a database URL or a file path, not {url!r}")
    url = url.strip()
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain):]
    return url


def hash_secret(text: str) -> str:
    """The SHA-256 (hex) under which a token or a browser id is kept."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def new_secret() -> str:
    """A new token: 24 random bytes, URL-safe (32 characters)."""
    return secrets.token_urlsafe(24)


def new_code() -> str:
    """A new table code (8 letters of :data:`CODE_ALPHABET`)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(code: Any) -> str:
    """A code as typed (any case, spaces or dashes) as stored; a malformed one is refused (rule ``code``).

    >>> normalize_code(" abcd-efgh ")
    'ABCDEFGH'
    """
    if not isinstance(code, str):
        raise InvalidInput(f"a table code is a text, not {type(code).__name__}", rule="code")
    c = code.strip().upper().replace("-", "").replace(" ", "")
    if len(c) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in c):
        shown = c if len(c) <= 20 else c[:12] + "…"
        raise InvalidInput(f"{shown!r} is not a table code: a code is {CODE_LENGTH} letters and digits "
                           f"(no 0, 1, O, I or L)", rule="code")
    return c


def check_name(name: Any) -> str:
    """A student's chosen name, trimmed: 1 to :data:`NAME_CHARS` printable characters."""
    if not isinstance(name, str):
        raise InvalidInput(f"a name is a text, not {type(name).__name__}", rule="name")
    n = " ".join(name.split())
    if not n:
        raise InvalidInput("choose a name: it is empty", rule="name")
    if len(n) > NAME_CHARS:
        raise InvalidInput(f"a name is at most {NAME_CHARS} characters, not {len(n)}", rule="name")
    if any(unicodedata.category(ch).startswith("C") for ch in n):
        raise InvalidInput("a name holds no control characters", rule="name")
    return n


def _check_secret(value: Any, what: str, rule: str) -> str:
    if not isinstance(value, str) or not 16 <= len(value) <= 200:
        raise InvalidInput(f"{what} is a text of 16 to 200 characters", rule=rule)
    return value


# ---------------------------------------------------------------------------- values handed out


@dataclass(frozen=True)
class Played:
    """What :meth:`Store.play` did: the stored number of the move, the table's count after it
    (and after the bots' answers), and whether it was a resend of a move already played."""

    number: int
    count: int
    duplicate: bool = False


@dataclass(frozen=True)
class SeatStatus:
    """One seat as anybody at the table may see it."""

    seat: int
    kind: str  # open | human | bot
    name: str
    bot_level: Optional[str]
    seen_at: Optional[float]
    you: bool = False


@dataclass(frozen=True)
class TableStatus:
    """A table as ``viewer`` may see it (public facts, never a hand)."""

    code: str
    game: str
    options: dict
    kind: str
    seats: tuple[SeatStatus, ...]
    to_move: tuple[int, ...]
    over: bool
    winners: tuple[int, ...]
    move_count: int
    created_at: float
    moved_at: float
    ended_at: Optional[float]
    ended_reason: Optional[str]
    you: Optional[int]
    #: the seats a die waits for (the game's pause before chance, e.g. Barcadia's battles): one rolls it
    #: (:meth:`Store.roll`); ``to_move`` is then empty
    to_roll: tuple[int, ...] = ()

    @property
    def idle(self) -> float:
        """Seconds since the last move (or the creation)."""
        return max(0.0, time.time() - self.moved_at)


@dataclass(frozen=True)
class LoggedMove:
    """A move of the log as a viewer may see it: number, seat (None: chance), notation, words."""

    number: int
    seat: Optional[int]
    text: str
    words: str


@dataclass
class Table:
    """A table as the server sees it. ``session`` is the store's live session of the table,
    caught up with the database at each access: read it, never play on it (play through
    :meth:`Store.play`); it holds every hand, so a page shows :meth:`Store.view`, not this."""

    store: "Store" = field(repr=False)
    code: str
    game: str
    options: dict
    seed: Any
    kind: str
    seats: tuple[SeatStatus, ...]
    move_count: int
    created_at: float
    ended_at: Optional[float]

    @property
    def session(self) -> Session:
        return self.store._session_of(self.code)


class _Conflict(Exception):
    """Another process appended to the table first: catch up and try again."""


@dataclass
class _Live:
    session: Session
    count: int


# ---------------------------------------------------------------------------- engines


def _engine(url: str) -> sa.Engine:
    u = sa.engine.make_url(url)
    if u.get_backend_name() == "sqlite":
        db = u.database or ""
        if db and db != ":memory:" and not db.startswith("file:"):
            Path(db).expanduser().parent.mkdir(parents=True, exist_ok=True)
        kw: dict[str, Any] = {"connect_args": {"timeout": 30, "check_same_thread": False}}
        if not db or db == ":memory:":
            kw["poolclass"] = _OneConnectionPool
        engine = sa.create_engine(u, **kw)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record):
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")  # a committed move survives a power cut too
            cur.execute("PRAGMA busy_timeout=30000")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    if u.get_backend_name() == "postgresql":
        return sa.create_engine(u, pool_pre_ping=True)
    raise InvalidInput(f"a store is SQLite or PostgreSQL, not {u.get_backend_name()!r}")


class _OneConnectionPool(sa.pool.StaticPool):
    """The pool of an in-memory SQLite database: its one DBAPI connection, lent to one thread at a time.

    ``StaticPool`` lends the one connection to every thread at once, and with it one transaction: a thread's
    read giving the connection back (a ROLLBACK) or committing in the middle of another thread's move (the
    compare-and-set of the count, then the rows) stored half a move, or a chance draw twice. Here a thread
    holds the connection from checkout (``_do_get``) to checkin (``_do_return_conn``); the others wait. The
    lock is reentrant (the holder's own nested use goes on)."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self._lent = threading.RLock()

    def _do_get(self):
        self._lent.acquire()
        try:
            return super()._do_get()
        except BaseException:
            self._lent.release()
            raise

    def _do_return_conn(self, record) -> None:
        try:
            super()._do_return_conn(record)
        finally:
            try:
                self._lent.release()
            except RuntimeError:  # pragma: no cover - given back by the garbage collector in another thread
                pass


# ---------------------------------------------------------------------------- the store


class Store:
    """One class's games, tables, seats and lesson progress in one database (see the module docstring).

    Thread-safe: a Solara server calls it from many threads; each table has its own lock
    in the process, and the database orders the processes.
    """

    def __init__(self, url: Optional[str] = None, class_name: str = "default"):
        self.url = normalize_url(url if url is not None else default_url())
        if not isinstance(class_name, str) or not 1 <= len(class_name) <= 80:
            raise InvalidInput(f"a class is named by a text of 1 to 80 characters, not {class_name!r}")
        self.class_name = class_name
        self.engine = _engine(self.url)
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        # reads need no transaction of their own on PostgreSQL (no BEGIN / ROLLBACK round trips)
        self._reader = self.engine if self.is_sqlite else self.engine.execution_options(isolation_level="AUTOCOMMIT")
        try:
            self._open_schema()
            self.class_id = self._class_row(class_name)
        except BaseException:
            self.engine.dispose()
            raise
        self._lock = threading.RLock()
        self._table_locks: dict[int, threading.RLock] = {}
        self._live: OrderedDict[int, _Live] = OrderedDict()

    def __repr__(self) -> str:
        return f"<Store {self.engine.url.render_as_string(hide_password=True)} class {self.class_name!r}>"

    def close(self) -> None:
        """Close the database connections (the data stays)."""
        self.engine.dispose()
        self._live.clear()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------ schema
    def _open_schema(self) -> None:
        for attempt in range(3):
            try:
                with self.engine.begin() as c:
                    if c.dialect.name == "postgresql":
                        c.execute(sa.text("SELECT pg_advisory_xact_lock(7715015)"))  # one creator at a time
                    else:  # the write lock first: one creator at a time, and the DDL inside the transaction
                        c.exec_driver_sql("BEGIN IMMEDIATE")  # (pysqlite would run it outside, committed at once)
                    self._check_version(c)
                return
            except (OperationalError, IntegrityError, sa.exc.ProgrammingError):
                if attempt == 2:  # two processes created the tables at once: the second finds them next time
                    raise
                time.sleep(0.1 * (attempt + 1))

    def _check_version(self, c) -> None:
        if sa.inspect(c).has_table("meta"):
            row = c.execute(select(meta.c.value).where(meta.c.key == "schema_version")).scalar()
            try:
                version = int(row) if row is not None else None
            except ValueError:
                raise InvalidInput(f"the store's schema version {row!r} is not a number", rule="schema") from None
            if version is not None and version > SCHEMA_VERSION:
                raise InvalidInput(
                    f"this store was written by a newer balada-widgets (schema version {version}); this release "
                    f"reads versions up to {SCHEMA_VERSION}: upgrade balada-widgets to open it", rule="schema")
            if version is not None and version < SCHEMA_VERSION:
                while version < SCHEMA_VERSION:  # one step per version, all in this transaction
                    if version not in MIGRATIONS:
                        raise InvalidInput(f"no migration from schema version {version}", rule="schema")
                    MIGRATIONS[version](c)
                    version += 1
                c.execute(update(meta).where(meta.c.key == "schema_version").values(value=str(version)))
                return
            if version is not None:  # this release's version: every table of the schema is there
                return
        metadata.create_all(c)
        c.execute(insert(meta).values(key="schema_version", value=str(SCHEMA_VERSION)))

    def schema_version(self) -> int:
        with self._reader.connect() as c:
            return int(c.execute(select(meta.c.value).where(meta.c.key == "schema_version")).scalar())

    def _class_row(self, name: str) -> int:
        for _ in range(3):
            with self._reader.connect() as c:
                cid = c.execute(select(classes.c.id).where(classes.c.name == name)).scalar()
            if cid is not None:
                return cid
            try:
                with self.engine.begin() as c:
                    return c.execute(insert(classes).values(name=name, created_at=time.time())
                                     .returning(classes.c.id)).scalar_one()
            except IntegrityError:
                continue
        raise InvalidInput(f"could not make the class {name!r}")

    # ------------------------------------------------------------ browsers
    def new_browser_key(self) -> str:
        """A new long random browser id, for a cookie (kept hashed)."""
        return secrets.token_urlsafe(32)

    def browser(self, key: str, name: Optional[str] = None) -> int:
        """Register or refresh the browser of cookie ``key`` (and its chosen ``name``); its row id."""
        _check_secret(key, "a browser id", "browser")
        h, now = hash_secret(key), time.time()
        values: dict[str, Any] = {"seen_at": now}
        if name is not None:
            values["name"] = check_name(name)
        for _ in range(3):
            with self.engine.begin() as c:
                r = c.execute(update(browsers).where(browsers.c.class_id == self.class_id, browsers.c.key_hash == h)
                              .values(**values).returning(browsers.c.id)).scalar()
                if r is not None:
                    return r
            try:
                with self.engine.begin() as c:
                    return c.execute(insert(browsers).values(class_id=self.class_id, key_hash=h,
                                                             name=values.get("name", ""), created_at=now, seen_at=now)
                                     .returning(browsers.c.id)).scalar_one()
            except IntegrityError:
                continue
        raise InvalidInput("could not register the browser")

    def browser_name(self, key: str) -> Optional[str]:
        """The name the browser chose (None for an unknown browser)."""
        _check_secret(key, "a browser id", "browser")
        with self._reader.connect() as c:
            return c.execute(select(browsers.c.name).where(browsers.c.class_id == self.class_id,
                                                           browsers.c.key_hash == hash_secret(key))).scalar()

    def _browser_id(self, c, key: Optional[str]) -> Optional[int]:
        if key is None:
            return None
        _check_secret(key, "a browser id", "browser")
        return c.execute(select(browsers.c.id).where(browsers.c.class_id == self.class_id,
                                                     browsers.c.key_hash == hash_secret(key))).scalar()

    def browser_tables(self, key: str, include_ended: bool = False) -> list[TableStatus]:
        """The tables where this browser holds a seat (what reopening a page resumes), newest first."""
        with self._reader.connect() as c:
            bid = self._browser_id(c, key)
            if bid is None:
                return []
            q = (select(tables.c.code).join(seats, seats.c.table_id == tables.c.id)
                 .where(seats.c.browser_id == bid, tables.c.class_id == self.class_id).distinct())
            if not include_ended:
                q = q.where(tables.c.ended_at.is_(None))
            codes = list(c.execute(q).scalars())
        out = [self.status(code, browser=key) for code in codes]
        return sorted(out, key=lambda s: -s.moved_at)

    # ------------------------------------------------------------ tables
    def create_table(self, game: str, *, seats: Optional[Iterable[Any]] = None, seed: Any = None,
                     start: Optional[str] = None, creator: Optional[str] = None, kind: str = "table",
                     **options) -> Table:
        """A new table of ``game`` with the game's ``options``; its :attr:`Table.code` is for joining.

        ``seats``: one entry per player, ``"open"`` (a student joins), ``"bot"`` (the game's
        default level), ``"bot:LEVEL"`` or ``{"bot": LEVEL, "tier": ...}`` (Balda's vocabulary);
        default every seat open. Without ``players`` in ``options`` the seats give the count.
        ``seed``: chance's seed (default random); ``start``: a start position text;
        ``creator``: the creating browser's id (it may later hand seats to bots);
        ``kind``: ``"table"``, ``"hotseat"`` or ``"bots"`` (a browser's own game).
        Options never name a file (they are data from a page): a game's file options are refused.
        """
        cls = game_class(game)
        if kind not in TABLE_KINDS:
            raise InvalidInput(f"a table's kind is one of {', '.join(TABLE_KINDS)}, not {kind!r}")
        seat_specs = None if seats is None else list(seats)
        if seat_specs is not None and "players" not in options and "players" in inspect.signature(cls).parameters:
            options["players"] = len(seat_specs)
        with untrusted("a table's options"):
            g = _make_game(cls, options)
            start_state = g.state_from_text(start) if start is not None else None
            session = Session(g, seed=_check_seed(secrets.randbelow(10**9) if seed is None else seed),
                              state=start_state)
        options_json = json.dumps(g.options, ensure_ascii=False, sort_keys=True)
        if len(options_json) > OPTIONS_CHARS:
            raise InvalidInput(f"the table's options are {len(options_json):,} characters as JSON "
                               f"(at most {OPTIONS_CHARS:,})")
        n = g.num_players
        specs = [_seat_spec(g.name, s) for s in (seat_specs if seat_specs is not None else ["open"] * n)]
        if len(specs) != n:
            raise InvalidInput(f"a {n}-player game of {g.name} has {n} seats, not {len(specs)}", rule="seats")
        now = time.time()
        nodes = session.current.path()
        for _ in range(20):
            code = new_code()
            try:
                with self.engine.begin() as c:
                    creator_id = None
                    if creator is not None:
                        creator_id = self._browser_id(c, creator)
                        if creator_id is None:
                            raise InvalidInput("register the creating browser first (Store.browser)", rule="browser")
                    tid = c.execute(insert(tables).values(
                        class_id=self.class_id, code=code, game=g.name, options=options_json,
                        seed=json.dumps(session.seed), start=start, kind=kind, creator_id=creator_id,
                        move_count=len(nodes), created_at=now, moved_at=now).returning(tables.c.id)).scalar_one()
                    c.execute(insert(_seats_table), [{"table_id": tid, "seat": i, "kind": k, "name": "", "bot_level": lv,
                                               "bot_options": json.dumps(o) if o is not None else None}
                                              for i, (k, lv, o) in enumerate(specs)])
                    if nodes:
                        c.execute(insert(moves), [self._row(tid, i + 1, node, None, None, now)
                                                  for i, node in enumerate(nodes)])
                break
            except IntegrityError:
                continue  # the code was taken (about once in 10**11): draw another
        else:  # pragma: no cover
            raise InvalidInput("could not find a free table code")
        with self._lock:
            self._live[tid] = _Live(session, len(nodes))
        if any(k == "bot" for k, _, _ in specs):
            self.advance_bots(code)
        return self.table(code)

    def table(self, code: str) -> Table:
        """The table of ``code`` (server side: see :class:`Table`)."""
        row = self._table_row(code)
        return Table(self, row.code, row.game, json.loads(row.options), json.loads(row.seed), row.kind,
                     self._seats(row.id, None), row.move_count, row.created_at, row.ended_at)

    def lookup(self, code: str, browser: Optional[str] = None, who: Optional[str] = None) -> TableStatus:
        """The public status of the table of a code a student typed (to join or to watch):
        a wrong code counts against the browser's rate limit (rule ``rate``)."""
        key = self._rate_key(browser, who)
        self._check_rate(key)
        try:
            return self.status(normalize_code(code))
        except GameError:
            self._failed_attempt(key)
            raise

    def join(self, code: str, name: str, browser: Optional[str] = None, seat: Optional[int] = None,
             who: Optional[str] = None) -> str:
        """Take a seat at the table of ``code`` under ``name``; returns the seat's token.

        ``browser``: the student's browser id; a browser that holds a seat at this table gets a
        new token for that seat (a student taking their seat back, another tab). ``seat``: the
        seat wanted (default: the browser's own seat, else the first open one). Wrong codes
        count against the browser's (or ``who``'s) rate limit (rule ``rate``).
        """
        name = check_name(name)
        key = self._rate_key(browser, who)
        self._check_rate(key)
        try:
            row = self._table_row(normalize_code(code))
        except GameError:
            self._failed_attempt(key)
            raise
        if row.ended_at is not None:
            raise IllegalMove(f"the table {row.code} has ended", rule="ended")
        bid = self.browser(browser) if browser is not None else None
        n_seats = len(self._seats(row.id, None))
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n_seats):
            raise InvalidInput(f"the table {row.code} has seats 1 to {n_seats}, not {seat!r}", rule="seats")
        now = time.time()
        for _ in range(n_seats + 2):
            with self.engine.begin() as c:
                rows = c.execute(select(seats).where(seats.c.table_id == row.id).order_by(seats.c.seat)).all()
                mine = [s.seat for s in rows if s.kind == "human" and bid is not None and s.browser_id == bid]
                free = [s.seat for s in rows if s.kind == "open"]
                if seat is not None:
                    target = seat if seat in mine or seat in free else None
                    if target is None:
                        s = rows[seat]
                        raise IllegalMove(f"seat {seat + 1} of table {row.code} is "
                                          + ("a bot's" if s.kind == "bot" else f"{s.name}'s"), rule="seats")
                else:
                    target = mine[0] if mine else free[0] if free else None
                    if target is None:
                        raise IllegalMove(f"every seat of table {row.code} is taken", rule="seats")
                cond = (seats.c.browser_id == bid) if target in mine else (seats.c.kind == "open")
                r = c.execute(update(seats).where(seats.c.table_id == row.id, seats.c.seat == target, cond)
                              .values(kind="human", name=name, browser_id=bid, joined_at=now, seen_at=now))
                if r.rowcount != 1:
                    continue  # somebody took it between the read and the write: look again
                token = new_secret()
                c.execute(insert(tokens).values(hash=hash_secret(token), table_id=row.id, seat=target,
                                                browser_id=bid, created_at=now))
                return token
        raise IllegalMove(f"the seats of table {row.code} changed while joining: try again", rule="seats")

    def play(self, code: str, token: str, move: Any, *, client_move_id: Optional[str] = None,
             expected: Optional[int] = None, bots: bool = True) -> Played:
        """Play ``move`` (its text, or a move object) for the token's seat; committed before it returns.

        ``client_move_id``: the client's id of this move (a resend plays it once and returns the
        first :class:`Played` with ``duplicate=True``). ``expected``: the move count the client
        saw; a move for another count is refused (rule ``stale``). The bots then answer
        (``bots=False``: call :meth:`advance_bots` yourself). A refused move is not stored and
        raises the game's own :class:`GameError`.
        """
        if client_move_id is not None and (not isinstance(client_move_id, str)
                                           or not 1 <= len(client_move_id) <= CLIENT_ID_CHARS):
            raise InvalidInput(f"a client move id is a text of 1 to {CLIENT_ID_CHARS} characters", rule="once")
        if expected is not None and (isinstance(expected, bool) or not isinstance(expected, int)):
            raise InvalidInput(f"the expected move count is a whole number, not {expected!r}", rule="stale")
        for _ in range(10):
            row, seat = self._seat_of(code, token)
            if row.ended_at is not None:
                raise IllegalMove(f"the table {row.code} has ended", rule="ended")
            with self._table_lock(row.id):
                live = self._catch_up(row)
                if client_move_id is not None:
                    done = self._client_move(row.id, seat, client_move_id)
                    if done is not None:
                        return self._duplicate(live, done, move, seat)
                if expected is not None and expected != live.count:
                    raise IllegalMove(f"the move was sent for move {expected + 1} but the table is at move "
                                      f"{live.count + 1}: look at the board again", rule="stale")
                m = self._own_move(live.session, seat, move)
                before = live.count
                live.session.play(m)  # the game's refusal changes nothing
                try:
                    self._commit(row.id, live, before, {before: (seat, client_move_id)}, touch=seat)
                except _Conflict:
                    continue
                count = live.count
            if bots:
                self._advance(row)
                live = self._live.get(row.id)
                count = live.count if live is not None else count
            return Played(before + 1, count)
        raise IllegalMove(f"the table {row.code} is too busy: try again", rule="stale")

    def roll(self, code: str, token: str, *, expected: Optional[int] = None, bots: bool = True) -> Played:
        """Roll the die that waits for the token's seat (the game's pause before chance, ``chance_waits_for``:
        Barcadia's battles, ruling P24), as the student at that seat; committed before it returns, then the
        bots answer (``bots=False``: call :meth:`advance_bots`). A die waits only for a seat that is not a bot's
        (:meth:`_hold`). ``expected``: the move count the client saw (a double click rolls once)."""
        if expected is not None and (isinstance(expected, bool) or not isinstance(expected, int)):
            raise InvalidInput(f"the expected move count is a whole number, not {expected!r}", rule="stale")
        for _ in range(10):
            row, seat = self._seat_of(code, token)
            if row.ended_at is not None:
                raise IllegalMove(f"the table {row.code} has ended", rule="ended")
            with self._table_lock(row.id):
                live = self._catch_up(row)
                s, g = live.session, live.session.game
                if expected is not None and expected != live.count:
                    raise IllegalMove(f"the roll was sent for move {expected + 1} but the table is at move "
                                      f"{live.count + 1}: look at the board again", rule="stale")
                if g.is_over(s.state) or not g.is_chance(s.state) or seat not in g.chance_waits_for(s.state):
                    raise IllegalMove(f"no die waits for seat {seat + 1} now", rule="seat")
                before = live.count
                s.roll()
                try:
                    self._commit(row.id, live, before, {}, touch=seat)
                except _Conflict:
                    continue
                count = live.count
            if bots:
                self._advance(row)
                live = self._live.get(row.id)
                count = live.count if live is not None else count
            return Played(before + 1, count)
        raise IllegalMove(f"the table {row.code} is too busy: try again", rule="stale")

    def advance_bots(self, code: str, max_moves: int = 10_000) -> int:
        """Let the bot seats move while only bots are waited for; returns how many moves they made.

        Each decision's bot is made afresh, seeded by the table's seed, its seat and the move
        number; the answers of one call are committed together, before it returns.
        """
        return self._advance(self._table_row(normalize_code(code)), max_moves)

    def _advance(self, row, max_moves: int = 10_000) -> int:
        for _ in range(10):
            if row.ended_at is not None:
                return 0
            with self._reader.connect() as c:
                bots = {r.seat: r for r in c.execute(select(seats).where(seats.c.table_id == row.id,
                                                                          seats.c.kind == "bot"))}
            if not bots:
                return 0
            with self._table_lock(row.id):
                live = self._catch_up(row)  # every stored move (another process's too) before a bot decides
                s, g = live.session, live.session.game
                before, firsts = live.count, {}
                try:
                    while len(firsts) < max_moves and not g.is_over(s.state):
                        if g.is_chance(s.state):  # a die that waits for nobody now (its seat went to a bot)
                            if s.holds():
                                break
                            s.roll()
                            continue
                        waiting = [p for p in g.to_move(s.state) if p in bots]
                        if not waiting:
                            break
                        p = waiting[0]
                        opts = json.loads(bots[p].bot_options) if bots[p].bot_options else {}
                        depth = s.current.depth
                        bot = _bots.make_bot(g.name, bots[p].bot_level, seed=f"{row.seed}:{p}:{depth}", **opts)
                        s.play(bot.choose(g, g.view(s.state, p), p))
                        firsts[depth] = (p, None)
                except BaseException:
                    self._drop(row.id)
                    raise
                if not firsts:
                    return 0
                try:
                    self._commit(row.id, live, before, firsts)
                except _Conflict:
                    row = self._table_row(row.code)
                    continue
                return len(firsts)
        raise IllegalMove(f"the table {row.code} is too busy: try again", rule="stale")

    def view(self, code: str, token: Optional[str] = None) -> Any:
        """What the token's seat may see of the current state (``game.view``); no token: a spectator's."""
        s, seat = self._state_for(code, token)
        return s.game.view(s.state, seat)

    def legal_moves(self, code: str, token: str) -> list[str]:
        """The moves the token's seat may play now, as texts (empty when it is not waited for)."""
        s, seat = self._state_for(code, token)
        g = s.game
        if seat is None or g.is_over(s.state) or seat not in g.to_move(s.state):
            return []
        return [g.move_to_text(m) for m in g.legal_moves(s.state, seat)]

    def moves(self, code: str, token: Optional[str] = None, since: int = 0) -> list[LoggedMove]:
        """The table's moves after number ``since`` as the token's seat (or a spectator) may see them."""
        s, seat = self._state_for(code, token)
        g = s.game
        out = []
        for i, node in enumerate(s.current.path(), 1):
            if i <= since:
                continue
            mover = None if node.by_chance else _mover(g, node.parent.state, node.move)
            out.append(LoggedMove(i, mover, g.move_text_for(node.move, seat),
                                  g.describe_move(node.parent.state, node.move, seat)))
        return out

    def status(self, code: str, token: Optional[str] = None, browser: Optional[str] = None) -> TableStatus:
        """The table's public status (seats and names, whose turn, moves, times) for a seat or a spectator."""
        if token is not None:
            row, seat = self._seat_of(code, token)
        else:
            row, seat = self._table_row(normalize_code(code)), None
        with self._table_lock(row.id):
            live = self._catch_up(row)
            s = live.session
            g = s.game
            over = g.is_over(s.state)
            to_move = () if over else tuple(g.to_move(s.state))
            to_roll = tuple(g.chance_waits_for(s.state)) if s.holds() else ()
            winners = tuple(g.winners(s.state)) if over else ()
            count = live.count
        bid = None
        if browser is not None:
            with self._reader.connect() as c:
                bid = self._browser_id(c, browser)
        seat_list = self._seats(row.id, seat, bid)
        if seat is None and bid is not None:
            mine = [x.seat for x in seat_list if x.you]
            seat = mine[0] if mine else None
        to_roll = tuple(p for p in to_roll if seat_list[p].kind != "bot")
        return TableStatus(row.code, row.game, json.loads(row.options), row.kind, seat_list, to_move, over,
                           winners, count, row.created_at, row.moved_at, row.ended_at, row.ended_reason, seat, to_roll)

    def touch(self, code: str, token: str) -> None:
        """Note that the token's student is there (a page's heartbeat): the teacher sees idle seats."""
        row, seat = self._seat_of(code, token)
        self._touch(row.id, seat)

    # ------------------------------------------------------------ seats: creator and teacher
    def hand_to_bot(self, code: str, seat: int, level: Optional[str] = None, *, by: str, **bot_options) -> None:
        """Give ``seat`` to a bot of ``level``; ``by`` is the teacher token or the table creator's browser id.
        The seat's tokens stop acting; if the bot is waited for, it moves."""
        row = self._table_row(normalize_code(code))
        self._check_authority(row, by)
        n = len(self._seats(row.id, None))
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise InvalidInput(f"the table {row.code} has seats 1 to {n}, not {seat!r}", rule="seats")
        level, opts = _bots.check_bot(row.game, level, bot_options)
        now = time.time()
        with self.engine.begin() as c:
            c.execute(update(seats).where(seats.c.table_id == row.id, seats.c.seat == seat).values(
                kind="bot", name="", browser_id=None, bot_level=level, bot_options=json.dumps(opts)))
            c.execute(update(tokens).where(tokens.c.table_id == row.id, tokens.c.seat == seat,
                                           tokens.c.revoked_at.is_(None)).values(revoked_at=now))
        self.advance_bots(row.code)

    def open_seat(self, code: str, seat: int, *, by: str) -> None:
        """Make ``seat`` open again (a bot's or a student's): the next join takes it; its tokens stop acting."""
        row = self._table_row(normalize_code(code))
        self._check_authority(row, by)
        now = time.time()
        with self.engine.begin() as c:
            r = c.execute(update(seats).where(seats.c.table_id == row.id, seats.c.seat == seat).values(
                kind="open", name="", browser_id=None, bot_level=None, bot_options=None))
            if r.rowcount != 1:
                raise InvalidInput(f"the table {row.code} has no seat {seat!r}", rule="seats")
            c.execute(update(tokens).where(tokens.c.table_id == row.id, tokens.c.seat == seat,
                                           tokens.c.revoked_at.is_(None)).values(revoked_at=now))

    def end_table(self, code: str, *, by: str, reason: str = "ended by the teacher") -> None:
        """End the table: it takes no more moves (its moves stay, for the teacher's lists)."""
        row = self._table_row(normalize_code(code))
        self._check_authority(row, by)
        with self.engine.begin() as c:
            c.execute(update(tables).where(tables.c.id == row.id, tables.c.ended_at.is_(None))
                      .values(ended_at=time.time(), ended_reason=str(reason)[:200]))

    # ------------------------------------------------------------ lesson progress
    def record_answer(self, browser: str, game: str, step: str, part: int = 0, *, verdict: str,
                      misreading: Optional[str] = None) -> None:
        """Note one checked lesson answer: ``verdict`` ``"wrong"`` (a try), ``"right"`` (solved) or
        ``"shown"`` (the learner pressed *Show me*); ``misreading``: the misreading id it showed."""
        if verdict not in ("wrong", "right", "shown"):
            raise InvalidInput(f"a lesson answer's verdict is wrong, right or shown, not {verdict!r}")
        for what, v in (("game", game), ("step", step)):
            if not isinstance(v, str) or not 1 <= len(v) <= 80:
                raise InvalidInput(f"a lesson {what} is a text of 1 to 80 characters, not {v!r}")
        if isinstance(part, bool) or not isinstance(part, int) or not 0 <= part < 1000:
            raise InvalidInput(f"a step's part is a whole number, not {part!r}")
        if misreading is not None and (not isinstance(misreading, str) or len(misreading) > 80):
            raise InvalidInput(f"a misreading is named by an id of at most 80 characters, not {misreading!r}")
        bid = self.browser(browser)
        now = time.time()
        key = (progress.c.browser_id == bid, progress.c.game == game, progress.c.step == step, progress.c.part == part)
        change = {"wrong": {"wrong": progress.c.wrong + 1}, "right": {"solved": True},
                  "shown": {"shown": True}}[verdict]
        for _ in range(3):
            try:
                with self.engine.begin() as c:
                    c.execute(insert(answers).values(browser_id=bid, game=game, step=step, part=part, verdict=verdict,
                                                     misreading=misreading, at=now))
                    r = c.execute(update(progress).where(*key).values(updated_at=now, **change))
                    if r.rowcount == 0:
                        c.execute(insert(progress).values(
                            browser_id=bid, game=game, step=step, part=part, wrong=int(verdict == "wrong"),
                            solved=verdict == "right", shown=verdict == "shown", first_at=now, updated_at=now))
                return
            except IntegrityError:
                continue

    def progress(self, browser: str, game: Optional[str] = None) -> dict:
        """``{(game, step, part): {"wrong": n, "solved": bool, "shown": bool}}`` of the browser."""
        with self._reader.connect() as c:
            bid = self._browser_id(c, browser)
            if bid is None:
                return {}
            q = select(progress).where(progress.c.browser_id == bid)
            if game is not None:
                q = q.where(progress.c.game == game)
            return {(r.game, r.step, r.part): {"wrong": r.wrong, "solved": bool(r.solved), "shown": bool(r.shown)}
                    for r in c.execute(q)}

    # ------------------------------------------------------------ the teacher
    def set_teacher_token(self, token: Optional[str] = None) -> str:
        """Make ``token`` (default ``$BALADA_TEACHER_TOKEN``, else a new random one) the class's
        teacher token and return it, for the server to print at start."""
        token = token or os.environ.get("BALADA_TEACHER_TOKEN") or new_secret()
        _check_secret(token, "the teacher token", "teacher")
        with self.engine.begin() as c:
            c.execute(update(classes).where(classes.c.id == self.class_id).values(teacher_hash=hash_secret(token)))
        return token

    def is_teacher(self, token: Any) -> bool:
        if not isinstance(token, str) or not token:
            return False
        with self._reader.connect() as c:
            h = c.execute(select(classes.c.teacher_hash).where(classes.c.id == self.class_id)).scalar()
        return h is not None and secrets.compare_digest(h, hash_secret(token))

    def _check_teacher(self, token: Any) -> None:
        if not self.is_teacher(token):
            raise IllegalMove("this needs the teacher token", rule="teacher")

    def all_tables(self, teacher: str, include_ended: bool = True) -> list[TableStatus]:
        """Every table of the class (game, seats and names, moves, whose turn, idle time), newest first."""
        self._check_teacher(teacher)
        with self._reader.connect() as c:
            q = select(tables.c.code).where(tables.c.class_id == self.class_id).order_by(tables.c.id.desc())
            if not include_ended:
                q = q.where(tables.c.ended_at.is_(None))
            codes = list(c.execute(q).scalars())
        return [self.status(code) for code in codes]

    def students(self, teacher: str) -> list[dict]:
        """Every browser of the class: ``{"name", "seen_at", "games": {game: {"steps_done", "tries",
        "solved", "solved_shown"}}}``. ``steps_done`` counts steps whose parts are all solved or shown,
        ``solved`` the parts solved without *Show me*, ``solved_shown`` those after it."""
        self._check_teacher(teacher)
        with self._reader.connect() as c:
            people = c.execute(select(browsers.c.id, browsers.c.name, browsers.c.seen_at)
                               .where(browsers.c.class_id == self.class_id).order_by(browsers.c.id)).all()
            rows = c.execute(select(progress).join(browsers, browsers.c.id == progress.c.browser_id)
                             .where(browsers.c.class_id == self.class_id)).all()
        per: dict[int, dict] = {p.id: {} for p in people}
        steps: dict[tuple, list] = {}
        for r in rows:
            g = per[r.browser_id].setdefault(r.game, {"steps_done": 0, "tries": 0, "solved": 0, "solved_shown": 0})
            g["tries"] += r.wrong + int(bool(r.solved))
            if r.solved:
                g["solved_shown" if r.shown else "solved"] += 1
            steps.setdefault((r.browser_id, r.game, r.step), []).append(bool(r.solved or r.shown))
        for (bid, gname, _), parts in steps.items():
            if all(parts):
                per[bid][gname]["steps_done"] += 1
        return [{"name": p.name, "seen_at": p.seen_at, "games": per[p.id]} for p in people]

    def misreadings(self, teacher: str, top: int = 3) -> dict:
        """Per ``(game, step)``: the misreadings most met, ``[(misreading id, count), ...]``."""
        self._check_teacher(teacher)
        with self._reader.connect() as c:
            rows = c.execute(select(answers.c.game, answers.c.step, answers.c.misreading, func.count())
                             .join(browsers, browsers.c.id == answers.c.browser_id)
                             .where(browsers.c.class_id == self.class_id, answers.c.misreading.is_not(None))
                             .group_by(answers.c.game, answers.c.step, answers.c.misreading)).all()
        out: dict[tuple, Counter] = {}
        for g, s, m, n in rows:
            out.setdefault((g, s), Counter())[m] = n
        return {k: sorted(v.items(), key=lambda kv: (-kv[1], kv[0]))[:top] for k, v in sorted(out.items())}

    def export_progress_csv(self, teacher: str) -> str:
        """The class's lesson progress as CSV: name, game, step, part, tries, solved, shown."""
        self._check_teacher(teacher)
        with self._reader.connect() as c:
            rows = c.execute(select(browsers.c.name, progress.c.game, progress.c.step, progress.c.part,
                                    progress.c.wrong, progress.c.solved, progress.c.shown)
                             .join(browsers, browsers.c.id == progress.c.browser_id)
                             .where(browsers.c.class_id == self.class_id)
                             .order_by(browsers.c.name, progress.c.game, progress.c.step, progress.c.part)).all()
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["name", "game", "step", "part", "wrong_tries", "solved", "shown"])
        for r in rows:
            w.writerow([_csv_safe(r.name), r.game, r.step, r.part, r.wrong, int(bool(r.solved)), int(bool(r.shown))])
        return buf.getvalue()

    def erase_class(self, teacher: str) -> None:
        """Erase every table, move, seat, browser and lesson answer of the class (the class and its
        teacher token stay)."""
        self._check_teacher(teacher)
        with self.engine.begin() as c:
            tids = select(tables.c.id).where(tables.c.class_id == self.class_id).scalar_subquery()
            bids = select(browsers.c.id).where(browsers.c.class_id == self.class_id).scalar_subquery()
            for t in (moves, tokens, seats):
                c.execute(delete(t).where(t.c.table_id.in_(tids)))
            c.execute(delete(tables).where(tables.c.class_id == self.class_id))
            c.execute(delete(resume_pages).where(resume_pages.c.browser_id.in_(bids)))
            for t in (answers, progress):
                c.execute(delete(t).where(t.c.browser_id.in_(bids)))
            c.execute(delete(browsers).where(browsers.c.class_id == self.class_id))
            c.execute(delete(join_attempts).where(join_attempts.c.class_id == self.class_id))
        with self._lock:
            self._live.clear()

    # ------------------------------------------------------------ internals
    def _table_lock(self, tid: int) -> threading.RLock:
        with self._lock:
            return self._table_locks.setdefault(tid, threading.RLock())

    def _table_row(self, code: str):
        code = normalize_code(code)
        with self._reader.connect() as c:
            row = c.execute(select(tables).where(tables.c.code == code, tables.c.class_id == self.class_id)).first()
        if row is None:
            raise InvalidInput(f"no table has the code {code}", rule="code")
        return row

    def _seat_of(self, code: str, token: Any):
        """``(table row, seat)`` of a token at the table of ``code``, or the GameError naming the rule."""
        code = normalize_code(code)
        if not isinstance(token, str) or not token:
            raise InvalidInput("a seat token is the text that joining gave", rule="token")
        j = tables.outerjoin(tokens, sa.and_(tokens.c.table_id == tables.c.id, tokens.c.hash == hash_secret(token)))
        with self._reader.connect() as c:
            row = c.execute(select(tables, tokens.c.seat.label("token_seat"), tokens.c.revoked_at.label("token_revoked"))
                            .select_from(j).where(tables.c.code == code, tables.c.class_id == self.class_id)).first()
        if row is None:
            raise InvalidInput(f"no table has the code {code}", rule="code")
        if row.token_seat is None:
            raise IllegalMove(f"this token holds no seat at table {code}", rule="token")
        if row.token_revoked is not None:
            raise IllegalMove(f"this token no longer acts at table {code}: seat {row.token_seat + 1} was given to "
                              f"another player or a bot", rule="token")
        return row, row.token_seat

    def _state_for(self, code: str, token: Optional[str]):
        if token is not None:
            row, seat = self._seat_of(code, token)
        else:
            row, seat = self._table_row(normalize_code(code)), None
        with self._table_lock(row.id):
            return self._catch_up(row).session, seat

    def _session_of(self, code: str) -> Session:
        row = self._table_row(code)
        with self._table_lock(row.id):
            return self._catch_up(row).session

    def _seats(self, tid: int, you: Optional[int], browser_id: Optional[int] = None) -> tuple[SeatStatus, ...]:
        with self._reader.connect() as c:
            rows = c.execute(select(seats).where(seats.c.table_id == tid).order_by(seats.c.seat)).all()
        return tuple(SeatStatus(r.seat, r.kind, r.name, r.bot_level, r.seen_at,
                                you=(r.seat == you) or (browser_id is not None and r.browser_id == browser_id))
                     for r in rows)

    def _touch(self, tid: int, seat: int) -> None:
        with self.engine.begin() as c:
            c.execute(update(seats).where(seats.c.table_id == tid, seats.c.seat == seat).values(seen_at=time.time()))

    def _rebuild(self, row) -> _Live:
        with self._reader.connect() as c:
            texts = list(c.execute(select(moves.c.text).where(moves.c.table_id == row.id)
                                   .order_by(moves.c.number)).scalars())
        data = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": row.game, "options": json.loads(row.options),
                "seed": json.loads(row.seed), "start": row.start, "moves": texts}
        try:
            session = Session.from_dict(data)
        except GameError as e:
            raise InvalidInput(f"the stored moves of table {row.code} do not replay: {e}") from None
        return _Live(session, len(texts))

    def _catch_up(self, row) -> _Live:
        """The table's live session, with every stored move (another process's too). Call under the table's lock."""
        live = self._live.get(row.id)
        if live is not None and live.count > row.move_count:
            # the row was read before this lock was taken, and another thread committed meanwhile: read it again
            # (replaying the table for a stale row would hand out a second session object for nothing)
            row = self._table_row(row.code)
        if live is not None and (live.count > row.move_count or live.session.current.depth != live.count):
            live = None  # the store was erased under us, or somebody played on the session directly
        if live is not None and live.count < row.move_count:
            with self._reader.connect() as c:
                new = c.execute(select(moves.c.number, moves.c.text).where(moves.c.table_id == row.id,
                                                                            moves.c.number > live.count)
                                .order_by(moves.c.number)).all()
            try:
                s = live.session
                for number, text in new:
                    if s.current.depth >= number:  # a chance draw this session already made
                        if s.current.path()[number - 1].text != text:
                            raise InvalidInput("another draw")
                    else:
                        s.play(text)
                live.count = s.current.depth
                if new and live.count != new[-1][0]:
                    live = None
            except GameError:
                live = None
        if live is None:
            live = self._rebuild(row)
        live.session.hold = self._hold(row.id, live.session.game)
        with self._lock:
            self._live[row.id] = live
            self._live.move_to_end(row.id)
            while len(self._live) > LIVE_TABLES:  # the least recently used table is replayed when it comes back
                self._live.popitem(last=False)
        return live

    def _hold(self, tid: int, game):
        """The table's pause before chance: a die the game names seats for (``chance_waits_for``) waits when one
        of them is not a bot's seat (a student rolls it, :meth:`roll`); the seats are read when such a die
        comes, so a seat handed to a bot since no longer waits."""
        def hold(state) -> bool:
            asked = game.chance_waits_for(state)
            if not asked:
                return False
            with self._reader.connect() as c:
                kinds = dict(c.execute(select(seats.c.seat, seats.c.kind).where(seats.c.table_id == tid)).all())
            return any(kinds.get(p) != "bot" for p in asked)

        return hold

    def _own_move(self, session: Session, seat: int, move: Any):
        """The move parsed at the current state, refused unless it is the seat's own (rule ``seat``)."""
        g = session.game
        state = session.state
        m = g.parse_move(move, state) if isinstance(move, str) else move
        text = g.move_to_text(m)
        if g.is_chance(state):
            raise IllegalMove("chance moves next, not a player", rule="seat", move=text)
        mover = _mover(g, state, m)
        if mover is None:
            g.apply(state, m)  # the game's own refusal (the game is over, nobody moves now)
            raise IllegalMove(f"this move is nobody's to play now", rule="seat", move=text)
        if mover != seat:
            raise IllegalMove(f"this token holds seat {seat + 1}, and this is a move of seat {mover + 1}: "
                              f"a token acts only for its own seat", rule="seat", move=text)
        return m

    def _drop(self, tid: int) -> None:
        with self._lock:
            self._live.pop(tid, None)

    def _commit(self, tid: int, live: _Live, before: int, firsts: Mapping[int, tuple], touch: Optional[int] = None):
        """Store the moves the live session holds past ``before`` (the table's count when they were
        played). ``firsts[i] = (seat, client move id)`` of the move at index ``i``; the rest are chance's.
        Raises :class:`_Conflict` (the live session dropped) when another process appended first."""
        nodes = live.session.current.path()[before:]
        now = time.time()
        rows = []
        for i, node in enumerate(nodes, before):
            seat, cmid = firsts.get(i, (None, None))
            rows.append(self._row(tid, i + 1, node, seat, cmid, now))
        try:
            with self.engine.begin() as c:
                r = c.execute(update(tables).where(tables.c.id == tid, tables.c.move_count == before)
                              .values(move_count=before + len(nodes), moved_at=now))
                if r.rowcount != 1:
                    raise _Conflict()
                c.execute(insert(moves), rows)
                if touch is not None:
                    c.execute(update(seats).where(seats.c.table_id == tid, seats.c.seat == touch).values(seen_at=now))
        except (_Conflict, IntegrityError):
            self._drop(tid)
            raise _Conflict() from None
        except BaseException:
            self._drop(tid)
            raise
        live.count = before + len(nodes)

    @staticmethod
    def _row(tid, number, node, seat, client_move_id, now) -> dict:
        return {"table_id": tid, "number": number, "kind": "move", "text": node.text,
                "seat": None if node.by_chance else seat, "by_chance": bool(node.by_chance), "played_at": now,
                "client_move_id": client_move_id}

    def _client_move(self, tid: int, seat: int, client_move_id: str):
        with self._reader.connect() as c:
            return c.execute(select(moves.c.number, moves.c.text).where(
                moves.c.table_id == tid, moves.c.seat == seat, moves.c.client_move_id == client_move_id)).first()

    def _duplicate(self, live: _Live, done, move: Any, seat: int) -> Played:
        g = live.session.game
        node = live.session.current.path()[done.number - 1]
        try:
            same = (g.move_to_text(g.parse_move(move, node.parent.state) if isinstance(move, str) else move)
                    == done.text)
        except GameError:
            same = False
        if not same:
            raise IllegalMove(f"this client move id was used for move {done.number} ({done.text!r}), "
                              f"a different move", rule="once", move=move if isinstance(move, str) else None)
        return Played(done.number, live.count, duplicate=True)

    def _check_authority(self, row, by: Any) -> None:
        if self.is_teacher(by):
            return
        if isinstance(by, str) and row.creator_id is not None and 16 <= len(by) <= 200:
            with self._reader.connect() as c:
                if self._browser_id(c, by) == row.creator_id:
                    return
        raise IllegalMove(f"only the teacher or the creator of table {row.code} may change its seats or end it",
                          rule="teacher")

    def _rate_key(self, browser: Optional[str], who: Optional[str]) -> str:
        if browser is not None:
            return hash_secret(_check_secret(browser, "a browser id", "browser"))
        return hash_secret("who:" + str(who if who is not None else "anonymous"))

    def _check_rate(self, key: str) -> None:
        since = time.time() - JOIN_WINDOW
        with self._reader.connect() as c:
            n = c.execute(select(func.count()).select_from(join_attempts).where(
                join_attempts.c.class_id == self.class_id, join_attempts.c.who == key, join_attempts.c.at > since,
                join_attempts.c.ok.is_(False))).scalar()
        if n >= JOIN_FAILURES:
            raise IllegalMove(f"too many wrong table codes from this browser: wait {int(JOIN_WINDOW // 60)} minutes "
                              f"or ask the teacher for the code", rule="rate")

    def _failed_attempt(self, key: str) -> None:
        now = time.time()
        with self.engine.begin() as c:
            c.execute(delete(join_attempts).where(join_attempts.c.at < now - JOIN_WINDOW))
            c.execute(insert(join_attempts).values(class_id=self.class_id, who=key, at=now, ok=False))


# ---------------------------------------------------------------------------- helpers


def open_store(url: Optional[str] = None, class_name: str = "default") -> Store:
    """The class store at ``url`` (default :func:`default_url`: ``$BALADA_DB`` or a SQLite file in
    :func:`data_dir`); a PostgreSQL URL for a hub."""
    return Store(url, class_name)


def _mover(game, state, move) -> Optional[int]:
    p = game.move_player(move)
    if p is None:
        waiting = game.to_move(state)
        p = waiting[0] if len(waiting) == 1 else None
    return p


def _check_seed(seed: Any):
    if isinstance(seed, bool) or not isinstance(seed, (int, str)) or (isinstance(seed, str) and len(seed) > 200):
        raise InvalidInput(f"a table's seed is a whole number or a short text, not {seed!r}")
    return seed


def _make_game(cls, options: Mapping[str, Any]):
    params = inspect.signature(cls).parameters
    unknown = sorted(str(k) for k in options if k not in params)
    if unknown:
        raise InvalidInput(f"{', '.join(unknown)} {'is not an option' if len(unknown) == 1 else 'are not options'} "
                           f"of {cls.name} (it takes {', '.join(sorted(params))})")
    try:
        return cls(**options)
    except GameError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, OSError):
        raise InvalidInput(f"the options {options!r} do not make a game of {cls.name}") from None


def _seat_spec(game: str, spec: Any) -> tuple[str, Optional[str], Optional[dict]]:
    if spec == "open":
        return "open", None, None
    if isinstance(spec, str) and (spec == "bot" or spec.startswith("bot:")):
        level, opts = _bots.check_bot(game, spec[4:] or None)
        return "bot", level, opts
    if isinstance(spec, Mapping) and "bot" in spec:
        opts = {k: v for k, v in spec.items() if k != "bot"}
        level, opts = _bots.check_bot(game, spec["bot"], opts)
        return "bot", level, opts
    raise InvalidInput(f"a seat is 'open', 'bot', 'bot:LEVEL' or {{'bot': LEVEL, ...}}, not {spec!r}", rule="seats")


def _csv_safe(text: str) -> str:
    """A name as a spreadsheet shows it, never as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
