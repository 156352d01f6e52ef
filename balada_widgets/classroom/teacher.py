"""The teacher's page, ``/teacher``: every table and every student of the class, and what the class misreads.

Opened with the teacher token the server prints when it starts (``/teacher?token=...``; the
token is ``$BALADA_TEACHER_TOKEN``, else a new random one at each start): the page then keeps
it in a cookie of its own (``balada-teacher``, this site only, a day) and takes it out
of the address bar, so the next visit from that browser needs no link and the projector shows
no token. Without a valid token the page shows a refusal and nothing of the class.

**On a JupyterHub** (the class server as a hub service, :mod:`.hub`) the members of the hub's teachers
group (``teachers`` by default) open the page without a token: the hub's login says who they are
(:func:`.identity.hub_user`), the page acts with the process's teacher token, which never reaches
their browser. Other hub users get the refusal (the token typed in still opens it).

What the page shows (all of it read from the class store, :mod:`balada_widgets.classroom`):

- **Tables**: each table's code, game, kind (a class table, a student's game against bots or
  on one screen), its seats with names (bots with their level), the moves played, whose turn
  it is and how long it has been idle; a table can be **watched** (the table's page as a
  spectator: the public view, for the projector), **ended**, and a seat **given to a bot**.
- **Students**: each browser's chosen name, when it was last seen and, per game, the lesson
  steps done (of the lesson's steps), the tries, the parts solved without *Show me* and those
  solved after it.
- **Misreadings**: per lesson step, the misreadings most met across the class, in the words
  the learners were shown (:mod:`.progress`).
- **Export** the class's progress as a CSV file (a download: the data goes to the teacher's
  browser only) and **erase** the class's data, after a confirmation (students' names are
  personal data: nothing leaves the machine; the README says where the data lives).

Stable classes: ``bw-teacher``, ``bw-teacher-refused`` (with ``bw-teacher-token``, ``bw-teacher-open``,
``bw-teacher-wrong``: the token typed in), ``bw-teacher-tables``,
``bw-teacher-table-CODE``, ``bw-teacher-watch-CODE``, ``bw-teacher-end-CODE``,
``bw-teacher-bot-CODE-N``, ``bw-teacher-students``, ``bw-teacher-misreadings``,
``bw-teacher-csv``, ``bw-teacher-erase``, ``bw-teacher-erase-confirm``, ``bw-teacher-refresh``.
"""

from __future__ import annotations

import html
import logging
import os
import sys
import threading
import time
from typing import Any, Callable, Optional
from urllib.parse import parse_qs

import solara

from ..core.errors import GameError
from .bots import bot_levels
from .progress import browser_names, class_students, game_title, idle_words, misreadings_in_words, seat_words
from .store import Store

__all__ = ["TEACHER_COOKIE", "TeacherPage", "announce", "start_teacher", "teacher_url"]

log = logging.getLogger(__name__)

#: the cookie that keeps the teacher token in the teacher's browser
TEACHER_COOKIE = "balada-teacher"
#: seconds between two refreshes of the lists while the page is open
REFRESH_SECONDS = 5.0

KIND_WORDS = {"table": "class table", "bots": "against bots", "hotseat": "one screen"}

CSS = """
.bw-teacher { max-width: 1280px; padding: 8px 12px; }
.bw-teacher table.bw-teacher-grid { border-collapse: collapse; font-size: 14px; }
.bw-teacher table.bw-teacher-grid th, .bw-teacher table.bw-teacher-grid td {
  border-bottom: 1px solid #e2dccb; padding: 3px 10px; text-align: left; vertical-align: top; }
.bw-teacher .bw-teacher-row { display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: center;
  border-bottom: 1px solid #e2dccb; padding: 4px 0; }
.bw-teacher .bw-teacher-code { font: 700 1.05em ui-monospace, monospace; letter-spacing: 0.08em; }
.bw-teacher .bw-teacher-ended { color: #777; }
.bw-teacher .bw-teacher-seat { border: 1px solid #c9bfa6; border-radius: 12px; padding: 0 8px; background: #faf7ef; }
.bw-teacher .bw-teacher-seat.turn { box-shadow: 0 0 0 2px #d79a1e; }
"""

_STARTED: dict[str, Any] = {}
_START_LOCK = threading.Lock()


def _store() -> Store:
    from .identity import store

    return store()


