"""The Balada advisor: what is each choice worth?

- :func:`walk_advice` (exact): during the scoring walk, each option of the
  current decision with the round points it leads to when every later choice
  is the best one (B16).
- :func:`advise_placements` (estimate): during a turn, each legal placement
  with the expected score of the round given the cards not yet seen. The
  unseen cards are the decks minus this round's flips; the advisor samples the
  remaining flips (the same samples for every placement, so the comparison is
  fair), finishes the side with a fast greedy policy, and scores the result
  optimally. Fewer samples are needed near the end; the last turn is exact.

The expected score counts this round only (plus nothing for the night round
still to come); the carried injuries and swords are used.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from typing import Callable

from .rules import BaladaGame, BaladaState, Decide, Flip, Place, PortalMove
from .scoring import SIDE_LENGTH, Choices, best_points, score_side


@dataclass(frozen=True)
class Advice:
    """A placement and its expected round score (with the sample spread)."""

    move: Place
    expected: float
    stdev: float
    samples: int

    def __str__(self):
        return f"{self.move.event}@{self.move.space}: {self.expected:.1f} ± {self.stdev:.1f}"


def sample_futures(game: BaladaGame, state: BaladaState, n: int, seed=0) -> list[list[Flip]]:
    """``n`` sequences of the flips still to come this round, from the unseen cards."""
    rng = random.Random(seed)
    land, a, b = (list(c.elements()) for c in game.remaining_cards(state))
    k = SIDE_LENGTH - state.turn
    out = []
    for _ in range(n):
        ls, as_, bs = rng.sample(land, k), rng.sample(a, k), (rng.sample(b, k) if not game.easy else [None] * k)
        out.append([Flip(*t) for t in zip(ls, as_, bs)])
    return out


# a quick static value of drawing an event, used only to finish sampled sides
_QUICK = {"FT": 2.0, "SW": 2.5, "KY": 2.0, "CH": 2.0, "FI": 2.5, "TW": 1.5, "PR": 2.0, "BS": 1.0, "PT": 1.0}


def _rollout(lands, events, future, easy, rng) -> list:
    events = list(events)
    fish = events.count("FI")
    for f in future:
        options = [f.a] if easy or f.b is None else [f.a, f.b]
        spaces = [i for i, e in enumerate(events) if e is None and lands[i] == f.landscape]
        if not spaces:  # can't happen with B1-consistent sheets
            continue
        best, best_v = None, -1e9
        for ev in options:
            if ev == "FI":
                v = 2.0 * fish + 1
            elif ev[0] == "O":
                v = 1.0 + int(ev[1]) * 0.3
            else:
                v = _QUICK.get(ev, 1.0)
            v += rng.random() * 0.5
            if v > best_v:
                best, best_v = ev, v
        i = rng.choice(spaces)
        events[i] = best
        fish += best == "FI"
    return events


def default_samples(n_moves: int, turns_left: int) -> int:
    """How many futures to sample: fewer when there are many placements, one on the last turn."""
    return 1 if turns_left == 0 else max(8, min(40, 160 // max(1, n_moves)))


def advise_placements(game: BaladaGame, state: BaladaState, player: int, samples: int | None = None,
                      progress: Callable[[float], None] | None = None, seed=0,
                      budget: float | None = 0.15) -> list[Advice]:
    """Each legal placement of ``player`` now with its expected round score, best first.

    Every placement is scored on the same sampled futures (common random
    numbers), one future at a time for all placements, so the estimate can
    stop early and stay fair: ``samples`` futures at most (default:
    :func:`default_samples`), and with ``budget`` (seconds) no new future
    after the budget is spent, once 8 are done. ``budget=None`` always does
    every sample (the bots use that, so their play is repeatable).
    ``progress(fraction)`` is called as the work advances (for a progress bar).
    """
    if state.phase != "place" or player not in game.to_move(state):
        return []
    ps = game.sheet_of(state, player)
    moves = [m for m in game.legal_moves(state, player) if isinstance(m, Place)]
    left = SIDE_LENGTH - state.turn
    if samples is None:
        samples = default_samples(len(moves), left)
    futures = sample_futures(game, state, samples, seed) if left else [[]]
    finals = []
    for m in moves:
        events = list(ps.events)
        events[m.space - 1] = m.event
        finals.append(events)
    rngs = [random.Random(f"{seed}:{k}") for k in range(len(moves))]
    vals: list[list[int]] = [[] for _ in moves]
    start = time.perf_counter()
    for i, fut in enumerate(futures):
        for k, events in enumerate(finals):
            final = _rollout(ps.lands, events, fut, game.easy, rngs[k]) if fut else events
            vals[k].append(best_points(tuple(final), ps.injuries, ps.swords))
        if progress:
            progress((i + 1) / len(futures))
        if budget is not None and i + 1 >= 8 and time.perf_counter() - start > budget:
            break
    if progress:
        progress(1.0)
    out = [Advice(m, statistics.fmean(v), statistics.pstdev(v), len(v)) for m, v in zip(moves, vals)]
    out.sort(key=lambda a: (-a.expected, a.move.space, a.move.event))
    return out


def walk_advice(game: BaladaGame, state: BaladaState, player: int) -> list[tuple[object, int]]:
    """Each option of ``player``'s current scoring decision with the round points it leads to, best first."""
    if state.phase != "score" or player not in game.to_move(state):
        return []
    ps = state.players[player]
    w = ps.walk
    out = []
    for m in game.legal_moves(state, player):
        portals = dict(w.portal_choices)
        decisions = dict(w.decisions)
        if isinstance(m, PortalMove):
            portals[m.portal] = m.source
        elif isinstance(m, Decide):
            decisions[m.space] = m.option
        r = score_side(ps.side_text(), ps.injuries, ps.swords, Choices(tuple(sorted(portals.items())), decisions))
        out.append((m, r.points))
    out.sort(key=lambda t: -t[1])
    return out
