"""One language's lesson being built: its words (``lessons/<language>.yaml``, ``docs/lessons.md``), what its checks
say (the kit's :class:`~balada_widgets.kit.lesson.Replies`) and its exercise parts.

A part reads its own text (``steps.<id>.<a|b|...>``) first, then its step's; every text is read when the lesson is
built, so a missing, misspelt or unused key stops the build with its name. A rule is named where the learner can
look it up (:func:`.i18n.rules_ref`): by its id in English, by its section in Czech (the Czech text has no ids),
the project's own rulings as "our ruling C13" / "naše pravidlo C13".
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Optional

from ...core.feedback import Feedback
from ...core.lesson_words import LessonWords
from ...kit.lesson import Choose, Count, Figure, Misreading, Pick, Replies, Solution, set_mistake
from .. import i18n
from ..i18n import join_list, qty, rules_ref
from . import boards
from .boards import LESSON_CSS, LESSON_DEFS

PART_KEYS = "abcdefgh"


class Language(Replies):
    """The lesson's words in one language, and what every step says with them: its misreadings (``misreadings``,
    by step, then by the rules each misreads: ``BLD1_C13`` is rules BLD1 and C13) named with where their rule is
    written."""

    def __init__(self, words: LessonWords):
        super().__init__({mid: Misreading(mid, step, rules.replace("_", ", "), text) for (step, rules, mid), text in
                          ((key.split("."), text) for key, text in words.section("misreadings").items())})
        self.words, self.language = words, words.language
        self.common = words.scope("words")
        self.houses = {form: self.common.list(f"house{form}") for form in ("", "-of", "-to")}
        self.live = self.common.section("live")
        self.no_answer, self.nothing = self.common.text("no-answer"), self.common.text("nothing")
        self.yours = {kind: self.common.template(f"yours.{kind}", "kind") for kind in self.common.section("yours")}
        self.kit = words.section("kit")

    def house(self, player: int, form: str = "", capital: bool = False) -> str:
        """A house in a sentence: you, Orange, Green (``form`` ``-of``: your, Orange's; ``-to``: to you...)."""
        name = self.houses[form][player]
        return name[:1].upper() + name[1:] if capital else name

    def say(self, key: str, **fields) -> str:
        """A text of ``words`` (what several steps say)."""
        return self.common.text(key, **fields)

    def join(self, items) -> str:
        return join_list(list(items), self.language)

    def qty(self, n: int, unit: str) -> str:
        return qty(n, unit, self.language)

    def ruled(self, text: str, rule: str) -> str:
        """``text (rule BLD1; our ruling C13)``: where the rule is written, in the learner's language."""
        return f"{text} ({rules_ref(rule, self.language)})" if rule else text

    def mis(self, mid: str) -> Feedback:
        """The kit's feedback naming misreading ``mid``, with where its rule is written (never the answer)."""
        said = super().mis(mid)
        return replace(said, message=self.ruled(said.message, said.rule))

    def no(self, text: str, rule: Optional[str] = None) -> Feedback:
        return super().no(self.ruled(text, rule), rule)

    # -- the city in words

    def district(self, game, code: str) -> str:
        return game.city.district_name(code, self.language)

    def spot(self, game, node: str) -> str:
        """A spot in plain words: a parcel by number, a fortification spot by the parcels it touches."""
        city = game.city
        if node.startswith("L-"):
            return self.say("spot.location", name=game.content.location_name(node[2:], self.language),
                            district=self.district(game, node[2:]))
        i = city.index[node]
        district, kind = self.district(game, city.district_of[i]), city.kind[i]
        if kind in ("parcel", "hq"):
            return self.say(f"spot.{kind}", n=city.parcel_number.get(i, 0), district=district)
        a, b = sorted(city.parcel_number[j] for j in city.adj[i] if city.kind[j] == "parcel")[:2]
        return self.say("spot.fort", a=a, b=b, district=district)

    def spots(self, game, nodes) -> str:
        return self.join(self.spot(game, n) for n in nodes)

    def owned(self, game, piece) -> str:
        """A piece with its owner: "your inn", "Orange's keep" / "tvůj hostinec", "pevnost Zeleného"."""
        content = game.content
        kind = content.type_name(piece.kind, self.language).lower() if piece.kind in content.type_connection else \
            i18n.text(f"thing.{piece.kind}", self.language)
        if piece.owner == 0:
            return self.yours[piece.kind](kind=kind)
        return self.say("theirs", kind=kind, owner=self.house(piece.owner, "-of"))

    def part(self, step, index: int, rule: str, **fields) -> "Part":
        return Part(self, step, step.scope(PART_KEYS[index]), rule, fields)


Judge = Callable[[Any], Any]  # True (right), a misreading id, a Feedback, or None (wrong, no misreading known)


def set_answer(answer, right, wrong=None, missing=None):
    """A set read by the kit's :func:`~balada_widgets.kit.lesson.set_mistake` (a wrong pick before one left out):
    True when it is ``right``, else the misreading that explains it, or ``None``.

    >>> set_answer({"a", "x"}, {"a", "b"}, wrong={"x": "x-picked"}, missing={"b": "b-left-out"})
    'x-picked'
    """
    found = set_mistake(answer, right, wrong, missing)
    return found is None or found.misreading


class Part:
    """The words of one exercise part (``steps.<step>.<a|b|...>``, else the step's), filled with its fields; and
    the part made into an exercise of the kit with its check, hint and solution."""

    def __init__(self, lesson: Language, step, scope, rule: str, fields: dict):
        self.lesson, self.step, self.scope, self.rule, self.fields = lesson, step, scope, rule, fields

    def has(self, key: str) -> bool:
        return self.scope.has(key) or self.step.has(key)

    def __call__(self, key: str, **more) -> str:
        return self.later(key, *more)(**more)

    def later(self, key: str, *fields: str) -> Callable[..., str]:
        """The text ``key``, read now, filled when called with the part's fields and ``fields`` (known later)."""
        template = (self.scope if self.scope.has(key) or not self.step.has(key) else self.step).template(
            key, *self.fields, *fields)
        return lambda **more: template(**{**self.fields, **more})

    def options(self, key: str = "options", **more) -> tuple:
        """``(value, label)`` of the options ``<key>.<value>``, in the file's order."""
        return tuple((value, self(f"{key}.{value}", **more)) for value in self.scope.section(key))

    def check(self, judge: Judge) -> Callable[[Any], Feedback]:
        """The kit's check: ``judge(answer)`` is True (the ``right`` text), a misreading id, a Feedback, or None
        (the ``no`` text, else the lesson's, with the part's rule)."""
        right, lesson, rule = self("right"), self.lesson, self.rule
        no = self("no") if self.has("no") else lesson.no_answer

        def check(answer) -> Feedback:
            got = judge(answer)
            return got if isinstance(got, Feedback) else lesson.right(right) if got is True else \
                lesson.mis(got) if got else lesson.no(no, rule)

        return check

    def solution(self, answer: Optional[str] = None, *, picks=(), trace=None, where: str = "·", **more) -> Solution:
        """What *Show me* says: ``answer`` (else the ``answer`` text) and the ``explain`` text."""
        return Solution(self("answer", **more) if answer is None else answer,
                        self("explain", **more) if self.has("explain") else "", trace, tuple(picks), where)

    def exercise(self, kind, judge: Judge, solution=None, **kit):
        """The kit's exercise ``kind`` (:class:`~balada_widgets.kit.lesson.Pick`, ``Choose``, ``Count``...) with the
        part's prompt, check, hint and solution (by default its ``answer`` and ``explain`` texts); a Pick drawn in the
        lesson's frame, a ``figure()`` shown above any other."""
        if kind is Pick:
            kit.update(label=self("label"), css=LESSON_CSS, defs=LESSON_DEFS)
        if kit.get("figure") is not None:
            kit["figure"] = Figure(kit["figure"], LESSON_CSS, LESSON_DEFS, self("label"))
        return kind(self("prompt"), self.check(judge), hint=self("hint"),
                    solution=self.solution() if solution is None else solution, **kit)

    # -- the usual exercises, said in one line

    def choice(self, right, misread, *, options=None, figure=None, **solution) -> Choose:
        """One of ``options`` (by default the part's): ``right`` is the engine's; ``misread``: option -> its
        misreading (a text: the misreading of every other option); *Show me* names the right option (``solution``:
        more of it, a trace)."""
        options = self.options() if options is None else tuple(options)
        misread = misread if isinstance(misread, dict) else {value: misread for value, _ in options}
        return self.exercise(Choose, lambda x: x == right or misread.get(x), options=options, figure=figure,
                             solution=self.solution(dict(options)[right], **solution))

    def number(self, right: int, misread=None, *, answer=None, figure=None, **solution) -> Count:
        """A whole number: ``right`` is the engine's; ``misread``: a number -> its misreading (or a function);
        *Show me* says ``answer`` (by default the number)."""
        misread = (misread or {}).get if not callable(misread) else misread
        return self.exercise(Count, lambda n: n == right or misread(n), figure=figure, solution=self.solution(
            str(right) if answer is None else answer, **solution))

    def on_city(self, game, state, judge: Judge, *, mode: str, caption: str = "", answer=None, picks=()) -> Pick:
        """Click on the city as ``state`` shows it (under the part's ``caption`` text, if named)."""
        label, shown = self("label"), boards.caption(self(caption)) if caption else ""
        return self.exercise(Pick, judge, draw=lambda sel: boards.html(shown, boards.city(game, state, selected=sel),
                                                                      label=label), mode=mode,
                             solution=self.solution(answer, picks=picks))

    def live(self, live, judge: Judge, moves, **draw) -> Pick:
        """Play on a live board (:class:`.boards.Live`); *Show me* replays ``moves``."""
        label = self("label")
        return self.exercise(Pick, judge, draw=lambda sel: live.draw(sel, label=label, **draw), mode="sequence",
                             solution=self.solution(picks=live.clicks(moves)))
