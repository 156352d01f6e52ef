"""Balada's drawings: the map sheet, the flipped cards, the table, the lab's palette, as SVG markup.

Pure Python (no Solara, no ipywidgets): plain functions from a sheet's
landscapes and events (and the turn's cards) to SVG text. The live game
(:mod:`.view`), its lab, the tutorial (:mod:`.tutorial`) and the game review
(:mod:`.review_view`) draw their boards with them and show them with the
kit's board::

    from balada_widgets.balada.drawing import DEFS, SHEET_CSS, sheet_svg
    Board(svg=sheet_svg(lands, events, legal={3, 7}), css=SHEET_CSS, defs=DEFS, on_click=...)

- :func:`sheet_svg` (:func:`sheet_parts` for the inside): a side of 12 spaces
  on a 2-row path, with highlights (legal targets, a picked space, the walk's
  focus, a Portal, the hero, the explain panel's step, the keyboard cursor),
  the walk's points as badges, and ``worth=False`` for the printed symbols only
  (a tutorial's exercise board: no Boss worth, no Tower bonus).
- :func:`cards_svg`: the landscape card and the A (and B) event cards.
- :func:`table_svg`: the whole turn as ONE drawing: status lines and the cards
  above the sheet (a placement redraws one widget).
- :func:`palette_svg`: the lab's paint box.

Stable hooks: spaces ``data-id="space-<n>"`` (1-based; classes ``space``,
``legal``, ``picked``, ``focus``, ``portal``, ``hero``, ``step``, ``cursor``,
``done``, ``empty``/``filled``), cards ``data-id="card-A"`` / ``"card-B"``,
palette swatches ``data-id="tool-<code>"``. Every symbol and landscape icon is
drawn once in :data:`DEFS` and referenced (``<use>``); the styles are
:data:`SHEET_CSS`, :data:`CARDS_CSS`, :data:`TABLE_CSS`, :data:`PALETTE_CSS`
(give them to the board's ``defs`` and ``css``, or ``standalone=True`` to put
them inside the SVG, e.g. to save a picture).

>>> svg = sheet_svg("FDMFDMFDMFDM", ["SW"] + [None] * 11, legal={2, 3}, standalone=True)
>>> svg.count('data-id="space-'), svg.count('class="space legal'), 'space 1: Forest, Sword' in svg
(12, 2, True)
>>> 'data-id="card-B"' in cards_svg(Flip("F", "SW", "O2"))
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional

from ..kit import svg
from .rules import Flip
from .scoring import EVENT_NAMES, LANDSCAPES, SIDE_LENGTH, Layout, is_obstacle

__all__ = [
    "CARDS_CSS", "DEFS", "LAND_STYLE", "PALETTE", "PALETTE_CSS", "SHEET_CSS", "SHEET_H", "SHEET_W", "TABLE_CSS",
    "cards_svg", "event_label", "glyph", "glyph_body", "palette_svg", "sheet_parts", "sheet_svg", "space_xy",
    "table_svg",
]

LAND_STYLE = {  # fill, stroke, ink
    "F": ("#d6ebcd", "#79a86b", "#2f6b2a"),
    "D": ("#f7e6bb", "#d2ae5c", "#7a560f"),
    "M": ("#dde2ef", "#8b96b2", "#3f4a68"),
}
CELL, HGAP, VGAP, MARGIN, TOP = 112, 18, 38, 14, 24
PER_ROW = 6


@lru_cache(maxsize=256)
def _land_icon(land: str, x: float, y: float, scale: float = 1.0) -> str:
    """A small landscape icon centred at (x, y): a reference to the shared drawing (see :data:`DEFS`)."""
    return svg.el("use", None, href=f"#{DEF_PREFIX}land-{land}", transform=f"translate({x},{y}) scale({scale})")


def _land_body(land: str) -> str:
    """The drawing of a landscape icon centred at (0, 0)."""
    ink = LAND_STYLE[land][2]
    if land == "F":  # two fir trees
        parts = [svg.polygon([(-9, 6), (-3, -9), (3, 6)], fill="#3f8a3a"), svg.rect(-4, 6, 2, 4, fill="#6b4a2b"),
                 svg.polygon([(0, 8), (6, -6), (12, 8)], fill="#2f6b2a"), svg.rect(5, 8, 2, 3, fill="#6b4a2b")]
    elif land == "D":  # sun over a dune
        rays = [svg.line(4 + 5.5 * c, -4 + 5.5 * d, 4 + 8.5 * c, -4 + 8.5 * d, stroke="#f0a21a", stroke_width=1.6,
                         stroke_linecap="round")
                for c, d in ((1, 0), (-1, 0), (0, 1), (0, -1), (.7, .7), (-.7, .7), (.7, -.7), (-.7, -.7))]
        parts = [svg.circle(4, -4, 3.8, fill="#f0a21a"), *rays,
                 svg.path("M-13,10 Q-6,3 1,10 Z", fill="#d9a441"), svg.path("M-3,10 Q5,4 13,10 Z", fill="#c48f2c")]
    else:  # peaks with snow
        parts = [svg.polygon([(-12, 9), (-3, -7), (6, 9)], fill="#7b86a3"),
                 svg.polygon([(-1, 9), (6, -2), (13, 9)], fill="#5c6786"),
                 svg.polygon([(-5.5, -3), (-3, -7), (-0.5, -3)], fill="white")]
    return svg.group(parts, fill=ink)


@lru_cache(maxsize=512)
def glyph(ev: str, value: Optional[int] = None, effective: Optional[int] = None) -> str:
    """The symbol of an event centred at (0, 0), about 48 units wide: a reference to the shared drawing.

    ``value``: the Boss's worth at its space; ``effective``: an obstacle's
    value with the Towers beside it; both are drawn as a small badge.
    """
    ref = svg.el("use", None, href=f"#{DEF_PREFIX}ev-{ev}") if ev in EVENT_NAMES else glyph_body(ev)
    return ref + _glyph_badge(ev, value, effective)


def _glyph_badge(ev: str, value: Optional[int], effective: Optional[int]) -> str:
    if is_obstacle(ev) and effective is not None and effective != int(ev[1]):
        return (svg.circle(18, -16, 9, fill="#e8710a") +
                svg.text(18, -12, f"+{effective - int(ev[1])}", font_size=11, font_weight="700", fill="white",
                         text_anchor="middle"))
    if ev == "BS" and value is not None:
        return (svg.circle(18, -16, 9, fill="#6d1111") +
                svg.text(18, -12, str(value), font_size=11, font_weight="700", fill="white", text_anchor="middle"))
    return ""


def glyph_body(ev: str) -> str:
    """The drawing of an event's symbol, centred at (0, 0)."""
    if is_obstacle(ev):
        v = int(ev[1])
        parts = [svg.polygon([(-20, 14), (-15, -6), (-6, -15), (6, -16), (16, -6), (21, 14)], fill="#6d717c",
                             stroke="#454852", stroke_width=2, stroke_linejoin="round"),
                 svg.text(0, 9, str(v), font_size=22, font_weight="700", fill="white", text_anchor="middle")]
        return svg.group(parts)
    if ev == "FT":
        return svg.group([svg.path("M0,-21 C9,-8 16,0 16,7 A16,15 0 0 1 -16,7 C-16,0 -9,-8 0,-21 Z", fill="#3d8fd6",
                                   stroke="#22649e", stroke_width=2),
                          svg.path("M-7,4 Q-7,-3 -2,-8", stroke="white", stroke_width=3, fill="none",
                                 stroke_linecap="round", opacity=0.8)])
    if ev == "SW":
        return svg.group([svg.polygon([(0, -23), (4.5, -16), (4.5, 8), (-4.5, 8), (-4.5, -16)], fill="#d3d8df",
                                      stroke="#59606b", stroke_width=1.5),
                          svg.line(0, -17, 0, 6, stroke="#8b929c", stroke_width=1.2),
                          svg.rect(-13, 8, 26, 5, rx=2, fill="#c08a2e", stroke="#7a5614"),
                          svg.rect(-2.5, 13, 5, 8, fill="#6b4a2b"), svg.circle(0, 23, 3.5, fill="#c08a2e")])
    if ev == "BS":
        parts = [svg.polygon([(-10, -9), (-19, -22), (-5, -13)], fill="#4a0d0d"),
                 svg.polygon([(10, -9), (19, -22), (5, -13)], fill="#4a0d0d"),
                 svg.circle(0, 1, 16, fill="#c62828", stroke="#6d1111", stroke_width=2),
                 svg.polygon([(-10, -4), (-3, -1), (-9, 2)], fill="#ffd54a"),
                 svg.polygon([(10, -4), (3, -1), (9, 2)], fill="#ffd54a"),
                 svg.path("M-8,9 L-4,6 L0,9 L4,6 L8,9", stroke="white", stroke_width=2, fill="none")]
        return svg.group(parts)
    if ev == "PT":
        return svg.group([svg.ellipse(0, 0, 15, 21, fill="#eadcf8", stroke="#7b3fbf", stroke_width=4),
                          svg.ellipse(0, 0, 8, 12, fill="#7b3fbf", opacity=0.55),
                          svg.ellipse(0, 0, 3, 5, fill="#4a1f80")])
    if ev == "TW":
        return svg.group([svg.rect(-11, -12, 22, 33, fill="#9a9ca6", stroke="#585a63", stroke_width=1.5),
                          *(svg.rect(x, -19, 6, 8, fill="#9a9ca6", stroke="#585a63", stroke_width=1.5)
                          for x in (-12, -3, 6)),
                          svg.path("M-4,21 L-4,12 A4,4 0 0 1 4,12 L4,21 Z", fill="#3d3f47"),
                          svg.rect(-2, -4, 4, 7, fill="#3d3f47")])
    if ev == "FI":
        return svg.group([svg.polygon([(9, 0), (21, -10), (19, 0), (21, 10)], fill="#e07b1f"),
                          svg.ellipse(-3, 0, 15, 9, fill="#f59a3c", stroke="#b35d12", stroke_width=1.5),
                          svg.circle(-11, -2, 2.2, fill="#222"),
                          svg.path("M-2,-6 Q2,0 -2,6", stroke="#b35d12", stroke_width=1.5, fill="none")])
    if ev == "KY":
        return svg.group([svg.circle(-10, 0, 8, fill="none", stroke="#c9960c", stroke_width=4.5),
                          svg.line(-2, 0, 20, 0, stroke="#c9960c", stroke_width=4.5, stroke_linecap="round"),
                          svg.line(13, 0, 13, 8, stroke="#c9960c", stroke_width=4),
                          svg.line(19, 0, 19, 7, stroke="#c9960c", stroke_width=4)])
    if ev == "CH":
        return svg.group([svg.rect(-18, -5, 36, 20, rx=2, fill="#a4672b", stroke="#5b3714", stroke_width=2),
                          svg.path("M-18,-5 L-18,-10 Q0,-22 18,-10 L18,-5 Z", fill="#bf7f3e", stroke="#5b3714",
                                 stroke_width=2),
                          svg.rect(-18, -6, 36, 3, fill="#d4a017"),
                          svg.rect(-4, -3, 8, 9, rx=1, fill="#d4a017", stroke="#7a5614")])
    if ev == "PR":
        return svg.group([svg.polygon([(-17, 10), (-17, -10), (-8, -1), (0, -16), (8, -1), (17, -10), (17, 10)],
                                      fill="#f4c430", stroke="#a8810b", stroke_width=2, stroke_linejoin="round"),
                          svg.rect(-17, 10, 34, 6, fill="#e6ae12", stroke="#a8810b", stroke_width=1.5),
                          svg.circle(0, 4, 3.5, fill="#e0457b"), svg.circle(-10, 5, 2.5, fill="#4a90d9"),
                          svg.circle(10, 5, 2.5, fill="#4a90d9")])
    return svg.text(0, 6, ev, font_size=16, text_anchor="middle")


