"""Balda positions as graphs: where words run, which cells open the most, who wins an endgame.

Pure analysis on top of :func:`~.movegen.legal_moves` (the single source of
legality) and networkx; nothing here re-implements a rule.  The functions
return data (graphs, dicts, lists); the ``plot_*`` / ``draw_*`` helpers at the
end import matplotlib only when called, the way networkx's own drawing does.

- :func:`grid_graph`: the grid as a networkx graph, one node a cell.
- :func:`words_through`: the legal words whose path uses a cell.
- :func:`path_graph`: the union of some words' paths, as a directed graph.
- :func:`cell_heat` / :func:`heat_rows`: how many legal words each empty
  cell opens (rule D2: the new letter goes there).
- :func:`game_tree`: a small endgame searched to a depth, each node valued
  by minimax, with :func:`principal_line` the best play from the root.
- :func:`word_lengths`: the words of a game in order, for a plot.

Examples
--------
>>> from balada_widgets.balda.lexicon import Lexicon
>>> from balada_widgets.balda.position import Position
>>> lex = Lexicon.from_words(["cat", "act", "cats", "scat", "at", "ta"], name="demo")
>>> pos = Position.new("cat")
>>> g = grid_graph(pos)
>>> g.number_of_nodes(), g.number_of_edges(), g.nodes[(1, 1)]["letter"]
(9, 12, 'a')
>>> cell_heat(pos, lex)
{(0, 0): 2, (0, 1): 0, (0, 2): 1, (2, 0): 2, (2, 1): 0, (2, 2): 1}
>>> [m.to_text(3) for m in words_through(pos, lex, "a2")]  # doctest: +NORMALIZE_WHITESPACE
['a3=s scat a3-a2-b2-c2', 'c3=s cats a2-b2-c2-c3', 'a1=s scat a1-a2-b2-c2', 'c1=s cats a2-b2-c2-c1',
 'a3=t act b2-a2-a3', 'a1=t act b2-a2-a1']

``at`` is never a move: it reads along b2-c2 already (D4), so b3 and b1 open nothing.
"""

from __future__ import annotations

from typing import Iterable, Optional

import networkx as nx

from ..core.errors import InvalidInput
from .lexicon import Lexicon
from .movegen import Move, legal_moves
from .position import CellLike, Position, cell_name, to_cell
from .rules import BaldaGame, BaldaState, Pass

__all__ = ["grid_graph", "words_through", "path_graph", "cell_heat", "heat_rows", "game_tree",
           "principal_line", "word_lengths", "plot_heat", "draw_path_graph", "draw_game_tree",
           "plot_word_lengths"]


# ------------------------------------------------------------------ the grid
def grid_graph(position: Position) -> nx.Graph:
    """The grid as an undirected graph: one node per cell, edges between orthogonal neighbours.

    Nodes are ``(row, col)`` (0-based from the top-left) with attributes
    ``letter`` (``None`` when empty), ``name`` (``'c3'``), ``frontier``
    (empty with an occupied neighbour: a letter may go there, D2) and ``pos``
    (``(col, -row)``, a layout for :func:`networkx.draw`).

    >>> g = grid_graph(Position.new("cat"))
    >>> g.nodes[(0, 1)]
    {'letter': None, 'name': 'b3', 'frontier': True, 'pos': (1, 0)}
    >>> sorted(g.neighbors((1, 1)))
    [(0, 1), (1, 0), (1, 2), (2, 1)]
    """
    g = position.graph()
    frontier = set(position.frontier())
    for (r, c), data in g.nodes(data=True):
        data["frontier"] = (r, c) in frontier
        data["pos"] = (c, -r)
    g.graph["size"] = position.size
    return g


def _moves(position: Position, lexicon: Lexicon, moves: Optional[Iterable[Move]]) -> list[Move]:
    return list(moves) if moves is not None else legal_moves(position, lexicon)


def words_through(position: Position, lexicon: Lexicon, cell: CellLike,
                  moves: Optional[Iterable[Move]] = None) -> list[Move]:
    """The legal moves whose word runs through ``cell``: the new letter is there, or the path crosses it.

    Longest first, then in move order.  ``moves`` (default: every legal move
    of the position) lets a caller reuse a list it already has.

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["cat", "act", "cats", "scat"])
    >>> [(m.word, cell_name(m.cell, 3)) for m in words_through(Position.new("cat"), lex, "c3")]
    [('cats', 'c3')]
    >>> [(m.word, cell_name(m.cell, 3)) for m in words_through(Position.new("cat"), lex, "a3")]
    [('scat', 'a3'), ('act', 'a3')]
    """
    c = to_cell(cell, position.size)
    found = [m for m in _moves(position, lexicon, moves) if m.cell == c or c in m.path]
    return sorted(found, key=lambda m: -m.score)


