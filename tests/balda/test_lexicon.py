"""Lexicon: normalisation (D7), building, immutability, the trie, the shipped lists."""

from __future__ import annotations

import gzip
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from balada_widgets.balda import lexicon as lexmod
from balada_widgets.balda.lexicon import END, TIERS, Lexicon, normalise_word
from balada_widgets.core.errors import GameError, InvalidInput

SHIPPED = (lexmod.DATA_DIR / "en_nouns.tsv.gz").exists() and (lexmod.DATA_DIR / "ru_nouns.tsv.gz").exists()
needs_lists = pytest.mark.skipif(not SHIPPED, reason="shipped word lists not built yet")


def _trie_words(node) -> set:
    out = set()
    for key, child in node.items():
        if key == END:
            out.add(child)
        else:
            out |= _trie_words(child)
    return out


def _fresh_trie(words) -> dict:
    trie: dict = {}
    for w in words:
        lexmod._insert(trie, w)
    return trie


# ------------------------------------------------------------ building
def test_normalisation_case_and_yo_d7():
    lex = Lexicon.from_words(["Ёлка", "ЕЖ", "Cat"])
    assert lex.words == {"елка", "еж", "cat"}
    for query in ("ёлка", "ЁЛКА", "елка", "Елка", "CAT", " cat "):
        assert query in lex
    assert normalise_word("Ёё") == "ее"
    assert "ё" not in lex.alphabet


def test_duplicates_after_folding_keep_highest_zipf():
    lex = Lexicon.from_words({"ёж": 3.0, "еж": 2.0, "Еж": 1.0})
    assert len(lex) == 1 and lex.zipf("ёж") == 3.0


def test_min_length_drops_short_words():
    lex = Lexicon.from_words(["a", "ox", "cat", "horse"], min_length=3)
    assert lex.words == {"cat", "horse"}
    assert lex.min_length == 3
    # one-letter words never count (D2: at least 2 letters)
    assert "a" not in Lexicon.from_words(["a", "ox"])


@pytest.mark.parametrize("bad", [1, 0, -3, 2.0, True, "2"])
def test_min_length_below_two_is_refused(bad):
    with pytest.raises(InvalidInput, match="min_length"):
        Lexicon.from_words(["cat"], min_length=bad)


@pytest.mark.parametrize("word", ["ice cream", "x-ray", "b4", "", "  "])
def test_non_letter_words_are_refused(word):
    with pytest.raises(InvalidInput, match="letters only"):
        Lexicon.from_words(["cat", word])


def test_bad_items_are_refused():
    with pytest.raises(InvalidInput):
        Lexicon.from_words([("cat", "often")])
    with pytest.raises(InvalidInput):
        Lexicon.from_words([42])


def test_alphabet_from_words_and_given():
    assert Lexicon.from_words(["cab", "bad"]).alphabet == set("abcd")
    lex = Lexicon.from_words(["cab"], alphabet="ABCDEFGH")
    assert lex.alphabet == set("abcdefgh")
    with pytest.raises(InvalidInput, match="outside the alphabet") as info:
        Lexicon.from_words(["cab", "zoo"], alphabet="abc")
    assert "'zoo'" in str(info.value) and info.value.rule == "D7"
    with pytest.raises(InvalidInput):
        Lexicon.from_words(["cab"], alphabet=["a", "1"])


def test_queries():
    lex = Lexicon.from_words(["dog", "cat", "horse", "ox"], name="farm")
    assert len(lex) == 4
    assert list(lex) == ["cat", "dog", "horse", "ox"]
    assert lex.words_of_length(3) == ("cat", "dog")
    assert lex.words_of_length(9) == ()
    assert 3 not in lex and None not in lex
    assert repr(lex) == "<Lexicon 'farm': 4 words, min_length=2>"


def test_zipf():
    lex = Lexicon.from_words([("cat", 4.5), "dog"], name="pets")
    assert lex.zipf("CAT") == 4.5
    assert lex.zipf("dog") == 0.0
    with pytest.raises(InvalidInput, match="not in the pets dictionary"):
        lex.zipf("cow")


def test_trie_has_every_word_with_end_marker():
    words = ["a" * 2, "ab", "abc", "b" * 5, "cab"]
    lex = Lexicon.from_words(words)
    assert _trie_words(lex.trie) == set(words)
    assert lex.trie["a"]["b"][END] == "ab"
    assert lex.trie["a"]["b"]["c"][END] == "abc"
    assert END not in lex.trie["c"]["a"]


def test_two_letter_index():
    lex = Lexicon.from_words(["ox", "ax", "axe", "xa", "box"])
    assert {first for first, _ in lex.pairs["x"]} == {"o", "a"}
    node = dict(lex.pairs["x"])["a"]
    assert node is lex.trie["a"]["x"] and node["e"][END] == "axe"
    assert "b" not in lex.pairs
    assert set(dict(lex.add(["ex"]).pairs["x"])) == {"o", "a", "e"}


def test_error_family():
    with pytest.raises(GameError):
        Lexicon.from_words(["1"])
    assert issubclass(InvalidInput, ValueError)


# ---------------------------------------------------------- new lexicons
def test_add_and_remove_return_new_lexicons():
    base = Lexicon.from_words(["cat", "dog"], name="class 3b")
    more = base.add(["Cow", "pig"])
    assert more.words == {"cat", "dog", "cow", "pig"}
    assert base.words == {"cat", "dog"}
    assert more.name == "class 3b"
    less = more.remove(["DOG", "unicorn"])  # unknown words are ignored
    assert less.words == {"cat", "cow", "pig"}
    assert more.words == {"cat", "dog", "cow", "pig"}
    assert base.remove(["zebra"]) is base
    assert base.add("emu").words == {"cat", "dog", "emu"}
    assert base.add({"elk": 3.3}).zipf("elk") == 3.3


