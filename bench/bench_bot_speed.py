"""How long a bot takes to answer, per game, level and round, and how soon a review shows its first decision
(issue 14: a bot's answer at most 0.5 s at p95 in every game and round; the review's first decision within 2 s).

- **bot answers.** Seeded games of bots of one level (every seat), each ``bot.choose`` timed (wall clock and
  the process's CPU time, which a loaded machine inflates less). Grouped by game, level and round: Balada's
  day and night round (placements; the scoring walk apart), Balda's, Barcadia's and Baldur's Gate's thirds of
  the game (early, middle, late by decision). Baseline of the same run: one ``game.legal_moves`` call at the
  same positions (median); the ratio is the bot's p95 in those calls. Absolute p50 / p95 / max beside it.
- **the review.** Balada: a full two-player game (a random bot's seat reviewed, 24 futures a placement, as the
  app); Balda: a whole English game on each of the app's grids (5x5 and 7x7, the grid filled), random against
  strong, every turn of the reviewed seat measured. The time to the first decision measured
  (``review_steps``' first review), to the first moment shown, and to the whole review (the baseline: the ratio
  says which share of the whole the learner waits).
- **the advisor's play** (not with ``--quick``): the Balada advisor bot's average score against a greedy bot
  over the same seeded games with its budget of work (:data:`~balada_widgets.balada.advisor.BOT_WORK`) and
  without (every sample), and each one's answer times: the budget must cost no score beyond noise.

Barcadia's and Baldur's Gate's bots are measured here for their owners; nothing is asserted (benchmarks are
read). ``python bench/bench_bot_speed.py [--quick]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from balada_widgets.core.session import Session

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import best_of, print_rows  # noqa: E402  (bench/ is not a package)

GOAL_S = 0.5  # a bot's answer, p95
REVIEW_GOAL_S = 2.0  # the review's first decision


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * (len(xs) - 1) + 0.5))]


def thirds(k, n):
    return ("early", "middle", "late")[min(2, 3 * k // max(1, n))]


def play_timed(game, seed, bots, stage_of):
    """Play a seeded game of ``bots``; ``[(stage, wall, cpu, legal_moves seconds)]`` per bot answer."""
    s = Session(game, seed=seed)
    calls = []
    while not game.is_over(s.state):
        waiting = game.to_move(s.state)
        if not waiting:
            raise AssertionError(f"{game.name}: nobody to move in a game that is not over")
        p = waiting[0]
        view = game.view(s.state, p)
        stage = stage_of(s.state, view)
        c, t = time.process_time(), time.perf_counter()
        move = bots[p].choose(game, view, p)
        wall, cpu = time.perf_counter() - t, time.process_time() - c
        base = best_of(game.legal_moves, view, p, repeat=1) if len(calls) % 3 == 0 else None
        calls.append([stage, wall, cpu, base])
        s.play(move)
    # the game's thirds, once its length is known
    n = len(calls)
    for k, c in enumerate(calls):
        if c[0] is None:
            c[0] = thirds(k, n)
    return calls, s


def bot_rows(name, make_game, make_bot, levels, seeds, stage_of, players):
    rows = []
    for level in levels:
        calls = []
        for seed in seeds:
            game = make_game()
            bots = {p: make_bot(level, f"{seed}:{p}") for p in range(players)}
            calls += play_timed(game, seed, bots, stage_of)[0]
        for stage in dict.fromkeys(c[0] for c in calls):
            got = [c for c in calls if c[0] == stage]
            wall = [c[1] for c in got]
            cpu = [c[2] for c in got]
            base = [c[3] for c in got if c[3] is not None] or [min(wall)]
            p95, b = pct(wall, 0.95), statistics.median(base)
            rows.append({"bench": f"{name}: {level} bot's answer, {stage}", "n": len(got),
                         "median_ms": statistics.median(wall) * 1000, "p90_ms": pct(wall, 0.9) * 1000,
                         "p95_ms": p95 * 1000, "max_ms": max(wall) * 1000, "cpu_p95_ms": pct(cpu, 0.95) * 1000,
                         "baseline": "one legal_moves call at the same positions", "baseline_median_ms": b * 1000,
                         "ratio": p95 / b if b else float("inf"), "ratio_means": "x the baseline's time (p95)",
                         "goal": f"p95 <= {GOAL_S * 1000:.0f} ms", "meets": p95 <= GOAL_S})
    return rows


# ---------------------------------------------------------------- the games


def balada_rows(quick):
    from balada_widgets.balada.bots import BOT_LEVELS, make_bot
    from balada_widgets.balada.rules import BaladaGame

    def stage(state, view):
        if state.phase == "score":
            return "scoring walk"
        return ("day", "night")[state.round]

    return bot_rows("balada (2 players)", lambda: BaladaGame(players=2), lambda lv, sd: make_bot(lv, seed=sd),
                    BOT_LEVELS, range(2 if quick else 6), stage, 2)


def balda_rows(quick):
    from balada_widgets.balda.bots import BOT_LEVELS, make_bot
    from balada_widgets.balda.rules import BaldaGame

    return bot_rows("balda (2 players, English)", lambda: BaldaGame(players=2),
                    lambda lv, sd: make_bot(lv, seed=sd), BOT_LEVELS, range(1 if quick else 4),
                    lambda st, v: None, 2)


def barcadia_rows(quick):
    from balada_widgets.barcadia import BarcadiaGame, make_bot
    from balada_widgets.barcadia.bots import BOT_LEVELS

    return bot_rows("barcadia (4 players)", lambda: BarcadiaGame(players=4), lambda lv, sd: make_bot(lv, seed=sd),
                    BOT_LEVELS, range(1 if quick else 3), lambda st, v: None, 4)


def baldurs_gate_rows(quick):
    from balada_widgets.baldurs_gate.bots import BOT_LEVELS, make_bot
    from balada_widgets.baldurs_gate.rules import BaldursGateGame

    return bot_rows("baldurs_gate (3 players)", lambda: BaldursGateGame(players=3),
                    lambda lv, sd: make_bot(lv, seed=sd), BOT_LEVELS, range(1 if quick else 3),
                    lambda st, v: None, 3)


# ---------------------------------------------------------------- the review


def review_row(name, session, player, steps_of):
    t0 = time.perf_counter()
    first = first_moment = None
    last = None
    for last in steps_of(session, player):
        now = time.perf_counter() - t0
        if first is None:
            first = now
        if first_moment is None and last.moments:
            first_moment = now
    whole = time.perf_counter() - t0
    if not last.complete:
        raise AssertionError("the last review of review_steps is not complete")
    return {"bench": f"{name}: the review's first decision shown", "n": last.looked_at,
            "median_ms": first * 1000, "p90_ms": first * 1000,
            "first_moment_ms": (first_moment or whole) * 1000, "moments": len(last),
            "baseline": "the whole review", "baseline_median_ms": whole * 1000,
            "ratio": first / whole if whole else 0.0, "ratio_means": "x the baseline's time",
            "goal": f"<= {REVIEW_GOAL_S * 1000:.0f} ms", "meets": first <= REVIEW_GOAL_S}


def review_rows(quick):
    from balada_widgets.balada.bots import make_bot as balada_bot
    from balada_widgets.balada.review import review, review_steps
    from balada_widgets.balada.rules import BaladaGame
    from balada_widgets.balda.bots import make_bot as balda_bot
    from balada_widgets.balda.review import decisions as balda_decisions, review as balda_review
    from balada_widgets.balda.review import review_steps as balda_steps
    from balada_widgets.balda.rules import BaldaGame
    from balada_widgets.core.bots import run_bots

    s = Session(BaladaGame(players=2), seed=25)
    run_bots(s, {0: balada_bot("random", seed="25:0"), 1: balada_bot("greedy", seed="25:1")})
    rows = [review_row("balada (full game, 24 futures a placement)", s, 0, review_steps)]
    if not quick and rows[0]["moments"] != len(review(s, 0)):
        raise AssertionError("review_steps and review disagree")
    for size in (5, 7):  # the app's two grids, each a whole game: the grid filled, every turn of the seat reviewed
        b = Session(BaldaGame(players=2, size=size), seed=3)
        run_bots(b, {0: balda_bot("random", seed=1), 1: balda_bot("strong", seed=2)})
        if not b.state.position.is_full():
            raise AssertionError(f"the Balda {size}x{size} game reviewed did not fill its grid (not a whole game)")
        words = sum(1 for node in b.current.path()[1:] if not node.by_chance)
        row = review_row(f"balda (English {size}x{size}, a whole game: {words} words, random vs strong)",
                         b, 0, balda_steps)
        if row["n"] != len(balda_decisions(b, 0)) or row["n"] < (size * size - size) // 2:
            raise AssertionError(f"the Balda {size}x{size} review did not look at every turn of the seat")
        if row["moments"] != len(balda_review(b, 0)):
            raise AssertionError("review_steps and review disagree (balda)")
        rows.append(row)
    return rows


# ---------------------------------------------------------------- the advisor's play, with and without its budget


def advisor_rows(games):
    from balada_widgets.balada.bots import make_bot
    from balada_widgets.balada.rules import BaladaGame

    out = {}
    for label, work in (("budget", "default"), ("every sample", None)):
        scores, wins, times = [], 0, []
        for seed in range(games):
            a = seed % 2
            kw = {} if work == "default" else {"work": None}
            bots = {a: make_bot("advisor", seed=f"{seed}:{a}", **kw), 1 - a: make_bot("greedy", seed=f"{seed}:{1 - a}")}
            calls, s = play_timed(BaladaGame(players=2), seed, bots, lambda st, v: st.phase)
            totals = [ps.total for ps in s.state.players]
            scores.append(totals[a])
            wins += totals[a] > totals[1 - a]
            times += [c[1] for k, c in enumerate(calls) if c[0] == "place"]
        out[label] = (scores, wins, times)
    (sb, wb, tb), (sf, wf, tf) = out["budget"], out["every sample"]
    sd = statistics.stdev([x - y for x, y in zip(sb, sf)]) if games > 1 else 0.0
    return [{"bench": "balada: the advisor bot's score against greedy, with its budget", "n": games,
             "median_ms": pct(tb, 0.95) * 1000, "p90_ms": pct(tb, 0.9) * 1000,
             "mean_score": statistics.fmean(sb), "wins": wb,
             "baseline": "every sample (no budget), same seeds", "baseline_median_ms": pct(tf, 0.95) * 1000,
             "baseline_mean_score": statistics.fmean(sf), "baseline_wins": wf,
             "score_difference": statistics.fmean(sb) - statistics.fmean(sf), "difference_sd_per_game": sd,
             "ratio": pct(tf, 0.95) / pct(tb, 0.95), "ratio_means": "x faster than the baseline (p95 answer, all seats)"}]


def run(quick: bool = False) -> list[dict]:
    rows = balada_rows(quick) + balda_rows(quick) + barcadia_rows(quick) + baldurs_gate_rows(quick)
    rows += review_rows(quick)
    if not quick:
        rows += advisor_rows(10)
    return rows


def main(argv):
    rows = run(quick="--quick" in argv)
    print_rows(rows)
    for r in rows:
        if "p95_ms" in r:
            print(f"  {r['bench']}: p50 {r['median_ms']:.0f} ms, p95 {r['p95_ms']:.0f} ms (CPU {r['cpu_p95_ms']:.0f}), "
                  f"max {r['max_ms']:.0f} ms{'' if r['meets'] else '  <-- misses the goal'}")
        elif "first_moment_ms" in r:
            print(f"  {r['bench']}: first decision {r['median_ms']:.0f} ms, first moment {r['first_moment_ms']:.0f} ms, "
                  f"whole review {r['baseline_median_ms']:.0f} ms ({r['n']} decisions, {r['moments']} moments)")
        elif "mean_score" in r:
            print(f"  {r['bench']}: {r['mean_score']:.2f} ({r['wins']}/{r['n']} won) vs every sample "
                  f"{r['baseline_mean_score']:.2f} ({r['baseline_wins']}/{r['n']}); difference "
                  f"{r['score_difference']:+.2f} (sd per game {r['difference_sd_per_game']:.2f})")


if __name__ == "__main__":
    main(sys.argv[1:])
