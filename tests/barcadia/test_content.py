"""The shipped set, the content-file checker, DIY cards, and the board files."""

import json

import pytest

from balada_widgets import GAMES
from balada_widgets.barcadia import BarcadiaGame, diy_card, load_content
from balada_widgets.barcadia.board import example_layouts, load_dungeon, load_start
from balada_widgets.barcadia.content import DATA, content_from_data
from balada_widgets.core import GameError, InvalidInput, InvalidPosition, game_class
from balada_widgets.core.resources import graphs_dir


def test_registered_and_listed():
    assert "barcadia" in GAMES
    assert game_class("barcadia") is BarcadiaGame


def test_shipped_set_counts_and_examples():
    c = load_content()
    assert "project" in c.design and "water works" in c.design  # marked as our own design (H18)
    counts = c.type_counts()
    assert counts == {"monster": 22, "team": 6, "boss": 8, "reward": 8, "pourtal": 5, "hoard": 1}
    assert sum(counts.values()) == 50
    assert sum(p.count for p in c.powerups.values()) == 25
    assert sum(x.count for x in c.loot.values()) == 75
    assert len(c.characters) == 6 and c.trap_tokens == 16 and c.diy_blanks == 5
    colours = {x.colour for x in c.loot.values()}
    assert colours == {"green", "blue", "red", "orange", "purple"}
    for name in ("dash", "redo", "room-swap", "boost", "mega-boost", "drain", "trap", "thirst-aid"):
        assert name in c.loot
    # the rule text's examples, with our own cards of the same numbers
    m = c.rooms["mini-fizzicorn"]
    assert (m.type, m.level, m.damage, m.loot, m.power) == ("monster", 7, 10, 2, 0)
    t = c.rooms["cerbubble"]
    assert (t.type, t.level, t.damage, t.loot) == ("team", 22, 10, 2)
    b = c.rooms["mint-sprite"]
    assert (b.type, b.level, b.damage, b.loot, b.power) == ("boss", None, 10, 2, 1)
    assert c.guardian.level == 15 and c.guardian.damage == 10 and c.guardian.power_ups == 3
    # H9: every damage a multiple of 10
    assert all(r.damage % 10 == 0 for r in c.rooms.values())
    # 2-3 player removal (H2)
    assert c.removal == {"pourtal": 2, "reward": 4, "boss": 4, "monster": 10}


#: words that name or hint at alcohol (H18), in any id, name or text of the shipped set
ALCOHOL_WORDS = (
    "alcohol", "alcoholic", "booze", "boozy", "beer", "beers", "ale", "ales", "lager", "stout", "porter", "cider",
    "wine", "wines", "champagne", "prosecco", "bubbly", "sherry", "port", "mead", "sake", "brew", "brews", "brewed",
    "brewing", "brewer", "brewery", "liquor", "liqueur", "cordial", "spirits", "vodka", "gin", "rum", "whisky",
    "whiskey", "scotch", "bourbon", "brandy", "tequila", "absinthe", "schnapps", "vermouth", "cocktail", "martini",
    "mojito", "sangria", "grog", "punch", "malt", "hops", "keg", "cask", "tankard", "goblet", "pint", "pints",
    "shot", "shots", "tavern", "pub", "saloon", "drunk", "drunken", "tipsy", "sober", "hangover", "hungover",
    "sloshed", "buzzed", "cheers", "toast", "nightcap", "intoxicated")


def test_no_real_game_names_and_no_alcohol_in_content():
    import re

    text = (DATA / "content.json").read_text(encoding="utf-8").lower()
    words = set(re.findall(r"[a-z]+", text))
    for word in ("brewnicorn", "soberus", "fairy") + ALCOHOL_WORDS:
        assert word not in words, word
    c = load_content()
    assert c.rooms["countess-chamomile"].name == "Countess Chamomile"  # was "Countess Cordial" (a liqueur)


def _data():
    return json.loads((DATA / "content.json").read_text(encoding="utf-8"))


def test_bad_content_lists_every_problem(tmp_path):
    data = _data()
    data["rooms"][0]["damage"] = 15          # not a multiple of 10
    data["rooms"][1]["type"] = "dragon"      # unknown type
    data["rooms"].append(dict(data["rooms"][-1]))  # the same id twice
    data["rooms"].append(dict(data["rooms"][-1], id="second-hoard"))  # a second Drink Hoard
    data["loot"][0]["window"] = "breakfast"
    data["loot"][1]["effects"] = [["teleport", 1]]
    data["power_ups"][0]["abilities"] = [["roll_bonus", 2, ["picnic"]]]
    p = tmp_path / "my_set.json"
    p.write_text(json.dumps(data))
    with pytest.raises(InvalidPosition) as e:
        BarcadiaGame(players=4, content=str(p))
    texts = " | ".join(t for _, t in e.value.problems)
    assert len(e.value.problems) >= 6
    for part in ("multiple of 10", "'dragon'", "used twice", "exactly one Drink Hoard", "breakfast", "teleport",
                 "contexts"):
        assert part in texts, part


def test_content_file_errors_are_game_errors(tmp_path):
    p = tmp_path / "broken.json"
    p.write_text("{not json")
    with pytest.raises(InvalidInput, match="not valid JSON"):
        load_content(str(p))
    with pytest.raises(InvalidInput, match="cannot read"):
        load_content(str(tmp_path / "missing.json"))
    for junk in ([], 3, {"rooms": 5}, {"rooms": [1, 2]}, {"loot": [{"id": 3}]}):
        with pytest.raises(GameError):
            content_from_data(junk)


