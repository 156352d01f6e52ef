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
from balada_widgets.balda.rules import BaldaGame
from balada_widgets.balda.tutorial import MISREADINGS, RULES, STEPS, lesson, rulings_taught, step_by_id
from balada_widgets.core.errors import InvalidInput
from balada_widgets.kit.lesson import Attempt, answer_only_classes, respond, reveal

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "balda.md"
NOTEBOOK = ROOT / "notebooks" / "balda_tutorial.ipynb"
RULINGS = [f"D{i}" for i in range(1, 9)] + ["P1", "P2", "P3"]


def clicks(*names) -> tuple:
    """Clicks on a traced-move board: the cell for the letter, then the path (each id carries its click number)."""
    return tuple(f"cell-{n}@{k}" for k, n in enumerate(names))


ROW = tuple(f"cell-{c}3" for c in "abcde")
S_STABLE = clicks("a4", "a4", "a3", "b3", "c3", "d3", "e3")
#: the moves of a traced-move exercise that break one rule each, the same in both lessons (the letter is the step's)
BROKEN = {"move-cell-taken": clicks("c3", "c3", "d3"), "move-not-touching": clicks("a1", "a1", "a2"),
          "move-diagonal": clicks("a4", "b3", "a4"), "move-gap": clicks("a4", "a4", "a5"),
          "move-cell-twice": clicks("a4", "a4", "a3", "a4"), "move-not-through": clicks("a4", "a3", "b3", "c3"),
          "move-not-a-word": clicks("a4", "a4", "a3")}
