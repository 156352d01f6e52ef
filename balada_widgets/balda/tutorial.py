"""The Balda tutorial: eleven steps, each a short text and an exercise the learner *does* on a real position.

Pure Python (no Solara import; the kit's lesson player and the live board are
imported only when a step is shown). A notebook cell is one line::

    from balada_widgets import balda
    balda.tutorial.step("readable")                  # Step 5 of 11: A word must be new on the grid
    balda.tutorial.step("readable", language="ru")   # the same step in Russian, on a Russian grid

This module holds only the lesson's *oracles*: for each step the position,
the right answer and how each wrong answer is read. Its *words* (titles,
prose, prompts, hints, the misreadings, the answers' explanations, the
boards' captions, the kit's buttons) and its *material* (the start word, the
moves of a finished game, the words to sort, in that language's dictionary)
are data: one file per language, ``balda/lessons/<language>.yaml``, read and
checked by :mod:`balada_widgets.core.lesson_words` (format: ``docs/lessons.md``).

The lesson follows the GUIDE's standard for tutorials (theme, goal, do it):

- every step is a short text and an exercise: click cells on a grid drawn
  exactly like the live board (:func:`.drawing.board_svg`, letters above the
  path lines), press an answer under a board, or play a game;
- nothing on a board gives an answer away: no highlighted target, no score, no
  numbered path, no traced path until the learner traces it; no prompt holds
  an example that is itself a right answer; no question has only two options
  (a second try would be right by elimination);
- every verdict comes from the engine: a traced move is judged by
  :func:`~.movegen.judge_path` (its checks, told in the lesson's words), words
  by the game's dictionary, readability by :func:`~.movegen.readable_path`,
  spellings by :func:`~.lexicon.normalise_word`, the end and the winner by
  :class:`~.rules.BaldaGame`. A wrong answer that a known misreading explains
  is named with its rule (:data:`MISREADINGS`), never with the answer;
- the kit (:mod:`balada_widgets.kit.lesson`) gives the replies' tiers; the
  rule ids are this project's rulings (the rule text has no numbers), so the
  kit names them "our ruling D4".

Moves are described in words ("the letter S on a4, reading STABLE"), never in
move notation; cells keep their names (columns ``a``-``e`` from the left, rows
``1``-``5`` from the bottom), which the boards show along their edges.

>>> [s.id for s in steps()][:4]
['idea', 'grid', 'move', 'dictionary']
>>> ex = lesson().find("readable").parts[0]
>>> ex.check(frozenset({"tab", "bat"})).ok
True
>>> fb = ex.check(frozenset({"tab"}))
>>> fb.misreading, fb.rule
('readable-backwards', 'D4')
>>> lesson("ru").find("readable").parts[0].check(frozenset({"рог", "род"})).ok
True
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple, Optional, Sequence

from ..core import lesson_words
from ..core.errors import InvalidInput
from ..core.feedback import Feedback, Step
from ..kit.grid import GridPath, cell_id, chess_name, grid_svg as _grid_svg
from ..kit.lesson import Built, Choose, Custom, Lesson, LessonBook, Pick, Solution, build_steps, learner_store
from ..kit.paths import Trace
from .drawing import CSS, LESSON_CSS, LOOK, board_svg
from .lexicon import normalise_word
from .movegen import Move, judge_path, readable_path
from .position import Position, cell_name, parse_path, path_text, to_cell
from .rules import BaldaGame

__all__ = ["LANGUAGES", "LESSONS", "MISREADINGS", "Misreading", "RULES", "STEPS", "GridPicture", "grid_svg",
           "kit_words", "lesson", "misreadings", "rulings", "rulings_taught", "step", "step_by_id", "steps",
           "tutorial"]

#: the folder of the lesson's files, one per language (``en.yaml``, ``ru.yaml``)
LESSONS = Path(__file__).resolve().parent / "lessons"

#: the steps in order, each with the rulings it teaches (its words are ``steps.<id>`` of the files)
STEP_RULES = tuple((s.split()[0], tuple(s.split()[1:])) for s in (
    "idea D5 D8, grid D1 P1, move D2, dictionary D2 D3, readable D4, score D5, end D6 P2 P3, letters D7, "
    "winner D8, variants D1 D7, play D2 D3 D4 D5 D6 D8").split(", "))

def languages() -> tuple:
    """The languages the lesson has files in, English first."""
    return tuple(lesson_words.language_files(LESSONS))


LANGUAGES = languages()


# ============================================================================ misreadings


@dataclass(frozen=True)
class Misreading:
    """A way to misread a rule: its id, the step where it is recognised, the rule id(s), the message."""

    id: str
    step: str
    rule: str
    message: str


def _step_of(mid: str) -> str:
    head = mid.split("-")[0]
    return "dictionary" if head == "dict" else head


# ============================================================================ the lesson in one language


class _Lang:
    """One language's lesson being built: its words, its material, its games and the feedback helpers."""

    def __init__(self, words: lesson_words.LessonWords):
        self.words, self.language = words, words.language
        self.stuff = words.scope("material")
        self.common = words.scope("words")
        say = words.scope("board")
        self.label, self.empty_label, self.press, self.press_first, self.trace_first, self.back, self.clear = (
            say(k) for k in ("label", "empty-label", "press", "press-first", "trace-first", "back", "clear"))
        self.your_answer = say.template("your-answer", "answer")
        self.click_cell, self.click_path = say.template("click-cell", "letter"), say.template("click-path", "letter",
                                                                                             "cell")
        verdict = words.scope("verdict")
        self.verdicts = {key: verdict.template(key, *fields) for key, fields in _VERDICT_FIELDS.items()}
        self.arrow = self.common("arrow")
        self.start = normalise_word(self.stuff("start"))
        # misreadings.<ruling>.<id>: the misreadings of each ruling the checks recognise, in words
        self.misreadings = {key.split(".")[1]: (key.split(".")[0], text)
                            for key, text in words.section("misreadings").items()}
        self.rules = words.section("rules")
        self.kit = words.section("kit")

    @lru_cache(maxsize=None)
    def game(self, players: int = 2) -> BaldaGame:
        """The lesson's game: this language's dictionary, the material's start word in the middle row."""
        return BaldaGame(players=players, language=self.language, start_word=self.start)

    def play(self, moves, players: int = 2):
        g = self.game(players)
        state = g.initial_state()
        for m in moves:
            state = g.apply(state, m)
        return state

    def join(self, items: Sequence[str], pairs: bool = False) -> str:
        """``a, b and c`` in the lesson's words (``words.list``: the separator and the last one); ``pairs``:
        items that hold the last word themselves (``A and a, B and b``), the separator only."""
        sep, last = self.common.list("list")
        items = list(items)
        return sep.join(items[:-1]) + (sep if pairs else last) + items[-1] if len(items) > 1 else "".join(items)

    def points(self, n: int) -> str:
        return self.common("count", n=n, points=self.common.plural("points", n))

    def player(self, p: int) -> str:
        return self.common("player", n=p + 1)

    def mis(self, mid: str) -> Feedback:
        """The feedback naming misreading ``mid`` (the kit adds its rule); never the answer."""
        rule, text = self.misreadings[mid]
        return Feedback(False, text, rule, misreading=mid)


