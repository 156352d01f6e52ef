"""Issue 12 for Builders of Baldur's Gate: a save file's options never make the server open a path.

The path-like options are ``content`` and ``city``. A save carries ``None``
(the shipped file) or the content's / city's data; from Python a path is read
once, at construction, and the data (not the path) goes into the options.
"""

import json
import os
import random
import shutil

import networkx as nx
import pytest

from balada_widgets.baldurs_gate import BaldursGateGame, load_city, load_content
from balada_widgets.baldurs_gate import analysis
from balada_widgets.baldurs_gate.city import CITY_CAP, CITY_FILE, MAX_NODES
from balada_widgets.baldurs_gate.content import CONTENT_CAP, CONTENT_FILE
from balada_widgets.core import GameError, Session
from balada_widgets.core.files import untrusted
from balada_widgets.core.resources import graphs_dir
from file_probes import TARGETS, assert_clean, in_thread, make_target, save_text

OPTIONS = ("content", "city")
def _save(options: dict, moves=()) -> str:
    return save_text("baldurs_gate", {"players": 3, **options}, moves)


def _marker_data(marker):  # the shapes of a city and of content, every value the marker
    return {"nodes": [{"id": marker, "kind": marker}], "edges": [], "graph": {"districts": marker},
            "start": marker, "buildings": marker}


@pytest.fixture
def target(tmp_path, request):
    """``(path, marker)`` of one kind of file a save might name."""
    return make_target(tmp_path, request.param, _marker_data)


@pytest.mark.parametrize("target", TARGETS, indirect=True)
@pytest.mark.parametrize("option", OPTIONS)
def test_a_save_naming_a_file_is_refused_without_opening_it(option, target):
    path, marker = target
    out = in_thread(lambda: Session.from_json(_save({option: path})))
    assert "value" not in out
    assert_clean(out["error"], path, marker)
    assert "never names a file" in str(out["error"])


def test_the_issue_s_save_is_a_game_error_at_once():
    text = ('{"format":"balada-widgets/save","version":1,"game":"baldurs_gate",'
            '"options":{"players":3,"city":"/dev/zero"},"seed":1,"start":null,"moves":[]}')
    out = in_thread(lambda: Session.from_json(text), timeout=3.0)
    assert isinstance(out.get("error"), GameError) and "/dev/zero" not in str(out["error"])


@pytest.mark.parametrize("target", TARGETS, indirect=True)
@pytest.mark.parametrize("option", OPTIONS)
def test_a_python_caller_naming_a_bad_file_gets_a_game_error(option, target):
    path, marker = target
    out = in_thread(lambda: BaldursGateGame(players=2, **{option: path}))
    assert "value" not in out
    own_json = path.endswith("marker-data.json")  # valid JSON, checked as the caller's content
    assert_clean(out["error"], path, marker, quoted_values=own_json)
    problems = in_thread(lambda: analysis.check_files(**{option: path}))["value"]  # the lab's file check too
    assert problems and all(path not in text and (own_json or marker not in text) for _, text in problems)


@pytest.mark.parametrize("option", OPTIONS)
def test_a_path_is_refused_while_untrusted_data_loads(option):
    good = str(CONTENT_FILE if option == "content" else graphs_dir() / CITY_FILE)
    assert BaldursGateGame(players=2, **{option: good}).options[option]  # from Python: read, kept as data
    with untrusted("a pasted option set"), pytest.raises(GameError, match="never names a file") as e:
        BaldursGateGame(players=2, **{option: good})
    assert os.path.dirname(good) not in str(e.value)


@pytest.mark.parametrize("options, words", [
    ({"content": 3}, "not int"),
    ({"content": ["x"]}, "not list"),
    ({"content": "ours"}, "no content 'ours'"),
    ({"content": {"start": "rich"}}, "must be a dict"),
    ({"content": {"buildings": [{"id": ["x"], "type": "inn"}], "agendas": [{"id": {"a": 1}}]}}, "needs an 'id'"),
    ({"content": {"locations": [{"district": "SEA", "faction": ["fist"]}]}}, "GameError|faction|wrong type"),
    ({"content": {"junk": "z" * (CONTENT_CAP + 10)}}, "bytes as JSON"),
    ({"content": {"design": "d" * 5000}}, "limit is 2,000"),
    ({"city": True}, "not bool"),
    ({"city": "river"}, "no city 'river'"),
    ({"city": {"nodes": 3}}, "node-link"),
    ({"city": {"nodes": [{"id": i} for i in range(MAX_NODES + 1)], "edges": []}}, "at most 2,000 nodes"),
    ({"city": {"nodes": [{"id": [1, 2]}], "edges": []}}, "has kind None"),
    ({"city": {"nodes": [{"id": "P1", "kind": "parcel", "district": ["SEA"]}], "edges": [],
               "graph": {"districts": [{"code": "SEA"}]}}}, "city"),
    ({"city": {"nodes": [], "edges": [], "graph": {"junk": "c" * (CITY_CAP + 10)}}}, "bytes as JSON"),
    ({"city": {"a": json.loads("[" * 25 + "1" + "]" * 25)}}, "nested deeper"),
])
def test_wrong_custom_content_in_a_save_is_a_game_error(options, words):
    with pytest.raises(GameError, match=words):
        Session.from_json(_save(options))


