"""The class's lesson progress in words, for the teacher's page: steps by title, misreadings by their text.

Pure Python (no Solara). The store keeps ids (a game, a step id, a misreading id: what the
kit's lesson names); this module turns them into what a teacher reads, from the games' own
tutorials: a step's number and title (``Step 3 of 16: Scoring``) and a misreading's text (the
one the learner was shown: ``MISREADINGS`` of the game's tutorial module).
An id the tutorial does not know (an older release's) is shown as it is.

>>> misreading_text("balda", "grid-column")
'The start word runs across, from left to right: it lies in a row, not a column.'
>>> misreading_text("balda", "no-such-misreading")
'no-such-misreading'
"""

from __future__ import annotations

import functools
import importlib
import logging
from dataclasses import dataclass
from typing import Any, Optional

__all__ = ["GameSteps", "StepRow", "class_students", "game_steps", "game_title", "idle_words", "misreading_text",
           "misreadings_in_words", "seat_words", "browser_names"]

log = logging.getLogger(__name__)


def _spec(game: str):
    from ..core.spec import registry

    return registry().get(game)


def game_title(game: str) -> str:
    """The game's name in words (``Builders of Baldur's Gate``), else its id."""
    spec = _spec(game)
    return getattr(spec, "title", None) or game


def _tutorial_module(game: str):
    spec = _spec(game)
    name = (getattr(spec, "lesson", None) or f"balada_widgets.{game}.tutorial") if spec is not None else None
    if name is None:
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


@dataclass(frozen=True)
class GameSteps:
    """A game's lesson as the teacher reads it: its step ids in order, their titles, and how many parts each has."""

    game: str
    ids: tuple
    titles: dict
    parts: dict

    def label(self, step: str) -> str:
        """``"3. Scoring"`` (or the id, for a step the lesson no longer has)."""
        if step in self.titles:
            return f"{self.ids.index(step) + 1}. {self.titles[step]}"
        return step

    def order(self, step: str) -> int:
        return self.ids.index(step) if step in self.ids else len(self.ids)


@functools.lru_cache(maxsize=16)
def game_steps(game: str) -> GameSteps:
    """The steps of the game's kit lesson (built once per process; empty when it has none)."""
    module = _tutorial_module(game)
    lesson = getattr(module, "lesson", None) if module is not None else None
    try:
        lesson = lesson() if callable(lesson) else lesson
    except Exception:  # noqa: BLE001 - a lesson that cannot be built: ids shown as they are
        log.exception("the lesson of %s could not be built", game)
        lesson = None
    steps = getattr(lesson, "steps", ()) or ()
    return GameSteps(game, tuple(s.id for s in steps), {s.id: s.title for s in steps},
                     {s.id: len(s.parts) for s in steps})


def misreading_text(game: str, mid: str, language: str = "en") -> str:
    """The words of misreading ``mid`` of ``game``'s tutorial (what the learner was shown), else ``mid``."""
    module = _tutorial_module(game)
    found = getattr(module, "MISREADINGS", {}).get(mid) if module is not None else None
    if found is None:
        return mid
    for attr in ("message", "summary", "text"):
        value = getattr(found, attr, None)
        if callable(value):
            try:
                value = value(language)
            except Exception:  # noqa: BLE001
                value = None
        if isinstance(value, str) and value:
            return value
    return mid


@dataclass(frozen=True)
class StepRow:
    """One lesson step of a game with the misreadings most met there: ``[(text, count), ...]``."""

    game: str
    step: str
    label: str
    misreadings: tuple


def misreadings_in_words(found: dict) -> list[StepRow]:
    """:meth:`Store.misreadings` (``{(game, step): [(id, count)]}``) in words, games and steps in lesson order."""
    rows = []
    for (game, step), pairs in found.items():
        steps = game_steps(game)
        rows.append((game_title(game), steps.order(step),
                     StepRow(game, step, steps.label(step), tuple((misreading_text(game, m), n) for m, n in pairs))))
    return [r for *_k, r in sorted(rows, key=lambda t: (t[0], t[1], t[2].step))]