#: the parts whose answers do not depend on the language's words
SHARED = {
    ("grid", 0): ([ROW, tuple(reversed(ROW))], {"grid-column": tuple(f"cell-c{r}" for r in range(1, 6)),
                                                "grid-edge-row": tuple(f"cell-{c}5" for c in "abcde")},
                  ("cell-a1",)),
    ("grid", 2): (["same"], {"grid-chance-unseeded": "other"}, None),
    ("readable", 1): ([("no",)], {"readable-through-new": ("yes",), "readable-corner": ("corner",)}, None),
    ("score", 0): ([("6",)], {"score-per-word": ("1",), "score-new-only-old": ("5",), "score-grid-letters": ("8",)},
                   ("3",)),
    ("end", 0): ([("player1",)], {"end-one-pass": ("over",), "end-pass-turn": ("player2",)}, None),
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
    ("variants", 1): (["no"], {"variants-yo": "yes", "variants-maker": "maker"}, None),
}
# (step, part) -> (right answers, {misreading id: an answer that misreading gives}, a wrong answer no misreading explains)
ANSWERS = {**SHARED,
    ("idea", 0): ([(1,), ("draw", 1)], {"idea-words-counted": (0,)}, ("draw",)),
    ("grid", 1): ([frozenset({"table", "house"})], {"grid-length": frozenset({"table", "house", "kitchen"}),
                                                    "grid-not-a-word": frozenset({"table", "house", "books"})},
                  frozenset({"table"})),
    ("move", 0): ([S_STABLE, clicks("a2", "a2", "a3", "b3", "c3")], BROKEN, None),  # SAT: not a common noun
    ("dictionary", 0): ([frozenset({"chair", "bread"})],
                        {"dict-plural": frozenset({"chair", "bread", "chairs"}),
                         "dict-name": frozenset({"chair", "bread", "paris"}),
                         "dict-not-a-noun": frozenset({"chair", "bread", "quickly"})}, frozenset({"chair"})),
    ("dictionary", 1): ([("table", "tablet", "hat")], {"dict-free-word-used": ("table", "tablet", "hat", "stab"),
                                                       "dict-start-word-free": ("tablet", "hat"),
                                                       "dict-made-word-free": ("table", "hat")}, None),
    ("readable", 0): ([("tab", "bat"), ("bat", "tab")], {"readable-apart": ("tab", "bat", "lab"),
                                                         "readable-backwards": ("tab",)}, None),
    ("score", 1): ([clicks("e4", "a3", "b3", "c3", "d3", "e3", "e4"), clicks("e2", "a3", "b3", "c3", "d3", "e3", "e2")],
                   {"score-not-longest": clicks("b4", "b4", "b3", "a3"), "move-readable": clicks("b4", "c3", "b3", "b4"),
                    "move-used": clicks("b4", "b4", "b3", "c3", "d3", "e3")}, None),
    ("variants", 0): (["kitchen"], {"variants-length": "table"}, None),
}
#: the Russian lesson, on ГОРОД with the Russian dictionary: the answers written out by hand from the rules
ANSWERS_RU = {**SHARED,
    ("idea", 0): ([(1,), ("draw", 1)], {"idea-words-counted": (0,)}, ("draw",)),
    ("grid", 1): ([frozenset({"город", "книга"})], {"grid-length": frozenset({"город", "книга", "телефон"}),
                                                     "grid-not-a-word": frozenset({"город", "книга", "книги"})},
                  frozenset({"город"})),
    ("move", 0): ([clicks("d4", "a3", "b3", "c3", "d3", "d4"), clicks("b4", "b4", "b3", "c3"),
                   clicks("d4", "d4", "d3", "e3")], BROKEN, None),
    ("dictionary", 0): ([frozenset({"стул", "хлеб"})],
                        {"dict-plural": frozenset({"стул", "хлеб", "стулья"}),
                         "dict-name": frozenset({"стул", "хлеб", "москва"}),
                         "dict-not-a-noun": frozenset({"стул", "хлеб", "быстро"})}, frozenset({"стул"})),
    ("dictionary", 1): ([("город", "огород", "хор")], {"dict-free-word-used": ("город", "огород", "хор", "порог"),
                                                       "dict-start-word-free": ("огород", "хор"),
                                                       "dict-made-word-free": ("город", "хор")}, None),
    ("readable", 0): ([("рог", "род"), ("род", "рог")], {"readable-apart": ("рог", "род", "год"),
                                                         "readable-backwards": ("род",)}, None),
    ("score", 1): ([clicks("a4", "e3", "d3", "c3", "b3", "a3", "a4"), clicks("a2", "e3", "d3", "c3", "b3", "a3", "a2")],
                   {"score-not-longest": clicks("c4", "a3", "b3", "c3", "c4")}, None),
    ("variants", 0): (["телефон"], {"variants-length": "город"}, None),
}
BY_LANGUAGE = {"en": ANSWERS, "ru": ANSWERS_RU}
#: misreadings no exercise of the Russian lesson can meet: its traced letters (Х, А) are in no word on the grid,
#: so no move with them reads a used or an already readable word (the D3 and D4 steps name those misreadings)
UNREACHABLE = {"en": set(), "ru": {"move-readable", "move-used"}}
#: each lesson's start word (shown in prompts: no answer) and its words for points (no score before an answer)
START = {"en": "TABLE", "ru": "ГОРОД"}
POINTS = {"en": ("scores", "points"), "ru": ("приносит", "очк")}
LANGS = pytest.mark.parametrize("language", sorted(BY_LANGUAGE))


def part(step_id, i, language="en"):
    return lesson(language).find(step_id).parts[i]


def rules(step_id):
    return lesson().find(step_id).rules


def reply(ex, attempt, raw, step_id, language="en"):
    """The kit's reply to ``raw``, with the lesson's own words for the kit (as the notebook and the app show it)."""
    return respond(ex, attempt, raw, rules(step_id), words=T.kit_words(language))


def solution(ex):
    return ex.solution() if callable(ex.solution) else ex.solution


def answer_forms(ex, language="en") -> list[str]:
    """The right answer as text, in the forms a first wrong answer must not show."""
    sol = solution(ex)
    forms = [sol.answer]
    words = re.findall(r"\b[A-ZА-ЯЁ]{3,}\b", sol.answer)
    return forms + [w for w in words if w != START[language]]


