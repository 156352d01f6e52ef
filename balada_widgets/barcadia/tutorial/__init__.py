"""The Heroes of Barcadia tutorial: nineteen steps, each an exercise on a real position of the engine.

Pure Python (no Solara import; the kit's lesson player is imported only when a step is shown). A notebook
cell is one line::

    from balada_widgets import barcadia
    barcadia.tutorial.step("boss")          # Step 8 of 19: A Boss played by a player

This package holds only the lesson's *oracles*, by topic: for each step the position, the right answer and
how each wrong answer is read, all computed by the engine (:mod:`.basics`: the quest, building, a turn,
walking; :mod:`.battles`; :mod:`.dangers`: traps, healing, death, the fourth Power-Up; :mod:`.ways`:
Pourtals, duels, stranded, the Hoard; :mod:`.extras`: variants and your own card; :mod:`.play`: a game
against a bot). Its *words* (titles, prose, prompts, hints, the misreadings, the answers' explanations,
the options' labels, how a rule is named) are data: ``barcadia/lessons/<language>.yaml``, read and
checked by :mod:`balada_widgets.core.lesson_words` (format: ``docs/lessons.md``).

- every answer comes from the engine: the rooms you may enter are its legal moves, a chance is
  :mod:`..odds` applied to the bonuses it counts (``game.battle_odds``), what a roll does is its next
  state. A *misreading* is the same computation with one rule misread (a Drain left out, ties counted
  as losses...); when the learner's answer is what it gives, the feedback names it (:data:`MISREADINGS`);
- a set answer is read by what was picked wrongly before what was left out (``kit.lesson.set_mistake``);
  no question has two options only (the second try would be right by elimination);
- the boards are the learner's view with no target highlighted (:mod:`.boards`);
- the kit gives the tiers (first wrong answer: the misreading and its rule, named as the learner can look
  it up, "Monsters in the rules" or "our ruling H12"; second: the hint; third or *Show me*: the answer
  walked through).

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
from . import basics, battles, dangers, extras, play, ways
from .answers import ChanceAnswer, parse_chance
from .language import Language
from .scenes import LESSONS, material

__all__ = ["LANGUAGES", "LESSONS", "MISREADINGS", "STEPS", "ChanceAnswer", "build_lesson", "kit_words", "lesson",
           "misreadings", "parse_chance", "step", "step_by_id", "steps", "tutorial"]

#: the steps in order, each its oracle, named by the step's id (the rules each teaches: ``lessons/scenes.yaml``)
ORACLES = {oracle.__name__: oracle for topic in (basics, battles, dangers, ways, extras, play) for oracle in topic.STEPS}
STEP_IDS = tuple(ORACLES)
LANGUAGES = tuple(lesson_words.language_files(LESSONS))


def step_rules(step_id: str) -> tuple:
    """The clauses and rulings step ``step_id`` teaches (docs/barcadia.md's table maps each to its tests)."""
    return tuple(material()["steps"][step_id]["rules"].split())


def build_lesson(words: lesson_words.LessonWords) -> Built:
    """The lesson in the language of ``words``: every step's oracle with its words (every key is read)."""
    L = Language(words)
    out, infos = build_steps(words, STEP_IDS, step_rules, lambda step_id, w: ORACLES[step_id](L, w))
    named = [r for step_id in ORACLES for r in step_rules(step_id)] + [m.rule for m in L.misreadings.values()]
    kit = {**L.kit, "rule_names": L.rule_names(named)}
    return Built(Lesson(words.text("title"), out), infos, dict(L.misreadings), kit)


#: the lesson, read per language on first use and shared by every learner (the entries: kit.lesson.LessonBook)
BOOK = LessonBook(LESSONS, build_lesson, STEP_IDS)
lesson, steps, misreadings, kit_words, step_by_id, tutorial, step = BOOK.entries()
__getattr__ = BOOK.english(__name__, STEPS=steps, MISREADINGS=misreadings)
