"""Tutorial checks: each misreading of the rules is recognised and named by its rule;
the tutorial steps and the coverage table of docs/balada.md stay in step with the tests."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from balada_widgets.balada import BaladaGame
from balada_widgets.balada.scoring import score_side
from balada_widgets.balada.tutorial import (
    MISREADINGS, STEPS, Feedback, check_best_choice, check_best_placement, check_choices, check_game_total,
    check_injuries, check_score, exercise_check, step_by_id, winners_of,
)
from balada_widgets.core import Session
from balada_widgets.core.errors import InvalidInput
from balada_widgets.kit.lesson import Attempt, answer_only_classes, respond, reveal

ROOT = Path(__file__).resolve().parents[2]
E = ".."


def side(*events):
    return " ".join(list(events) + [E] * (12 - len(events)))


# ------------------------------------------------------------------ check_score: right answers


@pytest.mark.parametrize("text,kw,points", [
    (side("O3", "O2", "FT"), {}, 5),  # the rule text's healing example (B8)
    (side(E, E, E, E, E, "BS"), {"swords": 2}, 7),  # Boss on the 7th space from the end (B10)
    (side("FT", "TW", "O2", "BS", "PR"), {"swords": 2}, 21),  # Princess 12 + Boss 9 (B15)
])
def test_check_score_accepts_the_rule_text_examples(text, kw, points):
    fb = check_score(text, points, **kw)
    assert fb.ok and fb.expected == points and fb.message.startswith(f"Right: {points} points")
    assert check_score(text, str(points), **kw).ok
    assert check_score(text, f" {points} points ", **kw).ok


def test_check_score_refuses_what_is_not_a_number():
    fb = check_score(side("FT"), "five")
    assert not fb.ok and "whole number" in fb.message and fb.rule is None
    assert not check_score(side("FT"), True).ok


def test_check_score_reports_an_unreadable_side_with_the_engines_message():
    fb = check_score(side("O2", "XX"), 0)
    assert not fb.ok and fb.message.startswith("invalid input 'XX': unknown event")
    fb = check_score(side("FT"), 0, injuries=6)
    assert not fb.ok and fb.rule == "B6"


# ------------------------------------------------------------------ check_score: each misreading


MISREADING_CASES = [
    # id, side, kwargs, the wrong answer that misreading gives, rule
    ("tower-bonus", side("TW", "O2", "FT"), {}, 2, "B7"),
    ("knockdown", side("O3", "O3", "FT"), {}, 6, "B7"),
    ("boss-from-start", side("BS"), {"swords": 2}, 1, "B10"),
    ("boss-own-space", side(E, "BS"), {"swords": 2}, 10, "B10"),
    ("boss-undefeated", side("BS"), {"swords": 1}, 12, "B10"),
    ("chest-own-spaces", side("KY", E, E, "CH"), {}, 4, "B14"),
    ("chest-own-spaces", side("KY", E, E, "CH"), {}, 3, "B14"),
    ("chest-last-key", side("KY", E, "KY", E, E, "CH"), {}, 2, "B14"),
    ("tower-without-key", side("TW", "KY"), {}, 2, "B11"),
    ("tower-with-key", side("KY", "TW"), {}, 0, "B11"),
    ("princess-knockdown", side("O3", "O3", "PR", "FT"), {}, 6, "B15"),
    ("princess-tower-breaks", side("O2", "TW", "PR"), {}, 0, "B15"),
    ("princess-undefeated-boss", side("O2", "BS", "PR"), {}, 2, "B15"),
    ("princess-sworded-obstacle", side("SW", "O2", "O1", "PR"), {"choices": "2:sword"}, 3, "B15"),
    ("princess-whole-path", side("O2", "FI", "O1", "PR"), {}, 4, "B15"),
    ("fish-not-squared", side("FI", "FI", "FI"), {}, 3, "B12"),
    ("portal-ignored", side("PT", "TW", E, "KY"), {}, 0, "B5"),
    ("portal-copied", side("O3", "PT", "O3", "FT"), {}, 6, "B5"),
    ("carry-forgotten", side("FT"), {"injuries": 4}, 0, "B6"),
    ("missed-step", side("O3", "O2", "FT", "FI", "FI"), {}, 5, "B12"),  # left out the Fish: names B12
    ("missed-step", side("O2", "O1", "FT", "FI"), {}, 1, "B8"),  # left out the Fountain
    ("other-choices", side("SW", "SW", "O2", "BS"), {}, 2, "B16"),
    ("best-instead-of-given", side("SW", "SW", "O2", "BS"), {"choices": "3:sword"}, 9, "B16"),
]


MISREADING_IDS = [f"{m[0]}-{m[3]}" for m in MISREADING_CASES]
MISREADING_TEST = "test_check_score_names_the_misreading_and_its_rule"
STEP_TEST = "test_step_checks_answers_and_misreadings"


@pytest.mark.parametrize("mid,text,kw,answer,rule", MISREADING_CASES, ids=MISREADING_IDS)
def test_check_score_names_the_misreading_and_its_rule(mid, text, kw, answer, rule):
    right = score_side(text, kw.get("injuries", 0), kw.get("swords", 0), kw.get("choices")).points
    assert answer != right
    fb = check_score(text, answer, **kw)
    assert not fb.ok
    assert (fb.misreading, fb.rule) == (mid, rule), fb.message
    assert fb.message.startswith(f"Not {answer}.") and fb.message.endswith(f"(rule {rule})")
    assert fb.expected == right
    assert str(right) not in fb.message.split(".")[0]  # the verdict does not give the answer away


def test_every_misreading_is_tested():
    tested = {m[0] for m in MISREADING_CASES} | {"one-round-only"}  # the last one belongs to check_game_total
    tested |= {mid for _, mis, _ in ANSWERS.values() for mid in mis}  # the lesson's exercises
    assert tested == set(MISREADINGS)


def test_misreading_messages_name_the_spaces_not_the_answer():
    fb = check_score(side("TW", "O2", "FT"), 2)
    assert "The Obstacle at space 2 stands beside a Tower" in fb.message and "3" not in fb.message
    fb = check_score(side("O3", "O3", "FT"), 6)
    assert "At space 2 the injuries reach 6" in fb.message
    fb = check_score(side("BS"), 1, swords=2)
    assert "Count from the Boss at space 1 to the end" in fb.message and "12" not in fb.message
    fb = check_score(side("SW", E, "SW", E, "BS"), 7)  # the Boss is worth 8: never said before the answer
    assert fb.misreading == "boss-own-space" and "8" not in fb.message
    fb = check_score(side("O3", "O2", "FT"), 0)  # left out the Fountain: named, its points not given
    assert fb.misreading == "missed-step" and "space 3 (Fountain)" in fb.message and "5" not in fb.message
    fb = check_game_total(side("O2", "O2", "SW"), side("FT", "O1"), 4)
    assert fb.rule == "B7" and "5" not in fb.message


def test_focus_puts_the_rule_of_the_exercise_first():
    # "PT TW .. KY": forgetting the Portal and forgetting the Tower's +2 both give 0
    text = side("PT", "TW", E, "KY")
    assert check_score(text, 0).misreading == "portal-ignored"
    assert check_score(text, 0, focus="B11").misreading == "tower-with-key"
    assert check_score(text, 0, focus=("B11", "B13")).rule == "B11"


def test_unexplained_wrong_answer_says_too_high_or_too_low():
    fb = check_score(side("O3", "O2", "FT", "FI", "FI"), 8)
    assert not fb.ok and fb.misreading is None and "too low" in fb.message
    assert "too high" in check_score(side("O3", "O2", "FT"), 50).message
    assert check_score(side("O3", "O2", "FT"), 50).misreading is None


def test_own_choices_are_scored_and_impossible_ones_refused():
    assert check_score(side("SW", "SW", "O2", "BS"), 2, choices="3:sword").ok
    fb = check_score(side("O2"), 2, choices="1:sword")
    assert not fb.ok and fb.rule == "B7" and "no sword" in fb.message


# ------------------------------------------------------------------ check_best_choice


def test_best_choice_keeps_the_swords_for_the_boss():
    text = side("SW", "O1", "SW", "BS")
    fb = check_best_choice(text, 2, "sword")
    assert not fb.ok and fb.rule == "B10" and fb.expected == "endure at space 2"
    assert "Boss 9 spaces from the end" in fb.message and "+1 at space 2" in fb.message
    assert check_best_choice(text, 2, "endure").ok
    assert check_best_choice(text, 4, "fight").ok
    assert not check_best_choice(text, 4, "pass").ok


def test_best_choice_sword_saves_from_the_knockdown():
    # the rule text's example: 4 injuries, a Sword, then Obstacle 3
    text = side("SW", "O3")
    assert check_best_choice(text, 2, "sword", injuries=4).ok
    fb = check_best_choice(text, 2, "endure", injuries=4)
    assert not fb.ok and fb.rule == "B7"


def test_best_choice_tie_mentions_p1():
    fb = check_best_choice(side("SW", "O2", "FT"), 2, "sword")
    assert fb.ok and "P1" in fb.message and fb.rule == "B16"


def test_best_choice_chest_key_or_sword():
    text = side("KY", "SW", "CH")
    assert check_best_choice(text, 3, "sword").ok  # 3 with the sword beats 1 with the key
    fb = check_best_choice(text, 3, "key")
    assert not fb.ok and fb.rule == "B14"


def test_best_choice_portal_source():
    text = side("PT", "TW", E, "KY")
    assert check_best_choice(text, 1, 4).ok
    assert check_best_choice(text, 1, "4").ok
    fb = check_best_choice(text, 1, "-")
    assert not fb.ok and fb.rule == "B11" and "take nothing" in fb.message


@pytest.mark.parametrize("text,space,option,kw,rule", [
    (side("O2"), 1, "sword", {}, "B7"),
    (side("BS"), 1, "fight", {"swords": 1}, "B10"),
    (side("CH", "KY"), 1, "key", {}, "B14"),
    (side("FT"), 1, "sword", {}, "B16"),
    (side("PT", "PT"), 1, 2, {}, "B5"),
])
def test_best_choice_impossible_options_are_the_engines_refusals(text, space, option, kw, rule):
    fb = check_best_choice(text, space, option, **kw)
    assert not fb.ok and fb.rule == rule and fb.message.startswith("illegal move")


# ------------------------------------------------------------------ check_best_placement


PLACE_SIDE = "F:SW D:O2 F:.. M:BS F:.. D:FT M:.. F:.. D:.. M:.. F:.. D:.."


def test_best_placement_puts_the_sword_before_the_boss():
    fb = check_best_placement(PLACE_SIDE, "SW", 3, landscape="F")
    assert fb.ok and fb.expected == [3]
    fb = check_best_placement(PLACE_SIDE, "SW", 5, landscape="F")
    assert not fb.ok and fb.rule == "B10" and fb.expected == [3]
    assert "space 3" in fb.message


def test_best_placement_respects_the_landscape_card_and_filled_spaces():
    fb = check_best_placement(PLACE_SIDE, "SW", 7, landscape="F")
    assert not fb.ok and fb.rule == "B2" and "Mountains" in fb.message
    fb = check_best_placement(PLACE_SIDE, "SW", 2, landscape="F")
    assert not fb.ok and fb.rule == "B2" and "already holds" in fb.message
    fb = check_best_placement(side("SW", "O2"), "SW", 1)
    assert not fb.ok and fb.rule == "B2"
    assert check_best_placement(side("SW", "O2", E, "BS"), "SW", 3).ok
    assert check_best_placement(side("O2"), "XX", 3).message.startswith("invalid input")
    assert not check_best_placement(side("O2"), "SW", 3, landscape="F").ok  # no landscapes given


# ------------------------------------------------------------------ two rounds, winner


def test_game_total_with_carry_over():
    day, night = side("O2", "O2", "SW"), side("FT", "O1")
    assert check_game_total(day, night, 5).ok  # 0 by day; by night 4 healed + 1 with the carried sword
    fb = check_game_total(day, night, 0)  # night scored without the carried sword and injuries
    assert fb.misreading == "carry-forgotten" and fb.rule == "B6"
    fb = check_game_total(side("FT"), side("FI", "FI"), 4, injuries=2)
    assert fb.misreading == "one-round-only" and fb.rule == "B17"
    fb = check_game_total(side("FI", "FI", "FI"), side("FT"), 3)
    assert fb.misreading == "fish-not-squared" and "day side" in fb.message
    assert check_game_total(day, night, "x").ok is False
    assert check_game_total(day, night, 99).misreading is None
    assert check_game_total("O2", night, 1).rule == "B1"


def test_winners_of_breaks_a_tie_by_fewer_changes_b17():
    """The engine's winners (the rounds step's right answer): the top score; a tie, fewer Changes of Landscape;
    still level, the win shared."""
    assert winners_of([(30, 1), (30, 0), (25, 0)]) == [2]
    assert winners_of([(30, 0), (30, 0), (25, 0)]) == [1, 2]
    assert winners_of([(30, 0), (31, 2)]) == [2]


# ------------------------------------------------------------------ glue


def test_feedback_and_exercise_check():
    fb = Feedback(True, "fine", "B8")
    assert bool(fb) and str(fb) == "fine" and fb.pair() == (True, "fine") and "✅" in fb._repr_markdown_()
    f = exercise_check(check_best_choice, side("SW", "O3"), 2, injuries=4)
    assert f("sword")[0] and not f("endure")[0]


def test_steps_cover_every_ruling_in_the_tutorial_order():
    ids = [s.id for s in STEPS]
    assert len(ids) == len(set(ids))
    taught = {r for s in STEPS for r in s.rules}
    assert {f"B{i}" for i in range(1, 18)} <= taught and {f"P{i}" for i in range(1, 8)} <= taught
    # the order the tutorial promises: landscapes, events, portal, change, walk, fish, rounds, easy
    order = ["draw", "obstacle", "portal", "change", "walk", "fish", "rounds", "easy"]
    assert [i for i in ids if i in order] == order
    assert step_by_id("boss").rules == ("B10",)
    with pytest.raises(KeyError):
        step_by_id("nowhere")


# ------------------------------------------------------------------ injuries and own choices


def test_check_injuries_knockdown_and_tower():
    text = side("O2", "O1", "O3", E, "O2")  # 2, 3, 6: knocked down, then 2
    assert check_injuries(text, 2).ok
    fb = check_injuries(text, 8)
    assert (fb.misreading, fb.rule) == ("knockdown", "B7") and "At space 3 the injuries reach 6" in fb.message
    fb = check_injuries(side("TW", "O2"), 2)
    assert (fb.misreading, fb.rule) == ("tower-bonus", "B7")
    fb = check_injuries(side("TW", "O2"), 7)
    assert fb.rule == "B7" and "never carries 6" in fb.message
    assert check_injuries(side("TW", "O2"), 1).rule is None
    assert not check_injuries(side("TW", "O2"), "three").ok
    assert check_injuries(side("O2", "FT"), 0).ok  # the Fountain heals everything
    assert check_injuries(side("SW", "O3"), 4, injuries=4).ok  # the sword spares the injuries
    assert check_injuries(side("O2"), 0, choices="1:sword").rule == "B7"


def test_check_choices_compares_with_the_advice():
    text = side("SW", "SW", "O2", "BS")
    assert check_choices(text, "4:fight").ok
    assert check_choices(text, "").ok  # nothing fixed: the best line
    fb = check_choices(text, "3:sword")
    assert not fb.ok and fb.rule == "B10" and fb.expected == "3:endure 4:fight"
    assert check_choices(text, "3:fight").rule == "B7"
    assert check_choices(side("PT", "TW", E, "KY"), "P1<-").rule == "B11"


# ------------------------------------------------------------------ clauses of the rule text not tested elsewhere


def test_clause_each_turn_flips_one_card_of_each_deck():
    """Day side first; a round turns 12 landscape cards (all), 12 A (all) and 12 of the 17 B cards."""
    from collections import Counter

    from balada_widgets.balada import load_decks
    from balada_widgets.balada.bots import make_bot
    from balada_widgets.core.bots import run_bots

    g = BaladaGame(players=1)
    assert g.initial_state().players[0].lands == g.sheet.day
    sess = Session(g, seed=21)
    bot = make_bot("random", 21)
    while len(sess.state.seen) < 12:
        run_bots(sess, {0: bot}, max_moves=1)
    assert sess.state.round == 0
    seen = sess.state.seen
    decks = load_decks()
    assert len(seen) == 12
    assert Counter(f.landscape for f in seen) == Counter(decks.landscape)
    assert Counter(f.a for f in seen) == Counter(decks.a)
    unseen_b = Counter(decks.b) - Counter(f.b for f in seen)
    assert sum(unseen_b.values()) == len(decks.b) - 12 == 5


def test_clause_example_sword_or_obstacle_in_the_mountains():
    g = BaladaGame(players=1)
    s = g.apply(g.initial_state(), "flip M SW O2")
    mountains = [i for i, land in enumerate(g.sheet.day, 1) if land == "M"]
    moves = {(m.event, m.space) for m in g.legal_moves(s, 0) if hasattr(m, "event")}
    assert moves == {(ev, sp) for ev in ("SW", "O2") for sp in mountains}


def test_clause_fountain_never_heals_more_than_five():
    import random

    rng = random.Random(5)
    pool = ["O1", "O2", "O3", "O4", "O5", "FT", "TW", "SW", E]
    for _ in range(200):
        r = score_side(" ".join(rng.choice(pool) for _ in range(12)), injuries=rng.randrange(6))
        assert all(0 <= s.points <= 5 for s in r.trace if s.rule == "B8")
        assert r.injuries <= 5


def test_clause_chest_with_key_scores_at_most_ten():
    assert score_side("KY .. .. .. .. .. .. .. .. .. .. CH").points == 10


def test_clause_boss_may_be_left_alone():
    r = score_side(side("BS"), swords=2, choices="1:pass")
    assert r.points == 0 and r.swords == 2


# ------------------------------------------------------------------ docs/balada.md coverage table


DOC = ROOT / "docs" / "balada.md"


def coverage_rows():
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Coverage", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        if not line.startswith("|") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0].startswith("Clause of the rule text"):
            continue
        rows.append(cells)
    return rows


def test_coverage_table_names_rulings_steps_and_existing_tests():
    rows = coverage_rows()
    assert len(rows) > 40
    step_ids = {s.id for s in STEPS}
    ids = set()
    for clause, step, tests in rows:
        assert step in step_ids, f"unknown step {step!r} for {clause!r}"
        found = re.findall(r"`(tests/[^`]+)`", tests)
        assert found or "not modelled" in tests, f"no test for {clause!r}"
        ids.update(found)
    # every ruling is in the table, and every step teaches something in it
    firsts = " ".join(r[0] for r in rows)
    for rid in [f"B{i}" for i in range(1, 18)] + [f"P{i}" for i in range(1, 7)]:
        assert re.search(rf"\b{rid}\b", firsts), f"{rid} missing from the coverage table"
    assert {r[1] for r in rows} == step_ids
    # every test id exists: the function in the file (fast), and the exact node id when collected
    functions = {}
    for node in ids:
        path, _, name = node.partition("::")
        if path not in functions:
            tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
            functions[path] = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
        assert name.split("[")[0] in functions[path], f"{node} does not exist"
    # parametrised ids: only this file's misreading cases are named with parameters
    for node in ids:
        path, _, name = node.partition("::")
        if "[" in name:
            func, param = name[:-1].split("[", 1)
            assert path == "tests/balada/test_tutorial.py" and func in (MISREADING_TEST, STEP_TEST), node
            assert param in (MISREADING_IDS if func == MISREADING_TEST else [s.id for s in STEPS]), \
                f"{node}: no such case"


def test_misreading_table_lists_every_misreading():
    text = DOC.read_text(encoding="utf-8").split("## Misreadings", 1)[1]
    listed = set()
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith("| Id"):
            listed.update(t.strip() for t in line.strip("|").split("|")[0].split(","))
    assert listed == set(MISREADINGS)


# ------------------------------------------------------------------ the lesson: every exercise walked through

S = lambda *n: tuple(f"space-{k}" for k in n)  # noqa: E731

# (step, part) -> (right answers, {misreading id: an answer that misreading gives}, an unexplained wrong answer)
# Written out by hand from the rule text's examples and the engine's walks: the lesson computes them, these pin them.
ANSWERS = {
    ("goal", 0): ([frozenset(S(3, 5, 9, 10))], {"landscape-misread": frozenset(S(2, 3, 5, 9)),
                                              "landscape-count": frozenset(S(3, 5, 9))}, None),
    ("goal", 1): (["sum"], {"goal-night-only": "night", "goal-race": "race"}, None),
    ("draw", 0): ([S(5), S(9), S(10)], {"filled-space": S(3), "wrong-landscape": S(2)}, None),
    ("draw", 1): (["before"], {"reveal-early": "new", "reveal-never": "nothing"}, None),
    ("obstacle", 0): (["2", "2 injuries", 2], {"knockdown": "8"}, "3"),
    ("fountain", 0): (["5", "5 points"], {"missed-step": "0"}, "3"),
    ("fountain", 1): (["0"], {"knockdown": "6"}, "3"),
    ("sword", 0): (["sword"], {"sword-endure-knockdown": "endure", "sword-scores-nothing": "same"}, None),
    ("boss", 0): (["8"], {"boss-from-start": "5", "boss-own-space": "7"}, "10"),
    ("boss", 1): (["endure"], {"sword-spent-before-boss": "sword", "boss-worth-less": "safe"}, None),
    ("tower", 0): (["9"], {"tower-bonus": "7", "tower-with-key": "5"}, "11"),
    ("key-chest", 0): (["5"], {"chest-own-spaces": "6"}, "3"),
    ("key-chest", 1): (["sword"], {"chest-key-adjacent": "key", "chest-left-closed": "leave"}, None),
    ("key-chest", 2): (["sword"], {"key-after-chest": "either", "chest-left-closed": "nothing"}, None),
    ("princess", 0): (["21"], {"other-choices": "3"}, "24"),
    ("princess", 1): ([frozenset(S(3, 4, 5))], {"princess-undefeated-boss": frozenset(S(2, 3, 4, 5)),
                                              "princess-whole-path": frozenset(S(1, 3, 4, 5)),
                                              "princess-tower-breaks": frozenset(S(3, 5))}, frozenset(S(4, 5))),
    ("portal", 0): (["5"], {"portal-nothing": "-", "portal-weaker": "3", "portal-chest-first": "7"}, None),
    ("portal", 1): (["first"], {"portal-order": "last"}, None),
    ("portal", 2): (["yes"], {"portal-no-chain": "once", "portal-any-space": "after"}, None),
    ("change", 0): ([frozenset(S(1, 2)), frozenset(S(2, 4)), frozenset(S(2, 8)), frozenset(S(2, 11))],
                    {"swap-refused": frozenset(S(1, 4)), "swap-misses-target": frozenset(S(6, 8))}, None),
    ("change", 1): (["no"], {"swap-twice": "yes", "swap-tie-cost": "cost"}, None),
    ("walk", 0): ([("portal-11-4", "choice-2-sword", "choice-11-key")],
                  {"walk-not-best": ("portal-11-none", "choice-2-endure", "choice-4-sword")}, None),
    ("fish", 0): (["11"], {"fish-not-squared": "5"}, "13"),
    ("rounds", 0): (["5"], {"carry-forgotten": "0"}, "9"),
    ("rounds", 1): (["2"], {"winner-shared": "12", "winner-more-changes": "1", "winner-score": "3"}, None),
    ("rounds", 2): (["no"], {"key-carried": "yes", "key-used-up": "unused"}, None),
    ("easy", 0): (["O2"], {"easy-any-symbol": "any", "easy-no-skip": "skip"}, None),
    ("easy", 1): (["yes"], {"easy-no-change": "no", "easy-one-round": "night"}, None),
    ("play", 0): ([S(3)], {"placement-after-boss": S(5)}, S(2)),
}
#: answers whose misreading keeps the rule id of the step it misses, not the misreading's own
RULE_OF = {("fountain", 0, "missed-step"): "B8", ("princess", 0, "other-choices"): "B16",
           ("change", 0, "swap-refused"): "P4", ("walk", 0, "walk-not-best"): "B5"}


@pytest.fixture(scope="module")
def L():
    from balada_widgets.balada.tutorial import lesson

    return lesson()


@pytest.fixture(scope="module")
def WORDS():
    """The kit's words of the lesson, as its player shows them (the ruling named "our ruling")."""
    from balada_widgets.balada.tutorial import kit_words

    return kit_words()


