"""The root of a game's page: the live view of an app's game, a new-game form, the share panel.

Every game's app (a :class:`~balada_widgets.ui.app.GameApp`) is shown the same
way: the view of its current session, a *New game* form that the view's
button opens and closes, the form's refusal as a rule reminder, and the
save / share / load panel. A new game started anywhere (the form, a notebook
cell calling ``app.new_game(...)``, a loaded save) reaches every display of the
app through :meth:`GameApp.on_new_game`, and the view is rebuilt for it::

    def element(self):            # GameApp.element, for every game
        return GameRoot(
            app=self,
            view=lambda session, bots, on_new_game: MyView(session, bots, on_new_game=on_new_game),
            form=lambda on_start, on_cancel: NewGameForm(self.spec, self.settings, on_start, on_cancel),
            start=lambda changes: self.new_game(**changes),
            classes=["mygame-app"],
        )

``view(session, bots, on_new_game)`` and ``form(on_start, on_cancel)`` return
elements; ``start(options)`` starts the game the form asks for and raises a
:class:`~balada_widgets.core.errors.GameError` to refuse it (the form stays
open and shows why). Without ``form`` the view gets no ``on_new_game``.
``words`` replaces the share panel's English texts (see
:data:`~balada_widgets.ui.share.SHARE_WORDS`): a mapping, or ``words(game)``
for the game shown now (a new game may come in another language:
:func:`share_words`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Optional, Union

import solara

from ..core.errors import GameError
from .reminder import Reminder
from .session import use_session_version
from .share import SharePanel

__all__ = ["FORM_CSS", "GameRoot", "share_words", "use_app_game"]

#: the new-game form's field labels are shown whole (Vuetify cuts a label longer than its field with "…")
FORM_CSS = """
.bw-game-form .v-input .v-label { max-width: none !important; overflow: visible !important;
  text-overflow: clip !important; }
.bw-game-form .v-input { min-width: 5.5em; }
"""


def share_words(spec, game) -> dict:
    """The share panel's words for ``game`` in its language, where its spec gives them (``kit.<key>`` of
    :attr:`~balada_widgets.core.spec.GameSpec.words`); English otherwise."""
    from .share import SHARE_WORDS

    language = spec.language_of(getattr(game, "language", None))
    if language == "en" or spec.words is None:
        return {}
    return {k: w for k in SHARE_WORDS if (w := spec.own_word(f"kit.{k}", language)) is not None}


def use_app_game(app) -> tuple:
    """``(session, bots)`` of ``app``'s current game; the component re-renders when a new game starts."""
    match, set_match = solara.use_state((app.session, app.bots))

    def subscribe():
        return app.on_new_game(lambda session, bots: set_match((session, bots)))

    solara.use_effect(subscribe, [app])
    session, bots = match
    if session is not app.session:  # a new game started before this view subscribed
        session, bots = app.session, app.bots
    return session, bots


@solara.component
def GameRoot(app, view: Callable[..., Any], form: Optional[Callable[..., Any]] = None,
             start: Optional[Callable[[Any], None]] = None, classes: list = ["bw-game-root"],  # noqa: B006
             share: bool = True, words: Union[Mapping[str, str], Callable[[Any], Mapping[str, str]], None] = None):
    """The live game of ``app`` with its new-game form and share panel (see the module docstring)."""
    session, bots = use_app_game(app)
    form_open, set_form_open = solara.use_state(False)
    error, set_error = solara.use_state(None)
    version, _ = use_session_version(session)

    def on_started(_session, _bots):
        set_form_open(False)

    solara.use_effect(lambda: app.on_new_game(on_started), [app])

    def begin(options):
        try:
            (start or (lambda o: app.new_game(**o)))(options)
        except GameError as e:
            set_error(str(e))
            return
        set_error(None)

    with solara.Column(classes=list(classes), gap="8px") as col:
        if form is not None and form_open:
            with solara.Div(classes=["bw-game-form"]).key("form"):
                solara.Style(FORM_CSS)
                form(begin, lambda: set_form_open(False))
            Reminder(error, on_close=lambda: set_error(None)).key("form-error")
        toggle = (lambda: set_form_open(lambda shown: not shown)) if form is not None else None
        view(session, bots, toggle).key(f"view-{id(session)}")
        if share:
            SharePanel(app, version, words(session.game) if callable(words) else words).key("share")
    return col
