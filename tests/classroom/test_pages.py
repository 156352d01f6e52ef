"""Play with classmates, rendered: each device its own Solara kernel context, one class store, one table.

``solara run`` serves every browser tab from one process, each tab a *virtual kernel*;
these tests open two or three of them here (as tests/ui/test_isolation.py does), render the
table page (:func:`balada_widgets.classroom.pages.TablePage`) in each for the same table, and
play by clicks on each device's own board. They check that each device shows only its
seat (no pass screen; no other seat's hidden card or choice in its page), and that a move
made on one device appears on the others **without a click there** (the live notifier runs
their callbacks in their own kernel contexts), timed.
"""

from __future__ import annotations

import re
import sys
import time
import uuid
from html import unescape
from pathlib import Path

import pytest

from balada_widgets.classroom import identity, pages
from balada_widgets.classroom.live import NOTIFIER, LiveStore, TableSession
from balada_widgets.ui.board import SvgBoard

sys.path.insert(0, str(Path(__file__).parents[1] / "browser"))
sys.path.insert(0, str(Path(__file__).parents[1]))
import secret_probe  # noqa: E402
from kernel_pages import KernelPage  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def settle() -> None:
    """Every page's update done (the live callbacks, the bots' answers, a render another thread took over)."""
    NOTIFIER.drain()
    time.sleep(0.05)
    NOTIFIER.drain()


class Device(KernelPage):
    """One browser tab: a kernel context (its own ``session_id``: the browser's cookie), the page rendered in it."""

    def __init__(self, name: str, browser: str | None = None):
        self.name = name
        self.browser = browser or f"cookie-{name}-{uuid.uuid4().hex}"
        super().__init__(self.browser, name)

    def click(self, cls: str) -> None:
        self.run(lambda: self.ui.click(cls))
        settle()

    def board(self, cls: str) -> SvgBoard:
        return self.run(lambda: self.ui.board(cls))

    def emit(self, cls: str, id_: str) -> None:
        board = self.board(cls)
        self.run(lambda: board.emit_click(id_))
        settle()

    def text(self) -> str:
        """The page's text and every board's drawing."""
        def read():
            return unescape(self.ui.text() + "\n".join(w.svg for w in self.ui.all_widgets()
                                                       if isinstance(w, SvgBoard)))
        return self.run(read)

    def wait(self, predicate, what: str, timeout: float = 10.0) -> float:
        """Seconds until ``predicate()`` holds, no click on this device meanwhile."""
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            if self.run(predicate):
                return time.monotonic() - t0
            time.sleep(0.01)
        raise AssertionError(f"{self.name}: timed out waiting for {what}")

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def store():
    st = LiveStore("sqlite://")
    old = identity.set_store(st)
    yield st
    NOTIFIER.drain()
    identity.set_store(old)
    st.close()


@pytest.fixture
def devices():
    made: list[Device] = []

    def make(name: str, browser: str | None = None) -> Device:
        d = Device(name, browser)
        made.append(d)
        return d

    yield make
    for d in made:
        d.close()


def seated(store, devices, game: str, names=("Ana", "Ben"), bots=(), seed=3, **options):
    """A table of ``game`` with a seat for each name (then ``bots`` seats), each name on its own device."""
    devs = [devices(n) for n in names]
    for d in devs:
        store.browser(d.browser, d.name)
    table = store.create_table(game, seats=["open"] * len(devs) + list(bots), creator=devs[0].browser, seed=seed,
                               **options)
    for d in devs:
        store.join(table.code, d.name, browser=d.browser)
    for d in devs:
        d.open(pages.TablePage(table.code))
    return table.code, devs


def count(store, code) -> int:
    return store.status(code).move_count


def no_secret_of_others(store, code, device: Device, seat):
    """No hidden card or choice of another seat is in the device's page (secret_probe's needles)."""
    full = store.table(code).session
    items = secret_probe.secret_items(full, seat)
    text = device.text()
    leaks = [f"{k}: {n!r}" for k, needles in items.items() for n in needles
             if re.search(r"(?<![\w-])" + re.escape(n) + r"(?![\w-])", text)]
    assert not leaks, f"{device.name} (seat {seat}) sees: {leaks[:5]}"
    return items


