"""The Heroes of Barcadia tutorial: nineteen steps, each an exercise on a real position of the engine.

Pure Python (no Solara import; the kit's lesson player is imported only when a step is shown). A notebook cell is
one line: ``barcadia.tutorial.step("boss")`` (Step 8 of 19: A Boss played by a player).

The package holds the lesson's *oracles*: each step's position, right answer and how each wrong answer is read,
computed by the engine (:mod:`.basics`: steps 1-4, :mod:`.battles`: 5-12, :mod:`.ways`: 13-19). Its words are
``lessons/<language>.yaml`` (:mod:`.language`); its positions, each step's rules and each part's rule and fixed
readings ``lessons/scenes.yaml``, its boards' look ``lessons/boards.css`` (:mod:`.scenes`: the learner's view, no
target highlighted). A *misreading* is the engine's computation with one rule misread; a set
answer is read by what was picked wrongly before what was left out; no question has two options only.

The players are *you* (player 1), *Ada* (2), *Bo* (3) and *Cy* (4): their cups carry those numbers. Unless a
step says otherwise you play the Barbarian, whose *Last Gulp* (+2 at 40 HP or less) stays asleep.

>>> [s.id for s in steps()][:5]
['goal', 'build', 'turn', 'enter', 'monster']
>>> ex = lesson().find("monster").parts[0]
>>> ex.check(ex.read("9/20")[0]).ok, ex.check(ex.read("45%")[0]).ok
(True, True)
>>> fb = ex.check(ex.read("3/10")[0])
>>> fb.misreading, fb.rule
('monster-drain-ignored', 'H5, G23')
"""

from __future__ import annotations

from ...core import lesson_words
from ...kit.lesson import Built, Lesson, LessonBook, build_steps
from . import basics, battles, ways
from .language import ChanceAnswer, Language, parse_chance
from .scenes import LESSONS, material

__all__ = ["LANGUAGES", "LESSONS", "MISREADINGS", "STEPS", "ChanceAnswer", "build_lesson", "kit_words", "lesson",
           "misreadings", "parse_chance", "step", "step_by_id", "steps", "tutorial"]

#: the steps in order, each its oracle, named by the step's id (the rules each teaches: ``lessons/scenes.yaml``)
ORACLES = {oracle.__name__.rstrip("_"): oracle for topic in (basics, battles, ways) for oracle in topic.STEPS}
STEP_IDS = tuple(ORACLES)
LANGUAGES = tuple(lesson_words.language_files(LESSONS))


def step_rules(step_id: str) -> tuple:
    """The clauses and rulings step ``step_id`` teaches (docs/barcadia.md's table maps each to its tests)."""
    return tuple(material()["steps"][step_id]["rules"].split())


def build_lesson(words: lesson_words.LessonWords) -> Built:
    """The lesson in the language of ``words``: every step's oracle with its words (every key is read)."""
    L = Language(words)
    out, infos = build_steps(words, STEP_IDS, step_rules, lambda step_id, w: ORACLES[step_id](L, w))
    named = {r.strip() for step_id in ORACLES for r in step_rules(step_id)} | {
        r.strip() for m in L.misreadings.values() for r in m.rule.split(",")}
    return Built(Lesson(words.text("title"), out), infos, dict(L.misreadings),
                 {**L.kit, "rule_names": {r: L.rule_name(r) for r in named}})


#: the lesson, read per language on first use and shared by every learner (the entries: kit.lesson.LessonBook)
BOOK = LessonBook(LESSONS, build_lesson, STEP_IDS)
lesson, steps, misreadings, kit_words, step_by_id, tutorial, step = BOOK.entries()
__getattr__ = BOOK.english(__name__, STEPS=steps, MISREADINGS=misreadings)
