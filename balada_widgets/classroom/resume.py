"""Resume: a browser's own games and lessons live in the class store, so a reopened page continues.

Pure Python (no Solara): the app's play and learn pages (``balada_widgets/app.py``) use it,
and so do the tests. Every game a browser plays on a bot, hot-seat or solo page is a table of
the store (``kind="bots"`` when a bot sits at it, else ``"hotseat"``: a solo game is one human at
one screen), and every checked lesson answer is a row of its progress. Reopening the page, in
the same browser, after the server was restarted or killed with ``kill -9``, gives the same
game at the same position, and the lesson at the same step with what was solved.

- :class:`GameKeeper` keeps one page's game app (a :class:`~balada_widgets.ui.app.GameApp`):
  after each change of its session the moves the store lacks are appended, the move and the
  bots' and chance's answers to it in **one** commit, before the page shows them (the page's
  component calls :meth:`GameKeeper.flush` in its render; without one, the keeper commits in
  the session's listener). An undo is remembered as the number of moves of the stored line the
  page is at (a reopened page is at the same move, with the same redo); a move played after an
  undo leaves the stored line, so the game goes on in a new table holding the new line (the old
  one ends, "taken back"). *New game* and a loaded save or position text start a new table (the
  old one ends, "new game").
- :class:`LessonKeeper` keeps one page's :class:`~balada_widgets.ui.tutorial.Tutorial`: its
  progress is read from the store when the page opens (the kit's :class:`Attempt` per part:
  tries, solved, shown; the last feedback text is not kept), each checked answer is stored
  with the kit's misreading id (:meth:`Store.record_answer`), and the step shown is kept.
- Where a page is: the store's ``resume_pages`` table (:mod:`.schema`, since schema version 2),
  one row per browser and page path: its table, its lesson step, and a little JSON (the app's
  bot settings, the undo position). Its rows go with the browser's or the table's (foreign keys, cascade),
  so :meth:`Store.erase_class` erases them.

Who the browser is comes from :func:`current_browser`: the app points it at the browser's
cookie id and chosen name (:func:`set_identity`); with no identity (a notebook, a test
without one), pages work as before and nothing is kept. The store is :func:`app_store`
(``$BALADA_DB``, else the SQLite file of :func:`~.store.data_dir`), opened once per process.

Save files and position texts work as before: a loaded save is a new game (a new table,
holding its current line; its other branches are the page's only).
"""

from __future__ import annotations

import inspect
import json
import logging
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Optional

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..core.bots import mover
from ..core.errors import GameError
from ..core.session import SAVE_FORMAT, SAVE_VERSION, Session
from .schema import moves, resume_pages, seats, tables
from .store import Store, default_url, open_store

__all__ = ["Browser", "GameKeeper", "LessonKeeper", "app_store", "current_browser", "keep_game", "keep_lesson",
           "has_identity", "resume_pages", "set_app_store", "set_identity"]

log = logging.getLogger(__name__)

#: the JSON of a page row is at most this long
DATA_CHARS = 4000
#: the app settings a game page keeps (what its bots are): the rest is in the table's game options
SETTINGS_KEYS = ("players", "bots", "seed", "bot_level", "bot_tier")


# ---------------------------------------------------------------------------- who, and which store


@dataclass(frozen=True)
class Browser:
    """The browser a page serves: its long random id (a cookie, kept hashed) and the name it chose."""

    key: str
    name: str = ""


_IDENTITY: list[Callable[[], Optional[Browser]]] = []


def set_identity(provider: Optional[Callable[[], Any]]) -> None:
    """Say who the current browser is: ``provider()`` returns a :class:`Browser`, a ``(key, name)``
    pair or ``None`` (no cookie yet: nothing is kept). ``None`` forgets the provider."""
    _IDENTITY[:] = [] if provider is None else [provider]


def has_identity() -> bool:
    """Has :func:`set_identity` named a provider?"""
    return bool(_IDENTITY)


