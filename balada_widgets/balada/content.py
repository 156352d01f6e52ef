"""Balada content: the decks and the map sheets (the project's own design).

The printed cards and maps are not public, so balada-widgets ships its own:

- ``data/decks.json``: 12 landscape cards (4 Forest, 4 Desert, 4 Mountains),
  12 "A" event cards and 17 "B" event cards. Deck A holds the events the easy
  version teaches (small Obstacles, Fountains, Swords, Fish, a Key and a
  Chest); deck B adds Bosses, Portals, Towers, Princesses and harder Obstacles.
- ``graphs/balada-<name>.json``: map sheets, each a networkx node-link graph of
  two path components, ``day-1`` ... ``day-12`` and ``night-1`` ...
  ``night-12``; every node carries ``side``, ``space`` and ``landscape``; the
  graph carries ``name``, ``title``, ``description`` and ``design``.

A user can drop a new sheet file into ``graphs/`` (or pass a path): it is
checked on load, and a malformed one is refused with an
:class:`~balada_widgets.core.errors.InvalidPosition` listing every problem
(ruling B1: each side is 12 spaces holding the deck's landscape counts, in a
different order on day and night).

>>> s = load_sheet("standard")
>>> s.title, len(s.day), s.day[:3]
('Standard sheet', 12, ('F', 'D', 'M'))
>>> sorted(sheet_names())[:2]
['dunes', 'peaks']
>>> load_decks().b.count("BS")
2
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..core.errors import InvalidInput, InvalidPosition
from ..core.resources import graphs_dir
from .scoring import EVENT_NAMES, LANDSCAPES, SIDE_LENGTH

DATA = Path(__file__).with_name("data")
SIDES = ("day", "night")


@dataclass(frozen=True)
class Decks:
    """The three decks: landscape codes, A and B event codes (one entry a card)."""

    landscape: tuple
    a: tuple
    b: tuple

    def landscape_counts(self) -> Counter:
        return Counter(self.landscape)


@lru_cache(maxsize=None)
def load_decks(path: str | None = None) -> Decks:
    """Load and check the decks file (default: the shipped ``data/decks.json``)."""
    p = Path(path) if path else DATA / "decks.json"
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise InvalidInput(f"cannot read the decks file {p}: {e}") from None
    problems = []
    for key in ("landscape", "A", "B"):
        if not isinstance(data.get(key), list):
            problems.append((None, f"decks file lacks the list {key!r}"))
    if problems:
        raise InvalidPosition(problems)
    for code in data["landscape"]:
        if code not in LANDSCAPES:
            problems.append(("B1", f"unknown landscape card {code!r}"))
    for key in ("A", "B"):
        for code in data[key]:
            if code not in EVENT_NAMES:
                problems.append((None, f"unknown event {code!r} in deck {key}"))
    if len(data["landscape"]) != SIDE_LENGTH:
        problems.append(("B1", f"the landscape deck needs {SIDE_LENGTH} cards, it has {len(data['landscape'])}"))
    if len(data["A"]) < SIDE_LENGTH:
        problems.append(("B4", f"deck A needs at least {SIDE_LENGTH} cards for a round, it has {len(data['A'])}"))
    if len(data["B"]) < SIDE_LENGTH:
        problems.append((None, f"deck B needs at least {SIDE_LENGTH} cards for a round, it has {len(data['B'])}"))
    if problems:
        raise InvalidPosition(problems)
    return Decks(tuple(data["landscape"]), tuple(data["A"]), tuple(data["B"]))


@dataclass(frozen=True)
class Sheet:
    """A map sheet: the landscapes of the day and night sides."""

    name: str
    title: str
    description: str
    day: tuple
    night: tuple
    design: str = ""

    def side(self, index: int) -> tuple:
        """Landscapes of side 0 (day) or 1 (night)."""
        return (self.day, self.night)[index]

    def to_graph(self):
        """The sheet as a networkx graph (two paths), as stored in ``graphs/``."""
        import networkx as nx

        g = nx.Graph(name=self.name, title=self.title, description=self.description, game="balada",
                     kind="map sheet", design=self.design, sides="day night")
        for side, lands in zip(SIDES, (self.day, self.night)):
            for i, land in enumerate(lands, 1):
                g.add_node(f"{side}-{i}", side=side, space=i, landscape=land)
            nx.add_path(g, [f"{side}-{i}" for i in range(1, len(lands) + 1)])
        return g

    def to_json(self) -> str:
        import networkx as nx

        return json.dumps(nx.node_link_data(self.to_graph(), edges="edges"), indent=1)


def check_side_landscapes(lands, decks: Decks | None = None, label: str = "side") -> list[tuple[str, str]]:
    """Problems of one side's landscapes against the landscape deck (B1)."""
    decks = decks or load_decks()
    problems = []
    if len(lands) != SIDE_LENGTH:
        problems.append(("B1", f"the {label} has {len(lands)} spaces, not {SIDE_LENGTH}"))
    bad = [x for x in lands if x not in LANDSCAPES]
    if bad:
        problems.append(("B1", f"the {label} has unknown landscapes {sorted(set(map(str, bad)))}; use F, D or M"))
    want, have = decks.landscape_counts(), Counter(lands)
    if not bad and have != want:
        diff = ", ".join(f"{LANDSCAPES[k]} {have.get(k, 0)} (deck: {want.get(k, 0)})" for k in sorted(LANDSCAPES)
                         if have.get(k, 0) != want.get(k, 0))
        problems.append(("B1", f"the {label} must hold the landscape deck's counts: {diff}"))
    return problems


