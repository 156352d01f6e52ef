"""The effect vocabulary of cards, trades and track rewards, with one handler per word.

Content files describe what a card does with a short list of *atoms*, each a
JSON object with one keyword (the project's own small language, so a
teacher's file can define new cards):

=============================================  =====================================================
JSON                                           meaning
=============================================  =====================================================
``{"gain": {"gold": 2, "favor": 1}}``          gain resources (gold, supply, favor, prestige)
``{"influence": 2, "faction": "guild"}``       influence on one track; ``"any"``: the player
                                               chooses; ``"location"`` (trades): the location's
                                               faction (C10: all of it on one track)
``{"draw": 1}``                                draw building cards from the deck (C13)
``{"offer": 1}``                               take cards from the building offer; it refills
``{"agendas": 2, "keep": 1}``                  draw agenda cards, keep some, the rest to the bottom
``{"fortify": "tower", "where": "here"}``      place a watchtower / keep / gate with your cube on a
                                               free fortification spot: ``here`` (the location's or
                                               the building's district), ``hq`` (your HQ's district)
                                               or ``any``; a gate takes the top gate card (C11)
``{"build": 2}``                               build a card from hand for 2 gold less (BLD1-BLD8,
                                               inside an income action: I4, C14)
``{"return_worker": true}``                    your worker comes home (C12)
``{"prestige_per_connection": 1}``             (when built) prestige per undamaged piece joined
                                               to the new building
=============================================  =====================================================

A cost is ``{"gold": n, "supply": n, "favor": n}``. An ability or trade is
``{"cost": {...}, "effect": [atoms]}``.

Inside the engine an atom is a tuple (``("gain", (("gold", 2),))``,
``("influence", 2, "guild")`` ...), hashable so a pending effect can sit in a
state. :func:`parse_effect` turns JSON into atoms and lists every problem;
:data:`HANDLERS` run atoms (they push the follow-up decisions as tasks);
:func:`infeasible` says why an effect cannot happen now (a trade or an ability
whose effect is impossible is not offered); :func:`effect_text` writes an
effect in English or Czech.

>>> atoms, problems = parse_effect([{"gain": {"favor": 1, "gold": 1}}, {"influence": 1, "faction": "any"}], "demo")
>>> atoms, problems
((('gain', (('gold', 1), ('favor', 1))), ('influence', 1, 'any')), [])
>>> effect_text(atoms, "en")
'gain 1 gold and 1 favor; 1 influence on a track of your choice'
>>> effect_text(atoms, "cs")
'získej 1 zlatý, 1 přízeň a 1 vliv na stupnici podle své volby'
>>> parse_effect([{"gain": {"gems": 2}}, {"fly": 1}], "card x")[1]
[(None, "card x: unknown resource 'gems' (use gold, supply, favor, prestige)"), (None, "card x: unknown effect {'fly': 1}; the words are gain, influence, draw, offer, agendas, fortify, build, return_worker, prestige_per_connection")]
"""

from __future__ import annotations

from typing import Any, Callable

from . import i18n
from .i18n import join_list, qty
from .state import (
    BuildChoice, ChooseSpot, ChooseTrack, DealCard, KeepAgenda, Src, TakeOffer,
)

RESOURCES = ("gold", "supply", "favor", "prestige")
COST_RESOURCES = ("gold", "supply", "favor")
FORTS = ("tower", "keep", "gate")
WHERE = ("here", "hq", "any")
WORDS = ("gain", "influence", "draw", "offer", "agendas", "fortify", "build", "return_worker",
         "prestige_per_connection")


def _int(v, lo=0, hi=99) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def parse_cost(raw: Any, label: str, allowed=COST_RESOURCES) -> tuple[tuple, list]:
    """A cost or gain dict -> ``(("gold", n), ...)`` in canonical order, and the problems."""
    problems: list = []
    if raw is None:
        return (), problems
    if not isinstance(raw, dict):
        return (), [(None, f"{label}: a cost is an object like {{'supply': 1}}, not {raw!r}")]
    for k, v in raw.items():
        if k not in allowed:
            problems.append((None, f"{label}: unknown resource {k!r} (use {', '.join(allowed)})"))
        elif not _int(v):
            problems.append((None, f"{label}: {k} must be a whole number 0-99, not {v!r}"))
    out = tuple((k, raw[k]) for k in allowed if k in raw and _int(raw[k]) and raw[k] > 0)
    return out, problems