DEF_PREFIX = "bw-balada-"


def _defs() -> str:
    out = [svg.group(glyph_body(ev), id=f"{DEF_PREFIX}ev-{ev}") for ev in EVENT_NAMES]
    out += [svg.group(_land_body(land), id=f"{DEF_PREFIX}land-{land}") for land in LANDSCAPES]
    return "".join(out)


#: the shared drawings of every event symbol and landscape icon (the boards' ``defs``)
DEFS = _defs()


def event_label(ev: str) -> str:
    return EVENT_NAMES.get(ev, ev)


def trace_badges(steps) -> dict:
    """``{space: "+3"}``: the points a score's trace gives each space (a Portal's step, B5, is no badge).

    >>> from balada_widgets.balada.scoring import score_side
    >>> trace_badges(score_side("SW O2 KY .. .. .. .. .. .. .. .. ..").trace)
    {2: '+2'}
    """
    return {st.where: f"{st.points:+d}" for st in steps if isinstance(st.where, int) and st.rule != "B5" and st.points}


def space_xy(i: int) -> tuple[float, float]:
    """Top-left corner of 0-based space ``i`` on the 2-row path (row 2 runs back, right to left)."""
    row, col = divmod(i, PER_ROW)
    if row % 2:
        col = PER_ROW - 1 - col
    return MARGIN + col * (CELL + HGAP), TOP + row * (CELL + VGAP)