def part(L, step_id, i):
    return L.find(step_id).parts[i]


def answer_forms(ex) -> list[str]:
    """The right answer as text, in the forms a wrong answer's message must not show."""
    sol = ex.solution() if callable(ex.solution) else ex.solution
    forms = [sol.answer]
    m = re.match(r"^(\d+) (points?|injur(y|ies))", sol.answer)
    if m:
        forms += [m.group(0), f"{m.group(1)} points", f"= {m.group(1)}"]
    return forms


def test_the_lesson_has_the_steps_in_order(L):
    assert L.ids == [s.id for s in STEPS]
    for s in STEPS:
        st = L.find(s.id)
        assert (st.title, tuple(st.rules)) == (s.title, tuple(s.rules)) and st.parts, s.id
        assert 2 <= st.text.count(".") and len(st.text) < 1200, s.id
    assert L.position("boss") == "Step 6 of 16"
    assert {(s.id, i) for s in L.steps for i in range(len(s.parts))} == set(ANSWERS)


@pytest.mark.parametrize("step_id", [s.id for s in STEPS])
def test_step_checks_answers_and_misreadings(L, WORDS, step_id):
    """Each exercise: the right answers are accepted; each misreading is named with its ruling ("our ruling": the
    rule text has no numbers), never the answer."""
    for i in range(len(L.find(step_id).parts)):
        ex = part(L, step_id, i)
        right, misreadings, other = ANSWERS[(step_id, i)]
        rules = L.find(step_id).rules
        for raw in right:
            a = respond(ex, Attempt(), raw, rules, WORDS)
            assert a.solved and a.reply.kind == "right", (step_id, i, raw, a.reply)
        forms = answer_forms(ex)
        for mid, raw in misreadings.items():
            a = respond(ex, Attempt(), raw, rules, WORDS)
            rule = RULE_OF.get((step_id, i, mid), MISREADINGS[mid].rule)
            assert (a.reply.kind, a.reply.rule) == ("wrong", rule), (step_id, i, mid, a.reply)
            assert ex.check(ex.read(raw)[0]).misreading == mid
            assert a.reply.message.endswith(f"(our ruling {rule})"), a.reply.message
            assert "(rule " not in a.reply.message, a.reply.message
            assert not a.reply.hint and a.reply.solution is None
            assert not a.reply.message.startswith("Not "), a.reply.message  # the kit says "Not yet." itself
            for form in forms:
                assert form not in a.reply.message, (step_id, i, mid, form, a.reply.message)
        if other is not None:
            a = respond(ex, Attempt(), other, rules, WORDS)
            assert a.reply.kind == "wrong" and "(our ruling" in a.reply.message, a.reply
            for form in forms:
                assert form not in a.reply.message, (step_id, i, form)


