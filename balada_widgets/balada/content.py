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

Custom content is data, never a path in a save: a game names a shipped sheet
by its name or carries a custom sheet's data (the node-link dict), and the
shipped decks (``None``) or custom decks' data. From Python a file path may be
given instead (``BaladaGame(sheet="./my_sheet.json")``): the file is read once,
at construction, through :func:`~balada_widgets.core.files.read_user_text`,
and its data (not the path) goes into the game's ``options`` and so into save
files. Every sheet and decks set is checked on load, and a malformed one is
refused with an :class:`~balada_widgets.core.errors.InvalidPosition` listing
every problem (ruling B1: each side is 12 spaces holding the deck's landscape
counts, in a different order on day and night); custom data is capped
(:data:`SHEET_CAP`, :data:`DECKS_CAP` bytes as JSON, texts of
:data:`~balada_widgets.core.files.MAX_TEXT` characters, :data:`~balada_widgets.core.files.MAX_DEPTH` levels).

>>> s = load_sheet("standard")
>>> s.title, len(s.day), s.day[:3]
('Standard sheet', 12, ('F', 'D', 'M'))
>>> sorted(sheet_names())[:2]
['dunes', 'peaks']
>>> load_decks().b.count("BS")
2
>>> sheet_choice(json.loads(s.to_json()))[1] == s  # a sheet's data, as a save carries it
True
>>> load_sheet("/nowhere/mine.json")
Traceback (most recent call last):
...
balada_widgets.core.errors.InvalidInput: invalid input: cannot read the map sheet 'mine.json': there is no such file
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..core.errors import InvalidPosition, short_text
from ..core.files import given_content_choice, read_data_text, wrong_types_refused
from ..core.graphs import node_link_graph
from ..core.text import text_problem
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


def load_decks(source=None) -> Decks:
    """The checked decks: the shipped ``data/decks.json`` (``None`` or ``"standard"``), a decks
    file's data (a dict with the lists ``landscape``, ``A`` and ``B``) or, from Python, a file path.

    Raises :class:`~balada_widgets.core.errors.InvalidInput` if it can't be read, :class:`InvalidPosition` listing every
    problem if it is not a valid set of decks.
    """
    return decks_choice(source)[1]


def decks_choice(source=None) -> tuple:
    """``(option, decks)``: what a game keeps in its ``options`` for these decks (``None`` for the
    shipped ones, else their data: never a path) and the checked :class:`Decks`."""
    if source is None or (isinstance(source, str) and source == "standard"):
        return None, _shipped_decks()
    return given_content_choice(source, "decks", "decks file", DECKS_CAP, ("standard",), _decks_from_text)


@lru_cache(maxsize=1)
def _shipped_decks() -> Decks:
    text = read_data_text(DATA / "decks.json", what="decks file")
    return decks_from_data(json.loads(text), "decks.json")


@lru_cache(maxsize=16)
def _decks_from_text(text: str, source: str) -> Decks:
    return decks_from_data(json.loads(text), source)


def decks_from_data(data, source: str = "decks") -> Decks:
    """Check parsed JSON as decks and build the :class:`Decks` (every problem listed)."""
    if not isinstance(data, dict):
        raise InvalidPosition([(None, f"{source}: the decks are one JSON object with the lists "
                                      f"'landscape', 'A' and 'B'")])
    problems = []
    for key in ("landscape", "A", "B"):
        cards = data.get(key)
        if not isinstance(cards, list):
            problems.append((None, f"{source}: the decks lack the list {key!r}"))
        elif len(cards) > MAX_DECK_CARDS:
            problems.append((None, f"{source}: deck {key} has {len(cards):,} cards: the limit is {MAX_DECK_CARDS}"))
        elif not all(isinstance(c, str) for c in cards):
            problems.append((None, f"{source}: deck {key} lists card codes as texts (like \"F\" or \"O2\")"))
    if problems:
        raise InvalidPosition(problems)
    for code in sorted(set(data["landscape"])):
        if code not in LANDSCAPES:
            problems.append(("B1", f"{source}: unknown landscape card {short_text(code, 20)!r}"))
    for key in ("A", "B"):
        for code in sorted(set(data[key])):
            if code not in EVENT_NAMES:
                problems.append((None, f"{source}: unknown event {short_text(code, 20)!r} in deck {key}"))
    if len(data["landscape"]) != SIDE_LENGTH:
        problems.append(("B1", f"the landscape deck needs {SIDE_LENGTH} cards, it has {len(data['landscape'])}"))
    if len(data["A"]) < SIDE_LENGTH:
        problems.append(("B4", f"deck A needs at least {SIDE_LENGTH} cards for a round, it has {len(data['A'])}"))
    if len(data["B"]) < SIDE_LENGTH:
        problems.append((None, f"deck B needs at least {SIDE_LENGTH} cards for a round, it has {len(data['B'])}"))
    if problems:
        raise InvalidPosition(problems)
    return Decks(tuple(data["landscape"]), tuple(data["A"]), tuple(data["B"]))


