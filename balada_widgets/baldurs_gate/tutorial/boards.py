"""The tutorial's boards: its positions (``lessons/material.yaml``, made real, valid engine states by the room's
:func:`..positions.position`) and the city and the houses' boards as a player at the table sees them, still or live.

Drawn by the game's own drawing from the learner's view, nothing highlighted, in the lesson's frame
(``lessons/boards.css``). A board a question is asked about carries no ``data-id`` (nothing on it is an answer);
a board that is clicked numbers its ids with the click count (``P4@1``), so the same spot can be clicked again.
On a live board (:class:`Live`) the clicks become the engine's moves: a click the engine refuses leaves the
position as it was and shows the engine's reason with its rule, in the learner's language. Chance is scripted
(the parcel tokens a step's builds draw), so a step plays the same every time; the last step's game draws them
from a seeded generator instead.

>>> game, state = position_of("city", "en")
>>> game.players, state.hidden, game.validate(state)
(3, 6, [])
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace
from typing import Iterable

from ...core.files import read_data_text
from ...kit.live import LiveGame, bare, numbered  # noqa: F401 (bare: the steps read a click's id)
from ...kit.svg import class_names, el, escape
from .. import i18n
from ..analysis import turn_over
from ..drawing import CARDS_CSS, CSS, DEFS as LESSON_DEFS, button_label, cards_markup, city_svg, click_id, \
    natural_move, player_markup
from ..positions import late_position, position
from ..rules import BaldursGateGame
from ..scoring import before_final_scoring
from ..state import BaldursGateState, Done, DrawToken, Token, Trade, Worker

#: the lesson's files: ``en.yaml``, ``cs.yaml`` (the words), ``material.yaml`` (the positions), ``boards.css``
LESSONS = Path(__file__).resolve().parents[1] / "lessons"
LESSON_CSS = CSS + CARDS_CSS + read_data_text(LESSONS / "boards.css", what="lesson style")


@lru_cache(maxsize=None)
def material() -> dict:
    """The material file: ``{"positions": {name: spec}, "steps": {step: {what it plays}}, "rules": {step: ids}}``."""
    import yaml

    return yaml.safe_load(read_data_text(LESSONS / "material.yaml", what="lesson material"))


def step_material(step_id: str) -> SimpleNamespace:
    """What step ``step_id`` plays on its position (``token``, ``card``, ``location``...), as attributes."""
    return SimpleNamespace(**material()["steps"].get(step_id, {}))


@lru_cache(maxsize=None)
def game(players: int, language: str, advanced: bool = False) -> BaldursGateGame:
    return BaldursGateGame(players=players, language=language, advanced=advanced)


@lru_cache(maxsize=None)
def position_of(name: str, language: str) -> tuple:
    """``(game, state)`` of the material's position ``name`` in ``language`` (the engine's words follow it)."""
    spec = dict(material()["positions"][name])
    g = game(spec.pop("players"), language)
    return g, (late_position if spec.pop("late", False) else position)(g, **spec)


def still(markup: str) -> str:
    """A drawing only to look at: no element takes a click."""
    return re.sub(r' data-id="[^"]*"', "", markup).replace(' role="button"', "")


def city(game, state, *, selected=(), mask_defence=False, clickable=True) -> str:
    """The city as you see it, ``selected`` drawn chosen; ``mask_defence``: every district's defence counter shows
    "?" (a step that asks for a defence); ``clickable=False``: no ``data-id``."""
    markup = city_svg(game, game.view(state, 0), viewer=0, selected=tuple(selected))
    if mask_defence:
        markup = re.sub(r'(<text[^>]*class="def-n"[^>]*>)\d+(</text>)', r"\g<1>?\g<2>", markup)
        markup = re.sub(r"(attack track of [^;]*?; defence |; obrana )\d+", r"\g<1>?", markup)
    return markup if clickable else still(markup)


def chip(id_: str, label: str, selected: bool = False, kind: str = "") -> str:
    """A button drawn on a live board (``data-id`` ``id_``)."""
    return el("div", escape(label), class_=class_names("chip", kind, sel=selected), data_id=id_, role="button",
              aria_label=label)


def chips(items: Iterable[str]) -> str:
    items = [c for c in items if c]
    return el("div", items, class_="chips") if items else ""


def caption(text: str, kind: str = "") -> str:
    return el("div", escape(text), class_=class_names("cap", kind), role="status") if text else ""


def html(*parts: str, label: str = "") -> str:
    return el("div", [p for p in parts if p], class_="bw-bgt", role="group", aria_label=label)


def beside(city_markup: str, blocks: Iterable[str]) -> str:
    """The city with the houses' boards (and cards) in a column beside it (it scrolls: the keyboard reaches it)."""
    side = [b for b in blocks if b]
    return el("div", [el("div", city_markup, class_="city"), el("div", side, class_="side", tabindex=0)],
              class_="beside") if side else city_markup


