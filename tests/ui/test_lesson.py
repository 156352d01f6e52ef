"""Tutorial lessons: the pure description, the tiered feedback, and the lesson player clicked through."""

from __future__ import annotations

import re

import ipyvuetify as v
import pytest
import solara

from balada_widgets.core.errors import InvalidInput
from balada_widgets.core.feedback import Feedback, Step
from balada_widgets.core.trace import Trace
from balada_widgets.kit import svg
from balada_widgets.kit.lesson import (
    Attempt, Choose, Count, Custom, Lesson, LessonStep, Misreading, Number, Pick, Progress, Replies, SetMistake,
    Solution, Text, answer_only_classes, respond, reveal, set_mistake,
)
from balada_widgets.ui.tutorial import LessonView, Tutorial

# ---------------------------------------------------------------------- a small lesson

RIGHT_SPACES = frozenset({"space-2", "space-4"})


def draw_spaces(selected: tuple) -> str:
    """Five spaces; the selected ones drawn picked. Nothing else marks any space."""
    cells = [svg.rect(i * 30, 0, 26, 26, data_id=f"space-{i + 1}", class_="space picked" if f"space-{i + 1}" in selected
                      else "space") for i in range(5)]
    return svg.svg(cells, 150, 30, role="img", aria_label="five spaces")


def check_spaces(picked: frozenset) -> Feedback:
    if picked == RIGHT_SPACES:
        return Feedback(True, "Right: the two Forest spaces.", "R1")
    if "space-1" in picked:
        return Feedback(False, "The first space is the start: nothing may go there.", "R9", misreading="start")
    return Feedback(False, "Not those.")


def spaces_trace() -> Trace:
    t = Trace()
    t.add(2, "R1", 1, "Forest: allowed")
    t.add(4, "R1", 1, "Forest: allowed")
    return t


def check_number(n: int) -> Feedback:
    return Feedback(n == 7, "Right: 3 + 4." if n == 7 else f"Not {n}: both dice count.", "R4" if n == 3 else None)


def check_roll(seq: tuple) -> Feedback:
    if seq == ("roll",):
        return Feedback(True, "The die shows 4: the hero moves in.")
    return Feedback(False, "Press Roll once.")


STEPS = (
    LessonStep("spaces", "Where may it go?", ("R1", "R9"), "A symbol goes on a **Forest** space.",
               Pick("Click every space where the symbol may go.", check_spaces, hint="Forest spaces only.",
                    solution=lambda: Solution("spaces 2 and 4", "Spaces 2 and 4 are Forest.", spaces_trace(),
                                              picks=("space-2", "space-4")),
                    draw=draw_spaces, mode="set", label="five spaces")),
    LessonStep("dice", "Two dice", ("R4",), "Both dice count.",
               Number("What is the total?", check_number, hint="Add them.", solution=Solution("7", "3 + 4 = 7."))),
    LessonStep("roll", "Roll", ("R5", "R6"), "Then roll.", (
        Choose("Which card comes first?", lambda c: Feedback(c == "A", "Yes: A first." if c == "A" else "No: B waits."),
               options=(("A", "Card A"), ("B", "Card B")), solution=Solution("Card A")),
        Pick("Press Roll.", check_roll, draw=lambda s: svg.svg([svg.text(0, 10, "rolled" if s else "ready")], 50, 20),
             mode="sequence", buttons=(("roll", "Roll the die"),), solution=Solution("Roll once", picks=("roll",))),
    )),
    LessonStep("name", "A word", ("R7",), "Name it.",
               Text("Which landscape?", lambda t: Feedback(t.lower() == "forest", "Forest it is."),
                    solution=Solution("Forest"))),
)
LESSON = Lesson("Demo", STEPS)


# ---------------------------------------------------------------------- the pure description


