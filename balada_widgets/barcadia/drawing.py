"""Heroes of Barcadia drawings: the dungeon, the hand, the dice, as SVG markup. Pure Python (no Solara).

Every function takes a game and a *player's view* (``game.view(state, p)``,
or the whole state in the lab) and returns markup; what a view does not
hold (another player's hand, an unseen room) cannot be drawn. The view
(:mod:`.view`), the lab and the tutorial draw their boards with these
functions and show them with the kit's board::

    from balada_widgets.barcadia.drawing import CSS, DEFS, dungeon_svg
    Board(svg=dungeon_svg(game, view, targets=("r3", "r7")), css=CSS, defs=DEFS, on_click=...)

The dungeon (:func:`dungeon_svg`) is ONE drawing: pointy-top hexes in axial
coordinates (the graph's ``pos``/``hexes``), the seven-hex Starting Point as
one room, each room face down (a stone floor; a re-hidden room shows its
public identity, H15, and a room the viewer peeked at shows what they saw)
or face up (a colour and an icon per type, the level or the reward), its
traps, dropped Power-Ups and a Wizard's Pocket Pourtal mark; the heroes'
cups with their HP (the Health Bar Cup: a cup filled to HP/100 in the
character's colour, the number beside it); the highlighted targets, a
selection, the path of an Enter action, a keyboard cursor, the room of the
pending roll, and a legend.

Clickable elements carry ``data-id`` = the room's id in move notation
(``START``, ``r12``) or, while building, an empty hex ``h<q>,<r>``
(``h-3,1``: see :func:`hex_id` / :func:`parse_id`), plus ``role="button"``
and an ``aria-label`` in plain words. Room groups always come in room order
with the same children, so a redraw patches few nodes (the kit's board
patches the DOM). Shared drawings (icons, the stone pattern, the cup's clip)
are in :data:`DEFS`, styles in :data:`CSS` (pass both to ``Board``; or
``standalone=True`` to embed them, e.g. to save a picture).

>>> from balada_widgets.barcadia import BarcadiaGame
>>> g = BarcadiaGame(players=2, dungeon="cozy")
>>> s = g.initial_state()
>>> svg = dungeon_svg(g, g.view(s, 0), targets=["r1"])
>>> 'data-id="START"' in svg and 'data-id="r30"' in svg and svg.count(' target"') == 1
True
>>> parse_id("r12"), parse_id("START"), parse_id("h-3,1"), parse_id("x")
(('room', 12), ('room', 0), ('hex', (-3, 1)), None)
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Iterable, Optional

from ..kit import svg
from ..kit.grid import PLAYER_COLOURS
from .content import ROOM_TYPE_WORDS
from .state import START, room_name

__all__ = ["CSS", "DEFS", "HEX", "PLAYER_COLOURS", "TYPE_STYLE", "dungeon_svg", "hex_centre", "hex_id", "parse_id",
           "room_words", "target_centres", "target_id"]

#: circumradius of a hex, in SVG units
HEX = 30.0
_SQ3 = math.sqrt(3.0)
ID_PREFIX = "bw-bc-"  # of every id in DEFS (ids are global to the page)

#: room type -> (fill, edge, ink): a pleasant, distinct colour per type (the icon tells the type too)
TYPE_STYLE = svg.palette("""
start    #f3e3b8 #c49a4a #7a5412
monster  #f5b3a2 #cf5f47 #7f2210
team     #f8d185 #d0962a #7d5005
boss     #cdb2ec #8c5ec3 #4b2683
reward   #bde2ad #5b9f47 #2a6420
pourtal  #a3dde8 #3a9fb8 #0b5466
hoard    #2c426e #e9b949 #f5cd5c
down     #5d6170 #393c46 #e9e4d8
""")
LOOT_COLOURS = {"green": "#3f9b4b", "blue": "#2f74c0", "red": "#cf3f3f", "orange": "#e07b1a", "purple": "#8c4bc2"}


# ======================================================================= ids and geometry


def hex_id(h) -> str:
    """``data-id`` of an empty hex (building): ``h<q>,<r>``, e.g. ``h-3,1``."""
    return f"h{h[0]},{h[1]}"


def target_id(x) -> str:
    """A room number, a room id, or a hex ``(q, r)`` as a ``data-id``."""
    if isinstance(x, str):
        return x
    if isinstance(x, tuple):
        return hex_id(x)
    return room_name(int(x))


def parse_id(id_: str):
    """``("room", i)`` for ``START`` / ``r12``, ``("hex", (q, r))`` for ``h-3,1``, else ``None``."""
    if not isinstance(id_, str):
        return None
    if id_ == "START":
        return ("room", START)
    if id_[:1] == "r" and id_[1:].isdigit() and int(id_[1:]) > 0:
        return ("room", int(id_[1:]))
    if id_[:1] == "h" and "," in id_:
        q, _, r = id_[1:].partition(",")
        try:
            return ("hex", (int(q), int(r)))
        except ValueError:
            return None
    return None


def hex_centre(h) -> tuple:
    """The centre of hex ``(q, r)`` (pointy-top, axial), before the drawing's offset."""
    q, r = h
    return (HEX * _SQ3 * (q + r / 2), HEX * 1.5 * r)


def _corners(cx, cy, radius=HEX) -> list:
    return [(cx + radius * math.cos(math.radians(-90 + 60 * k)), cy + radius * math.sin(math.radians(-90 + 60 * k)))
            for k in range(6)]


#: the height of the band above the map where the dice of the last roll are drawn
DICE_BAND = 56


@lru_cache(maxsize=64)
def _frame(layout_key: tuple, slots: tuple, legend: bool) -> tuple:
    """(offset x, offset y, width, height) that hold every hex and empty slot with a margin."""
    xs, ys = [], []
    for h in layout_key + slots:
        x, y = hex_centre(h)
        xs.append(x)
        ys.append(y)
    pad = HEX + 14
    # a band on top for the dice of the last roll, so they hide no room's label (issue 14)
    x0, y0 = min(xs) - pad, min(ys) - pad - 10 - DICE_BAND
    w = max(max(xs) - min(xs) + 2 * pad, 520)
    h = max(ys) - min(ys) + 2 * pad + 10 + DICE_BAND + (64 if legend else 0)
    x0 -= (w - (max(xs) - min(xs) + 2 * pad)) / 2
    return (-x0, -y0, w, h)


