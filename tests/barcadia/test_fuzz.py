"""Every bad input is a GameError: move texts, move objects, positions, save files, content and dungeon files."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from balada_widgets.barcadia import BarcadiaGame, Move, diy_card, make_bot
from balada_widgets.barcadia.board import load_dungeon
from balada_widgets.barcadia.content import DATA, content_from_data
from balada_widgets.core import GameError, IllegalMove, InvalidInput, Session
from balada_widgets.core.bots import run_bots
from balada_widgets.core.resources import graphs_dir

G = BarcadiaGame(players=3, dungeon="cozy", crits=True, power_traps=True)


def _midgame(seed=4, moves=120):
    s = Session(G, seed=seed)
    run_bots(s, {p: make_bot("greedy", p) for p in range(3)}, max_moves=moves)
    return s


SESSION = _midgame()
STATES = [n.state for n in SESSION.current.path()][::7]

TOKENS = ["p1", "p2", "p3", "p4", "p9", "p0", "reveal", "enter", "play", "pick", "pass", "end", "duel", "pourtal",
          "roll", "draw", "room", "peek", "steal", "build", "START", "r1", "r3", "r31", "r0", "r-2", "dash", "redo",
          "trap", "bubble-boots", "kettle-imp", "14", "0", "21", "2,0", "x,y", "?", ":", "p2:bubble-boots", "none",
          "take", "give", "keep", "drop", "place", "choose", "home", "claim", "teleport", "scout", "rig", "mark"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=st.lists(st.sampled_from(TOKENS), max_size=5), junk=st.text(max_size=12), i=st.integers(0, 10_000))
def test_random_move_texts_are_refused_with_a_game_error(words, junk, i):
    state = STATES[i % len(STATES)]
    for text in (" ".join(words), junk, " ".join(words) + " " + junk):
        try:
            m = G.parse_move(text, state)
        except InvalidInput:
            continue
        legal = m in G.legal_moves(state)
        try:
            after = G.apply(state, text)
        except GameError as e:
            assert not legal
            assert isinstance(e, IllegalMove) or isinstance(e, InvalidInput)
            if isinstance(e, IllegalMove):
                assert e.move == G.move_to_text(m)
            continue
        assert legal and after is not state


@settings(max_examples=150, deadline=None)
@given(player=st.one_of(st.none(), st.integers(-3, 9)), verb=st.sampled_from(sorted(set(TOKENS) | {"fly"})),
       args=st.lists(st.one_of(st.integers(-5, 60), st.text(max_size=6), st.tuples(st.integers(), st.integers())),
                     max_size=4))
def test_hand_built_move_objects_are_refused_cleanly(player, verb, args):
    state = STATES[len(args) % len(STATES)]
    try:
        G.apply(state, Move(player, verb, tuple(args)))
    except GameError:
        pass


def test_masked_and_junk_objects_are_refused():
    with pytest.raises(InvalidInput):
        G.apply(G.view(SESSION.state, 0), "p1 end")
    with pytest.raises(InvalidInput):
        G.apply(SESSION.state, 42)
    with pytest.raises(InvalidInput):
        G.apply("not a state", "p1 end")
    with pytest.raises(InvalidInput, match="masked"):
        G.parse_move("draw p1 ?")


def _mutations(text, rng):
    lines = text.splitlines()
    out = []
    for _ in range(12):
        ls = list(lines)
        k = rng.randrange(6)
        i = rng.randrange(len(ls))
        if k == 0:
            del ls[i]
        elif k == 1:
            toks = ls[i].split()
            toks[rng.randrange(len(toks))] = rng.choice(["hp=999", "at=r99", "up", "card=dragon", "traps=9", "x",
                                                          "hand=dash,dash,dash,dash,dash,dash,dash", "pu=?", "=",
                                                          "pocket=p7", "seen=p1,p9", "frame", "p1", "5,5", "0,0"])
            ls[i] = " ".join(toks)
        elif k == 2:
            ls.insert(i, rng.choice(["r99 9,9 up", "frame battle {}", "frame nonsense {}", "p7 wizard",
                                     'frame battle {"room": "x"}', "garbage line", "bottom=dash"]))
        elif k == 3:
            ls[i] = ls[i][: rng.randrange(len(ls[i]) + 1)]
        elif k == 4:
            ls[0] = ls[0] + rng.choice([" phase=dancing", " active=p9", " turn=x", " steps=-1", " winners=p1"])
        else:
            ls[i], ls[0] = ls[0], ls[i]
        out.append("\n".join(ls))
    return out


def test_hand_edited_positions_are_refused_listing_problems():
    rng = random.Random(7)
    refused = 0
    for s in STATES[::3]:
        t = G.state_to_text(s)
        assert G.state_from_text(t) == s
        for bad in _mutations(t, rng):
            try:
                G.state_from_text(bad)
            except GameError as e:
                refused += 1
                assert str(e)
    assert refused > 20
    with pytest.raises(GameError):
        G.state_from_text(12)
    with pytest.raises(GameError, match="starts with"):
        G.state_from_text("")


def test_hand_edited_saves_are_refused():
    data = json.loads(SESSION.to_json())
    rng = random.Random(3)
    for _ in range(40):
        d = json.loads(json.dumps(data))
        k = rng.randrange(5)
        if k == 0:
            i = rng.randrange(len(d["moves"]))
            d["moves"][i] = rng.choice(["p1 end", "roll p1 25", "draw p2 nothing", "p3 reveal r99", "??"])
        elif k == 1:
            d["options"]["players"] = rng.choice([1, 9, "three"])
        elif k == 2:
            d["options"]["dungeon"] = rng.choice(["atlantis", 5, "grand"])
        elif k == 3:
            d["moves"] = d["moves"][:5] + d["moves"][6:]
        else:
            d["options"]["characters"] = ["wizard"] * 3
        try:
            Session.from_dict(d)
        except GameError:
            continue


def test_mutated_content_files_are_refused_or_valid():
    base = json.loads((DATA / "content.json").read_text())
    rng = random.Random(5)
    keys = ["rooms", "loot", "power_ups", "characters"]
    for _ in range(60):
        d = json.loads(json.dumps(base))
        part = d[rng.choice(keys)]
        item = part[rng.randrange(len(part))]
        field = rng.choice(sorted(item))
        item[field] = rng.choice([None, -1, 0, 3.5, "x", [], {}, [["heal"]], [["roll_bonus", 2]], True, "monster"])
        try:
            content_from_data(d, "mutated")
        except GameError as e:
            assert e.problems
        if rng.random() < 0.2:
            d[rng.choice(list(d))] = rng.choice([None, 5, "x", []])
            try:
                content_from_data(d, "mutated")
            except GameError:
                pass


def test_mutated_dungeon_files_are_refused(tmp_path):
    data = json.loads((graphs_dir() / "barcadia-dungeon-cozy.json").read_text())
    rng = random.Random(9)
    for _ in range(40):
        d = json.loads(json.dumps(data))
        node = rng.choice(d["nodes"])
        field = rng.choice(["pos", "hexes", "id"])
        node[field] = rng.choice([None, [1], [1, 2, 3], "x", [[0, 0]], [7, 7], "r99", "START", [0.5, 1]])
        p = tmp_path / "d.json"
        p.write_text(json.dumps(d))
        try:
            load_dungeon(str(p), 30)
        except GameError:
            continue


@settings(max_examples=100, deadline=None)
@given(effects=st.lists(st.tuples(st.sampled_from(["heal", "damage", "draw", "roll_mod", "level_mod", "redo", "x"]),
                                  st.one_of(st.integers(-5, 40), st.text(max_size=3))), max_size=4),
       window=st.sampled_from(["your_turn", "between_turns", "battle", "after_loss", "noon"]),
       colour=st.sampled_from(["blue", "red", "mauve"]), name=st.text(max_size=40))
def test_diy_cards_never_crash(effects, window, colour, name):
    try:
        card = diy_card(name=name, colour=colour, window=window, effects=effects)
    except InvalidInput as e:
        assert e.problems
        return
    assert card.cost <= 3 and card.window == window


def test_hand_edited_pending_steps_are_refused_or_resumed():
    rng = random.Random(11)
    framed = [s for s in (n.state for n in SESSION.current.path()) if s.stack]
    assert framed
    tried = 0
    for s in framed[::4]:
        lines = G.state_to_text(s).splitlines()
        for _ in range(8):
            ls = list(lines)
            idx = [i for i, ln in enumerate(ls) if ln.startswith("frame ")]
            i = rng.choice(idx)
            kind, _, body = ls[i][6:].partition(" ")
            data = json.loads(body)
            if not data:
                continue
            key = rng.choice(sorted(data))
            data[key] = rng.choice([-1, 0, 1, 2, 99, "x", [], [1, 2], True, None, "finish", "roll"])
            ls[i] = f"frame {kind} {json.dumps(data)}"
            tried += 1
            try:
                out = G.state_from_text("\n".join(ls))
            except GameError:
                continue
            G.legal_moves(out)  # a position that loads can be played on
    assert tried >= 8
