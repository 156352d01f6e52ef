"""The kit's play hook, hot-seat, per-viewer logs, save panel with secrets and game root (a test game with hands)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import ipyvuetify as v
import pytest
import solara

sys.path.insert(0, str(Path(__file__).parent))

from kit_hands import HandsApp, HandsGame  # noqa: E402

from balada_widgets.core.bots import RandomBot  # noqa: E402
from balada_widgets.core.demo import RaceGame  # noqa: E402
from balada_widgets.core.errors import InvalidInput  # noqa: E402
from balada_widgets.core.session import Session  # noqa: E402
from balada_widgets.ui.move_log import labels_for, log_entries  # noqa: E402
from balada_widgets.ui.play import use_play  # noqa: E402
from balada_widgets.ui.seat import SeatChoice, seat_to_show  # noqa: E402


def hand_of(app, p):
    return app.session.state.hands[p]


def page_dump(ui) -> str:
    """Everything the page holds (every widget's synced state), as the browser would get it."""
    out = []
    for w in ui.all_widgets():
        out.append(json.dumps({k: getattr(w, k, None) for k in w.keys}, default=str))
    return "\n".join(out)


def own_cards(ui):
    """The data-ids of the clickable (own) cards on the hands board."""
    import re

    return re.findall(r'data-id="(card-\d-\d)"', ui.board("hands-board").svg)


# ---------------------------------------------------------------------- use_play


@solara.component
def RacePage(session, bots, moved):
    play = use_play(session, bots, on_move=lambda: moved.append(session.state.total))
    with solara.Column() as col:
        solara.Text(f"total {session.state.total} v{play.version} undo={play.can_undo} redo={play.can_redo} "
                    f"bots={play.bots_to_move} human={play.human_to_move}")
        solara.Text(f"message: {play.message}")
        for amount in (1, 2):
            solara.Button(f"+{amount}", on_click=lambda a=amount: play.act(f"p1 +{a}"), classes=[f"add-{amount}"])
        solara.Button("wrong", on_click=lambda: play.act("p2 +1"), classes=["wrong"])
        for name in ("undo", "redo", "restart", "let_bots_play", "clear_message"):
            solara.Button(name, on_click=getattr(play, name), classes=[name])
        solara.Button("say", on_click=lambda: play.say("a hint of the view"), classes=["say"])
        solara.Button("goto", on_click=lambda: play.goto(0), classes=["goto"])
    return col


def test_act_plays_lets_the_bot_answer_and_keeps_the_refusal_as_the_message(render):
    session, moved = Session(RaceGame(target=9), seed=0), []
    ui = render(RacePage(session, {1: RandomBot(3)}, moved))
    assert "undo=False" in ui.text()
    ui.click("add-2")
    assert session.history[0] == "p1 +2" and len(session.history) == 2  # the bot answered
    assert moved == [session.state.total] and "undo=True" in ui.text()
    ui.click("wrong")
    assert "message: illegal move 'p2 +1': it is player 1's turn (rule R1)" in ui.text()
    assert len(moved) == 1
    ui.click("clear_message")
    assert "message: None" in ui.text()
    ui.click("say")
    assert "message: a hint of the view" in ui.text()


def test_undo_and_redo_take_back_the_human_move_with_the_bot_answer(render):
    session = Session(RaceGame(target=9), seed=0)
    ui = render(RacePage(session, {1: RandomBot(3)}, []))
    ui.click("add-1")
    ui.click("add-1")
    assert len(session.history) == 4
    ui.click("undo")
    assert session.history == session.history[:2] and len(session.history) == 2 and "redo=True" in ui.text()
    ui.click("redo")
    assert len(session.history) == 4
    ui.click("restart")
    assert session.history == [] and "total 0" in ui.text() and "undo=False" in ui.text()


def test_a_bot_that_moves_first_comes_back_after_restart_and_cannot_be_undone(render):
    session = Session(RaceGame(target=9), seed=0)
    bots = {0: RandomBot(1)}
    ui = render(RacePage(session, bots, []))
    assert "bots=True" in ui.text() and "human=False" in ui.text()
    ui.click("let_bots_play")
    first = list(session.history)
    assert len(first) == 1 and "undo=False" in ui.text() and "human=True" in ui.text()
    session.play("p2 +1")  # from outside the view (a notebook cell): the view follows
    ui.click("restart")
    assert session.history == first  # the bot's opening move is replayed, not drawn anew
    ui.click("goto")
    assert session.history == [] and "bots=True" in ui.text()


# ---------------------------------------------------------------------- hot-seat


def test_seat_to_show_in_every_case():
    g = HandsGame(3)
    s = Session(g, seed=0).state  # player 1 to move
    assert seat_to_show(g, s, {}, None) == SeatChoice(0, True)
    assert seat_to_show(g, s, {}, 0).seat == 0 and not seat_to_show(g, s, {}, 0).passing
    assert seat_to_show(g, s, {0: None}, 1).seat == 1  # a bot to move: the holder keeps the device
    assert seat_to_show(g, s, {0: None, 1: None, 2: None}).seat is None  # bots only: spectator
    assert seat_to_show(g, s, {1: None, 2: None}, None).passing is False  # one human
    assert seat_to_show(g, s, {}, None, pass_device=False).passing is False
    done = HandsGame(2, plays=0)
    assert seat_to_show(done, done.initial_state(), {}, 1).seat is None


def test_hot_seat_shows_nothing_secret_behind_the_pass_screen(render):
    app = HandsApp(players=2, seed=1)
    ui = render(app.element())
    p1, p2 = hand_of(app, 0), hand_of(app, 1)
    assert ui.has("bw-pass-screen") and "I am Player 1: show my hand" in ui.text()
    assert not ui.boards("hands-board")
    dump = page_dump(ui)
    assert "is dealt the" not in dump and "card-0-" not in dump  # the log speaks as a spectator
    assert not any(t in dump for t in app.session.history)  # no move text: the save file is not in the page
    ui.click("bw-pass-ready")
    assert own_cards(ui) == [f"card-0-{c}" for c in p1]
    assert "card-0-" in page_dump(ui)  # the dump does see a hand when one is shown
    svg = ui.board("hands-board").svg
    assert svg.count(">?</text>") == len(p2)  # the other hand: backs only
    assert f"Player 1 is dealt the {p1[0]}" in ui.text() and "Player 2 is dealt a card" in ui.text()
    ui.board("hands-board").emit_click(f"card-0-{p1[0]}")
    # player 2's turn: the pass screen again, and neither hand in the page
    assert ui.has("bw-pass-screen") and "Player 2" in ui.text() and not ui.boards("hands-board")
    dump = page_dump(ui)
    assert "is dealt the" not in dump and "card-1-" not in dump and "card-0-" not in dump
    ui.click("bw-pass-ready")
    assert own_cards(ui) == [f"card-1-{c}" for c in p2]
    assert f"Player 2 is dealt the {p2[0]}" in ui.text() and "Player 1 is dealt a card" in ui.text()
    # undo brings player 1's decision back: the device goes back first
    ui.click("bw-undo")
    assert ui.has("bw-pass-screen") and "I am Player 1: show my hand" in ui.text()


def test_the_same_human_deciding_again_keeps_the_device(render):
    app = HandsApp(players=2, bots=1, seed=1)
    ui = render(app.element())
    assert not ui.has("bw-pass-screen")  # one human: no pass screen at all
    assert own_cards(ui) == [f"card-0-{c}" for c in hand_of(app, 0)]
    ui.click("hands-draw")  # the bot answers at once; player 1 again
    assert not ui.has("bw-pass-screen") and app.session.state.turn == 0
    assert len(own_cards(ui)) == len(hand_of(app, 0))


def test_bots_only_and_game_over_show_the_spectator(render):
    app = HandsApp(players=2, bots=2, seed=1)
    ui = render(app.element())
    assert app.game.is_over(app.session.state)
    assert not ui.has("bw-pass-screen") and own_cards(ui) == []
    assert "the hands, as Spectator sees them" == ui.board("hands-board").label
    assert "is dealt the" not in ui.text()


def test_labels_for_a_viewer_mask_hidden_cards_in_notation_and_words():
    session = Session(HandsGame(2), seed=1)
    first = session.history[0]  # 'deal p1 4'
    notation = [e.text for e in log_entries(session, labels_for(session.game, 1))]
    assert notation[0] == "deal p1 ?" and notation[2] != "deal p2 ?"
    words = [e.text for e in log_entries(session, labels_for(session.game, 0, words=True))]
    assert words[0] == f"Player 1 is dealt the {first.split()[-1]}" and words[2] == "Player 2 is dealt a card"
    assert log_entries(session, labels_for(session.game, None, chance=False)) == []


# ---------------------------------------------------------------------- save and share with secrets


def textareas(ui):
    """The share panel's text areas by class (the panel is opened first: it builds them only while open)."""
    if not ui.has("bw-share"):
        ui.click("bw-share-open")
    return {cls: w for w in ui.rc.find(v.Textarea).widgets for cls in (w.class_ or "").split()
            if cls.startswith("bw-share")}


def test_the_save_file_is_not_in_the_page_until_asked_for(render):
    app = HandsApp(players=2, seed=1)
    ui = render(app.element())
    areas = textareas(ui)
    assert "bw-share-save" not in areas and ui.has("bw-share-reveal")
    assert areas["bw-share-position"].v_model == "?? ?? | 0 0 | 0 0"
    assert "deal p1" not in ui.text()
    with pytest.raises(InvalidInput, match="every hidden card"):
        app.save_text()
    ui.click("bw-share-reveal")
    saved = json.loads(textareas(ui)["bw-share-save"].v_model)
    assert saved["moves"] == app.session.history and ui.has("bw-share-hide")
    ui.click("bw-share-hide")
    assert "bw-share-save" not in textareas(ui)
    ui.click("bw-share-reveal")
    app.play(app.game.legal_moves(app.session.state)[0])  # the next move hides it again
    assert "bw-share-save" not in textareas(ui) and ui.has("bw-share-reveal")


def test_a_revealed_save_loads_back_the_whole_game():
    app = HandsApp(players=2, seed=1)
    app.play("p1 draw")
    text = app.save_text(reveal=True)
    history = list(app.session.history)
    app.new_game(players=2, seed=5)
    app.load(text)
    assert app.session.history == history


def test_no_secrets_no_warning(render):
    app = HandsApp(players=1, plays=0, seed=1)  # over before the deal: no hand to hide
    assert not app.has_secrets()
    ui = render(app.element())
    assert "bw-share-save" in textareas(ui) and not ui.has("bw-share-reveal")


# ---------------------------------------------------------------------- the game root


def test_game_root_form_toggles_refuses_with_the_reason_and_starts(render):
    app = HandsApp(players=2, bots=1, seed=1)
    ui = render(app.element())
    assert ui.has("hands-app") and not ui.has("hands-form")
    ui.click("bw-new-game")
    assert ui.has("hands-form")
    ui.click("bw-new-game")
    assert not ui.has("hands-form")
    ui.click("bw-new-game")
    [select] = [w for w in ui.all_widgets() if "hands-players" in (getattr(w, "class_", "") or "")]
    select.v_model = 9
    ui.click("hands-start")
    assert "Hands is for 1 to 4 players, not 9" in ui.text() and ui.has("hands-form")
    select.v_model = 3
    old = app.session
    ui.click("hands-start")
    assert app.session is not old and app.game.num_players == 3 and not ui.has("hands-form")
    assert "1 to 4 players" not in ui.text()


def test_game_root_follows_a_new_game_started_from_a_notebook_cell(render):
    app = HandsApp(players=2, bots=1, seed=1)
    ui = render(app.element())
    app.new_game(players=1, seed=2)
    assert own_cards(ui) == [f"card-0-{c}" for c in hand_of(app, 0)]
    assert ui.board("hands-board").svg.count("P2") == 0


def test_balada_keeps_refusing_the_save_while_a_turn_choice_is_hidden(render):
    from balada_widgets.balada.view import BaladaApp

    app = BaladaApp(players=2, seed=1)  # hot-seat
    app.play(app.game.legal_moves(app.session.state, 0)[0])
    ui = render(app.element())
    assert not ui.has("bw-share-reveal")
    assert "finish the turn first" in textareas(ui)["bw-share-save"].v_model
    with pytest.raises(InvalidInput, match="hidden"):
        app.save_text(reveal=True)
