"""Every file the package reads goes through here: regular files only, a size cap, text.

Two kinds of read:

- :func:`read_user_text` reads a file a *Python caller* named
  (``BaldaGame(word_list="my_words.txt")``). The game reads it once, at
  construction, and keeps the content (never the path) in its ``options``, so a
  save file is self-contained and loads on a machine without the file.
- :func:`read_data_text` reads a file shipped with the package (cards, graphs,
  word lists), with the same checks.

**User data never names a file.** While :func:`untrusted` is active (a save
file, a position text or a pasted option set being loaded:
:meth:`Session.from_dict <balada_widgets.core.session.Session.from_dict>` and
the app's paste boxes enter it), :func:`read_user_text` refuses at once, before
touching the file system, so nothing a page or a save carries makes the server
open a path.

A file is opened with ``O_NONBLOCK`` (a FIFO does not stall the reader) and
checked with ``fstat`` on the opened descriptor (no race between the check and
the read): a directory, a device such as ``/dev/zero``, a FIFO or a socket is
refused, and so is a file over the cap, and at most ``cap + 1`` bytes are ever
read. Messages name only the file's base name, never an absolute path nor a
line of its content.

Examples
--------
>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "words.txt")
>>> _ = open(path, "w", encoding="utf-8").write("cat\\ndog\\n")
>>> read_user_text(path, what="word list").split()
['cat', 'dog']
>>> read_user_text(folder, what="word list")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
balada_widgets.core.errors.InvalidInput: invalid input: cannot read the word list '...': it is a folder, not a regular file
>>> with untrusted("a save file"):
...     read_user_text(path, what="word list")
Traceback (most recent call last):
...
balada_widgets.core.errors.InvalidInput: invalid input: a save file never names a file: the word list must be given by name or carried as its content
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import os
import re
import stat
from pathlib import Path
from typing import Iterator

from .errors import GameError, InvalidInput

#: the cap of a file a user names (word lists, decks, content, cities): a few MB
USER_FILE_CAP = 4 * 1024 * 1024
#: the cap of a file shipped with the package (the largest, a word list, is under 1 MB)
DATA_FILE_CAP = 16 * 1024 * 1024

_UNTRUSTED: contextvars.ContextVar[str | None] = contextvars.ContextVar("balada_untrusted", default=None)


@contextlib.contextmanager
def untrusted(source: str = "a save file") -> Iterator[None]:
    """While active, no file named by the data being loaded is opened (see the module docstring)."""
    token = _UNTRUSTED.set(source)
    try:
        yield
    finally:
        _UNTRUSTED.reset(token)


def loading_untrusted() -> str | None:
    """What untrusted data is being loaded now (``"a save file"``...), or ``None``."""
    return _UNTRUSTED.get()


def refuse_path_in_untrusted(what: str) -> None:
    """Raise :class:`InvalidInput` when untrusted data is being loaded (a path was about to be followed)."""
    source = _UNTRUSTED.get()
    if source is not None:
        raise InvalidInput(f"{source} never names a file: the {what} must be given by name or carried as its content")


def shown_name(path) -> str:
    """A file's base name for messages (never its folder: a message shows no absolute path)."""
    try:
        name = os.path.basename(os.fspath(path)) or "?"
    except TypeError:
        return "?"
    return name if len(name) <= 60 else name[:40] + "…"


_shown_name = shown_name


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def size_words(size: int) -> str:
    """A size limit as a person reads it.

    >>> size_words(4 * 1024 * 1024), size_words(64 * 1024), size_words(1536 * 1024), size_words(500)
    ('4 MB', '64 KB', '1.5 MB', '500 bytes')
    """
    for unit, factor in (("MB", 1024 * 1024), ("KB", 1024)):
        if size >= factor:
            return f"{size / factor:.1f}".removesuffix(".0") + f" {unit}"
    return f"{size} bytes"


