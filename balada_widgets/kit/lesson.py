"""Tutorial lessons as data: steps, exercises, tiered feedback and progress. Pure Python (no Solara).

A game's tutorial module describes its lesson with these values; the kit's
components (:mod:`balada_widgets.ui.tutorial`) show it one step at a time, and
the tests check every answer without a browser. The standard is the GUIDE's
"Tutorials": the learner *does* each rule; nothing gives the answer away
before the learner answers; feedback teaches in tiers; progress shows.

- :class:`Lesson`: a title and its :class:`LessonStep` s, in order.
- :class:`LessonStep`: an id (``"boss"``), a title, the rule ids it teaches,
  a short text (markdown) and one exercise, or several parts done in order
  (a question, then *Roll* to see what happens, then a follow-up).
- Exercise kinds, each with ``prompt`` (markdown), ``check(answer) ->``
  :class:`~balada_widgets.core.feedback.Feedback`, a ``hint`` and a
  ``solution`` (a :class:`Solution`, or a function that computes it):

  - :class:`Pick`: click on a board the game draws from the current
    selection, ``draw(selected_ids) -> svg``; one id (``mode="one"``, the
    answer is the id), several (``"set"``, a ``frozenset``) or a sequence
    (``"sequence"``, a ``tuple``; ``buttons`` such as *Roll* add their ids
    too). The board shows only what the game draws for the selection, so
    it cannot mark the right targets;
  - :class:`Choose`: one of a few options (``many=True``: several, a ``frozenset``);
  - :class:`Number`: a whole number (:class:`Count`: with its unit after it, ``"12 rooms"``);
  - :class:`Text`: a short text (a fraction, a word: the check parses it);
  - :class:`Custom`: any widget of the game's (a live game, a card designer):
    ``make(answer, on_answer)`` returns the element.

  Any kind but :class:`Pick` may show a :class:`Figure` (``figure=``) above
  its answer: the side or position the question is about.

- Tiered feedback (:func:`respond`, :func:`reveal`), on an :class:`Attempt`
  per exercise: a first wrong answer gets the check's message (the misreading
  named with its rule; the step's rule ids when the check names none); the
  second also the hint; the third, or *Show me*, also the answer with its
  explanation walked through; a right answer "Right!" with the explanation.
  An empty or unreadable answer is not counted as a try.
- :class:`Progress`: every attempt of a lesson, an immutable value (each
  change returns a new one), shared by every displayed step of a lesson.
- What a check says, written once for every room: :class:`Replies` (a right
  answer, a :class:`Misreading` named, a wrong answer no misreading explains)
  and :func:`set_mistake`, how a set answer is read: **a wrong pick before a
  missing one** (what the learner chose and should not have is what they
  misread first). The kit names the rule (:func:`respond`), as the lesson's
  words say (``rule_names``: a rule id in words, "our ruling H12").
- A lesson's words made into exercises, written once for every room whose steps have parts:
  :class:`LessonLanguage` (its words, misreadings and replies) and :class:`LessonPart` (one part's texts,
  filled with its fields, read from its scope or its step's; its options, its *Show me* solution, and the
  kit's exercise of a kind with its prompt, hint and check: :meth:`~LessonPart.choice`,
  :meth:`~LessonPart.number`).

Examples
--------
>>> from balada_widgets.core.feedback import Feedback
>>> def check(n):
...     if n == 5:
...         return Feedback(True, "Right: 3 + 2 = 5.", "R2")
...     if n == 3:
...         return Feedback(False, "Not 3: the second card counts too.", "R2", misreading="first-only")
...     return Feedback(False, f"Not {n}.")
>>> ex = Number("How many points?", check, hint="Add both cards.",
...             solution=Solution("5 points", "3 for the first card, 2 for the second."))
>>> a = respond(ex, Attempt(), "3", rules=("R2",))
>>> a.reply.kind, a.reply.message
('wrong', 'Not 3: the second card counts too. (rule R2)')
>>> a = respond(ex, a, "4", rules=("R2",))
>>> a.reply.kind, a.reply.message, a.reply.hint
('hint', 'Not 4. (rule R2)', 'Add both cards.')
>>> a = respond(ex, a, "six", rules=("R2",))      # unreadable: not a try
>>> a.wrong, a.reply.kind
(2, 'invalid')
>>> a = respond(ex, a, 7, rules=("R2",))
>>> a.reply.kind, a.reply.solution.answer
('answer', '5 points')
>>> a = respond(ex, a, 5)
>>> a.solved, a.reply.kind, a.reply.message
(True, 'right', '3 + 2 = 5.')
"""

from __future__ import annotations

import contextvars
import re
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping, NamedTuple, Optional, Sequence, Union

from ..core import lesson_words
from ..core.errors import GameError, InvalidInput
from ..core.feedback import Feedback, Step, find_step, parse_number
from ..core.spec import load
from .kernel import per_kernel

#: the Solara player of a lesson (:class:`~balada_widgets.ui.tutorial.Tutorial`), named the way a game's spec
#: names its views and imported when a notebook first shows a step: this module imports no UI
TUTORIAL_PLAYER = "balada_widgets.ui.tutorial:Tutorial"

__all__ = ["Attempt", "Built", "Choose", "LessonBook", "build_steps", "Count", "Custom", "Figure", "LESSON_WORDS",
           "LearnerBox", "Lesson", "LessonLanguage", "LessonPart", "LessonStep", "Misreading", "NotebookFace", "Number",
           "Pick", "Progress", "Replies", "Reply", "SetMistake", "Solution", "Text", "answer_only_classes", "judge_set",
           "learner", "learner_store", "respond", "reveal", "set_mistake"]

#: the lesson's own words: why an answer is not read, and how a rule is named. A lesson in
#: another language passes its own ``words`` (same keys, same ``{fields}``) to :func:`respond`. Beside them a
#: lesson's words may hold ``rule_names``: ``{rule id: its name in words}`` ("our ruling H12", "Traps in the
#: rules"), for rule ids the learner's rule text does not print.
LESSON_WORDS = {
    "answer_first": "Answer first, then press Check.",
    "pick_first": "Click on the board first, then press Check.",
    "choose_one": "Choose an option, then press Check.",
    "choose_some": "Choose at least one option, then press Check.",
    "number_first": "Write a number, then press Check.",
    "not_a_number": "{raw!r} is not a whole number: write it with digits, like 12.",
    "type_first": "Type your answer, then press Check.",
    "do_first": "Do the task first, then press Check.",
    "rule": "(rule {rules})",
    "rules": "(rules {rules})",
    "no_step": "no such step in the {lesson} tutorial; the steps are {steps}",
}


