"""Balada's one name per seat (pure): what the game view and the review call each player.

The game view (:mod:`.view`) and the review (:mod:`.review_view`) both import
:func:`player_name` from here, so neither imports the other for it.
"""

from __future__ import annotations

from typing import Optional

__all__ = ["player_name"]


def player_name(p: int, bots: dict, players: Optional[int] = None) -> str:
    """A seat's one name on every screen (titles, panels, choices, the log, the result, the review).

    The engine's ``Player 2`` (so the refusals and the log, which say "Player 2
    draws ...", name the seat as the panels do), with who plays it beside it:
    ``Player 2 (advisor bot)``, and ``Player 1 (you)`` when one person plays
    against bots (``players``: the number of seats); hot-seat: ``Player 2``.
    The same policy as Baldur's Gate's ``seat_name``.

    >>> from balada_widgets.balada.bots import make_bot
    >>> player_name(0, {1: None}, 2), player_name(1, {1: make_bot("advisor")}, 2), player_name(1, {}, 2)
    ('Player 1 (you)', 'Player 2 (advisor bot)', 'Player 2')
    """
    name = f"Player {p + 1}"
    if p in bots:
        if getattr(bots[p], "remote", False):  # a class table's seat played on another device (classroom.live)
            return bots[p].name
        level = getattr(bots[p], "level", "")
        return f"{name} ({level} bot)" if level else f"{name} (bot)"
    if players is not None and bots and players - len(bots) == 1:
        return f"{name} (you)"
    return name
