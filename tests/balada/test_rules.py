"""Balada game rules: B1-B4, B17, hidden choices, notation, save files, sheets."""

import json
from collections import Counter
from dataclasses import replace

import networkx as nx
import pytest

from balada_widgets.balada import BaladaGame, load_decks, load_sheet, sheet_names
from balada_widgets.balada.content import Sheet, check_side_landscapes
from balada_widgets.balada.rules import Decide, Flip, Place, PortalMove, Swap
from balada_widgets.core import IllegalMove, InvalidInput, InvalidPosition, Session
from balada_widgets.core.bots import run_bots
from balada_widgets.balada.bots import make_bot


def flipped(game, text="flip F O2 BS", state=None):
    return game.apply(state or game.initial_state(), text)


# ----------------------------------------------------------------- B1 content


def test_b1_decks_and_sheets_have_the_right_counts():
    d = load_decks()
    assert Counter(d.landscape) == {"F": 4, "D": 4, "M": 4}
    assert len(d.a) == 12 and len(d.b) == 17
    assert len(sheet_names()) >= 4
    for name in sheet_names():
        s = load_sheet(name)
        for side in (s.day, s.night):
            assert Counter(side) == {"F": 4, "D": 4, "M": 4}
        assert s.day != s.night


def test_b1_sheet_graph_round_trip(tmp_path):
    s = load_sheet("river")
    p = tmp_path / "mine.json"
    p.write_text(s.to_json())
    again = load_sheet(str(p))
    assert (again.day, again.night, again.title) == (s.day, s.night, s.title)


def _write_sheet(tmp_path, day, night, **mutate):
    s = Sheet("bad", "Bad", "", tuple(day), tuple(night))
    g = s.to_graph()
    for node, attrs in mutate.items():
        g.nodes[node.replace("_", "-")].update(attrs)
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(nx.node_link_data(g, edges="edges")))
    return str(p)


def test_b1_malformed_sheets_are_refused_naming_each_problem(tmp_path):
    day = list("FDMFMDDFMMFD")
    night = list("MFFDMDFMDFDM")
    with pytest.raises(InvalidPosition, match=r"Forest 5 \(deck: 4\).*rule B1"):
        load_sheet(_write_sheet(tmp_path, ["F"] + day[1:4] + ["F"] + day[5:], night))
    with pytest.raises(InvalidPosition, match="unknown landscapes"):
        load_sheet(_write_sheet(tmp_path, day, night, day_3={"landscape": "X"}))
    with pytest.raises(InvalidPosition, match="order the landscapes differently"):
        load_sheet(_write_sheet(tmp_path, day, day))
    (tmp_path / "junk.json").write_text("{not json")
    with pytest.raises(InvalidInput, match="junk.json. is not JSON"):
        load_sheet(str(tmp_path / "junk.json"))
    with pytest.raises(InvalidInput, match="no sheet 'nowhere'"):
        load_sheet("nowhere")
    short = Sheet("s", "S", "", tuple(day[:11]), tuple(night))
    p = tmp_path / "short.json"
    p.write_text(short.to_json())
    with pytest.raises(InvalidPosition, match="11 spaces, not 12"):
        load_sheet(str(p))


def test_b1_custom_sheet_plays(tmp_path):
    s = Sheet("mine", "Mine", "", tuple("DDDDFFFFMMMM"), tuple("MMMMFFFFDDDD"))
    p = tmp_path / "mine.json"
    p.write_text(s.to_json())
    g = BaladaGame(players=1, sheet=str(p))
    sess = Session(g, seed=1)
    run_bots(sess, {0: make_bot("random", 1)})
    assert g.is_over(sess.state)


# ----------------------------------------------------------------- B2 placement


def test_b2_symbol_goes_into_an_empty_space_of_the_flipped_landscape():
    g = BaladaGame(players=1)
    s = flipped(g)
    places = [m for m in g.legal_moves(s) if isinstance(m, Place)]
    forest = [i + 1 for i, l in enumerate(g.sheet.day) if l == "F"]
    assert sorted({m.space for m in places}) == forest
    assert {m.event for m in places} == {"O2", "BS"}
    with pytest.raises(IllegalMove, match=r"space 2 is Desert but the landscape card is Forest \(rule B2\)"):
        g.apply(s, "p1 O2@2")
    with pytest.raises(IllegalMove, match=r"^You cannot draw the Fountain on space 1: the Fountain is not on the "
                                          r"flipped cards.*rule B2"):
        g.apply(s, "p1 FT@1")


