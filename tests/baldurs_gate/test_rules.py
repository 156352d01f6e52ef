"""Rules of Builders of Baldur's Gate: the rule text's worked example and the rulings, on rigged positions."""

import pytest

from balada_widgets.baldurs_gate import BaldursGateGame
from balada_widgets.baldurs_gate.scoring import leftovers, prestige_trace
from balada_widgets.baldurs_gate.state import (
    OFFER, Attack, Build, ChooseTrack, Done, DrawToken, Income, IncomeLoop, Parcel, Piece, Spot, Token, Track, Trade,
    Turn, Use, Worker,
)
from balada_widgets.core import GameError, IllegalMove, Session


# ---------------------------------------------------------------- rigging positions


class Rig:
    """Edits a real position into a test position while keeping its bookkeeping (cards, tokens) consistent."""

    def __init__(self, game, seed=0):
        self.g = game
        s = Session(game, seed=seed).state
        assert type(s.tasks[0]) is Turn
        self.s = s

    # cards
    def _pull(self, card):
        s = self.s
        for zone in ("deck", "bottom", "discard", "offer"):
            z = getattr(s, zone)
            if card in z:
                s = s._replace(**{zone: tuple(c for c in z if c != card)})
                self.s = s
                return
        for p, pl in enumerate(s.players):
            for zone in ("hand", "portfolio"):
                z = getattr(pl, zone)
                if card in z:
                    self.s = self.g.set_player(s, p, pl._replace(**{zone: tuple(c for c in z if c != card)}))
                    return
        raise AssertionError(f"card {card} not found")

    def hand(self, p, *cards, only=True):
        if only:  # the old hand goes back to the deck
            old = self.s.players[p].hand
            self.s = self.g.set_player(self.s, p, self.s.players[p]._replace(hand=()))
            self.s = self.s._replace(deck=tuple(sorted(self.s.deck + old)))
        for c in cards:
            self._pull(c)
            pl = self.s.players[p]
            self.s = self.g.set_player(self.s, p, pl._replace(hand=pl.hand + (c,)))
        return self

    def res(self, p, **kw):
        self.s = self.g.set_player(self.s, p, self.s.players[p]._replace(**kw))
        return self

    # tokens and parcels
    def _token_out_of_bag(self, n):
        s = self.s
        if n in s.banned:
            s = s._replace(banned=tuple(x for x in s.banned if x != n))
        if s.hidden == n:  # swap the hidden token with another bag token of another district
            other = next(x for x in s.bag if self.g.parcel_district[x] != self.g.parcel_district[n])
            s = s._replace(hidden=other, bag=tuple(sorted(set(s.bag) - {other} | {n})))
        d = self.g.district_index[self.g.parcel_district[n]]
        tracks = list(s.tracks)
        if n in s.bag:
            tracks[d] = tracks[d] + (n,)
            s = s._replace(bag=tuple(x for x in s.bag if x != n), tracks=tuple(tracks))
        self.s = s

    def open(self, *numbers):
        """Open parcels; other available parcels close so that at most 8 stay available (S7)."""
        for n in numbers:
            self._token_out_of_bag(n)
            if n not in self.s.avail and n not in self.s.banned:
                self.s = self.s._replace(avail=tuple(sorted(self.s.avail + (n,))))
            keep = {self.g.parcel_district[x] for x in numbers}
            while len(self.s.avail) > 8:
                self.close(next(x for x in self.s.avail if self.g.parcel_district[x] not in keep))
        return self

    def close(self, n):
        """Put an available parcel's token back into the bag."""
        s = self.s
        d = self.g.district_index[self.g.parcel_district[n]]
        tracks = list(s.tracks)
        tracks[d] = tuple(x for x in tracks[d] if x != n)
        self.s = s._replace(avail=tuple(x for x in s.avail if x != n), bag=tuple(sorted(s.bag + (n,))),
                            tracks=tuple(tracks))
        return self

    def clear(self, *districts):
        """Put every revealed (available or banned) token of these districts back into the bag."""
        for d in districts:
            for n in self.g.city.parcels_of[d]:
                if n in self.s.avail or n in self.s.banned:
                    if n in self.s.banned:
                        self.s = self.s._replace(banned=tuple(x for x in self.s.banned if x != n),
                                                 avail=tuple(sorted(self.s.avail + (n,))))
                    self.close(n)
        return self

    def hide(self, n):
        s = self.s
        if s.hidden != n:
            assert n in s.bag, n
            self.s = s._replace(hidden=n, bag=tuple(sorted(set(s.bag) - {n} | {s.hidden})))
        return self

    def build(self, p, card, number, damaged=False):
        self._pull(card)
        self._token_out_of_bag(number)
        s = self.s
        i = self.g.city.parcel_index[number]
        pieces = list(s.pieces)
        pieces[i] = Piece(self.g.content.buildings[card].type, p, damaged, card)
        pl = s.players[p]
        s = self.g.set_player(s, p, pl._replace(portfolio=pl.portfolio + (card,)))
        self.s = s._replace(pieces=tuple(pieces), avail=tuple(x for x in s.avail if x != number))
        return self

    def fort(self, p, kind, node):
        s = self.s
        i = self.g.city.index[node]
        card = ""
        if kind == "gate":
            card, s = s.gates[0], s._replace(gates=s.gates[1:])
            pl = s.players[p]
            s = self.g.set_player(s, p, pl._replace(portfolio=pl.portfolio + (card,)))
        pieces = list(s.pieces)
        pieces[i] = Piece(kind, p, False, card)
        self.s = s._replace(pieces=tuple(pieces))
        return self

    def hq(self, p, card):
        """Give player p the HQ card ``card`` (and its tile), swapping with the deck."""
        s = self.s
        old = s.players[p].hq
        pieces = list(s.pieces)
        pieces[self.g.city.hq_spot[self.g.content.hqs[old].district]] = None
        if card in s.hq_deck:
            s = s._replace(hq_deck=tuple(sorted(set(s.hq_deck) - {card} | {old})))
        else:
            q = next(q for q, pl in enumerate(s.players) if pl.hq == card)
            s = self.g.set_player(s, q, s.players[q]._replace(hq=old))
            pieces[self.g.city.hq_spot[self.g.content.hqs[old].district]] = Piece("hq", q)
        pieces[self.g.city.hq_spot[self.g.content.hqs[card].district]] = Piece("hq", p)
        self.s = self.g.set_player(s._replace(pieces=tuple(pieces)), p, s.players[p]._replace(hq=card))
        return self

    def keep_clear(self, *districts):
        """Move HQs out of these districts (to districts nobody uses)."""
        for p, pl in enumerate(self.s.players):
            if self.g.content.hqs[pl.hq].district in districts:
                free = next(h for h in sorted(self.s.hq_deck) if self.g.content.hqs[h].district not in districts)
                self.hq(p, free)
        return self

    def state(self, check=True):
        if check:
            problems = self.g.validate(self.s)
            assert problems == [], problems
        return self.s