def house_name(lesson, player: int) -> str:
    """``You (1)``, ``Orange (2)``: a house as its board is headed."""
    return f"{lesson.house(player, capital=True)} ({player + 1})"


def table(lesson, game, state, *, offer=False) -> str:
    """What you see at the table, nothing to click: the city, and beside it your board and the offer."""
    view = game.view(state, 0)
    blocks = [player_markup(game, view, 0, viewer=0, name=house_name(lesson, 0))]
    blocks += [cards_markup(game, view.offer, title=i18n.text("ui.offer_label", game.language))] if offer else []
    return html(still(beside(city(game, state, clickable=False), blocks)))


# ---------------------------------------------------------------------------- live boards

class Live(LiveGame):
    """The learner's clicks on ``start`` played by the engine, for you (player 1): the kit's live board
    (:class:`~balada_widgets.kit.live.LiveGame`) with the room's click mapping (:func:`..drawing.natural_move`).

    ``tokens``: the parcel tokens the builds draw, in order; ``others(game, state)``: another house's move
    when it decides (``None``: the exercise stops there); ``stop(state)``: the exercise is over (by default
    when your turn is over); ``chance(state, k)``: a seeded draw instead of the scripted tokens.
    """

    def __init__(self, lesson, game, start: BaldursGateState, *, tokens=(), others=None, stop=None, chance=None):
        super().__init__(lesson, game, start, others=others, chance=chance, words=lesson.live, click_id=click_id,
                         move_of=lambda state, id_: natural_move(game, state, 0, id_, game.pending(state).kind),
                         stop=stop or (lambda s: turn_over(s, 0)))
        self.tokens = tuple(tokens)

    def chance_move(self, state: BaldursGateState, k: int):
        """The scripted token a build draws (else the seeded draw, else the engine's first outcome)."""
        task = state.tasks[0]
        wanted = [x for x in self.tokens if x in state.bag] if type(task) is DrawToken else []
        return Token(wanted[0]) if not self.chance and wanted and task.purpose == "build" else \
            super().chance_move(state, k)

    def ruled(self, text: str, rule) -> str:
        return self.lesson.ruled(text, rule)

    def why_not(self, state: BaldursGateState, move) -> tuple:
        """A second trade at one visit is W3's (one visit, one trade), said in the lesson's words."""
        return ("W3", self.words["one-trade"]) if type(move) is Trade and self.game.pending(state).kind != "trade" \
            else super().why_not(state, move)

    def draw(self, selected: tuple, *, board: str = "full", offer=False, others=False, mask_defence=False,
             log=True, hide_score=False, label: str = "") -> str:
        """The board after the clicks ``selected``: what happened, the buttons, the city and beside it the
        houses' boards: ``board`` ``"full"`` (yours), ``"hand"`` (only your hand: your resources stay out of
        sight when the question is what they become) or ``"none"``; ``hide_score``: the prestige before the
        final scoring (the score is the question)."""
        g, said, fr = self.game, self.lesson.live, self.frame(tuple(selected))
        state, word = fr.state, lambda key: i18n.text(key, g.language)
        view = before_final_scoring(g.view(state, 0)) if hide_score and state.over else g.view(state, 0)
        stopped = state.over or self.stop(state)
        kind = g.pending(state).kind if not stopped and g.to_move(state) == (0,) else ""
        said_now = fr.message or (said["done"] if stopped else said.get(f"note.{kind}", g.pending(state).text))
        here, moves = state.players[0].worker, [Done(0)] if kind == "income" else []
        if here and (kind == "trade" or (kind in ("spot", "track") and any(type(m) is Worker for m in fr.moves))):
            moves += [Trade(0, tr.id) for tr in g.content.locations[here].trades] + [Trade(0, "")]
        buttons = [chip("m-income", said["income"])] if kind == "turn" else []
        buttons += [chip(click_id(m), button_label(g, view, m)) for m in moves]
        buttons += [chip(selected[-1], said["back"], kind="back")] if selected else []
        blocks = [cards_markup(g, view.tasks[0].drawn, title=word("ui.cards_keep"))] if kind == "keep" else []
        houses = ([0] if board == "full" else []) + (list(range(1, g.players)) if others else [])
        blocks += [player_markup(g, view, p, viewer=0, name=house_name(self.lesson, p)) for p in houses]
        blocks += [cards_markup(g, view.players[0].hand, title=said["your-hand"])] if board == "hand" else []
        blocks += [cards_markup(g, view.offer, title=word("ui.offer_label"))] if offer else []
        shown = "<br>".join("· " + escape(x) for x in fr.log[-5:]) if log else ""
        markup = html(caption(said_now, "warn" if fr.message else "ok" if stopped else ""), chips(buttons),
                      beside(city(g, state, mask_defence=mask_defence), blocks),
                      f'<div class="log">{shown}</div>' if shown else "", label=label)
        return numbered(markup, len(selected))  # (the back button's id, the last click's, is numbered already)

