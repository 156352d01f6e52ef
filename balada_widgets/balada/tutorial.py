"""The Balada tutorial: sixteen steps, each an exercise on the game's board, checked by the engine.

Pure Python at import (the game's drawing and the kit's lesson player load
only when a step is built or shown). A notebook cell is one line::

    from balada_widgets import balada
    balada.tutorial.step("boss")          # Step 6 of 16: The Boss

The lesson (:func:`lesson`, on the kit's :class:`~balada_widgets.kit.lesson.Lesson`)
follows the GUIDE's standard: every step is a short text (the theme and the
rule) and an exercise the learner *does*: click spaces on the map sheet, type
a score, choose, or walk a side choice by choice. Its boards are the game's own
drawing from a player's place at the table: no Boss worth, no Tower bonus, no
highlighted target, no printed walk. The kit gives the tiers: a first wrong
answer names the misreading with its rule (never the answer); a second adds a
hint; a third, or *Show me*, shows the answer with the walk's trace, space by
space. Progress ("Step 6 of 16", a chip per step) is shared by every cell.

The checks never re-derive a rule: the right answer comes from the engine
(:func:`~.scoring.score_side`, the optimiser, :meth:`~.rules.BaladaGame.apply`,
:meth:`~.rules.BaladaGame.winners`), and a wrong answer is explained by
replaying the engine's own walk with one *misreading* of the rules (a Tower
that adds nothing, a knock-down that never happens, a Boss counted from the
start...). When the learner's number is what that misreading gives, the
feedback names it and the rule it breaks, in words and without the right
number. A refused click is the engine's refusal, in words ("You cannot draw the
Sword on space 2: ... (rule B2)"). The misreadings are listed in
:data:`MISREADINGS` (and in ``docs/balada.md``).

The checks, also usable on their own:

- :func:`check_score`: "how many points does this path score?"
- :func:`check_injuries`: "how many injuries does the hero carry out?"
- :func:`check_choices`: do the learner's own walk choices score the most?
- :func:`check_best_choice`: "should the sword go here?" during the walk
  (or: which event should this Portal take?), against the optimiser (B16).
- :func:`check_best_placement`: "where should the Sword be drawn?", comparing
  the best score of the side for each allowed space.
- :func:`check_placement`: is this move legal in this game position?
- :func:`check_game_total`: both rounds with the carry-over (B6, B17).
- :func:`check_winner`: who wins, with the tie-break (B17).

:data:`STEPS` lists the tutorial's steps (id, title, rule ids taught), used
by the lesson, ``notebooks/balada_tutorial.ipynb``, ``docs/balada.md`` and the
tests (which walk every exercise: ``tests/balada/test_tutorial.py``).

Examples
--------
>>> check_score("O3 O2 FT .. .. .. .. .. .. .. .. ..", 5).ok
True
>>> fb = check_score("TW O2 FT .. .. .. .. .. .. .. .. ..", 2)
>>> fb.ok, fb.rule, fb.misreading
(False, 'B7', 'tower-bonus')
>>> print(fb.message)  # doctest: +NORMALIZE_WHITESPACE
Not 2. Each Tower adds 1 to the Obstacles right beside it: the Obstacle at space 2 stands beside a Tower. (rule B7)
>>> check_best_choice("SW O3 .. .. .. .. .. .. .. .. .. ..", 2, "sword", injuries=4).ok
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Callable, Iterable, Sequence

from ..core.errors import GameError, IllegalMove, InvalidInput
from ..core.feedback import Feedback, Step, find_step, exercise_check, parse_number  # noqa: F401 (re-exported)
from ..kit.lesson import Choose, Figure, Lesson, LessonStep, NotebookFace, Number, Pick, Solution
from .scoring import (
    EVENT_NAMES, LANDSCAPES, Choices, Hero, Layout, ScoreResult, best_points, event_name, fish_step, is_obstacle,
    options_at, parse_choices, parse_side, score_side, step as _walk_one,
)

__all__ = ["Feedback", "MISREADINGS", "Misreading", "STEPS", "Step", "check_best_choice", "choices_in_words",
           "lesson", "step", "tutorial",
           "check_best_placement", "check_choices", "check_game_total", "check_injuries", "check_placement",
           "check_score", "check_winner",
           "exercise_check", "find_misreading", "step_by_id"]


# --------------------------------------------------------------------------
# Feedback
# --------------------------------------------------------------------------


def _with_rule(text: str, rule: str | None) -> str:
    return f"{text} (rule {rule})" if rule else text


def _n(k: int, word: str) -> str:
    """``1 sword``, ``2 swords``, ``1 injury``, ``3 injuries``."""
    if k == 1:
        return f"1 {word}"
    return f"{k} {word[:-1]}ies" if word.endswith("y") else f"{k} {word}s"


def _spaces(nums: Sequence[int]) -> str:
    nums = list(nums)
    if len(nums) == 1:
        return f"space {nums[0]}"
    return "spaces " + ", ".join(map(str, nums[:-1])) + f" and {nums[-1]}"


def _gains(result: ScoreResult) -> str:
    """The steps that scored, in words: ``space 4: +9 (B10); end: +4 (B12)``."""
    parts = [f"{'end' if s.where == 'end' else f'space {s.where}'}: {s.points:+d} ({s.rule})"
             for s in result.trace if s.points]
    return "; ".join(parts) if parts else "no step scores"


# --------------------------------------------------------------------------
# Misreadings of the rules, replayed on the engine's walk
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Misreading:
    """A way to misread the rules: its id, the rule it breaks and what it says."""

    id: str
    rule: str
    summary: str


@dataclass(frozen=True)
class _Ctx:
    """One step of the replayed walk, as the engine computed it."""

    layout: Layout
    i: int  # 0-based space
    option: str
    before: Hero
    after: Hero
    points: int

    @property
    def event(self):
        return self.layout.events[self.i]

    @property
    def space(self) -> int:
        return self.i + 1

    @property
    def knocked_down(self) -> bool:
        # the engine's verdict: an endured obstacle (worth at least 1) that leaves 0 injuries knocked the hero down
        return is_obstacle(self.event) and self.option == "endure" and self.after.injuries == 0


# A hook returns None (the learner reads this step right) or (hero after, points, note).
Hook = Callable[[_Ctx], "tuple[Hero, int, str] | None"]


def _replay(layout: Layout, hero: Hero, decisions, hook: Hook | None = None,
            fish: Callable[[Layout], "tuple[int, str] | None"] | None = None):
    """Walk ``layout`` with the engine's :func:`~.scoring.step`, letting ``hook`` misread steps.

    Returns ``(total, notes, hero at the end)`` or ``None`` when the decisions no longer fit.
    """
    total, notes, h = 0, [], hero
    for i in range(len(layout.events)):
        opts = options_at(layout, i, h)
        o = decisions.get(i + 1) if len(opts) > 1 else opts[0]
        if o not in opts:
            return None
        after, st = _walk_one(layout, i, h, o)
        pts = st.points
        if hook is not None:
            got = hook(_Ctx(layout, i, o, h, after, pts))
            if got is not None:
                after, pts, note = got
                notes.append(note)
        total += pts
        h = after
    fpts = fish_step(layout).points
    if fish is not None:
        got = fish(layout)
        if got is not None:
            fpts, note = got
            notes.append(note)
    return total + fpts, notes, h


def _with_run(h: Hero, run: int) -> Hero:
    return replace(h, run=run)


# ---- the hooks (each one misreading; ``c.after`` and ``c.points`` are the engine's truth)

def _hook_knockdown(c: _Ctx):
    if c.knocked_down:
        v = c.layout.effective[c.i]
        inj = c.before.injuries + v
        return (Hero(inj, c.after.swords, c.before.run + v), 0,
                f"at space {c.space} the injuries reach {inj}")
    return None


def _hook_boss_from_start(c: _Ctx):
    if c.event == "BS" and c.option == "fight" and c.space != c.points:
        return _with_run(c.after, c.before.run + c.space), c.space, \
            f"count from the Boss at space {c.space} to the end of the path, not from the start"
    return None


def _hook_boss_own_space(c: _Ctx):
    if c.event == "BS" and c.option == "fight":
        return _with_run(c.after, c.before.run + c.points - 1), c.points - 1, \
            f"the Boss stands on space {c.space}, and that space counts"
    return None


def _hook_boss_undefeated(c: _Ctx):
    if c.event == "BS" and c.option == "pass":
        v = c.layout.boss_value(c.i)
        return c.after, v, f"the Boss at space {c.space} stays undefeated and scores nothing"
    return None


def _hook_chest_both_ends(c: _Ctx):
    if c.event == "CH" and c.option == "key":
        return c.after, c.points + 2, (f"the Key lies on space {c.layout.first_key + 1} and the Chest on "
                                       f"space {c.space}: count only the spaces between them")
    return None


def _hook_chest_one_end(c: _Ctx):
    if c.event == "CH" and c.option == "key":
        return c.after, c.points + 1, (f"the Key lies on space {c.layout.first_key + 1} and the Chest on "
                                       f"space {c.space}: count only the spaces between them")
    return None


def _hook_chest_last_key(c: _Ctx):
    if c.event == "CH" and c.option == "key":
        keys = [k for k in range(c.i) if c.layout.events[k] == "KY"]
        if len(keys) > 1:
            return c.after, c.i - keys[-1] - 1, (f"the Chest at space {c.space} counts from the first Key "
                                                 f"(space {keys[0] + 1}), not from space {keys[-1] + 1}")
    return None


def _hook_tower_without_key(c: _Ctx):
    if c.event == "TW" and c.points == 0:
        return c.after, 2, f"the hero holds no key yet at the Tower of space {c.space}"
    return None


def _hook_tower_with_key(c: _Ctx):
    if c.event == "TW" and c.points:
        return c.after, 0, f"the hero reaches the Tower of space {c.space} with the key: +{c.points}"
    return None


def _hook_princess_knockdown(c: _Ctx):
    if c.knocked_down:
        return (_with_run(c.after, c.before.run + c.layout.effective[c.i]), 0,
                f"the hero was knocked down at space {c.space}")
    return None


def _hook_princess_tower_breaks(c: _Ctx):
    if c.event == "TW" and c.before.run:
        return _with_run(c.after, 0), c.points, f"the Tower at space {c.space} keeps the run going (worth 0)"
    return None


def _princess_boss(extra: bool):
    def hook(c: _Ctx):
        if c.event == "BS" and c.option == "pass":
            run = c.before.run + (c.layout.boss_value(c.i) if extra else 0)
            return _with_run(c.after, run), c.points, f"the Boss at space {c.space} was not defeated"
        return None
    return hook


def _princess_sword(run_of: Callable[[_Ctx], int]):
    def hook(c: _Ctx):
        if is_obstacle(c.event) and c.option == "sword":
            return (_with_run(c.after, run_of(c)), c.points,
                    f"the Obstacle at space {c.space} was beaten with a sword and still counts")
        return None
    return hook


def _hook_princess_whole_path(c: _Ctx):
    if c.after.run == 0 and c.before.run and c.event != "PR":
        return _with_run(c.after, c.before.run), c.points, \
            f"the {event_name(c.event)} at space {c.space} ends the run"
    return None


def _fish_linear(layout: Layout):
    n = layout.fish
    if n >= 2:
        return n, f"there are {n} Fish on the side"
    return None


@dataclass(frozen=True)
class _Reading:
    """A misreading: its hooks (alternatives) on the walk or on the Fish."""

    m: Misreading
    hooks: tuple = ()
    fish: Callable | None = None
    layout: Callable[[Layout], "tuple[Layout, list[str]] | None"] | None = None


def _printed_values(layout: Layout):
    if layout.effective == tuple(int(e[1]) if is_obstacle(e) else 0 for e in layout.events):
        return None
    printed = tuple(int(e[1]) if is_obstacle(e) else 0 for e in layout.events)
    notes = [f"the Obstacle at space {i + 1} stands beside a Tower"
             for i, (v, p) in enumerate(zip(layout.effective, printed)) if v != p]
    return replace(layout, effective=printed), notes


_M = Misreading
_READINGS: tuple[_Reading, ...] = (
    _Reading(_M("tower-bonus", "B7", "Each Tower adds 1 to the Obstacles right beside it:"), layout=_printed_values),
    _Reading(_M("knockdown", "B7", "At 6 or more injuries the hero is knocked down: the injuries are crossed out, "
                                   "score nothing later, and the hero walks on unharmed;"), (_hook_knockdown,)),
    _Reading(_M("boss-from-start", "B10", "A Boss is worth the spaces from it to the end of the path (itself "
                                          "included), not its number from the start:"), (_hook_boss_from_start,)),
    _Reading(_M("boss-own-space", "B10", "Count the Boss's own space too:"), (_hook_boss_own_space,)),
    _Reading(_M("boss-undefeated", "B10", "A Boss scores only when 2 swords defeat it:"), (_hook_boss_undefeated,)),
    _Reading(_M("chest-own-spaces", "B14", "A Chest opened with the key scores the spaces strictly between the "
                                           "Key and the Chest, neither of them counted:"),
             (_hook_chest_both_ends, _hook_chest_one_end)),
    _Reading(_M("chest-last-key", "B14", "With several Keys before a Chest, count from the first one:"),
             (_hook_chest_last_key,)),
    _Reading(_M("tower-without-key", "B11", "A Tower scores 2 only when the hero already holds the key:"),
             (_hook_tower_without_key,)),
    _Reading(_M("tower-with-key", "B11", "A Tower visited with the key scores 2 (and the key stays):"),
             (_hook_tower_with_key,)),
    _Reading(_M("princess-knockdown", "B15", "An Obstacle that knocked the hero down is no Danger: it ends the "
                                             "Princess's run;"), (_hook_princess_knockdown,)),
    _Reading(_M("princess-tower-breaks", "B15", "A Tower is a Danger worth 0: it does not end the Princess's run;"),
             (_hook_princess_tower_breaks,)),
    _Reading(_M("princess-undefeated-boss", "B15", "An undefeated Boss is no Danger: it ends the Princess's run;"),
             (_princess_boss(True), _princess_boss(False))),
    _Reading(_M("princess-sworded-obstacle", "B15", "An Obstacle beaten with a sword is still a Danger for the "
                                                    "Princess:"),
             (_princess_sword(lambda c: c.before.run), _princess_sword(lambda c: 0))),
    _Reading(_M("princess-whole-path", "B15", "Only the unbroken run of Dangers right before the Princess counts; "
                                              "anything else ends it:"), (_hook_princess_whole_path,)),
    _Reading(_M("fish-not-squared", "B12", "Fish are counted at the end and their number is squared:"),
             fish=_fish_linear),
)

#: every misreading :func:`check_score` recognises, by id (the walk replays above, plus the ones below)
MISREADINGS: dict[str, Misreading] = {r.m.id: r.m for r in _READINGS}
for _m in (
    _M("portal-ignored", "B5", "Before the walk each Portal may take an event from another space:"),
    _M("portal-copied", "B5", "An event a Portal takes leaves its old space, which becomes empty:"),
    _M("carry-forgotten", "B6", "Injuries and swords carried in from the day round count on the night side:"),
    _M("missed-step", "B6", "Every space of the walk counts, and the Fish at the end:"),
    _M("other-choices", "B16", "Your number is what another set of choices gives:"),
    _M("best-instead-of-given", "B16", "This exercise fixes the choices; score those, not the best ones:"),
    _M("one-round-only", "B17", "The final score adds both rounds:"),
):
    MISREADINGS[_m.id] = _m
del _m


def _candidates(result: ScoreResult, injuries: int, swords: int, given) -> Iterable[tuple]:
    """``(misreading id, total it gives, detail[, rule])`` for each misreading, in order.

    The rule defaults to the misreading's; a left-out step names the rule of that step.
    """
    layout = Layout.of(result.events)
    hero = Hero(injuries, swords, 0)
    decisions = dict(result.choices.decisions)
    side = result.side
    events = tuple(s.event for s in side)
    moved = [(p, s) for p, s in result.choices.portals if s is not None]
    if moved:
        stay = Choices(tuple((p, None) for p, _ in result.choices.portals), dict(given.decisions) if given else {})
        try:
            alt = score_side(side, injuries, swords, stay)
        except IllegalMove:
            alt = None
        if alt is not None:
            yield "portal-ignored", alt.points, "; ".join(
                f"the Portal at space {p} takes the {event_name(events[s - 1])} of space {s}" for p, s in moved)
        copied = list(result.events)
        for _p, s in moved:
            copied[s - 1] = events[s - 1]
        kept = tuple((p, None) for p, s in result.choices.portals if s is None)
        try:
            alt = score_side(tuple(replace(sp, event=e) for sp, e in zip(side, copied)), injuries, swords,
                             Choices(kept, decisions))
        except IllegalMove:
            alt = None
        if alt is not None:
            yield "portal-copied", alt.points, "; ".join(
                f"space {s} is empty once its {event_name(events[s - 1])} went through the Portal" for _p, s in moved)
    for r in _READINGS:
        if r.layout is not None:
            got = r.layout(layout)
            if got is None:
                continue
            misread, notes = got
            out = _replay(misread, hero, decisions)
            if out is not None:
                yield r.m.id, out[0], "; ".join(notes)
            continue
        for hook in r.hooks or (None,):
            out = _replay(layout, hero, decisions, hook, r.fish)
            if out is not None and out[1]:
                yield r.m.id, out[0], "; ".join(dict.fromkeys(out[1]))
    if injuries or swords:
        try:
            alt = score_side(side, 0, 0, given)
        except IllegalMove:
            alt = None
        if alt is not None:
            carried = f"the hero starts with {_n(injuries, 'injury')} and {_n(swords, 'sword')}"
            yield "carry-forgotten", alt.points, carried
    for st in result.trace:
        if st.points:
            where = ("the Fish, counted at the end" if st.where == "end"
                     else f"space {st.where} ({event_name(result.events[st.where - 1])})"
                     if isinstance(st.where, int) and 1 <= st.where <= len(result.events) else f"space {st.where}")
            yield "missed-step", result.points - st.points, f"you left out {where}", st.rule
    if given is None:
        for sp, opt in sorted(result.choices.decisions.items()):
            here = options_at(layout, sp - 1, _hero_at(layout, hero, decisions, sp - 1))
            for other in here:
                if other == opt:
                    continue
                try:
                    alt = score_side(side, injuries, swords, Choices(result.choices.portals, {sp: other}))
                except IllegalMove:
                    continue
                yield "other-choices", alt.points, (f"that is what choosing {other!r} at space {sp} gives; "
                                                    f"another choice there scores more")
    else:
        best = score_side(side, injuries, swords)
        yield "best-instead-of-given", best.points, f"the choices asked for are {choices_in_words(given)}"


def choices_in_words(choices) -> str:
    """Walk choices in words: ``'sword' at space 3, the Portal on space 11 taking the event of space 5``.

    >>> choices_in_words(parse_choices("P11<5 3:sword"))
    "the Portal on space 11 taking the event of space 5, 'sword' at space 3"
    """
    if choices is None:
        return "none"
    parts = [f"the Portal on space {p} taking " + ("nothing" if s is None else f"the event of space {s}")
             for p, s in choices.portals]
    parts += [f"{o!r} at space {sp}" for sp, o in sorted(choices.decisions.items())]
    return ", ".join(parts) or "none"


def _hero_at(layout: Layout, hero: Hero, decisions, upto: int) -> Hero:
    for i in range(upto):
        opts = options_at(layout, i, hero)
        hero, _ = _walk_one(layout, i, hero, decisions.get(i + 1) if len(opts) > 1 else opts[0])
    return hero


def _ordered(cands, focus):
    """Candidates whose rule is in ``focus`` first (the rule the exercise is about), else as listed."""
    if not focus:
        return list(cands)
    focus = {focus} if isinstance(focus, str) else set(focus)
    cands = list(cands)
    return [c for c in cands if _rule_of(c) in focus] + [c for c in cands if _rule_of(c) not in focus]


def _rule_of(candidate) -> str:
    return candidate[3] if len(candidate) > 3 else MISREADINGS[candidate[0]].rule


def _scored(side, injuries: int, swords: int, choices):
    """The player's own choices (parsed, or ``None``: the best) and the score of ``side`` with them."""
    given = None if choices is None else parse_choices(choices)
    return given, score_side(side, injuries, swords, given)