@pytest.mark.parametrize("key", sorted(ANSWERS), ids=lambda k: f"{k[0]}-{k[1]}")
def test_feedback_comes_in_tiers(L, key):
    """Wrong -> the misreading (no answer); wrong again -> a hint; a third time or Show me -> the answer walked."""
    step_id, i = key
    ex = part(L, step_id, i)
    right, misreadings, other = ANSWERS[key]
    rules = L.find(step_id).rules
    wrongs = (list(misreadings.values()) + ([other] if other is not None else [])) * 3
    a = respond(ex, Attempt(), wrongs[0], rules)
    assert a.reply.kind == "wrong" and not a.reply.hint and a.reply.solution is None
    a = respond(ex, a, wrongs[1], rules)
    assert a.reply.kind == "hint" and a.reply.hint == ex.hint and len(ex.hint) > 20
    a = respond(ex, a, wrongs[2], rules)
    assert a.reply.kind == "answer" and a.reply.solution.answer and a.reply.solution.explanation
    shown = reveal(ex, Attempt())
    assert shown.shown and shown.reply.solution.answer == a.reply.solution.answer
    assert respond(ex, shown, right[0], rules).solved


def test_number_answers_are_walked_through_with_the_trace(L):
    for step_id, i in [("fountain", 0), ("boss", 0), ("tower", 0), ("princess", 0), ("fish", 0), ("rounds", 0)]:
        sol = part(L, step_id, i).solution
        assert sol.trace is not None and sum(s.points for s in sol.trace) == int(sol.answer.split()[0]), step_id
    sol = part(L, "walk", 0).solution
    assert sol.picks == ANSWERS[("walk", 0)][0][0] and sol.answer.startswith("18 points")
    assert "let the Portal on space 11 take the event of space 4" in sol.answer


