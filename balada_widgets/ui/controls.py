"""Undo, redo, restart and new-game buttons for any session.

The buttons only call the callbacks they are given (data flows down, events
up), so a game can route them, e.g. to skip over bot moves on undo.
Each button has a stable CSS class: ``bw-undo``, ``bw-redo``, ``bw-restart``,
``bw-new-game``. ``words`` replaces the English labels (keys ``undo``,
``redo``, ``restart``, ``new_game``), for a game played in another language.
"""

from __future__ import annotations

from typing import Callable, Mapping, Optional

import solara

__all__ = ["Controls", "WORDS"]

#: the buttons' labels (a view in another language passes its own ``words``)
WORDS = {"undo": "Undo", "redo": "Redo", "restart": "Restart", "new_game": "New game"}


@solara.component
def Controls(on_undo: Optional[Callable[[], None]] = None, on_redo: Optional[Callable[[], None]] = None,
             on_restart: Optional[Callable[[], None]] = None, on_new_game: Optional[Callable[[], None]] = None,
             can_undo: bool = True, can_redo: bool = True, can_restart: bool = True, dense: bool = True,
             words: Optional[Mapping[str, str]] = None):
    """A row of buttons; a button without a callback is not shown."""
    w = {**WORDS, **(words or {})}
    with solara.Row(classes=["bw-controls"], style={"gap": "6px", "flex-wrap": "wrap", "align-items": "center"}) as row:
        if on_undo is not None:
            solara.Button(w["undo"], icon_name="mdi-undo", on_click=on_undo, disabled=not can_undo, outlined=True,
                          classes=["bw-undo"], small=dense)
        if on_redo is not None:
            solara.Button(w["redo"], icon_name="mdi-redo", on_click=on_redo, disabled=not can_redo, outlined=True,
                          classes=["bw-redo"], small=dense)
        if on_restart is not None:
            solara.Button(w["restart"], icon_name="mdi-restart", on_click=on_restart, disabled=not can_restart,
                          outlined=True, classes=["bw-restart"], small=dense)
        if on_new_game is not None:
            solara.Button(w["new_game"], icon_name="mdi-plus", on_click=on_new_game, outlined=True,
                          classes=["bw-new-game"], small=dense)
    return row
