"""Heroes of Barcadia in real headless Chromium: turns played with clicks and with the keyboard, hot-seat, JupyterLab.

The positions are hand-made on the 30-room "cozy" dungeon (the Starting
Point touches r1..r12). Each step waits for the state the session must
reach (a move in the history, a class on a room), never for a fixed time.
Screenshots go to ``$BARCADIA_SCREENSHOTS`` (else a pytest temporary folder).
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

from balada_widgets.barcadia import BarcadiaGame
from balada_widgets.barcadia.view import BarcadiaApp, board_moves, button_moves
from balada_widgets.core.session import Session

BOARD = ".bw-board-box.bw-barcadia-board"


@pytest.fixture
def shots(tmp_path_factory) -> Path:
    folder = Path(os.environ.get("BARCADIA_SCREENSHOTS") or tmp_path_factory.mktemp("barcadia-screens"))
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


def room(page, rid: str):
    return page.locator(f'{BOARD} [data-id="{rid}"]')


def position_app(bots: int = 1) -> BarcadiaApp:
    g = BarcadiaGame(players=2, dungeon="cozy")
    st = g.position(players={0: {"hand": ["dash"]}, 1: {"hand": ["big-refill"]}},
                    rooms={2: "mini-fizzicorn", 3: "puddle-pup"})
    return BarcadiaApp(players=2, bots=bots, session=Session(g, seed=4, state=st))


def human_moves(app):
    g, s = app.game, app.session
    view = g.view(s.state, 0)
    moves = g.legal_moves(view, 0) if g.to_move(s.state) == (0,) else []
    return view, moves


def test_turns_by_clicks_and_by_keys_against_a_bot(solara_test, page_session: playwright.sync_api.Page, shots):
    app = position_app(bots=1)
    game, session = app.game, app.session
    display(app.element())
    page = page_session
    view, moves = human_moves(app)
    for rid in board_moves(game, view, moves):  # exactly the legal moves' rooms glow
        expect(room(page, rid)).to_have_class(has_class("target"))
    expect(room(page, "r20")).not_to_have_class(has_class("target"))
    page.screenshot(path=shots / "start.png", full_page=True)

    room(page, "r30").click()  # not next to START: the engine's refusal, with its rule
    expect(page.locator(".bw-reminder.bw-rule-H-TURN3")).to_contain_text("r30 is not next to your room")
    assert session.history == []

    room(page, "r2").click()  # by a click: step into the face-up Monster room
    wait_until(lambda: "p1 enter r2" in session.history, what="the step into r2")
    expect(page.locator(".bw-reminder")).to_have_count(0)
    view, moves = human_moves(app)
    k = [m.text() for m in button_moves(game, view, moves)].index("p1 play dash")
    page.keyboard.press(str(k + 1))  # the board kept the focus since the click: the digit plays Dash
    wait_until(lambda: "p1 play dash" in session.history, what="Dash played by its digit")

    page.keyboard.press("ArrowRight")  # by keys: the cursor to a glowing room, Enter acts on it
    expect(page.locator(f"{BOARD} .room.cursor")).to_have_count(1)
    target = page.locator(f"{BOARD} .room.cursor").get_attribute("data-id")
    done = len(session.history)
    page.keyboard.press("Enter")
    wait_until(lambda: len(session.history) > done, what="the cursor's move")
    assert session.history[done].split()[-1] == target
    page.screenshot(path=shots / "after-keys.png", full_page=True)

    turn = session.state.turn
    for _ in range(40):  # finish the turn with keys: E ends it, P passes a window, digits choose
        if session.state.turn > turn and game.to_move(session.state) == (0,) and session.state.active == 0:
            break
        view, moves = human_moves(app)
        verbs = {m.verb for m in moves}
        done = len(session.history)
        if not moves:
            break
        key = "e" if "end" in verbs else "p" if "pass" in verbs else "1"
        if key == "1" and not button_moves(game, view, moves):
            room(page, sorted(board_moves(game, view, moves))[0]).click()
        else:
            page.keyboard.press(key)
        wait_until(lambda: len(session.history) > done, what=f"the move of the key {key!r}")
    assert any(t.startswith("p2 ") for t in session.history), "the bot has played its turn"
    wait_until(lambda: game.is_over(session.state) or game.to_move(session.state) == (0,), what="the human's turn")
    expect(page.locator(".bw-bc-status")).to_contain_text("Player 1 (you) to decide")
    page.screenshot(path=shots / "next-turn.png", full_page=True)

    page.locator(".bw-undo").click()
    wait_until(lambda: len(session.history) < done + 1, what="undo")


def test_odds_before_a_battle_and_their_explanation(solara_test, page_session: playwright.sync_api.Page, shots):
    g = BarcadiaGame(players=2, dungeon="cozy")
    st = g.position(players={0: {"hand": ["courage", "drain"]}},
                    rooms={1: {"card": "lime-lich", "up": False, "public": True}})
    app = BarcadiaApp(players=2, bots=1, session=Session(g, seed=2, state=st))
    display(app.element())
    page = page_session
    room(page, "r1").click()
    odds = page.locator(".bw-bc-odds")
    expect(odds).to_contain_text("Chance to win: 50%")  # level 11: 10 faces of 20
    expect(page.locator(".bw-barcadia-hand .card.playable")).to_have_count(2)
    page.locator('.bw-barcadia-hand [data-id="card-drain"]').click()
    expect(odds).to_contain_text("Chance to win: 65%")  # Drain: level 8
    page.locator(BOARD).press("?")
    expect(page.locator(".bw-explain")).to_contain_text("Drain")
    page.screenshot(path=shots / "odds.png", full_page=True)


def test_hot_seat_keeps_the_next_hand_out_of_the_page(solara_test, page_session: playwright.sync_api.Page, shots):
    app = position_app(bots=0)
    session = app.session
    display(app.element())
    page = page_session
    page.locator(".bw-pass-ready").click()
    expect(page.locator(".bw-barcadia-hand")).to_contain_text("Dash")
    room(page, "r2").click()
    wait_until(lambda: "p1 enter r2" in session.history, what="the step")
    page.locator(".bw-bc-end").click()
    page.locator(".bw-bc-pass").click()  # between turns player 1 is asked first (a card in hand, H19)
    expect(page.locator(".bw-pass-screen")).to_contain_text("Player 2")
    html = page.content()
    assert "Big Refill" not in html and "Dash" not in html  # neither hand is in the page
    page.screenshot(path=shots / "pass-screen.png", full_page=True)
    page.locator(".bw-pass-ready").click()
    expect(page.locator(".bw-barcadia-hand")).to_contain_text("Big Refill")


def test_a_jupyterlab_cell_shows_the_live_game(jupyter_lab_runner, page_session: playwright.sync_api.Page, shots):
    def kernel_code():
        from balada_widgets import barcadia

        app = barcadia.new_game(players=2, bots=1, seed=3, dungeon="cozy")
        app.play("p1 pass")  # the between-turns window after the bot's turn asks your hand (H19)
        app

    jupyter_lab_runner(kernel_code)
    page = page_session
    targets = page.locator(f"{BOARD} .room.target")
    expect(targets.first).to_be_visible()
    room(page, "r30").click()  # keys and clicks reach the kernel: a refusal comes back
    expect(page.locator(".bw-reminder.bw-rule-H-TURN3")).to_be_visible()
    page.keyboard.press("ArrowRight")  # JupyterLab's own shortcuts leave the board's keys alone
    expect(page.locator(f"{BOARD} .room.cursor")).to_have_count(1)
    version = page.locator(BOARD).get_attribute("data-version")
    page.keyboard.press("Enter")
    expect(page.locator(BOARD)).not_to_have_attribute("data-version", version)
    page.locator(".jp-Notebook").first.screenshot(path=shots / "jupyterlab.png")


def test_the_bots_turns_and_a_refusal_are_in_view_at_1400x900(solara_test, page_session: playwright.sync_api.Page,
                                                               shots):
    """Issue 14: after your move, what the bots did (their rolls too) stays in a panel, line by line with a skip;
    a refused click says why in words beside the board's top, inside the window."""
    from balada_widgets.barcadia.view import recap_lines

    app = BarcadiaApp(players=4, bots=3, seed=0)
    game, session = app.game, app.session
    for _ in range(40):  # pass until the bots' answer holds a roll of theirs
        moves = game.legal_moves(game.view(session.state, 0), 0)
        app.play(next(m for m in moves if m.verb in ("pass", "end")))
        rolls = [x for x in recap_lines(game, session, 0) if x.kind == "roll" and x.player != 0]
        if rolls:
            break
    assert rolls
    page = page_session
    page.set_viewport_size({"width": 1400, "height": 900})
    display(app.element())
    recap = page.locator(".bw-bc-recap")
    expect(recap).to_contain_text(rolls[0].text)
    last = recap.locator("li").last
    expect(last).to_have_css("opacity", "1", timeout=15000)  # the lines come one after another, then stay
    b = page.locator(".bw-bc-recap-box").bounding_box()
    assert b is not None and b["y"] + 40 <= 900, b  # the recap starts inside the window
    page.screenshot(path=shots / "recap-1400x900.png")

    rooms = page.locator(f"{BOARD} .room.down")  # a face-down room low on the board: not a move now
    lowest = max(range(rooms.count()), key=lambda k: rooms.nth(k).bounding_box()["y"])
    rid = rooms.nth(lowest).get_attribute("data-id")
    done = len(session.history)
    rooms.nth(lowest).click()
    box = page.locator(".bw-bc-refusal")
    expect(box).to_contain_text(f"Player 1 cannot reveal {rid}: ")
    expect(box).not_to_contain_text("illegal move")
    page.wait_for_timeout(500)  # the box comes into the window after the click's scroll
    r = box.bounding_box()
    assert r is not None and 0 <= r["y"] and r["y"] + r["height"] <= 900, r
    board = page.locator(BOARD).bounding_box()
    assert r["x"] >= board["x"] + board["width"] - 5  # beside the board, not under it
    assert len(session.history) == done
    page.screenshot(path=shots / "refusal-1400x900.png")
    text = page.locator(".bw-barcadia").inner_text()
    assert "Player 2 (greedy bot)" in text and not re.search(r"\bBot \d|\bYou to decide", text)
