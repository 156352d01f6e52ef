"""The move history and the branch tree of a session, as one clickable list.

Data flows down: :func:`log_entries` and :func:`branch_entries` read a
:class:`~balada_widgets.core.session.Session` into plain tuples, and the
:func:`MoveLog` component shows them and calls ``on_goto(node_id)`` when a
move or a branch is clicked (the caller then calls ``session.goto``). The
list is drawn as one HTML board (:class:`~balada_widgets.ui.board.SvgBoard`),
not one button per move, so a long game stays fast. Each move carries
``data-id="node-<id>"``, each branch ``data-id="branch-<id>"``.

``label(node)`` lets a game rename or hide moves: return ``None`` to hide a
move (e.g. another player's choice that is not revealed yet). For a game with
secrets, :func:`labels_for` labels each move as one viewer may know it
(``game.move_text_for`` for notation, ``game.describe_move`` for words), so a
log never shows another player's hidden card: ``log_entries(session,
labels_for(game, seat.viewer, words=True))``. Give :func:`branch_entries` the
same label: the branches are named by their last moves, masked the same way.

>>> from balada_widgets.core.demo import RaceGame
>>> from balada_widgets.core.session import Session
>>> s = Session(RaceGame(), seed=1)
>>> s.play("p1 +2"); s.play("p2 +1"); s.undo(); s.play("p2 +2")
>>> [e.text for e in log_entries(s)]
['p1 +2', 'p2 +2']
>>> [(b.moves, b.last, b.current) for b in branch_entries(s)]
[(2, 'p2 +1', False), (2, 'p2 +2', True)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Optional

import solara

from ..kit import svg
from .board import Board

__all__ = ["Branch", "Entry", "MoveLog", "branch_entries", "labels_for", "log_entries", "log_markup"]


@dataclass(frozen=True)
class Entry:
    """One move of the current line."""

    node: int
    number: int  # 1-based position in the line
    text: str
    chance: bool
    current: bool


@dataclass(frozen=True)
class Branch:
    """One branch of the tree, named by its last node."""

    node: int
    moves: int
    last: str
    current: bool  # the current node lies on this branch


def log_entries(session, label: Optional[Callable] = None, include_future: bool = True) -> list[Entry]:
    """The moves of the current line; with ``include_future`` also the ones redo would replay."""
    nodes = session.current.path()
    if include_future:
        n = session.current
        while n.last_child is not None:
            n = n.last_child
            nodes.append(n)
    out = []
    current = session.current
    for i, node in enumerate(nodes, 1):
        text = node.text if label is None else label(node)
        if text is None:
            continue
        out.append(Entry(node.id, i, text, node.by_chance, node is current))
    return out


def labels_for(game, viewer: Optional[int], words: bool = False, chance: bool = True) -> Callable:
    """A ``label(node)`` for :func:`log_entries` that shows each move as ``viewer`` may know it.

    ``words=False``: notation with hidden parts masked (``game.move_text_for``);
    ``words=True``: plain words (``game.describe_move`` in the position the move
    was played in). ``viewer=None`` is the spectator. ``chance=False`` leaves
    chance's moves (draws, rolls) out of the log.

    >>> from balada_widgets.core.demo import RaceGame
    >>> from balada_widgets.core.session import Session
    >>> s = Session(RaceGame(die=True), seed=3)
    >>> s.play(s.legal_moves()[0])
    >>> [e.text for e in log_entries(s, labels_for(s.game, None, chance=False))]
    ['p1 +1']
    """
    def label(node):
        if node.by_chance and not chance:
            return None
        if words:
            return game.describe_move(node.parent.state, node.move, viewer)
        return game.move_text_for(node.move, viewer)

    return label


def branch_entries(session, label: Optional[Callable] = None) -> list[Branch]:
    """Every branch (leaf) of the session's tree, oldest first, each named by its last move.

    ``label`` is the one the move list gets (:func:`log_entries`): a branch is
    named as the list names its moves, hidden parts masked (``draw p1 ?``, never
    ``draw p1 trap``); a move the label hides (``None``) is skipped, the branch
    is then named by its last move the viewer may see. Without ``label`` the
    raw move text, as in a log without one (a lab, a game with no secrets).

    >>> from balada_widgets.core.demo import RaceGame
    >>> from balada_widgets.core.session import Session
    >>> s = Session(RaceGame(), seed=1)
    >>> s.play("p1 +2"); s.play("p2 +1"); s.undo(); s.play("p2 +2")
    >>> [b.last for b in branch_entries(s, lambda n: None if n.text == "p2 +1" else n.text.upper())]
    ['P1 +2', 'P2 +2']
    """
    end = session.current  # the end of the current line: where redo leads
    while end.last_child is not None:
        end = end.last_child
    out = []
    for leaf in session.leaves():
        path = leaf.path()
        out.append(Branch(leaf.id, len(path), _last_shown(leaf, label), leaf is end))
    return out


def _last_shown(leaf, label: Optional[Callable]) -> str:
    """The branch's name: its last move as ``label`` shows it (raw text without a label), else "start"."""
    if label is None:
        return leaf.text or "start"
    node = leaf
    while node is not None and node.parent is not None:  # the root (the start) has no move
        text = label(node)
        if text is not None:
            return text
        node = node.parent
    return "start"


