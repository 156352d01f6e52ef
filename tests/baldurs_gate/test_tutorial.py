"""The Builders of Baldur's Gate tutorial, in English and in Czech: every step's right answers are accepted, every
misreading is named with its rule, feedback comes in tiers, nothing on a step's first rendering gives its answer
away, both languages hold the same steps and words, and the coverage table of docs/baldurs-gate.md maps every
clause and ruling to a step and to tests that exist.

The right answers below are written out by hand (from the rules and docs/baldurs-gate-tutorial-plan.md): the
tutorial computes them from the engine (its moves, attack log, scoring), these tests pin them, so a change of the
engine or of the data (``lessons/material.yaml``) that moves a step's number fails here loudly. The answers are the
same in both languages (:data:`BY_LANGUAGE`: the browser test reads them too).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from balada_widgets.baldurs_gate import tutorial as T
from balada_widgets.baldurs_gate.i18n import rules_ref
from balada_widgets.baldurs_gate.positions import setup_played
from balada_widgets.baldurs_gate.scoring import before_final_scoring
from balada_widgets.baldurs_gate.state import Token, Turn
from balada_widgets.baldurs_gate.tutorial import ending, lesson, boards as live_module, play as play_module
from balada_widgets.baldurs_gate.tutorial.boards import LESSONS, game as boards_game, position_of
from balada_widgets.core import lesson_words
from balada_widgets.core.errors import InvalidInput
from balada_widgets.kit.lesson import Attempt, Choose, answer_only_classes, respond, reveal

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "baldurs-gate.md"
STEP_TEST = "test_step_checks_answers_and_misreadings"
LANGUAGES = ("en", "cs")
MISREADINGS = T.misreadings()
STEPS = T.steps()


def seq(*ids):
    """A live board's clicks: each id numbered by its place (``card-inn-03@0``, ``P4@1``)."""
    return tuple(f"{x}@{i}" for i, x in enumerate(ids))


def fs(*ids):
    return frozenset(ids)


CONN = fs("0-favor-1", "1-supply-1", "2-prestige-1")
KEEP = fs("0-gold-2", "1-prestige-1", "2-favor-1")
NET = fs("H-STE", "P35", "P36", "F-STE-c", "F-SEA-b")

