"""The class store: every game, table, seat and lesson step of a class, kept in a database.

Pure Python (SQLAlchemy Core; no UI): the app's pages and the tests use the same calls.
SQLite by default (a file in :func:`data_dir`: ``$BALADA_DATA`` or
``~/.local/share/balada-widgets/``; ``$BALADA_DB`` names another database), PostgreSQL by
URL for a hub (``postgresql://user@host/db``, through psycopg 3).

>>> from balada_widgets.classroom import open_store
>>> store = open_store("sqlite://")                    # in memory, for this example
>>> table = store.create_table("balda", seed=1)        # two open seats
>>> ana, ben = store.join(table.code, "Ana"), store.join(table.code, "Ben")
>>> move = store.legal_moves(table.code, ana)[0]
>>> store.play(table.code, ana, move).number           # committed when play returns
2
>>> store.play(table.code, ana, store.legal_moves(table.code, ben)[0])
Traceback (most recent call last):
...
balada_widgets.core.errors.IllegalMove: illegal move '...': this token holds seat 1, and this is a move of seat 2: a token acts only for its own seat (rule seat)
>>> store.table(table.code).session.history[1] == move
True
>>> store.close()

- A table is a game's name, options and seed and its moves, append-only; a process that
  opens the store rebuilds a table's :class:`~balada_widgets.core.session.Session` by
  replaying them (the live session is cached per process and catches up when another
  process appended).
- A seat token (from :meth:`Store.join`) acts only for its seat; :meth:`Store.view` gives
  that seat's ``game.view``, a spectator (no token) the public one; no call but the
  server-side :meth:`Store.table` returns more than the caller may see.
- Tables are also a browser's own games (``kind="hotseat"``, ``"bots"``): with the
  browser's id (a long random cookie, :meth:`Store.browser`) a page reopened, or a server
  restarted after a ``kill -9``, finds them (:meth:`Store.browser_tables`); lesson
  progress is kept the same way (:meth:`Store.record_answer`, :meth:`Store.progress`).
- The teacher (:meth:`Store.set_teacher_token`) lists tables and students, ends tables,
  hands seats to bots, exports progress as CSV and erases the class.
"""

from __future__ import annotations

from .bots import bot_levels, make_bot
from .schema import SCHEMA_VERSION
from .store import (
    CODE_ALPHABET, CODE_LENGTH, JOIN_FAILURES, JOIN_WINDOW, LoggedMove, Played, SeatStatus, Store, Table, TableStatus,
    data_dir, default_url, hash_secret, new_code, normalize_code, normalize_url, open_store,
)

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "JOIN_FAILURES", "JOIN_WINDOW", "LoggedMove", "Played", "SCHEMA_VERSION",
           "SeatStatus", "Store", "Table", "TableStatus", "bot_levels", "data_dir", "default_url", "hash_secret",
           "make_bot", "new_code", "normalize_code", "normalize_url", "open_store"]
