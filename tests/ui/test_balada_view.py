"""The Balada view, rendered with ``solara.render``: clicks, refusals, hot-seat, bots, the walk (the lab: test_balada_lab.py)."""

from __future__ import annotations

import html
import re

import ipyvuetify as v
import pytest

from balada_widgets.balada import BaladaGame, Decide, Place, PortalMove, Swap
from balada_widgets.balada.view import (
    PERSONAL_BEST, BaladaApp, BaladaView, cards_svg, other_sheet, result_kind, sheet_svg, winners_text,
)
from balada_widgets.core.session import Session
from balada_widgets.balada.scoring import event_name

SEEN = "F/O1/BS,F/O2/PT,F/O2/TW,F/O3/TW,D/FT/PR,D/FT/CH,D/SW/O2,D/SW/O3,M/FI/O4,M/FI/O5,M/KY/BS,M/CH/PT"
# the standard sheet's day side with a Portal, two swords, obstacles beside a Tower, a Boss, a Key and a Chest
WALK_SIDE = "F:SW D:O2 M:KY F:PT M:SW D:O3 D:TW F:O2 M:BS M:CH F:PR D:FI"


def walk_session(players: int = 1, injuries: int = 0, swords: int = 0) -> Session:
    """A normal game at the start of the day round's scoring walk."""
    game = BaladaGame(players=players)
    lines = [f"round=day turn=12 phase=score seen={SEEN}"]
    lines += [f"p{p + 1} {WALK_SIDE} | swapped=0 swaps=0 inj={injuries} sw={swords} walk=-" for p in range(players)]
    return Session(game, state=game.state_from_text("\n".join(lines)))


def place_first_legal(ui, app: BaladaApp) -> None:
    legal = ui.spaces("legal")
    assert legal, "no highlighted space"
    ui.board().emit_click(f"space-{legal[0]}")


# ---------------------------------------------------------------------- placing


def test_the_board_highlights_exactly_the_legal_spaces(render):
    app = BaladaApp(players=1, seed=1)
    ui = render(app.element())
    st = app.session.state
    want = sorted({m.space for m in app.game.legal_moves(st, 0) if isinstance(m, Place) and m.event == st.cards.a})
    assert ui.spaces("legal") == want
    assert 'data-id="card-A"' in ui.board().svg and 'data-id="card-B"' in ui.board().svg


def test_click_card_b_then_a_highlighted_space_places_the_b_symbol(render):
    app = BaladaApp(players=1, seed=1)
    ui = render(app.element())
    cards = app.session.state.cards
    ui.board().emit_click("card-B")
    assert 'class="card card-B choice selected"' in ui.board().svg
    space = ui.spaces("legal")[0]
    before = ui.board().svg
    ui.board().emit_click(f"space-{space}")
    assert app.session.moves[-2] == Place(0, cards.b, space)  # then chance flips the next cards
    assert ui.board().svg != before
    assert app.session.state.players[0].events[space - 1] == cards.b
    assert f"turn 2 of 12" in ui.text()


def test_an_illegal_click_shows_the_rule_text_and_changes_nothing(render):
    app = BaladaApp(players=1, seed=1)
    ui = render(app.element())
    state = app.session.state
    wrong = next(n for n in range(1, 13) if n not in ui.spaces("legal"))
    ui.board().emit_click(f"space-{wrong}")
    assert app.session.state is state
    text = ui.text()
    assert f"You cannot draw the {event_name(state.cards.a)} on space {wrong}" in text and "(rule B2)" in text
    assert ui.has("bw-rule-B2")


def test_easy_version_shows_only_the_a_card(render):
    app = BaladaApp(players=1, seed=2, easy=True)
    ui = render(app.element())
    svg = ui.board().svg
    assert 'data-id="card-A"' in svg and "card-B" not in svg
    assert "easy version" in ui.text()