# ---------------------------------------------------------------------------- the answer walked through


@dataclass(frozen=True)
class Solution:
    """The answer of an exercise, explained: what *Show me* (or a third wrong answer) shows.

    ``answer``: the answer in words ("Ada and Dee"). ``explanation``: the
    walk-through, markdown (wrap a plain-text table in a fenced block).
    ``trace``: a :class:`~balada_widgets.core.trace.Trace` (or its steps), shown
    step by step with the kit's ``Explain`` panel. ``picks``: for a
    :class:`Pick`, the ids the board draws as selected once the answer is shown.
    ``where_label``: the heading of the trace's "where" column (``"room"``);
    ``value_label``: of its value column (``"level"``; empty: the panel's own word, *points*).
    """

    answer: str
    explanation: str = ""
    trace: Any = None
    picks: tuple = ()
    where_label: str = "space"
    value_label: str = ""


SolutionLike = Union[Solution, Callable[[], Solution], None]


@dataclass(frozen=True)
class Figure:
    """A board shown above a question that is not answered on it (a side to score, a position to judge).

    ``svg``: the drawing, or a function returning it (drawn when the step
    shows); ``css`` / ``defs``: as for ``SvgBoard``; ``label``: its accessible
    name. Like a :class:`Pick` board it shows what a player at the table sees.
    """

    svg: Any
    css: str = ""
    defs: str = ""
    label: str = "board"

    def markup(self) -> str:
        return self.svg() if callable(self.svg) else self.svg


def _solution(ex) -> Optional[Solution]:
    s = ex.solution
    return s() if callable(s) else s


# ---------------------------------------------------------------------------- exercise kinds


@dataclass(frozen=True)
class _Exercise:
    prompt: str
    check: Callable[[Any], Feedback]
    hint: str = ""
    solution: SolutionLike = None
    figure: Optional[Figure] = None  # a board above the answer (not for Pick, which is its own board)

    kind = "exercise"

    def read(self, raw) -> tuple[Any, Optional[str]]:
        """The answer ``check`` gets from the raw input, or ``(None, why not)``: a key of
        :data:`LESSON_WORDS` or the text itself (not counted as a try)."""
        if raw is None or raw == "" or raw == ():
            return None, "answer_first"
        return raw, None


@dataclass(frozen=True)
class Pick(_Exercise):
    """Click on a board: one id, a set of ids, or a sequence (see the module docstring).

    ``draw(selected)`` returns the board's SVG for the ids selected so far (a
    tuple, in click order); give every clickable element a ``data-id``.
    ``buttons``: ``(id, label)`` pairs shown under the board (``("roll",
    "Roll the dice")``); pressing one acts like a click on its id. ``label``:
    the board's accessible name; ``css`` / ``defs``: as for ``SvgBoard``.
    """

    draw: Callable[[tuple], str] = None  # type: ignore[assignment]
    mode: str = "one"
    buttons: tuple = ()
    label: str = "exercise board"
    css: str = ""
    defs: str = ""

    kind = "pick"

    def __post_init__(self):
        if self.mode not in ("one", "set", "sequence"):
            raise InvalidInput(f"Pick mode must be 'one', 'set' or 'sequence', not {self.mode!r}")
        if self.draw is None:
            raise InvalidInput("a Pick exercise needs draw(selected) -> svg")

    def click(self, selected: tuple, id_: str) -> tuple:
        """The selection after a click on ``id_``.

        >>> p = Pick("?", check=None, draw=lambda s: "", mode="set")
        >>> p.click(p.click(("a",), "b"), "a")
        ('b',)
        >>> Pick("?", check=None, draw=lambda s: "").click(("a",), "b")
        ('b',)
        >>> q = Pick("?", check=None, draw=lambda s: "", mode="sequence")
        >>> q.click(q.click(("a", "b"), "a"), "a")      # the last one again: taken back
        ('a', 'b')
        """
        if self.mode == "one":
            return () if selected == (id_,) else (id_,)
        if self.mode == "set":
            return tuple(s for s in selected if s != id_) if id_ in selected else selected + (id_,)
        return selected[:-1] if selected and selected[-1] == id_ else selected + (id_,)

    def read(self, raw):
        raw = tuple(raw or ())
        if not raw:
            return None, "pick_first"
        if self.mode == "one":
            return raw[-1], None
        return (frozenset(raw) if self.mode == "set" else raw), None


@dataclass(frozen=True)
class Choose(_Exercise):
    """One of a few options (buttons); ``many=True``: several (the answer is a ``frozenset``).

    ``options``: values, or ``(value, label)`` pairs.
    """

    options: tuple = ()
    many: bool = False

    kind = "choose"

    def choices(self) -> list[tuple[Any, str]]:
        """``(value, label)`` of each option."""
        return [o if isinstance(o, tuple) else (o, str(o)) for o in self.options]

    def read(self, raw):
        if self.many:
            return (frozenset(raw), None) if raw else (None, "choose_some")
        return (raw, None) if raw is not None else (None, "choose_one")


@dataclass(frozen=True)
class Number(_Exercise):
    """A whole number (``"12"``, ``"12 points"``); ``unit`` is shown beside the field."""

    unit: str = ""

    kind = "number"

    def read(self, raw):
        n = parse_number(raw)
        if n is None:
            if raw is None or str(raw).strip() == "":
                return None, "number_first"
            return None, "not_a_number"
        return n, None


@dataclass(frozen=True)
class Count(Number):
    """A whole number with or without its unit after it (``"12"``, ``"12 rooms"``, ``"60 HP"``, ``"6 prestiží"``).

    >>> ex = Count("How many rooms?", check=None, unit="rooms")
    >>> ex.read("12 rooms"), ex.read(" 60 HP "), ex.read("twelve")
    ((12, None), (60, None), (None, 'not_a_number'))
    """

    def read(self, raw):
        if isinstance(raw, str):
            raw = re.sub(r"(?<=\d)\s*[^\d\s][^\d]*$", "", raw.strip())
        return super().read(raw)


