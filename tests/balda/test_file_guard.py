"""Balda's word lists and files: a save file never names a file (issue 12).

A game built from a word list file reads it once and carries the words in its options (``words``), so
a save is self-contained and loads on a machine without the file; a save (or any untrusted data) that
names a path is refused before the file system is touched, quickly and without quoting the file or its
path; custom words carried in a save are checked like any word list; the shipped lists are read through
``core/files`` too.
"""

from __future__ import annotations

import gzip
import json
import os
import pathlib
import shutil
import threading

import pytest

import balada_widgets.balda.lexicon as lexmod
from balada_widgets.balda.lexicon import MAX_WORD_LENGTH, MAX_WORDS, Lexicon, check_words, read_word_list
from balada_widgets.balda.rules import BaldaGame
from balada_widgets.core import GameError, InvalidInput, Session
from balada_widgets.core.files import untrusted

HERE = pathlib.Path(__file__).resolve().parent
SMALL_TEXT = (HERE / "small_words.txt").read_text(encoding="utf-8")
MARKER = "zq7-MARKER-9f3c1e"  # a unique line: it must never come back in a message


def _save(options: dict) -> str:
    return json.dumps({"format": "balada-widgets/save", "version": 1, "game": "balda", "options": options,
                       "seed": 1, "start": None, "moves": []})