def test_change_of_landscape_swaps_two_empty_spaces_once(render):
    app = BaladaApp(players=1, seed=1)
    ui = render(app.element())
    lands = app.session.state.players[0].lands
    ui.click("bw-swap-toggle")
    assert ui.spaces("legal") == list(range(1, 13))  # every empty space can swap with another
    same = [n for n in range(2, 13) if lands[n - 1] == lands[0]][0]
    other = [n for n in range(2, 13) if lands[n - 1] != lands[0]][0]
    ui.board().emit_click("space-1")
    assert ui.spaces("picked") == [1] and same not in ui.spaces("legal")
    ui.board().emit_click(f"space-{same}")  # same landscape: refused by the rules (P4)
    assert "(rule P4)" in ui.text()
    ui.board().emit_click("space-1")
    ui.board().emit_click(f"space-{other}")
    assert Swap(0, 1, other) in app.session.moves
    assert app.game.sheet_of(app.session.state, 0).swapped
    assert "Change of Landscape: used" in ui.text()
    assert not ui.buttons("bw-swap-toggle") or ui.button("bw-swap-toggle").disabled


def test_undo_and_redo_of_a_placement(render):
    app = BaladaApp(players=1, seed=1)
    ui = render(app.element())
    place_first_legal(ui, app)
    assert app.session.state.turn == 2
    ui.click("bw-undo")
    assert app.session.state.turn == 1 and all(e is None for e in app.session.state.players[0].events)
    assert "turn 1 of 12" in ui.text()
    ui.click("bw-redo")
    assert app.session.state.turn == 2


def test_a_complete_easy_game_then_the_winner(render):
    app = BaladaApp(players=1, seed=5, easy=True)
    ui = render(app.element())
    for _ in range(12):
        place_first_legal(ui, app)
    while app.session.state.phase == "score":
        buttons = [b for b in ui.all_widgets() if any(c.startswith("bw-decide-") for c in (getattr(b, "class_", "") or "").split())]
        if buttons:
            buttons[0].click()
        else:
            ui.click("bw-portal-none")
    assert app.game.is_over(app.session.state)
    assert f"Final score: {app.session.state.players[0].total} points." in ui.text()
    assert ui.has("bw-winners")


# ---------------------------------------------------------------------- hot-seat and bots


def test_hot_seat_hides_the_other_choice_until_everybody_chose(render):
    app = BaladaApp(players=2, bots=0, seed=3)  # hot-seat
    ui = render(app.element())
    assert ui.has("bw-pass-ready") and not ui.boards("bw-sheet-board")  # nobody's sheet before the device is taken
    ui.click("bw-pass-ready")
    space = ui.spaces("legal")[0]
    ui.board().emit_click(f"space-{space}")
    assert ui.has("bw-pass-ready") and not ui.boards("bw-sheet-board")
    assert "I am Player 2: show my sheet" in ui.text()
    ui.click("bw-pass-ready")
    assert "Player 2, your turn" in ui.text()
    p1_move = app.session.moves[-1]
    ui.click("bw-show-log")
    log = ui.board("bw-move-log").svg
    assert "Player 1 chooses" in log and "draws" not in log and f"on space {p1_move.space}" not in log
    ui.click("bw-log-as-text")  # the move text view masks it too
    log = ui.board("bw-move-log").svg
    assert "p1 ?" in log and f"{p1_move.event}@" not in log
    # player 2's sheet does not show player 1's symbol
    assert ui.spaces("filled") == []


def test_bots_answer_each_human_move(render):
    app = BaladaApp(players=2, bots=1, seed=4, bot_level="random")
    ui = render(app.element())
    assert not ui.has("bw-pass-ready")  # one human: no pass screen
    assert app.session.state.chosen(1)  # the bot chose at once (its choice stays hidden)
    place_first_legal(ui, app)
    st = app.session.state
    assert st.turn == 2 and sum(e is not None for e in st.players[1].events) == 1 and st.chosen(1)
    ui.click("bw-undo")  # undoes the human move and the bot's answer
    st = app.session.state
    assert st.turn == 1 and st.chosen(1) and not st.chosen(0)
    ui.click("bw-redo")
    assert app.session.state.turn == 2 and app.session.state.chosen(1)


def test_bots_only_game_plays_itself_to_the_end(render):
    app = BaladaApp(players=2, bots=2, seed=1, bot_level="greedy")
    assert app.game.is_over(app.session.state)
    ui = render(app.element())
    assert ui.has("bw-winners")


# ---------------------------------------------------------------------- the keyboard