# ------------------------------------------------------------------ the lesson and its steps


@LANGS
def test_the_lesson_has_the_steps_in_order_each_with_something_to_do(language):
    L = lesson(language)
    assert L.ids == [s.id for s in STEPS] == ["idea", "grid", "move", "dictionary", "readable", "score", "end",
                                               "letters", "winner", "variants", "play"]
    for s in T.steps(language):
        st = L.find(s.id)
        assert (st.title, tuple(st.rules)) == (s.title, tuple(s.rules)) and s.does, s
        assert st.parts and 2 <= st.text.count(".") and len(st.text) < 900, s.id
        for ex in st.parts:
            assert ex.hint and len(ex.hint) > 20 and solution(ex).answer, (s.id, ex.prompt)
            if ex.kind == "choose" or getattr(ex, "buttons", ()) and ex.kind == "pick" and ex.mode != "sequence":
                options = ex.choices() if ex.kind == "choose" else ex.buttons
                assert len(options) >= 3, (s.id, "two options: a second try would be right by elimination")
    assert L.position("readable") == "Step 5 of 11"
    every_part = {(s.id, i) for s in L.steps for i in range(len(s.parts))}
    assert every_part - {("play", 0)} == set(BY_LANGUAGE[language])
    assert rulings_taught() == sorted(RULINGS) and set(T.rulings(language)) == set(RULINGS) == set(RULES)
    assert step_by_id("end").rules == ("D6", "P2", "P3")
    with pytest.raises(KeyError):
        step_by_id("nope")


def test_the_russian_lesson_plays_russian_words_on_a_russian_grid():
    g = T.lesson("ru").find("move").parts[0]
    assert g.position.start_word == "город" and "Балда" == T.lesson("ru").title
    assert T.kit_words("ru")["check"] == "Проверить" and T.kit_words("ru")["rule"] == "(правило урока {rules})"
    assert re.search(r">Г</text>", g.draw(()))  # the board draws the Russian start word
    with pytest.raises(InvalidInput, match="no lesson in the language 'xx'; there are: en, ru"):
        T.lesson("xx")


@LANGS
@pytest.mark.parametrize("step_id", [s.id for s in STEPS if s.id != "play"])
def test_step_checks_answers_and_misreadings(step_id, language):
    """Each part: the right answers are accepted; each misreading is named with its rule and not the answer."""
    mis = T.misreadings(language)
    for i in range(len(lesson(language).find(step_id).parts)):
        ex = part(step_id, i, language)
        right, misreadings, other = BY_LANGUAGE[language][(step_id, i)]
        for raw in right:
            a = reply(ex, Attempt(), raw, step_id, language)
            assert a.solved and a.reply.kind == "right", (step_id, i, raw, a.reply)
            assert not a.reply.message.lower().startswith(("right", "yes", "correct", "верно", "да")), a.reply.message
        forms = answer_forms(ex, language)
        for mid, raw in misreadings.items():
            m = mis[mid]
            a = reply(ex, Attempt(), raw, step_id, language)
            assert (a.reply.kind, a.reply.rule) == ("wrong", m.rule), (step_id, i, mid, a.reply)
            assert ex.check(ex.read(raw)[0]).misreading == mid
            assert a.reply.message.endswith(f" {m.rule})"), a.reply.message
            assert not a.reply.hint and a.reply.solution is None
            for form in forms:
                assert form not in a.reply.message, (mid, form, a.reply.message)
        if other is not None:
            a = reply(ex, Attempt(), other, step_id, language)
            assert a.reply.kind == "wrong" and ex.check(ex.read(other)[0]).misreading is None
            assert a.reply.message.endswith(")") and re.search(r"[DP]\d\)$", a.reply.message)


