"""A keyboard cursor over a board's highlighted targets, in two dimensions. Pure Python (no Solara).

A board that takes the keyboard (:class:`~balada_widgets.ui.board.SvgBoard`
reports ``"ArrowLeft"``, ``"Enter"``...) lets the player move a cursor between
the targets it highlights (from ``game.legal_moves``: the rooms one may enter,
the districts one may build in) and act on one with Enter or Space, as a
click would. The targets are given with their drawing positions,
``{id: (x, y)}`` in SVG units (``y`` grows downwards), so this works for any
layout: a hex dungeon, a city map, a path.

- An arrow goes to the nearest target in that direction: targets within 45°
  of it first, then any target on that side; nearer and straighter wins
  (distance along the arrow plus twice the sideways offset).
- With nothing on that side, the cursor wraps to the far side of its own row
  (or column), like a line of text: the target with the least sideways offset,
  farthest back.
- With no cursor yet (or a cursor on a target that is gone), → and ↓ start
  at the first target in reading order (top to bottom, left to right), ← and ↑
  at the last.
- Enter or Space acts on the cursor's target.

>>> spots = {"a": (0, 0), "b": (10, 0), "c": (20, 0), "d": (5, 9), "e": (15, 9)}
>>> next_target(spots, None, "ArrowRight"), next_target(spots, "a", "ArrowRight")
('a', 'b')
>>> next_target(spots, "b", "ArrowDown"), next_target(spots, "d", "ArrowUp")   # ties: the upper left one
('d', 'a')
>>> next_target(spots, "c", "ArrowRight")                                        # wraps along its row
'a'
>>> cursor_key(spots, "b", "Enter"), cursor_key(spots, "b", "x") is None
(CursorStep(cursor='b', act='b'), True)
"""

from __future__ import annotations

import math
from typing import Hashable, Mapping, NamedTuple, Optional

__all__ = ["ARROWS", "CursorStep", "cursor_key", "next_target", "reading_order"]

#: arrow keys (``KeyboardEvent.key``) and their directions in SVG coordinates (y down)
ARROWS = {"ArrowRight": (1.0, 0.0), "ArrowLeft": (-1.0, 0.0), "ArrowUp": (0.0, -1.0), "ArrowDown": (0.0, 1.0)}
ACT_KEYS = ("Enter", " ")


class CursorStep(NamedTuple):
    """Where the cursor goes, and the target to act on (``None``: just a move)."""

    cursor: Optional[Hashable]
    act: Optional[Hashable]


def reading_order(targets: Mapping[Hashable, tuple]) -> list:
    """The target ids top to bottom, then left to right (rows within a small tolerance).

    >>> reading_order({"x": (5, 10.2), "y": (0, 10), "z": (3, 0)})
    ['z', 'y', 'x']
    """
    tol = _tolerance(targets)
    return sorted(targets, key=lambda i: (round(targets[i][1] / tol), targets[i][0], str(i)))


def _tolerance(targets: Mapping[Hashable, tuple]) -> float:
    """A quarter of the smallest distance between two targets (what counts as "the same row")."""
    pts = list(targets.values())
    best = math.inf
    for i, (x1, y1) in enumerate(pts):
        for x2, y2 in pts[i + 1:]:
            d = math.hypot(x2 - x1, y2 - y1)
            if 0 < d < best:
                best = d
    return best / 4 if best < math.inf else 1.0


def next_target(targets: Mapping[Hashable, tuple], current: Optional[Hashable], key: str) -> Optional[Hashable]:
    """The target an arrow ``key`` leads to from ``current`` (see the module docstring).

    ``None`` when there are no targets; ``current`` itself when it is the only
    one; any key that is not an arrow leaves the cursor where it is.
    """
    if not targets:
        return None
    if key not in ARROWS:
        return current if current in targets else None
    if current not in targets:
        order = reading_order(targets)
        return order[0] if key in ("ArrowRight", "ArrowDown") else order[-1]
    ux, uy = ARROWS[key]
    x0, y0 = targets[current]
    tol = _tolerance(targets)
    cone, side, wrap = [], [], []
    for id_, (x, y) in targets.items():
        if id_ == current:
            continue
        dx, dy = x - x0, y - y0
        along, across = dx * ux + dy * uy, abs(dx * uy - dy * ux)
        order = (y, x, str(id_))
        if along > 1e-9:
            score = (along + 2 * across, *order)
            (cone if across <= along else side).append((score, id_))
        wrap.append(((round(across / tol), along, *order), id_))
    for group in (cone, side, wrap):
        if group:
            return min(group, key=lambda t: t[0])[1]
    return current


def cursor_key(targets: Mapping[Hashable, tuple], cursor: Optional[Hashable], key: str) -> Optional[CursorStep]:
    """What a key does to the cursor: a :class:`CursorStep`, or ``None`` for a key that is not the cursor's.

    Arrows move (see :func:`next_target`); Enter and Space act on the cursor's
    target (``act`` is ``None`` when there is no cursor on a target).
    """
    if key in ARROWS:
        return CursorStep(next_target(targets, cursor, key), None)
    if key in ACT_KEYS:
        here = cursor if cursor in targets else None
        return CursorStep(here, here)
    return None
