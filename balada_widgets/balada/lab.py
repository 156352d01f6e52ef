"""Balada's lab: set up a side, check it and score it, and a game to analyse.

Imported only when the lab is shown (the app's ``balada-lab`` page, or
``BaladaLab()`` as the last line of a notebook cell). It is built on the kit's
lab piece (:mod:`balada_widgets.ui.lab`: the edits with undo and redo, the
problems of a position) and keeps what is Balada's own:

- *Side editor and scorer*: paint a side with the palette (a landscape or an
  event, then spaces), or write its text (``F:SW D:O2 M:TW ...``, read as
  it is typed); every problem of the side is listed with its rule (B1: four
  spaces of each landscape). The side is scored with the best choices
  (B16) or one's own (Portals, swords, the Boss, the Chest), each trace
  stepped through on the sheet. The result is said in words *and* in
  notation: "Best: 11 points: let the Portal in space 8 take the Key of
  space 3; endure the Obstacle in space 2 (2 injuries)..." above
  ``P8<3 2:endure ...``.
- *Game analysis*: the live game of :mod:`.view` in its lab mode (branches,
  the advisor's table for the current placement, a sheet sent back to the
  editor).

Stable classes: ``balada-lab``, the tabs ``bw-tab-side`` and ``bw-tab-game``;
``bw-side-editor``, the palette board ``bw-palette-board``, the side text
``bw-side-text``, ``bw-side-problem`` / ``bw-side-ok``; ``bw-side-scorer``,
``bw-best-score`` and ``bw-best-notation``, ``bw-own-score`` and
``bw-own-notation``, ``bw-choice-<key>`` (a choice: ``P8`` a Portal, ``7`` a
walk decision).
"""

from __future__ import annotations

from typing import Callable, Optional

import solara

from ..core.errors import GameError, InvalidInput
from ..core.files import untrusted
from ..ui.board import Board
from ..ui.controls import Controls
from ..ui.explain import Explain
from ..ui.lab import ROW, Edits, Problems, use_edits
from ..ui.reminder import Reminder
from .content import check_side_landscapes, load_decks
from .drawing import DEFS, PALETTE_CSS, palette_svg, sheet_svg, trace_badges
from .review import choices_words
from .scoring import (
    LANDSCAPES, Choices, Space, event_name, is_obstacle, parse_side, portal_spaces, score_side, side_to_text,
)
from .view import BaladaApp, SheetBoard

__all__ = ["BaladaLab", "CHOICE_OPTIONS", "DEFAULT_SIDE", "SideEditor", "SideScorer", "choice_points",
           "own_choices", "result_words"]

DEFAULT_SIDE = "F:SW D:KY M:TW F:O2 M:SW D:FT D:O3 F:BS M:PT M:CH F:PR D:FI"
CHOICE_OPTIONS = {"O": ("sword", "endure"), "BS": ("fight", "pass"), "CH": ("key", "sword", "leave")}
#: the words of a side that breaks no rule
SIDE_OK = {"ok": "the side holds 4 Forest, 4 Desert and 4 Mountains spaces (rule B1)"}


def choice_points(events) -> list[tuple[str, str, list]]:
    """The choices a side offers: ``(key, label, options)``; keys ``"P4"`` (Portal) or ``"7"`` (a walk choice)."""
    out = []
    for p in portal_spaces(events):
        opts = ["-"] + [str(i + 1) for i, e in enumerate(events) if e is not None and e != "PT" and i + 1 != p]
        out.append((f"P{p}", f"Portal {p} takes", opts))
    for i, e in enumerate(events):
        if e is None:
            continue
        kind = "O" if is_obstacle(e) else e
        if kind in CHOICE_OPTIONS:
            out.append((str(i + 1), f"space {i + 1}, {event_name(e)}", list(CHOICE_OPTIONS[kind])))
    return out


