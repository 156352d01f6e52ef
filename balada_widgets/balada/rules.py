"""Balada rules: the whole game, day then night, for 1 to 6 players.

Pure Python: this module imports no UI package (a test keeps it so).

The game in our own words
-------------------------
Each player is a bard with a map sheet whose two sides (day, night) are a
path of 12 spaces, each space a landscape: Forest ``F``, Desert ``D`` or
Mountains ``M``. A round has 12 turns. Each turn chance flips a landscape card
and one card of each event deck (A and B); every player then draws one of the
two flipped symbols into an empty space of the flipped landscape (B2). All
players choose at once and see each other's choices only when everybody has
chosen. Once per round, before drawing, a player may swap the landscapes of
two empty spaces (Change of Landscape, B3). After the 12th turn each hero walks
the path and scores (Portals first, then the walk: see :mod:`.scoring`). The
night round follows on the other side, with injuries and swords carried over
(B6). The final score is the sum of both rounds; ties go to whoever used fewer
Changes of Landscape, and a tie after that is shared (B17).

The easy version (B4) uses deck A only, the day side only, one round, and the
flipped A symbol must be drawn.

Rulings of the project (where neither the rules nor RULINGS.md decide)
----------------------------------------------------------------------
- **P4 useless swap.** A Change of Landscape must swap two empty spaces of
  different landscapes: swapping equal landscapes would spend the ability for
  nothing, so it is refused (rule B3) rather than silently wasted.
- **P5 reveal.** Choices are revealed together when the last player has
  chosen; a Change of Landscape made this turn is revealed with the symbol.
- **P6 scoring order.** In the scoring walk Portals are decided left to right,
  then the hero walks; spaces without a choice are walked automatically, so
  each scoring move is a real decision. Players walk independently.
- **P7 easy version.** The easy version keeps the Change of Landscape: it is
  not a card, and the easy version only leaves out deck B and the night side.
- **P2** (portals) and **P1** (tie-breaks of the advice) are in :mod:`.scoring`.

Notation
--------
Moves: ``flip F O2 BS`` (chance: landscape, A symbol, B symbol; ``flip F O2``
in the easy version), ``p1 swap 3 7``, ``p1 O2@5`` (draw O2 in space 5),
``p1 P4<9`` (the Portal in space 4 takes the event of space 9), ``p1 P4<-``
(it takes nothing), ``p1 3:sword`` (choice at space 3: ``sword``/``endure``,
``fight``/``pass``, ``key``/``sword``/``leave``).

>>> g = BaladaGame(players=1, easy=True)
>>> s = g.apply(g.initial_state(), "flip F O2")
>>> [g.move_to_text(m) for m in g.legal_moves(s)][:3]
['p1 O2@1', 'p1 O2@4', 'p1 O2@8']
>>> g.apply(s, "p1 O2@2")
Traceback (most recent call last):
...
balada_widgets.balada.rules.BaladaRefusal: You cannot draw the Obstacle 2 on space 2: space 2 is Desert but the landscape card is Forest (rule B2)

Learners see words, the lab sees notation: :meth:`BaladaGame.describe_move`
says a move in words ("You draw the Fish on space 1"), and a refused move
raises :class:`BaladaRefusal`, an :class:`IllegalMove` whose message says what
was tried in words, why not and the rule (``.move`` keeps the notation).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from typing import Union

from ..core.errors import IllegalMove, InvalidInput, InvalidPosition
from ..core.game import Game
from .content import Decks, Sheet, check_side_landscapes, decks_choice, sheet_choice
from .scoring import (
    EVENT_NAMES, LANDSCAPES, SIDE_LENGTH, Choices, Hero, Layout, apply_portal, event_name, fish_step,
    options_at, portal_sources, portal_spaces, portal_step, refuse_option, score_side, side_to_text, step, Space,
)

ROUND_NAMES = ("day", "night")


class BaladaRefusal(IllegalMove):
    """An :class:`IllegalMove` told in words: what was tried, why not, the rule.

    ``move`` keeps the notation (for the lab and save files); the message says
    the move as a learner would: ``Player 2 cannot draw the Fountain on space 5:
    ... (rule B2)``.

    >>> str(BaladaRefusal("space 2 is Desert but the landscape card is Forest", rule="B2", move="p1 O2@2",
    ...                   words="You cannot draw the Obstacle 2 on space 2"))
    'You cannot draw the Obstacle 2 on space 2: space 2 is Desert but the landscape card is Forest (rule B2)'
    """

    def __init__(self, reason: str, rule=None, move=None, words: str = ""):
        self.words = words
        super().__init__(reason, rule=rule, move=move)

    def _format(self) -> str:
        if not getattr(self, "words", ""):
            return super()._format()
        return f"{self.words}: {self.reason}" + (f" (rule {self.rule})" if self.rule else "")


# ---------------------------------------------------------------- moves


@dataclass(frozen=True)
class Flip:
    """Chance flips the turn's cards: a landscape, the A symbol, the B symbol (None in the easy version)."""

    landscape: str
    a: str
    b: str | None = None


@dataclass(frozen=True)
class Swap:
    """Change of Landscape (B3): swap the landscapes of empty spaces ``i < j`` (1-based)."""

    player: int
    i: int
    j: int


@dataclass(frozen=True)
class Place:
    """Draw ``event`` (one of the flipped symbols) into ``space`` (1-based)."""

    player: int
    event: str
    space: int


@dataclass(frozen=True)
class PortalMove:
    """The Portal at ``portal`` takes the event of ``source`` (None: takes nothing) (B5)."""

    player: int
    portal: int
    source: int | None


