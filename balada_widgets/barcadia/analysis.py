"""Heroes of Barcadia analysis: the odds as the teaching object, in numbers and in words.

Pure Python on top of the engine: every function reads :func:`~.engine.legal`
and the exact odds of :mod:`.odds`; nothing here re-implements a rule. The
functions return data (dataclasses, networkx graphs, rows) together with
their explanation in plain words, each number with the rule or the bonus it
comes from. The ``plot_*`` helpers import matplotlib only when called.

What a player may not know stays hidden: every question asked *for a player*
(where can I get, fight or go around, best move) is answered on
``game.view(state, player)``, so an unseen room is a distribution over the
tiles not drawn yet (ruling P1), never the identity the full state may hold.

- :func:`monster_odds`, :func:`trap_table`, :func:`plot_win_chances`,
  :func:`plot_trap_survival`: tables and plots of the odds (win chance by
  level and bonus; surviving k traps).
- :func:`bonuses_in_play`: every bonus a player has for a kind of roll, with
  its source.
- :func:`reach`: where a cup can get this turn: networkx shortest paths over
  revealed rooms, within the steps of an Enter action, with Pourtals; the
  rooms, the routes and the face-down rooms they lead to.
- :func:`reveal_outlook`: what revealing a face-down room is likely to bring:
  every identity it may have, traps first, the chance to win, the expected HP
  lost, the chance to die, the expected Loot Cards and Power-Ups.
- :func:`fight_or_go_around`: reveal the room next to you, or another one, now
  or after a walk through revealed rooms; compared and explained.
- :func:`best_move`: what the strong bot would do in a position, and why.
- :func:`playouts`: the expected score from a position by bot playouts.
- :func:`game_record`, :func:`timeline`, :func:`bot_stats`,
  :func:`plot_bot_stats`: a game in numbers, and whole-game statistics of the
  bots by level.
- :func:`position_spec`, :func:`edit_position`: hand-made positions, edited
  one field at a time (the lab's position editor); :func:`content_problems`
  and :func:`diy_problems`: a teacher's content file or a DIY card, every
  problem listed.

Values in "HP" (how :func:`fight_or_go_around` ranks plans) use the bots'
weights: a Loot Card is worth :data:`~.bots.LOOT_VALUE` HP, a Power-Up
:data:`~.bots.POWER_VALUE` HP, a death costs the Power-Up it drops and the
Loot Cards it throws away, the Grand Drink Guardian's win :data:`GAME_VALUE`.

>>> from balada_widgets.barcadia import BarcadiaGame
>>> g = BarcadiaGame(players=2, dungeon="cozy")
>>> imp = {"card": "kettle-imp", "up": False, "public": True}   # re-hidden: everybody saw it (H15)
>>> s = g.position(players={0: {"at": 3, "powerups": ["fizzing-gauntlets"]}},
...                rooms={3: "puddle-pup", 4: "fizzing-pourtal", 17: imp})
>>> sorted(reach(g, s).routes)            # one step into START or r4 (a Pourtal), then on
[0, 4]
>>> o = reveal_outlook(g, s, 17)          # the Kettle Imp everybody saw: level 7, +2 from the Gauntlets
>>> o.win, o.hp_lost, o.loot
(Fraction(4, 5), Fraction(2, 1), Fraction(8, 5))
>>> print(o.steps[1])
Kettle Imp (Monster, level 7, damage 10, 2 Loot Cards): you need 5 on the die with +2 from Fizzing Gauntlets (Power-Up): 16 of 20 faces, 80% (rule H5).
"""

from __future__ import annotations

import numbers
import statistics
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Iterable, Optional, Sequence

import networkx as nx

from ..core import bot_stats as bot_games
from ..core.bots import check_level
from ..core.errors import GameError, InvalidInput, InvalidPosition
from . import engine
from .bots import BOT_LEVELS, LOOT_VALUE, POWER_VALUE, make_bot
from .content import ROOM_TYPE_WORDS, Content, RoomCard
from .effects import roll_bonuses
from .odds import format_hp, format_percent, odds_table, trap_odds, win_probability, win_probability_with_redos
from .ops import ability_total, enter_length, enterable, is_hoard, is_pourtal_for, max_pourtal_uses, occupied_set
from .state import START, BarcadiaState, set_player

__all__ = [
    "GAME_VALUE", "Route", "Reach", "Identity", "Outlook", "Plan", "Comparison", "Advice", "PlayoutResult",
    "PlayerRecord", "GameRecord", "LevelStats", "BotStats",
    "bonuses_in_play", "monster_odds", "trap_table", "plot_win_chances", "plot_trap_survival",
    "reach", "reveal_outlook", "fight_or_go_around", "best_move", "playouts",
    "micro_states", "game_record", "timeline", "play_bot_game", "bot_stats", "plot_bot_stats",
    "position_spec", "edit_position", "content_problems", "diy_problems",
]

#: What winning the game is worth, in HP, when a plan may end it (the Guardian beaten).
GAME_VALUE = 200


# ====================================================================== helpers


def _room_name(i: int) -> str:
    return "START" if i == START else f"r{i}"


def _who(p: int) -> str:
    return f"player {p + 1}"


def _plural(n, one: str, many: Optional[str] = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _number(x) -> str:
    """A Fraction as a short decimal ("2", "4.5", "about 3.33")."""
    return format_hp(x)[:-3]


def _check_game(game):
    from .rules import BarcadiaGame

    if not isinstance(game, BarcadiaGame):
        raise InvalidInput(f"not a Heroes of Barcadia game: {type(game).__name__}")


def _check_state(game, state) -> BarcadiaState:
    _check_game(game)
    if not isinstance(state, BarcadiaState):
        raise InvalidInput(f"not a Heroes of Barcadia position: {type(state).__name__}")
    if len(state.players) != game.players:
        raise InvalidInput(f"the position has {len(state.players)} players, the game {game.players}")
    if state.phase != "play":
        raise InvalidInput(f"the position is not in play (phase {state.phase}): "
                           + ("the game is over" if state.phase == "over" else "the dungeon is still being set up"))
    return state


def _player(game, state, player) -> int:
    if player is None:
        return state.active
    if isinstance(player, bool) or not isinstance(player, numbers.Integral) or not 0 <= player < game.players:
        raise InvalidInput(f"player must be 0..{game.players - 1} (0 is player 1), not {player!r}")
    return int(player)


def _room(game, state, room, what: str = "room") -> int:
    if isinstance(room, str):
        text = room.strip()
        if text.upper() == "START":
            return START
        if text[:1] == "r" and text[1:].isdecimal():
            room = int(text[1:])
        else:
            raise InvalidInput(f"{what} must be a room such as 'r12' or 12, not {room!r}")
    if isinstance(room, bool) or not isinstance(room, numbers.Integral) or not 0 <= room < len(state.rooms):
        raise InvalidInput(f"no {what} {room!r} in this dungeon (r1..r{len(state.rooms) - 1}, or START)")
    return int(room)


def _view(game, state, p: int) -> BarcadiaState:
    """What ``p`` may know: the position itself if it already is ``p``'s view."""
    if state.masked:
        if state.viewer != p:
            raise InvalidInput(f"this is {'a spectator' if state.viewer == -1 else _who(state.viewer)}'s view; "
                               f"{_who(p)}'s question needs the game itself or {_who(p)}'s view")
        return state
    return game.view(state, p)


def _fraction(p) -> Fraction:
    """A chance from the engine (a float of small denominators) as an exact Fraction."""
    return Fraction(p).limit_denominator(1_000_000)


def _sources(bonuses) -> str:
    """``+2 from Fizzing Gauntlets (Power-Up)`` for a list of :class:`~.effects.Bonus`."""
    parts = [f"{b.amount:+d} from {b.source}" + (f", {b.note}" if b.note else "") for b in bonuses]
    return " and ".join(parts)


def bonuses_in_play(game, state, player: int, kind: str) -> list:
    """Every lasting bonus of ``player`` to a roll of ``kind``, as ``(source, amount, rule)``.

    ``kind``: ``"monster"``, ``"team"``, ``"boss"``, ``"duel"`` or
    ``"disarm"`` (traps). Power-Ups under a Power Trap are listed with 0
    (blocked, H17). Loot Cards (Courage, Jinx...) are played in the battle
    window and are not lasting bonuses.

    >>> from balada_widgets.barcadia import BarcadiaGame
    >>> g = BarcadiaGame(players=2, dungeon="cozy")
    >>> s = g.position(players={0: {"hp": 30, "powerups": ["fizzing-gauntlets"]}})
    >>> bonuses_in_play(g, s, 0, "monster")
    [('Fizzing Gauntlets (Power-Up)', 2, 'H-PWR2'), ('Last Gulp (Signature Move), HP 30 is 40 or less', 2, 'H-SIG2')]
    """
    from .effects import CONTEXTS

    _check_game(game)
    p = _player(game, state, player)
    if kind not in CONTEXTS:
        raise InvalidInput(f"kind must be one of {', '.join(CONTEXTS)}, not {kind!r}")
    return [(b.source + (f", {b.note}" if b.note else ""), b.amount, b.rule)
            for b in roll_bonuses(game, state, p, kind)]


# ====================================================================== odds tables and plots


def monster_odds(content: Content | None = None, bonuses: Sequence[int] = (0, 2, 4), kinds=("monster", "team")) -> list:
    """The set's Monsters and Team Battles with the chance to win at each bonus.

    One dict per room kind, sorted by type and level: ``id``, ``name``,
    ``type``, ``level``, ``damage``, ``reward`` (words), ``chances`` (one
    Fraction per bonus: one die + bonus >= level for a Monster, two dice + both
    teammates' bonuses for a Team Battle, rule H5) and ``expected_loss`` (HP
    lost on average with no bonus). ``content``: a :class:`~.content.Content`,
    a game (its content) or ``None`` for the shipped set.

    >>> rows = monster_odds(bonuses=(0, 2))
    >>> r = next(r for r in rows if r["id"] == "mini-fizzicorn")
    >>> r["level"], r["chances"], r["expected_loss"]
    (7, (Fraction(7, 10), Fraction(4, 5)), Fraction(3, 1))
    """
    from .content import load_content

    if content is None:
        content = load_content()
    content = getattr(content, "content", content)
    if not isinstance(content, Content):
        raise InvalidInput(f"content must be a Content, a game or None, not {type(content).__name__}")
    bonuses = tuple(_whole(b, "bonus") for b in bonuses)
    bad = [k for k in kinds if k not in ("monster", "team")]
    if bad or not kinds:
        raise InvalidInput(f"kinds are 'monster' and/or 'team' (the rooms with a level), not {list(kinds)!r}")
    rows = []
    for c in sorted(content.rooms.values(), key=lambda c: (c.type != "monster", c.level or 0, c.name)):
        if c.type not in kinds:
            continue
        chances = tuple(win_probability(c.type, level=c.level, bonus=b) for b in bonuses)
        rows.append({"id": c.id, "name": c.name, "type": c.type, "level": c.level, "damage": c.damage,
                     "reward": c.reward_words, "count": c.count, "bonuses": bonuses, "chances": chances,
                     "expected_loss": (1 - chances[0]) * c.damage if 0 in bonuses else
                     (1 - win_probability(c.type, level=c.level)) * c.damage})
    return rows


def _whole(v, what: str, low: Optional[int] = None, high: Optional[int] = None) -> int:
    if isinstance(v, bool) or not isinstance(v, numbers.Integral) or (low is not None and v < low) or \
            (high is not None and v > high):
        rng = f" from {low} to {high}" if low is not None and high is not None else \
            (f" of at least {low}" if low is not None else "")
        raise InvalidInput(f"{what} must be a whole number{rng}, not {v!r}")
    return int(v)


def trap_table(hps: Sequence[int] = (10, 20, 30, 50, 100), traps: Sequence[int] = (1, 2, 3), bonus: int = 0) -> list:
    """Chance to survive ``k`` traps in a row at each HP (rule H13: 10+ disarms, a failure costs 10 HP).

    Rows ``{"hp": h, "survive": (Fraction per k...), "expected_damage": (...)}``.

    >>> [[str(x) for x in r["survive"]] for r in trap_table(hps=(10, 20), traps=(1, 2, 3))]
    [['11/20', '121/400', '1331/8000'], ['1', '319/400', '2299/4000']]
    """
    hps = [_whole(h, "hp", 1, 100) for h in hps]
    ks = [_whole(k, "traps", 0, 100) for k in traps]
    if not hps or not ks:
        raise InvalidInput("give at least one HP value and one number of traps")
    out = []
    for h in hps:
        odds = [trap_odds(k, h, bonus) for k in ks]
        out.append({"hp": h, "traps": tuple(ks), "survive": tuple(o.survive for o in odds),
                    "expected_damage": tuple(o.expected_damage for o in odds)})
    return out


def plot_win_chances(kind: str = "monster", levels: Optional[Iterable[int]] = None, bonuses=(0, 2, 4), ax=None,
                     content: Content | None = None):
    """Win chance against the level, one line per bonus (Monster, Team); against the bonus lead (Boss, duel).

    For a Monster or Team Battle without ``levels`` the levels of the set's
    cards are used, and each card of the set is marked on the no-bonus line.
    Returns the matplotlib axes.
    """
    import matplotlib.pyplot as plt

    if kind not in ("monster", "team", "boss", "duel"):
        raise InvalidInput(f"kind must be monster, team, boss or duel, not {kind!r}")
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.6))
    if kind in ("boss", "duel"):
        leads = list(range(-6, 7)) if levels is None else [_whole(x, "lead") for x in levels]
        t = odds_table(kind, bonuses=leads, opponent_bonuses=[0])
        ax.plot(leads, [float(p) for p in t.rows[0]], marker="o")
        ax.axhline(0.5, color="0.7", lw=0.8)
        ax.set_xlabel("your bonuses minus the other side's (ties are rolled again, H5)")
        ax.set_title(f"{'Boss battle' if kind == 'boss' else 'Duel'}: chance to win")
    else:
        cards = [r for r in monster_odds(content, (0,), kinds=(kind,))]
        if levels is None:
            lo = min((r["level"] for r in cards), default=4 if kind == "monster" else 16)
            hi = max((r["level"] for r in cards), default=15 if kind == "monster" else 30)
            levels = range(lo - 1, hi + 2)
        levels = [_whole(x, "level") for x in levels]
        t = odds_table(kind, levels=levels, bonuses=[_whole(b, "bonus") for b in bonuses])
        for j, b in enumerate(t.bonuses):
            ax.plot(levels, [float(row[j]) for row in t.rows], marker="o", ms=3, label=f"bonus {b:+d}")
        shown = [r for r in cards if r["level"] in levels]
        ax.scatter([r["level"] for r in shown], [float(r["chances"][0]) for r in shown], s=40, facecolors="none",
                   edgecolors="k", zorder=3, label="a card of the set")
        ax.set_xlabel("level (after Boost, Mega Boost, Drain)")
        ax.set_title(("Monster: one d20 + bonus" if kind == "monster" else "Team Battle: two d20 + both bonuses")
                     + " reaching the level (H5)")
        ax.legend(fontsize=8, loc="upper right")
    ax.set_ylabel("chance to win")
    ax.set_ylim(0, 1.02)
    ax.grid(alpha=0.3)
    return ax


