"""Balda tutorial: the exercise checks, the steps, and the traceability table of ``docs/balda.md``.

The table maps each clause of the rules and each ruling to the tutorial step
that teaches it and to the tests that check it; here every referenced test
must exist, every step id must be a step of :data:`STEPS` that teaches the
row's ruling, and every ruling D1-D8 (and P1-P3) must have a row.
"""

from __future__ import annotations

import ast
import functools
import json
import re
from pathlib import Path

import pytest

from balada_widgets.balda.lexicon import Lexicon
from balada_widgets.balda.position import Position
from balada_widgets.balda.rules import BaldaGame
from balada_widgets.balda.tutorial import (RULES, STEPS, Feedback, check_already_played, check_game_over,
                                           check_longest, check_move_answer, check_move_text, check_readable_before,
                                           check_same_word, check_score, check_start_word, check_winner,
                                           exercise_check, grid_svg, rulings_taught, step_by_id)

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "balda.md"
NOTEBOOK = ROOT / "notebooks" / "balda_tutorial.ipynb"
RULINGS = [f"D{i}" for i in range(1, 9)] + ["P1", "P2", "P3"]

DEMO = Lexicon.from_words(["balda", "ball", "bad", "lab", "lad", "dab"], name="demo")
BALDA = Position.new("balda")


# ------------------------------------------------------------ move checks
@pytest.mark.parametrize("cell,letter,path,rule,words", [
    ("c4", "l", "a3-b3-c3-c4", "D5", "scores 4"),
    ("c3", "l", "a3-b3-c3-c4", "D2", "touches a letter"),
    ("a5", "l", "a5-a4-a3", "D2", "already holds"),
    ("c4", "l", "a3-b3-c4", "D2", "not neighbours"),
    ("b4", "l", "b4-b3-c3", "D2", "not in the demo dictionary"),
    ("b4", "l", "b4-b3-a3", "D4", "could already be read"),
    ("d4", "a", "a3-b3-c3-d3-d4", "D3", "start word"),
    ("b4", "z", "b4-b3-a3", "D7", "not a letter of the demo alphabet"),
])
def test_check_move_answer_names_the_rule_missed(cell, letter, path, rule, words):
    fb = check_move_answer(BALDA, DEMO, cell, letter, path)
    assert fb.ok == (rule == "D5") and fb.rule == rule
    if rule != "D5":
        assert f"(rule {rule})" in fb.message
        assert fb.message.splitlines()[-1] == f"Remember: {RULES[rule]}"
        assert not fb and fb.expected is None
    else:
        assert fb.expected.word == "ball" and fb.expected.score == 4
    if words == "already holds":
        fb = check_move_answer(BALDA, DEMO, "c3", "l", "a3-b3-c3")
        assert "already holds" in fb.message
    elif words == "touches a letter":
        assert "touches a letter" in fb.message  # the reminder, in our words
    else:
        assert words in fb.message


def test_check_move_answer_on_a_cell_away_from_the_letters():
    fb = check_move_answer(BALDA, DEMO, "a5", "l", "a5-a4-a3")
    assert (fb.ok, fb.rule) == (False, "D2") and "no occupied neighbour" in fb.message


@pytest.mark.parametrize("text,ok,rule,words", [
    ("c4=l a3-b3-c3-c4", True, "D5", "'ball' scores 4"),
    ("C4=L BALL A3-B3-C3-C4", True, "D5", "'ball' scores 4"),
    ("c4=l bull a3-b3-c3-c4", False, "D2", "spells 'ball'"),
    ("c4 a3-b3", False, "D2", "could not read"),
    ("", False, "D2", "could not read"),
    ("b4=l lab b4-b3-a3", False, "D4", "already be read"),
])
def test_check_move_text(text, ok, rule, words):
    fb = check_move_text(BALDA, DEMO, text)
    assert (fb.ok, fb.rule) == (ok, rule) and words in fb.message


# ------------------------------------------------------------- D5 scores
@pytest.mark.parametrize("answer,ok,words", [
    (6, True, "scores 6"), ("6", True, "scores 6"), ("6 points", True, "scores 6"), (6.0, True, "scores 6"),
    (1, False, "per letter"), (5, False, "the new one and the ones already on the grid"),
    (3, False, "not only some"), (9, False, "not the other letters"),
    ("six", False, "could not read"), (True, False, "could not read"),
])
def test_check_score(answer, ok, words):
    fb = check_score("Stable", answer)
    assert fb.ok is ok and fb.rule == "D5" and words in fb.message
    if "could not read" not in words:
        assert fb.expected == 6


