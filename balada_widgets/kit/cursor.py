"""A keyboard cursor over a board's highlighted targets, in two dimensions. Pure Python (no Solara).

A board that takes the keyboard (:class:`~balada_widgets.ui.board.SvgBoard`
reports ``"ArrowLeft"``, ``"Enter"``...) lets the player move a cursor between
the targets it highlights (from ``game.legal_moves``: the rooms one may enter,
the districts one may build in) and act on one with Enter or Space, as a
click would. The targets are given with their drawing positions,
``{id: (x, y)}`` in SVG units (``y`` grows downwards), so this works for any
layout: a hex dungeon, a city map, a path.

- An arrow goes to the nearest target on that side, nearer and straighter
  winning: the distance plus the sideways offset (so on a grid → takes the
  neighbour on the right before the diagonal one, and a near target a little
  off the line before a far one straight ahead).
- With nothing on that side, the cursor wraps to the far side of its own row
  (or column), like a line of text: the target with the least sideways offset,
  farthest back.
- With no cursor yet (or a cursor on a target that is gone), → and ↓ start
  at the first target in reading order (top to bottom, left to right), ← and ↑
  at the last.
- Page Down / Page Up go to the next / previous target in reading order (a
  cycle, so every target can be reached whatever the layout), Home / End to
  the first / last.
- Enter or Space acts on the cursor's target.

Arrows alone reach every target of a full grid or hex map; on an irregular
set of targets the geometry can leave one that no arrow chooses (a target
tucked between two others), which Page Down always reaches.
:func:`unreachable` lists such targets, for a view's tests.

What the cursor is on is announced to screen readers: :func:`cursor_words`
reads, from the board's markup, the words of the element drawn with the class
``cursor`` (its ``aria-label``, else its ``<title>``: the drawings give every
space its name and state there), and :func:`~balada_widgets.ui.board.Board`
puts them in the board's live region (``aria-live``) after each key.

>>> spots = {"a": (0, 0), "b": (10, 0), "c": (20, 0), "d": (5, 9), "e": (15, 9)}
>>> next_target(spots, None, "ArrowRight"), next_target(spots, "a", "ArrowRight")
('a', 'b')
>>> next_target(spots, "b", "ArrowDown"), next_target(spots, "d", "ArrowUp")   # ties: the upper left one
('d', 'a')
>>> next_target(spots, "e", "PageDown"), next_target(spots, "b", "End")       # reading order
('a', 'e')
>>> next_target(spots, "c", "ArrowRight")                                        # wraps along its row
'a'
>>> cursor_key(spots, "b", "Enter"), cursor_key(spots, "b", "x") is None
(CursorStep(cursor='b', act='b'), True)
>>> cursor_words('<g class="space legal cursor" data-id="space-3"><title>space 3: forest, empty</title></g>')
'space 3: forest, empty'
"""

from __future__ import annotations

import math
import re
from html import unescape
from typing import Hashable, Mapping, NamedTuple, Optional

__all__ = ["ARROWS", "CursorStep", "cursor_key", "cursor_words", "next_target", "reading_order", "unreachable"]

#: arrow keys (``KeyboardEvent.key``) and their directions in SVG coordinates (y down)
ARROWS = {"ArrowRight": (1.0, 0.0), "ArrowLeft": (-1.0, 0.0), "ArrowUp": (0.0, -1.0), "ArrowDown": (0.0, 1.0)}
ACT_KEYS = ("Enter", " ")
#: keys that walk the reading order: next / previous (cyclic), first / last
ORDER_KEYS = ("PageDown", "PageUp", "Home", "End")


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
    if key in ORDER_KEYS:
        return _in_order(targets, current, key)
    if key not in ARROWS:
        return current if current in targets else None
    if current not in targets:
        order = reading_order(targets)
        return order[0] if key in ("ArrowRight", "ArrowDown") else order[-1]
    ux, uy = ARROWS[key]
    x0, y0 = targets[current]
    tol = _tolerance(targets)
    ahead, wrap = [], []
    for id_, (x, y) in targets.items():
        if id_ == current:
            continue
        dx, dy = x - x0, y - y0
        along, across = dx * ux + dy * uy, abs(dx * uy - dy * ux)
        order = (y, x, str(id_))
        if along > 1e-9:
            ahead.append(((math.hypot(dx, dy) + across, *order), id_))
        wrap.append(((round(across / tol), along, *order), id_))
    for group in (ahead, wrap):
        if group:
            return min(group, key=lambda t: t[0])[1]
    return current


