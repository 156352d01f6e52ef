"""The greedy and strong bots' judgement on rigged positions (issue 14: defence protects investments; gold buys
cards): what they choose and why their value says so. Whole games are in test_random_games.py."""

import pytest

from balada_widgets.baldurs_gate import BaldursGateGame, make_bot
from balada_widgets.baldurs_gate.bots import value
from balada_widgets.baldurs_gate.state import Trade, Worker
from balada_widgets.baldurs_gate.tutorial import position

G = BaldursGateGame(players=3)
OPEN = dict(avail=(7, 11, 17, 22, 26, 30, 32, 35), banned=(13, 21, 27, 34), hidden=6)


def own_action(level, seed, s):
    """The bot's turn action and its trade (if it sends its worker)."""
    bot = make_bot(level, seed)
    m = bot.choose(G, G.view(s, 0), 0)
    if type(m) is not Worker:
        return m, None
    s2 = G.apply(s, m)
    return m, bot.choose(G, G.view(s2, 0), 0)


@pytest.mark.parametrize("level", ["greedy", "strong"])
def test_a_bot_guards_a_building_before_its_district_is_attacked(level):
    # Eastway holds 3 tokens (parcels 25 built, 26 open, 27 banned): its next token starts an attack, and the
    # market there is player 1's only building. 3 gold buy a tower at the Basilisk Gatehouse (A8: it keeps
    # every building of its owner there safe, and defends alone: A3 + A4).
    s = position(G, pieces=(("P25", "market", 0),), players={0: {"hq": "BLO", "gold": 3, "supply": 0, "favor": 0},
                                                            1: {"hq": "MAN"}, 2: {"hq": "HEA"}}, **OPEN)
    assert len(s.tracks[G.district_index["EAS"]]) == 3 and G.contributions(s, "EAS") == [0, 0, 0]
    for seed in range(3):
        assert own_action(level, seed, s) == (Worker(0, "EAS"), Trade(0, "tower"))
    # the value says why: the tower (its spot still to choose) outweighs its price
    paid = G.apply(G.apply(s, Worker(0, "EAS")), Trade(0, "tower"))
    spot = next(m for m in G.legal_moves(paid, 0))
    guarded, bare = G.apply(paid, spot), G.apply(G.apply(s, Worker(0, "EAS")), Trade(0, ""))
    assert G.contributions(guarded, "EAS") == [1, 0, 0]
    assert value(G, guarded, 0, level == "strong") > value(G, bare, 0, level == "strong") + 2


@pytest.mark.parametrize("level", ["greedy", "strong"])
def test_a_bot_with_an_empty_hand_buys_cards_with_gold(level):
    s = position(G, players={0: {"hq": "BLO", "gold": 2, "supply": 2, "favor": 2}, 1: {"hq": "MAN"},
                             2: {"hq": "HEA"}}, **OPEN)
    for seed in range(3):
        assert own_action(level, seed, s) == (Worker(0, "STE"), Trade(0, "local"))  # Steeps Docks: 2 gold, 2 cards
    at = G.apply(s, Worker(0, "STE"))
    bought, kept = G.apply(at, Trade(0, "local")), G.apply(at, Trade(0, ""))
    for left in (8.0, 4.0, 1.0):  # early or late: two cards on their way are worth more than the favor kept
        assert value(G, bought, 0, left=left) > value(G, kept, 0, left=left) + 2
