"""Tutorial checks for Balada: is the learner's answer right, and if not, which rule was missed?

Pure Python (no UI import). Every check returns a :class:`Feedback` whose
``message`` is written for the learner and whose ``rule`` names the rule the
answer rests on (``"B7"``...), so a notebook or the Solara ``Exercise``
component can show it as it is.

The checks never re-derive a rule: the right answer comes from the engine
(:func:`~.scoring.score_side`, the optimiser, :meth:`~.rules.BaladaGame.apply`,
:meth:`~.rules.BaladaGame.winners`), and a wrong answer is explained by
replaying the engine's own walk with one *misreading* of the rules (a
Tower that adds nothing, a knock-down that never happens, a Boss counted from
the start...). When the learner's number is what that misreading gives, the
feedback names it and the rule it breaks. The misreadings are listed in
:data:`MISCONCEPTIONS`.

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
by ``notebooks/balada_tutorial.ipynb``, ``docs/balada.md`` and the tests.

Examples
--------
>>> check_score("O3 O2 FT .. .. .. .. .. .. .. .. ..", 5).ok
True
>>> fb = check_score("TW O2 FT .. .. .. .. .. .. .. .. ..", 2)
>>> fb.ok, fb.rule, fb.misconception
(False, 'B7', 'tower-bonus')
>>> print(fb.message)  # doctest: +NORMALIZE_WHITESPACE
Not 2. Each Tower adds 1 to the Obstacles right beside it: the Obstacle at space 2 counts 3 (printed 2). (rule B7)
>>> check_best_choice("SW O3 .. .. .. .. .. .. .. .. .. ..", 2, "sword", injuries=4).ok
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Iterable, Sequence

from ..core.errors import GameError, IllegalMove, InvalidInput
from ..core.feedback import Feedback, Step, find_step, exercise_check, parse_number  # noqa: F401 (re-exported)
from .scoring import (
    EVENT_NAMES, LANDSCAPES, Choices, Hero, Layout, ScoreResult, best_points, event_name, fish_step, is_obstacle,
    options_at, parse_choices, parse_side, score_side, step,
)

__all__ = ["Feedback", "MISCONCEPTIONS", "Misconception", "STEPS", "Step", "check_best_choice",
           "check_best_placement", "check_choices", "check_game_total", "check_injuries", "check_placement",
           "check_score", "check_winner",
           "exercise_check", "find_misconception", "step_by_id"]


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
class Misconception:
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
        after, st = step(layout, i, h, o)
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
            f"the Boss at space {c.space} is worth {c.points}, not {c.space}"
    return None


def _hook_boss_own_space(c: _Ctx):
    if c.event == "BS" and c.option == "fight":
        return _with_run(c.after, c.before.run + c.points - 1), c.points - 1, \
            f"the Boss at space {c.space} is worth {c.points}, its own space included"
    return None


def _hook_boss_undefeated(c: _Ctx):
    if c.event == "BS" and c.option == "pass":
        v = c.layout.boss_value(c.i)
        return c.after, v, f"the Boss at space {c.space} stays undefeated and scores nothing"
    return None


def _hook_chest_both_ends(c: _Ctx):
    if c.event == "CH" and c.option == "key":
        return c.after, c.points + 2, (f"between the Key at space {c.layout.first_key + 1} and the Chest at "
                                       f"space {c.space} lie {c.points} spaces")
    return None


def _hook_chest_one_end(c: _Ctx):
    if c.event == "CH" and c.option == "key":
        return c.after, c.points + 1, (f"between the Key at space {c.layout.first_key + 1} and the Chest at "
                                       f"space {c.space} lie {c.points} spaces")
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
                    f"the Obstacle at space {c.space}, beaten with a sword, still counts {c.layout.effective[c.i]}")
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
        return n, f"{n} Fish score {n} x {n} = {n * n}"
    return None


@dataclass(frozen=True)
class _Reading:
    """A misreading: its hooks (alternatives) on the walk or on the Fish."""

    m: Misconception
    hooks: tuple = ()
    fish: Callable | None = None
    layout: Callable[[Layout], "tuple[Layout, list[str]] | None"] | None = None


def _printed_values(layout: Layout):
    if layout.effective == tuple(int(e[1]) if is_obstacle(e) else 0 for e in layout.events):
        return None
    printed = tuple(int(e[1]) if is_obstacle(e) else 0 for e in layout.events)
    notes = [f"the Obstacle at space {i + 1} counts {v} (printed {p})"
             for i, (v, p) in enumerate(zip(layout.effective, printed)) if v != p]
    return replace(layout, effective=printed), notes


_M = Misconception
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
MISCONCEPTIONS: dict[str, Misconception] = {r.m.id: r.m for r in _READINGS}
for _m in (
    _M("portal-ignored", "B5", "Before the walk each Portal may take an event from another space:"),
    _M("portal-copied", "B5", "An event a Portal takes leaves its old space, which becomes empty:"),
    _M("carry-forgotten", "B6", "Injuries and swords carried in from the day round count on the night side:"),
    _M("missed-step", "B6", "Every space of the walk counts, and the Fish at the end:"),
    _M("other-choices", "B16", "Your number is what another set of choices gives:"),
    _M("best-instead-of-given", "B16", "This exercise fixes the choices; score those, not the best ones:"),
    _M("one-round-only", "B17", "The final score adds both rounds:"),
):
    MISCONCEPTIONS[_m.id] = _m
del _m


def _candidates(result: ScoreResult, injuries: int, swords: int, given) -> Iterable[tuple]:
    """``(misconception id, total it gives, detail[, rule])`` for each misreading, in order.

    The rule defaults to the misconception's; a left-out step names the rule of that step.
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
            where = "the Fish at the end" if st.where == "end" else f"space {st.where}"
            yield "missed-step", result.points - st.points, f"you left out {where}: {st.reason}", st.rule
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
                yield "other-choices", alt.points, (f"choosing {other!r} at space {sp} gives {alt.points}, but "
                                                    f"{opt!r} there leads to more")
    else:
        best = score_side(side, injuries, swords)
        yield "best-instead-of-given", best.points, f"the choices asked for are {given.text() or 'none'}"


