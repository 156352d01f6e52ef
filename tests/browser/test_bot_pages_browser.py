"""Issue 14 at the table: a whole game of Balada, Balda and Builders of Baldur's Gate against bots through the app's
"Play against a bot" pages (``/balada``, ``/balda``, ``/baldurs-gate``), at 1400x900, by clicks as a new player
makes them. (Heroes of Barcadia: a few turns on ``/barcadia`` here, up to a die that waits for your roll; its whole
game is in ``test_barcadia_browser.py``.)

The app is served as ``solara run balada_widgets/app.py`` serves it, in this process, with a class store of its
own (a fresh SQLite file: no game of another test is resumed). The page's app is caught as the page makes it
(``classroom.resume.keep_game``) and its seed is fixed (``app.fresh_seed``): the test reads the session to know
what the page must show and which move player 1 makes (a greedy bot's choice for player 1, turned into the
clicks a person makes: a space, a cell and a letter, a place of the city, a card or a button). After each move
the test waits for the bots' answer, then checks the page:

- every move of a bot is said in words beside the board (the kit's ``ui.others``, ``bw-others-did``): each
  bot move of the game was on the page at some point (those after player 1's last move end on the end screen);
- one name per seat on every screen ("Player 2 (advisor bot)", never "Bot 2" or "You to decide");
- once, a deliberately illegal click: its refusal in words, inside the window (no notation "illegal move '");
- Baldur's Gate's city and side column are taller than the window: the decision and the others' moves stay in
  view (inside the window, on top) after every click, low on the city or on the hand, and with the page scrolled
  to its end before the illegal click;
- the end screen explains the game that was played (Balada: both rounds' walks add up to the final score).

The whole games are marked ``slow`` (10-45 s each on the shared machine). Screenshots go to
``$BOT_PAGES_SCREENSHOTS`` (else a pytest temporary folder).
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import playwright.sync_api
import pytest
from playwright.sync_api import expect

from balada_widgets.classroom import identity, resume
from balada_widgets.classroom.live import LiveStore
from balada_widgets.ui.others import others_nodes

WIDTH, HEIGHT = 1400, 900


@pytest.fixture
def shots(tmp_path_factory) -> Path:
    folder = Path(os.environ.get("BOT_PAGES_SCREENSHOTS") or tmp_path_factory.mktemp("bot-pages"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def caught(tmp_path, monkeypatch):
    """The apps the app's play pages make (the latest last), in a class store of this test's own, seed 7."""
    store = LiveStore(str(tmp_path / "class.sqlite3"))
    old = identity.set_store(store)
    apps = []
    real = resume.keep_game

    def keep_game(*args, **kwargs):
        got = real(*args, **kwargs)
        apps.append(got[0])
        return got

    monkeypatch.setattr(resume, "keep_game", keep_game)
    import balada_widgets.app as app_module

    monkeypatch.setattr(app_module, "fresh_seed", lambda: 7)
    yield apps
    identity.set_store(old)
    store.close()


def wait_until(predicate, timeout: float = 30.0, what: str = "a condition") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def open_bot_page(page, server, stem: str, apps: list):
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    page.goto(f"{server.base_url}/{stem}")
    page.locator(".bw-board-box").first.wait_for(timeout=45_000)
    wait_until(lambda: bool(apps), what="the page's app")
    app = apps[-1]
    assert app.bots and 0 not in app.bots, "the bot page seats a person at seat 1 and bots after"
    return app


def one_name_per_seat(page, app) -> str:
    """The page names each seat one way: "Player N (you)" / "Player N (<level> bot)", never "Bot N" or "You to
    decide"; returns the page's text."""
    text = page.locator(".solara-content-main").inner_text()
    assert not re.search(r"\bBot \d|\bYou to decide|\bbot \d\b", text), re.findall(r".{30}\bBot \d.{30}", text)
    for p in app.bots:
        assert re.search(rf"Player {p + 1} \(\w+ bot\)", text), f"seat {p + 1} is not named on the page"
    return text


def in_window(box, what: str) -> None:
    assert box is not None, f"{what} is not on the page"
    assert 0 <= box["y"] and box["y"] + box["height"] <= HEIGHT and box["x"] + box["width"] <= WIDTH, (what, box)