@LANGS
def test_every_misreading_is_recognised_by_a_step_and_said_in_our_words(language):
    tested = {mid for _, mis, _ in BY_LANGUAGE[language].values() for mid in mis}
    mis = T.misreadings(language)
    assert tested == set(mis) - UNREACHABLE[language] and set(mis) == set(MISREADINGS)
    ids = {s.id for s in STEPS}
    for m in mis.values():
        assert m.step in ids and re.fullmatch(r"[DP]\d", m.rule) and m.message.endswith("."), m
        assert MISREADINGS[m.id].rule == m.rule  # every language files a misreading under the same ruling


@LANGS
@pytest.mark.parametrize("key", sorted(ANSWERS, key=str), ids=lambda k: f"{k[0]}-{k[1]}")
def test_feedback_comes_in_tiers(key, language):
    step_id, i = key
    ex = part(step_id, i, language)
    right, misreadings, other = BY_LANGUAGE[language][key]
    wrongs = list(misreadings.values()) + ([other] if other is not None else [])
    wrongs = (wrongs * 3)[:3]
    a = reply(ex, Attempt(), wrongs[0], step_id, language)
    assert a.reply.kind == "wrong" and not a.reply.hint and a.reply.solution is None
    a = reply(ex, a, wrongs[1], step_id, language)
    assert a.reply.kind == "hint" and a.reply.hint == ex.hint and a.reply.solution is None
    a = reply(ex, a, wrongs[2], step_id, language)
    assert a.reply.kind == "answer" and a.reply.solution.answer and a.reply.solution.explanation
    shown = reveal(ex, Attempt())
    assert shown.shown and shown.reply.solution.answer == a.reply.solution.answer
    assert reply(ex, shown, right[0], step_id, language).solved


@LANGS
def test_an_unfinished_answer_is_not_a_try(language):
    ex = part("move", 0, language)
    for raw in ((), clicks("a4"), ("back",)):
        a = reply(ex, Attempt(), raw, "move", language)
        assert a.reply.kind == "invalid" and a.wrong == 0
    a = reply(part("idea", 0, language), Attempt(), (), "idea", language)
    assert a.reply.kind == "invalid" and {"en": "under the board", "ru": "под полем"}[language] in a.reply.message


@LANGS
@pytest.mark.parametrize("step_id", [s.id for s in STEPS])
def test_nothing_on_the_first_rendering_gives_the_answer_away(step_id, language):
    st = lesson(language).find(step_id)
    for i, ex in enumerate(st.parts):
        shown = st.text + " " + ex.prompt
        sol = solution(ex)
        assert sol.answer not in shown, (step_id, i)
        if ex.kind != "pick":
            continue
        svg = ex.draw(())
        assert not re.search(r'class="cell [^"]*\b(target|chosen|onpath|hinted)\b', svg) or step_id == "readable", \
            (step_id, i)
        if step_id != "readable":  # (the move a question judges is drawn traced, as the live board traces it)
            assert 'class="stepno"' not in svg, (step_id, i, "a numbered path counts the letters for the learner")
        words = " ".join(re.findall(r">([^<>]+)<", svg))
        assert T.lesson(language).find(step_id) and not any(w in words for w in POINTS[language]), (step_id, i)
        assert "Your answer:" not in words and "Твой ответ" not in words, (step_id, i)
        if (step_id, i) in ANSWERS and ex.mode == "set" and step_id == "grid":
            assert answer_only_classes(svg, set(ANSWERS[(step_id, i)][0][0])) == set()
    # the moves to find: no right one is written in the step (no example that is itself an answer)
    if step_id in ("move", "score"):
        i = {"move": 0, "score": 1}[step_id]
        ex = st.parts[i]
        g = BaldaGame(players=2, language=language, start_word=ex.position.start_word)
        text = (st.text + " " + ex.prompt + " " + ex.hint).lower()
        for m in g.word_moves(g.initial_state()):
            if m.letter == ex.letter and len(m.word) > 2:
                assert not re.search(rf"\b{m.word}\b", text), (step_id, m.word)
    if step_id == "readable":  # the move judged is drawn as the question: the grid itself shows no verdict
        assert "could already be read" not in st.parts[1].draw(()) and "можно было" not in st.parts[1].draw(())


