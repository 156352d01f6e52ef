"""The Balda tutorial: every exercise walked (right answers accepted; a wrong one names the misreading and its rule
without the answer, the second adds the hint, the third or Show me reveals it), nothing on a first rendering gives
an answer away, learners read words and not notation, the notebook is prose and one-line cells, and the coverage
table of docs/balda.md maps every clause and ruling to a step and to tests that exist.

The right answers below are written out by hand from the rules; the tutorial computes its verdicts from the engine.
"""

from __future__ import annotations

import ast
import functools
import json
import re
from pathlib import Path

import pytest

from balada_widgets.balda import tutorial as T
from balada_widgets.balda.position import Position
from balada_widgets.balda.tutorial import MISCONCEPTIONS, RULES, STEPS, lesson, rulings_taught, step_by_id
from balada_widgets.core.errors import InvalidInput
from balada_widgets.ui.lesson import Attempt, answer_only_classes, respond, reveal

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "balda.md"
NOTEBOOK = ROOT / "notebooks" / "balda_tutorial.ipynb"
RULINGS = [f"D{i}" for i in range(1, 9)] + ["P1", "P2", "P3"]


def clicks(*names) -> tuple:
    """Clicks on a traced-move board: the cell for the letter, then the path (each id carries its click number)."""
    return tuple(f"cell-{n}@{k}" for k, n in enumerate(names))


ROW = tuple(f"cell-{c}3" for c in "abcde")
S_STABLE = clicks("a4", "a4", "a3", "b3", "c3", "d3", "e3")
# (step, part) -> (right answers, {misreading id: an answer that misreading gives}, a wrong answer no misreading explains)
ANSWERS = {
    ("idea", 0): ([(1,), ("draw", 1)], {"idea-words-counted": (0,)}, ("draw",)),
    ("grid", 0): ([ROW, tuple(reversed(ROW))], {"grid-column": tuple(f"cell-c{r}" for r in range(1, 6)),
                                                "grid-edge-row": tuple(f"cell-{c}5" for c in "abcde")},
                  ("cell-a1",)),
    ("grid", 1): ([frozenset({"table", "house"})], {"grid-length": frozenset({"table", "house", "kitchen"}),
                                                    "grid-not-a-word": frozenset({"table", "house", "books"})},
                  frozenset({"table"})),
    ("grid", 2): ([True], {"grid-chance-unseeded": False}, None),
    ("move", 0): ([S_STABLE, clicks("b4", "b4", "b3", "a3"), clicks("a2", "a2", "a3", "b3", "c3")],
                  {"move-cell-taken": clicks("c3", "c3", "d3"), "move-not-touching": clicks("a1", "a1", "a2"),
                   "move-diagonal": clicks("a4", "b3", "a4"), "move-gap": clicks("a4", "a4", "a5"),
                   "move-cell-twice": clicks("a4", "a4", "a3", "a4"), "move-not-through": clicks("a4", "a3", "b3", "c3"),
                   "move-not-a-word": clicks("a4", "a4", "a3")}, None),
    ("dictionary", 0): ([frozenset({"chair", "bread"})],
                        {"dict-plural": frozenset({"chair", "bread", "chairs"}),
                         "dict-name": frozenset({"chair", "bread", "paris"}),
                         "dict-not-a-noun": frozenset({"chair", "bread", "quickly"})}, frozenset({"chair"})),
    ("dictionary", 1): ([("table", "tablet", "sat")], {"dict-free-word-used": ("table", "tablet", "sat", "stab"),
                                                       "dict-start-word-free": ("tablet", "sat"),
                                                       "dict-made-word-free": ("table", "sat")}, None),
    ("readable", 0): ([("tab", "bat"), ("bat", "tab")], {"readable-apart": ("tab", "bat", "lab"),
                                                         "readable-backwards": ("tab",)}, None),
    ("readable", 1): ([(False,)], {"readable-through-new": (True,)}, None),
    ("score", 0): ([("6",)], {"score-per-word": ("1",), "score-new-only-old": ("5",), "score-grid-letters": ("8",)},
                   ("3",)),
    ("score", 1): ([clicks("e4", "a3", "b3", "c3", "d3", "e3", "e4"), clicks("e2", "a3", "b3", "c3", "d3", "e3", "e2")],
                   {"score-not-longest": clicks("b4", "b4", "b3", "a3"), "move-readable": clicks("b4", "c3", "b3", "b4"),
                    "move-used": clicks("b4", "b4", "b3", "c3", "d3", "e3")}, None),
    ("end", 0): ([(False,)], {"end-one-pass": (True,)}, None),
    ("end", 1): ([frozenset({"full", "stuck", "passes"})],
                 {"end-one-pass": frozenset({"full", "stuck", "passes", "one"}),
                  "end-target": frozenset({"full", "stuck", "passes", "twenty"}),
                  "end-stuck-missing": frozenset({"full", "passes"}), "end-full-missing": frozenset({"stuck", "passes"}),
                  "end-passes-missing": frozenset({"full", "stuck"})}, None),
    ("letters", 0): ([frozenset({"case", "mixed", "yo"})], {"letters-order": frozenset({"case", "mixed", "yo", "order"}),
                                                            "letters-yo": frozenset({"case", "mixed"}),
                                                            "letters-case": frozenset({"yo"})}, None),
    ("winner", 0): ([frozenset({1, 2})], {"winner-tie-broken": frozenset({1}),
                                          "winner-draw-for-all": frozenset({0, 1, 2})}, None),
    ("winner", 1): (["draw"], {"winner-first": 0, "winner-tie-broken": 1}, None),
    ("variants", 0): (["kitchen"], {"variants-length": "table"}, None),
    ("variants", 1): ([False], {"variants-yo": True}, None),
}


