"""Tutorial checks for Balda: is the learner's answer right, and if not, which rule did it miss?

Pure Python (no UI import).  Every check returns a :class:`Feedback` whose
``message`` is written for the learner and whose ``rule`` names the ruling
the answer rests on (``"D4"``...), so a notebook or the Solara ``Exercise``
component shows it as it is.  The checks never re-derive a rule: the
verdict comes from the engine (:func:`~.movegen.explain_path`,
:func:`~.movegen.readable_path`, :class:`~.rules.BaldaGame`), and the
feedback adds a reminder of the rule in plain words (:data:`RULES`).

- :func:`check_move_answer`: is this traced move legal? (D2-D5, D7)
- :func:`check_move_text`: the same for a typed move (``"c4=l a3-b3-c3-c4"``).
- :func:`check_score`: how many points does this word score? (D5)
- :func:`check_readable_before`: could this word be read before the move? (D4)
- :func:`check_already_played`: is this word used up? (D3)
- :func:`check_start_word`: may this word start an ``N x N`` game? (D1)
- :func:`check_same_word`: do these two spellings count as one word? (D7)
- :func:`check_game_over`: is the game over, and why? (D6, P2, P3)
- :func:`check_winner`: who wins? (D8)
- :func:`check_longest`: is this one of the longest words now? (D5, hints)

:data:`STEPS` lists the tutorial's steps (id, title, rulings taught), used by
``notebooks/balda_tutorial.ipynb``, ``docs/balda.md`` and the tests;
:func:`grid_svg` draws a position (with a traced path) as an SVG string.

Examples
--------
>>> from balada_widgets.balda.lexicon import Lexicon
>>> from balada_widgets.balda.position import Position
>>> lex = Lexicon.from_words(["balda", "ball", "lab", "lad"], name="demo")
>>> pos = Position.new("balda")
>>> fb = check_move_answer(pos, lex, "c4", "l", "a3-b3-c3-c4")
>>> fb.ok, fb.rule, fb.expected.word
(True, 'D5', 'ball')
>>> fb = check_move_answer(pos, lex, "b4", "l", "b4-b3-a3")
>>> fb.ok, fb.rule
(False, 'D4')
>>> print(fb.message)
illegal move 'b4=l lab b4-b3-a3': 'lab' could already be read before this move (along c3-b3-a3); the new letter must make the word (rule D4)
Remember: if a word can already be read on the grid before your letter goes in, it is not yours; your new letter has to be what makes it.
>>> check_score("table", 5).ok, check_score("table", 4).rule
(True, 'D5')
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from ..core.errors import GameError
from ..core.feedback import Feedback, Step, find_step, exercise_check, parse_number, parse_yes_no  # noqa: F401 (re-exported)
from .lexicon import Lexicon, normalise_word
from .movegen import check_move, explain_path, readable_path
from .position import Position, parse_path, path_text, to_cell

__all__ = ["RULES", "Feedback", "Step", "STEPS", "step_by_id", "exercise_check", "check_move_answer",
           "check_move_text", "check_score", "check_readable_before", "check_already_played", "check_start_word",
           "check_same_word", "check_game_over", "check_winner", "check_longest", "grid_svg", "GridPicture", "rulings_taught"]


#: The rulings in our own words, as the tutorial and the feedback remind them.
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


# --------------------------------------------------------------------------
# Feedback
# --------------------------------------------------------------------------
def _remind(rule: Optional[str]) -> str:
    return f"Remember: {RULES[rule]}" if rule in RULES else ""


def _unclear(what: str, rule: str) -> Feedback:
    return Feedback(False, f"I could not read your answer: {what}", rule)


# --------------------------------------------------------------------------
# Moves (D2-D5, D7)
# --------------------------------------------------------------------------
def check_move_answer(position: Position, lexicon: Lexicon, cell, letter: str, path) -> Feedback:
    """Is the move the learner traced legal?  The engine's verdict plus a reminder of the rule missed.

    ``cell`` is a name (``"c4"``) or ``(row, col)``; ``path`` is text
    (``"a3-b3-c3-c4"``) or a list of cells.  A legal move gives ``ok`` with
    the rule ``"D5"`` (its score) and the :class:`~.movegen.Move` as
    ``expected``; a refusal gives the rule it breaks (``"D2"``, ``"D3"``,
    ``"D4"`` or ``"D7"``).

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["balda", "ball"], name="demo")
    >>> fb = check_move_answer(Position.new("balda"), lex, "c4", "l", "a3-b3-c4")
    >>> fb.rule, fb.message.splitlines()[0]
    ('D2', "illegal move 'c4=l bal a3-b3-c4': b3 and c4 are not neighbours; the path moves one cell up, down, left or right (rule D2)")
    """
    ok, rule, message = explain_path(position, lexicon, cell, letter, path)
    if ok:
        move = check_move(position, lexicon, cell, letter, path)
        return Feedback(True, f"Right! {message}", "D5", expected=move)
    return Feedback(False, f"{message}\n{_remind(rule)}".rstrip(), rule)


def check_move_text(position: Position, lexicon: Lexicon, answer: str) -> Feedback:
    """:func:`check_move_answer` for a typed move: ``"c4=l a3-b3-c3-c4"`` or ``"c4=l ball a3-b3-c3-c4"``.

    The word may be left out (the path spells it); when given, it must be
    what the path spells, else the feedback says what the path reads.

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["balda", "ball"], name="demo")
    >>> check_move_text(Position.new("balda"), lex, "c4=L a3-b3-c3-c4").ok
    True
    >>> print(check_move_text(Position.new("balda"), lex, "c4=l bell a3-b3-c3-c4").message)
    You wrote 'bell' but the path a3-b3-c3-c4 spells 'ball': read the letters along the path, in order (rule D2).
    """
    parts = str(answer).split()
    head = parts[0] if parts else ""
    cell, eq, letter = head.partition("=")
    if len(parts) < 2 or not eq or not letter:
        return _unclear(f"{answer!r}: write the cell, '=', the letter, then the path, "
                        "e.g. 'c4=l a3-b3-c3-c4'", "D2")
    rest = parts[1:]
    word = None
    if len(rest) > 1 and "-" not in rest[0] and not any(ch.isdigit() for ch in rest[0]):
        word, rest = rest[0], rest[1:]
    path = " ".join(rest)
    fb = check_move_answer(position, lexicon, cell, letter, path)
    if word is not None and fb.rule != "D7":
        try:
            cells = parse_path(path, position.size)
            spot = to_cell(cell, position.size)
        except GameError:
            return fb
        grid = {(r, c): ch for r, row in enumerate(position.rows) for c, ch in enumerate(row) if ch != "."}
        grid.setdefault(spot, normalise_word(letter))
        reads = "".join(grid.get(c, "?") for c in cells)
        if "?" not in reads and normalise_word(word) != reads:
            return Feedback(False, f"You wrote {normalise_word(word)!r} but the path {path_text(cells, position.size)} "
                                   f"spells {reads!r}: read the letters along the path, in order (rule D2).", "D2",
                            expected=fb.expected)
    return fb


def check_score(word: str, answer) -> Feedback:
    """How many points does ``word`` score? (D5: one a letter.)

    >>> print(check_score("ball", 1).message)
    Not 1: the points are not per word but per letter, and 'ball' has 4 letters, so it scores 4 (rule D5).
    """
    w = normalise_word(word)
    right = len(w)
    got = parse_number(answer)
    if got is None:
        return _unclear(f"{answer!r} is not a number of points", "D5")
    if got == right:
        return Feedback(True, f"Right: {w!r} has {right} letters, so it scores {right} (rule D5).", "D5", expected=right)
    if got == 1:
        why = "the points are not per word but per letter"
    elif got == right - 1:
        why = "every letter counts, the new one and the ones already on the grid"
    elif got < right:
        why = "every letter along the path counts, not only some of them"
    else:
        why = "only the letters of the word count, not the other letters on the grid"
    return Feedback(False, f"Not {got}: {why}, and {w!r} has {right} letters, so it scores {right} (rule D5).",
                    "D5", expected=right)


# --------------------------------------------------------------------------
# D1, D3, D4, D7
# --------------------------------------------------------------------------
def check_readable_before(position: Position, word: str, answer) -> Feedback:
    """Could ``word`` be read on the grid as it is (so no move may make it)? (D4)

    ``answer``: yes/no (or a bool).  ``expected`` is the path it reads
    along, or ``None``.

    >>> pos = Position.new("balda")
    >>> fb = check_readable_before(pos, "lab", "no")
    >>> fb.ok, fb.expected
    (False, 'c3-b3-a3')
    >>> check_readable_before(pos, "bald", True).ok
    True
    """
    said = parse_yes_no(answer)
    if said is None:
        return _unclear(f"{answer!r}: answer yes or no", "D4")
    w = normalise_word(word)
    path = readable_path(position, w)
    where = path_text(path, position.size) if path else None
    if path is not None:
        msg = (f"{w!r} can be read already, along {where}: the path may go backwards and may turn, "
               f"so no move can score it now (rule D4).")
    else:
        msg = (f"{w!r} cannot be read yet: its letters are not in a chain of touching cells, so a new "
               f"letter could still make it (rule D4).")
    right = said == (path is not None)
    return Feedback(right, ("Right: " if right else "Not quite: ") + msg, "D4", expected=where)


def check_already_played(position: Position, word: str, answer) -> Feedback:
    """Is ``word`` used up in this game (the start word or a word already made)? (D3)

    >>> pos = Position.new("balda").with_used("lab")
    >>> check_already_played(pos, "BALDA", "yes").ok, check_already_played(pos, "lad", "yes").ok
    (True, False)
    """
    said = parse_yes_no(answer)
    if said is None:
        return _unclear(f"{answer!r}: answer yes or no", "D3")
    w = normalise_word(word)
    used = w in position.used or w == position.start_word
    if w == position.start_word:
        msg = f"{w!r} is the start word: it counts as played from the first turn (rule D3)."
    elif used:
        msg = f"{w!r} was made earlier in this game, so it is used up, along any path (rule D3)."
    else:
        msg = f"{w!r} has not been played yet in this game (rule D3)."
    right = said == used
    return Feedback(right, ("Right: " if right else "Not quite: ") + msg, "D3", expected=used)


def check_start_word(word: str, size: int, lexicon: Lexicon, answer) -> Feedback:
    """May ``word`` start a ``size x size`` game with this dictionary? (D1)

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["table", "kitchen"], name="demo")
    >>> check_start_word("table", 5, lex, "yes").ok, check_start_word("table", 7, lex, "yes").ok
    (True, False)
    """
    said = parse_yes_no(answer)
    if said is None:
        return _unclear(f"{answer!r}: answer yes or no", "D1")
    w = normalise_word(word)
    if not isinstance(size, int) or isinstance(size, bool) or size < 3 or size % 2 == 0:
        fits, msg = False, f"a {size}x{size} grid has no middle row: the side must be odd (5 or 7)"
    elif len(w) != size:
        fits, msg = False, f"{w!r} has {len(w)} letters but the middle row of a {size}x{size} grid has {size} cells"
    elif w not in lexicon:
        fits, msg = False, f"{w!r} has the right length but is not in the {lexicon.name} dictionary"
    else:
        fits, msg = True, f"{w!r} has {size} letters and is in the dictionary: it fills the middle row"
    right = said == fits
    return Feedback(right, ("Right: " if right else "Not quite: ") + msg + " (rule D1).", "D1", expected=fits)


def check_same_word(first: str, second: str, answer) -> Feedback:
    """Do two spellings count as the same word? (D7: case and ё do not matter.)

    >>> check_same_word("ЁЖ", "еж", "yes").ok, check_same_word("bat", "tab", "yes").ok
    (True, False)
    """
    said = parse_yes_no(answer)
    if said is None:
        return _unclear(f"{answer!r}: answer yes or no", "D7")
    a, b = normalise_word(first), normalise_word(second)
    same = a == b
    if same:
        msg = f"{first!r} and {second!r} are both read {a!r}"
    else:
        msg = f"{first!r} is read {a!r} and {second!r} is read {b!r}: different letters"
    right = said == same
    return Feedback(right, ("Right: " if right else "Not quite: ") + msg + " (rule D7).", "D7", expected=same)


# --------------------------------------------------------------------------
# D6, D8, hints
# --------------------------------------------------------------------------
def _end_reason(game, state) -> tuple[str, str]:
    """Why ``state`` is over (or not): ``(rule, reason)``."""
    pos = state.position
    if pos is not None and pos.is_full():
        return "D6", "the grid is full"
    if state.passes >= game.players:
        return "P3", f"all {game.players} players passed one after the other"
    if pos is not None and not game.word_moves(state):
        return "P2", "no legal word is left for anybody"
    return "D6", "there is still a legal word and the grid has empty cells"


def check_game_over(game, state, answer) -> Feedback:
    """Is the game over?  The feedback says why (full grid, no word left, everybody passed).

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> from balada_widgets.balda.rules import BaldaGame
    >>> g = BaldaGame(players=2, start_word="balda", lexicon=Lexicon.from_words(["balda", "ball"]))
    >>> s = g.apply(g.apply(g.initial_state(), "pass"), "pass")
    >>> fb = check_game_over(g, s, "yes")
    >>> fb.ok, fb.rule
    (True, 'P3')
    """
    said = parse_yes_no(answer)
    if said is None:
        return _unclear(f"{answer!r}: answer yes or no", "D6")
    over = game.is_over(state)
    rule, reason = _end_reason(game, state)
    msg = ("The game is over: " if over else "The game goes on: ") + reason + f" (rule {rule})."
    return Feedback(said == over, ("Right. " if said == over else "Not quite. ") + msg, rule, expected=over)


def _winner_answer(answer, players: int) -> Optional[frozenset]:
    if isinstance(answer, bool):
        return None
    if isinstance(answer, int):
        return frozenset({answer - 1})
    if isinstance(answer, (list, tuple, set, frozenset)):
        got = [_winner_answer(a, players) for a in answer]
        return None if any(g is None for g in got) else frozenset().union(*got)
    if isinstance(answer, str):
        t = answer.strip().lower()
        if t in ("draw", "a draw", "tie", "ничья"):
            return frozenset(range(players))
        parts = [p for p in t.replace("players", "").replace("player", "").replace("and", ",")
                 .replace("p", "").split(",") if p.strip()]
        try:
            return frozenset(int(p) - 1 for p in parts) or None
        except ValueError:
            return None
    return None


def check_winner(game, state, answer) -> Feedback:
    """Who wins this finished game?  ``answer``: a player number (from 1), several, or ``"draw"``. (D8)

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> from balada_widgets.balda.rules import BaldaGame
    >>> g = BaldaGame(players=2, start_word="balda", lexicon=Lexicon.from_words(["balda", "ball"]))
    >>> s = g.state_from_text("5/5/BALDA/5/5 used=balda turn=1 scores=4,4 passes=0 over")
    >>> check_winner(g, s, "draw").ok, check_winner(g, s, 1).ok
    (True, False)
    """
    if not game.is_over(state):
        return Feedback(False, "Nobody has won yet: the game is still going (rule D6).", "D6", expected=[])
    got = _winner_answer(answer, game.players)
    if got is None:
        return _unclear(f"{answer!r}: give a player number, several, or 'draw'", "D8")
    winners = frozenset(game.winners(state))
    scores = ", ".join(f"player {p + 1}: {x}" for p, x in enumerate(state.scores))
    result = game.result_text(state)
    right = got == winners
    return Feedback(right, ("Right: " if right else "Not quite: ") + f"{scores}; {result}.", "D8",
                    expected=sorted(p + 1 for p in winners))


def check_longest(game, state, answer) -> Feedback:
    """Is the learner's word (or move text) one of the longest legal words now? (D5, hints)

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> from balada_widgets.balda.rules import BaldaGame
    >>> g = BaldaGame(players=2, start_word="balda", lexicon=Lexicon.from_words(["balda", "ball", "lad"]))
    >>> check_longest(g, g.initial_state(), "ball").ok, check_longest(g, g.initial_state(), "lad").ok
    (True, False)
    """
    moves = game.word_moves(state)
    if not moves:
        return Feedback(False, "There is no legal word now: passing is the only move (rule P2).", "P2", expected=[])
    best = max(m.score for m in moves)
    longest = sorted({m.word for m in moves if m.score == best})
    text = str(answer).strip()
    word = text
    if "=" in text:
        try:
            word = game.parse_move(text, state).word
        except (GameError, AttributeError):
            return _unclear(f"{answer!r} is not a move such as 'c4=l ball a3-b3-c3-c4'", "D2")
    word = normalise_word(word)
    legal = {m.word for m in moves}
    if word not in legal:
        return Feedback(False, f"{word!r} is not a legal word in this position; the longest score {best} "
                               f"(rule D5).", "D2", expected=longest)
    length = len(word)
    if length == best:
        return Feedback(True, f"Right: {word!r} scores {best}, as much as any word here (rule D5).", "D5",
                        expected=longest)
    return Feedback(False, f"{word!r} is legal but scores {length}; a longest word scores {best}, for example "
                           f"{longest[0]!r} (rule D5).", "D5", expected=longest)


# --------------------------------------------------------------------------
# Drawing a grid (plain SVG text, no UI import)
# --------------------------------------------------------------------------
class GridPicture(str):
    """An SVG string that Jupyter shows as a picture (``_repr_svg_``)."""

    def _repr_svg_(self) -> str:
        return str(self)


def grid_svg(position: Position, path: Optional[Iterable] = None, new=None, new_letter: Optional[str] = None,
             cell: int = 44, title: Optional[str] = None) -> GridPicture:
    """The grid as SVG, with cell names; a traced ``path`` drawn as a line, the ``new`` cell in orange.

    ``path`` is text (``"a3-b3-c3-c4"``) or cells; ``new`` a cell name or
    ``(row, col)``; ``new_letter`` is written there if the cell is empty.

    >>> svg = grid_svg(Position.new("cat"), path="a2-b2-c2-c3", new="c3", new_letter="s")
    >>> svg.startswith("<svg") and svg.count("<rect") == 9 and ">S<" in svg
    True
    """
    n = position.size
    cells = list(parse_path(path, n)) if path is not None else []
    new_rc = to_cell(new, n) if new is not None else None
    pad = 22
    w = pad + n * cell + 6
    h = (22 if title else 0) + n * cell + pad + 6
    top = 22 if title else 0
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
           f'font-family="sans-serif">']
    if title:
        out.append(f'<text x="{pad}" y="16" font-size="14">{_esc(title)}</text>')
    on_path = set(cells)
    for r in range(n):
        for c in range(n):
            x, y = pad + c * cell, top + r * cell
            letter = position.cell((r, c))
            fill = "#ffd27f" if (r, c) == new_rc else "#fdf2c4" if (r, c) in on_path else (
                "#ffffff" if letter is None else "#eef2f7")
            out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" stroke="#7a869a"/>')
            shown = letter or (new_letter if (r, c) == new_rc else None)
            if shown:
                out.append(f'<text x="{x + cell / 2}" y="{y + cell * 0.68}" font-size="{cell * 0.5:.0f}" '
                           f'text-anchor="middle" fill="#1f2d3d">{_esc(shown.upper())}</text>')
    for c in range(n):
        out.append(f'<text x="{pad + c * cell + cell / 2}" y="{top + n * cell + 16}" font-size="12" '
                   f'text-anchor="middle" fill="#7a869a">{chr(ord("a") + c)}</text>')
    for r in range(n):
        out.append(f'<text x="{pad / 2}" y="{top + r * cell + cell * 0.6}" font-size="12" text-anchor="middle" '
                   f'fill="#7a869a">{n - r}</text>')
    if len(cells) > 1:
        pts = " ".join(f"{pad + c * cell + cell / 2},{top + r * cell + cell / 2}" for r, c in cells)
        out.append(f'<polyline points="{pts}" fill="none" stroke="#c0392b" stroke-width="3" '
                   f'stroke-linecap="round" stroke-linejoin="round" opacity="0.75"/>')
        r, c = cells[0]
        out.append(f'<circle cx="{pad + c * cell + cell / 2}" cy="{top + r * cell + cell / 2}" r="5" '
                   f'fill="#c0392b"/>')
    out.append("</svg>")
    return GridPicture("".join(out))


def _esc(text: str) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# --------------------------------------------------------------------------
# The tutorial's steps
# --------------------------------------------------------------------------
STEPS: tuple[Step, ...] = (
    Step("idea", "The idea: one letter, one word, a shared grid", ("D5", "D8"),
         "look at a start position and at a finished game"),
    Step("grid", "The grid and the start word", ("D1", "P1"),
         "start a 5x5 game with a chance start word; tell a good start word from a bad one"),
    Step("move", "Placing a letter and tracing a word", ("D2",),
         "make a first move; see placement and path mistakes explained"),
    Step("dictionary", "The dictionary and words already played", ("D2", "D3"),
         "find out which words are used up, the start word included"),
    Step("readable", "A word must be new on the grid", ("D4",),
         "decide whether a word can already be read; see it refused even through the new letter"),
    Step("score", "Scoring", ("D5",), "count the points of a few words; find a longest word"),
    Step("end", "Passing and the end of the game", ("D6", "P2", "P3"),
         "pass; tell whether a game is over and why"),
    Step("letters", "Capitals and ё", ("D7",), "see that case and ё/е make no difference"),
    Step("winner", "Who wins", ("D8",), "name the winner of finished games, a draw included"),
    Step("variants", "The 7x7 grid and Russian", ("D1", "D7"), "start a 7x7 game and a Russian one"),
    Step("play", "A whole game against a bot", ("D2", "D3", "D4", "D5", "D6", "D8"),
         "play a game to the end against the greedy bot"),
)


def step_by_id(step_id: str) -> Step:
    """The :class:`Step` of this tutorial with that id.

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