def _centre(h, off) -> tuple:
    x, y = hex_centre(h)
    return (round(x + off[0], 2), round(y + off[1], 2))


@lru_cache(maxsize=16)
def _start_outline(start: tuple, ox: float, oy: float) -> str:
    """The outline of the Starting Point's hexes as one closed path (the union's boundary)."""
    edges: dict = {}
    where: dict = {}
    for h in start:
        cx, cy = _centre(h, (ox, oy))
        pts = _corners(cx, cy)
        keys = [(round(x), round(y)) for x, y in pts]  # corners are 15+ units apart: whole numbers tell them
        for k, (x, y) in zip(keys, pts):
            where[k] = (x, y)
        for k in range(6):
            key = frozenset((keys[k], keys[(k + 1) % 6]))
            edges[key] = edges.get(key, 0) + 1
    nxt: dict = {}
    for e, n in edges.items():
        if n == 1:
            a, b = tuple(e)
            nxt.setdefault(a, []).append(b)
            nxt.setdefault(b, []).append(a)
    d, seen = [], set()
    for a0 in sorted(nxt):
        if a0 in seen:
            continue
        loop, prev, cur = [a0], None, a0
        seen.add(a0)
        for _ in range(len(nxt)):
            cand = [p for p in nxt[cur] if p != prev and (p == a0 or p not in seen)]
            if not cand or cand[0] == a0:
                break
            prev, cur = cur, cand[0]
            seen.add(cur)
            loop.append(cur)
        d.append("M" + " L".join(f"{where[k][0]:.1f},{where[k][1]:.1f}" for k in loop) + " Z")
    return " ".join(d)


def target_centres(game, view, ids: Iterable, legend: bool = True) -> dict:
    """``{data-id: (x, y)}`` of the targets ``ids`` in the drawing's coordinates (for the kit's cursor).

    Give the same targets (and ``legend``) as to :func:`dungeon_svg`: while
    building, the empty hexes among them widen the drawing.
    """
    layout = view.layout
    ids = list(ids)
    slots = tuple(sorted({parse_id(target_id(x))[1] for x in ids
                          if parse_id(target_id(x)) and parse_id(target_id(x))[0] == "hex"}))
    off = _frame(tuple(layout.start) + tuple(layout.hexes), slots, legend)[:2]
    out = {}
    for x in ids:
        tid = target_id(x)
        p = parse_id(tid)
        if p is None:
            continue
        if p[0] == "hex":
            out[tid] = _centre(p[1], off)
        elif p[1] <= layout.size:
            out[tid] = _centre(layout.hexes_of(p[1])[0], off)
    return out


# ======================================================================= words


def room_words(game, view, i: int, viewer: Optional[int] = None) -> str:
    """What the drawing says of room ``i`` (its ``aria-label`` and tooltip), in plain words."""
    r = view.rooms[i]
    if i == START:
        parts = ["START, the Starting Point"]
    else:
        card = game.content.rooms.get(r.card) if r.card else None
        if card is None:
            parts = [f"{room_name(i)}, a face-down room"]
        else:
            kind = ROOM_TYPE_WORDS[card.type] + (f" level {card.level}" if card.level else "")
            how = "face up" if r.up else ("face down, seen before" if r.public else "face down, you peeked")
            parts = [f"{room_name(i)}, {card.name} ({kind}, {how})"]
            if card.type in ("monster", "team", "boss"):
                parts.append(f"{card.damage} HP damage, reward {card.reward_words}")
            elif card.type == "reward" and r.up:
                parts.append(f"gives {card.reward_words}")
    if r.traps:
        parts.append(f"{r.traps} trap" + ("s" if r.traps > 1 else ""))
    if r.powerups:
        names = ", ".join(game.content.powerups[u].name if u in game.content.powerups else u for u in r.powerups)
        parts.append(f"Power-Up here: {names}")
    if r.pocket >= 0:
        parts.append(f"Pocket Pourtal of player {r.pocket + 1}")
    here = [p for p, pl in enumerate(view.players) if pl.at == i]
    if here:
        parts.append(", ".join(f"player {p + 1} ({view.players[p].hp} HP)" for p in here) + " here")
    return "; ".join(parts)


# ======================================================================= the shared drawings (DEFS)


