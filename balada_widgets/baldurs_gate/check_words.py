"""The position checks and option errors of Builders of Baldur's Gate in Czech (C19: one ``language`` switch).

The checks (:mod:`.validate`, the shape reader of :meth:`~.rules.BaldursGateGame.from_data`, the option
checks of the game) write their problems in English; a game with ``language="cs"`` shows them through
:func:`czech`, which matches each English text against :data:`PAIRS` (``{}`` stands for a value: a
number, a parcel, a card id, a spot) and writes it in Czech with the same values. A text no pair
matches comes back unchanged (a test renders every check the engine makes and finds none).

:class:`BaldursGateInvalidPosition` is the :class:`~balada_widgets.core.errors.InvalidPosition` of the game: its
problems in the game's language, each ending with where its rule is written (:func:`~.i18n.rule_tail`:
the section of the Czech text, or "naše pravidlo C18" for the project's own rulings).

>>> czech("parcel 5 holds a building but its token was never drawn")
'na parcele 5 stojí budova, ale její žeton nebyl nikdy vytažen'
>>> str(BaldursGateInvalidPosition([("C18", "two workers on one location: ['SEA']")], language="cs"))
"neplatná pozice: dva pracovníci na jedné lokaci: ['SEA'] (naše pravidlo C18)"
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Optional

from ..core.errors import InvalidPosition
from .i18n import rule_tail

#: (English text with ``{}`` for each value, the Czech text with ``{0}``, ``{1}``... in any order)
PAIRS: tuple[tuple[str, str], ...] = (
    # the pending steps (validate._task_problems)
    ("{}: player {} is not in the game", "{0}: hráč {1} ve hře není"),
    ("{}: src is (rule, kind, ref, district, extra)", "{0}: src je (rule, kind, ref, district, extra)"),
    ("{}: {} is not a building card", "{0}: {1} není karta budovy"),
    ("{}: a tower, keep or gate and known districts", "{0}: věž, pevnost nebo brána a známé čtvrti"),
    ("{}: unknown district {}", "{0}: neznámá čtvrť {1}"),
    ("{}: amount must be 1 or more", "{0}: množství musí být 1 nebo víc"),
    ("{}: discount must be 0 or more", "{0}: sleva musí být 0 nebo víc"),
    ("{}: count, keep (1 or more) and the drawn cards", "{0}: počet, ponechání (1 nebo víc) a vylosované karty"),
    ("{}: what is 'building' or 'agenda'", "{0}: what je 'building' nebo 'agenda'"),
    ("{}: purpose is open, ban or build", "{0}: purpose je open, ban nebo build"),
    ("{}: atoms must be effect words ({}) with their values", "{0}: atomy musí být slova efektů ({1}) s hodnotami"),
    # the rules' bookkeeping (validate.validate_state)
    ("this position hides cards or the hidden token ('?'): it is a player's or spectator's view; load the save file "
     "(or a full position) to play it",
     "tato pozice skrývá karty nebo skrytý žeton ('?'): je to pohled hráče nebo diváka; chceš-li ji hrát, nahraj "
     "uloženou hru (nebo celou pozici)"),
    ("unknown parcel tokens: {}", "neznámé žetony parcel: {0}"),
    ("tokens in two places at once: {}", "žetony na dvou místech zároveň: {0}"),
    ("tokens missing from the bag, the tracks and the hidden space: {}",
     "žetony, které chybí v sáčku, na stupnicích i na skrytém poli: {0}"),
    ("parcels both available and banned: {}", "parcely dostupné a zároveň se zákazem: {0}"),
    ("{} banned parcels in a {}-player game (at most {})", "parcel se zákazem: {0} ve hře pro {1} hráče (nejvýš {2})"),
    ("{} available parcels; there are never more than 8", "dostupných parcel: {0}; nikdy jich není víc než 8"),
    ("building cards missing everywhere: {}", "karty budov, které chybí všude: {0}"),
    ("agenda cards missing everywhere: {}", "karty plánů, které chybí všude: {0}"),
    ("gate cards missing everywhere: {}", "karty bran, které chybí všude: {0}"),
    ("the gate deck keeps its printed order (the top card is taken)",
     "balíček bran má pevné pořadí (bere se vrchní karta)"),
    ("two workers on one location: {}", "dva pracovníci na jedné lokaci: {0}"),
    ("the attack-strength marker must be on space 1-{}", "ukazatel síly útoku musí stát na poli 1–{0}"),
    ("districts with 4 tokens {} and districts attacked {} must agree",
     "čtvrti se 4 žetony {0} a napadené čtvrti {1} si musí odpovídat"),
    ("damage tokens {} must lie on the locations of the failed attacks {}",
     "žetony poškození {0} musí ležet na lokacích neubráněných útoků {1}"),
    ("the active player must be p1..p{}", "hráč na tahu musí být p1..p{0}"),
    ("end_by must be a player", "end_by musí být hráč"),
    ("the bag is empty, so the end was triggered: end_by must name who drew the last token",
     "sáček je prázdný, takže se spustil konec hry: end_by musí říct, kdo vytáhl poslední žeton"),
    ("the end is triggered only when the bag is empty (or nobody can build any more: BG9)",
     "konec hry se spouští, jen když je sáček prázdný (nebo už nikdo nemůže stavět: BG9)"),
    ("final_left counts the final round's turns (0-{}) after the end is triggered",
     "final_left počítá tahy posledního kola (0–{0}) po spuštění konce hry"),
    ("a finished game has no steps left", "skončená hra už nemá žádné kroky"),
    ("the position waits for nothing: add the pending step (e.g. the active player's Turn)",
     "pozice na nic nečeká: přidej čekající krok (třeba Turn hráče na tahu)"),
    ("the position needs one entry per board spot ({})", "pozice potřebuje jeden záznam na každé místo plánu ({0})"),
    ("the position needs one attack track (a tuple of tokens) per district ({})",
     "pozice potřebuje jednu stupnici útoku (n-tici žetonů) na každou čtvrť ({0})"),
    ("the hidden token is a parcel number or None", "skrytý žeton je číslo parcely nebo None"),
    ("strength and active must be whole numbers", "strength a active musí být celá čísla"),
    ("attacks must be Attack values (district, strength, defence, defended, final, contributions and rewards per "
     "player, damaged parcels)",
     "útoky musí být hodnoty Attack (čtvrť, síla, obrana, ubráněno, závěrečný, příspěvky a odměny hráčů, "
     "poškozené parcely)"),
    ("tasks must be a tuple of steps", "tasks musí být n-tice kroků"),
    ("the attack track of {} holds {} tokens; the 4th starts the attack",
     "na stupnici útoku čtvrti {0} leží žetonů: {1}; čtvrtý spouští útok"),
    ("the hidden token's district {} has {} tokens on its track; it can never get a 4th",
     "čtvrť skrytého žetonu {0} má na stupnici žetonů: {1}; čtvrtý nikdy dostat nemůže"),
    ("{} parcels must be listed once each, in order", "parcely ({0}) musí být uvedeny každá jednou, popořadě"),
    ("{}: a piece is (kind, owner, damaged, card)", "{0}: prvek je (kind, owner, damaged, card)"),
    ("{}: owner p{} is not in the game", "{0}: majitel p{1} ve hře není"),
    ("parcel {}'s token was drawn but the parcel is neither available, banned nor built",
     "žeton parcely {0} byl vytažen, ale parcela není dostupná, se zákazem ani zastavěná"),
    ("{} is not a building card of this game's content", "{0} není karta budovy obsahu této hry"),
    ("{} is not an agenda card of this game's content", "{0} není karta plánu obsahu této hry"),
    ("{} is not a gate card", "{0} není karta brány"),
    ("{} is not an HQ card", "{0} není karta sídla"),
    ("{} has no HQ card", "{0} nemá kartu sídla"),
    ("{}: influence is one whole number 0 or more per faction", "{0}: vliv je jedno celé číslo 0 nebo víc za frakci"),
    ("{}'s worker stands on an unknown location {}", "pracovník hráče {0} stojí na neznámé lokaci {1}"),
    ("{}: each prestige reason is (rule, points, kind, ref, extra)",
     "{0}: každý důvod prestiže je (rule, points, kind, ref, extra)"),
    ("{} uses {} cubes; a house has {}", "{0} používá kostek: {1}; rod jich má {2}"),
    ("the attack-strength marker is on space {} after {} attacks; it moves one space per attack",
     "ukazatel síly útoku stojí na poli {0} po útocích: {1}; posouvá se o jedno pole za útok"),
    ("attack {} ({}) had strength {}; the track says {}", "útok {0} ({1}) měl sílu {2}; stupnice říká {3}"),
    ("{} is damaged, but {} was never attacked successfully", "{0} je poškozené, ale čtvrť {1} nikdy nepadla"),
    ("the first pending step {} is automatic: a position waits for a decision or a draw",
     "první čekající krok {0} je automatický: pozice čeká na rozhodnutí nebo na los"),
    ("{}: influence is one whole number per faction", "{0}: vliv je jedno celé číslo za frakci"),
    ("{}: gains must be Gain(rule, points, kind, ref, extra) values",
     "{0}: zisky musí být hodnoty Gain(rule, points, kind, ref, extra)"),
    ("{} must be a tuple of parcel numbers", "{0} musí být n-tice čísel parcel"),
    ("{} must be true or false", "{0} musí být true nebo false"),
    ("{} must be a whole number or None", "{0} musí být celé číslo nebo None"),
    ("{} must be a tuple of texts", "{0} musí být n-tice textů"),
    ("token {} lies on the track of {}, but parcel {} is in {}",
     "žeton {0} leží na stupnici čtvrti {1}, ale parcela {2} je ve čtvrti {3}"),
    ("{} parcel {} does not exist", "parcela {1} ({0}) neexistuje"),
    ("parcel {} holds a {}; parcels take buildings", "na parcele {0} stojí {1}; na parcely patří budovy"),
    ("parcel {} holds a building but is marked available or banned",
     "na parcele {0} stojí budova, ale je označená jako dostupná nebo se zákazem"),
    ("parcel {} holds a building but its token was never drawn",
     "na parcele {0} stojí budova, ale její žeton nebyl nikdy vytažen"),
    ("building card {} is in {} places at once", "karta budovy {0} je naráz na více místech: {1}"),
    ("p{}'s {} is in the portfolio but on no parcel", "karta {1} hráče p{0} je v portfoliu, ale na žádné parcele"),
    ("agenda card {} is in {} places at once", "karta plánu {0} je naráz na více místech: {1}"),
    ("gate card {} is in {} places at once", "karta brány {0} je naráz na více místech: {1}"),
    ("p{}'s gate card {} has no gate on the board", "karta brány {1} hráče p{0} nemá na plánu bránu"),
    ("HQ card {} is in {} places at once", "karta sídla {0} je naráz na více místech: {1}"),
    ("{}'s HQ tile is missing from {}", "destička sídla hráče {0} chybí na místě {1}"),
    ("{}: {} must be a whole number 0 or more, not {}", "{0}: {1} musí být celé číslo 0 nebo víc, ne {2}"),
    ("{}: used card {} is not in the portfolio", "{0}: použitá karta {1} není v portfoliu"),
    ("{}'s portfolio holds {}, neither a building nor a gate card",
     "portfolio hráče {0} obsahuje {1}, což není karta budovy ani brány"),
    ("{}: prestige {} is not the sum of its reasons ({})", "{0}: prestiž {1} není součtem svých důvodů ({2})"),
    ("{}: {} must be a whole number", "{0}: {1} musí být celé číslo"),
    ("{}: {} must be a tuple of card ids", "{0}: {1} musí být n-tice id karet"),
    ("{}: {} must be a text", "{0}: {1} musí být text"),
    ("{}: a piece is Piece(kind, owner, damaged, card) or None", "{0}: prvek je Piece(kind, owner, damaged, card) "
                                                                 "nebo None"),
    ("parcel {} is {} but its token is not on a track", "parcela {0} je {1}, ale její žeton neleží na stupnici"),
    ("parcel {}: the {} must come from a {} card, not {}", "parcela {0}: {1} musí pocházet z karty typu {2}, ne {3}"),
    ("{} holds a {}; HQ spots take HQ tiles", "na místě {0} stojí {1}; na místo HQ patří destička sídla"),
    ("{}: HQs are never damaged", "{0}: sídla se nikdy nepoškozují"),
    ("{} holds a {}; fortification spots take towers, keeps and gates",
     "na místě {0} stojí {1}; na místa pro opevnění patří věže, pevnosti a brány"),
    ("{}: fortifications are never damaged", "{0}: opevnění se nikdy nepoškozují"),
    ("{}: a gate needs its gate card in p{}'s portfolio", "{0}: brána potřebuje svou kartu brány v portfoliu hráče "
                                                         "p{1}"),
    ("parcel {}: {} is not in p{}'s portfolio", "parcela {0}: karta {1} není v portfoliu hráče p{2}"),
    ("{}: p{}'s HQ card does not name {}", "{0}: karta sídla hráče p{1} neuvádí čtvrť {2}"),
    # the shape reader (rules.from_data, _Reader) and the position text (rules.state_from_text)
    ("{}: {} is not a player (p1..p{})", "{0}: {1} není hráč (p1..p{2})"),
    ("an empty position text", "prázdný text pozice"),
    ("a position is a set of 'key value' lines", "pozice je sada řádků 'klíč hodnota'"),
    ("not a Baldur's Gate position (format {}, expected {})",
     "tohle není pozice Baldur's Gate (formát {0}, očekáván {1})"),
    ("the position is for {} players, the game has {}", "pozice je pro {0} hráče, hra jich má {1}"),
    ("the position's advanced setting differs from the game's", "pokročilá příprava pozice se liší od hry"),
    ("{} must be a JSON object", "{0} musí být objekt JSON"),
    ("{} must be a list", "{0} musí být seznam"),
    ("{} must be a whole number, not {}", "{0} musí být celé číslo, ne {1}"),
    ("{} must be true or false, not {}", "{0} musí být true nebo false, ne {1}"),
    ("{} must be a text, not {}", "{0} musí být text, ne {1}"),
    ("tasks: unknown step {}", "tasks: neznámý krok {0}"),
    ("pieces: unknown node {}", "pieces: neznámé místo {0}"),
    ("pieces: {} must be [kind, owner, damaged, card]", "pieces: {0} musí být [kind, owner, damaged, card]"),
    ("attacks: each is [district, strength, defence, defended, final, contributions, rewards, damaged]",
     "attacks: každý je [district, strength, defence, defended, final, contributions, rewards, damaged]"),
    ("tasks: {} needs {}", "tasks: {0} potřebuje {1}"),
    ("tasks: {} src is [rule, kind, ref, district, extra]", "tasks: src kroku {0} je [rule, kind, ref, district, "
                                                            "extra]"),
    ("line {} ({}): the value is not JSON: {}", "řádek {0} ({1}): hodnota není JSON: {2}"),
    ("p{} gains: each is [rule, points, kind, ref, extra]", "zisky p{0}: každý je [rule, points, kind, ref, extra]"),
    ("nested too deeply or a number too long", "příliš hluboké vnoření nebo příliš dlouhé číslo"),
    # what Python's JSON reader says (the reason inside "line 3 (...): the value is not JSON: ...")
    ("Expecting value", "chybí hodnota"),
    ("Expecting property name enclosed in double quotes", "chybí název klíče v uvozovkách"),
    ("Expecting ',' delimiter", "chybí čárka"),
    ("Expecting ':' delimiter", "chybí dvojtečka"),
    ("Extra data", "za hodnotou je ještě něco navíc"),
    ("Unterminated string starting at", "neukončený text"),
    ("Invalid control character at", "neplatný řídicí znak"),
    # the game's options (rules.BaldursGateGame.__init__)
    ("advanced is true or false, not {}", "advanced je true nebo false, ne {0}"),
    ("Builders of Baldur's Gate takes {} to {} players, not {}", "Builders of Baldur's Gate je pro {0} až {1} hráče, "
                                                                "ne {2}"),
    ("unknown language {}; choose one of {}", "neznámý jazyk {0}; vyber jeden z: {1}"),
)


@lru_cache(maxsize=None)
def _compiled() -> tuple:
    out = []
    for en, cs in PAIRS:
        parts = [re.escape(p) for p in en.split("{}")]
        out.append((re.compile("(.+?)".join(parts) + r"\Z", re.S), cs, len(en) - 2 * en.count("{}")))
    # the most literal words first: "p1: gold must be a whole number 0 or more, not -1" before "... must be ..."
    return tuple(sorted(out, key=lambda x: -x[2]))


def czech(text: str) -> str:
    """``text`` (a check's English problem) in Czech, its values kept; unchanged if no pair matches."""
    if not isinstance(text, str):
        return text
    for rx, cs, _ in _compiled():
        m = rx.match(text)
        if m:
            return cs.format(*(czech(v) if v in _INNER else _VALUES.get(v, v) for v in m.groups()))
    return text


#: values that are English words (a resource, a piece's kind, a parcel's state), said in Czech
_VALUES = {"gold": "zlato", "supply": "zásoby", "favor": "přízeň", "prestige": "prestiž", "available": "dostupná",
           "banned": "se zákazem", "inn": "hostinec", "hall": "obchodní hala", "market": "tržnice",
           "temple": "chrám", "tower": "strážní věž", "keep": "pevnost", "gate": "brána", "hq": "sídlo"}


#: values that are words of a check themselves (the reason inside "line 3 (pieces): the value is not JSON: ...")
_INNER = {"nested too deeply or a number too long", "Expecting value", "Expecting property name enclosed in double quotes",
          "Expecting ',' delimiter", "Expecting ':' delimiter", "Extra data", "Unterminated string starting at",
          "Invalid control character at"}


def in_language(text: str, language: str) -> str:
    return czech(text) if language == "cs" else text


class BaldursGateInvalidPosition(InvalidPosition):
    """An :class:`InvalidPosition` in the game's language, each problem naming where its rule is written."""

    def __init__(self, problems: Iterable[tuple[Optional[str], str]] | str, rule: Optional[str] = None,
                 move: Optional[str] = None, language: str = "en"):
        self.language = language
        if isinstance(problems, str):
            problems = [(rule, problems)]
        super().__init__([(r, in_language(text, language)) for r, text in problems], rule=rule, move=move)
        self.reason = "; ".join(f"{text}{rule_tail(r, language)}" for r, text in self.problems)
        self.args = (self._format(),)

    def _format(self) -> str:
        L = getattr(self, "language", "en")
        head = "neplatná pozice" if L == "cs" else self.kind
        head = f"{head} {self.move!r}: " if self.move is not None else f"{head}: "
        return f"{head}{self.reason}"

    def __str__(self) -> str:
        return self._format()
