"""Bots for Builders of Baldur's Gate: ``random``, ``greedy`` and ``strong``.

A bot sees only its player's view (``game.view(state, player)``, through
:func:`~balada_widgets.core.bots.run_bots`) and picks among
``game.legal_moves(view, player)``.

- ``random``: any legal move (seeded).
- ``greedy``: for each option, plays the rest of its own action greedily
  (each own follow-up decision picked by the value right after it) until the
  decision passes to chance or another player, then scores that position with
  :func:`value` and keeps the best.
- ``strong``: the same search with a wider look at its own follow-ups (the
  best two at each step, not only the first), and each position scored
  against the best opponent's value (``RIVALRY``), so a move that feeds a
  rival (connection bonuses, a shared defence) counts against it.

Before an option is scored, what it started is finished (``BaldursGateBot._settle``:
the spot of a fortification just paid for, the track of influence, the card
taken from the offer), so a trade is never judged with its price paid and its
goods not yet in hand.

:func:`value` is an estimate of the final prestige of a player from a
position: prestige so far, the final scoring if the game ended now (largest
network, districts, leftovers, agendas within reach), plus what resources,
cards, track progress and card abilities are still worth with the turns left,
plus the defence ahead (:func:`_defence`: the expected A3/A4 rewards of one's
towers and keeps, the buildings an attack would damage), plus a tempo bonus
per building built: only builds draw tokens, so only they
bring the end nearer, and an income engine can outscore a build turn after
turn; without the bonus bots would take income forever and the game would
never end (the rules have no other end). The bonus alone is not always enough
(two bots with rich income engines and empty hands), so a greedy or strong bot
is also patient only so long: after ``IDLE_TURNS`` own turns with the bag
unchanged it hurries (``HURRY``: getting a card and building it come first)
until the bag moves again; and it keeps cubes for the builds still to come
(``CUBE_RESERVE``: fortifications take cubes too, R10). Every seeded game of
bots in the tests ends (a seat that never builds, as the income-only seat of
``bench/bench_bg_balance.py``, can still hold the last cards for ever).

>>> from balada_widgets.baldurs_gate.rules import BaldursGateGame
>>> from balada_widgets.core import Session
>>> from balada_widgets.core.bots import run_bots
>>> g = BaldursGateGame(players=2)
>>> s = Session(g, seed=1)
>>> run_bots(s, {0: make_bot("greedy", 1), 1: make_bot("random", 2)}) > 50, g.is_over(s.state)
(True, True)
"""

from __future__ import annotations

import random
from typing import Optional

from ..core.bots import check_level, choose_best
from ..core.errors import InvalidInput
from . import scoring
from .content import AGENDA_LEVEL
from .state import BaldursGateState, ChooseSpot, ChooseTrack, DealCard, Effect, TakeOffer, Turn, Worker

BOT_LEVELS = ("random", "greedy", "strong")
TEMPO = 4.0  # value of each building built, beyond what it scores (see value())
HURRY = 20.0  # a build's (and a card's) worth once the bot sees the game stall (see BaldursGateBot.choose)
CUBE_RESERVE = 3.0  # value of each cube short of the builds still to come (see value())
IDLE_TURNS = 3  # own turns with the bag unchanged before a bot hurries


def turns_left(game, s: BaldursGateState) -> float:
    """Rough number of own turns left: the bag drains by about one token per build."""
    bag = game.bag_count(s)
    if s.end_by is not None:
        return 1.0 if (s.final_left or 0) > 0 else 0.0
    return 1.0 + bag * 1.6 / game.players


