"""The cards of Heroes of Barcadia: the project's own all-ages set, loaded and checked.

The publisher's card lists are not public, so balada-widgets ships its own
set, *Thirst Quest*, in ``data/content.json`` (marked there as the project's
design). HP is any drink - water works - or just a number (H18):

- 50 rooms: 22 Monsters (levels 4 to 15), 6 Team Battles (levels 18 to 28),
  8 Bosses, 8 Rewards (5 give a Loot Card, 3 a Power-Up), 5 Magic Pourtals
  and the Drink Hoard. Every damage is a multiple of 10 (H9).
- 25 Power-Ups of 13 kinds, 75 Loot Cards of 19 kinds in five colours, six
  characters with their Signature Moves, 16 trap tokens, 5 blank DIY cards.

The set reproduces the rule text's worked examples with our own cards of the
same numbers: the *Mini Fizzicorn* (Monster, level 7, damage 10, 2 Loot
Cards), *Cerbubble* (Team Battle, level 22, damage 10, 2 Loot Cards each)
and *The Mint Sprite* (Boss, damage 10, 2 Loot Cards and a Power-Up).

A teacher may write another set: :func:`load_content` checks it and lists
every problem at once (:class:`~balada_widgets.core.errors.InvalidPosition`).
A learner composes DIY cards with :func:`diy_card` from the effect vocabulary
of :mod:`.effects`, within a budget.

>>> c = load_content()
>>> len(c.room_list()), sum(p.count for p in c.powerups.values()), sum(l.count for l in c.loot.values())
(50, 25, 75)
>>> c.rooms["mini-fizzicorn"].level, c.rooms["mini-fizzicorn"].damage, c.rooms["mini-fizzicorn"].loot
(7, 10, 2)
>>> card = diy_card(name="Water Break", colour="blue", window="between_turns", effects=[("heal", 20), ("draw", 1)])
>>> card.id, card.cost
('diy-water-break', 3)
>>> diy_card(name="Too Much", colour="blue", window="between_turns", effects=[("heal", 30), ("draw", 2)])
Traceback (most recent call last):
...
balada_widgets.core.errors.InvalidInput: invalid input: DIY card 'Too Much': its effects cost 5 and the budget is 3
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..core.errors import InvalidInput, InvalidPosition, short_text
from ..core.files import read_data_text, read_user_text
from ..core.text import char_words, text_problem  # noqa: F401 (char_words: part of this module's face)
from .effects import ABILITIES, COLOURS, CONTEXTS, VERBS, WINDOWS

DATA = Path(__file__).with_name("data")
CONTENT_FORMAT = "balada-widgets/barcadia-content"
ROOM_TYPES = ("monster", "team", "boss", "reward", "pourtal", "hoard")
ROOM_TYPE_WORDS = {"monster": "Monster", "team": "Team Battle", "boss": "Boss", "reward": "Reward",
                   "pourtal": "Magic Pourtal", "hoard": "Drink Hoard", "start": "Starting Point"}
_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
RESERVED = {"start", "none", "pourtal"}
#: the shipped sets, by name (``content=None`` is the first)
SHIPPED_CONTENT = {"thirst-quest": "content.json"}

#: caps of free text (characters): names (cards, characters, the set), card texts, the set's design note
NAME_CAP, TEXT_CAP, DESIGN_CAP = 40, 200, 300
#: a DIY card's name (its id is ``diy-`` and the name as a slug)
DIY_NAME_CAP = 30
#: caps of a content set: characters of its JSON, kinds and cards of each deck, characters
CONTENT_CHARS = 256 * 1024
ROOM_KINDS, ROOM_TILES = 100, 100
POWERUP_KINDS, POWERUP_CARDS = 40, 100
LOOT_KINDS, LOOT_CARDS = 60, 300
CHARACTERS_CAP, ABILITIES_CAP = 12, 8

def shown_value(value) -> str:
    """A value of an option as a message shows it: a number, a short name, else only its kind.

    A text that might be a path (or anything long) is never echoed.

    >>> shown_value(7), shown_value("cozy"), shown_value("/etc/passwd"), shown_value([1, 2])
    ('7', "'cozy'", 'a text that is not a name', 'a list')
    """
    if value is None or isinstance(value, (bool, int)):
        return short_text(repr(value), 40)
    if isinstance(value, str):
        return repr(value) if re.fullmatch(r"[A-Za-z0-9_-]{1,40}", value) else "a text that is not a name"
    return {"list": "a list", "dict": "an object", "tuple": "a list", "float": "a fraction"}.get(
        type(value).__name__, f"a {type(value).__name__}")


def _shown(value) -> str:
    """A value from a content set in a message: its repr, cut when long."""
    return short_text(repr(value), 60)


@dataclass(frozen=True)
class RoomCard:
    """A room tile's face: type, level (Monsters and Team Battles), damage, reward."""

    id: str
    name: str
    type: str
    level: int | None = None
    damage: int = 0
    loot: int = 0
    power: int = 0
    count: int = 1
    text: str = ""

    @property
    def reward_words(self) -> str:
        parts = []
        if self.loot:
            parts.append(f"{self.loot} Loot Card" + ("s" if self.loot > 1 else ""))
        if self.power:
            parts.append(f"{self.power} Power-Up" + ("s" if self.power > 1 else ""))
        return " + ".join(parts) or "nothing"