# (step, part) -> (right answers, {misreading id: an answer that misreading gives}, an unexplained wrong answer)
ANSWERS = {
    ("city", 0): ([("P30", "attack-SEA")], {"city-other-track": ("P30", "attack-EAS")}, ("P29", "attack-SEA")),
    ("city", 1): ([fs("P29", "P31", "F-SEA-a", "F-SEA-b")],
                  {"city-two-lines": fs("P29", "P31", "F-SEA-a", "F-SEA-b", "F-STE-c"),
                   "city-across-block": fs("P29", "P31", "F-SEA-a", "F-SEA-b", "P32"),
                   "city-location": fs("P29", "P31", "F-SEA-a", "F-SEA-b", "L-SEA"),
                   "city-parcels-only": fs("P29", "P31")}, fs("P29", "F-SEA-a", "F-SEA-b")),
    # a wrong tick is named before what was left out: {build} alone is read as the unaffordable build
    ("turn", 0): ([fs("income")], {"turn-build-unaffordable": fs("build"), "turn-worker-away": fs("income", "worker"),
                                   "turn-pass": fs("income", "pass")}, None),
    ("turn", 1): ([1], {"turn-anticlockwise": 2, "turn-again": 0}, None),
    ("build", 0): ([seq("card-inn-03", "P4"), seq("card-inn-03", "P36")],
                   {"build-offer-card": seq("card-market-01"), "build-too-expensive": seq("card-temple-11"),
                    "build-closed-parcel": seq("card-inn-03", "P23"), "build-banned-parcel": seq("card-inn-03", "P12"),
                    "build-no-when-built": seq("card-hall-01", "P4")}, seq("card-inn-03")),
    ("connections", 0): ([seq("card-market-05", "P25")], {}, seq("card-market-05", "P7")),
    ("connections", 1): ([CONN], {"conn-new-piece-pays": CONN | {"0-gold-2"},
                                  "conn-by-new-type": fs("0-gold-2", "1-gold-2", "2-gold-2"),
                                  "conn-two-lines": CONN | {"0-gold-2", "1-prestige-1"},
                                  "conn-own-skipped": fs("1-supply-1", "2-prestige-1"),
                                  "conn-forts-dont-pay": fs("0-favor-1", "1-supply-1")}, None),
    ("parcel-token", 0): ([("P31", "attack-SEA")], {"token-build-district": ("P31", "attack-EAS")},
                          ("P30", "attack-SEA")),
    ("parcel-token", 1): (["attack-now"], {"token-next-turn-first": "next", "token-build-district": "built-now",
                                           "token-end-of-game": "at-end"}, None),
    ("worker", 0): (["push"], {"worker-blocked": "blocked", "worker-both-stay": "share"}, None),
    # a tower costs 3 gold (issue 14's prices); the damage token adds 1 favor
    ("worker", 1): (["gold3-favor1"], {"worker-damage-ignored": "gold3", "worker-damage-everything": "gold4"}, None),
    ("worker", 2): ([seq("L-HEA", "m-trade-tower", "F-HEA-a"), seq("L-HEA", "m-trade-tower", "F-HEA-b")],
                    {"worker-two-trades": seq("L-HEA", "m-trade-tower", "m-trade-keep")},
                    seq("L-HEA", "m-trade-none")),
    ("worker", 3): ([fs("L-HEA")], {"worker-builder-only": fs("L-STE"), "worker-all-go-home": fs("L-HEA", "L-STE")},
                    fs("L-SEA")),
    ("income", 0): ([seq("m-income", "card-hq-CIT", "card-hall-02", "m-done"),
                     seq("m-income", "card-hall-02", "card-hq-CIT", "card-gate-2", "m-done")],
                    {"income-worker-left": seq("m-income", "card-hall-02", "m-done"),
                     "income-no-abilities": seq("m-income", "card-hq-CIT", "m-done"),
                     "income-twice": seq("m-income", "card-hall-02", "card-hall-02")}, seq("m-income")),
    ("income", 1): (["yes"], {"income-stays-turned": "no", "income-rests": "later"}, None),
    ("chain", 0): (["now"], {"chain-attack-waits": "after", "chain-attack-next-turn": "next",
                             "chain-income-ends": "ends"}, None),
    ("chain", 1): ([seq("m-income", "card-hall-08", "card-market-05", "P5", "card-market-05", "m-done")],
                   {"chain-new-card-waits": seq("m-income", "card-hall-08", "card-market-05", "P5", "m-done"),
                    "chain-no-build": seq("m-income", "m-done")}, seq("m-income")),
    ("factions", 0): ([4], {"faction-one-step": 3}, 5),
    ("factions", 1): ([fs(3, 4)], {"faction-landing-only": fs(4), "faction-start-again": fs(2, 3, 4)}, fs(5)),
    ("factions", 2): (["6", 6, "6 prestige", "6 prestiží"], {"faction-past-end-lost": "5", "faction-start-again": "9"},
                      "7"),
    ("fortify", 0): ([seq("L-CIT", "m-trade-keep", "F-CIT-a")],
                     {"worker-two-trades": seq("L-CIT", "m-trade-keep", "m-trade-tower")}, seq("L-CIT", "m-trade-none")),
    ("fortify", 1): ([KEEP], {"fort-gate-pays-nothing": fs("0-gold-2", "2-favor-1"),
                              "conn-new-piece-pays": KEEP | {"0-prestige-1"}, "fort-pays-nothing": fs("2-favor-1")},
                     None),
    ("fortify", 2): (["nothing"], {"fort-like-build": "both"}, None),
    ("fortify", 3): (["4"], {"fort-count-pieces": "3", "fort-gate-defends": "5", "fort-own-only": "2"}, "1"),
    ("fortify", 4): (["card-gate-3"], {"fort-pick-gate": "card-gate-4"}, None),
    ("defended", 0): (["3-6-0"], {"def-own-points": "1-4-0", "def-no-bonus": "3-3-0", "def-strictly-more": "0-0-0",
                                  "def-buildings-defend": "3-6-3"}, None),
    ("defended", 1): ([6], {"def-marker-stays": 5}, 7),
    ("defended", 2): (["3-3-0"], {"def-count-pieces": "6-3-0", "def-bigger-piece": "3-6-0", "def-tie-both": "6-6-0",
                                  "def-own-points": "2-2-0", "def-buildings-defend": "3-3-3"}, None),
    ("failed", 0): ([fs("P34", "P36")], {"fail-contributor-hit": fs("P33", "P34", "P36"),
                                         "fail-hq-or-fort-hit": fs("H-STE", "P34", "P36"),
                                         "fail-gate-protects": fs("P34"),
                                         "fail-other-districts": fs("P2", "P34", "P36")}, fs("P34", "P35", "P36")),
    ("failed", 1): (["0"], {"fail-prestige": "4"}, "3"),
    ("failed", 2): (["L-STE"], {"fail-token-on-building": "P34"}, "L-SEA"),
    ("failed", 3): ([8], {"fail-marker-stays": 7}, 9),
    ("setup", 0): (["H-BLO"], {"setup-hq-wrong-spot": "P17", "setup-hq-wrong-district": "H-SEA"}, "L-SEA"),
    ("setup", 1): (["back"], {"setup-attack": "attack", "setup-hidden-chosen": "hidden"}, None),
    ("setup", 2): (["19", 19], {"setup-bans-forgotten": "27", "setup-three-player-bans": "23",
                                "setup-hidden-forgotten": "20"}, "18"),
    ("setup", 3): (["nobody"], {"setup-peek": "start"}, None),
    ("final-round", 0): ([("house-2", "house-0", "house-1")],
                         {"final-drawer-skips": ("house-2", "house-0"),
                          "final-drawer-again": ("house-1", "house-2", "house-0"),
                          "final-from-start-player": ("house-0", "house-1", "house-2")}, ("house-2",)),
    ("final-round", 1): (["nothing"], {"final-draw": "token", "final-hidden-drawn": "hidden"}, None),
    ("final-round", 2): (["attack-MAN", "L-MAN", "P6"], {"final-already-attacked": "attack-SEA"}, "strength"),
    ("final-round", 3): (["5"], {"final-strength": "4"}, "6"),
    ("scoring", 0): ([fs("card-ag-04", "card-ag-07")],
                     {"score-no-threshold": fs("card-ag-04", "card-ag-07", "card-ag-12"),
                      "score-not-best": fs("card-ag-04", "card-ag-12")}, fs("card-ag-04")),
    ("scoring", 1): ([NET], {"score-damaged-counts": NET | {"P31"}, "score-through-others": NET | {"P30"},
                             "score-all-groups": NET | {"P21"}, "score-buildings-only": fs("P35", "P36")},
                     fs("P35", "H-STE", "F-STE-c", "F-SEA-b")),
    ("scoring", 2): ([fs("L-STE", "L-HEA", "L-TEM"), fs("P35", "P22", "P9")],
                     {"score-fort-district": fs("L-STE", "L-HEA", "L-TEM", "L-CIT"),
                      "score-damaged-counts": fs("L-STE", "L-HEA", "L-TEM", "P18")}, fs("L-STE", "L-HEA")),
    ("scoring", 3): (["3"], {"score-agendas-leftover": "4", "score-cards-forgotten": "2"}, "5"),
    ("scoring", 4): (["29"], {"score-game-prestige": "52"}, "30"),
    ("tie-break", 0): (["4", "4 buildings"], {"tie-gates-as-buildings": "6"}, "3"),
    ("tie-break", 1): (["5"], {"tie-damaged-card-lost": "4"}, "3"),
    ("tie-break", 2): (["0"], {"tie-wrong-order": "1"}, "both"),
    ("tie-break", 3): (["both"], {"tie-leftovers-break": "0", "tie-nobody": "nobody"}, "2"),
    ("advanced", 0): (["4"], {"adv-n-cards": "3"}, "5"),
    ("advanced", 1): ([("house-2", "house-1", "house-0")], {"adv-turn-order": ("house-0", "house-1", "house-2")},
                      ("house-1", "house-2", "house-0")),
    ("advanced", 2): (["bottom"], {"adv-discard": "discard"}, None),
}
#: the same answers in each language (the positions and the engine are the same; the words differ)
BY_LANGUAGE = {language: ANSWERS for language in LANGUAGES}


