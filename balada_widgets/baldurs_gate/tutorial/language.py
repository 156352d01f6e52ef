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
#: the grammatical gender of each piece's word (Czech "tvůj hostinec", "tvá věž", "tvé sídlo"; English "your")
GENDER = {"inn": "m", "temple": "m", "hall": "f", "market": "f", "tower": "f", "keep": "f", "gate": "f", "hq": "n"}


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
        self.yours = {gender: self.common.template(f"yours.{gender}", "kind") for gender in "mfn"}
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
            return self.yours[GENDER.get(piece.kind, "m")](kind=kind)
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

    def _where(self, key: str):
        return self.scope if self.scope.has(key) or not self.step.has(key) else self.step

    def has(self, key: str) -> bool:
        return self.scope.has(key) or self.step.has(key)

    def __call__(self, key: str, **more) -> str:
        fields = {**self.fields, **more}
        return self._where(key).template(key, *fields)(**fields)

    def later(self, key: str, *fields: str) -> Callable[..., str]:
        """The text ``key``, read now, filled later with the part's fields and ``fields`` (known at check time)."""
        template, known = self._where(key).template(key, *self.fields, *fields), dict(self.fields)
        return lambda **more: template(**known, **more)

    def options(self, key: str = "options", **more) -> tuple:
        """``(value, label)`` of the options ``<key>.<value>``, in the file's order."""
        found = self.scope.section(key)
        return tuple((value, self(f"{key}.{value}", **more)) for value in found)

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

    def _kit(self, kind, judge, solution, **kw):
        solution = solution if solution is not None else self.solution()
        return kind(self("prompt"), self.check(judge), hint=self("hint"), solution=solution, **kw)

    def pick(self, draw, judge: Judge, *, mode: str, solution=None) -> Pick:
        """Click on a board drawn by ``draw(selected)`` (``mode``: one, set or sequence)."""
        return self._kit(Pick, judge, solution, draw=draw, mode=mode, label=self("label"), css=LESSON_CSS,
                         defs=LESSON_DEFS)

    def choose(self, options, judge: Judge, *, many: bool = False, figure=None, solution=None) -> Choose:
        """One of ``options`` (``many``: several), under the board ``figure()`` if given."""
        shown = Figure(figure, LESSON_CSS, LESSON_DEFS, self("label")) if figure is not None else None
        return self._kit(Choose, judge, solution, options=tuple(options), many=many, figure=shown)

    def count(self, judge: Judge, solution=None, kind=Count, **kw) -> Count:
        """A whole number."""
        return self._kit(kind, judge, solution, **kw)

    # -- the usual exercises, said in one line

    def choice(self, right, misread, *, figure=None) -> Choose:
        """One of the part's ``options``: ``right`` is the engine's; ``misread``: option -> its misreading (a text:
        the misreading of every other option)."""
        options = self.options()
        misread = misread if isinstance(misread, dict) else {value: misread for value, _ in options}
        return self.choose(options, lambda x: x == right or misread.get(x), figure=figure,
                           solution=self.solution(dict(options)[right]))

    def number(self, right: int, misread=None, **kw) -> Count:
        """A whole number: ``right`` is the engine's; ``misread``: a number -> its misreading (or a function)."""
        misread = (misread or {}).get if not callable(misread) else misread
        return self.count(lambda n: n == right or misread(n), solution=self.solution(str(right)), **kw)

    def on_city(self, game, state, judge: Judge, *, mode: str, caption: str = "", answer=None, picks=()) -> Pick:
        """Click on the city as ``state`` shows it (under the part's ``caption`` text, if named)."""
        label, shown = self("label"), boards.caption(self(caption)) if caption else ""
        return self.pick(lambda sel: boards.html(shown, boards.city(game, state, selected=sel), label=label), judge,
                         mode=mode, solution=self.solution(answer, picks=picks))

    def live(self, live, judge: Judge, moves, **draw) -> Pick:
        """Play on a live board (:class:`.live.Live`); *Show me* replays ``moves``."""
        label = self("label")
        return self.pick(lambda sel: live.draw(sel, label=label, **draw), judge, mode="sequence",
                         solution=self.solution(picks=live.clicks(moves)))