def _right(text: str, rule: Optional[str] = None, expected=None) -> Feedback:
    """A right answer: the kit says "Right!" before ``text`` (so ``text`` never starts with a verdict)."""
    return Feedback(True, text, rule, expected=expected)


def _no(text: str, rule: Optional[str] = None) -> Feedback:
    """A wrong answer no misreading explains (the kit names the rule, or the step's rules)."""
    return Feedback(False, text, rule)


# ============================================================================ drawing


def _board(game: BaldaGame, state, trace: Trace = Trace(), shown: Optional[int] = None, caption: str = "",
           clicks: Optional[int] = None) -> str:
    """The grid as the live board draws it, nothing highlighted, a played word's path without step numbers (as a
    player at the table sees it traced); ``caption`` under it. ``clicks``: the clicks so far, in each cell's
    ``data-id`` (``cell-a4@3``) so a second click on a cell counts; ``None``: a board to look at only."""
    ids = None if clicks is None else (lambda name: f"{cell_id(name)}@{clicks}")
    return board_svg(game, state, trace, (), shown=shown, show_targets=False, footer=(caption, caption) if caption
                     else None, numbers=False, ids=ids)


# ============================================================================ exercise kinds on a board


@dataclass(frozen=True)
class BoardChoice(Pick):
    """A question about a board: the answers are the buttons under it (``many``: several, a frozenset).

    The board only shows the position (its cells take no clicks); the caption
    under it says what the learner chose so far.
    """

    words: Any = ()  # (id, label) pairs: the buttons
    unread: str = ""  # why an empty answer is not read, in the lesson's words

    def read(self, raw):
        ids = {i for i, _ in self.words}
        got = tuple(r for r in (raw or ()) if r in ids)
        if not got:
            return None, self.unread
        return (frozenset(got) if self.mode == "set" else got[-1]), None