def play(game, s, *moves):
    for m in moves:
        s = game.apply(s, m)
    return s


def seatower_example(players=3):
    """Rule text example: a 5-gold market joined to the builder's inn, B's hall and C's keep (parcel 29)."""
    g = BaldursGateGame(players=players)
    r = Rig(g, seed=4).keep_clear("SEA").clear("SEA")
    r.build(0, "inn-01", 30).build(1, "hall-02", 32).fort(2, "keep", "F-SEA-a").open(29)
    r.hide(next(x for x in r.s.bag if g.parcel_district[x] != "SEA"))
    r.hand(0, "market-05").res(0, gold=5, supply=0, favor=0).res(1, supply=0).res(2, prestige=0)
    return g, r.state()


# ---------------------------------------------------------------- the rule text's example (EX1-EX3)


def test_market_example_pays_three_houses():
    g, s = seatower_example()
    assert g.city.node_id(g.city.parcel_index[29]) == "P29"
    before = [(pl.gold, pl.supply, pl.favor, pl.prestige) for pl in s.players]
    s = play(g, s, "p1 build market-05")  # BLD1: paid at once
    assert s.players[0].gold == 0 and "market-05" in s.players[0].portfolio
    s = play(g, s, "p1 @29")  # BLD2-BLD6, then chance draws the token
    after = [(pl.gold, pl.supply, pl.favor, pl.prestige) for pl in s.players]
    assert after[0][2] == before[0][2] + 1  # your inn: +1 favor
    assert after[1][1] == before[1][1] + 1  # B's trading hall: +1 supply
    assert after[2][3] == before[2][3] + 1  # C's keep: +1 prestige (FT2)
    assert g.prestige_trace(s, 2).points == s.players[2].prestige == 1
    assert prestige_trace(g, s, 2)[0].rule == "FT2"
    assert g.is_chance(s) and type(s.tasks[0]) is DrawToken


