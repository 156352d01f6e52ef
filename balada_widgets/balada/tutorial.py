"""The Balada tutorial: sixteen steps, each an exercise on the game's board, checked by the engine.

A notebook cell is one line, ``balada.tutorial.step("boss")`` (Step 6 of 16: The Boss); the game's drawing and the
kit's lesson player load only when a step is built or shown. This module holds the lesson's *oracles*: for each
step the position, the right answer and how each wrong answer is read, all computed by the engine. Its *words*
(titles, prose, prompts, hints, the misreadings, the answers' explanations, the options' labels, what the checks
say) are data, one file per language: ``balada/lessons/<language>.yaml``, read and checked by
:mod:`balada_widgets.core.lesson_words` (format: ``docs/lessons.md``).

The lesson follows the GUIDE's standard for tutorials. Every step is a short text and an exercise the learner
*does*: click spaces on the map sheet, type a score, choose among three options or more (with two, a second try
would be right by elimination), or walk a side choice by choice. Its boards are the game's own drawing as a player
sees it at the table: no Boss worth, no Tower bonus, no highlighted target. The kit gives the tiers: a first wrong
answer names the misreading with its ruling ("our ruling B7": the rule text has no numbers, B1-B17 and P1-P7 are
this project's rulings), a second adds a hint, a third or *Show me* walks the answer through, symbol by symbol.

The checks never re-derive a rule: the right answer comes from the engine (:func:`~.scoring.score_side`, the
optimiser, :meth:`~.rules.BaladaGame.apply`, :meth:`~.rules.BaladaGame.winners`), and a wrong number is explained
by replaying the engine's own walk with one *misreading* of the rules at a time (:data:`MISREADINGS`, listed in
``docs/balada.md``): when it gives the learner's number, the reply names it and what the walk did, never the right
number. A refused click is the engine's refusal, in words. The checks also work on their own (the lab), in any
language of the lesson: :func:`check_score`, :func:`check_injuries`, :func:`check_choices`,
:func:`check_best_choice`, :func:`check_best_placement`, :func:`check_placement`, :func:`check_game_total`,
:func:`check_winner`.

>>> check_score("O3 O2 FT .. .. .. .. .. .. .. .. ..", 5).ok
True
>>> print(check_score("TW O2 FT .. .. .. .. .. .. .. .. ..", 2).message)  # doctest: +NORMALIZE_WHITESPACE
Not 2. Each Tower adds 1 to the Obstacles right beside it. The Obstacle at space 2 stands beside a Tower. (rule B7)
>>> [s.id for s in steps()][:3], lesson().position("boss")
(['goal', 'draw', 'obstacle'], 'Step 6 of 16')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from pathlib import Path
from typing import Callable, Iterable, NamedTuple, Optional, Sequence

from ..core import lesson_words
from ..core.errors import GameError, IllegalMove, InvalidInput
from ..core.feedback import Feedback, Step, exercise_check, find_step, parse_number  # noqa: F401 (re-exported)
from ..kit.lesson import Choose, Figure, Lesson, LessonStep, NotebookFace, Number, Pick, Solution
from .scoring import (
    EVENT_NAMES, LANDSCAPES, Choices, Hero, Layout, ScoreResult, best_points, event_name, fish_step, is_obstacle,
    options_at, parse_choices, parse_side, score_side, step as _walk_one,
)

__all__ = ["LESSONS", "MISREADINGS", "Misreading", "STEPS", "build_lesson", "check_best_choice", "check_best_placement",
           "check_choices", "check_game_total", "check_injuries", "check_placement", "check_score", "check_winner",
           "choices_in_words", "find_misreading", "kit_words", "lesson", "misreadings", "step", "step_by_id",
           "steps", "tutorial", "winners_of", "words_for"]

#: the folder of the lesson's files, one per language (``en.yaml``: the reference every other language follows)
LESSONS = Path(__file__).resolve().parent / "lessons"
LANGUAGES = tuple(lesson_words.language_files(LESSONS))

#: the steps in order, each with the rulings it teaches (its words are ``steps.<id>`` of the files)
STEP_RULES = tuple((s.split()[0], tuple(s.split()[1:])) for s in (
    "goal B1 B17, draw B1 B2 P5, obstacle B6 B7, fountain B8, sword B7 B9 B16, boss B10, tower B7 B11, "
    "key-chest B13 B14 P3, princess B15, portal B5 P2, change B3 P4, walk B6 B16 P1 P6, fish B12, "
    "rounds B6 B13 B17, easy B4 P7, play B2 B3 B16 B17 P5").split(", "))


# ============================================================================ the words of one language


@dataclass(frozen=True)
class Misreading:
    """A way to misread the rules: its id, the ruling it misreads and what a wrong answer is told."""

    id: str
    rule: str
    message: str


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class Say:
    """What the checks say in one language: the file's ``checks`` (said later, with what the learner's answer did:
    :class:`~balada_widgets.core.lesson_words.Sentences`), its counted words and its misreadings.

    Made when the lesson is built (``reference``: the English file, whose placeholders a translation keeps); a
    check called on its own gets its language's from :func:`words_for`.
    """

    def __init__(self, words: lesson_words.LessonWords, reference: Optional[lesson_words.LessonWords] = None):
        self.language, self.reference, self.common = words.language, reference, words.scope("words")
        self.said = words.sentences("checks", reference)
        self.options, self.things, self.does = (self.said.under(k) for k in ("option", "things", "walk-does"))
        self.forms = {k: self.common.list(k) for k in ("point", "injury", "sword")}
        self.separators, self.space = self.common.list("list"), self.common.template("space", "n")
        self.spaces_of = self.common.template("spaces", "list")
        self.misreadings = {key.split(".")[1]: Misreading(key.split(".")[1], key.split(".")[0], text)
                            for key, text in words.section("misreadings").items()}

    def __call__(self, key: str, /, **fields) -> str:
        return self.said(key, **fields)

    def count(self, n: int, word: str) -> str:
        """``1 point``, ``3 injuries`` (the language's counted forms of ``word``)."""
        return f"{n} {lesson_words.plural_form(self.language, n, self.forms[word])}"

    def join(self, items) -> str:
        """``a, b and c``."""
        items, (sep, last) = [str(i) for i in items], self.separators
        return sep.join(items[:-1]) + last + items[-1] if len(items) > 1 else "".join(items)

    def spaces(self, nums) -> str:
        """``space 3`` or ``spaces 3, 5 and 9``."""
        nums = list(nums)
        return self.space(n=nums[0]) if len(nums) == 1 else self.spaces_of(list=self.join(nums))

    def choice(self, option: str, space: int) -> str:
        """A walk choice in words: ``use a sword at space 3``."""
        return self("choice", option=self.options.get(option, option), space=space)

    def mis(self, mid: str, detail: str = "", rule: Optional[str] = None) -> Feedback:
        """The feedback naming misreading ``mid`` (and what the walk did), never the answer; the kit adds its rule."""
        m = self.misreadings[mid]
        return Feedback(False, f"{m.message} {_cap(detail)}".strip(), rule or m.rule, mid)


def _english() -> lesson_words.LessonWords:
    return lesson_words.load(LESSONS / "en.yaml", "en")


@lru_cache(maxsize=None)
def words_for(language: str = "en") -> Say:
    """The checks' words in ``language`` (its lesson file's), for a check called on its own.

    :raises InvalidInput: no lesson file in that language (the message lists them).
    """
    files = lesson_words.language_files(LESSONS)
    if language not in files:
        raise InvalidInput(f"no lesson in the language {language!r}; there are: {', '.join(files)}",
                           move=str(language)[:20])
    return Say(lesson_words.load(files[language], language), None if language == "en" else _english())


def _said(say: Say, judge: Callable[[], Feedback], answer=None) -> Feedback:
    """A check run on its own: its verdict first ("Not 2."), its rule last; the engine's refusal (an unreadable
    side, an impossible choice) as the engine says it."""
    try:
        fb = judge()
    except GameError as e:
        return Feedback.from_error(e)
    if fb.ok:
        return replace(fb, message=say("right", text=fb.message))
    text = say("not", answer=answer, text=fb.message) if answer is not None else _cap(fb.message)
    return replace(fb, message=f"{text} {say('rule', rule=fb.rule)}" if fb.rule else text)


def _refused(e: GameError, mid: Optional[str] = None) -> Feedback:
    """The engine's refusal in its words, for the lesson: its rule left for the kit to name ("our ruling")."""
    return Feedback(False, re.sub(r"\s*\(rules? [^()]*\)$", "", str(e)), e.rule, mid)


def _in_lesson(judge: Callable[..., Feedback], *args, **kwargs) -> Feedback:
    """A check in the lesson: the engine's refusal is a wrong answer, told in the engine's words."""
    try:
        return judge(*args, **kwargs)
    except GameError as e:
        return _refused(e)


def _right(text: str, rule: Optional[str] = None, expected=None) -> Feedback:
    """A right answer: the kit says "Right!" before ``text`` (so ``text`` never starts with a verdict)."""
    return Feedback(True, _cap(text), rule, expected=expected)


# ============================================================================ misreadings, replayed on the engine's walk


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


def _replay(layout: Layout, hero: Hero, decisions, hook=None, variant: int = 0, fish=None):
    """Walk ``layout`` with the engine's :func:`~.scoring.step`, letting ``hook`` (and ``fish``) misread steps.

    Returns ``(total, the notes' fields, hero at the end)`` or ``None`` when the decisions no longer fit.
    """
    total, notes, h = 0, [], hero
    for i in range(len(layout.events)):
        opts = options_at(layout, i, h)
        o = decisions.get(i + 1) if len(opts) > 1 else opts[0]
        if o not in opts:
            return None
        after, st = _walk_one(layout, i, h, o)
        got = hook(_Ctx(layout, i, o, h, after, st.points), variant) if hook is not None else None
        after, pts = (got[0], got[1]) if got is not None else (after, st.points)
        notes += [got[2]] if got is not None else []
        total, h = total + pts, after
    got = fish(layout) if fish is not None else None
    notes += [got[1]] if got is not None else []
    return total + (got[0] if got is not None else fish_step(layout).points), notes, h


# ---- the misreadings of a step of the walk, each named after its id: ``None`` (the learner reads this step right)
# or ``(hero after, points, the note's fields)``; ``c.after`` and ``c.points`` are the engine's truth

def _knockdown(c: _Ctx, _variant):
    if c.knocked_down:
        inj = c.before.injuries + c.layout.effective[c.i]
        return Hero(inj, c.after.swords, c.before.run + c.layout.effective[c.i]), 0, dict(space=c.space, n=inj)


def _boss_from_start(c: _Ctx, _variant):
    if c.event == "BS" and c.option == "fight" and c.space != c.points:
        return replace(c.after, run=c.before.run + c.space), c.space, dict(space=c.space)


def _boss_own_space(c: _Ctx, _variant):
    if c.event == "BS" and c.option == "fight":
        return replace(c.after, run=c.before.run + c.points - 1), c.points - 1, dict(space=c.space)


def _boss_undefeated(c: _Ctx, _variant):
    if c.event == "BS" and c.option == "pass":
        return c.after, c.layout.boss_value(c.i), dict(space=c.space)


def _chest_own_spaces(c: _Ctx, variant):  # both ends counted, or one
    if c.event == "CH" and c.option == "key":
        return c.after, c.points + 2 - variant, dict(key=c.layout.first_key + 1, space=c.space)


def _chest_last_key(c: _Ctx, _variant):
    keys = [k + 1 for k in range(c.i) if c.layout.events[k] == "KY"]
    if c.event == "CH" and c.option == "key" and len(keys) > 1:
        return c.after, c.space - keys[-1] - 1, dict(space=c.space, first=keys[0], last=keys[-1])


def _tower_without_key(c: _Ctx, _variant):
    if c.event == "TW" and c.points == 0:
        return c.after, 2, dict(space=c.space)


def _tower_with_key(c: _Ctx, _variant):
    if c.event == "TW" and c.points:
        return c.after, 0, dict(space=c.space)


def _princess_knockdown(c: _Ctx, _variant):
    if c.knocked_down:
        return replace(c.after, run=c.before.run + c.layout.effective[c.i]), 0, dict(space=c.space)


def _princess_tower_breaks(c: _Ctx, _variant):
    if c.event == "TW" and c.before.run:
        return replace(c.after, run=0), c.points, dict(space=c.space)


def _princess_undefeated_boss(c: _Ctx, variant):  # the Boss's value added to the run, or the run going on
    if c.event == "BS" and c.option == "pass":
        run = c.before.run + (c.layout.boss_value(c.i) if variant == 0 else 0)
        return replace(c.after, run=run), c.points, dict(space=c.space)


def _princess_sworded_obstacle(c: _Ctx, variant):  # the run going on past it, or ended there
    if is_obstacle(c.event) and c.option == "sword":
        return replace(c.after, run=c.before.run if variant == 0 else 0), c.points, dict(space=c.space)


def _princess_whole_path(c: _Ctx, _variant):
    if c.after.run == 0 and c.before.run and c.event != "PR":
        return replace(c.after, run=c.before.run), c.points, dict(event=event_name(c.event), space=c.space)


def _tower_bonus(layout: Layout):
    """The side with every Obstacle at its printed value, and the Obstacles a Tower raises."""
    printed = tuple(int(e[1]) if is_obstacle(e) else 0 for e in layout.events)
    return None if layout.effective == printed else (replace(layout, effective=printed), [
        dict(space=i + 1) for i, (v, p) in enumerate(zip(layout.effective, printed)) if v != p])


def _fish_not_squared(layout: Layout):
    return (layout.fish, dict(n=layout.fish)) if layout.fish >= 2 else None


#: the misreadings of the walk, in the order they are tried, each with its number of variants
_READINGS = ((_knockdown, 1), (_boss_from_start, 1), (_boss_own_space, 1), (_boss_undefeated, 1),
             (_chest_own_spaces, 2), (_chest_last_key, 1), (_tower_without_key, 1), (_tower_with_key, 1),
             (_princess_knockdown, 1), (_princess_tower_breaks, 1), (_princess_undefeated_boss, 2),
             (_princess_sworded_obstacle, 2), (_princess_whole_path, 1))


def _mid(reading: Callable) -> str:
    """A misreading's id: its function's name (``_tower_bonus``: ``tower-bonus``)."""
    return reading.__name__[1:].replace("_", "-")


def _notes(say: Say, mid: str, fields: Iterable[dict]) -> str:
    return "; ".join(dict.fromkeys(say(f"notes.{mid}", **f) for f in fields))


def _candidates(say: Say, result: ScoreResult, injuries: int, swords: int, given) -> Iterable[tuple]:
    """``(misreading id, total it gives, what the walk did[, rule])`` for each misreading, in order.

    The rule defaults to the misreading's; a left-out step names the rule of that step.
    """
    layout, hero = Layout.of(result.events), Hero(injuries, swords, 0)
    decisions, side, portals = dict(result.choices.decisions), result.side, result.choices.portals
    events = tuple(s.event for s in side)
    moved = [(p, s) for p, s in portals if s is not None]
    if moved:
        stay = Choices(tuple((p, None) for p, _ in portals), dict(given.decisions) if given else {})
        alt = _try_score(side, injuries, swords, stay)
        if alt is not None:
            yield "portal-ignored", alt.points, _notes(say, "portal-ignored", (
                dict(portal=p, event=event_name(events[s - 1]), space=s) for p, s in moved))
        copied = [events[k] if any(k == s - 1 for _p, s in moved) else e for k, e in enumerate(result.events)]
        kept = Choices(tuple((p, None) for p, s in portals if s is None), decisions)
        alt = _try_score(tuple(replace(sp, event=e) for sp, e in zip(side, copied)), injuries, swords, kept)
        if alt is not None:
            yield "portal-copied", alt.points, _notes(say, "portal-copied", (
                dict(space=s, event=event_name(events[s - 1])) for _p, s in moved))
    printed = _tower_bonus(layout)
    out = _replay(printed[0], hero, decisions) if printed is not None else None
    if out is not None:
        yield _mid(_tower_bonus), out[0], _notes(say, _mid(_tower_bonus), printed[1])
    for reading, variants in _READINGS + ((None, 1),):
        for variant in range(variants):
            out = _replay(layout, hero, decisions, reading, variant, None if reading else _fish_not_squared)
            mid = _mid(reading or _fish_not_squared)
            if out is not None and out[1]:
                yield mid, out[0], _notes(say, mid, out[1])
    if injuries or swords:
        alt = _try_score(side, 0, 0, given)
        if alt is not None:
            yield "carry-forgotten", alt.points, say("notes.carry-forgotten", injuries=say.count(injuries, "injury"),
                                                     swords=say.count(swords, "sword"))
    for st in result.trace:
        if st.points:
            note = (say("notes.missed-fish") if st.where == "end" else
                    say("notes.missed-space", space=st.where, event=event_name(result.events[st.where - 1])))
            yield "missed-step", result.points - st.points, note, st.rule
    if given is not None:
        yield "best-instead-of-given", score_side(side, injuries, swords).points, say(
            "notes.best-instead-of-given", choices=choices_in_words(given, say))
        return
    for sp, opt in sorted(decisions.items()):
        for other in options_at(layout, sp - 1, _hero_at(layout, hero, decisions, sp - 1)):
            alt = None if other == opt else _try_score(side, injuries, swords, Choices(portals, {sp: other}))
            if alt is not None:
                yield "other-choices", alt.points, say("notes.other-choices", option=say.options[other], space=sp)


def _try_score(side, injuries: int, swords: int, choices) -> Optional[ScoreResult]:
    try:
        return score_side(side, injuries, swords, choices)
    except IllegalMove:
        return None


def _hero_at(layout: Layout, hero: Hero, decisions, upto: int) -> Hero:
    for i in range(upto):
        opts = options_at(layout, i, hero)
        hero, _ = _walk_one(layout, i, hero, decisions.get(i + 1) if len(opts) > 1 else opts[0])
    return hero


def _rule_of(say: Say, candidate) -> str:
    return candidate[3] if len(candidate) > 3 else say.misreadings[candidate[0]].rule


def _explained(say: Say, result: ScoreResult, n: int, injuries: int, swords: int, given, focus):
    """The first misreading (those of the rules in ``focus`` first) whose total is ``n``: ``(candidate, rule)``."""
    focus = {focus} if isinstance(focus, str) else set(focus or ())
    cands = sorted(_candidates(say, result, injuries, swords, given), key=lambda c: _rule_of(say, c) not in focus)
    return next(((c, _rule_of(say, c)) for c in cands if c[1] == n != result.points), None)


def _scored(side, injuries: int, swords: int, choices):
    """The player's own choices (parsed, or ``None``: the best) and the score of ``side`` with them."""
    given = None if choices is None else parse_choices(choices)
    return given, score_side(side, injuries, swords, given)


def find_misreading(side, answer: int, injuries: int = 0, swords: int = 0, choices=None, focus=None,
                    language: str = "en") -> Optional[tuple[Misreading, str]]:
    """The first misreading of the rules whose total is ``answer`` (with what the walk did), or ``None``.

    >>> m, why = find_misreading("O3 O3 FT .. .. .. .. .. .. .. .. ..", 6)
    >>> m.id, m.rule, why
    ('knockdown', 'B7', 'at space 2 the injuries reach 6')
    """
    say = words_for(language)
    given, result = _scored(side, injuries, swords, choices)
    found = _explained(say, result, answer, injuries, swords, given, focus)
    return None if found is None else (replace(say.misreadings[found[0][0]], rule=found[1]), found[0][2])


# ============================================================================ the checks


def _gains(say: Say, result: ScoreResult) -> str:
    """The steps that scored, in words: ``space 4 (Boss) +9; the Fish at the end +4``."""
    return "; ".join(say("gain", points=f"{s.points:+d}", where=say("gain-fish") if s.where == "end" else say(
        "gain-space", space=s.where, event=event_name(result.events[s.where - 1]))) for s in result.trace
        if s.points) or say("no-gain")


def _number(say: Say, answer, expected) -> int:
    """The answer as a whole number; :class:`InvalidInput` (not a try) when it is none."""
    n = parse_number(answer)
    if n is None:
        raise InvalidInput(say("whole-number", answer=answer), move=str(answer)[:20])
    return n


def _score(say: Say, side, answer, injuries=0, swords=0, choices=None, focus=None) -> Feedback:
    given, result = _scored(side, injuries, swords, choices)
    n = _number(say, answer, result.points)
    if n == result.points:
        return _right(say("scores", points=say.count(n, "point"), gains=_gains(say, result)), expected=n)
    found = _explained(say, result, n, injuries, swords, given, focus)
    if found is not None:
        (mid, _total, note, *_), rule = found
        return replace(say.mis(mid, note + ".", rule), expected=result.points)
    ev = set(result.events)  # what to keep count of: only what the side holds
    things = [say.things[k] for k, there in (("injuries", injuries or any(map(is_obstacle, ev))),
                                             ("swords", swords or "SW" in ev), ("key", "KY" in ev)) if there]
    counting = say("counting", things=say.join(things)) if things else ""
    return Feedback(False, say("too-high" if n > result.points else "too-low", counting=counting),
                    expected=result.points)


def check_score(side, answer, injuries: int = 0, swords: int = 0, choices=None, focus=None,
                language: str = "en") -> Feedback:
    """Is ``answer`` the points of ``side``? If not, which rule was missed?

    ``choices``: ``None`` (the hero plays the best choices, B16) or the choices the exercise fixes (``"3:sword
    5:fight"``, a dict, or :class:`~.scoring.Choices`); ``injuries``/``swords`` carried in (B6). ``focus``: a rule
    id (or several) the exercise is about, whose misreadings are tried first.

    >>> check_score("O3 O3 FT .. .. .. .. .. .. .. .. ..", 6).misreading
    'knockdown'
    >>> print(check_score("FI FI FI .. .. .. .. .. .. .. .. ..", 9).message)
    Right: 9 points. Scored: the Fish at the end +9.
    """
    say = words_for(language)
    return _said(say, partial(_score, say, side, answer, injuries, swords, choices, focus), parse_number(answer))


def _injuries(say: Say, side, answer, injuries=0, swords=0, choices=None) -> Feedback:
    given, result = _scored(side, injuries, swords, choices)
    n = _number(say, answer, result.injuries)
    if n == result.injuries:
        return _right(say("injuries-right", injuries=say.count(n, "injury")), "B6", expected=n)
    layout, hero, decisions = Layout.of(result.events), Hero(injuries, swords, 0), dict(result.choices.decisions)
    printed = _tower_bonus(layout)
    flat = _replay(printed[0], hero, decisions) if printed is not None else None
    knocked = _replay(layout, hero, decisions, _knockdown)
    ev = set(result.events)
    if flat is not None and flat[2].injuries == n:
        fb = say.mis("tower-bonus", _notes(say, "tower-bonus", printed[1]) + ".")
    elif knocked is not None and knocked[1] and knocked[2].injuries == n:
        fb = say.mis("knockdown", _notes(say, "knockdown", knocked[1]) + ".")
    elif n >= 6:
        fb = Feedback(False, _cap(say("never-six")), "B7", "knockdown")
    else:  # what the hero meets on this side, and the knock-down
        does = [k for k, there in (("obstacle", any(map(is_obstacle, ev))), ("tower", "TW" in ev),
                                   ("fountain", "FT" in ev), ("knockdown", True)) if there]
        fb = Feedback(False, say("injuries-walk", steps=say.join(say.does[k] for k in does)))
    return replace(fb, expected=result.injuries)


def check_injuries(side, answer, injuries: int = 0, swords: int = 0, choices=None, language: str = "en") -> Feedback:
    """Is ``answer`` the number of injuries the hero carries out of the walk (B6, B7, B8)?

    >>> check_injuries("O2 O1 O3 .. O2 .. .. .. .. .. .. ..", 2).ok
    True
    >>> check_injuries("O2 O1 O3 .. O2 .. .. .. .. .. .. ..", 8).misreading
    'knockdown'
    """
    say = words_for(language)
    return _said(say, partial(_injuries, say, side, answer, injuries, swords, choices), parse_number(answer))


def choices_in_words(choices, language: "str | Say" = "en") -> str:
    """Walk choices in words.

    >>> choices_in_words(parse_choices("P11<5 3:sword"))
    'let the Portal on space 11 take the event of space 5, use a sword at space 3'
    """
    say = language if isinstance(language, Say) else words_for(language)
    parts = [_choice_words(say, dict(choices.portals), {}, p) for p, _ in choices.portals] if choices else []
    parts += [say.choice(o, sp) for sp, o in sorted(choices.decisions.items())] if choices else []
    return ", ".join(parts) or say("no-choices")


def _choice_words(say: Say, portals: dict, decisions: dict, space: int) -> str:
    """The choice at ``space`` in words: what its Portal takes, or the hero's option."""
    if space not in portals:
        return say.choice(decisions.get(space, ""), space)
    what = say("nothing") if portals[space] is None else say("the-event-of", space=portals[space])
    return say("portal-takes", portal=space, what=what)


def _why_better(say: Say, mine: ScoreResult, best: ScoreResult) -> tuple[str, str]:
    """The rule of the biggest gain of the better line, and the steps that make the difference in words."""
    # the spaces (a Portal's move scores nothing itself; the Fish at the end are the same on both lines)
    a, b = ({s.where: s for s in r.trace if s.where != "end" and not s.reason.startswith("Portal takes")}
            for r in (mine, best))
    diffs = sorted(((s.points - (a[w].points if w in a else 0), s, a.get(w)) for w, s in b.items()), key=lambda t: -t[0])
    ahead, behind = [s for d, s, _m in diffs if d > 0], [m for d, _s, m in diffs if d < 0 and m is not None]
    if not ahead:
        return "B16", ""

    text = say("better", steps="; ".join(say("step-said", where=say("at-space", space=s.where), reason=s.reason)
                                         for s in ahead[:3]))
    if behind:
        text += say("yours-only", steps="; ".join(say("step-gained", points=f"{m.points:+d}", where=say(
            "at-space", space=m.where)) for m in behind[:2]))
    return ahead[0].rule, text + "."


def _choices(say: Say, side, injuries=0, swords=0, choices=None) -> Feedback:
    mine, best = score_side(side, injuries, swords, choices or None), score_side(side, injuries, swords)
    line, points = choices_in_words(mine.choices, say), say.count(mine.points, "point")
    if mine.points == best.points:
        return _right(say("my-line", line=line, points=points), "B16", expected=best.choices.text())
    rule, why = _why_better(say, mine, best)
    return Feedback(False, say("my-line-worse", line=line, points=points, best=choices_in_words(best.choices, say),
                               best_points=best.points, why=why), rule, expected=best.choices.text())


def check_choices(side, choices, injuries: int = 0, swords: int = 0, language: str = "en") -> Feedback:
    """Do the learner's own ``choices`` (e.g. ``"P1<5 3:sword 7:fight"``) score the most (B16)?

    Choices left out are the best ones. The message gives the learner's line's points and, when the advice does
    better, where.

    >>> check_choices("SW SW O2 BS .. .. .. .. .. .. .. ..", "4:fight").ok
    True
    >>> check_choices("SW SW O2 BS .. .. .. .. .. .. .. ..", "3:sword").rule
    'B10'
    """
    say = words_for(language)
    return _said(say, partial(_choices, say, side, injuries, swords, choices))


def _merge(say: Say, base: Choices, space: int, option) -> tuple[Choices, str]:
    """``base`` with the choice at ``space`` set (a walk option or, for a Portal, a source space), and it in words."""
    if isinstance(option, int) or option is None or (isinstance(option, str) and (option.isdigit() or option == "-")):
        portals = {**dict(base.portals), space: None if option in (None, "-") else int(option)}
        return Choices(tuple(sorted(portals.items())), dict(base.decisions)), _choice_words(say, portals, {}, space)
    option = str(option).lower()
    return Choices(base.portals, {**dict(base.decisions), space: option}), say.choice(option, space)


def _best_choice(say: Say, side, space: int, option, injuries=0, swords=0, choices=None) -> Feedback:
    base = parse_choices(choices)
    want, label = _merge(say, base, space, option)
    best, mine = score_side(side, injuries, swords, base), score_side(side, injuries, swords, want)
    best_words = _choice_words(say, dict(best.choices.portals), best.choices.decisions, space)
    if mine.points == best.points:
        msg = say("best-line", choice=label, points=say.count(mine.points, "point"))
        if _choice_words(say, dict(mine.choices.portals), mine.choices.decisions, space) != best_words:
            msg += " " + say("tie", other=best_words)
        return _right(msg, "B16", expected=best.points)
    rule, why = _why_better(say, mine, best)
    return Feedback(False, say("worse-line", choice=label, points=say.count(mine.points, "point"), best=best_words,
                               best_points=best.points, why=why), rule, expected=best_words)


def check_best_choice(side, space: int, option, injuries: int = 0, swords: int = 0, choices=None,
                      language: str = "en") -> Feedback:
    """Is ``option`` at ``space`` one of the best choices of the walk (B16)?

    ``option``: a walk option (``"sword"``, ``"endure"``, ``"fight"``, ``"pass"``, ``"key"``, ``"leave"``) or, on a
    Portal, the space whose event it takes (``"-"`` or ``None``: nothing). ``choices`` made elsewhere stay; the
    others are the best. An option the hero cannot take is refused with the engine's message.

    >>> fb = check_best_choice("SW O1 SW BS .. .. .. .. .. .. .. ..", 2, "sword")
    >>> fb.ok, fb.rule
    (False, 'B10')
    """
    say = words_for(language)
    return _said(say, partial(_best_choice, say, side, space, option, injuries, swords, choices))


def _each_scored(say: Say, side, space: int, options, injuries=0, swords=0) -> str:
    """The best score of the side for each choice at ``space``: ``use a sword: 3 points at best; ...``."""
    return "; ".join(say("scored-each", choice=label or say.options[option], points=say.count(score_side(
        side, injuries, swords, _merge(say, Choices((), {}), space, option)[0]).points, "point"))
        for option, label in options)


def _side_with(side, space: int, event: str):
    return tuple(replace(s, event=event) if k == space else s for k, s in enumerate(side, 1))


def _allowed_spaces(say: Say, side, event: str, space: int, landscape: Optional[str]) -> list:
    """The spaces ``event`` may go into (the game decides, with a ``landscape``); raises if ``space`` is not one."""
    if landscape is None:
        allowed = [k for k, s in enumerate(side, 1) if s.event is None]
        if space not in allowed:
            raise IllegalMove(say("not-empty", space=space), rule="B2", move=f"{event}@{space}")
        return allowed
    from .rules import BaladaGame, BaladaState, Flip, Place, PlayerState

    if any(s.landscape is None for s in side):
        raise InvalidInput(say("landscapes-needed"))
    game = BaladaGame(players=1, easy=True)
    ps = PlayerState(tuple(s.landscape for s in side), tuple(s.event for s in side), swapped=True)
    state = BaladaState((ps,), turn=sum(s.event is not None for s in side) + 1, cards=Flip(landscape.upper(), event),
                        pending=((),), phase="place")
    game.apply(state, Place(0, event, space))  # raises with the rule when not allowed
    return [m.space for m in game.legal_moves(state, 0) if isinstance(m, Place)]


def _best_placement(say: Say, side, event: str, space: int, landscape=None, injuries=0, swords=0) -> Feedback:
    side, event = parse_side(side), event.upper()
    if event not in EVENT_NAMES:
        raise InvalidInput(say("unknown-event", event=event))
    allowed = _allowed_spaces(say, side, event, space, landscape)
    values = {k: best_points(tuple(s.event for s in _side_with(side, k, event)), injuries, swords) for k in allowed}
    top, name = max(values.values()), event_name(event)
    best_spaces = [k for k, v in values.items() if v == top]
    if values[space] == top:
        others = [k for k in best_spaces if k != space]
        also = say("also-best", spaces=say.spaces(others)) if others else ""
        return _right(say("placed-best", event=name, space=space, points=top, also=also), "B16", expected=best_spaces)
    mine = score_side(_side_with(side, space, event), injuries, swords)
    rule, why = _why_better(say, mine, score_side(_side_with(side, best_spaces[0], event), injuries, swords))
    return Feedback(False, say("placed-worse", event=name, space=space, points=values[space],
                               spaces=say.spaces(best_spaces), best_points=top, why=why), rule, expected=best_spaces)


def check_best_placement(side, event: str, space: int, landscape: Optional[str] = None, injuries: int = 0,
                         swords: int = 0, language: str = "en") -> Feedback:
    """Is ``space`` the best place to draw ``event`` on this side?

    The side is judged as it stands (empty spaces stay empty): each allowed space gets the best score of the side
    with ``event`` there (B16). With ``landscape`` (the flipped card) only empty spaces of that landscape are
    allowed (B2), as the game itself decides.

    >>> side = "F:.. D:O2 F:.. M:FT F:.. D:.. M:.. F:.. D:.. M:.. F:.. D:.."
    >>> check_best_placement(side, "SW", 1, landscape="F").ok, check_best_placement(side, "SW", 2, landscape="F").rule
    (True, 'B2')
    """
    say = words_for(language)
    return _said(say, partial(_best_placement, say, side, event, space, landscape, injuries, swords))


def _placement(say: Say, game, state, player: int, move) -> Feedback:
    from .rules import Decide, Place, PortalMove, Swap

    if isinstance(move, str):
        text, low = move.strip(), move.strip().lower()
        if not (low.startswith("flip") or (len(low) > 1 and low[0] == "p" and low[1].isdigit() and " " in low)):
            text = f"p{player + 1} {text}"
        move = game.parse_move(text, state)
    who = getattr(move, "player", None)
    if who is not None and who != player:
        return Feedback(False, say("other-player", who=who + 1, player=player + 1))
    game.apply(state, move)  # raises with the rule when the move is not legal
    if isinstance(move, Place):
        land = LANDSCAPES[game.sheet_of(state, player).lands[move.space - 1]]
        return _right(say("legal-place", event=event_name(move.event), space=move.space, land=land),
                      "B4" if game.easy else "B2")
    if isinstance(move, Swap):
        return _right(say("legal-swap", a=move.i, b=move.j), "B3")
    if isinstance(move, PortalMove):
        return _right(say("legal-choice", choice=_choice_words(say, {move.portal: move.source}, {}, move.portal)), "B5")
    if isinstance(move, Decide):
        return _right(say("legal-choice", choice=say.choice(move.option, move.space)), "B16")
    return _right(say("legal-flip"), "B2")  # chance's move


def check_placement(game, state, player: int, move, language: str = "en") -> Feedback:
    """Is ``move`` legal for ``player`` (0-based) in ``state``? The engine decides.

    ``move``: a move or its text, with or without the player (``"O2@5"``, ``"p1 O2@5"``, ``"swap 3 7"``). A refusal
    is the engine's own message, naming the rule.

    >>> from balada_widgets.balada import BaladaGame
    >>> g = BaladaGame(players=1, easy=True)
    >>> s = g.apply(g.initial_state(), "flip F O2")
    >>> check_placement(g, s, 0, "O2@2").message
    'You cannot draw the Obstacle 2 on space 2: space 2 is Desert but the landscape card is Forest (rule B2)'
    >>> check_placement(g, s, 0, "O2@1").ok
    True
    """
    say = words_for(language)
    return _said(say, partial(_placement, say, game, state, player, move))


def _game_total(say: Say, day, night, answer, injuries=0, swords=0) -> Feedback:
    day, night = parse_side(day), parse_side(night)  # a map side has 12 spaces (B1)
    d = score_side(day, injuries, swords)
    n = score_side(night, d.injuries, d.swords)
    total = d.points + n.points
    got = _number(say, answer, total)
    carried = dict(injuries=say.count(d.injuries, "injury"), swords=say.count(d.swords, "sword"))
    if got == total:
        return _right(say("total", day=d.points, night=n.points, total=total, **carried), "B17", expected=total)
    if (d.injuries or d.swords) and got == d.points + score_side(night, 0, 0).points:
        return replace(say.mis("carry-forgotten", say("notes.carried", **carried) + "."), expected=total)
    if got in (d.points, n.points):
        return replace(say.mis("one-round-only", say("notes.both-rounds") + "."), expected=total)
    for label, r, inj, sw in (("day", d, injuries, swords), ("night", n, d.injuries, d.swords)):
        found = _explained(say, r, got - (total - r.points), inj, sw, None, None)
        if found is not None:  # a misreading on one side: named with that side
            fb = say.mis(found[0][0], found[0][2] + ".", found[1])
            said = say("notes.on-side", side=say(f"notes.{label}"), text=fb.message[:1].lower() + fb.message[1:])
            return replace(fb, message=_cap(said), expected=total)
    return Feedback(False, say("total-walk"), expected=total)


def check_game_total(day, night, answer, injuries: int = 0, swords: int = 0, language: str = "en") -> Feedback:
    """Is ``answer`` the final score of a day side then a night side (best choices)?

    What the hero carries out of the day walk goes into the night walk (B6); the final score adds both (B17).

    >>> day, night = "O2 O2 SW .. .. .. .. .. .. .. .. ..", "FT .. .. .. .. .. .. .. .. .. .. .."
    >>> check_game_total(day, night, 4).ok, check_game_total(day, night, 0).misreading
    (True, 'carry-forgotten')
    """
    say = words_for(language)
    return _said(say, partial(_game_total, say, day, night, answer, injuries, swords), parse_number(answer))


def winners_of(results: Sequence[tuple[int, int]]) -> list[int]:
    """The winners (1-based) of a finished game, per player ``(final score, Changes of Landscape used)``, as the
    engine's :meth:`~.rules.BaladaGame.winners` decides (B17).

    >>> winners_of([(41, 1), (41, 0), (38, 0)])
    [2]
    """
    from .rules import BaladaGame, BaladaState, PlayerState, RoundRecord

    game = BaladaGame(players=len(results))
    players = tuple(PlayerState(game.sheet.night, (None,) * 12, swaps=swaps,
                                rounds=(RoundRecord("", "", points, 0, 0),)) for points, swaps in results)
    return [p + 1 for p in game.winners(BaladaState(players, round=1, pending=((),) * len(results), phase="over"))]


def _winner(say: Say, results, answer) -> Feedback:
    winners = winners_of(results)
    try:
        got = (sorted(int(t) for t in answer.replace(",", " ").replace("and", " ").split()) if isinstance(answer, str)
               else [answer] if isinstance(answer, int) else sorted(int(a) for a in answer))
    except ValueError:
        raise InvalidInput(say("players-numbers", answer=answer), move=str(answer)[:20]) from None
    if got == winners:
        said = say("win" if len(winners) > 1 else "wins", players=say.join(say("player", n=p) for p in winners))
        return _right(said, "B17", expected=winners)
    tied = [k + 1 for k, (p, _) in enumerate(results) if p == max(p for p, _ in results)]
    why = (say("tie-broken", players=say.join(tied)) if len(tied) > 1 and got == tied else
           say("tie-shared") if len(tied) > 1 and len(winners) > 1 and len(got) == 1 else say("top-score"))
    return Feedback(False, say("not-quite", why=why), "B17", expected=winners)


def check_winner(results: Sequence[tuple[int, int]], answer, language: str = "en") -> Feedback:
    """Who wins? ``results``: per player ``(final score, Changes of Landscape used)``; ``answer``: the winning
    player (1-based), or several for a shared win (a list or a text like ``"1, 3"``). The engine decides.

    >>> check_winner([(30, 1), (30, 0), (25, 0)], 2).ok, check_winner([(30, 1), (30, 0), (25, 0)], "1, 2").rule
    (True, 'B17')
    """
    say = words_for(language)
    return _said(say, partial(_winner, say, results, answer))


# ============================================================================ the lesson's exercises


@dataclass(frozen=True)
class Count(Number):
    """A whole number, with or without its unit (``"2"``, ``"2 injuries"``, ``"5 points"``)."""

    def read(self, raw):
        return super().read(re.sub(r"(?<=\d)\s*[^\d\s][^\d]*$", "", raw.strip()) if isinstance(raw, str) else raw)


@dataclass(frozen=True)
class SpacePick(Pick):
    """Click spaces of a sheet (``data-id="space-<n>"``); ``size``: exactly that many in a set, or 0."""

    size: int = 0
    unread: str = ""  # why a selection of another size is not read, in the lesson's words

    def read(self, raw):
        got, problem = super().read(raw)
        return (None, self.unread) if problem is None and self.size and len(got) != self.size else (got, problem)


def _space(id_) -> Optional[int]:
    return int(id_[6:]) if isinstance(id_, str) and id_.startswith("space-") and id_[6:].isdigit() else None


def _spaces_of(ids) -> list[int]:
    return sorted(n for n in map(_space, ids) if n is not None)


def _ids(nums) -> tuple:
    return tuple(f"space-{n}" for n in nums)


def _side(*events) -> str:
    """A side written event by event (codes like O2, FT, SW); the remaining spaces stay empty."""
    return " ".join(list(events) + [".."] * (12 - len(events)))


def _v():
    """The game's drawing (:mod:`.drawing`: pure SVG, no Solara), loaded when a board is first drawn."""
    from . import drawing

    return drawing


def _lands_of(side) -> tuple:
    from .content import load_sheet

    return tuple(s.landscape or land for s, land in zip(parse_side(side), load_sheet("standard").day))


def _sheet(side, selected=(), **kw) -> str:
    """A side as a player sees it at the table (printed symbols only); ``selected``: ids clicked so far."""
    return _v().sheet_svg(_lands_of(side), [s.event for s in parse_side(side)], picked=_spaces_of(selected),
                          worth=False, **kw)


def _table(game, state, line: str, selected=()) -> str:
    """The flipped cards above the learner's sheet (player 1), nothing highlighted."""
    ps = game.sheet_of(state, 0)
    return _v().table_svg([(line, "")], state.cards, None, False, ps.lands, ps.events, picked=_spaces_of(selected),
                          worth=False)


def _sheet_pick(say: Say, prompt, check, draw, table: bool = False, **kw) -> SpacePick:
    v = _v()
    return SpacePick(prompt, check, draw=draw, css=v.TABLE_CSS if table else v.SHEET_CSS, defs=v.DEFS,
                     label=say.common("table-label" if table else "map-sheet"), **kw)


def _figure(say: Say, side) -> Figure:
    """The side a question is about, drawn as at the table (not clickable)."""
    return Figure(lambda: _sheet(side, clickable=False), css=_v().SHEET_CSS, defs=_v().DEFS,
                  label=say.common("map-sheet"))


def _choose(say: Say, w, key: str, right, misread: dict, figure=None, **explained) -> Choose:
    """A question with its options (``steps.<id>.<key>.options``): ``right`` is accepted, every other option is
    named by its misreading (the file's option ids are checked: each is the one or the other)."""
    x = w.scope(key)
    options, said = x.section("options"), x("right")
    if set(options) != {right, *misread}:
        raise InvalidInput(f"{x.key('options')}: the options are {', '.join(sorted({right, *misread}))}")
    explanation = x("explain", **explained) if x.has("explain") else said
    return Choose(x("prompt"), lambda ans: _right(said, expected=right) if ans == right else say.mis(misread[ans]),
                  options=tuple(options.items()), hint=x("hint"), figure=figure,
                  solution=Solution(options[right], explanation))


def _walked(result: ScoreResult, where: Callable = lambda w: w) -> list:
    """The walk's trace as the answer walks it: every symbol met and every point (an empty space does nothing)."""
    return [replace(s, where=where(s.where)) for s in result.trace
            if s.points or (isinstance(s.where, int) and result.events[s.where - 1] is not None)]


def _points(say: Say, w, key: str, side, injuries=0, swords=0, focus=None, what: str = "point") -> Count:
    """How many points (or, ``what="injury"``, injuries carried off) does this side give?"""
    x, r = w.scope(key), score_side(side, injuries, swords)
    judge = partial(_injuries, say) if what == "injury" else partial(_score, say, focus=focus)
    return Count(x("prompt"), lambda n: _in_lesson(judge, side, n, injuries, swords), hint=x("hint"),
                 figure=_figure(say, side), unit=say.forms[what][-1], solution=Solution(
                     say.count(r.injuries if what == "injury" else r.points, what),
                     x("explain") if x.has("explain") else say.common("walked"), trace=_walked(r)))


def _at_space(side, space: int, injuries=0, swords=0) -> tuple:
    """``(layout, 0-based space, hero)``: the hero reaching ``space`` on the best walk (what ``options_at`` takes)."""
    r = score_side(side, injuries, swords)
    layout = Layout.of(r.events)
    return layout, space - 1, _hero_at(layout, Hero(injuries, swords, 0), r.choices.decisions, space - 1)


def _best_option(side, space: int, injuries=0, swords=0) -> str:
    """The engine's best choice at ``space`` (B16; ``"-"``: a Portal taking nothing)."""
    best = score_side(side, injuries, swords).choices
    portals = dict(best.portals)
    return best.decisions[space] if space not in portals else "-" if portals[space] is None else str(portals[space])


def _choice_step(say: Say, w, key: str, side, space: int, misread: dict, injuries=0, swords=0) -> Choose:
    """What should the hero do at ``space``: the engine's best choice; the answer says what each option scores."""
    options = [(o, None) for o in options_at(*_at_space(side, space, injuries, swords))]
    return _choose(say, w, key, _best_option(side, space, injuries, swords), misread, _figure(say, side),
                   scores=_each_scored(say, side, space, options, injuries, swords))


# ---------------------------------------------------------------- 1. goal, 2. draw


def _step_goal(say: Say, w) -> tuple:
    lands = _lands_of(_side())
    mountains = [i for i, land in enumerate(lands, 1) if land == "M"]
    x = w.scope("mountains")
    said, misread, count = x.template("right", "spaces"), x.template("misread", "space", "land"), x.template("count", "n")

    def check(picked) -> Feedback:
        if set(_spaces_of(picked)) == set(mountains):
            return _right(said(spaces=say.spaces(mountains)), "B1", expected=frozenset(_ids(mountains)))
        other = [n for n in _spaces_of(picked) if n not in mountains]
        if other:
            return say.mis("landscape-misread", misread(space=other[0], land=LANDSCAPES[lands[other[0] - 1]]))
        return say.mis("landscape-count", count(n=len(picked)))

    sheet = say.join(x("land", space=i, land=LANDSCAPES[land]) for i, land in enumerate(lands, 1))
    a = _sheet_pick(say, x("prompt"), check, lambda sel: _sheet(_side(), sel), mode="set", hint=x("hint"),
                    solution=Solution(say.spaces(mountains), x("explain", sheet=sheet), picks=_ids(mountains)))
    return a, _choose(say, w, "winner", "sum", {"night": "goal-night-only", "race": "goal-race"})


@lru_cache(maxsize=None)
def _position(*moves):
    """A one-player game after ``moves`` (the engine plays them)."""
    from .rules import BaladaGame

    g = BaladaGame(players=1)
    s = g.initial_state()
    for m in moves:
        s = g.apply(s, m)
    return g, s


def _step_draw(say: Say, w) -> tuple:
    from .rules import Place

    g, s = _position("flip M O2 BS", "p1 O2@3", "flip M SW O2")
    ps = g.sheet_of(s, 0)
    legal = sorted({m.space for m in g.legal_moves(s, 0) if getattr(m, "event", None) == "SW"})
    x = w.scope("sword")
    said = x.template("right", "space", "land")

    def check(id_) -> Feedback:
        n = _space(id_)
        try:
            g.apply(s, Place(0, "SW", n))
        except GameError as e:
            return _refused(e, "filled-space" if ps.events[n - 1] is not None else "wrong-landscape")
        return _right(said(space=n, land=LANDSCAPES[ps.lands[n - 1]]), "B2")

    mountains = say.join(i for i, land in enumerate(ps.lands, 1) if land == "M")
    turn = say.common("turn", turn=s.turn)
    a = _sheet_pick(say, x("prompt"), check, lambda sel: _table(g, s, turn, sel), table=True, hint=x("hint"),
                    solution=Solution(x("answer", spaces=say.spaces(legal)), x("explain", mountains=mountains),
                                      picks=_ids(legal)))
    return a, _choose(say, w, "reveal", "before", {"new": "reveal-early", "nothing": "reveal-never"})


# ---------------------------------------------------------------- 3. obstacle to 9. princess: the walk's symbols

OBSTACLES, HEAL, LOST = _side("O2", "O1", "O3", "..", "O2"), _side("O3", "O2", "FT"), _side("O3", "O3", "FT")
SWORD, BOSS, SAVE = _side("SW", "O3"), _side("SW", "..", "SW", "..", "BS"), _side("SW", "SW", "O3", "BS")
TOWER, CHEST = _side("KY", "O2", "TW", "O1", "FT", "TW"), _side("KY", "O1", "..", "..", "..", "CH", "FT")
NEAR, LATE_KEY = _side("KY", "SW", "CH"), _side("SW", "CH", "..", "KY")
PRINCESS, RUN = _side("FT", "TW", "O2", "BS", "PR"), _side("FT", "BS", "O1", "TW", "O2", "PR")


def _step_obstacle(say: Say, w) -> tuple:
    return (_points(say, w, "injuries", OBSTACLES, what="injury"),)


def _step_fountain(say: Say, w) -> tuple:
    return _points(say, w, "heal", HEAL, focus="B8"), _points(say, w, "knocked", LOST, focus="B8")


def _step_sword(say: Say, w) -> tuple:
    return (_choice_step(say, w, "spend", SWORD, 2, {"endure": "sword-endure-knockdown", "same": "sword-scores-nothing"},
                         injuries=4),)


def _step_boss(say: Say, w) -> tuple:
    return (_points(say, w, "points", BOSS, focus="B10"),
            _choice_step(say, w, "save", SAVE, 3, {"sword": "sword-spent-before-boss", "safe": "boss-worth-less"}))


def _step_tower(say: Say, w) -> tuple:
    return (_points(say, w, "points", TOWER, focus=("B7", "B11")),)


def _step_key_chest(say: Say, w) -> tuple:
    a = _points(say, w, "points", CHEST, focus="B14")
    b = _choice_step(say, w, "open", NEAR, 3, {"key": "chest-key-adjacent", "leave": "chest-left-closed"})
    # what can open the Chest: the options the engine offers the hero there (leaving it closed aside)
    chest = next(k for k, s in enumerate(parse_side(LATE_KEY), 1) if s.event == "CH")
    can = set(options_at(*_at_space(LATE_KEY, chest))) - {"leave"}
    opens = {"key": {"key"}, "sword": {"sword"}, "either": {"key", "sword"}, "nothing": set()}
    right = next(i for i, opened in opens.items() if opened == can)
    misread = {i: "key-after-chest" if "key" in opened else "chest-left-closed" for i, opened in opens.items()}
    return a, b, _choose(say, w, "late", right, {i: m for i, m in misread.items() if i != right}, _figure(say, LATE_KEY))


def _princess_run(side, injuries=0, swords=0) -> frozenset:
    """The spaces whose Dangers the first Princess counts, read off the engine's walk (best choices).

    A Danger: an Obstacle got past without a knock-down, a defeated Boss, a Tower (B15); the run is the unbroken
    line of them right before her. (A test checks that their values add up to the engine's points.)
    """
    r = score_side(side, injuries, swords)
    layout, decisions = Layout.of(r.events), dict(r.choices.decisions)
    hero, danger = Hero(injuries, swords, 0), []
    for i in range(r.events.index("PR")):
        opts = options_at(layout, i, hero)
        option = decisions.get(i + 1) if len(opts) > 1 else opts[0]
        after, st = _walk_one(layout, i, hero, option)
        ev = r.events[i]
        danger.append(ev == "TW" or (ev == "BS" and option == "fight")
                      or (is_obstacle(ev) and not _Ctx(layout, i, option, hero, after, st.points).knocked_down))
        hero = after
    run = len(danger) - next((k for k, d in enumerate(reversed(danger)) if not d), len(danger))
    return frozenset(_ids(range(run + 1, len(danger) + 1)))


def _step_princess(say: Say, w) -> tuple:
    run, r = _princess_run(RUN), score_side(RUN)
    boss = next(k for k, s in enumerate(parse_side(RUN), 1) if s.event == "BS")
    towers = {k for k, s in enumerate(parse_side(RUN), 1) if s.event == "TW"}
    x = w.scope("run")
    said, no_sword, missing = x.template("right", "spaces"), x("no-sword"), x("missing")

    def check(picked) -> Feedback:
        extra, left_out = _spaces_of(frozenset(picked) - run), set(_spaces_of(run - frozenset(picked)))
        if not extra and not left_out:
            return _right(said(spaces=say.spaces(_spaces_of(run))), "B15", expected=run)
        if boss in extra:
            return say.mis("princess-undefeated-boss", no_sword)
        if extra or towers & left_out:
            return say.mis("princess-whole-path" if extra else "princess-tower-breaks")
        return Feedback(False, missing, "B15")

    return (_points(say, w, "points", PRINCESS, swords=2, focus="B15"),
            _sheet_pick(say, x("prompt"), check, lambda sel: _sheet(RUN, sel), mode="set", hint=x("hint"),
                        solution=Solution(say.spaces(_spaces_of(run)), x("explain"), trace=_walked(r),
                                          picks=_ids(_spaces_of(run)))))


# ---------------------------------------------------------------- 10. portal, 11. change of landscape

PORTAL = _side("PT", "TW", "O2", "FT", "KY", "..", "CH")
CHAIN = _side("..", "PT", "..", "..", "FI", "..", "..", "..", "PT")


def _step_portal(say: Say, w) -> tuple:
    events = [s.event for s in parse_side(PORTAL)]
    sources = [i for i, e in enumerate(events, 1) if e and e != "PT"]
    best = _best_option(PORTAL, 1)
    x = w.scope("take")
    options = [("-", x("nothing"))] + [(str(i), x("source", event=event_name(events[i - 1]), space=i)) for i in sources]
    misread = {"-": "portal-nothing", **{str(i): "portal-chest-first" if events[i - 1] == "CH" else "portal-weaker"
                                         for i in sources}}
    name = event_name(events[int(best) - 1])
    said = x("right", event=name)
    a = Choose(x("prompt"), lambda ans: _right(said, expected=best) if ans == best else say.mis(misread[ans]),
               options=tuple(options), hint=x("hint"), figure=_figure(say, PORTAL),
               solution=Solution(dict(options)[best], x("explain", event=name, scores=_each_scored(say, PORTAL, 1,
                                                                                                   options))))
    b = _choose(say, w, "order", "first", {"last": "portal-order", "both": "portal-order"})
    # may a later Portal take what an earlier one moved (P2)? the engine scores that line, or refuses it
    chained = _try_score(CHAIN, 0, 0, parse_choices("P2<5 P9<2")) is not None
    chain = {"yes": "portal-no-chain", "once": "portal-no-chain", "after": "portal-any-space"}
    right = "yes" if chained else "once"
    return a, b, _choose(say, w, "chain", right, {k: m for k, m in chain.items() if k != right})


def _step_change(say: Say, w) -> tuple:
    from .rules import Place, Swap

    g, s = _position("flip M O2 BS", "p1 O2@3", "flip F SW TW")
    ps, want = g.sheet_of(s, 0), 2
    x = w.scope("swap")
    said, misses = x.template("right", "a", "b", "space"), x.template("misses", "space", "land")

    def check(picked) -> Feedback:
        i, j = _spaces_of(picked)
        try:
            after = g.apply(s, Swap(0, i, j))
        except GameError as e:
            return _refused(e, "swap-refused")
        if Place(0, "SW", want) not in g.legal_moves(after, 0):
            return say.mis("swap-misses-target", misses(space=want, land=LANDSCAPES[g.sheet_of(after, 0).lands[want - 1]]))
        return _right(said(a=i, b=j, space=want), "B3")

    forest = [n for n, land in enumerate(ps.lands, 1) if land == "F" and ps.events[n - 1] is None]
    turn = say.common("turn", turn=s.turn)
    a = _sheet_pick(say, x("prompt", space=want), check, lambda sel: _table(g, s, turn, sel), table=True, mode="set",
                    size=2, unread=say.common("click-exactly", n=2), hint=x("hint", space=want),
                    solution=Solution(x("answer", space=want, forest=say.join(forest)), x("explain", space=want),
                                      picks=_ids((forest[0], want))))
    return a, _choose(say, w, "again", "no", {"yes": "swap-twice", "cost": "swap-tie-cost"})


# ---------------------------------------------------------------- 12. the walk, choice by choice

WALK = "F:SW D:O2 M:BS F:CH D:KY M:TW F:O3 D:PR M:FT F:FI D:PT M:SW"


@lru_cache(maxsize=None)
def _walk_start():
    """A one-round game at its scoring walk, with the side ``WALK`` drawn (the engine asks the decisions, P6)."""
    from .rules import BaladaGame, BaladaState, PlayerState

    g, side = BaladaGame(players=1, easy=True), parse_side(WALK)
    ps = PlayerState(tuple(s.landscape for s in side), tuple(s.event for s in side))
    return g, g._start_scoring(BaladaState((ps,), turn=12, pending=((),), phase="place"))


def _walk_id(m) -> str:
    if hasattr(m, "portal"):
        return f"portal-{m.portal}-{'none' if m.source is None else m.source}"
    return f"choice-{m.space}-{m.option}"


def _walk_replay(sel) -> tuple:
    """``(game, state, moves played)`` after the learner's clicks (``back`` takes the last choice back)."""
    g, state = _walk_start()
    ids: list = []
    for id_ in sel:
        ids = ids[:-1] if id_ == "back" else ids + [id_]
    played = []
    for id_ in ids:
        moves = {} if g.is_over(state) else {_walk_id(m): m for m in g.legal_moves(state, 0)}
        if id_ in moves:  # else a click on a choice no longer offered
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
        pick = next((m for m in moves if (m.source == portals.get(m.portal, -1) if hasattr(m, "portal")
                                          else m.option == decisions.get(m.space))), moves[0])
        out.append(_walk_id(pick))
        state = g.apply(state, pick)
    return tuple(out)


def _walk_draw(say: Say, board, sel) -> str:
    """The side, the hero at the decision, what the hero carries, and the choices as buttons under the sheet."""
    from ..kit.svg import group, rect, svg, text

    v = _v()
    g, state, _played = _walk_replay(sel)
    ps, walk = state.players[0], state.players[0].walk
    hero = portal = None
    moves = []
    if g.is_over(state):
        events = list(score_side(WALK, choices=ps.rounds[0].choices).events)
        lines = [board("over", points=say.count(_walk_points(state), "point"))]
    else:
        portal = walk.portals_left[0] if walk.portals_left else None
        hero = None if portal else walk.pos + 1
        first_key = Layout.of(walk.events).first_key
        key = board("yes" if not portal and first_key is not None and 0 <= first_key < walk.pos else "no")
        lines = [board("carry", points=walk.points, injuries=walk.hero.injuries, swords=walk.hero.swords, key=key),
                 board("portal", portal=portal) if portal else board("hero", space=walk.pos + 1)]
        moves, events = g.legal_moves(state, 0), walk.events
    out = [group(v.sheet_parts(ps.lands, events, picked=(), portal=portal, hero=hero, worth=False, clickable=False))]
    y = v.SHEET_H + 18
    for line in lines:
        out.append(text(14, y, line, font_size=13.5, fill="#333", font_weight="600"))
        y += 20
    x0, row_h = 14, 30
    for m in moves:
        label = g.describe_move(state, m, viewer=0)  # the engine's words, as a button: "Use a sword on..."
        label = _cap(re.sub(r"^Your Portal on space \d+ takes ", "take ", label[4:] if label.startswith("You ") else label))
        width = 18 + 6.6 * len(label)
        if x0 + width > v.SHEET_W - 10:
            x0, y = 14, y + row_h + 6
        out.append(group([rect(0, 0, width, row_h, rx=15, fill="#eef3fb", stroke="#1e6fd9", stroke_width=1.5,
                               class_="bg"),
                          text(width / 2, 19.5, label, font_size=12.5, fill="#12407a", text_anchor="middle")],
                         transform=f"translate({x0},{y})", class_="choice", data_id=_walk_id(m), role="button",
                         aria_label=label))
        x0 += width + 8
    return svg(out, v.SHEET_W, y + row_h + 12, class_="balada-sheet balada-walk", role="img",
               aria_label=say.common("walk-label"), font_family=v.FONT)


@dataclass(frozen=True)
class WalkPick(Pick):
    """The walk clicked choice by choice; an unfinished walk is not counted as a try."""

    unread: str = ""

    def read(self, raw):
        got, problem = super().read(raw)
        g, state, _played = _walk_replay(got or ())
        return (None, self.unread) if problem is None and not g.is_over(state) else (got, problem)


def _step_walk(say: Say, w) -> tuple:
    best = score_side(WALK)
    x = w.scope("walk")
    said, scored = x.template("right", "points"), x.template("scored", "points")
    parts_portal, parts = x.template("parts-portal", "space"), x.template("parts", "space")
    board = x.sentences("board", say.reference)  # what the board says as the learner walks

    def check(seq) -> Feedback:
        _g, state, played = _walk_replay(seq)
        mine = _walk_points(state)
        if mine == best.points:
            return _right(said(points=say.count(mine, "point")), "B16", expected=best.points)
        at = next((k for k, (a, b) in enumerate(zip(map(_walk_id, played), _walk_best_ids())) if a != b), None)
        rule, where = "B16", ""
        if at is not None:
            m = played[at]
            space = m.portal if hasattr(m, "portal") else m.space
            where, ev = (parts_portal if hasattr(m, "portal") else parts)(space=space), best.side[space - 1].event
            rule = {"BS": "B10", "CH": "B14", "PT": "B5"}.get(ev, "B7" if is_obstacle(ev) else "B16")
        fb = say.mis("walk-not-best", where, rule)
        return replace(fb, message=f"{scored(points=say.count(mine, 'point'))} {fb.message}")

    v = _v()
    return (WalkPick(x("prompt"), check, draw=partial(_walk_draw, say, board), mode="sequence",
                     buttons=(("back", x("take-back")),), unread=x("unfinished"), defs=v.DEFS,
                     css=v.SHEET_CSS + ".balada-walk .choice { cursor: pointer; } "
                                       ".balada-walk .choice:hover .bg { fill: #dce6f5; }",
                     label=say.common("walk-label"), hint=x("hint"),
                     solution=Solution(x("answer", points=say.count(best.points, "point"),
                                         choices=choices_in_words(best.choices, say)), x("explain"),
                                       trace=_walked(best), picks=_walk_best_ids())),)


# ---------------------------------------------------------------- 13. fish, 14. two rounds, 15. easy version

FISH = _side("FI", "O2", "FI", "FT", "FI")
DAY, NIGHT = _side("O2", "O2", "SW"), _side("FT", "O1")
RESULTS = ((41, 1), (41, 0), (38, 0))  # (final score, Changes of Landscape used) of players 1, 2, 3
DAY_KEY, NIGHT_TOWER = _side("KY", "FI"), _side("TW", "FI")

#: the two sides of a sheet, one above the other, drawn no wider than this: the question, its answer and Check fit
#: a 1400x900 window together
TWO_SIDES_CSS = ".bw-lesson-figure svg.balada-two-sides { max-width: min(100%, 560px); }"


def _step_fish(say: Say, w) -> tuple:
    return (_points(say, w, "points", FISH, focus="B12"),)


def _figure_two(w, day, night) -> Figure:
    """The day side above the night side (printed symbols only), as the sheet is turned over."""
    from .content import load_sheet

    v, labels, night_lands = _v(), (w("day"), w("night")), load_sheet("standard").night

    def draw():
        from ..kit.svg import group, svg, text

        parts = []
        for k, (label, side, lands) in enumerate(zip(labels, (day, night), (_lands_of(day), night_lands))):
            top = k * (v.SHEET_H + 24)
            parts += [text(14, top + 18, label, font_size=14, font_weight="700", fill="#7a6a48"),
                      group(v.sheet_parts(lands, [s.event for s in parse_side(side)], worth=False, clickable=False),
                            transform=f"translate(0,{top + 24})")]
        return svg(parts, v.SHEET_W, 2 * v.SHEET_H + 52, class_="balada-sheet balada-two-sides", role="img",
                   aria_label=w("sides"), font_family=v.FONT)

    return Figure(draw, css=v.SHEET_CSS + TWO_SIDES_CSS, defs=v.DEFS, label=w("sides"))


def _step_rounds(say: Say, w) -> tuple:
    d = score_side(DAY)
    n = score_side(NIGHT, d.injuries, d.swords)
    x = w.scope("total")
    night = _walked(n, lambda where: x("night", where=where))
    explain = x("explain", day=say.count(d.points, "point"), night=say.count(n.points, "point"),
                injuries=say.count(d.injuries, "injury"), swords=say.count(d.swords, "sword"))
    a = Count(x("prompt"), lambda got: _in_lesson(_game_total, say, DAY, NIGHT, got), unit=say.forms["point"][-1],
              hint=x("hint"), figure=_figure_two(w, DAY, NIGHT),
              solution=Solution(say.count(d.points + n.points, "point"), explain, trace=_walked(d) + night))
    winners = "".join(map(str, winners_of(RESULTS)))
    misread = {"12": "winner-shared", "1": "winner-more-changes", "2": "winner-more-changes", "3": "winner-score"}
    b = _choose(say, w, "winner", winners, {k: m for k, m in misread.items() if k != winners})
    c = _choose(say, w, "key", "no", {"yes": "key-carried", "unused": "key-used-up"}, _figure_two(w, DAY_KEY, NIGHT_TOWER))
    return a, b, c


def _step_easy(say: Say, w) -> tuple:
    return (_choose(say, w, "draw", "O2", {"any": "easy-any-symbol", "skip": "easy-no-skip"}),
            _choose(say, w, "change", "yes", {"no": "easy-no-change", "night": "easy-one-round"}))


# ---------------------------------------------------------------- 16. a whole game

PLACE = "F:SW D:O2 F:.. M:BS F:.. D:FT M:.. F:.. D:.. M:.. F:.. D:.."


def _step_play(say: Say, w) -> tuple:
    from .rules import BaladaGame, BaladaState, Flip, PlayerState

    side = parse_side(PLACE)
    ps = PlayerState(tuple(s.landscape for s in side), tuple(s.event for s in side), swapped=True, swaps=1)
    g = BaladaGame(players=1)
    s = BaladaState((ps,), turn=sum(x.event is not None for x in side) + 1, cards=Flip("F", "SW", "FI"),
                    pending=((),), phase="place")
    boss = next(k for k, sp in enumerate(side, 1) if sp.event == "BS")
    x = w.scope("place")
    less = x("less")

    def check(id_) -> Feedback:
        n = _space(id_)
        fb = _in_lesson(_best_placement, say, PLACE, "SW", n, landscape="F")
        if fb.ok or fb.rule in ("B2", "B3", "B4"):
            return fb  # right, or the engine's refusal: not a Forest space, or not empty
        return say.mis("placement-after-boss") if n > boss else Feedback(False, less, "B16")

    def scored(space: int) -> str:
        return say.count(best_points(tuple(sp.event for sp in _side_with(side, space, "SW"))), "point")

    allowed = [m.space for m in g.legal_moves(s, 0) if getattr(m, "event", None) == "SW"]
    best = _best_placement(say, PLACE, "SW", allowed[0], landscape="F").expected
    after = next(k for k in allowed if k > boss)  # the first space the Sword may go after the Boss
    explain = x("explain", after=after, worse=scored(after), best=say.spaces(best), points=scored(best[0]), boss=boss)
    return (_sheet_pick(say, x("prompt"), check, lambda sel: _table(g, s, say.common("turn", turn=s.turn), sel),
                        table=True, hint=x("hint"), solution=Solution(say.spaces(best), explain, picks=_ids(best))),)


# ============================================================================ the lesson and the notebook face

#: each step's oracle, by id: ``_step_<id>`` (``key-chest``: ``_step_key_chest``)
_BUILDERS = {i: globals()[f"_step_{i.replace('-', '_')}"] for i, _rules in STEP_RULES}


class Built(NamedTuple):
    """One language's lesson and what the docs and the tests read with it."""

    lesson: Lesson
    steps: tuple
    misreadings: dict
    kit: dict
    say: Say


def build_lesson(words: lesson_words.LessonWords) -> Built:
    """The lesson in the language of ``words``: every step's oracle with its words (every key is read)."""
    say = Say(words, None if words.language == "en" else _english())
    out, infos = [], []
    for step_id, rules in STEP_RULES:
        w = words.scope(f"steps.{step_id}")
        parts = _BUILDERS[step_id](say, w)
        out.append(LessonStep(step_id, w("title"), rules, w("text"), parts if len(parts) > 1 else parts[0]))
        infos.append(Step(step_id, w("title"), rules, w("goal")))
    return Built(Lesson(words.text("title"), tuple(out)), tuple(infos), say.misreadings, words.section("kit"), say)


@lru_cache(maxsize=None)
def _built(language: str) -> Built:
    return lesson_words.build(LESSONS, language, build_lesson)


def lesson(language: str = "en") -> Lesson:
    """The tutorial as a :class:`~balada_widgets.kit.lesson.Lesson` in ``language`` (built once, on first use).

    Built once and shared by every learner (every page of the app): immutable data, the same for everybody. What
    one learner does lives in their own tutorial (its progress, and :func:`~balada_widgets.kit.lesson.learner_store`).

    :raises InvalidInput: no lesson file in that language (the message lists them), or the file is wrong.
    """
    return _built(language).lesson


def steps(language: str = "en") -> tuple:
    """The steps as :class:`~balada_widgets.core.feedback.Step` values (id, title, rulings, what the learner does)."""
    return _built(language).steps


def misreadings(language: str = "en") -> dict:
    """Every misreading the checks recognise, by id, in ``language``."""
    return _built(language).misreadings


def kit_words(language: str = "en") -> dict:
    """The kit's lesson player's words in ``language`` (the file's ``kit``: how a ruling is named...)."""
    return dict(_built(language).kit)


def step_by_id(step_id: str) -> Step:
    """The :class:`~balada_widgets.core.feedback.Step` of this tutorial with that id (``KeyError`` if none).

    >>> step_by_id("princess").rules
    ('B15',)
    """
    return find_step(steps(), step_id)


def __getattr__(name: str):
    """``STEPS`` and ``MISREADINGS``: the English lesson's (read from its file on first use)."""
    english = {"STEPS": steps, "MISREADINGS": misreadings}
    if name in english:
        return english[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_FACE = NotebookFace(lesson, [i for i, _ in STEP_RULES], lambda language="en": (
    f"no such step in the Balada tutorial; the steps are {', '.join(i for i, _ in STEP_RULES)}"), kit_words)


def tutorial(language: str = "en"):
    """The notebook face of the lesson in ``language`` (one per kernel, so every cell shares the progress)."""
    return _FACE.tutorial(language)


def step(step_id: Optional[str] = None, language: str = "en"):
    """Show step ``step_id`` of the tutorial (the last expression of a notebook cell): ``step("boss")``.

    :raises InvalidInput: no step has that id (the message lists them), or no lesson in that language.
    """
    return _FACE.step(step_id, language)
