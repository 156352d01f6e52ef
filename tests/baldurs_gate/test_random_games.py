"""Random full games (random, greedy and strong bots, 2-4 players, basic and advanced, both languages) with
invariants after every move; save/load of reached positions; fuzzed move texts, positions and save files."""

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from balada_widgets.baldurs_gate import BaldursGateGame, make_bot
from balada_widgets.baldurs_gate.scoring import prestige_trace
from balada_widgets.baldurs_gate.state import HIDDEN, MASK, Turn
from balada_widgets.core import GameError, InvalidInput, InvalidPosition, Session
from balada_widgets.core.bots import run_bots

STRENGTHS = [1, 1, 2, 2, 3, 3, 4, 4]


def check_invariants(g: BaldursGateGame, s, *, views=False):
    tokens = list(s.bag) + [x for t in s.tracks for x in t] + ([s.hidden] if s.hidden is not None else [])
    assert sorted(tokens) == list(range(1, 37)) or s.hidden is None  # 36 tokens: bag + tracks + hidden
    if s.hidden is not None:
        assert sorted(tokens) == list(range(1, 37))
        setup_done = not any(type(t).__name__ in ("DrawToken", "Begin") and getattr(t, "purpose", "build") != "build"
                             for t in s.tasks) and not any(type(t).__name__ == "Begin" for t in s.tasks)
        if setup_done:
            placing = any(type(t).__name__ == "AfterBuild" for t in s.tasks) or \
                (s.tasks and type(s.tasks[0]).__name__ == "DrawToken")
            if s.bag:
                assert len(s.avail) == 8 - (1 if placing else 0), (len(s.avail), s.tasks[:2])
            assert len(s.avail) <= 8
    for p, pl in enumerate(s.players):
        assert min(pl.gold, pl.supply, pl.favor, pl.prestige) >= 0
        assert g.free_cubes(s, p) >= 0  # at most 25 cubes
        assert pl.prestige == sum(x.points for x in pl.gains)
    workers = [pl.worker for pl in s.players if pl.worker]
    assert len(workers) == len(set(workers))  # one worker each, one worker a location
    mid = [a for a in s.attacks if not a.final]
    assert [a.strength for a in mid] == STRENGTHS[:len(mid)] and s.strength == len(mid)
    assert len({a.district for a in s.attacks}) == len(s.attacks)  # each district attacked once
    assert all(len(t) <= 4 for t in s.tracks)
    if s.hidden is not None:
        assert len(s.tracks[g.district_index[g.parcel_district[s.hidden]]]) <= 3
    if views and not s.over:
        for p in g.to_move(s):
            v = g.view(s, p)
            assert g.legal_moves(v, p) == g.legal_moves(s, p)  # decisions work on the player's view
            others = [q for q in range(g.players) if q != p]
            assert all(set(v.players[q].hand) <= {MASK} for q in others)
            assert v.hidden in (None, HIDDEN) and set(v.deck) <= {MASK}


def play_checked(players, seed, levels=("random",), advanced=False, language="en", validate_every=0,
                 roundtrip_every=0, max_moves=5000):
    g = BaldursGateGame(players=players, advanced=advanced, language=language)
    sess = Session(g, seed=seed)
    bots = {p: make_bot(levels[p % len(levels)], seed * 10 + p) for p in range(players)}
    k = 0
    while not g.is_over(sess.state):
        run_bots(sess, bots, max_moves=1)
        k += 1
        assert k < max_moves, "the game did not end"
        s = sess.state
        check_invariants(g, s, views=k % 7 == 0)
        if validate_every and k % validate_every == 0:
            assert g.validate(s) == []
        if roundtrip_every and k % roundtrip_every == 0:
            assert g.state_from_text(g.state_to_text(s)) == s
    s = sess.state
    log = g.attack_log(s)
    if s.bag:  # BG9: the city could grow no more (a random bot sat on every card without a cube)
        assert not (s.deck or s.offer) and [a.strength for a in log[:-1]] == STRENGTHS[:len(log) - 1]
    else:
        assert [a.strength for a in log] == STRENGTHS + [5] and log[-1].final  # C6
        assert sorted(a.district for a in log) == sorted(g.city.districts)
    assert log[-1].final and log[-1].district == g.parcel_district[s.hidden] and s.revealed
    for p in range(players):
        assert prestige_trace(g, s, p).points == s.players[p].prestige
    assert g.validate(s) == [] and g.winners(s)
    return sess


@pytest.mark.parametrize("players,advanced,language", [(2, False, "en"), (3, True, "cs"), (4, False, "cs"),
                                                       (4, True, "en"), (2, True, "en"), (3, False, "en")])
