"""Write the corpus of damaged save files and position texts: ``tests/corpus/<game>/``.

``python tests/corpus/make_corpus.py`` rewrites every file from a seeded game of each registered
game, so the corpus follows the notation as it changes. Each file is one kind of damage a user can
bring (a download cut short, a hand edit, a paste from a chat that swapped letters for look-alikes,
another game's file); ``tests/test_corpus.py`` loads every one and expects a :class:`GameError`
with a clear message, never a traceback. Inputs of 10 MB are made by the test itself (not stored).

``manifest.json`` lists each file: ``{"file", "kind": "save"|"position", "damage", "expect"}``
where ``expect`` is a fragment the message must contain ("" when any clear message will do).
"""

from __future__ import annotations

import json
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from balada_widgets.core import Session  # noqa: E402
from balada_widgets.core.bots import RandomBot, run_bots  # noqa: E402
from balada_widgets.core.fuzz import registered_games  # noqa: E402

#: the game each corpus is made from (and loaded with, for position texts)
SETUPS = {
    "balada": {"players": 2},
    "balda": {"players": 2, "tier": None},  # every word of the list (made before "common" was the default)
    "barcadia": {"players": 3, "dungeon": "cozy"},
    "baldurs_gate": {"players": 3},
}
LOOK = str.maketrans({"p": "р", "a": "а", "o": "о", "e": "е", "c": "с"})


def reference_session(name: str, cls, moves: int = 30) -> Session:
    game = cls(**SETUPS.get(name, {"players": cls.min_players}))
    session = Session(game, seed=5)
    run_bots(session, {p: RandomBot(p) for p in range(game.num_players)}, max_moves=moves)
    return session


def game_options(name: str) -> dict:
    return dict(SETUPS.get(name, {}))


