"""Boards given as graphs: a networkx node-link graph read from custom content, with caps.

A room whose board is a graph (Balada's map sheets, Baldur's Gate's city) takes a hand-made one as
node-link data (``{"nodes": [...], "edges": [...]}``, or ``"links"`` for the edges, as networkx
writes it). :func:`node_link_graph` reads it the same way for every room: the lists checked, the
counts capped before networkx builds anything, and every refusal an
:class:`~balada_widgets.core.errors.InvalidInput` naming the source, never the data.

>>> data = {"directed": False, "multigraph": False, "graph": {"name": "mine"},
...         "nodes": [{"id": "a"}, {"id": "b"}], "edges": [{"source": "a", "target": "b"}]}
>>> g = node_link_graph(data, "my map", "map", max_nodes=10, max_edges=10)
>>> g.graph["name"], sorted(g.nodes), list(g.edges)
('mine', ['a', 'b'], [('a', 'b')])
>>> node_link_graph({"nodes": [{"id": n} for n in range(3)], "links": []}, "my map", "map", max_nodes=2, max_edges=2)
Traceback (most recent call last):
...
balada_widgets.core.errors.InvalidInput: invalid input: my map has 3 nodes and 0 edges: a map has at most 2 of each
>>> node_link_graph({"nodes": [{"id": "a"}], "edges": [{"source": "a"}]}, "my map", "map", max_nodes=10, max_edges=20)
Traceback (most recent call last):
...
balada_widgets.core.errors.InvalidInput: invalid input: cannot read my map as a networkx node-link graph (KeyError: every node needs an 'id', every edge a 'source' and a 'target')
"""

from __future__ import annotations

from .errors import InvalidInput


def node_link_graph(data, source: str, board: str, max_nodes: int, max_edges: int):
    """A networkx graph from node-link ``data`` (edges under ``"edges"`` or ``"links"``).

    ``source`` names the data in messages (``"custom city"``, a file's base name), ``board`` what
    the graph is (``"sheet"``, ``"city"``). Refused with :class:`InvalidInput`: not an object with
    the lists ``nodes`` and ``edges``; more than ``max_nodes`` nodes or ``max_edges`` edges; a node
    without an ``id`` or an edge without its ends (anything networkx can't build).
    """
    import networkx as nx

    nodes = data.get("nodes") if isinstance(data, dict) else None
    edges = data.get("edges", data.get("links", [])) if isinstance(data, dict) else None
    if not isinstance(nodes, list) or not isinstance(edges, list):
        raise InvalidInput(f"cannot read {source} as a networkx node-link graph: it needs the lists 'nodes' "
                           f"and 'edges'")
    if len(nodes) > max_nodes or len(edges) > max_edges:
        caps = (f"{max_nodes:,} of each" if max_nodes == max_edges
                else f"{max_nodes:,} nodes and {max_edges:,} edges")
        raise InvalidInput(f"{source} has {len(nodes):,} nodes and {len(edges):,} edges: a {board} has at most "
                           f"{caps}")
    try:
        return nx.node_link_graph(data, edges="edges" if "edges" in data else "links")
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, nx.NetworkXError) as e:
        raise InvalidInput(f"cannot read {source} as a networkx node-link graph ({type(e).__name__}: every "
                           f"node needs an 'id', every edge a 'source' and a 'target')") from None