def _choice_board(L: _Lang, prompt: str, state, options, check, hint: str, solution, many: bool = False,
                  trace: Trace = Trace(), shown: Optional[int] = None) -> BoardChoice:
    labels = dict(options)

    def draw(sel):
        chosen = [labels[s] for s in sel if s in labels]
        if not many:
            chosen = chosen[-1:]
        caption = L.your_answer(answer=L.join(chosen)) if chosen else L.press
        return _board(L.game(), state, trace, shown, caption)

    return BoardChoice(prompt, check, hint=hint, solution=solution, draw=draw, mode="set" if many else "one",
                       buttons=tuple(options), label=L.label, words=tuple(options),
                       unread=L.press_first, css=LESSON_CSS)


@dataclass(frozen=True)
class TraceOnBoard(Pick):
    """Write a given letter and trace a word, on a board drawn like the live one.

    The first click on a cell chooses where the letter goes; the next clicks
    trace the word, in order (the new cell included). *Take back* removes the
    last click, *Start again* clears. The answer is ``(cell, path)`` as names.
    """

    position: Position = None  # type: ignore[assignment]
    letter: str = ""
    unread: str = ""

    def click(self, selected: tuple, id_: str) -> tuple:
        return selected + (id_,)  # every click counts: the ids carry the click number (see _board)

    def read(self, raw):
        cell, path = fold_clicks(raw or ())
        if cell is None or not path:
            return None, self.unread
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


def _trace_exercise(L: _Lang, prompt: str, state, letter: str, check, hint: str, solution) -> TraceOnBoard:
    game, pos = L.game(), state.position
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
            caption = L.click_cell(letter=letter.upper())
        elif not path:
            caption = L.click_path(letter=letter.upper(), cell=cell)
        else:
            caption = _move_in_words(L, pos, cell, letter, path)
        return _board(game, state, trace, caption=caption, clicks=len(sel))

    return TraceOnBoard(prompt, check, hint=hint, solution=solution, draw=draw, mode="sequence",
                        buttons=(("back", L.back), ("clear", L.clear)), label=L.label,
                        position=pos, letter=letter, unread=L.trace_first, css=LESSON_CSS)


def _clicks_for(move: Move, n: int) -> tuple:
    """The clicks that make ``move`` on a :class:`TraceOnBoard` (what the answer's board replays)."""
    names = [cell_name(move.cell, n)] + [cell_name(c, n) for c in move.path]
    return tuple(f"cell-{name}@{k}" for k, name in enumerate(names))


# ============================================================================ the engine's verdict, in words

#: the engine's reasons (``movegen.check_move``): what its message says -> (the words' key, the misreading shown)
_REASONS = (("holds", "taken", "move-cell-taken"), ("occupied", "lonely", "move-not-touching"),
            ("twice", "twice", "move-cell-twice"), ("neighbours", "apart", "move-diagonal"),
            ("crosses", "gap", "move-gap"), ("go through", "not-through", "move-not-through"),
            ("at least", "short", "move-not-a-word"), ("is not in", "unknown", "move-not-a-word"),
            ("start word", "start", "move-used"), ("played", "played", "move-used"),
            ("could already", "readable", "move-readable"))
#: the fields a reason's words may use: the cells it names (``cell``; ``a``, ``b``), the letter, the word, the
#: number and the path (``c3 → b3 → a3``)
_FIELDS = ("cell", "a", "b", "letter", "word", "n", "path")
_VERDICT_FIELDS = {"move": ("letter", "cell", "word"), "letter": ("letter", "cell"), "scores": ("word", "points"),
                   "said": ("move", "verdict"), "step": ("letter", "cell"), **{key: _FIELDS for _, key, _ in _REASONS}}


def _reason_fields(L: _Lang, reason: str) -> dict:
    """What an engine reason names, as the lesson's words take it."""
    path = re.search(r"\(along ([\w-]+)\)", reason)
    cells = re.findall(r"\b[a-z]\d{1,2}\b", re.sub(r"\(along [^)]*\)", "", reason)) + ["", ""]
    quoted = re.findall(r"'(\w+)'", reason) + [""]
    number = re.findall(r"\b\d+\b", re.sub(r"\b[a-z]\d+\b", "", reason)) + [""]
    return dict(cell=cells[0], a=cells[0], b=cells[1], letter=quoted[0].upper(), word=quoted[0].upper(),
                n=number[0], path=L.arrow.join(path.group(1).split("-")) if path else "")


class Verdict(NamedTuple):
    """The engine's verdict on a traced move, told in the lesson's words (``reason``: without the move), and the
    misreading it shows."""

    ok: bool
    rule: Optional[str]
    message: str
    move: Optional[Move]
    misreading: Optional[str]
    reason: str


