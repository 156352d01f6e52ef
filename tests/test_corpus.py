"""Damaged save files and position texts, per registered game (``tests/corpus/<game>/``, made by
``tests/corpus/make_corpus.py``): each is refused with a clear :class:`GameError`, never a traceback.

Kinds of damage: truncated, wrong types, huge numbers, unknown version, another game's save, unicode
look-alikes, and 10 MB of input (made here, not stored).
"""

from __future__ import annotations

import json
import pathlib
import time

import pytest

from balada_widgets.core import GameError, Session
from balada_widgets.core.fuzz import make_game, registered_games

CORPUS = pathlib.Path(__file__).resolve().parent / "corpus"
SAME = "<refused, or read as the reference position>"  # as in corpus/make_corpus.py
GAMES = registered_games()
#: words of a Python error leaking into a message meant for a user
PYTHON_WORDS = ("Traceback", "invalid literal for int", "object has no attribute", "unhashable type",
                "NoneType", "KeyError", "IndexError", "TypeError", "not subscriptable", "object is not iterable",
                "unexpected keyword argument", "positional argument", "Exceeds the limit", "__")


def _manifest(name):
    return json.loads((CORPUS / name / "manifest.json").read_text(encoding="utf-8"))


CASES = [(name, entry["file"]) for name in sorted(GAMES) for entry in _manifest(name)["files"]]


def test_every_registered_game_has_a_corpus_covering_every_kind_of_damage():
    kinds = {"truncated", "wrong types", "huge numbers", "unknown version", "another game's save",
             "unicode look-alikes"}
    for name in GAMES:
        m = _manifest(name)
        assert {e["damage"] for e in m["files"]} == kinds, name
        assert {e["kind"] for e in m["files"]} == {"save", "position"}
        for e in m["files"]:
            assert (CORPUS / name / e["file"]).exists(), e["file"]


def _refuse(name, entry, text):
    meta = _manifest(name)
    game = make_game(GAMES[name], meta["options"])
    t0 = time.perf_counter()
    with pytest.raises(GameError) as e:
        if entry["kind"] == "save":
            Session.from_json(text, game=game if "other-game.json" in entry["file"] else None)
        else:
            game.state_from_text(text)
    msg = str(e.value)
    assert msg and len(msg) < 2000, msg[:300]
    assert not any(w in msg for w in PYTHON_WORDS), msg
    assert entry["expect"] in msg, (entry["expect"], msg)
    return msg, time.perf_counter() - t0


@pytest.mark.parametrize("name,file", CASES, ids=[f"{n}/{f}" for n, f in CASES])
def test_damaged_input_is_refused_with_a_clear_message(name, file):
    entry = next(e for e in _manifest(name)["files"] if e["file"] == file)
    text = (CORPUS / name / file).read_text(encoding="utf-8")
    if entry["expect"] == SAME:  # refused, or read as the very position it stands for
        game = make_game(GAMES[name], _manifest(name)["options"])
        try:
            got = game.state_from_text(text)
        except GameError:
            entry = dict(entry, expect="")
        else:
            reference = (CORPUS / name / "position-reference.txt").read_text(encoding="utf-8")
            assert got == game.state_from_text(reference)
            return
    _refuse(name, entry, text)


TEN_MB = 10 * 1024 * 1024


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_ten_megabytes_of_input_are_refused_quickly(name):
    save = json.loads((CORPUS / name / "save-other-game.json").read_text(encoding="utf-8"))
    junk_moves = dict(save, game=name, options=_manifest(name)["options"], moves=["p1 " + "9" * 1000] * (TEN_MB // 1000))
    texts = {
        "save": [json.dumps(junk_moves), "{" + " " * TEN_MB, '{"format": "' + "x" * TEN_MB + '"}'],
        "position": ["p1 " * (TEN_MB // 3), "9" * TEN_MB, "\n".join(["r1 0,0 up"] * (TEN_MB // 10))],
    }
    for kind, items in texts.items():
        for text in items:
            assert len(text) >= TEN_MB * 0.9
            _, seconds = _refuse(name, {"kind": kind, "file": "10mb", "expect": ""}, text)
            assert seconds < 30, (kind, text[:40], seconds)  # refused, not chewed on (a generous bound)


VALUES = [None, True, 0, -1, 2**70, 3.5, "", "x", [], {}, [1], {"a": 1}, "9" * 40, "р1"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_randomly_damaged_save_files_are_refused_or_loaded(name):
    """Beyond the corpus: any field of a real save (all branches) set to a value of any kind, move texts
    with a character swapped for a number, an invisible or a look-alike one, moves shuffled."""
    import random

    from balada_widgets.core.fuzz import LOOK_ALIKES, NUMBERS, ODD_CHARS

    game = make_game(GAMES[name], _manifest(name)["options"])
    s = Session(game, seed=2)
    rng = random.Random(name)
    for _ in range(25):
        if game.is_over(s.state):
            break
        s.play(rng.choice(game.legal_moves(s.state)))
    base = s.to_json(all_branches=True)
    loaded = 0
    for _ in range(40):
        d = json.loads(base)
        k = rng.randrange(4)
        if k == 0:
            d[rng.choice(sorted(d))] = rng.choice(VALUES)
        elif k == 1:
            d["options"][rng.choice(sorted(d["options"]))] = rng.choice(VALUES)
        elif k == 2:
            i = rng.randrange(len(d["moves"]))
            t = d["moves"][i]
            j = rng.randrange(len(t))
            d["moves"][i] = t[:j] + rng.choice(NUMBERS + ODD_CHARS + list(LOOK_ALIKES.values())) + t[j + 1:]
        else:
            rng.shuffle(d["moves"])
        try:
            again = Session.from_json(json.dumps(d))
        except GameError as e:
            assert str(e) and not any(w in str(e) for w in PYTHON_WORDS), str(e)
        else:
            loaded += 1
            assert game.validate(again.state) == [] or again.custom_start
    assert loaded < 40
