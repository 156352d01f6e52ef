"""The teacher's page, rendered in Solara kernel contexts on a class store: the refusal, the lists
(tables, students, misreadings in words), the actions (end a table, a seat to a bot, erase after a
confirmation) and the CSV download."""

from __future__ import annotations

import csv
import io
import time
import uuid

import pytest
import solara
import solara.lab
import solara.routing
import solara.server.kernel
from solara.components.file_download import FileDownloadWidget

from balada_widgets.balda.tutorial import MISREADINGS
from balada_widgets.classroom import identity, teacher
from balada_widgets.classroom.live import LiveStore
from balada_widgets.classroom.progress import game_steps

from kernel_pages import KernelPage

from ..ui.conftest import UI

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

TOKEN = "teacher-" + "x" * 24


@pytest.fixture
def store(tmp_path):
    st = LiveStore(f"sqlite:///{tmp_path / 'class.sqlite3'}")
    old = identity.set_store(st)
    st.set_teacher_token(TOKEN)
    yield st
    identity.set_store(old)
    st.close()


@solara.component
def At(search: str):
    """The teacher page at ``/teacher?<search>`` (the router the app would give it)."""
    solara.routing.router_context.provide(solara.routing.Router("/teacher" + search, []))
    return teacher.TeacherPage(refresh=0)


class Browser(KernelPage):
    def __init__(self, cookies: dict | None = None):
        super().__init__(f"cookie-{uuid.uuid4().hex}", "t")
        self.cookies = cookies or {}

    def open(self, search: str = "") -> "Browser":
        return super().open(At(search), cookies=self.cookies)

    def text(self) -> str:
        return self.run(self.ui.text)

    def click(self, cls: str) -> None:
        self.run(lambda: self.ui.click(cls))



@pytest.fixture
def browsers():
    made = []

    def make(cookies=None):
        b = Browser(cookies)
        made.append(b)
        return b

    yield make
    for b in made:
        b.close()


def a_class(st):
    """Ana and Ben at a Balda table (one move), Cleo against a bot, and lesson answers with misreadings."""
    keys = {n: f"cookie-{n}-{uuid.uuid4().hex}" for n in ("Ana", "Ben", "Cleo")}
    for n, k in keys.items():
        st.browser(k, n)
    table = st.create_table("balda", seats=["open", "open"], creator=keys["Ana"], seed=2)
    ana = st.join(table.code, "Ana", browser=keys["Ana"])
    st.join(table.code, "Ben", browser=keys["Ben"])
    st.play(table.code, ana, st.legal_moves(table.code, ana)[0])
    bots = st.create_table("barcadia", seats=["open", "bot:greedy"], kind="bots", creator=keys["Cleo"], seed=4,
                           players=2)
    st.join(bots.code, "Cleo", browser=keys["Cleo"])
    steps = game_steps("balda")
    grid = "grid"
    assert grid in steps.ids
    for who, mis in (("Ana", "grid-column"), ("Ben", "grid-column"), ("Ben", "grid-edge-row")):
        st.record_answer(keys[who], "balda", grid, 0, verdict="wrong", misreading=mis)
    for part in range(steps.parts[grid]):
        st.record_answer(keys["Ana"], "balda", grid, part, verdict="right")
    st.record_answer(keys["Ben"], "balda", grid, 0, verdict="shown")
    st.record_answer(keys["Ben"], "balda", grid, 0, verdict="right")
    return keys, table.code, bots.code


def test_a_wrong_or_missing_token_shows_a_refusal_and_no_data(store, browsers):
    keys, code, bots = a_class(store)
    seat_token = store.join(code, "Ana", browser=keys["Ana"])
    for search, cookies in (("", None), ("?token=" + "y" * 30, None), (f"?token={seat_token}", None),
                            ("", {teacher.TEACHER_COOKIE: "z" * 30}), (f"?token={keys['Ana']}", None)):
        b = browsers(cookies).open(search)
        text = b.text()
        assert b.run(lambda: b.ui.has("bw-teacher-refused")), search
        for secret in ("Ana", "Ben", "Cleo", code, bots, "grid", "Balda"):
            assert secret not in text, (search, secret)
        assert not b.run(lambda: b.ui.buttons("bw-teacher-csv"))