def test_the_lesson_describes_steps_rules_and_positions():
    assert LESSON.ids == ["spaces", "dice", "roll", "name"]
    assert LESSON.position("roll") == "Step 3 of 4"
    assert LESSON.coverage()["R1"] == ["spaces"] and LESSON.coverage()["R6"] == ["roll"]
    assert LESSON.find("roll").parts[1].kind == "pick" and len(LESSON.find("dice").parts) == 1
    assert LESSON.as_steps()[0] == Step("spaces", "Where may it go?", ("R1", "R9"),
                                        "Click every space where the symbol may go.")
    with pytest.raises(InvalidInput, match="the steps are spaces, dice, roll, name"):
        LESSON.index("boss")
    with pytest.raises(InvalidInput, match="twice: dice"):
        Lesson("Twice", (STEPS[1], STEPS[1]))
    with pytest.raises(InvalidInput, match="no exercise in: bare"):
        Lesson("Bare", (LessonStep("bare", "Only reading", (), "Text.", None),))
    with pytest.raises(InvalidInput, match="mode"):
        Pick("?", check_spaces, draw=draw_spaces, mode="many")


def test_tiers_wrong_hint_answer_then_right():
    ex = STEPS[0].parts[0]
    a = respond(ex, Attempt(), ("space-1", "space-2"), STEPS[0].rules)
    assert (a.wrong, a.reply.kind, a.reply.rule) == (1, "wrong", "R9") and "start" in a.reply.message
    assert not a.reply.hint and a.reply.solution is None  # nothing given away yet
    a = respond(ex, a, ("space-3",), STEPS[0].rules)
    assert a.reply.kind == "hint" and a.reply.hint == "Forest spaces only."
    assert a.reply.message == "Not those. (rules R1, R9)"  # an unrecognised answer names the step's rules
    a = respond(ex, a, ("space-5",), STEPS[0].rules)
    assert a.reply.kind == "answer" and a.shown and a.reply.solution.answer == "spaces 2 and 4"
    a = respond(ex, a, ("space-4", "space-2"))
    assert a.solved and a.reply.kind == "right" and a.reply.message == "The two Forest spaces."


def test_show_me_then_an_answer_still_counts():
    ex = STEPS[1].parts[0]
    a = reveal(ex, Attempt())
    assert a.shown and not a.solved and a.reply.kind == "answer" and a.reply.solution.explanation == "3 + 4 = 7."
    assert respond(ex, a, "8").reply.kind == "answer"  # after the answer was shown, it stays shown
    assert respond(ex, a, "7 points").solved


def test_unreadable_answers_are_not_tries():
    assert respond(STEPS[1].parts[0], Attempt(), "seven").reply.kind == "invalid"
    assert respond(STEPS[1].parts[0], Attempt(), "").wrong == 0
    assert respond(STEPS[0].parts[0], Attempt(), ()).reply.message.startswith("Click on the board")
    assert respond(STEPS[2].parts[0], Attempt(), None).reply.kind == "invalid"
    assert respond(STEPS[3].parts[0], Attempt(), "   ").reply.kind == "invalid"


# ---------------------------------------------------------------------- what a check says, written once


HEROES = Replies({
    "hp-gate": Misreading("hp-gate", "goal", "H-OBJ1", "Low HP does not stop a claim."),
    "not-adjacent": Misreading("not-adjacent", "goal", "H-TURN5", "The claim is made from a room next to the Hoard."),
})
CLAIMS = frozenset({"r2", "r5"})  # the heroes who may claim; r3 stands far from the Hoard; START holds no cup


def check_claims(picked) -> Feedback:
    return HEROES.set_answer(picked, CLAIMS, wrong={"r3": "not-adjacent"}, missing={"r2": "hp-gate", "r5": "hp-gate"},
                             said="r2 and r5.", picked=lambda room: f"{room}: no hero stands there.",
                             left_out=lambda room: f"The hero in {room} may claim too.", rule="H-OBJ1")


