"""Position: validation (D1-D3, D7), immutability, cells, text notation, graph."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from balada_widgets.balda.lexicon import Lexicon
from balada_widgets.balda.position import (MAX_SIZE, Position, cell_name, parse_cell, parse_path,
                                           path_text, to_cell)
from balada_widgets.core.errors import IllegalMove, InvalidInput, InvalidPosition

START = [".....", ".....", "balda", ".....", "....."]


def rules_of(exc) -> list:
    return [rule for rule, _ in exc.problems]


# ------------------------------------------------------------ validation
def test_from_rows_basic():
    p = Position.from_rows(START)
    assert p.size == 5
    assert p.rows == tuple(START)
    assert p.start_word == "balda"
    assert p.used == {"balda"}  # D3: the start word counts as played


def test_used_adds_start_word_and_normalises_d3_d7():
    p = Position.from_rows([".....", "..л..", "БАЛДА", "..Ё..", "....."], used=["ЛАД", "ёж"])
    assert p.rows[2] == "балда" and p.rows[3] == "..е.."
    assert p.used == {"балда", "лад", "еж"}
    assert Position.from_rows(START, used="lab,bald").used == {"balda", "lab", "bald"}


def test_start_word_argument_must_match_middle_row():
    assert Position.from_rows(START, start_word="BALDA").start_word == "balda"
    with pytest.raises(InvalidPosition, match="not the middle row") as info:
        Position.from_rows(START, start_word="table")
    assert rules_of(info.value) == ["D1"]


def test_rows_of_different_lengths():
    with pytest.raises(InvalidPosition, match="row 2 has 4 cells, expected 5") as info:
        Position.from_rows([".....", "....", "balda", ".....", "......"])
    assert rules_of(info.value) == ["D1", "D1"]  # every problem is listed


def test_not_square():
    with pytest.raises(InvalidPosition, match="row 1 has 5 cells, expected 3"):
        Position.from_rows([".....", "balda", "....."])


@pytest.mark.parametrize("n", [4, 6, 8])
def test_even_size(n):
    rows = ["." * n] * n
    with pytest.raises(InvalidPosition, match="odd") as info:
        Position.from_rows(rows)
    assert info.value.problems[0][0] == "D1"


@pytest.mark.parametrize("rows", [[], ["a"], [".", "."], ["." * 27] * 27])
def test_size_bounds(rows):
    with pytest.raises(InvalidPosition, match="needs 3 to 25"):
        Position.from_rows(rows)


def test_biggest_and_smallest():
    assert Position.new("cat").size == 3
    assert Position.new("a" * MAX_SIZE).size == MAX_SIZE


@pytest.mark.parametrize("bad", ["ba1da", "ba da", "ba-da", "ba_da"])
def test_characters_must_be_letters_or_dots(bad):
    with pytest.raises(InvalidPosition, match="use letters and '.'"):
        Position.from_rows([".....", ".....", bad, ".....", "....."])


def test_no_start_word_d1():
    with pytest.raises(InvalidPosition, match="no start word") as info:
        Position.from_rows([".....", ".....", "bal.a", ".....", "....."])
    assert rules_of(info.value) == ["D1"]
    with pytest.raises(InvalidPosition, match="no start word"):
        Position.from_rows(["....."] * 5)


def test_loose_letters_are_refused_d2():
    with pytest.raises(InvalidPosition, match="a5, e1 not connected") as info:
        Position.from_rows(["x....", ".....", "balda", ".....", "....y"])
    assert rules_of(info.value) == ["D2"]
    # a chain of letters is fine
    Position.from_rows(["x....", "x....", "balda", ".....", "....."])


def test_bad_used_words():
    with pytest.raises(InvalidPosition, match="used word"):
        Position.from_rows(START, used=["lab", "b4d"])
    with pytest.raises(InvalidPosition):
        Position.from_rows(START, used=[3])


def test_rows_must_be_strings():
    with pytest.raises(InvalidInput, match="from_text"):
        Position.from_rows("5/5/BALDA/5/5")
    with pytest.raises(InvalidInput):
        Position.from_rows([1, 2, 3])
    with pytest.raises(InvalidInput):
        Position.from_rows(None)


def test_new_refuses_even_words():
    with pytest.raises(InvalidPosition, match="odd"):
        Position.new("bald")
    with pytest.raises(InvalidInput):
        Position.new(5)


def test_validate_against_alphabet_d7():
    en = Lexicon.from_words(["balda"], alphabet="abcdefghijklmnopqrstuvwxyz", name="English")
    p = Position.from_rows([".....", "..ж..", "balda", ".....", "....."])
    with pytest.raises(InvalidPosition, match="'Ж' at c4 is not a letter of the English alphabet"):
        p.validate(en)
    Position.from_rows(START).validate(en)
    Position.from_rows(START).validate(None)


# ------------------------------------------------------- value semantics
def test_immutable_and_hashable():
    p = Position.from_rows(START, used=["lab"])
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.rows = ()
    q = Position.from_rows([r.upper() for r in START], used=("LAB", "balda"))
    assert p == q and hash(p) == hash(q)
    assert len({p, q, Position.from_rows(START)}) == 2
    assert Position(p.rows, p.used) == p


def test_cells_and_frontier():
    p = Position.from_rows([".....", ".x...", "balda", ".....", "....."])
    assert p.cell(1, 1) == "x" and p.cell("b4") == "x" and p.cell((0, 0)) is None
    assert len(p.empty_cells()) == 25 - 6
    assert p.frontier() == ((0, 1), (1, 0), (1, 2), (1, 3), (1, 4),
                            (3, 0), (3, 1), (3, 2), (3, 3), (3, 4))
    assert not p.is_full()
    full = Position.from_rows(["abc", "cat", "abc"])
    assert full.is_full() and full.frontier() == () and full.empty_cells() == ()
    with pytest.raises(InvalidInput):
        p.cell(5, 0)


def test_place_and_with_used():
    p = Position.from_rows(START)
    q = p.place("c4", "T")
    assert q.cell("c4") == "t" and p.cell("c4") is None
    assert q.used == p.used
    assert q.place((3, 2), "ё").cell(3, 2) == "е"
    with pytest.raises(IllegalMove, match="c3 already holds 'L'") as info:
        p.place("c3", "x")
    assert info.value.rule == "D2"
    with pytest.raises(IllegalMove, match="a5 has no occupied neighbour"):
        p.place("a5", "x")
    for bad in ("", "xy", "1", 7):
        with pytest.raises(InvalidInput):
            p.place("c4", bad)
    assert p.with_used("Lab", "bald").used == {"balda", "lab", "bald"}


def test_str_diagram():
    assert str(Position.new("cat")) == "  a b c\n3 . . .\n2 C A T\n1 . . ."
    big = str(Position.new("abcdefghijk"))
    assert big.splitlines()[1].startswith("11 . .")


def test_graph():
    p = Position.from_rows([".....", ".x...", "balda", ".....", "....."])
    g = p.graph()
    assert g.number_of_nodes() == 25 and g.number_of_edges() == 40
    assert g.nodes[(1, 1)] == {"letter": "x", "name": "b4"}
    assert g.nodes[(0, 0)]["letter"] is None
    assert set(g[(2, 2)]) == {(1, 2), (3, 2), (2, 1), (2, 3)}


# ----------------------------------------------------------------- cells
@pytest.mark.parametrize("n", [3, 5, 7, 9, 25])
def test_cell_name_round_trip(n):
    names = set()
    for r in range(n):
        for c in range(n):
            name = cell_name((r, c), n)
            assert parse_cell(name, n) == (r, c) == parse_cell(name.upper(), n) == to_cell(name, n)
            names.add(name)
    assert len(names) == n * n


def test_cell_names_like_chess():
    assert cell_name((0, 0), 5) == "a5"
    assert cell_name((4, 0), 5) == "a1"
    assert cell_name((2, 4), 5) == "e3"
    assert cell_name((0, 6), 7) == "g7"


@pytest.mark.parametrize("bad", ["f1", "a6", "a0", "c", "3c", "", "aa1", "c-3", 5, None])
def test_parse_cell_errors(bad):
    with pytest.raises(InvalidInput):
        parse_cell(bad, 5)


@pytest.mark.parametrize("bad", [(5, 0), (0, -1), (1,), "zz", (1.0, 2), (True, 1), 3])
def test_to_cell_errors(bad):
    with pytest.raises(InvalidInput):
        to_cell(bad, 5)


def test_paths():
    assert parse_path("c3-c4, d4 d5", 5) == ((2, 2), (1, 2), (1, 3), (0, 3))
    assert parse_path([(2, 2), "c4"], 5) == ((2, 2), (1, 2))
    assert path_text(((2, 2), (1, 2)), 5) == "c3-c4"
    with pytest.raises(InvalidInput):
        parse_path(5, 5)
    with pytest.raises(InvalidInput):
        cell_name((5, 5), 5)


# ------------------------------------------------------------------ text
def test_text_examples():
    p = Position.from_text("5/1L3/BALDA/5/5 used=balda,lab")
    assert p.rows == (".....", ".l...", "balda", ".....", ".....")
    assert p.used == {"balda", "lab"}
    assert Position.from_text("...../.l.../balda/...../.....") == Position.from_rows(
        [".....", ".l...", "balda", ".....", "....."])
    assert Position.from_text("2T2/2L../BALDA/5/5").cell("c5") == "t"
    assert Position.from_text("3/CAT/3 used=cat,act").to_text() == "3/CAT/3 used=cat,act"
    assert Position.from_text("3/CAT/3 used=").used == {"cat"}
    assert Position.from_text(" 3/cat/3   used=Ёж ").used == {"cat", "еж"}


def test_text_of_big_grids():
    p = Position.new("abcdefghijk")
    assert p.to_text().startswith("11/11/11/11/11/ABCDEFGHIJK/")
    assert Position.from_text(p.to_text()) == p


@pytest.mark.parametrize("bad", ["", "   ", "5/5/BAL*A/5/5", "5/5/BALDA/5/5 lab", "5/5/BALDA/5/5 x=lab", None])
def test_text_errors(bad):
    with pytest.raises(InvalidInput):
        Position.from_text(bad)


@pytest.mark.parametrize("bad", ["5/5/BALDA/5", "5/5/BAL1A/5/5", "4/4/BALD/4", "5/5/BALDA/6/5"])
def test_text_inconsistent(bad):
    with pytest.raises(InvalidPosition):
        Position.from_text(bad)


@st.composite
def positions(draw, alphabet="abcdeжёЯßǅ"):
    n = draw(st.sampled_from([3, 5, 7, 9]))
    start = draw(st.text(alphabet=alphabet, min_size=n, max_size=n))
    grid = [["."] * n for _ in range(n)]
    grid[n // 2] = list(start)
    for _ in range(draw(st.integers(0, n * n - n))):
        frontier = [(r, c) for r in range(n) for c in range(n) if grid[r][c] == "." and any(
            0 <= r + dr < n and 0 <= c + dc < n and grid[r + dr][c + dc] != "."
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))]
        if not frontier:
            break
        r, c = draw(st.sampled_from(frontier))
        grid[r][c] = draw(st.sampled_from(alphabet))
    used = draw(st.lists(st.text(alphabet=alphabet, min_size=1, max_size=6), max_size=5))
    return Position.from_rows(["".join(row) for row in grid], used=used)


@settings(max_examples=150, deadline=None)
@given(positions())
def test_text_round_trip(p):
    text = p.to_text()
    assert Position.from_text(text) == p
    assert Position.from_text(text.lower()) == p
    assert eval(repr(p), {"Position": Position}) == p
    assert " " not in text.split(" used=")[0]
