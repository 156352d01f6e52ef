"""Random full games and mutated inputs for every registered game (the fuzz of issue 9).

Pure Python, driven by the spec registry: a game is covered as soon as its spec is
registered (:func:`~balada_widgets.core.spec.register`, what each room's ``__init__``
does); the options drawn are its spec's (:meth:`~balada_widgets.core.spec.GameSpec.fuzz_variants`). ``tests/test_fuzz_games.py`` runs a few games per game
in CI; ``bench/bench_fuzz.py`` runs 10,000 per game and reports games per second
and failures.

One game of :func:`fuzz_game`:

- plays a full game through a :class:`~balada_widgets.core.session.Session`,
  choosing uniformly among :meth:`~balada_widgets.core.game.Game.legal_moves`
  (chance is drawn by the session, seeded);
- at every decision, tries mutated move texts (:func:`mutations`): each must be
  accepted only if it is one of the legal moves (same
  :meth:`~balada_widgets.core.game.Game.decision_key`), otherwise refused with a
  :class:`~balada_widgets.core.errors.GameError`, the session unchanged;
- checks the game's :meth:`~balada_widgets.core.game.Game.invariants` after every
  move, chance moves included;
- checks that every reached position survives its text form
  (``state_from_text(state_to_text(s)) == s``) and that the save file of the
  game reloads to the same position at every step.

Anything else (an ``IndexError``, a broken invariant, a legal move refused, an
illegal one accepted) is a :class:`Failure`, reported, never raised: a bench
counts them.

>>> from balada_widgets.core.demo import RaceGame, demo_spec
>>> from balada_widgets.core.spec import registered
>>> with registered(demo_spec()):  # a save file loads by the game's registered name
...     r = fuzz_game(RaceGame(players=2), seed=1, roundtrip_every=0)  # the demo's text form has no winner
>>> r.over, r.failures, r.refused > 0
(True, [], True)
"""

from __future__ import annotations

import random
import re
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .errors import GameError
from .game import Game
from .session import Session

#: characters a pasted or typed move may carry by mistake: look-alikes (Cyrillic р/о/а/е/с/х,
#: Greek ο, fullwidth and other Unicode digits, a superscript, an en dash, a fullwidth colon),
#: invisible ones (zero-width space, no-break space, BOM, NUL), and an emoji.
LOOK_ALIKES = {
    "p": "р", "o": "о", "a": "а", "e": "е", "c": "с", "x": "х", "O": "Ο", "B": "В", "P": "Р",
    "0": "０", "1": "１", "2": "²", "3": "٣", "5": "５", "-": "–", ":": "：", "=": "＝", "<": "＜", "@": "＠",
    " ": "\u00a0",
}
ODD_CHARS = ["\u200b", "\u00a0", "\ufeff", "\x00", "💥", "\t", "\n", "ё", "ß", "İ", "'", '"', "\\", "%s", "{}"]
NUMBERS = ["0", "-1", "1", "13", "99", "512", "4096", "99999", "1" + "0" * 30, "1e3", "0x1f", "٣", "²", "５"]

_DIGITS = re.compile(r"\d+")


def registered_games() -> dict[str, type[Game]]:
    """``{name: Game class}`` of every registered spec (imports each game's rules)."""
    import balada_widgets  # noqa: F401 - the house's rooms register their specs

    from .spec import registry

    return {name: game_spec.game_class_loaded() for name, game_spec in registry().items()}


def variants() -> dict[str, dict[str, list]]:
    """Extra options drawn per game beside the player count, from each spec's options (values listed
    per option; a value listed twice is drawn twice as often); a game with none is fuzzed with its
    player counts alone. ``VARIANTS`` is this table, read afresh."""
    import balada_widgets  # noqa: F401

    from .spec import registry

    return {name: game_spec.fuzz_variants() for name, game_spec in registry().items()}


def __getattr__(name: str):
    if name == "VARIANTS":  # the spec registry's table, so a game registered later is in it
        return variants()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def random_options(cls: type[Game], rng: random.Random) -> dict:
    """Options for ``cls``: a player count in its range and one value of each listed variant."""
    opts = {"players": rng.randint(cls.min_players, cls.max_players)}
    for key, values in variants().get(cls.name, {}).items():
        opts[key] = rng.choice(values)
    return opts


