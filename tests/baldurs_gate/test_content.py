"""The city graph, the content file and the word catalogues: shipped data checked, hand-edited files refused."""

import copy
import json

import networkx as nx
import pytest

from balada_widgets.baldurs_gate import BaldursGateGame, board, i18n
from balada_widgets.baldurs_gate.city import CITY_FILE, load_city
from balada_widgets.baldurs_gate.content import CONTENT_FILE, Ability, load_content
from balada_widgets.baldurs_gate.i18n import CATALOG, add_messages, check_catalog, fields_of, qty, text
from balada_widgets.core import GameError, InvalidInput, InvalidPosition
from balada_widgets.core.resources import graphs_dir


# ---------------------------------------------------------------- the city (C1, C2)


def test_the_shipped_city():
    c = load_city()
    g = board()
    assert g is not c.graph and g.number_of_nodes() == 81
    kinds = [a["kind"] for _, a in g.nodes(data=True)]
    assert (kinds.count("parcel"), kinds.count("hq"), kinds.count("fort"), kinds.count("location")) == (36, 9, 27, 9)
    assert "SEA" in c.districts and c.district_name("SEA") == "Seatower"
    for i, d in enumerate(c.districts):  # district i holds 4i+1 .. 4i+4
        assert c.parcels_of[d] == tuple(range(4 * i + 1, 4 * i + 5))
        assert len(c.forts_of[d]) == 3
    own = g.subgraph(n for n, a in g.nodes(data=True) if a["kind"] != "location")
    assert nx.is_connected(own) and nx.check_planarity(own)[0]
    assert all(g.degree(n) == 0 for n, a in g.nodes(data=True) if a["kind"] == "location")
    assert all(0 <= a["x"] <= g.graph["width"] and 0 <= a["y"] <= g.graph["height"] for _, a in g.nodes(data=True))
    # the example of the rule text needs a parcel touching two parcels and a fortification spot
    assert {"P30", "P32", "F-SEA-a"} <= set(g["P29"])
    assert sum(1 for _, _, a in g.edges(data=True) if a.get("crossing")) == 14


def _write(tmp_path, data, name="city.json"):
    p = tmp_path / name
    p.write_text(json.dumps(data), encoding="utf-8")
    return str(p)


def test_a_hand_made_city_is_refused_with_every_problem(tmp_path):
    data = json.loads((graphs_dir() / CITY_FILE).read_text(encoding="utf-8"))
    bad = copy.deepcopy(data)
    nodes = {n["id"]: n for n in bad["nodes"]}
    nodes["P5"]["number"] = 6  # a duplicate number
    nodes["P7"]["district"] = "XXX"  # unknown district
    nodes["F-SEA-b"]["kind"] = "tower"  # unknown kind
    del nodes["H-CIT"]["x"]
    bad["edges"].append({"source": "L-SEA", "target": "P29", "line": "solid"})
    bad["graph"]["districts"][0]["name"] = {"en": "Citadel"}
    with pytest.raises(InvalidPosition) as e:
        load_city(_write(tmp_path, bad))
    text = str(e.value)
    for part in ("parcel number 6", "unknown district 'XXX'", "kind 'tower'", "'x'", "L-SEA", "English and Czech",
                 "MAN has 3 parcels"):
        assert part in text, part
    assert len(e.value.problems) >= 7
    with pytest.raises(InvalidInput, match="node-link"):
        load_city(_write(tmp_path, {"nodes": 3}))
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(InvalidInput):
        load_city(str(tmp_path / "broken.json"))
    with pytest.raises(InvalidInput):
        load_city(str(tmp_path / "missing.json"))


def test_a_valid_hand_made_city_plays(tmp_path):
    data = json.loads((graphs_dir() / CITY_FILE).read_text(encoding="utf-8"))
    for n in data["nodes"]:
        n["x"] = n["x"] / 2  # another drawing, same city
    path = _write(tmp_path, data)
    g = BaldursGateGame(players=2, city=path)
    assert g.city.positions["P1"][0] == load_city().positions["P1"][0] / 2
    assert g.options["city"] == data  # the city's data goes into the options and saves, never the path
    assert BaldursGateGame(**g.options).city.positions == g.city.positions


# ---------------------------------------------------------------- the content


