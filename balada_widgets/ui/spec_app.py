"""A game's app from its spec alone: settings, start, new game, adopt, repr, the new-game form and a plain view.

The layer above the core, written once for a game declared by a
:class:`~balada_widgets.core.spec.GameSpec`:

- :class:`SpecApp`: the notebook face (a :class:`~balada_widgets.ui.app.GameApp`):
  its :class:`~balada_widgets.core.spec.Settings` come from the spec (the
  defaults policy of :mod:`balada_widgets.core.spec`), ``start`` /
  ``new_game(**changes)`` / ``_adopt`` / ``repr`` are the same for every game;
- :func:`NewGameForm`: players, bots and their level, and every ``form``
  option of the spec (a checkbox for a yes/no, a list for a choice, a field
  for a number or a text); a refusal stays in the form (the kit's
  :func:`~balada_widgets.ui.root.GameRoot` shows it);
- :func:`PlainView`: the game's board as its spec's ``views["drawing"]``
  draws it, ``draw(game, state, targets) -> svg`` where ``targets`` are the
  notations of the moves the human may make now and each clickable element's
  ``data-id`` is the notation of its move; undo, redo, restart, new game, the
  rule reminder and whose turn it is.

A game with a view of its own names it as ``views["board"]`` (a component
``(session, bots, on_new_game)``); a spec without ``views["app"]`` gets
:class:`SpecApp` (the app's pages start it with ``spec=<name>``).
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import solara

from ..core.session import Session
from ..core.spec import GameSpec, Settings, load, spec as spec_named
from .app import GameApp
from .controls import Controls
from .play import use_play
from .reminder import Reminder
from .root import GameRoot

__all__ = ["NewGameForm", "PlainView", "SpecApp"]


class SpecApp(GameApp):
    """The notebook face of a game declared by ``spec`` (a :class:`GameSpec` or a registered name).

    ``SpecApp(spec=..., players=None, bots=None, seed=0, bot_level=None, **options)``, or on a
    ``game`` / ``session`` made elsewhere; ``settings`` is what the new-game form starts from.
    """

    spec: Optional[GameSpec] = None

    def __init__(self, players: Optional[int] = None, bots: Optional[int] = None, seed=0,
                 bot_level: Optional[str] = None, game=None, session: Optional[Session] = None,
                 spec: Any = None, **options):
        super().__init__()
        if spec is not None:
            self.spec = spec if isinstance(spec, GameSpec) else spec_named(spec)
        if self.spec is None:
            raise TypeError("SpecApp needs a spec (spec=... or a subclass's spec attribute)")
        self.start(self.spec.settings(players, bots, seed, bot_level, **options), game=game, session=session)

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
        self.start(self.settings, session=session)

    @property
    def options(self) -> dict:
        """The settings as keywords: what ``new_game`` takes."""
        s = self.settings
        return {"players": s.players, "bots": s.bots, "seed": s.seed, "bot_level": s.bot_level, **s.options}

    # ------------------------------------------------------------ display
    def element(self):
        """The Solara element of the live game: its view, the new-game form and the share panel."""
        board = self.spec.view("board")
        if board is not None:
            def view(session, bots, on_new_game):
                return load(board)(session, bots, on_new_game=on_new_game)
        else:
            def view(session, bots, on_new_game):
                return PlainView(session, bots, on_new_game=on_new_game, settings=self.settings)
        return GameRoot(self, view=view,
                        form=lambda on_start, on_cancel: NewGameForm(self.spec, self.settings, on_start, on_cancel),
                        start=lambda changes: self.new_game(**changes), classes=[f"bw-{self.spec.stem}-app"])

    def __repr__(self) -> str:
        g, st = self.game, self.session.state
        who = ", ".join(self.settings.seat_name(p, self.bots) for p in range(g.num_players))
        return f"<{type(self).__name__} {self.spec.title}: {who}; {'over' if g.is_over(st) else 'playing'}>"


# ======================================================================= the new-game form

_ROW = {"gap": "8px", "align-items": "center", "flex-wrap": "wrap"}


def _field(option, value, set_value):
    """One form field for ``option``: a checkbox (yes/no), a list (a choice), a whole number or a text."""
    cls = [f"bw-form-{option.name}"]
    label = option.label or option.name
    if option.kind == "bool":
        with solara.Div(classes=cls) as div:  # (a Checkbox takes no classes)
            solara.Checkbox(label=label, value=bool(value), on_value=set_value)
        return div
    values = option.values()
    if values is not None:
        labels = [option.label_of(v) for v in values]
        shown = option.label_of(value) if any(v == value for v in values) else None
        return solara.Select(label, values=labels, value=shown, on_value=lambda w: set_value(values[labels.index(w)]),
                             classes=cls, style={"min-width": "140px"})
    if option.kind == "int":
        return solara.InputInt(label, value=value, on_value=set_value, classes=cls, style={"max-width": "140px"})
    return solara.InputText(label, value=value or "", on_value=set_value, classes=cls)


@solara.component
def NewGameForm(spec: GameSpec, settings: Settings, on_start: Callable[[dict], None],
                on_cancel: Optional[Callable[[], None]] = None):
    """Players, bots and their level, and every ``form`` option of ``spec``; *Start* gives the changes as a dict
    (a new seed each time)."""
    draft, set_draft = solara.use_state({"players": settings.players, "bots": settings.bots,
                                         "bot_level": settings.bot_level, **settings.options})

    def upd(**changes):
        set_draft({**draft, **changes})

    lo, hi = spec.players
    players, bots = draft["players"], min(draft["bots"], draft["players"])

    def start():
        seed = settings.seed + 1 if isinstance(settings.seed, int) else 1
        on_start({**draft, "bots": bots, "seed": seed})

    with solara.Card("New game", classes=["bw-spec-form"], margin=0, style={"max-width": "640px"}) as card:
        with solara.Row(style=_ROW):
            if lo < hi:
                solara.Select("Players", values=list(range(lo, hi + 1)), value=players,
                              on_value=lambda v: upd(players=v, bots=min(bots, v)), classes=["bw-form-players"],
                              style={"max-width": "110px"})
            if spec.bots:
                solara.Select("Bots", values=list(range(0, players + 1)), value=bots, on_value=lambda v: upd(bots=v),
                              classes=["bw-form-bots"], style={"max-width": "100px"})
                solara.Select("Bot level", values=list(spec.bots), value=draft["bot_level"],
                              on_value=lambda v: upd(bot_level=v), disabled=bots == 0, classes=["bw-form-bot-level"],
                              style={"max-width": "140px"})
        if spec.bots:
            solara.Text("Bots play the last seats; the other players take turns on this screen (hot-seat).",
                        style={"color": "#666", "font-size": "13px"})
        with solara.Row(style=_ROW):
            for option in spec.options:
                if option.form:
                    _field(option, draft.get(option.name, option.default),
                           lambda v, name=option.name: upd(**{name: v}))
        with solara.Row(style=_ROW):
            solara.Button("Start", on_click=start, color="primary", classes=["bw-form-start"])
            if on_cancel is not None:
                solara.Button("Cancel", on_click=on_cancel, text=True, classes=["bw-form-cancel"])
    return card


# ======================================================================= the plain view


def _status(game, state, bots: dict, settings: Optional[Settings]) -> str:
    name = (lambda p: settings.seat_name(p, bots)) if settings is not None else (lambda p: f"Player {p + 1}")
    if game.is_over(state):
        won = game.winners(state)
        if len(won) == 1:
            return f"Game over: {name(won[0])} {'win' if name(won[0]) == 'You' else 'wins'}."
        return "Game over: a draw." if len(won) == game.num_players else \
            "Game over: " + " and ".join(name(p) for p in won) + " share the win."
    waiting = [name(p) for p in game.to_move(state)]
    return ("Your move." if waiting == ["You"] else f"{' and '.join(waiting)} to move.") if waiting else ""


@solara.component
def PlainView(session: Session, bots: dict = {}, on_new_game: Optional[Callable[[], None]] = None,  # noqa: B006
              settings: Optional[Settings] = None):
    """The board as the spec's ``views["drawing"]`` draws it, clicks played as the move whose notation is the
    clicked ``data-id``, the controls and the reminder (see the module docstring)."""
    from .board import Board

    from ..core.spec import registry

    play = use_play(session, bots)
    game, state = session.game, session.state
    spec = registry().get(game.name)
    draw = load(spec.view("drawing")) if spec is not None and spec.view("drawing") else None
    humans = [p for p in game.to_move(state) if p not in bots]
    targets = frozenset(game.move_to_text(m) for p in humans for m in game.legal_moves(state, p)) \
        if not game.is_over(state) else frozenset()
    viewer = humans[0] if humans else None
    with solara.Column(classes=["bw-plain-view"], gap="8px") as col:
        if settings is not None:
            solara.Text(" · ".join(settings.seat_name(p, bots) for p in range(game.num_players)),
                        classes=["bw-plain-players"])
        solara.Text(_status(game, state, bots, settings), classes=["bw-plain-status"])
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