# ---------------------------------------------------------------------- Balda: word tracing, device by device


def balda_trace(device: Device, move) -> None:
    """Trace ``move`` on the device's grid: the empty cell, its letter, the word's path, then Play."""
    from balada_widgets.balda.view import cell_name

    n = 5
    settle()
    device.emit("bw-balda-grid", f"cell-{cell_name(move.cell, n)}")
    device.run(lambda: device.ui.board("bw-balda-grid").emit_key(move.letter))
    settle()
    for cell in move.path:
        device.emit("bw-balda-grid", f"cell-{cell_name(cell, n)}")
    device.click("bw-balda-play")


def test_balda_two_devices_and_a_spectator_each_sees_the_others_word_without_a_click(store, devices):
    code, (ana, ben) = seated(store, devices, "balda")
    cleo = devices("Cleo").open(pages.TablePage(code))  # no seat: watches
    assert cleo.ui.has("bw-table-watch") and cleo.run(lambda: cleo.ui.button("bw-balda-pass").disabled)
    for d in (ana, ben):
        assert not d.ui.has("bw-pass-screen") and d.ui.boards("bw-balda-grid")
    assert "Ana (you)" in ana.text() and "Ben (you)" in ben.text() and "(you)" not in cleo.text()
    waits = []
    for turn in range(4):
        mover, others = (ana, [ben, cleo]) if turn % 2 == 0 else (ben, [ana, cleo])
        full = store.table(code).session
        move = sorted(full.game.word_moves(full.state), key=lambda m: (-len(m.path), m.word))[0]
        before = count(store, code)
        balda_trace(mover, move)
        assert count(store, code) == before + 1, (f"{mover.name}'s word {move.word} was not played: "
                                                  f"{[t for t in mover.text().splitlines() if 'rule' in t][-3:]}"
                                                  f"{mover.run(lambda: mover.ui.board('bw-balda-grid').svg)[-3000:]}")
        word = move.word.upper()
        for other in others:
            waits.append(other.wait(lambda w=word, o=other: w in o.text().upper(), f"the word {word}"))
        NOTIFIER.drain()  # every page done with its update before the next click (a student's pace)
    assert max(waits) < 1.0, waits
    # the turn is shown where it is: Ana to move (4 words played), Ben's Play button off
    assert ben.run(lambda: ben.ui.button("bw-balda-pass").disabled)
    assert not ana.run(lambda: ana.ui.button("bw-balda-pass").disabled)


def test_a_move_sent_twice_plays_once_and_a_second_tab_of_the_browser_follows(store, devices):
    code, (ana, ben) = seated(store, devices, "balda")
    tab2 = devices("Ana-tab-2", browser=ana.browser).open(pages.TablePage(code))  # the same browser, another tab
    assert "Ana (you)" in tab2.text() and tab2.ui.boards("bw-balda-grid")
    token = store.join(code, "Ana", browser=ana.browser)  # a copy of Ana's seat, as a page holds it
    one, two = TableSession(store, code, token), TableSession(store, code, token)
    move = one.legal_moves(0)[0]
    before = count(store, code)
    one.play(move)
    two.play(move)  # the same move at the same move number (a double click, a resent message, the other tab)
    assert count(store, code) == before + 1
    word = move.word.upper()
    for d in (ana, tab2, ben):
        d.wait(lambda d=d: word in d.text().upper(), f"{d.name}: the word")


def test_a_seat_waits_for_its_student_and_the_creator_gives_it_to_a_bot(store, devices):
    code, (ana, ben) = seated(store, devices, "balda")
    ben.close()  # Ben's tab closed: the seat waits
    back = devices("Ben-again", browser=ben.browser).open(pages.TablePage(code))
    assert "Ben (you)" in back.text() and back.ui.boards("bw-balda-grid")  # the same browser takes it back
    assert ana.ui.has("bw-table-to-bot-2") and not back.ui.has("bw-table-to-bot-1")  # the creator alone
    full = store.table(code).session
    balda_trace(ana, full.game.word_moves(full.state)[0])
    ana.click("bw-table-to-bot-2")
    # the bot answers Ana's word; Ben's page says its seat went to a bot and watches
    ana.wait(lambda: count(store, code) >= 3, "the bot's answer")
    back.wait(lambda: back.ui.has("bw-table-watch"), "Ben's page to watch")
    assert "bot)" in back.text() and "no longer acts" in back.text()