def _move_in_words(L: _Lang, pos: Position, cell: str, letter: str, path) -> str:
    """``The letter S on a4, reading STABLE`` (what the path spells so far)."""
    n = pos.size
    spot = to_cell(cell, n)
    cells = parse_path(path, n) if path else ()
    word = "".join((letter if c == spot else pos.cell(c) or "?") for c in cells).upper()
    text = (L.verdicts["move"](letter=letter.upper(), cell=cell, word=word) if cells else
            L.verdicts["letter"](letter=letter.upper(), cell=cell))
    return text[:1].upper() + text[1:]


def judge(L: _Lang, pos: Position, cell: str, letter: str, path) -> Verdict:
    """The engine's :func:`~.movegen.judge_path` on the learner's move, in the lesson's words (verdict.*)."""
    v = judge_path(pos, L.game().lexicon, cell, letter, path)
    head = _move_in_words(L, pos, cell, letter, path)
    if v.ok:
        said = L.verdicts["scores"](word=v.move.word.upper(), points=L.points(v.move.score))
        return Verdict(True, v.rule, L.verdicts["said"](move=head, verdict=said), v.move, None, said)
    reason = v.message.split("': ", 1)[-1]
    key, mid = next(((key, mid) for said, key, mid in _REASONS if said in reason), (None, None))
    said = L.verdicts[key](**_reason_fields(L, reason)) if key else v.message  # (no key: a new engine reason)
    return Verdict(False, v.rule, L.verdicts["said"](move=head, verdict=said), None, mid, said)


def _move_feedback(v: Verdict) -> Feedback:
    """A refused move: what the engine says about it, in words, named as a misreading (the kit adds its rule)."""
    return Feedback(False, v.message, v.rule, misreading=v.misreading)


def _walk(L: _Lang, move: Move, position: Position) -> str:
    """The word's path, letter by letter with its cells, in the lesson's words (``verdict.step``, ``words.arrow``)."""
    return L.arrow.join(L.verdicts["step"](letter=(move.letter if c == move.cell else position.cell(c)).upper(),
                                           cell=cell_name(c, position.size)) for c in move.path)


def _options(w, key: str, ids: Sequence) -> tuple:
    """``(id, label)`` of a question's options, the labels from ``<key>.<id>``."""
    return tuple((i, w(f"{key}.{i}")) for i in ids)


# ============================================================================ 1. idea


def _step_idea(L: _Lang, w) -> tuple:
    g = L.game()
    end = L.play(L.stuff.list("idea"))
    made = {0: [], 1: []}
    for p, m in end.words:
        made[p].append(m.word.upper())
    winner = g.winners(end)
    right = winner[0] if len(winner) == 1 else "draw"
    most_words = max((0, 1), key=lambda p: len(made[p]))
    s1, s2 = end.scores
    said_right, other = w("right", first=L.points(s1), second=L.points(s2)), w("other")

    def check(ans):
        if ans == right:
            return _right(said_right, "D8", expected=right)
        if ans == most_words:
            return L.mis("idea-words-counted")
        return _no(other, "D8")

    said = [w("made", n=p + 1, words=L.join(made[p])) for p in (0, 1)]
    sums = [" + ".join(str(len(x)) for x in made[p]) for p in (0, 1)]
    explanation = w("explain", sum1=sums[0], sum2=sums[1], first=L.points(s1), second=L.points(s2))
    options = ((0, L.player(0)), (1, L.player(1)), ("draw", L.common("draw")))
    ex = _choice_board(L, w("prompt", first=said[0], second=said[1]), end, options, check,
                       w("hint"), Solution(dict(options)[right], explanation))
    return (ex,)


# ============================================================================ 2. grid


def _empty_grid(label: str, selected=()) -> str:
    n = 5
    classes = {to_cell(name.replace("cell-", ""), n): ["chosen"] for name in selected}
    return _grid_svg(n, n, classes=classes, look=LOOK, css=CSS, label=label)


