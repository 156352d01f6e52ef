"""Builders of Baldur's Gate in Jupyter and Solara: the live game, hot-seat or against bots, in English or Czech.

Imported only when a game is shown (``baldurs_gate.new_game(...)`` or the
app), so ``import balada_widgets.baldurs_gate`` stays free of Solara.

- :class:`BaldursGateApp`: ``baldurs_gate.new_game(players=3, bots=2, seed=0,
  language="en", advanced=False)`` makes one; the last expression of a cell
  shows the live game. ``app.session`` is the session, ``app.play("p1 income")``
  plays for the human to move and lets the bots answer.
- :func:`BaldursGateView`: one session's game. The city is ONE SVG board
  (:mod:`.drawing`). Every step of an action is its own decision
  (``game.pending``): the spots, cards and tracks a decision may take are
  highlighted from ``game.legal_moves`` only, a click plays the move, and the
  pending decision is said in plain words with a numbered button per choice
  (digits press them). At the start of a turn, *Build* (B) and *Worker* (W)
  narrow the choice to the cards of the hand or the locations; *Income* (I)
  takes income. A refused click shows the engine's rule reminder. Beside the
  city: the house on the seat (resources, influence, portfolio ready or used,
  and its OWN hand and agendas: another player's never reach the page; with
  several humans a pass screen comes first), the building offer, the other
  houses (their hands as card backs), what the other seats and chance did around your last move in words
  (the kit's :mod:`..ui.others`, ``bw-others-did``), the attack log, the log in words as
  the viewer may know it (undo, redo, branches), and at the end the final
  scoring walked step by step with every rule.
- :data:`BaldursGateApp`: the kit's generic app for the game's spec (its ``element()``: a notebook cell, the
  app's pages), which shows :func:`BaldursGateView`; its new-game form and share panel speak the game's
  language (the spec's ``words``).

Every word is in the engine's catalogue (:mod:`.i18n`, keys ``ui.*``), in
English and Czech, switched by the game's ``language``.

The city board takes the keyboard while focused (:data:`KEYS`, also in
``docs/baldurs-gate.md`` and ``docs/baldurs-gate.cs.md``); a key does what the
matching click does, so a refused move shows the same rule reminder.

Stable hooks for tests: the city board has the class ``bw-bg-city`` (node
groups ``data-id="P17"``, ``"F-SEA-b"``, ``"H-SEA"``, ``"L-SEA"``,
``"track-fist"``, with the classes ``tg`` (target), ``sel``, ``cur``); the
seat's board ``bw-bg-me`` and the offer ``bw-bg-offer`` (cards
``data-id="card-inn-03"``, class ``tg``); the decision box ``bw-bg-decision``
with buttons ``bw-bg-choice`` (and ``bw-bg-choice-<k>``, ``bw-bg-mode-build``,
``bw-bg-mode-worker``, ``bw-bg-income``, ``bw-bg-done``), ``bw-bg-back``; the
status ``bw-bg-status``; the side column's head ``bw-bg-side-head`` (the refusal, the decision, the cards to
choose and the others' moves; while the game goes on it is pinned to the window's top, ``bw-bg-side-pinned``,
so a click low on the city or on the hand leaves them in view); the result ``bw-bg-result``; the kit's form
``bw-baldurs-gate-form`` (``bw-form-start``...); the pass screen ``bw-pass-screen`` with ``bw-pass-ready``.
The other houses (``bw-bg-others``), the attack log (``bw-bg-attacks``) and
the move log are made only while their section is open (buttons
``bw-bg-others-box-toggle``, ``bw-bg-attacks-box-toggle``,
``bw-bg-log-box-toggle``).

Speed: the city's unchanging part (districts, names, lines, legend, track
spaces) is sent once as a ``<symbol>`` in the board's ``defs``
(``city_svg(..., background="defs")``); the keyboard cursor lives in the
city's own component, so a cursor step redraws the city alone; positions are
handed to components in a :class:`~balada_widgets.ui.hooks.Box` (reacton would walk a state's tuples
on every render); the decision box keeps its buttons and reuses them.
"""

from __future__ import annotations

import zlib
from typing import Any, Callable, NamedTuple, Optional

