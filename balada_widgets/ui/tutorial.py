"""Exercises for tutorials: a prompt, an answer, a check, and the explanation.

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

from typing import Any, Callable, Optional

import solara

from ..core.errors import GameError

__all__ = ["Exercise", "run_check"]


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