def plot_trap_survival(hps: Sequence[int] = (10, 20, 30, 50, 100), max_traps: int = 6, bonus: int = 0, ax=None):
    """Chance to be alive after k traps in a row (k = 0..max_traps), one line per HP. Returns the axes."""
    import matplotlib.pyplot as plt

    max_traps = _whole(max_traps, "max_traps", 1, 30)
    rows = trap_table(hps, range(0, max_traps + 1), bonus)
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.6))
    for r in rows:
        ax.plot(r["traps"], [float(x) for x in r["survive"]], marker="o", ms=3, label=f"{r['hp']} HP")
    ax.set_xlabel("traps rolled in a row")
    ax.set_ylabel("chance to survive")
    ax.set_ylim(0, 1.02)
    extra = f", bonus {bonus:+d}" if bonus else ""
    ax.set_title(f"Traps: 10 or more disarms one, a failure costs 10 HP (H13{extra})")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    return ax


# ====================================================================== where can I get this turn


@dataclass(frozen=True)
class Route:
    """How a cup gets to ``room`` this turn.

    ``path``: the rooms from the cup's room to ``room``; ``hops``: one
    ``(from, to, "step" | "pourtal")`` per move; ``steps``: Enter steps used
    (a Pourtal use is no step); ``traps``: traps rolled on the way (each room
    entered rolls its own, H13); ``pickups``: Power-Ups lying in rooms
    entered (the cup takes them, H11).
    """

    room: int
    path: tuple
    hops: tuple
    steps: int
    traps: int
    pickups: int = 0

    @property
    def pourtal(self) -> bool:
        return any(k == "pourtal" for _, _, k in self.hops)

    def cost_words(self) -> str:
        """``"2 steps, 1 trap on the way"``."""
        extra = [_plural(self.steps, "step")] if self.steps else ["no step"]
        if self.traps:
            extra.append(_plural(self.traps, "trap") + " on the way")
        if self.pickups:
            extra.append(_plural(self.pickups, "Power-Up") + " to pick up")
        return ", ".join(extra)

    def words(self) -> str:
        """The route in plain words: ``"START, then by Pourtal to r20, then r21 (2 steps)"``."""
        if not self.hops:
            return f"stay in {_room_name(self.room)}"
        parts = [f"by Pourtal to {_room_name(b)}" if k == "pourtal" else _room_name(b) for _, b, k in self.hops]
        return f"{', then '.join(parts)} ({self.cost_words()})"


@dataclass(frozen=True)
class Reach:
    """Where ``player``'s cup can get this turn (see :func:`reach`).

    ``routes``: room -> best :class:`Route` (fewest traps, then fewest steps,
    then no Pourtal), the cup's own room left out; ``doors``: face-down room ->
    the rooms (among ``routes`` and the cup's room) next to it, from where it
    can be revealed; ``graph``: the rooms as a networkx graph (nodes ``START``,
    ``r1``.. with ``reachable``, ``steps``, ``traps``; edges of the routes
    with ``kind`` ``"step"`` or ``"pourtal"``); ``notes``: the budget
    explained.
    """

    player: int
    start: int
    steps: int
    pourtals: int
    routes: dict
    doors: dict
    graph: object
    notes: tuple

    def rooms(self) -> list:
        return sorted(self.routes)

    def edges(self) -> list:
        """Every hop of every route, ``(a, b, kind)``, for a drawing."""
        return sorted({h for r in self.routes.values() for h in r.hops})

    def text(self) -> str:
        lines = list(self.notes)
        if not self.routes:
            lines.append("The cup cannot move this turn.")
        for i in sorted(self.routes, key=lambda i: (self.routes[i].steps, i)):
            r = self.routes[i]
            lines.append(f"- {_room_name(i)}: " + (r.cost_words() if len(r.hops) == 1 else r.words()))
        if self.doors:
            lines.append("Face-down rooms at the end of a route: "
                         + ", ".join(_room_name(j) for j in sorted(self.doors)) + ".")
        return "\n".join(lines)


def _budget(game, state, p, steps, pourtals):
    """(steps of the Enter action under way, actions left, rooms per Enter action, Pourtal uses, notes)."""
    notes = []
    length = enter_length(game, state, p)
    extra = [f"+{a[0]} from {src}" for a, src in _abilities(game, state, p, "extra_steps")]
    per = f"an Enter action takes {length} rooms (rule H3" + (f"; {', '.join(extra)}" if extra else "") + ")"
    mine_now = state.in_turn and state.active == p
    if steps is not None:
        now, actions = _whole(steps, "steps", 0, 20), 0
        notes.append(f"Counting {_plural(now, 'step')} of Enter, as asked.")
    elif not mine_now:
        now, actions = 0, 1
        notes.append(f"On {_who(p)}'s next turn {per}.")
    else:
        now, actions = state.steps, state.actions
        parts = []
        if now:
            parts.append(f"the Enter action under way has {_plural(now, 'more step')} (rules H3, P2)")
        if actions:
            parts.append(f"{_plural(actions, 'action')} left: {per}" + (", after the steps under way" if now else ""))
        if not parts:
            parts.append("no action is left this turn, so no Enter step (rule H4; a Dash gives one more)")
        text = "; ".join(parts)
        notes.append(text[:1].upper() + text[1:] + ".")
    uses = max_pourtal_uses(game, state, p) - (state.ported if mine_now else 0)
    uses = max(0, uses) if pourtals is None else _whole(pourtals, "pourtals", 0, 10)
    if uses:
        notes.append(f"{_plural(uses, 'Pourtal use')} left: from START, a face-up Pourtal"
                     + (" or the Pocket Pourtal" if any(r.pocket == p for r in state.rooms) else "")
                     + " to another one, no step and no action (rules H-POR2, H-POR5).")
    else:
        notes.append("No Pourtal use left this turn (rule H-POR5).")
    return now, actions, length, uses, notes


def _abilities(game, state, p, kind):
    from .ops import abilities

    return abilities(game, state, p, kind)


