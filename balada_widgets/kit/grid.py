"""A square grid of lettered cells as one SVG, with paths drawn over it.

For grid word games (Balda, Boggle-like games, crosswords) and any game on a
rectangle of cells. Python decides what each cell shows (a letter, CSS
classes, a tooltip, a coloured corner dot or bottom bar) and which paths to
draw; :func:`grid_svg` turns that into one SVG for
:class:`~balada_widgets.ui.board.SvgBoard`. Every cell is clickable and
draggable through ``data-id="cell-<name>"`` (names like chess by default:
columns ``a, b, c...`` from the left, rows ``1, 2, 3...`` from the bottom,
shown along the left and bottom edges). Pure Python: no Solara import.

Cell classes with a ready look (add your own with ``css``):

==========  ===============================================================
``filled``  a cell holding a letter (a warm tile)
``fixed``   a filled cell that came with the board (e.g. a start word)
``target``  an empty cell where a move may go (green, dashed): highlight it
            from the game's legal moves, never from a rule of your own
``chosen``  the cell the player picked (blue frame)
``pending`` its letter is typed but not played yet (blue letter)
``onpath``  on the path being traced (amber)
``hinted``  shown by a hint (violet frame)
``last``    the last move (a ring)
``cursor``  the keyboard cursor (a dark dashed frame)
==========  ===============================================================

Paths (:class:`GridPath`) are drawn above the cells and below the letters
(each letter carries its cell's classes, e.g. ``.letter.pending``); neither
catches the pointer, so clicks and drags still reach the cells. A path with a ``hover``
key is hidden until an element anywhere on the page carrying
``data-hover="<scope>:<key>"`` is hovered (a list of played words, say): see
:func:`linked_hover_css`.

>>> svg = grid_svg(3, 3, text={(1, 0): "c", (1, 1): "a", (1, 2): "t"}, classes={(0, 1): "target"},
...                paths=[GridPath(((1, 0), (1, 1), (1, 2)))])
>>> 'data-id="cell-b3"' in svg and 'class="cell target empty"' in svg and ">C</text>" in svg
True
>>> chess_name(0, 0, 5), parse_cell_id("cell-c4")
('a5', 'c4')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Optional, Sequence, Union

from . import svg

__all__ = ["GridLook", "GridPath", "cell_centre", "cell_id", "chess_name", "grid_size", "grid_svg",
           "linked_hover_css", "parse_cell_id", "PLAYER_COLOURS"]

Cell = tuple[int, int]
_COLUMNS = "abcdefghijklmnopqrstuvwxyz"

#: Colours for up to six players (blue, orange, green, violet, teal, pink), readable on white and on tiles.
#: players 1-6: told apart with every common colour-vision deficiency (tests/ui/test_palette.py)
PLAYER_COLOURS = ("#1e6fd9", "#e2540b", "#2f9e44", "#c06a9c", "#5c3c92", "#b2182b")


def chess_name(row: int, col: int, rows: int) -> str:
    """``'a1'`` is the bottom-left cell: columns from ``a``, rows from 1 at the bottom; ``(0, 0)`` is top-left."""
    return f"{_COLUMNS[col]}{rows - row}"


def cell_id(name: str) -> str:
    """The ``data-id`` of a cell: ``cell-c4``."""
    return f"cell-{name}"


def parse_cell_id(id_: str) -> Optional[str]:
    """The cell name of a ``data-id`` made by :func:`cell_id`, else ``None``."""
    return id_[5:] if isinstance(id_, str) and id_.startswith("cell-") and len(id_) > 5 else None


@dataclass(frozen=True)
class GridLook:
    """Sizes of the drawing, in SVG units (the SVG scales to its container)."""

    cell: float = 64
    gap: float = 6
    pad: float = 10
    label: float = 24  # room for the row numbers (left) and column letters (bottom)
    radius: float = 9
    letter_size: float = 34


@dataclass(frozen=True)
class GridPath:
    """A path over the grid: ``cells`` in order, drawn as a line through their centres.

    ``kind`` is its CSS class (``trace``, ``hint``, ``played`` have a look);
    ``numbered`` writes each cell's step number in its corner; ``hover`` makes
    it hidden until a linked element is hovered (see :func:`linked_hover_css`);
    ``colour`` overrides the stroke.
    """

    cells: tuple
    kind: str = "trace"
    numbered: bool = False
    hover: Optional[str] = None
    colour: Optional[str] = None


def _fit(text: str, width: float, size: float = 13.0, em: float = 0.6) -> Optional[str]:
    """A smaller font for a footer line that would be wider than the grid (it was cut at both ends), else ``None``.

    >>> _fit("click or Tab to the board, then type", 368), _fit("x" * 57, 368)
    (None, 'font-size:10.8px')
    """
    wide = len(text) * size * em
    return None if wide <= width else f"font-size:{max(8.0, size * width / wide):.1f}px"


def grid_size(rows: int, cols: int, look: GridLook = GridLook(), footer: bool = False) -> tuple[float, float]:
    """Width and height of :func:`grid_svg`'s drawing."""
    w = 2 * look.pad + look.label + cols * look.cell + (cols - 1) * look.gap
    h = 2 * look.pad + look.label + rows * look.cell + (rows - 1) * look.gap + (28 if footer else 0)
    return w, h


