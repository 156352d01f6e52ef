"""Learn from your mistakes, Balda: each word of a finished game set against the best word available then.

Pure Python (no UI import). :func:`review` takes a finished
:class:`~balada_widgets.core.session.Session` and one player (a human or a
bot: a class can study the strong bot the same way) and returns a
:class:`~balada_widgets.core.review.GameReview`. At every turn of that player
the move generator (:func:`~.movegen.legal_moves`, through
``game.word_moves``) lists every legal word; the best is the longest (one point
a letter, rule D5; among equal lengths the first in alphabetical order). A
turn is a moment when the best word has at least ``threshold`` letters more
than the word played (default :data:`THRESHOLD`), a pass counting as no
letters. The measure is exact: nothing is sampled.

A retry (:meth:`Moment.retry`) is a letter in an empty cell and a path through
it, as on the live board; the engine checks it (:func:`~.movegen.check_move`:
a refused word gets the rule's reason) and it is right when it is not clearly
shorter than the best (fewer than ``threshold`` letters short).

The explanation also says what each word leaves the next player: the longest
answer after it. The strong bot weighs that ("my word minus the best reply"),
so a shorter word can be a wise one; the review says so when it is.

>>> from balada_widgets.balda.lexicon import Lexicon
>>> from balada_widgets.balda.rules import BaldaGame
>>> from balada_widgets.core.session import Session
>>> lex = Lexicon.from_words(["balda", "ball", "bald", "bad", "lab", "lad", "ballad"], name="demo")
>>> s = Session(BaldaGame(players=2, start_word="balda", lexicon=lex), seed=1)
>>> s.play("b4=d bad a3-b3-b4"); s.play("pass"); s.play("pass")
>>> [(m.played_words, m.best_words, m.loss) for m in review(s, 0)]
[('a pass', 'BALL (4 letters, writing L in c4)', 4)]
>>> m = review(s, 0, threshold=1)[0]
>>> m.played_words, m.loss
('BAD (3 letters, writing D in b4)', 1)
>>> m.retry(("c4", "l", "a3-b3-c3-c4")).ok, m.retry(("b4", "d", "a3-b3-b4")).ok
(True, False)
"""

from __future__ import annotations

from typing import Callable, Optional

from ..core.errors import InvalidInput
from ..core.feedback import Feedback
from ..core.review import GameReview, Moment, check_player, measure, require_over, review_of
from ..core.review import review_all as core_review_all
from ..core.trace import Trace
from .movegen import Move, check_move, legal_moves
from .position import cell_name
from .rules import BaldaGame, Pass

__all__ = ["THRESHOLD", "best_words", "decisions", "review", "review_all", "review_steps", "word_trace", "word_words"]

#: a turn is a moment when the best word has at least this many letters more than the word played
THRESHOLD = 2


def word_words(move, n: int) -> str:
    """``"BALL (4 letters, writing L in c4)"``, or ``"a pass"``."""
    if not isinstance(move, Move):
        return "a pass"
    return (f"{move.word.upper()} ({move.score} letter{'s' if move.score != 1 else ''}, writing "
            f"{move.letter.upper()} in {cell_name(move.cell, n)})")


def word_trace(move: Move, n: int) -> Trace:
    """The score of a word explained: where the new letter goes, then one point per letter along the path (D5)."""
    t = Trace()
    t.add(cell_name(move.cell, n), "D2", 0,
          f"write {move.letter.upper()} in {cell_name(move.cell, n)}, next to a letter already on the grid")
    for i, cell in enumerate(move.path):
        new = " (the new letter)" if cell == move.cell else ""
        t.add(cell_name(cell, n), "D5", 1, f"letter {i + 1} of {move.word.upper()}: {move.word[i].upper()}{new}")
    t.add(None, "D3", 0, f"{move.word.upper()} had not been played in this game")
    t.add(None, "D4", 0, f"{move.word.upper()} could not be read on the grid before the new letter")
    return t


def best_words(game: BaldaGame, state) -> list[Move]:
    """Every legal word now, best first: longest, then alphabetical, then by cell (the move generator's list)."""
    return sorted(game.word_moves(state), key=lambda m: (-m.score, m.word, m.cell, m.path))


def _reply(game: BaldaGame, state, move: Optional[Move]) -> int:
    """The longest word the next player may answer with after ``move`` (0: none, or the grid is full)."""
    pos = state.position if not isinstance(move, Move) else state.position.place(move.cell, move.letter).with_used(
        move.word)
    if pos.is_full():
        return 0
    return max((m.score for m in legal_moves(pos, game.lexicon)), default=0)


def decisions(session, player: int) -> list:
    """The nodes of the current line where ``player`` played a word or passed, in order."""
    out = []
    for node in session.current.path():
        if node.by_chance or node.parent is None or not isinstance(node.move, (Move, Pass)):
            continue
        if node.parent.state.turn == player:
            out.append(node)
    return out