def _icon(kind: str) -> str:
    """An icon centred at (0, 0), about 26 units across."""
    ink = TYPE_STYLE.get(kind, TYPE_STYLE["down"])[2]
    if kind == "monster":  # a horned blob with fangs
        return svg.group([
            svg.path("M-11,9 C-13,-2 -9,-9 0,-9 C9,-9 13,-2 11,9 C7,6 4,10 0,7 C-4,10 -7,6 -11,9 Z", fill=ink),
            svg.path("M-8,-6 L-11,-13 L-4,-8 Z M8,-6 L11,-13 L4,-8 Z", fill=ink),
            svg.circle(-4, -2, 2.8, fill="#fff"), svg.circle(4, -2, 2.8, fill="#fff"),
            svg.circle(-3.6, -1.6, 1.3, fill="#222"), svg.circle(4.4, -1.6, 1.3, fill="#222"),
            svg.path("M-4,3 L-2.6,6 L-1.2,3 Z M1.2,3 L2.6,6 L4,3 Z", fill="#fff")])
    if kind == "team":  # two crossed swords
        blade = "M-1.3,-12 L1.3,-12 L1.3,5 L-1.3,5 Z M-5,5 L5,5 L5,7.5 L-5,7.5 Z M-1.5,7.5 L1.5,7.5 L1.5,12 L-1.5,12 Z"
        return svg.group([svg.path(blade, fill=ink, transform="rotate(40)"),
                          svg.path(blade, fill=ink, transform="rotate(-40)"),
                          svg.circle(0, -1, 2.2, fill="#fff7e0")])
    if kind == "boss":  # a crown
        return svg.group([
            svg.path("M-12,7 L-13,-7 L-6,-1 L0,-11 L6,-1 L13,-7 L12,7 Z", fill=ink),
            svg.rect(-12, 7, 24, 4, rx=1, fill=ink),
            svg.circle(0, 2, 2.4, fill="#f7d9ff"), svg.circle(-7, 3.5, 1.6, fill="#f7d9ff"),
            svg.circle(7, 3.5, 1.6, fill="#f7d9ff")])
    if kind == "reward":  # a gift box
        return svg.group([
            svg.rect(-11, -3, 22, 14, rx=1.5, fill=ink), svg.rect(-12.5, -7, 25, 5, rx=1.5, fill=ink),
            svg.rect(-1.8, -7, 3.6, 18, fill="#f4e27a"),
            svg.path("M0,-7 C-3,-13 -10,-12 -7,-8 Z M0,-7 C3,-13 10,-12 7,-8 Z", fill="#f4e27a")])
    if kind == "pourtal":  # a swirl
        return svg.group([
            svg.path("M0,0 m-1.5,0 a1.5,1.5 0 1,1 3,0 a4,4 0 1,1 -8,0 a7,7 0 1,1 14,0 a10,10 0 1,1 -20,0",
                     fill="none", stroke=ink, stroke_width=2.6, stroke_linecap="round")])
    if kind == "hoard":  # a goblet with sparkles
        return svg.group([
            svg.path("M-9,-11 L9,-11 C9,-2 5,2 1.5,3 L1.5,8 L6,10 L6,12 L-6,12 L-6,10 L-1.5,8 L-1.5,3 "
                     "C-5,2 -9,-2 -9,-11 Z", fill=ink),
            svg.path("M-7,-8 L7,-8 C6.5,-3 4,0 0,0.5 C-4,0 -6.5,-3 -7,-8 Z", fill="#7fc8ff"),
            svg.path("M12,-12 l1,3 l3,1 l-3,1 l-1,3 l-1,-3 l-3,-1 l3,-1 Z", fill=ink)])
    if kind == "start":  # a banner on a pole
        return svg.group([
            svg.rect(-8, -12, 2.4, 24, rx=1, fill=ink),
            svg.path("M-5.6,-12 L10,-12 L6,-7 L10,-2 L-5.6,-2 Z", fill="#d9480f"),
            svg.ellipse(-6.8, 12, 6, 1.8, fill=ink)])
    if kind == "down":  # a question mark on a stone
        return svg.text(0, 7, "?", font_size=20, font_weight="700", fill="#d9d4c6", text_anchor="middle",
                        font_family="Georgia, serif", opacity=".55")
    return ""


def _trap_icon() -> str:
    """A trap token: a red warning triangle with a spike, about 12 units across."""
    return svg.path("M0,-7 L7,5.5 L-7,5.5 Z", fill="#e03131", stroke="#fff", stroke_width=1.3, stroke_linejoin="round")


def _powerup_icon() -> str:
    """A Power-Up token: a five-pointed star, about 14 units across."""
    pts = []
    for k in range(10):
        rad = 7 if k % 2 == 0 else 3
        a = math.radians(-90 + 36 * k)
        pts.append((rad * math.cos(a), rad * math.sin(a)))
    return svg.polygon(pts, fill="#ffd43b", stroke="#a86b00", stroke_width=1, stroke_linejoin="round")


def _eye_icon() -> str:
    return svg.group([svg.path("M-7,0 C-4,-5 4,-5 7,0 C4,5 -4,5 -7,0 Z", fill="#fff", stroke="#333", stroke_width=1),
                      svg.circle(0, 0, 2.2, fill="#333")])


#: the cup's outline, a tumbler 24 units tall with its base at y = 12
CUP_PATH = "M-10,-12 L10,-12 L7.5,11 Q7.3,12.5 6,12.5 L-6,12.5 Q-7.3,12.5 -7.5,11 Z"
CUP_TOP, CUP_BOTTOM = -12.0, 12.5


def _defs() -> str:
    stone = svg.el("pattern", [
        svg.rect(0, 0, 24, 20, fill="#5d6170"),
        svg.path("M0,0.5 H24 M0,10.5 H24 M8,0.5 V10.5 M20,0.5 V10.5 M2,10.5 V20 M14,10.5 V20",
                 stroke="#4a4d59", stroke_width=1.2, fill="none"),
        svg.path("M1,1.6 H7 M9,1.6 H19 M3,11.6 H13 M15,11.6 H23", stroke="#737888", stroke_width=0.9, fill="none"),
    ], id=f"{ID_PREFIX}stone", width=24, height=20, patternUnits="userSpaceOnUse")
    floor = svg.el("pattern", [svg.rect(0, 0, 18, 18, fill="#efe8da"), svg.circle(3, 4, 0.9, fill="#e2d8c4"),
                               svg.circle(12, 13, 0.9, fill="#e2d8c4")],
                   id=f"{ID_PREFIX}floor", width=18, height=18, patternUnits="userSpaceOnUse")
    clip = svg.el("clipPath", svg.path(CUP_PATH), id=f"{ID_PREFIX}cupclip")
    glow = svg.el("filter", [svg.el("feGaussianBlur", None, stdDeviation=2.2)], id=f"{ID_PREFIX}blur", x="-50%", y="-50%",
                  width="200%", height="200%")
    icons = [svg.el("g", _icon(k), id=f"{ID_PREFIX}ico-{k}") for k in TYPE_STYLE]
    icons += [svg.el("g", _trap_icon(), id=f"{ID_PREFIX}trap"), svg.el("g", _powerup_icon(), id=f"{ID_PREFIX}pu"),
              svg.el("g", _eye_icon(), id=f"{ID_PREFIX}eye"),
              svg.el("g", svg.path("M0,0 m-1,0 a1,1 0 1,1 2,0 a2.5,2.5 0 1,1 -5,0 a4,4 0 1,1 8,0", fill="none",
                                   stroke="currentColor", stroke_width=1.5, stroke_linecap="round"), id=f"{ID_PREFIX}swirl"),
              svg.el("g", svg.path(CUP_PATH, fill="none"), id=f"{ID_PREFIX}cup")]
    return "".join([stone, floor, clip, glow, *icons])


#: the shared drawings the markup references (``Board(defs=DEFS)``)
DEFS = _defs()

