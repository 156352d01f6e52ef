"""A play of a game: the tree of moves, undo/redo, branches, chance, save files.

A :class:`Session` keeps every position reached as a node of a tree. Playing a
move adds a child (or walks to the existing child with the same move), undo
walks to the parent, redo to the child last visited, and any node can be made
current again: that is how the lab branches ("what if the sword had gone
there?") and switches between branches.

Chance is explicit: whenever the current state waits for chance, the session
draws an outcome from :meth:`Game.chance_outcomes` with a generator seeded by
``(seed, depth)`` and records it as an ordinary move. The same seed and the
same decisions therefore give the same cards, and a save file is the options,
the seed, the starting position and the move texts: loading replays them and
so validates them.

A pause before chance: :attr:`Session.hold` (``None`` by default) is set by
whoever seats the players (:func:`~balada_widgets.core.bots.seat_people`).
Where it says so, chance's move waits for :meth:`Session.roll` (a person
throws the die once they have seen the odds); the tree, the saves and the
replays are the same as without the pause.

Examples
--------
>>> from balada_widgets.core.session import Session
>>> from balada_widgets.core.demo import RaceGame
>>> s = Session(RaceGame(), seed=1)
>>> s.play("p1 +2"); s.play("p2 +1")
>>> s.state.total
3
>>> s.undo(); s.state.total
2
>>> s.redo(); s.state.total
3
>>> Session.from_json(s.to_json(), game=RaceGame()).state == s.state   # a registered game needs no game=
True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, TypeVar

from .errors import GameError, InvalidInput, InvalidPosition, short_text
from .files import untrusted
from .game import Game

S = TypeVar("S")
M = TypeVar("M")

SAVE_FORMAT = "balada-widgets/save"
SAVE_VERSION = 1


def chance_rng(seed: int | str, depth: int, game_name: str = "") -> random.Random:
    """The generator that draws chance's move at ``depth`` (deterministic)."""
    return random.Random(f"{game_name}:{seed}:{depth}")


def draw_chance(game: Game, state: Any, rng: random.Random):
    """Draw one chance outcome of ``state`` with ``rng``."""
    outcomes = game.chance_outcomes(state)
    if not outcomes:
        raise RuntimeError(f"{game.name}: chance node without outcomes")
    moves = [m for m, _ in outcomes]
    weights = [p for _, p in outcomes]
    return rng.choices(moves, weights=weights, k=1)[0]


@dataclass(eq=False)
class Node(Generic[S, M]):
    """One position of the tree: the move that led here and the state."""

    id: int
    parent: "Node | None"
    move: Any
    text: str
    state: Any
    depth: int
    by_chance: bool = False
    children: list["Node"] = field(default_factory=list)
    last_child: "Node | None" = None

    def path(self) -> list["Node"]:
        """Nodes from the root's first child down to this node."""
        out = []
        n: Node | None = self
        while n is not None and n.parent is not None:
            out.append(n)
            n = n.parent
        return out[::-1]