def value(game, s: BaldursGateState, p: int, strong: bool = False, left: Optional[float] = None,
          hurry: bool = False) -> float:
    """Estimated final prestige of ``p`` from ``s`` (a view of ``p`` is enough).

    ``left`` (own turns left) is best taken from the position where the decision starts and kept fixed while
    comparing options: otherwise a build, which draws a token and so moves the clock, would look as if it
    shrank the future worth of every card.
    """
    pl = s.players[p]
    c = game.content
    if s.over:
        return float(pl.prestige)
    if left is None:
        left = turns_left(game, s)
    late = min(1.0, left / 8.0)  # how much an engine is still worth (1 early, 0 at the end)
    mine, kinds, build_in, total_def, my_def, top_def, present, net = _board(game, s.pieces, p)
    v = float(pl.prestige)
    v += scoring.NETWORK_POINTS * len(net) + scoring.DISTRICT_POINTS * len(present)
    # resources: their leftover value (E9) at the end; before that what they can buy, with diminishing
    # returns (gold the hand cannot use is worth little, the first cards in hand a lot)
    rate = (1 - late) / scoring.LEFTOVER_DIVISOR
    hand = [x for x in pl.hand if x in c.buildings]
    v += rate * (pl.gold + pl.supply + pl.favor + len(hand))
    need = sum(c.buildings[x].cost for x in hand[:3]) + 5
    gold_use = min(pl.gold, need)
    sup_use = min(pl.supply, 4)
    fav_use = min(pl.favor, 4)
    v += late * (0.15 * gold_use + 0.01 * (pl.gold - gold_use) + 0.5 * sup_use + 0.05 * (pl.supply - sup_use)
                 + 0.55 * fav_use + 0.05 * (pl.favor - fav_use))
    # a card in hand is the next build (the tempo below), as long as it can still be built; cards still to be
    # dealt to the player (a draw waits for chance) count as in hand
    # near the end, leftovers make income worth ~3 prestige a turn, so a build (and a card that will be one) must
    # be worth more then, or bots would take income one token before the end for ever
    tempo = TEMPO + 4.0 * (1 - late)
    coming = _coming_cards(s, p)
    cards = len(hand) + coming
    # a card is a build only while a cube is free for it (R10: forts take cubes too); beyond that it is leftovers
    free = max(0, game.free_cubes(s, p))
    buildable = min(cards, free)
    if s.avail or s.bag:
        v += sum((0.5 + 0.5 * tempo, 0.3 * tempo, 0.2 * tempo)[:buildable]) + 0.05 * max(0, buildable - 3)
        # and cubes kept for the builds still to come (half the bag and one more: the others may build less):
        # fortifications that take the last of them leave the cards in hand unbuilt and the game without an end
        v -= CUBE_RESERVE * max(0.0, 1 + game.bag_count(s) / 2 - free)
    v += coming * rate + late * 0.5 * max(0, min(coming, buildable - len(hand)))
    # no card in hand nor on the way: favor and supplies are the way to cards (trades, draw abilities), which
    # takes a few turns a one-action look cannot see; value them by the builds they unlock
    starving = not cards and bool(s.bag)
    if starving:  # (less than a card in hand is worth, or buying one would look like a loss)
        v += min(0.6 * (0.5 + 0.5 * tempo), 0.3 * tempo * min(pl.favor, 2) + 0.15 * tempo * min(pl.supply, 2))
    # income abilities in the portfolio, worth their uses still to come; tempo: only builds move the game's
    # clock (a token per build); a bot that values an endless income loop above building would never let the
    # game end, so every building built is worth a bonus
    with_ability, built = _portfolio(game, pl.portfolio)
    v += min(left, 6.0) * 0.45 * with_ability + tempo * built
    if hurry:
        # the bag has not moved for a while (see BaldursGateBot.choose): cards and builds before anything else
        v += HURRY * (2 * built + min(buildable, 2)) + (HURRY / 4) * min(pl.favor, 2) * (not cards)
        if hand and buildable:  # and the gold to build the cheapest card in hand, kept for it
            cheapest = min(c.buildings[x].cost for x in hand)
            v += (HURRY / 2) * min(1.0, pl.gold / max(1, cheapest))
    # faction tracks: rewards ahead, the agenda threshold
    levels = [min(x, game.track_len) for x in pl.influence]
    v += late * 0.9 * sum(levels)
    agendas = [c.agendas[a] for a in pl.agendas if a in c.agendas]
    if agendas:
        pts = sorted((min(a.cap, a.rate * _agenda_count(game, s, p, a, kinds, build_in, net, levels))
                      for a in agendas), reverse=True)
        slots = sum(1 for lv in levels if lv >= AGENDA_LEVEL)
        v += sum(pts[:slots])
        near = sorted((lv for lv in levels if lv < AGENDA_LEVEL), reverse=True)
        for k, lv in enumerate(near[:max(0, len(pts) - slots)]):
            want = pts[slots + k] if slots + k < len(pts) else 0
            v += want * (lv / AGENDA_LEVEL) ** 2 * (0.5 + 0.5 * late)
    v += _defence(game, s, build_in, total_def, my_def, top_def)
    if not pl.worker and not starving:
        v += 1.0  # a worker at home can trade next turn (W1); out, it waits for a build or the HQ's ability
    return v


