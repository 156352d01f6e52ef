"""Balda's lab page: make a position by clicks, play both sides and branch it, ask for analysis.

Imported only when the lab is shown (the app's ``balda-lab`` page, or
``BaldaLab()`` as the last line of a notebook cell). Built on the kit's lab
piece (:mod:`balada_widgets.ui.lab`: the edits with undo and redo, the
problems, the position to share or paste, words beside notation); what is
Balda's own is the editor's grid and the analysis.

- **Set up** (:func:`PositionEditor`): click a cell and type its letter (the
  keyboard, or the keys on screen; the arrows move, Backspace or *Clear the
  cell* empties it), write the words already played, each player's score,
  whose turn it is and the passes in a row. The position is a
  :class:`~.draft.Draft`: it may break rules while it is made, and every
  problem the engine names is listed under the grid with its rule (a letter
  cut off from the start word, D2; a word played that is not in the
  dictionary, D3...). The position as text to copy, or a text to paste (read
  inside ``untrusted``); undo and redo of every edit; *Play from here* once
  nothing is wrong.
- **Play and branch**: both seats are played here (no bot), with undo/redo;
  the move tree lists every line tried, each move in words and notation
  (:func:`~balada_widgets.ui.lab.lab_label`), and a click on a move goes back
  there to try another; *Edit this position* takes the position on the board
  back to the editor.
- **Analysis** of the position on the board: where the new letter opens the
  most words (:func:`~.analysis.cell_heat`), and the best play searched a few
  moves ahead (:func:`~.analysis.game_tree`, minimax on the score
  difference), computed in a thread, each move in words beside its notation.

Stable classes: ``balda-lab``, the tabs ``bw-balda-lab-tab-setup`` and
``bw-balda-lab-tab-play``; the editor's grid ``bw-balda-lab-grid`` (cells
``data-id="cell-c4"``) and keys ``bw-balda-lab-keys``, ``bw-balda-lab-clear``,
``bw-balda-lab-used``, ``bw-balda-lab-turn``, ``bw-balda-lab-score-<n>``,
``bw-balda-lab-passes``, ``bw-balda-lab-problem`` / ``bw-balda-lab-ok``,
``bw-balda-lab-play-here``, ``bw-balda-lab-edit-here``; the lab piece's
``bw-balda-lab-position``, ``bw-balda-lab-paste``, ``bw-balda-lab-load``; the
analysis ``bw-balda-lab-heat``, ``bw-balda-lab-depth``,
``bw-balda-lab-search``, ``bw-balda-lab-line``; the move tree is the kit's
``bw-move-log`` board.
"""

from __future__ import annotations

from typing import Callable, Optional

import solara

from ..core.errors import GameError
from ..kit.grid import parse_cell_id
from ..kit.keys import keyboard_svg, layout_for, letter_from_key, parse_key_id
from ..ui.board import Board
from ..ui.controls import Controls
from ..ui.lab import ROW, Edits, PositionBox, Problems, lab_label, use_edit, use_edits
from ..ui.move_log import MoveLog, branch_entries, log_entries
from ..ui.reminder import Reminder
from ..ui.root import use_app_game
from ..ui.session import use_session_version
from .analysis import cell_heat, game_tree
from .draft import Draft, draft_svg
from .lexicon import normalise_word
from .position import cell_name, parse_cell
from .view import BaldaApp

__all__ = ["BaldaLab", "DEFAULT_POSITION", "PositionEditor", "best_line", "heat_text"]

#: the lab's first position: the middle of a game (the share panel writes this form)
DEFAULT_POSITION = "5/S4/TABLE/H4/5 used=table,bath,stab turn=1 scores=4,4 passes=0"
PREFIX = "bw-balda-lab"
#: the arrow keys of the editor's grid: (rows, columns) to move
ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
EDITOR_WORDS = {"ok": "The position breaks no rule: play from here.", "position": "Position text: share it, or paste one"}


