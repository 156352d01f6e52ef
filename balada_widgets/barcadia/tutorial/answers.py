"""A chance as the learner types it: a fraction (``9/20``), a decimal (``0.45``) or a percentage (``45%``).

>>> parse_chance("40.1%").matches(Fraction(153, 382)), parse_chance("40%").matches(Fraction(153, 382))
(True, True)
>>> parse_chance("0.4").matches(Fraction(153, 382)), parse_chance("2/5").matches(Fraction(2, 5))
(False, True)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from ...kit.lesson import Text

_FRACTION = re.compile(r"^(\d+)\s*/\s*(\d+)$")
_DECIMAL = re.compile(r"^(\d*)(?:[.,](\d+))?\s*(%?)$")
_ABOUT = re.compile(r"about|approx(imately|\.)?|[≈~=]")


@dataclass(frozen=True)
class ChanceAnswer:
    """A chance as written: ``value`` and how exactly (``digits`` after the point; ``None``: a fraction)."""

    value: Fraction
    digits: Optional[int]
    text: str

    def matches(self, p: Fraction) -> bool:
        """Equal to ``p``; a decimal also when ``p`` rounds to it (a whole percent at least)."""
        if self.value == p:
            return True
        if self.digits is None or self.digits < 2:
            return False
        scale = 10 ** self.digits
        return Fraction(math.floor(p * scale + Fraction(1, 2)), scale) == self.value


def parse_chance(raw) -> Optional[ChanceAnswer]:
    """A chance from ``"9/20"``, ``"0.45"``, ``"45%"``, ``"45 %"``, ``"about 40.1%"``; ``None`` if unreadable.

    >>> parse_chance("9 / 20").value, parse_chance("45 %").value, parse_chance(".45").value
    (Fraction(9, 20), Fraction(9, 20), Fraction(9, 20))
    >>> parse_chance("45") is None, parse_chance("5/4") is None, parse_chance("nine") is None
    (True, True, True)
    """
    if isinstance(raw, Fraction):
        return ChanceAnswer(raw, None, str(raw)) if 0 <= raw <= 1 else None
    if not isinstance(raw, str):
        return None
    t = _ABOUT.sub(" ", raw.strip().lower()).strip().rstrip(".").strip()
    m = _FRACTION.match(t)
    if m:
        num, den = int(m.group(1)), int(m.group(2))
        return None if den == 0 or num > den else ChanceAnswer(Fraction(num, den), None, raw.strip())
    m = _DECIMAL.match(t)
    if not m or not (m.group(1) or m.group(2)):
        return None
    whole, dec, pct = m.group(1) or "0", m.group(2) or "", m.group(3)
    value, digits = Fraction(int(whole + dec), 10 ** len(dec)), len(dec)
    if pct:
        value, digits = value / 100, digits + 2
    elif not dec and value not in (0, 1):
        return None  # "45": a percentage without its sign, or a count
    if not 0 <= value <= 1:
        return None
    return ChanceAnswer(value, digits if (dec or pct) else None, raw.strip())


@dataclass(frozen=True)
class Chance(Text):
    """A chance typed as a fraction or a percentage; an empty or unreadable one is no try (``empty``, ``unreadable``:
    why, in the lesson's words; ``unreadable`` may name ``{raw}``)."""

    empty: str = ""
    unreadable: str = ""

    def read(self, raw):
        if isinstance(raw, ChanceAnswer):
            return raw, None
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            return None, self.empty
        got = parse_chance(raw)
        return (got, None) if got is not None else (None, self.unreadable.format(raw=str(raw).strip()))