def seen(page, selector: str, what: str, timeout: float = 5.0) -> None:
    """The element's first line is where the eye is: inside the window and on top there (not under the app's bar,
    not under another box): the point 12 px into its top left is the element's own (waits out the loading
    screen's fading and a box being redrawn)."""
    got: dict = {}

    def on_top() -> bool:
        nonlocal got
        got = page.evaluate("""sel => { const e = document.querySelector(sel); if (!e) return null;
            const b = e.getBoundingClientRect(), hit = document.elementFromPoint(b.left + Math.min(24, b.width / 2),
                                                                                 b.top + Math.min(12, b.height / 2));
            return {top: b.top, right: b.right, on_top: !!hit && e.contains(hit),
                    hit: hit && hit.outerHTML.slice(0, 80)}; }""", selector)
        return bool(got and got["on_top"] and 0 <= got["top"] and got["top"] + 40 <= HEIGHT and got["right"] <= WIDTH)

    try:
        wait_until(on_top, timeout=timeout)
    except AssertionError:
        raise AssertionError(f"{what} is not in view: {got}") from None


class Said:
    """The other seats' moves the page has said in words (``bw-others-did``), by node id."""

    def __init__(self, page, app, label_for, most: int, in_view: bool = True):
        self.page, self.app, self.label_for, self.most = page, app, label_for, most  # most: the page's lines a list
        self.in_view = in_view  # the words start inside the window (the page is not scrolled by the game's clicks)
        self.nodes: set[int] = set()

    def check(self) -> None:
        """The latest lines (as many as the page shows) of each of the kit's lists (``others_did``) are on the page, in words; the nodes
        of the bots' moves among them are kept as said."""
        session = self.app.session
        label = self.label_for(session)
        shown_nodes = []
        for nodes in others_nodes(session, 0):
            shown_nodes += [(n, w) for n, w in ((n, label(n)) for n in nodes) if w][:self.most]
        if not shown_nodes:
            return
        box = self.page.locator(".bw-others-did").first
        text = ""

        def shown() -> bool:
            nonlocal text
            text = box.text_content(timeout=10_000) or ""
            return all(w in text for _, w in shown_nodes)

        wait_until(shown, what="the others' moves in words: " + " / ".join(w for _, w in shown_nodes))
        if self.in_view:
            b = box.bounding_box()
            assert b is not None and 0 <= b["y"] and b["y"] + 40 <= HEIGHT and b["x"] + b["width"] <= WIDTH, b
        for node, words in shown_nodes:
            if not node.by_chance and not words.endswith(" chooses"):  # Balada: a choice not revealed yet
                self.nodes.add(node.id)

    def missing(self) -> list[str]:
        """The bots' moves up to player 1's last move whose words never showed on the page."""
        session = self.app.session
        path = session.current.path()
        last_own = max((k for k, n in enumerate(path) if not n.by_chance and n.parent is not None
                        and getattr(n.move, "player", None) == 0), default=0)
        label = self.label_for(session)
        return [label(n) or n.text for n in path[1:last_own] if not n.by_chance
                and getattr(n.move, "player", None) not in (0, None) and n.id not in self.nodes]


# -------------------------------------------------------------------------------------------------- Balada