def part(step_id, i, L="en"):
    return lesson(L).find(step_id).parts[i]


def norm(ex, raw):
    """The raw input of an answer: a click on a one-click board is a tuple of one id."""
    if ex.kind == "pick" and ex.mode == "one" and isinstance(raw, str):
        return (raw,)
    return raw


def ask(ex, raw, step_id, L="en", attempt=None):
    """The learner's answer through the kit's tiers, in the learner's language (as the lesson player does)."""
    return respond(ex, attempt or Attempt(), norm(ex, raw), rules(step_id), words=T.kit_words(L))


def gives_away(message: str, answer: str) -> bool:
    """The answer's words in a message (where its rule is written aside)."""
    text = re.sub(r"\([^()]*\)$", "", message)
    return bool(re.search(rf"(?<![\w-]){re.escape(answer)}(?![\w-])", text))


def rules(step_id):
    return lesson().find(step_id).rules


def ruled(message: str, rule: str, L: str) -> bool:
    """The message ends with where its rule is written, in the learner's language (the section of the Czech text,
    or "our ruling")."""
    return message.endswith(f"({rules_ref(rule, L)})")


# ------------------------------------------------------------------ the lesson, its steps and its words


def test_the_lesson_has_the_planned_steps_in_order_in_both_languages():
    ids = ["city", "turn", "build", "connections", "parcel-token", "worker", "income", "chain", "factions", "fortify",
           "defended", "failed", "setup", "final-round", "scoring", "tie-break", "advanced", "play"]
    assert [s.id for s in STEPS] == ids
    en, cs = lesson("en"), lesson("cs")
    assert en.ids == cs.ids == ids
    for a, b in zip(en.steps, cs.steps):
        assert a.rules == b.rules and len(a.parts) == len(b.parts), a.id
        assert [p.kind for p in a.parts] == [p.kind for p in b.parts], a.id
        assert a.title != b.title and a.text != b.text, a.id
        assert a.parts and 1 <= a.text.count(".") and len(a.text) < 1000, a.id
    assert en.position("connections") == "Step 4 of 18"
    every_part = {(s.id, i) for s in en.steps for i in range(len(s.parts))}
    assert every_part - {("play", 0), ("play", 1)} == set(ANSWERS)


