"""Resume: a browser's games and lessons are in the class store; a reopened page, even in a restarted
process, continues where it was (classroom.resume, the app's play and learn pages).

Each page is rendered in a Solara kernel context of its own whose ``session_id`` is the browser's
cookie (as ``solara run`` gives it); "a restarted process" is a new kernel context and a new store
object on the same SQLite file (nothing of the first one is used again); a real ``kill -9`` of a
``solara run``, with a hot-seat game, a lesson and a class table in Chromium, is
tests/browser/test_resume_server.py (and a game against a bot, tests/browser/test_teacher_browser.py).
"""

from __future__ import annotations

import uuid
from collections import Counter

import pytest

from balada_widgets import app as app_module
from balada_widgets.classroom import identity, open_store, resume
from balada_widgets.classroom.live import LiveStore

from kernel_pages import KernelPage

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class Tab(KernelPage):
    """One browser tab: a kernel context whose session id is the browser's cookie; the page rendered in it."""

    def __init__(self, browser: str):
        super().__init__(browser, "tab")


@pytest.fixture
def server(tmp_path, monkeypatch):
    """A class store on a SQLite file as the app's process store; ``restart()``: a new store object (a new
    process) on the same file. ``kept``: every (app, keeper) and tutorial keeper the pages made."""
    url = f"sqlite:///{tmp_path / 'class.sqlite3'}"
    state = {"store": LiveStore(url)}
    old = identity.set_store(state["store"])
    resume.set_identity(None)  # the app names its own provider on first use
    kept_games, kept_lessons, tabs = [], [], []
    real_app, real_lesson = app_module._kept_app, app_module._kept_lesson

    def spy_app(page, app_class):
        got = real_app(page, app_class)
        kept_games.append(got)
        return got

    def spy_lesson(page, tutorial):
        got = real_lesson(page, tutorial)
        kept_lessons.append(got)
        return got

    monkeypatch.setattr(app_module, "_kept_app", spy_app)
    monkeypatch.setattr(app_module, "_kept_lesson", spy_lesson)

    class Server:
        games, lessons = kept_games, kept_lessons

        @property
        def store(self):
            return state["store"]

        def restart(self):
            for t in tabs:
                t.close()
            tabs.clear()
            state["store"].close()
            state["store"] = LiveStore(url)
            identity.set_store(state["store"])

        def tab(self, browser: str) -> Tab:
            t = Tab(browser)
            tabs.append(t)
            return t

        def fresh(self):
            """A store object of its own on the file (what another process reads)."""
            return open_store(url)

    yield Server()
    for t in tabs:
        t.close()
    identity.set_store(old)
    resume.set_identity(None)
    resume.set_app_store(None)
    state["store"].close()


def page_component(path: str):
    for page, component in app_module.built_pages():
        if page.path == path:
            return page, component
    raise AssertionError(f"no page {path}")


def browser_key() -> str:
    return f"cookie-{uuid.uuid4().hex}{uuid.uuid4().hex}"


def human_step(app) -> None:
    """The person's next step: roll the die that waits for them (Barcadia's battle, ruling P24), else their
    first legal move."""
    s = app.session
    if s.holds():
        assert app.roll() is None
        return
    waiting = [p for p in s.game.to_move(s.state) if p not in app.bots]
    assert app.play(s.game.move_to_text(s.legal_moves(waiting[0])[0])) is None


@pytest.mark.parametrize("path", ["balda", "barcadia", "baldurs-gate", "balada-hot-seat"])
def test_a_play_page_resumes_after_a_restart(server, path):
    page, Play = page_component(path)
    key = browser_key()
    tab = server.tab(key).open(Play())
    app, keeper = server.games[-1]
    assert keeper is not None and keeper.code is not None
    for _ in range(3):
        tab.run(lambda: human_step(app))
        # committed before the page shows it: another process reads every move of the page's line
        with server.fresh() as other:
            assert other.status(keeper.code).move_count == len(app.session.history)
    history = list(app.session.history)
    status = server.store.status(keeper.code)
    assert status.kind == ("bots" if app.bots else "hotseat")
    assert [s.kind for s in status.seats] == ["bot" if p in app.bots else "human"
                                             for p in range(app.game.num_players)]
    server.restart()
    tab2 = server.tab(key).open(Play())
    app2, keeper2 = server.games[-1]
    assert app2 is not app and app2.session.history == history
    assert keeper2.code == keeper.code
    assert sorted(app2.bots) == sorted(app.bots)
    assert tab2.ui.text()  # the page rendered
    # another browser gets a game of its own
    server.tab(browser_key()).open(Play())
    assert server.games[-1][1].code != keeper.code


