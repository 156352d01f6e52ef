"""The Balada tutorial: sixteen steps, each an exercise on the game's board, checked by the engine.

A notebook cell is one line, ``balada.tutorial.step("boss")`` (Step 6 of 16: The Boss). This module holds the
lesson's *oracles*: for each step the position, the right answer and how each wrong answer is read, computed by the
engine (the lesson is built when a step is first shown). Its *words* (titles, prose, prompts, hints, misreadings,
explanations, the options' labels, what the checks say) are data: ``balada/lessons/<language>.yaml``, read and
checked by :mod:`balada_widgets.core.lesson_words` (format: ``docs/lessons.md``).

Every step is a short text and an exercise the learner *does* (click spaces on the map sheet, type a score, choose
among three options or more, walk a side choice by choice) on the game's own drawing as a player sees it at the
table: no Boss worth, no Tower bonus, no highlighted target. The kit gives the tiers: the misreading named with its
ruling ("our ruling B7": the rule text has no numbers), a hint, then the answer walked through symbol by symbol.

The right answer comes from the engine (:func:`~.scoring.score_side`, the optimiser, :meth:`~.rules.BaladaGame.apply`
and ``winners``); a wrong number is explained by replaying the engine's walk with one *misreading* of the rules at a
time (:data:`MISREADINGS`, listed in ``docs/balada.md``), named with what the walk did, never with the right number.
The checks also work on their own (the lab), in any language of the lesson: :func:`check_score`,
:func:`check_injuries`, :func:`check_choices`, :func:`check_best_choice`, :func:`check_best_placement`,
:func:`check_game_total`.

>>> print(check_score("TW O2 FT .. .. .. .. .. .. .. .. ..", 2).message)  # doctest: +NORMALIZE_WHITESPACE
Not 2. Each Tower adds 1 to the Obstacles right beside it. The Obstacle at space 2 stands beside a Tower. (rule B7)
>>> [s.id for s in steps()][:3], lesson().position("boss")
(['goal', 'draw', 'obstacle'], 'Step 6 of 16')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache, partial, reduce
from pathlib import Path
from typing import Callable, Iterable, NamedTuple, Optional, Sequence

from ..core import lesson_words
from ..core.files import read_data_text
from ..core.errors import GameError, IllegalMove, InvalidInput
from ..core.feedback import Feedback, Step, exercise_check, find_step, parse_number  # noqa: F401 (re-exported)
from ..kit.lesson import Built, Choose, Figure, Lesson, LessonBook, Number, Pick, Solution, build_steps
from ..kit import svg
from . import drawing
from .content import load_sheet
from .rules import BaladaGame, BaladaState, Flip, Place, PlayerState, RoundRecord, Swap
from .scoring import (
    EVENT_NAMES, LANDSCAPES, Choices, Hero, Layout, ScoreResult, best_points, event_name, fish_step, is_obstacle,
    options_at, parse_choices, parse_side, score_side, step as _walk_one,
)

__all__ = ("LESSONS MISREADINGS Misreading STEPS build_lesson check_best_choice check_best_placement check_choices "
           "check_game_total check_injuries check_score choices_in_words kit_words lesson step step_by_id steps "
           "tutorial winners_of words_for").split()

#: the folder of the lesson's files, one per language (``en.yaml``: the reference every other language follows)
LESSONS = Path(__file__).resolve().parent / "lessons"
#: the sheet's look in the lesson: the sheet's own, and the lesson's (``lessons/boards.css``: the walk's buttons, the
#: two sides' width)
LESSON_CSS = drawing.SHEET_CSS + read_data_text(LESSONS / "boards.css", what="lesson style")

#: the steps in order, each with the rulings it teaches (its words are ``steps.<id>`` of the files)
STEP_RULES = tuple((s.split()[0], tuple(s.split()[1:])) for s in (
    "goal B1 B17, draw B1 B2 P5, obstacle B6 B7, fountain B8, sword B7 B9 B16, boss B10, tower B7 B11, "
    "key-chest B13 B14 P3, princess B15, portal B5 P2, change B3 P4, walk B6 B16 P1 P6, fish B12, "
    "rounds B6 B13 B17, easy B4 P7, play B2 B3 B16 B17 P5").split(", "))


@dataclass(frozen=True)
class Misreading:
    """A way to misread the rules: its id, the ruling it misreads and what a wrong answer is told."""

    id: str
    rule: str
    message: str


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class Say:
    """What the checks say in one language: the file's ``checks`` (:class:`~balada_widgets.core.lesson_words.Sentences`,
    said later with what the answer did; ``reference``: English's), its counted words and its misreadings."""

    def __init__(self, words: lesson_words.LessonWords, reference: Optional[lesson_words.LessonWords] = None):
        self.words, self.language, self.reference, self.common = words, words.language, reference, words.scope("words")
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


@lru_cache(maxsize=None)
def words_for(language: str = "en") -> Say:
    """The checks' words in ``language``, for a check called on its own (:class:`InvalidInput`: no such lesson)."""
    files = lesson_words.language_files(LESSONS)
    if language not in files:
        raise InvalidInput(f"no lesson in the language {language!r}; there are: {', '.join(files)}",
                           move=str(language)[:20])
    return Say(lesson_words.load(files[language], language), None if language == "en" else words_for().words)


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


