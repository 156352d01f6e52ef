"""Bot statistics written once (``core.bot_stats``): one seat rotation for every game, seeded games, the
results by level, for any registered game by its name and for the rooms' own analyses."""

from __future__ import annotations

import collections
import itertools

import pytest
from hypothesis import given, settings, strategies as st

from balada_widgets.core import GameError, InvalidInput
from balada_widgets.core.bot_stats import BotStats, bot_stats, game_seed, play_bot_games, plot_scores, seatings

LEVELS = ("random", "greedy", "strong", "advisor")


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.integers(1, 5))
def test_the_rotations_seat_every_level_in_every_seat_equally(n, players):
    levels = LEVELS[:n]
    cycle = seatings(levels, players)
    rotations = cycle[:n]
    for seat in range(players):
        assert collections.Counter(table[seat] for table in rotations) == collections.Counter(levels)
    assert {level for table in rotations for level in table} == set(levels)  # every level plays at once
    assert len(set(cycle)) == len(cycle)
    for table in rotations:  # the cycle holds every ordering of every table
        assert set(itertools.permutations(table)) <= set(cycle)


def test_a_list_with_repeated_levels_is_a_table_and_its_orderings():
    assert seatings(("strong", "strong", "greedy", "greedy"), 4) == (
        ("strong", "strong", "greedy", "greedy"), ("strong", "greedy", "greedy", "strong"),
        ("greedy", "greedy", "strong", "strong"), ("greedy", "strong", "strong", "greedy"),
        ("strong", "greedy", "strong", "greedy"), ("greedy", "strong", "greedy", "strong"))
    assert seatings(("greedy",), 3) == (("greedy", "greedy", "greedy"),)


def test_a_run_takes_the_tables_in_turn_with_one_seed_each():
    seen = play_bot_games(("a", "b"), 5, 2, 7, lambda table, seed: (table, seed))
    assert seen == ((("a", "b"), "7:0"), (("b", "a"), "7:1"), (("a", "b"), "7:2"), (("b", "a"), "7:3"),
                    (("a", "b"), "7:4"))
    assert game_seed("x", 3) == "x:3"
    for bad in (0, -1, 1.5, True, 10**9):
        with pytest.raises(InvalidInput, match="games is a whole number"):
            play_bot_games(("a",), bad, 2, 0, lambda table, seed: None)
    with pytest.raises(InvalidInput, match="at least one bot level"):
        seatings((), 2)


def _without_times(stats: BotStats):
    return [(g.levels, g.seed, g.scores, g.winners, g.moves, g.capped) for g in stats.games]


def test_balda_bots_by_the_games_name_seeded_and_counted():
    stats = bot_stats("balda", levels=("strong", "random"), games=2, seed=3)
    assert [g.levels for g in stats.games] == [("strong", "random"), ("random", "strong")]
    assert _without_times(stats) == _without_times(bot_stats("balda", levels=("strong", "random"), games=2, seed=3))
    assert stats.players == 2 and stats.capped == 0
    assert stats.seats("strong") == stats.seats("random") == 2
    assert abs(stats.wins("strong") + stats.wins("random") - 2) < 1e-9
    assert all(isinstance(s, int) for g in stats.games for s in g.scores)  # a whole score stays whole
    assert stats.scores("strong") == [stats.games[0].scores[0], stats.games[1].scores[1]]
    text = stats.text()
    assert text.startswith("2 games of 2 bots, seats rotated") and "- strong: 2 seats, mean score" in text


def test_balada_solo_games_take_the_levels_in_turn():
    stats = bot_stats("balada", levels=("random", "greedy"), games=2, players=1, seed=0, easy=True)
    assert [g.levels for g in stats.games] == [("random",), ("greedy",)]
    assert [g.winners for g in stats.games] == [(0,), (0,)]
    assert stats.win_rate("random") == 1.0
    assert "- greedy: 1 games, mean score" in stats.text() and "wins" not in stats.text()  # no rival, no wins


def test_bot_options_reach_the_bots_and_wrong_input_is_refused():
    stats = bot_stats("balda", levels=("greedy",), games=1, bot_options={"tier": "basic"})
    assert stats.games[0].moves > 0
    with pytest.raises(GameError, match="unknown vocabulary tier"):
        bot_stats("balda", levels=("greedy",), games=1, bot_options={"tier": "rare"})
    with pytest.raises(InvalidInput, match="unknown bot level 'genius'"):
        bot_stats("balda", levels=("genius",), games=1)
    with pytest.raises(InvalidInput, match="unknown game 'chess'"):
        bot_stats("chess")
    with pytest.raises(InvalidInput, match="Balda is for 1 to 4 players, not 9"):
        bot_stats("balda", players=9)


def test_a_game_stopped_before_its_end_is_capped_and_left_out():
    stats = bot_stats("balda", levels=("greedy", "random"), games=2, max_moves=3)
    assert stats.capped == 2 and stats.scores("greedy") == [] and stats.seats("greedy") == 0
    assert str(stats.win_rate("greedy")) == "nan"
    assert "2 stopped before the end" in stats.text()


def test_the_plot_draws_a_box_per_level():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    stats = bot_stats("balda", levels=("greedy", "random"), games=2)
    ax = plot_scores(stats, names={"greedy": "gierig"}, xlabel="points")
    assert [t.get_text() for t in ax.get_yticklabels()] == ["gierig", "random"] and ax.get_xlabel() == "points"
    plt.close("all")
    with pytest.raises(InvalidInput, match="takes the result of bot_stats"):
        plot_scores("x")