def test_add_refuses_short_and_foreign_words():
    base = Lexicon.from_words(["cat", "dog"], min_length=3)
    with pytest.raises(InvalidInput, match="min_length=3"):
        base.add(["ox"])
    with pytest.raises(InvalidInput, match="min_length=2: a"):
        Lexicon.from_words(["cat"]).add(["a"])
    en = Lexicon.from_words(["cat"], alphabet="abcdefghijklmnopqrstuvwxyz", name="English")
    with pytest.raises(InvalidInput, match="outside the English alphabet") as info:
        en.add(["кот"])
    assert info.value.rule == "D7"
    # an empty lexicon takes any letters
    assert Lexicon.from_words([]).add(["кот"]).alphabet == set("кот")


def test_frozen_attributes():
    lex = Lexicon.from_words(["cat"])
    with pytest.raises(AttributeError):
        lex.extra = 1
    assert isinstance(lex.words, frozenset) and isinstance(lex.alphabet, frozenset)


words_st = st.text(alphabet="abc", min_size=2, max_size=5)


@settings(max_examples=60, deadline=None)
@given(start=st.sets(words_st, max_size=12),
       edits=st.lists(st.tuples(st.booleans(), st.sets(words_st, max_size=4)), max_size=6))
def test_path_copying_trie_matches_a_fresh_one(start, edits):
    lex = Lexicon.from_words(start)
    lex.trie  # built, so edits go through path copying
    history = [(lex, set(start), repr(lex.trie))]
    for is_add, words in edits:
        lex = lex.add(words) if is_add else lex.remove(words)
        expected = (history[-1][1] | words) if is_add else (history[-1][1] - words)
        assert lex.words == expected
        assert lex.trie == _fresh_trie(expected)
        history.append((lex, expected, repr(lex.trie)))
    for old, words, text in history:  # old lexicons are untouched
        assert old.words == words and repr(old.trie) == text


# ------------------------------------------------------------------ files
def test_from_file_plain_and_tsv(tmp_path):
    plain = tmp_path / "class_words.txt"
    plain.write_text("# words for class 3b\n\nCat\n dog \n# animals end\nЁж\n", encoding="utf-8")
    lex = Lexicon.from_file(plain)
    assert lex.words == {"cat", "dog", "еж"}
    assert lex.name == "class_words"
    gz = tmp_path / "mini.tsv.gz"
    with gzip.open(gz, "wt", encoding="utf-8") as fh:
        fh.write("# comment\ncat\t4.1\ndog\t0.0\n")
    lex = Lexicon.from_file(gz, name="mini")
    assert lex.zipf("cat") == 4.1 and lex.name == "mini"


def test_from_file_errors(tmp_path):
    with pytest.raises(InvalidInput, match="cannot read"):
        Lexicon.from_file(tmp_path / "missing.txt")
    bad = tmp_path / "bad.txt"
    bad.write_text("cat\nice cream\n", encoding="utf-8")
    with pytest.raises(InvalidInput, match=r"'bad.txt', line 2: a word must be made of letters only") as e:
        Lexicon.from_file(bad)
    assert "ice" not in str(e.value) and str(tmp_path) not in str(e.value)  # the line, not its content
    badf = tmp_path / "badf.tsv"
    badf.write_text("cat\toften\n", encoding="utf-8")
    with pytest.raises(InvalidInput, match="line 1: bad frequency") as e:
        Lexicon.from_file(badf)
    assert "often" not in str(e.value)


# --------------------------------------------------------- shipped lists
@needs_lists
def test_shipped_lists_load_and_are_cached():
    en, ru = Lexicon.english(), Lexicon.russian()
    assert len(en) > 20000 and len(ru) > 40000
    assert en.alphabet == set(lexmod.ENGLISH_ALPHABET) and len(en.alphabet) == 26
    assert ru.alphabet == set(lexmod.RUSSIAN_ALPHABET) and len(ru.alphabet) == 32
    assert Lexicon.english() is en
    t0 = time.perf_counter()
    Lexicon.russian()
    assert time.perf_counter() - t0 < 0.01
    assert en.name == "English" and ru.name == "Russian"
    assert all(len(w) >= 2 for w in en.words) and all(len(w) >= 2 for w in ru.words)
    assert not any("ё" in w for w in ru.words)
    assert len(en.words_of_length(5)) > 1000 and len(ru.words_of_length(7)) > 1000


@needs_lists
def test_shipped_tiers_are_nested():
    for make in (Lexicon.english, Lexicon.russian):
        full = make()
        previous = full.words
        for tier, cut in sorted(TIERS.items(), key=lambda kv: kv[1]):
            lex = make(tier=tier)
            assert lex.words <= previous and len(lex) < len(previous)
            assert all(lex.zipf(w) >= cut for w in lex.words)
            assert tier in lex.name
            previous = lex.words
        assert len(make(tier="basic")) > 1000
        short = make(min_length=4)
        assert short.min_length == 4 and all(len(w) >= 4 for w in short.words)
    with pytest.raises(InvalidInput, match="unknown tier"):
        Lexicon.english(tier="hard")
    with pytest.raises(InvalidInput, match="min_length"):
        Lexicon.russian(min_length=1)


@needs_lists
def test_shipped_everyday_words():
    en, ru = Lexicon.english(tier="everyday"), Lexicon.russian(tier="everyday")
    for word in ("table", "house", "water", "cat"):
        assert word in en
    for word in ("стол", "дом", "вода", "кошка", "ёлка"):
        assert word in ru
    assert "Ёлка" in Lexicon.russian()  # D7 on the shipped list