def _in_order(targets: Mapping[Hashable, tuple], current: Optional[Hashable], key: str) -> Hashable:
    order = reading_order(targets)
    if key == "Home" or (key == "PageDown" and current not in targets):
        return order[0]
    if key == "End" or current not in targets:
        return order[-1]
    i = order.index(current)
    return order[(i + (1 if key == "PageDown" else -1)) % len(order)]


def unreachable(targets: Mapping[Hashable, tuple]) -> set:
    """The targets that no sequence of arrow keys reaches from some other target (Page Down still does).

    >>> unreachable({"a": (0, 0), "b": (10, 0), "c": (0, 10)})
    set()
    """
    lost = set()
    for start in targets:
        seen, todo = {start}, [start]
        while todo:
            here = todo.pop()
            for key in ARROWS:
                nxt = next_target(targets, here, key)
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        lost |= set(targets) - seen
    return lost


def cursor_key(targets: Mapping[Hashable, tuple], cursor: Optional[Hashable], key: str) -> Optional[CursorStep]:
    """What a key does to the cursor: a :class:`CursorStep`, or ``None`` for a key that is not the cursor's.

    Arrows, Page Up / Down, Home and End move (see :func:`next_target`);
    Enter and Space act on the cursor's target (``act`` is ``None`` when there
    is no cursor on a target).
    """
    if key in ARROWS or key in ORDER_KEYS:
        return CursorStep(next_target(targets, cursor, key), None)
    if key in ACT_KEYS:
        here = cursor if cursor in targets else None
        return CursorStep(here, here)
    return None


_CURSOR_WORD = re.compile(r'cur(?:sor)?(?=[ "])')  # a literal start: a fast scan of a big drawing
_ATTR = re.compile(r'\s([\w:-]+)="([^"]*)"')
_TITLE = re.compile(r"\s*<title>(.*?)</title>", re.S)
_TAGS = re.compile(r"<[^>]+>")


def cursor_words(markup: str) -> str:
    """The words of the board element under the keyboard cursor, or ``""`` (no cursor drawn).

    The element is the first one with the class ``cursor`` (or ``cur``) and a ``data-id``;
    its words are its ``aria-label``, else the text of its first child
    ``<title>``, else its ``data-id``.

    >>> cursor_words('<g class="room target cursor" data-id="r2" aria-label="r2: a Monster room, face up"></g>')
    'r2: a Monster room, face up'
    >>> cursor_words('<svg><style>.cursor { x: 1 }</style><g class="space"></g></svg>')
    ''
    >>> cursor_words('<g class="parcel available tg cur" data-id="P3" role="button"><title>parcel 3: free</title></g>')
    'parcel 3: free'
    """
    for found in _CURSOR_WORD.finditer(markup or ""):
        if markup[found.start() - 1:found.start()] not in (" ", '"'):
            continue
        start = markup.rfind("<", 0, found.start())
        end = markup.find(">", found.end())
        if start < 0 or end < 0:
            continue
        attrs = dict(_ATTR.findall(markup[start:end]))
        if "data-id" not in attrs or not {"cursor", "cur"} & set(attrs.get("class", "").split()):
            continue
        if attrs.get("aria-label"):
            return unescape(attrs["aria-label"])
        title = _TITLE.match(markup, end + 1)
        if title:
            return unescape(_TAGS.sub("", title.group(1))).strip()
        return unescape(attrs["data-id"])
    return ""