def _hero_at(layout: Layout, hero: Hero, decisions, upto: int) -> Hero:
    for i in range(upto):
        opts = options_at(layout, i, hero)
        hero, _ = step(layout, i, hero, decisions.get(i + 1) if len(opts) > 1 else opts[0])
    return hero


def _ordered(cands, focus):
    """Candidates whose rule is in ``focus`` first (the rule the exercise is about), else as listed."""
    if not focus:
        return list(cands)
    focus = {focus} if isinstance(focus, str) else set(focus)
    cands = list(cands)
    return [c for c in cands if _rule_of(c) in focus] + [c for c in cands if _rule_of(c) not in focus]


def _rule_of(candidate) -> str:
    return candidate[3] if len(candidate) > 3 else MISCONCEPTIONS[candidate[0]].rule


def _scored(side, injuries: int, swords: int, choices):
    """The player's own choices (parsed, or ``None``: the best) and the score of ``side`` with them."""
    given = None if choices is None else parse_choices(choices)
    return given, score_side(side, injuries, swords, given)


def find_misconception(side, answer: int, injuries: int = 0, swords: int = 0, choices=None, focus=None
                       ) -> tuple[Misconception, str] | None:
    """The first misreading of the rules whose total is ``answer`` (with its detail), or ``None``.

    >>> m, why = find_misconception("O3 O3 FT .. .. .. .. .. .. .. .. ..", 6)
    >>> m.id, m.rule
    ('knockdown', 'B7')
    """
    given, result = _scored(side, injuries, swords, choices)
    for cand in _ordered(_candidates(result, injuries, swords, given), focus):
        if cand[1] == answer and cand[1] != result.points:
            m = MISCONCEPTIONS[cand[0]]
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

    >>> check_score("O3 O3 FT .. .. .. .. .. .. .. .. ..", 6).misconception
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
            m, rule = MISCONCEPTIONS[cand[0]], _rule_of(cand)
            return Feedback(False, _with_rule(f"Not {n}. {m.summary} {cand[2]}.", rule), rule, m.id, result.points)
    how = "too high" if n > result.points else "too low"
    return Feedback(False, f"Not {n}: that is {how}. Walk the path again from space 1, one space at a time, "
                           f"and keep count of the hero's injuries, swords and key.", None, expected=result.points)