@pytest.mark.parametrize("step_id", [s.id for s in STEPS])
def test_nothing_on_the_first_rendering_gives_the_answer_away(L, step_id):
    """No badge, highlight or printed answer: the boards show what a player at the table sees."""
    st = L.find(step_id)
    for i, ex in enumerate(st.parts):
        right = ANSWERS[(step_id, i)][0]
        shown = st.text + " " + ex.prompt
        for form in answer_forms(ex)[1:]:
            assert form not in shown, (step_id, i, form)
        boards = ([ex.draw(())] if ex.kind == "pick" else []) + ([ex.figure.markup()] if ex.figure else [])
        for svg in boards:
            assert "legal" not in re.findall(r'class="([^"]*)"', svg) and "place here" not in svg
            assert not re.search(r'class="space [^"]*\b(legal|picked|focus|step)\b', svg), (step_id, i)
            assert 'fill="#6d1111"' not in svg.split("</defs>")[-1] or "BS" not in svg, (step_id, i)
            assert "#e8710a" not in svg, (step_id, i)  # no Tower bonus badge
            assert 'class="badge"' not in svg
        if ex.kind == "pick" and ex.mode in ("one", "set"):
            ids = set(right[0]) if ex.mode == "set" else {r[0] for r in right}
            assert answer_only_classes(ex.draw(()), ids) == set(), (step_id, i)


