"""Balada's game review on the board: the kit's review (:mod:`balada_widgets.ui.review`) with Balada's boards.

:func:`ReviewButton` is what the game view puts at the end of a game: a
"Review the game" button that opens :func:`~balada_widgets.ui.review.ReviewPanel`
on the finished session (any player's game, the bots' too), measured by
:func:`~.review.review`. :func:`review_board` draws a moment for a retry:

- a placement: the turn's cards and the sheet as it was (the table of the live
  game); click card A or B to choose the symbol, then a highlighted space
  (its landscape matches the card, rule B2);
- a walk decision: the sheet with the hero at the decision and the choices
  as buttons (the live walk's words); for a Portal, click the event it should
  take (highlighted) or keep it empty.

Stable classes: the board ``bw-review-board`` (spaces ``data-id="space-<n>"``,
cards ``data-id="card-A"``/``"card-B"``), the choices ``bw-review-option-<i>``
and ``bw-review-keep-empty``; the button ``bw-review-open``.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import solara

from ..core.review import Moment
from ..ui.board import Board
from ..ui.review import ReviewButton as KitReviewButton
from . import drawing  # the pure drawings of the sheet and the cards
from .review import PlacementBoard, WalkBoard, cap, review_steps
from .rules import Place, PortalMove
from .scoring import apply_portal
from ..core.spec import seat_name

__all__ = ["PlacementRetry", "ReviewButton", "WalkRetry", "review_board"]


@solara.component
def PlacementRetry(moment: Moment, answer: Any, on_answer: Optional[Callable[[Any], None]]):
    """The turn's cards and the sheet as it was: choose a card, then a space (``on_answer(Place)``)."""
    pb: PlacementBoard = moment.extra
    cards = pb.cards
    card, set_card = solara.use_state("A")
    if isinstance(answer, Place):
        card = "B" if cards.b == answer.event and cards.a != answer.event else "A"
    ev = cards.b if card == "B" and cards.b else cards.a
    live = on_answer is not None
    legal = {m.space for m in pb.legal if m.event == ev} if live else set()
    events = list(pb.events)
    picked = set()
    if isinstance(answer, Place):
        events[answer.space - 1] = answer.event
        picked = {answer.space}
    if live:
        lines = (("Your retry", "bw-round"),
                 ("choose a card, then a space" if answer is None else
                  f"the {drawing.event_label(answer.event)} in space {answer.space}", "bw-active"))
    else:
        lines = (("The best choice", "bw-round"), (f"the {drawing.event_label(answer.event)} in space {answer.space}",
                                                   "bw-active"))
    svg = drawing.table_svg(lines, cards, card, live, pb.lands, tuple(events), legal=legal, picked=picked,
                            preview=ev if live else None, title="the sheet as it was")

    def click(id_: str):
        if not live:
            return
        if id_.startswith("card-") and id_[5:] in ("A", "B"):
            set_card(id_[5:])
            if isinstance(answer, Place):
                on_answer(None)
        elif id_.startswith("space-") and id_[6:].isdigit() and int(id_[6:]) in legal:
            on_answer(Place(moment.player, ev, int(id_[6:])))

    with solara.Div(style={"width": "100%", "max-width": "760px"}) as div:
        Board(svg=svg, on_click=click, class_name="bw-review-board" if live else "bw-review-best-board",
              label="the table at this moment", css=drawing.TABLE_CSS, defs=drawing.DEFS)
    return div


@solara.component
def WalkRetry(moment: Moment, answer: Any, on_answer: Optional[Callable[[Any], None]]):
    """The sheet with the hero at the decision and the choices (``on_answer(move)``)."""
    wb: WalkBoard = moment.extra
    live = on_answer is not None
    events = wb.events
    kw: dict = {}
    if wb.portal is not None:
        sources = {m.source for m, _ in wb.options if m.source is not None}
        kw["portal"] = wb.portal
        if live:
            kw["legal"] = sources
        if isinstance(answer, PortalMove) and answer.source is not None:
            events = apply_portal(events, answer.portal, answer.source)
            kw["picked"] = {answer.source}
    else:
        kw.update(hero=wb.pos + 1, focus=wb.pos + 1, done_upto=wb.pos + 1)
    svg = drawing.sheet_svg(wb.lands, events, title=moment.title, **kw)

    def click(id_: str):
        if live and wb.portal is not None and id_.startswith("space-") and id_[6:].isdigit():
            n = int(id_[6:])
            if n in kw.get("legal", ()):
                on_answer(PortalMove(moment.player, wb.portal, n))

    h = wb.hero
    with solara.Column(gap="6px", style={"width": "100%", "max-width": "760px"}) as col:
        if wb.portal is None:
            solara.Text(f"Hero: {h.injuries} injur{'y' if h.injuries == 1 else 'ies'} · {h.swords} "
                        f"sword{'' if h.swords == 1 else 's'} · {wb.points_so_far} points so far",
                        style={"color": "#555"})
        Board(svg=svg, on_click=click, class_name="bw-review-board" if live else "bw-review-best-board",
              label="the sheet at this moment", css=drawing.SHEET_CSS, defs=drawing.DEFS)
        if live:
            with solara.Row(style={"gap": "8px", "flex-wrap": "wrap", "align-items": "center"}):
                for i, (m, words) in enumerate(wb.options):
                    if isinstance(m, PortalMove) and m.source is not None:
                        continue  # a Portal's sources are clicked on the board
                    chosen = answer == m
                    cls = "bw-review-keep-empty" if isinstance(m, PortalMove) else f"bw-review-option-{i}"
                    solara.Button(cap(words), on_click=lambda m=m: on_answer(m), outlined=not chosen,
                                  color="primary", classes=[cls] + (["chosen"] if chosen else []),
                                  attributes={"aria-pressed": "true" if chosen else "false"})
        if answer is not None:
            words = dict(wb.options).get(answer, "")
            solara.Text(("Your retry: " if live else "") + cap(words), style={"font-weight": "600"})
    return col


def review_board(moment: Moment, answer: Any, on_answer: Optional[Callable[[Any], None]]):
    """The board of a moment for the kit's review (``on_answer=None``: ``answer`` drawn read-only)."""
    if moment.kind == "placement":
        return PlacementRetry(moment, answer, on_answer)
    return WalkRetry(moment, answer, on_answer)


def ReviewButton(session, bots: dict, names: Optional[dict] = None, samples: Optional[int] = None):
    """"Review the game" at the end of a game, then the review of any player's game (``names``: seat names):
    the kit's :func:`~balada_widgets.ui.review.ReviewButton` on :func:`~.review.review_steps` (shown decision
    by decision) and :func:`review_board`."""
    game = session.game
    names = names or {p: seat_name(p, bots, game.num_players) for p in range(game.num_players)}
    kwargs = {} if samples is None else {"samples": samples}
    return KitReviewButton(session, bots, names, lambda player: review_steps(session, player, name=names[player],
                                                                              **kwargs), review_board)