def test_fourth_seatower_token_attacks_before_the_next_turn():
    g, s = seatower_example()
    s = play(g, s, "p1 build market-05", "p1 @29")
    assert len(s.tracks[g.district_index["SEA"]]) == 3
    s = g.apply(s, Token(31))  # BLD7: parcel 31 opens, the 4th Seatower token
    assert 31 in s.avail
    assert [a.district for a in g.attack_log(s)] == ["SEA"]  # BLD8: resolved at once
    a = g.attack_log(s)[0]
    # strength 1, defence 2 (C's keep): held; C the lone contributor gains 1 + 1 (A3, A4)
    assert (a.strength, a.defence, a.defended, a.final) == (1, 2, True, False)
    assert a.rewards == (0, 0, 2) and s.strength == 1  # C6: the marker moves after the attack
    assert type(s.tasks[0]) is Turn and s.tasks[0].player == 1  # then the next player's turn


def test_describe_the_example_in_both_languages():
    g, s = seatower_example()
    m = g.parse_move("p1 build market-05")
    assert g.describe_move(s, m) == "Player 1 builds Spice Market (market) for 5 gold"
    cs = g.with_language("cs")
    assert cs.describe_move(s, m) == "Hráč 1 staví „Kořenný trh“ (tržnice) za 5 zlatých"
    s2 = play(g, s, m, "p1 @29")
    assert cs.describe_move(s2, Token(31)).endswith("Je to čtvrtý: čtvrť Seatower je okamžitě napadena.")


# ---------------------------------------------------------------- attacks (A1-A9, C6-C8)


def attack_position(strength_index, forts, buildings, players=2):
    """HEA with 3 tokens; forts [(player, kind, node)], buildings [(player, card, parcel)]; p1 builds on 1."""
    g = BaldursGateGame(players=players)
    r = Rig(g, seed=2).keep_clear("HEA", "CIT").clear("HEA", "CIT")
    for p, card, n in buildings:
        r.build(p, card, n)
    for p, kind, node in forts:
        r.fort(p, kind, node)
    heap = [n for n in g.city.parcels_of["HEA"] if r.s.pieces[g.city.parcel_index[n]] is None]
    while len(r.s.tracks[g.district_index["HEA"]]) < 3:
        r.open(heap.pop(0))
    last = heap.pop(0)
    r.hide(next(x for x in r.s.bag if g.parcel_district[x] not in ("HEA", "CIT")))
    r.open(1).hand(0, "inn-02").res(0, gold=3)
    s = r.state(check=False)._replace(strength=strength_index)
    s = play(g, s, "p1 build inn-02", "p1 @1")
    if g.is_chance(s) is False:  # temple owners may choose first (not here)
        raise AssertionError(g.pending(s).text)
    return g, g.apply(s, Token(last))


def test_defended_attack_rewards_every_contributor_and_the_top_one_twice():
    # strength 3: A has a tower, B a keep -> defence 3; A gains 3, B gains 3 + 3 (A3, A4)
    g, s = attack_position(4, [(0, "tower", "F-HEA-a"), (1, "keep", "F-HEA-b")], [])
    a = g.attack_log(s)[-1]
    assert (a.district, a.strength, a.defence, a.defended) == ("HEA", 3, 3, True)
    assert a.contributions == (1, 2) and a.rewards == (3, 6)
    assert [(x.rule, x.points) for x in prestige_trace(g, s, 1)] == [("A3", 3), ("A4", 3)]
    assert "Heapside" in prestige_trace(g, s, 1)[1].reason