def _load_within(seconds: float, text: str):
    """Load the save in a thread: (error or None, finished in time). A FIFO must not block the reader."""
    out: dict = {}

    def run():
        try:
            Session.from_json(text)
        except BaseException as e:  # noqa: BLE001 - reported to the test
            out["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    return out.get("error"), not t.is_alive()


# ------------------------------------------------------------- a file read once, its words carried
def test_a_game_from_a_word_list_file_carries_its_words_and_loads_on_a_second_machine(tmp_path):
    folder = tmp_path / "teacher"
    folder.mkdir()
    path = folder / "class_words.txt"
    path.write_text(SMALL_TEXT, encoding="utf-8")
    game = BaldaGame(players=2, word_list=str(path))
    opts = game.options
    assert "word_list" not in opts and opts["words"] == sorted(Lexicon.from_file(path).words)
    session = Session(game, seed=4)
    for _ in range(6):  # the chance start word, then words and passes
        moves = game.legal_moves(session.state)
        session.play(moves[len(moves) // 2])
    saved = session.to_json()
    assert str(folder) not in saved and "class_words" not in saved  # the save names no file
    legal_before = [game.move_to_text(m) for m in game.legal_moves(session.state)]
    shutil.rmtree(folder)  # the "second machine": no file, no folder
    again = Session.from_json(saved)
    assert again.game.options == opts
    assert again.state == session.state and again.history == session.history
    assert [again.game.move_to_text(m) for m in again.game.legal_moves(again.state)] == legal_before
    rebuilt = type(game)(**game.options)  # the options alone rebuild the game
    assert rebuilt.options == opts and rebuilt.lexicon.words == game.lexicon.words
    assert rebuilt.start_candidates() == game.start_candidates()


def test_frequencies_of_a_tsv_or_gz_list_travel_in_the_options(tmp_path):
    gz = tmp_path / "mini.tsv.gz"
    with gzip.open(gz, "wt", encoding="utf-8") as fh:
        fh.write("# a comment\ncat\t4.1\nact\t0.5\ntac\t0\n")
    game = BaldaGame(players=2, size=3, start_word="cat", word_list=gz)
    assert game.options["words"] == {"act": 0.5, "cat": 4.1, "tac": 0.0}
    os.remove(gz)
    again = Session.from_json(Session(game).to_json()).game
    assert again.lexicon.zipf("cat") == 4.1 and again.options == game.options
    assert json.loads(Session(game).to_json())["options"]["words"] == game.options["words"]


def test_a_shipped_game_has_no_words_option_and_give_one_source_only(tmp_path):
    game = BaldaGame(players=2)
    assert game.options["words"] is None and "word_list" not in game.options
    assert type(game)(**game.options).options == game.options
    p = tmp_path / "w.txt"
    p.write_text("cat\n", encoding="utf-8")
    with pytest.raises(InvalidInput, match="word_list .* or words .*not both"):
        BaldaGame(word_list=p, words=["cat"])


# ------------------------------------------------------------- a save that names a path
def _paths(tmp_path):
    marker = tmp_path / "secret.txt"
    marker.write_text(MARKER + "\n", encoding="utf-8")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    return {"marker file": str(marker), "fifo": str(fifo), "/dev/zero": "/dev/zero", "folder": str(tmp_path),
            "/etc/passwd": "/etc/passwd", "missing": str(tmp_path / "nothing.txt"), "relative": "my_words.txt"}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs os.mkfifo")
@pytest.mark.parametrize("kind", ["marker file", "fifo", "/dev/zero", "folder", "/etc/passwd", "missing", "relative"])
def test_a_save_naming_a_path_is_refused_quickly_without_quoting_it(tmp_path, kind):
    path = _paths(tmp_path)[kind]
    error, finished = _load_within(5.0, _save({"players": 2, "word_list": path}))
    assert finished, f"loading a save naming {kind} did not finish within 5 s"
    assert isinstance(error, GameError), repr(error)
    msg = str(error)
    assert "never names a file" in msg
    assert MARKER not in msg and path not in msg and os.path.basename(path) not in msg
    assert "root:" not in msg  # the first line of /etc/passwd


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs os.mkfifo")
def test_pasted_options_naming_a_path_are_refused_like_a_save(tmp_path):
    for path in _paths(tmp_path).values():
        with untrusted("a pasted option set"), pytest.raises(InvalidInput, match="never names a file"):
            BaldaGame(players=2, word_list=path)
        with untrusted("a pasted option set"), pytest.raises(InvalidInput, match="never names a file"):
            Lexicon.from_file(path)
    # a path given as the words themselves is not a file either: refused as words, nothing opened
    for words in ("/etc/passwd", ["/etc/passwd"], {"/etc/passwd": 1}):
        error, finished = _load_within(5.0, _save({"players": 2, "words": words}))
        assert finished and isinstance(error, GameError), repr(error)
        assert "root:" not in str(error)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs os.mkfifo")
def test_a_python_caller_naming_a_bad_file_gets_its_base_name_only(tmp_path):
    """Outside a save, a path is read, but only a regular UTF-8 word list; messages name neither the
    folder nor a line of the file."""
    paths = _paths(tmp_path)
    expected = {"marker file": "line 1: a word must be made of letters only", "fifo": "a pipe",
                "/dev/zero": "a device", "folder": "a folder", "missing": "no such file"}
    for kind, fragment in expected.items():
        path = paths[kind]
        box: dict = {}
        t = threading.Thread(target=lambda: box.setdefault("e", _error_of(BaldaGame, word_list=path)), daemon=True)
        t.start()
        t.join(5.0)
        assert not t.is_alive(), kind
        msg = str(box["e"])
        assert isinstance(box["e"], InvalidInput) and fragment in msg, (kind, msg)
        assert MARKER not in msg and str(tmp_path) not in msg, msg
    binary = tmp_path / "words.bin"
    binary.write_bytes(b"cat\n\xff\xfe\n")
    with pytest.raises(InvalidInput, match="not UTF-8"):
        BaldaGame(word_list=binary)


def _error_of(fn, **kw):
    try:
        fn(**kw)
    except GameError as e:
        return e
    return None


def test_a_gzip_bomb_and_an_oversized_file_are_refused(tmp_path):
    bomb = tmp_path / "bomb.txt.gz"
    with gzip.open(bomb, "wb") as fh:
        fh.write(b"a" * (lexmod.UNPACKED_CAP + 10))
    assert bomb.stat().st_size < 100_000
    with pytest.raises(InvalidInput, match="unpacks to more than"):
        read_word_list(bomb)
    big = tmp_path / "big.txt"
    with open(big, "wb") as fh:
        fh.truncate(5 * 1024 * 1024)
    with pytest.raises(InvalidInput, match="the limit is"):
        BaldaGame(word_list=big)
    broken = tmp_path / "broken.gz"
    broken.write_bytes(b"not gzip at all")
    with pytest.raises(InvalidInput, match="not a valid gzip file"):
        Lexicon.from_file(broken)


# ------------------------------------------------------------- custom words carried in a save
@pytest.mark.parametrize("words,fragment", [
    (["cat", "кот"], "a letter outside the English alphabet (rule D7)"),
    (["cat", "ice cream"], "word 2 ('ice cream'): a word must be made of letters only (rule D2)"),
    (["cat", "a" * (MAX_WORD_LENGTH + 1)], f"the limit is {MAX_WORD_LENGTH}"),
    (["cat", 7], "word 2: 7 is not a word"),
    ({"cat": "often"}, "its frequency must be a number from 0 to 10"),
    ({"cat": float("nan")}, "its frequency must be a number from 0 to 10"),
    ({"cat": -1}, "its frequency must be a number from 0 to 10"),
    ({"cat": True}, "its frequency must be a number from 0 to 10"),
    ("cat dog", "not a text"),
    (12, "lists the words"),
    ([], "lexicon is empty"),
])
def test_custom_words_in_a_save_are_checked_like_a_word_list(words, fragment):
    with pytest.raises(GameError) as e:
        Session.from_json(_save({"players": 2, "words": words}))
    assert fragment in str(e.value), str(e.value)


def test_the_number_of_custom_words_is_capped_and_named(tmp_path):
    many = [f"w{i}" for i in range(MAX_WORDS + 1)]  # refused on the count, before any word is looked at
    with pytest.raises(InvalidInput, match="more than 200,000 words") as e:
        check_words(many)
    assert e.value.rule == "D2"
    with pytest.raises(InvalidInput, match="more than 200,000 words"):
        BaldaGame(words={w: 0 for w in many})
    letters = "abcdefghijklmnopqrstuvwxyz"
    big = tmp_path / "big.txt"
    big.write_text("\n".join(letters[i % 26] + letters[i // 26 % 26] + letters[i // 676 % 26] + letters[i // 17576]
                             for i in range(MAX_WORDS + 1)), encoding="utf-8")
    with pytest.raises(InvalidInput, match="'big.txt' has more than 200,000 words"):
        BaldaGame(word_list=big)


def test_a_russian_list_plays_as_a_russian_game_and_add_words_are_checked(tmp_path):
    p = tmp_path / "ru.txt"
    p.write_text("Кот\nток\nкто\nЁж\n", encoding="utf-8")
    with pytest.raises(InvalidInput, match="line 1: a letter outside the English alphabet"):
        BaldaGame(size=3, start_word="кот", word_list=p)
    game = BaldaGame(size=3, start_word="кот", word_list=p, language="ru")
    assert game.options["words"] == ["еж", "кот", "кто", "ток"]
    assert type(game)(**game.options).lexicon.words == game.lexicon.words
    with pytest.raises(GameError, match="'add_words' option, word 1"):
        Session.from_json(_save({"players": 2, "add_words": [["nested"]]}))
    with pytest.raises(GameError, match="'remove_words' option lists the words"):
        Session.from_json(_save({"players": 2, "remove_words": "cat"}))


# ------------------------------------------------------------- shipped lists go through core/files
def test_shipped_lists_are_read_through_core_files(monkeypatch):
    seen = []
    real_bytes, real_text = lexmod.read_data_bytes, lexmod.read_data_text
    monkeypatch.setattr(lexmod, "read_data_bytes", lambda p, **kw: seen.append(pathlib.Path(p).name) or
                        real_bytes(p, **kw))
    monkeypatch.setattr(lexmod, "read_data_text", lambda p, **kw: seen.append(pathlib.Path(p).name) or
                        real_text(p, **kw))
    if not (lexmod.DATA_DIR / "en_nouns.tsv.gz").exists():
        pytest.skip("the shipped lists are not built")
    zipf = lexmod._load_shipped.__wrapped__("english")  # uncached: a real read
    assert len(zipf) > 20000
    assert {"en_nouns.tsv.gz", "blocklist_en.txt", "two_letter_en.txt"} <= set(seen)
    source = pathlib.Path(lexmod.__file__).read_text(encoding="utf-8")
    for direct in ("gzip.open", "read_text(", "read_bytes(", " open("):  # no read around core/files
        assert direct not in source, direct


def test_saves_made_before_the_words_option_still_load():
    """Saves written before this change carry ``"word_list": null`` (a shipped list): they load as before."""
    old = json.loads((HERE.parent / "corpus" / "balda" / "save-unknown-version.json").read_text(encoding="utf-8"))
    old["version"] = 1
    assert old["options"]["word_list"] is None and "words" not in old["options"]
    session = Session.from_json(json.dumps(old))
    assert session.history == old["moves"] and session.game.options["words"] is None
