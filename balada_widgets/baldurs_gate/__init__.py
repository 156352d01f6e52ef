"""Builders of Baldur's Gate: build a business empire in the nine districts of the city, and defend it.

The room holds the pure rules (:mod:`.rules` with :mod:`.engine`,
:mod:`.effects`, :mod:`.scoring`, :mod:`.validate`), the content and the city
(:mod:`.content`, :mod:`.city`, ``data/content.json``,
``graphs/baldurs-gate-city.json``), the words in English and Czech
(:mod:`.i18n`), the bots (:mod:`.bots`) and the Solara view (:mod:`.view`,
imported only when a game is shown, so ``import balada_widgets.baldurs_gate``
loads no UI package).

>>> from balada_widgets import baldurs_gate
>>> g = baldurs_gate.BaldursGateGame(players=3, language="cs")
>>> len(baldurs_gate.board().nodes)
81
>>> g.card_text("market-05")
'Tržnice, cena 5 zlatých. Příjem: 1 zásobu: získej 4 zlaté'
"""

from __future__ import annotations

from .bots import make_bot
from .city import City, board, load_city
from .content import Content, load_content
from .i18n import CATALOG, LANGUAGES, add_messages, t
from .rules import BaldursGateGame, Pending
from .state import (
    BGState, Bottom, Build, Deal, DealtAgenda, DealtHQ, Done, Hide, Income, Keep, Parcel, Pick, Piece, Player, Spot,
    Take, Token, Track, Trade, Use, Worker,
)

__all__ = ["BGState", "BaldursGateGame", "Bottom", "Build", "CATALOG", "City", "Content", "Deal", "DealtAgenda",
           "DealtHQ", "Done", "Hide", "Income", "Keep", "LANGUAGES", "Parcel", "Pending", "Pick", "Piece", "Player",
           "Spot", "Take", "Token", "Track", "Trade", "Use", "Worker", "add_messages", "board", "load_city",
           "load_content", "make_bot", "new_game", "t"]


def new_game(players: int = 3, bots: int = 2, seed: int = 0, language: str = "en", advanced: bool = False,
             bot_level: str = "greedy", **options):
    """A playable game for a notebook (the last expression of a cell shows it).

    ``players`` seats (2 to 4), the last ``bots`` of them played by bots of
    ``bot_level`` (``"random"``, ``"greedy"`` or ``"strong"``), the others
    hot-seat; ``language`` ``"en"`` or ``"cs"``; ``advanced=True`` for the
    advanced setup. Further ``options`` go to :class:`BaldursGateGame`
    (``content``, ``city``: file paths).
    """
    from .view import BaldursGateApp

    return BaldursGateApp(players=players, bots=bots, seed=seed, language=language, advanced=advanced,
                          bot_level=bot_level, **options)


def __getattr__(name):
    """``baldurs_gate.tutorial`` loads on first use, so a notebook cell is ``baldurs_gate.tutorial.step("city")``."""
    if name == "tutorial":
        import importlib

        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
