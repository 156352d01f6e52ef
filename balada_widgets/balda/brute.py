"""The slow, obvious Balda move generator: the reference the fast one is tested against.

For every empty cell next to a letter, for every letter of the alphabet, write
the letter and enumerate every simple path of occupied cells (pruned only by
the set of word prefixes, so it finishes), keep the paths through the new
cell that spell a lexicon word (D2), drop words already played (D3), then drop
words that a separate search can read on the grid before the move (D4).

It shares nothing with :mod:`balada_widgets.balda.movegen`'s search (no trie,
no wildcard) and returns the same thing: one :class:`Move` per
``(cell, letter, word)`` with the smallest path, sorted.

>>> from balada_widgets.balda.lexicon import Lexicon
>>> from balada_widgets.balda.position import Position
>>> lex = Lexicon.from_words(["balda", "ball", "bad", "lab"])
>>> [m.word for m in legal_moves(Position.new("balda"), lex)]
['bad', 'ball', 'bad', 'bad', 'ball', 'bad']
"""

from __future__ import annotations

import weakref

from .lexicon import Lexicon
from .movegen import Move
from .position import Position

__all__ = ["legal_moves"]

_PREFIXES: "weakref.WeakKeyDictionary[Lexicon, frozenset]" = weakref.WeakKeyDictionary()

_STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))


def _prefixes(lexicon: Lexicon) -> frozenset:
    """Every prefix of every word (the words included), cached per lexicon."""
    pre = _PREFIXES.get(lexicon)
    if pre is None:
        pre = frozenset(w[:k] for w in lexicon.words for k in range(1, len(w) + 1))
        _PREFIXES[lexicon] = pre
    return pre


def _simple_paths(grid: list, n: int, prefixes: frozenset):
    """Yield ``(path, text)`` for every simple path of letters whose text is a word prefix."""
    def extend(path, text):
        yield path, text
        r, c = path[-1]
        for dr, dc in _STEPS:
            rr, cc = r + dr, c + dc
            if 0 <= rr < n and 0 <= cc < n and grid[rr][cc] != "." and (rr, cc) not in path:
                t = text + grid[rr][cc]
                if t in prefixes:
                    yield from extend(path + ((rr, cc),), t)

    for r in range(n):
        for c in range(n):
            if grid[r][c] != "." and grid[r][c] in prefixes:
                yield from extend(((r, c),), grid[r][c])


def _readable(grid: list, n: int, word: str) -> bool:
    """Can ``word`` be read along some simple path of ``grid``? (rule D4)"""
    def go(r, c, k, visited):
        if k == len(word):
            return True
        for dr, dc in _STEPS:
            rr, cc = r + dr, c + dc
            if (0 <= rr < n and 0 <= cc < n and (rr, cc) not in visited
                    and grid[rr][cc] == word[k]):
                if go(rr, cc, k + 1, visited | {(rr, cc)}):
                    return True
        return False

    return any(grid[r][c] == word[0] and go(r, c, 1, {(r, c)})
               for r in range(n) for c in range(n))


def legal_moves(position: Position, lexicon: Lexicon) -> list[Move]:
    """Every legal move, the slow way (same contract as :func:`movegen.legal_moves`)."""
    lexicon.require_words()
    position.validate(lexicon)
    n = position.size
    grid = [list(row) for row in position.rows]
    words = lexicon.words
    prefixes = _prefixes(lexicon)
    best: dict = {}
    for r in range(n):
        for c in range(n):
            if grid[r][c] != ".":
                continue
            if not any(0 <= r + dr < n and 0 <= c + dc < n and grid[r + dr][c + dc] != "."
                       for dr, dc in _STEPS):
                continue
            for letter in sorted(lexicon.alphabet):
                grid[r][c] = letter
                for path, text in _simple_paths(grid, n, prefixes):
                    if len(path) >= 2 and text in words and (r, c) in path:
                        key = ((r, c), letter, text)
                        if key not in best or path < best[key]:
                            best[key] = path
                grid[r][c] = "."
    old = [list(row) for row in position.rows]
    before = {}
    moves = []
    for key in sorted(best):
        word = key[2]
        if word in position.used:
            continue
        if word not in before:
            before[word] = _readable(old, n, word)
        if before[word]:
            continue
        moves.append(Move(key[0], key[1], word, best[key]))
    return moves
