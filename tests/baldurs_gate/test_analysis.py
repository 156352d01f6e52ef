"""Baldur's Gate analysis: every number checked against brute force or the engine itself, bad input refused.

- :func:`hidden_odds` (with the draws' order, and from a position alone)
  equals the posterior found by enumerating every draw of the setup and the
  builds: in a small world of the same process (any limits) and through the
  engine's own chance moves (the real C5 limits, a bag of two districts).
- :func:`strength_distribution` and :func:`next_draw` equal enumeration of
  every order of the bag.
- :func:`networks`, :func:`growth` and :func:`connection_trace` agree with
  the engine's scoring and with the resources a real build pays.
- :func:`best_move` is the seated bot's move; :func:`determinize` gives a
  valid position with the same view; :func:`playouts` and :func:`bot_stats`
  are seeded; :func:`edit_position` and :func:`check_files` list problems.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import defaultdict
from fractions import Fraction

import networkx as nx
import pytest

from balada_widgets.baldurs_gate import BaldursGateGame, make_bot
from balada_widgets.baldurs_gate import analysis
from balada_widgets.baldurs_gate import scoring
from balada_widgets.baldurs_gate.i18n import CATALOG, check_catalog
from balada_widgets.baldurs_gate.state import DrawToken, EndTurn, HideToken, Parcel, Token, Turn
from balada_widgets.core import GameError, InvalidPosition, Session

G2 = BaldursGateGame(players=2)
G3 = BaldursGateGame(players=3)
G4 = BaldursGateGame(players=4)


@pytest.fixture(scope="module")
def mid3():
    return analysis.example_session(G3, seed=3, moves=90)


@pytest.fixture(scope="module")
def mid2():
    return analysis.example_session(G2, seed=4, moves=70)


# ---------------------------------------------------------------- the hidden token: a small world, enumerated


def _world(totals, openings, bans, builds, limit, attack_at):
    """Every run of the setup-and-build process of a small world: ``(probability, record, observation, hidden)``.

    Tokens are numbered per district (district k holds ``k*10 + 1 ..``); draws follow C5 (setup and ban draws only
    from districts with fewer than ``limit`` tokens on their track, the hidden token never drawn), builds take any
    token of the bag, the ``attack_at``-th token of a district attacks it (its order is observed)."""
    K = len(totals)
    tokens = [k * 10 + j for k in range(K) for j in range(1, totals[k] + 1)]
    out = []

    def dist(n):
        return n // 10

    def rec(prob, bag, tracks, hidden, record, banned, attacks, steps):
        if not steps:
            obs = (tuple(tracks), frozenset(banned), tuple(attacks))
            out.append((prob, tuple(record), obs, hidden))
            return
        step, rest = steps[0], steps[1:]
        if step == "hide":
            for h in bag:
                rec(prob / len(bag), [x for x in bag if x != h], tracks, h, record, banned, attacks, rest)
            return
        if step in ("open", "ban"):
            cands = [x for x in bag if len(tracks[dist(x)]) < limit]
        else:
            cands = list(bag)
        if not cands:
            rec(prob, bag, tracks, hidden, record, banned, attacks, rest)
            return
        for x in cands:
            k = dist(x)
            tr = list(tracks)
            tr[k] = tr[k] + (x,)
            att = attacks + ([k] if step == "build" and len(tr[k]) == attack_at else [])
            rec(prob / len(cands), [y for y in bag if y != x], tr, hidden, record + [analysis.Draw(step, x)],
                banned | ({x} if step == "ban" else set()), att, rest)

    rec(Fraction(1), tokens, [()] * K, None, [], set(), [], ["open"] * openings + ["hide"] + ["ban"] * bans
        + ["build"] * builds)
    return out


def _posterior(runs, key):
    """P(hidden district | observation) by grouping the runs."""
    groups = defaultdict(lambda: defaultdict(Fraction))
    for prob, record, obs, h in runs:
        groups[key(record, obs)][h // 10] += prob
    return {k: {d: p / sum(v.values()) for d, p in v.items()} for k, v in groups.items()}


def _ours(totals, tracks, banned, attacks, limit, openings, record=None):
    K = len(totals)
    w, how = analysis.hidden_weights(totals, tracks, banned, lambda n: n // 10, openings=openings, limit=limit,
                                     attack_order=attacks, record=record)
    unseen = [totals[k] - len(tracks[k]) for k in range(K)]
    mass = sum(a * b for a, b in zip(w, unseen))
    return {k: w[k] * unseen[k] / mass for k in range(K) if w[k] * unseen[k]}, how


@pytest.mark.parametrize("world", [
    pytest.param(dict(totals=(3, 3, 3), openings=2, bans=2, builds=1, limit=2, attack_at=3), marks=pytest.mark.slow),
    pytest.param(dict(totals=(4, 4), openings=2, bans=2, builds=2, limit=3, attack_at=4), marks=pytest.mark.slow),
    dict(totals=(3, 3, 2), openings=2, bans=3, builds=1, limit=2, attack_at=3),
])
def test_hidden_odds_equal_enumeration(world):
    runs = _world(**world)
    limit, openings = world["limit"], world["openings"]
    rng = random.Random(0)  # every observation is enumerated; a seeded sample of them is checked (time)
    by_record = _posterior(runs, lambda record, obs: record)
    obs_of = {r: o for _, r, o, _ in runs}
    informative = 0
    for record in rng.sample(sorted(by_record), min(400, len(by_record))):
        post = by_record[record]
        obs = obs_of[record]
        got, how = _ours(world["totals"], obs[0], obs[1], obs[2], limit, openings, record=list(record))
        assert got == post, (record, got, post)
        informative += len(set(post.values())) > 1 and how == "record"
    assert informative  # the bans do tell something in these worlds
    by_obs = _posterior(runs, lambda record, obs: obs)
    for obs in rng.sample(sorted(by_obs, key=repr), min(150, len(by_obs))):
        post = by_obs[obs]
        got, how = _ours(world["totals"], obs[0], obs[1], obs[2], limit, openings)
        assert how in ("position", "uniform")
        assert got == post, (obs, got, post)


def test_hidden_odds_without_bans_are_uniform_per_unseen_token():
    w, how = analysis.hidden_weights((4, 4, 4), ((1, 2), (11,), ()), (), lambda n: n // 10, openings=3)
    assert how == "uniform" and len(set(w)) == 1


def test_hidden_odds_of_a_position_that_fits_no_draws_fall_back():
    # a ban token before an opening one cannot happen: every unseen token counts the same, and it says so
    w, how = analysis.hidden_weights((4, 4), ((1, 2, 3), ()), {1, 3}, lambda n: (n - 1) // 4, openings=1)
    assert how == "fallback" and len(set(w)) == 1


# ---------------------------------------------------------------- the hidden token through the engine's chance


def _engine_setup(game, bag, openings, bans, builds):
    """A state of ``game`` whose next steps are ``openings`` opening draws, the hidden token, ``bans`` ban draws and
    ``builds`` build draws from ``bag`` (the other tokens set aside: the tracks start empty)."""
    s = game.initial_state()
    while game.is_chance(s) and not isinstance(s.tasks[0], (DrawToken, HideToken)):
        s = game.apply(s, game.chance_outcomes(s)[0][0])
    tasks = (DrawToken("open"),) * openings + (HideToken(),) + (DrawToken("ban"),) * bans \
        + (DrawToken("build"),) * builds
    return s._replace(bag=tuple(bag), tasks=tasks)


def _engine_runs(game, s):
    out = []

    def rec(st, prob, record):
        if not game.is_chance(st):
            out.append((prob, tuple(record), st))
            return
        task = st.tasks[0]
        for m, p in game.chance_outcomes(st):
            r = record + ([analysis.Draw(task.purpose, m.number)] if isinstance(m, Token) else [])
            rec(game.apply(st, m), prob * Fraction(p).limit_denominator(100), r)

    rec(s, Fraction(1), [])
    return out


@pytest.mark.slow
def test_hidden_odds_equal_the_engines_chance_tree():
    s0 = _engine_setup(G2, range(1, 9), openings=2, bans=2, builds=1)  # Citadel Streets and Manorborn only
    runs = _engine_runs(G2, s0)
    assert abs(sum(p for p, _, _ in runs) - 1) < Fraction(1, 10 ** 9)
    post_rec = defaultdict(lambda: defaultdict(Fraction))
    post_obs = defaultdict(lambda: defaultdict(Fraction))
    seen = {}
    for prob, record, st in runs:
        d = G2.parcel_district[st.hidden]
        post_rec[record][d] += prob
        obs = (st.tracks, st.banned, tuple(a.district for a in st.attacks))
        post_obs[obs][d] += prob
        seen.setdefault(record, st)
        seen.setdefault(obs, st)
    differs = 0
    for key, post in list(post_rec.items()) + list(post_obs.items()):
        total = sum(post.values())
        st = seen[key]
        view = G2.view(st, 0)
        odds = analysis.hidden_odds(G2, view, key if key in post_rec else None, openings=2)
        got = {d: p for d, p in odds.probs.items() if p}
        want = {d: p / total for d, p in post.items()}
        assert got == want, (key, got, want)
        differs += odds.method != "uniform" and any(
            o.hidden_odds != float(odds.probs[o.district]) for o in G2.attack_risk(view))
    assert differs  # the engine's own attack_risk treats every unseen token alike: here it is not exact


def test_hidden_odds_of_real_games_sum_to_one_and_agree_with_and_without_the_order(mid2, mid3):
    for game, session in ((G2, mid2), (G3, mid3)):
        view = game.view(session.state, 1)
        with_order = analysis.hidden_odds(game, view, analysis.draw_record(session))
        alone = analysis.hidden_odds(game, view)
        assert sum(with_order.probs.values()) == 1 == sum(alone.probs.values())
        assert with_order.method in ("record", "uniform") and alone.method in ("position", "uniform")
        for d in game.city.districts:  # both zero exactly where no unseen token is left
            assert (with_order.probs[d] == 0) == (alone.probs[d] == 0) == (with_order.unseen[d] == 0)
        # a full state gives the same odds as a view: the hidden token is never read
        assert analysis.hidden_odds(game, session.state, analysis.draw_record(session)) == with_order


def test_hidden_odds_before_the_hidden_draw_and_after_the_reveal():
    s = G4.initial_state()
    assert analysis.hidden_odds(G4, s).method == "none"
    session = Session(G4, seed=0)
    assert analysis.hidden_odds(G4, session.state).method == "uniform"
    end = analysis.play_bot_game(["random"] * 4, seed=1)[0].state
    odds = analysis.hidden_odds(G4, end)
    assert odds.method == "revealed" and odds.probs[G4.parcel_district[end.hidden]] == 1
    assert "hidden" in odds.text(G4) or str(end.hidden) in odds.text(G4)


# ---------------------------------------------------------------- the next draw and the strength ahead


def _orders(unseen: dict, hidden_probs: dict, strength: int, track, attacked: set):
    """By enumeration of every order of the bag: P(next token's district) and each district's attack strength."""
    nxt = defaultdict(Fraction)
    dist = defaultdict(lambda: defaultdict(Fraction))
    for e, pe in hidden_probs.items():
        bag = [d for d, u in unseen.items() for _ in range(u - (d == e))]
        perms = set(itertools.permutations(bag))
        for perm in perms:
            w = pe / len(perms)
            nxt[perm[0]] += w
            left = {d: bag.count(d) for d in set(bag)}
            done = 0
            for d in perm:
                left[d] -= 1
                if left[d] == 0 and d != e:
                    dist[d][track[min(strength + done, len(track) - 1)]] += w
                    done += 1
            others = sum(1 for d in unseen if d != e and d not in attacked)  # every other district comes first
            dist[e][track[min(strength + others, len(track) - 1)]] += w
    return nxt, dist


def test_next_draw_and_strength_distribution_equal_enumeration():
    from balada_widgets.baldurs_gate.state import Attack

    game = G4
    s = analysis.example_session(game, seed=1, moves=0).state
    # a late bag: 7 tokens unseen (the other districts drawn out and attacked; the hidden one among the unseen)
    keep = {"CIT": 2, "MAN": 1, "TEM": 3, "WID": 1}
    tracks, bag, attacks = [], [], []
    for d in game.city.districts:
        ps = list(game.city.parcels_of[d])
        u = keep.get(d, 0)
        tracks.append(tuple(ps[: 4 - u]))
        bag += ps[4 - u:]
        if not u:
            attacks.append(Attack(d, 1, 0, False, False, (0,) * 4, (0,) * 4, ()))
    st = s._replace(tracks=tuple(tracks), bag=tuple(sorted(bag[:-1])), hidden=bag[-1], strength=len(attacks) - 3,
                    attacks=tuple(attacks))
    odds = analysis.hidden_odds(game, game.view(st, 0))
    unseen = {d: u for d, u in odds.unseen.items() if u}
    hidden = {d: p for d, p in odds.probs.items() if p}
    assert set(unseen) == set(keep) and odds.method == "uniform"
    nxt, dist = _orders(unseen, hidden, st.strength, game.content.strength_track, {a.district for a in attacks})
    got = analysis.next_draw(game, st, odds)
    assert {d: p for d, p in got.items() if p} == dict(nxt)
    for d in unseen:
        assert analysis.strength_distribution(game, st, d, odds) == {k: v for k, v in sorted(dist[d].items()) if v}


# ---------------------------------------------------------------- networks, growth, connection bonuses


def test_networks_agree_with_scoring_and_with_removing_each_piece(mid3):
    st = mid3.state
    for p in range(3):
        net = analysis.networks(G3, st, p)
        assert set(net.largest) == {G3.city.nodes[i] for i in scoring.largest_network(G3, st, p)}
        assert sorted(v for c in net.components for v in c) == sorted(G3.city.nodes[i]
                                                                      for i in scoring.own_pieces(G3, st, p))
        cut = {c.node for c in net.cut_points}
        for v in net.largest:  # brute force: remove each piece, count what is left joined
            H = net.graph.subgraph(net.largest).copy()
            H.remove_node(v)
            assert (v in cut) == (H.number_of_nodes() > 0 and not nx.is_connected(H))
        for c in net.cut_points:
            pieces = list(st.pieces)
            pieces[G3.city.index[c.node]] = None
            assert len(scoring.largest_network(G3, st._replace(pieces=tuple(pieces)), p)) == c.left
            assert c.lost == 2 * (len(net.largest) - c.left) and c.damageable == (c.kind in analysis.BUILDINGS)
        assert "E7" in net.text(G3) or not net.components


@pytest.fixture(scope="module")
def builder():
    """A 3-player position where the player to move can build (a temple: its bonuses ask the owners for tracks)."""
    return analysis.example_session(G3, seed=28, moves=90).state  # the player to move can build; a rival temple touches an open parcel


def test_growth_and_bonuses_equal_what_a_real_build_gives(builder):
    st = builder
    p = G3.to_move(st)[0]
    card = next(m for m in G3.legal_moves(st) if type(m).__name__ == "Build")
    paid_step = G3.apply(st, card)
    grown = {g.node: g for g in analysis.growth(G3, st, p, spots=False)}
    checked = 0
    for n in st.avail:
        s = G3.apply(paid_step, Parcel(p, n))
        while G3.to_move(s) and not isinstance(s.tasks[0], Turn):  # track choices, the card's own choices
            s = G3.apply(s, G3.legal_moves(s)[0])
        node = f"P{n}"
        if node in grown:
            assert len(scoring.largest_network(G3, s, p)) == grown[node].after
        else:
            assert len(scoring.largest_network(G3, s, p)) == len(scoring.largest_network(G3, st, p))
        # the bonuses named are exactly what the other houses got (the builder's own card effects add to theirs)
        want = defaultdict(lambda: [0, 0, 0, 0, 0])
        for step in analysis.connection_trace(G3, st, p, node):
            w = want[st.pieces[G3.city.index[step.where]].owner]
            w[0] += 2 * step.reason.count("gain 2 gold")
            w[1] += step.reason.count("gain 1 supply")
            w[2] += step.reason.count("gain 1 favor")
            w[3] += step.points
            w[4] += step.reason.count("influence")
        for q in range(3):
            if q != p:
                a, b = st.players[q], s.players[q]
                got = [b.gold - a.gold, b.supply - a.supply, b.favor - a.favor, b.prestige - a.prestige,
                       sum(b.influence) - sum(a.influence)]
                if want[q][4]:  # influence moves a cube on a track, whose spaces give their own rewards (F2)
                    assert got[4] == want[q][4] and all(x >= y for x, y in zip(got, want[q])), (n, q, got, want[q])
                else:
                    assert got == want[q], (n, q, got, want[q])
        checked += 1
    assert checked == len(st.avail) >= 4


def test_connection_trace_of_a_spot_names_rules_and_owners(mid3):
    st = mid3.state
    spot = next(G3.city.nodes[i] for i in G3.city.forts if st.pieces[i] is None
                and any(st.pieces[j] is not None for j in G3.city.adj[i]))
    tr = analysis.connection_trace(G3, st, 0, spot)
    assert len(tr) == sum(1 for j in G3.city.adj[G3.city.index[spot]]
                          if st.pieces[j] is not None and not st.pieces[j].damaged)
    assert all(s.rule in ("C4", "FT2") for s in tr)
    with pytest.raises(GameError):
        analysis.connection_trace(G3, st, 0, "P99")


# ---------------------------------------------------------------- outlook, attacks, scores


def test_attack_outlook_matches_the_engines_defence_and_exposure(mid3):
    st = mid3.state
    view = G3.view(st, 0)
    risks = {r.district: r for r in G3.attack_risk(view)}
    for o in analysis.attack_outlook(G3, view, analysis.draw_record(mid3)):
        r = risks[o.district]
        assert (o.tokens, o.defence, o.contributions, o.exposed) == (r.tokens, r.defence, r.contributions, r.exposed)
        if o.attack is None:
            assert sum(o.strengths.values()) == 1
            assert o.holds == sum((p for s, p in o.strengths.items() if s <= o.defence), Fraction(0))
        assert o.text(G3) and o.text(G3, "cs")
    assert analysis.attack_lines(G3, st) and len(analysis.attack_lines(G3, st)) == len(G3.attack_log(st))


def test_score_steps_sum_to_the_prestige_and_name_their_rules():
    end = analysis.play_bot_game(["greedy", "random"], seed=2)[0].state
    for p in range(2):
        rows = analysis.score_steps(G2, end, p)
        assert sum(r["points"] for r in rows) == end.players[p].prestige
        assert {"E7", "E8", "E9"} <= {r["rule"] for r in rows}
        assert all(r["reason"] for r in rows)
    mid = analysis.example_session(G2, seed=2, moves=60).state
    rows = analysis.score_steps(G2, mid, 0, "preview")
    assert sum(r["points"] for r in rows) == scoring.preview(G2, mid, 0).points
    assert analysis.score_steps(G2, mid, 0, "both", language="cs")[-1]["reason"].startswith("kdyby")


# ---------------------------------------------------------------- decisions, bots, playouts


def test_decisions_are_the_legal_moves_in_words(mid3):
    st = mid3.state
    rows = analysis.decisions(G3, st, viewer=st.tasks[0].player)
    assert [m for m, _, _ in rows] == G3.legal_moves(st)
    assert all(w and n for _, w, n in rows)


def test_best_move_is_the_seated_bots_move_with_its_reasons(mid3):
    st = mid3.state
    p = G3.to_move(st)[0]
    for level in ("greedy", "strong"):
        adv = analysis.best_move(G3, st, level=level, seed=7)
        assert adv.move == make_bot(level, 7).choose(G3, G3.view(st, p), p)
        assert adv.options and adv.options[0][1] >= adv.options[-1][1]
        assert G3.is_legal(st, adv.move)
        text = adv.text(G3)
        assert adv.words in text
    assert analysis.best_move(G3, st, level="random").options == ()
    with pytest.raises(GameError):
        analysis.best_move(G3, st, level="genius")
    with pytest.raises(GameError):
        analysis.best_move(G3, st, player=(p + 1) % 3)


def test_determinize_keeps_what_the_player_sees(mid3):
    st = mid3.state
    for viewer in (0, 2, None):
        for seed in range(3):
            d = analysis.determinize(G3, st, viewer, random.Random(seed), analysis.draw_record(mid3))
            assert G3.validate(d) == []
            assert G3.view(d, viewer) == G3.view(st, viewer)


def test_playouts_are_seeded_and_finish():
    st = analysis.example_session(G2, seed=6, moves=140).state
    a = analysis.playouts(G2, st, n=2, level="random", seed=1, viewer=0)
    b = analysis.playouts(G2, st, n=2, level="random", seed=1, viewer=0)
    assert a == b and a.games + a.capped == 2
    assert all(len(x) == a.games for x in a.scores) and abs(sum(a.wins) - a.games) < 1e-9
    assert "random" in a.text(G2) and a.text(G2, "cs")
    with pytest.raises(GameError):
        analysis.playouts(G2, st, n=0)


def test_bot_stats_rotate_seats_and_count_scores():
    stats = analysis.bot_stats(("random", "greedy"), games=2, players=2, seed=0)
    assert [g.levels for g in stats.games] == [("random", "greedy"), ("greedy", "random")]
    assert len(stats.scores("random")) == 2 - stats.capped
    text = stats.text()
    assert "greedy" in text and stats.text("cs")
    import matplotlib

    matplotlib.use("Agg")
    ax = analysis.plot_bot_scores(stats, language="cs")
    assert ax.get_xlabel() == "konečná prestiž"
    with pytest.raises(GameError):
        analysis.bot_stats(("random", "cheater"), games=1, players=2)
    with pytest.raises(GameError):
        analysis.bot_stats(games=1, players=5)


# ---------------------------------------------------------------- positions and files


def test_edit_position_changes_clean_fields_and_lists_problems():
    st = analysis.example_session(G3, seed=2, moves=40).state
    p = st.active
    avail = st.avail[0]
    s2 = analysis.edit_position(G3, st, player=p, gold=20, influence={"fist": 4}, build=(avail, "temple"))
    assert s2.players[p].gold == 20 and s2.players[p].influence[G3.faction_index["fist"]] == 4
    assert G3.piece_at(s2, f"P{avail}").kind == "temple" and avail not in s2.avail
    s3 = analysis.edit_position(G3, s2, remove=f"P{avail}")
    assert s3.avail == st.avail and G3.piece_at(s3, f"P{avail}") is None
    spot = next(G3.city.nodes[i] for i in G3.city.forts if st.pieces[i] is None)
    s4 = analysis.edit_position(G3, st, player=0, fortify=(spot, "gate"))
    assert G3.piece_at(s4, spot).kind == "gate" and s4.gates == st.gates[1:]
    assert analysis.edit_position(G3, s4, remove=spot).gates == st.gates
    s5 = analysis.edit_position(G3, st, active=(p + 1) % 3)
    assert s5.tasks == (Turn((p + 1) % 3), EndTurn((p + 1) % 3))
    card = s5.deck[0]
    s6 = analysis.edit_position(G3, s5, player=0, hand=list(s5.players[0].hand) + [card])
    assert card in s6.players[0].hand and card not in s6.deck
    with pytest.raises(InvalidPosition) as e:
        analysis.edit_position(G3, st, player=0, gold=-3, worker="XYZ")
    assert len(e.value.problems) == 2
    with pytest.raises(InvalidPosition):
        analysis.edit_position(G3, st, player=0, build=(G3.city.parcels_of["SEA"][0] if G3.city.parcels_of["SEA"][0]
                                                  not in st.avail else 99, "inn"))
    with pytest.raises(GameError):
        analysis.edit_position(G3, st, gold=3)  # whose?
    with pytest.raises(GameError):
        analysis.edit_position(G3, st, remove=G3.city.nodes[G3.city.hq_spot[G3.content.hqs[st.players[0].hq].district]])
    mid = G3.apply(st, G3.legal_moves(st)[0])
    if not (mid.tasks and isinstance(mid.tasks[0], Turn)):
        with pytest.raises(InvalidPosition):
            analysis.edit_position(G3, mid, player=0, gold=1)


def test_check_files_lists_every_problem(tmp_path):
    from balada_widgets.baldurs_gate.content import CONTENT_FILE

    assert analysis.check_files(CONTENT_FILE) == []
    data = json.loads(CONTENT_FILE.read_text(encoding="utf-8"))
    data["attack_strength"] = "strong"
    data["buildings"][0]["cost"] = -4
    bad = tmp_path / "content.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    problems = analysis.check_files(bad)
    assert len(problems) >= 2 and all(isinstance(text, str) for _, text in problems)
    assert analysis.check_files(tmp_path / "missing.json")
    g = G3.city.copy_graph()
    g.remove_node("P1")
    g.add_edge("L-SEA", "P30")
    problems = analysis.check_files(city=g)
    assert len(problems) >= 2
    assert analysis.check_files(city=G3.city.copy_graph()) == []


def test_words_exist_in_both_languages_with_the_same_fields():
    assert check_catalog() == []
    lab = [k for k in CATALOG["en"] if k.startswith("lab.")]
    assert lab and all(k in CATALOG["cs"] and CATALOG["cs"][k] != CATALOG["en"][k] or k.endswith(("_item", ".who",
                                                                                                  ".contrib", "option"))
                       for k in lab)
    assert analysis.words("cs")["bot.strong"] == "Silný bot"


def test_bad_input_is_a_game_error(mid3):
    st = mid3.state
    for call in (lambda: analysis.hidden_odds(G3, "no state"), lambda: analysis.networks(G3, st, 7), lambda: analysis.networks(G2, st),
                 lambda: analysis.strength_distribution(G3, st, "XXX"), lambda: analysis.score_steps(G3, st, 0, "all"),
                 lambda: analysis.play_bot_game(["greedy"] * 5), lambda: analysis.edit_position(G3, st, player=0, build=(1,)),
                 lambda: analysis.edit_position(G3, st, player=0, fortify=("P3", "tower")),
                 lambda: analysis.edit_position(G3, st, player=0, hand=["no-such-card"])):
        with pytest.raises(GameError):
            call()
