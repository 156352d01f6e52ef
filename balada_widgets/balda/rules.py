"""Balda as a game of the shared protocol: turns, passes, scores, the end.

Pure Python (no UI import). The word search lives in :mod:`.movegen`
(:func:`~.movegen.legal_moves` is the single source of legality, and
:func:`~.movegen.check_move` checks a path the player traced); this module adds
the players, the turn order, the score table and the end of the game.

The game in our own words
-------------------------
Two to four players share an ``N x N`` grid (5 by default, 7 too; ``N`` odd)
whose middle row holds a start word (D1). In turn, a player writes one letter
into an empty cell beside an occupied one and reads a word through it along
neighbouring cells, each cell at most once, in any direction (D2). The word
must be in the dictionary, not played before in this game, the start word
included (D3), and not readable on the grid before the move (D4). It scores
one point a letter (D5). A player may always pass; the game ends when the
grid is full, when no legal move exists, or when every player has passed in
succession (D6). Letters are case-insensitive and Russian ``ё`` counts as
``е`` (D7). The highest score wins; equal scores draw (D8).

Project rulings
---------------
- **P1 start word.** Unless the players choose one, the start word is drawn by
  chance (a recorded, seeded move) from the ``N``-letter words of the game's
  dictionary, preferring its "common" tier when that tier has such words.
- **P2 no move, no choice.** When the player to move has no legal word, the
  only legal move is to pass; the game ends when nobody has one (D6).
- **P3 passes.** "Every player has passed in succession" means as many
  consecutive passes as there are players.

Notation
--------
A move is ``c4=l ball a3-b3-c3-c4`` (cell, letter, word, path; cell names like
chess: columns from ``a``, rows from ``1`` at the bottom) or ``pass``; the log
writes the player first (``p1 c4=l ball a3-b3-c3-c4``). The chance move that
sets the start word is ``start balda``.

>>> from balada_widgets.balda.lexicon import Lexicon
>>> lex = Lexicon.from_words(["balda", "ball", "bad", "lab"], name="demo")
>>> g = BaldaGame(players=2, start_word="balda", lexicon=lex)
>>> s = g.apply(g.initial_state(), "c4=l ball a3-b3-c3-c4")
>>> s.scores, s.turn
((4, 0), 1)
>>> g.apply(s, "p2 b4=d bad a3-b3-b4").scores
(4, 3)
>>> g.apply(s, "p2 b4=l lab b4-b3-a3")
Traceback (most recent call last):
...
balada_widgets.core.errors.IllegalMove: illegal move 'b4=l lab b4-b3-a3': 'lab' could already be read before this move (along c3-b3-a3); the new letter must make the word (rule D4)
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, replace
from typing import Optional, Union

from ..core.errors import IllegalMove, InvalidInput, InvalidPosition, short_text
from ..core.game import Game, check_player_count
from .lexicon import DEFAULT_TIER, ENGLISH_ALPHABET, RUSSIAN_ALPHABET, Lexicon, check_words, normalise_word, \
    read_word_list
from .movegen import Move, check_move, legal_moves as word_moves
from .position import Position, cell_name

LANGUAGES = ("en", "ru")
#: the letters of each language's grid and its name in messages (a custom word list uses these too)
ALPHABETS = {"en": (frozenset(ENGLISH_ALPHABET), "English"), "ru": (frozenset(RUSSIAN_ALPHABET), "Russian")}


#: the fields of a state text after its grid (:meth:`BaldaGame.state_to_text`), besides the word ``over``
STATE_FIELDS = ("used", "turn", "scores", "passes", "played")
_KNOWN_FIELDS = "the known fields are " + ", ".join(f + "=" for f in STATE_FIELDS[:-1]) + \
    f", {STATE_FIELDS[-1]}= and the word 'over'"


@dataclass(frozen=True)
class Pass:
    """The player to move passes (D6)."""

    player: Optional[int] = None


@dataclass(frozen=True)
class Start:
    """Chance (or the players) set the start word (D1, P1)."""

    word: str


BaldaMove = Union[Move, Pass, Start]


@dataclass(frozen=True)
class BaldaState:
    """The grid (with the words played), whose turn, scores, consecutive passes."""

    position: Optional[Position]  # None until the start word is set
    turn: int = 0
    scores: tuple = ()
    passes: int = 0
    words: tuple = ()  # ((player, move), ...) in order: the played words with their paths
    over: bool = False


def _check_language(language) -> None:
    if not isinstance(language, str) or language not in LANGUAGES:
        raise InvalidInput(f"unknown language {short_text(repr(language))}; choose one of {', '.join(LANGUAGES)}")


def make_lexicon(language: str = "en", tier: Optional[str] = None, min_length: int = 2,
                 add_words=(), remove_words=(), words=None) -> Lexicon:
    """The dictionary of a game: a shipped list (or the game's own ``words``), plus and minus words.

    ``words`` (word -> Zipf frequency, or a list of words) replaces the shipped
    list; its letters must be those of ``language``'s alphabet, and ``tier``
    does not apply to it.
    """
    _check_language(language)
    if words is not None:
        lex = Lexicon.from_words(words, min_length=min_length, alphabet=ALPHABETS[language][0], name="custom")
    elif language == "en":
        lex = Lexicon.english(min_length=min_length, tier=tier)
    else:
        lex = Lexicon.russian(min_length=min_length, tier=tier)
    if add_words:
        lex = lex.add(add_words)
    if remove_words:
        lex = lex.remove(remove_words)
    return lex


def _word_tuple(words, name: str) -> tuple:
    """``add_words`` / ``remove_words``, normalised, checked like any word list (a save carries them)."""
    if isinstance(words, (set, frozenset)):
        words = sorted(w for w in words if isinstance(w, str)) + [w for w in words if not isinstance(w, str)]
    elif not isinstance(words, (str, bytes, dict, list, tuple)) and hasattr(words, "__iter__"):
        words = list(words)  # a generator from a Python caller
    check_words(words, source=f"the {name!r} option")  # a list of words; refused with a message if not
    return tuple(normalise_word(w) for w in words)


def _words_option(words: Optional[dict]):
    """How the options carry the game's own words: a sorted list, or word -> Zipf sorted by word."""
    if words is None:
        return None
    if any(words.values()):
        return {w: words[w] for w in sorted(words)}
    return sorted(words)


#: the words a refusal of used= names before it says how many more there are
USED_SHOWN = 5


class BaldaGame(Game):
    """Balda for 2 to 4 players (1 for solo practice).

    Parameters
    ----------
    players:
        1 to 4.
    size:
        Odd grid size, 5 (default) or 7 (or any odd size from 3).
    language:
        ``"en"`` (default) or ``"ru"``.
    tier:
        A tier of the shipped list: ``"common"`` (the default: common nouns a class knows, see
        :mod:`.lexicon`), ``"everyday"``, ``"basic"``, or None for the whole list.
    start_word:
        The start word (``size`` letters, in the dictionary); None: drawn by chance.
    add_words, remove_words:
        A teacher's additions and removals.
    word_list:
        A path to a teacher's word list used instead of the shipped one (one
        word a line, or ``word<TAB>zipf``; ``#`` starts a comment line; ``.gz``
        is unpacked). Python callers only: the file is read **once**, here,
        through :func:`~balada_widgets.balda.lexicon.read_word_list` (a
        regular file of at most a few MB, UTF-8), and the game keeps its
        words, never the path: ``options`` holds them as ``words`` and
        ``word_list`` is not among the options. A save file or a pasted
        option set that names a path is refused before the file is touched.
    words:
        The teacher's words themselves, used instead of the shipped list: a
        list of words, or an object of words and their Zipf frequencies
        (``{"cat": 4.2}``, kept when the file gave them). This is what the
        options and so a save file carry (a sorted list, or an object sorted
        by word), so ``type(game)(**game.options)`` rebuilds the same game on
        a machine without the file. Checked like any word list: letters of
        the ``language``'s alphabet only (rule D7), at most
        :data:`~balada_widgets.balda.lexicon.MAX_WORD_LENGTH` letters a word,
        at most :data:`~balada_widgets.balda.lexicon.MAX_WORDS` (200,000)
        words. ``tier`` does not apply to it; the dictionary is named
        ``"custom"`` in messages. Give ``word_list`` or ``words``, not both.
    lexicon:
        A ready :class:`Lexicon` (programmatic use; not saved in save files).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "my_words.txt")
    >>> _ = open(path, "w", encoding="utf-8").write("# class 3b\\ncat\\nacts\\ncast\\n")
    >>> g = BaldaGame(size=3, start_word="cat", word_list=path)
    >>> g.options["words"], "word_list" in g.options
    (['acts', 'cast', 'cat'], False)
    >>> os.remove(path)
    >>> BaldaGame(**g.options).options == g.options
    True
    """

    name = "balda"
    title = "Balda"
    min_players = 1
    max_players = 4
    end_rule = "D6"

    def __init__(self, players: int = 2, size: int = 5, language: str = "en", tier: Optional[str] = DEFAULT_TIER,
                 start_word: Optional[str] = None, add_words=(), remove_words=(), word_list=None,
                 min_length: int = 2, lexicon: Optional[Lexicon] = None, words=None):
        check_player_count(type(self), players)
        if not isinstance(size, int) or size < 3 or size % 2 == 0:
            raise InvalidInput(f"the grid size must be odd and at least 3 (5 or 7), not {size!r}", rule="D1")
        if word_list is not None and words is not None:
            raise InvalidInput("give word_list (a file to read) or words (the words themselves), not both")
        self.players = players
        self.size = size
        self.language = language
        self.tier = tier
        self.min_length = min_length
        self.add_words = _word_tuple(add_words, "add_words")
        self.remove_words = _word_tuple(remove_words, "remove_words")
        #: the game's own words (word -> Zipf frequency) when it does not play a shipped list, else None
        self.custom_words: Optional[dict] = None
        if word_list is not None or words is not None:
            _check_language(language)
            alphabet, alphabet_name = ALPHABETS[language]
            if word_list is not None:  # read once; the options carry the words, never the path
                self.custom_words = read_word_list(word_list, alphabet=alphabet, alphabet_name=alphabet_name)
            else:
                self.custom_words = check_words(words, alphabet=alphabet, alphabet_name=alphabet_name)
        self._words_option = _words_option(self.custom_words)
        self.lexicon = lexicon or make_lexicon(language, tier, min_length, self.add_words, self.remove_words,
                                               self.custom_words)
        self.lexicon.require_words()
        self.start_word = normalise_word(start_word) if start_word else None
        if self.start_word is not None:
            self._check_start(self.start_word)

    def _check_start(self, word: str) -> None:
        if len(word) != self.size:
            raise InvalidInput(f"the start word of a {self.size}x{self.size} grid has {self.size} letters; "
                               f"{word!r} has {len(word)}", rule="D1")
        if word not in self.lexicon:
            raise InvalidInput(f"the start word {word!r} is not in the {self.lexicon.name} dictionary", rule="D1")

    @property
    def options(self):
        return {"players": self.players, "size": self.size, "language": self.language, "tier": self.tier,
                "start_word": self.start_word, "add_words": list(self.add_words),
                "remove_words": list(self.remove_words), "min_length": self.min_length,
                "words": None if self._words_option is None else type(self._words_option)(self._words_option)}

    @property
    def num_players(self):
        return self.players

    def start_candidates(self) -> tuple:
        """Words the start word is drawn from (P1)."""
        n = self.size
        for tier in ("common", None) if self.custom_words is None else (None,):  # tiers are the shipped lists'
            try:
                lex = self.lexicon if tier is None else make_lexicon(self.language, tier, self.min_length,
                                                                     self.add_words, self.remove_words)
            except (InvalidInput, KeyError, ValueError):
                continue
            words = tuple(w for w in lex.words_of_length(n) if w in self.lexicon)
            if words:
                return words
        raise InvalidInput(f"the {self.lexicon.name} dictionary has no {n}-letter word to start with", rule="D1")

    def initial_state(self) -> BaldaState:
        pos = Position.new(self.start_word) if self.start_word else None
        state = BaldaState(pos, 0, (0,) * self.players)
        return self._check_end(state) if pos is not None else state

    # ---------------------------------------------------------- turn order
    def is_chance(self, state):
        return state.position is None

    def chance_outcomes(self, state):
        words = self.start_candidates()
        return [(Start(w), 1 / len(words)) for w in words]

    def to_move(self, state):
        if state.over or state.position is None:
            return ()
        return (state.turn,)

    def is_over(self, state):
        return state.over

    # ---------------------------------------------------------- moves
    def word_moves(self, state) -> list[Move]:
        """Every legal word move of the player to move (from :func:`.movegen.legal_moves`)."""
        if state.position is None or state.over:
            return []
        return word_moves(state.position, self.lexicon)

    def legal_moves(self, state, player=None):
        if state.over:
            return []
        if state.position is None:
            return [m for m, _ in self.chance_outcomes(state)]
        if player not in (None, state.turn):
            return []
        return self.word_moves(state) + [Pass(state.turn)]

    def apply(self, state, move):
        """Apply a move; a word move may use any valid path (the player's own trace)."""
        if isinstance(move, str):
            move = self.parse_move(move, state)
        if not state.over and state.position is None and not isinstance(move, Start):
            raise IllegalMove("the start word is not set yet: it comes first", rule="D1",
                              move=self.move_to_text(move))
        if isinstance(move, Move) and not state.over:
            checked = check_move(state.position, self.lexicon, move.cell, move.letter, move.path)
            if checked.word != normalise_word(move.word):
                raise IllegalMove(f"the path spells {checked.word!r}, not {move.word!r}", rule="D2",
                                  move=self.move_to_text(move))
            return self._apply(state, checked)
        if isinstance(move, Start) and not state.over and state.position is None and move not in self.legal_moves(state):
            # a start word the draw would not pick today (a save made when the tiers were frequency alone) is
            # still a word of the dictionary, as a chosen start word is (D1): it loads
            return self._apply(state, Start(normalise_word(move.word)))
        if isinstance(move, Pass) and move.player is None:
            move = Pass(state.turn)
        return super().apply(state, move)

    def move_player(self, move):
        return move.player if isinstance(move, Pass) else None

    def decision_key(self, move):
        """A word move is the same decision whatever path reads the word (:meth:`apply` takes any)."""
        return (move.cell, move.letter, move.word) if isinstance(move, Move) else move

    def why_illegal(self, state, move):
        if state.position is None and not isinstance(move, Start):
            return "D1", "the start word is not set yet: it comes first"
        if isinstance(move, Start):
            if state.position is not None:
                return "D1", "the start word is already set"
            return "D1", f"{move.word!r} is not a {self.size}-letter word of the {self.lexicon.name} dictionary"
        if isinstance(move, Pass):
            return "D6", f"it is player {state.turn + 1}'s turn"
        return None, "not a move of this game"

    def _apply(self, state, move):
        if isinstance(move, Start):
            self._check_start(move.word)
            return self._check_end(replace(state, position=Position.new(move.word)))
        n = self.players
        if isinstance(move, Pass):
            passes = state.passes + 1
            nxt = replace(state, turn=(state.turn + 1) % n, passes=passes)
            if passes >= n:
                return replace(nxt, over=True)
            return self._check_end(nxt)
        pos = state.position.place(move.cell, move.letter).with_used(move.word)
        scores = list(state.scores)
        scores[state.turn] += move.score
        nxt = BaldaState(pos, (state.turn + 1) % n, tuple(scores), 0, state.words + ((state.turn, move),))
        return self._check_end(nxt)

    def _check_end(self, state):
        """D6: the grid is full, or no legal move exists (P2)."""
        if state.position.is_full() or not self.word_moves(state):
            return replace(state, over=True)
        return state

    # ---------------------------------------------------------- results
    def returns(self, state):
        return [float(s) for s in state.scores]

    def result_text(self, state) -> str:
        if not state.over:
            return f"player {state.turn + 1} to move"
        w = self.winners(state)
        if len(w) == len(state.scores) and len(w) > 1:
            return "a draw: equal scores (rule D8)"
        if len(w) > 1:
            return "shared win: " + ", ".join(f"player {p + 1}" for p in w) + " (rule D8)"
        return f"player {w[0] + 1} wins with {state.scores[w[0]]} (rule D8)"

    # ---------------------------------------------------------- words for learners
    def describe_move(self, state, move, viewer=None) -> str:
        """The move in plain words (logs, refusals, tutorials); notation is :meth:`move_to_text`.

        >>> from balada_widgets.balda.lexicon import Lexicon
        >>> g = BaldaGame(players=2, start_word="balda", lexicon=Lexicon.from_words(["balda", "ball"]))
        >>> g.describe_move(g.initial_state(), g.parse_move("c4=l ball a3-b3-c3-c4"))
        'Player 1 writes L on c4 and reads BALL (4 points)'
        >>> g.describe_move(g.initial_state(), Pass(1)), g.describe_move(None, Start("balda"))
        ('Player 2 passes', 'The start word is BALDA')
        """
        if isinstance(move, Start):
            return f"The start word is {move.word.upper()}"
        turn = state.turn if state is not None else None
        if isinstance(move, Pass):
            p = move.player if move.player is not None else turn
            return "A player passes" if p is None else f"Player {p + 1} passes"
        if isinstance(move, Move):
            who = "A player" if turn is None else f"Player {turn + 1}"
            return (f"{who} writes {move.letter.upper()} on {cell_name(move.cell, self.size)} and reads "
                    f"{move.word.upper()} ({move.score} point{'s' if move.score != 1 else ''})")
        return str(move)

    # ---------------------------------------------------------- text forms
    def move_to_text(self, move):
        if isinstance(move, Start):
            return f"start {move.word}"
        if isinstance(move, Pass):
            return "pass" if move.player is None else f"p{move.player + 1} pass"
        return move.to_text(self.size)

    def parse_move(self, text, state=None):
        if not isinstance(text, str) or not text.strip():
            raise InvalidInput("empty move; write e.g. 'c4=l ball a3-b3-c3-c4' or 'pass'")
        parts = text.strip().split()
        player = None
        if parts[0].lower().startswith("p") and parts[0][1:].isdecimal():
            player = int(parts[0][1:]) - 1
            parts = parts[1:]
            if state is not None and state.position is not None and player != state.turn:
                raise IllegalMove(f"it is player {state.turn + 1}'s turn", rule="D6", move=text)
        if not parts:
            raise InvalidInput("a move follows the player", move=text)
        if parts[0].lower() == "pass" and len(parts) == 1:
            return Pass(player if player is not None else (state.turn if state is not None else None))
        if parts[0].lower() == "start" and len(parts) == 2:
            return Start(normalise_word(parts[1]))
        return Move.from_text(" ".join(parts), self.size)

    def state_to_text(self, state) -> str:
        """``<position text> turn=2 scores=4,3 passes=0`` (plus ``over`` at the end)."""
        if state.position is None:
            return "start=? turn=1"
        played = ";".join(f"{p + 1}:{m.to_text(self.size).replace(' ', '_')}" for p, m in state.words)
        parts = [state.position.to_text(), f"turn={state.turn + 1}",
                 "scores=" + ",".join(map(str, state.scores)), f"passes={state.passes}"]
        if played:
            parts.append("played=" + played)
        if state.over:
            parts.append("over")
        return " ".join(parts)

    def state_from_text(self, text: str) -> BaldaState:
        """Read :meth:`state_to_text` (or a bare position text); refuse an inconsistent one.

        The grid comes first; then only the fields ``used=``, ``turn=``,
        ``scores=``, ``passes=``, ``played=`` (each at most once) and the word
        ``over``: an unknown or misspelt field is refused by name, not skipped.
        Every word of ``used=`` but the start word must be in the game's
        dictionary (rule D3: only words can have been played).

        >>> from balada_widgets.balda.lexicon import Lexicon
        >>> g = BaldaGame(players=2, start_word="balda", lexicon=Lexicon.from_words(["balda", "ball"]))
        >>> g.state_from_text("5/5/BALDA/5/5 used=balda sco9res=4,3")
        Traceback (most recent call last):
        ...
        balada_widgets.core.errors.InvalidInput: invalid input '5/5/BALDA/5/5 used=balda sco9res=4,3': unknown field 'sco9res=' in a Balda state text; the known fields are used=, turn=, scores=, passes=, played= and the word 'over'
        >>> g.state_from_text("5/5/BALDA/5/5 used=balda,nnja")
        Traceback (most recent call last):
        ...
        balada_widgets.core.errors.InvalidPosition: invalid position: used word 'nnja' is not in the custom dictionary: used= lists the words already played, and only words of the dictionary can be played (rule D3)
        """
        if not isinstance(text, str) or not text.strip():
            return self._from_tokens(text, None, [])
        toks = text.split()
        if toks[0].lower().startswith("start="):
            if toks[0].lower() != "start=?" or any(t.lower() != "turn=1" for t in toks[1:]):
                raise InvalidInput("'start=?' (the start word is not set yet) stands alone, as 'start=? turn=1'",
                                   rule="D1", move=text)
            return self.initial_state()
        return self._from_tokens(text, toks[0], toks[1:])

    def _from_tokens(self, text, grid, rest) -> BaldaState:
        if grid is None:
            Position.from_text(text)  # refused: says what a position text is
        if "=" in grid or grid.lower() == "over":
            raise InvalidInput("a Balda state text starts with the grid, such as '5/5/BALDA/5/5'", move=text)
        attrs: dict[str, str] = {}
        over = False
        for tok in rest:
            key, eq, value = tok.partition("=")
            key = key.lower()
            if not eq:
                if tok.lower() == "over":
                    if over:
                        raise InvalidInput("the word 'over' is given twice", move=text)
                    over = True
                    continue
                raise InvalidInput(f"unknown field {short_text(tok)!r} in a Balda state text; {_KNOWN_FIELDS}",
                                   move=text)
            if key not in STATE_FIELDS:
                raise InvalidInput(f"unknown field {short_text(key + '=')!r} in a Balda state text; {_KNOWN_FIELDS}",
                                   move=text)
            if key in attrs:
                raise InvalidInput(f"the field {key + '='!r} is given twice", move=text)
            attrs[key] = value
        pos = Position.from_text(grid + (f" used={attrs['used']}" if "used" in attrs else ""))
        try:
            turn = int(attrs.get("turn", 1)) - 1
            scores = tuple(int(x) for x in attrs["scores"].split(",")) if "scores" in attrs else (0,) * self.players
            passes = int(attrs.get("passes", 0))
            words = tuple((int(p) - 1, Move.from_text(m.replace("_", " "), pos.size))
                          for p, m in (w.split(":", 1) for w in attrs.get("played", "").split(";") if w))
        except (ValueError, KeyError) as e:
            raise InvalidInput("cannot read the game attributes: turn, scores and passes are whole numbers "
                               "(scores=4,3), played= lists player:move items") from None
        state = BaldaState(pos, turn, scores, passes, words, over)
        problems = self.validate(state)
        if problems:
            raise InvalidPosition(problems)
        return state if state.over else self._check_end(state)  # a full or dead grid is over at once (D6)

    def validate(self, state) -> list:
        problems = []
        if state.position is None:
            return problems
        pos = state.position
        if pos.size != self.size:
            problems.append(("D1", f"the grid is {pos.size}x{pos.size}, the game {self.size}x{self.size}"))
        try:
            pos.validate(self.lexicon)
        except InvalidPosition as e:
            problems += e.problems
        start = pos.start_word
        strangers = [w for w in sorted(pos.used) if w != start and w not in self.lexicon]
        if strangers:  # one problem, naming a few: a position from a game with a bigger list may hold dozens
            shown = ", ".join(repr(short_text(w)) for w in strangers[:USED_SHOWN])
            more = f" and {len(strangers) - USED_SHOWN} more" if len(strangers) > USED_SHOWN else ""
            which = f"used word {shown} is" if len(strangers) == 1 else f"used words {shown}{more} are"
            problems.append(("D3", f"{which} not in the {self.lexicon.name} dictionary: used= lists the words "
                                   f"already played, and only words of the dictionary can be played"))
        if len(state.scores) != self.players:
            problems.append((None, f"{len(state.scores)} scores for {self.players} players"))
        if not 0 <= state.turn < self.players:
            problems.append(("D6", f"no player {state.turn + 1}"))
        if any(s < 0 for s in state.scores):
            problems.append(("D5", "scores cannot be negative"))
        letters = sum(ch != "." for row in pos.rows for ch in row) - pos.size
        if state.words and letters != len(state.words):
            problems.append(("D2", f"{letters} letters added but {len(state.words)} words played"))
        for p, m in state.words:
            label = m.to_text(pos.size)
            if not 0 <= p < self.players:
                problems.append(("D6", f"{label}: played by player {p + 1}, who is not in the game"))
            if m.word not in pos.used:
                problems.append(("D3", f"{label}: {m.word!r} is missing from the words played (used=)"))
            if "".join(pos.cell(c) or "." for c in m.path) != m.word:
                problems.append(("D2", f"{label}: the grid does not spell {m.word!r} along that path"))
        if state.words and len(pos.used) != len(state.words) + 1:
            problems.append(("D3", f"{len(pos.used)} words in used= but {len(state.words)} played after the "
                                   f"start word"))
        if state.words:
            per_player = [0] * self.players
            for p, m in state.words:
                if 0 <= p < self.players:
                    per_player[p] += m.score
            if tuple(per_player) != tuple(state.scores):
                problems.append(("D5", f"the scores {list(state.scores)} are not the words' letters "
                                       f"{per_player}"))
        if not state.over and state.passes >= self.players:
            problems.append(("D6", f"{state.passes} passes in a row end a {self.players}-player game"))
        return problems

    def invariants(self, state) -> list[str]:
        """What breaks Balda's invariants in a state reached by play (checked after every move by the fuzz).

        Letters are conserved: the start word stays in the middle row and each word adds exactly one
        letter, readable along its path (D1, D2); every word is played once (D3); each score is the sum
        of its words' letters (D5); the turn passes in order and the passes in a row stay below the
        number of players until the end (D6, P3).
        """
        if state.position is None:
            return [] if (state.turn, state.scores, state.words) == (0, (0,) * self.players, ()) else [
                "moves before the start word"]
        out = [text + (f" (rule {rule})" if rule else "") for rule, text in self.validate(state)]
        pos = state.position
        middle = "".join(pos.cell(pos.size // 2, c) or "." for c in range(pos.size))
        if middle != pos.start_word:
            out.append(f"the middle row reads {middle!r}, not the start word {pos.start_word!r} (D1)")
        letters = sum(ch != "." for row in pos.rows for ch in row)
        if letters != pos.size + len(state.words):
            out.append(f"{letters} letters on the grid after {len(state.words)} words (D2)")
        words = [m.word for _, m in state.words]
        if len(set(words)) != len(words) or pos.start_word in words:
            out.append("a word was played twice (D3)")
        if (state.words and not state.over and state.passes == 0
                and state.turn != (state.words[-1][0] + 1) % self.players):
            out.append(f"player {state.words[-1][0] + 1} played last but player {state.turn + 1} is to move (D6)")
        if self.returns(state) != [float(sum(m.score for q, m in state.words if q == p))
                                   for p in range(self.players)]:
            out.append(f"the scores {list(state.scores)} are not the sums of the words' letters (D5)")
        if not state.over and state.passes >= self.players:
            out.append(f"{state.passes} passes in a row and the game goes on (D6)")
        return out

# ----------------------------------------------------------------------------- words for learners

_PATH_TEXT = re.compile(r"\b[a-z]\d{1,2}(?:-[a-z]\d{1,2})+\b")
_QUOTED_WORD = re.compile(r"'([^'\s]+)'")


def move_words(n: int, cell, letter: str = "", path=(), position: Optional[Position] = None) -> str:
    """A (traced) move in words: ``"the letter L on c4, reading BALL"`` (what the path spells so far).

    >>> move_words(5, "c4", "l", "a3-b3-c3-c4", Position.new("balda"))
    'the letter L on c4, reading BALL'
    >>> move_words(5, (1, 2), "l"), move_words(5, "c4")
    ('the letter L on c4', 'a letter on c4')
    """
    from .position import parse_path, to_cell

    spot = to_cell(cell, n)
    head = f"the letter {letter.upper()} on {cell_name(spot, n)}" if letter else f"a letter on {cell_name(spot, n)}"
    cells = parse_path(path, n) if path else ()
    if not cells or position is None:
        return head
    reads = "".join((letter if c == spot else position.cell(c) or "?") for c in cells).upper()
    return f"{head}, reading {reads}"


def reason_in_words(reason: str) -> str:
    """An engine reason with its notation turned into words: paths as ``c3 → b3 → a3``, words in capitals.

    >>> reason_in_words("'lab' could already be read before this move (along c3-b3-a3)")
    'LAB could already be read before this move (along c3 → b3 → a3)'
    """
    out = _PATH_TEXT.sub(lambda m: " → ".join(m.group(0).split("-")), reason)
    return _QUOTED_WORD.sub(lambda m: m.group(1).upper() if m.group(1).isalpha() and len(m.group(1)) > 1
                            else m.group(0), out)


def judge_in_words(position: Position, lexicon: Lexicon, cell, letter: str, path) -> "Verdict":
    """The engine's :func:`~.movegen.judge_path` with its message in words for a learner.

    Same ``ok``, ``rule``, ``check`` and ``move``; the message says the move
    in words (:func:`move_words`) and why, with the rule id, and no notation.

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["balda", "ball", "lab"], name="demo")
    >>> judge_in_words(Position.new("balda"), lex, "b4", "l", "b4-b3-a3").message
    'The letter L on b4, reading LAB: LAB could already be read before this move (along c3 → b3 → a3); the new letter must make the word (rule D4)'
    >>> judge_in_words(Position.new("balda"), lex, "c4", "l", "a3-b3-c3-c4").message
    'The letter L on c4, reading BALL: BALL scores 4 points (rule D5)'
    """
    from ..core.errors import GameError
    from .movegen import Verdict, judge_path

    v = judge_path(position, lexicon, cell, letter, path)
    try:
        placed = v.check not in ("letter", "placement")  # a letter that cannot go there reads nothing
        what = move_words(position.size, cell, letter if v.check != "letter" else "", path if placed else (),
                          position)
    except GameError:
        what = "this move"
    what = what[:1].upper() + what[1:]
    if v.ok:
        pts = f"{v.move.score} point{'s' if v.move.score != 1 else ''}"
        return replace(v, message=f"{what}: {v.move.word.upper()} scores {pts} (rule D5)")
    m = re.match(r"^[a-z ]+(?: '[^']*')?: (.*?)(?: \(rule [A-Z]\d+\))?$", v.message, flags=re.S)
    reason = m.group(1) if m else v.message
    rule = f" (rule {v.rule})" if v.rule else ""
    return replace(v, message=f"{what}: {reason_in_words(reason)}{rule}")


def refusal_in_words(state: BaldaState, game: "BaldaGame", error, move=None) -> str:
    """``str(error)`` for a learner: the refused move in words (not its notation), the reason, the rule id.

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> g = BaldaGame(players=2, start_word="balda", lexicon=Lexicon.from_words(["balda", "ball", "lab"]))
    >>> s = g.initial_state()
    >>> try:
    ...     g.apply(s, "b4=l lab b4-b3-a3")
    ... except IllegalMove as e:
    ...     print(refusal_in_words(s, g, e, g.parse_move("b4=l lab b4-b3-a3")))
    The letter L on b4, reading LAB: LAB could already be read before this move (along c3 → b3 → a3); the new letter must make the word (rule D4)
    """
    if (isinstance(move, Move) and state is not None and state.position is not None and not state.over
            and getattr(error, "check", None)):  # a word the engine judged: its verdict, in words
        return judge_in_words(state.position, game.lexicon, move.cell, move.letter, move.path).message
    reason = reason_in_words(getattr(error, "reason", str(error)))
    rule = getattr(error, "rule", None)
    if isinstance(move, Move):
        what = move_words(game.size, move.cell, move.letter)
        what = what[:1].upper() + what[1:] + f" ({move.word.upper()})"
    else:
        what = game.describe_move(state, move) if move is not None else ""
    text = f"{what}: {reason}" if what else reason[:1].upper() + reason[1:]
    return text + (f" (rule {rule})" if rule else "")


@dataclass
class Hints:
    """Hints for the player to move (see :func:`hints`)."""

    count: int
    longest: list = field(default_factory=list)
    through: dict = field(default_factory=dict)


def hints(game: BaldaGame, state: BaldaState, cell=None) -> Hints:
    """How many words exist now, the longest ones, and (with ``cell``) the words through that cell."""
    moves = game.word_moves(state)
    best = max((m.score for m in moves), default=0)
    h = Hints(len(moves), [m for m in moves if m.score == best])
    if cell is not None:
        from .position import to_cell

        c = to_cell(cell, game.size)
        h.through = {m.word: m for m in moves if m.cell == c or c in m.path}
    return h


def random_start(game: BaldaGame, seed=0) -> str:
    """A start word drawn like the game's chance move (P1)."""
    return random.Random(seed).choice(game.start_candidates())