@dataclass(frozen=True)
class Text(_Exercise):
    """A short text (a word, a fraction like ``7/10``): the check reads it."""

    placeholder: str = ""

    kind = "text"

    def read(self, raw):
        t = (raw or "").strip() if isinstance(raw, str) or raw is None else raw
        return (t, None) if t else (None, "type_first")


@dataclass(frozen=True)
class Custom(_Exercise):
    """Any widget of the game's: ``make(answer, on_answer)`` returns a Solara element.

    The widget reports the learner's answer with ``on_answer(value)`` (a
    finished game, a designed card); ``None`` means "nothing yet".
    """

    make: Callable[[Any, Callable[[Any], None]], Any] = None  # type: ignore[assignment]

    kind = "custom"

    def read(self, raw):
        return (raw, None) if raw is not None else (None, "do_first")


Exercise = Union[Pick, Choose, Number, Text, Custom]


# ---------------------------------------------------------------------------- steps and the lesson


@dataclass(frozen=True)
class LessonStep:
    """One step: ``id``, ``title``, the rule ids taught, a short ``text`` (markdown) and its exercise(s).

    ``exercise`` is one exercise or a tuple of parts, done in order: a part
    shows once the one before is answered (right, or its answer shown).
    """

    id: str
    title: str
    rules: tuple
    text: str
    exercise: Any

    @property
    def parts(self) -> tuple:
        """The exercises of the step, in order."""
        return tuple(self.exercise) if isinstance(self.exercise, (tuple, list)) else (self.exercise,)

    def as_step(self) -> Step:
        """The step as a :class:`~balada_widgets.core.feedback.Step` (docs and coverage tables)."""
        return Step(self.id, self.title, tuple(self.rules), " / ".join(p.prompt for p in self.parts))


@dataclass(frozen=True)
class Lesson:
    """A tutorial: a ``title`` and its ``steps`` (ids unique, each step with an exercise).

    >>> from balada_widgets.core.feedback import Feedback
    >>> ok = lambda a: Feedback(a == "yes", "Yes: it is.")
    >>> lesson = Lesson("Demo", (LessonStep("a", "First", ("R1",), "Text.", Text("Is it?", ok)),
    ...                          LessonStep("b", "Second", ("R2", "R3"), "More.", Choose("Which?", ok, options=("yes", "no")))))
    >>> lesson.index("b"), lesson.position("b"), lesson.coverage()
    (1, 'Step 2 of 2', {'R1': ['a'], 'R2': ['b'], 'R3': ['b']})
    >>> lesson.find("c")
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input 'c': no such step in Demo; the steps are a, b
    """

    title: str
    steps: tuple

    def __post_init__(self):
        object.__setattr__(self, "steps", tuple(self.steps))
        ids = [s.id for s in self.steps]
        if not ids:
            raise InvalidInput(f"the lesson {self.title!r} has no steps")
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise InvalidInput(f"step ids must be unique; twice: {', '.join(twice)}")
        bare = [s.id for s in self.steps if not s.parts or any(p is None for p in s.parts)]
        if bare:
            raise InvalidInput(f"every step has the learner do something; no exercise in: {', '.join(bare)}")

    @property
    def ids(self) -> list[str]:
        return [s.id for s in self.steps]

    def index(self, step_id: str) -> int:
        """0-based position of a step; :class:`InvalidInput` naming the steps if there is none."""
        for i, s in enumerate(self.steps):
            if s.id == step_id:
                return i
        raise InvalidInput(f"no such step in {self.title}; the steps are {', '.join(self.ids)}", move=step_id)

    def find(self, step_id: str) -> LessonStep:
        return self.steps[self.index(step_id)]

    def position(self, step_id: str) -> str:
        """``"Step 6 of 16"``."""
        return f"Step {self.index(step_id) + 1} of {len(self.steps)}"

    def coverage(self) -> dict[str, list[str]]:
        """Rule id -> the ids of the steps that teach it (for the docs' coverage table)."""
        out: dict[str, list[str]] = {}
        for s in self.steps:
            for r in s.rules:
                out.setdefault(r, []).append(s.id)
        return out

    def as_steps(self) -> list[Step]:
        """The steps as :class:`~balada_widgets.core.feedback.Step` values."""
        return [s.as_step() for s in self.steps]


# ---------------------------------------------------------------------------- one learner's own things

#: the store of the learner whose lesson is being run (set by the kit's player around a lesson's callbacks)
_LEARNER: contextvars.ContextVar[Optional[dict]] = contextvars.ContextVar("balada_widgets_learner", default=None)


@contextmanager
def learner(store: dict):
    """Run a lesson's callbacks (checks, solutions, ``make``) for one learner: inside, :func:`learner_store`
    is ``store`` (their :class:`~balada_widgets.ui.tutorial.Tutorial`'s ``store``)."""
    token = _LEARNER.set(store)
    try:
        yield store
    finally:
        _LEARNER.reset(token)


def learner_store() -> dict:
    """The current learner's own dict: what a lesson, shared by every learner, keeps for one of them.

    A :class:`Lesson` is data built once and shared (every page of the app shows the same one); what one
    learner does in it (a game being played, the end of a game a later part asks about) lives here. The
    kit's player sets it to the learner's tutorial's store (one per page in the app, one per kernel in a
    notebook); a check called outside the player (a test, a script) gets the kernel's own.
    """
    store = _LEARNER.get()
    if store is None:
        store = per_kernel("lesson-learner-store", dict)
    return store


class LearnerBox:
    """A small dict of the current learner's own (:func:`learner_store`), for a lesson's parts that remember
    something between them (part (b) asks about the game played in part (a)). The box itself holds nothing:
    it can sit in a shared lesson.

    >>> box = LearnerBox("demo-box", state=None)
    >>> with learner({}):
    ...     box["state"] = "over"
    ...     box.get("state")
    'over'
    >>> with learner({}):
    ...     box.get("state") is None         # another learner: their own box
    True
    """

    def __init__(self, name: str, **defaults):
        self.name, self.defaults = name, defaults

    def _mine(self) -> dict:
        store = learner_store()
        if self.name not in store:
            store[self.name] = dict(self.defaults)
        return store[self.name]

    def get(self, key, default=None):
        return self._mine().get(key, default)

    def __getitem__(self, key):
        return self._mine()[key]

    def __setitem__(self, key, value) -> None:
        self._mine()[key] = value

    def __repr__(self) -> str:
        return f"LearnerBox({self.name!r})"