def path_graph(position: Position, moves: Iterable[Move]) -> nx.DiGraph:
    """The paths of ``moves`` merged into one directed graph (for drawing "all words through a cell").

    Nodes are the cells on some path, with the grid's ``letter`` (the new
    letter of the first move placing there, for an empty cell), ``name``,
    ``pos`` and ``new`` (a move writes its letter there).  An edge ``u -> v``
    means some word steps from ``u`` to ``v``; ``weight`` counts the words and
    ``words`` lists them.

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["cat", "cats", "scat"])
    >>> pos = Position.new("cat")
    >>> g = path_graph(pos, words_through(pos, lex, "c2"))
    >>> sorted((g.nodes[u]["name"], g.nodes[v]["name"], d["weight"]) for u, v, d in g.edges(data=True))
    [('a1', 'a2', 1), ('a2', 'b2', 4), ('a3', 'a2', 1), ('b2', 'c2', 4), ('c2', 'c1', 1), ('c2', 'c3', 1)]
    """
    n = position.size
    g = nx.DiGraph()
    for m in moves:
        for cell in m.path:
            if cell not in g:
                letter = position.cell(cell) or (m.letter if cell == m.cell else None)
                g.add_node(cell, letter=letter, name=cell_name(cell, n), pos=(cell[1], -cell[0]), new=False)
        g.nodes[m.cell]["new"] = True
        for u, v in zip(m.path, m.path[1:]):
            if g.has_edge(u, v):
                g[u][v]["weight"] += 1
                g[u][v]["words"].append(m.word)
            else:
                g.add_edge(u, v, weight=1, words=[m.word])
    return g


def cell_heat(position: Position, lexicon: Lexicon, moves: Optional[Iterable[Move]] = None) -> dict:
    """``{cell: number of legal words that place their letter there}`` for every frontier cell.

    A cell where no word fits counts 0; occupied cells and empty cells with
    no occupied neighbour (where no letter may go, D2) are left out.  Each
    ``(letter, word)`` counts once, as in :func:`~.movegen.legal_moves`.

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["cat", "cats", "cot"])
    >>> cell_heat(Position.new("cat"), lex)
    {(0, 0): 0, (0, 1): 0, (0, 2): 1, (2, 0): 0, (2, 1): 0, (2, 2): 1}
    """
    heat = {cell: 0 for cell in position.frontier()}
    for m in _moves(position, lexicon, moves):
        heat[m.cell] += 1
    return heat


def heat_rows(position: Position, lexicon: Lexicon, moves: Optional[Iterable[Move]] = None) -> list:
    """:func:`cell_heat` as rows, top first: a number per empty cell, ``None`` for a letter.

    Empty cells away from the letters count 0.  Ready for ``imshow``.

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> heat_rows(Position.new("cat"), Lexicon.from_words(["cat", "cats", "cot"]))
    [[0, 0, 1], [None, None, None], [0, 0, 1]]
    """
    heat = cell_heat(position, lexicon, moves)
    n = position.size
    return [[None if position.cell((r, c)) else heat.get((r, c), 0) for c in range(n)] for r in range(n)]


