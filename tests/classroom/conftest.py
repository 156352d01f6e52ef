"""The class store's tests run on SQLite and on a real PostgreSQL server started here.

``pg_cluster`` (once per test session, per xdist worker) makes a throw-away cluster in a
temporary folder with Debian's ``initdb`` / ``pg_ctl`` (``make test`` installs the
``postgresql`` package): Unix socket in that folder only, no TCP; as root the cluster runs as
the ``postgres`` system user (``initdb`` refuses root). It is stopped (``-m immediate``) and
its folder removed at the end. Without the programs the PostgreSQL cases are skipped, unless
``CI`` is set: then they fail.

``store_url`` is parametrised ``sqlite`` / ``postgresql``: a fresh SQLite file, or a fresh
database of the cluster, for each test.
"""

from __future__ import annotations

import glob
import os
import pwd
import random
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

import pytest


def _pg_bindir() -> str | None:
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        return str(Path(initdb).resolve().parent)
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    return str(Path(found[-1]).parent) if found else None


def _as_owner(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@pytest.fixture(scope="session")
def pg_cluster():
    """``{"dir", "port", "url"}`` of a running throw-away PostgreSQL cluster (see the module docstring)."""
    bindir = _pg_bindir()
    if bindir is None:
        msg = ("PostgreSQL's initdb / pg_ctl not found (PATH or /usr/lib/postgresql/*/bin): "
               "install Debian's postgresql package (make test does)")
        if os.environ.get("CI"):
            pytest.fail(msg)
        pytest.skip(msg)
    if os.geteuid() == 0:
        try:
            pw = pwd.getpwnam("postgres")
        except KeyError:
            pytest.fail("running as root, and there is no 'postgres' user to run the cluster as")
    folder = tempfile.mkdtemp(prefix="balada-pg-")
    data = os.path.join(folder, "data")
    if os.geteuid() == 0:
        os.chown(folder, pw.pw_uid, pw.pw_gid)
    port = random.randint(20000, 60000)  # names the socket file only (no TCP)
    log = os.path.join(folder, "server.log")
    run = dict(check=True, capture_output=True, text=True, timeout=120)
    try:
        subprocess.run(_as_owner([f"{bindir}/initdb", "-D", data, "-A", "trust", "-U", "balada", "-E", "UTF8",
                                  "--no-sync", "--no-instructions"]), **run)
        # fsync off: the tests kill clients, never the server or the machine, and run faster
        subprocess.run(_as_owner([f"{bindir}/pg_ctl", "-D", data, "-l", log, "-w", "-t", "60",
                                  "-o", f"-k {folder} -p {port} -h '' -F", "start"]), **run)
    except subprocess.CalledProcessError as e:
        text = Path(log).read_text(errors="replace")[-2000:] if os.path.exists(log) else ""
        shutil.rmtree(folder, ignore_errors=True)
        pytest.fail(f"could not start PostgreSQL: {e.cmd}\n{e.stdout}\n{e.stderr}\n{text}")
    try:
        yield {"dir": folder, "port": port, "url": f"postgresql+psycopg://balada@/postgres?host={folder}&port={port}"}
    finally:
        subprocess.run(_as_owner([f"{bindir}/pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"]),
                       capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


def pg_database(cluster: dict) -> str:
    """A new empty database of the cluster; its URL."""
    import psycopg

    name = "t" + uuid.uuid4().hex[:16]
    with psycopg.connect(host=cluster["dir"], port=cluster["port"], user="balada", dbname="postgres",
                         autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"postgresql+psycopg://balada@/{name}?host={cluster['dir']}&port={cluster['port']}"


@pytest.fixture(scope="session")
def pg_shared(pg_cluster) -> str:
    """One database for the session's PostgreSQL tests: each test works in a class of its own."""
    return pg_database(pg_cluster)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path) -> str:
    """A fresh SQLite file, or the session's PostgreSQL database (a test's ``store`` has its own class)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'class.sqlite3'}"
    return request.getfixturevalue("pg_shared")


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh_url(request, tmp_path) -> str:
    """A database of its own: a fresh SQLite file, or a new database of the cluster."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'class.sqlite3'}"
    return pg_database(request.getfixturevalue("pg_cluster"))


@pytest.fixture
def store(store_url):
    """A store in a class of its own (``reopen(store)``: the same class from a second "process")."""
    from balada_widgets.classroom import open_store

    s = open_store(store_url, class_name=f"test-{uuid.uuid4().hex[:12]}")
    yield s
    s.close()
