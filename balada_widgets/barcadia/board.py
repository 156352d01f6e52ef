"""The dungeon board: hexes, the Starting Point layouts, dungeon files, the networkx graph.

Geometry (H1): pointy-top hexes in axial coordinates ``(q, r)``; the six
neighbours of ``(q, r)`` are ``(q±1, r)``, ``(q, r±1)``, ``(q+1, r-1)`` and
``(q-1, r+1)``. A room fills one hex; the Starting Point fills seven and is
ONE node, ``START``, whose neighbours are all rooms touching any of its hexes.

Files in ``graphs/`` (networkx node-link JSON, the project's own layouts):

- ``barcadia-start-standard.json``: a centre hex and its ring of six.
- ``barcadia-start-versatile.json``: the experienced players' variant (H17),
  a three-armed star; any connected 7-hex shape is allowed.
- ``barcadia-dungeon-grand.json``: an example 50-room dungeon (4-6 players).
- ``barcadia-dungeon-cozy.json``: an example 30-room dungeon (2-3 players).

Every node carries ``pos`` (its hex; START: its first hex) and ``hexes``
(the list of its hexes); edges join touching rooms. A hand-made dungeon is
checked on load and refused with every problem listed.

>>> lay = load_dungeon("cozy")
>>> lay.size, len(lay.start), len(lay.neighbours(0))
(30, 7, 12)
>>> g = dungeon_graph(lay)
>>> g.nodes["START"]["hexes"][:2], g.nodes["r1"]["pos"]
([(0, 0), (1, 0)], (-2, 2))
"""

from __future__ import annotations

import json
import os
import re

from ..core.errors import InvalidInput, InvalidPosition
from ..core.files import read_data_text, read_user_text
from ..core.resources import graphs_dir
from .state import START, Layout, hex_neighbours, room_name

