"""Issue 12: free text a save carries (names and texts of a teacher's own content) is one plain line.

Barcadia's DIY cards were checked first (tests/barcadia/test_diy_text.py); the same check
(:mod:`balada_widgets.core.text`) guards a custom Balada sheet's name, title, description and
design note, and every name of a custom Baldur's Gate content file. A pasted save whose text would
reorder how the page reads, hide characters or look like HTML is refused with a ``GameError`` that
names the character by its code point, never shows the text, and never crashes.
"""

import copy
import json

import pytest

from balada_widgets.baldurs_gate.content import CONTENT_FILE
from balada_widgets.core import GameError, Session
from balada_widgets.core.files import read_data_text
from balada_widgets.core.text import text_problem
from file_probes import save_text

BAD = {  # what a hostile paste may put in a name, and the words the refusal must hold
    "bidi override": ("Good\u202edaB", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    "zero width": ("Go\u200bod", "U+200B ZERO WIDTH SPACE"),
    "line break": ("Good\nBad", "U+000A LINE FEED"),
    "html": ("<img src=x onerror=alert(1)>", "U+003C LESS-THAN SIGN"),
    "html reference": ("Fish &lt;b&gt;", "HTML character reference"),
    "mark pile": ("Z" + "\u0336" * 12, "more than 3 marks"),
}


def _balada_sheet(**graph) -> dict:
    data = json.loads(read_data_text(_sheet_path(), "map sheet"))
    data["graph"].update(graph)
    return data


def _sheet_path():
    from balada_widgets.balada.content import sheet_paths
    return sheet_paths()["river"]


def _load(game: str, options: dict):
    return Session.from_json(save_text(game, options))


@pytest.mark.parametrize("kind", BAD)
@pytest.mark.parametrize("field", ["name", "title", "description", "design"])
def test_a_balada_sheet_in_a_save_holds_plain_text(kind, field):
    text, words = BAD[kind]
    with pytest.raises(GameError) as refused:
        _load("balada", {"players": 1, "sheet": _balada_sheet(**{field: text})})
    message = str(refused.value)
    assert words in message and f"sheet's {field}" in message
    assert text not in message


@pytest.mark.parametrize("kind", BAD)
@pytest.mark.parametrize("language", ["en", "cs"])
def test_a_baldurs_gate_card_name_in_a_save_holds_plain_text(kind, language):
    text, words = BAD[kind]
    data = json.loads(read_data_text(CONTENT_FILE))
    card = data["buildings"][0]
    card["name"][language] = text
    with pytest.raises(GameError) as refused:
        _load("baldurs_gate", {"players": 2, "content": data})
    message = str(refused.value)
    assert words in message and card["id"] in message and f"({language})" in message
    assert text not in message


def test_plain_names_in_every_language_still_load():
    sheet = _balada_sheet(title="Řeka a poušť", description="Песок и вода: two rounds, one hero.")
    assert _load("balada", {"players": 1, "sheet": sheet}).game.sheet.title == "Řeka a poušť"
    data = json.loads(read_data_text(CONTENT_FILE))
    data["buildings"][0]["name"] = {"en": "Teacher's Tavern", "cs": "Učitelova krčma"}
    game = _load("baldurs_gate", {"players": 2, "content": copy.deepcopy(data)}).game
    assert game.card_name(data["buildings"][0]["id"]) == "Teacher's Tavern"


def test_letters_with_their_marks_are_words_not_piles():
    for word in ("Příšerný kůň", "ёжик", "Tiếng Việt", "é" * 3, "e\u0301\u0302\u0303"):
        assert text_problem(word, "the name", 40) is None, word
    assert "more than 3 marks" in text_problem("e\u0301\u0302\u0303\u0304", "the name", 40)