def test_a_set_answer_is_read_by_its_wrong_pick_before_what_it_left_out():
    """Picking START and r2 (r5 left out) is read as START picked wrongly, not as the low HP of the hero in r5."""
    assert set_mistake({"START", "r2"}, CLAIMS, missing={"r5": "hp-gate"}) == SetMistake("START", True, None)
    fb = check_claims(frozenset({"START", "r2"}))
    assert (fb.ok, fb.message, fb.misreading, fb.rule) == (False, "START: no hero stands there.", None, "H-OBJ1")
    # a wrong pick a misreading explains is named before an unexplained one, whatever their order
    assert check_claims(frozenset({"START", "r3", "r2", "r5"})).misreading == "not-adjacent"
    assert check_claims(frozenset({"r2", "r3"})).misreading == "not-adjacent"  # r5 left out comes after
    # only then what was left out: its misreading, else the item named
    assert check_claims(frozenset({"r2"})).misreading == "hp-gate"
    assert set_mistake({"a"}, {"a", "b", "c"}, missing=lambda item: "c-left" if item == "c" else None) == \
        SetMistake("c", False, "c-left")
    assert set_mistake({"a"}, {"a", "b"}) == SetMistake("b", False, None)
    assert HEROES.set_answer({"a"}, {"a", "b"}, said="", picked=str, left_out=lambda x: f"{x} too.").message == "b too."
    assert check_claims(frozenset({"r5", "r2"})).ok and set_mistake([], []) is None
    # through the kit's tiers: the wrong pick with its rule; the misreading's own rule
    ex = Pick("Click every hero who may claim.", check_claims, draw=lambda s: "", mode="set")
    a = respond(ex, Attempt(), ("START", "r2"), ("H-OBJ1", "H-TURN5"))
    assert a.reply.message == "START: no hero stands there. (rule H-OBJ1)" and a.reply.misreading is None
    a = respond(ex, Attempt(), ("r2",), ("H-OBJ1", "H-TURN5"))
    assert a.reply.message == "Low HP does not stop a claim. (rule H-OBJ1)" and a.reply.misreading == "hp-gate"


def test_replies_count_and_rule_names_are_the_kits():
    fb = HEROES.mis("not-adjacent")
    assert (fb.ok, fb.rule, fb.misreading) == (False, "H-TURN5", "not-adjacent")
    assert HEROES.right("r2 and r5.", "H-OBJ1", expected=CLAIMS).expected == CLAIMS
    ex = Count("How many rooms do you place?", lambda n: HEROES.right(f"{n}.") if n == 12 else
               HEROES.no(f"Not {n}.", "H2"), unit="rooms")
    assert respond(ex, Attempt(), "12 rooms").solved and respond(ex, Attempt(), " 12 ").solved
    assert respond(ex, Attempt(), "twelve rooms").reply.kind == "invalid"
    # a lesson names rule ids its learners' rule text does not print, in words; several ids are "rules"
    words = {"rule": "(see {rules})", "rules": "(see {rules})",
             "rule_names": {"H2": "Setting up in the rules", "G23": "our ruling G23"}}
    assert respond(ex, Attempt(), "13", words=words).reply.message == "Not 13. (see Setting up in the rules)"
    other = Number("?", lambda n: Feedback(False, "Not that.", "H5, G23"))
    assert respond(other, Attempt(), "3").reply.message == "Not that. (rules H5, G23)"
    assert respond(other, Attempt(), "3", words=words).reply.message == "Not that. (see H5, our ruling G23)"


def test_a_trace_names_what_its_values_count(render):
    from balada_widgets.ui.explain import Explain, trace_markup

    t = Trace()
    t.add("level", "H5", 13, "The Monster's level is 13.")
    t.add("bonus", "H-PWR2", -2, "Your +2: you need 11 on the die.")
    assert "<th class='num'>level</th>" in trace_markup(list(t), value_label="level")
    assert "<th class='num'>points</th>" in trace_markup(list(t))
    ui = render(Explain(list(t), where_label="step", value_label="level"))
    assert "<th class='num'>level</th>" in ui.board("bw-trace-board").svg
    lesson = Lesson("Odds", (LessonStep("odds", "Odds", ("H5",), "Roll.", Number(
        "What must the die show?", lambda n: Feedback(n == 11, "11."),
        solution=Solution("11", trace=t, where_label="step", value_label="level"))),))
    ui = render(Tutorial(lesson).step("odds").element())
    ui.click("bw-lesson-show")
    assert "<th>step</th>" in ui.board("bw-trace-board").svg and "<th class='num'>level</th>" in \
        ui.board("bw-trace-board").svg


