"""Builders of Baldur's Gate analysis: the city graph as the teaching object, in numbers and in words.

Pure Python on top of the engine (no Solara): every function reads the
engine's state, its legal moves, its traces and its bots; nothing here
re-implements a rule. Each result is data (dataclasses, networkx graphs,
exact :class:`~fractions.Fraction` odds) with its explanation in plain words,
English or Czech (the game's ``language``; the words are added to the
engine's catalogue under ``lab.*``).

What a player may not know stays hidden: the odds are computed from what
everybody has seen (the drawn tokens are public); a full state's hidden token
is never read before it is turned over.

Networks (C2, E7)
    :func:`networks`: a player's pieces as a networkx graph, its components,
    the largest network and its cut points (networkx articulation points: the
    pieces whose loss splits the network, with the prestige it would cost);
    :func:`growth`: every free parcel or fortification spot that would grow
    or join a network, with what it would pay (:func:`connection_trace`).
Attacks (A1-A9, C5-C8)
    :func:`hidden_odds`: which district can still be the hidden one, exactly
    (see below); :func:`next_draw`: the chance that the next token drawn
    comes from each district; :func:`attack_outlook`: per district the
    tokens, the defence and who gave it, who is protected, what an attack now
    would damage, the chance the next draw attacks it, and the exact
    distribution of the strength its attack will meet; :func:`attack_lines`:
    the attack log in words.
Scores
    :func:`score_steps`: a trace (prestige so far, or the final scoring if the
    game ended now) as rows for the kit's ``Explain``, each naming its rule
    and the pieces or cards that gave it.
Decisions and bots
    :func:`decisions`: the legal decisions of the pending step in words and
    notation; :func:`best_move`: what a bot would do and why (the line of its
    own follow-up decisions, what changes, the value of every option);
    :func:`determinize` and :func:`playouts`: the expected final prestige by
    bot playouts from what a player knows; :func:`play_bot_game`,
    :func:`bot_stats`, :func:`plot_bot_scores`: score distributions by bot
    level.
Positions and files
    :func:`example_session`: a seeded bot game to start from;
    :func:`edit_position`: hand-made positions edited one clean field at a
    time (validated, every problem listed); :func:`check_files`: a teacher's
    content or city file checked, every problem listed.

The hidden token, exactly (C5, BG7)
-----------------------------------
The hidden token is one uniform draw from the bag right after the eight
opening parcels. Every later draw is public. A *build* draw takes any token
of the bag, so its chance does not depend on which token hides: it tells
nothing. A *ban* draw (2 and 3 players, P23) takes only tokens of districts
with fewer than 3 tokens on their track, and the hidden token is not in the
bag: if ``E`` tokens not yet seen lie in such districts, the ban draw had
chance ``1/(E-1)`` when the hidden token lies among them and ``1/E`` when it
does not. By Bayes, each token not seen yet is the hidden one with a weight
equal to the product of those chances over the ban draws, and a district's
chance is the sum over its unseen tokens. With four players (no bans), every
unseen token is equally likely.

When the order of the draws is known (:func:`draw_record` of a session that
began at the start), the product is taken along it. A position alone does
not tell the order: the odds then sum over every order of the opening, ban
and build draws that leads to the tracks, the banned parcels and the order
of the attacks the position shows, each weighted by its chance (a lattice
walk over the districts' token counts). Both are checked against brute-force
enumeration of the engine's chance draws in ``tests/baldurs_gate/test_analysis.py``.

The strength a district will meet follows from the same reasoning: the bag
is drawn in a uniformly random order, so the districts complete in the order
of the last of their remaining tokens; with independent uniform times
``x`` for the tokens, another district with ``r`` tokens left completes
before time ``x`` with chance ``x**r``, and the number of attacks before a
district's own is an exact polynomial integral.

>>> from balada_widgets.baldurs_gate import BaldursGateGame
>>> g = BaldursGateGame(players=2)
>>> s = example_session(g, seed=3, moves=40)
>>> odds = hidden_odds(g, g.view(s.state, 0), draw_record(s))
>>> sum(odds.probs.values()) == 1, odds.method
(True, 'record')
>>> net = networks(g, s.state, 0)
>>> net.points == 2 * len(net.largest)
True
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, NamedTuple, Optional, Sequence

import networkx as nx

from ..core import bot_stats as bot_games
from ..core.bots import check_level
from ..core.errors import GameError, InvalidInput, InvalidPosition
from ..core.trace import Trace
from . import scoring
from .bots import BOT_LEVELS, make_bot, turns_left, value
from .effects import effect_text
from .engine import ATTACK_AT, BAN_DRAWS, OPEN_PARCELS, SETUP_LIMIT
from . import i18n
from .i18n import CATALOG, add_messages, check_language, join_list, qty
from .state import (
    HIDDEN, MASK, BaldursGateState, DrawToken, EndTurn, Income, KeepAgenda, Piece, Token, Turn,
)

__all__ = [
    "Advice", "BotStats", "CutPoint", "Draw", "DistrictOutlook", "GameResult", "Growth", "HiddenOdds", "Network",
    "PlayoutResult",
    "at_turn_start", "attack_lines", "attack_outlook", "best_income", "best_move", "bot_stats", "check_files",
    "connection_gains", "connection_trace", "decisions", "determinize", "draw_record", "edit_position", "example_session",
    "growth", "hidden_odds", "hidden_weights", "house_gains", "networks", "next_draw", "play_bot_game", "playouts",
    "plot_bot_scores", "score_steps", "strength_distribution", "turn_over", "words",
]

BUILDINGS = ("inn", "hall", "market", "temple")
FORTS = ("tower", "keep", "gate")
RESOURCES = ("gold", "supply", "favor", "influence", "prestige")


# ====================================================================== words (English and Czech)

_WORDS = {
    # hidden token
    "lab.hidden.none": ("The hidden token is not drawn yet.", "Skrytý žeton ještě není vylosovaný."),
    "lab.hidden.revealed": ("The hidden token was turned over: it is token {n}, in {district}.",
                            "Skrytý žeton byl otočen: je to žeton {n}, čtvrť {district}."),
    "lab.hidden.head_record": ("Which district can still be the hidden one ({unseen} tokens nobody has seen; the "
                               "order of the {bans} ban draws counted):",
                               "Která čtvrť může být ještě skrytá ({unseen} žetonů nikdo neviděl; započteno pořadí "
                               "{bans} tahů zakázaných parcel):"),
    "lab.hidden.head_position": ("Which district can still be the hidden one ({unseen} tokens nobody has seen; every "
                                 "order of the draws that leads to this position counted):",
                                 "Která čtvrť může být ještě skrytá ({unseen} žetonů nikdo neviděl; započteno každé "
                                 "pořadí tahů, které vede k této pozici):"),
    "lab.hidden.head_uniform": ("Which district can still be the hidden one ({unseen} tokens nobody has seen, each "
                                "equally likely: no ban draw tells anything):",
                                "Která čtvrť může být ještě skrytá ({unseen} žetonů nikdo neviděl, každý stejně "
                                "pravděpodobný: žádný tah zakázané parcely nic neprozrazuje):"),
    "lab.hidden.head_fallback": ("Which district can still be the hidden one ({unseen} unseen tokens; the tracks of "
                                 "this hand-made position fit no order of draws, so each unseen token counts the "
                                 "same):",
                                 "Která čtvrť může být ještě skrytá ({unseen} neviděných žetonů; stopy této ručně "
                                 "sestavené pozice neodpovídají žádnému pořadí tahů, každý neviděný žeton tedy "
                                 "váží stejně):"),
    "lab.hidden.line": ("{district}: {unseen} unseen, {pct}", "{district}: neviděno {unseen}, {pct}"),
    "lab.hidden.cannot": ("cannot be hidden: {names}", "skrytá být nemůže: {names}"),
    "lab.hidden.why_bans": ("A ban draw takes only tokens of districts with fewer than 3 on their track, and never the "
                            "hidden one: a district that stayed open to ban draws made each of them a little more "
                            "likely, so its tokens weigh more (rule C5).",
                            "Tah zakázané parcely bere jen žetony čtvrtí s méně než 3 žetony na stopě a nikdy ne "
                            "skrytý: čtvrť, která zůstala otevřená tahům zakázaných parcel, každý z nich o něco "
                            "zpravděpodobnila, proto její žetony váží víc (pravidlo C5)."),
    # next draw and outlook
    "lab.risk.head": ("Attack risk by district (strength now {strength}; {bag} tokens in the bag):",
                      "Riziko útoku podle čtvrtí (síla teď {strength}; v sáčku {bag} žetonů):"),
    "lab.risk.attacked": ("{district}: attacked at strength {strength} against defence {defence}: {result}.",
                          "{district}: napadena silou {strength} proti obraně {defence}: {result}."),
    "lab.risk.held": ("held", "ubráněno"),
    "lab.risk.fell": ("fell", "padla"),
    "lab.risk.line": ("{district}: {tokens}/4 tokens, defence {defence}{who}; next draw attacks it {next}; hidden "
                      "{hidden}; its attack will meet {strengths}; today's defence holds {holds}.",
                      "{district}: žetonů {tokens}/4, obrana {defence}{who}; další tah ji napadne {next}; skrytá "
                      "{hidden}; její útok bude mít sílu {strengths}; dnešní obrana vydrží {holds}."),
    "lab.risk.who": (" ({who})", " ({who})"),
    "lab.risk.exposed": ("an attack now would damage {what}", "útok teď by poškodil {what}"),
    "lab.risk.protected": ("protected: {who}", "chránění: {who}"),
    "lab.risk.strength_item": ("{strength} ({pct})", "{strength} ({pct})"),
    "lab.risk.final_item": ("5 at the end ({pct})", "5 na konci ({pct})"),
    "lab.risk.contrib": ("{player} {points}", "{player} {points}"),
    # networks
    "lab.net.none": ("{player} has no piece on the board.", "{player} nemá na plánu žádný prvek."),
    "lab.net.head": ("{player}: {count}, the largest of {size} ({points} at the end, rule E7).",
                     "{player}: {count}, největší má {size} ({points} na konci, pravidlo E7)."),
    "lab.net.unit": ("network|networks", "síť|sítě|sítí"),
    "lab.net.cut": ("Cut point {node}: if it were lost, the largest network would drop to {left} ({lost}).",
                    "Kritický bod {node}: kdyby zmizel, největší síť by klesla na {left} ({lost})."),
    "lab.net.cut_damage": ("Cut point {node}: a building, so an attack that breaks {district} would damage it and "
                           "split the network, leaving {left} ({lost}){exposed}.",
                           "Kritický bod {node}: budova, takže útok, který prolomí čtvrť {district}, by ji poškodil a "
                           "síť rozdělil; zbytek sítě: {left} ({lost}){exposed}."),
    "lab.net.exposed_now": ("; today {district} could not hold the attack", "; dnes by čtvrť {district} útok neustála"),
    "lab.net.no_cut": ("No cut point: losing any single piece keeps the rest joined.",
                       "Žádný kritický bod: ztráta kteréhokoli jednoho prvku nechá zbytek spojený."),
    "lab.net.grow_head": ("Where {player} could grow or join a network:", "Kde může {player} síť rozšířit nebo spojit:"),
    "lab.net.grow": ("{node}: joins {joins}, network {before} -> {after} ({gain}){district}; bonuses: {bonuses}",
                     "{node}: spojuje {joins}, síť {before} -> {after} ({gain}){district}; bonusy: {bonuses}"),
    "lab.net.new_district": ("; a new district (+2, rule E8)", "; nová čtvrť (+2, pravidlo E8)"),
    "lab.net.spot": ("needs a fortification", "potřebuje opevnění"),
    "lab.net.no_grow": ("No free parcel or spot touches a network of {player}.",
                        "Žádná volná parcela ani místo se nedotýká sítě: {player}."),
    # connection bonuses
    "lab.bonus.pays": ("{piece} ({owner} piece): {effect}", "{piece} (prvek {owner}): {effect}"),
    "lab.bonus.none": ("no bonus: nothing joined", "žádný bonus: nic nepřipojeno"),
    # scores
    "lab.score.final_preview": ("if the game ended now: ", "kdyby hra skončila teď: "),
    # decisions and advice
    "lab.best.head": ("{bot}, for player {n}: {move}", "{bot} za hráče {n}: {move}"),
    "lab.best.line": ("then: {moves}", "potom: {moves}"),
    "lab.best.value": ("estimated final prestige {before} -> {after} (the bot's value, rule-based estimate)",
                       "odhad konečné prestiže {before} -> {after} (hodnota bota, odhad podle pravidel)"),
    "lab.best.change": ("what changes: {changes}", "co se změní: {changes}"),
    "lab.best.nothing": ("nothing visible yet (the choice leads to a later step)",
                         "zatím nic viditelného (volba vede k dalšímu kroku)"),
    "lab.best.options": ("every option by the bot's value:", "všechny možnosti podle hodnoty bota:"),
    "lab.best.option": ("{value}: {move}", "{value}: {move}"),
    "lab.best.no_decision": ("Nobody decides now: {what}", "Teď nikdo nerozhoduje: {what}"),
    "lab.change.prestige": ("prestige {a} -> {b}", "prestiž {a} -> {b}"),
    "lab.change.network": ("largest network {a} -> {b} pieces", "největší síť {a} -> {b} prvků"),
    "lab.change.districts": ("districts {a} -> {b}", "čtvrtě {a} -> {b}"),
    "lab.change.gold": ("gold {a} -> {b}", "zlato {a} -> {b}"),
    "lab.change.supply": ("supplies {a} -> {b}", "zásoby {a} -> {b}"),
    "lab.change.favor": ("favor {a} -> {b}", "přízeň {a} -> {b}"),
    "lab.change.cards": ("cards in hand {a} -> {b}", "karty v ruce {a} -> {b}"),
    "lab.change.influence": ("{faction} track {a} -> {b}", "stupnice {faction} {a} -> {b}"),
    "lab.change.defence": ("own defence in {district} {a} -> {b}", "vlastní obrana ve čtvrti {district} {a} -> {b}"),
    "lab.bot.random": ("The random bot", "Náhodný bot"),
    "lab.bot.greedy": ("The greedy bot", "Chamtivý bot"),
    "lab.bot.strong": ("The strong bot", "Silný bot"),
    "lab.level.random": ("random", "náhodný"),
    "lab.level.greedy": ("greedy", "chamtivý"),
    "lab.level.strong": ("strong", "silný"),
    # playouts and bot statistics
    "lab.play.head": ("Expected final prestige from {n} ({level} bots for every seat, from what {viewer} "
                      "knows; {capped} stopped at the move limit):",
                      "Očekávaná konečná prestiž z {n} (na všech místech hraje {level} bot, z toho, co ví "
                      "{viewer}; {capped} zastaveno na limitu tahů):"),
    "unit.lab_playout": ("playout|playouts", "dohrání|dohrání|dohrání"),
    "unit.lab_game": ("game|games", "hra|hry|her"),
    "lab.play.spectator": ("a spectator", "divák"),
    "lab.play.line": ("{player}: {mean} on average (from {low} to {high}), wins {wins}",
                      "{player}: průměrně {mean} (od {low} do {high}), výhry {wins}"),
    "lab.stats.head": ("{games} of {players} players, seats rotated ({capped} stopped at the move limit, left "
                       "out), {seconds} s per game:",
                       "{games} pro {players} hráče, místa se střídají ({capped} zastaveno na limitu tahů, "
                       "vynecháno), {seconds} s na hru:"),
    "lab.stats.line": ("{level}: mean {mean}, median {median}, from {low} to {high}, win rate {wins}",
                       "{level}: průměr {mean}, medián {median}, od {low} do {high}, podíl výher {wins}"),
    "lab.stats.axis_x": ("final prestige", "konečná prestiž"),
    "lab.stats.axis_y": ("games", "hry"),
    "lab.stats.title": ("Final prestige by bot level", "Konečná prestiž podle úrovně bota"),
    # edits and files
    "lab.edit.turn_only": ("edit the position at the start of a turn (the pending action has steps left: {what})",
                           "pozici uprav na začátku tahu (rozehraná akce má další kroky: {what})"),
    "lab.edit.no_card": ("no {type} card left in the building deck", "v balíčku budov už není karta typu {type}"),
    "lab.edit.not_parcel": ("{node} is not a parcel", "{node} není parcela"),
    "lab.edit.not_spot": ("{node} is not a fortification spot", "{node} není místo pro opevnění"),
    "lab.edit.not_available": ("parcel {n} is not available (its token must be drawn and the parcel free)",
                               "parcela {n} není dostupná (její žeton musí být vylosovaný a parcela volná)"),
    "lab.edit.taken": ("{node} is taken", "{node} je obsazené"),
    "lab.edit.empty": ("nothing stands on {node}", "na {node} nic nestojí"),
    "lab.edit.keep_piece": ("an HQ stays where its card says (rule S3)", "sídlo zůstává, kde říká jeho karta (pravidlo S3)"),
    "lab.edit.unknown": ("unknown field {name!r}", "neznámé pole {name!r}"),
    "lab.files.ok": ("No problem found: {what}.", "Žádný problém: {what}."),
    "lab.attack.held": ("{district}: strength {strength} against defence {defence}, held; prestige {rewards}",
                        "{district}: síla {strength} proti obraně {defence}, ubráněno; prestiž {rewards}"),
    "lab.attack.fell": ("{district}: strength {strength} against defence {defence}, fell; damaged parcels {parcels}",
                        "{district}: síla {strength} proti obraně {defence}, padla; poškozené parcely {parcels}"),
    "lab.attack.final": ("Final attack.", "Závěrečný útok."),
    "lab.attack.none": ("No attack yet.", "Zatím žádný útok."),
    # the lab page (lab.py)
    "lab.ui.title": ("Builders of Baldur's Gate: lab", "Builders of Baldur's Gate: laboratoř"),
    "lab.ui.tab_setup": ("Set up", "Sestavení"),
    "lab.ui.tab_play": ("Play and branch", "Hra a větve"),
    "lab.ui.tab_city": ("City analysis", "Rozbor města"),
    "lab.ui.tab_bots": ("Bots", "Boti"),
    "lab.ui.language": ("Language", "Jazyk"),
    "lab.ui.players": ("Players", "Hráči"),
    "lab.ui.seed": ("Example game (seed)", "Ukázková hra (semínko)"),
    "lab.ui.new_example": ("New example", "Nová ukázka"),
    "lab.ui.as_seen_by": ("as seen by", "očima"),
    "lab.ui.player": ("player {n}", "hráč {n}"),
    "lab.ui.whose": ("whose", "čí"),
    "lab.ui.tool": ("click the city to", "klik do města:"),
    "lab.ui.tool_build": ("build {type}", "postav: {type}"),
    "lab.ui.tool_fort": ("place {fort}", "umísti: {fort}"),
    "lab.ui.tool_remove": ("remove", "odeber"),
    "lab.ui.gold": ("gold", "zlato"),
    "lab.ui.supply": ("supplies", "zásoby"),
    "lab.ui.favor": ("favor", "přízeň"),
    "lab.ui.worker": ("worker", "pracovník"),
    "lab.ui.home": ("at home", "doma"),
    "lab.ui.hand": ("hand (building cards)", "ruka (karty budov)"),
    "lab.ui.agendas": ("agendas", "plány"),
    "lab.ui.turn": ("whose turn", "kdo je na tahu"),
    "lab.ui.apply": ("Apply", "Použít"),
    "lab.ui.position": ("Position text: share it, or paste one", "Text pozice: sdílej ho, nebo vlož jiný"),
    "lab.ui.position_label": ("position", "pozice"),
    "lab.ui.paste": ("paste a position here", "sem vlož pozici"),
    "lab.ui.load": ("Load", "Nahrát"),
    "lab.ui.edit_note": ("Edits are not moves: no bonus is paid, no token drawn. Play them out in the next tab.",
                         "Úpravy nejsou tahy: nevyplácí se bonus, nelosuje se žeton. Dohraj je na další kartě."),
    "lab.ui.decide": ("Now: {text}", "Teď: {text}"),
    "lab.ui.over": ("The game is over: {text}", "Hra skončila: {text}"),
    "lab.ui.bot_move": ("Strong bot's move", "Tah silného bota"),
    "lab.ui.save": ("Save file (every move and branch; it holds every hidden card)",
                    "Uložená hra (všechny tahy a větve; obsahuje všechny skryté karty)"),
    "lab.ui.best": ("Best move?", "Nejlepší tah?"),
    "lab.ui.edit_here": ("Set up from here", "Upravit odsud"),
    "lab.ui.play_it": ("Play it: {move}", "Zahraj: {move}"),
    "lab.ui.playouts": ("Expected score ({n} playouts)", "Očekávané skóre ({n} dohrání)"),
    "lab.ui.show": ("draw on the city", "ukaž ve městě"),
    "lab.ui.show_network": ("network, cut points, growth", "síť, kritické body, růst"),
    "lab.ui.show_risk": ("attack risk", "riziko útoku"),
    "lab.ui.legend": ("Blue rings: the largest network; red rings: its cut points; pulsing: parcels and spots that "
                      "grow or join it; orange frames: districts whose next draw may attack or whose defence is "
                      "short.",
                      "Modré kroužky: největší síť; červené: její kritické body; pulzující: parcely a místa, která ji "
                      "rozšíří nebo spojí; oranžové rámečky: čtvrti, které může napadnout další tah nebo jejichž "
                      "obrana nestačí."),
    "lab.ui.networks": ("Networks and cut points", "Sítě a kritické body"),
    "lab.ui.risk": ("Attack risk and the hidden district", "Riziko útoku a skrytá čtvrť"),
    "lab.ui.attacks": ("Attacks so far", "Dosavadní útoky"),
    "lab.ui.score": ("Prestige, step by step", "Prestiž krok za krokem"),
    "lab.ui.score_so_far": ("so far", "zatím"),
    "lab.ui.score_preview": ("final scoring if the game ended now", "závěrečné bodování, kdyby hra skončila teď"),
    "lab.ui.decisions": ("Legal decisions", "Povolená rozhodnutí"),
    "lab.ui.stats_games": ("games", "her"),
    "lab.ui.stats_run": ("Play them", "Odehrát"),
    "lab.ui.stats_note": ("Seeded games of random, greedy and strong bots, seats rotated.",
                          "Hry náhodného, chamtivého a silného bota se semínkem, místa se střídají."),
    "lab.ui.level": ("bot level", "úroveň bota"),
    "lab.ui.table_district": ("district", "čtvrť"),
    "lab.ui.table_tokens": ("tokens", "žetony"),
    "lab.ui.table_defence": ("defence", "obrana"),
    "lab.ui.table_next": ("next draw attacks", "další tah útočí"),
    "lab.ui.table_hidden": ("hidden", "skrytá"),
    "lab.ui.table_strength": ("expected strength", "očekávaná síla"),
    "lab.ui.table_holds": ("today's defence holds", "dnešní obrana vydrží"),
    "lab.ui.table_exposed": ("would be damaged now", "teď by se poškodilo"),
    "lab.ui.done": ("done", "hotovo"),
}


def _register_words() -> None:
    add_messages({"en": {k: v[0] for k, v in _WORDS.items()}, "cs": {k: v[1] for k, v in _WORDS.items()}})


_register_words()


def words(language: str = "en") -> dict:
    """The lab's words in ``language`` (``{key: text}``, keys without the ``lab.`` prefix)."""
    check_language(language)
    return {k[4:]: CATALOG[language][k] for k in _WORDS}


