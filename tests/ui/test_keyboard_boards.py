"""Every game's play board by keyboard alone, and what it announces (issue 9, "Accessible boards").

For each of the four games a whole turn is played against a bot with key
events only (``SvgBoard.emit_key``, what the browser sends while the board has
the focus; no click anywhere), and the session is checked to have moved on as
the rules say. At every cursor step the board's live region (the ``live``
trait, a ``role="status" aria-live="polite"`` element in the page) must say
the space under the cursor, in the words the drawing gives that space (name
and state), and change when an arrow moves the cursor. The real-browser side
(Tab reaches the board, an arrow changes the announced text) is in
``tests/browser/test_keyboard_browser.py``.
"""

from __future__ import annotations

import re
from html import unescape

from balada_widgets.balada import Place
from balada_widgets.balada.view import BaladaApp
from balada_widgets.balda import BaldaGame, Lexicon
from balada_widgets.balda.lexicon import ENGLISH_ALPHABET
from balada_widgets.balda.view import BaldaApp
from balada_widgets.barcadia import BarcadiaGame
from balada_widgets.barcadia.view import BarcadiaApp
from balada_widgets.baldurs_gate.view import BaldursGateApp
from balada_widgets.core.session import Session
from balada_widgets.kit.cursor import cursor_words

# the element under the keyboard cursor: its class list and data-id, any attribute order
CURSOR_RE = re.compile(r'<g class="([^"]*\b(?:cursor|cur)\b[^"]*)"[^>]*?data-id="([^"]+)"[^>]*>(?:<title>([^<]*)</title>)?')
LABEL_RE = re.compile(r'aria-label="([^"]*)"')


def under_cursor(board) -> tuple:
    """``(data-id, classes, words)`` of the one element drawn with the cursor class (``None`` when there is none)."""
    found = [m for m in CURSOR_RE.finditer(board.svg) if {"cursor", "cur"} & set(m.group(1).split())]
    assert len(found) <= 1, [m.group(2) for m in found]
    if not found:
        return None
    m = found[0]
    label = LABEL_RE.search(m.group(0))
    words = unescape(label.group(1)) if label else unescape(m.group(3) or "")
    return m.group(2), m.group(1).split(), words


def check_announces(board, *must_say: str) -> str:
    """The board takes keys and its live region says the cursor's element, in that element's own words."""
    assert board.key_events, "a board without key events cannot be played by keyboard"
    assert board.label, "the board has no accessible name"
    here = under_cursor(board)
    assert here is not None, "no cursor drawn"
    _id, _classes, words = here
    assert words, f"the cursor's element {_id} has no words"
    assert board.live == words == cursor_words(board.svg), (board.live, words)
    for part in must_say:
        assert part in board.live, (part, board.live)
    return board.live


# ---------------------------------------------------------------------- Balada


def test_balada_a_turn_by_keys_against_a_bot_announces_each_space(render):
    app = BaladaApp(players=2, bots=1, seed=1)
    ui = render(app.element())
    board = ui.board("bw-table-board")
    assert board.live == ""  # no cursor yet: nothing to say
    state = app.session.state
    assert state.turn == 1
    cards = state.cards
    board.emit_key("a")  # the A card
    legal = ui.spaces("legal", "bw-table-board")
    assert legal
    board.emit_key("ArrowRight")
    first = check_announces(board, f"space {legal[0]}:")
    assert ui.spaces("cursor", "bw-table-board") == [legal[0]]
    assert re.match(r"space \d+: [^,]+, (empty|.+)", first)  # the space, its landscape and what is on it
    if len(legal) > 1:
        board.emit_key("ArrowRight")
        second = check_announces(board, f"space {legal[1]}:")
        assert second != first
        board.emit_key("ArrowLeft")
        assert board.live == first
    board.emit_key("Enter")  # place on the cursor's space; the bot chooses too and the turn is revealed
    st = app.session.state
    assert st.turn == 2, "the turn did not move on"
    placed = [m for m in app.session.moves if isinstance(m, Place)]
    assert Place(0, cards.a, legal[0]) in placed, placed
    assert any(m.player == 1 for m in placed), "the bot did not answer"
    board = ui.board("bw-table-board")
    assert board.live == ""  # a new turn: the cursor starts again


# ---------------------------------------------------------------------- Balda

WORDS = ["balda", "ball", "bad", "lab", "lad", "bald", "dab", "lap", "pad"]
CELL_RE = re.compile(r'<g class="cell ([^"]*)" data-id="cell-([a-z]\d+)"')


def balda_app() -> BaldaApp:
    lex = Lexicon.from_words(WORDS, alphabet=ENGLISH_ALPHABET, name="demo")
    return BaldaApp(players=2, bots=1, bot_level="greedy", bot_tier=None,
                    game=BaldaGame(2, start_word="balda", lexicon=lex))


def grid_cursor(board, n: int):
    """The cursor's cell as ``(row, col)``, 0-based from the top-left."""
    here = [name for classes, name in CELL_RE.findall(board.svg) if "cursor" in classes.split()]
    assert len(here) == 1, here
    name = here[0]
    return n - int(name[1:]), ord(name[0]) - ord("a")


