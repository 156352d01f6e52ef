"""The class store's tables (SQLAlchemy Core), its schema version and the migration hook.

One schema for SQLite and PostgreSQL. Every time is a float of seconds since the
epoch (UTC); every secret (a seat token, a browser id, the teacher token) is kept as
its SHA-256 in hex, never in clear.

- ``meta``: ``key -> value`` texts; ``schema_version`` is the version of the tables.
- ``classes``: one row per class (a store holds one or more; a :class:`Store` works
  in one). ``teacher_hash``: the class's teacher token.
- ``browsers``: a browser of a student (its long random id from a cookie, hashed) and
  the name it chose.
- ``tables``: a game being played: the game's name, its options (JSON), the seed of
  chance, an optional start position, the creator's browser, ``kind`` (``"table"``: joined
  by code, ``"hotseat"``, ``"bots"``: a browser's own game), the count of moves (kept with
  each append, so a process sees at once whether another one played), when it was
  created, last moved and ended (and why).
- ``seats``: one per player of a table: ``"open"`` (waits for a student), ``"human"``
  (held by a browser, ``name``), ``"bot"`` (``bot_level``, ``bot_options`` JSON).
- ``tokens``: the seat tokens (a seat may have several: a browser's tabs); a revoked
  token acts no more (the seat was handed to a bot, the table ended).
- ``moves``: append-only, one row per move of the table's line, chance's draws included
  (``seat`` NULL, ``by_chance`` true), numbered from 1; ``client_move_id`` makes a resent
  move play once; ``kind`` is ``"move"`` (a later release may add others, e.g. a takeback,
  as rows of their own: nothing is ever updated or deleted but with its table).
- ``join_attempts``: the codes a browser tried, for the rate limit of joins by code.
- ``progress``: per browser, game, lesson step and part: wrong tries, solved, answer
  shown ("show me"), first and last time.
- ``answers``: every checked lesson answer (verdict and the misreading it showed), for
  the teacher's "misreadings most met" per step.
- ``resume_pages`` (version 2): where each browser's page is (:mod:`.resume`): one row per
  browser and page path: its table, its lesson step, a little JSON (the app's bot settings,
  the undo position); its rows go with their browser's or table's (cascade).

**Versions.** ``meta.schema_version`` is the version a store's tables are at. A store at an
older version is brought up by :data:`MIGRATIONS`, one step per version, in the transaction
that records the new version (a crash in the middle leaves the old version whole); a store
at a newer version is refused. Every table is declared here, under this version: a release
that adds or changes a table raises :data:`SCHEMA_VERSION` and adds the step from the
previous version. A step's DDL is written out as it was at its version (never made from the
tables below, which may change later).

- 1: the first release of the store.
- 2: ``resume_pages`` joins the versioned schema. Version 1 of the store made it outside the
  version, when a page was first kept: a version-1 store may hold it (with its rows, which
  the step keeps) or not (the step makes it).
"""

from __future__ import annotations

from typing import Callable

from sqlalchemy import (
    Boolean, Column, Float, ForeignKey, ForeignKeyConstraint, Index, Integer, MetaData, String, Table, Text,
    UniqueConstraint, text,
)

#: the version of the tables this release reads and writes
SCHEMA_VERSION = 2

metadata = MetaData()

meta = Table(
    "meta", metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

classes = Table(
    "classes", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(80), nullable=False, unique=True),
    Column("teacher_hash", String(64)),
    Column("created_at", Float, nullable=False),
)

browsers = Table(
    "browsers", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    Column("key_hash", String(64), nullable=False),
    Column("name", String(80), nullable=False, default=""),
    Column("created_at", Float, nullable=False),
    Column("seen_at", Float, nullable=False),
    UniqueConstraint("class_id", "key_hash", name="uq_browser_key"),
)

