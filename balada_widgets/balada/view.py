"""Balada in Jupyter and Solara: the live game, hot-seat and bots, the scoring walk, the lab.

Imported only when a game is shown (``balada.new_game(...)`` or the app), so
``import balada_widgets.balada`` stays free of Solara.

- :class:`BaladaApp`: a plain object (``balada.new_game(...)`` makes one); the
  last expression of a notebook cell, or ``display(app)``, shows the live
  game. ``app.session`` is the :class:`~balada_widgets.core.session.Session`,
  ``app.game`` the :class:`~.rules.BaladaGame`; ``app.play("p1 O2@5")`` plays
  a move for a human seat and lets the bots answer.
- :func:`BaladaView`: the game view of one session. Each turn: the flipped
  cards (click A or B to choose the symbol), the current player's sheet as
  one SVG board with the spaces where the symbol may go highlighted (from
  ``game.legal_moves``), a Change of Landscape toggle, hot-seat "pass the
  device" screens, then the scoring walk (Portals, decisions, "what is
  best?", the trace step by step), the round table and the winners.
  Every other player's sheet is shown small below the table, as far as its
  symbols are revealed (:func:`other_sheet`), under what the others did in the
  last turn and since your move, in words (the kit's :mod:`..ui.others`,
  ``bw-others-did``: a bot's choice is "Player 2 chooses" until it is revealed); each finished round is recapped
  (:func:`RoundRecap`: every score, the sheet as scored, the walk step by
  step), whether its walk needed decisions or not; the result names the
  winner with everybody's score, a trophy for a person's win and a plain note
  for a bot's (:func:`GameResult`), and the end screen explains the game that
  was played: every round's walk step by step with its rules, the rounds'
  points adding up to the final score (:func:`GameScoring`, ``bw-end-scoring``,
  ``bw-end-round-day`` / ``-night``, ``bw-end-sum``).
- One name per seat on every screen (the kit's
  :func:`~balada_widgets.core.spec.seat_name`): the engine's "Player 2", with
  "(you)" / "(advisor bot)" beside it where a seat is described, as the
  refusals and the log say it ("Player 2 draws ...").
- The lab (:mod:`.lab`, ``BaladaLab``) plays its game to analyse in this view
  (``app.element(lab=True)``: branches, the advisor table).

Learners see words: the move log (shown on request) tells each move as the
viewer may know it now (:func:`log_label`: "You draw the Sword on space 3",
"Player 2 chooses" while a choice is hidden), and its "move text" button
shows the notation (:func:`text_label`, hidden choices masked); refusals,
advice and the walk speak in words too. The lab's log keeps the notation.

The drawings (:func:`~.drawing.sheet_svg`, :func:`~.drawing.cards_svg`,
:func:`~.drawing.table_svg`, :func:`~.drawing.palette_svg`) are pure functions
in :mod:`.drawing`, imported here. Stable hooks for tests: board spaces are
``data-id="space-<n>"`` (classes ``space``, ``legal``, ``picked``, ``hero``,
``focus``, ``step``, ``cursor``), cards ``data-id="card-A"`` / ``"card-B"``;
buttons carry classes such as ``bw-decide-sword``, ``bw-portal-none``,
``bw-swap-toggle``, ``bw-pass-ready``, ``bw-advice``. The other sheets are boards
``bw-other-sheet-board`` (no ``data-id``: not clickable) in ``bw-other-sheets``; the
recap ``bw-round-recap`` with the board ``bw-recap-board``, ``bw-recap-of-<n>`` and
``bw-recap-close``; the result ``bw-winners`` plus ``bw-winners-human`` / ``-bot`` / ``-solo``; the log
``bw-show-log``, the board ``bw-move-log`` and ``bw-log-as-text``.

Keyboard (the table board takes the focus when clicked, or by Tab): see
:data:`KEYS`. The keys reach the same handlers as clicks, so a refused move
shows the same rule reminder.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Callable, Optional

import solara

from ..core.errors import GameError
from ..core.session import Session
from ..core.spec import seat_name
from ..kit import svg
from ..ui.app import app_class
from ..ui.board import Board
from ..ui.controls import Controls
from ..ui.explain import Explain
from ..ui.move_log import MoveLog, branch_entries, labels_for, log_entries
from ..ui.others import OthersDid, OthersMoves, others_did
from ..ui.play import use_play
from ..ui.reminder import Reminder
from ..ui.seat import PassScreen
from .rules import BaladaGame, Decide, Flip, Place, PortalMove, RoundRecord, Swap
from .scoring import (
    LANDSCAPES, SIDE_LENGTH, Hero, Layout, event_name, is_obstacle, parse_side, side_to_text, Space,
)
from .drawing import (  # the pure drawings; LAND_STYLE, LANDSCAPES and the rest stay importable from here
    CARDS_CSS, DEFS, LAND_STYLE, PALETTE_CSS, SHEET_CSS, TABLE_CSS, cards_svg, event_label, palette_svg,  # noqa: F401
    sheet_parts, sheet_svg, table_svg, trace_badges,
)

from .advisor import advise_placements, walk_advice
from .review_view import ReviewButton
from . import SPEC
__all__ = ["BaladaApp", "BaladaView", "PERSONAL_BEST", "cards_svg", "palette_svg", "sheet_svg"]

#: The table board's keys, while it has the focus (click it, or Tab to it).
KEYS = (
    ("A / B", "choose the A or B card"),
    ("← → (↑ ↓)", "move the cursor (a dashed frame) between the highlighted spaces"),
    ("Enter / Space",
     "act on the cursor's space: place the symbol, pick a space to swap, move an event onto the Portal"),
    ("S", "start or cancel the Change of Landscape"),
    ("Esc", "cancel the Change of Landscape, or close the reminder"),
    ("1, 2, 3", "the walk's choices, in the order of their buttons"),
    ("?", "show or hide what is best at this walk decision"),
)
PLACE_KEYS_HINT = "Keys: A/B card · ←/→ highlighted spaces · Enter place · S change of landscape · Esc cancel"
WALK_KEYS_HINT = "Keys: 1, 2, 3 choose · ? what is best · ←/→ and Enter pick the event for a Portal"
PASS_NOTE = "The other players' choices of this turn stay hidden until everybody has chosen."

# ======================================================================= play logic (no Solara)


@dataclass
class PersonalBest:
    """The best solo scores of this Python session, per (sheet, easy)."""

    best: dict = field(default_factory=dict)
    _recorded: set = field(default_factory=set)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def get(self, sheet: str, easy: bool) -> Optional[int]:
        return self.best.get((sheet, bool(easy)))

    def record(self, sheet: str, easy: bool, score: int, token=None) -> bool:
        """Record a finished solo game's score; ``True`` if it is a new best. ``token`` records once."""
        with self._lock:
            if token is not None:
                if token in self._recorded:
                    return False
                self._recorded.add(token)
            key = (sheet, bool(easy))
            old = self.best.get(key)
            if old is None or score > old:
                self.best = {**self.best, key: score}
                return True
            return False


