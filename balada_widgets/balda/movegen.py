"""Balda moves: generation and checking (rules D2-D5, D7).

:func:`legal_moves` is the single source of legality.  It lists every legal
move of a position: one letter in an empty cell next to an occupied one, and
a lexicon word read along a path of orthogonally adjacent occupied cells
(each at most once, any direction) through the new letter (D2), not played
before (D3) and not readable on the grid before the move (D4).  There is one
:class:`Move` per distinct ``(cell, letter, word)``; its path is the
lexicographically smallest of the word's paths (as ``(row, col)`` tuples),
and the list is sorted by ``(cell, letter, word)``.

How it is fast
--------------
One depth-first search per start cell walks the lexicon's trie and the grid
together.  An empty cell next to the path is a *wildcard*: the search may
enter it once, branching only over the letters the trie allows there.  Paths
that never enter a wildcard spell the words readable before the move, which is
exactly what rule D4 refuses, so one search yields both the candidates and
the D4 set.  :mod:`balada_widgets.balda.brute` is the slow, independent
reference it is tested against.

Move text
---------
``<cell>=<letter> <word> <path>``, the path as cell names joined by ``-``:

>>> from balada_widgets.balda.lexicon import Lexicon
>>> from balada_widgets.balda.position import Position
>>> lex = Lexicon.from_words(["balda", "ball", "bad", "lab"], name="demo")
>>> pos = Position.new("balda")
>>> for move in legal_moves(pos, lex):
...     print(move.to_text(5), move.score)
b4=d bad a3-b3-b4 3
c4=l ball a3-b3-c3-c4 4
e4=b bad e4-e3-d3 3
b2=d bad a3-b3-b2 3
c2=l ball a3-b3-c3-c2 4
e2=b bad e2-e3-d3 3
>>> Move.from_text("c4=L BALL a3-b3-c3-c4", 5)
Move(cell=(1, 2), letter='l', word='ball', path=((2, 0), (2, 1), (2, 2), (1, 2)))

``lab`` never appears: it can be read backwards on the start word already (D4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional, Union

from ..core.errors import GameError, IllegalMove, InvalidInput
from .lexicon import END, Lexicon, normalise_word
from .position import (Cell, CellLike, Position, cell_name, coords, neighbours, parse_cell,
                       parse_path, path_text, to_cell)

__all__ = ["Move", "Verdict", "legal_moves", "check_move", "explain_path", "judge_path", "readable_path", "has_legal_move"]


@dataclass(frozen=True, order=True)
class Move:
    """One Balda move: ``letter`` written at ``cell``, ``word`` read along ``path`` (D2).

    ``cell`` and the cells of ``path`` are ``(row, col)``, 0-based from the
    top-left.  :attr:`score` is the length of the word (D5).
    """

    cell: Cell
    letter: str
    word: str
    path: tuple

    @property
    def score(self) -> int:
        """Points of the move: one per letter of the word (D5)."""
        return len(self.word)

    def to_text(self, n: int) -> str:
        """``'c4=t table c3-c4-d4-d5-e5'`` on an ``n x n`` grid (see the module docstring)."""
        return f"{cell_name(self.cell, n)}={self.letter} {self.word} {path_text(self.path, n)}"

    @classmethod
    def from_text(cls, text: str, n: int) -> "Move":
        """Parse :meth:`to_text`'s notation (any case, ``ё`` read as ``е``).

        Checks that the text is self-consistent: as many path cells as letters,
        the cell on the path with the letter there.  Whether the move is legal
        in a position is :func:`check_move`'s question.

        :raises InvalidInput: the text is malformed or inconsistent.
        """
        if not isinstance(text, str):
            raise InvalidInput(f"expected a move such as 'c4=t table c3-c4-d4-d5-e5', got {text!r}")
        parts = text.split()
        head = parts[0] if parts else ""
        name, eq, letter = head.partition("=")
        if len(parts) < 3 or not eq:
            raise InvalidInput("expected '<cell>=<letter> <word> <path>', e.g. "
                               "'c4=t table c3-c4-d4-d5-e5'", move=text)
        cell = parse_cell(name, n)
        letter = normalise_word(letter)
        word = normalise_word(parts[1])
        path = parse_path(" ".join(parts[2:]), n)
        if len(letter) != 1 or not letter.isalpha() or not word.isalpha():
            raise InvalidInput("the letter must be one letter and the word letters only", move=text)
        if len(path) != len(word):
            raise InvalidInput(f"the path has {len(path)} cells but {word!r} has {len(word)} letters",
                               move=text)
        if cell not in path:
            raise InvalidInput(f"the path does not go through {name.lower()}", move=text)
        if word[path.index(cell)] != letter:
            raise InvalidInput(f"{word!r} does not have {letter!r} at {name.lower()}", move=text)
        return cls(cell, letter, word, path)


# ------------------------------------------------------------ fast search
def _search(grid: tuple, n: int, root: dict, pairs: dict) -> tuple[dict, set]:
    """All trie words along simple paths, with at most one empty cell as a wildcard.

    ``grid`` holds a letter or ``None`` per flat index ``r * n + c``.  Returns
    ``(found, before)``: ``found`` maps ``(wild, letter, word)`` (``wild`` a
    flat index) to the smallest flat path through ``wild``; ``before`` holds
    the words read along paths without a wildcard, i.e. readable before the
    move (D4).  ``pairs`` is :attr:`Lexicon.pairs` for ``root``.
    """
    nb = neighbours(n)
    found: dict = {}
    before: set = set()
    seen = [False] * (n * n)
    path: list = []
    append = path.append
    pop = path.pop
    get_found = found.get
    add_before = before.add
    # for each empty cell: its occupied neighbours as (index, letter)
    occupied = [()] * (n * n)
    for j, ch in enumerate(grid):
        if ch is None:
            occupied[j] = tuple((k, grid[k]) for k in nb[j] if grid[k] is not None)

    def wild_walk(i, node, wild, wch):
        # The wildcard is spent: only occupied cells from here (node.get(None) is None).
        w = node.get(END)
        if w is not None:
            key = (wild, wch, w)
            p = tuple(path)
            q = get_found(key)
            if q is None or p < q:
                found[key] = p
        seen[i] = True
        for j in nb[i]:
            if not seen[j]:
                child = node.get(grid[j])
                if child is not None:
                    append(j)
                    wild_walk(j, child, wild, wch)
                    pop()
        seen[i] = False

    def branch(j, node):
        # Enter the empty cell j with each letter the trie allows after ``node``;
        # the next step is inlined so that dead letters cost no call.
        seen[j] = True
        append(j)
        nbrs = [kl for kl in occupied[j] if not seen[kl[0]]]
        for ch, child in node.items():
            if ch:
                w = child.get(END)
                if w is not None:
                    key = (j, ch, w)
                    p = tuple(path)
                    q = get_found(key)
                    if q is None or p < q:
                        found[key] = p
                for k, letter in nbrs:
                    sub = child.get(letter)
                    if sub is not None:
                        append(k)
                        wild_walk(k, sub, j, ch)
                        pop()
        pop()
        seen[j] = False

    def walk(i, node):
        # No wildcard yet: words found here are readable before the move (D4).
        w = node.get(END)
        if w is not None:
            add_before(w)
        seen[i] = True
        for j in nb[i]:
            if seen[j]:
                continue
            ch = grid[j]
            if ch is not None:
                child = node.get(ch)
                if child is not None:
                    append(j)
                    walk(j, child)
                    pop()
            else:
                branch(j, node)
        seen[i] = False

    for i, ch in enumerate(grid):
        if ch is not None:
            node = root.get(ch)
            if node is not None:
                append(i)
                walk(i, node)
                pop()
        elif occupied[i]:
            # A path may also start at the new letter: go straight to each
            # occupied neighbour k with the first letters that may precede its letter.
            seen[i] = True
            append(i)
            for k, letter in occupied[i]:
                append(k)
                for ch, sub in pairs.get(letter, ()):
                    wild_walk(k, sub, i, ch)
                pop()
            pop()
            seen[i] = False
    return found, before


def _prepare(position: Position, lexicon: Lexicon) -> None:
    if not isinstance(position, Position):
        raise InvalidInput(f"expected a Position, got {type(position).__name__}")
    if not isinstance(lexicon, Lexicon):
        raise InvalidInput(f"expected a Lexicon, got {type(lexicon).__name__}")
    lexicon.require_words()
    position.validate(lexicon)


def legal_moves(position: Position, lexicon: Lexicon) -> list[Move]:
    """Every legal move of ``position`` under ``lexicon`` (D2-D4), sorted by (cell, letter, word).

    An empty list means the player to move can only pass (D6).

    :raises InvalidInput: the lexicon is empty.
    :raises InvalidPosition: the grid holds letters outside the lexicon's alphabet (D7).
    """
    _prepare(position, lexicon)
    n = position.size
    found, before = _search(position._grid, n, lexicon.trie, lexicon.pairs)
    used = position.used
    co = coords(n)
    at = co.__getitem__
    new = object.__new__
    moves = []
    for key in sorted(found):
        word = key[2]
        if word in used or word in before:
            continue
        # Move(...) without the frozen dataclass's per-field __setattr__ (3x faster)
        m = new(Move)
        d = m.__dict__
        d["cell"] = co[key[0]]
        d["letter"] = key[1]
        d["word"] = word
        d["path"] = tuple(map(at, found[key]))
        moves.append(m)
    return moves


def has_legal_move(position: Position, lexicon: Lexicon) -> bool:
    """True when the player to move has at least one legal move (else they pass, D6)."""
    return bool(legal_moves(position, lexicon))


# ---------------------------------------------------------- checking one
def readable_path(position: Position, word: str) -> Optional[tuple[Cell, ...]]:
    """A path along which ``word`` can be read on the grid as it is, or ``None`` (for D4).

    >>> readable_path(Position.new("balda"), "lab")
    ((2, 2), (2, 1), (2, 0))
    >>> readable_path(Position.new("balda"), "lad") is None
    True
    """
    n = position.size
    grid = position._grid
    nb = neighbours(n)
    word = normalise_word(word)
    k = len(word)
    if k == 0:
        return None
    path: list[int] = []

    def walk(i: int, depth: int) -> bool:
        if depth == k:
            return True
        ch = word[depth]
        for j in nb[i]:
            if grid[j] == ch and j not in path:
                path.append(j)
                if walk(j, depth + 1):
                    return True
                path.pop()
        return False

    for i, ch in enumerate(grid):
        if ch == word[0]:
            path.append(i)
            if walk(i, 1):
                co = coords(n)
                return tuple(co[j] for j in path)
            path.pop()
    return None


def check_move(position: Position, lexicon: Lexicon, cell: CellLike, letter: str,
               path: Union[str, Iterable[CellLike]]) -> Move:
    """Check a move traced by a player and return it as a :class:`Move`.

    ``cell`` is ``(row, col)`` or a name (``'c4'``); ``path`` is a sequence of
    cells or text such as ``'c3-c4-d4'``.  The returned move keeps the given
    path.

    :raises InvalidInput: the lexicon is empty, or ``letter``/``cell``/``path``
        cannot be understood, or the letter is not in the alphabet (D7).
    :raises IllegalMove: a rule is broken; ``.rule`` is ``"D2"`` (placement,
        path, word length, not in the dictionary), ``"D3"`` (already played)
        or ``"D4"`` (readable before the move).

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["balda", "lab", "lad"], name="demo")
    >>> pos = Position.new("balda")
    >>> check_move(pos, lex, "b4", "D", "c3-b3-b4").score
    3
    >>> check_move(pos, lex, "b4", "l", "b4-b3-c3")
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.IllegalMove: illegal move 'b4=l lal b4-b3-c3': 'lal' is not in the demo dictionary (rule D2)
    >>> check_move(pos, lex, "b4", "l", "b4-b3-a3")
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.IllegalMove: illegal move 'b4=l lab b4-b3-a3': 'lab' could already be read before this move (along c3-b3-a3); the new letter must make the word (rule D4)
    """
    _prepare(position, lexicon)
    n = position.size
    grid = position._grid
    if not isinstance(letter, str):
        raise InvalidInput(f"expected one letter, got {letter!r}")
    ch = normalise_word(letter)
    if len(ch) != 1 or not ch.isalpha():
        raise InvalidInput("expected exactly one letter", rule="D2", move=letter, check="letter")
    if ch not in lexicon.alphabet:
        raise InvalidInput(f"{letter!r} is not a letter of the {lexicon.name} alphabet", rule="D7",
                           move=letter, check="letter")
    x = to_cell(cell, n)
    xname = cell_name(x, n)
    label = f"{xname}={ch}"
    xi = x[0] * n + x[1]
    if grid[xi] is not None:
        raise IllegalMove(f"{xname} already holds {grid[xi].upper()!r}; write in an empty cell",
                          rule="D2", move=label, check="placement")
    if all(grid[j] is None for j in neighbours(n)[xi]):
        raise IllegalMove(f"{xname} has no occupied neighbour; a letter goes next to a letter",
                          rule="D2", move=label, check="placement")
    cells = parse_path(path, n)
    after = list(grid)
    after[xi] = ch
    word = "".join(after[r * n + c] or "." for r, c in cells)
    if cells:
        label = f"{label} {word.replace('.', '?')} {path_text(cells, n)}"
    if not cells:
        raise IllegalMove("the path is empty; trace the word through the new letter", rule="D2",
                          move=label, check="path")
    seen: set = set()
    for k, (r, c) in enumerate(cells):
        if (r, c) in seen:
            raise IllegalMove(f"the path visits {cell_name((r, c), n)} twice", rule="D2", move=label, check="path")
        seen.add((r, c))
        if k and abs(r - cells[k - 1][0]) + abs(c - cells[k - 1][1]) != 1:
            raise IllegalMove(f"{cell_name(cells[k - 1], n)} and {cell_name((r, c), n)} are not "
                              "neighbours; the path moves one cell up, down, left or right",
                              rule="D2", move=label, check="path")
        if after[r * n + c] is None:
            raise IllegalMove(f"the path crosses the empty cell {cell_name((r, c), n)}", rule="D2",
                              move=label, check="path")
    if x not in seen:
        raise IllegalMove(f"the path does not go through the new letter at {xname}", rule="D2",
                          move=label, check="path")
    shortest = max(2, lexicon.min_length)
    if len(word) < shortest:
        raise IllegalMove(f"a word needs at least {shortest} letters", rule="D2", move=label,
                          check="length")
    if word not in lexicon.words:
        raise IllegalMove(f"{word!r} is not in the {lexicon.name} dictionary", rule="D2", move=label,
                          check="dictionary")
    if word in position.used:
        if word == position.start_word:
            raise IllegalMove(f"{word!r} is the start word, already on the grid", rule="D3",
                              move=label, check="used")
        raise IllegalMove(f"{word!r} was already played", rule="D3", move=label, check="used")
    old = readable_path(position, word)
    if old is not None:
        raise IllegalMove(f"{word!r} could already be read before this move (along "
                          f"{path_text(old, n)}); the new letter must make the word", rule="D4",
                          move=label, check="readable")
    return Move(x, ch, word, cells)


@dataclass(frozen=True)
class Verdict:
    """The engine's verdict on a traced move (see :func:`judge_path`).

    ``check`` names the check that failed: ``"letter"``, ``"placement"``,
    ``"path"``, ``"length"``, ``"dictionary"`` (rule D2), ``"used"`` (D3) or
    ``"readable"`` (D4); ``None`` when the move is legal (then ``move`` is set).
    The checks run in that order and stop at the first failure.
    """

    ok: bool
    rule: Optional[str]
    check: Optional[str]
    message: str
    move: Optional[Move] = None


def judge_path(position: Position, lexicon: Lexicon, cell: CellLike, letter: str,
               path: Union[str, Iterable[CellLike]]) -> Verdict:
    """Like :func:`check_move` but never raises: the :class:`Verdict`, for live feedback.

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["balda", "lab", "lad"], name="demo")
    >>> v = judge_path(Position.new("balda"), lex, "b4", "l", "b4-b3-a3")
    >>> v.ok, v.rule, v.check
    (False, 'D4', 'readable')
    """
    try:
        move = check_move(position, lexicon, cell, letter, path)
    except GameError as exc:
        return Verdict(False, exc.rule, exc.check, str(exc))
    return Verdict(True, None, None, f"{move.to_text(position.size)}: {move.word!r} scores {move.score} (rule D5)",
                   move)


def explain_path(position: Position, lexicon: Lexicon, cell: CellLike, letter: str,
                 path: Union[str, Iterable[CellLike]]) -> tuple[bool, Optional[str], str]:
    """``(ok, rule, message)`` of :func:`judge_path`.

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["balda", "lab", "lad"], name="demo")
    >>> explain_path(Position.new("balda"), lex, "b4", "d", "c3-b3-b4")
    (True, None, "b4=d lad c3-b3-b4: 'lad' scores 3 (rule D5)")
    >>> explain_path(Position.new("balda"), lex, "b4", "l", "b4-b3-a3")[:2]
    (False, 'D4')
    """
    v = judge_path(position, lexicon, cell, letter, path)
    return v.ok, v.rule, v.message