def find_misreading(side, answer: int, injuries: int = 0, swords: int = 0, choices=None, focus=None
                    ) -> tuple[Misreading, str] | None:
    """The first misreading of the rules whose total is ``answer`` (with its detail), or ``None``.

    >>> m, why = find_misreading("O3 O3 FT .. .. .. .. .. .. .. .. ..", 6)
    >>> m.id, m.rule
    ('knockdown', 'B7')
    """
    given, result = _scored(side, injuries, swords, choices)
    for cand in _ordered(_candidates(result, injuries, swords, given), focus):
        if cand[1] == answer and cand[1] != result.points:
            m = MISREADINGS[cand[0]]
            return (m if _rule_of(cand) == m.rule else replace(m, rule=_rule_of(cand))), cand[2]
    return None


# --------------------------------------------------------------------------
# The checks
# --------------------------------------------------------------------------


def check_score(side, answer, injuries: int = 0, swords: int = 0, choices=None, focus=None) -> Feedback:
    """Is ``answer`` the points of ``side``? If not, which rule was missed?

    ``choices``: ``None`` (the hero plays the best choices, B16) or the
    choices the exercise fixes (text like ``"3:sword 5:fight"``, a dict, or
    :class:`~.scoring.Choices`); ``injuries``/``swords`` carried in (B6).
    ``focus``: a rule id (or several) the exercise is about; misreadings of
    it are tried first when several explain the same wrong number.

    >>> check_score("O3 O3 FT .. .. .. .. .. .. .. .. ..", 6).misreading
    'knockdown'
    >>> print(check_score("FI FI FI .. .. .. .. .. .. .. .. ..", 9).message)
    Right: 9 points. end: +9 (B12)
    """
    try:
        given, result = _scored(side, injuries, swords, choices)
    except GameError as e:
        return Feedback.from_error(e)
    n = parse_number(answer)
    if n is None:
        return Feedback(False, f"Write the points as a whole number (e.g. 12), not {answer!r}.",
                        expected=result.points)
    if n == result.points:
        return Feedback(True, f"Right: {n} points. {_gains(result)}", None, expected=result.points)
    for cand in _ordered(_candidates(result, injuries, swords, given), focus):
        if cand[1] == n and cand[1] != result.points:
            m, rule = MISREADINGS[cand[0]], _rule_of(cand)
            return Feedback(False, _with_rule(f"Not {n}. {m.summary} {cand[2]}.", rule), rule, m.id, result.points)
    how = "too high" if n > result.points else "too low"
    return Feedback(False, f"Not {n}: that is {how}. Walk the path again from space 1, one space at a time, "
                           f"and keep count of the hero's injuries, swords and key.", None, expected=result.points)