def make_game(cls: type[Game], options: dict) -> Game:
    """``cls(**options)``, cached: games load decks, dictionaries and maps once."""
    key = (cls, tuple(sorted((k, repr(v)) for k, v in options.items())))
    got = _GAME_CACHE.get(key)
    if got is None:
        if len(_GAME_CACHE) >= 64:  # a long run draws hundreds of option sets: keep memory flat
            _GAME_CACHE.clear()
        got = _GAME_CACHE[key] = cls(**options)
    return got


_GAME_CACHE: dict = {}


# ------------------------------------------------------------------ mutations


def mutations(text: str, rng: random.Random, vocabulary: list[str], n: int = 3) -> list[str]:
    """``n`` damaged versions of a legal move text.

    Numbers swapped for out-of-range or odd ones (``512``, ``-1``, a 31-digit one, Unicode digits),
    tokens dropped, doubled, swapped or borrowed from other moves, characters cut, inserted or
    replaced by look-alikes, invisible characters, changed case, the player changed.
    """
    out = []
    for _ in range(n):
        t = text
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            t = _mutate_once(t, rng, vocabulary)
        out.append(t)
    return out


def _mutate_once(t: str, rng: random.Random, vocabulary: list[str]) -> str:
    toks = t.split()
    k = rng.randrange(12)
    if k <= 2 and _DIGITS.search(t):  # numbers are where off-by-one and IndexError live
        spans = [m.span() for m in _DIGITS.finditer(t)]
        a, b = rng.choice(spans)
        return t[:a] + rng.choice(NUMBERS + [str(int(t[a:b]) + rng.choice((-1, 1)))]) + t[b:]
    if k == 3 and toks:
        del toks[rng.randrange(len(toks))]
        return " ".join(toks)
    if k == 4 and toks:
        i = rng.randrange(len(toks))
        toks.insert(i, toks[i])
        return " ".join(toks)
    if k == 5 and len(toks) > 1:
        i, j = rng.sample(range(len(toks)), 2)
        toks[i], toks[j] = toks[j], toks[i]
        return " ".join(toks)
    if k == 6 and vocabulary:
        word = rng.choice(vocabulary)
        if toks and rng.random() < 0.7:
            toks[rng.randrange(len(toks))] = word
        else:
            toks.insert(rng.randrange(len(toks) + 1), word)
        return " ".join(toks)
    if k == 7 and t:
        return t[:rng.randrange(len(t))]
    if k == 8:
        i = rng.randrange(len(t) + 1)
        return t[:i] + rng.choice(ODD_CHARS) + t[i:]
    if k == 9:
        spots = [i for i, ch in enumerate(t) if ch in LOOK_ALIKES]
        if spots:
            i = rng.choice(spots)
            return t[:i] + LOOK_ALIKES[t[i]] + t[i + 1:]
        return t + rng.choice(ODD_CHARS)
    if k == 10:
        return rng.choice([t.upper(), t.lower(), t.swapcase(), f"  {t}  ", t.replace(" ", "  "), t * 2, ""])
    if re.match(r"^p\d+\b", t):
        return re.sub(r"^p\d+", rng.choice(["p0", "p9", "p-1", "p", "P1", "p01", "p٣", "p²"]), t)
    return rng.choice(vocabulary) + " " + t if vocabulary else t + " x"


# ------------------------------------------------------------------ one game


@dataclass
class Failure:
    """Something other than a clean refusal or a legal move: what, where, and how to replay it."""

    game: str
    options: dict
    seed: int
    step: int
    kind: str  # "crash", "illegal accepted", "legal refused", "invariant", "text round trip", "save round trip"
    detail: str
    text: str | None = None  # the move text that caused it, if any

    def __str__(self) -> str:
        what = f" on {self.text!r}" if self.text is not None else ""
        return (f"{self.game} {self.options} seed {self.seed} step {self.step}: {self.kind}{what}: "
                f"{self.detail}")


@dataclass
class GameReport:
    """One fuzzed game: its moves, how many mutated texts were accepted or refused, its failures."""

    game: str
    options: dict
    seed: int
    moves: int = 0
    accepted: int = 0
    refused: int = 0
    over: bool = False
    seconds: float = 0.0
    failures: list = field(default_factory=list)