def teacher_url(token: str, base: Optional[str] = None) -> str:
    """The teacher page's link with ``token`` (``base``: ``http://host:port``, default the server's)."""
    if base is None:
        host = os.environ.get("SERVER_NAME") or "localhost"
        if host in ("0.0.0.0", "::"):
            host = "localhost"
        base = f"http://{host}:{os.environ.get('SERVER_PORT') or '8765'}"
    return f"{base.rstrip('/')}/teacher?token={token}"


def start_teacher(store: Optional[Store] = None, token: Optional[str] = None) -> str:
    """Make the class's teacher token (``token``, else ``$BALADA_TEACHER_TOKEN``, else a new random one) and
    return it; once per process (the app calls it when ``solara run`` loads it)."""
    with _START_LOCK:
        if "token" not in _STARTED:
            st = store if store is not None else _store()
            _STARTED["token"] = st.set_teacher_token(token)
            _STARTED["store"] = st
        return _STARTED["token"]


def announce(out=None) -> str:
    """Start the teacher (:func:`start_teacher`) and print where the store is and the teacher page's link."""
    from .identity import on_hub

    token = start_teacher()
    st = _STARTED["store"]
    out = out if out is not None else sys.stdout
    hub = on_hub()
    if hub:  # the hub's class service: the teachers are a hub group; the token link is for anyone else
        print(f"balada-widgets class service: the class store is "
              f"{st.engine.url.render_as_string(hide_password=True)}\n"
              f"  teacher page: {hub.get('prefix', '/')}teacher for the hub group "
              f"'{hub.get('teachers_group', 'teachers')}' (after the hub's login, no token)\n"
              f"  or with the token: {hub.get('prefix', '/')}teacher?token={token}\n"
              f"  (the token is {'BALADA_TEACHER_TOKEN' if os.environ.get('BALADA_TEACHER_TOKEN') else 'new at each start: set BALADA_TEACHER_TOKEN to keep one, the same for every process of one store'})",
              file=out, flush=True)
        return token
    print(f"balada-widgets class server: the class store is {st.engine.url.render_as_string(hide_password=True)}\n"
          f"  teacher page: {teacher_url(token)}\n"
          f"  (the token is {'BALADA_TEACHER_TOKEN' if os.environ.get('BALADA_TEACHER_TOKEN') else 'new at each start: set BALADA_TEACHER_TOKEN to keep one'})",
          file=out, flush=True)
    return token


# ---------------------------------------------------------------------------- the token


class _CookieSetter:
    """A hidden element that stores the teacher token in the browser's cookie and clears the address bar."""

    _cls = None

    @classmethod
    def widget_class(cls):
        if cls._cls is None:
            import ipyvue
            import traitlets

            class TeacherCookie(ipyvue.VueTemplate):
                template = traitlets.Unicode("""
<template><span style="display: none"></span></template>
<script>
module.exports = {
  mounted() { this.store(); },
  watch: { cookie() { this.store(); } },
  methods: {
    store() {
      if (!this.cookie) return;
      document.cookie = this.cookie;
      try {
        const url = new URL(window.location.href);
        if (url.searchParams.has("token")) {
          url.searchParams.delete("token");
          window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
        }
      } catch (e) { /* an old browser keeps the address */ }
    }
  }
}
</script>
""").tag(sync=True)
                cookie = traitlets.Unicode("").tag(sync=True)

            cls._cls = TeacherCookie
        return cls._cls


def cookie_text(token: str) -> str:
    """The ``document.cookie`` assignment that keeps ``token`` for the teacher page (a day, this site only; path
    ``/``: the page reads it from its websocket, ``/jupyter/api/kernels/...``, not from ``/teacher``)."""
    return f"{TEACHER_COOKIE}={token}; path=/; max-age=86400; SameSite=Strict"


def _tokens(search: str, cookies: Any) -> list[str]:
    query = parse_qs(search.lstrip("?") if isinstance(search, str) else "")
    out = [t for t in query.get("token", []) if isinstance(t, str)]
    if isinstance(cookies, dict):
        c = cookies.get(TEACHER_COOKIE)
        if isinstance(c, str):
            out.append(c)
    return [t for t in out if 16 <= len(t) <= 200]


# ---------------------------------------------------------------------------- the page


