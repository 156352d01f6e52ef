"""A tiny complete game that exercises the protocol: the race to a target.

Players take turns adding 1 or 2 to a shared total; whoever reaches the
target wins. With ``die=True`` a die is rolled (a chance move) before each
turn and a roll of 6 makes that player skip; with ``pause=True`` that die waits
for the player whose turn it is (:meth:`~.game.Game.chance_waits_for`). It documents the protocol in
a few lines and lets the core be tested without any real game.

>>> g = RaceGame(target=5)
>>> s = g.initial_state()
>>> g.legal_moves(s)
[Add(player=0, amount=1), Add(player=0, amount=2)]
>>> s = g.apply(s, "p1 +2"); s = g.apply(s, "p2 +2"); s = g.apply(s, "p1 +1")
>>> g.is_over(s), g.winners(s)
(True, [0])
>>> g.apply(s, "p2 +1")
Traceback (most recent call last):
...
balada_widgets.core.errors.IllegalMove: illegal move 'p2 +1': the game is over (rule R3)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import InvalidInput
from .game import Game


@dataclass(frozen=True)
class Add:
    player: int
    amount: int


@dataclass(frozen=True)
class Roll:
    value: int


@dataclass(frozen=True)
class RaceState:
    total: int = 0
    turn: int = 0
    rolled: int | None = None
    winner: int | None = None


class RaceGame(Game):
    name = "race"
    title = "Race to the target"
    min_players = 1
    max_players = 6
    end_rule = "R3"

    def __init__(self, players: int = 2, target: int = 10, die: bool = False, pause: bool = False):
        self.players, self.target, self.die, self.pause = players, target, die, pause

    @property
    def options(self):
        return {"players": self.players, "target": self.target, "die": self.die, "pause": self.pause}

    @property
    def num_players(self):
        return self.players

    def initial_state(self):
        return RaceState()

    def is_chance(self, state):
        return self.die and state.rolled is None and state.winner is None

    def chance_outcomes(self, state):
        return [(Roll(v), 1 / 6) for v in range(1, 7)]

    def chance_waits_for(self, state):
        return (state.turn,) if self.pause and self.is_chance(state) else ()

    def to_move(self, state):
        if state.winner is not None or self.is_chance(state):
            return ()
        return (state.turn,)

    def is_over(self, state):
        return state.winner is not None

    def legal_moves(self, state, player=None):
        if self.is_over(state):
            return []
        if self.is_chance(state):
            return [m for m, _ in self.chance_outcomes(state)]
        if player not in (None, state.turn):
            return []
        return [Add(state.turn, a) for a in (1, 2) if state.total + a <= self.target]

    def why_illegal(self, state, move):
        if isinstance(move, Add) and move.player != state.turn:
            return "R1", f"it is player {state.turn + 1}'s turn"
        return "R2", "add 1 or 2 without passing the target"

    def _apply(self, state, move):
        nxt = (state.turn + 1) % self.players
        if isinstance(move, Roll):
            if move.value == 6:
                return replace(state, turn=nxt)
            return replace(state, rolled=move.value)
        total = state.total + move.amount
        return RaceState(total, nxt, None, move.player if total == self.target else None)

    def move_to_text(self, move):
        if isinstance(move, Roll):
            return f"roll {move.value}"
        return f"p{move.player + 1} +{move.amount}"

    def parse_move(self, text, state=None):
        parts = text.split()
        try:
            if parts[0] == "roll":
                return Roll(int(parts[1]))
            return Add(int(parts[0][1:]) - 1, int(parts[1]))
        except (IndexError, ValueError):
            raise InvalidInput(f"cannot read the move {text!r}; write e.g. 'p1 +2'") from None

    def returns(self, state):
        return [1.0 if p == state.winner else 0.0 for p in range(self.players)]

    def state_to_text(self, state):
        return f"{state.total} {state.turn}"

    def state_from_text(self, text):
        a, b = text.split()
        return RaceState(int(a), int(b))


def demo_spec():
    """The race's declaration (:class:`~balada_widgets.core.spec.GameSpec`), for tests that load its save files
    by name (``registered(demo_spec())``); it is not one of the house's games, so nothing registers it."""
    from .spec import GameSpec, Option

    return GameSpec("race", "Race to the target", RaceGame, players=(1, 6),
                    options=(Option("target", 10, label="Target"), Option("die", False, label="Roll a die")))