def heat_text(game, state, top: int = 8) -> str:
    """The empty cells that open the most words, best first: ``c4: 12 words · b2: 9 words``."""
    if state.position is None or state.over:
        return ""
    heat = cell_heat(state.position, game.lexicon)
    ranked = sorted(((n, cell) for cell, n in heat.items() if n), key=lambda t: (-t[0], t[1]))[:top]
    size = state.position.size
    return " · ".join(f"{cell_name(cell, size)}: {n} word{'s' if n != 1 else ''}" for n, cell in ranked)


def best_line(game, state, depth: int) -> tuple[int, list[tuple[str, str]]]:
    """The value of best play ``depth`` moves ahead (the mover's score minus the best other) and its moves,
    each ``(words, notation)``.

    :raises InvalidInput: the search would be too large (its message says to lower the depth).
    """
    tree = game_tree(game, state, depth=depth)
    node = tree.graph["root"]
    line = []
    while tree.nodes[node]["best"] is not None:
        text = tree.nodes[node]["best"]
        node_state = tree.nodes[node]["state"]
        nxt, move = next((v, d["move"]) for _, v, d in tree.out_edges(node, data=True) if d["text"] == text)
        line.append((game.describe_move(node_state, move), text))
        node = nxt
    return tree.nodes[tree.graph["root"]]["value"], line


# ======================================================================= set up


