"""Builders of Baldur's Gate drawings: the city, the players' boards, the hand, the offer. Pure Python (no Solara).

Every function takes a game and a *player's view* (``game.view(state, p)``,
or the whole state in the lab) and returns markup; what a view does not hold
(another player's hand, the hidden token) cannot be drawn. The play view
(:mod:`.view`), the lab and the tutorial draw with these functions and show
the result with the kit's board::

    from balada_widgets.baldurs_gate.drawing import CSS, DEFS, city_svg
    Board(svg=city_svg(game, view, targets=("P17", "L-SEA")), css=CSS, defs=DEFS, on_click=...)

The API (stable; keyword arguments after ``view``):

- :func:`city_svg` ``(game, view, *, viewer=None, targets=(), selected=(),
  cursor=None, highlight_districts=(), language=None, label="",
  standalone=False) -> str``: the city as ONE SVG: the nine districts as soft
  coloured regions with their names, the harbour, the wall between the Upper
  and the Lower City, the solid lines (a line between two pieces of one house
  takes its colour: the networks show), the numbered parcels (closed,
  available, built with the owner's colour and the building type's icon,
  damaged, banned), the fortification spots (watchtower, keep, gate, with
  their owners), the HQ spots, the special locations with the worker on them
  and their damage token, each district's attack track (4 slots, the tokens
  with their numbers, the defence now, the result of its attack), the
  attack-strength track (9 spaces, the marker, the hidden token face down or
  turned over), the bag, the three faction tracks with every house's cube,
  and a legend. ``targets`` / ``selected`` / ``cursor`` are ``data-id`` s
  (parcel numbers are accepted too); ``highlight_districts`` district codes
  (a lesson pointing at a district); ``language`` defaults to the game's.
- :func:`player_markup` ``(game, view, player, *, viewer=None, targets=(),
  selected=(), language=None, name=None, active=False) -> str``: one house's
  board as HTML (resources, influence, worker, cubes; the portfolio: HQ card,
  buildings, gates, each ready or used this income; the hand and agendas
  face up only when ``view`` holds them, i.e. for ``viewer``'s own view).
- :func:`cards_markup` ``(game, cards, *, targets=(), selected=(), language=None,
  used=(), title="") -> str``: a row of cards (the offer, agendas drawn to
  keep, HQ cards to pick).
- :data:`CSS` (the city's styles), :data:`CARDS_CSS` (the boards of cards),
  :data:`DEFS` (icons as ``<symbol>``, shared by both: pass them to ``Board``).

Ids (``data-id``): the city graph's node ids: parcels ``P17``, fortification
spots ``F-SEA-b``, HQ spots ``H-SEA``, locations ``L-SEA``; a faction track
``track-fist``; a district's attack track ``attack-SEA``; the strength track
``strength``; a card ``card-<card id>`` (hand, portfolio, offer, agendas, HQ
cards: a card is in one place at a time). :func:`move_target` says where a
legal move is clicked, :func:`parse_id` reads an id back, and
:func:`target_centres` gives the drawing positions for the kit's keyboard
cursor. Every clickable element has ``role="button"`` and its accessible name in
plain words (district, number, what stands there, whose it is) as its SVG
``<title>``, which browsers also show as a tooltip; owners are shown by
colour and by their number, never by colour alone.

The view's words (these drawings' and :mod:`.view`'s) are in the engine's
catalogue (:mod:`.i18n`, keys ``ui.*``), English and Czech.

>>> from balada_widgets.baldurs_gate import BaldursGateGame
>>> from balada_widgets.core.session import Session
>>> g = BaldursGateGame(players=3)
>>> s = Session(g, seed=0).state
>>> svg = city_svg(g, g.view(s, 0), targets=["L-SEA", 2])
>>> 'data-id="P17"' in svg and 'data-id="F-SEA-b"' in svg and svg.count(" tg") == 2
True
>>> parse_id("P17"), parse_id("L-SEA"), parse_id("card-inn-03"), parse_id("track-fist")
(('parcel', 17), ('location', 'SEA'), ('card', 'inn-03'), ('track', 'fist'))
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Iterable, Optional

from ..kit import svg
from .effects import cost_text, effect_text
from . import i18n
from .i18n import qty
from .state import MASK, Build, Bottom, Done, Income, Keep, Parcel, Pick, Spot, Take, Track, Trade, Use, Worker

__all__ = ["CARDS_CSS", "CSS", "DEFS", "DISTRICT_STYLE", "PLAYER_COLOURS", "button_label", "cards_markup", "city_defs",
           "city_svg", "click_id", "move_target", "natural_move", "parse_id", "player_markup", "target_centres",
           "targets_of"]

#: house colours, by seat (the same as the other games of the package)
PLAYER_COLOURS = ("#1e6fd9", "#e2540b", "#2f9e44", "#c06a9c")  # as kit.grid: told apart with colour-vision deficiencies
#: a darker shade of each, for outlines and text
PLAYER_DARK = ("#114a94", "#9c3a06", "#1c6a2d", "#8a3f6c")
ID_PREFIX = "bw-bg-"  # of every id in DEFS (ids are global to the page)

#: district code -> (fill, edge, ink): a soft colour per district
DISTRICT_STYLE = svg.palette("""
CIT  #ece2cf #b9a47c #6a5632
MAN  #e2ead3 #9fb57e #4d6330
TEM  #e9e2f1 #a995c6 #59457c
WID  #f3e6c9 #cfae68 #77581b
BLO  #f2dede #cf9a9a #7c3b3b
HEA  #e7e1d6 #aa9d86 #5a4e3a
EAS  #dde9ec #8fb2bd #35606c
SEA  #d8e7f1 #86aecb #2f5877
STE  #ece5d6 #b5a78a #5e5238
""")
_FALLBACK_STYLE = ("#ebe5d8", "#b0a58e", "#554a36")

#: faction -> (colour, light): the locations' and the tracks' colours
FACTION_STYLE = {"council": ("#b07f0a", "#f7ecd0"), "fist": ("#c0392b", "#f8dcd6"), "guild": ("#2e4a3f", "#d9e6df")}

PARCEL_W, PARCEL_H = 52, 40
LOC_R = 17
FORT_R = 13
CELL = 34  # a faction track's or the strength track's space


# ======================================================================= words (the catalogue's ``ui.*`` keys)


def _language(game, language: Optional[str]) -> str:
    return language or getattr(game, "language", "en")


# ======================================================================= ids


def card_id(card: str) -> str:
    return f"card-{card}"


def parse_id(id_) -> Optional[tuple]:
    """``("parcel", 17)``, ``("fort", "F-SEA-b")``, ``("hq", "H-SEA")``, ``("location", "SEA")``,
    ``("track", "fist")``, ``("attack", "SEA")``, ``("strength", None)``, ``("card", "inn-03")``; ``None`` else."""
    if not isinstance(id_, str) or not id_:
        return None
    if id_[0] == "P" and id_[1:].isdigit():
        return ("parcel", int(id_[1:]))
    if id_.startswith("F-"):
        return ("fort", id_)
    if id_.startswith("H-"):
        return ("hq", id_)
    if id_.startswith("L-") and len(id_) > 2:
        return ("location", id_[2:])
    if id_.startswith("track-") and len(id_) > 6:
        return ("track", id_[6:])
    if id_.startswith("attack-") and len(id_) > 7:
        return ("attack", id_[7:])
    if id_ == "strength":
        return ("strength", None)
    if id_.startswith("card-") and len(id_) > 5:
        return ("card", id_[5:])
    return None


def move_target(move) -> Optional[str]:
    """The ``data-id`` a legal move is played by clicking (``None``: a button move: income, trade, done).

    >>> move_target(Parcel(0, 17)), move_target(Worker(1, "SEA")), move_target(Build(0, "inn-03"))
    ('P17', 'L-SEA', 'card-inn-03')
    """
    cls = type(move)
    if cls is Parcel:
        return f"P{move.number}"
    if cls is Worker:
        return f"L-{move.district}"
    if cls is Spot:
        return move.node
    if cls is Track:
        return f"track-{move.faction}"
    if cls in (Build, Use, Take, Keep, Bottom, Pick):
        return card_id(move.card)
    return None


#: the move a click on a card makes while a decision on cards waits (by its kind); a click on a spot, by the spot
CARD_MOVES = {"build": Build, "offer": Take, "keep": Keep, "bottom": Bottom, "pick": Pick}
SPOT_MOVES = {"parcel": Parcel, "fort": Spot, "location": Worker, "track": Track}


def natural_move(game, view, player: Optional[int], id_: str, pending_kind: Optional[str] = None):
    """What a click on ``id_`` means for ``player`` while a decision of ``pending_kind`` waits, legal or not (the
    engine then says why not), or ``None``: a spot's move, a button's (``m-income``, ``m-done``, ``m-trade-<id>``,
    ``m-trade-none``), a card's by the decision on cards that waits, else by where the card lies: your HQ or
    portfolio card (during income any card but your hand's) is used (an ability you can pay), an offer card
    taken, any other card built. The play view and the tutorial's live boards read clicks with it.

    >>> from balada_widgets.baldurs_gate import BaldursGateGame
    >>> from balada_widgets.core.session import Session
    >>> g = BaldursGateGame(players=3)
    >>> s = Session(g, seed=0).state
    >>> card = card_id(s.offer[0])
    >>> natural_move(g, s, 0, "P17"), natural_move(g, s, 0, "m-trade-none"), natural_move(g, s, 0, "attack-SEA")
    (Parcel(player=0, number=17), Trade(player=0, trade=''), None)
    >>> type(natural_move(g, s, 0, card, "turn")).__name__, type(natural_move(g, s, 0, card, "keep")).__name__
    ('Take', 'Keep')
    """
    if player is None:
        return None
    if id_.startswith("m-"):
        trade = id_.removeprefix("m-trade-")
        return {"m-income": Income(player), "m-done": Done(player)}.get(id_) or (
            Trade(player, "" if trade == "none" else trade) if trade != id_ else None)
    what, x = parse_id(id_) or (None, None)
    if what != "card":
        return SPOT_MOVES[what](player, x) if what in SPOT_MOVES else None
    pl = view.players[player]
    if pending_kind in CARD_MOVES:
        return CARD_MOVES[pending_kind](player, x)
    if x in (pl.hq, *pl.portfolio) or (pending_kind == "income" and x not in pl.hand):
        return Use(player, x, next((a for card, a in game.usable(view, player) if card == x), 0))
    return Take(player, x) if x in view.offer and x not in pl.hand else Build(player, x)


def click_id(move) -> str:
    """The id a click that plays ``move`` carries (:func:`natural_move` read back): a spot, a card or a button.

    >>> click_id(Parcel(0, 4)), click_id(Income(0)), click_id(Trade(0, "")), click_id(Trade(0, "keep"))
    ('P4', 'm-income', 'm-trade-none', 'm-trade-keep')
    """
    if type(move) is Trade:
        return f"m-trade-{move.trade or 'none'}"
    return move_target(move) or {Income: "m-income", Done: "m-done"}[type(move)]


def button_label(game, view, move, language: Optional[str] = None) -> str:
    """A move as its button says it: an imperative in plain words ("Build Copper Tankard (Inn, 3 gold)")."""
    language = language or game.language
    c = game.content
    cls = type(move)
    task = view.tasks[0] if view.tasks else None
    if cls is Build:
        b = c.buildings[move.card]
        cost = game.cost_of(move.card, getattr(task, "discount", 0) or 0)
        return i18n.text("ui.btn.build", language, card=c.name(move.card, language), type=c.type_name(b.type, language),
                         cost=qty(cost, "gold", language))
    if cls is Worker:
        return i18n.text("ui.btn.worker", language, location=game.location_text(move.district, language))
    if cls is Income:
        side = game.hq_side(view, move.player)
        return i18n.text("ui.btn.income", language, income=cost_text(side.income, language, case="nom") if side else "")
    if cls is Parcel:
        return i18n.text("thing.parcel_in", language, n=move.number, district=game.city.district_name(
            game.city.district_of_parcel(move.number), language))
    if cls is Spot:
        return game.node_text(move.node, language)
    if cls is Track:
        fi = game.faction_index[move.faction]
        return i18n.text("ui.btn.track", language, faction=game.faction_name(move.faction, language),
                         level=view.players[move.player].influence[fi])
    if cls is Trade:
        if not move.trade:
            return i18n.text("ui.btn.no_trade", language)
        d = getattr(task, "district", None) or view.players[move.player].worker
        extra = i18n.text("desc.damaged_extra", language) if d in view.damage else ""
        return i18n.text(f"ui.trade.{move.trade}", language) + ": " + game.trade_text(d, move.trade, language) + extra
    if cls is Use:
        return i18n.text("ui.btn.use", language, card=c.name(move.card, language),
                         ability=game.ability_text(move.card, move.alt, language))
    if cls is Done:
        return i18n.text("ui.btn.done", language)
    if cls is Take:
        return i18n.text("ui.btn.take", language, card=c.name(move.card, language))
    if cls is Keep:
        return i18n.text("ui.btn.keep", language, card=c.name(move.card, language))
    if cls is Bottom:
        return i18n.text("ui.btn.bottom", language, card=c.name(move.card, language))
    if cls is Pick:
        return i18n.text("ui.btn.pick", language, card=c.name(move.card, language),
                         district=game.city.district_name(c.hqs[move.card].district, language))
    return game.describe_move(view, move, move.player if hasattr(move, "player") else None)


def targets_of(moves) -> dict:
    """``{data-id: [moves]}``: the legal moves played by a click, grouped by where they are clicked."""
    out: dict = {}
    for m in moves:
        k = move_target(m)
        if k is not None:
            out.setdefault(k, []).append(m)
    return out


def _norm_ids(ids) -> frozenset:
    out = set()
    for i in ids or ():
        out.add(f"P{i}" if isinstance(i, int) and not isinstance(i, bool) else str(i))
    return frozenset(out)


# ======================================================================= icons (DEFS)


def _defs() -> str:
    sym = []

    def add(name, body, vb="-10 -10 20 20"):
        sym.append(f'<symbol id="{ID_PREFIX}{name}" viewBox="{vb}" overflow="visible">{body}</symbol>')

    # building types (drawn in currentColor, on a coloured tile)
    add("inn", '<path d="M-6,-5 h9 v11 q0,2 -2,2 h-5 q-2,0 -2,-2 z" fill="currentColor"/>'
               '<path d="M3,-2.5 h2.5 q2.5,0 2.5,2.5 v1.5 q0,2.5 -2.5,2.5 h-2.5" fill="none" stroke="currentColor" '
               'stroke-width="1.8"/><path d="M-7,-5.5 q1,-3.5 4,-2.5 q2,-2.5 4.5,-0.5 q2.5,-1 3.5,2.5 z" '
               'fill="currentColor" opacity="0.75"/>')
    add("hall", '<path d="M-8,-2 L0,-8 L8,-2 z" fill="currentColor"/><rect x="-7" y="-1" width="14" height="9" '
                'fill="currentColor"/><path d="M-3.5,8 v-5 h7 v5" fill="#0003"/><path d="M-7,2 h14" '
                'stroke="#0003" stroke-width="1"/>')
    add("market", '<path d="M-8,-6 h16 l-1,4 h-14 z" fill="currentColor"/><path d="M-6,-2 q1,2.2 2,0 q1,2.2 2,0 '
                  'q1,2.2 2,0 q1,2.2 2,0 q1,2.2 2,0 q1,2.2 2,0" fill="none" stroke="currentColor" stroke-width="1.2"/>'
                  '<rect x="-7" y="1" width="1.6" height="7" fill="currentColor"/><rect x="5.4" y="1" width="1.6" '
                  'height="7" fill="currentColor"/><circle cx="-1.5" cy="5.5" r="2" fill="currentColor"/>'
                  '<circle cx="2" cy="5.8" r="1.7" fill="currentColor"/>')
    add("temple", '<path d="M-9,-3 L0,-9 L9,-3 z" fill="currentColor"/><rect x="-8" y="-2" width="16" height="1.6" '
                  'fill="currentColor"/><rect x="-7" y="0.5" width="2.2" height="6" fill="currentColor"/>'
                  '<rect x="-2.6" y="0.5" width="2.2" height="6" fill="currentColor"/><rect x="0.4" y="0.5" '
                  'width="2.2" height="6" fill="currentColor"/><rect x="4.8" y="0.5" width="2.2" height="6" '
                  'fill="currentColor"/><rect x="-9" y="7" width="18" height="2" fill="currentColor"/>')
    add("hq", '<path d="M-7,9 v-10 l7,-6 l7,6 v10 z" fill="currentColor"/><path d="M0,-7 v-5" stroke="currentColor" '
              'stroke-width="1.3"/><path d="M0,-12 l6,2 l-6,2 z" fill="currentColor"/><rect x="-2.2" y="3" '
              'width="4.4" height="6" fill="#0004"/>')
    # fortifications
    add("tower", '<path d="M-5,9 L-4,-5 h-1.5 v-4 h2.4 v2 h1.8 v-2 h2.6 v2 h1.8 v-2 h2.4 v4 h-1.5 L5,9 z" '
                 'fill="currentColor"/><rect x="-1.2" y="-2" width="2.4" height="4" rx="1" fill="#0005"/>')
    add("keep", '<path d="M-9,9 v-12 h-0.5 v-4 h2.2 v2 h1.6 v-2 h2.2 v4 h-0.5 v2 h9 v-2 h-0.5 v-4 h2.2 v2 h1.6 v-2 '
                'h2.2 v4 h-0.5 v12 z" fill="currentColor"/><path d="M-2.8,9 v-4 q2.8,-3.5 5.6,0 v4 z" '
                'fill="#0005"/>')
    add("gate", '<path d="M-9,9 v-14 h4 v2 h2 v-2 h6 v2 h2 v-2 h4 v14 h-5 v-6 q-4,-5 -8,0 v6 z" '
                'fill="currentColor"/><path d="M-2.5,9 v-5 M0,9 v-6 M2.5,9 v-5 M-3.5,5.5 h7" stroke="currentColor" '
                'stroke-width="0.9"/>')
    # factions (the locations' and tracks' emblems)
    add("council", '<path d="M0,-8 v15 M-7,-4 h14" stroke="currentColor" stroke-width="1.6"/>'
                   '<path d="M-7,-4 l-3,6 h6 z M7,-4 l-3,6 h6 z" fill="currentColor"/><rect x="-4" y="7" width="8" '
                   'height="1.8" fill="currentColor"/><circle cx="0" cy="-8.5" r="1.6" fill="currentColor"/>')
    add("fist", '<path d="M0,9 q-7,-1 -7,-7 q0,-4 3,-8 q0,4 2.5,5 q-1,-5 3,-9 q0,5 3,7 q1,-2 0.5,-4 q4,3 3.5,9 '
                'q-0.5,6 -8.5,7 z" fill="currentColor"/><path d="M0,8 q-3.5,-0.5 -3.5,-4 q0,-2.5 2,-4.5 q0.5,3 2,3.5 '
                'q1,-2 0.5,-4 q3,3 2.5,6 q-0.5,3 -3.5,3 z" fill="#fff6"/>')
    add("guild", '<path d="M-9,-3 q0,-4 4.5,-4 q3,0 4.5,2 q1.5,-2 4.5,-2 q4.5,0 4.5,4 q0,6 -5.5,6 q-2.5,0 -3.5,-2.5 '
                 'q-1,2.5 -3.5,2.5 q-5.5,0 -5.5,-6 z" fill="currentColor"/><ellipse cx="-4.5" cy="-2" rx="2.2" '
                 'ry="1.5" fill="#fff"/><ellipse cx="4.5" cy="-2" rx="2.2" ry="1.5" fill="#fff"/>')
    # resources
    add("gold", '<circle r="8" fill="#f2c230" stroke="#a77c06" stroke-width="1.4"/><circle r="5" fill="none" '
                'stroke="#a77c06" stroke-width="1"/><path d="M0,-3 v6" stroke="#a77c06" stroke-width="1.3"/>')
    add("supply", '<rect x="-8" y="-7" width="16" height="14" rx="1.5" fill="#c8925a" stroke="#7b5127" '
                  'stroke-width="1.3"/><path d="M-8,-7 L8,7 M8,-7 L-8,7" stroke="#7b5127" stroke-width="1.1"/>'
                  '<rect x="-8" y="-7" width="16" height="14" rx="1.5" fill="none" stroke="#7b5127" '
                  'stroke-width="1.3"/>')
    add("favor", '<path d="M0,8 C-9,2 -9,-7 -4,-7 C-1.5,-7 0,-5 0,-3.5 C0,-5 1.5,-7 4,-7 C9,-7 9,2 0,8 z" '
                 'fill="#d94f7a" stroke="#8f1f44" stroke-width="1.2"/>')
    add("prestige", '<path d="M0,-9 L2.6,-3 L9,-2.6 L4.1,1.6 L5.6,8 L0,4.6 L-5.6,8 L-4.1,1.6 L-9,-2.6 L-2.6,-3 z" '
                    'fill="#f6d25a" stroke="#9b7a10" stroke-width="1.2" stroke-linejoin="round"/>')
    add("influence", '<rect x="-6" y="-6" width="12" height="12" rx="2" fill="#8a7a66" stroke="#4f4334" '
                     'stroke-width="1.2"/>')
    add("card", '<rect x="-6" y="-8.5" width="12" height="17" rx="2" fill="#fdf8ec" stroke="#6b5a3a" '
                'stroke-width="1.3"/><path d="M-3,-4 h6 M-3,-1 h6 M-3,2 h4" stroke="#6b5a3a" stroke-width="1"/>')
    add("scroll", '<path d="M-6,-8 h11 q2,0 2,2 v13 h-11 q-2,0 -2,-2 z" fill="#f6ecd2" stroke="#7a6334" '
                  'stroke-width="1.2"/><path d="M-3,-4 h6 M-3,-1 h6 M-3,2 h5" stroke="#7a6334" stroke-width="1"/>')
    add("hammer", '<path d="M-7,7 L3,-3" stroke="#6b4b2a" stroke-width="2.6" stroke-linecap="round"/>'
                  '<path d="M0,-7 l5,-2 l5,5 l-2,5 z" fill="#70757d" stroke="#3d4046" stroke-width="1"/>')
    add("worker", '<path d="M0,-9 a3.6,3.6 0 1 1 0.01,0 z M-3,-3.2 q3,-1.6 6,0 l5,3 q1.2,1.3 -0.4,2.4 l-3.2,-0.9 '
                  'l2.6,7.7 h-4.3 l-2.7,-4.6 l-2.7,4.6 h-4.3 l2.6,-7.7 l-3.2,0.9 q-1.6,-1.1 -0.4,-2.4 z" '
                  'fill="currentColor" stroke="#0007" stroke-width="0.9" stroke-linejoin="round"/>')
    add("damage", '<path d="M0,-9 L2.4,-3.6 L8.4,-5.2 L4.8,0 L8.6,4.6 L2.6,4 L0,9 L-2.6,4 L-8.6,4.6 L-4.8,0 '
                  'L-8.4,-5.2 L-2.4,-3.6 z" fill="#d63a2a" stroke="#7a130a" stroke-width="1.1" '
                  'stroke-linejoin="round"/><path d="M-2,-3 l2,3 l-1.5,2 l2,3" fill="none" stroke="#fff" '
                  'stroke-width="1.2"/>')
    add("sword", '<path d="M-7,7 L5,-5" stroke="#d9dde3" stroke-width="3" stroke-linecap="round"/>'
                 '<path d="M-7,7 L5,-5" stroke="#5d6470" stroke-width="1" stroke-linecap="round"/>'
                 '<path d="M-6,2 L-2,6" stroke="#7a5630" stroke-width="2.4" stroke-linecap="round"/>'
                 '<path d="M4,-8 L8,-4 L6,-6 z" fill="#5d6470"/>')
    add("shield", '<path d="M0,-9 L8,-6 Q8,4 0,9 Q-8,4 -8,-6 z" fill="currentColor" stroke="#0006" '
                  'stroke-width="1"/>')
    add("ban", '<circle r="8" fill="#fff" stroke="#b3261e" stroke-width="2.4"/><path d="M-5.6,-5.6 L5.6,5.6" '
               'stroke="#b3261e" stroke-width="2.4"/>')
    add("ship", '<path d="M-11,2 h22 l-4,5 h-14 z" fill="#7a5634"/><path d="M0,1 v-12" stroke="#5a3d22" '
                'stroke-width="1.2"/><path d="M0.8,-11 q7,5 0,11 z" fill="#f4efe2" stroke="#9c927d" '
                'stroke-width="0.7"/><path d="M-0.8,-9 q-5,4 0,9 z" fill="#ece5d2" stroke="#9c927d" '
                'stroke-width="0.7"/>')
    add("wave", '<path d="M-10,0 q2.5,-3 5,0 t5,0 t5,0 t5,0" fill="none" stroke="#ffffff" stroke-width="1.3" '
                'opacity="0.7"/>')
    add("hidden", '<circle r="9" fill="#4a3f35" stroke="#2a221b" stroke-width="1.4"/><circle r="6.5" fill="none" '
                  'stroke="#8a7a66" stroke-width="0.8" stroke-dasharray="2 1.5"/><text y="3.6" text-anchor="middle" '
                  'font-size="10" font-weight="700" fill="#e9dcc2" font-family="Georgia,serif">?</text>')
    return "".join(sym)


DEFS = _defs()


def _use(name: str, x: float, y: float, size: float, **kw) -> str:
    """An icon of :data:`DEFS` centred at ``(x, y)``, ``size`` units wide."""
    h = size / 2
    return svg.el("use", None, href=f"#{ID_PREFIX}{name}", x=round(x - h, 1), y=round(y - h, 1), width=size, height=size, **kw)


# ======================================================================= styles

_PLAYER_RULES = "".join(
    f".bw-bg .o{i} {{ --pc: {c}; --pd: {d}; }}" for i, (c, d) in enumerate(zip(PLAYER_COLOURS, PLAYER_DARK)))

CSS = """
.bw-bg { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
.bw-bg text { pointer-events: none; }
.bw-bg .land { fill: #f4eedf; }
.bw-bg .water { fill: #a9cfe2; }
.bw-bg .water-edge { fill: none; stroke: #7fb0c9; stroke-width: 2; }
.bw-bg .wall { fill: none; stroke: #a99a7c; stroke-width: 7; stroke-linecap: round; }
.bw-bg .wall-top { fill: none; stroke: #d8ccb0; stroke-width: 3; stroke-dasharray: 6 5; }
.bw-bg .zone { font-size: 13px; font-weight: 700; letter-spacing: 2px; fill: #9b8b6c; text-transform: uppercase; }
.bw-bg .district rect.area { stroke-width: 2; }
.bw-bg .district.hl rect.area { stroke: #e0a100 !important; stroke-width: 5; }
.bw-bg .dname { font-size: 16px; font-weight: 700; }
.bw-bg .lname { font-size: 11.5px; font-style: italic; }
.bw-bg .road { stroke: #b3a283; stroke-width: 7; stroke-linecap: round; }
.bw-bg .road-in { stroke: #efe6d1; stroke-width: 3; stroke-linecap: round; }
.bw-bg .road-in.own { stroke: var(--pc); stroke-width: 3.4; }
.bw-bg .hl-ring { fill: transparent; stroke: none; stroke-width: 4.5; }
.bw-bg .tg .hl-ring { stroke: #f2b705; fill: #f2b70522; }
.bw-bg .sel .hl-ring { stroke: #1565c0; stroke-width: 5; }
.bw-bg .cur .hl-ring { stroke: #111; stroke-dasharray: 5 3; stroke-width: 3; }
.bw-bg .tg { cursor: pointer; }
.bw-bg .tg:hover .hl-ring { stroke: #c78c00; }
.bw-bg .parcel rect.tile { stroke-width: 1.6; }
.bw-bg .parcel.closed rect.tile { fill: #e4dccb; stroke: #bfb299; stroke-dasharray: 4 3; }
.bw-bg .parcel.closed .num { fill: #9d907a; }
.bw-bg .parcel.available rect.tile { fill: #fffdf6; stroke: #6f9f5a; stroke-width: 2.2; }
.bw-bg .parcel.available .num { fill: #3c3222; }
.bw-bg .parcel.banned rect.tile { fill: #ddd5c6; stroke: #b3261e; stroke-dasharray: none; }
.bw-bg .parcel.banned .num { fill: #8a7f6c; }
.bw-bg .parcel.built rect.tile { fill: var(--pc); stroke: var(--pd); }
.bw-bg .parcel.built .icon { color: #fff; }
.bw-bg .parcel.damaged rect.tile { fill: #cfc8bb; stroke: var(--pc); stroke-dasharray: 5 3; stroke-width: 2.2; }
.bw-bg .parcel.damaged .icon { color: #8d8577; }
.bw-bg .parcel .num { font-size: 17px; font-weight: 700; text-anchor: middle; }
.bw-bg .parcel.built .num, .bw-bg .parcel.damaged .num { font-size: 10.5px; text-anchor: start; }
.bw-bg .parcel.built .num { fill: #ffffffd9; }
.bw-bg .parcel.damaged .num { fill: #6f685c; }
.bw-bg .crack { fill: none; stroke: #6f685c; stroke-width: 1.6; }
.bw-bg .owner { font-size: 9.5px; font-weight: 700; text-anchor: middle; fill: var(--pd); }
.bw-bg .owner-box { fill: #fff; stroke: var(--pd); stroke-width: 1.2; }
.bw-bg .spot-base { fill: #f7f1e3; stroke: #a3947a; stroke-width: 1.4; stroke-dasharray: 3 2.5; }
.bw-bg .spot.taken .base { fill: #fff; stroke: var(--pd); stroke-dasharray: none; stroke-width: 1.8; }
.bw-bg .spot .icon { color: var(--pc); }
.bw-bg .spot .kind { font-size: 8px; fill: #a3947a; text-anchor: middle; font-weight: 600; }
.bw-bg .hqspot .base { fill: #f7f1e3; stroke: #a3947a; stroke-width: 1.4; stroke-dasharray: 3 2.5; }
.bw-bg .hqspot.taken .base { fill: var(--pc); stroke: var(--pd); stroke-dasharray: none; stroke-width: 1.8; }
.bw-bg .hqspot .icon { color: #fff; }
.bw-bg .hqspot .kind { font-size: 9px; fill: #a3947a; text-anchor: middle; font-weight: 700; }
.bw-bg .loc .base { stroke-width: 2.2; }
.bw-bg .loc.damaged .base { stroke: #b3261e; stroke-dasharray: 4 2; }
.bw-bg .worker { color: var(--pc); }
.bw-bg .slot { fill: #fffaf0; stroke: #b9ab8f; stroke-width: 1.1; }
.bw-bg .slot.last { fill: #fbe3dc; stroke: #c0392b; }
.bw-bg .token { fill: #efe4c8; stroke: #8c7a55; stroke-width: 1.2; }
.bw-bg .token-n { font-size: 10px; font-weight: 700; fill: #4b3d22; text-anchor: middle; }
.bw-bg .def-n { font-size: 11px; font-weight: 800; fill: #fff; text-anchor: middle; }
.bw-bg .res { font-size: 11px; font-weight: 800; text-anchor: middle; fill: #fff; }
.bw-bg .res-box.held { fill: #2e8b57; stroke: #1b5e3a; }
.bw-bg .res-box.fell { fill: #c0392b; stroke: #7a1a10; }
.bw-bg .panel { fill: #fbf7ee; stroke: #cdbf9f; stroke-width: 1.4; }
.bw-bg .ptitle { font-size: 13px; font-weight: 700; fill: #5b4a2c; }
.bw-bg .small { font-size: 11px; fill: #6b5a3a; }
.bw-bg .cell { fill: #fffdf7; stroke: #cdbf9f; stroke-width: 1; }
.bw-bg .cell.now { fill: #fde7c8; stroke: #c0392b; stroke-width: 2; }
.bw-bg .cell-n { font-size: 12px; font-weight: 700; text-anchor: middle; fill: #5b4a2c; }
.bw-bg .marker { fill: #c0392b; stroke: #6e1b12; stroke-width: 1; }
.bw-bg .track .trow { stroke: none; }
.bw-bg .track .cell.start { fill: #efe7d5; }
.bw-bg .tname { font-size: 11.5px; font-weight: 700; }
.bw-bg .cube { fill: var(--pc); stroke: var(--pd); stroke-width: 1; }
.bw-bg .cube-n { font-size: 8px; font-weight: 800; fill: #fff; text-anchor: middle; }
.bw-bg .over { font-size: 8.5px; font-weight: 800; fill: #9b2c1f; text-anchor: middle; }
.bw-bg .rw { font-size: 9.5px; font-weight: 700; fill: #5b4a2c; text-anchor: middle; }
.bw-bg .legend-t { font-size: 11px; fill: #4b3d22; }
.bw-bg .legend-icon { color: #6b5a3a; }
.bw-bg .harbour { font-size: 14px; font-style: italic; fill: #2f5877; font-family: Georgia, serif; }
.bw-bg .title { font-size: 22px; font-family: Georgia, 'Times New Roman', serif; fill: #6a5632; font-weight: 700; }
""" + _PLAYER_RULES


# ======================================================================= the static background (per city, language)


def _box(city, code) -> tuple:
    for d in city.graph.graph.get("districts", ()):
        if d.get("code") == code:
            return d["x"], d["y"], d.get("w", 250), d.get("h", 190)
    xs = [p[0] for n, p in city.positions.items() if city.graph.nodes[n].get("district") == code]
    ys = [p[1] for n, p in city.positions.items() if city.graph.nodes[n].get("district") == code]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    return cx, cy, max(xs) - min(xs) + 60, max(ys) - min(ys) + 60


def _size(city) -> tuple:
    meta = city.graph.graph
    return float(meta.get("width", 1000)), float(meta.get("height", 920))


def _fitted(x: float, y: float, text: str, size: float, width: float, bold: bool, **kw) -> str:
    """A text that never runs past ``width``: a smaller font when a rough measure says it is too long, and
    then ``textLength`` for the exact fit (fonts differ between systems)."""
    need = len(text) * size * (0.62 if bold else 0.56)
    if need <= width:
        return svg.text(x, y, text, **kw)
    small = max(8.0, round(size * width / need, 1))
    return svg.text(x, y, text, style=f"font-size:{small}px", textLength=round(width, 1),
                    lengthAdjust="spacingAndGlyphs", **kw)


@lru_cache(maxsize=16)
def _background(game_key: tuple, game, language: str) -> str:
    """Land, water, the wall, district regions and names, location names, roads: what never changes."""
    city, content = game.city, game.content
    width, height = _size(city)
    out = [svg.rect(0, 0, width, height, class_="land")]
    # the harbour and the river Chionthar: the bottom left corner and the bottom edge
    water = (f"M0,{height - 200} C70,{height - 190} 150,{height - 150} 175,{height - 85} "
             f"C190,{height - 45} 240,{height - 16} 330,{height - 10} L{width},{height - 8} L{width},{height} "
             f"L0,{height} Z")
    out.append(svg.path(water, class_="water"))
    out.append(svg.path(water.rsplit(" L0,", 1)[0].replace(f"L{width},{height} ", ""), class_="water-edge"))
    for wx, wy in ((40, height - 120), (95, height - 75), (30, height - 45), (120, height - 30), (470, height - 4),
                   (760, height - 3)):
        out.append(_use("wave", wx, wy, 22))
    out.append(_use("ship", 70, height - 92, 34))
    out.append(svg.text(18, height - 150, i18n.text("ui.harbour", language), class_="harbour"))
    # the wall between the Upper and the Lower City
    upper = [_box(city, d) for d in city.districts if city.zone.get(d) == "upper"]
    lower = [_box(city, d) for d in city.districts if city.zone.get(d) == "lower"]
    if upper and lower:
        wall_y = (max(y + h / 2 for _, y, _, h in upper) + min(y - h / 2 for _, y, _, h in lower)) / 2
        out.append(svg.line(8, wall_y, width - 8, wall_y, class_="wall"))
        out.append(svg.line(8, wall_y, width - 8, wall_y, class_="wall-top"))
        out.append(svg.text(14, wall_y - 8, i18n.text("zone.upper", language), class_="zone"))
        out.append(svg.text(14, wall_y + 19, i18n.text("zone.lower", language), class_="zone"))
    # districts
    for code in city.districts:
        x, y, w, h = _box(city, code)
        fill, edge, ink = DISTRICT_STYLE.get(code, _FALLBACK_STYLE)
        name = city.district_name(code, language)
        loc = content.location_name(code, language)
        out.append(svg.group([
            svg.rect(x - w / 2, y - h / 2, w, h, rx=18, class_="area", fill=fill, stroke=edge),
            _fitted(x - w / 2 + 10, y - h / 2 + 20, name, 16, w / 2 - 30, True, class_="dname", fill=ink),
            _fitted(x - w / 2 + 10, y + h / 2 - 9, loc, 11.5, w / 2 - 32, False, class_="lname", fill=ink),
        ], class_="district", data_district=code))
    return "".join(out)


@lru_cache(maxsize=16)
def _roads(game) -> tuple:
    """The solid lines: all the casings as one string, then per line ``(u, v, plain inner, own inner template)``."""
    city = game.city
    pos = city.positions
    casings, lines = [], []
    for u, v in city.graph.edges():
        (x1, y1), (x2, y2) = pos[u], pos[v]
        casings.append(svg.line(x1, y1, x2, y2, class_="road"))
        plain = svg.line(x1, y1, x2, y2, class_="road-in")
        own = svg.line(x1, y1, x2, y2, class_="road-in own oXX").replace("{", "{{").replace("}", "}}").replace(
            "oXX", "o{o}")
        lines.append((u, v, plain, own))
    return "".join(casings), tuple(lines)


def _game_key(game) -> tuple:
    return (type(game).__name__, getattr(game, "city_path", None), getattr(game, "content_path", None),
            getattr(game, "players", 0), getattr(game, "advanced", False))


# ======================================================================= pieces


def _owner_badge(x: float, y: float, owner: int) -> str:
    return (svg.rect(x - 6, y - 6, 12, 12, rx=2.5, class_="owner-box") +
            svg.text(x, y + 3.4, str(owner + 1), class_="owner"))


@lru_cache(maxsize=8192)
def _parcel(game, number: int, node: str, x: float, y: float, status: str, piece, cls: str, language) -> str:
    w, h = PARCEL_W, PARCEL_H
    district = game.city.district_name(game.city.district_of_parcel(number), language)
    kids = [svg.rect(x - w / 2 - 4, y - h / 2 - 4, w + 8, h + 8, rx=9, class_="hl-ring")]
    if status != "closed":  # a closed parcel is drawn with the static city (_static_pieces)
        kids.append(svg.rect(x - w / 2, y - h / 2, w, h, rx=6, class_="tile"))
    own = ""
    if status in ("built", "damaged") and piece is not None:
        kind = piece.kind
        kids.append(_use(kind, x + 3, y + 2, 26, class_="icon"))
        kids.append(svg.text(x - w / 2 + 4, y - h / 2 + 11, str(number), class_="num"))
        own = f" o{piece.owner}"
        type_name = game.content.type_name(kind, language)
        card = game.card_name(piece.card, language) if piece.card else type_name
        if status == "built":
            kids.append(_owner_badge(x + w / 2 - 8, y - h / 2 + 8, piece.owner))
            words = i18n.text("ui.aria.built", language, n=number, district=district,
                              owner=game.player_name(piece.owner, language),
                              type=type_name, card=card)
        else:
            kids.append(svg.path(f"M{x - w / 2 + 6},{y + h / 2 - 8} l9,-7 l5,4 l10,-9 l6,3 l12,-10",
                                 class_="crack"))
            words = i18n.text("ui.aria.damaged", language, n=number, district=district,
                              owner=game.player_name(piece.owner, language),
                              type=type_name, card=card)
    else:
        if status != "closed":
            kids.append(svg.text(x, y + 6, str(number), class_="num"))
        if status == "banned":
            kids.append(_use("ban", x + w / 2 - 7, y - h / 2 + 7, 14))
        words = i18n.text(f"ui.aria.{status}", language, n=number, district=district)
    return svg.group([svg.title(words), *kids], class_=f"parcel {status}{own}{cls}", data_id=node, role="button")


@lru_cache(maxsize=8192)
def _spot(game, node: str, x: float, y: float, piece, cls: str, language) -> str:
    district = game.city.district_name(game.city.graph.nodes[node]["district"], language)
    r = FORT_R
    kids = [svg.circle(x, y, r + 4, class_="hl-ring")]
    if piece is None:  # the empty spot itself is drawn with the static city (_static_pieces)
        words = i18n.text("ui.aria.spot_free", language, spot=node, district=district)
        own = ""
    else:
        kids.append(svg.circle(x, y, r, class_="base"))
        kids.append(_use(piece.kind, x, y, 19, class_="icon"))
        kids.append(_owner_badge(x + r - 1, y - r + 1, piece.owner))
        words = i18n.text("ui.aria.spot_taken", language, spot=node, district=district,
                          owner=game.player_name(piece.owner, language),
                          fort=i18n.text(f"thing.{piece.kind}", language))
        own = f" taken o{piece.owner}"
    return svg.group([svg.title(words), *kids], class_=f"spot{own}{cls}", data_id=node, role="button")


@lru_cache(maxsize=2048)
def _hq_spot(game, node: str, x: float, y: float, piece, cls: str, language) -> str:
    code = game.city.graph.nodes[node]["district"]
    district = game.city.district_name(code, language)
    w, h = 34, 30
    kids = [svg.rect(x - w / 2 - 4, y - h / 2 - 4, w + 8, h + 8, rx=9, class_="hl-ring"),
            svg.rect(x - w / 2, y - h / 2, w, h, rx=7, class_="base")]
    if piece is None:
        kids.append(svg.text(x, y + 3.5, "HQ" if language == "en" else i18n.text("thing.hq", language).upper()[:5],
                             class_="kind"))
        words = i18n.text("ui.aria.hq_free", language, district=district)
        own = ""
    else:
        kids.append(_use("hq", x, y + 1, 22, class_="icon"))
        kids.append(_owner_badge(x + w / 2 - 2, y - h / 2 + 2, piece.owner))
        words = i18n.text("ui.aria.hq_taken", language, district=district, owner=game.player_name(piece.owner, language))
        own = f" taken o{piece.owner}"
    return svg.group([svg.title(words), *kids], class_=f"hqspot{own}{cls}", data_id=node, role="button")


@lru_cache(maxsize=2048)
def _location(game, code: str, x: float, y: float, workers: tuple, damaged: bool, cls: str, language) -> str:
    loc = game.content.locations.get(code)
    faction = loc.faction if loc is not None else "council"
    colour, light = FACTION_STYLE.get(faction, ("#6b5a3a", "#efe7d5"))
    name = game.content.location_name(code, language)
    kids = [svg.circle(x, y, LOC_R + 4, class_="hl-ring"),
            svg.circle(x, y, LOC_R, class_="base", fill=light, stroke=colour),
            _use(faction, x, y, 20, style=f"color:{colour}")]
    for p in workers[:1]:
        kids.append(svg.group([_use("worker", x + 25, y + 1, 22, class_="worker")], class_=f"o{p}"))
    if damaged:
        kids.append(_use("damage", x - 25, y, 17))
    parts = [i18n.text("ui.aria.location", language, location=name, district=game.city.district_name(code, language),
                       faction=game.faction_name(faction, language))]
    if workers:
        parts.append(i18n.text("ui.aria.worker_here", language, owner=i18n.text("player.gen", language, n=workers[0] + 1)))
    if damaged:
        parts.append(i18n.text("ui.aria.loc_damaged", language))
    words = "; ".join(parts)
    return svg.group([svg.title(words), *kids], class_=f"loc{' damaged' if damaged else ''}{cls}", data_id=f"L-{code}",
                     role="button")


@lru_cache(maxsize=4096)
def _attack_track(game, code: str, tokens: tuple, defence: int, done: tuple, cls: str, language) -> str:
    """A district's attack track (4 slots, the 4th attacks), its defence now and its last attack (``done``)."""
    x, y, w, h = _box(game.city, code)
    x0, y0 = x + 22, y - h / 2 + 7
    size, gap = 16, 2
    kids = [svg.rect(x0 - 3, y0 - 3, 4 * (size + gap) + 3, size + 6, rx=6, class_="hl-ring")]
    for j, n in enumerate(tokens[:4]):  # the slots are drawn with the static city (_static_pieces)
        sx = x0 + j * (size + gap)
        kids.append(svg.circle(sx + size / 2, y0 + size / 2, size / 2 - 0.5, class_="token"))
        kids.append(svg.text(sx + size / 2, y0 + size / 2 + 3.6, str(n), class_="token-n"))
    dx = x0 + 4 * (size + gap) + 8
    words = [i18n.text("ui.aria.attack_track", language, district=game.city.district_name(code, language),
                       n=len(tokens), defence=defence)]
    if done:  # attacked: the result instead of the defence (a full track is never attacked again)
        held, strength, against = done[0]
        kids.append(svg.rect(dx - 5, y0, 30, size, rx=8, class_="res-box held" if held else "res-box fell"))
        kids.append(svg.text(dx + 10, y0 + size / 2 + 4, ("✓" if held else "✗") + str(strength), class_="res"))
        words.append(i18n.text("ui.aria.attack_held" if held else "ui.aria.attack_fell", language, strength=strength,
                               defence=against))
    else:
        kids.append(_use("shield", dx + 2, y0 + size / 2, 19, style="color:#5d7f9a" if defence else "color:#b9ab8f"))
        kids.append(svg.text(dx + 2, y0 + size / 2 + 4, str(defence), class_="def-n"))
    text = "; ".join(words)
    return svg.group([svg.title(text), *kids], class_=f"atrack{cls}", data_id=f"attack-{code}")


# ======================================================================= the tracks (strength, factions)


@lru_cache(maxsize=1024)
def _strength_panel(game, x0: float, y0: float, strength: int, hidden, revealed: bool, bag: int, cls: str,
                    language) -> str:
    track = game.content.strength_track
    now = min(strength, len(track) - 1)
    n = len(track)
    w = n * CELL + 20
    out = [svg.rect(x0, y0, w, 96, rx=10, class_="hl-ring")]  # the frame and spaces: _static_pieces
    cells = []
    cx = x0 + 10 + now * CELL
    cells.append(svg.rect(cx, y0 + 28, CELL - 3, CELL - 3, rx=5, class_="cell now"))
    cells.append(svg.text(cx + (CELL - 3) / 2, y0 + 28 + 20, str(track[now]), class_="cell-n"))
    mx = x0 + 10 + now * CELL + (CELL - 3) / 2
    cells.append(svg.path(f"M{mx - 7},{y0 + 24} L{mx + 7},{y0 + 24} L{mx},{y0 + 32} Z", class_="marker"))
    # the hidden token, face down at the end of the track (or turned over: its number)
    hx = x0 + 10 + (n - 1) * CELL + (CELL - 3) / 2
    if hidden is None:
        pass
    elif revealed:
        cells.append(svg.circle(hx, y0 + 72, 10, class_="token"))
        cells.append(svg.text(hx, y0 + 75.6, str(hidden), class_="token-n"))
    else:
        cells.append(_use("hidden", hx, y0 + 72, 20))
    info = i18n.text("ui.bag", language, tokens=qty(bag, "token", language))
    out.extend(cells)
    out.append(svg.text(x0 + 10, y0 + 77, info, class_="small"))
    out.append(svg.text(x0 + 10, y0 + 91, i18n.text("ui.strength_now", language, n=track[now]), class_="small"))
    words = i18n.text("ui.aria.strength", language, n=track[now], left=qty(bag, "token", language)) + (
        "; " + i18n.text("ui.aria.hidden_revealed", language, n=hidden) if revealed and hidden
        else "; " + i18n.text("ui.aria.hidden_down", language) if hidden is not None else "")
    return svg.group([svg.title(words), *out], class_=f"strength{cls}", data_id="strength")


def _reward_glyph(game, atoms, x: float, y: float) -> str:
    """A faction track reward as a small icon with a number (the words are in the space's tooltip)."""
    if not atoms:
        return ""
    a = atoms[0]
    word = a[0]
    if word == "gain":
        res, n = a[1][0]
        return _use(res, x, y - 3, 13) + svg.text(x, y + 13, str(n), class_="rw")
    if word == "influence":
        return _use("influence", x, y - 3, 11) + svg.text(x, y + 13, f"+{a[1]}", class_="rw")
    if word == "draw":
        return _use("card", x, y - 3, 13) + svg.text(x, y + 13, str(a[1]), class_="rw")
    if word == "offer":
        return _use("card", x, y - 3, 13) + svg.text(x, y + 13, "↑" + str(a[1]), class_="rw")
    if word == "agendas":
        return _use("scroll", x, y - 3, 13) + svg.text(x, y + 13, f"{a[1]}/{a[2]}", class_="rw")
    if word == "fortify":
        return _use(a[1], x, y - 3, 14, style="color:#6b5a3a") + svg.text(x, y + 13, "", class_="rw")
    if word == "build":
        return _use("hammer", x, y - 3, 13) + svg.text(x, y + 13, f"-{a[1]}" if a[1] else "", class_="rw")
    if word == "return_worker":
        return _use("worker", x, y - 3, 13, style="color:#6b5a3a")
    return svg.text(x, y + 4, "•", class_="rw")


TCELL = 30  # a faction track's space


def _faction_tracks(game, view, x0: float, y0: float, targets, selected, cursor, language) -> str:
    out = []
    for fi, fa in enumerate(game.content.factions):
        levels = tuple(pl.influence[fi] if fi < len(pl.influence) else 0 for pl in view.players)
        out.append(_track_row(game, fi, x0, y0, levels, _cls(f"track-{fa.id}", targets, selected, cursor), language))
    return "".join(out)


ROW_H = 50


@lru_cache(maxsize=64)
def _tracks_frame(game, x0: float, y0: float, language: str) -> str:
    w = (game.track_len + 1) * TCELL + 16
    return (svg.rect(x0, y0, w, 22 + ROW_H * len(game.content.factions) + 2, rx=10, class_="panel") +
            svg.text(x0 + 10, y0 + 17, i18n.text("ui.factions_title", language), class_="ptitle"))


@lru_cache(maxsize=4096)
def _track_row(game, fi: int, x0: float, y0: float, levels: tuple, cls: str, language: str) -> str:
    """One faction track: its spaces with their rewards and every house's cube (a click chooses it)."""
    c = game.content
    fa = c.factions[fi]
    n_sp = game.track_len
    w = (n_sp + 1) * TCELL + 16
    ry = y0 + 22 + fi * ROW_H
    tid = f"track-{fa.id}"
    kids = [svg.rect(x0 + 3, ry - 1, w - 6, ROW_H - 1, rx=8, class_="hl-ring")]  # the spaces: _track_static
    at: dict = {}
    for p, lv in enumerate(levels):
        at.setdefault(min(lv, n_sp), []).append((p, lv))
    for sp in range(n_sp + 1):
        cx = x0 + 8 + sp * TCELL
        cy = ry + 16
        for j, (p, lv) in enumerate(at.get(sp, [])):
            qx = cx + 1 + (j % 2) * 14
            qy = cy + 1 + (j // 2) * 14
            kids.append(svg.group([svg.rect(qx, qy, 12, 12, rx=2.5, class_="cube"),
                                   svg.text(qx + 6, qy + 9.2, str(p + 1), class_="cube-n")], class_=f"o{p}"))
            if lv > n_sp:  # past the end (C10): how far, on the cube's other half of the space
                kids.append(svg.text(qx + 6, qy + 21.5 if j < 2 else qy - 3, f"+{lv - n_sp}", class_="over"))
    rewards = "; ".join(f"{sp}: {effect_text(fa.rewards[sp - 1], language, c.faction_map)}" for sp in range(1, n_sp + 1))
    who = ", ".join(f"{game.player_name(p, language)} {lv}" for p, lv in enumerate(levels))
    words = i18n.text("ui.aria.track", language, faction=game.faction_name(fa.id, language, genitive=True), levels=who,
                      rewards=rewards)
    return svg.group([svg.title(words), *kids], class_=f"track{cls}", data_id=tid, role="button")


def _legend(game, x0: float, y0: float, language: str) -> str:
    c = game.content
    rows = [(k, c.type_name(k, language)) for k in ("inn", "hall", "market", "temple")]
    rows += [("tower", i18n.text("thing.tower", language) + " · 1"), ("keep", i18n.text("thing.keep", language) + " · 2"),
             ("gate", i18n.text("thing.gate", language) + " · 0")]
    out = [svg.rect(x0, y0, 186, 22 + 17 * len(rows) + 38, rx=10, class_="panel"),
           svg.text(x0 + 10, y0 + 17, i18n.text("ui.legend", language), class_="ptitle")]
    for i, (icon, words) in enumerate(rows):
        y = y0 + 32 + i * 17
        out.append(_use(icon, x0 + 18, y - 4, 15, class_="legend-icon"))
        out.append(svg.text(x0 + 32, y, words, class_="legend-t"))
    y = y0 + 32 + len(rows) * 17
    out.append(svg.rect(x0 + 10, y - 10, 16, 12, rx=2, fill="#fffdf6", stroke="#6f9f5a", stroke_width=1.6))
    out.append(svg.text(x0 + 32, y, i18n.text("ui.legend_open", language), class_="legend-t"))
    out.append(svg.rect(x0 + 10, y + 7, 16, 12, rx=2, fill="#e4dccb", stroke="#bfb299", stroke_dasharray="3 2"))
    out.append(svg.text(x0 + 32, y + 17, i18n.text("ui.legend_closed", language), class_="legend-t"))
    return "".join(out)


# ======================================================================= the city


def _cls(id_: str, targets, selected, cursor) -> str:
    out = ""
    if id_ in targets:
        out += " tg"
    if id_ in selected:
        out += " sel"
    if id_ == cursor:
        out += " cur"
    return out


def _layout(game) -> dict:
    """Where the panels go: the free corners of the city's drawing area."""
    width, height = _size(game.city)
    return {"strength": (14, 12), "tracks": (width - (game.track_len + 1) * TCELL - 16 - 10, 10),
            "legend": (width - 186 - 12, height - 22 - 17 * 7 - 38 - 14)}


def _track_static(game, x0: float, y0: float, language: str) -> str:
    """The faction tracks' rows: emblem, name, the spaces and their rewards (the cubes are drawn on top)."""
    c = game.content
    n_sp = game.track_len
    w = (n_sp + 1) * TCELL + 16
    out = []
    for fi, fa in enumerate(c.factions):
        colour, light = FACTION_STYLE.get(fa.id, ("#6b5a3a", "#efe7d5"))
        ry = y0 + 22 + fi * ROW_H
        out += [svg.rect(x0 + 5, ry + 1, w - 10, ROW_H - 5, rx=7, class_="trow", fill=light),
                _use(fa.id, x0 + 16, ry + 9, 13, style=f"color:{colour}"),
                svg.text(x0 + 26, ry + 13, game.faction_name(fa.id, language), class_="tname", fill=colour)]
        for sp in range(n_sp + 1):
            cx = x0 + 8 + sp * TCELL
            cy = ry + 16
            out.append(svg.rect(cx, cy, TCELL - 2, TCELL - 2, rx=4, class_="cell start" if sp == 0 else "cell"))
            if sp == 0:
                out.append(svg.text(cx + (TCELL - 2) / 2, cy + 18, "0", class_="rw", fill="#a3947a"))
            else:
                out.append(_reward_glyph(game, fa.rewards[sp - 1], cx + (TCELL - 2) / 2, cy + 10))
    return "".join(out)


def _static_pieces(game, language: str) -> str:
    """What lies under the pieces and never changes: empty fortification spots, the attack tracks' slots,
    the attack-strength track's spaces, the faction tracks' spaces."""
    city = game.city
    out = []
    for n in city.parcels:  # every parcel closed: an open or built one is drawn over it
        x, y = city.positions[city.nodes[city.parcel_index[n]]]
        out.append(svg.group([svg.rect(x - PARCEL_W / 2, y - PARCEL_H / 2, PARCEL_W, PARCEL_H, rx=6, class_="tile"),
                              svg.text(x, y + 6, str(n), class_="num")], class_="parcel closed"))
    for i in city.forts:
        x, y = city.positions[city.nodes[i]]
        out.append(svg.circle(x, y, FORT_R, class_="spot-base"))
        out.append(_use("tower", x, y - 1, 13, class_="legend-icon", opacity="0.22"))
    size, gap = 16, 2
    for code in city.districts:
        x, y, w, h = _box(city, code)
        x0, y0 = x + 22, y - h / 2 + 7
        for j in range(4):
            sx = x0 + j * (size + gap)
            out.append(svg.rect(sx, y0, size, size, rx=3.5, class_="slot last" if j == 3 else "slot"))
        out.append(_use("sword", x0 + 3 * (size + gap) + size / 2, y0 + size / 2, 13, opacity="0.55"))
    lay = _layout(game)
    sx0, sy0 = lay["strength"]
    track = game.content.strength_track
    out += [svg.rect(sx0, sy0, len(track) * CELL + 20, 96, rx=10, class_="panel"),
            svg.text(sx0 + 10, sy0 + 19, i18n.text("ui.strength_title", language), class_="ptitle")]
    for i, v in enumerate(track):
        cx = sx0 + 10 + i * CELL
        out.append(svg.rect(cx, sy0 + 28, CELL - 3, CELL - 3, rx=5, class_="cell"))
        out.append(svg.text(cx + (CELL - 3) / 2, sy0 + 28 + 20, str(v), class_="cell-n"))
    out.append(_track_static(game, *lay["tracks"], language))
    return "".join(out)


@lru_cache(maxsize=16)
def _static(game, language: str) -> str:
    """Everything of the city that never changes in a game: land, water, wall, districts and their names,
    the solid lines, the frames of the tracks, the legend."""
    roads = _roads(game)
    lay = _layout(game)
    return "".join([_background(_game_key(game), game, language), roads[0], *(r[2] for r in roads[1]),
                    _tracks_frame(game, *lay["tracks"], language), _legend(game, *lay["legend"], language),
                    _static_pieces(game, language)])


def _static_id(game, language: str) -> str:
    import zlib

    return f"{ID_PREFIX}city-{zlib.crc32(repr((_game_key(game), language)).encode()) & 0xFFFFFF:06x}"


def city_defs(game, language: Optional[str] = None) -> str:
    """The static part of the city as a ``<symbol>``, for ``Board(defs=DEFS + city_defs(game))`` with
    ``city_svg(..., background="defs")``: sent to the browser once, not with every redraw."""
    language = _language(game, language)
    width, height = _size(game.city)
    # the class on a group inside the symbol: the styles match in the <use>'s copy, wherever it is drawn
    return (f'<symbol id="{_static_id(game, language)}" viewBox="0 0 {svg._fmt(width)} {svg._fmt(height)}">'
            f'<g class="bw-bg">{_static(game, language)}</g></symbol>')


def city_svg(game, view, *, viewer: Optional[int] = None, targets: Iterable = (), selected: Iterable = (),
             cursor=None, highlight_districts: Iterable = (), language: Optional[str] = None, label: str = "",
             standalone: bool = False, background: str = "inline") -> str:
    """The city of ``view`` as one SVG (see the module docstring).

    ``viewer`` is whose view this is (it changes nothing on the public board
    today; kept for lessons that mark a player's own pieces). With
    ``standalone=True`` the CSS and the icons are embedded, to save the
    picture as a file. ``background="defs"`` leaves out what never changes
    (districts, names, lines, legend) and draws it with ``<use>`` from
    :func:`city_defs`, which the board must then hold in its ``defs`` (the
    play view does so: each redraw sends half the markup).
    """
    language = _language(game, language)
    city = game.city
    targets, selected = _norm_ids(targets), _norm_ids(selected)
    cursor = f"P{cursor}" if isinstance(cursor, int) and not isinstance(cursor, bool) else cursor
    hl = frozenset(highlight_districts or ())
    width, height = _size(city)
    if background == "defs":
        parts = [svg.el("use", None, href=f"#{_static_id(game, language)}", x=0, y=0, width=width, height=height)]
    else:
        parts = [_static(game, language)]
    for code in sorted(hl):
        if code in city.names:
            x, y, w, h = _box(city, code)
            parts.append(svg.rect(x - w / 2 - 3, y - h / 2 - 3, w + 6, h + 6, rx=20, fill="none", stroke="#e0a100",
                                  stroke_width=5, class_="district-hl", data_district=code))
    pieces = view.pieces
    index = city.index
    # the solid lines between two undamaged pieces of one house, in its colour (its networks show)
    for u, v, _plain, own in _roads(game)[1]:
        pa = pieces[index[u]]
        pb = pieces[index[v]]
        if pa is not None and pb is not None and pa.owner == pb.owner and not pa.damaged and not pb.damaged:
            parts.append(own.format(o=pa.owner))
    # the pieces, in the city's node order (a stable structure: redraws patch few nodes)
    pos = city.positions
    status = game.parcel_status
    for i, node in enumerate(city.nodes):
        x, y = pos[node]
        kind = city.kind[i]
        cls = _cls(node, targets, selected, cursor)
        pc = pieces[i]
        if kind == "parcel":
            n = city.parcel_number[i]
            parts.append(_parcel(game, n, node, x, y, status(view, n), pc, cls, language))
        elif kind == "hq":
            parts.append(_hq_spot(game, node, x, y, pc, cls, language))
        else:
            parts.append(_spot(game, node, x, y, pc, cls, language))
    workers: dict = {}
    for p, pl in enumerate(view.players):
        if pl.worker:
            workers.setdefault(pl.worker, []).append(p)
    last = {a.district: (a.defended, a.strength, a.defence) for a in view.attacks}
    for k, code in enumerate(city.districts):
        if code in city.location:
            x, y = pos[city.location[code]]
            parts.append(_location(game, code, x, y, tuple(workers.get(code, ())), code in view.damage,
                                   _cls(f"L-{code}", targets, selected, cursor), language))
        tokens = view.tracks[k] if k < len(view.tracks) else ()
        done = (last[code],) if code in last else ()
        parts.append(_attack_track(game, code, tuple(tokens), sum(game.contributions(view, code)), done,
                                   _cls(f"attack-{code}", targets, selected, cursor), language))
    lay = _layout(game)
    parts.append(_strength_panel(game, *lay["strength"], view.strength, view.hidden, view.revealed,
                                 game.bag_count(view), _cls("strength", targets, selected, cursor), language))
    parts.append(_faction_tracks(game, view, *lay["tracks"], targets, selected, cursor, language))
    if standalone:
        parts.insert(0, f"<defs>{DEFS}</defs>" + svg.style(CSS))
    return svg.svg(parts, width, height, class_="bw-bg", role="group",
                   aria_label=label or i18n.text("ui.aria.city", language))


def target_centres(game, ids: Iterable) -> dict:
    """``{data-id: (x, y)}``: where the city's clickable elements are drawn (for the keyboard cursor)."""
    city = game.city
    pos = city.positions
    lay = _layout(game)
    out = {}
    for id_ in ids:
        id_ = f"P{id_}" if isinstance(id_, int) and not isinstance(id_, bool) else id_
        p = parse_id(id_)
        if p is None:
            continue
        kind, x = p
        if kind in ("parcel", "fort", "hq") and id_ in pos:
            out[id_] = pos[id_]
        elif kind == "location" and x in city.location:
            out[id_] = pos[city.location[x]]
        elif kind == "track" and x in game.faction_ids:
            tx, ty = lay["tracks"]
            fi = game.faction_ids.index(x)
            out[id_] = (tx + 150, ty + 22 + fi * ROW_H + 28)
        elif kind == "attack" and x in city.names:
            bx, by, w, h = _box(city, x)
            out[id_] = (bx + 60, by - h / 2 + 15)
        elif kind == "strength":
            sx, sy = lay["strength"]
            out[id_] = (sx + 150, sy + 48)
    return out


# ======================================================================= cards and players' boards (HTML)

CARDS_CSS = """
.bw-bgc { font: 13px/1.35 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #2b2418; }
.bw-bgc .row { display: flex; flex-wrap: wrap; gap: 6px; align-items: stretch; }
.bw-bgc .head { font-weight: 700; color: #5b4a2c; margin: 4px 0 3px; font-size: 12.5px; }
.bw-bgc .card { position: relative; width: 148px; min-height: 82px; border-radius: 8px; padding: 5px 7px 6px;
  background: #fffdf7; border: 1.5px solid #cdbf9f; box-shadow: 0 1px 2px #0001; box-sizing: border-box; }
.bw-bgc .card .ct { display: flex; align-items: center; gap: 5px; font-weight: 700; font-size: 12.5px;
  line-height: 1.15; padding-right: 26px; }
.bw-bgc .card .ty { font-size: 11px; color: #7a6a4b; margin: 1px 0 2px; }
.bw-bgc .card .tx { font-size: 11.5px; color: #3d3324; }
.bw-bgc .card .cost { position: absolute; top: 4px; right: 5px; display: flex; align-items: center; gap: 1px;
  font-weight: 800; font-size: 12px; }
.bw-bgc .card.inn { border-top: 5px solid #b5523b; }
.bw-bgc .card.hall { border-top: 5px solid #4f7ca8; }
.bw-bgc .card.market { border-top: 5px solid #d09a17; }
.bw-bgc .card.temple { border-top: 5px solid #8a6bbf; }
.bw-bgc .card.hq { border-top: 5px solid #6a5632; background: #fbf5e6; }
.bw-bgc .card.gate { border-top: 5px solid #6f6a60; }
.bw-bgc .card.agenda { border-top: 5px solid #2e6b5b; background: #f6fbf8; }
.bw-bgc .card.used { opacity: 0.5; filter: grayscale(0.6); }
.bw-bgc .card.used::after { content: attr(data-used); position: absolute; bottom: 4px; right: 6px; font-size: 10.5px;
  font-weight: 700; color: #7a6a4b; }
.bw-bgc .card.back { background: repeating-linear-gradient(45deg, #6a5632, #6a5632 6px, #5c4a2a 6px, #5c4a2a 12px);
  border-color: #4a3b20; width: 54px; min-height: 74px; color: #f3e7c9; display: flex; align-items: center;
  justify-content: center; font-weight: 700; }
.bw-bgc .card[data-id] { cursor: default; }
.bw-bgc .card.tg { cursor: pointer; border-color: #f2b705; box-shadow: 0 0 0 3px #f2b70566; }
.bw-bgc .card.tg:hover { box-shadow: 0 0 0 4px #f2b705aa; }
.bw-bgc .card.sel { border-color: #1565c0; box-shadow: 0 0 0 3px #1565c066; }
.bw-bgc .card.cur { outline: 2px dashed #111; outline-offset: 2px; }
.bw-bgc .card.muted { filter: grayscale(0.85); background: #f4f2ee; }  /* no opacity: its words keep their contrast */
.bw-bgc svg.i { display: inline-block; width: 15px; height: 15px; flex: none; vertical-align: -3px; }
.bw-bgc svg.ti { display: inline-block; width: 17px; height: 17px; flex: none; }
.bw-bgc .pl { border: 1.5px solid #cdbf9f; border-left: 7px solid var(--pc); border-radius: 9px; padding: 6px 9px;
  background: #fbf7ee; }
.bw-bgc .pl.active { box-shadow: 0 0 0 2px var(--pc); }
.bw-bgc .pl .who { display: flex; align-items: center; gap: 8px; font-weight: 700; color: var(--pd); }
.bw-bgc .pl .who .turn { font-size: 11px; font-weight: 700; color: #fff; background: var(--pc); border-radius: 10px;
  padding: 0 8px; }
.bw-bgc .res { display: flex; flex-wrap: wrap; gap: 4px 12px; margin: 4px 0 2px; font-variant-numeric: tabular-nums; }
.bw-bgc .res span { display: inline-flex; align-items: center; gap: 3px; }
.bw-bgc .res b { font-size: 14px; }
.bw-bgc .meta { color: #6b5a3a; font-size: 12px; }
""" + "".join(f".bw-bgc .o{i} {{ --pc: {c}; --pd: {d}; }}" for i, (c, d) in enumerate(zip(PLAYER_COLOURS, PLAYER_DARK)))


def _icon_html(name: str, cls: str = "i", style: str = "") -> str:
    st = f' style="{style}"' if style else ""
    return (f'<svg class="{cls}" viewBox="-10 -10 20 20" aria-hidden="true"{st}>'
            f'<use href="#{ID_PREFIX}{name}" x="-10" y="-10" width="20" height="20"/></svg>')


def _card_html(game, card: str, language: str, cls: str = "", used_word: str = "", ability_words: bool = True) -> str:
    """One card face as HTML: name, type, cost, what it does (generated from its data, like ``card_text``)."""
    c = game.content
    e = svg.escape
    fm = c.faction_map
    tail, cost = [], ""
    if card in c.buildings:
        b = c.buildings[card]
        lines = []
        if b.when_built:
            lines.append(i18n.text("card.when_built", language, effect=effect_text(b.when_built, language, fm)))
        lines += [i18n.text("card.income", language, ability=x) for x in game.ability_texts(card, language)]
        kind, icon = b.type, b.type
        kind_word, tail = c.type_name(b.type, language), [qty(b.cost, "gold", language)]
        head = f'<div class="ct">{_icon_html(icon, "ti", "color:#6a5632")}{e(c.name(card, language))}</div>'
        cost = f' <div class="cost">{b.cost}{_icon_html("gold")}</div>'  # drawn top right, read last
    elif card in c.hqs:
        kind, icon = "hq", "hq"
        lines = game.hq_lines(card, language)  # the same words as card_text (one ability, or the choice of one)
        kind_word = i18n.text("ui.hq_card", language)
        head = f'<div class="ct">{_icon_html(icon, "ti", "color:#6a5632")}{e(c.name(card, language))}</div>'
    elif card in c.gate_map:
        kind, icon = "gate", "gate"
        lines = [i18n.text("card.income", language, ability=x) for x in game.ability_texts(card, language)]
        kind_word = i18n.text("ui.gate_card", language)
        head = f'<div class="ct">{_icon_html(icon, "ti", "color:#6f6a60")}{e(c.name(card, language))}</div>'
    elif card in c.agendas:
        kind = "agenda"
        lines = [game.agenda_text(c.agendas[card], language)]
        kind_word = i18n.text("ui.agenda_card", language)
        head = f'<div class="ct">{_icon_html("scroll", "ti")}{e(c.name(card, language))}</div>'
    else:
        return f'<div class="card back">?</div>'
    # the label reads what the card shows, in the order it is drawn (name, kind, text, then the cost in the corner,
    # a space between the parts): a speech user's "click <what I see>" names it (axe label-content-name-mismatch)
    head += f' <div class="ty">{e(kind_word)}</div>'
    body = "".join(f' <div class="tx">{e(x)}</div>' for x in lines)
    label = f"{c.name(card, language)}: " + ". ".join([kind_word, *lines, *tail])
    used = f' data-used="{e(used_word)}"' if used_word else ""
    return (f'<div class="card {kind}{cls}" data-id="{card_id(card)}" role="button" aria-label="{e(label)}" '
            f'title="{e(label)}"{used}>{head}{body}{cost}</div>')


def cards_markup(game, cards: Iterable[str], *, targets: Iterable = (), selected: Iterable = (), cursor=None,
                 language: Optional[str] = None, used: Iterable = (), title: str = "", muted: bool = False) -> str:
    """A row of cards as HTML (the offer, agendas to keep, HQ cards to pick); styles :data:`CARDS_CSS`.

    ``targets`` etc. are card ids or ``card-`` data-ids; ``muted`` draws the
    cards that are not targets paler (a decision among them is pending).
    """
    language = _language(game, language)
    tg = {x if x.startswith("card-") else card_id(x) for x in targets}
    sl = {x if x.startswith("card-") else card_id(x) for x in selected}
    cur = cursor if cursor is None or str(cursor).startswith("card-") else card_id(cursor)
    used = set(used)
    out = [f'<div class="bw-bgc">'] + ([f'<div class="head">{svg.escape(title)}</div>'] if title else [])
    out.append('<div class="row">')
    for c in cards:
        if c == MASK:
            out.append('<div class="card back">?</div>')
            continue
        cid = card_id(c)
        cls = _cls(cid, tg, sl, cur) + (" used" if c in used else "") + (" muted" if muted and cid not in tg else "")
        out.append(_card_html(game, c, language, cls, i18n.text("ui.used", language) if c in used else ""))
    out.append("</div></div>")
    return "".join(out)


def player_markup(game, view, player: int, *, viewer: Optional[int] = None, targets: Iterable = (),
                  selected: Iterable = (), cursor=None, language: Optional[str] = None, name: Optional[str] = None,
                  active: bool = False, hand: bool = True) -> str:
    """One house's board as HTML: resources, influence, worker, cubes, portfolio; hand and agendas if ``view`` holds them.

    Another player's hand is drawn as card backs with their count: a view
    holds ``"?"`` for them, so nothing secret can be drawn by mistake.
    """
    language = _language(game, language)
    e = svg.escape
    pl = view.players[player]
    tg = {x if str(x).startswith("card-") else card_id(x) for x in targets}
    sl = {x if str(x).startswith("card-") else card_id(x) for x in selected}
    cur = cursor
    name = name or game.player_name(player, language)
    res = [("gold", pl.gold, i18n.text("res.gold", language)), ("supply", pl.supply, i18n.text("res.supply", language)),
           ("favor", pl.favor, i18n.text("res.favor", language)),
           ("prestige", pl.prestige, i18n.text("res.prestige", language))]
    out = [f'<div class="bw-bgc"><div class="pl o{player}{" active" if active else ""}" '
           f'data-player="{player}">',
           f'<div class="who">{e(name)}'
           + (f'<span class="turn">{e(i18n.text("ui.to_move", language))}</span>' if active else "") + "</div>",
           '<div class="res">']
    for icon, n, word in res:
        out.append(f'<span title="{e(word)}" aria-label="{e(word)}: {n}">{_icon_html(icon)}<b>{n}</b></span>')
    out.append("</div>")
    inf = ", ".join(f"{game.faction_name(f, language)} {pl.influence[i]}" for i, f in enumerate(game.faction_ids))
    where = (i18n.text("ui.worker_at", language, location=game.location_text(pl.worker, language)) if pl.worker
             else i18n.text("ui.worker_home", language))
    out.append(f'<div class="meta">{_icon_html("influence")} {e(i18n.text("ui.influence_short", language))}: {e(inf)}</div>')
    out.append(f'<div class="meta">{_icon_html("worker", "i", f"color:{PLAYER_COLOURS[player % 4]}")} {e(where)}'
               f' · {e(i18n.text("ui.cubes_left", language, n=game.free_cubes(view, player)))}</div>')
    # the portfolio: HQ card, buildings, gates (ready or used this income)
    port = ([pl.hq] if pl.hq else []) + list(pl.portfolio)
    out.append(f'<div class="head">{e(i18n.text("ui.portfolio", language, n=len(port)))}</div><div class="row">')
    used = set(pl.used)
    for card in port:
        cid = card_id(card)
        cls = _cls(cid, tg, sl, cur) + (" used" if card in used else "")
        out.append(_card_html(game, card, language, cls, i18n.text("ui.used", language) if card in used else ""))
    if not port:
        out.append(f'<div class="meta">{e(i18n.text("ui.nothing_yet", language))}</div>')
    out.append("</div>")
    if hand:
        secret = any(x == MASK for x in pl.hand + pl.agendas)
        hand_words = i18n.text("ui.hand", language, cards=qty(len(pl.hand), "building_card", language))
        out.append(f'<div class="head">{e(hand_words)}</div><div class="row">')
        for card in pl.hand:
            if card == MASK:
                out.append('<div class="card back">?</div>')
                continue
            cid = card_id(card)
            muted = " muted" if tg and cid not in tg else ""
            out.append(_card_html(game, card, language, _cls(cid, tg, sl, cur) + muted))
        out.append("</div>")
        agenda_words = i18n.text("ui.agendas", language, cards=qty(len(pl.agendas), "agenda", language))
        out.append(f'<div class="head">{e(agenda_words)}</div><div class="row">')
        for card in pl.agendas:
            if card == MASK:
                out.append('<div class="card back">?</div>')
                continue
            cid = card_id(card)
            out.append(_card_html(game, card, language, _cls(cid, tg, sl, cur)))
        out.append("</div>")
        if secret:
            out.append(f'<div class="meta">{e(i18n.text("ui.hand_secret", language))}</div>')
    out.append("</div></div>")
    return "".join(out)