def _step_grid(L: _Lang, w) -> tuple:
    lex = L.game().lexicon
    row = frozenset(f"cell-{c}3" for c in "abcde")
    column = frozenset(f"cell-c{r}" for r in range(1, 6))
    edges = [frozenset(f"cell-{c}{r}" for c in "abcde") for r in (1, 2, 4, 5)]
    cells = sorted(x[5:] for x in row)
    a_ = w.scope("row")
    said_right, other = a_("right", first=cells[0], last=cells[-1]), a_("other")

    def check_row(ans):
        if ans == row:
            return _right(said_right, "D1")
        if ans == column:
            return L.mis("grid-column")
        if ans in edges:
            return L.mis("grid-edge-row")
        return _no(other, "D1")

    label = L.empty_label
    a = Pick(a_("prompt"), check_row, draw=lambda sel: _empty_grid(label, sel), mode="set", label=label,
             hint=a_("hint"), solution=Solution(a_("answer", cells=L.join(cells)), a_("explain"),
                                                picks=tuple(sorted(row))), css=LESSON_CSS)

    b_ = w.scope("start")
    options = tuple(normalise_word(x) for x in L.stuff.list("grid"))
    right = frozenset(x for x in options if len(x) == 5 and x in lex)
    said = L.join([x.upper() for x in options if x in right])
    said_b, other_b = b_("right", words=said), b_("other")

    def check_words(ans):
        if ans == right:
            return _right(said_b, "D1", expected=right)
        for x in sorted(ans - right):
            return L.mis("grid-length" if len(x) != 5 else "grid-not-a-word")
        return _no(other_b, "D1")

    b = Choose(b_("prompt"), check_words, options=tuple((x, x.upper()) for x in options), many=True,
               hint=b_("hint"), solution=Solution(said, b_("explain")))

    c_ = w.scope("seed")
    g = L.game()
    same = _seeded_start(g, 7) == _seeded_start(g, 7)
    said_c = c_("right")

    def check_seed(ans):
        if ans == ("same" if same else "other"):
            return _right(said_c, "P1")
        return L.mis("grid-chance-unseeded")

    options_c = _options(c_, "options", ("same", "other", "length"))
    c = Choose(c_("prompt"), check_seed, options=options_c, hint=c_("hint"),
               solution=Solution(dict(options_c)["same" if same else "other"], c_("explain")))
    return (a, b, c)


def _seeded_start(game: BaldaGame, seed) -> str:
    """The start word chance draws with ``seed`` (rule P1), as the engine draws it."""
    from .rules import random_start

    return random_start(game, seed)


# ============================================================================ 3. move


def _step_move(L: _Lang, w) -> tuple:
    g = L.game()
    s = g.initial_state()
    letter = normalise_word(L.stuff("move"))
    best = sorted((m for m in g.word_moves(s) if m.letter == letter), key=lambda m: (-m.score, m.path))[0]

    said = w.template("right", "verdict")

    def check(ans):
        v = judge(L, s.position, ans[0], letter, ans[1])
        if v.ok:
            return _right(said(verdict=v.message), "D2", expected=v.move)
        return _move_feedback(v)

    fields = dict(letter=letter.upper(), cell=cell_name(best.cell, 5), word=best.word.upper())
    ex = _trace_exercise(L, w("prompt"), s, letter, check, w("hint"),
                         Solution(w("answer", **fields), w("explain", walk=_walk(L, best, s.position), **fields),
                                  picks=_clicks_for(best, 5)))
    return (ex,)


# ============================================================================ 4. dictionary


def _step_dictionary(L: _Lang, w) -> tuple:
    g = L.game()
    lex = g.lexicon
    shown = L.stuff.list("dictionary")
    kinds = {normalise_word(x): kind for kind, said in L.stuff.section("dictionary-not").items() for x in said}
    options = tuple(normalise_word(x) for x in shown)
    right = frozenset(x for x in options if x in lex)
    odd = sorted((set(options) - right) ^ set(kinds)) + [k for k, v in kinds.items() if
                                                        f"dict-{v}" not in L.misreadings]
    if odd:  # the material says why each word outside the dictionary is not in it, and only those
        raise InvalidInput(f"{L.words.source}: material.dictionary-not: {', '.join(odd)}")
    a_ = w.scope("words")
    said = L.join([x for x, o in zip(shown, options) if o in right])
    said_a, other = a_("right", words=said), a_("other")

    def check_words(ans):
        if ans == right:
            return _right(said_a, "D2", expected=right)
        for x in sorted(ans - right):
            return L.mis(f"dict-{kinds[x]}")
        return _no(other, "D2")

    a = Choose(a_("prompt"), check_words, options=tuple(zip(options, shown)), many=True, hint=a_("hint"),
               solution=Solution(said, a_("explain")))

    s = L.play(L.stuff.list("used"))
    b_ = w.scope("used")
    options_b = tuple(normalise_word(x) for x in L.stuff.list("used-options"))
    used = frozenset(x for x in options_b if x in s.position.used)
    said_b = b_("right")

    def check_used(ans):
        if ans == used:
            return _right(said_b, "D3", expected=used)
        if ans - used:
            return L.mis("dict-free-word-used")
        if L.start not in ans:
            return L.mis("dict-start-word-free")
        return L.mis("dict-made-word-free")

    b = _choice_board(L, b_("prompt"), s, tuple((x, x.upper()) for x in options_b), check_used,
                      b_("hint"), Solution(L.join([x.upper() for x in options_b if x in used]), b_("explain")),
                      many=True)
    return (a, b)