def _L(game, language: Optional[str]) -> str:
    return language or getattr(game, "language", "en")


def pct(x, language: str = "en") -> str:
    """A chance as a percentage: ``Fraction(1, 3)`` -> ``'33.3%'`` (Czech ``'33,3 %'``); 0 and 1 exactly as ``0%``
    and ``100%``.

    >>> pct(Fraction(1, 3)), pct(Fraction(1, 3), "cs"), pct(0), pct(Fraction(1, 5000))
    ('33.3%', '33,3\xa0%', '0%', '<0.1%')
    """
    x = float(x)
    if x <= 0:
        out = "0%"
    elif x >= 1:
        out = "100%"
    elif x < 0.001:
        out = "<0.1%"
    else:
        out = f"{100 * x:.1f}%"
    return out.replace(".", ",").replace("%", "\xa0%") if language == "cs" else out


def _num(x: float, language: str = "en") -> str:
    out = f"{x:.1f}".rstrip("0").rstrip(".") if isinstance(x, float) else str(x)
    return out.replace(".", ",") if language == "cs" else out


def decimal(x: float, language: str = "en") -> str:
    """A number with one decimal, a decimal comma in Czech: ``decimal(2.25, "cs") == '2,2'``."""
    out = f"{x:.1f}"
    return out.replace(".", ",") if language == "cs" else out


