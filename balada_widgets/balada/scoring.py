"""Scoring a Balada map side: the hero's walk, step by step, with every choice.

A *side* is the path of 12 spaces of one map side. Each space has a
landscape (``F`` Forest, ``D`` Desert, ``M`` Mountains) and an event, written
in the text form ``L:EV``::

    F:O2 D:.. M:FT ...

``EV`` is ``O1``..``O9`` (an obstacle of that printed value), ``FT`` fountain,
``SW`` sword, ``BS`` boss, ``PT`` portal, ``TW`` tower, ``FI`` fish, ``KY`` key,
``CH`` chest, ``PR`` princess or ``..`` (empty). For scoring the ``L:`` prefixes
may be left out.

The rulings (``RULINGS.md`` B5-B17, in our words):

- **B5 Portal.** Before the walk, each Portal (left to right) may take one event
  from another space (never a Portal); that space becomes empty. Optional.
- **B6** The walk goes from space 1 to space 12 carrying injuries and swords
  (kept from round 1 into round 2) and a key (this round only).
- **B7 Obstacle.** Effective value = printed value + Towers directly left and
  right. With a sword the player may spend it: + effective value, no injury.
  Otherwise the hero takes that many injuries; at 6 or more the hero is
  knocked down: injuries return to 0 and score nothing.
- **B8 Fountain.** + current injuries, then injuries = 0.
- **B9 Sword.** + 1 sword.
- **B10 Boss** at space *i* is worth ``12 - i + 1``; with 2 swords the player
  may spend both to defeat it for that many points.
- **B11 Tower.** + 2 if the hero holds the key (not spent).
- **B12 Fish.** At the end of the round *n* Fish score *n* x *n*.
- **B13 Key.** Held for the rest of the round.
- **B14 Chest.** With the key: + spaces strictly between the first Key and the
  Chest; or with a sword: + 3 (sword spent); never both; or leave it.
- **B15 Princess.** + the sum of the Dangers in the unbroken run directly
  before her: an obstacle that did not knock the hero down (effective value,
  with or without a sword), a defeated Boss (its value), a Tower (0). Anything
  else ends the run.
- **B16** Every choice is the player's; :func:`score_side` finds the choices
  with the most points.

Project rulings where the rule text is silent (tested in
``tests/balada/test_scoring.py``):

- **P1 tie-break of the advice.** Among choices worth the same points the
  advice keeps more swords, then fewer injuries, then spends nothing it need
  not (sword before key on a chest only if it scores more).
- **P2 portals.** Portals are resolved left to right; an event that an earlier
  Portal received may be moved on by a later Portal (a Portal itself never
  moves). A Portal that takes nothing stays a Portal: it scores nothing and,
  like an empty space, breaks the Princess's run.
- **P3 key before chest.** The key counts only if a Key lies on a space before
  the Chest (the hero picks it up on the way); with several, the first counts.

Examples
--------
The rule text's worked examples:

>>> score_side("O3 O2 FT .. .. .. .. .. .. .. .. ..").points
5
>>> r = score_side(".. .. .. .. .. BS .. .. .. .. .. ..", swords=2)
>>> r.points, r.swords
(7, 0)
>>> r = score_side("FT TW O2 BS PR .. .. .. .. .. .. ..", swords=2)
>>> [s.points for s in r.trace if s.rule == "B15"]
[12]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from ..core.errors import IllegalMove, InvalidInput
from ..core.trace import Trace, TraceStep

LANDSCAPES = {"F": "Forest", "D": "Desert", "M": "Mountains"}
EVENT_NAMES = {
    "FT": "Fountain", "SW": "Sword", "BS": "Boss", "PT": "Portal", "TW": "Tower",
    "FI": "Fish", "KY": "Key", "CH": "Chest", "PR": "Princess",
}
for _v in range(1, 10):
    EVENT_NAMES[f"O{_v}"] = f"Obstacle {_v}"
EMPTY = ".."
SIDE_LENGTH = 12
KNOCKDOWN = 6

#: options of each kind of decision
OBSTACLE_OPTIONS = ("sword", "endure")
BOSS_OPTIONS = ("fight", "pass")
CHEST_OPTIONS = ("key", "sword", "leave")
ENDURE, PASS, LEAVE, KEY_LEAVE, SWORD_LEAVE = ("endure",), ("pass",), ("leave",), ("key", "leave"), ("sword", "leave")
NO_CHOICE = ("",)
#: what a space asks of the player: nothing, obstacle, boss, chest with a Key before it, chest without
KIND_NONE, KIND_OBSTACLE, KIND_BOSS, KIND_CHEST_KEY, KIND_CHEST = range(5)


def event_name(ev: str | None) -> str:
    return "empty" if ev is None else EVENT_NAMES.get(ev, ev)


def is_obstacle(ev: str | None) -> bool:
    return ev is not None and len(ev) == 2 and ev[0] == "O" and ev[1].isdigit() and ev[1] != "0"


@dataclass(frozen=True)
class Space:
    """One space of a side: landscape (or None when unknown) and event (None: empty)."""

    landscape: str | None
    event: str | None

    def text(self, landscapes: bool = True) -> str:
        ev = self.event or EMPTY
        return f"{self.landscape}:{ev}" if landscapes and self.landscape else ev


Side = tuple  # tuple[Space, ...]


def parse_space(token: str, where: int | None = None) -> Space:
    """Parse one ``L:EV`` (or ``EV``) token."""
    at = f" at space {where}" if where is not None else ""
    land, _, ev = token.rpartition(":")
    land = land.upper() or None
    ev = ev.upper()
    if land is not None and land not in LANDSCAPES:
        raise InvalidInput(f"unknown landscape {land!r}{at}; use F, D or M", move=token)
    if ev == EMPTY:
        return Space(land, None)
    if ev not in EVENT_NAMES:
        raise InvalidInput(f"unknown event {ev!r}{at}; use O1..O9, FT, SW, BS, PT, TW, FI, KY, CH, PR or ..",
                           move=token)
    return Space(land, ev)


def parse_side(side: str | Iterable, length: int | None = SIDE_LENGTH) -> Side:
    """A side from its text form or a list of tokens / :class:`Space`.

    >>> parse_side("F:O2 D:.. M:FT", length=None)[0]
    Space(landscape='F', event='O2')
    >>> parse_side("O2 XX", length=None)
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input 'XX': unknown event 'XX' at space 2; use O1..O9, FT, SW, BS, PT, TW, FI, KY, CH, PR or ..
    """
    if isinstance(side, tuple) and all(isinstance(s, Space) for s in side):
        out = side
    else:
        tokens = side.split() if isinstance(side, str) else list(side)
        out = tuple(t if isinstance(t, Space) else parse_space(str(t), i) for i, t in enumerate(tokens, 1))
    if length is not None and len(out) != length:
        raise InvalidInput(f"a side has {length} spaces, this one has {len(out)}", rule="B1")
    return out


def side_to_text(side: Side, landscapes: bool = True) -> str:
    return " ".join(s.text(landscapes) for s in side)


# --------------------------------------------------------------------------
# Choices
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Choices:
    """The player's choices for one side.

    ``portals``: ``((portal_space, source_space_or_None), ...)`` 1-based, in
    portal order. ``decisions``: ``{space: option}`` with the options
    ``"sword"``/``"endure"`` (obstacle), ``"fight"``/``"pass"`` (boss),
    ``"key"``/``"sword"``/``"leave"`` (chest).
    """

    portals: tuple = ()
    decisions: Mapping[int, str] = field(default_factory=dict)

    def __hash__(self):
        return hash((self.portals, tuple(sorted(self.decisions.items()))))

    def text(self) -> str:
        parts = [f"P{p}<{s if s else '-'}" for p, s in self.portals]
        parts += [f"{k}:{v}" for k, v in sorted(self.decisions.items())]
        return " ".join(parts)


def parse_choices(choices) -> Choices:
    """Accept a :class:`Choices`, a dict ``{space: option}`` or a text like ``"P4<9 3:sword"``."""
    if choices is None or isinstance(choices, Choices):
        return choices or Choices()
    if isinstance(choices, Mapping):
        return Choices((), {int(k): str(v) for k, v in choices.items()})
    portals, decisions = [], {}
    for tok in str(choices).split():
        try:
            if tok.upper().startswith("P") and "<" in tok:
                p, s = tok[1:].split("<")
                portals.append((int(p), None if s in ("-", "") else int(s)))
            else:
                k, v = tok.split(":")
                decisions[int(k)] = v.lower()
        except ValueError:
            raise InvalidInput(f"cannot read the choice {tok!r}; write e.g. 'P4<9' or '3:sword'") from None
    return Choices(tuple(portals), decisions)


# --------------------------------------------------------------------------
# Portals (B5)
# --------------------------------------------------------------------------


def portal_spaces(events: Sequence[str | None]) -> list[int]:
    return [i + 1 for i, e in enumerate(events) if e == "PT"]


def portal_sources(events: Sequence[str | None], portal: int) -> list[int]:
    """Spaces (1-based) whose event the Portal at ``portal`` may take (B5)."""
    return [i + 1 for i, e in enumerate(events) if e is not None and e != "PT" and i + 1 != portal]


def apply_portal(events: Sequence[str | None], portal: int, source: int | None) -> tuple:
    """Events after the Portal at ``portal`` takes the event of ``source``."""
    ev = list(events)
    if source is None:
        return tuple(ev)
    if not 1 <= portal <= len(ev) or ev[portal - 1] != "PT":
        raise IllegalMove(f"space {portal} holds no Portal", rule="B5", move=f"P{portal}<{source}")
    if source not in portal_sources(ev, portal):
        why = (f"there is no space {source}: the path has spaces 1 to {len(ev)}" if not 1 <= source <= len(ev) else
               "a Portal cannot take its own space" if source == portal else
               "a Portal cannot be moved" if ev[source - 1] == "PT" else "that space is empty")
        raise IllegalMove(why, rule="B5", move=f"P{portal}<{source}")
    ev[portal - 1], ev[source - 1] = ev[source - 1], None
    return tuple(ev)


def portal_layouts(events: Sequence[str | None], fixed: Mapping[int, int | None] | None = None) -> dict[tuple, tuple]:
    """Every layout reachable by the Portals: ``{events: portal choices}``.

    ``fixed`` maps some Portals to the source the player chose (``None``: keep
    nothing); the other Portals range over every choice (B5, P2).
    """
    fixed = dict(fixed or {})
    for p in fixed:
        if not 1 <= p <= len(events) or events[p - 1] != "PT":
            raise IllegalMove(f"space {p} holds no Portal", rule="B5", move=f"P{p}<{fixed[p] or '-'}")
    results = {tuple(events): ()}
    first_error = None
    for portal in portal_spaces(events):
        nxt: dict[tuple, tuple] = {}
        for ev, how in results.items():
            if portal in fixed:
                try:
                    nxt.setdefault(apply_portal(ev, portal, fixed[portal]), how + ((portal, fixed[portal]),))
                except IllegalMove as e:
                    first_error = first_error or e
                continue
            nxt.setdefault(ev, how + ((portal, None),))
            for src in portal_sources(ev, portal):
                nxt.setdefault(apply_portal(ev, portal, src), how + ((portal, src),))
        results = nxt
        if not results:
            raise first_error
    return results


# --------------------------------------------------------------------------
# The walk (B6-B15): one step function used by the optimiser, the scorer
# of the player's own choices and the interactive walk of the game
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Static facts of a side once the Portals are resolved."""

    events: tuple
    effective: tuple  # obstacle effective values (0 elsewhere)
    first_key: int  # 0-based index of the first Key, or -1
    fish: int
    kinds: tuple  # the choice each space offers: one of the KIND_* constants

    @classmethod
    def of(cls, events: Sequence[str | None]) -> "Layout":
        events = tuple(events)
        n = len(events)
        eff = []
        for i, e in enumerate(events):
            if is_obstacle(e):
                towers = (i > 0 and events[i - 1] == "TW") + (i < n - 1 and events[i + 1] == "TW")
                eff.append(int(e[1]) + towers)
            else:
                eff.append(0)
        first_key = events.index("KY") if "KY" in events else -1
        kinds = tuple(KIND_OBSTACLE if is_obstacle(e) else KIND_BOSS if e == "BS"
                      else (KIND_CHEST_KEY if 0 <= first_key < i else KIND_CHEST) if e == "CH" else KIND_NONE
                      for i, e in enumerate(events))
        return cls(events, tuple(eff), first_key, events.count("FI"), kinds)

    def boss_value(self, i: int) -> int:
        return len(self.events) - i

    def has_key(self, i: int) -> bool:
        return 0 <= self.first_key < i