def cell_centre(cell: Cell, look: GridLook = GridLook()) -> tuple[float, float]:
    """Centre of ``(row, col)`` in the drawing."""
    r, c = cell
    step = look.cell + look.gap
    return look.pad + look.label + c * step + look.cell / 2, look.pad + r * step + look.cell / 2


_CSS = """
.bw-grid text { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
.bw-grid .frame { fill: #f7f3ea; }
.bw-grid .axis { fill: #8a8170; font-size: 14px; font-weight: 600; text-anchor: middle; }
.bw-grid .cell .bg { fill: #ffffff; stroke: #ddd5c4; stroke-width: 1.5; transition: fill .1s; }
.bw-grid .letter { fill: #3a2e1c; font-weight: 700; text-anchor: middle; pointer-events: none; }
.bw-grid .cell.filled .bg { fill: #fbe3b0; stroke: #d9b566; }
.bw-grid .cell.fixed .bg { fill: #f4d58f; stroke: #c99a3b; }
.bw-grid .cell.filled:not(.chosen):not(.onpath):hover .bg { fill: #f8d68e; }
.bw-grid .cell.target .bg { fill: #eaf6ec; stroke: #57ab63; stroke-width: 2; stroke-dasharray: 6 4; }
.bw-grid .cell.target:hover .bg { fill: #cdebd3; }
.bw-grid .cell.chosen .bg { fill: #e2eeff; stroke: #1e6fd9; stroke-width: 3.5; stroke-dasharray: none; }
.bw-grid .letter.pending { fill: #1e6fd9; }
.bw-grid .cell.onpath .bg { fill: #ffdf8a; stroke: #e89b00; stroke-width: 3; stroke-dasharray: none; }
.bw-grid .cell.chosen.onpath .bg { fill: #cfe2ff; stroke: #1e6fd9; }
.bw-grid .cell.hinted .bg { stroke: #9c36b5; stroke-width: 3.5; stroke-dasharray: none; }
.bw-grid .cell.last .ring { stroke-width: 3; fill: none; }
.bw-grid .cell.cursor .bg { stroke: #111; stroke-width: 3.5; stroke-dasharray: 7 4; }
.bw-grid .caret { fill: #1e6fd9; animation: bw-blink 1.1s steps(1) infinite; }
@keyframes bw-blink { 50% { opacity: 0; } }
.bw-grid .gp { fill: none; stroke-linecap: round; stroke-linejoin: round; pointer-events: none; }
.bw-grid .gp line, .bw-grid .gp polyline { stroke-linecap: round; stroke-linejoin: round; }
.bw-grid .gp.trace { stroke: #f08c00; opacity: .6; }
.bw-grid .gp.played { stroke: #1e6fd9; opacity: .55; }
.bw-grid .gp.hint { stroke: #9c36b5; opacity: .55; }
.bw-grid .gp .dot { stroke: none; }
.bw-grid .gp.gp-hover { opacity: 0; transition: opacity .12s; }
.bw-grid .stepno { font-size: 12px; font-weight: 700; fill: #ffffff; text-anchor: middle; pointer-events: none; }
.bw-grid .stepbg { pointer-events: none; }
.bw-grid .bw-if-focus { display: none; }
.bw-board-box:focus .bw-grid .bw-if-focus { display: inline; }
.bw-board-box:focus .bw-grid .bw-if-blur { display: none; }
.bw-grid .foot { font-size: 13px; fill: #6b6458; text-anchor: middle; }
.bw-grid .foot.on { fill: #1e6fd9; font-weight: 600; }
"""

