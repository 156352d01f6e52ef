"""Barcadia's path-like options never make a save open a file (issue 12, part 1).

``content``, ``dungeon`` and ``start`` take a shipped name, the data itself or,
from Python only, a path read once at construction; ``options`` carry the data,
never the path. A save whose options name a marker file, a FIFO, ``/dev/zero``
or a folder is refused by a GameError within seconds, and its message shows
neither the marker's text nor the path. Custom content survives a save after
its files are gone.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import threading
import uuid

import pytest

from balada_widgets.barcadia import board as board_mod
from balada_widgets.barcadia import content as content_mod
from balada_widgets.barcadia.board import STANDARD_START, layout_data, layout_to_json, load_dungeon
from balada_widgets.barcadia.content import DATA, content_to_data, load_content
from balada_widgets.barcadia.rules import BarcadiaGame
from balada_widgets.barcadia.state import Layout
from balada_widgets.core.errors import GameError, InvalidInput, InvalidPosition
from balada_widgets.core.files import untrusted
from balada_widgets.core.resources import graphs_dir
from balada_widgets.core.session import Session

PATH_OPTIONS = ("content", "dungeon", "start")

_OPENED: list[str] = []
_WATCH = threading.Event()


def _audit(event, args):
    if _WATCH.is_set() and event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        _OPENED.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)


def _save(options: dict, moves=()) -> str:
    return json.dumps({"format": "balada-widgets/save", "version": 1, "game": "barcadia", "options": options,
                       "seed": 1, "start": None, "moves": list(moves)})


def _load_in_thread(text: str, timeout: float = 10.0):
    """Load a save in a worker thread: a FIFO or a device must not hang the suite."""
    out: dict = {}

    def work():
        try:
            out["result"] = Session.from_json(text)
        except BaseException as e:  # noqa: BLE001 - the test reports it
            out["result"] = e

    _OPENED.clear()
    _WATCH.set()
    try:
        worker = threading.Thread(target=work, daemon=True)
        worker.start()
        worker.join(timeout)
    finally:
        _WATCH.clear()
    assert not worker.is_alive(), "loading the save stalled"
    return out["result"], list(_OPENED)


@pytest.fixture(scope="module")
def probes(tmp_path_factory):
    folder = tmp_path_factory.mktemp("probe")
    text = f"MARKER-{uuid.uuid4().hex}"
    marker = folder / "marker.json"
    marker.write_text(json.dumps({"name": text, "nodes": []}) + "\n" + text + "\n", encoding="utf-8")
    fifo = folder / "fifo.json"
    os.mkfifo(fifo)
    sub = folder / "a_folder"
    sub.mkdir()
    return {"text": text, "folder": str(folder),
            "paths": {"marker": str(marker), "fifo": str(fifo), "zero": "/dev/zero", "folder": str(sub),
                      "relative": os.path.relpath(marker), "home": "~/marker.json"}}


@pytest.mark.parametrize("kind", ["marker", "fifo", "zero", "folder", "relative", "home"])
@pytest.mark.parametrize("option", PATH_OPTIONS)
def test_a_save_naming_a_path_is_refused_unopened(option, kind, probes):
    path = probes["paths"][kind]
    result, opened = _load_in_thread(_save({"players": 2, option: path}))
    assert isinstance(result, GameError), f"{option}={kind}: {result!r}"
    message = str(result)
    assert probes["text"] not in message and path not in message and probes["folder"] not in message
    assert "never names a file" in message
    real = os.path.realpath(os.path.expanduser(path))
    assert not [p for p in opened if os.path.realpath(p) == real]


def test_the_issue_example_is_refused():
    save = ('{"format":"balada-widgets/save","version":1,"game":"barcadia","options":{"players":2,'
            '"content":"/etc/passwd"},"seed":1,"start":null,"moves":[]}')
    result, opened = _load_in_thread(save)
    assert isinstance(result, InvalidInput) and "/etc/passwd" not in str(result) and "passwd" not in str(result)
    assert "/etc/passwd" not in opened


@pytest.mark.parametrize("option,value", [
    ("content", 5), ("content", ["rooms"]), ("content", True), ("content", {"rooms": 5}),
    ("dungeon", 5), ("dungeon", ["r1"]), ("dungeon", {"nodes": 5}), ("dungeon", {"nodes": [{"id": ["x"]}]}),
    ("dungeon", {"nodes": [{"id": "START"}], "edges": [{"source": "START", "target": "r9"}]}),
    ("start", 7), ("start", {"nodes": "x"}), ("start", [[0, 0]] * 8), ("start", [[0, "a"]] * 7),
    ("start", [[0, 0], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [5, 5]]),
    ("diy", "/etc/passwd"), ("diy", [5]), ("diy", [{"name": "A", "path": "/etc/passwd"}]),
    ("characters", "/etc/passwd"), ("characters", [["knight"], "rogue"]), ("build", "/etc/passwd"),
    ("crits", "/etc/passwd"), ("removal", "yes"), ("turn_limit", "/etc/passwd"),
])
def test_wrong_types_and_shapes_are_game_errors(option, value):
    result, _ = _load_in_thread(_save({"players": 2, option: value}))
    assert isinstance(result, GameError), f"{option}={value!r}: {result!r}"
    assert "/etc/passwd" not in str(result)


def test_carried_data_has_caps():
    data = content_to_data(load_content())
    big = json.loads(json.dumps(data))
    big["rooms"][0]["text"] = "x" * 150
    big["rooms"] = [dict(r, id=f"room-{i}") for i, r in enumerate(big["rooms"] * 40)]  # 2,000 kinds
    with pytest.raises(GameError, match="limit is 262,144|at most 100"):
        BarcadiaGame(players=2, content=big)
    many = json.loads(json.dumps(data))
    many["loot"] = many["loot"] + [dict(c, id=f"extra-{i}") for i, c in enumerate(many["loot"] * 3)]
    with pytest.raises(InvalidPosition, match="at most 60"):
        BarcadiaGame(players=2, content=many)
    tiles = json.loads(json.dumps(data))
    tiles["rooms"][0]["count"] = 50
    tiles["rooms"][1]["count"] = 50
    with pytest.raises(InvalidPosition, match="room tiles; at most 100"):
        BarcadiaGame(players=2, content=tiles)
    lay = layout_data(load_dungeon("grand"))
    lay["nodes"] += [{"id": f"r{k}", "pos": [k, 40]} for k in range(51, 200)]
    with pytest.raises(InvalidInput, match="at most 121 nodes"):
        BarcadiaGame(players=4, dungeon=lay)
    with pytest.raises(InvalidInput, match="JSON data"):
        BarcadiaGame(players=2, content={"rooms": {1, 2}})


def test_a_python_path_is_read_with_the_guard(tmp_path, probes):
    for kind in ("fifo", "zero", "folder"):
        path = probes["paths"][kind]
        for option in PATH_OPTIONS:
            with pytest.raises(InvalidInput, match="not a regular file") as e:
                BarcadiaGame(players=2, **{option: path})
            assert probes["folder"] not in str(e.value)
    for option in PATH_OPTIONS:  # the marker is not JSON: the message gives the line, not the text
        with pytest.raises(InvalidInput, match="not valid JSON") as e:
            BarcadiaGame(players=2, **{option: probes["paths"]["marker"]})
        assert probes["text"] not in str(e.value) and probes["folder"] not in str(e.value)
    with pytest.raises(InvalidInput, match="no content set 'atlantis'"):
        BarcadiaGame(players=2, content="atlantis")
    with pytest.raises(InvalidInput, match="no Starting Point layout 'atlantis'"):
        BarcadiaGame(players=2, start="atlantis")
    with pytest.raises(InvalidInput, match="there is no such file"):
        BarcadiaGame(players=2, dungeon=str(tmp_path / "gone.json"))


def test_shipped_files_are_read_through_the_guarded_reader(monkeypatch):
    seen = []
    for mod in (content_mod, board_mod):
        real = mod.read_data_text
        monkeypatch.setattr(mod, "read_data_text", lambda p, what="data file", _r=real, **k: (seen.append(
            os.path.basename(p)), _r(p, what=what, **k))[1])
    content_mod._shipped.cache_clear()
    try:
        g = BarcadiaGame(players=2, dungeon="cozy", versatile=True)
    finally:
        content_mod._shipped.cache_clear()
    assert g.options["dungeon"] == "cozy" and g.options["start"] == "versatile" and g.options["content"] is None
    assert seen == ["content.json", "barcadia-start-versatile.json", "barcadia-dungeon-cozy.json"]


def _custom_files(folder):
    """A modified copy of the shipped set, a rotated cozy dungeon and a rotated versatile start."""
    data = json.loads((DATA / "content.json").read_text(encoding="utf-8"))
    data["name"] = "Our class set"
    data["loot"][0]["name"] = "Zoom"
    monster = next(r for r in data["rooms"] if r.get("type") == "monster")
    monster["level"] = 9 if monster["level"] != 9 else 8
    (folder / "set.json").write_text(json.dumps(data), encoding="utf-8")

    def turn(h):  # 60 degrees about the origin: touching hexes stay touching
        return (-h[1], h[0] + h[1])

    cozy = load_dungeon("cozy")
    rotated = Layout(tuple(turn(h) for h in cozy.start), tuple(turn(h) for h in cozy.hexes))
    (folder / "dungeon.json").write_text(layout_to_json(rotated, "ours", "Ours", "a rotated cozy"), encoding="utf-8")
    star = Layout(tuple(turn(h) for h in ((0, 0), (1, 0), (2, 0), (-1, 1), (-2, 2), (0, -1), (0, -2))))
    (folder / "start.json").write_text(layout_to_json(star, "ours", "Ours", "a rotated star", kind="start"),
                                       encoding="utf-8")
    return monster["id"], monster["level"], rotated, star.start


def _play(session, plies: int) -> None:
    g = session.game
    for _ in range(plies):
        if g.is_over(session.state):
            break
        moves = sorted(g.move_to_text(m) for m in g.legal_moves(session.state))
        session.play(moves[len(moves) // 3])


@pytest.mark.parametrize("layout", ["dungeon", "start"])
def test_custom_content_round_trips_without_its_files(tmp_path, layout):
    folder = tmp_path / "ours"
    folder.mkdir()
    monster, level, rotated, star = _custom_files(folder)
    kw = {"dungeon": str(folder / "dungeon.json")} if layout == "dungeon" else {"start": str(folder / "start.json")}
    g = BarcadiaGame(players=2, content=str(folder / "set.json"), **kw)
    assert g.content.loot["dash"].name == "Zoom" and g.content.rooms[monster].level == level
    if layout == "dungeon":
        assert g.layout == rotated and g.options["dungeon"] == layout_data(rotated)
    else:
        assert g.layout.start == star and g.options["start"] == [list(h) for h in star]
    s = Session(g, seed=4)
    _play(s, 40)
    text = s.to_json()
    assert str(folder) not in text and str(tmp_path) not in text
    shutil.rmtree(folder)
    back = Session.from_json(text)
    assert back.history == s.history
    assert back.game.state_to_text(back.state) == g.state_to_text(s.state)
    assert ([back.game.move_to_text(m) for m in back.game.legal_moves(back.state)]
            == [g.move_to_text(m) for m in g.legal_moves(s.state)])
    assert back.game.content.loot["dash"].name == "Zoom" and back.game.layout == g.layout
    with untrusted("a save file"):  # the options rebuild the game without opening anything
        again = BarcadiaGame(**g.options)
    assert again.options == g.options and again.layout == g.layout


def test_options_are_copies_and_data_in_is_data_out():
    data = content_to_data(load_content())
    data["loot"][0]["name"] = "Zoom"
    g = BarcadiaGame(players=2, content=data, start=[list(h) for h in STANDARD_START])
    assert g.options["content"] == data and g.options["start"] == [list(h) for h in STANDARD_START]
    g.options["content"]["loot"][0]["name"] = "changed"
    data["loot"][0]["name"] = "changed too"
    assert g.options["content"]["loot"][0]["name"] == "Zoom" and g.content.loot["dash"].name == "Zoom"
    assert BarcadiaGame(players=2, content="thirst-quest").options["content"] == "thirst-quest"
    assert BarcadiaGame(players=2, content=load_content()).content.loot["dash"].name == "Dash"
    again = load_dungeon(json.loads((graphs_dir() / "barcadia-dungeon-grand.json").read_text()), 50)
    assert BarcadiaGame(players=4, dungeon=again).options["dungeon"] == layout_data(load_dungeon("grand"))
