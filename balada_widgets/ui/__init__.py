"""The shared Solara kit: one board widget and the panels every game view reuses.

=================  ==========================================================
module             what it gives
=================  ==========================================================
:mod:`.svg`        build SVG markup as strings (pure Python, no Solara)
:mod:`.board`      :class:`SvgBoard`, the one anywidget that draws a board and
                   reports clicks / drags / keys by ``data-id``; ``Board(...)``
:mod:`.session`    ``use_session(factory)``: a mutable ``Session`` in a
                   component, re-rendered by a reassigned version counter
:mod:`.controls`   ``Controls``: undo / redo / restart / new game
:mod:`.move_log`   ``MoveLog``: the current line and the branches, ``goto``
:mod:`.explain`    ``Explain``: a score trace, step by step, ``on_step``
:mod:`.reminder`   ``Reminder`` (shows ``str(GameError)``) and ``try_move``
:mod:`.tutorial`   ``Exercise``: prompt, answer, ``check -> (ok, why)``
=================  ==========================================================

A game view is: render the position to SVG (``svg`` helpers), show it with
``Board(svg, on_click=...)``, turn a click into a move, play it with
``try_move(session, move)`` and show the returned text with ``Reminder``;
highlight targets from ``game.legal_moves``; add ``Controls``, ``MoveLog``
and ``Explain`` around it. See :mod:`balada_widgets.balada.view`.

Names are imported lazily so ``from balada_widgets.ui import svg`` does not
import Solara.
"""

from __future__ import annotations

import importlib

_NAMES = {
    "SvgBoard": "board", "Board": "board",
    "use_session": "session", "use_session_version": "session",
    "Controls": "controls",
    "MoveLog": "move_log", "log_entries": "move_log", "branch_entries": "move_log",
    "Explain": "explain",
    "Reminder": "reminder", "try_move": "reminder",
    "Exercise": "tutorial",
}

__all__ = sorted(_NAMES)


def __getattr__(name):
    if name in _NAMES:
        return getattr(importlib.import_module(f".{_NAMES[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