@pytest.mark.slow
def test_balada_a_whole_game_against_the_advisor_bot_on_the_bot_page(solara_server, solara_app,
                                                                     page_session: playwright.sync_api.Page,
                                                                     caught, shots):
    from balada_widgets.balada.bots import make_bot
    from balada_widgets.balada.rules import Decide, Place, PortalMove, Swap
    from balada_widgets.balada.view import log_label

    page = page_session
    page.goto("about:blank")
    with solara_app("balada_widgets.app"):
        app = open_bot_page(page, solara_server, "balada", caught)
        game, session = app.game, app.session
        me = make_bot("greedy", seed=3)
        said = Said(page, app, lambda s: (lambda n, f=log_label(s, 0): None if n.by_chance else f(n)), most=8)
        sheet = ".bw-board-box.bw-sheet-board"
        # the layout: your sheet and the others' (with their moves in words) use the window's width
        parts = [page.locator(s).first.bounding_box() for s in (sheet, ".bw-other-sheets")]
        left, right = min(b["x"] for b in parts), max(b["x"] + b["width"] for b in parts)
        assert right - left >= 1100 and right <= WIDTH, (left, right)  # not 900 of 1,400 px
        refused = False
        for step in range(200):
            if game.is_over(session.state):
                break
            wait_until(lambda: game.is_over(session.state) or game.to_move(session.state) == (0,),
                       what="player 1's turn (the bot has chosen)")
            if game.is_over(session.state):
                break
            state, done = session.state, len(session.history)
            wait_until(lambda: page.locator(sheet).get_attribute("data-version") == str(session.current.id),
                       what="the sheet of the session's position")
            if page.locator(".bw-recap-close").count():  # a round is scored: its recap is read, then closed
                page.locator(".bw-recap-close").click()
                expect(page.locator(".bw-recap-close")).to_have_count(0)
            one_name_per_seat(page, app)
            said.check()
            view = game.view(state, 0)
            m = me.choose(game, view, 0)
            if isinstance(m, Place):
                if not refused:  # a space of another landscape: the refusal in words, under the board, in view
                    wrong = page.locator(f"{sheet} g.space:not(.legal):not(.filled)").first
                    wrong.click()
                    box = page.locator(".bw-reminder")
                    expect(box).to_contain_text("(rule B")
                    expect(box).to_contain_text("Player 1 cannot")
                    expect(box).not_to_contain_text("illegal move '")
                    page.wait_for_timeout(300)
                    in_window(box.bounding_box(), "Balada's refusal")
                    page.screenshot(path=shots / "balada-refusal-1400x900.png")
                    assert len(session.history) == done
                    refused = True
                if m.event == state.cards.b and state.cards.b != state.cards.a:
                    page.locator(f"{sheet} [data-id='card-B']").click()
                    page.locator(f"{sheet} g.card-B.selected").wait_for()
                page.locator(f"{sheet} [data-id='space-{m.space}']").click()
            elif isinstance(m, PortalMove):
                if m.source is None:
                    page.locator(".bw-portal-none").click()
                else:
                    page.locator(f"{sheet} [data-id='space-{m.source}']").click()
            elif isinstance(m, Decide):
                page.locator(f".bw-walk button.bw-decide-{m.option}").click()
            elif isinstance(m, Swap):
                raise AssertionError("the greedy bot does not change landscapes")
            wait_until(lambda: len(session.history) > done, what=f"player 1's move {m} (step {step})")
            if step == 6:
                page.screenshot(path=shots / "balada-turn-1400x900.png")
        assert game.is_over(session.state) and refused
        assert not said.missing(), said.missing()
        assert len(said.nodes) >= 20, len(said.nodes)
        ps = session.state.players[0]
        day, night = ps.rounds
        expect(page.locator(".bw-end-sum")).to_have_text(f"Day {day.points} + Night {night.points} = {ps.total} points")
        expect(page.locator(".bw-end-round-day .bw-trace-total")).to_have_text(str(day.points))
        expect(page.locator(".bw-end-round-night .bw-trace-total")).to_have_text(str(night.points))
        one_name_per_seat(page, app)
        page.screenshot(path=shots / "balada-over-1400x900.png")
        page.goto("about:blank")


# -------------------------------------------------------------------------------------------------- Balda


