"""Issue 12 for Balada: a save file's options never make the server open a path.

The path-like options are ``sheet`` and ``decks``. A save names a shipped sheet
by its name or carries the custom sheet's / decks' data; from Python a path is
read once, at construction, and the data (not the path) goes into the options.
"""

import json
import shutil

import pytest

from balada_widgets.balada import BaladaGame, load_decks, load_sheet
from balada_widgets.balada.bots import make_bot
from balada_widgets.balada.content import DECKS_CAP, SHEET_CAP
from balada_widgets.core import GameError, Session
from balada_widgets.core.bots import run_bots
from balada_widgets.core.files import untrusted
from file_probes import TARGETS, assert_clean, in_thread, make_target, save_text

OPTIONS = ("sheet", "decks")
def _save(options: dict) -> str:
    return save_text("balada", {"players": 1, **options})


def _marker_data(marker):  # the shapes of a sheet and of decks, every value the marker
    return {"nodes": [{"id": marker, "side": marker, "landscape": marker}], "edges": [], "graph": {"name": marker},
            "landscape": [marker] * 12, "A": [marker] * 12, "B": [marker] * 12}


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


@pytest.mark.parametrize("target", TARGETS, indirect=True)
@pytest.mark.parametrize("option", OPTIONS)
def test_a_python_caller_naming_a_bad_file_gets_a_game_error(option, target):
    path, marker = target
    out = in_thread(lambda: BaladaGame(players=1, **{option: path}))
    assert "value" not in out
    assert_clean(out["error"], path, marker, quoted_values=path.endswith("marker-data.json"))


@pytest.mark.parametrize("option", OPTIONS)
def test_a_path_is_refused_while_untrusted_data_loads(option, tmp_path):
    good = tmp_path / "good.json"
    good.write_text(load_sheet("river").to_json() if option == "sheet" else
                    json.dumps({"landscape": list(load_decks().landscape), "A": list(load_decks().a),
                                "B": list(load_decks().b)}), encoding="utf-8")
    assert BaladaGame(**{option: str(good)}).options[option]  # from Python: read, kept as data
    with untrusted("a pasted option set"), pytest.raises(GameError, match="never names a file") as e:
        BaladaGame(**{option: str(good)})
    assert str(tmp_path) not in str(e.value)


@pytest.mark.parametrize("options, words", [
    ({"sheet": 5}, "not int"),
    ({"sheet": ["standard"]}, "not list"),
    ({"sheet": "nowhere"}, "no sheet 'nowhere'"),
    ({"sheet": {"nodes": "all"}}, "node-link"),
    ({"sheet": {"nodes": [{"id": i} for i in range(500)], "edges": []}}, "at most 100"),
    ({"sheet": {"nodes": [], "edges": [], "graph": {"name": "x" * 5000}}}, "limit is 2,000"),
    ({"sheet": {"nodes": [], "edges": [], "graph": {"junk": "y" * (SHEET_CAP + 10)}}}, "bytes as JSON"),
    ({"sheet": {"nodes": [{"id": "day-1", "side": "day", "space": 1, "landscape": ["F"]}], "edges": []}}, "sheet"),
    ({"decks": "mine"}, "no decks 'mine'"),
    ({"decks": 3.5}, "not float"),
    ({"decks": {"landscape": [["F"]] * 12, "A": [], "B": []}}, "card codes as texts"),
    ({"decks": {"landscape": ["F"] * 12, "A": ["O1"] * 500, "B": []}}, "the limit is 100"),
    ({"decks": {"landscape": list("FFFFDDDDMMMM"), "A": "O1", "B": []}}, "lack the list 'A'"),
    ({"decks": {"x": "z" * (DECKS_CAP + 10)}}, "bytes as JSON"),
    ({"decks": {"a": json.loads("[" * 25 + '"deep"' + "]" * 25)}}, "nested deeper"),
])
def test_wrong_custom_content_in_a_save_is_a_game_error(options, words):
    with pytest.raises(GameError, match=words):
        Session.from_json(_save(options))


def test_content_json_cannot_hold_is_refused_from_python():
    data = json.loads(load_sheet("river").to_json())
    data["graph"]["title"] = {1, 2}
    with pytest.raises(GameError, match="plain JSON data"):
        BaladaGame(sheet=data)
    data["graph"]["title"] = float("nan")
    with pytest.raises(GameError, match="plain JSON data"):
        BaladaGame(sheet=data)