def _crash(e: BaseException) -> str:
    tb = traceback.extract_tb(e.__traceback__)
    where = ", ".join(f"{f.name} ({f.filename.rsplit('/', 2)[-2]}/{f.filename.rsplit('/', 1)[-1]}:{f.lineno})"
                      for f in tb[-2:])
    return f"{type(e).__name__}: {e} at {where}"


def fuzz_game(game: Game, seed: int = 0, *, texts: int = 3, roundtrip_every: int = 1, save_every: int = 0,
              views_every: int = 3, max_moves: int = 20_000, options: dict | None = None) -> GameReport:
    """Play one random full game of ``game`` with the checks of the module docstring.

    ``texts``: mutated texts tried per decision; ``roundtrip_every``: position text round trip every
    so many moves (0: never); ``save_every``: save file round trip every so many moves (0: at the
    end only); ``views_every``: every so many moves, each waiting player's legal moves on their own
    view must be those of the whole state, and the move played must have words for every seat;
    ``max_moves``: a game longer than this is a failure ("no end").
    """
    t0 = time.perf_counter()
    rng = random.Random(f"fuzz:{game.name}:{seed}")
    report = GameReport(game.name, dict(options if options is not None else game.options), seed)

    def fail(kind, detail, text=None):
        report.failures.append(Failure(game.name, report.options, seed, report.moves, kind, detail, text))

    try:
        session = Session(game, seed=seed)
    except Exception as e:  # noqa: BLE001 - a failure to report, not to raise
        fail("crash", _crash(e))
        return report
    has_text = type(game).state_to_text is not Game.state_to_text
    vocabulary: list[str] = []
    last = None  # the node checked last: the nodes below it (a move and its chance draws) are new
    try:
        while True:
            new, n = [], session.current
            while n is not None and n is not last:
                new.append(n)
                n = n.parent
            for node in reversed(new):
                problems = game.invariants(node.state)
                if problems:
                    fail("invariant", "; ".join(problems), node.text or None)
            last = session.current
            state = session.state
            if has_text and roundtrip_every and report.moves % roundtrip_every == 0:
                _text_round_trip(game, state, fail)
            if save_every and report.moves and report.moves % save_every == 0:
                _save_round_trip(session, fail)
            if game.is_over(state):
                report.over = True
                break
            if report.moves >= max_moves:
                fail("no end", f"the game is not over after {max_moves} moves")
                break
            legal = game.legal_moves(state)
            if not legal:
                fail("no move", f"the game waits for {game.to_move(state)} but lists no legal move")
                break
            legal_texts = [game.move_to_text(m) for m in legal]
            if len(vocabulary) < 400:
                vocabulary.extend(w for t in legal_texts[:3] for w in t.split())
            keys = {game.decision_key(m) for m in legal}
            for t in (rng.choice(legal_texts) for _ in range(texts)):
                for bad in mutations(t, rng, vocabulary, n=1):
                    ok = _try_text(game, session, state, bad, legal, keys, fail)
                    report.accepted += ok
                    report.refused += not ok
            move = rng.choice(legal)
            if views_every and report.moves % views_every == 0:
                _check_views(game, state, move, fail)
            session.play(move)
            report.moves += 1
    except Exception as e:  # noqa: BLE001 - the driver itself crashed inside the game: report it
        fail("crash", _crash(e))
    if report.over or report.moves >= max_moves:
        _save_round_trip(session, fail, every_node=True)
    report.seconds = time.perf_counter() - t0
    return report