class NotebookFace:
    """A game's tutorial in a notebook: one :class:`~balada_widgets.ui.tutorial.Tutorial` per kernel (and
    language), so every cell shares the progress; steps shown by id.

    ``lesson(*key)`` builds the lesson (cache it: it is built on the first step shown), ``step_ids`` are checked
    before anything is built, ``no_step(*key)`` is the refusal's message, ``words(*key)`` the kit's words (or
    ``None``). ``key`` is what the game's faces differ by (Baldur's Gate: the language), empty for one face.

    >>> from balada_widgets.core.feedback import Feedback
    >>> face = NotebookFace(lambda: Lesson("Demo", (LessonStep("a", "A", ("R1",), "Text.", Text("?", lambda a: Feedback(True, ""))),)),
    ...                     ["a"], lambda: "no such step in Demo; the steps are a")
    >>> face.step("b")
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input 'b': no such step in Demo; the steps are a
    >>> face.tutorial() is face.tutorial()
    True
    """

    def __init__(self, lesson: Callable[..., Lesson], step_ids: Sequence[str], no_step: Callable[..., str],
                 words: Optional[Callable[..., Mapping[str, str]]] = None):
        self._lesson, self._ids, self._no_step, self._words = lesson, tuple(step_ids), no_step, words

    def tutorial(self, *key):
        """The notebook face of the lesson for ``key`` (made on first use; Solara only then).

        One per kernel: a Jupyter kernel is one learner; a notebook served by a Solara server gives each
        browser page its own kernel, so each its own tutorial (progress and store), never a shared one.
        """
        tutorials = per_kernel(f"notebook-face-{id(self)}", dict)
        if key not in tutorials:
            player = load(TUTORIAL_PLAYER)
            tutorials[key] = player(self._lesson(*key), words=self._words(*key) if self._words else None)
        return tutorials[key]

    def step(self, step_id: Optional[str], *key):
        """Step ``step_id`` (default the first), the last expression of a cell; an unknown id is refused."""
        if step_id is not None and step_id not in self._ids:
            raise InvalidInput(self._no_step(*key), move=step_id)
        return self.tutorial(*key).step(step_id)


class Built(NamedTuple):
    """One language's lesson as a room builds it from its words (:class:`LessonBook`): the :class:`Lesson`, its
    steps as :class:`~balada_widgets.core.feedback.Step` values (each with its goal), every misreading its checks
    recognise (by id), the lesson player's words (the file's ``kit``, with ``rule_names``) and ``more``: what the
    room's docs and tests read besides (its words as the steps say them, its rulings)."""

    lesson: Lesson
    steps: tuple
    misreadings: dict
    kit: dict
    more: Any = None


def build_steps(words, step_ids: Sequence[str], rules: Callable[[str], tuple],
                parts: Callable[[str, Any], Any]) -> tuple[tuple, tuple]:
    """Every step of a lesson from its words (a :class:`~balada_widgets.core.lesson_words.LessonWords`): step
    ``i``'s title, text and goal are its scope ``steps.<i>``'s, ``rules(i)`` the rule ids it teaches and
    ``parts(i, scope)`` its exercises (one, or a tuple; a step whose text is worded from its position returns
    ``(text, exercises)``). Returns the :class:`LessonStep` values and their
    :class:`~balada_widgets.core.feedback.Step` values."""
    out, infos = [], []
    for step_id in step_ids:
        scope = words.scope(f"steps.{step_id}")
        made = parts(step_id, scope)
        text, made = made if isinstance(made, tuple) and made and isinstance(made[0], str) else (None, made)
        made = tuple(made) if isinstance(made, (tuple, list)) else (made,)
        taught = tuple(rules(step_id))
        out.append(LessonStep(step_id, scope.text("title"), taught, scope.text("text") if text is None else text,
                              made if len(made) > 1 else made[0]))
        infos.append(Step(step_id, scope.text("title"), taught, scope.text("goal")))
    return tuple(out), tuple(infos)