SHEET_W = 2 * MARGIN + PER_ROW * CELL + (PER_ROW - 1) * HGAP
SHEET_H = TOP + 2 * CELL + VGAP + 14

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
SHEET_CSS = """
.balada-sheet .space .bg { transition: stroke-width .1s; }
.balada-sheet .space.legal .bg { stroke: #f59e0b; stroke-width: 5; }
.balada-sheet .space.legal:hover .bg { stroke: #d97706; stroke-width: 7; }
.balada-sheet .space.legal:hover .preview { opacity: .6; }
.balada-sheet .space.picked .bg { stroke: #1e6fd9; stroke-width: 6; }
.balada-sheet .space.focus .bg { stroke: #e8590c; stroke-width: 6; }
.balada-sheet .space.portal .bg { stroke: #7b3fbf; stroke-width: 6; }
.balada-sheet .space.step .bg { stroke: #db2777; stroke-width: 7; }
.balada-sheet .space.cursor .bg { stroke: #111; stroke-width: 4; stroke-dasharray: 9 5; }
.balada-sheet .space.hero .bg { stroke: #1e6fd9; stroke-width: 5; }
.balada-sheet .space.done { opacity: .78; }
.balada-sheet .space:hover .bg { filter: brightness(1.03); }
"""


@lru_cache(maxsize=None)
def _road() -> str:
    """The path behind the spaces, with arrows showing the direction of the walk."""
    pts = [space_xy(i) for i in range(SIDE_LENGTH)]
    centres = [(x + CELL / 2, y + CELL / 2) for x, y in pts]
    road = svg.polyline(centres, fill="none", stroke="#e4d8bd", stroke_width=26, stroke_linecap="round",
                        stroke_linejoin="round")
    arrows = []
    for i in range(SIDE_LENGTH - 1):
        (xa, ya), (xb, yb) = pts[i], pts[i + 1]
        if ya == yb:
            d = 1 if xb > xa else -1
            mx, my = max(xa, xb) - HGAP / 2, ya + CELL / 2
            arrows.append(svg.polygon([(mx - 4 * d, my - 6), (mx + 4 * d, my), (mx - 4 * d, my + 6)], fill="#a89468"))
        else:
            mx, my = xa + CELL / 2, ya + CELL + VGAP / 2
            arrows.append(svg.polygon([(mx - 6, my - 4), (mx, my + 4), (mx + 6, my - 4)], fill="#a89468"))
    return road + "".join(arrows)


