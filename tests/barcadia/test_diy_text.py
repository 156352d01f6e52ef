"""DIY card names and texts, and every free text of a Barcadia set, are plain visible text (issue 12, part 4).

Refused: control characters, bidi controls (U+202A-202E, U+2066-2069, U+200E/F,
U+061C), zero-width and other invisible characters (U+200B-200D, U+2060, U+FEFF),
``<`` and ``>``; names and texts have length caps. The message names the character
by code point and name and says where it is, and never shows the bad character.
"""

from __future__ import annotations

import json
import unicodedata

import pytest

from balada_widgets.barcadia.analysis import diy_problems
from balada_widgets.barcadia.content import (DIY_NAME_CAP, NAME_CAP, TEXT_CAP, char_words, content_from_data,
                                             content_to_data, diy_card, load_content, text_problem)
from balada_widgets.barcadia.rules import BarcadiaGame
from balada_widgets.core.errors import GameError, InvalidInput, InvalidPosition
from balada_widgets.core.session import Session

BIDI = [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C]
ZERO_WIDTH = [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF]
CONTROL = [0x00, 0x07, 0x09, 0x0A, 0x0D, 0x1B, 0x7F, 0x85, 0x9B]
OTHER = [0x2028, 0x2029, 0x00AD, 0x2064, 0xD800]
HTML = [ord("<"), ord(">")]
BAD = BIDI + ZERO_WIDTH + CONTROL + OTHER + HTML

CARD = {"colour": "blue", "window": "battle", "effects": [["roll_mod", 2]]}


def _diy_save(card: dict) -> str:
    return json.dumps({"format": "balada-widgets/save", "version": 1, "game": "barcadia",
                       "options": {"players": 2, "dungeon": "cozy", "diy": [dict(CARD, name="Pep Talk"), card]},
                       "seed": 1, "start": None, "moves": []})


@pytest.mark.parametrize("cp", BAD, ids=[f"U+{c:04X}" for c in BAD])
@pytest.mark.parametrize("field", ["name", "text"])
def test_a_pasted_diy_card_with_a_hidden_or_html_character_is_refused(cp, field):
    ch = chr(cp)
    card = dict(CARD, name="Water Break")
    card[field] = "Water" + ch + "Break" if field == "name" else "Refill" + ch + " 20 HP."
    with pytest.raises(InvalidInput) as e:
        Session.from_json(_diy_save(card))
    msg = str(e.value)
    where = "DIY card 2's name: character 6" if field == "name" else "DIY card 'Water Break''s text: character 7"
    assert where in msg, msg
    assert f"U+{cp:04X}" in msg and char_words(ch) in msg
    name = unicodedata.name(ch, "")
    if name:
        assert name in msg
    assert ch not in msg


def test_the_message_names_the_character_and_its_kind():
    msg = text_problem("Pep\u202eTalk", "the name", 30)
    assert msg == ("the name: character 4 is U+202E RIGHT-TO-LEFT OVERRIDE, a bidi control: it changes the order "
                   "in which the text is shown")
    assert "an invisible character" in text_problem("a\u200bb", "x", 9)
    assert "U+000A LINE FEED, a control character" in text_problem("a\nb", "x", 9)
    assert "U+003E GREATER-THAN SIGN, it could read as HTML" in text_problem("a>b", "x", 9)
    assert "U+2028 LINE SEPARATOR, a line break" in text_problem("a\u2028b", "x", 9)
    assert text_problem(5, "x", 9) == "x must be a text, not int"
    assert text_problem("   ", "x", 9) == "x is empty" and text_problem("", "x", 9, required=False) is None


@pytest.mark.parametrize("name", ["Café Pause", "Вода Water", "水の休憩 2", "Fizz ☕ Break", "Rock & Roll", "Mega-Boost 2"])
def test_clean_names_in_any_script_are_fine(name):
    card = diy_card(name=name, text=f"{name}: +2 to one side.", **{k: v for k, v in CARD.items()})
    assert card.name == name
    g = BarcadiaGame(players=2, dungeon="cozy", diy=[dict(CARD, name=name)])
    assert any(c.name == name for c in g.content.loot.values())


def test_a_name_needs_a_latin_letter_or_digit_for_its_id():
    with pytest.raises(InvalidInput, match="needs a Latin letter"):
        diy_card(name="水の休憩", **CARD)