@solara.component
def Refusal(on_token: Callable[[str], bool], hub_name: str = "", group: str = ""):
    """No class data: what the page is, and a field for the token (the part of the link after ``token=``); on the
    hub's class service (``hub_name``: the user's hub login) it names the hub's teachers group."""
    typed, set_typed = solara.use_state("")
    wrong, set_wrong = solara.use_state(False)
    help_open, set_help_open = solara.use_state(False)

    def try_token():
        set_wrong(not on_token(typed.strip()))

    with solara.Column(classes=["bw-teacher", "bw-teacher-refused"]) as col:
        if hub_name:  # names as text, never as Markdown
            solara.Markdown("## The teacher's page")
            solara.Text(f"This page is for the class's teachers: the members of the hub's group '{group}'. You are "
                        f"logged in to the hub as {hub_name}, who is not in it: the hub's admin adds teachers to the "
                        f"group (Admin, Groups). Or type the class's teacher token here.",
                        classes=["bw-teacher-hub-refused"])
        else:
            solara.Markdown("## The teacher's page\n\nThis page is for the class's teacher. Open it with the link "
                            "the class server printed when it started (`/teacher?token=...`), or type the token here.")
        with solara.Row(style={"align-items": "center", "gap": "8px"}):
            solara.InputText("Teacher token", value=typed, on_value=set_typed, password=True, continuous_update=True,
                             classes=["bw-teacher-token"])
            solara.Button("Open", on_click=try_token, color="primary", classes=["bw-teacher-open"])
        if wrong:
            solara.Warning("That is not the teacher token of this class.", dense=True, classes=["bw-teacher-wrong"])
        solara.Button("Hide the help" if help_open else "Where is the token?", text=True,
                      on_click=lambda: set_help_open(not help_open), classes=["bw-teacher-help"])
        if help_open:
            solara.Markdown(
                "The class server prints the teacher page's link when it starts, in the terminal where it was "
                "started (`make app` prints it too): `teacher page: http://.../teacher?token=...`. The token is "
                "the text after `token=`. It is the `BALADA_TEACHER_TOKEN` the server was started with, else a "
                "new one at each start. Students never see it.")
    return col


@solara.component
def TeacherPage(refresh: float = REFRESH_SECONDS):
    """``/teacher``: the refusal, or the teacher's desk (see the module docstring)."""
    import solara.lab

    from .identity import hub_user, on_hub

    router = solara.use_router()
    cookies = solara.lab.cookies.value if solara.lab.cookies.value is not None else {}
    held, set_held = solara.use_state(None)
    st = solara.use_memo(_store, [])
    hub = solara.use_memo(hub_user, [])
    if hub is not None and hub.teacher:  # the hub's teachers group: the process's token, kept on the server
        token = start_teacher()
        with solara.Column(classes=["bw-teacher", "bw-teacher-hub"], gap="10px") as col:
            solara.Style(CSS)
            if st.is_teacher(token):
                Desk(st, token, refresh)
            else:
                solara.Error("This class server's teacher token is not the class's: another server on the same "
                             "store set its own. Give every class server of one store the same "
                             "BALADA_TEACHER_TOKEN.", classes=["bw-teacher-token-clash"])
        return col
    candidates = ([held] if held else []) + _tokens(router.search or "", cookies)
    token = None
    for t in candidates:
        if st.is_teacher(t):
            token = t
            break
    if token is None:
        def typed(text: str) -> bool:
            if 16 <= len(text) <= 200 and st.is_teacher(text):
                set_held(text)
                return True
            return False

        return Refusal(typed, hub.name if hub is not None else "", on_hub().get("teachers_group", "teachers"))
    if held != token:
        set_held(token)
    with solara.Column(classes=["bw-teacher"], gap="10px") as col:
        solara.Style(CSS)
        if cookies.get(TEACHER_COOKIE) != token:
            _CookieSetter.widget_class().element(cookie=cookie_text(token))
        Desk(st, token, refresh)
    return col


def _act(fn: Callable[[], Any], say: Callable[[Optional[str]], None], done: str) -> None:
    try:
        fn()
    except GameError as e:
        say(str(e))
        return
    say(done)


