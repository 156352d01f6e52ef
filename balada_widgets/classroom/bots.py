"""The one place where the class store makes a room's bot: levels by game, one factory.

Each room has ``<game>.bots.BOT_LEVELS`` and ``make_bot(level, ..., seed=)``; Balda's also
takes the vocabulary ``tier`` the bot knows. A table's bot seat is stored as its level and
its options (``{"tier": "common"}`` for Balda), and the store asks :func:`make_bot` for a
fresh bot at every decision, seeded by the table's seed, the seat and the move number: a
bot's choices do not depend on which process made them or when it was started.

>>> bot_levels("balda")
('random', 'greedy', 'strong')
>>> make_bot("barcadia", "random", seed="7:1:12").name
'random bot'
>>> make_bot("balada", "clever", seed=0)
Traceback (most recent call last):
...
balada_widgets.core.errors.InvalidInput: invalid input: unknown bot level 'clever' for balada; choose one of random, greedy, advisor
"""

from __future__ import annotations

import importlib
from typing import Any, Mapping

from ..core.bots import check_level
from ..core.errors import InvalidInput

#: the options a bot of each game takes besides its level (and their allowed values)
BOT_OPTIONS: dict[str, tuple[str, ...]] = {"balda": ("tier",)}

#: the level a bot seat gets when none is named
DEFAULT_LEVEL: dict[str, str] = {"balada": "greedy", "balda": "greedy", "barcadia": "greedy",
                                 "baldurs_gate": "greedy"}


def _room(game: str):
    if not isinstance(game, str) or not game.isidentifier():
        raise InvalidInput(f"unknown game {game!r}")
    try:
        return importlib.import_module(f"balada_widgets.{game}.bots")
    except ImportError:
        raise InvalidInput(f"the game {game!r} has no bots") from None


def bot_levels(game: str) -> tuple[str, ...]:
    """The bot levels of ``game``, weakest first."""
    return tuple(_room(game).BOT_LEVELS)


def check_bot(game: str, level: str | None, options: Mapping[str, Any] | None = None) -> tuple[str, dict]:
    """``(level, options)`` of a bot seat, checked; ``level`` None: the game's default."""
    levels = bot_levels(game)
    level = DEFAULT_LEVEL.get(game, levels[0]) if level is None else level
    check_level(level, levels, game=game)
    options = dict(options or {})
    allowed = BOT_OPTIONS.get(game, ())
    unknown = sorted(str(k) for k in options if k not in allowed)
    if unknown:
        raise InvalidInput(f"a {game} bot takes no option {', '.join(unknown)}"
                           + (f" (it takes {', '.join(allowed)})" if allowed else ""))
    if options:
        make_bot(game, level, seed=0, **options)  # the room checks the values (Balda: a known tier)
    return level, options


def make_bot(game: str, level: str, seed: Any = 0, **options):
    """A bot of ``game`` at ``level`` (an object with ``choose(game, state, player)``)."""
    room = _room(game)
    check_level(level, room.BOT_LEVELS, game=game)
    if game == "balda":
        return room.make_bot(level, options.get("tier"), seed=seed)
    return room.make_bot(level, seed=seed)