def own_choices(events, mine: dict, best: Choices) -> Choices:
    """The player's choices in the lab; Portals left on "best" take the best result's choice."""
    portals = []
    best_portals = dict(best.portals)
    for p in portal_spaces(events):
        got = mine.get(f"P{p}", "best")
        if got == "best":
            portals.append((p, best_portals.get(p)))
        else:
            portals.append((p, None if got == "-" else int(got)))
    decisions = {int(k): v for k, v in mine.items() if not k.startswith("P") and v != "best"}
    return Choices(tuple(portals), decisions)


def result_words(events, result) -> str:
    """A scored side in words: its choices, then what the hero carries out.

    >>> r = score_side("SW O2 KY .. .. .. .. .. .. .. .. ..")
    >>> result_words([e for e in "SW O2 KY".split()] + [None] * 9, r)
    'use a sword on the Obstacle in space 2 (+2, no injury); the hero ends with 0 injuries and 0 swords'
    """
    chosen = "; ".join(choices_words(events, result)) or "no choice to make"
    return (f"{chosen}; the hero ends with {result.injuries} injur{'y' if result.injuries == 1 else 'ies'} and "
            f"{result.swords} sword{'' if result.swords == 1 else 's'}")


def read_side(text: str):
    """The side of a text written or pasted in the lab (read inside ``untrusted``: nothing typed names a file),
    every space with its landscape (rule B1).

    :raises GameError: the text is not a side, or a space has no landscape.
    """
    with untrusted("a side typed in the lab"):
        side = parse_side(text or "")
    if any(s.landscape is None for s in side):
        raise InvalidInput("write every space as L:EV with a landscape F, D or M", rule="B1")
    return side


@solara.component
def SideEditor(text: str, on_text: Callable[[str], None], edits: Edits):
    """Paint a side with the palette or write its text; every problem of the side is listed."""
    tool, set_tool = solara.use_state("FT")
    draft, set_draft = solara.use_state(text)
    error, set_error = solara.use_state(None)
    solara.use_effect(lambda: set_draft(text), [text])
    side = parse_side(text)
    lands = [s.landscape for s in side]
    events = [s.event for s in side]

    def paint(n: int):
        new = list(side)
        space = new[n - 1]
        if tool in LANDSCAPES:
            new[n - 1] = Space(tool, space.event)
        elif tool == "..":
            new[n - 1] = Space(space.landscape, None)
        else:
            new[n - 1] = Space(space.landscape, tool)
        on_text(side_to_text(tuple(new)))

    def load(typed: Optional[str] = None):
        try:
            side_read = read_side(draft if typed is None else typed)
        except GameError as e:
            set_error(str(e))
            return
        set_error(None)
        on_text(side_to_text(side_read))

    def pick(id_: str):
        if id_.startswith("tool-"):
            set_tool(id_[5:])

    with solara.Column(gap="8px", classes=["bw-side-editor"]) as col:
        solara.Text("Pick a landscape or an event, then click spaces to paint them.", style={"color": "#555"})
        with solara.Div(style={"max-width": "1160px", "width": "100%"}):
            Board(svg=palette_svg(tool), on_click=pick, class_name="bw-palette-board", css=PALETTE_CSS, defs=DEFS)
        SheetBoard(sheet_svg(lands, events, title="lab side"), paint)
        with solara.Row(style={**ROW, "align-items": "flex-start"}):
            solara.InputText("Side text (F:O2 D:.. M:FT …)", value=draft, on_value=lambda t: (set_draft(t), load(t)),
                             classes=["bw-side-text"], style={"min-width": "520px"})
            Controls(on_undo=edits.undo, on_redo=edits.redo, can_undo=edits.can_undo, can_redo=edits.can_redo)
        Reminder(error, on_close=lambda: set_error(None))
        Problems(check_side_landscapes(lands, load_decks(), "side"), prefix="bw-side", words=SIDE_OK)
    return col


