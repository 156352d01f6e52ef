"""The Barcadia lab, rendered with ``solara.render``: edits by clicks and fields, undo, text, play, branches,
analysis, odds and bots."""

from __future__ import annotations

import re

import ipyvuetify as v
import pytest

from balada_widgets.barcadia import analysis
from balada_widgets.barcadia.lab import BarcadiaLab, example_position, lab_game, move_room, tool_targets
from balada_widgets.ui.lab import moves_markup

GAME = lab_game(3)


def text(ui) -> str:
    """Everything on screen, Markdown included (solara.Markdown keeps its text in a Vue template)."""
    return ui.text() + "\n".join(getattr(w, "template", "") or "" for w in ui.all_widgets()
                                  if isinstance(getattr(w, "template", None), str))


def tab(ui, index: int) -> None:
    [w for w in ui.all_widgets() if isinstance(w, v.Tabs)][0].v_model = index


def classes_of(svg: str, room: str) -> list:
    m = re.search(r'<g class="([^"]*)"[^>]*data-id="%s"' % room, svg)
    assert m, f"no room {room} in the drawing"
    return m.group(1).split()


def position_text(ui) -> str:
    return [w for w in ui.all_widgets() if "bw-lab-position" in (getattr(w, "class_", "") or "")][0].v_model


def select(ui, cls: str):
    return [w for w in ui.all_widgets() if isinstance(w, v.Select) and cls in (w.class_ or "").split()][0]


def toggle(ui, cls: str):
    return [w for w in ui.all_widgets() if isinstance(w, v.BtnToggle) and cls in (w.class_ or "").split()][0]


# ---------------------------------------------------------------------- set up


def test_setup_tools_edit_the_position_and_undo_takes_an_edit_back(render):
    ui = render(BarcadiaLab())
    board = ui.board("bw-lab-setup-board")
    assert "p1 barbarian hp=60 at=r3" in position_text(ui)
    board.emit_click("r4")  # the cup tool, player 1: into the Pourtal r4
    assert "p1 barbarian hp=60 at=r4" in position_text(ui)
    toggle(ui, "bw-lab-tool").v_model = "trap +"
    ui.board("bw-lab-setup-board").emit_click("r9")
    assert re.search(r"^r9 .*traps=1", position_text(ui), re.M)
    ui.click("bw-undo")
    assert not re.search(r"^r9 .*traps=1", position_text(ui), re.M)
    ui.click("bw-undo")
    assert "at=r3" in position_text(ui).splitlines()[2]
    ui.click("bw-redo")
    assert "at=r4" in position_text(ui).splitlines()[2]


def test_each_tool_highlights_where_it_can_act():
    s = example_position(GAME)
    cups = tool_targets(GAME, s, "cup", 0)
    assert "START" in cups and "r4" in cups and "r20" not in cups and "r17" not in cups  # r20: player 2's room
    assert "r3" not in tool_targets(GAME, s, "trap +") and "r15" in tool_targets(GAME, s, "trap +")
    assert tool_targets(GAME, s, "trap -") == ["r15", "r16", "r17"]


def test_a_refused_edit_names_its_rule(render):
    ui = render(BarcadiaLab())
    ui.board("bw-lab-setup-board").emit_click("r20")  # player 2's room: player 1 cannot join (START only)
    assert "r20 holds 2 cups; only the Starting Point holds more than one (rule H3)" in text(ui)
    toggle(ui, "bw-lab-tool").v_model = "trap +"
    ui.board("bw-lab-setup-board").emit_click("r3")  # player 1's room
    assert "occupied, so it holds no trap (rule H13)" in text(ui)


def test_flip_gives_a_face_down_room_the_chosen_identity(render):
    ui = render(BarcadiaLab())
    toggle(ui, "bw-lab-tool").v_model = "flip"
    select(ui, "bw-lab-card").v_model = "soda-kraken"
    ui.board("bw-lab-setup-board").emit_click("r2")
    assert re.search(r"^r2 \S+ up card=soda-kraken", position_text(ui), re.M)
    ui.board("bw-lab-setup-board").emit_click("r2")
    assert re.search(r"^r2 \S+ down public card=soda-kraken", position_text(ui), re.M)


def test_paste_a_position_lists_its_problems_or_loads_it(render):
    ui = render(BarcadiaLab())
    pos = position_text(ui)
    paste = [w for w in ui.all_widgets() if "bw-lab-paste" in (getattr(w, "class_", "") or "")][0]
    paste.v_model = pos.replace("hp=60", "hp=130")
    ui.click("bw-lab-load")
    assert "HP must be 0..100, not 130 (rule H9)" in text(ui)
    paste.v_model = pos.replace("hp=60", "hp=30")
    ui.click("bw-lab-load")
    assert "hp=30" in position_text(ui)