@dataclass(frozen=True)
class Hero:
    """What the hero carries during the walk."""

    injuries: int = 0
    swords: int = 0
    run: int = 0  # sum of the Dangers in the unbroken run so far (B15)


def options_for(kind: int, swords: int) -> tuple[str, ...]:
    """The options a space of ``kind`` offers a hero with ``swords`` (one option: no choice)."""
    if kind == KIND_NONE:
        return NO_CHOICE
    if kind == KIND_OBSTACLE:
        return OBSTACLE_OPTIONS if swords >= 1 else ENDURE
    if kind == KIND_BOSS:
        return BOSS_OPTIONS if swords >= 2 else PASS
    if kind == KIND_CHEST_KEY:
        return CHEST_OPTIONS if swords >= 1 else KEY_LEAVE
    return SWORD_LEAVE if swords >= 1 else LEAVE


def options_at(layout: Layout, i: int, hero: Hero) -> tuple[str, ...]:
    """The options of the player at 0-based space ``i`` (one option: no choice)."""
    return options_for(layout.kinds[i], hero.swords)


def refuse_option(layout: Layout, i: int, hero: Hero, option: str) -> IllegalMove:
    """The error for an option not in :func:`options_at`."""
    e = layout.events[i]
    move = f"{i + 1}:{option}"
    if is_obstacle(e):
        if option == "sword":
            return IllegalMove("the hero has no sword to use on the obstacle", rule="B7", move=move)
        return IllegalMove(f"an obstacle is passed with 'sword' or 'endure', not {option!r}", rule="B7", move=move)
    if e == "BS":
        if option == "fight":
            return IllegalMove(f"defeating the Boss takes 2 swords; the hero has {hero.swords}", rule="B10",
                               move=move)
        return IllegalMove(f"a Boss is met with 'fight' or 'pass', not {option!r}", rule="B10", move=move)
    if e == "CH":
        if option == "key":
            return IllegalMove("the hero holds no key: no Key lies before this Chest", rule="B14", move=move)
        if option == "sword":
            return IllegalMove("the hero has no sword to open the Chest", rule="B14", move=move)
        return IllegalMove(f"a Chest is opened with 'key' or 'sword', or left: not {option!r}", rule="B14",
                           move=move)
    return IllegalMove(f"space {i + 1} ({event_name(e)}) offers no choice", rule="B16", move=move)