#: the styles of the drawings (``Board(css=CSS)``)
CSS = """
.bw-bc { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; }
.bw-bc .bg { fill: url(#bw-bc-floor); }
.bw-bc .room .tile { stroke-width: 1.6; }
.bw-bc .room .hl { fill: none; stroke: none; pointer-events: none; }
.bw-bc .room.target .hl { stroke: #ffb703; stroke-width: 3.5; }
.bw-bc .room.target .tile { filter: brightness(1.08); }
.bw-bc .room.down.target .tile { filter: brightness(1.35); }
.bw-bc .room.selected .hl { stroke: #1e6fd9; stroke-width: 3.5; }
.bw-bc .room.cursor .hl { stroke: #111; stroke-width: 2.4; stroke-dasharray: 5 3; }
.bw-bc .room.target.cursor .hl { stroke: #d9480f; stroke-width: 3.5; stroke-dasharray: 6 3; }
.bw-bc .room.fight .hl { stroke: #e03131; stroke-width: 3.5; }
.bw-bc .room:hover .tile { filter: brightness(1.12); }
.bw-bc .room.down:hover .tile { filter: brightness(1.3); }
.bw-bc .rid { font-size: 8.5px; font-weight: 600; text-anchor: middle; pointer-events: none; }
.bw-bc .lvl { font-size: 11px; font-weight: 800; text-anchor: middle; fill: #fff; pointer-events: none; }
.bw-bc .nt { font-size: 7.5px; font-weight: 900; text-anchor: middle; fill: #fff; pointer-events: none; }
.bw-bc .known { font-size: 7px; font-weight: 700; text-anchor: middle; fill: #fff; pointer-events: none; }
.bw-bc .slot .tile { fill: rgba(255, 255, 255, .35); stroke: #b5a78a; stroke-width: 1.4; stroke-dasharray: 4 3; }
.bw-bc .slot.target .tile { fill: rgba(255, 200, 60, .28); stroke: #e09b00; stroke-width: 2.2; }
.bw-bc .slot.cursor .tile { stroke: #d9480f; stroke-width: 3.5; stroke-dasharray: 7 4; }
.bw-bc .slot:hover .tile { fill: rgba(255, 200, 60, .5); }
.bw-bc .slot .plus { fill: #b07a00; font-size: 18px; font-weight: 700; text-anchor: middle; pointer-events: none; }
.bw-bc .cup { pointer-events: none; }
.bw-bc .cup .hp { font-size: 9.5px; font-weight: 800; text-anchor: middle; }
.bw-bc .cup .who { font-size: 8px; font-weight: 800; text-anchor: middle; fill: #fff; }
.bw-bc .path { fill: none; stroke: #1e6fd9; stroke-width: 3.5; stroke-linecap: round; stroke-linejoin: round;
  stroke-dasharray: 7 5; pointer-events: none; }
.bw-bc .legend text { font-size: 10.5px; fill: #4a4232; }
.bw-bc .legend .key { font-size: 10px; fill: #7a705c; }
.bw-bc .die text { font-weight: 800; text-anchor: middle; pointer-events: none; }
.bw-bc .caption { font-size: 11px; fill: #6b604b; font-weight: 600; }
@keyframes bw-bc-pulse { from { stroke-opacity: 1; } to { stroke-opacity: .35; } }
.bw-bc .room.fight .hl { animation: bw-bc-pulse .9s ease-in-out infinite alternate; }
@media (prefers-reduced-motion: reduce) { .bw-bc .room.fight .hl { animation: none; } }
"""


def _use(name: str, x: float = 0, y: float = 0, scale: float = 1.0, **kw) -> str:
    t = f"translate({x:g},{y:g})" + (f" scale({scale:g})" if scale != 1 else "")
    return svg.el("use", None, href=f"#{ID_PREFIX}{name}", transform=t, **kw)


# ======================================================================= one room


@lru_cache(maxsize=4096)
def _room(i: int, centre: tuple, outline: str, kind: str, card, up: bool, public: bool, peeked: bool,
          traps: int, powerups: int, pocket: int, cls: str, label: str, start_centre: tuple, occupied: bool) -> str:
    """One room's group: tile, highlight, icon, badges (always the same children for the same kind)."""
    cx, cy = centre
    fill, edge, ink = TYPE_STYLE[kind]
    if outline:
        tile = svg.path(outline, class_="tile", fill=fill, stroke=edge)
        hl = svg.path(outline, class_="hl")
    else:
        pts = _corners(cx, cy, HEX - 1.2)
        tile = svg.polygon(pts, class_="tile", fill=f"url(#{ID_PREFIX}stone)" if kind == "down" else fill, stroke=edge)
        hl = svg.polygon(_corners(cx, cy, HEX - 4), class_="hl")
    # the label says it all. The room's name (r12) is the visible text of the button; the badges (level, traps,
    # Power-Ups) are drawn over it in a group of their own (``marks``: not clickable, hidden from screen readers), so
    # the button's visible text is a part of its name (axe label-content-name-mismatch)
    parts = [svg.title(label, aria_hidden="true"), tile, hl]
    marks = []
    if i == START:
        sx, sy = start_centre
        parts += [_use("ico-start", sx, sy - 5), svg.text(sx, sy + 17, "START", class_="rid", fill=ink)]
    elif kind == "down" and card is None:
        parts += [_use("ico-down", cx - (9 if occupied else 0), cy), svg.text(cx, cy - 17, room_name(i), class_="rid",
                                                                              fill="#d9d4c6")]
    elif kind == "down":  # face down, identity known: a small plate of the type's colour
        tf, te, _ti = TYPE_STYLE[card.type]
        ix = cx - (10 if occupied else 0)
        parts += [svg.text(cx, cy - 17, room_name(i), class_="rid", fill="#d9d4c6"),
                  svg.circle(ix, cy - 1, 11, fill=tf, stroke=te, stroke_width=1.2, opacity=".92"),
                  _use(f"ico-{card.type}", ix, cy - 1, 0.6)]
        marks.append(svg.text(ix, cy + 19, _badge(card) or "", class_="known"))
        if peeked:
            parts.append(_use("eye", cx + 14, cy - 11, 0.8))
    else:
        ix = cx - (9 if occupied else 0)
        parts += [svg.text(cx, cy - 17.5, room_name(i), class_="rid", fill=ink),
                  _use(f"ico-{kind}", ix, cy + (1 if occupied else -1.5), 0.68 if occupied else 0.9)]
        badge = _badge(card)
        if badge:
            parts.append(svg.rect(ix - 9, cy + 10.5, 18, 11, rx=5.5, fill=edge if kind != "hoard" else "#a47a12"))
            marks.append(svg.text(ix, cy + 19.3, badge, class_="lvl"))
    bx, by = (start_centre if i == START else centre)
    if traps:
        tx, ty = bx - 17, by - 10
        parts.append(_use("trap", tx, ty))
        marks.append(svg.text(tx, ty + 4.3, "!" if traps == 1 else traps, class_="nt"))
    if powerups:
        px, py = (bx + 15, by + 10) if i else (bx + 16, by + 24)
        parts.append(_use("pu", px, py, 0.9))
        if powerups > 1:
            marks.append(svg.text(px, py + 3, powerups, font_size=7, font_weight=800, text_anchor="middle",
                                  fill="#5c3b00"))
    if pocket >= 0:
        colour = PLAYER_COLOURS[pocket % len(PLAYER_COLOURS)]
        parts += [svg.circle(bx, by, HEX - 6, fill="none", stroke=colour, stroke_width=2.2, stroke_dasharray="2 3",
                             class_="pocket"),
                  svg.circle(bx + 16, by - 13, 6.5, fill="#fff", stroke=colour, stroke_width=1.4),
                  _use("swirl", bx + 16, by - 13, 1.0, color=colour)]
    room = svg.group(parts, class_=cls, data_id=room_name(i), role="button", aria_label=label)
    return room + (svg.group(marks, class_="marks", aria_hidden="true", pointer_events="none") if marks else "")


