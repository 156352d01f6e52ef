"""Words in English and Czech (C19): one catalogue, keyed by message id.

Every rule reminder, move description and name of a thing the rules room
shows exists in both languages. :data:`CATALOG` maps a language to
``{key: text}``; a text is a :meth:`str.format` template whose fields are the
same in both languages (a test checks it). :func:`text` looks a key up.

Counted nouns take their plural form from a unit entry ``unit.<name>``
holding the forms separated by ``|``: English ``one|many``; Czech
``1|2-4|5+``, all in the accusative because the rules say "gains 2 ...",
"pays 5 ..." (``1 zásobu``, ``2 zásoby``, ``5 zásob``). :func:`qty` does it.

The view and tutorial engineers add their own words with
:func:`add_messages` (a clash with an existing key is refused) and use the
same :func:`text`.

>>> text("res.gold", "cs"), qty(1, "supply", "cs"), qty(3, "supply", "cs"), qty(5, "supply", "cs")
('zlato', '1 zásobu', '3 zásoby', '5 zásob')
>>> qty(1, "gold", "en"), qty(2, "card", "en")
('1 gold', '2 cards')
>>> join_list(["a", "b", "c"], "cs")
'a, b a c'
>>> check_catalog() == []
True
"""

from __future__ import annotations

import re
import string
from typing import Iterable, Mapping

from ..core.errors import InvalidInput

LANGUAGES = ("en", "cs")

_EN: dict[str, str] = {}
_CS: dict[str, str] = {}
CATALOG: dict[str, dict[str, str]] = {"en": _EN, "cs": _CS}


def check_language(language: str) -> str:
    if language not in LANGUAGES:
        raise InvalidInput(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
    return language


def text(key: str, language: str = "en", **fields) -> str:
    """The text of ``key`` in ``language`` with ``fields`` filled in.

    Without ``fields`` the raw template comes back (a caller may fill it in
    later). A key missing in Czech falls back to English; a key missing
    everywhere, or a field missing from ``fields``, is an
    :class:`~balada_widgets.core.errors.InvalidInput`.
    """
    cat = CATALOG.get(language) or _EN
    template = cat.get(key)
    if template is None:
        template = _EN.get(key)
        if template is None:
            raise InvalidInput(f"no text {key!r} in the Baldur's Gate catalogue")
    if not fields:  # the raw template (a caller may fill it in later)
        return template
    try:
        return template.format(**fields)
    except (KeyError, IndexError, ValueError) as e:
        raise InvalidInput(f"the text {key!r} needs the field {e}") from None


def forms(unit: str, language: str = "en") -> list[str]:
    return text(f"unit.{unit}", language).split("|")


def plural_index(n: int, language: str) -> int:
    """Which plural form: English 0 (one) / 1; Czech 0 (1) / 1 (2-4) / 2 (0, 5+)."""
    n = abs(n)
    if language == "cs":
        return 0 if n == 1 else 1 if 2 <= n <= 4 else 2
    return 0 if n == 1 else 1


def qty(n: int, unit: str, language: str = "en", case: str = "acc") -> str:
    """``n`` with the noun of ``unit`` in the right form: ``qty(5, "gold", "cs") == "5 zlatých"``.

    ``case="nom"`` gives the nominative where Czech has one of its own (``unit_nom.<name>``): after a
    colon or in a list of what something *is* ("automatický příjem: 6 zlatých a 1 zásoba"), where the
    accusative of "získej 1 zásobu" would be wrong.
    """
    key = f"unit_nom.{unit}" if case == "nom" and f"unit_nom.{unit}" in CATALOG.get(language, _EN) else f"unit.{unit}"
    f = text(key, language).split("|")
    return f"{n} {f[min(plural_index(n, language), len(f) - 1)]}"


#: The sections of the Czech rule text (``rules/builders-of-baldurs-gate.cs.txt``) that hold each clause of
#: the English clause list (``design/baldurs-gate.md``): ``prefix -> (section title, first number)``; a clause
#: in a numbered list says its point (``BLD2`` -> "Akce stavby krok za krokem, bod 2"), ``None``: no numbers.
CS_SECTIONS = {
    "OV": ("Začni tady: o co ve hře jde", None),
    "EX": ("Příklad jednoho konkrétního tahu", None),
    "S": ("Základní příprava hry", 1),
    "P23": ("Důležitá změna pro 2 a 3 hráče", None),
    "T": ("Tah hráče: právě jedna akce", None),
    "BLD": ("Akce stavby krok za krokem", 1),
    "W": ("Pracovník a všech devět lokací", None),
    "W4": ("Jak získat pracovníka zpět", None),
    "I": ("Výběr příjmu z portfolia", 1),
    "I4": ("Výběr příjmu z portfolia", None),
    "F": ("Tři frakce a jejich odměny", None),
    "FT": ("Strážní věže, pevnosti a brány", None),
    "A1": ("Nejdřív spočítej obě hodnoty", None),
    "A2": ("Nejdřív spočítej obě hodnoty", None),
    "A3-5": ("Když obrana ≥ síla útoku: čtvrť je ubráněna", 3),
    "A6-9": ("Když obrana < síla útoku: útok uspěl", 6),
    "E1-5": ("Jak se spustí konec hry", None),
    "E6-9": ("Čtyři kroky závěrečného bodování", 6),
    "TB": ("Rozhodování remíz", 1),
    "ADV0": ("Volitelná pokročilá příprava", None),
    "ADV": ("Volitelná pokročilá příprava", 1),
}
#: rule ids that are the project's own rulings (RULINGS.md C1-C19, the design's R1-R44, the engine's BG1-BG9):
#: the rule text does not have them, so a refusal calls them "our ruling C12" / "naše pravidlo C12"
RULING_PREFIXES = ("C", "R", "BG")


def _cs_section(rule: str):
    m = re.fullmatch(r"(OV|EX|S|P23|T|BLD|W|I|F|FT|A|E|TB|ADV)-?(\d*)[a-z]?(?:-\d+)?", rule)
    if m is None:
        return None
    prefix, num = m.group(1), int(m.group(2)) if m.group(2) else None
    if prefix == "P23":
        return CS_SECTIONS["P23"][0], None
    key = prefix
    if prefix == "W" and num == 4 or prefix == "I" and num == 4 or prefix == "ADV" and num == 0:
        key = f"{prefix}{num}"
    elif prefix == "A" and num is not None:
        key = "A1" if num == 1 else "A2" if num == 2 else "A3-5" if num <= 5 else "A6-9"
    elif prefix == "E" and num is not None:
        key = "E1-5" if num <= 5 else "E6-9"
    title, first = CS_SECTIONS[key]
    point = None if first is None or num is None else num - first + 1
    return title, point


def rule_ref(rule: str, language: str = "en") -> str:
    """Where a rule id is written, in words a reader can look up.

    A clause of the rule text: English ``rule BLD2`` (the English clause list), Czech the section of the
    Czech text and its point (``pravidla, oddíl „Akce stavby krok za krokem“, bod 2``: the Czech text has no ids).
    The project's own rulings (C1-C19, R1-R44, BG1-BG9), which no rule text holds: ``our ruling C12`` /
    ``naše pravidlo C12``.

    >>> rule_ref("BLD2", "cs"), rule_ref("C12", "cs"), rule_ref("C12"), rule_ref("T1")
    ('pravidla, oddíl „Akce stavby krok za krokem“, bod 2', 'naše pravidlo C12', 'our ruling C12', 'rule T1')
    """
    return rules_ref(rule, language)


def _rule_ids(rules) -> list[str]:
    """The ids of ``"BLD1, C13"``, ``"TB1–TB3"`` (a range) or a list of them, in order."""
    out: list[str] = []
    for part in ([rules] if isinstance(rules, str) else list(rules)):
        for one in str(part).split(","):
            m = re.fullmatch(r"\s*([A-Z]+)(\d+)\s*[–-]\s*\1?(\d+)\s*", one)
            if m and int(m.group(3)) > int(m.group(2)):  # a range (not P23-1, a clause of its own)
                out += [f"{m.group(1)}{k}" for k in range(int(m.group(2)), int(m.group(3)) + 1)]
            else:
                out.append(one.strip())
    return [r for r in out if r]


def rules_ref(rules, language: str = "en") -> str:
    """:func:`rule_ref` of one rule id or several (``"BLD1, C13"``, ``"TB1–TB3"``), those of one place together.

    >>> rules_ref("BLD1, C13"), rules_ref("FT1, FT2"), rules_ref("C4, C11", "cs")
    ('rule BLD1; our ruling C13', 'rules FT1 and FT2', 'naše pravidla C4 a C11')
    >>> rules_ref("TB1–TB3", "cs"), rules_ref("A3, A4, C7", "cs"), rules_ref("P23-1, S9")
    ('pravidla, oddíl „Rozhodování remíz“, body 1, 2 a 3', 'pravidla, oddíl „Když obrana ≥ síla útoku: čtvrť je ubráněna“, body 1 a 2; naše pravidlo C7', 'rules P23-1 and S9')
    """
    groups: dict = {}  # where the rule is written -> the ids (or the Czech points) there, in order
    for rule in _rule_ids(rules):
        section = _cs_section(rule) if language == "cs" else None
        if re.fullmatch(r"(C|R|BG)\d+[a-z]?", rule):
            groups.setdefault(("ours",), []).append(rule)
        elif section is not None:
            title, point = section
            groups.setdefault(("section", title), []).extend([str(point)] if point else [])
        else:
            groups.setdefault(("text",), []).append(rule)
    said = []
    for where, items in groups.items():
        if where[0] == "section":
            head = text("rule.section", language, title=where[1])
            said.append(head + (text("rule.point" if len(items) == 1 else "rule.points", language,
                                      point=join_list(items, language)) if items else ""))
        else:
            key = ("rule." if len(items) == 1 else "rules.") + where[0]
            said.append(text(key, language, rule=join_list(items, language)))
    return "; ".join(said)


def rule_tail(rule, language: str = "en") -> str:
    """`` (rule BLD2)`` / `` (pravidla, oddíl „Akce stavby krok za krokem“, bod 2)``; empty without a rule."""
    return f" ({rules_ref(rule, language)})" if rule else ""


def join_list(items: Iterable[str], language: str = "en") -> str:
    """``a, b and c`` / ``a, b a c``."""
    items = [i for i in items if i]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {text('word.and', language)} {items[-1]}"


def fields_of(text: str) -> set[str]:
    """The format fields of a template (``"{a} and {b}"`` -> ``{"a", "b"}``)."""
    try:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f}
    except ValueError:
        return {"<malformed>"}


