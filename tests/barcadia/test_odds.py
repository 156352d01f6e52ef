"""Heroes of Barcadia odds: design §3 reference values, exact enumeration, Monte Carlo, properties, bad input.

The oracle below is the reference implementation of design §3 (it counts every
die outcome); the module under test uses closed forms, so each check compares
two independent computations.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from balada_widgets.barcadia import odds
from balada_widgets.barcadia.odds import (KINDS, OddsExplanation, OddsTable, TrapOdds, dice_distribution,
                                          expected_crits, expected_hp_loss, expected_roll_offs, explain_odds,
                                          format_hp, format_percent, odds_table, opposed_counts, trap_odds,
                                          win_probability, win_probability_with_redos)
from balada_widgets.core.errors import GameError, InvalidInput
from balada_widgets.core.trace import Trace

D20 = range(1, 21)
F = Fraction


# ------------------------------------------------------------------ oracle: design §3, by enumeration
def p_monster(level, bonus=0):
    return F(sum(1 for r in D20 if r + bonus >= level), 20)


def p_team(level, bonus=0):
    return F(sum(1 for a in D20 for b in D20 if a + b + bonus >= level), 400)


def p_opposed(a=0, d=0):
    win = sum(1 for x in D20 for y in D20 if x + a > y + d)
    tie = sum(1 for x in D20 for y in D20 if x + a == y + d)
    return F(win, 400 - tie)


def p_survive_traps(k, hp, damage=10, p_disarm=F(11, 20)):
    q = 1 - p_disarm
    max_fail = (hp - 1) // damage
    if max_fail < 0:
        return F(0)
    return sum(comb(k, f) * q ** f * p_disarm ** (k - f) for f in range(0, min(k, max_fail) + 1))


def monster(level, bonus=0):
    return win_probability("monster", level=level, bonus=bonus)


def team(level, bonus=0):
    return win_probability("team", level=level, bonus=bonus)


def boss(a=0, d=0):
    return win_probability("boss", bonus=a, opponent_bonus=d)


# ------------------------------------------------------------------ design §3 "Reference values (exact)"
@pytest.mark.parametrize("level,p", [(4, "0.85"), (7, "0.70"), (10, "0.55"), (11, "0.50"), (13, "0.40"),
                                     (15, "0.30"), (16, "0.25")])
def test_monster_reference_values(level, p):
    assert monster(level) == F(p) == F(21 - level, 20)


def test_monster_each_bonus_point_is_one_face():
    for level in range(2, 21):
        for bonus in range(level - 21, level - 1):   # the needed face stays within 2..21
            assert monster(level, bonus + 1) - monster(level, bonus) == F(1, 20)


@pytest.mark.parametrize("level,p", [(18, "0.660"), (20, "0.5725"), (22, "0.475"), (24, "0.3825"),
                                     (26, "0.300"), (28, "0.2275"), (30, "0.165")])
def test_team_reference_values(level, p):
    assert team(level) == F(p)


def test_team_l22_is_19_40():
    assert team(22) == F(19, 40)


@pytest.mark.parametrize("diff,p", [(-4, F(5, 16)), (-3, F(136, 383)), (-2, F(153, 382)), (-1, F(57, 127)),
                                    (0, F(1, 2)), (1, F(70, 127)), (2, F(229, 382)), (3, F(247, 383)),
                                    (4, F(11, 16))])
def test_boss_and_duel_reference_values_depend_only_on_the_difference(diff, p):
    for d in range(-3, 4):
        assert boss(d + diff, d) == p
        assert win_probability("duel", bonus=d + diff, opponent_bonus=d) == p


def test_trap_guardian_and_roll_off_reference_values():
    assert win_probability("trap") == F(11, 20)
    assert expected_hp_loss("trap") == F(9, 2)              # 4.5 HP per trap
    assert win_probability("guardian") == F(3, 10)
    assert expected_hp_loss("guardian") == 7                 # 7 HP per attempt
    assert expected_roll_offs(0, 0) == F(20, 19)


def test_surviving_traps_reference_values():
    assert trap_odds(3, 20).survive == F(2299, 4000)
    assert round(float(trap_odds(10, 100).survive), 5) == 0.99966


def test_verification_table_lines_of_design_section_3():
    # every "exact" column of the design's verification run
    assert monster(15, 2) == F(2, 5)
    assert team(28, 3) == F(17, 50)
    assert boss(0, 3) == F(136, 383) and boss(4, 2) == F(229, 382)
    assert expected_hp_loss("monster", damage=10, level=11) == 5
    assert expected_hp_loss("team", damage=10, level=22) == F(21, 4)
    assert expected_hp_loss("team", damage=10, level=22, side="teammate") == F(21, 4)
    assert expected_hp_loss("boss", damage=20) == 10
    for k, hp, approx in [(3, 20, .5747), (5, 30, .5931), (10, 100, .9997), (12, 60, .5269), (1, 10, .5500)]:
        assert trap_odds(k, hp).survive == p_survive_traps(k, hp)
        assert abs(float(trap_odds(k, hp).survive) - approx) < 5e-5
    assert win_probability_with_redos(monster(15), 1) == F(51, 100)
    assert abs(float(expected_roll_offs()) - 1.0526) < 5e-5


# ------------------------------------------------------------------ invariants of design §3
def test_bounds():
    assert monster(7) == F(7, 10) and monster(21) == 0 and monster(1) == 1
    assert team(22) == F(19, 40) and team(2) == 1 and team(41) == 0
    assert boss(0, 0) == F(1, 2) and boss(20, 0) == 1 and boss(0, 20) == 0
    assert trap_odds(1, 10).survive == F(11, 20) and trap_odds(0, 10).survive == 1
    assert expected_hp_loss("guardian", damage=10) == 7


def test_opposed_symmetry():
    for a in range(-25, 26):
        for d in range(-6, 7):
            assert boss(a, d) + boss(d, a) == 1
            assert win_probability("duel", bonus=a, opponent_bonus=d) == boss(a, d)


def test_the_guardian_ignores_every_bonus_and_level_change():
    for bonus in range(-30, 31, 3):
        for level in (None, 1, 15, 19, 40):
            assert win_probability("guardian", level=level, bonus=bonus, opponent_bonus=-bonus) == F(3, 10)
    assert expected_hp_loss("guardian", bonus=9) == 7
    assert odds_table("guardian", bonuses=range(-5, 6)).rows == ((F(3, 10),) * 11,)
    e = explain_odds("guardian", bonus_sources=[("Fizzing Gauntlets", 2, "5.2"), ("Courage", 2, "5.3")],
                     level_changes=[("Mega Boost", 4, "H-FAQ6")])
    assert e.probability == F(3, 10) and e.bonus == 0 and e.level == 15
    ignored = [s for s in e.steps if "ignored" in s.reason]
    assert len(ignored) == 3 and all(s.rule == "H8" and s.points == 0 for s in ignored)
    assert expected_crits("guardian", bonus=5) == F(1, 20)


def test_natural_one_and_twenty_mean_nothing():
    # H5: a 20 does not beat level 21; a 1 beats level 1 or lower, or anything with a big bonus
    assert monster(21) == 0 and monster(21, 1) == F(1, 20)
    assert monster(1) == 1 and monster(-3) == 1 and monster(20, 19) == 1


# ------------------------------------------------------------------ exact enumeration, many levels and bonuses
def test_monster_and_trap_match_enumeration():
    for level in range(-5, 46):
        for bonus in range(-12, 13):
            assert monster(level, bonus) == p_monster(level, bonus)
            assert win_probability("trap", level=level, bonus=bonus) == p_monster(level, bonus)
    for bonus in range(-12, 13):
        assert win_probability("trap", bonus=bonus) == p_monster(10, bonus)


def test_team_matches_enumeration():
    for level in range(-2, 46):
        for bonus in range(-6, 7):
            assert team(level, bonus) == p_team(level, bonus)


def test_opposed_matches_enumeration_and_the_reroll_equation():
    for edge in range(-22, 23):
        w = sum(1 for x in D20 for y in D20 if x + edge > y)
        t = sum(1 for x in D20 for y in D20 if x + edge == y)
        assert opposed_counts(edge, 0) == (w, t, 400 - w - t)
        p = boss(edge, 0)
        assert p == p_opposed(edge, 0)
        # first-roll analysis: win now, or tie and start over with the same bonuses
        assert p == F(w, 400) + F(t, 400) * p
        assert expected_roll_offs(edge, 0) == 1 + F(t, 400) * expected_roll_offs(edge, 0)


def _enumerate_traps(k, hp, bonus):
    """Final HP over all 20**k roll sequences; a dead player rolls nothing more (0 = dead)."""
    out: dict[int, Fraction] = {}
    for rolls in itertools.product(D20, repeat=k):
        h = hp
        for r in rolls:
            if r + bonus < 10:
                h -= 10
                if h <= 0:
                    h = 0
                    break
        out[h] = out.get(h, F(0)) + F(1, 20 ** k)
    return out


@pytest.mark.parametrize("k,hp,bonus", [(0, 30, 0), (1, 10, 0), (2, 20, 0), (3, 20, 0), (3, 30, -2),
                                        (3, 100, 3), (3, 15, 0), (2, 5, 1)])
def test_traps_match_enumeration_of_every_roll(k, hp, bonus):
    t = trap_odds(k, hp, bonus)
    dist = _enumerate_traps(k, hp, bonus)
    assert t.as_dict() == dist
    assert t.survive == sum(w for h, w in dist.items() if h > 0)
    assert t.expected_damage == sum((hp - h) * w for h, w in dist.items())
    assert [h for h, _ in t.distribution] == sorted(dist)


def test_traps_match_the_binomial_formula():
    for k in range(0, 13):
        for hp in range(1, 101, 7):
            for bonus in (-3, 0, 3):
                p = win_probability("trap", bonus=bonus)
                assert trap_odds(k, hp, bonus).survive == p_survive_traps(k, hp, p_disarm=p)


def test_dice_distribution_matches_enumeration():
    for dice, bonus in [(1, 0), (1, 3), (2, 0), (2, -4), (3, 0)]:
        counts: dict[int, int] = {}
        for faces in itertools.product(D20, repeat=dice):
            counts[sum(faces) + bonus] = counts.get(sum(faces) + bonus, 0) + 1
        assert dice_distribution(dice, bonus) == {s: F(n, 20 ** dice) for s, n in counts.items()}
    d2 = dice_distribution(2)
    for level in range(0, 45):
        assert sum(p for s, p in d2.items() if s >= level) == team(level)


def test_redos_match_enumeration_of_attempts():
    for p in (F(0), F(3, 10), F(1, 2), F(19, 20), F(1)):
        for redos in range(0, 5):
            lose_all = F(1)
            for _ in range(redos + 1):
                lose_all *= 1 - p
            assert win_probability_with_redos(p, redos) == 1 - lose_all
    # H-FAQ6: the retry without the opponent's Mega Boost (+4 to the level)
    first, retry = monster(15), monster(11)
    assert win_probability_with_redos(first, 1, p_retry=retry) == 1 - (1 - first) * (1 - retry)
    assert win_probability_with_redos(0.7, 1) == F(91, 100)


def test_expected_hp_loss_sides():
    for a in range(-4, 5):
        p = boss(a, 0)
        assert expected_hp_loss("boss", damage=20, bonus=a) == (1 - p) * 20
        assert expected_hp_loss("boss", damage=20, bonus=a, side="boss") == p * 20
        assert expected_hp_loss("duel", bonus=a, side="defender") == p * 10
        assert expected_hp_loss("duel", bonus=a) == (1 - p) * 10
    assert expected_hp_loss("monster", damage=0, level=30) == 0
    assert expected_hp_loss("trap", damage=20, bonus=3) == F(3, 10) * 20


def test_expected_crits_follow_the_dice_rolled():
    assert expected_crits("monster") == expected_crits("team") == expected_crits("trap") == F(1, 20)
    for edge in range(-21, 22):
        assert expected_crits("boss", bonus=edge) == expected_roll_offs(edge, 0) / 20


# ------------------------------------------------------------------ seeded Monte Carlo (a few standard errors)
N = 3000


def _within(estimate, exact, n=N, z=4.0):
    e = float(exact)
    se = math.sqrt(max(e * (1 - e), 1 / n) / n)
    assert abs(estimate - e) <= z * se, (estimate, e, se)


def test_monte_carlo_agrees_with_the_exact_odds():
    rng = random.Random(20240601)
    d = lambda: rng.randint(1, 20)  # noqa: E731

    def opposed(a, b):
        rolls = 0
        while True:
            rolls += 1
            x, y = d() + a, d() + b
            if x != y:
                return x > y, rolls

    for level, bonus in [(7, 0), (15, 2), (11, -1)]:
        _within(sum(d() + bonus >= level for _ in range(N)) / N, monster(level, bonus))
    for level, bonus in [(22, 0), (28, 3)]:
        _within(sum(d() + d() + bonus >= level for _ in range(N)) / N, team(level, bonus))
    for a, b in [(0, 0), (2, 0), (0, 3)]:
        _within(sum(opposed(a, b)[0] for _ in range(N)) / N, boss(a, b))
    _within(sum(d() >= 10 for _ in range(N)) / N, win_probability("trap"))
    _within(sum(d() >= 15 for _ in range(N)) / N, win_probability("guardian"))
    _within(sum((d() >= 15) or (d() >= 15) for _ in range(N)) / N, win_probability_with_redos(monster(15), 1))

    def traps(k, hp):
        h = hp
        for _ in range(k):
            if d() < 10:
                h -= 10
                if h <= 0:
                    return 0
        return h

    finals = [traps(3, 20) for _ in range(N)]
    _within(sum(h > 0 for h in finals) / N, trap_odds(3, 20).survive)
    # expectations: compare with the sample's own standard error
    for values, exact in [(finals, 20 - trap_odds(3, 20).expected_damage),
                          ([opposed(0, 0)[1] for _ in range(N)], expected_roll_offs(0, 0)),
                          ([0 if d() + d() >= 22 else 10 for _ in range(N)],
                           expected_hp_loss("team", damage=10, level=22))]:
        mean = sum(values) / N
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (N - 1))
        assert abs(mean - float(exact)) <= 4 * max(sd, 0.01) / math.sqrt(N), (mean, float(exact))


# ------------------------------------------------------------------ properties (hypothesis)
levels = st.integers(-50, 80)
small = st.integers(-30, 30)
level_kinds = st.sampled_from(["monster", "team", "trap"])


@settings(max_examples=150, deadline=None)
@given(kind=level_kinds, level=levels, bonus=small)
def test_level_kinds_are_monotone_and_bounded(kind, level, bonus):
    p = win_probability(kind, level=level, bonus=bonus)
    assert 0 <= p <= 1
    assert win_probability(kind, level=level, bonus=bonus + 1) >= p
    assert win_probability(kind, level=level + 1, bonus=bonus) <= p
    # only level - bonus matters
    assert win_probability(kind, level=level + 3, bonus=bonus + 3) == p
    loss = expected_hp_loss(kind, damage=10, level=level, bonus=bonus)
    assert loss == (1 - p) * 10 and 0 <= loss <= 10


@settings(max_examples=150, deadline=None)
@given(a=small, d=small, kind=st.sampled_from(["boss", "duel"]))
def test_opposed_is_monotone_symmetric_and_bounded(a, d, kind):
    p = win_probability(kind, bonus=a, opponent_bonus=d)
    assert 0 <= p <= 1
    assert p + win_probability(kind, bonus=d, opponent_bonus=a) == 1
    assert win_probability(kind, bonus=a + 1, opponent_bonus=d) >= p
    assert win_probability(kind, bonus=a, opponent_bonus=d + 1) <= p
    assert expected_roll_offs(a, d) >= 1
    assert sum(opposed_counts(a, d)) == 400
    assert (expected_hp_loss(kind, damage=10, bonus=a, opponent_bonus=d)
            + expected_hp_loss(kind, damage=10, bonus=a, opponent_bonus=d,
                               side="boss" if kind == "boss" else "defender")) == 10


@settings(max_examples=60, deadline=None)
@given(k=st.integers(0, 12), hp=st.integers(1, 100), bonus=st.integers(-5, 8))
def test_traps_are_monotone_and_a_distribution(k, hp, bonus):
    t = trap_odds(k, hp, bonus)
    assert sum(w for _, w in t.distribution) == 1
    assert 0 <= t.survive <= 1 and t.death == 1 - t.survive
    assert all(0 <= h <= hp and (h == 0 or (hp - h) % 10 == 0) for h, _ in t.distribution)
    assert trap_odds(k + 1, hp, bonus).survive <= t.survive
    if hp < 100:
        assert trap_odds(k, hp + 1, bonus).survive >= t.survive
    assert trap_odds(k, hp, bonus + 1).survive >= t.survive
    assert 0 <= t.expected_damage <= min(hp, 10 * k)
    assert t.expected_damage <= 10 * t.expected_failures
    if k * 10 < hp:   # nobody can die: every trap is rolled
        assert t.expected_damage == 10 * t.expected_failures == k * (1 - t.p_disarm) * 10


@settings(max_examples=100, deadline=None)
@given(p=st.fractions(0, 1), redos=st.integers(0, 6))
def test_redos_never_hurt(p, redos):
    r = win_probability_with_redos(p, redos)
    assert p <= r <= 1
    assert win_probability_with_redos(p, redos + 1) >= r


source = st.tuples(st.sampled_from(["Fizzing Gauntlets", "Courage", "Jinx", "Last Gulp"]),
                   st.integers(-4, 4), st.sampled_from(["H5", "5.2", "5.3"]))
change = st.tuples(st.sampled_from(["Boost", "Mega Boost", "Drain"]), st.integers(-4, 4),
                   st.sampled_from(["H-FAQ6", "5.3"]))


@settings(max_examples=120, deadline=None)
@given(kind=st.sampled_from(KINDS), level=st.integers(1, 40), bonuses=st.lists(source, max_size=3),
       changes=st.lists(change, max_size=2), opponents=st.lists(source, max_size=2), damage=st.integers(0, 30))
def test_explanation_agrees_with_the_numbers(kind, level, bonuses, changes, opponents, damage):
    opposed = kind in ("boss", "duel")
    e = explain_odds(kind, level=level if kind in ("monster", "team") else None, bonus_sources=bonuses,
                     level_changes=changes if kind in ("monster", "team", "guardian") else (),
                     opponent_bonus_sources=opponents if opposed else (), damage=damage)
    b = sum(a for _, a, _ in bonuses)
    o = sum(a for _, a, _ in opponents) if opposed else 0
    final = level + sum(a for _, a, _ in changes)
    if kind in ("monster", "team"):
        assert e.probability == win_probability(kind, level=final, bonus=b)
        assert e.trace.points == final - b == e.level - e.bonus
    elif kind == "trap":
        assert e.probability == win_probability("trap", bonus=b) and e.trace.points == 10 - b
    elif kind == "guardian":
        assert e.probability == F(3, 10) and e.trace.points == 15
    else:
        assert e.probability == win_probability(kind, bonus=b, opponent_bonus=o)
        assert e.trace.points == b - o
    assert e.probability == F(e.wins, e.outcomes)
    assert e.expected_loss == expected_hp_loss(kind, damage=damage, level=e.level if kind != "guardian" else None,
                                               bonus=e.bonus, opponent_bonus=e.opponent_bonus)
    wheres = [s.where for s in e.steps]
    assert wheres[-1] == "loss" and "chance" in wheres and "dice" in wheres
    assert all(s.reason and s.reason[0].isupper() and s.reason.endswith(".") for s in e.steps)
    names = " ".join(s.reason for s in e.steps)
    assert all(name in names for name, _, _ in bonuses)


# ------------------------------------------------------------------ explanations in plain words
def test_explanation_of_a_boosted_monster_counts_the_winning_faces():
    e = explain_odds("monster", level=11,
                     bonus_sources=[("Fizzing Gauntlets", 2, "H5"), ("Courage", 2, "5.3")],
                     level_changes=[("Boost", 2, "H-FAQ6")], damage=10)
    assert isinstance(e, OddsExplanation)
    assert e.probability == F(3, 5) and e.expected_loss == 4 and e.level == 13 and e.bonus == 4
    assert [s.where for s in e.steps] == ["level", "change", "bonus", "bonus", "dice", "chance", "loss"]
    assert [s.rule for s in e.steps] == ["H5", "H-FAQ6", "H5", "5.3", "H5", "H5", "H-MON2"]
    assert e.steps[0].reason == "The Monster's level is 11."
    assert e.steps[1].reason == "Boost raises the level by 2, to 13."
    assert e.steps[3].reason == "Courage adds 2 to your roll, so you need 9 on the die."
    assert e.steps[4].reason == "You win on 9 to 20: 12 of 20 faces."
    assert e.steps[5].reason == "Chance to win: 12/20 = 3/5 = 60%."
    assert e.steps[6].reason == "Expected HP loss: 40% chance to lose × 10 HP = 4 HP."
    assert isinstance(e.trace, Trace) and e.trace.points == 9 and e.percent == "60%"
    assert e.text().splitlines()[4] == "5. You win on 9 to 20: 12 of 20 faces (rule H5)."
    with pytest.raises(Exception):
        e.probability = F(1)  # frozen


def test_explanation_edge_faces_and_drain():
    assert explain_odds("monster", level=4, level_changes=[("Drain", -3, "5.3")]).steps[-1].reason \
        == "Chance to win: 20/20 = 100%."
    e = explain_odds("monster", level=22)
    assert e.steps[1].reason.startswith("No face is enough: you would need 22, and a natural 20 is no automatic win")
    assert e.expected_loss is None and e.steps[-1].where == "chance"
    assert explain_odds("monster", level=20).steps[1].reason == "You win only on a 20: 1 of 20 faces."
    assert explain_odds("team", level=2).steps[1].reason.startswith("Any two dice win")
    assert explain_odds("team", level=41).steps[1].reason.startswith("No pair of dice is enough")


def test_explanation_of_a_boss_battle_for_each_side():
    e = explain_odds("boss", bonus_sources=[("Crown of Froth", 2, "5.2")], damage=10)
    assert e.probability == F(229, 382) and e.expected_loss == (1 - F(229, 382)) * 10
    assert "you win 229, lose 153 and tie 18" in e.steps[2].reason
    assert any(s.where == "roll-offs" and "400/382" not in s.reason and "200/191" in s.reason for s in e.steps)
    b = explain_odds("boss", bonus_sources=[("Crown of Froth", 2, "5.2")], damage=10, side="boss")
    assert b.expected_loss == F(229, 382) * 10 and b.steps[-1].rule == "H-BOSS5"
    assert "Boss-player" in b.steps[-1].reason
    d = explain_odds("duel", side="defender")
    assert d.expected_loss == 5 and d.steps[-1].rule == "H-DUEL4" and "defender" in d.steps[-1].reason
    assert explain_odds("duel", bonus_sources=[("Rapier", 20, "5.2")]).steps[2].reason.endswith(
        "no tie is possible.")


def test_team_and_trap_explanations():
    e = explain_odds("team", level=22, bonus_sources=[("Friendship Flagon (Ana)", 3, "5.2")], damage=10,
                     side="teammate")
    assert e.probability == F(247, 400)
    assert e.steps[-1].reason.startswith("Expected HP loss of each teammate") and e.steps[-1].rule == "H-TEAM2"
    t = explain_odds("trap", bonus_sources=[("Dowsing Straw", 3, "5.2")])
    assert t.probability == F(7, 10) and t.expected_loss == 3 and t.trace.points == 7
    assert t.steps[0].reason == "A trap is disarmed on 10 or more." and t.steps[0].rule == "H13"


# ------------------------------------------------------------------ tables and formats
def test_odds_table_shapes():
    t = odds_table("monster", levels=range(4, 16), bonuses=range(0, 5))
    assert isinstance(t, OddsTable) and len(t) == 12 and t.row_name == "level"
    assert t.cell(7, 2) == monster(7, 2) and t.rows[0][0] == F(17, 20)
    assert all(len(row) == 5 for row in t)
    b = odds_table("duel", bonuses=[0, 2], opponent_bonuses=[0, 1, 2])
    assert b.row_name == "opponent bonus" and b.cell(2, 2) == F(1, 2) and b.cell(0, 2) == F(229, 382)
    assert odds_table("trap", bonuses=[0, 3]).rows == ((F(11, 20), F(7, 10)),)
    assert "70%" in odds_table("monster", levels=[7], bonuses=[0]).text()


def test_formats():
    assert format_percent(F(1, 2)) == "50%" and format_percent(F(2299, 4000)) == "about 57.5%"
    assert format_percent(F(33, 50)) == "66%" and format_percent(F(1, 400)) == "0.25%"
    assert format_percent(0) == "0%" and format_percent(1) == "100%"
    assert format_percent(F(1, 10 ** 6)) == "about 0.0001%"
    assert format_hp(F(21, 4)) == "5.25 HP" and format_hp(0) == "0 HP"
    assert isinstance(trap_odds(2, 20), TrapOdds)


# ------------------------------------------------------------------ every bad input is an InvalidInput
BAD = [
    (lambda: win_probability("dragon", level=3), ["kind", "monster, team, boss, duel, trap, guardian", "'dragon'"]),
    (lambda: win_probability(None), ["kind", "monster, team"]),
    (lambda: win_probability("Monster", level=3), ["kind", "'Monster'"]),
    (lambda: win_probability("monster"), ["level", "required", "Boost"]),
    (lambda: win_probability("team"), ["level", "required"]),
    (lambda: win_probability("monster", level=7.5), ["level", "whole number", "7.5", "float"]),
    (lambda: win_probability("monster", level="7"), ["level", "whole number", "'7'", "str"]),
    (lambda: win_probability("monster", level=True), ["level", "whole number", "bool"]),
    (lambda: win_probability("monster", level=7, bonus=1.0), ["bonus", "whole number", "float"]),
    (lambda: win_probability("monster", level=7, bonus=None), ["bonus", "whole number", "None"]),
    (lambda: win_probability("boss", opponent_bonus="2"), ["opponent_bonus", "whole number"]),
    (lambda: win_probability("boss", level=7), ["level", "no level", "H7"]),
    (lambda: win_probability("duel", level=0), ["level", "no level"]),
    (lambda: win_probability("monster", level=7, opponent_bonus=2), ["opponent_bonus", "must be 0", "Jinx"]),
    (lambda: win_probability("guardian", bonus=2.5), ["bonus", "whole number"]),
    (lambda: expected_hp_loss("monster", level=7), ["damage", "required"]),
    (lambda: expected_hp_loss("monster", level=7, damage=-10), ["damage", "at least 0", "-10"]),
    (lambda: expected_hp_loss("boss", damage="ten"), ["damage", "whole number"]),
    (lambda: expected_hp_loss("duel", side="boss"), ["side", "challenger, defender", "'boss'"]),
    (lambda: expected_hp_loss("monster", damage=10, level=7, side="teammate"), ["side", "challenger"]),
    (lambda: expected_hp_loss("team", damage=10, level=22, side=None), ["side", "challenger, teammate"]),
    (lambda: trap_odds(-1, 20), ["k", "from 0 to 100", "-1"]),
    (lambda: trap_odds(3, 0), ["hp", "from 1 to 100", "0"]),
    (lambda: trap_odds(3, 101), ["hp", "from 1 to 100"]),
    (lambda: trap_odds(2.0, 20), ["k", "whole number"]),
    (lambda: trap_odds(2, 20, bonus="3"), ["bonus", "whole number"]),
    (lambda: win_probability_with_redos(F(3, 2), 1), ["p", "from 0 to 1", "3/2"]),
    (lambda: win_probability_with_redos(-0.1, 1), ["p", "from 0 to 1"]),
    (lambda: win_probability_with_redos(float("nan"), 1), ["p", "probability"]),
    (lambda: win_probability_with_redos("1/2", 1), ["p", "Fraction"]),
    (lambda: win_probability_with_redos(F(1, 2), -1), ["redos", "from 0 to 100"]),
    (lambda: win_probability_with_redos(F(1, 2), 1, p_retry=2), ["p_retry", "from 0 to 1"]),
    (lambda: expected_roll_offs(0.5), ["bonus", "whole number"]),
    (lambda: opposed_counts(0, [1]), ["opponent_bonus", "whole number"]),
    (lambda: expected_crits("dragon"), ["kind"]),
    (lambda: dice_distribution(0), ["dice", "from 1 to 6"]),
    (lambda: dice_distribution(7), ["dice", "from 1 to 6"]),
    (lambda: odds_table("monster", bonuses=[0]), ["levels", "required"]),
    (lambda: odds_table("monster", levels=[]), ["levels", "at least one"]),
    (lambda: odds_table("monster", levels=7), ["levels", "list"]),
    (lambda: odds_table("monster", levels=[7], bonuses="0"), ["bonuses", "list"]),
    (lambda: odds_table("monster", levels=[7, 8.5]), ["levels", "whole number", "8.5"]),
    (lambda: odds_table("boss", levels=[7]), ["levels", "no level", "opponent_bonuses"]),
    (lambda: odds_table("monster", levels=[7], opponent_bonuses=[1]), ["opponent_bonuses", "boss and duel"]),
    (lambda: odds_table("monster", levels=[7]).cell(8, 0), ["cell", "[7]", "(8, 0)"]),
    (lambda: explain_odds("monster"), ["level", "required", "level_changes"]),
    (lambda: explain_odds("trap", level=12), ["level", "10 or more"]),
    (lambda: explain_odds("guardian", level=12), ["level", "plain 15"]),
    (lambda: explain_odds("boss", level=12), ["level", "no level"]),
    (lambda: explain_odds("boss", level_changes=[("Boost", 2, "H-FAQ6")]), ["level_changes", "Monster and Team",
                                                                              "H7"]),
    (lambda: explain_odds("trap", level_changes=[("Drain", -3, "5.3")]), ["level_changes", "no level"]),
    (lambda: explain_odds("monster", level=7, opponent_bonus_sources=[("Courage", 2)]),
     ["opponent_bonus_sources", "Boss battles and duels"]),
    (lambda: explain_odds("monster", level=7, bonus_sources=[("Gauntlets",)]),
     ["bonus_sources", "(name, amount, rule)"]),
    (lambda: explain_odds("monster", level=7, bonus_sources=["Gauntlets"]), ["bonus_sources", "(name, amount, rule)"]),
    (lambda: explain_odds("monster", level=7, bonus_sources=[("Gauntlets", "2", "H5")]),
     ["amount of 'Gauntlets'", "whole number"]),
    (lambda: explain_odds("monster", level=7, bonus_sources=[("", 2, "H5")]), ["bonus_sources", "name"]),
    (lambda: explain_odds("monster", level=7, bonus_sources=[("G", 2, 5)]), ["bonus_sources", "rule id"]),
    (lambda: explain_odds("monster", level=7, bonus_sources=5), ["bonus_sources", "list"]),
    (lambda: explain_odds("monster", level=7, level_changes="Boost"), ["level_changes", "list"]),
    (lambda: explain_odds("duel", side="boss"), ["side", "challenger, defender"]),
    (lambda: explain_odds("duel", damage=-1), ["damage", "at least 0"]),
]


@pytest.mark.parametrize("call,words", BAD, ids=[f"bad{i}" for i in range(len(BAD))])
def test_every_bad_input_is_an_invalid_input_naming_the_argument(call, words):
    with pytest.raises(InvalidInput) as exc:
        call()
    message = str(exc.value)
    assert message.startswith("invalid input: ")
    for w in words:
        assert w in message, (w, message)
    assert exc.value.check  # names the argument for a UI that marks it


junk = st.one_of(st.none(), st.booleans(), st.floats(allow_nan=True), st.text(max_size=5),
                 st.integers(-10 ** 30, 10 ** 30), st.lists(st.integers(), max_size=2),
                 st.fractions(), st.sampled_from(KINDS))


@settings(max_examples=200, deadline=None)
@given(kind=junk, level=junk, bonus=junk, opponent=junk, damage=junk, side=junk)
def test_fuzzed_arguments_never_raise_anything_but_game_errors(kind, level, bonus, opponent, damage, side):
    for call in (lambda: win_probability(kind, level=level, bonus=bonus, opponent_bonus=opponent),
                 lambda: expected_hp_loss(kind, damage=damage, level=level, bonus=bonus, opponent_bonus=opponent,
                                          side=side),
                 lambda: explain_odds(kind, level=level, bonus_sources=[("X", bonus, "H5")], damage=damage),
                 lambda: trap_odds(level, damage, bonus),
                 lambda: win_probability_with_redos(bonus, level)):
        try:
            result = call()
        except GameError as e:
            assert isinstance(e, InvalidInput) and str(e)
            continue
        if isinstance(result, Fraction):
            assert 0 <= result


def test_huge_levels_and_bonuses_stay_exact():
    assert monster(10 ** 40) == 0 and monster(-10 ** 40) == 1
    assert team(10 ** 40, 10 ** 40 - 40) == F(1, 400)
    assert boss(10 ** 30, 0) == 1 and expected_roll_offs(10 ** 30, -5) == 1


def test_module_exports():
    for name in odds.__all__:
        assert hasattr(odds, name), name