# ======================================================================= misreadings, replayed on the engine's walk


class _Ctx(NamedTuple):
    """One step of the replayed walk, as the engine computed it: at 0-based space ``i`` (``space``), its event."""

    layout: Layout
    i: int
    space: int
    event: Optional[str]
    option: str
    before: Hero
    after: Hero
    points: int

    @property
    def knocked_down(self) -> bool:
        # the engine's verdict: an endured obstacle (worth at least 1) that leaves 0 injuries knocked the hero down
        return is_obstacle(self.event) and self.option == "endure" and self.after.injuries == 0


def _replay(layout: Layout, hero: Hero, decisions, mid: Optional[str] = None, variant: int = 0, fish=None):
    """Walk ``layout`` with the engine's :func:`~.scoring.step`, misreading its steps as ``mid`` (:func:`_misstep`;
    ``fish``: the Fish's): ``(total, the notes' fields, hero at the end)``, ``None`` if the decisions no longer fit."""
    total, notes, h = 0, [], hero
    for i in range(len(layout.events)):
        opts = options_at(layout, i, h)
        o = decisions.get(i + 1) if len(opts) > 1 else opts[0]
        if o not in opts:
            return None
        after, st = _walk_one(layout, i, h, o)
        got = _misstep(mid, variant, _Ctx(layout, i, i + 1, layout.events[i], o, h, after, st.points)) if mid else None
        after, pts = (got[0], got[1]) if got is not None else (after, st.points)
        notes += [got[2]] if got is not None else []
        total, h = total + pts, after
    got = fish(layout) if fish is not None else None
    notes += [got[1]] if got is not None else []
    return total + (got[0] if got is not None else fish_step(layout).points), notes, h


#: the misreadings of a step of the walk (:func:`_misstep`), in the order they are tried (``:2``: read two ways)
_READINGS = tuple((m.split(":")[0], 2 if m.endswith(":2") else 1) for m in (
    "knockdown boss-from-start boss-own-space boss-undefeated chest-own-spaces:2 chest-last-key tower-without-key "
    "tower-with-key princess-knockdown princess-tower-breaks princess-undefeated-boss:2 princess-sworded-obstacle:2 "
    "princess-whole-path").split())


def _misstep(mid: str, variant: int, c: _Ctx):
    """Step ``c`` of the engine's walk as misreading ``mid`` (its ``variant``) walks it: ``None`` (read right) or
    ``(hero after, points, the note's fields)``; ``c.after`` and ``c.points`` are the engine's truth."""
    ev, run, here, option = c.event, c.before.run, dict(space=c.space), c.option
    keys = [k + 1 for k in range(c.i) if c.layout.events[k] == "KY"]
    if mid == "knockdown" and c.knocked_down:
        inj = c.before.injuries + c.layout.effective[c.i]
        return Hero(inj, c.after.swords, run + c.layout.effective[c.i]), 0, dict(here, n=inj)
    if mid == "boss-from-start" and ev == "BS" and option == "fight" and c.space != c.points:
        return replace(c.after, run=run + c.space), c.space, here
    if mid == "boss-own-space" and ev == "BS" and option == "fight":
        return replace(c.after, run=run + c.points - 1), c.points - 1, here
    if mid == "boss-undefeated" and ev == "BS" and option == "pass":
        return c.after, c.layout.boss_value(c.i), here
    if mid == "chest-own-spaces" and ev == "CH" and option == "key":  # both ends counted, or one
        return c.after, c.points + 2 - variant, dict(here, key=keys[0])
    if mid == "chest-last-key" and ev == "CH" and option == "key" and len(keys) > 1:
        return c.after, c.space - keys[-1] - 1, dict(here, first=keys[0], last=keys[-1])
    if ev == "TW" and (mid == "tower-without-key" and not c.points or mid == "tower-with-key" and c.points):
        return c.after, 2 - c.points, here  # 2 without the key, nothing with it
    if mid == "princess-knockdown" and c.knocked_down:
        return replace(c.after, run=run + c.layout.effective[c.i]), 0, here
    if mid == "princess-tower-breaks" and ev == "TW" and run:
        return replace(c.after, run=0), c.points, here
    if mid == "princess-undefeated-boss" and ev == "BS" and option == "pass":  # its value in the run, or nothing
        return replace(c.after, run=run + (c.layout.boss_value(c.i) if variant == 0 else 0)), c.points, here
    if mid == "princess-sworded-obstacle" and is_obstacle(ev) and option == "sword":  # the run going on, or ended
        return replace(c.after, run=run if variant == 0 else 0), c.points, here
    if mid == "princess-whole-path" and c.after.run == 0 and run and ev != "PR":
        return replace(c.after, run=run), c.points, dict(here, event=event_name(ev))
    return None


def _tower_bonus(layout: Layout):
    """The side with every Obstacle at its printed value, and the Obstacles a Tower raises."""
    printed = tuple(int(e[1]) if is_obstacle(e) else 0 for e in layout.events)
    return None if layout.effective == printed else (replace(layout, effective=printed), [
        dict(space=i + 1) for i, (v, p) in enumerate(zip(layout.effective, printed)) if v != p])