class _LearnersBest:
    """The personal bests of the current learner (:func:`~balada_widgets.kit.kernel.per_kernel`: one per browser
    page of the app, which serves every student from one process; one per Jupyter kernel)."""

    @staticmethod
    def mine() -> PersonalBest:
        from ..kit.kernel import per_kernel

        return per_kernel("balada-personal-best", PersonalBest)

    def get(self, sheet: str, easy: bool) -> Optional[int]:
        return self.mine().get(sheet, easy)

    def record(self, sheet: str, easy: bool, score: int, token=None) -> bool:
        return self.mine().record(sheet, easy, score, token=token)


#: the personal bests of solo games, each learner's own (never another student's)
PERSONAL_BEST = _LearnersBest()


def waiting_humans(game, state, bots) -> list[int]:
    return [p for p in game.to_move(state) if p not in bots]


def _secret_now(session: Session, viewer: Optional[int]) -> set:
    """The ``(player, move)`` choices of this turn that ``viewer`` may not know yet (not revealed: P5)."""
    return {(q, m) for q, moves in enumerate(session.state.pending) if q != viewer for m in moves}


def log_label(session: Session, viewer: Optional[int], cache: Optional[dict] = None):
    """The play view's move log: each move in words (``game.describe_move``), as ``viewer`` may know it now.

    The kit's :func:`~balada_widgets.ui.move_log.labels_for` says a move as the
    viewer knew it when it was played; Balada's secrets last one turn, so a
    choice still hidden now reads "Player 1 chooses", and one revealed since
    is told in full ("Player 1 draws the Sword on space 3"). ``viewer=None``
    (the pass screen) knows nobody's hidden choice. ``cache``: a dict kept
    between renders (the words of a node never change, only which ones are shown).

    >>> from balada_widgets.core.session import Session
    >>> s = Session(BaladaGame(players=2), seed=1)
    >>> s.play(s.legal_moves()[0])
    >>> [log_label(s, 1)(n) for n in s.current.path()][-1]
    'Player 1 chooses'
    >>> [log_label(s, 0)(n) for n in s.current.path()][-1].startswith('You draw the ')
    True
    """
    game = session.game
    secret = _secret_now(session, viewer)
    words = labels_for(game, viewer, words=True)
    cache = {} if cache is None else cache

    def said(node, who):
        key = (node.id, who)
        got = cache.get(key)
        if got is None:
            got = cache[key] = (words(node) if who == "viewer" else
                                game.describe_move(node.parent.state, node.move, who))
        return got

    def label(node):
        p = getattr(node.move, "player", None)
        if p is None or p == viewer:
            return said(node, "viewer")
        if (p, node.move) in secret:  # as a seat other than the chooser knows it while the turn is open
            return said(node, viewer if viewer is not None else (p + 1) % game.num_players)
        return said(node, None)  # revealed by now: in full

    return label


def text_label(session: Session, viewer: Optional[int]):
    """The log's "move text" view: notation, with the choices ``viewer`` may not know yet masked (``p1 ?``)."""
    secret = _secret_now(session, viewer)

    def label(node):
        m = node.move
        p = getattr(m, "player", None)
        if p is not None and (p, m) in secret:
            return f"p{p + 1} ?"
        return node.text

    return label


OPTION_TEXT = {
    "sword": "Use a sword", "endure": "Endure", "fight": "Fight (2 swords)", "pass": "Let it be",
    "key": "Open with the key", "leave": "Leave it closed",
}


def option_text(layout: Layout, i: int, hero: Hero, option: str) -> str:
    """Words for a walk option at 0-based space ``i``, with what it gives."""
    ev = layout.events[i]
    if is_obstacle(ev):
        v = layout.effective[i]
        if option == "sword":
            return f"Use a sword: +{v}, no injury"
        total = hero.injuries + v
        return f"Endure {v} injur{'y' if v == 1 else 'ies'}" + (" (knocked down!)" if total >= 6 else f" ({total} then)")
    if ev == "BS":
        return f"Fight with 2 swords: +{layout.boss_value(i)}" if option == "fight" else "Let the Boss be"
    if ev == "CH":
        if option == "key":
            return f"Open with the key: +{i - layout.first_key - 1}"
        if option == "sword":
            return "Open with a sword: +3"
        return "Leave it closed"
    return OPTION_TEXT.get(option, option)


def move_words(game: BaladaGame, state, move) -> str:
    """A walk move in words (for the advice table)."""
    if isinstance(move, PortalMove):
        if move.source is None:
            return f"Keep the Portal on space {move.portal} empty"
        ev = state.players[move.player].walk.events[move.source - 1]
        return f"The Portal on space {move.portal} takes the {event_name(ev)} of space {move.source}"
    if isinstance(move, Decide):
        w = state.players[move.player].walk
        return option_text(Layout.of(w.events), move.space - 1, w.hero, move.option)
    return game.describe_move(state, move, getattr(move, "player", None))


