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
import os
import stat
from pathlib import Path
from typing import Iterator

from .errors import InvalidInput

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


def _shown_name(path) -> str:
    try:
        name = os.path.basename(os.fspath(path)) or "?"
    except TypeError:
        return "?"
    return name if len(name) <= 60 else name[:40] + "…"


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
                               f"({cap // (1024 * 1024)} MB)")
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
            raise InvalidInput(f"the {what} {shown!r} is over the limit of {cap:,} bytes "
                               f"({cap // (1024 * 1024)} MB)")
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


def read_data_text(path: Path | str, what: str = "data file", cap: int = DATA_FILE_CAP) -> str:
    """The text of a file shipped with the package, with the same checks as :func:`read_user_text`."""
    return _decode(_read_bytes(path, what, cap), what, _shown_name(path))


def read_data_bytes(path: Path | str, what: str = "data file", cap: int = DATA_FILE_CAP) -> bytes:
    """The bytes of a file shipped with the package (a gzipped word list), checked."""
    return _read_bytes(path, what, cap)
