"""A process writing moves is killed with SIGKILL: a new process finds every move it reported committed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import sqlalchemy as sa

from balada_widgets.classroom import open_store

# The writer: plays random legal moves for both seats of its table (a new table when a game
# ends), printing "CODE NUMBER TEXT" after each play() returned, i.e. after its commit.
WRITER = r"""
import json, random, sys
from balada_widgets.classroom import open_store
url, class_name, code, tokens = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
store = open_store(url, class_name=class_name)
rng = random.Random(0)
print("ready", flush=True)
while True:
    st = store.status(code)
    if st.over:
        code = store.create_table("barcadia", players=2, seed=rng.randrange(10**6)).code
        tokens = [store.join(code, "Ana"), store.join(code, "Ben")]
        continue
    if st.to_roll:  # the die of a battle waits for its student (Barcadia, ruling P24)
        played = store.roll(code, tokens[st.to_roll[0]])
        print(code, played.number, store.table(code).session.history[played.number - 1], flush=True)
        continue
    p = st.to_move[0]
    text = rng.choice(store.legal_moves(code, tokens[p]))
    played = store.play(code, tokens[p], text)
    print(code, played.number, text, flush=True)
"""

KILL_AFTER = 40


def test_sigkill_keeps_every_committed_move(store):
    table = store.create_table("barcadia", players=2, seed=4)
    tokens = [store.join(table.code, "Ana"), store.join(table.code, "Ben")]
    child = subprocess.Popen([sys.executable, "-c", WRITER, store.url, store.class_name, table.code, json.dumps(tokens)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    reported: list[tuple[str, int, str]] = []
    try:
        assert child.stdout.readline().strip() == "ready", child.stderr.read()
        started = time.monotonic()
        while len(reported) < KILL_AFTER:
            line = child.stdout.readline()
            assert line, f"the writer stopped: {child.stderr.read()}"
            code, number, text = line.rstrip("\n").split(" ", 2)
            reported.append((code, int(number), text))
            assert time.monotonic() - started < 120
        os.kill(child.pid, signal.SIGKILL)  # most likely inside its next play()
    finally:
        if child.poll() is None:
            child.kill()
        child.wait(timeout=30)
        child.stdout.close()
        child.stderr.close()
    assert child.returncode == -signal.SIGKILL
    after = open_store(store.url, class_name=store.class_name)  # "a new process"
    try:
        if after.is_sqlite:
            with after.engine.connect() as c:
                assert c.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
        for code in dict.fromkeys(code for code, _, _ in reported):
            history = after.table(code).session.history
            mine = [(n, t) for c, n, t in reported if c == code]
            assert [history[n - 1] for n, _ in mine] == [t for _, t in mine]
            assert after.table(code).move_count == len(history) >= mine[-1][0]
        # and the first table plays on from where the killed process left it
        st = after.status(table.code)
        if not st.over:
            before = after.table(table.code).session.history
            if st.to_roll:  # the die waits (P24): rolled from where the killed process left it
                assert after.roll(table.code, tokens[st.to_roll[0]]).number == len(before) + 1
            else:
                tok = tokens[st.to_move[0]]
                assert after.play(table.code, tok, after.legal_moves(table.code, tok)[0]).number == len(before) + 1
            assert after.table(table.code).session.history[:len(before)] == before
    finally:
        after.close()