def test_the_lists(store, browsers):
    keys, code, bots = a_class(store)
    b = browsers().open(f"?token={TOKEN}")
    text = b.text()
    assert not b.run(lambda: b.ui.has("bw-teacher-refused"))
    # tables: code, game, seats and names, moves, whose turn, idle
    assert b.run(lambda: b.ui.has(f"bw-teacher-table-{code}")) and b.run(lambda: b.ui.has(f"bw-teacher-table-{bots}"))
    st = store.status(code)
    assert code in text and bots in text and "Balda" in text and "Heroes of Barcadia" in text
    assert "1: Ana" in text and "2: Ben" in text and "2: bot (greedy)" in text and "1: Cleo" in text
    assert f"{st.move_count} moves · turn: {st.seats[st.to_move[0]].name} · idle just now" in text
    assert "against bots" in text and "class table" in text
    # students: name, per game: steps done, tries, solved, solved after show me
    html = b.run(lambda: next(w.unsafe_innerHTML for w in b.ui.all_widgets()
                              if "bw-teacher-grid" in (getattr(w, "unsafe_innerHTML", "") or "")
                              and "lesson steps done" in w.unsafe_innerHTML))
    n = len(game_steps("balda").ids)
    parts = game_steps("balda").parts["grid"]
    assert f"<td>Ana</td><td>now</td><td>Balda</td><td>1 of {n}</td><td>{1 + parts}</td><td>{parts}</td><td>0</td>" \
        in html
    assert f"<td>Ben</td><td>now</td><td>Balda</td><td>0 of {n}</td><td>3</td><td>0</td><td>1</td>" in html
    assert "<td>Cleo</td><td>now</td><td colspan='5'>no lesson answered yet</td>" in html
    # misreadings most met per step, in the words the learners read
    mis = b.run(lambda: next(w.unsafe_innerHTML for w in b.ui.all_widgets()
                             if "misreading most met" in (getattr(w, "unsafe_innerHTML", "") or "")))
    first = MISREADINGS["grid-column"].message
    second = MISREADINGS["grid-edge-row"].message
    assert f"<td>{teacher.html.escape(first)}</td><td>2</td>" in mis and f"<td>{teacher.html.escape(second)}</td><td>1</td>" in mis
    assert mis.index(teacher.html.escape(first)) < mis.index(teacher.html.escape(second))
    assert "grid-column" not in mis  # words, not ids
    label = game_steps("balda").label("grid")
    assert f"<td>{teacher.html.escape(label)}</td>" in mis
    # Watch: the table's page, where the teacher (no seat) is a spectator: the public view
    from balada_widgets.classroom import pages

    watch = b.run(lambda: b.ui.button(f"bw-teacher-watch-{bots}"))
    assert watch.href == pages.table_path(bots)
    spectator = Browser()
    try:
        with spectator.context:
            _box, rc = solara.render(pages.TablePage(bots), handle_error=False)
            assert "You are watching this table." in UI(rc).text()
    finally:
        spectator.close()


def test_a_name_is_shown_as_text_never_as_markup(store, browsers):
    key = f"cookie-{uuid.uuid4().hex}"
    store.browser(key, "<b>Eve</b> & =1+1")
    store.record_answer(key, "balda", "grid", 0, verdict="wrong")
    b = browsers().open(f"?token={TOKEN}")
    grid = b.run(lambda: "".join(getattr(w, "unsafe_innerHTML", "") or "" for w in b.ui.all_widgets()))
    assert "&lt;b&gt;Eve&lt;/b&gt; &amp; =1+1" in grid and "<b>Eve</b>" not in grid


def test_actions_end_a_table_and_give_a_seat_to_a_bot(store, browsers):
    keys, code, bots = a_class(store)
    b = browsers().open(f"?token={TOKEN}")
    b.click(f"bw-teacher-bot-{code}-1")
    st = store.status(code)
    assert st.seats[1].kind == "bot" and st.seats[1].bot_level
    assert f"Seat 2 of table {code} is a bot" in b.text()
    b.click(f"bw-teacher-end-{code}")
    assert store.status(code).ended_at is not None
    text = b.text()
    assert "ended (ended by the teacher)" in text and f"Table {code} is ended." in text
    assert not b.run(lambda: b.ui.buttons(f"bw-teacher-end-{code}"))
    # the spectator's link: the table's page (classroom.pages), for the projector
    watch = b.run(lambda: b.ui.button(f"bw-teacher-watch-{code}"))
    assert watch.href == f"/table/{code}" and watch.target == "_blank"


def test_the_csv_download(store, browsers):
    keys, code, bots = a_class(store)
    b = browsers().open(f"?token={TOKEN}")
    widget = b.run(lambda: next(w for w in b.ui.all_widgets() if isinstance(w, FileDownloadWidget)))
    assert widget.filename == "class-progress.csv" and widget.mime_type == "text/csv"
    b.run(lambda: setattr(widget, "request_download", True))  # what the browser's click does
    deadline = time.monotonic() + 10
    while not widget.bytes and time.monotonic() < deadline:
        time.sleep(0.02)
    rows = list(csv.DictReader(io.StringIO(widget.bytes.decode("utf-8"))))
    assert widget.bytes.decode("utf-8") == store.export_progress_csv(TOKEN)
    assert {(r["name"], r["step"], r["part"]) for r in rows} >= {("Ana", "grid", "0"), ("Ben", "grid", "0")}
    ben = next(r for r in rows if r["name"] == "Ben" and r["part"] == "0")
    assert (ben["wrong_tries"], ben["solved"], ben["shown"]) == ("2", "1", "1")