def test_the_scoring_board_shows_the_move_as_at_the_table_without_numbers():
    """Issue 13: step 6 drew the path's numbered badges 1-6, which is the answer to "how many points"."""
    for language in sorted(BY_LANGUAGE):
        svg = part("score", 0, language).draw(())
        assert 'class="gp played"' in svg and 'class="stepno"' not in svg and 'class="stepbg"' not in svg
        assert 'class="cell last' in svg or "last" in svg  # the new letter is marked as the last move


def test_the_boards_are_drawn_like_the_live_board_and_the_answer_board_shows_the_answer():
    from balada_widgets.balda.drawing import board_svg

    g = BaldaGame(players=2, start_word="table")
    board = part("move", 0).draw(())
    live = board_svg(g, g.initial_state())
    assert 'class="bw-grid"' in board and board.count('class="cell fixed filled"') == live.count('class="cell fixed filled"')
    assert re.search(r'data-id="cell-a4@0"', board)  # every click counts (a cell can be clicked twice)
    answer = part("move", 0).draw(solution(part("move", 0)).picks)
    assert 'class="gp trace"' in answer and "reading STABLE" in answer
    assert answer.index('class="gp trace"') < answer.index('class="letters"')  # the line runs under the letters
    assert 'data-id="cell' not in part("idea", 0).draw(())  # a board to look at only: its cells take no click
    answer_ru = part("move", 0, "ru").draw(solution(part("move", 0, "ru")).picks)
    assert "слово ГОРОХ" in answer_ru


@LANGS
def test_learners_read_words_not_notation(language):
    pattern = re.compile(r"\b[a-e][1-5]=|\b[a-e][1-5]-[a-e][1-5]\b|\bp\d ")
    for (step_id, i), (right, misreadings, other) in BY_LANGUAGE[language].items():
        ex = part(step_id, i, language)
        for raw in list(right) + list(misreadings.values()) + ([other] if other is not None else []):
            msg = reply(ex, Attempt(), raw, step_id, language).reply.message
            assert not pattern.search(msg), (step_id, i, msg)
        sol = solution(ex)
        assert not pattern.search(sol.answer + sol.explanation), (step_id, i)
        if ex.kind == "pick":
            for raw in right[:1]:
                assert not pattern.search(ex.draw(tuple(raw) if isinstance(raw, tuple) else ())), (step_id, i)
    ex = part("move", 0, language)
    msg = reply(ex, Attempt(), clicks("a4", "b3", "a4"), "move", language).reply.message
    head, note = {"en": ("The letter S on a4", "(our ruling D2)"), "ru": ("Буква Х на a4", "(правило урока D2)")}[language]
    assert msg.startswith(head) and msg.endswith(note), msg


def test_the_notebook_face():
    from balada_widgets import balda

    cell = balda.tutorial.step("readable")
    assert repr(cell) == "<Balda tutorial, step 'readable': Step 5 of 11>"
    assert balda.tutorial.tutorial() is balda.tutorial.tutorial()  # one progress per kernel
    assert balda.tutorial.tutorial("ru") is not balda.tutorial.tutorial()  # and per language
    assert balda.tutorial.tutorial("ru").words["check"] == "Проверить"
    assert repr(balda.tutorial.step("readable", language="ru")).startswith("<Балда tutorial")
    with pytest.raises(InvalidInput, match="the steps are idea, grid"):
        balda.tutorial.step("dragon")
    with pytest.raises(InvalidInput, match="no lesson in the language 'cs'"):
        balda.tutorial.step("idea", language="cs")