def damaged_saves(name: str, session: Session, other: Session) -> list[tuple[str, str, str, str]]:
    """``(file, damage, text, expected fragment)`` for the save files."""
    data = json.loads(session.to_json())
    text = json.dumps(data, ensure_ascii=False)

    def with_(**kw):
        d = json.loads(text)
        for k, v in kw.items():
            if k.startswith("opt_"):
                d["options"][k[4:]] = v
            elif v is _DROP:
                d.pop(k)
            else:
                d[k] = v
        return json.dumps(d, ensure_ascii=False)

    moves = data["moves"]
    first_decision = next(i for i, m in enumerate(moves) if re.search(r"\d", m)) if moves else 0
    bumped = list(moves)
    if bumped:
        bumped[first_decision] = re.sub(r"\d+", "1" + "0" * 30, bumped[first_decision], count=1)
    looks = list(moves)
    if looks:
        looks[-1] = looks[-1].translate(LOOK)
    other_as_this = json.loads(other.to_json())
    other_as_this["game"] = name
    return [
        ("save-truncated.json", "truncated", text[: len(text) * 3 // 5], "not valid JSON"),
        ("save-empty.json", "truncated", "", "not valid JSON"),
        ("save-not-an-object.json", "wrong types", json.dumps([data]), "JSON object"),
        ("save-moves-not-a-list.json", "wrong types", with_(moves={"1": moves[:1]}), "list of move texts"),
        ("save-moves-numbers.json", "wrong types", with_(moves=[1, 2, 3]), "list of move texts"),
        ("save-options-a-string.json", "wrong types", with_(options="players=2"), "options"),
        ("save-players-a-word.json", "wrong types", with_(opt_players="two"), "players"),
        ("save-game-a-list.json", "wrong types", with_(game=[name]), "unknown game"),
        ("save-seed-a-list.json", "wrong types", with_(seed=[1, 2]), "seed"),
        ("save-start-a-number.json", "wrong types", with_(start=12), "start"),
        ("save-branches-a-number.json", "wrong types", with_(branches=2**70), "branches"),
        ("save-missing-moves.json", "truncated", with_(moves=_DROP), "lacks the field 'moves'"),
        ("save-huge-players.json", "huge numbers", with_(opt_players=10**30), "players"),
        ("save-huge-seed.json", "huge numbers", with_(seed="HUGE").replace('"HUGE"', "9" * 5000), "number"),
        ("save-huge-move-number.json", "huge numbers", with_(moves=bumped), "of the save file is refused"),
        ("save-huge-version.json", "huge numbers", with_(version=10**40), "unsupported save version"),
        ("save-unknown-version.json", "unknown version", with_(version=2), "unsupported save version 2"),
        ("save-version-a-string.json", "unknown version", with_(version="1"), "unsupported save version"),
        ("save-unknown-format.json", "unknown version", with_(format="balada-widgets/save/v0"),
         "not a balada-widgets save file"),
        ("save-other-game.json", "another game's save", other.to_json(), f"not {name!r}"),
        ("save-other-game-renamed.json", "another game's save", json.dumps(other_as_this, ensure_ascii=False), ""),
        ("save-lookalike-game.json", "unicode look-alikes", with_(game=name.translate(LOOK)), "unknown game"),
        ("save-lookalike-moves.json", "unicode look-alikes", with_(moves=looks), "of the save file is refused"),
        ("save-deeply-nested.json", "huge numbers", '{"format": ' + "[" * 5000 + "]" * 5000 + "}",
         "not valid JSON"),
    ]


_DROP = object()
#: ``expect`` of an input a game may also read as the very position it stands for (fullwidth digits are
#: digits to Python's int()); the test then compares it with ``position-reference.txt``
SAME = "<refused, or read as the reference position>"


def damaged_positions(name: str, game, state, other_text: str) -> list[tuple[str, str, str, str]]:
    """``(file, damage, text, expected fragment)`` for the position texts."""
    text = game.state_to_text(state)
    huge = re.sub(r"\d+", lambda m: "9" * 31, text)
    wrong = re.sub(r"\d+", "x", text, count=3)
    if text.lstrip().startswith("format"):  # JSON lines: values of the wrong kind
        wrong = re.sub(r'"players":\s*\d+', '"players": "three"', text)
        wrong = re.sub(r"\[(\d+),", r'["\1",', wrong, count=2)
    return [
        ("position-truncated.txt", "truncated", text[: len(text) // 2], ""),
        ("position-empty.txt", "truncated", "", ""),
        ("position-one-line-cut.txt", "truncated", "\n".join(text.splitlines()[:-1])[:-3] or text[:5], ""),
        ("position-wrong-types.txt", "wrong types", wrong, ""),
        ("position-huge-numbers.txt", "huge numbers", huge, ""),
        ("position-lookalike.txt", "unicode look-alikes", text.translate(LOOK), ""),
        ("position-fullwidth-digits.txt", "unicode look-alikes",
         text.translate(str.maketrans("0123456789", "０１２３４５６７８９")), SAME),
        ("position-other-game.txt", "another game's save", other_text, ""),
        ("position-save-file.txt", "another game's save", "", ""),  # filled below: the save file as a position
        ("position-binary.txt", "wrong types", bytes(range(256)).decode("latin-1") * 4, ""),
    ]


def main() -> None:
    games = registered_games()
    names = sorted(games)
    sessions = {n: reference_session(n, games[n]) for n in names}
    for i, name in enumerate(names):
        other_name = names[(i + 1) % len(names)]
        folder = HERE / name
        folder.mkdir(exist_ok=True)
        for old in folder.iterdir():
            if old.suffix in (".json", ".txt") and old.name != "manifest.json":
                old.unlink()
        session, other = sessions[name], sessions[other_name]
        entries = [("save", *e) for e in damaged_saves(name, session, other)]
        other_text = other.game.state_to_text(other.state)
        for e in damaged_positions(name, session.game, session.state, other_text):
            if e[0] == "position-save-file.txt":
                e = (e[0], e[1], session.to_json(), e[3])
            entries.append(("position", *e))
        (folder / "position-reference.txt").write_text(session.game.state_to_text(session.state), encoding="utf-8")
        manifest = []
        for kind, file, damage, text, expect in entries:
            (folder / file).write_text(text, encoding="utf-8")
            manifest.append({"file": file, "kind": kind, "damage": damage, "expect": expect})
        meta = {"game": name, "options": game_options(name), "made_from": "seed 5, 30 random-bot moves",
                "files": manifest}
        (folder / "manifest.json").write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{name}: {len(manifest)} files")


if __name__ == "__main__":
    main()
