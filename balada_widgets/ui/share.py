"""Save, share and load a game: one panel for every game's app.

The position text (as a spectator sees it) and the save file (JSON with every
branch) are shown ready to copy; pasting either back continues from there.
Refusals (a bad file, an illegal move in it, an inconsistent position) are
shown as the rule reminder.
"""

from __future__ import annotations

import solara

from ..core.errors import GameError
from .reminder import Reminder


@solara.component
def SharePanel(app, version: int = 0):
    """Save / share / load for a :class:`~balada_widgets.ui.app.GameApp` (``version`` re-renders it)."""
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
        set_done("loaded: the game goes on from there")

    try:
        save = app.save_text()
    except GameError as e:
        save = str(e)
    with solara.Details("Save, share, load", expand=False) as box:
        with solara.Column(gap="6px", classes=["bw-share"]):
            solara.Markdown("**Position** (paste it to set the board up again):")
            solara.v.Textarea(label="position", v_model=app.position_text(), readonly=True, rows=3, outlined=True,
                              class_="bw-share-position")
            solara.Markdown("**Save file** (every move and branch; JSON):")
            solara.v.Textarea(label="save file", v_model=save, readonly=True, rows=4, outlined=True,
                              class_="bw-share-save")
            solara.v.Textarea(label="paste a save file or a position here", v_model=pasted, on_v_model=set_pasted,
                              rows=3, outlined=True, class_="bw-share-input")
            solara.Button("Load", on_click=load, disabled=not pasted.strip(), classes=["bw-share-load"])
            Reminder(error, on_close=lambda: set_error(None))
            if done:
                solara.Success(done)
    return box