@dataclass(frozen=True)
class Decide:
    """The player's choice at ``space`` of the walk (B7, B10, B14)."""

    player: int
    space: int
    option: str


Move = Union[Flip, Swap, Place, PortalMove, Decide]


# ---------------------------------------------------------------- state


@dataclass(frozen=True)
class Walk:
    """A player's scoring walk in progress (P6)."""

    events: tuple  # events with the Portal choices so far applied
    portals_left: tuple  # Portals (1-based) still to decide, left to right
    pos: int  # 0-based space the hero is about to visit
    hero: Hero
    steps: tuple = ()  # TraceSteps so far
    portal_choices: tuple = ()  # ((portal, source), ...)
    decisions: tuple = ()  # ((space, option), ...)

    @property
    def done(self) -> bool:
        return not self.portals_left and self.pos > SIDE_LENGTH - 1

    @property
    def points(self) -> int:
        return sum(s.points for s in self.steps)


@dataclass(frozen=True)
class RoundRecord:
    """A finished round of one player: enough to rebuild its trace."""

    side: str  # the side text before the Portals
    choices: str  # Choices.text()
    points: int
    injuries_in: int
    swords_in: int

    def score(self):
        """The :class:`~.scoring.ScoreResult` of this round (trace included)."""
        return score_side(self.side, self.injuries_in, self.swords_in, self.choices)


@dataclass(frozen=True)
class PlayerState:
    """One player's sheet and hero."""

    lands: tuple  # landscapes of the current side (after swaps)
    events: tuple  # events drawn (None: empty)
    swapped: bool = False  # Change of Landscape used this round
    swaps: int = 0  # Changes of Landscape used in the game (B17)
    injuries: int = 0  # carried into this round
    swords: int = 0
    rounds: tuple = ()  # RoundRecords
    walk: Walk | None = None

    @property
    def total(self) -> int:
        return sum(r.points for r in self.rounds)

    def side_text(self) -> str:
        return side_to_text(tuple(Space(l, e) for l, e in zip(self.lands, self.events)))

    def empty(self) -> list[int]:
        return [i + 1 for i, e in enumerate(self.events) if e is None]


@dataclass(frozen=True)
class BaladaState:
    """The position: round, turn, flipped cards, the players and their pending choices."""

    players: tuple
    round: int = 0  # 0 day, 1 night
    turn: int = 0  # cards flipped this round
    cards: Flip | None = None  # the turn's flip, while players choose
    seen: tuple = ()  # flips of this round
    pending: tuple = ()  # per player: this turn's moves, not yet revealed (P5)
    phase: str = "flip"  # flip, place, score, over

    def chosen(self, player: int) -> bool:
        """Has ``player`` drawn this turn's symbol?"""
        return any(isinstance(m, Place) for m in self.pending[player])


def _apply_to_sheet(ps: PlayerState, move: Move) -> PlayerState:
    if isinstance(move, Swap):
        lands = list(ps.lands)
        lands[move.i - 1], lands[move.j - 1] = lands[move.j - 1], lands[move.i - 1]
        return replace(ps, lands=tuple(lands), swapped=True, swaps=ps.swaps + 1)
    if isinstance(move, Place):
        ev = list(ps.events)
        ev[move.space - 1] = move.event
        return replace(ps, events=tuple(ev))
    raise TypeError(move)  # pragma: no cover


def _advance(w: Walk) -> Walk:
    """Walk on through spaces that offer no choice (P6); add the Fish at the end."""
    if w.portals_left:
        return w
    layout = Layout.of(w.events)
    pos, hero, steps = w.pos, w.hero, list(w.steps)
    while pos < SIDE_LENGTH and len(options_at(layout, pos, hero)) == 1:
        hero, st = step(layout, pos, hero, options_at(layout, pos, hero)[0])
        steps.append(st)
        pos += 1
    if pos == SIDE_LENGTH:
        steps.append(fish_step(layout))
        pos += 1
    return replace(w, pos=pos, hero=hero, steps=tuple(steps))


# ---------------------------------------------------------------- the game


