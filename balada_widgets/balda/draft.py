"""A Balda position made by hand: a draft that may break rules, every problem named by the engine.

The lab's editor (:mod:`.lab`) edits a :class:`Draft` by clicks: a letter
typed into a cell, a cell cleared, the words played, the scores, whose turn,
the passes in a row. A :class:`~.position.Position` cannot even be built
while its letters float away from the start word, so the draft keeps the
grid as plain rows: it can be drawn, shared and edited whatever is wrong
with it. The rules stay the engine's: :meth:`Draft.problems` reads the
draft's text with :meth:`~.rules.BaldaGame.state_from_text` and lists every
problem it names (a grid that breaks D1, D2 or D7 is named first, the words
and scores once the grid is sound), and :meth:`Draft.state` is the position
to play from once there is none.

Pure Python (no UI import).

>>> from balada_widgets.balda.lexicon import Lexicon
>>> from balada_widgets.balda.rules import BaldaGame
>>> game = BaldaGame(players=2, start_word="table", lexicon=Lexicon.from_words(["table", "bath", "stab", "tab"]))
>>> d = Draft.from_text("5/S4/TABLE/H4/5 used=table,bath,stab turn=2 scores=4,4 passes=0", game)
>>> d.text()
'5/S4/TABLE/H4/5 used=table,bath,stab turn=2 scores=4,4 passes=0'
>>> d.problems(game)
[]
>>> loose = d.with_letter((0, 4), "x")
>>> loose.text(), loose.problems(game)
('4X/S4/TABLE/H4/5 used=table,bath,stab turn=2 scores=4,4 passes=0', [('D2', 'letter(s) at e5 not connected to the start word')])
>>> d.with_used(["table", "bath", "stab", "tabs"]).problems(game)[0][1]
"used word 'tabs' is not in the custom dictionary: used= lists the words already played, and only words of the dictionary can be played"
>>> d.cleared((1, 0)).with_turn(3).with_scores((4, -1)).problems(game)  # every problem of the state at once
[('D6', 'no player 4'), ('D5', 'scores cannot be negative')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Iterable, Optional, Sequence

from ..core.errors import GameError, InvalidInput, InvalidPosition, short_text
from ..kit.grid import grid_svg
from .lexicon import normalise_word
from .position import EMPTY, MAX_SIZE, MIN_SIZE, cell_name, read_rows

__all__ = ["Draft", "draft_svg"]

#: the fields of a state text the draft keeps (the paths of the words played are not kept: a hand-made
#: position has its words, not how they were read)
FIELDS = ("used", "turn", "scores", "passes", "played")


def _row_text(row: str) -> str:
    """A row in the position notation: capitals, a run of empty cells as its length."""
    def capital(ch: str) -> str:
        up = ch.upper()
        return up if len(up) == 1 and up.lower() == ch else ch  # not so for 'ß' -> 'SS'

    return re.sub(r"\.+", lambda m: str(len(m.group())), "".join(map(capital, row)))


def _whole(value: str, what: str, text: str) -> int:
    if not re.fullmatch(r"-?\d{1,6}", value or ""):
        raise InvalidInput(f"{what} is a whole number, not {short_text(value)!r}", move=short_text(text))
    return int(value)


@dataclass(frozen=True)
class Draft:
    """A hand-made Balda position (see the module docstring).

    ``rows``: the grid, top row first, lower-case letters and ``"."`` for an
    empty cell (square, odd size); ``used``: the words played after the start
    word; ``turn``: the player to move (0-based); ``scores``: one per player;
    ``passes``: the passes in a row.
    """

    rows: tuple
    used: tuple = ()
    turn: int = 0
    scores: tuple = (0, 0)
    passes: int = 0

    # ------------------------------------------------------------ making one
    @classmethod
    def of(cls, game, state) -> "Draft":
        """The draft of a game's state (its words, without their paths)."""
        pos = state.position
        if pos is None:  # no start word yet: an empty grid
            return cls(tuple(EMPTY * game.size for _ in range(game.size)), (), state.turn,
                       tuple(state.scores) or (0,) * game.players, state.passes)
        start = pos.start_word
        return cls(tuple(pos.rows), tuple(sorted(pos.used - {start})), state.turn, tuple(state.scores), state.passes)

    @classmethod
    def from_text(cls, text: str, game) -> "Draft":
        """A draft from a position or state text (as :meth:`text` and the game's ``state_to_text`` write it).

        Only what cannot be read is refused (:class:`InvalidInput`): a grid that is not square with an odd
        number of rows (``MIN_SIZE`` to ``MAX_SIZE``), a character that is not a letter, an unknown field, a
        field given twice, a number that is not whole. Whatever breaks a rule is kept, for
        :meth:`problems` to name. ``played=`` is read and left out (a hand-made position keeps its words,
        not their paths).
        """
        if not isinstance(text, str) or not text.strip():
            raise InvalidInput("paste a position such as '5/5/BALDA/5/5 used=balda turn=1 scores=0,0'")
        grid, *rest = text.split()
        rows = [normalise_word(row) for row in read_rows(grid, short_text(text))]
        n = len(rows)
        if not (MIN_SIZE <= n <= MAX_SIZE and n % 2 == 1 and all(len(r) == n for r in rows)):
            raise InvalidInput(f"the grid is a square of an odd number of rows, {MIN_SIZE} to {MAX_SIZE} "
                               f"(5/5/BALDA/5/5), not {len(rows)} rows of {', '.join(sorted({str(len(r)) for r in rows}))} "
                               f"cells", rule="D1", move=short_text(text))
        fields: dict = {}
        for token in rest:
            key, eq, value = token.partition("=")
            key = key.lower()
            if token.lower() == "over":
                continue
            if not eq or key not in FIELDS:
                raise InvalidInput(f"unknown field {short_text(token)!r}; the fields are "
                                   f"{', '.join(f + '=' for f in FIELDS)}", move=short_text(text))
            if key in fields:
                raise InvalidInput(f"the field {key + '='!r} is given twice", move=short_text(text))
            fields[key] = value
        rows_t = tuple(rows)
        start = rows_t[n // 2]
        used = tuple(dict.fromkeys(normalise_word(w) for w in fields.get("used", "").split(",") if w))
        scores = tuple(_whole(x, "a score", text) for x in fields["scores"].split(",")) if "scores" in fields \
            else (0,) * game.players
        return cls(rows_t, tuple(w for w in used if w != start), _whole(fields.get("turn", "1"), "turn", text) - 1,
                   scores, _whole(fields.get("passes", "0"), "passes", text))

    # ------------------------------------------------------------ reading it
    @property
    def size(self) -> int:
        return len(self.rows)

    @property
    def start_word(self) -> str:
        """The middle row when it is full, else ``""`` (no start word yet: a problem, D1)."""
        mid = self.rows[self.size // 2]
        return "" if EMPTY in mid else mid

    def cell(self, cell) -> Optional[str]:
        r, c = cell
        ch = self.rows[r][c]
        return None if ch == EMPTY else ch

    def text(self) -> str:
        """The position as a state text (the share form: paste it into a lab or a game's share panel)."""
        used = ",".join(w for w in (self.start_word, *self.used) if w)
        return " ".join(["/".join(_row_text(row) for row in self.rows)] + ([f"used={used}"] if used else [])
                        + [f"turn={self.turn + 1}", "scores=" + ",".join(map(str, self.scores)),
                           f"passes={self.passes}"])

    def state(self, game):
        """The game state of the draft, to play from.

        :raises GameError: every problem of the position (:class:`InvalidPosition`), or why its text cannot
            be read.
        """
        return game.state_from_text(self.text())

    def problems(self, game) -> list:
        """Every problem the engine names, as ``(rule, why)`` pairs (``[]``: a position to play from)."""
        try:
            self.state(game)
        except InvalidPosition as e:
            return list(e.problems)
        except GameError as e:
            return [(e.rule, e.reason)]
        return []

    # ------------------------------------------------------------ edits (each a new draft)
    def with_letter(self, cell, letter: str) -> "Draft":
        """``letter`` written in ``cell`` (replacing what was there).

        :raises InvalidInput: not one letter.
        """
        ch = normalise_word(letter) if isinstance(letter, str) else ""
        if len(ch) != 1 or not ch.isalpha():
            raise InvalidInput("type one letter", rule="D7", move=short_text(str(letter)))
        return self._set(cell, ch)

    def cleared(self, cell) -> "Draft":
        """``cell`` made empty."""
        return self._set(cell, EMPTY)

    def _set(self, cell, ch: str) -> "Draft":
        r, c = cell
        if not (0 <= r < self.size and 0 <= c < self.size):
            raise InvalidInput(f"cell {cell!r} is off the {self.size}x{self.size} grid")
        rows = list(self.rows)
        rows[r] = rows[r][:c] + ch + rows[r][c + 1:]
        return replace(self, rows=tuple(rows))

    def with_used(self, words: Iterable[str]) -> "Draft":
        """The words played (the start word, if given, is left out: it is the middle row).

        :raises InvalidInput: a word that is not made of letters.
        """
        out = []
        for w in words:
            word = normalise_word(w.strip()) if isinstance(w, str) else ""
            if not word:
                continue
            if not word.isalpha():
                raise InvalidInput(f"{short_text(w)!r} is not a word: a word played is made of letters", rule="D3")
            if word != self.start_word and word not in out:
                out.append(word)
        return replace(self, used=tuple(out))

    def with_turn(self, turn: int) -> "Draft":
        return replace(self, turn=turn)

    def with_scores(self, scores: Sequence[int]) -> "Draft":
        return replace(self, scores=tuple(scores))

    def with_passes(self, passes: int) -> "Draft":
        return replace(self, passes=passes)


def draft_svg(draft: Draft, selected=None, version: int = 0) -> str:
    """The draft's grid as one SVG (the start word's row on darker tiles, ``selected`` framed with a caret when
    empty); cells ``data-id="cell-c4"`` as on the live board.

    >>> svg = draft_svg(Draft(("...", "cat", "..."), ()), selected=(0, 1))
    >>> 'data-id="cell-b3"' in svg and "chosen" in svg and ">C</text>" in svg
    True
    """
    n = draft.size
    text = {(r, c): ch for r, row in enumerate(draft.rows) for c, ch in enumerate(row) if ch != EMPTY}
    classes: dict = {(n // 2, c): ["fixed"] for c in range(n)}
    carets = ()
    titles = {}
    if selected is not None:
        classes[selected] = classes.get(selected, []) + ["chosen"]
        if selected not in text:
            carets = (selected,)
        titles[selected] = (f"{cell_name(selected, n)}: chosen, " + (f"{text[selected].upper()}: type another letter, "
                            "or Backspace to clear it" if selected in text else "empty: type its letter"))
    return grid_svg(n, n, text=text, classes=classes, titles=titles, carets=carets, footer=(
        "type a letter, Backspace clears, arrows move", "click a cell, then type its letter"),
        label=f"Balda position editor, {n} by {n}", version=version)
