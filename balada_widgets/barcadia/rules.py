"""Heroes of Barcadia rules: the whole game for 2 to 6 players, every choice a move.

Pure Python: this module imports no UI package (a test keeps it so).

The game in our own words
-------------------------
Heroes crawl a dungeon of face-down hex rooms around a seven-hex Starting
Point (one room, ``START``: H1). Each hero carries a cup of HP - any drink,
water works, or just a number; FULL is 100 (H9, H18). The first hero to hold
three Power-Ups and then beat the Grand Drink Guardian in the Drink Hoard
wins (H-OBJ1).

*Setting up.* The rooms (50; 30 with 2-3 players after taking out 2
Pourtals, 4 Rewards, 4 Bosses and 10 single Monsters, H2) are shared out as
evenly as possible and built face down one at a time, clockwise, each on an
empty hex touching the Starting Point or a placed room. Everybody gets a
Signature Move and 3 Loot Cards; a d20 roll-off picks the first player.

*A turn* (H4): exactly one action, plus one more per Dash played:

1. **Reveal** a face-down room next to you. Its traps go off first (H13):
   each is rolled for, 10 or more disarms it, a failure costs 10 HP; either
   way the trap is gone and you are committed to that room. Then the room
   shows what it is. A *Monster*: roll a d20, meet its level to win (H5). A
   *Team Battle*: you name any other player as teammate; two dice, both
   players' bonuses, meet the level. A *Boss*: you name another player to
   play it; both roll, higher wins, ties are rolled again, and the Boss-player's
   own Boss bonuses count for the Boss (H7). Win: the room stays face up, you
   move in and take the reward (each teammate takes it in a Team Battle).
   Lose: you drink the damage (both teammates do), the room turns face down
   again (everyone saw it: its identity stays public, H15); a Boss-player who
   loses drinks the Boss's damage. A *Reward* gives its Loot Cards or
   Power-Up to whoever reveals it, once. A *Magic Pourtal* you simply enter.
   The *Drink Hoard* stays face up; with three Power-Ups you fight the
   Guardian at once, without them your turn ends there and then.
2. **Enter revealed rooms**: one or two steps (more with some abilities),
   each into a face-up room next to where your cup is, never into an
   occupied room (START excepted) nor the Hoard (H3). Each step is one move
   (``p1 enter r3``); the next step continues the same action until you
   start another action or end the turn.
3. **Claim the Hoard**: next to the revealed Hoard with three Power-Ups,
   fight the Grand Drink Guardian: a plain d20, 15 or more, nothing added,
   nothing rerolled (H8). Win and you win the game.

Free moves in a turn: one **Pourtal** use (from START, a face-up Pourtal or
your Pocket Pourtal to another one; not an action), one **duel** before your
first action (against an opponent in a room next to you, or on a Pourtal you
could teleport to: both roll, higher wins, the loser drinks 10, a winning
attacker swaps rooms), Loot Cards marked "during your turn", and your
abilities. A lost battle ends the action, not the turn (H4).

*Loot windows* (H12): between turns anyone may play "between turns" cards;
before every Monster, Team or Boss roll anyone may play battle cards
(Courage, Jinx, Boost, Mega Boost, Drain, Sneak Away); after a lost roll the
losing side may play Redo, which forgets the attempt (no damage) and every
card played in it, then fights again (H6). Priority goes clockwise from the
active player and the window closes after a full round of passes. A window
asks everyone who holds a Loot Card, whatever it is (H19): being asked says
nothing about a hand, and only an empty hand is passed over; the die is
rolled once everybody asked has passed.

*Power-Ups* (H11): at most three; a fourth is placed at once (your choice
which) in any empty room but START and a revealed Hoard; the next cup to
enter that room takes it. *Death* (H10): at 0 HP you leave one Power-Up of
your choice where you died (on START it goes under the deck), keep one Loot
Card of your choice, and return to START with FULL HP; the active player's
turn ends. *Stranded* (H14): with nothing to reveal, no Pourtal in reach and
nothing to escape with, returning to START is that turn's action.

*Variants* (H17, options): ``versatile`` Starting Point; ``crits`` (a
natural 1 gives a Loot Card to an opponent of your choice, a 20 draws one);
``power_traps`` (a Trap card may block an opponent's Power-Up until they
roll 10+ on their turn); ``frenzy`` (no cap; the Guardian gives 2 Power-Ups;
when no room is face down, most Power-Ups wins, ties share).

Rulings of the project (beyond H1-H19 of RULINGS.md)
----------------------------------------------------
We follow the gaps G1-G53 of the design notes unless said here.

- **P1 identities when seen.** A face-down room has no identity in the state
  until someone sees it: chance draws it from the tiles not yet drawn when
  it is revealed or peeked at. This is exactly H2's hidden seeded shuffle
  (every unseen room is each undrawn tile with equal chance), also after the
  2-3 player removal (the type is drawn in proportion to the rooms of that
  type left unseen, then the tile among that type's undrawn tiles), and
  nobody's identity can leak from a state before it is seen.
- **P2 steps.** An Enter action is taken step by step: ``enter`` into the
  first room spends the action, later steps are free until the action's rooms
  are used up or another action starts. A Pourtal use or a card between
  two steps keeps the steps (G20).
- **P3 windows skip empty hands, and only those** (H19, which wins over
  this ruling's older form, "skip whoever has nothing playable": that told
  everybody who held a usable card). A window asks, in priority order, every
  player whose hand is not empty, or who has a move from a public source (a
  Lucky Bottle Cap's reroll after a loss, a trap in the Rogue's pouch between
  turns); what the cards are never changes who is asked, in what order, or
  the words others see ("Player 2 may play a Loot Card or pass"). Hand sizes
  are public, so passing over an empty hand tells nothing. To keep hot-seat
  and bot games quick, a seat may turn on *auto-pass* for the windows outside
  its own turn (its own battles' windows are its turn; the between-turns
  window after it is not): it then passes at once, whatever it holds. The
  setting belongs to whoever seats the players, not to the game: the live
  view keeps it on the page and hands it to the bot loop
  (:class:`~.bots.Seats`), so it is in no state, view, log, save or position
  text, and an auto-pass is the plain move ``p2 pass`` (the same words, the
  same log line, the same node of the move list) that a click on Pass makes.
  A hot-seat view shows no pass screen for such a window. Bots are asked
  like everyone and pass at once when passing is all they may do.
- **P4 priority.** A player who plays a card keeps priority and may play
  another; the window closes once every player has passed since the last
  card.
- **P5 forced choices.** A choice with one option is made at once: the
  teammate or Boss-player in a 2-player game, a card's only target, the only
  kind of Power-Up to leave or Loot Card to keep.
- **P6 auto end.** When ending the turn is the only legal move, the turn ends
  by itself. Otherwise ``end`` is legal once an action was taken, or when no
  action is possible (H4).
- **P7 your-turn cards** are played between your own moves, not inside a
  battle, trap or duel.
- **P8 Crits.** Every d20 after the first-player roll (tie rolls, trap and
  Power-Trap rolls, the Guardian) counts. For a 1 the roller picks the card
  and the opponent. The 20's draw is automatic although the variant says the
  roller *may* draw: drawing never hurts (no hand limit, H-LOOT4; a card in
  hand costs nothing and need never be played; a death keeps the card of
  your choice), so the only answer a player would give is "yes", and asking
  would add a click to every 20. Resolved right after the die.
- **P9 Team Battles.** Each teammate receives the full reward; only the
  revealer moves in.
- **P10 battle cards** (Courage, Jinx) name a side; Boost, Mega Boost and
  Drain change a Monster's or Team Battle's level, never a Boss's (H7). Sneak
  Away ends your own battle before the roll: no damage, the room turns face
  down, the action is spent.
- **P11 Redo** restarts the battle from its card window (new cards may be
  played). The Lucky Bottle Cap (a Power-Up) rerolls only its holder's die
  and keeps the cards.
- **P12 shields** (Coaster Shield, Loyal Shield) cut battle damage only, never
  traps, duels or the Guardian (H8).
- **P13 Room Swap** swaps any two empty rooms but START, face up or down,
  the Hoard too, with their traps, Power-Ups and a Pocket Pourtal mark
  (H-FAQ2); cups never move.
- **P14 the Power-Up deck.** A Power-Up put under the deck comes out only
  when the shuffled part is empty, in the order it went under. An empty deck
  gives nothing (Frenzy: take one from an opponent, or not).
- **P15 two copies.** With two copies of a Power-Up, one under a Power Trap,
  the trapped copy is the one that leaves.
- **P16 stranded escapes** are Loot Cards that move you or swap rooms, and an
  unused Pocket Pourtal (you could mark where you stand and leave).
- **P17 Frenzy** Guardian: beating it gives 2 Power-Ups once, the winner moves
  in, and the Hoard is then an ordinary face-up room.
- **P18 turn limit** (option ``turn_limit``, a safety net for long bot runs;
  off by default): the game ends after that many turns and the most
  Power-Ups win (ties share). Greedy bots never reach it (tested).
- **P19 hidden hands in a position text.** A spectator's position text shows
  hands as ``?``; loading it deals the hidden cards again at random from the
  cards out of sight, so every public fact stays the same.
- **P20 characters.** Seat ``i`` plays ``characters[i]`` (option; default the
  content's order): Barbarian, Knight, Rogue, Wizard, Sorcerer, Ranger.
- **P21 decks are not stored in order.** The Loot deck is every card not in
  a hand or the discard pile, and each draw is a chance move over it: the
  same as drawing from a shuffled deck, with nothing hidden in the state to
  leak. An empty deck takes the discards back (H-LOOT5); the Power-Up deck
  likewise (P14 for its bottom).
- **P22 no duel on START.** A duel is offered against an opponent in a room
  next to yours (or on a Pourtal you could jump to), never against a cup on
  START, and so never against one in your own room (START is the only room
  cups share). A duel is a fight for a room (H-DUEL1) and START holds
  everybody: the attacker may simply walk in, there is no place to take, and
  since the dead come back there, a duel on START would only be a free hit
  on a player who has just returned.
- **P23 a card that would do nothing is not offered.** A Loot Card is
  playable only when one of its effects would change something: no heal at
  FULL HP (Thirst Aid, Big Refill: a heal that heals nothing only throws the
  card away; at 90 HP a Big Refill is offered and stops at FULL, H9), no draw
  when the deck and the discard pile are both empty. Played anyway, such a
  card is refused with the reason (rule P23). Its holder is still asked in
  a window (H19): a card never changes who is asked.
- **P24 the die waits for a person.** A Monster, Team or Boss battle is
  rolled once its card window has closed (H6). When a person plays in it
  (the hero, the teammate, the Boss-player), the die then waits until one of
  them rolls it, with the chance on screen as it stands after every card
  played and what each card did (H19: the chance shown is the chance rolled).
  The pause is the table's, not the game's: who sits where decides it, so
  a battle of bots alone rolls at once and bot games stay quick; it is no
  move (:meth:`BarcadiaGame.chance_waits_for` names the players, the play
  loop stops), so logs, saves and position texts are unchanged, and undo
  takes the roll back with the decision before it. A team's second die and
  a Lucky Bottle Cap's reroll follow at once; a Boss battle's tie waits
  again. Traps, duels and the Guardian roll at once: no card window comes
  before them (H8, H12), and the odds of traps are shown before the move
  that sets them off.

Hidden information (H16): Loot hands, what a peek showed, unseen room
identities and deck orders. :meth:`BarcadiaGame.view` gives one player's
view (own hand, own peeks; others' hands as ``?``), ``None`` a spectator's.

Notation: see :mod:`.notation` (``p1 reveal r12``, ``p2 enter r3``,
``p1 play dash``, ``roll p1 14``...); positions: :meth:`~BarcadiaGame.state_to_text`.

API for the view
----------------
- ``g = BarcadiaGame(players=4, dungeon="grand")``; ``s = Session(g, seed)``;
  ``v = g.view(s.state, p)`` (or ``None`` for a spectator).
- Board: ``g.graph(v)`` - a networkx graph, nodes ``START``, ``r1``.. with
  ``pos`` (axial hex), ``hexes``, ``up``, ``card`` (identity or None),
  ``type``, ``traps``, ``powerups`` (dropped here), ``seen``; ``v.layout``
  has the same hexes. ``g.room_card(v, i)``: the :class:`~.content.RoomCard`
  shown on room ``i`` (None if unknown), ``g.content`` every card.
- Cups: ``v.players[p].at`` (0 = START), ``.hp``, ``.hand`` (ids, ``"?"``
  hidden), ``.powerups``, ``.power_traps``, ``.pouch``; the Wizard's mark
  is ``v.rooms[i].pocket``. ``g.character(p)``: name and Signature Move.
- The pending decision: ``g.pending(v)`` (who, what, in words) and
  ``g.legal_moves(v, p)`` for that player's moves; ``g.describe_move(v, m, p)``
  and ``g.move_text_for(m, p)`` for the log.
- Battles and traps: ``g.battle_odds(v)`` - the chance to win, the expected
  HP loss and every bonus with its source, step by step (None when no roll is
  pending). ``g.result_trace(s.state)`` explains the end.
- Decks: ``g.deck_counts(v)`` (Loot deck, discard, Power-Up deck, trap supply).
- Set-ups for lessons and the lab: ``g.position(players={0: {"at": 3, "hand":
  ["dash"]}}, rooms={3: "kettle-imp"})`` - a checked position at the start of a
  turn; ``g.state_to_text`` / ``g.state_from_text`` for sharing it.

>>> from balada_widgets.core.session import Session
>>> g = BarcadiaGame(players=2, dungeon="cozy")
>>> s = Session(g, seed=3)
>>> g.to_move(s.state), len(s.state.players[0].hand)
((1,), 3)
>>> [g.move_to_text(m) for m in g.legal_moves(s.state)][:3]
['p2 reveal r1', 'p2 reveal r2', 'p2 reveal r3']
>>> g.apply(s.state, "p2 enter r1")
Traceback (most recent call last):
...
balada_widgets.core.errors.IllegalMove: illegal move 'p2 enter r1': r1 is face down: reveal it first (rule H3)
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from dataclasses import replace

from ..core.errors import InvalidInput
from ..core.game import Game, check_player_count
from ..core.trace import Trace
from . import engine
from .board import dungeon_graph, dungeon_option, start_option
from .content import Content, content_option, diy_card, shown_value
from .notation import move_text_for, move_to_text, parse_move
from .ops import loot_deck_count, power_deck_count, trap_supply
from .state import START_ROOM, BarcadiaState, Build, DrawLoot, FirstRoll, Layout, Move, Player, Room

BUILD_MODES = ("auto", "play")
DIY_FIELDS = ("name", "colour", "window", "effects", "text")


def _diy_specs(diy) -> list:
    """The ``diy`` option checked for shape and copied as JSON data (each card's own check: :func:`diy_card`)."""
    from .content import _json_text

    if diy is None:
        return []
    if not isinstance(diy, (list, tuple)):
        raise InvalidInput(f"diy is a list of DIY cards, each {{name, colour, window, effects}}, not "
                           f"{shown_value(diy)}", rule="H-LOOT6")
    if len(diy) > 20:
        raise InvalidInput(f"at most 20 DIY cards, not {len(diy):,}", rule="H-LOOT6")
    for n, d in enumerate(diy, 1):
        if not isinstance(d, dict):
            raise InvalidInput(f"DIY card {n} is an object with name, colour, window and effects, not "
                               f"{shown_value(d)}", rule="H-LOOT6")
        unknown = [k for k in d if k not in DIY_FIELDS]
        if unknown:
            raise InvalidInput(f"DIY card {n} has no field {shown_value(unknown[0])}; use "
                               f"{', '.join(DIY_FIELDS)}", rule="H-LOOT6")
    return json.loads(_json_text(list(diy), "DIY cards", 16 * 1024))


class BarcadiaGame(Game):
    """Heroes of Barcadia for 2 to 6 players (see the module docstring).

    Parameters
    ----------
    players:
        2 to 6.
    dungeon:
        A dungeon (``"grand"``, ``"cozy"``, its node-link data or, from
        Python, a file's path): the rooms are laid out already. ``None``
        (default): the dungeon is built in play.
    build:
        With no dungeon file: ``"auto"`` (chance places the rooms, seeded) or
        ``"play"`` (the players place them, H2).
    start:
        Starting Point layout: ``"standard"``, ``"versatile"``, a list of
        its 7 hexes ``[[q, r], ...]``, node-link data or, from Python, a
        file's path. A dungeon brings its own Starting Point, which wins.
    versatile, crits, power_traps, frenzy:
        The experienced players' variants (H17).
    removal:
        The 2-3 player removal of 20 rooms (default: on for 2-3 players).
    characters:
        Character ids by seat (default: the content's order).
    content:
        The card set: ``None`` (default) or ``"thirst-quest"``, the shipped
        set; a set's data (a dict as in a content file); or, from Python, a
        content file's path.
    diy:
        Composed DIY cards, each ``{"name", "colour", "window", "effects"}``
        and optionally ``"text"`` (see :func:`~.content.diy_card`); they
        join the Loot deck.
    turn_limit:
        Optional safety net (P18).

    **A save names no file.** A path given for ``content``,
    ``dungeon`` or ``start`` is read once, here, with
    :func:`~balada_widgets.core.files.read_user_text` (a regular file, at
    most 4 MB, UTF-8); ``options`` then carry the data read (the set's
    data, the dungeon's node-link data, the 7 hexes), never the path, so
    ``type(g)(**g.options)`` and a save file rebuild the game without the
    file. While a save file loads no path is opened: a save whose options
    name a file is refused. Carried data is checked like a file: the set
    at most 256 KB of JSON (100 room tiles of at most 100 kinds, 40 kinds
    and 100 Power-Ups, 60 kinds and 300 Loot Cards, 12 characters), a
    layout at most 128 KB and 121 nodes. Names are at most 40 characters
    (a DIY card's 30), texts 200; no text takes a control character, a
    bidi control, an invisible character or ``<`` / ``>``
    (:func:`~.content.text_problem`). The flags (``versatile``, ``crits``,
    ``power_traps``, ``frenzy``, ``removal``) are ``True`` or ``False``.

    >>> g = BarcadiaGame(players=2, dungeon="cozy")
    >>> g.options["content"], g.options["dungeon"], g.options["start"]
    (None, 'cozy', 'standard')
    >>> BarcadiaGame(players=2, content="nowhere")
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input: no content set 'nowhere'; shipped: thirst-quest (None is the first); a file is named by its path, e.g. './nowhere.json'
    """

    name = "barcadia"
    title = "Heroes of Barcadia"
    min_players = 2
    max_players = 6
    end_rule = "H-HOARD6"

    def __init__(self, players: int = 4, dungeon=None, build: str = "auto", start="standard",
                 versatile: bool = False, crits: bool = False, power_traps: bool = False, frenzy: bool = False,
                 removal: bool | None = None, characters=None, content=None, diy=(),
                 turn_limit: int | None = None):
        check_player_count(type(self), players)
        self.players = players
        self.content_choice, base = content_option(content)
        self.diy_specs = _diy_specs(diy)
        cards = [diy_card(content=base, number=n, **d) for n, d in enumerate(self.diy_specs, 1)]
        self.content: Content = base.with_diy(cards) if cards else base
        if not isinstance(build, str) or build not in BUILD_MODES:
            raise InvalidInput(f"build must be one of {', '.join(BUILD_MODES)}, not {shown_value(build)}")
        self.build = build
        for key, value in (("versatile", versatile), ("crits", crits), ("power_traps", power_traps),
                           ("frenzy", frenzy), ("removal", removal)):
            if not isinstance(value, bool) and not (key == "removal" and value is None):
                raise InvalidInput(f"{key} is true or false, not {shown_value(value)}")
        self.versatile, self.crits = versatile, crits
        self.power_traps, self.frenzy = power_traps, frenzy
        self.start_name, start_hexes = start_option("versatile" if versatile and start == "standard" else start)
        self.removal = (players <= 3) if removal is None else removal
        chars = list(self.content.characters)
        if characters is None:
            characters = chars[:players]
        if not isinstance(characters, (list, tuple)) or not all(isinstance(c, str) for c in characters):
            raise InvalidInput(f"characters is a list of character ids, one per seat (among {', '.join(chars)}), "
                               f"not {shown_value(characters)}", rule="H-SET2")
        characters = list(characters)
        if len(characters) != players:
            raise InvalidInput(f"{players} players need {players} characters, not {len(characters)}", rule="H-SET2")
        bad = [c for c in characters if c not in self.content.characters]
        if bad:
            raise InvalidInput(f"unknown character {shown_value(bad[0])}; choose among {', '.join(chars)}",
                               rule="H-SET2")
        if len(set(characters)) != len(characters):
            raise InvalidInput("each player plays a different character", rule="H-SIG1")
        if len(chars) < players:
            raise InvalidInput(f"the set has {len(chars)} characters, too few for {players} players", rule="H-SET2")
        self.characters = tuple(characters)
        if turn_limit is not None and (not isinstance(turn_limit, int) or isinstance(turn_limit, bool)
                                       or turn_limit < 1):
            raise InvalidInput(f"turn_limit must be a positive whole number or None, not {shown_value(turn_limit)}")
        self.turn_limit = turn_limit
        counts = self.content.type_counts()
        if self.removal:
            for t, k in self.content.removal.items():
                counts[t] -= k
        self.dungeon_counts = counts
        self.n_rooms = sum(counts.values())
        self.dungeon_name, layout = dungeon_option(dungeon, self.n_rooms)
        self.layout = layout if layout is not None else Layout(start_hexes)
        self.loot_total = Counter({c.id: c.count for c in self.content.loot.values()})
        self.pu_total = Counter({c.id: c.count for c in self.content.powerups.values()})
        self.cap = None if self.frenzy else self.content.guardian.power_ups

    # ---------------------------------------------------------- set-up
    @property
    def options(self):
        return {"players": self.players, "dungeon": copy.deepcopy(self.dungeon_name), "build": self.build,
                "start": copy.deepcopy(self.start_name), "versatile": self.versatile, "crits": self.crits,
                "power_traps": self.power_traps, "frenzy": self.frenzy, "removal": self.removal,
                "characters": list(self.characters), "content": copy.deepcopy(self.content_choice),
                "diy": copy.deepcopy(self.diy_specs), "turn_limit": self.turn_limit}

    @property
    def num_players(self):
        return self.players

    def initial_state(self) -> BarcadiaState:
        """Before the first move: building (unless a dungeon file), dealing, the first-player roll."""
        n = self.players
        full = self.content.hp_full
        players = tuple(Player(c, full) for c in self.characters)
        stack = [FirstRoll(tuple(range(n)), ())] + [DrawLoot(p, 3) for p in reversed(range(n))]
        if self.dungeon_name is not None:
            rooms = (START_ROOM,) + (Room(),) * self.layout.size
        else:
            rooms = (START_ROOM,)
            base, extra = divmod(self.n_rooms, n)
            stack.append(Build(tuple(base + (1 if p < extra else 0) for p in range(n)), 0))
        state = BarcadiaState(self.layout, rooms, players, stack=tuple(stack))
        return engine.run(self, state)

    # ---------------------------------------------------------- turn order
    def to_move(self, state):
        w = engine.waiting(self, state)
        return (w[1],) if w[0] == "player" else ()

    def is_chance(self, state):
        return engine.waiting(self, state)[0] == "chance"

    def chance_outcomes(self, state):
        return engine.outcomes(self, state)

    def chance_waits_for(self, state):
        """The players in a battle whose die comes next (P24): a person among them rolls it, seeing the odds."""
        return engine.roll_waits_for(state)

    def is_over(self, state):
        return state.phase == "over"

    # ---------------------------------------------------------- moves
    def legal_moves(self, state, player=None):
        return engine.legal(self, state, player)

    def is_legal(self, state, move) -> bool:
        if not isinstance(move, Move):
            return False
        return move in engine.legal(self, state, move.player)

    def _apply(self, state, move):
        return engine.act(self, state, move)

    def apply(self, state, move):
        if not isinstance(state, BarcadiaState):
            raise InvalidInput(f"not a Barcadia position: {type(state).__name__}")
        if state.masked:
            raise InvalidInput("this is a player's view of the game, not the game itself: play moves on the "
                               "session's state")
        if not isinstance(move, str):
            move = self._normal(move)
        return super().apply(state, move)

    def _normal(self, move) -> Move:
        """A move object as its notation reads it back; anything else is refused as bad input."""
        if not isinstance(move, Move):
            raise InvalidInput(f"not a Heroes of Barcadia move: {move!r}")
        try:
            text = move_to_text(move)
        except Exception:  # a hand-built Move with arguments of the wrong shape
            raise InvalidInput(f"malformed move {move!r}") from None
        m = self.parse_move(text)
        if m != move:
            raise InvalidInput(f"malformed move {move!r}; its notation {text!r} reads {m!r}")
        return m

    def why_illegal(self, state, move):
        from .explain import why_illegal

        try:
            return why_illegal(self, state, move)
        except Exception:  # pragma: no cover - an explanation must never hide the refusal itself
            return None, "it is not one of the moves open now"

    # ---------------------------------------------------------- text forms
    def move_to_text(self, move):
        return move_to_text(move)

    def parse_move(self, text, state=None):
        m = parse_move(text, state)
        for a in m.args:
            if isinstance(a, str) and a not in self._ids() and a not in ("r", "p", "u"):
                raise InvalidInput(f"{a!r} is not a card, Power-Up or room of this set", move=text)
        if m.verb == "pick" and m.args[0] == "u" and m.args[2] not in self.content.powerups:
            raise InvalidInput(f"{m.args[2]!r} is not a Power-Up of this set", move=text)
        return m

    def _ids(self):
        ids = getattr(self, "_id_cache", None)
        if ids is None:
            ids = set(self.content.loot) | set(self.content.powerups) | set(self.content.rooms)
            self._id_cache = ids
        return ids

    def move_text_for(self, move, viewer=None):
        return move_text_for(move, viewer)

    def describe_move(self, state, move, viewer=None):
        from .explain import describe_move

        return describe_move(self, state, move, viewer)

    def state_to_text(self, state) -> str:
        from .position import state_to_text

        return state_to_text(self, state)

    def state_from_text(self, text: str) -> BarcadiaState:
        from .position import state_from_text

        return state_from_text(self, text)

    def validate(self, state):
        from .position import validate

        return validate(self, state)

    def invariants(self, state) -> list[str]:
        """What breaks Barcadia's invariants in a state reached by play (checked after every move by the fuzz).

        One cup a room but START, on face-up rooms only; Hit Points in range; at most three Power-Ups
        (outside Frenzy and a pending placement); traps 0-3 a room, none on START or an occupied room;
        Loot (75 and the DIY cards), Power-Ups (25) and traps (16) conserved; turn order: the waiting
        player is the active one in play (or the one a pending step names); the result equals its trace.
        """
        from .ops import loot_deck, power_pool

        c, out = self.content, []
        pending = {f.who for f in state.stack if f.kind in ("place", "death")}
        at = Counter(pl.at for pl in state.players if pl.at != 0)
        if any(v > 1 for v in at.values()):
            out.append(f"two cups share a room: {sorted(r for r, v in at.items() if v > 1)}")
        for p, pl in enumerate(state.players):
            if not 0 <= pl.hp <= c.hp_full:
                out.append(f"player {p + 1} has {pl.hp} Hit Points")
            if pl.at != 0 and not state.rooms[pl.at].up:
                out.append(f"player {p + 1} stands in the face-down room r{pl.at}")
            if not self.frenzy and p not in pending and len(pl.powerups) > 3:
                out.append(f"player {p + 1} holds {len(pl.powerups)} Power-Ups")
        occupied = {pl.at for pl in state.players}
        for i, r in enumerate(state.rooms):
            if not 0 <= r.traps <= 3 or (r.traps and (i == 0 or i in occupied)):
                out.append(f"room r{i} holds {r.traps} traps")
            if r.up and (r.card is None or not r.public):
                out.append(f"room r{i} is face up but not public")
        deck = loot_deck(self, state)
        held = Counter(state.discard) + sum((Counter(pl.hand) for pl in state.players), Counter())
        if any(v < 0 for v in deck.values()) or held + deck != self.loot_total:
            out.append("Loot Cards are not conserved (deck + hands + discard)")
        pool = power_pool(self, state)
        pu = sum(len(pl.powerups) for pl in state.players) + sum(len(r.powerups) for r in state.rooms)
        if any(v < 0 for v in pool.values()) or pu + len(state.pu_bottom) + sum(pool.values()) != 25:
            out.append("Power-Ups are not conserved (25)")
        supply = trap_supply(self, state)
        if supply < 0 or supply + sum(r.traps for r in state.rooms) + sum(
                len(pl.power_traps) + pl.pouch for pl in state.players) != 16:
            out.append("traps are not conserved (16)")
        waiting = self.to_move(state)
        if state.phase == "play" and not state.stack and waiting and waiting != (state.active,):
            out.append(f"player {waiting[0] + 1} is asked while player {state.active + 1} has the turn")
        if state.phase == "over":
            trace = self.result_trace(state)
            if not state.winners or any(sum(s.points for s in trace if s.where == f"p{p + 1}") != len(pl.powerups)
                                        for p, pl in enumerate(state.players)
                                        if state.end != "guardian" or p in state.winners):
                out.append("the result is not its trace")
        out += [t + (f" (rule {r})" if r else "") for r, t in self.validate(state)]
        return out

    def position(self, **spec) -> BarcadiaState:
        """A hand-made position at the start of a turn (see :func:`.position.make_position`)."""
        from .position import make_position

        return make_position(self, **spec)

    # ---------------------------------------------------------- views
    def view(self, state, player):
        """What ``player`` may know (H16): own hand and peeks; others' hands as ``?``; unseen identities hidden."""
        viewer = -1 if player is None else player
        players = tuple(pl if q == player else replace(pl, hand=("?",) * len(pl.hand))
                        for q, pl in enumerate(state.players))
        rooms = tuple(r if (r.card is None or r.public or player in r.seen) else replace(r, card=None)
                      for r in state.rooms)
        return replace(state, players=players, rooms=rooms, viewer=viewer)

    def has_secrets(self, state) -> bool:
        return (any(pl.hand for pl in state.players)
                or any(r.card is not None and not r.public for r in state.rooms))

    # ---------------------------------------------------------- results
    def returns(self, state):
        if state.phase == "over" and state.end == "guardian":
            return [1.0 if p in state.winners else 0.0 for p in range(self.players)]
        return [float(len(pl.powerups)) for pl in state.players]

    def winners(self, state):
        return list(state.winners) if state.phase == "over" else []

    def result_trace(self, state) -> Trace:
        from .explain import result_trace

        return result_trace(self, state)

    # ---------------------------------------------------------- helpers for views and bots
    def graph(self, state):
        """The dungeon as a networkx graph with what ``state`` (or a view) shows of each room."""
        return dungeon_graph(state.layout, state.rooms, self.content)

    def room_card(self, state, i: int):
        """The :class:`~.content.RoomCard` of room ``i`` if known in ``state`` (START: None)."""
        c = state.rooms[i].card
        return self.content.rooms.get(c) if c else None

    def character(self, p: int):
        return self.content.characters[self.characters[p]]

    def pending(self, state):
        """The decision awaited, in words: the core's :class:`~balada_widgets.core.game.Pending` (``kind``,
        ``player``, ``rule``, ``text``, ``options``, ``task``; ``player`` is ``None`` while chance moves and at the
        end), the same shape as Builders of Baldur's Gate's."""
        from .explain import pending

        return pending(self, state)

    def battle_odds(self, state):
        """The roll about to be made (battle, trap, duel, Guardian), explained; None if none is pending."""
        from .explain import battle_odds

        return battle_odds(self, state)

    def deck_counts(self, state) -> dict:
        return {"loot": loot_deck_count(self, state), "discard": len(state.discard),
                "power": power_deck_count(self, state), "traps": trap_supply(self, state)}

    def stranded(self, state, player: int) -> bool:
        return engine.stranded(self, state, player)
