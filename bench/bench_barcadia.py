"""Heroes of Barcadia benchmarks: the engine, the bots and the lab's analysis, each beside a baseline of the same run.

Positions come from seeded games of four greedy bots on the ``grand`` dungeon,
so the mix of rooms, hands and pending steps is the game's own.

- legal moves of a typical state (the active player between moves, mid game):
  :meth:`BarcadiaGame.legal_moves` against the brute-force baseline that tries
  every move of the move space with ``game.apply`` and keeps those not refused;
  both must give the same set, or the benchmark raises.
- a greedy bot's turn: the bots choosing and the session playing every move of
  one turn (the bots' decisions, the windows, chance), against replaying the
  same moves with ``game.apply`` alone: the ratio is the cost of the thinking.
- a whole 4-bot game (greedy bots, ``grand``): the game, against replaying its
  moves; the replay must end in the same state.
- the lab's :func:`analysis.reach` (Dijkstra on a layered networkx graph)
  against exploring the engine's enter and teleport moves; same rooms, or it
  raises.
- bot statistics by level (random, greedy, strong in mixed 3-player games,
  seats rotated): win rate, turns, deaths, HP lost, Power-Ups per seat, and
  the time per game.

Run: ``python bench/bench_barcadia.py`` (``--quick`` for a smoke run). No
figure is asserted; read the ratios.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from balada_widgets.barcadia import BarcadiaGame, make_bot
from balada_widgets.barcadia.analysis import bot_stats, reach
from balada_widgets.barcadia.state import Move
from balada_widgets.core import GameError, Session
from balada_widgets.core.bots import run_bots

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import best_of, print_rows, replay, row, timed  # noqa: E402  (bench/ is not a package)


def greedy_game(seed: int):
    g = BarcadiaGame(players=4, dungeon="grand", turn_limit=400)
    s = Session(g, seed=seed)
    bots = {p: make_bot("greedy", f"{seed}:{p}") for p in range(4)}
    return g, s, bots


def typical_states(n_games: int, per_game: int) -> list:
    """Idle states (the active player between moves) from turn 8 on, spread over each game."""
    out = []
    for seed in range(n_games):
        g, s, bots = greedy_game(seed)
        run_bots(s, bots)
        idle = [n.state for n in s.current.path() if not n.state.stack and n.state.phase == "play"
                and n.state.turn >= 8]
        step = max(1, len(idle) // per_game)
        out += [(g, st) for st in idle[::step][:per_game]]
    return out


def candidate_moves(g, s) -> list:
    """The whole move space of an idle state: every verb of a turn with every room, card and option."""
    p = s.active
    rooms = range(len(s.rooms))
    out = [Move(p, v, ()) for v in ("end", "claim", "home", "mark")]
    for i in rooms:
        out += [Move(p, "reveal", (i,)), Move(p, "enter", (i,)), Move(p, "teleport", (i,)), Move(p, "scout", (i,)),
                Move(p, "rig", (i,)), Move(p, "duel", (i, 0)), Move(p, "duel", (i, 1))]
    out += [Move(p, "play", (c,)) for c in sorted(g.content.loot)]
    out += [Move(p, "disarm", (u,)) for u in sorted(g.content.powerups)]
    return out


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
    """Per turn of greedy games: (the turn's start node, the moves the session played in that turn)."""
    out = []
    for seed in range(n_games):
        g, s, bots = greedy_game(seed)
        run_bots(s, bots)
        path = s.current.path()
        start, moves = None, []
        for node in path:
            st = node.parent.state
            if st.phase != "play":
                continue
            if start is None or st.turn != start.turn:
                if start is not None and moves:
                    out.append((g, start, moves, bots))
                start, moves = st, []
            moves.append(node.move)
    return out


def play_turn(g, state, bots, seed):
    s = Session(g, seed=seed, state=state)
    turn = state.turn
    while not g.is_over(s.state) and s.state.turn == turn:
        run_bots(s, bots, max_moves=1)
    return s


def engine_walk(g, s, p) -> set:
    """Rooms reached with enter/teleport moves, explored through the engine (traps passed on a 20)."""
    seen, todo, where = {s}, [s], set()
    while todo:
        st = todo.pop()
        for m in g.legal_moves(st, p):
            if m.verb not in ("enter", "teleport"):
                continue
            t = g.apply(st, m)
            while t.stack and (g.is_chance(t) or g.to_move(t)):
                if g.is_chance(t):
                    outs = [x for x, _ in g.chance_outcomes(t)]
                    rolls = [x for x in outs if x.verb == "roll"]
                    t = g.apply(t, max(rolls, key=lambda x: x.args[1]) if rolls else outs[0])
                else:
                    w = g.to_move(t)[0]
                    ms = g.legal_moves(t, w)
                    t = g.apply(t, next((x for x in ms if x.verb == "pass"), ms[0]))
            where.add(t.players[p].at)
            if t.active == p and t.in_turn and not t.stack and t not in seen:
                seen.add(t)
                todo.append(t)
    where.discard(s.players[p].at)
    return where


def run(quick: bool = False) -> list[dict]:
    rows = []
    repeat = 2 if quick else 5
    # ---- legal moves of a typical state
    states = typical_states(2 if quick else 6, 6 if quick else 12)
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
    rows.append(row("barcadia: legal_moves, idle mid-game state (4 players)", len(states), fast, slow,
                    "try every move with apply", moves_median=statistics.median(counts)))
    # ---- a greedy bot's turn
    turns = turn_runs(1 if quick else 4)
    turns = turns[:: max(1, len(turns) // (20 if quick else 80))]
    fast, slow = [], []
    for k, (g, start, moves, bots) in enumerate(turns):
        t1, s = timed(play_turn, g, start, bots, k)
        t2, end = timed(replay, g, start, s.moves)
        if end != s.state:
            raise AssertionError("replaying a turn's moves does not reach the same state")
        fast.append(t1)
        slow.append(t2)
    rows.append(row("barcadia: a greedy bot's turn (choices, windows, chance)", len(turns), fast, slow,
                    "replay the turn's moves with apply", cost=True))
    # ---- a whole 4-bot game
    seeds = range(3 if quick else 12)
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
    rows.append(row("barcadia: whole game, 4 greedy bots, grand dungeon", len(seeds), fast, slow,
                    "replay its moves with apply", cost=True, moves_median=statistics.median(lengths)))
    # ---- the lab's reach
    fast, slow = [], []
    for g, st in states:
        p = st.active
        mine = set(reach(g, st).routes)
        t = time.perf_counter()
        ref = engine_walk(g, st, p)
        slow.append(time.perf_counter() - t)
        if mine != ref:
            raise AssertionError(f"reach differs from the engine's moves: {sorted(mine ^ ref)}")
        fast.append(best_of(reach, g, st, repeat=repeat))
    rows.append(row("barcadia: analysis.reach (layered Dijkstra)", len(states), fast, slow,
                    "explore enter/teleport moves in the engine"))
    # ---- bot statistics
    games = 9 if quick else 120
    t, stats = timed(bot_stats, games=games, players=3, seed=0)
    r = {"bench": "barcadia: bot statistics, mixed 3-player games", "n": games, "median_ms": t / games * 1000,
         "baseline": "one game of 4 greedy bots above", "baseline_median_ms": rows[2]["median_ms"],
         "ratio": t / games * 1000 / rows[2]["median_ms"], "ratio_means": "x the baseline's time",
         "capped": stats.turn_limited}
    for lv in stats.by_level:
        r[f"{lv.level}_win_rate"] = lv.win_rate
        r[f"{lv.level}_deaths"] = lv.deaths
        r[f"{lv.level}_hp_lost"] = lv.hp_lost
        r[f"{lv.level}_powerups"] = lv.powerups_gained
    r["turns_per_game"] = statistics.fmean(x.turns for x in stats.records)
    r["table"] = stats.text()
    rows.append(r)
    return rows


if __name__ == "__main__":
    print_rows(run(quick="--quick" in sys.argv))
