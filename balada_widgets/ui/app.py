"""The notebook face of every game: one generic app, read from the game's spec.

``balada.new_game(...)``, ``balda.new_game(...)`` and every other game's
``new_game`` return a :class:`GameApp` made for that game by :func:`app_class`
(``BaladaApp``, ``BaldaApp``... : the same class, named for its game). The last
expression of a cell (or ``display(app)``) shows the live game, and the object
keeps the session, the bots and the controls a notebook user calls (``play``,
``undo``, ``redo``, ``new_game``, ``load``). Several displays of one app show
the same game; a new game reaches all of them through :meth:`GameApp.on_new_game`.

Everything a game's app does is written here once, from its
:class:`~balada_widgets.core.spec.GameSpec`:

- its :class:`~balada_widgets.core.spec.Settings` come from the spec (the
  defaults policy of :mod:`balada_widgets.core.spec`): seats, bots, seed and
  the options, checked there;
- ``start`` / ``new_game(**changes)`` / ``from_session`` / ``load`` (a save
  file or a position, adopted with the same bots) / ``repr`` / the seats'
  names are the same for every game;
- :meth:`GameApp.element` shows the game's own view (the spec's
  ``views["board"]``, or the kit's plain view of its ``views["drawing"]``)
  with the kit's new-game form (:func:`~balada_widgets.ui.new_game.NewGameForm`)
  and share panel (:func:`~balada_widgets.ui.root.GameRoot`).

Save and share with secrets: the position text is always what a spectator
sees. The save file holds every move, so every hidden card: while
``game.has_secrets(state)``, :meth:`GameApp.save_text` gives it only when asked
with ``reveal=True`` (the share panel shows a button that warns first), or,
with the spec's ``secret_saves="refuse"`` (Balada: simultaneous choices
revealed at the end of the turn), not at all until the secrets are out.

>>> from balada_widgets import balda
>>> app = balda.new_game(seed=3, bot_level="greedy")
>>> type(app).__name__, sorted(app.bots), app.settings.options["tier"]
('BaldaApp', [1], 'common')
>>> app.new_game(players=3, size=7)
>>> app.game.size, sorted(app.bots), app.seat_names()
(7, [1, 2], ['Player 1 (you)', 'Player 2 (greedy bot)', 'Player 3 (greedy bot)'])
"""

from __future__ import annotations

import json

from typing import Any, Callable, Optional

from ..core.bots import play_human, redo_human, roll_human, run_bots, undo_human
from ..core.errors import InvalidInput, short_text
from ..core.session import Session
from ..core.spec import GameSpec, Settings, load, seat_name, spec as spec_named

__all__ = ["GameApp", "app_class"]