def test_the_boss_exercise_board_carries_no_worth_badge(L):
    from balada_widgets.balada.view import sheet_svg

    svg = part(L, "boss", 0).figure.markup()
    assert 'data-id="space-5"' not in svg  # a figure is not clicked
    assert "Boss" in svg and svg.count("<circle cx=\"18\" cy=\"-16\"") == 0
    lands = ("F", "D", "M", "F", "M", "D", "D", "F", "M", "M", "F", "D")
    ev = ["SW", None, "SW", None, "BS"] + [None] * 7
    assert '<circle cx="18" cy="-16"' in sheet_svg(lands, ev)  # the live game still shows it


def test_clicks_are_checked_by_the_engine_in_words(L):
    fb = part(L, "draw", 0).check("space-2")
    assert (fb.message, fb.rule) == ("You cannot draw the Sword on space 2: space 2 is Desert but the landscape card "
                                     "is Mountains", "B2")  # the kit names the ruling, in the lesson's words
    assert (part(L, "draw", 0).check("space-3").rule, part(L, "play", 0).check("space-7").rule) == ("B2", "B2")
    fb = part(L, "change", 0).check(frozenset(S(1, 4)))
    assert fb.message.startswith("You cannot swap the landscapes of spaces 1 and 4") and fb.rule == "P4"
    for ex in (part(L, "draw", 0), part(L, "change", 0), part(L, "play", 0)):
        assert not re.search(r"p1 |@\d|swap \d", ex.prompt)


