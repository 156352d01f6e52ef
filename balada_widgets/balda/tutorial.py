"""The Balda tutorial: eleven steps, each a short text and an exercise the learner *does* on a real position.

Pure Python (no Solara import; the kit's lesson player and the live board are
imported only when a step is shown). A notebook cell is one line::

    from balada_widgets import balda
    balda.tutorial.step("readable")         # Step 5 of 11: A word must be new on the grid

The lesson follows the GUIDE's standard for tutorials (theme, goal, do it):

- every step is a short text and an exercise: click cells on a grid drawn
  exactly like the live board (:func:`.drawing.board_svg`, letters above the
  path lines), press an answer under a board, or play a game;
- nothing on a board gives an answer away: no highlighted target, no score, no
  traced path until the learner traces it; no prompt holds an example that is
  itself a right answer;
- every verdict comes from the engine: a traced move is judged by
  :func:`~.rules.judge_in_words` (the engine's checks, told in words), words
  by the game's dictionary, readability by :func:`~.movegen.readable_path`,
  the end and the winner by :class:`~.rules.BaldaGame`. A wrong answer that a
  known misreading explains is named with its rule (:data:`MISCONCEPTIONS`),
  never with the answer;
- the kit (:mod:`balada_widgets.ui.lesson`) gives the tiers: first wrong answer,
  the misreading and its rule; second, the hint; third or *Show me*, the answer
  with its explanation (and, on a board, the answer drawn).

Moves are described in words ("the letter S on a4, reading STABLE"), never in
move notation; cells keep their names (columns ``a``-``e`` from the left, rows
``1``-``5`` from the bottom), which the boards show along their edges.

>>> [s.id for s in STEPS][:4]
['idea', 'grid', 'move', 'dictionary']
>>> ex = lesson().find("readable").parts[0]
>>> ex.check(frozenset({"tab", "bat"})).ok
True
>>> fb = ex.check(frozenset({"tab"}))
>>> fb.misconception, fb.rule
('readable-backwards', 'D4')
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Optional, Sequence

from ..core.errors import InvalidInput
from ..core.feedback import Feedback, Step, find_step
from ..ui.grid import GridPath, chess_name, grid_svg as _grid_svg
from ..ui.lesson import Choose, Custom, Lesson, LessonStep, NotebookFace, Pick, Solution, learner_store
from ..ui.paths import Trace
from .drawing import CSS, LOOK, board_svg
from .movegen import Move, readable_path
from .position import Position, cell_name, parse_path, to_cell
from .rules import BaldaGame, judge_in_words, reason_in_words

__all__ = ["MISCONCEPTIONS", "Misconception", "RULES", "STEPS", "GridPicture", "grid_svg", "lesson",
           "rulings_taught", "step", "step_by_id", "tutorial"]


#: The rulings in our own words, as the steps and the feedback remind them.
RULES: dict[str, str] = {
    "D1": "the grid is a square with an odd side (5 unless you choose 7); the start word fills its middle "
          "row, one letter a cell, so it has exactly as many letters as the side.",
    "D2": "a move writes one letter into an empty cell that touches a letter (up, down, left or right), "
          "then reads a dictionary word of two letters or more along touching cells, each cell at most "
          "once, in any direction; the new letter has to be on that path.",
    "D3": "every word scores once per game: the start word and each word already made are used up, "
          "whatever path you read them along.",
    "D4": "if a word can already be read on the grid before your letter goes in, it is not yours; "
          "your new letter has to be what makes it.",
    "D5": "a word earns one point for each of its letters.",
    "D6": "you may always pass; the game stops when the grid is full, when no legal word is left, or "
          "when everybody has passed one after the other.",
    "D7": "capital or small letters make no difference, and in Russian ё is read as е.",
    "D8": "the highest score wins; equal top scores share the win (two players level: a draw).",
    "P1": "when nobody picks the start word, chance draws one of the right length, from the common "
          "words when there are some; the draw is seeded and recorded, so a replay gives the same word.",
    "P2": "a player with no legal word can only pass.",
    "P3": "'everybody passed' means as many passes in a row as there are players.",
}


# ============================================================================ misreadings


@dataclass(frozen=True)
class Misconception:
    """A way to misread a rule: its id, the step where it is recognised, the rule id(s), the message."""

    id: str
    step: str
    rule: str
    message: str


_M = (
    ("idea-words-counted", "idea", "D5", "Points are not counted per word: every letter of a word earns a point, "
                                         "so one long word can beat two short ones."),
    ("grid-column", "grid", "D1", "The start word runs across, from left to right: it lies in a row, not a column."),
    ("grid-edge-row", "grid", "D1", "The start word lies in the middle row, with as much room above it as below."),
    ("grid-length", "grid", "D1", "The start word fills the middle row exactly, one letter a cell: its length is "
                                  "the side of the grid."),
    ("grid-not-a-word", "grid", "D1", "The start word must be a word of the game's dictionary, a noun in its "
                                      "singular form."),
    ("grid-chance-unseeded", "grid", "P1", "Chance draws the start word with a seeded generator: the same seed "
                                           "draws the same word, so a game can be replayed exactly."),
    ("move-cell-taken", "move", "D2", "The new letter goes into an empty cell; a cell holding a letter keeps it."),
    ("move-not-touching", "move", "D2", "The new letter must touch a letter already on the grid, up, down, left "
                                        "or right."),
    ("move-diagonal", "move", "D2", "A word runs from cell to touching cell, up, down, left or right: never "
                                    "corner to corner, never jumping."),
    ("move-gap", "move", "D2", "A word is read over letters only: its path cannot cross an empty cell."),
    ("move-cell-twice", "move", "D2", "A word uses each cell at most once."),
    ("move-not-through", "move", "D2", "The word has to run through your new letter: a word that leaves it out "
                                       "is not your move."),
    ("move-not-a-word", "move", "D2", "The letters along the path must spell a word of the dictionary, read in "
                                      "the order you clicked them."),
    ("move-used", "move", "D3", "That word is used up: the start word and the words made before score only once."),
    ("move-readable", "move", "D4", "That word could already be read before your letter: your letter has to make it."),
    ("dict-plural", "dictionary", "D2", "The dictionary holds nouns in the singular: a plural is not in it."),
    ("dict-name", "dictionary", "D2", "Names of people and places are not in the dictionary."),
    ("dict-not-a-noun", "dictionary", "D2", "Only nouns are in the dictionary: no verbs, adjectives or adverbs."),
    ("dict-start-word-free", "dictionary", "D3", "The start word counts as made before the first turn: nobody may "
                                                 "make it again."),
    ("dict-made-word-free", "dictionary", "D3", "A word made earlier is used up for everybody, its maker included, "
                                                "along any path."),
    ("dict-free-word-used", "dictionary", "D3", "Only the start word and the words already made are used up; a "
                                                "word nobody has made yet is still free."),
    ("readable-backwards", "readable", "D4", "A word may be read backwards and around corners too: reading "
                                             "right to left counts."),
    ("readable-apart", "readable", "D4", "Letters that are on the grid but do not touch one after the other do "
                                         "not make a word that can be read."),
    ("readable-through-new", "readable", "D4", "Running the path through the new letter is not enough: a word that "
                                               "could be read before the move is not made by it."),
    ("score-per-word", "score", "D5", "A word does not score one point: it scores a point for each of its letters."),
    ("score-new-only-old", "score", "D5", "Every letter of the word scores, the new one and those already on the "
                                          "grid."),
    ("score-grid-letters", "score", "D5", "Only the letters of the word score, not the other letters on the grid."),
    ("score-not-longest", "score", "D5", "That word is legal, but your letter can make a longer one, and a longer "
                                         "word earns more."),
    ("end-one-pass", "end", "P3", "One pass does not end the game: every player has to pass, one after the other."),
    ("end-target", "end", "D6", "There is no target score: the game runs until the grid is full, nobody can make "
                                "a word, or everybody passed in a row."),
    ("end-full-missing", "end", "D6", "A full grid has no empty cell left for a letter: the game is over."),
    ("end-stuck-missing", "end", "P2", "When no legal word is left, nobody can do more than pass: the game ends "
                                       "at once."),
    ("end-passes-missing", "end", "P3", "When every player has passed, one after the other, the game ends."),
    ("letters-case", "letters", "D7", "Capital or small letters make no difference."),
    ("letters-yo", "letters", "D7", "In Russian ё is read as е: a word with ё and the same word with е are one word."),
    ("letters-order", "letters", "D7", "Only case and ё make no difference: letters in another order make another "
                                       "word."),
    ("winner-tie-broken", "winner", "D8", "Equal top scores share the win: nothing breaks the tie."),
    ("winner-draw-for-all", "winner", "D8", "Only the players with the top score share the win; a draw is when "
                                            "every player is level."),
    ("winner-first", "winner", "D8", "The order of play does not matter at the end: only the scores do."),
    ("variants-length", "variants", "D1", "On the big grid the middle row has seven cells: the start word has "
                                          "seven letters."),
    ("variants-yo", "variants", "D7", "In Russian ё is read as е, so the two spellings are one word, and a word "
                                      "scores once."),
)

#: Every misreading the checks recognise, by id (``docs/balda.md`` lists them).
MISCONCEPTIONS: dict[str, Misconception] = {m[0]: Misconception(*m) for m in _M}


def _ruled(text: str, rule: Optional[str]) -> str:
    if not rule:
        return text
    return f"{text} ({'rules' if ',' in rule else 'rule'} {rule})"


def _mis(mid: str) -> Feedback:
    """The feedback naming misreading ``mid`` with its rule (never the answer)."""
    m = MISCONCEPTIONS[mid]
    return Feedback(False, _ruled(m.message, m.rule), m.rule, misconception=mid)


def _right(text: str, rule: Optional[str] = None, expected=None) -> Feedback:
    """A right answer: the kit says "Right!" before ``text`` (so ``text`` never starts with a verdict)."""
    return Feedback(True, text, rule, expected=expected)


def _no(text: str, rule: Optional[str] = None) -> Feedback:
    """A wrong answer no misreading explains (the kit names the step's rules when ``rule`` is None)."""
    return Feedback(False, _ruled(text, rule), rule)


# ============================================================================ the steps: static description

STEPS: tuple[Step, ...] = (
    Step("idea", "The idea: one letter, one word, a shared grid", ("D5", "D8"),
         "read a finished game and say who won"),
    Step("grid", "The grid and the start word", ("D1", "P1"),
         "click where the start word goes; tell start words that fit; chance and its seed"),
    Step("move", "Placing a letter and tracing a word", ("D2",),
         "write a letter on the grid and trace a word through it"),
    Step("dictionary", "The dictionary and words already played", ("D2", "D3"),
         "tell dictionary words from others; find the words used up"),
    Step("readable", "A word must be new on the grid", ("D4",),
         "find the words that can already be read; judge a move through a new letter"),
    Step("score", "Scoring", ("D5",), "count a move's points; make the longest word with a letter"),
    Step("end", "Passing and the end of the game", ("D6", "P2", "P3"),
         "say whether a game is over; choose what ends a game"),
    Step("letters", "Capitals and ё", ("D7",), "choose the spellings that are one word"),
    Step("winner", "Who wins", ("D8",), "name the winners of finished games, a shared win and a draw"),
    Step("variants", "The 7x7 grid and Russian", ("D1", "D7"), "a start word for 7 by 7; ё in a Russian game"),
    Step("play", "A whole game against a bot", ("D2", "D3", "D4", "D5", "D6", "D8"),
         "play a game to the end against the greedy bot"),
)


def step_by_id(step_id: str) -> Step:
    """The :class:`~balada_widgets.core.feedback.Step` of this tutorial with that id (``KeyError`` if none).

    >>> step_by_id("readable").rules
    ('D4',)
    """
    return find_step(STEPS, step_id)


def rulings_taught(steps: Sequence[Step] = STEPS) -> list[str]:
    """Every ruling some step teaches, sorted.

    >>> rulings_taught()
    ['D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7', 'D8', 'P1', 'P2', 'P3']
    """
    return sorted({r for s in steps for r in s.rules})


def _rules(step_id: str) -> tuple:
    return step_by_id(step_id).rules


def _title(step_id: str) -> str:
    return step_by_id(step_id).title


# ============================================================================ positions


@lru_cache(maxsize=None)
def _game(players: int = 2) -> BaldaGame:
    """The tutorial's game: the English dictionary, TABLE in the middle row."""
    return BaldaGame(players=players, start_word="table")


def _play(game: BaldaGame, moves) -> Any:
    state = game.initial_state()
    for m in moves:
        state = game.apply(state, m)
    return state


def _words_of(game: BaldaGame, moves: Sequence[str]) -> list[Move]:
    return [game.parse_move(m) for m in moves if m != "pass"]


# the finished game of the first step: player 1 makes three short words, player 2 two long ones, then both pass
IDEA_MOVES = ("b4=s sat b4-b3-a3", "e4=t tablet a3-b3-c3-d3-e3-e4", "a4=e set b4-a4-a3", "b2=c cable b2-b3-c3-d3-e3",
              "a5=a tea a3-a4-a5", "pass", "pass")
# the second step's position: TABLET, then SAT
USED_MOVES = ("e4=t tablet a3-b3-c3-d3-e3-e4", "b4=s sat b4-b3-a3")


# ============================================================================ drawing


def _suffixed(svg: str, n: int) -> str:
    """Every cell's ``data-id`` made unique to this drawing (``cell-a4@3``), so a second click on a cell counts."""
    return re.sub(r'data-id="cell-([^"@]+)"', lambda m: f'data-id="cell-{m.group(1)}@{n}"', svg)


def _still(svg: str) -> str:
    """A board only to look at: its cells do not take clicks."""
    return re.sub(r' data-id="cell-[^"]*"', "", svg)


def _board(game: BaldaGame, state, trace: Trace = Trace(), shown: Optional[int] = None, caption: str = "") -> str:
    """The grid as the live board draws it, nothing highlighted; ``caption`` under it."""
    footer = (caption, caption) if caption else None
    return board_svg(game, state, trace, (), shown=shown, show_targets=False, footer=footer)


# ============================================================================ exercise kinds on a board


@dataclass(frozen=True)
class BoardChoice(Pick):
    """A question about a board: the answers are the buttons under it (``many``: several, a frozenset).

    The board only shows the position (its cells take no clicks); the caption
    under it says what the learner chose so far.
    """

    picture: Callable[[], str] = None  # type: ignore[assignment]
    words: Any = ()  # (id, label) pairs: the buttons

    def read(self, raw):
        ids = {i for i, _ in self.words}
        got = tuple(r for r in (raw or ()) if r in ids)
        if not got:
            return None, "Press an answer under the board, then press Check."
        return (frozenset(got) if self.mode == "set" else got[-1]), None


def _choice_board(prompt: str, picture: Callable[[], str], options, check, hint: str, solution,
                  many: bool = False, label: str = "Balda grid") -> BoardChoice:
    labels = dict(options)

    def draw(sel):
        chosen = [labels[s] for s in sel if s in labels]
        if not many:
            chosen = chosen[-1:]
        caption = ("Your answer: " + ", ".join(chosen)) if chosen else "Press your answer under the board."
        return _with_caption(_still(picture()), caption)

    return BoardChoice(prompt, check, hint=hint, solution=solution, draw=draw, mode="set" if many else "one",
                       buttons=tuple(options), label=label, picture=picture, words=tuple(options))


def _with_caption(svg: str, caption: str) -> str:
    """``caption`` in a band under the drawing (what the learner chose, the move so far)."""
    import balada_widgets.ui.svg as S  # the kit's pure SVG helpers (absolute: the architecture test reads "..ui" as the UI)

    m = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    if not m:
        return svg
    w, h = float(m.group(1)), float(m.group(2))
    band = S.group([S.rect(10, h + 2, w - 20, 30, rx=9, fill="#f1f4f8", stroke="#cfd6df"),
                    S.text(w / 2, h + 22, caption, text_anchor="middle", fill="#2b2f36",
                           font_size=round(min(15.0, (w - 36) / (0.56 * max(len(caption), 1))), 1))],
                   class_="bw-balda-caption", role="status")
    svg = svg.replace(f'viewBox="0 0 {m.group(1)} {m.group(2)}"', f'viewBox="0 0 {m.group(1)} {h + 38:g}"', 1)
    return svg[: svg.rindex("</svg>")] + band + "</svg>"


@dataclass(frozen=True)
class TraceOnBoard(Pick):
    """Write a given letter and trace a word, on a board drawn like the live one.

    The first click on a cell chooses where the letter goes; the next clicks
    trace the word, in order (the new cell included). *Take back* removes the
    last click, *Start again* clears. The answer is ``(cell, path)`` as names.
    """

    position: Position = None  # type: ignore[assignment]
    letter: str = ""

    def click(self, selected: tuple, id_: str) -> tuple:
        return selected + (id_,)  # every click counts: the ids carry the click number (see _suffixed)

    def read(self, raw):
        cell, path = fold_clicks(raw or ())
        if cell is None or not path:
            return None, ("Click an empty cell for your letter, then the cells of your word in order, "
                          "then press Check.")
        return (cell, path), None


def fold_clicks(clicks) -> tuple:
    """``(cell, path)`` from the clicks on a :class:`TraceOnBoard`: the first cell, then the path.

    >>> fold_clicks(("cell-a4@0", "cell-a4@1", "cell-a3@2", "back", "cell-b3@4"))
    ('a4', ('a4', 'b3'))
    >>> fold_clicks(("cell-a4@0", "clear", "cell-e4@2"))
    ('e4', ())
    """
    cell, path = None, []
    for raw in clicks:
        id_ = str(raw).split("@")[0]
        if id_ == "back":
            if path:
                path.pop()
            else:
                cell = None
        elif id_ == "clear":
            cell, path = None, []
        elif id_.startswith("cell-"):
            if cell is None:
                cell = id_[5:]
            else:
                path.append(id_[5:])
    return cell, tuple(path)


def _trace_exercise(prompt: str, game: BaldaGame, state, letter: str, check, hint: str, solution) -> TraceOnBoard:
    pos = state.position
    n = pos.size

    def draw(sel):
        cell, path = fold_clicks(sel)
        trace = Trace()
        if cell is not None:
            try:
                spot = to_cell(cell, n)
                trace = Trace(spot, letter if pos.cell(spot) is None else "", tuple(to_cell(c, n) for c in path))
            except InvalidInput:  # pragma: no cover - ids come from the drawing
                trace = Trace()
        if cell is None:
            caption = f"Click the empty cell for your {letter.upper()}."
        elif not path:
            caption = f"{letter.upper()} on {cell}: now click your word's cells, in order."
        else:
            caption = judge_in_words(pos, game.lexicon, cell, letter, path).message.split(":")[0]
        return _suffixed(_with_caption(_board(game, state, trace), caption), len(sel))

    return TraceOnBoard(prompt, check, hint=hint, solution=solution, draw=draw, mode="sequence",
                        buttons=(("back", "Take back a click"), ("clear", "Start again")), label="Balda grid",
                        position=pos, letter=letter)


def _clicks_for(move: Move, n: int) -> tuple:
    """The clicks that make ``move`` on a :class:`TraceOnBoard` (what the answer's board replays)."""
    names = [cell_name(move.cell, n)] + [cell_name(c, n) for c in move.path]
    return tuple(f"cell-{name}@{k}" for k, name in enumerate(names))


_CHECK_MISREADING = {"taken": "move-cell-taken", "no occupied neighbour": "move-not-touching",
                     "not neighbours": "move-diagonal", "crosses the empty cell": "move-gap",
                     "twice": "move-cell-twice", "does not go through the new letter": "move-not-through",
                     "is not in the": "move-not-a-word", "needs at least": "move-not-a-word",
                     "already played": "move-used", "is the start word": "move-used",
                     "could already be read": "move-readable", "already holds": "move-cell-taken"}


def _judge(game: BaldaGame, state, letter: str, answer) -> tuple:
    """The engine's verdict on the learner's ``(cell, path)`` in words, and the misreading it shows (or None)."""
    cell, path = answer
    v = judge_in_words(state.position, game.lexicon, cell, letter, path)
    if v.ok:
        return v, None
    mid = next((m for key, m in _CHECK_MISREADING.items() if key in v.message), None)
    return v, mid


def _move_feedback(v, mid) -> Feedback:
    """A refused move: what the engine says about it (in words, with its rule), named as a misreading."""
    return Feedback(False, v.message, v.rule, misconception=mid)


def _walk(move: Move, position: Position) -> str:
    n = position.size
    return " → ".join(f"{(move.letter if c == move.cell else position.cell(c)).upper()} ({cell_name(c, n)})"
                      for c in move.path)


# ============================================================================ 1. idea


def _step_idea() -> LessonStep:
    g = _game()
    end = _play(g, IDEA_MOVES)
    made = {0: [], 1: []}
    for p, m in end.words:
        made[p].append(m.word.upper())
    winner = g.winners(end)
    right = winner[0] if len(winner) == 1 else "draw"
    most_words = max((0, 1), key=lambda p: len(made[p]))

    def check(ans):
        if ans == right:
            return _right(f"Player 1 scored {end.scores[0]} and player 2 scored {end.scores[1]}: a point a letter, "
                          f"the higher total wins.", "D8", expected=right)
        if ans == most_words:
            return _mis("idea-words-counted")
        return _no("Add up each player's points, a point for every letter of every word: the higher total wins.",
                   "D8")

    words = "; ".join(f"player {p + 1} made {', '.join(ws)}" for p, ws in made.items())
    explanation = (f"Player 1: {' + '.join(str(len(w)) for w in made[0])} = {end.scores[0]} points. "
                   f"Player 2: {' + '.join(str(len(w)) for w in made[1])} = {end.scores[1]} points. "
                   "More words is not more points: the letters count.")
    ex = _choice_board(
        f"Two players played this game: {words}. Then both passed, and the game was over. **Who won?**",
        lambda: _board(g, end), ((0, "Player 1"), (1, "Player 2"), ("draw", "A draw")), check,
        hint="Count the letters of each player's words and add them up.",
        solution=Solution(f"Player {right + 1}" if right != "draw" else "A draw", explanation))
    text = ("**Balda** is a word game for two to four players around a small square grid. On your turn you write "
            "**one letter** into the grid and read **one word** through it; the word earns a point for each of its "
            "letters (D5). The grid is shared: your letter stays for the next player too. When the game ends, the "
            "most points wins (D8). The bar under each new letter shows who wrote it: blue for player 1, orange "
            "for player 2.")
    return LessonStep("idea", _title("idea"), _rules("idea"), text, ex)


# ============================================================================ 2. grid


def _empty_grid(selected=()) -> str:
    n = 5
    classes = {}
    for name in selected:
        rc = to_cell(name.replace("cell-", ""), n)
        classes[rc] = ["chosen"]
    return _grid_svg(n, n, classes=classes, look=LOOK, css=CSS, label="an empty Balda grid 5 by 5")


def _step_grid() -> LessonStep:
    lex = _game().lexicon
    row = frozenset(f"cell-{c}3" for c in "abcde")
    column = frozenset(f"cell-c{r}" for r in range(1, 6))
    edges = [frozenset(f"cell-{c}{r}" for c in "abcde") for r in (1, 2, 4, 5)]

    def check_row(ans):
        if ans == row:
            return _right("The start word lies across the middle row, a3 to e3, one letter a cell.", "D1")
        if ans == column:
            return _mis("grid-column")
        if ans in edges:
            return _mis("grid-edge-row")
        return _no("The start word fills one whole row, one letter a cell.", "D1")

    a = Pick("**Click the cells the start word fills** on a new 5 by 5 grid (click a cell again to take it back).",
             check_row, draw=lambda sel: _empty_grid(sel), mode="set", label="an empty Balda grid",
             hint="It is a row, and it has as much room above it as below.",
             solution=Solution("a3, b3, c3, d3 and e3: the middle row", "Row 3 is the middle of rows 1 to 5; the "
                               "start word runs along it from left to right.", picks=tuple(sorted(row))),
             css=CSS)

    options = ("table", "house", "kitchen", "books", "ox")
    right = frozenset(w for w in options if len(w) == 5 and w in lex)

    def check_words(ans):
        if ans == right:
            return _right("TABLE and HOUSE: five letters for five cells, and both are nouns of the dictionary.",
                          "D1", expected=right)
        for w in sorted(ans - right):
            return _mis("grid-length" if len(w) != 5 else "grid-not-a-word")
        return _no("There is more than that: every word of the right length that is in the dictionary fits.",
                   "D1")

    b = Choose("**Which of these may start a game on the 5 by 5 grid?** (choose every one that may)", check_words,
               options=tuple((w, w.upper()) for w in options), many=True,
               hint="Count the letters, and ask whether each is a noun in the singular.",
               solution=Solution("TABLE and HOUSE", "KITCHEN (7) and OX (2) do not fill a row of five; BOOKS is a "
                                 "plural, and the dictionary holds singular nouns only."))

    def check_seed(ans):
        if ans is True:
            return _right("The same seed draws the same start word, and the draw is written into the game's "
                          "record, so a saved game replays exactly.", "P1")
        return _mis("grid-chance-unseeded")

    c = Choose("Nobody picks a start word, so chance draws one. Two classes start a game **with the same seed**. "
               "**Do they get the same start word?**", check_seed, options=((True, "Yes"), (False, "No")),
               hint="Think of a seed as the number that starts the shuffling.",
               solution=Solution("Yes", "Chance here is a seeded draw: same seed, same word; another seed, most "
                                 "likely another word."))
    text = ("The grid is a square, **5 by 5** unless the players choose **7 by 7**; its side is odd, so it has a "
            "middle row (D1). Before the first turn a word is written along that middle row, one letter a cell: "
            "the **start word**. The cells are named like a chessboard: columns a to e from the left, rows 1 to 5 "
            "from the bottom. When nobody picks the start word, chance draws one of the right length (P1).")
    return LessonStep("grid", _title("grid"), _rules("grid"), text, (a, b, c))


# ============================================================================ 3. move


def _step_move() -> LessonStep:
    g = _game()
    s = g.initial_state()
    letter = "s"
    best = sorted((m for m in g.word_moves(s) if m.letter == letter), key=lambda m: (-m.score, m.path))[0]

    def check(ans):
        v, mid = _judge(g, s, letter, ans)
        if v.ok:
            return _right(v.message + ".", "D2", expected=v.move)
        return _move_feedback(v, mid)

    ex = _trace_exercise(
        "You hold the letter **S**. **Write it on the grid and read a word through it**: click the empty cell "
        "for your S, then click the cells of your word in order, your S included. Any legal word will do.",
        g, s, letter, check,
        hint="Put the S next to a letter at one end of TABLE, and read along the row through it.",
        solution=Solution(f"S on {cell_name(best.cell, 5)}, reading {best.word.upper()}",
                          f"{_walk(best, s.position)}: each step goes to a touching cell, the path runs through the "
                          f"new S, and {best.word.upper()} is in the dictionary.", picks=_clicks_for(best, 5)))
    text = ("A turn has two halves that only count together (D2). First, **write one letter** into an empty cell "
            "that touches a letter already on the grid: left, right, above or below, never only at a corner. "
            "Then **read a word** along a chain of touching cells, each cell at most once: it may start anywhere, "
            "turn, and run backwards, but it must pass through your new letter. The word has two letters or more "
            "and is in the dictionary. If your path breaks a rule, the board tells you which.")
    return LessonStep("move", _title("move"), _rules("move"), text, ex)


# ============================================================================ 4. dictionary


def _step_dictionary() -> LessonStep:
    g = _game()
    lex = g.lexicon
    kinds = {"chair": None, "chairs": "dict-plural", "paris": "dict-name", "quickly": "dict-not-a-noun",
             "bread": None}
    right = frozenset(w for w in kinds if w in lex)

    def check_words(ans):
        if ans == right:
            return _right("CHAIR and BREAD are nouns in the singular: both are in the dictionary.", "D2",
                          expected=right)
        for w in sorted(ans - right):
            if kinds[w]:
                return _mis(kinds[w])
        return _no("There is more than that: every singular noun of the list is in the dictionary.", "D2")

    a = Choose("**Which of these are words of the game's English dictionary?** (choose every one)", check_words,
               options=tuple((w, "Paris" if w == "paris" else w) for w in kinds), many=True,
               hint="Ask of each: is it a thing's name, in the singular, and not a person's or a place's name?",
               solution=Solution("chair and bread", "chairs is a plural, Paris a place's name, quickly an adverb."))

    s = _play(g, USED_MOVES)
    options = ("table", "tablet", "sat", "stab", "cable")
    used = frozenset(w for w in options if w in s.position.used)

    def check_used(ans):
        if ans == used:
            return _right("TABLE is the start word, TABLET and SAT were made: all three are used up; STAB and "
                          "CABLE are still free.", "D3", expected=used)
        if ans - used:
            return _mis("dict-free-word-used")
        if "table" not in ans:
            return _mis("dict-start-word-free")
        return _mis("dict-made-word-free")

    b = _choice_board(
        "Player 1 made TABLET, then player 2 made SAT. **Which of these can nobody make any more in this game?** "
        "(choose every one)", lambda: _board(g, s), tuple((w, w.upper()) for w in options), check_used,
        hint="Which words were on the grid, or made, before now?",
        solution=Solution("TABLE, TABLET and SAT", "The start word counts as made before the first turn, and a "
                          "word scores once per game, whoever made it and along whatever path."), many=True)
    text = ("Which words count (D2): ordinary **nouns**, in the singular and in their dictionary form. The game "
            "ships an English and a Russian list of such nouns, and a teacher can add or remove words. And every "
            "word scores **once per game** (D3): the start word counts as already made, and once somebody makes "
            "a word nobody can make it again, along any path.")
    return LessonStep("dictionary", _title("dictionary"), _rules("dictionary"), text, (a, b))


# ============================================================================ 5. readable


def _step_readable() -> LessonStep:
    g = _game()
    s = g.initial_state()
    pos = s.position
    options = ("tab", "bat", "lab", "bleat", "cab")
    right = frozenset(w for w in options if readable_path(pos, w) is not None)

    def check_read(ans):
        if ans == right:
            return _right("TAB reads along a3 → b3 → c3, and BAT along the same cells backwards.", "D4",
                          expected=right)
        if ans - right:
            return _mis("readable-apart")
        return _mis("readable-backwards")

    a = _choice_board("**Which of these words can already be read on this grid?** (choose every one)",
                      lambda: _board(g, s), tuple((w, w.upper()) for w in options), check_read,
                      hint="Follow touching letters in both directions, left to right and right to left.",
                      solution=Solution("TAB and BAT", "TAB along a3 → b3 → c3, BAT along c3 → b3 → a3. LAB and "
                                        "BLEAT have their letters on the grid, but not touching in that order; "
                                        "there is no C."), many=True)
    move = Move(to_cell("b4", 5), "t", "bat", parse_path("c3-b3-b4", 5))
    tried = Trace(move.cell, "t", move.path)

    def check_move(ans):
        if ans is False:
            v = judge_in_words(pos, g.lexicon, "b4", "t", "c3-b3-b4")
            return _right(reason_in_words(v.message.split(": ", 1)[1]), "D4")
        return _mis("readable-through-new")

    b = _choice_board("A player writes **T on b4** and reads **BAT** along c3 → b3 → b4, through the new T. "
                      "**Does the move count?**", lambda: _board(g, s, tried), ((True, "Yes"), (False, "No")),
                      check_move, hint="Was BAT on the grid before the T was written?",
                      solution=Solution("No", "BAT could already be read along c3 → b3 → a3 before the move: the "
                                        "new T does not make it."))
    text = ("A word must be **new on the grid** (D4). If it can already be read before your letter goes in, it "
            "is not yours, even when your path runs through your new letter: your letter has to be what makes "
            "the word. Remember that words may be read backwards and around corners.")
    return LessonStep("readable", _title("readable"), _rules("readable"), text, (a, b))


# ============================================================================ 6. score


def _step_score() -> LessonStep:
    g = _game()
    played = _play(g, ("a4=s stable a4-a3-b3-c3-d3-e3",))
    move = played.words[-1][1]
    right = move.score
    wrong = {1: "score-per-word", right - 1: "score-new-only-old"}

    def check_points(ans):
        ans = int(ans)
        if ans == right:
            return _right(f"{move.word.upper()} has {right} letters: {right} points.", "D5", expected=right)
        if ans in wrong:
            return _mis(wrong[ans])
        if ans > right:
            return _mis("score-grid-letters")
        return _no("Count every letter along the word's path.", "D5")

    a = _choice_board(
        "Player 1 just wrote **S on a4** and read **STABLE** (blue path). **How many points does the move "
        "earn?**", lambda: _board(g, played, shown=0), tuple((str(k), str(k)) for k in range(1, 10)),
        lambda ans: check_points(ans), hint="Count the cells along the blue path, old letters and new.",
        solution=Solution(f"{right} points", f"{_walk(move, played.position)}: {right} letters, a point each."))

    s = g.initial_state()
    letter = "t"
    moves = [m for m in g.word_moves(s) if m.letter == letter]
    best = max(m.score for m in moves)
    model = sorted((m for m in moves if m.score == best), key=lambda m: m.path)[0]

    def check_longest(ans):
        v, mid = _judge(g, s, letter, ans)
        if not v.ok:
            return _move_feedback(v, mid)
        if v.move.score == best:
            return _right(f"{v.message}: no word with this T is longer.", "D5", expected=v.move)
        return _mis("score-not-longest")

    b = _trace_exercise(
        "Now you hold a **T**. **Make the longest word you can with it**: click the cell for your T, then "
        "your word's cells in order.", g, s, letter, check_longest,
        hint="A T can be added at an end of TABLE to make a longer word.",
        solution=Solution(f"T on {cell_name(model.cell, 5)}, reading {model.word.upper()}: {best} points",
                          f"{_walk(model, s.position)}.", picks=_clicks_for(model, 5)))
    text = ("A word earns **one point for each of its letters** (D5): all of them, the new one and those already "
            "on the grid. Scores add up over the game. So a long word through old letters is worth a lot, and "
            "your new letter may also open long words for the next player.")
    return LessonStep("score", _title("score"), _rules("score"), text, (a, b))


# ============================================================================ 7. end


def _step_end() -> LessonStep:
    g = _game()
    one_pass = _play(g, ("e4=t tablet a3-b3-c3-d3-e3-e4", "pass"))

    def check_over(ans):
        if ans == g.is_over(one_pass):
            return _right("One pass: player 1 may still make a word, and a word starts the count of passes "
                          "again.", "P3")
        return _mis("end-one-pass")

    a = _choice_board("Player 1 made TABLET, then player 2 **passed**. **Is the game over?**",
                      lambda: _board(g, one_pass), ((True, "Yes"), (False, "No")), check_over,
                      hint="How many players have passed, one after the other?",
                      solution=Solution("No", "With two players the game ends after two passes in a row; one "
                                        "pass is not enough."))
    options = (("full", "the grid is full"), ("stuck", "no legal word is left"),
               ("passes", "every player passed, one after the other"), ("one", "one player passes"),
               ("twenty", "a player reaches 20 points"))
    right = frozenset({"full", "stuck", "passes"})

    def check_ends(ans):
        if ans == right:
            return _right("A full grid, no word left, or a pass from every player in a row: the game ends.",
                          "D6")
        if "one" in ans:
            return _mis("end-one-pass")
        if "twenty" in ans:
            return _mis("end-target")
        for key, mid in (("stuck", "end-stuck-missing"), ("full", "end-full-missing"),
                         ("passes", "end-passes-missing")):
            if key not in ans:
                return _mis(mid)
        return _no("Not quite.", "D6")  # pragma: no cover - every other answer is named above

    b = Choose("**Which of these end the game?** (choose every one)", check_ends, options=options, many=True,
               hint="Think of what can still happen on the grid in each case.",
               solution=Solution("a full grid, no legal word left, every player passing in a row",
                                 "A player may pass at any time, and must when no word can be made; the game "
                                 "ends when nobody can write a letter, nobody can make a word, or everybody "
                                 "passed one after the other. There is no target score."))
    text = ("Instead of making a word you may always **pass** (D6); with no legal word, passing is all you can do "
            "(P2). The game ends when the grid is **full**, when **no legal word** is left for anybody, or when "
            "**every player has passed**, one after the other (P3: as many passes in a row as there are players; "
            "a word in between starts the count again).")
    return LessonStep("end", _title("end"), _rules("end"), text, (a, b))


# ============================================================================ 8. letters


def _step_letters() -> LessonStep:
    options = (("case", "TABLE and table"), ("mixed", "Table and tABLE"), ("yo", "ЁЖ and еж"),
               ("order", "TAB and BAT"))
    right = frozenset({"case", "mixed", "yo"})

    def check(ans):
        if ans == right:
            return _right("Case never matters, and ё is е: those three pairs are one word each; TAB and BAT are two "
                          "words.", "D7")
        if "order" in ans:
            return _mis("letters-order")
        if "yo" not in ans:
            return _mis("letters-yo")
        return _mis("letters-case")

    ex = Choose("**Which of these pairs count as one and the same word?** (choose every one)", check,
                options=options, many=True, hint="Two things never matter: how big a letter is, and the dots on ё.",
                solution=Solution("TABLE and table, Table and tABLE, ЁЖ and еж",
                                  "Capitals are the same letters; in Russian ё is read as е. TAB and BAT have their "
                                  "letters in another order: another word."))
    text = ("Capital or small letters make **no difference** (D7): TABLE is table. In a Russian game, **ё is read as "
            "е**, so ЁЖ and ЕЖ are one word: once one is made, the other is used up.")
    return LessonStep("letters", _title("letters"), _rules("letters"), text, ex)


# ============================================================================ 9. winner


def _step_winner() -> LessonStep:
    three = _game(3).state_from_text("5/5/TABLE/5/5 used=table turn=1 scores=18,25,25 passes=0 over")
    winners = frozenset(_game(3).winners(three))
    options = ((frozenset({1}), "Player 2"), (frozenset({1, 2}), "Players 2 and 3 share the win"),
               (frozenset({0, 1, 2}), "A draw: nobody wins"), (frozenset({2}), "Player 3"))

    def check(ans):
        if ans == winners:
            return _right("Players 2 and 3 have the top score, 25: they share the win.", "D8")
        if len(ans) == 1:
            return _mis("winner-tie-broken")
        return _mis("winner-draw-for-all")

    a = Choose("A three-player game ended with **18, 25 and 25 points** (players 1, 2 and 3). **Who wins?**", check,
               options=options, hint="Who has the top score, and is anybody level with them?",
               solution=Solution("Players 2 and 3 share the win", "The top score is 25, and two players have it; "
                                 "player 1 has fewer points."))
    two = _game(2).state_from_text("5/5/TABLE/5/5 used=table turn=1 scores=23,23 passes=0 over")

    def check_two(ans):
        if ans == "draw" and _game(2).result_text(two).startswith("a draw"):
            return _right("Equal scores with two players: a draw.", "D8")
        return _mis("winner-first") if ans == 0 else _mis("winner-tie-broken")

    b = Choose("Two players ended level, **23 points each**; player 1 made the first word. **Who wins?**", check_two,
               options=((0, "Player 1"), (1, "Player 2"), ("draw", "A draw")),
               hint="Does anything but the scores count at the end?",
               solution=Solution("A draw", "Only the scores count, and they are equal."))
    text = ("When the game ends, the **highest score wins** (D8). Equal top scores share the win; with two players "
            "level, the game is a draw.")
    return LessonStep("winner", _title("winner"), _rules("winner"), text, (a, b))


# ============================================================================ 10. variants


def _step_variants() -> LessonStep:
    lex = _game().lexicon
    options = ("table", "kitchen", "chairs")
    right = next(w for w in options if len(w) == 7 and w in lex)

    def check(ans):
        if ans == right:
            return _right("KITCHEN has seven letters, one for each cell of the middle row.", "D1")
        return _mis("variants-length")

    a = Choose("**Which of these can start a game on the 7 by 7 grid?**", check,
               options=tuple((w, w.upper()) for w in options),
               hint="Count the cells of the middle row on the big grid.",
               solution=Solution("KITCHEN", "Seven cells, seven letters; TABLE has five and CHAIRS six (and is a "
                                 "plural)."))

    def check_yo(ans):
        if ans is False:
            return _right("ЁЖ and ЕЖ are one word, and that word has been made: it is used up.", "D7")
        return _mis("variants-yo")

    b = Choose("In a Russian game, a player made **ЁЖ** (hedgehog). **May another player make ЕЖ later?**", check_yo,
               options=((True, "Yes"), (False, "No")), hint="How does a Russian game read the letter ё?",
               solution=Solution("No", "ё is read as е, so ЕЖ is the word already made, and a word scores once."))
    text = ("Everything so far holds on the big grid too (D1): a **7 by 7** grid has a seven-letter start word and "
            "a longer game. And Balda plays in **Russian** with a Russian list of nouns, where ё is read as е (D7).")
    return LessonStep("variants", _title("variants"), _rules("variants"), text, (a, b))


# ============================================================================ 11. play


PLAY_SEED = 3


def play_app():
    """The game of the last step: you against the greedy bot, the learner's own (created when first shown).

    It lives in the learner's store (:func:`~balada_widgets.ui.lesson.learner_store`: their tutorial's, one
    per app page, one per notebook kernel), never in this module: the app serves every student from one
    process, and each plays their own game.
    """
    store = learner_store()
    app = store.get("balda-play")
    if app is None:
        view = importlib.import_module("balada_widgets.balda.view")  # the live board, loaded only when shown
        app = store["balda-play"] = view.BaldaApp(players=2, bots=1, bot_level="greedy", seed=PLAY_SEED)
    return app


def _play_check(app) -> Feedback:
    game, state = app.game, app.session.state
    if not game.is_over(state):
        return _no("Play on until the game is over: make words, pass when you have none.", "D6")
    winners = game.winners(state)
    lead = ("A draw." if len(winners) > 1 else "You won!" if winners == [0] else "The bot won this time.")
    return _right(f"{lead} You {state.scores[0]}, the bot {state.scores[1]}: {game.result_text(state)}.", "D8")


def _play_make(answer, on_answer):
    view = importlib.import_module("balada_widgets.balda.view")
    return view.LessonGame(app=play_app(), on_answer=on_answer)


def _step_play() -> LessonStep:
    ex = Custom("**Play a game to the end** against the greedy bot, then press Check. Click a green cell, type "
                "its letter, trace the word and press Enter; the bot answers at once.", _play_check,
                hint="Long words through many old letters score most; the hints under *Hints* help when stuck.",
                solution=Solution("a whole game, played to its end", "Any finished game counts: a full grid, no "
                                  "word left, or both players passing in a row. The greedy bot always plays a "
                                  "longest word it knows; to beat it, think of what your letter opens for it."),
                make=_play_make)
    text = ("Now everything together: a whole game against the greedy bot, on the live board. The green cells are "
            "where a letter may go; the panel under the grid tells you, while you trace, whether your word is "
            "fine and which rule it breaks if not. Use *Undo* when you change your mind, and *Pass* when you "
            "have no word.")
    return LessonStep("play", _title("play"), _rules("play"), text, ex)


# ============================================================================ the lesson and the notebook face

_BUILDERS = {"idea": _step_idea, "grid": _step_grid, "move": _step_move, "dictionary": _step_dictionary,
             "readable": _step_readable, "score": _step_score, "end": _step_end, "letters": _step_letters,
             "winner": _step_winner, "variants": _step_variants, "play": _step_play}


@lru_cache(maxsize=None)
def lesson() -> Lesson:
    """The tutorial as a :class:`~balada_widgets.ui.lesson.Lesson` (built once, on first use)."""
    return Lesson("Balda", tuple(_BUILDERS[s.id]() for s in STEPS))


_FACE = NotebookFace(lesson, [s.id for s in STEPS],
                     lambda: f"no such step in the Balda tutorial; the steps are {', '.join(s.id for s in STEPS)}")


def tutorial():
    """The notebook face of the lesson (one per kernel, so every cell shares the progress)."""
    return _FACE.tutorial()


def step(step_id: Optional[str] = None):
    """Show step ``step_id`` of the tutorial (the last expression of a notebook cell): ``step("readable")``.

    :raises InvalidInput: no step has that id (the message lists them).
    """
    return _FACE.step(step_id)


# ============================================================================ a grid picture for notebooks


class GridPicture(str):
    """An SVG string that Jupyter shows as a picture (``_repr_svg_``)."""

    def _repr_svg_(self) -> str:
        return str(self)


def grid_svg(position: Position, path=None, new=None, new_letter: Optional[str] = None,
             title: Optional[str] = None) -> GridPicture:
    """A position drawn like the live board, with an optional traced ``path`` and ``new`` letter; ``title`` under it.

    For notebooks (the lab's): ``path`` is text (``"a3-b3-c3-c4"``) or cells,
    ``new`` a cell name, ``new_letter`` written there. The path runs under the
    letters; the title is a caption band as wide as the grid (never clipped).

    >>> svg = grid_svg(Position.new("table"), path="a3-b3-c3-d3-e3-e4", new="e4", new_letter="t", title="TABLET")
    >>> svg.startswith("<svg") and ">T</text>" in svg and "TABLET" in svg and 'class="gp trace"' in svg
    True
    """
    n = position.size
    text = {(r, c): ch for r, row in enumerate(position.rows) for c, ch in enumerate(row) if ch != "."}
    classes: dict = {(n // 2, c): ["fixed"] for c in range(n)}
    cells = tuple(parse_path(path, n)) if path is not None else ()
    if new is not None:
        spot = to_cell(new, n)
        classes[spot] = classes.get(spot, []) + ["chosen"]
        if new_letter and spot not in text:
            text[spot] = new_letter
            classes[spot].append("pending")
    for c in cells:
        classes[c] = classes.get(c, []) + ["onpath"]
    paths = [GridPath(cells, "trace", numbered=True)] if len(cells) > 1 else []
    svg = _grid_svg(n, n, text=text, classes=classes, paths=paths, look=LOOK, css=CSS,
                    name=chess_name, label=f"Balda grid {n} by {n}")
    return GridPicture(_with_caption(svg, title) if title else svg)
