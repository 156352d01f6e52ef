"""Move notation of Heroes of Barcadia: compact text for every move, and its parser.

Rooms are ``START`` and ``r1``..``rN``; players ``p1``..``p6``; cards,
Power-Ups and rooms' identities by their content id (``dash``,
``bubble-boots``, ``mini-fizzicorn``); hexes as ``q,r`` (axial).

=========================  ==============================================
move                        meaning
=========================  ==============================================
``p1 build 2,-3``           place a face-down room on hex (2, -3) (H2)
``p1 reveal r12``           action: reveal r12 (H-TURN3)
``p1 enter r3``             a step of Enter Revealed Rooms (H3)
``p1 claim``                action: fight the Grand Drink Guardian (H8)
``p1 home``                 stranded: back to START as the action (H14)
``p1 teleport r9``          use a Pourtal (H-POR2)
``p1 duel r5``              duel the player in r5 (``p1 duel r9 pourtal``: through a Pourtal)
``p1 play dash``            play a Loot Card (then ``p1 pick r12`` / ``p1 pick p3`` for its targets)
``p1 pass`` / ``p1 end``    pass in a Loot window / end the turn
``p1 choose p3``            the teammate or the Boss-player of a battle
``p1 reroll``               Lucky Bottle Cap after a lost battle
``p1 place <pu> r7``        put an extra Power-Up into r7 (H11)
``p1 drop <pu>``            death: the Power-Up left behind (H10)
``p1 keep <card>``          death: the one Loot Card kept (H10)
``p1 give <card> p3``       Crit Failure: the card given away
``p1 scout r4``             Periscope Straw: look at r4
``p1 disarm <pu>``          Power Traps: try to free a Power-Up
``p1 mark``                 Wizard: mark a Pocket Pourtal
``p1 rig r6``               Rogue: set a trap from the pouch
``p1 take p2 <pu>``         Frenzy: take a Power-Up (``p1 take none``)
``build 2,-3``              chance builds a room (automatic building)
``roll p1 14``              chance: player 1's d20 shows 14
``draw p1 dash``            chance: player 1 draws a Dash (others see ``draw p1 ?``)
``power p1 bubble-boots``   chance: player 1 gains a Power-Up from the deck
``room r12 kettle-imp``     chance: the revealed room is a Kettle Imp
``peek p1 r12 kettle-imp``  chance: what player 1 secretly sees (others: ``peek p1 r12 ?``)
``steal p1 p2 dash``        chance: the card player 1 takes from player 2
=========================  ==============================================

The writer (:func:`move_to_text`, :meth:`Move.text <.state.Move.text>`) lives in :mod:`.state` beside
:class:`~.state.Move`, so neither module imports the other in a function; it is read from here too.

>>> m = parse_move("p2 enter r3")
>>> m, move_to_text(m)
(Move(player=1, verb='enter', args=(3,)), 'p2 enter r3')
>>> move_text_for(parse_move("draw p1 dash"), 1)
'draw p1 ?'
>>> parse_move("p1 jump r3")
Traceback (most recent call last):
...
balada_widgets.core.errors.InvalidInput: invalid input 'p1 jump r3': unknown move 'jump'; ...
"""

from __future__ import annotations

import re

from ..core.errors import InvalidInput
from .state import (  # noqa: F401 (move_to_text: written beside Move, whose text() it is; read from here too)
    CHANCE_VERBS, PLAYER_VERBS, START, Move, move_to_text,
)

_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_HELP = ("write e.g. 'p1 reveal r12', 'p1 enter r3', 'p1 play dash', 'p1 pick r7', 'p1 pass', 'p1 end' "
         "or a chance move like 'roll p1 14'")


def secret_owners(m: Move) -> tuple | None:
    """Players who may see the hidden part of ``m`` (``None``: nothing hidden)."""
    if m.player is None:
        if m.verb in ("draw", "peek"):
            return (m.args[0],)
        if m.verb == "steal":
            return (m.args[0], m.args[1])
        return None
    if m.verb == "keep":
        return (m.player,)
    if m.verb == "give":
        return (m.player, m.args[1])
    return None


def move_text_for(m: Move, viewer: int | None = None) -> str:
    """The notation of ``m`` as ``viewer`` may see it: hidden cards and identities become ``?``."""
    owners = secret_owners(m)
    if owners is None or (viewer is not None and viewer in owners):
        return move_to_text(m)
    if m.player is None:
        return move_to_text(Move(None, m.verb, m.args[:-1] + ("?",)))
    if m.verb == "keep":
        return f"p{m.player + 1} keep ?"
    return f"p{m.player + 1} give ? p{m.args[1] + 1}"


