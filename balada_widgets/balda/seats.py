"""Balda's one name per seat (pure): what the game view and the review call each player.

The game view (:mod:`.view`) and the review (:mod:`.review_view`) both import
:func:`seat_name` from here, so neither imports the other for it.
"""

from __future__ import annotations

__all__ = ["seat_name"]


def seat_name(p: int, bots: dict, humans: int) -> str:
    """``You`` (one human), ``Player 2``, ``Bot 2 (strong)``.

    >>> from balada_widgets.balda.bots import make_bot
    >>> seat_name(0, {1: make_bot("strong")}, 1), seat_name(1, {1: make_bot("strong")}, 1), seat_name(1, {}, 2)
    ('You', 'Bot 2 (strong)', 'Player 2')
    """
    if p in bots:
        if getattr(bots[p], "remote", False):  # a class table's seat played on another device (classroom.live)
            return bots[p].name
        return f"Bot {p + 1} ({getattr(bots[p], 'level', 'bot')})"
    return "You" if humans == 1 and bots else f"Player {p + 1}"