def test_the_shipped_content():
    c = load_content()
    from collections import Counter

    assert Counter(b.type for b in c.buildings.values()) == {"inn": 12, "hall": 12, "market": 12, "temple": 12}
    for kind in ("inn", "hall", "market", "temple"):
        costs = sorted(b.cost for b in c.buildings.values() if b.type == kind)
        assert costs == [3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 8]
        both = [b for b in c.buildings.values() if b.type == kind and b.when_built and b.abilities]
        only_income = [b for b in c.buildings.values() if b.type == kind and b.abilities and not b.when_built]
        assert (len(both), len(only_income)) == (3, 6)
    assert any(("build", 2) in b.abilities[0].effect for b in c.buildings.values() if b.abilities)  # chains (I4)
    assert len(c.gates) == 6 and len(c.agendas) == 20 and len(c.hqs) == 9
    assert [f.id for f in c.factions] == ["council", "fist", "guild"] and all(len(f.rewards) == 8 for f in c.factions)
    assert c.strength_track == (1, 1, 2, 2, 3, 3, 4, 4, 5)  # C6
    assert c.type_connection["inn"] == (("gain", (("favor", 1),)),)  # C3
    assert c.fort_connection == (("gain", (("prestige", 1),)),)
    for h in c.hqs.values():  # basic side: 6 gold + 1 supply, return the worker (I1, C12)
        assert h.basic.income == (("gold", 6), ("supply", 1)) and h.basic.abilities[0].effect == (("return_worker",),)
    per = Counter(loc.faction for loc in c.locations.values())
    assert per == {"council": 3, "fist": 3, "guild": 3}  # C9
    assert "own" in c.design and "not the publisher" in c.design


def test_the_prices_that_make_defence_pay():
    """Issue 14 (docs/baldurs-gate.md, "Balance"): fortifications and cards are bought with gold, which a house
    would otherwise leave unspent for leftovers (E9); favor stays for petitions and the local trades."""
    c = load_content()
    for loc in c.locations.values():  # the standard trades, the same at every location (C9)
        std = {tr.id: dict(tr.cost) for tr in loc.trades[:3]}
        assert std == {"tower": {"gold": 3}, "keep": {"gold": 5, "supply": 1}, "petition": {"favor": 1}}
    local = {d: c.locations[d].trades[3] for d in ("CIT", "SEA", "STE")}
    assert dict(local["CIT"].cost) == {"gold": 2, "favor": 1} and local["CIT"].effect == (("fortify", "tower", "any"),)
    assert dict(local["SEA"].cost) == {"gold": 4, "favor": 1} and local["SEA"].effect == (("fortify", "keep", "any"),)
    assert dict(local["STE"].cost) == {"gold": 2} and local["STE"].effect == (("draw", 2),)
    for card in ("market-02", "inn-08", "hall-07"):
        assert c.buildings[card].abilities == (Ability(cost=(("gold", 2),), effect=(("draw", 1),)),)
    assert c.buildings["market-10"].abilities == (Ability(cost=(("gold", 4),), effect=(("draw", 2),)),)
    guild = next(f for f in c.factions if f.id == "guild")
    assert guild.rewards[5] == (("fortify", "tower", "any"),)  # level 6: a tower anywhere (was 4 gold)


def test_every_card_has_words_in_both_languages():
    for lang in ("en", "cs"):
        g = BaldursGateGame(players=2, language=lang)
        for advanced in (False, True):
            g.advanced = advanced
            for cid in [*g.content.buildings, *g.content.hqs, *(x.id for x in g.content.gates), *g.content.agendas]:
                text = g.card_text(cid)
                assert text and "{" not in text and "unit." not in text, (cid, text)
                assert g.card_name(cid) != cid
    cs = BaldursGateGame(players=2, language="cs")
    assert cs.card_text("hall-08") == "Obchodní hala, cena 5 zlatých. Příjem: za 1 zásobu postav kartu z ruky o 2 zlaté levněji"
    assert cs.agenda_text(cs.content.agendas["ag-07"]) == "2 prestiže za každou tvou strážní věž (nejvýš 10)"


def test_a_hand_made_content_file_is_refused_with_every_problem(tmp_path):
    data = json.loads(CONTENT_FILE.read_text(encoding="utf-8"))
    bad = copy.deepcopy(data)
    bad["buildings"][0]["cost"] = -2
    bad["buildings"][1]["type"] = "castle"
    bad["buildings"][2]["income"] = {"cost": {"gems": 1}, "effect": [{"gain": {"gold": 2}}]}
    bad["buildings"][3]["when_built"] = [{"teleport": 1}]
    bad["buildings"][4]["name"] = {"en": "Only English"}
    bad["buildings"][5]["id"] = bad["buildings"][6]["id"]
    bad["attack_strength"] = [1, 2, 3]
    bad["factions"][0]["rewards"] = bad["factions"][0]["rewards"][:5]
    bad["locations"][0]["faction"] = "pirates"
    bad["agendas"][0]["score"] = {"kind": "castles", "rate": 2}
    bad["hqs"][0]["basic"]["abilities"] = []
    with pytest.raises(InvalidPosition) as e:
        load_content(_write(tmp_path, bad, "content.json"))
    text = str(e.value)
    for part in ("cost must be a whole number", "type 'castle'", "unknown resource 'gems'", "unknown effect",
                 "English and Czech", "used twice", "attack_strength", "8 spaces", "faction 'pirates'",
                 "score.kind", "return your worker"):
        assert part in text, part
    assert len(e.value.problems) >= 11
    with pytest.raises(InvalidPosition, match="one JSON object"):
        load_content(_write(tmp_path, [1, 2], "list.json"))
    with pytest.raises(InvalidInput):
        BaldursGateGame(players=2, content=str(tmp_path / "missing.json"))