def test_random_games_keep_the_invariants(players, advanced, language):
    for seed in range(2):
        play_checked(players, seed, ("random",), advanced, language, validate_every=25)


def test_greedy_against_random_keeps_the_invariants():
    play_checked(3, 5, ("greedy", "random"), validate_every=40, roundtrip_every=15)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_games_all_levels(players):
    for seed in range(3):
        play_checked(players, 100 + seed, ("greedy", "strong", "random"), advanced=seed == 1,
                     language=("en", "cs")[seed % 2], validate_every=30)


def test_four_greedy_bots_finish():
    for seed in range(2):
        g = BaldursGateGame(players=4)
        sess = Session(g, seed=seed)
        n = run_bots(sess, {p: make_bot("greedy", p) for p in range(4)}, max_moves=3000)
        assert g.is_over(sess.state), n


@pytest.mark.slow
def test_four_greedy_bots_finish_every_seeded_game():
    for seed in range(2, 12):
        g = BaldursGateGame(players=4, advanced=seed % 3 == 0)
        sess = Session(g, seed=seed)
        run_bots(sess, {p: make_bot("greedy", p) for p in range(4)}, max_moves=3000)
        assert g.is_over(sess.state), seed


def test_bots_are_seeded():
    a = play_checked(2, 7, ("greedy", "random"))
    b = play_checked(2, 7, ("greedy", "random"))
    assert a.history == b.history


# ---------------------------------------------------------------- save and load


def test_save_and_load_every_reached_position():
    for players, seed in ((2, 3), (4, 1)):
        g = BaldursGateGame(players=players, advanced=seed == 1)
        sess = Session(g, seed=seed)
        bots = {p: make_bot("random", p) for p in range(players)}
        states = [sess.state]
        while not g.is_over(sess.state) and len(states) < 400:
            run_bots(sess, bots, max_moves=1)
            states.append(sess.state)
        for s in states:
            text = g.state_to_text(s)
            assert g.state_from_text(text) == s
        again = Session.from_json(sess.to_json())
        assert again.state == sess.state and again.history == sess.history
        # a custom start position travels in the save file too
        custom = Session(g, seed=9, state=states[len(states) // 2])
        run_bots(custom, bots, max_moves=20)
        assert Session.from_json(custom.to_json()).state == custom.state


def test_a_spectators_position_text_is_refused_clearly():
    g = BaldursGateGame(players=3)
    s = Session(g, seed=2).state
    text = g.state_to_text(g.view(s, None))
    with pytest.raises(InvalidPosition, match=r"player's or spectator's view.*\(our ruling C18\)"):
        g.state_from_text(text)


def test_hand_edited_positions_are_refused_with_every_problem():
    g = BaldursGateGame(players=2)
    s = Session(g, seed=4).state
    data = g.to_data(s)
    data["p1"]["gold"] = -3
    data["p1"]["hand"] = data["p1"]["hand"] + ["inn-01"] if "inn-01" not in data["p1"]["hand"] else data["p1"]["hand"]
    data["p2"]["prestige"] = 7
    data["bag"] = data["bag"][1:]
    data["strength"] = 3
    data["pieces"]["P1"] = ["castle", "p1", False, ""]
    text = "\n".join(f"{k} {json.dumps(v)}" for k, v in data.items())
    with pytest.raises(InvalidPosition) as e:
        g.state_from_text(text)
    msg = str(e.value)
    for part in ("gold must be a whole number 0 or more", "in 2 places at once", "not the sum of its reasons",
                 "tokens missing", "attack-strength marker", "holds a castle"):
        assert part in msg, part
    assert len(e.value.problems) >= 6
    for broken in ("", "format 3", "format \"baldurs-gate/1\"\ngame {", "format \"other\"",
                   text.replace('"p1"', '"p9"', 1), "format \"baldurs-gate/1\"\ngame []\np1 7"):
        with pytest.raises(GameError):
            g.state_from_text(broken)


def test_hand_edited_save_files_are_refused():
    g = BaldursGateGame(players=2)
    sess = Session(g, seed=1)
    run_bots(sess, {0: make_bot("random", 0), 1: make_bot("random", 1)}, max_moves=30)
    data = json.loads(sess.to_json())
    for bad in (dict(data, moves=data["moves"][:-1] + ["p1 build nothing"]),
                dict(data, moves=data["moves"] + ["p2 @99"]),
                dict(data, options=dict(data["options"], players=9)),
                dict(data, options=dict(data["options"], language="xx")),
                dict(data, moves="p1 income"), dict(data, start="garbage")):
        with pytest.raises(GameError):
            Session.from_dict(bad)


# ---------------------------------------------------------------- fuzzed move texts

WORDS = ["p1", "p2", "p3", "p5", "p0", "build", "worker", "income", "trade", "track", "spot", "use", "done", "take",
         "keep", "bottom", "pick", "draw", "hide", "deal", "agenda", "hq", "offer", "@17", "@x", "@", "@99999",
         "inn-03", "gate-1", "ag-03", "hq-SEA", "SEA", "sea", "XYZ", "keep", "none", "local", "fist", "F-SEA-b",
         "P17", "17", "-1", "1e3", "hq-CIT/2", "inn-03/0", "?", "", "💥", "p1\x00", "\t"]


@settings(max_examples=300, deadline=None)
@given(words=st.lists(st.sampled_from(WORDS), min_size=0, max_size=5), raw=st.text(max_size=30))
def test_any_move_text_is_refused_with_a_game_error_or_played(words, raw):
    g = _FUZZ_GAME
    s = _FUZZ_STATE
    for text in (" ".join(words), raw):
        try:
            nxt = g.apply(s, text)
        except GameError as e:
            assert str(e)
            continue
        assert nxt != s  # a legal move changes the position
    assert s == _FUZZ_STATE


_FUZZ_GAME = BaldursGateGame(players=3, language="cs")
_FUZZ_STATE = Session(_FUZZ_GAME, seed=3).state


def test_fuzzed_moves_at_every_kind_of_decision():
    rng = random.Random(5)
    g = BaldursGateGame(players=3)
    sess = Session(g, seed=8)
    bots = {p: make_bot("random", p) for p in range(3)}
    kinds = Counter()
    while not g.is_over(sess.state):
        s = sess.state
        kinds[g.pending(s).kind] += 1
        for _ in range(3):
            text = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 4)))
            try:
                g.apply(s, text)
            except GameError:
                pass
            assert sess.state is s
        # every legal move is described in words and round-trips through its notation
        for m in g.legal_moves(s)[:6]:
            assert g.parse_move(g.move_to_text(m)) == m
            assert g.describe_move(s, m, viewer=None)
        run_bots(sess, bots, max_moves=1)
    assert {"turn", "parcel", "trade", "income"} <= set(kinds)


