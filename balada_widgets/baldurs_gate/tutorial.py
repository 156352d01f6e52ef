"""The Builders of Baldur's Gate tutorial: eighteen steps on real positions of the engine, in English and Czech.

Pure Python (no Solara import; the kit's lesson player is imported only when
a step is shown). A notebook cell is one line::

    from balada_widgets import baldurs_gate
    baldurs_gate.tutorial.step("connections")                 # Step 4 of 18, in English
    baldurs_gate.tutorial.step("connections", language="cs")  # the same step in Czech (C19)

The lesson follows the GUIDE's standard for tutorials and the step-by-step
plan of ``docs/baldurs-gate-tutorial-plan.md``:

- every step is a short text and an exercise the learner *does*: click the
  spots of the city, play a build, a worker's visit or an income on a live
  board (the engine applies each click and refuses what the rules refuse,
  with its own reminder), order the houses, choose, type a number;
- every answer comes from the engine: who gains what is the state after the
  engine's build, what an attack does is the engine's attack log, the score
  is the engine's final scoring, what you may do is its legal moves. A
  *misreading* is the same computation with one rule misread (the new
  building paying too, a gate defending, a network running through other
  houses' pieces...); when the learner's answer is what it gives, the
  feedback names it with its rule (:data:`MISREADINGS`);
- the boards are drawn by :func:`.drawing.city_svg` and
  :func:`.drawing.player_markup` from the learner's view with no target
  highlighted, and what a question asks is never shown on its board (the
  defence counter of a district whose defence is asked, the bag's count when
  the bag is asked, the prestige before the scoring is asked);
- the kit (:mod:`balada_widgets.kit.lesson`) gives the tiers: first wrong
  answer, the misreading with its rule; second, the hint; third or *Show me*,
  the answer walked through (the engine's words and traces).

Every word is in :mod:`.tutorial_words` (English and Czech side by side, the
same keys and fields in both); the engine's own words (card names, refusals,
descriptions) come in the game's language. The houses are *you* (player 1,
blue on the board), *Orange* (player 2) and *Green* (player 3), the colours
the drawing gives them; in Czech *ty*, *Oranžový* and *Zelený*.

>>> [s.id for s in STEPS][:5]
['city', 'turn', 'build', 'connections', 'parcel-token']
>>> ex = lesson("en").find("city").parts[1]
>>> ex.check(frozenset({"P29", "P31", "F-SEA-a", "F-SEA-b"})).ok
True
>>> fb = ex.check(frozenset({"P29", "P31", "F-SEA-a", "F-SEA-b", "L-SEA"}))
>>> fb.misreading, fb.rule
('city-location', 'C1')
>>> lesson("cs").find("city").title
'Město, čtvrti a plné čáry'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Callable, Iterable, Optional

from ..core.errors import InvalidInput
from ..core.feedback import Feedback, Step
from ..core.trace import Trace
from ..kit.lesson import Choose, LearnerBox, Lesson, LessonStep, NotebookFace, Number, Pick, Solution
from . import scoring
from .effects import cost_text, effect_text
from . import i18n
from .i18n import check_language, join_list, qty
from .rules import BaldursGateGame
from .state import (
    Attack, BaldursGateState, Build, Done, DrawToken, EndTurn, Gain, Income, Parcel, Piece, Player, Spot, Token, Track,
    Trade, Turn, Use, Worker,
)
from .tutorial_words import CATALOG as WORDS_CATALOG, KIT_KEYS

__all__ = ["MISREADINGS", "Misreading", "STEPS", "kit_words", "lesson", "position", "step", "tutorial", "w"]


# ============================================================================ words


def w(language: str, key: str, **fields) -> str:
    """The tutorial's text ``key`` in ``language`` with ``fields`` filled in (:mod:`.tutorial_words`)."""
    text = WORDS_CATALOG[language].get(key)
    if text is None:
        raise InvalidInput(f"no tutorial text {key!r}")
    return text.format(**fields) if fields else text


def kit_words(language: str) -> dict:
    """The kit's lesson player's words in ``language``: the keys of ``ui.tutorial.TUTORIAL_WORDS`` (buttons,
    tiers, progress) and of ``kit.lesson.LESSON_WORDS`` (why an answer is not read, how a rule is named)."""
    return {k: w(language, f"kit.{k}") for k in KIT_KEYS}


def _ruled(L: str, text: str, rule: Optional[str]) -> str:
    """``text (rule X)`` / ``text (pravidla X, Y)``."""
    if not rule:
        return text
    return f"{text} " + w(L, "rules" if "," in rule or "–" in rule else "rule", rule=rule)


def who(L: str, p: int) -> str:
    """The name of a house in a sentence: you, Orange, Green (ty, Oranžový, Zelený)."""
    return w(L, f"house.{p}")


def Who(L: str, p: int) -> str:
    s = who(L, p)
    return s[:1].upper() + s[1:]


# ============================================================================ misreadings


@dataclass(frozen=True)
class Misreading:
    """A way to misread a rule: its id, the step where it is recognised, the rule ids; the words are ``mis.<id>``."""

    id: str
    step: str
    rule: str

    def message(self, language: str) -> str:
        return w(language, f"mis.{self.id}")


_M = (
    ("city-other-track", "city", "BLD7"),
    ("city-two-lines", "city", "C2"),
    ("city-across-block", "city", "C2"),
    ("city-location", "city", "C1"),
    ("city-parcels-only", "city", "C2"),
    ("turn-build-unaffordable", "turn", "BLD1, C13"),
    ("turn-worker-away", "turn", "W1"),
    ("turn-pass", "turn", "C13"),
    ("turn-no-income", "turn", "C13"),
    ("turn-anticlockwise", "turn", "T2"),
    ("turn-again", "turn", "T1"),
    ("build-offer-card", "build", "C13"),
    ("build-too-expensive", "build", "BLD1"),
    ("build-closed-parcel", "build", "BLD2"),
    ("build-banned-parcel", "build", "P23-3"),
    ("build-no-when-built", "build", "BLD6"),
    ("conn-new-piece-pays", "connections", "C3"),
    ("conn-own-skipped", "connections", "C3"),
    ("conn-by-new-type", "connections", "C3"),
    ("conn-two-lines", "connections", "C2"),
    ("conn-forts-dont-pay", "connections", "FT2"),
    ("token-build-district", "parcel-token", "BLD7"),
    ("token-next-turn-first", "parcel-token", "BLD8"),
    ("token-end-of-game", "parcel-token", "BLD8, C6"),
    ("worker-blocked", "worker", "W2"),
    ("worker-damage-ignored", "worker", "A6, C9"),
    ("worker-damage-everything", "worker", "C9"),
    ("worker-two-trades", "worker", "W3"),
    ("worker-builder-only", "worker", "BLD4"),
    ("worker-all-go-home", "worker", "BLD4"),
    ("income-worker-left", "income", "C12, W4"),
    ("income-no-abilities", "income", "I2"),
    ("income-twice", "income", "I2"),
    ("income-stays-turned", "income", "I3"),
    ("chain-new-card-waits", "chain", "I4"),
    ("chain-no-build", "chain", "I2, R20"),
    ("chain-attack-waits", "chain", "C14"),
    ("chain-attack-next-turn", "chain", "BLD8, C14"),
    ("chain-income-ends", "chain", "C14"),
    ("faction-landing-only", "factions", "F2"),
    ("faction-start-again", "factions", "F2"),
    ("faction-one-step", "factions", "C9"),
    ("faction-past-end-lost", "factions", "C10"),
    ("fort-pays-nothing", "fortify", "C4, FT2"),
    ("fort-gate-pays-nothing", "fortify", "FT1, FT2"),
    ("fort-like-build", "fortify", "C4"),
    ("fort-count-pieces", "fortify", "A2"),
    ("fort-gate-defends", "fortify", "FT4, A2"),
    ("fort-own-only", "fortify", "A2"),
    ("fort-pick-gate", "fortify", "C11"),
    ("def-own-points", "defended", "A3"),
    ("def-no-bonus", "defended", "A4"),
    ("def-strictly-more", "defended", "A3"),
    ("def-buildings-defend", "defended", "C7"),
    ("def-marker-stays", "defended", "C6"),
    ("def-count-pieces", "defended", "C7"),
    ("def-bigger-piece", "defended", "C7"),
    ("def-tie-both", "defended", "A5"),
    ("fail-contributor-hit", "failed", "A8"),
    ("fail-hq-or-fort-hit", "failed", "A8"),
    ("fail-gate-protects", "failed", "FT4, C7"),
    ("fail-other-districts", "failed", "A7"),
    ("fail-prestige", "failed", "A9"),
    ("fail-token-on-building", "failed", "A6"),
    ("fail-marker-stays", "failed", "C6"),
    ("setup-hq-wrong-spot", "setup", "S3"),
    ("setup-hq-wrong-district", "setup", "S3"),
    ("setup-attack", "setup", "S7, C5"),
    ("setup-hidden-chosen", "setup", "S9, C5"),
    ("setup-bans-forgotten", "setup", "P23-1"),
    ("setup-three-player-bans", "setup", "P23-1"),
    ("setup-hidden-forgotten", "setup", "S9"),
    ("setup-peek", "setup", "S9, C18"),
    ("final-drawer-skips", "final-round", "E3"),
    ("final-drawer-again", "final-round", "E2, C15"),
    ("final-from-start-player", "final-round", "C15"),
    ("final-draw", "final-round", "R18"),
    ("final-already-attacked", "final-round", "C6, E4"),
    ("final-strength", "final-round", "C6"),
    ("score-no-threshold", "scoring", "E6, C16"),
    ("score-not-best", "scoring", "C16"),
    ("score-damaged-counts", "scoring", "C8"),
    ("score-through-others", "scoring", "C2"),
    ("score-all-groups", "scoring", "E7"),
    ("score-buildings-only", "scoring", "E7, FT3"),
    ("score-fort-district", "scoring", "E8"),
    ("score-agendas-leftover", "scoring", "C16"),
    ("score-cards-forgotten", "scoring", "E9"),
    ("score-game-prestige", "scoring", "C16"),
    ("tie-gates-as-buildings", "tie-break", "TB1"),
    ("tie-damaged-card-lost", "tie-break", "C8, TB1"),
    ("tie-wrong-order", "tie-break", "TB1–TB3"),
    ("tie-leftovers-break", "tie-break", "TB4, C17"),
    ("tie-nobody", "tie-break", "TB4"),
    ("adv-n-cards", "advanced", "ADV1"),
    ("adv-turn-order", "advanced", "ADV2, R44"),
    ("adv-discard", "advanced", "ADV3"),
    ("play-prestige-only", "play", "C16"),
)

#: Every misreading the checks recognise, by id (its words: ``mis.<id>`` in :mod:`.tutorial_words`).
MISREADINGS: dict[str, Misreading] = {m[0]: Misreading(*m) for m in _M}


def _mis(L: str, mid: str) -> Feedback:
    """The feedback naming misreading ``mid`` with its rule (never the answer)."""
    m = MISREADINGS[mid]
    return Feedback(False, _ruled(L, m.message(L), m.rule), m.rule, misreading=mid)


def _right(L: str, text: str, rule: Optional[str] = None, expected=None) -> Feedback:
    return Feedback(True, text, rule, expected=expected)


def _no(L: str, text: str, rule: str) -> Feedback:
    """A wrong answer no misreading explains: the step's rule named in the learner's language."""
    return Feedback(False, _ruled(L, text, rule), rule)


# ============================================================================ positions


def _game(players: int, L: str, advanced: bool = False) -> BaldursGateGame:
    return _game_cached(players, L, advanced)


@lru_cache(maxsize=None)
def _game_cached(players: int, L: str, advanced: bool) -> BaldursGateGame:
    return BaldursGateGame(players=players, language=L, advanced=advanced)


def position(game: BaldursGateGame, *, pieces=(), avail=(), banned=(), hidden=None, players=None, attacks=(),
             extra_tokens=None, active: int = 0, tasks=None, offer=None, end_by=None, final_left=None,
             over: bool = False, check: bool = True) -> BaldursGateState:
    """A whole, valid position built from what a step needs (everything else is filled in consistently).

    ``pieces``: ``(node, kind, owner)`` or ``(node, kind, owner, card)`` or with ``damaged=True`` as a fifth
    item (a building's card is the first unused card of its type unless given; a gate's card the top gate
    card). ``avail`` / ``banned``: parcel numbers. Every built, available or banned parcel's token lies on
    its district's attack track, in number order; ``extra_tokens`` ``{district: (tokens...)}`` adds tokens
    whose parcels are closed for other reasons (none in the shipped steps). ``attacks``: ``(district,
    "held" | "fell")`` in the order they happened, one per district holding 4 tokens (the strength marker
    follows). ``hidden``: the hidden token. ``players``: ``{p: {"gold": .., "supply": .., "favor": ..,
    "prestige": .., "influence": (..), "hand": (..), "agendas": (..), "hq": "SEA", "portfolio": (..),
    "worker": "HEA", "used": (..)}}``; every house has an HQ (the district given, else the first free one).
    ``tasks``: the pending steps (default: ``active``'s turn). :func:`validate_state` must find nothing wrong
    (``check``), so a step's position is a real one.
    """
    city, c = game.city, game.content
    n = game.players
    players = {p: dict(v) for p, v in (players or {}).items()}
    board: list = [None] * len(city.nodes)
    used_cards: set = set()
    for p in range(n):
        used_cards.update(players.get(p, {}).get("hand", ()))
        used_cards.update(players.get(p, {}).get("portfolio", ()))
    used_cards.update(offer or ())
    for pc in pieces:
        if len(pc) > 3 and pc[3]:
            used_cards.add(pc[3])
    gates_left = [g.id for g in c.gates if g.id not in used_cards]
    portfolios: dict = {p: list(players.get(p, {}).get("portfolio", ())) for p in range(n)}
    for pc in pieces:
        node, kind, owner = pc[0], pc[1], pc[2]
        card = pc[3] if len(pc) > 3 else ""
        damaged = bool(pc[4]) if len(pc) > 4 else False
        if kind in ("inn", "hall", "market", "temple") and not card:
            card = next(b for b in sorted(c.buildings) if c.buildings[b].type == kind and b not in used_cards)
        if kind == "gate" and not card:
            card = gates_left.pop(0)
        if card:
            used_cards.add(card)
            if card not in portfolios[owner]:
                portfolios[owner].append(card)
        board[city.index[node]] = Piece(kind, owner, damaged, card)
    # HQs: the district given, else the first district without an HQ
    taken = {players.get(p, {}).get("hq") for p in range(n)}
    free = [d for d in city.districts if d not in taken]
    hqs = {}
    for p in range(n):
        d = players.get(p, {}).get("hq") or free.pop(0)
        hqs[p] = d
        board[city.hq_spot[d]] = Piece("hq", p)
    # tokens: every parcel that is built, available or banned has its token on its district's track
    drawn = set(avail) | set(banned)
    drawn |= {city.parcel_number[i] for i, pc in enumerate(board) if pc is not None and city.kind[i] == "parcel"}
    tracks = {d: [] for d in city.districts}
    for x in sorted(drawn):
        tracks[city.district_of_parcel(x)].append(x)
    for d, extra in (extra_tokens or {}).items():
        tracks[d] += list(extra)
    bag = tuple(sorted(set(city.parcels) - drawn - {x for v in (extra_tokens or {}).values() for x in v}
                       - ({hidden} if hidden else set())))
    # attacks so far: contributions from the fortifications on the board (C7), the result as given
    log, damage = [], []
    dv = c.defence
    for k, (d, result) in enumerate(attacks):
        strength = c.strength_track[k]
        contrib = [0] * n
        for i in city.forts_of[d]:
            if board[i] is not None:
                contrib[board[i].owner] += dv.get(board[i].kind, 0)
        defence = sum(contrib)
        held = result == "held"
        if held != (defence >= strength):
            raise InvalidInput(f"the tutorial's attack on {d} ({result}) does not fit its defence {defence} "
                               f"against strength {strength}")
        rewards = [0] * n
        if held:
            top = max(contrib)
            for p, v in enumerate(contrib):
                if v:
                    rewards[p] = strength * (2 if v == top and contrib.count(top) == 1 else 1)
        hit = tuple(city.parcel_number[i] for i in sorted(city.parcel_index[x] for x in city.parcels_of[d])
                    if board[i] is not None and board[i].damaged)
        log.append(Attack(d, strength, defence, held, False, tuple(contrib), tuple(rewards), hit))
        if not held:
            damage.append(d)
    # cards: hands, portfolios, the offer, the decks
    all_hands = [c for p in range(n) for c in players.get(p, {}).get("hand", ())]
    spare = [b for b in sorted(c.buildings) if b not in used_cards and b not in all_hands]
    offer = tuple(offer) if offer is not None else tuple(spare[:4])
    deck = tuple(b for b in spare if b not in offer)
    agendas_used = {a for p in range(n) for a in players.get(p, {}).get("agendas", ()) or ()}
    free_agendas = [a for a in sorted(c.agendas) if a not in agendas_used]
    for p in range(n):  # a house without given agendas holds three (nobody sees another's anyway)
        if players.setdefault(p, {}).get("agendas") is None:
            players[p]["agendas"] = tuple(free_agendas[:3])
            free_agendas = free_agendas[3:]
        if p and players[p].get("hand") is None:
            players[p]["hand"] = tuple(deck[:2])
            deck = deck[2:]
    agenda_deck = tuple(free_agendas)
    plist = []
    for p in range(n):
        d = players.get(p, {})
        prestige = d.get("prestige", 0)
        plist.append(Player(
            gold=d.get("gold", 6), supply=d.get("supply", 1), favor=d.get("favor", 1), prestige=prestige,
            influence=tuple(d.get("influence", (0, 0, 0))), hand=tuple(d.get("hand", ())),
            agendas=tuple(d.get("agendas", ())), hq=f"hq-{hqs[p]}", portfolio=tuple(portfolios[p]),
            worker=d.get("worker", ""), used=tuple(d.get("used", ())),
            gains=tuple(d["gains"]) if "gains" in d else ((Gain("OV1", prestige, "other"),) if prestige else ())))
    gates = tuple(g.id for g in c.gates if g.id not in used_cards)
    state = BaldursGateState(
        players=tuple(plist), pieces=tuple(board), avail=tuple(sorted(avail)), banned=tuple(sorted(banned)),
        bag=bag, tracks=tuple(tuple(tracks[d]) for d in city.districts), hidden=hidden, revealed=False,
        strength=min(len(log), len(c.strength_track) - 1), damage=tuple(damage), attacks=tuple(log), deck=deck,
        offer=offer, agenda_deck=agenda_deck, gates=gates,
        hq_deck=tuple(h for h in sorted(c.hqs) if h not in {f"hq-{d}" for d in hqs.values()}),
        active=active, end_by=end_by, final_left=final_left,
        tasks=tuple(tasks) if tasks is not None else ((Turn(active), EndTurn(active)) if not over else ()),
        over=over)
    if check:
        problems = game.validate(state)
        if problems:
            raise InvalidInput("the tutorial's position is not valid: " + "; ".join(
                f"{text} ({rule})" if rule else text for rule, text in problems))
    return state


