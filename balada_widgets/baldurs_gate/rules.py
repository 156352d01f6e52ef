"""Builders of Baldur's Gate as a game of the shared protocol: the whole game for 2-4 players.

Pure Python: no UI import (a test keeps it so). The mechanics are in
:mod:`.engine`, the effect words in :mod:`.effects`, scoring in :mod:`.scoring`,
content and city in :mod:`.content` / :mod:`.city`, the words of both
languages in :mod:`.i18n`.

The game in our own words
-------------------------
Two to four houses grow their business in the nine districts of Baldur's
Gate (C1). Each district has four numbered parcels, an HQ spot, three
fortification spots and a special location; solid lines join pieces (C2).

*Setup* (S1-S10). Every house starts with 6 gold, 1 supply, 1 favor, a cube
at the start of each of the three faction tracks, a worker at home and its HQ
card: dealt at random (basic side), the HQ tile goes to the HQ spot of the
district the card names. Three building cards and three agenda cards go to
each hand, four building cards form the face-up offer, the gate cards lie
face up in a fixed order. Eight parcel tokens are drawn from the bag of 36:
their parcels become available and the tokens go onto their districts'
attack tracks; a setup draw never makes a district's 4th token (C5: drawn
among the tokens whose district holds fewer than 3). One more token is laid
face down at the end of the attack-strength track, seen by nobody (the hidden
token). With 3 players 4 more tokens, with 2 players 8, are drawn the same way
and their parcels banned for the game (P23). Seat 1 starts (R14).

*A turn* is exactly one action (T1), no passing (C13: income is always legal):

- **Build** (BLD1-BLD8): choose a card of your hand you can pay, pay its
  gold, the card joins your portfolio; choose an available parcel; the tile
  (the card's type) gets your cube; every worker on that district's location
  goes home; every undamaged piece joined to the new one by a solid line pays
  its owner a connection bonus (C3: inn 1 favor, hall 1 supply, market 2 gold,
  temple 1 influence on a track its owner chooses, HQ 2 gold, any
  fortification 1 prestige), active player first and then clockwise, your own
  pieces too; then the card's when-built effect; then a token is drawn from
  the bag: its parcel becomes available and the token joins its district's
  attack track; the 4th token there starts an attack at once.
- **Worker** (W1-W4): only with the worker at home; put it on any location
  (a worker there goes home first) and make at most one trade there (C9):
  Fortify (a watchtower for 3 gold, a keep for 5 gold + 1 supply, in that
  district), Petition (1 favor: 2 influence with the
  location's faction) or the location's own trade. A damaged location's
  trades cost 1 favor more (A6). Placing the worker and trading nothing is
  allowed.
- **Income** (I1-I4): take your HQ card's automatic income (basic side: 6
  gold + 1 supply), then use the income ability of each portfolio card at most
  once (the HQ's: return your worker, C12), in any order, paying its cost;
  cards gained during this income action can be used in it too (chains, C14:
  a card built by an ability resolves its whole build, attack included, and
  the income goes on). Then finish.

*Influence* moves your cube on one track (C10: all of one effect's influence
on one track); each space passed or reached gives its reward at once; past
the 8th space each influence is 1 prestige.

*Fortifications*: watchtowers (defence 1) and keeps (defence 2) come from the
Fortify trades, three local trades, Flaming Fist rewards and a few cards;
gates (defence 0) come with the top gate card (C11). Placing one pays the
connection bonuses like a building (C4), without workers going home or a
token. Each fortification spot holds one piece; every piece of yours needs a
cube (25, 3 of them on the tracks: R10).

*Attacks* (A1-A9, C6-C8): strength is the attack-strength marker's value
(1,1,2,2,3,3,4,4,5; it moves one space after each mid-game attack, whatever
the result). A district's defence is 1 per watchtower + 2 per keep there. If
the defence reaches the strength, every contributor gains prestige equal to
the strength and the single largest contributor gains it again (a tie at the
top: no bonus). Otherwise the location gets a damage token and the buildings
there of every player without a tower or keep in the district lose their
cubes for good (they pay nothing, break networks and count for no district;
their cards stay and keep working).

*The end* (E1-E9, C15, C16): the build that draws the last token triggers
it; that turn is finished, then everybody plays one more turn, clockwise, the
triggering player last. Then the hidden token is turned over and its district
is attacked at strength 5 (it never gets a 4th token, so it is attacked only
then), then final scoring (see :mod:`.scoring`) and tie-breaks (C17).

*Advanced setup* (ADV, ``advanced=True``): n+1 HQ cards are laid out advanced
side up; in reverse seat order each player picks one (R44) and takes its
special component; each player is dealt 5 building cards and puts 2 at the
bottom of the deck, then the same with agendas.

Rulings decided here (RULINGS.md C1-C19 bind; these fill what remains)
----------------------------------------------------------------------
- **BG1 decisions, one at a time.** Every choice is its own decision with its
  legal options: build = card, then parcel, then each temple owner's track
  (in bonus order), then when-built choices, then chance draws the token; the
  attack resolves inside that draw. A fortification always asks for its spot,
  even when one spot is free. Chance draws one card or token at a time.
- **BG2 paying first.** The build's gold is paid when the card is chosen
  (BLD1); the card must have an available parcel and a free cube to be
  chosen, so a chosen card can always be placed.
- **BG3 offers only what can happen.** A trade or an income ability is
  offered only when it can be paid and its effect can happen (a fortify with
  a free spot, a cube and, for a gate, a gate card; a build with a card to
  build; a take with a card in the offer; "return your worker" with the worker
  away). A track reward or when-built effect that cannot happen is lost.
- **BG4 the advanced HQ.** The advanced side keeps "return your worker" as one
  of its abilities: a card has one use per income action, so the player picks
  one of its abilities (W4c names the basic side; keeping it avoids a worker
  stuck for the game).
- **BG5 agendas.** The engine scores the best agendas for you (C16's choice is
  never worth fewer points; TB3 prefers more too).
- **BG6 decks.** A draw takes a uniformly random card of the deck's shuffled
  part (each draw is chance's move); cards put "at the bottom" come after it
  in order; discards are reshuffled when both are empty (C13). A draw from
  empty decks gives nothing.
- **BG7 the hidden token** is drawn after the 8 opening parcels and before
  the 2-3 player bans (S9 comes before P23). The hidden parcel never opens
  (R31).
- **BG8 own words in two languages.** Reasons, descriptions, position checks
  and option errors follow the game's ``language`` (``"en"`` or ``"cs"``,
  C19: one switch; :mod:`.check_words`); ``error.rule`` keeps the rule id, the
  words name it where a reader finds it (Czech: the section of the Czech text,
  which has no ids; the project's rulings as "our ruling C12" / "naše
  pravidlo C12"). A refusal says the move in words ("Player 1 cannot build on
  parcel 1 (Citadel Streets): ..."). District names are proper names, never
  translated (the Czech text writes Seatower). A teacher's content and city
  file checks stay English.
- **BG9 the city can grow no more.** If the building deck, its discards and
  the offer are empty and every player holding building cards has no free
  cube, nobody can ever build again and the bag would never empty; the end is
  then triggered at the end of that turn as if its player had drawn the last
  token (the final round, the final attack at the current strength, scoring).
  Neither the text nor C1-C19 cover it (C13: no hand limit; R10: cubes are a
  hard limit); without it such a game would never end.
- From the design proposals, adopted: R1-R44 as written in
  ``design/baldurs-gate.md`` where C1-C19 are silent (notably R10 cube limit,
  R14 start player, R18 empty bag, R31 hidden parcel, R41 2 prestige per
  district, R42 leftover units, R44 reverse pick order).

Notation
--------
Player decisions: ``p1 build inn-03``, ``p1 @17`` (parcel), ``p1 worker SEA``,
``p1 income``, ``p1 trade keep`` (``tower``/``keep``/``petition``/``local``/
``none``), ``p1 track fist``, ``p1 spot F-SEA-b``, ``p1 use hall-08`` (``p1
use hq-CIT/2`` for the 2nd ability), ``p1 done``, ``p1 take market-05``, ``p1
keep ag-07``, ``p1 bottom inn-04``, ``p1 pick hq-SEA``. Chance: ``draw 17``
(a parcel token), ``hide 23`` (the hidden token), ``deal p2 inn-03`` /
``deal offer inn-03``, ``agenda p2 ag-03``, ``hq p1 hq-SEA`` / ``hq offer
hq-SEA``. :meth:`move_text_for` masks what a viewer may not see (``deal p2
?``, ``hide ?``).

Positions as text (:meth:`state_to_text`): one ``key value`` line each, the
value in compact JSON (``game``, ``pieces``, ``parcels``, ``bag``, ``tracks``,
``hidden``, ``strength``, ``damage``, ``attacks``, ``decks``, ``p1`` ...,
``tasks``); players are written ``p1``, ``p2``. :meth:`state_from_text`
checks the shapes and then :meth:`validate` lists every problem; a view's
text (cards shown as ``"?"``) is refused, since it cannot be played.

API for the view
----------------
- ``game.city`` (:class:`~.city.City`): ``city.graph`` (networkx, node attrs
  ``kind``, ``district``, ``x``, ``y``, ``number``, ``side``; graph attrs
  ``width``, ``height``, ``districts`` with names and boxes),
  ``city.positions``, ``city.nodes`` (index -> node id), ``city.index``,
  ``city.parcels_of``, ``city.forts_of``, ``city.hq_spot``. ``baldurs_gate.board()``
  returns a copy of the graph.
- Who owns what: ``state.pieces[i]`` for node ``city.nodes[i]`` is ``None`` or
  a :class:`~.state.Piece` ``(kind, owner, damaged, card)``;
  ``game.piece_at(state, node_id)``.
- Parcels: ``state.avail``, ``state.banned`` (numbers); a built parcel has a
  piece; ``game.parcel_status(state, n)`` gives ``available``, ``banned``,
  ``built``, ``damaged`` or ``closed``.
- Tracks: ``state.tracks[k]`` are the tokens of district ``city.districts[k]``
  (``game.district_index[code]``); ``game.current_strength(state)`` and
  ``state.strength`` (the marker's index on ``content.strength_track``);
  ``state.damage``; ``game.bag_count(state)``; ``state.hidden`` (``HIDDEN`` in
  a view until ``state.revealed``); ``game.contributions(state, district)``.
- Players: ``state.players[p]`` (:class:`~.state.Player`): gold, supply,
  favor, prestige, influence (per ``game.faction_ids``; the level is at most
  ``game.track_len``), hand, agendas, hq, portfolio, worker (a district code
  or ``""``), used. In ``game.view(state, p)`` other players' hands and
  agendas are ``"?"`` (counts only) and decks are ``"?"``.
  ``game.free_cubes(state, p)``.
- The pending decision: ``game.pending(state)`` -> :class:`~balada_widgets.core.game.Pending` (the
  core's, the same shape as Heroes of Barcadia's)
  (``kind`` one of ``turn``, ``parcel``, ``track``, ``spot``, ``trade``,
  ``income``, ``build``, ``offer``, ``keep``, ``bottom``, ``pick``,
  ``chance``, ``over``; ``player``, ``rule``, ``text`` in the game's
  language, ``options`` = the legal moves, ``task``);
  ``game.legal_moves(view, p)`` works on the deciding player's view.
- Words: ``game.describe_move(state, move, viewer)``,
  ``game.decision_text(state)``, ``game.card_text(card_id)``,
  ``game.card_name``, ``game.node_text(node_id)``, ``game.trade_text``,
  ``game.faction_name``, ``i18n.text(key, language, **fields)``,
  ``game.with_language(lang)``.
- Attack risk: ``game.attack_risk(state)`` -> per district
  :class:`DistrictRisk` (tokens, attacked, defence, contributions, buildings
  exposed now per player, odds of being the hidden district from the public
  tokens); ``game.attack_log(state)``.
- Scores: ``game.prestige_trace(state, p)``, ``scoring.preview(game, state,
  p)``, ``scoring.final_trace``, ``game.returns(state)``,
  ``game.winners(state)``, ``game.result_text(state)``.

>>> g = BaldursGateGame(players=2)
>>> s = g.initial_state()
>>> g.is_chance(s), g.describe_move(s, g.chance_outcomes(s)[0][0], viewer=None)
(True, 'Player 1 gets the HQ card Garden Villa (Bloomridge)')
>>> g.parse_move("p1 build inn-03")
Build(player=0, card='inn-03')
>>> g.move_text_for(g.parse_move("deal p2 inn-03"), viewer=0)
'deal p2 ?'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, is_dataclass, replace as _dc_replace
from typing import Any, NamedTuple, Optional

from ..core.errors import GameError, IllegalMove, InvalidInput, InvalidPosition, short_text
from ..core.game import Game, Pending, check_player_count
from ..core.trace import Trace
from . import scoring
from .city import City, city_choice
from .content import Content, check_content_city, content_choice
from .check_words import BaldursGateInvalidPosition, in_language
from .effects import ability_text, cost_text, effect_text, infeasible, parse_effect, WORDS
from .engine import BUILDING_KINDS, FORT_KINDS, Engine
from . import i18n
from .i18n import LANGUAGES, check_language, join_list, qty, rule_tail
from .state import (
    CHANCE, DECISIONS, HIDDEN, MASK, OFFER, TASKS, AfterBuild, Attack, Begin, BaldursGateState, Bottom, BottomCard,
    Build, BuildChoice, ChooseSpot, ChooseTrack, Deal, DealAgenda, DealCard, DealHQ, DealtAgenda, DealtHQ, Done, DrawToken,
    Effect, EndTurn, FinalAttack, Gain, Hide, HideToken, Income, IncomeLoop, Keep, KeepAgenda, Parcel, Pick,
    PickHQ, Piece, PlaceBuilding, Player, Score, Special, Spot, Src, Take, TakeOffer, Token, Track, Trade,
    TradeChoice, Turn, Use, Worker, PLAYER_MOVES, CHANCE_MOVES,
)

MOVE_CLASSES = PLAYER_MOVES + CHANCE_MOVES
TEXT_FORMAT = "baldurs-gate/1"

#: which moves answer which decision, and the rule the decision rests on
ANSWERS = {Turn: (Build, Worker, Income), PlaceBuilding: (Parcel,), ChooseTrack: (Track,), ChooseSpot: (Spot,),
           TradeChoice: (Trade,), IncomeLoop: (Use, Done), BuildChoice: (Build,), TakeOffer: (Take,),
           KeepAgenda: (Keep,), BottomCard: (Bottom,), PickHQ: (Pick,)}
STEP_RULE = {Turn: "T1", PlaceBuilding: "BLD2", ChooseTrack: "C10", ChooseSpot: "C11", TradeChoice: "W3",
             IncomeLoop: "I2", BuildChoice: "C14", TakeOffer: "C13", KeepAgenda: "C13", BottomCard: "ADV3",
             PickHQ: "ADV2", DrawToken: "BLD7", HideToken: "S9", DealCard: "S4", DealAgenda: "S5", DealHQ: "S3"}
TRADE_IDS = ("tower", "keep", "petition", "local")


class BaldursGateIllegalMove(IllegalMove):
    """An :class:`IllegalMove` worded in the game's language.

    ``words`` says what was tried, as a learner would ("Player 1 cannot build on parcel 1 (Bloomridge)");
    ``move`` keeps the notation (the lab, save files). The rule is named where a reader finds it
    (:func:`~.i18n.rule_ref`: a clause, or "our ruling C12"; in Czech the section of the Czech text).

    >>> str(BaldursGateIllegalMove("parcel 1 is not available", "BLD7", "p1 @1", words="Player 1 cannot build on parcel 1"))
    'Player 1 cannot build on parcel 1: parcel 1 is not available (rule BLD7)'
    >>> str(BaldursGateIllegalMove("karta není", "C13", "p1 take x", "cs"))
    "nepovolený tah 'p1 take x': karta není (naše pravidlo C13)"
    """

    def __init__(self, reason: str, rule: Optional[str] = None, move: Optional[str] = None, language: str = "en",
                 words: str = ""):
        self.language = language
        self.words = words
        super().__init__(reason, rule=rule, move=move)

    def _format(self) -> str:
        L = getattr(self, "language", "en")
        if getattr(self, "words", ""):
            head = f"{self.words}: "
        else:
            head = (i18n.text("err.illegal_head", L, move=self.move) if self.move is not None
                    else i18n.text("err.illegal_head0", L))
        return f"{head}{self.reason}{rule_tail(self.rule, L)}"


class BaldursGateInvalidInput(InvalidInput):
    """An :class:`InvalidInput` (unreadable move text) worded in the game's language."""

    def __init__(self, reason: str, move: Optional[str] = None, language: str = "en", rule: Optional[str] = None,
                 head: str = "err.input_head"):
        self.language = language
        self.head = head
        super().__init__(reason, move=move, rule=rule)

    def _format(self) -> str:
        L = getattr(self, "language", "en")
        key = getattr(self, "head", "err.input_head")
        head = i18n.text(key, L, move=self.move) if self.move is not None else i18n.text(f"{key}0", L)
        return f"{head}{self.reason}{rule_tail(self.rule, L)}"


