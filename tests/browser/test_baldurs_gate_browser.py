"""Builders of Baldur's Gate in real headless Chromium: whole turns by clicks and by keys, English and Czech.

The games are seeded (chance and bots), so each test knows the opening
position; every step waits for the state the session must reach (a move in
the history, a class on the city, a text), never for a fixed time.
Screenshots go to ``$BALDURS_GATE_SCREENSHOTS`` (else a pytest temporary folder).
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

from balada_widgets.baldurs_gate.view import BaldursGateApp

CITY = ".bw-board-box.bw-bg-city"
ME = ".bw-board-box.bw-bg-me"


@pytest.fixture
def shots(tmp_path_factory) -> Path:
    folder = Path(os.environ.get("BALDURS_GATE_SCREENSHOTS") or tmp_path_factory.mktemp("baldurs-gate-screens"))
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


def node(page, id_: str):
    return page.locator(f'{CITY} [data-id="{id_}"]')


def my_turn(app) -> bool:
    p = app.game.pending(app.session.state)
    return p.player == 0 and p.kind == "turn"


def finish_action(page, app, limit: int = 30) -> None:
    """Player 1's remaining steps by clicks: a glowing place of the city, else a glowing card, else button 1."""
    for _ in range(limit):
        if my_turn(app) or app.game.is_over(app.session.state):
            return
        done = len(app.session.history)
        glowing = page.locator(f"{CITY} .tg")
        cards = page.locator(".bw-bgc .card.tg")
        if glowing.count():
            glowing.first.click()
        elif cards.count():
            cards.first.click()
        else:
            page.locator(".bw-bg-choice-1").click()
        wait_until(lambda: len(app.session.history) > done, what="the step's move")
    raise AssertionError("the action did not end")


def test_a_build_by_clicks_and_a_worker_by_keys_against_two_bots(solara_test, page_session: playwright.sync_api.Page,
                                                                 shots):
    app = BaldursGateApp(players=3, bots=2, seed=0)
    game, session = app.game, app.session
    display(app.element())
    page = page_session
    for d in game.city.districts:  # the worker's targets glow, from legal_moves
        expect(node(page, f"L-{d}")).to_have_class(has_class("tg"))
    expect(page.locator(f"{ME} .card.tg")).to_have_count(len(game.buildable(session.state, 0)))
    page.screenshot(path=shots / "start.png", full_page=True)

    card = page.locator(f"{ME} .card.tg").first
    card_id = card.get_attribute("data-id")[5:]
    card.click()  # build: the card is paid; the parcel step follows
    wait_until(lambda: session.history and session.history[-1] == f"p1 build {card_id}", what="the card chosen")
    st = session.state
    for n in st.avail:
        expect(node(page, f"P{n}")).to_have_class(has_class("tg"))
    closed = next(n for n in game.city.parcels if game.parcel_status(st, n) == "closed")
    node(page, f"P{closed}").click()  # the engine's refusal, with its rule
    expect(page.locator(".bw-reminder.bw-rule-BLD7")).to_contain_text(f"parcel {closed} is not available")
    node(page, f"P{st.avail[0]}").click()
    wait_until(lambda: f"p1 @{st.avail[0]}" in session.history, what="the parcel")
    finish_action(page, app)
    wait_until(lambda: my_turn(app), what="player 1's next turn")
    assert any(h.startswith("p2 ") for h in session.history) and any(h.startswith("p3 ") for h in session.history)
    expect(page.locator(".bw-bg-status")).to_contain_text("your decision")
    expect(node(page, f"P{st.avail[0]}")).to_have_class(has_class("built"))
    page.screenshot(path=shots / "after-build.png", full_page=True)

    page.locator(CITY).focus()
    page.keyboard.press("w")  # worker: the locations become the choices
    expect(page.locator(".bw-bg-choice")).to_have_count(9)
    page.keyboard.press("ArrowRight")
    expect(page.locator(f"{CITY} .cur")).to_have_count(1)
    target = page.locator(f"{CITY} .cur").get_attribute("data-id")
    done = len(session.history)
    page.keyboard.press("Enter")
    wait_until(lambda: len(session.history) > done, what="the worker placed")
    assert session.history[done] == f"p1 worker {target[2:]}"
    expect(page.locator(".bw-bg-pending")).to_contain_text("may make one trade")
    page.keyboard.press("d")  # no trade: the bots play, player 1's turn again
    wait_until(lambda: "p1 trade none" in session.history and my_turn(app), what="the end of the worker turn")
    page.keyboard.press("u")  # undo steps back over the bots' answers to the trade decision
    wait_until(lambda: app.game.pending(session.state).kind == "trade", what="undo")
    page.screenshot(path=shots / "after-keys.png", full_page=True)