def _moment(game: BaldaGame, node, player: int, name: str, turn: int, threshold: int):
    state = node.parent.state
    moves = best_words(game, state)
    if not moves:
        return None
    best = moves[0]
    played = node.move
    got = played.score if isinstance(played, Move) else 0
    loss = best.score - got
    if loss < threshold:
        return None
    n = game.size
    pos = state.position
    lex = game.lexicon
    title = f"Turn {turn}"
    did = (f"{name} played {word_words(played, n)}" if isinstance(played, Move) else f"{name} passed")
    longer = (f"A word {loss} letter{'s' if loss != 1 else ''} longer" if isinstance(played, Move)
              else f"A word of {loss} letter{'s' if loss != 1 else ''}")
    text = (f"{did}. {longer} could be made here: {loss} point{'s' if loss != 1 else ''} more "
            f"(rule D5: one point a letter). Find it on the grid.")
    prompt = ("Click an empty cell, type its letter and trace the word through it, then press Check.")
    hint = (f"Try a letter in {cell_name(best.cell, n)}: a word of {best.score} letters goes through it "
            f"(rule D2).")
    r_best, r_played = _reply(game, state, best), _reply(game, state, played if isinstance(played, Move) else None)
    same_length = [m for m in moves if m.score == best.score]
    others = sorted({m.word.upper() for m in same_length if m.word != best.word})
    answer = f"{word_words(best, n)}: {loss} point{'s' if loss != 1 else ''} more than {word_words(played, n)}"
    explanation = (f"The longest word that can be made here is {best.word.upper()}, {best.score} letters"
                   + (f" (as long: {', '.join(others[:6])}{'…' if len(others) > 6 else ''})" if others else "")
                   + f". The next player's longest answer after it: {r_best} letter{'s' if r_best != 1 else ''}; "
                   f"after {word_words(played, n).split(' (')[0] if isinstance(played, Move) else 'the pass'}: "
                   f"{r_played}.")
    if best.score - r_best <= got - r_played:
        explanation += (" Counted as the strong bot counts (the word minus the best answer it leaves), the move "
                        "played was as good: a long word that opens a longer answer is not always wise.")
    explanation += f" {best.word.upper()}, letter by letter:"

    def check(answer) -> Feedback:
        if answer is None or isinstance(answer, Pass) or answer == "pass":
            return Feedback(False, "Passing scores nothing, and a word can be made here (rule D5).", "D5")
        if isinstance(answer, Move):
            cell, letter, path = answer.cell, answer.letter, answer.path
        else:
            try:
                cell, letter, path = answer
            except (TypeError, ValueError):
                raise InvalidInput("a retry is a cell, its letter and the path of the word") from None
        move = check_move(pos, lex, cell, letter, path)  # raises the rules' reason (D2, D3, D4, D7)
        word = move.word.upper()
        if best.score - move.score < threshold:
            as_long = " No word here is longer." if move.score == best.score else ""
            return Feedback(True, f"Yes: {word} scores {move.score} points (rule D5).{as_long}", "D5")
        if isinstance(played, Move) and move.word == played.word:
            return Feedback(False, f"{word} is the word played in the game: a clearly longer word can be made here "
                                   f"(rule D5: one point a letter).", "D5")
        return Feedback(False, f"{word} is a word, but a clearly longer one can be made here (rule D5: one point a "
                               f"letter).", "D5")

    return Moment(player=player, node_id=node.id, kind="word", title=title, state=state, played=played, best=best,
                  played_words=word_words(played, n), best_words=word_words(best, n), loss=loss, exact=True,
                  text=text, prompt=prompt, hint=hint, answer=answer, explanation=explanation,
                  trace=word_trace(best, n), played_trace=word_trace(played, n) if isinstance(played, Move) else None,
                  rules=("D2", "D5"), where_label="cell", check=check,
                  extra={"longest_reply_after_best": r_best, "longest_reply_after_played": r_played})


def review_steps(session, player: int, *, name: Optional[str] = None, threshold: int = THRESHOLD):
    """The review of :func:`review` as it is measured: a :class:`~balada_widgets.core.review.GameReview` after
    each turn of the player (``measured`` counts them), the last one complete, so a view shows the first
    moments while the rest are measured. The arguments are checked at once.

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> from balada_widgets.balda.rules import BaldaGame
    >>> from balada_widgets.core.session import Session
    >>> lex = Lexicon.from_words(["balda", "ball", "bald", "bad", "lab", "lad", "ballad"], name="demo")
    >>> s = Session(BaldaGame(players=2, start_word="balda", lexicon=lex), seed=1)
    >>> s.play("b4=d bad a3-b3-b4"); s.play("pass"); s.play("pass")
    >>> steps = list(review_steps(s, 0, threshold=1))
    >>> [(r.measured, len(r)) for r in steps], steps[-1] == review(s, 0, threshold=1)
    ([(1, 1), (None, 2)], True)
    """
    game: BaldaGame = session.game
    require_over(game, session)
    check_player(game, player)
    if not isinstance(threshold, int) or threshold < 1:
        raise InvalidInput(f"the threshold is a whole number of letters, at least 1, not {threshold!r}")
    return _steps(game, session, player, name or f"Player {player + 1}", threshold)


def _steps(game, session, player, name, threshold):
    turns = {node.id: k for k, node in enumerate(
        (nd for nd in session.current.path() if not nd.by_chance and isinstance(nd.move, (Move, Pass))), 1)}
    note = (f"Each word against the longest legal word of that turn (every word searched: exact), kept from "
            f"{threshold} letter{'s' if threshold != 1 else ''} shorter; a pass counts as no letters.")
    return measure(decisions(session, player), lambda node: _moment(game, node, player, name, turns[node.id], threshold),
                   player=player, name=name, threshold=threshold, unit="letters", note=note)


def review(session, player: int, *, name: Optional[str] = None, threshold: int = THRESHOLD,
           progress: Optional[Callable[[float], None]] = None) -> GameReview:
    """The moments of ``player``'s finished game (see the module docstring).

    ``name``: how the texts call the player (default "Player 1");
    ``threshold``: the least loss kept, in letters; ``progress(fraction)`` is
    called as the turns are measured. :func:`review_steps` gives the same
    review turn by turn.

    :raises InvalidInput: the game is not over, or there is no such player.
    """
    return review_of(review_steps(session, player, name=name, threshold=threshold), progress)


def review_all(session, names: Optional[dict] = None, **kwargs) -> list[GameReview]:
    """:func:`review` of every player (``names``: ``{player: name}``)."""
    return core_review_all(review, session, names, **kwargs)
