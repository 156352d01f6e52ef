"""Live exercises: the learner's clicks on a board become the engine's moves.

A click the engine refuses leaves the position as it was and shows the engine's reason with its rule, in
the learner's language. Chance is scripted (the parcel tokens a step's builds draw), so a step plays the
same every time; the last step's game draws them from a seeded generator instead.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from ...core.feedback import Feedback
from .. import i18n
from ..drawing import cards_markup, move_target, parse_id, player_markup
from ..state import BaldursGateState, Bottom, Build, Done, DrawToken, Income, Keep, Parcel, Pick, Spot, Take, Token, \
    Track, Trade, Turn, Use, Worker
from . import boards

#: what a click on a card means, by the step pending (else it builds the card)
CARD_MOVES = {"keep": Keep, "offer": Take, "bottom": Bottom, "pick": Pick}
SPOT_MOVES = {"parcel": Parcel, "fort": Spot, "location": Worker, "track": Track}


@dataclass(frozen=True)
class Frame:
    """A live exercise after some clicks: the state, what the last click did, the log, the refused clicks."""

    state: BaldursGateState
    message: str = ""
    log: tuple = ()
    refused: tuple = ()  # (click id, rule, move) of each click the engine refused, in order
    moves: tuple = ()  # the learner's moves the engine applied, in order


def bare(id_: str) -> str:
    """A click's id without its ``@n`` (a live board numbers its ids, so a click can repeat)."""
    return id_.split("@", 1)[0]