def _read_bytes(path, what: str, cap: int) -> bytes:
    if not isinstance(path, (str, os.PathLike)):
        raise InvalidInput(f"the {what} must be a file name, not {type(path).__name__}")
    shown = _shown_name(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except IsADirectoryError:
        raise InvalidInput(f"cannot read the {what} {shown!r}: it is a folder, not a regular file") from None
    except FileNotFoundError:
        raise InvalidInput(f"cannot read the {what} {shown!r}: there is no such file") from None
    except PermissionError:
        raise InvalidInput(f"cannot read the {what} {shown!r}: permission denied") from None
    except (OSError, ValueError) as e:  # a name with NUL, too long, a loop of links...
        raise InvalidInput(f"cannot read the {what} {shown!r}: {type(e).__name__}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = _kind(info.st_mode)
            tail = "" if kind == "not a regular file" else ", not a regular file"
            raise InvalidInput(f"cannot read the {what} {shown!r}: it is {kind}{tail}")
        if info.st_size > cap:
            raise InvalidInput(f"the {what} {shown!r} is {info.st_size:,} bytes: the limit is {cap:,} bytes "
                               f"({size_words(cap)})")
        chunks, size = [], 0
        while size <= cap:
            try:
                chunk = os.read(fd, min(1 << 20, cap + 1 - size))
            except BlockingIOError:  # pragma: no cover - a regular file does not block
                break
            except OSError as e:
                raise InvalidInput(f"cannot read the {what} {shown!r}: {type(e).__name__}") from None
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > cap:  # it grew while being read
            raise InvalidInput(f"the {what} {shown!r} is over the limit of {cap:,} bytes ({size_words(cap)})")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _decode(data: bytes, what: str, shown: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InvalidInput(f"the {what} {shown!r} is not UTF-8 text (byte {e.start:,} is not)") from None


def read_user_text(path, what: str, cap: int = USER_FILE_CAP) -> str:
    """The text of a file a Python caller named, checked (see the module docstring).

    Raises :class:`InvalidInput` while :func:`untrusted` is active, for anything but
    a regular file, over ``cap`` bytes, or not UTF-8.
    """
    refuse_path_in_untrusted(what)
    return _decode(_read_bytes(path, what, cap), what, _shown_name(path))


def read_user_bytes(path, what: str, cap: int = USER_FILE_CAP) -> bytes:
    """The bytes of a file a Python caller named (a gzipped word list), checked like :func:`read_user_text`."""
    refuse_path_in_untrusted(what)
    return _read_bytes(path, what, cap)


def read_data_text(path: Path | str, what: str = "data file", cap: int = DATA_FILE_CAP) -> str:
    """The text of a file shipped with the package, with the same checks as :func:`read_user_text`."""
    return _decode(_read_bytes(path, what, cap), what, _shown_name(path))


def read_data_bytes(path: Path | str, what: str = "data file", cap: int = DATA_FILE_CAP) -> bytes:
    """The bytes of a file shipped with the package (a gzipped word list), checked."""
    return _read_bytes(path, what, cap)


# ------------------------------------------------------------------ custom content carried as data

#: the longest text and the deepest nesting custom content (a sheet, a deck, a city) may hold
MAX_TEXT = 2000
MAX_DEPTH = 20
_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")


def plain_json(value, what: str, cap: int) -> tuple:
    """``(data, text)``: ``value`` as plain JSON data (a fresh copy) and its compact JSON text.

    Refused with :class:`InvalidInput`: anything JSON can't hold (a set, an object, NaN), more than
    ``cap`` bytes, nesting deeper than :data:`MAX_DEPTH`, a text longer than :data:`MAX_TEXT`.

    >>> plain_json({"name": "mine", "cards": [1, 2]}, "decks", 100)
    ({'name': 'mine', 'cards': [1, 2]}, '{"name":"mine","cards":[1,2]}')
    >>> plain_json({"x": {1, 2}}, "decks", 100)
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input: the decks must be plain JSON data (objects, lists, texts, numbers, true, false, null)
    """
    try:
        text = json.dumps(value, allow_nan=False, ensure_ascii=False, separators=(",", ":"))
        size = len(text.encode("utf-8"))
    except RecursionError:
        raise InvalidInput(f"the {what} is nested too deeply") from None
    except (TypeError, ValueError):
        raise InvalidInput(f"the {what} must be plain JSON data (objects, lists, texts, numbers, "
                           f"true, false, null)") from None
    if size > cap:
        raise InvalidInput(f"the {what} is {size:,} bytes as JSON: the limit is {cap:,} bytes")
    data = json.loads(text)
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise InvalidInput(f"the {what} is nested deeper than {MAX_DEPTH} levels")
        if isinstance(item, str):
            if len(item) > MAX_TEXT:
                raise InvalidInput(f"the {what} holds a text of {len(item):,} characters: the limit is {MAX_TEXT:,}")
        elif isinstance(item, dict):
            stack.extend((k, depth + 1) for k in item)
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return data, text


def given_content(source, option: str, what: str, cap: int, names) -> tuple:
    """``(data, text)`` of custom content given as data (a dict) or, from Python, as a file path.

    A path is read with :func:`read_user_text` (refused while a save file loads); a short name
    that is not among the shipped ``names`` is refused as an unknown name.
    """
    if isinstance(source, dict):
        return plain_json(source, what, cap)
    if isinstance(source, str) and _NAME.fullmatch(source):
        raise InvalidInput(f"no {option} {source!r}; shipped: {', '.join(names)} (or give the {what}'s data, "
                           f"or from Python a file path such as \"./{source}.json\")")
    if isinstance(source, (str, os.PathLike)):
        text = read_user_text(source, what=what, cap=cap)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise InvalidInput(f"the {what} {shown_name(source)!r} is not JSON: {e.msg} at line {e.lineno}, "
                               f"column {e.colno}") from None
        except (RecursionError, ValueError):
            raise InvalidInput(f"the {what} {shown_name(source)!r} is not JSON: nested too deeply or a number "
                               f"too long") from None
        return plain_json(data, what, cap)
    raise InvalidInput(f"the {option} option is a shipped name ({', '.join(names)}) or the {what}'s data "
                       f"(a JSON object), not {type(source).__name__}")


def given_content_choice(source, option: str, what: str, cap: int, names, build) -> tuple:
    """``(data, built)``: custom content given as data or, from Python, a file path
    (:func:`given_content`), and ``build(text, label)`` of its JSON text.

    One label for the same data, however given: ``build`` gets ``"custom <option>"``, so the
    game rebuilt from its options (the data) is the same as the one built from the file. If
    ``build`` refuses content read from a file, it is built again under the file's base name,
    so the refusal names the file.

    >>> given_content_choice({"cards": [1, 2]}, "decks", "decks file", 100, ("standard",),
    ...                      lambda text, label: (label, text))
    ({'cards': [1, 2]}, ('custom decks', '{"cards":[1,2]}'))
    """
    data, text = given_content(source, option, what, cap, names)
    try:
        return data, build(text, f"custom {option}")
    except GameError:
        if isinstance(source, dict):
            raise
        return data, build(text, shown_name(source))  # raises, naming the file


@contextlib.contextmanager
def wrong_types_refused(source: str, what: str) -> Iterator[None]:
    """Inside, a check of custom content that trips on a value of the wrong type (a ``TypeError``,
    ``KeyError``... from data the check did not foresee) is refused as :class:`InvalidInput`
    naming ``source``; a :class:`GameError` passes as it is.

    >>> with wrong_types_refused("custom city", "a valid city"):
    ...     {"districts": 9}["districts"][0]
    Traceback (most recent call last):
    ...
    balada_widgets.core.errors.InvalidInput: invalid input: custom city is not a valid city: a value has the wrong type (TypeError)
    """
    try:
        yield
    except GameError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as e:
        raise InvalidInput(f"{source} is not {what}: a value has the wrong type ({type(e).__name__})") from None
