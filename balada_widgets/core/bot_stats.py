"""How strong is each bot level? Whole games of bots, seats rotated one way for every game, the results by level.

Pure Python, written once for every game: a room's analysis wraps it with its
own numbers (Heroes of Barcadia's deaths and HP lost, Builders of Baldur's
Gate's prestige in Czech), and any registered game gets the plain statistics
by its name (``bot_stats("balada", players=1)``, ``bot_stats("balda")``).

**The seat rotation** (:func:`seatings`), the same for every game. A bot game's
result depends on the seat (the first player moves first) and on who sits
before whom, so the levels take turns:

1. first the *rotations* of the levels: game ``k`` seats level
   ``levels[(k + p) % n]`` in seat ``p`` (``n`` levels). In every ``n`` games
   each level sits in each seat equally often, and every level plays;
2. then every *other ordering* of the same tables, in turn (the reversed
   cycle after the rotations, for three levels at three seats), so a longer
   run also sees each level before and after each other one.

Game ``k`` of a run is the ``k``-th table of that cycle (it starts again when
the run is longer), played with the seed ``f"{seed}:{k}"``; the bot in seat
``p`` gets the seed ``f"{game seed}:{p}"``. The same call gives the same games.

>>> seatings(("random", "greedy", "strong"), 3)[:4]
(('random', 'greedy', 'strong'), ('greedy', 'strong', 'random'), ('strong', 'random', 'greedy'), ('random', 'strong', 'greedy'))
>>> seatings(("random", "greedy"), 2)
(('random', 'greedy'), ('greedy', 'random'))
>>> seatings(("random", "greedy", "strong"), 2)
(('random', 'greedy'), ('greedy', 'strong'), ('strong', 'random'), ('greedy', 'random'), ('strong', 'greedy'), ('random', 'strong'))
>>> stats = bot_stats("balda", levels=("greedy", "random"), games=2, seed=1)
>>> [g.levels for g in stats.games], [g.seed for g in stats.games]
([('greedy', 'random'), ('random', 'greedy')], ['1:0', '1:1'])
>>> stats.seats("greedy"), round(sum(stats.wins(level) for level in stats.levels), 6)
(2, 2.0)
"""

from __future__ import annotations

import itertools
import statistics
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional, Sequence

from .errors import InvalidInput, short_text

__all__ = ["BotStats", "GameResult", "bot_stats", "game_seed", "play_bot_game", "play_bot_games", "plot_scores",
           "seatings"]

#: the most games one run plays
MAX_GAMES = 100_000


