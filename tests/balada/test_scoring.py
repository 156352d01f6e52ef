"""Scoring rules B5-B16 and the rule text's worked examples."""

import pytest

from balada_widgets.balada.scoring import (
    Choices, best_choices_table, best_points, parse_choices, parse_side, portal_layouts, score_side, side_to_text,
)
from balada_widgets.core.errors import GameError, IllegalMove, InvalidInput

E = ".."


def side(*events, fill=E):
    ev = list(events) + [fill] * (12 - len(events))
    return " ".join(ev)


def rules_of(result, rule):
    return [s for s in result.trace if s.rule == rule]


# ----------------------------------------------------------- worked examples


def test_example_fountain_heals_3_plus_2_for_5_points():
    r = score_side(side("O3", "O2", "FT"))
    assert r.points == 5
    assert [s.points for s in rules_of(r, "B8")] == [5]
    assert r.injuries == 0


def test_example_boss_seventh_from_end_scores_7():
    r = score_side(side(E, E, E, E, E, "BS"), swords=2)
    assert r.points == 7 and r.swords == 0
    assert rules_of(r, "B10")[0].points == 7


def test_example_princess_scores_12():
    # Fountain, Tower, Obstacle 2 (3 with the Tower), Boss worth 9, Princess
    r = score_side(side("FT", "TW", "O2", "BS", "PR"), swords=2)
    assert rules_of(r, "B15")[0].points == 12
    assert rules_of(r, "B7")[0].reason.startswith("Obstacle 3 (2 + 1 for the Tower")


def test_example_sword_saves_from_knockdown():
    # 4 injuries, then a Sword, then Obstacle 3: spending the sword scores 3, no knock-down
    r = score_side(side("SW", "O3"), injuries=4)
    assert r.points == 3 and r.injuries == 4 and r.choices.decisions == {2: "sword"}


# ----------------------------------------------------------- B5 Portal


def test_b5_portal_takes_an_event_and_leaves_the_space_empty():
    # The Key moved onto the Portal before the Tower: +2 for the Tower
    r = score_side(side("PT", "TW", E, "KY"))
    assert r.points == 2
    assert r.events[:4] == ("KY", "TW", None, None)
    assert r.choices.portals == ((1, 4),)
    assert r.trace[0].rule == "B5"


def test_b5_portal_is_optional_and_never_moves_a_portal():
    layouts = portal_layouts(("PT", "PT", "FI") + (None,) * 9)
    for ev in layouts:
        assert ev.count("FI") == 1
        assert sum(e == "PT" for e in ev) + sum(e is None for e in ev[:3]) >= 1
    with pytest.raises(IllegalMove, match=r"rule B5"):
        score_side(side("PT", "PT"), choices="P1<2")
    with pytest.raises(IllegalMove, match=r"space 3 holds no Portal \(rule B5\)"):
        score_side(side("PT", E, "FI"), choices="P3<1")


def test_p2_later_portal_may_move_on_what_an_earlier_one_received():
    layouts = portal_layouts(("KY", "PT", "PT") + (None,) * 9)
    assert ((None, None, "KY") + (None,) * 9) in layouts


def test_b5_fixed_portal_choice_is_honoured():
    r = score_side(side("PT", "TW", E, "KY"), choices="P1<-")
    assert r.points == 0 and r.events[0] == "PT"


# ----------------------------------------------------------- B6 carry, B7 obstacles


def test_b6_injuries_and_swords_carry_in_and_out():
    r = score_side(side("O2", "SW"), injuries=3, swords=1)
    # best: sword on the obstacle (+2), then pick up a new sword
    assert r.points == 2 and r.swords == 1 and r.injuries == 3


def test_b7_tower_raises_both_neighbouring_obstacles():
    r = score_side(side("O1", "TW", "O2"), choices="1:endure 3:endure")
    vals = [s.reason for s in rules_of(r, "B7")]
    assert vals[0].startswith("Obstacle 2 (1 + 1") and vals[1].startswith("Obstacle 3 (2 + 1")
    r = score_side(side("TW", "O1", "TW"), choices="2:endure")
    assert "Obstacle 3 (1 + 2 for the Towers" in rules_of(r, "B7")[0].reason


def test_b7_knockdown_at_six_injuries_scores_nothing():
    r = score_side(side("O3", "O3", "FT"))
    assert r.points == 0 and r.injuries == 0
    assert "knocked down" in rules_of(r, "B7")[1].reason


def test_b7_sword_is_the_players_choice():
    best = score_side(side("SW", "O2", "FT"))
    assert best.points == 2  # +2 with the sword beats +2 healed? equal: P1 keeps the sword
    assert best.choices.decisions == {2: "endure"} and best.swords == 1
    own = score_side(side("SW", "O2", "FT"), choices={2: "sword"})
    assert own.points == 2 and own.swords == 0


def test_b7_no_sword_no_sword_choice():
    with pytest.raises(IllegalMove, match=r"no sword.*\(rule B7\)"):
        score_side(side("O2"), choices="1:sword")


# ----------------------------------------------------------- B8, B9


def test_b8_fountain_scores_current_injuries_and_heals():
    r = score_side(side("FT"), injuries=4)
    assert r.points == 4 and r.injuries == 0


def test_b9_sword_adds_one():
    assert score_side(side("SW", "SW")).swords == 2


# ----------------------------------------------------------- B10 Boss


@pytest.mark.parametrize("space,value", [(1, 12), (6, 7), (12, 1)])
def test_b10_boss_value_counts_spaces_to_the_end(space, value):
    ev = [E] * 12
    ev[space - 1] = "BS"
    assert score_side(" ".join(ev), swords=2).points == value


