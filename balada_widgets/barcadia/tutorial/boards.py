"""The exercise boards: the dungeon as the learner sees it (their view, nothing highlighted), and *Roll*.

Every board is :func:`..drawing.dungeon_svg` of the learner's view with no target marked, so the drawing never
shows an answer; it is at most 470 px wide, so that an exercise, its *Check* and the reply fit a 1400x900
window together.
"""

from __future__ import annotations

import re
from ...kit import svg
from ...kit.lesson import Pick, Solution
from ..drawing import CSS, DEFS, dungeon_svg

#: the board's look: empty hexes all alike (building); no wider than 470 px (about 530 px tall)
FIT = (CSS + "\n.bw-bc .slot .tile { fill: #f7f1e3; stroke: #c9bb98; stroke-dasharray: 3 3; }"
       "\n.bw-lesson-board svg.bw-bc, .bw-lesson-answer-board svg.bw-bc { max-width: min(100%, 470px); }"
       "\n.bw-lesson-board svg.bw-bc-diy, .bw-lesson-answer-board svg.bw-bc-diy { max-width: min(100%, 560px); }")


def board(game, state, selected=(), *, viewer: int = 0, dice=(), fight=None, slots=(), caption: str = "") -> str:
    """The dungeon as the learner sees it (their view), nothing highlighted; ``selected`` drawn chosen.

    ``slots``: empty hexes to draw clickable (building); they are drawn all alike, so the drawing does
    not tell the hexes where a room may go from the others.
    """
    markup = dungeon_svg(game, game.view(state, viewer), viewer=viewer, selected=selected, targets=slots, dice=dice,
                         fight=fight)
    if slots:  # every empty hex alike: no "target" look, no "build here" promise in its label
        markup = re.sub(r'class="slot target', 'class="slot', markup)
        markup = re.sub(r": build a room here", "", markup)
    return with_caption(markup, caption) if caption else markup


def size(markup: str) -> tuple:
    """(width, height) of a drawing from its root's ``viewBox``."""
    m = re.search(r'viewBox="(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+)"', markup)
    return (float(m.group(3)), float(m.group(4))) if m else (520.0, 400.0)


def with_caption(markup: str, caption: str) -> str:
    """``caption`` in a band above the drawing (an engine's refusal, what a roll did)."""
    width, height = size(markup)
    band = svg.group([svg.rect(8, -30, width - 16, 24, rx=8, fill="#fff4d6", stroke="#e0b44a"),
                      svg.text(width / 2, -13, caption, text_anchor="middle", font_size=12.5, fill="#5a4300")],
                     class_="bw-bc-caption", role="status")
    markup = markup.replace(f'viewBox="0 0 {width:g} {height:g}"', f'viewBox="0 -34 {width:g} {height + 34:g}"', 1)
    return markup[: markup.rindex("</svg>")] + band + "</svg>"


def pick(part, check, draw, solution, mode: str = "one", buttons=()) -> Pick:
    """A click exercise on a board drawn by ``draw(selected)``, with the words of ``part``."""
    return Pick(part("prompt"), check, hint=part("hint"), solution=solution, draw=draw, mode=mode,
                buttons=tuple(buttons), label=part("label"), css=FIT, defs=DEFS)


def roll(part, game, before, after, dice, buttons=("roll",)) -> Pick:
    """*Roll*: the board before, and after the button(s) the engine's next state with the dice shown.

    The part's words: ``prompt``; ``after`` (optional): what the roll means; the buttons' labels are
    ``options.<id>`` (else the lesson's *Roll the die*).
    """
    lesson = part.lesson
    labels = tuple((b, part(f"options.{b}") if part.has(f"options.{b}") else lesson.common("roll-button"))
                   for b in buttons)
    rolled, what = lesson.rolled(dice), lesson.outcome(game, before, after)
    why = part("after") if part.has("after") else ""
    caption = lesson.say("rolled", dice=lesson.join((lesson.say("die", who=lesson.who(p), n=v) for p, v in dice),
                                                    last=False))
    press = lesson.say("press-in-order" if len(buttons) > 1 else "press")

    def draw(sel):
        done = bool(sel) and tuple(sel[-len(buttons):]) == tuple(buttons)
        return board(game, after, dice=dice, caption=caption) if done else board(game, before, fight=-1)

    def check(seq):
        if tuple(seq[-len(buttons):]) == tuple(buttons):
            return lesson.right(f"{rolled}. {what} {why}".strip(), part.rule)
        return lesson.no(press, part.rule)

    return Pick(part("prompt"), check, hint=press, solution=Solution(rolled, f"{what} {why}".strip(),
                                                                    picks=tuple(buttons)),
                draw=draw, mode="sequence", buttons=labels, label=lesson.common("dungeon"), css=FIT, defs=DEFS)