def check_injuries(side, answer, injuries: int = 0, swords: int = 0, choices=None) -> Feedback:
    """Is ``answer`` the number of injuries the hero carries out of the walk (B6, B7, B8)?

    >>> check_injuries("O2 O1 O3 .. O2 .. .. .. .. .. .. ..", 2).ok
    True
    >>> check_injuries("O2 O1 O3 .. O2 .. .. .. .. .. .. ..", 8).misreading
    'knockdown'
    """
    try:
        given, result = _scored(side, injuries, swords, choices)
    except GameError as e:
        return Feedback.from_error(e)
    n = parse_number(answer)
    if n is None:
        return Feedback(False, f"Write the injuries as a whole number, not {answer!r}.", expected=result.injuries)
    if n == result.injuries:
        return Feedback(True, f"Right: the hero walks off the side with {_n(n, 'injury')}.", "B6",
                        expected=result.injuries)
    layout = Layout.of(result.events)
    hero = Hero(injuries, swords, 0)
    decisions = dict(result.choices.decisions)
    readings = [("knockdown", _replay(layout, hero, decisions, _hook_knockdown))]
    printed = _printed_values(layout)
    if printed:
        readings.insert(0, ("tower-bonus", _replay(printed[0], hero, decisions)))
    for mid, out in readings:
        if out is not None and (out[1] or mid == "tower-bonus") and out[2].injuries == n:
            m = MISREADINGS[mid]
            detail = "; ".join(printed[1]) if mid == "tower-bonus" else "; ".join(dict.fromkeys(out[1]))
            return Feedback(False, _with_rule(f"Not {n}. {m.summary} {detail}.", m.rule), m.rule, mid,
                            result.injuries)
    if n >= 6:
        return Feedback(False, _with_rule(f"Not {n}: a hero never carries 6 or more injuries; at 6 the hero is "
                                          f"knocked down and starts again from 0.", "B7"), "B7", "knockdown",
                        result.injuries)
    return Feedback(False, "Not {}. Follow the hero space by space: an Obstacle adds its value (with the Towers "
                           "beside it), a Fountain heals everything, 6 or more knock the hero down.".format(n), None,
                    expected=result.injuries)


def check_choices(side, choices, injuries: int = 0, swords: int = 0) -> Feedback:
    """Do the learner's own ``choices`` (e.g. ``"P1<5 3:sword 7:fight"``) score the most (B16)?

    Choices left out are filled in with the best ones. The message gives the
    points of the learner's line and, when the advice does better, where.

    >>> check_choices("SW SW O2 BS .. .. .. .. .. .. .. ..", "4:fight").ok
    True
    >>> check_choices("SW SW O2 BS .. .. .. .. .. .. .. ..", "3:sword").rule
    'B10'
    """
    try:
        mine = score_side(side, injuries, swords, choices if choices else None)
        best = score_side(side, injuries, swords)
    except GameError as e:
        return Feedback.from_error(e)
    taken = mine.choices.text() or "no choices to make"
    if mine.points == best.points:
        return Feedback(True, f"Yes: {taken} scores {_n(mine.points, 'point')}, the most this side can give.",
                        "B16", expected=best.choices.text())
    rule, why = _why_better(mine, best)
    return Feedback(False, f"Your line ({taken}) scores {_n(mine.points, 'point')}; the best one "
                           f"({best.choices.text()}) scores {best.points}. {why}", rule,
                    expected=best.choices.text())


def _merge(base: Choices, space: int, option) -> tuple[Choices, str]:
    """``base`` with the choice at ``space`` set: a walk option or, for a Portal, a source space."""
    if isinstance(option, int) or option is None or (isinstance(option, str) and (option.isdigit() or option == "-")):
        src = None if option in (None, "-") else int(option)
        portals = dict(base.portals)
        portals[space] = src
        what = "nothing" if src is None else f"the event of space {src}"
        label = f"the Portal at space {space} taking {what}"
        return Choices(tuple(sorted(portals.items())), dict(base.decisions)), label
    dec = dict(base.decisions)
    dec[space] = str(option).lower()
    return Choices(base.portals, dec), f"{str(option).lower()!r} at space {space}"


def _differences(mine: ScoreResult, best: ScoreResult):
    """Steps whose points differ, biggest gain of the best line first: ``(delta, best step, my points)``."""
    def by_where(r):
        out = {}
        for s in r.trace:
            if s.reason.startswith("Portal takes"):
                continue
            out[s.where] = s
        return out

    a, b = by_where(mine), by_where(best)
    diffs = []
    for where, s in b.items():
        m = a.get(where)
        mp = m.points if m else 0
        if s.points != mp:
            diffs.append((s.points - mp, s, m))
    diffs.sort(key=lambda t: -t[0])
    return diffs


def _option_words(result: ScoreResult, space: int) -> str:
    portals = dict(result.choices.portals)
    if space in portals:
        src = portals[space]
        return "taking nothing" if src is None else f"taking the event of space {src}"
    return repr(result.choices.decisions.get(space, "(no choice)"))


def check_best_choice(side, space: int, option, injuries: int = 0, swords: int = 0, choices=None) -> Feedback:
    """Is ``option`` at ``space`` one of the best choices of the walk (B16)?

    ``option`` is a walk option (``"sword"``/``"endure"``, ``"fight"``/
    ``"pass"``, ``"key"``/``"sword"``/``"leave"``) or, when ``space`` holds a
    Portal, the space whose event it takes (``"-"`` or ``None``: nothing).
    ``choices`` already made elsewhere stay fixed; every other choice is the
    best one. An option the hero cannot take is refused with the engine's
    message.

    >>> fb = check_best_choice("SW O1 SW BS .. .. .. .. .. .. .. ..", 2, "sword")
    >>> fb.ok, fb.rule
    (False, 'B10')
    """
    try:
        base = parse_choices(choices)
        want, label = _merge(base, space, option)
        best = score_side(side, injuries, swords, base)
        mine = score_side(side, injuries, swords, want)
    except GameError as e:
        return Feedback.from_error(e)
    best_option = _option_words(best, space)
    if mine.points == best.points:
        msg = f"Yes: {label} leads to {_n(mine.points, 'point')}, the most this side can give."
        if _option_words(mine, space) != best_option:
            msg += (f" Another choice here, {best_option}, scores as much; the advice shows that one because it "
                    f"keeps more swords or fewer injuries (ruling P1).")
        return Feedback(True, msg, "B16", expected=best.points)
    rule, why = _why_better(mine, best)
    msg = (f"No: {label} leads to {_n(mine.points, 'point')} at best; {best_option} at space {space} leads to "
           f"{best.points}. {why}")
    return Feedback(False, msg, rule, expected=best_option)


def _why_better(mine: ScoreResult, best: ScoreResult) -> tuple[str, str]:
    """The rule of the biggest gain of the better line, and the steps that make the difference in words."""
    diffs = _differences(mine, best)
    ahead = [(d, s) for d, s, _m in diffs if d > 0]
    behind = [(d, m) for d, _s, m in diffs if d < 0 and m is not None]
    if not ahead:
        return "B16", ""
    where = lambda s: "at the end" if s.where == "end" else f"at space {s.where}"  # noqa: E731
    text = "The better line scores " + "; ".join(f"{where(s)}: {s.reason} ({s.rule})" for _d, s in ahead[:3])
    if behind:
        text += "; yours gains only " + "; ".join(f"{m.points:+d} {where(m)} ({m.rule})" for _d, m in behind[:2])
    return ahead[0][1].rule, text + "."


def _side_with(side, space: int, event: str):
    return tuple(replace(s, event=event) if k == space else s for k, s in enumerate(side, 1))


def check_best_placement(side, event: str, space: int, landscape: str | None = None, injuries: int = 0,
                         swords: int = 0) -> Feedback:
    """Is ``space`` the best place to draw ``event`` on this side?

    The side is judged as it stands (empty spaces stay empty): each allowed
    space gets the best score of the side with ``event`` there (B16). With
    ``landscape`` (the flipped landscape card) only empty spaces of that
    landscape are allowed (B2), checked by the game itself.

    >>> side = "F:.. D:O2 F:.. M:FT F:.. D:.. M:.. F:.. D:.. M:.. F:.. D:.."
    >>> fb = check_best_placement(side, "SW", 1, landscape="F")
    >>> fb.ok
    True
    >>> check_best_placement(side, "SW", 2, landscape="F").rule
    'B2'
    """
    try:
        side = parse_side(side)
        event = event.upper()
        if event not in EVENT_NAMES:
            raise InvalidInput(f"unknown event {event!r}")
        if landscape is not None:
            from .rules import BaladaGame, BaladaState, Flip, Place, PlayerState

            if any(s.landscape is None for s in side):
                raise InvalidInput("give the side with its landscapes (F:.., D:.., M:..) to check a landscape")
            game = BaladaGame(players=1, easy=True)
            ps = PlayerState(tuple(s.landscape for s in side), tuple(s.event for s in side), swapped=True)
            filled = sum(s.event is not None for s in side)
            state = BaladaState((ps,), turn=filled + 1, cards=Flip(landscape.upper(), event), pending=((),),
                                phase="place")
            allowed = [m.space for m in game.legal_moves(state, 0) if isinstance(m, Place)]
            game.apply(state, Place(0, event, space))  # raises with the rule when not allowed
        else:
            allowed = [k for k, s in enumerate(side, 1) if s.event is None]
            if space not in allowed:
                raise IllegalMove(f"space {space} is not an empty space of the side; drawn symbols stay",
                                  rule="B2", move=f"{event}@{space}")
    except GameError as e:
        return Feedback.from_error(e)
    values = {k: best_points(tuple(s.event for s in _side_with(side, k, event)), injuries, swords) for k in allowed}
    top = max(values.values())
    best_spaces = [k for k, v in values.items() if v == top]
    name = event_name(event)
    if values[space] == top:
        others = [k for k in best_spaces if k != space]
        also = f" ({_spaces(others)} would do as well)" if others else ""
        return Feedback(True, f"Yes: with the {name} in space {space} the side scores {top} at best{also}.", "B16",
                        expected=best_spaces)
    mine = score_side(_side_with(side, space, event), injuries, swords)
    best = score_side(_side_with(side, best_spaces[0], event), injuries, swords)
    rule, why = _why_better(mine, best)
    return Feedback(False, f"Not the best: with the {name} in space {space} the side scores {values[space]} at best; "
                           f"in {_spaces(best_spaces)} it scores {top}. {why}", rule, expected=best_spaces)


