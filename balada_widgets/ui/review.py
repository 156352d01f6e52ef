"""The game review (learn from your mistakes): walk the moments of a finished game, retry each on the board.

A game's pure ``review`` module finds the moments (:mod:`balada_widgets.core.review`:
a :class:`~balada_widgets.core.review.GameReview` of
:class:`~balada_widgets.core.review.Moment` s); this component shows them, one
at a time, the way a lesson step is shown (:mod:`.lesson`, :mod:`.tutorial`):

- "Moment 2 of 5", previous / next, and a chip per moment (✓ once retried right,
  • once its answer was shown); the review's summary above;
- the moment's title and text (what was played, what it cost, in words: never
  the best choice);
- the board, drawn by the game: ``board(moment, answer, on_answer)`` returns a
  Solara element showing ``moment.state`` with ``answer`` (the learner's retry
  so far, ``None`` at first) and calls ``on_answer(move)`` when the learner
  makes a move on it; with ``on_answer=None`` it draws ``answer`` read-only
  (the best choice, once shown);
- *Check* and *Show me*, with the lesson's tiers (:func:`~.lesson.respond`,
  :func:`~.lesson.reveal`): a first wrong retry gets the check's words and its
  rule, a second the hint, a third (or *Show me*) the answer with its
  explanation and its trace walked step by step (``Explain``). *Show me* waits
  for a first retry: the learner tries on the board before the answer is shown.

:func:`ReviewPanel` adds what a game view needs at the end of a game: a choice
of whose game to review (any player, bots too), the measure run in a thread
with a progress bar (a game's ``review_steps`` shows the first moments as soon
as they are measured, the rest follow), the reviews kept per player.
:func:`ReviewButton` is what a game view puts at the end of a game: "Review
the game", then the panel (a game gives its ``review_steps`` and its board).

Stable classes: ``bw-review``, ``bw-review-summary``, ``bw-review-progress``
(the "Moment i of n" text), the chips board ``bw-review-moments``
(``data-id="moment-<i>"``, classes ``done``, ``shown``, ``current``),
``bw-review-prev`` / ``bw-review-next``, ``bw-review-moment``,
``bw-review-text``, ``bw-review-check``, ``bw-review-show``, ``bw-review-best``
(the best choice's board), ``bw-review-none`` (nothing to retry),
``bw-review-player-<n>`` (the player picker, 1-based), ``bw-review-running``,
``bw-review-close``, ``bw-review-box`` and ``bw-review-open`` (the button); the feedback keeps the lesson's classes
(``bw-lesson-right``, ``bw-lesson-wrong``, ``bw-lesson-hint``, ``bw-lesson-answer``).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Optional, Union

import solara

from ..core.review import GameReview, Moment
from ..kit import svg
from .board import Board
from ..kit.lesson import Attempt, Custom, Solution, respond, reveal
from .tutorial import ReplyBox

__all__ = ["MomentView", "REVIEW_WORDS", "ReviewButton", "ReviewPanel", "ReviewView", "exercise_of",
           "moments_markup"]

#: the review's words (a view in another language passes its own ``words``, same keys; the lesson's
#: words too, see :data:`~balada_widgets.ui.tutorial.TUTORIAL_WORDS`)
REVIEW_WORDS = {
    "title": "Review of the game",
    "moment_of": "Moment {i} of {n}",
    "moment_label": "moment {i}: {title}",
    "moments": "moments of the review",
    "prev": "previous moment",
    "next": "next moment",
    "check": "Check",
    "check_label": "check my move",
    "show": "Show me",
    "show_label": "show me the best choice",
    "show_after": "Try a move on the board first: the answer comes after a try.",
    "do_first": "Make your move on the board first, then press Check.",
    "best": "The best choice",
    "none": "Nothing to retry: no decision lost clearly. Well played!",
    "whose": "Whose game?",
    "running": "Measuring every decision…",
    "running_rest": "Measuring the other decisions… start with the moments below.",
    "so_far": " so far",
    "close": "Close the review",
    "failed": "The review failed: {error}",
    "open": "Review the game",
}

CHIPS_CSS = """
.bw-steps { display: flex; flex-wrap: wrap; gap: 4px; font: 13px/1.5 system-ui, -apple-system, 'Segoe UI', sans-serif; }
.bw-steps .bw-step { min-width: 22px; padding: 0 6px; border-radius: 10px; background: #eef1f5; color: #334;
  text-align: center; white-space: nowrap; }