# ============================================================================ live exercises (the engine plays clicks)


@dataclass(frozen=True)
class Frame:
    """A live exercise after some clicks: the state, what the last click did, the log, the refused clicks."""

    state: BaldursGateState
    message: str = ""
    log: tuple = ()
    refused: tuple = ()  # (click id, rule, move) of each click the engine refused, in order
    moves: tuple = ()  # the learner's moves the engine applied, in order


def _bare(id_: str) -> str:
    """A click's id without its ``@n`` suffix (every live drawing numbers its ids, so a click can repeat)."""
    return id_.split("@", 1)[0]


class Live:
    """A live exercise: the learner's clicks become the engine's moves on ``start``.

    ``tokens``: the parcel tokens the builds draw, in order (chance is scripted, so a step plays the same
    every time); ``others(state)`` the move of another house when it decides (``None``: the exercise stops
    there); ``stop(state)``: the exercise is over (by default: the learner's turn is over). A click the
    engine refuses leaves the position as it was and shows the engine's reason with its rule.
    """

    def __init__(self, game, start: BaldursGateState, *, tokens=(), others=None, stop=None, me: int = 0,
                 draw_token=True, chance=None):
        self.game, self.start, self.tokens, self.others = game, start, tuple(tokens), others
        self.me = me
        self.chance = chance  # chance(state, k) -> move: a seeded draw (the last step's game); else scripted
        self.draw_token = draw_token
        self.stop = stop or (lambda s: s.over or (s.tasks and type(s.tasks[0]) is Turn and s.tasks[0].player != me))
        self._cache: dict = {}

    # -- chance and the other houses
    def settle(self, state: BaldursGateState, log: list) -> BaldursGateState:
        g = self.game
        for _ in range(400):
            if state.over or self.stop(state):
                return state
            if g.is_chance(state):
                task = state.tasks[0]
                if self.chance is not None:
                    move = self.chance(state, len(log))
                elif type(task) is DrawToken and task.purpose == "build":
                    if not self.draw_token:
                        return state
                    want = [x for x in self.tokens if x in state.bag]
                    move = Token(want[0]) if want else g.chance_outcomes(state)[0][0]
                else:
                    move = g.chance_outcomes(state)[0][0]
                log.append(g.describe_move(state, move, self.me))
                state = g.apply(state, move)
                continue
            who_ = g.to_move(state)
            if who_ == (self.me,):
                return state
            if self.others is None:
                return state
            move = self.others(g, state)
            if move is None:
                return state
            log.append(g.describe_move(state, move, self.me))
            state = g.apply(state, move)
        raise RuntimeError("the tutorial's live exercise did not come to rest")  # pragma: no cover

    def first(self) -> Frame:
        log: list = []
        return Frame(self.settle(self.start, log), "", ())

    def move_of(self, state: BaldursGateState, id_: str):
        """The move a click means now (legal or not: the engine then says why not), or ``None``."""
        g, p = self.game, self.me
        if not state.tasks or g.to_move(state) != (p,):
            return None
        kind = g.pending(state).kind
        if id_ == "m-income":
            return Income(p)
        if id_ == "m-done":
            return Done(p)
        if id_.startswith("m-trade-"):
            return Trade(p, "" if id_ == "m-trade-none" else id_[8:])
        if id_.startswith("P") and id_[1:].isdigit():
            return Parcel(p, int(id_[1:]))
        if id_.startswith("L-"):
            return Worker(p, id_[2:])
        if id_.startswith("F-"):
            return Spot(p, id_)
        if id_.startswith("track-"):
            return Track(p, id_[6:])
        if id_.startswith("card-"):
            card = id_[5:]
            pl = state.players[p]
            if kind == "income" and (card == pl.hq or card in pl.portfolio):
                alts = [a for c_, a in g.usable(state, p) if c_ == card]
                return Use(p, card, alts[0] if alts else 0)
            from .state import Bottom, Keep, Pick, Take

            special = {"keep": Keep, "offer": Take, "bottom": Bottom, "pick": Pick}.get(kind)
            return special(p, card) if special else Build(p, card)
        return None

    def frame(self, sel: tuple) -> Frame:
        sel = tuple(sel)
        if sel in self._cache:
            return self._cache[sel]
        if not sel:
            out = self.first()
        else:
            prev = self.frame(sel[:-1])
            out = self._click(prev, _bare(sel[-1]))
        self._cache[sel] = out
        return out

    def _click(self, prev: Frame, id_: str) -> Frame:
        g, L = self.game, self.game.language
        state = prev.state
        if state.over or self.stop(state):
            return replace(prev, message=w(L, "live.over"))
        move = self.move_of(state, id_)
        if move is None:
            return replace(prev, message=w(L, "live.nothing_there"))
        if not g.is_legal(state, move):
            rule, why = g.why_illegal(state, move)
            if type(move) is Trade and g.pending(state).kind != "trade":
                rule, why = "W3", w(L, "live.one_trade")
            return replace(prev, message=_ruled(L, why[:1].upper() + why[1:] + ".", rule),
                           refused=prev.refused + ((id_, rule, move),))
        log = list(prev.log) + [g.describe_move(state, move, self.me)]
        state = self.settle(g.apply(state, move), log)
        return Frame(state, "", tuple(log), prev.refused, prev.moves + (move,))

    def clicks(self, moves) -> tuple:
        """The click ids (``id@n``) that play ``moves`` (for *Show me* and the tests)."""
        out: list = []
        for m in moves:
            id_ = _click_id(m)
            out.append(f"{id_}@{len(out)}")
        return tuple(out)


def _click_id(m) -> str:
    from .drawing import move_target

    t_ = move_target(m)
    if t_ is not None:
        return t_
    if type(m) is Income:
        return "m-income"
    if type(m) is Done:
        return "m-done"
    if type(m) is Trade:
        return f"m-trade-{m.trade or 'none'}"
    raise InvalidInput(f"no click plays {m!r}")  # pragma: no cover


# ============================================================================ drawing


TUTORIAL_CSS = """
.bw-bgt { font: 13px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #2b2418; }
.bw-bgt .cap { margin: 2px 0 6px; padding: 5px 10px; border-radius: 8px; background: #eef4fb; color: #1e3c66;
  border: 1px solid #b9cde6; }
.bw-bgt .cap.warn { background: #fff4d6; color: #5a4300; border-color: #e0b44a; }
.bw-bgt .cap.ok { background: #e3f4e6; color: #1b5e2b; border-color: #9ccfa6; }
.bw-bgt .chips { display: flex; flex-wrap: wrap; gap: 6px; margin: 4px 0 8px; }
.bw-bgt .chip { padding: 3px 11px; border-radius: 14px; border: 1.5px solid #9cb8dc; background: #f4f8fd;
  color: #1e3c66; cursor: pointer; font-size: 12.5px; }
.bw-bgt .chip:hover { background: #e3eefb; }
.bw-bgt .chip.sel { background: #1565c0; border-color: #1565c0; color: white; }
.bw-bgt .chip.back { border-color: #bbb; background: #fff; color: #555; }
.bw-bgt .log { color: #555; font-size: 12px; margin: 4px 0; }
.bw-bgt .cols { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; margin-bottom: 6px; }
.bw-bgt .cols > div { flex: 1 1 300px; }
.bw-bgt svg.bw-bg { width: 100%; height: auto; max-width: 980px; }
"""


def _css() -> str:
    from .drawing import CARDS_CSS, CSS

    return CSS + CARDS_CSS + TUTORIAL_CSS


def _defs() -> str:
    from .drawing import DEFS

    return DEFS


