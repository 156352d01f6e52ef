"""How a student does things on the class pages in Chromium: shared by the class's browser tests.

Everything by the page's own controls: the name typed once, a table made with the form, joined by its link
or its code, a Balda word traced by clicks (the new cell, its letter's key, each cell of the word, *Play*).
"""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

GRID = ".bw-board-box.bw-balda-grid"


def wait_until(predicate, timeout: float = 20.0, what: str = "a condition", every: float = 0.05) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(every)
    raise AssertionError(f"timed out waiting for {what}")


def session_cookie(context) -> str:
    """The browser's id: Solara's session cookie."""
    found = [c["value"] for c in context.cookies() if c["name"] in ("solara-session-id", "solara-session-id-lax")]
    assert found, context.cookies()
    return found[0]


def choose(page, select_cls: str, option: str) -> None:
    """Pick ``option`` in a Vuetify select."""
    page.locator(f".{select_cls}").click()
    page.get_by_role("option", name=option, exact=True).click()
    expect(page.get_by_role("listbox")).to_have_count(0)


def name_myself(page, name: str) -> None:
    box = page.locator(".bw-table-name input")
    box.wait_for(timeout=60_000)
    box.fill(name)
    page.locator(".bw-table-name-save").click()
    expect(page.locator(".bw-table-you")).to_contain_text(name)


def make_table(base: str, page, game_title: str, seats: list[str], name: str, game_key: str,
               options: dict | None = None, checks: tuple | list = ()) -> str:
    """The lobby's form, as a teacher or a student fills it; returns the table's code.

    ``seats``: per seat ``"a classmate"`` or a bot as the form names it (``"bot: random"``);
    ``options``: ``{select class: option}`` of the game's own options on the form; ``checks``: the classes of
    the yes/no options to tick (``"bw-form-easy"``)."""
    page.goto(f"{base}/table?game={game_key}")
    name_myself(page, name)
    for cls, option in (options or {}).items():
        choose(page, cls, option)
    for cls in checks:
        page.locator(f".{cls} input").check()
    choose(page, "bw-table-players", str(len(seats)))
    for i, s in enumerate(seats):
        if s != "a classmate":
            choose(page, f"bw-table-seat-choice-{i + 1}", s)
    page.locator(".bw-table-create").click()
    code = page.locator(".bw-table-code")
    code.wait_for(timeout=60_000)
    expect(page.locator(".bw-table-title")).to_contain_text(game_title)
    return code.inner_text().strip().replace(" ", "")


def join_by_link(base: str, page, code: str, name: str, seat: int) -> None:
    page.goto(f"{base}/table/{code}")
    name_myself(page, name)
    page.locator(f".bw-table-take-{seat}").click()
    try:
        expect(page.locator(f".bw-table-seat-{seat}")).to_contain_text(f"{name} (you)", timeout=30_000)
    except AssertionError:
        page.screenshot(path=f"/tmp/bw-join-{name}.png", full_page=True)
        raise


def join_by_code(base: str, page, code: str) -> None:
    page.goto(f"{base}/table")
    page.locator(".bw-table-join-code input").wait_for(timeout=60_000)
    page.locator(".bw-table-join-code input").fill(code.lower())  # typed in any case
    page.locator(".bw-table-join").click()
    expect(page.locator(".bw-table-watch")).to_be_visible(timeout=20_000)


def shortest_word(game, state):
    """The shortest word the position allows (then the first in the alphabet), or ``None``."""
    moves = sorted(game.word_moves(state), key=lambda m: (len(m.path), m.word))
    return moves[0] if moves else None


def trace_word(page, move, size: int) -> None:
    """A Balda word by clicks: the new cell, its letter (a key), each cell of the word, then *Play*."""
    from balada_widgets.balda.position import cell_name

    new = page.locator(f'{GRID} [data-id="cell-{cell_name(move.cell, size)}"]')
    expect(new).to_have_class(re.compile(r"(^|\s)target(\s|$)"), timeout=20_000)  # the page knows it is its turn
    new.click()
    expect(new).to_have_class(re.compile(r"(^|\s)chosen(\s|$)"))
    page.keyboard.press(move.letter.upper())  # the board has the focus since the click
    expect(new).to_have_class(re.compile(r"(^|\s)pending(\s|$)"))
    for k, c in enumerate(move.path):
        page.locator(f'{GRID} [data-id="cell-{cell_name(c, size)}"]').click()
        expect(page.locator(f"{GRID} .stepno")).to_have_count(k + 1)
    expect(page.locator(".bw-balda-feedback .bw-balda-fb.ok")).to_be_visible()
    page.locator(".bw-balda-play").click()


def words_shown(page) -> str:
    """The words played, as the page lists them (upper case)."""
    return (page.locator(".bw-balda-words").first.text_content(timeout=30_000) or "").upper()


def click_now(page, locator, timeout: float = 30.0) -> None:
    """A mouse click in the middle of ``locator``'s element as it is now. For a board whose elements pulse (a
    CSS animation) or are drawn anew as the others play: Playwright's click waits for the element to stand
    still and stay; a person clicks what they see."""
    from playwright.sync_api import Error as PlaywrightError

    deadline = time.monotonic() + timeout
    while True:
        try:
            locator.scroll_into_view_if_needed(timeout=2_000)
            box = locator.bounding_box(timeout=2_000)
            if box is not None:
                page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                return
        except PlaywrightError:
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"could not click {locator}")
        time.sleep(0.05)
