"""Secrets never reach the browser: hot-seat and bot games in real Chromium, in the app and in JupyterLab.

For each game with hidden information (Balada's choices before the reveal,
Barcadia's Loot hands and face-down rooms, Baldur's Gate's hands, agendas and
the hidden token) a game of two humans sharing the device and one bot is shown
with the runners of ``SOLARA_TEST_RUNNERS`` (the Solara app server and a
JupyterLab notebook) and played by clicks in the browser. At every checkpoint
(each pass screen, each "I am Player n", each move) the test reads

- the page's DOM (HTML, attributes, ARIA labels, input values), and
- every websocket frame the page received since the last checkpoint (the
  widget state and updates Solara or the Jupyter kernel sent to the browser),

and looks for the secrets of every player other than the one at the device
(everybody's, behind a pass screen). The secrets come from the Python session
(:mod:`secret_probe`, which runs where the game runs: in this process for the
Solara runner, in the notebook's kernel for JupyterLab): a card's name, rules
text, ``card-<id>`` hook or id; a hidden move's notation and words; a hidden
Balada symbol as its space would be titled. Frames are searched for the
secrets that were secret at both ends of their interval (a card played in
between may be named once it is public).

Baldur's Gate's hidden token is a parcel number (no text to search for): the
test checks that the attack-strength track shows it face down (no number).
"""

from __future__ import annotations

import html
import json
import re
import sys
import time
from pathlib import Path

import playwright.sync_api
import pytest

sys.path.insert(0, str(Path(__file__).parent))
import secret_probe  # noqa: E402 (also imported by the notebook's kernel)

ROOT = {"balada": ".balada-app", "barcadia": ".barcadia-app", "baldurs_gate": ".baldurs-gate-app"}
GAMES = tuple(ROOT)
STEPS = {"balada": 8, "barcadia": 8, "baldurs_gate": 7}  # actions per game: moves and "I am Player n"


# ----------------------------------------------------------------------------- what reaches the browser


def _strings(value, out: list) -> None:
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            out.append(str(k))
            _strings(v, out)
    elif isinstance(value, list):
        for v in value:
            _strings(v, out)


def frame_text(payload) -> str:
    """The text of one websocket frame: JSON strings decoded (Jupyter's binary v1 frames split into parts)."""
    parts: list = []
    if isinstance(payload, (bytes, bytearray)):
        raw = bytes(payload)
        chunks = [raw]
        try:  # v1.kernel.websocket.jupyter.org: n offsets (uint64 LE), then the parts
            n = int.from_bytes(raw[:8], "little")
            if 0 < n < 64:
                offsets = [int.from_bytes(raw[8 + 8 * i:16 + 8 * i], "little") for i in range(n)] + [len(raw)]
                chunks = [raw[a:b] for a, b in zip(offsets, offsets[1:]) if 0 <= a <= b <= len(raw)] or [raw]
        except ValueError:
            pass
        texts = [c.decode("utf-8", "replace") for c in chunks]
    else:
        texts = [payload]
    for text in texts:
        try:
            _strings(json.loads(text), parts)
        except ValueError:
            parts.append(text)
    return html.unescape("\n".join(parts))