def test_tied_top_contribution_gives_nobody_the_bonus():
    g, s = attack_position(2, [(0, "keep", "F-HEA-a"), (1, "keep", "F-HEA-b")], [])
    a = g.attack_log(s)[-1]
    assert (a.strength, a.defence, a.defended, a.rewards) == (2, 4, True, (2, 2))  # A5


def test_failed_attack_damages_the_buildings_of_non_defenders():
    g, s = attack_position(6, [(0, "tower", "F-HEA-a")], [(0, "hall-01", 21), (1, "market-01", 22)])
    a = g.attack_log(s)[-1]
    assert (a.strength, a.defence, a.defended, a.rewards) == (4, 1, False, (0, 0))  # A9: no prestige
    assert a.damaged == (22,) and "HEA" in s.damage  # A6, A7
    ci = g.city.parcel_index
    assert s.pieces[ci[22]].damaged and not s.pieces[ci[21]].damaged  # A8: a defender's buildings stay
    assert "market-01" in s.players[1].portfolio  # C8: the card stays
    assert g.parcel_status(s, 22) == "damaged"
    assert 22 not in [i for i in range(0)]  # the damaged building breaks networks and districts:
    from balada_widgets.baldurs_gate.scoring import districts_present
    assert "HEA" not in districts_present(g, s, 1)


def test_a_damaged_location_charges_one_more_favor():
    g, s = attack_position(6, [], [])
    assert "HEA" in s.damage
    # p2 visits Heapside with 3 gold and 0 favor: the exchange (3 gold -> 2 supplies) now needs 1 favor too
    s = g.set_player(s, 1, s.players[1]._replace(gold=3, favor=0, worker=""))
    s = play(g, s, "p2 worker HEA")
    assert g.legal_moves(s) == [Trade(1, "")]
    with pytest.raises(IllegalMove, match=r"1 favor more.*\(rule A6\)"):
        g.apply(s, "p2 trade local")
    s1 = g.set_player(s, 1, s.players[1]._replace(favor=1))
    s1 = g.apply(s1, "p2 trade local")
    assert (s1.players[1].gold, s1.players[1].favor, s1.players[1].supply) == (0, 0, s.players[1].supply + 2)


# ---------------------------------------------------------------- final scoring (E6-E9)


def test_leftovers_are_units_divided_by_three():
    g = BaldursGateGame(players=2)
    r = Rig(g).hand(0, "inn-01", "inn-02").res(0, gold=7, supply=2, favor=1)
    s = r.state()
    assert leftovers(s, 0) == (12, 4)  # 7 + 2 + 1 + 2 cards = 12 -> 4 prestige


def test_final_scoring_steps_with_their_trace():
    g = BaldursGateGame(players=2)
    r = Rig(g, seed=1).keep_clear("MAN", "CIT")
    r.hq(0, "hq-MAN")
    r.build(0, "inn-01", 5).build(0, "hall-01", 8).build(0, "market-01", 1)  # MAN: P5, P8 join H-MAN; P1 alone
    r.fort(0, "tower", "F-MAN-a")  # joins P5 and P6
    s = r.state()
    s = g.set_player(s, 0, s.players[0]._replace(influence=(4, 4, 0), agendas=("ag-01", "ag-05", "ag-19"), gold=5,
                                                 supply=0, favor=1, hand=()))
    from balada_widgets.baldurs_gate.scoring import final_gains

    gains = {x.rule: x for x in final_gains(g, s, 0) if x.rule != "E6"}
    agendas = [x for x in final_gains(g, s, 0) if x.rule == "E6"]
    # two factions at level 4 -> the best two agendas: portfolio (HQ + 3 buildings) 4, strong quarters
    # (Manorborn holds 2 buildings) 3; innkeepers (1 inn: 2) is left out
    assert [(x.ref, x.points) for x in agendas] == [("ag-19", 4), ("ag-05", 3)]
    assert gains["E7"].points == 2 * 4  # H-MAN, P5, P8, F-MAN-a
    assert gains["E8"].points == 2 * 2  # Manorborn and Citadel Streets
    assert gains["E9"].points == 2  # 5 + 0 + 1 + 0 = 6 -> 2


