"""Builders of Baldur's Gate benchmarks: the engine, the bots and the lab's analysis, each beside a baseline of the
same run.

Positions come from seeded games of four greedy bots, so the mix of cards,
tracks and pending steps is the game's own.

- legal decisions of a typical state (a player deciding, mid game: the
  action, a parcel, a track, a spot, a trade, an income ability):
  :meth:`BaldursGateGame.legal_moves` against the brute-force baseline that
  tries every move of the decision's move space with ``game.apply`` and keeps
  those not refused; both must give the same set, or the benchmark raises.
- a greedy bot's turn: the bots choosing and the session playing every move of
  one turn (the decisions and the chance draws), against replaying the same
  moves with ``game.apply`` alone: the ratio is the cost of the thinking.
- a whole 4-bot game (greedy bots): the game, against replaying its moves;
  the replay must end in the same state.
- the lab's :func:`analysis.networks` (networkx articulation points) against
  removing each piece of the largest network and recounting it with the
  engine's scoring; same cut points, or it raises.
- the lab's :func:`analysis.hidden_odds` from a position alone (lattice sums
  over every order of the draws) against the same odds along the known order
  of the draws (2 and 3 players).
- bot statistics by level (random, greedy, strong in mixed 3-player games,
  seats rotated): the final prestige by level and the time per game.

Run: ``python bench/bench_baldurs_gate.py`` (``--quick`` for a smoke run). No
figure is asserted; read the ratios.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import networkx as nx

from balada_widgets.baldurs_gate import BaldursGateGame, make_bot
from balada_widgets.baldurs_gate import analysis
from balada_widgets.baldurs_gate import scoring
from balada_widgets.baldurs_gate.state import (
    Begin, Build, ChooseSpot, ChooseTrack, Done, Income, IncomeLoop, Parcel, PlaceBuilding, Spot, Take, TakeOffer, Track,
    Trade, TradeChoice, Turn, Use, Worker,
)
from balada_widgets.core import GameError, Session
from balada_widgets.core.bots import run_bots

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import best_of, print_rows, replay, row, timed  # noqa: E402  (bench/ is not a package)


def greedy_game(seed: int, players: int = 4):
    g = BaldursGateGame(players=players)
    s = Session(g, seed=seed)
    bots = {p: make_bot("greedy", f"{seed}:{p}") for p in range(players)}
    return g, s, bots


def typical_states(n_games: int, per_game: int) -> list:
    """States where a player decides (after setup), spread over each game."""
    out = []
    for seed in range(n_games):
        g, s, bots = greedy_game(seed)
        run_bots(s, bots)
        deciding = [n.state for n in s.current.path()
                    if g.to_move(n.state) and not any(isinstance(tk, Begin) for tk in n.state.tasks)]
        step = max(1, len(deciding) // per_game)
        out += [(g, st) for st in deciding[::step][:per_game]]
    return out


def candidate_moves(g, s) -> list:
    """The whole move space of the pending decision: every card, district, parcel, faction, spot, trade."""
    task = s.tasks[0]
    p = task.player
    c = g.content
    cards = sorted(c.buildings)
    if isinstance(task, Turn):
        return [Build(p, x) for x in cards] + [Worker(p, d) for d in g.city.districts] + [Income(p)]
    if isinstance(task, PlaceBuilding):
        return [Parcel(p, n) for n in g.city.parcels]
    if isinstance(task, ChooseTrack):
        return [Track(p, f) for f in g.faction_ids]
    if isinstance(task, ChooseSpot):
        return [Spot(p, g.city.nodes[i]) for i in g.city.forts]
    if isinstance(task, TradeChoice):
        return [Trade(p, x) for x in ("tower", "keep", "petition", "local", "")]
    if isinstance(task, IncomeLoop):
        every = [pl.hq for pl in s.players] + cards + [x.id for x in c.gates]
        return [Use(p, x, a) for x in every for a in range(3)] + [Done(p)]
    if isinstance(task, TakeOffer):
        return [Take(p, x) for x in cards]
    return list(g.legal_moves(s))  # other steps: their own options (agendas kept, builds chosen by an ability)


def brute_legal(g, s) -> set:
    ok = set()
    for m in candidate_moves(g, s):
        try:
            g.apply(s, m)
        except GameError:
            continue
        ok.add(m)
    return ok


def turn_runs(n_games: int) -> list:
    """Per turn of greedy games: (the turn's start state, the moves the session played in that turn, the bots)."""
    out = []
    for seed in range(n_games):
        g, s, bots = greedy_game(seed)
        run_bots(s, bots)
        start, moves = None, []
        for node in s.current.path():
            st = node.parent.state
            if st.tasks and isinstance(st.tasks[0], Turn):
                if start is not None and moves:
                    out.append((g, start, moves, bots))
                start, moves = st, []
            if start is not None:
                moves.append(node.move)
    return out


def play_turn(g, state, bots, seed):
    s = Session(g, seed=seed, state=state)
    active = state.active
    run_bots(s, bots, max_moves=1)
    while not g.is_over(s.state) and not (s.state.tasks and isinstance(s.state.tasks[0], Turn)
                                          and s.state.active != active):
        run_bots(s, bots, max_moves=1)
    return s


def cut_points_by_removal(g, s, p) -> set:
    largest = scoring.largest_network(g, s, p)
    out = set()
    for i in largest:
        pieces = list(s.pieces)
        pieces[i] = None
        s2 = s._replace(pieces=tuple(pieces))
        rest = [j for j in largest if j != i]
        mine = set(rest)
        G = nx.Graph()
        G.add_nodes_from(rest)
        G.add_edges_from((a, b) for a in rest for b in g.city.adj[a] if b in mine)
        if rest and not nx.is_connected(G):
            out.add(g.city.nodes[i])
        del s2
    return out


def run(quick: bool = False) -> list[dict]:
    rows = []
    repeat = 2 if quick else 5
    # ---- legal decisions of a typical state
    states = typical_states(1 if quick else 4, 12 if quick else 30)
    fast, slow, counts = [], [], []
    for g, st in states:
        mine = set(g.legal_moves(st))
        t = time.perf_counter()
        ref = brute_legal(g, st)
        slow.append(time.perf_counter() - t)
        if mine != ref:
            raise AssertionError(f"legal_moves differs from trying every move: {sorted(map(str, mine ^ ref))[:5]}")
        fast.append(best_of(g.legal_moves, st, repeat=repeat))
        counts.append(len(mine))
    rows.append(row("baldurs_gate: legal decisions, a deciding mid-game state (4 players)", len(states), fast, slow,
                    "try every move of the decision with apply", moves_median=statistics.median(counts)))
    # ---- a greedy bot's turn
    turns = turn_runs(1 if quick else 3)
    turns = turns[:: max(1, len(turns) // (15 if quick else 60))]
    fast, slow = [], []
    for k, (g, start, moves, bots) in enumerate(turns):
        t1, s = timed(play_turn, g, start, bots, k)
        t2, end = timed(replay, g, start, s.moves)
        if end != s.state:
            raise AssertionError("replaying a turn's moves does not reach the same state")
        fast.append(t1)
        slow.append(t2)
    rows.append(row("baldurs_gate: a greedy bot's turn (decisions and chance)", len(turns), fast, slow,
                    "replay the turn's moves with apply", cost=True))
    # ---- a whole 4-bot game
    seeds = range(2 if quick else 8)
    fast, slow, lengths = [], [], []
    for seed in seeds:
        g, s, bots = greedy_game(seed)
        t1, _ = timed(run_bots, s, bots)
        t2, end = timed(replay, g, g.initial_state(), s.moves)
        if end != s.state:
            raise AssertionError("replaying a game's moves does not reach the same state")
        fast.append(t1)
        slow.append(t2)
        lengths.append(len(s.moves))
    rows.append(row("baldurs_gate: whole game, 4 greedy bots", len(seeds), fast, slow, "replay its moves with apply",
                    cost=True, moves_median=statistics.median(lengths)))
    game_ms = rows[-1]["median_ms"]
    # ---- the lab's networks
    fast, slow = [], []
    for g, st in states:
        for p in range(g.players):
            mine = {c.node for c in analysis.networks(g, st, p).cut_points}
            t = time.perf_counter()
            ref = cut_points_by_removal(g, st, p)
            slow.append(time.perf_counter() - t)
            if mine != ref:
                raise AssertionError(f"cut points differ from removing each piece: {sorted(mine ^ ref)}")
            fast.append(best_of(analysis.networks, g, st, p, repeat=repeat))
    rows.append(row("baldurs_gate: analysis.networks (articulation points)", len(fast), fast, slow,
                    "remove each piece and recount", cost=True))
    # ---- the hidden district's odds from a position alone
    fast, slow = [], []
    for players in (2, 3):
        for seed in range(2 if quick else 6):
            g = BaldursGateGame(players=players)
            sess = analysis.example_session(g, seed=seed, moves=40 + 15 * seed)
            view = g.view(sess.state, 0)
            record = analysis.draw_record(sess)
            t1, alone = timed(analysis.hidden_odds, g, view)
            t2, along = timed(analysis.hidden_odds, g, view, record)
            if sum(alone.probs.values()) != 1 or sum(along.probs.values()) != 1:
                raise AssertionError("the hidden district's odds do not sum to 1")
            fast.append(t1)
            slow.append(t2)
    rows.append(row("baldurs_gate: analysis.hidden_odds from a position alone (2-3 players)", len(fast), fast, slow,
                    "the same odds along the known order of draws", cost=True))
    # ---- bot statistics
    games = 6 if quick else 60
    t, stats = timed(analysis.bot_stats, games=games, players=3, seed=0)
    r = {"bench": "baldurs_gate: bot statistics, mixed 3-player games", "n": games, "median_ms": t / games * 1000,
         "baseline": "one game of 4 greedy bots above", "baseline_median_ms": game_ms,
         "ratio": t / games * 1000 / game_ms, "ratio_means": "x the baseline's time", "capped": stats.capped}
    for lv in stats.levels:
        sc = stats.scores(lv)
        r[f"{lv}_mean"] = statistics.fmean(sc) if sc else float("nan")
        r[f"{lv}_win_rate"] = stats.win_rate(lv)
    r["table"] = stats.text()
    rows.append(r)
    return rows


if __name__ == "__main__":
    print_rows(run(quick="--quick" in sys.argv))