VIEW_CSS = """
@media (min-width: 1200px) {  /* a wide window: the other players' sheets stand beside yours, not under it */
  .balada-view { display: grid !important; grid-template-columns: minmax(0, 860px) minmax(300px, 1fr);
    column-gap: 18px; row-gap: 0 !important; max-width: 1400px !important; align-items: start; }
  .balada-view > * { grid-column: 1; margin-bottom: 10px; }
  .balada-view > .bw-other-sheets { grid-column: 2; grid-row: 1 / span 40; margin-bottom: 0; }
  .balada-view > .bw-other-sheets > * { max-width: 560px !important; }
}
.bw-rounds { border-collapse: collapse; font: 14px system-ui, sans-serif; }
.bw-rounds th, .bw-rounds td { padding: 3px 10px; border-bottom: 1px solid #e5e1d6; text-align: right; }
.bw-rounds th:first-child, .bw-rounds td:first-child { text-align: left; }
.bw-rounds th { color: #6b5d3f; font-weight: 600; }
.bw-rounds tr.winner td { background: #fff4cc; font-weight: 700; }
.bw-advice-t { border-collapse: collapse; font: 13px system-ui, sans-serif; }
.bw-advice-t td { padding: 2px 10px; border-bottom: 1px solid #eee; }
.bw-advice-t td.n { text-align: right; font-weight: 700; }
.bw-advice-t tr.best td { color: #1b7f3b; }
"""
ADVISOR_CSS = """
.bw-adv { border-collapse: collapse; font: 13px/1.4 system-ui, sans-serif; }
.bw-adv td, .bw-adv th { padding: 2px 10px; border-bottom: 1px solid #eee; text-align: right; }
.bw-adv td:first-child, .bw-adv th:first-child { text-align: left; }
.bw-adv tr.best td { color: #1b7f3b; font-weight: 700; }
.bw-adv tr[data-id] { cursor: pointer; }
.bw-adv tr[data-id]:hover td { background: #eef4ff; }
"""


def round_table_html(game: BaladaGame, state, bots: dict) -> str:
    """The scores: day, night, total, carried injuries and swords, Changes of Landscape."""
    heads = ["", "Day"] + ([] if game.easy else ["Night"]) + ["Total", "Injuries", "Swords", "Changes"]
    rows = []
    winners = set(game.winners(state))
    for p, ps in enumerate(state.players):
        cells = [seat_name(p, bots, game.num_players)]
        for r in range(game.rounds):
            if r < len(ps.rounds):
                cells.append(str(ps.rounds[r].points))
            elif ps.walk is not None and r == len(ps.rounds):
                cells.append(f"{ps.walk.points} so far")
            else:
                cells.append("–")
        cells += [str(ps.total), str(ps.injuries if ps.walk is None else ps.walk.hero.injuries),
                  str(ps.swords if ps.walk is None else ps.walk.hero.swords), str(ps.swaps)]
        cls = " class='winner'" if p in winners else ""
        rows.append(f"<tr{cls}>" + "".join(f"<td>{svg.escape(c)}</td>" for c in cells) + "</tr>")
    head = "<tr>" + "".join(f"<th>{h}</th>" for h in heads) + "</tr>"
    return f"<table class='bw-rounds'>{head}{''.join(rows)}</table>"


def winners_text(game: BaladaGame, state, bots: dict) -> str:
    """Who won, and why when the tie-break of B17 decided."""
    win = game.winners(state)
    if not win:
        return ""
    totals = [ps.total for ps in state.players]
    best = max(totals)
    tied = [p for p, t in enumerate(totals) if t == best]
    names = " and ".join(seat_name(p, bots, game.num_players) for p in win)
    if len(state.players) == 1:
        return f"Final score: {best} points."
    if len(win) == 1 and len(tied) == 1:
        return f"{names} wins with {best} points!"
    if len(win) == 1:
        return (f"{names} wins: {best} points like "
                f"{' and '.join(seat_name(p, bots, game.num_players) for p in tied if p not in win)}, but fewer Changes of "
                f"Landscape (rule B17).")
    return f"{names} share the win with {best} points each, and as many Changes of Landscape (rule B17)."


# ======================================================================= components

_PANEL = {"gap": "10px", "align-items": "center", "flex-wrap": "wrap"}


def _batch():
    """A context manager that renders once for several state changes (the render context)."""
    import reacton.core

    return reacton.core.get_render_context()


@solara.component
def CardsBoard(cards: Optional[Flip], selected: Optional[str], on_select: Optional[Callable[[str], None]] = None,
               version: int = 0):
    """The flipped cards; clicking the A or B card calls ``on_select("A"|"B")``."""
    n = 1 + (cards is not None) + (cards is not None and cards.b is not None)
    width = {1: 120, 2: 230, 3: 340}.get(n, 340)

    def click(id_: str):
        if on_select is not None and id_.startswith("card-"):
            on_select(id_[5:])

    with solara.Div(style={"width": f"{width}px", "max-width": "100%"}, classes=["bw-cards"]) as div:
        Board(svg=cards_svg(cards, selected, on_select is not None, version), on_click=click, class_name="bw-cards-board",
              label="the flipped cards", version=version, css=CARDS_CSS, defs=DEFS)
    return div


@solara.component
def SheetBoard(svg_text: str, on_click: Optional[Callable[[int], None]] = None, version: int = 0,
               max_width: int = 820):
    """A map side drawn by :func:`sheet_svg`; a click on a space calls ``on_click(space)`` (1-based)."""

    def click(id_: str):
        if on_click is not None and id_.startswith("space-"):
            on_click(int(id_[6:]))

    with solara.Div(style={"width": "100%", "max-width": f"{max_width}px"}, classes=["bw-sheet"]) as div:
        Board(svg=svg_text, on_click=click, class_name="bw-sheet-board", label="map sheet", version=version,
              css=SHEET_CSS, defs=DEFS)
    return div


@solara.component
def StatusBar(title: str, active: str = "", chosen: str = "", best: str = ""):
    """Round and turn, whose turn it is, who has chosen, the personal best."""
    with solara.Row(style=_PANEL, classes=["bw-status"]) as row:
        solara.Text(title, style={"font-weight": "700", "font-size": "1.1em"}, classes=["bw-round"])
        if active:
            solara.Text(active, classes=["bw-active"], style={"color": "#1e6fd9", "font-weight": "600"})
        if chosen:
            solara.Text(chosen, style={"color": "#777"})
        if best:
            solara.Text(best, classes=["bw-personal-best"], style={"color": "#8a6414"})
    return row