def test_b10_boss_needs_two_swords():
    r = score_side(side("BS"), swords=1)
    assert r.points == 0 and r.swords == 1 and "needs 2 swords" in rules_of(r, "B10")[0].reason
    with pytest.raises(IllegalMove, match=r"takes 2 swords.*\(rule B10\)"):
        score_side(side("BS"), swords=1, choices="1:fight")


# ----------------------------------------------------------- B11-B14


def test_b11_tower_scores_two_with_the_key_which_stays():
    r = score_side(side("KY", "TW", "TW"))
    assert [s.points for s in rules_of(r, "B11")] == [2, 2]
    assert score_side(side("TW", "KY")).points == 0


def test_b12_fish_score_n_squared():
    for n in range(4):
        assert score_side(side(*["FI"] * n)).points == n * n


def test_b13_key_held_for_the_round_only():
    # the key of the day side does not reach the night side: scoring is per side
    assert score_side(side("TW")).points == 0


def test_b14_chest_with_key_counts_spaces_between_from_the_first_key():
    r = score_side(side("KY", E, "KY", E, "CH"))
    assert r.points == 3 and r.choices.decisions == {5: "key"}


def test_b14_chest_with_sword_scores_three_and_not_both():
    r = score_side(side("KY", "CH", "SW", "CH"))
    # first chest: key gives 0, sword not yet; second chest: key gives 2, sword gives 3 -> sword
    assert r.points == 3 and r.choices.decisions[4] == "sword"
    with pytest.raises(IllegalMove, match=r"no key.*\(rule B14\)"):
        score_side(side("CH", "KY"), choices="1:key")


def test_b14_key_after_chest_does_not_open_it():
    assert score_side(side("CH", "KY")).points == 0


# ----------------------------------------------------------- B15 Princess


def test_b15_princess_run_is_broken_by_knockdown_and_undefeated_boss():
    assert score_side(side("O3", "O3", "PR")).points == 0  # second obstacle knocks down
    r = score_side(side("O2", "BS", "PR"), swords=1)
    assert rules_of(r, "B15")[0].points == 0
    r = score_side(side("O2", "O1", "PR"))
    assert rules_of(r, "B15")[0].points == 3


def test_b15_sworded_obstacle_still_counts_as_a_danger():
    r = score_side(side("O2", "PR"), swords=1, choices="1:sword")
    assert r.points == 4  # 2 for the sword, 2 for the Princess


def test_b15_empty_space_and_other_events_break_the_run():
    assert rules_of(score_side(side("O2", E, "PR")), "B15")[-1].points == 0
    assert rules_of(score_side(side("O2", "SW", "PR")), "B15")[-1].points == 0
    assert rules_of(score_side(side("TW", "PR")), "B15")[0].points == 0


# ----------------------------------------------------------- B16 optimum


@pytest.mark.parametrize("text,inj,sw", [
    ("SW O2 BS CH KY TW O3 PR FT FI PT SW", 0, 0),
    ("PT O1 SW SW BS TW O2 PR KY CH FI FI", 2, 1),
    ("KY PT CH O4 TW O2 PR SW BS FT .. FI", 5, 2),
])
def test_b16_advice_is_the_maximum_over_all_choices(text, inj, sw):
    table = best_choices_table(text, inj, sw)
    assert score_side(text, inj, sw).points == table[0][1] == max(p for _, p in table)
    assert best_points(tuple(s.event for s in parse_side(text)), inj, sw) == table[0][1]


def test_b16_own_choices_are_scored_and_the_rest_filled_best():
    text = "SW SW O2 BS .. .. .. .. .. .. .. .."
    assert score_side(text).points == 9  # boss from space 4: 9
    own = score_side(text, choices="3:sword")
    assert own.points == 2 and own.choices.decisions == {3: "sword"} and own.swords == 1
    assert "needs 2 swords, the hero has 1" in rules_of(own, "B10")[0].reason


def test_trace_points_add_up_and_every_space_is_explained():
    r = score_side("F:KY D:TW M:O2 F:CH D:FI M:PR F:SW D:BS M:FT F:PT D:O1 M:FI", injuries=1)
    assert sum(s.points for s in r.trace) == r.points
    walked = [s.where for s in r.trace if isinstance(s.where, int) and not s.reason.startswith("Portal takes")]
    assert walked == list(range(1, 13))


# ----------------------------------------------------------- text forms and errors


def test_side_text_round_trip_with_landscapes():
    text = "F:O2 D:.. M:FT F:SW D:BS M:PT F:TW D:FI M:KY F:CH D:PR M:O9"
    assert side_to_text(parse_side(text)) == text
    assert side_to_text(parse_side(text), landscapes=False).split()[0] == "O2"


@pytest.mark.parametrize("bad,match", [
    ("O2 FT", r"12 spaces"),
    (side("XX"), r"unknown event 'XX'"),
    (side("Q:O2"), r"unknown landscape 'Q'"),
    (side("O0"), r"unknown event 'O0'"),
])
def test_bad_sides_are_refused_clearly(bad, match):
    with pytest.raises(InvalidInput, match=match):
        score_side(parse_side(bad))


def test_bad_carry_and_choices():
    with pytest.raises(InvalidInput, match="rule B6"):
        score_side(side(), injuries=6)
    with pytest.raises(InvalidInput, match="cannot read the choice"):
        parse_choices("3=sword")
    with pytest.raises(IllegalMove, match="offers no choice|no space 13"):
        score_side(side(), choices="13:sword")
    with pytest.raises(GameError):
        score_side(side("FT"), choices="1:sword")


def test_choices_text_round_trip():
    c = Choices(((4, 9), (6, None)), {3: "sword", 7: "fight"})
    assert parse_choices(c.text()) == c