STANDARD_START = ((0, 0), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
DESIGN = "balada-widgets project: our own layout, not a publisher's map"


def connected(hexes) -> bool:
    hexes = set(map(tuple, hexes))
    if not hexes:
        return False
    seen, todo = set(), [next(iter(hexes))]
    while todo:
        h = todo.pop()
        if h in seen:
            continue
        seen.add(h)
        todo += [n for n in hex_neighbours(h) if n in hexes and n not in seen]
    return seen == hexes


def check_start(hexes, source="start") -> list:
    """Problems of a Starting Point shape (H1, H-EXP1): 7 distinct, connected hexes."""
    problems = []
    if len(hexes) != 7:
        problems.append(("H1", f"{source}: the Starting Point has 7 hexes, not {len(hexes)}"))
    if len(set(hexes)) != len(hexes):
        problems.append(("H1", f"{source}: the Starting Point lists a hex twice"))
    if hexes and not connected(hexes):
        problems.append(("H-EXP1", f"{source}: the Starting Point's hexes must stay connected"))
    return problems


def dungeon_graph(layout: Layout, rooms=None, content=None):
    """The dungeon as a networkx graph: nodes ``START``, ``r1``.. with ``pos`` and ``hexes``.

    With ``rooms`` (a state's room tuple) and ``content``, nodes also carry
    ``up`` (face up), ``card`` (identity if in that state or view), ``type``,
    ``traps`` and ``powerups``.
    """
    import networkx as nx

    g = nx.Graph(game="barcadia")
    for i in range(layout.size + 1):
        hx = list(layout.hexes_of(i))
        attrs = {"pos": hx[0], "hexes": hx}
        if rooms is not None:
            r = rooms[i]
            attrs.update(up=r.up, card=r.card, traps=r.traps, powerups=list(r.powerups), public=r.public,
                         seen=list(r.seen))
            if content is not None:
                attrs["type"] = ("start" if i == START else
                                 content.rooms[r.card].type if r.card in content.rooms else None)
        g.add_node(room_name(i), **attrs)
    for i in range(layout.size + 1):
        for j in layout.neighbours(i):
            if i < j:
                g.add_edge(room_name(i), room_name(j))
    return g


def layout_to_json(layout: Layout, name: str, title: str, description: str, kind: str = "dungeon",
                   players: str = "") -> str:
    import networkx as nx

    g = dungeon_graph(layout) if kind == "dungeon" else None
    if g is None:
        g = nx.Graph()
        g.add_node("START", pos=layout.start[0], hexes=list(layout.start))
    g.graph.update(name=name, title=title, description=description, game="barcadia", kind=kind, design=DESIGN)
    if players:
        g.graph["players"] = players
    data = nx.node_link_data(g, edges="edges")
    for n in data["nodes"]:
        n["pos"] = list(n["pos"])
        n["hexes"] = [list(h) for h in n["hexes"]]
    return json.dumps(data, indent=1)


def _paths(prefix: str) -> dict:
    return {p.stem.removeprefix(prefix): p for p in sorted(graphs_dir().glob(f"{prefix}*.json"))}


def dungeon_names() -> list:
    return list(_paths("barcadia-dungeon-"))


#: caps of a layout carried as data: characters of its JSON, nodes (rooms + START), edges
LAYOUT_CHARS = 128 * 1024
MAX_NODES = 121
MAX_EDGES = 6 * MAX_NODES
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")


def graph_from_data(data, source: str = "dungeon"):
    """A networkx graph from node-link data (``nodes`` and ``edges`` or ``links``), its shape checked first.

    Only what a layout needs is read: each node's ``id``, ``pos`` and ``hexes``,
    each edge's ``source`` and ``target``. At most 121 nodes and 726 edges.
    """
    import networkx as nx

    if not isinstance(data, dict):
        raise InvalidInput(f"{source}: a layout is a networkx node-link graph: an object with 'nodes' and 'edges'")
    nodes = data.get("nodes")
    edges = data.get("edges", data.get("links", []))
    if not isinstance(nodes, list) or not isinstance(edges, list):
        raise InvalidInput(f"{source}: a layout's 'nodes' and 'edges' must be lists")
    if len(nodes) > MAX_NODES or len(edges) > MAX_EDGES:
        raise InvalidInput(f"{source}: a layout has at most {MAX_NODES} nodes and {MAX_EDGES} edges, not "
                           f"{len(nodes):,} and {len(edges):,}")
    g = nx.Graph()
    for k, n in enumerate(nodes, 1):
        if not isinstance(n, dict) or not isinstance(n.get("id"), str) or len(n["id"]) > 8:
            raise InvalidInput(f"{source}: node {k} must be an object whose 'id' is START or r1, r2, ...")
        g.add_node(n["id"], **{key: n[key] for key in ("pos", "hexes") if key in n})
    for k, e in enumerate(edges, 1):
        if not isinstance(e, dict) or not isinstance(e.get("source"), str) or not isinstance(e.get("target"), str):
            raise InvalidInput(f"{source}: edge {k} must be an object with a 'source' and a 'target' node")
        if e["source"] not in g or e["target"] not in g:
            raise InvalidInput(f"{source}: edge {k} joins a node that is not listed")
        g.add_edge(e["source"], e["target"])
    return g


def layout_data(layout: Layout, kind: str = "dungeon") -> dict:
    """A layout as node-link data (what a game's ``options`` carry): START and the rooms, edges of touching rooms.

    >>> lay = load_dungeon("cozy")
    >>> load_dungeon(layout_data(lay)) == lay
    True
    """
    nodes = [{"id": "START", "pos": list(layout.start[0]), "hexes": [list(h) for h in layout.start]}]
    edges = []
    if kind == "dungeon":
        nodes += [{"id": room_name(i), "pos": list(layout.hexes_of(i)[0]), "hexes": [list(layout.hexes_of(i)[0])]}
                  for i in range(1, layout.size + 1)]
        edges = [{"source": room_name(i), "target": room_name(j)}
                 for i in range(layout.size + 1) for j in layout.neighbours(i) if i < j]
    return {"directed": False, "multigraph": False, "graph": {"game": "barcadia", "kind": kind},
            "nodes": nodes, "edges": edges}


def _read_graph(value, prefix: str, what: str):
    """``(graph, source, shipped name or None)`` for a shipped name, node-link data or a file a Python caller names."""
    from .content import _json_text, parse_json, shown_value

    paths = _paths(prefix)
    if isinstance(value, str) and value in paths:
        p = paths[value]
        return graph_from_data(parse_json(read_data_text(p, what=f"{what} file"), f"{what} file", p.name),
                               p.name), p.name, value
    if isinstance(value, dict):
        _json_text(value, what, LAYOUT_CHARS)
        return graph_from_data(value, what), what, None
    if isinstance(value, (str, os.PathLike)):
        if isinstance(value, str) and _NAME.match(value):
            raise InvalidInput(f"no {what} {value!r}; shipped: {', '.join(paths) or 'none'} (a file is named by "
                               f"its path, e.g. './{value}.json')")
        text = read_user_text(value, what=f"{what} file", cap=LAYOUT_CHARS * 4)
        source = os.path.basename(os.fspath(value))[:60] or what
        return graph_from_data(parse_json(text, f"{what} file", source), source), source, None
    raise InvalidInput(f"the {what} must be a shipped name ({', '.join(paths)}), its node-link data (an object) "
                       f"or, from Python, a file's path; not {shown_value(value)}")


def _hex(v):
    if (isinstance(v, (list, tuple)) and len(v) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) and -99 <= x <= 99 for x in v)):
        return (v[0], v[1])
    return None