def _badge(card) -> str:
    if card is None:
        return ""
    if card.type in ("monster", "team"):
        return str(card.level)
    if card.type == "boss":
        return "VS"
    if card.type == "hoard":
        return "15+"
    return ""


def _room_kind(view, i: int, content) -> tuple:
    r = view.rooms[i]
    if i == START:
        return "start", None
    card = content.rooms.get(r.card) if r.card else None
    if r.up and card is not None:
        return card.type, card
    return "down", card


# ======================================================================= cups, path, dice, legend


@lru_cache(maxsize=1024)
def cup_svg(x: float, y: float, hp: int, colour: str, number: int, active: bool = False, full: int = 100,
            scale: float = 1.0) -> str:
    """The Health Bar Cup of player ``number`` at (x, y): filled to ``hp``/``full``, the HP written below."""
    level = max(0.0, min(1.0, hp / full if full else 0))
    top = CUP_BOTTOM - (CUP_BOTTOM - CUP_TOP) * level
    parts = [svg.circle(0, 1, 19, class_="halo", fill=colour if active else "none", opacity=".35",
                        filter=f"url(#{ID_PREFIX}blur)"),
             svg.ellipse(0, 13.5, 11, 2.6, fill="#000", opacity=".18"),
             svg.path(CUP_PATH, fill="#ffffff", opacity=".88"),
             svg.rect(-11, round(top, 2), 22, round(CUP_BOTTOM - top + 1, 2), fill=colour, clip_path=f"url(#{ID_PREFIX}cupclip)"),
             svg.path(CUP_PATH, fill="none", stroke="#2b2b2b", stroke_width=1.3, stroke_linejoin="round"),
             svg.path("M-7.5,-9 L-5.8,9", stroke="#fff", stroke_width=1.6, opacity=".55", stroke_linecap="round"),
             svg.circle(0, -15.5, 5.3, fill=colour, stroke="#fff", stroke_width=1.2),
             svg.text(0, -12.6, number, class_="who"),
             svg.rect(-10, 15, 20, 10, rx=5, fill="#fff", stroke=colour, stroke_width=1.2),
             svg.text(0, 23, hp, class_="hp", fill="#222")]
    t = f"translate({x:g},{y:g})" + (f" scale({scale:g})" if scale != 1 else "")
    return svg.group(parts, class_="cup active" if active else "cup", transform=t)


def _cup_spots(view, off) -> list:
    """Where each player's cup stands: their room's centre; on START one hex each around the centre."""
    start = view.layout.start
    spots = []
    on_start = 0
    for p, pl in enumerate(view.players):
        if pl.at == START:
            h = start[(on_start % (len(start) - 1)) + 1] if len(start) > 1 else start[0]
            on_start += 1
            x, y = _centre(h, off)
            spots.append((x, y - 1, 1.0))
        else:
            x, y = _centre(view.layout.hexes_of(pl.at)[0], off)
            spots.append((x + 11, y + 1, 0.8))
    return spots


def _arrow_path(points: list) -> str:
    if len(points) < 2:
        return ""
    d = "M" + " L".join(f"{x:g},{y:g}" for x, y in points)
    (x1, y1), (x2, y2) = points[-2], points[-1]
    a = math.atan2(y2 - y1, x2 - x1)
    tip = (x2 - 9 * math.cos(a), y2 - 9 * math.sin(a))
    wing = [(tip[0] - 8 * math.cos(a + s), tip[1] - 8 * math.sin(a + s)) for s in (0.5, -0.5)]
    head = svg.polygon([tip, *wing], fill="#1e6fd9")
    return svg.group([svg.path(d, class_="path"), head], class_="path-group")


def d20_svg(x: float, y: float, value, colour: str, size: float = 15, caption: str = "") -> str:
    """A d20 showing ``value`` at (x, y) in ``colour`` (a hexagon with its facets), a caption below."""
    pts = _corners(0, 0, size)
    inner = [(0, -size * 0.55), (size * 0.5, size * 0.32), (-size * 0.5, size * 0.32)]
    parts = [svg.polygon(pts, fill=colour, stroke="#222", stroke_width=1.2),
             svg.polygon(inner, fill="#fff", opacity=".22"),
             svg.path(" ".join(f"M{a[0]:.1f},{a[1]:.1f} L{b[0]:.1f},{b[1]:.1f}" for a, b in
                               zip(inner, [pts[0], pts[2], pts[4]])), stroke="#fff", stroke_opacity=".35",
                      stroke_width=1),
             svg.text(0, size * 0.33, value, font_size=size * 0.95, fill="#fff", stroke="#222", stroke_width=0.6,
                      paint_order="stroke")]
    if caption:
        parts.append(svg.text(0, size + 11, caption, font_size=9, fill="#4a4232", font_weight=600))
    return svg.group(parts, transform=f"translate({x:g},{y:g})", class_="die")


LEGEND = (("monster", "Monster"), ("team", "Team Battle"), ("boss", "Boss"), ("reward", "Reward"),
          ("pourtal", "Pourtal"), ("hoard", "Hoard"), ("down", "face down"))


