"""The standalone app's first minute in a real browser (headless Chromium): home page -> one click -> a bot game.

The app is served as ``solara run balada_widgets.app`` serves it (its routes and
layout). The test waits for what the page shows (a button, the board's status
line), never for a fixed time.
"""

from __future__ import annotations

import os
from pathlib import Path

import playwright.sync_api
from playwright.sync_api import expect

SHEET = ".bw-board-box.bw-sheet-board"


def screenshot(page, name: str) -> None:
    """Save a screenshot when ``$BALADA_SCREENSHOTS`` names a folder (to look at the pages as a user would)."""
    folder = os.environ.get("BALADA_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def test_home_one_click_to_a_game_against_a_bot(solara_server, solara_app, page_session: playwright.sync_api.Page):
    page = page_session
    page.goto("about:blank")
    with solara_app("balada_widgets.app"):
        page.goto(solara_server.base_url + "/")
        bot_button = page.locator(".bw-open-balada.bw-open-bot")
        bot_button.wait_for(timeout=30_000)

        # every game offers learn / a bot / hot-seat, and the tabs name the games in words
        for stem in ("balada", "balda", "barcadia", "baldurs-gate"):
            for kind in ("learn", "bot", "hot-seat"):
                expect(page.locator(f".bw-home-{stem} .bw-open-{kind}")).to_have_count(  # Czech and Russian lessons
                    1 if kind != "learn" or stem not in ("baldurs-gate", "balda") else 2)
        tabs = [t.strip() for t in page.locator(".v-tab").all_text_contents()]
        assert tabs == ["Home", "Balada", "Balda", "Heroes of Barcadia", "Builders of Baldur's Gate"], tabs
        # Solara's badge no longer sits over the content
        expect(page.get_by_text("This website runs on")).to_have_count(0)
        screenshot(page, "app-home")

        # one click: a game against a bot, the human to play
        bot_button.click()
        page.locator(f"{SHEET} g.space.legal").first.wait_for(timeout=20_000)
        status = page.locator(f"{SHEET} .bw-active")
        expect(status).to_contain_text("Player 1, your turn")
        expect(page.locator(".bw-other-sheets")).to_contain_text("Player 2 (advisor bot)")
        assert page.url.rstrip("/").endswith("/balada")
        expect(page.get_by_role("tab", selected=True)).to_have_text("Balada")

        # a move, and the bot answers: the next turn comes
        page.locator(f"{SHEET} g.space.legal").first.click()
        expect(page.locator(f"{SHEET} .bw-round")).to_contain_text("turn 2 of 12", timeout=20_000)
        screenshot(page, "app-balada-bot")

        # the new-game form's labels are whole (none cut off with an ellipsis)
        page.locator(".bw-new-game").first.click()
        form = page.locator(".bw-new-game-form")
        form.wait_for()
        cut = form.locator(".v-label").evaluate_all(
            "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)")
        screenshot(page, "app-balada-form")
        assert cut == [], f"labels cut off: {cut}"
        page.goto("about:blank")
