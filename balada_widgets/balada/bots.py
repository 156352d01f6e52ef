"""Balada bots at three strengths, all choosing among ``legal_moves``.

- ``random``: a random symbol in a random allowed space, random walk choices;
  it never spends the Change of Landscape.
- ``greedy``: the placement that most raises the best score of the side as it
  stands now (empty spaces count as empty); the walk choices are the best ones.
- ``advisor``: the placement with the highest expected round score from
  :func:`~.advisor.advise_placements`, within a budget of work that is the
  same on every machine (:data:`~.advisor.BOT_WORK`: its answers stay
  repeatable for a seed and under half a second); the walk choices are the
  best ones.

>>> from balada_widgets.balada.rules import BaladaGame
>>> from balada_widgets.core.session import Session
>>> from balada_widgets.core.bots import run_bots
>>> g = BaladaGame(players=2, easy=True)
>>> s = Session(g, seed=4)
>>> _ = run_bots(s, {0: make_bot("greedy", 1), 1: make_bot("random", 2)})
>>> g.is_over(s.state)
True
"""

from __future__ import annotations

import random

from ..core.bots import check_level, choose_best
from .advisor import BOT_WORK, advise_placements, walk_advice
from .rules import BaladaGame, Place, Swap
from .scoring import best_points

BOT_LEVELS = ("random", "greedy", "advisor")


class BaladaBot:
    """A bot of one level (see the module docstring)."""

    def __init__(self, level: str = "greedy", seed=0, samples: int | None = None, work: int | None = BOT_WORK):
        self.level = check_level(level, BOT_LEVELS)
        self.name = f"{level} bot"
        self.rng = random.Random(seed)
        self.samples = samples
        self.work = work  # the advisor's budget per answer (None: every sample)

    def choose(self, game: BaladaGame, state, player: int):
        moves = game.legal_moves(state, player)
        if state.phase == "score":
            if self.level == "random":
                return self.rng.choice(moves)
            return walk_advice(game, state, player)[0][0]
        places = [m for m in moves if not isinstance(m, Swap)]
        if self.level == "random":
            return self.rng.choice(places)
        if self.level == "greedy":
            ps = game.sheet_of(state, player)

            def points(m) -> int:  # the side's best score with the symbol placed
                events = list(ps.events)
                events[m.space - 1] = m.event
                return best_points(tuple(events), ps.injuries, ps.swords)

            return choose_best(places, points, self.rng)
        advice = advise_placements(game, state, player, samples=self.samples, seed=self.rng.random(), budget=None,
                                   work=self.work)
        return advice[0].move


def make_bot(level: str = "greedy", seed=0, samples: int | None = None, work: int | None = BOT_WORK) -> BaladaBot:
    """A Balada bot: ``"random"``, ``"greedy"`` or ``"advisor"`` (``work``: the advisor's budget, see
    :data:`~.advisor.BOT_WORK`)."""
    return BaladaBot(level, seed, samples, work)


__all__ = ["BOT_LEVELS", "BaladaBot", "Place", "make_bot"]