def test_progress_is_a_value_and_parts_show_in_order():
    p = Progress()
    roll = LESSON.find("roll")
    assert p.visible_parts(roll) == 1
    q = p.with_attempt("roll", 0, Attempt(shown=True))
    assert p.visible_parts(roll) == 1 and q.visible_parts(roll) == 2  # p itself did not change
    assert not q.done(roll) and q.with_attempt("roll", 0, Attempt(solved=True)).with_attempt(
        "roll", 1, Attempt(solved=True)).done(roll)


def test_the_exercise_board_gives_nothing_away():
    first = draw_spaces(())
    assert answer_only_classes(first, RIGHT_SPACES) == set()
    assert answer_only_classes(draw_spaces(("space-2", "space-4")), RIGHT_SPACES) == {"picked"}  # the check catches it


# ---------------------------------------------------------------------- the player, clicked through


def lesson_ui(render, start="spaces", tutorial=None):
    tutorial = tutorial or Tutorial(LESSON)
    ui = render(tutorial.step(start).element())
    return ui, tutorial


def page(ui) -> str:
    """The text of the page, markdown included (rendered into templates)."""
    return ui.text() + "\n".join(getattr(w, "template", "") or "" for w in ui.all_widgets())


def picker(ui):
    return ui.board("bw-lesson-steps")


def field(ui):
    [w] = [w for w in ui.rc.find(v.TextField).widgets if "bw-lesson-input" in (w.class_ or "").split()]
    return w


def test_a_right_answer_on_the_board_marks_the_step_done(render):
    ui, tutorial = lesson_ui(render)
    assert "Step 1 of 4 · Demo" in page(ui) and "A symbol goes on a <strong>Forest</strong> space." in page(ui)
    board = ui.board("bw-lesson-board")
    assert board.svg == draw_spaces(()) and "picked" not in board.svg and board.label == "five spaces"
    board.emit_click("space-2")
    board.emit_click("space-4")
    assert ui.board("bw-lesson-board").svg == draw_spaces(("space-2", "space-4"))
    ui.click("bw-lesson-check")
    assert ui.has("bw-lesson-right") and "Right! The two Forest spaces." in page(ui)
    assert ui.boards("bw-trace-board")  # the explanation walked through, step by step
    assert 'class="bw-step done current"' in picker(ui).svg and ">1 ✓<" in picker(ui).svg
    assert tutorial.progress.done_ids(LESSON) == {"spaces"} and "1 of 4 steps done" in repr(tutorial)


def test_three_wrong_answers_teach_in_tiers(render):
    ui, _ = lesson_ui(render)
    board = ui.board("bw-lesson-board")
    board.emit_click("space-1")
    ui.click("bw-lesson-check")
    assert ui.has("bw-lesson-wrong") and "The first space is the start: nothing may go there. (rule R9)" in page(ui)
    assert not ui.has("bw-lesson-hint")
    assert not ui.has("bw-lesson-answer") and "spaces 2 and 4" not in page(ui)
    board.emit_click("space-1")  # take it back
    board.emit_click("space-3")
    ui.click("bw-lesson-check")
    assert ui.has("bw-lesson-hint") and "Hint: Forest spaces only." in page(ui) and "(rules R1, R9)" in page(ui)
    assert not ui.has("bw-lesson-answer")
    ui.click("bw-lesson-check")
    assert ui.has("bw-lesson-answer") and "The answer: spaces 2 and 4" in page(ui)
    assert "Spaces 2 and 4 are Forest." in page(ui)
    answer_board = ui.board("bw-lesson-answer-board")
    assert answer_board.svg == draw_spaces(("space-2", "space-4"))
    assert ui.boards("bw-trace-board") and ui.button("bw-lesson-show").disabled


def test_show_me_reveals_the_answer_at_once(render):
    ui, tutorial = lesson_ui(render, "dice")
    ui.click("bw-lesson-show")
    assert ui.has("bw-lesson-answer") and "The answer: 7" in page(ui) and "3 + 4 = 7." in page(ui)
    assert not ui.has("bw-lesson-hint")  # the answer itself, not a hint any more
    assert not ui.has("bw-lesson-wrong")
    assert tutorial.progress.of("dice").shown and "dice" not in tutorial.progress.done_ids(LESSON)
    field(ui).v_model = "7"
    ui.click("bw-lesson-check")
    assert ui.has("bw-lesson-right") and "dice" in tutorial.progress.done_ids(LESSON)


