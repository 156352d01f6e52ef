"""Balda's lab page of the app: a position made by clicks (letters, words, scores, whose turn), every problem
listed, shared as text; played on both sides and branched; the analysis in words beside notation."""

from __future__ import annotations

import ipyvuetify as v

from balada_widgets import app
from balada_widgets.balda import BaldaGame
from balada_widgets.balda.draft import Draft
from balada_widgets.balda.lab import DEFAULT_POSITION, BaldaLab, _lab_app, best_line, heat_text
from balada_widgets.balda.lexicon import Lexicon


def widget(ui, cls: str):
    found = [w for w in ui.all_widgets() if cls in (getattr(w, "class_", "") or "").split()]
    assert found, f"no widget {cls!r}"
    return found[0]


def enter(ui, cls: str, value) -> None:
    """Type ``value`` into a field and press Enter (a field that takes its value on Enter or on leaving it)."""
    field = widget(ui, cls)
    field.v_model = value
    field.fire_event("keyup.enter", None)


def position_text(ui) -> str:
    return widget(ui, "bw-balda-lab-position").v_model


def tab(ui, i: int) -> None:
    [w for w in ui.all_widgets() if isinstance(w, v.Tabs)][0].v_model = i


def test_the_lab_is_a_page_of_the_app():
    page = next(p for p in app.PAGES if p.path == "balda-lab")
    assert page.load() is BaldaLab and "balda-lab" in [r.path for r in app.routes]


def test_heat_and_best_line_on_a_small_game():
    lex = Lexicon.from_words(["cat", "cats", "scat", "at"], name="demo")
    game = BaldaGame(players=2, size=3, start_word="cat", lexicon=lex)
    state = game.initial_state()
    assert heat_text(game, state) == "a3: 1 word · c3: 1 word · a1: 1 word · c1: 1 word"  # top row first
    assert best_line(game, state, 2) == (0, [("Player 1 writes S on a3 and reads SCAT (4 points)", "a3=s scat a3-a2-b2-c2"),
                                             ("Player 2 writes T on b3 and reads CATS (4 points)", "b3=t cats a2-b2-b3-a3")])


def test_type_letters_into_cells_and_every_problem_is_listed(render):
    ui = render(BaldaLab())
    assert position_text(ui) == DEFAULT_POSITION and ui.has("bw-balda-lab-ok")
    grid = ui.board("bw-balda-lab-grid")
    grid.emit_click("cell-e5")
    grid.emit_key("x")  # a letter far from the start word: D2
    assert position_text(ui).startswith("4X/S4/TABLE/H4/5 ")
    assert "letter(s) at e5 not connected to the start word (rule D2)" in ui.text()
    assert ui.has("bw-balda-lab-problem") and ui.button("bw-balda-lab-play-here").disabled
    grid.emit_key("ArrowDown")
    grid.emit_key("ArrowLeft")  # d4, next to the start word's L
    grid.emit_key("s")
    assert position_text(ui).startswith("4X/S2S1/TABLE/H4/5 ")  # typed on, the cursor moves right
    assert "e5" in ui.text() and "d4" not in ui.text().split("not connected")[0].split("letter(s) at")[-1]
    grid.emit_click("cell-e5")
    ui.click("bw-balda-lab-clear")
    assert position_text(ui).startswith("5/S2S1/TABLE/H4/5 ")
    ui.click("bw-undo")
    assert position_text(ui).startswith("4X/S2S1/")
    ui.click("bw-redo")
    ui.board("bw-balda-lab-grid").emit_click("cell-d4")
    ui.board("bw-balda-lab-grid").emit_key("Backspace")
    assert position_text(ui) == DEFAULT_POSITION and ui.has("bw-balda-lab-ok")


