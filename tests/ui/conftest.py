"""Helpers of the component tests: find boards and buttons by their stable classes."""

from __future__ import annotations

import re
import time

import ipyvuetify as v
import pytest

from balada_widgets.ui.board import SvgBoard

SPACE_RE = re.compile(r'<g class="space ([^"]*)" transform="[^"]*" data-id="space-(\d+)"')


class UI:
    """A rendered component: ``rc`` is the render context of ``solara.render``."""

    def __init__(self, rc):
        self.rc = rc

    def boards(self, cls: str) -> list[SvgBoard]:
        return [w for w in self.rc.find(SvgBoard).widgets if cls in w.class_name.split()]

    def board(self, cls: str = "bw-sheet-board") -> SvgBoard:
        found = self.boards(cls)
        assert found, f"no board {cls!r}; boards: {[w.class_name for w in self.rc.find(SvgBoard).widgets]}"
        return found[0]

    def buttons(self, cls: str) -> list[v.Btn]:
        return [w for w in self.rc.find(v.Btn).widgets if cls in (w.class_ or "").split()]

    def button(self, cls: str) -> v.Btn:
        found = self.buttons(cls)
        assert found, f"no button {cls!r}; buttons: {[w.class_ for w in self.rc.find(v.Btn).widgets]}"
        return found[0]

    def click(self, cls: str) -> None:
        self.button(cls).click()

    def choose(self, cls: str) -> None:
        """Choose the button ``cls`` of a row of buttons (a ``ToggleButtonsSingle``: the row takes its value)."""
        button = self.button(cls)
        [row] = [w for w in self.all_widgets() if isinstance(w, v.BtnToggle) and button in (w.children or [])]
        row.v_model = button.value

    def all_widgets(self) -> list:
        """Every widget of the rendered tree (``rc.find`` stops at the first match of a branch)."""
        import ipywidgets

        seen, out = set(), []
        stack = list(self.rc.find(ipywidgets.Widget).widgets)
        while stack:
            w = stack.pop()
            if id(w) in seen:
                continue
            seen.add(id(w))
            out.append(w)
            for name in w.keys:
                val = getattr(w, name, None)
                items = val if isinstance(val, (list, tuple)) else [val]
                for item in items:
                    if isinstance(item, ipywidgets.Widget):
                        stack.append(item)
        return out

    def has(self, cls: str) -> bool:
        """Is a widget with the CSS class ``cls`` on screen?"""
        return any(cls in (getattr(w, "class_", None) or "").split() for w in self.all_widgets())

    def text(self) -> str:
        """All the text the component shows (labels, markdown, alerts, HTML) in one string."""
        out = []
        for w in self.all_widgets():
            for name in ("children", "description", "value", "label", "v_model", "unsafe_innerHTML", "svg"):
                val = getattr(w, name, None)
                if isinstance(val, str) and val != "!!disabled!!":
                    out.append(val)
                elif isinstance(val, (list, tuple)):
                    out += [c for c in val if isinstance(c, str)]
        return "\n".join(out)

    def spaces(self, kind: str = "legal", cls: str = "bw-sheet-board") -> list[int]:
        """The spaces of the sheet drawn with class ``kind`` (``legal``, ``picked``, ``hero``...)."""
        return sorted(int(n) for classes, n in SPACE_RE.findall(self.board(cls).svg) if kind in classes.split())

    def wait(self, predicate, timeout: float = 10.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return
            time.sleep(0.02)
        raise AssertionError("timed out waiting")


@pytest.fixture
def render():
    import solara

    def go(element):
        _box, rc = solara.render(element, handle_error=False)
        return UI(rc)

    return go