class DistrictRisk(NamedTuple):
    """What an attack on one district would do now (see :meth:`BaldursGateGame.attack_risk`)."""

    district: str
    tokens: int  # on its attack track (the 4th triggers the attack)
    attacked: bool  # already attacked (mid-game)
    defence: int
    contributions: tuple  # per player
    exposed: tuple  # per player: undamaged buildings an attack now would damage (0 if the district holds)
    #: chance that this district is the hidden one, counting every unseen token alike (fast, close; the 2-3
    #: player bans make it inexact: ``analysis.hidden_odds`` weighs them and is exact, for the lab)
    hidden_odds: float


_KIND = {Turn: "turn", PlaceBuilding: "parcel", ChooseTrack: "track", ChooseSpot: "spot", TradeChoice: "trade",
         IncomeLoop: "income", BuildChoice: "build", TakeOffer: "offer", KeepAgenda: "keep", BottomCard: "bottom",
         PickHQ: "pick"}


def _digest(text: Optional[str]) -> Optional[str]:
    """``None``, or ``"custom:<sha1 of text>"``: the key of a custom content or city (caches of drawings)."""
    import hashlib

    return None if text is None else "custom:" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


class BaldursGateGame(Engine, Game):
    """Builders of Baldur's Gate for 2 to 4 players (see the module docstring).

    Parameters
    ----------
    players:
        2, 3 or 4.
    language:
        ``"en"`` or ``"cs"``: the words of refusals and descriptions (C19).
    advanced:
        The advanced setup (ADV).
    content:
        ``None`` (the shipped ``data/content.json``) or a content file's data
        (the dict a teacher edits: cards, tracks, trades; see :mod:`.content`).
    city:
        ``None`` (the shipped ``graphs/baldurs-gate-city.json``) or a city's
        networkx node-link data (a dict; see :mod:`.city`), or a networkx graph.

    Custom content and save files: from Python, ``content`` and ``city`` may
    also be file paths (``BaldursGateGame(content="our_cards.json",
    city="our_city.json")``). Each file is read once, here, through
    :func:`~balada_widgets.core.files.read_user_text` (a regular file of at
    most 1 MB, UTF-8 JSON), and its *data* goes into :attr:`options`, never
    the path: a save file is self-contained, so a teacher's custom game loads
    on a learner's machine without the files, and ``type(game)(**game.options)``
    rebuilds the same game. A save file naming a path is refused (a save never
    makes the server open a file). Content and city are checked on load, each
    alone and against each other (every district needs its location and its
    HQ card).

    >>> from balada_widgets.baldurs_gate.city import board
    >>> import networkx as nx
    >>> g = BaldursGateGame(players=2, city=nx.node_link_data(board(), edges="edges"))
    >>> type(g.options["city"]).__name__, BaldursGateGame(**g.options).city.districts == g.city.districts
    ('dict', True)
    """

    name = "baldurs_gate"
    title = "Builders of Baldur's Gate"
    min_players = 2
    max_players = 4
    end_rule = "E5"

    def __init__(self, players: int = 3, language: str = "en", advanced: bool = False,
                 content: Optional[str] = None, city: Optional[str] = None):
        self.language = check_language(language)
        try:
            check_player_count(type(self), players)
        except InvalidInput as e:  # the option errors in the game's language too (C19)
            raise BaldursGateInvalidInput(in_language(e.reason, self.language), None, self.language, e.rule,
                                          "err.option_head") \
                from None
        self.players = players
        if not isinstance(advanced, bool):
            raise BaldursGateInvalidInput(in_language(f"advanced is true or false, not {advanced!r}", self.language), None,
                                          self.language, head="err.option_head")
        self.advanced = advanced
        content_option, self.content = content_choice(content)
        city_option, self.city = city_choice(city)
        # the options keep JSON texts (a fresh copy on each read, never a path)
        self._content_option = None if content_option is None else json.dumps(content_option, ensure_ascii=False)
        self._city_option = None if city_option is None else json.dumps(city_option, ensure_ascii=False)
        #: ``None`` for the shipped content / city, else ``"custom:<digest of its data>"`` (a cache key)
        self.content_path = _digest(self._content_option)
        self.city_path = _digest(self._city_option)
        problems = check_content_city(self.content, self.city)
        if problems:
            raise BaldursGateInvalidPosition(problems, language=self.language)
        self._setup()

    @property
    def options(self) -> dict:
        """``players``, ``language``, ``advanced``, ``content`` and ``city`` (``None``: shipped, else data)."""
        return {"players": self.players, "language": self.language, "advanced": self.advanced,
                "content": None if self._content_option is None else json.loads(self._content_option),
                "city": None if self._city_option is None else json.loads(self._city_option)}

    @property
    def num_players(self) -> int:
        return self.players

    def with_language(self, language: str) -> "BaldursGateGame":
        """The same game worded in another language (states are shared)."""
        return type(self)(**{**self.options, "language": language})

    # ------------------------------------------------------------ turn order
    def is_chance(self, state: BaldursGateState) -> bool:
        return bool(state.tasks) and not state.over and self.mode(state, state.tasks[0]) == "chance"

    def chance_outcomes(self, state: BaldursGateState) -> list:
        if not self.is_chance(state):
            return []
        return self.outcomes(state, state.tasks[0])

    def to_move(self, state: BaldursGateState) -> tuple:
        if state.over or not state.tasks:
            return ()
        task = state.tasks[0]
        if self.mode(state, task) == "decide":
            return (task.player,)
        return ()

    def is_over(self, state: BaldursGateState) -> bool:
        return state.over

    def legal_moves(self, state: BaldursGateState, player: Optional[int] = None) -> list:
        if state.over or not state.tasks:
            return []
        task = state.tasks[0]
        mode = self.mode(state, task)
        if mode == "chance":
            return [m for m, _ in self.outcomes(state, task)]
        if mode != "decide" or player not in (None, task.player):
            return []
        return self.task_options(state, task)

    def is_legal(self, state: BaldursGateState, move) -> bool:
        if state.over or not state.tasks or not isinstance(move, MOVE_CLASSES):
            return False
        task = state.tasks[0]
        mode = self.mode(state, task)
        if mode == "chance":
            if not isinstance(move, CHANCE_MOVES):
                return False
        elif mode == "decide":
            if getattr(move, "player", None) != task.player or type(move) not in ANSWERS[type(task)]:
                return False
        else:
            return False
        return move in self.task_options(state, task)

    def apply(self, state: BaldursGateState, move) -> BaldursGateState:
        """The state after ``move`` (object or text); refusals name the rule, in the game's language."""
        if isinstance(move, str):
            move = self.parse_move(move, state)
        if not isinstance(move, MOVE_CLASSES):
            raise BaldursGateInvalidInput(i18n.text("err.not_a_move", self.language), repr(move), self.language)
        if state.over:
            raise BaldursGateIllegalMove(i18n.text("why.over", self.language), "E5", self.move_to_text(move), self.language,
                                         self.attempt_text(state, move))
        if not self.is_legal(state, move):
            rule, reason = self.why_illegal(state, move)
            raise BaldursGateIllegalMove(reason, rule, self.move_to_text(move), self.language,
                                         self.attempt_text(state, move))
        return self._apply(state, move)

    def move_player(self, move) -> Optional[int]:
        return getattr(move, "player", None)

    # ------------------------------------------------------------ results
    def returns(self, state: BaldursGateState) -> list[float]:
        return [float(pl.prestige) for pl in state.players]

    def winners(self, state: BaldursGateState) -> list[int]:
        """Most prestige; ties broken by TB1-TB3; still tied, a shared win (TB4)."""
        if not state.over:
            return []
        keys = [scoring.tiebreak_key(self, state, p) for p in range(self.players)]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def result_text(self, state: BaldursGateState) -> str:
        L = self.language
        if not state.over:
            return self.pending(state).text
        w = self.winners(state)
        top = [p for p in range(self.players) if state.players[p].prestige == state.players[w[0]].prestige]
        names = join_list([i18n.text("Player", L, n=p + 1) for p in w], L)
        pts = qty(state.players[w[0]].prestige, "prestige", L)
        if len(w) > 1:
            return i18n.text("result.syndicate", L, players=names, points=pts)
        if len(top) > 1:
            return i18n.text("result.tiebreak", L, player=names, points=pts)
        return i18n.text("result.win", L, player=names, points=pts)

    # ------------------------------------------------------------ analysis for the lab and the view
    def attack_log(self, state: BaldursGateState) -> tuple[Attack, ...]:
        """The attacks so far, in order: each with ``.district``, ``.strength``, ``.defended``, ``.final``."""
        return state.attacks

    def prestige_trace(self, state: BaldursGateState, player: int, language: Optional[str] = None) -> Trace:
        """Every prestige point of ``player`` with its rule and source (sums to the prestige)."""
        return scoring.prestige_trace(self, state, player, language)

    def bag_count(self, state: BaldursGateState) -> int:
        """Tokens really in the bag (a view lists the hidden token among the bag's, unknown)."""
        return len(state.bag) - (1 if state.hidden == HIDDEN and not state.revealed else 0)

    def piece_at(self, state: BaldursGateState, node_id: str) -> Optional[Piece]:
        i = self.city.index.get(node_id)
        return None if i is None else state.pieces[i]

    def parcel_status(self, state: BaldursGateState, number: int) -> str:
        """``available``, ``banned``, ``built``, ``damaged`` or ``closed``."""
        if number in state.avail:
            return "available"
        if number in state.banned:
            return "banned"
        pc = state.pieces[self.city.parcel_index[number]]
        if pc is not None:
            return "damaged" if pc.damaged else "built"
        return "closed"

    def attack_risk(self, state: BaldursGateState) -> list[DistrictRisk]:
        """Per district: tokens, defence, contributions, buildings exposed now, odds of being the hidden one."""
        attacked = {a.district for a in state.attacks if not a.final}
        unseen: dict[str, int] = {}
        for n in state.bag:
            d = self.parcel_district[n]
            unseen[d] = unseen.get(d, 0) + 1
        if state.hidden not in (None, HIDDEN):
            d = self.parcel_district[state.hidden]
            unseen[d] = unseen.get(d, 0) + (0 if state.revealed else 1)
        total = sum(unseen.values())
        strength = self.current_strength(state)
        out = []
        for k, d in enumerate(self.city.districts):
            contrib = self.contributions(state, d)
            defence = sum(contrib)
            exposed = [0] * self.players
            if defence < strength:
                for n in self.city.parcels_of[d]:
                    pc = state.pieces[self.city.parcel_index[n]]
                    if pc is not None and not pc.damaged and contrib[pc.owner] == 0:
                        exposed[pc.owner] += 1
            if state.revealed:
                odds = 1.0 if state.hidden and self.parcel_district[state.hidden] == d else 0.0
            elif state.hidden is None or len(state.tracks[k]) >= 4:
                odds = 0.0
            else:
                odds = unseen.get(d, 0) / total if total else 0.0
            out.append(DistrictRisk(d, len(state.tracks[k]), d in attacked, defence, tuple(contrib), tuple(exposed),
                                    odds))
        return out

    def pending(self, state: BaldursGateState) -> Pending:
        """The decision the state waits for, with its legal options and words."""
        if state.over or not state.tasks:
            return Pending("over", None, "E5", self.result_text(state) if state.over else "", [], None)
        task = state.tasks[0]
        mode = self.mode(state, task)
        if mode == "chance":
            return Pending("chance", None, STEP_RULE.get(type(task)), self.decision_text(state, task),
                           self.task_options(state, task), task)
        return Pending(_KIND.get(type(task), "auto"), getattr(task, "player", None), STEP_RULE.get(type(task)),
                       self.decision_text(state, task), self.task_options(state, task), task)

    # ------------------------------------------------------------ names
    def player_name(self, p: int, language: Optional[str] = None, capital: bool = True) -> str:
        return i18n.text("Player" if capital else "player", language or self.language, n=p + 1)

    def faction_name(self, f: str, language: Optional[str] = None, genitive: bool = False) -> str:
        L = language or self.language
        fa = self.content.faction_map.get(f)
        if fa is None:
            return f
        names = fa.genitive if genitive else fa.name
        return names.get(L) or names.get("en") or f

    def card_name(self, card: str, language: Optional[str] = None) -> str:
        return self.content.name(card, language or self.language)

    def node_text(self, node_id: str, language: Optional[str] = None) -> str:
        """A board node in words: ``parcel 17 (Bloomridge)``."""
        L = language or self.language
        i = self.city.index.get(node_id)
        if i is None:
            loc = node_id[2:] if node_id.startswith("L-") else node_id
            return self.content.location_name(loc, L)
        d = self.city.district_name(self.city.district_of[i], L)
        kind = self.city.kind[i]
        if kind == "parcel":
            return i18n.text("thing.parcel_in", L, n=self.city.parcel_number[i], district=d)
        if kind == "hq":
            return i18n.text("thing.hq_spot", L, district=d)
        return i18n.text("thing.fort_spot_in", L, spot=node_id.rsplit("-", 1)[-1], district=d)  # F-SEA-b: spot b

    def card_text(self, card: str, language: Optional[str] = None) -> str:
        """What a card does, in words (generated from its data, so it always matches the rules)."""
        L = language or self.language
        c = self.content
        fm = c.faction_map
        parts = []
        if card in c.buildings:
            b = c.buildings[card]
            parts.append(i18n.text("card.head", L, type=c.type_name(b.type, L), cost=qty(b.cost, "gold", L)))
            if b.when_built:
                parts.append(i18n.text("card.when_built", L, effect=effect_text(b.when_built, L, fm)))
            parts += [i18n.text("card.income", L, ability=x) for x in self.ability_texts(card, L)]
        elif card in c.hqs:
            parts += self.hq_lines(card, L)
        elif card in c.gate_map:
            parts += [i18n.text("card.income", L, ability=x) for x in self.ability_texts(card, L)]
        elif card in c.agendas:
            a = c.agendas[card]
            parts.append(self.agenda_text(a, L))
        return ". ".join(parts)

    def hq_lines(self, card: str, language: Optional[str] = None) -> list[str]:
        """An HQ card in words, one line each: district and automatic income (a list of what it is: the
        Czech nominative), its income ability (``card.income`` when it has one, the choice of one when
        several), its special component."""
        L = language or self.language
        c = self.content
        side = c.hq_side(card, self.advanced)
        lines = [i18n.text("card.hq", L, district=self.city.district_name(c.hqs[card].district, L),
                           income=cost_text(side.income, L, case="nom"))]
        alts = self.ability_texts(card, L)
        if len(alts) == 1:
            lines.append(i18n.text("card.income", L, ability=alts[0]))
        elif alts:
            lines.append(i18n.text("card.income_alts", L, abilities=f" {i18n.text('word.or', L)} ".join(alts)))
        if side.special:
            lines.append(i18n.text(f"special.{side.special.replace(':', '_')}", L))
        return lines

    def location_text(self, district: str, language: Optional[str] = None) -> str:
        """A location with its district: ``Watch Citadel (Citadel Streets)``; the district is not said twice
        when the location's name holds it already (``Heapside Exchange``, ``Burza v Heapside``)."""
        L = language or self.language
        loc = self.content.location_name(district, L)
        d = self.city.district_name(district, L)
        core = d[4:] if d.startswith("The ") else d
        return loc if core and core in loc else f"{loc} ({d})"

    def agenda_text(self, a, language: Optional[str] = None) -> str:
        L = language or self.language
        prm = dict(a.params)
        if "type" in prm:
            prm["type"] = self.content.type_name(prm["type"], L).lower()
        if "fort" in prm:
            prm["fort"] = i18n.text(f"acc.{prm['fort']}", L)
        if "faction" in prm:
            prm["faction"] = self.faction_name(prm["faction"], L, genitive=True)
        if "zone" in prm:
            prm["zone"] = i18n.text(f"zone_gen.{prm['zone']}", L)
        return i18n.text(f"agenda.{a.kind}", L, rate=qty(a.rate, "prestige", L), cap=a.cap, **prm)

    def ability_texts(self, card: str, language: Optional[str] = None) -> list[str]:
        """A portfolio card's income abilities (its alternatives, an HQ's on the side in play) in words."""
        L, fm = language or self.language, self.content.faction_map
        return [ability_text(ab.cost, ab.effect, L, fm) for ab in self.content.abilities(card, self.advanced)]

    def ability_text(self, card: str, alt: int = 0, language: Optional[str] = None) -> str:
        """A portfolio card's income ability ``alt`` (its first by default) in words."""
        return self.ability_texts(card, language)[alt]

    def trade_text(self, district: str, trade_id: str, language: Optional[str] = None) -> str:
        L = language or self.language
        loc = self.content.locations[district]
        tr = next(x for x in loc.trades if x.id == trade_id)
        return ability_text(tr.cost, tr.effect, L, self.content.faction_map)

    # ------------------------------------------------------------ decisions in words
    def decision_text(self, state: BaldursGateState, task=None, language: Optional[str] = None) -> str:
        """The pending decision (or chance draw) in plain words."""
        L = language or self.language
        task = task if task is not None else (state.tasks[0] if state.tasks else None)
        if task is None:
            return ""
        cls = type(task)
        who = i18n.text("Player", L, n=task.player + 1) if hasattr(task, "player") else ""
        if cls is Turn:
            return i18n.text("dec.turn", L, player=who)
        if cls is PlaceBuilding:
            return i18n.text("dec.parcel", L, player=who, card=self.card_name(task.card, L))
        if cls is ChooseTrack:
            return i18n.text("dec.track", L, player=who, amount=qty(task.amount, "influence", L))
        if cls is ChooseSpot:
            where = (i18n.text("dec.spot_in", L, districts=join_list([self.city.district_name(d, L) for d in task.districts],
                                                               L)) if task.districts else i18n.text("dec.spot_any", L))
            return i18n.text("dec.spot", L, player=who, fort=i18n.text(f"acc.{task.fort}", L), where=where)
        if cls is TradeChoice:
            return i18n.text("dec.trade", L, player=who, location=self.content.location_name(task.district, L))
        if cls is IncomeLoop:
            return i18n.text("dec.income", L, player=who)
        if cls is BuildChoice:
            return i18n.text("dec.build", L, player=who, discount=qty(task.discount, "gold", L))
        if cls is TakeOffer:
            return i18n.text("dec.offer", L, player=who)
        if cls is KeepAgenda:
            if self.mode(state, task) == "chance":
                return i18n.text("chance.agenda", L, player=who)
            return i18n.text("dec.keep", L, player=who, keep=task.keep)
        if cls is BottomCard:
            return i18n.text(f"dec.bottom_{task.what}", L, player=who)
        if cls is PickHQ:
            return i18n.text("dec.pick", L, player=who)
        if cls is DrawToken:
            return i18n.text(f"chance.token_{task.purpose}", L)
        if cls is HideToken:
            return i18n.text("chance.hide", L)
        if cls is DealCard:
            if task.to == OFFER:
                return i18n.text("chance.offer", L)
            return i18n.text("chance.card", L, player=i18n.text("Player", L, n=task.to + 1))
        if cls is DealAgenda:
            return i18n.text("chance.agenda", L, player=i18n.text("Player", L, n=task.to + 1))
        if cls is DealHQ:
            if task.to == OFFER:
                return i18n.text("chance.hq_offer", L)
            return i18n.text("chance.hq", L, player=i18n.text("Player", L, n=task.to + 1))
        return ""

    # ------------------------------------------------------------ refusals
    def why_illegal(self, state: BaldursGateState, move) -> tuple[Optional[str], str]:
        L = self.language
        if state.over:
            return "E5", i18n.text("why.over", L)
        if not state.tasks:
            return None, i18n.text("why.no_step", L)
        task = state.tasks[0]
        mode = self.mode(state, task)
        if isinstance(move, CHANCE_MOVES):
            if mode != "chance":
                return None, i18n.text("why.not_chance", L, decision=self.decision_text(state, task))
            return STEP_RULE.get(type(task)), i18n.text("why.bad_outcome", L, decision=self.decision_text(state, task))
        p = getattr(move, "player", None)
        if not isinstance(p, int) or not 0 <= p < self.players:
            return None, i18n.text("why.no_player", L, n=(p + 1) if isinstance(p, int) else p, players=self.players)
        if mode == "chance":
            return STEP_RULE.get(type(task)), i18n.text("why.chance_first", L, decision=self.decision_text(state, task))
        if mode != "decide":
            return None, i18n.text("why.no_step", L)
        if p != task.player:
            return STEP_RULE.get(type(task), "T1"), i18n.text("why.not_yours", L, decision=self.decision_text(state, task))
        if type(move) not in ANSWERS[type(task)]:
            return self._why_other_step(state, task, move)
        pl = state.players[p]
        c = self.content
        cls = type(move)
        if cls is Build:
            discount = task.discount if isinstance(task, BuildChoice) else 0
            rule = "C14" if discount else "BLD1"
            if move.card not in c.buildings:
                return "BLD1", i18n.text("why.not_building", L, card=self.card_name(move.card, L))
            name = self.card_name(move.card, L)
            if move.card not in pl.hand:
                return "BLD1", i18n.text("why.not_in_hand", L, card=name)
            cost = self.cost_of(move.card, discount)
            if cost > pl.gold:
                return rule, i18n.text("why.cost", L, card=name, cost=qty(cost, "gold", L), gold=qty(pl.gold, "gold", L))
            if not state.avail:
                return "BLD2", i18n.text("why.no_parcel", L)
            if self.free_cubes(state, p) <= 0:
                return "R10", i18n.text("why.no_cube", L)
        elif cls is Worker:
            if move.district not in self.city.districts:
                return "W2", i18n.text("why.no_location", L, district=move.district)
            if pl.worker:
                return "W1", i18n.text("why.worker_away", L, location=self.content.location_name(pl.worker, L),
                                       district=self.city.district_name(pl.worker, L))
        elif cls is Parcel:
            n = move.number
            if n not in self.city.parcel_index:
                return "BLD2", i18n.text("why.no_such_parcel", L, n=n)
            if n in state.banned:
                return "P23", i18n.text("why.banned", L, n=n)
            pc = state.pieces[self.city.parcel_index[n]]
            if pc is not None:
                return "BLD2", i18n.text("why.built", L, n=n)
            return "BLD7", i18n.text("why.closed", L, n=n)
        elif cls is Trade:
            if move.trade not in TRADE_IDS:
                return "W3", i18n.text("why.no_trade", L, trade=move.trade)
            loc = c.locations[task.district]
            tr = next((x for x in loc.trades if x.id == move.trade), None)
            if tr is None:
                return "W3", i18n.text("why.no_trade", L, trade=move.trade)
            extra = self.trade_surcharge(state, task.district)
            if not self.can_pay(pl, tr.cost, extra):
                need = cost_text(tuple(_add_favor(tr.cost, extra)), L)
                if extra and self.can_pay(pl, tr.cost):
                    return "A6", i18n.text("why.trade_damaged", L, cost=need, have=self.have_text(pl, L))
                return "W3", i18n.text("why.trade_cost", L, cost=need, have=self.have_text(pl, L))
            paid = self.pay(state, p, tr.cost, extra)
            why = infeasible(self, paid, p, tr.effect, Src("W3", "trade", task.district, task.district, tr.id))
            if why:
                return "BG3", self._why_effect(why, L)
        elif cls is Track:
            return "C10", i18n.text("why.no_faction", L, faction=move.faction)
        elif cls is Spot:
            i = self.city.index.get(move.node)
            if i is None or self.city.kind[i] != "fort":
                return "C11", i18n.text("why.not_fort_spot", L, node=move.node)
            if state.pieces[i] is not None:
                pc = state.pieces[i]
                return "C11", i18n.text("why.spot_taken", L, fort=i18n.text(f"thing.{pc.kind}", L),
                                        owner=self.player_name(pc.owner, L))
            if self.free_cubes(state, p) <= 0:
                return "R10", i18n.text("why.no_cube", L)
            if task.districts and self.city.district_of[i] not in task.districts:
                return "C11", i18n.text("why.spot_district", L, fort=i18n.text(f"thing.{task.fort}", L), districts=join_list(
                    [self.city.district_name(d, L) for d in task.districts], L))
        elif cls is Use:
            name = self.card_name(move.card, L)
            if move.card != pl.hq and move.card not in pl.portfolio:
                return "I2", i18n.text("why.not_in_portfolio", L, card=name)
            if move.card in pl.used:
                return "I2", i18n.text("why.used", L, card=name)
            abil = c.abilities(move.card, self.advanced)
            if not 0 <= move.alt < len(abil):
                return "I2", i18n.text("why.no_ability", L, card=name)
            ab = abil[move.alt]
            if not self.can_pay(pl, ab.cost):
                return "I2", i18n.text("why.ability_cost", L, card=name, cost=cost_text(ab.cost, L),
                                       have=self.have_text(pl, L))
            paid = self.pay(state, p, ab.cost)
            why = infeasible(self, paid, p, ab.effect, Src("I2", "ability", move.card,
                                                           self.card_district(state, p, move.card)))
            if why:
                return "BG3", self._why_effect(why, L)
        elif cls is Take:
            return "C13", i18n.text("why.not_in_offer", L, card=self.card_name(move.card, L))
        elif cls is Keep:
            return "C13", i18n.text("why.not_drawn", L, card=self.card_name(move.card, L))
        elif cls is Bottom:
            if task.what == "building":
                return "ADV3", i18n.text("why.not_in_hand", L, card=self.card_name(move.card, L))
            return "ADV4", i18n.text("why.not_your_agenda", L, card=self.card_name(move.card, L))
        elif cls is Pick:
            return "ADV2", i18n.text("why.not_offered", L, card=self.card_name(move.card, L))
        return STEP_RULE.get(type(task)), i18n.text("why.wrong_step", L, decision=self.decision_text(state, task))

    def _why_other_step(self, state: BaldursGateState, task, move) -> tuple[Optional[str], str]:
        """The real reason a move answering another step is refused: what the clicked thing needs.

        A click on the city at the start of a turn is the usual case: a closed parcel is not open yet
        (BLD7), an available one needs its card first (BLD1), a fortification spot or a track needs an
        effect (W3, C10), a card of the portfolio needs the income action (I2), a card of the offer an
        effect (C13). Otherwise: finish the pending step first.
        """
        L = self.language
        cls = type(move)
        decision = self.decision_text(state, task)
        if cls is Parcel and move.number in self.city.parcel_index:
            n = move.number
            if n in state.banned:
                return "P23", i18n.text("why.banned", L, n=n)
            if state.pieces[self.city.parcel_index[n]] is not None:
                return "BLD2", i18n.text("why.built", L, n=n)
            if n not in state.avail:
                return "BLD7", i18n.text("why.closed", L, n=n)
            if isinstance(task, Turn):
                return "BLD1", i18n.text("why.card_first", L, n=n)
        if isinstance(task, Turn):
            if cls is Spot:
                i = self.city.index.get(move.node)
                if i is not None and self.city.kind[i] == "fort" and state.pieces[i] is not None:
                    pc = state.pieces[i]
                    return "C11", i18n.text("why.spot_taken", L, fort=i18n.text(f"thing.{pc.kind}", L),
                                            owner=self.player_name(pc.owner, L))
                return "C9", i18n.text("why.fort_by_effect", L, decision=decision)
            if cls is Track:
                return "C10", i18n.text("why.track_by_effect", L, decision=decision)
            if cls in (Use, Done):
                return "I2", i18n.text("why.income_first", L)
            if cls is Take:
                return "C13", i18n.text("why.take_by_effect", L)
        if isinstance(task, IncomeLoop) and cls is Build:
            return "I2", i18n.text("why.income_build", L)
        return STEP_RULE.get(type(task)), i18n.text("why.first", L, decision=decision)

    def attempt_text(self, state: BaldursGateState, move) -> str:
        """What a refused move tried, in words: ``Player 1 cannot build on parcel 1 (Bloomridge)``.

        Empty for chance's moves (the lab's, said in notation) and for a move that fits no position.
        """
        L = self.language
        p = getattr(move, "player", None)
        if not isinstance(p, int) or not 0 <= p < self.players:
            return ""
        who = self.player_name(p, L)
        cls = type(move)
        try:
            if cls is Build:
                return i18n.text("try.build", L, player=who, card=self.card_name(move.card, L))
            if cls is Parcel:
                if move.number not in self.city.parcel_index:
                    return ""
                return i18n.text("try.parcel", L, player=who, n=move.number,
                                 district=self.city.district_name(self.parcel_district[move.number], L))
            if cls is Worker:
                return i18n.text("try.worker", L, player=who, location=self.location_text(move.district, L))
            if cls is Income:
                return i18n.text("try.income", L, player=who)
            if cls is Trade:
                return i18n.text("try.trade" if move.trade else "try.no_trade", L, player=who)
            if cls is Track:
                return i18n.text("try.track", L, player=who, faction=self.faction_name(move.faction, L, genitive=True))
            if cls is Spot:
                return i18n.text("try.spot", L, player=who, spot=self.node_text(move.node, L))
            if cls is Use:
                return i18n.text("try.use", L, player=who, card=self.card_name(move.card, L))
            if cls is Done:
                return i18n.text("try.done", L, player=who)
            key = {Take: "try.take", Keep: "try.keep", Bottom: "try.bottom", Pick: "try.pick"}.get(cls)
            if key is not None:
                return i18n.text(key, L, player=who, card=self.card_name(move.card, L))
        except (KeyError, IndexError, AttributeError, GameError):
            return ""
        return ""

    def _why_effect(self, why, L) -> str:
        key, f = why
        if "fort" in f:
            f = {**f, "fort": i18n.text(f"acc.{f['fort']}", L)}
        if "discount" in f:
            f = {**f, "discount": qty(f["discount"], "gold", L)}
        return i18n.text(key, L, **f)

    def have_text(self, pl: Player, language: Optional[str] = None) -> str:
        L = language or self.language
        return join_list([qty(pl.gold, "gold", L), qty(pl.supply, "supply", L), qty(pl.favor, "favor", L)], L)

    # ------------------------------------------------------------ moves in words
    def describe_move(self, state: BaldursGateState, move, viewer: Optional[int] = None) -> str:
        """The move in plain words as ``viewer`` may know it (hidden cards masked)."""
        L = self.language
        c = self.content
        task = state.tasks[0] if state.tasks else None
        cls = type(move)
        p = getattr(move, "player", None)
        who = i18n.text("Player", L, n=p + 1) if isinstance(p, int) else ""
        try:
            if cls is Token:
                d = self.parcel_district[move.number]
                purpose = task.purpose if isinstance(task, DrawToken) else "build"
                k = self.district_index[d]
                nth = len(state.tracks[k]) + 1
                text = i18n.text(f"desc.token_{purpose}", L, n=move.number, district=self.city.district_name(d, L), nth=nth)
                if purpose == "build" and nth == 4:
                    text += " " + i18n.text("desc.attack_now", L, district=self.city.district_name(d, L))
                if purpose == "build" and len(state.bag) == 1:
                    text += " " + i18n.text("desc.bag_empty", L)
                return text
            if cls is Hide:
                return i18n.text("desc.hide", L)
            if cls is Deal:
                if move.to == OFFER:
                    return i18n.text("desc.deal_offer", L, card=self.card_name(move.card, L))
                whom = i18n.text("Player", L, n=move.to + 1)
                if viewer != move.to:
                    return i18n.text("desc.deal_hidden", L, player=whom)
                return i18n.text("desc.deal", L, player=whom, card=self.card_name(move.card, L))
            if cls is DealtAgenda:
                whom = i18n.text("Player", L, n=move.to + 1)
                if viewer != move.to:
                    return i18n.text("desc.agenda_hidden", L, player=whom)
                return i18n.text("desc.agenda", L, player=whom, card=self.card_name(move.card, L))
            if cls is DealtHQ:
                name = self.card_name(move.card, L)
                d = self.city.district_name(c.hqs[move.card].district, L)
                if move.to == OFFER:
                    return i18n.text("desc.hq_offer", L, card=name, district=d)
                return i18n.text("desc.hq", L, player=i18n.text("Player", L, n=move.to + 1), card=name, district=d)
            if cls is Build:
                b = c.buildings[move.card]
                discount = task.discount if isinstance(task, BuildChoice) else 0
                return i18n.text("desc.build", L, player=who, type=c.type_name(b.type, L).lower(),
                                 card=self.card_name(move.card, L), cost=qty(self.cost_of(move.card, discount), "gold", L))
            if cls is Parcel:
                d = self.city.district_name(self.parcel_district[move.number], L)
                return i18n.text("desc.parcel", L, player=who, n=move.number, district=d)
            if cls is Worker:
                text = i18n.text("desc.worker", L, player=who, location=self.location_text(move.district, L))
                there = [q for q, pl in enumerate(state.players) if pl.worker == move.district and q != p]
                if there:
                    text += " " + i18n.text("desc.push_out", L, owner=i18n.text("player.gen", L, n=there[0] + 1))
                return text
            if cls is Income:
                side = self.hq_side(state, p)
                return i18n.text("desc.income", L, player=who, income=cost_text(side.income, L, case="nom") if side else "")
            if cls is Trade:
                if not move.trade:
                    return i18n.text("desc.no_trade", L, player=who)
                d = task.district if isinstance(task, TradeChoice) else state.players[p].worker
                extra = i18n.text("desc.damaged_extra", L) if d in state.damage else ""
                return i18n.text("desc.trade", L, player=who, location=c.location_name(d, L),
                                 trade=self.trade_text(d, move.trade, L), extra=extra)
            if cls is Track:
                amount = task.amount if isinstance(task, ChooseTrack) else 1
                return i18n.text("desc.track", L, player=who, amount=qty(amount, "influence", L),
                                 faction=self.faction_name(move.faction, L, genitive=True))
            if cls is Spot:
                fort = task.fort if isinstance(task, ChooseSpot) else "tower"
                return i18n.text("desc.spot", L, player=who, fort=i18n.text(f"acc.{fort}", L),
                                 spot=self.node_text(move.node, L))
            if cls is Use:
                return i18n.text("desc.use", L, player=who, card=self.card_name(move.card, L),
                                 ability=self.ability_text(move.card, move.alt, L))
            if cls is Done:
                return i18n.text("desc.done", L, player=who)
            if cls is Take:
                return i18n.text("desc.take", L, player=who, card=self.card_name(move.card, L))
            if cls is Keep:
                if viewer != p:
                    return i18n.text("desc.keep_hidden", L, player=who)
                return i18n.text("desc.keep", L, player=who, card=self.card_name(move.card, L))
            if cls is Bottom:
                what = task.what if isinstance(task, BottomCard) else ("agenda" if move.card in c.agendas else "building")
                if viewer != p:
                    return i18n.text(f"desc.bottom_{what}_hidden", L, player=who)
                return i18n.text(f"desc.bottom_{what}", L, player=who, card=self.card_name(move.card, L))
            if cls is Pick:
                return i18n.text("desc.pick", L, player=who, card=self.card_name(move.card, L),
                                 district=self.city.district_name(c.hqs[move.card].district, L))
        except (KeyError, IndexError, AttributeError):
            pass
        return self.move_text_for(move, viewer)

    # ------------------------------------------------------------ notation
    def move_to_text(self, move) -> str:
        cls = type(move)
        if cls is Token:
            return f"draw {move.number}"
        if cls is Hide:
            return f"hide {move.number}"
        if cls in (Deal, DealtAgenda, DealtHQ):
            word = {Deal: "deal", DealtAgenda: "agenda", DealtHQ: "hq"}[cls]
            to = "offer" if move.to == OFFER else f"p{move.to + 1}"
            return f"{word} {to} {move.card}"
        who = f"p{move.player + 1}"
        if cls is Build:
            return f"{who} build {move.card}"
        if cls is Parcel:
            return f"{who} @{move.number}"
        if cls is Worker:
            return f"{who} worker {move.district}"
        if cls is Income:
            return f"{who} income"
        if cls is Trade:
            return f"{who} trade {move.trade or 'none'}"
        if cls is Track:
            return f"{who} track {move.faction}"
        if cls is Spot:
            return f"{who} spot {move.node}"
        if cls is Use:
            return f"{who} use {move.card}" + (f"/{move.alt + 1}" if move.alt else "")
        if cls is Done:
            return f"{who} done"
        word = {Take: "take", Keep: "keep", Bottom: "bottom", Pick: "pick"}[cls]
        return f"{who} {word} {move.card}"

    def move_text_for(self, move, viewer: Optional[int] = None) -> str:
        """Notation with the hidden parts masked for ``viewer`` (``None``: a spectator)."""
        cls = type(move)
        if cls is Hide:
            return "hide ?"
        if cls in (Deal, DealtAgenda) and move.to != OFFER and move.to != viewer:
            return f"{'deal' if cls is Deal else 'agenda'} p{move.to + 1} ?"
        if cls in (Keep, Bottom) and move.player != viewer:
            return f"p{move.player + 1} {'keep' if cls is Keep else 'bottom'} ?"
        return self.move_to_text(move)

    def parse_move(self, text: str, state: Optional[BaldursGateState] = None):
        """Read a move's notation; :class:`InvalidInput` (in the game's language) if it cannot."""
        L = self.language
        if not isinstance(text, str) or not text.strip():
            raise BaldursGateInvalidInput(i18n.text("err.empty_move", L), text if isinstance(text, str) else repr(text), L)
        parts = text.split()
        head = parts[0].lower()
        c = self.content

        def bad(key="err.unreadable", **f):
            return BaldursGateInvalidInput(i18n.text(key, L, **f), text, L)

        def card(tok, kinds=("building",)):
            pools = {"building": c.buildings, "agenda": c.agendas, "hq": c.hqs, "gate": c.gate_map}
            if not any(tok in pools[k] for k in pools):
                raise bad("err.unknown_card", card=tok)
            return tok

        def player(tok):
            if len(tok) >= 2 and tok[0] in "pP" and tok[1:].isascii() and tok[1:].isdigit():
                n = int(tok[1:])
                if 1 <= n <= self.players:
                    return n - 1
                raise bad("err.no_player", n=n, players=self.players)
            raise bad()

        def number(tok):
            if not (tok.isascii() and tok.isdigit()) or len(tok) > 4:
                raise bad()
            return int(tok)

        if head in ("draw", "hide"):
            if len(parts) != 2:
                raise bad()
            n = number(parts[1])
            return Token(n) if head == "draw" else Hide(n)
        if head in ("deal", "agenda", "hq"):
            if len(parts) != 3:
                raise bad()
            to = OFFER if parts[1].lower() == "offer" and head != "agenda" else player(parts[1])
            cls = {"deal": Deal, "agenda": DealtAgenda, "hq": DealtHQ}[head]
            return cls(to, card(parts[2]))
        p = player(parts[0])
        if len(parts) < 2:
            raise bad()
        verb = parts[1].lower()
        args = parts[2:]
        if verb.startswith("@") and len(parts) == 2:
            return Parcel(p, number(verb[1:]))
        if verb in ("income", "done") and not args:
            return Income(p) if verb == "income" else Done(p)
        if len(args) != 1:
            raise bad()
        a = args[0]
        if verb == "build":
            return Build(p, card(a))
        if verb == "worker":
            if a.upper() not in self.city.districts:
                raise bad("err.unknown_district", district=a, districts=", ".join(self.city.districts))
            return Worker(p, a.upper())
        if verb == "trade":
            if a.lower() not in (*TRADE_IDS, "none"):
                raise bad("err.unknown_trade", trade=a)
            return Trade(p, "" if a.lower() == "none" else a.lower())
        if verb == "track":
            if a.lower() not in self.faction_ids:
                raise bad("err.unknown_faction", faction=a, factions=", ".join(self.faction_ids))
            return Track(p, a.lower())
        if verb == "spot":
            if a not in self.city.index and a.upper() not in self.city.index:
                raise bad("err.unknown_node", node=a)
            return Spot(p, a if a in self.city.index else a.upper())
        if verb == "use":
            name, _, alt = a.partition("/")
            if alt and (not alt.isdecimal() or not 1 <= int(alt) <= 9):
                raise bad()
            return Use(p, card(name), int(alt) - 1 if alt else 0)
        if verb in ("take", "keep", "bottom", "pick"):
            return {"take": Take, "keep": Keep, "bottom": Bottom, "pick": Pick}[verb](p, card(a))
        raise bad()

    # ------------------------------------------------------------ views
    def view(self, state: BaldursGateState, player: Optional[int]) -> BaldursGateState:
        """What ``player`` may know (C18): own hand and agendas; others' as counts; decks and the hidden token masked."""
        players = tuple(pl if q == player else pl._replace(hand=(MASK,) * len(pl.hand),
                                                          agendas=(MASK,) * len(pl.agendas))
                        for q, pl in enumerate(state.players))
        bag, hidden = state.bag, state.hidden
        if hidden not in (None, HIDDEN) and not state.revealed:
            bag, hidden = tuple(sorted(bag + (hidden,))), HIDDEN
        tasks = tuple(_dc_replace(tk, drawn=(MASK,) * len(tk.drawn)) if type(tk) is KeepAgenda and tk.player != player
                      else tk for tk in state.tasks)
        return state._replace(players=players, bag=bag, hidden=hidden, tasks=tasks,
                       deck=(MASK,) * len(state.deck), bottom=(MASK,) * len(state.bottom),
                       agenda_deck=(MASK,) * len(state.agenda_deck),
                       agenda_bottom=(MASK,) * len(state.agenda_bottom))

    # ------------------------------------------------------------ positions as text
    def state_to_text(self, state: BaldursGateState) -> str:
        """A position as text: one ``key value`` line each, the values in compact JSON."""
        return "\n".join(f"{k} {json.dumps(v, ensure_ascii=False, separators=(',', ':'))}"
                         for k, v in self.to_data(state).items())

    def state_from_text(self, text: str) -> BaldursGateState:
        """Read :meth:`state_to_text`; refuse (every problem listed) what is not a valid position."""
        L = self.language
        if not isinstance(text, str) or not text.strip():
            raise BaldursGateInvalidInput(in_language("an empty position text", L), None, L, head="err.position_head")
        data = {}
        for ln, line in enumerate(text.strip().splitlines(), 1):
            line = line.strip()
            if not line:
                continue
            key, _, rest = line.partition(" ")
            try:
                data[key] = json.loads(rest)
            except (ValueError, RecursionError) as e:  # JSONDecodeError, a 5,000-digit number, [[[[...
                why = e.msg if isinstance(e, json.JSONDecodeError) else "nested too deeply or a number too long"
                raise BaldursGateInvalidInput(in_language(f"line {ln} ({short_text(key)}): the value is not JSON: {why}", L),
                                              None, L, head="err.position_head") from None
        state = self.from_data(data)
        problems = self.validate(state)
        if problems:
            raise BaldursGateInvalidPosition(problems, language=L)
        return state

    def to_data(self, s: BaldursGateState) -> dict:
        """A JSON-able dict of the position (players written ``p1``, ``p2``...)."""
        city = self.city

        def pl_tag(p):
            return None if p is None else ("offer" if p == OFFER else f"p{p + 1}")

        d: dict[str, Any] = {
            "format": TEXT_FORMAT,
            "game": {"players": self.players, "advanced": self.advanced, "active": pl_tag(s.active),
                     "end_by": pl_tag(s.end_by), "final_left": s.final_left, "over": s.over},
            "pieces": {city.nodes[i]: [pc.kind, pl_tag(pc.owner), pc.damaged, pc.card]
                       for i, pc in enumerate(s.pieces) if pc is not None},
            "parcels": {"avail": list(s.avail), "banned": list(s.banned)},
            "bag": list(s.bag),
            "tracks": {dc: list(tr) for dc, tr in zip(city.districts, s.tracks)},
            "hidden": {"token": "?" if s.hidden == HIDDEN else s.hidden, "revealed": s.revealed},
            "strength": s.strength,
            "damage": list(s.damage),
            "attacks": [[a.district, a.strength, a.defence, a.defended, a.final, list(a.contributions),
                         list(a.rewards), list(a.damaged)] for a in s.attacks],
            "decks": {"deck": list(s.deck), "bottom": list(s.bottom), "discard": list(s.discard),
                      "offer": list(s.offer), "agenda_deck": list(s.agenda_deck),
                      "agenda_bottom": list(s.agenda_bottom), "gates": list(s.gates), "hq_deck": list(s.hq_deck),
                      "hq_offer": list(s.hq_offer)},
        }
        for p, pl in enumerate(s.players):
            d[f"p{p + 1}"] = {"gold": pl.gold, "supply": pl.supply, "favor": pl.favor, "prestige": pl.prestige,
                              "influence": list(pl.influence), "hand": list(pl.hand), "agendas": list(pl.agendas),
                              "hq": pl.hq, "portfolio": list(pl.portfolio), "worker": pl.worker, "used": list(pl.used),
                              "gains": [list(g) for g in pl.gains]}
        d["tasks"] = [_task_to_data(tk) for tk in s.tasks]
        return d

    def from_data(self, d: Any) -> BaldursGateState:
        """Rebuild a state from :meth:`to_data` (shapes checked; :meth:`validate` checks the rules)."""
        R = _Reader(self)
        L = self.language
        if not isinstance(d, dict):
            raise BaldursGateInvalidInput(in_language("a position is a set of 'key value' lines", L), None, L,
                                          head="err.position_head")
        if d.get("format") != TEXT_FORMAT:
            raise BaldursGateInvalidInput(in_language(f"not a Baldur's Gate position (format {d.get('format')!r}, expected "
                                                      f"{TEXT_FORMAT!r})", L), None, L, head="err.position_head")
        g = R.dict(d, "game")
        if R.get(g, "players", int) != self.players:
            raise BaldursGateInvalidInput(in_language(f"the position is for {g.get('players')!r} players, the game has "
                                                      f"{self.players}", L), None, L, head="err.position_head")
        if bool(g.get("advanced")) != self.advanced:
            R.problem("the position's advanced setting differs from the game's")
        pieces = [None] * len(self.city.nodes)
        for node, v in R.dict(d, "pieces").items():
            i = self.city.index.get(node)
            if i is None:
                R.problem(f"pieces: unknown node {node!r}")
                continue
            if not isinstance(v, list) or len(v) != 4:
                R.problem(f"pieces: {node} must be [kind, owner, damaged, card]")
                continue
            kind, owner, dmg, card = v
            pieces[i] = Piece(R.str_(kind, f"pieces {node} kind"), R.player(owner, f"pieces {node}"),
                              R.bool_(dmg, f"pieces {node} damaged"), R.str_(card, f"pieces {node} card"))
        parcels = R.dict(d, "parcels")
        tracks_d = R.dict(d, "tracks")
        hid = R.dict(d, "hidden")
        token = hid.get("token")
        hidden = HIDDEN if token == "?" else (None if token is None else R.int_(token, "hidden token"))
        decks = R.dict(d, "decks")
        attacks = []
        for a in R.list_(d.get("attacks", []), "attacks"):
            if not isinstance(a, list) or len(a) != 8:
                R.problem("attacks: each is [district, strength, defence, defended, final, contributions, rewards, "
                          "damaged]")
                continue
            attacks.append(Attack(R.str_(a[0], "attack district"), R.int_(a[1], "attack strength"),
                                  R.int_(a[2], "attack defence"), R.bool_(a[3], "attack defended"),
                                  R.bool_(a[4], "attack final"), R.ints(a[5], "attack contributions"),
                                  R.ints(a[6], "attack rewards"), R.ints(a[7], "attack damaged")))
        players = []
        for p in range(self.players):
            pd = R.dict(d, f"p{p + 1}")
            gains = []
            for gv in R.list_(pd.get("gains", []), f"p{p + 1} gains"):
                if not isinstance(gv, list) or len(gv) != 5:
                    R.problem(f"p{p + 1} gains: each is [rule, points, kind, ref, extra]")
                    continue
                gains.append(Gain(R.str_(gv[0], "gain rule"), R.int_(gv[1], "gain points"), R.str_(gv[2], "gain kind"),
                                  R.str_(gv[3], "gain ref"), R.str_(gv[4], "gain extra")))
            players.append(Player(
                gold=R.int_(pd.get("gold", 0), f"p{p + 1} gold"), supply=R.int_(pd.get("supply", 0), f"p{p + 1} supply"),
                favor=R.int_(pd.get("favor", 0), f"p{p + 1} favor"),
                prestige=R.int_(pd.get("prestige", 0), f"p{p + 1} prestige"),
                influence=R.ints(pd.get("influence", [0, 0, 0]), f"p{p + 1} influence"),
                hand=R.strs(pd.get("hand", []), f"p{p + 1} hand"), agendas=R.strs(pd.get("agendas", []), f"p{p + 1} agendas"),
                hq=R.str_(pd.get("hq", ""), f"p{p + 1} hq"), portfolio=R.strs(pd.get("portfolio", []), f"p{p + 1} portfolio"),
                worker=R.str_(pd.get("worker", ""), f"p{p + 1} worker"), used=R.strs(pd.get("used", []), f"p{p + 1} used"),
                gains=tuple(gains)))
        tasks = tuple(R.task(x) for x in R.list_(d.get("tasks", []), "tasks"))
        fl = g.get("final_left")
        R.finish()
        return BaldursGateState(
            players=tuple(players), pieces=tuple(pieces), avail=R.ints(parcels.get("avail", []), "avail"),
            banned=R.ints(parcels.get("banned", []), "banned"), bag=R.ints(d.get("bag", []), "bag"),
            tracks=tuple(R.ints(tracks_d.get(dc, []), f"track {dc}") for dc in self.city.districts),
            hidden=hidden, revealed=bool(hid.get("revealed", False)), strength=R.int_(d.get("strength", 0), "strength"),
            damage=R.strs(d.get("damage", []), "damage"), attacks=tuple(attacks),
            deck=R.strs(decks.get("deck", []), "deck"), bottom=R.strs(decks.get("bottom", []), "bottom"),
            discard=R.strs(decks.get("discard", []), "discard"), offer=R.strs(decks.get("offer", []), "offer"),
            agenda_deck=R.strs(decks.get("agenda_deck", []), "agenda deck"),
            agenda_bottom=R.strs(decks.get("agenda_bottom", []), "agenda bottom"),
            gates=R.strs(decks.get("gates", []), "gates"), hq_deck=R.strs(decks.get("hq_deck", []), "hq deck"),
            hq_offer=R.strs(decks.get("hq_offer", []), "hq offer"),
            active=R.player(g.get("active", "p1"), "active") or 0,
            end_by=None if g.get("end_by") is None else R.player(g.get("end_by"), "end_by"),
            final_left=None if fl is None else R.int_(fl, "final_left"), tasks=tasks, over=bool(g.get("over", False)))

    # ------------------------------------------------------------ validation
    def validate(self, state: BaldursGateState) -> list[tuple[Optional[str], str]]:
        """Every problem of a (hand-made) position as ``(rule, text)``; empty if fine."""
        from .validate import validate_state

        return validate_state(self, state)

    def invariants(self, state: BaldursGateState) -> list[str]:
        """What breaks the invariants in a state reached by play (checked after every move by the fuzz).

        The 36 parcel tokens are conserved (bag, tracks, hidden token, offer, bans); so are the building and
        gate cards (deck, bottom, discard, offer, hands, portfolios, gates left); resources never go
        negative and at most 25 cubes are used (R10); prestige is the sum of its reasons and of its trace;
        one worker a location; the attacks follow the strength track, one a district (C6); a track holds
        at most four tokens; the player asked is the one the pending task names (turn order).
        """
        out: list[str] = []
        c = self.content
        tokens = list(state.bag) + [x for tr in state.tracks for x in tr]
        tokens += [state.hidden] if state.hidden is not None else []
        if len(tokens) != len(set(tokens)) or set(tokens + list(state.avail) + list(state.banned)) != set(
                range(1, 37)) or (state.hidden is not None and len(tokens) != 36):
            out.append("the 36 parcel tokens are not conserved")
        cards = [*state.deck, *state.bottom, *state.discard, *state.offer, *state.gates]
        cards += [x for pl in state.players for x in (*pl.hand, *pl.portfolio)]
        if sorted(cards) != sorted([*c.buildings, *(gc.id for gc in c.gates)]):
            out.append("the building and gate cards are not conserved")
        agendas = [*state.agenda_deck, *state.agenda_bottom, *(a for pl in state.players for a in pl.agendas)]
        if len(agendas) != len(set(agendas)) or not set(agendas) <= set(c.agendas):
            out.append("an agenda card is in two places")
        for p, pl in enumerate(state.players):
            if min(pl.gold, pl.supply, pl.favor, pl.prestige) < 0 or self.free_cubes(state, p) < 0:
                out.append(f"player {p + 1} has a negative resource or more than {self.cubes} cubes in use")
            traced = self.__dict__.setdefault("_traced", {})  # gains already traced (tuples never change)
            if pl.prestige != sum(g.points for g in pl.gains):
                out.append(f"player {p + 1}'s prestige {pl.prestige} is not the sum of its reasons")
            elif traced.get(p) is not pl.gains:
                if pl.prestige != scoring.prestige_trace(self, state, p).points:
                    out.append(f"player {p + 1}'s prestige {pl.prestige} is not its trace's total")
                traced[p] = pl.gains
        workers = [pl.worker for pl in state.players if pl.worker]
        if len(workers) != len(set(workers)):
            out.append("two workers on one location")
        mid = [a for a in state.attacks if not a.final]
        if [a.strength for a in mid] != list(c.strength_track[:len(mid)]) or state.strength != len(mid):
            out.append("the attacks do not follow the strength track (C6)")
        if len({a.district for a in state.attacks}) != len(state.attacks):
            out.append("a district was attacked twice")
        if any(len(tr) > 4 for tr in state.tracks):
            out.append("an attack track holds more than four tokens")
        waiting = self.to_move(state)
        if waiting and waiting != (state.tasks[0].player,):
            out.append(f"player {waiting[0] + 1} is asked, the task is player {state.tasks[0].player + 1}'s")
        return out