def gain(layout: Layout, i: int, inj: int, sw: int, run: int, option: str = "") -> tuple[int, int, int, int]:
    """The numbers of one step: ``(points, injuries, swords, run)`` after visiting 0-based space ``i``.

    The single source of the walk's arithmetic: :func:`step` adds the words,
    the optimiser calls it directly. ``option`` must be one of :func:`options_at`.
    """
    e = layout.events[i]
    if e is None:
        return 0, inj, sw, 0
    c = e[0]
    if c == "O" and e[1] != "0":  # obstacle (B7)
        v = layout.effective[i]
        if option == "sword":
            return v, inj, sw - 1, run + v
        inj += v
        if inj >= KNOCKDOWN:
            return 0, 0, sw, 0
        return 0, inj, sw, run + v
    if e == "FT":
        return inj, 0, sw, 0
    if e == "SW":
        return 0, inj, sw + 1, 0
    if e == "BS":
        if option == "fight":
            v = len(layout.events) - i
            return v, inj, sw - 2, run + v
        return 0, inj, sw, 0
    if e == "TW":
        return (2 if 0 <= layout.first_key < i else 0), inj, sw, run
    if e == "CH":
        if option == "key":
            return i - layout.first_key - 1, inj, sw, 0
        if option == "sword":
            return 3, inj, sw - 1, 0
        return 0, inj, sw, 0
    if e == "PR":
        return run, inj, sw, 0
    return 0, inj, sw, 0  # FI, KY, PT