@dataclass(frozen=True)
class PowerUpCard:
    id: str
    name: str
    count: int
    abilities: tuple
    text: str = ""


@dataclass(frozen=True)
class LootCard:
    """A Loot Card kind: colour, timing window, effects ``((verb, amount), ...)``."""

    id: str
    name: str
    colour: str
    window: str
    count: int
    effects: tuple
    text: str = ""
    diy: bool = False

    @property
    def cost(self) -> int:
        return sum(VERBS[v].cost(a) for v, a in self.effects)

    def to_dict(self) -> dict:
        return {"name": self.name, "colour": self.colour, "window": self.window,
                "effects": [[v, a] for v, a in self.effects]}


@dataclass(frozen=True)
class Character:
    id: str
    cls: str
    name: str
    signature: str
    abilities: tuple
    text: str = ""


@dataclass(frozen=True)
class GuardianStats:
    name: str = "Grand Drink Guardian"
    level: int = 15
    damage: int = 10
    power_ups: int = 3


@dataclass(frozen=True, eq=False)
class Content:
    """A whole set: rooms, Power-Ups, Loot Cards, characters and the numbers of the rules."""

    name: str
    design: str
    hp_full: int
    trap_damage: int
    duel_damage: int
    disarm: int
    trap_tokens: int
    guardian: GuardianStats
    rooms: dict
    powerups: dict
    loot: dict
    characters: dict
    removal: dict
    diy_blanks: int = 5
    diy_budget: int = 3
    diy_max_effects: int = 3
    source: str = ""
    extra: dict = field(default_factory=dict)

    def room_list(self) -> list:
        """Every room tile (a kind with ``count`` 2 appears twice)."""
        return [r for r in self.rooms.values() for _ in range(r.count)]

    def type_counts(self) -> dict:
        out = {t: 0 for t in ROOM_TYPES}
        for r in self.rooms.values():
            out[r.type] += r.count
        return out

    def with_diy(self, cards) -> "Content":
        """The set with composed DIY cards added to the Loot deck (in place of blanks)."""
        cards = list(cards)
        if len(cards) > self.diy_blanks:
            raise InvalidInput(f"the set has {self.diy_blanks} blank DIY cards; {len(cards)} were composed")
        loot = dict(self.loot)
        for c in cards:
            if c.id in loot:
                raise InvalidInput(f"two cards are called {c.name!r}; give each DIY card its own name")
            loot[c.id] = c
        return Content(self.name, self.design, self.hp_full, self.trap_damage, self.duel_damage, self.disarm,
                       self.trap_tokens, self.guardian, self.rooms, self.powerups, loot, self.characters,
                       self.removal, self.diy_blanks, self.diy_budget, self.diy_max_effects, self.source,
                       self.extra)


# ---------------------------------------------------------------- checks


def _int(v, lo=None, hi=None) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and (lo is None or v >= lo) and (hi is None or v <= hi)


