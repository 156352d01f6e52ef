"""The immutable position of Builders of Baldur's Gate: players, board, bag, decks, pending steps, moves.

Everything is a tuple (the state and the players are NamedTuples, for a
fast ``_replace``) or a frozen dataclass, so a state is hashable and undo is
"go back to the previous value".

A state carries a stack of pending **tasks** (:attr:`BaldursGateState.tasks`, the
front is ``tasks[0]``). A task is one step of the rules still to do: a
decision of one player (choose an action, a parcel, a track...), a chance
draw (a parcel token, a card), or an automatic step (pay bonuses, resolve
an effect, end the turn). The engine runs automatic steps at once, so a
state always waits either for one player's decision, for chance, or for
nothing (game over). Multi-step actions are therefore sequences of
decisions with their own legal options, and undo walks back through them.

Moves are small frozen dataclasses; their notation is in :mod:`.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Optional, Union

HIDDEN = 0  #: the hidden token as a view shows it before the final attack ("?")
MASK = "?"  #: a card a view may not show (another player's hand, the deck)
OFFER = -1  #: the destination "building offer" of a dealt card


class Piece(NamedTuple):
    """What stands on a parcel, HQ spot or fortification spot.

    ``kind``: ``inn``/``hall``/``market``/``temple`` (a building), ``hq``,
    ``tower``/``keep``/``gate``. ``owner``: the player whose tile or cube it
    is (for a damaged building: who built it). ``damaged``: the cube is gone
    for good (C8). ``card``: the building card or gate card ("" otherwise).
    """

    kind: str
    owner: int
    damaged: bool = False
    card: str = ""


class Src(NamedTuple):
    """Where an effect comes from: its rule, what kind of source, which one.

    ``district`` is the district "here" means (fortify here); ``extra`` adds
    a detail (the new piece of a connection, the level of a track reward).
    """

    rule: str
    kind: str
    ref: str = ""
    district: str = ""
    extra: str = ""


class Gain(NamedTuple):
    """One prestige gain of a player, kept so every point has its reason (the trace)."""

    rule: str
    points: int
    kind: str
    ref: str = ""
    extra: str = ""


class Player(NamedTuple):
    """One house: resources, hand, agendas, portfolio, worker, tracks, prestige with its reasons."""

    gold: int = 0
    supply: int = 0
    favor: int = 0
    prestige: int = 0
    influence: tuple = (0, 0, 0)  # spaces moved on each faction track (may pass the end: C10)
    hand: tuple = ()  # building cards
    agendas: tuple = ()
    hq: str = ""  # HQ card id
    portfolio: tuple = ()  # built building cards and gate cards, in the order gained
    worker: str = ""  # district code of the location the worker stands on; "" at home
    used: tuple = ()  # cards whose income ability was used in this income action (I2)
    gains: tuple = ()  # Gain entries: every prestige point with its reason


@dataclass(frozen=True, slots=True)
class Attack:
    """One resolved attack (A1-A9): the attack log entry."""

    district: str
    strength: int
    defence: int
    defended: bool
    final: bool
    contributions: tuple  # defence points per player (C7)
    rewards: tuple  # prestige per player
    damaged: tuple = ()  # parcel numbers whose buildings lost their cubes


class BaldursGateState(NamedTuple):
    """A position (see the module docstring)."""

    players: tuple
    pieces: tuple  # per ownable node index of the city: Piece or None
    avail: tuple = ()  # available parcel numbers, sorted
    banned: tuple = ()  # banned parcel numbers (P23), sorted
    bag: tuple = ()  # parcel tokens in the bag, sorted
    tracks: tuple = ()  # per district (city order): the tokens on its attack track, in order
    hidden: Optional[int] = None  # the hidden token (HIDDEN in a view), None before it is drawn
    revealed: bool = False  # the hidden token was turned over (final attack)
    strength: int = 0  # index of the attack-strength marker on its track (C6)
    damage: tuple = ()  # districts whose location holds a damage token
    attacks: tuple = ()  # Attack entries, in order
    deck: tuple = ()  # building deck: the shuffled part (no order: draws are chance), sorted
    bottom: tuple = ()  # building cards put at the bottom, in order (drawn after the shuffled part)
    discard: tuple = ()  # building discard pile
    offer: tuple = ()  # the face-up building offer
    agenda_deck: tuple = ()
    agenda_bottom: tuple = ()
    gates: tuple = ()  # gate cards left, the top first (public, face up)
    hq_deck: tuple = ()  # HQ cards not dealt
    hq_offer: tuple = ()  # advanced setup: the HQ cards to pick from
    active: int = 0  # the player whose turn it is
    end_by: Optional[int] = None  # who drew the last token (E1)
    final_left: Optional[int] = None  # turns left in the final round (C15)
    tasks: tuple = ()
    over: bool = False


# ------------------------------------------------------------------ tasks
# Decisions


@dataclass(frozen=True, slots=True)
class Turn:
    """The player chooses an action: build, worker or income (T1)."""

    player: int


@dataclass(frozen=True, slots=True)
class PlaceBuilding:
    """Choose an available parcel for the card just paid (BLD2)."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class ChooseTrack:
    """Choose the faction track for ``amount`` influence (C10)."""

    player: int
    amount: int
    src: Src