@solara.component
def TurnHelp(easy: bool, swapped: bool, can_swap: bool, swap_mode: bool, swap_first: Optional[int],
             on_toggle_swap: Callable[[], None]):
    """What to do this turn, and the Change of Landscape toggle (B3)."""
    with solara.Row(style=_PANEL, classes=["bw-turn-help"]) as col:
        label = ("Change of Landscape: used" if swapped else
                 "Cancel the Change of Landscape" if swap_mode else "Change of Landscape…")
        solara.Button(label, icon_name="mdi-swap-horizontal", on_click=on_toggle_swap,
                      disabled=not can_swap and not swap_mode, outlined=not swap_mode,
                      color="primary" if swap_mode else None, classes=["bw-swap-toggle"])
        if swap_mode:
            solara.Text("Click two empty spaces of different landscapes to swap them (once per round, rule B3)."
                        if swap_first is None else f"Space {swap_first} picked: click the second space.",
                        style={"color": "#1e6fd9"})
        elif easy:
            solara.Text("Draw the A symbol in a highlighted space (easy version: rule B4).", style={"color": "#555"})
        else:
            solara.Text("Click the A or B card to choose the symbol, then a highlighted space "
                        "(its landscape matches the card: rule B2).", style={"color": "#555"})
        solara.Text(PLACE_KEYS_HINT, classes=["bw-keys-help"], style={"color": "#666", "font-size": "12px"})
    return col


@solara.component
def LogToggle(shown: bool, on_toggle: Callable[[], None]):
    with solara.Row() as row:
        solara.Button("Hide the moves" if shown else "Show the moves", icon_name="mdi-format-list-numbered",
                      text=True, on_click=on_toggle, classes=["bw-show-log"])
    return row


@solara.component
def PlayLog(session: Session, viewer: Optional[int], version: int = 0):
    """The moves so far in words, as ``viewer`` may know them now (:func:`log_label`); the notation on request.

    ``version``: the session's node, so the log follows every move.
    """
    as_text, set_as_text = solara.use_state(False)
    cache = solara.use_memo(dict, [session, viewer])
    label = text_label(session, viewer) if as_text else log_label(session, viewer, cache)
    with solara.Column(gap="2px", classes=["bw-play-log"]) as col:
        MoveLog(log_entries(session, label, include_future=False), [], None)
        words = "Show the moves in words" if as_text else "Show the moves as move text"
        solara.Button(words, icon_name="mdi-text" if as_text else "mdi-code-tags", text=True, small=True,
                      on_click=lambda: set_as_text(not as_text), classes=["bw-log-as-text"])
    return col


@solara.component
def TableBoard(svg_text: str, on_space: Optional[Callable[[int], None]] = None,
               on_card: Optional[Callable[[str], None]] = None, version: int = 0, max_width: int = 820,
               on_key: Optional[Callable[[str], None]] = None):
    """The table drawn by :func:`table_svg`: a click on a space calls ``on_space(n)``, on a card ``on_card("A"|"B")``;
    a key pressed while the board has the focus calls ``on_key(key)``."""

    def click(id_: str):
        if id_.startswith("space-") and on_space is not None:
            on_space(int(id_[6:]))
        elif id_.startswith("card-") and on_card is not None:
            on_card(id_[5:])

    with solara.Div(style={"width": "100%", "max-width": f"{max_width}px"}, classes=["bw-sheet"]) as div:
        Board(svg=svg_text, on_click=click, on_key=on_key, class_name="bw-sheet-board bw-table-board",
              label="cards and map sheet", version=version, css=TABLE_CSS, defs=DEFS)
    return div


@solara.component
def AdviceTable(rows: list, title: str = "What is best?"):
    """Rows of ``(words, points)``, best first: the walk advice (B16)."""
    if not rows:
        return solara.Div()
    best = rows[0][1]
    html = ["<table class='bw-advice-t'>"]
    for words, pts in rows:
        cls = " class='best'" if pts == best else ""
        html.append(f"<tr{cls}><td>{svg.escape(words)}</td><td class='n'>{pts} points this round</td>"
                    f"<td>{'★ best' if pts == best else ''}</td></tr>")
    html.append("</table>")
    with solara.Column(classes=["bw-advice-table"], gap="2px") as col:
        solara.Text(title, style={"font-weight": "600"})
        solara.HTML(tag="div", unsafe_innerHTML="".join(html))
    return col


@solara.component
def PlacementAdvisor(game: BaladaGame, state, player: int, node_id: int, on_play: Callable[[object], None]):
    """The advisor's table for the current placement, computed in a thread with a progress bar."""
    run, set_run = solara.use_state(0)
    progress, set_progress = solara.use_state(0.0)
    key = (node_id, player)

    def compute(cancel):
        if run == 0:
            return None
        set_progress(0.0)

        def report(fraction):
            if cancel.is_set():
                raise RuntimeError("cancelled")
            set_progress(float(fraction))

        return key, advise_placements(game, state, player, progress=report)

    # cooperative cancel (report() checks the event): no sys.settrace slowing the search down
    result = solara.use_thread(compute, dependencies=[run, key], intrusive_cancel=False)
    advice = None
    if result.value is not None and result.value[0] == key:
        advice = result.value[1]
    with solara.Column(classes=["bw-advisor"], gap="4px") as col:
        with solara.Row(style=_PANEL):
            solara.Button("Advise this placement", icon_name="mdi-lightbulb-on-outline", on_click=lambda: set_run(run + 1),
                          outlined=True, classes=["bw-advise-run"])
            solara.Text("expected score of this round for each legal placement (sampled futures)",
                        style={"color": "#666"})
        running = result.state in (solara.ResultState.STARTING, solara.ResultState.RUNNING,
                                   solara.ResultState.WAITING) and run > 0
        if running:
            solara.ProgressLinear(value=max(1.0, progress * 100), classes=["bw-advisor-progress"])
        if result.error is not None and run > 0:
            solara.Error(f"the advisor failed: {result.error}")
        if advice:
            best = advice[0].expected
            html = ["<div style='line-height:1.4'><table class='bw-adv'><tr><th>placement (click to play)</th>"
                    "<th>expected</th><th>± spread</th><th>samples</th></tr>"]
            for i, a in enumerate(advice):
                cls = " class='best'" if a.expected == best else ""
                html.append(f"<tr data-id='advice-{i}'{cls}><td>{svg.escape(event_label(a.move.event))} in space "
                            f"{a.move.space}</td><td>{a.expected:.1f}</td><td>{a.stdev:.1f}</td><td>{a.samples}</td></tr>")
            html.append("</table></div>")

            def click(id_):
                if id_.startswith("advice-"):
                    on_play(advice[int(id_[7:])].move)

            Board(svg="".join(html), on_click=click, class_name="bw-advice-board", css=ADVISOR_CSS)
    return col


# ----------------------------------------------------------------------- the table: every sheet, recaps, the result