def part(step_id, i):
    return lesson().find(step_id).parts[i]


def rules(step_id):
    return lesson().find(step_id).rules


def solution(ex):
    return ex.solution() if callable(ex.solution) else ex.solution


def answer_forms(ex) -> list[str]:
    """The right answer as text, in the forms a first wrong answer must not show."""
    sol = solution(ex)
    forms = [sol.answer]
    words = re.findall(r"\b[A-ZА-ЯЁ]{3,}\b", sol.answer)
    return forms + [w for w in words if w not in ("TABLE",)]


# ------------------------------------------------------------------ the lesson and its steps


def test_the_lesson_has_the_steps_in_order_each_with_something_to_do():
    L = lesson()
    assert L.ids == [s.id for s in STEPS] == ["idea", "grid", "move", "dictionary", "readable", "score", "end",
                                               "letters", "winner", "variants", "play"]
    for s in STEPS:
        st = L.find(s.id)
        assert (st.title, tuple(st.rules)) == (s.title, tuple(s.rules))
        assert st.parts and 2 <= st.text.count(".") and len(st.text) < 900, s.id
        for ex in st.parts:
            assert ex.hint and len(ex.hint) > 20 and solution(ex).answer, (s.id, ex.prompt)
    assert L.position("readable") == "Step 5 of 11"
    every_part = {(s.id, i) for s in L.steps for i in range(len(s.parts))}
    assert every_part - {("play", 0)} == set(ANSWERS)
    assert rulings_taught() == sorted(RULINGS) and set(RULES) == set(RULINGS)
    assert step_by_id("end").rules == ("D6", "P2", "P3")
    with pytest.raises(KeyError):
        step_by_id("nope")


@pytest.mark.parametrize("step_id", [s.id for s in STEPS if s.id != "play"])
def test_step_checks_answers_and_misreadings(step_id):
    """Each part: the right answers are accepted; each misreading is named with its rule and not the answer."""
    for i in range(len(lesson().find(step_id).parts)):
        ex = part(step_id, i)
        right, misreadings, other = ANSWERS[(step_id, i)]
        for raw in right:
            a = respond(ex, Attempt(), raw, rules(step_id))
            assert a.solved and a.reply.kind == "right", (step_id, i, raw, a.reply)
            assert not a.reply.message.lower().startswith(("right", "yes", "correct")), a.reply.message  # no "Right! Right"
        forms = answer_forms(ex)
        for mid, raw in misreadings.items():
            m = MISCONCEPTIONS[mid]
            a = respond(ex, Attempt(), raw, rules(step_id))
            assert (a.reply.kind, a.reply.rule) == ("wrong", m.rule), (step_id, i, mid, a.reply)
            assert ex.check(ex.read(raw)[0]).misconception == mid
            assert a.reply.message.endswith(f"{m.rule})"), a.reply.message
            assert not a.reply.hint and a.reply.solution is None
            for form in forms:
                assert form not in a.reply.message, (mid, form, a.reply.message)
        if other is not None:
            a = respond(ex, Attempt(), other, rules(step_id))
            assert a.reply.kind == "wrong" and ex.check(ex.read(other)[0]).misconception is None
            assert "(rule" in a.reply.message


def test_every_misreading_is_recognised_by_a_step_and_said_in_our_words():
    tested = {mid for _, mis, _ in ANSWERS.values() for mid in mis}
    assert tested == set(MISCONCEPTIONS)
    ids = {s.id for s in STEPS}
    for m in MISCONCEPTIONS.values():
        assert m.step in ids and re.fullmatch(r"[DP]\d", m.rule) and m.message.endswith("."), m