import solara

from ..core.session import Session
from ..core.spec import seat_names, you_seat
from ..ui.app import app_class
from ..ui.board import Board
from ..ui.controls import Controls
from ..ui.explain import Explain
from ..ui.hooks import Box, use_latest
from ..ui.move_log import MoveLog, branch_entries, labels_for, log_entries
from ..ui.others import OthersDid, others_did
from ..ui.play import use_cursor, use_play
from ..ui.seat import PassScreen, use_seat
from .drawing import (
    CARDS_CSS, CSS, DEFS, PLAYER_COLOURS, button_label, cards_markup, city_defs, city_svg, move_target, natural_move,
    parse_id, player_markup, target_centres, targets_of,
)
from . import SPEC, i18n
from .i18n import qty
from .rules import BaldursGateGame
from .state import MASK, Build, Done, Income, Trade, Worker

__all__ = ["KEYS", "BaldursGateApp", "BaldursGateView", "Choice", "button_label", "choices_for", "kit_words",
           "natural_move"]

#: The city board's keys while it has the focus (click it, or Tab to it): ``(key, catalogue key of its meaning)``.
KEYS = (
    ("← → ↑ ↓", "ui.key.arrows"),
    ("Page Down / Page Up", "ui.key.pages"),
    ("Enter / Space", "ui.key.enter"),
    ("1 … 9", "ui.key.digits"),
    ("B", "ui.key.build"),
    ("W", "ui.key.worker"),
    ("I", "ui.key.income"),
    ("D", "ui.key.done"),
    ("U / Y", "ui.key.undo"),
    ("Esc", "ui.key.esc"),
)

_PANEL = {"gap": "8px", "align-items": "center", "flex-wrap": "wrap"}
#: decisions whose options are clicked on the city (buttons too when there are few)
_CITY_KINDS = ("parcel", "spot", "track")
_FEW = 6


# ======================================================================= pure helpers (no Solara state)


class Choice(NamedTuple):
    """A button of the decision box: its words and what it does (a move, or a view action: ``"build"``...)."""

    label: str
    move: Any
    kind: str = "move"  # "move", "mode" (narrow the turn's choice), "back"


def choices_for(game, view, pending, moves: list, mode: Optional[str] = None, chosen: Optional[str] = None,
                language: Optional[str] = None) -> tuple[list, dict]:
    """The decision's buttons and the clickable targets: ``(choices, {data-id: [moves]})``.

    Everything comes from ``moves`` (the legal moves of the decision). At
    the start of a turn, ``mode`` ``"build"`` or ``"worker"`` narrows both to
    the cards or the locations; ``None`` offers all three actions. ``chosen``
    is a card clicked that has several moves (an HQ with two abilities).
    """
    language = language or game.language
    targets = targets_of(moves)
    kind = pending.kind if pending is not None else None
    if kind == "turn":
        builds = [m for m in moves if type(m) is Build]
        workers = [m for m in moves if type(m) is Worker]
        income = [m for m in moves if type(m) is Income]
        if mode == "build" and builds:
            return ([Choice(button_label(game, view, m, language),
                            m) for m in builds] + [Choice(i18n.text("ui.btn.back", language), None, "back")],
                    {move_target(m): [m] for m in builds})
        if mode == "worker" and workers:
            return ([Choice(button_label(game, view, m, language), m) for m in workers] +
                    [Choice(i18n.text("ui.btn.back", language), None, "back")], {move_target(m): [m] for m in workers})
        out = []
        if builds:
            out.append(Choice(i18n.text("ui.btn.build_mode", language, n=len(builds)), "build", "mode"))
        if workers:
            out.append(Choice(i18n.text("ui.btn.worker_mode", language), "worker", "mode"))
        out += [Choice(button_label(game, view, m, language), m) for m in income]
        return out, targets
    if chosen is not None and len(targets.get(chosen, [])) > 1:
        here = targets[chosen]
        return ([Choice(button_label(game, view, m, language),
                        m) for m in here] + [Choice(i18n.text("ui.btn.back", language), None, "back")],
                targets)
    if kind in _CITY_KINDS and len(moves) > _FEW:
        return [], targets
    return [Choice(button_label(game, view, m, language), m) for m in moves], targets


