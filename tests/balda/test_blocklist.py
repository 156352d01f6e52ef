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