def _start_hexes(g, source, problems):
    if "START" not in g:
        problems.append(("H1", f"{source}: no START node (the Starting Point)"))
        return ()
    raw = g.nodes["START"].get("hexes")
    if not isinstance(raw, (list, tuple)):
        problems.append(("H1", f"{source}: START needs 'hexes', the list of its 7 hexes"))
        return ()
    hexes = [_hex(h) for h in raw]
    if None in hexes:
        problems.append(("H1", f"{source}: START's hexes must be pairs of whole numbers [q, r]"))
        return ()
    problems += check_start(hexes, source)
    return tuple(hexes)


def start_option(start="standard") -> tuple:
    """``(option, hexes)`` for a game's ``start`` option.

    ``"standard"`` / ``"versatile"`` (shipped names, kept as the option); a list
    of 7 hexes ``[[q, r], ...]``; node-link data with a START node; or, from
    Python, a layout file's path, read once (refused while a save file loads).
    Anything but a shipped name becomes the list of its 7 hexes in the option.
    """
    if start is None:
        start = "standard"
    if isinstance(start, str) and start == "standard" and not _paths("barcadia-start-"):
        return start, STANDARD_START
    problems: list = []
    if isinstance(start, (list, tuple)):
        if len(start) > 7:
            raise InvalidPosition([("H1", f"start: the Starting Point has 7 hexes, not {len(start):,}")])
        hexes = [_hex(h) for h in start]
        if None in hexes:
            raise InvalidPosition([("H1", "start: the Starting Point's hexes must be pairs of whole numbers "
                                          "[q, r] from -99 to 99")])
        problems += check_start(hexes, "start")
        name = None
    else:
        g, source, name = _read_graph(start, "barcadia-start-", "Starting Point layout")
        hexes = list(_start_hexes(g, source, problems))
    if problems:
        raise InvalidPosition(problems)
    return (name if name is not None else [list(h) for h in hexes]), tuple(hexes)


def load_start(name_or_path="standard") -> tuple:
    """The hexes of a Starting Point layout (``"standard"``, ``"versatile"``, its data or a file; see :func:`start_option`)."""
    return start_option(name_or_path)[1]