def _player(game, state, player) -> int:
    if player is None:
        waiting = game.to_move(state)
        return waiting[0] if waiting else state.active
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < game.players:
        raise InvalidInput(f"player must be 0..{game.players - 1} (0 is player 1), not {player!r}")
    return player


def _check(game, state) -> BaldursGateState:
    from .rules import BaldursGateGame

    if not isinstance(game, BaldursGateGame):
        raise InvalidInput(f"not a Builders of Baldur's Gate game: {type(game).__name__}")
    if not isinstance(state, BaldursGateState):
        raise InvalidInput(f"not a Builders of Baldur's Gate position: {type(state).__name__}")
    if len(state.players) != game.players:
        raise InvalidInput(f"the position has {len(state.players)} players, the game {game.players}")
    return state


# ====================================================================== the hidden token


class Draw(NamedTuple):
    """One public token draw: ``purpose`` ``open`` (S7), ``ban`` (P23) or ``build`` (BLD7), and the token."""

    purpose: str
    number: int


def draw_record(session, before: Optional[Sequence[Draw]] = None) -> Optional[tuple]:
    """The public token draws of a session's current line, in order (the hidden token is not one of them).

    ``before``: the draws that led to the session's starting position, when it began at a position whose draws
    are known (the lab edits a position without touching its tokens); without them, ``None`` for a session that
    began at a hand-made position (the draws before it are unknown).
    """
    if getattr(session, "custom_start", False) and before is None:
        return None
    out = list(before or ())
    for node in session.current.path():
        if isinstance(node.move, Token):
            task = node.parent.state.tasks[0] if node.parent.state.tasks else None
            out.append(Draw(task.purpose if isinstance(task, DrawToken) else "build", node.move.number))
    return tuple(out)


def _walks(lo: tuple, hi: tuple, steps: int, weight: Callable[[tuple, int], Fraction]) -> dict:
    """Walks of ``steps`` steps from ``lo`` inside the box ``lo <= c <= hi`` (each step +1 on one coordinate):
    ``{end: sum over the walks to it of the product of weight(c, k) over its steps}``."""
    layer = {lo: Fraction(1)}
    for _ in range(steps):
        nxt: dict = defaultdict(Fraction)
        for c, v in layer.items():
            for k, (x, h) in enumerate(zip(c, hi)):
                if x < h:
                    w = weight(c, k)
                    if w:
                        nxt[c[:k] + (x + 1,) + c[k + 1:]] += v * w
        layer = nxt
        if not layer:
            break
    return layer


def _eligible_total(c: tuple, totals: tuple, limit: int) -> int:
    return sum(tot - x for x, tot in zip(c, totals) if x < limit)


def hidden_weights(totals: Sequence[int], tracks: Sequence[Sequence[int]], banned: Iterable[int],
                   district_of: Callable[[int], int], *, openings: int = OPEN_PARCELS, limit: int = SETUP_LIMIT,
                   attack_order: Sequence[int] = (), record: Optional[Sequence[Draw]] = None) -> tuple:
    """The weight of an unseen token of each district being the hidden one (C5), and the method used.

    The engine-free core of :func:`hidden_odds`: ``totals[k]`` tokens exist in district ``k``, ``tracks[k]`` were
    drawn onto its track in this order, ``banned`` are the ban draws' tokens, ``district_of(token)`` its district
    index, ``openings`` the opening draws before the hidden token, ``limit`` the C5 limit of setup and ban draws,
    ``attack_order`` the districts in the order they were attacked (mid-game), ``record`` the public draws in order
    when known. Returns ``(weights, method)``: per district a weight per unseen token (``Fraction``; proportional
    to the chance), and ``"record"``, ``"position"``, ``"uniform"`` (no ban draw: every unseen token alike) or
    ``"fallback"`` (the position fits no order of draws; every unseen token alike).

    >>> hidden_weights((4, 4), ((1, 2), ()), (), lambda n: (n - 1) // 4, openings=2)
    ((Fraction(1, 1), Fraction(1, 1)), 'uniform')
    >>> w, how = hidden_weights((4, 4), ((1, 2, 3), (5,)), (3, 5), lambda n: (n - 1) // 4, openings=2,
    ...                         record=[Draw("open", 1), Draw("open", 2), Draw("ban", 3), Draw("ban", 5)])
    >>> how, w[1] / w[0]   # district 0 was closed to the second ban draw: its last token weighs less
    ('record', Fraction(4, 3))
    """
    K = len(totals)
    totals = tuple(totals)
    banned = set(banned)
    one = (Fraction(1),) * K
    if not banned and record is None:
        return one, "uniform"
    if record is not None:
        c = [0] * K
        w = [Fraction(1)] * K
        bans = 0
        for draw in record:
            k = district_of(draw.number)
            if draw.purpose == "ban":
                bans += 1
                E = _eligible_total(tuple(c), totals, limit)
                for d in range(K):
                    left = E - (1 if c[d] < limit else 0)
                    w[d] = w[d] / left if left > 0 else Fraction(0)
            c[k] += 1
        if bans == 0:
            return one, "uniform"
        return tuple(w), "record"
    # from the position alone: sum over the splits (opening / ban / build) and the orders of the draws
    bans_of = [[j for j, x in enumerate(tr) if x in banned] for tr in tracks]
    fixed, free = {}, []
    for k, tr in enumerate(tracks):
        js = bans_of[k]
        if js:
            if js != list(range(js[0], js[0] + len(js))):
                return one, "fallback"
            fixed[k] = js[0]
        else:
            free.append(k)
    nb = [len(js) for js in bans_of]
    builds_total = sum(len(tr) for tr in tracks) - openings - sum(nb)
    if openings - sum(fixed.values()) < 0 or builds_total < 0 or any(fixed[k] + nb[k] > limit for k in fixed):
        return one, "fallback"
    # the opening draws: one walk over the box of possible opening counts gives every split's chance
    top = tuple(fixed[k] if k in fixed else min(limit, len(tracks[k])) for k in range(K))
    opened = _walks((0,) * K, top, openings, lambda c, k: Fraction(1, _eligible_total(c, totals, limit))
                    if c[k] < limit else Fraction(0))
    # the ban draws move only the districts with bans; the others add a constant to the tokens eligible
    bk = sorted(fixed)
    lo_b = tuple(fixed[k] for k in bk)
    hi_b = tuple(fixed[k] + nb[k] for k in bk)
    steps_b = sum(nb)
    ban_cache: dict = {}

    def bans_for(offset: int, d_slot: Optional[int], d_open: bool) -> Fraction:
        """The ban walks' weight when the hidden token lies in the ban district ``bk[d_slot]`` or (``None``) in a
        district without bans that is open (``d_open``) or closed to ban draws."""
        key = (offset, d_slot, d_open)
        if key not in ban_cache:
            T_b = tuple(totals[k] for k in bk)

            def w(c, j):
                if c[j] >= limit:
                    return Fraction(0)
                e = (c[d_slot] < limit) if d_slot is not None else d_open
                left = _eligible_total(c, T_b, limit) + offset - (1 if e else 0)
                return Fraction(1, left) if left > 0 else Fraction(0)

            ban_cache[key] = _walks(lo_b, hi_b, steps_b, w).get(hi_b, Fraction(0))
        return ban_cache[key]

    order = list(attack_order)
    total = [Fraction(0)] * K
    for o, p_open in opened.items():
        if any(o[k] != fixed[k] for k in fixed):
            continue
        builds = [len(tracks[k]) - o[k] - nb[k] for k in range(K)]
        # the build draws: every order is equally likely; the attacks must come in the order the log shows
        f_build = Fraction(math.factorial(builds_total))
        for b in builds:
            f_build /= math.factorial(b)
        run = 0
        for k in order:
            run += builds[k]
            if builds[k] == 0:
                f_build = Fraction(0)
                break
            f_build *= Fraction(builds[k], run)
        if not f_build:
            continue
        offset = sum(totals[k] - o[k] for k in free if o[k] < limit)
        for d in range(K):
            if d in fixed:
                wd = bans_for(offset, bk.index(d), False)
            else:
                wd = bans_for(offset, None, o[d] < limit)
            total[d] += p_open * f_build * wd
    if not any(total):
        return one, "fallback"
    return tuple(total), "position"


