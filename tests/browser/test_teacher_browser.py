"""The class server in real browsers: a student's game and lesson answer reach the teacher's page; a
server killed with ``kill -9`` and started again gives the student the same game.

- A student (one browser context) plays a move against a bot and answers the Heroes of Barcadia
  lesson's first step wrong; the teacher (another context) opens ``/teacher?token=...`` and finds the
  student's table, name, lesson tries and the misreading in words, and a student opening the teacher
  page is refused.
- ``solara run balada_widgets/app.py`` as a process of its own (``BALADA_DB`` on a temporary SQLite
  file): a student plays two turns of Balada against a bot, the server is killed with SIGKILL and
  started again, the same browser context reopens the page: the same game at the same turn, every
  move that was shown is in the store (moves lost: 0). The time from the kill to the resumed board is
  printed (``pytest -s``).
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import playwright.sync_api
import pytest
from playwright.sync_api import expect

from balada_widgets.barcadia.tutorial import MISREADINGS
from balada_widgets.classroom import identity, open_store
from balada_widgets.classroom.live import LiveStore

ROOT = Path(__file__).resolve().parents[2]
SHEET = ".bw-board-box.bw-sheet-board"
TOKEN = "teacher-token-" + "k" * 20


def session_cookie(context) -> str:
    found = [c["value"] for c in context.cookies() if c["name"] in ("solara-session-id", "solara-session-id-lax")]
    assert found, context.cookies()
    return found[0]


@pytest.fixture
def class_store(tmp_path):
    st = LiveStore(str(tmp_path / "class.sqlite3"))
    old = identity.set_store(st)
    st.set_teacher_token(TOKEN)
    yield st
    identity.set_store(old)
    st.close()


def test_a_student_plays_and_answers_and_the_teacher_page_lists_it(solara_server, solara_app, class_store,
                                                                   browser: playwright.sync_api.Browser):
    student_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    teacher_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        with solara_app("balada_widgets.app"):
            base = solara_server.base_url
            student = student_ctx.new_page()
            student.goto(base + "/balada")
            student.locator(f"{SHEET} g.space.legal").first.wait_for(timeout=60_000)
            key = session_cookie(student_ctx)
            class_store.browser(key, "Dana")
            student.locator(f"{SHEET} g.space.legal").first.click()
            expect(student.locator(f"{SHEET} .bw-round")).to_contain_text("turn 2 of 12", timeout=30_000)
            [table] = class_store.browser_tables(key)
            assert table.kind == "bots" and table.move_count > 1

            student.goto(base + "/barcadia-learn")
            board = student.locator(".bw-lesson-board")
            board.locator('[data-id="r3"]').first.click(timeout=60_000)  # Ada in r3 is not next to the Hoard
            student.locator(".bw-lesson-check").first.click()
            expect(student.locator(".bw-lesson-wrong")).to_be_visible(timeout=20_000)
            deadline = time.monotonic() + 10
            while not class_store.progress(key, "barcadia") and time.monotonic() < deadline:
                time.sleep(0.05)
            assert class_store.progress(key, "barcadia")[("barcadia", "goal", 0)]["wrong"] == 1

            # the student cannot open the teacher page
            student.goto(base + "/teacher")
            expect(student.locator(".bw-teacher-refused")).to_be_visible(timeout=30_000)
            expect(student.locator("body")).not_to_contain_text(table.code)

            teacher = teacher_ctx.new_page()
            teacher.goto(f"{base}/teacher?token={TOKEN}")
            row = teacher.locator(f".bw-teacher-table-{table.code}")
            expect(row).to_be_visible(timeout=30_000)
            expect(row).to_contain_text("Balada")
            expect(row).to_contain_text("1: Dana")
            expect(row).to_contain_text("bot (")
            students = teacher.locator(".bw-teacher-students")
            expect(students).to_contain_text("Dana")
            expect(students).to_contain_text("Heroes of Barcadia")
            expect(teacher.locator(".bw-teacher-misreadings")).to_contain_text(MISREADINGS["goal-not-adjacent"].message)
            # the token left the address bar and went into the teacher page's cookie
            teacher.wait_for_function("() => !location.search.includes('token')", timeout=10_000)
            assert any(c["name"] == "balada-teacher" and c["value"] == TOKEN for c in teacher_ctx.cookies())
            teacher.goto(f"{base}/teacher")
            expect(teacher.locator(f".bw-teacher-table-{table.code}")).to_be_visible(timeout=30_000)
            teacher.goto("about:blank")
            student.goto("about:blank")
    finally:
        student_ctx.close()
        teacher_ctx.close()


# ------------------------------------------------------------------------------- kill -9


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``solara run balada_widgets/app.py`` in a process of its own."""

    def __init__(self, db: str, log: Path):
        self.db, self.log, self.port = db, log, _free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 180.0) -> float:
        env = {**os.environ, "BALADA_DB": self.db, "BALADA_TEACHER_TOKEN": TOKEN,
               "SOLARA_TELEMETRY_MIXPANEL_ENABLE": "false"}
        out = self.log.open("ab")
        self.proc = subprocess.Popen(
            [str(Path(sys.executable).parent / "solara"), "run", "balada_widgets/app.py", "--host", "127.0.0.1",
             "--port", str(self.port), "--no-open", "--no-check-version", "--production"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            if self.proc.poll() is not None:
                raise AssertionError(f"the server exited: {self.log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(self.base + "/", timeout=2) as r:
                    if r.status == 200:
                        return time.monotonic() - t0
            except OSError:
                time.sleep(0.2)
        raise AssertionError(f"the server did not start: {self.log.read_text()[-3000:]}")

    def kill9(self) -> None:
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)


def _turn(page) -> str:
    text = page.locator(f"{SHEET} .bw-round").first.text_content(timeout=60_000) or ""
    m = re.search(r"turn (\d+) of 12", text)
    return m.group(0) if m else text


@pytest.mark.slow
def test_kill_9_of_the_server_then_a_restart_resumes_the_game(tmp_path, browser: playwright.sync_api.Browser):
    db = f"sqlite:///{tmp_path / 'class.sqlite3'}"
    server = Server(db, tmp_path / "server.log")
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        server.start()
        page = ctx.new_page()
        page.goto(server.base + "/balada")
        page.locator(f"{SHEET} g.space.legal").first.wait_for(timeout=90_000)
        for turn in (2, 3):
            page.locator(f"{SHEET} g.space.legal").first.click()
            expect(page.locator(f"{SHEET} .bw-round")).to_contain_text(f"turn {turn} of 12", timeout=30_000)
        shown = _turn(page)
        key = session_cookie(ctx)
        with open_store(db) as st:  # what the page showed is in the store before the kill
            [table] = st.browser_tables(key)
            before = st.table(table.code).session.history
        server.kill9()
        killed = time.monotonic()
        started = server.start()
        page.goto(server.base + "/balada")
        expect(page.locator(f"{SHEET} .bw-round")).to_contain_text(shown, timeout=90_000)
        page.locator(f"{SHEET} g.space.legal").first.wait_for(timeout=30_000)
        resumed = time.monotonic() - killed
        with open_store(db) as st:
            tables = st.browser_tables(key)
            assert [t.code for t in tables] == [table.code]
            after = st.table(table.code).session.history
        lost = len([m for m in before if m not in after[:len(before)]])
        assert after[:len(before)] == before and lost == 0
        # the game goes on after the restart
        page.locator(f"{SHEET} g.space.legal").first.click()
        expect(page.locator(f"{SHEET} .bw-round")).to_contain_text("turn 4 of 12", timeout=30_000)
        print(f"\nkill -9 -> resumed page: {resumed:.1f} s (server start {started:.1f} s); moves kept "
              f"{len(before)}, lost {lost}")
        page.goto("about:blank")
    finally:
        ctx.close()
        server.stop()