def _hero_token(x: float, y: float) -> str:
    return svg.group([svg.title("the hero"), svg.circle(0, 0, 14, fill="#1e6fd9", stroke="white", stroke_width=3),
                      svg.circle(0, -5, 4, fill="white"), svg.path("M-7,9 Q0,-3 7,9 Z", fill="white")],
                     transform=svg.translate(x, y), class_="hero-token")


@lru_cache(maxsize=4096)
def _cell(n: int, land: str, ev: Optional[str], classes: str, value, eff, preview, badge, clickable: bool) -> str:
    """One space of the sheet (cached: a board redraw reuses the markup of unchanged spaces)."""
    x, y = space_xy(n - 1)
    fill, stroke, ink = LAND_STYLE.get(land, ("#eee", "#999", "#333"))
    what = f"space {n}: {LANDSCAPES.get(land, land)}, " + ("empty" if ev is None else event_label(ev))
    parts = [svg.title(what),
             svg.rect(0, 0, CELL, CELL, rx=12, fill=fill, stroke=stroke, stroke_width=2, class_="bg"),
             svg.circle(15, 15, 11, fill="white", stroke=stroke, stroke_width=1.5),
             svg.text(15, 19.5, str(n), font_size=13, font_weight="700", fill=ink, text_anchor="middle"),
             svg.text(30, 19, LANDSCAPES.get(land, "?"), font_size=10.5, fill=ink, opacity=0.9),
             _land_icon(land, CELL - 14, 15, 0.8)]
    if ev is not None:
        parts.append(svg.group(glyph(ev, value, eff), transform=svg.translate(CELL / 2, 58)))
        parts.append(svg.text(CELL / 2, 101, event_label(ev), font_size=12, font_weight="600", fill="#333",
                              text_anchor="middle"))
    elif preview:
        parts.append(svg.group(glyph(preview), transform=svg.translate(CELL / 2, 58), opacity=0.3, class_="preview"))
        parts.append(svg.text(CELL / 2, 101, "place here", font_size=11, fill="#b45309", text_anchor="middle"))
    if badge is not None:
        b = str(badge)
        w = 8 + 7 * len(b)
        color = "#1b7f3b" if b.startswith("+") and b != "+0" else "#6b7280"
        parts.append(svg.rect(CELL - w - 4, 64, w, 17, rx=8.5, fill=color, class_="badge"))
        parts.append(svg.text(CELL - 4 - w / 2, 76.5, b, font_size=11.5, font_weight="700", fill="white",
                              text_anchor="middle"))
    attrs = {"class_": classes, "transform": svg.translate(x, y)}
    if clickable:
        attrs["data_id"] = f"space-{n}"
    return svg.group(parts, **attrs)


