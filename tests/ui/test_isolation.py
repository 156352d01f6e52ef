"""Two students on the app at once share nothing: every page, opened side by side, plays on its own.

``solara run balada_widgets/app.py`` is one Python process serving every
student; Solara gives each browser page its own *virtual kernel* (a kernel
context). These tests open two of them in this process, as the server does
(``solara.toestand`` then keeps each ``solara.reactive`` per kernel), render
the same page in each, act in one (clicks on its boards and buttons: moves,
seats, answers) and check that the other page has not changed, then the other
way round. Every route of :data:`balada_widgets.app.routes` is covered, so a
new page is too. Then the things that outlive a page: the Balda tutorial's
last-step game, a tutorial's progress and store, the notebook face, the solo
personal bests.
"""

from __future__ import annotations

import re
import time
import uuid

import pytest
import solara
import solara.server.kernel

from balada_widgets import app
from balada_widgets.kit import kernel as per_kernel_module
from balada_widgets.ui.board import SvgBoard

from kernel_pages import KernelPage

#: navigation, not play: a link to another page, the home page's buttons, a tab, the log's notation toggle
NAVIGATION = ("bw-link-", "bw-open-", "bw-tab-", "bw-game-link")


_ELEMENT = re.compile(r'<[^>]*\bdata-id="([^"]+)"[^>]*>')
#: classes a board gives to what may be clicked now (a legal space, a target): tried first
_LIVE = {"legal", "target", "tg", "playable", "can", "open", "option", "move", "green"}


def _targets(svg: str) -> list[str]:
    """A board's clickable ids, the ones drawn as playable now first."""
    ids: dict[str, bool] = {}
    for m in _ELEMENT.finditer(svg):
        cls = re.search(r'\bclass="([^"]*)"', m.group(0))
        live = bool(cls and _LIVE & set(cls.group(1).split()))
        ids[m.group(1)] = ids.get(m.group(1), False) or live
    return sorted(ids, key=lambda i: not ids[i])


class Student(KernelPage):
    """One browser page: a kernel context of its own, the page rendered in it, every event sent in it."""

    def __init__(self, name: str):
        super().__init__(f"session-{name}-{uuid.uuid4().hex[:8]}", name)

    def boards(self) -> list[SvgBoard]:
        return [w for w in self.ui.all_widgets() if isinstance(w, SvgBoard)]

    def snapshot(self) -> str:
        """What the page shows: its text and every board's drawing (a board's own id counter left out)."""
        with self.context:
            return self.ui.text() + "\n".join(b.svg for b in self.boards())

    def settle(self, timeout: float = 5.0, still: float = 0.12) -> str:
        """The page once it stops changing (a bot answering in a thread)."""
        last, since = self.snapshot(), time.monotonic()
        deadline = since + timeout
        while time.monotonic() < deadline:
            time.sleep(0.05)
            now = self.snapshot()
            if now != last:
                last, since = now, time.monotonic()
            elif time.monotonic() - since > still:
                break
        return last

    def take_seat(self) -> None:
        """A hot-seat page opens on "pass the device": the first player takes the seat."""
        if self.ui.has("bw-pass-ready"):
            self.run(lambda: self.ui.click("bw-pass-ready"))
            self.settle()

    def act(self, avoid: set) -> str:
        """Do something that changes this page (a click on a board, else a button); what it was."""
        self.take_seat()
        before = self.settle()
        for board in self.boards():
            for id_ in _targets(board.svg)[:40]:
                key = f"{board.class_name}:{id_}"
                if key in avoid:
                    continue
                self.run(lambda: board.emit_click(id_))
                if self.settle() != before:
                    avoid.add(key)
                    return key
        for button in [w for w in self.ui.all_widgets() if type(w).__name__ == "Btn"]:
            classes = (button.class_ or "").split()
            if button.disabled or any(c.startswith(NAVIGATION) for c in classes):
                continue
            key = "button:" + " ".join(classes) + ":" + str(button.children)
            if key in avoid:
                continue
            self.run(button.click)
            if self.settle() != before:
                avoid.add(key)
                return key
        return ""

    def forget(self) -> None:
        """Drop this kernel's objects (a real server does it when the page closes; closing the context here
        would close every widget of the test process)."""
        per_kernel_module._BY_KERNEL.pop(self.id, None)


