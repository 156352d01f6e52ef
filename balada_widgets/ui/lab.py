"""The lab piece: what every game's lab page is made of, written once.

A lab is where positions are made and tried, like a referee's table: the
whole position is shown, and moves are said in words *and* in notation (the
learner's pages say words only). Each game's ``lab.py`` keeps what is its
own (its set-up tools, its board, its analysis) and takes the rest from here:

- :func:`use_edits`: the edits of a position with undo and redo, reassigned,
  never mutated (``edits.state``, ``edits.push(new)``, ``edits.undo()``...);
  :func:`use_edit`: one edit by a game's pure editing function, its refusal
  kept to show;
- :func:`PositionBox`: the position as text to copy, and a field to paste one.
  A pasted text is read inside :func:`~balada_widgets.core.files.untrusted`
  (nothing pasted makes the server open a file); a refused text shows every
  problem the game names;
- :func:`PlayTree`: a session from the position: play by clicking the board
  or a move of the list (:func:`moves_markup`), undo / redo / restart, a
  bot's move, the move log with its branches (:func:`lab_label`: words and
  notation), the save file;
- :func:`Lines`: plain-words lines (an analysis' ``text()``) as a list;
  :func:`Problems`: every problem of a position, each with its rule;
- :data:`ROW`: the style of a row of controls.

Words: :data:`LAB_WORDS` (a lab in another language passes its own ``words``,
same keys). Stable classes are the game's ``prefix`` (``bw-lab``, ``bw-bgl``,
``bw-balda-lab``...) followed by ``-play``, ``-play-board``, ``-moves``,
``-bot-move``, ``-save``, ``-pending`` (the play tree), ``-position``,
``-paste``, ``-load`` (the position box), ``-problem`` / ``-ok`` (the
problems); moves in the list are ``data-id="move-<k>"`` with the class
``bw-move``, their notation ``bw-note``.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple, Optional, Sequence

import solara

from ..core.errors import GameError
from ..core.files import untrusted
from ..kit import svg
from .board import Board
from .controls import Controls
from .move_log import LOG_CSS, MoveLog, branch_entries, log_entries
from .reminder import Reminder, try_move
from .session import use_session_version

__all__ = ["Edits", "LAB_WORDS", "Lines", "MOVES_CSS", "PlayTree", "PositionBox", "Problems", "ROW", "lab_label",
           "moves_markup", "use_edit", "use_edits"]

#: a row of controls: wrapped, centred
ROW = {"gap": "8px", "flex-wrap": "wrap", "align-items": "center"}

#: the lab's words (a lab in another language passes its own, same keys; ``{target}`` and ``{pending}`` are
#: filled in)
LAB_WORDS = {
    "position": "Position text: share it, or paste one",
    "position_label": "position",
    "paste": "paste a position here",
    "load": "Load",
    "bot_move": "Strong bot's move",
    "save": "Save file (every move and branch)",
    "no_move": "no move on {target} is open now: {pending}",
    "several": "several moves go to {target}: choose one in the list below",
    "over": "The game is over.",
    "decides": "Player {n} decides.",
    "ok": "The position breaks no rule.",
}

#: the move list's notation beside the words
MOVES_CSS = LOG_CSS + """
.bw-log .bw-move .bw-note { font: 11.5px ui-monospace, SFMono-Regular, Menlo, monospace; color: #555;
  margin-left: 5px; }