class Session(Generic[S, M]):
    """A game being played: move tree, current node, seeded chance.

    Parameters
    ----------
    game:
        The :class:`~balada_widgets.core.game.Game`.
    seed:
        Seed of every chance draw of this session.
    state:
        A starting position (default: the game's initial state). Hand-made
        positions are validated with :meth:`Game.validate`.
    auto_chance:
        Draw chance's moves automatically (default). The lab turns it off to
        set the cards by hand.

    ``hold``: ``None``, or ``hold(state) -> bool``: a chance node where it is
    true is left waiting (also when its draw was made before on this line and
    comes back) until :meth:`roll`; :meth:`holds` says whether the current
    position waits so.
    """

    def __init__(self, game: Game, seed: int | str = 0, state: Any = None, auto_chance: bool = True):
        self.game = game
        self.seed = seed
        self.auto_chance = auto_chance
        if state is None:
            state = game.initial_state()
            self.custom_start = False
        else:
            problems = game.validate(state)
            if problems:
                raise InvalidPosition(problems)
            self.custom_start = True
        self._ids = 0
        self.root: Node = Node(0, None, None, "", state, 0)
        self.nodes: dict[int, Node] = {0: self.root}
        self.current: Node = self.root
        self._listeners: list[Callable[["Session"], None]] = []
        #: the pause before chance (see the class docstring); set by whoever seats the players
        self.hold: Callable[[Any], bool] | None = None
        self._resolve_chance()

    # -------------------------------------------------------------- queries
    @property
    def state(self) -> S:
        """The current state."""
        return self.current.state

    @property
    def history(self) -> list[str]:
        """Move texts from the start to the current position (chance included)."""
        return [n.text for n in self.current.path()]

    @property
    def moves(self) -> list[M]:
        """Move objects from the start to the current position."""
        return [n.move for n in self.current.path()]

    def legal_moves(self, player: int | None = None) -> list[M]:
        return self.game.legal_moves(self.state, player)

    def can_undo(self) -> bool:
        return self._undo_target() is not None

    def holds(self) -> bool:
        """Does the current position wait for a roll (:attr:`hold`) rather than draw chance's move at once?"""
        st = self.state
        return (self.hold is not None and not self.game.is_over(st) and self.game.is_chance(st)
                and bool(self.hold(st)))

    def can_redo(self) -> bool:
        return self.current.last_child is not None

    def leaves(self) -> list[Node]:
        """The end node of every branch, in creation order."""
        return [n for n in self.nodes.values() if not n.children and n is not self.root] or [self.root]

    # ----------------------------------------------------------- mutation
    def play(self, move: M | str) -> None:
        """Play a move (object or text) at the current node; chance follows."""
        state = self.state
        if isinstance(move, str):
            move = self.game.parse_move(move, state)
        new_state = self.game.apply(state, move)
        # at rest, chance waits only at a pause: its move played here (a stored draw replayed) is chance's
        self._descend(move, new_state, by_chance=self.auto_chance and self.game.is_chance(state))
        self._resolve_chance()
        self._changed()

    def roll(self) -> None:
        """Chance's move now, where the position waits for it (:meth:`holds`: a person rolls the die).

        The draw is the seeded one of this depth, or the one drawn before on
        this line (after an undo the same die comes back); then chance goes on
        as usual, up to the next pause.
        """
        if self.game.is_over(self.state) or not self.game.is_chance(self.state):
            raise InvalidInput("the position does not wait for chance")
        if not self.auto_chance:
            raise InvalidInput("this session sets chance's moves by hand (play_chance)")
        self._resolve_chance(force=True)
        self._changed()

    def play_chance(self, move: M | str) -> None:
        """Set chance's move by hand (lab): must be one of the outcomes."""
        if not self.game.is_chance(self.state):
            raise InvalidInput("the position does not wait for chance")
        self.play(move)

    def undo(self) -> None:
        """Go back to before the last player decision (chance draws go too)."""
        target = self._undo_target()
        if target is None:
            return
        self.current = target
        self._changed()

    def redo(self) -> None:
        """Replay the move last undone (follows the last visited child)."""
        if self.current.last_child is None:
            return
        self.current = self.current.last_child
        while self.current.last_child is not None and self.current.last_child.by_chance and not self.holds():
            self.current = self.current.last_child
        self._changed()

    def goto(self, node_id: int) -> None:
        """Make any node of the tree current (branch switching)."""
        if node_id not in self.nodes:
            raise InvalidInput(f"no node {node_id} in this session")
        self.current = self.nodes[node_id]
        n = self.current
        while n.parent is not None:  # so redo from the root follows this branch
            n.parent.last_child = n
            n = n.parent
        self._resolve_chance()  # a chance node is left current only at a pause: its drawn child is reused
        self._changed()

    def restart(self) -> None:
        self.goto(0)

    def on_change(self, callback: Callable[["Session"], None]) -> Callable[[], None]:
        """Call ``callback(session)`` after each change; returns an unsubscribe."""
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback) if callback in self._listeners else None

    # ------------------------------------------------------------ internals
    def _undo_target(self) -> Node | None:
        n = self.current
        while n.parent is not None and n.by_chance:
            n = n.parent
        if n.parent is None:
            return None
        n = n.parent
        return n

    def _descend(self, move: Any, state: Any, by_chance: bool) -> None:
        text = self.game.move_to_text(move)
        for child in self.current.children:
            if child.move == move:
                self.current.last_child = child
                self.current = child
                return
        self._ids += 1
        node = Node(self._ids, self.current, move, text, state, self.current.depth + 1, by_chance)
        self.nodes[node.id] = node
        self.current.children.append(node)
        self.current.last_child = node
        self.current = node

    def _resolve_chance(self, force: bool = False) -> None:
        """Draw chance's moves up to a player's decision, or a pause (:attr:`hold`; ``force``: not this one)."""
        if not self.auto_chance:
            return
        while not self.game.is_over(self.state) and self.game.is_chance(self.state):
            if not force and self.hold is not None and self.hold(self.state):
                return
            force = False
            # an existing chance child (after undo) is reused, so redo and
            # replays see the same cards
            if self.current.children and self.current.children[0].by_chance:
                child = self.current.last_child or self.current.children[0]
                self.current.last_child = child
                self.current = child
                continue
            rng = chance_rng(self.seed, self.current.depth, self.game.name)
            move = draw_chance(self.game, self.state, rng)
            self._descend(move, self.game.apply(self.state, move), by_chance=True)

    def _changed(self) -> None:
        for cb in list(self._listeners):
            cb(self)

    # ----------------------------------------------------------- save files
    def to_dict(self, all_branches: bool = False) -> dict:
        """The JSON-able save of the current line (or the whole tree)."""
        data: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game.name,
            "options": self.game.options,
            "seed": self.seed,
            "start": self.game.state_to_text(self.root.state) if self.custom_start else None,
            "moves": self.history,
        }
        if all_branches:
            data["branches"] = [[n.text for n in leaf.path()] for leaf in self.leaves()]
        return data

    def to_json(self, all_branches: bool = False, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(all_branches), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any, game: Game | None = None) -> "Session":
        """Rebuild a session from :meth:`to_dict`; every move is re-validated.

        A save file is untrusted data: while it loads, no option, position or move
        of it makes the package open a file (:func:`balada_widgets.core.files.untrusted`).
        """
        with untrusted("a save file"):
            return cls._from_dict(data, game)

    @classmethod
    def _from_dict(cls, data: Any, game: Game | None) -> "Session":
        if not isinstance(data, dict):
            raise InvalidInput("a save file must be a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise InvalidInput(f"not a balada-widgets save file (format {_shown(data.get('format'))})")
        if data.get("version") != SAVE_VERSION:
            raise InvalidInput(f"unsupported save version {_shown(data.get('version'))} (this build reads {SAVE_VERSION})")
        for key in ("game", "options", "moves"):
            if key not in data:
                raise InvalidInput(f"save file lacks the field {key!r}")
        name, options, seed, start = data["game"], data["options"], data.get("seed", 0), data.get("start")
        if not isinstance(name, str):
            raise InvalidInput(f"unknown game {_shown(name)}: the save file names its game in text")
        if not isinstance(options, dict):
            raise InvalidInput(f"the save file's options must be a JSON object of names and values, not {_shown(options)}")
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise InvalidInput(f"the save file's seed must be a whole number or a text, not {_shown(seed)}")
        if start is not None and not isinstance(start, str):
            raise InvalidInput(f"the save file's start position must be a position text, not {_shown(start)}")
        if game is None:
            game = _make_game(game_class(name), options)
        elif game.name != name:
            raise InvalidInput(f"save file is for {_shown(name)}, not {game.name!r}")
        start = game.state_from_text(start) if start else None
        session = cls(game, seed=seed, state=start, auto_chance=False)
        lines = data.get("branches") or [data["moves"]]
        if not isinstance(lines, list):
            raise InvalidInput(f"the save file's 'branches' must be a list of move lists, not {_shown(lines)}")
        for line in lines:
            session.current = session.root
            session._replay(line)
        session.current = session.root
        session._replay(data["moves"])
        session.auto_chance = True
        return session

    @classmethod
    def from_json(cls, text: str, game: Game | None = None) -> "Session":
        if not isinstance(text, (str, bytes, bytearray)):
            raise InvalidInput(f"a save file is a JSON text, not {type(text).__name__}")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise InvalidInput(f"save file is not valid JSON: {e}") from None
        except RecursionError:
            raise InvalidInput("save file is not valid JSON: it is nested too deeply") from None
        except ValueError:  # a number of thousands of digits, bytes that are not UTF-8
            raise InvalidInput("save file is not valid JSON: a number is too long or the text is not UTF-8") from None
        return cls.from_dict(data, game)

    def _replay(self, texts: list[str]) -> None:
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise InvalidInput("'moves' must be a list of move texts")
        for i, text in enumerate(texts, 1):
            chance = self.game.is_chance(self.state)
            try:
                move = self.game.parse_move(text, self.state)
                new = self.game.apply(self.state, move)
            except GameError as e:
                raise InvalidInput(f"move {i} ({short_text(text)!r}) of the save file is refused: {e}") from None
            self._descend(move, new, by_chance=chance)


def _shown(value) -> str:
    """A value of a save file as a message shows it: its repr, cut when long."""
    return short_text(repr(value))


def _make_game(cls: type[Game], options: dict) -> Game:
    """``cls(**options)`` from a save file: options the game does not take are refused by name."""
    import inspect

    params = inspect.signature(cls).parameters
    if not any(p.kind is p.VAR_KEYWORD for p in params.values()):
        unknown = sorted(str(k) for k in options if k not in params)
        if unknown:
            raise InvalidInput(f"the save file's options {unknown} are not options of {cls.name!r} "
                               f"(it takes {sorted(params)})")
    try:
        return cls(**options)
    except GameError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, OSError):
        # the values are not quoted: an option may carry a whole custom content (or a pasted path)
        raise InvalidInput(f"the save file's options ({', '.join(sorted(map(str, options)))}) do not make a game "
                           f"of {cls.name!r}") from None


def game_class(name: str) -> type[Game]:
    """The game class a save file names: its spec's (:func:`balada_widgets.core.spec.spec`, the one place a
    game is declared), imported on first use; :class:`InvalidInput` naming the registered games.

    >>> game_class("balda").__name__
    'BaldaGame'
    >>> game_class("chess")
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input: unknown game 'chess'; known: balada, balda, barcadia, baldurs_gate
    """
    from .spec import spec

    return spec(name).game_class_loaded()