@dataclass(frozen=True)
class HiddenOdds:
    """Which district can still hold the hidden token, from what everybody has seen (see the module docstring).

    ``probs[code]`` is the exact chance (``Fraction``), ``unseen[code]`` the tokens of the district nobody has seen
    (the hidden one among them), ``per_token[code]`` the chance of each of them, ``method`` how it was computed.
    """

    districts: tuple
    probs: dict
    unseen: dict
    per_token: dict
    method: str  # "record", "position", "uniform", "fallback", "revealed", "none"
    bans: int = 0
    hidden: Optional[int] = None  # the token, once revealed

    def possible(self) -> list:
        """The districts that can still be the hidden one, most likely first."""
        return sorted((d for d in self.districts if self.probs[d] > 0), key=lambda d: (-self.probs[d], d))

    def text(self, game, language: Optional[str] = None) -> str:
        L = _L(game, language)
        name = lambda d: game.city.district_name(d, L)  # noqa: E731
        if self.method == "none":
            return i18n.text("lab.hidden.none", L)
        if self.method == "revealed":
            d = game.parcel_district.get(self.hidden, "")
            return i18n.text("lab.hidden.revealed", L, n=self.hidden, district=name(d))
        unseen = sum(self.unseen.values())
        head = {"record": "lab.hidden.head_record", "position": "lab.hidden.head_position",
                "uniform": "lab.hidden.head_uniform", "fallback": "lab.hidden.head_fallback"}[self.method]
        lines = [i18n.text(head, L, unseen=unseen, bans=self.bans)]
        for d in self.possible():
            lines.append("- " + i18n.text("lab.hidden.line", L, district=name(d), unseen=self.unseen[d],
                                          pct=pct(self.probs[d], L)))
        never = [name(d) for d in self.districts if self.probs[d] == 0]
        if never:
            lines.append("- " + i18n.text("lab.hidden.cannot", L, names=", ".join(never)))
        if self.method in ("record", "position"):
            lines.append(i18n.text("lab.hidden.why_bans", L))
        return "\n".join(lines)


def _public_tokens(game, state) -> tuple:
    """Per district: tokens that exist (bag, tracks, hidden) and tokens nobody has seen (bag + the hidden one)."""
    city = game.city
    di, pd = game.district_index, game.parcel_district
    K = len(city.districts)
    totals, unseen = [0] * K, [0] * K
    pool = list(state.bag)
    if state.hidden not in (None, HIDDEN) and not state.revealed:
        pool.append(state.hidden)  # a full state: the hidden token counts as unseen, never as known
    if state.hidden not in (None, HIDDEN) and state.revealed:
        totals[di[pd[state.hidden]]] += 1
    for n in pool:
        if n in pd:
            totals[di[pd[n]]] += 1
            unseen[di[pd[n]]] += 1
    for k, tr in enumerate(state.tracks):
        totals[k] += len(tr)
    return totals, unseen


def hidden_odds(game, state, record: Optional[Sequence[Draw]] = None, *, openings: Optional[int] = None) -> HiddenOdds:
    """Which district can still be the hidden one, exactly, from the public draws (a view is enough).

    ``record``: the public draws in order (:func:`draw_record`), when known; without it the odds sum over every
    order of draws that leads to the position. ``openings``: the opening draws before the hidden token (S7: 8).
    """
    _check(game, state)
    city = game.city
    codes = city.districts
    totals, unseen = _public_tokens(game, state)
    zero = {d: Fraction(0) for d in codes}
    if state.hidden is None:
        return HiddenOdds(codes, zero, dict(zip(codes, unseen)), dict(zero), "none")
    if state.revealed:
        d = game.parcel_district.get(state.hidden)
        probs = {c: Fraction(int(c == d)) for c in codes}
        return HiddenOdds(codes, probs, dict(zip(codes, unseen)), dict(probs), "revealed", len(state.banned),
                          state.hidden)
    di, pd = game.district_index, game.parcel_district
    weights, method = hidden_weights(
        totals, state.tracks, state.banned, lambda n: di[pd[n]], openings=OPEN_PARCELS if openings is None else openings,
        limit=SETUP_LIMIT, attack_order=[di[a.district] for a in state.attacks if not a.final], record=record)
    mass = sum(w * u for w, u in zip(weights, unseen))
    if not mass:
        weights, method = (Fraction(1),) * len(codes), "fallback"
        mass = Fraction(sum(unseen))
    if not mass:
        return HiddenOdds(codes, zero, dict(zip(codes, unseen)), dict(zero), "none")
    per = {d: weights[k] / mass if unseen[k] else Fraction(0) for k, d in enumerate(codes)}
    probs = {d: per[d] * unseen[k] for k, d in enumerate(codes)}
    bans = sum(1 for x in (record or ()) if x.purpose == "ban") if record is not None else len(state.banned)
    return HiddenOdds(codes, probs, dict(zip(codes, unseen)), per, method, bans)


def next_draw(game, state, odds: Optional[HiddenOdds] = None) -> dict:
    """The chance that the next token drawn from the bag is each district's (``Fraction``, from the public draws).

    The bag holds the unseen tokens but the hidden one: ``(unseen - P(hidden there)) / (unseen in all - 1)``.
    """
    odds = odds or hidden_odds(game, state)
    total = sum(odds.unseen.values())
    hidden_in_bag = odds.method in ("none", "revealed")
    size = total if hidden_in_bag else total - 1
    if size <= 0:
        return {d: Fraction(0) for d in odds.districts}
    if hidden_in_bag:
        return {d: Fraction(odds.unseen[d], size) for d in odds.districts}
    return {d: (odds.unseen[d] - odds.probs[d]) / size for d in odds.districts}


def _poly_mul(a: dict, b: dict) -> dict:
    out: dict = defaultdict(int)
    for (i, k), v in a.items():
        for (j, m), w in b.items():
            out[(i + j, k + m)] += v * w
    return {key: v for key, v in out.items() if v}


def strength_distribution(game, state, district: str, odds: Optional[HiddenOdds] = None) -> dict:
    """The exact distribution of the strength of ``district``'s attack still to come: ``{strength: chance}``.

    Its mid-game attack comes when the last of its tokens left in the bag is drawn; the marker then stands one space
    further for each district completed before it. With the hidden token there, its attack is the final one (E4,
    C6). Empty if the district was attacked already.

    >>> from balada_widgets.baldurs_gate import BaldursGateGame
    >>> g = BaldursGateGame(players=4)
    >>> s = example_session(g, seed=1, moves=0).state
    >>> dist = strength_distribution(g, s, "SEA")
    >>> sum(dist.values()) == 1 and min(dist) == 1
    True
    """
    odds = odds or hidden_odds(game, state)
    codes = list(odds.districts)
    if district not in codes:
        raise InvalidInput(f"unknown district {district!r}; the districts are {', '.join(codes)}")
    k = codes.index(district)
    track = game.content.strength_track
    last = len(track) - 1
    if len(state.tracks[k]) >= ATTACK_AT or (state.revealed and any(a.final for a in state.attacks)):
        return {}
    attacked = {a.district for a in state.attacks}
    out: dict = defaultdict(Fraction)
    hyps = [(d, odds.probs[d]) for d in codes if odds.probs[d] > 0] if odds.method not in ("none",) else [(None, 1)]
    for e, pe in hyps:
        r = {d: odds.unseen[d] - (1 if d == e else 0) for d in codes}
        if e == district:  # the final attack: every other district is attacked first
            others = sum(1 for d in codes if d != e and d not in attacked)
            out[track[min(state.strength + others, last)]] += pe
            continue
        rd = r[district]
        if rd <= 0:
            continue
        poly = {(0, 0): 1}
        for d in codes:
            if d in (district, e) or d in attacked or r[d] <= 0:
                continue
            poly = _poly_mul(poly, {(0, 0): 1, (r[d], 0): -1, (r[d], 1): 1})
        for (i, m), coef in poly.items():
            # integral over x in [0, 1] of rd * x**(rd - 1) * coef * x**i
            out[track[min(state.strength + m, last)]] += pe * Fraction(coef * rd, i + rd)
    return {s: p for s, p in sorted(out.items()) if p}


@dataclass(frozen=True)
class DistrictOutlook:
    """What lies ahead for one district (see :func:`attack_outlook`)."""

    district: str
    tokens: int
    defence: int
    contributions: tuple  # per player
    protected: tuple  # players with a watchtower or keep there (their buildings survive a lost attack: A7)
    exposed: tuple  # per player: undamaged buildings an attack at today's strength would damage
    buildings: tuple  # per player: undamaged buildings there
    hidden: Fraction  # chance it is the hidden district
    next_attack: Fraction  # chance the next token drawn attacks it (its 4th)
    strengths: dict  # {strength: chance} of its attack still to come (mid-game or final)
    holds: Fraction  # chance today's defence is enough against that attack
    attack: Any = None  # the Attack entry once attacked

    def text(self, game, language: Optional[str] = None) -> str:
        L = _L(game, language)
        name = game.city.district_name(self.district, L)
        if self.attack is not None:
            a = self.attack
            return i18n.text("lab.risk.attacked", L, district=name, strength=a.strength, defence=a.defence,
                             result=i18n.text("lab.risk.held" if a.defended else "lab.risk.fell", L))
        who = [i18n.text("lab.risk.contrib", L, player=game.player_name(p, L), points=c)
               for p, c in enumerate(self.contributions) if c]
        final = 1 - sum(p for s, p in self.strengths.items())  # not used: the final attack is inside strengths
        del final
        items = []
        for s, p in self.strengths.items():
            items.append(i18n.text("lab.risk.strength_item", L, strength=s, pct=pct(p, L)))
        line = i18n.text("lab.risk.line", L, district=name, tokens=self.tokens, defence=self.defence,
                         who=i18n.text("lab.risk.who", L, who=", ".join(who)) if who else "", next=pct(self.next_attack, L),
                         hidden=pct(self.hidden, L), strengths=", ".join(items) or "—", holds=pct(self.holds, L))
        extra = []
        exp = [qty(n, "piece", L) + f" ({game.player_name(p, L)})" for p, n in enumerate(self.exposed) if n]
        if exp:
            extra.append(i18n.text("lab.risk.exposed", L, what=join_list(exp, L)))
        prot = [game.player_name(p, L) for p in self.protected if self.buildings[p]]
        if prot:
            extra.append(i18n.text("lab.risk.protected", L, who=join_list(prot, L)))
        if not extra:
            return line
        more = "; ".join(extra)
        return f"{line} {more[:1].upper()}{more[1:]}."