@solara.component
def Desk(st: Store, token: str, refresh: float = REFRESH_SECONDS):
    """The teacher's lists and actions (the token was checked; every call of the store checks it again)."""
    tick, set_tick = solara.use_state(0)
    note, set_note = solara.use_state(None)
    confirming, set_confirming = solara.use_state(False)

    def bump():
        set_tick(lambda t: t + 1)

    def ticker():
        if not refresh:
            return None
        import solara.server.kernel_context as kc

        stop = threading.Event()
        context = kc.get_current_context() if kc.has_current_context() else None

        def loop():
            while not stop.wait(refresh):
                try:
                    if context is None:
                        bump()
                    else:
                        with context:  # the page's own kernel: its widgets, its reactive values
                            bump()
                except Exception:  # noqa: BLE001 - the page closed
                    return

        threading.Thread(target=loop, daemon=True, name="teacher-refresh").start()
        return stop.set

    solara.use_effect(ticker, [refresh])

    def act(fn, done):
        _act(fn, set_note, done)
        bump()

    export = solara.use_memo(lambda: (lambda: st.export_progress_csv(token)), [st, token])  # one function: a
    # refresh of the lists does not reset a download under way
    tables = st.all_tables(token)
    names = browser_names(st, token)
    students = class_students(st, token)
    misread = misreadings_in_words(st.misreadings(token, top=3))
    with solara.Column(gap="12px") as col:
        with solara.Row(style={"align-items": "center", "flex-wrap": "wrap", "gap": "12px"}):
            solara.Markdown(f"## The teacher's page · class {html.escape(st.class_name)}")
            solara.Button("Refresh", icon_name="mdi-refresh", on_click=bump, text=True, classes=["bw-teacher-refresh"])
            solara.FileDownload(export, filename="class-progress.csv",
                                label="Export progress (CSV)", mime_type="text/csv",
                                children=[solara.Button("Export progress (CSV)", icon_name="mdi-download",
                                                        outlined=True, classes=["bw-teacher-csv"])])
            solara.Button("Erase the class's data…", icon_name="mdi-delete-outline", color="error", text=True,
                          on_click=lambda: set_confirming(True), classes=["bw-teacher-erase"])
        if confirming:
            with solara.Card(classes=["bw-teacher-erase-box"], margin=0):
                solara.Text(f"Erase every table, move, student name and lesson answer of the class "
                            f"{st.class_name}? This cannot be undone. (The teacher link stays.)",
                            style={"font-weight": "600"})
                with solara.Row():
                    solara.Button("Yes, erase everything", color="error", classes=["bw-teacher-erase-confirm"],
                                  on_click=lambda: (set_confirming(False),
                                                    act(lambda: st.erase_class(token), "The class's data is erased.")))
                    solara.Button("Cancel", text=True, on_click=lambda: set_confirming(False),
                                  classes=["bw-teacher-erase-cancel"])
        if note:
            solara.Info(note, dense=True, classes=["bw-teacher-note"])
        TablesList(tables, names, lambda fn, done: act(fn, done), st, token)
        StudentsList(students)
        MisreadingsList(misread)
    return col


def _turn_words(status, names: dict) -> str:
    def who(p: int) -> str:
        return seat_words(status.seats[p], names.get((status.code, p)))

    if status.ended_at is not None:
        return "ended" + (f" ({status.ended_reason})" if status.ended_reason else "")
    if status.over:
        if not status.winners:
            return "over: a draw"
        return "over: won by " + ", ".join(who(w) for w in status.winners if w < len(status.seats))
    if not status.to_move and status.to_roll:  # a die waits for the student in the battle (Barcadia, P24)
        return "to roll: " + ", ".join(who(p) for p in status.to_roll if p < len(status.seats))
    if not status.to_move:
        return "chance"
    return "turn: " + ", ".join(who(p) for p in status.to_move if p < len(status.seats))


