"""Save, share and load a game: one panel for every game's app.

The position text (as a spectator sees it) and the save file (JSON with every
branch) are shown ready to copy; pasting either back continues from there.
Refusals (a bad file, an illegal move in it, an inconsistent position) are
shown as the rule reminder.

Games with secrets (hands, agendas, face-down rooms): the save file holds
every move, so every hidden card. While ``game.has_secrets(state)`` it is not
put in the page at all until the user asks for it ("Show the save file — it
reveals every hidden card"), and it is hidden again after the next move. An
app with ``secret_saves = "refuse"`` shows the refusal instead (Balada, while
a turn's choices are hidden).

The panel opens with the button ``bw-share-open`` and builds its contents only
while open, so a folded panel costs one button on every redraw of the game.

Stable classes: ``bw-share-open``, ``bw-share``, ``bw-share-position``, ``bw-share-save``,
``bw-share-reveal`` (the button), ``bw-share-secret`` (the warning),
``bw-share-hide``, ``bw-share-input``, ``bw-share-load``. ``words`` replaces
the English texts (:data:`SHARE_WORDS`), for a game played in another language.
"""

from __future__ import annotations

from typing import Mapping, Optional

import solara

from ..core.errors import GameError
from .reminder import Reminder

__all__ = ["SHARE_WORDS", "SaveFile", "SharePanel"]

REVEAL_LABEL = "Show the save file — it reveals every hidden card"
#: the panel's words (a view in another language passes its own ``words``)
SHARE_WORDS = {
    "share": "Save, share, load",
    "share_position": "**Position** (paste it to set the board up again):",
    "share_save": "**Save file** (every move and branch; JSON):",
    "share_paste": "paste a save file or a position here",
    "share_load": "Load",
    "share_loaded": "loaded: the game goes on from there",
    "share_warning": "The save file holds every move, so every hidden card (hands, draws, secret goals). "
                     "Show it only when the other players may see it.",
    "share_reveal": REVEAL_LABEL,
    "share_all_hidden": "Every hidden card is in this text.",
    "share_hide": "Hide it",
    "position": "position",
    "save_file": "save file",
}


@solara.component
def SaveFile(app, version: int = 0, words: Optional[Mapping[str, str]] = None):
    """The save file of ``app``, behind a warning while the position holds secrets."""
    w = {**SHARE_WORDS, **(words or {})}
    revealed, set_revealed = solara.use_state(None)  # (session, node id) where the user asked for it
    here = (app.session, app.session.current.id)
    asking = app.has_secrets() and app.secret_saves != "refuse"
    shown = not asking or revealed == here
    with solara.Column(gap="4px", classes=["bw-share-save-box"]) as col:
        if not shown:
            solara.Warning(w["share_warning"], dense=True, classes=["bw-share-secret"])
            solara.Button(w["share_reveal"], icon_name="mdi-eye-outline", on_click=lambda: set_revealed(here),
                          outlined=True, classes=["bw-share-reveal"], attributes={"aria-label": w["share_reveal"]})
            return col
        try:
            save = app.save_text(reveal=asking)
        except GameError as e:
            save = str(e)
        if asking:
            with solara.Row(style={"align-items": "center", "gap": "6px"}):
                solara.Warning(w["share_all_hidden"], dense=True, classes=["bw-share-secret"])
                solara.Button(w["share_hide"], on_click=lambda: set_revealed(None), text=True, classes=["bw-share-hide"])
        solara.v.Textarea(label=w["save_file"], v_model=save, readonly=True, rows=4, outlined=True,
                          class_="bw-share-save")
    return col


@solara.component
def SharePanel(app, version: int = 0, words: Optional[Mapping[str, str]] = None):
    """Save / share / load for a :class:`~balada_widgets.ui.app.GameApp` (``version`` re-renders it)."""
    w = {**SHARE_WORDS, **(words or {})}
    pasted, set_pasted = solara.use_state("")
    error, set_error = solara.use_state(None)
    done, set_done = solara.use_state(None)

    def load():
        try:
            app.load(pasted)
        except GameError as e:
            set_error(str(e))
            set_done(None)
            return
        set_error(None)
        set_done(w["share_loaded"])

    opened, set_opened = solara.use_state(False)
    with solara.Column(gap="4px", classes=["bw-share-panel"]) as box:
        solara.Button(w["share"], icon_name="mdi-chevron-up" if opened else "mdi-chevron-down",
                      on_click=lambda: set_opened(lambda o: not o), text=True, classes=["bw-share-open"],
                      attributes={"aria-expanded": "true" if opened else "false", "aria-label": w["share"]},
                      style={"align-self": "flex-start", "text-transform": "none"})
        if opened:  # built only when open: a folded panel costs one button per redraw
            with solara.Column(gap="6px", classes=["bw-share"]):
                solara.Markdown(w["share_position"])
                solara.v.Textarea(label=w["position"], v_model=app.position_text(), readonly=True, rows=3,
                                  outlined=True, class_="bw-share-position")
                solara.Markdown(w["share_save"])
                SaveFile(app, version, words)
                solara.v.Textarea(label=w["share_paste"], v_model=pasted, on_v_model=set_pasted,
                                  rows=3, outlined=True, class_="bw-share-input")
                solara.Button(w["share_load"], on_click=load, disabled=not pasted.strip(), classes=["bw-share-load"])
                Reminder(error, on_close=lambda: set_error(None))
                if done:
                    solara.Success(done)
    return box
