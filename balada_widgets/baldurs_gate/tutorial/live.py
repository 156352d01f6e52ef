"""Live exercises: the learner's clicks on a board become the engine's moves.

A click the engine refuses leaves the position as it was and shows the engine's reason with its rule, in
the learner's language. Chance is scripted (the parcel tokens a step's builds draw), so a step plays the
same every time; the last step's game draws them from a seeded generator instead.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from ...core.errors import InvalidInput
from ...core.feedback import Feedback
from .. import i18n
from ..drawing import cards_markup, move_target, player_markup
from ..state import BaldursGateState, Bottom, Build, Done, DrawToken, Income, Keep, Parcel, Pick, Spot, Take, Token, \
    Track, Trade, Turn, Use, Worker
from . import boards


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
    """The learner's clicks on ``start`` played by the engine, for player ``me``.

    ``tokens``: the parcel tokens the builds draw, in order; ``others(game, state)``: another house's move
    when it decides (``None``: the exercise stops there); ``stop(state)``: the exercise is over (by default
    when the learner's turn is over); ``chance(state, k)``: a seeded draw instead of the scripted tokens.
    """

    def __init__(self, lesson, game, start: BaldursGateState, *, tokens=(), others=None, stop=None, me: int = 0,
                 draw_token=True, chance=None):
        self.lesson, self.game, self.start, self.tokens, self.others = lesson, game, start, tuple(tokens), others
        self.me, self.chance, self.draw_token = me, chance, draw_token
        self.stop = stop or (lambda s: s.over or (s.tasks and type(s.tasks[0]) is Turn and s.tasks[0].player != me))
        self._frames: dict = {}

    def settle(self, state: BaldursGateState, log: list) -> BaldursGateState:
        """Chance and the other houses play until the learner decides or the exercise is over."""
        g = self.game
        for _ in range(400):
            if state.over or self.stop(state):
                return state
            if g.is_chance(state):
                task = state.tasks[0]
                if self.chance is not None:
                    move = self.chance(state, len(log))
                elif type(task) is DrawToken and task.purpose == "build":
                    if not self.draw_token:
                        return state
                    wanted = [x for x in self.tokens if x in state.bag]
                    move = Token(wanted[0]) if wanted else g.chance_outcomes(state)[0][0]
                else:
                    move = g.chance_outcomes(state)[0][0]
            elif g.to_move(state) == (self.me,) or self.others is None:
                return state
            else:
                move = self.others(g, state)
                if move is None:
                    return state
            log.append(g.describe_move(state, move, self.me))
            state = g.apply(state, move)
        raise RuntimeError("the tutorial's live exercise did not come to rest")  # pragma: no cover

    def move_of(self, state: BaldursGateState, id_: str):
        """The move a click means now (legal or not: the engine then says why not), or ``None``."""
        g, p = self.game, self.me
        if not state.tasks or g.to_move(state) != (p,):
            return None
        kind, player = g.pending(state).kind, state.players[p]
        simple = {"m-income": Income(p), "m-done": Done(p)}
        if id_ in simple:
            return simple[id_]
        head, _, rest = id_.partition("-")
        if id_.startswith("m-trade-"):
            return Trade(p, "" if id_ == "m-trade-none" else id_[8:])
        if id_[:1] == "P" and id_[1:].isdigit():
            return Parcel(p, int(id_[1:]))
        if head in ("L", "F", "track", "card") and rest:
            if head == "card" and kind == "income" and (rest == player.hq or rest in player.portfolio):
                alternatives = [a for card, a in g.usable(state, p) if card == rest]
                return Use(p, rest, alternatives[0] if alternatives else 0)
            cards = {"keep": Keep, "offer": Take, "bottom": Bottom, "pick": Pick}
            made = {"L": Worker, "F": Spot, "track": Track, "card": cards.get(kind, Build)}[head]
            return made(p, id_ if head == "F" else rest)
        return None

    def frame(self, selected: tuple) -> Frame:
        """The exercise after the clicks ``selected`` (each id with its ``@n``)."""
        selected = tuple(selected)
        if selected not in self._frames:
            if not selected:
                log: list = []
                self._frames[selected] = Frame(self.settle(self.start, log), "", ())
            else:
                self._frames[selected] = self._click(self.frame(selected[:-1]), bare(selected[-1]))
        return self._frames[selected]

    def _click(self, before: Frame, id_: str) -> Frame:
        g, said, state = self.game, self.lesson.live, before.state
        if state.over or self.stop(state):
            return replace(before, message=said["over"])
        move = self.move_of(state, id_)
        if move is None:
            return replace(before, message=said["nothing-there"])
        if not g.is_legal(state, move):
            rule, why = g.why_illegal(state, move)
            if type(move) is Trade and g.pending(state).kind != "trade":
                rule, why = "W3", said["one-trade"]
            return replace(before, message=self.lesson.ruled(why[:1].upper() + why[1:] + ".", rule),
                           refused=before.refused + ((id_, rule, move),))
        log = list(before.log) + [g.describe_move(state, move, self.me)]
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
        id_, rule, move = fr.refused[-1]
        mid = misread(id_, rule, move)
        if mid:
            return self.lesson.mis(mid)
        return Feedback(False, fr.message or self.lesson.ruled(self.lesson.live["refused"], rule), rule)

    def draw(self, selected: tuple, *, board: str = "full", offer=False, others=False, mask_defence=False,
             log=True, hide_score=False, label: str = "") -> str:
        """The board after the clicks ``selected``: what happened, the buttons, the houses' boards, the city.

        ``board``: ``"full"`` (your resources, portfolio and hand), ``"hand"`` (only your hand: the resources
        stay out of sight when the question is what they become) or ``"none"``; ``hide_score``: the prestige
        before the final scoring (the score is the question).
        """
        g, said, me = self.game, self.lesson.live, self.me
        fr = self.frame(tuple(selected))
        state, suffix = fr.state, f"@{len(selected)}"
        view = g.view(state, me)
        stopped = state.over or self.stop(state)
        deciding = not stopped and g.to_move(state) == (me,)
        kind = g.pending(state).kind if deciding else ""
        note = said.get(f"note.{kind}", g.pending(state).text if not stopped else "")
        buttons = [boards.chip(f"m-income{suffix}", said["income"])] if kind == "turn" else []
        buttons += [boards.chip(f"m-done{suffix}", i18n.text("ui.btn.done", g.language))] if kind == "income" else []
        here = state.players[me].worker
        if here and (kind == "trade" or (kind in ("spot", "track") and any(type(m) is Worker for m in fr.moves))):
            buttons += self._trades(state, here, suffix)
        buttons += [boards.chip(selected[-1], said["back"], kind="back")] if selected else []
        if hide_score and state.over:
            view = pre_scoring(view)
        blocks = [cards_markup(g, view.tasks[0].drawn, title=i18n.text("ui.cards_keep", g.language))] \
            if kind == "keep" else []
        houses = ([me] if board == "full" else []) + ([p for p in range(g.players) if p != me] if others else [])
        blocks += [player_markup(g, view, p, viewer=me, name=boards.house_name(self.lesson, p)) for p in houses]
        blocks += [cards_markup(g, view.players[me].hand, title=said["your-hand"])] \
            if board == "hand" and not others else []
        blocks += [cards_markup(g, view.offer, title=i18n.text("ui.offer_label", g.language))] if offer else []
        shown = "<br>".join("· " + boards.escape(x) for x in fr.log[-5:]) if log else ""
        return boards.html(
            boards.caption(fr.message, "warn") if fr.message else boards.caption(said["done"], "ok") if stopped
            else boards.caption(note), boards.chips(buttons),
            boards.beside(boards.city(g, state, suffix=suffix, mask_defence=mask_defence),
                          [boards.numbered(b, suffix) for b in blocks]),
            f'<div class="log">{shown}</div>' if shown else "", label=label)

    def _trades(self, state, district: str, suffix: str) -> list:
        g = self.game
        extra = i18n.text("desc.damaged_extra", g.language) if district in state.damage else ""
        out = [boards.chip(f"m-trade-{tr.id}{suffix}", i18n.text(f"ui.trade.{tr.id}", g.language) + ": "
                           + g.trade_text(district, tr.id, g.language) + extra)
               for tr in g.content.locations[district].trades]
        return out + [boards.chip(f"m-trade-none{suffix}", i18n.text("ui.btn.no_trade", g.language))]


def click_id(move) -> str:
    """The id a click that plays ``move`` carries."""
    target = move_target(move)
    if target is not None:
        return target
    ids = {Income: "m-income", Done: "m-done"}
    if type(move) in ids:
        return ids[type(move)]
    if type(move) is Trade:
        return f"m-trade-{move.trade or 'none'}"
    raise InvalidInput(f"no click plays {move!r}")  # pragma: no cover


def pre_scoring(view: BaldursGateState) -> BaldursGateState:
    """The view with each house's prestige before the final scoring (E6-E9 taken off): the score stays a question."""
    final = ("E6", "E7", "E8", "E9")
    return view._replace(players=tuple(
        pl._replace(prestige=pl.prestige - sum(x.points for x in pl.gains if x.rule in final)) for pl in view.players))
