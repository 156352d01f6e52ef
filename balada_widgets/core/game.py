"""The game protocol every game of the package implements.

Two kinds of object, kept apart as in OpenSpiel:

- a :class:`Game` holds what never changes during a play: the variant, the
  number of players, the decks and boards. It is built from JSON-able
  ``options`` so a save file can rebuild it.
- a *state* holds what does change. States are immutable values; the game's
  methods take a state and return new ones, so undo is just "go back to the
  previous state" and a branch is just "apply another move to an old state".

Turn structure covers every game of the package:

- :meth:`Game.to_move` returns the players whose decision the state waits for.
  One player for ordinary turns, several at once for simultaneous choices
  (Balada: everybody places a symbol, then the choices are revealed), none
  when the state waits for chance or the game is over.
- :meth:`Game.is_chance` is true when the next move is chance's: a card flip,
  a die roll, a bag draw. :meth:`Game.chance_outcomes` lists the outcomes with
  their probabilities; the :class:`~balada_widgets.core.session.Session`
  draws one from a seeded generator and records it as an ordinary move, so a
  replay never needs the generator again.
- :meth:`Game.chance_waits_for` names the players a chance move waits for
  (default none): a roll whose odds are the lesson, thrown by a person who
  has seen them. A table that seats a person among them pauses before it
  (:func:`~balada_widgets.core.bots.seat_people`); bots never wait.
- :meth:`Game.legal_moves` is the single source of legality. :meth:`Game.apply`
  accepts exactly the moves it lists; anything else raises
  :class:`~balada_widgets.core.errors.IllegalMove` whose message comes from
  :meth:`Game.why_illegal` (rule id, move, reason).
- :meth:`Game.view` is what one player may know; ``None`` is the spectator.

Text forms: :meth:`Game.move_to_text` / :meth:`Game.parse_move` for moves,
:meth:`Game.state_to_text` / :meth:`Game.state_from_text` for positions, and
:meth:`Game.validate` listing every problem of a hand-made state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, Hashable, NamedTuple, Optional, Sequence, TypeVar

from .errors import IllegalMove, InvalidInput

S = TypeVar("S")  # state type
M = TypeVar("M", bound=Hashable)  # move type

class Game(ABC, Generic[S, M]):
    """Static description of one game variant (see the module docstring)."""

    #: short machine name, used in save files ("balada", "balda", ...)
    name: ClassVar[str] = ""
    #: human title
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 6
    #: the rule id that ends the game (named when a move comes after the end)
    end_rule: ClassVar[str | None] = None

    # ------------------------------------------------------------------ setup
    @property
    @abstractmethod
    def options(self) -> dict[str, Any]:
        """JSON-able options from which ``type(self)(**options)`` rebuilds the game."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of players."""

    @abstractmethod
    def initial_state(self) -> S:
        """The state before the first move (chance may move first)."""

    # ------------------------------------------------------------ turn order
    @abstractmethod
    def to_move(self, state: S) -> tuple[int, ...]:
        """Players (0-based) whose decision the state waits for."""

    def is_chance(self, state: S) -> bool:
        """True when chance moves next (card flip, die roll...)."""
        return False

    def chance_outcomes(self, state: S) -> list[tuple[M, float]]:
        """The chance moves possible now with their probabilities (sum 1)."""
        return []

    def chance_waits_for(self, state: S) -> tuple[int, ...]:
        """The players chance's next move waits for: a roll they throw once they have seen its odds.

        Empty (the default): chance moves at once. A game names the players of a
        roll whose chance is what it teaches (Barcadia: the heroes of a battle,
        once its card window has closed). Where whoever seats the players puts a
        person among them, the play loop stops before that chance move until a
        person rolls (:meth:`Session.roll <balada_widgets.core.session.Session.roll>`,
        :func:`~balada_widgets.core.bots.roll_human`); a roll of bots alone never
        waits. The pause is not a move: logs, saves and replays do not change.
        """
        return ()

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """True when the game has ended."""

    # ----------------------------------------------------------------- moves
    @abstractmethod
    def legal_moves(self, state: S, player: int | None = None) -> list[M]:
        """Every legal move now, for ``player`` (all waiting players if None).

        At a chance node this lists the chance outcomes. It is the single
        source of truth for validation, highlighting, bots and analysis.
        """

    @abstractmethod
    def _apply(self, state: S, move: M) -> S:
        """Apply a move already known to be legal; return the new state."""

    def is_legal(self, state: S, move: M) -> bool:
        """Is ``move`` one of :meth:`legal_moves`? (A game may answer faster, never differently.)"""
        return move in self.legal_moves(state, self.move_player(move))

    def why_illegal(self, state: S, move: M) -> tuple[str | None, str]:
        """Explain why ``move`` is not in :meth:`legal_moves`: ``(rule, reason)``.

        Only called for refused moves, so it may be slow and thorough.
        """
        return None, "it is not a legal move in this position"

    def apply(self, state: S, move: M | str) -> S:
        """Return the state after ``move`` (a move object or its text).

        Raises
        ------
        InvalidInput
            The text cannot be parsed.
        IllegalMove
            The move breaks a rule; the message names the rule and why.
        """
        if isinstance(move, str):
            move = self.parse_move(move, state)
        if self.is_over(state):
            raise IllegalMove("the game is over", rule=self.end_rule, move=self.move_to_text(move))
        if not self.is_legal(state, move):
            rule, reason = self.why_illegal(state, move)
            raise IllegalMove(reason, rule=rule, move=self.move_to_text(move))
        return self._apply(state, move)

    def move_player(self, move: M) -> int | None:
        """The player making ``move`` (``None`` for chance or when implied)."""
        return getattr(move, "player", None)

    # ------------------------------------------------------------ text forms
    @abstractmethod
    def move_to_text(self, move: M) -> str:
        """Compact notation of a move."""

    @abstractmethod
    def parse_move(self, text: str, state: S | None = None) -> M:
        """Parse the notation of a move; raise :class:`InvalidInput` if it can't."""

    def describe_move(self, state: S, move: M, viewer: int | None = None) -> str:
        """The move in plain words for learners, as ``viewer`` may know it (``None``: a spectator).

        ``state`` is the state the move is played in. Refusals, advice, logs and
        tutorials use these words; notation (:meth:`move_to_text`) appears only
        where a user asks for it. A move that carries hidden information (a card
        drawn into a hand, a peek at a face-down room) is described without it
        for anybody but its owner: "Player 2 draws a Loot Card".
        """
        return self.move_to_text(move)

    def move_text_for(self, move: M, viewer: int | None = None) -> str:
        """The notation of ``move`` as ``viewer`` may see it (hidden parts masked, e.g. ``"p2 draws ?"``).

        Save files keep :meth:`move_to_text`, the whole truth; a move log shown
        to a player uses this.
        """
        return self.move_to_text(move)

    def has_secrets(self, state: S) -> bool:
        """True when some part of ``state`` is hidden from a spectator (hands, face-down identities).

        A save file holds every move, so a UI shows it only on request when this is true.
        """
        return self.view(state, None) != state

    def state_to_text(self, state: S) -> str:  # pragma: no cover - optional
        raise NotImplementedError

    def state_from_text(self, text: str) -> S:  # pragma: no cover - optional
        raise NotImplementedError

    def validate(self, state: S) -> list[tuple[str | None, str]]:
        """Every problem of a (hand-made) state as ``(rule, text)``; empty if fine."""
        return []

    def invariants(self, state: S) -> list[str]:
        """What breaks the game's invariants in a state reached by legal play; empty if none (the default).

        Stronger than :meth:`validate`, which a hand-made position must pass: these hold
        after every move of a real play (conservation of cards, tokens and letters, scores
        equal to their traces, turn order). The registry-driven fuzz
        (``tests/test_fuzz_games.py``, ``bench/bench_fuzz.py``) checks them after every move.
        """
        return []

    def decision_key(self, move: M) -> Hashable:
        """What makes two moves the same decision (default: the move itself).

        A game whose :meth:`apply` accepts several spellings of one listed move (Balda:
        any path that reads the word) returns the part that matters, so "accepted only
        if it is one of :meth:`legal_moves`" can be checked.
        """
        return move

    # ------------------------------------------------------ views and result
    def view(self, state: S, player: int | None) -> Any:
        """What ``player`` may know of ``state`` (``None``: a spectator)."""
        return state

    @abstractmethod
    def returns(self, state: S) -> list[float]:
        """Each player's score so far (final scores once the game is over)."""

    def winners(self, state: S) -> list[int]:
        """Players who win (ties: all of them); empty while the game runs."""
        if not self.is_over(state):
            return []
        r = self.returns(state)
        best = max(r)
        return [p for p, v in enumerate(r) if v == best]


