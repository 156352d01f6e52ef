"""Tracing a path across board cells: the editing a player does with clicks, drags and keys.

Word games on a grid (Balda, Boggle-like games, crossword drills) ask the
player to *pick a cell*, *enter a letter* and *trace a path* of cells. This
module holds that editing as an immutable value, :class:`Trace`, so a view
keeps it in one reassigned state (``set_trace(trace.step(cell))``) and a test
can drive it without a browser. It knows nothing about the rules: whether a
path is legal is the game's question (for Balda,
:func:`~balada_widgets.balda.movegen.explain_path`); a trace only records
what the player did. Cells are any hashable values (``(row, col)`` tuples,
cell names...).

Editing, in the order a player meets it:

- :meth:`Trace.choose` a cell (for the new letter): a fresh trace;
- :meth:`Trace.with_letter`: the letter typed for that cell;
- :meth:`Trace.step` (a click on a cell): a cell not on the path is appended,
  the last cell is taken back, an earlier cell cuts the path after it;
- :meth:`Trace.drag` (a pointer drag across cells): starting on the path's
  last cell continues the path, otherwise the drag replaces it;
- :meth:`Trace.back` (Backspace): the last path cell, else the letter, else
  the chosen cell;
- :meth:`Trace.clear` (Escape): nothing chosen.

>>> t = Trace().choose("c4").with_letter("L")
>>> t = t.step("a3").step("b3").step("c3").step("c4")
>>> t.letter, t.path
('l', ('a3', 'b3', 'c3', 'c4'))
>>> t.step("c4").path          # the last cell again: taken back
('a3', 'b3', 'c3')
>>> t.step("b3").path          # an earlier cell: the path is cut after it
('a3', 'b3')
>>> t.drag(["c4", "d4"]).path  # a drag from the last cell continues the path
('a3', 'b3', 'c3', 'c4', 'd4')
>>> t.drag(["e3", "d3"]).path  # any other drag replaces it
('e3', 'd3')
>>> t.back().back().back().back().path, t.back().back().back().back().back()
((), Trace(cell='c4', letter='', path=()))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Hashable, Iterable, Optional

__all__ = ["Trace"]


@dataclass(frozen=True)
class Trace:
    """What the player has entered so far: a chosen ``cell``, its ``letter``, a ``path`` of cells.

    ``letter`` is lower-cased (``""``: none yet). The value is immutable:
    every method returns a new trace.
    """

    cell: Optional[Hashable] = None
    letter: str = ""
    path: tuple = ()

    # ------------------------------------------------------------ queries
    @property
    def empty(self) -> bool:
        """Nothing chosen, typed or traced."""
        return self.cell is None and not self.letter and not self.path

    @property
    def complete(self) -> bool:
        """A cell, a letter and a path: something the game can judge."""
        return self.cell is not None and bool(self.letter) and bool(self.path)

    def index(self, cell) -> Optional[int]:
        """0-based position of ``cell`` on the path, or ``None``."""
        try:
            return self.path.index(cell)
        except ValueError:
            return None

    # ------------------------------------------------------------ editing
    def choose(self, cell: Hashable) -> "Trace":
        """Choose the cell for the new letter; the letter and path start over (same cell: unchanged)."""
        if cell == self.cell:
            return self
        return Trace(cell)

    def with_letter(self, letter: str) -> "Trace":
        """Set (or replace) the letter of the chosen cell; the path is kept."""
        return replace(self, letter=letter.lower())

    def step(self, cell: Hashable) -> "Trace":
        """A click on ``cell`` while tracing (see the module docstring)."""
        i = self.index(cell)
        if i is None:
            return replace(self, path=self.path + (cell,))
        if i == len(self.path) - 1:
            return replace(self, path=self.path[:-1])
        return replace(self, path=self.path[: i + 1])

    def drag(self, cells: Iterable[Hashable]) -> "Trace":
        """A drag across ``cells`` (in order): continue the path from its last cell, or replace it."""
        cells = tuple(cells)
        if not cells:
            return self
        if self.path and cells[0] == self.path[-1]:
            return replace(self, path=self.path + cells[1:])
        return replace(self, path=cells)

    def back(self) -> "Trace":
        """Backspace: drop the last path cell, else the letter, else the chosen cell."""
        if self.path:
            return replace(self, path=self.path[:-1])
        if self.letter:
            return replace(self, letter="")
        return Trace()

    def clear(self) -> "Trace":
        """Escape: forget everything."""
        return Trace()
