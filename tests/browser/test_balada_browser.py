"""Balada in a real browser (headless Chromium): whole games clicked through, and JupyterLab.

The board is one anywidget; its box carries ``data-version`` = the session's
node id once the new drawing is in the page, which is what these tests wait
for after each click (``wait_drawn``).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import playwright.sync_api
from playwright.sync_api import expect
import pytest
import solara
from IPython.display import display

from balada_widgets.balada import BaladaGame
from balada_widgets.balada.view import BaladaApp
from balada_widgets.core.session import Session
from balada_widgets.kit import svg
from balada_widgets.ui.board import Board

SEEN = "F/O1/BS,F/O2/PT,F/O2/TW,F/O3/TW,D/FT/PR,D/FT/CH,D/SW/O2,D/SW/O3,M/FI/O4,M/FI/O5,M/KY/BS,M/CH/PT"
WALK_SIDE = "F:SW D:O2 M:KY F:PT M:SW D:O3 D:TW F:O2 M:BS M:CH F:PR D:FI"
SHEET = ".bw-board-box.bw-sheet-board"
DECIDE = ".bw-walk button[class*='bw-decide-']"


def screenshot(page, name: str) -> None:
    """Save a screenshot when ``$BALADA_SCREENSHOTS`` names a folder (to look at the view as a user would)."""
    folder = os.environ.get("BALADA_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def wait_drawn(page: playwright.sync_api.Page, app: BaladaApp, timeout: float = 10.0) -> None:
    """Wait until the sheet on the page is the drawing of the session's current node.

    The session is read again at each poll: the kernel may be between a move and the chance
    draw that follows it.
    """
    deadline = time.monotonic() + timeout
    while True:
        want = str(app.session.current.id)
        shown = page.locator(SHEET).evaluate_all("els => els.map(e => e.dataset.version)")
        if shown == [want]:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"the page shows versions {shown}, the session is at node {want} "
                                 f"(moves {app.session.history})")
        page.wait_for_timeout(20)


def click_space(page, app, selector: str) -> None:
    before = app.session.current.id
    page.locator(f"{SHEET} {selector}").first.click()
    page.wait_for_function("() => true")  # let the click go out
    deadline_ok = False
    for _ in range(200):
        if app.session.current.id != before:
            deadline_ok = True
            break
        page.wait_for_timeout(25)
    assert deadline_ok, f"the click on {selector} changed nothing"
    wait_drawn(page, app)


def click_button(page, app, selector: str, attempts: int = 3) -> None:
    """Click a button that plays a move, and wait for the board to show the result.

    The rest of the page updates widget by widget: a button may be replaced just as it is
    clicked, and that click reaches no handler. The session tells: if it did not move, the
    click is repeated (and printed, so a failing test shows it).
    """
    before = app.session.current.id
    for attempt in range(attempts):
        page.locator(selector).first.click()
        for _ in range(120):
            if app.session.current.id != before:
                wait_drawn(page, app)
                return
            page.wait_for_timeout(25)
        print(f"click_button: the click {attempt + 1} on {selector} changed nothing; again")
    raise AssertionError(f"{selector} changed nothing after {attempts} clicks")


def test_complete_easy_game_by_clicks(solara_test, page_session: playwright.sync_api.Page):
    app = BaladaApp(players=1, seed=5, easy=True)
    display(app)
    page = page_session
    wait_drawn(page, app)
    assert page.locator(".bw-sheet-board [data-id='card-A']").count() == 1
    assert page.locator(".bw-sheet-board [data-id='card-B']").count() == 0
    for turn in range(1, 13):
        page.locator(".bw-round", has_text=f"turn {turn} of 12").wait_for()
        n_legal = page.locator(f"{SHEET} g.space.legal").count()
        assert n_legal >= 1
        click_space(page, app, "g.space.legal")
    assert app.session.state.players[0].events.count(None) == 0 or app.game.is_over(app.session.state)
    decisions = 0
    while not app.game.is_over(app.session.state):
        # the session says what comes next; wait until the page shows that very decision
        w = app.session.state.players[0].walk
        if w.portals_left:
            page.locator(".bw-walk", has_text=f"Portal in space {w.portals_left[0]}").wait_for()
            click_button(page, app, ".bw-portal-none")
        else:
            page.locator(".bw-walk", has_text=f"Space {w.pos + 1}, ").wait_for()
            click_button(page, app, DECIDE)
            decisions += 1
    page.locator(".bw-winners", has_text="Final score").wait_for()
    assert decisions >= 1
    total = app.session.state.players[0].total
    page.locator(".bw-winners", has_text=f"Final score: {total} points.").wait_for()
    page.locator(".bw-rounds").wait_for()


def test_illegal_click_shows_the_rule_in_the_browser(solara_test, page_session: playwright.sync_api.Page):
    app = BaladaApp(players=1, seed=1)
    display(app)
    page = page_session
    wait_drawn(page, app)
    page.locator(f"{SHEET} g.space:not(.legal)").first.click()
    page.locator(".bw-reminder", has_text="(rule B2)").wait_for()
    page.locator(".bw-sheet-board [data-id='card-B']").click()
    page.locator(".bw-sheet-board g.card-B.selected").wait_for()
    click_space(page, app, "g.space.legal")
    assert app.session.moves[-2].event == app.session.state.seen[0].b
    assert page.locator(".bw-reminder").count() == 0
    # the board kept the focus: the keyboard plays the next turn (B card, cursor to a highlighted space, Enter)
    page.keyboard.press("b")
    page.locator(".bw-sheet-board g.card-B.selected").wait_for()
    page.keyboard.press("ArrowRight")
    page.locator(f"{SHEET} g.space.legal.cursor").wait_for()
    screenshot(page, "balada-keyboard-cursor")
    before = app.session.current.id
    page.keyboard.press("Enter")
    for _ in range(200):
        if app.session.current.id != before:
            break
        page.wait_for_timeout(25)
    wait_drawn(page, app)
    assert app.session.moves[-2].event == app.session.state.seen[1].b
    page.locator(".bw-round", has_text="turn 3 of 12").wait_for()


def test_complete_scoring_walk_of_a_normal_game(solara_test, page_session: playwright.sync_api.Page):
    game = BaladaGame(players=1)
    state = game.state_from_text(f"round=day turn=12 phase=score seen={SEEN}\n"
                                 f"p1 {WALK_SIDE} | swapped=0 swaps=0 inj=0 sw=0 walk=-")
    app = BaladaApp.from_session(Session(game, state=state))
    display(app)
    page = page_session
    wait_drawn(page, app)
    assert page.locator(f"{SHEET} g.space.portal").count() == 1
    click_space(page, app, "[data-id='space-3']")  # the Key moves onto the Portal of space 4
    steps = 0
    while app.session.state.phase == "score":
        # the session says which decision comes next; the sheet redraws on its own, so wait until the rest
        # of the page shows that very decision before opening its advice
        node = app.session.current.id
        page.locator(".bw-walk", has_text=f"Space {app.session.state.players[0].walk.pos + 1}, ").wait_for()
        page.locator(".bw-advice").click()
        page.locator(".bw-advice-table", has_text="points this round").wait_for()
        assert app.session.current.id == node, "opening the advice played a move"
        if steps == 0:
            screenshot(page, "balada-walk-browser")
        page.locator(DECIDE).first.wait_for()
        best = page.locator(".bw-advice-table tr.best td").first.inner_text()
        buttons = page.locator(DECIDE)
        labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
        pick = next((i for i, t in enumerate(labels) if t.lower() == best.lower()), 0)
        option = next(c for c in buttons.nth(pick).get_attribute("class").split() if c.startswith("bw-decide-"))
        click_button(page, app, f".bw-walk button.{option}")
        steps += 1
        if app.session.state.phase == "score":
            page.locator(".bw-advice-table").wait_for(state="detached")  # a decision closes the advice
    st = app.session.state
    assert steps >= 3 and st.round == 1 and st.phase == "place"  # on to the night round
    from balada_widgets.balada import score_side

    # after the Portal took the Key, the advice was followed: the best round with that Portal choice
    assert st.players[0].rounds[0].points == score_side(WALK_SIDE, choices="P4<3").points
    page.locator(".bw-rounds td", has_text=str(st.players[0].rounds[0].points)).first.wait_for()
    page.locator(".bw-round", has_text="Night round").wait_for()


def test_board_reports_click_drag_and_keys(solara_test, page_session: playwright.sync_api.Page):
    got = []
    cells = [svg.rect(10 + 60 * i, 10, 50, 50, fill="#ddd", data_id=f"c{i}") for i in range(4)]

    @solara.component
    def Page():
        return Board(svg=svg.svg(cells, 260, 70), on_click=lambda i: got.append(("click", i)),
                     on_drag=lambda ids: got.append(("drag", tuple(ids))), on_key=lambda k: got.append(("key", k)),
                     class_name="test-board")

    display(Page())
    page = page_session
    page.locator(".test-board [data-id='c0']").wait_for()
    page.locator(".test-board [data-id='c1']").click()
    boxes = [page.locator(f".test-board [data-id='c{i}']").bounding_box() for i in range(3)]
    centre = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]
    page.mouse.move(*centre[0])
    page.mouse.down()
    for x, y in centre[1:]:
        page.mouse.move(x, y, steps=4)
    page.mouse.up()
    page.keyboard.press("a")
    page.keyboard.press("Enter")
    for _ in range(100):
        if len(got) >= 4:
            break
        page.wait_for_timeout(25)
    assert got == [("click", "c1"), ("drag", ("c0", "c1", "c2")), ("key", "a"), ("key", "Enter")]


def test_live_game_in_a_jupyterlab_notebook(jupyter_lab_runner, page_session: playwright.sync_api.Page):
    def kernel_code():
        from balada_widgets import balada

        app = balada.new_game(players=1, seed=3, easy=True)
        app  # the last expression of the cell shows the live game

    jupyter_lab_runner(kernel_code)
    page = page_session
    page.locator(f"{SHEET} svg").wait_for(timeout=30_000)
    page.locator(".bw-round", has_text="turn 1 of 12").wait_for()
    page.locator(f"{SHEET} g.space:not(.legal)").first.click()
    page.locator(".bw-reminder", has_text="(rule B2)").wait_for()
    for turn in (1, 2, 3):
        page.locator(".bw-round", has_text=f"turn {turn} of 12").wait_for()
        # the sheet redraws on its own: wait for the drawing of this turn before clicking a highlighted space
        expect(page.locator(f"{SHEET} g.space.filled")).to_have_count(turn - 1)
        page.locator(f"{SHEET} g.space.legal").first.click()
    page.locator(".bw-round", has_text="turn 4 of 12").wait_for()
    screenshot(page, "balada-jupyterlab")
    page.locator(".bw-undo").click()
    page.locator(".bw-round", has_text="turn 3 of 12").wait_for()
    assert page.locator(f"{SHEET} g.space.filled").count() == 2


def test_the_issue_example_in_notebook_7(notebook7_runner, page_session: playwright.sync_api.Page):
    """``balada.new_game(players=2, bots=1, seed=3)`` as a cell's last expression, in Notebook 7: the human
    places the first symbol, the bot answers, and the next turn is offered."""

    def kernel_code():
        from balada_widgets import balada

        app = balada.new_game(players=2, bots=1, seed=3)
        app

    notebook7_runner(kernel_code)
    page = page_session
    assert "/notebooks/" in page.url
    page.locator(f"{SHEET} svg").wait_for(timeout=30_000)
    page.locator(".bw-round", has_text="turn 1 of 12").wait_for()
    expect(page.locator(f"{SHEET} [data-id='card-B']")).to_have_count(1)  # the normal game shows both event cards
    page.locator(f"{SHEET} g.space:not(.legal)").first.click()
    page.locator(".bw-reminder", has_text="(rule B2)").wait_for()
    expect(page.locator(f"{SHEET} g.space.filled")).to_have_count(0)
    page.locator(f"{SHEET} g.space.legal").first.click()
    page.locator(".bw-round", has_text="turn 2 of 12").wait_for()  # the bot has placed its symbol too
    expect(page.locator(f"{SHEET} g.space.filled")).to_have_count(1)
    screenshot(page, "balada-notebook7")


def test_the_end_screen_explains_both_rounds_and_names_each_seat_once(solara_test,
                                                                      page_session: playwright.sync_api.Page):
    """Issue 14: an ended game against a bot, at 1400x900: both rounds' walks, step by step, add up to the final
    score on the page; every seat is "Player N" (with "(you)" / "(random bot)"), never "Bot N"."""
    import re

    from balada_widgets.balada.bots import make_bot
    from balada_widgets.core.bots import run_bots

    app = BaladaApp(players=2, bots=1, seed=3, bot_level="random")
    run_bots(app.session, {0: make_bot("random", seed=9), **app.bots})
    assert app.game.is_over(app.session.state)
    page = page_session
    page.set_viewport_size({"width": 1400, "height": 900})
    display(app)
    ps = app.session.state.players[0]
    day, night = ps.rounds
    scoring = page.locator(".bw-end-scoring")
    expect(scoring).to_contain_text(f"How Player 1 (you) scored {ps.total} points")
    expect(page.locator(".bw-end-round-day .bw-trace-total")).to_have_text(str(day.points))
    expect(page.locator(".bw-end-round-night .bw-trace-total")).to_have_text(str(night.points))
    expect(page.locator(".bw-end-sum")).to_have_text(f"Day {day.points} + Night {night.points} = {ps.total} points")
    expect(page.locator(".bw-end-round-day .rule").first).to_have_text(re.compile(r"B\d+"))
    page.locator(".bw-end-round-day tr[data-id='step-0']").click()  # the day walk's first step, on the board
    expect(page.locator(f"{SHEET} text", has_text="day side as scored")).to_have_count(1)
    text = page.locator(".balada-view").inner_text()
    assert not re.search(r"\bBot \d", text), text
    assert "Player 2 (random bot)" in text and "Player 1 (you)" in text
    screenshot(page, "balada-end-screen")