def round_drawing(record: RoundRecord) -> tuple[tuple, tuple, list]:
    """A finished round's sheet as scored: ``(lands, events after the Portals, trace steps)``."""
    result = record.score()
    lands = tuple(s.landscape for s in parse_side(record.side))
    return lands, tuple(result.events), list(result.trace)


def other_sheet(game: BaladaGame, view, q: int, bots: dict, chosen=()) -> tuple[tuple, tuple, dict, str]:
    """What the table shows of player ``q``'s sheet: ``(lands, events, sheet_parts options, caption)``.

    Only what is revealed: ``view.players[q]`` never holds the choices of this
    turn that are not revealed yet (they wait in ``pending``, which a
    player's view keeps only for that player). During the walk the sheet
    shows the Portals' moves and the points so far; at the end, the last
    round as scored. ``chosen``: who has chosen this turn (public: only *what* is secret).
    """
    ps = view.players[q]
    name = seat_name(q, bots, game.num_players)
    side = ("day", "night")[min(view.round, 1)]
    kw: dict = {}
    if view.phase == "over" and ps.rounds:
        lands, events, steps = round_drawing(ps.rounds[-1])
        kw["badges"] = trace_badges(steps)
        return lands, events, kw, f"{name}: {ps.total} points in all"
    if view.phase == "score" and ps.walk is not None:
        w = ps.walk
        kw["badges"] = trace_badges(w.steps)
        if not w.portals_left and not w.done:
            kw["hero"] = w.pos + 1
            kw["done_upto"] = w.pos + 1
        state_words = f"walk done: {w.points} points" if w.done else f"walking: {w.points} points so far"
        return ps.lands, w.events, kw, f"{name} · {side} side · {state_words}"
    bits = [f"{name} · {side} side"]
    if ps.rounds:
        bits.append(f"{ps.total} points so far")
    if view.phase == "place":
        bits.append("has chosen" if q in chosen else "choosing…")
    return ps.lands, ps.events, kw, " · ".join(bits)


def recap_key(state) -> tuple:
    """Which round end a recap is about: the last finished round of every player (changes with undo and branches)."""
    return tuple(ps.rounds[-1] if ps.rounds else None for ps in state.players)


def result_kind(game: BaladaGame, state, bots: dict) -> str:
    """How the result is shown: ``"solo"``, ``"human"`` (a human won or shares the win), ``"bot"`` (only bots won)."""
    if game.num_players == 1:
        return "solo"
    win = game.winners(state)
    return "human" if any(p not in bots for p in win) or not bots else "bot"


def scores_line(game: BaladaGame, state, bots: dict) -> str:
    """Everybody's total, best first: ``Player 2 (advisor bot) 57 · Player 1 (you) 41``."""
    order = sorted(range(game.num_players), key=lambda p: -state.players[p].total)
    return " · ".join(f"{seat_name(p, bots, game.num_players)} {state.players[p].total}" for p in order)


RESULT_STYLE = {
    "human": ("mdi-trophy", "#fff4cc", "#8a6414"),
    "solo": ("mdi-flag-checkered", "#eef4ff", "#1e4f9a"),
    "bot": ("mdi-robot-outline", "#eef1f6", "#3f4a68"),
}


@solara.component
def GameResult(game: BaladaGame, state, bots: dict):
    """Who won, with everybody's score: a trophy for a human's win, a plain note for a bot's (never a green tick)."""
    kind = result_kind(game, state, bots)
    icon, background, ink = RESULT_STYLE[kind]
    with solara.Row(classes=["bw-winners", f"bw-winners-{kind}"], gap="10px",
                    style={"align-items": "center", "background": background, "color": ink, "padding": "10px 14px",
                           "border-radius": "8px"}) as row:
        solara.v.Icon(children=[icon], color=ink)
        with solara.Column(gap="2px"):
            solara.Text(winners_text(game, state, bots), style={"font-weight": "700", "font-size": "1.1em"})
            if game.num_players > 1:
                solara.Text(scores_line(game, state, bots), classes=["bw-final-scores"])
    return row


@solara.component
def OtherSheets(game: BaladaGame, view, viewer: int, bots: dict, chosen: tuple = (), did: OthersMoves = OthersMoves()):
    """Every other player's sheet, small, as far as it is revealed (a game site shows every board all the time),
    under what the others did around your last move, in words (``did``: :func:`~balada_widgets.ui.others.others_did`)."""
    others = [q for q in range(game.num_players) if q != viewer]
    with solara.Div(classes=["bw-other-sheets"], style={"display": "flex", "flex-wrap": "wrap", "gap": "10px",
                                                        "align-content": "flex-start"}) as div:
        if did:
            OthersDid(did, since_title="Since your last move", before_title="The last turn",
                      style={"flex": "1 1 100%", "max-width": "560px"}).key("did")
        for q in others:
            lands, events, kw, caption = other_sheet(game, view, q, bots, chosen)
            with solara.Column(gap="2px", style={"flex": "1 1 300px", "max-width": "420px"}, classes=[f"bw-other-{q + 1}"]):
                solara.Text(caption, style={"font-size": "13px", "color": "#555"})
                Board(svg=sheet_svg(lands, events, clickable=False, **kw), class_name="bw-other-sheet-board",
                      label=f"{seat_name(q, bots, game.num_players)}'s map sheet", css=SHEET_CSS, defs=DEFS).key(f"other-{q}")
    return div


@solara.component
def RoundRecap(game: BaladaGame, state, bots: dict, first: int, on_close: Callable[[], None]):
    """The round just finished, walked again for everybody: each score, a sheet as scored, the trace step by step.

    Shown whether the walk needed decisions or not (a walk without decisions
    is played at once, and would otherwise never be seen).
    """
    whose, set_whose = solara.use_state(first)
    step, set_step = solara.use_state(None)
    r = len(state.players[0].rounds) - 1
    name = ("day", "night")[min(r, 1)]
    who = min(whose, game.num_players - 1)
    lands, events, steps = round_drawing(state.players[who].rounds[r])
    kw = {"badges": trace_badges(steps)}
    if step is not None and 0 <= step < len(steps) and isinstance(steps[step].where, int):
        kw["step_space"] = steps[step].where
    with solara.Card(f"The {name} round is scored", classes=["bw-round-recap"], margin=0) as card:
        solara.Text(" · ".join(f"{seat_name(p, bots, game.num_players)}: {ps.rounds[r].points} points"
                               for p, ps in enumerate(state.players)), classes=["bw-recap-points"])
        if game.num_players > 1:
            with solara.Row(style=_PANEL):
                solara.Text("The walk of")
                solara.ToggleButtonsSingle(value=who, on_value=lambda p: (set_whose(p), set_step(None)), children=[
                    solara.Button(seat_name(p, bots, game.num_players), value=p, classes=[f"bw-recap-of-{p + 1}"])
                    for p in range(game.num_players)])
        with solara.Div(style={"width": "100%", "max-width": "620px"}):
            Board(svg=sheet_svg(lands, events, clickable=False, title=f"{seat_name(who, bots, game.num_players)} · {name} side", **kw),
                  class_name="bw-recap-board", label="the round's sheet as scored", css=SHEET_CSS, defs=DEFS)
        Explain(steps, step, set_step, title=f"{seat_name(who, bots, game.num_players)}: the {name} walk, step by step")
        with solara.Row(style=_PANEL):
            solara.Button("On to the night round" if r == 0 and game.rounds > 1 else "Close", on_click=on_close,
                          color="primary", classes=["bw-recap-close"])
    return card


