"""Save, share and load: the shared panel in both games' apps."""

import json

import ipyvuetify as v
import pytest

from balada_widgets.balada.view import BaladaApp
from balada_widgets.balda.lexicon import Lexicon
from balada_widgets.balda.rules import BaldaGame
from balada_widgets.balda.view import BaldaApp
from balada_widgets.core.errors import GameError, InvalidInput

DEMO = Lexicon.from_words(["balda", "ball", "bad", "lab", "lad"], name="demo")


def textareas(ui):
    """The share panel's text areas by class (the panel is opened first: it builds them only while open)."""
    if not ui.has("bw-share"):
        ui.click("bw-share-open")
    return {cls: w for w in ui.rc.find(v.Textarea).widgets for cls in (w.class_ or "").split()
            if cls.startswith("bw-share")}


def test_balada_share_shows_position_and_save_and_loads_them_back(render):
    app = BaladaApp(players=1, seed=2)
    first = app.position_text()
    app.play(app.game.legal_moves(app.session.state)[0])
    ui = render(app.element())
    areas = textareas(ui)
    assert areas["bw-share-position"].v_model == app.position_text() != first
    saved = json.loads(areas["bw-share-save"].v_model)
    assert saved["game"] == "balada" and len(saved["moves"]) == len(app.session.history)
    # paste the earlier position and load it
    areas["bw-share-input"].v_model = first
    ui.click("bw-share-load")
    assert app.position_text() == first
    # a save file brings back the whole game
    app.load(json.dumps(saved))
    assert app.session.history == saved["moves"]


def test_bad_input_is_refused_with_the_reason(render):
    app = BaladaApp(players=1, seed=2)
    ui = render(app.element())
    textareas(ui)["bw-share-input"].v_model = "round=day turn=9 phase=flip seen=-\np1 F:.. | swapped=0"
    ui.click("bw-share-load")
    assert "invalid" in ui.text() or "rule" in ui.text()
    with pytest.raises(InvalidInput, match="not balada"):
        other = BaldaApp(players=2, bots=0, game=BaldaGame(2, start_word="balda", lexicon=DEMO))
        app.load(other.session.to_json())
    with pytest.raises(GameError):
        app.load("{not json")


def test_hidden_choices_are_not_shown_in_the_share_panel():
    app = BaladaApp(players=2, seed=1)  # hot-seat
    st = app.session.state
    app.play(app.game.legal_moves(st, 0)[0])  # player 1 chose; player 2 has not
    assert app.hidden_now()
    with pytest.raises(InvalidInput, match="hidden"):
        app.save_text()
    assert "pending" not in app.position_text()


def test_balda_position_text_round_trips_through_load():
    app = BaldaApp(players=2, bots=1, bot_level="greedy", bot_tier=None,
                   game=BaldaGame(2, start_word="balda", lexicon=DEMO))
    app.play("c4=l ball a3-b3-c3-c4")
    text = app.position_text()
    app.undo()
    app.load(text)
    assert app.position_text() == text and app.session.state.scores == (4, 3)