def _note(game, pending, mode, n_targets: int, language: str) -> str:
    kind = pending.kind
    if kind == "turn":
        return i18n.text("ui." + {"build": "note.build", "worker": "note.worker"}.get(mode, "note.turn"), language)
    if kind in ("parcel", "spot"):
        return i18n.text(f"ui.note.{kind}", language, n=n_targets)
    if kind == "track":
        return i18n.text("ui.note.track", language)
    if kind == "income":
        return i18n.text("ui.note.income", language)
    if kind in ("build", "offer", "keep", "bottom", "pick"):
        return i18n.text("ui.note.cards", language)
    return ""


def kit_words(language: str) -> dict:
    """The kit's panels' words (controls, pass screen, log, explain, share) in ``language``."""
    keys = ("undo", "redo", "restart", "new_game", "pass_title", "pass_ready", "pass_ready_show", "pass_waiting",
            "start", "go_start", "go_move", "branches", "branch", "switch", "rule", "points", "why", "total",
            "so_far", "all", "step", "share", "share_position", "share_save", "share_paste", "share_load",
            "share_loaded", "share_warning", "share_reveal", "share_all_hidden", "share_hide", "position",
            "save_file")
    return {k: i18n.text(f"ui.kit.{k}", language) for k in keys}


# ======================================================================= the app object

#: ``baldurs_gate.new_game(...)`` returns one: the kit's generic app (:class:`~balada_widgets.ui.app.GameApp`) for
#: the game's spec, which shows :func:`BaldursGateView` (the form and the share panel in the game's language)
BaldursGateApp = app_class(SPEC)


# ======================================================================= components


@solara.component
def CityPanel(game, box: Box, viewer, targets: tuple, selected: tuple, districts: tuple, on_act: Callable,
              on_key: Callable, label: str, reset: Any, hint: str):
    """The city as one board with its keyboard cursor (kept here, so a cursor step redraws the city alone).

    The drawing is made again only when what it shows changes; arrows, Page
    Up/Down, Home/End and Enter go to the cursor, every other key to ``on_key``.
    """
    view = box.value
    centres = solara.use_memo(lambda: target_centres(game, targets), [game, targets])
    cursor, cursor_key = use_cursor(centres, on_act=on_act, reset=reset)
    svg = solara.use_memo(lambda: city_svg(game, view, viewer=viewer, targets=targets, selected=selected,
                                           cursor=cursor, highlight_districts=districts, label=label,
                                           background="defs"),
                          [game, view, viewer, targets, selected, cursor, districts, label])
    defs = solara.use_memo(lambda: DEFS + city_defs(game), [game])
    version = zlib.crc32(svg.encode()) & 0x7FFFFFFF

    def key(k: str) -> None:
        if not cursor_key(k):
            on_key(k)

    with solara.Column(gap="4px") as col:
        Board(svg=svg, on_click=on_act, on_key=key, class_name="bw-bg-city", label=label, version=version, css=CSS,
              defs=defs)
        solara.Text(hint, classes=["bw-keys-help"], style={"color": "#666", "font-size": "12px"})
    return col


@solara.component
def LazyDetails(summary: str, render: Callable[[], Any], expand: bool = False, classes: list = [],  # noqa: B006
                extra: str = ""):
    """A closed section whose content is made only while it is open (the log, the attacks, the other houses).

    ``extra`` is a short line shown beside the toggle, open or closed.
    """
    open_, set_open = solara.use_state(expand)
    with solara.Column(gap="2px", classes=["bw-bg-details"] + list(classes)) as col:
        with solara.Row(style={"align-items": "center", "gap": "6px", "flex-wrap": "wrap"}):
            solara.Button(("▾ " if open_ else "▸ ") + summary, on_click=lambda: set_open(not open_), text=True,
                          small=True, classes=["bw-bg-details-toggle"] + [f"{c}-toggle" for c in classes],
                          style={"text-transform": "none", "font-weight": "600", "letter-spacing": "0"},
                          attributes={"aria-expanded": "true" if open_ else "false"})
            solara.Text(extra, style={"color": "#6b604b", "font-size": "12.5px"})
        if open_:
            render()
    return col