def _try_text(game, session, state, text, legal, keys, fail) -> bool:
    """One mutated text against the session: True if accepted (legal), False if refused.

    A move listed by :meth:`Game.legal_moves` must be accepted; one whose decision key is not
    listed must be refused with a :class:`GameError` and leave the session as it was; another
    spelling of a listed decision (Balda: another path for the same word) may go either way.
    """
    before, last, top = session.current, session.current.last_child, max(session.nodes)
    try:
        move = game.parse_move(text, state)
    except GameError:
        move = None
    except Exception as e:  # noqa: BLE001
        fail("crash", "parse_move: " + _crash(e), text)
        return False
    try:
        exact = move is not None and move in legal
        listed = exact or (move is not None and game.decision_key(move) in keys)
    except Exception as e:  # noqa: BLE001 - an unhashable or odd move object
        fail("crash", "decision_key: " + _crash(e), text)
        return False
    if exact:
        try:
            game.apply(state, move)
        except GameError as e:
            fail("legal refused", str(e), text)
        except Exception as e:  # noqa: BLE001
            fail("crash", "apply: " + _crash(e), text)
        return True
    try:
        session.play(text)
    except GameError as e:
        if not str(e):
            fail("empty message", type(e).__name__, text)
    except Exception as e:  # noqa: BLE001
        fail("crash", "play: " + _crash(e), text)
    else:
        if not listed:
            fail("illegal accepted", f"parsed as {move!r}, not one of the legal moves", text)
        _prune(session, before, last, top)
        return listed
    if session.current is not before or max(session.nodes) != top or session.state is not state:
        fail("session changed", "a refused move changed the session", text)
        _prune(session, before, last, top)
    return False


def _prune(session, node, last_child, top_id) -> None:
    """Put the session back at ``node``, dropping the nodes made after ``top_id``."""
    for nid in [i for i in session.nodes if i > top_id]:
        n = session.nodes.pop(nid)
        if n.parent is not None and n in n.parent.children:
            n.parent.children.remove(n)
    session.current = node
    node.last_child = last_child


def _check_views(game, state, move, fail) -> None:
    """A player decides on their view (bots do, and a UI shows it): same legal moves; words for every seat."""
    try:
        for p in game.to_move(state):
            if game.legal_moves(game.view(state, p), p) != game.legal_moves(state, p):
                fail("view", f"player {p + 1}'s legal moves differ on their own view")
        for viewer in (None, *range(game.num_players)):
            words = game.describe_move(state, move, viewer)
            if not isinstance(words, str) or not words:
                fail("words", f"no words for {game.move_to_text(move)!r} as seat {viewer} sees it")
    except Exception as e:  # noqa: BLE001
        fail("crash", "views: " + _crash(e), game.move_to_text(move))


def _text_round_trip(game, state, fail) -> None:
    try:
        again = game.state_from_text(game.state_to_text(state))
    except Exception as e:  # noqa: BLE001
        fail("text round trip", _crash(e))
        return
    if again != state:
        fail("text round trip", "state_from_text(state_to_text(s)) differs from s")


def _save_round_trip(session, fail, every_node: bool = False) -> None:
    """The save file reloads to the same line; ``every_node``: every reached position compared."""
    try:
        again = Session.from_json(session.to_json())
    except Exception as e:  # noqa: BLE001
        fail("save round trip", _crash(e))
        return
    if again.history != session.history or again.state != session.state:
        fail("save round trip", "the reloaded session differs")
    elif every_node:
        for a, b in zip(again.current.path(), session.current.path()):
            if a.state != b.state:
                fail("save round trip", f"position after {b.text!r} differs after reloading")
                break


def fuzz_many(names: Iterable[str] | None = None, games: int = 10, seed: int = 0, *, texts: int = 3,
              roundtrip_every: int = 1, on_report: Callable[[GameReport], Any] | None = None,
              **kw) -> dict[str, list[GameReport]]:
    """``games`` fuzzed games of each registered game (or of ``names``), with random options each."""
    classes = registered_games()
    out: dict[str, list[GameReport]] = {}
    for name in names or classes:
        cls = classes[name]
        rng = random.Random(f"options:{name}:{seed}")
        reports = out[name] = []
        for i in range(games):
            game, opts, r = None, {}, None
            for _ in range(20):  # options a game refuses (a dungeon too small for 6) are drawn again
                opts = random_options(cls, rng)
                try:
                    game = make_game(cls, opts)
                    break
                except GameError:
                    continue
                except Exception as e:  # noqa: BLE001
                    r = GameReport(name, opts, seed + i)
                    r.failures.append(Failure(name, opts, seed + i, 0, "crash", "making the game: " + _crash(e)))
                    break
            if r is None and game is None:
                r = GameReport(name, opts, seed + i)
                r.failures.append(Failure(name, opts, seed + i, 0, "no game", "20 option sets drawn, all refused"))
            if r is None:
                r = fuzz_game(game, seed + i, texts=texts, roundtrip_every=roundtrip_every, options=opts, **kw)
            reports.append(r)
            if on_report:
                on_report(r)
    return out