def test_tie_breaks_then_a_syndicate():
    g = BaldursGateGame(players=2)
    s = Rig(g).state()
    s = s._replace(over=True, tasks=())
    assert g.winners(s) == [0, 1] and "syndicate" in g.result_text(s)  # TB4
    s2 = g.set_player(s, 1, s.players[1]._replace(portfolio=("inn-01",)))
    assert g.winners(s2) == [1]  # TB1: more buildings
    assert "tie-breaks" in g.result_text(s2)


# ---------------------------------------------------------------- setup (S7, S9, P23, C5)


@pytest.mark.parametrize("players,banned,bag", [(2, 8, 19), (3, 4, 23), (4, 0, 27)])
def test_setup_tokens(players, banned, bag):
    for seed in range(5):
        g = BaldursGateGame(players=players)
        s = Session(g, seed=seed).state
        assert len(s.avail) == 8 and len(s.banned) == banned
        assert sum(len(t) for t in s.tracks) == 8 + banned  # 16 revealed with 2 players
        assert max(len(t) for t in s.tracks) <= 3  # C5: no 4th token during setup
        assert len(s.bag) == bag and s.hidden is not None
        assert sorted(s.bag + (s.hidden,) + tuple(x for t in s.tracks for x in t)) == list(range(1, 37))
        assert all(len(pl.hand) == 3 and len(pl.agendas) == 3 and pl.hq for pl in s.players)
        assert len(s.offer) == 4 and (s.players[0].gold, s.players[0].supply, s.players[0].favor) == (6, 1, 1)


def test_setup_draws_are_uniform_among_tokens_whose_district_has_fewer_than_three():
    g = BaldursGateGame(players=2)
    s = Session(g, seed=0, auto_chance=False).state
    # deal everything, then rig tracks so that CIT already holds 3 tokens before an opening draw
    while not isinstance(s.tasks[0], DrawToken):
        s = g.apply(s, g.chance_outcomes(s)[0][0])
    s = s._replace(tracks=((1, 2, 3),) + s.tracks[1:], bag=tuple(x for x in s.bag if x not in (1, 2, 3)),
                   avail=(1, 2, 3))
    outs = g.chance_outcomes(s)
    assert 4 not in [m.number for m, _ in outs] and abs(sum(p for _, p in outs) - 1) < 1e-9
    with pytest.raises(IllegalMove, match="rule BLD7"):
        g.apply(s, Token(4))


# ---------------------------------------------------------------- the worker (W1-W4)


def test_worker_pushes_out_and_a_build_sends_workers_home():
    g = BaldursGateGame(players=2)
    r = Rig(g, seed=3).res(0, favor=0).res(1, favor=0)
    s = r.state()
    s = play(g, s, "p1 worker SEA", "p1 trade none")
    assert s.players[0].worker == "SEA"
    s = play(g, s, "p2 worker SEA")  # W2: p1's worker goes home first
    assert s.players[0].worker == "" and s.players[1].worker == "SEA"
    s = play(g, s, "p2 trade none")
    # W1: p1's worker is home; after p1 places it again, it cannot act until it returns
    s = play(g, s, "p1 worker HEA", "p1 trade none", "p2 income", "p2 done")
    with pytest.raises(IllegalMove, match=r"your worker is at Heapside Exchange.*\(rule W1\)"):
        g.apply(s, "p1 worker MAN")
    # C12: the basic HQ's income ability returns the worker
    s = play(g, s, "p1 income", f"p1 use {s.players[0].hq}")
    assert s.players[0].worker == ""
    with pytest.raises(IllegalMove, match=r"rule I2"):
        g.apply(s, f"p1 use {s.players[0].hq}")


def test_building_in_a_district_returns_its_workers():
    g = BaldursGateGame(players=2)
    r = Rig(g, seed=3)
    n = r.s.avail[0]
    d = g.parcel_district[n]
    r.hand(0, "inn-02").res(0, gold=3).res(1, worker=d).res(0, worker=d if False else "")
    s = r.state()
    s = play(g, s, "p1 build inn-02", f"p1 @{n}")
    assert s.players[1].worker == ""  # BLD4


# ---------------------------------------------------------------- connections (C3, C4), tracks (F, C10)