def current_browser() -> Optional[Browser]:
    """The current browser (from the provider :func:`set_identity` set), or ``None``."""
    if not _IDENTITY:
        return None
    try:
        got = _IDENTITY[0]()
    except Exception:  # noqa: BLE001 - an identity that cannot be read keeps nothing, the page works
        log.exception("could not read the browser's identity")
        return None
    if got is None:
        return None
    if isinstance(got, Browser):
        return got if got.key else None
    key, name = got
    return Browser(key, name or "") if key else None


_STORE: dict[str, Any] = {}
_STORE_LOCK = threading.Lock()


def app_store() -> Optional[Store]:
    """The app's store: the one :func:`set_app_store` gave (a store, or a function returning the
    process's one, e.g. ``classroom.identity.store``), else one opened once from ``$BALADA_DB`` or
    the default SQLite file; ``None`` when it cannot be opened (logged: the pages then keep nothing)."""
    with _STORE_LOCK:
        got = _STORE.get("store", _STORE.get("provider"))
        if callable(got) and not isinstance(got, Store):
            try:
                return got()
            except (GameError, SQLAlchemyError, OSError):
                log.exception("the class store %s could not be opened: games and lessons are not kept", default_url())
                return None
        if "store" not in _STORE:
            try:
                _STORE["store"] = open_store()
            except (GameError, SQLAlchemyError, OSError):
                log.exception("the class store %s could not be opened: games and lessons are not kept", default_url())
                _STORE["store"] = None
        return _STORE["store"]


def set_app_store(store: Any) -> None:
    """Use ``store`` as the app's store: a :class:`Store`, or a function that returns the process's
    store (called at each use); ``None``: open the default again."""
    with _STORE_LOCK:
        _STORE.clear()
        if isinstance(store, Store):
            _STORE["store"] = store
        elif store is not None:
            _STORE["provider"] = store


# ---------------------------------------------------------------------------- page rows


def _browser_id(store: Store, browser: Browser) -> int:
    return store.browser(browser.key)


def _read_page(store: Store, bid: int, page: str):
    with store.engine.connect() as c:
        return c.execute(select(resume_pages).where(resume_pages.c.browser_id == bid,
                                                    resume_pages.c.page == page)).first()


def _write_page(store: Store, bid: int, page: str, **values) -> None:
    if "data" in values and values["data"] is not None:
        text = json.dumps(values["data"], sort_keys=True, default=str)
        values["data"] = text if len(text) <= DATA_CHARS else None
    values["updated_at"] = time.time()
    for _ in range(3):
        with store.engine.begin() as c:
            r = c.execute(update(resume_pages).where(resume_pages.c.browser_id == bid, resume_pages.c.page == page)
                          .values(**values))
        if r.rowcount:
            return
        try:
            with store.engine.begin() as c:
                c.execute(insert(resume_pages).values(browser_id=bid, page=page, **values))
            return
        except IntegrityError:  # another tab wrote it first: update it
            continue


def _page_data(row) -> dict:
    if row is None or not row.data:
        return {}
    try:
        data = json.loads(row.data)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


# ---------------------------------------------------------------------------- games


def app_settings(app) -> dict:
    """What a game app's bots are and its seed (``players``, ``bots``, ``seed``, ``bot_level``, ``bot_tier``)."""
    s = getattr(app, "settings", None)
    if s is not None and not isinstance(s, dict):  # the kit's Settings: the seats, and the bots' options among its options
        known = {**dict(getattr(s, "options", {}) or {}), **{k: getattr(s, k) for k in SETTINGS_KEYS if hasattr(s, k)}}
        got = {k: known[k] for k in SETTINGS_KEYS if k in known}
    else:
        opts = getattr(app, "options", None)
        got = {k: opts[k] for k in SETTINGS_KEYS if isinstance(opts, dict) and k in opts}
    got["bots"] = len(getattr(app, "bots", {}) or {})
    return {k: v for k, v in got.items() if v is None or isinstance(v, (int, str))}


