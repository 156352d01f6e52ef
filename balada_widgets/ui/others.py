"""What the other seats did, in words, beside the board: every game's bot page shows it the same way.

Between two clicks of a person the bots move (and chance draws); the board shows where things are now, not
what happened. :func:`others_did` reads the session's path back from now: the moves since the viewer's last
move (``since``), and the moves between the viewer's move before that and its last one (``before``: so a
bot that chose first in a simultaneous turn, revealed since, is read in full). Each move is said as the viewer
may know it (``label(node)``: by default ``game.describe_move`` in the position it was played, as the viewer;
a game with secrets that last one turn passes its own). The viewer's own moves are left out (they made them).

:func:`OthersDid` shows the two lists (``bw-others-did``, lines ``bw-others-line``), newest last.

>>> from balada_widgets.core.demo import RaceGame
>>> from balada_widgets.core.session import Session
>>> s = Session(RaceGame(), seed=1)
>>> s.play("p1 +2"); s.play("p2 +1"); s.play("p1 +1"); s.play("p2 +2")
>>> others_did(s, 0, label=lambda node: node.text)
OthersMoves(since=('p2 +2',), before=('p2 +1',))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

import solara

__all__ = ["OthersDid", "OthersMoves", "others_did", "others_nodes"]


@dataclass(frozen=True)
class OthersMoves:
    """The other seats' moves in words: ``since`` the viewer's last move, and ``before`` it (back to the viewer's
    move before that), each oldest first."""

    since: tuple = ()
    before: tuple = ()

    def __bool__(self) -> bool:
        return bool(self.since or self.before)


def _own(node, viewer) -> bool:
    return not node.by_chance and getattr(node.move, "player", None) == viewer


def others_nodes(session, viewer: Optional[int], within: int = 400) -> tuple[list, list]:
    """The nodes of :func:`others_did`: ``(since, before)``, each newest first (the viewer's own moves left out)."""
    since, before, node, part, steps = [], [], session.current, 0, 0
    while node.parent is not None and steps < within:
        steps += 1
        own = viewer is not None and _own(node, viewer)
        if own and part == 0:
            part = 1  # the viewer's last move (its steps): what came before it is the second list
        elif part == 1 and not own and not node.by_chance:
            part = 2  # another seat's move: before the viewer's move (chance between its steps is part of it)
        elif own and part == 2:
            break  # the viewer's move before that: the end
        if not own and part != 1:
            (since if part == 0 else before).append(node)
        node = node.parent
    return since, before


def others_did(session, viewer: Optional[int], label: Optional[Callable] = None, most: int = 12,
               within: int = 400) -> OthersMoves:
    """The other seats' moves around ``viewer``'s last move, in words (see the module docstring).

    ``label(node)``: the words of a move (``None`` leaves it out); chance's moves are told too (a card turned
    up, a parcel drawn). ``most``: at most that many lines in each list (the latest). ``viewer`` ``None``
    (a spectator): the latest moves as ``since``.
    """
    game = session.game
    if label is None:
        def label(node):
            return game.describe_move(node.parent.state, node.move, viewer)
    since, before = others_nodes(session, viewer, within)

    def words(nodes):
        out = [w for w in map(label, nodes) if w]
        return tuple(out[:most][::-1])

    return OthersMoves(words(since), words(before))


OTHERS_CSS = """
.bw-others-did { font: 14px/1.45 system-ui, sans-serif; background: #f7f9fc; border: 1px solid #dde3ee;
  border-radius: 6px; padding: 6px 10px; }
.bw-others-did .bw-others-head { font-weight: 600; color: #333; margin: 2px 0; }
.bw-others-did ol { margin: 0 0 4px 0; padding-left: 2.4em; }
.bw-others-did .bw-others-before { color: #555; }
.bw-others-did .bw-others-scroll { overflow-y: auto; display: flex; flex-direction: column-reverse; }
"""


@solara.component
def OthersDid(moves: OthersMoves, since_title: str = "Since your move", before_title: str = "Before your move",
              style: Optional[dict] = None, max_height: Optional[str] = None):
    """The other seats' moves (:func:`others_did`) in two short numbered lists, in words; nothing when empty.

    ``max_height`` (a CSS length): a long recap scrolls inside the box, which opens on its newest line
    (``bw-others-scroll``: a reversed column keeps the scroll at the bottom, no script).
    """
    import html

    if not moves:
        return solara.Div(classes=["bw-others-did-empty"])
    parts = []
    for title, lines, cls in ((before_title, moves.before, "bw-others-before"),
                              (since_title, moves.since, "bw-others-since")):
        if lines:
            items = "".join(f'<li class="bw-others-line">{html.escape(line)}</li>' for line in lines)
            parts.append(f'<div class="{cls}"><div class="bw-others-head">{html.escape(title)}</div>'
                         f'<ol>{items}</ol></div>')
    body = "".join(parts)
    if max_height:
        body = (f'<div class="bw-others-scroll" style="max-height: {html.escape(max_height)}" tabindex="0">'
                f'<div>{body}</div></div>')
    with solara.Div(classes=["bw-others-did"], style=style or {}) as div:
        solara.Style(OTHERS_CSS)
        solara.HTML(tag="div", unsafe_innerHTML=body, attributes={"role": "log", "aria-live": "polite"})
    return div