def test_temple_bonus_lets_its_owner_choose_the_track():
    g = BaldursGateGame(players=2)
    r = Rig(g, seed=5).keep_clear("CIT").clear("CIT")
    r.build(1, "temple-01", 2).open(1).hand(0, "inn-02").res(0, gold=3)
    s = r.state()
    s = play(g, s, "p1 build inn-02", "p1 @1")
    assert type(s.tasks[0]) is ChooseTrack and g.to_move(s) == (1,)  # the temple's owner decides
    assert g.pending(s).kind == "track" and g.legal_moves(s, 0) == []
    with pytest.raises(IllegalMove, match="not your decision"):
        g.apply(s, "p1 track fist")
    s = g.apply(s, "p2 track guild")
    assert s.players[1].influence[2] == 1 and s.players[1].gold == r.s.players[1].gold + 3  # guild space 1: 3 gold


def test_a_new_fortification_pays_connections_without_a_token():
    g = BaldursGateGame(players=2)
    r = Rig(g, seed=5).keep_clear("CIT").clear("CIT")
    fort = next(f for f in ("F-CIT-a", "F-CIT-b", "F-CIT-c") if {"P1"} <= set(g.city.graph[f]))
    other = next(int(n[1:]) for n in g.city.graph[fort] if n != "P1" and n.startswith("P"))
    r.build(1, "inn-01", 1).build(0, "hall-01", other).res(0, gold=3, favor=0, supply=0, worker="")
    s = r.state()
    bag = len(s.bag)
    s = play(g, s, "p1 worker CIT", "p1 trade tower")  # a tower costs 3 gold (issue 14)
    assert (s.players[0].gold, s.players[0].favor, s.players[0].supply) == (0, 0, 0)
    assert g.pending(s).kind == "spot"
    spots = [m.node for m in g.legal_moves(s)]
    assert set(spots) == {"F-CIT-a", "F-CIT-b", "F-CIT-c"}
    s = g.apply(s, f"p1 spot {fort}")  # joins P1 (p2's inn) and p1's hall: C4
    assert s.players[1].favor == r.s.players[1].favor + 1 and s.players[0].supply == 1  # the hall pays p1
    assert len(s.bag) == bag and type(s.tasks[0]) is Turn  # no token, no worker returns


def test_track_rewards_and_influence_past_the_end():
    g = BaldursGateGame(players=2)
    s = Rig(g, seed=6).state()
    s = g.set_player(s, 0, s.players[0]._replace(influence=(7, 0, 0), favor=1, worker=""))
    p0 = s.players[0]
    s = play(g, s, "p1 worker MAN", "p1 trade petition")  # 2 council influence: space 8 (5 prestige) + 1 past it
    assert s.players[0].influence[0] == 9
    assert s.players[0].prestige == p0.prestige + 5 + 1
    # the trace lists the prestige in the order it was earned: space 8 first, then the space past the end
    tail = list(prestige_trace(g, s, 0))[-2:]
    assert [(x.rule, x.points) for x in tail] == [("F2", 5), ("C10", 1)]
    assert "past the end" in tail[1].reason and "8" in tail[0].reason


def test_gate_takes_the_top_gate_card_whose_ability_works_at_once():
    g = BaldursGateGame(players=2)
    s = Rig(g, seed=6).res(0, favor=1, gold=3, worker="").state()
    s = play(g, s, "p1 worker EAS", "p1 trade local")
    assert g.pending(s).kind == "spot" and len(g.legal_moves(s)) == 27 - sum(
        1 for i in g.city.forts if s.pieces[i] is not None)
    s = play(g, s, "p1 spot F-SEA-b")
    assert "gate-1" in s.players[0].portfolio and s.gates[0] == "gate-2"
    assert g.piece_at(s, "F-SEA-b").kind == "gate" and g.contributions(s, "SEA") == [0, 0]  # defence 0
    s = play(g, s, "p2 income", "p2 done", "p1 income")
    assert Use(0, "gate-1") in g.legal_moves(s)


# ---------------------------------------------------------------- income and chains (I1-I4, C14)


