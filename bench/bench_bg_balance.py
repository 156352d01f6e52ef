"""Builders of Baldur's Gate balance (issue 14): where the prestige comes from, over seeded 3-player bot games.

Two sets of games, both seeded (game ``k`` of a set has seed ``"balance:<set>:<k>"``), seats rotated:

- **strong and greedy mixes**: the lineups of :data:`LINEUPS` in turn (two strong one greedy, one strong two
  greedy in every seat order, three greedy, three strong). Every prestige point of every player is attributed to
  the rule of its scoring-trace entry (``state.players[p].gains``, the record behind
  :func:`~balada_widgets.baldurs_gate.scoring.prestige_trace`): the share of all final prestige from
  **leftovers** (E9: unspent gold, supplies, favor and cards // 3), from **defence rewards** (A3 + A4), the other
  sources beside them, and the **winners' unspent gold**.
- **income only against two greedy bots**: one seat plays :class:`IncomeOnlyBot` (the income action every turn
  when it is legal, else the first legal move), the income seat rotated; its **win rate** (a shared win counts)
  and its mean prestige beside the greedy bots'.

The goals of issue 14 are in :data:`GOALS`; the baseline is the same measurement made before the retune
(:data:`BASELINE`, commit ``91181cc``, the content and bots of then, the same seeds), printed beside today's
figures: a balance figure does not depend on the machine, so unlike a timing it needs no baseline of the same
run. The time per mixed game is printed beside replaying its moves with ``game.apply`` in the same run (the
ratio is the bots' thinking; the replay must reach the same state). ``--content FILE`` measures another content file with today's bots (a teacher's file, or the old one from
``git show 91181cc:balada_widgets/baldurs_gate/data/content.json``).

Run: ``python bench/bench_bg_balance.py [--games N] [--quick] [--content FILE]`` (``--games``: games per set,
default 60; ``--quick``: 9). No figure is asserted; a game that does not end within 3,000 moves is printed
with its seed and left out of the figures (goal: none).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from balada_widgets.baldurs_gate import BaldursGateGame, make_bot
from balada_widgets.baldurs_gate.scoring import prestige_trace
from balada_widgets.baldurs_gate.state import Income
from balada_widgets.core import Session
from balada_widgets.core.bots import run_bots

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import print_rows, replay, row, timed  # noqa: E402  (bench/ is not a package)

GAMES = 60
QUICK_GAMES = 9
MAX_MOVES = 3000

LINEUPS = (
    ("strong", "greedy", "greedy"), ("greedy", "strong", "greedy"), ("greedy", "greedy", "strong"),
    ("strong", "strong", "greedy"), ("strong", "greedy", "strong"), ("greedy", "strong", "strong"),
    ("greedy", "greedy", "greedy"), ("strong", "strong", "strong"),
)

#: prestige sources by trace rule id
SOURCES = (
    ("leftovers", ("E9",)),
    ("defence", ("A3", "A4")),
    ("network", ("E7",)),
    ("districts", ("E8",)),
    ("agendas", ("E6",)),
    ("connections", ("FT2",)),
    ("tracks", ("F2", "C10")),
    ("cards", ("BLD6", "I2", "I1", "ADV2")),
    ("trades", ("W3",)),
)

GOALS = {"leftovers_share": ("<=", 0.12), "defence_share": (">=", 0.08), "income_only_win_rate": ("<=", 0.05)}

#: measured before the retune (commit 91181cc, 60 games per set, the seeds above)
BASELINE = {
    "n": 60, "leftovers_share": 0.232, "defence_share": 0.029, "income_only_win_rate": 0.0,
    "winner_gold_median": 51.0, "income_only_mean": 92.5, "greedy_mean": 123.7, "prestige_mean": 87.1,
    "shares": {"network": 0.132, "districts": 0.105, "agendas": 0.187, "connections": 0.031, "tracks": 0.225,
               "cards": 0.054, "trades": 0.006},
}


class IncomeOnlyBot:
    """Takes the income action every turn when it is legal (C13: always), else the first legal move: inside the
    income action that is the first ability on offer or Done, so it may call its worker home but builds nothing."""

    name = "income-only bot"

    def choose(self, game, state, player):
        moves = game.legal_moves(state, player)
        for m in moves:
            if type(m) is Income:
                return m
        return moves[0]


_last_state: dict = {}  # the position a game that did not end stopped at (for income_only's report)


def play(seats, seed: str, content=None):
    """One seeded game: ``(game, final state, seconds, seconds to replay its moves with apply)``, the state
    ``None`` if it did not end within :data:`MAX_MOVES` moves (reported as a failure with its seed, like
    ``bench_fuzz``'s). The replay must reach the same state, and every trace must add up to its prestige."""
    g = BaldursGateGame(players=len(seats), content=content)
    s = Session(g, seed=seed)
    bots = {p: (IncomeOnlyBot() if lv == "income" else make_bot(lv, f"{seed}:{p}")) for p, lv in enumerate(seats)}
    t = time.perf_counter()
    run_bots(s, bots, max_moves=MAX_MOVES)
    dt = time.perf_counter() - t
    if not g.is_over(s.state):
        _last_state["state"] = s.state
        return g, None, dt, 0.0
    for p in range(g.players):
        if prestige_trace(g, s.state, p).points != s.state.players[p].prestige:
            raise AssertionError(f"game {seed}: player {p + 1}'s trace does not add up to their prestige")
    rt, end = timed(replay, g, g.initial_state(), s.moves)
    if end != s.state:
        raise AssertionError(f"game {seed}: replaying its moves does not reach the same state")
    return g, s.state, dt, rt


def by_source(state) -> Counter:
    rule_to = {r: name for name, rules in SOURCES for r in rules}
    out = Counter()
    for pl in state.players:
        for gn in pl.gains:
            out[rule_to.get(gn.rule, "other")] += gn.points
    return out


def mixes(games: int, content=None, failures=None) -> dict:
    total, sources, gold, times, replays = 0, Counter(), [], [], []
    for k in range(games):
        seats = LINEUPS[k % len(LINEUPS)]
        g, st, dt, rt = play(seats, f"balance:mix:{k}", content)
        if st is None:
            failures.append(f"balance:mix:{k} {'/'.join(seats)}")
            continue
        times.append(dt)
        replays.append(rt)
        sources += by_source(st)
        total += sum(pl.prestige for pl in st.players)
        win = g.winners(st)
        gold += [st.players[p].gold for p in win]
    shares = {name: sources[name] / total for name, _ in SOURCES + (("other", ()),) if sources[name] or name != "other"}
    return {"shares": shares, "winner_gold": gold, "times": times, "replays": replays,
            "prestige_mean": total / (3 * max(1, len(times)))}


def held_up_by(g, state, seat: int) -> bool:
    """The game cannot end but by ``seat``'s build: every other player's cubes are all on the board (R10), so
    only ``seat`` can draw the bag's last tokens, and an income-only seat never builds. Not a stall of the bots'
    (they have nothing left to build with) nor of the rules' (BG9 ends a game nobody *can* build in): a player
    who refuses to build keeps the game going, as at a real table."""
    return all(g.free_cubes(state, p) <= 0 for p in range(g.players) if p != seat) and g.free_cubes(state, seat) > 0


def income_only(games: int, content=None, failures=None) -> dict:
    wins, own, rivals, times, held = 0, [], [], [], []
    for k in range(games):
        seat = k % 3
        seats = tuple("income" if p == seat else "greedy" for p in range(3))
        g, st, dt, _ = play(seats, f"balance:income:{k}", content)
        if st is None:
            last = _last_state.get("state")
            if last is not None and held_up_by(g, last, seat):
                # it cannot win: its prestige is below every greedy seat's when the game stops moving
                held.append(f"balance:income:{k}")
                continue
            failures.append(f"balance:income:{k} {'/'.join(seats)}")
            continue
        times.append(dt)
        wins += seat in g.winners(st)
        own.append(st.players[seat].prestige)
        rivals += [st.players[p].prestige for p in range(3) if p != seat]
    return {"win_rate": wins / max(1, len(own)), "own_mean": statistics.fmean(own), "greedy_mean": statistics.fmean(rivals),
            "ms": statistics.median(times) * 1000, "held": held}


def _meets(key, v) -> str:
    op, goal = GOALS[key]
    ok = v <= goal if op == "<=" else v >= goal
    return f"goal {op} {goal:.0%}: {'met' if ok else 'NOT met'}"


def table(rows: list[tuple[str, str, str, str]]) -> str:
    w = [max(len(r[i]) for r in rows) for i in range(4)]
    return "\n".join("  " + "  ".join(c.ljust(w[i]) if i == 0 else c.rjust(w[i]) if i < 3 else c
                                     for i, c in enumerate(r)).rstrip() for r in rows)


def run(quick: bool = False, games: int | None = None, content=None) -> list[dict]:
    n = games or (QUICK_GAMES if quick else GAMES)
    failures: list[str] = []
    mix = mixes(n, content, failures)
    inc = income_only(n, content, failures)
    b = BASELINE
    pct = lambda x: "-" if x is None else f"{x:.1%}"  # noqa: E731
    num = lambda x: "-" if x is None else f"{x:.1f}"  # noqa: E731
    gold_med = statistics.median(mix["winner_gold"])
    now = {"leftovers_share": mix["shares"]["leftovers"], "defence_share": mix["shares"]["defence"],
           "income_only_win_rate": inc["win_rate"]}
    rows = [("figure", f"before (n={b.get('n', '-')})", f"now (n={n})", "")]
    rows.append(("leftovers E9, share of prestige", pct(b.get("leftovers_share")), pct(now["leftovers_share"]),
                 _meets("leftovers_share", now["leftovers_share"])))
    rows.append(("defence A3+A4, share of prestige", pct(b.get("defence_share")), pct(now["defence_share"]),
                 _meets("defence_share", now["defence_share"])))
    rows.append(("income-only seat's win rate vs 2 greedy", pct(b.get("income_only_win_rate")),
                 pct(now["income_only_win_rate"]), _meets("income_only_win_rate", now["income_only_win_rate"])))
    rows.append(("winners' unspent gold, median", num(b.get("winner_gold_median")), num(gold_med), ""))
    rows.append(("income-only seat's prestige, mean", num(b.get("income_only_mean")), num(inc["own_mean"]), ""))
    rows.append(("its greedy rivals' prestige, mean", num(b.get("greedy_mean")), num(inc["greedy_mean"]), ""))
    rows.append(("prestige per player (mixes), mean", num(b.get("prestige_mean")), num(mix["prestige_mean"]), ""))
    rows.append(("games that did not end (goal: none)", "0", str(len(failures)), " ".join(failures)))
    rows.append(("income-only games held up by its seat alone", "-", str(len(inc["held"])),
                 "the others' cubes all built, the income seat never builds: " + " ".join(inc["held"])
                 if inc["held"] else ""))
    for name, share in mix["shares"].items():
        if name not in ("leftovers", "defence"):
            rows.append((f"  share from {name}", pct(b.get("shares", {}).get(name)), pct(share), ""))
    r = row("baldurs_gate: balance, 3-player bot games (strong/greedy mixes; income only vs 2 greedy)", n,
            mix["times"], mix["replays"], "replay the mixed games' moves with apply", cost=True)
    r.update({**now, "winner_gold_median": gold_med,
              "income_only_mean": inc["own_mean"], "greedy_mean": inc["greedy_mean"], "not_ended": len(failures),
              "table": table(rows)})
    return [r]


def main(argv) -> None:
    games = None
    content = None
    if "--games" in argv:
        games = int(argv[argv.index("--games") + 1])
    if "--content" in argv:
        content = argv[argv.index("--content") + 1]
    print_rows(run(quick="--quick" in argv, games=games, content=content))


if __name__ == "__main__":
    main(sys.argv[1:])