def _whole(value, name: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InvalidInput(f"{name} is a whole number from {low} to {high}, not {short_text(repr(value))}")
    return value


def seatings(levels: Sequence[str], players: int) -> tuple:
    """The cycle of tables a run of bot games goes through: one level per seat (see the module docstring).

    :raises InvalidInput: no level, or not a whole number of players.
    """
    levels = tuple(levels)
    if not levels:
        raise InvalidInput("name at least one bot level")
    players = _whole(players, "players", 1, 12)
    n = len(levels)
    rotations = [tuple(levels[(k + p) % n] for p in range(players)) for k in range(n)]
    cycle = list(dict.fromkeys(rotations))
    seen = set(cycle)
    others = []
    for table in dict.fromkeys(rotations):
        more = [order for order in dict.fromkeys(itertools.permutations(table)) if order not in seen]
        seen.update(more)
        others.append(more)
    for k in range(max((len(more) for more in others), default=0)):  # the tables' other orders, taken in turn
        cycle.extend(more[k] for more in others if k < len(more))
    return tuple(cycle)


def game_seed(seed: Any, k: int) -> str:
    """The seed of game ``k`` of a run (each bot's is ``f"{game_seed}:{seat}"``)."""
    return f"{seed}:{k}"


@dataclass(frozen=True)
class GameResult:
    """One game of bots: the level of each seat, the seed, each seat's final score (``game.returns``), the
    winners (seats), the moves played, the seconds it took, ``capped`` (stopped before its end: left out of
    the scores and wins), and ``record``: the game's own numbers, when its room keeps more (Barcadia's deaths)."""

    levels: tuple
    seed: Any
    scores: tuple
    winners: tuple
    moves: int
    seconds: float
    capped: bool
    record: Any = None


def play_bot_game(game, levels: Sequence[str], seed: Any = 0, *, make_bot: Callable, max_moves: int = 100_000,
                  record: Optional[Callable] = None):
    """A whole game of bots, ``levels[p]`` in seat ``p`` (``make_bot(level, seed=...)``, each seeded
    ``f"{seed}:{p}"``), seeded: ``(session, GameResult)``. ``record(session, levels)``: the room's own numbers.

    :raises InvalidInput: not one level per player.
    """
    from .bots import run_bots
    from .session import Session

    levels = tuple(levels)
    if len(levels) != game.num_players:
        raise InvalidInput(f"{len(levels)} bot levels for a {game.num_players}-player game: name one per seat")
    session = Session(game, seed=seed)
    bots = {p: make_bot(level, seed=f"{seed}:{p}") for p, level in enumerate(levels)}
    started = time.perf_counter()
    moves = run_bots(session, bots, max_moves=max_moves)
    seconds = time.perf_counter() - started
    end = session.state
    over = game.is_over(end)
    scores = tuple(int(v) if float(v).is_integer() else v for v in game.returns(end))  # a whole score stays whole
    result = GameResult(levels, seed, scores, tuple(game.winners(end)) if over else (), moves,
                        seconds, not over, record(session, levels) if record is not None else None)
    return session, result


def play_bot_games(levels: Sequence[str], games: int, players: int, seed: Any,
                   play: Callable[[tuple, str], GameResult]) -> tuple:
    """``games`` results of ``play(table, game_seed)``, the tables taken in turn from :func:`seatings`."""
    games = _whole(games, "games", 1, MAX_GAMES)
    cycle = seatings(levels, players)
    return tuple(play(cycle[k % len(cycle)], game_seed(seed, k)) for k in range(games))


@dataclass(frozen=True)
class BotStats:
    """Games of mixed bot levels, seats rotated (:func:`seatings`): the scores and wins of each level.

    ``games``: the :class:`GameResult` s, in the order played. The capped ones are left out of the scores
    and the wins (and counted in :attr:`capped`).
    """

    players: int
    games: tuple

    @property
    def levels(self) -> tuple:
        """The levels that played, in the order they first sat down."""
        return tuple(dict.fromkeys(level for g in self.games for level in g.levels))

    @property
    def capped(self) -> int:
        return sum(1 for g in self.games if g.capped)

    def _finished(self):
        return (g for g in self.games if not g.capped)

    def seats(self, level: str) -> int:
        """How many seats of the finished games this level held."""
        return sum(1 for g in self._finished() for lv in g.levels if lv == level)

    def scores(self, level: str) -> list:
        """The final score of every seat of this level in the finished games."""
        return [g.scores[p] for g in self._finished() for p, lv in enumerate(g.levels) if lv == level]

    def wins(self, level: str) -> float:
        """The games this level won (a win shared by ``k`` seats counts ``1/k`` to each)."""
        return sum(1 / len(g.winners) for g in self._finished() for p in g.winners if g.levels[p] == level)

    def win_rate(self, level: str) -> float:
        """Wins per seat held (a fair share is ``1 / players``); ``nan`` for a level that never sat."""
        seats = self.seats(level)
        return self.wins(level) / seats if seats else float("nan")

    def text(self) -> str:
        """The numbers in words: games, seats, mean, median and range of the scores, win rate, per level."""
        n = len(self.games)
        seconds = statistics.fmean(g.seconds for g in self.games) if self.games else 0.0
        table = f"of {self.players} bots, seats rotated" if self.players > 1 else "of one bot, the levels in turn"
        lines = [f"{n} game{'s' if n != 1 else ''} {table}; {self.capped} stopped before the end; "
                 f"{seconds:.1f} s a game"]
        for level in self.levels:
            scores = self.scores(level)
            if not scores:
                continue
            wins = f", wins {self.win_rate(level):.0%}" if self.players > 1 else ""  # a solo game has no rival
            lines.append(f"- {level}: {len(scores)} {'seats' if self.players > 1 else 'games'}, mean score "
                         f"{statistics.fmean(scores):.1f}, median {statistics.median(scores):g}, from {min(scores):g} "
                         f"to {max(scores):g}{wins}")
        return "\n".join(lines)


def plot_scores(stats: BotStats, ax=None, xlabel: str = "final score", names: Optional[Mapping[str, str]] = None):
    """A box plot of the final scores by level, each game a dot (matplotlib, imported here); returns the axes.

    ``names``: the levels' names on the axis (a translation), ``xlabel`` the axis' words.
    """
    import matplotlib.pyplot as plt

    if not isinstance(stats, BotStats):
        raise InvalidInput(f"plot_scores takes the result of bot_stats, not {type(stats).__name__}")
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3.2))
    levels = [level for level in stats.levels if stats.scores(level)]
    data = [stats.scores(level) for level in levels]
    if data:
        ax.boxplot(data, orientation="horizontal", widths=0.5)
        for k, xs in enumerate(data, 1):
            ax.scatter(xs, [k + (j % 5 - 2) * 0.04 for j in range(len(xs))], s=12, alpha=0.6, color="#1e6fd9")
        ax.set_yticks(range(1, len(levels) + 1), [(names or {}).get(level, level) for level in levels])
    ax.set_xlabel(xlabel)
    ax.grid(axis="x", alpha=0.3)
    return ax


def bot_stats(game, levels: Optional[Sequence[str]] = None, games: int = 6, players: Optional[int] = None,
              seed: Any = 0, *, max_moves: int = 100_000, bot_options: Optional[Mapping] = None,
              **options) -> BotStats:
    """``games`` games of bots of a registered game (its name or its :class:`~.spec.GameSpec`), seats rotated.

    ``levels``: the levels that play (default: every level of the game); ``players``: the seats of each game
    (default: the game's :data:`~.spec.DEFAULT_PLAYERS`); ``options``: the game's options (checked by its
    spec); ``bot_options``: what each bot is given besides its level and seed (Balda's ``tier``). A game
    still running after ``max_moves`` moves is capped.
    """
    from .spec import GameSpec, spec as spec_of

    spec = game if isinstance(game, GameSpec) else spec_of(game)
    levels = tuple(spec.bots) if levels is None else tuple(levels)
    for level in levels:
        spec.check_level(level)
    settings = spec.settings(players=players, bots=0, seed=seed, **options)
    table = settings.make_game()
    extra = dict(bot_options or {})

    def make_bot(level, seed):
        return spec.make_bot(level, seed=seed, **extra)

    def play(seats, game_seed):
        return play_bot_game(table, seats, game_seed, make_bot=make_bot, max_moves=max_moves)[1]

    return BotStats(settings.players, play_bot_games(levels, games, settings.players, seed, play))

