"""The notebook face of a game: an object that shows the live game when displayed.

``balada.new_game(...)`` and ``balda.new_game(...)`` return a subclass of
:class:`GameApp`: the last expression of a cell (or ``display(app)``) shows the
live game, and the object keeps the session, the bots and the controls a
notebook user calls (``play``, ``undo``, ``redo``, ``new_game``). Several
displays of one app show the same game; a new game reaches all of them
through :meth:`on_new_game`.

Save and share with secrets: the position text is always what a spectator
sees. The save file holds every move, so every hidden card: while
``game.has_secrets(state)``, :meth:`GameApp.save_text` gives it only when asked
with ``reveal=True`` (the share panel shows a button that warns first), or,
with ``secret_saves = "refuse"`` (Balada: simultaneous choices revealed at the
end of the turn), not at all until the secrets are out.
"""

from __future__ import annotations

import json

from typing import Callable, Optional

from ..core.bots import play_human, redo_human, roll_human, run_bots, undo_human
from ..core.errors import InvalidInput, short_text


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

    def roll(self) -> Optional[str]:
        """Roll the die that waits for a person (a game's pause before chance: ``game.chance_waits_for``), then let
        the bots answer; why not (``str``) when no die waits."""
        return roll_human(self.session, self.bots)

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

    # ------------------------------------------------------------ save, share, load
    #: while the state holds secrets, the save file is given only on request (``"ask"``) or not
    #: at all until the secrets are out (``"refuse"``: secrets that end with the turn)
    secret_saves: str = "ask"

    def hidden_now(self) -> bool:
        """True while some player's choice is still hidden from the others (mid-turn in hot-seat)."""
        state = self.session.state
        return self.game.view(state, None) != state

    def has_secrets(self) -> bool:
        """True while some part of the position is hidden from a spectator (``game.has_secrets``)."""
        return self.game.has_secrets(self.session.state)

    def position_text(self) -> str:
        """The position as text, as a spectator sees it (hidden choices left out)."""
        return self.game.state_to_text(self.game.view(self.session.state, None))

    def save_text(self, reveal: bool = False) -> str:
        """The save file (JSON, every branch).

        While the position holds secrets it reveals them all, so it is refused
        unless ``reveal=True`` (and always, with ``secret_saves = "refuse"``).
        """
        if self.has_secrets():
            if self.secret_saves == "refuse":
                raise InvalidInput("a save holds every move: finish the turn first, some choices are still hidden")
            if not reveal:
                raise InvalidInput("a save holds every move, so every hidden card: ask for it with "
                                   "save_text(reveal=True) when nobody else is looking")
        return self.session.to_json(all_branches=True, indent=1)

    def load(self, text: str) -> None:
        """Continue from a save file (JSON) or a position text; the bots keep their seats.

        Raises :class:`~balada_widgets.core.errors.GameError` naming what is wrong.
        """
        from ..core.files import untrusted
        from ..core.session import Session

        text = (text or "").strip()
        if not text:
            raise InvalidInput("paste a save file (JSON) or a position text first")
        if text.startswith("{"):
            try:
                data = json.loads(text)
            except json.JSONDecodeError as e:
                raise InvalidInput(f"save file is not valid JSON: {e}") from None
            except (ValueError, RecursionError):  # a number of thousands of digits, [[[[... nested too deeply
                raise InvalidInput("save file is not valid JSON: nested too deeply or a number too long") from None
            if isinstance(data, dict) and data.get("game") != self.game.name:
                raise InvalidInput(f"that save file is a {short_text(str(data.get('game')))} game, not {self.game.name}")
            # the same options: keep this game (and whatever it holds that a save does not, e.g. a word list)
            same = isinstance(data, dict) and data.get("options") == self.game.options
            session = Session.from_dict(data, game=self.game if same else None)
        else:  # a pasted position is untrusted data too: nothing in it names a file
            with untrusted("a pasted position"):
                session = Session(self.game, seed=self.session.seed, state=self.game.state_from_text(text))
        self._adopt(session)

    def _adopt(self, session) -> None:  # pragma: no cover - abstract
        """Continue with ``session`` (same seats of bots)."""
        raise NotImplementedError