def test_undo_new_game_and_a_move_after_undo(server):
    _page, Play = page_component("balda")
    key = browser_key()
    tab = server.tab(key).open(Play())
    app, keeper = server.games[-1]
    for _ in range(3):
        tab.run(lambda: human_step(app))
    full = list(app.session.history)
    tab.run(app.undo)
    at = list(app.session.history)
    assert len(at) < len(full)
    server.restart()
    tab2 = server.tab(key).open(Play())
    app2, keeper2 = server.games[-1]
    assert app2.session.history == at and app2.session.can_redo() and keeper2.code == keeper.code
    # a different move after the undo: the game goes on in a new table, the old one ends
    moves = [app2.game.move_to_text(m) for m in app2.session.legal_moves(0)]
    redo = full[len(at)]
    other = next(m for m in moves if m != redo)
    tab2.run(lambda: app2.play(other))
    assert keeper2.code != keeper.code
    assert server.store.status(keeper.code).ended_reason == "taken back"
    line = list(app2.session.history)
    server.restart()
    tab3 = server.tab(key).open(Play())
    app3, keeper3 = server.games[-1]
    assert app3.session.history == line and keeper3.code == keeper2.code
    # New game: a new table, the old one ends
    tab3.run(lambda: app3.new_game(seed=5))
    assert keeper3.code != keeper2.code
    assert server.store.status(keeper2.code).ended_reason == "new game"
    server.restart()
    server.tab(key).open(Play())
    assert server.games[-1][1].code == keeper3.code
    assert server.games[-1][0].session.history == app3.session.history


def test_a_table_the_teacher_ended_is_not_resumed(server):
    _page, Play = page_component("balda")
    key = browser_key()
    tab = server.tab(key).open(Play())
    app, keeper = server.games[-1]
    tab.run(lambda: human_step(app))
    teacher = server.store.set_teacher_token("t" * 24)
    server.store.end_table(keeper.code, by=teacher)
    server.restart()
    server.tab(key).open(Play())
    app2, keeper2 = server.games[-1]
    assert keeper2.code != keeper.code and len(app2.session.history) < len(app.session.history)


def test_no_browser_no_store_keeps_nothing(tmp_path):
    """Outside a Solara kernel (a test, a script) the page is made as before and nothing is written."""
    st = open_store(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    made = []
    app, keeper = resume.keep_game("balda", lambda s, settings: made.append((s, settings)) or "app", store=st,
                                   browser=None)
    assert (app, keeper, made) == ("app", None, [(None, {})])
    st.close()


def _pick_check(tab: Tab, ids) -> None:
    def go():
        board = tab.ui.board("bw-lesson-board")
        for i in ids:
            board.emit_click(i)
        tab.ui.click("bw-lesson-check")
    tab.run(go)


def test_a_lesson_resumes_its_step_and_progress_and_the_store_has_its_misreadings(server):
    _page, Learn = page_component("barcadia-learn")
    key = browser_key()
    tab = server.tab(key).open(Learn())
    keeper = server.lessons[-1]
    tutorial = keeper.tutorial
    step = tutorial.lesson.steps[0]
    ex = step.parts[0]
    # two wrong answers, each a misreading (Ada in r3 is not next to the Hoard; Bo in r4 counts his Signature Move
    # as a Power-Up), then the right one. A pick where no hero stands (START, the Hoard r1) is named by the lesson
    # as the item picked wrongly, with no misreading: that is tests/barcadia/test_tutorial.py's
    met = []
    for wrong in (["r3"], ["r4"]):
        _pick_check(tab, wrong)
        got = tab.run(lambda: tutorial.progress.of(step.id, 0))
        met.append(got.reply.misreading)
        _pick_check(tab, wrong)  # take the pick back (set mode: a second click unselects)... and check: not a try
    sol = ex.solution() if callable(ex.solution) else ex.solution
    _pick_check(tab, list(sol.picks))
    attempt = tab.run(lambda: tutorial.progress.of(step.id, 0))
    assert attempt.solved and attempt.wrong == 2
    assert all(met)
    stored = server.store.progress(key, "barcadia")
    assert stored[("barcadia", step.id, 0)] == {"wrong": 2, "solved": True, "shown": False}
    teacher = server.store.set_teacher_token("t" * 24)
    assert dict(server.store.misreadings(teacher)[("barcadia", step.id)]) == dict(Counter(met))
    # go to step 3 by the picker, then the server restarts
    tab.run(lambda: tab.ui.click("bw-lesson-next"))
    tab.run(lambda: tab.ui.click("bw-lesson-next"))
    third = tutorial.lesson.steps[2].id
    server.restart()
    tab2 = server.tab(key).open(Learn())
    keeper2 = server.lessons[-1]
    assert keeper2.step == third
    again = tab2.run(lambda: keeper2.tutorial.progress.of(step.id, 0))
    assert again.solved and again.wrong == 2 and not again.shown
    text = tab2.run(tab2.ui.text)
    assert tutorial.lesson.steps[2].title in text
    steps_svg = tab2.run(lambda: tab2.ui.board("bw-lesson-steps").svg)
    assert f'data-id="step-{step.id}"' in steps_svg and "done" in steps_svg.split(f'data-id="step-{step.id}"')[0][-80:]
