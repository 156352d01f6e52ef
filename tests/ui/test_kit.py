"""The shared kit: the board widget, the panels, the session hook."""

from __future__ import annotations

import solara

from balada_widgets.core.demo import RaceGame
from balada_widgets.core.session import Session
from balada_widgets.kit import svg
from balada_widgets.ui.board import Board, SvgBoard, dispatch
from balada_widgets.ui.explain import Explain, trace_markup
from balada_widgets.ui.move_log import MoveLog, branch_entries, log_entries, log_markup
from balada_widgets.ui.reminder import Reminder, try_move
from balada_widgets.ui.session import use_session
from balada_widgets.ui.tutorial import Exercise
from balada_widgets.core.trace import Trace


def test_svg_helpers_escape_and_name_attributes():
    assert svg.text(0, 0, "<&>", class_="x") == '<text x="0" y="0" class="x">&lt;&amp;&gt;</text>'
    assert svg.rect(1, 2, 3, 4, data_id='a"b', hidden=None, focusable=False) == \
        '<rect x="1" y="2" width="3" height="4" data-id="a&quot;b"/>'
    assert svg.polygon([(0, 0), (1.5, 2)]) == '<polygon points="0,0 1.5,2"/>'


def test_dispatch_routes_each_kind_of_event():
    got = []
    dispatch({"type": "click", "id": "a"}, on_click=lambda i: got.append(("click", i)))
    dispatch({"type": "drag", "ids": ["a", "b"]}, on_drag=lambda ids: got.append(("drag", ids)))
    dispatch({"type": "drag", "ids": ["c", "d"]}, on_click=lambda i: got.append(("click", i)))  # no drag handler
    dispatch({"type": "key", "key": "Enter"}, on_key=lambda k: got.append(("key", k)))
    dispatch({"type": "key", "key": "x"})  # nobody listens: ignored
    assert got == [("click", "a"), ("drag", ["a", "b"]), ("click", "c"), ("key", "Enter")]


def test_board_component_reports_clicks_drags_and_keys(render):
    got = []

    @solara.component
    def Page():
        return Board(svg=svg.svg([svg.rect(0, 0, 5, 5, data_id="c1")], 10, 10), on_click=lambda i: got.append(i),
                     on_drag=lambda ids: got.append(tuple(ids)), on_key=lambda k: got.append(f"key {k}"),
                     class_name="test-board")

    ui = render(Page())
    board = ui.board("test-board")
    assert board.drag_events and board.key_events
    board.emit_click("c1")
    board.emit_click("c1")  # the same click twice is two events
    board.emit_drag(["c1", "c2", "c3"])
    board.emit_key("a")
    assert got == ["c1", "c1", ("c1", "c2", "c3"), "key a"]


def test_board_without_drag_or_key_handlers_tells_the_front_end(render):
    ui = render(Board(svg="<svg/>", on_click=lambda i: None, class_name="b"))
    assert not ui.board("b").drag_events and not ui.board("b").key_events


def test_use_session_rerenders_when_the_session_changes_from_outside(render):
    session = Session(RaceGame(target=5), seed=0)

    @solara.component
    def Page():
        s, _refresh = use_session(lambda: session)
        return solara.Text(f"total {s.state.total}", classes=["total"])

    ui = render(Page())
    assert "total 0" in ui.text()
    session.play("p1 +2")  # e.g. a notebook cell
    assert "total 2" in ui.text()
    session.undo()
    assert "total 0" in ui.text()


def test_try_move_and_reminder_show_the_rule_text(render):
    session = Session(RaceGame(target=5))
    error = try_move(session, "p2 +1")
    assert error == "illegal move 'p2 +1': it is player 1's turn (rule R1)"
    ui = render(Reminder(error))
    assert error in ui.text()
    assert ui.has("bw-rule-R1")
    assert try_move(session, "p1 +1") is None and session.state.total == 1


def test_move_log_goes_to_moves_and_branches(render):
    session = Session(RaceGame(target=9), seed=0)
    for m in ("p1 +1", "p2 +1"):
        session.play(m)
    session.undo()
    session.play("p2 +2")
    entries, branches = log_entries(session), branch_entries(session)
    assert [e.text for e in entries] == ["p1 +1", "p2 +2"]
    assert [b.current for b in branches] == [False, True]
    assert 'data-id="branch-' in log_markup(entries, branches)
    went = []
    ui = render(MoveLog(entries, branches, went.append))
    ui.board("bw-move-log").emit_click(f"branch-{branches[0].node}")
    ui.board("bw-move-log").emit_click("node-0")
    assert went == [branches[0].node, 0]
    session.goto(branches[0].node)
    assert session.history == ["p1 +1", "p2 +1"]


