"""``kill -9`` of a real app server mid-game, a restart, and every kind of page resumes where it was.

The server is ``solara run balada_widgets/app.py --production`` in a process of its own, as ``make app``
starts it, with the class store named on its command line (``-- --db sqlite:///...``: the app's ``--db``).
Two browsers (two Chromium contexts: two cookies):

- Ana's first tab: **hot-seat** Balda, two words traced by clicks (one per seat of the screen);
- Ana's second tab: the Heroes of Barcadia **lesson**: a wrong answer at step 1, then on to step 2;
- Ana's third tab and Ben's page: a **class table** of Balda (Ana, Ben and a random bot), made with the
  lobby's form and joined by its link; Ana and Ben each trace a word, the bot answers.

Then the server is killed with SIGKILL (its process group: nothing of it is left to finish a write) and
started again on the same port and the same store. Nobody touches the pages: each one reaches the new
server and reloads itself (the app sets Solara's ``force_refresh``: Solara would otherwise ask the student
to refresh), and then the hot-seat game shows its words and goes on, the lesson is at step 2 with its wrong try kept, and the table
shows each browser its own seat and every word, and a word traced on one device after the restart arrives
on the other without a click there. Moves lost: none (every move the store had when the server died is
there after the restart, in order). The time from the kill to each resumed page is printed (``pytest -s``).
"""

from __future__ import annotations

import os
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

sys.path.insert(0, str(Path(__file__).parent))
from class_play import (  # noqa: E402
    GRID, join_by_link, make_table, session_cookie, shortest_word, trace_word, wait_until, words_shown,
)