def reach(game, state, player: Optional[int] = None, *, steps: Optional[int] = None,
          pourtals: Optional[int] = None) -> Reach:
    """Where ``player``'s cup can get this turn by Enter steps and Pourtals (rules H3, H-POR2..5, P2).

    A step goes into a face-up room next to the cup that is empty (START is
    always open) and is not the Drink Hoard (H3, H-FAQ5); a Pourtal use jumps
    from START, a face-up Pourtal or one's Pocket Pourtal to another one that
    is empty (START always), without a step or an action, before, between or
    after the steps (P2). Traps in a room entered are rolled for (H13).

    For the active player in their turn the budget is what is left of it: the
    steps of the Enter action under way, then a new Enter action for each
    action left (a Dash gives one), and the Pourtal uses left. For anybody
    else it is their next turn: one Enter action. ``steps`` (steps only, no
    new action) and ``pourtals`` override the budget.

    The search is networkx's Dijkstra on a layered graph whose nodes are
    ``(room, steps left, actions left, Pourtal uses)``: entering a room costs
    its traps (first), a new action (then), a step, a Pourtal hop a little
    (last).

    >>> from balada_widgets.barcadia import BarcadiaGame
    >>> g = BarcadiaGame(players=2, dungeon="cozy")
    >>> s = g.position(players={0: {"at": 3}}, rooms={3: "puddle-pup", 4: "kettle-imp", 20: "whirlpool-pourtal",
    ...                                                17: {"card": "fizzle-bat", "traps": 1}, 21: "sip-serpent"})
    >>> r = reach(g, s)
    >>> r.rooms()
    [0, 4, 17, 20, 21]
    >>> r.routes[17].words()
    'r17 (1 step, 1 trap on the way)'
    >>> r.routes[21].words(), r.routes[21].path
    ('START, then by Pourtal to r20, then r21 (2 steps)', (3, 0, 20, 21))
    """
    _check_state(game, state)
    p = _player(game, state, player)
    view = _view(game, state, p)
    at = view.players[p].at
    now, actions, length, uses, notes = _budget(game, view, p, steps, pourtals)
    occ = occupied_set(view) - {at}

    def open_room(j):
        return enterable(game, view, j, occ)

    ports = [i for i in range(len(view.rooms)) if is_pourtal_for(game, view, i, p)]
    # a node: (room, steps left in the Enter action under way, actions left, Pourtal uses made); a step uses the
    # action under way first, else starts a new Enter action (as the engine does, P2)
    lg = nx.DiGraph()
    src = (at, now, actions, 0)
    lg.add_node(src)
    todo = [src]
    seen = {src}
    while todo:
        node = todo.pop()
        i, s, a, u = node
        nxt = []
        after = (s - 1, a) if s > 0 else ((length - 1, a - 1) if a > 0 else None)
        if after is not None:
            cost = 10 if s > 0 else 110  # a new action costs more than a step of the one under way
            for j in view.layout.neighbours(i):
                if j != at and open_room(j):
                    nxt.append(((j,) + after + (u,), 1000 * view.rooms[j].traps + cost, "step"))
        if u < uses and i in ports:
            for j in ports:
                if j != i and j != at and (j == START or j not in occ):
                    nxt.append(((j, s, a, u + 1), 1000 * view.rooms[j].traps + 1, "pourtal"))
        for target, w, kind in nxt:
            lg.add_edge(node, target, weight=w, kind=kind)
            if target not in seen:
                seen.add(target)
                todo.append(target)
    dist, paths = nx.single_source_dijkstra(lg, src, weight="weight")
    best: dict = {}
    for node, d in dist.items():
        j = node[0]
        if j == at:
            continue
        if j not in best or (d, node) < best[j][0]:
            best[j] = ((d, node), paths[node])
    routes = {}
    for j, (_, lpath) in best.items():
        hops = tuple((a[0], b[0], lg.edges[a, b]["kind"]) for a, b in zip(lpath, lpath[1:]))
        rooms_in = [b for _, b, _ in hops]
        routes[j] = Route(j, tuple(n[0] for n in lpath), hops, sum(1 for h in hops if h[2] == "step"),
                          sum(view.rooms[b].traps for b in rooms_in),
                          sum(len(view.rooms[b].powerups) for b in rooms_in))
    doors: dict = {}
    for i in [at] + sorted(routes):
        for j in view.layout.neighbours(i):
            if j != START and not view.rooms[j].up:
                doors.setdefault(j, []).append(i)
    doors = {j: tuple(v) for j, v in doors.items()}
    from .board import dungeon_graph

    g = dungeon_graph(view.layout, view.rooms, game.content)
    for i in range(len(view.rooms)):
        r = routes.get(i)
        g.nodes[_room_name(i)].update(reachable=r is not None, start=(i == at), steps=r.steps if r else None,
                                      traps_on_way=r.traps if r else None, door=i in doors)
    for a, b, kind in {h for r in routes.values() for h in r.hops}:
        g.add_edge(_room_name(a), _room_name(b), kind=kind) if kind == "pourtal" else \
            g.edges[_room_name(a), _room_name(b)].update(kind=kind)
    return Reach(p, at, now + actions * length, uses, routes, doors, g, tuple(notes))


# ====================================================================== what a reveal brings


@dataclass(frozen=True)
class Identity:
    """One identity a face-down room may have, and what revealing it would bring (see :func:`reveal_outlook`).

    ``chance``: that the room is this card; ``win``: the chance to win it
    (``None`` when there is nothing to win: a Pourtal, the Hoard without three
    Power-Ups); the expectations are given this identity, traps excluded.
    """

    card: RoomCard
    chance: Fraction
    win: Optional[Fraction]
    hp_lost: Fraction
    death: Fraction
    loot: Fraction
    power: Fraction
    game_win: Fraction
    words: str


@dataclass(frozen=True)
class Outlook:
    """What revealing face-down room ``room`` is likely to bring ``player`` (see :func:`reveal_outlook`).

    ``win``: chance to win what the room holds (a Reward or a Pourtal counts as
    won, the Hoard without three Power-Ups as not); ``hp_lost``: expected HP
    drunk, traps and battle (never more than the HP held, G30); ``death``:
    chance to drop to 0 HP; ``loot``, ``power``: expected Loot Cards and
    Power-Ups gained; ``game_win``: chance to win the game here (the
    Guardian); ``value``: all of it in HP with the bots' weights; ``steps``:
    the explanation, one sentence a number.
    """

    player: int
    room: int
    hp: int
    known: bool
    traps: int
    identities: tuple
    win: Fraction
    hp_lost: Fraction
    trap_hp_lost: Fraction
    death: Fraction
    loot: Fraction
    power: Fraction
    game_win: Fraction
    value: float
    steps: tuple

    def text(self) -> str:
        return "\n".join(self.steps)

    def summary(self) -> str:
        """One line: win chance, HP, death, rewards."""
        parts = [f"win {format_percent(self.win)}", f"{format_hp(self.hp_lost)} lost on average"]
        if self.death:
            parts.append(f"{format_percent(self.death)} to die")
        gains = []
        if self.loot:
            gains.append(f"{_number(self.loot)} Loot Cards")
        if self.power:
            gains.append(f"{_number(self.power)} Power-Ups")
        if gains:
            parts.append("expected " + " and ".join(gains))
        if self.game_win:
            parts.append(f"{format_percent(self.game_win)} to win the game")
        return ", ".join(parts)


def _trap_dist(k: int, hp: int, p_disarm: Fraction, damage: int) -> dict:
    """HP after ``k`` traps -> chance (0: died on a trap and rolled no further, H9, H13)."""
    alive = {hp: Fraction(1)}
    dead = Fraction(0)
    for _ in range(k):
        nxt: dict = {}
        for h, w in alive.items():
            if p_disarm:
                nxt[h] = nxt.get(h, 0) + w * p_disarm
            if p_disarm < 1:
                h2 = h - damage
                if h2 <= 0:
                    dead += w * (1 - p_disarm)
                else:
                    nxt[h2] = nxt.get(h2, 0) + w * (1 - p_disarm)
        alive = nxt
    out = dict(alive)
    if dead:
        out[0] = out.get(0, 0) + dead
    return out


def _identity_chances(game, view, room) -> tuple:
    """``([(card, chance)], known)`` for a face-down room as ``view`` knows it (P1)."""
    r = view.rooms[room]
    if r.card is not None:
        return [(game.content.rooms[r.card], Fraction(1))], True
    outs = engine.identity_outcomes(game, view)
    if not outs:
        raise InvalidInput("no room tile is left to be drawn")
    chances = [(game.content.rooms[c], _fraction(pr)) for c, pr in outs]
    merged: dict = {}
    for c, pr in chances:
        merged[c.id] = (c, merged.get(c.id, (c, 0))[1] + pr)
    return list(merged.values()), False


def _partner(game, state, p, kind):
    bot = make_bot("strong")
    return bot.best_partner(game, state, p) if kind == "team" else bot.best_boss(game, state, p)


def _faces(needed: int) -> int:
    return min(20, max(0, 21 - needed))


def _team_with_reroll(level: int, bonus: int) -> Fraction:
    """Team Battle won when a lost roll may be rerolled once with one's own die only (Lucky Bottle Cap)."""
    total = Fraction(0)
    for d2 in range(1, 21):
        f = Fraction(_faces(level - bonus - d2), 20)
        total += Fraction(1, 20) * (f + (1 - f) * f)
    return total


def _battle(game, state, p, card, h):
    """(win, damage to p on a loss, words of the roll) of a battle against ``card`` at HP ``h`` (H5, H7)."""
    st = set_player(state, p, hp=h)
    kind = card.type
    mine = [x for x in roll_bonuses(game, st, p, kind) if x.amount]
    b = sum(x.amount for x in mine)
    yours = _sources(mine) or "no bonus"
    if kind == "monster":
        win = win_probability("monster", level=card.level, bonus=b)
        needed = card.level - b
        words = (f"you need {needed} on the die" + (f" with {yours}" if mine else "")
                 + f": {_faces(needed)} of 20 faces, {format_percent(win)}")
    elif kind == "team":
        q = _partner(game, st, p, "team")
        theirs = [x for x in roll_bonuses(game, st, q, "team") if x.amount]
        b += sum(x.amount for x in theirs)
        win = win_probability("team", level=card.level, bonus=b)
        words = (f"with {_who(q)} as teammate (the largest Team bonus) the two dice must add up to "
                 f"{card.level - b} (you: {yours}; {_who(q)}: {_sources(theirs) or 'no bonus'}): "
                 f"{format_percent(win)}")
    else:
        q = _partner(game, st, p, "boss")
        theirs = [x for x in roll_bonuses(game, st, q, "boss") if x.amount]
        d = sum(x.amount for x in theirs)
        win = win_probability("boss", bonus=b, opponent_bonus=d)
        words = (f"a roll-off against {_who(q)} playing the Boss (the smallest Boss bonus), higher wins, ties "
                 f"again (you: {yours}; {_who(q)}: {_sources(theirs) or 'no bonus'}): {format_percent(win)}")
    if kind in ("monster", "team") and ability_total(game, st, p, "second_try") and p not in st.rerolled:
        src = _abilities(game, st, p, "second_try")[0][1]
        win = 1 - (1 - win) ** 2 if kind == "monster" else _team_with_reroll(card.level, b)
        words += f"; with one reroll of your own die after a loss ({src}) it is {format_percent(win)}"
    dmg, _ = engine.shielded(game, st, p, card.damage, kind)
    if dmg != card.damage:
        words += f"; a loss costs you {dmg} HP after your shield"
    return win, dmg, words


