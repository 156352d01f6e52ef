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
from .scoring import (
    KIND_BOSS, KIND_CHEST, KIND_CHEST_KEY, KIND_NONE, KIND_OBSTACLE, SIDE_LENGTH, Choices, Layout, gain, is_obstacle,
    options_for, portal_layouts, score_side,
)


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


# ---------------------------------------------------------------- the fast exact score of a finished side
#
# The advisor scores hundreds of finished sides per answer; with Portals a side
# has up to ~100 layouts (each Portal may take any event, P2), and scoring each
# one with the trace-making optimiser made a night-round answer take seconds.
# :func:`side_points` gives exactly :func:`~.scoring.best_points` (a test
# compares them on thousands of sides), faster:
#
# - the walk is a forward pass over the spaces keeping, for each reachable
#   ``(injuries, swords, run)``, the most points; it only needs the most points
#   (not the tie-breaks of P1), so states that can no longer differ merge:
#   injuries once no Fountain or Obstacle can follow, the Princess run once no
#   Princess can follow, swords beyond the uses still possible;
# - the Portal layouts are walked in sorted order, so a layout restarts from the
#   first space where it differs from the one before (the states up to there
#   depend only on the spaces up to there and the next one);
# - an untaken Portal, a moved Fish and an empty space walk alike (nothing
#   happens, a Princess's run ends; the number of Fish never changes), so
#   layouts that differ only there are walked once.
#
# The arithmetic of a step is :func:`~.scoring.gain`'s, the only one there is.

_INERT = ("PT", "FI")
_OBSTACLE = {f"O{v}": v for v in range(1, 10)}  # an Obstacle's printed value  # walk like an empty space (the Fish count apart, which the Portals never change)


def _use(ev) -> int:
    """Swords a space can take: 2 for a Boss, 1 for an Obstacle or a Chest."""
    return 2 if ev == "BS" else 1 if ev == "CH" or is_obstacle(ev) else 0


def _walk_layouts(events: tuple) -> list:
    """The distinct walks of the Portal layouts of ``events``, sorted (inert events as ``None``)."""
    if "PT" not in events:
        return [tuple(None if e in _INERT else e for e in events)]
    walks = {tuple(None if e in _INERT else e for e in ev) for ev in portal_layouts(events)}
    return sorted(walks, key=lambda t: tuple(e or "" for e in t))


def side_points(events, injuries: int = 0, swords: int = 0) -> int:
    """The most points of a side (B16): the same number as :func:`~.scoring.best_points`, faster (see above).

    >>> side_points(("O3", "O2", "FT") + (None,) * 9)
    5
    >>> side_points(("PT", None, None, None, None, "BS") + (None,) * 6, swords=2)  # the Portal takes the Boss: 12
    12
    """
    return _side_points(tuple(events), injuries, swords)[0]