@pytest.mark.parametrize("key", sorted(ANSWERS, key=str), ids=lambda k: f"{k[0]}-{k[1]}")
def test_feedback_comes_in_tiers(key):
    step_id, i = key
    ex = part(step_id, i)
    right, misreadings, other = ANSWERS[key]
    wrongs = list(misreadings.values()) + ([other] if other is not None else [])
    wrongs = (wrongs * 3)[:3]
    a = respond(ex, Attempt(), wrongs[0], rules(step_id))
    assert a.reply.kind == "wrong" and not a.reply.hint and a.reply.solution is None
    a = respond(ex, a, wrongs[1], rules(step_id))
    assert a.reply.kind == "hint" and a.reply.hint == ex.hint and a.reply.solution is None
    a = respond(ex, a, wrongs[2], rules(step_id))
    assert a.reply.kind == "answer" and a.reply.solution.answer and a.reply.solution.explanation
    shown = reveal(ex, Attempt())
    assert shown.shown and shown.reply.solution.answer == a.reply.solution.answer
    assert respond(ex, shown, right[0], rules(step_id)).solved


def test_an_unfinished_answer_is_not_a_try():
    ex = part("move", 0)
    for raw in ((), clicks("a4"), ("back",)):
        a = respond(ex, Attempt(), raw, rules("move"))
        assert a.reply.kind == "invalid" and a.wrong == 0
    a = respond(part("idea", 0), Attempt(), (), rules("idea"))
    assert a.reply.kind == "invalid" and "under the board" in a.reply.message


@pytest.mark.parametrize("step_id", [s.id for s in STEPS])
def test_nothing_on_the_first_rendering_gives_the_answer_away(step_id):
    st = lesson().find(step_id)
    for i, ex in enumerate(st.parts):
        shown = st.text + " " + ex.prompt
        sol = solution(ex)
        assert sol.answer not in shown, (step_id, i)
        if ex.kind != "pick":
            continue
        svg = ex.draw(())
        assert not re.search(r'class="cell [^"]*\b(target|chosen|onpath|hinted)\b', svg) or step_id == "readable", \
            (step_id, i)
        words = " ".join(re.findall(r">([^<>]+)<", svg))
        assert "Your answer:" not in words and "scores" not in words and "points" not in words, (step_id, i)
        if (step_id, i) in ANSWERS and ex.mode == "set" and step_id == "grid":
            assert answer_only_classes(svg, set(ANSWERS[(step_id, i)][0][0])) == set()
    # the moves to find: no right one is written in the step (no example that is itself an answer)
    g = T._game()
    for step_id, i, letter in (("move", 0, "s"), ("score", 1, "t")):
        st = lesson().find(step_id)
        text = (st.text + " " + st.parts[i].prompt).lower()
        for m in g.word_moves(g.initial_state()):
            if m.letter == letter and len(m.word) > 2:
                assert not re.search(rf"\b{m.word}\b", text), (step_id, m.word)
    # the move judged in "readable" is drawn as the question, before any answer: the grid itself shows no verdict
    assert "could already be read" not in part("readable", 1).draw(())


def test_the_boards_are_drawn_like_the_live_board_and_the_answer_board_shows_the_answer():
    from balada_widgets.balda.drawing import board_svg

    g = T._game()
    board = part("move", 0).draw(())
    live = board_svg(g, g.initial_state())
    assert 'class="bw-grid"' in board and board.count('class="cell fixed filled"') == live.count('class="cell fixed filled"')
    assert re.search(r'data-id="cell-a4@0"', board)  # every click counts (a cell can be clicked twice)
    answer = part("move", 0).draw(solution(part("move", 0)).picks)
    assert 'class="gp trace"' in answer and "reading STABLE" in answer
    assert answer.index('class="gp trace"') < answer.index('class="letters"')  # the line runs under the letters
    assert 'data-id="cell' not in part("idea", 0).draw(())  # a board to look at only: its cells take no click


def test_learners_read_words_not_notation():
    pattern = re.compile(r"\b[a-e][1-5]=|\b[a-e][1-5]-[a-e][1-5]\b|\bp\d ")
    for (step_id, i), (right, misreadings, other) in ANSWERS.items():
        ex = part(step_id, i)
        for raw in list(right) + list(misreadings.values()) + ([other] if other is not None else []):
            msg = respond(ex, Attempt(), raw, rules(step_id)).reply.message
            assert not pattern.search(msg), (step_id, i, msg)
        sol = solution(ex)
        assert not pattern.search(sol.answer + sol.explanation), (step_id, i)
        if ex.kind == "pick":
            for raw in right[:1]:
                assert not pattern.search(ex.draw(tuple(raw) if isinstance(raw, tuple) else ())), (step_id, i)
    fb = part("move", 0).check(part("move", 0).read(clicks("a4", "b3", "a4"))[0])
    assert fb.message.startswith("The letter S on a4") and "(rule D2)" in fb.message