def _add_favor(cost: tuple, extra: int):
    d = dict(cost)
    if extra:
        d["favor"] = d.get("favor", 0) + extra
    return [(r, d[r]) for r in ("gold", "supply", "favor") if d.get(r)]


# ---------------------------------------------------------------- tasks as data

_TASK_BY_NAME = {cls.__name__: cls for cls in TASKS}
_PLAYER_FIELDS = ("player", "to")


def _task_to_data(tk) -> dict:
    out: dict[str, Any] = {"task": type(tk).__name__}
    for f in fields(tk):
        v = getattr(tk, f.name)
        if f.name in _PLAYER_FIELDS:
            v = "offer" if v == OFFER else f"p{v + 1}"
        elif isinstance(v, tuple):
            v = _listify(v)
        out[f.name] = v
    return out


def _listify(v):
    if isinstance(v, tuple):
        return [_listify(x) for x in v]
    return v


def _tuplify(v):
    if isinstance(v, list):
        return tuple(_tuplify(x) for x in v)
    return v


class _Reader:
    """Shape checks while reading a position; collects the problems and raises them together."""

    def __init__(self, game):
        self.game = game
        self.problems: list = []

    def problem(self, text):
        self.problems.append((None, text))

    def finish(self):
        if self.problems:
            raise BaldursGateInvalidPosition(self.problems, language=self.game.language)

    def dict(self, d, key):
        v = d.get(key, {})
        if not isinstance(v, dict):
            self.problem(f"{key} must be a JSON object")
            return {}
        return v

    def get(self, d, key, kind):
        v = d.get(key)
        return v if isinstance(v, kind) and not isinstance(v, bool) else None

    def list_(self, v, label):
        if not isinstance(v, list):
            self.problem(f"{label} must be a list")
            return []
        return v

    def int_(self, v, label):
        if not isinstance(v, int) or isinstance(v, bool):
            self.problem(f"{label} must be a whole number, not {v!r}")
            return 0
        return v

    def bool_(self, v, label):
        if not isinstance(v, bool):
            self.problem(f"{label} must be true or false, not {v!r}")
            return False
        return v

    def str_(self, v, label):
        if not isinstance(v, str):
            self.problem(f"{label} must be a text, not {v!r}")
            return ""
        return v

    def ints(self, v, label):
        return tuple(self.int_(x, label) for x in self.list_(v, label))

    def strs(self, v, label):
        return tuple(self.str_(x, label) for x in self.list_(v, label))

    def player(self, v, label):
        if v == "offer":
            return OFFER
        if isinstance(v, str) and v[:1] == "p" and v[1:].isdecimal() and 1 <= int(v[1:]) <= self.game.players:
            return int(v[1:]) - 1
        self.problem(f"{label}: {v!r} is not a player (p1..p{self.game.players})")
        return 0

    def task(self, x):
        if not isinstance(x, dict) or x.get("task") not in _TASK_BY_NAME:
            self.problem(f"tasks: unknown step {x!r}")
            return EndTurn(0)
        cls = _TASK_BY_NAME[x["task"]]
        kw = {}
        for f in fields(cls):
            if f.name not in x:
                if f.name == "drawn":
                    kw[f.name] = ()
                    continue
                self.problem(f"tasks: {cls.__name__} needs {f.name!r}")
                return EndTurn(0)
            v = x[f.name]
            if f.name in _PLAYER_FIELDS:
                v = self.player(v, f"tasks {cls.__name__}")
            elif f.name == "src":
                if not isinstance(v, list) or len(v) != 5 or not all(isinstance(e, str) for e in v):
                    self.problem(f"tasks: {cls.__name__} src is [rule, kind, ref, district, extra]")
                    return EndTurn(0)
                v = Src(*v)
            elif isinstance(v, list):
                v = _tuplify(v)
            kw[f.name] = v
        try:
            return cls(**kw)
        except TypeError as e:  # pragma: no cover - fields are checked above
            self.problem(f"tasks: {e}")
            return EndTurn(0)