def test_both_languages_hold_the_same_words_and_czech_the_kits_too():
    files = lesson_words.language_files(LESSONS)
    assert list(files) == ["en", "cs"]  # material.yaml, beside them, is no language
    keys = {L: {k for k in lesson_words.load(path).keys() if not k.startswith("kit.")} for L, path in files.items()}
    assert keys["en"] == keys["cs"]
    czech = T.misreadings("cs")
    for m in MISREADINGS.values():
        assert czech[m.id].message != m.message and (czech[m.id].rule, czech[m.id].step) == (m.rule, m.step), m.id
    cs = T.kit_words("cs")
    assert cs["check"] == "Zkontrolovat" and cs["step_of"].format(i=4, n=18) == "Krok 4 z 18"
    assert cs["rule"] == "({rules})" == T.kit_words("en")["rule"]  # the lesson says where each rule is written


def test_the_czech_tutorial_shows_no_english_of_its_own():
    english = re.compile(r"\b(the|and|your|you|which|click|gains?|prestige|worker)\b")
    words = lesson_words.load(LESSONS / "cs.yaml")
    for key, text in words.entries.items():
        if key in ("title",):
            continue
        for one in (text if isinstance(text, tuple) else (text,)):
            plain = re.sub(r"\{[^}]*\}", "", one)
            assert not english.search(plain), (key, one)


def test_no_question_has_only_two_options():
    """A second try at a two-option question is right by elimination (the GUIDE): every choice has three or more."""
    for L in LANGUAGES:
        for st in lesson(L).steps:
            for i, ex in enumerate(st.parts):
                if isinstance(ex, Choose):
                    assert len(ex.choices()) >= 3, (L, st.id, i, ex.choices())


def test_a_wrong_pick_is_named_before_what_was_left_out():
    """Income is left out and Build is ticked: the feedback says why Build is not allowed, not that income is."""
    for L in LANGUAGES:
        a = ask(part("turn", 0, L), fs("build"), "turn", L)
        assert a.reply.misreading == "turn-build-unaffordable", a.reply
        assert a.reply.message.startswith(T.misreadings(L)["turn-build-unaffordable"].message)


