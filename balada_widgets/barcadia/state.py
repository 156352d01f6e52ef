"""The immutable values of a Heroes of Barcadia play: board layout, rooms, players, pending steps, moves.

Everything here is a frozen dataclass of ints, strings and tuples, so a state
is hashable, compares by value and costs little to copy (a move replaces the
few parts it changes). The game logic lives in :mod:`.engine`; this module
holds the shapes and the small operations every part shares.

- :class:`Layout`: the hexes of the Starting Point and of rooms ``r1..rN``
  (axial coordinates), with the adjacency derived from them (H1).
- :class:`Room`: what lies on one room tile (identity, face, traps, dropped
  Power-Ups, a Wizard's mark). Node ``0`` is the Starting Point ``START``.
- :class:`Player`: HP, where the cup stands, the hand, Power-Ups.
- Frames (:class:`Battle`, :class:`Window`, ...): the pending steps of the
  turn, a stack whose top says what the game waits for.
- :class:`Move`: every move, a player's decision or chance's outcome.

>>> lay = Layout(((0, 0), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)), ((2, 0), (3, 0)))
>>> lay.neighbours(0), lay.neighbours(2)
((1,), (1,))
>>> Move(0, "enter", (3,)).text()
'p1 enter r3'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar

START = 0
HEX_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def hex_neighbours(h):
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in HEX_DIRECTIONS)


def room_name(i: int) -> str:
    """Node id of room ``i``: ``"START"`` or ``"r12"``."""
    return "START" if i == START else f"r{i}"


# ---------------------------------------------------------------- board


@dataclass(frozen=True)
class Layout:
    """Hex positions: ``start`` (the Starting Point's hexes) and ``hexes[i - 1]`` for room ``ri``.

    Two rooms touch when two of their hexes share an edge (H1); the
    Starting Point's neighbours are every room touching any of its hexes.
    """

    start: tuple
    hexes: tuple = ()
    adj: tuple = field(default=(), compare=False, repr=False, hash=False)
    where: dict = field(default=None, compare=False, repr=False, hash=False)

    def __post_init__(self):
        where = {h: START for h in self.start}
        for i, h in enumerate(self.hexes, 1):
            where[h] = i
        adj = []
        for i in range(len(self.hexes) + 1):
            own = self.start if i == START else (self.hexes[i - 1],)
            ns = set()
            for h in own:
                for n in hex_neighbours(h):
                    j = where.get(n)
                    if j is not None and j != i:
                        ns.add(j)
            adj.append(tuple(sorted(ns)))
        object.__setattr__(self, "adj", tuple(adj))
        object.__setattr__(self, "where", where)

    @property
    def size(self) -> int:
        """Number of rooms (START not counted)."""
        return len(self.hexes)

    def neighbours(self, i: int) -> tuple:
        return self.adj[i]

    def hexes_of(self, i: int) -> tuple:
        return self.start if i == START else (self.hexes[i - 1],)

    def frontier(self) -> list:
        """Empty hexes touching a placed hex, in a fixed order (where a room may be built: H2)."""
        out = set()
        for h in self.where:
            for n in hex_neighbours(h):
                if n not in self.where:
                    out.add(n)
        return sorted(out)

    def add(self, h) -> "Layout":
        return Layout(self.start, self.hexes + (tuple(h),))


# ---------------------------------------------------------------- rooms and players


@dataclass(frozen=True)
class Room:
    """One room tile (node ``i``).

    ``card`` is its identity (a room id of the content), ``None`` while
    nobody has seen it (identities are drawn when first seen; see
    :mod:`.engine`). ``public``: everybody knows the identity (it is or was
    face up: H15). ``seen``: players who peeked at it. ``pocket``: the player
    whose Pocket Pourtal marks it (-1: none).
    """

    card: str | None = None
    up: bool = False
    public: bool = False
    seen: tuple = ()
    traps: int = 0
    powerups: tuple = ()
    pocket: int = -1


START_ROOM = Room("start", True, True)


@dataclass(frozen=True)
class Player:
    """One hero: character, HP, where the cup stands, Loot hand, Power-Ups.

    ``hand`` is a sorted tuple of Loot ids (``"?"`` for a card hidden in a
    view); ``powerups`` a sorted tuple of Power-Up ids; ``power_traps`` the
    Power-Ups carrying a Power Trap (variant); ``pouch`` the Rogue's kept
    traps; ``pocket_used``: the Wizard has marked a Pocket Pourtal.
    """

    character: str
    hp: int = 100
    at: int = START
    hand: tuple = ()
    powerups: tuple = ()
    power_traps: tuple = ()
    pouch: int = 0
    pocket_used: bool = False


# ---------------------------------------------------------------- pending steps (frames)


@dataclass(frozen=True)
class Frame:
    kind: ClassVar[str] = ""


@dataclass(frozen=True)
class Build(Frame):
    """Building (H2): ``left[p]`` rooms still to place by player ``p``; ``idx`` places next."""

    kind: ClassVar[str] = "build"
    left: tuple = ()
    idx: int = 0


@dataclass(frozen=True)
class DrawLoot(Frame):
    """``who`` draws ``n`` Loot Cards, one chance move each."""

    kind: ClassVar[str] = "draw"
    who: int = 0
    n: int = 1


@dataclass(frozen=True)
class DrawPower(Frame):
    """``who`` gains ``n`` Power-Ups from the deck."""

    kind: ClassVar[str] = "power"
    who: int = 0
    n: int = 1


@dataclass(frozen=True)
class FirstRoll(Frame):
    """The first-player roll (H-SET9): ``rolls`` of ``contenders`` so far; ties reroll."""

    kind: ClassVar[str] = "first"
    contenders: tuple = ()
    rolls: tuple = ()


@dataclass(frozen=True)
class TurnStart(Frame):
    kind: ClassVar[str] = "turnstart"
    who: int = 0


@dataclass(frozen=True)
class NextTurn(Frame):
    kind: ClassVar[str] = "nextturn"


@dataclass(frozen=True)
class Window(Frame):
    """A Loot window (H12): priority goes round ``order``; closes after a full round of passes."""

    kind: ClassVar[str] = "window"
    window: str = "between_turns"
    order: tuple = ()
    idx: int = 0
    passes: int = 0


@dataclass(frozen=True)
class Resolve(Frame):
    """A played Loot Card resolving its effects in order; ``picks`` chosen so far for effect ``index``."""

    kind: ClassVar[str] = "resolve"
    who: int = 0
    card: str = ""
    index: int = 0
    picks: tuple = ()


@dataclass(frozen=True)
class Battle(Frame):
    """A Monster, Team or Boss battle (H5, H6).

    ``stage``: choose (partner / Boss-player), cards (battle window to open),
    roll, result, after (the Redo window closed), finish. ``dice``: this
    attempt's rolls, hero first. ``level_mods``: ``(amount, card, by)``;
    ``roll_mods``: ``(side, amount, card, by)`` where ``side`` is the hero
    or the Boss-player.
    """

    kind: ClassVar[str] = "battle"
    battle: str = "monster"
    room: int = 0
    hero: int = 0
    other: int = -1
    stage: str = "cards"
    dice: tuple = ()
    level_mods: tuple = ()
    roll_mods: tuple = ()
    attempt: int = 1


@dataclass(frozen=True)
class Guardian(Frame):
    """The Grand Drink Guardian (H8): a plain d20 against its level."""

    kind: ClassVar[str] = "guardian"
    who: int = 0
    room: int = 0
    dice: tuple = ()


@dataclass(frozen=True)
class Duel(Frame):
    """A duel (H-DUEL): attacker and defender roll, ties reroll."""

    kind: ClassVar[str] = "duel"
    attacker: int = 0
    defender: int = 0
    room: int = 0
    dice: tuple = ()


@dataclass(frozen=True)
class DuelSwap(Frame):
    """After a won duel's damage and deaths: the attacker takes the room (H10)."""

    kind: ClassVar[str] = "duelswap"
    attacker: int = 0
    defender: int = 0
    room: int = 0
    origin: int = 0


@dataclass(frozen=True)
class Traps(Frame):
    """``who`` rolls for each trap of ``room`` before entering or revealing it (H13)."""

    kind: ClassVar[str] = "traps"
    who: int = 0
    room: int = 0


@dataclass(frozen=True)
class Walk(Frame):
    """``who`` moves into ``room`` (a step, a teleport, a shove): traps, then in, then dropped Power-Ups."""

    kind: ClassVar[str] = "walk"
    who: int = 0
    room: int = 0
    stage: str = "traps"


@dataclass(frozen=True)
class Reveal(Frame):
    """``who`` reveals ``room``: traps, identity, then what the room asks."""

    kind: ClassVar[str] = "reveal"
    who: int = 0
    room: int = 0
    stage: str = "traps"


@dataclass(frozen=True)
class HoardClaim(Frame):
    """Action 3: traps on the Hoard, then the Guardian."""

    kind: ClassVar[str] = "claim"
    who: int = 0
    room: int = 0
    stage: str = "traps"


@dataclass(frozen=True)
class Peek(Frame):
    """``who`` secretly looks at face-down ``room`` (Peek card, Periscope Straw)."""

    kind: ClassVar[str] = "peek"
    who: int = 0
    room: int = 0


@dataclass(frozen=True)
class Steal(Frame):
    """``thief`` takes a random Loot Card from ``victim`` (chance)."""

    kind: ClassVar[str] = "steal"
    thief: int = 0
    victim: int = 0


@dataclass(frozen=True)
class Death(Frame):
    """H10: ``who`` died in ``room``; stages drop (a Power-Up), keep (a Loot Card), home."""

    kind: ClassVar[str] = "death"
    who: int = 0
    room: int = 0
    stage: str = "drop"


@dataclass(frozen=True)
class PlaceExtra(Frame):
    """H11: ``who`` holds more Power-Ups than allowed and places one in the dungeon."""

    kind: ClassVar[str] = "place"
    who: int = 0


@dataclass(frozen=True)
class CritGive(Frame):
    """Crit Failure (variant): ``who`` rolled a 1 and gives a Loot Card to an opponent."""

    kind: ClassVar[str] = "critgive"
    who: int = 0


@dataclass(frozen=True)
class PowerDisarm(Frame):
    """Power Traps (variant): ``who`` rolls to free Power-Up ``pu``."""

    kind: ClassVar[str] = "powerdisarm"
    who: int = 0
    pu: str = ""


@dataclass(frozen=True)
class FrenzySteal(Frame):
    """Frenzy with an empty Power-Up deck: ``who`` may take a Power-Up from an opponent, ``n`` times."""

    kind: ClassVar[str] = "frenzysteal"
    who: int = 0
    n: int = 1


FRAMES = {cls.kind: cls for cls in (Build, DrawLoot, DrawPower, FirstRoll, TurnStart, NextTurn, Window, Resolve,
                                    Battle, Guardian, Duel, DuelSwap, Traps, Walk, Reveal, HoardClaim, Peek, Steal,
                                    Death, PlaceExtra, CritGive, PowerDisarm, FrenzySteal)}
#: frames that carry ``who`` on the way into a room: dropped when ``who`` dies
MOVEMENT = (Traps, Walk, Reveal, HoardClaim)


# ---------------------------------------------------------------- the state


@dataclass(frozen=True)
class BarcadiaState:
    """A position (see the module docstring of :mod:`.rules` for the rules).

    ``phase``: setup (building, dealing, first-player roll), play, over.
    Turn bookkeeping of the ``active`` player: ``actions`` still allowed,
    ``acted`` actions begun, ``steps`` more rooms the current Enter action
    may take, ``dueled``, ``ported`` (Pourtal uses), ``scouted``,
    ``rerolled`` (players who used a Lucky Bottle Cap this turn),
    ``disarmed`` (Power Traps tried this turn). ``stack``: pending frames,
    the top last. ``viewer``: ``-2`` for the whole truth, else whose view
    this is (``-1`` a spectator).
    """

    layout: Layout
    rooms: tuple
    players: tuple
    phase: str = "setup"
    active: int = 0
    turn: int = 0
    in_turn: bool = False
    actions: int = 0
    acted: int = 0
    steps: int = 0
    dueled: bool = False
    ported: int = 0
    scouted: bool = False
    rerolled: tuple = ()
    disarmed: tuple = ()
    stack: tuple = ()
    discard: tuple = ()
    pu_bottom: tuple = ()
    hoard_beaten: bool = False
    winners: tuple = ()
    end: str = ""
    viewer: int = -2

    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    @property
    def masked(self) -> bool:
        return self.viewer != -2


# ---------------------------------------------------------------- moves


@dataclass(frozen=True)
class Move:
    """A move: ``player`` (0-based; ``None`` for chance), a ``verb`` and its ``args``.

    Player verbs: build, reveal, enter, claim, home, teleport, duel, play,
    pick, pass, end, choose, place, drop, keep, give, reroll, scout, disarm,
    mark, rig, take. Chance verbs: build, roll, draw, power, room, peek,
    steal. Arguments are room numbers (0 is START), player numbers, card or
    Power-Up ids, hex coordinates, or a tagged pick (``("r", 12)``,
    ``("p", 2)``, ``("u", 2, "bubble-boots")``).
    """

    player: int | None
    verb: str
    args: tuple = ()

    def text(self) -> str:
        return move_to_text(self)


# ---------------------------------------------------------------- a move's text
#
# The writing half of the notation (:mod:`.notation` has the table of every move and the parser): here,
# beside Move, so that Move.text() needs no import of .notation (which imports Move to parse).

#: player verbs -> argument pattern (R room, P player, C id, H hex, K pick, N number)
PLAYER_VERBS = {
    "build": "H", "reveal": "R", "enter": "R", "claim": "", "home": "", "teleport": "R", "duel": "R",
    "play": "C", "pick": "K", "pass": "", "end": "", "choose": "P", "reroll": "", "place": "CR", "drop": "C",
    "keep": "C", "give": "CP", "scout": "R", "disarm": "C", "mark": "", "rig": "R", "take": "",
}
CHANCE_VERBS = {"build": "H", "roll": "PN", "draw": "PC", "power": "PC", "room": "RC", "peek": "PRC",
                "steal": "PPC"}


def _room(i) -> str:
    return room_name(i)


def _arg_text(kind: str, a) -> str:
    if kind == "R":
        return _room(a)
    if kind == "P":
        return f"p{a + 1}"
    if kind == "H":
        return f"{a[0]},{a[1]}"
    if kind == "K":
        tag = a[0]
        if tag == "r":
            return _room(a[1])
        if tag == "p":
            return f"p{a[1] + 1}"
        return f"p{a[1] + 1}:{a[2]}"
    return str(a)


def move_to_text(m: Move) -> str:
    """The notation of a move (the whole truth, as in save files); its parser is :func:`.notation.parse_move`."""
    if m.player is None:
        spec = CHANCE_VERBS.get(m.verb, "")
        parts = [m.verb]
        if m.verb == "build":
            parts.append(_arg_text("H", m.args))
        else:
            parts += [_arg_text(k, a) for k, a in zip(spec, m.args)]
        return " ".join(parts)
    parts = [f"p{m.player + 1}", m.verb]
    if m.verb == "build":
        parts.append(_arg_text("H", m.args))
    elif m.verb == "duel":
        parts.append(_room(m.args[0]))
        if len(m.args) > 1 and m.args[1]:
            parts.append("pourtal")
    elif m.verb == "pick":
        parts.append(_arg_text("K", m.args))
    elif m.verb == "take":
        parts += [f"p{m.args[0] + 1}", m.args[1]] if m.args else ["none"]
    else:
        parts += [_arg_text(k, a) for k, a in zip(PLAYER_VERBS.get(m.verb, ""), m.args)]
    return " ".join(parts)


# ---------------------------------------------------------------- small operations


def set_player(state: BarcadiaState, i: int, **changes) -> BarcadiaState:
    players = list(state.players)
    players[i] = replace(players[i], **changes)
    return replace(state, players=tuple(players))


def set_room(state: BarcadiaState, i: int, **changes) -> BarcadiaState:
    rooms = list(state.rooms)
    rooms[i] = replace(rooms[i], **changes)
    return replace(state, rooms=tuple(rooms))


def push(state: BarcadiaState, *frames) -> BarcadiaState:
    """Push frames; the last one given ends on top (is resolved first)."""
    return replace(state, stack=state.stack + tuple(frames))


def pop(state: BarcadiaState) -> BarcadiaState:
    return replace(state, stack=state.stack[:-1])


def set_top(state: BarcadiaState, frame) -> BarcadiaState:
    return replace(state, stack=state.stack[:-1] + (frame,))


def add_sorted(t: tuple, *items) -> tuple:
    return tuple(sorted(t + tuple(items)))


def remove_one(t: tuple, item) -> tuple:
    lst = list(t)
    lst.remove(item)
    return tuple(lst)


def occupant(state: BarcadiaState, room: int) -> int | None:
    """The player in ``room`` (None if empty; START may hold several: first one)."""
    for p, pl in enumerate(state.players):
        if pl.at == room:
            return p
    return None


def occupied(state: BarcadiaState) -> set:
    return {pl.at for pl in state.players}


def clockwise(start: int, n: int) -> tuple:
    return tuple((start + k) % n for k in range(n))