# ------------------------------------------------------------ custom content: data, never a path
#: the caps of custom content (a save carries it): bytes as JSON, one text, nesting, cards, nodes
SHEET_CAP = 64 * 1024
DECKS_CAP = 16 * 1024
MAX_DECK_CARDS = 100
MAX_SHEET_NODES = 100


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


#: the longest name, title, description and design note a sheet may carry (characters)
SHEET_TEXT_CAPS = {"name": 40, "title": 60, "description": 400, "design": 200}


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
    meta = g.graph
    name = meta.get("name", "custom")
    texts = {"name": name, "title": meta.get("title", name), "description": meta.get("description", ""),
             "design": meta.get("design", "")}
    for key, value in texts.items():  # shown on the board and in lists: one plain line each (core.text)
        bad = text_problem(value, f"{source}: the sheet's {key}", SHEET_TEXT_CAPS[key], required=key == "name")
        if bad:
            problems.append(("B1", bad))
    if problems:
        raise InvalidPosition(problems)
    return Sheet(name, texts["title"], texts["description"], tuple(sides["day"]), tuple(sides["night"]),
                 texts["design"])


def sheet_paths() -> dict[str, Path]:
    return {p.stem.removeprefix("balada-"): p for p in sorted(graphs_dir().glob("balada-*.json"))}


def sheet_names() -> list[str]:
    """Names of the sheets shipped in ``graphs/``."""
    return list(sheet_paths())


def load_sheet(source="standard", decks: Decks | None = None) -> Sheet:
    """A checked map sheet: a shipped one by name (``"standard"``, ``"river"``...), a sheet's data
    (a networkx node-link graph as a dict, as :meth:`Sheet.to_json` writes) or, from Python, a
    file path (it holds a ``/`` or a ``.``: ``"./mine.json"``).

    ``decks``: the landscape counts to check against (default: the shipped decks).
    Raises :class:`~balada_widgets.core.errors.InvalidInput` if the sheet can't be read as a networkx node-link graph,
    :class:`InvalidPosition` listing every problem if it is not a valid sheet.
    """
    return sheet_choice(source, decks)[1]


def sheet_choice(source="standard", decks: Decks | None = None) -> tuple:
    """``(option, sheet)``: what a game keeps in its ``options`` for this sheet (the shipped name,
    or the sheet's data: never a path) and the checked :class:`Sheet`."""
    paths = sheet_paths()
    if isinstance(source, str) and source in paths:
        return source, _sheet_from_text(read_data_text(paths[source], what="map sheet"), paths[source].name, decks)
    return given_content_choice(source, "sheet", "map sheet", SHEET_CAP, list(paths),
                                lambda text, label: _sheet_from_text(text, label, decks))


@lru_cache(maxsize=32)
def _sheet_from_text(text: str, source: str, decks: Decks | None) -> Sheet:
    g = node_link_graph(json.loads(text), source, "sheet", MAX_SHEET_NODES, MAX_SHEET_NODES)
    with wrong_types_refused(source, "a valid sheet"):
        return sheet_from_graph(g, source, decks)