@pytest.mark.parametrize("step_id", [s.id for s in STEPS if s.id != "play"])
def test_step_checks_answers_and_misreadings(step_id):
    """Each part, in both languages: the right answers are accepted; each misreading is named with its rule in the
    learner's language and gives no number of the answer; a wrong answer no misreading explains names a rule."""
    for L, i in ((L, i) for L in LANGUAGES for i in range(len(lesson(L).find(step_id).parts))):
        ex = part(step_id, i, L)
        right, misreadings, other = ANSWERS[(step_id, i)]
        for raw in right:
            a = ask(ex, raw, step_id, L)
            assert a.solved and a.reply.kind == "right", (step_id, i, raw, a.reply)
        sol = ex.solution() if callable(ex.solution) else ex.solution
        for mid, raw in misreadings.items():
            m = MISREADINGS[mid]
            a = ask(ex, raw, step_id, L)
            assert (a.reply.kind, a.reply.rule) == ("wrong", m.rule), (step_id, i, mid, a.reply)
            assert a.reply.message == f"{T.misreadings(L)[mid].message} ({rules_ref(m.rule, L)})", a.reply.message
            assert ex.check(ex.read(norm(ex, raw))[0]).misreading == mid
            assert not a.reply.hint and a.reply.solution is None
            if sol.answer.isdigit():  # no number of the answer in the feedback (the GUIDE)
                assert not gives_away(a.reply.message, sol.answer), (mid, sol.answer)
        if other is not None:
            a = ask(ex, other, step_id, L)
            assert a.reply.kind == "wrong" and ex.check(ex.read(norm(ex, other))[0]).misreading is None, \
                (step_id, i, a.reply)
            assert ruled(a.reply.message, a.reply.rule, L), a.reply.message  # a rule named in the learner's words


def test_every_misreading_is_recognised_by_a_step():
    tested = {mid for _, mis, _ in ANSWERS.values() for mid in mis} | {"play-prestige-only"}
    assert tested == set(MISREADINGS)
    ids = {s.id for s in STEPS}
    for m in MISREADINGS.values():
        assert m.step in ids and m.rule, m
        for L in LANGUAGES:
            assert T.misreadings(L)[m.id].message.endswith("."), (m.id, L)


def test_misreadings_give_answers_different_from_each_other_and_from_the_right_one():
    for (step_id, i), (right, misreadings, other) in ANSWERS.items():
        ex = part(step_id, i)
        values = [ex.read(norm(ex, right[0]))[0]] + [ex.read(norm(ex, raw))[0] for raw in misreadings.values()]
        assert len(set(map(repr, values))) == len(values), (step_id, i)


@pytest.mark.parametrize("key", sorted(ANSWERS), ids=lambda k: f"{k[0]}-{k[1]}")
def test_feedback_comes_in_tiers(key):
    step_id, i = key
    right, misreadings, other = ANSWERS[key]
    wrongs = list(misreadings.values()) + ([other] if other is not None else [])
    for L in LANGUAGES:
        ex = part(step_id, i, L)
        ws = (wrongs * 3)[:3]
        a = ask(ex, ws[0], step_id, L)
        assert a.reply.kind == "wrong" and not a.reply.hint and a.reply.solution is None
        a = ask(ex, ws[1], step_id, L, a)
        assert a.reply.kind == "hint" and a.reply.hint == ex.hint and len(ex.hint) > 20
        a = ask(ex, ws[2], step_id, L, a)
        assert a.reply.kind == "answer" and a.reply.solution.answer
        shown = reveal(ex, Attempt())
        assert shown.shown and shown.reply.solution.answer == a.reply.solution.answer
        assert ask(ex, right[0], step_id, L, shown).solved
        if ex.kind == "pick":  # Show me draws the answer on the board
            board = ex.draw(tuple(a.reply.solution.picks))
            assert a.reply.solution.picks and board


def test_an_unreadable_answer_is_no_try_and_is_told_in_the_learners_language():
    ex = part("setup", 2, "cs")
    a = respond(ex, Attempt(), "devatenáct", words=T.kit_words("cs"))
    assert a.reply.kind == "invalid" and a.wrong == 0 and "není celé číslo" in a.reply.message
    assert respond(ex, Attempt(), "19 žetonů").solved
    a = respond(part("city", 1, "cs"), Attempt(), (), words=T.kit_words("cs"))
    assert a.reply.kind == "invalid" and a.reply.message.startswith("Nejdřív klikni")
    pb = part("play", 1, "en")
    assert respond(pb, Attempt(), "60").reply.kind == "invalid"  # the game of (a) is not over yet


