"""Letter entry for word games: keys to letters, keyboard layouts, an on-screen keyboard.

A board (:class:`~balada_widgets.ui.board.SvgBoard`) reports a key press as
the browser's ``KeyboardEvent.key``: ``"a"``, ``"Б"``, ``"Enter"``...
:func:`letter_from_key` turns it into a letter of a game's alphabet, or
``None``. When the alphabet is Russian and the player's keyboard is not, a
Latin key is read at its place on the Russian ЙЦУКЕН layout (``q`` -> ``й``,
``[`` -> ``х``), so nobody has to switch layouts to play.

:func:`keyboard_svg` draws the alphabet as one SVG of keys (for tablets, and
to show which letters exist); each key carries ``data-id="key-<letter>"`` or
``data-id="key-Enter"`` / ``"key-Backspace"``, so a click on it can be handled
like the key press. Pure Python: no Solara import.

>>> letter_from_key("B", "abcdefghijklmnopqrstuvwxyz")
'b'
>>> letter_from_key("Enter", "abc") is None, letter_from_key("1", "abc") is None
(True, True)
>>> from balada_widgets.balda.lexicon import RUSSIAN_ALPHABET as RU, normalise_word
>>> letter_from_key("Ё", RU, normalise_word), letter_from_key("q", RU), letter_from_key("[", RU)
('е', 'й', 'х')
>>> [len(r) for r in layout_for(RU)]
[12, 11, 9]
"""

from __future__ import annotations

from typing import Callable, Iterable, Optional, Sequence

from . import svg

__all__ = ["LAYOUTS", "QWERTY_TO_JCUKEN", "key_id", "keyboard_svg", "layout_for", "letter_from_key", "parse_key_id"]

LAYOUTS: dict[str, tuple[str, ...]] = {
    "en": ("qwertyuiop", "asdfghjkl", "zxcvbnm"),
    "ru": ("йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"),
}

#: A key of the US layout -> the Russian letter at the same place (ЙЦУКЕН).
QWERTY_TO_JCUKEN: dict[str, str] = dict(zip("qwertyuiop[]asdfghjkl;'zxcvbnm,.`",
                                             "йцукенгшщзхъфывапролджэячсмитьбюё"))


def letter_from_key(key: str, alphabet: Iterable[str], normalise: Optional[Callable[[str], str]] = None) -> Optional[str]:
    """The letter of ``alphabet`` a key press stands for, or ``None`` (not a letter of it).

    ``normalise`` folds the typed character first (Balda: ``ё`` -> ``е``);
    without it, only the case is folded.
    """
    if not isinstance(key, str) or len(key) != 1:
        return None
    letters = set(alphabet)
    ch = normalise(key) if normalise is not None else key.lower()
    if ch in letters:
        return ch
    moved = QWERTY_TO_JCUKEN.get(key.lower())
    if moved is not None and letters & set(LAYOUTS["ru"][0]):
        moved = normalise(moved) if normalise is not None else moved
        if moved in letters:
            return moved
    return None


def layout_for(alphabet: Iterable[str], per_row: int = 10) -> tuple[str, ...]:
    """Rows of keys for ``alphabet``: QWERTY or ЙЦУКЕН when the letters are all on it, else the letters in order.

    >>> layout_for("abd")[0], layout_for("xyz+")
    ('qwertyuiop', ('+xyz',))
    """
    letters = set(alphabet)
    for rows in LAYOUTS.values():
        if letters and letters <= set("".join(rows)):
            return rows
    ordered = "".join(sorted(letters))
    return tuple(ordered[i:i + per_row] for i in range(0, len(ordered), per_row))


def key_id(key: str) -> str:
    """``data-id`` of a key: ``key-a``, ``key-Enter``."""
    return f"key-{key}"


def parse_key_id(id_: str) -> Optional[str]:
    """The key of a ``data-id`` made by :func:`key_id`, else ``None``."""
    return id_[4:] if isinstance(id_, str) and id_.startswith("key-") and len(id_) > 4 else None


_CSS = """
.bw-keys .key rect { fill: #ffffff; stroke: #c9cfd9; stroke-width: 1.2; }
.bw-keys .key text { fill: #2b2f36; font: 600 17px system-ui, -apple-system, 'Segoe UI', sans-serif;
  text-anchor: middle; pointer-events: none; }
.bw-keys .key:hover rect { fill: #e8f0fb; stroke: #1e6fd9; }
.bw-keys .key.active rect { fill: #1e6fd9; stroke: #1e6fd9; }
.bw-keys .key.active text { fill: #ffffff; }
.bw-keys .key.wide text { font-size: 14px; }
.bw-keys.off .key { opacity: .45; }
"""


def keyboard_svg(rows: Sequence[str], *, active: Optional[str] = None, enabled: bool = True,
                 extra: Sequence[tuple[str, str]] = (("Backspace", "⌫"), ("Enter", "Enter")),
                 key_w: float = 36, key_h: float = 40, gap: float = 5, upper: bool = True, label: str = "") -> str:
    """An on-screen keyboard as one SVG.

    ``rows`` are strings of letters (see :func:`layout_for`); ``active`` the
    letter drawn as pressed; ``enabled=False`` draws it dimmed (still
    clickable: the caller decides what a click means); ``extra`` are
    ``(key, caption)`` pairs put at the ends of the last row, the first on
    the left, the second on the right (a ``KeyboardEvent.key`` name each).
    """
    widest = max(len(r) for r in rows)
    width = widest * (key_w + gap) - gap + 8
    wide_w = key_w * 1.6
    if extra:
        width = max(width, len(rows[-1]) * (key_w + gap) + 2 * (wide_w + gap) - gap + 8)
    out = [svg.style(_CSS)]
    for i, row in enumerate(rows):
        y = 4 + i * (key_h + gap)
        row_w = len(row) * (key_w + gap) - gap
        x0 = (width - row_w) / 2
        for k, ch in enumerate(row):
            cls = "key active" if ch == active else "key"
            out.append(svg.group([svg.title(f"type {ch.upper()}"),
                                  svg.rect(0, 0, key_w, key_h, rx=6),
                                  svg.text(key_w / 2, key_h / 2 + 6, ch.upper() if upper else ch)],
                                 transform=svg.translate(x0 + k * (key_w + gap), y), class_=cls, data_id=key_id(ch)))
    if extra:
        y = 4 + (len(rows) - 1) * (key_h + gap)
        places = [4, width - 4 - wide_w]
        for (key, caption), x in zip(extra, places):
            out.append(svg.group([svg.title(key), svg.rect(0, 0, wide_w, key_h, rx=6),
                                  svg.text(wide_w / 2, key_h / 2 + 5, caption)],
                                 transform=svg.translate(x, y), class_="key wide", data_id=key_id(key)))
    height = len(rows) * (key_h + gap) - gap + 8
    cls = "bw-keys" + ("" if enabled else " off")
    return svg.svg(out, width, height, class_=cls, role="group", aria_label=label or "on-screen keyboard")