def test_an_unreadable_number_is_not_a_try(render):
    ui, tutorial = lesson_ui(render, "dice")
    field(ui).v_model = "seven"
    ui.click("bw-lesson-check")
    assert ui.has("bw-lesson-invalid") and "'seven' is not a whole number" in page(ui)
    assert tutorial.progress.of("dice").wrong == 0
    field(ui).v_model = "3"
    ui.click("bw-lesson-check")
    assert ui.has("bw-lesson-wrong") and "Not 3: both dice count. (rule R4)" in page(ui)


def test_parts_come_in_order_with_options_and_a_roll_button(render):
    ui, _ = lesson_ui(render, "roll")
    assert len(ui.buttons("bw-lesson-check")) == 1  # the roll waits until the choice is answered
    ui.click("bw-lesson-option-1")
    assert "chosen" in ui.button("bw-lesson-option-1").class_
    ui.click("bw-lesson-check")
    assert "Not yet. B waits. (rules R5, R6)" in page(ui)  # the verdict is the kit's; the step's rules named
    ui.click("bw-lesson-option-0")
    ui.buttons("bw-lesson-check")[0].click()
    assert ui.has("bw-lesson-right") and len(ui.buttons("bw-lesson-check")) == 2
    assert ui.boards("bw-lesson-board")[0].svg.count("ready") == 1
    ui.click("bw-lesson-action-roll")
    assert "rolled" in ui.boards("bw-lesson-board")[0].svg
    ui.buttons("bw-lesson-check")[1].click()
    assert "Right! The die shows 4: the hero moves in." in page(ui)


def test_navigation_switches_steps_in_place_and_displays_share_progress(render):
    tutorial = Tutorial(LESSON)
    ui, _ = lesson_ui(render, "spaces", tutorial)
    other, _ = lesson_ui(render, "name", tutorial)  # a second cell of the same notebook
    assert ui.button("bw-lesson-prev").disabled
    ui.click("bw-lesson-next")
    assert "Step 2 of 4" in page(ui) and "What is the total?" in page(ui)
    picker(ui).emit_click("step-name")
    assert "Step 4 of 4" in page(ui) and ui.button("bw-lesson-next").disabled
    assert "What is the total?" not in page(ui)
    field(ui).v_model = "Forest"
    ui.click("bw-lesson-check")
    assert ui.has("bw-lesson-right")
    assert ">4 ✓<" in picker(other).svg and other.has("bw-lesson-right")  # the other display follows
    picker(ui).emit_click("step-spaces")
    assert "Step 1 of 4" in page(ui) and ui.board("bw-lesson-board").svg == draw_spaces(())  # a fresh board


def test_choose_many_and_a_custom_widget(render):
    many = Choose("Which are Forest?", lambda s: Feedback(s == {"a", "c"}, "A and C."), options=("a", "b", "c"),
                  many=True)

    @solara.component
    def Finish(answer, on_answer):
        return solara.Button("Finish the game", on_click=lambda: on_answer("won"), classes=["finish"])

    custom = Custom("Win the game.", lambda r: Feedback(r == "won", "You won."), make=Finish)
    tutorial = Tutorial(Lesson("Two", (LessonStep("many", "Many", ("R1",), "Pick.", many),
                                       LessonStep("live", "Live", ("R2",), "Play.", custom))))
    ui = render(tutorial.step("many").element())
    ui.click("bw-lesson-option-0")
    ui.click("bw-lesson-option-2")
    ui.click("bw-lesson-option-1")
    ui.click("bw-lesson-option-1")  # toggled off again
    ui.click("bw-lesson-check")
    assert "Right! A and C." in page(ui)
    ui.click("bw-lesson-next")
    ui.click("bw-lesson-check")
    assert ui.has("bw-lesson-invalid")
    ui.click("finish")
    ui.click("bw-lesson-check")
    assert "Right! You won." in page(ui)


