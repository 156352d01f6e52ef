"""Balda in real headless Chromium: a complete game against a bot, played with clicks, a drag and the keyboard.

The human's moves are picked from the engine's legal moves and performed as a
player would: click the highlighted cell, press the letter key, click the
path's cells in order (one move is dragged instead), press Enter. A greedy
bot answers each move. The dictionary is tiny so that the game ends after
six moves each, in a draw at 22 all (rule D8). Screenshots go to
``$BALDA_SCREENSHOTS`` (else a pytest temporary folder).
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import playwright.sync_api
import pytest
from IPython.display import display
from playwright.sync_api import expect

from balada_widgets.balda import BaldaGame, Lexicon, Pass
from balada_widgets.balda.lexicon import ENGLISH_ALPHABET
from balada_widgets.balda.position import cell_name
from balada_widgets.balda.view import BaldaApp

WORDS = ["balda", "ball", "bad", "lab", "lad", "bald", "dab", "lap", "pad", "pal", "pall", "dad", "lass", "sad",
         "lads", "pads", "bass", "slab", "blab", "gab", "gal", "gall", "ballad", "salad", "alb"]
GRID = ".bw-board-box.bw-balda-grid"


@pytest.fixture
def shots(tmp_path_factory) -> Path:
    """Where the screenshots go: ``$BALDA_SCREENSHOTS``, else a pytest temporary folder."""
    folder = Path(os.environ.get("BALDA_SCREENSHOTS") or tmp_path_factory.mktemp("balda-screens"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def wait_until(predicate, timeout: float = 15.0, what: str = "a condition") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def has_class(name: str):
    return re.compile(rf"(^|\s){name}(\s|$)")


def cell(page, name: str):
    return page.locator(f'{GRID} [data-id="cell-{name}"]')


def drag_through(page, names: list[str]) -> None:
    """Press on the first cell, move across the others, release (the board's pointer tracing)."""
    boxes = [cell(page, n).bounding_box() for n in names]
    centres = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]
    page.mouse.move(*centres[0])
    page.mouse.down()
    for x, y in centres[1:]:
        page.mouse.move(x, y, steps=6)
    page.mouse.up()


def test_a_complete_game_against_a_bot_with_clicks_and_keys(solara_test, page_session: playwright.sync_api.Page,
                                                            shots):
    lex = Lexicon.from_words(WORDS, alphabet=ENGLISH_ALPHABET, name="demo")
    app = BaldaApp(players=2, bots=1, bot_level="greedy", game=BaldaGame(2, start_word="balda", lexicon=lex))
    game, session = app.game, app.session
    display(app.element())
    page = page_session
    expect(cell(page, "a3")).to_have_class(has_class("fixed"))
    page.screenshot(path=shots / "start.png", full_page=True)

    turns = 0
    while not game.is_over(session.state):
        state = session.state
        assert state.turn == 0, "the bot has answered"
        moves = game.word_moves(state)
        targets = {cell_name(m.cell, 5) for m in moves}
        for name in targets:  # the board highlights exactly the cells of the legal moves
            expect(cell(page, name)).to_have_class(has_class("target"))
        done = len(session.history)
        if not moves:
            page.locator(".bw-balda-pass").click()
            wait_until(lambda: len(session.history) > done, what="the pass to be played")
        else:
            m = moves[0]
            new = cell_name(m.cell, 5)
            path = [cell_name(c, 5) for c in m.path]
            if turns == 1:  # this one is dragged: the drag picks the empty cell it crosses
                drag_through(page, path)
                expect(cell(page, new)).to_have_class(has_class("chosen"))
                for name in path:
                    expect(cell(page, name)).to_have_class(has_class("onpath"))
                page.keyboard.press(m.letter)
            else:
                cell(page, new).click()
                expect(cell(page, new)).to_have_class(has_class("chosen"))
                page.keyboard.press(m.letter.upper())  # the board has the focus since the click
                expect(cell(page, new)).to_have_class(has_class("pending"))
                for k, name in enumerate(path):
                    cell(page, name).click()
                    expect(page.locator(f"{GRID} .stepno")).to_have_count(k + 1)
            feedback = page.locator(".bw-balda-feedback")
            expect(feedback).to_contain_text(f"{m.word.upper()} scores {m.score} point")
            expect(page.locator(".bw-balda-feedback .bw-balda-fb.ok")).to_be_visible()
            if turns == 0:
                page.screenshot(path=shots / "tracing.png", full_page=True)
            page.keyboard.press("Enter")
            wait_until(lambda: len(session.history) > done, what="the move to be played")
            assert session.history[done] == m.to_text(5)
        wait_until(lambda: game.is_over(session.state) or session.state.turn == 0, what="the bot's answer")
        expect(page.locator(".bw-balda-words [data-id^='word-']")).to_have_count(len(session.state.words))
        turns += 1
        if turns == 3:
            page.locator(".bw-balda-words [data-id='word-1']").hover()
            hover_path = page.locator(f"{GRID} .gp-hover-w1")
            wait_until(lambda: float(hover_path.evaluate("e => getComputedStyle(e).opacity")) > 0.5,
                       what="the hovered word's path to show")
            page.screenshot(path=shots / "hover-word.png", full_page=True)
            page.mouse.move(0, 0)
        assert turns < 20

    state = session.state
    assert turns == 6 and state.scores == (22, 22)
    assert all(isinstance(n.move, Pass) or n.move.word for n in session.current.path())
    result = page.locator(".bw-balda-result")
    expect(result).to_contain_text("draw: equal scores (rule D8)")
    expect(result).to_contain_text("Player 1 (you) 22, Player 2 (greedy bot) 22")
    expect(page.locator(f"{GRID} .cell.target")).to_have_count(0)
    page.screenshot(path=shots / "game-over.png", full_page=True)

    page.locator(".bw-undo").click()  # undo takes back the last human move and the bot's answer
    wait_until(lambda: not game.is_over(session.state) and session.state.turn == 0, what="undo")
    expect(page.locator(".bw-balda-result")).to_have_count(0)


