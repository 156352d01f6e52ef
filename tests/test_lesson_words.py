"""Lessons as data (``core/lesson_words``, ``docs/lessons.md``): every lesson with data files holds, in every language,
every key its steps read and no key they do not; the kit's words are the kit's; and the loader refuses a broken file
with a message that names the file, the line or the key, and what is wrong.

A game joins the first tests by shipping ``balada_widgets/<game>/lessons/<language>.yaml`` and a tutorial module with
``build_lesson(words)`` (see ``balda/tutorial.py``): nothing here names a game.
"""

from __future__ import annotations

import ast
import importlib
import os
from pathlib import Path

import pytest

from balada_widgets.core import lesson_words
from balada_widgets.core.errors import InvalidInput

PACKAGE = Path(lesson_words.__file__).resolve().parents[1]
#: every game whose lesson is data: its folder of lesson files
LESSON_FOLDERS = sorted(p.parent for p in PACKAGE.glob("*/lessons/*.yaml"))
GAMES = sorted({folder.parent.name for folder in LESSON_FOLDERS})


def test_balda_is_among_the_lessons_as_data():
    assert "balda" in GAMES and set(lesson_words.language_files(PACKAGE / "balda" / "lessons")) >= {"en", "ru"}


@pytest.mark.parametrize("game", GAMES)
def test_every_language_holds_every_key_its_steps_read_and_no_other(game):
    """Each language's file is built into its lesson: a key a step reads and the file lacks, a placeholder the step
    does not fill, or a key no step reads fails the build; and every language holds the same keys as English."""
    module = importlib.import_module(f"balada_widgets.{game}.tutorial")
    folder = PACKAGE / game / "lessons"
    files = lesson_words.language_files(folder)
    assert list(files)[0] == "en", f"{game}: the English file is the reference"
    keys = {}
    for language, path in files.items():
        words = lesson_words.load(path)
        lesson = module.build_lesson(words)
        words.finish()  # raises on a key no step read
        assert not words.unused()
        keys[language] = {k for k in words.keys() if not k.startswith("kit.")}
        built = lesson.lesson if hasattr(lesson, "lesson") else lesson
        assert built.steps, (game, language)
    for language, got in keys.items():
        missing, extra = sorted(keys["en"] - got), sorted(got - keys["en"])
        assert not missing and not extra, f"{game} {language}: missing {missing[:5]}, beyond English {extra[:5]}"


@pytest.mark.parametrize("game", GAMES)
def test_the_kit_words_are_the_kits_and_complete_in_every_language_but_english(game):
    """``kit``: the lesson player's words (``ui.tutorial.TUTORIAL_WORDS`` and ``kit.lesson.LESSON_WORDS``). English
    may word a few of them its own way (the rest is the kit's English); every other language says them all."""
    from balada_widgets.kit.lesson import LESSON_WORDS
    from balada_widgets.ui.tutorial import TUTORIAL_WORDS

    kit = set(TUTORIAL_WORDS) | set(LESSON_WORDS)
    for language, path in lesson_words.language_files(PACKAGE / game / "lessons").items():
        words = lesson_words.load(path)
        mine = words.section("kit")
        assert set(mine) <= kit, f"{game} {language}: not the kit's words: {sorted(set(mine) - kit)}"
        if language != "en":
            assert set(mine) == kit, f"{game} {language}: the kit's words left out: {sorted(kit - set(mine))}"
        for key, text in mine.items():  # the same {fields} as the kit's own
            english = {**TUTORIAL_WORDS, **LESSON_WORDS}[key]
            assert set(lesson_words._fields(text, key)) == set(lesson_words._fields(english, key)), (language, key)


# ------------------------------------------------------------------ the loader's refusals

GOOD = """\
language: en
title: Demo
steps:
  a:
    title: First
    prompt: "{word} has {n} letters"
    options: [one, two]
"""


def test_a_good_file_reads_every_text_as_text():
    words = lesson_words.parse(GOOD + "    yes: No\n    number: 5\n", "en.yaml", "en")
    a = words.scope("steps.a")
    assert a("yes") == "No" and a("number") == "5"  # no YAML booleans or numbers
    assert a("prompt", word="CAT", n=3) == "CAT has 3 letters" and a.list("options") == ("one", "two")
    assert a.template("prompt", "word", "n", "extra")(word="A", n=1, extra="") == "A has 1 letters"
    assert words.unused() == ["language", "steps.a.title", "title"]