def check_placement(game, state, player: int, move) -> Feedback:
    """Is ``move`` legal for ``player`` (0-based) in ``state``? The engine decides.

    ``move`` is a move object or its text, with or without the player prefix
    (``"O2@5"``, ``"p1 O2@5"``, ``"swap 3 7"``). A refusal is the engine's own
    message naming the rule.

    >>> from balada_widgets.balada import BaladaGame
    >>> g = BaladaGame(players=1, easy=True)
    >>> s = g.apply(g.initial_state(), "flip F O2")
    >>> check_placement(g, s, 0, "O2@2").message
    'You cannot draw the Obstacle 2 on space 2: space 2 is Desert but the landscape card is Forest (rule B2)'
    >>> check_placement(g, s, 0, "O2@1").ok
    True
    """
    try:
        if isinstance(move, str):
            text = move.strip()
            low = text.lower()
            if not (low.startswith("flip") or (len(low) > 1 and low[0] == "p" and low[1].isdigit() and " " in low)):
                text = f"p{player + 1} {text}"
            move = game.parse_move(text, state)
        who = getattr(move, "player", None)
        if who is not None and who != player:
            return Feedback(False, f"This move is player {who + 1}'s; the question is about player {player + 1}.")
        game.apply(state, move)
    except GameError as e:
        return Feedback.from_error(e)
    from .rules import Decide, Flip, Place, PortalMove, Swap

    if isinstance(move, Place):
        land = game.sheet_of(state, player).lands[move.space - 1]
        return Feedback(True, f"Legal: the {event_name(move.event)} goes into space {move.space}, an empty "
                              f"{LANDSCAPES[land]} space, as the landscape card asks.", "B4" if game.easy else "B2")
    if isinstance(move, Swap):
        return Feedback(True, f"Legal: spaces {move.i} and {move.j} swap their landscapes (the round's one Change "
                              f"of Landscape).", "B3")
    if isinstance(move, PortalMove):
        what = "nothing" if move.source is None else f"the event of space {move.source}"
        return Feedback(True, f"Legal: the Portal in space {move.portal} takes {what}.", "B5")
    if isinstance(move, Decide):
        return Feedback(True, f"Legal: {move.option!r} at space {move.space}.", "B16")
    if isinstance(move, Flip):  # pragma: no cover - chance's move
        return Feedback(True, "Legal: those cards can be flipped now.", "B2")
    return Feedback(True, "Legal.")  # pragma: no cover


def check_game_total(day, night, answer, injuries: int = 0, swords: int = 0) -> Feedback:
    """Is ``answer`` the final score of a day side then a night side (best choices)?

    What the hero carries out of the day walk goes into the night walk (B6);
    the final score adds the two rounds (B17).

    >>> day = "O2 O2 SW .. .. .. .. .. .. .. .. .."
    >>> night = "FT .. .. .. .. .. .. .. .. .. .. .."
    >>> check_game_total(day, night, 4).ok
    True
    >>> check_game_total(day, night, 0).misreading
    'carry-forgotten'
    """
    try:
        day, night = parse_side(day), parse_side(night)  # a map side has 12 spaces (B1)
        d = score_side(day, injuries, swords)
        n = score_side(night, d.injuries, d.swords)
    except GameError as e:
        return Feedback.from_error(e)
    total = d.points + n.points
    got = parse_number(answer)
    if got is None:
        return Feedback(False, f"Write the points as a whole number, not {answer!r}.", expected=total)
    if got == total:
        return Feedback(True, f"Right: {d.points} by day + {n.points} by night = {total}. The hero went into the "
                              f"night with {_n(d.injuries, 'injury')} and {_n(d.swords, 'sword')}.", "B17",
                        expected=total)
    fresh = score_side(night, 0, 0)
    if (d.injuries or d.swords) and got == d.points + fresh.points != total:
        m = MISREADINGS["carry-forgotten"]
        return Feedback(False, _with_rule(f"Not {got}. {m.summary} the hero ends the day with "
                                          f"{_n(d.injuries, 'injury')} and {_n(d.swords, 'sword')}, and starts the "
                                          f"night with them.",
                                          m.rule), m.rule, m.id, total)
    if got in (d.points, n.points) and got != total:
        m = MISREADINGS["one-round-only"]
        return Feedback(False, _with_rule(f"Not {got}. {m.summary} add the day's points and the night's.", m.rule),
                        m.rule, m.id, total)
    for label, side, r, inj, sw in (("day", day, d, injuries, swords), ("night", night, n, d.injuries, d.swords)):
        other = total - r.points
        found = find_misreading(side, got - other, inj, sw)
        if found:
            m, detail = found
            return Feedback(False, _with_rule(f"Not {got}. On the {label} side: {m.summary[:1].lower()}{m.summary[1:]} {detail}.", m.rule),
                            m.rule, m.id, total)
    return Feedback(False, f"Not {got}. Score the day side, note what the hero carries out of it, then score the "
                           f"night side starting with that.", None, expected=total)


def check_winner(results: Sequence[tuple[int, int]], answer) -> Feedback:
    """Who wins? ``results``: per player ``(final score, Changes of Landscape used)``.

    ``answer``: the winning player number (1-based) or several for a shared
    win (a list or a text like ``"1, 3"``). The engine's
    :meth:`~.rules.BaladaGame.winners` decides (B17).

    >>> check_winner([(30, 1), (30, 0), (25, 0)], 2).ok
    True
    >>> check_winner([(30, 1), (30, 0), (25, 0)], "1, 2").rule
    'B17'
    """
    from .rules import BaladaGame, BaladaState, PlayerState, RoundRecord

    game = BaladaGame(players=len(results))
    players = tuple(PlayerState(game.sheet.night, (None,) * 12, swaps=swaps,
                                rounds=(RoundRecord("", "", points, 0, 0),)) for points, swaps in results)
    state = BaladaState(players, round=1, pending=((),) * len(results), phase="over")
    winners = [p + 1 for p in game.winners(state)]
    if isinstance(answer, str):
        try:
            got = sorted(int(t) for t in answer.replace(",", " ").replace("and", " ").split())
        except ValueError:
            return Feedback(False, f"Write player numbers, e.g. 2 or 1, 3; not {answer!r}.", expected=winners)
    elif isinstance(answer, int):
        got = [answer]
    else:
        got = sorted(int(a) for a in answer)
    names = " and ".join(f"player {p}" for p in winners)
    if got == winners:
        return Feedback(True, f"Right: {names} {'win' if len(winners) > 1 else 'wins'}.", "B17", expected=winners)
    top = max(p for p, _ in results)
    tied = [k + 1 for k, (p, _) in enumerate(results) if p == top]
    if len(tied) > 1 and sorted(got) == tied:
        why = (f"players {', '.join(map(str, tied))} tie on points; then fewer Changes of Landscape break the "
               f"tie")
    elif len(tied) > 1 and len(winners) > 1 and len(got) == 1:
        why = "the tied players also used as many Changes of Landscape: then the win is shared"
    else:
        why = "the highest final score wins; Changes of Landscape only break a tie"
    return Feedback(False, _with_rule(f"Not quite: {why}.", "B17"), "B17", expected=winners)


# --------------------------------------------------------------------------
# The tutorial's steps
# --------------------------------------------------------------------------


STEPS: tuple[Step, ...] = (
    Step("goal", "The story and the goal", ("B1", "B17"),
         "click the four Mountains spaces of a side; say how the winner is found"),
    Step("draw", "Drawing a symbol: the landscape must match", ("B1", "B2", "P5"),
         "click a space where the flipped Sword may go; say what the others see of your choice"),
    Step("obstacle", "Obstacles, injuries and the knock-down", ("B6", "B7"),
         "count the injuries the hero carries off a path of Obstacles"),
    Step("fountain", "The Fountain turns injuries into points", ("B8",),
         "score the rule text's healing example; score a Fountain after a knock-down"),
    Step("sword", "Swords: pick them up, spend them", ("B7", "B9", "B16"),
         "decide whether the sword should be spent on an Obstacle"),
    Step("boss", "The Boss", ("B10",), "score a defeated Boss; decide whether to spend a sword before a Boss"),
    Step("tower", "The Tower", ("B7", "B11"), "score Obstacles beside Towers, with the key"),
    Step("key-chest", "The Key and the Chest", ("B13", "B14", "P3"),
         "score a Chest opened with the key; key or sword?; a Key after the Chest"),
    Step("princess", "The Princess", ("B15",), "score the rule text's Princess example; click the run she counts"),
    Step("portal", "The Portal", ("B5", "P2"), "choose what a Portal takes; which Portal acts first"),
    Step("change", "Change of Landscape", ("B3", "P4"), "click the two spaces to swap; once a round"),
    Step("walk", "The walk and your choices", ("B6", "B16", "P1", "P6"),
         "walk a full side choice by choice and match the best line"),
    Step("fish", "Fish", ("B12",), "score a side with several Fish"),
    Step("rounds", "Two rounds, the carry-over and the winner", ("B6", "B13", "B17"),
         "score day and night with the carry-over; the key stays behind; find the winner of a tie"),
    Step("easy", "The easy version", ("B4", "P7"), "what the easy version lets you draw; what it keeps"),
    Step("play", "A whole game", ("B2", "B3", "B16", "B17", "P5"),
         "click the best space for a Sword; then a game against a bot"),
)


def step_by_id(step_id: str) -> Step:
    """The :class:`Step` of this tutorial with that id.

    >>> step_by_id("princess").rules
    ('B15',)
    """
    return find_step(STEPS, step_id)


# ==========================================================================
# The lesson: every step an exercise on a board, checked by the engine
# ==========================================================================
#
# The kit (:mod:`balada_widgets.kit.lesson`) gives the tiers: the first wrong
# answer names the misreading with its rule (never the answer), the second adds
# the hint, the third or *Show me* shows the answer walked through (the trace
# of the walk, step by step). The boards are the game's own drawing
# (``drawing.sheet_svg`` / ``drawing.table_svg``, imported only when a board is drawn)
# with ``worth=False``: the printed symbols, no Boss worth, no Tower bonus, no
# highlighted target, as a player sees the sheet at the table.

#: Misreadings recognised by the lesson's choice and click exercises (the
#: number exercises use the walk replays above); added to MISREADINGS.
_LESSON_MISREADINGS = (
    ("landscape-misread", "B1", "Each space shows its landscape in its top corner: Forest, Desert or Mountains."),
    ("landscape-count", "B1", "A side has four spaces of each landscape."),
    ("wrong-landscape", "B2", "The symbol goes into a space of the landscape the card shows."),
    ("filled-space", "B2", "Only an empty space takes a symbol; what is drawn stays."),
    ("goal-night-only", "B17", "Both rounds count: the final score is the day's points plus the night's."),
    ("goal-race", "B17", "There is no race along the path: every hero walks the whole path, and points decide."),
    ("reveal-early", "P5", "Choices are revealed together, once the last player has chosen: until then the "
                           "others see your sheet as it was before the turn."),
    ("reveal-never", "P5", "Sheets are not secret for the whole round: every choice is shown to all once "
                           "everybody has chosen."),
    ("sword-endure-knockdown", "B7", "Enduring here knocks the hero down: the injuries carried in are lost with "
                                     "the new ones, while a sword spent on an Obstacle scores its value."),
    ("sword-spent-before-boss", "B10", "A Boss needs two swords at once: spend one before it and the Boss stays "
                                       "undefeated."),
    ("chest-key-adjacent", "B14", "With the key a Chest scores only the spaces strictly between the Key and the "
                                  "Chest; here few lie between them."),
    ("chest-left-closed", "B14", "A closed Chest scores nothing; the key or a sword opens it."),
    ("key-after-chest", "P3", "The hero meets the Chest before reaching the Key: a Key lying after the Chest "
                              "cannot open it."),
    ("portal-nothing", "B5", "A Portal that takes nothing scores nothing; a symbol it takes moves onto the "
                             "Portal's space, in front of what follows it."),
    ("portal-chest-first", "P3", "On space 1 the Chest would come before any Key: it could not be opened with "
                                 "the key."),
    ("portal-weaker", "B5", "That symbol does less on the Portal's space than another one would: look at what "
                            "stands right after the Portal."),
    ("portal-order", "P2", "Portals act one after another, from left to right."),
    ("portal-no-chain", "P2", "A later Portal may take a symbol an earlier Portal has just moved."),
    ("swap-misses-target", "B3", "After that swap the space you want still has another landscape: one of the two "
                                 "swapped spaces must be that space."),
    ("swap-twice", "B3", "The Change of Landscape is used at most once per round."),
    ("walk-not-best", "B16", "Another line of choices scores more."),
    ("swap-refused", "B3", "Only two empty spaces of different landscapes swap, once a round, before drawing."),
    ("placement-after-boss", "B10", "A sword drawn after the Boss comes too late: the hero meets the Boss first, "
                                    "and a Boss needs two swords."),
    ("key-carried", "B13", "The key stays on the day side: the night walk starts without it."),
    ("winner-shared", "B17", "A tie on points is broken by the Changes of Landscape: fewer wins."),
    ("winner-more-changes", "B17", "Fewer Changes of Landscape break a tie, not more."),
    ("winner-score", "B17", "The highest final score wins; the Changes of Landscape only break a tie."),
    ("easy-any-symbol", "B4", "In the easy version there is no choice of symbol: the flipped A symbol must be "
                              "drawn."),
    ("easy-no-skip", "B2", "Every turn every player draws a symbol: a turn cannot be skipped."),
    ("easy-no-change", "P7", "The easy version keeps the Change of Landscape: it is not a card."),
)
for _id, _rule, _text in _LESSON_MISREADINGS:
    MISREADINGS[_id] = Misreading(_id, _rule, _text)