class Live:
    """The learner's clicks on ``start`` played by the engine, for you (player 1).

    ``tokens``: the parcel tokens the builds draw, in order; ``others(game, state)``: another house's move
    when it decides (``None``: the exercise stops there); ``stop(state)``: the exercise is over (by default
    when your turn is over); ``chance(state, k)``: a seeded draw instead of the scripted tokens.
    """

    def __init__(self, lesson, game, start: BaldursGateState, *, tokens=(), others=None, stop=None, chance=None):
        self.lesson, self.game, self.start, self.tokens, self.others = lesson, game, start, tuple(tokens), others
        self.chance, self._frames = chance, {}
        self.stop = stop or (lambda s: s.over or (s.tasks and type(s.tasks[0]) is Turn and s.tasks[0].player != 0))

    def settle(self, state: BaldursGateState, log: list) -> BaldursGateState:
        """Chance and the other houses play until you decide or the exercise is over."""
        g = self.game
        while not (state.over or self.stop(state)):
            if g.is_chance(state):
                wanted = [x for x in self.tokens if x in state.bag] if type(state.tasks[0]) is DrawToken else []
                move = self.chance(state, len(log)) if self.chance else Token(wanted[0]) if wanted and \
                    state.tasks[0].purpose == "build" else g.chance_outcomes(state)[0][0]
            elif g.to_move(state) == (0,) or self.others is None or (move := self.others(g, state)) is None:
                return state
            log.append(g.describe_move(state, move, 0))
            state = g.apply(state, move)
        return state

    def move_of(self, state: BaldursGateState, id_: str):
        """The move a click means now (legal or not: the engine then says why not), or ``None``."""
        g = self.game
        if not state.tasks or g.to_move(state) != (0,):
            return None
        if id_.startswith("m-"):
            trade = id_.removeprefix("m-trade-")
            return {"m-income": Income(0), "m-done": Done(0)}.get(id_) or (
                Trade(0, "" if trade == "none" else trade) if trade != id_ else None)
        what, value = parse_id(id_) or (None, None)
        kind, me = g.pending(state).kind, state.players[0]
        if what == "card" and kind == "income" and value in (me.hq, *me.portfolio):
            return Use(0, value, next((a for card, a in g.usable(state, 0) if card == value), 0))
        made = CARD_MOVES.get(kind, Build) if what == "card" else SPOT_MOVES.get(what)
        return made(0, value) if made else None

    def frame(self, selected: tuple) -> Frame:
        """The exercise after the clicks ``selected`` (each id with its ``@n``)."""
        selected = tuple(selected)
        if selected not in self._frames:
            self._frames[selected] = self._click(self.frame(selected[:-1]), bare(selected[-1])) if selected else \
                Frame(self.settle(self.start, []))
        return self._frames[selected]

    def _click(self, before: Frame, id_: str) -> Frame:
        g, said, state = self.game, self.lesson.live, before.state
        move = None if state.over or self.stop(state) else self.move_of(state, id_)
        if move is None:
            return replace(before, message=said["over" if state.over or self.stop(state) else "nothing-there"])
        if not g.is_legal(state, move):
            rule, why = ("W3", said["one-trade"]) if type(move) is Trade and g.pending(state).kind != "trade" else \
                g.why_illegal(state, move)
            return replace(before, message=self.lesson.ruled(why[:1].upper() + why[1:] + ".", rule),
                           refused=before.refused + ((id_, rule, move),))
        log = list(before.log) + [g.describe_move(state, move, 0)]
        return Frame(self.settle(g.apply(state, move), log), "", tuple(log), before.refused, before.moves + (move,))

    def clicks(self, moves) -> tuple:
        """The click ids (``id@n``) that play ``moves`` (for *Show me* and the tests)."""
        return tuple(f"{click_id(m)}@{k}" for k, m in enumerate(moves))

    def refusal(self, selected: tuple, misread=lambda id_, rule, move: None) -> Optional[Feedback]:
        """The last refused click as feedback: its misreading (``misread(id, rule, move)``), else the engine's
        reason with its rule (what the board showed); ``None`` if no click was refused."""
        fr = self.frame(tuple(selected))
        if not fr.refused:
            return None
        mid, rule = misread(*fr.refused[-1]), fr.refused[-1][1]
        return self.lesson.mis(mid) if mid else Feedback(
            False, fr.message or self.lesson.ruled(self.lesson.live["refused"], rule), rule)

    def draw(self, selected: tuple, *, board: str = "full", offer=False, others=False, mask_defence=False,
             log=True, hide_score=False, label: str = "") -> str:
        """The board after the clicks ``selected``: what happened, the buttons, the city and beside it the
        houses' boards: ``board`` ``"full"`` (yours), ``"hand"`` (only your hand: your resources stay out of
        sight when the question is what they become) or ``"none"``; ``hide_score``: the prestige before the
        final scoring (the score is the question)."""
        g, said = self.game, self.lesson.live
        fr = self.frame(tuple(selected))
        state, suffix = fr.state, f"@{len(selected)}"
        view = pre_scoring(g.view(state, 0)) if hide_score and state.over else g.view(state, 0)
        stopped = state.over or self.stop(state)
        kind = g.pending(state).kind if not stopped and g.to_move(state) == (0,) else ""
        said_now = fr.message or (said["done"] if stopped else said.get(f"note.{kind}", g.pending(state).text))
        buttons = [boards.chip(f"m-income{suffix}", said["income"])] if kind == "turn" else []
        buttons += [boards.chip(f"m-done{suffix}", i18n.text("ui.btn.done", g.language))] if kind == "income" else []
        here = state.players[0].worker
        if here and (kind == "trade" or (kind in ("spot", "track") and any(type(m) is Worker for m in fr.moves))):
            buttons += self._trades(state, here, suffix)
        buttons += [boards.chip(selected[-1], said["back"], kind="back")] if selected else []
        blocks = [cards_markup(g, view.tasks[0].drawn, title=i18n.text("ui.cards_keep", g.language))] \
            if kind == "keep" else []
        houses = ([0] if board == "full" else []) + (list(range(1, g.players)) if others else [])
        blocks += [player_markup(g, view, p, viewer=0, name=boards.house_name(self.lesson, p)) for p in houses]
        blocks += [cards_markup(g, view.players[0].hand, title=said["your-hand"])] if board == "hand" else []
        blocks += [cards_markup(g, view.offer, title=i18n.text("ui.offer_label", g.language))] if offer else []
        shown = "<br>".join("· " + boards.escape(x) for x in fr.log[-5:]) if log else ""
        return boards.html(boards.caption(said_now, "warn" if fr.message else "ok" if stopped else ""),
                           boards.chips(buttons), boards.beside(boards.city(
                               g, state, suffix=suffix, mask_defence=mask_defence), [boards.numbered(b, suffix)
                                                                                      for b in blocks]),
                           f'<div class="log">{shown}</div>' if shown else "", label=label)

    def _trades(self, state, district: str, suffix: str) -> list:
        g = self.game
        extra = i18n.text("desc.damaged_extra", g.language) if district in state.damage else ""
        return [boards.chip(f"m-trade-{tr.id}{suffix}", i18n.text(f"ui.trade.{tr.id}", g.language) + ": "
                            + g.trade_text(district, tr.id, g.language) + extra)
                for tr in g.content.locations[district].trades] + \
            [boards.chip(f"m-trade-none{suffix}", i18n.text("ui.btn.no_trade", g.language))]


def click_id(move) -> str:
    """The id a click that plays ``move`` carries: a spot, a card, or a button (income, done, a trade)."""
    if type(move) is Trade:
        return f"m-trade-{move.trade or 'none'}"
    return move_target(move) or {Income: "m-income", Done: "m-done"}[type(move)]


def pre_scoring(view: BaldursGateState) -> BaldursGateState:
    """The view with each house's prestige before the final scoring (E6-E9 taken off): the score stays a question."""
    final = ("E6", "E7", "E8", "E9")
    return view._replace(players=tuple(
        pl._replace(prestige=pl.prestige - sum(x.points for x in pl.gains if x.rule in final)) for pl in view.players))
