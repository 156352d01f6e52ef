"""balada-widgets: learn and explore four tabletop games in Jupyter.

Each game lives in its own sub-package (a "room") with pure-Python rules beside
its Solara view.  Import the one you want::

    from balada_widgets import balada
    balada.new_game(players=2, bots=1, seed=3)   # shows the playable game

Each room declares its game once, a :class:`~balada_widgets.core.spec.GameSpec`
in its ``__init__``; :data:`GAMES` (the names) and :data:`SPECS` (``{name:
spec}``) are read from the registry, so a game registered later (a test's
extra game) is in them too. A room's ``__init__`` imports none of its rules
(they load on first use), so ``import balada_widgets`` stays fast.
"""

from __future__ import annotations

import importlib

from balada_widgets import _offline

_offline.install()  # Solara without calls home (and a faster import in a kernel): see _offline.py

__version__ = "0.1.0"

#: the house's rooms: importing each one registers its spec (and nothing of its rules or views)
ROOMS = ("balada", "balda", "barcadia", "baldurs_gate")
for _room in ROOMS:
    importlib.import_module(f"{__name__}.{_room}")
del _room

__all__ = ["GAMES", "ROOMS", "SPECS", "__version__", *ROOMS]


def __getattr__(name: str):
    if name == "GAMES":  # a tuple of names, as it always was
        from .core.spec import registry

        return tuple(registry())
    if name == "SPECS":
        from .core.spec import registry

        return registry()
    if name in ROOMS or name in ("core", "ui"):
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