@pytest.mark.parametrize("step_id", [s.id for s in STEPS])
def test_nothing_on_the_first_rendering_gives_the_answer_away(step_id):
    for L in LANGUAGES:
        st = lesson(L).find(step_id)
        for i, ex in enumerate(st.parts):
            if ex.kind == "number" and (step_id, i) in ANSWERS:
                assert not re.search(rf"(?<![\d.]){ANSWERS[(step_id, i)][0][0]}(?!\d)", ex.prompt), (step_id, i)
            if ex.kind != "pick":
                continue
            board = ex.draw(())
            assert not re.search(r'class="[^"]*\b(tg|sel)\b', board), (step_id, i)  # no target, nothing chosen
            if (step_id, i) in ANSWERS and ex.mode in ("one", "set"):
                right = ANSWERS[(step_id, i)][0]
                ids = set(right[0]) if ex.mode == "set" else {r for r in right if isinstance(r, str)}
                # a piece's own kind and owner (what a player sees on the table) is not a highlight
                seen = {"parcel", "available", "closed", "built", "damaged", "banned", "spot", "taken", "hqspot", "loc",
                        "o0", "o1", "o2", "card", "agenda", "gate", "chip"}
                assert answer_only_classes(board, ids) - seen == set(), (step_id, i)


def test_what_a_question_asks_is_not_on_its_board():
    # the gains of a build or a keep: the resources are out of sight until the question
    for step_id in ("connections", "fortify"):
        first = part(step_id, 0).draw(())
        assert '<div class="res">' not in first, step_id
    # the defence asked in fortify (d): every counter shows "?"
    board = part("fortify", 0).draw(seq("L-CIT", "m-trade-keep", "F-CIT-a"))
    assert re.findall(r'class="def-n"[^>]*>([^<]*)<', board) and \
        set(re.findall(r'class="def-n"[^>]*>([^<]*)<', board)) == {"?"}
    # the worker step's (d) board is the city before the build: your worker still on its location
    assert "stands here" in part("worker", 3).draw(())
    # the last step's board shows the prestige before the final scoring, the total is the question
    live, shown = play_live("en"), play_shown("en")
    over = live.frame(shown).state
    board = part("play", 0).draw(shown)
    pre = before_final_scoring(over).players[0].prestige
    assert over.over and pre < over.players[0].prestige
    assert f'aria-label="prestige: {pre}"' in board and f'aria-label="prestige: {over.players[0].prestige}"' not in board


# ------------------------------------------------------------------ the engine does what the learner is told


def play_live(L):
    """The last step's game in language ``L`` (the lesson built first)."""
    lesson(L)
    return play_module.LIVES[L]


def play_shown(L):
    """The clicks of a bot playing the learner's seat to the end (what Show me replays)."""
    return T.play_shown(L)


def test_the_engine_plays_the_live_steps_and_shows_its_refusals():
    ex = part("build", 0)
    board = ex.draw(seq("card-temple-11"))
    assert "Cathedral of Dawn costs 7 gold and you have 6 gold. (rule BLD1)" in board
    assert 'data-id="card-temple-11@0"' in board  # "take back" is the last click again
    cs = part("build", 0, "cs").draw(seq("card-temple-11"))
    assert "(pravidla, oddíl „Akce stavby krok za krokem“, bod 1)" in cs and "Katedrála úsvitu" in cs
    live = live_module.Live(T.words("en"), *position_of("build", "en"), tokens=(26,))
    fr = live.frame(seq("card-inn-03", "P4"))
    me = fr.state.players[0]
    assert (me.gold, me.favor, "inn-03" in me.portfolio, fr.state.active) == (2, 1, True, 1)
    assert 26 in fr.state.avail and fr.state.tracks[6][-1] == 26  # the token drawn opened its parcel
    # the worker's visit: Orange's worker went home, a watchtower is yours, the worker stays
    fr = live_module.Live(T.words("en"), *position_of("worker", "en")).frame(seq("L-HEA", "m-trade-tower", "F-HEA-a"))
    assert [p.worker for p in fr.state.players] == ["HEA", "", "STE"]
    assert (fr.state.players[0].gold, fr.state.players[0].favor, fr.state.players[0].supply) == (0, 0, 0)
    # the income chain: Bloomridge was attacked inside the income, then the market paid
    g, s = position_of("chain", "en")
    live = live_module.Live(T.words("en"), g, s, tokens=(19,))
    fr = live.frame(seq("m-income", "card-hall-08", "card-market-05", "P5"))
    assert fr.state.attacks[-1].district == "BLO" and g.pending(fr.state).kind == "income"
    fr = live.frame(seq("m-income", "card-hall-08", "card-market-05", "P5", "card-market-05", "m-done"))
    assert fr.state.players[0].gold == 8 and live.stop(fr.state)