def app_kwargs(app_class, base: dict, settings: dict, session: Optional[Session]) -> dict:
    """The keywords that make ``app_class`` show ``session`` with the kept ``settings`` (only the ones it takes)."""
    kw = {**base, **{k: v for k, v in settings.items() if k in SETTINGS_KEYS}}
    if session is not None:
        kw["session"] = session
    try:
        params = inspect.signature(app_class).parameters
    except (TypeError, ValueError):  # pragma: no cover
        return kw
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        spec = getattr(app_class, "spec", None)  # the kit's app: its game's options too (Balda's bot_tier)
        allowed = set(base) | set(params) | {"session"} | {o.name for o in getattr(spec, "options", ())}
    else:
        allowed = set(params)
    return {k: v for k, v in kw.items() if k in allowed}


#: the parameters of :meth:`Store.create_table` that a game's option cannot be passed as
_TABLE_PARAMS = frozenset(inspect.signature(Store.create_table).parameters) - {"self", "options"}


def table_options(game) -> dict:
    """The game's options for :meth:`Store.create_table`: those at their default left out (a Barcadia
    ``start`` of ``None`` would meet the table's own ``start``); an option of that name set otherwise is
    refused (:class:`GameError`: the game is then not kept)."""
    try:
        params = inspect.signature(type(game)).parameters
    except (TypeError, ValueError):  # pragma: no cover
        params = {}
    out = {}
    for k, v in dict(game.options).items():
        p = params.get(k)
        if p is not None and p.default is not inspect.Parameter.empty and p.default == v:
            continue
        if k in _TABLE_PARAMS:
            raise GameError(f"the option {k!r} of {game.name} cannot be kept in a table (it is a table's own word)")
        out[k] = v
    return out


def _line(session: Session) -> list:
    return session.current.path()


def _move_rows(tid: int, game, nodes, first: int, now: float) -> list[dict]:
    rows = []
    for i, node in enumerate(nodes, first):
        rows.append({"table_id": tid, "number": i, "kind": "move", "text": node.text,
                     "seat": None if node.by_chance else mover(game, node), "by_chance": bool(node.by_chance),
                     "played_at": now, "client_move_id": None})
    return rows