def attack_outlook(game, state, record: Optional[Sequence[Draw]] = None) -> list:
    """Per district (city order) a :class:`DistrictOutlook`: tokens, defence and who gave it, who is protected,
    what an attack now would damage, the chance the next draw attacks it, the chance it is hidden, and the exact
    distribution of the strength it will meet."""
    _check(game, state)
    odds = hidden_odds(game, state, record)
    nxt = next_draw(game, state, odds)
    city = game.city
    strength_now = game.current_strength(state)
    done = {a.district: a for a in state.attacks}
    out = []
    for k, d in enumerate(city.districts):
        contrib = tuple(game.contributions(state, d))
        defence = sum(contrib)
        built = [0] * game.players
        for n in city.parcels_of[d]:
            pc = state.pieces[city.parcel_index[n]]
            if pc is not None and not pc.damaged:
                built[pc.owner] += 1
        exposed = tuple(built[p] if defence < strength_now and contrib[p] == 0 else 0 for p in range(game.players))
        tokens = len(state.tracks[k])
        dist = strength_distribution(game, state, d, odds)
        holds = sum((p for s, p in dist.items() if s <= defence), Fraction(0))
        out.append(DistrictOutlook(
            d, tokens, defence, contrib, tuple(p for p in range(game.players) if contrib[p] > 0), exposed,
            tuple(built), odds.probs[d], nxt[d] if tokens == ATTACK_AT - 1 else Fraction(0), dist, holds,
            done.get(d)))
    return out


def outlook_text(game, state, record: Optional[Sequence[Draw]] = None, language: Optional[str] = None) -> str:
    """:func:`attack_outlook` in words, one line per district."""
    L = _L(game, language)
    head = i18n.text("lab.risk.head", L, strength=game.current_strength(state), bag=game.bag_count(state))
    return "\n".join([head] + ["- " + o.text(game, L) for o in attack_outlook(game, state, record)])


def attack_lines(game, state, language: Optional[str] = None) -> list:
    """The attack log (``game.attack_log``) in words, one line per attack, in order."""
    L = _L(game, language)
    out = []
    for a in game.attack_log(state):
        d = game.city.district_name(a.district, L)
        if a.defended:
            who = ", ".join(f"{game.player_name(p, L)} +{r}" for p, r in enumerate(a.rewards) if r)
            text = i18n.text("lab.attack.held", L, district=d, strength=a.strength, defence=a.defence, rewards=who or "—")
        else:
            lost = ", ".join(str(n) for n in a.damaged) or "—"
            text = i18n.text("lab.attack.fell", L, district=d, strength=a.strength, defence=a.defence, parcels=lost)
        out.append((i18n.text("lab.attack.final", L) + " " if a.final else "") + text)
    return out


# ====================================================================== networks (C2, E7)


@dataclass(frozen=True)
class CutPoint:
    """A piece whose loss splits a network (a networkx articulation point of the player's largest network)."""

    node: str
    kind: str  # the piece's kind (only buildings can be damaged: A7)
    district: str
    left: int  # the largest network of the player without this piece
    lost: int  # prestige at the end (E7) the split would cost
    damageable: bool
    exposed: bool  # an attack at today's strength would damage it (the district's defence is short, none of it yours)


@dataclass(frozen=True)
class Network:
    """A player's pieces as a graph: components (largest first), the scoring network, its cut points."""

    player: int
    graph: Any  # networkx.Graph of the player's undamaged pieces and the solid lines between them
    components: tuple  # tuples of node ids, largest first
    largest: tuple  # the network E7 scores (node ids)
    cut_points: tuple  # CutPoint, the costliest first

    @property
    def points(self) -> int:
        return scoring.NETWORK_POINTS * len(self.largest)

    def text(self, game, language: Optional[str] = None) -> str:
        L = _L(game, language)
        who = game.player_name(self.player, L)
        if not self.components:
            return i18n.text("lab.net.none", L, player=who)
        n = len(self.components)
        count = f"{n} {i18n.text('lab.net.unit', L).split('|')[min(i18n.plural_index(n, L), 2 if L == 'cs' else 1)]}"
        lines = [i18n.text("lab.net.head", L, player=who, count=count, size=qty(len(self.largest), "piece", L),
                           points=qty(self.points, "prestige", L))]
        for c in self.cut_points:
            node = game.node_text(c.node, L)
            lost = "-" + qty(c.lost, "prestige", L)
            if c.damageable:
                exposed = i18n.text("lab.net.exposed_now", L, district=game.city.district_name(c.district, L)) \
                    if c.exposed else ""
                lines.append("- " + i18n.text("lab.net.cut_damage", L, node=node,
                                              district=game.city.district_name(c.district, L),
                                              left=qty(c.left, "piece", L), lost=lost, exposed=exposed))
            else:
                lines.append("- " + i18n.text("lab.net.cut", L, node=node, left=qty(c.left, "piece", L), lost=lost))
        if len(self.largest) > 2 and not self.cut_points:
            lines.append("- " + i18n.text("lab.net.no_cut", L))
        return "\n".join(lines)


def _own_graph(game, state, p: int):
    city = game.city
    mine = [city.nodes[i] for i in scoring.own_pieces(game, state, p)]
    return city.graph.subgraph(mine).copy()


def networks(game, state, player: Optional[int] = None) -> Network:
    """``player``'s networks (C2): components of their undamaged pieces joined by solid lines, the one E7 scores,
    and its cut points with what losing each would cost."""
    _check(game, state)
    p = _player(game, state, player)
    city = game.city
    G = _own_graph(game, state, p)
    index = city.index
    comps = sorted((tuple(sorted(c, key=index.get)) for c in nx.connected_components(G)),
                   key=lambda c: (-len(c), index[c[0]]))
    largest = tuple(city.nodes[i] for i in scoring.largest_network(game, state, p))
    cuts = []
    if len(largest) > 2:
        strength = game.current_strength(state)
        for v in nx.articulation_points(G.subgraph(largest)):
            H = G.copy()
            H.remove_node(v)
            left = max((len(c) for c in nx.connected_components(H)), default=0)
            i = index[v]
            pc = state.pieces[i]
            d = city.district_of[i]
            contrib = game.contributions(state, d)
            damageable = pc.kind in BUILDINGS
            exposed = damageable and contrib[p] == 0 and sum(contrib) < strength \
                and len(state.tracks[game.district_index[d]]) < ATTACK_AT
            cuts.append(CutPoint(v, pc.kind, d, left, scoring.NETWORK_POINTS * (len(largest) - left), damageable,
                                 exposed))
    cuts.sort(key=lambda c: (-c.lost, index[c.node]))
    return Network(p, G, tuple(comps), largest, tuple(cuts))


def connection_trace(game, state, player: int, node: str, language: Optional[str] = None) -> Trace:
    """The connection bonuses (C3, C4, FT2) a new piece of ``player`` on ``node`` would pay, in the engine's order
    (the player first, then clockwise): one step per joined piece, its rule, its prestige, the bonus in words."""
    _check(game, state)
    L = _L(game, language)
    city = game.city
    i = city.index.get(node)
    if i is None:
        raise InvalidInput(f"unknown node {node!r} (parcels are P1..P36, spots F-<district>-a/b/c)")
    kind = city.kind[i]
    pieces = list(state.pieces)
    pieces[i] = Piece("tower" if kind == "fort" else "inn", player)
    s2 = state._replace(pieces=tuple(pieces), active=player)
    tr = Trace()
    for task in game._connection_tasks(s2, i, "BLD5" if kind == "parcel" else "C4"):
        prestige = sum(n for a in task.atoms if a[0] == "gain" for r, n in a[1] if r == "prestige")
        text = i18n.text("lab.bonus.pays", L, piece=game.node_text(task.src.ref, L),
                         owner=i18n.text("player.gen", L, n=task.player + 1),
                         effect=effect_text(task.atoms, L, game.content.faction_map))
        tr.add(task.src.ref, task.src.rule, prestige, text)
    return tr


def connection_gains(game, state, node) -> list:
    """What the piece on ``node`` (an id or an index) pays its owner when a new piece is joined to it (C3, C4, FT2:
    the engine's :meth:`~.engine.Engine.connection_bonus`), as ``(owner, resource, amount)``: a temple's influence
    as ``"influence"`` (its track chosen later); nothing for an empty spot or a damaged piece.

    >>> from balada_widgets.baldurs_gate import BaldursGateGame, positions
    >>> g = BaldursGateGame(players=3)
    >>> s = positions.position(g, pieces=["P26 market 1", "F-EAS-c keep 2", "P27 temple 0"], avail=(25,))
    >>> [connection_gains(g, s, x) for x in ("P26", "F-EAS-c", "P27", "P25")]
    [[(1, 'gold', 2)], [(2, 'prestige', 1)], [(0, 'influence', 1)], []]
    """
    i = game.city.index[node] if isinstance(node, str) else node
    return [(state.pieces[i].owner, *x) for a in game.connection_bonus(state, i)
            for x in (a[1] if a[0] == "gain" else [a[:2]] if a[0] == "influence" else ())]


def house_gains(before, after) -> frozenset:
    """What each house gained (or lost) between two states, say across a build and the bonuses it paid:
    ``{(player, resource, amount)}`` of gold, supply, favor, influence (the tracks together) and prestige.

    >>> from balada_widgets.baldurs_gate import BaldursGateGame, positions
    >>> from balada_widgets.baldurs_gate.state import Build, Parcel
    >>> g = BaldursGateGame(players=3)
    >>> s = positions.position(g, pieces=["P26 market 1", "F-EAS-c keep 2"], avail=(25,), houses=[{"hand": ("inn-01",)}])
    >>> sorted(house_gains(s, g.apply(g.apply(s, Build(0, "inn-01")), Parcel(0, 25))))  # paid 3, bonuses C3, FT2
    [(0, 'gold', -3), (1, 'gold', 2), (2, 'prestige', 1)]
    """
    worth = lambda pl, r: sum(pl.influence) if r == "influence" else getattr(pl, r)  # noqa: E731
    return frozenset((p, r, worth(b, r) - worth(a, r)) for p, (a, b) in enumerate(zip(before.players, after.players))
                     for r in RESOURCES if worth(b, r) != worth(a, r))


def turn_over(state: BaldursGateState, player: int) -> bool:
    """``player``'s turn is over: the game is, or another house's turn has begun."""
    return bool(state.over or (state.tasks and type(state.tasks[0]) is Turn and state.tasks[0].player != player))