def _fish_not_squared(layout: Layout):
    return (layout.fish, dict(n=layout.fish)) if layout.fish >= 2 else None


def _notes(say: Say, mid: str, fields: Iterable[dict]) -> str:
    """What the walk did, read as misreading ``mid``: its note (``checks.notes.<mid>``) for each step, once each."""
    return "; ".join(dict.fromkeys(say(f"notes.{mid}", **f) for f in fields))


def _candidates(say: Say, result: ScoreResult, injuries: int, swords: int, given) -> Iterable[tuple]:
    """``(misreading id, total it gives, its note's fields[, rule, the note's id])`` for each misreading, in order
    (the rule is the misreading's, but a left-out step's for a left-out step; the note ``checks.notes.<id>``)."""
    layout, hero = Layout.of(result.events), Hero(injuries, swords, 0)
    decisions, side, portals = dict(result.choices.decisions), result.side, result.choices.portals
    events = tuple(s.event for s in side)
    moved = [(p, s, event_name(events[s - 1])) for p, s in portals if s is not None]
    if moved:
        stay = Choices(tuple((p, None) for p, _ in portals), dict(given.decisions) if given else {})
        yield "portal-ignored", _try_score(side, injuries, swords, stay), [
            dict(portal=p, event=ev, space=s) for p, s, ev in moved]
        copied = [events[k] if any(k == s - 1 for _p, s, _ev in moved) else e for k, e in enumerate(result.events)]
        kept = Choices(tuple((p, None) for p, s in portals if s is None), decisions)
        yield "portal-copied", _try_score(tuple(replace(sp, event=e) for sp, e in zip(side, copied)), injuries, swords,
                                          kept), [dict(space=s, event=ev) for _p, s, ev in moved]
    printed = _tower_bonus(layout)
    if printed is not None:
        yield "tower-bonus", _replay(printed[0], hero, decisions), printed[1]
    for mid, variants in _READINGS + (("fish-not-squared", 1),):
        for variant in range(variants):
            fish = mid == "fish-not-squared"
            out = _replay(layout, hero, decisions, None if fish else mid, variant, _fish_not_squared if fish else None)
            if out is not None and out[1]:
                yield mid, out, out[1]
    if injuries or swords:
        yield "carry-forgotten", _try_score(side, 0, 0, given), [dict(
            injuries=say.count(injuries, "injury"), swords=say.count(swords, "sword"))]
    for st in result.trace:
        if st.points:
            fish = st.where == "end"
            yield ("missed-step", result.points - st.points, [{} if fish else dict(
                space=st.where, event=event_name(result.events[st.where - 1]))], st.rule,
                   "missed-fish" if fish else "missed-space")
    if given is not None:
        yield "best-instead-of-given", score_side(side, injuries, swords), [dict(choices=choices_in_words(given, say))]
        return
    for sp, opt in sorted(decisions.items()):
        for other in options_at(layout, sp - 1, _hero_at(layout, hero, decisions, sp - 1)):
            if other != opt:
                yield "other-choices", _try_score(side, injuries, swords, Choices(portals, {sp: other})), [
                    dict(option=say.options[other], space=sp)]


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


def _explained(say: Say, result: ScoreResult, n: int, injuries: int, swords: int, given, focus) -> Optional[Feedback]:
    """The first misreading (those of the rules in ``focus`` first) whose total is ``n``, named with what the walk
    did (its note). A candidate's total is a number, a replayed walk's or a scored side's (``None``: impossible)."""
    focus, found = {focus} if isinstance(focus, str) else set(focus or ()), []
    for mid, total, fields, *rest in _candidates(say, result, injuries, swords, given):
        total = total[0] if isinstance(total, tuple) else getattr(total, "points", total)
        rule = rest[0] if rest else say.misreadings[mid].rule
        if total == n != result.points:
            found.append((rule not in focus, len(found), mid, rule, _notes(say, rest[1] if rest else mid, fields)))
    if not found:
        return None
    *_order, mid, rule, note = min(found)
    return say.mis(mid, note + ".", rule)


def _scored(side, injuries: int, swords: int, choices):
    """The player's own choices (parsed, or ``None``: the best) and the score of ``side`` with them."""
    given = None if choices is None else parse_choices(choices)
    return given, score_side(side, injuries, swords, given)


# ============================================================================ the checks


def _gains(say: Say, result: ScoreResult) -> str:
    """The steps that scored, in words: ``space 4 (Boss) +9; the Fish at the end +4``."""
    return "; ".join(say("gain", points=f"{s.points:+d}", where=say("gain-fish") if s.where == "end" else say(
        "gain-space", space=s.where, event=event_name(result.events[s.where - 1]))) for s in result.trace
        if s.points) or say("no-gain")


def _number(say: Say, answer) -> int:
    """The answer as a whole number; :class:`InvalidInput` (not a try) when it is none."""
    if parse_number(answer) is None:
        raise InvalidInput(say("whole-number", answer=answer), move=str(answer)[:20])
    return parse_number(answer)