def fuzz_chunk(args: tuple) -> dict:
    """``fuzz_many`` of one game in a worker process: ``(name, seed, games, texts, roundtrip_every)`` ->
    a picklable summary (seconds, games, ended, moves, texts, refused, failures as text)."""
    name, start, count, texts, roundtrip = args
    t = time.perf_counter()
    reports = fuzz_many([name], games=count, seed=start, texts=texts, roundtrip_every=roundtrip)[name]
    return {
        "seconds": time.perf_counter() - t,
        "games": len(reports),
        "over": sum(r.over for r in reports),
        "moves": sum(r.moves for r in reports),
        "texts": sum(r.accepted + r.refused for r in reports),
        "refused": sum(r.refused for r in reports),
        "failures": [str(f) for r in reports for f in r.failures],
    }


# ------------------------------------------------------------------ hostile save files (issue 12)

#: values a pasted save may carry in any option: paths of this machine (a file, a device, a folder,
#: a relative name, a URL), wrong types, huge numbers, deep or long values
HOSTILE_VALUES: list = [
    "/etc/passwd", "/dev/zero", "/dev/stdin", "/proc/self/environ", "/", "/tmp", "../../../../etc/hostname",
    "./words.txt", "~/.ssh/id_rsa", "file:///etc/passwd", "C:\\Windows\\win.ini", "\\\\server\\share", "\x00",
    "", " ", "standard\x00/etc/passwd", "a" * 5000, 0, -1, 10 ** 40, 1.5, float("inf"), True, False, None,
    [], [1, 2], ["/etc/passwd"], {}, {"nodes": "/etc/passwd"}, {"path": "/etc/passwd"}, [[[[[]]]]],
]


def hostile_saves(game: Game, rng: random.Random, count: int = 20) -> list[str]:
    """``count`` save files of a short played game of ``game`` whose options are damaged.

    Each sets one to three options (the game's own names and unknown ones) to a
    :data:`HOSTILE_VALUES` value. Loading one must give a :class:`GameError` or a game that
    loads: nothing else (no ``OSError``, ``MemoryError``, a stall on a FIFO).
    """
    import json
    import math

    session = Session(game, seed=rng.randrange(1000))
    for _ in range(rng.randint(0, 6)):
        if game.is_over(session.state) or not game.legal_moves(session.state):
            break
        session.play(rng.choice(game.legal_moves(session.state)))
    base = session.to_dict()
    names = list(base["options"]) + ["word_list", "content", "city", "sheet", "decks", "dungeon", "start", "path"]
    out = []
    for _ in range(count):
        data = json.loads(json.dumps(base))
        for _ in range(rng.randint(1, 3)):
            value = rng.choice(HOSTILE_VALUES)
            if isinstance(value, float) and not math.isfinite(value):
                value = 1e308  # JSON holds no infinity; the largest float stands for it
            data["options"][rng.choice(names)] = value
        out.append(json.dumps(data))
    return out


def fuzz_saves(names: Iterable[str] | None = None, saves: int = 20, seed: int = 0) -> dict[str, list[Failure]]:
    """Load :func:`hostile_saves` of each registered game (or of ``names``); failures per game."""
    classes = registered_games()
    out: dict[str, list[Failure]] = {}
    for name in names or classes:
        cls = classes[name]
        rng = random.Random(f"saves:{name}:{seed}")
        game = make_game(cls, {"players": max(2, cls.min_players)})
        out[name] = fails = []
        for text in hostile_saves(game, rng, saves):
            try:
                Session.from_json(text)
            except GameError:
                pass
            except Exception as e:  # noqa: BLE001 - reported, not raised
                fails.append(Failure(name, json_options(text), seed, 0, "crash", "loading a save: " + _crash(e),
                                     text[:300]))
    return out


def json_options(text: str) -> dict:
    import json

    try:
        return json.loads(text).get("options", {})
    except Exception:  # noqa: BLE001
        return {}
