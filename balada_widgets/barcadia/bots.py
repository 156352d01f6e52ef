"""Heroes of Barcadia bots at three strengths, all choosing among ``legal_moves`` of their own view.

A bot is given ``game.view(state, player)``: its own hand and peeks, the
others' hands as ``?``, unseen rooms without identity. It never sees more.

:func:`make_bot` makes a bot of any level: the random and greedy levels are
a :class:`~.greedy.BarcadiaBot` (:mod:`.greedy`, with the values and battle
odds every bot shares), the strong one a :class:`~.strong.StrongBot`, its
subclass. This module imports both and neither imports it.

- ``random``: picks a kind of move at random (reveal, enter, play, end...),
  then one move of that kind: a random player that still finishes turns.
- ``greedy``: a plain plan. Claim the Hoard when it can; with three
  Power-Ups head for the revealed Hoard; pick up Power-Ups lying in rooms;
  otherwise reveal the room next to it that looks best, or walk to the
  nearest face-down room. Heals when hurt, plays Redo after a loss, helps
  its own battles and hinders the leader's. With nothing left to explore it
  hunts players who hold Power-Ups (a death drops one).
- ``strong`` (:class:`~.strong.StrongBot`, its own module): a planner
  over one turn with exact odds and one scale of value for Power-Ups, Loot,
  HP (dear when a death is near) and the game. It scores every way to spend
  its turn (steps, Pourtal jumps, then a reveal, a claim or a stop) by what
  it brings now and the best plan from where the cup ends; plays its cards
  when the change in the exact odds times the stakes beats keeping them; and
  hinders the rival closest to winning (duels and shoves off the Hoard's
  door, traps on the Hoard, Boost against their battles, Room Swap). See
  :mod:`.strong` for the design. Measured (``bench/bench_barcadia_strength.py``,
  seeded, seats rotated): two strong bots win about 70% of 4-player games
  against two greedy ones (a fair share is 50%), a strong bot about 75% of
  2-player games; a decision takes about a millisecond.

>>> from balada_widgets.barcadia.rules import BarcadiaGame
>>> from balada_widgets.core.session import Session
>>> from balada_widgets.core.bots import run_bots
>>> g = BarcadiaGame(players=2, dungeon="cozy")
>>> s = Session(g, seed=1)
>>> _ = run_bots(s, {0: make_bot("greedy", 1), 1: make_bot("greedy", 2)})
>>> g.is_over(s.state), len(s.state.winners)
(True, 1)
"""

from __future__ import annotations

from ..core.bots import check_level
from . import engine
from .greedy import CARD_PRIORITY, LOOT_VALUE, POWER_PRIORITY, POWER_VALUE, BarcadiaBot, win_chance  # noqa: F401
from .state import Move
from .strong import StrongBot

BOT_LEVELS = ("random", "greedy", "strong")


def make_bot(level: str = "greedy", seed=0) -> BarcadiaBot:
    """A Barcadia bot: ``"random"``, ``"greedy"`` or ``"strong"`` (see the module docstring).

    The random and greedy levels are a :class:`~.greedy.BarcadiaBot`, the strong one a :class:`~.strong.StrongBot`.

    >>> type(make_bot("greedy")).__name__, type(make_bot("strong", 3)).__name__
    ('BarcadiaBot', 'StrongBot')
    >>> make_bot("genius")
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input: unknown bot level 'genius'; choose one of random, greedy, strong
    """
    check_level(level, BOT_LEVELS)
    return StrongBot(seed=seed) if level == "strong" else BarcadiaBot(level, seed)


# ---------------------------------------------------------------- auto-pass (ruling H19)
#
# Where the auto-pass lives, and why there. A window asks every player who
# holds a Loot Card (H19), so at a table of humans each window would stop at
# every hand. A seat may turn on auto-pass for the windows outside its own
# turn: it then passes whatever its hand holds. The setting is the driver's,
# not the game's: it is kept by whoever seats the players (the live view keeps
# it per seat, on the page, and hands the bot loop a :class:`Seats`), never in
# the state, the session's tree, a save file or a position text. So nothing a
# view, a log, a save or another seat's page shows can tell it: an auto-pass is
# the plain move ``p2 pass`` (the same text, the same words "Player 2 passes",
# the same node in the move list), played by the bot loop exactly where the
# player would have clicked Pass; and the seat's toggle is drawn in that seat's
# own view only.


class AutoPass:
    """The move of a seat whose auto-pass is on: pass (see :func:`auto_passes` for when)."""

    level = "auto-pass"
    name = "auto-pass"

    def choose(self, game, state, player: int):
        return Move(player, "pass", ())


AUTO_PASS = AutoPass()


def auto_passes(game, state, p: int) -> bool:
    """Would an auto-passing seat ``p`` pass now? A Loot window asks ``p`` outside ``p``'s own turn.

    "Outside its own turn": any window but one of ``p``'s turn while it runs
    (its battles' card and Redo windows); the between-turns window after
    ``p``'s turn counts as outside (the turn is over).
    """
    f = state.top
    return (f is not None and f.kind == "window" and state.phase == "play" and f.order[f.idx] == p
            and engine.waiting(game, state) == ("player", p) and not (state.in_turn and state.active == p))


class Seats:
    """The bots of a table plus the seats whose auto-pass is on, read as one ``{seat: bot}`` by the bot loop.

    ``p in seats`` is true for a bot, and for an auto-passing seat while a
    window outside its turn asks it (in ``session``'s current state): then
    ``seats[p]`` is :data:`AUTO_PASS`. The kit's bot loop (``run_bots``,
    ``play_human``, undo/redo over the bots' answers, the hot-seat's choice of
    seat) then treats that seat's window as a bot's: no pass screen, an undo
    takes the auto-passes back with the move they answered.

    >>> from balada_widgets.barcadia.rules import BarcadiaGame
    >>> from balada_widgets.core.session import Session
    >>> g = BarcadiaGame(players=2, dungeon="cozy")
    >>> s = Session(g, seed=0, state=g.position(players={1: {"hand": ["dash"]}}, rooms={3: "puddle-pup"}))
    >>> seats = Seats(s, {}, auto=[1])
    >>> s.play("p1 enter r3"); 1 in seats, bool(seats)   # not now: it is player 1's turn
    (False, True)
    >>> s.play("p1 end"); 1 in seats, seats[1].name      # the between-turns window asks player 2
    (True, 'auto-pass')
    """

    def __init__(self, session, bots=None, auto=()):
        self.session = session
        self.bots = dict(bots or {})
        self.auto = frozenset(p for p in auto if p not in self.bots)

    def _auto(self, p) -> bool:
        return p in self.auto and auto_passes(self.session.game, self.session.state, p)

    def __contains__(self, p) -> bool:
        return p in self.bots or self._auto(p)

    def __getitem__(self, p):
        if p in self.bots:
            return self.bots[p]
        if self._auto(p):
            return AUTO_PASS
        raise KeyError(p)

    def get(self, p, default=None):
        return self[p] if p in self else default

    def __iter__(self):
        yield from self.bots
        yield from (p for p in sorted(self.auto) if self._auto(p))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:  # the loop must run whenever a bot or an auto-passing seat is seated
        return bool(self.bots or self.auto)

    def __repr__(self) -> str:
        return f"Seats(bots={sorted(self.bots)}, auto={sorted(self.auto)})"