def _score(say: Say, side, answer, injuries=0, swords=0, choices=None, focus=None) -> Feedback:
    given, result = _scored(side, injuries, swords, choices)
    n = _number(say, answer)
    if n == result.points:
        return _right(say("scores", points=say.count(n, "point"), gains=_gains(say, result)), expected=n)
    found = _explained(say, result, n, injuries, swords, given, focus)
    if found is not None:
        return replace(found, expected=result.points)
    ev = set(result.events)  # what to keep count of: only what the side holds
    things = [say.things[k] for k, there in (("injuries", injuries or any(map(is_obstacle, ev))),
                                             ("swords", swords or "SW" in ev), ("key", "KY" in ev)) if there]
    counting = say("counting", things=say.join(things)) if things else ""
    return Feedback(False, say("too-high" if n > result.points else "too-low", counting=counting),
                    expected=result.points)


def check_score(side, answer, injuries: int = 0, swords: int = 0, choices=None, focus=None,
                language: str = "en") -> Feedback:
    """Is ``answer`` the points of ``side``? If not, which rule was missed? ``choices``: ``None`` (the best, B16) or
    the choices the exercise fixes (``"3:sword 5:fight"``); ``injuries``/``swords`` carried in (B6); ``focus``: the
    rule ids the exercise is about, whose misreadings are tried first.

    >>> check_score("O3 O3 FT .. .. .. .. .. .. .. .. ..", 6).misreading, check_score("FI FI FI", 9).message
    ('knockdown', 'Right: 9 points. Scored: the Fish at the end +9.')
    """
    say = words_for(language)
    return _said(say, partial(_score, say, side, answer, injuries, swords, choices, focus), parse_number(answer))


def _injuries(say: Say, side, answer, injuries=0, swords=0, choices=None) -> Feedback:
    given, result = _scored(side, injuries, swords, choices)
    n = _number(say, answer)
    if n == result.injuries:
        return _right(say("injuries-right", injuries=say.count(n, "injury")), "B6", expected=n)
    layout, hero, decisions = Layout.of(result.events), Hero(injuries, swords, 0), dict(result.choices.decisions)
    printed = _tower_bonus(layout)
    flat = _replay(printed[0], hero, decisions) if printed is not None else None
    knocked = _replay(layout, hero, decisions, "knockdown")
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

    >>> check_injuries("O2 O1 O3 .. O2", 2).ok, check_injuries("O2 O1 O3 .. O2", 8).misreading
    (True, 'knockdown')
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
    diffs = sorted(((s.points - (a[w].points if w in a else 0), s, a.get(w)) for w, s in b.items()),
                   key=lambda d: -d[0])
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
    """Do the learner's own ``choices`` (``"P1<5 3:sword 7:fight"``; those left out are the best) score the most
    (B16)? The message gives the line's points and, when the advice does better, where.

    >>> check_choices(_side("SW SW O2 BS"), "4:fight").ok, check_choices(_side("SW SW O2 BS"), "3:sword").rule
    (True, 'B10')
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

    >>> check_best_choice(_side("SW O1 SW BS"), 2, "sword").rule  # the Boss needs both swords
    'B10'
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
    if any(s.landscape is None for s in side):
        raise InvalidInput(say("landscapes-needed"))
    game, state = _placing(side, Flip(landscape.upper(), event), easy=True)
    game.apply(state, Place(0, event, space))  # raises with the rule when not allowed
    return [m.space for m in game.legal_moves(state, 0) if isinstance(m, Place)]


def _placing(side, cards, easy: bool = False, swaps: int = 0):
    """A one-player game with the sheet ``side`` (parsed, with its landscapes) and ``cards`` turned up to draw."""
    ps = PlayerState(tuple(s.landscape for s in side), tuple(s.event for s in side), swapped=True, swaps=swaps)
    return BaladaGame(players=1, easy=easy), BaladaState((ps,), turn=sum(s.event is not None for s in side) + 1,
                                                         cards=cards, pending=((),), phase="place")


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
    >>> check_best_placement(side, "SW", 1, "F").ok, check_best_placement(side, "SW", 2, "F").rule
    (True, 'B2')
    """
    say = words_for(language)
    return _said(say, partial(_best_placement, say, side, event, space, landscape, injuries, swords))


def _game_total(say: Say, day, night, answer, injuries=0, swords=0) -> Feedback:
    day, night = parse_side(day), parse_side(night)  # a map side has 12 spaces (B1)
    d = score_side(day, injuries, swords)
    n = score_side(night, d.injuries, d.swords)
    total = d.points + n.points
    got = _number(say, answer)
    carried = dict(injuries=say.count(d.injuries, "injury"), swords=say.count(d.swords, "sword"))
    if got == total:
        return _right(say("total", day=d.points, night=n.points, total=total, **carried), "B17", expected=total)
    if (d.injuries or d.swords) and got == d.points + score_side(night, 0, 0).points:
        return replace(say.mis("carry-forgotten", say("notes.carried", **carried) + "."), expected=total)
    if got in (d.points, n.points):
        return replace(say.mis("one-round-only", say("notes.both-rounds") + "."), expected=total)
    for label, r, inj, sw in (("day", d, injuries, swords), ("night", n, d.injuries, d.swords)):
        fb = _explained(say, r, got - (total - r.points), inj, sw, None, None)
        if fb is not None:  # a misreading on one side: named with that side
            said = say("notes.on-side", side=say(f"notes.{label}"), text=fb.message[:1].lower() + fb.message[1:])
            return replace(fb, message=_cap(said), expected=total)
    return Feedback(False, say("total-walk"), expected=total)


