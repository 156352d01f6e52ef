"""One error family for every game.

Every refusal in the package is a :class:`GameError` (a ``ValueError``), so a
caller can catch them all at once and a UI can show ``str(error)`` verbatim as
the rule reminder.

- :class:`InvalidInput`: the text or data cannot be understood at all
  (bad notation, malformed JSON, unknown symbol).
- :class:`IllegalMove`: the move is understood but breaks a rule.
- :class:`InvalidPosition`: a hand-made position, sheet or save file is
  inconsistent; ``.problems`` lists everything that is wrong.

Messages name the rule id, the move and why, e.g.::

    illegal move 'p1 O2@5': space 5 is Desert but the landscape card is Forest (rule B2)

Examples
--------
>>> err = IllegalMove("space 5 is taken", rule="B2", move="p1 O2@5")
>>> str(err)
"illegal move 'p1 O2@5': space 5 is taken (rule B2)"
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations

from typing import Iterable, Optional

#: inputs longer than this are cut in messages (a pasted 10 MB text is not echoed back)
SHOWN_CHARS = 160


def short_text(text, limit: int = SHOWN_CHARS):
    """``text`` cut to ``limit`` characters for a message, saying how long it was.

    >>> short_text("p1 " + "9" * 500)
    'p1 99999999999999999999999999999999999999999999999999999999999999999999999999999… (503 characters)'
    >>> short_text("p1 O2@5")
    'p1 O2@5'
    """
    if not isinstance(text, str) or len(text) <= limit:
        return text
    return f"{text[:limit // 2]}… ({len(text):,} characters)"


class GameError(ValueError):
    """Base class of every rule or input error raised by the package.

    Parameters
    ----------
    reason:
        Why, in plain words.
    rule:
        The rule id (``"B2"``, ``"D4"``...) the refusal rests on, if any.
    move:
        The move or input that was refused, as text, if any.
    check:
        A short machine-readable name of the check that failed (e.g.
        ``"dictionary"``), for a UI that marks it; the message stays the text
        to show.
    """

    kind = "error"

    def __init__(self, reason: str, rule: Optional[str] = None, move: Optional[str] = None,
                 check: Optional[str] = None):
        self.reason = reason
        self.rule = rule
        self.move = short_text(move)  # a refused paste of 10 MB is not echoed back whole
        self.check = check
        super().__init__(self._format())

    def _format(self) -> str:
        head = f"{self.kind} {self.move!r}: " if self.move is not None else f"{self.kind}: "
        tail = f" (rule {self.rule})" if self.rule else ""
        return f"{head}{self.reason}{tail}"


class InvalidInput(GameError):
    """The input cannot be parsed (notation, JSON, unknown names)."""

    kind = "invalid input"


class IllegalMove(GameError):
    """The move parses but breaks a rule of the game."""

    kind = "illegal move"


class InvalidPosition(GameError):
    """A position, board file or save file is inconsistent.

    ``problems`` holds every problem found, each a ``(rule, text)`` pair, so a
    validator can list them all instead of stopping at the first.
    """

    kind = "invalid position"

    def __init__(self, problems: Iterable[tuple[Optional[str], str]] | str, rule: Optional[str] = None,
                 move: Optional[str] = None):
        if isinstance(problems, str):
            problems = [(rule, problems)]
        self.problems = list(problems)
        reason = "; ".join(f"{text} (rule {r})" if r else text for r, text in self.problems)
        super().__init__(reason, rule=None, move=move)