@solara.component
def SideScorer(text: str):
    """Score a side with the best choices or one's own, in words and notation; step through either trace."""
    injuries, set_injuries = solara.use_state(0)
    swords, set_swords = solara.use_state(0)
    mine, set_mine = solara.use_state({})
    which, set_which = solara.use_state("best")
    step, set_step = solara.use_state(None)
    side = parse_side(text)
    events = tuple(s.event for s in side)
    lands = [s.landscape for s in side]
    best = score_side(side, injuries, swords)
    points = choice_points(events)
    keys = {k for k, _, _ in points}
    mine_now = {k: v for k, v in mine.items() if k in keys}
    own, own_error = None, None
    if any(v != "best" for v in mine_now.values()):
        try:
            own = score_side(side, injuries, swords, own_choices(events, mine_now, best.choices))
        except GameError as e:
            own_error = str(e)
    shown = own if which == "mine" and own is not None else best
    steps = list(shown.trace)
    kw = {}
    if step is not None and 0 <= step < len(steps) and isinstance(steps[step].where, int):
        kw["step_space"] = steps[step].where
    with solara.Column(gap="8px", classes=["bw-side-scorer"]) as col:
        with solara.Row(style=ROW):
            solara.SliderInt("Injuries carried in", value=injuries, min=0, max=5, on_value=set_injuries)
            solara.SliderInt("Swords carried in", value=swords, min=0, max=6, on_value=set_swords)
        solara.Success(f"Best: {best.points} points: {result_words(events, best)} (rule B16).",
                       classes=["bw-best-score"], dense=True)
        _notation(best, "bw-best-notation")
        if points:
            solara.Text("Your choices (leave 'best' to let the engine choose):", style={"font-weight": "600"})
            with solara.Row(style=ROW):
                for key, label, opts in points:
                    solara.Select(label, values=["best"] + opts, value=mine_now.get(key, "best"),
                                  on_value=lambda v, key=key: set_mine({**mine_now, key: v}),
                                  classes=[f"bw-choice-{key}"], style={"max-width": "190px"})
        Reminder(own_error)
        if own is not None:
            diff = own.points - best.points
            (solara.Info if diff == 0 else solara.Warning)(
                f"Yours: {own.points} points ({'as good as the best' if diff == 0 else f'{diff} against the best'}):"
                f" {result_words(events, own)}.", classes=["bw-own-score"], dense=True)
            _notation(own, "bw-own-notation")
            solara.ToggleButtonsSingle(value=which, values=["best", "mine"],
                                       on_value=lambda v: (set_which(v), set_step(None)))
        SheetBoard(sheet_svg(lands, shown.events, badges=trace_badges(steps), clickable=False,
                             title="after the Portals", **kw))
        Explain(steps, step, set_step, title=f"Trace ({'your choices' if shown is own else 'best choices'})")
    return col


def _notation(result, cls: str):
    """The choices of a result in notation, beside its words (the lab shows both)."""
    return solara.HTML(tag="div", unsafe_innerHTML=f"notation: <code>{result.choices.text() or '(none)'}</code>",
                       classes=[cls], style={"color": "#555", "font-size": "13px"})


@solara.component
def BaladaLab(side: str = DEFAULT_SIDE):
    """The lab: a side editor and scorer, and a game to analyse (see the module docstring)."""
    edits = use_edits(side)  # the side's texts, reassigned, never mutated
    tab, set_tab = solara.use_state(0)
    app = solara.use_memo(lambda: BaladaApp(players=1, seed=0), [])

    def to_editor(text: str):
        edits.push(text)
        set_tab(0)

    with solara.Column(classes=["balada-lab"], gap="8px", style={"max-width": "1180px"}) as col:
        with solara.lab.Tabs(value=tab, on_value=set_tab):
            solara.lab.Tab("Side editor and scorer", classes=["bw-tab-side"])
            solara.lab.Tab("Game analysis", classes=["bw-tab-game"])
        if tab == 0:
            SideEditor(edits.state, edits.push, edits)
            SideScorer(edits.state)
        else:
            solara.Text("Play on, undo, click any move or branch to go back there and try another line; "
                        "the advisor estimates each placement.", style={"color": "#555"})
            app.element(lab=True, on_edit_side=to_editor)
    return col