def test_content_json_cannot_hold_is_refused_from_python():
    data = json.loads(CONTENT_FILE.read_text(encoding="utf-8"))
    data["design"] = object()
    with pytest.raises(GameError, match="plain JSON data"):
        BaldursGateGame(players=2, content=data)
    data["design"] = float("inf")
    with pytest.raises(GameError, match="plain JSON data"):
        BaldursGateGame(players=2, content=data)


def test_shipped_names_still_load_from_a_save():
    for options in ({"content": None, "city": None}, {"city": "standard"}, {"content": "standard"}, {}):
        g = Session.from_json(_save(options)).game
        assert g.options["content"] is None and g.options["city"] is None
        assert g.content is load_content() and g.city is load_city()


def _custom_files(folder):
    """A modified copy of the shipped content (a renamed, stronger card) and city (another drawing) in ``folder``."""
    content = json.loads(CONTENT_FILE.read_text(encoding="utf-8"))
    card = next(b for b in content["buildings"] if b["id"] == "inn-02")
    card["name"] = {"en": "Teacher's Tavern", "cs": "Učitelova krčma"}
    card["when_built"] = [{"gain": {"prestige": 5}}]
    city = json.loads((graphs_dir() / CITY_FILE).read_text(encoding="utf-8"))
    for n in city["nodes"]:
        n["y"] = n["y"] * 0.9
    city["graph"]["title"] = "Our Baldur's Gate"
    folder.mkdir()
    (folder / "our_cards.json").write_text(json.dumps(content, ensure_ascii=False), encoding="utf-8")
    (folder / "our_city.json").write_text(json.dumps(city), encoding="utf-8")
    return str(folder / "our_cards.json"), str(folder / "our_city.json")


def _play(session, n, seed):
    rng = random.Random(seed)
    game = session.game
    for _ in range(n):
        if game.is_over(session.state):
            break
        session.play(rng.choice(game.legal_moves(session.state)))


def test_a_custom_game_round_trips_through_a_save_without_its_files(tmp_path):
    folder = tmp_path / "teacher"
    content_path, city_path = _custom_files(folder)
    game = BaldursGateGame(players=3, content=content_path, city=city_path, language="cs")
    assert game.card_name("inn-02") == "Učitelova krčma" and game.city.title == "Our Baldur's Gate"
    assert game.content_path != game.city_path and game.content_path.startswith("custom:")
    session = Session(game, seed=5)
    _play(session, 40, seed=2)
    text = session.to_json()
    assert str(folder) not in text and "our_cards.json" not in text
    shutil.rmtree(folder)
    loaded = Session.from_json(text)
    again = loaded.game
    assert again.options == game.options and again.card_name("inn-02") == "Učitelova krčma"
    assert again.city.positions == game.city.positions and again.content_path == game.content_path
    assert again.state_to_text(loaded.state) == game.state_to_text(session.state)
    assert [again.move_to_text(m) for m in again.legal_moves(loaded.state)] == \
        [game.move_to_text(m) for m in game.legal_moves(session.state)]
    rebuilt = type(game)(**game.options)  # the files are gone: the options carry the content
    assert rebuilt.card_name("inn-02") == "Učitelova krčma" and rebuilt.city.positions == game.city.positions
    en = game.with_language("en")
    assert en.card_name("inn-02") == "Teacher's Tavern" and en.content is game.content


def test_a_networkx_city_is_kept_as_its_data():
    g = load_city().copy_graph()
    g.graph["title"] = "From a graph"
    game = BaldursGateGame(players=2, city=g)
    assert game.city.title == "From a graph" and game.options["city"] == nx.node_link_data(g, edges="edges")
    assert BaldursGateGame(**game.options).city.title == "From a graph"


def test_the_options_are_a_fresh_copy():
    data = json.loads(CONTENT_FILE.read_text(encoding="utf-8"))
    game = BaldursGateGame(players=2, content=data)
    data["design"] = "changed after"
    game.options["content"]["design"] = "changed in a copy"
    assert game.options["content"]["design"] == load_content().design == game.content.design


def test_the_app_new_game_keeps_a_loaded_custom_content(tmp_path):
    from balada_widgets.baldurs_gate.view import BaldursGateApp

    content_path, city_path = _custom_files(tmp_path / "teacher")
    app = BaldursGateApp(players=2, bots=1, seed=1, content=content_path, city=city_path)
    text = app.session.to_json()
    shutil.rmtree(tmp_path / "teacher")
    app.new_game(seed=2)  # the files are gone: the app keeps the data
    assert app.game.card_name("inn-02") == "Teacher's Tavern" and app.game.city.title == "Our Baldur's Gate"
    other = BaldursGateApp(players=2, bots=1, seed=1, session=Session.from_json(text))
    other.new_game(players=3, seed=4)
    assert other.game.card_name("inn-02") == "Teacher's Tavern" and other.game.players == 3
    plain = BaldursGateApp(players=2, bots=1, seed=1)
    assert plain.settings.options["content"] is None and plain.game.content is load_content()