@dataclass(frozen=True, slots=True)
class ChooseSpot:
    """Choose a free fortification spot for a ``fort`` (tower, keep, gate); ``districts`` empty: anywhere."""

    player: int
    fort: str
    districts: tuple
    src: Src


@dataclass(frozen=True, slots=True)
class TradeChoice:
    """The worker stands on the location of ``district``: choose at most one trade (W3)."""

    player: int
    district: str


@dataclass(frozen=True, slots=True)
class IncomeLoop:
    """During income: use the next card's ability, or finish (I2, I3)."""

    player: int


@dataclass(frozen=True, slots=True)
class BuildChoice:
    """An ability builds: choose the card from hand (``discount`` gold less) (I4, C14)."""

    player: int
    discount: int
    src: Src


@dataclass(frozen=True, slots=True)
class TakeOffer:
    """Take one card from the building offer (C13)."""

    player: int
    src: Src


@dataclass(frozen=True, slots=True)
class KeepAgenda:
    """Draw ``count`` agenda cards (chance), then keep ``keep`` of them; the rest go to the bottom."""

    player: int
    count: int
    keep: int
    drawn: tuple = ()


@dataclass(frozen=True, slots=True)
class BottomCard:
    """Advanced setup: put one card of ``what`` (``building``/``agenda``) at the bottom of its deck (ADV3, ADV4)."""

    player: int
    what: str


@dataclass(frozen=True, slots=True)
class PickHQ:
    """Advanced setup: pick one HQ card of the offer (ADV2)."""

    player: int


# Chance


@dataclass(frozen=True, slots=True)
class DrawToken:
    """Chance draws a parcel token: ``open`` (S7), ``ban`` (P23) or ``build`` (BLD7)."""

    purpose: str


@dataclass(frozen=True, slots=True)
class HideToken:
    """Chance puts one token face down on the attack-strength track (S9, C5)."""


@dataclass(frozen=True, slots=True)
class DealCard:
    """Deal a building card to a player's hand or (``OFFER``) to the offer."""

    to: int


@dataclass(frozen=True, slots=True)
class DealAgenda:
    """Deal an agenda card to a player."""

    to: int


@dataclass(frozen=True, slots=True)
class DealHQ:
    """Deal an HQ card to a player (S3), or (``OFFER``) to the advanced offer (ADV1)."""

    to: int


# Automatic


@dataclass(frozen=True, slots=True)
class Effect:
    """Resolve ``atoms`` (the effect vocabulary of :mod:`.effects`) for ``player``."""

    player: int
    atoms: tuple
    src: Src


@dataclass(frozen=True, slots=True)
class AfterBuild:
    """BLD7-BLD8: draw a parcel token (if the bag holds one)."""

    player: int


@dataclass(frozen=True, slots=True)
class Special:
    """Advanced setup: the special component of the player's HQ card (ADV2)."""

    player: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    player: int


@dataclass(frozen=True, slots=True)
class Begin:
    """Setup is done: the first turn starts."""