def _check_abilities(where: str, abilities, problems) -> tuple:
    out = []
    if not isinstance(abilities, list) or not abilities:
        problems.append(("H-PWR2", f"{where}: 'abilities' must be a non-empty list like [[\"roll_bonus\", 2, [\"monster\"]]]"))
        return ()
    if len(abilities) > ABILITIES_CAP:
        problems.append(("H-PWR2", f"{where}: at most {ABILITIES_CAP} abilities, not {len(abilities):,}"))
        return ()
    for ab in abilities:
        if not isinstance(ab, list) or not ab or not isinstance(ab[0], str):
            problems.append(("H-PWR2", f"{where}: an ability is a list [kind, numbers...], not {_shown(ab)}"))
            continue
        spec = ABILITIES.get(ab[0])
        if spec is None:
            problems.append(("H-PWR2", f"{where}: unknown ability {_shown(ab[0])}; known: {', '.join(ABILITIES)}"))
            continue
        args = ab[1:]
        if len(args) != len(spec.args):
            problems.append(("H-PWR2", f"{where}: {ab[0]} takes {len(spec.args)} value(s) "
                                       f"({', '.join(spec.args)}), got {len(args)}"))
            continue
        ok = True
        for name, a in zip(spec.args, args):
            if name == "contexts":
                if not isinstance(a, list) or not a or any(c not in CONTEXTS for c in a):
                    problems.append(("H-PWR2", f"{where}: {ab[0]} contexts must be a list of {', '.join(CONTEXTS)}"))
                    ok = False
            elif not _int(a, 0, 100):
                problems.append(("H-PWR2", f"{where}: {ab[0]} {name} must be a whole number 0..100, not {_shown(a)}"))
                ok = False
        if ok:
            out.append((ab[0],) + tuple(tuple(a) if isinstance(a, list) else a for a in args))
    return tuple(out)


def _check_effects(where: str, window, effects, problems, rule="H-LOOT2") -> tuple:
    out = []
    if not isinstance(effects, (list, tuple)) or not effects:
        problems.append((rule, f"{where}: 'effects' must be a non-empty list of [verb, amount]"))
        return ()
    if len(effects) > 8:
        problems.append((rule, f"{where}: at most 8 effects, not {len(effects):,}"))
        return ()
    for e in effects:
        if not isinstance(e, (list, tuple)) or len(e) != 2 or not isinstance(e[0], str):
            problems.append((rule, f"{where}: an effect is a pair [verb, amount], not {_shown(e)}"))
            continue
        verb, amount = e
        spec = VERBS.get(verb)
        if spec is None:
            problems.append((rule, f"{where}: unknown effect {_shown(verb)}; known: {', '.join(VERBS)}"))
            continue
        if isinstance(amount, bool) or amount not in spec.amounts:
            problems.append((rule, f"{where}: {verb} takes an amount among {', '.join(map(str, spec.amounts))}, "
                                   f"not {_shown(amount)}"))
            continue
        if window in WINDOWS and window not in spec.windows:
            problems.append((rule, f"{where}: {verb} cannot be played {_window_words(window)}; it works "
                                   + " or ".join(_window_words(w) for w in spec.windows)))
            continue
        out.append((verb, amount))
    verbs = [v for v, _ in out]
    dup = sorted({v for v in verbs if verbs.count(v) > 1})
    if dup:
        problems.append((rule, f"{where}: each effect at most once (repeated: {', '.join(dup)})"))
    if "flee" in verbs and ({"roll_mod", "level_mod"} & set(verbs)):
        problems.append((rule, f"{where}: flee ends the battle, so it cannot go with roll_mod or level_mod"))
    return tuple(out)


def _window_words(w) -> str:
    from .effects import WINDOW_WORDS

    return WINDOW_WORDS.get(w, repr(w))


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", str(name).lower()).strip("-")[:40]