def test_erase_asks_first(store, browsers):
    keys, code, bots = a_class(store)
    b = browsers().open(f"?token={TOKEN}")
    b.click("bw-teacher-erase")
    assert "cannot be undone" in b.text()
    b.click("bw-teacher-erase-cancel")
    assert store.all_tables(TOKEN) and "cannot be undone" not in b.text()
    b.click("bw-teacher-erase")
    b.click("bw-teacher-erase-confirm")
    assert store.all_tables(TOKEN) == [] and store.students(TOKEN) == []
    text = b.text()
    assert "The class's data is erased." in text and "Ana" not in text and code not in text
    # the teacher link still opens the page
    again = browsers().open(f"?token={TOKEN}")
    assert not again.run(lambda: again.ui.has("bw-teacher-refused"))


def test_the_token_is_kept_in_a_cookie_for_the_teacher_page(store, browsers):
    b = browsers().open(f"?token={TOKEN}")
    setter = b.run(lambda: [w for w in b.ui.all_widgets() if type(w).__name__ == "TeacherCookie"])
    assert len(setter) == 1
    assert setter[0].cookie == f"{teacher.TEACHER_COOKIE}={TOKEN}; path=/; max-age=86400; SameSite=Strict"
    again = browsers({teacher.TEACHER_COOKIE: TOKEN}).open("")
    assert not again.run(lambda: again.ui.has("bw-teacher-refused"))
    assert not again.run(lambda: [w for w in again.ui.all_widgets() if type(w).__name__ == "TeacherCookie"])


def test_the_server_prints_the_teacher_link(store, monkeypatch):
    monkeypatch.setenv("BALADA_TEACHER_TOKEN", "printed-" + "p" * 20)
    monkeypatch.setenv("SERVER_NAME", "0.0.0.0")
    monkeypatch.setenv("SERVER_PORT", "8123")
    monkeypatch.setattr(teacher, "_STARTED", {})
    out = io.StringIO()
    token = teacher.announce(out)
    assert token == "printed-" + "p" * 20 and store.is_teacher(token) and not store.is_teacher(TOKEN)
    assert f"http://localhost:8123/teacher?token={token}" in out.getvalue()
    assert "class.sqlite3" in out.getvalue()


def test_a_seat_shows_the_name_its_student_chose_later(store, browsers):
    key = f"cookie-{uuid.uuid4().hex}"
    table = store.create_table("balda", seats=["open", "bot"], kind="bots", seed=1)
    store.join(table.code, "Player 1", browser=key)  # a bot game opened before the student chose a name
    store.browser(key, "Fay")
    b = browsers().open(f"?token={TOKEN}")
    row = b.run(lambda: [w for w in b.ui.all_widgets()
                         if f"bw-teacher-table-{table.code}" in (getattr(w, "class_", "") or "")])
    assert row
    text = b.text()
    assert "1: Fay" in text and "1: Player 1" not in text and "turn: Fay" in text


def test_the_lists_refresh_by_themselves(store, browsers):
    b = Browser()
    b.cookies = {}
    with b.context:
        _box, rc = solara.render(TeacherAt(f"?token={TOKEN}", 0.1), handle_error=False)
    b.ui = UI(rc)
    try:
        assert "No table yet" in b.text()
        table = store.create_table("balda", seats=["open", "open"], seed=3)
        b.ui.wait(lambda: table.code in b.text(), timeout=10)
    finally:
        b.close()


@solara.component
def TeacherAt(search: str, refresh: float):
    solara.routing.router_context.provide(solara.routing.Router("/teacher" + search, []))
    return teacher.TeacherPage(refresh=refresh)


def test_the_token_typed_in_opens_the_page_a_wrong_one_shows_nothing(store, browsers):
    import ipyvuetify as v

    keys, code, bots = a_class(store)
    b = browsers().open("")

    def type_token(text):
        field = next(w for w in b.ui.all_widgets() if isinstance(w, v.TextField)
                     and "bw-teacher-token" in (w.class_ or "").split())
        field.v_model = text
        b.ui.click("bw-teacher-open")

    b.run(lambda: type_token("w" * 30))
    text = b.text()
    assert "That is not the teacher token of this class." in text and code not in text and "Ana" not in text
    b.run(lambda: type_token(TOKEN))
    assert not b.run(lambda: b.ui.has("bw-teacher-refused")) and code in b.text()