def test_a_teachers_card_plays(tmp_path):
    data = json.loads(CONTENT_FILE.read_text(encoding="utf-8"))
    card = next(b for b in data["buildings"] if b["id"] == "inn-02")
    card["name"] = {"en": "Teacher's Tavern", "cs": "Učitelova krčma"}
    card["when_built"] = [{"gain": {"prestige": 5}}, {"influence": 1, "faction": "guild"}]
    path = _write(tmp_path, data, "content.json")
    g = BaldursGateGame(players=2, content=path, language="cs")
    assert g.card_name("inn-02") == "Učitelova krčma"
    assert "získej 5 prestiží a 1 vliv u Zlodějského cechu" in g.card_text("inn-02")


def test_content_and_city_must_agree(tmp_path):
    data = json.loads(CONTENT_FILE.read_text(encoding="utf-8"))
    data["locations"] = [loc for loc in data["locations"] if loc["district"] != "SEA"]
    data["locations"].append(dict(data["locations"][0], district="ZZZ", faction="fist"))
    with pytest.raises(InvalidPosition) as e:
        BaldursGateGame(players=2, content=_write(tmp_path, data, "content.json"))
    assert "no location for the city's district SEA" in str(e.value) and "ZZZ" in str(e.value)


@pytest.mark.parametrize("kwargs", [{"players": 1}, {"players": 5}, {"players": "3"}, {"language": "de"},
                                    {"advanced": "yes"}, {"content": 3}])
def test_bad_options_are_game_errors(kwargs):
    with pytest.raises(GameError):
        BaldursGateGame(**kwargs)


# ---------------------------------------------------------------- the catalogues (C19)


def test_both_catalogues_hold_the_same_keys_and_fields():
    en, cs = CATALOG["en"], CATALOG["cs"]
    assert set(en) == set(cs)
    for key in en:
        assert fields_of(en[key]) == fields_of(cs[key]), key
    assert check_catalog() == []


def test_czech_plurals_and_terms():
    assert [qty(n, "favor", "cs") for n in (1, 2, 5)] == ["1 přízeň", "2 přízně", "5 přízní"]
    assert [qty(n, "prestige", "cs") for n in (1, 3, 7)] == ["1 prestiž", "3 prestiže", "7 prestiží"]
    assert [qty(n, "gold", "cs") for n in (1, 4, 0)] == ["1 zlatý", "4 zlaté", "0 zlatých"]
    for word in ("parcela", "čtvrti", "přízeň", "zásob", "vliv", "prestiž", "opevnění", "strážní věž", "pevnost",
                 "brán"):
        assert any(word in text for text in CATALOG["cs"].values()), word


def test_add_messages_for_the_view_and_the_tutorial():
    add_messages({"en": {"test.hello": "Hello {name}"}, "cs": {"test.hello": "Ahoj {name}"}})
    assert text("test.hello", "cs", name="Ema") == "Ahoj Ema"
    add_messages({"en": {"test.hello": "Hello {name}"}, "cs": {"test.hello": "Ahoj {name}"}})  # the same again: fine
    with pytest.raises(InvalidInput, match="already exists"):
        add_messages({"en": {"test.hello": "Hi {name}"}, "cs": {"test.hello": "Ahoj {name}"}})
    with pytest.raises(InvalidInput, match="different fields"):
        add_messages({"en": {"test.x": "{a}"}, "cs": {"test.x": "{b}"}})
    with pytest.raises(InvalidInput, match="only in"):
        add_messages({"en": {"test.y": "y"}, "cs": {}})
    with pytest.raises(InvalidInput):
        text("no.such.key")
    assert text("test.hello", "en") == "Hello {name}"  # the raw template, to be filled in later
    with pytest.raises(InvalidInput, match="needs the field"):
        text("test.hello", "en", other=1)
    with pytest.raises(InvalidInput):
        i18n.check_language("fr")