@pytest.mark.slow
def test_balda_a_whole_game_against_the_strong_bot_on_the_bot_page(solara_server, solara_app,
                                                                   page_session: playwright.sync_api.Page,
                                                                   caught, shots):
    """Also the layout at 1400x900: the grid, the words and the panels use the width; the grid's footer and the
    on-screen letters are whole, inside the window's width."""
    from balada_widgets.balda import Pass
    from balada_widgets.balda.bots import make_bot
    from balada_widgets.balda.position import cell_name

    page = page_session
    page.goto("about:blank")
    with solara_app("balada_widgets.app"):
        app = open_bot_page(page, solara_server, "balda", caught)
        game, session = app.game, app.session
        n = game.size
        grid = ".bw-board-box.bw-balda-grid"
        me = make_bot("greedy", seed=3)
        said = Said(page, app, lambda s: (lambda node: None if node.by_chance else
                                          s.game.describe_move(node.parent.state, node.move, 0)), most=6)

        def cell(name: str):
            return page.locator(f'{grid} [data-id="cell-{name}"]')

        # the layout: the page's parts span the window, the grid's footer and the letters are whole
        expect(page.locator(".bw-board-box.bw-balda-keys")).to_be_visible()
        parts = [page.locator(s).first.bounding_box() for s in (grid, ".bw-balda-score-table", ".bw-board-box.bw-balda-words")]
        left, right = min(b["x"] for b in parts), max(b["x"] + b["width"] for b in parts)
        assert right - left >= 1100 and right <= WIDTH, (left, right)  # not 900 of 1,400 px
        clipped = page.evaluate("""() => ['.bw-balda-grid', '.bw-balda-keys'].flatMap(sel => {
            const box = document.querySelector(`.bw-board-box${sel}`), svg = box.querySelector('svg');
            const outer = box.getBoundingClientRect();
            return [...svg.querySelectorAll('text, rect')].map(e => [sel, e.textContent, e.getBoundingClientRect()])
                .filter(([s, t, r]) => r.width > 0 && (r.left < outer.left - 1 || r.right > outer.right + 1
                                                        || r.right > innerWidth))
                .map(([s, t, r]) => `${s} ${t}: ${Math.round(r.left)}..${Math.round(r.right)} outside `
                                    + `${Math.round(outer.left)}..${Math.round(outer.right)}`); })""")
        assert not clipped, clipped
        page.screenshot(path=shots / "balda-start-1400x900.png")

        refused = False
        for step in range(60):
            wait_until(lambda: game.is_over(session.state) or game.to_move(session.state) == (0,),
                       what="player 1's turn")
            if game.is_over(session.state):
                break
            done = len(session.history)
            expect(page.locator(".bw-balda-turn")).to_have_text("your turn")
            one_name_per_seat(page, app)
            said.check()
            moves = game.word_moves(session.state)
            if not refused and moves:  # a cell no word goes through: the refusal in words, in view
                targets = {cell_name(m.cell, n) for m in moves}
                pos = session.state.position
                wrong = next(cell_name((c, r), n) for r in range(n) for c in range(n)
                             if pos.cell((c, r)) is None and cell_name((c, r), n) not in targets)
                cell(wrong).click()
                box = page.locator(".bw-reminder")
                expect(box).to_contain_text(f"no legal word goes through a letter at {wrong} now")
                expect(box).to_contain_text("(rule D2)")
                expect(box).not_to_contain_text("illegal move '")
                page.wait_for_timeout(300)
                in_window(box.bounding_box(), "Balda's refusal")
                page.screenshot(path=shots / "balda-refusal-1400x900.png")
                refused = True
            m = me.choose(game, game.view(session.state, 0), 0)
            if isinstance(m, Pass):
                page.locator(".bw-balda-pass").click()
            else:
                new = cell_name(m.cell, n)
                cell(new).click()
                expect(cell(new)).to_have_class(re.compile(r"(^|\s)chosen(\s|$)"))
                page.keyboard.press(m.letter.upper())
                for k, c in enumerate(m.path):
                    cell(cell_name(c, n)).click()
                    expect(page.locator(f"{grid} .stepno")).to_have_count(k + 1)
                expect(page.locator(".bw-balda-feedback")).to_contain_text(f"{m.word.upper()} scores")
                page.keyboard.press("Enter")
            wait_until(lambda: len(session.history) > done, what=f"player 1's move {m}")
        assert game.is_over(session.state) and refused
        assert not said.missing(), said.missing()
        assert len(said.nodes) >= 5, len(said.nodes)
        result = page.locator(".bw-balda-result")
        names = app.seat_names()
        scores = ", ".join(f"{names[p]} {s}" for p, s in enumerate(session.state.scores))
        expect(result).to_contain_text(f"Scores: {scores}.")
        expect(result).to_contain_text("Game over: ")
        expect(result).to_contain_text("(rule D")
        one_name_per_seat(page, app)
        page.screenshot(path=shots / "balda-over-1400x900.png")
        page.goto("about:blank")


# --------------------------------------------------------------------------------------- Builders of Baldur's Gate