def step(layout: Layout, i: int, hero: Hero, option: str = "") -> tuple[Hero, TraceStep]:
    """The hero visits 0-based space ``i`` choosing ``option``: new hero and the trace step."""
    if option not in options_at(layout, i, hero):
        raise refuse_option(layout, i, hero, option)
    pts, inj, sw, run = gain(layout, i, hero.injuries, hero.swords, hero.run, option)
    return Hero(inj, sw, run), TraceStep(i + 1, *_explain(layout, i, hero, option, pts, inj, sw))


def _explain(layout: Layout, i: int, hero: Hero, option: str, pts: int, inj: int, sw: int) -> tuple[str, int, str]:
    """Rule id, points and the reason in words of one step (numbers from :func:`gain`)."""
    e = layout.events[i]
    if e is None:
        # the trace names only what is on the side: the Princess's run, when a Princess comes later
        later = " (it breaks the run of Dangers before the Princess)" if "PR" in layout.events[i + 1:] else ""
        return "B6", 0, f"empty space: nothing happens{later}"
    if is_obstacle(e):
        v = layout.effective[i]
        extra = v - int(e[1])
        plus = f" ({e[1]} + {extra} for the Tower{'s' if extra > 1 else ''} beside it)" if extra else ""
        if option == "sword":
            return "B7", pts, f"Obstacle {v}{plus}: a sword destroys it, +{v}, no injury"
        if inj == 0:
            return "B7", 0, (f"Obstacle {v}{plus}: {hero.injuries + v} injuries, the hero is knocked down; "
                             f"injuries are crossed out and score nothing")
        return "B7", 0, f"Obstacle {v}{plus}: the hero takes {v} injur{'y' if v == 1 else 'ies'} ({inj} now)"
    if e == "FT":
        return "B8", pts, f"Fountain heals {pts} injur{'y' if pts == 1 else 'ies'}: +{pts}"
    if e == "SW":
        return "B9", 0, f"Sword: the hero now carries {sw}"
    if e == "BS":
        if option == "fight":
            return "B10", pts, f"Boss {pts} spaces from the end: 2 swords defeat it, +{pts}"
        why = "the hero lets it be" if hero.swords >= 2 else f"undefeated (needs 2 swords, the hero has {hero.swords})"
        return "B10", 0, f"Boss: {why}"
    if e == "TW":
        return "B11", pts, "Tower visited with the key: +2" if pts else "Tower without the key: no points"
    if e == "FI":
        return "B12", 0, "Fish: counted at the end of the round"
    if e == "KY":
        if layout.first_key == i:
            return "B13", 0, "Key: the hero holds it for the rest of the round"
        return "B13", 0, "Key: the hero already holds one"
    if e == "CH":
        if option == "key":
            return "B14", pts, (f"Chest opened with the key from space {layout.first_key + 1}: "
                                f"{pts} spaces between them, +{pts}")
        if option == "sword":
            return "B14", pts, "Chest opened with a sword: +3"
        return "B14", 0, "Chest left closed"
    if e == "PR":
        return "B15", pts, f"Princess: the Dangers right before her add up to {pts}, +{pts}"
    return "B5", 0, "Portal: nothing happens on the walk"


