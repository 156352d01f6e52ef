"""Custom content read once in the core (core/graphs.py, core/files.py), as the rooms use it."""

import json

import pytest

from balada_widgets.balada.content import sheet_choice
from balada_widgets.baldurs_gate.city import city_choice
from balada_widgets.core.errors import InvalidInput, InvalidPosition
from balada_widgets.core.files import given_content_choice
from balada_widgets.core.graphs import node_link_graph


def test_caps_in_each_rooms_words():
    nodes = [{"id": n} for n in range(101)]
    with pytest.raises(InvalidInput, match="custom sheet has 101 nodes and 0 edges: a sheet has at most 100 of each"):
        sheet_choice({"nodes": nodes, "edges": []})
    nodes = [{"id": n} for n in range(2001)]
    with pytest.raises(InvalidInput, match="a city has at most 2,000 nodes and 20,000 edges"):
        city_choice({"nodes": nodes, "edges": []})


@pytest.mark.parametrize("data", [None, [], {"nodes": 3}, {"nodes": [], "edges": {}}])
def test_not_node_link_data_is_refused(data):
    with pytest.raises(InvalidInput, match="cannot read mine as a networkx node-link graph: it needs the lists"):
        node_link_graph(data, "mine", "map", 10, 10)


def test_links_are_read_as_edges():
    data = {"directed": False, "multigraph": False, "nodes": [{"id": "a"}, {"id": "b"}],
            "links": [{"source": "a", "target": "b"}]}
    assert list(node_link_graph(data, "mine", "map", 2, 1).edges) == [("a", "b")]


def build(text, label):
    if "bad" in json.loads(text):
        raise InvalidPosition([(None, f"{label}: bad")])
    return label


def test_one_label_however_given_and_a_refusal_names_the_file(tmp_path):
    path = tmp_path / "ours.json"
    path.write_text('{"good": 1}', encoding="utf-8")
    assert given_content_choice(str(path), "deck", "deck file", 100, ("standard",), build) == ({"good": 1}, "custom deck")
    assert given_content_choice({"good": 1}, "deck", "deck file", 100, ("standard",), build)[1] == "custom deck"
    path.write_text('{"bad": 1}', encoding="utf-8")
    with pytest.raises(InvalidPosition, match="^invalid position: ours.json: bad$"):
        given_content_choice(str(path), "deck", "deck file", 100, ("standard",), build)
    with pytest.raises(InvalidPosition, match="^invalid position: custom deck: bad$"):
        given_content_choice({"bad": 1}, "deck", "deck file", 100, ("standard",), build)