@solara.component
def CardsBoard(markup: str, on_click: Callable, class_name: str, label: str, on_key: Optional[Callable] = None):
    version = zlib.crc32(markup.encode()) & 0x7FFFFFFF
    return Board(svg=markup, on_click=on_click, on_key=on_key, class_name=class_name, label=label, version=version,
                 css=CARDS_CSS, defs=DEFS)


#: long choices wrap inside their button instead of running out of the panel
_DECISION_CSS = """
.bw-bg-decision .v-btn { white-space: normal; height: auto !important; min-height: 28px; max-width: 100%;
  padding-top: 3px !important; padding-bottom: 3px !important; letter-spacing: 0; }
.bw-bg-decision .v-btn__content { white-space: normal; flex: 1 1 auto; text-align: left; line-height: 1.3; }
"""
#: the side column's head (the refusal, the decision, the cards to choose, the others' moves) stays at the top of
#: the window while the page scrolls (to the city's lower parcels, to the hand): where the eye is after a click.
#: Its 12 px above (the app page's padding) are its own padding, so nothing peeks out above it once it sticks.
_SIDE_CSS = """
@media (min-width: 960px) and (min-height: 600px) {
  .bw-bg-side-pinned { position: sticky; top: -12px; margin-top: -12px !important; padding: 12px 0 6px 0; z-index: 4;
    background: var(--jp-layout-color0, white); max-height: calc(100vh - 120px); overflow-y: auto;
    box-shadow: 0 6px 6px -6px #0003; }
}
"""
_POOL = 11  # buttons kept by the decision box: new choices reuse them (a widget made anew costs a round trip)


@solara.component
def Decision(text: str, choices: list, on_choose: Callable[[int], None], note: str = ""):
    """The pending decision in words and a numbered button per choice (digits press them).

    The box always holds at least :data:`_POOL` buttons and hides those it
    does not need, so a new decision changes the buttons it has instead of
    making new ones.
    """
    with solara.Column(gap="6px", classes=["bw-bg-decision"]) as col:
        solara.Style(_DECISION_CSS)
        solara.Text(text, style={"font-weight": "700"}, classes=["bw-bg-pending"])
        solara.Text(note, style={"color": "#6b604b", "font-size": "13px", "display": "block" if note else "none"},
                    classes=["bw-bg-note"])
        with solara.Row(style=_PANEL):
            k = 0
            for i in range(max(_POOL, len(choices))):
                if i >= len(choices):
                    solara.Button("", on_click=_nothing, classes=["bw-bg-spare"], small=True,
                                  style={"display": "none"})
                    continue
                ch = choices[i]
                if ch.kind == "back":
                    solara.Button(ch.label, on_click=lambda i=i: on_choose(i), classes=["bw-bg-back"], text=True,
                                  small=True, attributes={"aria-label": ch.label}, style={"text-transform": "none"})
                    continue
                k += 1
                key = f"{k}. " if k <= 9 else ""
                cls = ["bw-bg-choice", f"bw-bg-choice-{k}"]
                if ch.kind == "mode":
                    cls.append(f"bw-bg-mode-{ch.move}")
                elif type(ch.move) in (Income, Done):
                    cls.append(f"bw-bg-{type(ch.move).__name__.lower()}")
                solara.Button(key + ch.label, on_click=lambda i=i: on_choose(i), classes=cls, small=True,
                              outlined=True, color="primary", attributes={"aria-label": key + ch.label},
                              style={"text-transform": "none"})
    return col


def _nothing() -> None:
    return None


@solara.component
def Refusal(message: Optional[str], rule: Optional[str], on_close: Callable[[], None], language: str = "en"):
    """A refused move (or a hint) in words, beside the top of the city board: the kit's reminder look, with the
    classes ``bw-reminder``, ``bw-bg-refusal`` and ``bw-rule-<id>`` (the id of the rule the engine named)."""
    if not message:
        return solara.Div(classes=["bw-reminder-empty"])
    classes = ["bw-reminder", "bw-bg-refusal"] + ([f"bw-rule-{rule}"] if rule else [])
    # in the side column's head, which stays in the window while the page is scrolled to the city's lower parcels
    with solara.Row(classes=classes, style={"align-items": "center", "gap": "4px"}) as main:
        solara.Error(message, dense=True, classes=["bw-reminder-text"], style={"flex": "1", "margin": "0"})
        solara.Button(icon_name="mdi-close", on_click=on_close, text=True, classes=["bw-reminder-close"],
                      attributes={"aria-label": i18n.text("ui.close", language)})
    return main


