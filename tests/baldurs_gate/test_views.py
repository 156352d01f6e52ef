"""Hidden information (C18): views, masked notation and words; the pending decision for the view."""

import pytest

from balada_widgets.baldurs_gate import BaldursGateGame, make_bot
from balada_widgets.baldurs_gate.state import (
    HIDDEN, MASK, OFFER, Deal, DealtAgenda, Hide, Keep, KeepAgenda, Token, Turn,
)
from balada_widgets.core import Session
from balada_widgets.core.bots import run_bots


def started(players=3, seed=2, **kw):
    g = BaldursGateGame(players=players, **kw)
    return g, Session(g, seed=seed)


def test_a_players_view_shows_own_cards_and_only_counts_of_the_others():
    g, sess = started()
    s = sess.state
    v = g.view(s, 1)
    assert v.players[1].hand == s.players[1].hand and v.players[1].agendas == s.players[1].agendas
    for q in (0, 2):
        assert v.players[q].hand == (MASK,) * len(s.players[q].hand)
        assert v.players[q].agendas == (MASK,) * len(s.players[q].agendas)
        # resources, portfolios and tracks are public
        assert (v.players[q].gold, v.players[q].portfolio, v.players[q].influence) == \
            (s.players[q].gold, s.players[q].portfolio, s.players[q].influence)
    assert set(v.deck) == {MASK} and len(v.deck) == len(s.deck) and set(v.agenda_deck) == {MASK}
    assert v.offer == s.offer and v.gates == s.gates  # face up
    # the hidden token: nobody knows it; the bag as a player sees it holds it among the unseen tokens
    assert v.hidden == HIDDEN and s.hidden not in (None, HIDDEN)
    assert sorted(v.bag) == sorted(s.bag + (s.hidden,)) and g.bag_count(v) == len(s.bag)
    spectator = g.view(s, None)
    assert all(set(pl.hand) <= {MASK} for pl in spectator.players)
    assert g.has_secrets(s)
    assert v != s and hash(v) != hash(s)


def test_the_hidden_token_shows_after_the_final_attack():
    g, sess = started(players=2, seed=5)
    run_bots(sess, {0: make_bot("greedy", 0), 1: make_bot("greedy", 1)})
    s = sess.state
    assert s.over and s.revealed and g.view(s, None).hidden == s.hidden


def test_decisions_work_on_the_view_of_the_deciding_player():
    g, sess = started(players=4, seed=3)
    bots = {p: make_bot("random", p) for p in range(4)}
    for _ in range(150):
        s = sess.state
        if g.is_over(s):
            break
        if not g.is_chance(s):
            p = g.to_move(s)[0]
            assert g.legal_moves(g.view(s, p), p) == g.legal_moves(s, p)
            assert g.pending(g.view(s, p)).options == g.pending(s).options
        run_bots(sess, bots, max_moves=1)


def test_masked_notation_and_words():
    g = BaldursGateGame(players=3)
    deal = Deal(1, "inn-03")
    assert g.move_to_text(deal) == "deal p2 inn-03"
    assert g.move_text_for(deal, 1) == "deal p2 inn-03"
    assert g.move_text_for(deal, 0) == g.move_text_for(deal, None) == "deal p2 ?"
    assert g.move_text_for(Deal(OFFER, "inn-03"), 0) == "deal offer inn-03"  # the offer is face up
    assert g.move_text_for(Hide(17), 0) == g.move_text_for(Hide(17), None) == "hide ?"  # hidden from everybody
    assert g.move_text_for(DealtAgenda(2, "ag-03"), 0) == "agenda p3 ?"
    assert g.move_text_for(Keep(2, "ag-03"), 0) == "p3 keep ?" and g.move_text_for(Keep(2, "ag-03"), 2) == "p3 keep ag-03"
    s = Session(g, seed=1).state
    assert g.describe_move(s, deal, 0) == "Player 2 draws a building card"
    assert g.describe_move(s, deal, 1) == "Player 2 draws Lantern House"
    assert "17" not in g.describe_move(s, Hide(17), None)
    cs = g.with_language("cs")
    assert cs.describe_move(s, deal, 0) == "Hráč 2 líže kartu budovy"
    assert cs.describe_move(s, DealtAgenda(2, "ag-03"), 0) == "Hráč 3 líže kartu plánu"


def test_an_agenda_choice_is_hidden_from_the_others():
    g, sess = started(players=2, seed=4)
    s = sess.state
    a, b = s.agenda_deck[:2]
    s = s._replace(tasks=(KeepAgenda(0, 2, 1, (a, b)),) + s.tasks, agenda_deck=s.agenda_deck[2:])
    assert g.validate(s) == []
    assert g.pending(s).kind == "keep" and [m.card for m in g.legal_moves(s, 0)] == [a, b]
    assert g.view(s, 1).tasks[0].drawn == (MASK, MASK)
    assert g.view(s, 0).tasks[0].drawn == (a, b)
    s2 = g.apply(s, f"p1 keep {b}")
    assert b in s2.players[0].agendas and s2.agenda_bottom[-1] == a  # the other to the bottom


@pytest.mark.parametrize("language", ["en", "cs"])
def test_every_decision_and_move_has_words(language):
    g, sess = started(players=3, seed=6, language=language, advanced=True)
    bots = {p: make_bot("random", p) for p in range(3)}
    seen = set()
    while not g.is_over(sess.state):
        s = sess.state
        pend = g.pending(s)
        assert pend.text and "{" not in pend.text
        seen.add(pend.kind)
        for m in g.legal_moves(s)[:8]:
            for viewer in (None, 0, 1):
                text = g.describe_move(s, m, viewer)
                assert text and "{" not in text and "unit." not in text
        run_bots(sess, bots, max_moves=1)
    assert {"pick", "bottom", "turn", "parcel", "trade", "income"} <= seen  # (a session draws chance at once)
    assert g.result_text(sess.state)


def test_pending_decision_for_the_view():
    g, sess = started(players=2, seed=1)
    s = sess.state
    pend = g.pending(s)
    assert (pend.kind, pend.player, pend.rule) == ("turn", 0, "T1")
    assert pend.options == g.legal_moves(s, 0) and type(pend.task) is Turn
    assert pend.text == "Player 1 chooses an action: build, worker or income"
    risk = g.attack_risk(s)
    assert [r.district for r in risk] == list(g.city.districts)
    assert abs(sum(r.hidden_odds for r in risk) - 1) < 1e-9  # from the public tokens only
    assert all(r.tokens == len(s.tracks[k]) for k, r in enumerate(risk))