.bw-steps .bw-step:hover { background: #dce6f5; }
.bw-steps .bw-step.done { background: #d9f2df; color: #1b5e2b; }
.bw-steps .bw-step.shown { background: #fdecc8; color: #6b4a00; }
.bw-steps .bw-step.current { background: #1976d2; color: white; }
"""


def _words(words) -> dict:
    from .tutorial import TUTORIAL_WORDS

    return {**TUTORIAL_WORDS, **REVIEW_WORDS, **(words or {})}


def exercise_of(moment: Moment, make: Callable[[Any, Callable[[Any], None]], Any]) -> Custom:
    """The moment as a lesson exercise (a :class:`~.lesson.Custom` on the game's board), for the lesson's tiers.

    >>> from balada_widgets.core.feedback import Feedback
    >>> m = Moment(0, 1, "word", "Turn 1", None, "bad", "ballad", "BAD", "BALLAD", 3, True, "You played BAD.",
    ...            "Find a longer word.", "Six letters.", "BALLAD", "", check=lambda w: Feedback(w == "ballad", "Six!"))
    >>> ex = exercise_of(m, make=None)
    >>> a = respond(ex, Attempt(), "lad")
    >>> a.reply.kind, respond(ex, a, "bad").reply.hint
    ('wrong', 'Six letters.')
    """
    return Custom(moment.prompt, moment.check, hint=moment.hint,
                  solution=Solution(moment.answer, moment.explanation, moment.trace, where_label=moment.where_label),
                  make=make)


def moments_markup(review: GameReview, current: int, attempts: dict, words=None) -> str:
    """The chips: one per moment, ✓ when retried right, • when its answer was shown, the current one marked."""
    w = _words(words)
    chips = []
    for i, m in enumerate(review.moments):
        a: Attempt = attempts.get(i, Attempt())
        cls = ["bw-step"] + (["done"] if a.solved else ["shown"] if a.shown else []) + (["current"] if i == current else [])
        mark = " ✓" if a.solved else " •" if a.shown else ""
        label = w["moment_label"].format(i=i + 1, title=m.title)
        chips.append(f'<span class="{" ".join(cls)}" data-id="moment-{i}" role="button" '
                     f'aria-label="{svg.escape(label)}" title="{i + 1}. {svg.escape(m.title)}">{i + 1}{mark}</span>')
    return f'<div class="bw-steps">{"".join(chips)}</div>'


@solara.component
def MomentView(moment: Moment, attempt: Attempt, on_attempt: Callable[[Attempt], None],
               board: Callable[[Moment, Any, Optional[Callable[[Any], None]]], Any], words=None):
    """One moment: its text, the board to retry on, *Check* / *Show me*, the feedback, the best choice once shown."""
    w = _words(words)
    raw, set_raw = solara.use_state(None)
    exercise = exercise_of(moment, lambda answer, on_answer: board(moment, answer, on_answer))

    def check():
        on_attempt(respond(exercise, attempt, raw, moment.rules, w))

    can_show = attempt.wrong > 0 or attempt.answered
    with solara.Card(classes=["bw-review-moment"], margin=0) as card:
        solara.Markdown(f"**{moment.title}**")
        with solara.Div(classes=["bw-review-text"]):
            solara.Markdown(moment.text)
        solara.Markdown(moment.prompt)
        board(moment, raw, set_raw)
        with solara.Row(style={"align-items": "center", "gap": "8px", "flex-wrap": "wrap"}):
            solara.Button(w["check"], icon_name="mdi-check", on_click=check, color="primary",
                          classes=["bw-review-check"], attributes={"aria-label": w["check_label"]})
            solara.Button(w["show"], icon_name="mdi-eye-outline",
                          on_click=lambda: on_attempt(reveal(exercise, attempt)),
                          disabled=not can_show or attempt.shown, text=True, classes=["bw-review-show"],
                          attributes={"aria-label": w["show_label"]})
            if not can_show:
                solara.Text(w["show_after"], style={"color": "#666", "font-size": "13px"})
            if attempt.solved:
                solara.Text(w["solved"], style={"color": "#1b7f3b", "font-weight": "600"})
        ReplyBox(attempt.reply, exercise, w)
        if attempt.answered:
            with solara.Column(gap="2px", classes=["bw-review-best"]):
                solara.Text(w["best"], style={"font-weight": "600"})
                board(moment, moment.best, None)
    return card


@solara.component
def ReviewView(review: GameReview, board: Callable[[Moment, Any, Optional[Callable[[Any], None]]], Any],
               words=None):
    """The moments of ``review`` one at a time (see the module docstring); ``board`` draws a moment's position."""
    w = _words(words)
    current, set_current = solara.use_state(0)
    attempts, set_attempts = solara.use_state({})  # {moment index: Attempt}, reassigned on every change
    n = len(review.moments)
    i = min(current, max(0, n - 1))

    def record(k: int, a: Attempt):
        set_attempts(lambda old: {**old, k: a})

    def click(id_: str):
        if id_.startswith("moment-") and id_[7:].isdigit() and int(id_[7:]) < n:
            set_current(int(id_[7:]))

    with solara.Column(classes=["bw-review"], gap="8px", style={"max-width": "900px"}) as col:
        solara.Text(review.summary(), classes=["bw-review-summary"])
        if review.note:
            solara.Text(review.note, style={"color": "#666", "font-size": "12px"})
        if n == 0:
            if review.complete:
                solara.Info(w["none"], classes=["bw-review-none"])
            return col
        with solara.Row(style={"align-items": "center", "gap": "6px"}):
            solara.Button(icon_name="mdi-chevron-left", on_click=lambda: set_current(i - 1), disabled=i == 0,
                          text=True, classes=["bw-review-prev"], attributes={"aria-label": w["prev"]})
            solara.Text(w["moment_of"].format(i=i + 1, n=n) + ("" if review.complete else w["so_far"]),
                        classes=["bw-review-progress"],
                        style={"font-weight": "600"})
            solara.Button(icon_name="mdi-chevron-right", on_click=lambda: set_current(i + 1), disabled=i >= n - 1,
                          text=True, classes=["bw-review-next"], attributes={"aria-label": w["next"]})
        Board(svg=moments_markup(review, i, attempts, w), on_click=click, class_name="bw-review-moments",
              label=w["moments"], css=CHIPS_CSS)
        MomentView(review.moments[i], attempts.get(i, Attempt()), lambda a: record(i, a), board, w).key(
            f"moment-{review.player}-{i}")
    return col


@solara.component
def ReviewPanel(players: list, compute: Callable[[int, Callable[[float], None]], Any],
                board: Callable[[Moment, Any, Optional[Callable[[Any], None]]], Any], start: int = 0,
                key: Any = None, on_close: Optional[Callable[[], None]] = None, words=None):
    """Pick whose game to review (``players``: ``(player, name)`` pairs), measure it in a thread, show it.

    ``compute(player, progress)`` returns the player's
    :class:`~balada_widgets.core.review.GameReview` (``progress(fraction)`` as it
    goes), or an iterable of growing reviews (a game's ``review_steps``: one
    after each decision measured, the last complete): then the moments found so
    far are shown at once, with the measure's progress above them, and the
    learner starts on the first while the rest are measured. Reviews are kept
    per player until ``key`` (say, the session's current node) changes.
    """
    w = _words(words)
    player, set_player = solara.use_state(start)
    progress, set_progress = solara.use_state(0.0)
    partial, set_partial = solara.use_state(None)  # the review in progress, reassigned after each decision
    done = solara.use_ref({})
    if done.current.get("key", object()) != key:
        done.current = {"key": key}

    def run(cancel):
        cached = done.current.get(player)
        if cached is not None:
            return cached
        set_progress(0.0)
        set_partial(None)
        result = compute(player, lambda f: set_progress(float(f)))
        if isinstance(result, GameReview):
            done.current[player] = result
            return result
        last = None
        for last in result:
            if cancel.is_set():
                return None
            if not last.complete:
                set_partial(last)
                set_progress(last.measured / last.looked_at)
        done.current[player] = last  # (the partial review stays shown until the thread's result replaces it)
        return last

    result = solara.use_thread(run, dependencies=[player, key], intrusive_cancel=False)
    review = result.value if result.state == solara.ResultState.FINISHED else None
    if review is not None and review.player != player:
        review = None
    if review is None and partial is not None and partial.player == player and partial.moments:
        review = partial  # the first moments, while the rest are measured
    with solara.Column(classes=["bw-review-panel"], gap="8px") as col:
        with solara.Row(style={"align-items": "center", "gap": "8px", "flex-wrap": "wrap"}):
            solara.Text(w["title"], style={"font-weight": "700", "font-size": "1.1em"})
            if len(players) > 1:
                solara.Text(w["whose"])
                for p, name in players:
                    solara.Button(name, on_click=lambda p=p: set_player(p), outlined=p != player, color="primary",
                                  classes=[f"bw-review-player-{p + 1}"],
                                  attributes={"aria-pressed": "true" if p == player else "false"})
            if on_close is not None:
                solara.Button(w["close"], icon_name="mdi-close", on_click=on_close, text=True,
                              classes=["bw-review-close"])
        if result.error is not None:
            solara.Error(w["failed"].format(error=result.error))
        elif review is None or not review.complete:
            with solara.Column(classes=["bw-review-running"], gap="2px"):
                solara.Text(w["running"] if review is None else w["running_rest"], style={"color": "#555"})
                solara.ProgressLinear(value=max(1.0, progress * 100))
        else:
            solara.Column(gap="2px")  # the same place in the tree: the review goes on from its partial self
        if review is not None and result.error is None:
            ReviewView(review, board, w).key(f"review-{player}")
    return col


@solara.component
def ReviewButton(session, bots: Mapping, names: Mapping[int, str],
                 steps: Callable[[int], Union[GameReview, Iterable[GameReview]]],
                 board: Callable[[Moment, Any, Optional[Callable[[Any], None]]], Any], words=None):
    """"Review the game" at the end of ``session``'s game, then :func:`ReviewPanel` on any player's game.

    ``names``: ``{player: name}`` of every seat; ``steps(player)``: the game's ``review_steps`` for that player
    (or its complete review); ``board``: draws a moment (see :func:`ReviewView`). The first human seat's game
    is shown first; the reviews are kept until the session moves.
    """
    w = _words(words)
    open_, set_open = solara.use_state(False)
    game = session.game
    if not game.is_over(session.state):
        return solara.Div()
    humans = [p for p in range(game.num_players) if p not in bots]
    with solara.Column(gap="8px", classes=["bw-review-box"]) as col:
        if not open_:
            solara.Button(w["open"], icon_name="mdi-school-outline", on_click=lambda: set_open(True),
                          outlined=True, color="primary", classes=["bw-review-open"])
        else:
            ReviewPanel([(p, names[p]) for p in range(game.num_players)], lambda player, progress: steps(player),
                        board, start=humans[0] if humans else 0, key=(id(session), session.current.id),
                        on_close=lambda: set_open(False), words=words)
    return col