@solara.component
def PlayersPanel(game, box: Box, viewer, names: list, active, on_card: Callable, targets: tuple, selected: tuple):
    """The house on the seat (with its own hand) first, then the other houses (hands as card backs)."""
    language = game.language
    view = box.value
    mine = solara.use_memo(lambda: player_markup(game, view, viewer, viewer=viewer, targets=targets,
                                                 selected=selected, name=names[viewer], active=active == viewer)
                           if viewer is not None else "",
                           [game, view, viewer, targets, selected, active])
    with solara.Column(gap="8px") as col:
        if viewer is not None:
            CardsBoard(mine, on_click=on_card, class_name="bw-bg-me",
                       label=i18n.text("ui.aria.my_board", language, name=names[viewer]))
        others = [p for p in range(game.players) if p != viewer]

        def render_others():
            markup = "".join(player_markup(game, view, p, viewer=viewer, name=names[p], active=active == p)
                             for p in others)
            CardsBoard(markup, on_click=_ignore, class_name="bw-bg-others", label=i18n.text("ui.others", language))

        short = " · ".join(f"{names[p]}: {qty(view.players[p].prestige, 'prestige', language)}" for p in others)
        LazyDetails(i18n.text("ui.others", language), render_others, expand=viewer is None,
                    classes=["bw-bg-others-box"], extra=short)
    return col


@solara.component
def OfferPanel(game, offer: tuple, deck: int, discard: int, gates: int, targets: tuple, on_card: Callable):
    language = game.language
    markup = solara.use_memo(lambda: cards_markup(game, offer, targets=targets, title=i18n.text(
        "ui.offer", language, deck=deck, discard=discard, gates=gates)), [game, offer, deck, discard, gates, targets])
    return CardsBoard(markup, on_click=on_card, class_name="bw-bg-offer", label=i18n.text("ui.offer_label", language))


@solara.component
def AttackLog(game, attacks: tuple):
    language = game.language
    with solara.Column(gap="2px", classes=["bw-bg-attacks"]) as col:
        if not attacks:
            solara.Text(i18n.text("ui.no_attacks", language), style={"color": "#777"})
        for a in attacks:
            d = game.city.district_name(a.district, language)
            who = ", ".join(f"{game.player_name(p, language)} +{r}" for p, r in enumerate(a.rewards) if r)
            if a.defended:
                text = i18n.text("ui.attack_held", language, district=d, strength=a.strength, defence=a.defence,
                                 rewards=who or "—")
            else:
                lost = ", ".join(str(n) for n in a.damaged) or "—"
                text = i18n.text("ui.attack_fell", language, district=d, strength=a.strength, defence=a.defence,
                                 parcels=lost)
            if a.final:
                text = i18n.text("ui.final_attack", language) + " " + text
            solara.Text(text, classes=["bw-bg-attack", "held" if a.defended else "fell"],
                        style={"display": "block", "color": "#1b5e3a" if a.defended else "#8f1d12"})
    return col


def _ignore(_id) -> None:
    return None


def _trace_steps(game, state, p: int) -> list:
    """A player's prestige trace with its sources in words (for the kit's Explain)."""
    language = game.language
    tr = game.prestige_trace(state, p)
    out = []
    for st in tr.steps:
        where = st.where
        words = ""
        if isinstance(where, str) and where:
            kind = parse_id(where)
            if where in game.city.names:
                words = game.city.district_name(where, language)
            elif where in game.faction_ids:
                words = game.faction_name(where, language)
            elif kind is not None and kind[0] == "parcel":
                words = i18n.text("thing.parcel", language, n=kind[1])
            elif kind is not None and kind[0] in ("fort", "hq") and where in game.city.index:
                words = game.city.district_name(game.city.district_of[game.city.index[where]], language)
            elif game.content.card(where) is not None:
                words = game.card_name(where, language)
            else:
                words = where
        out.append({"where": words, "rule": st.rule, "points": st.points, "reason": st.reason, "ref": where})
    return out


