"""One language's lesson being built: its words (``lessons/<language>.yaml``, ``docs/lessons.md``), what its checks
say (the kit's :class:`~balada_widgets.kit.lesson.LessonLanguage`) and its exercise parts (the kit's
:class:`~balada_widgets.kit.lesson.LessonPart`).

A part reads its own text (``steps.<id>.<a|b|...>``) first, then its step's; every text is read when the lesson is
built, so a missing, misspelt or unused key stops the build with its name. A rule is named where the learner can
look it up (:func:`.i18n.rules_ref`): by its id in English, by its section in Czech (the Czech text has no ids),
the project's own rulings as "our ruling C13" / "naše pravidlo C13".
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from ...core.feedback import Feedback
from ...core.lesson_words import LessonWords
from ...kit.lesson import Judge, LessonLanguage, LessonPart, Pick
from ...kit.lesson import judge_set as set_answer  # noqa: F401 (the steps' judge of a set answer)
from .. import i18n
from ..i18n import join_list, qty, rules_ref
from . import boards
from .boards import LESSON_CSS, LESSON_DEFS

PART_KEYS = "abcdefgh"


class Language(LessonLanguage):
    """The lesson's words in one language, and what every step says with them: its misreadings (``misreadings``,
    by step, then by the rules each misreads: ``BLD1_C13`` is rules BLD1 and C13) named with where their rule is
    written."""

    def __init__(self, words: LessonWords):
        super().__init__(words)
        self.houses = {form: self.common.list(f"house{form}") for form in ("", "-of", "-to")}
        self.live = self.common.section("live")
        self.no_answer, self.nothing = self.common.text("no-answer"), self.common.text("nothing")
        self.yours = {kind: self.common.template(f"yours.{kind}", "kind") for kind in self.common.section("yours")}

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
        return Part(self, step.scope(PART_KEYS[index]), rule, fields, fallback=step)


class Part(LessonPart):
    """The words of one exercise part (``steps.<step>.<a|b|...>``, else the step's) and its exercises
    (:class:`~balada_widgets.kit.lesson.LessonPart`): a Pick and a figure drawn in the lesson's frame, and the
    city's and a live board's."""

    css, defs, where = LESSON_CSS, LESSON_DEFS, "·"

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
