"""The Baldur's Gate lab, rendered with ``solara.render``: edits by clicks and fields, undo, the position text,
play and branch, the city analysis (networks, cut points, risk, hidden odds, attacks, score, advice), bots, Czech."""

from __future__ import annotations

import html
import re

import ipyvuetify as v
import pytest

from balada_widgets.baldurs_gate import BaldursGateGame
from balada_widgets.baldurs_gate import analysis
from balada_widgets.baldurs_gate.lab import BaldursGateLab, _tool_targets, marks_css
from balada_widgets.ui.lab import moves_markup

GAME = BaldursGateGame(players=3)


def text(ui) -> str:
    """Everything on screen, Markdown included (solara.Markdown keeps its text in a Vue template, HTML-escaped:
    the apostrophe of "player 3's worker" is there as an entity)."""
    return html.unescape(ui.text() + "\n".join(getattr(w, "template", "") or "" for w in ui.all_widgets()
                                                if isinstance(getattr(w, "template", None), str)))


def tab(ui, index: int) -> None:
    [w for w in ui.all_widgets() if isinstance(w, v.Tabs)][0].v_model = index


def position_text(ui) -> str:
    return [w for w in ui.all_widgets() if "bw-bgl-position" in (getattr(w, "class_", "") or "")][0].v_model


def select(ui, cls: str):
    return [w for w in ui.all_widgets() if isinstance(w, v.Select) and cls in (w.class_ or "").split()][0]


def field(ui, cls: str):
    return [w for w in ui.all_widgets() if isinstance(w, v.TextField) and cls in (w.class_ or "").split()][0]


def classes_of(svg: str, id_: str) -> list:
    m = re.search(r'<g class="([^"]*)"[^>]*data-id="%s"' % re.escape(id_), svg)
    assert m, f"no {id_} in the drawing"
    return m.group(1).split()


@pytest.fixture(scope="module")
def session():
    return analysis.example_session(GAME, seed=23, moves=90)  # the lab's first position


@pytest.fixture(scope="module")
def start(session):
    return session.state


def test_setup_builds_fortifies_and_undo_takes_an_edit_back(render, start):
    ui = render(BaldursGateLab())
    board = ui.board("bw-bgl-setup-board")
    spot = next(GAME.city.nodes[i] for i in GAME.city.forts if start.pieces[i] is None)
    assert "tg" in classes_of(board.svg, spot)  # the tower tool: free spots glow
    board.emit_click(spot)
    assert f'"{spot}":["tower","p1"' in position_text(ui)
    select(ui, "bw-bgl-tool").v_model = select(ui, "bw-bgl-tool").items[0]  # build an inn
    parcel = f"P{start.avail[0]}"
    ui.board("bw-bgl-setup-board").emit_click(parcel)
    assert f'"{parcel}":["inn","p1"' in position_text(ui)
    ui.click("bw-undo")
    assert f'"{parcel}":' not in position_text(ui) and f'"{spot}":["tower"' in position_text(ui)
    ui.click("bw-undo")
    assert f'"{spot}":' not in position_text(ui)
    ui.click("bw-redo")
    assert f'"{spot}":["tower","p1"' in position_text(ui)


def test_fields_edit_a_house_and_a_refused_edit_names_its_rule(render, start):
    ui = render(BaldursGateLab())
    gold = field(ui, "bw-bgl-gold")
    gold.v_model = "23"
    gold.fire_event("keyup.enter", None)
    assert '"gold":23' in position_text(ui).split("\np1 ")[1]
    gold = field(ui, "bw-bgl-gold")
    gold.v_model = "-2"
    gold.fire_event("keyup.enter", None)
    assert "(rule R5)" in text(ui)
    select(ui, "bw-bgl-tool").v_model = select(ui, "bw-bgl-tool").items[-1]  # remove
    hq = next(GAME.city.nodes[i] for i, pc in enumerate(start.pieces) if pc is not None and pc.kind == "hq")
    assert hq not in _tool_targets(GAME, start, "remove")
    assert set(_tool_targets(GAME, start, "inn")) == {f"P{n}" for n in start.avail}


def test_a_pasted_position_loads_and_a_bad_one_lists_its_problems(render, start):
    ui = render(BaldursGateLab())
    other = analysis.edit_position(GAME, start, player=1, gold=31)
    paste = [w for w in ui.all_widgets() if "bw-bgl-paste" in (getattr(w, "class_", "") or "")][0]
    paste.v_model = GAME.state_to_text(other)
    ui.click("bw-bgl-load")
    assert GAME.state_from_text(position_text(ui)) == other
    paste.v_model = GAME.state_to_text(other).replace('"gold":31', '"gold":-31')
    ui.click("bw-bgl-load")
    assert "gold must be a whole number 0 or more" in text(ui)