class Wire:
    """Every websocket frame the page receives, in order."""

    def __init__(self, page: playwright.sync_api.Page):
        self.page = page
        self.frames: list = []
        self.sockets = 0
        page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        self.sockets += 1
        ws.on("framereceived", lambda payload: self.frames.append(payload))

    def text(self, start: int) -> str:
        return "\n".join(frame_text(f) for f in self.frames[start:])

    def quiet(self, ms: int = 100, timeout: float = 5.0) -> None:
        """Wait until no frame came for ``ms`` (trailing updates of the last action are in)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            seen = len(self.frames)
            self.page.wait_for_timeout(ms)
            if len(self.frames) == seen:
                return

    def close(self) -> None:
        self.page.remove_listener("websocket", self._socket)


@pytest.fixture
def wire(page_session):
    """Listens before the runner opens its page (request it before ``ipywidgets_runner``)."""
    w = Wire(page_session)
    yield w
    w.close()


def dom_text(page: playwright.sync_api.Page) -> str:
    """The DOM as the browser holds it: markup, attributes, and the values of inputs and text areas."""
    values = page.evaluate("() => Array.from(document.querySelectorAll('input, textarea, select'))"
                           ".map(e => e.value).join('\\n')")
    return html.unescape(page.content()) + "\n" + values


def _pattern(needle: str) -> re.Pattern:
    return re.compile(r"(?<![\w-])" + re.escape(needle) + r"(?![\w-])")


def leaks(items: dict, text: str, where: str) -> list[str]:
    found = []
    for what, needles in items.items():
        for needle in needles:
            m = _pattern(needle).search(text) if needle in text else None
            if m:
                context = text[max(0, m.start() - 120):m.end() + 120].replace("\n", " ")
                found.append(f"{where}: {what} given away by {needle!r} in …{context}…")
                break
    return found


# ----------------------------------------------------------------------------- the games, where they run


def kernel_code():
    # runs in the test process (Solara runner) or in the notebook's kernel (JupyterLab runner)
    from IPython.display import display
    from secret_probe import Probe

    from balada_widgets.balada.view import BaladaApp
    from balada_widgets.baldurs_gate.view import BaldursGateApp
    from balada_widgets.barcadia.view import BarcadiaApp

    makers = {  # two humans share the device, one bot
        "balada": lambda: BaladaApp(players=3, bots=1, seed=2, bot_level="greedy"),
        "barcadia": lambda: BarcadiaApp(players=3, bots=1, seed=3, dungeon="cozy"),
        "baldurs_gate": lambda: BaldursGateApp(players=3, bots=1, seed=1),
    }
    secret_probes = []
    for name in SECRET_GAMES:
        app = makers[name]()
        secret_probes.append(Probe(app, f"{SECRET_PROBE_DIR}/{name}.json"))
        display(app)


class Table:
    """One game shown in the page, played by clicks, checked at every checkpoint."""

    def __init__(self, page, name: str, probe_dir: Path):
        self.page, self.name, self.path = page, name, probe_dir / f"{name}.json"
        self.root = page.locator(ROOT[name]).first
        self.viewer = None  # who sits at the device (None: a pass screen, or nobody yet)
        self.items = None  # the secrets at the last checkpoint, for the frames after it (None: none yet)

    def snap(self) -> dict:
        return secret_probe.read(self.path)

    def passing(self) -> bool:
        return self.root.locator(".bw-pass-screen").count() > 0

    def settle(self, before: int, timeout: float = 20.0) -> dict:
        """Wait for the session to move past ``before`` and stop, and the page to show the result."""
        deadline = time.monotonic() + timeout
        snap = self.snap()
        while snap["version"] <= before and time.monotonic() < deadline:
            self.page.wait_for_timeout(30)
            snap = self.snap()
        while time.monotonic() < deadline:  # the bots answer: wait for the version to stop moving
            self.page.wait_for_timeout(120)
            again = self.snap()
            if again["version"] == snap["version"]:
                break
            snap = again
        self.wait_shown(snap, deadline)
        return snap

    def wait_shown(self, snap: dict, deadline: float) -> None:
        hint = snap["hint"]
        while time.monotonic() < deadline:
            if snap["over"] or hint is None or self.passing() or self.root.locator(hint["click"]).count():
                return
            self.page.wait_for_timeout(30)
        raise AssertionError(f"{self.name}: the page does not show the position of move {len(snap['history'])}")


def check(tables: list, wire: Wire, state: dict, label: str) -> None:
    """No secret of anyone but the seat's player in the DOM now, nor in the frames since the last check."""
    wire.quiet()
    dom = dom_text(tables[0].page)
    frames = wire.text(state["mark"])
    state["mark"] = len(wire.frames)
    found = []
    for t in tables:
        snap = t.snap()
        key = "none" if t.viewer is None else str(t.viewer)
        items = snap["secrets"][key]
        state["checked"] += len(items)
        found += leaks(items, dom, f"{t.name} DOM ({label})")
        both = items if t.items is None else {k: v for k, v in items.items() if k in t.items}
        found += leaks(both, frames, f"{t.name} websocket frames ({label})")
        t.items = items
        if snap.get("hidden_token_down"):  # Baldur's Gate: face down on the strength track, its number nowhere
            track = t.root.locator('[data-id="strength"]')
            if track.count():
                state["hidden_token"] += 1
                if track.locator(".token-n").count() or not track.locator("use").count():
                    found.append(f"{t.name}: the hidden token is not face down ({label})")
    state["checkpoints"] += 1
    assert not found, "secrets reached the browser:\n" + "\n".join(found)