def test_the_walk_is_played_on_the_engine(L):
    from balada_widgets.balada import tutorial as T

    ex = part(L, "walk", 0)
    first = ex.draw(())
    assert 'data-id="portal-11-none"' in first and 'data-id="portal-11-4"' in first
    assert "Take the Chest from space 4" in first and "Take nothing" in first and "P11" not in first
    after = ex.draw(("portal-11-4",))
    assert 'data-id="choice-2-sword"' in after and "Use a sword on the Obstacle 2 at space 2" in after
    assert ex.draw(("portal-11-4", "back")) == first  # take back
    assert respond(ex, Attempt(), ("portal-11-4",)).reply.kind == "invalid"  # unfinished: not a try
    done = ex.draw(ANSWERS[("walk", 0)][0][0])
    assert "The walk is over: your line scores 18 points" in done and 'class="choice"' not in done
    g, state, played = T._walk_replay(ANSWERS[("walk", 0)][1]["walk-not-best"])
    assert g.is_over(state) and state.players[0].rounds[0].points < 18
    fb = ex.check(ANSWERS[("walk", 0)][1]["walk-not-best"])
    assert "parts from yours at the Portal on space 11" in fb.message and fb.rule == "B5"


def test_the_princess_run_adds_up_to_the_engines_points():
    from balada_widgets.balada import tutorial as T

    run = T._princess_run(T.RUN)
    r = score_side(T.RUN)
    layout = __import__("balada_widgets.balada.scoring", fromlist=["Layout"]).Layout.of(r.events)
    assert sum(layout.effective[int(i[6:]) - 1] for i in run) == next(s.points for s in r.trace if s.rule == "B15")
    assert T._princess_run(T.PRINCESS, swords=2) == frozenset(S(2, 3, 4))