@solara.component
def PositionEditor(game, edits: Edits, on_play: Callable[[Draft], Optional[str]]):
    """The position as a :class:`~.draft.Draft`, edited by clicks (see the module docstring); ``on_play(draft)``
    starts the game from it (returns why not, or ``None``)."""
    draft: Draft = edits.state
    n = draft.size
    selected, set_selected = solara.use_state(None)
    message, set_message = solara.use_state("")
    set_used, used_error, set_used_error = use_edit(
        lambda text: draft.with_used(text.replace(" ", ",").split(",")), edits.push)
    problems = solara.use_memo(lambda: draft.problems(game), [draft, game])
    if selected is not None and not (0 <= selected[0] < n and 0 <= selected[1] < n):
        selected = None

    def choose(cell):
        set_selected(cell)
        set_message("")

    def write(letter: str):
        edits.push(draft.with_letter(selected, letter))
        r, c = selected
        if c + 1 < n:  # on to the next cell, as a word is typed
            set_selected((r, c + 1))
        set_message("")

    def on_key(key: str):
        if key == "Escape":
            return choose(None)
        if selected is None:
            if len(key) == 1:
                set_message("Click a cell first, then type its letter.")
            return
        r, c = selected
        if key in ARROWS:
            dr, dc = ARROWS[key]
            return choose((min(max(r + dr, 0), n - 1), min(max(c + dc, 0), n - 1)))
        if key == "Delete":
            return edits.push(draft.cleared(selected))
        if key == "Backspace":
            cell = selected
            if draft.cell(cell) is None and c > 0:  # an empty cell: clear the one before, as text is erased
                cell = (r, c - 1)
                set_selected(cell)
            return edits.push(draft.cleared(cell))
        if len(key) == 1:
            letter = letter_from_key(key, game.lexicon.alphabet, normalise_word)
            if letter is not None:
                return write(letter)
            if key.isalnum():
                set_message(f"{key!r} is not a letter of the {game.lexicon.name} alphabet (rule D7).")

    def on_click(id_: str):
        name = parse_cell_id(id_)
        if name is not None:
            choose(parse_cell(name, n))

    def on_key_click(id_: str):
        key = parse_key_id(id_)
        if key is not None:
            on_key(key)

    def play():
        set_message(on_play(draft) or "")

    players = [f"Player {p + 1}" for p in range(len(draft.scores))]
    with solara.Column(gap="8px", classes=[f"{PREFIX}-editor"]) as col:
        solara.Text("Click a cell and type its letter (the arrows move, Backspace empties a cell); then the words "
                    "played, the scores and whose turn. Every problem of the position is listed below.",
                    style={"color": "#555"})
        with solara.Row(style={**ROW, "align-items": "flex-start"}):
            Board(svg=draft_svg(draft, selected), on_click=on_click, on_key=on_key, class_name=f"{PREFIX}-grid",
                  label="Balda position editor: click a cell, type its letter")
            with solara.Column(gap="6px", style={"max-width": "440px"}):
                Board(svg=keyboard_svg(layout_for(game.lexicon.alphabet), enabled=selected is not None,
                                       extra=(("Backspace", "⌫"),), label="letters"),
                      on_click=on_key_click, class_name=f"{PREFIX}-keys", label="on-screen letters")
                with solara.Row(style=ROW):
                    solara.Button("Clear the cell", icon_name="mdi-eraser", outlined=True,
                                  disabled=selected is None or draft.cell(selected) is None,
                                  on_click=lambda: edits.push(draft.cleared(selected)), classes=[f"{PREFIX}-clear"])
                    Controls(on_undo=edits.undo, on_redo=edits.redo, can_undo=edits.can_undo,
                             can_redo=edits.can_redo)
                solara.Text(f"{cell_name(selected, n)}: " + (f"{draft.cell(selected).upper()}" if draft.cell(selected)
                                                             else "empty") if selected is not None
                            else "No cell chosen", style={"font-weight": "600"}, classes=[f"{PREFIX}-chosen"])
        Reminder(message, on_close=lambda: set_message(""), kind="warning")
        with solara.Row(style=ROW):
            solara.InputText("Words played (after the start word)", value=", ".join(draft.used), on_value=set_used,
                             classes=[f"{PREFIX}-used"], style={"min-width": "340px"})
            solara.Select("Whose turn", values=players, value=players[draft.turn] if 0 <= draft.turn < len(players)
                          else None, on_value=lambda v: edits.push(draft.with_turn(players.index(v))),
                          classes=[f"{PREFIX}-turn"], style={"max-width": "140px"})
            for p in range(len(draft.scores)):
                solara.InputInt(f"Player {p + 1}'s score", value=draft.scores[p], classes=[f"{PREFIX}-score-{p + 1}"],
                                on_value=lambda v, p=p: edits.push(draft.with_scores(
                                    draft.scores[:p] + (v,) + draft.scores[p + 1:])), style={"max-width": "150px"})
            solara.InputInt("Passes in a row", value=draft.passes, on_value=lambda v: edits.push(draft.with_passes(v)),
                            classes=[f"{PREFIX}-passes"], style={"max-width": "140px"})
        Reminder(used_error, on_close=lambda: set_used_error(None))
        Problems(problems, prefix=PREFIX, words=EDITOR_WORDS)
        solara.Button("Play from here", icon_name="mdi-play", color="primary", disabled=bool(problems),
                      on_click=play, classes=[f"{PREFIX}-play-here"])
        PositionBox(draft.text(), lambda text: Draft.from_text(text, game), edits.push, prefix=PREFIX,
                    words=EDITOR_WORDS, rows=2, expand=True)
    return col


# ======================================================================= analysis


@solara.component
def Search(game, state, node_id: int):
    """The best play a few moves ahead, searched in a thread on request; each move in words and notation."""
    depth, set_depth = solara.use_state(1)
    run, set_run = solara.use_state(0)
    key = (node_id, depth, run)

    def compute():
        if run == 0:
            return None
        try:
            return key, best_line(game, state, depth), None
        except GameError as e:
            return key, None, str(e)

    # no intrusive cancel: its sys.settrace would slow the search down many times
    result = solara.use_thread(compute, dependencies=[key], intrusive_cancel=False)
    with solara.Column(gap="4px", classes=[f"{PREFIX}-search-panel"]) as col:
        with solara.Row(style=ROW):
            solara.Select("Moves ahead", values=[1, 2, 3], value=depth, on_value=set_depth,
                          classes=[f"{PREFIX}-depth"], style={"max-width": "130px"})
            solara.Button("Search the best play", icon_name="mdi-magnify", on_click=lambda: set_run(run + 1),
                          outlined=True, classes=[f"{PREFIX}-search"])
        value = result.value
        if run and (result.state != solara.ResultState.FINISHED or value is None or value[0] != key):
            solara.ProgressLinear(True)
        elif value is not None and value[0] == key:
            _key, found, error = value
            Reminder(error)
            if found is not None:
                score, line = found
                who = f"Player {state.turn + 1}"
                lead = "ahead by" if score > 0 else "behind by" if score < 0 else "level"
                moves = "; ".join(f"{words} ({notation})" for words, notation in line) or "the game is over"
                solara.Text(f"With best play {who} ends {lead}{'' if score == 0 else f' {abs(score)}'} "
                            f"after {len(line)} move{'s' if len(line) != 1 else ''}: {moves}",
                            classes=[f"{PREFIX}-line"])
    return col