# ============================================================================ 5. readable


def _step_readable(L: _Lang, w) -> tuple:
    g = L.game()
    s = g.initial_state()
    pos = s.position
    a_ = w.scope("read")
    options = tuple(normalise_word(x) for x in L.stuff.list("readable"))
    right = frozenset(x for x in options if readable_path(pos, x) is not None)
    said_a = a_("right")

    def check_read(ans):
        if ans == right:
            return _right(said_a, "D4", expected=right)
        if ans - right:
            return L.mis("readable-apart")
        return L.mis("readable-backwards")

    a = _choice_board(L, a_("prompt"), s, tuple((x, x.upper()) for x in options), check_read,
                      a_("hint"), Solution(L.join([x.upper() for x in options if x in right]), a_("explain")),
                      many=True)
    move = g.parse_move(L.stuff("readable-move"))
    tried = Trace(move.cell, move.letter, move.path)
    cell, path = cell_name(move.cell, 5), path_text(move.path, 5)
    v = judge(L, pos, cell, move.letter, path)
    b_ = w.scope("through")
    right_b = "yes" if v.ok else "no"

    def check_move(ans):
        if ans == right_b:
            return _right(v.reason, "D4")
        return L.mis("readable-through-new" if ans == "yes" else "readable-corner")

    options_b = _options(b_, "options", ("yes", "no", "corner"))
    b = _choice_board(L, b_("prompt"), s, options_b, check_move, b_("hint"),
                      Solution(dict(options_b)[right_b], b_("explain")), trace=tried)
    return (a, b)


# ============================================================================ 6. score


def _step_score(L: _Lang, w) -> tuple:
    g = L.game()
    played = L.play((L.stuff("score"),))
    move = played.words[-1][1]
    right = move.score
    wrong = {1: "score-per-word", right - 1: "score-new-only-old"}
    a_ = w.scope("points")
    fields = dict(word=move.word.upper(), n=right, points=L.points(right))
    said_a, other = a_("right", **fields), a_("other")

    def check_points(ans):
        ans = int(ans)
        if ans == right:
            return _right(said_a, "D5", expected=right)
        if ans in wrong:
            return L.mis(wrong[ans])
        if ans > right:
            return L.mis("score-grid-letters")
        return _no(other, "D5")

    # the board a player at the table sees: the letters, the new one marked, the word's path traced, no numbers
    walk = _walk(L, move, played.position)
    a = _choice_board(L, a_("prompt"), played, tuple((str(k), str(k)) for k in range(1, 10)), check_points,
                      a_("hint"), Solution(L.points(right), a_("explain", walk=walk, **fields)), shown=0)

    s = g.initial_state()
    letter = normalise_word(L.stuff("longest"))
    moves = [m for m in g.word_moves(s) if m.letter == letter]
    best = max(m.score for m in moves)
    model = sorted((m for m in moves if m.score == best), key=lambda m: m.path)[0]
    b_ = w.scope("longest")
    said_b = b_.template("right", "verdict", "letter")

    def check_longest(ans):
        v = judge(L, s.position, ans[0], letter, ans[1])
        if not v.ok:
            return _move_feedback(v)
        if v.move.score == best:
            return _right(said_b(verdict=v.message, letter=letter.upper()), "D5", expected=v.move)
        return L.mis("score-not-longest")

    fields_b = dict(letter=letter.upper(), cell=cell_name(model.cell, 5), word=model.word.upper(),
                    points=L.points(best))
    b = _trace_exercise(L, b_("prompt"), s, letter, check_longest, b_("hint"),
                        Solution(b_("answer", **fields_b), b_("explain", walk=_walk(L, model, s.position)),
                                 picks=_clicks_for(model, 5)))
    return (a, b)


# ============================================================================ 7. end


