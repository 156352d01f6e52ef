"""Tutorial components: the lesson player (one step at a time, tiered feedback) and ``Exercise``.

**Lessons** (the GUIDE's standard). A game's tutorial module describes its
lesson as pure data (:mod:`balada_widgets.kit.lesson`: steps, exercises,
checks returning :class:`~balada_widgets.core.feedback.Feedback`) and hands
it to :class:`Tutorial`, the notebook face. A notebook cell is one line::

    barcadia.tutorial.step("boss")      # shows step "boss": Step 8 of 19

where the game's module holds::

    from ..kit.lesson import Lesson, LessonStep, Pick, Choose, Number, Text, Solution   # pure
    LESSON = Lesson("Heroes of Barcadia", (LessonStep("goal", ...), ...))

    _FACE = NotebookFace(lambda: LESSON, [s.id for s in LESSON.steps], lambda: "no such step")

    def step(step_id):
        return _FACE.step(step_id)                   # one Tutorial per kernel (kit.lesson.NotebookFace)

The app gives each page its own :class:`Tutorial` of the same (shared, immutable)
lesson; what a learner does in a step that must outlive a re-render (a live game)
lives in that tutorial's ``store`` (``kit.lesson.learner_store``), never in the lesson.

Each displayed step shows "Step 6 of 16", a compact step picker (✓ on the
steps done; click one to go there, in place), the step's text, its exercise
with *Check* and *Show me*, and the feedback in tiers (first wrong: the
misreading with its rule; second: plus the hint; third or *Show me*: the
answer walked through, with the ``Explain`` panel when it has a trace; right:
"Right!" with the explanation). Every display of one :class:`Tutorial` shares
its progress.

Stable classes: ``bw-lesson``, ``bw-lesson-progress``, the picker board
``bw-lesson-steps`` (``data-id="step-<id>"``, classes ``done``, ``current``),
``bw-lesson-prev`` / ``bw-lesson-next``, ``bw-lesson-text``, ``bw-lesson-exercise``,
the exercise board ``bw-lesson-board`` (a question's figure: ``bw-lesson-figure``), ``bw-lesson-action-<id>`` (its buttons),
``bw-lesson-option-<i>``, ``bw-lesson-input``, ``bw-lesson-check``,
``bw-lesson-show``; feedback ``bw-lesson-right``, ``bw-lesson-wrong``,
``bw-lesson-hint``, ``bw-lesson-answer``, ``bw-lesson-invalid``, the answer's
board ``bw-lesson-answer-board``.

**Exercise** (the first two tutorials): a prompt, an answer, a check.
``check(answer)`` returns ``(ok, explanation)``; the explanation is shown
either way (green when right, orange when not), so a learner always reads
why. The answer is what the learner typed (a text field, the default), or,
with a live widget as ``children``, the ``value`` the caller passes (the
position the learner built on a board, say)::

    Exercise(
        prompt="How many points does this side score?",
        check=lambda text: (text.strip() == "5", "3 + 2 injuries healed by the Fountain: +5 (rule B8)"),
    )

Stable classes: ``bw-exercise``, ``bw-exercise-input``, ``bw-exercise-check``,
``bw-exercise-ok`` / ``bw-exercise-wrong`` on the feedback.
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any, Callable, Optional

import solara

from ..core.errors import GameError
from ..kit import svg
from .a11y import label_in_name
from .board import Board
from .explain import Explain
from ..kit.lesson import Attempt, Lesson, LessonStep, Progress, Reply, learner, respond, reveal

__all__ = ["AnswerInput", "Exercise", "ExercisePart", "LessonCell", "LessonRoot", "LessonView", "ReplyBox",
           "StepPicker", "TUTORIAL_WORDS", "Tutorial", "run_check"]

#: the lesson player's words; a lesson in another language passes ``Tutorial(lesson, words=...)`` with the
#: same keys and ``{fields}`` (it may also hold :data:`~balada_widgets.kit.lesson.LESSON_WORDS`' keys)
TUTORIAL_WORDS = {
    "step_of": "Step {i} of {n}", "step_label": "step {i}: {title}", "done_label": "done", "steps": "steps of the lesson",
    "prev": "previous step", "next": "next step", "check": "Check", "check_label": "check my answer",
    "show": "Show me", "show_label": "show me the answer", "solved": "✓ done", "right": "Right!",
    "not_yet": "Not yet.", "hint": "Hint: {hint}", "answer": "The answer: {answer}", "your_answer": "Your answer",
    "step_by_step": "Step by step",
    # the step-by-step walk of an answer (the Explain panel's words, see ui.explain.EXPLAIN_WORDS)
    "trace_rule": "rule", "trace_points": "points", "trace_why": "why", "trace_total": "total",
    "trace_so_far": "so far (step {i} of {n})", "trace_all": "All", "trace_step": "step {i} of {n}",
    "trace_play": "play the steps one by one", "trace_pause": "pause", "trace_all_label": "show every step",
}

#: the Explain panel's key for each ``trace_*`` word of :data:`TUTORIAL_WORDS`
_TRACE_KEYS = {"rule": "trace_rule", "points": "trace_points", "why": "trace_why", "total": "trace_total",
               "so_far": "trace_so_far", "all": "trace_all", "step": "trace_step", "play": "trace_play",
               "pause": "trace_pause", "all_label": "trace_all_label", "prev": "prev", "next": "next"}


def _words(words) -> dict:
    return {**TUTORIAL_WORDS, **(words or {})}


def run_check(check: Callable[[Any], tuple[bool, str]], answer: Any) -> tuple[bool, str]:
    """Call ``check``; a :class:`GameError` raised by it counts as a wrong answer with its text."""
    try:
        ok, why = check(answer)
    except GameError as e:
        return False, str(e)
    return bool(ok), str(why)


@solara.component
def Exercise(prompt: str, check: Callable[[Any], tuple[bool, str]], value: Any = None, children: list = [],  # noqa: B006
             input_label: str = "Your answer", hint: Optional[str] = None, title: Optional[str] = None,
             on_result: Optional[Callable[[bool], None]] = None):
    """A prompt, an input (or the live ``children``), a Check button and the feedback."""
    text, set_text = solara.use_state("")
    result, set_result = solara.use_state(None)  # (ok, explanation) or None
    tries, set_tries = solara.use_state(0)

    def do_check(answer=None):
        got = run_check(check, value if children else (text if answer is None else answer))
        set_result(got)
        set_tries(lambda t: t + 1)
        if on_result is not None:
            on_result(got[0])

    with solara.Card(title=title, classes=["bw-exercise"], margin=0) as card:
        solara.Markdown(prompt)
        if children:
            solara.Column(children=children)
        else:
            solara.InputText(input_label, value=text, on_value=lambda t: (set_text(t), set_result(None)),
                             continuous_update=True, classes=["bw-exercise-input"])
        with solara.Row(style={"align-items": "center", "gap": "8px"}):
            solara.Button("Check", on_click=lambda: do_check(), color="primary", classes=["bw-exercise-check"])
            if hint and tries > 0 and not (result and result[0]):
                solara.Text(f"Hint: {hint}", style={"color": "#666"})
        if result is not None:
            ok, why = result
            if ok:
                solara.Success(f"Right! {why}", classes=["bw-exercise-ok"], dense=True)
            else:
                solara.Warning(f"Not yet. {why}", classes=["bw-exercise-wrong"], dense=True)
    return card


# ============================================================================ lessons

STEPS_CSS = """
.bw-steps { display: flex; flex-wrap: wrap; gap: 4px; font: 13px/1.5 system-ui, -apple-system, 'Segoe UI', sans-serif; }
.bw-steps .bw-step { min-width: 22px; padding: 0 6px; border-radius: 10px; background: #eef1f5; color: #334;
  text-align: center; white-space: nowrap; }
