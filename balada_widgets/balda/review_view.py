"""Balda's game review on the grid: the kit's review (:mod:`balada_widgets.ui.review`) with Balda's board.

:func:`ReviewButton` is what the game view puts at the end of a game: a
"Review the game" button that opens :func:`~balada_widgets.ui.review.ReviewPanel`
on the finished session (any player's game, the strong bot's too), measured by
:func:`~.review.review`. :func:`WordRetry` is the retry board: the grid as it
was at that turn, played as on the live board: click a highlighted empty cell,
type its letter (keyboard or the on-screen keys), trace the word through it by
clicks or a drag; Backspace takes a step back, Escape clears. The engine judges
the retry when *Check* is pressed (a refused word gets the rule's reason).

Stable classes: the grid ``bw-review-board`` (cells ``data-id="cell-c4"``), the
keys ``bw-review-keys``, the traced word ``bw-review-word``; the best word's
grid ``bw-review-best-board``; the button ``bw-review-open``.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import solara

from ..core.review import Moment
from ..ui.board import Board
from ..kit.grid import parse_cell_id
from ..kit.keys import keyboard_svg, layout_for, letter_from_key, parse_key_id
from ..kit.paths import Trace
from ..ui.review import ReviewButton as KitReviewButton
from .drawing import board_svg
from .lexicon import normalise_word
from .position import cell_name, parse_cell
from .review import review_steps
from ..core.spec import seat_names

__all__ = ["ReviewButton", "WordRetry"]


def traced_word(state, trace: Trace) -> str:
    """The letters along the traced path (the new letter included), upper-case."""
    pos = state.position
    return "".join((trace.letter if c == trace.cell else pos.cell(c) or "?") for c in trace.path).upper()


@solara.component
def WordRetry(game, moment: Moment, answer: Any, on_answer: Optional[Callable[[Any], None]]):
    """The grid of ``moment``; a retry calls ``on_answer((cell, letter, path))`` once traced (``None`` until then)."""
    state = moment.state
    pos = state.position
    n = game.size
    live = on_answer is not None
    trace, set_trace_ = solara.use_state(Trace())
    message, set_message = solara.use_state("")
    targets = solara.use_memo(lambda: {m.cell for m in game.word_moves(state)} if live else set(), [moment.node_id])
    if not live:
        svg = board_svg(game, state, hint=answer, show_targets=False)
        return Board(svg=svg, class_name="bw-review-best-board", label="the best word on the grid")

    def set_trace(t: Trace):
        set_trace_(t)
        set_message("")
        on_answer((t.cell, t.letter, t.path) if t.complete else None)

    def on_cell(cell):
        if pos.cell(cell) is not None:
            if trace.cell is None:
                set_message("First click a highlighted empty cell for the new letter, then trace the word through "
                            "it (rule D2).")
            else:
                set_trace(trace.step(cell))
        elif cell == trace.cell or trace.path:
            set_trace(trace.step(cell))
        elif cell in targets:
            set_trace(trace.choose(cell))
        else:
            set_message(f"No word can go through a letter in {cell_name(cell, n)}: choose a highlighted cell "
                        f"(rule D2).")

    def on_click(id_: str):
        name = parse_cell_id(id_)
        if name is not None:
            on_cell(parse_cell(name, n))

    def on_drag(ids: list):
        cells = [parse_cell(name, n) for name in map(parse_cell_id, ids) if name is not None]
        if not cells:
            return
        if trace.cell is None:
            empty = [c for c in cells if c in targets]
            if len(empty) == 1:
                set_trace(Trace(empty[0]).drag(cells))
            else:
                set_message("Drag across the word through one highlighted cell, or click that cell first (rule D2).")
        else:
            set_trace(trace.drag(cells))

    def on_key(key: str):
        if key in ("Backspace", "Delete"):
            set_trace(trace.back())
        elif key == "Escape":
            set_trace(Trace())
        elif len(key) == 1:
            letter = letter_from_key(key, game.lexicon.alphabet, normalise_word)
            if letter is None:
                if key.isalnum():
                    set_message(f"{key!r} is not a letter of the {game.lexicon.name} alphabet (rule D7).")
            elif trace.cell is None:
                set_message("Click a highlighted cell first, then type its letter.")
            else:
                set_trace(trace.with_letter(letter))

    def on_key_click(id_: str):
        key = parse_key_id(id_)
        if key is not None and key != "Enter":
            on_key(key)

    svg = board_svg(game, state, trace, targets, show_targets=not trace.letter)
    word = traced_word(state, trace)
    with solara.Column(gap="6px", style={"max-width": "470px"}) as col:
        Board(svg=svg, on_click=on_click, on_drag=on_drag, on_key=on_key, class_name="bw-review-board",
              label="Balda grid: click a cell, type a letter, trace the word")
        solara.Text(f"Your word: {word}" if word else
                    ("Type the letter for " + cell_name(trace.cell, n) if trace.cell is not None and not trace.letter
                     else "Trace the word through the new letter" if trace.cell is not None
                     else "Click a highlighted cell"), classes=["bw-review-word"], style={"font-weight": "600"})
        if message:
            solara.Text(message, style={"color": "#8a4b00"})
        Board(svg=keyboard_svg(layout_for(game.lexicon.alphabet), active=trace.letter or None,
                               enabled=trace.cell is not None, extra=(("Backspace", "⌫"),), label="letters"),
              on_click=on_key_click, on_key=on_key, class_name="bw-review-keys", label="on-screen letters")
    return col


def ReviewButton(session, bots: dict, names: Optional[dict] = None):
    """"Review the game" at the end of a game, then the review of any player's game (``names``: seat names):
    the kit's :func:`~balada_widgets.ui.review.ReviewButton` on :func:`~.review.review_steps` (shown decision
    by decision) and :func:`WordRetry`."""
    game = session.game
    names = names or dict(enumerate(seat_names(game, bots)))
    return KitReviewButton(session, bots, names, lambda player: review_steps(session, player, name=names[player]),
                           lambda moment, answer, on_answer: WordRetry(game, moment, answer, on_answer))