def best_income(game, state, player: int = 0, home: bool = False, chance=None, depth: int = 12) -> tuple:
    """The most gold ``player`` can end the turn with by taking income now (I1-I4: the HQ's income, the cards'
    abilities in the best order, a build inside the chain) and a line of their moves to it: ``(gold, moves)``, ``(-1,
    ())`` if none; searched ``depth`` moves deep, ``home``: their worker home too, chance ``chance(state)``'s outcome
    (by default the engine's first).

    >>> from balada_widgets.baldurs_gate import BaldursGateGame, positions
    >>> g = BaldursGateGame(players=3)
    >>> s = positions.position(g, pieces=["P9 hall 0 hall-02"], houses=[{"hq": "EAS", "gold": 0, "supply": 0}])
    >>> best_income(g, s)  # the HQ's income, then the hall's ability (1 supply for 3 gold)
    (9, (Income(player=0), Use(player=0, card='hall-02', alt=0), Done(player=0)))
    """
    best, chance = (-1, ()), chance or (lambda s: game.chance_outcomes(s)[0][0])

    def search(s, moves):
        nonlocal best
        while not turn_over(s, player) and game.is_chance(s):
            s = game.apply(s, chance(s))
        if turn_over(s, player):
            me = s.players[player]
            if moves and me.gold > best[0] and not (home and me.worker):
                best = (me.gold, tuple(moves))
        elif len(moves) <= depth and game.to_move(s) == (player,):
            for m in game.legal_moves(s, player):
                if moves or type(m) is Income:
                    search(game.apply(s, m), moves + [m])

    search(state, [])
    return best


@dataclass(frozen=True)
class Growth:
    """A free parcel or fortification spot that would grow or join one of a player's networks."""

    node: str
    kind: str  # "parcel" or "spot" (a spot needs a Fortify trade or an effect)
    joins: int  # networks it touches
    before: int  # the largest network now
    after: int  # the largest network with this piece
    new_district: bool  # a parcel in a district without the player's building or HQ (E8)
    bonuses: Trace  # the connection bonuses it would pay (connection_trace)

    @property
    def gain(self) -> int:
        """Prestige at the end it adds (E7 network, E8 district)."""
        return scoring.NETWORK_POINTS * (self.after - self.before) + (scoring.DISTRICT_POINTS if self.new_district else 0)

    def text(self, game, language: Optional[str] = None) -> str:
        L = _L(game, language)
        node = game.node_text(self.node, L)
        if self.kind == "spot":
            node += f" ({i18n.text('lab.net.spot', L)})"
        bonuses = "; ".join(st.reason for st in self.bonuses) or i18n.text("lab.bonus.none", L)
        return i18n.text("lab.net.grow", L, node=node, joins=self.joins, before=self.before, after=self.after,
                         gain="+" + qty(scoring.NETWORK_POINTS * (self.after - self.before), "prestige", L),
                         district=i18n.text("lab.net.new_district", L) if self.new_district else "", bonuses=bonuses)


def growth(game, state, player: Optional[int] = None, spots: bool = True) -> list:
    """Every available parcel (and, with ``spots``, free fortification spot) next to one of ``player``'s networks:
    what it joins, the largest network after, a new district, the bonuses; the best first."""
    _check(game, state)
    p = _player(game, state, player)
    city = game.city
    net = networks(game, state, p)
    comp_of = {v: k for k, c in enumerate(net.components) for v in c}
    before = len(net.largest)
    present = set(scoring.districts_present(game, state, p))
    cands = [city.nodes[city.parcel_index[n]] for n in state.avail]
    if spots:
        cands += [city.nodes[i] for i in city.forts if state.pieces[i] is None]
    out = []
    for node in cands:
        touched = {comp_of[m] for m in city.graph.neighbors(node) if m in comp_of}
        if not touched:
            continue
        size = 1 + sum(len(net.components[k]) for k in touched)
        i = city.index[node]
        kind = "parcel" if city.kind[i] == "parcel" else "spot"
        out.append(Growth(node, kind, len(touched), before, max(before, size),
                          kind == "parcel" and city.district_of[i] not in present,
                          connection_trace(game, state, p, node)))
    out.sort(key=lambda g: (-g.gain, -g.joins, g.kind != "parcel", city.index[g.node]))
    return out


def growth_text(game, state, player: Optional[int] = None, language: Optional[str] = None, limit: int = 8) -> str:
    L = _L(game, language)
    p = _player(game, state, player)
    got = growth(game, state, p)
    who = game.player_name(p, L)
    if not got:
        return i18n.text("lab.net.no_grow", L, player=who)
    return "\n".join([i18n.text("lab.net.grow_head", L, player=who)] + ["- " + g.text(game, L) for g in got[:limit]])


# ====================================================================== scores


def score_steps(game, state, player: int, which: str = "so_far", language: Optional[str] = None) -> list:
    """A trace as rows for the kit's ``Explain``: ``{"where", "rule", "points", "reason", "ref"}``.

    ``which``: ``"so_far"`` (every prestige point held, the engine's trace, with the final scoring once the game is
    over), ``"preview"`` (the final scoring E6-E9 if the game ended now) or ``"both"``. ``where`` names the piece,
    district, track or card that gave the points in words; ``ref`` keeps its id (to highlight it on the board).
    """
    _check(game, state)
    L = _L(game, language)
    if which not in ("so_far", "preview", "both"):
        raise InvalidInput(f"which is 'so_far', 'preview' or 'both', not {which!r}")
    rows = []
    if which in ("so_far", "both"):
        rows += [(st, "") for st in game.prestige_trace(state, player, L)]
    if which in ("preview", "both") and not state.over:
        for g in scoring.final_gains(game, state, player):
            rows.append((_Step(scoring.gain_where(game, g), g.rule, g.points, scoring.gain_text(game, g, L)),
                         i18n.text("lab.score.final_preview", L)))
    out = []
    for st, prefix in rows:
        ref = st.where if isinstance(st.where, str) else ""
        out.append({"where": _where_words(game, ref, L), "rule": st.rule, "points": st.points,
                    "reason": prefix + st.reason, "ref": ref})
    return out


class _Step(NamedTuple):
    where: Any
    rule: str
    points: int
    reason: str


def _where_words(game, ref: str, L: str) -> str:
    if not ref:
        return ""
    city = game.city
    if ref in city.names:
        return city.district_name(ref, L)
    if ref in game.faction_ids:
        return game.faction_name(ref, L)
    if ref in city.index:
        return game.node_text(ref, L)
    if game.content.card(ref) is not None:
        return game.card_name(ref, L)
    if ref in game.content.locations:
        return game.content.location_name(ref, L)
    return ref


# ====================================================================== decisions and the bots' advice


def decisions(game, state, viewer: Optional[int] = None) -> list:
    """The legal moves of the pending step: ``(move, words, notation)``, words as ``viewer`` may know them."""
    _check(game, state)
    return [(m, game.describe_move(state, m, viewer), game.move_text_for(m, viewer)) for m in game.legal_moves(state)]


def _facts(game, state, p: int) -> dict:
    pl = state.players[p]
    own_def = {}
    for d in game.city.districts:
        c = game.contributions(state, d)[p]
        if c:
            own_def[d] = c
    return {"prestige": pl.prestige, "network": len(scoring.largest_network(game, state, p)),
            "districts": len(scoring.districts_present(game, state, p)), "gold": pl.gold, "supply": pl.supply,
            "favor": pl.favor, "cards": len(pl.hand), "influence": tuple(pl.influence), "defence": own_def}


def _changes(game, a: dict, b: dict, L: str) -> list:
    out = []
    for key in ("prestige", "network", "districts", "gold", "supply", "favor", "cards"):
        if a[key] != b[key]:
            out.append(i18n.text(f"lab.change.{key}", L, a=a[key], b=b[key]))
    for f, x, y in zip(game.faction_ids, a["influence"], b["influence"]):
        if x != y:
            out.append(i18n.text("lab.change.influence", L, faction=game.faction_name(f, L, genitive=True), a=x, b=y))
    for d in game.city.districts:
        x, y = a["defence"].get(d, 0), b["defence"].get(d, 0)
        if x != y:
            out.append(i18n.text("lab.change.defence", L, district=game.city.district_name(d, L), a=x, b=y))
    return out


@dataclass(frozen=True)
class Advice:
    """What a bot would do for ``player`` and why (see :func:`best_move`)."""

    player: int
    level: str
    move: Any
    line: tuple  # the bot's own follow-up decisions of the same action
    before: float  # the bot's value (estimated final prestige) now
    after: float  # ... after the line
    options: tuple  # (move, value) of every option, best first (empty for the random bot)
    changes: tuple  # what the line changes, in words
    words: str  # the move in words
    line_words: tuple

    def text(self, game, language: Optional[str] = None, options: int = 6) -> str:
        L = _L(game, language)
        lines = [i18n.text("lab.best.head", L, bot=i18n.text(f"lab.bot.{self.level}", L), n=self.player + 1,
                           move=self.words)]
        if self.line_words:
            lines.append("- " + i18n.text("lab.best.line", L, moves="; ".join(self.line_words)))
        lines.append("- " + i18n.text("lab.best.value", L, before=_num(round(self.before, 1), L),
                                  after=_num(round(self.after, 1), L)))
        lines.append("- " + i18n.text("lab.best.change", L, changes=", ".join(self.changes) if self.changes
                                      else i18n.text("lab.best.nothing", L)))
        if len(self.options) > 1:
            lines.append("- " + i18n.text("lab.best.options", L))
            for m, v in self.options[:options]:
                lines.append("  - " + i18n.text("lab.best.option", L, value=_num(round(v, 1), L),
                                                move=game.describe_move(self._state, m, self.player)))
        return "\n".join(lines)

    _state: Any = field(default=None, repr=False, compare=False)


def best_move(game, state, player: Optional[int] = None, level: str = "strong", seed: int = 0) -> Advice:
    """What the ``level`` bot would do for the player to decide, seeing only that player's view, and why.

    The bot's choice (the same as a seated bot with this seed), the line of its own follow-up decisions until
    chance or another player acts, what that line changes (prestige, largest network, districts, resources,
    tracks, defence), the bot's value before and after, and the value of every option (rule-based estimates of the
    final prestige: :func:`~.bots.value`).
    """
    _check(game, state)
    check_level(level, BOT_LEVELS)
    waiting = game.to_move(state)
    if not waiting:
        raise InvalidInput(i18n.text("lab.best.no_decision", game.language, what=game.pending(state).text or "—"))
    p = waiting[0] if player is None else _player(game, state, player)
    if p not in waiting:
        raise InvalidInput(f"player {p + 1} does not decide now: {game.pending(state).text}")
    view = game.view(state, p)
    L = game.language
    strong = level == "strong"
    left = turns_left(game, view)
    move = make_bot(level, seed).choose(game, view, p)
    options: list = []
    if level != "random":
        bot = make_bot(level, seed)
        bot._left = left
        for m in game.legal_moves(view, p):
            options.append((m, bot._rollout(game, game._apply(view, m), p, strong, depth=12)))
        options.sort(key=lambda mv: -mv[1])
    line, line_words = [], []
    s = game._apply(view, move)
    for _ in range(12):
        if s.over or not s.tasks or game.to_move(s) != (p,) or isinstance(s.tasks[0], Turn):
            break
        m = make_bot(level, seed).choose(game, s, p)
        line.append(m)
        line_words.append(game.describe_move(s, m, p))
        s = game._apply(s, m)
    return Advice(p, level, move, tuple(line), value(game, view, p, strong, left), value(game, s, p, strong, left),
                  tuple(options), tuple(_changes(game, _facts(game, view, p), _facts(game, s, p), L)),
                  game.describe_move(view, move, p), tuple(line_words), view)