def _step_end(L: _Lang, w) -> tuple:
    g = L.game()
    one_pass = L.play((L.stuff("end"), "pass"))
    right = "over" if g.is_over(one_pass) else f"player{one_pass.turn + 1}"
    a_ = w.scope("pass")
    said_a = a_("right")

    def check_over(ans):
        if ans == right:
            return _right(said_a, "P3")
        return L.mis("end-one-pass" if ans == "over" else "end-pass-turn")

    options_a = _options(a_, "options", ("over", "player1", "player2"))
    a = _choice_board(L, a_("prompt"), one_pass, options_a, check_over, a_("hint"),
                      Solution(dict(options_a)[right], a_("explain")))
    b_ = w.scope("ends")
    options = _options(b_, "options", ("full", "stuck", "passes", "one", "twenty"))
    right_b = frozenset({"full", "stuck", "passes"})
    said_b, other = b_("right"), b_("other")

    def check_ends(ans):
        if ans == right_b:
            return _right(said_b, "D6")
        if "one" in ans:
            return L.mis("end-one-pass")
        if "twenty" in ans:
            return L.mis("end-target")
        for key, mid in (("stuck", "end-stuck-missing"), ("full", "end-full-missing"),
                         ("passes", "end-passes-missing")):
            if key not in ans:
                return L.mis(mid)
        return _no(other, "D6")  # pragma: no cover - every other answer is named above

    b = Choose(b_("prompt"), check_ends, options=options, many=True, hint=b_("hint"),
               solution=Solution(L.join([label for i, label in options if i in right_b]), b_("explain")))
    return (a, b)


# ============================================================================ 8. letters


def _pair_kind(a: str, b: str) -> str:
    """How two spellings differ, as the engine reads them (:func:`~.lexicon.normalise_word`)."""
    if normalise_word(a) != normalise_word(b):
        return "order"
    if "ё" in (a + b).lower():
        return "yo"
    return "case" if {a.isupper(), b.isupper()} == {True, False} and (a.islower() or b.islower()) else "mixed"


def _step_letters(L: _Lang, w) -> tuple:
    pairs = [tuple(p.split()) for p in L.stuff.list("letters")]
    options = tuple((_pair_kind(a, b), w("pair", a=a, b=b)) for a, b in pairs)
    right = frozenset(k for k, _ in options if k != "order")
    said = w("right")

    def check(ans):
        if ans == right:
            return _right(said, "D7")
        if "order" in ans:
            return L.mis("letters-order")
        if "yo" not in ans:
            return L.mis("letters-yo")
        return L.mis("letters-case")

    ex = Choose(w("prompt"), check, options=options, many=True, hint=w("hint"),
                solution=Solution(L.join([label for k, label in options if k in right], pairs=True), w("explain")))
    return (ex,)


# ============================================================================ 9. winner


def _step_winner(L: _Lang, w) -> tuple:
    def finished(players: int, scores):
        return replace(L.game(players).initial_state(), scores=scores, turn=1, over=True)

    scores = (18, 25, 25)
    winners = frozenset(L.game(3).winners(finished(3, scores)))
    a_ = w.scope("three")
    ids = {"p2": frozenset({1}), "shared": frozenset({1, 2}), "draw": frozenset({0, 1, 2}), "p3": frozenset({2})}
    labels = dict(_options(a_, "options", tuple(ids)))
    options = tuple((ids[k], labels[k]) for k in ids)
    top = max(scores)
    said_a = a_("right", top=top)

    def check(ans):
        if ans == winners:
            return _right(said_a, "D8")
        if len(ans) == 1:
            return L.mis("winner-tie-broken")
        return L.mis("winner-draw-for-all")

    a = Choose(a_("prompt", scores=L.join(map(str, scores))), check, options=options, hint=a_("hint"),
               solution=Solution(dict(options)[winners], a_("explain", top=top)))
    level = 23
    two = L.game(2).winners(finished(2, (level, level)))
    b_ = w.scope("two")
    right = "draw" if len(two) == 2 else two[0]
    options_b = ((0, L.player(0)), (1, L.player(1)), ("draw", L.common("draw")))
    said_b = b_("right")

    def check_two(ans):
        if ans == right:
            return _right(said_b, "D8")
        return L.mis("winner-first") if ans == 0 else L.mis("winner-tie-broken")

    b = Choose(b_("prompt", points=L.points(level)), check_two, options=options_b, hint=b_("hint"),
               solution=Solution(dict(options_b)[right], b_("explain")))
    return (a, b)


# ============================================================================ 10. variants


