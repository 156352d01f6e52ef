"""A live lesson board for any game of the protocol (:class:`~balada_widgets.core.game.Game`): the learner's clicks
played by the engine, one seat's, with chance and the other seats answering, until the exercise stops.

A room gives the two mappings it has anyway for its play view: what a click on an id means now (``move_of``) and
the id a move is clicked on (``click_id``). The board's ids carry the click count (``c3@0``, :func:`bare`), so the
same spot can be clicked again; each click sequence is played once (:meth:`LiveGame.frame`). A click the engine
refuses leaves the position as it was and keeps the engine's reason and rule (:meth:`LiveGame.refusal`), so the
lesson shows the rule the learner met, and a misreading where the lesson knows one. Pure Python (no UI).

>>> from tests.spec_game.rules import CELLS, Mark, TicTacToe
>>> from balada_widgets.kit.lesson import Replies
>>> g = TicTacToe()
>>> o_plays_b3 = lambda game, state: Mark(1, CELLS.index("b3"))
>>> live = LiveGame(Replies({}), g, g.state_from_text("x.o/.x./o.. p1"), me=0, others=o_plays_b3,
...                 move_of=lambda state, id_: Mark(0, CELLS.index(id_)) if id_ in CELLS else None,
...                 click_id=lambda move: CELLS[move.cell], words={"over": "Over.", "nothing-there": "No cell."})
>>> fr = live.frame(("a1@0",))                       # a1 is X's already: the engine says why not
>>> fr.message, fr.refused[-1][:2], live.refusal(("a1@0",)).rule
('A1 is taken already.', ('a1', 'T2'), 'T2')
>>> fr = live.frame(("a1@0", "a2@1"))                # X on a2; O answers on b3
>>> g.state_to_text(fr.state), fr.moves, len(fr.log)
('x.o/xx./oo. p1', (Mark(player=0, cell=3),), 2)
>>> live.clicks([Mark(0, 8)])                        # what Show me clicks
('c3@0',)
>>> g.is_over(live.after([Mark(0, 8)]))
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Callable, Optional

from ..core.feedback import Feedback

__all__ = ["LiveFrame", "LiveGame", "bare", "numbered"]


@dataclass(frozen=True)
class LiveFrame:
    """A live exercise after some clicks: the state, what the last click did (a refusal's reason, else ""), the
    moves played in words (the learner's, chance's and the others'), the refused clicks (``(click id, rule, move)``,
    in order) and the learner's moves the engine applied."""

    state: Any
    message: str = ""
    log: tuple = ()
    refused: tuple = ()
    moves: tuple = ()


def bare(id_: str) -> str:
    """A click's id without its ``@n`` (a live board numbers its ids, so a click can repeat)."""
    return id_.split("@", 1)[0]


def numbered(markup: str, clicks: int) -> str:
    """``markup`` with every ``data-id`` numbered with the click count ``clicks`` (an id numbered already is kept).

    >>> numbered('<g data-id="c3"/><g data-id="a1@0"/>', 1)
    '<g data-id="c3@1"/><g data-id="a1@0"/>'
    """
    return re.sub(r'data-id="([^"@]+)"', rf'data-id="\1@{clicks}"', markup)


class LiveGame:
    """The learner's clicks on ``start`` played by ``game`` for seat ``me``.

    ``move_of(state, id)``: the move a click means (legal or not: the engine then says why not), or ``None``;
    ``click_id(move)``: its inverse. ``others(game, state)``: another seat's move when it decides (``None``: the
    exercise waits there); ``stop(state)``: the exercise is over (by default: the game is); ``chance(state, k)``:
    chance's move, the ``k``-th move played (by default the engine's first outcome). ``lesson``: the lesson's
    :class:`~balada_widgets.kit.lesson.Replies` (a refused click's misreading); ``words``: ``over`` (a click after
    the end), ``nothing-there`` (a click that means no move), ``refused`` (a refusal said again later).
    """

    def __init__(self, lesson, game, start, *, move_of: Callable[[Any, str], Any], click_id: Callable[[Any], str],
                 me: int = 0, others=None, stop=None, chance=None, words: Optional[dict] = None):
        self.lesson, self.game, self.start, self.me, self.others = lesson, game, start, me, others
        self.move_of, self.click_id, self.chance, self.words = move_of, click_id, chance, words or {}
        self.stop, self._frames = stop or game.is_over, {}

    def ruled(self, text: str, rule: Optional[str]) -> str:
        """A refusal as the board says it (a room's lesson names where ``rule`` is written)."""
        return text

    def why_not(self, state, move) -> tuple:
        """``(rule, why)`` the engine refuses ``move`` (a room's lesson may say it closer to the learner)."""
        return self.game.why_illegal(state, move)

    def chance_move(self, state, k: int):
        return self.chance(state, k) if self.chance else self.game.chance_outcomes(state)[0][0]

    def stopped(self, state) -> bool:
        return self.game.is_over(state) or self.stop(state)

    def settle(self, state, log: list):
        """Chance and the other seats play until the learner decides or the exercise is over."""
        g = self.game
        while not self.stopped(state):
            if g.is_chance(state):
                move = self.chance_move(state, len(log))
            elif g.to_move(state) == (self.me,) or self.others is None or (move := self.others(g, state)) is None:
                return state
            log.append(g.describe_move(state, move, self.me))
            state = g.apply(state, move)
        return state

    def frame(self, selected: tuple) -> LiveFrame:
        """The exercise after the clicks ``selected`` (each id with its ``@n``)."""
        selected = tuple(selected)
        if selected not in self._frames:
            self._frames[selected] = self._click(self.frame(selected[:-1]), bare(selected[-1])) if selected else \
                LiveFrame(self.settle(self.start, []))
        return self._frames[selected]

    def _click(self, before: LiveFrame, id_: str) -> LiveFrame:
        g, state = self.game, before.state
        stopped = self.stopped(state)
        move = None if stopped or g.to_move(state) != (self.me,) else self.move_of(state, id_)
        if move is None:
            return replace(before, message=self.words.get("over" if stopped else "nothing-there", ""))
        if not g.is_legal(state, move):
            rule, why = self.why_not(state, move)
            return replace(before, message=self.ruled(why[:1].upper() + why[1:] + ".", rule),
                           refused=before.refused + ((id_, rule, move),))
        log = list(before.log) + [g.describe_move(state, move, self.me)]
        return LiveFrame(self.settle(g.apply(state, move), log), "", tuple(log), before.refused, before.moves + (move,))

    def clicks(self, moves) -> tuple:
        """The click ids (``id@n``) that play ``moves`` (for *Show me* and the tests)."""
        return tuple(f"{self.click_id(m)}@{k}" for k, m in enumerate(moves))

    def bot_clicks(self, bot, limit: int = 300) -> tuple:
        """The clicks ``bot(game, state)`` makes in the learner's seat from the start until the exercise stops (at
        most ``limit``): what *Show me* replays when the answer is the rest of a game.

        >>> from tests.spec_game.rules import Mark, TicTacToe
        >>> g = TicTacToe()
        >>> first = lambda game, state: game.legal_moves(state, game.to_move(state)[0])[0]
        >>> live = LiveGame(None, g, g.initial_state(), others=first, move_of=lambda state, id_: Mark(0, int(id_[1:])),
        ...                 click_id=lambda move: f"c{move.cell}")
        >>> live.bot_clicks(first)  # X on the first free cell each turn, O after it
        ('c0@0', 'c2@1', 'c4@2', 'c6@3')
        """
        clicks: tuple = ()
        for _ in range(limit):
            state = self.frame(clicks).state
            if self.stopped(state) or self.game.to_move(state) != (self.me,):
                break
            clicks += (f"{self.click_id(bot(self.game, state))}@{len(clicks)}",)
        return clicks

    def after(self, moves):
        """The state after the learner plays ``moves`` (and chance and the others answer)."""
        return self.frame(self.clicks(moves)).state

    def refusal(self, selected: tuple, misread=lambda id_, rule, move: None) -> Optional[Feedback]:
        """The last refused click as feedback: its misreading (``misread(id, rule, move)``), else the engine's
        reason with its rule (what the board showed); ``None`` if no click was refused."""
        fr = self.frame(tuple(selected))
        if not fr.refused:
            return None
        mid, rule = misread(*fr.refused[-1]), fr.refused[-1][1]
        return self.lesson.mis(mid) if mid else Feedback(
            False, fr.message or self.ruled(self.words.get("refused", ""), rule), rule)