@pytest.fixture
def server(monkeypatch):
    """This process as ``solara run``: Solara's reactive values are kept per kernel context."""
    monkeypatch.setattr(solara.toestand, "_using_solara_server", lambda: True)
    made: list[Student] = []

    def student(name: str) -> Student:
        s = Student(name)
        made.append(s)
        return s

    yield student
    for s in made:
        s.forget()


#: things each student does on a page, in turn (each checked on the other page); the slow test does more
ROUNDS = 1


def _route_params():
    return [pytest.param(r, id=r.path) for r in app.routes[1:]]


def test_every_page_of_the_app_is_in_the_isolation_test():
    built = {p.path for p, _c in app.built_pages()}
    # the class pages are not a game's (tables across devices, the teacher's page: tests/classroom); their
    # routes are still rendered side by side below
    assert {r.path for r in app.routes[1:]} - {"table", "teacher"} == built
    kinds = {(p.game, p.kind) for p, _c in app.built_pages()}
    for game in ("balada", "balda", "barcadia", "baldurs_gate"):
        assert {(game, k) for k in ("bot", "hot-seat", "learn", "lab")} <= kinds, game


@pytest.mark.parametrize("route", _route_params())
def test_two_students_on_one_page_never_see_each_others_play(server, route):
    _side_by_side(server, route, ROUNDS)


@pytest.mark.slow
@pytest.mark.parametrize("route", _route_params())
def test_two_students_play_on_and_still_never_see_each_others_play(server, route):
    _side_by_side(server, route, 3)


def _side_by_side(server, route, rounds: int) -> None:
    a = server("a").open(route.component())
    b = server("b").open(route.component())
    a.settle(), b.settle()
    done_a, done_b = set(), set()
    for _ in range(rounds):  # each in turn: a move, an answer, a step of the lab
        b_before = b.settle()
        what = a.act(done_a)
        assert what, f"{route.path}: nothing on the page could be done"
        assert b.settle() == b_before, f"{route.path}: {what} on one page changed the other page"
        a_before = a.settle()
        what = b.act(done_b)
        assert what, f"{route.path}: nothing on the page could be done"
        assert a.settle() == a_before, f"{route.path}: {what} on one page changed the other page"
    if a.ui.has("bw-lesson-show"):  # a learn page: A's lesson progress (the answer shown) is not B's
        b_before = b.settle()
        a.run(lambda: a.ui.click("bw-lesson-show"))
        assert a.ui.has("bw-lesson-answer") and not b.ui.has("bw-lesson-answer")
        assert b.settle() == b_before, f"{route.path}: a lesson's progress showed on the other page"


# ------------------------------------------------------------------ what outlives a page


def _balda_lesson_at_play(student: Student):
    from balada_widgets.balda import tutorial as T
    from balada_widgets.ui.tutorial import LessonRoot, Tutorial

    tutorial = student.run(lambda: Tutorial(T.lesson()))
    student.open(LessonRoot(tutorial=tutorial, start="play"))
    return tutorial


def test_the_balda_tutorials_last_step_is_each_students_own_game(server):
    from balada_widgets.balda import tutorial as T

    a, b = server("a"), server("b")
    ta, tb = _balda_lesson_at_play(a), _balda_lesson_at_play(b)
    game_a, game_b = ta.store["balda-play"], tb.store["balda-play"]
    assert game_a is not game_b and game_a.session is not game_b.session
    # each kernel's code sees its own learner's game, not a module-level one
    assert a.run(T.play_app) is not game_a  # outside the lesson's player: the kernel's own, not a page's
    b_before = b.settle()
    a.run(lambda: game_a.play("pass"))  # a move of student A (the bot answers)
    a.settle()
    assert len(game_a.session.history) > 1 and len(game_b.session.history) == 1
    assert b.settle() == b_before
    # A's page shows its move, B's not
    assert "pass" in a.snapshot().lower() or a.snapshot() != b.snapshot()


