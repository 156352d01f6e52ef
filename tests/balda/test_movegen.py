"""Move generation and checking: rules D1-D8, errors, notation, fast == brute force."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from balada_widgets.balda import brute
from balada_widgets.balda import lexicon as lexmod
from balada_widgets.balda.lexicon import Lexicon
from balada_widgets.balda.movegen import (Move, check_move, explain_path, has_legal_move,
                                          legal_moves, readable_path)
from balada_widgets.balda.position import Position, cell_name
from balada_widgets.core.errors import GameError, IllegalMove, InvalidInput, InvalidPosition

SHIPPED = (lexmod.DATA_DIR / "en_nouns.tsv.gz").exists() and (lexmod.DATA_DIR / "ru_nouns.tsv.gz").exists()
needs_lists = pytest.mark.skipif(not SHIPPED, reason="shipped word lists not built yet")

# a3=h b3=o c3=r d3=s e3=e
HORSE = Position.new("horse")
FARM = Lexicon.from_words(
    ["horse", "ore", "or", "rose", "hose", "she", "hoe", "shoe", "ohs", "her", "hers", "sore",
     "roe", "eh", "so", "oe", "horses", "shore", "hero"],
    alphabet="abcdefghijklmnopqrstuvwxyz", name="farm")


def key(move: Move) -> tuple:
    return move.cell, move.letter, move.word


def synthetic_lexicon(seed: int, alphabet: str = "abcdef", count: int = 300) -> Lexicon:
    """Random words over a small alphabet: dense, so D3/D4 and repeated letters come up often."""
    rng = random.Random(seed)
    words = {"".join(rng.choice(alphabet) for _ in range(rng.randint(2, 7))) for _ in range(count)}
    words |= {w + w[::-1] for w in list(words)[:20]}  # palindromes: readable both ways
    words |= {w[:2] for w in list(words)[:30]}
    return Lexicon.from_words(words, alphabet=alphabet, name=f"synthetic-{seed}")


def self_play(lexicon: Lexicon, n: int, moves: int, seed: int):
    """Yield positions of a random game: start word from the lexicon, random legal moves."""
    rng = random.Random(seed)
    pos = Position.new(rng.choice(lexicon.words_of_length(n)))
    yield pos
    for _ in range(moves):
        legal = legal_moves(pos, lexicon)
        if not legal:
            return
        pos = pos.play(rng.choice(legal))
        yield pos


# ------------------------------------------------------------------ D1
@pytest.mark.parametrize("word", ["cat", "horse", "seaside", "abcdefghi"])
def test_d1_start_positions_of_any_odd_size(word):
    lex = Lexicon.from_words([word, word[:2], word[1:3] + "z"])
    pos = Position.new(word)
    assert pos.size == len(word) and pos.start_word == word
    moves = legal_moves(pos, lex)
    assert moves == brute.legal_moves(pos, lex)
    assert all(m.cell[0] in (len(word) // 2 - 1, len(word) // 2 + 1) for m in moves)


# ------------------------------------------------------------------ D2
def test_d2_every_move_is_well_formed():
    for pos in self_play(FARM, 5, 8, seed=1):
        n = pos.size
        frontier = set(pos.frontier())
        for m in legal_moves(pos, FARM):
            assert m.cell in frontier
            assert m.word in FARM and len(m.word) >= 2
            assert len(m.path) == len(m.word) == len(set(m.path))
            assert m.cell in m.path
            after = pos.place(m.cell, m.letter)
            assert "".join(after.cell(c) for c in m.path) == m.word
            for a, b in zip(m.path, m.path[1:]):
                assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
            assert Move.from_text(m.to_text(n), n) == m


def test_d2_example_moves():
    moves = {m.to_text(5) for m in legal_moves(HORSE, FARM)}
    assert "c4=e ore b3-c3-c4" in moves
    assert "e4=h she d3-e3-e4" not in moves  # she: s-h-e needs h next to s
    move = check_move(HORSE, FARM, "c4", "e", "b3-c3-c4")
    assert move == Move((1, 2), "e", "ore", ((2, 1), (2, 2), (1, 2)))
    # the path may run in any direction, and start at the new letter
    assert check_move(HORSE, FARM, "e4", "o", "e4-e3").word == "oe"
    assert check_move(HORSE, FARM, (1, 4), "h", ((2, 4), (1, 4))).word == "eh"


D2_CASES = [
    ("c3", "e", "b3-c3", "c3 already holds 'R'"),
    ("a5", "e", "a5-a4", "a5 has no occupied neighbour"),
    ("c4", "e", "", "the path is empty"),
    ("c4", "e", "b3-c4", "b3 and c4 are not neighbours"),
    ("c4", "e", "c3-a3-c4", "c3 and a3 are not neighbours"),
    ("c4", "e", "c4-c3-c4", "the path visits c4 twice"),
    ("c4", "e", "b3-c3", "the path does not go through the new letter at c4"),
    ("c4", "e", "c4-c5", "the path crosses the empty cell c5"),
    ("c4", "e", "c4", "a word needs at least 2 letters"),
    ("c4", "x", "c4-c3", "'xr' is not in the farm dictionary"),
    ("c4", "e", "a3-b3-c3-c4", "'hore' is not in the farm dictionary"),
]


@pytest.mark.parametrize("cell, letter, path, message", D2_CASES)
def test_d2_check_move_explains(cell, letter, path, message):
    with pytest.raises(IllegalMove) as info:
        check_move(HORSE, FARM, cell, letter, path)
    assert info.value.rule == "D2"
    assert message in str(info.value)
    assert str(info.value).endswith("(rule D2)")
    ok, rule, text = explain_path(HORSE, FARM, cell, letter, path)
    assert (ok, rule, text) == (False, "D2", str(info.value))


def test_d2_min_length():
    lex = Lexicon.from_words(FARM.words, min_length=3, name="farm3")
    with pytest.raises(IllegalMove, match="at least 3 letters"):
        check_move(HORSE, lex, "e4", "o", "e4-e3")
    assert all(len(m.word) >= 3 for m in legal_moves(HORSE, lex))
    assert legal_moves(HORSE, lex) == brute.legal_moves(HORSE, lex)


# ------------------------------------------------------------------ D3
def test_d3_played_word_is_refused():
    assert ((1, 2), "e", "ore") in {key(m) for m in legal_moves(HORSE, FARM)}
    played = HORSE.with_used("ORE")
    assert all(m.word != "ore" for m in legal_moves(played, FARM))
    assert all(m.word != "ore" for m in brute.legal_moves(played, FARM))
    with pytest.raises(IllegalMove, match="'ore' was already played") as info:
        check_move(played, FARM, "c4", "e", "b3-c3-c4")
    assert info.value.rule == "D3"
    # along another path too
    with pytest.raises(IllegalMove, match="already played"):
        check_move(played, FARM, "c2", "e", "b3-c3-c2")


def test_d3_start_word_is_refused():
    with pytest.raises(IllegalMove, match="'horse' is the start word") as info:
        check_move(HORSE, FARM, "d4", "e", "a3-b3-c3-d3-d4")
    assert info.value.rule == "D3"
    assert all(m.word != "horse" for m in legal_moves(HORSE, FARM))
    # "horses" runs through the whole start word but is a new word
    keys = {key(m) for m in legal_moves(HORSE, FARM)}
    assert ((1, 4), "s", "horses") in keys and ((3, 4), "s", "horses") in keys


def test_d3_start_word_even_if_missing_from_used():
    pos = Position.from_rows(HORSE.rows, used=["ore"])
    assert "horse" in pos.used


# ------------------------------------------------------------------ D4
def test_d4_word_readable_before_is_refused_even_through_the_new_letter():
    # "or" can be read on b3-c3 already; writing "o" on c4 reads "or" again through c4-c3
    assert readable_path(HORSE, "or") == ((2, 1), (2, 2))
    with pytest.raises(IllegalMove, match="'or' could already be read before this move "
                                          r"\(along b3-c3\)") as info:
        check_move(HORSE, FARM, "c4", "o", "c4-c3")
    assert info.value.rule == "D4"
    assert explain_path(HORSE, FARM, "c4", "o", "c4-c3")[:2] == (False, "D4")
    for gen in (legal_moves, brute.legal_moves):
        assert ((1, 2), "o", "or") not in {key(m) for m in gen(HORSE, FARM)}
    for pos in self_play(FARM, 5, 6, seed=3):
        for m in legal_moves(pos, FARM):
            assert readable_path(pos, m.word) is None


def test_d4_backwards_and_bent_paths_count_as_readable():
    lex = Lexicon.from_words(["balda", "lab", "bal", "dab", "bad"], name="demo")
    pos = Position.new("balda")
    assert readable_path(pos, "lab") == ((2, 2), (2, 1), (2, 0))  # read backwards
    assert all(m.word != "lab" for m in legal_moves(pos, lex))
    # after a letter above b3, "bad"... is read around a bend
    bent = Position.from_rows([".....", ".d...", "balda", ".....", "....."])
    assert readable_path(bent, "bad") == ((2, 0), (2, 1), (1, 1))
    assert all(m.word != "bad" for m in legal_moves(bent, lex))
    assert legal_moves(bent, lex) == brute.legal_moves(bent, lex)


def test_d4_not_readable_before_when_the_letters_are_apart():
    lex = Lexicon.from_words(["horse", "rose"], name="demo")
    pos = Position.new("horse")
    assert readable_path(pos, "rose") is None
    assert readable_path(pos, "horses") is None


# ------------------------------------------------------------------ D5
def test_d5_score_is_word_length():
    assert Move((0, 0), "a", "table", ()).score == 5
    for pos in self_play(FARM, 5, 6, seed=2):
        for m in legal_moves(pos, FARM):
            assert m.score == len(m.word)
    assert explain_path(HORSE, FARM, "c4", "e", "b3-c3-c4") == (
        True, None, "c4=e ore b3-c3-c4: 'ore' scores 3 (rule D5)")


# ------------------------------------------------------------------ D6
def test_d6_full_grid_and_blocked_positions_have_no_moves():
    lex = Lexicon.from_words(["abc", "cab", "ab"], name="tiny")
    full = Position.from_rows(["abc", "abc", "abc"])
    assert legal_moves(full, lex) == [] == brute.legal_moves(full, lex)
    assert not has_legal_move(full, lex)
    blocked = Lexicon.from_words(["zz", "abc"], name="blocked")
    pos = Position.new("abc")
    assert legal_moves(pos, blocked) == [] and not has_legal_move(pos, blocked)
    assert has_legal_move(HORSE, FARM)


# ----------------------------------------------------------- D6, D8 play
def test_d6_d8_random_game_to_the_end():
    """Two players alternate random legal moves, passing when stuck (D6); totals are word lengths (D8)."""
    lex = synthetic_lexicon(7)
    rng = random.Random(7)
    pos = Position.new(rng.choice(lex.words_of_length(5)))
    scores, passes, player = [0, 0], 0, 0
    while not pos.is_full() and passes < 2:
        legal = legal_moves(pos, lex)
        if legal:
            move = rng.choice(legal)
            check_move(pos, lex, move.cell, move.letter, move.path)
            pos = pos.play(move)
            scores[player] += move.score
            passes = 0
        else:
            passes += 1
        player = 1 - player
    assert pos.is_full() or not has_legal_move(pos, lex)
    assert sum(scores) == sum(len(w) for w in pos.used - {pos.start_word})


# ------------------------------------------------------------------ D7
def test_d7_case_insensitive():
    assert check_move(HORSE, FARM, "C4", "E", "B3-C3-C4") == check_move(HORSE, FARM, (1, 2), "e",
                                                                         [(2, 1), (2, 2), (1, 2)])
    upper = Position.from_rows([r.upper() for r in HORSE.rows])
    assert legal_moves(upper, FARM) == legal_moves(HORSE, FARM)


def test_d7_russian_yo_is_ye():
    lex = Lexicon.from_words(["ЁРШ", "ёж", "шё", "жёрш"], alphabet=lexmod.RUSSIAN_ALPHABET, name="ru")
    pos = Position.from_rows(["...", "ЁРШ", "..."])
    assert pos == Position.new("ерш")
    keys = {key(m) for m in legal_moves(pos, lex)}
    assert {((2, 0), "ж", "еж"), ((0, 0), "ж", "еж"), ((2, 2), "е", "ше"), ((0, 2), "е", "ше")} <= keys
    move = check_move(pos, lex, "c1", "Ё", "c2-c1")
    assert (move.letter, move.word) == ("е", "ше")
    assert legal_moves(pos, lex) == brute.legal_moves(pos, lex)


# ---------------------------------------------------------------- errors
def test_empty_lexicon_is_refused():
    empty = Lexicon.from_words([], name="empty")
    for fn in (legal_moves, brute.legal_moves, has_legal_move):
        with pytest.raises(InvalidInput, match="lexicon is empty"):
            fn(HORSE, empty)
    with pytest.raises(InvalidInput, match="empty"):
        check_move(HORSE, empty, "c4", "e", "b3-c3-c4")
    assert explain_path(HORSE, empty, "c4", "e", "b3-c3-c4")[0] is False


def test_letters_outside_the_alphabet():
    cyrillic = Position.from_rows([".....", "..ж..", "horse", ".....", "....."])
    with pytest.raises(InvalidPosition, match="'Ж' at c4 is not a letter of the farm alphabet"):
        legal_moves(cyrillic, FARM)
    with pytest.raises(InvalidPosition):
        brute.legal_moves(cyrillic, FARM)
    with pytest.raises(InvalidInput, match="not a letter of the farm alphabet") as info:
        check_move(HORSE, FARM, "c4", "ж", "c4-c3")
    assert info.value.rule == "D7"
    for bad in ("", "ee", "1", None):
        with pytest.raises(InvalidInput):
            check_move(HORSE, FARM, "c4", bad, "c4-c3")


def test_bad_arguments():
    with pytest.raises(InvalidInput):
        legal_moves("5/5/HORSE/5/5", FARM)
    with pytest.raises(InvalidInput):
        legal_moves(HORSE, ["horse"])
    with pytest.raises(InvalidInput):
        check_move(HORSE, FARM, "z9", "e", "c4-c3")
    with pytest.raises(InvalidInput):
        check_move(HORSE, FARM, "c4", "e", "c4-z9")
    ok, rule, message = explain_path(HORSE, FARM, "c4", "e", "c4-z9")
    assert not ok and rule is None and message.startswith("invalid input")
    assert all(issubclass(e, GameError) for e in (InvalidInput, IllegalMove, InvalidPosition))


# -------------------------------------------------------------- notation
def test_move_text():
    m = Move((1, 2), "e", "ore", ((2, 1), (2, 2), (1, 2)))
    assert m.to_text(5) == "c4=e ore b3-c3-c4"
    assert Move.from_text("C4=E ORE b3 c3 c4", 5) == m
    assert Move.from_text(m.to_text(7), 7) == m
    assert m.to_text(7) == "c6=e ore b5-c5-c6"


@pytest.mark.parametrize("bad", ["c4 ore b3-c3-c4", "c4=e ore", "c4=e ore b3-c3", "c4=e ore b3-c3-d3",
                                 "c4=x ore b3-c3-c4", "c4=ee ore b3-c3-c4", "c4=e or1 b3-c3-c4",
                                 "z4=e ore b3-c3-c4", "", None])
def test_move_text_errors(bad):
    with pytest.raises(InvalidInput):
        Move.from_text(bad, 5)


def test_moves_are_sorted_hashable_values():
    moves = legal_moves(HORSE, FARM)
    assert moves == sorted(moves)
    assert len({key(m) for m in moves}) == len(moves) == len(set(moves))
    with pytest.raises(AttributeError):
        moves[0].word = "x"


def test_teacher_edits_change_the_moves():
    FARM.trie  # built: edits copy paths of the shared trie
    keys = {key(m) for m in legal_moves(HORSE, FARM)}
    more = FARM.add(["roes", "orc"])
    new = {key(m) for m in legal_moves(HORSE, more)}
    assert ((1, 2), "c", "orc") in new and ((1, 2), "c", "orc") not in keys
    assert legal_moves(HORSE, more) == brute.legal_moves(HORSE, more)
    fewer = more.remove(["ore", "orc"])
    gone = {key(m) for m in legal_moves(HORSE, fewer)}
    assert all(k[2] not in ("ore", "orc") for k in gone)
    assert legal_moves(HORSE, fewer) == brute.legal_moves(HORSE, fewer)
    assert {key(m) for m in legal_moves(HORSE, FARM)} == keys  # the original is unchanged


def test_values_pickle_and_copy():
    import copy
    import pickle

    move = legal_moves(HORSE, FARM)[0]
    for value in (HORSE, move):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value
    assert legal_moves(pickle.loads(pickle.dumps(HORSE)), FARM) == legal_moves(HORSE, FARM)


# ---------------------------------------------- fast generator == brute
@pytest.mark.parametrize("seed", range(8))
def test_fast_equals_brute_5x5_self_play(seed):
    lex = synthetic_lexicon(seed)
    for pos in self_play(lex, 5, 16, seed):
        assert legal_moves(pos, lex) == brute.legal_moves(pos, lex), pos


@pytest.mark.parametrize("seed", range(3))
def test_fast_equals_brute_7x7_self_play(seed):
    lex = synthetic_lexicon(100 + seed, alphabet="abcdefgh", count=400)
    for k, pos in enumerate(self_play(lex, 7, 30, seed)):
        if k % 3 == 0:
            assert legal_moves(pos, lex) == brute.legal_moves(pos, lex), pos


SMALL = synthetic_lexicon(42, alphabet="abcd", count=120)


@st.composite
def grids(draw, lexicon=SMALL, sizes=(3, 5, 7)):
    """Any connected grid (not only reachable by play) and any set of played words."""
    n = draw(st.sampled_from(sizes))
    alphabet = sorted(lexicon.alphabet)
    start = draw(st.text(alphabet=alphabet, min_size=n, max_size=n))
    grid = [["."] * n for _ in range(n)]
    grid[n // 2] = list(start)
    for _ in range(draw(st.integers(0, min(n * n - n, 16)))):
        frontier = [(r, c) for r in range(n) for c in range(n) if grid[r][c] == "." and any(
            0 <= r + dr < n and 0 <= c + dc < n and grid[r + dr][c + dc] != "."
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))]
        if not frontier:
            break
        r, c = draw(st.sampled_from(frontier))
        grid[r][c] = draw(st.sampled_from(alphabet))
    used = draw(st.sets(st.sampled_from(sorted(lexicon.words)), max_size=8))
    return Position.from_rows(["".join(row) for row in grid], used=used)


@settings(max_examples=60, deadline=None)
@given(grids())
def test_fast_equals_brute_on_arbitrary_grids(pos):
    assert legal_moves(pos, SMALL) == brute.legal_moves(pos, SMALL)


# ------------------------------------- check_move agrees with legal_moves
def random_path_through(pos: Position, cell, rng: random.Random, letter: str):
    """A random simple path of occupied cells (after placing) through ``cell``."""
    n = pos.size
    after = pos.place(cell, letter)
    path = [cell]
    for _ in range(2):  # grow at both ends
        for _ in range(rng.randint(0, 5)):
            r, c = path[-1]
            options = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                       if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr, c + dc) not in path
                       and after.cell(r + dr, c + dc) is not None]
            if not options:
                break
            path.append(rng.choice(options))
        path.reverse()
    return path


@pytest.mark.parametrize("seed", range(4))
def test_check_move_agrees_with_legal_moves(seed):
    lex = synthetic_lexicon(seed)
    rng = random.Random(seed)
    tried = accepted = 0
    for pos in self_play(lex, 5, 12, seed):
        moves = legal_moves(pos, lex)
        legal = {key(m) for m in moves}
        for m in moves:  # every generated move passes the independent check
            assert check_move(pos, lex, m.cell, m.letter, m.path) == m
            assert check_move(pos, lex, cell_name(m.cell, pos.size), m.letter.upper(),
                              m.to_text(pos.size).split()[2]) == m
        for _ in range(150):  # and every traced path is accepted exactly when its move is legal
            cell = rng.choice(pos.frontier())
            letter = rng.choice(sorted(lex.alphabet))
            path = random_path_through(pos, cell, rng, letter)
            ok, rule, _ = explain_path(pos, lex, cell, letter, path)
            word = "".join(pos.place(cell, letter).cell(c) for c in path)
            tried += 1
            accepted += ok
            assert ok == ((cell, letter, word) in legal), (pos, cell, letter, path, rule)
    assert accepted > 20 and tried > accepted


# ---------------------------------------------------- the shipped lists
@needs_lists
@pytest.mark.slow
@pytest.mark.parametrize("n, moves, seed", [(5, 20, 1), (5, 20, 2), (5, 20, 3), (7, 16, 4), (7, 40, 5)])
def test_fast_equals_brute_english(n, moves, seed):
    lex = Lexicon.english()
    for pos in self_play(lex, n, moves, seed):
        assert legal_moves(pos, lex) == brute.legal_moves(pos, lex), pos


@needs_lists
@pytest.mark.slow
@pytest.mark.parametrize("n, moves, seed", [(5, 20, 6), (5, 20, 7), (7, 16, 8)])
def test_fast_equals_brute_russian(n, moves, seed):
    lex = Lexicon.russian()
    for pos in self_play(lex, n, moves, seed):
        assert legal_moves(pos, lex) == brute.legal_moves(pos, lex), pos


@needs_lists
def test_english_example():
    lex = Lexicon.english()
    pos = Position.new("table")
    texts = {m.to_text(5) for m in legal_moves(pos, lex)}
    assert {"a4=s stable a4-a3-b3-c3-d3-e3", "e2=t tablet a3-b3-c3-d3-e3-e2",
            "b4=c cable b4-b3-c3-d3-e3"} <= texts
    assert "tab" in lex
    with pytest.raises(IllegalMove, match="'tab' could already be read before this move "
                                          r"\(along a3-b3-c3\)"):
        check_move(pos, lex, "b4", "t", "b4-b3-c3")
