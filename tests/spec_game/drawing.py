"""The tic-tac-toe board as one SVG: each free cell a ``data-id`` that is its move's notation.

>>> from tests.spec_game.rules import TicTacToe
>>> g = TicTacToe()
>>> svg = draw(g, g.initial_state(), frozenset({"p1 b2"}))
>>> svg.count('data-id="p1 b2"'), 'class="cell target"' in svg, svg.count("<svg")
(1, True, 1)
"""

from __future__ import annotations

from balada_widgets.kit import svg

from .rules import CELLS

SIZE = 60


def draw(game, state, targets=frozenset(), selected=None, player=None) -> str:
    """The grid and its marks. To play: the cells of ``targets`` (move texts) clickable, each ``data-id`` its
    move (``player``'s, default the player to move). For a lesson, ``selected`` (a tuple of cell names, maybe
    empty): every cell clickable by its name, none marked as a target, the selected ones outlined."""
    who = state.turn if player is None else player
    parts = []
    for i, mark in enumerate(state.grid):
        x, y = (i % 3) * SIZE, (i // 3) * SIZE
        move = f"p{who + 1} {CELLS[i]}"
        kind = "cell target" if move in targets else "cell"
        if CELLS[i] in (selected or ()):
            kind += " picked"
        body = [svg.title(f"{CELLS[i]}: {'free' if mark == '.' else mark.upper()}"),
                svg.rect(x + 2, y + 2, SIZE - 4, SIZE - 4, rx=6,
                         fill="#fff8e1" if "target" in kind else "#f4efe4",
                         stroke="#c0392b" if "picked" in kind else "#8a7a5a", stroke_width=3 if "picked" in kind else 1)]
        if mark != ".":
            body.append(svg.text(x + SIZE / 2, y + SIZE / 2 + 12, mark.upper(), font_size=34, text_anchor="middle",
                                 fill="#2c3e50" if mark == "x" else "#a04000"))
        ids = {"data_id": move} if "target" in kind else {"data_id": CELLS[i]} if selected is not None else {}
        parts.append(svg.group(body, class_=kind, **ids))
    return svg.svg(parts, 3 * SIZE, 3 * SIZE, role="img", aria_label="tic-tac-toe board")