class GameKeeper:
    """One page's game app kept in the store (see the module docstring).

    ``page``: the page's path (``"balda"``, ``"balada-solo"``); ``code``: the table that holds the
    app's game now (made on the first :meth:`flush` when ``None``). ``on_pending``: set by the
    page's component, told when a change waits for :meth:`flush` (it re-renders and flushes);
    without it the session's listener flushes at once.
    """

    def __init__(self, store: Store, browser: Browser, page: str, app, code: Optional[str] = None,
                 at: Optional[int] = None):
        self.store, self.browser, self.page, self.app = store, browser, page, app
        self.bid = _browser_id(store, browser)
        self.code = code
        self.tid: Optional[int] = None
        self.stored: list[str] = []  # the table's line, as texts
        self.at = at  # the page is this many moves into the stored line (None: at its end)
        self.enabled = True
        self.error: Optional[str] = None
        self.on_pending: Optional[Callable[[], None]] = None
        self.pending = False
        self._lock = threading.RLock()
        self._session = None
        self._stop_session: Callable[[], None] = lambda: None
        if code is not None:
            row = self._table(code)
            if row is None:
                self.code = None
            else:
                self.tid = row.id
                self.stored = self._stored_texts(row.id)
        self._stop_app = app.on_new_game(lambda session, bots: self._new_game(session))
        self._watch(app.session)
        self.flush()

    # ------------------------------------------------------------ listeners
    def _watch(self, session) -> None:
        self._stop_session()
        self._session = session
        self._stop_session = session.on_change(lambda _s: self._changed())

    def _changed(self) -> None:
        if not self.enabled:
            return
        self.pending = True
        hook = self.on_pending
        if hook is not None:
            try:
                hook()
                return
            except Exception:  # noqa: BLE001 - a closed page: commit here
                log.debug("on_pending failed; flushing now", exc_info=True)
        self.flush()

    def _new_game(self, session) -> None:
        with self._lock:
            old = self.code
            self._watch(session)
            self.code, self.tid, self.stored, self.at = None, None, [], None
            self._end(old, "new game")
            self.pending = True
        self._changed()

    def close(self) -> None:
        """Stop keeping (the page closed): what was committed stays."""
        self._stop_session()
        self._stop_app()
        self.on_pending = None

    # ------------------------------------------------------------ writing
    def flush(self) -> None:
        """Commit what the store lacks of the page's game (and where the page is in it)."""
        if not self.enabled:
            return
        with self._lock:
            self.pending = False
            try:
                self._flush()
            except Exception as e:  # noqa: BLE001 - the page goes on, its game is no longer kept
                self.enabled = False
                self.error = str(e)
                log.exception("the game of page %s is no longer kept in the class store", self.page)

    def _flush(self) -> None:
        session = self.app.session
        if session is not self._session:  # a new game that did not tell us (should not happen)
            self._new_game(session)
            return
        nodes = _line(session)
        texts = [n.text for n in nodes]
        if self.code is None:
            self._create(session, nodes)
            return
        n = 0
        for a, b in zip(texts, self.stored):
            if a != b:
                break
            n += 1
        if n == len(self.stored):  # the page's line extends the stored one
            if len(texts) > n:
                if not self._append(session, nodes, n):
                    return
            self._set_at(None)
        elif n == len(texts):  # an undo: the page is inside the stored line
            self._set_at(n)
        else:  # a move after an undo (or another branch): the game goes on in a new table
            old = self.code
            self.code, self.tid, self.stored, self.at = None, None, [], None
            self._end(old, "taken back")
            self._create(session, nodes)

    def _create(self, session: Session, nodes: list) -> None:
        g = session.game
        bots = getattr(self.app, "bots", {}) or {}
        settings = app_settings(self.app)
        level = settings.get("bot_level")
        tier = settings.get("bot_tier")
        kind = "bots" if bots else "hotseat"
        data = session.to_dict()
        table = self.store.create_table(g.name, seats=["open"] * g.num_players, seed=session.seed,
                                        start=data["start"], creator=self.browser.key, kind=kind,
                                        **table_options(g))
        row = self._table(table.code)
        self.code, self.tid = table.code, row.id
        self.stored = self._stored_texts(row.id)
        texts = [n.text for n in nodes]
        if texts[:len(self.stored)] != self.stored:
            self.enabled = False
            self.error = "the page's game does not start as the stored one (its chance draws differ)"
            self._end(table.code, "not kept")
            log.warning("page %s: %s: not kept", self.page, self.error)
            return
        now = time.time()
        name = self.browser.name or ""
        with self.store.engine.begin() as c:
            for p in range(g.num_players):
                if p in bots:
                    c.execute(update(seats).where(seats.c.table_id == row.id, seats.c.seat == p).values(
                        kind="bot", name="", bot_level=str(level) if level is not None else None,
                        bot_options=json.dumps({"tier": tier}) if tier else None))
                else:
                    c.execute(update(seats).where(seats.c.table_id == row.id, seats.c.seat == p).values(
                        kind="human", name=name or f"Player {p + 1}", browser_id=self.bid, joined_at=now,
                        seen_at=now))
        self._write(at=None, settings=settings)
        if len(nodes) > len(self.stored):
            self._append(session, nodes, len(self.stored))

    def _append(self, session: Session, nodes: list, n: int) -> bool:
        """Append ``nodes[n:]`` to the stored line in one commit (only if the table still holds ``n`` moves)."""
        new = nodes[n:]
        now = time.time()
        with self.store.engine.begin() as c:
            r = c.execute(update(tables).where(tables.c.id == self.tid, tables.c.move_count == n,
                                               tables.c.ended_at.is_(None))
                          .values(move_count=n + len(new), moved_at=now))
            if r.rowcount == 1:
                c.execute(insert(moves), _move_rows(self.tid, session.game, new, n + 1, now))
                c.execute(update(seats).where(seats.c.table_id == self.tid, seats.c.browser_id == self.bid)
                          .values(seen_at=now))
                ok = True
            else:
                ok = False
        if ok:
            self.stored.extend(node.text for node in new)
            return True
        row = self._table(self.code)
        if row is not None and row.ended_at is not None:  # the teacher ended it: this game is no longer kept
            self.enabled = False
            self.error = "the table was ended"
            return False
        # another tab of this browser played on the same table: go on in a table of our own
        old = self.code
        self.code, self.tid, self.stored, self.at = None, None, [], None
        log.info("page %s: table %s moved elsewhere; the game goes on in a new table", self.page, old)
        self._create(session, nodes)
        return False

    def _set_at(self, at: Optional[int]) -> None:
        if at != self.at:
            self.at = at
            self._write(at=at, settings=app_settings(self.app))

    def _write(self, at: Optional[int], settings: dict) -> None:
        self.at = at
        _write_page(self.store, self.bid, self.page, table_id=self.tid, data={"at": at, "settings": settings})

    def _end(self, code: Optional[str], reason: str) -> None:
        if code is None:
            return
        try:
            self.store.end_table(code, by=self.browser.key, reason=reason)
        except (GameError, SQLAlchemyError):
            log.debug("could not end table %s", code, exc_info=True)

    # ------------------------------------------------------------ reading
    def _table(self, code: str):
        with self.store.engine.connect() as c:
            return c.execute(select(tables).where(tables.c.code == code,
                                                  tables.c.class_id == self.store.class_id)).first()

    def _stored_texts(self, tid: int) -> list[str]:
        with self.store.engine.connect() as c:
            return list(c.execute(select(moves.c.text).where(moves.c.table_id == tid)
                                  .order_by(moves.c.number)).scalars())