def sheet_parts(lands, events, *, legal=(), picked=(), focus=None, portal=None, hero=None, step_space=None,
                cursor: Optional[int] = None,
                preview: Optional[str] = None, badges: Optional[dict] = None, done_upto: Optional[int] = None,
                title: str = "", clickable: bool = True, worth: bool = True) -> str:
    """The markup of a map side (12 spaces on a 2-row path), to put in an ``<svg>`` (see :func:`sheet_svg`).

    Parameters
    ----------
    lands, events:
        The landscapes (``"F"``/``"D"``/``"M"``) and events (codes or ``None``) of the 12 spaces.
    legal:
        1-based spaces to highlight as allowed targets (from ``game.legal_moves``).
    picked:
        Spaces picked by the player (first space of a Change of Landscape).
    focus, portal:
        The space of the current walk decision; the Portal being decided.
    hero:
        The 1-based space the hero is about to visit (the walk), or ``None``.
    step_space:
        The space of the explain panel's current step.
    cursor:
        The space the keyboard cursor is on (arrow keys move it between the ``legal`` spaces).
    preview:
        The event to show faintly in the ``legal`` spaces (the selected symbol).
    badges:
        ``{space: text}`` shown at the bottom right of a space (the walk's points).
    done_upto:
        Spaces before this one are visited (drawn a little paler).
    worth:
        Draw a Boss's worth and a Tower's bonus on an Obstacle as small badges (``False``: the printed
        symbols only, as a player sees them at the table: a tutorial's exercise board).
    """
    legal, picked = set(legal), set(picked)
    badges = badges or {}
    layout = Layout.of(tuple(events))
    cells = []
    for i in range(SIDE_LENGTH):
        n = i + 1
        ev = events[i]
        cls = svg.class_names("space", legal=n in legal, picked=n in picked, focus=n == focus, portal=n == portal,
                              hero=n == hero, step=n == step_space, cursor=n == cursor,
                              done=done_upto is not None and n < done_upto, empty=ev is None, filled=ev is not None)
        value = layout.boss_value(i) if ev == "BS" and worth else None
        eff = layout.effective[i] if is_obstacle(ev) and worth else None
        cells.append(_cell(n, lands[i], ev, cls, value, eff, preview if n in legal else None,
                           badges.get(n), clickable))
    extra = []
    if hero is not None and 1 <= hero <= SIDE_LENGTH:
        hx, hy = space_xy(hero - 1)
        extra.append(_hero_token(hx + CELL / 2, hy - 2))
    head = [svg.rect(0, 0, SHEET_W, SHEET_H, rx=14, fill="#fbf8f1")]
    if title:
        head.append(svg.text(SHEET_W - MARGIN, 16, title, font_size=12, fill="#7a6a48", text_anchor="end"))
    return "".join(head + [_road()] + cells + extra)


