"""Balda's grid as one SVG, drawn from a game state: pure Python (no Solara), for the view, the tutorial and the lab.

:func:`board_svg` draws what the live board shows: the letters (the start word
on darker tiles), a bar in the colour of the player who wrote each letter, a
ring on the last move, the cells where a letter may go (``targets``, from the
legal moves), the cell and letter being entered and the path being traced, a
played word's path, hints. Paths run under the letters, so a line never
crosses a letter out. Cells are ``data-id="cell-c4"`` (see
:mod:`balada_widgets.kit.grid`).

>>> from balada_widgets.balda.lexicon import Lexicon
>>> from balada_widgets.balda.rules import BaldaGame
>>> g = BaldaGame(players=2, start_word="balda", lexicon=Lexicon.from_words(["balda", "ball"]))
>>> svg = board_svg(g, g.initial_state())
>>> svg.count('data-id="cell-') == 25 and 'class="cell fixed filled"' in svg and 'class="cell target' not in svg
True
>>> still = board_svg(g, g.initial_state(), ids=None, footer=("Your answer: 3",) * 2)  # to look at, one caption
>>> "data-id" not in still and still.count("Your answer: 3") == 1
True
"""

from __future__ import annotations

from typing import Callable, Optional

from ..kit.grid import PLAYER_COLOURS, GridLook, GridPath, cell_id, chess_name, grid_svg, linked_hover_css
from ..kit.paths import Trace
from .movegen import Move
from .rules import BaldaGame

__all__ = ["CSS", "LESSON_CSS", "LOOK", "board_svg"]

LOOK = GridLook()
CSS = """
.bw-grid .letter.ghost { fill: #9c36b5; opacity: .85; }
.bw-grid .cell.ghost .bg { fill: #f6ecfb; stroke: #9c36b5; stroke-width: 3; stroke-dasharray: none; }
.bw-grid .cell.bad .bg { stroke: #d9480f; }
"""
#: the lesson's boards: an exercise's grid no wider than 470 px (about 520 px tall), so the board, its answers, Check
#: and the reply fit a 1400x900 window together (the kit's lesson board is as wide as the lesson, 900 px); the caption
#: under it (what the learner chose, the move so far) in the letters' dark ink
LESSON_CSS = CSS + """
.bw-lesson-board svg.bw-grid, .bw-lesson-answer-board svg.bw-grid { max-width: min(100%, 470px); }
.bw-lesson-board .bw-grid .foot, .bw-lesson-answer-board .bw-grid .foot { fill: #3a2e1c; }
"""


def board_svg(game: BaldaGame, state, trace: Trace = Trace(), targets=(), *, shown: Optional[int] = None,
              hint: Optional[Move] = None, hint_paths=(), scope: str = "", show_targets: bool = True,
              footer: Optional[tuple[str, str]] = None, version: int = 0, cursor=None, numbers: bool = True,
              ids: Optional[Callable[[str], str]] = cell_id) -> str:
    """The grid as one SVG: letters, who wrote them, the last move, the targets and the paths.

    ``targets`` are the cells where a letter may go (from the legal moves);
    ``trace`` what the player entered; ``shown`` the index of a played word
    whose path to draw; ``hint`` a move to show as a hint; every played word
    (and each of ``hint_paths``) also gets a path that shows while its entry
    in the list is hovered (``scope``, see :func:`~balada_widgets.kit.grid.linked_hover_css`).
    ``cursor`` is the cell under the keyboard cursor (class ``cursor``). Every
    cell's tooltip says its name and state in words (a letter or empty, where a
    new letter may go, the new letter's cell, its step on the traced path):
    the board announces the cursor's cell with them. ``numbers=False`` draws
    the ``shown`` word's path without its step numbers, as a player at the
    table sees it traced; ``ids`` as for :func:`~balada_widgets.kit.grid.grid_svg`
    (``None``: a board only to look at).
    """
    pos = state.position
    n = game.size
    text, classes, bars, rings = {}, {}, {}, {}
    mid = n // 2
    for r in range(n):
        for c in range(n):
            ch = pos.cell((r, c)) if pos is not None else None
            if ch:
                text[(r, c)] = ch
    for c in range(n):
        classes[(mid, c)] = ["fixed"]
    for p, m in state.words:
        bars[m.cell] = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        classes[m.cell] = []
    if state.words:
        p, m = state.words[-1]
        rings[m.cell] = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        classes[m.cell] = classes.get(m.cell, []) + ["last"]
    if show_targets:
        for cell in targets:
            classes[cell] = classes.get(cell, []) + ["target"]
    carets = []
    if trace.cell is not None:
        classes[trace.cell] = [k for k in classes.get(trace.cell, []) if k != "target"] + ["chosen"]
        if trace.letter:
            text[trace.cell] = trace.letter
            classes[trace.cell].append("pending")
        else:
            carets.append(trace.cell)
    for cell in trace.path:
        classes[cell] = classes.get(cell, []) + ["onpath"]
    if hint is not None:
        if hint.cell not in text:
            text[hint.cell] = hint.letter
            classes[hint.cell] = classes.get(hint.cell, []) + ["ghost"]
        classes[hint.cell] = classes.get(hint.cell, []) + ["hinted"]
    paths = []
    for i, (p, m) in enumerate(state.words):
        paths.append(GridPath(m.path, "played", hover=f"w{i}", colour=PLAYER_COLOURS[p % len(PLAYER_COLOURS)]))
    for i, m in enumerate(hint_paths):
        paths.append(GridPath(m.path, "hint", hover=f"h{i}"))
    if shown is not None and 0 <= shown < len(state.words):
        p, m = state.words[shown]
        paths.append(GridPath(m.path, "played", numbered=numbers, colour=PLAYER_COLOURS[p % len(PLAYER_COLOURS)]))
    if hint is not None:
        paths.append(GridPath(hint.path, "hint", numbered=True))
    if trace.path:
        paths.append(GridPath(trace.path, "trace", numbered=True))
    if cursor is not None:
        classes[cursor] = classes.get(cursor, []) + ["cursor"]
    titles = _titles(n, text, targets if show_targets else (), trace, state.words[-1][1].cell if state.words else None)
    keys = [f"w{i}" for i in range(len(state.words))] + [f"h{i}" for i in range(len(hint_paths))]
    css = CSS + (linked_hover_css(scope, keys) if scope else "")
    return grid_svg(n, n, text=text, classes=classes, titles=titles, bars=bars, rings=rings, carets=carets, paths=paths,
                    look=LOOK, footer=footer, css=css, scope=scope, label=f"Balda grid {n} by {n}", version=version,
                    ids=ids)


def _titles(n: int, text: dict, targets, trace: Trace, last) -> dict:
    """Each cell's name and state in words (its tooltip, and what the keyboard cursor announces)."""
    targets = set(targets)
    steps = {cell: k for k, cell in enumerate(trace.path, 1)}
    out = {}
    for r in range(n):
        for c in range(n):
            cell = (r, c)
            words = [f"{chess_name(r, c, n)}: " + (f"letter {text[cell].upper()}" if text.get(cell) else "empty")]
            if cell == trace.cell:
                words.append("the new letter's cell" if trace.letter else "the new letter's cell, type its letter")
            elif cell in targets:
                words.append("a new letter may go here")
            if cell in steps:
                words.append(f"letter {steps[cell]} of the traced word")
            if cell == last and cell != trace.cell:
                words.append("the last move")
            out[cell] = ", ".join(words)
    return out
