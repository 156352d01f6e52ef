"""Learn from your mistakes: the moments of a finished game where the best choice would have scored clearly more.

Pure Python, shared by every game that offers a review (as lichess does after a
game). A game's ``review`` module walks the decisions one player made in a
finished :class:`~balada_widgets.core.session.Session`, measures each against
the best choice available then, and keeps the :class:`Moment` s where the best
would have scored clearly more (a threshold in points, said in the game's
module). The kit's :mod:`balada_widgets.ui.review` shows them one by one: the
position on the board, what was played and what it cost, in words; the learner
retries on the board (:meth:`Moment.retry`); a hint; then the answer with its
explained trace.

A moment never names the best choice in :attr:`Moment.text` or
:attr:`Moment.prompt`: the learner finds it first. :attr:`Moment.hint` narrows
the search; :attr:`Moment.answer`, :attr:`Moment.explanation` and
:attr:`Moment.trace` give it away.

>>> from balada_widgets.core.feedback import Feedback
>>> m = Moment(player=0, node_id=7, kind="word", title="Turn 3", state=None, played="bad", best="ballad",
...            played_words="BAD", best_words="BALLAD", loss=3, exact=True,
...            text="You played BAD; a word 3 letters longer was there.", prompt="Find a longer word.",
...            hint="Look at the bottom row.", answer="BALLAD, 6 letters", explanation="",
...            check=lambda move: Feedback(move == "ballad", "Yes: six letters." if move == "ballad" else "Longer!"))
>>> m.retry("ballad").ok, m.retry("lad").ok
(True, False)
>>> r = GameReview(0, "You", (m,), looked_at=5, threshold=2, unit="letters")
>>> len(r), r.summary()
(1, 'You: 5 decisions looked at; 1 where the best choice scored clearly more (at least 2 letters).')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Optional, Sequence

from .errors import InvalidInput
from .feedback import Feedback
from .trace import Trace

__all__ = ["GameReview", "Moment", "check_player", "measure", "require_over", "review_all", "review_of"]


@dataclass(frozen=True)
class Moment:
    """One decision worth a second look.

    ``player`` made the decision at the position of session node ``node_id``'s
    parent; ``state`` is that position as the player saw it (the game's
    ``view``). ``kind`` names the sort of decision (``"placement"``, ``"walk"``,
    ``"word"``). ``played`` / ``best`` are moves, ``played_words`` /
    ``best_words`` the same in words. ``loss``: the points the best scores more
    (an expectation when ``exact`` is false). ``text``: what happened and what it
    cost, without naming the best; ``prompt``: the retry task; ``hint``: the
    second tier; ``answer`` / ``explanation`` (markdown) / ``trace`` (a
    :class:`~balada_widgets.core.trace.Trace` of the best choice's score): the
    third. ``played_trace``: the same score with what was played, to compare.
    ``check(move) -> Feedback``: a retry, right when the move is as good as the
    best (not clearly worse); it may raise a
    :class:`~balada_widgets.core.errors.GameError` for a move the rules refuse.
    """

    player: int
    node_id: int
    kind: str
    title: str
    state: Any
    played: Any
    best: Any
    played_words: str
    best_words: str
    loss: float
    exact: bool
    text: str
    prompt: str
    hint: str
    answer: str
    explanation: str
    trace: Optional[Trace] = None
    played_trace: Optional[Trace] = None
    rules: tuple = ()
    where_label: str = "space"
    check: Callable[[Any], Feedback] = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    #: anything else the game's board needs to draw the moment (cards, the walk so far...)
    extra: Any = field(default=None, compare=False, repr=False)

    def retry(self, move) -> Feedback:
        """The verdict on a retried move (see the class docstring)."""
        return self.check(move)


@dataclass(frozen=True)
class GameReview:
    """The moments of one player's game, in the order they were played.

    ``looked_at``: how many decisions were measured; ``threshold``: the least
    loss kept, in ``unit`` ("points", "letters"); ``note``: how the measure was
    taken (samples, seed), in words.

    A review in progress (a game's ``review_steps`` yields one after each
    decision, so the first moments show while the rest are measured) has
    ``measured``: how many of the ``looked_at`` decisions are measured so far,
    its moments those found among them; ``None`` (the default) when all are.

    >>> part = GameReview(0, "You", (), looked_at=24, threshold=2, measured=3)
    >>> part.complete, part.summary()
    (False, 'You: 3 of 24 decisions looked at so far; none yet where the best choice scored clearly more (at least 2 points).')
    """

    player: int
    name: str
    moments: tuple
    looked_at: int
    threshold: float
    unit: str = "points"
    note: str = ""
    measured: Optional[int] = None

    @property
    def complete(self) -> bool:
        """Every decision measured (not a review in progress)."""
        return self.measured is None or self.measured >= self.looked_at

    def __len__(self) -> int:
        return len(self.moments)

    def __iter__(self):
        return iter(self.moments)

    def __getitem__(self, i) -> Moment:
        return self.moments[i]

    def summary(self) -> str:
        """One sentence: how many decisions were looked at, how many are moments."""
        n = len(self.moments)
        th = f"{self.threshold:g}"
        unit = self.unit[:-1] if self.threshold == 1 and self.unit.endswith("s") else self.unit
        if not self.complete:
            head = f"{self.name}: {self.measured} of {self.looked_at} decisions looked at so far; "
            if n == 0:
                return head + f"none yet where the best choice scored clearly more (at least {th} {unit})."
            return head + f"{n} where the best choice scored clearly more (at least {th} {unit})."
        head = (f"{self.name}: {self.looked_at} decision{'s' if self.looked_at != 1 else ''} looked at; ")
        if n == 0:
            return head + f"none where the best choice scored clearly more (at least {th} {unit})."
        return head + f"{n} where the best choice scored clearly more (at least {th} {unit})."


def require_over(game, session) -> None:
    """:raises InvalidInput: the session's game is not over (a review comes after the end)."""
    if not game.is_over(session.state):
        raise InvalidInput(f"the {game.title or game.name} game is not over yet: the review comes when it ends")


def check_player(game, player) -> int:
    """``player`` when the game has that seat; :raises InvalidInput: naming the seat (1-based) and the players."""
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < game.num_players:
        raise InvalidInput(f"there is no player {player + 1 if isinstance(player, int) else player!r} in this "
                           f"{game.num_players}-player game")
    return player


def measure(nodes: Sequence, moment_of: Callable[[Any], Optional[Moment]], *, player: int, name: str,
            threshold: float, unit: str = "points", note: str = "") -> Iterator[GameReview]:
    """A game's ``review_steps``, written once: ``moment_of(node)`` for each decision node in turn (a
    :class:`Moment`, or ``None`` when the decision was good enough), a :class:`GameReview` yielded after each
    (``measured`` counts them; the last is complete), or one empty complete review when there was none.

    >>> steps = list(measure([1, 5, 2], lambda n: n if n > 3 else None, player=0, name="You", threshold=3))
    >>> [(r.measured, r.moments) for r in steps]
    [(1, ()), (2, (5,)), (None, (5,))]
    >>> [r.complete for r in measure([], None, player=0, name="You", threshold=3)]
    [True]
    """
    moments: list = []
    if not nodes:
        yield GameReview(player, name, (), looked_at=0, threshold=threshold, unit=unit, note=note)
        return
    for k, node in enumerate(nodes):
        found = moment_of(node)
        if found is not None:
            moments.append(found)
        done = k + 1 == len(nodes)
        yield GameReview(player, name, tuple(moments), looked_at=len(nodes), threshold=threshold, unit=unit,
                         note=note, measured=None if done else k + 1)


def review_of(steps: Iterable[GameReview], progress: Optional[Callable[[float], None]] = None) -> GameReview:
    """The complete review of a game's ``review_steps`` (the last one), ``progress(fraction)`` called as the
    decisions are measured.

    >>> r = review_of(measure([1, 5], lambda n: n if n > 3 else None, player=0, name="You", threshold=3),
    ...               progress=print)
    0.5
    1.0
    >>> r.moments, r.complete
    ((5,), True)
    """
    out = None
    for out in steps:
        if progress is not None and out.looked_at:
            progress((out.measured or out.looked_at) / out.looked_at)
    return out


def review_all(review: Callable[..., GameReview], session, names: Optional[dict] = None, **kwargs) -> list:
    """``review(session, player, name=..., **kwargs)`` of every player of the game (``names``: ``{player: name}``),
    for a room's ``review_all``."""
    names = names or {}
    return [review(session, p, name=names.get(p), **kwargs) for p in range(session.game.num_players)]