def test_the_positions_are_real_positions():
    for name in ("city", "turn", "build", "connections", "worker", "income", "chain", "factions", "fortify",
                 "defended", "failed", "final-round", "scoring"):
        g, s = position_of(name, "en")
        assert g.validate(s) == [], name
    g, s = position_of("play", "en")
    assert g.validate(s) == [] and g.bag_count(s) == 4 and g.pending(s).kind == "turn"


def test_the_scenes_follow_the_rules_they_teach():
    """Rules a step shows in passing, checked on the step's own positions."""
    # C3 / BLD5: the active player is paid first, then clockwise
    g, s = position_of("connections", "en")
    live = live_module.Live(T.words("en"), g, s, stop=lambda st: g.is_chance(st))
    after = live.frame(seq("card-market-05", "P25")).state
    assert [g_.rule for g_ in after.players[2].gains][-1:] == ["FT2"]
    # R18 / E1: the last token triggers the end; C15: the drawer plays last
    g, s = position_of("final-round", "en")
    drawn = g.apply(s, Token(s.bag[0]))
    assert drawn.end_by == 1 and g.bag_count(drawn) == 0 and drawn.tasks[0] == Turn(2)
    # E4 / R31: the hidden parcel never opens
    g, before, over = ending.scored("en")
    assert over.over and before.hidden not in over.avail and over.attacks[-1].final
    # C8: a damaged building's card stays in the portfolio, its tile has no cube
    assert "temple" in [g.content.buildings[c].type for c in over.players[0].portfolio if c in g.content.buildings]
    assert over.pieces[g.city.index["P31"]].damaged
    # TB1-TB4: the engine's tie-breaks
    (g, a), (g3, b) = position_of("tie-two", "en"), position_of("tie-three", "en")
    assert g.winners(a) == [0] and g3.winners(b) == [0, 2] and "syndicate" in g3.result_text(b)
    # ADV1, ADV2: n + 1 HQ cards, reverse order
    g = boards_game(3, "en", advanced=True)
    picks = [s for s in setup_played(g) if not g.is_chance(s) and g.pending(s).kind == "pick"]
    assert (len(picks[0].hq_offer), [s.tasks[0].player for s in picks]) == (4, [2, 1, 0])


def test_the_last_step_is_a_game_against_a_bot():
    for L in LANGUAGES:
        ex, pb = part("play", 0, L), part("play", 1, L)
        first = ex.draw(())
        assert 'data-id="card-inn-07@0"' in first and 'data-id="m-income@0"' in first
        # the bot's hand is hidden: only card backs, never its cards' names
        g, s = position_of("play", L)
        assert not any(g.card_name(c) in first for c in s.players[1].hand)
        assert first.count('class="card back"') == len(s.players[1].hand) + len(s.players[1].agendas)
        a = respond(ex, Attempt(), seq("m-income"), rules("play"))
        assert a.reply.kind == "wrong" and not a.solved
        shown = play_shown(L)
        assert respond(ex, Attempt(), shown).solved
        over = play_live(L).frame(shown).state
        total = over.players[0].prestige
        assert respond(pb, Attempt(), str(total)).solved
        pre = before_final_scoring(over).players[0].prestige
        a = respond(pb, Attempt(), str(pre))
        assert a.reply.kind == "wrong" and "play-prestige-only" == pb.check(pre).misreading
        for mid, value in play_module.score_misreadings(g, over).items():
            assert pb.check(value).misreading in MISREADINGS and value != total, mid
        sol = pb.solution()
        assert sol.answer == str(total) and sol.trace is not None and sum(x.points for x in sol.trace) == total - pre


# ------------------------------------------------------------------ the notebook face