class LessonBook:
    """A room's lesson, written once for every room: its words read from ``folder``'s file per language
    (:mod:`balada_widgets.core.lesson_words`, ``docs/lessons.md``) by ``build(words) -> Built``, once per
    language on first use, and shared by every learner (every page of the app, every notebook): immutable data.
    What one learner does lives in their own tutorial (its progress and store), never here.

    Its methods are the room's lesson entry, the same for every game (a tutorial module exports them:
    ``lesson, steps, misreadings, kit_words, step_by_id, tutorial, step = BOOK.entries()``;
    :meth:`~balada_widgets.core.spec.GameSpec.lesson_entry` opens them):

    - ``lesson(language="en")``: the :class:`Lesson`; ``steps(language="en")``: its steps as
      :class:`~balada_widgets.core.feedback.Step` values; ``misreadings(language="en")``: every misreading its
      checks recognise, by id; ``kit_words(language="en")``: the lesson player's words;
    - ``tutorial(language="en")``: the notebook face (one per kernel and language, so every cell shares the
      progress); ``step(step_id=None, language="en")``: one step, the last expression of a notebook cell.

    Each raises :class:`~balada_widgets.core.errors.InvalidInput` for a language without a lesson file (the
    message lists those there are), a wrong file, or (``step``) an unknown step id (the message lists the ids).

    >>> from balada_widgets.core.feedback import Feedback
    >>> class Words:  # what LessonWords gives a builder: here one step, in English
    ...     language = "en"
    ...     def text(self, key): return {"title": "Demo"}[key]
    ...     def scope(self, prefix): return lambda key: key
    >>> def build(words):
    ...     step = LessonStep("a", "A", ("R1",), "Text.", Text("?", lambda a: Feedback(a == "yes", "")))
    ...     return Built(Lesson(words.text("title"), (step,)), (step.as_step(),), {}, {})
    >>> book = LessonBook(None, build, ["a"], read=lambda folder, language, build: build(Words()))
    >>> book.lesson().title, [s.id for s in book.steps()], book.lesson() is book.lesson()
    ('Demo', ['a'], True)
    >>> book.step("b")
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input 'b': no such step in the Demo tutorial; the steps are a
    """

    def __init__(self, folder, build: Callable[[Any], Built], step_ids: Sequence[str],
                 read: Callable[..., Built] = lesson_words.build):
        self.folder, self.step_ids, self._build, self._read, self._books = folder, tuple(step_ids), build, read, {}
        self._face = NotebookFace(self.lesson, self.step_ids, self.no_step, self.kit_words)

    def built(self, language: str = "en") -> Built:
        """The lesson in ``language`` and what is read with it (built on first use, then kept)."""
        if language not in self._books:
            self._books[language] = self._read(self.folder, language, self._build)
        return self._books[language]

    def lesson(self, language: str = "en") -> Lesson:
        """The lesson in ``language`` as a :class:`Lesson`, shared by every learner."""
        return self.built(language).lesson

    def steps(self, language: str = "en") -> tuple:
        """The steps as :class:`~balada_widgets.core.feedback.Step` values (id, title, rules, what the learner does)."""
        return self.built(language).steps

    def misreadings(self, language: str = "en") -> dict:
        """Every misreading the checks recognise, by id, in ``language``."""
        return self.built(language).misreadings

    def kit_words(self, language: str = "en") -> dict:
        """The lesson player's words in ``language``: the file's ``kit`` (buttons, tiers, how a rule is named)."""
        return dict(self.built(language).kit)

    def step_by_id(self, step_id: str, language: str = "en") -> Step:
        """The :class:`~balada_widgets.core.feedback.Step` with that id (``KeyError`` if none)."""
        return find_step(self.steps(language), step_id)

    def no_step(self, language: str = "en") -> str:
        """The refusal of an unknown step id, in ``language`` (the kit's words ``no_step``)."""
        said = {**LESSON_WORDS, **self.built(language).kit}["no_step"]
        return said.format(lesson=self.lesson(language).title, steps=", ".join(self.step_ids))

    def tutorial(self, language: str = "en"):
        """The notebook face of the lesson in ``language`` (one per kernel and language: every cell shares the
        progress)."""
        self.built(language)  # a language without a lesson is refused before a player is made
        return self._face.tutorial(language)

    def step(self, step_id: Optional[str] = None, language: str = "en"):
        """Show step ``step_id`` (default the first) in ``language``, the last expression of a notebook cell."""
        self.built(language)
        return self._face.step(step_id, language)

    def entries(self) -> tuple:
        """``lesson, steps, misreadings, kit_words, step_by_id, tutorial, step``: what a tutorial module exports."""
        return (self.lesson, self.steps, self.misreadings, self.kit_words, self.step_by_id, self.tutorial,
                self.step)

    def english(self, module: str, **names: Callable[[str], Any]) -> Callable[[str], Any]:
        """A tutorial module's ``__getattr__``: its constants ``names`` (``STEPS=steps``: the entry that gives
        one in a language) are the English lesson's, read from its file on first use."""

        def __getattr__(name: str):
            if name in names:
                return names[name]("en")
            raise AttributeError(f"module {module!r} has no attribute {name!r}")

        return __getattr__


# ---------------------------------------------------------------------------- what a check says


@dataclass(frozen=True)
class Misreading:
    """A way to misread a rule: its ``id``, the ``step`` whose check recognises it, the ``rule`` id(s) it misreads
    (``"H5, G23"``) and its ``message``, what the learner is told (the rule it names; never the answer)."""

    id: str
    step: str
    rule: str
    message: str


class SetMistake(NamedTuple):
    """How a set answer is wrong: the ``item`` read first, ``picked`` (chosen and not right) or left out, and the
    ``misreading`` that explains it (``None``: none does; the lesson names the item)."""

    item: Any
    picked: bool
    misreading: Optional[str]


def _lookup(table) -> Callable[[Any], Optional[str]]:
    if table is None:
        return lambda item: None
    return table if callable(table) else table.get


def set_mistake(answer, right, wrong=None, missing=None) -> Optional[SetMistake]:
    """How a set answer (a :class:`Pick` of mode ``"set"``, a ``Choose(many=True)``) is read: ``None`` when it is
    ``right``; else **a wrong pick before a missing one**.

    ``wrong`` and ``missing`` give an item's misreading (a mapping or a function; ``None`` when none explains it).
    In order: a picked item that is not right and that a misreading explains; else the first picked item that is not
    right (its misreading ``None``: the lesson says why that item is not one of them); else an item left out that a
    misreading explains; else the first left out. Items are taken in sorted order (by their text).

    >>> right = {"r2", "r5"}
    >>> set_mistake({"START", "r2"}, right, missing={"r5": "hp-gate"})      # START was chosen: read it first
    SetMistake(item='START', picked=True, misreading=None)
    >>> set_mistake({"r2", "r3", "r5"}, right, wrong={"r3": "not-adjacent"})
    SetMistake(item='r3', picked=True, misreading='not-adjacent')
    >>> set_mistake({"r2"}, right, missing={"r5": "hp-gate"})
    SetMistake(item='r5', picked=False, misreading='hp-gate')
    >>> set_mistake({"r5", "r2"}, right) is None
    True
    """
    answer, right = set(answer), set(right)
    if answer == right:
        return None
    wrong, missing = _lookup(wrong), _lookup(missing)
    for items, picked, table in ((answer - right, True, wrong), (right - answer, False, missing)):
        items = sorted(items, key=str)
        if items:
            explained = next((item for item in items if table(item)), None)
            item = explained if explained is not None else items[0]
            return SetMistake(item, picked, table(item) if explained is not None else None)
    return None  # pragma: no cover - a set that differs has an item on one side