def test_keys_choose_the_card_move_the_cursor_over_the_highlighted_spaces_and_place(render):
    app = BaladaApp(players=1, seed=1)
    ui = render(app.element())
    cards = app.session.state.cards
    board = ui.board()
    board.emit_key("b")
    assert 'class="card card-B choice selected"' in ui.board().svg
    legal = ui.spaces("legal")
    assert ui.spaces("cursor") == []  # no cursor until an arrow key
    board.emit_key("ArrowRight")
    assert ui.spaces("cursor") == [legal[0]]
    board.emit_key("ArrowLeft")  # from the first highlighted space back round to the last
    assert ui.spaces("cursor") == [legal[-1]]
    if len(legal) > 1:
        board.emit_key("ArrowRight")
        assert ui.spaces("cursor") == [legal[0]]
    target = ui.spaces("cursor")[0]
    board.emit_key("Enter")
    assert app.session.moves[-2] == Place(0, cards.b, target)
    assert ui.spaces("cursor") == []  # a new turn: the cursor starts again
    assert "turn 2 of 12" in ui.text()


def test_keys_for_the_change_of_landscape_and_escape(render):
    app = BaladaApp(players=1, seed=1)
    ui = render(app.element())
    board = ui.board()
    board.emit_key("s")
    assert ui.has("bw-swap-toggle") and "Cancel the Change of Landscape" in ui.text()
    board.emit_key("Escape")
    assert "Cancel the Change of Landscape" not in ui.text()
    board.emit_key("S")
    first_choices = ui.spaces("legal")
    board.emit_key("ArrowRight")
    board.emit_key(" ")
    assert ui.spaces("picked") == [first_choices[0]]
    board.emit_key("ArrowRight")
    second = ui.spaces("cursor")[0]
    board.emit_key("Enter")
    move = app.session.moves[-1]
    assert isinstance(move, Swap) and {move.i, move.j} == {first_choices[0], second}
    board.emit_key("s")  # used this round (B3): the key does nothing
    assert "Cancel the Change of Landscape" not in ui.text()


def test_keys_in_the_walk_portal_cursor_digits_and_advice(render):
    app = BaladaApp.from_session(walk_session())
    ui = render(app.element())
    board = ui.board()
    sources = ui.spaces("legal")
    for _ in range(sources.index(3) + 1):  # walk the cursor to the Key of space 3
        board.emit_key("ArrowRight")
    assert ui.spaces("cursor") == [3]
    board.emit_key("Enter")
    assert app.session.moves[-1] == PortalMove(0, 4, 3)
    labels = [b.children for b in ui.rc.find(v.Btn).widgets if any(c.startswith("bw-decide-") for c in (b.class_ or "").split())]
    assert len(labels) == 2
    board.emit_key("?")
    assert "points this round" in ui.text()
    board.emit_key("1")  # the first button: use the sword
    assert app.session.moves[-1] == Decide(0, 2, "sword")
    board.emit_key("9")  # no ninth choice: nothing happens
    board.emit_key("²")  # a digit to str.isdigit, not a choice
    assert app.session.moves[-1] == Decide(0, 2, "sword")


# ---------------------------------------------------------------------- the walk


def test_walk_portal_choice_by_click_then_decision_buttons(render):
    app = BaladaApp.from_session(walk_session())
    ui = render(app.element())
    assert ui.spaces("portal") == [4]
    assert 1 in ui.spaces("legal") and 4 not in ui.spaces("legal")
    ui.board().emit_click("space-3")  # the Key onto the Portal
    assert app.session.moves[-1] == PortalMove(0, 4, 3)
    # the hero walked to the first decision: the obstacle of space 2 with a sword in hand
    assert ui.spaces("hero") == [2]
    assert ui.buttons("bw-decide-sword") and ui.buttons("bw-decide-endure")
    ui.click("bw-decide-sword")
    assert app.session.moves[-1] == Decide(0, 2, "sword")
    assert "Obstacle 2: a sword destroys it, +2, no injury" in ui.board("bw-trace-board").svg


def test_a_click_on_a_space_that_is_not_a_source_shows_the_portal_rule(render):
    app = BaladaApp.from_session(walk_session())
    ui = render(app.element())
    ui.board().emit_click("space-4")  # the Portal itself
    assert "(rule B5)" in ui.text() and app.session.state.players[0].walk.portals_left == (4,)


