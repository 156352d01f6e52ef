"""Three students, three browsers, one table, a whole game: Balada, Heroes of Barcadia, Builders of Baldur's Gate.

(Balda's whole game is ``test_tables_browser.py``.) The app is served as ``solara run`` serves it, in this
process, with one class store on a SQLite file. Three Playwright contexts are three browsers (three cookies):
Ana, Ben and Cleo each hold a seat, a bot fills the fourth. Every decision of a student is made on that
student's own page by clicks, as a person makes it: a space of the sheet, a room of the dungeon, a place of
the city or a card, or the decision's button (what the student decides is the game's greedy bot's choice for
that seat, or the first thing offered; the test only turns it into the clicks). After each click the test
waits for the move in the store, and the next mover's page must offer its decision by itself (the others'
moves arrive without a click). The game is played to its end, and every page shows the result.

- **Balada**, easy (one round of twelve turns): simultaneous choices, each student on their own sheet;
  the advisor bot at the fourth seat. The table is made with the lobby's form (the *easy* box ticked).
- **Heroes of Barcadia**, the P18 turn limit at 6 turns (the game ends there; made by the store's API, as a
  teacher's script makes it: the limit is not on the form): Loot windows ask each holder on their own page;
  a greedy bot at the fourth seat.
- **Builders of Baldur's Gate**: multi-step actions (a card, then where, then what), a random bot at the
  fourth seat; made with the form.

Secrets, per device: every few moves each page's DOM and every websocket frame it received are searched for
the other seats' hidden things (``secret_probe.secret_items``: hands, agendas, hidden choices).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import playwright.sync_api
import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).parent))
import secret_probe  # noqa: E402
from class_play import click_now, join_by_link, make_table, wait_until  # noqa: E402
from test_secrets import Wire, dom_text, leaks  # noqa: E402

from balada_widgets.classroom import identity, make_bot  # noqa: E402
from balada_widgets.classroom.live import LiveStore  # noqa: E402

pytestmark = pytest.mark.slow

NAMES = ("Ana", "Ben", "Cleo")


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
    contexts = [browser.new_context(viewport={"width": 1280, "height": 1000}) for _ in range(3)]
    pages = [c.new_page() for c in contexts]
    yield pages
    for c in contexts:
        c.close()


class Secrets:
    """Every page's DOM and websocket frames searched for the other seats' hidden things."""

    def __init__(self, pages: list):
        self.pages = pages
        self.wires = [Wire(p) for p in pages]
        self.marks = [0] * len(pages)
        self.checked = 0

    def check(self, class_store, code: str) -> None:
        """Read the server's whole position, then every page; again if a move (a bot's) came meanwhile (a choice
        revealed after the position was read is no longer a secret)."""
        for _ in range(10):
            for w in self.wires:
                w.quiet(150)
            count = class_store.status(code).move_count
            full = class_store.table(code).session
            seen = [(dom_text(page), self.wires[seat].text(self.marks[seat]), len(self.wires[seat].frames))
                    for seat, page in enumerate(self.pages)]
            if class_store.status(code).move_count == count:
                break
        if class_store.status(code).over:  # the end shows every hand and agenda (the final scoring)
            return
        for seat, (dom, frames, marked) in enumerate(seen):
            items = secret_probe.secret_items(full, seat)
            found = leaks(items, dom, f"seat {seat} DOM") + leaks(items, frames, f"seat {seat} websocket frames")
            assert not found, found[:3]
            self.checked += len(items)
            self.marks[seat] = marked

    def close(self) -> None:
        for w in self.wires:
            w.close()


def seat_the_class(base: str, pages: list, code: str, first_joined: bool) -> None:
    """Ben and Cleo (and Ana, when she did not make the table) open the table's link and take their seats."""
    for i, (page, name) in enumerate(zip(pages, NAMES)):
        if i == 0 and first_joined:
            continue
        join_by_link(base, page, code, name, i + 1)
    for i, page in enumerate(pages):  # every join reached every page, no click there
        for j, name in enumerate(NAMES):
            expect(page.locator(f".bw-table-seat-{j + 1}")).to_contain_text(name, timeout=30_000)