@solara.component
def TablesList(tables: list, names: dict, act: Callable, st: Store, token: str):
    from .pages import table_path

    with solara.Column(gap="0px", classes=["bw-teacher-tables"]) as col:
        solara.Markdown(f"### Tables ({len(tables)})")
        if not tables:
            solara.Text("No table yet: the students' games appear here as soon as they play.")
        for t in tables:
            ended = t.ended_at is not None
            with solara.Div(classes=["bw-teacher-row", f"bw-teacher-table-{t.code}"]
                            + (["bw-teacher-ended"] if ended else [])).key(t.code):
                solara.Text(t.code, classes=["bw-teacher-code"])
                solara.Text(f"{game_title(t.game)} · {KIND_WORDS.get(t.kind, t.kind)}")
                for s in t.seats:
                    turn = (not ended and not t.over and s.seat in t.to_move)
                    solara.Text(f"{s.seat + 1}: {seat_words(s, names.get((t.code, s.seat)))}",
                                classes=["bw-teacher-seat"] + (["turn"] if turn else []))
                solara.Text(f"{t.move_count} moves · {_turn_words(t, names)} · idle {idle_words(t.idle)}")
                solara.Button("Watch", icon_name="mdi-projector-screen", text=True, href=_served(table_path(t.code)),
                              target="_blank", classes=[f"bw-teacher-watch-{t.code}"])
                if not ended:
                    solara.Button("End", icon_name="mdi-stop-circle-outline", text=True,
                                  classes=[f"bw-teacher-end-{t.code}"],
                                  on_click=lambda code=t.code: act(lambda: st.end_table(code, by=token),
                                                                   f"Table {code} is ended."))
                    levels = bot_levels(t.game)
                    for s in t.seats:
                        if s.kind != "bot" and levels:
                            solara.Button(f"Seat {s.seat + 1} to a bot", icon_name="mdi-robot", text=True,
                                          small=True, classes=[f"bw-teacher-bot-{t.code}-{s.seat}"],
                                          on_click=lambda code=t.code, seat=s.seat, lv=levels[0]: act(
                                              lambda: st.hand_to_bot(code, seat, lv, by=token),
                                              f"Seat {seat + 1} of table {code} is a bot ({lv}) now."))
    return col


def _served(path: str) -> str:
    """An app path as the browser reaches it: behind the root path the server is served at (a JupyterHub service's
    prefix, jupyter-server-proxy's), else as it is."""
    import solara.server.settings

    return (solara.server.settings.main.root_path or "").rstrip("/") + path


def _cell(text: Any) -> str:
    return f"<td>{html.escape(str(text))}</td>"


def students_html(students: list[dict], now: Optional[float] = None) -> str:
    """The students as one HTML table (every name escaped): name, last seen, then one line per game."""
    now = time.time() if now is None else now
    head = ("<tr><th>name</th><th>last seen</th><th>game</th><th>lesson steps done</th><th>tries</th>"
            "<th>solved</th><th>solved after “show me”</th></tr>")
    rows = []
    for s in students:
        seen = idle_words(now - s["seen_at"]) + " ago" if s.get("seen_at") else "never"
        seen = "now" if seen == "just now ago" else seen
        name = s["name"] or "(no name yet)"
        games = s["games"] or [None]
        for i, g in enumerate(games):
            first = _cell(name) + _cell(seen) if i == 0 else "<td></td><td></td>"
            if g is None:
                rows.append(f"<tr>{first}<td colspan='5'>no lesson answered yet</td></tr>")
            else:
                done = f"{g['steps_done']} of {g['steps']}" if g["steps"] else str(g["steps_done"])
                rows.append(f"<tr>{first}{_cell(g['title'])}{_cell(done)}{_cell(g['tries'])}{_cell(g['solved'])}"
                            f"{_cell(g['solved_shown'])}</tr>")
    return f"<table class='bw-teacher-grid'>{head}{''.join(rows)}</table>"


@solara.component
def StudentsList(students: list):
    with solara.Column(gap="4px", classes=["bw-teacher-students"]) as col:
        solara.Markdown(f"### Students ({len(students)})")
        if not students:
            solara.Text("No student yet.")
        else:
            solara.HTML(tag="div", unsafe_innerHTML=students_html(students))
    return col


def misreadings_html(rows: list) -> str:
    """Per step, the misreadings most met (text and how often), as one HTML table (escaped)."""
    out = ["<table class='bw-teacher-grid'><tr><th>game</th><th>step</th><th>misreading most met</th>"
           "<th>times</th></tr>"]
    for r in rows:
        for i, (text, n) in enumerate(r.misreadings):
            first = _cell(game_title(r.game)) + _cell(r.label) if i == 0 else "<td></td><td></td>"
            out.append(f"<tr>{first}{_cell(text)}{_cell(n)}</tr>")
    out.append("</table>")
    return "".join(out)


@solara.component
def MisreadingsList(rows: list):
    with solara.Column(gap="4px", classes=["bw-teacher-misreadings"]) as col:
        solara.Markdown("### Where the class stumbles")
        if not rows:
            solara.Text("No misreading met yet.")
        else:
            solara.HTML(tag="div", unsafe_innerHTML=misreadings_html(rows))
    return col
