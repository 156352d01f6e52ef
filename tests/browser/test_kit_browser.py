"""The kit's new pieces in real Chromium: a tutorial step clicked through, and hot-seat with hidden hands."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import playwright.sync_api
from IPython.display import display
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).parent.parent / "ui"))

from kit_hands import HandsApp  # noqa: E402
from test_lesson import LESSON  # noqa: E402

from balada_widgets.ui.tutorial import Tutorial  # noqa: E402

LESSON_BOARD = ".bw-board-box.bw-lesson-board"


def wait_until(predicate, timeout: float = 15.0, what: str = "a condition") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_tutorial_step_wrong_then_right_then_show_me_on_another_step(solara_test,
                                                                         page_session: playwright.sync_api.Page):
    tutorial = Tutorial(LESSON)
    display(tutorial.step("spaces").element())
    page = page_session
    expect(page.locator(".bw-lesson-progress")).to_contain_text("Step 1 of 4")
    page.locator(f'{LESSON_BOARD} [data-id="space-1"]').click()
    page.locator('[aria-label="check my answer"]').click()
    expect(page.locator(".bw-lesson-wrong")).to_contain_text("(rule R9)")
    page.locator(f'{LESSON_BOARD} [data-id="space-1"]').click()  # taken back
    page.locator(f'{LESSON_BOARD} [data-id="space-2"]').click()
    page.locator(f'{LESSON_BOARD} [data-id="space-4"]').click()
    expect(page.locator(f'{LESSON_BOARD} [data-id="space-4"]')).to_have_class("space picked")
    page.locator(".bw-lesson-check").click()
    expect(page.locator(".bw-lesson-right")).to_contain_text("Right! The two Forest spaces.")
    expect(page.locator('.bw-lesson-steps [data-id="step-spaces"]')).to_contain_text("✓")
    page.locator('.bw-lesson-steps [data-id="step-dice"]').click()
    expect(page.locator(".bw-lesson-progress")).to_contain_text("Step 2 of 4")
    expect(page.locator(LESSON_BOARD)).to_have_count(0)  # the new step's exercise has replaced the old one
    expect(page.locator(".bw-lesson-input")).to_be_visible()
    page.locator(".bw-lesson-show").click()
    expect(page.locator(".bw-lesson-answer")).to_contain_text("The answer: 7")
    assert tutorial.progress.of("dice").shown


def test_hot_seat_keeps_the_next_hand_out_of_the_page(solara_test, page_session: playwright.sync_api.Page):
    app = HandsApp(players=2, seed=1)
    display(app.element())
    page = page_session
    ready = page.locator(".bw-pass-ready")
    expect(ready).to_contain_text("I am Player 1")
    assert "card-0-" not in page.content() and "is dealt the" not in page.content()
    ready.click()
    first = app.session.state.hands[0][0]
    card = page.locator(f'.hands-board [data-id="card-0-{first}"]')
    card.click()
    wait_until(lambda: app.session.state.turn == 1, what="player 1's card to be played")
    expect(ready).to_contain_text("I am Player 2")
    html = page.content()
    assert "card-1-" not in html and "card-0-" not in html and "is dealt the" not in html
    ready.click()
    expect(page.locator('.hands-board [data-id^="card-1-"]')).to_have_count(len(app.session.state.hands[1]))


def test_the_keyboard_cursor_over_a_hex_map(solara_test, page_session: playwright.sync_api.Page):
    import math

    import solara

    from balada_widgets.kit import svg
    from balada_widgets.ui.board import Board
    from balada_widgets.ui.play import use_cursor

    spots = {f"h{q}{r}": (20 + 30 * math.sqrt(3) * (q + r / 2), 20 + 45 * r) for r in range(3) for q in range(3)}
    acted = []

    @solara.component
    def Page():
        cursor, on_key = use_cursor(spots, acted.append)
        marks = [svg.circle(x, y, 12, data_id=i, class_="cursor" if i == cursor else "hex") for i, (x, y) in spots.items()]
        return Board(svg=svg.svg(marks, 260, 130), on_click=lambda i: None, on_key=on_key, class_name="kit-hexes",
                     label="hexes")

    display(Page())
    page = page_session
    page.locator('.kit-hexes [data-id="h11"]').click()  # the board takes the focus
    for key in ("ArrowRight", "ArrowDown", "ArrowRight", "PageDown", "End", "Home"):
        page.keyboard.press(key)
    expect(page.locator(".kit-hexes .cursor")).to_have_attribute("data-id", "h00")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    wait_until(lambda: acted == ["h10"], what="Enter to act on the cursor's hex")