def test_b2_drawn_symbols_stay():
    g = BaladaGame(players=1)
    s = g.apply(flipped(g), "p1 O2@1")
    s = g.apply(s, "flip F FT SW")
    with pytest.raises(IllegalMove, match=r"space 1 already holds Obstacle 2.*rule B2"):
        g.apply(s, "p1 FT@1")


def test_b2_a_space_always_exists_whatever_the_swaps():
    g = BaladaGame(players=1)
    for seed in range(15):
        sess = Session(g, seed=seed)
        run_bots(sess, {0: _SwappingBot(seed)})
        assert g.is_over(sess.state)


class _SwappingBot:
    """Spends the Change of Landscape as early as possible, then places randomly."""

    def __init__(self, seed):
        import random

        self.rng = random.Random(seed)

    def choose(self, game, state, player):
        moves = game.legal_moves(state, player)
        swaps = [m for m in moves if isinstance(m, Swap)]
        if swaps:
            return self.rng.choice(swaps)
        assert moves, "B2: there must always be a legal move"
        return self.rng.choice(moves)


# ----------------------------------------------------------------- B3 change of landscape


def test_b3_swap_two_empty_spaces_once_per_round_before_drawing():
    g = BaladaGame(players=1)
    s = flipped(g, "flip F O2 BS")
    # standard day: F D M F M D D F M M F D -> swap 2 (D) and 1 (F)
    s2 = g.apply(s, "p1 swap 1 2")
    assert g.sheet_of(s2, 0).lands[:2] == ("D", "F")
    assert Place(0, "O2", 2) in g.legal_moves(s2)
    assert not any(isinstance(m, Swap) for m in g.legal_moves(s2))
    with pytest.raises(IllegalMove, match=r"already used this round \(rule B3\)"):
        g.apply(s2, "p1 swap 3 4")
    s3 = g.apply(s2, "p1 O2@2")
    s3 = g.apply(s3, "flip D FT SW")
    with pytest.raises(IllegalMove, match=r"rule B3"):
        g.apply(s3, "p1 swap 3 4")


def test_b3_only_empty_spaces_and_p4_only_different_landscapes():
    g = BaladaGame(players=1)
    s = g.apply(flipped(g), "p1 O2@1")
    s = g.apply(s, "flip M FT SW")
    with pytest.raises(IllegalMove, match=r"space 1 already holds Obstacle 2.*rule B3"):
        g.apply(s, "p1 swap 1 2")
    with pytest.raises(IllegalMove, match=r"both Forest.*rule P4"):
        g.apply(s, "p1 swap 4 8")


def test_b3_swap_before_drawing_not_after():
    g = BaladaGame(players=2)
    s = g.apply(flipped(g), "p1 O2@1")
    with pytest.raises(IllegalMove, match=r"player 1 has drawn this turn's symbol already \(rule B2\)"):
        g.apply(s, "p1 swap 2 3")


def test_b3_swap_resets_at_night_and_counts_for_b17():
    g = BaladaGame(players=1)
    sess = Session(g, seed=3)
    run_bots(sess, {0: _SwappingBot(3)})
    ps = sess.state.players[0]
    assert ps.swaps == 2


# ----------------------------------------------------------------- B4 easy version


def test_b4_easy_version_deck_a_one_side_one_round_a_compulsory():
    g = BaladaGame(players=1, easy=True)
    s = g.initial_state()
    outcomes = g.chance_outcomes(s)
    assert all(f.b is None for f, _ in outcomes)
    assert {f.a for f, _ in outcomes} <= set(load_decks().a)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    s = g.apply(s, "flip F O2")
    assert {m.event for m in g.legal_moves(s) if isinstance(m, Place)} == {"O2"}
    sess = Session(g, seed=2)
    run_bots(sess, {0: make_bot("greedy", 0)})
    assert g.is_over(sess.state) and len(sess.state.players[0].rounds) == 1
    with pytest.raises(IllegalMove, match="rule B4|rule B2"):
        g.apply(g.apply(g.initial_state(), "flip F O2"), "p1 BS@1")


def test_p7_easy_version_keeps_the_change_of_landscape():
    g = BaladaGame(players=1, easy=True)
    s = g.apply(g.initial_state(), "flip F O2")
    assert any(isinstance(m, Swap) for m in g.legal_moves(s))
    s = g.apply(s, "p1 swap 1 2")
    assert Place(0, "O2", 2) in g.legal_moves(s)