def test_what_is_best_lists_each_option_with_its_points(render):
    app = BaladaApp.from_session(walk_session())
    ui = render(app.element())
    ui.click("bw-portal-none")
    ui.click("bw-advice")
    text = ui.text()
    assert "Use a sword: +2, no injury" in text and "points this round" in text and "★ best" in text


def test_walk_to_the_end_shows_the_trace_and_the_round_table(render):
    app = BaladaApp.from_session(walk_session())
    ui = render(app.element())
    ui.click("bw-portal-none")
    while app.session.state.phase == "score":
        ui.click("bw-decide-endure" if ui.buttons("bw-decide-endure") else
                 next(c for c in ("bw-decide-fight", "bw-decide-pass", "bw-decide-key", "bw-decide-leave")
                      if ui.buttons(c)))
    st = app.session.state
    assert st.phase == "place" and st.round == 1  # the night round begins
    assert "Scores" in ui.text() and str(st.players[0].rounds[0].points) in ui.text()


def test_explain_step_highlights_the_space_on_the_board(render):
    app = BaladaApp.from_session(walk_session())
    ui = render(app.element())
    ui.click("bw-portal-none")
    ui.click("bw-decide-endure")
    ui.click("bw-step-next")
    assert ui.spaces("step") == [1]
    ui.click("bw-step-next")
    assert ui.spaces("step") == [2]


def test_winners_with_the_change_of_landscape_tie_break():
    game = BaladaGame(players=2, easy=True)
    side = "F:O1 D:.. M:.. F:.. M:.. D:.. D:.. F:.. M:.. M:.. F:.. D:.."
    state = game.state_from_text(
        "round=day turn=12 phase=over seen=" + ",".join(["F/O1"] * 0) + "-\n"
        + "\n".join(f"p{p + 1} {side} | swapped=0 swaps={p} inj=0 sw=0 rounds={side.replace(' ', '_')}@@0/0"
                    for p in range(2))) if False else None
    # a finished easy game where both players score the same: fewer Changes of Landscape wins (B17)
    from dataclasses import replace

    s = Session(game, seed=9)
    from balada_widgets.core.bots import run_bots
    from balada_widgets.balada.bots import make_bot

    run_bots(s, {0: make_bot("greedy", 1), 1: make_bot("greedy", 1)})
    st = s.state
    p0, p1 = st.players
    tied = replace(st, players=(p0, replace(p1, rounds=p0.rounds, swaps=p0.swaps + 1)))
    assert game.winners(tied) == [0]
    assert "fewer Changes of Landscape (rule B17)" in winners_text(game, tied, {})
    shared = replace(st, players=(p0, replace(p1, rounds=p0.rounds, swaps=p0.swaps)))
    assert "share the win" in winners_text(game, shared, {})


# ---------------------------------------------------------------------- solo, app object


def test_solo_personal_best_is_kept_for_the_python_session(render):
    app = BaladaApp(players=1, seed=21, easy=True, sheet="river")
    from balada_widgets.core.bots import run_bots
    from balada_widgets.balada.bots import make_bot

    run_bots(app.session, {0: make_bot("greedy", 0)})
    ui = render(app.element())
    score = app.session.state.players[0].total
    assert PERSONAL_BEST.get("river", True) >= score
    assert f"personal best: {PERSONAL_BEST.get('river', True)}" in ui.text()


def test_new_game_form_starts_another_game(render):
    app = BaladaApp(players=1, seed=1)
    ui = render(app.element())
    old = app.session
    ui.click("bw-new-game")
    assert ui.has("bw-new-game-form")
    ui.click("bw-form-start")
    assert app.session is not old and not ui.has("bw-new-game-form")
    assert ui.spaces("legal")


def test_app_play_text_and_widget():
    app = BaladaApp(players=1, seed=1)
    cards = app.session.state.cards
    assert "(rule B2)" in app.play(f"p1 {cards.a}@99")
    space = [m for m in app.session.legal_moves(0) if isinstance(m, Place)][0].space
    assert app.play(f"p1 {cards.a}@{space}") is None
    assert app.widget().children  # a rendered box
    assert "BaladaApp Player 1" in repr(app)


def test_drawings_are_svg_with_stable_ids():
    svg = sheet_svg("F D M F M D D F M M F D".split(), [None] * 12, legal={3}, hero=5, preview="SW")
    assert svg.startswith("<svg") and 'data-id="space-12"' in svg and "place here" in svg
    assert 'class="space hero empty"' in svg
    assert cards_svg(None) .startswith("<svg")


