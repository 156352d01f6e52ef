"""What the tutorial's boards show: the city and the houses' boards as a player at the table sees them.

Drawn by the game's own drawing (:func:`.drawing.city_svg`, :func:`.drawing.player_markup`,
:func:`.drawing.cards_markup`) from the learner's view, nothing highlighted. A board a question is asked
about carries no ``data-id`` (nothing on it is an answer); a board that is clicked numbers its ids with the
click count (``P4@1``), so the same spot can be clicked again.
"""

from __future__ import annotations

import html as markup_text
import re
from typing import Iterable

from .. import i18n
from ..drawing import CARDS_CSS, CSS, DEFS, cards_markup, city_svg, player_markup

#: the lesson's own parts around the game's drawing: the caption, the buttons of a live board, the log; the
#: city at most 480 px tall with the houses' boards beside it (scrolled when longer), so that an exercise, its
#: Check and its reply fit a 1400x900 window (tests/browser/test_tutorial_boards_browser.py)
LESSON_CSS = CSS + CARDS_CSS + """
.bw-bgt { font: 13px/1.4 system-ui, sans-serif; color: #2b2418; }
.bw-bgt .cap { margin: 2px 0 6px; padding: 5px 10px; border-radius: 8px; background: #eef4fb; color: #1e3c66; }
.bw-bgt .cap.warn { background: #fff4d6; color: #5a4300; }
.bw-bgt .cap.ok { background: #e3f4e6; color: #1b5e2b; }
.bw-bgt .chips { display: flex; flex-wrap: wrap; gap: 6px; margin: 4px 0 8px; }
.bw-bgt .chip { padding: 3px 11px; border-radius: 14px; border: 1.5px solid #9cb8dc; background: #f4f8fd;
  color: #1e3c66; cursor: pointer; font-size: 12.5px; }
.bw-bgt .chip.sel { background: #1565c0; color: white; }
.bw-bgt .log { color: #555; font-size: 12px; margin: 4px 0; }
.bw-bgt .cols { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; margin-bottom: 6px; }
.bw-bgt .cols > div { flex: 1 1 260px; }
.bw-bgt svg.bw-bg { width: 100%; height: auto; max-height: 480px; }
.bw-bgt .beside { display: flex; gap: 8px; align-items: flex-start; }
.bw-bgt .beside > .city { flex: 0 0 522px; }
.bw-bgt .beside > .side { flex: 1 1 0; min-width: 0; max-height: 480px; overflow-y: auto; }
"""
LESSON_DEFS = DEFS


def escape(text: str) -> str:
    """Text for markup: ``& < > "`` escaped (an apostrophe stays as written)."""
    return markup_text.escape(text, quote=False).replace('"', "&quot;")


def still(markup: str) -> str:
    """A drawing only to look at: no element takes a click."""
    return re.sub(r' data-id="[^"]*"', "", markup).replace(' role="button"', "")


def numbered(markup: str, suffix: str) -> str:
    """Every ``data-id`` of ``markup`` with ``suffix`` (a live board's click count, ``@3``)."""
    return re.sub(r'data-id="([^"]+)"', lambda m: f'data-id="{m.group(1)}{suffix}"', markup)


def city(game, state, *, selected=(), viewer: int = 0, mask_defence=False, clickable=True, suffix="") -> str:
    """The city as ``viewer`` sees it, ``selected`` drawn chosen; ``mask_defence``: every district's defence
    counter shows "?" (a step that asks for a defence); ``clickable=False``: no ``data-id``."""
    markup = city_svg(game, game.view(state, viewer), viewer=viewer, selected=tuple(selected))
    if mask_defence:
        markup = re.sub(r'(<text[^>]*class="def-n"[^>]*>)\d+(</text>)', r"\g<1>?\g<2>", markup)
        markup = re.sub(r"(attack track of [^;]*?; defence |; obrana )\d+", r"\g<1>?", markup)
    return numbered(markup, suffix) if clickable else still(markup)


def chip(id_: str, label: str, selected: bool = False, kind: str = "") -> str:
    """A button drawn on a live board (``data-id`` ``id_``)."""
    cls = " ".join(["chip"] + (["sel"] if selected else []) + ([kind] if kind else []))
    return f'<div class="{cls}" data-id="{escape(id_)}" role="button" aria-label="{escape(label)}">{escape(label)}</div>'


def chips(items: Iterable[str]) -> str:
    items = [c for c in items if c]
    return f'<div class="chips">{"".join(items)}</div>' if items else ""


def caption(text: str, kind: str = "") -> str:
    return f'<div class="cap{" " + kind if kind else ""}" role="status">{escape(text)}</div>' if text else ""


def html(*parts: str, label: str = "") -> str:
    return f'<div class="bw-bgt" role="group" aria-label="{escape(label)}">{"".join(p for p in parts if p)}</div>'


def columns(blocks: Iterable[str]) -> str:
    blocks = [b for b in blocks if b]
    return '<div class="cols">' + "".join(f"<div>{b}</div>" for b in blocks) + "</div>" if blocks else ""


def beside(city_markup: str, blocks: Iterable[str]) -> str:
    """The city with the houses' boards (and cards) in a column beside it."""
    blocks = [b for b in blocks if b]
    side = f'<div class="side" tabindex="0">{"".join(blocks)}</div>'  # it scrolls: the keyboard reaches it too
    return f'<div class="beside"><div class="city">{city_markup}</div>{side}</div>' if blocks else city_markup


def house_name(lesson, player: int) -> str:
    """``You (1)``, ``Orange (2)``: a house as its board is headed."""
    return f"{lesson.house(player, capital=True)} ({player + 1})"


def table(lesson, game, state, *, offer=False, hand=True, first=(), label: str = "") -> str:
    """What you see at the table, nothing to click: the city, and beside it ``first`` (cards a question is
    about), your board and the offer."""
    view = game.view(state, 0)
    blocks = [*first, player_markup(game, view, 0, viewer=0, name=house_name(lesson, 0), hand=hand)]
    blocks += [cards_markup(game, view.offer, title=i18n.text("ui.offer_label", game.language))] if offer else []
    return html(still(beside(city(game, state, clickable=False), blocks)), label=label)
