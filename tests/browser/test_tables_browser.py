"""Play with classmates in real Chromium: three browsers (three Playwright contexts: three cookies) at one app server.

The app is served as ``solara run balada_widgets/app.py`` serves it (its routes, layout and
Solara's session cookie, which is each browser's id). One class store (a SQLite file in a
temporary folder). Everything is done as the students would: the name typed once, a table
made with the form, joined by its link and by its code, words traced by clicks.

- Balda 5x5: Ana makes a table (seats: Ana, a classmate, a bot), Ben opens the link and takes
  seat 2, Cleo joins by code and watches. They play the whole game; after each word the
  test times how long the other two browsers take to show it (no click there): the figures
  are printed (p50, p95) and each must be under a second.
- Heroes of Barcadia: Ana and Ben at one table, Cleo watching; at every move, each browser's
  DOM and every websocket frame it received are searched for the other seats' hidden Loot
  cards (``secret_probe.secret_items`` on the server's full session).
"""

from __future__ import annotations

import os
import re
import statistics
import sys
import time
from pathlib import Path

import playwright.sync_api
import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).parent))
import secret_probe  # noqa: E402
from class_play import GRID, join_by_code, join_by_link, make_table, wait_until  # noqa: E402
from test_secrets import Wire, dom_text, leaks  # noqa: E402

from balada_widgets.balda.position import cell_name  # noqa: E402
from balada_widgets.classroom import identity  # noqa: E402
from balada_widgets.classroom.live import LiveStore  # noqa: E402


@pytest.fixture
def class_store(tmp_path):
    st = LiveStore(str(tmp_path / "class.sqlite3"))
    old = identity.set_store(st)
    yield st
    identity.set_store(old)
    st.close()


@pytest.fixture
def three(browser: playwright.sync_api.Browser):
    """Three browsers: each its own context (its own cookies, so its own Solara session id)."""
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(3)]
    pages = [c.new_page() for c in contexts]
    yield pages
    for c in contexts:
        c.close()


#: each page notes when (Date.now(), the machine's clock) each word first appears among the words played
WATCH_JS = """() => { if (window.__bw) return; window.__bw = {};
  setInterval(() => { const w = document.querySelector('.bw-balda-words');
    if (!w) return;
    for (const e of w.querySelectorAll('[data-id^="word-"]')) {
      for (const word of e.textContent.toUpperCase().match(/[A-Z]+/g) || [])
        if (!(word in window.__bw)) window.__bw[word] = Date.now(); } }, 5); }"""


def seen_at(page, word: str) -> float:
    """When (ms since the epoch) the page first showed ``word`` among the words played (waits in the browser)."""
    page.wait_for_function("w => window.__bw && (w in window.__bw)", arg=word, polling=50, timeout=10_000)
    return page.evaluate("w => window.__bw[w]", word)