def check_catalog(catalog: Mapping[str, Mapping[str, str]] | None = None) -> list[str]:
    """Problems of a catalogue: keys missing in a language, fields that differ, unit forms."""
    catalog = CATALOG if catalog is None else catalog
    problems = []
    langs = list(catalog)
    every = set().union(*(set(catalog[lang]) for lang in langs)) if langs else set()
    for key in sorted(every):
        present = [lang for lang in langs if key in catalog[lang]]
        if len(present) != len(langs):
            problems.append(f"{key!r} exists only in {', '.join(present)}")
            continue
        fields = {lang: fields_of(catalog[lang][key]) for lang in langs}
        if len({frozenset(f) for f in fields.values()}) > 1:
            problems.append(f"{key!r} has different fields: " + "; ".join(f"{k} {sorted(v)}" for k, v in fields.items()))
        if key.startswith("unit."):
            for lang in langs:
                want = 3 if lang == "cs" else 2
                if len(catalog[lang][key].split("|")) != want:
                    problems.append(f"{key!r} in {lang} needs {want} forms separated by '|'")
    return problems


def add_messages(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add texts for every language at once: ``{"en": {...}, "cs": {...}}``.

    Each key must come in both languages with the same fields; a key that
    already exists with another text is refused (pick a new key).
    """
    if set(messages) != set(LANGUAGES):
        raise InvalidInput(f"add texts for exactly the languages {', '.join(LANGUAGES)}")
    problems = check_catalog(messages)
    for lang in LANGUAGES:
        for key, text in messages[lang].items():
            if not isinstance(text, str):
                problems.append(f"{key!r} in {lang} is not a text")
            elif key in CATALOG[lang] and CATALOG[lang][key] != text:
                problems.append(f"{key!r} already exists in {lang} with another text")
    if problems:
        raise InvalidInput("; ".join(problems))
    for lang in LANGUAGES:
        CATALOG[lang].update(messages[lang])


def _load(pairs: dict[str, tuple[str, str]]) -> None:
    for key, (en, cs) in pairs.items():
        _EN[key] = en
        _CS[key] = cs


# ---------------------------------------------------------------------- the words
# key: (English, Czech). Kept in one table so both languages are written side by side.

_load({
    # little words
    "word.and": ("and", "a"),
    "word.or": ("or", "nebo"),
    "word.nothing": ("nothing", "nic"),
    "word.free": ("free", "zdarma"),
    "word.none": ("none", "žádný"),
    "word.hidden": ("hidden", "skrytý"),
    "word.unknown": ("an unknown card", "neznámou kartu"),
    "player": ("player {n}", "hráč {n}"),
    "Player": ("Player {n}", "Hráč {n}"),
    "player.gen": ("player {n}'s", "hráče {n}"),
    "spectator": ("spectator", "divák"),
    # resources and counted things (accusative forms in Czech)
    "res.gold": ("gold", "zlato"),
    "res.supply": ("supplies", "zásoby"),
    "res.favor": ("favor", "přízeň"),
    "res.prestige": ("prestige", "prestiž"),
    "res.influence": ("influence", "vliv"),
    "unit.gold": ("gold|gold", "zlatý|zlaté|zlatých"),
    "unit.supply": ("supply|supplies", "zásobu|zásoby|zásob"),
    "unit.favor": ("favor|favor", "přízeň|přízně|přízní"),
    "unit.prestige": ("prestige|prestige", "prestiž|prestiže|prestiží"),
    "unit.influence": ("influence|influence", "vliv|vlivy|vlivů"),
    "unit.card": ("card|cards", "kartu|karty|karet"),
    "unit.building_card": ("building card|building cards", "kartu budovy|karty budov|karet budov"),
    "unit.agenda": ("agenda card|agenda cards", "kartu plánu|karty plánů|karet plánů"),
    "unit.point": ("point|points", "bod|body|bodů"),
    "unit.token": ("token|tokens", "žeton|žetony|žetonů"),
    "unit.space": ("space|spaces", "pole|pole|polí"),
    "unit.piece": ("piece|pieces", "prvek|prvky|prvků"),
    "unit.district": ("district|districts", "čtvrť|čtvrti|čtvrtí"),
    # the Czech nominative where it differs from the accusative above (qty(..., case="nom"))
    "unit_nom.supply": ("supply|supplies", "zásoba|zásoby|zásob"),
    "unit_nom.card": ("card|cards", "karta|karty|karet"),
    "unit_nom.building_card": ("building card|building cards", "karta budovy|karty budov|karet budov"),
    "unit_nom.agenda": ("agenda card|agenda cards", "karta plánu|karty plánů|karet plánů"),
    # things
    "thing.parcel": ("parcel {n}", "parcela {n}"),
    "thing.parcel_in": ("parcel {n} ({district})", "parcela {n} ({district})"),
    "thing.district": ("{name}", "čtvrť {name}"),
    "thing.hq": ("HQ", "sídlo"),
    "thing.worker": ("worker", "pracovník"),
    "thing.tower": ("watchtower", "strážní věž"),
    "thing.keep": ("keep", "pevnost"),
    "thing.gate": ("gate", "brána"),
    "thing.fort_spot": ("fortification spot {spot}", "místo pro opevnění {spot}"),
    "thing.hq_spot": ("HQ spot of {district}", "místo HQ ve čtvrti {district}"),
    "thing.bag": ("bag", "sáček"),
    "thing.offer": ("building offer", "nabídka budov"),
    "thing.deck": ("building deck", "balíček budov"),
    "thing.agenda_deck": ("agenda deck", "balíček plánů"),
    "thing.hidden_token": ("hidden token", "skrytý žeton"),
    "thing.damage": ("damage token", "žeton poškození"),
    "kind.parcel": ("parcel", "parcela"),
    "kind.hq": ("HQ spot", "místo HQ"),
    "kind.fort": ("fortification spot", "místo pro opevnění"),
    "kind.location": ("special location", "zvláštní lokace"),
    "zone.upper": ("Upper City", "Horní město"),
    "zone.lower": ("Lower City", "Dolní město"),
})

_load({
    "acc.tower": ("watchtower", "strážní věž"),
    "acc.keep": ("keep", "pevnost"),
    "acc.gate": ("gate", "bránu"),
    "zone_gen.upper": ("Upper City", "Horního města"),
    "zone_gen.lower": ("Lower City", "Dolního města"),
    "thing.fort_spot_in": ("fortification spot {spot} ({district})", "místo pro opevnění {spot} ({district})"),
    # errors: heads and tails of the messages
    "err.illegal_head": ("illegal move '{move}': ", "nepovolený tah '{move}': "),
    "err.illegal_head0": ("illegal move: ", "nepovolený tah: "),
    "err.rule_tail": (" (rule {rule})", " (pravidlo {rule})"),
    "rule.text": ("rule {rule}", "pravidlo {rule}"),
    "rule.ours": ("our ruling {rule}", "naše pravidlo {rule}"),
    "rules.text": ("rules {rule}", "pravidla {rule}"),
    "rules.ours": ("our rulings {rule}", "naše pravidla {rule}"),
    "rule.section": ("the rules, section “{title}”", "pravidla, oddíl „{title}“"),
    "rule.point": (", point {point}", ", bod {point}"),
    "rule.points": (", points {point}", ", body {point}"),
    "err.input_head": ("invalid input '{move}': ", "nesrozumitelný zápis '{move}': "),
    "err.input_head0": ("invalid input: ", "nesrozumitelný zápis: "),
    "err.option_head": ("invalid input '{move}': ", "neplatná volba '{move}': "),
    "err.option_head0": ("invalid input: ", "neplatná volba hry: "),
    "err.position_head": ("invalid input '{move}': ", "neplatný text pozice '{move}': "),
    "err.position_head0": ("invalid input: ", "neplatný text pozice: "),
    "err.not_a_move": ("this is not a move of Builders of Baldur's Gate",
                       "tohle není tah hry Builders of Baldur's Gate"),
    "err.empty_move": ("an empty move; write e.g. 'p1 build inn-03', 'p1 @17', 'p1 worker SEA' or 'p1 income'",
                       "prázdný tah; napiš třeba 'p1 build inn-03', 'p1 @17', 'p1 worker SEA' nebo 'p1 income'"),
    "err.unreadable": ("cannot read this move; write e.g. 'p1 build inn-03', 'p1 @17', 'p1 worker SEA', "
                       "'p1 trade keep', 'p1 track fist', 'p1 spot F-SEA-b', 'p1 use hq-CIT', 'p1 done' or 'draw 17'",
                       "tah nelze přečíst; napiš třeba 'p1 build inn-03', 'p1 @17', 'p1 worker SEA', "
                       "'p1 trade keep', 'p1 track fist', 'p1 spot F-SEA-b', 'p1 use hq-CIT', 'p1 done' nebo "
                       "'draw 17'"),
    "err.unknown_card": ("there is no card '{card}' in this game", "karta '{card}' v této hře není"),
    "err.no_player": ("there is no player {n} in a {players}-player game", "hráč {n} ve hře pro {players} hráče není"),
    "err.unknown_district": ("there is no location '{district}'; the districts are {districts}",
                             "lokace '{district}' neexistuje; čtvrti jsou {districts}"),
    "err.unknown_trade": ("there is no trade '{trade}'; write tower, keep, petition, local or none",
                          "obchod '{trade}' neexistuje; napiš tower, keep, petition, local nebo none"),
    "err.unknown_faction": ("there is no faction '{faction}'; write one of {factions}",
                            "frakce '{faction}' neexistuje; napiš jednu z: {factions}"),
    "err.unknown_node": ("there is no spot '{node}' on the board", "místo '{node}' na plánu není"),
    # why a move is refused
    "why.over": ("the game is over", "hra už skončila"),
    "why.no_step": ("the position waits for nothing", "pozice na nic nečeká"),
    "why.not_chance": ("only chance draws tokens and cards, and now the game waits for this: {decision}",
                       "žetony a karty losuje jen náhoda a teď hra čeká na toto: {decision}"),
    "why.bad_outcome": ("chance cannot draw that now; the draw is: {decision}",
                        "tohle teď náhoda vylosovat nemůže; losuje se: {decision}"),
    "why.no_player": ("there is no player {n} in a {players}-player game", "hráč {n} ve hře pro {players} hráče není"),
    "why.chance_first": ("first chance draws: {decision}", "nejdřív losuje náhoda: {decision}"),
    "why.not_yours": ("it is not your decision now: {decision}", "teď nerozhoduješ ty: {decision}"),
    "why.wrong_step": ("that is not the step now: {decision}", "teď na řadě není tento krok: {decision}"),
    "why.not_building": ("{card} is not a building card", "„{card}“ není karta budovy"),
    "why.not_in_hand": ("{card} is not in your hand", "kartu „{card}“ nemáš v ruce"),
    "why.cost": ("{card} costs {cost} and you have {gold}", "„{card}“ stojí {cost} a ty máš {gold}"),
    "why.no_parcel": ("no parcel is available to build on", "žádná parcela není dostupná ke stavbě"),
    "why.no_cube": ("you have no free cube left (25 per house, 3 of them on the faction tracks)",
                    "nemáš volnou kostku (rod má 25 kostek, z toho 3 na frakčních stupnicích)"),
    "why.no_location": ("there is no location in '{district}'", "ve čtvrti '{district}' žádná lokace není"),
    "why.worker_away": ("your worker is at {location}; it comes home when someone builds in {district}, when another "
                        "worker pushes it out, or by your HQ's income ability",
                        "tvůj pracovník stojí na lokaci {location}; vrátí se, když někdo postaví budovu ve čtvrti "
                        "{district}, když ho vytlačí jiný pracovník, nebo díky příjmové schopnosti tvého sídla"),
    "why.no_such_parcel": ("there is no parcel {n}; parcels are numbered 1 to 36",
                           "parcela {n} neexistuje; parcely mají čísla 1 až 36"),
    "why.banned": ("parcel {n} is banned: with 2 or 3 players it is out of play for the whole game",
                   "na parcele {n} je marker zákazu: ve hře dvou nebo tří hráčů je celou hru mimo hru"),
    "why.built": ("parcel {n} already holds a building", "na parcele {n} už budova stojí"),
    "why.closed": ("parcel {n} is not available: a parcel opens only when its token is drawn from the bag",
                   "parcela {n} není dostupná: parcela se zpřístupní, až se ze sáčku vytáhne její žeton"),
    "why.no_trade": ("this location offers no trade '{trade}'", "tato lokace obchod '{trade}' nenabízí"),
    "why.trade_cost": ("the trade costs {cost} and you have {have}", "obchod stojí {cost} a ty máš {have}"),
    "why.trade_damaged": ("the location is damaged, so its trades cost 1 favor more: {cost}, and you have {have}",
                          "lokace je poškozená, takže její obchody stojí o 1 přízeň víc: {cost}, a ty máš {have}"),
    "why.no_faction": ("there is no faction '{faction}'", "frakce '{faction}' neexistuje"),
    "why.not_fort_spot": ("{node} is not a fortification spot", "{node} není místo pro opevnění"),
    "why.spot_taken": ("that spot already holds a fortification ({fort} of {owner})",
                       "na tom místě už opevnění stojí ({fort}, majitel: {owner})"),
    "why.spot_district": ("the {fort} must go in {districts}", "{fort} musí stát ve čtvrti {districts}"),
    "why.not_in_portfolio": ("{card} is not in your portfolio", "kartu „{card}“ nemáš v portfoliu"),
    "why.used": ("{card} was already used in this income action (each card once)",
                 "karta „{card}“ už byla v této akci příjmu použita (každá karta jen jednou)"),
    "why.no_ability": ("{card} has no such income ability", "karta „{card}“ takovou příjmovou schopnost nemá"),
    "why.ability_cost": ("the ability of {card} costs {cost} and you have {have}",
                         "schopnost karty „{card}“ stojí {cost} a ty máš {have}"),
    "why.not_in_offer": ("{card} is not in the building offer", "karta „{card}“ v nabídce budov není"),
    "why.not_drawn": ("{card} is not among the agenda cards you drew",
                      "karta „{card}“ mezi vylosovanými kartami plánů není"),
    "why.not_your_agenda": ("{card} is not among your agenda cards", "kartu „{card}“ mezi svými plány nemáš"),
    "why.not_offered": ("{card} is not among the HQ cards on offer", "karta „{card}“ mezi nabízenými sídly není"),
    "why.no_gate": ("no gate card is left", "nezbyla žádná karta brány"),
    "why.no_spot": ("there is no free fortification spot there for a {fort}",
                    "pro {fort} tam není volné místo pro opevnění"),
    "why.nothing_to_build": ("you cannot build any card of your hand now (it needs the gold, an available parcel "
                             "and a free cube)",
                             "teď nemůžeš postavit žádnou kartu z ruky (potřebuješ zlato, dostupnou parcelu "
                             "a volnou kostku)"),
    "why.offer_empty": ("the building offer is empty", "nabídka budov je prázdná"),
    "why.worker_home": ("your worker is already at home", "tvůj pracovník už je doma"),
    # a refused move in words: what was tried (the reason and the rule follow)
    "try.build": ("{player} cannot build {card}", "{player} nemůže postavit „{card}“"),
    "try.parcel": ("{player} cannot build on parcel {n} ({district})",
                   "{player} nemůže stavět na parcele {n} ({district})"),
    "try.worker": ("{player} cannot send the worker to {location}", "{player} nemůže poslat pracovníka na lokaci "
                                                                     "{location}"),
    "try.income": ("{player} cannot take income now", "{player} teď nemůže vzít příjem"),
    "try.trade": ("{player} cannot make this trade", "{player} nemůže provést tento obchod"),
    "try.no_trade": ("{player} cannot skip the trade now", "{player} teď nemůže obchod vynechat"),
    "try.track": ("{player} cannot choose the track of the {faction}", "{player} nemůže zvolit stupnici {faction}"),
    "try.spot": ("{player} cannot place a fortification on {spot}", "{player} nemůže postavit opevnění na {spot}"),
    "try.use": ("{player} cannot use {card}", "{player} nemůže použít kartu „{card}“"),
    "try.done": ("{player} cannot finish an income action now", "{player} teď nemůže ukončit akci příjmu"),
    "try.take": ("{player} cannot take {card} from the offer", "{player} nemůže vzít z nabídky kartu „{card}“"),
    "try.keep": ("{player} cannot keep {card}", "{player} si nemůže ponechat kartu „{card}“"),
    "try.bottom": ("{player} cannot put {card} at the bottom", "{player} nemůže dát kartu „{card}“ dospod"),
    "try.pick": ("{player} cannot pick {card}", "{player} si nemůže vybrat kartu „{card}“"),
    # the real reason when a click answers another step than the one pending
    "why.first": ("first this: {decision}", "nejdřív tohle: {decision}"),
    "why.card_first": ("parcel {n} is available, but a building starts with its card: choose a card of your hand "
                       "(Build, or click the card), pay it, then choose the parcel",
                       "parcela {n} je dostupná, ale stavba začíná kartou: vyber kartu z ruky (Stavět, nebo klikni "
                       "na kartu), zaplať ji a pak vyber parcelu"),
    "why.fort_by_effect": ("a fortification is placed only through a trade at a location (Fortify), a track "
                           "reward or a card; now {decision}",
                           "opevnění se staví jen obchodem na lokaci (Opevnit), odměnou ze stupnice nebo kartou; "
                           "teď {decision}"),
    "why.track_by_effect": ("a faction track is chosen only when you gain influence of your choice (a temple, a "
                            "card or a reward); now {decision}",
                            "frakční stupnice se volí jen při zisku vlivu podle tvé volby (chrám, karta nebo "
                            "odměna); teď {decision}"),
    "why.income_first": ("a card's income ability is used only in the income action: take income first",
                         "příjmová schopnost karty se používá jen v akci příjmu: nejdřív vezmi příjem"),
    "why.take_by_effect": ("a card of the offer reaches your hand only through an effect (a trade, a reward or a "
                           "card's ability)",
                           "karta z nabídky se dostane do ruky jen díky efektu (obchod, odměna nebo schopnost "
                           "karty)"),
    "why.income_build": ("in the income action you use your cards' abilities; a card of your hand is built only "
                         "by an ability that builds",
                         "v akci příjmu používáš schopnosti svých karet; kartu z ruky postaví jen schopnost, která "
                         "staví"),
    # the pending decision
    "dec.turn": ("{player} chooses an action: build, worker or income",
                 "{player} volí akci: stavba, pracovník, nebo příjem"),
    "dec.parcel": ("{player} chooses an available parcel for {card}",
                   "{player} vybírá dostupnou parcelu pro „{card}“"),
    "dec.track": ("{player} chooses the faction track for {amount}", "{player} vybírá frakční stupnici pro {amount}"),
    "dec.spot": ("{player} chooses a free fortification spot for the {fort} {where}",
                 "{player} vybírá volné místo pro {fort} {where}"),
    "dec.spot_in": ("in {districts}", "ve čtvrti {districts}"),
    "dec.spot_any": ("anywhere in the city", "kdekoli ve městě"),
    "dec.trade": ("{player} may make one trade at {location}, or none",
                  "{player} může provést jeden obchod na lokaci {location}, nebo žádný"),
    "dec.income": ("{player} uses an income ability or finishes the income action",
                   "{player} použije příjmovou schopnost, nebo akci příjmu ukončí"),
    "dec.build": ("{player} chooses a card of the hand to build for {discount} less",
                  "{player} vybírá kartu z ruky, kterou postaví o {discount} levněji"),
    "dec.offer": ("{player} takes a card from the building offer", "{player} bere kartu z nabídky budov"),
    "dec.keep": ("{player} keeps {keep} of the drawn agenda cards; the others go to the bottom of the deck",
                 "{player} si ponechá {keep} z vylosovaných karet plánů; ostatní jdou dospod balíčku"),
    "dec.bottom_building": ("{player} puts a building card from the hand at the bottom of the deck",
                            "{player} dává kartu budovy z ruky dospod balíčku"),
    "dec.bottom_agenda": ("{player} puts an agenda card at the bottom of the agenda deck",
                          "{player} dává kartu plánu dospod balíčku plánů"),
    "dec.pick": ("{player} picks an HQ card", "{player} si vybírá kartu sídla"),
    "chance.token_open": ("chance draws a parcel token to open its parcel",
                          "náhoda táhne žeton parcely, který parcelu zpřístupní"),
    "chance.token_ban": ("chance draws a parcel token to ban its parcel",
                         "náhoda táhne žeton parcely, jejíž parcela půjde mimo hru"),
    "chance.token_build": ("chance draws the next parcel token from the bag", "náhoda táhne ze sáčku další žeton parcely"),
    "chance.hide": ("chance lays a token face down on the attack-strength track",
                    "náhoda pokládá žeton lícem dolů na stupnici síly útoku"),
    "chance.card": ("{player} draws a building card", "{player} líže kartu budovy"),
    "chance.offer": ("a building card is turned up for the offer", "do nabídky budov se otáčí karta"),
    "chance.agenda": ("{player} draws an agenda card", "{player} líže kartu plánu"),
    "chance.hq": ("{player} is dealt an HQ card", "{player} dostává kartu sídla"),
    "chance.hq_offer": ("an HQ card is laid out for the advanced setup", "pro pokročilou přípravu se vykládá karta sídla"),
    # moves in words
    "desc.token_open": ("Parcel token {n} ({district}) is drawn: parcel {n} becomes available",
                        "Vytažen žeton parcely {n} ({district}): parcela {n} je dostupná"),
    "desc.token_ban": ("Parcel token {n} ({district}) is drawn: parcel {n} is banned",
                       "Vytažen žeton parcely {n} ({district}): parcela {n} dostává marker zákazu"),
    "desc.token_build": ("Parcel token {n} ({district}) is drawn: parcel {n} becomes available; it is token {nth} on "
                         "the attack track of {district}",
                         "Vytažen žeton parcely {n} ({district}): parcela {n} je dostupná; na stupnici útoku čtvrti "
                         "{district} je to {nth}. žeton"),
    "desc.attack_now": ("It is the 4th: {district} is attacked at once.",
                        "Je to čtvrtý: čtvrť {district} je okamžitě napadena."),
    "desc.bag_empty": ("The bag is empty: the end of the game is triggered.",
                       "Sáček je prázdný: spouští se konec hry."),
    "desc.hide": ("A token is laid face down on the attack-strength track; nobody knows it",
                  "Na stupnici síly útoku se lícem dolů pokládá žeton; nikdo ho nezná"),
    "desc.deal_offer": ("{card} is turned up in the building offer", "Do nabídky budov přichází „{card}“"),
    "desc.deal_hidden": ("{player} draws a building card", "{player} líže kartu budovy"),
    "desc.deal": ("{player} draws {card}", "{player} líže kartu „{card}“"),
    "desc.agenda_hidden": ("{player} draws an agenda card", "{player} líže kartu plánu"),
    "desc.agenda": ("{player} draws the agenda {card}", "{player} líže plán „{card}“"),
    "desc.hq_offer": ("The HQ card {card} ({district}) is laid out", "Vykládá se karta sídla „{card}“ ({district})"),
    "desc.hq": ("{player} gets the HQ card {card} ({district})", "{player} dostává kartu sídla „{card}“ ({district})"),
    "desc.build": ("{player} builds {card} ({type}) for {cost}", "{player} staví „{card}“ ({type}) za {cost}"),
    "desc.parcel": ("{player} puts the building on parcel {n} ({district})",
                    "{player} umisťuje budovu na parcelu {n} ({district})"),
    "desc.worker": ("{player} sends the worker to {location}", "{player} posílá pracovníka na lokaci {location}"),
    "desc.push_out": ("and pushes out {owner} worker", "a vytlačuje pracovníka {owner}"),
    "desc.income": ("{player} takes income: {income}", "{player} bere příjem: {income}"),
    "desc.no_trade": ("{player} makes no trade", "{player} neprovádí žádný obchod"),
    "desc.trade": ("{player} trades at {location}: {trade}{extra}", "{player} obchoduje na lokaci {location}: {trade}{extra}"),
    "desc.damaged_extra": (" (+1 favor: the location is damaged)", " (+1 přízeň: lokace je poškozená)"),
    "desc.track": ("{player} puts {amount} on the track of the {faction}", "{player} dává {amount} na stupnici {faction}"),
    "desc.spot": ("{player} puts a {fort} on {spot}", "{player} staví {fort} na {spot}"),
    "desc.use": ("{player} uses {card}: {ability}", "{player} používá kartu „{card}“: {ability}"),
    "desc.done": ("{player} finishes the income action", "{player} končí akci příjmu"),
    "desc.take": ("{player} takes {card} from the offer", "{player} bere z nabídky kartu „{card}“"),
    "desc.keep_hidden": ("{player} keeps an agenda card", "{player} si ponechává kartu plánu"),
    "desc.keep": ("{player} keeps {card}", "{player} si ponechává plán „{card}“"),
    "desc.bottom_building": ("{player} puts {card} at the bottom of the building deck",
                             "{player} dává kartu „{card}“ dospod balíčku budov"),
    "desc.bottom_building_hidden": ("{player} puts a building card at the bottom of the deck",
                                    "{player} dává kartu budovy dospod balíčku"),
    "desc.bottom_agenda": ("{player} puts {card} at the bottom of the agenda deck",
                           "{player} dává plán „{card}“ dospod balíčku plánů"),
    "desc.bottom_agenda_hidden": ("{player} puts an agenda card at the bottom of the agenda deck",
                                  "{player} dává kartu plánu dospod balíčku plánů"),
    "desc.pick": ("{player} picks the HQ card {card} ({district})", "{player} si vybírá kartu sídla „{card}“ ({district})"),
    # effects
    "eff.gain": ("gain {what}", "získej {what}"),
    "eff.influence": ("{amount} with the {faction}", "získej {amount} u {faction}"),
    "eff.influence_any": ("{amount} on a track of your choice", "získej {amount} na stupnici podle své volby"),
    "eff.draw": ("draw {cards}", "lízni {cards}"),
    "eff.offer": ("take {cards} from the building offer", "vezmi {cards} z nabídky budov"),
    "eff.agendas": ("draw {cards}, keep {keep}", "lízni {cards}, {keep} si ponech"),
    "eff.fortify_here": ("place a {fort} in this district", "postav {fort} v této čtvrti"),
    "eff.fortify_hq": ("place a {fort} in your HQ's district", "postav {fort} ve čtvrti svého sídla"),
    "eff.fortify_any": ("place a {fort} anywhere in the city", "postav {fort} kdekoli ve městě"),
    "eff.build_discount": ("build a card from your hand for {discount} less", "postav kartu z ruky o {discount} levněji"),
    "eff.build": ("build a card from your hand", "postav kartu z ruky"),
    "eff.return_worker": ("return your worker", "vrať svého pracovníka"),
    "eff.per_connection": ("{amount} per piece joined to this building",
                           "{amount} za každý prvek spojený s touto budovou"),
    "eff.ability": ("{cost}: {effect}", "za {cost} {effect}"),
    "eff.ability_free": ("free: {effect}", "zdarma {effect}"),
    # cards
    "card.head": ("{type}, cost {cost}", "{type}, cena {cost}"),
    "card.when_built": ("When built: {effect}", "Po postavení: {effect}"),
    "card.income": ("Income: {ability}", "Příjem: {ability}"),
    "card.hq": ("HQ in {district}; automatic income {income}", "Sídlo ve čtvrti {district}; automatický příjem: {income}"),
    "card.income_alts": ("Income (one of them per income action): {abilities}",
                         "Příjem (jedna z možností za akci příjmu): {abilities}"),
    "special.tower": ("Special component: a watchtower in its district at setup",
                      "Zvláštní komponenta: strážní věž v jeho čtvrti při přípravě"),
    "special.gate": ("Special component: the top gate card and a gate in its district at setup",
                     "Zvláštní komponenta: vrchní karta brány a brána v jeho čtvrti při přípravě"),
    "special.card": ("Special component: one more building card", "Zvláštní komponenta: jedna karta budovy navíc"),
    "special.influence_council": ("Special component: 1 influence with the Council of Four",
                                  "Zvláštní komponenta: 1 vliv u Rady čtyř"),
    "special.influence_fist": ("Special component: 1 influence with the Flaming Fist",
                               "Zvláštní komponenta: 1 vliv u Plamenné pěsti"),
    "special.influence_guild": ("Special component: 1 influence with the Thieves' Guild",
                                "Zvláštní komponenta: 1 vliv u Zlodějského cechu"),
    "agenda.buildings": ("{rate} per undamaged {type} of yours (at most {cap})",
                         "{rate} za každou tvou nepoškozenou budovu typu {type} (nejvýš {cap})"),
    "agenda.districts_with": ("{rate} per district where you have {count} or more undamaged buildings (at most {cap})",
                              "{rate} za každou čtvrť, kde máš aspoň {count} nepoškozené budovy (nejvýš {cap})"),
    "agenda.fortifications": ("{rate} per {fort} of yours (at most {cap})",
                              "{rate} za každou tvou {fort} (nejvýš {cap})"),
    "agenda.faction_level": ("{rate} per level of your influence with the {faction} (at most {cap})",
                             "{rate} za každou úroveň tvého vlivu u {faction} (nejvýš {cap})"),
    "agenda.network_districts": ("{rate} per district your largest network reaches (at most {cap})",
                                 "{rate} za každou čtvrť, kam sahá tvá největší síť (nejvýš {cap})"),
    "agenda.zone_districts": ("{rate} per district of the {zone} with an undamaged building of yours (at most {cap})",
                              "{rate} za každou čtvrť {zone}, kde máš nepoškozenou budovu (nejvýš {cap})"),
    "agenda.defences": ("{rate} per defended attack you contributed to (at most {cap})",
                        "{rate} za každý ubráněný útok s tvým obranným příspěvkem (nejvýš {cap})"),
    "agenda.portfolio": ("{rate} per card in your portfolio, HQ included (at most {cap})",
                         "{rate} za každou kartu ve tvém portfoliu včetně sídla (nejvýš {cap})"),
    # the trace: why prestige was gained
    "gain.connection": ("{points}: a new piece at {new} joined your piece at {piece}",
                        "{points}: nový prvek ({new}) se připojil k tvému prvku ({piece})"),
    "gain.defended": ("{points}: {district} held against strength {strength} with your defence",
                      "{points}: čtvrť {district} ubráněna proti síle {strength} s tvým příspěvkem k obraně"),
    "gain.top": ("{points}: the largest defence contribution in {district}",
                 "{points}: největší obranný příspěvek ve čtvrti {district}"),
    "gain.track": ("{points}: space {level} of the {faction} track", "{points}: pole {level} stupnice {faction}"),
    "gain.overflow": ("{points}: influence past the end of the {faction} track",
                      "{points}: vliv za koncem stupnice {faction}"),
    "gain.when_built": ("{points}: when {card} was built", "{points}: po postavení karty „{card}“"),
    "gain.ability": ("{points}: the income ability of {card}", "{points}: příjmová schopnost karty „{card}“"),
    "gain.special": ("{points}: the special component of {card}", "{points}: zvláštní komponenta karty „{card}“"),
    "gain.trade": ("{points}: a trade at {location}", "{points}: obchod na lokaci {location}"),
    "gain.agenda": ("{points}: agenda {card} (counted {count})", "{points}: plán „{card}“ (napočítáno {count})"),
    "gain.network": ("{points}: the largest network, {pieces}, 2 each",
                     "{points}: největší propojená síť, {pieces}, každý za 2"),
    "gain.districts": ("{points}: {count} with your building or HQ ({names}), 2 each",
                       "{points}: {count} s tvou budovou nebo sídlem ({names}), každá za 2"),
    "gain.leftovers": ("{points}: leftovers (gold {gold}, supplies {supply}, favor {favor}, building cards {cards}: "
                       "{units} in all) divided by 3",
                       "{points}: zbytky (zlato {gold}, zásoby {supply}, přízeň {favor}, karty budov {cards}: "
                       "celkem {units}) děleno 3"),
    "gain.other": ("{points} (rule {rule})", "{points} (pravidlo {rule})"),
    "result.win": ("{player} wins with {points}", "{player} vítězí: {points}"),
    "result.tiebreak": ("{player} wins the tie at {points} on the tie-breaks (buildings, fortifications, agendas)",
                        "{player} vítězí při shodě ({points}) podle rozhodování remíz (budovy, opevnění, plány)"),
    "result.syndicate": ("{players} form a syndicate and share the rule of Baldur's Gate ({points} each, tied on "
                         "every tie-break)",
                         "{players} tvoří syndikát a vládnou Baldurově bráně společně ({points}, shoda ve všech "
                         "rozhodnutích remíz)"),
})

# ---------------------------------------------------------------------- the view's words
# (balada_widgets.baldurs_gate.drawing and .view; keys "ui.*"; kept by the view engineer)

_load({
    # the city drawing
    "ui.harbour": ("Harbour", "Přístav"),
    "ui.strength_title": ("Attack strength", "Síla útoku"),
    "ui.strength_now": ("strength now: {n}", "síla teď: {n}"),
    "ui.bag": ("bag: {tokens}", "sáček: {tokens}"),
    "ui.factions_title": ("Faction tracks", "Frakční stupnice"),
    "ui.legend": ("Legend", "Legenda"),
    "ui.legend_open": ("available parcel", "dostupná parcela"),
    "ui.legend_closed": ("parcel not open yet", "parcela zatím zavřená"),
    "ui.aria.city": ("The city of Baldur's Gate", "Město Baldurova brána"),
    "ui.aria.available": ("parcel {n} in {district}: available", "parcela {n} ve čtvrti {district}: dostupná"),
    "ui.aria.closed": ("parcel {n} in {district}: not open yet", "parcela {n} ve čtvrti {district}: zatím zavřená"),
    "ui.aria.banned": ("parcel {n} in {district}: banned for the whole game",
                       "parcela {n} ve čtvrti {district}: celou hru mimo hru (zákaz)"),
    "ui.aria.built": ("parcel {n} in {district}: {type} {card} of {owner}",
                      "parcela {n} ve čtvrti {district}: {type} „{card}“, majitel: {owner}"),
    "ui.aria.damaged": ("parcel {n} in {district}: {type} {card} of {owner}, damaged (its cube is gone)",
                        "parcela {n} ve čtvrti {district}: {type} „{card}“, majitel: {owner}, poškozená "
                        "(bez kostky)"),
    "ui.aria.spot_free": ("fortification spot {spot} in {district}: free",
                          "místo pro opevnění {spot} ve čtvrti {district}: volné"),
    "ui.aria.spot_taken": ("fortification spot {spot} in {district}: {fort} of {owner}",
                           "místo pro opevnění {spot} ve čtvrti {district}: {fort}, majitel: {owner}"),
    "ui.aria.hq_free": ("HQ spot of {district}: empty", "místo HQ ve čtvrti {district}: prázdné"),
    "ui.aria.hq_taken": ("HQ spot of {district}: the HQ of {owner}", "místo HQ ve čtvrti {district}: sídlo, "
                                                                      "majitel: {owner}"),
    "ui.aria.location": ("{location}, the special location of {district} ({faction})",
                         "{location}, zvláštní lokace čtvrti {district} ({faction})"),
    "ui.aria.worker_here": ("{owner} worker stands here", "stojí tu pracovník {owner}"),
    "ui.aria.loc_damaged": ("damaged: its trades cost 1 favor more", "poškozená: její obchody stojí o 1 přízeň víc"),
    "ui.aria.attack_track": ("attack track of {district}: {n} of 4 tokens; defence {defence}",
                             "stupnice útoku čtvrti {district}: {n} ze 4 žetonů; obrana {defence}"),
    "ui.aria.attack_held": ("attacked at strength {strength} and held (defence {defence})",
                            "napadena silou {strength} a ubráněna (obrana {defence})"),
    "ui.aria.attack_fell": ("attacked at strength {strength} and fell (defence {defence})",
                            "napadena silou {strength} a neubráněna (obrana {defence})"),
    "ui.aria.strength": ("attack strength {n}; {left} in the bag", "síla útoku {n}; v sáčku {left}"),
    "ui.aria.hidden_down": ("the hidden token lies face down", "skrytý žeton leží lícem dolů"),
    "ui.aria.hidden_revealed": ("the hidden token was {n}", "skrytý žeton byl {n}"),
    "ui.aria.track": ("track of the {faction}: {levels}. Rewards: {rewards}",
                      "stupnice {faction}: {levels}. Odměny: {rewards}"),
    # cards and players' boards
    "ui.hq_card": ("HQ card", "karta sídla"),
    "ui.gate_card": ("gate card", "karta brány"),
    "ui.agenda_card": ("agenda (secret)", "plán (tajný)"),
    "ui.used": ("used", "použita"),
    "ui.to_move": ("to move", "na tahu"),
    "ui.worker_at": ("worker at {location}", "pracovník na lokaci {location}"),
    "ui.worker_home": ("worker at home", "pracovník doma"),
    "ui.influence_short": ("influence", "vliv"),
    "ui.cubes_left": ("{n} cubes free", "volné kostky: {n}"),
    "ui.portfolio": ("Portfolio ({n})", "Portfolio ({n})"),
    "ui.nothing_yet": ("nothing yet", "zatím nic"),
    "ui.hand": ("Hand: {cards}", "Ruka: {cards}"),
    "ui.agendas": ("Agendas: {cards}", "Plány: {cards}"),
    "ui.hand_secret": ("Face down: only their owner sees these cards.",
                       "Lícem dolů: tyto karty vidí jen jejich majitel."),
})

_load({
    # the play view: the page, the decision box, the buttons
    "ui.title": ("Builders of Baldur's Gate", "Builders of Baldur's Gate"),
    "ui.status": ("attack strength {strength} · bag: {tokens}", "síla útoku {strength} · sáček: {tokens}"),
    "ui.to_decide": ("{name} to decide", "rozhoduje: {name}"),
    "ui.your_decision": ("your decision", "rozhoduješ ty"),
    "ui.you": ("You", "Ty"),
    "ui.bot": ("Bot {n} ({level})", "Bot {n} ({level})"),
    # a seat's one name is the engine's ("Player 2"); the view adds who plays it, where it says so
    "ui.seat.you": ("{name} (you)", "{name} (ty)"),
    "ui.seat.bot": ("{name} ({level} bot)", "{name} ({level} bot)"),
    "ui.level.random": ("random", "náhodný"),
    "ui.level.greedy": ("greedy", "chamtivý"),
    "ui.level.strong": ("strong", "silný"),
    "ui.btn.build_mode": ("Build… ({n} cards)", "Stavět… (karet: {n})"),
    "ui.btn.worker_mode": ("Send the worker…", "Poslat pracovníka…"),
    "ui.btn.build": ("Build {card} ({type}, {cost})", "Postavit „{card}“ ({type}, {cost})"),
    "ui.btn.worker": ("{location}", "{location}"),
    "ui.btn.income": ("Take income ({income})", "Vzít příjem ({income})"),
    "ui.btn.track": ("{faction} (now {level})", "{faction} (teď {level})"),
    "ui.btn.no_trade": ("No trade", "Žádný obchod"),
    "ui.trade.tower": ("Fortify (watchtower)", "Opevnit (strážní věž)"),
    "ui.trade.keep": ("Fortify (keep)", "Opevnit (pevnost)"),
    "ui.trade.petition": ("Petition", "Přímluva"),
    "ui.trade.local": ("Local trade", "Místní obchod"),
    "ui.btn.use": ("Use {card}: {ability}", "Použít „{card}“: {ability}"),
    "ui.btn.done": ("Finish the income", "Ukončit příjem"),
    "ui.btn.take": ("Take {card}", "Vzít „{card}“"),
    "ui.btn.keep": ("Keep {card}", "Ponechat si „{card}“"),
    "ui.btn.bottom": ("Put {card} at the bottom", "Dát „{card}“ dospod"),
    "ui.btn.pick": ("Pick {card} ({district})", "Vybrat „{card}“ ({district})"),
    "ui.btn.back": ("Back (Esc)", "Zpět (Esc)"),
    "ui.close": ("Close", "Zavřít"),
    "ui.note.turn": ("Click a glowing card of your hand to build it, or a glowing location to send your worker "
                     "there; or press B, W or I.",
                     "Klikni na zvýrazněnou kartu v ruce, chceš-li ji postavit, nebo na zvýrazněnou lokaci, kam "
                     "pošleš pracovníka; nebo stiskni B, W či I."),
    "ui.note.build": ("Choose the card to build: click it in your hand or press its number.",
                      "Vyber kartu ke stavbě: klikni na ni v ruce nebo stiskni její číslo."),
    "ui.note.worker": ("Choose a location: click it on the map (or arrows and Enter), or press its number.",
                       "Vyber lokaci: klikni na ni v plánu (nebo šipky a Enter), nebo stiskni její číslo."),
    "ui.note.parcel": ("Click a glowing parcel ({n} available), or move with the arrows and press Enter. Esc "
                       "takes the card back.",
                       "Klikni na zvýrazněnou parcelu (dostupných: {n}), nebo se k ní dostaň šipkami a stiskni "
                       "Enter. Esc vezme kartu zpět."),
    "ui.note.spot": ("Click a glowing fortification spot ({n} free), or use the arrows and Enter.",
                     "Klikni na zvýrazněné místo pro opevnění (volných: {n}), nebo použij šipky a Enter."),
    "ui.note.track": ("Click a faction track or press its number.",
                      "Klikni na frakční stupnici nebo stiskni její číslo."),
    "ui.note.income": ("Use the abilities of your cards in any order (click a glowing card or a button); D "
                       "finishes the income.",
                       "Použij schopnosti svých karet v libovolném pořadí (klikni na zvýrazněnou kartu nebo na "
                       "tlačítko); D příjem ukončí."),
    "ui.note.cards": ("Click a glowing card or press its number.", "Klikni na zvýrazněnou kartu nebo stiskni její "
                                                                     "číslo."),
    "ui.hint.no_target": ("Choose one of the glowing places or a button: that is what the rules allow now.",
                          "Vyber jedno ze zvýrazněných míst nebo tlačítko: to teď pravidla dovolují."),
    "ui.hint.not_turn": ("Finish this step first: {decision}", "Nejdřív dokonči tento krok: {decision}"),
    "ui.hint.no_hand": ("You have no building card in your hand.", "V ruce nemáš žádnou kartu budovy."),
    "ui.bots_play": ("Let the bots play", "Nechat hrát boty"),
    "ui.others_since": ("Since your last move", "Od tvého posledního tahu"),
    "ui.others_before": ("Before your last move", "Před tvým posledním tahem"),
    "ui.keys_hint": ("Keys on the map: arrows + Enter · 1-9 choices · B build · W worker · I income · D done · "
                     "Esc back · U/Y undo/redo",
                     "Klávesy v plánu: šipky + Enter · 1-9 volby · B stavba · W pracovník · I příjem · D hotovo · "
                     "Esc zpět · U/Y zpět/znovu"),
    "ui.aria.city_board": ("The city: click a glowing place; arrows move a cursor, Enter acts.",
                           "Město: klikni na zvýrazněné místo; šipky posouvají kurzor, Enter jedná."),
    "ui.aria.my_board": ("The board of {name}: resources, portfolio, hand and agendas",
                         "Deska – {name}: suroviny, portfolio, ruka a plány"),
    "ui.others": ("Other houses", "Ostatní rody"),
    "ui.offer": ("Building offer · deck {deck} · discard {discard} · gate cards {gates}",
                 "Nabídka budov · balíček {deck} · odhazovací balíček {discard} · karty bran {gates}"),
    "ui.offer_label": ("The building offer", "Nabídka budov"),
    "ui.cards_keep": ("The agenda cards drawn", "Vylosované karty plánů"),
    "ui.cards_pick": ("The HQ cards to pick from", "Karty sídel na výběr"),
    "ui.attacks_title": ("Attacks ({n})", "Útoky ({n})"),
    "ui.no_attacks": ("No attack yet.", "Zatím žádný útok."),
    "ui.attack_held": ("{district}: strength {strength} against defence {defence}, held; prestige {rewards}",
                       "{district}: síla {strength} proti obraně {defence}, ubráněno; prestiž {rewards}"),
    "ui.attack_fell": ("{district}: strength {strength} against defence {defence}, fell; damaged parcels {parcels}",
                       "{district}: síla {strength} proti obraně {defence}, neubráněno; poškozené parcely "
                       "{parcels}"),
    "ui.final_attack": ("Final attack.", "Závěrečný útok."),
    "ui.game_over": ("Game over: {result}", "Konec hry: {result}"),
    "ui.trace_title": ("Prestige of {name}, step by step", "Prestiž: {name}, krok za krokem"),
    "ui.source": ("where", "kde"),
    "ui.log_title": ("Log (click a move to go back to it; undo, redo and branches)",
                     "Záznam tahů (kliknutím na tah se k němu vrátíš; zpět, znovu a větve)"),
    "ui.pass_note": ("What comes next is for their eyes only: their hand and agendas.",
                     "Co následuje, je jen pro jeho oči: jeho ruka a plány."),
    "ui.pass_show": ("my hand", "mou ruku"),
    # the new-game form
    "ui.form.title": ("New game", "Nová hra"),
    "ui.form.players": ("Players", "Hráči"),
    "ui.form.bots": ("Bots", "Boti"),
    "ui.form.level": ("Bot level", "Úroveň botů"),
    "ui.form.seats": ("the last seats are bots; the others take turns at this device",
                      "poslední místa hrají boti; ostatní se střídají u tohoto zařízení"),
    "ui.form.language": ("Language", "Jazyk"),
    "ui.form.advanced": ("Advanced setup (pick HQ cards, keep 3 of 5 cards)",
                         "Pokročilá příprava (výběr karet sídel, 3 z 5 karet)"),
    "ui.form.seed": ("Seed", "Semínko"),
    "ui.form.start": ("Start", "Začít"),
    "ui.form.cancel": ("Cancel", "Zrušit"),
    "ui.err.language": ("unknown language {name!r}; choose one of {languages}",
                        "neznámý jazyk {name!r}; vyber jeden z: {languages}"),
    "ui.err.players": ("Builders of Baldur's Gate is for 2 to 4 players, not {n!r}",
                       "Builders of Baldur's Gate je pro 2 až 4 hráče, ne {n!r}"),
    "ui.err.bots": ("bots must be 0 to {players} (the number of players), not {n!r}",
                    "botů může být 0 až {players} (počet hráčů), ne {n!r}"),
    "ui.err.level": ("unknown bot level {level!r}; choose one of {levels}",
                     "neznámá úroveň botů {level!r}; vyber jednu z: {levels}"),
    "ui.err.seed": ("the seed is a whole number, not {seed!r}", "semínko je celé číslo, ne {seed!r}"),
    # the keyboard (KEYS in view.py; the docs' keyboard sections say the same)
    "ui.key.arrows": ("move the cursor (a dashed frame) between the glowing places of the city",
                      "posune kurzor (čárkovaný rámeček) mezi zvýrazněnými místy města"),
    "ui.key.pages": ("the next / previous glowing place, in reading order (Home / End: the first / last)",
                     "další / předchozí zvýrazněné místo v pořadí čtení (Home / End: první / poslední)"),
    "ui.key.enter": ("act on the cursor's place, as a click: build there, send the worker, place a fortification, "
                     "choose a track",
                     "provede akci na místě pod kurzorem jako kliknutí: stavba, pracovník, opevnění, volba "
                     "stupnice"),
    "ui.key.digits": ("press the decision's numbered buttons", "stiskne číslované tlačítko rozhodnutí"),
    "ui.key.build": ("build: the cards of your hand you can build become the choices",
                     "stavba: na výběr jsou karty z ruky, které můžeš postavit"),
    "ui.key.worker": ("worker: the locations become the choices (arrows + Enter on the map, or digits)",
                      "pracovník: na výběr jsou lokace (šipky + Enter v plánu, nebo číslice)"),
    "ui.key.income": ("take income", "vezme příjem"),
    "ui.key.done": ("done: finish the income action, or make no trade at the location",
                    "hotovo: ukončí akci příjmu, nebo na lokaci neobchoduje"),
    "ui.key.undo": ("undo / redo", "zpět / znovu"),
    "ui.key.esc": ("back: close the reminder, leave the build or worker choice, or take back the last step of "
                   "an action",
                   "zpět: zavře připomínku, opustí volbu stavby či pracovníka, nebo vezme zpět poslední krok akce"),
    # the kit's panels in the game's language
    "ui.kit.undo": ("Undo", "Zpět"),
    "ui.kit.redo": ("Redo", "Znovu"),
    "ui.kit.restart": ("Restart", "Od začátku"),
    "ui.kit.new_game": ("New game", "Nová hra"),
    "ui.kit.pass_title": ("Pass the device to **{name}**", "Předej zařízení: **{name}**"),
    "ui.kit.pass_ready": ("I am {name}", "Jsem {name}"),
    "ui.kit.pass_ready_show": ("I am {name}: show {show}", "Jsem {name}: ukaž {show}"),
    "ui.kit.pass_waiting": ("Still to choose: ", "Ještě volí: "),
    "ui.kit.start": ("start", "začátek"),
    "ui.kit.go_start": ("go to the start", "jdi na začátek"),
    "ui.kit.go_move": ("go to move {n}", "jdi na tah {n}"),
    "ui.kit.branches": ("Branches:", "Větve:"),
    "ui.kit.branch": ("{i}. {moves} moves, last {last}", "{i}. tahů: {moves}, poslední {last}"),
    "ui.kit.switch": ("switch to this branch", "přepni na tuto větev"),
    "ui.kit.rule": ("rule", "pravidlo"),
    "ui.kit.points": ("points", "body"),
    "ui.kit.why": ("why", "proč"),
    "ui.kit.total": ("total", "celkem"),
    "ui.kit.so_far": ("so far (step {i} of {n})", "zatím (krok {i} z {n})"),
    "ui.kit.all": ("All", "Vše"),
    "ui.kit.step": ("step {i} of {n}", "krok {i} z {n}"),
    "ui.kit.share": ("Save, share, load", "Uložit, sdílet, nahrát"),
    "ui.kit.share_position": ("**Position** (paste it to set the board up again):",
                              "**Pozice** (vložením ji znovu rozestavíš):"),
    "ui.kit.share_save": ("**Save file** (every move and branch; JSON):",
                          "**Uložená hra** (všechny tahy a větve; JSON):"),
    "ui.kit.share_paste": ("paste a save file or a position here", "sem vlož uloženou hru nebo pozici"),
    "ui.kit.share_load": ("Load", "Nahrát"),
    "ui.kit.share_loaded": ("loaded: the game goes on from there", "nahráno: hra pokračuje odtud"),
    "ui.kit.share_warning": ("The save file holds every move, so every hidden card (hands, draws, agendas). Show "
                             "it only when the other players may see it.",
                             "Uložená hra obsahuje všechny tahy, tedy i všechny skryté karty (ruce, tahy z balíčku, "
                             "plány). Ukaž ji, jen když ji ostatní hráči smějí vidět."),
    "ui.kit.share_reveal": ("Show the save file — it reveals every hidden card",
                            "Ukázat uloženou hru – prozradí všechny skryté karty"),
    "ui.kit.share_all_hidden": ("Every hidden card is in this text.", "V tomto textu jsou všechny skryté karty."),
    "ui.kit.share_hide": ("Hide it", "Skrýt"),
    "ui.kit.position": ("position", "pozice"),
    "ui.kit.save_file": ("save file", "uložená hra"),
})