def parse_effect(raw: Any, label: str, factions=("council", "fist", "guild"), location_faction: str | None = None,
                 when_built: bool = False) -> tuple[tuple, list]:
    """JSON atoms -> atom tuples, and every problem (``(rule, text)``)."""
    problems: list = []
    atoms: list = []
    if raw is None:
        return (), problems
    if not isinstance(raw, list):
        return (), [(None, f"{label}: an effect is a list of atoms, not {raw!r}")]
    for a in raw:
        if not isinstance(a, dict) or not a:
            problems.append((None, f"{label}: an effect atom is an object like {{'gain': {{'gold': 2}}}}, not {a!r}"))
            continue
        word = next((w for w in WORDS if w in a), None)
        if word is None:
            problems.append((None, f"{label}: unknown effect {a!r}; the words are {', '.join(WORDS)}"))
            continue
        v = a[word]
        if word == "gain":
            res, pr = parse_cost(v, label, RESOURCES)
            problems += pr
            if not pr:
                atoms.append(("gain", res))
        elif word == "influence":
            f = a.get("faction", "any")
            if f == "location":
                f = location_faction
            if not _int(v, 1):
                problems.append((None, f"{label}: influence must be a whole number 1-99, not {v!r}"))
            elif f not in (*factions, "any"):
                problems.append(("C10", f"{label}: unknown faction {a.get('faction')!r} (use {', '.join(factions)} "
                                        f"or any)"))
            else:
                atoms.append(("influence", v, f))
        elif word in ("draw", "offer"):
            if not _int(v, 1, 9):
                problems.append((None, f"{label}: {word} must be a whole number 1-9, not {v!r}"))
            else:
                atoms.append((word, v))
        elif word == "agendas":
            keep = a.get("keep", 1)
            if not _int(v, 1, 9) or not _int(keep, 1, 9) or keep > v:
                problems.append((None, f"{label}: agendas draws 1-9 cards and keeps 1 to that many, not "
                                       f"{v!r}/{keep!r}"))
            else:
                atoms.append(("agendas", v, keep))
        elif word == "fortify":
            where = a.get("where", "here")
            if v not in FORTS:
                problems.append(("C11", f"{label}: fortify places one of {', '.join(FORTS)}, not {v!r}"))
            elif where not in WHERE:
                problems.append((None, f"{label}: fortify 'where' is one of {', '.join(WHERE)}, not {where!r}"))
            else:
                atoms.append(("fortify", v, where))
        elif word == "build":
            if not _int(v, 0, 20):
                problems.append(("C14", f"{label}: build takes the gold discount 0-20, not {v!r}"))
            else:
                atoms.append(("build", v))
        elif word == "return_worker":
            if v is not True:
                problems.append(("C12", f"{label}: write return_worker: true"))
            else:
                atoms.append(("return_worker",))
        elif word == "prestige_per_connection":
            if not when_built:
                problems.append(("BLD6", f"{label}: prestige_per_connection only works as a when-built effect"))
            elif not _int(v, 1, 9):
                problems.append((None, f"{label}: prestige_per_connection must be 1-9, not {v!r}"))
            else:
                atoms.append(("prestige_per_connection", v))
        extra = set(a) - {word, "faction", "keep", "where"}
        if extra:
            problems.append((None, f"{label}: unknown keys {sorted(extra)} in {a!r}"))
    return tuple(atoms), problems


# ---------------------------------------------------------------- words


def cost_text(cost: tuple, language: str = "en", case: str = "acc") -> str:
    """``(("supply", 1),)`` -> ``1 supply``; empty -> ``free``.

    Czech nouns are in the accusative ("zaplať 1 zásobu"); ``case="nom"`` for a list of what something is
    ("automatický příjem: 6 zlatých a 1 zásoba").
    """
    if not cost:
        return i18n.text("word.free", language)
    return join_list([qty(n, r, language, case) for r, n in cost], language)


def atom_text(atom: tuple, language: str = "en", factions: dict | None = None) -> str:
    word = atom[0]
    if word == "gain":
        return i18n.text("eff.gain", language, what=cost_text(atom[1], language))
    if word == "influence":
        n, f = atom[1], atom[2]
        if f == "any":
            return i18n.text("eff.influence_any", language, amount=qty(n, "influence", language))
        name = faction_name(f, language, factions, genitive=True)
        return i18n.text("eff.influence", language, amount=qty(n, "influence", language), faction=name)
    if word == "draw":
        return i18n.text("eff.draw", language, cards=qty(atom[1], "building_card", language))
    if word == "offer":
        return i18n.text("eff.offer", language, cards=qty(atom[1], "card", language))
    if word == "agendas":
        return i18n.text("eff.agendas", language, cards=qty(atom[1], "agenda", language), keep=atom[2])
    if word == "fortify":
        return i18n.text(f"eff.fortify_{atom[2]}", language, fort=i18n.text(f"acc.{atom[1]}", language))
    if word == "build":
        if atom[1]:
            return i18n.text("eff.build_discount", language, discount=qty(atom[1], "gold", language))
        return i18n.text("eff.build", language)
    if word == "return_worker":
        return i18n.text("eff.return_worker", language)
    if word == "prestige_per_connection":
        return i18n.text("eff.per_connection", language, amount=qty(atom[1], "prestige", language))
    return str(atom)