def stored_session(store: Store, code: str) -> tuple[Session, Any]:
    """A new :class:`Session` of the table's stored line (every move replayed and checked) and the table row."""
    with store.engine.connect() as c:
        row = c.execute(select(tables).where(tables.c.code == code, tables.c.class_id == store.class_id)).first()
        if row is None:
            raise GameError(f"no table has the code {code}")
        texts = list(c.execute(select(moves.c.text).where(moves.c.table_id == row.id)
                               .order_by(moves.c.number)).scalars())
    data = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": row.game, "options": json.loads(row.options),
            "seed": json.loads(row.seed), "start": row.start, "moves": texts}
    return Session.from_dict(data), row


def _go_to(session: Session, at: Optional[int]) -> None:
    """Walk back to move ``at`` of the session's line (an undo kept), redo still available."""
    if at is None or at >= session.current.depth:
        return
    node = session.current
    while node.depth > at and node.parent is not None:
        node = node.parent
    session.goto(node.id)


def keep_game(page: str, make_app: Callable[[Optional[Session], dict], Any], *, store: Optional[Store] = None,
              browser: Optional[Browser] = None, game: Optional[str] = None) -> tuple[Any, Optional[GameKeeper]]:
    """The page's game app and its keeper: the browser's game of ``page`` from the store, resumed, or a new one.

    ``make_app(session, settings)`` makes the app: ``session`` ``None`` and ``settings`` ``{}``
    for a new game, else the stored game and the kept bot settings. ``game``: the page's game
    name (a stored table of another game is not resumed). Without a store or a browser
    (:func:`current_browser`), the app is made as always and the keeper is ``None``.
    """
    store = store if store is not None else app_store()
    browser = browser if browser is not None else current_browser()
    if store is None or browser is None:
        return make_app(None, {}), None
    session, settings, code, at = None, {}, None, None
    try:
        bid = _browser_id(store, browser)
        row = _read_page(store, bid, page)
        if row is not None and row.table_id is not None:
            with store.engine.connect() as c:
                t = c.execute(select(tables.c.code, tables.c.game, tables.c.ended_at)
                              .where(tables.c.id == row.table_id)).first()
            if t is not None and t.ended_at is None and (game is None or t.game == game):
                data = _page_data(row)
                session, _ = stored_session(store, t.code)
                settings = data.get("settings") if isinstance(data.get("settings"), dict) else {}
                at = data.get("at") if isinstance(data.get("at"), int) else None
                _go_to(session, at)
                code = t.code
    except (GameError, SQLAlchemyError, ValueError):
        log.exception("page %s: the stored game could not be resumed; a new game starts", page)
        session, settings, code, at = None, {}, None, None
    try:
        app = make_app(session, settings)
    except GameError:
        if session is None:
            raise
        log.exception("page %s: the stored game could not be shown; a new game starts", page)
        app, code, at = make_app(None, {}), None, None
    try:
        keeper = GameKeeper(store, browser, page, app, code=code, at=at)
    except (GameError, SQLAlchemyError):
        log.exception("page %s: the game is not kept", page)
        keeper = None
    return app, keeper