# --------------------------------------------------------- D3, D4, D1, D7
def test_check_readable_before():
    fb = check_readable_before(BALDA, "lab", "yes")
    assert fb.ok and fb.rule == "D4" and fb.expected == "c3-b3-a3" and "backwards" in fb.message
    assert not check_readable_before(BALDA, "lab", False)
    fb = check_readable_before(BALDA, "lad", "no")
    assert fb.ok and fb.expected is None and "not in a chain" in fb.message
    assert not check_readable_before(BALDA, "LAD", "yes")
    assert "could not read" in check_readable_before(BALDA, "lad", "maybe").message


def test_check_already_played():
    pos = BALDA.with_used("ball")
    assert check_already_played(pos, "balda", "yes").ok
    assert "start word" in check_already_played(pos, "balda", "no").message
    assert check_already_played(pos, "Ball", True).ok
    assert not check_already_played(pos, "lad", "yes")
    assert check_already_played(pos, "lad", "no").expected is False


@pytest.mark.parametrize("word,size,answer,ok,words", [
    ("table", 5, "yes", True, "fills the middle row"),
    ("table", 7, "yes", False, "has 5 letters"),
    ("kitchen", 7, "yes", True, "fills the middle row"),
    ("zzzzz", 5, "no", True, "not in the English dictionary"),
    ("table", 6, "no", True, "must be odd"),
])
def test_check_start_word(word, size, answer, ok, words):
    fb = check_start_word(word, size, Lexicon.english(), answer)
    assert fb.ok is ok and fb.rule == "D1" and words in fb.message


def test_check_same_word():
    assert check_same_word("ЁЛКА", "елка", "yes").ok
    assert check_same_word("Table", "TABLE", "yes").ok
    fb = check_same_word("tab", "bat", "yes")
    assert not fb and fb.rule == "D7" and fb.expected is False


# ------------------------------------------------------------- D6, D8
def test_check_game_over_says_why():
    game = BaldaGame(players=2, start_word="balda", lexicon=DEMO)
    s = game.initial_state()
    fb = check_game_over(game, s, "no")
    assert fb.ok and "still a legal word" in fb.message
    s = game.apply(game.apply(s, "pass"), "pass")
    fb = check_game_over(game, s, "no")
    assert not fb.ok and fb.rule == "P3" and "passed one after the other" in fb.message
    one = BaldaGame(players=2, start_word="balda", lexicon=Lexicon.from_words(["balda", "ball"]))
    s = one.apply(one.initial_state(), "c4=l ball a3-b3-c3-c4")
    fb = check_game_over(one, s, "yes")
    assert fb.ok and fb.rule == "P2" and "no legal word" in fb.message
    tiny = BaldaGame(players=2, size=3, start_word="aba", lexicon=Lexicon.from_words(["aba", "ab", "ba", "abab"]))
    full = tiny.state_from_text("ABA/ABA/ABA used=aba turn=1 scores=0,0 passes=0 over")
    assert check_game_over(tiny, full, "yes").message.endswith("the grid is full (rule D6).")


@pytest.mark.parametrize("scores,answer,ok", [
    ("5,3", "1", True), ("5,3", 1, True), ("5,3", "player 1", True), ("5,3", "p2", False),
    ("4,4", "draw", True), ("4,4", [1, 2], True), ("4,4", 1, False),
    ("4,4,2", "players 1 and 2", True), ("4,4,2", "draw", False),
])
def test_check_winner(scores, answer, ok):
    players = scores.count(",") + 1
    game = BaldaGame(players=players, start_word="balda", lexicon=DEMO)
    s = game.state_from_text(f"5/5/BALDA/5/5 used=balda turn=1 scores={scores} passes=0 over")
    fb = check_winner(game, s, answer)
    assert fb.ok is ok and fb.rule == "D8" and "(rule D8)" in fb.message


def test_check_winner_before_the_end_and_unclear_answers():
    game = BaldaGame(players=2, start_word="balda", lexicon=DEMO)
    assert check_winner(game, game.initial_state(), 1).rule == "D6"
    s = game.state_from_text("5/5/BALDA/5/5 used=balda turn=1 scores=1,0 passes=0 over")
    assert "could not read" in check_winner(game, s, "the tall one").message


def test_check_longest():
    game = BaldaGame(players=2, start_word="balda", lexicon=DEMO)
    s = game.initial_state()
    assert check_longest(game, s, "ball").ok
    assert check_longest(game, s, "c4=l ball a3-b3-c3-c4").ok
    fb = check_longest(game, s, "bad")
    assert not fb and "scores 3" in fb.message and fb.expected == ["ball"]
    assert check_longest(game, s, "lab").rule == "D2"  # not legal here (D4)
    assert "could not read" in check_longest(game, s, "c4=").message
    one = BaldaGame(players=2, start_word="balda", lexicon=Lexicon.from_words(["balda", "bald"]))
    assert check_longest(one, one.initial_state(), "bald").rule == "P2"


