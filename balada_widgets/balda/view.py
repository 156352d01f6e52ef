"""Balda in Jupyter and Solara: the live game, hot-seat or against bots.

Imported only when a game is shown (``balda.new_game(...)`` or the app), so
``import balada_widgets.balda`` stays free of Solara.

- :class:`BaldaApp`: a plain object (``balda.new_game(...)`` makes one); the
  last expression of a notebook cell, or ``display(app)``, shows the live
  game. ``app.session`` is the :class:`~balada_widgets.core.session.Session`,
  ``app.game`` the :class:`~.rules.BaldaGame`; ``app.play("c4=l ball
  a3-b3-c3-c4")`` plays for the human to move and lets the bots answer.
- :func:`BaldaView`: the game view of one session. The grid is one SVG
  board: the empty cells where a letter may go are highlighted (from the
  legal moves, never from a rule of the view's own). A turn: click a
  highlighted cell, type its letter (keyboard, Russian letters too, or the
  on-screen keys), trace the word by clicking cells in order or dragging
  across them, and press Enter (or *Play*). While tracing, the engine's
  :func:`~.movegen.explain_path` says whether the path is good, the word in the
  dictionary, new (rule D3) and not readable before (rule D4), with the rule
  id. Backspace takes back a step, Escape clears. By keyboard alone: the
  arrows move a cursor (a dark dashed frame) over the cells, Space acts on
  its cell as a click would, letters type, Enter plays; the board announces
  the cursor's cell and its state (its live region, see :mod:`..ui.board`). Beside the grid: the scores,
  the bots' words since your last move and before it, in words (the kit's :mod:`..ui.others`, ``bw-others-did``),
  the words played with their paths (hover or click one to see its path),
  undo/redo, pass, hints, and the new-game form.

Stable hooks for tests: grid cells are ``data-id="cell-c4"`` in the board
with the class ``bw-balda-grid`` (cell classes ``target``, ``chosen``,
``pending``, ``onpath``, ``hinted``, ``last``); the words list is the board
``bw-balda-words`` (``data-id="word-<i>"``), the on-screen keys the board
``bw-balda-keys`` (``data-id="key-a"``, ``"key-Enter"``), hint chips the board
``bw-balda-hints`` (``data-id="hint-<i>"``); the feedback box has the class
``bw-balda-feedback`` plus ``ok``/``bad``/``wait`` and ``bw-rule-<id>``;
buttons carry ``bw-balda-play``, ``bw-balda-clear``, ``bw-balda-pass``,
``bw-undo``, ``bw-redo``, ``bw-new-game``, ``bw-hint-count``,
``bw-hint-longest``, ``bw-hint-through``, ``bw-run-bots``; the form
``bw-balda-form`` with ``bw-balda-start``; the result ``bw-balda-result``.
"""

from __future__ import annotations

import functools
import itertools
import zlib
from typing import Callable, Optional

import solara

from ..core.errors import GameError
from ..core.session import Session
from ..core.spec import seat_names, you_seat
from ..kit import svg
from ..ui.app import app_class
from ..ui.board import Board
from ..ui.controls import Controls
from ..kit.cursor import ARROWS, ORDER_KEYS, next_target, reading_order
from ..kit.grid import PLAYER_COLOURS, parse_cell_id
from ..kit.keys import keyboard_svg, layout_for, letter_from_key, parse_key_id
from ..kit.paths import Trace
from ..ui.others import OthersDid, others_did
from ..ui.play import use_play
from ..ui.reminder import Reminder
from .drawing import LOOK, board_svg  # noqa: F401 (LOOK: kept importable from here)
from .lexicon import normalise_word
from .movegen import Move, Verdict, check_move
from .position import cell_name, parse_cell
from .rules import BaldaGame, Pass, hints, judge_in_words
from .review_view import ReviewButton
from . import SPEC

__all__ = ["BaldaApp", "BaldaView", "LessonGame", "board_svg", "feedback_stages", "words_markup"]

_PANEL = {"gap": "8px", "align-items": "center", "flex-wrap": "wrap"}


# ======================================================================= drawings (pure functions)