def test_the_table_is_one_drawing_with_status_cards_and_sheet():
    from balada_widgets.balada.rules import Flip
    from balada_widgets.balada.view import DEFS, table_svg

    svg = table_svg([("Day round · turn 3 of 12", "bw-round"), ("Player 1, your turn", "bw-active")],
                    Flip("F", "O2", "BS"), "B", True, "F D M F M D D F M M F D".split(), [None] * 12, legal={1})
    assert 'data-id="card-A"' in svg and 'data-id="card-B"' in svg and 'data-id="space-12"' in svg
    assert 'class="bw-round"' in svg and 'href="#bw-balada-ev-BS"' in svg
    assert 'id="bw-balada-ev-BS"' in DEFS and 'id="bw-balada-land-M"' in DEFS
    assert 'id="bw-balada-ev-BS"' in table_svg([("x", "bw-round")], None, None, False, ["F"] * 12, [None] * 12,
                                               standalone=True)


def test_the_keys_table_of_the_docs_matches_the_view():
    from pathlib import Path

    from balada_widgets.balada.view import KEYS

    doc = (Path(__file__).parents[2] / "docs" / "balada.md").read_text()
    for key, meaning in KEYS:
        assert f"| {key} | {meaning} |" in doc, key


# ---------------------------------------------------------------------- the table: every sheet, round recaps, results

OTHER_SPACE_RE = re.compile(r'<g class="space ([^"]*)" transform')
# a day side whose walk offers no decision (no sword, no Portal, no key): it is walked at once
NO_DECISION_SIDE = "F:O1 D:FT M:FI F:TW M:FI D:O2 D:FT F:O2 M:BS M:CH F:O3 D:O3"


def filled_on(board) -> int:
    return sum("filled" in classes.split() for classes in OTHER_SPACE_RE.findall(board.svg))


def test_every_other_sheet_is_shown_with_its_revealed_symbols_only(render):
    app = BaladaApp(players=2, bots=1, seed=4, bot_level="random")
    ui = render(app.element())
    assert app.session.state.chosen(1)  # the bot has chosen, but it is not revealed
    other = ui.board("bw-other-sheet-board")
    assert filled_on(other) == 0 and "Player 2 (random bot) · day side · has chosen" in ui.text()
    assert 'data-id="space-' not in other.svg  # nobody clicks another player's sheet
    place_first_legal(ui, app)  # both chose: revealed
    bot_events = app.session.state.players[1].events
    assert filled_on(ui.board("bw-other-sheet-board")) == sum(e is not None for e in bot_events) == 1


def test_hot_seat_the_next_player_sees_the_others_sheet_without_the_unrevealed_symbol(render):
    app = BaladaApp(players=2, bots=0, seed=3)  # hot-seat
    ui = render(app.element())
    assert not ui.boards("bw-other-sheet-board")  # nothing behind the pass screen
    ui.click("bw-pass-ready")
    place_first_legal(ui, app)
    ui.click("bw-pass-ready")
    assert "Player 2, your turn" in ui.text()
    other = ui.board("bw-other-sheet-board")
    assert filled_on(other) == 0 and "Player 1 · day side · has chosen" in ui.text()


def no_decision_session(players: int = 2) -> Session:
    """The day round ends at once (its walks need no decision): the night round begins."""
    game = BaladaGame(players=players)
    lines = [f"round=day turn=12 phase=score seen={SEEN}"]
    lines += [f"p{p + 1} {NO_DECISION_SIDE} | swapped=0 swaps=0 inj=0 sw=0 walk=-" for p in range(players)]
    return Session(game, state=game.state_from_text("\n".join(lines)))