@dataclass(frozen=True, slots=True)
class FinalAttack:
    """E4-E5: turn the hidden token over and attack its district."""


@dataclass(frozen=True, slots=True)
class Score:
    """E6-E9: final scoring."""


DECISIONS = (Turn, PlaceBuilding, ChooseTrack, ChooseSpot, TradeChoice, IncomeLoop, BuildChoice, TakeOffer,
             KeepAgenda, BottomCard, PickHQ)
CHANCE = (DrawToken, HideToken, DealCard, DealAgenda, DealHQ)
AUTOMATIC = (Effect, AfterBuild, Special, EndTurn, Begin, FinalAttack, Score)
TASKS = DECISIONS + CHANCE + AUTOMATIC


# ------------------------------------------------------------------ moves


@dataclass(frozen=True, slots=True)
class Build:
    """Build this card from hand (BLD1; also the card an ability builds)."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Parcel:
    """Put the building on this available parcel (BLD2)."""

    player: int
    number: int


@dataclass(frozen=True, slots=True)
class Worker:
    """Place the worker on the location of ``district`` (W2)."""

    player: int
    district: str


@dataclass(frozen=True, slots=True)
class Income:
    """Take income (I1)."""

    player: int


@dataclass(frozen=True, slots=True)
class Trade:
    """Make the trade ``trade`` (``tower``, ``keep``, ``petition``, ``local``) or none (``""``) (W3)."""

    player: int
    trade: str


@dataclass(frozen=True, slots=True)
class Track:
    """Put the influence on this faction's track."""

    player: int
    faction: str


@dataclass(frozen=True, slots=True)
class Spot:
    """Put the fortification on this fortification spot (node id)."""

    player: int
    node: str


@dataclass(frozen=True, slots=True)
class Use:
    """Use the income ability ``alt`` (0-based) of this portfolio card (I2)."""

    player: int
    card: str
    alt: int = 0


@dataclass(frozen=True, slots=True)
class Done:
    """Finish the income action (I3)."""

    player: int


@dataclass(frozen=True, slots=True)
class Take:
    """Take this card from the building offer."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep this drawn agenda card."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Bottom:
    """Put this card at the bottom of its deck (advanced setup)."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Pick:
    """Pick this HQ card (advanced setup)."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Token:
    """Chance: the parcel token drawn from the bag."""

    number: int


@dataclass(frozen=True, slots=True)
class Hide:
    """Chance: the token laid face down on the attack-strength track."""

    number: int


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: a building card dealt to player ``to`` (or ``OFFER``)."""

    to: int
    card: str


@dataclass(frozen=True, slots=True)
class DealtAgenda:
    """Chance: an agenda card dealt to player ``to``."""

    to: int
    card: str


@dataclass(frozen=True, slots=True)
class DealtHQ:
    """Chance: an HQ card dealt to player ``to`` (or ``OFFER``: the advanced offer)."""

    to: int
    card: str


PLAYER_MOVES = (Build, Parcel, Worker, Income, Trade, Track, Spot, Use, Done, Take, Keep, Bottom, Pick)
CHANCE_MOVES = (Token, Hide, Deal, DealtAgenda, DealtHQ)
Move = Union[Build, Parcel, Worker, Income, Trade, Track, Spot, Use, Done, Take, Keep, Bottom, Pick,
             Token, Hide, Deal, DealtAgenda, DealtHQ]


def _fast_replace(cls):
    """Install a ``_replace`` that sets fields by index (the stock one is several times slower on 26 fields)."""
    index = {f: i for i, f in enumerate(cls._fields)}
    new = tuple.__new__

    def _replace(self, **kw):
        values = list(self)
        try:
            for k, v in kw.items():
                values[index[k]] = v
        except KeyError as e:
            raise ValueError(f"Got unexpected field names: {[k for k in kw if k not in index]!r}") from e
        return new(cls, values)

    _replace.__doc__ = f"A copy of the {cls.__name__} with some fields changed."
    cls._replace = _replace
    return cls


_fast_replace(BaldursGateState)
_fast_replace(Player)