def test_play_and_branch_by_clicks_with_the_log_and_the_bot(render, start):
    ui = render(BaldursGateLab())
    tab(ui, 1)
    moves = GAME.legal_moves(start)
    assert [f'data-id="move-{k}"' in ui.board("bw-bgl-moves").svg for k in range(len(moves))] == [True] * len(moves)
    ui.board("bw-bgl-moves").emit_click("move-0")
    assert GAME.describe_move(start, moves[0]) in text(ui)
    after = GAME.apply(start, moves[0])
    options = GAME.legal_moves(after)
    assert len(options) >= 2  # the next step of the same action has its own decisions
    ui.board("bw-bgl-moves").emit_click("move-0")
    ui.click("bw-undo")
    ui.board("bw-bgl-moves").emit_click("move-1")
    log = ui.board("bw-move-log").svg
    assert log.count('data-id="branch-') == 2  # two branches now
    assert GAME.describe_move(after, options[1]) in log
    ui.click("bw-bgl-bot-move")
    saved = [w for w in ui.all_widgets() if "bw-bgl-save" in (getattr(w, "class_", "") or "")]
    assert saved and '"moves"' in saved[0].v_model


def test_city_analysis_draws_network_cut_points_growth_and_risk(render, start, session):
    ui = render(BaldursGateLab())
    tab(ui, 2)
    p = GAME.to_move(start)[0]
    view = GAME.view(start, p)
    svg = ui.board("bw-bgl-city-board").svg
    net = analysis.networks(GAME, view, p)
    for node in net.largest:
        assert "sel" in classes_of(svg, node)
    for g in analysis.growth(GAME, view, p):
        assert "tg" in classes_of(svg, g.node)
    css = ui.board("bw-bgl-city-board").css
    for c in net.cut_points:
        assert f'[data-id="{c.node}"]' in css
    shown = text(ui)
    assert analysis.hidden_odds(GAME, view, analysis.draw_record(session)).text(GAME).splitlines()[1][2:] in shown
    assert "E7" in shown and all(line in shown for line in analysis.attack_lines(GAME, start))
    assert GAME.city.district_name(GAME.city.districts[0]) in shown  # the risk table


def test_best_move_and_its_play_button(render, start):
    ui = render(BaldursGateLab())
    tab(ui, 2)
    ui.click("bw-bgl-best")
    advice = analysis.best_move(GAME, start, level="strong")
    assert advice.words in text(ui)
    ui.click("bw-bgl-play-best")
    tab(ui, 1)
    assert advice.words in text(ui)


def test_score_walk_uses_the_explain_panel(render):
    ui = render(BaldursGateLab())
    tab(ui, 2)
    assert ui.boards("bw-trace-board")
    ui.click("bw-step-next")
    assert 'class="current' in ui.board("bw-trace-board").svg or "current" in ui.board("bw-trace-board").svg


def test_czech_switch_words_every_panel(render):
    ui = render(BaldursGateLab(language="cs"))
    shown = text(ui)
    assert "Sestavení" in shown and "Rozbor města" in shown and "laboratoř" in shown
    tab(ui, 2)
    shown = text(ui)
    assert "Riziko útoku" in shown and "Nejlepší tah?" in shown


def test_helpers_mark_by_data_id_and_list_moves_in_words(start):
    css = marks_css(["P17", "F-SEA-a"], "#c0392b")
    assert '[data-id="P17"] .hl-ring' in css and "#c0392b" in css and marks_css([], "red") == ""
    markup = moves_markup(GAME, start, GAME.legal_moves(start))
    assert markup.count('data-id="move-') == len(GAME.legal_moves(start))


@pytest.mark.slow
def test_bots_tab_plays_seeded_games_and_plots(render):
    ui = render(BaldursGateLab(players=2))
    tab(ui, 3)
    [w for w in ui.all_widgets() if isinstance(w, v.Slider)][0].v_model = 1
    ui.click("bw-bgl-stats")
    shown = text(ui)
    assert "1 game of 2 players" in shown and "win rate" in shown
    assert any(isinstance(w, v.Img) or "FigureMatplotlib" in type(w).__name__ for w in ui.all_widgets()) or \
        "image/png" in shown or shown.count("mean") >= 2


def test_a_position_played_to_comes_back_to_the_editor(render, start):
    ui = render(BaldursGateLab())
    tab(ui, 1)
    for _ in range(12):
        ui.click("bw-bgl-bot-move")
        if not ui.button("bw-bgl-edit-here").disabled:
            break
    pending = [w for w in ui.all_widgets() if "bw-bgl-pending" in (getattr(w, "class_", "") or "")]
    ui.click("bw-bgl-edit-here")
    reached = GAME.state_from_text(position_text(ui))
    assert analysis.at_turn_start(reached) and reached != start and pending
    ui.click("bw-undo")  # nothing to undo in the editor yet: the played position is its first
    assert GAME.state_from_text(position_text(ui)) == reached