# ----------------------------------------------------------------- B6 night round


def test_b6_injuries_and_swords_carry_into_the_night_key_does_not():
    g = BaladaGame(players=1)
    sess = Session(g, seed=11)
    run_bots(sess, {0: make_bot("greedy", 5)})
    rounds = sess.state.players[0].rounds
    assert len(rounds) == 2
    day = rounds[0].score()
    assert (rounds[1].injuries_in, rounds[1].swords_in) == (day.injuries, day.swords)


def test_night_side_uses_the_night_landscapes():
    g = BaladaGame(players=1)
    sess = Session(g, seed=4)
    bot = make_bot("random", 1)
    while sess.state.round == 0:
        run_bots(sess, {0: bot}, max_moves=1)
    assert sess.state.players[0].lands == g.sheet.night
    assert sess.state.players[0].events == (None,) * 12


# ----------------------------------------------------------------- B17


def test_b17_final_score_sum_and_tie_breaks():
    g = BaladaGame(players=3)
    sess = Session(g, seed=7)
    run_bots(sess, {p: make_bot("random", p) for p in range(3)})
    st = sess.state
    assert g.returns(st) == [float(sum(r.points for r in ps.rounds)) for ps in st.players]
    # force a tie on points: the fewer swaps wins; a full tie is shared
    rec = st.players[0].rounds
    tie = tuple(replace(ps, rounds=rec, swaps=i % 2) for i, ps in enumerate(st.players))
    assert g.winners(replace(st, players=tie)) == [0, 2]
    tie = tuple(replace(ps, rounds=rec, swaps=0) for ps in st.players)
    assert g.winners(replace(st, players=tie)) == [0, 1, 2]


# ----------------------------------------------------------------- hidden choices


def test_hot_seat_choices_hidden_until_everyone_has_chosen():
    g = BaladaGame(players=3)
    s = flipped(g)
    s = g.apply(s, "p1 swap 1 2")
    s = g.apply(s, "p1 O2@2")
    assert g.to_move(s) == (1, 2)
    v2 = g.view(s, 1)
    assert v2.pending[0] == () and v2.players[0].events == (None,) * 12
    assert g.sheet_of(v2, 0).lands == g.sheet.day  # p1's swap unseen by p2
    assert g.view(s, None).pending == ((), (), ())
    assert g.sheet_of(g.view(s, 0), 0).events[1] == "O2"
    assert g.chosen_players(s) == [0]
    s = g.apply(s, "p2 BS@1")
    s = g.apply(s, "p3 O2@4")
    assert s.players[0].events[1] == "O2" and s.players[0].lands[:2] == ("D", "F")
    assert g.view(s, 2).players[1].events[0] == "BS"


def test_players_cannot_move_for_others_or_out_of_turn():
    g = BaladaGame(players=2)
    with pytest.raises(IllegalMove, match="wait for the cards"):
        g.apply(g.initial_state(), "p1 O2@1")
    s = flipped(g)
    with pytest.raises(IllegalMove, match="no player 3"):
        g.apply(s, "p3 O2@1")
    with pytest.raises(IllegalMove, match="already flipped"):
        g.apply(s, "flip F O1 BS")


# ----------------------------------------------------------------- scoring walk as moves


def _to_scoring(g, seed, bot="random"):
    sess = Session(g, seed=seed)
    b = make_bot(bot, seed)
    while sess.state.phase not in ("score", "over") or (sess.state.phase == "score" and False):
        if sess.state.phase == "score":
            break
        run_bots(sess, {p: b for p in range(g.players)}, max_moves=1)
    return sess


def test_walk_moves_follow_the_scorer_and_explain_refusals():
    g = BaladaGame(players=1)
    for seed in range(40):
        sess = _to_scoring(g, seed)
        if sess.state.phase == "score":
            break
    else:
        pytest.skip("no seed stopped at a decision")
    st = sess.state
    w = st.players[0].walk
    moves = g.legal_moves(st)
    assert moves
    if w.portals_left:
        assert isinstance(moves[0], PortalMove) and moves[0].source is None
        with pytest.raises(IllegalMove, match="rule B5"):
            g.apply(st, Decide(0, w.pos + 1, "endure"))
    else:
        with pytest.raises(IllegalMove, match=r"the hero is at space"):
            g.apply(st, Decide(0, (w.pos + 3) % 12 + 1, "endure"))
    # finishing with the best choices gives the optimal score
    while sess.state.phase == "score":
        run_bots(sess, {0: make_bot("greedy")}, max_moves=1)
    rec = sess.state.players[0].rounds[0]
    from balada_widgets.balada import score_side

    assert rec.points == score_side(rec.side, rec.injuries_in, rec.swords_in).points