# ---------------------------------------------------------------------- Balada: simultaneous choices


def test_balada_simultaneous_choices_on_two_devices_stay_hidden_until_both_chose(store, devices):
    code, (ana, ben) = seated(store, devices, "balada")
    for d in (ana, ben):
        assert d.ui.boards("bw-sheet-board") and not d.ui.has("bw-pass-ready")
    start = count(store, code)
    space = ana.run(lambda: ana.ui.spaces("legal"))[0]
    ana.emit("bw-sheet-board", f"space-{space}")
    assert count(store, code) == start + 1
    # Ben's page: Ana's choice is not there; Ana's: not Ben's (nothing yet)
    ben.wait(lambda: True, "")
    time.sleep(0.2)
    assert no_secret_of_others(store, code, ben, 1), "Ana's choice is a secret for Ben until Ben chose"
    no_secret_of_others(store, code, ana, 0)
    ben_space = ben.run(lambda: ben.ui.spaces("legal"))[0]
    ben.emit("bw-sheet-board", f"space-{ben_space}")
    # both chose: the turn is revealed and the next flip comes, on both devices without a click
    full = store.table(code).session
    turn = full.state.turn if hasattr(full.state, "turn") else None
    for d in (ana, ben):
        d.wait(lambda d=d: len(d.run(lambda: d.ui.spaces("legal"))) > 0 and count(store, code) > start + 2,
               "the next turn")
        no_secret_of_others(store, code, d, 0 if d is ana else 1)
    assert turn is None or full.state.turn >= 1


# ---------------------------------------------------------------------- Heroes of Barcadia: a Loot window


def test_barcadia_a_loot_window_asks_the_holder_on_its_own_device(store, devices):
    from balada_widgets.barcadia.rules import BarcadiaGame

    g = BarcadiaGame(players=2, dungeon="cozy")
    st = g.position(players={0: {"hand": ["dash"]}, 1: {"hand": ["big-refill", "mega-boost"]}},
                    rooms={2: "mini-fizzicorn"})
    ana, ben = devices("Ana"), devices("Ben")
    for d in (ana, ben):
        store.browser(d.browser, d.name)
    table = store.create_table("barcadia", seats=["open", "open"], creator=ana.browser, seed=1, dungeon="cozy",
                               start=g.state_to_text(st))
    code = table.code
    for d in (ana, ben):
        store.join(code, d.name, browser=d.browser)
        d.open(pages.TablePage(code))
    assert "Dash" in ana.text() and "Big Refill" not in ana.text()
    assert "Big Refill" in ben.text() and "Dash" not in ben.text()
    ana.emit("bw-barcadia-board", "r2")
    ana.click("bw-bc-end")
    # the between-turns window asks Ana first (a card in hand), then Ben, on his device
    assert "Player 1 may play a Loot Card or pass" in ana.text() or "may play a Loot Card" in ana.text()
    ana.click("bw-bc-pass")
    ben.wait(lambda: ben.ui.has("bw-bc-pass"), "Ben's window")
    assert "may play a Loot Card or pass" in ben.text() and not ben.ui.has("bw-pass-screen")
    assert not ana.ui.has("bw-bc-pass")
    assert no_secret_of_others(store, code, ana, 0) and no_secret_of_others(store, code, ben, 1)  # hands hidden
    ben.click("bw-bc-pass")
    ben.wait(lambda: store.status(code).to_move == (1,), "Ben's turn")
    ana.wait(lambda: "Ben" in ana.text() and not ana.ui.has("bw-bc-pass"), "Ana waits")
    no_secret_of_others(store, code, ana, 0)


# ---------------------------------------------------------------------- Builders of Baldur's Gate: multi-step