#: The checks a traced word passes, in the order the engine makes them: (key, rule, label).
STAGES = (("path", "D2", "path through the new letter"), ("word", "D2", "in the dictionary"),
          ("new", "D3", "not played before"), ("fresh", "D4", "not readable before"))


# which stage each failed check of the engine's Verdict belongs to (placement and path: the first)
_STAGE_OF_CHECK = {"letter": 0, "placement": 0, "path": 0, "length": 1, "dictionary": 1, "used": 2, "readable": 3}


def feedback_stages(verdict: Verdict) -> list[tuple[str, str, str, str]]:
    """``(key, rule, label, status)`` for each of :data:`STAGES`; status ``ok``, ``bad`` or ``todo``.

    Reads the engine's :class:`~.movegen.Verdict`: the checks run in order
    and stop at the first failure, so every stage before the failing one passed.

    >>> from .movegen import Verdict
    >>> [s[3] for s in feedback_stages(Verdict(False, "D3", "used", "'lab' was already played (rule D3)"))]
    ['ok', 'ok', 'bad', 'todo']
    """
    failing = len(STAGES) if verdict.ok else _STAGE_OF_CHECK.get(verdict.check, 0)
    return [(key, r, label, "ok" if i < failing else "bad" if i == failing else "todo")
            for i, (key, r, label) in enumerate(STAGES)]


_SIDE_CSS = """
.bw-bw { font: 14px/1.5 system-ui, -apple-system, 'Segoe UI', sans-serif; color: #2b2f36; }
.bw-bw .list { display: flex; flex-direction: column; gap: 2px; max-height: 320px; overflow-y: auto; }
.bw-bw .w, .bw-bw .pass, .bw-bw .start { display: flex; align-items: baseline; gap: 8px; padding: 2px 8px;
  border-radius: 8px; }
.bw-bw .w:hover { background: #eef4ff; }
.bw-bw .w.shown { background: #dce8fb; }
.bw-bw .dot { width: 10px; height: 10px; border-radius: 50%; display: inline-block; flex: none;
  transform: translateY(1px); }
.bw-bw .word { font-weight: 700; letter-spacing: .06em; }
.bw-bw .pts { color: #1b7f3b; font-weight: 700; }
.bw-bw .where { color: #7a7467; font-size: 12px; margin-left: auto; font-variant-numeric: tabular-nums; }
.bw-bw .pass { color: #666; font-style: italic; }
.bw-bw .start { color: #8a6414; }
.bw-bw .empty { color: #666; padding: 2px 8px; }
.bw-bw .chips { display: flex; flex-wrap: wrap; gap: 4px; }
.bw-bw .chip { border: 1px solid #d5c4e0; border-radius: 12px; padding: 0 8px; background: #fbf7fd; }
.bw-bw .chip:hover { background: #f1e4f8; }
.bw-bw .chip.on { background: #9c36b5; color: white; border-color: #9c36b5; }
.bw-bw .chip small { color: inherit; opacity: .7; }
"""


def words_markup(game: BaldaGame, session: Session, bots: dict, shown: Optional[int], scope: str) -> str:
    """The start word and every move of the current line (words with their paths, passes), as HTML."""
    state = session.state
    n = game.size
    names = seat_names(game, bots)
    rows = []
    if state.position is not None:
        rows.append(f'<div class="start">start word <span class="word">{svg.escape(state.position.start_word.upper())}'
                    f'</span></div>')
    i = 0
    for node in session.current.path():
        if node.by_chance:
            continue
        p = node.parent.state.turn
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        who = svg.escape(names[p])
        if isinstance(node.move, Pass):
            rows.append(f'<div class="pass"><span class="dot" style="background:{colour}"></span>{who} passed</div>')
            continue
        m = node.state.words[-1][1]
        cls = "w shown" if shown == i else "w"
        rows.append(f'<div class="{cls}" data-id="word-{i}" data-hover="{scope}:w{i}" title="{who}: the letter '
                    f'{svg.escape(m.letter.upper())} on {cell_name(m.cell, n)}, reading {svg.escape(m.word.upper())} '
                    f'(click to show the path)"><span class="dot" style="background:{colour}">'
                    f'</span><span class="word">{svg.escape(m.word.upper())}</span><span class="pts">+{m.score}</span>'
                    f'<span class="where">{svg.escape(m.letter.upper())} on {cell_name(m.cell, n)}</span></div>')
        i += 1
    if i == 0:
        rows.append('<div class="empty">No word yet.</div>')
    return f'<style>{_SIDE_CSS}</style><div class="bw-bw"><div class="list">{"".join(rows)}</div></div>'


