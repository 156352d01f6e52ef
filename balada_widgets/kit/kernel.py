"""One object per learner: per Solara kernel (a browser page of ``solara run``), per process in a notebook.

The standalone app (``solara run balada_widgets/app.py``) is one Python
process serving every student: a module-level object there is shared by all
of them. Solara gives each browser page a *virtual kernel* (its kernel
context); :func:`per_kernel` keeps one object per kernel context, made on
first use and dropped when the kernel closes. Outside a Solara server (a
Jupyter kernel, a script, a test without a kernel context) there is one
learner, so one object for the process.

A game's page keeps its game and session in the component itself
(``solara.use_memo``): that is the first choice. ``per_kernel`` is for what
outlives a page but belongs to one learner (the personal bests of solo games,
a notebook's tutorial).

>>> counts = per_kernel("demo-counts", dict)
>>> counts is per_kernel("demo-counts", dict)
True
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Optional

from ..core.kernels import current_context

__all__ = ["kernel_id", "per_kernel"]

#: kernel id -> that kernel's objects by name; an entry goes when its kernel closes
_BY_KERNEL: dict[str, dict[str, Any]] = {}
#: the objects of the one learner outside a Solara server (a Jupyter kernel is one learner)
_NO_KERNEL: dict[str, Any] = {}
_LOCK = threading.RLock()


_context = current_context


def kernel_id() -> Optional[str]:
    """The current Solara kernel's id (``None`` outside a Solara kernel)."""
    ctx = _context()
    return None if ctx is None else ctx.id


def per_kernel(name: str, factory: Callable[[], Any]) -> Any:
    """The current kernel's object ``name``, made by ``factory()`` on first use (see the module docstring)."""
    ctx = _context()
    with _LOCK:
        if ctx is None:
            objects = _NO_KERNEL
        else:
            objects = _BY_KERNEL.get(ctx.id)
            if objects is None:
                objects = _BY_KERNEL[ctx.id] = {}
                kid = ctx.id
                ctx.on_close(lambda: _BY_KERNEL.pop(kid, None))
        if name not in objects:
            objects[name] = factory()
        return objects[name]