def class_students(store, teacher: str) -> list[dict]:
    """Every student of the class with their lessons, for the teacher's list: ``{"name", "seen_at", "games":
    [{"game", "title", "steps_done", "steps", "tries", "solved", "solved_shown"}]}`` (games by title).

    As :meth:`Store.students`, but a step is done when **every part of the lesson's step** is solved or
    shown (the store sees only the parts answered); ``tries`` are the checked answers (wrong ones and the
    right one), ``solved`` the parts solved without *Show me*, ``solved_shown`` those solved after it.
    Refused (the store's rule ``teacher``) without the teacher token.
    """
    import sqlalchemy as sa

    from .schema import browsers, progress

    store._check_teacher(teacher)
    with store.engine.connect() as c:
        people = c.execute(sa.select(browsers.c.id, browsers.c.name, browsers.c.seen_at)
                           .where(browsers.c.class_id == store.class_id).order_by(browsers.c.id)).all()
        rows = c.execute(sa.select(progress).join(browsers, browsers.c.id == progress.c.browser_id)
                         .where(browsers.c.class_id == store.class_id)).all()
    per: dict = {p.id: {} for p in people}
    answered: dict = {}
    for r in rows:
        g = per[r.browser_id].setdefault(r.game, {"steps_done": 0, "tries": 0, "solved": 0, "solved_shown": 0})
        g["tries"] += r.wrong + int(bool(r.solved))
        if r.solved:
            g["solved_shown" if r.shown else "solved"] += 1
        if r.solved or r.shown:
            answered.setdefault((r.browser_id, r.game, r.step), set()).add(r.part)
    for (bid, game, step), parts in answered.items():
        need = game_steps(game).parts.get(step)
        if need is None or parts >= set(range(need)):
            per[bid][game]["steps_done"] += 1
    out = []
    for p in people:
        games = [{"game": game, "title": game_title(game), "steps": len(game_steps(game).ids), **g}
                 for game, g in per[p.id].items()]
        games.sort(key=lambda g: g["title"])
        out.append({"name": p.name or "", "seen_at": p.seen_at, "games": games})
    return out


def browser_names(store, teacher: str) -> dict:
    """``{(table code, seat): name}``: the name each seat's browser has chosen now (a seat keeps the name it
    was taken under: a student who names themself later is shown by that name). Refused without the token."""
    import sqlalchemy as sa

    from .schema import browsers, seats, tables

    store._check_teacher(teacher)
    with store.engine.connect() as c:
        rows = c.execute(sa.select(tables.c.code, seats.c.seat, browsers.c.name)
                         .join(seats, seats.c.table_id == tables.c.id)
                         .join(browsers, browsers.c.id == seats.c.browser_id)
                         .where(tables.c.class_id == store.class_id, seats.c.kind == "human")).all()
    return {(r.code, r.seat): r.name for r in rows if r.name}


def idle_words(seconds: Optional[float]) -> str:
    """How long ago, in words: ``"just now"``, ``"4 min"``, ``"2 h 5 min"``, ``"3 days"``.

    >>> idle_words(5), idle_words(250), idle_words(7500), idle_words(3 * 86400 + 5)
    ('just now', '4 min', '2 h 5 min', '3 days')
    """
    if seconds is None:
        return "never"
    s = max(0, int(seconds))
    if s < 60:
        return "just now"
    if s < 3600:
        return f"{s // 60} min"
    if s < 86400:
        return f"{s // 3600} h {s % 3600 // 60} min"
    return f"{s // 86400} day{'s' if s >= 2 * 86400 else ''}"


def seat_words(seat: Any, name: Optional[str] = None) -> str:
    """A seat as the teacher reads it: ``"Ana"`` (``name``: its browser's name now, else the seat's),
    ``"bot (strong)"``, ``"open"``."""
    if seat.kind == "bot":
        return f"bot ({seat.bot_level})" if seat.bot_level else "bot"
    if seat.kind == "open":
        return "open"
    return name or seat.name or "a student"