# --------------------------------------------------------------- game tree
def game_tree(game: BaldaGame, state: BaldaState, depth: int = 2, *, passes: bool = True,
              max_nodes: int = 20_000) -> nx.DiGraph:
    """The game searched ``depth`` moves ahead from ``state``, valued by minimax.

    Nodes are :meth:`~.rules.BaldaGame.state_to_text` strings with
    attributes ``state``, ``turn`` (0-based player to move), ``scores``,
    ``over``, ``depth`` (moves from the root), ``leaf`` (``"end"`` for a
    finished game, ``"cut"`` at the depth limit, else ``None``), ``value``
    and ``best`` (the text of the best move, ``None`` at a leaf).  Edges carry
    ``move`` (the move object), ``text``, ``word`` (``None`` for a pass),
    ``score`` (points of the move, D5) and ``player``.

    ``value`` is the root player's score minus the best other score
    (``scores[0] - scores[1]`` in a two-player game from player 1's turn),
    taken at a leaf; the root player picks the child of highest value, every
    other player the lowest (the "paranoid" reading with three or four
    players).  Passing is a move like the others (``passes=False`` leaves it
    out, except where it is the only move): in an endgame passing can be the
    best move, because everybody passing ends the game (D6, P3).

    :raises InvalidInput: ``state`` waits for the start word, ``depth`` is
        below 0, or the tree would grow past ``max_nodes``.

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["cat", "cats", "scat", "at"], name="demo")
    >>> g = BaldaGame(players=2, size=3, start_word="cat", lexicon=lex)
    >>> tree = game_tree(g, g.initial_state(), depth=2)
    >>> root = tree.graph["root"]
    >>> tree.number_of_nodes(), tree.nodes[root]["value"], tree.nodes[root]["best"]
    (27, 0, 'a3=s scat a3-a2-b2-c2')
    >>> principal_line(tree)  # four letters each: a draw with best play
    ['a3=s scat a3-a2-b2-c2', 'b3=t cats a2-b2-b3-a3']
    """
    if state.position is None:
        raise InvalidInput("set the start word first: the tree starts from a position", rule="D1")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise InvalidInput(f"depth must be a whole number of at least 0, got {depth!r}")
    n = game.players
    me = state.turn

    def value_of(s: BaldaState) -> int:
        others = [x for p, x in enumerate(s.scores) if p != me]
        return s.scores[me] - (max(others) if others else 0)

    tree = nx.DiGraph()
    root = game.state_to_text(state)
    tree.graph.update(root=root, depth=depth, player=me)

    def add(s: BaldaState, key: str, d: int) -> int:
        if key in tree and tree.nodes[key]["value"] is not None:
            return tree.nodes[key]["value"]
        if tree.number_of_nodes() >= max_nodes:
            raise InvalidInput(f"the tree grows past {max_nodes} nodes; lower the depth (now {depth}) "
                               "or start nearer the end")
        tree.add_node(key, state=s, turn=s.turn, scores=s.scores, over=s.over, depth=d, value=None,
                      best=None, leaf=None)
        if s.over or d >= depth:
            v = value_of(s)
            tree.nodes[key].update(value=v, leaf="end" if s.over else "cut")
            return v
        moves = game.legal_moves(s)
        if not passes:
            words = [m for m in moves if not isinstance(m, Pass)]
            moves = words or moves
        best_v, best_text = None, None
        for m in moves:
            child = game.apply(s, m)
            ckey = game.state_to_text(child)
            text = game.move_to_text(m)
            v = add(child, ckey, d + 1)
            tree.add_edge(key, ckey, move=m, text=text, word=getattr(m, "word", None),
                          score=getattr(m, "score", 0), player=s.turn)
            better = best_v is None or (v > best_v if s.turn == me else v < best_v)
            if better:
                best_v, best_text = v, text
        tree.nodes[key].update(value=best_v, best=best_text)
        return best_v

    add(state, root, 0)
    tree.graph["players"] = n
    return tree


def principal_line(tree: nx.DiGraph) -> list[str]:
    """The move texts of best play from the root of a :func:`game_tree`."""
    line = []
    node = tree.graph["root"]
    while tree.nodes[node]["best"] is not None:
        text = tree.nodes[node]["best"]
        line.append(text)
        node = next(v for _, v, d in tree.out_edges(node, data=True) if d["text"] == text)
    return line


# ------------------------------------------------------------------- games
def word_lengths(state: BaldaState) -> list[dict]:
    """The words played so far, in order: ``{"n", "player", "word", "length"}`` each (``n`` from 1).

    >>> from balada_widgets.balda.lexicon import Lexicon
    >>> g = BaldaGame(players=2, size=3, start_word="cat", lexicon=Lexicon.from_words(["cat", "cats"]))
    >>> word_lengths(g.apply(g.initial_state(), "c3=s cats a2-b2-c2-c3"))
    [{'n': 1, 'player': 0, 'word': 'cats', 'length': 4}]
    """
    return [{"n": i, "player": p, "word": m.word, "length": m.score}
            for i, (p, m) in enumerate(state.words, 1)]


# ----------------------------------------------------------------- drawing
def plot_heat(position: Position, lexicon: Lexicon, ax=None, moves: Optional[Iterable[Move]] = None,
              cmap: str = "YlOrRd"):
    """Draw :func:`heat_rows` as a grid: colour = words a cell opens, letters in grey. Returns the axes."""
    import matplotlib.pyplot as plt

    rows = heat_rows(position, lexicon, moves)
    n = position.size
    if ax is None:
        _, ax = plt.subplots(figsize=(0.8 * n + 1, 0.8 * n))
    data = [[float("nan") if v is None else v for v in row] for row in rows]
    im = ax.imshow(data, cmap=cmap, vmin=0)
    for r in range(n):
        for c in range(n):
            letter = position.cell((r, c))
            if letter:
                ax.add_patch(plt.Rectangle((c - 0.5, r - 0.5), 1, 1, color="0.85"))
                ax.text(c, r, letter.upper(), ha="center", va="center", fontsize=14, color="0.25")
            elif rows[r][c]:
                ax.text(c, r, str(rows[r][c]), ha="center", va="center", fontsize=11)
    ax.set_xticks(range(n), [chr(ord("a") + c) for c in range(n)])
    ax.set_yticks(range(n), [str(n - r) for r in range(n)])
    ax.figure.colorbar(im, ax=ax, label="legal words with their new letter here")
    return ax