def test_a_move_is_traced_and_checked_in_the_lesson_player():
    import ipyvuetify as v
    import solara

    from balada_widgets.ui.board import SvgBoard
    from balada_widgets.ui.tutorial import Tutorial

    tutorial = Tutorial(lesson(), words=T.kit_words())
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
    assert "b3 and a4 are not neighbours" in text() and "(our ruling D2)" in text()
    assert not tutorial.progress.of("move").solved
    click("bw-lesson-action-clear")
    for k, name in enumerate(["a4", "a4", "a3", "b3", "c3", "d3", "e3"], start=4):
        board().emit_click(f"cell-{name}@{k}")
    assert "reading STABLE" in board().svg
    click("bw-lesson-check")
    assert tutorial.progress.of("move").solved and "move" in tutorial.progress.done_ids(lesson())


@LANGS
def test_the_last_step_is_a_live_game_checked_when_it_is_over(language):
    import solara

    from balada_widgets.kit.lesson import learner
    from balada_widgets.ui.tutorial import Tutorial

    tutorial = Tutorial(lesson(language), words=T.kit_words(language))
    _box, rc = solara.render(tutorial.step("play").element(), handle_error=False)
    key = "balda-play" if language == "en" else f"balda-play-{language}"
    app = tutorial.store[key]  # the learner's own game, kept in their tutorial
    with learner(tutorial.store):
        assert T.play_app(language) is app
    assert T.play_app(language) is not app  # outside that learner: another one's game
    assert app.game.language == language  # the Russian lesson plays Russian words
    assert app.session.history and app.session.history[0].startswith("start")  # a fresh game: only the start word
    assert len(app.session.history) == 1
    ex = part("play", 0, language)
    a = reply(ex, Attempt(), app, "play", language)
    assert a.reply.kind == "wrong" and {"en": "Play on", "ru": "Играй"}[language] in a.reply.message
    while not app.game.is_over(app.session.state):
        app.play("pass")
    a = reply(ex, Attempt(), app, "play", language)
    assert a.solved and {"en": "The bot won", "ru": "победил бот"}[language] in a.reply.message


def test_a_grid_picture_for_notebooks_fits_its_title():
    svg = T.grid_svg(Position.new("table"), path="a3-b3-c3-d3-e3-e4", new="e4", new_letter="t",
                     title="a new game: TABLE in the middle row, and a long title that must not be clipped")
    assert svg._repr_svg_() == svg and ">T</text>" in svg and 'class="gp trace"' in svg
    size = re.search(r'font-size:([\d.]+)px"[^>]*>a new game', svg)  # the grid's footer, made smaller to fit
    width = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))
    assert size and float(size.group(1)) * 0.56 * 80 <= width
    assert ">Т</text>" in T.grid_svg(Position.new("актер"))


# ------------------------------------------------------------------ the notebooks

NOTEBOOKS = {"en": NOTEBOOK, "ru": ROOT / "notebooks" / "balda_tutorial_ru.ipynb"}


@LANGS
def test_the_notebook_is_prose_and_one_line_cells_and_plays_nothing(language):
    nb = json.loads(NOTEBOOKS[language].read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert code[0] == "from balada_widgets import balda"
    tail = "" if language == "en" else f', language="{language}"'
    assert [c for c in code if c.startswith("balda.tutorial.step")] == [f'balda.tutorial.step("{s.id}"{tail})'
                                                                        for s in STEPS]
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


@LANGS
def test_tutorial_notebook_follows_the_steps_and_names_their_rulings(language):
    """Each step is a numbered section, in order, whose text names the rulings the step teaches."""
    nb = json.loads(NOTEBOOKS[language].read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    numbered = re.findall(r"^## \d+\. (.*)$", text, flags=re.M)
    assert numbered == [s.title for s in T.steps(language)]
    parts = re.split(r"^## \d+\. .*$", text, flags=re.M)[1:]
    for step, part in zip(STEPS, parts):
        if step.id == "play":  # the last step replays what the others taught
            continue
        for rid in step.rules:
            assert re.search(rf"\b{rid}\b", part), f"step {step.id!r} does not name {rid}"
    for rid in RULINGS:
        assert re.search(rf"\b{rid}\b", text), f"the tutorial never names {rid}"