def test_the_notebook_face():
    from balada_widgets import balada

    cell = balada.tutorial.step("boss")
    assert repr(cell) == "<Balada tutorial, step 'boss': Step 6 of 16>"
    assert balada.tutorial.tutorial() is balada.tutorial.tutorial()  # one progress per kernel
    with pytest.raises(InvalidInput, match="the steps are goal, draw"):
        balada.tutorial.step("dragon")


def test_a_step_is_clicked_through_and_a_figure_is_drawn(L):
    import ipyvuetify as v
    import solara

    from balada_widgets.ui.board import SvgBoard
    from balada_widgets.ui.tutorial import Tutorial

    tutorial = Tutorial(L)
    _box, rc = solara.render(tutorial.step("draw").element(), handle_error=False)

    def click(cls):
        [b] = [w for w in rc.find(v.Btn).widgets if cls in (w.class_ or "").split()]
        b.click()

    [board] = [w for w in rc.find(SvgBoard).widgets if "bw-lesson-board" in w.class_name.split()]
    assert board.svg == part(L, "draw", 0).draw(())
    board.emit_click("space-2")
    click("bw-lesson-check")
    assert tutorial.progress.of("draw").wrong == 1
    text = " ".join(str(getattr(w, "children", "")) for w in rc.find(v.Alert).widgets)
    assert "You cannot draw the Sword on space 2" in text and "p1" not in text
    board.emit_click("space-2")
    board.emit_click("space-9")
    click("bw-lesson-check")
    assert tutorial.progress.of("draw").solved
    _box, rc = solara.render(tutorial.step("boss").element(), handle_error=False)
    figures = [w for w in rc.find(SvgBoard).widgets if "bw-lesson-figure" in w.class_name.split()]
    assert figures and figures[0].svg == part(L, "boss", 0).figure.markup()


def test_the_notebook_is_prose_and_one_line_step_cells():
    import json

    nb = json.loads((ROOT / "notebooks" / "balada_tutorial.ipynb").read_text(encoding="utf-8"))
    code = ["".join(c["source"]).strip() for c in nb["cells"] if c["cell_type"] == "code"]
    steps = [re.fullmatch(r'(?:from balada_widgets import balada\n)?balada\.tutorial\.step\("([a-z-]+)"\)', c)
             for c in code]
    assert [m.group(1) for m in steps if m] == [s.id for s in STEPS]
    for c in code:
        assert len(c.splitlines()) <= 2 and "print" not in c and "check_" not in c and ".play(" not in c, c
    assert all(not c.get("outputs") for c in nb["cells"] if c["cell_type"] == "code")


# ------------------------------------------------------------------ the lesson read as a learner reads it


def test_no_question_is_answered_by_elimination(L):
    """Every choice has three options or more: after one wrong answer of two, the second try would be right by
    elimination, without the rule understood."""
    for st in L.steps:
        for i, ex in enumerate(st.parts):
            if ex.kind == "choose":
                assert len(ex.choices()) >= 3, (st.id, i, ex.choices())
            if ex.kind == "pick" and ex.mode == "one":
                assert len(set(re.findall(r'data-id="(space-\d+)"', ex.draw(())))) >= 3, (st.id, i)