def layout_from_graph(g, source="dungeon", rooms: int | None = None) -> Layout:
    """Check a networkx graph as a dungeon and build its :class:`Layout`; list every problem.

    Checks: START with 7 connected hexes; rooms named ``r1``..``rN`` with one
    hex each; no hex used twice; every room reachable from START; the edges
    exactly the pairs of touching rooms; ``N == rooms`` when given.
    """
    problems: list = []
    start = _start_hexes(g, source, problems)
    names = [n for n in g.nodes if n != "START"]
    bad = [n for n in names if not (isinstance(n, str) and n[:1] == "r" and n[1:].isdecimal() and int(n[1:]) > 0)]
    if bad:
        problems.append(("H1", f"{source}: rooms are named r1, r2, ...; not {', '.join(map(str, bad[:5]))}"))
    nums = sorted(int(n[1:]) for n in names if n not in bad)
    if nums != list(range(1, len(nums) + 1)):
        problems.append(("H1", f"{source}: rooms must be numbered r1..r{len(nums)} without gaps"))
    if rooms is not None and len(names) != rooms:
        problems.append(("H2", f"{source}: the game needs {rooms} rooms, the dungeon has {len(names)}"))
    hexes = {}
    for k in nums:
        h = _hex(g.nodes[f"r{k}"].get("pos"))
        if h is None:
            problems.append(("H1", f"{source}: r{k} needs 'pos', its hex [q, r]"))
        else:
            hexes[k] = h
    seen: dict = {h: "START" for h in start}
    for k, h in sorted(hexes.items()):
        if h in seen:
            problems.append(("H1", f"{source}: r{k} and {seen[h]} are both on hex {h}"))
        else:
            seen[h] = f"r{k}"
    if problems:
        raise InvalidPosition(problems)
    lay = Layout(start, tuple(hexes[k] for k in range(1, len(hexes) + 1)))
    # reachability from START
    reach, todo = set(), [START]
    while todo:
        i = todo.pop()
        if i in reach:
            continue
        reach.add(i)
        todo += [j for j in lay.neighbours(i) if j not in reach]
    cut = [room_name(i) for i in range(1, lay.size + 1) if i not in reach]
    if cut:
        problems.append(("H2", f"{source}: not connected to the Starting Point: {', '.join(cut[:10])}"
                               + (" ..." if len(cut) > 10 else "")))
    want = {frozenset((room_name(i), room_name(j))) for i in range(lay.size + 1) for j in lay.neighbours(i)}
    have = {frozenset(e) for e in g.edges if len(set(e)) == 2}
    missing = sorted("-".join(sorted(e)) for e in want - have)
    extra = sorted("-".join(sorted(map(str, e))) for e in have - want)
    if missing:
        problems.append(("H1", f"{source}: touching rooms without an edge: {', '.join(missing[:8])}"
                               + (" ..." if len(missing) > 8 else "")))
    if extra:
        problems.append(("H1", f"{source}: edges between rooms that do not touch: {', '.join(extra[:8])}"
                               + (" ..." if len(extra) > 8 else "")))
    if problems:
        raise InvalidPosition(problems)
    return lay


def dungeon_option(dungeon, rooms: int | None = None) -> tuple:
    """``(option, layout)`` for a game's ``dungeon`` option (``None``: built in play, ``(None, None)``).

    A shipped name (``"grand"``, ``"cozy"``) stays the option; node-link data
    (an object, at most 128 KB of JSON) or a :class:`Layout` is checked
    (:func:`layout_from_graph`); from Python, a dungeon file's path is read
    once (refused while a save file loads). Anything but a shipped name
    becomes the layout's data (:func:`layout_data`) in the option, never a path.
    """
    if dungeon is None:
        return None, None
    if isinstance(dungeon, Layout):
        dungeon = layout_data(dungeon)
    g, source, name = _read_graph(dungeon, "barcadia-dungeon-", "dungeon")
    layout = layout_from_graph(g, source, rooms)
    return (name if name is not None else layout_data(layout)), layout


def load_dungeon(name_or_path, rooms: int | None = None) -> Layout:
    """A dungeon by name (``"grand"``, ``"cozy"``), its data or a file, checked (see :func:`dungeon_option`)."""
    if name_or_path is None:
        raise InvalidInput("no dungeon named: give a shipped name (grand, cozy), its data or a file")
    return dungeon_option(name_or_path, rooms)[1]


# ---------------------------------------------------------------- the shipped example layouts


def ring(k: int) -> list:
    """The hexes at distance ``k`` from the origin, in order around it."""
    if k == 0:
        return [(0, 0)]
    out = []
    q, r = -k, k  # start at direction (-1, +1) times k
    for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
        for _ in range(k):
            out.append((q, r))
            q, r = q + dq, r + dr
    return out


def example_layouts() -> dict:
    """The shipped layouts, built from rings (used to write ``graphs/``; the files are the data)."""
    cozy = Layout(STANDARD_START, tuple(ring(2) + ring(3)))
    arms = []
    for d in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
        arms += [(d[0] * k, d[1] * k) for k in (4, 5, 6)]
    extra = [(5, 1), (-5, -1)]
    grand = Layout(STANDARD_START, tuple(ring(2) + ring(3) + arms + extra))
    versatile = ((0, 0), (1, 0), (2, 0), (-1, 1), (-2, 2), (0, -1), (0, -2))
    return {"cozy": cozy, "grand": grand, "versatile": Layout(versatile), "standard": Layout(STANDARD_START)}