def _death_cost(view, p) -> float:
    pl = view.players[p]
    return (POWER_VALUE if pl.powerups else 0) + LOOT_VALUE * max(0, len(pl.hand) - 1)


def reveal_outlook(game, state, room, player: Optional[int] = None, *, hp: Optional[int] = None) -> Outlook:
    """What revealing face-down ``room`` would bring ``player``: every identity, traps first, exactly.

    The room is taken as ``player`` knows it (their view): an identity they
    saw or that was shown to everybody (H15), else each tile not yet drawn
    with its chance (ruling P1). Traps are rolled for first (H13); then a
    Monster is one d20 + bonuses against its level, a Team Battle two d20 with
    the teammate of the largest Team bonus, a Boss a roll-off against the
    player of the smallest Boss bonus (H5, H7; the choices the bots make); a
    Reward pays, a Pourtal takes you in, the Hoard calls the Guardian with
    three Power-Ups and ends the turn without (H8, H-HOARD1). Lasting bonuses
    count at the HP left after the traps (the Barbarian's Last Gulp), shields
    cut the damage, a Lucky Bottle Cap rerolls once; no Loot Card is played.
    ``hp`` asks "what if I had this much HP?".

    >>> from balada_widgets.barcadia import BarcadiaGame
    >>> g = BarcadiaGame(players=2, dungeon="cozy")
    >>> s = g.position(players={0: {"at": 3}}, rooms={3: "puddle-pup", 17: {"card": "cerbubble", "up": False,
    ...                                                                       "public": True, "traps": 1}})
    >>> o = reveal_outlook(g, s, 17)
    >>> o.win, o.death, o.trap_hp_lost    # teammate: player 2, the Knight (+2 in Team Battles)
    (Fraction(229, 400), Fraction(0, 1), Fraction(9, 2))
    >>> print(o.text())  # doctest: +ELLIPSIS
    r17 is Cerbubble: it was shown to everybody (rule H15).
    r17 holds 1 trap, rolled for before the reveal: each is disarmed on 10 or more, 55%, a failure costs 10 HP; 4.5 HP lost on average (rule H13).
    Cerbubble (Team Battle, level 22, damage 10, 2 Loot Cards): with player 2 as teammate (the largest Team bonus) the two dice must add up to 20 (you: no bonus; player 2: +2 from Loyal Shield (Signature Move)): 57.25% (rule H5).
    ...
    """
    _check_state(game, state)
    p = _player(game, state, player)
    view = _view(game, state, p)
    i = _room(game, view, room)
    r = view.rooms[i]
    if i == START or r.up:
        raise InvalidInput(f"{_room_name(i)} is face up: there is nothing to reveal (enter it instead, rule H3)")
    pl = view.players[p]
    hp0 = pl.hp if hp is None else _whole(hp, "hp", 1, game.content.hp_full)
    idents, known = _identity_chances(game, view, i)
    steps = []
    name = _room_name(i)
    if known:
        why = "you saw it" if p in r.seen and not r.public else "it was shown to everybody (rule H15)"
        steps.append(f"{name} is {idents[0][0].name}: {why}.")
    else:
        by_type: dict = {}
        for c, pr in idents:
            by_type[c.type] = by_type.get(c.type, 0) + pr
        unseen = sum(1 for x in view.rooms[1:] if x.card is None)
        parts = [f"{ROOM_TYPE_WORDS[t]} {format_percent(pr)}" for t, pr in
                 sorted(by_type.items(), key=lambda x: -x[1])]
        steps.append(f"{name} is face down and you have not seen it: like each of the {unseen} rooms nobody has "
                     f"shown you, it may be any tile not drawn yet (ruling P1): " + ", ".join(parts) + ".")
    # traps first (H13)
    k = r.traps
    dis = roll_bonuses(game, view, p, "disarm")
    db = sum(x.amount for x in dis)
    p_dis = win_probability("trap", level=game.content.disarm, bonus=db)
    tdist = _trap_dist(k, hp0, p_dis, game.content.trap_damage) if k else {hp0: Fraction(1)}
    trap_death = tdist.get(0, Fraction(0))
    trap_lost = sum((hp0 - h) * w for h, w in tdist.items())
    if k:
        need = game.content.disarm - db
        bon = f" with {_sources(dis)}" if db else ""
        survive = 1 - trap_death
        steps.append(f"{name} holds {_plural(k, 'trap')}, rolled for before the reveal: each is disarmed on "
                     f"{need} or more{bon}, {format_percent(p_dis)}, a failure costs {game.content.trap_damage} HP; "
                     + (f"you come through alive with {format_percent(survive)}, " if trap_death else "")
                     + f"{format_hp(trap_lost)} lost on average (rule H13).")
    need_pu = game.content.guardian.power_ups
    out = []
    tot = dict(win=Fraction(0), lost=Fraction(0), death=Fraction(0), loot=Fraction(0), power=Fraction(0),
               game=Fraction(0))
    extra_loot = ability_total(game, view, p, "loot_on_win")
    lying = len(r.powerups)
    capped = game.cap is not None and len(pl.powerups) >= game.cap
    for card, chance in idents:
        iw = il = idd = ilo = ipo = igw = Fraction(0)
        words = ""
        win_known = True
        for h, w in tdist.items():
            if h == 0:
                continue
            t = card.type
            if t in ("monster", "team", "boss"):
                win, dmg, rolls = _battle(game, view, p, card, h)
                lost = min(dmg, h)
                iw += w * win
                il += w * (1 - win) * lost
                idd += w * (1 - win) * (1 if dmg >= h else 0)
                ilo += w * win * (card.loot + extra_loot)
                ipo += w * win * (card.power + lying)
                if h == max(x for x in tdist if x):
                    head = f"{card.name} ({ROOM_TYPE_WORDS[t]}" + (f", level {card.level}" if card.level else "") + \
                        f", damage {card.damage}, {card.reward_words})"
                    words = f"{head}: {rolls} (rule H5)."
            elif t == "reward":
                iw += w
                ilo += w * card.loot
                ipo += w * (card.power + lying)
                words = f"{card.name} (Reward): {card.reward_words} for you, at once (rule H-REW1)."
            elif t == "pourtal":
                iw += w
                ipo += w * lying
                words = f"{card.name} (Magic Pourtal): you move in, nothing to fight (rule H-POR1)."
            else:  # the Drink Hoard
                if len(view.players[p].powerups) >= need_pu:
                    g = game.content.guardian
                    gw = (win_probability("guardian") if g.level == 15
                          else win_probability("monster", level=g.level))
                    lost = min(g.damage, h)
                    iw += w * gw
                    il += w * (1 - gw) * lost
                    idd += w * (1 - gw) * (1 if g.damage >= h else 0)
                    if game.frenzy:
                        ipo += w * gw * 2
                        prize = "2 Power-Ups (Frenzy, H-EXP9)"
                    else:
                        igw += w * gw
                        prize = "the game"
                    words = (f"{card.name}: with {need_pu} Power-Ups you face the {g.name} at once: a plain d20 of "
                             f"{g.level} or more, {format_percent(gw)}, nothing added (rule H8); it wins {prize}.")
                else:
                    win_known = False
                    words = (f"{card.name}: without {need_pu} Power-Ups your turn simply ends there "
                             f"(rules H-HOARD1, H4).")
        ident = Identity(card, chance, iw if win_known else None, il, idd, ilo, ipo, igw, words)
        out.append(ident)
        tot["win"] += chance * iw
        tot["lost"] += chance * il
        tot["death"] += chance * idd
        tot["loot"] += chance * ilo
        tot["power"] += chance * ipo
        tot["game"] += chance * igw
    out.sort(key=lambda x: (-x.chance, x.card.type, x.card.level or 0, x.card.name))
    if known:
        steps.append(out[0].words)
    else:
        for t in ("monster", "team", "boss", "reward", "pourtal", "hoard"):
            grp = [x for x in out if x.card.type == t]
            if not grp:
                continue
            pt = sum(x.chance for x in grp)
            if t in ("monster", "team", "boss"):
                wt = sum(x.chance * x.win for x in grp) / pt
                lt = sum(x.chance * x.hp_lost for x in grp) / pt
                steps.append(f"If it is a {ROOM_TYPE_WORDS[t]} ({format_percent(pt)}): you win "
                             f"{format_percent(wt)} of the time on average over its {_plural(len(grp), 'kind')}, "
                             f"losing {format_hp(lt)} on average (rule H5).")
            else:
                steps.append(f"If it is a {ROOM_TYPE_WORDS[t]} ({format_percent(pt)}): " +
                             grp[0].words.split(": ", 1)[1])
    lost = trap_lost + tot["lost"]
    death = trap_death + tot["death"]
    if lying:
        steps.append(f"{_plural(lying, 'Power-Up')} lies in {name}: the cup that moves in takes it (rule H11).")
    if capped and tot["power"]:
        steps.append(f"You already hold {game.cap} Power-Ups: a new one must be placed in an empty room at once "
                     f"(rule H11), so it adds nothing.")
    power = Fraction(0) if capped else tot["power"]
    value = float(tot["loot"]) * LOOT_VALUE + float(power) * POWER_VALUE - float(lost) - \
        float(death) * _death_cost(view, p) + float(tot["game"]) * GAME_VALUE
    parts = [f"you win {format_percent(tot['win'])}", f"lose {format_hp(lost)} on average"
             + (f" ({format_hp(trap_lost)} of it to traps)" if k and tot["lost"] else "")]
    if death:
        parts.append(f"die with {format_percent(death)} (a death drops a Power-Up and all Loot Cards but one, H10)")
    if tot["loot"] or power:
        parts.append(f"gain {_number(tot['loot'])} Loot Cards and {_number(power)} Power-Ups on average")
    if tot["game"]:
        parts.append(f"win the game with {format_percent(tot['game'])}")
    steps.append("All in all: " + ", ".join(parts) + ".")
    steps.append(f"Worth about {value:+.1f} HP: a Loot Card counts {LOOT_VALUE} HP, a Power-Up {POWER_VALUE} HP"
                 + (f", a death {_death_cost(view, p):.0f} HP" if death else "")
                 + (f", the game {GAME_VALUE} HP" if tot["game"] else "") + " (the bots' weights).")
    return Outlook(p, i, hp0, known, k, tuple(out), tot["win"], lost, trap_lost, death, tot["loot"], power,
                   tot["game"], value, tuple(steps))