def test_show_me_walks_the_answer_through_without_a_verdict(L):
    """*Show me* comes to a learner who may have been wrong: its words never start "Yes:" or "Right", and a choice
    among the walk's options says what each option scores at best (the engine's optimiser), not only the best."""
    for st in L.steps:
        for i, ex in enumerate(st.parts):
            sol = ex.solution() if callable(ex.solution) else ex.solution
            assert not re.match(r"(yes|no|right|not)\b", sol.explanation, re.I), (st.id, i, sol.explanation)
    for step_id, i, options in (("sword", 0, ("use a sword: 3 points", "endure: 0 points")),
                                ("boss", 1, ("use a sword: 3 points", "endure: 9 points")),
                                ("portal", 0, ("the Key of space 5: 10 points", "nothing: 4 points"))):
        said = part(L, step_id, i).solution.explanation
        assert all(o in said for o in options), said
    assert "the Chest opens with the key" in part(L, "portal", 0).solution.explanation


#: the side of each number exercise (the tutorial's own positions)
NUMBER_SIDES = {("obstacle", 0): "OBSTACLES", ("fountain", 0): "HEAL", ("fountain", 1): "LOST", ("boss", 0): "BOSS",
                ("tower", 0): "TOWER", ("key-chest", 0): "CHEST", ("princess", 0): "PRINCESS", ("fish", 0): "FISH"}


@pytest.mark.parametrize("key", sorted(NUMBER_SIDES), ids=lambda k: f"{k[0]}-{k[1]}")
def test_feedback_mentions_only_what_is_on_the_board(L, WORDS, key):
    """A wrong number's reply and the walked answer name no symbol that is not on the side: no "you left out the
    Fish" where there is no Fish, no Princess's run without a Princess (the trace's words come from the engine)."""
    from balada_widgets.balada import tutorial as T
    from balada_widgets.balada.scoring import EVENT_NAMES

    step_id, i = key
    ex, side = part(L, step_id, i), getattr(T, NUMBER_SIDES[key])
    there = {EVENT_NAMES[e].split()[0] for e in side.split() if e != ".."}
    said = [respond(ex, Attempt(), str(n), L.find(step_id).rules, WORDS).reply.message for n in range(31)]
    said += [s.reason for s in ex.solution.trace] + [ex.solution.explanation]
    for name in {n.split()[0] for n in EVENT_NAMES.values()} - there:
        assert not [s for s in said if re.search(rf"\b{name}\b", s)], (key, name, [s for s in said if name in s][:2])
    assert len(ex.solution.trace) <= len(side.split()) - side.split().count("..") + 2  # no row for an empty space


def test_every_sentence_of_the_checks_is_said(L):
    """The checks' sentences (``checks`` of ``lessons/en.yaml``, read whole: they are said later, with what the
    answer did) and the walk board's are each said by some check or board: none is left over, none is missing."""
    from balada_widgets.balada import tutorial as T

    calls = [lambda: check_score(side("FT"), "five"), lambda: check_score(side("O3", "O2", "FT"), 50),
             lambda: check_score(side("O3", "O2", "FT", "FI", "FI"), 8), lambda: check_score(side("FI"), 1),
             lambda: check_injuries(side("O2", "FT"), 0), lambda: check_injuries(side("TW", "O2"), 7),
             lambda: check_injuries(side("TW", "O2", "FT"), 1), lambda: check_choices(side("SW", "SW", "O2", "BS"), ""),
             lambda: check_choices(side("SW", "SW", "O2", "BS"), "3:sword"),
             lambda: check_best_choice(side("SW", "O1", "SW", "BS"), 2, "sword"),
             lambda: check_best_choice(side("SW", "O2", "FT"), 2, "sword"),
             lambda: check_best_choice(side("PT", "TW", E, "KY"), 1, "-"),
             lambda: check_best_placement(PLACE_SIDE, "SW", 3, landscape="F"),
             lambda: check_best_placement(PLACE_SIDE, "SW", 5, landscape="F"),
             lambda: check_best_placement(side("SW", "O2", E, E), "FT", 3),
             lambda: check_best_placement(side("O2"), "XX", 3), lambda: check_best_placement(side("O2"), "SW", 3, "F"),
             lambda: check_best_placement(side("SW", "O2"), "SW", 1),
             lambda: check_game_total(side("O2", "O2", "SW"), side("FT", "O1"), 5),
             lambda: check_game_total(side("O2", "O2", "SW"), side("FT", "O1"), 0),
             lambda: check_game_total(side("FT"), side("FI", "FI"), 4, injuries=2),
             lambda: check_game_total(side("FI", "FI", "FI"), side("FT"), 3),
             lambda: check_game_total(side("FT"), side("FT"), 99)]
    calls += [lambda c=c: check_score(c[1], c[3], **c[2]) for c in MISREADING_CASES]
    for call in calls:
        call()
    for (step_id, i), (right, misreadings, other) in ANSWERS.items():
        ex = part(L, step_id, i)
        for raw in [*right, *misreadings.values(), *([other] if other is not None else [])]:
            respond(ex, Attempt(), raw)
    walk = part(L, "walk", 0)
    for clicks in ((), ("portal-11-4",), ("portal-11-4", "choice-2-sword"), ANSWERS[("walk", 0)][0][0]):
        walk.draw(clicks)
    check_choices(side("FT"), "")
    check_game_total(side("FT"), side("FI", "FI", "FI"), 3)  # the night side's Fish counted one each
    said = T.words_for("en").said.used | T.BOOK.built("en").more.said.used
    english = set(T.words_for("en").said.texts)
    assert english - said == set(), f"sentences no check says: {sorted(english - said)}"
    board = walk.draw.args[1]
    assert set(board.texts) == board.used, sorted(set(board.texts) - board.used)