DEFENCE_REWARD = 1.2  # weight of the expected A3/A4 prestige of a contribution (others may still tie or fail it)
AT_RISK = 3.0  # what a building that an attack would damage is worth (network, district, agendas: C8)


def _defence(game, s: BaldursGateState, build_in: dict, total_def: dict, my_def: dict, top_def: dict) -> float:
    """A1-A9, C6: the defence rewards ahead and the buildings at risk, over the districts not yet attacked.

    Every district but the hidden one is attacked once, on its 4th token, at the strength of the attacks before
    it; the hidden one at the end at the last strength. A district's expected strength follows from how many
    tokens it still needs against the others (fewer: sooner, weaker) and its odds of being the hidden one (its
    unseen tokens over all unseen). A contribution is worth the expected reward (A3, and A4 again when it is the
    largest alone) times the odds the defence holds; a building in a district where the player contributes
    nothing is at risk (A7) unless the defence already holds. One tower is enough to keep all one's buildings
    there safe (A8), which is what makes a tower in a district one builds in worth its price.
    """
    track = game.content.strength_track
    need: dict[str, int] = {}
    for k, d in enumerate(game.city.districts):
        tokens = len(s.tracks[k])
        if tokens < 4:
            need[d] = 4 - tokens
    if not need:
        return 0.0
    unseen = sum(need.values()) or 1
    last = len(track) - 1
    ends = len(need) == 1  # the eight mid-game attacks are over: the one left is the hidden district's, at the end
    v = 0.0
    for d, n in need.items():
        mine_d = my_def.get(d, 0)
        at_risk = build_in.get(d, 0) and not mine_d
        if not mine_d and not at_risk:
            continue
        if ends:
            strength = float(track[last])
        else:
            ahead = sum(1 for m in need.values() if m < n) + 0.5 * (sum(1 for m in need.values() if m == n) - 1)
            pos = min(float(last - 1), s.strength + ahead)
            lo = int(pos)
            mid = track[lo] + (pos - lo) * (track[min(lo + 1, last)] - track[lo])
            hidden = n / unseen
            strength = (1 - hidden) * mid + hidden * track[last]
        defence = total_def.get(d, 0)
        held = 0.95 if defence >= strength else 0.45 if defence + 1 >= strength else 0.1
        if mine_d:
            lone = mine_d > top_def.get(d, 0)
            v += DEFENCE_REWARD * held * strength * (2.0 if lone else 1.0)
        else:
            soon = 1.0 if n <= 1 or ends else 0.75 if n == 2 else 0.5  # later, there is time to fortify
            v -= build_in[d] * AT_RISK * (1.0 - held) * soon
    return v


def _coming_cards(s: BaldursGateState, p: int) -> int:
    """Building cards on their way to ``p``'s hand: deals waiting for chance, picks from the offer, draws of an
    effect still to run (so a trade that buys a card is not valued below keeping its price)."""
    n = 0
    for tk in s.tasks:
        cls = type(tk)
        if cls is DealCard:
            n += tk.to == p
        elif cls is TakeOffer:
            n += tk.player == p and bool(s.offer)
        elif cls is Effect and tk.player == p:
            n += sum(a[1] for a in tk.atoms if a[0] == "draw")
    return n