@solara.component
def ResultPanel(game, box: Box, names: list, on_where: Callable):
    language = game.language
    state = box.value
    who, set_who = solara.use_state(game.winners(state)[0] if game.winners(state) else 0)
    step, set_step = solara.use_state(None)
    steps = solara.use_memo(lambda: _trace_steps(game, state, who), [state, who])

    def on_step(i):
        set_step(i)
        on_where(steps[i]["ref"] if i is not None and 0 <= i < len(steps) else None)

    with solara.Column(classes=["bw-bg-result"], gap="6px") as col:
        solara.Success(i18n.text("ui.game_over", language, result=game.result_text(state)), dense=True)
        scores = " · ".join(f"{names[p]}: {qty(pl.prestige, 'prestige', language)}" for p, pl in enumerate(state.players))
        solara.Text(scores, style={"font-weight": "600"}, classes=["bw-bg-scores"])
        solara.ToggleButtonsSingle(value=who,
                                   on_value=lambda v: (set_who(v), set_step(None), on_where(None)),
                                   classes=["bw-bg-who"], dense=True,
                                   children=[solara.Button(names[p], value=p, small=True, text=True,
                                                           style={"text-transform": "none"})
                                             for p in range(game.players)])
        Explain(steps, step=step, on_step=on_step, title=i18n.text("ui.trace_title", language, name=names[who]),
                where_label=i18n.text("ui.source", language), words=kit_words(language))
    return col


@solara.component
def LogPanel(session, game, viewer, on_goto: Callable[[int], None], version: int):
    """The moves in words as this viewer may know them (hidden draws masked), with branches."""
    cache = solara.use_memo(dict, [session, viewer])
    words = labels_for(game, viewer, words=True)  # the kit's: each move as this viewer may know it

    def label(node):
        got = cache.get(node.id)
        if got is None:
            got = cache[node.id] = words(node)
        return got

    entries = log_entries(session, label)
    return MoveLog(entries[-200:], branch_entries(session, label), on_goto=on_goto,
                   words=kit_words(game.language))


@solara.component
def OthersPanel(session, game, viewer, version: int):
    """What the other seats (and chance) did around your last move, in words as you may know them (the kit's
    :func:`~balada_widgets.ui.others.others_did`): the bots' turns between two of your clicks are read here."""
    cache = solara.use_memo(dict, [session, viewer])
    words = labels_for(game, viewer, words=True)

    def label(node):
        got = cache.get(node.id)
        if got is None:
            got = cache[node.id] = words(node)
        return got

    return OthersDid(others_did(session, viewer, label, most=30),
                     since_title=i18n.text("ui.others_since", game.language),
                     before_title=i18n.text("ui.others_before", game.language), max_height="260px")


@solara.component
def Status(game, view, pending, names, over: bool, you=None):
    language = game.language
    with solara.Row(style=_PANEL, classes=["bw-bg-status"]) as row:
        solara.Text(i18n.text("ui.title", language), style={"font-weight": "700", "font-size": "1.1em"})
        solara.Text(i18n.text("ui.status", language, strength=game.current_strength(view),
                              tokens=qty(game.bag_count(view), "token", language)), style={"color": "#6b604b"})
        if pending is not None and pending.player is not None and not over:
            p = pending.player
            solara.Text(i18n.text("ui.your_decision", language) if p == you else i18n.text("ui.to_decide", language,
                                                                                      name=names[p]), classes=["bw-bg-turn"],
                        style={"color": "white", "background": PLAYER_COLOURS[p % len(PLAYER_COLOURS)],
                               "border-radius": "12px", "padding": "1px 10px", "font-weight": "600"})
    return row


