"""A tiny SVG builder: games render their boards as strings in Python.

Every function returns markup as a ``str``; attributes are keyword
arguments (``class_`` for ``class``, underscores become dashes, ``None`` and
``False`` are left out), text and attribute values are escaped. An element
that the board should report clicks on carries ``data-id`` (see
:mod:`balada_widgets.ui.board`); pass ``data_id="space-3"``.

>>> rect(0, 0, 10, 10, fill="red", data_id="cell-1", class_="cell")
'<rect x="0" y="0" width="10" height="10" fill="red" data-id="cell-1" class="cell"/>'
>>> text(5, 5, "a < b", font_size=12)
'<text x="5" y="5" font-size="12">a &lt; b</text>'
>>> group([circle(1, 2, 3)], transform=translate(10, 0))
'<g transform="translate(10,0)"><circle cx="1" cy="2" r="3"/></g>'
>>> svg([], 100, 50)
'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"></svg>'
"""

from __future__ import annotations

from html import escape as _escape
from typing import Iterable

__all__ = ["attrs", "circle", "class_names", "el", "ellipse", "escape", "group", "line", "palette", "path",
           "polygon", "polyline", "rect", "style", "svg", "text", "title", "translate"]


def escape(value) -> str:
    """Escape text or an attribute value for SVG/XML."""
    return _escape(str(value), quote=True)


def _name(key: str) -> str:
    key = key.rstrip("_")  # class_ -> class
    return key.replace("_", "-")


def _fmt(value) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return escape(value)


def attrs(**kwargs) -> str:
    """Attributes as markup: ``attrs(stroke_width=2, class_="x")`` → ``' stroke-width="2" class="x"'``."""
    out = []
    for k, v in kwargs.items():
        if v is None or v is False:
            continue
        out.append(f' {_name(k)}="{_fmt("" if v is True else v)}"')
    return "".join(out)


def el(tag: str, children: Iterable[str] | str | None = None, **kwargs) -> str:
    """Any element; ``children`` is markup (already built), a list of markup, or ``None`` (self-closing)."""
    if children is None:
        return f"<{tag}{attrs(**kwargs)}/>"
    if not isinstance(children, str):
        children = "".join(children)
    return f"<{tag}{attrs(**kwargs)}>{children}</{tag}>"


def rect(x, y, width, height, **kwargs) -> str:
    return el("rect", None, x=x, y=y, width=width, height=height, **kwargs)


def circle(cx, cy, r, **kwargs) -> str:
    return el("circle", None, cx=cx, cy=cy, r=r, **kwargs)


def ellipse(cx, cy, rx, ry, **kwargs) -> str:
    return el("ellipse", None, cx=cx, cy=cy, rx=rx, ry=ry, **kwargs)


def line(x1, y1, x2, y2, **kwargs) -> str:
    return el("line", None, x1=x1, y1=y1, x2=x2, y2=y2, **kwargs)


def _points(points) -> str:
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)


def polygon(points, **kwargs) -> str:
    return el("polygon", None, points=_points(points), **kwargs)


def polyline(points, **kwargs) -> str:
    return el("polyline", None, points=_points(points), **kwargs)


def path(d: str, **kwargs) -> str:
    return el("path", None, d=d, **kwargs)


def text(x, y, content, **kwargs) -> str:
    """A text element; ``content`` is plain text (escaped)."""
    return el("text", escape(content), x=x, y=y, **kwargs)


def title(content, **kwargs) -> str:
    """A tooltip: put it first inside the element (or group) it describes.

    On a group whose ``aria-label`` says the same, pass ``aria_hidden="true"``: the
    mouse still shows it, a screen reader does not read it twice, and the group's
    visible text (what a speech user says to click it) stays what is drawn.
    """
    return el("title", escape(content), **kwargs)


def class_names(*names: str, **flags) -> str:
    """A ``class`` attribute's value: every name, then every flag that is on, in order (a board's element and
    its states: a space that is legal and picked, a room that is a target).

    >>> class_names("room", "monster", target=True, selected=False, cursor=1 == 1)
    'room monster target cursor'
    """
    return " ".join([*(n for n in names if n), *(flag for flag, on in flags.items() if on)])


def palette(table: str) -> dict[str, tuple[str, ...]]:
    """A board's colours by kind, from a table of lines ``kind colour colour ...`` (a room type's fill, edge and
    ink; blank lines left out): the colours are data, kept as a table a person reads at a glance.

    >>> palette('''
    ... monster  #f5b3a2 #cf5f47 #7f2210
    ... reward   #bde2ad #5b9f47 #2a6420
    ... ''')["reward"]
    ('#bde2ad', '#5b9f47', '#2a6420')
    """
    rows = (line.split() for line in table.strip().splitlines() if line.strip())
    return {row[0]: tuple(row[1:]) for row in rows}


def group(children: Iterable[str] | str, **kwargs) -> str:
    return el("g", children, **kwargs)


def translate(x, y) -> str:
    return f"translate({_fmt(x)},{_fmt(y)})"


def style(css: str) -> str:
    """A ``<style>`` element (CSS is not escaped: write it yourself)."""
    return f"<style>{css}</style>"


def svg(children: Iterable[str] | str, width, height, **kwargs) -> str:
    """The root element with a ``viewBox``; it scales to its container's width."""
    return el("svg", children, xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {_fmt(width)} {_fmt(height)}",
              **kwargs)