tables = Table(
    "tables", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    Column("code", String(16), nullable=False, unique=True),
    Column("game", String(40), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", Text, nullable=False),  # JSON: a whole number or a text
    Column("start", Text),  # a start position text, or NULL for the game's own
    Column("kind", String(16), nullable=False, default="table"),
    Column("creator_id", Integer, ForeignKey("browsers.id", ondelete="SET NULL")),
    Column("move_count", Integer, nullable=False, default=0),
    Column("created_at", Float, nullable=False),
    Column("moved_at", Float, nullable=False),
    Column("ended_at", Float),
    Column("ended_reason", Text),
)
Index("ix_tables_class", tables.c.class_id)

seats = Table(
    "seats", metadata,
    Column("table_id", Integer, ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # open | human | bot
    Column("name", String(80), nullable=False, default=""),
    Column("browser_id", Integer, ForeignKey("browsers.id", ondelete="SET NULL")),
    Column("bot_level", String(40)),
    Column("bot_options", Text),
    Column("joined_at", Float),
    Column("seen_at", Float),
)

tokens = Table(
    "tokens", metadata,
    Column("hash", String(64), primary_key=True),
    Column("table_id", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("browser_id", Integer, ForeignKey("browsers.id", ondelete="SET NULL")),
    Column("created_at", Float, nullable=False),
    Column("revoked_at", Float),
    ForeignKeyConstraint(["table_id", "seat"], ["seats.table_id", "seats.seat"], ondelete="CASCADE"),
)
Index("ix_tokens_seat", tokens.c.table_id, tokens.c.seat)

moves = Table(
    "moves", metadata,
    Column("table_id", Integer, ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("kind", String(8), nullable=False, default="move"),
    Column("text", Text, nullable=False),
    Column("seat", Integer),  # NULL: chance's draw
    Column("by_chance", Boolean, nullable=False, default=False),
    Column("played_at", Float, nullable=False),
    Column("client_move_id", String(80)),
    UniqueConstraint("table_id", "seat", "client_move_id", name="uq_move_client_id"),
)

join_attempts = Table(
    "join_attempts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_id", Integer, ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    Column("who", String(64), nullable=False),  # a browser's key hash, or another caller's key
    Column("at", Float, nullable=False),
    Column("ok", Boolean, nullable=False),
)
Index("ix_join_attempts_who", join_attempts.c.who, join_attempts.c.at)

progress = Table(
    "progress", metadata,
    Column("browser_id", Integer, ForeignKey("browsers.id", ondelete="CASCADE"), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("step", String(80), primary_key=True),
    Column("part", Integer, primary_key=True),
    Column("wrong", Integer, nullable=False, default=0),
    Column("solved", Boolean, nullable=False, default=False),
    Column("shown", Boolean, nullable=False, default=False),
    Column("first_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
)

answers = Table(
    "answers", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("browser_id", Integer, ForeignKey("browsers.id", ondelete="CASCADE"), nullable=False),
    Column("game", String(40), nullable=False),
    Column("step", String(80), nullable=False),
    Column("part", Integer, nullable=False),
    Column("verdict", String(16), nullable=False),  # right | wrong | shown
    Column("misreading", String(80)),
    Column("at", Float, nullable=False),
)
Index("ix_answers_step", answers.c.game, answers.c.step)

resume_pages = Table(
    "resume_pages", metadata,
    Column("browser_id", Integer, ForeignKey("browsers.id", ondelete="CASCADE"), primary_key=True),
    Column("page", String(120), primary_key=True),
    Column("table_id", Integer, ForeignKey("tables.id", ondelete="CASCADE")),
    Column("step", String(80)),
    Column("data", Text),
    Column("updated_at", Float, nullable=False),
)

# ---------------------------------------------------------------------------- migrations

#: ``resume_pages`` as version 2 made it (the same DDL on SQLite and PostgreSQL); ``IF NOT EXISTS``: a
#: version-1 store may already hold the table that release made outside the version, with the same columns
_RESUME_PAGES_V2 = """
CREATE TABLE IF NOT EXISTS resume_pages (
    browser_id INTEGER NOT NULL,
    page VARCHAR(120) NOT NULL,
    table_id INTEGER,
    step VARCHAR(80),
    data TEXT,
    updated_at FLOAT NOT NULL,
    PRIMARY KEY (browser_id, page),
    FOREIGN KEY(browser_id) REFERENCES browsers (id) ON DELETE CASCADE,
    FOREIGN KEY(table_id) REFERENCES tables (id) ON DELETE CASCADE
)"""


def _v1_to_v2(connection) -> None:
    """Version 1 -> 2: ``resume_pages`` under the version (made if the version-1 store lacks it; kept,
    rows and all, if that release had made it)."""
    connection.execute(text(_RESUME_PAGES_V2))


#: ``MIGRATIONS[v](connection)`` brings the tables from version ``v`` to ``v + 1``, inside
#: the transaction that then records the new version.
MIGRATIONS: dict[int, Callable] = {1: _v1_to_v2}