@solara.component
def BaldursGateView(session: Session, bots: dict = {}, on_new_game: Optional[Callable[[], None]] = None):  # noqa: B006
    """The live game of ``session`` with ``bots`` seated (see the module docstring)."""
    game: BaldursGateGame = session.game
    language = game.language
    held, set_held = solara.use_state((None, None, None))  # (node id, mode, chosen data-id)
    where, set_where = solara.use_state(None)  # a trace step's source, shown on the city
    play = use_play(session, bots, on_move=lambda: set_held((None, None, None)))
    seat = use_seat(game, session, bots)
    state = session.state
    node_id = session.current.id
    mode = held[1] if held[0] == node_id else None
    chosen = held[2] if held[0] == node_id else None
    names = seat_names(game, bots)
    over = game.is_over(state)

    viewer = seat.viewer
    view = solara.use_memo(lambda: game.view(state, viewer), [state, viewer])
    pending = solara.use_memo(lambda: game.pending(view) if not over else None, [view, over])
    decider = pending.player if pending is not None else None
    mine = decider is not None and decider == viewer and decider not in bots and not seat.passing
    moves = pending.options if mine else []
    choices, on_board = choices_for(game, view, pending, moves, mode, chosen, language) if mine else ([], {})
    city_ids = tuple(sorted(k for k in on_board if not k.startswith("card-")))
    card_ids = tuple(sorted(k for k in on_board if k.startswith("card-")))
    rc = __import__("reacton").core.get_render_context()
    refused, set_refused = solara.use_state((None, None))  # (message, rule id) of the last refusal

    def act(m) -> None:
        """Play ``m``; a refusal keeps its rule id beside its words (the words name a section, not the id)."""
        st = session.state
        rule = None if game.is_over(st) or game.is_legal(st, m) else game.why_illegal(st, m)[0]
        with rc:
            error = play.act(m)
            if error:
                set_refused((error, rule))

    def act_on(id_: str) -> None:
        got = on_board.get(id_)
        if got and len(got) == 1:
            act(got[0])
        elif got:
            with rc:
                set_held((node_id, mode, id_))
                play.say(None)
        elif mine:
            m = natural_move(game, view, decider, id_, pending.kind)
            if m is None:
                play.say(i18n.text("ui.hint.no_target", language))
            else:
                act(m)

    def choose(i: int) -> None:
        if not 0 <= i < len(choices):
            return
        ch = choices[i]
        if ch.kind == "mode":
            with rc:
                set_held((node_id, ch.move, None))
                play.clear_message()
        elif ch.kind == "back":
            with rc:
                set_held((node_id, None, None))
                play.clear_message()
        else:
            act(ch.move)

    def numbered(k: int) -> None:
        live = [i for i, ch in enumerate(choices) if ch.kind != "back"]
        if 0 <= k < len(live):
            choose(live[k])

    def start(kind: str) -> None:
        if not mine:
            return
        if pending.kind != "turn":
            play.say(i18n.text("ui.hint.not_turn", language, decision=pending.text))
            return
        if kind == "income":
            m = next((m for m in moves if type(m) is Income), None)
            act(m if m is not None else Income(decider))
            return
        wanted = Build if kind == "build" else Worker
        if not any(type(m) is wanted for m in moves):  # nothing to build, or the worker is away: the engine says why
            hand = view.players[decider].hand
            if kind == "build" and not hand:
                play.say(i18n.text("ui.hint.no_hand", language))
            else:
                act(Build(decider, hand[0]) if kind == "build" else Worker(decider, game.city.districts[0]))
            return
        with rc:
            set_held((node_id, kind, None))
            play.clear_message()

    def finish() -> None:
        if not mine:
            return
        m = next((m for m in moves if type(m) is Done or (type(m) is Trade and not m.trade)), None)
        if m is not None:
            act(m)
        else:
            act(Done(decider))

    def back() -> None:
        with rc:
            if play.message:
                play.clear_message()
            elif mode is not None or chosen is not None:
                set_held((node_id, None, None))
            elif mine and pending.kind != "turn" and play.can_undo:
                play.undo()

    def key(k: str) -> None:
        low = k.lower()
        if k.isdigit() and k != "0":
            numbered(int(k) - 1)
        elif low == "b":
            start("build")
        elif low == "w":
            start("worker")
        elif low == "i":
            start("income")
        elif low == "d":
            finish()
        elif low == "u":
            play.undo()
        elif low == "y":
            play.redo()
        elif k == "Escape":
            back()

    on_act, on_key, on_choose = use_latest(act_on), use_latest(key), use_latest(choose)

    # what the city shows besides the targets: the location of a trade, the card's parcel step, a trace step
    sel: tuple = ()
    districts: tuple = ()
    if mine and pending.kind == "trade":
        sel = (f"L-{pending.task.district}",)
    if chosen:
        sel = sel + (chosen,)
    if where is not None and over:
        kind = parse_id(where)
        if where in game.city.names:
            districts = (where,)
        elif kind is not None and kind[0] in ("parcel", "fort", "hq"):
            sel = (where,)
    label = i18n.text("ui.aria.city_board", language) + (f" {pending.text}" if pending is not None and mine else "")

    with solara.Column(classes=["bw-baldurs-gate"], gap="10px", style={"max-width": "1400px"}) as main:
        Status(game, view, pending, names, over, you_seat(game.players, bots))
        with solara.Row(style={"gap": "16px", "align-items": "flex-start", "flex-wrap": "wrap"}):
            with solara.Column(gap="6px", style={"flex": "1 1 560px", "max-width": "880px", "min-width": "320px"}):
                CityPanel(game, Box(view), viewer, city_ids, sel, districts, on_act, on_key, label, (node_id, mode),
                          i18n.text("ui.keys_hint", language))
                Controls(on_undo=play.undo, on_redo=play.redo, on_new_game=on_new_game, can_undo=play.can_undo,
                         can_redo=play.can_redo, dense=True, words=kit_words(language))
            with solara.Column(gap="10px", style={"flex": "1 1 360px", "max-width": "520px", "min-width": "300px"}):
                # beside the board's top, where the eye is after a click; pinned to the window's top while the game
                # goes on (a click low on the city or on the hand scrolls the page: the words stay in view)
                playing = not over and not seat.passing
                head = ["bw-bg-side-head"] + (["bw-bg-side-pinned"] if playing else [])
                with solara.Column(gap="10px", classes=head):
                    solara.Style(_SIDE_CSS)
                    Refusal(play.message, refused[1] if refused[0] == play.message else None, play.clear_message,
                            language)
                    if seat.passing:
                        PassScreen(names[seat.next], on_ready=seat.ready, note=i18n.text("ui.pass_note", language),
                                   show=i18n.text("ui.pass_show", language), words=kit_words(language))
                    elif over:
                        ResultPanel(game, Box(state), names, set_where)
                    elif mine:
                        Decision(pending.text, choices, on_choose, _note(game, pending, mode, len(city_ids), language))
                    elif pending is not None:
                        with solara.Column(gap="6px", classes=["bw-bg-decision"]):
                            solara.Text(pending.text, style={"font-weight": "700"}, classes=["bw-bg-pending"])
                            if play.bots_to_move:
                                solara.Button(i18n.text("ui.bots_play", language), on_click=play.let_bots_play,
                                              classes=["bw-run-bots"])
                    if pending is not None and pending.kind in ("keep", "pick") and mine:
                        drawn = pending.task.drawn if pending.kind == "keep" else view.hq_offer
                        CardsBoard(cards_markup(game, [c for c in drawn if c != MASK], targets=card_ids,
                                                title=i18n.text(f"ui.cards_{pending.kind}", language)),
                                   on_click=on_act, class_name="bw-bg-choose",
                                   label=i18n.text(f"ui.cards_{pending.kind}", language))
                    if playing:
                        OthersPanel(session, game, viewer, play.version)
                PlayersPanel(game, Box(view), viewer, names, pending.player if pending is not None else None, on_act,
                             card_ids, (chosen,) if chosen else ())
                OfferPanel(game, view.offer, len(view.deck) + len(view.bottom), len(view.discard), len(view.gates),
                           card_ids if mine and pending.kind == "offer" else (), on_act)
                LazyDetails(i18n.text("ui.attacks_title", language, n=len(view.attacks)),
                            lambda: AttackLog(game, view.attacks),
                            classes=["bw-bg-attacks-box"])
        LazyDetails(i18n.text("ui.log_title", language), lambda: LogPanel(session, game, viewer, play.goto, play.version),
                    classes=["bw-bg-log-box"])
    return main