def rounds_sum_text(ps) -> str:
    """The final score as the sum of the rounds: ``Day 7 + Night 9 = 16 points``."""
    parts = [f"{('Day', 'Night')[min(r, 1)]} {rec.points}" for r, rec in enumerate(ps.rounds)]
    return f"{' + '.join(parts)} = {ps.total} points" if len(parts) > 1 else f"{parts[0]} = {ps.total} points"


@solara.component
def GameScoring(ps, name: str, shown: int, step: Optional[int], on_step: Callable[[int, Optional[int]], None]):
    """The end screen's explanation of the game that was played: every round's walk, step by step with its rules
    (the kit's :func:`~balada_widgets.ui.explain.Explain` of each round's scoring trace), and the rounds' points
    adding up to the final score. ``shown``: the round whose sheet the board shows (its step is highlighted there);
    ``on_step(round, step)``."""
    with solara.Column(gap="6px", classes=["bw-end-scoring"]) as col:
        solara.Text(f"How {name} scored {ps.total} points", style={"font-weight": "700"}, classes=["bw-end-title"])
        for r, rec in enumerate(ps.rounds):
            label = ("Day", "Night")[min(r, 1)]
            with solara.Column(gap="2px", classes=["bw-end-round", f"bw-end-round-{label.lower()}"]).key(f"r{r}"):
                Explain(list(rec.score().trace), step if r == shown else None, lambda i, r=r: on_step(r, i),
                        title=f"{label} round: {rec.points} points").key(f"explain-{r}")
        solara.Text(rounds_sum_text(ps), classes=["bw-end-sum"], style={"font-weight": "700", "color": "#6b5d3f"})
    return col


