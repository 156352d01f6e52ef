"""The Builders of Baldur's Gate tutorial: eighteen steps on real positions of the engine, in English and Czech.

Pure Python (no Solara import; the kit's lesson player is imported only when a step is shown). A notebook
cell is one line::

    from balada_widgets import baldurs_gate
    baldurs_gate.tutorial.step("connections")                 # Step 4 of 18, in English
    baldurs_gate.tutorial.step("connections", language="cs")  # the same step in Czech (C19)

The package holds the lesson's *oracles* (the steps by topic: :mod:`.basics`, :mod:`.actions`, :mod:`.attacks`,
:mod:`.ending`, :mod:`.play`), each computing its answers and misreadings from the engine on a position of
``lessons/material.yaml``; every word the learner reads is ``lessons/en.yaml`` and ``cs.yaml`` (``docs/lessons.md``).

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

from ...core import lesson_words
from ...kit.lesson import Built, Lesson, LessonBook, Misreading, build_steps
from . import actions, attacks, basics, ending, play as last
from .boards import LESSONS, material, position, step_material
from .language import Language

__all__ = ["LANGUAGES", "LESSONS", "MISREADINGS", "Misreading", "STEPS", "build_lesson", "kit_words", "lesson",
           "misreadings", "play_shown", "position", "step", "step_by_id", "steps", "tutorial", "words"]

#: the steps in order, each built by its oracle (the step's id is the function's name, ``_`` written ``-``)
BUILDERS = (basics.city, basics.turn, basics.build, basics.connections, basics.parcel_token, actions.worker,
            actions.income, actions.chain, actions.factions, attacks.fortify, attacks.defended, attacks.failed,
            ending.setup, ending.final_round, ending.scoring, ending.tie_break, ending.advanced, last.play)
STEP_IDS = tuple(b.__name__.replace("_", "-") for b in BUILDERS)
LANGUAGES = tuple(lesson_words.language_files(LESSONS))


def build_lesson(words: lesson_words.LessonWords) -> Built:
    """The lesson in the language of ``words``: every step's oracle with its words (every key is read); its
    ``more`` is the words as the steps say them."""
    said = Language(words)
    oracles = dict(zip(STEP_IDS, BUILDERS))
    out, infos = build_steps(words, STEP_IDS, lambda step_id: tuple(material()["rules"][step_id]),
                             lambda step_id, w: oracles[step_id](said, w, step_material(step_id)))
    return Built(Lesson(words.text("title"), out), infos, said.misreadings, said.kit, said)


#: the lesson, read per language on first use and shared by every learner (the entries: kit.lesson.LessonBook)
BOOK = LessonBook(LESSONS, build_lesson, STEP_IDS)
lesson, steps, misreadings, kit_words, step_by_id, tutorial, step = BOOK.entries()
__getattr__ = BOOK.english(__name__, STEPS=steps, MISREADINGS=misreadings)


def words(language: str = "en") -> Language:
    """The lesson's words in ``language`` as the steps say them (the houses, the live boards' words...)."""
    return BOOK.built(language).more


def play_shown(language: str = "en") -> tuple:
    """The clicks *Show me* replays in the last step: a bot plays the learner's seat to the end."""
    lesson(language)
    return last.LIVES[language].bot_clicks(last.bot(step_material("play").seed + 2))