_KIND_COLOUR = {"trace": "#f08c00", "played": "#1e6fd9", "hint": "#9c36b5"}


def linked_hover_css(scope: str, keys: Iterable[str]) -> str:
    """CSS that shows the grid's ``hover`` paths while their linked elements are hovered.

    A path ``GridPath(..., hover="w3")`` on a grid drawn with ``scope="s1"``
    shows while any element with ``data-hover="s1:w3"`` is under the pointer,
    wherever it is on the page (another board, a list of words). Uses the
    CSS ``:has()`` selector (Chromium 105+, Firefox 121+, Safari 15.4+).
    """
    rules = []
    for key in keys:
        rules.append(f'body:has([data-hover="{scope}:{key}"]:hover) .bw-grid[data-scope="{scope}"] '
                     f'.gp-hover-{key} {{ opacity: .8; }}')
    return "\n".join(rules)


def _as_classes(value: Union[str, Iterable[str], None]) -> list[str]:
    if not value:
        return []
    if isinstance(value, str):
        return value.split()
    return list(value)


def _path_markup(p: GridPath, look: GridLook, scope: str, index: int) -> str:
    pts = [cell_centre(c, look) for c in p.cells]
    if not pts:
        return ""
    colour = p.colour or _KIND_COLOUR.get(p.kind, "#555")
    width = look.cell * 0.16
    parts = []
    if len(pts) > 1:
        parts.append(svg.polyline(pts, stroke=colour, stroke_width=width))
        # an arrowhead on the last step
        (x0, y0), (x1, y1) = pts[-2], pts[-1]
        dx, dy = x1 - x0, y1 - y0
        norm = max((dx * dx + dy * dy) ** 0.5, 1e-9)
        ux, uy = dx / norm, dy / norm
        tip = (x1 + ux * look.cell * 0.12, y1 + uy * look.cell * 0.12)
        back = look.cell * 0.22
        wing = look.cell * 0.16
        base = (tip[0] - ux * back, tip[1] - uy * back)
        parts.append(svg.polygon([tip, (base[0] - uy * wing, base[1] + ux * wing),
                                  (base[0] + uy * wing, base[1] - ux * wing)], fill=colour, stroke="none", class_="dot"))
    parts.append(svg.circle(pts[0][0], pts[0][1], width * 0.85, fill=colour, class_="dot"))
    if p.numbered:
        for k, c in enumerate(p.cells, 1):
            cx, cy = cell_centre(c, look)
            x, y = cx - look.cell / 2 + 11, cy - look.cell / 2 + 11
            parts.append(svg.circle(x, y, 8.5, fill=colour, class_="stepbg", opacity=1))
            parts.append(svg.text(x, y + 4.2, str(k), class_="stepno"))
    cls = ["gp", p.kind]
    if p.hover is not None:
        cls += ["gp-hover", f"gp-hover-{p.hover}"]
    return svg.group(parts, class_=" ".join(cls), data_path=str(index))


