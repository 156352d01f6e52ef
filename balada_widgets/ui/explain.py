"""The explain panel: a score trace as a table, walked step by step.

A trace (:class:`~balada_widgets.core.trace.Trace`) lists every step of a
score with where it happened, the rule id, the points and the reason. The
panel shows it as a table with a running total and a *current step*: the
previous/next buttons and the play button move it, a click on a row jumps to
it, and ``on_step(index)`` tells the parent, so the board can highlight the
step's space (``steps[index].where``). The panel is controlled: the parent
holds the index (``None``: no step selected, the whole table).

The columns are headed by ``where_label`` (``"space"``, ``"step"``), the rule,
``value_label`` (what the numbers are: ``"points"`` unless the trace counts
something else, a battle's ``"level"``), why, and the running total.

Stable classes: ``bw-explain``, buttons ``bw-step-prev``, ``bw-step-next``,
``bw-step-play``, ``bw-step-all``; rows ``data-id="step-<i>"`` with the class
``current`` on the current one.
"""

from __future__ import annotations

import time
from typing import Callable, Mapping, Optional

import solara

from ..kit import svg
from .a11y import label_in_name
from .board import Board

__all__ = ["Explain", "trace_markup"]

TRACE_CSS = """
.bw-trace { font: 13px/1.4 system-ui, -apple-system, 'Segoe UI', sans-serif; color: #222; width: 100%;
  border-collapse: collapse; }
.bw-trace th { text-align: left; font-weight: 600; color: #555; border-bottom: 2px solid #ccd; padding: 3px 6px; }
.bw-trace td { padding: 3px 6px; border-bottom: 1px solid #eef; vertical-align: top; }
.bw-trace td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.bw-trace tr.plus td.pts { color: #1b7f3b; font-weight: 600; }
.bw-trace tr.future td { color: #aab; }
.bw-trace tr.current td { background: #fff3c4; }
.bw-trace tr[data-id]:hover td { background: #eef4ff; }
.bw-trace tr.total td { border-top: 2px solid #ccd; font-weight: 700; border-bottom: none; }
.bw-trace .rule { display: inline-block; padding: 0 5px; border-radius: 8px; background: #e9ecf3; color: #335;
  font-size: 12px; }
"""


def _field(step, name):
    return step[name] if isinstance(step, dict) else getattr(step, name)


#: the panel's words (a view in another language passes its own ``words``)
EXPLAIN_WORDS = {"rule": "rule", "points": "points", "why": "why", "total": "total",
                 "so_far": "so far (step {i} of {n})", "all": "All", "step": "step {i} of {n}",
                 "prev": "previous step", "next": "next step", "play": "play the steps one by one",
                 "pause": "pause", "all_label": "show every step"}


def trace_markup(steps, current: Optional[int] = None, where_label: str = "space",
                 words: Optional[Mapping[str, str]] = None, value_label: str = "") -> str:
    """The HTML table of ``steps`` (TraceSteps or their dicts) with the ``current`` one marked.

    Its styles are :data:`TRACE_CSS` (the board's ``css``); ``words`` replaces
    the English texts (:data:`EXPLAIN_WORDS`); ``value_label`` heads the value
    column (empty: ``words["points"]``).

    >>> "<th class='num'>level</th>" in trace_markup([], value_label="level")
    True
    >>> "<th class='num'>points</th>" in trace_markup([])
    True
    """
    w = {**EXPLAIN_WORDS, **(words or {})}
    rows = [f"<tr><th>{svg.escape(where_label)}</th><th>{svg.escape(w['rule'])}</th><th class='num'>"
            f"{svg.escape(value_label or w['points'])}</th><th>{svg.escape(w['why'])}</th><th class='num'>{svg.escape(w['total'])}</th></tr>"]
    total = 0
    for i, st in enumerate(steps):
        pts = _field(st, "points")
        total += pts
        where = _field(st, "where")
        cls = []
        if pts > 0:
            cls.append("plus")
        if current is not None:
            if i == current:
                cls.append("current")
            elif i > current:
                cls.append("future")
        shown_total = total if current is None or i <= current else ""
        rows.append(f'<tr data-id="step-{i}" class="{" ".join(cls)}"><td class="num">'
                    f'{svg.escape("" if where is None else where)}</td>'
                    f'<td><span class="rule">{svg.escape(_field(st, "rule"))}</span></td>'
                    f'<td class="num pts">{pts:+d}</td><td>{svg.escape(_field(st, "reason"))}</td>'
                    f'<td class="num">{shown_total}</td></tr>')
    upto = total if current is None else sum(_field(s, "points") for s in list(steps)[: current + 1])
    label = (w["total"] if current is None or current >= len(steps) - 1
             else w["so_far"].format(i=current + 1, n=len(steps)))
    rows.append(f"<tr class='total'><td colspan='4'>{label}</td><td class='num bw-trace-total'>{upto}</td></tr>")
    return ("<div style='line-height:1.4;max-height:420px;overflow-y:auto'>"
            f"<table class='bw-trace'>{''.join(rows)}</table></div>")