class BaladaGame(Game):
    """Balada for 1 to 6 players (see the module docstring).

    Parameters
    ----------
    players:
        1 to 6.
    easy:
        The easy version (B4): deck A only, day side only, one round.
    sheet:
        A shipped sheet's name from ``graphs/`` (``"standard"``, ``"river"``,
        ``"peaks"``, ``"dunes"``) or a custom sheet's data (the networkx
        node-link dict that :meth:`~.content.Sheet.to_json` writes).
    decks:
        ``None`` (the shipped decks) or custom decks' data (a dict with the
        lists ``landscape``, ``A`` and ``B``, like ``data/decks.json``).

    Custom content and save files: from Python, ``sheet`` and ``decks`` may
    also be file paths (``BaladaGame(sheet="./my_sheet.json")``; a sheet path
    holds a ``/`` or a ``.``). The file is read once, here, through
    :func:`~balada_widgets.core.files.read_user_text` (a regular file of at
    most a few kB, UTF-8), and its *data* goes into :attr:`options`, never the
    path: a save file is self-contained, so a teacher's custom game loads on a
    learner's machine without the file, and ``type(game)(**game.options)``
    rebuilds the same game. A save file naming a path is refused (a save
    never makes the server open a file). The sheet is checked against the
    game's decks (B1).

    >>> import json
    >>> from balada_widgets.balada.content import load_sheet
    >>> data = json.loads(load_sheet("river").to_json())
    >>> g = BaladaGame(sheet=data)
    >>> g.options["sheet"] == data and BaladaGame(**g.options).sheet == g.sheet, g.sheet_name
    (True, 'custom: river')
    """

    name = "balada"
    title = "Balada"
    min_players = 1
    max_players = 6
    end_rule = "B17"

    def __init__(self, players: int = 1, easy: bool = False, sheet="standard", decks=None):
        import json

        from ..core.game import check_player_count

        check_player_count(type(self), players)
        self.players = players
        self.easy = bool(easy)
        decks_option, self.decks = decks_choice(decks)
        sheet_option, self.sheet = sheet_choice(sheet, self.decks)
        # the options keep JSON texts (a fresh copy on each read, never a path)
        self._custom_sheet = not isinstance(sheet_option, str)
        self._sheet_option = json.dumps(sheet_option) if self._custom_sheet else sheet_option
        self._decks_option = None if decks_option is None else json.dumps(decks_option)
        #: the shipped sheet's name, or ``"custom: <the sheet's name>"``
        self.sheet_name = f"custom: {self.sheet.name}" if self._custom_sheet else sheet_option
        self._outcomes_cache: dict = {}

    # ---------------------------------------------------------- set-up
    @property
    def options(self):
        """``players``, ``easy``, ``sheet`` (a shipped name or the sheet's data), ``decks`` (``None`` or data)."""
        import json

        sheet = json.loads(self._sheet_option) if self._custom_sheet else self._sheet_option
        decks = None if self._decks_option is None else json.loads(self._decks_option)
        return {"players": self.players, "easy": self.easy, "sheet": sheet, "decks": decks}

    @property
    def num_players(self):
        return self.players

    @property
    def rounds(self) -> int:
        return 1 if self.easy else 2

    def initial_state(self) -> BaladaState:
        ps = PlayerState(self.sheet.day, (None,) * SIDE_LENGTH)
        return BaladaState(players=(ps,) * self.players, pending=((),) * self.players)

    # ---------------------------------------------------------- turn order
    def is_chance(self, state):
        return state.phase == "flip"

    def remaining_cards(self, state) -> tuple[Counter, Counter, Counter]:
        """The landscape, A and B cards not yet flipped this round (each deck is reshuffled per round)."""
        land, a, b = Counter(self.decks.landscape), Counter(self.decks.a), Counter(self.decks.b)
        for f in state.seen:
            land[f.landscape] -= 1
            a[f.a] -= 1
            if f.b is not None:
                b[f.b] -= 1
        return land, a, b

    def chance_outcomes(self, state):
        """Every possible flip with its probability (cached per round history: flips are frequent)."""
        key = (state.seen, self.easy)
        got = self._outcomes_cache.get(key)
        if got is None:
            land, a, b = self.remaining_cards(state)
            nl, na, nb = sum(land.values()), sum(a.values()), sum(b.values())
            got = []
            for lk, lc in sorted(land.items()):
                for ak, ac in sorted(a.items()):
                    if lc <= 0 or ac <= 0:
                        continue
                    if self.easy:
                        got.append((Flip(lk, ak), lc * ac / (nl * na)))
                        continue
                    got += [(Flip(lk, ak, bk), lc * ac * bc / (nl * na * nb)) for bk, bc in sorted(b.items()) if bc > 0]
            if len(self._outcomes_cache) > 256:
                self._outcomes_cache.clear()
            self._outcomes_cache[key] = got
        return list(got)

    def is_legal(self, state, move) -> bool:
        if isinstance(move, Flip) and state.phase == "flip":
            land, a, b = self.remaining_cards(state)
            return (land[move.landscape] > 0 and a[move.a] > 0
                    and ((move.b is None) if self.easy else (move.b is not None and b[move.b] > 0)))
        return super().is_legal(state, move)

    def to_move(self, state):
        if state.phase == "place":
            return tuple(p for p in range(self.players) if not state.chosen(p))
        if state.phase == "score":
            return tuple(p for p, ps in enumerate(state.players) if ps.walk is not None and not ps.walk.done)
        return ()

    def is_over(self, state):
        return state.phase == "over"

    # ---------------------------------------------------------- sheets
    def sheet_of(self, state: BaladaState, player: int) -> PlayerState:
        """``player``'s sheet including their own unrevealed choices of this turn."""
        ps = state.players[player]
        for m in state.pending[player]:
            ps = _apply_to_sheet(ps, m)
        return ps

    # ---------------------------------------------------------- moves
    def legal_moves(self, state, player=None):
        if state.phase == "flip":
            return [m for m, _ in self.chance_outcomes(state)]
        players = self.to_move(state) if player is None else [player] if player in self.to_move(state) else []
        out: list = []
        for p in players:
            if state.phase == "place":
                out += self._place_moves(state, p)
            elif state.phase == "score":
                out += self._walk_moves(state.players[p].walk, p)
        return out

    def _place_moves(self, state, p):
        ps = self.sheet_of(state, p)
        cards = state.cards
        land = cards.landscape
        symbols = [cards.a] if self.easy or cards.b is None else list(dict.fromkeys([cards.a, cards.b]))
        out = [Place(p, ev, sp) for ev in symbols for sp in ps.empty() if ps.lands[sp - 1] == land]
        if not ps.swapped:
            empty = ps.empty()
            out += [Swap(p, i, j) for i in empty for j in empty if i < j and ps.lands[i - 1] != ps.lands[j - 1]]
        return out

    def _walk_moves(self, w: Walk, p):
        if w.portals_left:
            portal = w.portals_left[0]
            return [PortalMove(p, portal, None)] + [PortalMove(p, portal, s) for s in portal_sources(w.events, portal)]
        layout = Layout.of(w.events)
        return [Decide(p, w.pos + 1, o) for o in options_at(layout, w.pos, w.hero)]

    def why_illegal(self, state, move):
        p = getattr(move, "player", None)
        if isinstance(move, Flip):
            if state.phase != "flip":
                return "B2", "the cards of this turn are already flipped"
            return "B2", "those cards are not left in the decks"
        if p is None or not 0 <= p < self.players:
            return None, f"there is no player {p + 1 if isinstance(p, int) else p} in a {self.players}-player game"
        if state.phase == "flip":
            return "B2", "wait for the cards to be flipped"
        if isinstance(move, (Swap, Place)):
            if state.phase != "place":
                return "B2", "all 12 symbols are drawn: this is the scoring"
            if state.chosen(p):
                return "B2", f"player {p + 1} has drawn this turn's symbol already"
            ps = self.sheet_of(state, p)
            if isinstance(move, Swap):
                return self._why_swap(ps, move)
            return self._why_place(state, ps, move)
        if isinstance(move, (PortalMove, Decide)):
            if state.phase != "score":
                return "B5" if isinstance(move, PortalMove) else "B16", "the scoring walk starts after the 12th turn"
            w = state.players[p].walk
            if w.done:
                return "B6", f"player {p + 1}'s hero has finished the walk"
            if isinstance(move, PortalMove):
                if not w.portals_left:
                    return "B5", "the Portals are decided: the hero is walking"
                if move.portal != w.portals_left[0]:
                    return "P2", f"Portals are decided left to right: the next is the Portal in space {w.portals_left[0]}"
                try:
                    apply_portal(w.events, move.portal, move.source)
                except IllegalMove as e:
                    return e.rule, e.reason
                return "B5", "not a possible Portal move"
            if w.portals_left:
                return "B5", f"decide the Portal in space {w.portals_left[0]} first (take an event or nothing)"
            if move.space != w.pos + 1:
                return "B6", f"the hero is at space {w.pos + 1}, not {move.space}"
            e = refuse_option(Layout.of(w.events), w.pos, w.hero, move.option)
            return e.rule, e.reason
        return None, "unknown kind of move"

    def _why_swap(self, ps, m):
        if ps.swapped:
            return "B3", "the Change of Landscape was already used this round"
        for s in (m.i, m.j):
            if not 1 <= s <= SIDE_LENGTH:
                return "B3", f"there is no space {s}"
            if ps.events[s - 1] is not None:
                return "B3", f"space {s} already holds {event_name(ps.events[s - 1])}: only empty spaces swap"
        if m.i == m.j:
            return "B3", "pick two different spaces"
        if m.i > m.j:
            return "B3", "write the smaller space first"
        return "P4", (f"spaces {m.i} and {m.j} are both {LANDSCAPES[ps.lands[m.i - 1]]}: the swap would change "
                      f"nothing")

    def _why_place(self, state, ps, m):
        cards = state.cards
        if self.easy and m.event != cards.a:
            return "B4", f"in the easy version the flipped A symbol ({event_name(cards.a)}) must be drawn"
        if m.event not in (cards.a, cards.b):
            shown = f"the {event_name(cards.a)} (A)" + (f" or the {event_name(cards.b)} (B)" if cards.b else "")
            return "B2", f"the {event_name(m.event)} is not on the flipped cards: draw {shown}"
        if not 1 <= m.space <= SIDE_LENGTH:
            return "B2", f"there is no space {m.space}"
        if ps.events[m.space - 1] is not None:
            return "B2", f"space {m.space} already holds {event_name(ps.events[m.space - 1])}; drawn symbols stay"
        land = ps.lands[m.space - 1]
        return "B2", (f"space {m.space} is {LANDSCAPES[land]} but the landscape card is "
                      f"{LANDSCAPES[cards.landscape]}")

    def _apply(self, state, move):
        if isinstance(move, Flip):
            return replace(state, cards=move, turn=state.turn + 1, seen=state.seen + (move,), phase="place")
        p = move.player
        if isinstance(move, (Swap, Place)):
            pending = list(state.pending)
            pending[p] = pending[p] + (move,)
            state = replace(state, pending=tuple(pending))
            if all(state.chosen(q) for q in range(self.players)):
                state = self._reveal(state)
            return state
        w = state.players[p].walk
        if isinstance(move, PortalMove):
            w = replace(w, events=apply_portal(w.events, move.portal, move.source), portals_left=w.portals_left[1:],
                        portal_choices=w.portal_choices + ((move.portal, move.source),))
            if move.source is not None:
                w = replace(w, steps=w.steps + (portal_step(move.portal, w.events[move.portal - 1], move.source),))
        else:
            hero, st = step(Layout.of(w.events), w.pos, w.hero, move.option)
            w = replace(w, pos=w.pos + 1, hero=hero, steps=w.steps + (st,),
                        decisions=w.decisions + ((move.space, move.option),))
        players = list(state.players)
        players[p] = replace(players[p], walk=_advance(w))
        state = replace(state, players=tuple(players))
        if all(ps.walk.done for ps in state.players):
            state = self._end_round(state)
        return state

    def _reveal(self, state):
        players = tuple(self.sheet_of(state, p) for p in range(self.players))
        state = replace(state, players=players, pending=((),) * self.players, cards=None)
        if state.turn < SIDE_LENGTH:
            return replace(state, phase="flip")
        return self._start_scoring(state)

    def _start_scoring(self, state):
        players = []
        for ps in state.players:
            w = Walk(ps.events, tuple(portal_spaces(ps.events)), 0, Hero(ps.injuries, ps.swords, 0))
            players.append(replace(ps, walk=_advance(w)))
        state = replace(state, players=tuple(players), phase="score")
        if all(ps.walk.done for ps in state.players):
            state = self._end_round(state)
        return state

    def _end_round(self, state):
        players = []
        nxt = state.round + 1
        for ps in state.players:
            w = ps.walk
            rec = RoundRecord(ps.side_text(), Choices(w.portal_choices, dict(w.decisions)).text(), w.points,
                              ps.injuries, ps.swords)
            ps = replace(ps, rounds=ps.rounds + (rec,), walk=None, injuries=w.hero.injuries, swords=w.hero.swords)
            if nxt < self.rounds:
                ps = replace(ps, lands=self.sheet.side(nxt), events=(None,) * SIDE_LENGTH, swapped=False)
            players.append(ps)
        if nxt < self.rounds:
            return replace(state, players=tuple(players), round=nxt, turn=0, cards=None, seen=(), phase="flip")
        return replace(state, players=tuple(players), phase="over")

    # ---------------------------------------------------------- results
    def returns(self, state):
        out = []
        for ps in state.players:
            pts = ps.total
            if ps.walk is not None:
                pts += ps.walk.points
            out.append(float(pts))
        return out

    def winners(self, state):
        """Highest total; then fewer Changes of Landscape; still tied: all of them (B17)."""
        if not self.is_over(state):
            return []
        key = [(ps.total, -ps.swaps) for ps in state.players]
        best = max(key)
        return [p for p, k in enumerate(key) if k == best]

    # ---------------------------------------------------------- views
    def view(self, state, player):
        """What ``player`` may see: other players' choices of this turn stay hidden (P5).

        Returns a state whose ``pending`` holds only ``player``'s own moves (for
        a spectator, ``player=None``, nobody's); who has chosen is still known
        from :meth:`chosen_players`.
        """
        pending = tuple(state.pending[q] if q == player else () for q in range(self.players))
        return replace(state, pending=pending)

    def chosen_players(self, state) -> list[int]:
        return [p for p in range(self.players) if state.phase == "place" and state.chosen(p)]

    # ---------------------------------------------------------- words for learners
    def apply(self, state, move):
        """The state after ``move``; a refusal says the move in words (:class:`BaladaRefusal`), e.g.
        ``You cannot draw the Fountain on space 2: space 2 is Desert but ... (rule B2)``."""
        if isinstance(move, str):
            move = self.parse_move(move, state)
        try:
            return super().apply(state, move)
        except IllegalMove as e:
            if isinstance(e, BaladaRefusal):
                raise
            raise BaladaRefusal(e.reason, rule=e.rule, move=e.move, words=self._attempt_words(state, move)) from None

    def describe_move(self, state, move, viewer=None):
        """The move in plain words, as ``viewer`` may know it (``None``: a spectator who sees what is revealed).

        ``state`` is the state the move is played in. A symbol or a Change of
        Landscape chosen by another player stays secret until the turn's
        choices are revealed (P5): for the other seats it reads "Player 1
        chooses" while the turn is open (a spectator, ``None``, sees it all).

        >>> g = BaladaGame(players=2)
        >>> s = g.apply(g.initial_state(), "flip M SW O2")
        >>> g.describe_move(g.initial_state(), g.parse_move("flip M SW O2"))
        'The cards turned up: Mountains, the Sword (A) and the Obstacle 2 (B)'
        >>> g.describe_move(s, g.parse_move("p1 SW@3"), viewer=0)
        'You draw the Sword on space 3'
        >>> g.describe_move(s, g.parse_move("p1 SW@3"), viewer=1)
        'Player 1 chooses'
        >>> g.describe_move(s, g.parse_move("p1 SW@3"))
        'Player 1 draws the Sword on space 3'
        """
        try:
            return self._words(state, move, viewer)
        except Exception:  # a hand-made move that fits no position: its notation rather than nothing
            return self.move_to_text(move)

    def _who(self, move, viewer) -> tuple[str, bool]:
        p = getattr(move, "player", None)
        if viewer is not None and p == viewer:
            return "You", True
        return (f"Player {p + 1}" if isinstance(p, int) else "Someone"), False

    def _words(self, state, move, viewer) -> str:
        if isinstance(move, Flip):
            parts = [LANDSCAPES.get(move.landscape, move.landscape),
                     f"the {event_name(move.a)}" + (" (A)" if move.b else "")]
            if move.b:
                parts.append(f"the {event_name(move.b)} (B)")
            return "The cards turned up: " + ", ".join(parts[:-1]) + " and " + parts[-1]
        who, you = self._who(move, viewer)
        s = "" if you else "s"
        if isinstance(move, (Place, Swap)):
            secret = (viewer is not None and not you and state.phase == "place" and self.players > 1
                      and not all(state.chosen(q) or q == move.player for q in range(self.players)))
            if secret:
                return f"{who} choose{s}"
        if isinstance(move, Place):
            return f"{who} draw{s} the {event_name(move.event)} on space {move.space}"
        if isinstance(move, Swap):
            lands = self.sheet_of(state, move.player).lands
            return (f"{who} swap{s} the landscapes of space {move.i} ({LANDSCAPES[lands[move.i - 1]]}) and "
                    f"space {move.j} ({LANDSCAPES[lands[move.j - 1]]})")
        if isinstance(move, PortalMove):
            whose = "Your" if you else f"{who}'s"
            if move.source is None:
                return f"{whose} Portal on space {move.portal} takes nothing"
            ev = state.players[move.player].walk.events[move.source - 1]
            return f"{whose} Portal on space {move.portal} takes the {event_name(ev)} from space {move.source}"
        if isinstance(move, Decide):
            return f"{who} {self._decision_words(state, move, s)}"
        return self.move_to_text(move)

    def _decision_words(self, state, move, s: str) -> str:
        """``uses a sword on the Obstacle 2 at space 3`` (``s``: the verb's ending, "" for "you")."""
        w = state.players[move.player].walk
        ev = w.events[move.space - 1] if w is not None else None
        what = f"the {event_name(ev)} at space {move.space}"
        other = f"meet{s} {what} with {move.option!r}"
        if ev is not None and ev.startswith("O"):
            return {"sword": f"use{s} a sword on {what}", "endure": f"endure{s} {what}"}.get(move.option, other)
        if ev == "BS":
            return {"fight": f"fight{s} {what} with two swords", "pass": f"let{s} {what} be"}.get(move.option, other)
        if ev == "CH":
            return {"key": f"open{s} {what} with the key", "sword": f"open{s} {what} with a sword",
                    "leave": f"leave{s} {what} closed"}.get(move.option, other)
        return f"choose{s} {move.option!r} at {what}"

    def _attempt_words(self, state, move) -> str:
        """What a refused move tried, in words: ``You cannot draw the Sword on space 2``."""
        try:
            if isinstance(move, Flip):
                return "These cards cannot be turned up (" + self._words(state, move, None).split(": ", 1)[1] + ")"
            if isinstance(move, Place):
                what = f"draw the {event_name(move.event)} on space {move.space}"
            elif isinstance(move, Swap):
                what = f"swap the landscapes of spaces {move.i} and {move.j}"
            elif isinstance(move, PortalMove):
                took = "nothing" if move.source is None else f"the event of space {move.source}"
                what = f"have the Portal on space {move.portal} take {took}"
            elif isinstance(move, Decide):
                w = state.players[move.player].walk if 0 <= move.player < len(state.players) else None
                if w is not None and 1 <= move.space <= len(w.events):
                    what = self._decision_words(state, move, "")
                else:
                    what = f"choose {move.option!r} at space {move.space}"
            else:
                return f"You cannot play {self.move_to_text(move)!r}"
        except Exception:  # a move that fits no position: its notation
            return f"You cannot play {self.move_to_text(move)!r}"
        p = getattr(move, "player", None)
        who = "You" if self.players == 1 or not isinstance(p, int) else f"Player {p + 1}"
        return f"{who} cannot {what}"

    # ---------------------------------------------------------- text forms
    def move_to_text(self, move):
        if isinstance(move, Flip):
            return f"flip {move.landscape} {move.a}" + (f" {move.b}" if move.b else "")
        who = f"p{move.player + 1}"
        if isinstance(move, Swap):
            return f"{who} swap {move.i} {move.j}"
        if isinstance(move, Place):
            return f"{who} {move.event}@{move.space}"
        if isinstance(move, PortalMove):
            return f"{who} P{move.portal}<{move.source if move.source is not None else '-'}"
        return f"{who} {move.space}:{move.option}"

    _MOVE_RE = re.compile(
        r"^\s*(?:(?P<flip>flip)\s+(?P<l>[FDM])\s+(?P<a>\w\w)(?:\s+(?P<b>\w\w))?"
        r"|p(?P<p>\d)\s+(?:swap\s+(?P<i>\d+)\s+(?P<j>\d+)|(?P<ev>\w\w)@(?P<sp>\d+)"
        r"|P(?P<portal>\d+)<(?P<src>\d+|-)|(?P<ds>\d+):(?P<opt>[a-z]+)))\s*$", re.IGNORECASE)

    def parse_move(self, text, state=None):
        m = self._MOVE_RE.match(text or "")
        if not m:
            raise InvalidInput("cannot read this Balada move; write e.g. 'p1 O2@5', 'p1 swap 3 7', 'p1 P4<9', "
                               "'p1 3:sword' or 'flip F O2 BS'", move=text)
        g = m.groupdict()
        if g["flip"]:
            for code in (g["a"], g["b"]):
                if code is not None and code.upper() not in EVENT_NAMES:
                    raise InvalidInput(f"unknown event {code!r}", move=text)
            return Flip(g["l"].upper(), g["a"].upper(), g["b"].upper() if g["b"] else None)
        p = int(g["p"]) - 1
        if g["i"]:
            return Swap(p, int(g["i"]), int(g["j"]))
        if g["ev"]:
            if g["ev"].upper() not in EVENT_NAMES:
                raise InvalidInput(f"unknown event {g['ev']!r}", move=text)
            return Place(p, g["ev"].upper(), int(g["sp"]))
        if g["portal"]:
            return PortalMove(p, int(g["portal"]), None if g["src"] == "-" else int(g["src"]))
        return Decide(p, int(g["ds"]), g["opt"].lower())

    def state_to_text(self, state) -> str:
        """A position as text: a header line, then one line per player.

        ``round=day turn=3 phase=place cards=F/O2/BS seen=F/O1/BS,D/FT/PT,F/O2/BS``
        then ``p1 F:O2 D:.. ... | swapped=0 swaps=0 inj=0 sw=0 rounds=[side@choices@inj/sw ...] pending=O2@5 walk=P4<9,3:sword``
        """
        def flip_text(f):
            return "/".join(x for x in (f.landscape, f.a, f.b) if x)

        head = [f"round={ROUND_NAMES[min(state.round, 1)]}", f"turn={state.turn}", f"phase={state.phase}"]
        if state.cards:
            head.append(f"cards={flip_text(state.cards)}")
        head.append("seen=" + (",".join(flip_text(f) for f in state.seen) or "-"))
        lines = [" ".join(head)]
        for p, ps in enumerate(state.players):
            attrs = [f"swapped={int(ps.swapped)}", f"swaps={ps.swaps}", f"inj={ps.injuries}", f"sw={ps.swords}"]
            if ps.rounds:
                attrs.append("rounds=" + ";".join(f"{r.side.replace(' ', '_')}@{r.choices.replace(' ', ',')}"
                                                  f"@{r.injuries_in}/{r.swords_in}" for r in ps.rounds))
            if state.pending[p]:
                attrs.append("pending=" + ",".join(self.move_to_text(m).split(" ", 1)[1].replace(" ", "_")
                                                   for m in state.pending[p]))
            if ps.walk is not None:
                w = ps.walk
                moves = [f"P{a}<{b if b is not None else '-'}" for a, b in w.portal_choices]
                moves += [f"{s}:{o}" for s, o in w.decisions]
                attrs.append("walk=" + (",".join(moves) or "-"))
            lines.append(f"p{p + 1} {ps.side_text()} | {' '.join(attrs)}")
        return "\n".join(lines)

    def state_from_text(self, text: str) -> BaladaState:
        """Read :meth:`state_to_text`; refuse (with every problem listed) what is not a valid position."""
        lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
        if len(lines) != self.players + 1:
            raise InvalidInput(f"a {self.players}-player position has {self.players + 1} lines "
                               f"(a header and one per player), this text has {len(lines)}")
        head = dict(kv.split("=", 1) for kv in lines[0].split() if "=" in kv)
        try:
            rnd = ROUND_NAMES.index(head.get("round", "day"))
            turn = int(head.get("turn", 0))
            phase = head.get("phase", "flip")

            def flip(t):
                parts = t.split("/")
                return Flip(parts[0].upper(), parts[1].upper(), parts[2].upper() if len(parts) > 2 else None)

            cards = flip(head["cards"]) if "cards" in head else None
            seen = tuple(flip(t) for t in head.get("seen", "-").split(",") if t != "-")
        except (ValueError, IndexError, KeyError) as e:
            raise InvalidInput(f"cannot read the header line {lines[0]!r}: write round=day or night, turn as a "
                               f"number 0 to 12, and the flips like D/O3/SW") from None
        if phase not in ("flip", "place", "score", "over"):
            raise InvalidInput(f"unknown phase {phase!r}")
        players, pending, walks = [], [], []
        for p, line in enumerate(lines[1:]):
            side, _, rest = line.partition("|")
            toks = side.split()
            if not toks or toks[0] != f"p{p + 1}":
                raise InvalidInput(f"line {p + 2} must start with 'p{p + 1}'")
            from .scoring import parse_side

            sp = parse_side(toks[1:])
            attrs = dict(kv.split("=", 1) for kv in rest.split() if "=" in kv)
            try:
                rounds = []
                for r in filter(None, attrs.get("rounds", "").split(";")):
                    s_text, c_text, carry = r.split("@")
                    i_in, s_in = map(int, carry.split("/"))
                    s_text, c_text = s_text.replace("_", " "), c_text.replace(",", " ")
                    pts = score_side(s_text, i_in, s_in, c_text).points
                    rounds.append(RoundRecord(s_text, c_text, pts, i_in, s_in))
                ps = PlayerState(tuple(s.landscape for s in sp), tuple(s.event for s in sp),
                                 bool(int(attrs.get("swapped", 0))), int(attrs.get("swaps", 0)),
                                 int(attrs.get("inj", 0)), int(attrs.get("sw", 0)), tuple(rounds))
            except (ValueError, IndexError) as e:
                raise InvalidInput(f"cannot read the attributes of player {p + 1}: {e}") from None
            players.append(ps)
            pend = tuple(self.parse_move(f"p{p + 1} {t.replace('_', ' ')}")
                         for t in attrs.get("pending", "").split(",") if t)
            pending.append(pend)
            walks.append([t for t in attrs.get("walk", "-").split(",") if t and t != "-"] if "walk" in attrs else None)
        state = BaladaState(tuple(players), rnd, turn, cards, seen, tuple(pending), phase)
        if phase == "score":
            base = replace(state, players=tuple(replace(ps, walk=None) for ps in players))
            problems = self.validate(replace(base, phase="score"))
            if problems:
                raise InvalidPosition(problems)
            state = self._start_scoring(replace(base, phase="place", turn=SIDE_LENGTH))
            for p, moves in enumerate(walks):
                for t in moves or []:
                    state = self.apply(state, self.parse_move(f"p{p + 1} {t}"))
            return state
        problems = self.validate(state)
        if problems:
            raise InvalidPosition(problems)
        return state

    def validate(self, state) -> list[tuple[str | None, str]]:
        """Every problem of a (hand-made) position."""
        problems: list = []
        if len(state.players) != self.players:
            problems.append((None, f"the position has {len(state.players)} players, the game {self.players}"))
            return problems
        if state.round >= self.rounds and state.phase != "over":
            problems.append(("B4" if self.easy else "B17", f"the game has {self.rounds} round(s)"))
        if not 0 <= state.turn <= SIDE_LENGTH:
            problems.append(("B2", f"a round has {SIDE_LENGTH} turns, not {state.turn}"))
        if len(state.seen) != state.turn:
            problems.append(("B2", f"turn {state.turn} but {len(state.seen)} flips listed"))
        counts = self.remaining_cards(state)
        if self.easy and any(f.b is not None for f in state.seen):
            problems.append(("B4", "the easy version flips no B card"))
        for name, c in zip(("landscape", "A", "B"), counts):
            over = [k for k, v in c.items() if v < 0]
            if over:
                problems.append(("B2", f"more {', '.join(map(str, over))} cards flipped than deck {name} holds"))
        if state.phase == "place" and state.cards != (state.seen[-1] if state.seen else None):
            problems.append(("B2", "the cards being played must be the last flip"))
        expected_filled = state.turn - (1 if state.phase == "place" else 0)
        side_lands = self.sheet.side(min(state.round, 1))
        for p, ps in enumerate(state.players):
            who = f"player {p + 1}"
            problems += [(r, f"{who}: {t}") for r, t in check_side_landscapes(ps.lands, self.decks, "side")]
            filled = sum(e is not None for e in ps.events)
            if state.phase != "over" and filled != expected_filled:
                problems.append(("B2", f"{who}: {filled} symbols drawn after {expected_filled} finished turns"))
            moved = [i + 1 for i, (a, b) in enumerate(zip(ps.lands, side_lands)) if a != b]
            if moved and not ps.swapped:
                problems.append(("B3", f"{who}: the landscapes of spaces {moved} differ from the sheet but no "
                                       f"Change of Landscape is marked"))
            if len(moved) not in (0, 2):
                problems.append(("B3", f"{who}: one Change of Landscape swaps two spaces; {len(moved)} differ"))
            if not 0 <= ps.injuries < 6:
                problems.append(("B7", f"{who}: injuries must be 0 to 5, not {ps.injuries}"))
            if ps.swords < 0:
                problems.append(("B9", f"{who}: negative swords"))
            if len(ps.rounds) != state.round + (state.phase == "over"):
                problems.append((None, f"{who}: {len(ps.rounds)} finished rounds recorded in round "
                                       f"{state.round + 1}"))
        problems += self._pending_problems(state)
        return problems

    def _pending_problems(self, state) -> list:
        """Each player's unrevealed choices (P5) must be legal moves of this turn, in their order."""
        if len(state.pending) != self.players:
            return [(None, f"{len(state.pending)} lists of pending choices for {self.players} players")]
        if state.phase != "place" or state.cards is None:
            return [("P5", "choices are pending outside a turn's drawing")] if any(state.pending) else []
        problems = []
        for p, pend in enumerate(state.pending):
            done: tuple = ()
            for m in pend:
                trial = replace(state, pending=tuple(done if q == p else () for q in range(self.players)))
                if not isinstance(m, (Swap, Place)) or m.player != p or not self.is_legal(trial, m):
                    problems.append(("P5", f"player {p + 1}: the pending choice {self.move_to_text(m)!r} is not a "
                                           f"legal move of this turn"))
                    break
                done += (m,)
        return problems

    def invariants(self, state) -> list[str]:
        """What breaks Balada's invariants in a state reached by play (checked after every move by the fuzz).

        Landscapes are conserved through swaps (B1, B3); a round has 12 flips and every player draws one
        symbol a turn (B2); injuries and swords stay in range (B7, B9); the players waited for are those
        still to choose or walk; every point comes from its trace (each finished round scores again to
        its recorded points, a walk's points are its steps').
        """
        out: list[str] = []
        self.__dict__.setdefault("_rounds_checked", set())  # a round record scores once (records never change)
        if len(state.seen) != state.turn or state.turn > SIDE_LENGTH:
            out.append(f"turn {state.turn} with {len(state.seen)} flips")
        for p, ps in enumerate(state.players):
            who = f"player {p + 1}"
            if Counter(ps.lands) != Counter(self.decks.landscape):
                out.append(f"{who}: the landscapes are not the sheet's (B1)")
            if not 0 <= ps.injuries < 6 or ps.swords < 0:
                out.append(f"{who}: {ps.injuries} injuries, {ps.swords} swords")
            if ps.swaps > len(ps.rounds) + 1:
                out.append(f"{who}: {ps.swaps} Changes of Landscape in {len(ps.rounds) + 1} rounds (B3)")
            if len(ps.rounds) != state.round + (state.phase == "over"):
                out.append(f"{who}: {len(ps.rounds)} rounds recorded in round {state.round + 1}")
            if state.phase in ("place", "flip"):
                filled = sum(e is not None for e in ps.events)
                if filled != state.turn - (state.phase == "place"):
                    out.append(f"{who}: {filled} symbols after {state.turn} flips (B2)")
            kinds = [type(m).__name__ for m in state.pending[p]]
            if kinds.count("Place") > 1 or kinds.count("Swap") > 1 or (state.pending[p] and state.phase != "place"):
                out.append(f"{who}: pending choices {kinds} in phase {state.phase}")
            for r in ps.rounds:
                if r in self._rounds_checked:
                    continue
                again = r.score()
                if again.points != r.points or sum(s.points for s in again.trace) != r.points:
                    out.append(f"{who}: a round recorded {r.points} points, its trace gives {again.points}")
                elif len(self._rounds_checked) < 4096:
                    self._rounds_checked.add(r)
            if ps.walk is not None and ps.walk.points != sum(s.points for s in ps.walk.steps):
                out.append(f"{who}: the walk's points are not its steps'")
        if state.phase == "place":
            if state.cards is None or state.cards != state.seen[-1]:
                out.append("the cards being played are not the last flip")
            waiting = [p for p in range(self.players) if not state.chosen(p)]
            if list(self.to_move(state)) != waiting or not waiting:
                out.append(f"waiting for {self.to_move(state)}, not the players still to choose {waiting}")
            for p in waiting:
                if not any(isinstance(m, Place) for m in self.legal_moves(state, p)):
                    out.append(f"player {p + 1} has no space for the symbol (B2)")
        elif state.phase == "score":
            for p in self.to_move(state):
                if len(self.legal_moves(state, p)) < 2:
                    out.append(f"player {p + 1} is asked a question with one answer (P6)")
        elif self.to_move(state):
            out.append(f"phase {state.phase} waits for players {self.to_move(state)}")
        if state.phase == "over" and [float(ps.total) for ps in state.players] != self.returns(state):
            out.append("the final scores are not the rounds' totals")
        return out