def diy_card(name=None, colour=None, window=None, effects=None, *, text: str = "", content: Content | None = None,
             budget: int | None = None, number: int | None = None) -> LootCard:
    """Compose a DIY Loot Card and check it; raise :class:`InvalidInput` listing every problem.

    ``effects`` is a list of ``(verb, amount)`` pairs from :data:`.effects.VERBS`
    (at most 3, each verb once, each allowed in ``window``); their total cost
    must stay within the budget (3 in the shipped set). The card's id is
    ``"diy-"`` followed by its name in lower case with dashes.

    The name (1 to 30 characters, with a letter or digit) and the ``text``
    (at most 200) are checked by :func:`text_problem`: no control characters,
    bidi controls, invisible characters, ``<`` or ``>``. ``number`` (the card's
    place among the game's DIY cards) names the card in messages when its name
    cannot be shown.

    >>> diy_card(name="Water\\u202eBreak", colour="blue", window="between_turns", effects=[("heal", 20)], number=2)
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input: DIY card 2's name: character 6 is U+202E RIGHT-TO-LEFT OVERRIDE, a bidi control: it changes the order in which the text is shown
    """
    c = content or load_content()
    budget = c.diy_budget if budget is None else budget
    card_no = "DIY card" if number is None else f"DIY card {number}"
    problems: list = []
    bad_name = text_problem(name, f"{card_no}'s name", DIY_NAME_CAP) if name is not None else None
    label = card_no if name is None or bad_name else f"DIY card {name!r}"
    if not isinstance(name, str) or not name.strip():
        problems.append(("H-LOOT6", "a DIY card needs a name" if number is None else f"{card_no} needs a name"))
    elif bad_name:
        problems.append(("H-LOOT6", bad_name))
    elif not slug(name):
        problems.append(("H-LOOT6", f"{label}: the name needs a Latin letter (a-z) or a digit: the card's id in "
                                    f"the move notation is made of them"))
    bad_text = text_problem(text, f"{label}'s text", TEXT_CAP, required=False)
    if bad_text:
        problems.append(("H-LOOT6", bad_text))
    if colour not in COLOURS:
        problems.append(("H-FAQ7", f"{label}: the colour must be one of {', '.join(COLOURS)}, not {_shown(colour)}"))
    if window not in WINDOWS:
        problems.append(("H-LOOT2", f"{label}: the window must be one of {', '.join(WINDOWS)}, not {_shown(window)}"))
    too_many = isinstance(effects, (list, tuple)) and len(effects) > c.diy_max_effects
    effs = _check_effects(label, window, list(effects[:8]) if isinstance(effects, (list, tuple)) else effects,
                          problems, rule="H-LOOT6")
    if too_many:
        problems.append(("H-LOOT6", f"{label}: at most {c.diy_max_effects} effects, not {len(effects)}"))
    cost = sum(VERBS[v].cost(a) for v, a in effs)
    if effs and cost > budget:
        problems.append(("H-LOOT6", f"{label}: its effects cost {cost} and the budget is {budget}"))
    if problems:
        err = InvalidInput("; ".join(t for _, t in problems))
        err.problems = problems
        raise err
    from .effects import card_words

    card = LootCard("diy-" + slug(name), name.strip(), colour, window, 1, effs, text, diy=True)
    if not text:
        words = card_words(card)
        card = LootCard(card.id, card.name, colour, window, 1, effs, words[:1].upper() + words[1:] + ".", True)
    return card