@lru_cache(maxsize=8)
def _legend(y: float, width: float) -> str:
    step = min(90.0, (width - 20) / 9)
    x = (width - step * 9) / 2 + step / 2
    parts = [svg.rect(8, y - 4, width - 16, 52, rx=10, fill="#fffaf0", stroke="#e4d9c2", opacity=".9")]
    for k, word in LEGEND:
        fill, edge, _ink = TYPE_STYLE[k]
        tile = svg.polygon(_corners(x, y + 14, 13), fill=f"url(#{ID_PREFIX}stone)" if k == "down" else fill, stroke=edge,
                           stroke_width=1.2)
        parts += [tile, _use(f"ico-{k}", x, y + 14, 0.48), svg.text(x, y + 40, word, text_anchor="middle")]
        x += step
    parts += [_use("trap", x, y + 14, 1.3), svg.text(x, y + 17.5, "!", class_="nt"),
              svg.text(x, y + 40, "trap", text_anchor="middle")]
    x += step
    parts += [_use("pu", x, y + 14, 1.2), svg.text(x, y + 40, "Power-Up", text_anchor="middle")]
    return svg.group(parts, class_="legend", aria_hidden="true")


# ======================================================================= the dungeon


def _stack_room(view) -> Optional[int]:
    """The room of the pending battle, trap roll, duel or Guardian fight (drawn with a red frame)."""
    for f in reversed(view.stack):
        k = f.kind
        if k in ("window", "resolve"):
            continue
        if k in ("battle", "traps", "guardian", "duel", "reveal", "claim", "walk"):
            return getattr(f, "room", None)
        return None
    return None


def dungeon_svg(game, view, *, viewer: Optional[int] = None, targets: Iterable = (), selected: Iterable = (),
                path: Iterable = (), cursor=None, dice: Iterable = (), fight: Optional[int] = -1,
                show_identities: bool = True, legend: bool = True, label: str = "", standalone: bool = False,
                dice_caption: str = "last roll") -> str:
    """The dungeon of ``view`` as one SVG (see the module docstring).

    Parameters
    ----------
    game, view:
        The :class:`~.rules.BarcadiaGame` and what to draw: a player's view
        (``game.view(state, p)``), a spectator's (``p=None``), or the whole
        state (the lab). Only what ``view`` holds is drawn.
    viewer:
        Whose eyes (their cup gets a ring; their peeks an eye); default
        ``view.viewer`` when it is a player.
    targets:
        Rooms and empty hexes to highlight (clickable moves from
        ``game.legal_moves``): room numbers, ids (``"r12"``, ``"START"``) or
        hexes ``(q, r)``; empty hexes are drawn only when they are targets.
    selected:
        Rooms drawn as chosen (blue frame), same forms.
    path:
        Rooms of an Enter action in order (the first is where it started):
        a dashed arrow through them.
    cursor:
        The keyboard cursor's target (a dashed frame), same forms.
    dice:
        The last roll(s) to show: ``(player, value)`` pairs (one, or two for
        a team / opposed roll, or the roll for who starts), drawn in the players'
        colours in a band above the map (:data:`DICE_BAND`), where they hide no
        room; ``dice_caption`` names them ("last roll", "roll for who starts").
    fight:
        The room of the pending roll to frame in red; ``-1`` (default): the
        one the view's pending battle, trap, duel or Guardian is about;
        ``None``: none.
    show_identities:
        Draw what the view knows of face-down rooms (re-hidden and peeked
        ones); ``False`` draws every face-down room as unknown.
    legend:
        A legend of the room types and tokens below the map.
    label:
        The drawing's ``aria-label`` (default: a summary in words).
    standalone:
        Embed :data:`CSS` and :data:`DEFS` (a picture on its own).

    Every room is a ``<g class="room ..." data-id=... role="button"
    aria-label=...>`` (classes: its kind, ``target``, ``selected``,
    ``cursor``, ``fight``); a building slot ``<g class="slot target"
    data-id="h-3,1">``; the cups come after the rooms, one per player in seat
    order (``<g class="cup">``).
    """
    content = game.content
    layout = view.layout
    if viewer is None and view.viewer >= 0:
        viewer = view.viewer
    tset = {target_id(x) for x in targets}
    sset = {target_id(x) for x in selected}
    cur = target_id(cursor) if cursor is not None else None
    slots = tuple(sorted(p[1] for p in map(parse_id, tset) if p and p[0] == "hex"))
    ox, oy, width, height = _frame(tuple(layout.start) + tuple(layout.hexes), slots, legend)
    off = (ox, oy)
    if fight == -1:
        fight = _stack_room(view)
    start_outline = _start_outline(tuple(layout.start), ox, oy)
    start_centre = _centre(layout.start[0], off)

    occupied = {pl.at for pl in view.players}
    rooms = []
    for i in range(layout.size + 1):
        kind, card = _room_kind(view, i, content)
        if not show_identities and kind == "down":
            card = None
        rid = room_name(i)
        r = view.rooms[i]
        cls = svg.class_names("room", kind, target=rid in tset, selected=rid in sset, cursor=rid == cur,
                              fight=fight is not None and i == fight)
        words = room_words(game, view, i, viewer) if show_identities or kind != "down" else \
            f"{rid}, a face-down room"
        if rid in tset:
            words += " (you may act here)"
        rooms.append(_room(i, _centre(layout.hexes_of(i)[0], off), start_outline if i == START else "", kind, card,
                           r.up, r.public, viewer is not None and viewer in r.seen and not r.public, r.traps,
                           len(r.powerups), r.pocket, cls, words, start_centre, i in occupied))
    slot_marks = []
    for h in slots:
        sid = hex_id(h)
        x, y = _centre(h, off)
        cls = "slot target" + (" cursor" if sid == cur else "") + (" selected" if sid in sset else "")
        words = f"empty hex {h[0]},{h[1]}: build a room here"
        slot_marks.append(svg.group([svg.title(words, aria_hidden="true"),
                                     svg.polygon(_corners(x, y, HEX - 1.5), class_="tile"),
                                     svg.text(x, y + 6, "+", class_="plus")],
                                    class_=cls, data_id=sid, role="button", aria_label=words))
    active = _active_player(game, view)
    cups = []
    for p, ((x, y, scale), pl) in enumerate(zip(_cup_spots(view, off), view.players)):
        cups.append(cup_svg(x, y, pl.hp, PLAYER_COLOURS[p % len(PLAYER_COLOURS)], p + 1, p == active,
                            content.hp_full, scale))
    pts = []
    for x in path:
        p = parse_id(target_id(x))
        if p and p[0] == "room" and p[1] <= layout.size:
            pts.append(_centre(layout.hexes_of(p[1])[0], off))
    die_marks = []
    for k, (who, value) in enumerate(dice):
        colour = PLAYER_COLOURS[who % len(PLAYER_COLOURS)] if who is not None and who >= 0 else "#555"
        die_marks.append(d20_svg(30 + 40 * k, 30, value, colour, caption=f"P{who + 1}" if who is not None else ""))
    if die_marks:
        words = dice_caption + ": " + ", ".join(f"player {w + 1} {v}" if w is not None else str(v) for w, v in dice)
        die_marks.insert(0, svg.title(words))
        die_marks.insert(1, svg.text(12, 10, dice_caption, class_="caption"))
    body = [svg.rect(0, 0, width, height, class_="bg", rx=12),
            svg.group(rooms, class_="rooms"),
            svg.group(slot_marks, class_="slots"),
            svg.group([_arrow_path(pts)], class_="paths"),
            svg.group(cups, class_="cups"),
            svg.group(die_marks, class_="dice"),
            _legend(height - 58, width) if legend else svg.group([], class_="legend")]
    if standalone:
        body = [svg.style(CSS), svg.el("defs", DEFS)] + body
    aria = label or _summary(game, view)
    return svg.svg(body, round(width, 1), round(height, 1), class_="bw-bc", role="group", aria_label=aria)


