"""Score traces: every number explained by the rule that gave it.

>>> t = Trace()
>>> t.add(3, "B8", 2, "Fountain heals 2 injuries: +2")
>>> t.add(5, "B12", 4, "2 Fish: 2 x 2 = 4")
>>> t.points
6
>>> print(t.table())
space  rule  points  why
    3  B8        +2  Fountain heals 2 injuries: +2
    5  B12       +4  2 Fish: 2 x 2 = 4
total             6
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator


@dataclass(frozen=True)
class TraceStep:
    """One explained step: where, which rule, how many points, why."""

    where: int | str | None
    rule: str
    points: int
    reason: str

    def to_dict(self) -> dict:
        return {"where": self.where, "rule": self.rule, "points": self.points, "reason": self.reason}


class Trace:
    """An ordered list of :class:`TraceStep`; ``points`` is their sum."""

    def __init__(self, steps: Iterable[TraceStep] = ()):
        self.steps: list[TraceStep] = list(steps)

    def add(self, where, rule: str, points: int, reason: str) -> None:
        self.steps.append(TraceStep(where, rule, points, reason))

    @property
    def points(self) -> int:
        return sum(s.points for s in self.steps)

    def __iter__(self) -> Iterator[TraceStep]:
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, i):
        return self.steps[i]

    def __eq__(self, other) -> bool:
        return isinstance(other, Trace) and self.steps == other.steps

    def __repr__(self) -> str:
        return f"Trace({len(self.steps)} steps, {self.points} points)"

    def table(self, where_label: str = "space") -> str:
        """A plain-text table of the steps and the total."""
        rows = [f"{where_label}  rule  points  why"]
        for s in self.steps:
            w = "" if s.where is None else str(s.where)
            rows.append(f"{w:>{len(where_label)}}  {s.rule:<4}  {s.points:>+6}  {s.reason}")
        rows.append(f"total{' ' * (len(where_label) + 8)}{self.points}")
        return "\n".join(rows)

    def to_list(self) -> list[dict]:
        return [s.to_dict() for s in self.steps]