class GameApp:
    """The live game of one game's spec (see the module docstring).

    ``GameApp(players=None, bots=None, seed=0, bot_level=None, game=None, session=None, spec=None, **options)``:
    a new game of those settings, or the ``game`` / ``session`` made elsewhere (its players and options; a
    session's seed). ``spec``: a :class:`GameSpec` or a registered name (a class made by :func:`app_class`
    knows its own). Attributes: ``session``, ``game``, ``bots`` (``{seat: bot}``, the last seats) and
    ``settings`` (what the new-game form starts from).
    """

    spec: Optional[GameSpec] = None
    session: Optional[Session] = None
    game = None
    bots: dict = {}
    settings: Optional[Settings] = None

    def __init__(self, players: Optional[int] = None, bots: Optional[int] = None, seed=0,
                 bot_level: Optional[str] = None, game=None, session: Optional[Session] = None, spec: Any = None,
                 **options):
        self._listeners: list = []
        if spec is not None:
            self.spec = spec if isinstance(spec, GameSpec) else spec_named(spec)
        if self.spec is None:
            raise TypeError("GameApp needs a spec (spec=... or a class made by app_class)")
        made = session.game if session is not None else game
        if made is not None and players is None:
            players = made.num_players
        if session is not None:
            seed = session.seed
        self.start(self.spec.settings(players, bots, seed, bot_level, **options), game=game, session=session)

    @classmethod
    def from_session(cls, session: Session, bots: int = 0, bot_level: Optional[str] = None, **kwargs) -> "GameApp":
        """Show an existing session (a save file's, a hand-made position's); by default every seat is a person's."""
        return cls(bots=bots, bot_level=bot_level, session=session, **kwargs)

    # ------------------------------------------------------------ game control
    def start(self, settings: Settings, game=None, session: Optional[Session] = None) -> None:
        """Start a game with ``settings`` (or on ``game`` / ``session``); every display of this app follows."""
        if session is None:
            session = Session(game if game is not None else settings.make_game(), seed=settings.seed)
        self.settings = settings.adopt(session.game)
        self._begin(session, self.settings.make_bots())

    def new_game(self, **changes) -> None:
        """A new game with some settings changed (``players``, ``bots``, ``bot_level``, ``seed`` or an option)."""
        self.start(self.settings.replace(**changes))

    def _adopt(self, session: Session) -> None:
        """Continue with ``session`` (a loaded save or position): the same seats of bots."""
        self.start(self.settings, session=session)

    @property
    def options(self) -> dict:
        """The settings as keywords: what ``new_game`` takes."""
        s = self.settings
        return {"players": s.players, "bots": s.bots, "seed": s.seed, "bot_level": s.bot_level, **s.options}

    def _begin(self, session: Session, bots: dict) -> None:
        """Seat ``bots`` at ``session``, let them move, tell every display."""
        self.session = session
        self.game = session.game
        self.bots = bots
        if bots:
            run_bots(session, bots)
        for callback in list(self._listeners):
            callback(session, bots)

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

    # ------------------------------------------------------------ seats
    def seat_names(self) -> list[str]:
        """Every seat's one name (:func:`~balada_widgets.core.spec.seat_name`), in the game's language."""
        language = self.spec.language_of(getattr(self.game, "language", None))
        return [seat_name(p, self.bots, self.game.num_players, language, spec=self.spec)
                for p in range(self.game.num_players)]

    # ------------------------------------------------------------ display
    def element(self, **view_args):
        """The Solara element of the live game: its view (``view_args`` go to it: a lab's view asks more of
        it), the new-game form and the share panel."""
        from .new_game import NewGameForm
        from .root import GameRoot, share_words

        board = self.spec.view("board")
        if board is not None:
            def view(session, bots, on_new_game):
                return load(board)(session, bots, on_new_game=on_new_game, **view_args)
        else:
            from .plain_view import PlainView

            def view(session, bots, on_new_game):
                return PlainView(session, bots, on_new_game=on_new_game, spec=self.spec)
        return GameRoot(self, view=view,
                        form=lambda on_start, on_cancel: NewGameForm(self.spec, self.settings, on_start, on_cancel),
                        start=lambda changes: self.new_game(**changes), classes=[f"{self.spec.stem}-app", "bw-game-app"],
                        words=lambda game: share_words(self.spec, game))

    def widget(self):
        """The live game as an ipywidget."""
        import reacton.core

        return reacton.core.make(self.element())

    def _ipython_display_(self, **kwargs):
        import reacton.core

        reacton.core.display(self.element())

    def __repr__(self) -> str:
        game, state = self.game, self.session.state
        shown = []
        for o in self.spec.options:
            if o.form and o.game and o.applies(self.settings.players):
                value = self.settings.options.get(o.name)
                if o.kind == "bool" and o.default is not None:  # a yes/no option is named when it is on
                    shown += [self.spec.word(f"form.{o.name}")] if value else []
                else:
                    shown.append(f"{self.spec.word(f'form.{o.name}')} {o.label_of(value)}")
        if game.is_over(state):
            won = game.winners(state)
            where = "over: " + (" and ".join(self.seat_names()[p] for p in won) + " won" if won else "no winner")
        else:
            waiting = [self.seat_names()[p] for p in game.to_move(state)]
            where = "to move: " + " and ".join(waiting) if waiting else "playing"
        return (f"<{type(self).__name__} {', '.join(self.seat_names())}"
                + (f"; {', '.join(shown)}" if shown else "") + f"; {where}>")

    # ------------------------------------------------------------ save, share, load
    @property
    def secret_saves(self) -> str:
        """While the state holds secrets, the save file is given only on request (``"ask"``) or not at all until
        the secrets are out (``"refuse"``: secrets that end with the turn): the spec's policy."""
        return self.spec.secret_saves

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


_CLASSES: dict[str, type] = {}


def app_class(spec: Any) -> type:
    """The app class of a game (a :class:`GameSpec` or a registered name): :class:`GameApp` named for it
    (``BaladaApp``), made once per declaration.

    >>> app_class("balada").__name__, app_class("balada") is app_class("balada"), issubclass(app_class("balda"), GameApp)
    ('BaladaApp', True, True)
    """
    found = spec if isinstance(spec, GameSpec) else spec_named(spec)
    cls = _CLASSES.get(found.name)
    if cls is None or cls.spec is not found:
        cls = type(found.app_name, (GameApp,), {
            "spec": found, "__module__": __name__, "__qualname__": found.app_name,
            "__doc__": f"A {found.title} game to show in a notebook (``{found.name}.new_game(...)`` returns one): "
                       f"the kit's :class:`GameApp` for its spec."})
        _CLASSES[found.name] = cls
    return cls