.bw-log .bw-move:hover .bw-note { color: #234; }
"""


def _words(words: Optional[Mapping[str, str]]) -> dict:
    return {**LAB_WORDS, **(words or {})}


# ======================================================================= edits, undo and redo


class Edits(NamedTuple):
    """The position being edited and its history (see :func:`use_edits`)."""

    state: Any
    index: int
    count: int
    push: Callable[[Any], None]
    undo: Callable[[], None]
    redo: Callable[[], None]
    reset: Callable[[Any], None]

    @property
    def can_undo(self) -> bool:
        return self.index > 0

    @property
    def can_redo(self) -> bool:
        return self.index < self.count - 1


def use_edits(first: Any) -> Edits:
    """The edits of a position, from ``first``: ``push(new)`` adds one (an equal one is no edit; a push after
    an undo drops the edits that were undone), ``undo()`` / ``redo()`` walk them, ``reset(new)`` starts again
    from ``new``. The history is one tuple, reassigned on every change (never mutated)."""
    history, set_history = solara.use_state(((first,), 0))
    states, index = history
    state = states[index]

    def push(new):
        if new != state:
            set_history((states[: index + 1] + (new,), index + 1))

    def undo():
        if index > 0:
            set_history((states, index - 1))

    def redo():
        if index < len(states) - 1:
            set_history((states, index + 1))

    def reset(new):
        set_history(((new,), 0))

    return Edits(state, index, len(states), push, undo, redo, reset)


def use_edit(apply: Callable[..., Any], on_state: Callable[[Any], None]) -> tuple:
    """``(edit, error, set_error)``: ``edit(*args, **changes)`` gives ``apply(*args, **changes)`` (a game's pure
    editing function: the new position, or a :class:`~balada_widgets.core.errors.GameError` naming the rule) to
    ``on_state``, or keeps the refusal's words in ``error`` (for a :class:`~balada_widgets.ui.reminder.Reminder`;
    ``set_error`` shows other words there, or clears them)."""
    error, set_error = solara.use_state(None)

    def edit(*args, **changes):
        try:
            new = apply(*args, **changes)
        except GameError as e:
            set_error(str(e))
            return
        set_error(None)
        on_state(new)

    return edit, error, set_error


# ======================================================================= words and problems


@solara.component
def Lines(text: str, cls: str, items: bool = False):
    """Plain-words lines as Markdown: ``- `` starts an item, ``  - `` an item under it, any other line is said as
    it is (``items``: every line an item)."""
    body = "\n".join(f"- {line[2:]}" if line.startswith("- ") else
                     f"    - {line[4:]}" if line.startswith("  - ") else f"- {line}" if items else line
                     for line in text.splitlines() if line.strip())
    with solara.Div(classes=[cls]) as box:
        solara.Markdown(body, style={"font-size": "14px"})
    return box


@solara.component
def Problems(problems: Sequence, prefix: str, words: Optional[Mapping[str, str]] = None):
    """Every problem of a position (``(rule, why)`` pairs, as ``game.validate`` lists them), or that there is none."""
    w = _words(words)
    with solara.Column(gap="2px", classes=[f"{prefix}-problems"]) as col:
        for rule, why in problems:
            solara.Warning(f"{why} (rule {rule})" if rule else why, dense=True, classes=[f"{prefix}-problem"])
        if not problems:
            solara.Text(f"✓ {w['ok']}", classes=[f"{prefix}-ok"], style={"color": "#1b7f3b"})
    return col


# ======================================================================= the position as text


@solara.component
def PositionBox(text: str, parse: Callable[[str], Any], on_state: Callable[[Any], None], prefix: str,
                words: Optional[Mapping[str, str]] = None, rows: int = 5, expand: bool = False):
    """The position ``text`` to copy (share it), and a field to paste one: ``parse(pasted)`` is read inside
    :func:`~balada_widgets.core.files.untrusted` and its position goes to ``on_state``; a refusal shows the
    game's words (every problem of the position)."""
    w = _words(words)
    pasted, set_pasted = solara.use_state("")
    error, set_error = solara.use_state(None)

    def load():
        try:
            with untrusted("a pasted position"):  # nothing pasted names a file
                state = parse(pasted)
        except GameError as e:
            set_error(str(e))
            return
        set_error(None)
        on_state(state)

    with solara.Details(w["position"], expand=expand) as details:
        with solara.Column(gap="6px"):
            solara.v.Textarea(label=w["position_label"], v_model=text, readonly=True, rows=rows, outlined=True,
                              class_=f"{prefix}-position")
            solara.v.Textarea(label=w["paste"], v_model=pasted, on_v_model=set_pasted, rows=3, outlined=True,
                              class_=f"{prefix}-paste")
            solara.Button(w["load"], on_click=load, disabled=not pasted.strip(), classes=[f"{prefix}-load"])
            Reminder(error, on_close=lambda: set_error(None))
    return details


# ======================================================================= play and branch


def moves_markup(game, state, moves: Sequence, viewer: Optional[int] = None) -> str:
    """The moves open now, each in words with its notation beside it (masked for ``viewer`` as the game masks
    it; ``None``: the spectator), as one clickable list (``data-id="move-<k>"``; styles :data:`MOVES_CSS`).

    >>> from balada_widgets.core.demo import RaceGame
    >>> g = RaceGame()
    >>> moves_markup(g, g.initial_state(), g.legal_moves(g.initial_state())[:1])
    '<div class="bw-log"><div class="bw-moves"><span class="bw-move" data-id="move-0">p1 +1</span></div></div>'
    """
    items = []
    for k, m in enumerate(moves):
        words, notation = game.describe_move(state, m, viewer), game.move_text_for(m, viewer)
        note = "" if notation == words else f'<span class="bw-note">{svg.escape(notation)}</span>'
        items.append(f'<span class="bw-move" data-id="move-{k}">{svg.escape(words)}{note}</span>')
    return '<div class="bw-log"><div class="bw-moves">' + "".join(items) + "</div></div>"