def sheet_svg(lands, events, *, version: int = 0, standalone: bool = False, **kwargs) -> str:
    """A map side as one SVG: 12 spaces on a 2-row path (the arguments of :func:`sheet_parts`).

    The highlight styles are :data:`SHEET_CSS` and the symbols are drawn from
    :data:`DEFS` (give them to the board's ``css`` and ``defs``);
    ``standalone=True`` puts both inside the SVG, for a drawing shown on its own.
    """
    inner = sheet_parts(lands, events, **kwargs)
    pre = [svg.style(SHEET_CSS), f"<defs>{DEFS}</defs>"] if standalone else []
    return svg.svg(pre + [inner], SHEET_W, SHEET_H, class_="balada-sheet", font_family=FONT, data_version=version,
                   role="img", aria_label="map sheet")


HEADER_H = 132
HEADER_CARD_SCALE = 0.82


def table_svg(lines, cards: Optional[Flip], selected: Optional[str], cards_clickable: bool, lands, events, *,
              version: int = 0, standalone: bool = False, **kwargs) -> str:
    """The whole table as one drawing: a header (status lines, the flipped cards) above the sheet.

    ``lines``: ``(text, css_class)`` pairs, the first drawn as the title. The
    cards are clickable like in :func:`cards_svg` (``data-id="card-A"``...),
    the spaces like in :func:`sheet_svg`. One board for the whole turn: a
    placement redraws one widget.
    """
    out = [svg.style(SHEET_CSS + CARDS_CSS), f"<defs>{DEFS}</defs>"] if standalone else []
    x = 4
    if cards is not None:
        items = [("L", cards.landscape), ("A", cards.a)] + ([("B", cards.b)] if cards.b else [])
        for k, (kind, code) in enumerate(items):
            out.append(svg.group(_card(kind, code, k * (CARD_W + CARD_GAP), selected=kind == selected,
                                       clickable=cards_clickable and kind != "L"),
                                 transform=f"translate(4,0) scale({HEADER_CARD_SCALE})"))
        x = 4 + (len(items) * (CARD_W + CARD_GAP)) * HEADER_CARD_SCALE + 14
    y = 30 if cards is not None else 22
    for i, (text, cls) in enumerate(lines):
        if not text:
            continue
        size, weight, fill = (18, "700", "#2b2b2b") if i == 0 else (14, "600", "#1e6fd9") if cls == "bw-active" \
            else (13, "400", "#666")
        out.append(svg.text(x, y, text, font_size=size, font_weight=weight, fill=fill, class_=cls))
        y += 26 if i == 0 else 21
    top = HEADER_H if cards is not None else y - 8
    out.append(svg.group(sheet_parts(lands, events, **kwargs), transform=svg.translate(0, top)))
    return svg.svg(out, SHEET_W, SHEET_H + top, class_="balada-sheet balada-cards", font_family=FONT,
                   data_version=version, role="img", aria_label="the table: cards and map sheet")


CARD_W, CARD_H, CARD_GAP = 96, 132, 14


def _card(kind: str, code: Optional[str], x: float, *, selected=False, clickable=False, dim=False) -> str:
    if kind == "L":
        fill, stroke, ink = LAND_STYLE[code]
        parts = [svg.title(f"landscape card: {LANDSCAPES[code]}"),
                 svg.rect(0, 0, CARD_W, CARD_H, rx=10, fill=fill, stroke=stroke, stroke_width=2, class_="bg"),
                 svg.text(CARD_W / 2, 20, "Landscape", font_size=11, fill=ink, text_anchor="middle"),
                 _land_icon(code, CARD_W / 2, 64, 2.4),
                 svg.text(CARD_W / 2, 116, LANDSCAPES[code], font_size=15, font_weight="700", fill=ink,
                          text_anchor="middle")]
        return svg.group(parts, transform=svg.translate(x, 6), class_="card landscape")
    cls = ["card", f"card-{kind}"]
    if clickable:
        cls.append("choice")
    if selected:
        cls.append("selected")
    parts = [svg.title(f"event card {kind}: {event_label(code)}" + (" (click to choose it)" if clickable else "")),
             svg.rect(0, 0, CARD_W, CARD_H, rx=10, fill="white", stroke="#1e6fd9" if selected else "#b9b3a4",
                      stroke_width=5 if selected else 2, class_="bg"),
             svg.circle(16, 16, 11, fill="#2b4c7e" if kind == "A" else "#7e2b5c"),
             svg.text(16, 20.5, kind, font_size=13, font_weight="700", fill="white", text_anchor="middle"),
             svg.group(glyph(code), transform=f"translate({CARD_W / 2},{64}) scale(1.25)"),
             svg.text(CARD_W / 2, 116, event_label(code), font_size=13, font_weight="700", fill="#333",
                      text_anchor="middle")]
    if selected:
        parts.append(svg.text(CARD_W - 12, 22, "✓", font_size=16, font_weight="700", fill="#1e6fd9",
                              text_anchor="middle"))
    attrs = {"class_": " ".join(cls), "transform": svg.translate(x, 6)}
    if clickable:
        attrs["data_id"] = f"card-{kind}"
    if dim:
        attrs["opacity"] = 0.45
    return svg.group(parts, **attrs)


