"""The one place where the class store makes a game's bot: read from the game's spec, one factory.

A game's :class:`~balada_widgets.core.spec.GameSpec` says everything a class table's
bot needs: its levels (``spec.bots``), the level a seat gets when none is named (its
``default_bot``, the same as ``new_game``'s), and what a bot takes besides its level
(the options with a ``bot`` keyword: Balda's ``bot_tier`` is its bots' ``tier``). So a
game registered later (a test's tic-tac-toe) gets class-table bots with no line here.

A table's bot seat is stored as its level and its options (``{"tier": "common"}`` for
Balda), and the store asks :func:`make_bot` for a fresh bot at every decision, seeded by
the table's seed, the seat and the move number: a bot's choices do not depend on which
process made them or when it was started.

>>> bot_levels("balda")
('random', 'greedy', 'strong')
>>> check_bot("balda", None), check_bot("balda", "greedy", {"tier": "basic"})
(('strong', {}), ('greedy', {'tier': 'basic'}))
>>> make_bot("barcadia", "random", seed="7:1:12").name
'random bot'
>>> make_bot("balada", "clever", seed=0)
Traceback (most recent call last):
...
balada_widgets.core.errors.InvalidInput: invalid input: unknown bot level 'clever' for balada; choose one of random, greedy, advisor
"""

from __future__ import annotations

from typing import Any, Mapping

from ..core.bots import check_level
from ..core.errors import GameError, InvalidInput
from ..core.spec import GameSpec, spec as spec_named


def _spec(game: str) -> GameSpec:
    """The game's spec, refused when it has no bots."""
    found = spec_named(game)
    if not found.bots:
        raise InvalidInput(f"the game {game!r} has no bots")
    return found


def bot_levels(game: str) -> tuple[str, ...]:
    """The bot levels of ``game``, weakest first (its spec's)."""
    return tuple(_spec(game).bots)


def bot_options(game: str) -> dict:
    """``{keyword: option}`` of what a bot of ``game`` takes besides its level (the spec's ``bot`` options)."""
    return {o.bot: o for o in _spec(game).options if o.bot}


def check_bot(game: str, level: str | None, options: Mapping[str, Any] | None = None) -> tuple[str, dict]:
    """``(level, options)`` of a bot seat, checked; ``level`` None: the game's default (its spec's)."""
    found = _spec(game)
    level = found.default_bot if level is None else level
    check_level(level, tuple(found.bots), game=game)
    options = dict(options or {})
    allowed = bot_options(game)
    unknown = sorted(str(k) for k in options if k not in allowed)
    if unknown:
        raise InvalidInput(f"a {game} bot takes no option {', '.join(unknown)}"
                           + (f" (it takes {', '.join(allowed)})" if allowed else ""))
    for key, value in options.items():
        try:
            allowed[key].check(value)
        except GameError as e:
            raise InvalidInput(f"a {game} bot's {key}: {e.reason}") from None
    return level, options


def make_bot(game: str, level: str, seed: Any = 0, **options):
    """A bot of ``game`` at ``level`` (an object with ``choose(game, state, player)``): the spec's
    ``make_bot(level, seed, **options)``, as every game's ``make_bot``."""
    check_level(level, bot_levels(game), game=game)
    return _spec(game).make_bot(level, seed=seed, **options)