@solara.component
def BaladaView(session: Session, bots: dict = {}, on_new_game: Optional[Callable[[], None]] = None,  # noqa: B006
               lab: bool = False, on_edit_side: Optional[Callable[[str], None]] = None):
    """The live game of ``session`` (see the module docstring); ``bots`` maps seats to bots.

    ``lab=True`` shows the whole move tree (branches, moves after the current
    one), the advisor table, and no hot-seat screens.
    """
    rc = _batch()
    game: BaladaGame = session.game
    state = session.state
    phase = state.phase
    humans = [p for p in range(game.num_players) if p not in bots]
    waiting = waiting_humans(game, state, bots)
    shown, set_shown = solara.use_state(None)
    pick, set_pick = solara.use_state(("A", None))  # (card, node id it was chosen at)
    swap_mode, set_swap_mode = solara.use_state(False)
    swap_first, set_swap_first = solara.use_state(None)
    step, set_step = solara.use_state(None)
    advice_on, set_advice_on = solara.use_state(False)
    cursor, set_cursor = solara.use_state(None)  # the keyboard cursor: a space, or None
    review, set_review = solara.use_state(0)  # whose sheet is shown at the end
    end_round, set_end_round = solara.use_state(None)  # which round's sheet the end screen shows (None: the last)
    show_log, set_show_log = solara.use_state(False)
    recap_closed, set_recap_closed = solara.use_state(None)  # the round end whose recap was closed (recap_key)
    words_cache = solara.use_memo(dict, [session])  # the words of the others' moves (log_label's cache)

    node_id = session.current.id
    active = waiting[0] if waiting else None
    if active is None and humans:
        active = humans[0] if phase == "over" or not waiting else None
    hot_seat = len(humans) > 1 and not lab
    hidden = phase == "place" and hot_seat and active is not None and shown != active
    viewer = active if active is not None else (humans[0] if humans else 0)
    if phase == "over":
        viewer = min(review, game.num_players - 1)
    view = game.view(state, viewer)

    def name_of(p: int) -> str:  # the seat's one name on every part of this screen
        return seat_name(p, bots, game.num_players)

    ps = game.sheet_of(view, viewer)
    legal = game.legal_moves(view, viewer) if phase in ("place", "score") and viewer in waiting else []
    selected = pick[0] if pick[1] == node_id else "A"
    if game.easy or (state.cards is not None and state.cards.b is None):
        selected = "A"

    # reset transient choices when the position changes
    def reset_transient():
        set_swap_mode(False)
        set_swap_first(None)
        set_step(None)
        set_cursor(None)

    solara.use_effect(reset_transient, [node_id])

    # personal best of solo games
    best_news = solara.use_ref(None)
    if phase == "over" and game.num_players == 1 and not bots:
        score = state.players[0].total
        if PERSONAL_BEST.record(game.sheet_name, game.easy, score, token=(id(session), node_id)):
            best_news.current = node_id

    def after_move():
        reset_transient()
        set_advice_on(False)

    play = use_play(session, bots, on_move=after_move)
    message, set_message, clear_message = play.message, play.say, play.clear_message
    act, goto = play.act, play.goto

    def handlers():
        # made once per session: children given these callbacks are not re-rendered when nothing else changed

        def toggle_swap():
            with rc:
                set_swap_mode(lambda on: not on)
                set_swap_first(None)
                set_message(None)

        def on_card(kind: str):
            with rc:
                set_pick((kind, session.current.id))
                set_swap_mode(False)
                set_swap_first(None)
                set_message(None)

        return toggle_swap, on_card, lambda: set_show_log(lambda on: not on)

    toggle_swap, on_card, toggle_log = solara.use_memo(handlers, [session, id(bots)])

    # ---------------------------------------------------------------- clicks
    def on_space(n: int):
        if hidden or viewer not in waiting:
            return
        if phase == "place":
            if swap_mode:
                if swap_first is None:
                    if ps.events[n - 1] is not None:  # let the rules explain why not
                        set_message(_why(game, view, Swap(viewer, n, n)))
                    else:
                        set_swap_first(n)
                        set_message(None)
                elif swap_first == n:
                    set_swap_first(None)
                else:
                    act(Swap(viewer, min(n, swap_first), max(n, swap_first)))
                    set_swap_first(None)
                return
            cards = state.cards
            ev = cards.b if selected == "B" and cards.b else cards.a
            act(Place(viewer, ev, n))
        elif phase == "score":
            w = ps.walk
            if w.portals_left:
                act(PortalMove(viewer, w.portals_left[0], n))
            else:
                set_message(f"the hero is at space {w.pos + 1}: choose with the buttons below" if n != w.pos + 1 else None)

    # ---------------------------------------------------------------- what the board shows
    board_kw: dict = {}
    walk_steps: list = []
    if phase == "place" and not hidden:
        if swap_mode:
            swaps = [m for m in legal if isinstance(m, Swap)]
            if swap_first is None:
                board_kw["legal"] = {s for m in swaps for s in (m.i, m.j)}
            else:
                board_kw["legal"] = {m.i if m.j == swap_first else m.j for m in swaps if swap_first in (m.i, m.j)}
                board_kw["picked"] = {swap_first}
        else:
            ev = state.cards.b if selected == "B" and state.cards and state.cards.b else (state.cards.a if state.cards else None)
            board_kw["legal"] = {m.space for m in legal if isinstance(m, Place) and m.event == ev}
            board_kw["preview"] = ev
        lands, events = ps.lands, ps.events
    elif phase == "score" and ps.walk is not None:
        w = ps.walk
        lands, events = ps.lands, w.events
        walk_steps = list(w.steps)
        board_kw["badges"] = trace_badges(walk_steps)
        if w.portals_left:
            board_kw["portal"] = w.portals_left[0]
            board_kw["legal"] = {m.source for m in legal if isinstance(m, PortalMove) and m.source is not None}
        elif not w.done:
            board_kw["hero"] = w.pos + 1
            board_kw["focus"] = w.pos + 1
            board_kw["done_upto"] = w.pos + 1
    else:
        lands, events = ps.lands, ps.events
        if phase == "over" and ps.rounds:
            shown_round = len(ps.rounds) - 1 if end_round is None else min(end_round, len(ps.rounds) - 1)
            lands, events, walk_steps = round_drawing(ps.rounds[shown_round])
            board_kw["badges"] = trace_badges(walk_steps)
    if step is not None and 0 <= step < len(walk_steps) and isinstance(walk_steps[step].where, int):
        board_kw["step_space"] = walk_steps[step].where

    # ---------------------------------------------------------------- keys (the same handlers as the clicks)
    targets = sorted(board_kw.get("legal", ()))
    if cursor in targets:
        board_kw["cursor"] = cursor
    can_swap = phase == "place" and any(isinstance(m, Swap) for m in legal)
    decisions = [m for m in legal if isinstance(m, Decide)] if phase == "score" else []

    def on_key(key: str):
        if hidden or viewer not in waiting:
            return
        k = key.lower() if len(key) == 1 else key
        here = board_kw.get("cursor")
        if k in ("a", "b") and phase == "place" and not swap_mode:
            if k == "a" or (not game.easy and state.cards is not None and state.cards.b is not None):
                on_card(k.upper())
        elif key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp") and targets:
            forward = key in ("ArrowRight", "ArrowDown")
            ahead = [t for t in targets if (t > here if forward else t < here)] if here is not None else []
            if forward:
                set_cursor(ahead[0] if ahead else targets[0])
            else:
                set_cursor(ahead[-1] if ahead else targets[-1])
        elif key in ("Enter", " ") and here is not None:
            on_space(here)
        elif k == "s" and (can_swap or swap_mode):
            toggle_swap()
        elif key == "Escape":
            if swap_mode:
                toggle_swap()
            else:
                clear_message()
        elif len(k) == 1 and k in "123456789" and int(k) <= len(decisions):
            act(decisions[int(k) - 1])
        elif k == "?" and phase == "score" and ps.walk is not None and not ps.walk.portals_left:
            set_advice_on(lambda on: not on)
    round_name = ("Day", "Night")[min(state.round, 1)]
    sheet_title = f"{name_of(viewer)} · {round_name.lower()} side"
    if phase == "over" and ps.rounds:
        sheet_title = f"{name_of(viewer)} · {('day', 'night')[min(shown_round, 1)]} side as scored"

    # ---------------------------------------------------------------- layout
    with solara.Column(classes=["balada-view"], gap="10px", style={"max-width": "860px"}) as main:
        solara.Style(VIEW_CSS).key("css")
        if phase == "over":
            title = "Game over"
        else:
            turn_text = f"turn {state.turn} of {SIDE_LENGTH}" if phase == "place" else "scoring walk"
            title = f"{round_name} round · {turn_text}" + (" · easy version" if game.easy else "")
        active_text = ""
        if phase != "over" and active is not None and not hidden:
            # addressed, not described: the seat's name without "(you)" ("Player 1, your turn")
            active_text = f"Player {active + 1}, " + ("your turn" if phase == "place" else "your walk")
        chosen = [name_of(p) for p in game.chosen_players(state)] if game.num_players > 1 else []
        best = PERSONAL_BEST.get(game.sheet_name, game.easy) if game.num_players == 1 and not bots else None
        chosen_text = ("chosen: " + ", ".join(chosen)) if chosen else ""
        best_text = f"personal best: {best}" if best is not None else ""

        if phase != "over" and not waiting and game.to_move(state):
            with solara.Row(style=_PANEL):
                solara.Text("The bots are to move.")
                solara.Button("Let the bots play", on_click=play.let_bots_play, classes=["bw-run-bots"])

        if phase != "over" and state.players[0].rounds and recap_key(state) != recap_closed:
            RoundRecap(game, state, bots, viewer, lambda: set_recap_closed(recap_key(state))).key(
                f"recap-{len(state.players[0].rounds)}")

        if hidden:
            StatusBar(title, "", chosen_text, best_text).key("status")
            PassScreen(name_of(active), lambda: set_shown(active), note=PASS_NOTE,
                       waiting=[name_of(p) for p in waiting], show="my sheet")
            if state.cards is not None:
                CardsBoard(state.cards, None, None, version=node_id)
        else:
            cards = state.cards if phase == "place" else None
            lines = ((title, "bw-round"), (active_text, "bw-active"), (chosen_text, "bw-chosen"),
                     (best_text, "bw-personal-best"))
            svg_text = table_svg(lines, cards, selected, viewer in waiting, lands, events, title=sheet_title,
                                 version=node_id, **board_kw)
            TableBoard(svg_text, on_space, on_card, version=node_id, on_key=on_key).key("sheet")
            Reminder(message, on_close=clear_message).key("reminder")
            if phase == "place" and state.cards is not None:
                TurnHelp(game.easy, ps.swapped, can_swap, swap_mode, swap_first, toggle_swap).key("help")

            if phase == "score" and ps.walk is not None and viewer in waiting:
                w = ps.walk
                layout = Layout.of(w.events)
                with solara.Card(classes=["bw-walk"], margin=0).key("walk"):
                    hero_bits = [f"injuries {w.hero.injuries}", f"swords {w.hero.swords}",
                                 f"key: {'yes' if (not w.portals_left and layout.has_key(w.pos)) else 'no'}",
                                 f"points so far {w.points}"]
                    solara.Text("Hero: " + " · ".join(hero_bits), classes=["bw-hero-status"])
                    with solara.Row(style=_PANEL):
                        if w.portals_left:
                            pt = w.portals_left[0]
                            solara.Text(f"Portal in space {pt} (rule B5): click a highlighted space to move its event "
                                        f"onto the Portal, or", style={"font-weight": "600"}).key("prompt")
                            solara.Button("keep the Portal empty", on_click=lambda: act(PortalMove(viewer, pt, None)),
                                          outlined=True, classes=["bw-portal-none"]).key("portal-none")
                        else:
                            i = w.pos
                            solara.Text(f"Space {i + 1}, {event_name(w.events[i])}:",
                                        style={"font-weight": "600"}).key("prompt")
                            for m in decisions:  # the digit keys follow this order
                                solara.Button(option_text(layout, i, w.hero, m.option),
                                              on_click=lambda m=m: act(m), color="primary", outlined=True,
                                              classes=[f"bw-decide-{m.option}"]).key(f"decide-{m.option}")
                        solara.Button("What is best?", icon_name="mdi-help-circle-outline",
                                      on_click=lambda: set_advice_on(lambda on: not on), text=True,
                                      classes=["bw-advice"]).key("advice")
                    if advice_on:
                        AdviceTable([(move_words(game, view, m), pts) for m, pts in walk_advice(game, view, viewer)])
                    solara.Text(WALK_KEYS_HINT, classes=["bw-keys-help"], style={"color": "#666", "font-size": "12px"})
                if walk_steps:
                    Explain(walk_steps, step, set_step, title="The walk so far").key("walk-trace")

            if phase == "place" and lab and viewer in waiting:
                PlacementAdvisor(game, view, viewer, node_id, act)
            if game.num_players > 1 and phase != "over":
                said = log_label(session, viewer, words_cache)
                did = others_did(session, viewer, lambda n: None if n.by_chance else said(n), most=8)
                OtherSheets(game, view, viewer, bots, tuple(game.chosen_players(state)),
                            did if not hidden else OthersMoves()).key("others")

        if phase == "over":
            with solara.Card(classes=["bw-game-over"], margin=0):
                GameResult(game, state, bots)
                if best_news.current == node_id:
                    solara.Info("A new personal best for this Python session!", classes=["bw-new-best"])
                if game.num_players > 1:
                    with solara.Row(style=_PANEL):
                        solara.Text("Show the sheet of")
                        solara.ToggleButtonsSingle(value=viewer, on_value=lambda p: (set_review(p), set_step(None)), children=[
                            solara.Button(name_of(p), value=p, classes=[f"bw-review-{p + 1}"])
                            for p in range(game.num_players)])
            if ps.rounds:
                def end_step(r: int, i: Optional[int]):
                    with rc:  # one render for both
                        set_end_round(r)
                        set_step(i)

                GameScoring(ps, name_of(viewer), shown_round, step, end_step).key("end-scoring")
            ReviewButton(session, bots).key("review")
            if game.num_players > 1:
                OtherSheets(game, view, viewer, bots).key("others-over")

        if any(ps_.rounds or ps_.walk for ps_ in state.players):
            with solara.Column(gap="4px", classes=["bw-round-table"]):
                solara.Text("Scores", style={"font-weight": "600"})
                solara.HTML(tag="div", unsafe_innerHTML=round_table_html(game, state, bots))
        if phase != "over" and not hidden and ps.rounds and viewer is not None:
            with solara.Details(f"{name_of(viewer)}: how the day round scored"):
                Explain(list(ps.rounds[0].score().trace), None, None)

        with solara.Row(style=_PANEL):
            Controls(on_undo=play.undo, on_redo=play.redo, on_restart=play.restart, on_new_game=on_new_game,
                     can_undo=play.can_undo, can_redo=play.can_redo)
            if on_edit_side is not None and not hidden:
                solara.Button("Open this side in the editor", icon_name="mdi-pencil", text=True,
                              on_click=lambda: on_edit_side(side_to_text(tuple(Space(l, e) for l, e in zip(lands, events)))),
                              classes=["bw-to-editor"])
        if lab:
            MoveLog(log_entries(session, None, include_future=True), branch_entries(session, None), goto).key("log")
        else:
            LogToggle(show_log, toggle_log).key("log-toggle")
            if show_log:
                PlayLog(session, viewer if not hidden else None, node_id).key("log")
    return main


def _why(game: BaladaGame, state, move) -> str:
    """The rule reminder for a move the rules refuse (``str`` of the :class:`IllegalMove`)."""
    try:
        game.apply(state, move)
    except GameError as e:
        return str(e)
    return ""


# ======================================================================= the app object

#: ``balada.new_game(...)`` returns one: the kit's generic app (:class:`~balada_widgets.ui.app.GameApp`) for
#: Balada's spec, which shows :func:`BaladaView` (``app.element(lab=True, on_edit_side=...)``: the lab's view)
BaladaApp = app_class(SPEC)
