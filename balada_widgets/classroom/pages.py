"""Play with classmates: make a table, join it by code from another device, play each seat on its own screen.

The app's pages (``balada_widgets/app.py`` routes them):

- ``/table`` (:func:`TablesPage` without a code; ``/table?game=balda`` picks the game): your
  name (asked once, changeable), **make a table** (the game, its options from the game's
  spec, each seat a classmate's or a bot of a level), **join by code**, and the tables this
  browser sits at (to go back to one);
- ``/table/CODE`` (or ``/table?table=CODE``): the table. A student with a seat there sees
  *that seat's* view, drawn by the game's own view (the spec's ``views["board"]``) with the
  other seats as :class:`~.live.RemoteSeat` s: no pass screen, and the page holds only
  what that seat may know (:class:`~.live.TableSession`). Somebody without a seat takes an
  open one or watches (the spectator's view). The code, the link and its QR code stay on the
  page for the others to join; the table's creator may give a seat to a bot (a student who
  left), and a student who closed the tab gets the seat back by opening the link again in
  the same browser (the seat waits for them).

A classmate's move arrives without a click (:mod:`.live`: the notifier runs this page's
callback in its kernel; a poll finds a second server's moves). Classes for tests:
``bw-classmates`` (the home card), ``bw-table-page``, ``bw-table-seats``, ``bw-table-seat-N``,
``bw-table-code``, ``bw-table-qr``, ``bw-table-take-N``, ``bw-table-watch``,
``bw-table-to-bot-N``, ``bw-table-name``, ``bw-table-create``, ``bw-table-join``.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Optional
from urllib.parse import parse_qs

import reacton.core
import solara

from ..core.errors import GameError
from ..core.spec import load, registry, seat_name, spec as spec_named
from .identity import Identity, store, use_identity
from .live import NOTIFIER, RemoteSeat, TableSession, seat_bots
from .qr import qr_svg
from .store import TableStatus, normalize_code

__all__ = ["ClassmatesCard", "ClassmatesLink", "TablePage", "TablesPage", "table_path", "table_url"]

CSS = """
.bw-table-page { max-width: 1280px; padding: 8px 12px; }
.bw-table-bar { display: flex; flex-wrap: wrap; gap: 10px 24px; align-items: center; }
.bw-table-code { font: 700 2.2em/1.1 ui-monospace, monospace; letter-spacing: 0.12em; }
.bw-table-seats { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.bw-table-seat { border: 1px solid #c9bfa6; border-radius: 14px; padding: 2px 12px; background: #faf7ef; }
.bw-table-seat.you { border-color: #2a6f2a; background: #e8f3e3; font-weight: 700; }
.bw-table-seat.turn { box-shadow: 0 0 0 2px #d79a1e; }
.bw-table-qr { width: min(42vh, 420px); min-width: 220px; background: white; padding: 6px; }
.bw-table-invite { display: flex; flex-wrap: wrap; gap: 16px; align-items: center; }
.bw-classmates-row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
"""

#: a seat as the form offers it: a classmate (an open seat) or a bot of a level
OPEN = "a classmate"


def table_path(code: str) -> str:
    """The table's page in the app: ``/table/CODE``."""
    return f"/table/{normalize_code(code)}"


def table_url(code: str, base: Optional[str] = None) -> str:
    """The table's link as a classmate types it or the QR code holds it (``base``: the server's address, default
    the one this page was opened at)."""
    return (base if base is not None else _base_url()).rstrip("/") + table_path(code)


def _base_url() -> str:
    """``http://host:port`` (and the root path behind a proxy) of the page's own request."""
    import solara.lab
    import solara.server.settings

    headers = solara.lab.headers.value or {}

    def one(name: str) -> str:
        v = headers.get(name) or headers.get(name.title()) or ""
        return (v[0] if v else "") if isinstance(v, (list, tuple)) else str(v)

    origin = one("origin")
    if not origin:
        host = one("host") or "127.0.0.1:8765"
        origin = f"{one('x-forwarded-proto') or 'http'}://{host}"
    return origin.rstrip("/") + (solara.server.settings.main.root_path or "")


def _game_title(name: str) -> str:
    try:
        return spec_named(name).title
    except GameError:
        return name


# ======================================================================= small parts


@solara.component
def ClassmatesCard():
    """The home page's card: make a table or join one by code."""
    with solara.Card("Play with classmates", margin=0, classes=["bw-home-game", "bw-classmates"]) as card:
        solara.Markdown("Each of you on your own device: make a table, show its code (or its QR code) to the "
                        "class, and play. Bots can fill the empty seats.")
        with solara.Div(classes=["bw-classmates-row"]):
            with solara.Link("/table"):
                solara.Button("Make or join a table", icon_name="mdi-account-group-outline", color="primary",
                              classes=["bw-open-classmates"])
    return card


@solara.component
def ClassmatesLink(game: str):
    """A game page's link to a table of that game."""
    with solara.Link(f"/table?game={game}") as link:
        solara.Button("Play with classmates", icon_name="mdi-account-group-outline", text=True, small=True,
                      classes=[f"bw-link-classmates-{game}", "bw-link-classmates"])
    return link


@solara.component
def NameBox(ident: Identity, note: str = "Your name at the tables (your classmates see it):"):
    """The browser's name: asked once, changeable."""
    editing, set_editing = solara.use_state(not ident.name)
    draft, set_draft = solara.use_state(ident.name)
    error, set_error = solara.use_state(None)

    def save():
        try:
            ident.set_name(draft)
        except GameError as e:
            set_error(str(e))
            return
        set_error(None)
        set_editing(False)

    with solara.Div(classes=["bw-classmates-row", "bw-table-namebox"]) as div:
        if editing or not ident.name:
            solara.Text(note)
            solara.InputText("Your name", value=draft, on_value=set_draft, continuous_update=True,
                             classes=["bw-table-name"])
            solara.Button("Save", on_click=save, color="primary", classes=["bw-table-name-save"])
            if error:
                solara.Error(error, dense=True, classes=["bw-table-name-error"])
        else:
            solara.Text(f"You are {ident.name}.", classes=["bw-table-you"])
            solara.Button("Change", on_click=lambda: set_editing(True), text=True, small=True,
                          classes=["bw-table-name-change"])
    return div


# ======================================================================= the lobby: make, join, go back


def _seat_choices(spec) -> list[str]:
    return [OPEN] + [f"bot: {level}" for level in spec.bots]


def _seat_spec(choice: str):
    return "open" if choice == OPEN else "bot:" + choice.split(": ", 1)[1]


@solara.component
def CreateForm(ident: Identity, game: str, on_made: Callable[[str], None]):
    """Make a table: the game, its options (the spec's form options), each seat a classmate's or a bot's."""
    from ..ui.new_game import option_field

    specs = {s.name: s for s in registry().values() if s.view("board") or s.view("drawing")}
    names = list(specs) or list(registry())
    picked, set_picked = solara.use_state(game if game in specs else names[0])
    spec = specs.get(picked) or spec_named(picked)
    lo, hi = spec.players
    players, set_players = solara.use_state(min(max(spec.bot_page[0], lo), hi))
    players = min(max(players, lo), hi)
    seat_of, set_seat_of = solara.use_state({})  # {(game, seat): choice}
    options, set_options = solara.use_state({})  # {(game, option): value}
    take, set_take = solara.use_state(True)
    error, set_error = solara.use_state(None)
    busy, set_busy = solara.use_state(False)
    choices = [seat_of.get((picked, i), OPEN) for i in range(players)]
    form_options = [o for o in spec.options if o.form and o.game]

    def make():
        if take and not ident.name:
            set_error("choose your name first (above): your classmates see it at the table")
            return
        set_busy(True)
        try:
            given = {o.name: options[(picked, o.name)] for o in form_options if (picked, o.name) in options}
            checked = spec.check_options(given)
            opts = {k: v for k, v in checked.items() if spec.option(k).game}
            st = store()
            st.browser(ident.key)
            table = st.create_table(picked, seats=[_seat_spec(c) for c in choices], creator=ident.key, **opts)
            if take and "open" in [_seat_spec(c) for c in choices]:
                st.join(table.code, ident.name, browser=ident.key)
        except GameError as e:
            set_error(str(e))
            set_busy(False)
            return
        set_error(None)
        set_busy(False)
        on_made(table.code)

    with solara.Card("Make a table", margin=0, classes=["bw-table-create-card"], style={"max-width": "760px"}) as card:
        with solara.Row(style={"gap": "10px", "flex-wrap": "wrap", "align-items": "center"}):
            titles = [specs[n].title if n in specs else n for n in names]
            solara.Select("Game", values=titles, value=spec.title,
                          on_value=lambda t: set_picked(names[titles.index(t)]), classes=["bw-table-game"],
                          style={"min-width": "240px"})
            if lo < hi:
                solara.Select("Seats", values=list(range(lo, hi + 1)), value=players, on_value=set_players,
                              classes=["bw-table-players"], style={"max-width": "110px"})
        with solara.Row(style={"gap": "10px", "flex-wrap": "wrap", "align-items": "center"}):
            for i in range(players):
                solara.Select(f"Seat {i + 1}", values=_seat_choices(spec), value=choices[i],
                              on_value=lambda v, i=i: set_seat_of({**seat_of, (picked, i): v}),
                              classes=[f"bw-table-seat-choice-{i + 1}"], style={"min-width": "150px"})
        if form_options:
            with solara.Row(style={"gap": "10px", "flex-wrap": "wrap", "align-items": "center"}):
                for o in form_options:
                    option_field(o, options.get((picked, o.name), o.default),
                           lambda v, name=o.name: set_options({**options, (picked, name): v}))
        solara.Checkbox(label="I play too (I take the first seat for a classmate)", value=take, on_value=set_take)
        solara.Button("Make the table", on_click=make, color="primary", disabled=busy, classes=["bw-table-create"])
        if error:
            solara.Error(error, dense=True, classes=["bw-table-create-error"])
    return card


@solara.component
def JoinForm(ident: Identity, on_found: Callable[[str], None]):
    """Join by code (a wrong code counts against this browser's tries: rule ``rate``)."""
    code, set_code = solara.use_state("")
    error, set_error = solara.use_state(None)

    def join():
        try:
            found = store().lookup(code, browser=ident.key)
        except GameError as e:
            set_error(str(e))
            return
        set_error(None)
        on_found(found.code)

    with solara.Card("Join a table", margin=0, classes=["bw-table-join-card"], style={"max-width": "520px"}) as card:
        with solara.Row(style={"gap": "10px", "align-items": "center", "flex-wrap": "wrap"}):
            solara.InputText("Table code", value=code, on_value=set_code, continuous_update=True,
                             classes=["bw-table-join-code"])
            solara.Button("Join", on_click=join, color="primary", classes=["bw-table-join"])
        if error:
            solara.Error(error, dense=True, classes=["bw-table-join-error"])
    return card


@solara.component
def YourTables(ident: Identity):
    """The tables this browser sits at, newest first (its way back to one)."""
    tables = solara.use_memo(lambda: store().browser_tables(ident.key), [ident.key])
    with solara.Column(gap="4px", classes=["bw-table-yours"]) as col:
        if tables:
            solara.Text("Your tables", style={"font-weight": "700"})
            for t in tables[:12]:
                who = ", ".join(s.name or ("bot" if s.kind == "bot" else "open") for s in t.seats)
                with solara.Link(table_path(t.code)):
                    solara.Button(f"{_game_title(t.game)} · {t.code} · {who} · {t.move_count} moves", text=True,
                                  small=True, classes=["bw-table-yours-link"])
    return col


@solara.component
def Lobby(game: str = ""):
    """``/table``: your name, make a table, join one, your tables."""
    ident = use_identity()
    router = solara.use_router()
    with solara.Column(gap="14px", classes=["bw-table-page", "bw-table-lobby"]) as col:
        solara.Style(CSS)
        solara.Markdown("## Play with classmates\n\nEveryone on their own device. Make a table and show its code "
                        "or QR code to the class; the others join with the code.")
        NameBox(ident)
        with solara.Row(style={"gap": "14px", "flex-wrap": "wrap", "align-items": "flex-start"}):
            CreateForm(ident, game, on_made=lambda code: router.push(table_path(code)))
            JoinForm(ident, on_found=lambda code: router.push(table_path(code)))
        YourTables(ident)
    return col


# ======================================================================= the table


def _status_key(st: Optional[TableStatus]) -> Any:
    """What a change of the table's status that the page shows is made of (not the seen-at times)."""
    if st is None:
        return None
    return (st.move_count, st.to_move, st.over, st.ended_at, st.you,
            tuple((s.kind, s.name, s.bot_level) for s in st.seats))


def _seat_words(st: TableStatus, s, spec=None) -> str:
    """A seat of the table by its one name (the kit's :func:`~balada_widgets.core.spec.seat_name`): a classmate's
    chosen name with the seat's number (``1: Ana (you)`` on Ana's device, ``, away`` when not seen for a
    while), ``Player 2 (greedy bot)``, ``Player 3 (open seat)``."""
    names = {x.seat: x.name for x in st.seats if x.kind == "human"}
    others = {x.seat: RemoteSeat(x.seat, x.kind, level=x.bot_level or "") for x in st.seats if x.kind != "human"}
    who = seat_name(s.seat, others, len(st.seats), you=st.you, names=names, spec=spec)
    if s.kind != "human":
        return who  # "Player 2 (greedy bot)" says its seat
    if s.seat != st.you and s.seen_at is not None and time.time() - s.seen_at > 90:
        who += ", away"
    return f"{s.seat + 1}: {who}"


@solara.component
def Seats(st: TableStatus, creator: bool, levels: tuple, on_bot: Callable[[int, str], None], spec=None):
    """Who sits where, whose turn; the creator may give a classmate's (or an open) seat to a bot."""
    with solara.Div(classes=["bw-table-seats"]) as div:
        solara.Text("Seats:", style={"font-weight": "700"})
        for s in st.seats:
            cls = ["bw-table-seat", f"bw-table-seat-{s.seat + 1}", s.kind]
            if s.seat == st.you:
                cls.append("you")
            if s.seat in st.to_move or s.seat in st.to_roll:  # to roll: a die waits for that seat
                cls.append("turn")
            solara.Text(_seat_words(st, s, spec), classes=cls)
        if creator and levels and not st.over and st.ended_at is None:
            for s in st.seats:
                if s.kind != "bot" and s.seat != st.you:
                    solara.Button(f"Seat {s.seat + 1} to a bot", on_click=lambda p=s.seat: on_bot(p, levels[-1]),
                                  text=True, small=True,
                                  classes=[f"bw-table-to-bot-{s.seat + 1}"]).key(f"to-bot-{s.seat}")
    return div


@solara.component
def Invite(code: str):
    """The code, the link and the link's QR code (big: a projector shows it to the class)."""
    url = solara.use_memo(lambda: table_url(code), [code])
    svg = solara.use_memo(lambda: qr_svg(url), [url])
    with solara.Div(classes=["bw-table-invite"]) as div:
        with solara.Column(gap="4px"):
            solara.Text("Table code", style={"color": "#555"})
            solara.Text(code, classes=["bw-table-code"])
            solara.Text(url, classes=["bw-table-link"], style={"font-family": "monospace"})
            solara.Text("Classmates type the code under Play with classmates, open the link, or scan the QR code.",
                        style={"color": "#555", "max-width": "360px"})
        solara.HTML(tag="div", unsafe_innerHTML=svg, classes=["bw-table-qr"])
    return div


def _view_of(spec) -> Callable:
    """The component that draws one seat of a live session of ``spec``'s game: ``(session, bots, on_new_game)``."""
    board = spec.view("board")
    if board is not None:
        return load(board)
    from ..ui.plain_view import PlainView

    return lambda session, bots, on_new_game=None: PlainView(session, bots, spec=spec)


@solara.component
def TablePage(code: str):
    """``/table/CODE``: this browser's seat at the table (or a spectator's view), live (see the module docstring)."""
    ident = use_identity()
    st = store()

    def open_table():
        """(status, token, error): the browser's seat back, if it holds one."""
        try:
            found = st.lookup(code, browser=ident.key)
            mine = st.status(found.code, browser=ident.key).you
            token = st.join(found.code, ident.name, browser=ident.key) if mine is not None and ident.name else None
            if token is not None:
                found = st.status(found.code, token)
            return found, token, None
        except GameError as e:
            return None, None, str(e)

    opened = solara.use_memo(open_table, [code, ident.key])
    status, set_status = solara.use_state(opened[0])
    token, set_token = solara.use_state(opened[1])
    note, set_note = solara.use_state(opened[2])
    shown = status_ref = solara.use_ref(status)
    status_ref.current = status

    def make_session():
        if status is None:
            return None
        try:
            return TableSession(st, status.code, token)
        except GameError as e:
            return str(e)

    session = solara.use_memo(make_session, [status is None, token])

    rc = reacton.core.get_render_context()  # the view's and this page's changes of one update: one render
    token_now = solara.use_ref(token)
    token_now.current = token

    def watch():
        if not isinstance(session, TableSession):
            return None

        def on_change():
            if token_now.current != token:  # a watcher of the page's former seat (or none): the new one reads
                return
            try:
                new = st.status(session.code, token)
            except GameError as e:  # our seat was given to a bot (our token no longer acts)
                with rc:
                    set_note(str(e))
                    set_token(None)
                return
            with rc:
                session.sync()
                if _status_key(new) != _status_key(shown.current):
                    set_status(new)

        stop = NOTIFIER.watch(st, session.code, on_change, token=token)
        on_change()  # what came between the page's first look and now
        st.advance_later(session.code)  # bots waited for (a server restarted mid-game)
        return stop

    solara.use_effect(watch, [session])

    you = status.you if status is not None and token is not None else None
    # the view's bots change with the seats only (not with each move: the view would render twice a move)
    seats_key = None if status is None else tuple((s.kind, s.name, s.bot_level) for s in status.seats)
    bots = solara.use_memo(lambda: seat_bots(status, you) if status is not None else {}, [seats_key, you])
    creator = solara.use_memo(lambda: status is not None and st.is_creator(status.code, ident.key),
                              [status is None, ident.key])

    def take(seat: int):
        if not ident.name:
            set_note("choose your name first: your classmates see it at the table")
            return
        try:
            new_token = st.join(status.code, ident.name, browser=ident.key, seat=seat)
            new = st.status(status.code, new_token)
        except GameError as e:
            set_note(str(e))
            return
        set_note(None)
        set_token(new_token)
        set_status(new)

    def to_bot(seat: int, level: str):
        try:
            st.hand_to_bot(status.code, seat, level, by=ident.key)
        except GameError as e:
            set_note(str(e))

    with solara.Column(gap="10px", classes=["bw-table-page"]) as col:
        solara.Style(CSS)
        if status is None:
            solara.Markdown("## Play with classmates")
            solara.Error(note or "no such table", classes=["bw-table-error"])
            with solara.Link("/table"):
                solara.Button("Make or join a table", classes=["bw-table-back"])
            return col
        spec = spec_named(status.game)
        with solara.Div(classes=["bw-table-bar"]):
            solara.Text(f"{spec.title} · table {status.code}", style={"font-weight": "700", "font-size": "1.25em"},
                        classes=["bw-table-title"])
            Seats(status, creator, tuple(spec.bots), to_bot, spec)
        if status.ended_at is not None:
            solara.Info(f"This table has ended ({status.ended_reason or 'ended'}).", classes=["bw-table-ended"])
        if token is None:
            opens = [s.seat for s in status.seats if s.kind == "open"]
            with solara.Div(classes=["bw-classmates-row", "bw-table-watching"]):
                if opens and status.ended_at is None and not status.over:
                    NameBox(ident, note="Your name, to take a seat:")
                    for p in opens:  # keyed by seat: a classmate taking another seat meanwhile keeps this button
                        solara.Button(f"Take seat {p + 1}", on_click=lambda p=p: take(p), color="primary",
                                      disabled=not ident.name, classes=[f"bw-table-take-{p + 1}"]).key(f"take-{p}")
                solara.Text("You are watching this table.", classes=["bw-table-watch"])
        if note:
            solara.Warning(note, dense=True, classes=["bw-table-note"])
        if isinstance(session, str):
            solara.Error(session, classes=["bw-table-error"])
        elif session is not None:
            _view_of(spec)(session, bots, None).key(f"table-view-{id(session)}")
        with solara.Details("Invite classmates: the code, the link, the QR code",
                            expand=any(s.kind == "open" for s in status.seats)):
            Invite(status.code)
    return col


@solara.component
def TablesPage():
    """The route ``/table``: the lobby, or with a code (``/table/CODE``, ``?table=CODE``) the table."""
    router = solara.use_router()
    parts = [p for p in router.parts if p]
    query = parse_qs(router.search or "")
    code = parts[1] if len(parts) > 1 else (query.get("table") or [""])[0]
    if code:
        return TablePage(code).key(f"table-{code}")
    return Lobby((query.get("game") or [""])[0])
