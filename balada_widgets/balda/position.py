"""A Balda position: the grid and the words already played (rules D1-D3, D7).

A :class:`Position` is an immutable, hashable value.  The grid is ``N x N``
with ``N`` odd and at least 3 (5 by default); its middle row holds the start
word (D1).  Cells are ``(row, col)`` pairs, 0-based from the top-left.

Cell names
----------
Like chess: columns ``a, b, c...`` from the left, rows ``1, 2, 3...`` from
the *bottom*.  On a 5x5 grid the top-left cell ``(0, 0)`` is ``a5`` and the
bottom-right ``(4, 4)`` is ``e1``; the start word lies on row 3.

>>> cell_name((0, 0), 5), cell_name((4, 4), 5), parse_cell("C3", 5)
('a5', 'e1', (2, 2))

Position text (FEN-like)
------------------------
``<rows> used=<words>``: the rows top to bottom separated by ``/``, letters
in capitals, a run of empty cells written as its length (``.`` is accepted
for one empty cell when reading), then the words already played, comma
separated, the start word first and the rest in alphabetical order.  The
``used=`` part may be left out when only the start word was played.

>>> p = Position.from_rows([".....", ".....", "balda", ".....", "....."])
>>> p.to_text()
'5/5/BALDA/5/5 used=balda'
>>> q = p.place("b4", "l").with_used("lab")
>>> q.to_text()
'5/1L3/BALDA/5/5 used=balda,lab'
>>> Position.from_text(q.to_text()) == q
True
>>> print(q)
  a b c d e
5 . . . . .
4 . L . . .
3 B A L D A
2 . . . . .
1 . . . . .
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Iterable, Optional, Sequence, Union

from ..core.errors import IllegalMove, InvalidInput, InvalidPosition, short_text
from .lexicon import normalise_word

__all__ = ["Position", "cell_name", "parse_cell", "parse_path", "path_text", "to_cell",
           "MIN_SIZE", "MAX_SIZE"]

MIN_SIZE = 3
MAX_SIZE = 25
EMPTY = "."
_COLUMNS = "abcdefghijklmnopqrstuvwxyz"
_CELL_RE = re.compile(r"^([a-zA-Z])(\d+)$")

Cell = tuple[int, int]
CellLike = Union[Cell, str]


# ------------------------------------------------------------------ cells
def cell_name(cell: Cell, n: int) -> str:
    """Name of ``cell`` = ``(row, col)`` on an ``n x n`` grid (``(0, 0)`` -> ``'a5'`` when n=5).

    :raises InvalidInput: the cell is off the grid.
    """
    r, c = cell
    if not (0 <= r < n and 0 <= c < n):
        raise InvalidInput(f"cell {cell!r} is off the {n}x{n} grid")
    return f"{_COLUMNS[c]}{n - r}"


def parse_cell(name: str, n: int) -> Cell:
    """``(row, col)`` of a cell name such as ``'c3'`` (case-insensitive) on an ``n x n`` grid.

    :raises InvalidInput: not a cell name, or off the grid.

    >>> parse_cell("a5", 5), parse_cell("g1", 7)
    ((0, 0), (6, 6))
    """
    m = _CELL_RE.match(name.strip()) if isinstance(name, str) else None
    if not m:
        raise InvalidInput("expected a cell name such as 'c3'", move=name if isinstance(name, str) else repr(name))
    c = _COLUMNS.index(m.group(1).lower())
    row = int(m.group(2))
    if c >= n or not 1 <= row <= n:
        last = f"{_COLUMNS[n - 1]}{n}"
        raise InvalidInput(f"cell is off the {n}x{n} grid (a1..{last})", move=name)
    return (n - row, c)


def to_cell(cell: CellLike, n: int) -> Cell:
    """Accept ``(row, col)`` or a cell name; return ``(row, col)``.

    :raises InvalidInput: malformed or off the grid.
    """
    if isinstance(cell, str):
        return parse_cell(cell, n)
    try:
        r, c = cell
    except (TypeError, ValueError):
        raise InvalidInput(f"expected (row, col) or a cell name, got {cell!r}") from None
    if isinstance(r, bool) or isinstance(c, bool) or not isinstance(r, int) or not isinstance(c, int):
        raise InvalidInput(f"expected (row, col) integers, got {cell!r}")
    if not (0 <= r < n and 0 <= c < n):
        raise InvalidInput(f"cell {cell!r} is off the {n}x{n} grid")
    return (r, c)


def parse_path(path: Union[str, Iterable[CellLike]], n: int) -> tuple[Cell, ...]:
    """A path as ``'c3-c4-d4'`` (``-``, ``,`` or spaces) or a sequence of cells.

    >>> parse_path("a3-b3 b4", 5)
    ((2, 0), (2, 1), (1, 1))
    """
    if isinstance(path, str):
        parts = [p for p in re.split(r"[-,\s]+", path.strip()) if p]
    else:
        try:
            parts = list(path)
        except TypeError:
            raise InvalidInput(f"expected a path of cells, got {path!r}") from None
    return tuple(to_cell(p, n) for p in parts)


def path_text(path: Iterable[Cell], n: int) -> str:
    """``'c3-c4-d4'`` for a path of ``(row, col)`` cells."""
    return "-".join(cell_name(c, n) for c in path)


@functools.lru_cache(maxsize=None)
def neighbours(n: int) -> tuple[tuple[int, ...], ...]:
    """Orthogonal neighbours of each flat index ``r * n + c`` on an ``n x n`` grid."""
    table = []
    for i in range(n * n):
        r, c = divmod(i, n)
        table.append(tuple(j for j, ok in ((i - n, r > 0), (i - 1, c > 0), (i + 1, c < n - 1),
                                          (i + n, r < n - 1)) if ok))
    return tuple(table)


@functools.lru_cache(maxsize=None)
def coords(n: int) -> tuple[Cell, ...]:
    """``(row, col)`` of each flat index on an ``n x n`` grid."""
    return tuple(divmod(i, n) for i in range(n * n))


# --------------------------------------------------------------- position
@dataclass(frozen=True, repr=False)
class Position:
    """An immutable Balda position.

    Build one with :meth:`from_rows` or :meth:`from_text`.

    Attributes
    ----------
    rows:
        The grid, top row first, lowercase letters and ``'.'`` for empty.
    used:
        ``frozenset`` of the words already played, the start word included (D3).
    """

    rows: tuple[str, ...]
    used: frozenset = field(default_factory=frozenset)

    def __post_init__(self):
        rows, used = _check(self.rows, self.used, None)
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "used", used)
        grid = tuple(None if ch == EMPTY else ch for row in rows for ch in row)
        object.__setattr__(self, "_grid", grid)

    # ------------------------------------------------------------ building
    @classmethod
    def from_rows(cls, rows: Sequence[str], used: Iterable[str] = (),
                  start_word: Optional[str] = None) -> "Position":
        """A position from its rows (top first, ``'.'`` for empty; any case, ``ё`` as ``е``).

        ``used`` lists the words already played; the start word (the middle
        row) is added if missing (D3).  ``start_word``, if given, must be the
        middle row.

        :raises InvalidPosition: every problem found: rows of different
            lengths, not square, even or too small (D1), no start word in the
            middle row (D1), a letter not connected to the start word (D2),
            a character that is not a letter or ``'.'``.

        >>> Position.from_rows(["...", "CAT", ".."])
        Traceback (most recent call last):
        ...
        balada_widgets.core.errors.InvalidPosition: invalid position: row 3 has 2 cells, expected 3 (rule D1)
        >>> Position.from_rows(["...", "C.T", "..."])
        Traceback (most recent call last):
        ...
        balada_widgets.core.errors.InvalidPosition: invalid position: no start word: the middle row (row 2) has empty cells (rule D1)
        """
        if isinstance(rows, str):
            raise InvalidInput("rows must be a list of strings; use Position.from_text for "
                               "'5/5/BALDA/5/5'", move=rows)
        rows_t, used_t = _check(rows, used, start_word)
        return cls(rows_t, used_t)

    @classmethod
    def new(cls, start_word: str) -> "Position":
        """The opening position: an empty ``N x N`` grid with ``start_word`` (N letters) in the middle row.

        >>> Position.new("balda").to_text()
        '5/5/BALDA/5/5 used=balda'
        """
        if not isinstance(start_word, str):
            raise InvalidInput(f"expected a start word, got {start_word!r}")
        w = normalise_word(start_word)
        n = len(w)
        rows = [EMPTY * n] * (n // 2) + [w] + [EMPTY * n] * (n // 2)
        if n % 2 == 0:
            raise InvalidPosition([("D1", f"the start word {start_word!r} has {n} letters; "
                                          "the grid needs an odd size (5, 7...)")])
        return cls.from_rows(rows)

    @classmethod
    def from_text(cls, text: str) -> "Position":
        """Parse the notation written by :meth:`to_text` (see the module docstring).

        :raises InvalidInput: the text cannot be parsed.
        :raises InvalidPosition: it parses but the grid is inconsistent.
        """
        if not isinstance(text, str) or not text.strip():
            raise InvalidInput("expected a position such as '5/5/BALDA/5/5 used=balda'",
                               move=text if isinstance(text, str) else repr(text))
        grid, *rest = text.split()
        rows = read_rows(grid, text)
        used: list[str] = []
        for token in rest:
            key, eq, value = token.partition("=")
            if key.lower() != "used" or not eq:
                name = key + eq if eq else token
                raise InvalidInput(f"unknown field {short_text(name)!r} in a position text; after the grid comes "
                                   f"only used= (the words played: 'used=word,word')", move=text)
            used.extend(w for w in value.split(",") if w)
        return cls.from_rows(rows, used)

    # ------------------------------------------------------------- queries
    @property
    def size(self) -> int:
        """``N`` for an ``N x N`` grid."""
        return len(self.rows)

    @property
    def start_word(self) -> str:
        """The start word: the middle row (D1)."""
        return self.rows[len(self.rows) // 2]

    def cell(self, row: Union[int, str, Cell], col: Optional[int] = None) -> Optional[str]:
        """The letter at ``(row, col)`` (or a cell name), ``None`` if empty."""
        r, c = to_cell(row if col is None else (row, col), self.size)
        return self._grid[r * self.size + c]

    def empty_cells(self) -> tuple[Cell, ...]:
        """Every empty cell, in reading order."""
        n = self.size
        return tuple(divmod(i, n) for i, ch in enumerate(self._grid) if ch is None)

    def frontier(self) -> tuple[Cell, ...]:
        """Empty cells with an occupied orthogonal neighbour: where a letter may go (D2)."""
        n, g = self.size, self._grid
        nb = neighbours(n)
        return tuple(divmod(i, n) for i, ch in enumerate(g)
                     if ch is None and any(g[j] is not None for j in nb[i]))

    def is_full(self) -> bool:
        """True when no cell is empty (the game is over, D6)."""
        return None not in self._grid

    # --------------------------------------------------------- new positions
    def place(self, cell: CellLike, letter: str) -> "Position":
        """A new position with ``letter`` written in the empty frontier ``cell`` (D2).

        The words played are unchanged; see :meth:`play` for a whole move.

        :raises InvalidInput: ``letter`` is not one letter.
        :raises IllegalMove: the cell is occupied or has no occupied neighbour (D2).
        """
        n = self.size
        r, c = to_cell(cell, n)
        name = cell_name((r, c), n)
        ch = _one_letter(letter)
        i = r * n + c
        if self._grid[i] is not None:
            raise IllegalMove(f"{name} already holds {self._grid[i].upper()!r}", rule="D2",
                              move=f"{name}={ch}")
        if all(self._grid[j] is None for j in neighbours(n)[i]):
            raise IllegalMove(f"{name} has no occupied neighbour", rule="D2", move=f"{name}={ch}")
        rows = list(self.rows)
        rows[r] = rows[r][:c] + ch + rows[r][c + 1:]
        return Position(tuple(rows), self.used)

    def with_used(self, *words: str) -> "Position":
        """A new position with ``words`` added to the words played (D3)."""
        return Position(self.rows, self.used | {normalise_word(w) for w in words})

    def play(self, move) -> "Position":
        """The position after ``move`` (a :class:`~balada_widgets.balda.movegen.Move`).

        Only the placement is checked here; legality against a lexicon is
        :func:`~balada_widgets.balda.movegen.check_move`'s job.
        """
        return self.place(move.cell, move.letter).with_used(move.word)

    def validate(self, lexicon=None) -> None:
        """Check the grid's letters against ``lexicon.alphabet`` (D7).

        :raises InvalidPosition: listing each letter outside the alphabet.
        """
        if lexicon is None:
            return
        alphabet = lexicon.alphabet
        letters = set(self._grid)
        letters.discard(None)
        if letters <= alphabet:
            return
        n = self.size
        problems = [("D7", f"{ch.upper()!r} at {cell_name(divmod(i, n), n)} is not a letter of the "
                           f"{lexicon.name} alphabet")
                    for i, ch in enumerate(self._grid) if ch is not None and ch not in alphabet]
        raise InvalidPosition(problems)

    # ---------------------------------------------------------------- text
    def to_text(self) -> str:
        """The compact notation (see the module docstring); :meth:`from_text` reads it back."""
        parts = []
        for row in self.rows:
            out = re.sub(r"\.+", lambda m: str(len(m.group())), "".join(map(_capital, row)))
            parts.append(out)
        start = self.start_word
        others = sorted(self.used - {start})
        return "/".join(parts) + " used=" + ",".join([start, *others])

    def __repr__(self) -> str:
        return f"Position.from_text({self.to_text()!r})"

    def __str__(self) -> str:
        n = self.size
        width = len(str(n))
        lines = [" " * width + " " + " ".join(_COLUMNS[:n])]
        for r, row in enumerate(self.rows):
            lines.append(f"{n - r:>{width}} " + " ".join(row.upper()))
        return "\n".join(lines)

    def _repr_pretty_(self, p, cycle):  # IPython
        p.text(str(self) + "\n" + self.to_text())

    def graph(self):
        """The grid as a networkx graph: nodes ``(row, col)`` with ``letter`` (``None`` if empty) and ``name``.

        >>> g = Position.new("cat").graph()
        >>> g.nodes[(1, 0)]
        {'letter': 'c', 'name': 'a2'}
        >>> g.number_of_edges()
        12
        """
        import networkx as nx

        n = self.size
        g = nx.grid_2d_graph(n, n)
        for (r, c) in g.nodes:
            g.nodes[(r, c)]["letter"] = self._grid[r * n + c]
            g.nodes[(r, c)]["name"] = cell_name((r, c), n)
        return g


def read_rows(grid: str, text: str) -> list[str]:
    """The rows of a grid in the position notation (``"5/S4/TABLE/H4/5"``), ``"."`` for an empty cell, as
    written (not checked against any rule); ``text`` is what a refusal quotes.

    >>> read_rows("5/S4/TABLE", "")
    ['.....', 'S....', 'TABLE']

    :raises InvalidInput: a character that is neither a letter, a count nor ``"."``.
    """
    rows = []
    for part in grid.split("/"):
        row = []
        for token in re.findall(r"\d+|.", part):
            if token.isdecimal():
                if len(token) > 2:  # a 31-digit count would not fit in memory
                    raise InvalidInput(f"{short_text(token)} empty cells in one row: a grid row is far shorter",
                                       move=text)
                row.append(EMPTY * int(token))
            elif token.isalpha() or token == EMPTY:
                row.append(token)
            else:
                raise InvalidInput(f"unexpected character {token!r} in the grid", move=text)
        rows.append("".join(row))
    return rows


def _capital(ch: str) -> str:
    """``ch`` in capitals when that reads back as ``ch`` (not so for ``'ß'`` -> ``'SS'``)."""
    up = ch.upper()
    return up if len(up) == 1 and up.lower() == ch else ch


def _one_letter(letter: str) -> str:
    if not isinstance(letter, str):
        raise InvalidInput(f"expected one letter, got {letter!r}")
    ch = normalise_word(letter)
    if len(ch) != 1 or not ch.isalpha():
        raise InvalidInput("expected exactly one letter", rule="D2", move=letter)
    return ch


def _check(rows, used, start_word) -> tuple[tuple[str, ...], frozenset]:
    """Normalise and validate rows and used words; raise InvalidPosition with every problem."""
    try:
        rows = tuple(rows)
    except TypeError:
        raise InvalidInput(f"rows must be a sequence of strings, got {rows!r}") from None
    if not all(isinstance(r, str) for r in rows):
        raise InvalidInput(f"rows must be strings, got {rows!r}")
    rows = tuple(r.strip().lower().replace("ё", "е") for r in rows)
    problems: list[tuple[Optional[str], str]] = []
    n = len(rows)
    if n < MIN_SIZE or n > MAX_SIZE:
        problems.append(("D1", f"the grid has {n} rows; it needs {MIN_SIZE} to {MAX_SIZE}"))
    elif n % 2 == 0:
        problems.append(("D1", f"the grid has {n} rows; the size must be odd (5, 7...) "
                               "so the start word has a middle row"))
    for i, row in enumerate(rows):
        if len(row) != n:
            problems.append(("D1", f"row {i + 1} has {len(row)} cells, expected {n}"))
        bad = sorted({ch for ch in row if ch != EMPTY and not ch.isalpha()})
        if bad:
            problems.append((None, f"row {i + 1} has {', '.join(map(repr, bad))}: "
                                   "use letters and '.' for an empty cell"))
    if problems:
        raise InvalidPosition(problems)
    mid = rows[n // 2]
    if EMPTY in mid:
        problems.append(("D1", f"no start word: the middle row (row {n - n // 2}) has empty cells"))
    elif start_word is not None and normalise_word(start_word) != mid:
        problems.append(("D1", f"the start word {start_word!r} is not the middle row {mid.upper()!r}"))
    else:
        # every letter must be connected to the start word (letters go next to letters, D2)
        nb = neighbours(n)
        grid = "".join(rows)
        seen = set(range((n // 2) * n, (n // 2 + 1) * n))
        stack = list(seen)
        while stack:
            i = stack.pop()
            for j in nb[i]:
                if j not in seen and grid[j] != EMPTY:
                    seen.add(j)
                    stack.append(j)
        loose = [cell_name(divmod(i, n), n) for i, ch in enumerate(grid) if ch != EMPTY and i not in seen]
        if loose:
            problems.append(("D2", f"letter(s) at {', '.join(loose)} not connected to the start word"))
    if isinstance(used, str):
        used = used.split(",")
    words = set()
    for w in used:
        if not isinstance(w, str) or not normalise_word(w).isalpha():
            problems.append(("D3", f"used word {w!r} is not made of letters"))
        else:
            words.add(normalise_word(w))
    if problems:
        raise InvalidPosition(problems)
    words.add(mid)
    return rows, frozenset(words)