def test_balda_whole_game_three_browsers_moves_arrive_within_a_second(solara_server, solara_app, three,
                                                                      class_store):
    ana, ben, cleo = three
    base = solara_server.base_url
    with solara_app("balada_widgets.app"):
        code = make_table(base, ana, "Balda", ["a classmate", "a classmate", "bot: random"], "Ana", "balda")
        join_by_link(base, ben, code, "Ben", 2)
        join_by_code(base, cleo, code)
        for p in three:
            p.evaluate(WATCH_JS)
        expect(ana.locator(".bw-table-seat-2")).to_contain_text("Ben")  # Ben's join reached Ana, no click
        table = class_store.table(code).session
        game = table.game
        assert game.size == 5
        lag: list[float] = []  # click -> the word on the other two pages
        own: list[float] = []  # click -> the word on the mover's own page
        after: list[float] = []  # the mover's page shows it -> another page shows it
        words = 0
        while not game.is_over(class_store.table(code).session.state):
            state = class_store.table(code).session.state
            seat = state.turn
            if seat == 2:  # the bot: it answers by itself
                wait_until(lambda: class_store.table(code).session.state.turn != 2 or
                           game.is_over(class_store.table(code).session.state), what="the bot", every=0.1)
                continue
            me, others = (ana, [ben, cleo]) if seat == 0 else (ben, [ana, cleo])
            moves = sorted(game.word_moves(state), key=lambda m: (len(m.path), m.word))
            done = class_store.status(code).move_count
            if not moves:
                me.locator(".bw-balda-pass").click()
                wait_until(lambda: class_store.status(code).move_count > done, what="the pass")
                continue
            m = moves[0]
            new = me.locator(f'{GRID} [data-id="cell-{cell_name(m.cell, 5)}"]')
            expect(new).to_have_class(re.compile(r"(^|\s)target(\s|$)"))  # this page knows it is its turn
            new.click()
            expect(new).to_have_class(re.compile(r"(^|\s)chosen(\s|$)"))
            me.keyboard.press(m.letter.upper())  # the board has the focus since the click
            expect(new).to_have_class(re.compile(r"(^|\s)pending(\s|$)"))
            for k, c in enumerate(m.path):
                me.locator(f'{GRID} [data-id="cell-{cell_name(c, 5)}"]').click()
                expect(me.locator(f"{GRID} .stepno")).to_have_count(k + 1)
            expect(me.locator(".bw-balda-feedback .bw-balda-fb.ok")).to_be_visible()
            clicked = time.time() * 1000
            me.locator(".bw-balda-play").click()
            word = m.word.upper()
            mine = seen_at(me, word)
            own.append(mine - clicked)
            for other in others:  # the browser waits, not this process (it is the server: no polling here)
                there = seen_at(other, word)
                lag.append(there - clicked)
                after.append(there - mine)
            assert class_store.status(code).move_count > done
            words += 1
            assert words < 40
        over = class_store.table(code).session.state
        for p in three:
            expect(p.locator(".bw-balda-result")).to_be_visible(timeout=10_000)
        lag.sort()
        own.sort()
        p50, p95 = statistics.median(lag), lag[min(len(lag) - 1, int(0.95 * len(lag)))]
        print(f"\nBalda at one table, 3 browsers: {words} human words, {len(lag)} arrivals on the other pages: "
              f"click -> other board p50 {p50:.0f} ms, p95 {p95:.0f} ms, max {lag[-1]:.0f} ms; click -> own board "
              f"p50 {statistics.median(own):.0f} ms, p95 {own[min(len(own) - 1, int(0.95 * len(own)))]:.0f} ms; "
              f"scores {over.scores}; load average {os.getloadavg()[0]:.1f}; the other pages after the mover's "
              f"own: median {statistics.median(after):.0f} ms, max {max(after):.0f} ms")
        # the live part (the notifier, the other kernels' renders) adds under a second to what the mover's own
        # page takes to show the move (that one is the app's render and the websocket, on a loaded machine too)
        after.sort()
        assert words >= 4 and after[int(0.95 * (len(after) - 1))] < 1000, after
        assert p95 < 1000 or os.getloadavg()[0] > 4, f"click -> other board p95 {p95:.0f} ms on a quiet machine"


def test_barcadia_each_browser_holds_only_its_own_hand(solara_server, solara_app, three, class_store):
    ana, ben, cleo = three
    base = solara_server.base_url
    wires = [Wire(p) for p in three]
    with solara_app("balada_widgets.app"):
        code = make_table(base, ana, "Heroes of Barcadia", ["a classmate", "a classmate"], "Ana", "barcadia")
        join_by_link(base, ben, code, "Ben", 2)
        join_by_code(base, cleo, code)
        seats = {0: ana, 1: ben, None: cleo}
        marks = [0, 0, 0]
        checked = 0
        for step in range(10):
            full = class_store.table(code).session
            g = full.game
            for w in wires:
                w.quiet(150)
            for i, (seat, page) in enumerate(seats.items()):
                items = secret_probe.secret_items(full, seat)
                found = leaks(items, dom_text(page), f"seat {seat} DOM")
                found += leaks(items, wires[i].text(marks[i]), f"seat {seat} websocket frames")
                assert not found, found[:3]
                checked += len(items)
                marks[i] = len(wires[i].frames)
            if g.is_over(full.state):
                break
            st = class_store.status(code)
            if st.to_roll:  # the die of a battle waits for its student, who rolls it on their device (P24)
                seats[st.to_roll[0]].locator(".bw-bc-roll").click()
                wait_until(lambda: class_store.status(code).move_count > st.move_count, what="the roll")
                continue
            p = g.to_move(full.state)[0]
            page = seats[p]
            done = class_store.status(code).move_count
            view = g.view(full.state, p)
            verbs = {m.verb for m in g.legal_moves(view, p)}
            from balada_widgets.barcadia.view import board_moves, button_moves

            on_board = sorted(t for t, ms in board_moves(g, view, g.legal_moves(view, p)).items() if len(ms) == 1)
            if "pass" in verbs:
                page.locator(".bw-bc-pass").click()
            elif on_board and (step % 3 != 2 or not button_moves(g, view, g.legal_moves(view, p))):
                page.locator(f".bw-barcadia-board [data-id='{on_board[0]}']").click()
            elif "end" in verbs:
                page.locator(".bw-bc-end").click()
            else:
                page.locator(".bw-bc-choice-1").click()
            wait_until(lambda: class_store.status(code).move_count > done, what="the move")
        assert checked > 0, "no hidden card was ever checked for"
    for w in wires:
        w.close()