def _active_player(game, view) -> Optional[int]:
    if view.phase != "play":
        return None
    return view.active


def _summary(game, view) -> str:
    up = sum(1 for r in view.rooms[1:] if r.up)
    return (f"Heroes of Barcadia dungeon: {view.layout.size} rooms, {up} face up; "
            + ", ".join(f"player {p + 1} in {room_name(pl.at)} with {pl.hp} HP" for p, pl in enumerate(view.players)))


# ======================================================================= the hand


def _wrap(text: str, width: int) -> list:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


WINDOW_SHORT = {"your_turn": "your turn", "between_turns": "between turns", "battle": "battle",
                "after_loss": "after a loss"}
CARD_W, CARD_H, CARD_GAP = 118.0, 156.0, 10.0


@lru_cache(maxsize=512)
def _card(card, count: int, x: float, y: float, playable: bool, selected: bool, cursor: bool) -> str:
    colour = LOOT_COLOURS.get(card.colour, "#777")
    lines = _wrap(card.text or "", 20)[:7]
    cls = "card" + (" playable" if playable else "") + (" selected" if selected else "") + (" cursor" if cursor else "")
    # no parentheses: axe (4.14) reads a name without its "(...)" parts, and the window is drawn on the card
    label = f"{card.name}, {WINDOW_SHORT.get(card.window, card.window)}: {card.text}" + \
        (f" You hold {count}." if count > 1 else "") + (" Click to play it." if playable else " Not playable now.")
    # the button's visible text (name, window, the text's lines, a space between them) starts its label (axe
    # label-content-name-mismatch); the count and DIY badges are drawn over it in a group of their own
    parts = [svg.title(label, aria_hidden="true"),
             svg.rect(0, 0, CARD_W, CARD_H, rx=9, class_="face", fill="#fffdf7", stroke=colour, stroke_width=2),
             svg.path(f"M0,9 Q0,0 9,0 H{CARD_W - 9:g} Q{CARD_W:g},0 {CARD_W:g},9 V30 H0 Z", fill=colour),
             svg.text(CARD_W / 2, 20, card.name, class_="cname"),
             svg.rect(CARD_W / 2 - 36, 37, 72, 15, rx=7.5, fill=colour, opacity=".16"),
             " ", svg.text(CARD_W / 2, 48, WINDOW_SHORT.get(card.window, card.window), class_="cwin", fill=colour)]
    parts += [" " + svg.text(9, 70 + 12.5 * k, ln, class_="ctext") for k, ln in enumerate(lines)]
    marks = []
    if count > 1:
        marks += [svg.circle(CARD_W - 4, 4, 11, fill="#2b2f36", stroke="#fff", stroke_width=2),
                  svg.text(CARD_W - 4, 8.5, f"×{count}", class_="ccount")]
    if card.diy:
        marks.append(svg.text(CARD_W - 8, CARD_H - 8, "DIY", class_="cdiy"))
    where = f"translate({x:g},{y:g})"
    return svg.group(parts, class_=cls, transform=where, data_id=f"card-{card.id}", role="button", aria_label=label) + (
        svg.group(marks, class_="card-marks" + (" playable" if playable else ""), transform=where, aria_hidden="true",
                  pointer_events="none") if marks else "")


HAND_CSS = """
.bw-bc-hand { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; }
.bw-bc-hand .card, .bw-bc-hand .card-marks { opacity: .5; }
.bw-bc-hand .card.playable, .bw-bc-hand .card-marks.playable { opacity: 1; }
.bw-bc-hand .card.playable .face { stroke-width: 3.5; filter: drop-shadow(0 0 4px rgba(255, 183, 3, .9)); }
.bw-bc-hand .card.playable:hover .face { fill: #fff4d6; }
.bw-bc-hand .card.cursor .face { stroke-dasharray: 6 3; }
.bw-bc-hand .cname { font-size: 12.5px; font-weight: 800; fill: #fff; text-anchor: middle; }
.bw-bc-hand .cwin { font-size: 9.5px; font-weight: 700; text-anchor: middle; }
.bw-bc-hand .ctext { font-size: 10px; fill: #333; }
.bw-bc-hand .ccount { font-size: 10px; font-weight: 800; fill: #fff; text-anchor: middle; }
.bw-bc-hand .cdiy { font-size: 9px; font-weight: 800; fill: #999; text-anchor: end; }
.bw-bc-hand .empty { font-size: 13px; fill: #888; }
"""