def test_a_round_without_decisions_ends_with_its_walk_shown_as_a_recap(render):
    session = no_decision_session()
    assert session.state.round == 1 and session.state.phase == "place"
    app = BaladaApp.from_session(session, bots=1, bot_level="random")
    ui = render(app.element())
    text = ui.text()
    assert ui.has("bw-round-recap") and "The day round is scored" in text
    day = session.state.players[0].rounds[0]
    assert f"Player 1 (you): {day.points} points" in text and f"Player 2 (random bot): {day.points} points" in text
    recap = ui.board("bw-recap-board")
    assert 'class="badge"' in recap.svg and "the day walk, step by step" in text
    ui.click("bw-step-next")  # the walk, step by step, on the recap's sheet
    assert "space step" in ui.board("bw-recap-board").svg
    button = ui.button("bw-recap-of-2")
    toggle = next(w for w in ui.all_widgets() if isinstance(w, v.BtnToggle) and button in w.children)
    toggle.v_model = toggle.children.index(button)
    assert "Player 2 (random bot): the day walk" in ui.text()
    ui.click("bw-recap-close")
    assert not ui.has("bw-round-recap")
    assert "how the day round scored" in ui.text()  # still there, folded
    assert ui.spaces("legal")  # the night round goes on


def test_the_recap_comes_back_when_the_round_is_played_again(render):
    app = BaladaApp.from_session(walk_session())
    ui = render(app.element())
    ui.click("bw-portal-none")
    while app.session.state.phase == "score":
        ui.click(next(c for c in ("bw-decide-endure", "bw-decide-pass", "bw-decide-leave", "bw-decide-fight",
                                  "bw-decide-key") if ui.buttons(c)))
    assert ui.has("bw-round-recap")  # a walk with decisions ends with its recap too
    ui.click("bw-recap-close")
    assert not ui.has("bw-round-recap")
    ui.click("bw-undo")
    assert app.session.state.phase == "score" and not ui.has("bw-round-recap")
    ui.click("bw-decide-sword" if ui.buttons("bw-decide-sword") else "bw-decide-leave")
    while app.session.state.phase == "score":
        ui.click(next(c for c in ("bw-decide-endure", "bw-decide-pass", "bw-decide-leave") if ui.buttons(c)))
    assert ui.has("bw-round-recap")


def test_a_bots_win_is_a_plain_note_with_every_score_never_a_green_tick(render):
    app = BaladaApp(players=2, bots=2, seed=1, bot_level="greedy")
    ui = render(app.element())
    assert ui.has("bw-winners-bot") and not ui.has("bw-winners-human")
    assert not [a for a in ui.rc.find(v.Alert).widgets if a.type == "success"]
    st = app.session.state
    assert all(f"Player {p + 1} (greedy bot) {st.players[p].total}" in ui.text() for p in range(2))
    assert len(ui.boards("bw-other-sheet-board")) == 1  # the other sheet, as scored


def test_result_kind_names_who_won():
    app = BaladaApp(players=2, bots=2, seed=1, bot_level="greedy")
    game, st = app.game, app.session.state
    (winner,) = game.winners(st)
    assert result_kind(game, st, app.bots) == "bot"
    assert result_kind(game, st, {}) == "human"  # hot-seat: a person won
    assert result_kind(game, st, {1 - winner: app.bots[1 - winner]}) == "human"
    assert result_kind(game, st, {winner: app.bots[winner]}) == "bot"
    solo = BaladaApp(players=1, seed=1)
    assert result_kind(solo.game, solo.session.state, {}) == "solo"


def test_other_sheet_during_the_walk_shows_the_points_so_far():
    session = walk_session(players=2)
    game = session.game
    view = game.view(session.state, 0)
    lands, events, kw, caption = other_sheet(game, view, 1, {})
    assert caption == "Player 2 · day side · walking: 0 points so far" and "hero" not in kw  # a Portal first
    session.play("p2 P4<-")
    lands, events, kw, caption = other_sheet(game, game.view(session.state, 0), 1, {})
    assert kw["hero"] == session.state.players[1].walk.pos + 1


def test_the_new_game_form_says_bots_in_a_whole_label(render):
    app = BaladaApp(players=2, bots=1, seed=1)
    ui = render(app.element())
    ui.click("bw-new-game")
    labels = [w.label for w in ui.all_widgets() if isinstance(getattr(w, "label", None), str)]
    assert "Bots" in labels and not any("of them" in label for label in labels)
    assert ui.has("bw-game-form")


# ---------------------------------------------------------------------- the move log: words for learners