def _side_points(events: tuple, injuries: int, swords: int) -> tuple[int, int]:
    """``(points, work)``: :func:`side_points` and how many walk states it visited (the advisor's budget counts
    them: a measure of the work that is the same on every machine)."""
    n = len(events)
    fish = events.count("FI")
    walks = _walk_layouts(events)
    # what may still come from space j on, in any layout: a Portal may receive any event, any event may leave
    movable = {e for e in events if e is not None and e not in _INERT}
    possible = [movable | {None} if e == "PT" else {e, None} for e in events]
    princess, hurt, uses = [False] * (n + 1), [False] * (n + 1), [0] * (n + 1)
    for j in range(n - 1, -1, -1):
        here = possible[j]
        princess[j] = princess[j + 1] or "PR" in here
        hurt[j] = hurt[j + 1] or "FT" in here or any(is_obstacle(e) for e in here)
        uses[j] = uses[j + 1] + max(_use(e) for e in here)
    states: list = [None] * (n + 1)
    states[0] = {(injuries if hurt[0] else 0, min(swords, uses[0]), 0): 0}
    best, prev, work = 0, None, 0
    eff, kinds = [0] * n, [KIND_NONE] * n  # updated in place from where each walk differs from the one before
    for ev in walks:
        same = 0
        if prev is not None:
            while same < n and ev[same] == prev[same]:
                same += 1
        prev = ev
        key = ev.index("KY") if "KY" in ev else -1
        start = max(0, same - 1)
        # the Layout's facts from ``start`` on (before it they are those of the walk before: an Obstacle's
        # value looks at its neighbours, a Chest's kind at the first Key, which lies at or after ``same`` if moved)
        for i in range(start, n):
            e = ev[i]
            v = _OBSTACLE.get(e)
            if v is not None:
                eff[i] = v + (i > 0 and ev[i - 1] == "TW") + (i < n - 1 and ev[i + 1] == "TW")
                kinds[i] = KIND_OBSTACLE
            else:
                eff[i] = 0
                kinds[i] = (KIND_BOSS if e == "BS" else (KIND_CHEST_KEY if 0 <= key < i else KIND_CHEST) if e == "CH"
                            else KIND_NONE)
        layout = Layout(ev, eff, key, fish, kinds)
        for i in range(start, n):
            kind, nxt = kinds[i], {}
            work += len(states[i])
            keep_run, keep_hurt, cap = princess[i + 1], hurt[i + 1], uses[i + 1]
            for (inj, sw, run), pts in states[i].items():
                for o in options_for(kind, sw):
                    g, inj2, sw2, run2 = gain(layout, i, inj, sw, run, o)
                    k = (inj2 if keep_hurt else 0, sw2 if sw2 < cap else cap, run2 if keep_run else 0)
                    v = pts + g
                    if nxt.get(k, -1) < v:
                        nxt[k] = v
            states[i + 1] = nxt
        best = max(best, max(states[n].values()))
    return best + fish * fish, work


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


#: the advisor bot's budget of work per answer, in walk states visited (:func:`_side_points`): about 0.25 s
#: here; only answers whose finished sides hold Portals reach it (see :func:`advise_placements`)
BOT_WORK = 40_000
#: futures always sampled before a budget may stop the estimate
MIN_FUTURES = 8


def advise_placements(game: BaladaGame, state: BaladaState, player: int, samples: int | None = None,
                      progress: Callable[[float], None] | None = None, seed=0,
                      budget: float | None = 0.15, work: int | None = None) -> list[Advice]:
    """Each legal placement of ``player`` now with its expected round score, best first.

    Every placement is scored on the same sampled futures (common random
    numbers), one future at a time for all placements, so the estimate can
    stop early and stay fair: ``samples`` futures at most (default:
    :func:`default_samples`), and with ``budget`` (seconds) no new future
    after the budget is spent, once :data:`MIN_FUTURES` are done.
    ``budget=None`` always does every sample. ``work`` is a budget that is the
    same on every machine: no new future once the finished sides scored so far
    cost that many walk states (after :data:`MIN_FUTURES`); the bots use it
    (:data:`BOT_WORK`) with ``budget=None``, so their play is repeatable and
    their answer quick even when Portals multiply the layouts to score.
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
    scored: dict = {}  # finished side -> points: near the end of a round the same sides come back often
    start, spent = time.perf_counter(), 0
    for i, fut in enumerate(futures):
        for k, events in enumerate(finals):
            final = tuple(_rollout(ps.lands, events, fut, game.easy, rngs[k]) if fut else events)
            pts = scored.get(final)
            if pts is None:
                pts, cost = _side_points(final, ps.injuries, ps.swords)
                scored[final] = pts
                spent += cost
            vals[k].append(pts)
        if progress:
            progress((i + 1) / len(futures))
        if i + 1 >= MIN_FUTURES and ((budget is not None and time.perf_counter() - start > budget)
                                     or (work is not None and spent > work)):
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
