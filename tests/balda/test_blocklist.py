"""The classroom blocklist: slurs and vulgar words are not in the shipped lists."""

from balada_widgets.balda.lexicon import Lexicon, _blocklist


def test_blocked_words_are_left_out_and_can_be_added_back():
    en, ru = Lexicon.english(), Lexicon.russian()
    assert _blocklist("english") and _blocklist("russian")
    for w in _blocklist("english"):
        assert w not in en
    for w in _blocklist("russian"):
        assert w not in ru
    assert "table" in en and "cock" in en  # an innocent main sense stays
    assert "shit" in en.add(["shit"])


def test_english_two_letter_words_are_the_listed_nouns_only():
    from balada_widgets.balda.lexicon import _two_letter_words

    en = Lexicon.english()
    keep = _two_letter_words("english")
    assert {w for w in en.words if len(w) == 2} == keep  # every listed word is in the shipped list
    for abbreviation in ("in", "it", "us", "me", "he", "fe", "ca", "wy", "th", "eu"):
        assert abbreviation not in en
    assert {"ox", "ad", "do", "pi", "go"} <= keep
    assert "in" in en.add(["in"])  # a teacher's own choice wins
    assert len(Lexicon.english(min_length=3)) == len(en) - len(keep)  # longer words are not affected
    assert _two_letter_words("russian") is None and "уж" in Lexicon.russian()  # Russian keeps its two-letter nouns