del _id, _rule, _text


def _side(*events) -> str:
    """A side written event by event (codes like O2, FT, SW); the remaining spaces stay empty."""
    return " ".join(list(events) + [".."] * (12 - len(events)))


def _mis(mid: str, detail: str = "") -> Feedback:
    """The feedback naming misreading ``mid`` with its rule (never the answer)."""
    m = MISREADINGS[mid]
    summary = m.summary.rstrip(" :;,")
    text = summary + ("" if summary.endswith(".") else ".") + (f" {detail}" if detail else "")
    return Feedback(False, _with_rule(text, m.rule), m.rule, mid)


def _right(text: str, rule: str | None = None, expected=None) -> Feedback:
    return Feedback(True, f"Right: {text}", rule, expected=expected)


_VERDICT = re.compile(r"^Not -?\d+[.:]\s*")


def _lesson(fb: Feedback) -> Feedback:
    """A check's feedback for the lesson: the kit says "Not yet.", so the message drops its own "Not 8."."""
    if fb.ok:
        return fb
    msg = _VERDICT.sub("", fb.message)
    return replace(fb, message=msg[:1].upper() + msg[1:])


@dataclass(frozen=True)
class Count(Number):
    """A whole number, with or without its unit (``"2"``, ``"2 injuries"``, ``"5 points"``)."""

    def read(self, raw):
        if isinstance(raw, str):
            raw = re.sub(r"(?<=\d)\s*[^\d\s][^\d]*$", "", raw.strip())
        return super().read(raw)


@dataclass(frozen=True)
class SpacePick(Pick):
    """Click spaces of a sheet (``data-id="space-<n>"``); ``size``: exactly that many in a set, or 0."""

    size: int = 0

    def read(self, raw):
        got, problem = super().read(raw)
        if problem is None and self.size and len(got) != self.size:
            return None, f"Click exactly {self.size} spaces, then press Check."
        return got, problem


def _space(id_) -> int | None:
    if isinstance(id_, str) and id_.startswith("space-") and id_[6:].isdigit():
        return int(id_[6:])
    return None


def _spaces_of(ids) -> list[int]:
    return sorted(n for n in (_space(i) for i in ids) if n is not None)


# ---------------------------------------------------------------- drawing (the game's own, imported on use)


def _v():
    """The game's drawing (:mod:`.drawing`: pure SVG, no Solara), loaded when a board is first drawn."""
    from . import drawing

    return drawing


def _lands_of(side) -> tuple:
    from .content import load_sheet

    day = load_sheet("standard").day
    return tuple(s.landscape or land for s, land in zip(parse_side(side), day))


def _sheet(side, selected=(), **kw) -> str:
    """A side as a player sees it at the table (printed symbols only); ``selected``: ids clicked so far."""
    sp = parse_side(side)
    return _v().sheet_svg(_lands_of(side), [s.event for s in sp], picked=_spaces_of(selected), worth=False, **kw)


def _table(game, state, selected=(), line="") -> str:
    """The flipped cards above the learner's sheet (player 1), nothing highlighted."""
    ps = game.sheet_of(state, 0)
    lines = [(line or f"Turn {state.turn} of 12: the cards are turned up", "")]
    return _v().table_svg(lines, state.cards, None, False, ps.lands, ps.events, picked=_spaces_of(selected),
                          worth=False)


def _sheet_pick(prompt, check, draw, **kw) -> SpacePick:
    v = _v()
    css = kw.pop("css", v.SHEET_CSS)
    return SpacePick(prompt, check, draw=draw, css=css, defs=v.DEFS, label=kw.pop("label", "map sheet"), **kw)


def _choose(prompt, options, right, misreadings: dict, why: str, hint: str, answer: str | None = None,
            explanation: str = "", rule: str | None = None) -> Choose:
    """One of a few options: ``right`` accepted, each wrong option named by its misreading."""
    labels = dict(o if isinstance(o, tuple) else (o, str(o)) for o in options)

    def check(ans) -> Feedback:
        if ans == right:
            return _right(why, rule, expected=right)
        if ans in misreadings:
            return _mis(misreadings[ans])
        return Feedback(False, "Not that one.", None, expected=right)

    return Choose(prompt, check, options=tuple(options), hint=hint,
                  solution=Solution(answer or labels[right], explanation or why))


def _yes_no(prompt, right: bool, wrong_id: str, why: str, hint: str, rule: str | None = None) -> Choose:
    return _choose(prompt, ((True, "Yes"), (False, "No")), right, {not right: wrong_id}, why, hint, rule=rule)


def _figure(side) -> Figure:
    """The side a question is about, drawn as at the table (not clickable)."""
    v = _v()
    return Figure(lambda: _sheet(side, clickable=False), css=v.SHEET_CSS, defs=v.DEFS, label="map sheet")


def _points(prompt, side, hint, explanation="", injuries=0, swords=0, focus=None, what="points") -> Count:
    """How many points (or, ``what="injuries"``, injuries carried off) does this side give?"""
    r = score_side(side, injuries, swords)
    if what == "injuries":
        def check(n):
            return _lesson(check_injuries(side, n, injuries, swords))

        answer, unit = f"{_n(r.injuries, 'injury')}", "injuries"
    else:
        def check(n):
            return _lesson(check_score(side, n, injuries, swords, focus=focus))

        answer, unit = f"{_n(r.points, 'point')}", "points"
    return Count(prompt, check, hint=hint, unit=unit, figure=_figure(side),
                 solution=Solution(answer, explanation or "The walk, space by space:", trace=r.trace))


# ---------------------------------------------------------------- 1. goal


def _step_goal() -> LessonStep:
    side = _side()
    lands = _lands_of(side)
    mountains = frozenset(f"space-{i}" for i, land in enumerate(lands, 1) if land == "M")

    def check(picked) -> Feedback:
        picked = frozenset(picked)
        if picked == mountains:
            return _right("spaces " + ", ".join(map(str, _spaces_of(picked))) + " are the Mountains: four of "
                          "each landscape on a side.", "B1", expected=mountains)
        other = [n for n in _spaces_of(picked) if lands[n - 1] != "M"]
        if other:
            return _mis("landscape-misread", f"Space {other[0]} is {LANDSCAPES[lands[other[0] - 1]]}.")
        return _mis("landscape-count", f"You found {len(picked)}.")

    a = _sheet_pick("Here is the **day side** of the standard map sheet. **Click every Mountains space**, then "
                    "press Check.", check, lambda sel: _sheet(side, sel), mode="set",
                    hint="Read the word and the little picture in each space's top corner; there are four of each.",
                    solution=Solution("spaces " + ", ".join(map(str, _spaces_of(mountains))),
                                      "The day side runs " + ", ".join(
                                          f"{i} {LANDSCAPES[x]}" for i, x in enumerate(lands, 1)) + ".",
                                      picks=tuple(sorted(mountains, key=_space))))
    b = _choose("Two rounds later the game is over. **Who wins?**",
                (("sum", "the bard with the most points, day and night added"),
                 ("night", "the bard with the most points in the night round"),
                 ("race", "the bard whose hero reaches space 12 first")),
                "sum", {"night": "goal-night-only", "race": "goal-race"},
                "the final score is the day's points plus the night's, and the highest wins (a tie comes later).",
                "Every hero walks every space of both sides; what is written down after each walk?", rule="B17")
    text = (
        "Every player is a bard who tells the story of a hero. Your **map sheet** has two sides, **day** and "
        "**night**; each side is a path of **12 spaces**, and each space shows a landscape: **Forest**, "
        "**Desert** or **Mountains**, four of each, in a different order on the two sides (rule B1).\n\n"
        "A round fills the 12 spaces with symbols, one a turn; then the hero walks the path from space 1 to "
        "space 12 and the symbols score. Day first, then night. (On paper you would also write your hero's "
        "name on the sheet.) The cards and sheets here are the project's own design: the counts follow the "
        "rules, the mix of symbols is ours.")
    return LessonStep("goal", step_by_id("goal").title, step_by_id("goal").rules, text, (a, b))


# ---------------------------------------------------------------- 2. draw


@lru_cache(maxsize=None)
def _draw_position():
    from .rules import BaladaGame

    g = BaladaGame(players=1)
    s = g.initial_state()
    for m in ("flip M O2 BS", "p1 O2@3", "flip M SW O2"):
        s = g.apply(s, m)
    return g, s


def _place_check(game, state, event: str, right_note: str) -> Callable[[Any], Feedback]:
    """Drawing ``event`` on the clicked space: the engine decides; its refusal, in words, is the feedback."""
    from .rules import Place

    def check(id_) -> Feedback:
        n = _space(id_)
        try:
            game.apply(state, Place(0, event, n))
        except GameError as e:
            ps = game.sheet_of(state, 0)
            mid = "filled-space" if ps.events[n - 1] is not None else "wrong-landscape"
            return Feedback(False, str(e), e.rule, mid)
        return _right(f"space {n} is an empty {LANDSCAPES[game.sheet_of(state, 0).lands[n - 1]]} space. "
                      f"{right_note}", "B2")

    return check


def _legal_spaces(game, state, event) -> list[int]:
    return sorted({m.space for m in game.legal_moves(state, 0) if getattr(m, "event", None) == event})


def _step_draw() -> LessonStep:
    g, s = _draw_position()
    legal = _legal_spaces(g, s, "SW")
    a = _sheet_pick("The cards show **Mountains**, a **Sword** (A) and an **Obstacle 2** (B). **Click a space "
                    "where you may draw the Sword.**", _place_check(g, s, "SW", "Either symbol could go there."),
                    lambda sel: _table(g, s, sel, "Turn 2 of 12"),
                    css=_v().TABLE_CSS, label="the cards and your map sheet",
                    hint="Match the landscape card, and look for a space with nothing drawn in it yet.",
                    solution=Solution(", ".join(f"space {n}" for n in legal),
                                      "The landscape card says Mountains. Mountains spaces: "
                                      + ", ".join(str(i) for i, x in enumerate(g.sheet_of(s, 0).lands, 1) if x == "M")
                                      + "; space 3 already holds the Obstacle 2 from the first turn, and what is "
                                        "drawn stays.", picks=tuple(f"space-{n}" for n in legal)))
    b = _choose("You play with Bo. You have drawn your symbol this turn; Bo is still choosing. **What does Bo see "
                "of your sheet now?**",
                (("before", "your sheet as it was before this turn"), ("new", "your sheet with the new symbol"),
                 ("nothing", "nothing: sheets stay hidden until the round ends")),
                "before", {"new": "reveal-early", "nothing": "reveal-never"},
                "choices are revealed together once the last player has chosen (ruling P5).",
                "Think of everybody writing at the same time, each hiding the pen.", rule="P5")
    text = (
        "Each turn three cards are turned up: a **landscape** card and one card of each event deck, **A** and "
        "**B**. Every player picks **one** of the two symbols and draws it into an **empty** space of the "
        "landscape the card shows (rule B2). Four cards of each landscape, four spaces of each (B1): such a "
        "space always exists. What is drawn stays: no erasing.\n\n"
        "Deck B holds more cards than there are turns, so some B symbols never show up in a round. Players "
        "choose at the same time; at the table one player turns the cards, here the computer does, from a "
        "seed. On your sheet the first turn's Obstacle 2 is already drawn.")
    return LessonStep("draw", step_by_id("draw").title, step_by_id("draw").rules, text, (a, b))