#: engine notation: ``flip F SW O2``, ``p1 FI@1``, ``p1 swap 3 7``, ``p1 P4<9``, ``p1 3:sword``
NOTATION_RE = re.compile(r"\bp\d\b|\b[A-Z][A-Z0-9]@\d|\bP\d+<|\b\d+:[a-z]|\bflip [FDM]\b|\bswap \d")
MOVE_KINDS = {"Flip", "Place", "Swap", "PortalMove:source", "PortalMove:empty"} | {
    f"Decide:{o}" for o in ("sword", "endure", "fight", "pass", "key", "leave")}


class Taste:
    """A player that picks at random among its liked legal moves first (to meet every kind of move)."""

    level = "taste"

    def __init__(self, seed, likes):
        import random

        self.rng, self.likes = random.Random(seed), likes

    def choose(self, game, view, p):
        legal = game.legal_moves(view, p)
        for like in self.likes:
            liked = [m for m in legal if like(m)]
            if liked:
                return self.rng.choice(liked)
        return self.rng.choice(legal)


def move_kind(m) -> str:
    if isinstance(m, Decide):
        return f"Decide:{m.option}"
    if isinstance(m, PortalMove):
        return "PortalMove:" + ("empty" if m.source is None else "source")
    return type(m).__name__


def test_the_log_tells_every_kind_of_move_in_words(render):
    from balada_widgets.core.bots import run_bots

    option = lambda o: lambda m: isinstance(m, Decide) and m.option == o  # noqa: E731
    session = Session(BaladaGame(players=3), seed=7)
    run_bots(session, {
        0: Taste("7:0", [option("fight"), option("key"), lambda m: isinstance(m, PortalMove) and m.source]),
        1: Taste("7:1", [option("pass"), option("leave"), option("endure"),
                         lambda m: isinstance(m, PortalMove) and m.source is None, lambda m: isinstance(m, Swap)]),
        2: Taste("7:2", [option("pass"), option("sword"), lambda m: isinstance(m, Place) and m.event in ("BS", "SW")]),
    })
    assert session.game.is_over(session.state)
    moves = session.moves
    assert {move_kind(m) for m in moves} == MOVE_KINDS  # the game met every kind of move
    ui = render(BaladaView(session, {}))
    ui.click("bw-show-log")
    log = ui.board("bw-move-log").svg
    texts = [html.unescape(t) for t in re.findall(r'<span class="bw-move[^"]*"[^>]*>([^<]*)</span>', log)]
    assert len(texts) == len(moves)
    for m, text in zip(moves, texts):
        assert text and not NOTATION_RE.search(text), (m, text)
    game, path = session.game, session.current.path()
    for kind in MOVE_KINDS:  # each kind in the words of the rules (``describe_move``), as player 1 knows it
        node = next(n for n in path if move_kind(n.move) == kind)
        assert game.describe_move(node.parent.state, node.move, 0 if getattr(node.move, "player", 0) == 0 else None) \
            in texts
    assert NOTATION_RE.search(session.current.text)  # the notation itself matches the pattern
    ui.click("bw-log-as-text")  # the move text view, on request
    log = ui.board("bw-move-log").svg
    assert all(m_text in log for m_text in (n.text for n in path[-5:]))
    ui.click("bw-log-as-text")
    assert not NOTATION_RE.search(" ".join(re.findall(r">([^<]+)<", ui.board("bw-move-log").svg)))


def test_the_walk_advice_speaks_in_words(render):
    app = BaladaApp.from_session(walk_session())
    ui = render(app.element())
    ui.click("bw-advice")
    text = ui.text()
    assert "Keep the Portal on space 4 empty" in text and "The Portal on space 4 takes the " in text
    assert not NOTATION_RE.search(text.split("What is best?", 1)[1])


# ---------------------------------------------------------------------- issue 14: the end screen, one name per seat


def inside(ui, cls: str) -> list:
    """The widgets under the (first) widget with the CSS class ``cls``."""
    import ipywidgets

    top = next(w for w in ui.all_widgets() if cls in (getattr(w, "class_", None) or "").split())
    seen, out, stack = set(), [], [top]
    while stack:
        w = stack.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        out.append(w)
        for name in w.keys:
            val = getattr(w, name, None)
            stack += [i for i in (val if isinstance(val, (list, tuple)) else [val]) if isinstance(i, ipywidgets.Widget)]
    return out