# ------------------------------------------------------------ plumbing
def test_feedback_shapes():
    fb = Feedback(True, "fine", "D5", 3)
    assert bool(fb) and str(fb) == "fine" and fb.pair() == (True, "fine")
    assert fb._repr_markdown_().startswith("✅")
    assert Feedback(False, "a\nb")._repr_markdown_() == "❌ a  \nb"
    check = exercise_check(check_readable_before, BALDA, "lab")
    assert check("yes")[0] and not check("no")[0]


def test_grid_svg_draws_letters_path_and_names():
    svg = grid_svg(BALDA, path="a3-b3-c3-c4", new="c4", new_letter="l", title="ball")
    assert svg.startswith("<svg") and svg.endswith("</svg>") and svg._repr_svg_() == svg
    assert svg.count("<rect") == 25 and "<polyline" in svg and ">L<" in svg and ">ball<" in svg
    assert ">a<" in svg and ">5<" in svg
    assert "<polyline" not in grid_svg(BALDA)
    ru = grid_svg(Position.new("актер"))
    assert ">Т<" in ru


def test_steps_cover_every_ruling_in_order():
    ids = [s.id for s in STEPS]
    assert len(ids) == len(set(ids))
    assert rulings_taught() == sorted(RULINGS)
    order = ["grid", "move", "dictionary", "readable", "score", "end", "letters", "winner", "variants"]
    assert [i for i in ids if i in order] == order
    assert ids[0] == "idea"  # the theme and the goal come first
    assert step_by_id("end").rules == ("D6", "P2", "P3")
    with pytest.raises(KeyError):
        step_by_id("nope")
    assert set(RULES) == set(RULINGS)


# ------------------------------------------------------- the docs table
def table_rows(text: str) -> list[list[str]]:
    """The rows of the traceability table (the one whose header starts with 'Clause')."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| Clause"))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


@functools.lru_cache(maxsize=None)
def defined_tests(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
            and n.name.startswith("test")}


def test_docs_table_references_existing_tests_and_steps():
    rows = table_rows(DOC.read_text(encoding="utf-8"))
    assert len(rows) >= len(RULINGS)
    step_ids = {s.id for s in STEPS}
    seen_rulings = set()
    for clause, ruling, steps, tests in rows:
        rulings = set(re.findall(r"\b([DP]\d)\b", ruling))
        assert rulings, f"row {clause!r} names no ruling"
        seen_rulings |= rulings
        named_steps = re.findall(r"`([a-z-]+)`", steps)
        assert named_steps, f"row {clause!r} names no tutorial step"
        for sid in named_steps:
            assert sid in step_ids, f"row {clause!r}: no tutorial step {sid!r}"
            assert rulings & set(step_by_id(sid).rules), f"row {clause!r}: step {sid!r} does not teach {rulings}"
        node_ids = re.findall(r"`(tests/[^`]+::[^`]+)`", tests)
        assert node_ids, f"row {clause!r} names no test"
        for node in node_ids:
            file, _, name = node.partition("::")
            assert (ROOT / file).exists(), f"row {clause!r}: no file {file}"
            assert name.split("[")[0] in defined_tests(ROOT / file), f"row {clause!r}: no test {node}"
    assert set(RULINGS) <= seen_rulings


def test_docs_list_every_ruling_and_the_word_list_licences():
    text = DOC.read_text(encoding="utf-8")
    for r in RULINGS:
        assert re.search(rf"\*\*{r}\b", text), f"{r} is not explained in docs/balda.md"
    for source in ("WordNet", "OpenCorpora", "wordfreq", "CC BY-SA 4.0", "LICENSES.md"):
        assert source in text


def test_tutorial_notebook_follows_the_steps_and_names_their_rulings():
    """Each step is a numbered section, in order, whose text names the rulings the step teaches."""
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    numbered = re.findall(r"^## \d+\. (.*)$", text, flags=re.M)
    assert numbered == [s.title for s in STEPS]
    parts = re.split(r"^## \d+\. .*$", text, flags=re.M)[1:]
    for step, part in zip(STEPS, parts):
        if step.id == "play":  # the last step replays what the others taught
            continue
        for rid in step.rules:
            assert re.search(rf"\b{rid}\b", part), f"step {step.id!r} does not name {rid}"
    for rid in RULINGS:
        assert re.search(rf"\b{rid}\b", text), f"the tutorial never names {rid}"