def test_income_chain_uses_a_card_built_during_the_same_income():
    g = BaldursGateGame(players=2)
    r = Rig(g, seed=7)
    r.build(0, "hall-08", r.s.avail[0]).hand(0, "hall-01").res(0, gold=0, supply=1)
    s = r.state()
    s = play(g, s, "p1 income")  # I1: 6 gold + 1 supply
    assert (s.players[0].gold, s.players[0].supply) == (6, 2)
    s = play(g, s, "p1 use hall-08")  # 1 supply: build a card for 2 gold less
    assert g.pending(s).kind == "build"
    s = play(g, s, "p1 build hall-01")  # costs 3 - 2 = 1
    assert s.players[0].gold == 5
    s = play(g, s, f"p1 @{s.avail[0]}")
    while g.is_chance(s):  # the token (and any attack) resolves inside the income action
        s = g.apply(s, g.chance_outcomes(s)[0][0])
    assert type(s.tasks[0]) is IncomeLoop
    assert Use(0, "hall-01") in g.legal_moves(s)  # I4: the new card works at once
    s = play(g, s, "p1 use hall-01", "p1 done")
    assert s.players[0].supply == 2 and s.players[0].used == () and g.to_move(s) == (1,)


def test_an_attack_during_income_resolves_at_once_and_income_goes_on():
    g = BaldursGateGame(players=2)
    r = Rig(g, seed=2).keep_clear("HEA").clear("HEA")
    r.open(21, 22, 23)
    r.hide(next(x for x in r.s.bag if g.parcel_district[x] != "HEA"))
    r.build(0, "market-08", next(n for n in r.s.avail if g.parcel_district[n] != "HEA"))
    r.hand(0, "inn-02").res(0, gold=0, supply=1)
    s = r.state()
    s = play(g, s, "p1 income", "p1 use market-08", "p1 build inn-02", "p1 @21")
    s = g.apply(s, Token(24))  # the 4th Heapside token: C14
    assert g.attack_log(s)[-1].district == "HEA" and type(s.tasks[0]) is IncomeLoop
    s = g.apply(s, "p1 done")
    assert g.to_move(s) == (1,)


# ---------------------------------------------------------------- the end (E1-E5, C15, C6)


def test_final_round_and_final_attack():
    g = BaldursGateGame(players=3)
    from balada_widgets.baldurs_gate.bots import make_bot
    from balada_widgets.core.bots import run_bots

    sess = Session(g, seed=11)
    bots = {p: make_bot("greedy", p) for p in range(3)}
    while sess.state.end_by is None:
        run_bots(sess, bots, max_moves=1)
    s = sess.state
    trigger = s.end_by
    assert not s.bag and s.final_left in (None, 3)  # E2: the trigger's turn ends first
    turns = []
    while not s.over:
        if type(s.tasks[0]) is Turn:
            turns.append(s.tasks[0].player)
        run_bots(sess, bots, max_moves=1)
        s = sess.state
    n = 3
    assert turns == [(trigger + k) % n for k in range(1, n + 1)]  # C15: once each, the trigger last
    log = g.attack_log(s)
    assert [a.strength for a in log] == [1, 1, 2, 2, 3, 3, 4, 4, 5]  # C6
    assert [a.final for a in log] == [False] * 8 + [True]
    assert sorted(a.district for a in log) == sorted(g.city.districts)  # each district once
    hidden_district = g.parcel_district[s.hidden]
    assert s.revealed and log[-1].district == hidden_district
    assert len(s.tracks[g.district_index[hidden_district]]) == 3  # R30: never a 4th
    for p in range(3):
        assert prestige_trace(g, s, p).points == s.players[p].prestige
        assert [x.rule for x in prestige_trace(g, s, p)][-1] == "E9"


# ---------------------------------------------------------------- refusals