def _step_variants(L: _Lang, w) -> tuple:
    lex = L.game().lexicon
    options = tuple(normalise_word(x) for x in L.stuff.list("variants"))
    right = next(x for x in options if len(x) == 7 and x in lex)
    a_ = w.scope("big")
    said_a = a_("right")

    def check(ans):
        if ans == right:
            return _right(said_a, "D1")
        return L.mis("variants-length")

    a = Choose(a_("prompt"), check, options=tuple((x, x.upper()) for x in options), hint=a_("hint"),
               solution=Solution(right.upper(), a_("explain")))
    yo = L.stuff("yo")
    one_word = normalise_word(yo) == normalise_word(yo.replace("ё", "е"))
    b_ = w.scope("yo")
    right_b = "no" if one_word else "yes"
    said_b = b_("right")

    def check_yo(ans):
        if ans == right_b:
            return _right(said_b, "D7")
        return L.mis("variants-yo" if ans == "yes" else "variants-maker")

    options_b = _options(b_, "options", ("yes", "no", "maker"))
    b = Choose(b_("prompt"), check_yo, options=options_b, hint=b_("hint"),
               solution=Solution(dict(options_b)[right_b], b_("explain")))
    return (a, b)


# ============================================================================ 11. play


PLAY_SEED = 3


def _view():
    """The room's view module: the live board, loaded only when the game is shown."""
    return importlib.import_module(".view", __package__)


def play_app(language: str = "en"):
    """The game of the last step: you against the greedy bot, the learner's own (created when first shown).

    It lives in the learner's store (:func:`~balada_widgets.kit.lesson.learner_store`: their tutorial's, one
    per app page, one per notebook kernel), never in this module: the app serves every student from one
    process, and each plays their own game (in the lesson's language: a Russian lesson plays Russian words).
    """
    store = learner_store()
    key = "balda-play" if language == "en" else f"balda-play-{language}"
    app = store.get(key)
    if app is None:
        app = store[key] = _view().BaldaApp(players=2, bots=1, bot_level="greedy", seed=PLAY_SEED, language=language)
    return app


def _step_play(L: _Lang, w) -> tuple:
    not_over, draw, won, lost = (w(k) for k in ("not-over", "draw", "won", "lost"))
    result = w.template("result", "lead", "you", "bot")

    def check(app) -> Feedback:
        game, state = app.game, app.session.state
        if not game.is_over(state):
            return _no(not_over, "D6")
        winners = game.winners(state)
        lead = draw if len(winners) > 1 else won if winners == [0] else lost
        return _right(result(lead=lead, you=L.points(state.scores[0]), bot=L.points(state.scores[1])), "D8")

    def make(answer, on_answer):
        return _view().LessonGame(app=play_app(L.language), on_answer=on_answer)

    return (Custom(w("prompt"), check, hint=w("hint"), solution=Solution(w("answer"), w("explain")), make=make),)


# ============================================================================ the lesson and the notebook face

_BUILDERS = {"idea": _step_idea, "grid": _step_grid, "move": _step_move, "dictionary": _step_dictionary,
             "readable": _step_readable, "score": _step_score, "end": _step_end, "letters": _step_letters,
             "winner": _step_winner, "variants": _step_variants, "play": _step_play}


def build_lesson(words: lesson_words.LessonWords) -> Built:
    """The lesson in the language of ``words``: every step's oracle with its words (every key is read); its
    ``more`` is the rulings in the lesson's words."""
    L = _Lang(words)
    rules = dict(STEP_RULES)
    out, infos = build_steps(words, rules, rules.get, lambda step_id, w: _BUILDERS[step_id](L, w))
    mis = {mid: Misreading(mid, _step_of(mid), rule, text) for mid, (rule, text) in L.misreadings.items()}
    return Built(Lesson(words.text("title"), out), infos, mis, L.kit, L.rules)


#: the lesson, read per language on first use and shared by every learner (the entries: kit.lesson.LessonBook)
BOOK = LessonBook(LESSONS, build_lesson, [i for i, _ in STEP_RULES])
lesson, steps, misreadings, kit_words, step_by_id, tutorial, step = BOOK.entries()


def rulings(language: str = "en") -> dict:
    """The rulings in the lesson's own words, as the steps and the feedback remind them."""
    return BOOK.built(language).more


def rulings_taught(taught: Optional[Sequence[Step]] = None) -> list[str]:
    """Every ruling some step teaches, sorted.

    >>> rulings_taught()
    ['D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7', 'D8', 'P1', 'P2', 'P3']
    """
    return sorted({r for s in (taught or steps()) for r in s.rules})


__getattr__ = BOOK.english(__name__, STEPS=steps, RULES=rulings, MISREADINGS=misreadings)


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
    letters; the title is a caption under the grid (smaller if it is wider, never clipped).

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
    return GridPicture(_grid_svg(n, n, text=text, classes=classes, paths=paths, look=LOOK, css=CSS, name=chess_name,
                                 label=f"Balda grid {n} by {n}", footer=(title, title) if title else None))