def content_from_data(data, source: str = "content") -> Content:
    """Check a parsed content file and build the :class:`Content`; every problem is listed."""
    problems: list = []
    if not isinstance(data, dict):
        raise InvalidPosition([(None, f"{source}: a content file is a JSON object")])
    fmt = data.get("format", CONTENT_FORMAT)
    if fmt != CONTENT_FORMAT:
        problems.append((None, f"{source}: format must be {CONTENT_FORMAT!r}, not {_shown(fmt)}"))

    def text(value, what, cap, required=True, rule=None):
        """``value`` if it is a clean text, else a problem is noted and ``None`` returned."""
        bad = text_problem(value, what, cap, required)
        if bad:
            problems.append((rule, bad))
            return None
        return value

    set_name = text(data.get("name", source), f"{source}: the set's name", NAME_CAP)
    design = text(data.get("design", ""), f"{source}: the design note", DESIGN_CAP, required=False)
    numbers = {}
    for key, default, lo, hi in (("hp_full", 100, 10, 1000), ("trap_damage", 10, 0, 100), ("duel_damage", 10, 0, 100),
                                 ("disarm", 10, 1, 20), ("trap_tokens", 16, 0, 100)):
        v = data.get(key, default)
        if not _int(v, lo, hi):
            problems.append(("H9", f"{source}: {key} must be a whole number {lo}..{hi}, not {_shown(v)}"))
            v = default
        numbers[key] = v
    for key in ("hp_full", "trap_damage", "duel_damage"):
        if numbers[key] % 10:
            problems.append(("H9", f"{source}: {key} must be a multiple of 10 (H9), not {numbers[key]}"))
    g = data.get("guardian", {})
    if not isinstance(g, dict):
        problems.append(("H8", f"{source}: 'guardian' must be an object"))
        g = {}
    guardian = GuardianStats(text(g.get("name", "Grand Drink Guardian"), f"{source}: the Guardian's name", NAME_CAP,
                                  rule="H8") or "", g.get("level", 15), g.get("damage", 10), g.get("power_ups", 3))
    if not _int(guardian.level, 1, 20):
        problems.append(("H8", f"{source}: the Guardian's level must be 1..20, not {_shown(guardian.level)}"))
    if not _int(guardian.damage, 10, 100) or guardian.damage % 10:
        problems.append(("H9", f"{source}: the Guardian's damage must be a multiple of 10, "
                               f"not {_shown(guardian.damage)}"))
    if not _int(guardian.power_ups, 0, 10):
        problems.append(("H8", f"{source}: the Guardian's power_ups must be 0..10, not {_shown(guardian.power_ups)}"))

    ids: dict[str, str] = {}

    def new_id(kind, i, where):
        if not isinstance(i, str) or not _SLUG.match(i) or i in RESERVED:
            problems.append((None, f"{where}: id {_shown(i)} must be lower-case letters, digits and '-', "
                                   f"at most 40 (not {'/'.join(sorted(RESERVED))})"))
            return False
        if i in ids:
            problems.append((None, f"{where}: id {i!r} is used twice ({ids[i]} and {kind})"))
            return False
        ids[i] = kind
        return True

    rooms = {}
    def listed(key, rule, kinds_cap, words):
        raw = data.get(key)
        if not isinstance(raw, list) or not raw:
            problems.append((rule, f"{source}: '{key}' must be a non-empty list"))
            return []
        if len(raw) > kinds_cap:
            problems.append((rule, f"{source}: '{key}' lists {len(raw):,} {words}; at most {kinds_cap}"))
            return []
        return raw

    def label(kind, i, n):
        return f"{source}: {kind} {i!r}" if isinstance(i, str) and _SLUG.match(i) else f"{source}: {kind} {n}"

    def name_of(value, where, what):
        if not isinstance(value, str) or not value.strip():
            problems.append((None, f"{where}: {what} needs a name"))
            return None
        return text(value, f"{where}: the name", NAME_CAP)

    rooms = {}
    raw = listed("rooms", "H-COMP2", ROOM_KINDS, "room kinds")
    for n, r in enumerate(raw, 1):
        where = f"{source}: room {n}"
        if not isinstance(r, dict):
            problems.append(("H-COMP2", f"{where}: each room is an object"))
            continue
        rid = r.get("id")
        where = label("room", rid, n)
        ok = new_id("room", rid, where)
        t = r.get("type")
        if t not in ROOM_TYPES:
            problems.append(("H-COMP2", f"{where}: type must be one of {', '.join(ROOM_TYPES)}, not {_shown(t)}"))
            ok = False
        name = name_of(r.get("name"), where, "a room")
        words = text(r.get("text", ""), f"{where}: the text", TEXT_CAP, required=False)
        ok = ok and name is not None and words is not None
        level = r.get("level")
        if t == "monster" and not _int(level, 1, 20):
            problems.append(("H-MON1", f"{where}: a Monster needs a level 1..20, not {_shown(level)}"))
            ok = False
        elif t == "team" and not _int(level, 2, 40):
            problems.append(("H-TEAM1", f"{where}: a Team Battle needs a level 2..40, not {_shown(level)}"))
            ok = False
        elif t not in ("monster", "team") and level is not None:
            problems.append(("H-BOSS6" if t == "boss" else "H-COMP2", f"{where}: only Monsters and Team Battles "
                                                                        f"have a level"))
            ok = False
        dmg = r.get("damage", 0)
        if t in ("monster", "team", "boss"):
            if not _int(dmg, 10, 100) or dmg % 10:
                problems.append(("H9", f"{where}: damage must be a multiple of 10 from 10 to 100, not {_shown(dmg)}"))
                ok = False
        elif dmg:
            problems.append(("H-COMP2", f"{where}: only Monsters, Team Battles and Bosses deal damage"))
            ok = False
        reward = r.get("reward", {})
        loot = power = 0
        if not isinstance(reward, dict) or set(reward) - {"loot", "power"}:
            problems.append(("H-REW1", f"{where}: reward must be an object like {{\"loot\": 1, \"power\": 1}}"))
            ok = False
        else:
            loot, power = reward.get("loot", 0), reward.get("power", 0)
            if not _int(loot, 0, 5) or not _int(power, 0, 3):
                problems.append(("H-REW1", f"{where}: a reward is 0..5 Loot Cards and 0..3 Power-Ups"))
                ok = False
            elif t in ("monster", "team", "boss", "reward") and loot + power == 0:
                problems.append(("H-REW1", f"{where}: a {ROOM_TYPE_WORDS[t]} must reward something"))
                ok = False
            elif t in ("pourtal", "hoard") and loot + power:
                problems.append(("H-REW1", f"{where}: a {ROOM_TYPE_WORDS[t]} gives no reward"))
                ok = False
        count = r.get("count", 1)
        if not _int(count, 1, 50):
            problems.append(("H-COMP2", f"{where}: count must be 1..50, not {_shown(count)}"))
            ok = False
        if ok:
            rooms[rid] = RoomCard(rid, name.strip(), t, level, dmg, loot, power, count, words)
    hoards = sum(r.count for r in rooms.values() if r.type == "hoard")
    if raw and hoards != 1:
        problems.append(("H-OBJ2", f"{source}: the dungeon holds exactly one Drink Hoard, this set has {hoards}"))
    tiles = sum(r.count for r in rooms.values())
    if tiles > ROOM_TILES:
        problems.append(("H-COMP2", f"{source}: the set has {tiles} room tiles; at most {ROOM_TILES}"))

    counts = {t: sum(r.count for r in rooms.values() if r.type == t) for t in ROOM_TYPES}
    removal = data.get("removal_2_3", {})
    if not isinstance(removal, dict):
        problems.append(("H2", f"{source}: removal_2_3 must be an object like {{\"monster\": 10}}"))
        removal = {}
    for t, k in removal.items():
        if t not in ROOM_TYPES or t == "hoard":
            problems.append(("H2", f"{source}: removal_2_3 names {_shown(t)}; it may remove monster, team, boss, "
                                   f"reward, pourtal (never the Hoard)"))
        elif not _int(k, 0, counts[t]):
            problems.append(("H2", f"{source}: removal_2_3 takes {_shown(k)} {t} rooms out of {counts[t]}"))

    pus = {}
    raw = listed("power_ups", "H-PWR1", POWERUP_KINDS, "kinds of Power-Up")
    for n, p in enumerate(raw, 1):
        if not isinstance(p, dict):
            problems.append(("H-PWR1", f"{source}: power-up {n}: each Power-Up is an object"))
            continue
        pid = p.get("id")
        where = label("Power-Up", pid, n)
        ok = new_id("Power-Up", pid, where)
        name, count = name_of(p.get("name"), where, "a Power-Up"), p.get("count", 1)
        words = text(p.get("text", ""), f"{where}: the text", TEXT_CAP, required=False)
        ok = ok and name is not None and words is not None
        if not _int(count, 1, 25):
            problems.append(("H-PWR1", f"{where}: count must be 1..25, not {_shown(count)}"))
            ok = False
        abilities = _check_abilities(where, p.get("abilities"), problems)
        if ok and abilities:
            pus[pid] = PowerUpCard(pid, name.strip(), count, abilities, words)
    if sum(p.count for p in pus.values()) > POWERUP_CARDS:
        problems.append(("H-PWR1", f"{source}: the set has {sum(p.count for p in pus.values())} Power-Ups; "
                                   f"at most {POWERUP_CARDS}"))

    loot = {}
    raw = listed("loot", "H-LOOT1", LOOT_KINDS, "kinds of Loot Card")
    for n, c in enumerate(raw, 1):
        if not isinstance(c, dict):
            problems.append(("H-LOOT1", f"{source}: loot card {n}: each Loot Card is an object"))
            continue
        cid = c.get("id")
        where = label("Loot Card", cid, n)
        ok = new_id("Loot Card", cid, where)
        name, colour, window, count = (name_of(c.get("name"), where, "a Loot Card"), c.get("colour"),
                                       c.get("window"), c.get("count", 1))
        words = text(c.get("text", ""), f"{where}: the text", TEXT_CAP, required=False)
        ok = ok and name is not None and words is not None
        if colour not in COLOURS:
            problems.append(("H-FAQ7", f"{where}: colour must be one of {', '.join(COLOURS)}, not {_shown(colour)}"))
            ok = False
        if window not in WINDOWS:
            problems.append(("H-LOOT2", f"{where}: window must be one of {', '.join(WINDOWS)}, not {_shown(window)}"))
            ok = False
        if not _int(count, 1, 75):
            problems.append(("H-LOOT1", f"{where}: count must be 1..75, not {_shown(count)}"))
            ok = False
        effs = _check_effects(where, window, c.get("effects"), problems)
        if ok and effs:
            loot[cid] = LootCard(cid, name.strip(), colour, window, count, effs, words)
    if sum(c.count for c in loot.values()) > LOOT_CARDS:
        problems.append(("H-LOOT1", f"{source}: the set has {sum(c.count for c in loot.values())} Loot Cards; "
                                    f"at most {LOOT_CARDS}"))

    chars = {}
    raw = data.get("characters")
    if not isinstance(raw, list) or len(raw) < 2:
        problems.append(("H-SIG1", f"{source}: 'characters' must list at least 2 characters (6 for 6 players)"))
        raw = raw if isinstance(raw, list) else []
    elif len(raw) > CHARACTERS_CAP:
        problems.append(("H-SIG1", f"{source}: 'characters' lists {len(raw):,}; at most {CHARACTERS_CAP}"))
        raw = []
    for n, ch in enumerate(raw, 1):
        if not isinstance(ch, dict):
            problems.append(("H-SIG1", f"{source}: character {n}: each character is an object"))
            continue
        cid = ch.get("id")
        where = label("character", cid, n)
        ok = new_id("character", cid, where)
        sig = ch.get("signature")
        name = name_of(ch.get("name"), where, "a character")
        cls = text(ch.get("class", ""), f"{where}: the class", NAME_CAP, required=False)
        ok = ok and name is not None and cls is not None
        if not isinstance(sig, dict) or not isinstance(sig.get("name"), str):
            problems.append(("H-SIG1", f"{where}: a character needs a signature {{name, abilities, text}}"))
            continue
        sig_name = text(sig["name"], f"{where}: the Signature Move's name", NAME_CAP, rule="H-SIG1")
        sig_text = text(sig.get("text", ""), f"{where}: the Signature Move's text", TEXT_CAP, required=False)
        ok = ok and sig_name is not None and sig_text is not None
        abilities = _check_abilities(where, sig.get("abilities"), problems)
        if ok and abilities:
            chars[cid] = Character(cid, cls, name.strip(), sig_name, abilities, sig_text)
    diy = data.get("diy", {})
    if not isinstance(diy, dict):
        problems.append(("H-LOOT6", f"{source}: 'diy' must be an object like {{\"blanks\": 5, \"budget\": 3}}"))
        diy = {}
    blanks, budget, max_eff = diy.get("blanks", 5), diy.get("budget", 3), diy.get("max_effects", 3)
    if not _int(blanks, 0, 20) or not _int(budget, 1, 20) or not _int(max_eff, 1, 5):
        problems.append(("H-LOOT6", f"{source}: diy needs blanks 0..20, budget 1..20, max_effects 1..5"))
        blanks, budget, max_eff = 5, 3, 3
    if problems:
        raise InvalidPosition(problems)
    return Content(set_name, design, numbers["hp_full"],
                   numbers["trap_damage"], numbers["duel_damage"], numbers["disarm"], numbers["trap_tokens"],
                   guardian, rooms, pus, loot, chars, {k: v for k, v in removal.items() if v},
                   blanks, budget, max_eff, source)