def portal_step(portal: int, event: str | None, source: int) -> TraceStep:
    """The trace step of a Portal taking ``event`` from ``source`` (B5)."""
    return TraceStep(portal, "B5", 0, f"Portal takes the {event_name(event)} from space {source}")


def fish_step(layout: Layout) -> TraceStep:
    n = layout.fish
    return TraceStep("end", "B12", n * n, f"{n} Fish on the side: {n} x {n} = {n * n}" if n else "no Fish")


# --------------------------------------------------------------------------
# The optimiser (B16)
# --------------------------------------------------------------------------


INFEASIBLE = (-(10 ** 9), 0, 0)


def _best_walk(layout: Layout, hero: Hero, fixed: Mapping[int, str], reconstruct: bool = True,
               shared: dict | None = None):
    """Best (points, swords, -injuries) from space 0 and the decisions taking it.

    ``shared`` is a memo that layouts of one side (the Portal variants) share:
    the best walk from space ``i`` depends only on ``i``, the events from
    ``i - 1`` on (a Tower before ``i`` raises an obstacle at ``i``) and where
    the first Key lies if it lies before ``i`` (a Chest counts from it), so
    that is the key, not the layout.
    """
    n = len(layout.events)
    events = layout.events
    kinds = layout.kinds
    fk = layout.first_key
    sig = [(i, events[i - 1:] if i else events, fk if fk < i else -1) for i in range(n)]
    memo: dict = {} if shared is None else shared

    def best(i: int, inj: int, sw: int, run: int):
        if i == n:
            return (0, sw, -inj), None
        key = (sig[i], inj, sw, run)
        got = memo.get(key)
        if got is not None:
            return got
        opts = options_for(kinds[i], sw)
        want = fixed.get(i + 1)
        if want is not None and events[i] is not None:
            opts = (want,) if want in opts else ()
        result = (INFEASIBLE, None)
        for o in opts:
            pts, inj2, sw2, run2 = gain(layout, i, inj, sw, run, o)
            (p, s2, ni), _ = best(i + 1, inj2, sw2, run2)
            cand = (p + pts, s2, ni)
            if cand > result[0]:
                result = (cand, o)
        memo[key] = result
        return result

    value, _ = best(0, hero.injuries, hero.swords, hero.run)
    if value == INFEASIBLE:
        # no way to honour every fixed choice: walk them to name the first one refused
        h = hero
        for i in range(n):
            opts = options_at(layout, i, h)
            o = fixed.get(i + 1, opts[-1] if "endure" not in opts else "endure")
            if o not in opts:
                raise refuse_option(layout, i, h, o)
            h, _ = step(layout, i, h, o)
        raise IllegalMove("these choices cannot all be taken together", rule="B16")  # pragma: no cover
    if not reconstruct:
        return value, None
    # reconstruct the decisions
    decisions = {}
    inj, sw, run = hero.injuries, hero.swords, hero.run
    for i in range(n):
        o = memo[(sig[i], inj, sw, run)][1]
        if len(options_at(layout, i, Hero(inj, sw, run))) > 1:
            decisions[i + 1] = o
        h2, _ = step(layout, i, Hero(inj, sw, run), o)
        inj, sw, run = h2.injuries, h2.swords, h2.run
    return value, decisions