def trace_total(ui, cls: str) -> int:
    from balada_widgets.ui.board import SvgBoard

    (board,) = [w for w in inside(ui, cls) if isinstance(w, SvgBoard) and "bw-trace-board" in w.class_name.split()]
    rows = [int(p) for p in re.findall(r'<td class="num pts">([+-]\d+)</td>', board.svg)]
    shown = int(re.search(r"bw-trace-total'>(-?\d+)<", board.svg).group(1))
    assert sum(rows) == shown  # the table's own total is its steps' sum
    return shown


def test_the_end_screen_explains_both_rounds_adding_up_to_the_final_score(render):
    app = BaladaApp(players=2, bots=1, seed=3, bot_level="random")
    session, game = app.session, app.game
    from balada_widgets.balada.bots import make_bot
    from balada_widgets.core.bots import run_bots

    run_bots(session, {0: make_bot("random", seed=9), **app.bots})  # the person's seat played to the end as well
    assert game.is_over(session.state)
    ui = render(app.element())
    text = ui.text()
    for p in (0, 1):
        if p == 1:  # the other seat's sheet: its own explanation
            button = ui.button("bw-review-2")
            toggle = next(w for w in ui.all_widgets() if isinstance(w, v.BtnToggle) and button in w.children)
            toggle.v_model = toggle.children.index(button)
            text = ui.text()
        ps = session.state.players[p]
        (day, night) = ps.rounds
        assert day.points > 0 and night.points > 0
        name = ("Player 1 (you)", "Player 2 (random bot)")[p]
        assert f"How {name} scored {ps.total} points" in text
        assert f"Day round: {day.points} points" in text and f"Night round: {night.points} points" in text
        assert trace_total(ui, "bw-end-round-day") == day.points  # step by step, with rule ids
        assert trace_total(ui, "bw-end-round-night") == night.points
        assert re.search(r"<span class=\"rule\">B\d+</span>", "".join(
            w.svg for w in inside(ui, "bw-end-round-day") if hasattr(w, "svg")))
        assert f"Day {day.points} + Night {night.points} = {ps.total} points" in text
        assert day.points + night.points == ps.total
        assert f"{name} {ps.total}" in text  # the final scores line says the same total
    # a step of the day round: the board shows the day side as scored, that step's space marked
    from balada_widgets.ui.board import SvgBoard

    (day_trace,) = [w for w in inside(ui, "bw-end-round-day") if isinstance(w, SvgBoard)]
    steps = list(session.state.players[1].rounds[0].score().trace)
    k = next(i for i, st in enumerate(steps) if isinstance(st.where, int))
    day_trace.emit_click(f"step-{k}")
    board = ui.board("bw-table-board")
    assert "day side as scored" in board.svg and "space step" in board.svg
    assert 'class="current"' in next(w for w in inside(ui, "bw-end-round-day") if isinstance(w, SvgBoard)).svg


NAME_RE = re.compile(r"\b(Player|Bot) (\d)\b( \([^)]*\))?")


def test_no_screen_of_a_bot_game_names_a_seat_two_ways(render):
    """A whole game against two bots, every screen read: each seat is "Player N" with one tag, never "Bot N"."""
    app = BaladaApp(players=3, bots=2, seed=2, bot_level="random")
    game, session = app.game, app.session
    ui = render(app.element())
    ui.click("bw-show-log")  # the log is read on every screen too
    tags: dict = {}
    screens = 0

    def read():
        text = html.unescape(ui.text())
        assert not re.search(r"\bBot \d", text)  # never "Bot 2 (random)": "Player 2 (random bot)"
        for kind, n, tag in NAME_RE.findall(text):
            assert kind == "Player", (kind, n, tag)
            if tag:
                tags.setdefault(int(n), set()).add(tag)

    while not game.is_over(session.state):
        read()
        screens += 1
        if ui.has("bw-recap-close"):
            ui.click("bw-recap-close")
        elif session.state.phase == "place":
            place_first_legal(ui, app)
        elif ui.buttons("bw-portal-none"):
            ui.click("bw-portal-none")
        else:
            next(b for b in ui.all_widgets() if any(c.startswith("bw-decide-") for c in (getattr(b, "class_", "") or "").split())).click()
    read()
    assert screens > 24 and ui.has("bw-winners") and ui.has("bw-end-scoring")
    assert tags == {1: {" (you)"}, 2: {" (random bot)"}, 3: {" (random bot)"}}, tags