# ---------------------------------------------------------------- 3. obstacle

OBSTACLES = _side("O2", "O1", "O3", "..", "O2")


def _step_obstacle() -> LessonStep:
    a = _points("How many **injuries** does the hero carry **off this side**, after space 12?", OBSTACLES,
                "Keep a running count; the moment it reaches 6 the hero falls, and the count starts again at 0.",
                "The hero takes 2, then 1 (3 in all), then 3 more: 6, a knock-down, back to 0; then 2 more.",
                what="injuries")
    text = (
        "When the 12 spaces are full, the hero walks from space 1 to space 12 and meets every symbol in turn, "
        "keeping count of **injuries** (later also of swords and the key) (rule B6).\n\n"
        "An **Obstacle** hurts: the hero takes as many injuries as its number (B7), and they pile up. At **6 or "
        "more** the hero is **knocked down**: the injuries are crossed out, never to score, and the hero gets "
        "up with none and walks on. Injuries the hero still carries at the end go on into the night round.")
    return LessonStep("obstacle", step_by_id("obstacle").title, step_by_id("obstacle").rules, text, (a,))


# ---------------------------------------------------------------- 4. fountain

HEAL = _side("O3", "O2", "FT")
LOST = _side("O3", "O3", "FT")


def _step_fountain() -> LessonStep:
    a = _points("The hero takes 3 injuries, then 2 more, then finds a Fountain. **How many points does this side "
                "score?**", HEAL, "Count the injuries the hero holds when reaching the Fountain.", focus="B8")
    b = _points("Same idea, a little harder. **How many points does this side score?**", LOST,
                "What happens the moment the injuries reach 6?", focus="B8")
    text = (
        "At a **Fountain** the hero is healed completely, and every injury healed is worth **1 point** (rule B8). "
        "The hero never holds 6 injuries (the knock-down comes first), so a Fountain gives at most 5; injuries "
        "crossed out by a knock-down can no longer be healed.")
    return LessonStep("fountain", step_by_id("fountain").title, step_by_id("fountain").rules, text, (a, b))


# ---------------------------------------------------------------- 5. sword

SWORD = _side("SW", "O3")


def _step_sword() -> LessonStep:
    expl = check_best_choice(SWORD, 2, "sword", injuries=4).message
    a = _choose("The hero starts this side with **4 injuries**, picks up the Sword on space 1 and meets the "
                "Obstacle 3 on space 2. **Spend the sword, or endure the Obstacle?**",
                (("sword", "spend the sword"), ("endure", "endure the injuries")), "sword",
                {"endure": "sword-endure-knockdown"},
                "4 + 3 would reach 6 and knock the hero down; the sword destroys the Obstacle for its 3 points.",
                "Add the injuries the Obstacle would bring to the 4 the hero already has.",
                explanation=expl, rule="B7")
    a = replace(a, figure=_figure(SWORD))
    text = (
        "A **Sword** space gives the hero one sword (rule B9). Swords are kept until used, even into the night "
        "round. Meeting an Obstacle with a sword in hand, you may **spend the sword**: the Obstacle is "
        "destroyed, no injury, and you score its value (B7). Or keep the sword and take the injuries. The "
        "choice is yours (B16), and the best one depends on what comes next.")
    return LessonStep("sword", step_by_id("sword").title, step_by_id("sword").rules, text, (a,))


# ---------------------------------------------------------------- 6. boss

BOSS = _side("SW", "..", "SW", "..", "BS")
SAVE = _side("SW", "SW", "O3", "BS")


def _step_boss() -> LessonStep:
    a = _points("**How many points does this side score?**", BOSS,
                "Count the spaces from the Boss to space 12, the Boss's own space included.", focus="B10")
    b = _choose("Two Swords, then an Obstacle 3 on space 3, then a Boss. **At space 3, spend a sword on the "
                "Obstacle?**", (("sword", "spend a sword"), ("endure", "endure the injuries")), "endure",
                {"sword": "sword-spent-before-boss"},
                "keep both swords: the Boss on space 4 is worth 9, the Obstacle only 3.",
                "What does the Boss on space 4 need, and what is it worth?",
                explanation=check_best_choice(SAVE, 3, "endure").message, rule="B10")
    b = replace(b, figure=_figure(SAVE))
    text = (
        "A **Boss** is beaten only with **two swords** at once, both spent (rule B10). Its worth depends on where "
        "it stands: count the spaces from the Boss to the end of the path, its own space included. A Boss on "
        "space 12 is worth 1, a Boss on space 1 is worth 12. You may also leave a Boss alone (with fewer than "
        "two swords you must): it then scores nothing.")
    return LessonStep("boss", step_by_id("boss").title, step_by_id("boss").rules, text, (a, b))


# ---------------------------------------------------------------- 7. tower

TOWER = _side("KY", "O2", "TW", "O1", "FT", "TW")


def _step_tower() -> LessonStep:
    a = _points("**How many points does this side score?**", TOWER,
                "Work out each Obstacle with the Towers beside it first, then walk: the Key comes before both "
                "Towers.", focus=("B7", "B11"))
    text = (
        "A **Tower** makes its neighbours harder: an Obstacle on the space just before or just after it counts "
        "**1 more** (rule B7), for injuries and for points alike; between two Towers, 2 more.\n\n"
        "A Tower also pays **2 points** if the hero already holds the **key** when passing it (B11). The key is "
        "not used up, so every later Tower pays too. (More on the Key in the next step.)")
    return LessonStep("tower", step_by_id("tower").title, step_by_id("tower").rules, text, (a,))


# ---------------------------------------------------------------- 8. key and chest

CHEST = _side("KY", "O1", "..", "..", "..", "CH", "FT")
NEAR = _side("KY", "SW", "CH")
LATE_KEY = _side("SW", "CH", "..", "KY")


def _step_key_chest() -> LessonStep:
    a = _points("**How many points does this side score?**", CHEST,
                "Count the spaces strictly between the Key and the Chest: neither of the two counts.", focus="B14")
    b = _choose("The Key lies right before a Sword, and the Chest right after it. **How should the hero open the "
                "Chest?**", (("key", "with the key"), ("sword", "with the sword"), ("leave", "leave it closed")),
                "sword", {"key": "chest-key-adjacent", "leave": "chest-left-closed"},
                "with the key it would score 1 (one space between), with the sword 3.",
                "Count the spaces between the Key and the Chest, and compare with what a sword gives.",
                explanation=check_best_choice(NEAR, 3, "sword").message, rule="B14")
    b = replace(b, figure=_figure(NEAR))
    c = _yes_no("Here the **Key lies after the Chest**. **May the hero open the Chest with the key?**", False,
                "key-after-chest", "the hero reaches the Chest before the Key, so only the sword can open it "
                "(ruling P3).", "In which order does the hero meet the Chest and the Key?", rule="P3")
    c = replace(c, figure=_figure(LATE_KEY))
    text = (
        "Walking over a **Key**, the hero picks it up and holds it until the end of this round (rule B13); it "
        "does not travel to the night side.\n\n"
        "A **Chest** opens one of two ways, never both (B14): with the **key**, it scores the number of spaces "
        "strictly **between** the Key and the Chest (neither counts, so 10 at most; with several Keys before "
        "it, count from the first); or with a **sword**, 3 points, the sword spent. Or leave it closed.")
    return LessonStep("key-chest", step_by_id("key-chest").title, step_by_id("key-chest").rules, text, (a, b, c))


# ---------------------------------------------------------------- 9. princess

PRINCESS = _side("FT", "TW", "O2", "BS", "PR")
RUN = _side("FT", "BS", "O1", "TW", "O2", "PR")


def _princess_run(side, injuries=0, swords=0) -> frozenset:
    """The spaces whose Dangers the first Princess counts, read off the engine's walk (best choices).

    A Danger: an Obstacle got past without a knock-down, a defeated Boss, a Tower (B15); the run is the
    unbroken line of them right before her. (A test checks that their values add up to the engine's points.)
    """
    r = score_side(side, injuries, swords)
    layout = Layout.of(r.events)
    decisions = dict(r.choices.decisions)
    hero, danger = Hero(injuries, swords, 0), []
    for i in range(r.events.index("PR")):
        opts = options_at(layout, i, hero)
        option = decisions.get(i + 1) if len(opts) > 1 else opts[0]
        after, st = _walk_one(layout, i, hero, option)
        ctx = _Ctx(layout, i, option, hero, after, st.points)
        ev = r.events[i]
        danger.append(ev == "TW" or (ev == "BS" and option == "fight")
                      or (is_obstacle(ev) and not ctx.knocked_down))
        hero = ctx.after
    run = []
    for n in range(len(danger), 0, -1):
        if not danger[n - 1]:
            break
        run.append(n)
    return frozenset(f"space-{n}" for n in run)


def _step_princess() -> LessonStep:
    a = _points("The hero starts this side with **2 swords**. **How many points does it score in all?**",
                PRINCESS, "Score the Boss first (two swords beat it), then add up the Dangers right before the "
                          "Princess, back to the first thing that is no Danger.", swords=2, focus="B15")
    run = _princess_run(RUN)
    r = score_side(RUN)

    def check(picked) -> Feedback:
        picked = frozenset(picked)
        if picked == run:
            return _right("spaces " + ", ".join(map(str, _spaces_of(run))) + ": an Obstacle, the Tower, an "
                          "Obstacle; the Boss, left standing, ends the run.", "B15", expected=run)
        extra = _spaces_of(picked - run)
        if 2 in extra:
            return _mis("princess-undefeated-boss", "The hero has no sword for the Boss on space 2.")
        if extra:
            return _mis("princess-whole-path")
        if "space-4" in run - picked:
            return _mis("princess-tower-breaks")
        return Feedback(False, "Some Dangers of the run are missing: go back from the Princess space by space.",
                        "B15")

    b = _sheet_pick("The hero starts with no sword. **Click every space whose Danger the Princess counts.**",
                    check, lambda sel: _sheet(RUN, sel), mode="set",
                    hint="Start at the Princess and go backwards; stop at the first space that is no Danger.",
                    solution=Solution("spaces " + ", ".join(map(str, _spaces_of(run))),
                                      "The walk, space by space (the Princess's line names her run):",
                                      trace=r.trace, picks=tuple(sorted(run, key=_space))))
    text = (
        "The **Princess** rewards a brave approach: she is worth the sum of the **Dangers** lined up right "
        "before her, without a gap (rule B15). Dangers are: an Obstacle the hero got past without a knock-down "
        "(at its value with the Towers' bonus, endured or beaten with a sword alike); a **beaten** Boss, at its "
        "value; a **Tower**, worth 0, which does not break the line.\n\n"
        "Anything else breaks it: an empty space, any other symbol, a Boss left standing, an Obstacle that "
        "knocked the hero down, or the start of the path.")
    return LessonStep("princess", step_by_id("princess").title, step_by_id("princess").rules, text, (a, b))


