"""Where the package's data files are: the board graphs and per-game data."""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent.parent


def graphs_dir() -> Path:
    """The ``graphs/`` folder: inside the installed wheel, else the repository's."""
    for candidate in (_PKG / "graphs", _PKG.parent / "graphs"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("balada-widgets: the graphs/ folder of board files is missing")