# ====================================================================== fight or go around


_WHEN = {0: "now", 1: "next turn", 2: "the turn after next"}
_WHEN_WALK = {1: "this turn", 2: "next turn"}


@dataclass(frozen=True)
class Plan:
    """One way to take a face-down room: reveal it from where the cup stands, or walk to its door first.

    ``door``: where the cup stands when it reveals; ``route``: the walk
    (``None`` when the room is next to the cup already); ``turns``: when the
    reveal comes, 0 this turn, 1 next turn, 2 the turn after (a player who is
    not on turn, or has no action left, reveals on their next turn; a walk
    spends the Enter action, so its reveal waits a turn); the totals
    (``hp_lost``, ``death``, ``loot``, ``power``, ``value``) add the walk's
    traps and pickups to the reveal's :class:`Outlook` (taken at each HP the
    walk may leave).
    """

    room: int
    door: int
    route: Optional[Route]
    turns: int
    outlook: Outlook
    win: Fraction
    hp_lost: Fraction
    death: Fraction
    loot: Fraction
    power: Fraction
    value: float

    @property
    def kind(self) -> str:
        return "reveal" if self.route is None else "walk, then reveal"

    def headline(self) -> str:
        """``"reveal r2 now"`` or ``"walk to START (1 step) this turn, reveal r1 next turn"``."""
        when = _WHEN[self.turns]
        if self.route is None:
            return f"reveal {_room_name(self.room)} {when}"
        return f"walk to {self.route.words()} {_WHEN_WALK[self.turns]}, reveal {_room_name(self.room)} {when}"

    def numbers(self) -> str:
        """``"win 80%, 6.5 HP lost, 1.6 Loot Cards, 0 Power-Ups"``."""
        return (f"win {format_percent(self.win)}, {format_hp(self.hp_lost)} lost"
                + (f", {format_percent(self.death)} to die" if self.death else "")
                + f", {_number(self.loot)} Loot Cards, {_number(self.power)} Power-Ups")

    def words(self) -> str:
        return f"{self.headline()}: {self.numbers()}; worth {self.value:+.1f} HP"


@dataclass(frozen=True)
class Comparison:
    """Fight the room next to you, or go around (see :func:`fight_or_go_around`)."""

    player: int
    room: int
    fight: Plan
    around: tuple
    best: Plan
    verdict: str

    def text(self) -> str:
        """The plans in words; plans alike but for the room (unseen rooms from one door) share a line."""
        lines = [f"Fight: {self.fight.words()}."]
        groups: list = []
        for p in self.around:
            key = (p.door, p.route, p.numbers(), round(p.value, 1))
            if groups and groups[-1][0] == key:
                groups[-1][1].append(p)
            else:
                groups.append((key, [p]))
        for _, plans in groups:
            p = plans[0]
            rooms = [_room_name(x.room) for x in plans]
            names = rooms[0] if len(rooms) == 1 else ", ".join(rooms[:-1]) + " or " + rooms[-1]
            how = (f"reveal {names} {_WHEN[p.turns]}" if p.route is None else
                   f"walk to {p.route.words()} {_WHEN_WALK[p.turns]}, reveal {names} {_WHEN[p.turns]}")
            lines.append(f"Around: {how}: {p.numbers()}; worth {p.value:+.1f} HP.")
        lines.append(self.verdict)
        return "\n".join(lines)


def _walk_then(game, view, p, route: Route, room: int, turns: int = 1) -> Plan:
    """The plan: walk ``route`` now (its traps), then reveal ``room`` from its end, at each HP the walk leaves."""
    pl = view.players[p]
    dis = sum(x.amount for x in roll_bonuses(game, view, p, "disarm"))
    p_dis = win_probability("trap", level=game.content.disarm, bonus=dis)
    dist = _trap_dist(route.traps, pl.hp, p_dis, game.content.trap_damage) if route.traps else {pl.hp: Fraction(1)}
    moved = set_player(view, p, at=route.room)
    win = lost = death = loot = power = Fraction(0)
    value = 0.0
    first = None
    for h, w in sorted(dist.items(), reverse=True):
        if h == 0:
            death += w
            lost += w * pl.hp
            value -= float(w) * (pl.hp + _death_cost(view, p))
            continue
        o = reveal_outlook(game, moved, room, p, hp=h)
        first = first or o
        win += w * o.win
        lost += w * ((pl.hp - h) + o.hp_lost)
        death += w * o.death
        loot += w * o.loot
        power += w * (o.power + route.pickups)
        value += float(w) * (o.value - (pl.hp - h) + route.pickups * POWER_VALUE)
    if first is None:  # every walk dies on its traps: judge the room at full health for the words
        first = reveal_outlook(game, moved, room, p)
    return Plan(room, route.room, route, turns, first, win, lost, death, loot, power, value)


def fight_or_go_around(game, state, room, player: Optional[int] = None, *, limit: int = 5) -> Comparison:
    """Reveal the face-down (or re-hidden) ``room`` next to you, or go another way?

    *Fight*: reveal ``room`` now (:func:`reveal_outlook`). *Around*: reveal
    another face-down room next to you instead, or walk this turn through
    revealed rooms (:func:`reach`) to the door of another face-down room and
    reveal it next turn (traps on the way counted, Power-Ups lying on the way
    picked up). Every plan gets the chance to win, the expected HP lost, the
    chance to die, the expected Loot Cards and Power-Ups, and a value in HP
    with the bots' weights; the ``limit`` best other plans are kept, best
    first. Taken as ``player`` knows the dungeon (their view). For a player
    who is not on turn, or has used the turn's action, "now" becomes their
    next turn (:attr:`Plan.turns`).

    >>> from balada_widgets.barcadia import BarcadiaGame
    >>> g = BarcadiaGame(players=2, dungeon="cozy")
    >>> twins = {"card": "tidal-twins", "up": False, "public": True}    # level 28, lost to before
    >>> s = g.position(players={0: {"at": 3}}, rooms={3: "puddle-pup", 4: "lemon-squeezer", 17: twins})
    >>> c = fight_or_go_around(g, s, 17)
    >>> c.fight.win, c.best.room != 17
    (Fraction(3, 10), True)
    >>> print(c.verdict)  # doctest: +ELLIPSIS
    Go around: to reveal r... now is worth +... HP (...) against -... HP for fighting The Tidal Twins in r17 (win 30%, ...
    """
    _check_state(game, state)
    p = _player(game, state, player)
    view = _view(game, state, p)
    i = _room(game, view, room)
    limit = _whole(limit, "limit", 0, 100)
    at = view.players[p].at
    if i == START or view.rooms[i].up:
        raise InvalidInput(f"{_room_name(i)} is face up: there is nothing to fight; enter it (rule H3)")
    if i not in view.layout.neighbours(at):
        raise InvalidInput(f"{_room_name(i)} is not next to {_who(p)}'s cup in {_room_name(at)}: "
                           f"only a room next to you can be revealed (rule H-TURN3)")
    on_turn = view.in_turn and view.active == p
    now = 0 if on_turn and view.actions > 0 else 1  # no action left, or not on turn: the reveal waits (H4)
    o = reveal_outlook(game, view, i, p)
    fight = Plan(i, at, None, now, o, o.win, o.hp_lost, o.death, o.loot, o.power, o.value)
    around = []
    for j in view.layout.neighbours(at):
        if j != i and j != START and not view.rooms[j].up:
            oj = reveal_outlook(game, view, j, p)
            around.append(Plan(j, at, None, now, oj, oj.win, oj.hp_lost, oj.death, oj.loot, oj.power, oj.value))
    rc = reach(game, view, p)
    near = set(view.layout.neighbours(at))
    for j, doors in rc.doors.items():
        if j == i or j in near:
            continue
        cands = [rc.routes[d] for d in doors if d in rc.routes]
        if not cands:
            continue
        route = min(cands, key=lambda r: (r.traps, r.steps, r.pourtal, r.room))
        around.append(_walk_then(game, view, p, route, j, 1 if on_turn else 2))
    around.sort(key=lambda x: (-x.value, x.turns, x.room))
    around = around[:limit]
    best = max([fight] + around, key=lambda x: (x.value, -x.turns, x.room == i))
    fname = f"{o.identities[0].card.name} in {_room_name(i)}" if o.known else f"the unknown {_room_name(i)}"
    weights = f"Values count a Loot Card {LOOT_VALUE} HP and a Power-Up {POWER_VALUE} HP (the bots' weights)."
    if best is fight:
        other = (f"; the best other plan, to {around[0].headline()}, is worth {around[0].value:+.1f} HP"
                 if around else "; there is no other way")
        verdict = (f"Fight: revealing {fname} {_WHEN[fight.turns]} is worth {fight.value:+.1f} HP "
                   f"({fight.numbers()}){other}. {weights}")
    else:
        verdict = (f"Go around: to {best.headline()} is worth {best.value:+.1f} HP ({best.numbers()}) against "
                   f"{fight.value:+.1f} HP for fighting {fname} ({fight.numbers()}). {weights}")
    return Comparison(p, i, fight, tuple(around), best, verdict)


# ====================================================================== best move


@dataclass(frozen=True)
class Advice:
    """What a bot of ``level`` would play now and why (see :func:`best_move`).

    ``move`` is the move object, ``text`` its notation, ``words`` the move in
    plain words; ``reasons`` the why, one sentence each; ``options``: for the
    reveals and walks of a turn, ``(move, words, value)`` of each room the bot
    weighed, best first; ``outlook`` the :class:`Outlook` of a reveal (else
    ``None``).
    """

    player: int
    level: str
    move: object
    text: str
    words: str
    reasons: tuple
    options: tuple = ()
    outlook: Optional[Outlook] = None

    def explain(self) -> str:
        return "\n".join([f"{self.words}."] + list(self.reasons))