CARDS_CSS = """
.balada-cards .card.choice { cursor: pointer; }
.balada-cards .card.choice:hover .bg { stroke: #1e6fd9; }
"""
PALETTE_CSS = ".balada-palette .tool:hover .bg { stroke: #1e6fd9; }"
TABLE_CSS = SHEET_CSS + CARDS_CSS


@lru_cache(maxsize=256)
def cards_svg(cards: Optional[Flip], selected: Optional[str] = "A", clickable: bool = True, version: int = 0,
              standalone: bool = False) -> str:
    """The turn's flipped cards: the landscape, the A card and (not in the easy version) the B card.

    Styles :data:`CARDS_CSS`, symbols :data:`DEFS` (inside the SVG with ``standalone=True``).
    """
    if cards is None:
        return svg.svg([], 10, 10)
    items = [("L", cards.landscape), ("A", cards.a)] + ([("B", cards.b)] if cards.b else [])
    width = len(items) * CARD_W + (len(items) - 1) * CARD_GAP + 12
    out = [svg.style(CARDS_CSS), f"<defs>{DEFS}</defs>"] if standalone else []
    for k, (kind, code) in enumerate(items):
        x = 6 + k * (CARD_W + CARD_GAP)
        out.append(_card(kind, code, x, selected=kind == selected, clickable=clickable and kind != "L"))
    return svg.svg(out, width, CARD_H + 12, class_="balada-cards", data_version=version, font_family=FONT)


PALETTE = ("F", "D", "M", "O1", "O2", "O3", "O4", "O5", "FT", "SW", "BS", "PT", "TW", "FI", "KY", "CH", "PR", "..")


def palette_svg(selected: Optional[str], standalone: bool = False) -> str:
    """The lab's palette: landscapes, events and the eraser (``..``), one swatch each (``data-id="tool-<code>"``)."""
    w, gap = 58, 6
    out = [svg.style(PALETTE_CSS), f"<defs>{DEFS}</defs>"] if standalone else []
    for k, code in enumerate(PALETTE):
        x = 4 + k * (w + gap)
        sel = code == selected
        if code in LANDSCAPES:
            fill, stroke, _ink = LAND_STYLE[code]
            inner = [_land_icon(code, w / 2, 26, 1.5)]
            label = LANDSCAPES[code]
        elif code == "..":
            fill, stroke = "white", "#b9b3a4"
            inner = [svg.line(w / 2 - 10, 16, w / 2 + 10, 36, stroke="#c0392b", stroke_width=3),
                     svg.line(w / 2 + 10, 16, w / 2 - 10, 36, stroke="#c0392b", stroke_width=3)]
            label = "erase"
        else:
            fill, stroke = "white", "#b9b3a4"
            inner = [svg.group(glyph(code), transform=f"translate({w / 2},27) scale(0.78)")]
            label = event_label(code).replace("Obstacle ", "Obst. ")
        parts = [svg.title(f"paint: {label}"),
                 svg.rect(0, 0, w, 62, rx=8, fill=fill, stroke="#1e6fd9" if sel else stroke, stroke_width=4 if sel else 1.5,
                          class_="bg"), *inner,
                 svg.text(w / 2, 56, label, font_size=10, fill="#333", text_anchor="middle")]
        out.append(svg.group(parts, transform=svg.translate(x, 4), data_id=f"tool-{code}",
                             class_="tool selected" if sel else "tool"))
    return svg.svg(out, 8 + len(PALETTE) * (w + gap), 70, class_="balada-palette", font_family=FONT)