def hints_markup(moves, n: int, picked: Optional[int], scope: str, limit: int = 40) -> str:
    """Hint moves as chips (``data-id="hint-<i>"``); hovering one shows its path on the grid."""
    chips = []
    for i, m in enumerate(moves[:limit]):
        cls = "chip on" if picked == i else "chip"
        chips.append(f'<span class="{cls}" data-id="hint-{i}" data-hover="{scope}:h{i}" title="the letter '
                     f'{svg.escape(m.letter.upper())} on {cell_name(m.cell, n)}, reading {svg.escape(m.word.upper())}">'
                     f'{svg.escape(m.word.upper())} <small>{svg.escape(m.letter.upper())} on {cell_name(m.cell, n)}'
                     f'</small></span>')
    more = f'<span class="empty">and {len(moves) - limit} more</span>' if len(moves) > limit else ""
    return f'<style>{_SIDE_CSS}</style><div class="bw-bw"><div class="chips">{"".join(chips)}{more}</div></div>'


_TABLE_CSS = """
.bw-balda-scores { border-collapse: collapse; font: 15px/1.4 system-ui, -apple-system, 'Segoe UI', sans-serif;
  width: 100%; }
.bw-balda-scores td { padding: 4px 8px; border-bottom: 1px solid #eee; }
.bw-balda-scores td.n { text-align: right; font-weight: 700; font-variant-numeric: tabular-nums; font-size: 18px; }
.bw-balda-scores td.k { text-align: right; color: #666; font-size: 12px; }
.bw-balda-scores tr.turn td { background: #eef4ff; }
.bw-balda-scores tr.turn td.name { font-weight: 700; }
.bw-balda-scores .dot { width: 12px; height: 12px; border-radius: 50%; display: inline-block; }
.bw-balda-scores .tag { color: #1a5fb8; font-size: 12px; font-weight: 600; }
.bw-balda-scores .crown { color: #c99a0b; font-weight: 700; }
"""


def scores_markup(game: BaldaGame, state, bots: dict) -> str:
    """The score table: one row per seat, the player to move marked, the winners crowned at the end."""
    names = seat_names(game, bots)
    winners = set(game.winners(state)) if state.over else set()
    counts = [0] * game.num_players
    for p, _m in state.words:
        counts[p] += 1
    rows = []
    for p in range(game.num_players):
        turn = not state.over and state.position is not None and p == state.turn
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        tag = '<span class="tag">to move</span>' if turn else ""
        if p in winners:
            tag = '<span class="crown">★ draw</span>' if len(winners) > 1 else '<span class="crown">★ winner</span>'
        words = f"{counts[p]} word{'s' if counts[p] != 1 else ''}"
        rows.append(f'<tr class="{"turn" if turn else ""}" data-player="{p}"><td><span class="dot" '
                    f'style="background:{colour}"></span></td><td class="name">{svg.escape(names[p])}'
                    f'</td><td>{tag}</td><td class="k">{words}</td><td class="n">{state.scores[p]}</td></tr>')
    return f"<style>{_TABLE_CSS}</style><table class='bw-balda-scores'>{''.join(rows)}</table>"


