"""The city of Baldur's Gate as one networkx graph: districts, parcels, spots, solid lines.

The board is the project's own design (the district names are public lore):
``graphs/baldurs-gate-city.json``, a networkx node-link file. Every node has a
``kind`` and a ``district`` (its code) and a drawing position ``x``, ``y``
(SVG-like units: ``x`` to the right, ``y`` downwards, inside the graph's
``width`` x ``height``):

- ``parcel``: a building site, with its ``number`` (1..36; district *i* of
  the list holds ``4i+1 .. 4i+4``), node id ``P<number>``;
- ``hq``: the district's HQ spot (``H-<code>``), with the ``side`` of the
  block it sits on (``n``, ``e``, ``s``, ``w``);
- ``fort``: a fortification spot (``F-<code>-a`` / ``-b`` / ``-c``), with its
  ``side``;
- ``location``: the district's special location (``L-<code>``), in the middle
  of the block; it has no solid line (C9: nobody owns it).

Edges are the solid lines (C2, attribute ``line="solid"``; ``crossing=True``
for the 14 lines over the walls between neighbouring districts). The graph
attribute ``districts`` lists the districts in parcel order, each with
``code``, ``name`` (``{"en": ..., "cs": ...}``), ``zone`` (``upper`` or
``lower``) and a drawing box (``x``, ``y`` centre, ``w``, ``h``).

Each district is a block: four parcels in a ring (clockwise from the top
left), and on each of the block's four sides one piece touching the two
parcels of that side (the HQ spot on one side, a fortification spot on the
others); the crossing lines join sides facing each other, so the
fortifications are the walls that link the districts.

A hand-made city is data, never a path in a save: a game carries the city's
node-link data (a dict) in its ``options``; from Python a file path may be
given (``load_city("./our_city.json")``), read once through
:func:`~balada_widgets.core.files.read_user_text`. It is checked on load and
refused with an :class:`~balada_widgets.core.errors.InvalidPosition` listing
every problem; its size is capped (:data:`CITY_CAP` bytes as JSON,
:data:`MAX_NODES` nodes, :data:`MAX_EDGES` edges, texts of :data:`~balada_widgets.core.files.MAX_TEXT`
characters).

>>> c = load_city()
>>> len(c.parcels), len(c.forts), len(c.hq_spot), len(c.districts)
(36, 27, 9, 9)
>>> c.district_of[c.index["P30"]], sorted(c.node_id(j) for j in c.adj[c.index["P29"]])
('SEA', ['F-SEA-a', 'H-SEA', 'P30', 'P32'])
>>> c.district_name("SEA", "cs"), c.zone["SEA"]
('Seatower', 'lower')
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..core.errors import InvalidInput, InvalidPosition
from ..core.files import given_content, given_content_choice, read_data_text, shown_name, wrong_types_refused
from ..core.graphs import node_link_graph
from ..core.resources import graphs_dir

CITY_FILE = "baldurs-gate-city.json"
KINDS = ("parcel", "hq", "fort", "location")
LANGUAGES = ("en", "cs")
PARCELS_PER_DISTRICT = 4  # C1: the 4th token of a district triggers its attack


@dataclass(frozen=True, eq=False)
class City:
    """The loaded city: the graph plus fast lookup tables (indices of the ownable nodes).

    Ownable nodes (parcels, HQ spots, fortification spots) are numbered
    ``0 .. n-1`` in :attr:`nodes`; :attr:`adj` holds each one's neighbours
    along solid lines as index tuples (the rules use indices for speed).
    """

    name: str
    title: str
    design: str
    graph: Any  # networkx.Graph
    districts: tuple  # district codes, in parcel order
    names: dict  # code -> {"en": ..., "cs": ...}
    zone: dict  # code -> "upper" / "lower"
    nodes: tuple  # ownable node ids
    index: dict  # node id -> index
    kind: tuple  # per index: "parcel" / "hq" / "fort"
    district_of: tuple  # per index: district code
    adj: tuple  # per index: tuple of neighbour indices
    parcel_index: dict  # parcel number -> index
    parcel_number: dict  # index -> parcel number
    parcels: tuple  # parcel numbers, sorted
    parcels_of: dict  # code -> parcel numbers
    hq_spot: dict  # code -> index
    forts: tuple  # indices of the fortification spots
    forts_of: dict  # code -> fort indices
    location: dict  # code -> location node id
    positions: dict  # node id -> (x, y), every node

    def node_id(self, i: int) -> str:
        return self.nodes[i]

    def district_name(self, code: str, language: str = "en") -> str:
        names = self.names.get(code, {})
        return names.get(language) or names.get("en") or code

    def district_of_parcel(self, number: int) -> str:
        return self.district_of[self.parcel_index[number]]

    def district_at(self, id_: str):
        """The district a board id lies in: a parcel, HQ or fortification spot (``P17``, ``F-SEA-b``), a location
        (``L-SEA``) or an attack track (``attack-SEA``), as the board names them; None for any other id.

        >>> city = load_city()
        >>> city.district_at("P30"), city.district_at("L-SEA"), city.district_at("attack-SEA"), city.district_at("x")
        ('SEA', 'SEA', 'SEA', None)
        """
        if id_ in self.index:
            return self.district_of[self.index[id_]]
        head, _, code = id_.partition("-")
        return code if head in ("L", "attack") and code in self.names else None

    def copy_graph(self):
        """A fresh copy of the networkx graph (safe to change)."""
        return self.graph.copy()


def check_city_graph(g, source: str = "city") -> list[tuple[str | None, str]]:
    """Every problem of a networkx graph as a city (empty list: fine)."""
    problems: list[tuple[str | None, str]] = []

    def bad(rule, text):
        problems.append((rule, f"{source}: {text}"))

    meta = g.graph
    dlist = meta.get("districts")
    codes: list[str] = []
    if not isinstance(dlist, list) or not dlist:
        bad("C1", "the graph attribute 'districts' must list the districts (code, name, zone)")
        dlist = []
    for k, d in enumerate(dlist):
        if not isinstance(d, dict) or not isinstance(d.get("code"), str) or not d.get("code"):
            bad("C1", f"district entry {k + 1} needs a 'code' text")
            continue
        code = d["code"]
        if code in codes:
            bad("C1", f"district code {code!r} appears twice")
        codes.append(code)
        name = d.get("name")
        if not isinstance(name, dict) or not all(isinstance(name.get(lang), str) and name.get(lang)
                                                 for lang in LANGUAGES):
            bad("C19", f"district {code} needs a name in English and Czech ({{'en': ..., 'cs': ...}})")
        if d.get("zone") not in ("upper", "lower"):
            bad("C1", f"district {code} needs zone 'upper' or 'lower', not {d.get('zone')!r}")
    if dlist and len(codes) != 9:
        bad("C1", f"the city has nine districts, this one {len(codes)}")
    per = {c: {"parcel": [], "hq": [], "fort": [], "location": []} for c in codes}
    numbers: dict[int, str] = {}
    for n, a in g.nodes(data=True):
        kind = a.get("kind")
        if kind not in KINDS:
            bad("C1", f"node {n!r} has kind {kind!r}; use one of {', '.join(KINDS)}")
            continue
        dc = a.get("district")
        if dc not in per:
            bad("C1", f"node {n!r} names an unknown district {dc!r}")
            continue
        per[dc][kind].append(n)
        for axis in ("x", "y"):
            if not isinstance(a.get(axis), (int, float)) or isinstance(a.get(axis), bool):
                bad(None, f"node {n!r} needs a number {axis!r} (drawing position)")
        if kind == "parcel":
            num = a.get("number")
            if not isinstance(num, int) or isinstance(num, bool):
                bad("C1", f"parcel {n!r} needs an integer 'number'")
                continue
            if num in numbers:
                bad("C1", f"parcel number {num} is used by {numbers[num]!r} and {n!r}")
            numbers[num] = n
            if codes and dc in codes:
                i = codes.index(dc)
                lo, hi = PARCELS_PER_DISTRICT * i + 1, PARCELS_PER_DISTRICT * i + PARCELS_PER_DISTRICT
                if not lo <= num <= hi:
                    bad("C1", f"parcel {num} lies in {dc}, which holds the parcels {lo}-{hi}")
    for c in codes:
        got = per[c]
        if len(got["parcel"]) != PARCELS_PER_DISTRICT:
            bad("C1", f"district {c} has {len(got['parcel'])} parcels, not {PARCELS_PER_DISTRICT}")
        if len(got["hq"]) != 1:
            bad("C1", f"district {c} has {len(got['hq'])} HQ spots, not 1")
        if not got["fort"]:
            bad("C1", f"district {c} has no fortification spot")
        if len(got["location"]) != 1:
            bad("C9", f"district {c} has {len(got['location'])} special locations, not 1")
    for u, v, a in g.edges(data=True):
        for n in (u, v):
            if g.nodes[n].get("kind") == "location":
                bad("C9", f"the special location {n!r} has a solid line to {v if n == u else u!r}; locations "
                          f"are not part of the network")
        if u == v:
            bad("C2", f"node {u!r} has a solid line to itself")
        if a.get("line", "solid") != "solid":
            bad("C2", f"the line {u!r}-{v!r} is {a.get('line')!r}; only solid lines are allowed")
    if g.is_directed() or g.is_multigraph():
        bad("C2", "the city must be a simple undirected graph")
    if not problems:
        import networkx as nx

        own = [n for n, a in g.nodes(data=True) if a.get("kind") != "location"]
        if own and not nx.is_connected(g.subgraph(own)):
            parts = sorted(nx.connected_components(g.subgraph(own)), key=len)
            bad("C2", f"the solid lines must join the whole city; {len(parts)} separate parts, the smallest "
                      f"{sorted(parts[0])[:6]}")
    return problems


def city_from_graph(g, source: str = "city") -> City:
    """Check a networkx graph as a city and build the :class:`City` (raises :class:`InvalidPosition`)."""
    problems = check_city_graph(g, source)
    if problems:
        raise InvalidPosition(problems)
    meta = g.graph
    codes = tuple(d["code"] for d in meta["districts"])
    order = {c: i for i, c in enumerate(codes)}

    def key(n):
        a = g.nodes[n]
        k = KINDS.index(a["kind"])
        return (k, order[a["district"]], a.get("number", 0), str(n))

    own = sorted((n for n, a in g.nodes(data=True) if a["kind"] != "location"), key=key)
    index = {n: i for i, n in enumerate(own)}
    kind = tuple(g.nodes[n]["kind"] for n in own)
    dist = tuple(g.nodes[n]["district"] for n in own)
    adj = tuple(tuple(sorted(index[m] for m in g.neighbors(n))) for n in own)
    parcel_index = {g.nodes[n]["number"]: index[n] for n in own if g.nodes[n]["kind"] == "parcel"}
    return City(
        name=str(meta.get("name", source)), title=str(meta.get("title", "Baldur's Gate")),
        design=str(meta.get("design", "")), graph=g, districts=codes,
        names={d["code"]: dict(d["name"]) for d in meta["districts"]},
        zone={d["code"]: d["zone"] for d in meta["districts"]},
        nodes=tuple(own), index=index, kind=kind, district_of=dist, adj=adj,
        parcel_index=parcel_index, parcel_number={i: n for n, i in parcel_index.items()},
        parcels=tuple(sorted(parcel_index)),
        parcels_of={c: tuple(sorted(n for n, i in parcel_index.items() if dist[i] == c)) for c in codes},
        hq_spot={dist[i]: i for i in range(len(own)) if kind[i] == "hq"},
        forts=tuple(i for i in range(len(own)) if kind[i] == "fort"),
        forts_of={c: tuple(i for i in range(len(own)) if kind[i] == "fort" and dist[i] == c) for c in codes},
        location={a["district"]: n for n, a in g.nodes(data=True) if a["kind"] == "location"},
        positions={n: (a["x"], a["y"]) for n, a in g.nodes(data=True)},
    )


# ------------------------------------------------------------ custom cities: data, never a path
#: the caps of a custom city (a save file carries it): bytes as JSON, nodes, edges, one text, nesting
CITY_CAP = 1024 * 1024
MAX_NODES = 2000
MAX_EDGES = 20000
SHIPPED_NAMES = ("standard", "baldurs-gate-city")


def read_graph(path: str | Path):
    """Read a networkx node-link JSON file a Python caller names (checked: regular file, size cap)."""
    data, _ = given_content(path, "city", "city file", CITY_CAP, SHIPPED_NAMES)
    return node_link_graph(data, "city" if isinstance(path, dict) else shown_name(path), "city", MAX_NODES, MAX_EDGES)


@lru_cache(maxsize=8)
def _city_from_text(text: str, source: str) -> City:
    g = node_link_graph(json.loads(text), source, "city", MAX_NODES, MAX_EDGES)
    with wrong_types_refused(source, "a valid city"):
        return city_from_graph(g, source)


@lru_cache(maxsize=1)
def _shipped_text() -> str:
    return read_data_text(graphs_dir() / CITY_FILE, what="city file")


def city_choice(source=None) -> tuple:
    """``(option, city)``: what a game keeps in its ``options`` for this city (``None`` for the
    shipped one, else the city's node-link data: never a path) and the checked :class:`City`.

    ``source``: ``None``/``"standard"`` (the shipped city), the city's node-link data (a dict), a
    networkx graph, or from Python a file path (it holds a ``/`` or a ``.``: ``"./our_city.json"``).
    """
    if source is None or (isinstance(source, str) and source in ("", *SHIPPED_NAMES)):
        return None, _city_from_text(_shipped_text(), CITY_FILE)
    if not isinstance(source, (dict, str, os.PathLike)) and hasattr(source, "nodes") and hasattr(source, "graph"):
        import networkx as nx

        try:
            source = nx.node_link_data(source, edges="edges")
        except (TypeError, ValueError, AttributeError, KeyError) as e:
            raise InvalidInput(f"the city graph can't be written as node-link data ({type(e).__name__})") from None
    return given_content_choice(source, "city", "city file", CITY_CAP, SHIPPED_NAMES, _city_from_text)


def load_city(source=None) -> City:
    """The shipped city (default), a hand-made one's node-link data, or from Python a file path;
    checked (every problem listed)."""
    return city_choice(source)[1]


def board(source=None):
    """The city as a networkx graph (a copy: changing it does not change the game's board)."""
    return load_city(source).copy_graph()
