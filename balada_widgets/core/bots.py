"""Bots: any object with ``choose(game, state, player) -> move``.

:func:`run_bots` lets the bots of a session move until a human must decide,
so a UI or a script plays "humans against bots" and "bots against bots" the
same way. Bots only ever pick among :meth:`Game.legal_moves`.

>>> from balada_widgets.core.demo import RaceGame
>>> from balada_widgets.core.session import Session
>>> s = Session(RaceGame(players=2), seed=0)
>>> run_bots(s, {0: RandomBot(1), 1: RandomBot(2)}) > 0, s.game.is_over(s.state)
(True, True)

The pause before a roll: where :meth:`Game.chance_waits_for` names a person
(a seat that is not a bot here, or a remote seat), chance waits until a
person rolls (:func:`roll_human`); these functions tell the session who the
people are (:func:`seat_people`) before they play. A roll of bots alone never
waits, so bot games stay quick.

>>> s = Session(RaceGame(die=True, pause=True), seed=0)   # hot-seat: both seats are people
>>> s.history                                               # the first die came before anybody sat down
['roll 2']
>>> play_human(s, {}, "p1 +1"); s.history, s.holds(), people_in_roll(s.game, s.state, {})
(['roll 2', 'p1 +1'], True, (1,))
>>> roll_human(s, {}); s.history, s.holds()
(['roll 2', 'p1 +1', 'roll 4'], False)
>>> play_human(s, {0: RandomBot(1)}, "p2 +1"); s.history[3:], s.holds()   # the bot's die does not wait
(['p2 +1', 'roll 2', 'p1 +1'], True)"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterable, Mapping, Optional, Protocol, Sequence, TypeVar

from .errors import InvalidInput, short_text


class Bot(Protocol):
    name: str

    def choose(self, game, state, player: int) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal moves (seeded)."""

    name = "random"

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, game, state, player):
        return self.rng.choice(game.legal_moves(state, player))


def run_bots(session, bots: Mapping[int, Bot], max_moves: int = 100_000) -> int:
    """Play bot moves while some waiting player is a bot; return how many were played.

    With simultaneous choices the bots among the waiting players move one after
    the other; the loop stops when only humans are waited for, at a pause
    before a person's roll (:func:`roll_human`), or when the game ends. A chance
    move left waiting that names no person here (a save loaded at a pause, a
    seat handed to a bot) is drawn.
    """
    game = session.game
    seat_people(session, bots)
    played = 0
    while played < max_moves and not game.is_over(session.state):
        if game.is_chance(session.state):
            if session.holds() or not session.auto_chance:
                break
            session.roll()
            continue
        waiting = [p for p in game.to_move(session.state) if p in bots and not is_remote(bots[p])]
        if not waiting:
            break
        p = waiting[0]
        # a bot sees what its player may see, never the others' hidden choices
        session.play(bots[p].choose(game, game.view(session.state, p), p))
        played += 1
    return played


# ---------------------------------------------------------------- humans and bots at one table
#
# A UI seats humans and bots together: a human's move is answered by the bots
# at once, and undo/redo step over the bots' answers so the position shown is
# always one where a human decides.


def mover(game, node) -> int | None:
    """The player who made the move of ``node`` (``None`` for chance or the root)."""
    if node is None or node.parent is None or node.by_chance:
        return None
    p = game.move_player(node.move)
    if p is None:
        waiting = game.to_move(node.parent.state)
        p = waiting[0] if len(waiting) == 1 else None
    return p


def is_person(bots: Mapping[int, Bot], p: int) -> bool:
    """Is seat ``p`` a person: not a bot here, or a remote seat (a classmate on another device)?"""
    return p not in bots or is_remote(bots[p])


def people_in_roll(game, state, bots: Mapping[int, Bot]) -> tuple:
    """The people (:func:`is_person`) the chance move of ``state`` waits for (:meth:`Game.chance_waits_for`);
    ``()`` when chance does not move next or names nobody."""
    if game.is_over(state) or not game.is_chance(state):
        return ()
    return tuple(p for p in game.chance_waits_for(state) if is_person(bots, p))


def seat_people(session, bots: Mapping[int, Bot]) -> None:
    """Tell ``session`` who the people are: chance then waits before a roll of theirs (:attr:`Session.hold`).

    With bots in every seat nothing ever waits (no hold at all: bot games run as fast as before). A mapping
    whose seats change with the position (Barcadia's ``Seats``: an auto-passing seat counts as a bot in the windows
    it passes) is read at each chance move instead.
    """
    game = session.game
    if type(bots) is dict and all(p in bots and not is_remote(bots[p]) for p in range(game.num_players)):
        session.hold = None
    else:
        session.hold = lambda state: bool(people_in_roll(game, state, bots))


def is_remote(bot) -> bool:
    """A seat played on another device (a classmate at a class table, ``remote = True``): it sits with
    the bots, so this page shows one seat and no pass screen, but no bot loop here ever moves it."""
    return bool(getattr(bot, "remote", False))


def only_bots_wait(session, bots: Mapping[int, Bot]) -> bool:
    """True when the game waits for bots alone (nothing for a human to do); a remote seat is not a bot here."""
    game = session.game
    if game.is_over(session.state):
        return False
    waiting = game.to_move(session.state)
    return bool(waiting) and all(p in bots and not is_remote(bots[p]) for p in waiting)