# ---------------------------------------------------------------------- analysis


def test_analysis_best_move_reach_and_fight_or_go_around(render):
    ui = render(BarcadiaLab())
    ui.click("bw-lab-best")
    advice = analysis.best_move(GAME, example_position(GAME))
    assert advice.words in text(ui) and advice.reasons[0] in text(ui)
    reach = ui.board("bw-lab-reach-board")
    assert "target" in classes_of(reach.svg, "r5") and "target" not in classes_of(reach.svg, "r2")
    reach.emit_click("r5")
    assert "r5: START, then r5 (2 steps)" in text(ui)
    assert "selected" in classes_of(ui.board("bw-lab-reach-board").svg, "r5")
    assert "Go around: to reveal r2 now" in text(ui)
    select(ui, "bw-lab-fight-room").v_model = "r15"
    assert "fighting the unknown r15" in text(ui) or "revealing the unknown r15" in text(ui)


def test_analysis_keeps_another_players_secrets(render):
    ui = render(BarcadiaLab())
    select(ui, "bw-lab-viewer").v_model = "player 2"
    svg = ui.board("bw-lab-reach-board").svg
    assert "Courage" not in svg and "courage" not in svg  # player 1's hand is not drawn for player 2
    assert "Where can player 2 get this turn?" in text(ui) and "next turn" in text(ui)


# ---------------------------------------------------------------------- play and branch


def test_play_a_move_undo_and_branch(render):
    ui = render(BarcadiaLab())
    tab(ui, 1)
    board = ui.board("bw-lab-play-board")
    assert "target" in classes_of(board.svg, "r17") and "target" in classes_of(board.svg, "START")
    board.emit_click("r4")  # Player 1 steps into r4
    log = ui.board("bw-move-log")
    assert "Player 1 steps into r4" in log.svg
    ui.click("bw-undo")
    ui.board("bw-lab-play-board").emit_click("START")
    assert "Branches:" in ui.board("bw-move-log").svg
    moves = ui.board("bw-lab-moves")
    assert 'data-id="move-0"' in moves.svg


def test_strong_bot_move_and_play_the_advice(render):
    ui = render(BarcadiaLab())
    tab(ui, 1)
    ui.click("bw-lab-best")
    ui.click("bw-lab-play-best")
    words = analysis.best_move(GAME, example_position(GAME)).words  # the strong bot's choice, whatever it is today
    assert words in ui.board("bw-move-log").svg
    ui.click("bw-lab-bot-move")
    assert ui.board("bw-move-log").svg.count('class="bw-move') >= 2


def test_moves_markup_is_words_with_notation_beside():
    s = example_position(GAME)
    moves = GAME.legal_moves(s)
    html = moves_markup(GAME, s, moves)
    assert 'Player 1 reveals r17 (Kettle Imp, face down)<span class="bw-note">p1 reveal r17</span>' in html
    assert {move_room(m) for m in moves} >= {"r17", None}


# ---------------------------------------------------------------------- odds and bots


def test_odds_and_bots_tabs(render):
    ui = render(BarcadiaLab())
    tab(ui, 2)
    assert "Mini Fizzicorn" in text(ui) and "bonus +2" in text(ui)
    toggle(ui, "bw-lab-kind").v_model = "team"
    assert "Cerbubble" in text(ui)
    tab(ui, 3)
    [w for w in ui.all_widgets() if isinstance(w, v.Slider)][0].v_model = 1  # one game: a quick test
    ui.click("bw-lab-bot-stats")
    assert "1 game of 3 bots" in text(ui) and "win rate" in text(ui) and "strong" in text(ui)


def test_lab_from_a_position_text(render):
    g = lab_game(2)
    text = g.state_to_text(example_position(g))
    ui = render(BarcadiaLab(players=2, text=text))
    assert position_text(ui) == text


def test_a_pending_roll_shows_its_odds_and_hides_the_walking_questions(render):
    ui = render(BarcadiaLab())
    tab(ui, 1)
    ui.board("bw-lab-play-board").emit_click("r17")  # reveal the Kettle Imp: its trap, then the battle window
    shown = text(ui)
    assert "Player 1 against Kettle Imp (Monster, level 7)" in shown and "Fizzing Gauntlets" in shown
    assert "once the pending roll, card or choice is settled" in shown and not ui.boards("bw-lab-reach-board")