def test_parse_errors_are_worded_in_the_games_language():
    cs = BaldursGateGame(players=2, language="cs")
    with pytest.raises(InvalidInput, match="nesrozumitelný zápis 'p1 fly'"):
        cs.parse_move("p1 fly")
    with pytest.raises(InvalidInput, match="hráč 4 ve hře pro 2 hráče není"):
        cs.parse_move("p4 income")
    with pytest.raises(InvalidInput, match="karta 'inn-99'"):
        cs.parse_move("p1 build inn-99")


def test_validate_lists_problems_of_any_caller_made_state_and_never_raises():
    from balada_widgets.baldurs_gate.state import EndTurn, Effect, KeepAgenda, Piece, Src

    g = BaldursGateGame(players=3)
    sess = Session(g, seed=1)
    run_bots(sess, {p: make_bot("random", p) for p in range(3)}, max_moves=80)
    s0 = sess.state
    assert g.validate(s0) == []
    rng = random.Random(1)
    junk = [None, -1, 0, 5, 99, "x", "", (), (1,), ("?",), ("inn-01",), 3.5, True, [1], {"a": 1}, Piece("inn", 7),
            Piece("castle", 0), EndTurn(9), KeepAgenda(0, "x", 0), Effect(0, (("fly",),), Src("", ""))]
    for _ in range(600):
        s = s0
        for _ in range(rng.randrange(1, 4)):
            f = rng.choice(s._fields)
            if f == "players":
                p = rng.randrange(3)
                s = g.set_player(s, p, s.players[p]._replace(**{rng.choice(s.players[p]._fields): rng.choice(junk)}))
            elif f == "pieces":
                pieces = list(s.pieces)
                pieces[rng.randrange(len(pieces))] = rng.choice(junk)
                s = s._replace(pieces=tuple(pieces))
            elif f == "tasks":
                s = s._replace(tasks=(rng.choice(junk),) + s.tasks)
            else:
                s = s._replace(**{f: rng.choice(junk)})
        problems = g.validate(s)
        assert isinstance(problems, list) and all(isinstance(t, str) for _, t in problems)
        if problems:  # a session refuses such a start, every problem listed
            with pytest.raises(InvalidPosition) as e:
                Session(g, state=s)
            assert len(e.value.problems) == len(problems)