@pytest.mark.slow
def test_baldurs_gate_a_whole_game_against_two_greedy_bots_on_the_bot_page(solara_server, solara_app,
                                                                          page_session: playwright.sync_api.Page,
                                                                          caught, shots):
    from balada_widgets.baldurs_gate.bots import make_bot
    from balada_widgets.baldurs_gate.drawing import move_target
    from balada_widgets.baldurs_gate.rules import Build, Worker
    from balada_widgets.baldurs_gate.view import choices_for
    from balada_widgets.ui.move_log import labels_for

    page = page_session
    page.goto("about:blank")
    with solara_app("balada_widgets.app"):
        app = open_bot_page(page, solara_server, "baldurs-gate", caught)
        game, session = app.game, app.session
        assert sorted(app.bots) == [1, 2]  # the page's table: you and two bots
        me = make_bot("greedy", seed=5)
        said = Said(page, app, lambda s: labels_for(s.game, 0, words=True), most=30)

        def click_choice(choices: list, m) -> bool:
            live = [ch for ch in choices if ch.kind != "back"]
            for k, ch in enumerate(live, 1):
                if ch.move == m and ch.kind not in ("mode", "back"):
                    button = page.locator(f".bw-bg-decision .bw-bg-choice-{k}")
                    expect(button).to_contain_text(ch.label)
                    button.click()
                    return True
            return False

        def act(m) -> None:  # player 1's move as a person makes it: a place or a card, else the decision's button
            view = game.view(session.state, 0)
            pending = game.pending(view)
            moves = list(pending.options)
            expect(page.locator(".bw-bg-decision .bw-bg-pending")).to_have_text(pending.text)
            # in view after the last click wherever it was (a parcel low on the city, a card of the hand)
            seen(page, ".bw-bg-decision", "the decision")
            choices, targets = choices_for(game, view, pending, moves)
            target = move_target(m)
            if target is not None and targets.get(target) == [m]:
                page.locator(f'.bw-board-box [data-id="{target}"].tg').first.click()
            elif click_choice(choices, m):
                pass
            elif pending.kind == "turn" and type(m) in (Build, Worker):  # the action's button, then its choice
                mode = "build" if type(m) is Build else "worker"
                page.locator(f".bw-bg-decision .bw-bg-mode-{mode}").click()
                expect(page.locator(f".bw-bg-decision .bw-bg-mode-{mode}")).to_have_count(0)
                assert click_choice(choices_for(game, view, pending, moves, mode)[0], m), m
            else:
                assert target is not None and m in targets.get(target, []), m
                page.locator(f'.bw-board-box [data-id="{target}"].tg').first.click()
                assert click_choice(choices_for(game, view, pending, moves, None, target)[0], m), m

        def my_decision() -> bool:
            p = game.pending(session.state)
            return p is not None and p.player == 0

        refused, turns = False, 0
        for step in range(800):
            wait_until(lambda: game.is_over(session.state) or my_decision(), what="player 1's decision")
            if game.is_over(session.state):
                break
            done = len(session.history)
            pending = game.pending(game.view(session.state, 0))
            if pending.kind == "turn":  # the start of a turn: the bots' turns since the last one, said in words
                turns += 1
                one_name_per_seat(page, app)
                said.check()
                if page.locator(".bw-others-did").count():
                    seen(page, ".bw-others-did", "the others' moves")
                if not refused and turns >= 2:  # a closed parcel low on the city: the real reason in words, in view
                    closed = [p for p in game.city.parcels if game.parcel_status(session.state, p) == "closed"]
                    lowest = max(closed, key=lambda p: game.city.positions[f"P{p}"][1])
                    page.mouse.move(400, 600)
                    page.mouse.wheel(0, 3000)  # the page scrolled to its end, as after reading the houses below
                    page.wait_for_timeout(300)
                    page.locator(f'.bw-board-box.bw-bg-city [data-id="P{lowest}"]').click()
                    box = page.locator(".bw-bg-refusal")
                    expect(box).to_contain_text(f"Player 1 cannot build on parcel {lowest}")
                    expect(box).not_to_contain_text("illegal move '")
                    expect(box).not_to_contain_text("'p1")
                    page.wait_for_timeout(300)
                    in_window(box.bounding_box(), "Baldur's Gate's refusal")
                    # the page stays scrolled down, the decision and the others' moves in words stay in view
                    assert page.locator(".bw-board-box.bw-bg-city").bounding_box()["y"] < 0, "the page is not scrolled"
                    for selector, what in ((".bw-bg-refusal", "the refusal"), (".bw-bg-decision", "the decision"),
                                           (".bw-others-did", "the others' moves")):
                        seen(page, selector, what)
                    page.screenshot(path=shots / "baldurs-gate-refusal-1400x900.png")
                    assert len(session.history) == done
                    refused = True
            act(me.choose(game, game.view(session.state, 0), 0))
            wait_until(lambda: len(session.history) > done, what=f"player 1's step {step}")
            if turns == 4 and pending.kind == "turn":
                page.screenshot(path=shots / "baldurs-gate-turn-1400x900.png")
        assert game.is_over(session.state) and refused
        assert not said.missing(), said.missing()
        assert len(said.nodes) >= 20, len(said.nodes)
        names = app.seat_names()
        result = page.locator(".bw-bg-result")
        for p, pl in enumerate(session.state.players):
            expect(result.locator(".bw-bg-scores")).to_contain_text(f"{names[p]}: {pl.prestige} prestige")
        expect(result.locator(".bw-explain, .bw-trace").first).to_be_visible()
        one_name_per_seat(page, app)
        page.screenshot(path=shots / "baldurs-gate-over-1400x900.png")
        page.goto("about:blank")


