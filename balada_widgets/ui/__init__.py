"""The shared Solara kit: one board widget and the panels every game view reuses.

Its pure half (SVG, the grid, keys, paths, the cursor, the lesson model, one object per kernel) is
:mod:`balada_widgets.kit`, which imports no UI: the rooms' drawings and lessons use that one.

=================  ==========================================================
module             what it gives
=================  ==========================================================
:mod:`.board`      :class:`SvgBoard`, the one anywidget that draws a board and
                   reports clicks / drags / keys by ``data-id``; ``Board(...)``
:mod:`.session`    ``use_session(factory)``: a mutable ``Session`` in a
                   component, re-rendered by a reassigned version counter
:mod:`.play`       ``use_play(session, bots)``: act / undo / redo / restart /
                   let the bots play / the message, once for every view;
                   ``use_cursor(targets, on_act)``: a keyboard cursor
:mod:`.seat`       ``use_seat(game, session, bots)``: whose view to show in
                   hot-seat; ``PassScreen``; ``seat_to_show`` (pure)
:mod:`.controls`   ``Controls``: undo / redo / restart / new game
:mod:`.move_log`   ``MoveLog``: the current line and the branches, ``goto``;
                   ``labels_for(game, viewer)``: moves as a viewer may know them
:mod:`.explain`    ``Explain``: a score trace, step by step, ``on_step``
:mod:`.reminder`   ``Reminder`` (shows ``str(GameError)``) and ``try_move``
:mod:`.share`      ``SharePanel``: position text, save file (on request when
                   the game has secrets), paste to load
:mod:`.root`       ``GameRoot(app, view=..., form=...)``: an app's page (view,
                   new-game form, share panel); ``use_app_game``
:mod:`.app`        ``GameApp``: the notebook face of a game
:mod:`.tutorial`   ``Tutorial(lesson).step(id)``: one step with progress,
                   step picker, Check / Show me; ``Exercise``: prompt,
                   answer, ``check -> (ok, why)``
:mod:`.review`     the game review (learn from your mistakes): ``ReviewView``
                   walks a :class:`~balada_widgets.core.review.GameReview`'s
                   moments, retry on the game's board, tiers, the best with
                   its trace; ``ReviewPanel``: any player's, in a thread;
                   ``ReviewButton``: "Review the game" at the end
:mod:`.lab`        the lab piece: ``use_edits`` (undo/redo of edits),
                   ``PositionBox`` (share / paste a position, read inside
                   ``untrusted``), ``PlayTree`` (play and branch, words and
                   notation), ``moves_markup``, ``Lines``, ``Problems``
:mod:`.hooks`      ``use_latest`` (a callback that keeps its identity) and
                   ``Box`` (one opaque component argument)
=================  ==========================================================

A game view is: render the position to SVG (:mod:`balada_widgets.kit.svg`), show it with
``Board(svg, on_click=...)``, turn a click into a move, play it with
``try_move(session, move)`` and show the returned text with ``Reminder``;
highlight targets from ``game.legal_moves``; add ``Controls``, ``MoveLog``
and ``Explain`` around it. See :mod:`balada_widgets.balada.view`. A new view
starts from ``use_play`` (the controls), ``use_seat`` (hot-seat with
secrets) and ``GameRoot`` (the page), drawing only ``game.view(state, seat.viewer)``.

Names are imported lazily: ``import balada_widgets.ui`` alone does not import Solara.
"""

from __future__ import annotations

import importlib

_NAMES = {
    "SvgBoard": "board", "Board": "board",
    "use_session": "session", "use_session_version": "session",
    "Play": "play", "use_play": "play", "use_cursor": "play", "settle": "play",
    "Seat": "seat", "SeatChoice": "seat", "seat_to_show": "seat", "use_seat": "seat", "PassScreen": "seat",
    "Controls": "controls",
    "MoveLog": "move_log", "log_entries": "move_log", "branch_entries": "move_log", "labels_for": "move_log",
    "Explain": "explain",
    "Reminder": "reminder", "try_move": "reminder",
    "SharePanel": "share", "SaveFile": "share",
    "GameRoot": "root", "use_app_game": "root",
    "GameApp": "app",
    "Exercise": "tutorial", "Tutorial": "tutorial", "LessonView": "tutorial", "LessonCell": "tutorial",
    "ReviewView": "review", "ReviewPanel": "review", "MomentView": "review", "ReviewButton": "review",
    "use_edits": "lab", "PositionBox": "lab", "PlayTree": "lab", "moves_markup": "lab", "Lines": "lab",
    "Problems": "lab",
    "use_latest": "hooks", "Box": "hooks",
}

__all__ = sorted(_NAMES)


def __getattr__(name):
    if name in _NAMES:
        return getattr(importlib.import_module(f".{_NAMES[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