# ---------------------------------------------------------------- 10. portal

PORTAL = _side("PT", "TW", "O2", "FT", "KY", "..", "CH")


def _step_portal() -> LessonStep:
    events = [s.event for s in parse_side(PORTAL)]
    sources = [i for i, e in enumerate(events, 1) if e and e != "PT"]
    best = score_side(PORTAL).choices.portals[0][1]
    opts = [("-", "nothing")] + [(str(i), f"the {event_name(events[i - 1])} of space {i}") for i in sources]
    mis = {"-": "portal-nothing"}
    for i in sources:
        if i == best:
            continue
        mis[str(i)] = "portal-chest-first" if events[i - 1] == "CH" else "portal-weaker"

    def explain() -> str:
        return check_best_choice(PORTAL, 1, str(best)).message

    a = _choose("**What should the Portal on space 1 take?**", opts, str(best), mis,
                f"with the {event_name(events[best - 1])} on space 1, the Tower on space 2 pays 2 and the Chest "
                f"opens with the key.", "What would make the Tower right after the Portal pay?",
                explanation=explain(), rule="B5")
    a = replace(a, figure=_figure(PORTAL))
    b = _choose("A side has **Portals on spaces 2 and 9**. **Which one acts first?**",
                (("2", "the Portal on space 2"), ("9", "the Portal on space 9"), ("both", "both at the same time")),
                "2", {"9": "portal-order", "both": "portal-order"}, "Portals act from left to right (ruling P2).",
                "Which way does the hero walk?", rule="P2")
    c = _yes_no("The Portal on space 2 has just taken a Fish. **May the Portal on space 9 take that Fish next?**",
                True, "portal-no-chain", "a later Portal may move on what an earlier one received (ruling P2).",
                "Once on space 2, the Fish is a symbol like any other.", rule="P2")
    text = (
        "A **Portal** acts before the walk starts (rule B5). Each Portal may pull **one symbol** from any other "
        "space onto its own space; the symbol leaves its old space, which becomes empty. A Portal never moves "
        "another Portal, and using it is up to you. A Portal that takes nothing stays a Portal: it scores "
        "nothing and breaks the Princess's line like an empty space.")
    return LessonStep("portal", step_by_id("portal").title, step_by_id("portal").rules, text, (a, b, c))


# ---------------------------------------------------------------- 11. change of landscape


@lru_cache(maxsize=None)
def _change_position():
    from .rules import BaladaGame

    g = BaladaGame(players=1)
    s = g.initial_state()
    for m in ("flip M O2 BS", "p1 O2@3", "flip F SW TW"):
        s = g.apply(s, m)
    return g, s


def _step_change() -> LessonStep:
    from .rules import Place, Swap

    g, s = _change_position()
    lands = g.sheet_of(s, 0).lands
    want = 2

    def check(picked) -> Feedback:
        i, j = _spaces_of(picked)
        try:
            after = g.apply(s, Swap(0, i, j))
        except GameError as e:
            return Feedback(False, str(e), e.rule, "swap-refused")
        if Place(0, "SW", want) not in g.legal_moves(after, 0):
            return _mis("swap-misses-target", f"Space {want} would be {LANDSCAPES[g.sheet_of(after, 0).lands[want - 1]]}.")
        return _right(f"spaces {i} and {j} swap their landscapes: space {want} becomes Forest, and the Sword may "
                      f"go there.", "B3")

    forest = [n for n, x in enumerate(lands, 1) if x == "F" and g.sheet_of(s, 0).events[n - 1] is None]
    a = _sheet_pick(f"The cards show **Forest**, a **Sword** and a **Tower**. You want the Sword on **space {want}** "
                    f"(Desert), right before your Obstacle. **Click the two spaces whose landscapes you swap.**",
                    check, lambda sel: _table(g, s, sel, "Turn 2 of 12"),
                    mode="set", size=2, css=_v().TABLE_CSS, label="the cards and your map sheet",
                    hint=f"One of the two must be space {want}; the other an empty space of the landscape you "
                         f"need.",
                    solution=Solution(f"space {want} and any empty Forest space ({', '.join(map(str, forest))})",
                                      "Two empty spaces of different landscapes swap; after the swap space 2 is "
                                      "Forest.", picks=(f"space-{forest[0]}", f"space-{want}")))
    b = _yes_no("Later in the same round the cards send a Boss where you don't want it. **May you swap two more "
                "landscapes?**", False, "swap-twice", "the Change of Landscape is once per round (rule B3); the "
                "night round gives a new one.", "How often may you use it?", rule="B3")
    text = (
        "Sometimes the landscape card sends your symbol where you don't want it. Once per round, at the start of "
        "a turn and **before drawing**, you may **swap the landscapes of two empty spaces** (rule B3). It counts "
        "at the end: in a tie, the player who used it less often wins (B17). Two spaces of the same landscape "
        "would change nothing, so that swap is refused rather than wasted (ruling P4).\n\n"
        "Your Obstacle 2 stands on space 3 (Mountains) from the first turn.")
    return LessonStep("change", step_by_id("change").title, step_by_id("change").rules, text, (a, b))


# ---------------------------------------------------------------- 12. the walk, choice by choice

WALK = "F:SW D:O2 M:BS F:CH D:KY M:TW F:O3 D:PR M:FT F:FI D:PT M:SW"


@lru_cache(maxsize=None)
def _walk_start():
    """A one-round game at its scoring walk, with the side ``WALK`` drawn (the engine asks the decisions, P6)."""
    from .rules import BaladaGame, BaladaState, PlayerState

    g = BaladaGame(players=1, easy=True)
    side = parse_side(WALK)
    ps = PlayerState(tuple(s.landscape for s in side), tuple(s.event for s in side))
    state = BaladaState((ps,), turn=12, pending=((),), phase="place")
    return g, g._start_scoring(state)


def _walk_id(m) -> str:
    from .rules import PortalMove

    if isinstance(m, PortalMove):
        return f"portal-{m.portal}-{'none' if m.source is None else m.source}"
    return f"choice-{m.space}-{m.option}"


def _walk_replay(sel) -> tuple:
    """``(game, state, moves played)`` after the learner's clicks (``back`` takes the last choice back)."""
    g, state = _walk_start()
    ids: list = []
    for id_ in sel:
        if id_ == "back":
            ids = ids[:-1]
        else:
            ids.append(id_)
    played = []
    for id_ in ids:
        if g.is_over(state):
            break
        moves = {_walk_id(m): m for m in g.legal_moves(state, 0)}
        if id_ not in moves:
            continue  # a click on a choice no longer offered
        played.append(moves[id_])
        state = g.apply(state, moves[id_])
    return g, state, played


def _walk_points(state) -> int:
    ps = state.players[0]
    return ps.rounds[0].points if ps.rounds else ps.walk.points


@lru_cache(maxsize=None)
def _walk_best_ids() -> tuple:
    """The clicks of the best line (the advice, B16 and P1), as the engine asks the decisions."""
    best = score_side(WALK).choices
    portals, decisions = dict(best.portals), best.decisions
    g, state = _walk_start()
    out = []
    while not g.is_over(state):
        moves = g.legal_moves(state, 0)
        pick = None
        for m in moves:
            if hasattr(m, "portal") and m.source == portals.get(m.portal, -1):
                pick = m
            elif hasattr(m, "option") and m.option == decisions.get(m.space):
                pick = m
        pick = pick or moves[0]
        out.append(_walk_id(pick))
        state = g.apply(state, pick)
    return tuple(out)


def _walk_draw(sel) -> str:
    """The side, the hero at the decision, what the hero carries, and the choices as buttons under the sheet."""
    from ..kit.svg import group, rect, svg, text

    v = _v()
    g, state, played = _walk_replay(sel)
    ps = state.players[0]
    over = g.is_over(state)
    w = ps.walk
    if over:
        events = list(score_side(WALK, choices=ps.rounds[0].choices).events)
        lines = [f"The walk is over: your line scores {_n(_walk_points(state), 'point')}. Press Check."]
        hero, portal = None, None
        moves = []
    else:
        portal = w.portals_left[0] if w.portals_left else None
        hero = None if portal else w.pos + 1
        h = w.hero
        key = "yes" if (not portal and Layout.of(w.events).first_key is not None
                        and Layout.of(w.events).first_key < w.pos) else "no"
        lines = [f"Points so far: {w.points} · injuries: {h.injuries} · swords: {h.swords} · key: {key}",
                 (f"Before the walk: what does the Portal on space {portal} take?" if portal else
                  f"The hero is at space {w.pos + 1}: what do you do?")]
        moves = g.legal_moves(state, 0)
        events = w.events
    top = v.SHEET_H
    out = [group(v.sheet_parts(ps.lands, events, picked=(), portal=portal, hero=hero, worth=False,
                               clickable=False))]
    y = top + 18
    for line in lines:
        out.append(text(14, y, line, font_size=13.5, fill="#333", font_weight="600"))
        y += 20
    x, row_h = 14, 30
    for m in moves:
        label = g.describe_move(state, m, viewer=0)
        label = label[4:] if label.startswith("You ") else label
        label = re.sub(r"^Your Portal on space \d+ takes ", "take ", label)
        label = label[:1].upper() + label[1:]
        width = 18 + 6.6 * len(label)
        if x + width > v.SHEET_W - 10:
            x, y = 14, y + row_h + 6
        out.append(group([rect(0, 0, width, row_h, rx=15, fill="#eef3fb", stroke="#1e6fd9", stroke_width=1.5,
                               class_="bg"),
                          text(width / 2, 19.5, label, font_size=12.5, fill="#12407a", text_anchor="middle")],
                         transform=f"translate({x},{y})", class_="choice", data_id=_walk_id(m), role="button",
                         aria_label=label))
        x += width + 8
    height = y + row_h + 12
    return svg(out, v.SHEET_W, height, class_="balada-sheet balada-walk", role="img",
               aria_label="the walk: your map sheet and the choices", font_family=v.FONT)


@dataclass(frozen=True)
class WalkPick(Pick):
    """The walk clicked choice by choice; an unfinished walk is not counted as a try."""

    def read(self, raw):
        got, problem = super().read(raw)
        if problem is None and not _walk_replay(got)[0].is_over(_walk_replay(got)[1]):
            return None, "Walk on to the end of the path (make every choice), then press Check."
        return got, problem


