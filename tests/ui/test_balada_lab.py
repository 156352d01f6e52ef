"""Balada's lab on the kit's lab piece: paint a side and undo, a typed side and its problems, the score in words
beside notation, the game to analyse with its branches and the advisor."""

from __future__ import annotations

import ipyvuetify as v
import pytest

from balada_widgets.balada import score_side
from balada_widgets.balada.lab import DEFAULT_SIDE, BaladaLab, read_side, result_words
from balada_widgets.core import GameError

WALK_SIDE = "F:SW D:O2 M:KY F:PT M:SW D:O3 D:TW F:O2 M:BS M:CH F:PR D:FI"


def widget(ui, cls: str):
    return [w for w in ui.all_widgets() if cls in (getattr(w, "class_", "") or "").split()][0]


def test_lab_paint_a_space_then_undo_the_edit(render):
    ui = render(BaladaLab(side=WALK_SIDE))
    ui.board("bw-palette-board").emit_click("tool-FI")
    ui.board().emit_click("space-1")
    assert "F:FI D:O2" in ui.text()
    ui.click("bw-undo")
    assert "F:SW D:O2" in ui.text()


def test_lab_paste_text_reports_parse_errors_and_landscape_problems(render):
    ui = render(BaladaLab(side=WALK_SIDE))
    field = [w for w in ui.all_widgets() if "bw-side-text" in (getattr(w, "class_", "") or "")][0]
    field.v_model = "F:XX D:O2"
    field.fire_event("keyup.enter", None)
    assert "unknown event 'XX' at space 1" in ui.text()
    field.v_model = WALK_SIDE.replace("D:O2", "F:O2")
    field.fire_event("focusout", None)
    assert "the side must hold the landscape deck's counts" in ui.text() and "(rule B1)" in ui.text()


def test_lab_scores_best_and_own_choices(render):
    ui = render(BaladaLab(side=WALK_SIDE))
    best = score_side(WALK_SIDE).points
    assert f"Best: {best} points" in ui.text()
    select = [w for w in ui.all_widgets() if "bw-choice-2" in (getattr(w, "class_", "") or "")][0]
    select.v_model = "endure"
    mine = score_side(WALK_SIDE, choices={**{}, 2: "endure"}).points
    assert f"Yours: {mine} points" in ui.text()


def test_lab_game_branches_and_advisor(render):
    ui = render(BaladaLab())
    tabs = [w for w in ui.all_widgets() if "bw-tab-game" in (getattr(w, "class_", "") or "")]
    assert tabs
    # switch tab through the Tabs' value
    tab_widget = [w for w in ui.all_widgets() if isinstance(w, v.Tabs)][0]
    tab_widget.v_model = 1
    ui.click("bw-advise-run")
    ui.wait(lambda: bool(ui.boards("bw-advice-board")), timeout=30)
    table = ui.board("bw-advice-board")
    assert "expected" in table.svg and "data-id='advice-0'" in table.svg
    table.emit_click("advice-0")  # plays the best placement
    log = ui.board("bw-move-log")
    assert "node-" in log.svg
    # go back to the start and play elsewhere: two branches
    log.emit_click("node-1")
    # the advisor recomputes in its thread for the new position and may be the one that redraws: wait for it
    ui.wait(lambda: ui.spaces("filled") == [] and len(ui.spaces("legal")) > 1)
    legal = ui.spaces("legal")
    ui.board().emit_click(f"space-{legal[-1]}")
    ui.wait(lambda: "Branches:" in ui.board("bw-move-log").svg)


def test_the_score_is_said_in_words_beside_its_notation(render):
    ui = render(BaladaLab(side=WALK_SIDE))
    best = score_side(WALK_SIDE)
    events = [s.event for s in read_side(WALK_SIDE)]
    said = ui.text()
    assert f"Best: {best.points} points: {result_words(events, best)} (rule B16)." in said
    assert "use a sword on the Obstacle in space 2" in said or "endure the Obstacle in space 2" in said
    assert f"notation: <code>{best.choices.text()}</code>" in said  # the lab shows both
    widget(ui, "bw-choice-2").v_model = "endure"
    own = score_side(WALK_SIDE, choices={2: "endure"})
    said = ui.text()
    assert f"Yours: {own.points} points" in said and "endure the Obstacle in space 2" in said
    assert f"notation: <code>{own.choices.text()}</code>" in said and "2:endure" in own.choices.text()


def test_a_typed_side_is_read_as_untrusted_text_and_each_problem_named(render):
    assert [s.landscape for s in read_side(DEFAULT_SIDE)][:3] == ["F", "D", "M"]
    for bad, words in (("F:SW D:O2", "12"), ("SW O2 KY .. .. .. .. .. .. .. .. ..", "(rule B1)"),
                       ("/etc/passwd", "invalid input")):  # a side is text: a path is only a wrong side
        with pytest.raises(GameError) as refused:
            read_side(bad)
        assert words in str(refused.value)
    ui = render(BaladaLab(side=WALK_SIDE))
    assert ui.has("bw-side-ok") and not ui.has("bw-side-problem")