def test_baldurs_gate_a_multi_step_action_on_one_device_then_the_other_plays(store, devices):
    code, (ana, ben) = seated(store, devices, "baldurs_gate")
    full = store.table(code).session
    g = full.game
    first = g.to_move(full.state)[0]
    mover, other = (ana, ben) if first == 0 else (ben, ana)
    start = count(store, code)
    steps = 0
    # the action's steps by clicks: a glowing card of the hand (build), then whatever the view offers next
    while g.pending(store.table(code).session.state).player == first and steps < 30:
        hand = re.findall(r'class="card [^"]*\btg\b[^"]*" data-id="([^"]+)"', mover.board("bw-bg-me").svg)
        city = re.findall(r'<g class="[^"]*\btg\b[^"]*" data-id="([^"]+)"', mover.board("bw-bg-city").svg)
        if city:
            mover.emit("bw-bg-city", city[0])
        elif hand:
            mover.emit("bw-bg-me", hand[0])
        else:
            mover.click("bw-bg-choice-1")
        steps += 1
        no_secret_of_others(store, code, other, 1 - first)
    assert count(store, code) > start + 1, "the action took several steps"
    other.wait(lambda: other.ui.has("bw-bg-choice-1") or bool(re.findall(
        r'\btg\b', other.ui.board("bw-bg-me").svg)), "the other's turn")
    assert no_secret_of_others(store, code, other, 1 - first)  # the mover's hand and agenda
    assert no_secret_of_others(store, code, mover, first)


# ---------------------------------------------------------------------- another process, the browser's id


def test_a_move_stored_by_another_process_arrives_through_the_poll(tmp_path, devices):
    """Two app servers on one database: the other one's write notifies nobody here; the 1 s poll finds it."""
    from balada_widgets.classroom.store import Store

    path = str(tmp_path / "class.sqlite3")
    here = LiveStore(path)
    old = identity.set_store(here)
    other = Store(path)  # the second server: a store that tells this process's notifier nothing
    try:
        ana = devices("Ana")
        here.browser(ana.browser, "Ana")
        code = here.create_table("balda", seats=["open", "open"], creator=ana.browser, seed=5).code
        here.join(code, "Ana", browser=ana.browser)
        ben = other.join(code, "Ben")
        ana.open(pages.TablePage(code))
        ana.wait(lambda: "2: Ben" in ana.text(), "Ben's join, seen by the poll", timeout=5)
        balda_trace(ana, here.table(code).session.game.word_moves(here.table(code).session.state)[0])
        move = other.legal_moves(code, ben)[0]
        other.play(code, ben, move)
        waited = ana.wait(lambda: here.status(code).move_count == other.status(code).move_count
                          and "Ana (you)" in ana.text() and not ana.run(
                              lambda: ana.ui.button("bw-balda-pass").disabled), "Ben's move, seen by the poll",
                          timeout=5)
        assert waited < 3.0, waited  # the poll reads every second
    finally:
        NOTIFIER.drain()
        identity.set_store(old)
        other.close()
        here.close()


def test_the_browser_id_is_solaras_session_cookie_and_its_name_survives_a_restart(tmp_path):
    path = str(tmp_path / "class.sqlite3")
    first = LiveStore(path)
    old = identity.set_store(first)
    try:
        dev = Device("Dana")
        assert dev.run(identity.browser_key) == dev.browser  # the cookie, as Solara's server read it
        later_tab = Device("Dana-tab", browser=dev.browser)
        assert later_tab.run(identity.browser_key) == dev.browser  # every tab, every reload of the browser
        no_cookie = Device("x", browser="session-id-cookie-unavailable:" + uuid.uuid4().hex)
        key = no_cookie.run(identity.browser_key)
        assert key != no_cookie.browser and key == no_cookie.run(identity.browser_key)  # one per page
        first.browser(dev.browser, "Dana")
        identity.set_store(None)
        first.close()
        restarted = LiveStore(path)  # the server restarted: the same file, a new process's store
        identity.set_store(restarted)
        assert restarted.browser_name(dev.browser) == "Dana"
        page = dev.open(pages.Lobby("balda"))
        assert "You are Dana." in page.text()
        for d in (dev, later_tab, no_cookie):
            d.close()
        restarted.close()
    finally:
        identity.set_store(old)