@pytest.mark.parametrize("text, message", [
    ("language: en\nsteps:\n  a:\n    title: x\n    title: y\n", "en.yaml, line 5: the key 'title' is given twice"),
    ("language: en\nsteps:\n  a:\n    prompt: **Click** here\n", "en.yaml, line 4: not YAML"),
    ("language: en\nsteps:\n  a:\n    title: ''\n", "'steps.a.title' is empty: write its text"),
    ("language: en\nsteps:\n  a:\n    title: \"{word\"\n", "'steps.a.title': a broken {placeholder}"),
    ("language: en\nsteps:\n  a:\n    title: \"{w.__class__}\"\n", "is not a placeholder: use a plain name"),
    ("language: en\nsteps:\n  a:\n    title: \"{0}\"\n", "is not a placeholder"),
    ("language: en\nsteps:\n  a:\n    options: [one, [two]]\n", "must be a list of texts"),
    ("language: en\nsteps:\n  'a b':\n    title: x\n", "'a b' is not a key"),
    ("language: ru\ntitle: x\n", "the file says language 'ru', its name says 'en'"),
    ("title: x\n", "the file must say its language"),
    ("- a\n- b\n", "a lesson file is a mapping"),
])
def test_a_broken_file_is_refused_saying_where_and_why(text, message):
    with pytest.raises(InvalidInput) as e:
        lesson_words.parse(text, "en.yaml", "en")
    assert message in str(e.value), str(e.value)


def test_a_missing_key_a_placeholder_not_filled_and_an_unused_key_are_named():
    words = lesson_words.parse(GOOD, "en.yaml", "en")
    a = words.scope("steps.a")
    with pytest.raises(InvalidInput, match=r"en.yaml: no text 'steps.a.hint' \(beside it: options, prompt, title\)"):
        a("hint")
    with pytest.raises(InvalidInput, match=r"uses \{n\}, which the lesson does not fill \(it fills: word\)"):
        a("prompt", word="CAT")
    with pytest.raises(InvalidInput, match="'steps.a.options' must be one text"):
        a("options")
    a("title")
    with pytest.raises(InvalidInput, match="en.yaml: 3 keys that no step reads: steps.a.options, steps.a.prompt, title"):
        words.finish()


def test_a_shipped_file_is_read_through_the_guarded_reader(tmp_path):
    folder = tmp_path / "game" / "lessons"
    folder.mkdir(parents=True)
    (folder / "en.yaml").write_text(GOOD, encoding="utf-8")
    assert lesson_words.load(folder / "en.yaml").source == "game/lessons/en.yaml"
    big = folder / "de.yaml"
    big.write_text("language: de\n" + "# " + "x" * lesson_words.LESSON_FILE_CAP + "\n", encoding="utf-8")
    with pytest.raises(InvalidInput, match="the lesson file 'de.yaml' is .* bytes: the limit is"):
        lesson_words.load(big)
    (folder / "fr.yaml").mkdir()
    with pytest.raises(InvalidInput, match="it is a folder"):
        lesson_words.load(folder / "fr.yaml")
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "it.yaml")
        with pytest.raises(InvalidInput, match="it is a pipe"):
            lesson_words.load(folder / "it.yaml")
    assert lesson_words.build(folder, "en", lambda w: (w.text("title"), w.section("steps")))[0] == "Demo"
    with pytest.raises(InvalidInput, match="no lesson in the language 'xx'; there are: en"):
        lesson_words.build(folder, "xx", lambda w: None)


def lesson_python(game: str) -> tuple:
    """``(lines, string characters, characters)`` of a game's lesson Python (``<game>/tutorial.py`` or the package
    ``<game>/tutorial/``): the string literals outside docstrings (an f-string counted once, whole)."""
    folder = PACKAGE / game
    lines = strings = chars = 0
    for path in sorted([folder / "tutorial.py"] if (folder / "tutorial.py").is_file() else
                       (folder / "tutorial").glob("*.py")):
        src = path.read_text(encoding="utf-8")
        tree = ast.parse(src)
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.body
                and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)
                and isinstance(n.body[0].value.value, str)}
        inner = {id(c) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for c in ast.walk(n) if c is not n}
        strings += sum(len(ast.get_source_segment(src, n)) for n in ast.walk(tree) if id(n) not in docs | inner and (
            isinstance(n, ast.JoinedStr) or (isinstance(n, ast.Constant) and isinstance(n.value, str))))
        lines, chars = lines + src.count("\n"), chars + len(src)
    return lines, strings, chars


@pytest.mark.parametrize("game", GAMES)
def test_the_lesson_python_is_oracles_and_its_words_are_data(game):
    """Issue 13's measure for every game: its lesson Python at most 1,200 lines, at most 10 % of its characters string
    literals outside docstrings (the words are the lesson's data files)."""
    lines, strings, chars = lesson_python(game)
    assert lines and lines <= 1200 and strings <= chars / 10, (game, lines, f"{strings / chars:.1%}")