def test_words_scores_and_turn_are_edited_and_checked(render):
    ui = render(BaldaLab())
    enter(ui, "bw-balda-lab-used", "bath, stab, zzyzx")
    assert "used=table,bath,stab,zzyzx" in position_text(ui)
    assert "'zzyzx' is not in the" in ui.text() and "(rule D3)" in ui.text()
    enter(ui, "bw-balda-lab-used", "bath, stab")
    enter(ui, "bw-balda-lab-score-2", "-3")
    widget(ui, "bw-balda-lab-turn").v_model = "Player 2"
    text = position_text(ui)
    assert "turn=2 scores=4,-3" in text and "scores cannot be negative (rule D5)" in ui.text()
    enter(ui, "bw-balda-lab-used", "bath, st4b")
    assert "'st4b' is not a word" in ui.text()


def test_the_keys_on_screen_and_a_letter_outside_the_alphabet(render):
    ui = render(BaldaLab())
    ui.board("bw-balda-lab-keys").emit_click("key-q")  # no cell chosen yet: nothing happens
    assert position_text(ui) == DEFAULT_POSITION
    ui.board("bw-balda-lab-grid").emit_click("cell-b4")
    ui.board("bw-balda-lab-keys").emit_click("key-q")
    assert position_text(ui).startswith("5/SQ3/")
    ui.board("bw-balda-lab-grid").emit_key("ж")
    assert "'ж' is not a letter of the" in ui.text() and "(rule D7)" in ui.text()


def test_share_as_text_and_paste_one(render):
    ui = render(BaldaLab())
    paste = widget(ui, "bw-balda-lab-paste")
    paste.v_model = "5/S4/TABLE/H4/5 used=table bogus=1"
    ui.click("bw-balda-lab-load")
    assert "unknown field 'bogus=1'" in ui.text() and position_text(ui) == DEFAULT_POSITION
    paste.v_model = "5/5/TABLE/5/4T used=table turn=2 scores=3,0"  # pasted with a problem: kept, the problem named
    ui.click("bw-balda-lab-load")
    assert position_text(ui) == "5/5/TABLE/5/4T used=table turn=2 scores=3,0 passes=0"
    assert ui.has("bw-balda-lab-problem") and "letter(s) at e1 not connected to the start word (rule D2)" in ui.text()
    paste.v_model = "/etc/passwd"
    ui.click("bw-balda-lab-load")
    assert "invalid input" in ui.text() and position_text(ui).startswith("5/5/TABLE/5/4T")


def test_play_from_here_both_sides_branch_and_edit_again(render):
    lab = _lab_app(DEFAULT_POSITION)
    ui = render(BaldaLab(app=lab))
    ui.board("bw-balda-lab-grid").emit_click("cell-a4")
    ui.board("bw-balda-lab-grid").emit_key("Delete")  # the S of STAB gone: the words no longer fit
    ui.board("bw-balda-lab-grid").emit_key("s")
    ui.click("bw-balda-lab-play-here")
    assert lab.game.state_to_text(lab.session.state).startswith("5/S4/TABLE/H4/5 used=table,bath,stab turn=1")
    assert ui.has("bw-balda-lab-edit-here") and "Where the new letter opens the most words:" in ui.text()
    first, second = [lab.game.move_to_text(m) for m in lab.session.legal_moves()[:2]]
    assert lab.play(first) is None and lab.session.state.turn == 1  # no bot: the other side is played here too
    ui.click("bw-undo")
    assert lab.play(second) is None
    ui.wait(lambda: "Branches:" in ui.board("bw-move-log").svg)
    log = ui.board("bw-move-log").svg
    assert "Player 1 writes" in log and second.split()[0] in log  # words beside notation
    ui.click("bw-balda-lab-edit-here")
    assert position_text(ui) == Draft.of(lab.game, lab.session.state).text()
    assert "turn=2" in position_text(ui)


def test_a_russian_lab_starts_from_a_new_game_and_takes_cyrillic(render):
    ui = render(BaldaLab(language="ru"))
    text = position_text(ui)
    assert text.startswith("5/5/") and ui.has("bw-balda-lab-ok")
    ui.board("bw-balda-lab-grid").emit_click("cell-a4")
    ui.board("bw-balda-lab-grid").emit_key("ж")
    assert position_text(ui).startswith("5/Ж4/")