def check_injuries(side, answer, injuries: int = 0, swords: int = 0, choices=None) -> Feedback:
    """Is ``answer`` the number of injuries the hero carries out of the walk (B6, B7, B8)?

    >>> check_injuries("O2 O1 O3 .. O2 .. .. .. .. .. .. ..", 2).ok
    True
    >>> check_injuries("O2 O1 O3 .. O2 .. .. .. .. .. .. ..", 8).misconception
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
            m = MISCONCEPTIONS[mid]
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
    >>> check_game_total(day, night, 0).misconception
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
        m = MISCONCEPTIONS["carry-forgotten"]
        return Feedback(False, _with_rule(f"Not {got}. {m.summary} the hero ends the day with "
                                          f"{_n(d.injuries, 'injury')} and {_n(d.swords, 'sword')}, and starts the "
                                          f"night with them.",
                                          m.rule), m.rule, m.id, total)
    if got in (d.points, n.points) and got != total:
        m = MISCONCEPTIONS["one-round-only"]
        return Feedback(False, _with_rule(f"Not {got}. {m.summary} day {d.points} + night {n.points}.", m.rule),
                        m.rule, m.id, total)
    for label, side, r, inj, sw in (("day", day, d, injuries, swords), ("night", night, n, d.injuries, d.swords)):
        other = total - r.points
        found = find_misconception(side, got - other, inj, sw)
        if found:
            m, detail = found
            return Feedback(False, _with_rule(f"Not {got}. On the {label} side: {m.summary} {detail}.", m.rule),
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
        why = (f"players {', '.join(map(str, tied))} tie on {top} points; fewer Changes of Landscape breaks the tie, "
               f"so {names} {'win' if len(winners) > 1 else 'wins'}")
    elif len(tied) > 1 and len(winners) > 1 and len(got) == 1:
        why = f"the tied players also used as many Changes of Landscape: the win is shared by {names}"
    else:
        why = f"the highest final score wins: {names} with {top}"
    return Feedback(False, _with_rule(f"Not quite: {why}.", "B17"), "B17", expected=winners)


# --------------------------------------------------------------------------
# The tutorial's steps
# --------------------------------------------------------------------------


STEPS: tuple[Step, ...] = (
    Step("goal", "The story and the goal", ("B1", "B17"),
         "look at a map sheet: 12 spaces a side, three landscapes, day and night"),
    Step("draw", "Drawing a symbol: the landscape must match", ("B1", "B2", "P5"),
         "draw a flipped symbol into a matching space; see a wrong space refused"),
    Step("obstacle", "Obstacles, injuries and the knock-down", ("B6", "B7"),
         "score a path of Obstacles, with and without a knock-down"),
    Step("fountain", "The Fountain turns injuries into points", ("B8",),
         "score the rule text's healing example"),
    Step("sword", "Swords: pick them up, spend them", ("B7", "B9", "B16"),
         "decide whether the sword should be spent on an Obstacle"),
    Step("boss", "The Boss", ("B10",), "score a defeated Boss; decide whether to spend two swords on it"),
    Step("tower", "The Tower", ("B7", "B11"), "score Obstacles beside a Tower; a Tower with and without the key"),
    Step("key-chest", "The Key and the Chest", ("B13", "B14", "P3"),
         "count the spaces between the Key and the Chest; key or sword?"),
    Step("princess", "The Princess", ("B15",), "score the rule text's Princess example; find what ends the run"),
    Step("portal", "The Portal", ("B5", "P2"), "choose what a Portal takes before the walk"),
    Step("change", "Change of Landscape", ("B3", "P4"), "swap two empty spaces before drawing; see the refusals"),
    Step("walk", "The walk and your choices", ("B6", "B16", "P1", "P6"),
         "walk a full side choice by choice and compare with the advice"),
    Step("fish", "Fish", ("B12",), "score a side with several Fish"),
    Step("rounds", "Two rounds, the carry-over and the winner", ("B6", "B13", "B17"),
         "score day and night with the carry-over; find the winner of a tie"),
    Step("easy", "The easy version", ("B4", "P7"), "play the easy version: deck A, one side, one round"),
    Step("play", "A whole game", ("B2", "B3", "B16", "B17", "P5"), "play a full game against a bot"),
)


def step_by_id(step_id: str) -> Step:
    """The :class:`Step` of this tutorial with that id.

    >>> step_by_id("princess").rules
    ('B15',)
    """
    return find_step(STEPS, step_id)
