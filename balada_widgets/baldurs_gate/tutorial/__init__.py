"""The Builders of Baldur's Gate tutorial: eighteen steps on real positions of the engine, in English and Czech.

Pure Python (no Solara import; the kit's lesson player is imported only when a step is shown). A notebook
cell is one line::

    from balada_widgets import baldurs_gate
    baldurs_gate.tutorial.step("connections")                 # Step 4 of 18, in English
    baldurs_gate.tutorial.step("connections", language="cs")  # the same step in Czech (C19)

This package holds only the lesson's *oracles*, one idea per module: the positions (:mod:`.positions`, from
``lessons/material.yaml``), the boards (:mod:`.boards`), the live exercises whose clicks the engine plays
(:mod:`.live`), one language's words and the exercise parts made of them (:mod:`.language`), and the steps by
topic (:mod:`.basics`, :mod:`.actions`, :mod:`.attacks`, :mod:`.ending`, :mod:`.play`). Every word the learner
reads is data, ``lessons/en.yaml`` and ``cs.yaml`` (``docs/lessons.md``); the engine's own words (card names,
refusals) come from :mod:`..i18n`. As the GUIDE's tutorials: the learner *does* every step (clicks, plays on a
live board the engine checks, chooses among three options or more, types a number); every answer comes from
the engine, and a *misreading* is its computation with one rule misread, named with that rule (a wrong pick
before something left out); no board shows what its question asks; the kit gives the tiers. The houses are
*you* (player 1, blue), *Orange* and *Green* (in Czech *ty*, *Oranžový*, *Zelený*).

>>> [s.id for s in steps()][:5]
['city', 'turn', 'build', 'connections', 'parcel-token']
>>> ex = lesson("en").find("city").parts[1]
>>> ex.check(frozenset({"P29", "P31", "F-SEA-a", "F-SEA-b"})).ok
True
>>> fb = ex.check(frozenset({"P29", "P31", "F-SEA-a", "F-SEA-b", "L-SEA"}))
>>> fb.misreading, fb.rule
('city-location', 'C1')
>>> lesson("cs").find("city").title
'Město, čtvrti a plné čáry'
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, Optional

from ...core import lesson_words
from ...core.feedback import Step
from ...kit.lesson import Lesson, LessonStep, Misreading, NotebookFace
from . import actions, attacks, basics, ending, play as last
from .language import Language
from .positions import LESSONS, material, position, step_material

__all__ = ["LANGUAGES", "LESSONS", "MISREADINGS", "Misreading", "STEPS", "build_lesson", "kit_words", "lesson",
           "misreadings", "play_shown", "position", "step", "steps", "tutorial", "words"]

#: the steps in order, each built by its oracle (the step's id is the function's name, ``_`` written ``-``)
BUILDERS = (basics.city, basics.turn, basics.build, basics.connections, basics.parcel_token, actions.worker,
            actions.income, actions.chain, actions.factions, attacks.fortify, attacks.defended, attacks.failed,
            ending.setup, ending.final_round, ending.scoring, ending.tie_break, ending.advanced, last.play)
STEP_IDS = tuple(b.__name__.replace("_", "-") for b in BUILDERS)
LANGUAGES = tuple(lesson_words.language_files(LESSONS))


class Built(NamedTuple):
    """One language's lesson and what the docs, the tests and the class teacher read with it."""

    lesson: Lesson
    steps: tuple
    misreadings: dict
    kit: dict
    no_step: str
    words: Language


def build_lesson(words: lesson_words.LessonWords) -> Built:
    """The lesson in the language of ``words``: every step's oracle with its words (every key is read)."""
    said, out, infos = Language(words), [], []
    for step_id, builder in zip(STEP_IDS, BUILDERS):
        scope = words.scope(f"steps.{step_id}")
        rules = tuple(material()["rules"][step_id])
        parts = builder(said, scope, step_material(step_id))
        out.append(LessonStep(step_id, scope.text("title"), rules, scope.text("text"), tuple(parts)))
        infos.append(Step(step_id, scope.text("title"), rules, scope.text("goal")))
    no_step = said.say("no-step", steps=", ".join(STEP_IDS))
    found = {mid: Misreading(mid, *said.misreadings[mid]) for mid in said.misreadings}
    return Built(Lesson(words.text("title"), tuple(out)), tuple(infos), found, said.kit, no_step, said)


@lru_cache(maxsize=None)
def _built(language: str) -> Built:
    return lesson_words.build(LESSONS, language, build_lesson)


def lesson(language: str = "en") -> Lesson:
    """The tutorial in ``language`` as a :class:`~balada_widgets.kit.lesson.Lesson`, built once and shared by every
    learner (every page of the app): what one learner does lives in their own tutorial, never here.

    :raises InvalidInput: no lesson file in that language (the message lists them), or the file is wrong.
    """
    return _built(language).lesson


def steps(language: str = "en") -> tuple:
    """The steps as :class:`~balada_widgets.core.feedback.Step` values (id, title, rules, what the learner does)."""
    return _built(language).steps


def misreadings(language: str = "en") -> dict:
    """Every misreading the checks recognise, by id, in ``language``."""
    return _built(language).misreadings


def words(language: str = "en") -> Language:
    """The lesson's words in ``language`` as the steps say them (the houses, the live boards' words...)."""
    return _built(language).words


def play_shown(language: str = "en") -> tuple:
    """The clicks *Show me* replays in the last step: a bot plays the learner's seat to the end."""
    lesson(language)
    return last.shown_clicks(last.LIVES[language], step_material("play").seed + 2)


def kit_words(language: str = "en") -> dict:
    """The kit's lesson player's words in ``language`` (the file's ``kit``: buttons, tiers, how a rule is named)."""
    return dict(_built(language).kit)


def __getattr__(name: str):
    """``STEPS`` and ``MISREADINGS``: the English lesson's (read from its file on first use)."""
    english = {"STEPS": steps, "MISREADINGS": misreadings}
    if name in english:
        return english[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_FACE = NotebookFace(lesson, STEP_IDS, lambda language="en": _built(language).no_step, kit_words)


def tutorial(language: str = "en"):
    """The notebook face of the lesson in ``language`` (one per kernel and language: every cell shares progress)."""
    lesson(language)
    return _FACE.tutorial(language)


def step(step_id: Optional[str] = None, language: str = "en"):
    """Show step ``step_id`` of the tutorial in ``language`` (the last expression of a notebook cell):
    ``step("connections")``, ``step("connections", language="cs")``.

    :raises InvalidInput: no step has that id (the message lists them), or no lesson in that language.
    """
    lesson(language)
    return _FACE.step(step_id, language)