LOG_CSS = """
.bw-log { font: 13px/1.55 system-ui, -apple-system, 'Segoe UI', sans-serif; color: #333; }
.bw-log .bw-moves { display: flex; flex-wrap: wrap; gap: 3px 4px; max-height: 180px; overflow-y: auto; }
.bw-log .bw-move { padding: 0 6px; border-radius: 10px; background: #eef1f5; white-space: nowrap; }
.bw-log .bw-move:hover { background: #dce6f5; }
.bw-log .bw-move.chance { background: transparent; color: #777; font-style: italic; }
.bw-log .bw-move.future { opacity: 0.45; }
.bw-log .bw-move.current { background: #1976d2; color: white; font-style: normal; }
.bw-log .bw-start { color: #1976d2; padding: 0 6px; }
.bw-log .bw-branches { margin-top: 6px; display: flex; flex-wrap: wrap; gap: 4px; }
.bw-log .bw-branch { border: 1px solid #c5cdd8; border-radius: 4px; padding: 0 6px; }
.bw-log .bw-branch.current { border-color: #1976d2; background: #e8f0fb; font-weight: 600; }
.bw-log .bw-label { color: #555; font-weight: 600; margin-right: 4px; }
"""


#: the log's words (a view in another language passes its own ``words``)
LOG_WORDS = {"start": "start", "go_start": "go to the start", "go_move": "go to move {n}", "branches": "Branches:",
             "branch": "{i}. {moves} moves, last {last}", "switch": "switch to this branch"}


def log_markup(entries: list[Entry], branches: list[Branch], future_after: Optional[int] = None,
               words: Optional[Mapping[str, str]] = None) -> str:
    """The HTML of the log (moves, then branches when there are several); styles in :data:`LOG_CSS`.

    ``words`` replaces the English texts (:data:`LOG_WORDS`).
    """
    w = {**LOG_WORDS, **(words or {})}
    moves = [f'<span class="bw-start" data-id="node-0" title="{svg.escape(w["go_start"])}">{svg.escape(w["start"])}</span>']
    seen_current = not any(e.current for e in entries)
    for e in entries:
        cls = ["bw-move"] + (["chance"] if e.chance else []) + (["current"] if e.current else [])
        if seen_current and not e.current:
            cls.append("future")
        moves.append(f'<span class="{" ".join(cls)}" data-id="node-{e.node}" '
                     f'title="{svg.escape(w["go_move"].format(n=e.number))}">'
                     f'{svg.escape(e.text)}</span>')
        if e.current:
            seen_current = True
    parts = ['<div class="bw-log">', '<div class="bw-moves">', *moves, "</div>"]
    if len(branches) > 1:
        parts.append(f'<div class="bw-branches"><span class="bw-label">{svg.escape(w["branches"])}</span>')
        for i, b in enumerate(branches, 1):
            cls = "bw-branch current" if b.current else "bw-branch"
            text = w["branch"].format(i=i, moves=b.moves, last=b.last)
            parts.append(f'<span class="{cls}" data-id="branch-{b.node}" title="{svg.escape(w["switch"])}">'
                         f'{svg.escape(text)}</span>')
        parts.append("</div>")
    parts.append("</div>")
    return "".join(parts)


@solara.component
def MoveLog(entries: list, branches: list = [], on_goto: Optional[Callable[[int], None]] = None,  # noqa: B006
            words: Optional[Mapping[str, str]] = None):
    """The moves of the current line and the branches; clicking one calls ``on_goto(node_id)``.

    ``words`` replaces the English texts (:data:`LOG_WORDS`).
    """

    def click(id_: str):
        kind, _, node = id_.partition("-")
        if on_goto is not None and kind in ("node", "branch"):
            on_goto(int(node))

    return Board(svg=log_markup(entries, branches, words=words), on_click=click, class_name="bw-move-log", css=LOG_CSS)