def _goal_words(game, view, p, rc: Reach) -> str:
    pl = view.players[p]
    need = game.content.guardian.power_ups
    hoard = [i for i in range(1, len(view.rooms)) if view.rooms[i].up and is_hoard(game, view, i)]
    if len(pl.powerups) >= need and hoard:
        return (f"it holds {need} Power-Ups and heads for the door of the Drink Hoard in {_room_name(hoard[0])} "
                f"(H-TURN5)")
    lying = [i for i in range(1, len(view.rooms)) if view.rooms[i].up and view.rooms[i].powerups]
    if lying and (game.cap is None or len(pl.powerups) < game.cap):
        return ("it heads for the Power-Up lying in " + ", ".join(_room_name(i) for i in lying)
                + ": the cup that moves in takes it (H11)")
    return "it heads for face-down rooms worth more than those next to it"


def best_move(game, state, player: Optional[int] = None, level: str = "strong", seed: int = 0) -> Advice:
    """The move a bot of ``level`` (default: strong) would choose now, on the player's own view, and why.

    ``player``: whose decision (default: whoever decides now). The reasons
    name the numbers behind the choice: the bot's value of each room it may
    reveal (:meth:`~.bots.BarcadiaBot.reveal_value`, in HP), the exact
    :func:`reveal_outlook` of the room it reveals, the odds of the battle
    about to be rolled, or where a walk leads.

    >>> from balada_widgets.barcadia import BarcadiaGame
    >>> g = BarcadiaGame(players=2, dungeon="cozy")
    >>> s = g.position(players={0: {"at": 3, "powerups": ["fizzing-gauntlets", "crown-of-froth", "coaster-shield"]}},
    ...                rooms={3: "puddle-pup", 4: "drink-hoard"})
    >>> a = best_move(g, s)
    >>> a.text, a.words
    ('p1 claim', 'Player 1 challenges the Grand Drink Guardian')
    >>> print(a.reasons[0])
    It holds 3 Power-Ups next to the revealed Drink Hoard: the Guardian is beaten on a plain 15 or more, 30%, and wins the game (rules H8, H-TURN5).
    """
    _check_state(game, state)
    check_level(level, BOT_LEVELS)
    w = engine.waiting(game, state)
    if w[0] != "player":
        raise InvalidInput("nobody decides now: " + ("the game is over" if w[0] == "over" else
                                                     "chance moves next (a die, a card or a room is drawn)"))
    p = w[1] if player is None else _player(game, state, player)
    if p != w[1]:
        raise InvalidInput(f"it is {_who(w[1])}'s decision now, not {_who(p)}'s")
    view = _view(game, state, p)
    bot = make_bot(level, seed)
    m = bot.choose(game, view, p)
    text = game.move_to_text(m)
    words = game.describe_move(view, m, p)
    reasons: list = []
    options: list = []
    outlook = None
    moves = game.legal_moves(view, p)
    f = view.top
    if len(moves) == 1:
        reasons.append("It is the only move open now.")
    elif f is None:  # the player's own turn
        reveals = [x for x in moves if x.verb == "reveal"]
        for x in reveals:
            options.append((x, game.describe_move(view, x, p), round(bot.reveal_value(game, view, p, x.args[0]), 1)))
        options.sort(key=lambda t: -t[2])
        pl = view.players[p]
        if m.verb == "claim":
            g = game.content.guardian
            reasons.append(f"It holds {len(pl.powerups)} Power-Ups next to the revealed Drink Hoard: the Guardian is "
                           f"beaten on a plain {g.level} or more, {format_percent(win_probability('guardian'))}, "
                           f"and wins the game (rules H8, H-TURN5).")
        elif m.verb == "reveal":
            outlook = reveal_outlook(game, view, m.args[0], p)
            rank = ", ".join(f"{_room_name(x.args[0])} {v:+.1f}" for x, _, v in options)
            tied = [x for x, _, v in options if v == options[0][2]]
            if len(tied) > 1:
                reasons.append(f"The rooms next to it are worth the same to the bot ({options[0][2]:+.1f} HP: "
                               + ", ".join(_room_name(x.args[0]) for x in tied) + "); it takes the first.")
            else:
                reasons.append(f"Of the rooms next to it, the bot values {_room_name(m.args[0])} most "
                               f"(in HP: {rank}).")
            reasons.append(f"Revealing it: {outlook.summary()}.")
        elif m.verb in ("enter", "teleport"):
            rc = reach(game, view, p)
            reasons.append(f"It moves on: {_goal_words(game, view, p, rc)}.")
            if options:
                reasons.append("The rooms it could reveal from here are worth less to it (in HP: "
                               + ", ".join(f"{_room_name(x.args[0])} {v:+.1f}" for x, _, v in options) + ").")
            dest = rc.routes.get(m.args[0])
            if dest is not None and dest.traps:
                reasons.append(f"The step rolls for {_plural(dest.traps, 'trap')} (rule H13).")
        elif m.verb == "play":
            card = game.content.loot[m.args[0]]
            from .effects import card_words

            reasons.append(f"{card.name}: {card_words(card)}; the bot plays it now because it pays off here.")
        elif m.verb == "duel":
            q = next((q for q, o in enumerate(view.players) if o.at == m.args[0] and q != p), None)
            if q is not None:
                mine = sum(x.amount for x in roll_bonuses(game, view, p, "duel"))
                theirs = sum(x.amount for x in roll_bonuses(game, view, q, "duel"))
                o = view.players[q]
                reasons.append(f"A duel before the first action against {_who(q)} ({o.hp} HP, "
                               f"{_plural(len(o.powerups), 'Power-Up')}): a roll-off, {mine:+d} against {theirs:+d}, "
                               f"{format_percent(win_probability('duel', bonus=mine, opponent_bonus=theirs))} to win; "
                               f"the loser drinks {game.content.duel_damage}, a death drops a Power-Up, a winning "
                               f"attacker takes the room (rules H-DUEL1..4, H10).")
        elif m.verb == "end":
            reasons.append("Nothing left is worth doing this turn (rule H4: the action is taken).")
        elif m.verb == "home":
            reasons.append("Stranded: nothing to reveal, no Pourtal, no escape card; going back to START is the "
                           "turn's action (rule H14).")
        else:
            reasons.append(f"The bot's plan for its own turn picks this ({m.verb}).")
    elif f.kind == "window":
        odds = game.battle_odds(view)
        if odds is not None:
            reasons.append(f"The roll about to be made: {odds.title}, {format_percent(odds.p_win)} for the "
                           f"challenger (rule H5).")
        if m.verb == "play":
            card = game.content.loot[m.args[0]]
            from .effects import card_words

            reasons.append(f"It plays {card.name} ({card_words(card)}): the chance it changes, times what is at "
                           f"stake, is worth more than keeping the card.")
        else:
            reasons.append("It passes: no card it holds is worth playing here.")
    elif f.kind == "battle":
        q = m.args[0]
        kind = f.battle
        bon = sum(x.amount for x in roll_bonuses(game, view, q, kind))
        plain = _partner(game, view, p, kind)
        if kind == "team":
            why = ("the largest Team bonus" if q == plain else
                   "not the largest Team bonus: the bot weighs the odds against what the shared reward gives a rival")
            reasons.append(f"It names {_who(q)} as teammate, with {bon:+d} in Team Battles: {why} (rules H-TEAM1, P9).")
        else:
            why = ("the smallest Boss bonus, the best odds" if q == plain else
                   "not the smallest Boss bonus: the bot weighs who drinks the Boss's damage if it wins")
            reasons.append(f"It names {_who(q)} to play the Boss, with {bon:+d} in Boss battles: {why} "
                           f"(rules H-BOSS1, H7).")
    else:
        reasons.append(f"Pending: {game.pending(view).text}; the bot keeps "
                       f"what it values most.")
    return Advice(p, level, m, text, words, tuple(reasons), tuple(options), outlook)


# ====================================================================== playouts


@dataclass(frozen=True)
class PlayoutResult:
    """Bot playouts from a position (see :func:`playouts`): per player, over ``n`` runs."""

    n: int
    level: str
    turns: Optional[int]
    wins: tuple
    hp: tuple
    powerups: tuple
    finished: int

    def text(self) -> str:
        horizon = f"after {self.turns} more turns" if self.turns else "at the end"
        lines = [f"{self.n} playouts by {self.level} bots ({self.finished} games finished); {horizon}:"]
        for p, (w, h, u) in enumerate(zip(self.wins, self.hp, self.powerups)):
            lines.append(f"- {_who(p)}: wins {format_percent(w)}, {h:.0f} HP, {u:.2f} Power-Ups on average")
        return "\n".join(lines)


def playouts(game, state, n: int = 20, level: str = "greedy", turns: Optional[int] = None,
             seed: int = 0) -> PlayoutResult:
    """Play the position out ``n`` times with bots of ``level`` on every seat: the expected score.

    Each run is a :class:`~balada_widgets.core.session.Session` from
    ``state`` with its own seed (chance draws the unseen rooms, the dice and
    the cards). ``turns`` stops each run that many turns later (``None``: at
    the end of the game). ``wins`` counts a shared win (turn limit, Frenzy) as
    a share. The position must be the whole game (not a player's view).

    >>> from balada_widgets.barcadia import BarcadiaGame
    >>> g = BarcadiaGame(players=2, dungeon="cozy")
    >>> s = g.position(players={0: {"at": 3, "powerups": ["fizzing-gauntlets", "crown-of-froth", "coaster-shield"]}},
    ...                rooms={3: "puddle-pup", 4: "drink-hoard"})
    >>> r = playouts(g, s, n=4, turns=6)
    >>> r.n, len(r.wins), sum(r.wins) <= 1
    (4, 2, True)
    """
    from ..core.bots import run_bots
    from ..core.session import Session

    _check_state(game, state)
    if state.masked:
        raise InvalidInput("playouts need the whole game, not a player's view (the bots would see nothing to draw)")
    n = _whole(n, "n", 1, 10_000)
    check_level(level, BOT_LEVELS)
    if turns is not None:
        turns = _whole(turns, "turns", 1, 10_000)
    wins = [0.0] * game.players
    hp = [0.0] * game.players
    pus = [0.0] * game.players
    finished = 0
    for k in range(n):
        s = Session(game, seed=f"{seed}:{k}", state=state)
        bots = {p: make_bot(level, f"{seed}:{k}:{p}") for p in range(game.players)}
        stop = None if turns is None else state.turn + turns
        moves = 0
        while not game.is_over(s.state) and moves < 20_000:
            if stop is not None and s.state.turn >= stop and not s.state.stack and s.state.in_turn:
                break
            moves += run_bots(s, bots, max_moves=1)
        st = s.state
        if game.is_over(st):
            finished += 1
            for wnr in st.winners:
                wins[wnr] += 1 / len(st.winners)
        for p, pl in enumerate(st.players):
            hp[p] += pl.hp
            pus[p] += len(pl.powerups)
    return PlayoutResult(n, level, turns, tuple(w / n for w in wins), tuple(h / n for h in hp),
                         tuple(u / n for u in pus), finished)