# ---------------------------------------------------------------------------- lessons


def progress_of(stored: dict, lesson, game: str):
    """The kit's :class:`Progress` of ``lesson`` from the store's progress rows of one browser."""
    from ..kit.lesson import Attempt, Progress  # noqa: PLC0415 - the kit's lesson values are pure (no Solara)

    attempts = {}
    for st in lesson.steps:
        for i in range(len(st.parts)):
            got = stored.get((game, st.id, i))
            if got:
                attempts[(st.id, i)] = Attempt(wrong=int(got["wrong"]), solved=bool(got["solved"]),
                                               shown=bool(got["shown"]))
    return Progress(attempts)


class LessonKeeper:
    """One page's tutorial kept in the store: its progress read at start, each answer and the step stored."""

    def __init__(self, store: Store, browser: Browser, page: str, game: str, tutorial):
        self.store, self.browser, self.page, self.game, self.tutorial = store, browser, page, game, tutorial
        self.bid = _browser_id(store, browser)
        self.enabled = True
        lesson = tutorial.lesson
        tutorial.state.value = progress_of(store.progress(browser.key, game), lesson, game)
        row = _read_page(store, self.bid, page)
        self.step = row.step if row is not None and row.step in lesson.ids else lesson.steps[0].id
        tutorial.on_answer = self.answer
        tutorial.on_step = self.at_step

    def answer(self, step: str, part: int, verdict: str, misreading: Optional[str] = None) -> None:
        """Store one checked answer (the kit's ``Tutorial.on_answer``)."""
        if not self.enabled:
            return
        try:
            self.store.record_answer(self.browser.key, self.game, step, part, verdict=verdict,
                                     misreading=misreading if isinstance(misreading, str) else None)
        except (GameError, SQLAlchemyError):
            log.exception("lesson %s: an answer was not kept", self.page)

    def at_step(self, step: str) -> None:
        """Keep the step shown (the kit's ``Tutorial.on_step``)."""
        if not self.enabled or step == self.step:
            return
        self.step = step
        try:
            _write_page(self.store, self.bid, self.page, step=step)
        except (GameError, SQLAlchemyError):
            log.exception("lesson %s: the step was not kept", self.page)


def keep_lesson(page: str, game: str, tutorial, *, store: Optional[Store] = None,
                browser: Optional[Browser] = None) -> Optional[LessonKeeper]:
    """Keep ``tutorial`` of ``page`` for the current browser (its progress and step restored); ``None``
    without a store or a browser (the tutorial is then the page's only, as before)."""
    store = store if store is not None else app_store()
    browser = browser if browser is not None else current_browser()
    if store is None or browser is None:
        return None
    try:
        return LessonKeeper(store, browser, page, game, tutorial)
    except (GameError, SQLAlchemyError):
        log.exception("lesson %s: progress is not kept", page)
        return None