def check_game_total(day, night, answer, injuries: int = 0, swords: int = 0, language: str = "en") -> Feedback:
    """Is ``answer`` the final score of a day side then a night side (best choices)?

    What the hero carries out of the day walk goes into the night walk (B6); the final score adds both (B17).

    >>> day, night = _side("O2 O2 SW"), _side("FT")  # a side has 12 spaces (B1)
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
    game = BaladaGame(players=len(results))
    players = tuple(PlayerState(game.sheet.night, (None,) * 12, swaps=swaps,
                                rounds=(RoundRecord("", "", points, 0, 0),)) for points, swaps in results)
    return [p + 1 for p in game.winners(BaladaState(players, round=1, pending=((),) * len(results), phase="over"))]


# ============================================================================ the lesson's exercises


@dataclass(frozen=True)
class Count(Number):
    """A whole number, with or without its unit (``"2"``, ``"2 injuries"``, ``"5 points"``)."""

    def read(self, raw):
        return super().read(re.sub(r"(?<=\d)\s*[^\d\s][^\d]*$", "", raw.strip()) if isinstance(raw, str) else raw)


@dataclass(frozen=True)
class Clicks(Pick):
    """Clicks on a board, read once ``done(clicks)`` (two spaces to swap, a whole walk); before, ``unread`` says
    what is missing (not a try)."""

    done: Callable = lambda clicks: True
    unread: str = ""

    def read(self, raw):
        got, problem = super().read(raw)
        return (None, self.unread) if problem is None and not self.done(got) else (got, problem)


def _spaces_of(ids) -> list[int]:
    """The spaces clicked (``space-3``: 3), in order."""
    return sorted(int(i[6:]) for i in ids if isinstance(i, str) and i.startswith("space-") and i[6:].isdigit())


def _ids(nums) -> tuple:
    return tuple(f"space-{n}" for n in nums)


def _side(events: str = "") -> str:
    """A side from its first events (``"SW .. O3"``: codes like O2, FT, SW); the remaining spaces stay empty."""
    return " ".join(events.split() + [".."] * (12 - len(events.split())))


def _lands_of(side) -> tuple:
    """The landscapes of a side: its own, else the standard sheet's day side."""
    return tuple(s.landscape or land for s, land in zip(parse_side(side), load_sheet("standard").day))


def _sheet(side, selected=(), **kw) -> str:
    """A side as a player sees it at the table (printed symbols only); ``selected``: ids clicked so far."""
    return drawing.sheet_svg(_lands_of(side), [s.event for s in parse_side(side)], picked=_spaces_of(selected),
                          worth=False, **kw)


def _table(game, state, line: str, selected=()) -> str:
    """The flipped cards above the learner's sheet (player 1), nothing highlighted."""
    ps = game.sheet_of(state, 0)
    return drawing.table_svg([(line, "")], state.cards, None, False, ps.lands, ps.events, picked=_spaces_of(selected),
                          worth=False)


def _sheet_pick(say: Say, prompt, check, draw, table: bool = False, **kw) -> Clicks:
    v = drawing
    return Clicks(prompt, check, draw=draw, css=v.TABLE_CSS if table else v.SHEET_CSS, defs=v.DEFS,
                     label=say.common("table-label" if table else "map-sheet"), **kw)


