"""One language's lesson being built: its words, its misreadings, how it names a rule, and its exercise parts.

The words are ``lessons/<language>.yaml`` (format: ``docs/lessons.md``): ``words`` (what several steps say;
``words.say``: what the lesson says once the learner has answered or rolled), ``rules`` (how a rule is named),
``misreadings`` (by step, then by the rules each misreads: ``H5_G23`` is rules H5 and G23), ``steps.<id>`` (title,
goal, text, one section per exercise part). Every text is read when the lesson is built: a missing, misspelt or
unused key stops the build with its name. A part's rule and its options' fixed readings are no words (``parts`` in
``lessons/scenes.yaml``). The rule text has no numbers: a clause (``H-MON1``) is named by its section ("Monsters in
the rules"), a ruling of this project (``H12``, ``G23``, ``P5``) as ours ("our ruling H12").
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Optional

from ...core.lesson_words import LessonWords
from ...core.trace import Trace
from ...kit.lesson import Choose, Count, LessonLanguage, LessonPart, Pick, Solution, Text
from .. import odds
from ..state import START, room_name
from ..drawing import DEFS
from .scenes import FIT, board, material


_CHANCE = re.compile(r"^(?:(\d+)\s*/\s*(\d+)|(\d*)(?:[.,](\d+))?\s*(%?))$")
_ABOUT = re.compile(r"about|approx(imately|\.)?|[≈~=]")


@dataclass(frozen=True)
class ChanceAnswer:
    """A chance as written: ``value`` and how exactly (``digits`` after the point; ``None``: a fraction)."""

    value: Fraction
    digits: Optional[int]
    text: str

    def matches(self, p: Fraction) -> bool:
        """Equal to ``p``; a decimal also when ``p`` rounds to it (a whole percent at least)."""
        if self.value == p or self.digits is None or self.digits < 2:
            return self.value == p
        return Fraction(math.floor(p * 10 ** self.digits + Fraction(1, 2)), 10 ** self.digits) == self.value


def parse_chance(raw) -> Optional[ChanceAnswer]:
    """A chance from ``"9/20"``, ``"0.45"``, ``"45%"``, ``"45 %"``, ``"about 40.1%"``; ``None`` if unreadable.

    >>> parse_chance("9 / 20").value, parse_chance("45 %").value, parse_chance(".45").value
    (Fraction(9, 20), Fraction(9, 20), Fraction(9, 20))
    >>> parse_chance("45") is None, parse_chance("5/4") is None, parse_chance("nine") is None
    (True, True, True)
    >>> [parse_chance(t).matches(Fraction(153, 382)) for t in ("40.1%", "40%", "0.4", "153/382")]
    [True, True, False, True]
    """
    if isinstance(raw, Fraction):
        return ChanceAnswer(raw, None, str(raw)) if 0 <= raw <= 1 else None
    m = _CHANCE.match(_ABOUT.sub(" ", raw.strip().lower()).strip().rstrip(".").strip()) if isinstance(raw, str) else None
    if not m or not any(m.groups()[:4]):
        return None
    num, den, whole, dec, pct = m.groups()
    if den is not None:
        value, digits = Fraction(int(num), int(den)) if int(den) else None, None
    elif dec or pct or int(whole) < 2:  # not "45": a percentage without its sign, or a count
        value = Fraction(int((whole or "0") + (dec or "")), 10 ** len(dec or "") * (100 if pct else 1))
        digits = len(dec or "") + 2 * bool(pct) if dec or pct else None
    else:
        return None
    return ChanceAnswer(value, digits, raw.strip()) if value is not None and 0 <= value <= 1 else None


@dataclass(frozen=True)
class Chance(Text):
    """A chance typed as a fraction or a percentage; an empty or unreadable one is no try (``empty``, ``unreadable``:
    why, in the lesson's words; ``unreadable`` may name ``{raw}``)."""

    empty: str = ""
    unreadable: str = ""

    def read(self, raw):
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            return None, self.empty
        got = raw if isinstance(raw, ChanceAnswer) else parse_chance(raw)
        return (got, None) if got is not None else (None, self.unreadable.format(raw=str(raw).strip()))


class Language(LessonLanguage):
    """The lesson's words in one language (the kit's :class:`~balada_widgets.kit.lesson.LessonLanguage`: what its
    checks say), and what every step says with them."""

    def __init__(self, words: LessonWords):
        super().__init__(words)
        common, rules = self.common, words.scope("rules")
        self.say, self.player, self.labels = common.sentences("say"), common.template("player", "n"), \
            common.section("trace")
        self.names, self.first_names, self.nothing = common.list("who"), common.list("who-first"), common("nothing")
        self.sections, self.clause, self.ruling = rules.section("sections"), rules.template("clause", "section"), \
            rules.template("ruling", "id")

    def who(self, p: int, first: bool = False) -> str:
        """A hero in a sentence: you, Ada, Bo, Cy (``first``: at its start, You)."""
        return (self.first_names if first else self.names)[p] if p < len(self.names) else self.player(n=p + 1)

    def join(self, items, last: bool = True) -> str:
        """``a, b and c`` (``last=False``: ``a, b, c``)."""
        (sep, final), items = self.common.list("list"), list(items)
        return (sep.join(items[:-1]) + (final if last else sep) + items[-1]) if len(items) > 1 else "".join(items)

    def plural(self, key: str, n: int) -> str:
        return f"{n} {self.common.plural(key, n)}"

    def rule_name(self, rule_id: str) -> str:
        """A rule id as the learner can look it up: a clause by its section of the rule text, a ruling as ours."""
        m = re.fullmatch(r"H-([A-Z]+)\d+", rule_id.strip())
        return self.clause(section=self.sections[m.group(1)]) if m else self.ruling(id=rule_id.strip())

    def ruled(self, text: str, rule: str) -> str:
        """``text`` with its rule named the way the kit names it (a caption on a board)."""
        names = list(dict.fromkeys(self.rule_name(r) for r in rule.split(",")))
        return f"{text} {self.kit['rules' if len(names) > 1 else 'rule'].format(rules=', '.join(names))}"

    def chance(self, p: Fraction) -> str:
        """``9/20 (45%)``; 0 and 1 as they are."""
        return str(p) if p in (0, 1) else self.say("chance", fraction=f"{p.numerator}/{p.denominator}",
                                                   percent=odds.format_percent(p))

    def trace(self, trace) -> Trace:
        """A trace with its rules named in words (the Explain panel's rule column)."""
        out = Trace()
        for st in trace:
            out.add(st.where, self.rule_name(st.rule) if st.rule else "", st.points, st.reason)
        return out

    def odds_solution(self, p: Fraction, explanation, text: str = "", answer: Optional[str] = None) -> Solution:
        """A chance walked through: ``text`` and the odds' trace, step by step; its value column holds the level, or
        the bonus lead of a roll against another (never "points")."""
        lead = "level" if getattr(explanation, "level", None) is not None else "lead"
        return Solution(self.chance(p) if answer is None else answer, text, self.trace(explanation.trace),
                        where_label=self.labels["where"], value_label=self.labels[lead])

    def outcome(self, game, before, after) -> str:
        """What changed from ``before`` to ``after``, in words: cups, HP, cards, Power-Ups, rooms, the end."""
        out: list = []

        def say(p, key, **fields):
            out.append(self.say(f"outcome.{'other' if p else 'you'}.{key}", who=self.who(p, not out), **fields))

        for p, (a, b) in enumerate(zip(before.players, after.players)):
            if b.at != a.at:
                say(p, "go", room=room_name(b.at) if b.at != START else "START")
            if b.hp != a.hp:
                say(p, "drink" if b.hp < a.hp else "refill", hp=abs(a.hp - b.hp), before=a.hp, after=b.hp)
            if len(b.hand) > len(a.hand):
                say(p, "draw", cards=self.plural("loot-cards", len(b.hand) - len(a.hand)))
            if set(b.powerups) - set(a.powerups):
                say(p, "take", names=self.join(game.content.powerups[x].name for x in sorted({*b.powerups} -
                                                                                          {*a.powerups})))
        for i, (ra, rb) in enumerate(zip(before.rooms, after.rooms)):
            if i and ra.up != rb.up:
                card = game.content.rooms.get(rb.card)
                out.append(self.say("face-up", room=room_name(i), card=card.name if card else "?") if rb.up else
                           self.say("face-down-again", room=room_name(i)))
        if after.phase == "over" and before.phase != "over":
            out.append(self.say("over", winners=self.join(self.who(p) for p in after.winners)))
        text = "; ".join(out) or self.say("nothing-changes")
        return text[:1].upper() + text[1:] + ("." if out else "")

    def rolled(self, dice) -> str:
        """``You roll 9, Ada rolls 12``."""
        return ", ".join(self.say(f"roll.{'other' if p else 'you'}", who=self.who(p, not k), n=v)
                         for k, (p, v) in enumerate(dice))

    def part(self, step, name: str, **fields) -> "Part":
        """The words of exercise part ``name`` of ``step`` (a scope ``steps.<id>``), with its rule and options."""
        return Part(self, step.scope(name), material()["steps"][step.prefix.split(".")[1]]["parts"][name], fields)


class Part(LessonPart):
    """One exercise part's words (``steps.<step>.<part>``, the fields they fill) and the kit's exercises of them
    (:class:`~balada_widgets.kit.lesson.LessonPart`): its ``rule``, its options (``values``) and the misreading a
    wrong (``misread``) or left-out one (``missing``) shows, the room's questions and boards."""

    css, defs = FIT, DEFS

    def __init__(self, lesson: Language, scope, data, fields: dict):
        data = data if isinstance(data, dict) else {"rule": data}
        super().__init__(lesson, scope, data["rule"], fields, values=tuple(data.get("options", ())))
        self.misread, self.missing = data.get("misread", {}), data.get("missing", {})

    def walked(self, answer: str, rows, value: str, **kw) -> Solution:
        """The answer with a trace of ``rows`` ``(where, rule, trace.<key>, value)``; ``value``: its column."""
        trace = Trace()
        for where, rule, key, amount in rows:
            trace.add(where, rule, amount, self(f"trace.{key}"))
        return self.solution(answer, trace=self.lesson.trace(trace), where=self.lesson.labels["place"], value=value,
                             **kw)

    def yes_no(self, facts) -> str:
        """``label: yes; label: no.``: what the engine says of each option (``facts[value]``)."""
        return "; ".join(f"{label}: {self.lesson.common(('no', 'yes')[bool(facts[k])])}"
                         for k, label in self.options()) + "."

    def reads(self, right, misreadings, said: Callable, other: Callable, same=lambda a, b: a == b):
        """A check: an answer ``same`` as ``right`` is right (``said(answer)``), else its misreading (``misreadings``: a
        function, or ``(misreading, value)`` pairs: the first it is ``same`` as), else ``other(answer)``."""
        mids = misreadings if callable(misreadings) else lambda a: next((m for m, v in misreadings if same(a, v)), None)
        return self.check(lambda answer: same(answer, right) or mids(answer),
                          lambda answer: self.lesson.right(said(answer), self.rule, expected=right), other)

    def one_of(self, right, known=None, texts=None, name: Callable = str) -> Callable[[Any], Any]:
        """One click or option: any of ``right`` (named by ``name``), else its misreading (``known``: a function, or more
        of the part's ``misread``), else its text (``texts``: item -> key), else ``other`` (else "Not there.")."""
        said, told = self.later("right", "item"), {item: self(key) for item, key in (texts or {}).items()}
        other = self("other") if self.has("other") else self.lesson.say("not-there")
        return self.reads(set(right) if isinstance(right, (set, frozenset)) else {right},
                          known if callable(known) else {**self.misread, **(known or {})}.get,
                          lambda item: said(item=name(item)), lambda item: told.get(item, other), lambda a, r: a in r)

    def set_check(self, right, wrong=None, missing=None, name: Callable = str) -> Callable[[Any], Any]:
        """Several options or rooms, a wrong pick read before a missing one (``set_answer``): its misreading (``wrong``,
        ``missing`` and the part's), else the ``picked`` text naming it, or the lesson's ``more``."""
        said, lesson = self("right"), self.lesson
        picked = self.later("picked", "item") if self.has("picked") else lambda item: lesson.say("picked", item=item)
        wrong, missing = {**self.misread, **(wrong or {})}, {**self.missing, **(missing or {})}
        return lambda answer: lesson.set_answer(frozenset(answer), right, wrong, missing, said=said, rule=self.rule,
                                                picked=lambda item: picked(item=name(item)),
                                                left_out=lambda item: lesson.say("more"))

    def choices(self, right, labels: Optional[dict] = None, explanation: Optional[str] = None, **kw) -> Choose:
        """Every one of ``right`` among the options (``labels``: ``{value: label}``, else the part's):
        :meth:`set_check`; *Show me* names the right ones."""
        labels = labels or dict(self.options())
        answer = self.lesson.join(labels[k] for k in labels if k in right)
        return self.choose(self.set_check(right, name=labels.get, **kw), labels.items(),
                           self.solution(answer, explanation), many=True)

    def choose(self, check, options, solution, many: bool = False) -> Choose:
        return self.ask(Choose, check, solution, options=tuple(options), many=many)

    def count(self, right: int, misreadings=(), solution: Optional[Solution] = None) -> Count:
        """A whole number, ``right``, else each ``(misreading, value)``, else "Not k."; *Show me*: ``solution``."""
        said, say = self.later("right", "k"), self.lesson.say
        return self.ask(Count, self.reads(right, misreadings, lambda k: said(k=k), lambda k: say("not-k", k=k)),
                        solution, unit=self("unit"))

    def chance(self, right: Fraction, misreadings, solution: Solution) -> Chance:
        """A typed chance, ``right`` (the ``right`` text may name ``{chance}``), else each ``(misreading, value)``."""
        said, lesson, common = self.later("right", "chance"), self.lesson, self.lesson.common
        check = self.reads(right, misreadings, lambda _: said(chance=lesson.chance(right)),
                           lambda _: lesson.say("not-this-chance"), lambda answer, p: answer.matches(p))
        return self.ask(Chance, check, solution, placeholder=common("chance-form"), empty=common("chance-first"),
                        unreadable=common.template("unreadable", "raw").text)

    def pick(self, check, draw, solution, mode: str = "one", buttons=()) -> Pick:
        """A click exercise on a board drawn by ``draw(selected)`` (``buttons``: ``(id, label)`` under it)."""
        return self.ask(Pick, check, solution, draw=draw, mode=mode, buttons=tuple(buttons))

    def on(self, game, state, check, solution, buttons=(), **kw) -> Pick:
        """A click exercise on the board of ``state`` (``buttons``: the ids of the part's ``options`` under it)."""
        return self.pick(check, lambda sel: board(game, state, sel), solution, buttons=self.options(buttons), **kw)

    def roll(self, game, before, after, dice) -> Pick:
        """*Roll*: the board before, then the engine's next state with the dice shown; the buttons are the part's options
        (else *Roll the die*), its ``after`` text (if any) says what the roll means."""
        lesson = self.lesson
        labels = self.options() or (("roll", lesson.common("roll-button")),)
        buttons, rolled = tuple(b for b, _ in labels), lesson.rolled(dice)
        said = f"{lesson.outcome(game, before, after)} {self('after') if self.has('after') else ''}".strip()
        caption = lesson.say("rolled", dice=lesson.join((lesson.say("die", who=lesson.who(p), n=v) for p, v in dice),
                                                        last=False))
        press = lesson.say("press-in-order" if len(buttons) > 1 else "press")

        def check(seq):
            return lesson.right(f"{rolled}. {said}", self.rule) if tuple(seq[-len(buttons):]) == buttons else \
                lesson.no(press, self.rule)

        def draw(sel):
            return board(game, after, dice=dice, caption=caption) if check(sel).ok else board(game, before, fight=-1)

        return Pick(self("prompt"), check, hint=press, solution=Solution(rolled, said, picks=buttons), draw=draw,
                    mode="sequence", buttons=labels, label=lesson.common("dungeon"), css=FIT, defs=DEFS)