def test_explain_steps_forward_back_and_by_click(render):
    trace = Trace()
    trace.add(1, "B8", 2, "Fountain heals 2")
    trace.add(2, "B9", 0, "Sword")
    trace.add("end", "B12", 1, "1 Fish")
    seen = []

    @solara.component
    def Page():
        step, set_step = solara.use_state(None)

        def on_step(i):
            seen.append(i)
            set_step(i)

        return Explain(list(trace), step, on_step, title="walk")

    ui = render(Page())
    ui.click("bw-step-next")
    ui.click("bw-step-next")
    ui.click("bw-step-prev")
    ui.board("bw-trace-board").emit_click("step-2")
    ui.click("bw-step-all")
    assert seen == [0, 1, 0, 2, None]
    assert "total" in trace_markup(list(trace)) and ">3<" in trace_markup(list(trace))
    assert "so far (step 1 of 3)" in trace_markup(list(trace), 0)


def test_explain_play_walks_through_every_step(render):
    trace = Trace()
    for i in range(3):
        trace.add(i + 1, "B6", 0, "empty")
    seen = []

    @solara.component
    def Page():
        step, set_step = solara.use_state(None)
        return Explain(list(trace), step, lambda i: (seen.append(i), set_step(i)), delay=0.01)

    ui = render(Page())
    ui.click("bw-step-play")
    ui.wait(lambda: seen[-1:] == [2])
    assert seen == [0, 1, 2]


def test_exercise_checks_the_answer_and_explains(render):
    ui = render(Exercise("How many points?", lambda a: (a.strip() == "5", "3 + 2 injuries healed: +5 (rule B8)")))
    field = [w for w in ui.all_widgets() if "bw-exercise-input" in (getattr(w, "class_", "") or "")][0]
    field.v_model = "4"
    ui.click("bw-exercise-check")
    assert ui.has("bw-exercise-wrong") and "Not yet. 3 + 2" in ui.text()
    field.v_model = "5"
    ui.click("bw-exercise-check")
    assert ui.has("bw-exercise-ok") and "Right!" in ui.text()


def test_exercise_with_a_tutorial_check_shows_the_rule_missed(render):
    from balada_widgets.balada.tutorial import check_score
    from balada_widgets.core.feedback import exercise_check

    text = "TW O2 FT .. .. .. .. .. .. .. .. .."
    ui = render(Exercise("How many points?", check=exercise_check(check_score, text)))
    field = [w for w in ui.all_widgets() if "bw-exercise-input" in (getattr(w, "class_", "") or "")][0]
    field.v_model = "2"
    ui.click("bw-exercise-check")
    shown = ui.text()
    assert "Not yet. Not 2. Each Tower adds 1" in shown and "(rule B7)" in shown
    field.v_model = "3"
    ui.click("bw-exercise-check")
    assert "Right! 3 points." in ui.text()


def test_exercise_with_a_live_widget_checks_its_value(render):
    ui = render(Exercise("Pick", lambda value: (value == 3, f"you picked {value}"), value=3,
                         children=[solara.Text("a live board here")]))
    assert not [w for w in ui.all_widgets() if "bw-exercise-input" in (getattr(w, "class_", "") or "")]
    ui.click("bw-exercise-check")
    assert "Right! you picked 3" in ui.text()


def test_svgboard_emit_helpers_set_the_event_trait():
    b = SvgBoard()
    b.emit_key("Enter", shift=True)
    assert b.event["type"] == "key" and b.event["key"] == "Enter" and b.event["shift"] is True


def test_board_keeps_css_and_defs_apart_from_the_redrawn_markup(render):
    ui = render(Board(svg=svg.svg([svg.el("use", None, href="#t-dot")], 10, 10), css=".t circle { fill: red; }",
                      defs=svg.circle(0, 0, 3, id="t-dot"), class_name="t"))
    b = ui.board("t")
    assert b.css == ".t circle { fill: red; }" and 'id="t-dot"' in b.defs and "<style>" not in b.svg
