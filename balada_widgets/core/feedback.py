"""Checked answers for tutorials: one :class:`Feedback` type for every game.

A tutorial check takes the learner's answer and returns a :class:`Feedback`:
right or not, an explanation either way, and the rule it rests on. The
``ui.tutorial.Exercise`` component shows it; notebooks print it. Each game's
``tutorial`` module writes the checks; the pieces they share live here.

>>> fb = Feedback(False, "No: the Tower adds 1 to the obstacle beside it.", "B7", expected=3)
>>> bool(fb), fb.rule, fb.for_exercise()
(False, 'B7', (False, 'The Tower adds 1 to the obstacle beside it.'))
>>> parse_number(" 12 points."), parse_number("twelve"), parse_yes_no("Да")
(12, None, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional

from .errors import GameError


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer.

    ``ok``: right or not. ``message``: the explanation for the learner (given
    either way). ``rule``: the rule id the explanation rests on (``None`` when
    no single rule is to blame). ``misreading``: the id of a recognised
    misreading of the rules, if the game's checks know it. ``expected``: the
    right answer, for a notebook that reveals it after the attempt.
    """

    ok: bool
    message: str
    rule: Optional[str] = None
    misreading: Optional[str] = None
    expected: Any = None

    def __str__(self) -> str:
        return self.message

    def __bool__(self) -> bool:
        return self.ok

    def pair(self) -> tuple[bool, str]:
        """``(ok, message)``."""
        return self.ok, self.message

    def for_exercise(self) -> tuple[bool, str]:
        """``(ok, message)`` for the ``Exercise`` component, which says "Right!" or "Not yet."
        itself: the message loses its own leading verdict.

        >>> Feedback(True, "Right: 5 points.").for_exercise()
        (True, '5 points.')
        """
        msg = self.message
        for verdict in ("Right: ", "Yes: ", "No: "):
            if msg.startswith(verdict):
                msg = msg[len(verdict):]
                msg = msg[:1].upper() + msg[1:] if msg[:1].isalpha() and msg[:1].islower() else msg
                break
        return self.ok, msg

    def _repr_markdown_(self) -> str:
        mark = "✅" if self.ok else "❌"
        return f"{mark} " + self.message.replace("\n", "  \n")

    @classmethod
    def from_error(cls, e: GameError) -> "Feedback":
        """A refusal of the engine as feedback: its message and rule id."""
        return cls(False, str(e), e.rule)


def exercise_check(check: Callable[..., Feedback], *args, **kwargs) -> Callable[[Any], tuple[bool, str]]:
    """A one-argument check for the ``Exercise`` component: ``answer -> (ok, message)``.

    The answer goes last among the positional arguments, as in every game's checks.
    """
    def run(answer):
        return check(*args, answer, **kwargs).for_exercise()

    return run


def parse_number(answer, units=("points", "point", "pts")) -> Optional[int]:
    """A whole number from an answer (``5``, ``"5"``, ``"5 points."``), else ``None``."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, int):
        return answer
    if isinstance(answer, float) and answer.is_integer():
        return int(answer)
    if isinstance(answer, str):
        t = answer.strip().rstrip(".").lower()
        for unit in units:
            if t.endswith(unit):
                t = t[: -len(unit)].strip()
                break
        try:
            return int(t)
        except ValueError:
            return None
    return None


def parse_yes_no(answer) -> Optional[bool]:
    """``True``/``False`` from yes/no answers in English or Russian, else ``None``."""
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str):
        t = answer.strip().lower().rstrip(".!")
        if t in ("yes", "y", "true", "1", "да", "over"):
            return True
        if t in ("no", "n", "false", "0", "нет", "not over"):
            return False
    return None


@dataclass(frozen=True)
class Step:
    """One step of a tutorial notebook: its id, title, the rule ids it teaches, what the learner does."""

    id: str
    title: str
    rules: tuple
    does: str


def find_step(steps, step_id: str) -> Step:
    """The step of ``steps`` with that id; ``KeyError`` if there is none."""
    for s in steps:
        if s.id == step_id:
            return s
    raise KeyError(step_id)