_BOARD_CACHE: dict = {}
_PORTFOLIO_CACHE: dict = {}


def _portfolio(game, portfolio: tuple) -> tuple[int, int]:
    """(cards with an income ability, building cards) of a portfolio (cached)."""
    key = (portfolio, id(game))
    got = _PORTFOLIO_CACHE.get(key)
    if got is None:
        c = game.content
        got = (sum(1 for x in portfolio if c.abilities(x, game.advanced)), sum(1 for x in portfolio if x in c.buildings))
        if len(_PORTFOLIO_CACHE) > 4096:
            _PORTFOLIO_CACHE.clear()
        _PORTFOLIO_CACHE[key] = got
    return got


def _board(game, pieces: tuple, p: int):
    """What the board means for ``p`` (cached: most options leave the board as it was)."""
    key = (id(pieces), p, id(game))
    got = _BOARD_CACHE.get(key)
    if got is not None and got[0] is pieces:
        return got[1]
    dist_of = game.city.district_of
    dv = game.content.defence
    mine: set[int] = set()
    kinds: dict[str, int] = {}
    build_in: dict[str, int] = {}
    total_def: dict[str, int] = {}
    my_def: dict[str, int] = {}
    other_def: dict[tuple, int] = {}
    present: set[str] = set()
    for i, pc in enumerate(pieces):
        if pc is None:
            continue
        k = pc.kind
        if k in _FORTS:
            d = dist_of[i]
            total_def[d] = total_def.get(d, 0) + dv.get(k, 0)
            if pc.owner == p:
                my_def[d] = my_def.get(d, 0) + dv.get(k, 0)
            else:
                other_def[d, pc.owner] = other_def.get((d, pc.owner), 0) + dv.get(k, 0)
        if pc.owner == p and not pc.damaged:
            mine.add(i)
            kinds[k] = kinds.get(k, 0) + 1
            if k in _BUILDINGS:
                d = dist_of[i]
                build_in[d] = build_in.get(d, 0) + 1
                present.add(d)
            elif k == "hq":
                present.add(dist_of[i])
    top_def: dict[str, int] = {}
    for (d, _), n in other_def.items():
        top_def[d] = max(top_def.get(d, 0), n)
    result = (mine, kinds, build_in, total_def, my_def, top_def, present, _largest(mine, game.city.adj))
    if len(_BOARD_CACHE) > 4096:
        _BOARD_CACHE.clear()
    _BOARD_CACHE[key] = (pieces, result)
    return result


_FORTS = frozenset(("tower", "keep", "gate"))
_BUILDINGS = frozenset(("inn", "hall", "market", "temple"))


def _largest(mine: set, adj) -> list:
    best: list = []
    seen: set = set()
    for start in mine:
        if start in seen:
            continue
        comp, stack = [start], [start]
        seen.add(start)
        while stack:
            i = stack.pop()
            for j in adj[i]:
                if j in mine and j not in seen:
                    seen.add(j)
                    stack.append(j)
                    comp.append(j)
        if len(comp) > len(best):
            best = comp
    return best


def _agenda_count(game, s, p, a, kinds, build_in, net, levels) -> int:
    kind, prm = a.kind, a.params
    if kind == "buildings":
        return kinds.get(prm["type"], 0)
    if kind == "districts_with":
        return sum(1 for v in build_in.values() if v >= prm["count"])
    if kind == "fortifications":
        return kinds.get(prm["fort"], 0)
    if kind == "faction_level":
        return levels[game.faction_index[prm["faction"]]]
    if kind == "network_districts":
        return len({game.city.district_of[i] for i in net})
    if kind == "zone_districts":
        return sum(1 for d in build_in if game.city.zone[d] == prm["zone"])
    return scoring.agenda_count(game, s, p, a)


