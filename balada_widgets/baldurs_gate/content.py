"""The cards, tracks and trades of Builders of Baldur's Gate (the project's own design).

No real card list is public, so balada-widgets ships its own content in
``data/content.json`` (district and faction names are public lore; every card,
value, track and trade is ours):

- 48 **building cards**, 12 of each type (Inn, Trading hall, Market, Temple),
  costing 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 8 gold; per type six have an income
  ability only, three a when-built effect only, three both. Inns lean to favor
  and the Council, halls to supplies and the Guild, markets to gold and cards,
  temples to influence and prestige. Two cards (Builders' Lodge, Masons'
  Market) build during income, so chains work (I4, C14).
- **connection bonuses** by piece (C3): inn 1 favor, hall 1 supply, market 2
  gold, temple 1 influence (owner's choice), HQ 2 gold, any fortification 1
  prestige.
- 6 **gate cards** (income ability only, public face-up deck: C11).
- 20 **agenda cards** scored at the end (C16); their kinds are in
  :data:`AGENDA_KINDS` and scored in :mod:`.scoring`.
- 9 two-sided **HQ cards**, one per district: the basic side gives 6 gold + 1
  supply and "return your worker" (C12); the advanced side varies the income,
  adds a second ability (one use per income action: pick one) and may name one
  special component (a watchtower or a gate in its district, one building
  card, or 1 influence).
- the three **faction tracks** (Start + 8 spaces with rewards; each influence
  past the end is 1 prestige: C10), the **nine locations** (C9: Fortify a
  tower or keep here, Petition 2 influence with the location's faction, and
  one local trade), and the **attack-strength track** 1,1,2,2,3,3,4,4,5 (C6).

A content file a teacher edits is checked on load: :func:`load_content`
raises an :class:`~balada_widgets.core.errors.InvalidPosition` listing every
problem, never a ``KeyError``. A game carries custom content as data, never a
path: its ``options["content"]`` is ``None`` (the shipped file) or the content
file's data, so a save file is self-contained (capped at :data:`CONTENT_CAP`
bytes as JSON); a Python caller may name a file, read once through
:func:`~balada_widgets.core.files.read_user_text`.

>>> c = load_content()
>>> len(c.buildings), len(c.gates), len(c.agendas), len(c.hqs), c.strength_track
(48, 6, 20, 9, (1, 1, 2, 2, 3, 3, 4, 4, 5))
>>> c.buildings["market-05"].cost, c.name("market-05", "cs"), c.type_name("market", "cs")
(5, 'Kořenný trh', 'Tržnice')
>>> c.locations["SEA"].trades[3]
Trade(id='local', cost=(('gold', 4), ('favor', 1)), effect=(('fortify', 'keep', 'any'),))
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..core.errors import InvalidPosition
from ..core.files import given_content_choice, read_data_text, wrong_types_refused
from ..core.text import text_problem
from .effects import parse_cost, parse_effect
from .i18n import LANGUAGES

DATA = Path(__file__).with_name("data")
CONTENT_FILE = DATA / "content.json"
BUILDING_TYPES = ("inn", "hall", "market", "temple")
FACTIONS = ("council", "fist", "guild")
TRACK_LENGTH = 8
AGENDA_LEVEL = 4  # E6: an agenda scores per faction with at least 4 influence
TRADE_IDS = ("tower", "keep", "petition", "local")
SPECIALS = ("tower", "gate", "card", "influence:council", "influence:fist", "influence:guild")

#: agenda kinds and their parameters (value checkers); scored in :mod:`.scoring`
AGENDA_KINDS: dict[str, dict[str, Any]] = {
    "buildings": {"type": BUILDING_TYPES},
    "districts_with": {"count": range(1, 5)},
    "fortifications": {"fort": ("tower", "keep", "gate")},
    "faction_level": {"faction": FACTIONS},
    "network_districts": {},
    "zone_districts": {"zone": ("upper", "lower")},
    "defences": {},
    "portfolio": {},
}


@dataclass(frozen=True)
class Ability:
    cost: tuple
    effect: tuple


@dataclass(frozen=True)
class BuildingCard:
    id: str
    type: str
    cost: int
    name: dict
    when_built: tuple = ()
    abilities: tuple = ()  # 0 or 1 Ability
    flavor: dict = field(default_factory=dict)


@dataclass(frozen=True)
class GateCard:
    id: str
    name: dict
    abilities: tuple


@dataclass(frozen=True)
class Agenda:
    id: str
    name: dict
    kind: str
    params: dict
    rate: int
    cap: int


@dataclass(frozen=True)
class HQSide:
    income: tuple  # automatic income, resources
    abilities: tuple  # alternatives: one use per income action
    connection: tuple  # atoms paid to the owner when a new piece joins the HQ
    special: str | None = None


@dataclass(frozen=True)
class HQCard:
    id: str
    district: str
    name: dict
    basic: HQSide
    advanced: HQSide


@dataclass(frozen=True)
class Faction:
    id: str
    name: dict
    genitive: dict
    rewards: tuple  # 8 effects (atom tuples)


@dataclass(frozen=True)
class Trade:
    id: str
    cost: tuple
    effect: tuple


@dataclass(frozen=True)
class Location:
    district: str
    name: dict
    faction: str
    trades: tuple  # Trade: tower, keep, petition, local


@dataclass(frozen=True, eq=False)
class Content:
    """The loaded content (see the module docstring)."""

    design: str
    start: dict
    strength_track: tuple
    defence: dict
    type_names: dict
    type_connection: dict  # building type -> atoms
    fort_connection: tuple
    factions: tuple  # Faction, in track order
    overflow_prestige: int
    locations: dict  # district code -> Location
    hqs: dict  # id -> HQCard
    buildings: dict  # id -> BuildingCard
    gates: tuple  # GateCard, the top first
    agendas: dict  # id -> Agenda
    source: str = ""

    @property
    def faction_ids(self) -> tuple:
        return tuple(f.id for f in self.factions)

    @property
    def faction_map(self) -> dict:
        return {f.id: f for f in self.factions}

    @property
    def gate_map(self) -> dict:
        return {g.id: g for g in self.gates}

    def card(self, card_id: str):
        """Any card by id: building, gate, HQ or agenda (None if unknown)."""
        return (self.buildings.get(card_id) or self.gate_map.get(card_id) or self.hqs.get(card_id)
                or self.agendas.get(card_id))

    def name(self, card_id: str, language: str = "en") -> str:
        c = self.card(card_id)
        if c is None:
            return card_id
        return c.name.get(language) or c.name.get("en") or card_id

    def type_name(self, kind: str, language: str = "en") -> str:
        names = self.type_names.get(kind, {})
        return names.get(language) or names.get("en") or kind

    def location_name(self, district: str, language: str = "en") -> str:
        loc = self.locations.get(district)
        if loc is None:
            return district
        return loc.name.get(language) or loc.name.get("en") or district

    def hq_side(self, card_id: str, advanced: bool) -> HQSide | None:
        hq = self.hqs.get(card_id)
        if hq is None:
            return None
        return hq.advanced if advanced else hq.basic

    def abilities(self, card_id: str, advanced: bool = False) -> tuple:
        """The income abilities (alternatives) of a portfolio card."""
        if card_id in self.buildings:
            return self.buildings[card_id].abilities
        if card_id in self.hqs:
            return self.hq_side(card_id, advanced).abilities
        g = self.gate_map.get(card_id)
        return g.abilities if g else ()


#: the longest name a card, district, faction or type may carry in one language (characters)
NAME_CAP = 60


def _names(raw, label, problems, key="name"):
    if not isinstance(raw, dict) or not all(isinstance(raw.get(lang), str) and raw.get(lang).strip()
                                            for lang in LANGUAGES):
        problems.append(("C19", f"{label}: needs a {key} in English and Czech ({{'en': ..., 'cs': ...}})"))
        return {lang: str(raw.get(lang, "")) if isinstance(raw, dict) else "" for lang in LANGUAGES}
    for lang in LANGUAGES:  # shown on the board and in messages: one plain line (core.text)
        bad = text_problem(raw[lang], f"{label}: the {key} ({lang})", NAME_CAP)
        if bad:
            problems.append(("C19", bad))
    return {lang: raw[lang] for lang in LANGUAGES}


def _ability(raw, label, problems, **kw) -> Ability | None:
    if not isinstance(raw, dict) or "effect" not in raw:
        problems.append(("I2", f"{label}: an ability is {{'cost': {{...}}, 'effect': [...]}}, not {raw!r}"))
        return None
    cost, pr = parse_cost(raw.get("cost", {}), label)
    eff, pr2 = parse_effect(raw["effect"], label, **kw)
    problems += pr + pr2
    if not eff and not pr2:
        problems.append(("I2", f"{label}: an ability needs an effect"))
    return Ability(cost, eff)


def content_from_data(data: Any, source: str = "content") -> Content:
    """Check parsed JSON as content and build the :class:`Content` (every problem listed)."""
    problems: list = []
    if not isinstance(data, dict):
        raise InvalidPosition([(None, f"{source}: the content file must hold one JSON object")])

    def get(key, kind, default):
        v = data.get(key, default)
        if not isinstance(v, kind):
            problems.append((None, f"{source}: {key!r} must be a {kind.__name__}"))
            return default
        return v

    start = get("start", dict, {})
    want_start = {"gold": 6, "supply": 1, "favor": 1, "cubes": 25, "hand": 3, "agendas": 3, "offer": 4,
                  "advanced_deal": 5}
    for k, default in want_start.items():
        v = start.get(k, default)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v > 99:
            problems.append(("S6", f"{source}: start {k} must be a whole number 0-99, not {v!r}"))
    start = {k: start.get(k, d) if isinstance(start.get(k, d), int) else d for k, d in want_start.items()}
    if start["advanced_deal"] < start["hand"] or start["advanced_deal"] < start["agendas"]:
        problems.append(("ADV3", f"{source}: the advanced deal ({start['advanced_deal']}) must be at least the hand "
                                 f"({start['hand']}) and the agendas ({start['agendas']})"))
    strength = get("attack_strength", list, [])
    if len(strength) != 9 or not all(isinstance(v, int) and not isinstance(v, bool) and 0 < v < 20 for v in strength):
        problems.append(("C6", f"{source}: attack_strength lists 9 values 1-19 (one per attack), not {strength!r}"))
    elif any(b < a for a, b in zip(strength, strength[1:])):
        problems.append(("C6", f"{source}: attack_strength must never go down, {strength!r}"))
    defence = get("defence", dict, {})
    for k in ("tower", "keep", "gate"):
        if not isinstance(defence.get(k), int) or isinstance(defence.get(k), bool) or defence.get(k) < 0:
            problems.append(("A2", f"{source}: defence of a {k} must be a whole number, not {defence.get(k)!r}"))
    factions_raw = get("factions", list, [])
    fids = [f.get("id") for f in factions_raw if isinstance(f, dict)]
    if fids != list(FACTIONS):
        problems.append(("C9", f"{source}: the factions are {', '.join(FACTIONS)} in this order, not {fids!r}"))
    factions = []
    for f in factions_raw:
        if not isinstance(f, dict):
            continue
        label = f"faction {f.get('id')!r}"
        name = _names(f.get("name"), label, problems)
        gen = _names(f.get("genitive", f.get("name")), label, problems, "genitive")
        rewards = f.get("rewards")
        parsed = []
        if not isinstance(rewards, list) or len(rewards) != TRACK_LENGTH:
            problems.append(("C10", f"{label}: a track has {TRACK_LENGTH} spaces with a reward each"))
        else:
            for i, r in enumerate(rewards, 1):
                eff, pr = parse_effect(r, f"{label} space {i}")
                problems += pr
                parsed.append(eff)
        factions.append(Faction(str(f.get("id")), name, gen, tuple(parsed)))
    overflow = data.get("track_overflow_prestige", 1)
    if not isinstance(overflow, int) or isinstance(overflow, bool) or overflow < 0:
        problems.append(("C10", f"{source}: track_overflow_prestige must be a whole number"))
        overflow = 1
    types_raw = get("building_types", dict, {})
    if sorted(types_raw) != sorted(BUILDING_TYPES):
        problems.append(("C3", f"{source}: building_types are {', '.join(BUILDING_TYPES)}, not {sorted(types_raw)}"))
    type_names, type_conn = {}, {}
    for k in BUILDING_TYPES:
        v = types_raw.get(k)
        if not isinstance(v, dict):
            type_names[k], type_conn[k] = {"en": k, "cs": k}, ()
            continue
        type_names[k] = _names(v.get("name"), f"building type {k}", problems)
        type_conn[k], pr = parse_effect(v.get("connection"), f"connection bonus of {k}")
        problems += pr
    fort_conn, pr = parse_effect(data.get("fortification_connection"), "connection bonus of fortifications")
    problems += pr
    std = get("standard_trades", dict, {})
    for k in ("tower", "keep", "petition"):
        if not isinstance(std.get(k), dict):
            problems.append(("C9", f"{source}: standard_trades needs {k!r}"))
    locations = {}
    for loc in get("locations", list, []):
        if not isinstance(loc, dict) or not isinstance(loc.get("district"), str):
            problems.append(("C9", f"{source}: a location needs a 'district' code"))
            continue
        d = loc["district"]
        label = f"location {d}"
        if d in locations:
            problems.append(("C9", f"{label} appears twice"))
        name = _names(loc.get("name"), label, problems)
        fac = loc.get("faction")
        if fac not in FACTIONS:
            problems.append(("C9", f"{label}: faction {fac!r} is not one of {', '.join(FACTIONS)}"))
            fac = FACTIONS[0]
        trades = []
        for tid in TRADE_IDS:
            raw = loc.get("local") if tid == "local" else std.get(tid)
            if not isinstance(raw, dict):
                if tid == "local":
                    problems.append(("C9", f"{label}: needs a local trade"))
                continue
            cost, pr = parse_cost(raw.get("cost", {}), f"{label} trade {tid}")
            eff, pr2 = parse_effect(raw.get("effect"), f"{label} trade {tid}", location_faction=fac)
            problems += pr + pr2
            trades.append(Trade(tid, cost, eff))
        locations[d] = Location(d, name, fac, tuple(trades))
    if locations:
        per = {f: sum(1 for loc in locations.values() if loc.faction == f) for f in FACTIONS}
        if any(v != 3 for v in per.values()):
            problems.append(("C9", f"{source}: each faction has three locations, here {per}"))
    hqs = {}
    for h in get("hqs", list, []):
        if not isinstance(h, dict) or not isinstance(h.get("id"), str):
            problems.append(("S3", f"{source}: an HQ card needs an 'id'"))
            continue
        label = f"HQ card {h['id']}"
        if h["id"] in hqs:
            problems.append(("S3", f"{label} appears twice"))
        sides = {}
        for side in ("basic", "advanced"):
            raw = h.get(side)
            if not isinstance(raw, dict):
                problems.append(("S3" if side == "basic" else "ADV1", f"{label}: needs a {side} side"))
                sides[side] = HQSide((), (), ())
                continue
            inc, pr = parse_cost(raw.get("income", {}), f"{label} {side} income", ("gold", "supply", "favor"))
            problems += pr
            abil = []
            if not isinstance(raw.get("abilities", []), list):
                problems.append(("I2", f"{label} {side}: abilities is a list"))
            else:
                for i, a in enumerate(raw.get("abilities", []), 1):
                    ab = _ability(a, f"{label} {side} ability {i}", problems)
                    if ab:
                        abil.append(ab)
            conn, pr = parse_effect(raw.get("connection"), f"{label} {side} connection")
            problems += pr
            special = raw.get("special")
            if special is not None and special not in SPECIALS:
                problems.append(("ADV2", f"{label}: special component {special!r} is not one of {', '.join(SPECIALS)}"))
                special = None
            sides[side] = HQSide(inc, tuple(abil), conn, special)
        if not any(("return_worker",) in a.effect for a in sides["basic"].abilities):
            problems.append(("C12", f"{label}: the basic side must let you return your worker"))
        hqs[h["id"]] = HQCard(h["id"], str(h.get("district")), _names(h.get("name"), label, problems),
                              sides["basic"], sides["advanced"])
    buildings = {}
    for b in get("buildings", list, []):
        if not isinstance(b, dict) or not isinstance(b.get("id"), str) or not b.get("id"):
            problems.append(("BLD1", f"{source}: a building card needs an 'id'"))
            continue
        label = f"building card {b['id']}"
        if b["id"] in buildings or b["id"] in hqs:
            problems.append(("BLD1", f"{label}: the id is used twice"))
        if b.get("type") not in BUILDING_TYPES:
            problems.append(("BLD2", f"{label}: type {b.get('type')!r} is not one of {', '.join(BUILDING_TYPES)}"))
        cost = b.get("cost")
        if not isinstance(cost, int) or isinstance(cost, bool) or not 0 <= cost <= 20:
            problems.append(("BLD1", f"{label}: cost must be a whole number 0-20 gold, not {cost!r}"))
            cost = 0
        wb, pr = parse_effect(b.get("when_built"), f"{label} when built", when_built=True)
        problems += pr
        abil = ()
        if b.get("income") is not None:
            ab = _ability(b["income"], f"{label} income", problems)
            abil = (ab,) if ab else ()
        flavor = b.get("flavor") or {}
        buildings[b["id"]] = BuildingCard(b["id"], str(b.get("type")), cost, _names(b.get("name"), label, problems),
                                          wb, abil, flavor if isinstance(flavor, dict) else {})
    gates = []
    for gt in get("gates", list, []):
        if not isinstance(gt, dict) or not isinstance(gt.get("id"), str):
            problems.append(("C11", f"{source}: a gate card needs an 'id'"))
            continue
        label = f"gate card {gt['id']}"
        if gt["id"] in buildings or any(x.id == gt["id"] for x in gates):
            problems.append(("C11", f"{label}: the id is used twice"))
        ab = _ability(gt.get("income"), f"{label} income", problems)
        gates.append(GateCard(gt["id"], _names(gt.get("name"), label, problems), (ab,) if ab else ()))
    agendas = {}
    for a in get("agendas", list, []):
        if not isinstance(a, dict) or not isinstance(a.get("id"), str):
            problems.append(("E6", f"{source}: an agenda card needs an 'id'"))
            continue
        label = f"agenda card {a['id']}"
        if a["id"] in agendas:
            problems.append(("E6", f"{label}: the id is used twice"))
        sc = a.get("score")
        if not isinstance(sc, dict) or sc.get("kind") not in AGENDA_KINDS:
            problems.append(("C16", f"{label}: score.kind must be one of {', '.join(AGENDA_KINDS)}"))
            continue
        kind = sc["kind"]
        params = {}
        for pk, allowed in AGENDA_KINDS[kind].items():
            if sc.get(pk) not in allowed:
                problems.append(("C16", f"{label}: {kind} needs {pk} in {list(allowed)}, not {sc.get(pk)!r}"))
            params[pk] = sc.get(pk)
        rate, cap = sc.get("rate"), sc.get("cap", 99)
        for nm, v in (("rate", rate), ("cap", cap)):
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 99:
                problems.append(("C16", f"{label}: {nm} must be a whole number 0-99, not {v!r}"))
        extra = set(sc) - {"kind", "rate", "cap", *AGENDA_KINDS[kind]}
        if extra:
            problems.append(("C16", f"{label}: unknown keys {sorted(extra)}"))
        agendas[a["id"]] = Agenda(a["id"], _names(a.get("name"), label, problems), kind, params,
                                  rate if isinstance(rate, int) else 0, cap if isinstance(cap, int) else 0)
    # enough cards for the deals (4 players, advanced)
    need_b = 4 * start["advanced_deal"] + start["offer"] + 2
    if len(buildings) < need_b:
        problems.append(("S4", f"{source}: {len(buildings)} building cards; four players with the advanced deal need "
                               f"at least {need_b}"))
    need_a = 4 * start["advanced_deal"]
    if len(agendas) < need_a:
        problems.append(("S5", f"{source}: {len(agendas)} agenda cards; four players with the advanced deal need at "
                               f"least {need_a}"))
    if len(hqs) < 5:
        problems.append(("ADV1", f"{source}: {len(hqs)} HQ cards; the advanced setup of four players shows 5"))
    ids = [*buildings, *hqs, *(g.id for g in gates), *agendas]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        problems.append((None, f"{source}: ids used by two kinds of card: {dup}"))
    for i in ids:
        if not all(ch.isalnum() or ch in "-_" for ch in i) or i in ("?", "none"):
            problems.append((None, f"{source}: card id {i!r} may hold only letters, digits, '-' and '_'"))
    if problems:
        raise InvalidPosition(problems)
    return Content(
        design=str(data.get("design", "")), start=start, strength_track=tuple(strength),
        defence={k: defence[k] for k in ("tower", "keep", "gate")}, type_names=type_names,
        type_connection=type_conn, fort_connection=fort_conn, factions=tuple(factions),
        overflow_prestige=overflow, locations=locations, hqs=hqs, buildings=buildings, gates=tuple(gates),
        agendas=agendas, source=source)


def check_content_city(content: Content, city) -> list:
    """Problems between a content file and a city: every district needs its location and its HQ card."""
    problems = []
    for d in city.districts:
        if d not in content.locations:
            problems.append(("C9", f"the content has no location for the city's district {d}"))
    for d in content.locations:
        if d not in city.districts:
            problems.append(("C9", f"the content's location {d} names a district the city lacks"))
    hq_d = [h.district for h in content.hqs.values()]
    for d in city.districts:
        if hq_d.count(d) != 1:
            problems.append(("S3", f"the city's district {d} needs exactly one HQ card, the content has "
                                   f"{hq_d.count(d)}"))
    for h in content.hqs.values():
        if h.district not in city.districts:
            problems.append(("S3", f"HQ card {h.id} names a district the city lacks: {h.district!r}"))
    return problems


# ------------------------------------------------------------ custom content: data, never a path
#: the cap of a custom content file (a save file carries it), bytes as JSON
CONTENT_CAP = 1024 * 1024


@lru_cache(maxsize=8)
def _content_from_text(text: str, source: str) -> Content:
    with wrong_types_refused(source, "valid content"):
        return content_from_data(json.loads(text), source)


@lru_cache(maxsize=1)
def _shipped_text() -> str:
    return read_data_text(CONTENT_FILE, what="content file")


def content_choice(source=None) -> tuple:
    """``(option, content)``: what a game keeps in its ``options`` for this content (``None`` for the
    shipped one, else the content file's data: never a path) and the checked :class:`Content`.

    ``source``: ``None``/``"standard"`` (the shipped ``data/content.json``), a content file's data
    (a dict), or from Python a file path (it holds a ``/`` or a ``.``: ``"./our_cards.json"``), read
    once through :func:`~balada_widgets.core.files.read_user_text`.
    """
    if source is None or (isinstance(source, str) and source == "standard"):
        return None, _content_from_text(_shipped_text(), CONTENT_FILE.name)
    return given_content_choice(source, "content", "content file", CONTENT_CAP, ("standard",), _content_from_text)


def load_content(source=None) -> Content:
    """The shipped content (default), a teacher's content data or, from Python, file, checked (every problem listed)."""
    return content_choice(source)[1]
