"""One browser page for the tests that render app pages side by side (issue 12's isolation, issue 15's
tables, resume and teacher page): a Solara kernel context of its own, whose session id is the browser's
cookie, the page rendered in it and every event sent in it."""

from __future__ import annotations

import uuid

import solara
import solara.server.kernel
import solara.server.kernel_context as kc
from ui.conftest import UI


class KernelPage:
    """A kernel context (``session_id``: the browser's cookie) and the page rendered in it."""

    def __init__(self, session_id: str, name: str = "tab"):
        self.id = f"{name}-{uuid.uuid4().hex[:8]}"
        self.context = kc.VirtualKernelContext(id=self.id, kernel=solara.server.kernel.Kernel(), session_id=session_id)
        self.ui: UI | None = None

    def open(self, element, cookies: dict | None = None):
        with self.context:
            if cookies is not None:
                solara.lab.cookies.set(dict(cookies))
            _box, rc = solara.render(element, handle_error=False)
        self.ui = UI(rc)
        return self

    def run(self, fn):
        with self.context:
            return fn()

    def close(self) -> None:
        self.context.close()