# ----------------------------------------------------------------- notation and save files


def test_move_notation_round_trip():
    g = BaladaGame(players=2)
    for m in [Flip("F", "O2", "BS"), Swap(0, 3, 7), Place(1, "O2", 5), PortalMove(0, 4, 9), PortalMove(0, 4, None),
              Decide(1, 3, "sword")]:
        assert g.parse_move(g.move_to_text(m)) == m
    for bad in ["p1 O2-5", "flip X O2 BS", "p1 ZZ@3", "", "hello"]:
        with pytest.raises(InvalidInput):
            g.parse_move(bad)


def test_position_text_and_save_round_trip_every_position():
    g = BaladaGame(players=2)
    sess = Session(g, seed=21)
    bots = {0: make_bot("random", 1), 1: make_bot("greedy", 2)}
    while not g.is_over(sess.state):
        run_bots(sess, bots, max_moves=1)
        st = sess.state
        assert g.state_from_text(g.state_to_text(st)) == st
    again = Session.from_json(sess.to_json())
    assert again.state == sess.state and again.history == sess.history


def test_bad_position_text_lists_every_problem():
    g = BaladaGame(players=1)
    text = g.state_to_text(flipped(g))
    bad = text.replace("turn=1", "turn=3")
    with pytest.raises(InvalidPosition) as e:
        g.state_from_text(bad)
    assert len(e.value.problems) >= 2
    too_many = "round=day turn=3 phase=flip seen=F/BS/BS,D/BS/BS,M/BS/BS\np1 " + " ".join(
        f"{l}:{ev}" for l, ev in zip(g.sheet.day, ["BS", ".."] * 6)) + " | swapped=0"
    with pytest.raises(InvalidPosition, match="more BS cards flipped than deck A"):
        g.state_from_text(too_many)
    with pytest.raises(InvalidInput, match="2 lines"):
        g.state_from_text("round=day")


def test_save_file_validation():
    g = BaladaGame(players=1)
    sess = Session(g, seed=1)
    data = json.loads(sess.to_json())
    with pytest.raises(InvalidInput, match="not valid JSON"):
        Session.from_json("{")
    with pytest.raises(InvalidInput, match="format"):
        Session.from_dict({**data, "format": "x"})
    with pytest.raises(InvalidInput, match="version"):
        Session.from_dict({**data, "version": 99})
    with pytest.raises(InvalidInput, match="refused"):
        Session.from_dict({**data, "moves": data["moves"] + ["p1 O2@2", "p1 O2@2"]})
    with pytest.raises(InvalidInput, match="unknown game"):
        Session.from_dict({**data, "game": "chess"})


def test_undo_redo_and_branches_keep_the_same_cards():
    g = BaladaGame(players=1)
    sess = Session(g, seed=5)
    first_cards = sess.state.cards
    m1 = g.legal_moves(sess.state)[0]
    sess.play(m1)
    second_cards = sess.state.cards
    sess.undo()
    assert sess.state.cards == first_cards and sess.can_redo()
    other = [m for m in g.legal_moves(sess.state) if isinstance(m, Place) and m != m1][0]
    sess.play(other)  # a branch
    assert sess.state.cards == second_cards  # same seed and depth: same flip
    assert len(sess.leaves()) == 2
    first_leaf = [n for n in sess.leaves() if n.path()[1].move == m1][0]
    sess.goto(first_leaf.id)
    assert sess.moves[1] == m1
    sess.undo()
    sess.redo()
    assert sess.moves[1] == m1


def test_session_rejects_invalid_start():
    g = BaladaGame(players=1)
    st = flipped(g)
    with pytest.raises(InvalidPosition):
        Session(g, state=replace(st, turn=5))


def test_check_side_landscapes_reports_counts():
    assert check_side_landscapes(tuple("FDMFMDDFMMFD")) == []
    assert "Desert 5" in check_side_landscapes(tuple("FDMFMDDDMMFD"))[0][1]
