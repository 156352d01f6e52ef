"""Tic-tac-toe, the tiny extra game of the spec test: rules alone, per :mod:`balada_widgets.core.game`.

Cells ``a1``..``c3`` (column letter, row number from the top). A move is
``p1 b2``. ``first="o"`` lets O open; ``misere=True``: three in a row loses.
The position text is the grid by rows and whose turn: ``"x.o/.x./..o p1"``.

>>> g = TicTacToe()
>>> s = g.apply(g.initial_state(), "p1 b2")
>>> g.state_to_text(s), g.to_move(s)
('.../.x./... p2', (1,))
>>> g.apply(s, "p2 b2")
Traceback (most recent call last):
...
balada_widgets.core.errors.IllegalMove: illegal move 'p2 b2': b2 is taken already (rule T2)
"""

from __future__ import annotations

from typing import NamedTuple

from balada_widgets.core.errors import IllegalMove, InvalidInput, InvalidPosition
from balada_widgets.core.game import Game, check_player_count

CELLS = tuple(f"{c}{r}" for r in "123" for c in "abc")  # reading order: a1 b1 c1 a2 ...
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class Mark(NamedTuple):
    player: int
    cell: int  # 0..8 in reading order


class State(NamedTuple):
    grid: tuple  # 9 of "x", "o", "."
    turn: int  # the player to move (0 or 1)


class TicTacToe(Game):
    """Tic-tac-toe for two: X and O; ``first`` says which mark opens (player 1 has it)."""

    name = "tictactoe"
    title = "Tic-tac-toe"
    min_players = 2
    max_players = 2
    end_rule = "T3"

    def __init__(self, players: int = 2, first: str = "x", misere: bool = False):
        check_player_count(type(self), players)
        if first not in ("x", "o"):
            raise InvalidInput(f"first is 'x' or 'o', not {first!r}")
        self.first, self.misere = first, bool(misere)

    @property
    def options(self):
        return {"players": 2, "first": self.first, "misere": self.misere}

    @property
    def num_players(self):
        return 2

    def mark(self, player: int) -> str:
        return self.first if player == 0 else ("o" if self.first == "x" else "x")

    def initial_state(self):
        return State((".",) * 9, 0)

    def line(self, state) -> tuple | None:
        for line in LINES:
            a, b, c = (state.grid[i] for i in line)
            if a != "." and a == b == c:
                return line
        return None

    def to_move(self, state):
        return () if self.is_over(state) else (state.turn,)

    def is_over(self, state):
        return self.line(state) is not None or "." not in state.grid

    def legal_moves(self, state, player=None):
        if self.is_over(state) or player not in (None, state.turn):
            return []
        return [Mark(state.turn, i) for i, v in enumerate(state.grid) if v == "."]

    def why_illegal(self, state, move):
        if move.player != state.turn:
            return "T1", f"it is player {state.turn + 1}'s turn"
        return "T2", f"{CELLS[move.cell]} is taken already"

    def _apply(self, state, move):
        grid = list(state.grid)
        grid[move.cell] = self.mark(move.player)
        return State(tuple(grid), 1 - state.turn)

    def move_to_text(self, move):
        return f"p{move.player + 1} {CELLS[move.cell]}"

    def parse_move(self, text, state=None):
        parts = text.split() if isinstance(text, str) else []
        if len(parts) != 2 or parts[0] not in ("p1", "p2") or parts[1] not in CELLS:
            raise InvalidInput("a move is the player and a cell, like 'p1 b2' (cells a1 to c3)", move=text)
        return Mark(int(parts[0][1]) - 1, CELLS.index(parts[1]))

    def describe_move(self, state, move, viewer=None):
        return f"Player {move.player + 1} puts {self.mark(move.player).upper()} on {CELLS[move.cell]}"

    def state_to_text(self, state):
        rows = "/".join("".join(state.grid[r * 3:r * 3 + 3]) for r in range(3))
        return f"{rows} p{state.turn + 1}"

    def state_from_text(self, text):
        parts = text.split() if isinstance(text, str) else []
        rows = parts[0].split("/") if parts else []
        if len(parts) != 2 or len(rows) != 3 or any(len(r) != 3 or set(r) - set("xo.") for r in rows) \
                or parts[1] not in ("p1", "p2"):
            raise InvalidInput("a position is three rows of x, o and . and whose turn, like 'x.o/.x./..o p1'",
                               move=text)
        state = State(tuple("".join(rows)), int(parts[1][1]) - 1)
        problems = self.validate(state)
        if problems:
            raise InvalidPosition(problems)
        return state

    def validate(self, state):
        mine, theirs = (state.grid.count(self.mark(p)) for p in (0, 1))
        if mine - theirs != state.turn:  # player 1 has made one mark more exactly when player 2 is to move
            return [("T1", f"{mine} marks of player 1 and {theirs} of player 2 do not fit player "
                           f"{state.turn + 1} to move")]
        return []

    def invariants(self, state):
        return [text for _rule, text in self.validate(state)]

    def returns(self, state):
        line = self.line(state)
        if line is None:
            return [0.0, 0.0]
        winner = 0 if state.grid[line[0]] == self.mark(0) else 1
        if self.misere:
            winner = 1 - winner
        return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]

    def winners(self, state):
        if not self.is_over(state):
            return []
        r = self.returns(state)
        return [0, 1] if r[0] == r[1] else [r.index(max(r))]


def winning_cells(game: TicTacToe, state) -> set:
    """The cells where the player to move makes a line now (the lesson's oracle)."""
    out = set()
    for m in game.legal_moves(state):
        after = game.apply(state, m)
        if game.line(after) is not None:
            out.add(CELLS[m.cell])
    return out


class Bot:
    """The one bot: wins at once if it can, blocks if it must, else the first free cell from the centre."""

    level = "simple"

    def __init__(self, seed=0):
        self.seed = seed

    def choose(self, game, state, player):
        moves = game.legal_moves(state, player)
        for m in moves:  # a line now
            if game.line(game.apply(state, m)) is not None:
                return m
        other = State(state.grid, 1 - state.turn)
        for m in game.legal_moves(other):  # the other's line next: block it
            if game.line(game.apply(other, m)) is not None:
                return Mark(player, m.cell)
        order = (4, 0, 2, 6, 8, 1, 3, 5, 7)
        return min(moves, key=lambda m: order.index(m.cell))