@dataclass
class ScoreResult:
    """The result of scoring a side (see :func:`score_side`)."""

    points: int
    injuries: int
    swords: int
    trace: Trace
    choices: Choices
    events: tuple  # the events after the Portals
    side: Side

    def __repr__(self) -> str:
        return (f"ScoreResult(points={self.points}, injuries={self.injuries}, swords={self.swords}, "
                f"choices={self.choices.text()!r})")

    def explain(self) -> str:
        """The trace as a table."""
        return self.trace.table()


def walk(layout: Layout, hero: Hero, decisions: Mapping[int, str]) -> tuple[Hero, Trace]:
    """Walk a resolved layout with the given decisions (missing ones: the only option)."""
    trace = Trace()
    for i in range(len(layout.events)):
        opts = options_at(layout, i, hero)
        o = decisions.get(i + 1, opts[0] if len(opts) == 1 else None)
        if o is None:
            raise IllegalMove(f"space {i + 1} ({event_name(layout.events[i])}) needs a choice among "
                              f"{', '.join(opts)}", rule="B16")
        hero, st = step(layout, i, hero, o)
        trace.steps.append(st)
    trace.steps.append(fish_step(layout))
    return hero, trace


def score_side(side, injuries: int = 0, swords: int = 0, choices=None) -> ScoreResult:
    """Score one map side (B5-B16).

    Parameters
    ----------
    side:
        The side's text form (``"F:O2 D:FT ..."`` or ``"O2 FT ..."``), a list
        of tokens, or a tuple of :class:`Space`.
    injuries, swords:
        What the hero carries in (from round 1 into round 2, B6).
    choices:
        ``None`` (default): the choices with the most points (B16, ties by
        ruling P1). Otherwise the player's own :class:`Choices`, a dict
        ``{space: option}`` or a text like ``"P4<9 P6<- 3:sword 7:fight"``
        (``P6<-``: the Portal in space 6 takes nothing); any choice left out,
        Portal or walk, is filled in with the best one given the others.

    Returns
    -------
    ScoreResult
        ``.points``, ``.injuries`` and ``.swords`` carried out, ``.trace``
        (space, rule, points, reason for every step), ``.choices`` taken.

    Raises
    ------
    InvalidInput
        The side cannot be read.
    IllegalMove
        A given choice is not possible (no sword, no key...), naming the rule.

    Examples
    --------
    >>> r = score_side("SW O3 .. .. .. .. .. .. .. .. .. ..", injuries=4)
    >>> r.points, r.injuries, r.choices.text()
    (3, 4, '2:sword')
    >>> score_side("SW O3 .. .. .. .. .. .. .. .. .. ..", injuries=4, choices="2:endure").injuries
    0
    >>> print(score_side("KY TW O1 CH FI FI .. .. .. .. .. ..").explain())  # doctest: +NORMALIZE_WHITESPACE
    space  rule  points  why
        1  B13       +0  Key: the hero holds it for the rest of the round
        2  B11       +2  Tower visited with the key: +2
        3  B7        +0  Obstacle 2 (1 + 1 for the Tower beside it): the hero takes 2 injuries (2 now)
        4  B14       +2  Chest opened with the key from space 1: 2 spaces between them, +2
        5  B12       +0  Fish: counted at the end of the round
        6  B12       +0  Fish: counted at the end of the round
        7  B6        +0  empty space: nothing happens
        8  B6        +0  empty space: nothing happens
        9  B6        +0  empty space: nothing happens
       10  B6        +0  empty space: nothing happens
       11  B6        +0  empty space: nothing happens
       12  B6        +0  empty space: nothing happens
      end  B12       +4  2 Fish on the side: 2 x 2 = 4
    total             8
    """
    side = parse_side(side, length=None)
    if not side:
        raise InvalidInput("a side needs at least one space", rule="B1")
    if not (isinstance(injuries, int) and 0 <= injuries < KNOCKDOWN):
        raise InvalidInput(f"injuries carried in must be 0 to {KNOCKDOWN - 1}, not {injuries!r}", rule="B6")
    if not (isinstance(swords, int) and swords >= 0):
        raise InvalidInput(f"swords carried in must be 0 or more, not {swords!r}", rule="B6")
    events = tuple(s.event for s in side)
    ch = parse_choices(choices)
    for sp, opt in ch.decisions.items():
        if not 1 <= sp <= len(side):
            raise IllegalMove(f"there is no space {sp}", rule="B16", move=f"{sp}:{opt}")
    hero = Hero(injuries, swords, 0)
    layouts = portal_layouts(events, dict(ch.portals))
    best, first_error, shared = None, None, {}
    for ev, how in layouts.items():
        layout = Layout.of(ev)
        try:
            (pts, sw, ninj), decisions = _best_walk(layout, hero, ch.decisions, shared=shared)
        except IllegalMove as e:  # a fixed choice impossible with this Portal layout
            first_error = first_error or e
            continue
        cand = (pts + layout.fish ** 2, sw, ninj)
        if best is None or cand > best[0]:
            best = (cand, layout, how, decisions)
    if best is None:
        raise first_error
    _, layout, how, decisions = best
    hero_out, trace = walk(layout, hero, decisions)
    trace.steps[:0] = [portal_step(p, events[src - 1], src) for p, src in how if src is not None]
    return ScoreResult(trace.points, hero_out.injuries, hero_out.swords, trace,
                       Choices(tuple(how), decisions), layout.events, side)


