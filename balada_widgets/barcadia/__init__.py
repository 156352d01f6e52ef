"""Heroes of Barcadia: a hex dungeon crawl with d20 battles, for 2 to 6 players.

The room holds the pure rules (:mod:`.rules` with the turn machine in
:mod:`.engine`, the cards in :mod:`.content` and :mod:`.effects`, the board
in :mod:`.board`, notation and positions in :mod:`.notation` and
:mod:`.position`, words in :mod:`.explain`), the exact odds (:mod:`.odds`),
the bots (:mod:`.bots`) and the Solara view (:mod:`.view`, imported only when
a game is shown, so ``import balada_widgets.barcadia`` loads no UI package).

>>> from balada_widgets import barcadia
>>> g = barcadia.BarcadiaGame(players=3, dungeon="cozy")
>>> g.n_rooms, g.content.rooms["cerbubble"].level
(30, 22)
>>> barcadia.win_probability("team", level=22)
Fraction(19, 40)
"""

from __future__ import annotations

from .board import dungeon_graph, dungeon_names, load_dungeon, load_start
from .content import Content, LootCard, diy_card, load_content
from .rules import BarcadiaGame
from .state import BarcadiaState, Move

__all__ = ["BarcadiaGame", "BarcadiaState", "Content", "LootCard", "Move", "diy_card", "dungeon_graph",
           "dungeon_names", "load_content", "load_dungeon", "load_start", "make_bot", "new_game",
           "win_probability"]


def win_probability(kind, *, level=None, bonus=0, opponent_bonus=0):
    """The exact chance to win one roll (see :func:`.odds.win_probability`)."""
    from .odds import win_probability as wp

    return wp(kind, level=level, bonus=bonus, opponent_bonus=opponent_bonus)


def make_bot(level: str = "greedy", seed=0):
    """A bot: ``"random"``, ``"greedy"`` or ``"strong"`` (see :mod:`.bots`)."""
    from .bots import make_bot as mb

    return mb(level, seed)


def new_game(players: int = 4, bots: int = 3, seed: int = 0, bot_level: str = "greedy", **options):
    """A playable game for a notebook (the last expression of a cell shows it).

    ``players`` seats (2 to 6), the last ``bots`` of them played by bots of
    ``bot_level``; the others play hot-seat. Further ``options`` go to
    :class:`BarcadiaGame` (``dungeon``, ``crits``, ``frenzy``...). Returns the
    view's ``BarcadiaApp``, whose ``.session`` is the session.
    """
    from .view import BarcadiaApp

    return BarcadiaApp(players=players, bots=bots, seed=seed, bot_level=bot_level, **options)


def __getattr__(name):
    """``barcadia.tutorial`` loads on first use, so a notebook cell is ``barcadia.tutorial.step("boss")``."""
    if name == "tutorial":
        import importlib

        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