def effect_text(atoms: tuple, language: str = "en", factions: dict | None = None) -> str:
    """The atoms in words: English joined by ``;``; Czech as one sentence of imperatives, a verb said once
    for atoms in a row that share it ("získej 2 vlivy u Rady čtyř a 1 prestiž").

    >>> effect_text((("influence", 2, "council"), ("gain", (("prestige", 1),))), "cs")
    'získej 2 vlivy u Rady čtyř a 1 prestiž'
    """
    if not atoms:
        return i18n.text("word.nothing", language)
    if language != "cs":
        return "; ".join(atom_text(a, language, factions) for a in atoms)
    groups: list[list[str]] = []  # [verb, item, item...] for gains in a row; [text] for the others
    gained = False
    for a in atoms:
        text = atom_text(a, language, factions)
        verb, _, rest = text.partition(" ")
        if a[0] in ("gain", "influence"):
            items = [qty(n, r, language) for r, n in a[1]] if a[0] == "gain" else [rest]
            if gained:
                groups[-1] += items
            else:
                groups.append([verb, *items])
            gained = True
        else:
            groups.append([text])
            gained = False
    return join_list([g[0] if len(g) == 1 else f"{g[0]} {join_list(g[1:], language)}" for g in groups], language)


def ability_text(cost: tuple, atoms: tuple, language: str = "en", factions: dict | None = None) -> str:
    """``1 supply: gain 3 gold`` / ``za 1 zásobu získej 3 zlaté``; free: ``free: ...`` / ``zdarma ...``.

    >>> ability_text((("supply", 1),), (("gain", (("gold", 4),)),), "cs"), ability_text((), (("return_worker",),), "cs")
    ('za 1 zásobu získej 4 zlaté', 'zdarma vrať svého pracovníka')
    """
    effect = effect_text(atoms, language, factions)
    if not cost:
        return i18n.text("eff.ability_free", language, effect=effect)
    return i18n.text("eff.ability", language, cost=cost_text(cost, language), effect=effect)


_FACTION_FALLBACK = {"council": ("Council of Four", "Rada čtyř", "Rady čtyř"),
                     "fist": ("Flaming Fist", "Plamenná pěst", "Plamenné pěsti"),
                     "guild": ("Thieves' Guild", "Zlodějský cech", "Zlodějského cechu")}


def faction_name(f: str, language: str, factions: dict | None = None, genitive: bool = False) -> str:
    if factions and f in factions:
        fa = factions[f]
        names = fa.genitive if genitive else fa.name
        return names.get(language) or names.get("en") or f
    en, cs, cs_gen = _FACTION_FALLBACK.get(f, (f, f, f))
    return (cs_gen if genitive else cs) if language == "cs" else en


# ---------------------------------------------------------------- handlers
# Each handler takes (game, state, player, atom, src) and returns the new
# state; decisions it needs are pushed in front of the pending tasks. The
# game object offers the shared helpers (gain, influence, push, spots...).


def _gain(g, s, p, atom, src):
    return g.gain(s, p, dict(atom[1]), src)


def _influence(g, s, p, atom, src):
    n, f = atom[1], atom[2]
    if f == "any":
        return g.push(s, ChooseTrack(p, n, src))
    return g.influence(s, p, f, n, src)


def _draw(g, s, p, atom, src):
    return g.push(s, *[DealCard(p)] * atom[1])


def _offer(g, s, p, atom, src):
    return g.push(s, *[TakeOffer(p, src)] * atom[1])


def _agendas(g, s, p, atom, src):
    return g.push(s, KeepAgenda(p, atom[1], atom[2]))


def _fortify(g, s, p, atom, src):
    districts = g.fort_districts(s, p, atom[2], src)
    if not g.spots(s, p, atom[1], districts):
        return s  # nowhere to put it (or no cube, no gate card): a reward is lost, a trade is never offered
    return g.push(s, ChooseSpot(p, atom[1], districts, src))


def _build(g, s, p, atom, src):
    if not g.buildable(s, p, atom[1]):
        return s
    return g.push(s, BuildChoice(p, atom[1], src))


def _return_worker(g, s, p, atom, src):
    return g.return_worker(s, p)


def _per_connection(g, s, p, atom, src):
    n = g.connected_count(s, src.extra)
    return g.gain(s, p, {"prestige": atom[1] * n}, src) if n else s


HANDLERS: dict[str, Callable] = {
    "gain": _gain, "influence": _influence, "draw": _draw, "offer": _offer, "agendas": _agendas,
    "fortify": _fortify, "build": _build, "return_worker": _return_worker,
    "prestige_per_connection": _per_connection,
}


def infeasible(g, s, p, atoms: tuple, src: Src) -> tuple[str, dict] | None:
    """Why an effect cannot happen now (``(message key, fields)``), or None.

    Checked for trades and income abilities, which are only offered when
    their effect can happen (paying for nothing is refused, rule W3 / I2).
    """
    for a in atoms:
        word = a[0]
        if word == "fortify":
            if g.free_cubes(s, p) <= 0:
                return "why.no_cube", {}
            if a[1] == "gate" and not s.gates:
                return "why.no_gate", {}
            if not g.spots(s, p, a[1], g.fort_districts(s, p, a[2], src)):
                return "why.no_spot", {"fort": a[1]}
        elif word == "build":
            if not g.buildable(s, p, a[1]):
                return "why.nothing_to_build", {"discount": a[1]}
        elif word == "offer":
            if not s.offer:
                return "why.offer_empty", {}
        elif word == "return_worker":
            if not s.players[p].worker:
                return "why.worker_home", {}
    return None
