"""The class store's schema versions: a store written by an older release is migrated and keeps its data.

``data/store-v1.sql`` is a store that the release at schema version 1 wrote (commit b19a783: its
Store API and its resume rows), dumped by sqlite3. On SQLite the test loads that dump into a file
(the very file that release left); on PostgreSQL the same version-1 tables are carried over as
that file has them (reflected from it, rows copied, sequences set, as a dump would). Opening the
store with this release migrates it (1 -> 2: ``resume_pages`` under the version) and every
table, move, seat, name, lesson answer and page row is still there, and the store goes on.
Each case is run with the ``resume_pages`` table the old release made when a page was first kept,
and without it (a version-1 store where no page was ever kept).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import sqlalchemy as sa

from balada_widgets.classroom import open_store, resume, schema
from balada_widgets.classroom import store as store_mod
from balada_widgets.classroom.schema import SCHEMA_VERSION
from balada_widgets.core.errors import InvalidInput

DUMP = Path(__file__).parent / "data" / "store-v1.sql"
ANA, BEN = "ana-cookie-" + "a" * 30, "ben-cookie-" + "b" * 30
TEACHER = "teacher-v1-" + "t" * 20
BALDA, BARCADIA = "JNUHNATP", "KK8WU46C"
BALDA_MOVES = ["start sahib", "a4=e es a4-a3", "a5=a sea a3-a4-a5", "b5=a aa a5-b5", "c5=b ba c5-b5"]
#: the Heroes of Barcadia game against a greedy bot: its first and last moves, and how many
BARCADIA_FIRST, BARCADIA_LAST, BARCADIA_COUNT = "build 2,-2", "steal p1 p2 trap", 43


def load_v1(url: str, with_pages: bool = True) -> None:
    """Lay the version-1 store of :data:`DUMP` at ``url`` (an empty database)."""
    if url.startswith("sqlite:///"):
        con = sqlite3.connect(url[len("sqlite:///"):])
        con.executescript(DUMP.read_text())
        if not with_pages:
            con.execute("DROP TABLE resume_pages")
        con.commit()
        con.close()
        return
    source = sa.create_engine("sqlite://", poolclass=sa.pool.StaticPool)
    with source.connect() as c:
        c.connection.driver_connection.executescript(DUMP.read_text())
    old = sa.MetaData()
    old.reflect(source)
    if not with_pages:
        old.remove(old.tables["resume_pages"])
    target = sa.create_engine(url)
    try:
        with target.begin() as c:
            old.create_all(c)
            with source.connect() as s:
                for table in old.sorted_tables:
                    rows = [dict(r._mapping) for r in s.execute(sa.select(table))]
                    if rows:
                        c.execute(sa.insert(table), rows)
            for table in old.sorted_tables:  # the serial ids go on after the copied rows, as pg_dump sets them
                if "id" in table.c and table.c.id.primary_key:
                    c.execute(sa.text(f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                                      f"(SELECT COALESCE(MAX(id), 0) + 1 FROM {table.name}), false)"))
    finally:
        target.dispose()
        source.dispose()


def version_of(url: str) -> int:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as c:
            return int(c.execute(sa.select(schema.meta.c.value).where(schema.meta.c.key == "schema_version")).scalar())
    finally:
        engine.dispose()


def table_names(url: str) -> set[str]:
    engine = sa.create_engine(url)
    try:
        return set(sa.inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_every_table_is_under_the_versioned_schema():
    assert SCHEMA_VERSION == 2 and sorted(schema.MIGRATIONS) == list(range(1, SCHEMA_VERSION))
    assert resume.resume_pages is schema.resume_pages
    assert "resume_pages" in schema.metadata.tables
    assert not hasattr(resume, "_ensure_table")  # nothing makes a table outside the version any more


def test_the_fixture_is_a_version_1_store(tmp_path):
    url = f"sqlite:///{tmp_path / 'v1.sqlite3'}"
    load_v1(url)
    assert version_of(url) == 1
    assert table_names(url) == set(schema.metadata.tables)


@pytest.mark.parametrize("with_pages", [True, False], ids=["resume_pages-made-by-v1", "no-resume_pages"])
def test_a_version_1_store_is_migrated_and_keeps_its_data(fresh_url, with_pages):
    load_v1(fresh_url, with_pages)
    assert version_of(fresh_url) == 1
    st = open_store(fresh_url)
    try:
        assert st.schema_version() == SCHEMA_VERSION == version_of(fresh_url)
        assert table_names(fresh_url) >= set(schema.metadata.tables)
        # the tables and their moves: replayed into sessions as before
        assert st.browser_name(ANA) == "Ana" and st.browser_name(BEN) == "Ben"
        assert {t.code for t in st.browser_tables(ANA)} == {BALDA, BARCADIA}
        assert st.table(BALDA).session.history == BALDA_MOVES
        history = st.table(BARCADIA).session.history
        assert (history[0], history[-1], len(history)) == (BARCADIA_FIRST, BARCADIA_LAST, BARCADIA_COUNT)
        assert st.status(BARCADIA).kind == "bots"
        # lesson progress and the teacher's token
        assert st.progress(ANA, "barcadia")[("barcadia", "goal", 0)] == {"wrong": 1, "solved": True, "shown": False}
        assert st.progress(BEN)[("balda", "rules", 1)]["shown"] is True
        assert st.is_teacher(TEACHER)
        assert "goal-hp-gate" in repr(st.misreadings(TEACHER))
        # where each page was (the rows the old release made lazily are kept)
        ana = st.browser(ANA)
        game_page = resume._read_page(st, ana, "barcadia")
        lesson_page = resume._read_page(st, ana, "barcadia-learn")
        if with_pages:
            assert game_page is not None and resume._page_data(game_page)["settings"] == {"bots": 1, "seed": 11}
            with st.engine.connect() as c:
                code = c.execute(sa.select(schema.tables.c.code)
                                 .where(schema.tables.c.id == game_page.table_id)).scalar()
            assert code == BARCADIA and lesson_page.step == "goal"
        else:
            assert game_page is None and lesson_page is None
        # the store goes on: a seat taken back from the same browser, a move, a page row written
        token = st.join(BALDA, "Ana", browser=ANA)
        status = st.status(BALDA, token)
        assert (status.you, status.to_move, status.move_count) == (0, (0,), len(BALDA_MOVES))
        st.play(BALDA, token, st.legal_moves(BALDA, token)[0])
        assert st.status(BALDA).move_count == len(BALDA_MOVES) + 1
        new = st.create_table("balda", seats=["open", "bot:random"], seed=3, creator=BEN, kind="bots")
        assert new.code not in (BALDA, BARCADIA)
        resume._write_page(st, st.browser(BEN), "balda", table_id=st._table_row(new.code).id, data={"at": None})
        assert resume._read_page(st, st.browser(BEN), "balda") is not None
        # erasing the class erases the page rows too
        st.erase_class(TEACHER)
        with st.engine.connect() as c:
            assert c.execute(sa.select(sa.func.count()).select_from(schema.resume_pages)).scalar() == 0
    finally:
        st.close()
    # opened again: already at this version, nothing to do
    with open_store(fresh_url) as again:
        assert again.schema_version() == SCHEMA_VERSION


def test_the_migrated_resume_pages_is_the_table_a_new_store_makes(fresh_url, tmp_path):
    load_v1(fresh_url, with_pages=False)
    open_store(fresh_url).close()
    new_url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    open_store(new_url).close()

    def shape(url: str):
        engine = sa.create_engine(url)
        try:
            ins = sa.inspect(engine)
            cols = [(c["name"], type(c["type"]).__name__ if "sqlite" in url else None, c["nullable"])
                    for c in ins.get_columns("resume_pages")]
            fks = sorted((tuple(f["constrained_columns"]), f["referred_table"], tuple(f["referred_columns"]),
                          (f.get("options") or {}).get("ondelete", "").upper()) for f in ins.get_foreign_keys("resume_pages"))
            return cols, ins.get_pk_constraint("resume_pages")["constrained_columns"], fks
        finally:
            engine.dispose()

    migrated, made = shape(fresh_url), shape(new_url)
    if fresh_url.startswith("sqlite"):
        assert migrated == made
    else:  # the type names differ between the two databases; names, nullability, keys do not
        assert ([c[0] for c in migrated[0]], [c[2] for c in migrated[0]], migrated[1:]) == \
               ([c[0] for c in made[0]], [c[2] for c in made[0]], made[1:])
    assert made[2] == [(("browser_id",), "browsers", ("id",), "CASCADE"), (("table_id",), "tables", ("id",), "CASCADE")]


def test_a_failed_migration_leaves_the_old_version_whole(fresh_url, monkeypatch):
    load_v1(fresh_url, with_pages=False)

    def half_then_fail(connection):
        schema.MIGRATIONS_REAL[1](connection)  # the step's DDL runs, then the step fails
        raise RuntimeError("the machine lost power here")

    monkeypatch.setattr(schema, "MIGRATIONS_REAL", dict(schema.MIGRATIONS), raising=False)
    monkeypatch.setitem(schema.MIGRATIONS, 1, half_then_fail)
    with pytest.raises(RuntimeError, match="lost power"):
        open_store(fresh_url)
    assert version_of(fresh_url) == 1
    assert "resume_pages" not in table_names(fresh_url)  # the step's DDL went with its transaction
    monkeypatch.undo()
    with open_store(fresh_url) as st:
        assert st.schema_version() == SCHEMA_VERSION and st.table(BALDA).session.history == BALDA_MOVES


def test_a_missing_step_is_refused(fresh_url, monkeypatch):
    load_v1(fresh_url)
    monkeypatch.delitem(schema.MIGRATIONS, 1)
    with pytest.raises(InvalidInput, match=r"no migration from schema version 1.*rule schema"):
        open_store(fresh_url)
    assert version_of(fresh_url) == 1
    assert store_mod.MIGRATIONS is schema.MIGRATIONS
