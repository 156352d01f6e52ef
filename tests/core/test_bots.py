"""The one tie-break and the one level check of every game's bots (``core.bots``): the same words for an
unknown level wherever a level is taken, and a seeded choice among equally good moves."""

from __future__ import annotations

import importlib
import random

import pytest
from hypothesis import given, strategies as st

from balada_widgets.core import InvalidInput
from balada_widgets.core.bots import best_ties, check_level, choose_best
from balada_widgets.core.spec import registry

ROOMS = ("balada", "balda", "barcadia", "baldurs_gate")


@pytest.mark.parametrize("room", ROOMS)
def test_every_room_says_an_unknown_level_the_one_way(room):
    """The spec's make_bot, the room's make_bot and its bot class give the same message, naming the levels."""
    spec = registry()[room]
    bots = importlib.import_module(f"balada_widgets.{room}.bots")
    levels = ", ".join(bots.BOT_LEVELS)
    assert tuple(spec.bots) == tuple(bots.BOT_LEVELS)
    expected = f"invalid input: unknown bot level 'genius'; choose one of {levels}"
    for make in (lambda: spec.make_bot("genius"), lambda: bots.make_bot("genius")):
        with pytest.raises(InvalidInput) as caught:
            make()
        assert str(caught.value) == expected


def test_the_analyses_and_the_class_store_take_levels_the_same_way():
    from balada_widgets.baldurs_gate import analysis as bg_analysis
    from balada_widgets.barcadia import analysis as barcadia_analysis
    from balada_widgets.classroom import bots as class_bots

    for call in (lambda: bg_analysis.play_bot_game(["greedy", "genius"]),
                 lambda: bg_analysis.bot_stats(("random", "genius"), games=1, players=2),
                 lambda: barcadia_analysis.play_bot_game(["greedy", "genius"]),
                 lambda: barcadia_analysis.bot_stats(("genius",), games=1)):
        with pytest.raises(InvalidInput, match=r"^invalid input: unknown bot level 'genius'; choose one of random, "):
            call()
    with pytest.raises(InvalidInput, match=r"unknown bot level 'genius' for balda; choose one of random, greedy"):
        class_bots.make_bot("balda", "genius")


def test_check_level_names_a_wrong_type_shortly():
    with pytest.raises(InvalidInput, match=r"unknown bot level 3; choose one of a, b \(see make_bot\)"):
        check_level(3, ("a", "b"), hint="see make_bot")
    with pytest.raises(InvalidInput, match=r"characters\)"):
        check_level("x" * 500, ("a",))
    assert check_level("b", ("a", "b")) == "b"


@given(st.lists(st.integers(-3, 3), min_size=1, max_size=12), st.integers(0, 10_000))
def test_the_tie_break_is_seeded_and_picks_a_best_move(values, seed):
    items = list(enumerate(values))
    pick = choose_best(items, lambda item: item[1], random.Random(seed))
    assert pick[1] == max(values)
    assert pick == choose_best(items, lambda item: item[1], random.Random(seed))  # the same seed, the same move
    ties = best_ties(items, lambda item: item[1])
    assert [i for i, _ in ties] == [i for i, v in enumerate(values) if v == max(values)]  # in the order they came
    assert pick == random.Random(seed).choice(ties)  # the one rng.choice of every room's bots


def test_a_tolerance_ties_float_sums_and_nothing_to_choose_is_refused():
    values = [0.1 + 0.2, 0.3, 0.29]
    assert best_ties(values, float) == [0.1 + 0.2]  # exact: 0.30000000000000004 beats 0.3
    assert best_ties(values, float, tolerance=1e-9) == [0.1 + 0.2, 0.3]
    calls = []
    best_ties([1, 2, 3], lambda v: calls.append(v) or v)
    assert calls == [1, 2, 3]  # the value of each move is measured once
    with pytest.raises(InvalidInput, match="no move to choose from"):
        choose_best([], float, random.Random(0))
