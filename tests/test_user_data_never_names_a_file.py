"""User data never names a file (issue 12, part 1), for every option of every registered game.

Every keyword option a game's constructor takes is set, in a pasted save file, to a path
of this machine: a marker file (a unique text), a FIFO, the zero device and a folder.
Each save must be refused by a :class:`GameError` quickly (a FIFO must not stall the
loader, ``/dev/zero`` must not fill the memory), its message must show neither the
marker's text nor the path, and, seen by Python's audit hook for ``open``, the loader
must never open the path at all. The options are read from the constructors'
signatures, so an option a game adds later is covered without editing this file.
"""

from __future__ import annotations

import inspect
import json
import os
import sys
import threading
import uuid

import pytest

from balada_widgets.core.errors import GameError
from balada_widgets.core.fuzz import registered_games
from balada_widgets.core.session import Session

GAMES = registered_games()

#: paths opened while a probe runs (Python's audit hook sees every open(), os.open() included)
_OPENED: list[str] = []
_WATCHING = threading.Event()


def _audit(event, args):
    if _WATCHING.is_set() and event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        _OPENED.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)


@pytest.fixture(scope="module")
def probes(tmp_path_factory):
    folder = tmp_path_factory.mktemp("probe")
    marker_text = f"MARKER-{uuid.uuid4().hex}"
    marker = folder / "marker.json"
    marker.write_text(json.dumps({"name": marker_text}) + "\n" + marker_text + "\n", encoding="utf-8")
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    sub = folder / "a_folder"
    sub.mkdir()
    return {"marker": str(marker), "fifo": str(fifo), "zero": "/dev/zero", "folder": str(sub),
            "relative": os.path.relpath(marker), "text": marker_text}


def _options(name: str) -> list[str]:
    params = inspect.signature(GAMES[name]).parameters
    return [p for p, info in params.items() if info.kind in (info.KEYWORD_ONLY, info.POSITIONAL_OR_KEYWORD)
            and p != "players"]


#: the options that took a path before issue 12: a path there must be refused, not just left unopened
PATH_LIKE = {("balada", "sheet"), ("balada", "decks"), ("balda", "word_list"), ("barcadia", "content"),
             ("barcadia", "dungeon"), ("barcadia", "start"), ("baldurs_gate", "content"),
             ("baldurs_gate", "city")}

CASES = [(name, option) for name in sorted(GAMES) for option in _options(name)]


def _load(save: str, out: dict) -> None:
    try:
        Session.from_json(save)
        out["result"] = "loaded"
    except GameError as e:
        out["result"] = e
    except BaseException as e:  # noqa: BLE001 - reported by the test
        out["result"] = e


@pytest.mark.parametrize("kind", ["marker", "fifo", "zero", "folder", "relative"])
@pytest.mark.parametrize("name,option", CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_a_save_naming_a_path_is_refused_without_opening_it(name, option, kind, probes):
    path = probes[kind]
    cls = GAMES[name]
    save = json.dumps({"format": "balada-widgets/save", "version": 1, "game": name,
                       "options": {"players": cls.min_players if cls.min_players > 1 else 2, option: path},
                       "seed": 1, "start": None, "moves": []})
    out: dict = {}
    _OPENED.clear()
    _WATCHING.set()
    try:
        worker = threading.Thread(target=_load, args=(save, out), daemon=True)
        worker.start()
        worker.join(10)
    finally:
        _WATCHING.clear()
    assert not worker.is_alive(), f"loading a save whose {option!r} names a {kind} stalled the loader"
    result = out["result"]
    real = os.path.realpath(path)
    assert not [p for p in _OPENED if os.path.realpath(p) == real], \
        f"loading the save opened the {kind} named by {option!r}"
    if result == "loaded":  # an option that is not about content may take any text (a name, a word)
        assert (name, option) not in PATH_LIKE, f"{name}'s {option!r} took a path to a {kind}"
        return
    assert isinstance(result, GameError), f"{name} {option}={kind}: {type(result).__name__}: {result}"
    message = str(result)
    assert probes["text"] not in message
    if (name, option) in PATH_LIKE:  # another option may quote the text it was given, the pasted path included
        assert path not in message and os.path.dirname(probes["marker"]) not in message


def test_every_path_like_option_is_among_the_cases():
    """The options that took a path before issue 12 are still probed (under any of their names)."""
    names = {(n, o) for n, o in CASES}
    for name, option in sorted(PATH_LIKE):
        assert (name, option) in names, f"{name} no longer takes {option!r}: update this list"