def _figure(say: Say, side) -> Figure:
    """The side a question is about, drawn as at the table (not clickable)."""
    return Figure(lambda: _sheet(side, clickable=False), css=drawing.SHEET_CSS, defs=drawing.DEFS,
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


def _points(say: Say, w, side, key: str = "points", injuries=0, swords=0, what: str = "point") -> Count:
    """How many points (or, ``what="injury"``, injuries carried off) does this side give? A wrong number is first
    read with the misreadings of the step's own rulings."""
    x, r = w.scope(key), score_side(side, injuries, swords)
    focus = dict(STEP_RULES)[w.prefix.split(".")[1]]
    judge = partial(_injuries, say) if what == "injury" else partial(_score, say, focus=focus)
    return Count(x("prompt"), lambda n: _in_lesson(judge, side, n, injuries, swords), hint=x("hint"),
                 figure=_figure(say, side), unit=say.forms[what][-1], solution=Solution(
                     say.count(r.injuries if what == "injury" else r.points, what),
                     x("explain") if x.has("explain") else say.common("walked"), trace=_walked(r)))


def _at_space(side, space: int, injuries=0, swords=0) -> tuple:
    """The hero's options at ``space`` on the best walk, and the engine's best choice there (B16; on a Portal: the
    space of the symbol it takes, ``"-"`` for nothing)."""
    r = score_side(side, injuries, swords)
    layout, portals = Layout.of(r.events), dict(r.choices.portals)
    hero = _hero_at(layout, Hero(injuries, swords, 0), r.choices.decisions, space - 1)
    best = r.choices.decisions.get(space) if space not in portals else str(portals[space] or "-")
    return options_at(layout, space - 1, hero), best


def _choice_step(say: Say, w, key: str, side, space: int, misread: dict, injuries=0, swords=0) -> Choose:
    """What should the hero do at ``space``: the engine's best choice; the answer says what each option scores."""
    options, best = _at_space(side, space, injuries, swords)
    return _choose(say, w, key, best, misread, _figure(say, side),
                   scores=_each_scored(say, side, space, [(o, None) for o in options], injuries, swords))


def _step_goal(say: Say, w) -> tuple:
    lands = _lands_of(_side())
    mountains = [i for i, land in enumerate(lands, 1) if land == "M"]
    x = w.scope("mountains")
    said, count = x.template("right", "spaces"), x.template("count", "n")
    misread = x.template("misread", "space", "land")

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
    g = BaladaGame(players=1)
    return g, reduce(g.apply, moves, g.initial_state())


def _step_draw(say: Say, w) -> tuple:
    g, s = _position("flip M O2 BS", "p1 O2@3", "flip M SW O2")
    ps = g.sheet_of(s, 0)
    legal = sorted({m.space for m in g.legal_moves(s, 0) if getattr(m, "event", None) == "SW"})
    x = w.scope("sword")
    said = x.template("right", "space", "land")

    def check(id_) -> Feedback:
        n = _spaces_of((id_,))[0]
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


# ---------------------------------------------------------------- the steps (the one-symbol ones in _BUILDERS)

OBSTACLES, HEAL, LOST = _side("O2 O1 O3 .. O2"), _side("O3 O2 FT"), _side("O3 O3 FT")
SWORD, BOSS, SAVE = _side("SW O3"), _side("SW .. SW .. BS"), _side("SW SW O3 BS")
TOWER, CHEST = _side("KY O2 TW O1 FT TW"), _side("KY O1 .. .. .. CH FT")
NEAR, LATE_KEY = _side("KY SW CH"), _side("SW CH .. KY")
PRINCESS, RUN = _side("FT TW O2 BS PR"), _side("FT BS O1 TW O2 PR")


def _step_key_chest(say: Say, w) -> tuple:
    a = _points(say, w, CHEST)
    b = _choice_step(say, w, "open", NEAR, 3, {"key": "chest-key-adjacent", "leave": "chest-left-closed"})
    # what can open the Chest: the options the engine offers the hero there (leaving it closed aside)
    chest = next(k for k, s in enumerate(parse_side(LATE_KEY), 1) if s.event == "CH")
    can = set(_at_space(LATE_KEY, chest)[0]) - {"leave"}
    opens = {"key": {"key"}, "sword": {"sword"}, "either": {"key", "sword"}, "nothing": set()}
    right = next(i for i, opened in opens.items() if opened == can)
    misread = {i: "key-after-chest" if "key" in opened else "chest-left-closed" for i, opened in opens.items()}
    misread = {i: m for i, m in misread.items() if i != right}
    return a, b, _choose(say, w, "late", right, misread, _figure(say, LATE_KEY))


def _princess_run(side, injuries=0, swords=0) -> frozenset:
    """The spaces whose Dangers the first Princess counts, read off the engine's walk (best choices): the unbroken
    line of Dangers right before her (B15; a test checks that their values add up to the engine's points)."""
    r = score_side(side, injuries, swords)
    layout, decisions = Layout.of(r.events), dict(r.choices.decisions)
    hero, danger = Hero(injuries, swords, 0), []
    for i in range(r.events.index("PR")):
        opts = options_at(layout, i, hero)
        option = decisions.get(i + 1) if len(opts) > 1 else opts[0]
        after, st = _walk_one(layout, i, hero, option)
        ev = r.events[i]
        step = _Ctx(layout, i, i + 1, ev, option, hero, after, st.points)
        danger.append(ev == "TW" or (ev == "BS" and option == "fight") or (is_obstacle(ev) and not step.knocked_down))
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

    return (_points(say, w, PRINCESS, swords=2),
            _sheet_pick(say, x("prompt"), check, lambda sel: _sheet(RUN, sel), mode="set", hint=x("hint"),
                        solution=Solution(say.spaces(_spaces_of(run)), x("explain"), trace=_walked(r),
                                          picks=_ids(_spaces_of(run)))))


PORTAL = _side("PT TW O2 FT KY .. CH")
CHAIN = _side(".. PT .. .. FI .. .. .. PT")


def _step_portal(say: Say, w) -> tuple:
    events = [s.event for s in parse_side(PORTAL)]
    sources = [i for i, e in enumerate(events, 1) if e and e != "PT"]
    best = _at_space(PORTAL, 1)[1]
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
    chain = {"once" if chained else "yes": "portal-no-chain", "after": "portal-any-space"}
    return a, b, _choose(say, w, "chain", "yes" if chained else "once", chain)


def _step_change(say: Say, w) -> tuple:
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
            land = LANDSCAPES[g.sheet_of(after, 0).lands[want - 1]]
            return say.mis("swap-misses-target", misses(space=want, land=land))
        return _right(said(a=i, b=j, space=want), "B3")

    forest = [n for n, land in enumerate(ps.lands, 1) if land == "F" and ps.events[n - 1] is None]
    turn = say.common("turn", turn=s.turn)
    a = _sheet_pick(say, x("prompt", space=want), check, lambda sel: _table(g, s, turn, sel), table=True, mode="set",
                    done=lambda clicks: len(clicks) == 2, unread=say.common("click-exactly", n=2),
                    hint=x("hint", space=want),
                    solution=Solution(x("answer", space=want, forest=say.join(forest)), x("explain", space=want),
                                      picks=_ids((forest[0], want))))
    return a, _choose(say, w, "again", "no", {"yes": "swap-twice", "cost": "swap-tie-cost"})


WALK = "F:SW D:O2 M:BS F:CH D:KY M:TW F:O3 D:PR M:FT F:FI D:PT M:SW"


@lru_cache(maxsize=None)
def _walk_start():
    """A one-round game at its scoring walk, with the side ``WALK`` drawn (the engine asks the decisions, P6)."""
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
    v = drawing
    g, state, _played = _walk_replay(sel)
    ps, walk = state.players[0], state.players[0].walk
    hero = portal = None
    moves = []
    if g.is_over(state):
        events = list(score_side(WALK, choices=ps.rounds[0].choices).events)
        lines = [board("over", points=say.count(ps.rounds[0].points, "point"))]
    else:
        portal = walk.portals_left[0] if walk.portals_left else None
        hero = None if portal else walk.pos + 1
        first_key = Layout.of(walk.events).first_key
        key = board("yes" if not portal and first_key is not None and 0 <= first_key < walk.pos else "no")
        lines = [board("carry", points=walk.points, injuries=walk.hero.injuries, swords=walk.hero.swords, key=key),
                 board("portal", portal=portal) if portal else board("hero", space=walk.pos + 1)]
        moves, events = g.legal_moves(state, 0), walk.events
    out = [svg.group(v.sheet_parts(ps.lands, events, portal=portal, hero=hero, worth=False, clickable=False))]
    y = v.SHEET_H + 18
    for line in lines:
        out.append(svg.text(14, y, line, font_size=13.5, fill="#333", font_weight="600"))
        y += 20
    x0, row_h = 14, 30
    for m in moves:
        label = g.describe_move(state, m, viewer=0)  # the engine's words, as a button: "Use a sword on..."
        label = re.sub(r"^Your Portal on space \d+ takes ", "take ", label[4:] if label.startswith("You ") else label)
        label = _cap(label)
        width = 18 + 6.6 * len(label)
        if x0 + width > v.SHEET_W - 10:
            x0, y = 14, y + row_h + 6
        out.append(svg.group([svg.rect(0, 0, width, row_h, rx=15, fill="#eef3fb", stroke="#1e6fd9", stroke_width=1.5,
                               class_="bg"),
                          svg.text(width / 2, 19.5, label, font_size=12.5, fill="#12407a", text_anchor="middle")],
                         transform=f"translate({x0},{y})", class_="choice", data_id=_walk_id(m), role="button",
                         aria_label=label))
        x0 += width + 8
    return svg.svg(out, v.SHEET_W, y + row_h + 12, class_="balada-sheet balada-walk", role="img",
               aria_label=say.common("walk-label"), font_family=v.FONT)


def _step_walk(say: Say, w) -> tuple:
    best = score_side(WALK)
    x = w.scope("walk")
    said, scored = x.template("right", "points"), x.template("scored", "points")
    parts_portal, parts = x.template("parts-portal", "space"), x.template("parts", "space")
    board = x.sentences("board", say.reference)  # what the board says as the learner walks

    def check(seq) -> Feedback:
        _g, state, played = _walk_replay(seq)
        mine = state.players[0].rounds[0].points  # the walk is over (Clicks.done)
        if mine == best.points:
            return _right(said(points=say.count(mine, "point")), "B16", expected=best.points)
        at = next((k for k, (a, b) in enumerate(zip(map(_walk_id, played), _walk_best_ids())) if a != b), None)
        rule, where = "B16", ""
        if at is not None:
            m = played[at]
            space = m.portal if hasattr(m, "portal") else m.space
            where = (parts_portal if hasattr(m, "portal") else parts)(space=space)
            rule = next(s.rule for s in best.trace if s.where == space)  # the best line's rule there
        fb = say.mis("walk-not-best", where, rule)
        return replace(fb, message=f"{scored(points=say.count(mine, 'point'))} {fb.message}")

    v = drawing
    return (Clicks(x("prompt"), check, draw=partial(_walk_draw, say, board), mode="sequence",
                   buttons=(("back", x("take-back")),), unread=x("unfinished"), defs=v.DEFS,
                   done=lambda clicks: _walk_replay(clicks)[0].is_over(_walk_replay(clicks)[1]),
                   css=LESSON_CSS,
                   label=say.common("walk-label"), hint=x("hint"),
                   solution=Solution(x("answer", points=say.count(best.points, "point"),
                                       choices=choices_in_words(best.choices, say)), x("explain"),
                                     trace=_walked(best), picks=_walk_best_ids())),)


FISH = _side("FI O2 FI FT FI")
DAY, NIGHT = _side("O2 O2 SW"), _side("FT O1")
RESULTS = ((41, 1), (41, 0), (38, 0))  # (final score, Changes of Landscape used) of players 1, 2, 3
DAY_KEY, NIGHT_TOWER = _side("KY FI"), _side("TW FI")



def _figure_two(w, day, night) -> Figure:
    """The day side above the night side (printed symbols only), as the sheet is turned over."""
    v, labels, night_lands = drawing, (w("day"), w("night")), load_sheet("standard").night

    def draw():
        parts = []
        for k, (label, side, lands) in enumerate(zip(labels, (day, night), (_lands_of(day), night_lands))):
            top = k * (v.SHEET_H + 24)
            parts += [svg.text(14, top + 18, label, font_size=14, font_weight="700", fill="#7a6a48"),
                      svg.group(v.sheet_parts(lands, [s.event for s in parse_side(side)], worth=False, clickable=False),
                            transform=f"translate(0,{top + 24})")]
        return svg.svg(parts, v.SHEET_W, 2 * v.SHEET_H + 52, class_="balada-sheet balada-two-sides", role="img",
                   aria_label=w("sides"), font_family=v.FONT)

    return Figure(draw, css=LESSON_CSS, defs=v.DEFS, label=w("sides"))


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
    c = _choose(say, w, "key", "no", {"yes": "key-carried", "unused": "key-used-up"},
                _figure_two(w, DAY_KEY, NIGHT_TOWER))
    return a, b, c


PLACE = "F:SW D:O2 F:.. M:BS F:.. D:FT M:.. F:.. D:.. M:.. F:.. D:.."


def _step_play(say: Say, w) -> tuple:
    side = parse_side(PLACE)
    g, s = _placing(side, Flip("F", "SW", "FI"), swaps=1)  # the round's Change of Landscape already used
    boss = next(k for k, sp in enumerate(side, 1) if sp.event == "BS")
    x = w.scope("place")
    less = x("less")

    def check(id_) -> Feedback:
        n = _spaces_of((id_,))[0]
        try:
            fb = _best_placement(say, PLACE, "SW", n, landscape="F")
        except GameError as e:  # the engine's refusal: not a Forest space, or not empty
            return _refused(e)
        return fb if fb.ok else say.mis("placement-after-boss") if n > boss else Feedback(False, less, "B16")

    def scored(space: int) -> str:
        return say.count(best_points(tuple(sp.event for sp in _side_with(side, space, "SW"))), "point")

    allowed = [m.space for m in g.legal_moves(s, 0) if getattr(m, "event", None) == "SW"]
    best = _best_placement(say, PLACE, "SW", allowed[0], landscape="F").expected
    after = next(k for k in allowed if k > boss)  # the first space the Sword may go after the Boss
    explain = x("explain", after=after, worse=scored(after), best=say.spaces(best), points=scored(best[0]), boss=boss)
    return (_sheet_pick(say, x("prompt"), check, lambda sel: _table(g, s, say.common("turn", turn=s.turn), sel),
                        table=True, hint=x("hint"), solution=Solution(say.spaces(best), explain, picks=_ids(best))),)


# ============================================================================ the lesson and the notebook face

#: each step's oracle, by id: ``_step_<id>`` (``key-chest``: ``_step_key_chest``), or its exercises here
_BUILDERS = {i: globals().get(f"_step_{i.replace('-', '_')}") for i, _rules in STEP_RULES} | {
    "obstacle": lambda say, w: (_points(say, w, OBSTACLES, "injuries", what="injury"),),
    "fountain": lambda say, w: (_points(say, w, HEAL, "heal"), _points(say, w, LOST, "knocked")),
    "sword": lambda say, w: (_choice_step(say, w, "spend", SWORD, 2, {"endure": "sword-endure-knockdown",
                                                                      "same": "sword-scores-nothing"}, injuries=4),),
    "boss": lambda say, w: (_points(say, w, BOSS), _choice_step(
        say, w, "save", SAVE, 3, {"sword": "sword-spent-before-boss", "safe": "boss-worth-less"})),
    "tower": lambda say, w: (_points(say, w, TOWER),), "fish": lambda say, w: (_points(say, w, FISH),),
    "easy": lambda say, w: (_choose(say, w, "draw", "O2", {"any": "easy-any-symbol", "skip": "easy-no-skip"}),
                            _choose(say, w, "change", "yes", {"no": "easy-no-change", "night": "easy-one-round"}))}


def build_lesson(words: lesson_words.LessonWords) -> Built:
    """The lesson in the language of ``words``: every step's oracle with its words (every key is read)."""
    say = Say(words, None if words.language == "en" else words_for().words)
    rules = dict(STEP_RULES)
    out, infos = build_steps(words, rules, rules.get, lambda step_id, w: _BUILDERS[step_id](say, w))
    return Built(Lesson(words.text("title"), out), infos, say.misreadings, words.section("kit"), say)


#: the lesson, read per language on first use and shared by every learner (the entries: kit.lesson.LessonBook)
BOOK = LessonBook(LESSONS, build_lesson, [i for i, _ in STEP_RULES])
lesson, steps, misreadings, kit_words, step_by_id, tutorial, step = BOOK.entries()
__getattr__ = BOOK.english(__name__, STEPS=steps, MISREADINGS=misreadings)