# ====================================================================== playouts: expected score


def determinize(game, state, player: Optional[int], rng: random.Random,
                record: Optional[Sequence[Draw]] = None) -> BaldursGateState:
    """A full position that ``player`` (``None``: a spectator) cannot tell from ``state``: the cards they cannot see
    dealt at random from the cards unseen, the hidden token drawn by :func:`hidden_odds`. Valid for the engine."""
    _check(game, state)
    c = game.content
    view = game.view(state, player)
    s = view
    # the hidden token
    if view.hidden == HIDDEN and not view.revealed:
        odds = hidden_odds(game, view, record)
        pool = [n for n in view.bag]
        weights = [float(odds.per_token[game.parcel_district[n]]) for n in pool]
        h = rng.choices(pool, weights=weights, k=1)[0]
        s = s._replace(hidden=h, bag=tuple(n for n in view.bag if n != h))
    # building cards
    seen = set(x for pl in view.players for x in pl.portfolio) | set(view.offer) | set(view.discard)
    if player is not None:
        seen |= set(view.players[player].hand)
    unseen = sorted(set(c.buildings) - seen)
    rng.shuffle(unseen)
    players = list(s.players)
    for q, pl in enumerate(players):
        if q != player:
            k = len(pl.hand)
            players[q] = pl._replace(hand=tuple(unseen[:k]))
            unseen = unseen[k:]
    nb = len(view.bottom)
    if len(unseen) != len(view.deck) + nb:
        raise InvalidPosition([(None, f"the building cards do not add up: {len(unseen)} unseen for "
                                      f"{len(view.deck) + nb} places")])
    bottom, deck = tuple(unseen[:nb]), tuple(sorted(unseen[nb:]))
    # agenda cards
    seen_ag = set(view.players[player].agendas) if player is not None else set()
    for tk in view.tasks:
        if isinstance(tk, KeepAgenda) and tk.player == player:
            seen_ag |= set(tk.drawn)
    ag = sorted(set(c.agendas) - seen_ag)
    rng.shuffle(ag)
    for q, pl in enumerate(players):
        if q != player:
            k = len(pl.agendas)
            players[q] = players[q]._replace(agendas=tuple(ag[:k]))
            ag = ag[k:]
    tasks = []
    for tk in view.tasks:
        if isinstance(tk, KeepAgenda) and tk.player != player and tk.drawn:
            k = len(tk.drawn)
            tk = type(tk)(tk.player, tk.count, tk.keep, tuple(ag[:k]))
            ag = ag[k:]
        tasks.append(tk)
    na = len(view.agenda_bottom)
    if len(ag) != len(view.agenda_deck) + na:
        raise InvalidPosition([(None, f"the agenda cards do not add up: {len(ag)} unseen for "
                                      f"{len(view.agenda_deck) + na} places")])
    s = s._replace(players=tuple(players), deck=deck, bottom=bottom, agenda_bottom=tuple(ag[:na]),
                   agenda_deck=tuple(sorted(ag[na:])), tasks=tuple(tasks))
    return s


@dataclass(frozen=True)
class PlayoutResult:
    """Final prestige from playouts: per player the scores of the finished games, and the wins (ties shared)."""

    level: str
    viewer: Optional[int]
    scores: tuple  # per player: tuple of final prestige, one per finished game
    wins: tuple  # per player: wins (a shared win counts 1/k)
    capped: int  # games stopped at the move limit (left out)

    @property
    def games(self) -> int:
        return len(self.scores[0]) if self.scores else 0

    def mean(self, p: int) -> float:
        return statistics.fmean(self.scores[p]) if self.scores[p] else float("nan")

    def text(self, game, language: Optional[str] = None) -> str:
        L = _L(game, language)
        viewer = game.player_name(self.viewer, L) if self.viewer is not None else i18n.text("lab.play.spectator", L)
        lines = [i18n.text("lab.play.head", L, n=qty(self.games, "lab_playout", L),
                           level=i18n.text(f"lab.level.{self.level}", L),
                           viewer=viewer,
                           capped=self.capped)]
        for p, sc in enumerate(self.scores):
            if not sc:
                continue
            lines.append("- " + i18n.text("lab.play.line", L, player=game.player_name(p, L),
                                          mean=_num(round(self.mean(p), 1), L),
                                          low=min(sc), high=max(sc), wins=pct(self.wins[p] / self.games, L)))
        return "\n".join(lines)


def _max_moves(game) -> int:
    return 700 * game.players


def playouts(game, state, n: int = 8, level: str = "greedy", seed: int = 0, viewer: Optional[int] = None,
             record: Optional[Sequence[Draw]] = None, max_moves: Optional[int] = None) -> PlayoutResult:
    """The expected final prestige by ``n`` bot playouts (``level`` bots in every seat), each from a
    :func:`determinize` d position (what ``viewer`` knows; ``None``: a spectator). Seeded: the same call, the same
    numbers. Games still running after ``max_moves`` moves are counted in ``capped`` and left out."""
    from ..core.bots import run_bots
    from ..core.session import Session

    _check(game, state)
    check_level(level, BOT_LEVELS)
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 1000:
        raise InvalidInput(f"n is a whole number of playouts from 1 to 1000, not {n!r}")
    limit = max_moves or _max_moves(game)
    scores: list = [[] for _ in range(game.players)]
    wins = [0.0] * game.players
    capped = 0
    for i in range(n):
        rng = random.Random(f"bg-playout:{seed}:{i}")
        st = determinize(game, state, viewer, rng, record) if not state.over else state
        session = Session(game, seed=f"{seed}:{i}", state=st)
        run_bots(session, {p: make_bot(level, f"{seed}:{i}:{p}") for p in range(game.players)}, max_moves=limit)
        end = session.state
        if not end.over:
            capped += 1
            continue
        for p, pl in enumerate(end.players):
            scores[p].append(pl.prestige)
        w = game.winners(end)
        for p in w:
            wins[p] += 1 / len(w)
    return PlayoutResult(level, viewer, tuple(tuple(x) for x in scores), tuple(wins), capped)


# ====================================================================== bot games and statistics


#: one game of bots (the core's, for every game)
GameResult = bot_games.GameResult


def play_bot_game(levels: Sequence[str], seed: Any = 0, *, language: str = "en", max_moves: Optional[int] = None,
                  game=None):
    """A whole game of bots (``levels[p]`` for seat ``p``, 2 to 4 seats), seeded: ``(session, GameResult)``
    (:func:`balada_widgets.core.bot_stats.play_bot_game`: the scores are the final prestige)."""
    from .rules import BaldursGateGame

    levels = tuple(levels)
    for level in levels:
        check_level(level, BOT_LEVELS)
    game = game or BaldursGateGame(players=len(levels), language=language)
    return bot_games.play_bot_game(game, levels, seed, make_bot=make_bot, max_moves=max_moves or _max_moves(game))


class BotStats(bot_games.BotStats):
    """Games of mixed bot levels, seats rotated (see :func:`bot_stats`), said in the game's languages."""

    def text(self, language: str = "en") -> str:
        L = language
        secs = statistics.fmean(g.seconds for g in self.games) if self.games else 0.0
        lines = [i18n.text("lab.stats.head", L, games=qty(len(self.games), "lab_game", L), players=self.players,
                           capped=self.capped, seconds=_num(round(secs, 1), L))]
        for lv in self.levels:
            sc = self.scores(lv)
            if not sc:
                continue
            lines.append("- " + i18n.text("lab.stats.line", L, level=i18n.text(f"lab.level.{lv}", L),
                                          mean=_num(round(statistics.fmean(sc), 1), L), median=_num(statistics.median(sc), L),
                                          low=min(sc), high=max(sc), wins=pct(self.win_rate(lv), L)))
        return "\n".join(lines)


def bot_stats(levels: Sequence[str] = BOT_LEVELS, games: int = 6, players: int = 3, seed: int = 0,
              max_moves: Optional[int] = None) -> BotStats:
    """``games`` seeded games of ``players`` bots, the seats rotated the one way of every game
    (:func:`balada_widgets.core.bot_stats.seatings`: the rotations of the levels first, so every level sits in
    every seat equally often, then the other orders); game ``k`` has the seed ``f"{seed}:{k}"``."""
    from .rules import BaldursGateGame

    if players not in (2, 3, 4):
        raise InvalidInput(f"Builders of Baldur's Gate is for 2 to 4 players, not {players!r}")
    levels = tuple(levels)
    for level in levels:
        check_level(level, BOT_LEVELS)
    game = BaldursGateGame(players=players)
    results = bot_games.play_bot_games(
        levels, games, players, seed, lambda seats, game_seed: play_bot_game(seats, game_seed, game=game,
                                                                             max_moves=max_moves)[1])
    return BotStats(players, results)


def plot_bot_scores(stats: BotStats, ax=None, language: str = "en"):
    """A box plot of the final prestige by bot level (:func:`balada_widgets.core.bot_stats.plot_scores`, in the
    language); returns the axes."""
    ax = bot_games.plot_scores(stats, ax, xlabel=i18n.text("lab.stats.axis_x", language),
                               names={lv: i18n.text(f"lab.level.{lv}", language) for lv in stats.levels})
    ax.set_title(i18n.text("lab.stats.title", language))
    return ax


# ====================================================================== positions and files


def example_session(game=None, seed: int = 5, moves: int = 90, level: str = "greedy"):
    """A seeded game of ``level`` bots played for about ``moves`` decisions and stopped at the start of a turn:
    a position to study (the session keeps every draw, so :func:`draw_record` knows their order)."""
    from ..core.bots import run_bots
    from ..core.session import Session
    from .rules import BaldursGateGame

    game = game or BaldursGateGame(players=3)
    session = Session(game, seed=seed)
    bots = {p: make_bot(level, f"{seed}:{p}") for p in range(game.players)}
    run_bots(session, bots, max_moves=moves)
    for _ in range(60):
        st = session.state
        if st.over or (st.tasks and isinstance(st.tasks[0], Turn)):
            break
        run_bots(session, bots, max_moves=1)
    return session