def test_length_caps():
    ok = diy_card(name="N" * DIY_NAME_CAP, text="t" * TEXT_CAP, **CARD)
    assert len(ok.name) == DIY_NAME_CAP and len(ok.text) == TEXT_CAP
    with pytest.raises(InvalidInput, match=f"name has {DIY_NAME_CAP + 1} characters; at most {DIY_NAME_CAP}"):
        diy_card(name="N" * (DIY_NAME_CAP + 1), **CARD)
    with pytest.raises(InvalidInput, match=f"text has 5,000 characters; at most {TEXT_CAP}"):
        diy_card(name="Long Story", text="t" * 5000, **CARD)
    probs = diy_problems("N" * 1000, "blue", "battle", [("roll_mod", 2)])
    assert probs and "1,000 characters" in probs[0][1] and "N" * 50 not in probs[0][1]
    with pytest.raises(InvalidInput, match="at most 3 effects"):
        diy_card(name="Many", colour="blue", window="battle", effects=[["roll_mod", 1]] * 10_000)


def test_a_bad_name_is_never_echoed_in_the_other_problems():
    with pytest.raises(InvalidInput) as e:
        diy_card(name="<script>", colour="pink", window="battle", effects=[["roll_mod", 2]], number=3)
    msg = str(e.value)
    assert "<script>" not in msg and "DIY card 3's name: character 1 is U+003C LESS-THAN SIGN" in msg
    assert "DIY card 3: the colour must be one of" in msg


def _content():
    return json.loads(json.dumps(content_to_data(load_content())))


@pytest.mark.parametrize("place", ["loot name", "loot text", "room name", "room text", "power-up name",
                                   "power-up text", "character name", "character class", "signature name",
                                   "signature text", "guardian", "set name", "design"])
def test_every_free_text_of_a_set_is_checked(place):
    data = _content()
    bad = "Sneaky\u202eText"
    item = {"loot": data["loot"][2], "room": data["rooms"][4], "power-up": data["power_ups"][1],
            "character": data["characters"][3]}.get(place.split()[0])
    if place == "signature name":
        data["characters"][3]["signature"]["name"] = bad
    elif place == "signature text":
        data["characters"][3]["signature"]["text"] = bad
    elif place == "character class":
        item["class"] = bad
    elif place == "guardian":
        data["guardian"]["name"] = bad
    elif place == "set name":
        data["name"] = bad
    elif place == "design":
        data["design"] = bad
    else:
        item[place.split()[1]] = bad
    with pytest.raises(InvalidPosition) as e:
        content_from_data(data)
    texts = [t for _, t in e.value.problems]
    assert len(texts) == 1 and "character 7 is U+202E RIGHT-TO-LEFT OVERRIDE" in texts[0], texts
    assert "\u202e" not in str(e.value)
    if item is not None and place != "character class" and not place.startswith("signature"):
        assert repr(item["id"]) in texts[0]  # the card is named by its id
    save = json.dumps({"format": "balada-widgets/save", "version": 1, "game": "barcadia",
                       "options": {"players": 2, "content": data}, "seed": 1, "start": None, "moves": []})
    with pytest.raises(GameError, match="U\\+202E"):
        Session.from_json(save)


def test_caps_of_names_and_texts_in_a_set():
    data = _content()
    data["rooms"][0]["name"] = "R" * (NAME_CAP + 1)
    data["loot"][0]["text"] = "t" * (TEXT_CAP + 1)
    data["characters"][0]["name"] = "<b>Bold</b>"
    data["power_ups"][0]["name"] = "Zero\u200bWidth"
    with pytest.raises(InvalidPosition) as e:
        content_from_data(data)
    texts = " | ".join(t for _, t in e.value.problems)
    assert f"has {NAME_CAP + 1} characters; at most {NAME_CAP}" in texts
    assert f"has {TEXT_CAP + 1} characters; at most {TEXT_CAP}" in texts
    assert "U+003C LESS-THAN SIGN" in texts and "U+200B ZERO WIDTH SPACE" in texts
    assert "<b>" not in texts


def test_the_shipped_set_is_clean_text():
    c = load_content()
    texts = [c.name, c.design, c.guardian.name]
    for group in (c.rooms, c.powerups, c.loot):
        texts += [x.name for x in group.values()] + [x.text for x in group.values()]
    texts += [x for ch in c.characters.values() for x in (ch.name, ch.cls, ch.signature, ch.text)]
    assert all(text_problem(t, "t", 300, required=False) is None for t in texts)