class Replies:
    """What a lesson's checks say, written once for every room: :meth:`right`, :meth:`mis` (a misreading named),
    :meth:`no` (a wrong answer no misreading explains) and :meth:`set_answer` (a set, :func:`set_mistake`).

    ``misreadings``: ``{id: Misreading}`` in the lesson's language. The feedback carries the rule id; the kit names
    it after the message (:func:`respond`: "(rule R2)", or the lesson's ``rule_names``). A right answer's text never
    starts with a verdict: the player says "Right!".

    >>> says = Replies({"first-only": Misreading("first-only", "dice", "R2", "The second card counts too.")})
    >>> fb = says.mis("first-only")
    >>> fb.ok, fb.message, fb.rule, fb.misreading
    (False, 'The second card counts too.', 'R2', 'first-only')
    >>> says.right("3 + 2 = 5.", "R2", expected=5).expected, says.no("Not 4.", "R2").rule
    (5, 'R2')
    >>> says.set_answer({"a", "x"}, {"a", "b"}, said="a and b.", picked=lambda x: f"{x} is not one of them.",
    ...                 left_out=lambda x: f"{x} is one too.", rule="R1").message
    'x is not one of them.'
    """

    #: what a wrong answer no misreading explains is told when its part says nothing of its own
    no_answer = ""

    def __init__(self, misreadings: Mapping[str, Misreading]):
        self.misreadings = dict(misreadings)

    def right(self, text: str, rule: Optional[str] = None, expected=None) -> Feedback:
        """A right answer: ``text`` is what the learner reads after "Right!"."""
        return Feedback(True, text, rule, expected=expected)

    def mis(self, mid: str) -> Feedback:
        """The feedback naming misreading ``mid`` (the kit adds its rule); never the answer."""
        m = self.misreadings[mid]
        return Feedback(False, m.message, m.rule, misreading=mid)

    def no(self, text: str, rule: Optional[str] = None) -> Feedback:
        """A wrong answer no misreading explains (give its ``rule``: without one the kit names all the step's)."""
        return Feedback(False, text, rule)

    def set_answer(self, answer, right, wrong=None, missing=None, *, said: str, picked: Callable[[Any], str],
                   left_out: Callable[[Any], str], rule: Optional[str] = None) -> Feedback:
        """A set answer checked: ``said`` when it is ``right``; else read by :func:`set_mistake`: the misreading,
        or ``picked(item)`` (an item chosen that is not right) or ``left_out(item)``, with ``rule``."""
        found = set_mistake(answer, right, wrong, missing)
        if found is None:
            return self.right(said, rule, expected=frozenset(right))
        if found.misreading is not None:
            return self.mis(found.misreading)
        return self.no((picked if found.picked else left_out)(found.item), rule)


def judge_set(answer, right, wrong=None, missing=None):
    """A set answer judged for :meth:`LessonPart.check` (read by :func:`set_mistake`: a wrong pick before one left
    out): True when it is ``right``, else the misreading that explains it, or ``None``.

    >>> judge_set({"a", "x"}, {"a", "b"}, wrong={"x": "x-picked"}, missing={"b": "b-left-out"})
    'x-picked'
    >>> judge_set({"b", "a"}, {"a", "b"}), judge_set({"a"}, {"a", "b"})
    (True, None)
    """
    found = set_mistake(answer, right, wrong, missing)
    return found is None or found.misreading


# ---------------------------------------------------------------------------- a lesson's words made into exercises

Judge = Callable[[Any], Any]  # True (right), a misreading id, a Feedback, or None / False (wrong, no misreading known)


class LessonLanguage(Replies):
    """One language's lesson being built, what every room whose steps have exercise parts (:class:`LessonPart`)
    shares: its ``words`` (a :class:`~balada_widgets.core.lesson_words.LessonWords`) and their ``language``,
    ``common`` (the texts several steps say, ``words.<key>``), ``kit`` (the lesson player's words) and what its checks
    say (:class:`Replies`) with its misreadings, ``misreadings.<step>.<rules>.<id>`` (several rules joined by ``_``:
    ``H5_G23`` is H5 and G23). A room's language adds how it names its things (houses, heroes, spots)."""

    def __init__(self, words: lesson_words.LessonWords):
        super().__init__({mid: Misreading(mid, step, rules.replace("_", ", "), text) for key, text in
                          words.section("misreadings").items() for step, rules, mid in [key.split(".")]})
        self.words, self.language, self.common, self.kit = words, words.language, words.scope("words"), \
            words.section("kit")