def content_to_data(content: Content) -> dict:
    """The JSON data of a set, as a content file holds it (what a game's ``options`` carry).

    ``content_from_data(content_to_data(c))`` rebuilds the same set; keys a
    content file may hold beyond these are not kept.

    >>> c = load_content()
    >>> again = content_from_data(content_to_data(c))
    >>> again.rooms == c.rooms and again.loot == c.loot and again.characters == c.characters
    True
    """
    def abilities(abs_):
        return [[a if not isinstance(a, tuple) else list(a) for a in ab] for ab in abs_]

    rooms = []
    for r in content.rooms.values():
        d = {"id": r.id, "name": r.name, "type": r.type}
        if r.level is not None:
            d["level"] = r.level
        if r.type in ("monster", "team", "boss"):
            d["damage"] = r.damage
        reward = {k: v for k, v in (("loot", r.loot), ("power", r.power)) if v}
        if reward:
            d["reward"] = reward
        d["count"] = r.count
        if r.text:
            d["text"] = r.text
        rooms.append(d)
    g = content.guardian
    return {
        "format": CONTENT_FORMAT, "version": 1, "name": content.name, "design": content.design,
        "hp_full": content.hp_full, "trap_damage": content.trap_damage, "duel_damage": content.duel_damage,
        "disarm": content.disarm, "trap_tokens": content.trap_tokens,
        "guardian": {"name": g.name, "level": g.level, "damage": g.damage, "power_ups": g.power_ups},
        "removal_2_3": dict(content.removal),
        "diy": {"blanks": content.diy_blanks, "budget": content.diy_budget, "max_effects": content.diy_max_effects},
        "rooms": rooms,
        "power_ups": [{"id": p.id, "name": p.name, "count": p.count, "abilities": abilities(p.abilities),
                       "text": p.text} for p in content.powerups.values()],
        "loot": [{"id": c.id, "name": c.name, "colour": c.colour, "window": c.window, "count": c.count,
                  "effects": [[v, a] for v, a in c.effects], "text": c.text} for c in content.loot.values()],
        "characters": [{"id": c.id, "class": c.cls, "name": c.name,
                        "signature": {"name": c.signature, "abilities": abilities(c.abilities), "text": c.text}}
                       for c in content.characters.values()],
    }


