"""The app's ``--db``: the class store named on the app's command line, after ``--``.

``solara run balada_widgets/app.py ... -- --db URL`` (``solara run`` reads its options up to
``--`` and leaves the rest to the app): the server opens that store, before ``$BALADA_DB``
and the default file. Unit cases for the words after ``--``; then a real ``solara run`` whose
announcement names the store, which is made at that URL (and nothing in the data directory).
The browser test ``tests/browser/test_resume_server.py`` starts its servers this way too.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from balada_widgets.classroom import open_store
from balada_widgets.classroom import store as store_mod
from balada_widgets.classroom.schema import SCHEMA_VERSION
from balada_widgets.core.errors import InvalidInput

ROOT = Path(__file__).resolve().parents[2]
SOLARA = ["solara", "run", "balada_widgets/app.py", "--production"]


@pytest.mark.parametrize("words, url", [
    (["--", "--db", "postgresql://balada@host/class"], "postgresql://balada@host/class"),
    (["--", "--db=/srv/class.sqlite3"], "/srv/class.sqlite3"),
    (["--", "--db", " sqlite:////tmp/x.sqlite3 "], "sqlite:////tmp/x.sqlite3"),
    (["--port", "8765"], None),
    (["--"], None),
])
def test_the_words_after_the_double_dash(words, url):
    assert store_mod.command_line_db(SOLARA + words) == url


@pytest.mark.parametrize("words", [["--", "--db"], ["--", "--db="], ["--", "--db", "--port"], ["--", "--bd", "x"],
                                   ["--", "x.sqlite3"]])
def test_a_mistyped_db_option_is_refused(words):
    with pytest.raises(InvalidInput, match=r"--db"):
        store_mod.command_line_db(SOLARA + words)


def test_the_command_line_comes_before_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("BALADA_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("BALADA_DB", f"sqlite:///{tmp_path / 'env.sqlite3'}")
    monkeypatch.setattr(sys, "argv", SOLARA + ["--", "--db", str(tmp_path / "argv.sqlite3")])
    assert store_mod.default_url() == str(tmp_path / "argv.sqlite3")
    with open_store() as st:
        assert st.url == f"sqlite:///{tmp_path / 'argv.sqlite3'}"
    assert (tmp_path / "argv.sqlite3").is_file() and not (tmp_path / "env.sqlite3").exists()
    monkeypatch.setattr(sys, "argv", SOLARA)
    assert store_mod.default_url() == f"sqlite:///{tmp_path / 'env.sqlite3'}"
    monkeypatch.delenv("BALADA_DB")
    assert store_mod.default_url() == f"sqlite:///{tmp_path / 'data' / 'classroom.sqlite3'}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_solara_run_with_db_serves_that_store(tmp_path):
    db = tmp_path / "given" / "class.sqlite3"
    env = {k: v for k, v in os.environ.items() if k != "BALADA_DB"}
    env.update(BALADA_DATA=str(tmp_path / "data"), BALADA_TEACHER_TOKEN="t" * 24,
               SOLARA_TELEMETRY_MIXPANEL_ENABLE="false", PYTHONPATH=str(ROOT))
    log = tmp_path / "server.log"
    port = _free_port()
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [str(Path(sys.executable).parent / "solara"), "run", "balada_widgets/app.py", "--host", "127.0.0.1",
             "--port", str(port), "--no-open", "--no-check-version", "--production", "--", "--db", f"sqlite:///{db}"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 180
        while "teacher page:" not in log.read_text(errors="replace"):
            assert proc.poll() is None, log.read_text(errors="replace")[-3000:]
            assert time.monotonic() < deadline, log.read_text(errors="replace")[-3000:]
            time.sleep(0.2)
        text = log.read_text(errors="replace")
        assert f"the class store is sqlite:///{db}" in text, text[-2000:]
        assert db.is_file() and not (tmp_path / "data" / "classroom.sqlite3").exists()
        with open_store(f"sqlite:///{db}") as st:
            assert st.schema_version() == SCHEMA_VERSION and st.is_teacher("t" * 24)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=20)