_FEEDBACK_CSS = """
.bw-balda-fb { font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', sans-serif; border-radius: 10px;
  padding: 8px 12px; border: 1px solid #dde3ea; background: #f8fafc; color: #2b2f36; min-height: 64px; }
.bw-balda-fb.ok { border-color: #8fd19e; background: #effaf1; }
.bw-balda-fb.bad { border-color: #f3c48b; background: #fff8ee; }
.bw-balda-fb .tiles { display: flex; gap: 3px; margin-bottom: 4px; flex-wrap: wrap; }
.bw-balda-fb .tile { min-width: 24px; height: 28px; padding: 0 3px; border-radius: 5px; background: #fbe3b0;
  border: 1px solid #d9b566; font-weight: 700; font-size: 17px; display: inline-flex; align-items: center;
  justify-content: center; }
.bw-balda-fb .tile.new { background: #e2eeff; border-color: #1e6fd9; color: #1e6fd9; }
.bw-balda-fb .tile.none { background: #fff; border-style: dashed; color: #aaa; }
.bw-balda-fb .msg { margin: 2px 0; }
.bw-balda-fb .checks { display: flex; gap: 6px; flex-wrap: wrap; margin-top: 4px; }
.bw-balda-fb .chk { font-size: 12px; padding: 0 8px; border-radius: 10px; background: #eceff3; color: #666; }
.bw-balda-fb .chk.ok { background: #d3f0da; color: #1b6b32; }
.bw-balda-fb .chk.bad { background: #ffe0c2; color: #9a3d00; font-weight: 700; }
.bw-balda-fb .rule { display: inline-block; padding: 0 6px; border-radius: 8px; background: #e9ecf3; color: #335;
  font-size: 12px; margin-left: 4px; }
.bw-balda-fb .kbd { font: 12px ui-monospace, monospace; border: 1px solid #ccd; border-bottom-width: 2px;
  border-radius: 4px; padding: 0 4px; background: white; }
"""


def feedback_markup(game: BaldaGame, state, trace: Trace, targets: int, human_turn: bool, who: str) -> tuple[str, str]:
    """The live feedback under the grid, as HTML; and its status (``ok``, ``bad`` or ``wait``)."""
    pos = state.position
    n = game.size
    kbd = lambda k: f'<span class="kbd">{k}</span>'  # noqa: E731
    tiles, checks, status, rule = "", "", "wait", None
    if state.over:
        return "", "wait"
    if not human_turn:
        msg = f"{svg.escape(who)} is to move."
    elif trace.cell is None:
        msg = (f"<b>{svg.escape(who)}</b>: click a highlighted cell ({targets} can take a letter) to write a new letter "
               f"there." if targets else f"<b>{svg.escape(who)}</b>: no word can be made now; pass (rule D6).")
    elif not trace.letter:
        msg = (f"Type the letter for <b>{cell_name(trace.cell, n)}</b> (keyboard, or the keys below)."
               if not trace.path else f"Type the letter for <b>{cell_name(trace.cell, n)}</b> first.")
    elif not trace.path:
        msg = (f"Now trace the word: click its cells in order, or drag across them. It must pass through "
               f"<b>{cell_name(trace.cell, n)}</b>.")
    else:
        verdict = judge_in_words(pos, game.lexicon, trace.cell, trace.letter, trace.path)
        ok, rule, message = verdict.ok, verdict.rule, verdict.message
        status = "ok" if ok else "bad"
        msg = svg.escape(message)
        if ok:
            msg = f"✓ {msg} — press {kbd('Enter')} or <b>Play</b>."
        checks = "".join(f'<span class="chk {st}">{"✓" if st == "ok" else "✗" if st == "bad" else "·"} {label} '
                         f'({r})</span>' for _k, r, label, st in feedback_stages(verdict))
        checks = f'<div class="checks">{checks}</div>'
    if trace.path:
        out = []
        for cell in trace.path:
            if cell == trace.cell:
                out.append(f'<span class="tile new">{svg.escape((trace.letter or "?").upper())}</span>')
            else:
                ch = pos.cell(cell)
                out.append(f'<span class="tile{"" if ch else " none"}">{svg.escape((ch or "?").upper())}</span>')
        tiles = f'<div class="tiles">{"".join(out)}</div>'
    if human_turn and not trace.empty:
        msg += f' <span style="color:#666">{kbd("Backspace")} takes a step back, {kbd("Esc")} clears.</span>'
    cls = f"bw-balda-fb {status}" + (f" bw-rule-{rule}" if rule else "")
    return f'<style>{_FEEDBACK_CSS}</style><div class="{cls}">{tiles}<div class="msg">{msg}</div>{checks}</div>', status


