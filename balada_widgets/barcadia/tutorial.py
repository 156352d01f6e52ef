"""The Heroes of Barcadia tutorial: nineteen steps, each an exercise on a real position of the engine.

Pure Python (no Solara import; the kit's lesson player is imported only when
a step is shown). A notebook cell is one line::

    from balada_widgets import barcadia
    barcadia.tutorial.step("boss")          # Step 8 of 19: A Boss played by a player

The lesson follows the GUIDE's standard for tutorials and the step-by-step
plan of ``docs/barcadia-tutorial-plan.md``:

- every step is a short text and an exercise the learner *does* (click rooms
  on the dungeon, type a chance, choose, press *Roll*);
- every answer comes from the engine: the rooms you may enter are the
  engine's legal moves, a chance is :mod:`.odds` applied to the bonuses the
  engine counts (``game.battle_odds``), what happens after a roll is the
  engine's next state. Nothing here re-derives a rule: a *misreading* is the
  same computation with one rule misread (a Drain left out, ties counted as
  losses...), and when the learner's answer is what it gives, the feedback
  names it with its rule (:data:`MISREADINGS`);
- the boards are drawn by :func:`.drawing.dungeon_svg` from the learner's
  view with no target highlighted, so the drawing never marks an answer;
- the kit (:mod:`balada_widgets.kit.lesson`) gives the tiers: first wrong
  answer, the misreading with its rule; second, the hint; third or *Show me*,
  the answer walked through (the odds explained step by step, the moves in
  words).

The players of the tutorial are *you* (player 1), *Ada* (2), *Bo* (3) and
*Cy* (4): their cups carry those numbers on the board. Unless a step says
otherwise you play the Barbarian, whose *Last Gulp* (+2 at 40 HP or less)
stays asleep because you stay above 40 HP.

>>> [s.id for s in STEPS][:5]
['goal', 'build', 'turn', 'enter', 'monster']
>>> ex = lesson().find("monster").parts[0]
>>> ex.check(ex.read("9/20")[0]).ok, ex.check(ex.read("45%")[0]).ok
(True, True)
>>> fb = ex.check(ex.read("3/10")[0])
>>> fb.misreading, fb.rule
('monster-drain-ignored', 'H5, G23')
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Optional

from ..core.errors import InvalidInput
from ..core.feedback import Feedback, Step
from ..kit import svg
from ..kit.lesson import Choose, Lesson, LessonStep, NotebookFace, Number, Pick, Solution, Text
from . import odds
from .board import STANDARD_START
from .effects import roll_bonuses
from .rules import BarcadiaGame
from .state import START, Layout, Move, hex_neighbours, room_name

__all__ = ["MISREADINGS", "Misreading", "STEPS", "ChanceAnswer", "lesson", "parse_chance", "step", "tutorial"]

#: The names of the seats in the tutorial's texts (their cups show 1, 2, 3, 4).
WHO = ("you", "Ada", "Bo", "Cy")


def _who(p: int) -> str:
    return WHO[p] if p < len(WHO) else f"player {p + 1}"


def _Who(p: int) -> str:
    w = _who(p)
    return w[:1].upper() + w[1:]


# ============================================================================ answers: chances and HP


@dataclass(frozen=True)
class ChanceAnswer:
    """A chance as the learner wrote it: ``value`` and how exactly (``digits`` after the point, None: a fraction).

    >>> parse_chance("40.1%").matches(Fraction(153, 382)), parse_chance("40%").matches(Fraction(153, 382))
    (True, True)
    >>> parse_chance("0.4").matches(Fraction(153, 382)), parse_chance("2/5").matches(Fraction(2, 5))
    (False, True)
    """

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


_FRACTION = re.compile(r"^(\d+)\s*/\s*(\d+)$")
_DECIMAL = re.compile(r"^(\d*)(?:[.,](\d+))?\s*(%?)$")


def parse_chance(raw) -> Optional[ChanceAnswer]:
    """A chance from ``"9/20"``, ``"0.45"``, ``"45%"``, ``"45 %"``, ``"about 40.1%"``; None if unreadable.

    >>> parse_chance("9 / 20").value, parse_chance("45 %").value, parse_chance(".45").value
    (Fraction(9, 20), Fraction(9, 20), Fraction(9, 20))
    >>> parse_chance("45") is None, parse_chance("5/4") is None, parse_chance("nine") is None
    (True, True, True)
    """
    if isinstance(raw, Fraction):
        return ChanceAnswer(raw, None, str(raw)) if 0 <= raw <= 1 else None
    if not isinstance(raw, str):
        return None
    t = raw.strip().lower()
    for word in ("about", "approximately", "approx.", "approx", "≈", "~", "="):
        t = t.replace(word, " ")
    t = t.strip().rstrip(".").strip()
    m = _FRACTION.match(t)
    if m:
        num, den = int(m.group(1)), int(m.group(2))
        if den == 0 or num > den:
            return None
        return ChanceAnswer(Fraction(num, den), None, raw.strip())
    m = _DECIMAL.match(t)
    if not m or not (m.group(1) or m.group(2)):
        return None
    whole, dec, pct = m.group(1) or "0", m.group(2) or "", m.group(3)
    value = Fraction(int(whole + dec), 10 ** len(dec))
    digits = len(dec)
    if pct:
        value /= 100
        digits += 2
    elif not dec and value not in (0, 1):
        return None  # "45": a percentage without its sign, or a count
    if not 0 <= value <= 1:
        return None
    return ChanceAnswer(value, digits if (dec or pct) else None, raw.strip())


@dataclass(frozen=True)
class Chance(Text):
    """A chance typed as a fraction or a percentage; an unreadable one is not counted as a try."""

    placeholder: str = "a fraction like 7/10, or a percentage like 70%"

    def read(self, raw):
        if isinstance(raw, ChanceAnswer):
            return raw, None
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            return None, "Type the chance, then press Check."
        got = parse_chance(raw)
        if got is None:
            return None, (f"{str(raw).strip()!r} is not a chance I can read: write a fraction like 7/10, "
                          f"or a percentage like 70% or 40.1%.")
        return got, None


@dataclass(frozen=True)
class Count(Number):
    """A whole number, with or without its unit (``"12"``, ``"12 rooms"``, ``"60 HP"``)."""

    def read(self, raw):
        if isinstance(raw, str):
            raw = re.sub(r"(?<=\d)\s*[^\d\s][^\d]*$", "", raw.strip())
        return super().read(raw)


@dataclass(frozen=True)
class HP(Count):
    """A whole number of HP (``"60"``, ``"60 HP"``)."""

    unit: str = "HP"


# ============================================================================ misreadings


@dataclass(frozen=True)
class Misreading:
    """A way to misread a rule: its id, the step where it is recognised, the rule ids, the message."""

    id: str
    step: str
    rule: str
    message: str


_M = (
    ("goal-not-adjacent", "goal", "H-TURN5", "The claim is made from a room right next to the revealed Hoard; "
                                             "walking there is an action of its own."),
    ("goal-signature-counts", "goal", "H-SIG2, H-PWR3", "A Signature Move works like a Power-Up but does not count "
                                                        "as one: the Guardian asks for three Power-Up cards."),
    ("goal-hp-gate", "goal", "H-OBJ1", "Low HP does not stop a claim: only the three Power-Ups and the place count."),
    ("build-extras-last", "build", "H2", "The rooms that do not share out evenly go to the first builders, "
                                         "not the last."),
    ("build-start-counted", "build", "H-COMP2, H2", "The seven Starting Point hexes are on the table already; "
                                                    "only the other rooms are shared out."),
    ("build-removal", "build", "H2", "Taking 20 rooms out is for 2 or 3 players only."),
    ("build-floating", "build", "H-SET7", "Every new room must share a side with a hex already in the dungeon."),
    ("build-on-room", "build", "H1", "One room per hex: pick an empty one."),
    ("turn-teleport-action", "turn", "H-POR3", "Using a Pourtal is free: it is not your action."),
    ("turn-duel-action", "turn", "H-DUEL6", "A duel comes before your action and is not one."),
    ("turn-trap-action", "turn", "H-FAQ9", "Trap rolls are part of getting into a room, not an action of their own."),
    ("turn-claim-missing", "turn", "H-TURN5", "Claiming the Hoard is the third kind of action, even when you "
                                              "cannot take it yet."),
    ("turn-reveal-far", "turn", "H-TURN3", "You can only flip a room next to the one your cup stands in."),
    ("turn-end-early", "turn", "H4", "A turn needs its one action first."),
    ("turn-dash-unused", "turn", "H-FAQ1", "The Dash you just won is yours at once: play it for a second action "
                                           "before you end the turn."),
    ("turn-reward-twice", "turn", "H-REW3", "A Reward pays once, to whoever revealed it."),
    ("enter-through-hoard", "enter", "H3, H-FAQ5", "The revealed Hoard cannot be entered or crossed until its "
                                                   "Guardian is beaten."),
    ("enter-through-occupied", "enter", "H3", "You cannot step through a room with another cup in it."),
    ("enter-occupied", "enter", "H-ROOM1", "Only one cup per room (START excepted): an occupied room is closed to "
                                           "walking; only a duel gets you in."),
    ("enter-start-free", "enter", "H3, G8", "START is one room: stepping into it is one of your two steps."),
    ("enter-face-down", "enter", "H-TURN4", "Face-down rooms are entered by revealing them, which is the other "
                                            "action."),
    ("enter-start-missing", "enter", "H3, H-START4", "START is always open, whoever stands on it, and it touches "
                                                     "every room around its seven hexes."),
    ("monster-drain-ignored", "monster", "H5, G23", "Your Drain lowers the level too: every level change played in "
                                                    "the window counts."),
    ("monster-one-boost", "monster", "H-LOOT2", "Both Boosts count: any number of cards may be played in a window."),
    ("monster-boosts-ignored", "monster", "H5, G43", "Your opponents' Boosts count: anyone may play battle cards "
                                                     "before the roll."),
    ("monster-bonus-ignored", "monster", "H-PWR2", "Your Power-Up's bonus adds to every Monster roll you make."),
    ("monster-strict", "monster", "H-MON1", "Reaching the level exactly is a win: equal is enough."),
    ("monster-cards-ignored", "monster", "G23", "The level to reach is the printed one changed by every Boost and "
                                                "Drain played."),
    ("monster-rehidden-open", "monster", "H15", "A Monster that won is face down for every rule, even though "
                                                "everyone knows what it is: it must be revealed and fought again."),
    ("monster-window-skips", "monster", "H19", "A window asks everyone who holds a Loot Card, whatever the cards "
                                               "are: being asked gives nothing away, and only an empty hand is "
                                               "passed over."),
    ("team-self", "team", "H-TEAM1", "A teammate is another player."),
    ("team-no-bonus", "team", "H5, G28", "Both teammates' bonuses add to the team's total."),
    ("team-partner-bonus-ignored", "team", "G28", "Your teammate's Power-Up adds to the total too."),
    ("team-own-bonus-ignored", "team", "G28", "Your own Power-Up adds to the total too."),
    ("team-one-die", "team", "H-TEAM1", "Both players roll: the sum of two dice meets the level."),
    ("team-flat", "team", "H5", "Two dice do not make every total equally likely: 21 comes up 20 ways in 400, "
                                "2 and 40 once each."),
    ("redo-loot-kept", "redo", "H-FAQ6, H6", "Redo wipes every card played for the lost attempt, Ada's Mega Boost "
                                             "included."),
    ("redo-powerup-dropped", "redo", "H6", "Redo cancels Loot effects only: your Power-Up still adds to the roll."),
    ("redo-strict", "redo", "H-MON1", "Reaching the level is enough: the die plus your bonus must be at least the "
                                      "level."),
    ("redo-damage-taken", "redo", "H6", "Damage is only drunk when the battle is settled; a Redo comes before "
                                        "that, so the lost attempt costs nothing."),
    ("boss-bossplayer-bonus-ignored", "boss", "H7, H-BOSS3", "The player who plays the Boss adds their own "
                                                             "Boss-battle bonuses to the Boss."),
    ("boss-ties-lose", "boss", "H5, H-BOSS2", "A tie is not a loss: it is rolled again, so only the pairs that "
                                              "decide count."),
    ("boss-level-card", "boss", "H7", "Boost changes a level, and a Boss has none: Ada's Boost does nothing here."),
    ("boss-even", "boss", "H7", "An even fight needs even bonuses: count Ada's Crown and her Courage."),
    ("trap-start", "traps", "H-START5", "START can never be trapped."),
    ("trap-occupied", "traps", "H13, H-TRAP1", "A trap goes only into a room with no cup in it."),
    ("trap-fourth", "traps", "H-TRAP2", "Three traps is the most a room can hold."),
    ("trap-hoard-missing", "traps", "H-TRAP1", "The Hoard may be trapped like any room without a cup."),
    ("trap-must-disarm", "traps", "H-TRAP5", "A failed trap does not stop you: it costs 10 HP and you go on. Only "
                                             "running out of HP stops you."),
    ("trap-one-roll", "traps", "H-TRAP3", "Each trap is rolled for separately."),
    ("trap-strict", "traps", "H13", "A 10 already disarms: 11 of the 20 faces."),
    ("trap-back-out", "traps", "H13, G19", "Once the first trap roll is made, you are committed to this room."),
    ("heal-pre-empt", "heal", "H-FAQ8, H12", "Damage is always drunk first; a heal never stands in for it, and this "
                                             "card is not a battle card."),
    ("heal-own-turn", "heal", "H12", "Thirst Aid is not a card for your own turn: each card names its window, and "
                                     "it is played in that window only."),
    ("heal-hp-limit", "heal", "H9", "Any HP below FULL can be refilled: there is no limit at 50."),
    ("heal-instead-of-drink", "heal", "H-FAQ8, H9", "The heal does not replace drinking: the damage is taken first."),
    ("heal-before-damage", "heal", "H9, G31", "The damage comes first, then the heal: a heal at FULL would be "
                                              "wasted."),
    ("death-drop-signature", "death", "H-SIG3", "A Signature Move can never be lost or dropped."),
    ("death-drop-none", "death", "H-DEATH3", "With Power-Ups in hand, one must be left behind."),
    ("death-keep-two", "death", "H-DEATH4", "Only one Loot Card stays with you."),
    ("death-room-entered", "death", "H10, G33", "You died before getting into the trapped room: the Power-Up stays "
                                                "where your cup stood."),
    ("death-start", "death", "H-DEATH3", "Your cup goes back to START, the Power-Up does not."),
    ("death-deck", "death", "H-DEATH3", "That happens only when you die on START itself."),
    ("fourth-start", "fourth", "H11", "START never receives a placed Power-Up."),
    ("fourth-occupied", "fourth", "H11", "The room must have no cup in it, yours included."),
    ("fourth-hoard", "fourth", "H11", "A revealed Hoard cannot receive it."),
    ("fourth-keep", "fourth", "H-PWR4", "Three is the most you can hold."),
    ("swap-left-behind", "fourth", "H-FAQ2", "A swapped room takes its traps and Power-Ups along."),
    ("pourtal-occupied", "pourtal", "G21, H-DUEL8", "Bo stands there: only a duel through the Pourtal gets you "
                                                    "onto it."),
    ("pourtal-any-room", "pourtal", "H-POR2", "A jump lands on another revealed Pourtal only."),
    ("pourtal-is-action", "pourtal", "H-POR3", "Jumping is free: it is not your action."),
    ("pourtal-twice", "pourtal", "H-POR5", "One Pourtal use per turn."),
    ("duel-ties-lose", "duel", "H-DUEL3", "A tie is rolled again, it is never a loss."),
    ("duel-bonus-ignored", "duel", "H5", "Your Rapier adds to your duel roll."),
    ("duel-swap-dead", "duel", "H10, G33", "The loser drinks before the winner moves in: Ada's HP ran out first, "
                                           "and a hero with no HP left takes nobody's place."),
    ("duel-no-move", "duel", "H-DUEL5", "The winner of a duel they started takes the other's room."),
    ("duel-pourtal-free", "duel", "G22", "A duel through a Pourtal is this turn's Pourtal use."),
    ("duel-twice", "duel", "H-DUEL7", "One duel a turn."),
    ("duel-is-action", "duel", "H-DUEL6", "A duel is not an action: your action is still to come."),
    ("stranded-room-left", "stranded", "H14", "A face-down room still touches the rooms you can walk to: you can "
                                              "reveal it."),
    ("stranded-card-left", "stranded", "H14, P16", "Your Retreat card gets you out: play it."),
    ("stranded-through-hoard", "stranded", "H-FAQ5", "Nobody crosses the Hoard without beating the Guardian."),
    ("hoard-fight-anyway", "hoard", "H-HOARD1", "Only a hero with three Power-Ups fights the Guardian."),
    ("hoard-dash", "hoard", "H4, G17", "Revealing the Hoard too early ends the turn outright: no Dash, no jump."),
    ("hoard-hidden", "hoard", "H-HOARD3", "Once revealed, the Hoard stays face up."),
    ("gdg-bonus", "hoard", "H8, H-HOARD4", "No Power-Up helps against the Guardian: it is a plain roll."),
    ("gdg-bonus-and-card", "hoard", "H8", "Cards do not help either: no bonus of any kind."),
    ("gdg-reroll", "hoard", "H8, G41", "No reroll and no Redo against the Guardian."),
    ("gdg-trap-blocks", "hoard", "H-TRAP5, H8", "A failed trap costs 10 HP and you go on; it does not stop the claim."),
    ("gdg-strict", "hoard", "H-HOARD2", "A 15 is enough."),
    ("crit-wins", "variants", "H17, H5", "A natural 20 never changes a result: the total is still short of the "
                                         "level."),
    ("crit-off", "variants", "H17", "With Crits on, every 1 and 20 rolled hands out a card."),
    ("crit-damage", "variants", "H17", "A 1 costs a Loot Card, not HP."),
    ("frenzy-guardian", "variants", "H-EXP7, H-EXP10", "In Frenzy the game ends when no room is face down; the "
                                                       "Guardian only gives Power-Ups."),
    ("frenzy-tiebreak", "variants", "H17", "Tied leaders share the win."),
    ("ptrap-damage", "variants", "H-EXP5", "A failed try at a Power Trap costs nothing: no HP, no card."),
    ("ptrap-lost", "variants", "H-EXP5", "The Power-Up stays yours, only blocked, until a try succeeds."),
    ("ptrap-again", "variants", "G47", "One try per trapped Power-Up per turn of yours."),
    ("diy-over-budget", "diy", "H-LOOT6", "A card may cost at most 3: drop an effect or take a smaller amount."),
    ("diy-wrong-window", "diy", "G43", "That effect cannot be played in that window."),
    ("diy-verb-twice", "diy", "H-LOOT6", "Each effect at most once on a card: one amount per effect."),
    ("diy-no-heal", "diy", "H9", "A valid card, but the task asks for healing."),
    ("diy-wrong-moment", "diy", "H12", "A valid card, but the task asks for a card played between turns."),
)

#: Every misreading the checks recognise, by id (the docs' table lists them).
MISREADINGS: dict[str, Misreading] = {m[0]: Misreading(*m) for m in _M}


def _ruled(text: str, rule: Optional[str]) -> str:
    if not rule:
        return text
    return f"{text} ({'rules' if ',' in rule else 'rule'} {rule})"


def _mis(mid: str, lead: str = "") -> Feedback:
    """The feedback naming misreading ``mid`` with its rule (never the answer)."""
    m = MISREADINGS[mid]
    return Feedback(False, _ruled((lead + " " if lead else "") + m.message, m.rule), m.rule, misreading=mid)


def _right(text: str, rule: Optional[str] = None, expected=None) -> Feedback:
    return Feedback(True, f"Right: {text}", rule, expected=expected)


def _no(text: str, rule: Optional[str] = None) -> Feedback:
    """A wrong answer no misreading explains (the kit names the step's rules when ``rule`` is None)."""
    return Feedback(False, _ruled(text, rule) if rule else text, rule)


def _pct(p: Fraction) -> str:
    return odds.format_percent(p)


def _chance_words(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator} ({_pct(p)})" if p not in (0, 1) else str(p)


def _chance_check(right: Fraction, misreadings: list, why: str) -> Callable[[Any], Feedback]:
    """A check of a typed chance: ``right`` first, then each ``(id, value)`` misreading in order."""

    def check(ans) -> Feedback:
        if not isinstance(ans, ChanceAnswer):
            ans = parse_chance(ans)
            if ans is None:
                return _no("Write the chance as a fraction like 7/10 or a percentage like 70%.")
        if ans.matches(right):
            return _right(f"{_chance_words(right)}. {why}", expected=right)
        for mid, value in misreadings:
            if ans.matches(value):
                return _mis(mid)
        return _no("That is not the chance of this roll.")

    return check


def _choice_check(right, misreadings: dict, why: str, wrong: str = "Not that one.",
                  missing_first: bool = False) -> Callable[[Any], Feedback]:
    """A check of one option (or a frozenset of options): ``misreadings`` maps a wrong option to its id.

    For a set: the first wrong option picked names its misreading, then the first right option left out
    (``misreadings`` keyed ``("missing", option)``); ``missing_first`` puts the second kind first.
    """

    def check(ans) -> Feedback:
        if ans == right:
            return _right(why, expected=right)
        if isinstance(right, frozenset):
            ans = frozenset(ans)
            extra = [misreadings[o] for o in sorted(ans - right, key=str) if o in misreadings]
            missing = [misreadings[("missing", o)] for o in sorted(right - ans, key=str) if ("missing", o) in misreadings]
            for mid in (missing + extra if missing_first else extra + missing):
                return _mis(mid)
            if ans - right:
                return _no("At least one of those is not right.")
            return _no("There is more than that.")
        if ans in misreadings:
            return _mis(misreadings[ans])
        return _no(wrong)

    return check


# ============================================================================ positions


def _distance(h) -> int:
    q, r = h
    return (abs(q) + abs(r) + abs(q + r)) // 2


def _layout(hexes, n: int, clear=(), start=STANDARD_START) -> Layout:
    """Rooms ``r1..`` on ``hexes``, padded to ``n`` rooms with face-down rooms close to START.

    A padding room always touches the dungeon built so far, and never touches a hex of ``clear``
    (the exercise's rooms whose neighbours must stay as they are).
    """
    placed = set(start) | set(map(tuple, hexes))
    keep = {tuple(h) for h in clear}
    blocked = keep | {nb for h in keep for nb in hex_neighbours(h)}
    out = [tuple(h) for h in hexes]
    while len(out) < n:
        frontier = {nb for h in placed for nb in hex_neighbours(h)} - placed - blocked
        if not frontier:
            raise InvalidInput("no room left to pad the tutorial's dungeon")  # pragma: no cover
        h = min(frontier, key=lambda x: (_distance(x), math.atan2(x[1] * 1.5, (x[0] + x[1] / 2) * 1.732)))
        out.append(h)
        placed.add(h)
    return Layout(tuple(start), tuple(out))


def _position(game, hexes, rooms, players, clear=(), **kw):
    """A position on ``hexes`` (rooms r1.. in that order, padded): ``rooms``/``players`` as for ``game.position``."""
    return game.position(layout=_layout(hexes, game.n_rooms, clear), rooms=rooms, players=players, **kw)


class Fate:
    """Scripted chance for a step: dice, room identities, cards drawn, Power-Ups gained, in the order given.

    Beyond the script, a die is never rolled (:meth:`settle` stops there) and
    any other chance move takes the engine's first outcome. Pure and
    replayable: :meth:`settle` never changes the script.
    """

    def __init__(self, rolls=(), rooms=(), draws=(), powers=()):
        self.rolls, self.rooms, self.draws, self.powers = tuple(rolls), tuple(rooms), tuple(draws), tuple(powers)

    def settle(self, game, state, used=None):
        """Play chance's moves until a player decides or the game is over; ``used`` counts what was consumed."""
        used = used if used is not None else {"roll": 0, "room": 0, "draw": 0, "power": 0}
        for _ in range(200):
            if not game.is_chance(state):
                return state, used
            outs = game.legal_moves(state)
            verb = outs[0].verb
            script = {"roll": self.rolls, "room": self.rooms, "draw": self.draws, "power": self.powers}.get(verb, ())
            k = used.get(verb, 0)
            if verb == "roll" and k >= len(script):
                return state, used  # dice are rolled by the script or by the learner, never by surprise
            move = outs[0]
            if k < len(script):
                want = script[k]
                for m in outs:
                    if m.args[-1] == want:
                        move = m
                        break
                used[verb] = k + 1
            state = game.apply(state, move)
        raise RuntimeError("the tutorial's chance script did not come to rest")  # pragma: no cover


def _play(game, state, moves, fate: Optional[Fate] = None, used=None):
    """Apply the moves (texts or Moves), chance settled by ``fate`` after each one."""
    fate = fate or Fate()
    used = used if used is not None else {}
    for m in moves:
        m = m if isinstance(m, Move) else game.parse_move(m)
        if m.player is not None or (game.is_chance(state) and game.legal_moves(state)[0].verb != m.verb):
            state, used = fate.settle(game, state, used)  # chance first settles what it must (never a die)
        state, used = _passes_until(game, state, m, fate, used)
        state = game.apply(state, m)
    return fate.settle(game, state, used)[0]


def _passes_until(game, state, m, fate, used):
    """The passes a script leaves out: while a window is open and ``m`` is not a move of it, whoever is asked
    passes (before a die: until the window closes; H19: everyone asked passes before the roll)."""
    for _ in range(50):
        top = state.top
        if (game.is_chance(state) or top is None or top.kind != "window"
                or (m.player is not None and m in game.legal_moves(state))):
            return state, used
        state, used = fate.settle(game, game.apply(state, Move(game.to_move(state)[0], "pass", ())), used)
    raise RuntimeError("the tutorial's window did not close")  # pragma: no cover


# ============================================================================ drawing


def _board(game, state, selected=(), *, viewer: int = 0, dice=(), fight=None, slots=(), caption: str = "",
           label: str = "") -> str:
    """The dungeon as the learner sees it (their view), nothing highlighted; ``selected`` drawn chosen.

    ``slots``: empty hexes to draw clickable (building); they are drawn all alike, so the drawing does
    not tell the hexes where a room may go from the others.
    """
    from .drawing import dungeon_svg

    view = game.view(state, viewer)
    markup = dungeon_svg(game, view, viewer=viewer, selected=selected, targets=slots, dice=dice, fight=fight,
                         label=label)
    if slots:  # every empty hex alike: no "target" look, no "build here" promise in its label
        markup = markup.replace('class="slot target', 'class="slot').replace(": build a room here", "")
    if caption:
        markup = _with_caption(markup, caption)
    return markup


def _with_caption(markup: str, caption: str) -> str:
    """``caption`` in a band above the drawing (an engine's refusal, what a roll did)."""
    width, height = _size(markup)
    band = svg.group([svg.rect(8, -30, width - 16, 24, rx=8, fill="#fff4d6", stroke="#e0b44a"),
                      svg.text(width / 2, -13, caption, text_anchor="middle", font_size=12.5, fill="#5a4300")],
                     class_="bw-bc-caption", role="status")
    markup = markup.replace(f'viewBox="0 0 {width:g} {height:g}"', f'viewBox="0 -34 {width:g} {height + 34:g}"', 1)
    return markup[: markup.rindex("</svg>")] + band + "</svg>"


def _size(markup: str) -> tuple:
    """(width, height) of a drawing from its root's ``viewBox``."""
    m = re.search(r'viewBox="(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+)"', markup)
    return (float(m.group(3)), float(m.group(4))) if m else (520.0, 400.0)


def _css():
    from .drawing import CSS

    return CSS + "\n.bw-bc .slot .tile { fill: #f7f1e3; stroke: #c9bb98; stroke-dasharray: 3 3; }"


def _defs():
    from .drawing import DEFS

    return DEFS


def _pick(prompt, check, draw, **kw) -> Pick:
    return Pick(prompt, check, draw=draw, css=_css(), defs=_defs(), **kw)


def _words(game, state, m, viewer=0) -> str:
    return game.describe_move(state, m if isinstance(m, Move) else game.parse_move(m), viewer)


def _trace_of(lines):
    from ..core.trace import Trace

    t = Trace()
    for where, rule, text in lines:
        t.add(where, rule, 0, text)
    return t


# ============================================================================ the steps: static description

STEPS = [
    Step("goal", "The quest: three Power-Ups, then the Guardian",
         ("H-OBJ1", "H-OBJ2", "H-OBJ3", "H-COMP1", "H-SET2", "H-START1", "H-PWR1", "H-PWR3", "H-SIG1",
          "H-SIG2", "H-FAQ11", "H18", "P20"), "click the heroes who may claim the Hoard"),
    Step("build", "Building the dungeon face down",
         ("H1", "H2", "H-COMP2", "H-SET1", "H-SET3", "H-SET4", "H-SET5", "H-SET6", "H-SET7", "H-SET8", "H-SET9",
          "G1", "G2", "G3", "G4", "G5", "G50", "P1"), "count your rooms; place one"),
    Step("turn", "Your turn: one action (and a Dash)",
         ("H4", "H-TURN1", "H-TURN2", "H-TURN3", "H-TURN6", "H-TURN9", "H-REW1", "H-REW2", "H-REW3", "H-REW4",
          "H-POR1", "H-LOOT1", "H-LOOT3", "H-LOOT7", "H-FAQ1", "G12", "G13", "G14", "G16", "G45", "P6", "P7"),
         "tell actions from free moves; play a turn with a Dash"),
    Step("enter", "Which rooms can you enter?",
         ("H3", "H-TURN4", "H-ROOM1", "H-START2", "H-START4", "H-FAQ3", "H-FAQ5", "G6", "G7", "G8", "G9", "G10",
          "G11", "P2"), "click every room your cup could end in"),
    Step("monster", "A Monster, a Boost and a Drain",
         ("H5", "H12", "H15", "H-MON1", "H-MON2", "H-MON3", "H-MON4", "H-MON5", "H-LOOT2", "H-PWR2", "G15", "G23",
          "G24", "G43", "G44", "H19", "P3", "P4"), "the chance against a boosted and drained Monster; roll; who "
                                                   "is asked in a window"),
    Step("team", "A team battle: two dice",
         ("H-TEAM1", "H-TEAM2", "H-TEAM3", "H-TEAM4", "G28", "G29", "P9"), "choose a teammate; the chance; roll"),
    Step("redo", "Redo: the attempt that never happened", ("H6", "H-FAQ6", "G25", "P11"),
         "the smallest winning die after a Redo; your HP"),
    Step("boss", "A Boss played by a player",
         ("H7", "H-BOSS1", "H-BOSS2", "H-BOSS3", "H-BOSS4", "H-BOSS5", "H-BOSS6", "G26", "G27", "P5", "P10"),
         "the exact chance against a Boss; roll"),
    Step("traps", "Traps: place one, roll for them",
         ("H13", "H-TRAP1", "H-TRAP2", "H-TRAP3", "H-TRAP4", "H-TRAP5", "H-TRAP6", "H-START5", "H-FAQ9", "G19",
          "G51"), "where a trap may go; the chance to survive two; roll"),
    Step("heal", "Drinking first, Thirst Aid after",
         ("H9", "H12", "H-DEATH1", "H-SAFE1", "H-TURN7", "H-TURN8", "H-FAQ8", "G30", "G31", "P12"),
         "when Thirst Aid is played; your HP after"),
    Step("death", "Dying and coming back",
         ("H10", "H-DEATH2", "H-DEATH3", "H-DEATH4", "H-DEATH5", "H-SIG3", "H-LOOT4", "G32", "G33", "G34", "G35",
          "P14"), "what to leave, what to keep; where the Power-Up lies"),
    Step("fourth", "The fourth Power-Up",
         ("H11", "H-PWR4", "H-PWR5", "H-START3", "H-FAQ2", "G36", "G37", "G38", "G39", "G52", "P13"),
         "place a fourth Power-Up; follow a Room Swap"),
    Step("pourtal", "Magic Pourtals",
         ("H-POR2", "H-POR3", "H-POR4", "H-POR5", "H-POR6", "H-START6", "G20", "G21"),
         "where you may jump; what a jump costs"),
    Step("duel", "Duels, also through a Pourtal",
         ("H-DUEL1", "H-DUEL2", "H-DUEL3", "H-DUEL4", "H-DUEL5", "H-DUEL6", "H-DUEL7", "H-DUEL8", "H-FAQ4", "G22",
          "G33"), "the chance of a duel; a duel through a Pourtal"),
    Step("stranded", "Stranded behind the Hoard", ("H14", "H-FAQ10", "G18", "G40", "P16"),
         "when going back to START is your action"),
    Step("hoard", "The Drink Hoard and the Guardian",
         ("H8", "H-TURN5", "H-HOARD1", "H-HOARD2", "H-HOARD3", "H-HOARD4", "H-HOARD5", "H-HOARD6", "H-HOARD7",
          "G17", "G41", "G42"), "revealing the Hoard too early; the chance against the Guardian; roll"),
    Step("variants", "Variants for experienced players",
         ("H17", "H-EXP1", "H-EXP2", "H-EXP3", "H-EXP4", "H-EXP5", "H-EXP6", "H-EXP7", "H-EXP8", "H-EXP9", "H-EXP10",
          "H-EXP11", "G46", "G47", "G48", "G49", "P8", "P15", "P17"), "Crits, Frenzy and Power Traps"),
    Step("diy", "Design your own Loot Card", ("H-LOOT5", "H-LOOT6", "H-FAQ7"), "compose a between-turns healing card"),
    Step("play", "A short game against a bot", ("H16", "G53", "P18", "P19"), "play a game to the end"),
]


def _rules(step_id: str) -> tuple:
    return next(s.rules for s in STEPS if s.id == step_id)


def _title(step_id: str) -> str:
    return next(s.title for s in STEPS if s.id == step_id)


# ============================================================================ small shared pieces


def _outcome(game, before, after, viewer: int = 0) -> str:
    """What changed from ``before`` to ``after``, in words: HP, cups, rooms, cards, Power-Ups."""
    out = []
    for p, (a, b) in enumerate(zip(before.players, after.players)):
        if b.at != a.at:
            out.append(f"{_Who(p)} {'go' if p == 0 else 'goes'} to "
                       f"{'START' if b.at == START else room_name(b.at)}")
        if b.hp != a.hp:
            verb = ("drink" if p == 0 else "drinks") if b.hp < a.hp else ("refill" if p == 0 else "refills")
            out.append(f"{_Who(p)} {verb} {abs(a.hp - b.hp)} (HP {a.hp} → {b.hp})")
        if len(b.hand) > len(a.hand):
            k = len(b.hand) - len(a.hand)
            out.append(f"{_Who(p)} {'draw' if p == 0 else 'draws'} {k} Loot Card{'s' if k > 1 else ''}")
        gained = sorted(set(b.powerups) - set(a.powerups))
        if gained:
            names = ", ".join(game.content.powerups[x].name for x in gained)
            out.append(f"{_Who(p)} {'take' if p == 0 else 'takes'} {names}")
    for i in range(1, len(after.rooms)):
        ra, rb = before.rooms[i], after.rooms[i]
        if ra.up and not rb.up:
            out.append(f"{room_name(i)} turns face down again (everyone remembers what it is)")
        elif rb.up and not ra.up:
            card = game.content.rooms.get(rb.card)
            out.append(f"{room_name(i)} is face up: {card.name if card else 'a room'}")
    if after.phase == "over" and before.phase != "over":
        out.append("the game is over: " + ", ".join(_who(p) for p in after.winners) + " won")
    if not out:
        return "Nothing changes."
    text = "; ".join(x if k == 0 else re.sub(r"^You\b", "you", x) for k, x in enumerate(out))
    return text[:1].upper() + text[1:] + "."


def _roll_part(prompt: str, game, before, after, dice, why: str = "", buttons=(("roll", "Roll the die"),)) -> Pick:
    """*Roll*: the board before, and after the press the engine's next state with the dice shown."""
    ids = tuple(b[0] for b in buttons)

    def draw(sel):
        if tuple(sel[-len(ids):]) == ids if sel else False:
            return _board(game, after, dice=dice, caption="Rolled: " + ", ".join(f"{_who(p)} {v}" for p, v in dice))
        return _board(game, before, fight=-1)

    words = _outcome(game, before, after)
    rolled = ", ".join(f"{_Who(p) if k == 0 else _who(p)} {'roll' if p == 0 else 'rolls'} {v}"
                       for k, (p, v) in enumerate(dice))

    def check(seq):
        if tuple(seq[-len(ids):]) == ids:
            return _right(f"{rolled}. {words} {why}".strip())
        return _no("Press the button" + ("s in order" if len(ids) > 1 else "") + " under the board.")

    return _pick(prompt, check, draw, mode="sequence", buttons=tuple(buttons),
                 solution=Solution(f"{rolled}", f"{words} {why}".strip(), picks=ids), label="the dungeon",
                 hint="Press the button under the board.")


def _yes_no(prompt, right: bool, wrong_id: str, why: str, hint: str) -> Choose:
    return Choose(prompt, _choice_check(right, {not right: wrong_id}, why), options=((True, "Yes"), (False, "No")),
                  hint=hint, solution=Solution("Yes" if right else "No", why))


def _odds_solution(p: Fraction, explanation, extra: str = "") -> Solution:
    text = explanation.text() if explanation is not None else ""
    return Solution(_chance_words(p), (text.replace("\n", "  \n") + ("\n\n" + extra if extra else "")).strip(),
                    trace=explanation.trace if explanation is not None else None, where_label="what")


# ============================================================================ 1. goal


@lru_cache(maxsize=None)
def _goal():
    g = BarcadiaGame(players=4)
    hexes = [(3, -1), (2, 0), (3, 1), (2, -1), (3, 0)]
    rooms = {1: "drink-hoard", 2: "mini-fizzicorn", 3: "bubble-goblin", 4: "kettle-imp", 5: "puddle-pup"}
    players = {0: {"at": 2, "hp": 60, "powerups": ["fizzing-gauntlets", "crown-of-froth", "bubble-boots"],
                   "hand": ["dash"]},
               1: {"at": 3, "hp": 90, "powerups": ["friendship-flask", "stir-stick-rapier", "coaster-shield"],
                   "hand": ["redo"]},
               2: {"at": 4, "hp": 100, "powerups": ["dowsing-straw", "lucky-bottle-cap"], "hand": ["trap"]},
               3: {"at": 5, "hp": 10, "powerups": ["periscope-straw", "bottomless-satchel", "magnet-mitts"],
                   "hand": ["peek"]}}
    s = _position(g, hexes, rooms, players)
    claim = {p: Move(p, "claim", ()) in g.legal_moves(replace(s, active=p)) for p in range(4)}
    hoard = 1
    need = g.content.guardian.power_ups
    return g, s, claim, hoard, need


def _step_goal() -> LessonStep:
    g, s, claim, hoard, need = _goal()
    room_of = {p: room_name(s.players[p].at) for p in range(4)}
    right = frozenset(room_of[p] for p in range(4) if claim[p])
    near = set(s.layout.neighbours(hoard))
    mis = {}
    for p in range(4):
        pl = s.players[p]
        if claim[p] and pl.hp <= 50:
            mis[("missing", room_of[p])] = "goal-hp-gate"
        elif not claim[p] and len(pl.powerups) >= need:
            mis[room_of[p]] = "goal-not-adjacent"
        elif not claim[p] and pl.at in near:
            mis[room_of[p]] = "goal-signature-counts"
    names = " and ".join(_who(p) for p in range(4) if claim[p])

    def line(p):
        pl = s.players[p]
        ch = g.character(p)
        bits = [f"{len(pl.powerups)} Power-Up{'s' if len(pl.powerups) != 1 else ''} (plus {ch.signature}, "
                f"the {ch.cls}'s Signature Move)",
                "next to the Hoard" if pl.at in near else "not next to the Hoard", f"{pl.hp} HP"]
        return f"- **{_Who(p)}** (cup {p + 1}, {room_of[p]}): " + ", ".join(bits) + \
               (": may claim." if claim[p] else ": may not claim yet.")

    explanation = "\n".join(line(p) for p in range(4)) + (
        "\n\nThe box's Sword of Revealment only lifts tiles and marks whose turn it is (H-FAQ11); here the ring "
        "around a cup marks the player to move.")
    text = (
        "Every hero carries a cup of **HP**: any drink works, water is fine, or just the number on screen; a "
        "full cup is **100**. All cups start on the **Starting Point** (START), seven hexes that count as one "
        "room. Around it the dungeon is built face down, and one of its rooms is the **Drink Hoard**, kept by "
        "the Grand Drink Guardian.\n\n"
        "You win by holding **three Power-Ups** and then beating the Guardian from a room right next to the "
        "revealed Hoard. Power-Ups are won from Monsters, Bosses and Reward rooms and lie face up in front of "
        "you. Your character's **Signature Move** is yours from the start (seat 1 plays the game's first "
        "character, seat 2 the second...), but it is *not* a Power-Up. If your HP runs out you go back to START "
        "and fight on.\n\n"
        "Four heroes are on this board; the Hoard is **r1**. " + " ".join(
            f"{_Who(p)} (cup {p + 1}) hold{'s' if p else ''} {len(s.players[p].powerups)} Power-Ups."
            for p in range(4)))
    ex = _pick("Click the room of **every hero who may take the action *Claim the Drink Hoard*** right now.",
               _choice_check(right, mis, f"{names}: three Power-Ups, the Hoard face up, and a room right next "
                                         f"to it. HP does not matter."),
               lambda sel: _board(g, s, sel), mode="set", label="a dungeon with four heroes",
               hint="Three conditions, all at once: the Hoard face up, the hero in a room next to it, three "
                    "Power-Up cards.",
               solution=Solution(names, explanation, picks=tuple(sorted(right))))
    return LessonStep("goal", _title("goal"), _rules("goal"), text, ex)


# ============================================================================ 2. build


@lru_cache(maxsize=None)
def _build():
    def shares(**kw):
        g = BarcadiaGame(players=4, build="play", **kw)
        st = g.initial_state()
        return g, st, next(f for f in st.stack if f.kind == "build").left

    g, st, left = shares()
    _, _, left_removed = shares(removal=True)
    # part (b): eight rooms built, two each, clockwise; player 1 builds next
    for h in [(2, 0), (1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2), (2, -1), (3, -1)]:
        st = g.apply(st, next(m for m in g.legal_moves(st) if m.args == h))
    legal = frozenset(m.args for m in g.legal_moves(st))
    placed = set(st.layout.where)
    slots = sorted(h for h in {(q, r) for q in range(-5, 6) for r in range(-5, 6)}
                   if _distance(h) <= 4 and h not in placed)
    return g, st, left, left_removed, legal, slots


def _step_build() -> LessonStep:
    from .drawing import hex_id, parse_id

    g, st, left, left_removed, legal, slots = _build()
    n = len(left)
    seat = n - 1
    right = left[seat]
    total = sum(left)
    start_hexes = len(st.layout.start)
    base, extra = divmod(total + start_hexes, n)
    counted_start = base + (1 if seat < extra else 0)
    mis = [("build-extras-last", tuple(reversed(left))[seat]), ("build-start-counted", counted_start),
           ("build-removal", left_removed[seat]), ("build-removal", tuple(reversed(left_removed))[seat])]

    def check_count(k):
        if k == right:
            return _right(f"{right} rooms. {total} rooms shared by {n} builders: "
                          + ", ".join(map(str, left)) + " in seat order; the first builders take the extras.",
                          "H2", expected=right)
        for mid, v in mis:
            if k == v:
                return _mis(mid)
        return _no(f"Not {k}.")

    a = Count(f"Four players build the dungeon; you sit in **seat {n}**. How many rooms will you place?",
               check_count, unit="rooms", hint=f"Share {total} rooms out as evenly as you can, and look at who "
                                               f"comes first.",
               solution=Solution(f"{right} rooms", f"{total} = {n} × {total // n} + {total % n}: seats 1 to "
                                                   f"{total % n} place one more each: " + ", ".join(map(str, left))
                                 + ". Only 2 or 3 players take 20 rooms out first (H2)."))
    right_ids = frozenset(hex_id(h) for h in legal)
    hex_ids = {hex_id(h) for h in slots}

    def check_place(id_):
        if id_ in right_ids:
            return _right("That hex shares a side with the dungeon: the room goes there, face down, and nobody "
                          "knows yet what it is.", "H-SET7")
        if id_ in hex_ids:
            return _mis("build-floating")
        if parse_id(id_) and parse_id(id_)[0] == "room":
            return _mis("build-on-room")
        return _no("Click an empty hex.")

    b = _pick("Eight rooms are placed, two by each player, clockwise. It is your turn to build: **click an empty "
              "hex for your room.**", check_place,
              lambda sel: _board(g, st, sel, slots=slots), mode="one", label="the dungeon being built",
              hint="Follow the edges: a new room must share a whole side with START or a placed room.",
              solution=Solution("any empty hex touching START or a placed room",
                                "Every hex framed here shares a side with the dungeon. When all rooms are placed, "
                                "everyone draws three Loot Cards and rolls a d20: the highest roll begins, and a "
                                "tie among the highest rolls again (G50).",
                                picks=tuple(sorted(right_ids))))
    text = (
        "The seven hexes of START are one room. The other **50 rooms** (the Hoard among them) are shuffled face "
        "down and shared out as evenly as possible; then the players place them one at a time, clockwise, each "
        "room touching a hex already placed, without ever looking at them. Nobody knows what a room is until "
        "someone reveals it. With **2 or 3 players** the game first takes out 20 rooms (2 Pourtals, 4 Rewards, "
        "4 Bosses, 10 single Monsters; never the Hoard), so the dungeon is smaller and each fight weighs more.\n\n"
        "Then everyone draws three Loot Cards, and the highest d20 roll plays first.")
    return LessonStep("build", _title("build"), _rules("build"), text, (a, b))


# ============================================================================ 3. turn


@lru_cache(maxsize=None)
def _turn_kinds():
    """Which kinds of move spend the turn's action: each tried on one position, judged by the engine's count."""
    g = BarcadiaGame(players=2)
    hexes = [(2, 0), (3, -1), (2, 1), (3, 0), (2, -1), (-2, 0)]
    rooms = {1: "fizzing-pourtal", 2: "drink-hoard", 3: "puddle-pup", 4: {"traps": 1}, 5: "kettle-imp",
             6: "bubble-pourtal"}
    s = _position(g, hexes, rooms, {0: {"at": 1, "powerups": ["fizzing-gauntlets", "crown-of-froth",
                                                                "coaster-shield"]},
                                     1: {"at": 5}})
    tries = {"reveal": Move(0, "reveal", (4,)), "enter": Move(0, "enter", (3,)), "claim": Move(0, "claim", ()),
             "teleport": Move(0, "teleport", (6,)), "duel": Move(0, "duel", (5, 0))}
    spends = {}
    for kind, m in tries.items():
        assert m in g.legal_moves(s), m
        spends[kind] = g.apply(s, m).acted > s.acted
    t = g.apply(s, tries["reveal"])  # the trap of r4 is rolled next: does the roll spend anything more?
    spends["trap"] = g.apply(t, Move(None, "roll", (0, 15))).acted > t.acted
    return spends


TURN_KINDS = (("reveal", "Reveal & Enter a room"), ("enter", "Enter revealed rooms"),
              ("claim", "Claim the Drink Hoard"), ("teleport", "Jump through a Pourtal"),
              ("duel", "Duel a neighbour"), ("trap", "Roll to disarm a trap"))


@lru_cache(maxsize=None)
def _turn_play():
    g = BarcadiaGame(players=2)
    s = _position(g, [], {}, {0: {"hand": ["thirst-aid"]}}, turn=1)
    fate = Fate(rooms=("snack-stash", "fizzing-pourtal", "puddle-pup"), draws=("dash",))
    # part (c): a Reward already paid, Ada steps in
    s2 = _position(g, [(2, 0)], {1: "snack-stash"}, {0: {"at": 0}, 1: {"at": 0}}, active=1)
    after = g.apply(s2, Move(1, "enter", (1,)))
    got = len(after.players[1].hand) - len(s2.players[1].hand)
    return g, s, fate, s2, got, g.content.rooms["snack-stash"].loot


def _turn_replay(sel):
    """The learner's clicks played on the engine: ``(state, actions taken, refusal or None, last words)``."""
    from .drawing import parse_id

    g, s, fate, *_ = _turn_play()
    used: dict = {}
    state, used = fate.settle(g, s, used)
    taken, words = 0, ""
    for id_ in sel:
        if id_ == "dash":
            m = Move(0, "play", ("dash",))
        elif id_ == "end":
            m = Move(0, "end", ())
        else:
            pid = parse_id(id_)
            if not pid or pid[0] != "room":
                continue
            i = pid[1]
            m = Move(0, "enter" if (i == START or state.rooms[i].up) else "reveal", (i,))
        if m not in g.legal_moves(state, 0) or g.to_move(state) != (0,):
            rule, why = g.why_illegal(state, m)
            return state, taken, (m, rule, why), words
        words = _words(g, state, m)
        before = state
        state = g.apply(state, m)
        state, used = fate.settle(g, state, used)
        if m.verb == "end":  # the between-turns window: everyone asked passes (H19)
            state, used = _passes_until(g, state, Move(None, "roll", ()), fate, used)
        if m.verb in ("reveal", "enter", "claim", "home"):
            if state.active == 0 and state.in_turn:
                taken += state.acted - before.acted
            else:  # the turn ended with this action (the Hoard revealed too early, a death)
                taken += 1 if m.verb != "enter" or before.steps == 0 else 0
        if m.verb in ("reveal",):
            words = _outcome(g, before, state).rstrip(".")
    return state, taken, None, words


def _step_turn() -> LessonStep:
    spends = _turn_kinds()
    right = frozenset(k for k, v in spends.items() if v)
    a = Choose("Which of these are **your turn's action**? (choose every one that is)",
               _choice_check(right, {"teleport": "turn-teleport-action", "duel": "turn-duel-action",
                                     "trap": "turn-trap-action", ("missing", "claim"): "turn-claim-missing"},
                             "the three actions are Reveal & Enter, Enter revealed rooms and Claim the Hoard; a "
                             "Pourtal jump, a duel and trap rolls come free."),
               options=TURN_KINDS, many=True,
               hint="An action moves your cup by one of the three kinds of the rules; the rest are extras.",
               solution=Solution(", ".join(w for k, w in TURN_KINDS if k in right),
                                 "Each move was tried on the engine: " + "; ".join(
                                     f"{w}: {'spends the action' if spends[k] else 'free'}" for k, w in TURN_KINDS)
                                 + "."))
    g, s, fate, s2, got, pays = _turn_play()

    def draw(sel):
        state, taken, refusal, words = _turn_replay(sel)
        hand = ", ".join(g.content.loot[c].name for c in state.players[0].hand) or "nothing"
        if refusal:
            cap = f"{refusal[2]} (rule {refusal[1]})"
        elif state.active != 0:
            cap = "Your turn is over."
        else:
            cap = (words + " · " if words else "") + f"your hand: {hand}"
        return _board(g, state, caption=cap)

    def check(seq):
        state, taken, refusal, _ = _turn_replay(seq)
        if refusal:
            m, rule, why = refusal
            if m.verb == "reveal" and rule == "H-TURN3":
                return _mis("turn-reveal-far")
            if m.verb == "end" and rule == "H4":
                return _mis("turn-end-early")
            return _no(f"The engine refuses: {why}.", rule)
        if state.active == 0:
            return _no("Play on until your turn is over: press End turn when you are done.")
        if "dash" not in seq:
            return _mis("turn-dash-unused")
        return _right("you revealed a Reward and drew its card at once, played the Dash you had just won, and took "
                      "a second action: a Pourtal, which you simply enter.", "H-FAQ1")

    canon = ("r1", "dash", _turn_second_room(), "end")
    b = _pick("Your first turn: you stand on START and hold a Thirst Aid. **Play your turn**: click a face-down "
              "room to reveal it, use what you get, and press *End turn* when you are done.", check, draw,
              mode="sequence", buttons=(("dash", "Play Dash"), ("end", "End turn")), label="the dungeon",
              hint="A card you just won is yours to use right away.",
              solution=lambda: _turn_solution(canon))
    c = Count("Next turn **Ada** walks into the Reward room you revealed (it is empty now). How many Loot Cards "
               "does she get from it?",
               lambda k: (_right(f"{got}: a Reward pays once, to whoever reveals it; afterwards it is an open room.",
                                 "H-REW3") if k == got else _mis("turn-reward-twice") if k == pays else
                          _no(f"Not {k}.")),
               unit="cards", hint="A Reward stays face up after it has paid.",
               solution=Solution(str(got), "The Reward gave its card to you, the player who revealed it; it stays "
                                           "face up as an ordinary room (H-REW2)."))
    text = (
        "On your turn you move only your own cup, and you take exactly **one action**, of three kinds: *reveal* a "
        "face-down room next to you and get in; *enter* revealed rooms (one or two steps); or *claim* the Hoard. "
        "A Pourtal jump, one duel and trap rolls are free extras, never actions. A **Dash** card gives one more "
        "action, and a card you win during your turn can be played at once. Your Loot hand is secret; everything "
        "else on the table is public.\n\n"
        "A **Reward** room gives its card or Power-Up to whoever reveals it, who moves in; a revealed **Magic "
        "Pourtal** you simply enter. When nothing is left to do, your turn ends by itself.")
    return LessonStep("turn", _title("turn"), _rules("turn"), text, (a, b, c))


def _turn_second_room() -> str:
    g, s, fate, *_ = _turn_play()
    st = fate.settle(g, g.apply(s, Move(0, "reveal", (1,))))[0]
    st = g.apply(st, Move(0, "play", ("dash",)))
    return room_name(next(m.args[0] for m in g.legal_moves(st, 0) if m.verb == "reveal"))


def _turn_solution(canon) -> Solution:
    g, s, fate, *_ = _turn_play()
    used: dict = {}
    state, used = fate.settle(g, s, used)
    lines = []
    from .drawing import parse_id

    for id_ in canon:
        m = (Move(0, "play", ("dash",)) if id_ == "dash" else Move(0, "end", ()) if id_ == "end"
             else Move(0, "reveal", (parse_id(id_)[1],)))
        before = state
        lines.append(_words(g, state, m))
        state, used = fate.settle(g, g.apply(state, m), used)
        if m.verb == "reveal":
            lines.append(_outcome(g, before, state))
    return Solution("reveal a room, play the Dash you win there, reveal another room, end the turn",
                    "\n".join(f"{k}. {t}" for k, t in enumerate(lines, 1)), picks=canon)


# ============================================================================ 4. enter


#: The dungeon of the ``enter`` step (and of ``monster``, ``team``, ``redo``): r1 yours, r12 Ada's, r7 Bo's
#: Pourtal, r5 the revealed Hoard with r6 behind it, r14 behind Ada, r10 behind r9 off START, r13 face down.
ENTER_HEXES = [(2, 0), (2, 1), (3, 1), (2, 2), (3, -1), (4, -2), (-2, 0), (-3, 1), (0, -2), (0, -3), (1, 1), (3, 0),
               (2, -1), (4, 0)]
ENTER_ROOMS = {1: "mini-fizzicorn", 2: "snack-stash", 3: "puddle-pup", 4: "teabag-troll", 5: "drink-hoard",
               6: "fizzle-bat", 7: "fizzing-pourtal", 9: "kettle-imp", 10: "slurp-slime", 12: "bubble-goblin",
               14: "sip-serpent"}


def _enter_position(players=None, characters=None, rooms=None, n=3):
    g = BarcadiaGame(players=n, characters=characters)
    base = {0: {"at": 1, "hp": 80, "hand": ["dash"]}, 1: {"at": 12, "hand": ["redo"]},
            2: {"at": 7, "hand": ["trap"]}}
    for p, spec in (players or {}).items():
        base[p] = {**base.get(p, {}), **spec}
    r = dict(ENTER_ROOMS)
    r.update(rooms or {})
    return g, _position(g, ENTER_HEXES, r, {p: v for p, v in base.items() if p < n})


def _ends_of_enter(g, s, p=0) -> set:
    """Every room where the cup can stand at the end of an Enter action: the engine's enter moves, followed."""
    out, todo, seen = set(), [s], set()
    while todo:
        st = todo.pop()
        for m in g.legal_moves(st, p):
            if m.verb != "enter":
                continue
            nxt = g.apply(st, m)
            if g.is_chance(nxt):
                continue
            out.add(m.args[0])
            key = (nxt.players[p].at, nxt.steps, nxt.actions)
            if key not in seen:
                seen.add(key)
                todo.append(nxt)
    return out


def _walk_misread(g, s, p=0, *, hoard=False, through=False, into=False, start_free=False, face_down=False,
                  start_closed=False) -> set:
    """Where the cup could end with one rule of the walk misread (the misreadings of the ``enter`` step)."""
    from .ops import enter_length, is_hoard

    occ = {pl.at for q, pl in enumerate(s.players) if q != p}
    length = enter_length(g, s, p)
    ends, todo, seen = set(), [(s.players[p].at, 0)], set()
    while todo:
        at, used = todo.pop()
        for j in s.layout.neighbours(at):
            r = s.rooms[j]
            if j != START and not r.up and not face_down or (j == START and start_closed):
                continue
            if is_hoard(g, s, j) and r.up and not hoard:
                continue
            busy = j != START and j in occ
            if busy and not (into or through):
                continue
            cost = 0 if (j == START and start_free) else 1
            if used + cost > length:
                continue
            if not busy or into:
                ends.add(j)
            if (not busy or through) and (r.up or j == START) and (j, used + cost) not in seen:
                seen.add((j, used + cost))
                todo.append((j, used + cost))
    return ends


@lru_cache(maxsize=None)
def _enter():
    g, s = _enter_position()
    ends = _ends_of_enter(g, s)
    own = s.players[0].at
    right = frozenset(room_name(i) for i in ends - {own})
    extra = {}
    for mid, kw in (("enter-through-hoard", {"hoard": True}), ("enter-through-occupied", {"through": True}),
                    ("enter-occupied", {"into": True}), ("enter-start-free", {"start_free": True}),
                    ("enter-face-down", {"face_down": True})):
        for i in _walk_misread(g, s, **kw) - ends - {own}:
            extra.setdefault(room_name(i), mid)
    return g, s, right, extra


def _step_enter() -> LessonStep:
    g, s, right, extra = _enter()
    own = room_name(s.players[0].at)
    mis = dict(extra)
    for i in right - {room_name(j) for j in _walk_misread(g, s, start_closed=True)}:
        mis[("missing", i)] = "enter-start-missing"   # START, and the rooms only START leads to

    def check(picked):
        return _choice_check(right, mis, "from " + own + " one step reaches START or an open room next to you, "
                                          "and a second step goes on from there; cups and the Hoard close "
                                          "their rooms. (Stepping back into " + own + " is allowed too.)")(
            frozenset(picked) - {own})

    def tree() -> str:
        lines = []
        at = s.players[0].at
        for m in g.legal_moves(s, 0):
            if m.verb != "enter":
                continue
            st = g.apply(s, m)
            nxt = [room_name(x.args[0]) for x in g.legal_moves(st, 0) if x.verb == "enter"]
            lines.append(f"- {room_name(m.args[0])}, then " + (", ".join(nxt) or "nowhere further"))
        for j in s.layout.neighbours(at):
            m = Move(0, "enter", (j,))
            if m not in g.legal_moves(s, 0):
                rule, why = g.why_illegal(s, m)
                lines.append(f"- not {room_name(j)}: {why} (rule {rule})")
        return "\n".join(lines)

    ex = _pick(f"Your cup stands in **{own}**. Click **every room where your cup could stand at the end of "
               f"*Enter revealed rooms*** (leave {own} itself out).", check, lambda sel: _board(g, s, sel),
               mode="set", label="the dungeon",
               hint=f"Count steps from {own}: every room you step into is one step, START included. A cup or the "
                    f"Hoard on the way stops you.",
               solution=lambda: Solution(", ".join(sorted(right)), tree(), picks=tuple(sorted(right))))
    text = (
        "*Enter revealed rooms* walks your cup one or two steps, each into a **face-up** room next to where it "
        "stands now. **START** is always open (any number of cups share it) and counts as one step. A room with "
        "a cup in it is closed, and you cannot pass through it; the revealed **Hoard** is closed to everyone "
        "until its Guardian falls. Face-down rooms belong to the other action, *reveal*.\n\n"
        "Here Ada's cup (2) stands in r12 and Bo's cup (3) on the Pourtal r7; r5 is the revealed Hoard.")
    return LessonStep("enter", _title("enter"), _rules("enter"), text, ex)


# ============================================================================ 5. monster


@lru_cache(maxsize=None)
def _monster():
    g, s = _enter_position({0: {"hp": 100, "hand": ["drain"], "powerups": ["fizzing-gauntlets"]},
                            1: {"hand": ["boost"]}, 2: {"hand": ["boost"]}})
    s = _play(g, s, ["p1 reveal r13", "room r13 iced-tea-yeti", "p1 pass", "p2 play boost", "p3 play boost",
                     "p1 play drain"])
    bo = g.battle_odds(s)
    after = _play(g, s, ["roll p1 7"])
    return g, s, bo, after, 13


@lru_cache(maxsize=None)
def _monster_asked() -> tuple:
    """The same reveal with Bo holding only a Dash: who the battle window asks, in order, when all pass (H19)."""
    g, s = _enter_position({0: {"hp": 100, "hand": ["drain"], "powerups": ["fizzing-gauntlets"]},
                            1: {"hand": ["boost"]}, 2: {"hand": ["dash"]}})
    s = _play(g, s, ["p1 reveal r13", "room r13 iced-tea-yeti"])
    asked = []
    while not g.is_chance(s) and s.top is not None and s.top.kind == "window":
        (p,) = g.to_move(s)
        asked.append(p)
        s = g.apply(s, Move(p, "pass", ()))
    return tuple(asked)


def _level_chance(level, bonus) -> Fraction:
    return odds.win_probability("monster", level=level, bonus=bonus)


def _step_monster() -> LessonStep:
    g, s, bo, after, room = _monster()
    card = g.room_card(s, room)
    changes = [a for _, a, _ in bo.level_changes]
    mine = [a for name, a, _ in bo.level_changes if name.endswith("player 1")]
    boosts = [a for a in changes if a > 0]
    mis = [("monster-drain-ignored", _level_chance(card.level + sum(a for a in changes if a > 0), bo.bonus)),
           ("monster-one-boost", _level_chance(card.level + sum(changes) - boosts[0], bo.bonus)),
           ("monster-boosts-ignored", _level_chance(card.level + sum(mine), bo.bonus)),
           ("monster-bonus-ignored", _level_chance(bo.level, 0)),
           ("monster-strict", _level_chance(bo.level + 1, bo.bonus)),
           ("monster-cards-ignored", _level_chance(card.level, bo.bonus))]
    need = bo.level - bo.bonus
    a = Chance("What is your chance to **win this roll**? (a fraction like 7/10, or a percentage)",
               _chance_check(bo.p_win, mis, f"level {card.level} " + " ".join(f"{c:+d}" for c in changes)
                             + f" = {bo.level}; with your +{bo.bonus} the die must show {need} or more: "
                               f"{21 - need} faces of 20."),
               hint="Work out the level first (the card, then every Boost and Drain), then the smallest die that "
                    "reaches it with your bonus, then count the faces.",
               solution=_odds_solution(bo.p_win, bo.explanation))
    b = _roll_part("Everyone has passed. **Roll the die.**", g, s, after, ((0, 7),))
    from .ops import enterable

    open_ = enterable(g, after, room)
    c = _yes_no(f"Next turn, may Bo simply walk into {room_name(room)} with *Enter revealed rooms*?", open_,
                "monster-rehidden-open",
                f"{room_name(room)} is face down again: everyone knows the {card.name} waits there, but a face-down "
                f"room must be revealed, and the Monster fought, to get in.",
                "Look at the room's face on the board.")
    asked = _monster_asked()
    d = _yes_no("Say **Bo** (cup 3) held only a **Dash**, a card for his own turn, nothing for a battle. Before "
                "your roll, does the window **ask Bo**?", 2 in asked, "monster-window-skips",
                "Yes: the window asks, in turn, " + ", ".join(("you", "Ada", "Bo")[p] for p in asked)
                + ". Everyone who holds a Loot Card is asked, whatever it is, so being asked tells nobody what is "
                  "in a hand; Bo can only pass. Only an empty hand is passed over: hand sizes are public.",
                "Think of what the others would learn if only useful hands were asked.")
    text = (
        "A revealed **Monster** must be beaten to get in: roll one d20, add your bonuses, and reach its level "
        "(equal is enough). Before the roll there is a **card window**: starting with you and going clockwise, "
        "everyone who holds a Loot Card is asked, whatever the cards are (an empty hand is passed over), and may "
        "play battle cards, as many as they like, or pass. A card played gives everyone another turn to answer; "
        "the die is rolled once everybody asked has passed. The battle panel shows the chance with every card "
        "played so far. **Boost** (+2) and **Mega Boost** (+4) raise the Monster's level; **Drain** (−3) "
        "lowers it.\n\n"
        "Lose, and the Monster turns face down again (everyone remembers what it is), you stay outside and drink "
        "its damage. Win, and it stays face up: you move in and take its reward, and later visitors walk in "
        "free.\n\n"
        f"You (cup 1) reveal **{room_name(room)}**: the **{card.name}**, level {card.level}, damage "
        f"{card.damage}. You hold the Power-Up **Fizzing Gauntlets** (+2 against Monsters). In the window **Ada "
        f"plays Boost**, **Bo plays Boost**, and you answer with **Drain**.")
    return LessonStep("monster", _title("monster"), _rules("monster"), text, (a, b, c, d))


# ============================================================================ 6. team


@lru_cache(maxsize=None)
def _team():
    g, s = _enter_position({0: {"hp": 100, "powerups": ["fizzing-gauntlets"]},
                            1: {"powerups": ["friendship-flask"]}}, characters=["barbarian", "sorcerer", "rogue"])
    s = _play(g, s, ["p1 reveal r13", "room r13 cerbubble"])
    chose = _play(g, s, ["p1 choose p2"])
    bo = g.battle_odds(chose)
    after = _play(g, chose, ["roll p1 9", "roll p2 12"], Fate(draws=("dash", "peek", "courage", "jinx")))
    return g, s, chose, bo, after, 13


def _step_team() -> LessonStep:
    g, s, chose, bo, after, room = _team()
    card = g.room_card(s, room)
    rooms_of = {room_name(s.players[m.args[0]].at): m.args[0] for m in g.legal_moves(s, 0) if m.verb == "choose"}
    own = room_name(s.players[0].at)

    def check_mate(id_):
        if id_ in rooms_of:
            return _right(f"{_Who(rooms_of[id_])} it is: any other player may be your teammate, and they cannot "
                          f"refuse.", "H-TEAM1")
        if id_ == own:
            return _mis("team-self")
        return _no("Click the room of another hero's cup.")

    a = _pick(f"You revealed **{room_name(room)}**: **{card.name}**, a team battle of level {card.level}. **Click "
              f"the cup of the teammate you choose.**", check_mate, lambda sel: _board(g, s, sel), mode="one",
              label="the dungeon", hint="Your teammate is one of the other players.",
              solution=Solution("Ada or Bo", "Any other player; with two players the choice is made for you (P5).",
                                picks=tuple(sorted(rooms_of))))
    mine = next(x for name, x, _ in bo.bonuses if "Fizzing" in name)
    hers = bo.bonus - mine
    pairs = odds.dice_distribution(2)
    flat = Fraction(sum(1 for t in range(2, 41) if t + bo.bonus >= bo.level), 39)
    mis = [("team-no-bonus", odds.win_probability("team", level=bo.level)),
           ("team-partner-bonus-ignored", odds.win_probability("team", level=bo.level, bonus=mine)),
           ("team-own-bonus-ignored", odds.win_probability("team", level=bo.level, bonus=hers)),
           ("team-one-die", odds.win_probability("monster", level=bo.level, bonus=bo.bonus)),
           ("team-flat", flat)]
    need = bo.level - bo.bonus
    wins = sum(v for t, v in pairs.items() if t >= need) * 400
    b = Chance("Say you chose **Ada**. What is the chance that **the team wins**?",
               _chance_check(bo.p_win, mis, f"level {bo.level} − your {mine} − Ada's {hers} = {need} for the two "
                                            f"dice; {wins} of the 400 pairs reach it."),
               hint="Take both bonuses off the level; then count the pairs of dice that reach what is left.",
               solution=_odds_solution(bo.p_win, bo.explanation))
    c = _roll_part("**Roll** (both dice).", g, chose, after, ((0, 9), (1, 12)),
                   "Only you move in; each teammate gets the full reward (P9).")
    text = (
        "A **team battle** is a Monster fight for two: you name any other player as your teammate (they cannot "
        "refuse), you both roll, and the two dice plus **both players' bonuses** must reach the level. Lose, and "
        "you both drink its damage and the room turns face down; win, and you both get the full reward, but only "
        "you move in. Two dice make middle sums common (21 comes up 20 ways in 400) and the extremes rare.\n\n"
        "You hold **Fizzing Gauntlets** (+2 to team totals you fight in). Ada (cup 2) holds **Friendship Flask** "
        "(+3 to team totals); Bo (cup 3) holds nothing that helps.")
    return LessonStep("team", _title("team"), _rules("team"), text, (a, b, c))


# ============================================================================ 7. redo


@lru_cache(maxsize=None)
def _redo():
    g, s = _enter_position({0: {"hp": 60, "hand": ["redo"], "powerups": ["fizzing-gauntlets"]},
                            1: {"hand": ["mega-boost"]}})
    s = _play(g, s, ["p1 reveal r13", "room r13 sparkling-spectre", "p2 play mega-boost"])
    lost = g.battle_odds(s)
    rolled = _play(g, s, ["roll p1 9"])
    redone = _play(g, rolled, ["p1 play redo"])
    new = g.battle_odds(redone)
    after = _play(g, redone, ["roll p1 8"], Fate(draws=("dash",)))
    return g, s, lost, rolled, redone, new, after, 13


def _step_redo() -> LessonStep:
    g, s, lost, rolled, redone, new, after, room = _redo()
    card = g.room_card(s, room)
    smallest = max(1, new.level - new.bonus)
    mis = [("redo-loot-kept", lost.level - new.bonus), ("redo-powerup-dropped", new.level),
           ("redo-strict", smallest + 1)]

    def check_die(k):
        if k == smallest:
            return _right(f"{smallest}: the level is back to {new.level} and your +{new.bonus} stays: "
                          f"{smallest} + {new.bonus} = {new.level}.", "H6", expected=smallest)
        for mid, v in mis:
            if k == v:
                return _mis(mid)
        return _no(f"Not {k}.")

    a = Count("You play **Redo**, and nobody plays a card this time. What is the **smallest die roll** that wins "
               "the new attempt?", check_die, unit="on the die",
               hint="Ask what belonged to the attempt (cards) and what belongs to you (Power-Ups).",
               solution=replace(_odds_solution(new.p_win, new.explanation,
                                               f"The lost attempt was against level {lost.level}; Redo cancelled "
                                               f"the Mega Boost with it (H-FAQ6)."), answer=f"{smallest}"))
    hp = redone.players[0].hp
    dmg = card.damage
    b = HP("What is **your HP** now, before the new roll?",
           lambda k: (_right(f"{hp}: the lost attempt never happened, so its damage was never drunk.", "H6")
                      if k == hp else _mis("redo-damage-taken") if k == hp - dmg else _no(f"Not {k}.")),
           hint="When is damage drunk: at the roll, or when the battle is settled?",
           solution=Solution(f"{hp} HP", "A Redo comes before the battle is settled; nothing of the lost attempt "
                                         "happens."))
    c = _roll_part("**Roll** the new attempt.", g, redone, after, ((0, 8),))
    text = (
        "After the dice, the losing side may play **Redo**. Then nothing of the lost roll happens: no damage, no "
        "face-down flip, and every Loot card played for that attempt is wiped out with it. Power-Ups and "
        "Signature Moves keep working. The battle starts again from its card window, so new cards may be "
        "played.\n\n"
        f"Your HP is {s.players[0].hp}. You revealed **{card.name}** (level {card.level}, damage {dmg}) and hold "
        f"**Fizzing Gauntlets** (+2). Ada played **Mega Boost** (+4). You rolled **9**: 9 + 2 = 11 against "
        f"{lost.level}, a loss. You hold a **Redo**.")
    return LessonStep("redo", _title("redo"), _rules("redo"), text, (a, b, c))


# ============================================================================ 8. boss


BOSS_HEXES = [(2, 0), (3, 0), (2, 1)]


@lru_cache(maxsize=None)
def _boss():
    g = BarcadiaGame(players=2)
    s = _position(g, BOSS_HEXES, {1: "mini-fizzicorn", 3: "puddle-pup"},
                  {0: {"at": 1, "powerups": ["crown-of-froth"]},
                   1: {"at": 0, "hand": ["courage", "boost"], "powerups": ["crown-of-froth"]}})
    s = _play(g, s, ["p1 reveal r2", "room r2 duke-of-dew"])
    offered = [m.args[0] for m in g.legal_moves(s) if m.verb == "play"]
    s = _play(g, s, ["p2 play courage", "p2 pick p2"])
    bo = g.battle_odds(s)
    after = _play(g, s, ["roll p1 14", "roll p2 11", "p2 pass"], Fate(draws=("dash",), powers=("bubble-boots",)))
    return g, s, bo, offered, after, 2


def _step_boss() -> LessonStep:
    g, s, bo, offered, after, room = _boss()
    card = g.room_card(s, room)
    boost = next(c for c in g.content.loot.values() if c.id == "boost")
    w, t, l = odds.opposed_counts(bo.bonus, bo.opponent_bonus)
    mis = [("boss-bossplayer-bonus-ignored", odds.win_probability("boss", bonus=bo.bonus)),
           ("boss-ties-lose", Fraction(w, 400)),
           ("boss-level-card", odds.win_probability("boss", bonus=bo.bonus,
                                                    opponent_bonus=bo.opponent_bonus + boost.effects[0][1])),
           ("boss-even", Fraction(1, 2))]
    a = Chance("What is your chance to **beat this Boss**? (an exact fraction, or a percentage to one decimal)",
               _chance_check(bo.p_win, mis, f"you roll d20 + {bo.bonus}, the Boss d20 + {bo.opponent_bonus}: of "
                                            f"the 400 pairs you win {w}, tie {t} and lose {l}; ties are rolled "
                                            f"again, so you win {w} of the {w + l} pairs that decide."),
               hint="Only the difference of the bonuses matters. Count the pairs you win and the pairs that tie, and "
                    "leave the ties out.",
               solution=_odds_solution(bo.p_win, bo.explanation,
                                       "Boost is not offered: a Boss has no level (H7)." if "boost" not in offered
                                       else ""))
    b = _roll_part("**Roll**: you and the Boss.", g, s, after, ((0, 14), (1, 11)),
                   "You beat the Boss: you move in and take its reward, and Ada, who played it, drinks its damage.")
    text = (
        "A **Boss** has no level: another player takes its side, and you both roll. The higher total wins; a tie "
        "is rolled again. Each side adds **its own** Boss-battle bonuses, so the player you pick brings their "
        "Power-Ups to the Boss. Cards that change a level (Boost, Mega Boost, Drain) do nothing here. If you "
        "lose, the Boss turns face down and you drink its damage; if you win, you move in, take the reward, and "
        "the Boss-player drinks the damage.\n\n"
        f"Two players: you and Ada, so Ada must play the Boss. You reveal **{card.name}** (damage {card.damage}, "
        f"reward: {card.reward_words}). You hold **Crown of Froth** (+2 in Boss battles). Ada holds a Crown of "
        f"Froth too, and in the window she plays **Courage** (+2) for her side. Say she also holds a Boost: she "
        f"cannot play it here.")
    return LessonStep("boss", _title("boss"), _rules("boss"), text, (a, b))


# ============================================================================ 9. traps


TRAP_HEXES = [(2, 0), (2, -1), (3, -1), (3, 0), (2, 1), (4, -1)]
TRAP_ROOMS = {1: "bubble-goblin", 2: "kettle-imp", 3: "drink-hoard", 5: "puddle-pup", 6: "mini-fizzicorn"}
TRAP_ASKED = ("START", "r1", "r2", "r3", "r4", "r5")


@lru_cache(maxsize=None)
def _traps():
    g = BarcadiaGame(players=2)
    rooms = dict(TRAP_ROOMS)
    rooms[2] = {"card": "kettle-imp", "up": True, "traps": 3}
    s = _position(g, TRAP_HEXES, rooms, {0: {"at": 6, "hand": ["trap"]}, 1: {"at": 1}}, actions=0, acted=1)
    window = s if s.top is not None else _play(g, s, ["p1 end"])  # the turn ended by itself (P6)
    picking = _play(g, window, ["p1 play trap"])
    targets = {room_name(m.args[0][1] if isinstance(m.args[0], tuple) else m.args[1])
               for m in g.legal_moves(picking) if m.verb == "pick"}
    # part (b): 20 HP, r4 holds two traps
    rooms2 = dict(TRAP_ROOMS)
    rooms2[4] = {"traps": 2}
    s2 = _position(g, TRAP_HEXES, rooms2, {0: {"at": 6, "hp": 20}, 1: {"at": 1}})
    at_traps = _play(g, s2, ["p1 reveal r4"])
    bo = g.battle_odds(at_traps)
    first = _play(g, at_traps, ["roll p1 4"])
    return g, window, targets, s2, at_traps, bo, first


def _step_traps() -> LessonStep:
    g, window, targets, s2, at_traps, bo, first = _traps()
    asked = set(TRAP_ASKED)
    right = frozenset(targets & asked)
    occupied = {room_name(pl.at) for pl in window.players}
    mis = {}
    for rid in asked - right:
        i = 0 if rid == "START" else int(rid[1:])
        mis[rid] = ("trap-start" if i == START else "trap-occupied" if rid in occupied
                    else "trap-fourth" if window.rooms[i].traps >= 3 else None)
    mis = {k: v for k, v in mis.items() if v}
    hoard = next(room_name(i) for i in range(1, len(window.rooms)) if window.rooms[i].card == "drink-hoard")
    if hoard in right:
        mis[("missing", hoard)] = "trap-hoard-missing"

    def check_where(picked):
        outside = set(picked) - asked
        if outside:
            return _no(f"Only {', '.join(TRAP_ASKED)} are asked about: leave {', '.join(sorted(outside))} out.")
        return _choice_check(right, mis, "a trap goes into any room without a cup, face up or down, the revealed "
                                         "Hoard too; never START, and three at most in one room.")(frozenset(picked))

    a = _pick("Between turns you play a **Trap** card. Of **START, r1, r2, r3, r4 and r5**, click **every room "
              "where this trap may go**.", check_where, lambda sel: _board(g, window, sel), mode="set",
              label="the dungeon", hint="No cup in it, not START, and fewer than three traps already.",
              solution=Solution(", ".join(sorted(right)), "\n".join(
                  f"- {rid}: " + ("yes" if rid in right else MISREADINGS[mis[rid]].message if rid in mis else "no")
                  for rid in TRAP_ASKED), picks=tuple(sorted(right))))
    k = at_traps.rooms[at_traps.top.room].traps
    hp = at_traps.players[0].hp
    t = odds.trap_odds(k, hp, bo.bonus)
    mis_b = [("trap-must-disarm", bo.p_win ** k), ("trap-one-roll", bo.p_win),
             ("trap-strict", odds.trap_odds(k, hp, bo.bonus - 1).survive)]
    dead = dict(t.distribution).get(0, Fraction(0))
    b = Chance(f"Now your HP is **{hp}** and **r4 holds {k} traps**. You reveal r4. What is the chance that you "
               f"**survive both trap rolls**?",
               _chance_check(t.survive, mis_b, f"you die only if both traps fail: {dead} of the time; "
                                               f"every other way you walk on."),
               hint="Which results of the two dice leave you with no HP?",
               solution=Solution(_chance_words(t.survive), "\n".join(
                   f"- {'dead' if h == 0 else f'{h} HP left'}: {_chance_words(p)}" for h, p in t.distribution)
                   + f"\n\nOne trap: 10 or more disarms it ({_chance_words(t.p_disarm)}); a failure costs 10 HP."))
    c = _roll_part("**Roll** for the first trap.", g, at_traps, first, ((0, 4),),
                   "The first trap is gone; the second is still to roll.")
    free = 0 in g.to_move(first) and any(m.verb == "reveal" for m in g.legal_moves(first, 0))
    d = _yes_no("May you now leave r4 alone and reveal another room instead?", free, "trap-back-out",
                "You rolled for r4's first trap, so you are committed to r4: the second roll comes next, then the "
                "room shows what it is. Trap rolls are not actions: they belong to getting in.",
                "Think of what the first roll did to your choice.")
    text = (
        "A **Trap** card puts a trap into any room without a cup in it, face up or face down, the Hoard too, "
        "but never START, and at most three in one room. Whoever then enters or reveals that room first rolls a "
        "d20 for each trap: **10 or more disarms it**, anything less costs **10 HP**. Either way that trap is "
        "gone and you go on. Once you have rolled for a room's first trap, you are committed to that room. Trap "
        "rolls are never actions.\n\n"
        "Ada's cup (2) is in r1; r2 already holds three traps; r3 is the revealed Hoard; r4 is face down.")
    return LessonStep("traps", _title("traps"), _rules("traps"), text, (a, b, c, d))


# ============================================================================ 10. heal


@lru_cache(maxsize=None)
def _heal():
    g = BarcadiaGame(players=2)
    hexes = [(2, 0), (3, 0)]
    s = _position(g, hexes, {1: "mini-fizzicorn"}, {0: {"at": 1, "hand": ["thirst-aid"]}, 1: {"at": 0}})
    before_roll = _play(g, s, ["p1 reveal r2", "room r2 soda-kraken"])
    after = _play(g, before_roll, ["roll p1 3", "p1 pass"])  # no Redo: the loss stands (H19: you are asked)
    card = g.content.loot["thirst-aid"]
    play = Move(0, "play", ("thirst-aid",))
    in_turn = _position(g, hexes, {1: "mini-fizzicorn", 2: {"card": "soda-kraken", "up": False, "public": True}},
                        {0: {"at": 1, "hand": ["thirst-aid"], "hp": after.players[0].hp}, 1: {"at": 0}})
    moments = {"before": card.window == "battle",
               "after": play in g.legal_moves(in_turn, 0),
               "between": play in g.legal_moves(after, 0) and after.top is not None
               and getattr(after.top, "window", "") == "between_turns",
               "never": play not in g.legal_moves(after, 0)}
    healed = _play(g, after, [play])
    return g, s, before_roll, after, moments, healed, card


HEAL_MOMENTS = (("before", "before the roll, to cover the damage"), ("after", "right after losing, still in your turn"),
                ("between", "between turns"), ("never", "not at all while you are above 50 HP"))


def _step_heal() -> LessonStep:
    g, s, before_roll, after, moments, healed, card = _heal()
    right = next(k for k, v in moments.items() if v)
    monster = g.room_card(before_roll, 2)
    a = Choose(f"You reveal **{monster.name}** (damage {monster.damage}) and lose the roll. You hold **Thirst Aid**; "
               f"the card reads *{DIY_WINDOW_WORDS.get(card.window, card.window)}: refill "
               f"{dict(card.effects)['heal']} HP*. When may you play it?",
               _choice_check(right, {"before": "heal-pre-empt", "after": "heal-own-turn", "never": "heal-hp-limit"},
                             "Thirst Aid is a between-turns card: once your turn is over, everyone may play such "
                             "cards, clockwise from you, until all pass."),
               options=HEAL_MOMENTS, hint="Read the card's window, and remember that damage is never skipped.",
               solution=Solution(dict(HEAL_MOMENTS)[right], "The engine offers Thirst Aid in the between-turns "
                                                             "window only; before the roll only battle cards are "
                                                             "played."))
    hp0, hp1, hp2 = before_roll.players[0].hp, after.players[0].hp, healed.players[0].hp
    dmg = hp0 - hp1
    amount = dict(card.effects)["heal"]
    full = g.content.hp_full
    mis = {min(full, hp0 + amount): "heal-instead-of-drink", min(full, hp0 + amount) - dmg: "heal-before-damage"}
    mis.pop(hp2, None)
    b = HP("You play Thirst Aid between turns. What is your HP when Ada's turn starts?",
           lambda k: (_right(f"{hp2}: {hp0} − {dmg} = {hp1} first, then + {amount}.", "H9")
                      if k == hp2 else _mis(mis[k]) if k in mis else _no(f"Not {k}.")),
           hint="Put the events in time order: the loss, the drink, the end of your turn, the window.",
           solution=Solution(f"{hp2} HP", f"The Monster wins: −{dmg} (H-MON2) → {hp1}. Between turns: Thirst Aid "
                                          f"+{amount} (H9) → {hp2}."))
    text = (
        f"Your HP goes from 0 to FULL ({g.content.hp_full}) in steps of 10. **Damage is always taken in full** "
        "when it happens; healing comes afterwards and never goes past FULL. At the table you drink (any drink, "
        "water works) or just keep the number; the app keeps the number.\n\n"
        "Every Loot Card names its **window**, the moment it may be played: *your turn*, *between turns* "
        "(anyone), *battle* (before the dice, anyone) or *after a loss* (the losing side). When a turn is over, "
        "everyone who holds a Loot Card is asked, clockwise from the player who just finished, and may play "
        "between-turns cards until all pass; then the next player begins. Being asked says nothing about your "
        "cards: it only takes a hand that is not empty. Shields like the Coaster Shield only soften battle damage.")
    return LessonStep("heal", _title("heal"), _rules("heal"), text, (a, b))


# ============================================================================ 11. death


@lru_cache(maxsize=None)
def _death():
    g = BarcadiaGame(players=2)
    hexes = [(2, 0), (3, 0)]
    s = _position(g, hexes, {1: "snack-stash", 2: {"traps": 1}},
                  {0: {"at": 1, "hp": 10, "hand": ["dash", "redo", "thirst-aid"],
                       "powerups": ["bubble-boots", "coaster-shield"]}, 1: {"at": 0}})
    dying = _play(g, s, ["p1 reveal r2", "roll p1 4"])
    drops = [m.args[0] for m in g.legal_moves(dying, 0) if m.verb == "drop"]
    kept_stage = _play(g, dying, [Move(0, "drop", (drops[0],))])
    keeps = [m.args[0] for m in g.legal_moves(kept_stage, 0) if m.verb == "keep"]
    after = _play(g, kept_stage, [Move(0, "keep", (keeps[0],)), "p1 pass"])  # the between-turns window (H19)
    lies = next(i for i in range(len(after.rooms)) if drops[0] in after.rooms[i].powerups)
    return g, s, dying, drops, keeps, after, lies


def _step_death() -> LessonStep:
    g, s, dying, drops, keeps, after, lies = _death()
    sig = g.character(0)
    pl = s.players[0]
    opts = tuple((x, g.content.powerups[x].name) for x in pl.powerups) + \
        (("signature", f"{sig.signature} (your Signature Move)"), ("none", "nothing: you keep both"))

    def check_drop(x):
        if x in drops:
            return _right(f"{g.content.powerups[x].name} stays behind (your choice: either Power-Up is right).",
                          "H-DEATH3")
        return _mis({"signature": "death-drop-signature", "none": "death-drop-none"}.get(x, "death-drop-none"))

    a = Choose("Your HP is 0. **Which one do you leave behind?**", check_drop, options=opts,
               hint="What can never leave you, and what must?",
               solution=Solution(" or ".join(g.content.powerups[x].name for x in drops),
                                 "One Power-Up of your choice stays in the room where your cup stood; a Signature "
                                 "Move is never lost."))
    cards = tuple((c, g.content.loot[c].name) for c in pl.hand)

    def check_keep(chosen):
        chosen = frozenset(chosen)
        if len(chosen) == 1 and next(iter(chosen)) in keeps:
            return _right(f"you keep {g.content.loot[next(iter(chosen))].name} and discard the rest. (Keeping Redo "
                          f"saves a battle later.)", "H-DEATH4")
        if len(chosen) > 1:
            return _mis("death-keep-two")
        return _no("Keep one of your Loot Cards.")

    b = Choose("**Which Loot Cards do you keep?** (choose all you keep)", check_keep, options=cards, many=True,
               hint="Count how many cards stay with a hero who comes back.",
               solution=Solution("any one of them", "One card of your choice; the others are discarded. There is no "
                                                    "hand limit otherwise (H-LOOT4)."))
    trapped = 2
    right = room_name(lies)

    def check_where(id_):
        if id_ == right:
            return _right(f"{right}, where your cup stood when the trap emptied it. Your cup went back to START at "
                          f"FULL HP and your turn ended.", "H10")
        if id_ == room_name(trapped):
            return _mis("death-room-entered")
        if id_ == "START":
            return _mis("death-start")
        if id_ == "deck":
            return _mis("death-deck")
        return _no("Not there.")

    trace = _trace_of([(room_name(trapped), "H13", f"Trap: −10 → 0 HP."),
                       (right, "H10", f"Dead: {g.content.powerups[drops[0]].name} left in {right}."),
                       ("hand", "H-DEATH4", f"{g.content.loot[keeps[0]].name} kept, the rest discarded."),
                       ("START", "H-DEATH5", "Back to START with FULL HP."),
                       ("turn", "G34", "The active player's death ends the turn.")])
    c = _pick("**Click where the Power-Up you left lies now** (or press *under the deck*).", check_where,
              lambda sel: _board(g, s, sel), mode="one", buttons=(("deck", "under the Power-Up deck"),),
              label="the dungeon before you revealed r2", hint="Where was your cup when your HP ran out?",
              solution=Solution(right, "The trap roll came before you got into r2.", trace=trace, picks=(right,),
                                where_label="where"))
    text = (
        "At **0 HP** you are out for a moment: you leave **one Power-Up** of your choice in the room where your "
        "cup stood, keep **one Loot Card** of your choice and discard the rest, then go back to START with a full "
        "cup and play on. If you died on START itself, the Power-Up goes under the Power-Up deck. Your Signature "
        "Move always stays with you. When the player whose turn it is dies, the turn ends.\n\n"
        "You stand in **r1** with 10 HP, holding **Bubble Boots** and **Coaster Shield** and three cards: Dash, "
        "Redo and Thirst Aid. You reveal **r2**, which holds a trap, and roll 4: the trap costs 10.")
    return LessonStep("death", _title("death"), _rules("death"), text, (a, b, c))


# ============================================================================ 12. fourth


FOURTH_HEXES = [(2, 0), (3, 0), (2, -1), (3, -1), (2, 1), (1, 1)]


@lru_cache(maxsize=None)
def _fourth():
    g = BarcadiaGame(players=2)
    rooms = {1: "mini-fizzicorn", 3: "kettle-imp", 4: "drink-hoard", 5: "puddle-pup"}
    s = _position(g, FOURTH_HEXES, rooms,
                  {0: {"at": 1, "powerups": ["fizzing-gauntlets", "crown-of-froth", "bubble-boots"]},
                   1: {"at": 3, "hand": ["room-swap"]}})
    placing = _play(g, s, ["p1 reveal r2", "room r2 crystal-fountain"], Fate(powers=("lucky-bottle-cap",)))
    targets = {room_name(m.args[1]) for m in g.legal_moves(placing, 0) if m.verb == "place"}
    placed = _play(g, placing, [Move(0, "place", ("lucky-bottle-cap", 5))])
    swapped = _play(g, placed, ["p2 play room-swap", Move(1, "pick", ("r", 5)), Move(1, "pick", ("r", 6))])
    now = next(i for i in range(len(swapped.rooms)) if "lucky-bottle-cap" in swapped.rooms[i].powerups)
    return g, s, placing, targets, placed, swapped, now


def _step_fourth() -> LessonStep:
    g, s, placing, targets, placed, swapped, now = _fourth()
    occupied = {room_name(pl.at) for pl in placing.players}
    hoard = next(room_name(i) for i in range(1, len(placing.rooms)) if placing.rooms[i].card == "drink-hoard")

    def check_place(id_):
        if id_ in targets:
            return _right(f"{id_} has no cup in it and is neither START nor the revealed Hoard: the Power-Up lies "
                          f"there for the next cup to enter, yours too.", "H11")
        if id_ == "keep":
            return _mis("fourth-keep")
        if id_ == "START":
            return _mis("fourth-start")
        if id_ in occupied:
            return _mis("fourth-occupied")
        if id_ == hoard:
            return _mis("fourth-hoard")
        return _no("Not there.")

    a = _pick("You revealed **r2**, a Reward, moved in and drew the Power-Up **Lucky Bottle Cap**: now you hold "
              "four. Choose any one of them to give up. **Click a room where it may go** (or press *keep all "
              "four*).", check_place, lambda sel: _board(g, placing, sel), mode="one",
              buttons=(("keep", "keep all four"),), label="the dungeon",
              hint="Look for a room that is empty of cups and is neither START nor the revealed Hoard.",
              solution=Solution("any room without a cup other than START and the Hoard: " + ", ".join(
                  sorted(t for t in targets if int(t[1:]) <= 6)) + " here, or any face-down room",
                  f"START: never (H11). {', '.join(sorted(occupied - {'START'}))}: a cup stands there. {hoard}: the "
                  f"revealed Hoard.", picks=tuple(sorted(targets))))
    right = room_name(now)

    def check_swap(id_):
        if id_ == right:
            return _right(f"{right}: the room you put it in moved there and took its Power-Up along.", "H-FAQ2")
        if id_ == "r5":
            return _mis("swap-left-behind")
        return _no("Not there.")

    b = _pick("Say you put the Lucky Bottle Cap into **r5**. On her turn Ada plays **Room Swap** on **r5** and "
              "the face-down **r6**: the two rooms trade places. **Click where the Lucky Bottle Cap lies now.**",
              check_swap, lambda sel: _board(g, placed, sel), mode="one", label="the dungeon before the swap",
              hint="Does a Power-Up lying in a room stay on its hex, or travel with its room?",
              solution=Solution(right, "Room Swap moves two empty rooms with their traps and Power-Ups; cups never "
                                       "move, and START can never be swapped (H-START3).", picks=(right,)))
    text = (
        "You never hold more than **three** Power-Ups. When a fourth arrives, you choose one of the four and "
        "place it at once in any room **without a cup** in it, except START and the revealed Hoard (a face-down "
        "room is fine). The next cup to enter that room, by any means, takes it: even yours. A reward Power-Up "
        "that the deck cannot give is simply lost.\n\n"
        "Ada's cup (2) is in r3; r4 is the revealed Hoard; r6 is face down.")
    return LessonStep("fourth", _title("fourth"), _rules("fourth"), text, (a, b))


# ============================================================================ 13. pourtal


@lru_cache(maxsize=None)
def _pourtal():
    g = BarcadiaGame(players=3)
    hexes = [(2, 0), (-2, 0), (0, -2), (2, 1)]
    s = _position(g, hexes, {1: "fizzing-pourtal", 2: "bubble-pourtal", 3: "kettle-imp", 4: "puddle-pup"},
                  {0: {"at": 0}, 1: {"at": 4}, 2: {"at": 2}})
    targets = frozenset(room_name(m.args[0]) for m in g.legal_moves(s, 0) if m.verb == "teleport")
    jumped = _play(g, s, [Move(0, "teleport", (1,))])
    again = any(m.verb == "teleport" for m in g.legal_moves(jumped, 0))
    return g, s, targets, jumped, again


def _step_pourtal() -> LessonStep:
    g, s, targets, jumped, again = _pourtal()
    a = _pick("Your cup is on START. **Click every room you may jump to** now.",
              _choice_check(targets, {"r2": "pourtal-occupied", "r3": "pourtal-any-room"},
                            "START is a Pourtal, so you may jump to any other revealed Pourtal without a cup."),
              lambda sel: _board(g, s, sel), mode="set", label="the dungeon",
              hint="A Pourtal is a door to other Pourtals, and a door cannot open onto another cup.",
              solution=Solution(", ".join(sorted(targets)), "\n".join(
                  f"- {room_name(i)}: " + ("yes" if room_name(i) in targets else
                                           g.why_illegal(s, Move(0, "teleport", (i,)))[1])
                  for i in (1, 2, 3)), picks=tuple(sorted(targets))))
    left = jumped.actions
    b = Count("You jump to **r1**. How many **actions** do you still have this turn?",
               lambda k: (_right(f"{left}: the jump was free.", "H-POR3") if k == left else
                          _mis("pourtal-is-action") if k == left - 1 else _no(f"Not {k}.")),
               unit="actions", hint="Is a jump one of the three actions?",
               solution=Solution(str(left), "A Pourtal jump is not an action; it may come before, after or between "
                                            "the steps of your action (G20)."))
    c = _yes_no("Still on r1, **may you jump again** (back to START) this turn?", again, "pourtal-twice",
                "No: one Pourtal use per turn." if not again else "Yes.", "How many jumps does a turn allow?")
    text = (
        "Standing on a revealed **Magic Pourtal** during your turn, you may jump to any other revealed Pourtal, "
        "**once a turn**. START is a Pourtal too. A jump is not an action: it can come before your action, after "
        "it, or between its two steps. A revealed Pourtal stays face up. A Pourtal with a cup on it (START "
        "aside) can only be reached by a duel.\n\n"
        "r1 and r2 are revealed Pourtals; Bo's cup (3) is on r2; r3 is a revealed Monster room.")
    return LessonStep("pourtal", _title("pourtal"), _rules("pourtal"), text, (a, b, c))


# ============================================================================ 14. duel


DUEL_HEXES = [(3, 0), (2, 0), (-3, 0)]


@lru_cache(maxsize=None)
def _duel():
    g = BarcadiaGame(players=3)
    s = _position(g, DUEL_HEXES, {1: "fizzing-pourtal", 2: "fizzle-bat", 3: "bubble-pourtal"},
                  {0: {"at": 1, "hp": 70, "hand": ["dash"], "powerups": ["stir-stick-rapier"]},
                   1: {"at": 3, "hp": 10, "hand": ["redo"], "powerups": ["crown-of-froth"]},
                   2: {"at": 2, "hand": ["trap"]}})
    vs_bo = g.battle_odds(_play(g, s, [Move(0, "duel", (2, 0))]))
    through = [m for m in g.legal_moves(s, 0) if m.verb == "duel" and m.args[1]]
    after = _play(g, s, [through[0], "roll p1 13", "roll p2 9"])
    left = {"jump": any(m.verb == "teleport" for m in g.legal_moves(after, 0)),
            "duel": any(m.verb == "duel" for m in g.legal_moves(after, 0)),
            "action": any(m.verb in ("reveal", "enter", "claim") for m in g.legal_moves(after, 0))}
    return g, s, vs_bo, through, after, left


DUEL_LEFT = (("jump", "jump through a Pourtal"), ("duel", "duel Bo"), ("action", "take your action"))


def _step_duel() -> LessonStep:
    g, s, bo, through, after, left = _duel()
    w, t, l = odds.opposed_counts(bo.bonus, bo.opponent_bonus)
    mis = [("duel-ties-lose", Fraction(w, 400)),
           ("duel-bonus-ignored", odds.win_probability("duel", opponent_bonus=bo.opponent_bonus))]
    a = Chance("Bo's cup (3) stands in r2, next to you. What is your chance to **win a duel against Bo**?",
               _chance_check(bo.p_win, mis, f"d20 + {bo.bonus} against d20 + {bo.opponent_bonus}: you win {w} of "
                                            f"the 400 pairs, tie {t}, lose {l}; ties are rolled again."),
               hint="Only the difference of the bonuses matters, and ties are rolled again.",
               solution=_odds_solution(bo.p_win, bo.explanation))
    target = room_name(through[0].args[0])
    bo_room = room_name(s.players[2].at)

    def check_target(id_):
        if id_ == target:
            return _right(f"you stand on a Pourtal and so does Ada: you may duel her through it ({target}). "
                          f"That is your turn's Pourtal use.", "H-DUEL8")
        if id_ == bo_room:
            return _no("That is Bo's room: the duel asked for is against Ada.")
        return _no("Ada's cup is not there.")

    b = _pick("Ada's cup (2) stands on the Pourtal r3, far away. **Click the room to challenge Ada** through the "
              "Pourtal.", check_target, lambda sel: _board(g, s, sel), mode="one", label="the dungeon",
              hint="From a Pourtal you can reach any other Pourtal.",
              solution=Solution(target, "You are on the Pourtal r1; a duel may reach a cup on a Pourtal you could "
                                        "jump to.", picks=(target,)))
    ada = room_name(after.players[1].at)
    mine = room_name(s.players[0].at)

    def check_ada(id_):
        if id_ == ada:
            return _right(f"{ada}: Ada drank 10 first, her HP ran out on {target} and she went back to START, "
                          f"leaving her Crown of Froth there; you moved onto {target} and picked it up.", "G33")
        if id_ == mine:
            return _mis("duel-swap-dead")
        if id_ == target:
            return _mis("duel-no-move")
        return _no("Not there.")

    trace = _trace_of([(target, "H-DUEL8", f"Duel through the Pourtal {target} (it spends the jump, G22): "
                                           f"13 + 2 = 15 against 9."),
                       (target, "H-DUEL4", "Ada drinks 10: her HP is 0."),
                       (target, "H10", "Ada dies where her cup stands: Crown of Froth is left there."),
                       ("START", "H-DEATH5", "Ada's cup goes back to START with FULL HP."),
                       (target, "H11", f"You move onto {target} and take the Crown of Froth.")])
    c = _pick(f"You challenge her: you roll **13** (+2 = 15), Ada rolls **9**. She had **10 HP** and her Crown of "
              f"Froth. **Click where Ada's cup is now.**", check_ada, lambda sel: _board(g, s, sel), mode="one",
              label="the dungeon before the duel", hint="Which comes first: the drink or the swap?",
              solution=Solution(ada, "The loser drinks before the winner moves in.", trace=trace, picks=(ada,),
                                where_label="where"))
    right = frozenset(k for k, v in left.items() if v)
    d = Choose("After that duel, **what may you still do this turn?** (choose every one)",
               _choice_check(right, {"jump": "duel-pourtal-free", "duel": "duel-twice",
                                     ("missing", "action"): "duel-is-action"},
                             "only your action is left: the duel was free but took the turn's one duel and, "
                             "through a Pourtal, its one jump.", missing_first=True),
               options=DUEL_LEFT, many=True, hint="Count what a turn allows: one duel, one Pourtal use, one action.",
               solution=Solution(", ".join(w for k, w in DUEL_LEFT if k in right),
                                 "; ".join(f"{w}: {'yes' if left[k] else 'no'}" for k, w in DUEL_LEFT) + "."))
    text = (
        "At the very start of your turn (a Pourtal jump first is fine), before your action, you may **challenge** "
        "a cup in a room next to you, or on a Pourtal you could jump to. Both roll, the higher wins, ties roll "
        "again; **the loser drinks 10**. If you, the challenger, win, you swap rooms; win or lose, your action "
        "comes next. One duel a turn, and a duel is not an action. A duel through a Pourtal uses the turn's "
        "jump.\n\n"
        "You (cup 1) stand on the Pourtal **r1** holding the **Stir-Stick Rapier** (+2 in duels); nobody else "
        "has a duel bonus.")
    return LessonStep("duel", _title("duel"), _rules("duel"), text, (a, b, c, d))


# ============================================================================ 15. stranded


STRANDED_HEXES = [(4, -2), (5, -2), (3, -1), (2, 0)]
STRANDED_BOARDS = (("A", "a face-down room touches r2", {"extra": True, "hand": ["thirst-aid", "trap"]}),
                   ("B", "no face-down room there; you hold Retreat", {"extra": False, "hand": ["retreat"]}),
                   ("C", "no face-down room there; you hold Thirst Aid and Trap",
                    {"extra": False, "hand": ["thirst-aid", "trap"]}))


@lru_cache(maxsize=None)
def _stranded():
    g = BarcadiaGame(players=2)
    boards = {}
    for key, _, spec in STRANDED_BOARDS:
        hexes = STRANDED_HEXES + ([(6, -2)] if spec["extra"] else [])
        s = _position(g, hexes, {2: "puddle-pup", 3: "drink-hoard", 4: "fizzle-bat", 1: "snack-stash"},
                      {0: {"at": 1, "hp": 70, "hand": spec["hand"], "powerups": ["fizzing-gauntlets", "bubble-boots"]},
                       1: {"at": 0, "hand": ["redo"]}}, clear=STRANDED_HEXES[:2])
        boards[key] = (s, g.stranded(s, 0))
    s = boards["C"][0]
    home = Move(0, "home", ())
    after = _play(g, s, [home]) if home in g.legal_moves(s, 0) else None
    return g, boards, after


def _step_stranded() -> LessonStep:
    g, boards, after = _stranded()
    s = boards["C"][0]

    def check_way(id_):
        if id_ in ("home", "START") and after is not None:
            return _right("with no way out, going back to START is your turn's action: your cup is on START and "
                          "your turn is over. It is not a Pourtal use.", "H14")
        if id_ == "r3":
            return _mis("stranded-through-hoard")
        if id_ == "r2":
            return _no("You may walk to r2, but that leaves you in the same corner.")
        return _no("That does not get you out.")

    a = _pick("Your cup (1) is in **r1**, in a corner behind the revealed Hoard **r3**; r2 is an open room. You hold "
              "two Power-Ups and the cards Thirst Aid and Trap. **Find your way out**: click a room, or the button.",
              check_way, lambda sel: _board(g, s, sel), mode="one", buttons=(("home", "go back to START"),),
              label="a corner behind the Hoard", hint="Check the four conditions one by one: Power-Ups, Pourtals, "
                                                      "rooms to reveal, cards that move you.",
              solution=Solution("go back to START", "No Pourtal and no face-down room within reach, no card that "
                                                    "moves you, fewer than three Power-Ups: you are stranded. Going "
                                                    "back to START is your turn's action; it ends your turn and is "
                                                    "not a Pourtal use (G40).", picks=("home",)))
    right = frozenset(k for k, (_, st) in boards.items() if st)
    opts = tuple((k, f"Board {k}: {w}") for k, w, _ in STRANDED_BOARDS) + (("hoard", "none: walk through r3"),)

    def checklist() -> str:
        lines = []
        for k, w, spec in STRANDED_BOARDS:
            st = boards[k][0]
            lines.append(f"- Board {k} ({w}): " + ("stranded: return to START allowed" if boards[k][1] else
                                                   "not stranded: " + ("reveal the room that touches r2" if
                                                                       spec["extra"] else "play Retreat")))
        return "\n".join(lines)

    b = Choose("Same corner, three boards. **On which boards may your action be *go back to START*?**",
               _choice_check(right, {"A": "stranded-room-left", "B": "stranded-card-left",
                                     "hoard": "stranded-through-hoard"},
                             "only where nothing else can get you out: no Pourtal in reach, no face-down room "
                             "touching the rooms you can walk to, no card or ability that moves you."),
               options=opts, many=True, hint="Check the four conditions one by one on each board.",
               solution=Solution(", ".join(f"Board {k}" for k in sorted(right)), checklist()))
    text = (
        "A revealed Hoard can cut a corner of the dungeon off, since nobody crosses it. If you are in such a "
        "corner with fewer than three Power-Ups, with **no revealed Pourtal** you can walk to, **no face-down "
        "room** touching the rooms you can walk to, and **nothing in hand** that moves you out, then (and only "
        "then) your turn's action may be **go back to START**.")
    return LessonStep("stranded", _title("stranded"), _rules("stranded"), text, (a, b))


# ============================================================================ 16. hoard


HOARD_MOMENTS = (("fight", "you fight the Guardian anyway"), ("ends", "your turn ends at once"),
                 ("dash", "you may still play your Dash"), ("hidden", "the Hoard goes back face down"))


@lru_cache(maxsize=None)
def _hoard():
    g = BarcadiaGame(players=2)
    hexes = [(2, 0), (3, -1)]
    s = _position(g, hexes, {1: "mini-fizzicorn"},
                  {0: {"at": 1, "hand": ["dash"], "powerups": ["fizzing-gauntlets", "crown-of-froth"]},
                   1: {"at": 0}})
    revealed = _play(g, s, ["p1 reveal r2", "room r2 drink-hoard"])
    what = {"fight": any(f.kind == "guardian" for f in revealed.stack) or revealed.phase == "over",
            "ends": revealed.active != 0 or not revealed.in_turn,
            "dash": Move(0, "play", ("dash",)) in g.legal_moves(revealed, 0),
            "hidden": not revealed.rooms[2].up}
    s2 = _position(g, hexes, {1: "mini-fizzicorn", 2: {"card": "drink-hoard", "up": True, "traps": 1}},
                   {0: {"at": 1, "hp": 50, "hand": ["courage"],
                        "powerups": ["fizzing-gauntlets", "lucky-bottle-cap", "crown-of-froth"]}, 1: {"at": 0}})
    at_trap = _play(g, s2, ["p1 claim"])
    trap = g.battle_odds(at_trap)
    at_guardian = _play(g, at_trap, ["roll p1 12"])
    guardian = g.battle_odds(at_guardian)
    won = _play(g, at_guardian, ["roll p1 17"])
    return g, s, revealed, what, s2, at_trap, trap, at_guardian, guardian, won


def _step_hoard() -> LessonStep:
    g, s, revealed, what, s2, at_trap, trap, at_guardian, guardian, won = _hoard()
    right = next(k for k, v in what.items() if v)
    a = Choose("You hold two Power-Ups and a **Dash**. You reveal **r2**: it is **the Drink Hoard**. What happens?",
               _choice_check(right, {"fight": "hoard-fight-anyway", "dash": "hoard-dash", "hidden": "hoard-hidden"},
                             "with fewer than three Power-Ups, revealing the Hoard ends your turn on the spot: no "
                             "Dash, no jump. The Hoard stays face up for everyone."),
               options=HOARD_MOMENTS, hint="Who may face the Guardian at all?",
               solution=Solution(dict(HOARD_MOMENTS)[right], "; ".join(
                   f"{w}: {'yes' if what[k] else 'no'}" for k, w in HOARD_MOMENTS) + "."))
    k = at_trap.rooms[2].traps
    hp = at_trap.players[0].hp
    survive = odds.trap_odds(k, hp, trap.bonus).survive
    p = survive * guardian.p_win
    level = g.content.guardian.level
    bonus = sum(b.amount for b in roll_bonuses(g, s2, 0, "monster"))
    courage = dict(g.content.loot["courage"].effects)["roll_mod"]
    mis = [("gdg-bonus", survive * odds.win_probability("monster", level=level, bonus=bonus)),
           ("gdg-bonus-and-card", survive * odds.win_probability("monster", level=level, bonus=bonus + courage)),
           ("gdg-reroll", survive * odds.win_probability_with_redos(guardian.p_win, 1)),
           ("gdg-trap-blocks", trap.p_win ** k * guardian.p_win),
           ("gdg-strict", survive * odds.win_probability("monster", level=level + 1))]
    b = Chance(f"Later. You stand next to the revealed Hoard with **Fizzing Gauntlets** (+2 against Monsters), "
               f"**Lucky Bottle Cap** (one reroll in Monster battles), **Crown of Froth**, a **Courage** card and "
               f"{hp} HP. One trap lies on the Hoard. You claim it: what is your chance to **beat the Guardian**?",
               _chance_check(p, mis, f"the trap cannot stop you at {hp} HP (it costs 10 at worst); then a plain "
                                     f"{level} or more on one die, whatever you hold."),
               hint="List what would help against a Monster, then cross all of it out.",
               solution=_odds_solution(guardian.p_win, guardian.explanation,
                                       f"The Lucky Bottle Cap gives no reroll and the Courage card no bonus here "
                                       f"(G41). The trap comes first: " + (
                                           f"at {hp} HP it cannot stop you (it costs 10 at worst)." if survive == 1
                                           else f"you survive it with chance {_chance_words(survive)}.")))
    c = _roll_part("**Roll**: first for the trap, then against the Guardian.", g, at_trap, won,
                   ((0, 12), (0, 17)), buttons=(("trap", "Roll for the trap"), ("guardian", "Roll against the "
                                                                                        "Guardian")))
    text = (
        "Revealing the Hoard with **fewer than three Power-Ups** ends your turn on the spot, and the Hoard stays "
        "face up. With three, you must fight its **Grand Drink Guardian** at once: one d20, **15 or more**, and "
        "nothing can change that roll (no Power-Up, no card, no Signature Move, no reroll). Later, from a room "
        "next to the revealed Hoard, *Claim the Hoard* is an action. Traps on the Hoard are rolled first, as for "
        "any room. Lose, and you drink 10 and stay out; win, and the game is yours.")
    return LessonStep("hoard", _title("hoard"), _rules("hoard"), text, (a, b, c))


# ============================================================================ 17. variants


CRIT_OUTCOMES = (("win", "the 20 wins the battle"),
                 ("cards", "you lose; you draw a Loot Card, and Ada gives one of hers to a player she chooses"),
                 ("nothing", "you lose, and nothing else happens"),
                 ("damage", "you lose; Ada drinks 10 more for her 1"))
FRENZY_WHO = (("0", "you"), ("1", "Ada"), ("2", "Bo"), ("nobody", "nobody yet: the Guardian is not beaten"))
PTRAP_OUTCOMES = (("blocked", "it stays blocked until a later try succeeds; nothing else happens"),
                  ("damage", "you drink 10, as for a trap in a room"),
                  ("lost", "the Crown of Froth goes back to the deck"),
                  ("again", "you may try again at once"))


@lru_cache(maxsize=None)
def _crits():
    g = BarcadiaGame(players=3, crits=True, characters=["barbarian", "rogue", "wizard"])
    s = _position(g, [(2, 0), (3, 0)], {1: "mini-fizzicorn"},
                  {0: {"at": 1}, 1: {"at": 0, "hand": ["thirst-aid"]}, 2: {"at": 0}})
    fate = Fate(draws=("dash",))
    rolled = _play(g, s, ["p1 reveal r2", "room r2 cerbubble", "p1 choose p2", "roll p1 20", "roll p2 1"], fate)
    gives = any(f.kind == "critgive" and f.who == 1 for f in rolled.stack)
    settled = rolled
    if gives:
        settled = _play(g, rolled, [next(m for m in g.legal_moves(rolled) if m.verb == "give")], fate)
    card = g.content.rooms["cerbubble"]
    what = {"win": settled.players[0].at == 2,
            "drew": len(rolled.players[0].hand) > len(s.players[0].hand),
            "gives": gives,
            "extra": (s.players[1].hp - settled.players[1].hp) > card.damage}
    right = ("win" if what["win"] else "cards" if what["drew"] and what["gives"] else
             "damage" if what["extra"] else "nothing")
    return g, s, rolled, settled, what, right


@lru_cache(maxsize=None)
def _frenzy():
    g = BarcadiaGame(players=3, frenzy=True)
    lay = _layout([(2, 0), (3, 0)], g.n_rooms)
    left = dict(g.dungeon_counts)
    tiles = []
    for t in ("monster", "team", "boss", "reward", "pourtal", "hoard"):
        ids = [c.id for c in g.content.rooms.values() if c.type == t]
        tiles += ids[: left[t] - (1 if t == "pourtal" else 0)]
    last = 2
    rooms = {}
    k = 0
    for i in range(1, g.n_rooms + 1):
        if i != last:
            rooms[i] = tiles[k]
            k += 1
    free = [i for i in range(3, g.n_rooms + 1) if g.content.rooms[rooms[i]].type not in ("hoard",)]
    players = {0: {"at": 1, "powerups": ["fizzing-gauntlets", "crown-of-froth", "bubble-boots", "coaster-shield"]},
               1: {"at": free[0], "powerups": ["friendship-flask", "stir-stick-rapier", "dowsing-straw",
                                                "periscope-straw"]},
               2: {"at": free[1], "powerups": ["bottomless-satchel", "lucky-bottle-cap"]}}
    s = g.position(layout=lay, rooms=rooms, players=players)
    pourtal = next(c.id for c in g.content.rooms.values() if c.type == "pourtal" and c.id not in tiles)
    over = _play(g, s, [f"p1 reveal r{last}", f"room r{last} {pourtal}"])
    return g, s, over


@lru_cache(maxsize=None)
def _power_traps():
    g = BarcadiaGame(players=2, power_traps=True)
    s = _position(g, [(2, 0)], {1: "mini-fizzicorn"},
                  {0: {"at": 1, "powerups": ["crown-of-froth"], "power_traps": ["crown-of-froth"]}, 1: {"at": 0}})
    tried = _play(g, s, ["p1 disarm crown-of-froth", "roll p1 7"])
    what = {"blocked": "crown-of-froth" in tried.players[0].power_traps and "crown-of-froth" in tried.players[0].powerups,
            "damage": tried.players[0].hp < s.players[0].hp,
            "lost": "crown-of-froth" not in tried.players[0].powerups,
            "again": Move(0, "disarm", ("crown-of-froth",)) in g.legal_moves(tried, 0)}
    right = ("blocked" if what["blocked"] and not (what["damage"] or what["again"]) else
             next(k for k in ("damage", "lost", "again") if what[k]))
    return g, s, tried, what, right


def _step_variants() -> LessonStep:
    g, s, rolled, settled, what, right = _crits()
    card = g.content.rooms["cerbubble"]
    a = Choose(f"**Crits** are on. You fight **{card.name}**, a team battle of level {card.level}, with Ada; nobody "
               f"has a bonus. You roll a natural **20**, Ada rolls a **1**: {20 + 1} in all. What happens?",
               _choice_check(right, {"win": "crit-wins", "nothing": "crit-off", "damage": "crit-damage"},
                             "the dice decide the battle as always; with Crits on, your 20 draws you a Loot Card "
                             "and Ada's 1 makes her hand one of hers to a player she picks."),
               options=CRIT_OUTCOMES, hint="The dice decide the battle; Crits only move cards.",
               solution=Solution(dict(CRIT_OUTCOMES)[right],
                                 f"{21} < {card.level}: lost. Your 20: you draw a card (P8). Ada's 1: she gives one "
                                 f"of her cards away."))
    fg, fs, over = _frenzy()
    winners = frozenset(str(p) for p in over.winners)
    counts = {str(p): len(pl.powerups) for p, pl in enumerate(fs.players)}
    mis = {"nobody": "frenzy-guardian"}
    for p in winners:
        mis[("missing", p)] = "frenzy-tiebreak"
    b = Choose("**Power-Up Frenzy** is on (no cap on Power-Ups). You hold 4 Power-Ups, Ada 4, Bo 2. You reveal the "
               "**last face-down room**: a Pourtal, and you step in. **Who wins?** (choose everyone who does)",
               _choice_check(winners, mis, "every room is face up, so the game ends; the most Power-Ups wins and "
                                           "tied leaders share."),
               options=FRENZY_WHO, many=True, hint="In Frenzy, what ends the game, and who has the most?",
               solution=Solution(" and ".join(_who(int(p)) for p in sorted(winners)),
                                 ", ".join(f"{_who(int(p))} {k}" for p, k in counts.items()) +
                                 " Power-Ups; the game ended when the last room was revealed (H-EXP10)."))
    pg, ps, tried, pwhat, pright = _power_traps()
    c = Choose("**Power Traps** are on. Ada put a trap on your **Crown of Froth**. On your turn you roll to free it "
               "and get a **7**. What happens?",
               _choice_check(pright, {"damage": "ptrap-damage", "lost": "ptrap-lost", "again": "ptrap-again"},
                             "10 or more frees it; a miss costs nothing, and you may try once on each of your "
                             "turns. The blocked Crown still counts toward your three."),
               options=PTRAP_OUTCOMES, hint="A Power Trap only blocks; it never hurts.",
               solution=Solution(dict(PTRAP_OUTCOMES)[pright], "; ".join(
                   f"{w}: {'yes' if pwhat[k] else 'no'}" for k, w in PTRAP_OUTCOMES) + "."))
    text = (
        "Four switches for experienced players, each an option of a new game:\n\n"
        "- **Versatile Starting Point**: the seven START hexes in any connected shape.\n"
        "- **Crits**: a natural 1 makes you give one of your Loot Cards to a player you choose; a natural 20 "
        "draws you one. Results never change.\n"
        "- **Power Traps**: a Trap card may go on an opponent's Power-Up and block it until they roll 10+ on "
        "their own turn (one free try a turn, no damage).\n"
        "- **Power-Up Frenzy**: no cap; beating the Guardian gives two Power-Ups instead of the win; when no "
        "room is face down any more, the most Power-Ups wins (ties share). If the Power-Up deck runs dry, a "
        "Power-Up reward may be taken from an opponent instead.")
    return LessonStep("variants", _title("variants"), _rules("variants"), text, (a, b, c))


# ============================================================================ 18. diy


DIY_NAME = "Your Own Card"
DIY_WINDOWS = ("your_turn", "between_turns", "battle", "after_loss")
DIY_WINDOW_WORDS = {"your_turn": "your turn", "between_turns": "between turns", "battle": "in a battle",
                    "after_loss": "after a loss"}
DIY_EFFECTS = (("heal", 10), ("heal", 20), ("heal", 30), ("draw", 1), ("draw", 2), ("damage", 10),
               ("place_trap", 1), ("roll_mod", 2), ("level_mod", 2), ("extra_action", 1))


def _diy_spec(picked) -> dict:
    """The card the learner's chips describe (``w:<window>``, ``c:<colour>``, ``e:<verb>:<amount>``)."""
    picked = list(picked)
    windows = [p[2:] for p in picked if p.startswith("w:")]
    colours = [p[2:] for p in picked if p.startswith("c:")]
    effects = []
    for p in picked:
        if p.startswith("e:"):
            _, verb, amount = p.split(":")
            effects.append((verb, int(amount)))
    effects.sort(key=lambda e: DIY_EFFECTS.index(e) if e in DIY_EFFECTS else len(DIY_EFFECTS))
    return {"windows": windows, "colours": colours, "effects": effects}


def _diy_draw(sel) -> str:
    from .content import COLOURS
    from .drawing import LOOT_COLOURS
    from .effects import VERBS

    spec = _diy_spec(sel)
    chosen = set(sel)
    parts = [svg.rect(0, 0, 640, 300, rx=12, fill="#fbf6ea")]

    def chip(x, y, w, id_, label, colour="#4a6fa5"):
        on = id_ in chosen
        return svg.group([svg.rect(x, y, w, 24, rx=12, fill=colour if on else "#fff", stroke=colour, stroke_width=1.5),
                          svg.text(x + w / 2, y + 16, label, text_anchor="middle", font_size=12,
                                 fill="#fff" if on else "#333")],
                         class_="chip" + (" on" if on else ""), data_id=id_, role="button",
                         aria_label=label + (" (chosen)" if on else ""), aria_pressed="true" if on else "false")

    parts.append(svg.text(16, 24, "When may it be played?", font_size=13, font_weight=700, fill="#4a4232"))
    for k, w in enumerate(DIY_WINDOWS):
        parts.append(chip(16 + 122 * k, 32, 116, f"w:{w}", DIY_WINDOW_WORDS[w]))
    parts.append(svg.text(16, 80, "Colour", font_size=13, font_weight=700, fill="#4a4232"))
    for k, c in enumerate(COLOURS):
        parts.append(chip(16 + 78 * k, 88, 72, f"c:{c}", c, LOOT_COLOURS.get(c, "#777")))
    parts.append(svg.text(16, 136, "Effects (each costs points)", font_size=13, font_weight=700, fill="#4a4232"))
    for k, (verb, amount) in enumerate(DIY_EFFECTS):
        x, y = 16 + 122 * (k % 5), 144 + 32 * (k // 5)
        label = f"{verb.replace('_', ' ')} {amount:+d}" if verb in ("roll_mod", "level_mod") else \
            f"{verb.replace('_', ' ')} {amount}" if verb not in ("place_trap", "extra_action") else verb.replace("_", " ")
        parts.append(chip(x, y, 116, f"e:{verb}:{amount}", label, "#7a5a2e"))
    cost = sum(VERBS[v].cost(a) for v, a in spec["effects"])
    lines = [f"{DIY_NAME}"]
    lines.append("window: " + (", ".join(DIY_WINDOW_WORDS[w] for w in spec["windows"]) or "?"))
    lines.append("effects: " + ("; ".join(VERBS[v].words(a) for v, a in spec["effects"]) or "none yet"))
    parts.append(svg.rect(16, 218, 608, 70, rx=10, fill="#fff", stroke=LOOT_COLOURS.get(
        spec["colours"][0] if spec["colours"] else "", "#bbb"), stroke_width=3))
    for k, t in enumerate(lines):
        parts.append(svg.text(28, 240 + 18 * k, t, font_size=12 if k else 14, font_weight=700 if not k else 400,
                              fill="#333"))
    parts.append(svg.text(612, 240, f"cost {cost} of 3", text_anchor="end", font_size=13, font_weight=700,
                          fill="#b3261e" if cost > 3 else "#2a6420", class_="cost"))
    return svg.svg(parts, 640, 300, role="group", aria_label="a blank Loot Card to design", class_="bw-bc-diy",
                   font_family="system-ui, -apple-system, 'Segoe UI', sans-serif")


def _diy_check(picked) -> Feedback:
    from .content import diy_card

    spec = _diy_spec(picked)
    if len(spec["windows"]) != 1:
        return _no("Choose exactly one window.")
    if len(spec["colours"]) != 1:
        return _no("Choose one colour.")
    if not spec["effects"]:
        return _no("Give your card an effect.")
    try:
        card = diy_card(name=DIY_NAME, colour=spec["colours"][0], window=spec["windows"][0], effects=spec["effects"])
    except InvalidInput as e:
        text = str(e)
        if "budget" in text:
            return _mis("diy-over-budget")
        if "cannot be played" in text:
            return _mis("diy-wrong-window")
        if "at most once" in text:
            return _mis("diy-verb-twice")
        problems = getattr(e, "problems", [(None, text)])
        return _no(problems[0][1], problems[0][0])
    if card.window != "between_turns":
        return _mis("diy-wrong-moment")
    if not any(v == "heal" for v, _ in card.effects):
        return _mis("diy-no-heal")
    note = " Red works too: colours change nothing." if card.colour != "blue" else ""
    return _right(f"the engine accepts {card.name}: {card.text}{note}", "H-LOOT6")


def _step_diy() -> LessonStep:
    ex = _pick("Design a card a player can use **between turns** to get ready for a room full of traps: **it must "
               "heal**, and it may do more, within the budget. Click the chips; the card shows below.",
               _diy_check, _diy_draw, mode="set", label="the card designer",
               hint="Start with the heal, look at the cost, then add what fits.",
               solution=Solution("for example: between turns, heal 20 and draw 1 (cost 3)",
                                 "Heal costs 1 per 10 HP and draw 1 per card; a card may cost 3 at most, each effect "
                                 "once, each in a window where it works.",
                                 picks=("w:between_turns", "c:blue", "e:heal:20", "e:draw:1")))
    text = (
        "The box has blank cards for house rules. Here a blank card is data: a name, a colour, a window and up to "
        "three effects from a small list, each with a cost; **a card may cost 3 at most**. Colours only sort the "
        "cards by theme and change nothing. A DIY card joins the Loot deck like any other: drawn, played, "
        "discarded, and shuffled back in when the deck runs out.")
    return LessonStep("diy", _title("diy"), _rules("diy"), text, ex)


# ============================================================================ 19. play


PLAY_SEED = 0  # a seed whose "Show me" game the learner's seat wins (a test checks it)
#: the sample DIY card shuffled into the deck of the last step (a card like the one of step 18)
PLAY_DIY = {"name": "Picnic Potion", "colour": "blue", "window": "between_turns",
            "effects": [["heal", 20], ["draw", 1]]}


@dataclass(frozen=True)
class _Table:
    """The game of the ``play`` step after some clicks: the state, the next chance/bot index, the log."""

    state: Any
    k: int
    log: tuple = ()
    message: str = ""
    dice: tuple = ()


@lru_cache(maxsize=None)
def _play_game():
    g = BarcadiaGame(players=2, dungeon="cozy", turn_limit=40, diy=[PLAY_DIY])
    s = g.position(players={0: {"hand": ["dash", "thirst-aid", "courage"],
                                "powerups": ["fizzing-gauntlets", "bubble-boots"]},
                            1: {"hand": ["redo", "boost", "trap"], "powerups": ["crown-of-froth", "coaster-shield"]}})
    return g, s


def _advance(g, state, k: int, log=(), dice=()) -> _Table:
    """Chance (seeded) and the bot (seat 2) move until you decide or the game is over."""
    import random

    from .bots import make_bot

    log, dice = list(log), tuple(dice)
    for _ in range(5000):
        if g.is_over(state):
            break
        if g.is_chance(state):
            outs = g.chance_outcomes(state)
            rng = random.Random(f"{PLAY_SEED}-chance-{k}")
            m = rng.choices([m for m, _ in outs], weights=[p for _, p in outs])[0]
        elif g.to_move(state) == (1,):
            m = make_bot("greedy", f"{PLAY_SEED}-bot-{k}").choose(g, g.view(state, 1), 1)
        else:
            break
        if m.verb == "roll":
            dice = (dice + ((m.args[0], m.args[1]),))[-2:]
        if m.player is not None or m.verb in ("roll", "room", "power"):
            log.append(_words(g, state, m))
        state = g.apply(state, m)
        k += 1
    return _Table(state, k, tuple(log[-6:]), "", dice)


def _room_moves(g, state) -> dict:
    """Room id -> the one move of yours that targets it (rooms two moves target are left to the list)."""
    by_room: dict = {}
    for m in g.legal_moves(state, 0):
        room = _move_room(m)
        if room is not None:
            by_room.setdefault(room_name(room), []).append(m)
    return {r: ms[0] for r, ms in by_room.items() if len(ms) == 1}


def _move_room(m):
    if m.verb in ("reveal", "enter", "teleport", "duel", "rig", "scout") and m.args:
        return m.args[0]
    if m.verb == "pick" and m.args and m.args[0] == "r":
        return m.args[1]
    if m.verb == "place":
        return m.args[1]
    return None


def _listed_moves(g, state) -> list:
    """Your moves that are not a click on a room, in the engine's order."""
    by_room = _room_moves(g, state)
    taken = set(by_room.values())
    return [m for m in g.legal_moves(state, 0) if m not in taken]


@lru_cache(maxsize=4096)
def _table(sel: tuple) -> _Table:
    g, s = _play_game()
    if not sel:
        return _advance(g, s, 0)
    prev = _table(sel[:-1])
    state = prev.state
    if g.is_over(state) or g.to_move(state) != (0,):
        return replace(prev, message="The game is over." if g.is_over(state) else "")
    id_ = sel[-1].split("@")[0]
    m = None
    if id_.startswith("m") and id_[1:].isdigit():
        listed = _listed_moves(g, state)
        i = int(id_[1:])
        m = listed[i] if i < len(listed) else None
    else:
        m = _room_moves(g, state).get(id_)
        if m is None:
            from .drawing import parse_id

            pid = parse_id(id_)
            if pid and pid[0] == "room":
                i = pid[1]
                guess = Move(0, "enter" if (i == START or state.rooms[i].up) else "reveal", (i,))
                rule, why = g.why_illegal(state, guess)
                return replace(prev, message=f"{room_name(i)}: {why} (rule {rule})")
    if m is None:
        return replace(prev, message="")
    log = prev.log + (_words(g, state, m),)
    return _advance(g, g.apply(state, m), prev.k, log, prev.dice)


def _play_draw(sel) -> str:
    g, _ = _play_game()
    t = _table(tuple(sel))
    state = t.state
    n = len(sel)
    board = _board(g, state, dice=t.dice, fight=-1)
    board = re.sub(r'data-id="([^"]+)"', lambda mm: f'data-id="{mm.group(1)}@{n}"', board)
    w, h = _size(board)
    board = board.replace("<svg ", f'<svg x="0" y="0" width="{w:g}" height="{h:g}" ', 1)
    rows = []
    y = h + 16
    pl = state.players
    hand = ", ".join(g.content.loot[c].name for c in pl[0].hand) or "empty"
    rows.append(svg.text(14, y, f"You (player 1): {pl[0].hp} HP, {len(pl[0].powerups)} Power-Ups; your hand: {hand}",
                         font_size=10.5, font_weight=700, fill="#333"))
    y += 15
    rows.append(svg.text(14, y, f"Bot (player 2): {pl[1].hp} HP, {len(pl[1].powerups)} Power-Ups, {len(pl[1].hand)} Loot Cards",
                         font_size=10.5, font_weight=700, fill="#333"))
    y += 18
    if g.is_over(state):
        rows.append(svg.text(14, y, "The game is over: " + ("you won!" if 0 in state.winners else "the bot won.")
                             + " Press Check.", font_size=11.5, font_weight=700, fill="#1b7f3b"))
        y += 16
    else:
        pend = g.pending(g.view(state, 0))
        rows.append(svg.text(14, y, (pend.text if pend.deciding else "") + " (click a room, or a move below)",
                             font_size=10.5, fill="#1e4f8a"))
        y += 7
        for i, m in enumerate(_listed_moves(g, state)):
            label = _words(g, state, m)
            rows.append(svg.group([svg.rect(14, y, w - 28, 18, rx=7, fill="#eef4fb", stroke="#9cb8dc"),
                                   svg.text(22, y + 12.5, label, font_size=10, fill="#1e3c66")],
                                  class_="move", data_id=f"m{i}@{n}", role="button", aria_label=label))
            y += 21
    if sel:
        rows.append(svg.group([svg.rect(14, y, 170, 18, rx=7, fill="#fff", stroke="#bbb"),
                               svg.text(22, y + 12.5, "↶ take back your last move", font_size=10, fill="#555")],
                              class_="move undo", data_id=sel[-1], role="button", aria_label="take back your last move"))
        y += 21
    if t.message:
        rows.append(svg.text(14, y + 11, t.message, font_size=10, fill="#8a4b00"))
        y += 16
    y += 6
    for line in t.log:
        rows.append(svg.text(14, y + 10, "· " + line, font_size=9.5, fill="#555"))
        y += 14
    return svg.svg([board] + rows, w, y + 10, role="group", aria_label="a game against a bot", class_="bw-bc-play",
                   font_family="system-ui, -apple-system, 'Segoe UI', sans-serif")


@lru_cache(maxsize=None)
def _play_shown() -> tuple:
    """The clicks of a game where a bot plays your seat (what *Show me* replays)."""
    from .bots import make_bot

    sel: tuple = ()
    for _ in range(600):
        t = _table(sel)
        g, _ = _play_game()
        state = t.state
        if g.is_over(state):
            break
        m = make_bot("greedy", f"{PLAY_SEED}-you-{len(sel)}").choose(g, g.view(state, 0), 0)
        by_room = {v: k for k, v in _room_moves(g, state).items()}
        listed = _listed_moves(g, state)
        id_ = by_room.get(m) or f"m{listed.index(m)}"
        sel = sel + (f"{id_}@{len(sel)}",)
    return sel


def _play_check(seq) -> Feedback:
    g, _ = _play_game()
    t = _table(tuple(seq))
    if not g.is_over(t.state):
        return _no("Play on until the game is over (or press Show me to watch a bot play your seat).")
    return _right(_play_result(g, t.state), "H-OBJ1")


def _play_result(g, state) -> str:
    why = ". ".join(st.reason for st in g.result_trace(state)) + "."
    lead = ("You share the win. " if len(state.winners) > 1 and 0 in state.winners else "You won! "
            if 0 in state.winners else "The bot won this time. ")
    return lead + why


def _step_play() -> LessonStep:
    g, s = _play_game()
    ex = _pick("**Win the game.** Click a room to reveal or enter it; other moves (cards, passing, ending your turn) "
               "are listed under the board.", _play_check, _play_draw, mode="sequence", label="a game against a bot",
               hint="Three Power-Ups first; then find the Hoard and stand next to it.",
               solution=lambda: Solution("a whole game, played by a bot in your seat",
                                         _play_result(g, _table(_play_shown()).state),
                                         picks=_play_shown()))
    text = (
        "Time to play. Two players, you and a bot, on a ready-built dungeon of 30 rooms; each of you starts with "
        "two Power-Ups, so the race to three is short. Somewhere a **Picnic Potion** is shuffled into the Loot "
        "deck, a home-made card like yours. The bot's hand is hidden from you, just as yours is from it; its "
        "Power-Ups, HP and cup are on the table. The game ends when someone takes the Hoard, or after 40 turns "
        "(then the most Power-Ups wins).")
    return LessonStep("play", _title("play"), _rules("play"), text, ex)


# ============================================================================ the lesson and the notebook face

_BUILDERS = {"goal": _step_goal, "build": _step_build, "turn": _step_turn, "enter": _step_enter,
             "monster": _step_monster, "team": _step_team, "redo": _step_redo, "boss": _step_boss,
             "traps": _step_traps, "heal": _step_heal, "death": _step_death, "fourth": _step_fourth,
             "pourtal": _step_pourtal, "duel": _step_duel, "stranded": _step_stranded, "hoard": _step_hoard,
             "variants": _step_variants, "diy": _step_diy, "play": _step_play}


@lru_cache(maxsize=None)
def lesson() -> Lesson:
    """The tutorial as a :class:`~balada_widgets.kit.lesson.Lesson` (built once, on first use).

    Built once and shared by every learner (every page of the app): immutable data, its positions and
    its caches (``lru_cache`` above: positions, the last step's game as a function of the clicks) are the
    same for everybody. What one learner does lives in their own tutorial (its progress, and
    :func:`~balada_widgets.kit.lesson.learner_store`), never here.
    """
    return Lesson("Heroes of Barcadia", tuple(_BUILDERS[s.id]() for s in STEPS))


_FACE = NotebookFace(lesson, [s.id for s in STEPS],
                     lambda: f"no such step in the Heroes of Barcadia tutorial; the steps are {', '.join(s.id for s in STEPS)}")


def tutorial():
    """The notebook face of the lesson (one per kernel, so every cell shares the progress)."""
    return _FACE.tutorial()


def step(step_id: Optional[str] = None):
    """Show step ``step_id`` of the tutorial (the last expression of a notebook cell): ``step("boss")``.

    :raises InvalidInput: no step has that id (the message lists them).
    """
    return _FACE.step(step_id)