def test_refusals_name_the_rule_in_english_and_czech():
    for lang, cost_words in (("en", "costs 8 gold and you have 6 gold"), ("cs", "stojí 8 zlatých a ty máš 6 zlatých")):
        g = BaldursGateGame(players=2, language=lang)
        s = Rig(g, seed=1).hand(0, "inn-12").state()
        with pytest.raises(IllegalMove) as e:
            g.apply(s, "p1 build inn-12")
        assert cost_words in str(e.value) and e.value.rule == "BLD1"
        assert str(e.value).endswith("(rule BLD1)" if lang == "en" else "(pravidla, oddíl „Akce stavby krok za krokem“, "
                                                                         "bod 1)")
        def rule_of(state, move):  # the rule id stays on the error; the words name its section (cs) or id (en)
            with pytest.raises(IllegalMove) as err:
                g.apply(state, move)
            return err.value.rule

        assert rule_of(s, "p1 build inn-01") == "BLD1"  # not in the hand
        banned = BaldursGateGame(players=2, language=lang)
        s2 = play(g, Rig(g, seed=1).hand(0, "inn-02").state(), "p1 build inn-02")
        assert rule_of(s2, f"p1 @{s2.banned[0]}") == "P23"
        closed = next(n for n in range(1, 37) if g.parcel_status(s2, n) == "closed")
        assert rule_of(s2, f"p1 @{closed}") == "BLD7"
        assert rule_of(s2, "p1 @99") == "BLD2"
        assert rule_of(s2, "p1 income") == "BLD2"  # the parcel is the step now
        assert banned.language == lang


def test_cube_limit():
    g = BaldursGateGame(players=2)
    s = Rig(g, seed=1).hand(0, "inn-02").state()
    forts = [i for i in g.city.forts if s.pieces[i] is None][:22]
    pieces = list(s.pieces)
    for i in forts:
        pieces[i] = Piece("tower", 0)
    s = s._replace(pieces=tuple(pieces))
    assert g.free_cubes(s, 0) == 0
    assert Build(0, "inn-02") not in g.legal_moves(s)
    with pytest.raises(IllegalMove, match=r"free cube.*\(our ruling R10\)"):
        g.apply(s, "p1 build inn-02")


def test_advanced_setup():
    for players in (2, 3, 4):
        g = BaldursGateGame(players=players, advanced=True)
        s = Session(g, seed=players, auto_chance=True).state
        assert g.pending(s).kind == "pick" and g.to_move(s) == (players - 1,)  # reverse order (R44)
        assert len(s.hq_offer) == players + 1
        order = []
        from balada_widgets.core.bots import run_bots
        from balada_widgets.baldurs_gate.bots import make_bot

        sess = Session(g, seed=players)
        bots = {p: make_bot("random", p) for p in range(players)}
        while type(sess.state.tasks[0]) is not Turn:
            t = sess.state.tasks[0]
            if g.pending(sess.state).kind == "pick":
                order.append(t.player)
            run_bots(sess, bots, max_moves=1)
        s = sess.state
        assert order == list(reversed(range(players)))
        assert s.hq_offer == () and len({pl.hq for pl in s.players}) == players
        for pl in s.players:
            extra = 1 if g.content.hqs[pl.hq].advanced.special == "card" else 0
            assert len(pl.hand) == 3 + extra and len(pl.agendas) == 3  # ADV3, ADV4
        assert len(s.bottom) == 2 * players and len(s.agenda_bottom) == 2 * players
        assert g.validate(s) == []


def test_when_nobody_can_build_any_more_the_end_is_triggered():
    g = BaldursGateGame(players=2)
    r = Rig(g, seed=1)
    s = r.state()
    cards = s.deck + s.offer + s.players[0].hand + s.players[1].hand
    s = s._replace(deck=(), offer=())
    s = g.set_player(s, 1, s.players[1]._replace(hand=cards))
    s = g.set_player(s, 0, s.players[0]._replace(hand=()))
    pieces = list(s.pieces)
    for i in [i for i in g.city.forts if pieces[i] is None][:22]:
        pieces[i] = Piece("tower", 1)
    s = s._replace(pieces=tuple(pieces))
    assert g.stuck(s) and g.validate(s) == []
    s = play(g, s, "p1 income", "p1 done")  # BG9: the end is triggered as the turn ends
    assert s.end_by == 0 and s.final_left == 2 and s.bag
    s = play(g, s, "p2 income", "p2 done", "p1 income", "p1 done")
    assert s.over and g.attack_log(s)[-1].final and g.attack_log(s)[-1].strength == 1