def at_turn_start(state) -> bool:
    """Is the position at the start of a turn (no action half done)? Positions are edited there."""
    return len(state.tasks) == 2 and isinstance(state.tasks[0], Turn) and isinstance(state.tasks[1], EndTurn) \
        and state.tasks[0].player == state.tasks[1].player


def edit_position(game, state, *, player: Optional[int] = None, gold: Optional[int] = None,
                  supply: Optional[int] = None, favor: Optional[int] = None, influence=None,
                  worker: Optional[str] = None, hand: Optional[Sequence[str]] = None,
                  agendas: Optional[Sequence[str]] = None, active: Optional[int] = None,
                  build: Optional[tuple] = None, fortify: Optional[tuple] = None,
                  remove: Optional[str] = None) -> BaldursGateState:
    """The position with the fields that are clean to edit changed, checked (:class:`InvalidPosition` lists every
    problem). Edits are made at the start of a turn (no action half done).

    For ``player``: ``gold``, ``supply``, ``favor``; ``influence`` (a tuple per faction, or ``{faction: spaces}``);
    ``worker`` (a district code, or ``""`` at home); ``hand`` (building cards: taken from / put back into the
    deck); ``agendas`` (the same with the agenda deck); ``build=(parcel, card or type)`` a building of the
    player's on an available parcel (its card from the hand or the deck into the portfolio; no bonus is paid: an
    edit is not a move); ``fortify=(spot, "tower"|"keep"|"gate")``. ``remove=node``: a building (its card back to
    the deck, the parcel available again) or a fortification (a gate's card back into the gate deck). ``active``:
    whose turn it is.

    >>> from balada_widgets.baldurs_gate import BaldursGateGame
    >>> g = BaldursGateGame(players=2)
    >>> s = example_session(g, seed=2, moves=0).state
    >>> s2 = edit_position(g, s, player=0, gold=12, fortify=("F-SEA-a", "keep"))
    >>> s2.players[0].gold, g.piece_at(s2, "F-SEA-a").kind
    (12, 'keep')
    >>> edit_position(g, s2, player=1, gold=-1)
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidPosition: invalid position: p2: gold must be a whole number 0 or more, not -1 (rule R5)
    """
    _check(game, state)
    L = game.language
    if not at_turn_start(state):
        raise InvalidPosition([("T1", i18n.text("lab.edit.turn_only", L, what=game.pending(state).text or "—"))])
    c, city = game.content, game.city
    s = state
    if active is not None:
        a = _player(game, state, active)
        s = s._replace(active=a, tasks=(Turn(a), EndTurn(a)))
    p = None if player is None else _player(game, state, player)
    needs_player = any(v is not None for v in (gold, supply, favor, influence, worker, hand, agendas, build, fortify))
    if needs_player and p is None:
        raise InvalidInput("say whose position to edit: player=0 is player 1")
    if p is not None:
        pl = s.players[p]
        ch = {}
        for name, v in (("gold", gold), ("supply", supply), ("favor", favor)):
            if v is not None:
                ch[name] = v
        if influence is not None:
            if isinstance(influence, dict):
                inf = list(pl.influence)
                for f, v in influence.items():
                    if f not in game.faction_index:
                        raise InvalidInput(f"unknown faction {f!r}; the factions are {', '.join(game.faction_ids)}")
                    inf[game.faction_index[f]] = v
                influence = inf
            ch["influence"] = tuple(influence)
        if worker is not None:
            ch["worker"] = worker
        players = list(s.players)
        players[p] = pl._replace(**ch)
        s = s._replace(players=tuple(players))
        if hand is not None:
            s = _move_cards(s, p, [x for x in hand], "hand", "deck", c.buildings)
        if agendas is not None:
            s = _move_cards(s, p, [x for x in agendas], "agendas", "agenda_deck", c.agendas)
        if build is not None:
            s = _edit_build(game, s, p, build)
        if fortify is not None:
            s = _edit_fortify(game, s, p, fortify)
    if remove is not None:
        s = _edit_remove(game, s, remove)
    problems = game.validate(s)
    if problems:
        raise InvalidPosition(problems)
    return s


def _move_cards(s: BaldursGateState, p: int, want: list, mine: str, pool: str, known: dict) -> BaldursGateState:
    """Give player ``p`` exactly the cards ``want`` in ``mine`` (hand / agendas): the others go back to ``pool``."""
    for x in want:
        if x not in known:
            raise InvalidInput(f"unknown card {x!r}")
    pl = s.players[p]
    have = list(getattr(pl, mine))
    back = [x for x in have if x not in want]
    take = [x for x in want if x not in have]
    deck = list(getattr(s, pool))
    for x in take:
        if x not in deck:
            raise InvalidPosition([(None, f"{x} is not in the {pool.replace('_', ' ')}: only cards there can be "
                                          f"given")])
        deck.remove(x)
    players = list(s.players)
    players[p] = pl._replace(**{mine: tuple(x for x in have if x in want) + tuple(take)})
    return s._replace(players=tuple(players), **{pool: tuple(sorted(deck + back))})


def _node(game, ref, kind: str) -> int:
    city = game.city
    if isinstance(ref, int) and not isinstance(ref, bool):
        ref = f"P{ref}"
    i = city.index.get(ref) if isinstance(ref, str) else None
    if i is None or (kind == "parcel") != (city.kind[i] == "parcel") or (kind == "fort" and city.kind[i] != "fort"):
        raise InvalidInput(i18n.text("lab.edit.not_parcel" if kind == "parcel" else "lab.edit.not_spot", game.language,
                                     node=ref))
    return i


def _edit_build(game, s: BaldursGateState, p: int, build) -> BaldursGateState:
    L = game.language
    c, city = game.content, game.city
    if not isinstance(build, (tuple, list)) or len(build) != 2:
        raise InvalidInput("build is (parcel, card or building type)")
    where, what = build
    i = _node(game, where, "parcel")
    n = city.parcel_number[i]
    if n not in s.avail or s.pieces[i] is not None:
        raise InvalidPosition([("BLD2", i18n.text("lab.edit.not_available", L, n=n))])
    pl = s.players[p]
    if what in BUILDINGS:
        card = next((x for x in pl.hand if c.buildings[x].type == what), None) \
            or next((x for x in s.deck if c.buildings[x].type == what), None)
        if card is None:
            raise InvalidPosition([("S4", i18n.text("lab.edit.no_card", L, type=c.type_name(what, L)))])
    elif what in c.buildings:
        card = what
    else:
        raise InvalidInput(f"unknown card or building type {what!r}")
    hand, deck = list(pl.hand), list(s.deck)
    if card in hand:
        hand.remove(card)
    elif card in deck:
        deck.remove(card)
    else:
        raise InvalidPosition([("S4", f"{card} is neither in player {p + 1}'s hand nor in the deck")])
    pieces = list(s.pieces)
    pieces[i] = Piece(c.buildings[card].type, p, False, card)
    players = list(s.players)
    players[p] = pl._replace(hand=tuple(hand), portfolio=pl.portfolio + (card,))
    return s._replace(pieces=tuple(pieces), players=tuple(players), deck=tuple(deck),
                      avail=tuple(x for x in s.avail if x != n))


def _edit_fortify(game, s: BaldursGateState, p: int, fortify) -> BaldursGateState:
    L = game.language
    if not isinstance(fortify, (tuple, list)) or len(fortify) != 2 or fortify[1] not in FORTS:
        raise InvalidInput("fortify is (spot, 'tower' | 'keep' | 'gate')")
    i = _node(game, fortify[0], "fort")
    if s.pieces[i] is not None:
        raise InvalidPosition([("C11", i18n.text("lab.edit.taken", L, node=game.city.nodes[i]))])
    card, gates = "", s.gates
    pl = s.players[p]
    if fortify[1] == "gate":
        if not gates:
            raise InvalidPosition([("C11", "no gate card left")])
        card, gates = gates[0], gates[1:]
        pl = pl._replace(portfolio=pl.portfolio + (card,))
    pieces = list(s.pieces)
    pieces[i] = Piece(fortify[1], p, False, card)
    players = list(s.players)
    players[p] = pl
    return s._replace(pieces=tuple(pieces), players=tuple(players), gates=gates)


def _edit_remove(game, s: BaldursGateState, node) -> BaldursGateState:
    L = game.language
    city, c = game.city, game.content
    if isinstance(node, int) and not isinstance(node, bool):
        node = f"P{node}"
    i = city.index.get(node) if isinstance(node, str) else None
    if i is None:
        raise InvalidInput(f"unknown node {node!r}")
    pc = s.pieces[i]
    if pc is None:
        raise InvalidPosition([(None, i18n.text("lab.edit.empty", L, node=node))])
    if pc.kind == "hq":
        raise InvalidPosition([("S3", i18n.text("lab.edit.keep_piece", L))])
    pieces = list(s.pieces)
    pieces[i] = None
    pl = s.players[pc.owner]
    players = list(s.players)
    changes: dict = {}
    if pc.kind in BUILDINGS:
        players[pc.owner] = pl._replace(portfolio=tuple(x for x in pl.portfolio if x != pc.card),
                                        used=tuple(x for x in pl.used if x != pc.card))
        changes["deck"] = tuple(sorted(s.deck + (pc.card,)))
        changes["avail"] = tuple(sorted(s.avail + (city.parcel_number[i],)))
    elif pc.kind == "gate":
        players[pc.owner] = pl._replace(portfolio=tuple(x for x in pl.portfolio if x != pc.card))
        order = [g.id for g in c.gates]
        changes["gates"] = tuple(g for g in order if g in s.gates or g == pc.card)
    return s._replace(pieces=tuple(pieces), players=tuple(players), **changes)


def check_files(content=None, city=None) -> list:
    """Every problem of a teacher's content file and/or city file (paths, or the parsed JSON / a networkx graph),
    as ``(rule, text)`` pairs; an empty list: both are fine (and fit each other)."""
    from ..core.files import shown_name
    from .city import check_city_graph, city_from_graph, load_city, read_graph
    from .content import check_content_city, load_content

    problems: list = []
    content_obj = city_obj = None
    if content is not None:
        try:  # a file is read through core.files.read_user_text (regular file, size cap)
            content_obj = load_content(content)
        except InvalidPosition as e:
            problems += e.problems
        except InvalidInput as e:
            problems.append((None, f"cannot read the content file: {e}"))
    if city is not None:
        try:
            if isinstance(city, nx.Graph):
                g, name = city, "city"
            else:
                g, name = read_graph(city), shown_name(city) if not isinstance(city, dict) else "city"
            found = check_city_graph(g, name)
            problems += found
            if not found:
                city_obj = city_from_graph(g, name)
        except GameError as e:
            problems.append((None, str(e)))
        except (TypeError, ValueError, KeyError, AttributeError, IndexError) as e:
            problems.append((None, f"the city is not valid: a value has the wrong type ({type(e).__name__})"))
    if not problems and (content_obj or city_obj):
        problems += check_content_city(content_obj or load_content(), city_obj or load_city())
    return problems
