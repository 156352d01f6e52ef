"""balada-widgets: learn and explore four tabletop games in Jupyter.

Each game lives in its own sub-package (a "room") with pure-Python rules beside
its Solara view.  Import the one you want::

    from balada_widgets import balada
    balada.new_game(players=2, bots=1, seed=3)   # shows the playable game

Sub-packages are imported lazily so ``import balada_widgets`` stays fast.
"""

from __future__ import annotations

import importlib

from balada_widgets import _offline

_offline.install()  # Solara without calls home (and a faster import in a kernel): see _offline.py

__version__ = "0.1.0"

GAMES = ("balada", "balda", "barcadia", "baldurs_gate")
__all__ = ["GAMES", "__version__", *GAMES]


def __getattr__(name: str):
    if name in GAMES or name in ("core", "ui"):
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