class LessonPart:
    """The words of one exercise part of a lesson step, filled with its fields, and the kit's exercises made of
    them: written once for every room (a room's part adds its boards and its own kinds of question).

    ``lesson``: the room's :class:`Replies` (a :class:`LessonLanguage`: what a check says; its ``no_answer``, what a
    wrong answer is told when the part has no ``no`` text). ``scope``: the part's words
    (:meth:`~balada_widgets.core.lesson_words.LessonWords.scope`); ``fallback``: where a key the part lacks is read
    (its step's words; ``None``: nowhere). ``rule``: the rule id its checks name; ``fields``: what its texts are
    filled with (the dict itself: a field added later fills the texts read after). ``values``: its options, in
    order (``None``: every ``options.<value>`` of its words). A text is read when the exercise is built, so a
    missing or misspelt key stops the build; a text filled only at check time is read now with :meth:`later`.
    The room's frame of a :class:`Pick` board or a :class:`Figure`: ``css`` and ``defs``; ``where``: the heading
    of a *Show me* trace's "where" column.

    >>> words = lesson_words.parse('''
    ... language: en
    ... misreadings: {sum: {R2: {first-only: The second card counts too.}}}
    ... steps:
    ...   sum:
    ...     hint: Add both cards.
    ...     a:
    ...       prompt: "{a} and {b}: **how many points?**"
    ...       right: "{a} + {b} = {total}."
    ...       no: Add both cards.
    ...       explain: Every card counts.
    ...     b:
    ...       prompt: Which cards count?
    ...       hint: Not only one.
    ...       options: {first: The first, both: Both, none: Neither}
    ...       right: Both count.
    ...       no: "{a} and {b}: both count."
    ... ''', "en.yaml")
    >>> lesson, step = LessonLanguage(words), words.scope("steps.sum")
    >>> a = LessonPart(lesson, step.scope("a"), "R2", {"a": 3, "b": 2, "total": 5}, fallback=step)
    >>> ex = a.number(5, {3: "first-only"})
    >>> ex.prompt, ex.hint, ex.solution
    ('3 and 2: **how many points?**', 'Add both cards.', Solution(answer='5', explanation='Every card counts.', trace=None, picks=(), where_label='space', value_label=''))
    >>> [(fb.ok, fb.message, fb.rule) for fb in map(ex.check, (5, 3, 4))]
    [(True, '3 + 2 = 5.', None), (False, 'The second card counts too.', 'R2'), (False, 'Add both cards.', 'R2')]
    >>> b = LessonPart(lesson, step.scope("b"), "R2", {"a": 3, "b": 2}, fallback=step)
    >>> ex = b.choice("both", "first-only")
    >>> ex.options, ex.hint, ex.solution.answer, ex.check("none").misreading
    ((('first', 'The first'), ('both', 'Both'), ('none', 'Neither')), 'Not only one.', 'Both', 'first-only')
    >>> words.unused()
    ['language']
    """

    css = defs = ""
    where = "space"

    def __init__(self, lesson: Replies, scope, rule: Optional[str], fields: Optional[dict] = None, fallback=None,
                 values: Optional[Sequence] = None):
        self.lesson, self.scope, self.rule, self.fallback, self.values = lesson, scope, rule, fallback, values
        self.fields = {} if fields is None else fields

    def has(self, key: str) -> bool:
        return self.scope.has(key) or (self.fallback is not None and self.fallback.has(key))

    def __call__(self, key: str, **more) -> str:
        """The text ``key`` filled with the part's fields and ``more``."""
        return self.later(key, *more)(**more)

    def later(self, key: str, *names: str) -> Callable[..., str]:
        """The text ``key``, read now, filled when called with the part's fields and ``names`` (known later)."""
        words = self.scope if self.fallback is None or self.scope.has(key) or not self.fallback.has(key) else \
            self.fallback
        template = words.template(key, *self.fields, *names)
        return lambda **more: template(**{**self.fields, **more})

    def options(self, values: Optional[Sequence] = None, key: str = "options", **more) -> tuple:
        """``(value, label)`` of each option ``<key>.<value>`` (``values``, else the part's, else every one of its
        words), in that order."""
        values = self.values if values is None else values
        return tuple((v, self(f"{key}.{v}", **more)) for v in (self.scope.section(key) if values is None else values))

    def solution(self, answer: Optional[str] = None, explanation: Optional[str] = None, *, picks=(), trace=None,
                 where: Optional[str] = None, value: str = "") -> Solution:
        """What *Show me* says: ``answer`` (else the ``answer`` text) and ``explanation`` (else the ``explain`` text,
        if the part has one), a ``trace`` under the headings ``where`` (else the room's) and ``value``; ``picks``
        (a set is drawn in sorted order)."""
        explanation = (self("explain") if self.has("explain") else "") if explanation is None else explanation
        picks = tuple(sorted(picks) if isinstance(picks, (set, frozenset)) else picks)
        return Solution(self("answer") if answer is None else answer, explanation, trace, picks, where or self.where,
                        value)

    def check(self, judge: Judge, right: Optional[Callable[[Any], Feedback]] = None,
              other: Optional[Callable[[Any], str]] = None) -> Callable[[Any], Feedback]:
        """The kit's check of ``judge(answer)``: True is right (``right(answer)``, else the part's ``right`` text), a
        misreading id names it, a Feedback is said as it is; anything else is wrong, with the part's rule
        (``other(answer)``, else the part's ``no`` text, else the lesson's ``no_answer``)."""
        lesson, rule = self.lesson, self.rule
        said = self("right") if right is None else ""
        no = (self("no") if self.has("no") else lesson.no_answer) if other is None else ""

        def check(answer) -> Feedback:
            got = judge(answer)
            if isinstance(got, Feedback):
                return got
            if got is True:
                return right(answer) if right else lesson.right(said)
            return lesson.mis(got) if got else lesson.no(other(answer) if other else no, rule)

        return check

    def ask(self, kind, check: Callable[[Any], Feedback], solution: SolutionLike = None, **kit):
        """The kit's exercise ``kind`` (:class:`Pick`, :class:`Choose`, :class:`Count`...) with the part's ``prompt``
        and ``hint``, checked by ``check``, its ``solution`` (by default :meth:`solution`); a Pick and a ``figure``
        (shown above any other) drawn in the room's frame and named by the part's ``label``."""
        if kind is Pick:
            kit.update(label=self("label"), css=self.css, defs=self.defs)
        if kit.get("figure") is not None:
            kit["figure"] = Figure(kit["figure"], self.css, self.defs, self("label"))
        return kind(self("prompt"), check, hint=self("hint"), solution=self.solution() if solution is None else solution,
                    **kit)

    def exercise(self, kind, judge: Judge, solution: SolutionLike = None, **kit):
        """:meth:`ask` with the check of ``judge`` (:meth:`check`)."""
        return self.ask(kind, self.check(judge), solution, **kit)

    # -- the usual exercises, said in one line

    def one_of(self, right, misread: Optional[Mapping] = None) -> Callable[[Any], Feedback]:
        """The check of one option: ``right`` is right, else its misreading (``misread``: option -> misreading)."""
        misread = misread or {}
        return self.check(lambda x: x == right or misread.get(x))

    def choice(self, right, misread=None, *, options=None, explanation: Optional[str] = None, figure=None,
               **solution) -> Choose:
        """One of ``options`` (by default the part's), checked by :meth:`one_of`: ``right`` is the engine's;
        ``misread``: option -> its misreading (a text: the misreading of every other option); *Show me* names the
        right option (``explanation``, ``solution``: more of it, a trace)."""
        options = self.options() if options is None else tuple(options)
        misread = misread if misread is None or isinstance(misread, dict) else {value: misread for value, _ in options}
        return self.ask(Choose, self.one_of(right, misread), self.solution(dict(options)[right], explanation,
                                                                            **solution), options=options, figure=figure)

    def number(self, right: int, misread=None, *, answer: Optional[str] = None, figure=None, **solution) -> Count:
        """A whole number: ``right`` is the engine's; ``misread``: a number -> its misreading (or a function);
        *Show me* says ``answer`` (by default the number)."""
        misread = (misread or {}).get if not callable(misread) else misread
        return self.exercise(Count, lambda n: n == right or misread(n), figure=figure, solution=self.solution(
            str(right) if answer is None else answer, **solution))


# ---------------------------------------------------------------------------- attempts and replies