_RESULT_CSS = """
.bw-balda-res { font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', sans-serif; color: #2b2f36; border-radius: 10px;
  padding: 8px 14px; border: 1px solid #cfd6df; background: #f5f7fa; }
.bw-balda-res.won { border-color: #8fd19e; background: #effaf1; }
.bw-balda-res .head { font-weight: 700; }
"""


def result_kind(game: BaldaGame, state, bots: dict) -> str:
    """``won`` when a human seat is among the winners, ``draw`` when everybody ties, else ``lost`` (a bot won)."""
    winners = game.winners(state)
    if len(winners) == game.num_players and len(winners) > 1:
        return "draw"
    return "won" if any(p not in bots for p in winners) else "lost"


def result_markup(game: BaldaGame, state, bots: dict) -> str:
    """The end of the game as HTML: who won (a bot's win in a plain box, no success mark), why it ended, the scores."""
    kind = result_kind(game, state, bots)
    winners = game.winners(state)
    seats = seat_names(game, bots)
    names = [seats[p] for p in winners]
    if kind == "draw":
        head = "A draw."
    elif kind == "won" and winners == [you_seat(game.num_players, bots)]:
        head = "You won!"
    elif len(names) == 1:
        head = f"{names[0]} won."
    else:
        head = " and ".join(names) + " share the win."
    result = game.result_text(state)
    scores = ", ".join(f"{seats[p]} {s}" for p, s in enumerate(state.scores))
    return (f'<style>{_RESULT_CSS}</style><div class="bw-balda-res {kind}"><span class="head">{svg.escape(head)}</span> '
            f'Game over: {svg.escape(end_reason(game, state))}. {svg.escape(result[0].upper() + result[1:])}. '
            f'Scores: {svg.escape(scores)}.</div>')


def end_reason(game: BaldaGame, state) -> str:
    """Why the game ended (rule D6)."""
    if state.position is not None and state.position.is_full():
        return "the grid is full (rule D6)"
    if state.passes >= game.num_players:
        return "every player passed in turn (rule D6)"
    return "no legal word is left (rule D6)"


# ======================================================================= components

_scopes = itertools.count(1)


@functools.lru_cache(maxsize=8)
def _cells(n: int) -> dict:
    """Every cell of an n x n grid at its place (column, row), for the keyboard cursor."""
    return {(r, c): (c, r) for r in range(n) for c in range(n)}