def test_shipped_names_still_load_from_a_save():
    for name in ("standard", "river", "peaks", "dunes"):
        s = Session.from_json(_save({"sheet": name, "decks": None}))
        assert s.game.sheet == load_sheet(name) and s.game.options["sheet"] == name
    assert Session.from_json(_save({"decks": "standard"})).game.options["decks"] is None


def _custom_files(folder):
    """A modified copy of the shipped river sheet and of the decks, written to ``folder``."""
    sheet = json.loads(load_sheet("river").to_json())
    day = sorted((n for n in sheet["nodes"] if n["side"] == "day"), key=lambda n: n["space"])
    first = next(n for n in day if n["landscape"] != day[0]["landscape"])
    day[0]["landscape"], first["landscape"] = first["landscape"], day[0]["landscape"]
    sheet["graph"].update(name="teacher", title="Teacher's sheet")
    decks = json.loads((load_decks.__globals__["DATA"] / "decks.json").read_text(encoding="utf-8"))
    decks["A"] = ["FI" if c == "O1" else c for c in decks["A"]]  # a gentler deck A
    folder.mkdir()
    (folder / "sheet.json").write_text(json.dumps(sheet), encoding="utf-8")
    (folder / "decks.json").write_text(json.dumps(decks), encoding="utf-8")
    return str(folder / "sheet.json"), str(folder / "decks.json")


def test_a_custom_game_round_trips_through_a_save_without_its_files(tmp_path):
    folder = tmp_path / "teacher"
    sheet_path, decks_path = _custom_files(folder)
    game = BaladaGame(players=2, sheet=sheet_path, decks=decks_path)
    assert game.sheet.title == "Teacher's sheet" and "O1" not in game.decks.a
    assert game.sheet.day != load_sheet("river").day
    session = Session(game, seed=4)
    run_bots(session, {0: make_bot("random", seed=1), 1: make_bot("random", seed=2)}, max_moves=30)
    text = session.to_json()
    assert str(folder) not in text and "sheet.json" not in text
    shutil.rmtree(folder)
    loaded = Session.from_json(text)
    again = loaded.game
    assert again.sheet == game.sheet and again.decks == game.decks and again.options == game.options
    assert again.state_to_text(loaded.state) == game.state_to_text(session.state)
    assert [again.move_to_text(m) for m in again.legal_moves(loaded.state)] == \
        [game.move_to_text(m) for m in game.legal_moves(session.state)]
    rebuilt = type(game)(**game.options)  # the files are gone: the options carry the content
    assert rebuilt.sheet == game.sheet and rebuilt.decks == game.decks and rebuilt.sheet_name == "custom: teacher"
    run_bots(loaded, {0: make_bot("random", seed=1), 1: make_bot("random", seed=2)})
    assert again.is_over(loaded.state)


def test_the_options_are_a_fresh_copy():
    data = json.loads(load_sheet("peaks").to_json())
    game = BaladaGame(sheet=data)
    data["graph"]["title"] = "changed after"
    game.options["sheet"]["graph"]["title"] = "changed in a copy"
    assert game.options["sheet"]["graph"]["title"] == load_sheet("peaks").title == game.sheet.title


def test_custom_decks_check_the_sheet_against_their_landscapes():
    decks = {"landscape": list("FFFFFDDDMMMM"), "A": list(load_decks().a), "B": list(load_decks().b)}
    with pytest.raises(GameError, match=r"Forest 4 \(deck: 5\)"):
        BaladaGame(decks=decks)  # the shipped sheets hold 4 Forests


def test_the_app_new_game_keeps_a_loaded_custom_sheet(tmp_path):
    from balada_widgets.balada.view import BaladaApp

    sheet_path, _ = _custom_files(tmp_path / "teacher")
    text = Session(BaladaGame(players=1, sheet=sheet_path), seed=2).to_json()
    shutil.rmtree(tmp_path / "teacher")
    app = BaladaApp.from_session(Session.from_json(text))
    assert isinstance(app.options["sheet"], dict)
    app.new_game(players=1, seed=3, sheet=app.options["sheet"])
    assert app.game.sheet.title == "Teacher's sheet"
    app.new_game(players=1, seed=3, sheet="dunes")
    assert app.game.sheet_name == "dunes" and app.options["sheet"] == "dunes"