from balada_widgets.classroom import open_store  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "teacher-token-" + "r" * 20


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class AppServer:
    """``solara run balada_widgets/app.py ... -- --db URL`` in a process group of its own; one port for its life."""

    def __init__(self, db: str, log: Path):
        self.db, self.log, self.port = db, log, _free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 180.0) -> float:
        env = {k: v for k, v in os.environ.items() if k != "BALADA_DB"}
        env.update(BALADA_TEACHER_TOKEN=TOKEN, SOLARA_TELEMETRY_MIXPANEL_ENABLE="false", PYTHONPATH=str(ROOT))
        out = self.log.open("ab")
        self.proc = subprocess.Popen(
            [str(Path(sys.executable).parent / "solara"), "run", "balada_widgets/app.py", "--host", "127.0.0.1",
             "--port", str(self.port), "--no-open", "--no-check-version", "--production", "--", "--db", self.db],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        out.close()
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            if self.proc.poll() is not None:
                raise AssertionError(f"the server exited: {self.log.read_text(errors='replace')[-3000:]}")
            try:
                with urllib.request.urlopen(self.base + "/", timeout=2) as r:
                    if r.status == 200:
                        return time.monotonic() - t0
            except OSError:
                time.sleep(0.2)
        raise AssertionError(f"the server did not start: {self.log.read_text(errors='replace')[-3000:]}")

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
                self.proc.wait(timeout=20)


def play_a_word(st, code: str, page) -> str:
    """The player to move at ``code`` traces the shortest word on ``page``; returns it once the store has it."""
    session = st.table(code).session
    game, before = session.game, st.status(code).move_count
    move = shortest_word(game, session.state)
    assert move is not None, "no word left: choose another seed"
    trace_word(page, move, game.size)
    wait_until(lambda: st.status(code).move_count > before, what=f"{move.word} in the store")
    return move.word.upper()


def history(db: str, code: str) -> list[str]:
    with open_store(db) as st:
        return list(st.table(code).session.history)


@pytest.mark.slow
def test_kill_9_of_the_server_mid_game_and_every_page_kind_resumes(tmp_path, browser: playwright.sync_api.Browser):
    db = f"sqlite:///{tmp_path / 'class.sqlite3'}"
    server = AppServer(db, tmp_path / "server.log")
    ana_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ben_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    st = None
    try:
        server.start()
        base = server.base
        # -- hot-seat: Balda on one screen, a word for each seat
        hot = ana_ctx.new_page()
        hot.goto(base + "/balda-hot-seat")
        hot.locator(GRID).wait_for(timeout=90_000)
        ana = session_cookie(ana_ctx)
        st = open_store(db)
        wait_until(lambda: any(t.kind == "hotseat" for t in st.browser_tables(ana)), what="the hot-seat table")
        [hot_code] = [t.code for t in st.browser_tables(ana) if t.kind == "hotseat"]
        hot_words = [play_a_word(st, hot_code, hot) for _ in range(2)]
        for w in hot_words:
            expect(hot.locator(".bw-balda-words")).to_contain_text(w, ignore_case=True)
        # -- a lesson: a wrong answer at step 1, then step 2
        learn = ana_ctx.new_page()
        learn.goto(base + "/barcadia-learn")
        learn.locator(".bw-lesson-board").locator('[data-id="START"]').first.click(timeout=90_000)
        learn.locator(".bw-lesson-check").first.click()
        expect(learn.locator(".bw-lesson-wrong")).to_be_visible(timeout=30_000)
        learn.locator(".bw-lesson-next").click()
        expect(learn.locator(".bw-lesson-progress")).to_contain_text("Step 2 of", timeout=30_000)
        step_two = learn.locator(".bw-lesson-progress").inner_text()
        wait_until(lambda: st.progress(ana, "barcadia").get(("barcadia", "goal", 0), {}).get("wrong") == 1,
                   what="the lesson's try in the store")
        # -- a class table: Ana (seat 1), Ben (seat 2) and a bot, a word each, the bot answers
        ana_table = ana_ctx.new_page()
        code = make_table(base, ana_table, "Balda", ["a classmate", "a classmate", "bot: random"], "Ana", "balda")
        ben = ben_ctx.new_page()
        join_by_link(base, ben, code, "Ben", 2)
        expect(ana_table.locator(".bw-table-seat-2")).to_contain_text("Ben", timeout=30_000)
        table_words = [play_a_word(st, code, ana_table), play_a_word(st, code, ben)]
        wait_until(lambda: st.table(code).session.state.turn == 0, what="the bot's word")
        for page in (ana_table, ben):
            for w in table_words:
                expect(page.locator(".bw-balda-words")).to_contain_text(w, ignore_case=True, timeout=30_000)
        before = {c: history(db, c) for c in (hot_code, code)}
        assert len(before[code]) == 4  # the start, Ana's, Ben's and the bot's word

        # -- kill -9 mid-game, a restart on the same port and store
        pages = {"hot-seat": hot, "lesson": learn, "table, Ana": ana_table, "table, Ben": ben}
        for page in pages.values():
            page.evaluate("() => { window.__bwBeforeKill = true; }")  # gone when the page has reloaded
        server.kill9()
        killed = time.monotonic()
        started = server.start()
        after = {c: history(db, c) for c in before}
        lost = sum(len(before[c]) - len(os.path.commonprefix([before[c], after[c]])) for c in before)
        assert lost == 0, (before, after)
        assert st.progress(ana, "barcadia")[("barcadia", "goal", 0)]["wrong"] == 1
        resumed = {}

        # nobody touches the pages: each one reaches the new server and reloads itself (Solara's reconnect tries
        # again after 1, 2, 4, 8... s), then the app finds its game, lesson or seat in the store
        back = {}
        for name, page in pages.items():
            page.wait_for_function("() => !window.__bwBeforeKill && document.querySelector('.bw-balda-words, "
                                   ".bw-lesson-progress')", polling=100, timeout=120_000)
            back[name] = time.monotonic() - killed
        # the hot-seat game: the same words, and it goes on
        for w in hot_words:
            expect(hot.locator(".bw-balda-words")).to_contain_text(w, ignore_case=True, timeout=120_000)
        resumed["hot-seat"] = time.monotonic() - killed
        assert [t.code for t in st.browser_tables(ana) if t.kind == "hotseat"] == [hot_code]
        hot_words.append(play_a_word(st, hot_code, hot))
        expect(hot.locator(".bw-balda-words")).to_contain_text(hot_words[-1], ignore_case=True)

        # the lesson: at step 2, the wrong try of step 1 kept
        expect(learn.locator(".bw-lesson-progress")).to_have_text(step_two, timeout=120_000)
        resumed["lesson"] = time.monotonic() - killed
        learn.locator(".bw-lesson-prev").click()
        expect(learn.locator(".bw-lesson-progress")).to_contain_text("Step 1 of", timeout=30_000)

        # the table: each browser at its own seat, every word; a word after the restart reaches the other page
        for page, name, seat in ((ana_table, "Ana", 1), (ben, "Ben", 2)):
            expect(page.locator(f".bw-table-seat-{seat}")).to_contain_text(f"{name} (you)", timeout=120_000)
            for w in table_words:
                expect(page.locator(".bw-balda-words")).to_contain_text(w, ignore_case=True, timeout=30_000)
        resumed["table"] = time.monotonic() - killed
        word = play_a_word(st, code, ana_table)
        expect(ben.locator(".bw-balda-words")).to_contain_text(word, ignore_case=True, timeout=30_000)
        assert history(db, code)[:len(before[code])] == before[code]
        print(f"\nkill -9 -> the server up again {started:.1f} s; each page reloaded itself: "
              + ", ".join(f"{k} {v:.1f} s" for k, v in back.items()) + "; resumed and checked: "
              + ", ".join(f"{k} {v:.1f} s" for k, v in resumed.items())
              + f"; moves kept {sum(map(len, before.values()))}, lost {lost}; load average {os.getloadavg()[0]:.1f}")
        for page in (hot, learn, ana_table, ben):
            page.goto("about:blank")
    finally:
        if st is not None:
            st.close()
        ana_ctx.close()
        ben_ctx.close()
        server.stop()
