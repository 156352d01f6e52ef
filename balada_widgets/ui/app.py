"""The notebook face of a game: an object that shows the live game when displayed.

``balada.new_game(...)`` and ``balda.new_game(...)`` return a subclass of
:class:`GameApp`: the last expression of a cell (or ``display(app)``) shows the
live game, and the object keeps the session, the bots and the controls a
notebook user calls (``play``, ``undo``, ``redo``, ``new_game``). Several
displays of one app show the same game; a new game reaches all of them
through :meth:`on_new_game`.
"""

from __future__ import annotations

from typing import Callable, Optional

from ..core.bots import play_human, redo_human, run_bots, undo_human


class GameApp:
    """Base of the per-game notebook apps: subclasses set up the game and draw it."""

    session = None
    game = None
    bots: dict = {}

    def __init__(self):
        self._listeners: list = []

    # ------------------------------------------------------------ game control
    def _begin(self, session, bots: dict) -> None:
        """Seat ``bots`` at ``session``, let them move, tell every display."""
        self.session = session
        self.game = session.game
        self.bots = bots
        if bots:
            run_bots(session, bots)
        for cb in list(self._listeners):
            cb(session, bots)

    def play(self, move) -> Optional[str]:
        """Play a human's move (object or text) and let the bots answer; the rule reminder if refused."""
        return play_human(self.session, self.bots, move)

    def undo(self) -> None:
        """Take back the last human move and the bot answers to it."""
        undo_human(self.session, self.bots)

    def redo(self) -> None:
        redo_human(self.session, self.bots)

    def on_new_game(self, callback) -> Callable[[], None]:
        """Call ``callback(session, bots)`` when a new game starts; returns an unsubscribe."""
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback) if callback in self._listeners else None

    # ------------------------------------------------------------ display
    def element(self):  # pragma: no cover - abstract
        """The Solara element of the live game."""
        raise NotImplementedError

    def widget(self):
        """The live game as an ipywidget."""
        import reacton.core

        return reacton.core.make(self.element())

    def _ipython_display_(self, **kwargs):
        import reacton.core

        reacton.core.display(self.element())
