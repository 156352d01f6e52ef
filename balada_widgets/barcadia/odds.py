"""Heroes of Barcadia odds: exact chances and expected HP loss of every roll.

Pure Python (fractions and integers only): every number here is an exact
:class:`~fractions.Fraction`, so the view, the tutorial and the lab show the
same value the tests check. The odds are what this game teaches: before a
battle or a trap the view shows the chance to win and the HP a player should
expect to lose, and the lab plots them.

The battle model in our own words
---------------------------------
Every roll in the game is one or two fair twenty-sided dice (faces 1 to 20).

- **Monster** (rulings H5, G23): you roll one die and add your bonuses; you
  win when the total reaches the Monster's level. A level-7 Monster is beaten
  on 7 to 20, that is 14 faces of 20. Each point of bonus is one face more.
- **Team battle** (H5, G28): you and a teammate each roll one die; both
  players' bonuses are added to the sum of the two dice, which must reach the
  level. Sums in the middle (21) are the most common, so a high level is much
  harder than it looks: level 22 is lost slightly more often than won.
- **Boss battle and duel** (H5, H7, G27): both sides roll one die and add their
  own bonuses; the higher total wins, and a tie is simply rolled again with
  the same bonuses until someone wins. So the chance is the chance to win
  among the rolls that decide, and it depends only on the *difference* of the
  bonuses. In a Boss battle the player who plays the Boss adds their own
  Boss-battle bonuses too (H7).
- **Trap** (H13): one die per trap; 10 or more disarms it, otherwise the trap
  costs 10 HP. Several traps are rolled one after another; a player whose HP
  falls to 0 or below dies at once (H9) and rolls no further trap.
- **Grand Drink Guardian** (H8, G41): a plain die, 15 or more wins. Nothing
  changes this roll: no bonus, no level change, no reroll, no Redo.

A natural 1 or 20 has no special effect (H5): the Crit variant (H17) hands out
Loot Cards on those faces but never changes who wins, so it does not change
any number here.

Level changes (Boost +2, Mega Boost +4, Drain -3 in the project's content)
are applied by the caller to ``level``; bonuses and penalties to a roll (a
Power-Up, Courage +2, a Jinx -2...) are summed by the caller into ``bonus``.
:func:`explain_odds` takes them one by one with their sources instead and
explains each.

Reference values (design §3)
----------------------------
>>> win_probability("monster", level=7)
Fraction(7, 10)
>>> win_probability("team", level=22)
Fraction(19, 40)
>>> win_probability("boss", bonus=2)
Fraction(229, 382)
>>> win_probability("trap")
Fraction(11, 20)
>>> win_probability("guardian", bonus=4)      # the Guardian ignores every bonus
Fraction(3, 10)
>>> trap_odds(3, 20).survive                  # 3 traps in a row at 20 HP
Fraction(2299, 4000)
>>> expected_hp_loss("guardian")
Fraction(7, 1)
>>> expected_roll_offs()                      # equal bonuses: a tie 1 time in 20
Fraction(20, 19)

A step-by-step explanation for the view (see :func:`explain_odds`):

>>> e = explain_odds("monster", level=11, bonus_sources=[("Fizzing Gauntlets", 2, "5.2")],
...                  level_changes=[("Boost", 2, "H-FAQ6")], damage=10)
>>> print(e.text())
1. The Monster's level is 11 (rule H5).
2. Boost raises the level by 2, to 13 (rule H-FAQ6).
3. Fizzing Gauntlets adds 2 to your roll, so you need 11 on the die (rule 5.2).
4. You win on 11 to 20: 10 of 20 faces (rule H5).
5. Chance to win: 10/20 = 1/2 = 50% (rule H5).
6. Expected HP loss: 50% chance to lose × 10 HP = 5 HP (rule H-MON2).

Every bad input is an :class:`~balada_widgets.core.errors.InvalidInput`:

>>> win_probability("dragon", level=3)
Traceback (most recent call last):
...
balada_widgets.core.errors.InvalidInput: invalid input: kind must be one of monster, team, boss, duel, trap, guardian; got 'dragon'
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Optional, Sequence

from ..core.errors import InvalidInput
from ..core.trace import Trace, TraceStep

__all__ = [
    "KINDS", "FACES", "GUARDIAN_LEVEL", "TRAP_LEVEL", "TRAP_DAMAGE", "DUEL_DAMAGE", "GUARDIAN_DAMAGE", "FULL_HP",
    "win_probability", "expected_hp_loss", "expected_roll_offs", "expected_crits", "opposed_counts",
    "win_probability_with_redos", "trap_odds", "TrapOdds", "dice_distribution", "odds_table", "OddsTable",
    "explain_odds", "OddsExplanation", "format_percent", "format_hp",
]

#: The kinds of roll this module knows, in the order the messages list them.
KINDS = ("monster", "team", "boss", "duel", "trap", "guardian")
#: Faces of one die.
FACES = 20
#: The Grand Drink Guardian is beaten on a plain 15 or more (H8, H-HOARD7).
GUARDIAN_LEVEL = 15
#: A trap is disarmed on 10 or more (H13).
TRAP_LEVEL = 10
#: A failed trap costs 10 HP (H13); a lost duel costs the loser 10 (H-DUEL4);
#: a lost Guardian battle costs 10 (H-HOARD7).
TRAP_DAMAGE = DUEL_DAMAGE = GUARDIAN_DAMAGE = 10
#: A full cup (H9).
FULL_HP = 100

_LEVEL_KINDS = ("monster", "team")           # a level on the card, changed by Boost/Drain
_OPPOSED = ("boss", "duel")                  # d20 + a against d20 + d, ties rolled again
_SIDES = {
    "monster": ("challenger",),
    "team": ("challenger", "teammate"),
    "boss": ("challenger", "boss"),
    "duel": ("challenger", "defender"),
    "trap": ("challenger",),
    "guardian": ("challenger",),
}
_DEFAULT_DAMAGE = {"duel": DUEL_DAMAGE, "trap": TRAP_DAMAGE, "guardian": GUARDIAN_DAMAGE}
_RULE = {"monster": "H5", "team": "H5", "boss": "H5", "duel": "H5", "trap": "H13", "guardian": "H8"}
#: Guards for exact arithmetic on hand-typed input (a room holds at most 3 traps and the
#: project's deck 4 Redo cards; these bounds only stop a typo from running for minutes).
MAX_TRAPS = 100
MAX_REDOS = 100
MAX_DICE = 6


# ----------------------------------------------------------------------------- validation
def _bad(argument: str, reason: str) -> InvalidInput:
    return InvalidInput(f"{argument} {reason}", check=argument)


def _int(value, argument: str, *, low: Optional[int] = None, high: Optional[int] = None) -> int:
    """``value`` as an int, or InvalidInput naming ``argument`` and the allowed values."""
    allowed = "a whole number"
    if low is not None and high is not None:
        allowed = f"a whole number from {low} to {high}"
    elif low is not None:
        allowed = f"a whole number of at least {low}"
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise _bad(argument, f"must be {allowed}; got {value!r} ({type(value).__name__})")
    value = int(value)
    if (low is not None and value < low) or (high is not None and value > high):
        raise _bad(argument, f"must be {allowed}; got {value}")
    return value


def _kind(kind) -> str:
    if not isinstance(kind, str) or kind not in KINDS:
        raise _bad("kind", f"must be one of {', '.join(KINDS)}; got {kind!r}")
    return kind


def _probability(p, argument: str = "p") -> Fraction:
    """An exact probability from a Fraction, an int or a float (read as its decimal text)."""
    if isinstance(p, bool) or not isinstance(p, (numbers.Rational, float)):
        raise _bad(argument, f"must be a probability from 0 to 1 (a Fraction such as Fraction(7, 10)); "
                             f"got {p!r} ({type(p).__name__})")
    if isinstance(p, float):
        if p != p or p in (float("inf"), float("-inf")):
            raise _bad(argument, f"must be a probability from 0 to 1; got {p!r}")
        p = Fraction(repr(p))
    p = Fraction(p)
    if not 0 <= p <= 1:
        raise _bad(argument, f"must be a probability from 0 to 1; got {p}")
    return p


def _check_args(kind: str, level, bonus, opponent_bonus) -> tuple[Optional[int], int, int]:
    """Validate the shared arguments of a roll of ``kind``; return (level, bonus, opponent_bonus)."""
    bonus = _int(bonus, "bonus")
    opponent_bonus = _int(opponent_bonus, "opponent_bonus")
    if level is not None:
        level = _int(level, "level")
    if kind in _LEVEL_KINDS and level is None:
        raise _bad("level", f"is required for a {kind} battle: the level on the card after any "
                            f"level changes (Boost, Mega Boost, Drain)")
    if kind in _OPPOSED and level is not None:
        raise InvalidInput(f"level must be None for a {kind}: Bosses and duels have no level, "
                           f"so level changes do not apply to them", rule="H7", check="level")
    if kind in ("monster", "team", "trap") and opponent_bonus:
        raise _bad("opponent_bonus", f"must be 0 for a {kind} roll: only Boss battles and duels have an "
                                     f"opposing roll (a penalty such as Jinx goes into bonus); got {opponent_bonus}")
    if kind == "trap" and level is None:
        level = TRAP_LEVEL
    return level, bonus, opponent_bonus


# ----------------------------------------------------------------------------- counting faces
def _one_die_wins(needed: int) -> int:
    """Faces of one d20 that reach ``needed``."""
    return min(FACES, max(0, FACES + 1 - needed))


def _pairs_with_sum(s: int) -> int:
    """Ordered pairs of faces (a, b) with a + b == s."""
    return max(0, FACES - abs(s - (FACES + 1)))


def _two_dice_wins(needed: int) -> int:
    """Ordered pairs of two d20 whose sum reaches ``needed``."""
    lo = max(needed, 2)
    return sum(_pairs_with_sum(s) for s in range(lo, 2 * FACES + 1))


def opposed_counts(bonus: int = 0, opponent_bonus: int = 0) -> tuple[int, int, int]:
    """Of the 400 pairs of faces of an opposed roll: (wins, ties, losses) of the challenger.

    The challenger rolls ``d20 + bonus``, the other side ``d20 + opponent_bonus``.

    >>> opposed_counts(0, 0)
    (190, 20, 190)
    >>> opposed_counts(2, 0)
    (229, 18, 153)
    """
    edge = _int(bonus, "bonus") - _int(opponent_bonus, "opponent_bonus")
    # x + bonus > y + opponent_bonus  <=>  x - y > -edge; the difference k = x - y occurs 20 - |k| times
    wins = sum(FACES - abs(k) for k in range(max(-edge + 1, -(FACES - 1)), FACES))
    ties = FACES - abs(edge) if abs(edge) < FACES else 0
    return wins, ties, FACES * FACES - wins - ties


def _counts(kind: str, level: Optional[int], bonus: int, opponent_bonus: int) -> tuple[int, int]:
    """(winning outcomes, outcomes that decide) of one attempt; the chance is their ratio."""
    if kind == "guardian":
        return _one_die_wins(GUARDIAN_LEVEL), FACES
    if kind in ("monster", "trap"):
        return _one_die_wins(level - bonus), FACES
    if kind == "team":
        return _two_dice_wins(level - bonus), FACES * FACES
    wins, ties, _ = opposed_counts(bonus, opponent_bonus)
    return wins, FACES * FACES - ties


# ----------------------------------------------------------------------------- the public functions
def win_probability(kind: str, *, level: Optional[int] = None, bonus: int = 0,
                    opponent_bonus: int = 0) -> Fraction:
    """The exact chance that the challenger wins one roll of ``kind``.

    Parameters
    ----------
    kind:
        ``"monster"`` (d20 + bonus >= level), ``"team"`` (d20 + d20 + bonus >=
        level, ``bonus`` = both teammates' bonuses summed), ``"boss"`` and
        ``"duel"`` (d20 + bonus against d20 + opponent_bonus, strictly higher
        wins, ties rolled again with the same bonuses), ``"trap"`` (d20 + bonus
        >= level, which defaults to 10) or ``"guardian"`` (a plain d20 >= 15).
    level:
        Required for ``"monster"`` and ``"team"``: the level on the card *after*
        every level change (the caller adds Boost +2, Mega Boost +4, Drain -3...).
        Must be left out for ``"boss"`` and ``"duel"``, which have no level (H7).
        Any whole number is allowed (a level of 0 is always beaten, 21 never by
        one die without a bonus).
    bonus:
        The sum of everything added to the challenger's roll (negative for a
        penalty such as Jinx).
    opponent_bonus:
        The other side's bonuses in a Boss battle (the Boss-player's own
        Boss-battle bonuses count for the Boss, H7) or a duel; must be 0 for
        the kinds without an opposing roll.

    The **Grand Drink Guardian ignores every modifier** (H8, G41): ``bonus``,
    ``opponent_bonus`` and ``level`` are checked to be whole numbers and then
    have no effect; the answer is always 3/10.

    A natural 1 or 20 means nothing (H5), so there is no special case.

    Raises
    ------
    InvalidInput
        An unknown kind, a missing or forbidden level, or a value that is not a
        whole number; the message names the argument and what is allowed.

    Examples
    --------
    >>> win_probability("monster", level=7)
    Fraction(7, 10)
    >>> win_probability("monster", level=15, bonus=2)
    Fraction(2, 5)
    >>> win_probability("team", level=28, bonus=3)
    Fraction(17, 50)
    >>> win_probability("duel", bonus=1, opponent_bonus=3) == win_probability("boss", opponent_bonus=2)
    True
    >>> win_probability("guardian", bonus=5, level=9)
    Fraction(3, 10)
    >>> win_probability("monster")
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input: level is required for a monster battle: the level on the card after any level changes (Boost, Mega Boost, Drain)
    """
    kind = _kind(kind)
    level, bonus, opponent_bonus = _check_args(kind, level, bonus, opponent_bonus)
    wins, outcomes = _counts(kind, level, bonus, opponent_bonus)
    return Fraction(wins, outcomes)


def _damage(kind: str, damage) -> int:
    if damage is None:
        if kind not in _DEFAULT_DAMAGE:
            raise _bad("damage", f"is required for a {kind} battle: the damage printed on the card "
                                 f"(a whole number of HP, 0 or more)")
        return _DEFAULT_DAMAGE[kind]
    return _int(damage, "damage", low=0)


def _side(kind: str, side) -> str:
    allowed = _SIDES[kind]
    if not isinstance(side, str) or side not in allowed:
        raise _bad("side", f"must be one of {', '.join(allowed)} for a {kind}; got {side!r}")
    return side


def _loss(kind: str, side: str, p: Fraction, damage: int) -> Fraction:
    """Who drinks: the challenger (and a teammate) on a loss; the Boss-player or duel defender on a win."""
    if side in ("boss", "defender"):
        return p * damage
    return (1 - p) * damage


def expected_hp_loss(kind: str, *, damage: Optional[int] = None, level: Optional[int] = None, bonus: int = 0,
                     opponent_bonus: int = 0, side: str = "challenger") -> Fraction:
    """Expected HP one player loses in one roll of ``kind`` (no Redo played).

    ``side`` says whose loss:

    - ``"challenger"``: the player who fights (or rolls the trap, or attacks in
      a duel); drinks ``damage`` when the roll is lost.
    - ``"teammate"`` (Team battle): drinks the same damage on a loss (H-TEAM2),
      so the same expectation as the challenger.
    - ``"boss"`` (Boss battle): the player who plays the Boss drinks the Boss's
      damage when the challenger *wins* (H-BOSS5).
    - ``"defender"`` (duel): the defender drinks when the attacker wins.

    ``damage`` is required for Monsters, Team battles and Bosses (it is printed
    on the card; a caller applies damage reductions such as a shield); for
    duels, traps and the Guardian it defaults to the rule's 10 (H-DUEL4, H13,
    H-HOARD7). The other arguments are those of :func:`win_probability`.

    >>> expected_hp_loss("monster", damage=10, level=11)
    Fraction(5, 1)
    >>> expected_hp_loss("team", damage=10, level=22, side="teammate")
    Fraction(21, 4)
    >>> expected_hp_loss("boss", damage=20, bonus=2, side="boss")
    Fraction(2290, 191)
    >>> expected_hp_loss("trap")
    Fraction(9, 2)
    >>> expected_hp_loss("duel", side="referee")
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input: side must be one of challenger, defender for a duel; got 'referee'
    """
    kind = _kind(kind)
    side = _side(kind, side)
    damage = _damage(kind, damage)
    p = win_probability(kind, level=level, bonus=bonus, opponent_bonus=opponent_bonus)
    return _loss(kind, side, p, damage)


def expected_roll_offs(bonus: int = 0, opponent_bonus: int = 0) -> Fraction:
    """Expected number of times both sides roll in a Boss battle or duel (ties are rolled again).

    Each roll-off ends the battle unless it is a tie, so the count is geometric:
    400 / (400 - ties).

    >>> expected_roll_offs()
    Fraction(20, 19)
    >>> expected_roll_offs(25, 0)      # no tie is possible any more
    Fraction(1, 1)
    """
    _, ties, _ = opposed_counts(bonus, opponent_bonus)
    return Fraction(FACES * FACES, FACES * FACES - ties)


def expected_crits(kind: str, *, bonus: int = 0, opponent_bonus: int = 0) -> Fraction:
    """Expected natural 20s (and, equally, natural 1s) one player rolls in one roll of ``kind``.

    For the Crit variant (H17, G46): every die rolled counts, tie rerolls
    included; a teammate counts only their own die. By Wald's identity the
    expectation is (expected dice rolled) / 20. Crits never change who wins.

    >>> expected_crits("monster")
    Fraction(1, 20)
    >>> expected_crits("duel")
    Fraction(1, 19)
    """
    kind = _kind(kind)
    _int(bonus, "bonus")
    _int(opponent_bonus, "opponent_bonus")
    dice = expected_roll_offs(bonus, opponent_bonus) if kind in _OPPOSED else Fraction(1)
    return dice / FACES


def win_probability_with_redos(p, redos: int, *, p_retry=None) -> Fraction:
    """Chance to win when up to ``redos`` Redo cards are played, each only after a loss.

    A Redo voids the lost attempt (no damage) and the battle is fought again
    (H6, G25), so the battle is lost only if every attempt is lost:
    ``1 - (1 - p) * (1 - p_retry) ** redos``.

    A Redo also cancels every Loot effect of the voided attempt (H-FAQ6): if an
    opponent's Mega Boost made the first attempt harder, pass the chance
    without it as ``p_retry`` (default: the same ``p``). Power-Up and Signature
    bonuses stay. The other side plays no Redo in this model. The Grand Drink
    Guardian ignores Redo (H8): use ``redos=0`` there.

    ``p`` and ``p_retry`` are Fractions (or ints; a float is read as its decimal
    text, 0.7 as 7/10).

    >>> win_probability_with_redos(win_probability("monster", level=15), 1)
    Fraction(51, 100)
    >>> win_probability_with_redos(Fraction(1, 2), 0)
    Fraction(1, 2)
    >>> win_probability_with_redos(Fraction(3, 10), 1, p_retry=Fraction(1, 2))
    Fraction(13, 20)
    """
    p = _probability(p, "p")
    p_retry = p if p_retry is None else _probability(p_retry, "p_retry")
    redos = _int(redos, "redos", low=0, high=MAX_REDOS)
    return 1 - (1 - p) * (1 - p_retry) ** redos


# ----------------------------------------------------------------------------- traps
@dataclass(frozen=True)
class TrapOdds:
    """The outcome of rolling ``k`` traps in a row at ``hp`` HP (see :func:`trap_odds`).

    Attributes
    ----------
    k, hp, bonus:
        The question.
    p_disarm:
        The chance to disarm one trap.
    survive:
        The chance to be alive (HP > 0) after all ``k`` traps.
    distribution:
        Final HP -> chance, ascending; the key ``0`` is death (the player died
        on some trap and rolled no further one). The chances sum to 1.
    expected_damage:
        Expected HP actually lost (damage below 0 is wasted, G30).
    expected_failures:
        Expected number of traps failed before the player is through or dead.
    """

    k: int
    hp: int
    bonus: int
    p_disarm: Fraction
    survive: Fraction
    distribution: tuple[tuple[int, Fraction], ...]
    expected_damage: Fraction
    expected_failures: Fraction

    @property
    def death(self) -> Fraction:
        """The chance to die on one of the traps."""
        return 1 - self.survive

    def as_dict(self) -> dict[int, Fraction]:
        """``distribution`` as a dict (final HP -> chance)."""
        return dict(self.distribution)


def trap_odds(k: int, hp: int, bonus: int = 0) -> TrapOdds:
    """Roll ``k`` traps one after another at ``hp`` HP: survival, final HP and expected damage.

    Each trap is one d20 + ``bonus``; 10 or more disarms it, a failure costs
    10 HP (H13). HP of 0 or less is death (H9): the player stops there and the
    remaining traps are not rolled. ``hp`` is the player's current HP, 1 to 100
    (a cup holds 100, H9).

    >>> t = trap_odds(3, 20)
    >>> t.survive
    Fraction(2299, 4000)
    >>> t.as_dict()
    {0: Fraction(1701, 4000), 10: Fraction(3267, 8000), 20: Fraction(1331, 8000)}
    >>> trap_odds(1, 100).expected_damage
    Fraction(9, 2)
    >>> round(float(trap_odds(10, 100).survive), 5)
    0.99966
    """
    k = _int(k, "k", low=0, high=MAX_TRAPS)
    hp = _int(hp, "hp", low=1, high=FULL_HP)
    bonus = _int(bonus, "bonus")
    p = win_probability("trap", bonus=bonus)
    q = 1 - p
    alive = {hp: Fraction(1)}        # HP -> chance, still rolling
    dead = Fraction(0)
    failures = Fraction(0)
    for _ in range(k):
        step: dict[int, Fraction] = {}
        for h, w in alive.items():
            if p:
                step[h] = step.get(h, Fraction(0)) + w * p
            if q:
                failures += w * q
                h2 = h - TRAP_DAMAGE
                if h2 <= 0:
                    dead += w * q
                else:
                    step[h2] = step.get(h2, Fraction(0)) + w * q
        alive = step
    dist = dict(alive)
    if dead:
        dist[0] = dead
    survive = sum(alive.values(), Fraction(0))
    expected_damage = sum((hp - h) * w for h, w in dist.items())
    return TrapOdds(k=k, hp=hp, bonus=bonus, p_disarm=p, survive=survive,
                    distribution=tuple(sorted(dist.items())), expected_damage=expected_damage,
                    expected_failures=failures)


# ----------------------------------------------------------------------------- distributions and tables
def dice_distribution(dice: int = 2, bonus: int = 0) -> dict[int, Fraction]:
    """Total -> chance for the sum of ``dice`` d20 plus ``bonus`` (1 to 6 dice).

    ``dice_distribution(2)`` is the Team battle's sum: 21 is the most common
    total (20 of 400 pairs), 2 and 40 the rarest (1 of 400).

    >>> d = dice_distribution(2)
    >>> d[21], d[2], d[40], sum(d.values())
    (Fraction(1, 20), Fraction(1, 400), Fraction(1, 400), Fraction(1, 1))
    >>> dice_distribution(1, bonus=3)[23]
    Fraction(1, 20)
    """
    dice = _int(dice, "dice", low=1, high=MAX_DICE)
    bonus = _int(bonus, "bonus")
    counts = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for total, n in counts.items():
            for face in range(1, FACES + 1):
                nxt[total + face] = nxt.get(total + face, 0) + n
        counts = nxt
    whole = FACES ** dice
    return {total + bonus: Fraction(n, whole) for total, n in sorted(counts.items())}


@dataclass(frozen=True)
class OddsTable:
    """Win chances of one kind for a grid of rows and bonuses (see :func:`odds_table`).

    ``rows[i][j]`` is the chance for ``row_values[i]`` and ``bonuses[j]``. For
    Monster, Team, trap and Guardian rolls the rows are levels
    (``row_name == "level"``); for Boss battles and duels they are the other
    side's bonus (``row_name == "opponent bonus"``).
    """

    kind: str
    row_name: str
    row_values: tuple[int, ...]
    bonuses: tuple[int, ...]
    rows: tuple[tuple[Fraction, ...], ...]

    def __iter__(self):
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def cell(self, row_value: int, bonus: int) -> Fraction:
        """The chance at one row value and bonus."""
        try:
            return self.rows[self.row_values.index(row_value)][self.bonuses.index(bonus)]
        except ValueError:
            raise _bad("cell", f"must name a row value of {list(self.row_values)} and a bonus of "
                               f"{list(self.bonuses)}; got ({row_value!r}, {bonus!r})") from None

    def text(self) -> str:
        """The table in plain text, chances as percentages.

        >>> print(odds_table("monster", levels=[7, 11], bonuses=[0, 2]).text())
        level   +0   +2
            7  70%  80%
           11  50%  60%
        """
        head = [self.row_name] + [f"{b:+d}" for b in self.bonuses]
        body = [[str(v)] + [format_percent(p) for p in row] for v, row in zip(self.row_values, self.rows)]
        widths = [max(len(r[i]) for r in [head] + body) for i in range(len(head))]
        lines = [" ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(head, widths)))]
        lines += [" ".join(c.rjust(w) for c, w in zip(r, widths)) for r in body]
        return "\n".join(line.rstrip() for line in lines)


def _int_tuple(values, argument: str) -> tuple[int, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise _bad(argument, f"must be a list of whole numbers; got {values!r}")
    out = tuple(_int(v, argument) for v in values)
    if not out:
        raise _bad(argument, "must hold at least one whole number; got none")
    return out


def odds_table(kind: str, levels: Optional[Iterable[int]] = None, bonuses: Iterable[int] = (0,), *,
               opponent_bonuses: Optional[Iterable[int]] = None) -> OddsTable:
    """Win chances for every level (row) and bonus (column), for the lab's plots.

    ``levels`` is required for ``"monster"`` and ``"team"``, defaults to
    ``(10,)`` for ``"trap"`` and ``(15,)`` for ``"guardian"`` (which ignores it
    and every bonus anyway, H8). Boss battles and duels have no level: their
    rows are ``opponent_bonuses`` (default ``(0,)``).

    >>> t = odds_table("team", levels=[18, 22, 26], bonuses=[0, 3])
    >>> [[str(p) for p in row] for row in t]
    [['33/50', '309/400'], ['19/40', '247/400'], ['3/10', '171/400']]
    >>> odds_table("boss", bonuses=[-1, 0, 1], opponent_bonuses=[0]).rows
    ((Fraction(57, 127), Fraction(1, 2), Fraction(70, 127)),)
    """
    kind = _kind(kind)
    bonus_values = _int_tuple(bonuses, "bonuses")
    if kind in _OPPOSED:
        if levels is not None:
            raise InvalidInput(f"levels must be None for a {kind}: Bosses and duels have no level; "
                               f"give opponent_bonuses for the rows", rule="H7", check="levels")
        row_values = _int_tuple((0,) if opponent_bonuses is None else opponent_bonuses, "opponent_bonuses")
        rows = tuple(tuple(win_probability(kind, bonus=b, opponent_bonus=d) for b in bonus_values)
                     for d in row_values)
        return OddsTable(kind, "opponent bonus", row_values, bonus_values, rows)
    if opponent_bonuses is not None:
        raise _bad("opponent_bonuses", f"apply only to boss and duel tables, not to a {kind} table")
    if levels is None:
        if kind in _LEVEL_KINDS:
            raise _bad("levels", f"are required for a {kind} table: a list of levels such as range(4, 16)")
        levels = (TRAP_LEVEL,) if kind == "trap" else (GUARDIAN_LEVEL,)
    row_values = _int_tuple(levels, "levels")
    rows = tuple(tuple(win_probability(kind, level=v, bonus=b) for b in bonus_values) for v in row_values)
    return OddsTable(kind, "level", row_values, bonus_values, rows)


# ----------------------------------------------------------------------------- words
def _decimal(x: Fraction, digits: int) -> str:
    text = f"{float(round(x, digits)):.{digits}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def format_percent(p) -> str:
    """A chance as a percentage in plain words: exact when short, else "about".

    >>> format_percent(Fraction(3, 5)), format_percent(Fraction(19, 40)), format_percent(Fraction(229, 382))
    ('60%', '47.5%', 'about 59.9%')
    >>> format_percent(Fraction(9997, 10000) + Fraction(1, 10**7))
    'about 99.97%'
    """
    x = Fraction(p) * 100
    for digits in (0, 1, 2):
        if (x * 10 ** digits).denominator == 1:
            return f"{_decimal(x, digits)}%"
    for digits in range(1, 8):
        shown = round(x, digits)
        if 0 < shown < 100:
            return f"about {_decimal(x, digits)}%"
    return f"about {float(x):.3g}%"


def _number(x: Fraction) -> str:
    for digits in (0, 1, 2):
        if (x * 10 ** digits).denominator == 1:
            return _decimal(x, digits)
    return f"about {_decimal(x, 2)}"


def format_hp(x) -> str:
    """An expected HP amount: exact when short, else "about" with two decimals.

    >>> format_hp(Fraction(9, 2)), format_hp(Fraction(7)), format_hp(Fraction(1145, 191))
    ('4.5 HP', '7 HP', 'about 5.99 HP')
    """
    return f"{_number(Fraction(x))} HP"


def _fraction_words(wins: int, outcomes: int) -> str:
    p = Fraction(wins, outcomes)
    if p.denominator == outcomes or p in (0, 1):
        return f"{wins}/{outcomes} = {format_percent(p)}"
    return f"{wins}/{outcomes} = {p.numerator}/{p.denominator} = {format_percent(p)}"


@dataclass(frozen=True)
class OddsExplanation:
    """The chance of one roll, explained step by step (see :func:`explain_odds`).

    Attributes
    ----------
    kind:
        The kind of roll (one of :data:`KINDS`).
    probability:
        The challenger's exact chance to win (a Fraction).
    expected_loss:
        Expected HP lost by ``side`` (a Fraction), or ``None`` when no damage
        was given for a Monster, Team or Boss battle.
    steps:
        The explanation, a tuple of :class:`~balada_widgets.core.trace.TraceStep`
        (``where``: a short label such as ``"level"``, ``"bonus"``, ``"dice"``,
        ``"chance"``, ``"loss"``; ``rule``: the rule or source id; ``reason``:
        one sentence in plain words). Their ``points`` add up, step by step, to
        the number the dice must reach (Monster, Team, trap, Guardian) or to
        your bonus lead over the other side (Boss, duel): ``trace.points``.
    level:
        The level after every level change (``None`` for Boss battles and
        duels; 15 for the Guardian whatever was passed).
    bonus, opponent_bonus:
        The bonuses that count (0 for the Guardian).
    wins, outcomes:
        Winning outcomes among the outcomes that decide (20 faces, 400 pairs,
        or for an opposed roll the pairs that are not a tie).
    side:
        Whose expected loss ``expected_loss`` is.

    ``trace`` gives the steps as a :class:`~balada_widgets.core.trace.Trace`
    for the kit's explain panel; ``text()`` numbers them.

    >>> e = explain_odds("guardian", bonus_sources=[("Fizzing Gauntlets", 2, "5.2")])
    >>> e.probability, e.expected_loss, e.trace.points
    (Fraction(3, 10), Fraction(7, 1), 15)
    >>> [s.where for s in e.steps]
    ['level', 'bonus', 'dice', 'chance', 'loss']
    >>> e.steps[1].reason
    "Fizzing Gauntlets (+2) is ignored: nothing changes the Guardian's roll."
    """

    kind: str
    probability: Fraction
    expected_loss: Optional[Fraction]
    steps: tuple[TraceStep, ...]
    level: Optional[int]
    bonus: int
    opponent_bonus: int
    wins: int
    outcomes: int
    side: str

    @property
    def trace(self) -> Trace:
        return Trace(self.steps)

    @property
    def percent(self) -> str:
        """The chance to win in plain words, e.g. ``"60%"``."""
        return format_percent(self.probability)

    def text(self) -> str:
        """The steps as numbered sentences, each with its rule."""
        return "\n".join(f"{i}. {s.reason[:-1] if s.reason.endswith('.') else s.reason} (rule {s.rule})."
                         if s.rule else f"{i}. {s.reason}"
                         for i, s in enumerate(self.steps, 1))


def _sources(items, argument: str) -> tuple[tuple[str, int, str], ...]:
    """Validate ``[(name, amount, rule), ...]`` (the rule may be left out)."""
    if items is None:
        return ()
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        raise _bad(argument, f"must be a list of (name, amount, rule) tuples; got {items!r}")
    out = []
    for item in items:
        if not isinstance(item, Sequence) or isinstance(item, (str, bytes)) or len(item) not in (2, 3):
            raise _bad(argument, f"must be a list of (name, amount, rule) tuples such as "
                                 f"('Fizzing Gauntlets', 2, 'H5'); got the item {item!r}")
        name, amount = item[0], item[1]
        rule = item[2] if len(item) == 3 else ""
        if not isinstance(name, str) or not name.strip():
            raise _bad(argument, f"needs a name (text) in each tuple; got {name!r} in {item!r}")
        if not isinstance(rule, str):
            raise _bad(argument, f"needs a rule id (text) in each tuple; got {rule!r} in {item!r}")
        amount = _int(amount, f"{argument} amount of {name!r}")
        out.append((name.strip(), amount, rule))
    return tuple(out)


def _needed_words(kind: str, needed: int, wins: int) -> str:
    if kind == "team":
        if wins == FACES * FACES:
            return f"Any two dice win (every sum reaches {needed}): 400 of 400 pairs."
        if wins == 0:
            return (f"No pair of dice is enough: the sum would have to reach {needed}, "
                    f"and the dice add up to 40 at most: 0 of 400 pairs.")
        return f"The two dice must add up to {needed} or more: {wins} of 400 pairs."
    if wins == FACES:
        return "You win on every face, 1 to 20: 20 of 20 faces."
    if wins == 0:
        return (f"No face is enough: you would need {needed}, and a natural 20 is no automatic win: "
                f"0 of 20 faces.")
    if needed == FACES:
        return "You win only on a 20: 1 of 20 faces."
    return f"You win on {needed} to 20: {wins} of 20 faces."


def explain_odds(kind: str, *, level: Optional[int] = None, bonus_sources=(), level_changes=(),
                 opponent_bonus_sources=(), damage: Optional[int] = None,
                 side: str = "challenger") -> OddsExplanation:
    """The chance to win one roll and the expected HP loss, explained step by step.

    Parameters
    ----------
    kind:
        One of :data:`KINDS`.
    level:
        The *printed* level of a Monster or Team battle (required there);
        ``None`` for the rest (a trap needs 10, the Guardian 15).
    bonus_sources:
        What adds to the challenger's roll (or the team's sum), one tuple per
        source: ``(name, amount, rule)``, e.g. ``("Fizzing Gauntlets", 2, "5.2")``
        or ``("Jinx", -2, "5.3")``; the rule may be left out.
    level_changes:
        Cards that change a Monster or Team battle's level, same shape:
        ``("Boost", 2, "H-FAQ6")``, ``("Drain", -3, "5.3")``. Not allowed for
        Bosses and duels (no level, H7) nor traps; listed and ignored for the
        Guardian (H8).
    opponent_bonus_sources:
        The other side's bonuses in a Boss battle (the Boss-player's own, H7)
        or a duel.
    damage:
        The HP at stake (see :func:`expected_hp_loss`; defaults to 10 for duels,
        traps and the Guardian). Left out for a Monster, Team or Boss battle,
        the explanation has no loss step and ``expected_loss`` is ``None``.
    side:
        Whose expected loss: ``"challenger"``, ``"teammate"``, ``"boss"`` or
        ``"defender"`` as in :func:`expected_hp_loss`.

    The result is an :class:`OddsExplanation`; its ``probability`` always
    equals :func:`win_probability` with the summed bonuses and changed level.

    >>> e = explain_odds("boss", bonus_sources=[("Crown of Froth", 2, "5.2")],
    ...                  opponent_bonus_sources=[("Courage", 1, "5.3")], damage=20, side="boss")
    >>> print(e.text())
    1. Boss battle: both sides roll a die and add their bonuses; the higher total wins, a tie is rolled again (rule H5).
    2. Crown of Froth adds 2 to your roll (rule 5.2).
    3. Courage adds 1 to the Boss side's roll (rule 5.3).
    4. Of the 400 pairs of faces you win 210, lose 171 and tie 19; ties are rolled again, so you win 210 of the 381 pairs that decide (rule H5).
    5. Chance to win: 210/381 = 70/127 = about 55.1% (rule H5).
    6. On average 400/381 roll-offs, about 1.05 (rule H5).
    7. Expected HP loss of the Boss-player: about 55.1% chance that the challenger wins × 20 HP = about 11.02 HP (rule H-BOSS5).
    >>> e.trace.points      # your lead over the Boss side
    1

    >>> e = explain_odds("team", level=22, bonus_sources=[("Friendship Flagon", 3, "5.2")], damage=10)
    >>> e.probability, e.steps[2].reason
    (Fraction(247, 400), 'The two dice must add up to 19 or more: 247 of 400 pairs.')
    """
    kind = _kind(kind)
    side = _side(kind, side)
    bonuses = _sources(bonus_sources, "bonus_sources")
    changes = _sources(level_changes, "level_changes")
    opponents = _sources(opponent_bonus_sources, "opponent_bonus_sources")
    if damage is not None or kind in _DEFAULT_DAMAGE:
        damage = _damage(kind, damage)
    if level is not None:
        level = _int(level, "level")
    if kind in _LEVEL_KINDS and level is None:
        raise _bad("level", f"is required for a {kind} battle: the level printed on the card "
                            f"(level changes go into level_changes)")
    if kind not in _LEVEL_KINDS and level is not None:
        raise _bad("level", f"must be None for a {kind}: " + {
            "trap": "a trap is always disarmed on 10 or more (H13)",
            "guardian": "the Guardian always needs a plain 15 (H8)"}.get(
                kind, "Bosses and duels have no level (H7)"))
    if changes and kind not in _LEVEL_KINDS + ("guardian",):
        raise InvalidInput(f"level_changes apply only to Monster and Team battles (Boost, Mega Boost, Drain); "
                           f"a {kind} has no level to change", rule="H7" if kind in _OPPOSED else None,
                           check="level_changes")
    if opponents and kind not in _OPPOSED:
        raise _bad("opponent_bonus_sources", f"apply only to Boss battles and duels, not to a {kind}")

    rule = _RULE[kind]
    steps: list[TraceStep] = []
    if kind == "guardian":
        steps.append(TraceStep("level", "H8", GUARDIAN_LEVEL,
                               "The Grand Drink Guardian needs a plain 15 or more on one die."))
        for name, amount, _ in bonuses:
            steps.append(TraceStep("bonus", "H8", 0, f"{name} ({amount:+d}) is ignored: "
                                                     f"nothing changes the Guardian's roll."))
        for name, amount, _ in changes:
            steps.append(TraceStep("change", "H8", 0, f"{name} ({amount:+d}) is ignored: "
                                                      f"the Guardian's level is always 15."))
        final_level, bonus, opponent_bonus = GUARDIAN_LEVEL, 0, 0
    elif kind in _OPPOSED:
        what = "Boss battle" if kind == "boss" else "Duel"
        other = "the Boss side's" if kind == "boss" else "the defender's"
        steps.append(TraceStep("roll", rule, 0, f"{what}: both sides roll a die and add their bonuses; "
                                                f"the higher total wins, a tie is rolled again."))
        for name, amount, src in bonuses:
            steps.append(TraceStep("bonus", src, amount, f"{name} adds {amount} to your roll."
                                   if amount >= 0 else f"{name} takes {-amount} off your roll."))
        for name, amount, src in opponents:
            steps.append(TraceStep("bonus", src, -amount, f"{name} adds {amount} to {other} roll."
                                   if amount >= 0 else f"{name} takes {-amount} off {other} roll."))
        final_level = None
        bonus = sum(a for _, a, _ in bonuses)
        opponent_bonus = sum(a for _, a, _ in opponents)
    else:
        if kind == "trap":
            final_level = TRAP_LEVEL
            steps.append(TraceStep("level", "H13", TRAP_LEVEL, "A trap is disarmed on 10 or more."))
        else:
            final_level = level
            steps.append(TraceStep("level", rule, level, f"The {'Monster' if kind == 'monster' else 'Team battle'}"
                                                         f"'s level is {level}."))
            for name, amount, src in changes:
                final_level += amount
                verb = "raises" if amount >= 0 else "lowers"
                steps.append(TraceStep("change", src, amount,
                                       f"{name} {verb} the level by {abs(amount)}, to {final_level}."))
        bonus = 0
        for name, amount, src in bonuses:
            bonus += amount
            needed = final_level - bonus
            target = "the sum of the two dice" if kind == "team" else "your roll"
            verb = f"adds {amount} to" if amount >= 0 else f"takes {-amount} off"
            need = (f"so the dice must add up to {needed}" if kind == "team"
                    else f"so you need {needed} on the die")
            steps.append(TraceStep("bonus", src, -amount, f"{name} {verb} {target}, {need}."))
        opponent_bonus = 0

    wins, outcomes = _counts(kind, final_level, bonus, opponent_bonus)
    p = Fraction(wins, outcomes)
    if kind in _OPPOSED:
        w, t, l = opposed_counts(bonus, opponent_bonus)
        if t:
            steps.append(TraceStep("dice", rule, 0, f"Of the 400 pairs of faces you win {w}, lose {l} and tie {t}; "
                                                    f"ties are rolled again, so you win {w} of the {w + l} pairs "
                                                    f"that decide."))
        else:
            steps.append(TraceStep("dice", rule, 0, f"Of the 400 pairs of faces you win {w} and lose {l}; "
                                                    f"no tie is possible."))
    else:
        needed = (GUARDIAN_LEVEL if kind == "guardian" else final_level - bonus)
        steps.append(TraceStep("dice", rule, 0, _needed_words(kind, needed, wins)))
    steps.append(TraceStep("chance", rule, 0, f"Chance to win: {_fraction_words(wins, outcomes)}."))
    if kind in _OPPOSED:
        rolls = expected_roll_offs(bonus, opponent_bonus)
        if rolls != 1:
            steps.append(TraceStep("roll-offs", rule, 0,
                                   f"On average {rolls.numerator}/{rolls.denominator} roll-offs, "
                                   f"{_number(rolls)}."))

    expected_loss = None
    if damage is not None:
        expected_loss = _loss(kind, side, p, damage)
        if side in ("boss", "defender"):
            who = "the Boss-player" if side == "boss" else "the defender"
            loss_rule = "H-BOSS5" if side == "boss" else "H-DUEL4"
            chance = f"{format_percent(p)} chance that the {'challenger' if side == 'boss' else 'attacker'} wins"
        else:
            who = {"teammate": "each teammate", "challenger": "each teammate" if kind == "team" else "you"}[side]
            loss_rule = {"monster": "H-MON2", "team": "H-TEAM2", "boss": "H-BOSS4", "duel": "H-DUEL4",
                         "trap": "H13", "guardian": "H-HOARD5"}[kind]
            chance = f"{format_percent(1 - p)} chance to lose"
        head = "Expected HP loss" if who == "you" else f"Expected HP loss of {who}"
        steps.append(TraceStep("loss", loss_rule, 0,
                               f"{head}: {chance} × {damage} HP = {format_hp(expected_loss)}."))

    return OddsExplanation(kind=kind, probability=p, expected_loss=expected_loss, steps=tuple(steps),
                           level=final_level, bonus=bonus, opponent_bonus=opponent_bonus, wins=wins,
                           outcomes=outcomes, side=side)