@solara.component
def BaldaView(session: Session, bots: dict = {}, on_new_game: Optional[Callable[[], None]] = None):  # noqa: B006
    """The live game of ``session``; ``bots`` maps seats to bots (see the module docstring)."""
    import reacton.core

    rc = reacton.core.get_render_context()  # a context manager: several state changes, one render
    game: BaldaGame = session.game
    state = session.state
    pos = state.position
    n = game.size
    node_id = session.current.id
    you = you_seat(game.num_players, bots)
    scope = solara.use_memo(lambda: f"balda{next(_scopes)}", [])

    traced, set_traced = solara.use_state((None, Trace()))  # (node id, trace): a new position forgets the trace
    play = use_play(session, bots)
    set_message = play.say
    shown, set_shown = solara.use_state((None, None))  # (node id, word index)
    hint, set_hint = solara.use_state((None, None, None))  # (node id, kind, cell)
    picked, set_picked = solara.use_state((None, None))  # (node id, hint index)
    focus, set_focus = solara.use_state(None)  # the last clicked cell: "words through" it
    held_cursor, set_cursor = solara.use_state(None)  # the keyboard cursor: a cell (arrows move it, Space clicks it)
    cursor = held_cursor if held_cursor in _cells(n) else None

    trace = traced[1] if traced[0] == node_id else Trace()
    shown_word = shown[1] if shown[0] == node_id else None
    hint_kind, hint_cell = (hint[1], hint[2]) if hint[0] == node_id else (None, None)
    hint_pick = picked[1] if picked[0] == node_id else None

    human_turn = play.human_to_move
    moves = solara.use_memo(lambda: game.word_moves(state) if human_turn else [], [session, node_id, human_turn])
    targets = {m.cell for m in moves}
    who = seat_names(game, bots)[state.turn] if pos is not None else ""

    def set_trace(t: Trace):
        set_traced((session.current.id, t))

    # ---------------------------------------------------------------- actions
    def play_word():
        if not human_turn or trace.empty:
            return
        if not trace.complete:
            set_message("illegal move: choose a cell, type its letter and trace the word first (rule D2)")
            return
        try:
            move = check_move(pos, game.lexicon, trace.cell, trace.letter, trace.path)
        except GameError:
            set_message(judge_in_words(pos, game.lexicon, trace.cell, trace.letter, trace.path).message)
            return
        play.act(move)

    def pass_turn():
        play.act(Pass(state.turn))

    def clear():
        with rc:
            set_trace(Trace())
            set_message(None)

    # ---------------------------------------------------------------- board events
    def on_cell(cell) -> None:
        set_focus(cell)
        if not human_turn:
            return
        with rc:
            set_message(None)
            if pos.cell(cell) is not None:  # a letter: a step of the path
                if trace.cell is None:
                    set_message("first click a highlighted empty cell for the new letter, then trace the word "
                                "through it (rule D2)")
                else:
                    set_trace(trace.step(cell))
            elif cell == trace.cell or trace.path:  # on the path (an empty cell there: the engine says why not)
                set_trace(trace.step(cell))
            elif cell in targets:
                set_trace(trace.choose(cell))
            else:
                set_message(f"no legal word goes through a letter at {cell_name(cell, n)} now: choose a highlighted "
                            f"cell (rule D2)")

    def on_click(id_: str) -> None:
        name = parse_cell_id(id_)
        if name is not None:
            on_cell(parse_cell(name, n))

    def on_drag(ids: list) -> None:
        cells = [parse_cell(name, n) for name in map(parse_cell_id, ids) if name is not None]
        if not cells or not human_turn:
            return
        with rc:
            set_message(None)
            if trace.cell is None:
                empty = [c for c in cells if c in targets]
                if len(empty) != 1:
                    set_message("drag across the word through one highlighted cell, or click that cell first "
                                "(rule D2)")
                    return
                set_trace(Trace(empty[0]).drag(cells))
            else:
                set_trace(trace.drag(cells))

    def on_key(key: str) -> None:
        if key in ARROWS or key in ORDER_KEYS:
            if cursor is None:  # the first key goes to the first highlighted cell (or the corner)
                order = reading_order({cell: (cell[1], cell[0]) for cell in targets})
                set_cursor(order[0] if order else (0, 0))
            else:
                set_cursor(next_target(_cells(n), cursor, key))
        elif key == " ":
            if cursor is not None:
                on_cell(cursor)
        elif key == "Enter":
            play_word()
        elif key in ("Backspace", "Delete"):
            set_trace(trace.back())
            set_message(None)
        elif key == "Escape":
            clear()
        elif len(key) == 1 and human_turn:
            letter = letter_from_key(key, game.lexicon.alphabet, normalise_word)
            if letter is None:
                if key.isalnum():
                    set_message(f"invalid input {key!r}: not a letter of the {game.lexicon.name} alphabet (rule D7)")
                return
            with rc:
                if trace.cell is None:
                    set_message("click a highlighted cell first, then type its letter")
                else:
                    set_trace(trace.with_letter(letter))
                    set_message(None)

    def on_key_click(id_: str) -> None:
        key = parse_key_id(id_)
        if key is not None:
            on_key(key)

    def on_word(id_: str) -> None:
        if id_.startswith("word-"):
            i = int(id_[5:])
            set_shown((node_id, None if shown_word == i else i))

    def on_hint_chip(id_: str) -> None:
        if id_.startswith("hint-"):
            i = int(id_[5:])
            set_picked((node_id, None if hint_pick == i else i))

    def ask_hint(kind: str, cell=None) -> None:
        with rc:
            set_hint((node_id, kind, cell))
            set_picked((node_id, None))

    # ---------------------------------------------------------------- hints
    hint_title, hint_moves = "", []
    if hint_kind is not None and human_turn:
        h = hints(game, state, hint_cell)
        if hint_kind == "count":
            hint_title = (f"{h.count} legal word{'s' if h.count != 1 else ''} now, with a letter in one of "
                          f"{len(targets)} cells.")
        elif hint_kind == "longest":
            best = h.longest[0].score if h.longest else 0
            hint_title = (f"The longest words now have {best} letters (rule D5: {best} points):" if h.longest
                          else "No word can be played now.")
            hint_moves = h.longest
        elif hint_kind == "through":
            hint_moves = sorted(h.through.values(), key=lambda m: (-m.score, m.word))
            hint_title = (f"{len(hint_moves)} word{'s' if len(hint_moves) != 1 else ''} go through "
                          f"{cell_name(hint_cell, n)}" + (":" if hint_moves else "."))
    hinted_move = hint_moves[hint_pick] if hint_pick is not None and hint_pick < len(hint_moves) else None
    through_cell = trace.cell if trace.cell is not None else focus

    # ---------------------------------------------------------------- drawing
    footer = ("⌨ arrows + Space pick a cell · type a letter · Enter plays", "click or Tab to the board, then type") \
        if human_turn else None
    svg_text = board_svg(game, state, trace, targets, shown=shown_word, hint=hinted_move, hint_paths=hint_moves[:40],
                         scope=scope, show_targets=not trace.letter, footer=footer, version=node_id, cursor=cursor)
    feedback, status = feedback_markup(game, state, trace, len(targets), human_turn, who)
    can_play = status == "ok"
    width = 470 if n <= 5 else 600

    with solara.Column(classes=["bw-balda"], gap="10px", style={"max-width": "1400px"}) as main:
        with solara.Row(style=_PANEL, classes=["bw-balda-status"]):
            lex = game.lexicon
            solara.Text(f"Balda · {n}×{n} · {lex.name} dictionary ({len(lex):,} words)",
                        style={"font-weight": "700", "font-size": "1.1em"})
            if state.over:
                solara.Text("Game over", style={"font-weight": "700", "color": "#2b2f36"})
            elif pos is not None:
                colour = PLAYER_COLOURS[state.turn % len(PLAYER_COLOURS)]
                solara.Text(f"{who} to move" if state.turn != you else "your turn",
                            classes=["bw-balda-turn"], style={"color": "white", "background": colour,
                                                              "border-radius": "12px", "padding": "1px 10px",
                                                              "font-weight": "600"})
        if state.over:
            with solara.Div(classes=["bw-balda-result", result_kind(game, state, bots)]):
                solara.HTML(tag="div", unsafe_innerHTML=result_markup(game, state, bots))
            ReviewButton(session, bots).key("review")
        elif play.bots_to_move:
            with solara.Row(style=_PANEL):
                solara.Text("The bots are to move.")
                solara.Button("Let the bots play", on_click=play.let_bots_play, classes=["bw-run-bots"])
        with solara.Row(style={"gap": "18px", "align-items": "flex-start", "flex-wrap": "wrap"}):
            with solara.Column(gap="8px", style={"flex": f"1 1 {width - 100}px", "max-width": f"{width}px"}):
                Board(svg=svg_text, on_click=on_click, on_drag=on_drag, on_key=on_key,
                      class_name="bw-balda-grid", label="Balda grid: click a cell or move to it with the arrows and press Space, "
                      "type a letter, trace the word, Enter plays",
                      version=zlib.crc32(svg_text.encode()) & 0x7FFFFFFF)
                solara.HTML(tag="div", unsafe_innerHTML=feedback, classes=["bw-balda-feedback", status])
                Reminder(play.message, on_close=play.clear_message)
                with solara.Row(style=_PANEL):
                    solara.Button("Play", icon_name="mdi-check", on_click=play_word, disabled=not can_play, color="primary" if can_play else None,
                                  classes=["bw-balda-play"])
                    solara.Button("Clear", icon_name="mdi-backspace-outline", on_click=clear,
                                  disabled=trace.empty, outlined=True, classes=["bw-balda-clear"])
                    solara.Button("Pass", icon_name="mdi-skip-next", on_click=pass_turn, disabled=not human_turn,
                                  outlined=True, classes=["bw-balda-pass"])
                    Controls(on_undo=play.undo, on_redo=play.redo, on_new_game=on_new_game,
                             can_undo=play.can_undo, can_redo=play.can_redo, dense=False)
                if human_turn:
                    keys = keyboard_svg(layout_for(game.lexicon.alphabet), active=trace.letter or None,
                                        enabled=trace.cell is not None, label="letters")
                    Board(svg=keys, on_click=on_key_click, on_key=on_key, class_name="bw-balda-keys",
                          label="on-screen letters")
            # the scores, words and hints take the rest of a wide window (they stopped at 440 px: 900 of 1,400 px used)
            with solara.Column(gap="10px", style={"flex": "1 1 280px", "min-width": "260px", "max-width": "860px"}):
                solara.HTML(tag="div", unsafe_innerHTML=scores_markup(game, state, bots),
                            classes=["bw-balda-score-table"])
                if not state.over:  # the bots' words between two of your moves, said in words
                    OthersDid(others_did(session, you, label=lambda node: None if node.by_chance else
                                         game.describe_move(node.parent.state, node.move, you), most=6))
                solara.Text("Words played (hover or click one to see its path)",
                            style={"font-weight": "600", "color": "#555"})
                Board(svg=words_markup(game, session, bots, shown_word, scope), on_click=on_word,
                      class_name="bw-balda-words", label="words played")
                if human_turn:
                    with solara.Card("Hints", margin=0, classes=["bw-balda-hints-card"]):
                        with solara.Row(style=_PANEL):
                            solara.Button("How many words?", on_click=lambda: ask_hint("count"), text=True,
                                          classes=["bw-hint-count"])
                            solara.Button("Longest word", on_click=lambda: ask_hint("longest"), text=True,
                                          classes=["bw-hint-longest"])
                            solara.Button("Words through " + (cell_name(through_cell, n) if through_cell else "a cell"),
                                          on_click=lambda: ask_hint("through", through_cell), text=True,
                                          disabled=through_cell is None, classes=["bw-hint-through"])
                        if hint_title:
                            solara.Text(hint_title, classes=["bw-hint-text"])
                        if hint_moves:
                            Board(svg=hints_markup(hint_moves, n, hint_pick, scope), on_click=on_hint_chip,
                                  class_name="bw-balda-hints", label="hint words")
                with solara.Details("How to play"):
                    solara.Markdown(rules_in_brief(game.language))
    return main


