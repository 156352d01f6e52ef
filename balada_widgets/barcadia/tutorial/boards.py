"""The exercise boards: the dungeon as the learner sees it (their view, nothing highlighted), and *Roll*.

Every board is :func:`..drawing.dungeon_svg` of the learner's view with no target marked, so the drawing never
shows an answer; in the lesson's style (``lessons/boards.css``) it is at most 470 px wide, so that an exercise,
its *Check* and the reply fit a 1400x900 window together.
"""

from __future__ import annotations

import re

from ...core.files import read_data_text
from ...kit import svg
from ...kit.lesson import Pick, Solution
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


def pick(part, check, draw, solution, mode: str = "one", buttons=()) -> Pick:
    """A click exercise on a board drawn by ``draw(selected)``, with the words of ``part``."""
    return Pick(part("prompt"), check, hint=part("hint"), solution=solution, draw=draw, mode=mode,
                buttons=tuple(buttons), label=part("label"), css=FIT, defs=DEFS)


def roll(part, game, before, after, dice) -> Pick:
    """*Roll*: the board before, and after the button(s) the engine's next state with the dice shown.

    The part's words: ``prompt``; ``after`` (optional): what the roll means; the buttons are the part's options
    (their labels ``options.<id>``), else one, the lesson's *Roll the die*.
    """
    lesson = part.lesson
    labels = part.options() or (("roll", lesson.common("roll-button")),)
    buttons = tuple(b for b, _ in labels)
    rolled, what = lesson.rolled(dice), lesson.outcome(game, before, after)
    said = f"{what} {part('after') if part.has('after') else ''}".strip()
    caption = lesson.say("rolled", dice=lesson.join((lesson.say("die", who=lesson.who(p), n=v) for p, v in dice),
                                                    last=False))
    press = lesson.say("press-in-order" if len(buttons) > 1 else "press")

    def done(sel) -> bool:
        return tuple(sel[-len(buttons):]) == buttons

    def draw(sel):
        return board(game, after, dice=dice, caption=caption) if done(sel) else board(game, before, fight=-1)

    def check(seq):
        return lesson.right(f"{rolled}. {said}", part.rule) if done(seq) else lesson.no(press, part.rule)

    return Pick(part("prompt"), check, hint=press, solution=Solution(rolled, said, picks=buttons), draw=draw,
                mode="sequence", buttons=labels, label=lesson.common("dungeon"), css=FIT, defs=DEFS)
