"""One table played from many threads at once, as a Solara server does: the store keeps every move once.

The flaky failure this guards against: on an in-memory store (the pages' tests use one) the single SQLite
connection and its transaction were shared by every thread, so a reader giving the connection back (a
ROLLBACK) or another thread's commit landed in the middle of a move's compare-and-set: half a move was kept,
a Balada flip was stored twice ("the stored moves of table X do not replay"), or the table stayed "too busy".
"""

from __future__ import annotations

import concurrent.futures
import threading
import time
import uuid

import pytest

from balada_widgets.classroom import Store
from balada_widgets.classroom.live import NOTIFIER, LiveStore
from balada_widgets.core.errors import GameError

CHOICES = 6  # each student's choices (Balada's turns each have one per seat)


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def hammer_url(request, tmp_path) -> str:
    if request.param == "memory":
        return "sqlite://"
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'class.sqlite3'}"
    return request.getfixturevalue("pg_shared")


def test_balada_two_seats_a_bot_and_readers_on_threads_store_every_move_once(hammer_url):
    st = LiveStore(hammer_url, class_name=f"threads-{uuid.uuid4().hex[:12]}")
    code = st.create_table("balada", seats=["open", "open", "bot"], seed=11).code
    tokens = [st.join(code, "Ana"), st.join(code, "Ben")]
    committed: dict[int, str] = {}  # number -> text of every move store.play said it committed
    errors: list[str] = []
    done = threading.Event()
    lock = threading.Lock()

    def read() -> None:
        try:
            st.status(code)
            st.view(code)
            st.view(code, tokens[0])
            st.moves(code, tokens[1])
            st.nodes(code, 0)
            st.legal_moves(code, tokens[0])
        except Exception as e:  # noqa: BLE001 - any failure of a read is the finding
            with lock:
                errors.append(f"read: {e!r}")

    stop_watch = NOTIFIER.watch(st, code, read)  # a watching page's callback, on the notifier's workers
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="hammer")

    def send(seat: int, text: str, client_id: str):
        return st.play(code, tokens[seat], text, client_move_id=client_id, bots=False)

    def student(seat: int) -> None:
        chosen = 0
        deadline = time.monotonic() + 60
        while chosen < CHOICES and time.monotonic() < deadline:
            try:
                legal = st.legal_moves(code, tokens[seat])
                if not legal:
                    if st.status(code).over:
                        return
                    time.sleep(0.002)
                    continue
                text = legal[(seat + chosen) % len(legal)]
                client_id = f"{st.status(code, tokens[seat]).move_count}:{text}"
                # the move sent twice at once from two worker threads (a double click, two tabs): one move
                twice = [pool.submit(send, seat, text, client_id) for _ in range(2)]
                got = [f.result(timeout=60) for f in twice]
            except Exception as e:  # noqa: BLE001
                with lock:
                    errors.append(f"seat {seat + 1}: {e!r}")
                return
            if sorted(g.duplicate for g in got) != [False, True] or got[0].number != got[1].number:
                with lock:
                    errors.append(f"seat {seat + 1}: the move {text} sent twice gave {got}")
                return
            with lock:
                committed[got[0].number] = text
            st.advance_later(code)  # the bot answers on the notifier's workers, as after a page's move
            chosen += 1

    def reader() -> None:
        while not done.is_set():
            read()
            time.sleep(0.001)

    threads = [threading.Thread(target=student, args=(s,)) for s in (0, 1)]
    threads += [threading.Thread(target=reader) for _ in range(2)]
    try:
        for t in threads:
            t.start()
        for t in threads[:2]:
            t.join(90)
        done.set()
        for t in threads[2:]:
            t.join(10)
        NOTIFIER.drain(30)
    finally:
        stop_watch()
        pool.shutdown(wait=True)
    assert not errors, errors[:5]
    assert len(committed) == 2 * CHOICES

    live = st.table(code).session.history
    count = st.status(code).move_count
    if hammer_url == "sqlite://":  # no second process can open an in-memory database: replay it from the rows
        st._live.clear()
        fresh = st
    else:
        fresh = Store(hammer_url, class_name=st.class_name)
    try:
        replayed = fresh.table(code).session.history  # raises if the stored moves do not replay
        assert len(replayed) == count == fresh.status(code).move_count
        assert replayed == live
        assert {n: replayed[n - 1] for n in committed} == committed
        logged = fresh.moves(code)
        assert [m.number for m in logged] == list(range(1, count + 1))
        bots = [m for m in logged if m.seat == 2]
        flips = [m for m in logged if m.seat is None]
        assert len(bots) >= CHOICES and len(flips) >= CHOICES, (len(bots), len(flips))
    finally:
        if fresh is not st:
            fresh.close()
        st.close()
