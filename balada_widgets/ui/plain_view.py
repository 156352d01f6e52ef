"""The kit's view of a game that has no view of its own: its spec's drawing, clicked as moves.

A game declared with ``views["drawing"]`` and no ``views["board"]`` (the
tic-tac-toe of the spec test) is shown by :func:`PlainView`: the board as
``draw(game, state, targets) -> svg`` draws it, where ``targets`` are the
notations of the moves the person to move may make and each clickable
element's ``data-id`` is the notation of its move; the seats by their one name,
whose turn it is or who won, undo, redo, restart, new game, the rule reminder
and *Let the bots play*. Without a drawing it shows the position text.
"""

from __future__ import annotations

from typing import Callable, Optional

import solara

from ..core.session import Session
from ..core.spec import GameSpec, load, registry, seat_name
from .board import Board
from .controls import Controls
from .play import use_play
from .reminder import Reminder

__all__ = ["PlainView", "status_words"]


def status_words(game, state, names: list, you: Optional[int] = None) -> str:
    """Whose turn it is, or who won, in words: ``Your move.``, ``Player 1 to move.``, ``Game over: ...``."""
    if game.is_over(state):
        won = game.winners(state)
        if len(won) == 1:
            return f"Game over: {'you win' if won[0] == you else names[won[0]] + ' wins'}."
        return "Game over: a draw." if len(won) == game.num_players else \
            "Game over: " + " and ".join(names[p] for p in won) + " share the win."
    waiting = list(game.to_move(state))
    if not waiting:
        return ""
    return "Your move." if waiting == [you] else f"{' and '.join(names[p] for p in waiting)} to move."


@solara.component
def PlainView(session: Session, bots: dict = {}, on_new_game: Optional[Callable[[], None]] = None,  # noqa: B006
              spec: Optional[GameSpec] = None):
    """The board as the spec's ``views["drawing"]`` draws it (see the module docstring)."""
    play = use_play(session, bots)
    game, state = session.game, session.state
    spec = spec or registry().get(game.name)
    draw = load(spec.view("drawing")) if spec is not None and spec.view("drawing") else None
    humans = [p for p in game.to_move(state) if p not in bots]
    targets = frozenset(game.move_to_text(m) for p in humans for m in game.legal_moves(state, p)) \
        if not game.is_over(state) else frozenset()
    viewer = humans[0] if humans else None
    names = [seat_name(p, bots, game.num_players, spec=spec) for p in range(game.num_players)]
    people = [p for p in range(game.num_players) if p not in bots]
    you = people[0] if len(people) == 1 and bots else None
    with solara.Column(classes=["bw-plain-view"], gap="8px") as col:
        solara.Text(" · ".join(names), classes=["bw-plain-players"])
        solara.Text(status_words(game, state, names, you), classes=["bw-plain-status"])
        if draw is not None:
            Board(svg=draw(game, game.view(state, viewer), targets), on_click=play.act, version=play.version,
                  label=f"{game.title or game.name} board", class_name=f"bw-{game.name}-board")
        else:
            solara.Markdown(f"```\n{game.state_to_text(game.view(state, None))}\n```")
        Reminder(play.message, on_close=play.clear_message)
        Controls(on_undo=play.undo, on_redo=play.redo, on_restart=play.restart, on_new_game=on_new_game,
                 can_undo=play.can_undo, can_redo=play.can_redo)
        if play.bots_to_move:
            solara.Button("Let the bots play", on_click=play.let_bots_play, classes=["bw-let-bots-play"])
    return col