def _parse_room(tok: str, text: str) -> int:
    t = tok.lower()
    if t == "start":
        return START
    if re.fullmatch(r"r\d{1,3}", t) and int(t[1:]) > 0:
        return int(t[1:])
    raise InvalidInput(f"{tok!r} is not a room; rooms are START and r1, r2, ...", move=text)


def _parse_player(tok: str, text: str) -> int:
    t = tok.lower()
    if re.fullmatch(r"p[1-9]", t):
        return int(t[1:]) - 1
    raise InvalidInput(f"{tok!r} is not a player; players are p1 to p6", move=text)


def _parse_id(tok: str, text: str) -> str:
    t = tok.lower()
    if _SLUG.match(t):
        return t
    raise InvalidInput(f"{tok!r} is not a card, Power-Up or room id (lower-case words joined by '-')", move=text)


def _parse_hex(tok: str, text: str) -> tuple:
    m = re.fullmatch(r"(-?\d{1,3}),(-?\d{1,3})", tok)
    if not m:
        raise InvalidInput(f"{tok!r} is not a hex; write q,r such as 2,-3", move=text)
    return (int(m.group(1)), int(m.group(2)))


def _parse_number(tok: str, text: str) -> int:
    if not re.fullmatch(r"\d{1,2}", tok):
        raise InvalidInput(f"{tok!r} is not a die roll", move=text)
    return int(tok)


_PARSERS = {"R": _parse_room, "P": _parse_player, "C": _parse_id, "H": _parse_hex, "N": _parse_number}


def _parse_pick(tok: str, text: str) -> tuple:
    t = tok.lower()
    if ":" in t:
        p, _, pu = t.partition(":")
        return ("u", _parse_player(p, text), _parse_id(pu, text))
    if t.startswith("p") and t[1:].isdecimal():
        return ("p", _parse_player(t, text))
    return ("r", _parse_room(t, text))


def parse_move(text, state=None) -> Move:
    """Parse move notation (see the module docstring); raise :class:`InvalidInput` if it can't."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput(f"empty move; {_HELP}", move=text if isinstance(text, str) else repr(text))
    toks = text.split()
    head = toks[0].lower()
    if re.fullmatch(r"p\d+", head):
        player = _parse_player(head, text)
        if len(toks) < 2:
            raise InvalidInput(f"a verb follows the player; {_HELP}", move=text)
        verb, rest = toks[1].lower(), toks[2:]
        if verb not in PLAYER_VERBS:
            raise InvalidInput(f"unknown move {verb!r}; {_HELP}", move=text)
        if verb == "duel":
            if len(rest) not in (1, 2) or (len(rest) == 2 and rest[1].lower() != "pourtal"):
                raise InvalidInput("write 'p1 duel r5' or 'p1 duel r9 pourtal'", move=text)
            return Move(player, "duel", (_parse_room(rest[0], text), int(len(rest) == 2)))
        if verb == "pick":
            if len(rest) != 1:
                raise InvalidInput("a pick names one room, player or Power-Up: 'p1 pick r7', 'p1 pick p3', "
                                   "'p1 pick p3:bubble-boots'", move=text)
            return Move(player, "pick", _parse_pick(rest[0], text))
        if verb == "take":
            if len(rest) == 1 and rest[0].lower() == "none":
                return Move(player, "take", ())
            if len(rest) != 2:
                raise InvalidInput("write 'p1 take p2 <power-up>' or 'p1 take none'", move=text)
            return Move(player, "take", (_parse_player(rest[0], text), _parse_id(rest[1], text)))
        spec = PLAYER_VERBS[verb]
        if verb == "build":
            if len(rest) != 1:
                raise InvalidInput("write 'p1 build q,r' (a hex)", move=text)
            return Move(player, "build", _parse_hex(rest[0], text))
        if len(rest) != len(spec):
            want = " ".join({"R": "<room>", "P": "<player>", "C": "<id>", "N": "<n>"}[k] for k in spec)
            raise InvalidInput(f"'{verb}' takes {len(spec)} argument(s): p1 {verb} {want}".rstrip(), move=text)
        return Move(player, verb, tuple(_PARSERS[k](t, text) for k, t in zip(spec, rest)))
    if head not in CHANCE_VERBS:
        raise InvalidInput(f"unknown move {head!r}; {_HELP}", move=text)
    spec = CHANCE_VERBS[head]
    rest = toks[1:]
    if head == "build":
        if len(rest) != 1:
            raise InvalidInput("write 'build q,r'", move=text)
        return Move(None, "build", _parse_hex(rest[0], text))
    if len(rest) != len(spec):
        raise InvalidInput(f"'{head}' takes {len(spec)} argument(s)", move=text)
    if "?" in rest:
        raise InvalidInput("a masked move ('?') cannot be played: it hides what chance drew", move=text)
    return Move(None, head, tuple(_PARSERS[k](t, text) for k, t in zip(spec, rest)))
