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
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..core.errors import InvalidInput, InvalidPosition
from .effects import ABILITIES, COLOURS, CONTEXTS, VERBS, WINDOWS

DATA = Path(__file__).with_name("data")
CONTENT_FORMAT = "balada-widgets/barcadia-content"
ROOM_TYPES = ("monster", "team", "boss", "reward", "pourtal", "hoard")
ROOM_TYPE_WORDS = {"monster": "Monster", "team": "Team Battle", "boss": "Boss", "reward": "Reward",
                   "pourtal": "Magic Pourtal", "hoard": "Drink Hoard", "start": "Starting Point"}
_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
RESERVED = {"start", "none", "pourtal"}


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
    for ab in abilities:
        if not isinstance(ab, list) or not ab or not isinstance(ab[0], str):
            problems.append(("H-PWR2", f"{where}: an ability is a list [kind, numbers...], not {ab!r}"))
            continue
        spec = ABILITIES.get(ab[0])
        if spec is None:
            problems.append(("H-PWR2", f"{where}: unknown ability {ab[0]!r}; known: {', '.join(ABILITIES)}"))
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
                problems.append(("H-PWR2", f"{where}: {ab[0]} {name} must be a whole number 0..100, not {a!r}"))
                ok = False
        if ok:
            out.append((ab[0],) + tuple(tuple(a) if isinstance(a, list) else a for a in args))
    return tuple(out)


