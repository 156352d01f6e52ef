"""The files a hostile save may name, for the file-guard tests of every game (issue 12).

``make_target(folder, kind, marker_data)`` makes one: a text file holding a marker, a JSON
file whose values are the marker (a check must not quote them), a FIFO (a reader must not
stall), the zero device (a reader must not fill the memory) or a folder. ``in_thread`` runs
a load in a thread so a FIFO cannot hang the suite; ``assert_clean`` checks a refusal names
neither the path, its folder, nor the marker.
"""

from __future__ import annotations

import json
import os
import threading
import uuid

from balada_widgets.core import GameError
from balada_widgets.core.session import SAVE_FORMAT, SAVE_VERSION

TARGETS = ("marker text", "marker json", "fifo", "dev zero", "folder")


def save_text(game: str, options: dict, moves=()) -> str:
    """A save file of ``game`` with no moves (or ``moves``) and these options."""
    return json.dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": game, "options": options,
                       "seed": 1, "start": None, "moves": list(moves)})


def in_thread(fn, timeout: float = 5.0) -> dict:
    """``{"value": fn()}`` or ``{"error": exception}``, run in a thread so a FIFO cannot hang the suite."""
    out: dict = {}

    def run():
        try:
            out["value"] = fn()
        except BaseException as e:  # noqa: BLE001 - the test inspects what was raised
            out["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(timeout)
    assert not t.is_alive(), f"still reading after {timeout} s"
    return out


def make_target(folder, kind: str, marker_data=None) -> tuple[str, str]:
    """``(path, marker)`` of one kind of file a save might name (:data:`TARGETS`).

    ``marker_data(marker)`` gives the JSON of the ``"marker json"`` kind: the game's own
    content shape with the marker in every value.
    """
    marker = f"MARKER-{uuid.uuid4().hex}"
    if kind == "marker text":
        path = folder / "marker.json"
        path.write_text(marker + "\nsecond line\n", encoding="utf-8")
    elif kind == "marker json":
        path = folder / "marker-data.json"
        data = marker_data(marker) if marker_data else {"name": marker}
        path.write_text(json.dumps(data), encoding="utf-8")
    elif kind == "fifo":
        path = folder / "pipe.json"
        os.mkfifo(path)
    elif kind == "dev zero":
        path = "/dev/zero"
    else:
        path = folder / "folder.json"
        path.mkdir()
    return str(path), marker


def assert_clean(error, path: str, marker: str, quoted_values: bool = False) -> None:
    """A game error naming neither the path (nor its folder) nor, unless the check quotes a value
    of a caller's own JSON file (``unknown landscapes ['X']``), the marker."""
    assert isinstance(error, GameError), repr(error)
    text = str(error)
    assert path not in text and (quoted_values or marker not in text), text
    assert os.path.dirname(path) not in text or os.path.dirname(path) in ("", "/"), text