def test_the_notebook_face():
    from balada_widgets import baldurs_gate

    cell = baldurs_gate.tutorial.step("connections")
    assert repr(cell) == "<Builders of Baldur's Gate tutorial, step 'connections': Step 4 of 18>"
    assert T.tutorial("en") is T.tutorial("en") and T.tutorial("cs") is not T.tutorial("en")
    assert T.tutorial("cs").words["check"] == "Zkontrolovat"
    cs = baldurs_gate.tutorial.step("connections", language="cs")
    assert cs.tutorial.lesson.find("connections").title == "Kdo vydělá na nové stavbě"
    with pytest.raises(InvalidInput, match="the steps are city, turn"):
        baldurs_gate.tutorial.step("dragon")
    with pytest.raises(InvalidInput, match="kroky jsou city, turn"):
        baldurs_gate.tutorial.step("dragon", language="cs")
    with pytest.raises(InvalidInput):
        baldurs_gate.tutorial.step("city", language="de")


def test_a_live_step_is_clicked_through_in_the_lesson_player():
    import ipyvuetify as v
    import solara

    from balada_widgets.ui.board import SvgBoard
    from balada_widgets.ui.tutorial import Tutorial

    tutorial = Tutorial(lesson("cs"), words=T.kit_words("cs"))
    _box, rc = solara.render(tutorial.step("build").element(), handle_error=False)

    def board():
        [b] = [w for w in rc.find(SvgBoard).widgets if "bw-lesson-board" in w.class_name.split()]
        return b

    assert board().svg == part("build", 0, "cs").draw(())
    board().emit_click("card-inn-03@0")
    board().emit_click("P4@1")
    assert "Hotovo" in board().svg
    [check] = [w for w in rc.find(v.Btn).widgets if "bw-lesson-check" in (w.class_ or "").split()]
    assert "Zkontrolovat" in str(check.children)
    check.click()
    assert tutorial.progress.of("build").solved


# ------------------------------------------------------------------ docs/baldurs-gate.md


CLAUSES = {"OV": 8, "EX": 3, "S": 10, "T": 2, "BLD": 8, "W": 4, "I": 4, "F": 3, "FT": 4, "A": 9, "E": 9, "TB": 4}
EXTRA = ["P23-1", "P23-2", "P23-3"] + [f"ADV{i}" for i in range(5)] + [f"C{i}" for i in range(1, 20)]


def coverage_rows():
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Coverage", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        if not line.startswith("|") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0].startswith("Clause"):
            continue
        rows.append(cells)
    return rows


def test_coverage_table_maps_every_clause_and_ruling_to_a_step_and_existing_tests():
    rows = coverage_rows()
    ids = [f"{k}{i}" for k, n in CLAUSES.items() for i in range(1, n + 1)] + EXTRA
    by_id = {cells[0]: cells for cells in rows}
    assert sorted(by_id) == sorted(ids) and len(rows) == len(ids)
    L = lesson()
    named = set()
    for rid, cells in by_id.items():
        steps = re.findall(r"`([a-z-]+)`", cells[3])
        tests = cells[4]
        assert steps, rid
        for step_id in steps:
            assert step_id in L.ids, f"{rid}: unknown step {step_id!r}"
        assert any(rid in L.find(s).rules or rid.split("-")[0] in L.find(s).rules for s in steps), \
            f"{rid} is not among the rules its steps teach"
        found = re.findall(r"`(tests/[^`]+)`", tests)
        for step_id in steps:
            mine = (f"tests/baldurs_gate/test_tutorial.py::{STEP_TEST}[{step_id}]" if step_id != "play" else
                    "tests/baldurs_gate/test_tutorial.py::test_the_last_step_is_a_game_against_a_bot")
            assert mine in found, f"{rid}: the tutorial's check of step {step_id!r} is not named"
        named.update(found)
    functions = {}
    for node in named:
        path, _, name = node.partition("::")
        if path not in functions:
            tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
            functions[path] = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        assert name.split("[")[0] in functions[path], f"{node} does not exist"
        if "[" in name and path.endswith("test_tutorial.py"):
            func, param = name[:-1].split("[", 1)
            assert func == STEP_TEST and param in L.ids, node
    # every step teaches something the table lists
    taught = {s for cells in rows for s in re.findall(r"`([a-z-]+)`", cells[3])}
    assert taught == set(L.ids)