def check_player_count(game: type[Game], players: int) -> None:
    """Raise :class:`InvalidInput` unless ``players`` suits ``game``."""
    if not isinstance(players, int) or not game.min_players <= players <= game.max_players:
        raise InvalidInput(
            f"{game.title or game.name} takes {game.min_players} to {game.max_players} players, "
            f"not {players!r}")


class Pending(NamedTuple):
    """The decision a state waits for, in words: what a game's ``pending(state)`` returns (Heroes of Barcadia,
    Builders of Baldur's Gate), the same shape for every game that says it.

    ``kind``: the sort of decision (``"turn"``, a window's name, ``"chance"`` while chance moves, ``"over"``
    once the game has ended...); ``player``: who decides (``None`` for chance and at the end); ``rule``: the
    rule id of that step (``None`` where none applies); ``text``: the question in words (at the end, the
    result); ``options``: the legal options of the decision; ``task``: the game's own record of the step.

    >>> p = Pending("turn", 0, "H4", "Player 1's turn: take an action", ("p1 end",))
    >>> p.player, p.text, p.deciding
    (0, "Player 1's turn: take an action", True)
    >>> Pending("over", None, None, "Player 2 won").deciding
    False
    """

    kind: str
    player: Optional[int]
    rule: Optional[str]
    text: str
    options: Sequence = ()
    task: Any = None

    @property
    def deciding(self) -> bool:
        """A player decides (not chance, not the end)."""
        return self.player is not None