def play_human(session, bots: Mapping[int, Bot], move) -> str | None:
    """Play a human's move (object or text), then let the bots answer.

    Returns the rule reminder (``str`` of the refusal) when the move is
    refused, else ``None``; a refused move changes nothing.
    """
    from .errors import GameError

    seat_people(session, bots)
    if only_bots_wait(session, bots):
        return "it is a bot's turn, not a human's"
    try:
        session.play(move)
    except GameError as e:
        return str(e)
    if bots:
        run_bots(session, bots)
    return None


def roll_human(session, bots: Mapping[int, Bot]) -> str | None:
    """A person rolls the die the game waits for (the pause of :meth:`Game.chance_waits_for`), then the bots
    answer. The draw is chance's own (seeded; after an undo the same die comes back). Returns why not
    (``str``) when no roll waits for a person, else ``None``."""
    from .errors import GameError

    seat_people(session, bots)
    if not session.holds():
        return "no roll waits for a player now"
    try:
        session.roll()
    except GameError as e:
        return str(e)
    if bots:
        run_bots(session, bots)
    return None


def human_decisions(session, bots) -> int:
    """How many human decisions the current line holds (what :func:`undo_human` can take back)."""
    return sum(1 for n in session.current.path() if not n.by_chance and mover(session.game, n) not in bots)


def undo_human(session, bots: Mapping[int, Bot]) -> None:
    """Take back the last human decision and the bot moves that answered it."""
    seat_people(session, bots)
    if not human_decisions(session, bots):
        return
    game = session.game
    while session.can_undo():
        n = session.current
        while n.parent is not None and n.by_chance:
            n = n.parent
        session.undo()
        if mover(game, n) not in bots:
            break
    while only_bots_wait(session, bots) and session.can_undo():
        session.undo()


def redo_human(session, bots: Mapping[int, Bot]) -> None:
    """Replay the next human decision and the bot moves that followed it (up to a pause before a person's roll,
    which comes back as it was: the same die is rolled again)."""
    seat_people(session, bots)
    if not session.can_redo():
        return
    session.redo()
    while session.can_redo() and mover(session.game, session.current.last_child) in bots:
        session.redo()


# ---------------------------------------------------------------- levels and the best move, for every game's bots
#
# Every game's bots say a wrong level the same way (the spec's ``make_bot``, a room's own bot classes, the
# analyses that take a level, the class store), and break a tie between equally good moves the same way: a
# seeded ``rng.choice`` among the moves of the best value, in the order the moves came, so the same seed
# plays the same game.

Item = TypeVar("Item")


def check_level(level: Any, levels: Sequence[str], *, game: Optional[str] = None, hint: str = "") -> str:
    """``level`` when it is one of ``levels``, else :class:`~.errors.InvalidInput` naming the levels there are.

    ``game`` names whose bots they are (``"for balada"``), ``hint`` says where else to look.

    >>> check_level("greedy", ("random", "greedy"))
    'greedy'
    >>> check_level("genius", ("random", "greedy"), game="balada")
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input: unknown bot level 'genius' for balada; choose one of random, greedy
    >>> check_level(None, ())
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input: unknown bot level None; choose one of none (this game has no bots)
    """
    if not isinstance(level, str) or level not in levels:
        raise InvalidInput(f"unknown bot level {short_text(repr(level))}{f' for {game}' if game else ''}; choose one "
                           f"of {', '.join(levels) or 'none (this game has no bots)'}{f' ({hint})' if hint else ''}")
    return level


def best_ties(items: Iterable[Item], value: Callable[[Item], Any], tolerance: float = 0.0) -> list:
    """The items of the highest ``value``, in the order they came (``value`` is called once per item).

    With ``tolerance`` (for values that are sums of floats) an item within it of the best so far is a tie,
    and one more than ``tolerance`` above starts a new best.

    >>> best_ties(["ab", "abc", "xyz", "a"], len)
    ['abc', 'xyz']
    >>> best_ties([1.0, 1.0 + 1e-12, 0.5], lambda v: v, tolerance=1e-9)
    [1.0, 1.000000000001]
    """
    best: list = []
    best_value = None
    for item in items:
        v = value(item)
        if best_value is None or (v > best_value + tolerance if tolerance else v > best_value):
            best, best_value = [item], v
        elif (abs(v - best_value) <= tolerance) if tolerance else v == best_value:
            best.append(item)
    return best


def choose_best(items: Iterable[Item], value: Callable[[Item], Any], rng: random.Random,
                tolerance: float = 0.0) -> Item:
    """A move of the highest ``value``; a tie is broken by ``rng.choice`` (seeded: the same seed, the same move).

    :raises InvalidInput: there is nothing to choose from.

    >>> choose_best(["ab", "abc", "xyz", "a"], len, random.Random(0)) in ("abc", "xyz")
    True
    >>> choose_best(["ab", "abc", "xyz"], len, random.Random(1)) == choose_best(["ab", "abc", "xyz"], len, random.Random(1))
    True
    """
    best = best_ties(items, value, tolerance)
    if not best:
        raise InvalidInput("a bot has no move to choose from")
    return rng.choice(best)
