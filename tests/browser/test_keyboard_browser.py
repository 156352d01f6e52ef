"""A play board by keyboard alone in real Chromium: Tab gives it the focus, an arrow moves the announced cursor.

The component tests (``tests/ui/test_keyboard_boards.py``) play a whole turn of
every game by key events; this checks what only a browser shows: the board
is reached with Tab (no click), it is a ``role="application"`` with a name,
and its live region (``role="status"``, ``aria-live="polite"``) says the
cell under the cursor and its state, and says the next one after an arrow.
"""

from __future__ import annotations

import playwright.sync_api
from IPython.display import display
from playwright.sync_api import expect

from balada_widgets.balda import BaldaGame, Lexicon
from balada_widgets.balda.lexicon import ENGLISH_ALPHABET
from balada_widgets.balda.view import BaldaApp

GRID = ".bw-board-box.bw-balda-grid"
WORDS = ["balda", "ball", "bad", "lab", "lad", "bald", "dab", "lap", "pad"]


def test_tab_reaches_the_balda_grid_and_an_arrow_moves_the_announced_cursor(solara_test,
                                                                             page_session: playwright.sync_api.Page):
    lex = Lexicon.from_words(WORDS, alphabet=ENGLISH_ALPHABET, name="demo")
    app = BaldaApp(players=2, bots=1, bot_level="greedy", game=BaldaGame(2, start_word="balda", lexicon=lex))
    display(app.element())
    page = page_session
    grid = page.locator(GRID)
    expect(grid.locator('[data-id="cell-a5"]')).to_be_attached()
    expect(grid).to_have_attribute("role", "application")
    assert "Balda grid" in (grid.get_attribute("aria-label") or "")
    live = grid.locator("xpath=../div[contains(@class, 'bw-board-live')]")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_have_attribute("role", "status")
    expect(live).to_have_text("")

    focused = f"document.activeElement && document.activeElement.matches({GRID!r})"
    for _ in range(40):  # Tab from the top of the page until the grid has the focus (no click anywhere)
        if page.evaluate(focused):
            break
        page.keyboard.press("Tab")
    assert page.evaluate(focused), "Tab never reached the board"

    page.keyboard.press("ArrowDown")  # the first key goes to the first highlighted cell
    cursor = grid.locator(".cell.cursor")
    expect(cursor).to_have_count(1)
    expect(live).to_contain_text("a new letter may go here")
    first = live.text_content()
    first_id = cursor.get_attribute("data-id")
    assert first.startswith(first_id[5:] + ": ")  # "a4: empty, a new letter may go here"
    page.keyboard.press("ArrowRight")
    expect(cursor).not_to_have_attribute("data-id", first_id)
    expect(live).not_to_have_text(first)
    second_id = cursor.get_attribute("data-id")
    expect(live).to_contain_text(second_id[5:] + ": ")
    assert page.evaluate(focused), "the board lost the focus on a redraw"
    page.keyboard.press("Space")  # Space picks the cell, as a click would: the announcement follows
    expect(live).to_contain_text("the new letter's cell")