@dataclass(frozen=True)
class Reply:
    """What the learner is told after a check or *Show me*.

    ``kind``: ``"right"``, ``"wrong"`` (first wrong answer), ``"hint"`` (second:
    ``hint`` is set), ``"answer"`` (third or later, or *Show me*: ``solution``
    is set), ``"invalid"`` (no readable answer: not a try). ``message``: the
    check's explanation (markdown), without a leading verdict. ``misreading``:
    the id of the misreading a wrong answer showed (the check's
    ``Feedback.misreading``), for the teacher's "misreadings most met".
    """

    kind: str
    message: str = ""
    rule: Optional[str] = None
    hint: str = ""
    solution: Optional[Solution] = None
    misreading: Optional[str] = None


@dataclass(frozen=True)
class Attempt:
    """The learner's progress on one exercise: wrong tries, solved, answer shown, the last reply."""

    wrong: int = 0
    solved: bool = False
    shown: bool = False
    reply: Optional[Reply] = None

    @property
    def answered(self) -> bool:
        """Solved, or its answer shown: the next part may come."""
        return self.solved or self.shown


def _rules_note(message: str, fb_rule: Optional[str], rules: Sequence[str], w: Mapping[str, Any]) -> str:
    """The message naming its rule: the check's, else the step's rule ids (unless it names one already); each id as
    the words' ``rule_names`` name it (the id itself when they do not).

    >>> _rules_note("Not 3.", "H5, G23", (), {**LESSON_WORDS, "rule_names": {"G23": "our ruling G23"}})
    'Not 3. (rules H5, our ruling G23)'
    """
    if "(rule" in message or any(w[k].split("{")[0] in message for k in ("rule", "rules")):
        return message
    ids = [r.strip() for named in ([fb_rule] if fb_rule else list(rules)) for r in str(named).split(",") if r.strip()]
    if not ids:
        return message
    names = w.get("rule_names") or {}
    shown = list(dict.fromkeys(names.get(r, r) for r in ids))
    return f"{message} {w['rule' if len(shown) == 1 else 'rules'].format(rules=', '.join(shown))}".strip()


def respond(exercise, attempt: Attempt, raw, rules: Sequence[str] = (),
            words: Optional[Mapping[str, str]] = None) -> Attempt:
    """Check the raw answer ``raw`` and return the new attempt with its :class:`Reply` (tiers: module docstring).

    ``rules`` are the step's rule ids, named when the check names none. A
    :class:`~balada_widgets.core.errors.GameError` raised by the check counts as
    a wrong answer with its message. ``words`` replaces :data:`LESSON_WORDS`.
    """
    w = {**LESSON_WORDS, **(words or {})}
    answer, problem = exercise.read(raw)
    if problem is not None:
        text = w[problem].format(raw=str(raw).strip()) if problem in w else problem  # a key, or the text itself
        return replace(attempt, reply=Reply("invalid", text))
    try:
        fb = exercise.check(answer)
    except GameError as e:
        fb = Feedback.from_error(e)
    ok, message = fb.for_exercise()
    if ok:
        return replace(attempt, solved=True, reply=Reply("right", message, fb.rule, solution=_solution(exercise)))
    wrong = attempt.wrong + 1
    message = _rules_note(message, fb.rule, rules, w)
    mis = fb.misreading
    if wrong >= 3 or attempt.shown:
        return Attempt(wrong, False, True, Reply("answer", message, fb.rule, exercise.hint, _solution(exercise), mis))
    if wrong == 2:
        return Attempt(wrong, False, False, Reply("hint", message, fb.rule, exercise.hint, misreading=mis))
    return Attempt(wrong, False, False, Reply("wrong", message, fb.rule, misreading=mis))


def reveal(exercise, attempt: Attempt) -> Attempt:
    """*Show me*: the answer with its explanation (the attempt counts as answered, not solved)."""
    return replace(attempt, shown=True, reply=Reply("answer", "", None, exercise.hint, _solution(exercise)))


@dataclass(frozen=True)
class Progress:
    """Every attempt of a lesson: ``{(step id, part index): Attempt}``, replaced, never changed in place.

    >>> p = Progress().with_attempt("a", 0, Attempt(solved=True))
    >>> p.of("a", 0).solved, p.of("b", 0).solved, Progress() == Progress()
    (True, False, True)
    """

    attempts: Mapping = field(default_factory=dict)

    def of(self, step_id: str, part: int = 0) -> Attempt:
        return self.attempts.get((step_id, part), Attempt())

    def with_attempt(self, step_id: str, part: int, attempt: Attempt) -> "Progress":
        return Progress({**self.attempts, (step_id, part): attempt})

    def done(self, step: LessonStep) -> bool:
        """Every part of the step answered right."""
        return all(self.of(step.id, i).solved for i in range(len(step.parts)))

    def visible_parts(self, step: LessonStep) -> int:
        """How many parts of the step show: each after the one before is answered."""
        n = 1
        while n < len(step.parts) and self.of(step.id, n - 1).answered:
            n += 1
        return n

    def done_ids(self, lesson: Lesson) -> set:
        return {s.id for s in lesson.steps if self.done(s)}


# ---------------------------------------------------------------------------- no answer given away

_ELEMENT = re.compile(r"<[a-zA-Z][^>]*\bdata-id=\"([^\"]*)\"[^>]*>")
_CLASS = re.compile(r"\bclass=\"([^\"]*)\"")


def answer_only_classes(svg: str, answer_ids) -> set:
    """CSS classes that the drawing gives to every answer id and to no other clickable element.

    A tutorial test calls it on the exercise board as first drawn
    (``draw(())``): a class like ``legal`` or ``target`` that marks exactly the
    right answers gives them away. An empty set is what a fair board gives.

    >>> fair = '<g data-id="a" class="room"/><g data-id="b" class="room"/>'
    >>> answer_only_classes(fair, {"a"})
    set()
    >>> answer_only_classes('<g data-id="a" class="room legal"/><g data-id="b" class="room"/>', {"a"})
    {'legal'}
    """
    answer_ids = set(answer_ids)
    classes: dict[str, set] = {}
    for m in _ELEMENT.finditer(svg):
        c = _CLASS.search(m.group(0))
        classes.setdefault(m.group(1), set()).update(c.group(1).split() if c else ())
    if not answer_ids or not answer_ids <= set(classes) or len(classes) == len(answer_ids):
        return set()  # nothing to compare the answers with
    common = set.intersection(*(classes[i] for i in answer_ids))
    return common - set().union(*(classes[i] for i in classes if i not in answer_ids))