class BaldursGateBot:
    """A bot of one level (see the module docstring)."""

    def __init__(self, level: str = "greedy", seed: int | str = 0):
        self.level = check_level(level, BOT_LEVELS)
        self.rng = random.Random(seed)
        self.name = f"{level} bot"
        self._bag_seen, self._idle, self._hurry = None, 0, False

    def choose(self, game, state: BaldursGateState, player: int):
        moves = game.legal_moves(state, player)
        if not moves:
            raise InvalidInput(f"player {player + 1} has no decision to make now")
        if self.level == "random" or len(moves) == 1:
            return self.rng.choice(moves)
        strong = self.level == "strong"
        self._left = turns_left(game, state)
        if type(state.tasks[0]) is Turn:
            # patience: only builds draw tokens, so only they bring the end; income can outscore them turn
            # after turn (a card engine of prestige), and two bots content with it would never end the game.
            # After IDLE_TURNS own turns with the bag unchanged the bot hurries: getting a card and building
            # it come first until the bag moves again.
            bag = game.bag_count(state)
            self._idle = self._idle + 1 if bag == self._bag_seen else 0
            self._bag_seen = bag
            self._hurry = self._idle >= IDLE_TURNS
            # a worker sent where no trade is possible only loses the worker for a while: not worth a look
            useful = [m for m in moves if type(m) is not Worker or game.trades_open(state, player, m.district)]
            moves = useful or moves
        return choose_best(moves, lambda m: self._rollout(game, game._apply(state, m), player, strong, depth=12),
                           self.rng, tolerance=1e-9)

    def _rollout(self, game, s: BaldursGateState, p: int, strong: bool, depth: int) -> float:
        """Play ``p``'s own follow-up decisions of this action greedily, then value the position."""
        while depth > 0 and not s.over and s.tasks:
            task = s.tasks[0]
            if game.mode(s, task) != "decide" or getattr(task, "player", None) != p or type(task) is Turn:
                break
            opts = game.task_options(s, task)
            if not opts:
                break
            scored = sorted(((self._score(game, self._settle(game, game._apply(s, o), p, strong), p, strong), k)
                             for k, o in enumerate(opts)), reverse=True)
            if strong and len(scored) > 1 and type(task) not in (ChooseTrack,) and depth > 6:
                # look one step further along the best two
                cands = [opts[k] for _, k in scored[:2]]
                s = max((game._apply(s, o) for o in cands),
                        key=lambda x: self._rollout(game, x, p, strong, depth - 4))
            else:
                s = game._apply(s, opts[scored[0][1]])
            depth -= 1
        return self._score(game, s, p, strong)

    def _settle(self, game, s: BaldursGateState, p: int, strong: bool, steps: int = 2) -> BaldursGateState:
        """Finish what an option has started before it is scored: the spot of a fortification just paid for, the
        track of influence, the card taken from the offer (each by its best immediate value). Without this a trade
        that buys a tower is scored with the price paid and the tower not yet standing, below doing nothing."""
        while steps > 0 and s.tasks and not s.over:
            task = s.tasks[0]
            if type(task) not in _SETTLE or task.player != p or game.mode(s, task) != "decide":
                break
            opts = game.task_options(s, task)
            if not opts:
                break
            s = max((game._apply(s, o) for o in opts), key=lambda x: self._score(game, x, p, strong))
            steps -= 1
        return s

    def _score(self, game, s: BaldursGateState, p: int, strong: bool) -> float:
        """greedy: own value; strong: own value against the best opponent's (a move that feeds a rival counts)."""
        v = value(game, s, p, strong, self._left, self._hurry)
        if strong and game.players > 1:
            v -= RIVALRY * max(value(game, s, q, strong, self._left) for q in range(game.players) if q != p)
        return v


_SETTLE = (ChooseSpot, ChooseTrack, TakeOffer)
RIVALRY = 0.5  # how much the strong bot weighs the best opponent's value against its own


def make_bot(level: str = "greedy", seed: int | str = 0) -> BaldursGateBot:
    """A bot: ``"random"``, ``"greedy"`` or ``"strong"``."""
    return BaldursGateBot(level, seed)
