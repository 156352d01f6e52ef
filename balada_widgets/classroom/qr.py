"""A table's link as a QR code: one SVG, big enough for a projector (pure; the ``segno`` package encodes).

>>> svg = qr_svg("http://192.168.1.20:8765/table/ABCD2345")
>>> svg.startswith("<svg") and 'viewBox="0 0 ' in svg and "<title>" in svg
True
>>> 'width="100%"' in svg      # the page gives it its size (a projector: a third of the screen)
True
"""

from __future__ import annotations

import segno

from ..core.errors import InvalidInput

__all__ = ["qr_svg"]

#: a link longer than this is not a table's link
MAX_CHARS = 400


def qr_svg(text: str, title: str = "QR code of the table link") -> str:
    """The QR code of ``text`` (error correction M, a quiet zone of 4 modules) as one ``<svg>``: black modules
    on white, a ``viewBox`` and ``width="100%"``, so its box decides its size and it stays sharp at any size."""
    if not isinstance(text, str) or not text or len(text) > MAX_CHARS:
        raise InvalidInput(f"a QR code here holds a link of 1 to {MAX_CHARS} characters")
    code = segno.make(text, error="m", micro=False)
    svg = code.svg_inline(scale=1, border=4, omitsize=True, dark="#000", light="#fff", title=title,
                          svgclass="bw-qr-svg", lineclass=None)
    return svg.replace("<svg ", '<svg width="100%" role="img" shape-rendering="crispEdges" ', 1)