def test_the_notebook_face():
    from balada_widgets import balda

    cell = balda.tutorial.step("readable")
    assert repr(cell) == "<Balda tutorial, step 'readable': Step 5 of 11>"
    assert balda.tutorial.tutorial() is balda.tutorial.tutorial()  # one progress per kernel
    with pytest.raises(InvalidInput, match="the steps are idea, grid"):
        balda.tutorial.step("dragon")


def test_a_move_is_traced_and_checked_in_the_lesson_player():
    import ipyvuetify as v
    import solara

    from balada_widgets.ui.board import SvgBoard
    from balada_widgets.ui.tutorial import Tutorial

    tutorial = Tutorial(lesson())
    _box, rc = solara.render(tutorial.step("move").element(), handle_error=False)

    def board():
        [b] = [w for w in rc.find(SvgBoard).widgets if "bw-lesson-board" in w.class_name.split()]
        return b

    def click(cls):
        [b] = [w for w in rc.find(v.Btn).widgets if cls in (w.class_ or "").split()]
        b.click()

    def text():
        return " ".join(str(w.children) for w in rc.find(v.Html).widgets)

    for k, name in enumerate(["a4", "b3", "a4"]):  # a diagonal step
        board().emit_click(f"cell-{name}@{k}")
    click("bw-lesson-check")
    assert "b3 and a4 are not neighbours" in text() and "(rule D2)" in text()
    assert not tutorial.progress.of("move").solved
    click("bw-lesson-action-clear")
    for k, name in enumerate(["a4", "a4", "a3", "b3", "c3", "d3", "e3"], start=4):
        board().emit_click(f"cell-{name}@{k}")
    assert "reading STABLE" in board().svg
    click("bw-lesson-check")
    assert tutorial.progress.of("move").solved and "move" in tutorial.progress.done_ids(lesson())


def test_the_last_step_is_a_live_game_checked_when_it_is_over():
    import solara

    from balada_widgets.ui.lesson import learner
    from balada_widgets.ui.tutorial import Tutorial

    tutorial = Tutorial(lesson())
    _box, rc = solara.render(tutorial.step("play").element(), handle_error=False)
    app = tutorial.store["balda-play"]  # the learner's own game, kept in their tutorial
    with learner(tutorial.store):
        assert T.play_app() is app
    assert T.play_app() is not app  # outside that learner: another one's game
    assert app.session.history and app.session.history[0].startswith("start")  # a fresh game: only the start word
    assert len(app.session.history) == 1
    ex = part("play", 0)
    a = respond(ex, Attempt(), app, rules("play"))
    assert a.reply.kind == "wrong" and "Play on" in a.reply.message
    while not app.game.is_over(app.session.state):
        app.play("pass")
    a = respond(ex, Attempt(), app, rules("play"))
    assert a.solved and "The bot won" in a.reply.message


def test_a_grid_picture_for_notebooks_fits_its_title():
    svg = T.grid_svg(Position.new("table"), path="a3-b3-c3-d3-e3-e4", new="e4", new_letter="t",
                     title="a new game: TABLE in the middle row, and a long title that must not be clipped")
    assert svg._repr_svg_() == svg and ">T</text>" in svg and 'class="gp trace"' in svg
    size = re.search(r'font-size="([\d.]+)"[^>]*>a new game', svg)
    width = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))
    assert size and float(size.group(1)) * 0.56 * 80 <= width
    assert ">Т</text>" in T.grid_svg(Position.new("актер"))


# ------------------------------------------------------------------ the notebook


def test_the_notebook_is_prose_and_one_line_cells_and_plays_nothing():
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert code[0] == "from balada_widgets import balda"
    assert [c for c in code if c.startswith("balda.tutorial.step")] == [f'balda.tutorial.step("{s.id}")' for s in STEPS]
    for c in code:
        assert len(c.splitlines()) <= 2 and "print" not in c and ".play(" not in c and "check" not in c, c
    assert all(not c.get("outputs") for c in nb["cells"] if c["cell_type"] == "code")
    assert nb["cells"][0]["cell_type"] == "markdown" and "import" not in "".join(nb["cells"][0]["source"])


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