def test_the_notebook_face_names_the_step_and_refuses_unknown_ones():
    tutorial = Tutorial(LESSON)
    cell = tutorial.step("roll")
    assert repr(cell) == "<Demo tutorial, step 'roll': Step 3 of 4>"
    assert tutorial.step().step_id == "spaces"
    with pytest.raises(InvalidInput, match="no such step in Demo"):
        tutorial.step("boss")
    assert cell.widget() is not None
    tutorial.record("dice", 0, Attempt(solved=True))
    tutorial.reset()
    assert tutorial.progress == Progress()


def test_lesson_view_is_controlled(render):
    seen = []
    ui = render(LessonView(LESSON, "dice", Progress(), lambda *a: seen.append(a), seen.append))
    ui.click("bw-lesson-next")
    picker(ui).emit_click("step-roll")
    picker(ui).emit_click("not-a-step")
    field(ui).v_model = "3"
    ui.click("bw-lesson-check")
    assert seen[:2] == ["roll", "roll"] and seen[2][:2] == ("dice", 0) and seen[2][2].wrong == 1
    assert re.search(r"Step 2 of 4", page(ui))


def test_lessons_and_the_cursor_import_without_any_ui_package():
    """A game's tutorial module describes its lesson at import time: that must not load Solara."""
    import subprocess
    import sys

    code = ("import sys; import balada_widgets.kit.lesson, balada_widgets.kit.cursor; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "('solara', 'ipywidgets', 'reacton', 'ipyvuetify', 'anywidget')); print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


CZECH = {
    "step_of": "Krok {i} z {n}", "step_label": "krok {i}: {title}", "done_label": "hotovo", "steps": "kroky lekce",
    "prev": "předchozí krok", "next": "další krok", "check": "Zkontrolovat", "check_label": "zkontrolovat odpověď",
    "show": "Ukaž mi", "show_label": "ukaž mi odpověď", "solved": "✓ hotovo", "right": "Správně!",
    "not_yet": "Ještě ne.", "hint": "Nápověda: {hint}", "answer": "Odpověď: {answer}", "your_answer": "Tvoje odpověď",
    "step_by_step": "Krok za krokem",
    "answer_first": "Nejdřív odpověz.", "pick_first": "Nejdřív klikni na plán.", "choose_one": "Vyber možnost.",
    "choose_some": "Vyber aspoň jednu možnost.", "number_first": "Napiš číslo.",
    "not_a_number": "{raw!r} není celé číslo.", "type_first": "Napiš odpověď.", "do_first": "Nejdřív úkol splň.",
    "rule": "(pravidlo {rules})", "rules": "(pravidla {rules})",
    "no_step": "takový krok v lekci {lesson} není; kroky jsou {steps}",
    "trace_rule": "pravidlo", "trace_points": "body", "trace_why": "proč", "trace_total": "celkem",
    "trace_so_far": "zatím (krok {i} z {n})", "trace_all": "Vše", "trace_step": "krok {i} z {n}",
    "trace_play": "přehraj kroky jeden po druhém", "trace_pause": "pozastavit", "trace_all_label": "ukaž všechny kroky",
}


def test_the_player_speaks_the_lessons_language(render):
    import string

    from balada_widgets.kit.lesson import LESSON_WORDS
    from balada_widgets.ui.tutorial import TUTORIAL_WORDS

    fields = lambda t: sorted(f for _, f, _, _ in string.Formatter().parse(t) if f)  # noqa: E731
    defaults = {**TUTORIAL_WORDS, **LESSON_WORDS}
    assert set(CZECH) == set(defaults) and all(fields(CZECH[k]) == fields(defaults[k]) for k in defaults)
    ui = render(Tutorial(LESSON, words=CZECH).step("dice").element())
    assert "Krok 2 z 4 · Demo" in page(ui) and ui.button("bw-lesson-check").children[-1] == "Zkontrolovat"
    field(ui).v_model = "sedm"
    ui.click("bw-lesson-check")
    assert "'sedm' není celé číslo." in page(ui)
    field(ui).v_model = "5"
    ui.click("bw-lesson-check")
    assert "Ještě ne. Not 5: both dice count. (pravidlo R4)" in page(ui)
    ui.click("bw-lesson-show")
    assert "Odpověď: 7" in page(ui) and 'aria-label="krok 1: Where may it go?"' in picker(ui).svg
