"""The exercise boards: the dungeon as the learner sees it (their view, nothing highlighted).

Every board is :func:`..drawing.dungeon_svg` of the learner's view with no target marked, so the drawing never
shows an answer; in the lesson's style (``lessons/boards.css``) it is at most 470 px wide, so that an exercise,
its *Check* and the reply fit a 1400x900 window together.
"""

from __future__ import annotations

import re

from ...core.files import read_data_text
from ...kit import svg
from ..drawing import CSS, DEFS, dungeon_svg
from .scenes import LESSONS

#: the board's look: the dungeon's, and the lesson's (``lessons/boards.css``)
FIT = CSS + read_data_text(LESSONS / "boards.css", what="lesson style")


def board(game, state, selected=(), *, viewer: int = 0, dice=(), fight=None, slots=(), caption: str = "") -> str:
    """The dungeon as the learner sees it (their view), nothing highlighted; ``selected`` drawn chosen.

    ``slots``: empty hexes to draw clickable (building), all alike: the drawing does not tell the hexes where a
    room may go from the others. ``caption``: in a band above the drawing (an engine's refusal, what a roll did).
    """
    markup = dungeon_svg(game, game.view(state, viewer), viewer=viewer, selected=selected, targets=slots, dice=dice,
                         fight=fight)
    if slots:  # every empty hex alike: no "target" look, no "build here" promise in its label
        markup = markup.replace('class="slot target', 'class="slot').replace(": build a room here", "")
    if not caption:
        return markup
    width, height = (float(x) for x in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', markup).groups())
    band = svg.group([svg.rect(8, -30, width - 16, 24, rx=8), svg.text(width / 2, -13, caption)],
                     class_="bw-bc-caption", role="status")
    markup = markup.replace(f'viewBox="0 0 {width:g} {height:g}"', f'viewBox="0 -34 {width:g} {height + 34:g}"', 1)
    return markup[: markup.rindex("</svg>")] + band + "</svg>"