def lab_label(game, viewer: Optional[int] = None) -> Callable:
    """A ``label(node)`` for the kit's move log: the move in words, then its notation (``"Player 1 reveals r3 ·
    p1 reveal r3"``), as ``viewer`` may know it."""

    def label(node):
        words = game.describe_move(node.parent.state, node.move, viewer)
        notation = game.move_text_for(node.move, viewer)
        return words if words == notation else f"{words} · {notation}"

    return label


def _header(game, state, w) -> str:
    pending = getattr(game, "pending", None)
    if pending is not None:
        found = pending(state)
        if found is not None and getattr(found, "text", ""):
            return found.text
    if game.is_over(state):
        return w["over"]
    waiting = game.to_move(state)
    return w["decides"].format(n=waiting[0] + 1) if waiting else ""


@solara.component
def PlayTree(game, session, prefix: str, board: Optional[Callable] = None,
             target_of: Optional[Callable[[Any], Optional[str]]] = None, bot: Optional[Callable] = None,
             header: Optional[Callable[[Any], str]] = None, words: Optional[Mapping[str, str]] = None,
             kit_words: Optional[Mapping[str, str]] = None, on_edit: Optional[Callable[[Any], None]] = None,
             edit_label: str = "", can_edit: Optional[Callable[[Any], bool]] = None, log_tail: int = 150):
    """The session from the position: play by clicking the board or a move, undo/redo/restart, the bot's move,
    the move log with its branches, the save file.

    ``board(state, targets, on_click, version)``: the game's board (``targets``: the ids ``target_of(move)``
    gives the open moves, clicked to play the one move there); ``bot(seed)``: the bot whose move the bot
    button plays (seeded by the node, as the game's analysis does), seeing only the mover's view;
    ``header(state)``: the line above (default: the game's ``pending(state).text``, or who decides);
    ``kit_words``: the words of the kit's controls and move log (a lab in another language);
    ``on_edit(state)``: a button ``edit_label`` that takes the position back to the editor (enabled where
    ``can_edit(state)``); ``log_tail``: the moves of the log shown (the last ones).
    """
    w = _words(words)
    version, _ = use_session_version(session)
    error, set_error = solara.use_state(None)
    state = session.state
    moves = game.legal_moves(state) if game.to_move(state) else []
    by_target: dict = {}
    if target_of is not None:
        for m in moves:
            target = target_of(m)
            if target is not None:
                by_target.setdefault(target, []).append(m)

    def play(m):
        set_error(try_move(session, m))

    def click(target: str):
        found = by_target.get(target, [])
        if len(found) == 1:
            play(found[0])
        elif found:
            set_error(w["several"].format(target=target))
        elif w.get("no_move"):
            set_error(w["no_move"].format(target=target, pending=_header(game, state, w)))

    def bot_move():
        waiting = game.to_move(state)
        if waiting and bot is not None:
            p = waiting[0]
            play(bot(session.current.id).choose(game, game.view(state, p), p))

    def pick(id_: str):
        kind, _, k = id_.partition("-")
        if kind == "move" and k.isdigit() and int(k) < len(moves):
            play(moves[int(k)])

    with solara.Column(gap="8px", classes=[f"{prefix}-play"]) as col:
        solara.Text(header(state) if header is not None else _header(game, state, w), style={"font-weight": "600"},
                    classes=[f"{prefix}-pending"])
        if board is not None:
            board(state, tuple(by_target), click, version)
        Reminder(error, on_close=lambda: set_error(None))
        Board(svg=moves_markup(game, state, moves), on_click=pick, class_name=f"{prefix}-moves", css=MOVES_CSS)
        with solara.Row(style=ROW):
            Controls(on_undo=session.undo, on_redo=session.redo, on_restart=session.restart,
                     can_undo=session.can_undo(), can_redo=session.can_redo(), can_restart=session.current.id != 0,
                     words=kit_words)
            if bot is not None:
                solara.Button(w["bot_move"], on_click=bot_move, disabled=not game.to_move(state), outlined=True,
                              classes=[f"{prefix}-bot-move"])
            if on_edit is not None:
                solara.Button(edit_label, on_click=lambda: on_edit(state), outlined=True,
                              disabled=can_edit is not None and not can_edit(state), classes=[f"{prefix}-edit-here"])
        label = lab_label(game)
        MoveLog(log_entries(session, label)[-log_tail:], branch_entries(session, label), session.goto, words=kit_words)
        with solara.Details(w["save"], expand=False):
            solara.v.Textarea(v_model=session.to_json(all_branches=True, indent=1), readonly=True, rows=5,
                              outlined=True, class_=f"{prefix}-save")
    return col