def test_a_teachers_set_loads(tmp_path):
    data = _data()
    data["name"] = "Our class set"
    data["loot"][0]["name"] = "Zoom"
    p = tmp_path / "class.json"
    p.write_text(json.dumps(data))
    g = BarcadiaGame(players=3, content=str(p), dungeon="cozy")
    assert g.content.loot["dash"].name == "Zoom"
    assert isinstance(g.options["content"], dict) and str(p) not in json.dumps(g.options)  # the data, not the path
    p.unlink()
    assert BarcadiaGame(**g.options).content.loot["dash"].name == "Zoom"


def test_diy_cards_validate_and_join_the_deck():
    card = diy_card(name="Water Break", colour="blue", window="between_turns", effects=[("heal", 20), ("draw", 1)])
    assert card.cost == 3 and card.diy and card.id == "diy-water-break"
    assert card.text == "Refill 20 HP; draw 1 Loot Card(s)."
    with pytest.raises(InvalidInput) as e:
        diy_card(name="", colour="pink", window="teatime", effects=[("fly", 1), ("heal", 15)])
    msg = str(e.value)
    assert len(e.value.problems) >= 4
    for part in ("needs a name", "pink", "teatime", "unknown effect 'fly'", "heal takes an amount"):
        assert part in msg, part
    with pytest.raises(InvalidInput, match="cannot be played in a battle"):
        diy_card(name="Bad", colour="red", window="battle", effects=[("heal", 10)])
    with pytest.raises(InvalidInput, match="budget is 3"):
        diy_card(name="Greedy", colour="green", window="your_turn", effects=[("extra_action", 1), ("draw", 1)])
    with pytest.raises(InvalidInput, match="at most 3 effects"):
        diy_card(name="Many", colour="green", window="your_turn",
                 effects=[("peek", 1), ("remove_traps", 1), ("heal", 10), ("draw", 1)])
    g = BarcadiaGame(players=2, dungeon="cozy", diy=[
        {"name": "Water Break", "colour": "blue", "window": "between_turns", "effects": [["heal", 20], ["draw", 1]]},
        {"name": "Pep Talk", "colour": "blue", "window": "battle", "effects": [["roll_mod", 2]]}])
    assert sum(g.loot_total.values()) == 77
    assert "diy-pep-talk" in g.content.loot
    again = BarcadiaGame(**g.options)
    assert again.loot_total == g.loot_total
    with pytest.raises(InvalidInput, match="5 blank DIY cards"):
        BarcadiaGame(players=2, dungeon="cozy", diy=[{"name": f"C{i}", "colour": "blue", "window": "battle",
                                                      "effects": [["roll_mod", 1]]} for i in range(6)])


def test_board_files():
    assert len(load_start("standard")) == 7 and len(load_start("versatile")) == 7
    assert load_start("versatile") != load_start("standard")
    grand, cozy = load_dungeon("grand", 50), load_dungeon("cozy", 30)
    assert grand.size == 50 and cozy.size == 30
    assert len(grand.neighbours(0)) == 12  # H1: START touches every room around its seven hexes
    for name, lay in example_layouts().items():
        f = graphs_dir() / (f"barcadia-dungeon-{name}.json" if name in ("grand", "cozy")
                            else f"barcadia-start-{name}.json")
        assert f.exists()
    g = BarcadiaGame(players=4, dungeon="grand")
    assert g.graph(g.initial_state()).number_of_nodes() == 51


def test_bad_dungeon_file_lists_every_problem(tmp_path):
    data = json.loads((graphs_dir() / "barcadia-dungeon-cozy.json").read_text())
    nodes = data["nodes"]
    nodes[3]["pos"] = nodes[4]["pos"]          # two rooms on one hex
    nodes[5]["pos"] = [40, 40]                 # far away: not connected
    data["edges"].append({"source": "r1", "target": "r20"})  # rooms that do not touch
    p = tmp_path / "d.json"
    p.write_text(json.dumps(data))
    with pytest.raises(InvalidPosition) as e:
        load_dungeon(str(p), 30)
    texts = " | ".join(t for _, t in e.value.problems)
    assert "both on hex" in texts
    with pytest.raises(InvalidInput, match="no dungeon"):
        load_dungeon("atlantis")
    with pytest.raises(InvalidPosition, match="needs 50 rooms"):
        BarcadiaGame(players=4, dungeon="cozy")
    # a hand-made dungeon: connected, counts and edges all checked
    data = json.loads((graphs_dir() / "barcadia-dungeon-cozy.json").read_text())
    data["nodes"] = [n for n in data["nodes"] if n["id"] != "START"] + [
        {"id": "START", "pos": [0, 0], "hexes": [[0, 0], [1, 0], [5, 5], [0, 1], [-1, 1], [-1, 0], [0, -1]]}]
    data["edges"] = data["edges"][:-3]
    p.write_text(json.dumps(data))
    with pytest.raises(InvalidPosition) as e:
        load_dungeon(str(p), 30)
    texts = " | ".join(t for _, t in e.value.problems)
    assert "stay connected" in texts


def test_options_are_checked():
    with pytest.raises(InvalidInput):
        BarcadiaGame(players=7)
    with pytest.raises(InvalidInput, match="build"):
        BarcadiaGame(players=2, build="magic")
    with pytest.raises(InvalidInput, match="unknown character"):
        BarcadiaGame(players=2, characters=["wizard", "pirate"])
    with pytest.raises(InvalidInput, match="different character"):
        BarcadiaGame(players=2, characters=["wizard", "wizard"])
    with pytest.raises(InvalidInput, match="turn_limit"):
        BarcadiaGame(players=2, turn_limit=0)
    g = BarcadiaGame(players=3)
    assert g.removal and g.n_rooms == 30
    assert BarcadiaGame(players=3, removal=False).n_rooms == 50
    assert BarcadiaGame(players=4).n_rooms == 50
    assert BarcadiaGame(**g.options).options == g.options
    json.dumps(g.options)