def draw_path_graph(position: Position, graph: nx.DiGraph, ax=None):
    """Draw the grid faintly and a :func:`path_graph` over it (edge width = words). Returns the axes."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(5, 5))
    grid = grid_graph(position)
    pos = nx.get_node_attributes(grid, "pos")
    labels = {v: (d["letter"] or "").upper() for v, d in grid.nodes(data=True)}
    nx.draw_networkx_nodes(grid, pos, ax=ax, node_color="0.92", node_shape="s", node_size=900)
    nx.draw_networkx_labels(grid, pos, labels, ax=ax, font_color="0.4")
    if graph.number_of_nodes():
        new = [v for v, d in graph.nodes(data=True) if d["new"]]
        nx.draw_networkx_nodes(graph, pos, nodelist=new, ax=ax, node_color="#ffd27f", node_shape="s",
                               node_size=900)
        nx.draw_networkx_labels(graph, pos, {v: (graph.nodes[v]["letter"] or "?").upper() for v in new}, ax=ax)
        widths = [0.8 + 0.5 * min(d["weight"], 6) for _, _, d in graph.edges(data=True)]
        nx.draw_networkx_edges(graph, pos, ax=ax, width=widths, edge_color="#c0392b", arrowsize=10,
                               arrowstyle="-|>", node_size=1100, node_shape="s",
                               connectionstyle="arc3,rad=0.12")
    ax.set_axis_off()
    return ax


def draw_game_tree(tree: nx.DiGraph, ax=None, max_label: int = 14, max_depth: Optional[int] = None):
    """Draw a :func:`game_tree` top-down: node label = minimax value, best moves in red. Returns the axes.

    Blue nodes wait for the root player, orange ones for an opponent.
    ``max_depth`` draws only the first levels of a deep tree (the values
    still come from the whole search).
    """
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(10, 5))
    if max_depth is not None:
        tree = tree.subgraph([v for v, d in tree.nodes(data=True) if d["depth"] <= max_depth])
    pos = {}
    by_depth: dict = {}
    for v, d in tree.nodes(data=True):
        by_depth.setdefault(d["depth"], []).append(v)
    for depth, nodes in by_depth.items():
        nodes.sort(key=lambda v: (tree.nodes[v]["value"], v))
        for i, v in enumerate(nodes):
            pos[v] = ((i + 0.5) / len(nodes), -depth)
    best = [(u, v) for u, v, d in tree.edges(data=True) if d["text"] == tree.nodes[u]["best"]]
    other = [e for e in tree.edges if e not in set(best)]
    colours = ["#7fb3d5" if d["turn"] == tree.graph["player"] else "#f5b041" for _, d in tree.nodes(data=True)]
    nx.draw_networkx_nodes(tree, pos, ax=ax, node_color=colours, node_size=260)
    nx.draw_networkx_labels(tree, pos, {v: d["value"] for v, d in tree.nodes(data=True)}, ax=ax, font_size=8)
    nx.draw_networkx_edges(tree, pos, edgelist=other, ax=ax, edge_color="0.8", arrows=False)
    nx.draw_networkx_edges(tree, pos, edgelist=best, ax=ax, edge_color="#c0392b", width=2, arrows=False)
    if tree.number_of_edges() <= 40:
        labels = {(u, v): "pass" if d["word"] is None else d["word"][:max_label]
                  for u, v, d in tree.edges(data=True)}
        nx.draw_networkx_edge_labels(tree, pos, labels, ax=ax, font_size=7)
    ax.set_axis_off()
    return ax


def plot_word_lengths(state: BaldaState, ax=None, names: Optional[list] = None):
    """Bars of the word lengths of a game in order, one colour per player. Returns the axes."""
    import matplotlib.pyplot as plt

    rows = word_lengths(state)
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 3))
    players = sorted({r["player"] for r in rows}) or [0]
    names = names or [f"player {p + 1}" for p in range(max(players) + 1)]
    for p in players:
        mine = [r for r in rows if r["player"] == p]
        ax.bar([r["n"] for r in mine], [r["length"] for r in mine], label=names[p])
    ax.set_xlabel("word number")
    ax.set_ylabel("letters = points (D5)")
    if 0 < len(rows) <= 40:
        ax.set_xticks(range(1, len(rows) + 1))
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return ax