def test_on_the_balda_learn_page_each_student_plays_the_last_steps_game_alone(server):
    route = next(r for r in app.routes if r.path == "balda-learn")
    a, b = server("a").open(route.component()), server("b").open(route.component())
    for s in (a, b):  # both go to the last step, a game against the bot
        s.run(lambda s=s: s.ui.board("bw-lesson-steps").emit_click("step-play"))
        s.settle()
    assert "Step 11 of 11" in a.snapshot()
    pass_a = [w for w in a.ui.all_widgets() if "bw-balda-pass" in (getattr(w, "class_", "") or "").split()]
    assert pass_a, "no Pass button on the last step"
    b_before = b.settle()
    a_before = a.settle()
    a.run(pass_a[0].click)  # A passes; the bot answers on A's board
    assert a.settle() != a_before
    assert b.settle() == b_before, "a move on one student's last-step game showed on the other's"


def test_lesson_progress_is_each_students_own(server):
    from balada_widgets.barcadia import tutorial as T
    from balada_widgets.ui.tutorial import LessonRoot

    a, b = server("a"), server("b")
    ta = a.run(lambda: app.tutorial_for("balada_widgets.barcadia.tutorial"))
    tb = b.run(lambda: app.tutorial_for("balada_widgets.barcadia.tutorial"))
    first = T.lesson().steps[0].id
    a.open(LessonRoot(tutorial=ta, start=first))
    b.open(LessonRoot(tutorial=tb, start=first))
    b_before = b.settle()
    a.run(lambda: a.ui.click("bw-lesson-show"))  # A asks for the answer
    a.settle()
    assert a.run(lambda: ta.progress.of(first, 0).shown)
    assert b.run(lambda: tb.progress.of(first, 0)) == b.run(lambda: tb.progress.of("nowhere", 0))
    assert b.settle() == b_before


def test_a_notebook_face_is_one_tutorial_per_kernel(server):
    from balada_widgets.barcadia import tutorial as T

    a, b = server("a"), server("b")
    ta, tb = a.run(T.tutorial), b.run(T.tutorial)
    assert ta is not tb and a.run(T.tutorial) is ta and b.run(T.tutorial) is tb
    first = T.lesson().steps[0].id
    a.run(lambda: ta.record(first, 0, ta.progress.of(first, 0).__class__(solved=True)))
    assert a.run(lambda: T.tutorial().progress.of(first, 0).solved)
    assert not b.run(lambda: T.tutorial().progress.of(first, 0).solved)


def test_the_baldurs_gate_tutorials_end_of_game_is_each_students_own(server):
    from balada_widgets.baldurs_gate import tutorial as T
    from balada_widgets.kit.lesson import Attempt, learner, respond

    a, b = server("a"), server("b")
    ta = a.run(lambda: app.tutorial_for("balada_widgets.baldurs_gate.tutorial"))
    tb = b.run(lambda: app.tutorial_for("balada_widgets.baldurs_gate.tutorial"))
    play_a, play_b = ta.lesson.find("play").parts
    with learner(ta.store):
        assert respond(play_a, Attempt(), T.play_shown("en")).solved  # A finishes the game
        assert respond(play_b, Attempt(), "1").reply.kind != "invalid"  # so A's (b) may be answered
    with learner(tb.store):
        assert respond(play_b, Attempt(), "1").reply.kind == "invalid"  # B has not played: not B's game


def test_solo_personal_bests_are_each_students_own(server):
    from balada_widgets.balada.view import PERSONAL_BEST

    a, b = server("a"), server("b")
    a.run(lambda: PERSONAL_BEST.record("isolation-sheet", False, 77, token="a-game"))
    assert a.run(lambda: PERSONAL_BEST.get("isolation-sheet", False)) == 77
    assert b.run(lambda: PERSONAL_BEST.get("isolation-sheet", False)) is None