def test_illegal_trace_feedback_and_a_russian_7x7_board(solara_test, page_session: playwright.sync_api.Page, shots):
    lex = Lexicon.from_words(WORDS, alphabet=ENGLISH_ALPHABET, name="demo")
    app = BaldaApp(players=2, bots=0, game=BaldaGame(2, start_word="balda", lexicon=lex))
    display(app.element())
    page = page_session
    cell(page, "b4").click()
    page.keyboard.press("l")
    for name in ("b4", "b3", "a3"):  # 'lab' can be read on the start word already
        cell(page, name).click()
    feedback = page.locator(".bw-balda-feedback")
    expect(feedback).to_contain_text("could already be read before this move")
    expect(page.locator(".bw-balda-feedback .bw-rule-D4")).to_be_visible()
    expect(page.locator(".bw-balda-play")).to_be_disabled()
    page.screenshot(path=shots / "illegal-D4.png", full_page=True)
    page.keyboard.press("Escape")
    expect(page.locator(f"{GRID} .cell.chosen")).to_have_count(0)

    app.new_game(size=7, language="ru", tier="common", bots=1, bot_level="random")  # every display follows
    expect(cell(page, "g7")).to_be_visible()
    start = app.session.state.position.start_word
    expect(page.locator(".bw-balda-words")).to_contain_text(start.upper())
    m = app.game.word_moves(app.session.state)[0]
    cell(page, cell_name(m.cell, 7)).click()
    # a Russian keyboard sends the Cyrillic letter as the key
    page.locator(GRID).dispatch_event("keydown", {"key": m.letter})
    expect(cell(page, cell_name(m.cell, 7))).to_have_class(has_class("pending"))
    page.screenshot(path=shots / "russian-7x7.png", full_page=True)


def test_the_app_is_the_last_expression_of_a_jupyterlab_cell(jupyter_lab_runner, page_session: playwright.sync_api.Page,
                                                             shots):
    def kernel_code():
        from balada_widgets import balda
        from balada_widgets.balda.lexicon import ENGLISH_ALPHABET

        lex = balda.Lexicon.from_words(["balda", "ball", "bad", "lad"], alphabet=ENGLISH_ALPHABET, name="demo")
        app = balda.new_game(bots=1, bot_level="greedy", start_word="balda", lexicon=lex)
        app

    jupyter_lab_runner(kernel_code)
    page = page_session
    cell(page, "c4").click()
    expect(cell(page, "c4")).to_have_class(has_class("chosen"))
    page.keyboard.press("l")  # the board keeps the key from JupyterLab's shortcuts
    expect(cell(page, "c4")).to_have_class(has_class("pending"))
    for name in ("a3", "b3", "c3", "c4"):
        cell(page, name).click()
    expect(page.locator(".bw-balda-feedback")).to_contain_text("BALL scores 4 points (rule D5)")
    page.keyboard.press("Enter")
    words = page.locator(".bw-balda-words [data-id^='word-']")
    expect(words).to_have_count(2)  # ours and the bot's answer
    expect(words.first).to_contain_text("BALL")
    page.locator(".jp-Notebook").first.screenshot(path=shots / "jupyterlab.png")
