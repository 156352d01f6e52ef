"""Rule reminders: a refused move shows the error's own text.

Every refusal in the package is a :class:`~balada_widgets.core.errors.GameError`
whose ``str()`` names the move, the reason and the rule id, e.g.
``illegal move 'p1 O2@2': space 2 is Desert but the landscape card is Forest
(rule B2)``. The UI shows exactly that text, never a paraphrase.

>>> from balada_widgets.core.demo import RaceGame
>>> from balada_widgets.core.session import Session
>>> s = Session(RaceGame(target=3))
>>> try_move(s, "p1 +2") is None
True
>>> try_move(s, "p1 +1")
"illegal move 'p1 +1': it is player 2's turn (rule R1)"
"""

from __future__ import annotations

import re
from typing import Callable, Optional

import solara

from ..core.errors import GameError, IllegalMove, InvalidInput

__all__ = ["Reminder", "try_move"]


def try_move(session, move) -> Optional[str]:
    """Play ``move`` (object or text) on ``session``; the rule reminder if it is refused, else ``None``."""
    try:
        session.play(move)
    except GameError as e:
        return str(e)
    return None


_RULE_TAIL = re.compile(r"\((?:rule|\w+) ([A-Z][A-Za-z0-9-]*)\)$")


def _rule_of(message: str) -> Optional[str]:
    """The rule id a refusal ends with: ``(rule B2)``, or the same in another language (``(pravidlo B2)``).

    >>> _rule_of("illegal move 'p1 @1': parcel 1 is not available (pravidlo BLD7)"), _rule_of("no rule here")
    ('BLD7', None)
    """
    m = _RULE_TAIL.search(message)
    return m.group(1) if m else None


@solara.component
def Reminder(message: Optional[str], on_close: Optional[Callable[[], None]] = None, kind: str = "error"):
    """Show a rule reminder (``str(GameError)``) when ``message`` is not empty.

    ``kind`` ``"error"`` (a refused move) or ``"warning"`` (a hint). The
    element carries the CSS class ``bw-reminder`` and, when the text names a
    rule, ``bw-rule-<id>`` (e.g. ``bw-rule-B2``).
    """
    if not message:
        return solara.Div(classes=["bw-reminder-empty"])
    rule = _rule_of(message)
    classes = ["bw-reminder"] + ([f"bw-rule-{rule}"] if rule else [])
    box = solara.Error if kind == "error" else solara.Warning
    with solara.Row(classes=classes, style={"align-items": "center", "gap": "4px"}) as main:
        box(message, dense=True, classes=["bw-reminder-text"], style={"flex": "1", "margin": "0"})
        if on_close is not None:
            solara.Button(icon_name="mdi-close", on_click=on_close, text=True, classes=["bw-reminder-close"])
    return main


__all__ += ["GameError", "IllegalMove", "InvalidInput"]