def _check_effects(where: str, window, effects, problems, rule="H-LOOT2") -> tuple:
    out = []
    if not isinstance(effects, (list, tuple)) or not effects:
        problems.append((rule, f"{where}: 'effects' must be a non-empty list of [verb, amount]"))
        return ()
    for e in effects:
        if not isinstance(e, (list, tuple)) or len(e) != 2 or not isinstance(e[0], str):
            problems.append((rule, f"{where}: an effect is a pair [verb, amount], not {e!r}"))
            continue
        verb, amount = e
        spec = VERBS.get(verb)
        if spec is None:
            problems.append((rule, f"{where}: unknown effect {verb!r}; known: {', '.join(VERBS)}"))
            continue
        if isinstance(amount, bool) or amount not in spec.amounts:
            problems.append((rule, f"{where}: {verb} takes an amount among {', '.join(map(str, spec.amounts))}, "
                                   f"not {amount!r}"))
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
             budget: int | None = None) -> LootCard:
    """Compose a DIY Loot Card and check it; raise :class:`InvalidInput` listing every problem.

    ``effects`` is a list of ``(verb, amount)`` pairs from :data:`.effects.VERBS`
    (at most 3, each verb once, each allowed in ``window``); their total cost
    must stay within the budget (3 in the shipped set). The card's id is
    ``"diy-"`` followed by its name in lower case with dashes.
    """
    c = content or load_content()
    budget = c.diy_budget if budget is None else budget
    label = f"DIY card {name!r}"
    problems: list = []
    if not isinstance(name, str) or not name.strip():
        problems.append(("H-LOOT6", "a DIY card needs a name"))
    elif len(name) > 30 or not slug(name):
        problems.append(("H-LOOT6", f"{label}: a name of 1 to 30 characters with letters or digits"))
    if colour not in COLOURS:
        problems.append(("H-FAQ7", f"{label}: the colour must be one of {', '.join(COLOURS)}, not {colour!r}"))
    if window not in WINDOWS:
        problems.append(("H-LOOT2", f"{label}: the window must be one of {', '.join(WINDOWS)}, not {window!r}"))
    effs = _check_effects(label, window, list(effects) if isinstance(effects, (list, tuple)) else effects,
                          problems, rule="H-LOOT6")
    if isinstance(effects, (list, tuple)) and len(effects) > c.diy_max_effects:
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
        problems.append((None, f"{source}: format must be {CONTENT_FORMAT!r}, not {fmt!r}"))
    numbers = {}
    for key, default, lo, hi in (("hp_full", 100, 10, 1000), ("trap_damage", 10, 0, 100), ("duel_damage", 10, 0, 100),
                                 ("disarm", 10, 1, 20), ("trap_tokens", 16, 0, 100)):
        v = data.get(key, default)
        if not _int(v, lo, hi):
            problems.append(("H9", f"{source}: {key} must be a whole number {lo}..{hi}, not {v!r}"))
            v = default
        numbers[key] = v
    for key in ("hp_full", "trap_damage", "duel_damage"):
        if numbers[key] % 10:
            problems.append(("H9", f"{source}: {key} must be a multiple of 10 (H9), not {numbers[key]}"))
    g = data.get("guardian", {})
    if not isinstance(g, dict):
        problems.append(("H8", f"{source}: 'guardian' must be an object"))
        g = {}
    guardian = GuardianStats(str(g.get("name", "Grand Drink Guardian")), g.get("level", 15), g.get("damage", 10),
                             g.get("power_ups", 3))
    if not _int(guardian.level, 1, 20):
        problems.append(("H8", f"{source}: the Guardian's level must be 1..20, not {guardian.level!r}"))
    if not _int(guardian.damage, 10, 100) or guardian.damage % 10:
        problems.append(("H9", f"{source}: the Guardian's damage must be a multiple of 10, not {guardian.damage!r}"))
    if not _int(guardian.power_ups, 0, 10):
        problems.append(("H8", f"{source}: the Guardian's power_ups must be 0..10, not {guardian.power_ups!r}"))

    ids: dict[str, str] = {}

    def new_id(kind, i, where):
        if not isinstance(i, str) or not _SLUG.match(i) or i in RESERVED:
            problems.append((None, f"{where}: id {i!r} must be lower-case letters, digits and '-' (not "
                                   f"{'/'.join(sorted(RESERVED))})"))
            return False
        if i in ids:
            problems.append((None, f"{where}: id {i!r} is used twice ({ids[i]} and {kind})"))
            return False
        ids[i] = kind
        return True

    rooms = {}
    raw = data.get("rooms")
    if not isinstance(raw, list) or not raw:
        problems.append(("H-COMP2", f"{source}: 'rooms' must be a non-empty list"))
        raw = []
    for n, r in enumerate(raw, 1):
        where = f"{source}: room {n}"
        if not isinstance(r, dict):
            problems.append(("H-COMP2", f"{where}: each room is an object"))
            continue
        rid = r.get("id")
        where = f"{source}: room {rid!r}" if isinstance(rid, str) else where
        ok = new_id("room", rid, where)
        t = r.get("type")
        if t not in ROOM_TYPES:
            problems.append(("H-COMP2", f"{where}: type must be one of {', '.join(ROOM_TYPES)}, not {t!r}"))
            ok = False
        name = r.get("name")
        if not isinstance(name, str) or not name.strip():
            problems.append((None, f"{where}: a room needs a name"))
            ok = False
        level = r.get("level")
        if t == "monster" and not _int(level, 1, 20):
            problems.append(("H-MON1", f"{where}: a Monster needs a level 1..20, not {level!r}"))
            ok = False
        elif t == "team" and not _int(level, 2, 40):
            problems.append(("H-TEAM1", f"{where}: a Team Battle needs a level 2..40, not {level!r}"))
            ok = False
        elif t not in ("monster", "team") and level is not None:
            problems.append(("H-BOSS6" if t == "boss" else "H-COMP2", f"{where}: only Monsters and Team Battles "
                                                                        f"have a level"))
            ok = False
        dmg = r.get("damage", 0)
        if t in ("monster", "team", "boss"):
            if not _int(dmg, 10, 100) or dmg % 10:
                problems.append(("H9", f"{where}: damage must be a multiple of 10 from 10 to 100, not {dmg!r}"))
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
            problems.append(("H-COMP2", f"{where}: count must be 1..50, not {count!r}"))
            ok = False
        if ok:
            rooms[rid] = RoomCard(rid, name.strip(), t, level, dmg, loot, power, count, str(r.get("text", "")))
    hoards = sum(r.count for r in rooms.values() if r.type == "hoard")
    if raw and hoards != 1:
        problems.append(("H-OBJ2", f"{source}: the dungeon holds exactly one Drink Hoard, this set has {hoards}"))

    counts = {t: sum(r.count for r in rooms.values() if r.type == t) for t in ROOM_TYPES}
    removal = data.get("removal_2_3", {})
    if not isinstance(removal, dict):
        problems.append(("H2", f"{source}: removal_2_3 must be an object like {{\"monster\": 10}}"))
        removal = {}
    for t, k in removal.items():
        if t not in ROOM_TYPES or t == "hoard":
            problems.append(("H2", f"{source}: removal_2_3 names {t!r}; it may remove monster, team, boss, reward, "
                                   f"pourtal (never the Hoard)"))
        elif not _int(k, 0, counts[t]):
            problems.append(("H2", f"{source}: removal_2_3 takes {k!r} {t} rooms out of {counts[t]}"))

    pus = {}
    raw = data.get("power_ups")
    if not isinstance(raw, list) or not raw:
        problems.append(("H-PWR1", f"{source}: 'power_ups' must be a non-empty list"))
        raw = []
    for n, p in enumerate(raw, 1):
        if not isinstance(p, dict):
            problems.append(("H-PWR1", f"{source}: power-up {n}: each Power-Up is an object"))
            continue
        pid = p.get("id")
        where = f"{source}: Power-Up {pid!r}"
        ok = new_id("Power-Up", pid, where)
        name, count = p.get("name"), p.get("count", 1)
        if not isinstance(name, str) or not name.strip():
            problems.append((None, f"{where}: a Power-Up needs a name"))
            ok = False
        if not _int(count, 1, 25):
            problems.append(("H-PWR1", f"{where}: count must be 1..25, not {count!r}"))
            ok = False
        abilities = _check_abilities(where, p.get("abilities"), problems)
        if ok and abilities:
            pus[pid] = PowerUpCard(pid, name.strip(), count, abilities, str(p.get("text", "")))

    loot = {}
    raw = data.get("loot")
    if not isinstance(raw, list) or not raw:
        problems.append(("H-LOOT1", f"{source}: 'loot' must be a non-empty list"))
        raw = []
    for n, c in enumerate(raw, 1):
        if not isinstance(c, dict):
            problems.append(("H-LOOT1", f"{source}: loot card {n}: each Loot Card is an object"))
            continue
        cid = c.get("id")
        where = f"{source}: Loot Card {cid!r}"
        ok = new_id("Loot Card", cid, where)
        name, colour, window, count = c.get("name"), c.get("colour"), c.get("window"), c.get("count", 1)
        if not isinstance(name, str) or not name.strip():
            problems.append((None, f"{where}: a Loot Card needs a name"))
            ok = False
        if colour not in COLOURS:
            problems.append(("H-FAQ7", f"{where}: colour must be one of {', '.join(COLOURS)}, not {colour!r}"))
            ok = False
        if window not in WINDOWS:
            problems.append(("H-LOOT2", f"{where}: window must be one of {', '.join(WINDOWS)}, not {window!r}"))
            ok = False
        if not _int(count, 1, 75):
            problems.append(("H-LOOT1", f"{where}: count must be 1..75, not {count!r}"))
            ok = False
        effs = _check_effects(where, window, c.get("effects"), problems)
        if ok and effs:
            loot[cid] = LootCard(cid, name.strip(), colour, window, count, effs, str(c.get("text", "")))

    chars = {}
    raw = data.get("characters")
    if not isinstance(raw, list) or len(raw) < 2:
        problems.append(("H-SIG1", f"{source}: 'characters' must list at least 2 characters (6 for 6 players)"))
        raw = raw if isinstance(raw, list) else []
    for n, ch in enumerate(raw, 1):
        if not isinstance(ch, dict):
            problems.append(("H-SIG1", f"{source}: character {n}: each character is an object"))
            continue
        cid = ch.get("id")
        where = f"{source}: character {cid!r}"
        ok = new_id("character", cid, where)
        sig = ch.get("signature")
        name = ch.get("name")
        if not isinstance(name, str) or not name.strip():
            problems.append((None, f"{where}: a character needs a name"))
            ok = False
        if not isinstance(sig, dict) or not isinstance(sig.get("name"), str):
            problems.append(("H-SIG1", f"{where}: a character needs a signature {{name, abilities, text}}"))
            continue
        abilities = _check_abilities(where, sig.get("abilities"), problems)
        if ok and abilities:
            chars[cid] = Character(cid, str(ch.get("class", "")), name.strip(), sig["name"], abilities,
                                   str(sig.get("text", "")))
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
    return Content(str(data.get("name", source)), str(data.get("design", "")), numbers["hp_full"],
                   numbers["trap_damage"], numbers["duel_damage"], numbers["disarm"], numbers["trap_tokens"],
                   guardian, rooms, pus, loot, chars, {k: v for k, v in removal.items() if v},
                   blanks, budget, max_eff, source)


@lru_cache(maxsize=16)
def _load(path: str) -> Content:
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise InvalidInput(f"cannot read the content file {path}: {e.strerror or e}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise InvalidInput(f"the content file {p.name} is not valid JSON: {e}") from None
    return content_from_data(data, p.name)


def load_content(path=None) -> Content:
    """Load a content file (default: the shipped ``data/content.json``); refuse a bad one listing every problem."""
    if path is None:
        path = DATA / "content.json"
    if isinstance(path, Content):
        return path
    if not isinstance(path, (str, Path)):
        raise InvalidInput(f"content must be a file path, not {type(path).__name__}")
    return _load(str(path))