@solara.component
def PlayPanel(app: BaldaApp, on_edit: Callable[[Draft], None]):
    """Both sides played on the live board, the analysis, the move tree (words and notation)."""
    session, _bots = use_app_game(app)
    use_session_version(session)
    game, state = session.game, session.state
    label = lab_label(game)
    with solara.Column(gap="10px", classes=[f"{PREFIX}-play"]) as col:
        with solara.Row(style=ROW):
            solara.Text("Play both sides, undo and try other lines; the analysis below follows the board.",
                        style={"color": "#555"})
            solara.Button("Edit this position", icon_name="mdi-pencil", outlined=True,
                          on_click=lambda: on_edit(Draft.of(game, session.state)), classes=[f"{PREFIX}-edit-here"],
                          disabled=state.position is None)
        app.element()
        with solara.Card("Analysis", margin=0, classes=[f"{PREFIX}-analysis"]):
            heat = heat_text(game, state)
            solara.Text(f"Where the new letter opens the most words: {heat}" if heat else
                        "No empty cell opens a word here.", classes=[f"{PREFIX}-heat"])
            if state.position is not None and not state.over:
                Search(game, state, session.current.id).key(f"search-{id(session)}")
        solara.Text("Move tree (click a move to go back there)", style={"font-weight": "600"})
        MoveLog(log_entries(session, label, include_future=True), branch_entries(session, label),
                lambda node_id: session.goto(node_id)).key("tree")
    return col


# ======================================================================= the page


@solara.component
def BaldaLab(position: Optional[str] = None, app: Optional[BaldaApp] = None, language: str = "en"):
    """The lab (see the module docstring): ``position`` a position or state text to start from (default:
    :data:`DEFAULT_POSITION` in English, a new game's start in another ``language``); ``app``: the
    :class:`~.view.BaldaApp` to play on (default: a new one, both seats played here)."""
    app = solara.use_memo(lambda: app or _lab_app(position, language), [])
    edits = use_edits(solara.use_memo(lambda: Draft.of(app.game, app.session.state), []))
    tab, set_tab = solara.use_state(0)

    def play_from(draft: Draft) -> Optional[str]:
        try:
            app.load(draft.text())
        except GameError as e:
            return str(e)
        set_tab(1)
        return None

    def edit(draft: Draft):
        edits.push(draft)
        set_tab(0)

    with solara.Column(classes=["balda-lab"], gap="10px", style={"max-width": "1060px"}) as col:
        with solara.lab.Tabs(value=tab, on_value=set_tab):
            solara.lab.Tab("Set up", classes=[f"{PREFIX}-tab-setup"])
            solara.lab.Tab("Play and branch", classes=[f"{PREFIX}-tab-play"])
        if tab == 0:
            PositionEditor(app.game, edits, play_from)
        else:
            PlayPanel(app, edit)
    return col


def _lab_app(position: Optional[str], language: str = "en") -> BaldaApp:
    app = BaldaApp(players=2, bots=0, seed=0, language=language)
    text = position if position is not None else DEFAULT_POSITION if language == "en" else None
    if text is not None:
        app.load(text)
    return app