RULES_IN_BRIEF = """
- **A turn**: write one letter in an empty cell next to a letter (the green cells), then read a word
  through it along neighbouring cells — up, down, left or right, turning as you like, each cell once (D2).
- **Which words**: nouns of the dictionary, not played before in this game, the start word included (D3),
  and not readable on the grid before your letter (D4). Capital or small letters make no difference (D7).
- **Points**: one per letter (D5). You may always pass; the game ends when the grid is full, when nobody
  can move, or when everybody passed in turn (D6). Highest score wins; equal scores draw (D8).
"""


def rules_in_brief(language: str = "en") -> str:
    """The "How to play" text; only a Russian game mentions ё (read as е, rule D7).

    >>> "ё" in rules_in_brief("en"), "ё" in rules_in_brief("ru")
    (False, True)
    """
    if language == "ru":
        return RULES_IN_BRIEF.replace("make no difference (D7).", "make no difference, and `ё` counts as `е` (D7).")
    return RULES_IN_BRIEF


# ======================================================================= the app object

#: ``balda.new_game(...)`` returns one: the kit's generic app (:class:`~balada_widgets.ui.app.GameApp`) for
#: Balda's spec, which shows :func:`BaldaView`
BaldaApp = app_class(SPEC)


@solara.component
def LessonGame(app: BaldaApp, on_answer: Callable):
    """The live game as a tutorial exercise: the learner plays on ``app``; the app is the answer, checked on *Check*."""
    solara.use_effect(lambda: on_answer(app), [])
    return app.element()