def play(table: Table, tables: list, wire: Wire, state: dict) -> None:
    page = table.page
    snap = table.settle(0)
    for step in range(STEPS[table.name]):
        if snap["over"]:
            break
        if table.passing():
            table.viewer = None
            check(tables, wire, state, f"pass screen, step {step}")
            screen = table.root.locator(".bw-pass-screen").inner_text()
            who = re.search(r"Player (\d+)", screen)
            table.viewer = int(who.group(1)) - 1 if who else snap["hint"]["player"]
            table.root.locator(".bw-pass-ready").click()
            playwright.sync_api.expect(table.root.locator(".bw-pass-screen")).to_have_count(0)
            check(tables, wire, state, f"Player {table.viewer + 1} at the device")
            continue
        hint = snap["hint"]
        assert hint is not None, f"{table.name}: no move to play at step {step}"
        if table.viewer is None:
            table.viewer = hint["player"]  # one human: no pass screen
        before = snap["version"]
        table.root.locator(hint["click"]).first.click()
        snap = table.settle(before)
        if table.passing():
            continue  # the pass screen is checked (as nobody's seat) at the top of the loop
        check(tables, wire, state, f"after {snap['history'][-1] if snap['history'] else 'start'}")
    assert any(s for s in snap["history"]), table.name


@pytest.mark.parametrize("games", [GAMES], ids=["balada+barcadia+baldurs_gate"])
def test_no_secret_of_another_player_reaches_the_browser(wire, ipywidgets_runner, page_session, tmp_path, games,
                                                         request):
    runner = request.node.callspec.params.get("ipywidgets_runner", "solara")
    state = {"mark": 0, "checkpoints": 0, "checked": 0, "hidden_token": 0}
    # the same body runs here (Solara runner: module globals) or in the kernel (locals of the notebook)
    one_cell = runner != "solara"  # a notebook load is dear: every game in one cell
    groups = [games] if one_cell else [(g,) for g in games]
    for group in groups:
        globals().update(SECRET_GAMES=list(group), SECRET_PROBE_DIR=str(tmp_path))
        ipywidgets_runner(kernel_code, locals={"SECRET_GAMES": list(group), "SECRET_PROBE_DIR": str(tmp_path)})
        tables = [Table(page_session, g, tmp_path) for g in group]
        for t in tables:
            t.root.wait_for(timeout=60_000)
        for t in tables:
            # who sits at each table from the start: a game that opens on its first human's seat (no pass screen)
            # shows that player's hand at once, before its turn to be played here comes (one cell, several games)
            snap, deadline = t.settle(0), time.monotonic() + 20
            while snap["hint"] is None and not snap["over"] and not t.passing() and time.monotonic() < deadline:
                t.page.wait_for_timeout(50)
                snap = t.snap()
            t.viewer = None if t.passing() or snap["hint"] is None else snap["hint"]["player"]
        # the set-up's frames are not searched: a card public then (the Baldur's Gate offer) may be in a hand now,
        # taken in plain sight; the page as it stands after the set-up is (the DOM), and every frame after it
        wire.quiet()
        state["mark"] = len(wire.frames)
        for t in tables:
            t.items = t.snap()["secrets"]["none" if t.viewer is None else str(t.viewer)]
        check(tables, wire, state, "after the set-up")
        for t in tables:
            play(t, tables, wire, state)
    assert wire.sockets and wire.frames, "no websocket frame was seen: the check of the widget state saw nothing"
    assert state["checkpoints"] >= 6 * len(games)
    assert state["hidden_token"] >= 3, "the strength track with the hidden token was never seen"
    print(f"{runner}: {state['checkpoints']} checkpoints, {state['checked']} secrets searched, "
          f"{len(wire.frames)} frames")
