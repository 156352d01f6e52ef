"""Balda: add a letter to a shared grid and read a word through it.

The room holds the pure rules (:mod:`.lexicon`, :mod:`.position`,
:mod:`.movegen`, :mod:`.rules`), the bots (:mod:`.bots`) and the Solara view
(:mod:`.view`, imported only when a game is shown, so ``import
balada_widgets.balda`` loads no UI package).

>>> from balada_widgets import balda
>>> lex = balda.Lexicon.from_words(["balda", "ball", "bad", "lab"], name="demo")
>>> [m.word for m in balda.legal_moves(balda.Position.new("balda"), lex)][:2]
['bad', 'ball']
>>> balda.explain_path(balda.Position.new("balda"), lex, "c4", "l", "a3-b3-c3-c4")[0]
True
"""

from __future__ import annotations

from typing import Optional

from .bots import make_bot
from .lexicon import Lexicon
from .movegen import Move, check_move, explain_path, legal_moves
from .position import Position
from .rules import BaldaGame, Pass, hints

__all__ = ["BaldaGame", "Lexicon", "Move", "Pass", "Position", "check_move", "explain_path", "hints", "legal_moves",
           "make_bot", "new_game"]


def new_game(players: int = 2, bots: int = 1, seed: int = 0, size: int = 5, language: str = "en",
             tier: Optional[str] = None, bot_level: str = "strong", bot_tier: Optional[str] = None, **options):
    """A playable Balda game for a notebook (the last expression of a cell shows it).

    ``players`` seats (2 to 4; 1 for solo practice), the last ``bots`` of
    them played by bots of ``bot_level`` (``"random"``, ``"greedy"`` or
    ``"strong"``) that know the words of ``bot_tier`` (``None``: all); the
    others play hot-seat. ``size`` 5 or 7, ``language`` ``"en"`` or ``"ru"``,
    ``tier="common"`` for common words only. Further ``options`` go to
    :class:`BaldaGame` (``start_word``, ``add_words``, ``remove_words``,
    ``word_list``, ``lexicon``). Returns a
    :class:`~balada_widgets.balda.view.BaldaApp`, whose ``.session`` is the
    :class:`~balada_widgets.core.session.Session` and ``.game`` the game.
    """
    from .view import BaldaApp

    game = None
    if options:
        game = BaldaGame(players=players, size=size, language=language, tier=tier, **options)
    return BaldaApp(players=players, bots=bots, seed=seed, size=size, language=language, tier=tier,
                    bot_level=bot_level, bot_tier=bot_tier, game=game)


def __getattr__(name):
    """``balda.tutorial`` loads on first use, so a notebook cell is ``balda.tutorial.step("readable")``."""
    if name == "tutorial":
        import importlib

        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