def _json_text(data, what: str, cap: int) -> str:
    """``data`` as canonical JSON text (sorted keys), refused when it is not JSON data or over ``cap`` characters."""
    try:
        text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise InvalidInput(f"the {what} must be JSON data (objects with text keys, lists, texts, whole "
                           f"numbers)") from None
    if len(text) > cap:
        raise InvalidInput(f"the {what} is {len(text):,} characters as JSON; the limit is {cap:,}")
    return text


def parse_json(text: str, what: str, shown: str):
    """A file's JSON text parsed; a syntax error names the line and column, never the text."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise InvalidInput(f"the {what} {shown!r} is not valid JSON (line {e.lineno}, column {e.colno}: "
                           f"{e.msg})") from None
    except (RecursionError, ValueError):
        raise InvalidInput(f"the {what} {shown!r} is not valid JSON (nested too deeply or a number too "
                           f"long)") from None


@lru_cache(maxsize=16)
def _from_json_text(text: str, source: str) -> Content:
    return content_from_data(json.loads(text), source)


@lru_cache(maxsize=4)
def _shipped(name: str) -> Content:
    file = DATA / SHIPPED_CONTENT[name]
    data = parse_json(read_data_text(file, what="content file"), "content file", file.name)
    return content_from_data(data, file.name)


def content_option(content) -> tuple:
    """``(option, Content)`` for a game's ``content`` option: the set and what ``options`` carry.

    - ``None`` or a shipped set's name (``"thirst-quest"``): the shipped set;
      the option stays as given.
    - a dict (a content file's data) or a :class:`Content`: checked
      (:func:`content_from_data`, at most 256 KB of JSON); the option is the
      set's data (:func:`content_to_data`).
    - any other text or path: a content file a Python caller names, read once
      with :func:`~balada_widgets.core.files.read_user_text` (refused while a
      save file loads); the option is its data, never the path.

    A name of lower-case letters, digits and ``-`` that is not shipped is
    refused as an unknown set (a file in the current folder is ``"./name"``).
    """
    if content is None:
        return None, _shipped(next(iter(SHIPPED_CONTENT)))
    if isinstance(content, str) and content in SHIPPED_CONTENT:
        return content, _shipped(content)
    source = "content"
    if isinstance(content, Content):
        data = content_to_data(content)
    elif isinstance(content, dict):
        data = content
    elif isinstance(content, (str, os.PathLike)):
        if isinstance(content, str) and _SLUG.match(content):
            raise InvalidInput(f"no content set {content!r}; shipped: {', '.join(SHIPPED_CONTENT)} (None is the "
                               f"first); a file is named by its path, e.g. './{content}.json'")
        text = read_user_text(content, what="content file")
        source = os.path.basename(os.fspath(content))[:60] or "content"
        data = parse_json(text, "content file", source)
    else:
        raise InvalidInput(f"content must be None, a shipped set's name ({', '.join(SHIPPED_CONTENT)}), the "
                           f"set's data (an object) or, from Python, a content file's path; not {shown_value(content)}")
    found = _from_json_text(_json_text(data, "content", CONTENT_CHARS), source)
    return content_to_data(found), found


def load_content(path=None) -> Content:
    """A set: the shipped one (``None``), a shipped name, its data (a dict), or a content file a Python caller names.

    Every problem of a set is listed at once (:class:`~balada_widgets.core.errors.InvalidPosition`);
    see :func:`content_option`.
    """
    if isinstance(path, Content):
        return path
    if isinstance(path, Path):
        path = str(path)
    return content_option(path)[1]