def _step_walk() -> LessonStep:
    best = score_side(WALK)

    def check(seq) -> Feedback:
        g, state, played = _walk_replay(seq)
        mine = _walk_points(state)
        if mine == best.points:
            return _right(f"your line scores {_n(mine, 'point')}, as much as the best line.", "B16",
                          expected=best.points)
        ids = _walk_best_ids()
        at = next((k for k, (a, b) in enumerate(zip(map(_walk_id, played), ids)) if a != b), None)
        rule = "B16"
        where = ""
        if at is not None:
            m = played[at]
            where = (f"The best line parts from yours at the Portal on space {m.portal}." if hasattr(m, "portal")
                     else f"The best line parts from yours at space {m.space}.")
            ev = best.side[(m.portal if hasattr(m, "portal") else m.space) - 1].event
            rule = {"BS": "B10", "CH": "B14", "PT": "B5"}.get(ev, "B7" if is_obstacle(ev) else "B16")
        return Feedback(False, _with_rule(f"Your line scores {_n(mine, 'point')}. "
                                          f"{MISREADINGS['walk-not-best'].summary} {where}".strip(), rule),
                        rule, "walk-not-best", best.points)

    a = WalkPick("**Walk this side.** Choose for the Portal first, then for the hero at every space that asks "
                 "(click a choice under the sheet; *Take back* undoes the last one). Can you match the best line?",
                 check, draw=_walk_draw, mode="sequence", buttons=(("back", "Take back"),),
                 css=_v().SHEET_CSS + ".balada-walk .choice { cursor: pointer; } "
                                      ".balada-walk .choice:hover .bg { fill: #dce6f5; }",
                 defs=_v().DEFS, label="the walk",
                 hint="Think ahead before the Portal: what could stand on space 11, and what could open it? A "
                      "Boss needs two swords; an Obstacle beside a Tower hurts more.",
                 solution=lambda: Solution(f"{_n(best.points, 'point')}: {choices_in_words(best.choices)}",
                                           "The best line, space by space (when two choices score the same the "
                                           "advice keeps more swords, then fewer injuries: ruling P1):",
                                           trace=best.trace, picks=_walk_best_ids()))
    text = (
        "Now the whole scoring, in order: **Portals** first, left to right (rules B5, P2); then the hero walks "
        "from space 1 to space 12 (B6), carrying injuries and swords (from the day too, at night) and, once "
        "found, the key. At every Obstacle, Boss and Chest **you** choose (B16): sword or endure; fight or let "
        "the Boss be; key, sword or leave the Chest.\n\n"
        "In a game the walk is played as moves, one per real decision; spaces with nothing to decide are walked "
        "for you (ruling P6). The game can work out the best choices and show them as **advice**; you may "
        "choose otherwise.")
    return LessonStep("walk", step_by_id("walk").title, step_by_id("walk").rules, text, (a,))


# ---------------------------------------------------------------- 13. fish

FISH = _side("FI", "O2", "FI", "FT", "FI")


def _step_fish() -> LessonStep:
    a = _points("**How many points does this side score?**", FISH,
                "Walk the path for the Obstacle and the Fountain, then count the Fish and square their number.",
                focus="B12")
    text = (
        "**Fish** do nothing during the walk. They are counted once the round is over, wherever they are, and "
        "their number is **squared** (rule B12): 1 Fish is worth 1, 2 Fish 4, 3 Fish 9, and so on.")
    return LessonStep("fish", step_by_id("fish").title, step_by_id("fish").rules, text, (a,))


# ---------------------------------------------------------------- 14. two rounds

DAY, NIGHT = _side("O2", "O2", "SW"), _side("FT", "O1")
RESULTS = ((41, 1), (41, 0), (38, 0))  # (final score, Changes of Landscape used) of players 1, 2, 3
DAY_KEY, NIGHT_TOWER = _side("KY", "FI"), _side("TW", "FI")


def _figure_two(day, night) -> Figure:
    v = _v()

    def draw():
        from ..kit.svg import group, svg, text

        parts = [text(14, 18, "day side", font_size=14, font_weight="700", fill="#7a6a48"),
                 group(v.sheet_parts(_lands_of(day), [s.event for s in parse_side(day)], worth=False,
                                     clickable=False), transform="translate(0,24)"),
                 text(14, 42 + v.SHEET_H, "night side", font_size=14, font_weight="700", fill="#7a6a48"),
                 group(v.sheet_parts(load_night(), [s.event for s in parse_side(night)], worth=False,
                                     clickable=False), transform=f"translate(0,{48 + v.SHEET_H})")]
        return svg(parts, v.SHEET_W, 2 * v.SHEET_H + 52, class_="balada-sheet", role="img",
                   aria_label="the day side and the night side", font_family=v.FONT)

    return Figure(draw, css=v.SHEET_CSS, defs=v.DEFS, label="the day side and the night side")


def load_night() -> tuple:
    from .content import load_sheet

    return load_sheet("standard").night


def _step_rounds() -> LessonStep:
    d = score_side(DAY)
    n = score_side(NIGHT, d.injuries, d.swords)
    a = Count("**What is this hero's final score** (the best choices, day then night)?",
              lambda got: _lesson(check_game_total(DAY, NIGHT, got)), unit="points",
              hint="Score the day; note the injuries and swords the hero carries out of it; start the night "
                   "with them.", figure=_figure_two(DAY, NIGHT),
              solution=Solution(_n(d.points + n.points, "point"),
                                f"By day {_n(d.points, 'point')}; the hero leaves the day with "
                                f"{_n(d.injuries, 'injury')} and {_n(d.swords, 'sword')}, and the night walk "
                                f"starts with them: {_n(n.points, 'point')} by night.",
                                trace=list(d.trace) + [replace(s, where=f"night {s.where}") for s in n.trace]))
    b = _choose("Three bards finish with **41** (1 Change of Landscape used), **41** (none) and **38** (none). "
                "**Who wins?**", (("1", "player 1"), ("2", "player 2"), ("3", "player 3"),
                                  ("12", "players 1 and 2 share the win")),
                "2", {"12": "winner-shared", "1": "winner-more-changes", "3": "winner-score"},
                "players 1 and 2 tie on 41; player 2 used fewer Changes of Landscape.",
                "A tie on points is not the end of the story.", rule="B17")
    c = _yes_no("By day the hero picked up a **Key**. The night side starts with a **Tower**. **Does that Tower "
                "pay its 2 points?**", False, "key-carried", "the key stays behind on the day side (rule B13).",
                "What does the hero carry from the day into the night?", rule="B13")
    c = replace(c, figure=_figure_two(DAY_KEY, NIGHT_TOWER))
    text = (
        "After the day walk is scored, the sheet is turned over to the night side, the decks are shuffled and "
        "12 more turns are played. The hero keeps the **injuries** not yet healed and the **swords** not yet "
        "spent (rule B6); the **key** stays behind on the day side (B13).\n\n"
        "The final score is day + night (B17). In a tie, the bard who used the Change of Landscape fewer times "
        "wins; still level, they share the win.")
    return LessonStep("rounds", step_by_id("rounds").title, step_by_id("rounds").rules, text, (a, b, c))


# ---------------------------------------------------------------- 15. easy version


def _step_easy() -> LessonStep:
    a = _choose("Easy version: the cards show **Forest** and an **Obstacle 2**. **What do you draw?**",
                (("O2", "the Obstacle 2, on a Forest space"), ("any", "any symbol of deck A, on a Forest space"),
                 ("skip", "nothing: I may skip the turn")), "O2",
                {"any": "easy-any-symbol", "skip": "easy-no-skip"},
                "in the easy version the flipped A symbol must be drawn (rule B4).",
                "How many event cards are turned up in the easy version?", rule="B4")
    b = _yes_no("**Does the easy version keep the Change of Landscape?**", True, "easy-no-change",
                "it is not a card: the easy version only leaves out deck B and the night side (ruling P7).",
                "What exactly does the easy version leave out?", rule="P7")
    text = (
        "For a first game, or with children: use **deck A only** (the gentle symbols: small Obstacles, "
        "Fountains, Swords, Fish, the Key and the Chest), play the **day side only**, a **single round**, and "
        "each turn turn up just a landscape card and one A card (rule B4). The A symbol is then the turn's only "
        "symbol.")
    return LessonStep("easy", step_by_id("easy").title, step_by_id("easy").rules, text, (a, b))


# ---------------------------------------------------------------- 16. a whole game

PLACE = "F:SW D:O2 F:.. M:BS F:.. D:FT M:.. F:.. D:.. M:.. F:.. D:.."


@lru_cache(maxsize=None)
def _place_position():
    from .rules import BaladaGame, BaladaState, Flip, PlayerState

    g = BaladaGame(players=1)
    side = parse_side(PLACE)
    ps = PlayerState(tuple(s.landscape for s in side), tuple(s.event for s in side), swapped=True, swaps=1)
    filled = sum(s.event is not None for s in side)
    return g, BaladaState((ps,), turn=filled + 1, cards=Flip("F", "SW", "FI"), pending=((),), phase="place")


def _step_play() -> LessonStep:
    g, s = _place_position()

    def check(id_) -> Feedback:
        n = _space(id_)
        fb = check_best_placement(PLACE, "SW", n, landscape="F")
        if fb.ok:
            return fb
        if fb.rule in ("B2", "B3", "B4"):
            return fb  # the engine's refusal: not a Forest space, or not empty
        boss = [i for i, sp in enumerate(parse_side(PLACE), 1) if sp.event == "BS"][0]
        if n > boss:
            return _mis("placement-after-boss")
        return Feedback(False, "With the Sword there the side can score less than with it elsewhere.", "B16")

    best = check_best_placement(PLACE, "SW", 3, landscape="F").expected
    a = _sheet_pick("A game of your own is under way: your sheet, and the cards **Forest**, a **Sword** (A) and a "
                    "**Fish** (B). You take the Sword. **Click the best space for it.**", check,
                    lambda sel: _table(g, s, sel, "Turn 6 of 12"),
                    css=_v().TABLE_CSS, label="the cards and your map sheet",
                    hint="The Sword may go on any empty Forest space; which one lets the hero reach the Boss with "
                         "two swords?",
                    solution=Solution(", ".join(f"space {k}" for k in best),
                                      check_best_placement(PLACE, "SW", 5, landscape="F").message
                                      .replace("Not the best: ", "").strip(),
                                      picks=tuple(f"space-{k}" for k in best)))
    text = (
        "You know every rule now. In a real game you choose where each symbol goes with the walk in mind: the "
        "best space is the one that lets the side score the most later (rule B16), and the live game's **What "
        "is best?** button asks the same question.\n\n"
        "After this step, the notebook's next cell is a game against a bot: click a card to pick the symbol, "
        "click a space to draw it (a refused click tells you the rule), and make the walk's choices at the end.")
    return LessonStep("play", step_by_id("play").title, step_by_id("play").rules, text, (a,))


# ---------------------------------------------------------------- the lesson and the notebook face

_BUILDERS = {"goal": _step_goal, "draw": _step_draw, "obstacle": _step_obstacle, "fountain": _step_fountain,
             "sword": _step_sword, "boss": _step_boss, "tower": _step_tower, "key-chest": _step_key_chest,
             "princess": _step_princess, "portal": _step_portal, "change": _step_change, "walk": _step_walk,
             "fish": _step_fish, "rounds": _step_rounds, "easy": _step_easy, "play": _step_play}


@lru_cache(maxsize=None)
def lesson() -> Lesson:
    """The tutorial as a :class:`~balada_widgets.kit.lesson.Lesson` (built once, on first use).

    Built once and shared by every learner (every page of the app): immutable data, its positions and
    its caches (``lru_cache`` above: positions, the last step's game as a function of the clicks) are the
    same for everybody. What one learner does lives in their own tutorial (its progress, and
    :func:`~balada_widgets.kit.lesson.learner_store`), never here.
    """
    return Lesson("Balada", tuple(_BUILDERS[s.id]() for s in STEPS))


_FACE = NotebookFace(lesson, [s.id for s in STEPS],
                     lambda: f"no such step in the Balada tutorial; the steps are {', '.join(s.id for s in STEPS)}")


def tutorial():
    """The notebook face of the lesson (one per kernel, so every cell shares the progress)."""
    return _FACE.tutorial()


def step(step_id: str | None = None):
    """Show step ``step_id`` of the tutorial (the last expression of a notebook cell): ``step("boss")``.

    :raises InvalidInput: no step has that id (the message lists them).
    """
    return _FACE.step(step_id)