@solara.component
def Explain(steps: list, step: Optional[int] = None, on_step: Optional[Callable[[Optional[int]], None]] = None,
            title: str = "", where_label: str = "space", delay: float = 0.8,
            words: Optional[Mapping[str, str]] = None, value_label: str = ""):
    """A trace table with a current step (see the module docstring); ``words``: :data:`EXPLAIN_WORDS`;
    ``value_label``: the heading of the value column (empty: *points*)."""
    w = {**EXPLAIN_WORDS, **(words or {})}
    playing, set_playing = solara.use_state(False)
    n = len(steps)

    def go(i: Optional[int]):
        if on_step is not None:
            on_step(None if i is None else max(0, min(n - 1, i)))

    def play_loop(cancel):
        if not playing:
            return
        i = -1 if step is None or step >= n - 1 else step
        while i < n - 1:
            time.sleep(delay)
            if cancel.is_set():
                return
            i += 1
            go(i)
        set_playing(False)

    solara.use_thread(play_loop, dependencies=[playing], intrusive_cancel=False)  # play_loop checks the event

    def click(id_: str):
        if id_.startswith("step-"):
            set_playing(False)
            go(int(id_[5:]))

    with solara.Column(classes=["bw-explain"], gap="4px") as col:
        with solara.Row(style={"align-items": "center", "gap": "4px", "flex-wrap": "wrap"}):
            if title:
                solara.Text(title, style={"font-weight": "600", "margin-right": "8px"})
            solara.Button(icon_name="mdi-chevron-left", on_click=lambda: go((step if step is not None else n) - 1),
                          disabled=n == 0 or step == 0, text=True, classes=["bw-step-prev"],
                          attributes={"aria-label": w["prev"]})
            solara.Button(icon_name="mdi-chevron-right", on_click=lambda: go(0 if step is None else step + 1),
                          disabled=n == 0 or (step is not None and step >= n - 1), text=True,
                          classes=["bw-step-next"], attributes={"aria-label": w["next"]})
            solara.Button(icon_name="mdi-pause" if playing else "mdi-play", on_click=lambda: set_playing(not playing),
                          disabled=n == 0, text=True, classes=["bw-step-play"],
                          attributes={"aria-label": w["pause"] if playing else w["play"]})
            solara.Button(w["all"], on_click=lambda: (set_playing(False), go(None)), disabled=step is None, text=True,
                          classes=["bw-step-all"], attributes={"aria-label": label_in_name(w["all"], w["all_label"])})
            if step is not None and 0 <= step < n:
                solara.Text(w["step"].format(i=step + 1, n=n), classes=["bw-step-label"], style={"color": "#555"})
        Board(svg=trace_markup(steps, step, where_label, words, value_label), on_click=click, class_name="bw-trace-board", css=TRACE_CSS)
    return col