# ====================================================================== whole games, bot statistics


def micro_states(game, state, move):
    """Every state the engine passes through while playing ``move``, the resting one last.

    :func:`~.engine.act` runs the automatic steps (battles resolved, deaths,
    moving in) in one go; this walks them one by one, so a statistic can see
    what happens in between (a player dropping to 0 HP and coming back to
    START with FULL HP is one move). The last state equals ``game.apply(state,
    move)`` (tested).
    """
    s = engine._act(game, state, move)
    out = [s]
    for _ in range(10_000):
        if s.phase == "over":
            break
        f = s.top
        if f is None:
            if s.phase != "play":
                break
            if game.frenzy and engine.all_revealed(s):
                s = engine.frenzy_result(game, s)
                out.append(s)
                continue
            ms = engine.idle_moves(game, s)
            if len(ms) == 1 and ms[0].verb == "end":
                s = engine.end_turn(game, s)
                out.append(s)
                continue
            break
        nxt = engine.STEP[f.kind](game, s, f)
        if nxt is None:
            break
        s = nxt
        out.append(s)
    return out


@dataclass(frozen=True)
class PlayerRecord:
    """One player's game: ``hp_lost`` (HP drunk, traps, battles, duels, cards), ``deaths``, ``powerups_gained``
    (won or picked up and kept: one placed in the dungeon at once over the cap, H11, does not count),
    ``powerups_end``, ``reveals`` (rooms revealed), ``won`` (a share of the win when it is shared)."""

    player: int
    level: Optional[str]
    won: float
    hp_lost: int
    deaths: int
    powerups_gained: int
    powerups_end: int
    reveals: int


@dataclass(frozen=True)
class GameRecord:
    """A whole game in numbers (see :func:`game_record`)."""

    turns: int
    moves: int
    end: str
    winners: tuple
    players: tuple

    def text(self) -> str:
        lines = [f"{self.turns} turns, {self.moves} moves; ended by {self.end or 'nothing yet'}; winners: "
                 + (", ".join(_who(w) for w in self.winners) or "none")]
        for r in self.players:
            lines.append(f"- {_who(r.player)}" + (f" ({r.level})" if r.level else "")
                         + f": {r.hp_lost} HP lost, {_plural(r.deaths, 'death')}, "
                           f"{r.powerups_gained} Power-Ups gained, {r.powerups_end} at the end, "
                           f"{r.reveals} rooms revealed")
        return "\n".join(lines)


def game_record(session, levels: Optional[Sequence[str]] = None) -> GameRecord:
    """Deaths, HP lost, Power-Ups and reveals of each player along the session's current line.

    HP lost counts every drop of HP between the engine's steps (so a death's
    refill to FULL does not hide the damage before it); a death is a drop to
    0 HP (H10).

    >>> from balada_widgets.barcadia import BarcadiaGame
    >>> from balada_widgets.core.session import Session
    >>> from balada_widgets.core.bots import run_bots
    >>> g = BarcadiaGame(players=2, dungeon="cozy")
    >>> s = Session(g, seed=1)
    >>> _ = run_bots(s, {0: make_bot("greedy", 1), 1: make_bot("strong", 2)})
    >>> r = game_record(s, ["greedy", "strong"])
    >>> r.end, len(r.winners), sum(x.won for x in r.players), r.players[r.winners[0]].powerups_end
    ('guardian', 1, 1.0, 3)
    """
    game = session.game
    _check_game(game)
    n = game.players
    if levels is not None and len(levels) != n:
        raise InvalidInput(f"levels names one bot level per player ({n}), not {len(levels)}")
    lost = [0] * n
    deaths = [0] * n
    gained = [0] * n
    reveals = [0] * n
    nodes = session.current.path()
    for node in nodes:
        prev = node.parent.state
        if node.move.player is not None and node.move.verb == "reveal":
            reveals[node.move.player] += 1
        if node.move.player is not None and node.move.verb == "place":  # over the cap: one goes back at once (H11)
            gained[node.move.player] -= 1
        if prev.phase != "play":
            continue
        last = prev
        for st in micro_states(game, prev, node.move):
            for p in range(n):
                a, b = last.players[p], st.players[p]
                if b.hp < a.hp:
                    lost[p] += a.hp - b.hp
                    if b.hp == 0:
                        deaths[p] += 1
                if len(b.powerups) > len(a.powerups):
                    gained[p] += len(b.powerups) - len(a.powerups)
            last = st
        if last != node.state:  # pragma: no cover - the engine's own steps changed: micro_states must follow
            raise RuntimeError("analysis.micro_states no longer matches the engine's run()")
    end = session.state
    winners = tuple(end.winners) if end.phase == "over" else ()
    recs = tuple(PlayerRecord(p, levels[p] if levels else None, (1 / len(winners)) if p in winners else 0.0,
                              lost[p], deaths[p], gained[p], len(end.players[p].powerups), reveals[p])
                 for p in range(n))
    return GameRecord(end.turn, len(nodes), end.end, winners, recs)


def timeline(session) -> list:
    """HP and Power-Ups of every player at the start of each turn of the session's current line (and at the end).

    Rows ``{"turn", "active", "hp": (...), "powerups": (...)}``, for a plot of a game replayed.

    >>> from balada_widgets.barcadia import BarcadiaGame
    >>> from balada_widgets.core.session import Session
    >>> from balada_widgets.core.bots import run_bots
    >>> s = Session(BarcadiaGame(players=2, dungeon="cozy"), seed=1)
    >>> _ = run_bots(s, {0: make_bot("greedy", 1), 1: make_bot("strong", 2)})
    >>> rows = timeline(s)
    >>> rows[0]["turn"], rows[0]["hp"], rows[-1]["turn"] == s.state.turn
    (1, (100, 100), True)
    """
    _check_game(session.game)
    rows, last = [], None
    states = [session.root.state] + [n.state for n in session.current.path()]
    for st in states:
        if st.phase == "play" and st.turn != last and st.in_turn:
            last = st.turn
            rows.append({"turn": st.turn, "active": st.active, "hp": tuple(pl.hp for pl in st.players),
                         "powerups": tuple(len(pl.powerups) for pl in st.players)})
    end = session.state
    if end.phase == "over":
        rows.append({"turn": end.turn, "active": end.active, "hp": tuple(pl.hp for pl in end.players),
                     "powerups": tuple(len(pl.powerups) for pl in end.players)})
    return rows


def _bot_game(players: int, dungeon: Optional[str], turn_limit: int, options: dict):
    from .rules import BarcadiaGame

    if dungeon == "auto":
        dungeon = "cozy" if players <= 3 else "grand"
    return BarcadiaGame(players=players, dungeon=dungeon, turn_limit=turn_limit, **options)


def _play(game, levels, seed) -> bot_games.GameResult:
    """One game of bots through the core (:func:`balada_widgets.core.bot_stats.play_bot_game`), its
    :class:`GameRecord` as the result's ``record``."""
    for level in levels:
        check_level(level, BOT_LEVELS)
    return bot_games.play_bot_game(game, levels, seed, make_bot=make_bot, record=game_record)[1]


def play_bot_game(levels: Sequence[str], seed=0, *, dungeon: Optional[str] = "auto", turn_limit: int = 300,
                  **options) -> GameRecord:
    """One whole game of bots (one level per seat), seeded, as a :class:`GameRecord`.

    ``dungeon="auto"``: the shipped ``cozy`` dungeon for 2-3 players,
    ``grand`` for 4-6; ``turn_limit`` is the safety net of ruling P18 (random
    bots can wander a long time). Other ``options`` go to the game. The game is
    played by :func:`balada_widgets.core.bot_stats.play_bot_game` (each bot
    seeded ``f"{seed}:{seat}"``).
    """
    levels = tuple(levels)
    return _play(_bot_game(len(levels), dungeon, turn_limit, options), levels, seed).record


@dataclass(frozen=True)
class LevelStats:
    """One bot level over a batch of games, per seat it held (see :func:`bot_stats`)."""

    level: str
    seats: int
    wins: float
    win_rate: float
    turns: float
    deaths: float
    hp_lost: float
    powerups_gained: float
    powerups_end: float
    reveals: float


@dataclass(frozen=True)
class BotStats(bot_games.BotStats):
    """Bot statistics by level (see :func:`bot_stats`): the core's
    :class:`~balada_widgets.core.bot_stats.BotStats` (``games``: its results, each with the game's
    :class:`GameRecord` as ``record``), and Barcadia's own numbers per level, :attr:`by_level`."""

    @property
    def records(self) -> tuple:
        """The :class:`GameRecord` of every game."""
        return tuple(g.record for g in self.games)

    @property
    def turn_limited(self) -> int:
        """Games ended by the turn limit (ruling P18) rather than by the Guardian."""
        return sum(1 for r in self.records if r.end == "turn limit")

    @property
    def by_level(self) -> tuple:
        """A :class:`LevelStats` per level: win rate, turns, deaths, HP lost, Power-Ups, reveals (per seat)."""
        rows = []
        for lv in self.levels:
            mine = [(rec, pr) for rec in self.records for pr in rec.players if pr.level == lv]
            seats = len(mine)
            if not seats:
                continue
            wins = sum(pr.won for _, pr in mine)
            rows.append(LevelStats(lv, seats, wins, wins / seats, statistics.fmean(rec.turns for rec, _ in mine),
                                   statistics.fmean(pr.deaths for _, pr in mine),
                                   statistics.fmean(pr.hp_lost for _, pr in mine),
                                   statistics.fmean(pr.powerups_gained for _, pr in mine),
                                   statistics.fmean(pr.powerups_end for _, pr in mine),
                                   statistics.fmean(pr.reveals for _, pr in mine)))
        return tuple(rows)

    def text(self) -> str:
        n = len(self.games)
        head = (f"{_plural(n, 'game')} of {self.players} bots, seats rotated; {self.turn_limited} stopped by the "
                f"turn limit (P18). A fair seat wins {format_percent(Fraction(1, self.players))}.")
        rows = ["level    seats  win rate  turns/game  deaths  HP lost  Power-Ups gained  at end  reveals"]
        for r in self.by_level:
            rows.append(f"{r.level:<8} {r.seats:>5}  {r.win_rate:>8.0%}  {r.turns:>10.1f}  {r.deaths:>6.2f}  "
                        f"{r.hp_lost:>7.1f}  {r.powerups_gained:>16.2f}  {r.powerups_end:>6.2f}  {r.reveals:>7.1f}")
        return head + "\n" + "\n".join(rows)


