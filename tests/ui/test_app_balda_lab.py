"""Balda's lab page of the app: set up a position, play both sides and branch, the analysis."""

from __future__ import annotations

from balada_widgets import app
from balada_widgets.balda import BaldaGame
from balada_widgets.balda.lab import DEFAULT_POSITION, BaldaLab, _lab_app, best_line, heat_text
from balada_widgets.balda.lexicon import Lexicon


def test_the_lab_is_a_page_of_the_app():
    assert "balda-lab" in [r.path for r in app.routes]


def test_heat_and_best_line_on_a_small_game():
    lex = Lexicon.from_words(["cat", "cats", "scat", "at"], name="demo")
    game = BaldaGame(players=2, size=3, start_word="cat", lexicon=lex)
    state = game.initial_state()
    assert heat_text(game, state) == "a3: 1 word · c3: 1 word · a1: 1 word · c1: 1 word"  # top row first
    assert best_line(game, state, 2) == (0, ["a3=s scat a3-a2-b2-c2", "b3=t cats a2-b2-b3-a3"])


def test_set_up_a_position_refusal_then_play_both_sides_and_branch(render):
    ui = render(BaldaLab())
    text = ui.text()
    assert "Where the new letter opens the most words:" in text and "Player 2" in text
    assert "Bot" not in text.replace("Bot level", "").replace("Bot knows", "")
    field = next(w for w in ui.all_widgets() if "bw-balda-lab-text" in (getattr(w, "class_", "") or "").split())
    field.v_model = "5/1S3/TABLE/4D/5 used=table turn=7"
    ui.click("bw-balda-lab-load")
    assert "invalid position: no player 7 (rule D6)" in ui.text()
    field.v_model = "5/S4/TABLE/H4/5 used=table,bath,stab turn=2 scores=4,4 passes=0"
    ui.click("bw-balda-lab-load")
    assert "invalid position" not in ui.text()
    assert "With best play" not in ui.text() and 'data-id="cell-' in ui.board("bw-balda-grid").svg


def test_play_both_sides_undo_and_branch(render):
    lab = _lab_app(DEFAULT_POSITION)
    ui = render(BaldaLab(app=lab))
    first, second = [lab.game.move_to_text(m) for m in lab.session.legal_moves()[:2]]
    assert lab.play(first) is None and lab.session.state.turn == 1  # no bot: the other side is played here too
    ui.click("bw-undo")
    assert lab.play(second) is None
    log = ui.board("bw-move-log")
    ui.wait(lambda: "Branches:" in ui.board("bw-move-log").svg)
    assert first.split()[1] in ui.board("bw-move-log").svg.lower() or "branch-" in ui.board("bw-move-log").svg