@pytest.mark.parametrize("language", ["en", "cs"])
def test_a_refusal_shows_in_words_beside_the_board_in_view_at_1400x900(solara_test, page_session: playwright.sync_api.Page,
                                                                      shots, language):
    """A closed parcel clicked at the start of a turn: the real reason in words, inside the window (issue 14)."""
    app = BaldursGateApp(players=3, bots=2, seed=0, language=language)
    game, session = app.game, app.session
    page = page_session
    page.set_viewport_size({"width": 1400, "height": 900})
    display(app.element())
    expect(page.locator(f"{ME} .card.tg").first).to_be_visible()
    st = session.state
    closed = [n for n in game.city.parcels if game.parcel_status(st, n) == "closed"]
    lowest = max(closed, key=lambda n: game.city.positions[f"P{n}"][1])  # the lowest on the board: the worst case
    node(page, f"P{lowest}").click()
    box = page.locator(".bw-bg-refusal.bw-rule-BLD7")
    words = {"en": f"Player 1 cannot build on parcel {lowest}", "cs": f"Hráč 1 nemůže stavět na parcele {lowest}"}
    expect(box).to_contain_text(words[language])
    expect(box).to_contain_text({"en": "not available", "cs": "není dostupná"}[language])
    expect(box).not_to_contain_text("'p1")
    page.wait_for_timeout(300)  # the sticky box settles after the click's scroll
    b = box.bounding_box()
    assert b is not None and 0 <= b["y"] and b["y"] + b["height"] <= 900, b
    board = page.locator(CITY).bounding_box()
    assert b["x"] >= board["x"] + board["width"] - 5  # beside the board, not under it
    page.screenshot(path=shots / f"refusal-1400x900-{language}.png")  # the window as the player sees it
    text = page.locator(".bw-baldurs-gate").inner_text()
    assert "Bot 2" not in text and "Bot 3" not in text  # one name per seat: "Player 2 (greedy bot)"
    assert {"en": "Player 2 (greedy bot)", "cs": "Hráč 2 (chamtivý bot)"}[language] in text


def test_income_by_keys_a_refusal_and_hot_seat_in_czech(solara_test, page_session: playwright.sync_api.Page, shots):
    app = BaldursGateApp(players=2, bots=0, seed=4, language="cs")
    game, session = app.game, app.session
    display(app.element())
    page = page_session
    hand = [game.card_name(c) for c in session.state.players[1].hand]
    expect(page.locator(".bw-pass-ready")).to_contain_text("Jsem Hráč 1: ukaž mou ruku")
    html = page.content()
    assert not any(name in html for name in hand)  # nobody's hand behind the pass screen
    page.locator(".bw-pass-ready").click()
    expect(page.locator(ME)).to_contain_text("Ruka: 3 karty budov")
    page.locator(CITY).focus()
    page.keyboard.press("i")  # income, then D finishes it
    wait_until(lambda: "p1 income" in session.history, what="income")
    # the income step in words: "bere příjem" as it is taken, then "použije příjmovou schopnost, nebo akci příjmu
    # ukončí" while its abilities wait (which one the page shows first depends on timing)
    expect(page.locator(".bw-bg-pending")).to_contain_text(re.compile("příj(em|m)"))
    page.keyboard.press("Escape")  # Esc takes back the income step (a step that can be undone)
    wait_until(lambda: "p1 income" not in session.history, what="Esc")
    page.keyboard.press("w")
    page.keyboard.press("1")  # the first location, by its digit
    wait_until(lambda: any(h.startswith("p1 worker") for h in session.history), what="the worker by digit")
    page.keyboard.press("d")
    expect(page.locator(".bw-pass-screen")).to_contain_text("Hráč 2")
    html = page.content()
    mine = [game.card_name(c) for c in session.state.players[0].hand]
    assert not any(name in html for name in mine + hand)  # neither hand is in the page
    page.screenshot(path=shots / "pass-screen-cs.png", full_page=True)
    page.locator(".bw-pass-ready").click()
    page.locator(CITY).focus()
    page.keyboard.press("w")
    page.keyboard.press("1")  # player 1's worker stands there? then the engine refuses nothing: it pushes it out
    wait_until(lambda: any(h.startswith("p2 worker") for h in session.history), what="player 2's worker")
    page.keyboard.press("w")  # the worker is away now, and it is not the turn's choice: the reminder says so
    expect(page.locator(".bw-reminder")).to_contain_text("Nejdřív dokonči tento krok")
    page.screenshot(path=shots / "czech.png", full_page=True)


def test_a_jupyterlab_cell_shows_the_live_game(jupyter_lab_runner, page_session: playwright.sync_api.Page, shots):
    def kernel_code():
        from balada_widgets import baldurs_gate

        app = baldurs_gate.new_game(players=3, bots=2, seed=0, language="cs")
        app

    jupyter_lab_runner(kernel_code)
    page = page_session
    expect(page.locator(f'{CITY} [data-id="L-SEA"]')).to_have_class(has_class("tg"))
    page.locator(f"{ME} .card.tg").first.click()  # clicks reach the kernel: the parcels glow
    expect(page.locator(f"{CITY} .parcel.tg").first).to_be_visible()
    page.locator(f'{CITY} [data-id="P1"]').click()  # parcel 1 is closed with this seed: the Czech refusal
    expect(page.locator(".bw-reminder.bw-rule-BLD7")).to_contain_text("není dostupná")
    page.locator(CITY).focus()
    page.keyboard.press("ArrowRight")  # JupyterLab's own shortcuts leave the board's keys alone
    expect(page.locator(f"{CITY} .cur")).to_have_count(1)
    version = page.locator(CITY).get_attribute("data-version")
    page.keyboard.press("Enter")
    expect(page.locator(CITY)).not_to_have_attribute("data-version", version)
    page.locator(".jp-Notebook").first.screenshot(path=shots / "jupyterlab.png")