def play_to_the_end(class_store, code: str, pages: list, decide, limit: int, secrets: Secrets,
                    check_every: int = 8) -> tuple[int, float]:
    """Each student's decisions on their own page (``decide(seat, page)`` clicks), until the game is over.
    Returns the decisions made and the seconds they took."""
    t0 = time.monotonic()
    made = retries = 0
    while True:
        status = class_store.status(code)
        if status.over:
            break
        rolling = [p for p in status.to_roll if p < len(pages)]
        if rolling:  # the die of a battle waits for its student, who rolls it on their device (P24)
            pages[rolling[0]].locator(".bw-bc-roll").click()
            wait_until(lambda: class_store.status(code).move_count > status.move_count, what="the roll")
            made += 1
            continue
        humans = [p for p in status.to_move if p < len(pages)]
        if not humans:  # the bot thinks: it answers by itself
            wait_until(lambda: class_store.status(code).move_count != status.move_count or
                       class_store.status(code).over, what="the bot", every=0.05)
            continue
        seat = humans[0]
        for attempt in range(3):  # a click the page took before it had drawn the decision is made again
            try:
                decide(seat, pages[seat])
            except Exception:
                pages[seat].screenshot(path=f"/tmp/bw-stuck-{seat}.png", full_page=True)
                Path(f"/tmp/bw-stuck-{seat}.html").write_text(pages[seat].content())
                raise
            try:  # this seat's move (a bot choosing at the same time moves the count too)
                wait_until(lambda: any(m.seat == seat for m in class_store.moves(code, since=status.move_count)),
                           timeout=10, what=f"seat {seat + 1}'s move in the store (after {made} decisions)",
                           every=0.02)
                break
            except AssertionError:
                if attempt == 2:
                    raise
        retries += attempt
        made += 1
        assert made < limit, f"{made} decisions and the game is not over"
        if made % check_every == 0 and not class_store.status(code).over:  # at the end, the hands are shown
            secrets.check(class_store, code)
    assert retries <= max(2, made // 20), f"{retries} decisions clicked again in {made}: the pages lag"
    return made, time.monotonic() - t0


def report(game: str, made: int, took: float, class_store, code: str, secrets: Secrets) -> None:
    status = class_store.status(code)
    print(f"\n{game}: 3 browsers + a bot, {made} decisions by clicks, {status.move_count} moves in all, "
          f"{took:.0f} s; {secrets.checked} hidden things checked on the other devices; "
          f"load average {os.getloadavg()[0]:.1f}")


# ---------------------------------------------------------------------------------------------------- Balada

SHEET = ".bw-board-box.bw-sheet-board"


def balada_decider(class_store, code: str):
    def decide(seat: int, page) -> None:
        """A space of the sheet (the flipped card's symbol goes there), a scoring decision's first button, or keep
        a Portal empty: the first thing the page offers, once the page shows this decision (its turn, or the
        space its hero's walk is at)."""
        state = class_store.table(code).session.state
        walk = state.players[seat].walk
        if walk is None:
            expect(page.locator(".bw-round").first).to_contain_text(f"turn {state.turn} of", timeout=30_000)
            spaces = page.locator(f"{SHEET} g.space.legal")
            spaces.first.wait_for(state="visible", timeout=30_000)
            offered = spaces.nth(seat % spaces.count())  # each student a space of their own choosing
        elif walk.portals_left:
            expect(page.locator(".bw-walk")).to_contain_text(f"Portal in space {walk.portals_left[0]}",
                                                             timeout=30_000)
            offered = page.locator("button.bw-portal-none")
        else:
            expect(page.locator(".bw-walk")).to_contain_text(f"Space {walk.pos + 1},", timeout=30_000)
            offered = page.locator("button[class*='bw-decide-']").first
        offered.wait_for(state="visible", timeout=30_000)
        click_now(page, offered)  # the legal spaces pulse (a CSS animation): never "stable" for Playwright

    return decide


def test_balada_whole_game_three_browsers_and_a_bot(solara_server, solara_app, three, class_store):
    base = solara_server.base_url
    with solara_app("balada_widgets.app"):
        ana = three[0]
        code = make_table(base, ana, "Balada", ["a classmate"] * 3 + ["bot: advisor"], "Ana", "balada",
                          checks=["bw-form-easy"])
        seat_the_class(base, three, code, first_joined=True)
        full = class_store.table(code).session
        assert full.game.easy and full.game.num_players == 4
        secrets = Secrets(three)
        made, took = play_to_the_end(class_store, code, three, balada_decider(class_store, code), 200, secrets)
        for page in three:
            expect(page.locator(".bw-winners")).to_be_visible(timeout=30_000)
        report("Balada (easy)", made, took, class_store, code, secrets)
        assert made >= 36 and secrets.checked > 0  # twelve turns of three students, and the scoring
        secrets.close()


# ---------------------------------------------------------------------------------------------------- Barcadia


def barcadia_decider(class_store, code: str):
    from balada_widgets.barcadia.view import board_moves, board_target, button_label, button_moves

    bot = make_bot("barcadia", "greedy", seed=5)

    def choice(page, k: int, label: str):
        button = page.locator(f".bw-bc-decision .bw-bc-choice-{k + 1}")
        expect(button).to_contain_text(label, timeout=30_000)
        button.click()

    def decide(seat: int, page) -> None:
        full = class_store.table(code).session
        game = full.game
        m = bot.choose(game, full.state, seat)
        view = game.view(full.state, seat)
        moves = game.legal_moves(view, seat)
        on_board = board_moves(game, view, moves)
        target = board_target(game, view, m)
        if target is not None and on_board.get(target) == [m]:
            room = page.locator(f'.bw-board-box.bw-barcadia-board [data-id="{target}"]')
            expect(room).to_have_class(_has("target"), timeout=30_000)  # the page offers it: it knows it is its move
            room.click()
            return
        buttons = button_moves(game, view, moves, None)
        if m in buttons:
            choice(page, buttons.index(m), button_label(game, view, m, seat))
            return
        assert target is not None, m
        page.locator(f'.bw-board-box.bw-barcadia-board [data-id="{target}"]').click()  # a room of several moves
        here = button_moves(game, view, moves, target)
        choice(page, here.index(m), button_label(game, view, m, seat))

    return decide


def _has(cls: str):
    import re

    return re.compile(rf"(^|\s){re.escape(cls)}(\s|$)")


def test_barcadia_whole_game_three_browsers_and_a_bot(solara_server, solara_app, three, class_store):
    base = solara_server.base_url
    with solara_app("balada_widgets.app"):
        table = class_store.create_table("barcadia", seats=["open"] * 3 + ["bot:greedy"], seed=11, turn_limit=6)
        seat_the_class(base, three, table.code, first_joined=False)
        secrets = Secrets(three)
        made, took = play_to_the_end(class_store, table.code, three, barcadia_decider(class_store, table.code),
                                     400, secrets)
        for page in three:
            expect(page.locator(".bw-bc-result")).to_be_visible(timeout=30_000)
        report("Heroes of Barcadia (6 turns)", made, took, class_store, table.code, secrets)
        assert made >= 6 and secrets.checked > 0
        secrets.close()


# ---------------------------------------------------------------------------------------------------- Baldur's Gate


def baldurs_gate_decider(class_store, code: str):
    from balada_widgets.baldurs_gate.drawing import move_target
    from balada_widgets.baldurs_gate.rules import Build, Worker
    from balada_widgets.baldurs_gate.view import choices_for

    bot = make_bot("baldurs_gate", "greedy", seed=5)

    def click_choice(page, choices: list, m) -> bool:
        live = [ch for ch in choices if ch.kind != "back"]
        for k, ch in enumerate(live, 1):
            if ch.move == m and ch.kind not in ("mode", "back"):
                button = page.locator(f".bw-bg-decision .bw-bg-choice-{k}")
                expect(button).to_contain_text(ch.label, timeout=30_000)
                button.click()
                return True
        return False

    def decide(seat: int, page) -> None:
        full = class_store.table(code).session
        game = full.game
        m = bot.choose(game, full.state, seat)
        view = game.view(full.state, seat)
        pending = game.pending(view)
        moves = list(pending.options)
        expect(page.locator(".bw-bg-decision .bw-bg-pending")).to_have_text(pending.text, timeout=30_000)
        choices, targets = choices_for(game, view, pending, moves)
        target = move_target(m)
        if target is not None and targets.get(target) == [m]:
            page.locator(f'.bw-board-box [data-id="{target}"].tg').first.click()
            return
        if click_choice(page, choices, m):
            return
        if pending.kind == "turn" and type(m) in (Build, Worker):  # the action's button first, then its choice
            mode = "build" if type(m) is Build else "worker"
            page.locator(f".bw-bg-decision .bw-bg-mode-{mode}").click()
            expect(page.locator(f".bw-bg-decision .bw-bg-mode-{mode}")).to_have_count(0)
            assert click_choice(page, choices_for(game, view, pending, moves, mode)[0], m), m
            return
        assert target is not None and m in targets.get(target, []), m  # a card of several moves, then its button
        page.locator(f'.bw-board-box [data-id="{target}"].tg').first.click()
        assert click_choice(page, choices_for(game, view, pending, moves, None, target)[0], m), m

    return decide


def test_baldurs_gate_whole_game_three_browsers_and_a_bot(solara_server, solara_app, three, class_store):
    base = solara_server.base_url
    with solara_app("balada_widgets.app"):
        ana = three[0]
        code = make_table(base, ana, "Builders of Baldur's Gate", ["a classmate"] * 3 + ["bot: random"], "Ana",
                          "baldurs_gate")
        seat_the_class(base, three, code, first_joined=True)
        secrets = Secrets(three)
        made, took = play_to_the_end(class_store, code, three, baldurs_gate_decider(class_store, code), 600,
                                     secrets, check_every=25)
        for page in three:
            expect(page.locator(".bw-bg-decision")).to_have_count(0, timeout=30_000)  # the result, no decision
        report("Builders of Baldur's Gate", made, took, class_store, code, secrets)
        assert class_store.status(code).over and secrets.checked > 0
        secrets.close()