def sheet_from_graph(g, source: str = "sheet", decks: Decks | None = None) -> Sheet:
    """Check a networkx graph as a map sheet and build the :class:`Sheet`."""
    problems: list = []
    sides: dict[str, list] = {}
    for side in SIDES:
        nodes = [(n, d) for n, d in g.nodes(data=True) if d.get("side") == side]
        if not nodes:
            problems.append(("B1", f"{source}: no {side} side (nodes with side={side!r})"))
            continue
        try:
            nodes.sort(key=lambda nd: int(nd[1].get("space")))
        except (TypeError, ValueError):
            problems.append(("B1", f"{source}: every {side} node needs an integer 'space'"))
            continue
        spaces = [int(d["space"]) for _, d in nodes]
        if spaces != list(range(1, len(nodes) + 1)):
            problems.append(("B1", f"{source}: the {side} spaces must be numbered 1..{len(nodes)}, got {spaces}"))
        sub = g.subgraph([n for n, _ in nodes])
        chain = [n for n, _ in nodes]
        if not all(sub.has_edge(a, b) for a, b in zip(chain, chain[1:])) or sub.number_of_edges() != len(chain) - 1:
            problems.append(("B1", f"{source}: the {side} side must be a path linking space 1 to space "
                                   f"{len(chain)} in order"))
        lands = [d.get("landscape") for _, d in nodes]
        problems += [(r, f"{source}: {t}") for r, t in check_side_landscapes(lands, decks, f"{side} side")]
        sides[side] = lands
    if len(sides) == 2 and sides["day"] == sides["night"]:
        problems.append(("B1", f"{source}: the day and night sides must order the landscapes differently"))
    if problems:
        raise InvalidPosition(problems)
    meta = g.graph
    return Sheet(str(meta.get("name", source)), str(meta.get("title", meta.get("name", source))),
                 str(meta.get("description", "")), tuple(sides["day"]), tuple(sides["night"]),
                 str(meta.get("design", "")))


def sheet_paths() -> dict[str, Path]:
    return {p.stem.removeprefix("balada-"): p for p in sorted(graphs_dir().glob("balada-*.json"))}


def sheet_names() -> list[str]:
    """Names of the sheets shipped in ``graphs/``."""
    return list(sheet_paths())


def load_sheet(name_or_path: str | Path = "standard") -> Sheet:
    """Load a sheet by name (``"standard"``, ``"river"``...) or from a file path.

    Raises :class:`InvalidInput` if the file can't be read as a networkx
    node-link graph, :class:`InvalidPosition` listing every problem if it is
    not a valid sheet.
    """
    import networkx as nx

    paths = sheet_paths()
    p = paths.get(str(name_or_path)) or Path(name_or_path)
    if not p.exists():
        raise InvalidInput(f"no sheet {str(name_or_path)!r}; shipped sheets: {', '.join(paths)}")
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
        g = nx.node_link_graph(data, edges="edges" if "edges" in data else "links")
    except (OSError, json.JSONDecodeError, KeyError, TypeError, nx.NetworkXError) as e:
        raise InvalidInput(f"cannot read {p.name} as a networkx node-link graph: {e}") from None
    return sheet_from_graph(g, p.name)
