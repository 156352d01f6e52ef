"""Balada: the flip-and-write game of a hero's walk, day then night.

The room holds the pure rules (:mod:`.rules`, :mod:`.scoring`,
:mod:`.content`), the bots and the advisor (:mod:`.bots`, :mod:`.advisor`) and
the Solara view (:mod:`.view`, imported only when a game is shown).

>>> from balada_widgets import balada
>>> balada.score_side("O3 O2 FT .. .. .. .. .. .. .. .. ..").points
5
"""

from __future__ import annotations

from .content import Decks, Sheet, load_decks, load_sheet, sheet_names
from .rules import BaladaGame, BaladaState, Decide, Flip, Place, PlayerState, PortalMove, Swap
from .scoring import Choices, ScoreResult, parse_side, score_side, side_to_text

__all__ = ["BaladaGame", "BaladaState", "Choices", "Decide", "Decks", "Flip", "Place", "PlayerState", "PortalMove",
           "ScoreResult", "Sheet", "Swap", "load_decks", "load_sheet", "new_game", "parse_side", "score_side",
           "sheet_names", "side_to_text"]


def new_game(players: int = 1, bots: int = 0, seed: int = 0, easy: bool = False, sheet: str = "standard",
             bot_level: str = "advisor"):
    """A playable Balada game for a notebook (the last expression of a cell shows it).

    ``players`` seats in all, the last ``bots`` of them played by bots of
    ``bot_level`` (``"random"``, ``"greedy"`` or ``"advisor"``); the rest play
    hot-seat. Returns a :class:`~balada_widgets.balada.view.BaladaApp`, whose
    ``.session`` is the :class:`~balada_widgets.core.session.Session`.
    """
    from .view import BaladaApp

    return BaladaApp(players=players, bots=bots, seed=seed, easy=easy, sheet=sheet, bot_level=bot_level)


def __getattr__(name):
    """``balada.tutorial`` loads on first use, so a notebook cell is ``balada.tutorial.step("boss")``."""
    if name == "tutorial":
        import importlib

        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