def hand_svg(game, view, player: int, *, playable: Iterable = (), selected: Optional[str] = None,
             cursor: Optional[str] = None, per_row: int = 4, standalone: bool = False, hand=None) -> str:
    """``player``'s Loot hand as one SVG, one card per kind (``×2`` for two copies).

    Only a hand the view holds is drawn: another player's hidden hand (``?``)
    is drawn as that many card backs. ``playable``: card ids to highlight
    (from the legal ``play`` moves); each card is ``data-id="card-<id>"``
    with its words as ``aria-label``. ``hand`` (ids) may be given instead of
    the view's (``view=None``).
    """
    if hand is None:
        hand = view.players[player].hand
    ok = set(playable)
    kinds: dict = {}
    for cid in hand:
        kinds[cid] = kinds.get(cid, 0) + 1
    parts = []
    if not hand:
        parts.append(svg.text(8, 22, "No Loot Card in hand.", class_="empty"))
        w, h = 4 * (CARD_W + CARD_GAP), 34
    else:
        n = len(kinds)
        cols = min(per_row, n)
        rows = (n + per_row - 1) // per_row
        w = cols * (CARD_W + CARD_GAP) + CARD_GAP
        h = rows * (CARD_H + CARD_GAP) + CARD_GAP
        for k, (cid, count) in enumerate(kinds.items()):
            x = CARD_GAP + (k % per_row) * (CARD_W + CARD_GAP)
            y = CARD_GAP + (k // per_row) * (CARD_H + CARD_GAP)
            card = game.content.loot.get(cid)
            if card is None:  # a hidden card
                parts.append(svg.group([svg.rect(0, 0, CARD_W, CARD_H, rx=9, fill="#5d6170", stroke="#393c46"),
                                        svg.text(CARD_W / 2, CARD_H / 2 + 8, f"?×{count}" if count > 1 else "?",
                                               class_="cname")],
                                       class_="card back", transform=f"translate({x:g},{y:g})"))
            else:
                parts.append(_card(card, count, x, y, cid in ok, cid == selected, cid == cursor))
        w = max(w, 2 * (CARD_W + CARD_GAP))
    body = ([svg.style(HAND_CSS)] if standalone else []) + parts
    return svg.svg(body, w, h, class_="bw-bc-hand", role="group", aria_label=f"Loot hand of player {player + 1}",
                   style=f"max-width:{w * 0.95:g}px")


# ======================================================================= the players


PLAYERS_CSS = """
.bw-bc-players { border-collapse: collapse; width: 100%; font: 13px/1.35 system-ui, -apple-system, 'Segoe UI',
  sans-serif; color: #2b2f36; }
.bw-bc-players td { padding: 4px 6px; border-bottom: 1px solid #ece6da; vertical-align: top; }
.bw-bc-players tr.active td { background: #fff6dd; }
.bw-bc-players .dot { display: inline-block; width: 12px; height: 12px; border-radius: 50%; margin-right: 4px;
  transform: translateY(1px); }
.bw-bc-players .name { font-weight: 700; }
.bw-bc-players .char { color: #6b604b; font-size: 12px; }
.bw-bc-players .sig { color: #4b2683; font-size: 12px; }
.bw-bc-players .hp { font-weight: 800; font-variant-numeric: tabular-nums; white-space: nowrap; }
.bw-bc-players .bar { display: inline-block; width: 46px; height: 7px; border-radius: 4px; background: #e9e3d6;
  margin-left: 4px; vertical-align: middle; overflow: hidden; }
.bw-bc-players .bar i { display: block; height: 100%; }
.bw-bc-players .pu { display: inline-block; border-radius: 9px; padding: 0 6px; margin: 1px 2px 1px 0;
  background: #fff1bf; border: 1px solid #e6c55a; font-size: 11.5px; }
.bw-bc-players .pu.trapped { background: #fde2e2; border-color: #e03131; }
.bw-bc-players .none { color: #666; }
.bw-bc-players .turn { color: #8a5f00; font-size: 11px; font-weight: 700; }
"""


def players_markup(game, view, names=None, active: Optional[int] = None) -> str:
    """The players' table (HTML): character and Signature Move, HP, Power-Ups (and Power Traps),
    hand size, position. ``names[p]`` how to call each seat (default ``Player p``)."""
    rows = []
    full = game.content.hp_full
    for p, pl in enumerate(view.players):
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        ch = game.character(p)
        name = svg.escape(names[p] if names else f"Player {p + 1}")
        pus = []
        for u in pl.powerups:
            card = game.content.powerups.get(u)
            trapped = u in pl.power_traps
            title = svg.escape((card.text if card else u) + (" (under a Power Trap: it does not work)" if trapped else ""))
            pus.append(f'<span class="pu{" trapped" if trapped else ""}" title="{title}">'
                       f'{"⚠ " if trapped else ""}{svg.escape(card.name if card else u)}</span>')
        extra = []
        if pl.pouch:
            extra.append(f"{pl.pouch} trap{'s' if pl.pouch > 1 else ''} in the pouch")
        if pl.pocket_used:
            extra.append("Pocket Pourtal used")
        where = "START" if pl.at == START else room_name(pl.at)
        card = game.room_card(view, pl.at) if pl.at != START else None
        if card is not None:
            where += f" ({svg.escape(card.name)})"
        level = max(0, min(100, round(100 * pl.hp / full))) if full else 0
        turn = ' <span class="turn">to play</span>' if p == active else ""
        rows.append(
            f'<tr class="{"active" if p == active else ""}" data-player="{p}">'
            f'<td><span class="dot" style="background:{colour}"></span><span class="name">{name}</span>{turn}<br>'
            f'<span class="char">{svg.escape(ch.cls)} · {svg.escape(ch.name)}</span><br>'
            f'<span class="sig" title="{svg.escape(ch.text)}">★ {svg.escape(ch.signature)}</span></td>'
            f'<td><span class="hp">{pl.hp} HP</span><span class="bar"><i style="width:{level}%;background:{colour}">'
            f'</i></span><br>{len(pl.hand)} Loot Card{"" if len(pl.hand) == 1 else "s"}<br>in {where}</td>'
            f'<td>{"".join(pus) or "<span class=none>no Power-Up</span>"}'
            + (f'<br><span class="char">{"; ".join(extra)}</span>' if extra else "") + "</td></tr>")
    return f'<style>{PLAYERS_CSS}</style><table class="bw-bc-players">{"".join(rows)}</table>'