def _esc(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;"))


def _city(game, state, *, selected=(), viewer: int = 0, mask_defence=False, clickable=True, suffix="") -> str:
    """The city as ``viewer`` sees it, nothing highlighted; ``selected`` drawn chosen.

    ``mask_defence``: every district's defence counter shows "?" (a step that asks for a defence).
    ``clickable=False``: no element carries a ``data-id`` (a question answered by the options under it).
    ``suffix``: appended to every ``data-id`` (a live board numbers its clicks).
    """
    from .drawing import city_svg

    svg = city_svg(game, game.view(state, viewer), viewer=viewer, selected=tuple(selected))
    if mask_defence:
        svg = re.sub(r'(<text[^>]*class="def-n"[^>]*>)\d+(</text>)', r"\g<1>?\g<2>", svg)
        svg = re.sub(r"(attack track of [^;]*?; defence |; obrana )\d+", r"\g<1>?", svg)
    if not clickable:
        svg = re.sub(r' data-id="[^"]*"', "", svg).replace(' role="button"', "")
    elif suffix:
        svg = re.sub(r'data-id="([^"]+)"', lambda m: f'data-id="{m.group(1)}{suffix}"', svg)
    return svg


def _chip(id_: str, label: str, selected: bool = False, cls: str = "") -> str:
    c = "chip" + (" sel" if selected else "") + (f" {cls}" if cls else "")
    return f'<div class="{c}" data-id="{_esc(id_)}" role="button" aria-label="{_esc(label)}">{_esc(label)}</div>'


def _chips(chips: Iterable[str]) -> str:
    chips = [c for c in chips if c]
    return f'<div class="chips">{"".join(chips)}</div>' if chips else ""


def _cap(text: str, kind: str = "") -> str:
    return f'<div class="cap{" " + kind if kind else ""}" role="status">{_esc(text)}</div>' if text else ""


def _html(*parts: str, label: str = "") -> str:
    return f'<div class="bw-bgt" role="group" aria-label="{_esc(label)}">{"".join(p for p in parts if p)}</div>'


# ============================================================================ exercises


@dataclass(frozen=True)
class Count(Number):
    """A whole number, with or without its unit (``"6"``, ``"6 prestige"``, ``"6 prestiží"``)."""

    def read(self, raw):
        if isinstance(raw, str):
            raw = re.sub(r"(?<=\d)\s*[^\d\s][^\d]*$", "", raw.strip())
        return super().read(raw)


def _pick(prompt, check, draw, **kw) -> Pick:
    return Pick(prompt, check, draw=draw, css=_css(), defs=_defs(), **kw)


def _options(prompt: str, options, check, *, board=None, hint: str, solution, label: str = "",
             many: bool = False) -> Pick:
    """A question answered by one of ``options`` (``(value, label)``; ``many``: several, a frozenset of
    values), shown as chips above ``board()``.

    The board carries no ``data-id`` (nothing on it is an answer); the answer is the option's value.
    """
    ids = {f"opt-{v}": v for v, _ in options}

    def draw(sel):
        chosen = {_bare(x) for x in sel}
        chips = _chips(_chip(f"opt-{v}", lab, f"opt-{v}" in chosen) for v, lab in options)
        return _html(chips, board() if board else "", label=label)

    def chk(ans):
        if many:
            return check(frozenset(ids.get(_bare(a), a) for a in ans))
        return check(ids.get(_bare(ans), ans))

    return _pick(prompt, chk, draw, mode="set" if many else "one", hint=hint, solution=solution,
                 label=label or prompt)


def _board_of(game, state, *, me=True, offer=False, others=False, hand=True, mask_defence=False) -> str:
    """What a player at the table sees: your board (resources, portfolio, hand), the offer, the city; no data-ids."""
    from .drawing import cards_markup, player_markup

    L = game.language
    view = game.view(state, 0)
    parts = []
    cols = []
    if me:
        cols.append(player_markup(game, view, 0, viewer=0, name=Who(L, 0) + " (1)", hand=hand))
    if others:
        for p in range(1, game.players):
            cols.append(player_markup(game, view, p, viewer=0, name=f"{Who(L, p)} ({p + 1})", hand=True))
    if offer:
        cols.append(cards_markup(game, view.offer, title=i18n.text("ui.offer_label", L)))
    if cols:
        parts.append('<div class="cols">' + "".join(f"<div>{c}</div>" for c in cols) + "</div>")
    parts.append(_city(game, state, clickable=False, mask_defence=mask_defence))
    return re.sub(r' data-id="[^"]*"', "", "".join(parts)).replace(' role="button"', "")


def _solution(answer: str, explanation: str = "", trace=None, picks=(), where_label: str = "") -> Solution:
    return Solution(answer, explanation, trace=trace, picks=tuple(picks), where_label=where_label or "·")


def spot_text(game, node: str, L: str) -> str:
    """A spot of the city in plain words: a parcel by number, a fortification spot by the parcels it touches."""
    city = game.city
    if node.startswith("L-"):
        d = node[2:]
        return w(L, "spot.location", name=game.content.location_name(d, L), district=_district(game, d, L))
    i = city.index[node]
    d = _district(game, city.district_of[i], L)
    kind = city.kind[i]
    if kind == "parcel":
        return w(L, "spot.parcel", n=city.parcel_number[i], district=d)
    if kind == "hq":
        return w(L, "spot.hq", district=d)
    a, b = sorted(city.parcel_number[j] for j in city.adj[i] if city.kind[j] == "parcel")[:2]
    return w(L, "spot.fort", a=a, b=b, district=d)


def _nodes_text(game, nodes, L: str) -> str:
    return join_list([spot_text(game, n, L) for n in nodes], L)


def _district(game, code: str, L: str) -> str:
    return game.city.district_name(code, L)


def _district_of_id(game, id_: str) -> Optional[str]:
    """The district a clicked id lies in (a spot, a parcel, a location, an attack track), or None."""
    city = game.city
    if id_ in city.index:
        return city.district_of[city.index[id_]]
    for prefix in ("L-", "attack-"):
        if id_.startswith(prefix) and id_[len(prefix):] in city.names:
            return id_[len(prefix):]
    return None


def _trade_chips(game, state, district: str, sfx: str) -> list:
    L = game.language
    extra = i18n.text("desc.damaged_extra", L) if district in state.damage else ""
    out = [_chip(f"m-trade-{tr.id}{sfx}",
                 i18n.text(f"ui.trade.{tr.id}", L) + ": " + game.trade_text(district, tr.id, L) + extra)
           for tr in game.content.locations[district].trades]
    return out + [_chip(f"m-trade-none{sfx}", i18n.text("ui.btn.no_trade", L))]


def _pre_scoring(view: BaldursGateState) -> BaldursGateState:
    """The view with each house's prestige before the final scoring (E6-E9 taken off): the score stays a question."""
    players = tuple(pl._replace(prestige=pl.prestige - sum(x.points for x in pl.gains
                                                           if x.rule in ("E6", "E7", "E8", "E9")))
                    for pl in view.players)
    return view._replace(players=players)


def _live_draw(live: Live, sel: tuple, *, board: str = "full", offer: bool = False, mask_defence: bool = False,
               log: bool = True, label: str = "", others: bool = False, hide_score: bool = False) -> str:
    """A live exercise's board after the clicks ``sel``: what happened, the buttons, your board, the city.

    ``board``: ``"full"`` (your resources, portfolio and hand), ``"hand"`` (only your hand: the resources
    stay out of sight when the question is what they become) or ``"none"``.
    """
    from .drawing import cards_markup, player_markup

    g, L = live.game, live.game.language
    fr = live.frame(tuple(sel))
    state = fr.state
    n = len(sel)
    sfx = f"@{n}"
    view = g.view(state, live.me)
    stopped = state.over or live.stop(state)
    if fr.message:
        cap = _cap(fr.message, "warn")
    elif stopped:
        cap = _cap(w(L, "live.done"), "ok")
    else:
        pend = g.pending(state)
        cap = _cap(w(L, f"live.note.{pend.kind}") if pend.player == live.me and
                   f"live.note.{pend.kind}" in _words_of(L) else pend.text)
    chips = []
    if not stopped and g.to_move(state) == (live.me,):
        kind = g.pending(state).kind
        if kind == "turn":
            chips.append(_chip(f"m-income{sfx}", w(L, "live.income")))
        if kind == "income":
            chips.append(_chip(f"m-done{sfx}", i18n.text("ui.btn.done", L)))
        here = state.players[live.me].worker
        if here and (kind == "trade" or (kind in ("spot", "track") and any(type(m) is Worker for m in fr.moves))):
            chips += _trade_chips(g, state, here, sfx)
    if sel:
        chips.append(_chip(sel[-1], w(L, "live.back"), cls="back"))
    parts = [cap, _chips(chips)]
    cols = []
    if hide_score and state.over:
        view = _pre_scoring(view)
    if not stopped and g.to_move(state) == (live.me,) and g.pending(state).kind == "keep":
        cols.append(cards_markup(g, view.tasks[0].drawn, title=i18n.text("ui.cards_keep", L)))
    if board == "full":
        cols.append(player_markup(g, view, live.me, viewer=live.me, name=Who(L, live.me) + f" ({live.me + 1})"))
    if others:
        for p in range(g.players):
            if p != live.me:
                cols.append(player_markup(g, view, p, viewer=live.me, name=f"{Who(L, p)} ({p + 1})"))
    elif board == "hand":
        cols.append(cards_markup(g, view.players[live.me].hand, title=w(L, "live.your_hand")))
    if offer:
        cols.append(cards_markup(g, view.offer, title=i18n.text("ui.offer_label", L)))
    if cols:
        block = '<div class="cols">' + "".join(f"<div>{c}</div>" for c in cols) + "</div>"
        parts.append(re.sub(r'data-id="([^"]+)"', lambda m: f'data-id="{m.group(1)}{sfx}"', block))
    parts.append(_city(g, state, suffix=sfx, mask_defence=mask_defence))
    if log and fr.log:
        parts.append('<div class="log">' + "<br>".join("· " + _esc(x) for x in fr.log[-5:]) + "</div>")
    return _html(*parts, label=label)


def _words_of(L: str) -> dict:
    return WORDS_CATALOG[L]


def _live_pick(live: Live, prompt: str, check, *, hint: str, solution, label: str, **draw_kw) -> Pick:
    return _pick(prompt, check, lambda sel: _live_draw(live, sel, label=label, **draw_kw), mode="sequence",
                 hint=hint, solution=solution, label=label)


def _refusal(L: str, fr: Frame, mapping: Callable[[str, str, Any], Optional[str]]) -> Optional[Feedback]:
    """The last refused click as feedback: its misreading (``mapping(id, rule, move)``), else the engine's
    reason with its rule (what the board showed when it was clicked); ``None`` if nothing was refused."""
    if not fr.refused:
        return None
    id_, rule, move = fr.refused[-1]
    mid = mapping(id_, rule, move)
    if mid:
        return _mis(L, mid)
    return Feedback(False, fr.message or _ruled(L, w(L, "live.refused"), rule), rule)


def late_position(game, *, pieces=(), avail=(), banned=(), attacks=(), fillers=(1, 2), **kw) -> BaldursGateState:
    """A position late in the game: every attacked district's other parcels hold the ``fillers``' buildings
    (in turn), damaged where the attack fell and their owner had no tower or keep there, and a held attack
    gets the fillers' keeps until its defence reaches the strength. The rest is :func:`position`'s."""
    city, c = game.city, game.content
    pieces = [tuple(p) for p in pieces]
    taken = {p[0] for p in pieces}
    kinds = ("inn", "hall", "market", "temple")
    k_ = 0
    f_ = 0
    for idx, (d, result) in enumerate(attacks):
        strength = c.strength_track[idx]
        forts = [p for p in pieces if p[0] in {city.nodes[i] for i in city.forts_of[d]}]
        if result == "held":
            while sum(c.defence.get(p[1], 0) for p in forts) < strength:
                spot = next(city.nodes[i] for i in city.forts_of[d] if city.nodes[i] not in taken)
                owner = fillers[f_ % len(fillers)]
                f_ += 1
                forts.append((spot, "keep", owner))
                pieces.append((spot, "keep", owner))
                taken.add(spot)
        defenders = {p[2] for p in forts if c.defence.get(p[1], 0)}
        for x in city.parcels_of[d]:
            node = f"P{x}"
            if node in taken or x in avail or x in banned:
                continue
            owner = fillers[f_ % len(fillers)]
            f_ += 1
            pieces.append((node, kinds[k_ % 4], owner, "", result == "fell" and owner not in defenders))
            k_ += 1
            taken.add(node)
    return position(game, pieces=pieces, avail=avail, banned=banned, attacks=attacks, **kw)


# ============================================================================ the steps: static description

_S = (
    ("city", ("OV1", "OV2", "C1", "C2", "R2", "R3"), "click a parcel and its track, then every spot connected to it"),
    ("turn", ("OV5", "T1", "T2", "W1", "C13", "R5", "R16"), "tick the actions you may take, say who plays next"),
    ("build", ("OV3", "OV4", "BLD1", "BLD2", "BLD3", "BLD6", "C13", "R10", "R17"), "build a card on the board"),
    ("connections", ("EX1", "EX2", "BLD5", "C2", "C3", "FT2", "R7"), "build, then tick what each house gains"),
    ("parcel-token", ("OV6", "EX3", "BLD7", "BLD8"), "place the drawn token, say what happens next"),
    ("worker", ("OV7", "W1", "W2", "W3", "W4", "BLD4", "A6", "C9", "R23", "R24"),
     "send the worker, pay a damaged location's price, find who goes home"),
    ("income", ("OV4", "I1", "I2", "I3", "W4", "C12", "R20", "R28"), "take income with every card once"),
    ("chain", ("I4", "C14", "R19", "R20"), "say what an attack in the middle of income does, then play the chain"),
    ("factions", ("F1", "F2", "F3", "C10", "R35", "R36", "R37"), "move a cube on a faction track, collect rewards"),
    ("fortify", ("FT1", "FT2", "FT3", "FT4", "A2", "C4", "C11", "R8", "R25", "R26", "R27"),
     "build a keep, tick the gains, count a defence, take a gate card"),
    ("defended", ("A1", "A2", "A3", "A4", "A5", "C6", "C7", "R29", "R32"), "resolve two defended attacks"),
    ("failed", ("OV7", "A6", "A7", "A8", "A9", "C6", "C8", "FT4", "R33", "R34"), "resolve a failed attack"),
    ("setup", ("S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "P23-1", "P23-2", "P23-3", "C5", "C18",
               "R9", "R12", "R13", "R14", "R15"), "place an HQ, a setup draw, count the bag, the hidden token"),
    ("final-round", ("OV8", "E1", "E2", "E3", "E4", "E5", "S9", "C6", "C15", "R18", "R30", "R31", "R40"),
     "order the final turns, find the final attack"),
    ("scoring", ("OV1", "E6", "E7", "E8", "E9", "FT3", "C2", "C8", "C16", "R38", "R39", "R41", "R42"),
     "score agendas, network, districts and leftovers"),
    ("tie-break", ("TB1", "TB2", "TB3", "TB4", "C8", "C17"), "break a tie, find a syndicate"),
    ("advanced", ("ADV0", "ADV1", "ADV2", "ADV3", "ADV4", "R44"), "the advanced setup"),
    ("play", ("C18", "C19"), "play a short game against a bot and predict your score"),
)

#: The tutorial's steps (English titles; ``lesson("cs")`` has the Czech ones): id, title, rules, what the learner does.
STEPS = [Step(i, w("en", f"{i}.title"), rules, does) for i, rules, does in _S]


def _rules(step_id: str) -> tuple:
    return next(s.rules for s in STEPS if s.id == step_id)


def _lstep(L: str, step_id: str, parts) -> LessonStep:
    return LessonStep(step_id, w(L, f"{step_id}.title"), _rules(step_id), w(L, f"{step_id}.text"), tuple(parts))


# ============================================================================ 1. city


def _city_position(L):
    g = _game(3, L)
    s = position(g, avail=(2, 7, 11, 17, 22, 26, 32, 35), banned=(13, 21, 27, 34), hidden=6,
                 players={0: {"hq": "BLO"}, 1: {"hq": "MAN"}, 2: {"hq": "HEA"}},
                 tasks=(DrawToken("build"), EndTurn(0)))
    return g, s


_BUILDERS: dict[str, Callable[[str], LessonStep]] = {}


def _builds(step_id: str):
    def deco(fn):
        _BUILDERS[step_id] = fn
        return fn
    return deco


@_builds("city")
def _step_city(L: str) -> LessonStep:
    g, s = _city_position(L)
    TOKEN = 30
    after = g.apply(s, Token(TOKEN))
    node = f"P{TOKEN}"
    opened = [x for x in after.avail if x not in s.avail]
    track = next(d for k, d in enumerate(g.city.districts) if len(after.tracks[k]) > len(s.tracks[k]))
    right_a = (f"P{opened[0]}", f"attack-{track}")
    dname = _district(g, track, L)

    def draw_a(sel):
        return _html(_cap(w(L, "city.a.caption", n=TOKEN)), _city(g, s, selected=sel), label=w(L, "city.a.label"))

    def check_a(seq):
        seq = tuple(seq)
        if seq == right_a:
            return _right(L, w(L, "city.a.right", n=TOKEN, district=dname))
        if len(seq) == 2 and seq[0] == right_a[0] and seq[1].startswith("attack-"):
            return _mis(L, "city-other-track")
        return _no(L, w(L, "city.a.no", n=TOKEN), "BLD7")

    part_a = _pick(w(L, "city.a.prompt", n=TOKEN), check_a, draw_a, mode="sequence", label=w(L, "city.a.label"),
                   hint=w(L, "city.a.hint", n=TOKEN),
                   solution=_solution(w(L, "city.a.answer", n=TOKEN, district=dname),
                                      w(L, "city.a.explain", n=TOKEN, district=dname,
                                        parcels=f"{min(g.city.parcels_of[track])}–{max(g.city.parcels_of[track])}"),
                                      picks=right_a))

    city = g.city
    i = city.index[node]
    right_b = frozenset(city.nodes[j] for j in city.adj[i])
    near = set(right_b)
    two = {city.nodes[k] for j in city.adj[i] for k in city.adj[j]} - near - {node}

    def check_b(ans):
        ans = frozenset(ans)
        if ans == right_b:
            return _right(L, w(L, "city.b.right", n=TOKEN))
        for x in sorted(ans - right_b):
            if x.startswith("L-"):
                return _mis(L, "city-location")
            if x in city.index and city.kind[city.index[x]] == "parcel" and \
                    city.district_of[city.index[x]] == city.district_of[i]:
                return _mis(L, "city-across-block")
            if x in two:
                return _mis(L, "city-two-lines")
        if ans < right_b and all(city.kind[city.index[x]] == "fort" for x in right_b - ans):
            return _mis(L, "city-parcels-only")
        return _no(L, w(L, "city.b.no", n=TOKEN), "C2")

    def draw_b(sel):
        return _html(_city(g, after, selected=sel), label=w(L, "city.b.label"))

    ends = sorted(right_b, key=lambda x: (city.kind[city.index[x]] != "parcel", x))
    part_b = _pick(w(L, "city.b.prompt", n=TOKEN), check_b, draw_b, mode="set", label=w(L, "city.b.label"),
                   hint=w(L, "city.b.hint", n=TOKEN),
                   solution=_solution(_nodes_text(g, ends, L),
                                      w(L, "city.b.explain", n=TOKEN, ends=_nodes_text(g, ends, L),
                                        district=_district(g, city.district_of[i], L)),
                                      picks=tuple(ends)))
    return _lstep(L, "city", (part_a, part_b))


# ============================================================================ 2. turn

ACTIONS = ("build", "worker", "income", "pass")


def _turn_position(L):
    g = _game(3, L)
    s = position(g, avail=(2, 7, 11, 17, 22, 26, 32, 35), banned=(13, 21, 27, 34), hidden=6,
                 players={0: {"hq": "BLO", "gold": 4, "supply": 2, "favor": 1, "worker": "HEA",
                              "hand": ("temple-11", "inn-07")},
                          1: {"hq": "MAN"}, 2: {"hq": "EAS"}},
                 offer=("market-01", "hall-04", "inn-05", "temple-02"))
    return g, s


@_builds("turn")
def _step_turn(L: str) -> LessonStep:
    g, s = _turn_position(L)
    legal = g.legal_moves(s, 0)
    kinds = {Build: "build", Worker: "worker", Income: "income"}
    right_a = frozenset(kinds[type(m)] for m in legal if type(m) in kinds)
    why_not = {"build": "turn-build-unaffordable", "worker": "turn-worker-away", "pass": "turn-pass"}
    labels = [(a, w(L, f"turn.action.{a}")) for a in ACTIONS]

    def check_a(ans):
        if ans == right_a:
            return _right(L, w(L, "turn.a.right"))
        if "income" in right_a and "income" not in ans:
            return _mis(L, "turn-no-income")
        for a in ACTIONS:
            if a in ans and a not in right_a and a in why_not:
                return _mis(L, why_not[a])
        return _no(L, w(L, "turn.a.no"), "T1")

    pl = s.players[0]
    cards = join_list([f"{g.card_name(c)} ({qty(g.content.buildings[c].cost, 'gold', L)})" for c in pl.hand], L)
    offer_cheap = min(s.offer, key=lambda c: g.content.buildings[c].cost)
    explain_a = w(L, "turn.a.explain", cards=cards, gold=qty(pl.gold, "gold", L), offer=g.card_name(offer_cheap),
                  location=g.content.location_name(pl.worker, L), district=_district(g, pl.worker, L))
    part_a = _options(w(L, "turn.a.prompt"), labels, check_a, many=True,
                      board=lambda: _board_of(g, s, offer=True), hint=w(L, "turn.a.hint"),
                      solution=_solution(join_list([w(L, f"turn.action.{a}") for a in ACTIONS if a in right_a], L),
                                         explain_a, picks=tuple(f"opt-{a}" for a in ACTIONS if a in right_a)),
                      label=w(L, "turn.a.label"))

    after = g.apply(g.apply(s, Income(0)), Done(0))
    nxt = after.tasks[0].player
    options_b = [(str(p), Who(L, p) + (f" ({p + 1})")) for p in range(g.players)]

    def check_b(ans):
        p = int(ans)
        if p == nxt:
            return _right(L, w(L, "turn.b.right", player=Who(L, nxt)))
        if p == 0:
            return _mis(L, "turn-again")
        if p == (0 - 1) % g.players:
            return _mis(L, "turn-anticlockwise")
        return _no(L, w(L, "turn.b.no"), "T2")

    part_b = _options(w(L, "turn.b.prompt"), options_b, check_b, hint=w(L, "turn.b.hint"),
                      solution=_solution(Who(L, nxt), w(L, "turn.b.explain", player=Who(L, nxt)),
                                         picks=(f"opt-{nxt}",)),
                      label=w(L, "turn.b.label"))
    return _lstep(L, "turn", (part_a, part_b))


# ============================================================================ 3. build


def _build_position(L):
    g = _game(2, L)
    s = position(g, pieces=(("P22", "hall", 1),), avail=(4, 10, 14, 18, 25, 30, 33, 36), banned=(12, 20), hidden=7,
                 players={0: {"hq": "CIT", "gold": 6, "supply": 1, "favor": 0,
                              "hand": ("inn-03", "hall-01", "temple-11")},
                          1: {"hq": "MAN"}},
                 offer=("market-01", "hall-04", "inn-05", "temple-02"))
    return g, s


def _parcel_misreading(game, state, move) -> Optional[str]:
    if type(move) is not Parcel:
        return None
    status = game.parcel_status(state, move.number) if move.number in game.city.parcel_index else "closed"
    return "build-banned-parcel" if status == "banned" else "build-closed-parcel"


@_builds("build")
def _step_build(L: str) -> LessonStep:
    g, s = _build_position(L)
    live = Live(g, s, tokens=(26,))
    c = g.content
    pl = s.players[0]
    # the engine says which builds leave you a favor: try each card of your hand you can build
    good = []
    for m in g.legal_moves(s, 0):
        if type(m) is Build:
            after = live.frame(live.clicks([m, Parcel(0, s.avail[0])])).state
            if after.players[0].favor > pl.favor:
                good.append(m.card)
    card = good[0]

    def mapping(id_, rule, move):
        if type(move) is Build:
            if move.card not in pl.hand:
                return "build-offer-card"
            return "build-too-expensive"
        return _parcel_misreading(g, s, move)

    def check(seq):
        fr = live.frame(tuple(seq))
        built = [m.card for m in fr.moves if type(m) is Build]
        if built and fr.state.players[0].favor > pl.favor and live.stop(fr.state):
            return _right(L, w(L, "build.right", card=g.card_name(built[0])))
        if built and live.stop(fr.state):
            return _mis(L, "build-no-when-built")
        refused = _refusal(L, fr, mapping)
        return refused if refused is not None else _no(L, w(L, "build.no"), "BLD1")


    b = c.buildings[card]
    part = _live_pick(live, w(L, "build.prompt"), check, offer=True, label=w(L, "build.label"),
                      hint=w(L, "build.hint"),
                      solution=_solution(w(L, "build.answer", card=g.card_name(card)),
                                         w(L, "build.explain", card=g.card_name(card),
                                           cost=qty(b.cost, "gold", L), gold=pl.gold, left=pl.gold - b.cost,
                                           effect=effect_text(b.when_built, L, c.faction_map)),
                                         picks=live.clicks([Build(0, card), Parcel(0, s.avail[0])])))
    return _lstep(L, "build", (part,))


# ============================================================================ 4. connections


def _connections_position(L):
    g = _game(3, L)
    s = position(g, pieces=(("P26", "inn", 0), ("P28", "hall", 1), ("F-EAS-c", "keep", 2), ("F-EAS-b", "tower", 1)),
                 avail=(7, 17, 25, 29, 30, 32, 35, 36), banned=(13, 21, 24, 34), hidden=6,
                 players={0: {"hq": "EAS", "gold": 5, "supply": 1, "favor": 1, "hand": ("market-05",)},
                          1: {"hq": "MAN"}, 2: {"hq": "BLO"}})
    return g, s


RES = ("gold", "supply", "favor", "influence", "prestige")


def _gains(before: BaldursGateState, after: BaldursGateState) -> frozenset:
    """What each house gained between two states: ``{(player, resource, amount)}``."""
    out = set()
    for p, (a, b) in enumerate(zip(before.players, after.players)):
        for r in RES:
            if r == "influence":
                d = sum(b.influence) - sum(a.influence)
            else:
                d = getattr(b, r) - getattr(a, r)
            if d:
                out.add((p, r, d))
    return frozenset(out)


def _add(gains: Iterable, extra: Iterable) -> frozenset:
    tot: dict = {}
    for p, r, n in list(gains) + list(extra):
        tot[(p, r)] = tot.get((p, r), 0) + n
    return frozenset((p, r, n) for (p, r), n in tot.items() if n)


def _atoms_gain(game, atoms) -> list:
    """``(resource, amount)`` of a connection bonus's atoms."""
    out = []
    for a in atoms:
        if a[0] == "gain":
            out += list(a[1])
        elif a[0] == "influence":
            out.append(("influence", a[1]))
    return out


def _bonus_of(game, state, j: int) -> list:
    """What the piece on node ``j`` pays its owner as a connection bonus (C3), as ``(owner, res, n)``."""
    pc = state.pieces[j]
    if pc is None or pc.damaged:
        return []
    c = game.content
    if pc.kind in c.type_connection:
        atoms = c.type_connection[pc.kind]
    elif pc.kind == "hq":
        atoms = game.hq_side(state, pc.owner).connection
    else:
        atoms = c.fort_connection
    return [(pc.owner, r, n) for r, n in _atoms_gain(game, atoms)]


def _connection_misreadings(game, before: BaldursGateState, right: frozenset, node: str, new_kind: str) -> dict:
    """Each misreading's gains for a new piece on ``node`` (the engine's gains with one rule misread)."""
    city = game.city
    i = city.index[node]
    near = [j for j in city.adj[i] if before.pieces[j] is not None and not before.pieces[j].damaged]
    two = sorted({k for j in city.adj[i] for k in city.adj[j]} - set(city.adj[i]) - {i})
    c = game.content
    new_atoms = c.type_connection.get(new_kind, c.fort_connection)
    me = before.active
    forts = [g_ for j in near if before.pieces[j].kind in ("tower", "keep", "gate")
             for g_ in _bonus_of(game, before, j)]
    out = {
        "new-piece-pays": _add(right, [(me, r, n) for r, n in _atoms_gain(game, new_atoms)]),
        "own-skipped": frozenset(x for x in right if x[0] != me),
        "by-new-type": _add((), [(before.pieces[j].owner, r, n) for j in near
                                 for r, n in _atoms_gain(game, new_atoms)]),
        "two-lines": _add(right, [g_ for k in two for g_ in _bonus_of(game, before, k)]),
        "forts-dont-pay": _add(right, [(p, r, -n) for p, r, n in forts]),
    }
    return {k: v for k, v in out.items() if v != right}


def _gain_label(L: str, g) -> str:
    p, r, n = g
    return w(L, "gain.line.me", what=qty(n, r, L)) if p == 0 else w(L, "gain.line", who=Who(L, p), what=qty(n, r, L))


def _gains_text(L: str, gains) -> str:
    return join_list([_gain_label(L, x) for x in sorted(gains)], L) or w(L, "gain.nobody")


def _gains_part(L: str, game, right: frozenset, mis: dict, *, prompt: str, hint: str, explanation: str,
                order: tuple, rule: str) -> Choose:
    """Tick what each house gains: the options are the right gains and every misreading's.

    ``mis``: misreading key -> its gains; ``order``: ``(key, misreading id)`` in the order they are tried.
    """
    options = sorted(set(right).union(*mis.values()))
    values = {f"{p}-{r}-{n}": (p, r, n) for p, r, n in options}

    def check(ans):
        got = frozenset(values[v] for v in ans)
        if got == right:
            return _right(L, w(L, "gains.right"))
        for key, mid in order:
            if mis.get(key) == got:
                return _mis(L, mid)
        for x in sorted(got - right):
            for key, mid in order:
                if key in mis and x in mis[key]:
                    return _mis(L, mid)
        for x in sorted(right - got):
            for key, mid in order:
                if key in mis and x not in mis[key]:
                    return _mis(L, mid)
        return _no(L, w(L, "gains.no"), rule)

    return Choose(prompt, check, hint=hint, many=True,
                  options=tuple((f"{p}-{r}-{n}", _gain_label(L, (p, r, n))) for p, r, n in options),
                  solution=_solution(_gains_text(L, right), explanation))


@_builds("connections")
def _step_connections(L: str) -> LessonStep:
    g, s = _connections_position(L)
    live = Live(g, s, draw_token=False, stop=lambda st: g.is_chance(st))
    card, parcel = "market-05", 25
    moves = [Build(0, card), Parcel(0, parcel)]
    after = live.frame(live.clicks(moves)).state
    node = f"P{parcel}"

    def check_a(seq):
        fr = live.frame(tuple(seq))
        built = [(m.card) for m in fr.moves if type(m) is Build]
        placed = [m.number for m in fr.moves if type(m) is Parcel]
        if built == [card] and placed == [parcel]:
            return _right(L, w(L, "connections.a.right"))
        return _no(L, w(L, "connections.a.no", card=g.card_name(card), n=parcel), "BLD2")

    part_a = _live_pick(live, w(L, "connections.a.prompt", card=g.card_name(card), n=parcel), check_a, board="hand",
                        label=w(L, "connections.a.label"), hint=w(L, "connections.a.hint", card=g.card_name(card)),
                        solution=_solution(w(L, "connections.a.answer", card=g.card_name(card), n=parcel),
                                           picks=live.clicks(moves)))
    paid = live.frame(live.clicks(moves[:1])).state  # the card is paid: what comes after is the bonuses
    right = _gains(paid, after)
    mis = _connection_misreadings(g, paid, right, node, g.content.buildings[card].type)
    city = g.city
    lines = []
    for j in city.adj[city.index[node]]:
        pc = s.pieces[j]
        if pc is None:
            lines.append(w(L, "conn.empty", spot=spot_text(g, city.nodes[j], L)))
        else:
            pays = _bonus_of(g, s, j)
            lines.append(_pays_line(g, L, city.nodes[j], pc, pays))
    explanation = w(L, "connections.gains.explain", n=parcel, lines="; ".join(lines))
    part_b = _gains_part(L, g, right, mis, prompt=w(L, "connections.b.prompt"), rule="C3",
                         hint=w(L, "connections.b.hint", n=parcel), explanation=explanation,
                         order=tuple((k, f"conn-{k}") for k in ("new-piece-pays", "by-new-type", "two-lines",
                                                                 "own-skipped", "forts-dont-pay")))
    return _lstep(L, "connections", (part_a, part_b))


def _piece_word(game, pc, L: str) -> str:
    if pc.kind in game.content.type_connection:
        return game.content.type_name(pc.kind, L).lower()
    return i18n.text(f"thing.{pc.kind}", L) if pc.kind != "hq" else i18n.text("thing.hq", L)


#: Czech grammatical gender of each piece's word (for "tvůj hostinec", "tvá věž", "tvé sídlo")
_GENDER = {"inn": "m", "temple": "m", "hall": "f", "market": "f", "tower": "f", "keep": "f", "gate": "f", "hq": "n"}


def owned(game, pc, L: str) -> str:
    """A piece with its owner: "your inn", "Orange's keep" / "tvůj hostinec", "pevnost Zeleného"."""
    kind = _piece_word(game, pc, L)
    if pc.owner == 0:
        return w(L, f"own.mine.{_GENDER.get(pc.kind, 'm')}", kind=kind)
    return w(L, "own.theirs", kind=kind, owner=w(L, f"house.gen.{pc.owner}"))


def _pays_line(game, L: str, node: str, pc, pays) -> str:
    gain = join_list([qty(n, r, L) for _, r, n in pays], L)
    return w(L, "conn.pays", spot=spot_text(game, node, L), piece=owned(game, pc, L), gain=gain,
             owner=w(L, f"house.dat.{pc.owner}"))


# ============================================================================ 5. parcel-token


@_builds("parcel-token")
def _step_parcel_token(L: str) -> LessonStep:
    g, s0 = _connections_position(L)
    live = Live(g, s0, draw_token=False, stop=lambda st: g.is_chance(st))
    s = live.frame(live.clicks([Build(0, "market-05"), Parcel(0, 25)])).state
    TOKEN = 31
    after = g.apply(s, Token(TOKEN))
    track = g.parcel_district[TOKEN]
    built_in = g.city.district_of_parcel(25)
    right_a = (f"P{TOKEN}", f"attack-{track}")
    k = g.district_index[track]
    count = len(after.tracks[k])

    def draw_a(sel):
        return _html(_cap(w(L, "city.a.caption", n=TOKEN)), _city(g, s, selected=sel), label=w(L, "city.a.label"))

    def check_a(seq):
        seq = tuple(seq)
        if seq == right_a:
            return _right(L, w(L, "token.a.right", n=TOKEN, district=_district(g, track, L)))
        if len(seq) == 2 and seq[1] == f"attack-{built_in}":
            return _mis(L, "token-build-district")
        return _no(L, w(L, "city.a.no", n=TOKEN), "BLD7")

    part_a = _pick(w(L, "token.a.prompt", n=TOKEN), check_a, draw_a, mode="sequence", label=w(L, "city.a.label"),
                   hint=w(L, "city.a.hint", n=TOKEN),
                   solution=_solution(w(L, "city.a.answer", n=TOKEN, district=_district(g, track, L)),
                                      picks=right_a))
    attacked = [a.district for a in after.attacks if a not in s.attacks]
    nxt = "attack-now" if attacked == [track] else "next"
    options = [("next", w(L, "token.b.next", player=Who(L, 1))),
               ("attack-now", w(L, "token.b.now", district=_district(g, track, L))),
               ("built-now", w(L, "token.b.now", district=_district(g, built_in, L))),
               ("at-end", w(L, "token.b.end", district=_district(g, track, L)))]
    mids = {"next": "token-next-turn-first", "built-now": "token-build-district", "at-end": "token-end-of-game"}

    def check_b(ans):
        if ans == nxt:
            return _right(L, w(L, "token.b.right", district=_district(g, track, L), k=count))
        if ans in mids:
            return _mis(L, mids[ans])
        return _no(L, w(L, "token.b.no"), "BLD8")

    part_b = Choose(w(L, "token.b.prompt"), check_b, options=tuple(options),
                    hint=w(L, "token.b.hint", district=_district(g, track, L)),
                    solution=_solution(dict(options)[nxt],
                                       w(L, "token.b.explain", n=TOKEN, district=_district(g, track, L),
                                         tokens=", ".join(str(x) for x in after.tracks[k]),
                                         built=_district(g, built_in, L),
                                         player=Who(L, 1), k=len(s.tracks[g.district_index[built_in]]))))
    return _lstep(L, "parcel-token", (part_a, part_b))


# ============================================================================ 6. worker


def _worker_position(L):
    g = _game(3, L)
    s = position(g, avail=(7, 11, 17, 22, 23, 24, 30, 35), banned=(13, 21, 27, 34), hidden=6,
                 attacks=(("HEA", "fell"),),
                 players={0: {"hq": "BLO", "gold": 3, "supply": 0, "favor": 1},
                          1: {"hq": "MAN", "worker": "HEA"}, 2: {"hq": "EAS", "worker": "STE", "hand": ("inn-02",)}})
    return g, s


def _yes_no(L: str) -> list:
    return [("yes", w(L, "word.yes")), ("no", w(L, "word.no"))]


@_builds("worker")
def _step_worker(L: str) -> LessonStep:
    g, s = _worker_position(L)
    here = "HEA"
    hname = _district(g, here, L)
    loc = g.content.location_name(here, L)
    can_go = Worker(0, here) in g.legal_moves(s, 0)
    right_a = "yes" if can_go else "no"

    def check_a(ans):
        if ans == right_a:
            return _right(L, w(L, "worker.a.right"))
        return _mis(L, "worker-blocked")

    part_a = _options(w(L, "worker.a.prompt", location=loc, district=hname, owner=w(L, "house.gen.1")), _yes_no(L),
                      check_a, board=lambda: _board_of(g, s), hint=w(L, "worker.a.hint"),
                      solution=_solution(w(L, f"word.{right_a}"), w(L, "worker.a.explain", owner=w(L, "house.gen.1")),
                                         picks=(f"opt-{right_a}",)),
                      label=w(L, "worker.a.label"))

    # what a watchtower costs there: the engine's payment, and the misread prices
    placed = g.apply(s, Worker(0, here))
    paid = g.apply(placed, Trade(0, "tower"))
    cost = tuple((r, getattr(placed.players[0], r) - getattr(paid.players[0], r)) for r in ("gold", "supply", "favor"))
    cost = tuple((r, n) for r, n in cost if n)
    tower = next(tr for tr in g.content.locations[here].trades if tr.id == "tower")
    printed = tower.cost
    everything = tuple((r, n + 1) for r, n in printed)
    prices = {"right": cost, "worker-damage-ignored": printed, "worker-damage-everything": everything}
    def key(v):
        return "-".join(f"{r}{n}" for r, n in v)

    options = [(key(v), cost_text(v, L)) for v in sorted(set(prices.values()))]
    by_text = {key(v): k for k, v in prices.items()}

    def check_b(ans):
        k = by_text.get(ans)
        if k == "right":
            return _right(L, w(L, "worker.b.right", cost=cost_text(cost, L)))
        if k:
            return _mis(L, k)
        return _no(L, w(L, "worker.b.no"), "A6")

    part_b = Choose(w(L, "worker.b.prompt", location=loc), check_b, options=tuple(options),
                    hint=w(L, "worker.b.hint"),
                    solution=_solution(cost_text(cost, L), w(L, "worker.b.explain", printed=cost_text(printed, L),
                                                             cost=cost_text(cost, L))))

    live = Live(g, s, tokens=())
    spot = next(m for m in g.legal_moves(paid, 0) if type(m) is Spot)
    moves_c = [Worker(0, here), Trade(0, "tower"), spot]

    def check_c(seq):
        fr = live.frame(tuple(seq))
        st = fr.state
        towers = [i for i in g.city.forts_of[here] if st.pieces[i] is not None and st.pieces[i].owner == 0
                  and st.pieces[i].kind == "tower"]
        if towers and st.players[0].worker == here and live.stop(st):
            return _right(L, w(L, "worker.c.right", owner=w(L, "house.gen.1")))
        refused = _refusal(L, fr, lambda id_, rule, move: "worker-two-trades" if rule == "W3" and
                           any(type(m) is Trade for m in fr.moves) else None)
        if refused is not None:
            return refused
        return _no(L, w(L, "worker.c.no", location=loc), "W3")

    part_c = _live_pick(live, w(L, "worker.c.prompt", location=loc), check_c, label=w(L, "worker.c.label"),
                        hint=w(L, "worker.c.hint"),
                        solution=_solution(w(L, "worker.c.answer", location=loc),
                                           w(L, "worker.c.explain", owner=w(L, "house.gen.1"), cost=cost_text(cost, L)),
                                           picks=live.clicks(moves_c)))

    # then Orange takes income and Green builds in Heapside: whose workers go home?
    done_c = live.frame(live.clicks(moves_c)).state
    mid = g.apply(g.apply(done_c, Income(1)), Done(1))
    target = 23
    built = g.apply(g.apply(mid, Build(2, "inn-02")), Parcel(2, target))
    home = frozenset(f"L-{pl.worker}" for pl, after in zip(mid.players, built.players)
                     if pl.worker and not after.worker)
    away = frozenset(f"L-{pl.worker}" for pl in mid.players if pl.worker)
    builder = f"L-{mid.players[2].worker}" if mid.players[2].worker else None

    def check_d(ans):
        ans = frozenset(ans)
        if ans == home:
            return _right(L, w(L, "worker.d.right", district=hname))
        if ans == away and away != home:
            return _mis(L, "worker-all-go-home")
        if builder and builder in ans and builder not in home:
            return _mis(L, "worker-builder-only")
        return _no(L, w(L, "worker.d.no"), "BLD4")

    def draw_d(sel):
        return _html(_cap(w(L, "worker.d.caption", player=Who(L, 2), n=target)), _city(g, mid, selected=sel),
                     label=w(L, "worker.d.label"))

    part_d = _pick(w(L, "worker.d.prompt", player=Who(L, 2), n=target, district=hname), check_d, draw_d, mode="set",
                   label=w(L, "worker.d.label"), hint=w(L, "worker.d.hint", district=hname),
                   solution=_solution(w(L, "worker.d.answer", district=hname),
                                      w(L, "worker.d.explain", district=hname, player=Who(L, 2),
                                        owner=w(L, "house.gen.2")),
                                      picks=tuple(sorted(home))))
    return _lstep(L, "worker", (part_a, part_b, part_c, part_d))


# ============================================================================ 7. income


def _income_position(L):
    g = _game(2, L)
    s = position(g, pieces=(("P9", "hall", 0, "hall-02"), ("F-SEA-c", "gate", 0, "gate-2")),
                 avail=(4, 10, 14, 18, 25, 30, 33, 36), banned=(12, 20), hidden=7,
                 players={0: {"hq": "CIT", "gold": 0, "supply": 1, "favor": 0, "worker": "MAN"}, 1: {"hq": "EAS"}})
    return g, s


def _best_income(game, state, p: int = 0, want_home: bool = True) -> tuple:
    """The most gold an income can end with (worker at home), and one way to get it: the engine's moves, searched."""
    best = (-1, ())

    def go(st, moves):
        nonlocal best
        if not st.tasks or type(st.tasks[0]).__name__ != "IncomeLoop":
            return
        for m in game.legal_moves(st, p):
            nxt = game.apply(st, m)
            if type(m) is Done:
                pl = nxt.players[p]
                if (not want_home or not pl.worker) and pl.gold > best[0]:
                    best = (pl.gold, tuple(moves) + (m,))
            elif type(m) is Use:
                go(nxt, moves + [m])

    go(game.apply(state, Income(p)), [Income(p)])
    return best


@_builds("income")
def _step_income(L: str) -> LessonStep:
    g, s = _income_position(L)
    live = Live(g, s)
    best, way = _best_income(g, s)
    pl = s.players[0]

    def check_a(seq):
        fr = live.frame(tuple(seq))
        st = fr.state
        if live.stop(st) and any(type(m) is Income for m in fr.moves):
            me = st.players[0]
            if me.worker:
                return _mis(L, "income-worker-left")
            if me.gold >= best:
                return _right(L, w(L, "income.a.right", gold=qty(me.gold, "gold", L)))
            return _mis(L, "income-no-abilities")
        refused = _refusal(L, fr, lambda id_, rule, move: "income-twice" if type(move) is Use and
                           move.card in fr.state.players[0].used else None)
        if refused is not None:
            return refused
        return _no(L, w(L, "income.a.no"), "I2")

    hq = pl.hq
    weigh = "hall-02"
    explain = w(L, "income.a.explain", income=cost_text(g.hq_side(s, 0).income, L), gold=qty(best, "gold", L),
                hq=g.card_name(hq), card=g.card_name(weigh),
                ability=_ability_words(g, weigh, L), gate=g.card_name("gate-2"),
                gate_ability=_ability_words(g, "gate-2", L))
    part_a = _live_pick(live, w(L, "income.a.prompt"), check_a, label=w(L, "income.a.label"),
                        hint=w(L, "income.a.hint"),
                        solution=_solution(w(L, "income.a.answer", gold=qty(best, "gold", L)), explain,
                                           picks=live.clicks(way)))
    after = live.frame(live.clicks(way)).state
    again = "yes" if weigh not in after.players[0].used else "no"

    def check_b(ans):
        if ans == again:
            return _right(L, w(L, "income.b.right"))
        return _mis(L, "income-stays-turned")

    part_b = Choose(w(L, "income.b.prompt", card=g.card_name(weigh)), check_b, options=tuple(_yes_no(L)),
                    hint=w(L, "income.b.hint"),
                    solution=_solution(w(L, f"word.{again}"), w(L, "income.b.explain")))
    return _lstep(L, "income", (part_a, part_b))


def _ability_words(game, card: str, L: str) -> str:
    from .effects import ability_text

    ab = game.content.abilities(card, game.advanced)[0]
    return ability_text(ab.cost, ab.effect, L, game.content.faction_map)


# ============================================================================ 8. chain


def _chain_position(L):
    g = _game(2, L)
    s = position(g, pieces=(("P33", "hall", 0, "hall-08"), ("F-BLO-a", "tower", 1)),
                 avail=(5, 10, 14, 17, 18, 25, 30, 36), banned=(12, 20), hidden=7,
                 players={0: {"hq": "CIT", "gold": 1, "supply": 1, "favor": 0, "hand": ("market-05",)},
                          1: {"hq": "EAS"}})
    return g, s


CHAIN_TOKEN = 19


@_builds("chain")
def _step_chain(L: str) -> LessonStep:
    g, s = _chain_position(L)
    live = Live(g, s, tokens=(CHAIN_TOKEN,))
    district = g.parcel_district[CHAIN_TOKEN]
    dname = _district(g, district, L)
    best, way = _best_chain(g, s, live)
    # what the engine does when the built market draws the 4th token: the attack, and the income still open
    at = next(k for k in range(len(way) + 1)
              if any(a.district == district for a in live.frame(live.clicks(way[:k])).state.attacks))
    st_at = live.frame(live.clicks(way[:at])).state
    income_goes_on = bool(st_at.tasks) and type(st_at.tasks[0]).__name__ in ("IncomeLoop",) and st_at.active == 0
    right_a = "now" if income_goes_on else "ends"
    options = [("now", w(L, "chain.a.now", district=dname)), ("after", w(L, "chain.a.after")),
               ("next", w(L, "chain.a.next", owner=w(L, "house.gen.1"))), ("ends", w(L, "chain.a.ends"))]
    mids = {"after": "chain-attack-waits", "next": "chain-attack-next-turn", "ends": "chain-income-ends"}

    def check_a(ans):
        if ans == right_a:
            return _right(L, w(L, "chain.a.right"))
        return _mis(L, mids[ans]) if ans in mids else _no(L, w(L, "chain.a.no"), "C14")

    part_a = Choose(w(L, "chain.a.prompt", card=g.card_name("market-05"), lodge=g.card_name("hall-08"), district=dname),
                    check_a, options=tuple(options), hint=w(L, "chain.a.hint"),
                    solution=_solution(dict(options)[right_a], w(L, "chain.a.explain", district=dname)))

    def check_b(seq):
        fr = live.frame(tuple(seq))
        st = fr.state
        if live.stop(st) and any(type(m) is Income for m in fr.moves):
            built = any(type(m) is Build for m in fr.moves)
            if st.players[0].gold >= best:
                return _right(L, w(L, "chain.b.right", gold=qty(st.players[0].gold, "gold", L)))
            if not built:
                return _mis(L, "chain-no-build")
            return _mis(L, "chain-new-card-waits")
        refused = _refusal(L, fr, lambda id_, rule, move: None)
        if refused is not None:
            return refused
        return _no(L, w(L, "chain.b.no"), "I4")

    explain = w(L, "chain.b.explain", lodge=g.card_name("hall-08"), card=g.card_name("market-05"),
                gold=qty(best, "gold", L), district=dname, ability=_ability_words(g, "market-05", L))
    part_b = _live_pick(live, w(L, "chain.b.prompt", card=g.card_name("market-05")), check_b,
                        label=w(L, "chain.b.label"), hint=w(L, "chain.b.hint"),
                        solution=_solution(w(L, "chain.b.answer", gold=qty(best, "gold", L)), explain,
                                           picks=live.clicks(way)))
    return _lstep(L, "chain", (part_a, part_b))


def _best_chain(game, state, live: Live) -> tuple:
    """The most gold the chain can end with: the learner's own moves searched through the live exercise."""
    best = (-1, ())

    def go(moves):
        nonlocal best
        fr = live.frame(live.clicks(moves))
        st = fr.state
        if live.stop(st):
            if any(type(m) is Income for m in moves) and st.players[0].gold > best[0]:
                best = (st.players[0].gold, tuple(moves))
            return
        if len(moves) > 12 or game.to_move(st) != (0,):
            return
        for m in game.legal_moves(st, 0):
            if len(moves) == 0 and type(m) is not Income:
                continue
            go(moves + [m])

    go([])
    return best


# ============================================================================ 9. factions


def _factions_position(L):
    g = _game(2, L)
    s = position(g, avail=(4, 10, 14, 18, 25, 30, 33, 36), banned=(12, 20), hidden=7,
                 players={0: {"hq": "CIT", "gold": 0, "supply": 1, "favor": 2, "influence": (2, 7, 0)},
                          1: {"hq": "EAS"}})
    return g, s


def _rewards_of(game, state, p: int, faction: str, amount: int) -> list:
    """The levels whose rewards ``amount`` influence on ``faction`` collects now: the engine's own F2 effects."""
    st = game.influence(state, p, faction, amount, _src("F1"))
    return [int(tk.src.extra) for tk in st.tasks if type(tk).__name__ == "Effect" and tk.src.rule == "F2"]


def _src(rule: str):
    from .state import Src

    return Src(rule, "tutorial")


@_builds("factions")
def _step_factions(L: str) -> LessonStep:
    g, s = _factions_position(L)
    c = g.content
    here = "TEM"
    faction = c.locations[here].faction
    fi = g.faction_index[faction]
    fname = g.faction_name(faction, L)
    start = s.players[0].influence[fi]
    # the engine's petition: the level reached and the rewards collected on the way
    st = g.apply(g.apply(s, Worker(0, here)), Trade(0, "petition"))
    level = st.players[0].influence[fi]
    rewards = _rewards_of(g, g.apply(s, Worker(0, here)), 0, faction, level - start)
    options_a = [(str(k), w(L, "factions.level", n=k)) for k in range(1, g.track_len + 1)]

    def check_a(ans):
        if int(ans) == level:
            return _right(L, w(L, "factions.a.right", n=level))
        if int(ans) == start + 1:
            return _mis(L, "faction-one-step")
        return _no(L, w(L, "factions.a.no"), "F1")

    board = lambda: _board_of(g, s)  # noqa: E731
    part_a = _options(w(L, "factions.a.prompt", location=c.location_name(here, L), faction=fname, n=start),
                      options_a, check_a, board=board, hint=w(L, "factions.a.hint"),
                      solution=_solution(w(L, "factions.level", n=level), w(L, "factions.a.explain", faction=fname,
                                                                            n=start, level=level),
                                         picks=(f"opt-{level}",)),
                      label=w(L, "factions.a.label"))
    fa = c.factions[fi]
    options_b = tuple((str(k), w(L, "factions.reward", n=k, reward=effect_text(fa.rewards[k - 1], L, c.faction_map)))
                      for k in range(1, g.track_len + 1))
    right_b = frozenset(str(k) for k in rewards)

    def check_b(ans):
        if ans == right_b:
            return _right(L, w(L, "factions.b.right"))
        if str(start) in ans and str(start) not in right_b:
            return _mis(L, "faction-start-again")
        if ans < right_b and str(level) in ans:
            return _mis(L, "faction-landing-only")
        return _no(L, w(L, "factions.b.no"), "F2")

    part_b = Choose(w(L, "factions.b.prompt", faction=fname), check_b, many=True, options=options_b,
                    hint=w(L, "factions.b.hint"),
                    solution=_solution(join_list([dict(options_b)[k] for k in sorted(right_b)], L),
                                       w(L, "factions.b.explain", n=start, level=level, faction=fname)))

    # (c) a petition at a Flaming Fist location, where your cube stands at level 7: the engine's prestige
    other = "fist"
    there = next(d for d in g.city.districts if c.locations[d].faction == other)
    oi = g.faction_index[other]
    oname = g.faction_name(other, L)
    at = s.players[0].influence[oi]
    st = g.apply(s, Worker(0, there))
    before = st.players[0].prestige
    st = g.apply(st, Trade(0, "petition"))
    gained = st.players[0].prestige - before
    amount = st.players[0].influence[oi] - at
    top = c.factions[oi].rewards
    last = g.track_len

    def prestige_of(level):
        return sum(n for a in top[level - 1] if a[0] == "gain" for r, n in a[1] if r == "prestige")

    on_track = [k for k in range(at + 1, min(at + amount, last) + 1)]
    reward_pts = sum(prestige_of(k) for k in on_track)
    misread = {"faction-past-end-lost": reward_pts, "faction-start-again": gained + prestige_of(at)}

    def check_c(n):
        if n == gained:
            return _right(L, w(L, "factions.c.right", points=qty(gained, "prestige", L)))
        for mid, v in misread.items():
            if n == v and v != gained:
                return _mis(L, mid)
        return _no(L, w(L, "factions.c.no"), "C10")

    part_c = Count(w(L, "factions.c.prompt", location=c.location_name(there, L), faction=oname, n=at), check_c,
                   hint=w(L, "factions.c.hint", last=last),
                   solution=_solution(qty(gained, "prestige", L),
                                      w(L, "factions.c.explain", n=at, last=last, reward=qty(reward_pts, "prestige", L),
                                        over=amount - len(on_track), points=qty(gained, "prestige", L))))
    return _lstep(L, "factions", (part_a, part_b, part_c))


# ============================================================================ 10. fortify


def _fortify_position(L):
    g = _game(3, L)
    s = position(g, pieces=(("P2", "market", 0), ("P3", "inn", 2), ("F-CIT-b", "keep", 1),
                            ("F-CIT-c", "gate", 2), ("F-WID-a", "gate", 1)),
                 avail=(7, 11, 17, 22, 26, 30, 32, 35), banned=(13, 21, 27, 34), hidden=6,
                 players={0: {"hq": "BLO", "gold": 6, "supply": 2, "favor": 2}, 1: {"hq": "MAN"}, 2: {"hq": "HEA"}})
    return g, s


@_builds("fortify")
def _step_fortify(L: str) -> LessonStep:
    g, s = _fortify_position(L)
    here = "CIT"
    loc = g.content.location_name(here, L)
    dname = _district(g, here, L)
    live = Live(g, s)
    placed = g.apply(g.apply(s, Worker(0, here)), Trade(0, "keep"))
    spot = next(m for m in g.legal_moves(placed, 0) if type(m) is Spot)
    moves = [Worker(0, here), Trade(0, "keep"), spot]
    after = live.frame(live.clicks(moves)).state

    def check_a(seq):
        fr = live.frame(tuple(seq))
        st = fr.state
        keeps = [i for i in g.city.forts_of[here] if st.pieces[i] is not None and st.pieces[i].owner == 0
                 and st.pieces[i].kind == "keep"]
        if keeps and live.stop(st):
            return _right(L, w(L, "fortify.a.right"))
        refused = _refusal(L, fr, lambda id_, rule, move: "worker-two-trades" if rule == "W3" and
                           any(type(m) is Trade for m in fr.moves) else None)
        if refused is not None:
            return refused
        return _no(L, w(L, "fortify.a.no", location=loc), "C4")

    part_a = _live_pick(live, w(L, "fortify.a.prompt", location=loc, district=dname), check_a, board="none",
                        mask_defence=True, log=False, label=w(L, "fortify.a.label"), hint=w(L, "fortify.a.hint"),
                        solution=_solution(w(L, "fortify.a.answer", location=loc), picks=live.clicks(moves)))
    right = _gains(placed, after)
    node = spot.node
    city = g.city
    i = city.index[node]
    near = [j for j in city.adj[i] if s.pieces[j] is not None]
    gates = [x for j in near if s.pieces[j].kind == "gate" for x in _bonus_of(g, s, j)]
    mis = {k: v for k, v in {"pays-nothing": frozenset(),
                             "gate-pays-nothing": _add(right, [(p, r, -n) for p, r, n in gates]),
                             "new-piece-pays": _add(right, [(0, r, n) for r, n in
                                                            _atoms_gain(g, g.content.fort_connection)])
                             }.items() if v != right}
    lines = [_pays_line(g, L, city.nodes[j], s.pieces[j], _bonus_of(g, s, j)) for j in near]
    part_b = _gains_part(L, g, right, mis, prompt=w(L, "fortify.b.prompt"), rule="C4",
                         hint=w(L, "fortify.b.hint"), explanation=w(L, "fortify.b.explain", lines="; ".join(lines)),
                         order=(("gate-pays-nothing", "fort-gate-pays-nothing"),
                                ("new-piece-pays", "conn-new-piece-pays"), ("pays-nothing", "fort-pays-nothing")))
    # (c) what else: the engine's state after the keep
    worker_home = not after.players[0].worker
    token = after.bag != s.bag
    right_c = {(False, False): "nothing", (True, False): "worker", (False, True): "token", (True, True): "both"}[
        (worker_home, token)]
    options_c = [(k, w(L, f"fortify.c.{k}")) for k in ("nothing", "worker", "token", "both")]

    def check_c(ans):
        if ans == right_c:
            return _right(L, w(L, "fortify.c.right"))
        return _mis(L, "fort-like-build")

    part_c = Choose(w(L, "fortify.c.prompt"), check_c, options=tuple(options_c), hint=w(L, "fortify.c.hint"),
                    solution=_solution(dict(options_c)[right_c], w(L, "fortify.c.explain")))
    # (d) the defence: the engine's contributions
    contrib = g.contributions(after, here)
    defence = sum(contrib)
    pieces = [after.pieces[j] for j in city.forts_of[here] if after.pieces[j] is not None]
    dv = g.content.defence
    misread_d = {"fort-count-pieces": len(pieces),
                 "fort-gate-defends": defence + sum(1 for p in pieces if p.kind == "gate"),
                 "fort-own-only": contrib[0]}

    def check_d(n):
        if n == defence:
            return _right(L, w(L, "fortify.d.right", n=defence))
        for mid, v in misread_d.items():
            if n == v and v != defence:
                return _mis(L, mid)
        if n > defence:
            return _mis(L, "fort-gate-defends")
        return _no(L, w(L, "fortify.d.no"), "A2")

    parts_words = join_list([f"{owned(g, p, L)} ({dv[p.kind]})" for p in pieces], L)
    part_d = Count(w(L, "fortify.d.prompt", district=dname), check_d, hint=w(L, "fortify.d.hint"),
                   solution=_solution(str(defence), w(L, "fortify.d.explain", pieces=parts_words, n=defence,
                                                      district=dname)))
    # (e) a gate trade elsewhere: the gate card you take is the engine's
    gate_loc = next(d for d, loc_ in g.content.locations.items() if any(
        a[0] == "fortify" and a[1] == "gate" for tr in loc_.trades if tr.id == "local" for a in tr.effect))
    rich = s._replace(players=(s.players[0]._replace(gold=6, favor=2),) + s.players[1:])
    st = g.apply(g.apply(rich, Worker(0, gate_loc)), Trade(0, "local"))
    st = g.apply(st, next(m for m in g.legal_moves(st, 0) if type(m) is Spot))
    taken = [x for x in st.players[0].portfolio if x not in rich.players[0].portfolio][0]

    def draw_e(sel):
        from .drawing import cards_markup

        return _html(cards_markup(g, s.gates, selected=sel, title=w(L, "fortify.e.pile")), label=w(L, "fortify.e.pile"))

    def check_e(ans):
        if _bare(ans) == f"card-{taken}":
            return _right(L, w(L, "fortify.e.right"))
        return _mis(L, "fort-pick-gate")

    part_e = _pick(w(L, "fortify.e.prompt", location=g.content.location_name(gate_loc, L),
                     trade=g.trade_text(gate_loc, "local", L)), check_e, draw_e, mode="one",
                   label=w(L, "fortify.e.pile"), hint=w(L, "fortify.e.hint"),
                   solution=_solution(g.card_name(taken), w(L, "fortify.e.explain", card=g.card_name(taken),
                                                            ability=_ability_words(g, taken, L)),
                                      picks=(f"card-{taken}",)))
    return _lstep(L, "fortify", (part_a, part_b, part_c, part_d, part_e))


# ============================================================================ 11. defended


def _defended_position(L):
    g = _game(3, L)
    s = late_position(
        g, pieces=(("F-TEM-a", "tower", 0), ("F-TEM-b", "keep", 1), ("P10", "inn", 2),
                   ("F-BLO-a", "tower", 0), ("F-BLO-b", "tower", 0), ("F-BLO-c", "keep", 1), ("P18", "market", 2),
                   ("F-MAN-a", "tower", 1), ("F-WID-a", "tower", 0), ("F-EAS-a", "keep", 2), ("F-SEA-c", "keep", 1)),
        avail=(6, 9, 11, 14, 17, 19, 26, 30), banned=(5, 13, 25, 29), hidden=22,
        attacks=(("MAN", "held"), ("WID", "held"), ("EAS", "held"), ("SEA", "held")),
        players={0: {"hq": "HEA"}, 1: {"hq": "STE", "hand": ("inn-02",)}, 2: {"hq": "CIT"}},
        tasks=(DrawToken("build"), EndTurn(0)))
    return g, s


def _outcome_key(rewards) -> str:
    return "-".join(str(x) for x in rewards)


def _outcome_words(L: str, rewards) -> str:
    return " · ".join(w(L, "outcome.one", who=Who(L, p), n=n) for p, n in enumerate(rewards))


def _defence_misreadings(contrib, strength, buildings=()) -> dict:
    """Each misreading's prestige per house for a defended attack (the rule A3-A5 with one thing misread)."""
    n = len(contrib)
    top = max(contrib)
    lone = contrib.count(top) == 1

    def rewards(amount, second):
        return tuple(amount(p) + (second(p) if contrib[p] == top and top else 0) if contrib[p] else 0 for p in range(n))

    out = {
        "def-own-points": rewards(lambda p: contrib[p], lambda p: contrib[p] if lone else 0),
        "def-no-bonus": rewards(lambda p: strength, lambda p: 0),
        "def-tie-both": rewards(lambda p: strength, lambda p: strength),
        "def-strictly-more": (0,) * n if sum(contrib) == strength else None,
    }
    if buildings:
        right = rewards(lambda p: strength, lambda p: strength if lone else 0)
        out["def-buildings-defend"] = tuple(r + (strength if p in buildings and not contrib[p] else 0)
                                            for p, r in enumerate(right))
    return {k: v for k, v in out.items() if v is not None}


def _attack_part(L: str, g, before: BaldursGateState, token: int, prompt: str, hint: str, extra=None):
    """Resolve the attack the token starts: choose the prestige each house gains (the engine's attack log)."""
    after = g.apply(before, Token(token))
    attack = after.attacks[-1]
    d = attack.district
    contrib = list(attack.contributions)
    buildings = {before.pieces[g.city.parcel_index[x]].owner for x in g.city.parcels_of[d]
                 if before.pieces[g.city.parcel_index[x]] is not None}
    mis = _defence_misreadings(contrib, attack.strength, buildings)
    mis.update(extra(attack, before) if extra else {})
    right = tuple(attack.rewards)
    outcomes = {right: None}
    for mid, r in mis.items():
        if tuple(r) != right and tuple(r) not in outcomes:
            outcomes[tuple(r)] = mid
    options = tuple((_outcome_key(r), _outcome_words(L, r)) for r in sorted(outcomes))
    by_key = {_outcome_key(r): mid for r, mid in outcomes.items()}

    def check(ans):
        if ans == _outcome_key(right):
            return _right(L, w(L, "defended.right"))
        mid = by_key.get(ans)
        return _mis(L, mid) if mid else _no(L, w(L, "defended.no"), "A3")

    lines = [w(L, "defended.contrib", who=who(L, p), n=v) for p, v in enumerate(contrib) if v]
    top = max(contrib)
    tops = [p for p, v in enumerate(contrib) if v == top]
    me = ".me" if 0 in tops else ""
    bonus = (w(L, "defended.bonus.one" + me, who=who(L, tops[0]), n=attack.strength) if len(tops) == 1
             else w(L, "defended.bonus.tie" + me, who=join_list([who(L, p) for p in tops if p], L)))
    explain = w(L, "defended.explain", district=_district(g, d, L), strength=attack.strength,
                defence=attack.defence, lines=", ".join(lines), bonus=bonus, outcome=_outcome_words(L, right))
    trace = Trace()
    for p, r in enumerate(right):
        if r:
            trace.add(_district(g, d, L), "A3" if r == attack.strength else "A3, A4", r,
                      w(L, "defended.trace", who=Who(L, p), n=r))
    part = Choose(prompt, check, options=options, hint=hint,
                  solution=_solution(_outcome_words(L, right), explain, trace=trace,
                                     where_label=w(L, "where.district")))
    return part, after


@_builds("defended")
def _step_defended(L: str) -> LessonStep:
    g, s = _defended_position(L)
    t1, t2 = 12, 20
    caption = lambda n: w(L, "attack.caption", n=n, district=_district(g, g.parcel_district[n], L))  # noqa: E731

    part_a, after_a = _attack_part(L, g, s, t1, w(L, "defended.a.prompt",
                                                    district=_district(g, g.parcel_district[t1], L),
                                                    space=s.strength + 1),
                                   w(L, "defended.a.hint"))

    def draw_a(sel):
        return _html(_cap(caption(t1)), _city(g, s, clickable=False), label=w(L, "defended.label"))

    # (b) the marker after the attack: the engine's
    space = after_a.strength + 1
    options_b = tuple((str(k), w(L, "defended.space", k=k, v=v)) for k, v in enumerate(g.content.strength_track, 1))

    def check_b(ans):
        if int(ans) == space:
            return _right(L, w(L, "defended.b.right"))
        if int(ans) == s.strength + 1:
            return _mis(L, "def-marker-stays")
        return _no(L, w(L, "defended.b.no"), "C6")

    part_b = Choose(w(L, "defended.b.prompt", space=s.strength + 1), check_b, options=options_b,
                    hint=w(L, "defended.b.hint"),
                    solution=_solution(dict(options_b)[str(space)], w(L, "defended.b.explain", space=space,
                                                                    v=g.content.strength_track[space - 1])))
    # (c) Orange's build draws Bloomridge's fourth token
    st = g.apply(g.apply(after_a, Build(1, "inn-02")), Parcel(1, 6))

    def extra(attack, before):
        contrib = attack.contributions
        pieces = [0] * g.players
        for i in g.city.forts_of[attack.district]:
            pc = before.pieces[i]
            if pc is not None and g.content.defence.get(pc.kind):
                pieces[pc.owner] += 1
        biggest = [0] * g.players
        for i in g.city.forts_of[attack.district]:
            pc = before.pieces[i]
            if pc is not None:
                biggest[pc.owner] = max(biggest[pc.owner], g.content.defence.get(pc.kind, 0))
        out = {}
        for mid, measure in (("def-count-pieces", pieces), ("def-bigger-piece", biggest)):
            top = max(measure)
            if measure.count(top) == 1:
                out[mid] = tuple(attack.strength * (2 if measure[p] == top else 1) if contrib[p] else 0
                                 for p in range(g.players))
        return out

    part_c, _ = _attack_part(L, g, st, t2, w(L, "defended.c.prompt", district=_district(g, g.parcel_district[t2], L),
                                             player=Who(L, 1)), w(L, "defended.a.hint"), extra)

    def draw_c():
        return _html(_cap(caption(t2)), _city(g, st, clickable=False))

    part_c = _options(part_c.prompt, part_c.options, part_c.check, board=draw_c, hint=part_c.hint,
                      solution=_with_picks(part_c.solution, part_c), label=w(L, "defended.label"))
    part_a = _options(part_a.prompt, part_a.options, part_a.check, board=lambda: draw_a(()), hint=part_a.hint,
                      solution=_with_picks(part_a.solution, part_a), label=w(L, "defended.label"))
    return _lstep(L, "defended", (part_a, part_b, part_c))


def _with_picks(sol: Solution, choose: Choose) -> Solution:
    """The solution of a Choose turned into an option chip on a board (its right option picked)."""
    right = next(v for v, _ in choose.options if choose.check(v).ok)
    return replace(sol, picks=(f"opt-{right}",))


# ============================================================================ 12. failed


def _failed_position(L):
    g = _game(3, L)
    s = late_position(
        g, pieces=(("F-STE-a", "tower", 0), ("F-STE-c", "gate", 2), ("P33", "inn", 0), ("P34", "market", 1),
                   ("P36", "temple", 2)),
        avail=(2, 10, 14, 18, 22, 26, 30, 32), banned=(1, 5, 9, 13), hidden=23,
        attacks=(("CIT", "held"), ("MAN", "fell"), ("TEM", "held"), ("WID", "held"), ("BLO", "held"), ("EAS", "held")),
        players={0: {"hq": "HEA"}, 1: {"hq": "STE"}, 2: {"hq": "BLO"}},
        active=2, tasks=(DrawToken("build"), EndTurn(2)))
    return g, s


def _space_options(g, L: str) -> tuple:
    return tuple((str(k), w(L, "defended.space", k=k, v=v)) for k, v in enumerate(g.content.strength_track, 1))


@_builds("failed")
def _step_failed(L: str) -> LessonStep:
    g, s = _failed_position(L)
    token = 35
    after = g.apply(s, Token(token))
    attack = after.attacks[-1]
    d = attack.district
    dname = _district(g, d, L)
    city = g.city
    right_a = frozenset(f"P{x}" for x in attack.damaged)
    contributors = {p for p, v in enumerate(attack.contributions) if v}

    def draw(sel):
        return _html(_cap(w(L, "attack.caption", n=token, district=dname)), _city(g, s, selected=sel),
                     label=w(L, "failed.label"))

    def check_a(ans):
        ans = frozenset(ans)
        if ans == right_a:
            return _right(L, w(L, "failed.a.right"))
        for x in sorted(ans - right_a):
            i = city.index.get(x)
            if i is None:
                continue
            if city.district_of[i] != d:
                return _mis(L, "fail-other-districts")
            pc = s.pieces[i]
            if pc is not None and (pc.kind == "hq" or city.kind[i] == "fort"):
                return _mis(L, "fail-hq-or-fort-hit")
            if pc is not None and pc.owner in contributors:
                return _mis(L, "fail-contributor-hit")
        for x in sorted(right_a - ans):
            pc = s.pieces[city.index[x]]
            if any(s.pieces[j] is not None and s.pieces[j].owner == pc.owner and s.pieces[j].kind == "gate"
                   for j in city.forts_of[d]):
                return _mis(L, "fail-gate-protects")
        return _no(L, w(L, "failed.a.no"), "A7")

    hit = [owned(g, s.pieces[city.index[x]], L) for x in sorted(right_a)]
    safe = [owned(g, s.pieces[i], L) for i in (city.parcel_index[x] for x in city.parcels_of[d])
            if s.pieces[i] is not None and f"P{city.parcel_number[i]}" not in right_a]
    explain = w(L, "failed.a.explain", strength=attack.strength, defence=attack.defence, district=dname,
                hit=join_list(hit, L), safe=join_list(safe, L) or w(L, "word.nothing"))
    part_a = _pick(w(L, "failed.a.prompt", space=s.strength + 1, district=dname), check_a, draw, mode="set",
                   label=w(L, "failed.label"), hint=w(L, "failed.a.hint", district=dname),
                   solution=_solution(join_list(hit, L), explain, picks=tuple(sorted(right_a))))
    mine = attack.rewards[0]
    wrong_b = {attack.strength, attack.contributions[0], 2 * attack.strength} - {mine}

    def check_b(n):
        if n == mine:
            return _right(L, w(L, "failed.b.right"))
        if n in wrong_b:
            return _mis(L, "fail-prestige")
        return _no(L, w(L, "failed.b.no"), "A9")

    part_b = Count(w(L, "failed.b.prompt"), check_b, hint=w(L, "failed.b.hint"),
                   solution=_solution(str(mine), w(L, "failed.b.explain")))
    where = next(f"L-{x}" for x in after.damage if x not in s.damage)

    def check_c(ans):
        ans = _bare(ans)
        if ans == where:
            return _right(L, w(L, "failed.c.right"))
        if ans in city.index and city.district_of[city.index[ans]] == d:
            return _mis(L, "fail-token-on-building")
        return _no(L, w(L, "failed.c.no"), "A6")

    part_c = _pick(w(L, "failed.c.prompt"), check_c, draw, mode="one", label=w(L, "failed.label"),
                   hint=w(L, "failed.c.hint"),
                   solution=_solution(spot_text(g, where, L), w(L, "failed.c.explain", district=dname),
                                      picks=(where,)))
    space = after.strength + 1

    def check_d(ans):
        if int(ans) == space:
            return _right(L, w(L, "defended.b.right"))
        if int(ans) == s.strength + 1:
            return _mis(L, "fail-marker-stays")
        return _no(L, w(L, "defended.b.no"), "C6")

    options = _space_options(g, L)
    part_d = Choose(w(L, "failed.d.prompt", space=s.strength + 1), check_d, options=options,
                    hint=w(L, "defended.b.hint"),
                    solution=_solution(dict(options)[str(space)],
                                       w(L, "defended.b.explain", space=space, v=g.content.strength_track[space - 1])))
    return _lstep(L, "failed", (part_a, part_b, part_c, part_d))


# ============================================================================ 13. setup


def _setup_states(L):
    """The engine's own setup of a 2-player game, chance scripted: Bloomridge's HQ card for you, three Heapside
    tokens among the first seven drawn."""
    g = _game(2, L)
    s = g.initial_state()
    opening = (21, 22, 24, 2, 7, 11, 30)
    states = {"start": s}
    drawn = 0
    for _ in range(400):
        if not g.is_chance(s):
            break
        task = s.tasks[0]
        outs = [m for m, _ in g.chance_outcomes(s)]
        move = outs[0]
        name = type(task).__name__
        if name == "DealHQ" and task.to == 0:
            move = next(m for m in outs if m.card == "hq-BLO")
        if name == "DrawToken" and task.purpose == "open":
            if drawn == len(opening):
                states["eighth"] = s
            else:
                move = Token(opening[drawn])
                drawn += 1
        s = g.apply(s, move)
    states["done"] = s
    return g, states


@_builds("setup")
def _step_setup(L: str) -> LessonStep:
    g, st = _setup_states(L)
    s0 = st["start"]
    city = g.city
    hq_card = "hq-BLO"
    after = g.apply(s0, next(m for m, _ in g.chance_outcomes(s0) if m.card == hq_card))
    spot = next(city.nodes[i] for i, pc in enumerate(after.pieces) if pc is not None and pc.kind == "hq")
    d = city.district_of[city.index[spot]]
    dname = _district(g, d, L)

    def draw_a(sel):
        return _html(_city(g, s0, selected=sel), label=w(L, "setup.a.label"))

    def check_a(ans):
        ans = _bare(ans)
        if ans == spot:
            return _right(L, w(L, "setup.a.right"))
        if ans.startswith("H-"):
            return _mis(L, "setup-hq-wrong-district")
        if _district_of_id(g, ans) == d:
            return _mis(L, "setup-hq-wrong-spot")
        return _no(L, w(L, "setup.a.no", district=dname), "S3")

    part_a = _pick(w(L, "setup.a.prompt", card=g.card_name(hq_card), district=dname), check_a, draw_a, mode="one",
                   label=w(L, "setup.a.label"), hint=w(L, "setup.a.hint"),
                   solution=_solution(spot_text(g, spot, L), w(L, "setup.a.explain", district=dname), picks=(spot,)))
    # (b) the eighth opening draw, when Heapside holds three tokens
    s8 = st["eighth"]
    n8 = 23
    d8 = g.parcel_district[n8]
    never = n8 not in g.token_candidates(s8, "open")
    right_b = "back" if never else "open"
    options_b = [(k, w(L, f"setup.b.{k}", n=n8, district=_district(g, d8, L)))
                 for k in ("back", "attack", "open", "hidden")]
    mids = {"attack": "setup-attack", "open": "setup-attack", "hidden": "setup-hidden-chosen"}

    def check_b(ans):
        if ans == right_b:
            return _right(L, w(L, "setup.b.right"))
        return _mis(L, mids[ans]) if ans in mids else _no(L, w(L, "setup.b.no"), "C5")

    part_b = _options(w(L, "setup.b.prompt", n=n8, district=_district(g, d8, L)), options_b, check_b,
                      board=lambda: _city(g, s8, clickable=False), hint=w(L, "setup.b.hint"),
                      solution=_solution(dict(options_b)[right_b],
                                         w(L, "setup.b.explain", district=_district(g, d8, L)),
                                         picks=(f"opt-{right_b}",)),
                      label=w(L, "setup.b.label"))
    # (c) the bag after a 2-player setup, and after a 3-player one: the engine's counts
    done = st["done"]
    left = g.bag_count(done)
    g3 = _game(3, L)
    s3 = g3.initial_state()
    while g3.is_chance(s3):
        s3 = g3.apply(s3, g3.chance_outcomes(s3)[0][0])
    misread = {"setup-bans-forgotten": left + len(done.banned), "setup-three-player-bans": g3.bag_count(s3),
               "setup-hidden-forgotten": left + 1}

    def check_c(n):
        if n == left:
            return _right(L, w(L, "setup.c.right"))
        for mid, v in misread.items():
            if n == v:
                return _mis(L, mid)
        return _no(L, w(L, "setup.c.no"), "P23-1")

    part_c = Count(w(L, "setup.c.prompt"), check_c, hint=w(L, "setup.c.hint"),
                   solution=_solution(str(left), w(L, "setup.c.explain", opened=len(done.avail),
                                                   banned=len(done.banned), left=left, banned3=len(s3.banned))))
    # (d) who may see the hidden token: nobody's view holds it
    from .state import HIDDEN

    nobody = all(g.view(done, p).hidden == HIDDEN for p in range(g.players))
    right_d = "nobody" if nobody else "everybody"
    options_d = [(k, w(L, f"setup.d.{k}")) for k in ("nobody", "start", "everybody")]

    def check_d(ans):
        if ans == right_d:
            return _right(L, w(L, "setup.d.right"))
        return _mis(L, "setup-peek")

    part_d = Choose(w(L, "setup.d.prompt"), check_d, options=tuple(options_d), hint=w(L, "setup.d.hint"),
                    solution=_solution(dict(options_d)[right_d], w(L, "setup.d.explain")))
    return _lstep(L, "setup", (part_a, part_b, part_c, part_d))


# ============================================================================ 14. final-round


def _final_position(L):
    g = _game(3, L)
    s = late_position(
        g, pieces=(), avail=(2, 6, 8, 10, 14, 18, 30, 31), banned=(1, 5, 9, 29), hidden=7,
        attacks=(("CIT", "held"), ("TEM", "held"), ("WID", "held"), ("BLO", "held"), ("HEA", "held"),
                 ("EAS", "held"), ("STE", "held")),
        fillers=(1, 2, 0),
        players={0: {"hq": "SEA", "hand": ("inn-02",), "gold": 6}, 1: {"hq": "STE"}, 2: {"hq": "CIT"}},
        active=1, tasks=(DrawToken("build"), EndTurn(1)))
    return g, s


def _income_turn(g, st):
    """The scripted turn of the final round: take income, finish it."""
    kind = g.pending(st).kind
    p = st.tasks[0].player
    return Income(p) if kind == "turn" else Done(p)


@_builds("final-round")
def _step_final_round(L: str) -> LessonStep:
    g, s = _final_position(L)
    last = s.bag[0]
    drawn = g.apply(s, Token(last))
    drawer = drawn.end_by
    # the engine's final round: every turn's player, in order, until the final attack
    order, st = [], drawn
    while not st.over:
        if g.pending(st).kind == "turn":
            order.append(st.tasks[0].player)
            if st.tasks[0].player == 0:
                yours = st
        st = g.apply(st, _income_turn(g, st))
    final = next(a for a in st.attacks if a.final)
    before_final = yours
    chips = [(f"house-{p}", f"{Who(L, p)} ({p + 1})") for p in range(g.players)]
    right_a = tuple(f"house-{p}" for p in order)

    def draw_a(sel):
        picked = {_bare(x) for x in sel}
        order_words = " → ".join(dict(chips)[_bare(x)] for x in sel)
        return _html(_chips(_chip(i, lab, i in picked) for i, lab in chips),
                     _cap(order_words) if sel else "", _city(g, drawn, clickable=False), label=w(L, "final.a.label"))

    def check_a(seq):
        seq = tuple(_bare(x) for x in seq)
        if seq == right_a:
            return _right(L, w(L, "final.a.right", player=who(L, drawer)))
        if seq == right_a[:-1]:
            return _mis(L, "final-drawer-skips")
        if seq and seq[0] == f"house-{drawer}":
            return _mis(L, "final-drawer-again")
        if seq == tuple(f"house-{p}" for p in range(g.players)):
            return _mis(L, "final-from-start-player")
        return _no(L, w(L, "final.a.no"), "C15")

    part_a = _pick(w(L, "final.a.prompt", owner=w(L, f"house.gen.{drawer}")), check_a, draw_a, mode="sequence",
                   label=w(L, "final.a.label"), hint=w(L, "final.a.hint"),
                   solution=_solution(" → ".join(dict(chips)[x] for x in right_a),
                                      w(L, "final.a.explain", player=who(L, drawer),
                                        order=", ".join(who(L, p) for p in order)), picks=right_a))
    # (b) your final build draws nothing: the engine's state after it
    built = g.apply(g.apply(yours, Build(0, "inn-02")), Parcel(0, yours.avail[0]))
    draws = g.is_chance(built) or any(type(tk) is DrawToken for tk in built.tasks)
    right_b = "token" if draws else "nothing"
    options_b = [(k, w(L, f"final.b.{k}")) for k in ("token", "nothing")]

    def check_b(ans):
        if ans == right_b:
            return _right(L, w(L, "final.b.right"))
        return _mis(L, "final-draw")

    part_b = Choose(w(L, "final.b.prompt"), check_b, options=tuple(options_b), hint=w(L, "final.b.hint"),
                    solution=_solution(dict(options_b)[right_b], w(L, "final.b.explain")))
    # (c) the district of the final attack, (d) its strength
    fd = final.district
    full = {d for k, d in enumerate(g.city.districts) if len(drawn.tracks[k]) >= 4}

    def draw_c(sel):
        return _html(_city(g, before_final, selected=sel), label=w(L, "final.c.label"))

    def check_c(ans):
        dd = _district_of_id(g, _bare(ans))
        if dd == fd:
            return _right(L, w(L, "final.c.right"))
        if dd in full:
            return _mis(L, "final-already-attacked")
        return _no(L, w(L, "final.c.no"), "E4")

    part_c = _pick(w(L, "final.c.prompt"), check_c, draw_c, mode="one", label=w(L, "final.c.label"),
                   hint=w(L, "final.c.hint"),
                   solution=_solution(_district(g, fd, L), w(L, "final.c.explain", district=_district(g, fd, L),
                                                            n=st.hidden), picks=(f"attack-{fd}",)))

    def check_d(n):
        if n == final.strength:
            return _right(L, w(L, "final.d.right"))
        if n < final.strength:
            return _mis(L, "final-strength")
        return _no(L, w(L, "final.d.no"), "C6")

    part_d = Count(w(L, "final.d.prompt"), check_d, hint=w(L, "final.d.hint"),
                   solution=_solution(str(final.strength), w(L, "final.d.explain", n=final.strength)))
    return _lstep(L, "final-round", (part_a, part_b, part_c, part_d))


# ============================================================================ 15. scoring


def _scoring_position(L):
    g = _game(2, L)
    s = late_position(
        g, pieces=(("P35", "inn", 0), ("P36", "temple", 0), ("F-STE-c", "tower", 0), ("F-SEA-b", "gate", 0),
                   ("P31", "temple", 0, "", True), ("P21", "market", 0), ("P22", "temple", 0), ("F-HEA-a", "keep", 0),
                   ("P9", "temple", 0), ("F-CIT-a", "tower", 0), ("P18", "inn", 0, "", True),
                   ("F-SEA-a", "keep", 1), ("P30", "market", 1)),
        avail=(2, 6, 8, 10, 14, 23, 26, 32), banned=(1, 5, 13, 17, 25, 29, 33, 34), hidden=7,
        attacks=(("STE", "held"), ("CIT", "held"), ("HEA", "held"), ("TEM", "held"), ("SEA", "fell"),
                 ("BLO", "fell"), ("EAS", "held"), ("WID", "held")),
        fillers=(1,),
        players={0: {"hq": "STE", "gold": 5, "supply": 2, "favor": 1, "influence": (5, 4, 3), "prestige": 23,
                     "hand": ("inn-02", "hall-01", "market-02"), "agendas": ("ag-04", "ag-07", "ag-12")},
                 1: {"hq": "EAS", "prestige": 25}},
        active=1, end_by=1, final_left=1)
    return g, s


def _scored(L):
    """The scoring position, Orange's final turn played (income), the final attack and the final scoring done."""
    g, s = _scoring_position(L)
    st = s
    while not st.over:
        st = g.apply(st, _income_turn(g, st))
    return g, s, st


def _final_gains(state: BaldursGateState, p: int) -> dict:
    """The engine's final scoring gains of ``p`` by rule: ``{"E6": [Gain...], ...}``."""
    out: dict = {}
    for gn in state.players[p].gains:
        if gn.rule in ("E6", "E7", "E8", "E9"):
            out.setdefault(gn.rule, []).append(gn)
    return out


@_builds("scoring")
def _step_scoring(L: str) -> LessonStep:
    g, before, over = _scored(L)
    city = g.city
    gains = _final_gains(over, 0)
    me = over.players[0]
    slots = scoring.agenda_slots(g, over, 0)
    # (a) the agendas that score
    right_a = frozenset(f"card-{x.ref}" for x in gains.get("E6", ()) if x.points)
    agendas = me.agendas

    def draw_a(sel):
        from .drawing import cards_markup

        return _html(cards_markup(g, agendas, selected=sel, title=w(L, "scoring.a.title")),
                     _board_of(g, before, me=True, hand=False), label=w(L, "scoring.a.title"))

    def check_a(ans):
        ans = frozenset(_bare(x) for x in ans)
        if ans == right_a:
            return _right(L, w(L, "scoring.a.right"))
        if len(ans) > slots:
            return _mis(L, "score-no-threshold")
        if len(ans) == len(right_a):
            return _mis(L, "score-not-best")
        return _no(L, w(L, "scoring.a.no"), "E6")

    levels = ", ".join(f"{g.faction_name(f, L)} {scoring.influence_level(g, over, 0, f)}" for f in g.faction_ids)
    scored = [w(L, "scoring.agenda", card=g.card_name(x.ref), count=x.extra, points=qty(x.points, "prestige", L))
              for x in gains.get("E6", ())]
    part_a = _pick(w(L, "scoring.a.prompt"), check_a, draw_a, mode="set", label=w(L, "scoring.a.title"),
                   hint=w(L, "scoring.a.hint"),
                   solution=_solution(join_list([g.card_name(x.ref) for x in gains.get("E6", ())], L),
                                      w(L, "scoring.a.explain", levels=levels, slots=slots, scored="; ".join(scored),
                                        cards=qty(slots, "agenda", L),
                                        points=qty(sum(x.points for x in gains.get("E6", ())), "prestige", L)),
                                      picks=tuple(sorted(right_a))))
    # (b) the largest network: the engine's E7 pieces
    net = frozenset(gains["E7"][0].extra.split(","))
    mine_all = {city.nodes[i] for i, pc in enumerate(over.pieces) if pc is not None and pc.owner == 0}
    damaged = {city.nodes[i] for i, pc in enumerate(over.pieces) if pc is not None and pc.owner == 0 and pc.damaged}

    def draw_city(sel):
        return _html(_city(g, over, selected=sel), label=w(L, "scoring.city"))

    def check_b(ans):
        ans = frozenset(ans)
        if ans == net:
            return _right(L, w(L, "scoring.b.right", n=qty(len(net), "piece", L)))
        extra = ans - net
        if extra & damaged:
            return _mis(L, "score-damaged-counts")
        if any(x in city.index and over.pieces[city.index[x]] is not None and x not in mine_all for x in extra):
            return _mis(L, "score-through-others")
        if extra & mine_all:
            return _mis(L, "score-all-groups")
        missing = net - ans
        if missing and all(city.kind[city.index[x]] != "parcel" for x in missing):
            return _mis(L, "score-buildings-only")
        return _no(L, w(L, "scoring.b.no"), "E7")

    net_sorted = sorted(net, key=lambda x: (city.kind[city.index[x]] != "hq", city.kind[city.index[x]] != "parcel", x))
    part_b = _pick(w(L, "scoring.b.prompt"), check_b, draw_city, mode="set", label=w(L, "scoring.city"),
                   hint=w(L, "scoring.b.hint"),
                   solution=_solution(_nodes_text(g, net_sorted, L),
                                      w(L, "scoring.b.explain", pieces=_nodes_text(g, net_sorted, L),
                                        n=qty(len(net), "piece", L),
                                        points=qty(gains["E7"][0].points, "prestige", L)),
                                      picks=tuple(net_sorted)))
    # (c) the districts: the engine's E8 list
    right_c = frozenset(gains["E8"][0].extra.split(","))
    only_damaged = {city.district_of[city.index[x]] for x in damaged} - right_c
    only_forts = {city.district_of[city.index[x]] for x in mine_all if city.kind[city.index[x]] == "fort"} - right_c

    def check_c(ans):
        got = frozenset(d for d in (_district_of_id(g, _bare(x)) for x in ans) if d)
        if got == right_c:
            return _right(L, w(L, "scoring.c.right"))
        for d in sorted(got - right_c):
            if d in only_damaged:
                return _mis(L, "score-damaged-counts")
            if d in only_forts:
                return _mis(L, "score-fort-district")
        return _no(L, w(L, "scoring.c.no"), "E8")

    dnames = join_list([_district(g, d, L) for d in g.city.districts if d in right_c], L)
    part_c = _pick(w(L, "scoring.c.prompt"), check_c, draw_city, mode="set", label=w(L, "scoring.city"),
                   hint=w(L, "scoring.c.hint"),
                   solution=_solution(dnames, w(L, "scoring.c.explain", districts=dnames,
                                                points=qty(gains["E8"][0].points, "prestige", L)),
                                      picks=tuple(f"L-{d}" for d in sorted(right_c))))
    # (d) the leftovers: the engine's E9
    lg = gains["E9"][0]
    units = int(lg.ref)
    misread_d = {"score-agendas-leftover": (units + len(me.agendas)) // 3,
                 "score-cards-forgotten": (units - len(me.hand)) // 3}

    def check_d(n):
        if n == lg.points:
            return _right(L, w(L, "scoring.d.right"))
        for mid, v in misread_d.items():
            if n == v and v != lg.points:
                return _mis(L, mid)
        return _no(L, w(L, "scoring.d.no"), "E9")

    gold, sup, fav, cards = lg.extra.split(",")
    part_d = Count(w(L, "scoring.d.prompt"), check_d, hint=w(L, "scoring.d.hint"),
                   solution=_solution(str(lg.points), w(L, "scoring.d.explain", gold=gold, supply=sup, favor=fav,
                                                        cards=cards, units=units, points=lg.points)))
    # (e) the total of the four steps
    total = sum(x.points for v in gains.values() for x in v)
    game_prestige = before.players[0].prestige

    def check_e(n):
        if n == total:
            return _right(L, w(L, "scoring.e.right"))
        if n == total + game_prestige:
            return _mis(L, "score-game-prestige")
        return _no(L, w(L, "scoring.e.no"), "C16")

    trace = scoring.final_trace(g, over, 0)
    part_e = Count(w(L, "scoring.e.prompt"), check_e, hint=w(L, "scoring.e.hint"),
                   solution=_solution(str(total), w(L, "scoring.e.explain", total=total, before=game_prestige,
                                                    after=over.players[0].prestige), trace=trace,
                                      where_label=w(L, "where.what")))
    return _lstep(L, "scoring", (part_a, part_b, part_c, part_d, part_e))


# ============================================================================ 16. tie-break


def _tie_states(L):
    """Two finished games (the end of the bookkeeping only: prestige, portfolios, pieces and agenda prestige)."""
    g = _game(2, L)
    a = position(
        g, pieces=(("P2", "inn", 0), ("P6", "hall", 0), ("P10", "market", 0), ("P14", "temple", 0),
                   ("P18", "inn", 0, "", True), ("F-CIT-a", "tower", 0),
                   ("P22", "inn", 1), ("P26", "hall", 1), ("P30", "market", 1), ("P34", "temple", 1),
                   ("F-HEA-a", "gate", 1), ("F-EAS-a", "gate", 1), ("F-SEA-a", "tower", 1)),
        players={0: {"hq": "STE", "prestige": 61,
                     "gains": (Gain("OV1", 55, "other"), Gain("E6", 6, "agenda", "ag-01"))},
                 1: {"hq": "MAN", "prestige": 61,
                     "gains": (Gain("OV1", 52, "other"), Gain("E6", 9, "agenda", "ag-04"))}},
        over=True, check=False)
    g3 = _game(3, L)
    b = position(
        g3, pieces=(("P2", "inn", 0), ("P6", "hall", 0), ("P10", "market", 0), ("P14", "temple", 0),
                    ("F-CIT-a", "tower", 0), ("F-MAN-a", "keep", 0),
                    ("P22", "inn", 2), ("P26", "hall", 2), ("P30", "market", 2), ("P34", "temple", 2),
                    ("F-HEA-a", "tower", 2), ("F-EAS-a", "keep", 2), ("P19", "inn", 1)),
        players={0: {"hq": "STE", "prestige": 58, "gold": 7,
                     "gains": (Gain("OV1", 53, "other"), Gain("E6", 5, "agenda", "ag-01"))},
                 1: {"hq": "TEM", "prestige": 40},
                 2: {"hq": "WID", "prestige": 58, "gold": 2,
                     "gains": (Gain("OV1", 53, "other"), Gain("E6", 5, "agenda", "ag-04"))}},
        over=True, check=False)
    return g, a, g3, b


@_builds("tie-break")
def _step_tie_break(L: str) -> LessonStep:
    g, a, g3, b = _tie_states(L)
    keys = [scoring.tiebreak_key(g, a, p) for p in range(2)]
    gates = [sum(1 for c_ in a.players[p].portfolio if c_ in g.content.gate_map) for p in range(2)]
    lost = [sum(1 for pc in a.pieces if pc is not None and pc.owner == p and pc.damaged) for p in range(2)]

    def board():
        return _tie_board(g, a, L)

    def count_part(p: int, mid: str, wrong: int):
        right = keys[p][1]
        options = tuple((str(k), str(k)) for k in range(0, 9))

        def check(ans):
            n = int(ans)
            if n == right:
                return _right(L, w(L, "tie.count.right"))
            if n == wrong and wrong != right:
                return _mis(L, mid)
            return _no(L, w(L, "tie.count.no"), "TB1")

        return _options(w(L, f"tie.a{p + 1}.prompt", player=Who(L, 1)), options, check, board=board,
                        hint=w(L, "tie.count.hint"),
                        solution=_solution(str(right), w(L, f"tie.a{p + 1}.explain", n=right, gates=gates[1],
                                                         player=Who(L, 1)), picks=(f"opt-{right}",)),
                        label=w(L, "tie.label"))

    part_1 = count_part(1, "tie-gates-as-buildings", keys[1][1] + gates[1])
    part_2 = count_part(0, "tie-damaged-card-lost", keys[0][1] - lost[0])
    winners = g.winners(a)
    right_3 = "both" if len(winners) > 1 else str(winners[0])
    by_forts = max(range(2), key=lambda p: (keys[p][0], keys[p][2], keys[p][3], keys[p][1]))
    options_3 = [("0", Who(L, 0)), ("1", Who(L, 1)), ("both", w(L, "tie.both"))]

    def check_3(ans):
        if ans == right_3:
            return _right(L, w(L, "tie.a3.right"))
        if ans == str(by_forts):
            return _mis(L, "tie-wrong-order")
        return _no(L, w(L, "tie.a3.no"), "TB1")

    part_3 = Choose(w(L, "tie.a3.prompt"), check_3, options=tuple(options_3), hint=w(L, "tie.a3.hint"),
                    solution=_solution(dict(options_3)[right_3], w(L, "tie.a3.explain", mine=keys[0][1],
                                                                  theirs=keys[1][1], player=Who(L, 1))))
    winners_b = g3.winners(b)
    right_4 = "both" if len(winners_b) > 1 else ("nobody" if not winners_b else str(winners_b[0]))
    options_4 = [("0", Who(L, 0)), ("2", Who(L, 2)), ("both", w(L, "tie.syndicate")), ("nobody", w(L, "tie.nobody"))]
    richer = max((0, 2), key=lambda p: sum(scoring.leftovers(b, p)))

    def check_4(ans):
        if ans == right_4:
            return _right(L, w(L, "tie.b.right"))
        if ans == str(richer):
            return _mis(L, "tie-leftovers-break")
        if ans == "nobody":
            return _mis(L, "tie-nobody")
        return _no(L, w(L, "tie.b.no"), "TB4")

    kb = [scoring.tiebreak_key(g3, b, p) for p in (0, 2)]
    part_4 = Choose(w(L, "tie.b.prompt", player=Who(L, 2), points=kb[0][0], buildings=kb[0][1], forts=kb[0][2],
                      agendas=kb[0][3], gold=b.players[0].gold, gold2=b.players[2].gold), check_4,
                    options=tuple(options_4), hint=w(L, "tie.b.hint"),
                    solution=_solution(dict(options_4)[right_4], w(L, "tie.b.explain", player=who(L, 2),
                                                                  result=g3.result_text(b))))
    return _lstep(L, "tie-break", (part_1, part_2, part_3, part_4))


def _tie_board(g, a, L: str) -> str:
    """Both houses' boards at the end of the tied game: portfolios, and the counts the tie-breaks compare."""
    from .drawing import player_markup

    view = g.view(a, 0)
    cols = []
    for p in range(2):
        fort_n = sum(1 for pc in a.pieces if pc is not None and pc.owner == p and pc.kind in ("tower", "keep", "gate"))
        note = w(L, "tie.facts", prestige=a.players[p].prestige, forts=fort_n,
                 agendas=scoring.agenda_prestige(a, p))
        cols.append(f'<div class="log">{_esc(note)}</div>' +
                    player_markup(g, view, p, viewer=0, name=f"{Who(L, p)} ({p + 1})", hand=False))
    html = '<div class="cols">' + "".join(f"<div>{c}</div>" for c in cols) + "</div>"
    return re.sub(r' data-id="[^"]*"', "", html).replace(' role="button"', "")


# ============================================================================ 17. advanced


def _advanced_states(L):
    g = _game(3, L, advanced=True)
    s = g.initial_state()
    picks, offer_size, bottom = [], None, None
    for _ in range(600):
        if s.over or not s.tasks or g.pending(s).kind == "turn":
            break
        kind = g.pending(s).kind
        if g.is_chance(s):
            s = g.apply(s, g.chance_outcomes(s)[0][0])
            continue
        if kind == "pick":
            if offer_size is None:
                offer_size = len(s.hq_offer)
            picks.append(s.tasks[0].player)
        move = g.legal_moves(s, g.to_move(s)[0])[0]
        if kind == "bottom" and bottom is None:
            bottom = (s, move)
        s = g.apply(s, move)
    return g, picks, offer_size, bottom


@_builds("advanced")
def _step_advanced(L: str) -> LessonStep:
    g, picks, offer_size, (sb, mb) = _advanced_states(L)
    n = g.players

    def check_a(k):
        if k == offer_size:
            return _right(L, w(L, "adv.a.right"))
        if k in (n, 9):
            return _mis(L, "adv-n-cards")
        return _no(L, w(L, "adv.a.no"), "ADV1")

    part_a = Count(w(L, "adv.a.prompt", n=n), check_a, hint=w(L, "adv.a.hint"),
                   solution=_solution(str(offer_size), w(L, "adv.a.explain", k=offer_size, n=n)))
    chips = [(f"house-{p}", f"{Who(L, p)} ({p + 1})") for p in range(n)]
    right_b = tuple(f"house-{p}" for p in picks)

    def draw_b(sel):
        picked = {_bare(x) for x in sel}
        return _html(_chips(_chip(i, lab, i in picked) for i, lab in chips),
                     _cap(" → ".join(dict(chips)[_bare(x)] for x in sel)) if sel else "", label=w(L, "adv.b.label"))

    def check_b(seq):
        seq = tuple(_bare(x) for x in seq)
        if seq == right_b:
            return _right(L, w(L, "adv.b.right"))
        if seq == tuple(f"house-{p}" for p in range(n)):
            return _mis(L, "adv-turn-order")
        return _no(L, w(L, "adv.b.no"), "ADV2")

    part_b = _pick(w(L, "adv.b.prompt"), check_b, draw_b, mode="sequence", label=w(L, "adv.b.label"),
                   hint=w(L, "adv.b.hint"),
                   solution=_solution(" → ".join(dict(chips)[x] for x in right_b),
                                      w(L, "adv.b.explain", order=", ".join(who(L, p) for p in picks)),
                                      picks=right_b))
    after = g.apply(sb, mb)
    where = "bottom" if mb.card in after.bottom else ("discard" if mb.card in after.discard else "offer")
    options_c = [(k, w(L, f"adv.c.{k}")) for k in ("bottom", "discard", "offer")]

    def check_c(ans):
        if ans == where:
            return _right(L, w(L, "adv.c.right"))
        return _mis(L, "adv-discard")

    part_c = Choose(w(L, "adv.c.prompt"), check_c, options=tuple(options_c), hint=w(L, "adv.c.hint"),
                    solution=_solution(dict(options_c)[where], w(L, "adv.c.explain")))
    return _lstep(L, "advanced", (part_a, part_b, part_c))


# ============================================================================ 18. play

PLAY_SEED = 7


def _play_chance(game, seed):
    """Seeded chance for the last step's game: each draw depends on the seed and the position only."""
    import random

    def draw(state, k):
        outs = game.chance_outcomes(state)
        rng = random.Random(f"{seed}-{len(state.bag)}-{len(state.deck)}-{len(state.agenda_deck)}-{len(state.tasks)}")
        return rng.choices([m for m, _ in outs], weights=[q for _, q in outs])[0]

    return draw


def _play_bot(seed):
    """The engine's greedy bot, building whenever it can at the start of a turn (so the short game ends)."""
    from .bots import make_bot

    def move(game, state):
        p = game.to_move(state)[0]
        view = game.view(state, p)
        bot = make_bot("greedy", f"{seed}-{p}-{len(state.bag)}-{len(state.tasks)}")
        m = bot.choose(game, view, p)
        if game.pending(state).kind == "turn" and type(m) is not Build:
            builds = [x for x in game.legal_moves(view, p) if type(x) is Build]
            if builds:
                return max(builds, key=lambda x: game.content.buildings[x.card].cost)
        return m

    return move


@lru_cache(maxsize=None)
def _play_start(L: str) -> tuple:
    """A 2-player game late on: six districts attacked, four tokens left in the bag, a hand of cards each."""
    g = _game(2, L)
    s = late_position(
        g, pieces=(("F-EAS-a", "tower", 0), ("P26", "market", 0), ("F-SEA-a", "tower", 1)),
        avail=(4, 8, 12, 25, 27, 29, 31, 35), banned=(1, 5, 9, 13, 17, 21, 33), hidden=36,
        attacks=(("CIT", "held"), ("MAN", "fell"), ("TEM", "held"), ("WID", "held"),
                                  ("BLO", "fell"), ("HEA", "held")),
        fillers=(1, 0),
        players={0: {"hq": "EAS", "gold": 7, "supply": 2, "favor": 2, "influence": (3, 4, 1), "prestige": 18,
                     "hand": ("inn-07", "hall-09", "temple-05")},
                 1: {"hq": "STE", "gold": 6, "supply": 2, "favor": 1, "influence": (4, 2, 3), "prestige": 20,
                     "hand": ("market-07", "temple-08", "hall-05")}})
    return g, s


@lru_cache(maxsize=None)
def _play_live(L: str) -> Live:
    g, s = _play_start(L)
    return Live(g, s, others=_play_bot(PLAY_SEED + 1), chance=_play_chance(g, PLAY_SEED + 1),
                stop=lambda st: st.over)


@lru_cache(maxsize=None)
def _play_shown(L: str) -> tuple:
    """The clicks of the rest of the game played by the bot in your seat (what *Show me* replays)."""
    live = _play_live(L)
    g = live.game
    bot = _play_bot(PLAY_SEED + 2)
    sel: tuple = ()
    for _ in range(300):
        st = live.frame(sel).state
        if st.over or g.to_move(st) != (0,):
            break
        m = bot(g, st)
        sel = sel + (f"{_click_id(m)}@{len(sel)}",)
    return sel


def _score_misreadings(g, state: BaldursGateState, p: int = 0) -> dict:
    """Final totals of ``p`` with one scoring rule misread (the engine's own pieces of the score, changed)."""
    city = g.city
    gains = _final_gains(state, p)
    pre = state.players[p].prestige - sum(x.points for v in gains.values() for x in v)
    part = {r: sum(x.points for x in gains.get(r, ())) for r in ("E6", "E7", "E8", "E9")}
    pl = state.players[p]
    mine = [i for i, pc in enumerate(state.pieces) if pc is not None and pc.owner == p]
    alt = {}
    all_agendas = sum(scoring.agenda_points(g, state, p, a)[0] for a in pl.agendas if a in g.content.agendas)
    alt["score-no-threshold"] = dict(part, E6=all_agendas)
    alt["score-all-groups"] = dict(part, E7=2 * sum(1 for i in mine if not state.pieces[i].damaged))
    with_forts = {city.district_of[i] for i in mine if not state.pieces[i].damaged}
    alt["score-fort-district"] = dict(part, E8=2 * len(with_forts))
    units, _ = scoring.leftovers(state, p)
    alt["score-agendas-leftover"] = dict(part, E9=(units + len(pl.agendas)) // 3)
    total = pre + sum(part.values())
    out = {"play-prestige-only": pre}
    for mid, v in alt.items():
        out[mid] = pre + sum(v.values())
    return {mid: v for mid, v in out.items() if v != total}


@dataclass(frozen=True)
class _Prediction(Count):
    """Your final total, typed once the game of the step's first part is over (not read before)."""

    box: Any = None
    language: str = "en"

    def read(self, raw):
        if self.box is None or self.box.get("state") is None:
            return None, w(self.language, "play.b.first")
        return super().read(raw)


@_builds("play")
def _step_play(L: str) -> LessonStep:
    live = _play_live(L)
    g = live.game
    # the end of the learner's game of (a), asked about in (b): the learner's own (the lesson is shared)
    box = LearnerBox(f"baldurs-gate-play-{L}", state=None)

    def check_a(seq):
        fr = live.frame(tuple(seq))
        if fr.state.over:
            box["state"] = fr.state
            return _right(L, w(L, "play.a.right"))
        refused = _refusal(L, fr, lambda id_, rule, move: None)
        if refused is not None and fr.message:
            return refused
        return _no(L, w(L, "play.a.no"), "E5")

    def shown():
        sel = _play_shown(L)
        st = live.frame(sel).state
        if st.over and box["state"] is None:
            box["state"] = st
        return _solution(w(L, "play.a.answer"), w(L, "play.a.explain"), picks=sel)

    part_a = _live_pick(live, w(L, "play.a.prompt"), check_a, label=w(L, "play.a.label"), hint=w(L, "play.a.hint"),
                        solution=shown, offer=True, others=True, hide_score=True)

    def check_b(n):
        st = box["state"]
        total = st.players[0].prestige
        if n == total:
            return _right(L, w(L, "play.b.right", total=total))
        for mid, v in _score_misreadings(g, st, 0).items():
            if n == v:
                return _mis(L, mid)
        return _no(L, w(L, "play.b.no"), "C16")

    def solution_b():
        st = box["state"]
        if st is None:
            return _solution(w(L, "play.b.first"))
        return _solution(str(st.players[0].prestige),
                         w(L, "play.b.explain", result=g.result_text(st), total=st.players[0].prestige),
                         trace=scoring.final_trace(g, st, 0), where_label=w(L, "where.what"))

    part_b = _Prediction(w(L, "play.b.prompt"), check_b, hint=w(L, "play.b.hint"), solution=solution_b, box=box,
                         language=L)
    return _lstep(L, "play", (part_a, part_b))


# ============================================================================ the lesson and the notebook face


@lru_cache(maxsize=None)
def lesson(language: str = "en") -> Lesson:
    """The tutorial in ``language`` (``"en"`` or ``"cs"``) as a :class:`~balada_widgets.kit.lesson.Lesson`.

    Built once and shared by every learner (every page of the app): immutable data, its positions and
    its caches (``lru_cache`` above: positions, the last step's game as a function of the clicks) are the
    same for everybody. What one learner does lives in their own tutorial (its progress, and
    :func:`~balada_widgets.kit.lesson.learner_store`), never here.
    """
    L = check_language(language)
    return Lesson(w(L, "lesson.title"), tuple(_BUILDERS[s.id](L) for s in STEPS if s.id in _BUILDERS))


_FACE = NotebookFace(lesson, [s.id for s in STEPS],
                     lambda L: w(L, "err.no_step", steps=", ".join(s.id for s in STEPS)), words=kit_words)


def tutorial(language: str = "en"):
    """The notebook face of the lesson in ``language`` (one per kernel and language: every cell shares progress)."""
    return _FACE.tutorial(check_language(language))


def step(step_id: Optional[str] = None, language: str = "en"):
    """Show step ``step_id`` of the tutorial in ``language`` (the last expression of a notebook cell).

    ``step("connections")``, ``step("connections", language="cs")``.

    :raises InvalidInput: no step has that id (the message lists them), or the language is unknown.
    """
    return _FACE.step(step_id, check_language(language))
