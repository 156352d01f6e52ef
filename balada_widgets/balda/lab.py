"""Balda's lab page: set up any position, play both sides and branch it, ask for analysis.

- **Set up**: paste a position text (``5/S4/TABLE/H4/5 used=table,bath,stab
  turn=1 scores=4,4 passes=0``, as the share panel and
  :meth:`~.rules.BaldaGame.state_to_text` write it); a position that breaks a
  rule is refused with every problem named.
- **Play and branch**: both seats are played here (no bot), with undo/redo; the
  move tree lists every line tried, and a click on a move goes back there to
  try another.
- **Analysis** of the position on the board: where the new letter opens the
  most words (:func:`~.analysis.cell_heat`), and the best play searched a few
  moves ahead (:func:`~.analysis.game_tree`, minimax on the score difference),
  computed in a thread.

The lab speaks notation (``c4=l ball a3-b3-c3-c4``): it is where a user asks for it.
Stable classes: ``balda-lab``, ``bw-balda-lab-text``, ``bw-balda-lab-load``,
``bw-balda-lab-heat``, ``bw-balda-lab-depth``, ``bw-balda-lab-search``,
``bw-balda-lab-line``; the move tree is the kit's ``bw-move-log`` board.
"""

from __future__ import annotations

from typing import Optional

import solara

from ..core.errors import GameError
from ..ui.move_log import MoveLog, branch_entries, log_entries
from ..ui.reminder import Reminder
from ..ui.root import use_app_game
from ..ui.session import use_session_version
from .analysis import cell_heat, game_tree, principal_line
from .position import cell_name
from .view import BaldaApp, BaldaRoot

__all__ = ["BaldaLab", "DEFAULT_POSITION", "best_line", "heat_text"]

#: the lab's first position: the middle of a game (the share panel writes this form)
DEFAULT_POSITION = "5/S4/TABLE/H4/5 used=table,bath,stab turn=1 scores=4,4 passes=0"
_PANEL = {"gap": "10px", "align-items": "center", "flex-wrap": "wrap"}


def heat_text(game, state, top: int = 8) -> str:
    """The empty cells that open the most words, best first: ``c4: 12 words · b2: 9 words``."""
    if state.position is None or state.over:
        return ""
    heat = cell_heat(state.position, game.lexicon)
    ranked = sorted(((n, cell) for cell, n in heat.items() if n), key=lambda t: (-t[0], t[1]))[:top]
    size = state.position.size
    return " · ".join(f"{cell_name(cell, size)}: {n} word{'s' if n != 1 else ''}" for n, cell in ranked)


def best_line(game, state, depth: int) -> tuple[int, list[str]]:
    """The value of best play ``depth`` moves ahead (the mover's score minus the best other) and its moves.

    :raises InvalidInput: the search would be too large (its message says to lower the depth).
    """
    tree = game_tree(game, state, depth=depth)
    return tree.nodes[tree.graph["root"]]["value"], principal_line(tree)


@solara.component
def Search(game, state, node_id: int):
    """The best play a few moves ahead, searched in a thread on request."""
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
    with solara.Column(gap="4px", classes=["bw-balda-lab-search-panel"]) as col:
        with solara.Row(style=_PANEL):
            solara.Select("Moves ahead", values=[1, 2, 3], value=depth, on_value=set_depth,
                          classes=["bw-balda-lab-depth"], style={"max-width": "130px"})
            solara.Button("Search the best play", icon_name="mdi-magnify", on_click=lambda: set_run(run + 1),
                          outlined=True, classes=["bw-balda-lab-search"])
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
                solara.Text(f"With best play {who} ends {lead}{'' if score == 0 else f' {abs(score)}'} "
                            f"after {len(line)} move{'s' if len(line) != 1 else ''}: " + (" / ".join(line) or "the game is over"),
                            classes=["bw-balda-lab-line"])
    return col


@solara.component
def BaldaLab(position: str = DEFAULT_POSITION, app: Optional[BaldaApp] = None):
    """The lab: a position to set up, play both sides and branch, and its analysis (see the module docstring).

    ``app``: the :class:`~.view.BaldaApp` to work on (default: a new one, both seats played here, on ``position``).
    """
    app = solara.use_memo(lambda: app or _lab_app(position), [])
    session, _bots = use_app_game(app)
    use_session_version(session)
    draft, set_draft = solara.use_state(position)
    error, set_error = solara.use_state(None)
    game, state = session.game, session.state

    def load(text: Optional[str] = None):
        try:
            app.load(draft if text is None else text)
        except GameError as e:
            set_error(str(e))
            return
        set_error(None)

    with solara.Column(classes=["balda-lab"], gap="10px", style={"max-width": "1060px"}) as col:
        solara.Text("Paste a position to set it up, play both sides, undo and try other lines; "
                    "the analysis below follows the board.", style={"color": "#555"})
        with solara.Row(style=_PANEL):
            solara.InputText("Position text", value=draft, on_value=set_draft, continuous_update=True,
                             classes=["bw-balda-lab-text"], style={"min-width": "460px"})
            solara.Button("Set up", icon_name="mdi-upload", on_click=lambda: load(), color="primary",
                          classes=["bw-balda-lab-load"])
        Reminder(error, on_close=lambda: set_error(None))
        BaldaRoot(app)
        with solara.Card("Analysis", margin=0, classes=["bw-balda-lab-analysis"]):
            heat = heat_text(game, state)
            solara.Text(f"Where the new letter opens the most words: {heat}" if heat else
                        "No empty cell opens a word here.", classes=["bw-balda-lab-heat"])
            if state.position is not None and not state.over:
                Search(game, state, session.current.id).key(f"search-{id(session)}")
        solara.Text("Move tree (click a move to go back there)", style={"font-weight": "600"})
        MoveLog(log_entries(session, None, include_future=True), branch_entries(session, None),
                lambda node_id: session.goto(node_id)).key("tree")
    return col


def _lab_app(position: str) -> BaldaApp:
    app = BaldaApp(players=2, bots=0, seed=0)
    app.load(position)
    return app
