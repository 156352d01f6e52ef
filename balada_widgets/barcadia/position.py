"""Positions of Heroes of Barcadia as text, and the check of a hand-made position.

A position is a few lines of text::

    barcadia phase=play active=p1 turn=3 in_turn=1 actions=1 acted=0 steps=0
    start 0,0 1,0 0,1 -1,1 -1,0 0,-1 1,-1
    p1 barbarian hp=80 at=r2 hand=dash,trap pu=crown-of-froth
    p2 knight hp=100 at=START hand=redo
    r1 2,0 up card=puddle-pup
    r2 1,1 up card=fizzing-pourtal
    r3 -1,2 down traps=1
    r4 -2,2 down public card=kettle-imp
    discard=thirst-aid

The header holds the turn bookkeeping (left-out keys take their defaults:
0, nothing, false), ``start`` the Starting Point's hexes, then one line per
player (character, HP, room, hand, Power-Ups; ``ptraps=`` Power-Ups under a
Power Trap, ``pouch=``, ``pocket`` when the Wizard's mark is used) and one
per room (hex, face, ``public`` for a face-down room everybody has seen,
``card=`` its identity if drawn, ``traps=``, ``pu=`` Power-Ups lying there,
``seen=`` who peeked, ``pocket=`` whose Pocket Pourtal it is). Then
``discard=``, ``bottom=`` (Power-Ups under the deck) and, mid-turn, one
``frame <kind> {json}`` line per pending step, bottom first.

A spectator's text shows hidden cards as ``?``; reading it deals them again
from the cards out of sight (ruling P19). :func:`validate` lists every
problem of a position: HP, rooms, traps, Power-Ups, card counts, the turn.

>>> from balada_widgets.barcadia.rules import BarcadiaGame
>>> g = BarcadiaGame(players=2, dungeon="cozy")
>>> s = g.initial_state()
>>> t = g.state_to_text(s)
>>> g.state_from_text(t) == s
True
>>> bad = t.replace("hp=100", "hp=130", 1).replace("r2 ", "r2 ", 1)
>>> g.state_from_text(bad)
Traceback (most recent call last):
...
balada_widgets.core.errors.InvalidPosition: invalid position: player 1: HP must be 0..100, not 130 (rule H9)
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import Counter

from ..core.errors import GameError, InvalidInput, InvalidPosition, short_text
from .ops import abilities, trap_supply
from .state import FRAMES, START, START_ROOM, BarcadiaState, Layout, Player, Room, room_name

HEADER_KEYS = ("phase", "active", "turn", "in_turn", "actions", "acted", "steps", "dueled", "ported", "scouted",
               "rerolled", "disarmed", "hoard_beaten", "winners", "end", "viewer")
PHASES = ("setup", "play", "over")


def _hex_text(h) -> str:
    return f"{h[0]},{h[1]}"


def _players_text(ps) -> str:
    return ",".join(f"p{p + 1}" for p in ps) or "-"


def _list(items) -> str:
    return ",".join(items) or "-"


def _frame_json(f) -> str:
    return json.dumps({k.name: getattr(f, k.name) for k in dataclasses.fields(f)}, separators=(",", ":"))


def state_to_text(game, state: BarcadiaState) -> str:
    s = state
    head = ["barcadia", f"phase={s.phase}", f"active=p{s.active + 1}", f"turn={s.turn}"]
    for k in ("in_turn", "actions", "acted", "steps", "dueled", "ported", "scouted", "hoard_beaten"):
        v = getattr(s, k)
        if v:
            head.append(f"{k}={int(v)}")
    if s.rerolled:
        head.append(f"rerolled={_players_text(s.rerolled)}")
    if s.disarmed:
        head.append(f"disarmed={_list(s.disarmed)}")
    if s.phase == "over":
        head += [f"winners={_players_text(s.winners)}", f"end={s.end.replace(' ', '_') or '-'}"]
    if s.masked:
        head.append("viewer=" + ("spectator" if s.viewer == -1 else f"p{s.viewer + 1}"))
    lines = [" ".join(head), "start " + " ".join(_hex_text(h) for h in s.layout.start)]
    for p, pl in enumerate(s.players):
        parts = [f"p{p + 1}", pl.character, f"hp={pl.hp}", f"at={room_name(pl.at)}", f"hand={_list(pl.hand)}",
                 f"pu={_list(pl.powerups)}"]
        if pl.power_traps:
            parts.append(f"ptraps={_list(pl.power_traps)}")
        if pl.pouch:
            parts.append(f"pouch={pl.pouch}")
        if pl.pocket_used:
            parts.append("pocket")
        lines.append(" ".join(parts))
    for i in range(1, len(s.rooms)):
        r = s.rooms[i]
        parts = [f"r{i}", _hex_text(s.layout.hexes[i - 1]), "up" if r.up else "down"]
        if r.public and not r.up:
            parts.append("public")
        if r.card is not None:
            parts.append(f"card={r.card}")
        if r.traps:
            parts.append(f"traps={r.traps}")
        if r.powerups:
            parts.append(f"pu={_list(r.powerups)}")
        if r.seen:
            parts.append(f"seen={_players_text(r.seen)}")
        if r.pocket >= 0:
            parts.append(f"pocket=p{r.pocket + 1}")
        lines.append(" ".join(parts))
    lines.append(f"discard={_list(s.discard)}")
    if s.pu_bottom:
        lines.append(f"bottom={_list(s.pu_bottom)}")
    for f in s.stack:
        lines.append(f"frame {f.kind} {_frame_json(f)}")
    return "\n".join(lines)


# ---------------------------------------------------------------- reading


def _int(v: str, what: str, line: str) -> int:
    if not re.fullmatch(r"-?\d{1,4}", v or ""):
        raise InvalidInput(f"{what} must be a whole number, not {v!r} (line {line!r})")
    return int(v)


def _player(v: str, what: str, line: str) -> int:
    if not re.fullmatch(r"p[1-9]", v or ""):
        raise InvalidInput(f"{what} must be a player p1..p6, not {v!r} (line {line!r})")
    return int(v[1:]) - 1


def _players(v: str, what: str, line: str) -> tuple:
    if v in ("-", ""):
        return ()
    return tuple(_player(x, what, line) for x in v.split(","))


def _ids(v: str, line: str) -> tuple:
    if v in ("-", ""):
        return ()
    out = v.split(",")
    for x in out:
        if not re.fullmatch(r"[a-z0-9?][a-z0-9-]*", x):
            raise InvalidInput(f"{x!r} is not a card id (line {line!r})")
    return tuple(sorted(out))


def _room(v: str, line: str) -> int:
    if v == "START":
        return START
    if re.fullmatch(r"r\d{1,3}", v or ""):
        return int(v[1:])
    raise InvalidInput(f"{v!r} is not a room (START, r1, r2...) (line {line!r})")


def _hexv(v: str, line: str) -> tuple:
    m = re.fullmatch(r"(-?\d{1,3}),(-?\d{1,3})", v or "")
    if not m:
        raise InvalidInput(f"{v!r} is not a hex q,r (line {line!r})")
    return (int(m.group(1)), int(m.group(2)))


def _tuplify(v):
    if isinstance(v, list):
        return tuple(_tuplify(x) for x in v)
    return v


def _frame(line: str):
    parts = line.split(" ", 2)
    if len(parts) != 3 or parts[1] not in FRAMES:
        raise InvalidInput(f"a frame line is 'frame <kind> {{json}}' with kind among {', '.join(FRAMES)}: "
                           f"{short_text(line)!r}")
    cls = FRAMES[parts[1]]
    try:
        data = json.loads(parts[2])
    except json.JSONDecodeError as e:
        raise InvalidInput(f"frame {parts[1]}: not valid JSON ({e})") from None
    except (ValueError, RecursionError):  # a number of thousands of digits, [[[[... nested too deeply
        raise InvalidInput(f"frame {parts[1]}: not valid JSON (nested too deeply or a number too long)") from None
    names = {f.name: f for f in dataclasses.fields(cls)}
    if not isinstance(data, dict) or set(data) - set(names):
        raise InvalidInput(f"frame {parts[1]} takes the fields {', '.join(names)}")
    values = {}
    for k, v in data.items():
        default = names[k].default
        v = _tuplify(v)
        if type(default) is not type(v) and not (isinstance(default, int) and isinstance(v, int)):
            raise InvalidInput(f"frame {parts[1]}: {k} must be a {type(default).__name__}, not {v!r}")
        values[k] = v
    return cls(**values)


def state_from_text(game, text) -> BarcadiaState:
    """Read :func:`state_to_text`; refuse a text that is not a valid position, listing every problem."""
    if not isinstance(text, str):
        raise InvalidInput("a position is a text")
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    if not lines or not lines[0].startswith("barcadia"):
        raise InvalidInput("a Barcadia position starts with a line 'barcadia phase=... active=...'")
    head = {}
    for tok in lines[0].split()[1:]:
        k, eq, v = tok.partition("=")
        if not eq or k not in HEADER_KEYS:
            raise InvalidInput(f"unknown header item {tok!r}; known: {', '.join(HEADER_KEYS)}")
        head[k] = v
    L = lines[0]
    phase = head.get("phase", "play")
    if phase not in PHASES:
        raise InvalidInput(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    fields = dict(
        phase=phase, active=_player(head.get("active", "p1"), "active", L), turn=_int(head.get("turn", "0"), "turn", L),
        in_turn=bool(_int(head.get("in_turn", "0"), "in_turn", L)),
        actions=_int(head.get("actions", "0"), "actions", L), acted=_int(head.get("acted", "0"), "acted", L),
        steps=_int(head.get("steps", "0"), "steps", L), dueled=bool(_int(head.get("dueled", "0"), "dueled", L)),
        ported=_int(head.get("ported", "0"), "ported", L), scouted=bool(_int(head.get("scouted", "0"), "scouted", L)),
        rerolled=_players(head.get("rerolled", "-"), "rerolled", L),
        disarmed=tuple(x for x in head.get("disarmed", "-").split(",") if x not in ("-", "")),
        hoard_beaten=bool(_int(head.get("hoard_beaten", "0"), "hoard_beaten", L)),
        winners=_players(head.get("winners", "-"), "winners", L), end=head.get("end", "").replace("_", " ").strip("-"),
    )
    start = None
    players, rooms, hexes, stack = [], [START_ROOM], [], []
    discard, bottom = (), ()
    for line in lines[1:]:
        toks = line.split()
        key = toks[0]
        if key == "start":
            start = tuple(_hexv(t, line) for t in toks[1:])
        elif re.fullmatch(r"p\d", key):
            if int(key[1:]) != len(players) + 1:
                raise InvalidInput(f"player lines go p1, p2, ... in order; found {key} (line {line!r})")
            if len(toks) < 2:
                raise InvalidInput(f"a player line names the character: {line!r}")
            attrs, flags = _attrs(toks[2:], line)
            hand = _ids(attrs.get("hand", "-"), line)
            players.append(Player(toks[1], _int(attrs.get("hp", "100"), "hp", line), _room(attrs.get("at", "START"), line),
                                  hand, _ids(attrs.get("pu", "-"), line), _ids(attrs.get("ptraps", "-"), line),
                                  _int(attrs.get("pouch", "0"), "pouch", line), "pocket" in flags))
        elif re.fullmatch(r"r\d{1,3}", key):
            if int(key[1:]) != len(rooms):
                raise InvalidInput(f"room lines go r1, r2, ... in order; found {key} (line {line!r})")
            if len(toks) < 3 or toks[2] not in ("up", "down"):
                raise InvalidInput(f"a room line is 'r<n> q,r up|down ...': {line!r}")
            hexes.append(_hexv(toks[1], line))
            attrs, flags = _attrs(toks[3:], line)
            up = toks[2] == "up"
            card = attrs.get("card")
            if card is not None and not re.fullmatch(r"[a-z0-9][a-z0-9-]*", card):
                raise InvalidInput(f"{card!r} is not a room id (line {line!r})")
            pocket = attrs.get("pocket")
            rooms.append(Room(card, up, up or "public" in flags, _players(attrs.get("seen", "-"), "seen", line),
                              _int(attrs.get("traps", "0"), "traps", line), _ids(attrs.get("pu", "-"), line),
                              _player(pocket, "pocket", line) if pocket else -1))
        elif key.startswith("discard="):
            discard = _ids(key.partition("=")[2], line)
        elif key.startswith("bottom="):
            bottom = tuple(x for x in key.partition("=")[2].split(",") if x not in ("-", ""))
        elif key == "frame":
            stack.append(_frame(line))
        else:
            raise InvalidInput(f"cannot read the line {line!r}")
    if start is None:
        raise InvalidInput("the position lacks the 'start' line (the Starting Point's hexes)")
    try:
        layout = Layout(start, tuple(hexes))
    except (TypeError, ValueError) as e:  # pragma: no cover - hexes are parsed ints
        raise InvalidInput(f"bad hexes: {e}") from None
    state = BarcadiaState(layout, tuple(rooms), tuple(players), discard=discard, pu_bottom=bottom,
                          stack=tuple(stack), **fields)
    state = _redeal_hidden(game, state, text)
    problems = validate(game, state)
    if problems:
        raise InvalidPosition(problems)
    from .engine import run

    try:  # at rest: the decision it waits for is a real one (a no-op for a saved position)
        return run(game, state)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, RuntimeError) as e:
        raise InvalidPosition([(None, f"the pending steps (frame lines) cannot go on: {type(e).__name__} {e}")]) \
            from None


def _attrs(toks, line):
    attrs, flags = {}, set()
    for t in toks:
        k, eq, v = t.partition("=")
        if eq:
            if k in attrs:
                raise InvalidInput(f"{k}= is given twice (line {line!r})")
            attrs[k] = v
        else:
            flags.add(t)
    return attrs, flags


def _redeal_hidden(game, state, text):
    """P19: cards hidden as ``?`` are dealt again at random from the cards out of sight."""
    from dataclasses import replace

    rooms = tuple(replace(r, seen=()) if r.card is None and r.seen else r for r in state.rooms)
    state = replace(state, rooms=rooms)
    hidden = sum(pl.hand.count("?") for pl in state.players)
    if not hidden:
        return state
    pool = Counter(game.loot_total)
    for pl in state.players:
        pool.subtract(c for c in pl.hand if c != "?")
    pool.subtract(state.discard)
    cards = sorted((+pool).elements())
    if len(cards) < hidden:
        raise InvalidPosition([("H-LOOT1", f"{hidden} hidden cards but only {len(cards)} Loot Cards out of sight")])
    rng = random.Random(text)
    rng.shuffle(cards)
    players = []
    for pl in state.players:
        known = [c for c in pl.hand if c != "?"]
        k = pl.hand.count("?")
        dealt, cards = cards[:k], cards[k:]
        players.append(replace(pl, hand=tuple(sorted(known + dealt))))
    return replace(state, players=tuple(players))


# ---------------------------------------------------------------- checking


def validate(game, state) -> list:
    """Every problem of a position as ``(rule, text)``; empty when it is a position of this game."""
    try:
        return _validate(game, state)
    except GameError:
        raise
    except Exception as e:  # a hand-made state of the wrong shape: say so instead of a traceback
        return [(None, f"the position is malformed: {type(e).__name__}: {e}")]


def _validate(game, s) -> list:
    P: list = []
    c = game.content
    n = game.players
    if not isinstance(s, BarcadiaState):
        return [(None, f"a position of Heroes of Barcadia is a BarcadiaState, not {type(s).__name__}")]
    if len(s.players) != n:
        return [(None, f"the position has {len(s.players)} players, the game {n}")]
    if s.phase not in PHASES:
        P.append((None, f"unknown phase {s.phase!r}"))
    if not 0 <= s.active < n:
        P.append(("H4", f"no player {s.active + 1} to be active"))
    nrooms = len(s.rooms) - 1
    if len(s.layout.hexes) != nrooms:
        P.append(("H1", f"{len(s.layout.hexes)} hexes for {nrooms} rooms"))
    from .board import check_start

    P += check_start(list(s.layout.start), "the Starting Point")
    hx = list(s.layout.start) + list(s.layout.hexes)
    if len(set(hx)) != len(hx):
        dup = sorted({h for h in hx if hx.count(h) > 1})
        P.append(("H1", f"two rooms on one hex: {', '.join(_hex_text(h) for h in dup[:5])}"))
    building = [f for f in s.stack if f.kind == "build"]
    left = sum(building[0].left) if building else 0
    if nrooms + left != game.n_rooms:
        P.append(("H2", f"the dungeon has {nrooms} rooms" + (f" and {left} to build" if left else "")
                        + f"; this game has {game.n_rooms}"))
    # the dungeon stays connected to START (H2)
    reach, todo = set(), [START]
    while todo:
        i = todo.pop()
        if i in reach or i >= len(s.layout.adj):
            continue
        reach.add(i)
        todo += list(s.layout.neighbours(i))
    cut = [room_name(i) for i in range(1, nrooms + 1) if i not in reach]
    if cut:
        P.append(("H2", f"rooms not connected to the Starting Point: {', '.join(cut[:8])}"))
    if s.rooms and s.rooms[0] != START_ROOM:
        P.append(("H1", "the Starting Point's room record was changed"))
    at = Counter(pl.at for pl in s.players)
    for i, k in sorted(at.items()):
        if i != START and k > 1:
            P.append(("H3", f"{room_name(i)} holds {k} cups; only the Starting Point holds more than one"))
    for p, pl in enumerate(s.players):
        who = f"player {p + 1}"
        if pl.character not in c.characters:
            P.append(("H-SET2", f"{who}: unknown character {pl.character!r}"))
        elif pl.character != game.characters[p]:
            P.append(("H-SET2", f"{who} plays {game.characters[p]} in this game, not {pl.character}"))
        if not 0 <= pl.hp <= c.hp_full:
            P.append(("H9", f"{who}: HP must be 0..{c.hp_full}, not {pl.hp}"))
        elif pl.hp == 0 and not any(f.kind == "death" and f.who == p for f in s.stack):
            P.append(("H10", f"{who} has no HP left but is not dying"))
        if not 0 <= pl.at <= nrooms:
            P.append(("H1", f"{who} is in {room_name(pl.at)}, which does not exist"))
        elif pl.at != START and not s.rooms[pl.at].up:
            P.append(("H3", f"{who} is in {room_name(pl.at)}, which is face down (a face-down room is never occupied)"))
        unknown = [x for x in pl.hand if x not in c.loot and x != "?"]
        if unknown:
            P.append(("H-LOOT1", f"{who}: unknown Loot Cards {', '.join(sorted(set(unknown)))}"))
        if "?" in pl.hand and not s.masked:
            P.append(("H16", f"{who}: a hidden card '?' in a full position"))
        bad = [x for x in pl.powerups if x not in c.powerups]
        if bad:
            P.append(("H-PWR1", f"{who}: unknown Power-Ups {', '.join(sorted(set(bad)))}"))
        if game.cap is not None and len(pl.powerups) > game.cap and not any(
                f.kind in ("place", "death") and f.who == p for f in s.stack):
            P.append(("H11", f"{who} holds {len(pl.powerups)} Power-Ups; {game.cap} at most"))
        if +(Counter(pl.power_traps) - Counter(pl.powerups)):
            P.append(("H17", f"{who}: a Power Trap on a Power-Up they do not hold"))
        if pl.power_traps and not game.power_traps:
            P.append(("H17", f"{who}: Power Traps without the Power Traps variant"))
        cap = sum(a[0] for a, _ in abilities(game, s, p, "trap_pouch")) if pl.character in c.characters else 0
        if not 0 <= pl.pouch <= max(cap, 0):
            P.append(("H13", f"{who}: {pl.pouch} traps in the pouch; {cap} at most"))
        marks = [i for i, r in enumerate(s.rooms) if r.pocket == p]
        if len(marks) > 1 or (marks and not pl.pocket_used):
            P.append(("H-SIG2", f"{who}: a Pocket Pourtal mark needs the mark used, once"))
    occupied = set(at)
    for i in range(1, len(s.rooms)):
        r = s.rooms[i]
        name = room_name(i)
        if r.card is not None and r.card not in c.rooms:
            P.append(("H-COMP2", f"{name}: unknown room {r.card!r}"))
        if r.up and r.card is None:
            P.append(("H-FAQ3", f"{name} is face up without an identity"))
        if r.up and not r.public:
            P.append(("H15", f"{name} is face up, so its identity is public"))
        if r.public and r.card is None and not s.masked:
            P.append(("H15", f"{name}: public but no identity"))
        if not 0 <= r.traps <= 3:
            P.append(("H-TRAP2", f"{name}: {r.traps} traps; a room holds 0 to 3"))
        if r.traps and i in occupied:
            P.append(("H13", f"{name} is occupied, so it holds no trap"))
        if r.powerups and i in occupied and s.phase != "over" and not any(f.kind == "death" for f in s.stack):
            P.append(("H11", f"{name} is occupied, so no Power-Up lies there"))
        bad = [x for x in r.powerups if x not in c.powerups]
        if bad:
            P.append(("H-PWR1", f"{name}: unknown Power-Ups {', '.join(bad)}"))
        if any(not 0 <= q < n for q in r.seen):
            P.append((None, f"{name}: seen by a player who is not in the game"))
        if not -1 <= r.pocket < n:
            P.append((None, f"{name}: a Pocket Pourtal of a player who is not in the game"))
        if r.card in c.rooms and c.rooms[r.card].type == "hoard" and r.up and i in occupied and s.phase != "over" \
                and not s.hoard_beaten:
            P.append(("H-FAQ5", f"{name}: nobody stands in the Drink Hoard before beating the Guardian"))
    # identities drawn within the tiles and the dungeon's type counts
    drawn = Counter(r.card for r in s.rooms[1:] if r.card in c.rooms)
    over = [k for k, v in drawn.items() if v > c.rooms[k].count]
    if over:
        P.append(("H2", f"more rooms show {', '.join(over)} than there are tiles"))
    per_type = Counter()
    for k, v in drawn.items():
        per_type[c.rooms[k].type] += v
    for t in ROOM_TYPES_:
        if per_type[t] > game.dungeon_counts.get(t, 0):
            P.append(("H2", f"{per_type[t]} {t} rooms shown; this dungeon holds {game.dungeon_counts.get(t, 0)}"))
    # cards and tokens are conserved: nothing may be missing from the decks
    if not s.masked:
        deck = Counter(game.loot_total)
        for pl in s.players:
            deck.subtract(pl.hand)
        deck.subtract(s.discard)
        neg = sorted(k for k, v in deck.items() if v < 0)
        if neg:
            P.append(("H-LOOT1", f"more copies of {', '.join(neg)} than the set holds"))
    bad = [x for x in s.discard if x not in c.loot]
    if bad:
        P.append(("H-LOOT3", f"unknown cards in the discard pile: {', '.join(sorted(set(bad)))}"))
    pool = Counter(game.pu_total)
    for pl in s.players:
        pool.subtract(pl.powerups)
    for r in s.rooms:
        pool.subtract(r.powerups)
    pool.subtract(s.pu_bottom)
    neg = sorted(k for k, v in pool.items() if v < 0)
    if neg:
        P.append(("H-PWR1", f"more copies of the Power-Ups {', '.join(neg)} than the set holds"))
    if trap_supply(game, s) < 0:
        P.append(("H-TRAP1", f"more traps in play than the {c.trap_tokens} tokens"))
    if s.hoard_beaten and not game.frenzy:
        P.append(("H-EXP9", "the Hoard can be beaten and stay open only in Frenzy"))
    if s.phase == "over" and not s.winners:
        P.append(("H-OBJ1", "a finished game names its winners"))
    if any(not 0 <= w < n for w in s.winners):
        P.append(("H-OBJ1", "a winner who is not in the game"))
    if s.phase == "play" and s.turn < 1:
        P.append(("H4", "a game in play has started a turn (turn 1 or more)"))
    if s.phase != "setup" and building:
        P.append(("H2", "building happens before play"))
    if s.actions < 0 or s.acted < 0 or s.steps < 0 or s.ported < 0:
        P.append(("H4", "turn counters cannot be negative"))
    for f in s.stack:
        for name in ("who", "hero", "attacker", "defender", "thief", "victim"):
            v = getattr(f, name, None)
            if v is not None and not 0 <= v < n:
                P.append((None, f"frame {f.kind}: {name} {v} is not a player"))
        room = getattr(f, "room", None)
        if room is not None and not 0 <= room <= nrooms:
            P.append((None, f"frame {f.kind}: no room {room}"))
        card = getattr(f, "card", None)
        if f.kind == "resolve" and card not in c.loot:
            P.append((None, f"frame resolve: unknown card {card!r}"))
        if f.kind in ("battle", "guardian") and room is not None and 0 < room <= nrooms and \
                s.rooms[room].card not in c.rooms:
            P.append(("H6", f"frame {f.kind}: r{room} has no identity to fight"))
        P += _frame_problems(game, s, f)
    return P


ROOM_TYPES_ = ("monster", "team", "boss", "reward", "pourtal", "hoard")


def make_position(game, *, active: int = 0, players=None, rooms=None, discard=(), bottom=(), turn: int = 1,
                  actions: int = 1, acted: int = 0, layout=None) -> BarcadiaState:
    """A hand-made position at the start of ``active``'s turn (for tutorials, the lab and tests).

    ``players``: ``{p: {"hp": 80, "at": 3, "hand": [...], "powerups": [...], "power_traps": [...],
    "pouch": 1}}`` (left-out players: FULL HP on START, empty hands).
    ``rooms``: ``{i: "kettle-imp"}`` for a face-up room, or ``{i: {"card": ..., "up": False,
    "public": True, "traps": 2, "powerups": [...], "seen": [0], "pocket": 3}}``. Other rooms are
    face down and unseen. The layout is the game's dungeon (or ``layout``). The position is
    checked; a bad one is refused listing every problem.

    >>> from balada_widgets.barcadia.rules import BarcadiaGame
    >>> g = BarcadiaGame(players=2, dungeon="cozy")
    >>> s = g.position(players={0: {"at": 3, "hand": ["dash"]}}, rooms={3: "puddle-pup"})
    >>> [m.text() for m in g.legal_moves(s)][:4]
    ['p1 enter START', 'p1 reveal r2', 'p1 reveal r4', 'p1 reveal r15']
    """
    from dataclasses import replace

    layout = layout or game.layout
    if layout.size != game.n_rooms:
        raise InvalidInput(f"a position needs the whole dungeon ({game.n_rooms} rooms); build it or pick a dungeon file")
    full = game.content.hp_full
    pls = []
    for p, ch in enumerate(game.characters):
        spec = dict((players or {}).get(p, {}))
        unknown = set(spec) - {"hp", "at", "hand", "powerups", "power_traps", "pouch", "pocket_used"}
        if unknown:
            raise InvalidInput(f"player {p + 1}: unknown field {sorted(unknown)[0]!r}")
        pls.append(Player(ch, spec.get("hp", full), spec.get("at", START), tuple(sorted(spec.get("hand", ()))),
                          tuple(sorted(spec.get("powerups", ()))), tuple(sorted(spec.get("power_traps", ()))),
                          spec.get("pouch", 0), spec.get("pocket_used", False)))
    rms = [START_ROOM] + [Room() for _ in range(layout.size)]
    for i, spec in (rooms or {}).items():
        if not isinstance(i, int) or not 1 <= i <= layout.size:
            raise InvalidInput(f"no room {i!r} in this dungeon")
        if isinstance(spec, str):
            spec = {"card": spec, "up": True}
        spec = dict(spec)
        unknown = set(spec) - {"card", "up", "public", "traps", "powerups", "seen", "pocket"}
        if unknown:
            raise InvalidInput(f"room {i}: unknown field {sorted(unknown)[0]!r}")
        up = spec.get("up", spec.get("card") is not None)
        rms[i] = Room(spec.get("card"), up, spec.get("public", up), tuple(sorted(spec.get("seen", ()))),
                      spec.get("traps", 0), tuple(sorted(spec.get("powerups", ()))), spec.get("pocket", -1))
    state = BarcadiaState(layout, tuple(rms), tuple(pls), phase="play", active=active, turn=turn, in_turn=True,
                          actions=actions, acted=acted, discard=tuple(sorted(discard)), pu_bottom=tuple(bottom))
    problems = validate(game, state)
    if problems:
        raise InvalidPosition(problems)
    from .engine import run

    return run(game, replace(state))


_STAGES = {"battle": ("choose", "cards", "roll", "result", "after", "finish"), "walk": ("traps", "in"),
           "reveal": ("traps", "identify", "dispatch"), "claim": ("traps", "fight"), "death": ("drop", "keep", "home")}


def _frame_problems(game, s, f) -> list:
    """Shape checks of one pending step (a hand-edited frame line)."""
    from .effects import WINDOWS

    n = game.players
    out = []

    def bad(text):
        out.append((None, f"frame {f.kind}: {text}"))

    for name, v in vars(f).items():
        if isinstance(v, int) and not isinstance(v, bool) and name != "other" and v < 0:
            bad(f"{name} cannot be negative")
    stage = getattr(f, "stage", None)
    if f.kind in _STAGES and stage not in _STAGES[f.kind]:
        bad(f"unknown stage {stage!r}")
    if f.kind == "window":
        if f.window not in WINDOWS:
            bad(f"unknown window {f.window!r}")
        if not f.order or any(not isinstance(p, int) or not 0 <= p < n for p in f.order):
            bad("the priority order must list players")
        elif not 0 <= f.idx < len(f.order) or f.passes < 0:
            bad("priority points outside the order")
    elif f.kind == "battle":
        if f.battle not in ("monster", "team", "boss"):
            bad(f"unknown battle {f.battle!r}")
        if not -1 <= f.other < n or (f.battle != "monster" and f.stage != "choose" and f.other < 0):
            bad("the teammate or Boss-player is missing")
        if len(f.dice) > 2 or any(not isinstance(d, int) or not 0 <= d <= 20 for d in f.dice):
            bad("dice are 1..20 (0: to roll again)")
        for m in f.level_mods + f.roll_mods:
            if not isinstance(m, tuple) or len(m) not in (3, 4):
                bad("card effects are (amount, card, player) or (side, amount, card, player)")
    elif f.kind in ("guardian", "duel"):
        if len(f.dice) > (1 if f.kind == "guardian" else 2) or any(not isinstance(d, int) or not 1 <= d <= 20
                                                                    for d in f.dice):
            bad("dice are 1..20")
    elif f.kind == "build":
        if len(f.left) != n or any(not isinstance(k, int) or k < 0 for k in f.left) or not 0 <= f.idx < n:
            bad(f"rooms left to build, one count per player ({n})")
    elif f.kind == "first":
        if not f.contenders or any(not isinstance(p, int) or not 0 <= p < n for p in f.contenders) \
                or len(f.rolls) > len(f.contenders) or any(not isinstance(r, int) or not 1 <= r <= 20 for r in f.rolls):
            bad("contenders are players, rolls 1..20")
    elif f.kind == "resolve":
        if f.index < 0 or not all(isinstance(p, tuple) for p in f.picks):
            bad("picks are targets like [\"r\", 12]")
    elif f.kind in ("draw", "power", "frenzysteal") and f.n < 0:
        bad("a count cannot be negative")
    elif f.kind == "duelswap" and not 0 <= f.origin < len(s.rooms):
        bad(f"no room {f.origin}")
    elif f.kind == "powerdisarm" and f.pu not in game.content.powerups:
        bad(f"unknown Power-Up {f.pu!r}")
    return out
