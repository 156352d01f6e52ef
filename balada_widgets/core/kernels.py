"""The current Solara kernel context, read without importing Solara (pure: rules and the class store may ask).

A Solara server serves each browser page in a kernel context of its own; outside such a server
(a script, a plain Jupyter kernel) there is none.
"""

from __future__ import annotations

import sys


def current_context():
    """The current Solara kernel context, or ``None`` (no Solara server module loaded, or none current)."""
    kc = sys.modules.get("solara.server.kernel_context")
    if kc is None:
        return None
    try:
        return kc.get_current_context() if kc.has_current_context() else None
    except RuntimeError:  # pragma: no cover - Solara's "no context for this thread"
        return None