# ------------------------------------------------------------------------------------------------ Heroes of Barcadia


@pytest.mark.slow
def test_barcadia_a_few_turns_against_three_bots_on_the_bot_page(solara_server, solara_app,
                                                                  page_session: playwright.sync_api.Page,
                                                                  caught, shots, monkeypatch):
    """The app's ``/barcadia`` bot page (the whole game is in ``test_barcadia_browser.py``, shown directly): you
    and three bots; player 1's turns by clicks until a battle's die has waited for the page's roll (P24, the
    Roll button in view) and the bots' moves were said in words in the recap."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from test_barcadia_browser import act_by_the_page, at_rest, recap_is_shown

    from balada_widgets.barcadia import make_bot
    from balada_widgets.barcadia import view as barcadia_view

    monkeypatch.setattr(barcadia_view, "RECAP_PACE", 0.08)  # the recap's lines still come one by one, quicker
    page = page_session
    page.goto("about:blank")
    with solara_app("balada_widgets.app"):
        app = open_bot_page(page, solara_server, "barcadia", caught)
        game, session = app.game, app.session
        assert sorted(app.bots) == [1, 2, 3]  # the page's table: you and three bots
        page.locator(".bw-bc-autopass").click()  # the windows outside player 1's turn pass at once (H19)
        me = make_bot("greedy", "7:me")
        rolled, said = 0, 0
        for step in range(200):
            if game.is_over(session.state) or (rolled and said >= 3):
                break
            done = len(session.history)
            if session.holds():  # the die waits for player 1's roll
                expect(page.locator(".bw-bc-roll-box")).to_contain_text("You roll the die.")
                seen(page, ".bw-bc-roll", "the Roll button")
                if not rolled:
                    page.screenshot(path=shots / "barcadia-die-waits-1400x900.png")
                page.locator(".bw-bc-roll").click()
                wait_until(at_rest(game, session, done), what="the roll and the bots' answer")
                rolled += 1
                continue
            assert game.to_move(session.state) == (0,), session.history[-6:]
            view = game.view(session.state, 0)
            act_by_the_page(page, game, view, me.choose(game, view, 0))
            wait_until(at_rest(game, session, done), what=f"player 1's move at step {step} and the bots' answer")
            said += recap_is_shown(page, game, session)
        assert rolled >= 1 and said >= 3, (rolled, said)
        one_name_per_seat(page, app)
        page.screenshot(path=shots / "barcadia-turn-1400x900.png")
        page.goto("about:blank")


# ------------------------------------------------------------------------------------------------ the home page


def test_the_home_pages_play_against_a_bot_buttons_show_the_robot(solara_server, solara_app,
                                                                  page_session: playwright.sync_api.Page, shots):
    """Each game's primary "Play against a bot" button carries the robot icon, drawn (the icon font's glyph has
    a width), inside the window's width at 1400x900."""
    page = page_session
    page.goto("about:blank")
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    with solara_app("balada_widgets.app"):
        page.goto(solara_server.base_url + "/")
        buttons = page.locator(".bw-open-bot")
        buttons.first.wait_for(timeout=45_000)
        page.evaluate("document.fonts.ready")
        assert buttons.count() == 4
        for k in range(buttons.count()):
            button = buttons.nth(k)
            expect(button).to_contain_text("Play against a bot")
            icon = button.locator(".mdi-robot")
            expect(icon).to_be_visible()
            glyph = icon.evaluate("e => [getComputedStyle(e, '::before').content, e.getBoundingClientRect().width,"
                                  " getComputedStyle(e, '::before').fontFamily]")
            assert glyph[0] not in ("none", "normal", '""') and glyph[1] >= 12 and "Material" in glyph[2], glyph
            b = button.bounding_box()
            assert b["x"] >= 0 and b["x"] + b["width"] <= WIDTH, b
        page.screenshot(path=shots / "home-1400x900.png")
        page.goto("about:blank")