def grid_svg(rows: int, cols: int, *, text: Mapping[Cell, str] = {},  # noqa: B006 (never mutated)
             classes: Mapping[Cell, Union[str, Iterable[str]]] = {}, titles: Mapping[Cell, str] = {},  # noqa: B006
             dots: Mapping[Cell, str] = {}, bars: Mapping[Cell, str] = {}, rings: Mapping[Cell, str] = {},  # noqa: B006
             carets: Iterable[Cell] = (), paths: Sequence[GridPath] = (),
             name: Callable[[int, int, int], str] = chess_name, look: GridLook = GridLook(), upper: bool = True,
             footer: Optional[tuple[str, str]] = None, css: str = "", scope: str = "", label: str = "",
             version: int = 0, ids: Optional[Callable[[str], str]] = cell_id) -> str:
    """A ``rows x cols`` grid as one SVG.

    Parameters
    ----------
    text:
        ``{(row, col): letter}``; cells not in it are drawn empty (class ``empty``).
    classes:
        Extra CSS classes per cell (see the module docstring).
    titles:
        Tooltips per cell (default: the cell's name and letter).
    dots, bars, rings:
        Colours of a small corner dot, a bar along the bottom edge (who wrote
        the letter, say) and a ring inside the frame (the last move) per cell.
    carets:
        Empty cells that show a blinking caret (waiting for a letter).
    paths:
        :class:`GridPath` lines drawn over the cells, in order.
    name:
        ``name(row, col, rows)``: the cell names, used in ``data-id`` and labels.
    footer:
        ``(when_focused, when_not)``: a caption under the grid that changes
        when the board has the keyboard focus (e.g. "type a letter" / "click
        the board to type"). Twice the same text: one caption that stays.
    css:
        Extra CSS (scoped by the caller).
    scope:
        Written as ``data-scope``; ties the grid to :func:`linked_hover_css`.
    ids:
        ``ids(name)``: each cell's ``data-id`` (default :func:`cell_id`); ``None``: a grid only to look at,
        whose cells take no clicks.
    """
    w, h = grid_size(rows, cols, look, footer is not None)
    step = look.cell + look.gap
    x0, y0 = look.pad + look.label, look.pad
    out = [svg.style(_CSS + css), svg.rect(0, 0, w, h, rx=14, class_="frame")]
    for r in range(rows):  # row numbers on the left
        out.append(svg.text(look.pad + look.label / 2 - 2, y0 + r * step + look.cell / 2 + 5,
                            name(r, 0, rows)[1:], class_="axis"))
    for c in range(cols):  # column letters at the bottom
        out.append(svg.text(x0 + c * step + look.cell / 2, y0 + rows * step - look.gap + look.label / 2 + 6,
                            name(rows - 1, c, rows)[0], class_="axis"))
    carets = set(carets)
    letters: list[str] = []
    for r in range(rows):
        for c in range(cols):
            cell = (r, c)
            nm = name(r, c, rows)
            letter = text.get(cell) or ""
            cls = ["cell"] + _as_classes(classes.get(cell)) + (["filled"] if letter else ["empty"])
            shown = letter.upper() if upper else letter
            tip = titles.get(cell) or (f"{nm}: {shown}" if letter else f"{nm}: empty")
            parts = [svg.title(tip), svg.rect(0, 0, look.cell, look.cell, rx=look.radius, class_="bg")]
            if cell in bars:
                parts.append(svg.rect(look.cell * 0.22, look.cell - 7, look.cell * 0.56, 3.5, rx=1.75, fill=bars[cell]))
            if cell in rings:
                parts.append(svg.rect(3.5, 3.5, look.cell - 7, look.cell - 7, rx=look.radius - 2, stroke=rings[cell],
                                      class_="ring"))
            if letter:  # letters go on a layer above the paths (they never catch the pointer)
                cx, cy = cell_centre(cell, look)
                letters.append(svg.text(cx, cy + look.letter_size * 0.36, shown, font_size=look.letter_size,
                                        class_=" ".join(["letter"] + cls[1:])))
            elif cell in carets:
                parts.append(svg.rect(look.cell / 2 - 1.5, look.cell * 0.26, 3, look.cell * 0.48, rx=1.5,
                                      class_="caret"))
            if cell in dots:
                parts.append(svg.circle(look.cell - 9, 9, 4.5, fill=dots[cell]))
            out.append(svg.group(parts, class_=" ".join(cls), data_id=ids(nm) if ids else None,
                                 transform=svg.translate(x0 + c * step, y0 + r * step)))
    for i, p in enumerate(paths):
        out.append(_path_markup(p, look, scope, i))
    out.append(svg.group(letters, class_="letters"))
    if footer is not None:
        fy = h - look.pad - 6
        lines = ((footer[0], "foot on bw-if-focus"), (footer[1], "foot bw-if-blur")) if footer[0] != footer[1] \
            else ((footer[0], "foot"),)
        out += [svg.text(w / 2, fy, said, class_=kind, style=_fit(said, w - 2 * look.pad)) for said, kind in lines]
    return svg.svg(out, w, h, class_="bw-grid", data_scope=scope or None, data_version=version, role="img",
                   aria_label=label or f"{rows} by {cols} grid")