def walk_to(board, n: int, cell) -> None:
    """Arrow keys from the cursor to ``cell`` (rows first, then columns: never past an edge on a full grid)."""
    r, c = grid_cursor(board, n)
    for _ in range(abs(cell[0] - r)):
        board.emit_key("ArrowDown" if cell[0] > r else "ArrowUp")
    for _ in range(abs(cell[1] - c)):
        board.emit_key("ArrowRight" if cell[1] > c else "ArrowLeft")
    assert grid_cursor(board, n) == tuple(cell)


def test_balda_a_word_by_keys_against_a_bot_announces_each_cell(render):
    app = balda_app()
    ui = render(app.element())
    game, n = app.game, app.game.size
    board = ui.board("bw-balda-grid")
    assert board.live == ""
    move = sorted(game.word_moves(app.session.state), key=lambda m: (-len(m.path), m.word, m.cell))[0]
    board.emit_key("ArrowDown")  # the first key goes to the first highlighted cell
    said = check_announces(board, "a new letter may go here")
    walk_to(board, n, move.cell)
    check_announces(board, "empty", "a new letter may go here")
    board.emit_key(" ")  # Space: the cell is chosen, as a click would
    check_announces(board, "the new letter's cell, type its letter")
    board.emit_key(move.letter)
    check_announces(board, f"letter {move.letter.upper()}", "the new letter's cell")
    for k, cell in enumerate(move.path, 1):
        walk_to(board, n, cell)
        board.emit_key(" ")
        check_announces(board, f"letter {k} of the traced word")
    assert said  # the first announcement was not empty
    words_before = len(app.session.state.words)
    board.emit_key("Enter")  # plays the word; the bot answers at once
    st = app.session.state
    assert len(st.words) == words_before + 2, "the word or the bot's answer is missing"
    assert st.words[words_before][1].word == move.word and st.words[words_before][0] == 0
    assert st.words[words_before + 1][0] == 1


def test_balda_arrow_keys_reach_every_cell(render):
    app = balda_app()
    ui = render(app.element())
    n = app.game.size
    board = ui.board("bw-balda-grid")
    board.emit_key("Home")
    seen = set()
    for _ in range(n * n):
        seen.add(grid_cursor(board, n))
        board.emit_key("PageDown")
    assert len(seen) == n * n
    board.emit_key("Home")
    assert grid_cursor(board, n) == (0, 0)
    check_announces(board, "a5: empty")


# ---------------------------------------------------------------------- Heroes of Barcadia


def test_barcadia_a_turn_by_keys_against_a_bot_announces_each_room(render):
    g = BarcadiaGame(players=2, dungeon="cozy")
    st = g.position(rooms={2: "mini-fizzicorn"})  # a face-up Monster room next to the start
    app = BarcadiaApp(players=2, bots=1, session=Session(g, seed=1, state=st))
    ui = render(app.element())
    board = ui.board("bw-barcadia-board")
    assert board.live == ""
    board.emit_key("ArrowRight")
    first = check_announces(board)
    seen = [under_cursor(board)[0]]
    for _ in range(12):  # Page Down walks every highlighted room: find r2
        if seen[-1] == "r2":
            break
        board.emit_key("PageDown")
        seen.append(under_cursor(board)[0])
        check_announces(board)
    assert seen[-1] == "r2", seen
    said = check_announces(board, "Mini Fizzicorn")
    assert said != first or seen == ["r2"]
    board.emit_key("Enter")  # step into the room, as a click would
    assert app.session.state.players[0].at == 2
    assert "p1 enter r2" in app.session.history
    before = len(app.session.history)
    board.emit_key("e")  # end the turn: the bot plays its own
    assert len(app.session.history) > before
    assert any(t.startswith("p2 ") for t in app.session.history[before:]), "the bot did not play"


# ---------------------------------------------------------------------- Builders of Baldur's Gate


def test_baldurs_gate_a_worker_turn_by_keys_against_bots_announces_each_place(render):
    app = BaldursGateApp(players=3, bots=2, seed=0)
    ui = render(app.element())
    board = ui.board("bw-bg-city")
    assert board.live == ""
    board.emit_key("w")  # the worker action: the locations become the targets
    board.emit_key("ArrowRight")
    first = check_announces(board, "location")  # "Watch Citadel, the special location of Citadel Streets ..."
    where = under_cursor(board)[0]
    assert where.startswith("L-")
    board.emit_key("PageDown")
    second = check_announces(board)
    assert under_cursor(board)[0] != where and second != first
    board.emit_key("PageUp")
    assert under_cursor(board)[0] == where and board.live == first
    board.emit_key("Enter")  # the worker goes there
    st = app.session.state
    assert st.players[0].worker == where[2:] and app.game.pending(st).kind == "trade"
    board.emit_key("d")  # no trade: the turn ends and the bots play theirs
    st = app.session.state
    assert "p1 trade none" in app.session.history
    assert any(t.startswith("p2 ") for t in app.session.history) and any(t.startswith("p3 ") for t in app.session.history)
    assert app.game.pending(st).kind == "turn" and app.game.pending(st).player == 0


def test_baldurs_gate_announces_in_czech_in_a_czech_game(render):
    app = BaldursGateApp(players=3, bots=2, seed=0, language="cs")
    ui = render(app.element())
    board = ui.board("bw-bg-city")
    board.emit_key("w")
    board.emit_key("ArrowRight")
    said = check_announces(board)
    assert "Citadela Hlídky" in said and "lokace" in said, said  # the game's own words, not the English ones
