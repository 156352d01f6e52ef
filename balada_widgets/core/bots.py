"""Bots: any object with ``choose(game, state, player) -> move``.

:func:`run_bots` lets the bots of a session move until a human must decide,
so a UI or a script plays "humans against bots" and "bots against bots" the
same way. Bots only ever pick among :meth:`Game.legal_moves`.

>>> from balada_widgets.core.demo import RaceGame
>>> from balada_widgets.core.session import Session
>>> s = Session(RaceGame(players=2), seed=0)
>>> run_bots(s, {0: RandomBot(1), 1: RandomBot(2)}) > 0, s.game.is_over(s.state)
(True, True)
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Protocol


class Bot(Protocol):
    name: str

    def choose(self, game, state, player: int) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal moves (seeded)."""

    name = "random"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, game, state, player):
        return self.rng.choice(game.legal_moves(state, player))


def run_bots(session, bots: Mapping[int, Bot], max_moves: int = 100_000) -> int:
    """Play bot moves while some waiting player is a bot; return how many were played.

    With simultaneous choices the bots among the waiting players move one after
    the other; the loop stops when only humans are waited for, or the game ends.
    """
    game = session.game
    played = 0
    while played < max_moves and not game.is_over(session.state):
        waiting = [p for p in game.to_move(session.state) if p in bots]
        if not waiting:
            break
        p = waiting[0]
        # a bot sees what its player may see, never the others' hidden choices
        session.play(bots[p].choose(game, game.view(session.state, p), p))
        played += 1
    return played