def best_points(events: Sequence[str | None], injuries: int = 0, swords: int = 0) -> int:
    """The most points of a side (B16), without the trace: the advisor's fast path.

    ``events`` are event codes (``None`` for empty), already validated.

    >>> best_points(("O3", "O2", "FT") + (None,) * 9)
    5
    """
    hero = Hero(injuries, swords, 0)
    best, shared = 0, {}
    for ev in portal_layouts(events):
        layout = Layout.of(ev)
        (pts, _, _), _ = _best_walk(layout, hero, {}, reconstruct=False, shared=shared)
        best = max(best, pts + layout.fish ** 2)
    return best


def best_choices_table(side, injuries: int = 0, swords: int = 0) -> list[tuple[Choices, int]]:
    """Every distinct set of portal and walk choices with its points, best first.

    Small sides only (it enumerates); used by the tutorial to show that the
    advice is the maximum.
    """
    side = parse_side(side, length=None)
    events = tuple(s.event for s in side)
    out = []
    for ev, how in portal_layouts(events).items():
        layout = Layout.of(ev)

        def rec(i, hero, dec):
            if i == len(ev):
                out.append((Choices(how, dict(dec)), None))
                return
            opts = options_at(layout, i, hero)
            for o in opts:
                h2, _ = step(layout, i, hero, o)
                rec(i + 1, h2, dec + ([(i + 1, o)] if len(opts) > 1 else []))

        rec(0, Hero(injuries, swords), [])
    scored = [(c, score_side(side, injuries, swords, c).points) for c, _ in out]
    scored.sort(key=lambda t: -t[1])
    return scored


__all__ = ["Choices", "Hero", "Layout", "ScoreResult", "Space", "best_choices_table", "options_at",
           "parse_choices", "parse_side", "portal_layouts", "score_side", "side_to_text", "step", "walk"]
