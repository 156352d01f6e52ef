"""The tic-tac-toe lesson: one step, as data of the kit's lesson (:mod:`balada_widgets.kit.lesson`).

Its oracle is the rules' :func:`~.rules.winning_cells` on the step's position; the
board is the game's own drawing, which marks no answer.

>>> from balada_widgets.kit.lesson import Attempt, respond
>>> ex = lesson().steps[0].exercise
>>> respond(ex, Attempt(), ("a1",)).reply.kind, respond(ex, Attempt(), ("c3",)).reply.kind
('wrong', 'right')
"""

from __future__ import annotations

from balada_widgets.core.errors import InvalidInput
from balada_widgets.core.feedback import Feedback
from balada_widgets.kit.lesson import Lesson, LessonStep, Pick, Solution

from .drawing import draw
from .rules import CELLS, TicTacToe, winning_cells

POSITION = "x.o/.x./o.. p1"  # X to move: a1 and b2 are X's, c3 completes the diagonal


def _game_and_state():
    game = TicTacToe()
    return game, game.state_from_text(POSITION)


def _check(cell) -> Feedback:
    game, state = _game_and_state()
    if cell in winning_cells(game, state):
        return Feedback(True, f"Right: {cell} makes three X in a row.", "T3")
    i = CELLS.index(cell)
    if state.grid[i] != ".":
        return Feedback(False, f"{cell} is taken already: a mark goes on a free cell.", "T2",
                        misreading="taken-cell")
    return Feedback(False, f"{cell} is free, but X on {cell} makes no line of three.", "T3",
                    misreading="no-line")


def lesson(language: str = "en") -> Lesson:
    """The one-step lesson: where does X win now? (English only: ``language`` is the one entry's signature.)"""
    if language != "en":
        raise InvalidInput(f"the tic-tac-toe lesson is in English only, not {language!r}")
    game, state = _game_and_state()
    step = LessonStep(
        "win", "Three in a row", ("T3",), "You play X. Three of your marks in a row (across, down or diagonal) "
        "win the game.",
        Pick("Click the cell where X wins now.", _check, hint="Look at the marks on the diagonals.",
             solution=Solution("c3", "a1, b2 and c3 are the diagonal: two X already, c3 is free."),
             draw=lambda selected: draw(game, state, selected=tuple(selected)), label="tic-tac-toe board"))
    return Lesson("Tic-tac-toe", (step,))


def tutorial(language: str = "en"):
    """The lesson to show in a notebook (the kit's lesson player)."""
    from balada_widgets.ui.tutorial import Tutorial

    return Tutorial(lesson(language))


def step(step_id=None, language: str = "en"):
    """One step of it, to show in a notebook cell (the first when ``step_id`` is ``None``)."""
    return tutorial(language).step(step_id)