.bw-steps .bw-step:hover { background: #dce6f5; }
.bw-steps .bw-step.done { background: #d9f2df; color: #1b5e2b; }
.bw-steps .bw-step.current { background: #1976d2; color: white; }
"""


def steps_markup(lesson: Lesson, current: str, done: set, words=None) -> str:
    """The step picker's HTML: one chip per step, ✓ on the steps done, the current one marked."""
    w = _words(words)
    chips = []
    for i, st in enumerate(lesson.steps, 1):
        cls = ["bw-step"] + (["done"] if st.id in done else []) + (["current"] if st.id == current else [])
        mark = " ✓" if st.id in done else ""
        label = w["step_label"].format(i=i, title=st.title) + (f", {w['done_label']}" if mark else "")
        chips.append(f'<span class="{" ".join(cls)}" data-id="step-{svg.escape(st.id)}" role="button" '
                     f'aria-label="{svg.escape(label)}" title="{i}. {svg.escape(st.title)}">{i}{mark}</span>')
    return f'<div class="bw-steps">{"".join(chips)}</div>'


@solara.component
def StepPicker(lesson: Lesson, current: str, done: set, on_step: Callable[[str], None], words=None):
    """"Step 6 of 16", previous / next, and a chip per step (✓ when done): a click goes there."""
    w = _words(words)
    i = lesson.index(current)

    def click(id_: str):
        if id_.startswith("step-") and id_[5:] in lesson.ids:
            on_step(id_[5:])

    with solara.Column(gap="2px", classes=["bw-lesson-nav"]) as col:
        with solara.Row(style={"align-items": "center", "gap": "6px"}):
            solara.Button(icon_name="mdi-chevron-left", on_click=lambda: on_step(lesson.steps[i - 1].id),
                          disabled=i == 0, text=True, classes=["bw-lesson-prev"],
                          attributes={"aria-label": w["prev"]})
            solara.Text(f"{w['step_of'].format(i=i + 1, n=len(lesson.steps))} · {lesson.title}",
                        classes=["bw-lesson-progress"], style={"font-weight": "600"})
            solara.Button(icon_name="mdi-chevron-right", on_click=lambda: on_step(lesson.steps[i + 1].id),
                          disabled=i == len(lesson.steps) - 1, text=True, classes=["bw-lesson-next"],
                          attributes={"aria-label": w["next"]})
        Board(svg=steps_markup(lesson, current, done, w), on_click=click, class_name="bw-lesson-steps",
              label=w["steps"], css=STEPS_CSS)
    return col


def _as(store: Optional[dict]):
    """The lesson's callbacks run for the learner of ``store`` (their tutorial's; see ``kit.lesson.learner``)."""
    return nullcontext() if store is None else learner(store)


def _blank(exercise) -> Any:
    return {"pick": (), "choose": frozenset() if getattr(exercise, "many", False) else None,
            "number": "", "text": ""}.get(exercise.kind)


@solara.component
def AnswerInput(exercise, raw: Any, on_raw: Callable[[Any], None], words=None, store: Optional[dict] = None):
    """The learner's answer to ``exercise``, by kind: a board, option buttons, a field, the game's widget.

    ``store``: the learner's own (their tutorial's), where a game's widget keeps its live game."""
    if exercise.kind == "pick":
        with solara.Column(gap="4px") as col:
            Board(svg=exercise.draw(tuple(raw)), on_click=lambda id_: on_raw(exercise.click(tuple(raw), id_)),
                  class_name="bw-lesson-board", label=exercise.label, css=exercise.css, defs=exercise.defs)
            if exercise.buttons:
                with solara.Row(style={"gap": "6px", "flex-wrap": "wrap"}):
                    for id_, label in exercise.buttons:
                        solara.Button(label, on_click=lambda id_=id_: on_raw(exercise.click(tuple(raw), id_)),
                                      outlined=True, classes=[f"bw-lesson-action-{id_}"],
                                      attributes={"aria-label": label})
        return col
    if exercise.kind == "choose":
        chosen = raw if exercise.many else {raw}
        with solara.Row(style={"gap": "6px", "flex-wrap": "wrap"}, classes=["bw-lesson-options"]) as row:
            for i, (value, label) in enumerate(exercise.choices()):
                if exercise.many:
                    pick = frozenset(raw ^ {value})
                else:
                    pick = value
                solara.Button(label, on_click=lambda pick=pick: on_raw(pick), outlined=value not in chosen,
                              color="primary" if value in chosen else None,
                              classes=[f"bw-lesson-option-{i}"] + (["chosen"] if value in chosen else []),
                              attributes={"aria-pressed": "true" if value in chosen else "false"})
        return row
    if exercise.kind in ("number", "text"):
        label = _words(words)["your_answer"] + (f" ({exercise.unit})" if getattr(exercise, "unit", "") else "")
        return solara.InputText(label, value=raw, on_value=on_raw, continuous_update=True,
                                placeholder=getattr(exercise, "placeholder", None) or None,
                                classes=["bw-lesson-input"])
    with _as(store):
        return exercise.make(raw, on_raw)


@solara.component
def TraceWalk(trace, where_label: str = "space", title: str = "Step by step", words=None, value_label: str = ""):
    """A trace, walked step by step with the ``Explain`` panel (in the lesson's language)."""
    step, set_step = solara.use_state(None)
    w = _words(words)
    return Explain(list(trace), step, set_step, title=title, where_label=where_label,
                   words={key: w[ours] for key, ours in _TRACE_KEYS.items()}, value_label=value_label)


def _readable(text: str):
    """Feedback text in a dark colour: an alert's own text colour (orange, green on white) is too pale to read."""
    return solara.Text(text, style={"color": "#2b2f36", "white-space": "pre-line"})


@solara.component
def ReplyBox(reply: Optional[Reply], exercise=None, words=None):
    """The feedback of the last check (see the module docstring for the tiers)."""
    w = _words(words)
    if reply is None:
        return solara.Div(classes=["bw-lesson-reply-empty"])
    with solara.Column(gap="4px", classes=["bw-lesson-reply"]) as col:
        if reply.kind == "invalid":
            solara.Info(reply.message, dense=True, classes=["bw-lesson-invalid"])
            return col
        if reply.kind == "right":
            solara.Success(children=[_readable(f"{w['right']} {reply.message}".strip())], dense=True,
                           classes=["bw-lesson-right"])
        elif reply.message:
            solara.Warning(children=[_readable(f"{w['not_yet']} {reply.message}")], dense=True,
                           classes=["bw-lesson-wrong"])
        if reply.kind == "hint" and reply.hint:
            solara.Info(children=[_readable(w["hint"].format(hint=reply.hint))], dense=True, classes=["bw-lesson-hint"])
        sol = reply.solution
        if reply.kind == "answer" and sol is not None:
            answer = w["answer"].format(answer=sol.answer)
            solara.Success(children=[_readable(answer)], dense=True, icon="mdi-lightbulb-on-outline",
                           classes=["bw-lesson-answer"])
            if sol.picks and exercise is not None and exercise.kind == "pick":
                Board(svg=exercise.draw(tuple(sol.picks)), class_name="bw-lesson-answer-board",
                      label=answer, css=exercise.css, defs=exercise.defs)
        if sol is not None and reply.kind in ("right", "answer"):
            if sol.explanation and reply.kind == "answer":
                solara.Markdown(sol.explanation)
            if sol.trace is not None and len(list(sol.trace)):
                TraceWalk(sol.trace, sol.where_label, w["step_by_step"], words, sol.value_label)
    return col


@solara.component
def ExercisePart(exercise, attempt: Attempt, on_attempt: Callable[[Attempt], None], rules: tuple = (),
                 words=None, store: Optional[dict] = None):
    """One exercise: its prompt, the answer input, *Check*, *Show me* and the feedback.

    ``store``: the learner's own (their tutorial's): the lesson's checks and solutions run for them."""
    w = _words(words)
    raw, set_raw = solara.use_state(_blank(exercise))

    def check():
        with _as(store):
            got = respond(exercise, attempt, raw, rules, w)
        on_attempt(got)

    def show():
        with _as(store):
            got = reveal(exercise, attempt)
        on_attempt(got)

    with solara.Card(classes=["bw-lesson-exercise"], margin=0) as card:
        solara.Markdown(exercise.prompt)
        figure = getattr(exercise, "figure", None)
        if figure is not None and exercise.kind != "pick":
            Board(svg=figure.markup(), class_name="bw-lesson-figure", label=figure.label, css=figure.css,
                  defs=figure.defs)
        AnswerInput(exercise, raw, set_raw, w, store)
        with solara.Row(style={"align-items": "center", "gap": "8px"}):
            solara.Button(w["check"], icon_name="mdi-check", on_click=check, color="primary",
                          classes=["bw-lesson-check"],
                          attributes={"aria-label": label_in_name(w["check"], w["check_label"])})
            solara.Button(w["show"], icon_name="mdi-eye-outline", on_click=show,
                          disabled=attempt.shown, text=True, classes=["bw-lesson-show"],
                          attributes={"aria-label": label_in_name(w["show"], w["show_label"])})
            if attempt.solved:
                solara.Text(w["solved"], classes=["bw-lesson-solved"], style={"color": "#1b7f3b", "font-weight": "600"})
        ReplyBox(attempt.reply, exercise, w)
    return card


@solara.component
def LessonView(lesson: Lesson, step_id: str, progress: Progress,
               on_attempt: Callable[[str, int, Attempt], None], on_step: Callable[[str], None], words=None,
               store: Optional[dict] = None):
    """One step of ``lesson`` with the step picker (controlled: the caller holds the step, the progress and the
    learner's ``store``)."""
    step: LessonStep = lesson.find(step_id)
    w = _words(words)
    with solara.Column(classes=["bw-lesson"], gap="8px", style={"max-width": "900px"}) as col:
        StepPicker(lesson, step.id, progress.done_ids(lesson), on_step, w)
        solara.Markdown(f"### {step.title}")
        solara.Markdown(step.text, style={"max-width": "72ch"}).key(f"text-{step.id}")
        for i in range(progress.visible_parts(step)):
            ExercisePart(step.parts[i], progress.of(step.id, i),
                         lambda a, i=i: on_attempt(step.id, i, a), tuple(step.rules), w, store).key(f"{step.id}-{i}")
    return col


@solara.component
def LessonRoot(tutorial: "Tutorial", start: str):
    """A display of ``tutorial`` starting at ``start``: its steps switch in place, the progress is the tutorial's."""
    current, set_current = solara.use_state(start)
    progress = tutorial.state.value  # read in render: every display follows every change

    def go(step_id: str) -> None:
        set_current(step_id)
        if tutorial.on_step is not None:
            tutorial.on_step(step_id)

    return LessonView(tutorial.lesson, current, progress, tutorial.record, go, tutorial.words, tutorial.store)


class LessonCell:
    """What :meth:`Tutorial.step` returns: shown as that step when it is the last expression of a cell."""

    def __init__(self, tutorial: "Tutorial", step_id: str):
        self.tutorial, self.step_id = tutorial, step_id

    def element(self):
        return LessonRoot(tutorial=self.tutorial, start=self.step_id)

    def widget(self):
        """The step as an ipywidget."""
        import reacton.core

        return reacton.core.make(self.element())

    def _ipython_display_(self, **kwargs):
        import reacton.core

        reacton.core.display(self.element())

    def __repr__(self) -> str:
        lesson = self.tutorial.lesson
        return f"<{lesson.title} tutorial, step {self.step_id!r}: {lesson.position(self.step_id)}>"


class Tutorial:
    """The notebook face of a lesson: ``tutorial.step("boss")`` shows that step; progress is shared.

    Every display made by :meth:`step` (in any cell) reads and writes the same
    :attr:`progress`, so a step solved in one cell shows ✓ in the others.
    ``words`` gives the player's texts in the lesson's language (see
    :data:`TUTORIAL_WORDS`), e.g. ``Tutorial(LESSON_CS, words={"check": "Zkontrolovat", ...})``.
    """

    def __init__(self, lesson: Lesson, words: Optional[dict] = None):
        self.lesson = lesson
        #: the player's words in the lesson's language (keys of :data:`TUTORIAL_WORDS` and ``LESSON_WORDS``)
        self.words = words
        self.state = solara.reactive(Progress())
        #: the learner's own things that a shared lesson keeps for them (a live game: ``kit.lesson.learner_store``)
        self.store: dict = {}
        #: ``on_answer(step_id, part, verdict, misreading)`` after each counted answer: verdict ``"wrong"`` (with
        #: the misreading id it showed, or ``None``), ``"shown"`` (*Show me*, or the answer shown after three
        #: tries) or ``"right"`` (the class store keeps them: ``classroom.resume``)
        self.on_answer: Optional[Callable[[str, int, str, Optional[str]], None]] = None
        #: ``on_step(step_id)`` when a display of the tutorial goes to another step
        self.on_step: Optional[Callable[[str], None]] = None

    @property
    def progress(self) -> Progress:
        return self.state.value

    def record(self, step_id: str, part: int, attempt: Attempt) -> None:
        """Store the learner's attempt at a part of a step (every display follows); tell :attr:`on_answer`."""
        before = self.state.peek().of(step_id, part)
        self.state.value = self.state.peek().with_attempt(step_id, part, attempt)
        if self.on_answer is not None:
            if attempt.wrong > before.wrong:
                self.on_answer(step_id, part, "wrong", getattr(attempt.reply, "misreading", None))
            if attempt.shown and not before.shown:
                self.on_answer(step_id, part, "shown", None)
            if attempt.solved and not before.solved:
                self.on_answer(step_id, part, "right", None)

    def reset(self) -> None:
        """Forget every answer (and the games played in the lesson)."""
        self.store = {}
        self.state.value = Progress()

    def step(self, step_id: Optional[str] = None) -> LessonCell:
        """The step ``step_id`` (default: the first), to show as the last expression of a cell.

        :raises InvalidInput: no step has that id (the message lists them).
        """
        step_id = self.lesson.steps[0].id if step_id is None else step_id
        self.lesson.index(step_id)
        return LessonCell(self, step_id)

    def _ipython_display_(self, **kwargs):
        self.step()._ipython_display_(**kwargs)

    def __repr__(self) -> str:
        done = len(self.progress.done_ids(self.lesson))
        return f"<{self.lesson.title} tutorial: {done} of {len(self.lesson.steps)} steps done>"