def bot_stats(levels: Sequence[str] = BOT_LEVELS, games: int = 12, players: int = 3, seed=0, *,
              dungeon: Optional[str] = "auto", turn_limit: int = 300, **options) -> BotStats:
    """Mixed games of bots by level: win rate, turns, deaths, HP lost, Power-Ups, reveals (per seat and game).

    The seats are rotated the one way of every game
    (:func:`balada_widgets.core.bot_stats.seatings`: the rotations of the
    levels first, so every level sits in every seat equally often, then the
    other orders); game ``k`` has the seed ``f"{seed}:{k}"``.

    >>> st = bot_stats(games=3, seed=1)
    >>> [r.level for r in st.by_level], [r.seats for r in st.by_level]
    (['random', 'greedy', 'strong'], [3, 3, 3])
    >>> abs(sum(r.wins for r in st.by_level) - 3) < 1e-9
    True
    """
    levels = tuple(levels)
    if not levels:
        raise InvalidInput("name at least one bot level")
    for level in levels:
        check_level(level, BOT_LEVELS)
    players = _whole(players, "players", 2, 6)
    game = _bot_game(players, dungeon, turn_limit, options)
    return BotStats(players, bot_games.play_bot_games(levels, games, players, seed,
                                                      lambda seats, game_seed: _play(game, seats, game_seed)))


def plot_bot_stats(stats: BotStats, axes=None):
    """Four panels of :func:`bot_stats`: win rate, turns per game, deaths and HP lost, Power-Ups. Returns the axes."""
    import matplotlib.pyplot as plt

    if not isinstance(stats, BotStats):
        raise InvalidInput(f"plot_bot_stats takes the result of bot_stats, not {type(stats).__name__}")
    if axes is None:
        _, axes = plt.subplots(1, 4, figsize=(13, 3))
    names = [r.level for r in stats.by_level]
    colours = ["#90a4ae", "#4f8fd6", "#d9822b", "#6a9f4b"][:len(names)]
    rows = stats.by_level
    panels = [("win rate per seat", [r.win_rate for r in rows]),
              ("turns per game", [r.turns for r in rows]),
              ("deaths per game", [r.deaths for r in rows]),
              ("Power-Ups gained per game", [r.powerups_gained for r in rows])]
    for ax, (title, values) in zip(axes, panels):
        ax.bar(names, values, color=colours)
        ax.set_title(title, fontsize=10)
        ax.grid(axis="y", alpha=0.3)
    axes[0].axhline(1 / stats.players, color="0.4", lw=0.8, ls="--")
    axes[0].set_ylim(0, 1)
    return axes


# ====================================================================== hand-made positions


_PLAYER_FIELDS = ("hp", "at", "hand", "powerups", "power_traps", "pouch", "pocket_used")
_ROOM_FIELDS = ("card", "up", "public", "traps", "powerups", "seen", "pocket")


def position_spec(game, state) -> dict:
    """The position as the keyword arguments of ``game.position(...)``, for editing by hand.

    ``{"active", "turn", "players": {p: {...}}, "rooms": {i: {...}}, "discard",
    "bottom"}``: every player and every room that differs from the defaults.
    Pending steps (a battle under way) are not part of it: ``game.position``
    starts a turn.

    >>> from balada_widgets.barcadia import BarcadiaGame
    >>> g = BarcadiaGame(players=2, dungeon="cozy")
    >>> s = g.position(players={1: {"hp": 60, "at": 3}}, rooms={3: "puddle-pup"})
    >>> spec = position_spec(g, s)
    >>> spec["players"][1]["hp"], spec["rooms"][3]
    (60, {'card': 'puddle-pup', 'up': True, 'public': True})
    >>> g.position(**spec) == s
    True
    """
    _check_game(game)
    if not isinstance(state, BarcadiaState):
        raise InvalidInput(f"not a Heroes of Barcadia position: {type(state).__name__}")
    if state.masked and any("?" in pl.hand for pl in state.players):
        raise InvalidInput("a view hides hands ('?'): edit the game itself, or load its text (ruling P19 deals "
                           "the hidden cards again)")
    players = {}
    for p, pl in enumerate(state.players):
        d = {"hp": pl.hp, "at": pl.at, "hand": list(pl.hand), "powerups": list(pl.powerups),
             "power_traps": list(pl.power_traps), "pouch": pl.pouch, "pocket_used": pl.pocket_used}
        players[p] = {k: v for k, v in d.items() if v not in (0, [], False) or k == "hp"}
        if players[p].get("hp") == game.content.hp_full:
            del players[p]["hp"]
    rooms = {}
    for i in range(1, len(state.rooms)):
        r = state.rooms[i]
        d = {"card": r.card, "up": r.up, "public": r.public, "traps": r.traps, "powerups": list(r.powerups),
             "seen": list(r.seen), "pocket": r.pocket}
        d = {k: v for k, v in d.items() if v not in (None, False, 0, [], -1) or (k == "up" and r.card)}
        if d:
            rooms[i] = d
    return {"active": state.active, "turn": max(1, state.turn), "players": players, "rooms": rooms,
            "discard": list(state.discard), "bottom": list(state.pu_bottom), "layout": state.layout}


def _at(game, v):
    if isinstance(v, str):
        t = v.strip()
        if t.upper() == "START":
            return START
        if t[:1] == "r" and t[1:].isdecimal():
            return int(t[1:])
        raise InvalidInput(f"at must be a room such as 'r3' or 'START', not {v!r}")
    return v


def edit_position(game, state, *, active: Optional[int] = None, player: Optional[int] = None,
                  room: Optional[int] = None, **changes) -> BarcadiaState:
    """A new position: ``state`` with one player's or one room's fields changed, checked (every problem listed).

    With ``player=p``: ``hp``, ``at`` (a room number, ``"r3"`` or
    ``"START"``), ``hand``, ``powerups``, ``power_traps``, ``pouch``,
    ``pocket_used``. With ``room=i``: ``card``, ``up``, ``public``,
    ``traps``, ``powerups``, ``seen``, ``pocket``; turning a room face up
    makes its identity public (H15), face down keeps it public (a re-hidden
    room). ``active=p`` makes it ``p``'s turn. The result starts a turn (see
    :func:`position_spec`); a bad edit raises
    :class:`~balada_widgets.core.errors.InvalidPosition` naming the rule.

    >>> from balada_widgets.barcadia import BarcadiaGame
    >>> g = BarcadiaGame(players=2, dungeon="cozy")
    >>> s = g.position()
    >>> s = edit_position(g, s, room=3, card="kettle-imp", up=True)
    >>> s = edit_position(g, s, player=0, at="r3", hp=40)
    >>> s.players[0].at, s.players[0].hp, s.rooms[3].card
    (3, 40, 'kettle-imp')
    >>> edit_position(g, s, room=3, traps=1)
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidPosition: invalid position: r3 is occupied, so it holds no trap (rule H13)
    """
    spec = position_spec(game, state)
    if active is not None:
        spec["active"] = _player(game, state, active)
    if (player is None) == (room is None) and changes:
        raise InvalidInput("name either player= or room= for the fields to change")
    if player is not None:
        p = _player(game, state, player)
        bad = sorted(set(changes) - set(_PLAYER_FIELDS))
        if bad:
            raise InvalidInput(f"a player has no field {bad[0]!r}; use {', '.join(_PLAYER_FIELDS)}")
        d = dict(spec["players"].get(p, {}))
        for k, v in changes.items():
            d[k] = _at(game, v) if k == "at" else (list(v) if isinstance(v, (list, tuple)) else v)
        spec["players"][p] = d
    if room is not None:
        i = _room(game, state, room)
        if i == START:
            raise InvalidInput("START is the Starting Point: it cannot be edited (rule H1)")
        bad = sorted(set(changes) - set(_ROOM_FIELDS))
        if bad:
            raise InvalidInput(f"a room has no field {bad[0]!r}; use {', '.join(_ROOM_FIELDS)}")
        d = dict(spec["rooms"].get(i, {}))
        for k, v in changes.items():
            d[k] = list(v) if isinstance(v, (list, tuple)) else v
        if changes.get("up") is True:
            d["public"] = True
        if changes.get("up") is False and d.get("card") and "public" not in changes:
            d["public"] = True
        if "card" in changes and changes["card"] is None:
            d.pop("card")
            d["up"] = d["public"] = False
        spec["rooms"][i] = d
    for d in list(spec["players"].values()) + list(spec["rooms"].values()):
        for k in ("hp", "traps", "pouch"):
            if k in d and (isinstance(d[k], bool) or not isinstance(d[k], int)):
                raise InvalidInput(f"{k} must be a whole number, not {d[k]!r}")
    try:
        return game.position(**spec)
    except GameError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as e:
        raise InvalidInput(f"cannot build that position: {e}") from None


def content_problems(source) -> list:
    """Every problem of a content file (a path, a JSON text or its parsed dict) as ``(rule, text)``; [] when fine.

    >>> content_problems({"rooms": [{"id": "imp", "name": "Imp", "type": "monster", "level": 25, "damage": 15}]})[:2]
    [('H-MON1', "content: room 'imp': a Monster needs a level 1..20, not 25"), ('H9', "content: room 'imp': damage must be a multiple of 10 from 10 to 100, not 15")]
    """
    import json

    from .content import content_from_data, load_content

    try:
        if isinstance(source, dict):
            content_from_data(source, "content")
        elif isinstance(source, str) and source.lstrip().startswith("{"):
            try:
                data = json.loads(source)
            except json.JSONDecodeError as e:
                return [(None, f"the content is not valid JSON: {e}")]
            content_from_data(data, "content")
        else:
            load_content(source)
    except InvalidPosition as e:
        return list(e.problems)
    except GameError as e:
        return [(getattr(e, "rule", None), str(e))]
    return []


def diy_problems(name=None, colour=None, window=None, effects=None, content=None) -> list:
    """Every problem of a DIY Loot Card as ``(rule, text)``; [] when it can be printed (see :func:`~.content.diy_card`).

    >>> diy_problems("Splash Zone", "red", "between_turns", [("damage", 20), ("draw", 1)])
    [('H-LOOT6', "DIY card 'Splash Zone': its effects cost 5 and the budget is 3")]
    >>> diy_problems("Water Break", "blue", "between_turns", [("heal", 20), ("draw", 1)])
    []
    """
    from .content import diy_card

    try:
        diy_card(name, colour, window, effects, content=content)
    except GameError as e:
        return list(getattr(e, "problems", [(getattr(e, "rule", None), str(e))]))
    return []
