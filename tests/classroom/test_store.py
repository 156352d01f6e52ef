"""The class store on SQLite and PostgreSQL: tables, seats, tokens, moves, replay, bots, progress, teacher."""

from __future__ import annotations

import csv
import io

import pytest
import sqlalchemy as sa

from balada_widgets.classroom import SCHEMA_VERSION, Store, open_store
from balada_widgets.classroom import store as store_mod
from balada_widgets.core.errors import GameError, IllegalMove, InvalidInput

GAMES = {"balada": {"players": 2}, "balda": {"players": 2}, "barcadia": {"players": 2},
         "baldurs_gate": {"players": 2}}


def reopen(store: Store) -> Store:
    """A second Store on the same database and class: another process's view of it."""
    return open_store(store.url, class_name=store.class_name)


def seat_to_move(store: Store, code: str) -> int:
    s = store.table(code).session
    return s.game.to_move(s.state)[0]


def play_first_legal(store: Store, code: str, tokens: list[str], n: int) -> list[str]:
    """Play ``n`` moves, each the first legal move of the seat the game waits for; their texts."""
    played = []
    for _ in range(n):
        p = seat_to_move(store, code)
        text = store.legal_moves(code, tokens[p])[0]
        before = store.table(code).move_count
        got = store.play(code, tokens[p], text)
        assert got.number == before + 1 and not got.duplicate
        played.append(text)
    return played


@pytest.mark.parametrize("game", sorted(GAMES))
def test_create_join_play_view(store, game):
    table = store.create_table(game, seed=5, **GAMES[game])
    assert len(table.code) == 8 and set(table.code) <= set(store_mod.CODE_ALPHABET)
    tokens = [store.join(table.code, "Ana"), store.join(table.code, "Ben")]
    assert tokens[0] != tokens[1]
    st = store.status(table.code, tokens[1])
    assert [(s.kind, s.name, s.you) for s in st.seats] == [("human", "Ana", False), ("human", "Ben", True)]
    played = play_first_legal(store, table.code, tokens, 4)
    session = store.table(table.code).session
    history = session.history
    assert [t for t in played if t in history] == played
    g, state = session.game, session.state
    for p, tok in enumerate(tokens):
        assert store.view(table.code, tok) == g.view(state, p)
    assert store.view(table.code) == g.view(state, None)
    # a new process (a second Store on the same database) replays the same game
    other = reopen(store)
    try:
        again = other.table(table.code).session
        assert again.history == history and again.state == state
        assert other.view(table.code, tokens[0]) == g.view(state, 0)
    finally:
        other.close()


def test_hidden_hands_stay_hidden(store):
    """Heroes of Barcadia: a seat's view shows its own Loot Cards and masks the other's; a spectator sees none."""
    table = store.create_table("barcadia", players=2, seed=1)
    ana, ben = store.join(table.code, "Ana"), store.join(table.code, "Ben")
    full = store.table(table.code).session.state
    assert all(c != "?" for pl in full.players for c in pl.hand)
    va, vb, vs = store.view(table.code, ana), store.view(table.code, ben), store.view(table.code)
    assert va.players[0].hand == full.players[0].hand and set(va.players[1].hand) == {"?"}
    assert vb.players[1].hand == full.players[1].hand and set(vb.players[0].hand) == {"?"}
    assert all(set(pl.hand) <= {"?"} for pl in vs.players)
    # the move log as a seat sees it hides the other's draws too ("draw p2 ?")
    draws = {who: [m.text for m in store.moves(table.code, tok) if m.text.startswith("draw")]
             for who, tok in (("ana", ana), ("ben", ben), ("spectator", None))}
    assert draws["ana"] == [f"draw p1 {c}" for c in ("courage", "thirst-aid", "redo")] + ["draw p2 ?"] * 3
    assert draws["ben"] == ["draw p1 ?"] * 3 + [f"draw p2 {c}" for c in ("trap", "pickpocket", "peek")]
    assert draws["spectator"] == ["draw p1 ?"] * 3 + ["draw p2 ?"] * 3
    words = [m.words for m in store.moves(table.code, ana) if m.text == "draw p2 ?"]
    assert words == ["Player 2 draws a Loot Card"] * 3


def test_balada_simultaneous_choices_each_seat_its_token(store):
    table = store.create_table("balada", players=2, seed=3)
    ana, ben = store.join(table.code, "Ana"), store.join(table.code, "Ben")
    s = store.table(table.code).session
    assert s.game.to_move(s.state) == (0, 1)  # both choose at once
    store.play(table.code, ben, store.legal_moves(table.code, ben)[0])
    # Ana's view does not show Ben's choice; Ben's does
    assert store.view(table.code, ana).pending[1] == ()
    assert store.view(table.code, ben).pending[1] != ()
    assert store.view(table.code).pending == ((), ())
    s = store.table(table.code).session
    assert s.game.to_move(s.state) == (0,)
    with pytest.raises(IllegalMove, match=r"rule seat"):
        store.play(table.code, ben, store.legal_moves(table.code, ana)[0])
    count = store.table(table.code).move_count
    store.play(table.code, ana, store.legal_moves(table.code, ana)[0])
    # both choices revealed, the next cards flipped by chance: three rows
    assert store.table(table.code).move_count == count + 2
    s = store.table(table.code).session
    assert s.game.to_move(s.state) == (0, 1) and s.current.by_chance


def test_a_token_acts_only_for_its_own_seat(store):
    table = store.create_table("balda", seed=2)
    ana, ben = store.join(table.code, "Ana"), store.join(table.code, "Ben")
    move = store.legal_moves(table.code, ana)[0]
    with pytest.raises(GameError, match=r"token holds seat 2.*own seat \(rule seat\)"):
        store.play(table.code, ben, move)
    assert store.table(table.code).move_count == 1  # only the start word
    assert store.legal_moves(table.code, ben) == []


def test_wrong_code_and_token(store):
    table = store.create_table("balda", seed=2)
    ana = store.join(table.code, "Ana")
    store.join(table.code, "Ben")
    other = store.create_table("balda", seed=2)
    with pytest.raises(InvalidInput, match=r"rule code"):
        store.view("NOTACODE!", ana)
    with pytest.raises(InvalidInput, match=r"no table has the code .*rule code"):
        store.play("22222222", ana, "x")
    with pytest.raises(IllegalMove, match=r"holds no seat at table .*rule token"):
        store.play(table.code, "x" * 32, store.legal_moves(table.code, ana)[0])
    with pytest.raises(IllegalMove, match=r"rule token"):  # a token of another table
        store.view(other.code, ana)
    with pytest.raises(GameError, match=r"rule token"):
        store.play(table.code, None, "x")
    with pytest.raises(IllegalMove, match=r"every seat .* taken \(rule seats\)"):
        store.join(table.code, "Cleo")
    typed = table.code.lower()[:4] + "-" + table.code[4:]  # as a student types it
    assert store.status(typed).code == table.code


def test_illegal_move_refused_with_the_games_words_and_not_stored(store):
    table = store.create_table("barcadia", players=2, seed=1)
    tokens = [store.join(table.code, "Ana"), store.join(table.code, "Ben")]
    p = seat_to_move(store, table.code)
    s = store.table(table.code).session
    count = store.table(table.code).move_count
    bad = f"p{p + 1} reveal r29"
    with pytest.raises(GameError) as own:
        s.game.apply(s.state, bad)
    with pytest.raises(GameError) as got:
        store.play(table.code, tokens[p], bad)
    assert str(got.value) == str(own.value)
    with pytest.raises(InvalidInput):
        store.play(table.code, tokens[p], "this is not a move")
    assert store.table(table.code).move_count == count
    with store.engine.connect() as c:
        assert c.execute(sa.select(sa.func.count()).select_from(store_mod.moves)
                         .where(store_mod.moves.c.table_id == _table_id(store, table.code))).scalar() == count


def _table_id(store, code):
    with store.engine.connect() as c:
        return c.execute(sa.select(store_mod.tables.c.id).where(store_mod.tables.c.code == code)).scalar()


def test_a_move_sent_twice_plays_once(store):
    table = store.create_table("balda", seed=4)
    ana, ben = store.join(table.code, "Ana"), store.join(table.code, "Ben")
    move = store.legal_moves(table.code, ana)[0]
    first = store.play(table.code, ana, move, client_move_id="click-1")
    again = store.play(table.code, ana, move, client_move_id="click-1")
    assert (first.number, first.duplicate) == (2, False)
    assert (again.number, again.duplicate) == (2, True)
    assert store.table(table.code).move_count == 2
    with pytest.raises(IllegalMove, match=r"rule once"):
        store.play(table.code, ana, "b1=z zz b1-b2", client_move_id="click-1")
    # an "expected move count" from a stale page is refused
    with pytest.raises(IllegalMove, match=r"rule stale"):
        store.play(table.code, ben, store.legal_moves(table.code, ben)[0], expected=1)
    assert store.play(table.code, ben, store.legal_moves(table.code, ben)[0], expected=2).number == 3


def test_two_stores_see_each_others_moves(store):
    table = store.create_table("baldurs_gate", players=2, seed=9)
    tokens = [store.join(table.code, "Ana"), store.join(table.code, "Ben")]
    other = reopen(store)
    try:
        stores = [store, other]
        for i in range(8):
            s = stores[i % 2]
            p = seat_to_move(s, table.code)
            s.play(table.code, tokens[p], s.legal_moves(table.code, tokens[p])[0])
        a, b = store.table(table.code).session, other.table(table.code).session
        assert a.history == b.history and a.state == b.state
        assert store.table(table.code).move_count == len(a.history)
    finally:
        other.close()


def test_concurrent_writers_one_wins_the_other_catches_up(store):
    """Two stores hold the same live position; the second's move conflicts, catches up and is checked again."""
    table = store.create_table("balda", seed=6)
    ana, ben = store.join(table.code, "Ana"), store.join(table.code, "Ben")
    other = reopen(store)
    try:
        other.view(table.code, ana)  # both processes have the table live at move 1
        move = store.legal_moves(table.code, ana)[0]
        store.play(table.code, ana, move)
        # the other process plays the same move for Ana: it is now Ben's turn, the game says so
        with pytest.raises(GameError):
            other.play(table.code, ana, move)
        assert other.table(table.code).move_count == 2
        other.play(table.code, ben, other.legal_moves(table.code, ben)[0])
        assert store.table(table.code).session.history == other.table(table.code).session.history
    finally:
        other.close()


def test_bots_answer_and_a_seat_goes_to_a_bot(store):
    creator = store.new_browser_key()
    store.browser(creator, "Teacher's laptop")
    table = store.create_table("barcadia", seats=["open", "bot:random"], seed=2, creator=creator, turn_limit=8)
    assert table.options["players"] == 2
    ana = store.join(table.code, "Ana", browser=creator)
    for _ in range(6):
        st = store.status(table.code, ana)
        if st.over:
            break
        if st.to_roll:  # the die of Ana's battle waits for her (Barcadia, ruling P24): she rolls it
            assert st.to_roll == (0,) and not st.to_move
            store.roll(table.code, ana)
            continue
        assert st.to_move == (0,)  # after each play the bot has answered
        store.play(table.code, ana, store.legal_moves(table.code, ana)[0])
    rows = store.moves(table.code)
    assert any(r.seat == 1 for r in rows) and any(r.seat == 0 for r in rows)
    # a stranger may not hand seats; the creator may: Ana's token stops, the bot plays on
    with pytest.raises(IllegalMove, match=r"rule teacher"):
        store.hand_to_bot(table.code, 0, "random", by=store.new_browser_key())
    store.hand_to_bot(table.code, 0, "random", by=creator)
    with pytest.raises(IllegalMove, match=r"no longer acts .*rule token"):
        store.play(table.code, ana, "p1 pass")
    st = store.status(table.code)
    assert st.over or not st.to_move or all(st.seats[p].kind == "human" for p in st.to_move)
    assert [s.kind for s in st.seats] == ["bot", "bot"]
    with pytest.raises(InvalidInput, match=r"unknown bot level 'clever'"):
        store.create_table("balda", seats=["open", "bot:clever"])


def test_bot_seats_are_the_same_game_in_any_process(store):
    """A bot's decisions depend on the table's seed, its seat and the move number only."""
    a, b = store, open_store(store.url, class_name=store.class_name + "-other")
    try:
        ta = a.create_table("balda", seats=["bot:greedy", "bot:greedy"], seed=11)
        tb = b.create_table("balda", seats=["bot:greedy", "bot:greedy"], seed=11)
        assert a.table(ta.code).session.history == b.table(tb.code).session.history
        assert a.status(ta.code).over
    finally:
        a.close()
        b.close()


def test_taking_a_seat_back_from_the_same_browser(store):
    key = store.new_browser_key()
    table = store.create_table("balda", seed=8)
    t1 = store.join(table.code, "Ana", browser=key)
    other = reopen(store)  # the server restarted: the page reopens with its cookie
    try:
        [resumed] = other.browser_tables(key)
        assert resumed.code == table.code and resumed.you == 0
        t2 = other.join(table.code, "Ana", browser=key)
        assert t2 != t1 and other.status(table.code, t2).you == 0
        other.play(table.code, t2, other.legal_moves(table.code, t2)[0])
        assert store.status(table.code, t1).move_count == 2  # the first tab's token still acts
        ben = other.join(table.code, "Ben")
        assert other.status(table.code, ben).you == 1
    finally:
        other.close()


def test_hotseat_one_browser_every_seat(store):
    key = store.new_browser_key()
    store.browser(key, "Desk 4")
    table = store.create_table("balada", players=2, kind="hotseat", creator=key, seed=1)
    t0 = store.join(table.code, "Ana", browser=key, seat=0)
    t1 = store.join(table.code, "Ben", browser=key, seat=1)
    assert store.status(table.code, t0).you == 0 and store.status(table.code, t1).you == 1
    assert [s.code for s in store.browser_tables(key)] == [table.code]


def test_rate_limit_on_wrong_codes(store, monkeypatch):
    monkeypatch.setattr(store_mod, "JOIN_FAILURES", 3)
    table = store.create_table("balda", seed=1)
    key = store.new_browser_key()
    for _ in range(3):
        with pytest.raises(InvalidInput, match=r"rule code"):
            store.join("23456789", "Ana", browser=key)
    with pytest.raises(IllegalMove, match=r"too many wrong table codes.*rule rate"):
        store.join(table.code, "Ana", browser=key)
    with pytest.raises(IllegalMove, match=r"rule rate"):
        store.lookup(table.code, browser=key)
    # another browser is not held back
    assert store.lookup(table.code, browser=store.new_browser_key()).code == table.code


def test_an_ended_table_takes_no_move(store):
    store.set_teacher_token("t" * 20)
    table = store.create_table("balda", seed=1)
    ana = store.join(table.code, "Ana")
    with pytest.raises(IllegalMove, match=r"rule teacher"):
        store.end_table(table.code, by="not the teacher token")
    store.end_table(table.code, by="t" * 20)
    with pytest.raises(IllegalMove, match=r"has ended \(rule ended\)"):
        store.play(table.code, ana, "a4=a ba a3-a4")
    assert store.status(table.code).ended_at is not None


def test_options_never_name_a_file(store, tmp_path):
    (tmp_path / "decks.txt").write_text("x")
    with pytest.raises(InvalidInput, match=r"never names a file"):
        store.create_table("balada", decks=str(tmp_path / "decks.txt"))
    with pytest.raises(InvalidInput, match=r"not an option of balda"):
        store.create_table("balda", colour="red")
    with pytest.raises(InvalidInput, match=r"unknown game"):
        store.create_table("chess")


def test_progress_and_the_teacher(store):
    teacher = store.set_teacher_token()
    assert store.is_teacher(teacher) and not store.is_teacher("x" * 32)
    ana, ben = store.new_browser_key(), store.new_browser_key()
    store.browser(ana, "Ana")
    store.browser(ben, "=Ben")
    store.record_answer(ana, "balda", "readable", 0, verdict="wrong", misreading="diagonal")
    store.record_answer(ana, "balda", "readable", 0, verdict="right")
    store.record_answer(ben, "balda", "readable", 0, verdict="wrong", misreading="diagonal")
    store.record_answer(ben, "balda", "readable", 0, verdict="wrong", misreading="reuse")
    store.record_answer(ben, "balda", "readable", 0, verdict="shown")
    store.record_answer(ben, "balda", "readable", 0, verdict="right")
    assert store.progress(ana) == {("balda", "readable", 0): {"wrong": 1, "solved": True, "shown": False}}
    again = reopen(store)  # progress survives the process
    try:
        assert again.progress(ben, "balda")[("balda", "readable", 0)] == {"wrong": 2, "solved": True, "shown": True}
    finally:
        again.close()
    with pytest.raises(IllegalMove, match=r"rule teacher"):
        store.students("nope" * 5)
    people = {p["name"]: p["games"]["balda"] for p in store.students(teacher)}
    assert people["Ana"] == {"steps_done": 1, "tries": 2, "solved": 1, "solved_shown": 0}
    assert people["=Ben"] == {"steps_done": 1, "tries": 3, "solved": 0, "solved_shown": 1}
    assert store.misreadings(teacher) == {("balda", "readable"): [("diagonal", 2), ("reuse", 1)]}
    rows = list(csv.reader(io.StringIO(store.export_progress_csv(teacher))))
    assert rows[0][:3] == ["name", "game", "step"] and ["'=Ben", "balda", "readable", "0", "2", "1", "1"] in rows
    table = store.create_table("balda", seed=1)
    store.join(table.code, "Ana", browser=ana)
    [listed] = store.all_tables(teacher)
    assert listed.code == table.code and listed.seats[0].name == "Ana" and listed.to_move == (0,)
    store.erase_class(teacher)
    assert store.students(teacher) == [] and store.all_tables(teacher) == [] and store.progress(ana) == {}
    with pytest.raises(InvalidInput, match=r"rule code"):
        store.view(table.code)
    assert store.is_teacher(teacher)


def test_secrets_are_kept_hashed(store):
    key = store.new_browser_key()
    table = store.create_table("balda", seed=1)
    token = store.join(table.code, "Ana", browser=key)
    with store.engine.connect() as c:
        dump = repr([c.execute(sa.select(t)).all() for t in store_mod.metadata.sorted_tables])
    assert token not in dump and key not in dump
    assert store_mod.hash_secret(token) in dump


def test_a_newer_schema_is_refused(fresh_url):
    s = open_store(fresh_url)
    assert s.schema_version() == SCHEMA_VERSION
    with s.engine.begin() as c:
        c.execute(sa.update(store_mod.meta).where(store_mod.meta.c.key == "schema_version").values(value="99"))
    s.close()
    with pytest.raises(InvalidInput, match=r"schema version 99.*upgrade balada-widgets.*rule schema"):
        open_store(fresh_url)


def test_default_url_and_data_dir(monkeypatch, tmp_path):
    monkeypatch.delenv("BALADA_DB", raising=False)
    monkeypatch.setenv("BALADA_DATA", str(tmp_path / "data"))
    assert store_mod.default_url() == f"sqlite:///{tmp_path / 'data' / 'classroom.sqlite3'}"
    with open_store() as s:
        assert s.is_sqlite and (tmp_path / "data" / "classroom.sqlite3").is_file()
        with s.engine.connect() as c:
            assert c.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert c.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    monkeypatch.setenv("BALADA_DB", f"sqlite:///{tmp_path / 'other.db'}")
    assert store_mod.default_url().endswith("other.db")


def test_a_process_keeps_few_live_tables_and_replays_the_others(store, monkeypatch):
    monkeypatch.setattr(store_mod, "LIVE_TABLES", 1)
    a, b = store.create_table("balda", seed=1), store.create_table("balda", seed=2)
    ta = [store.join(a.code, "Ana"), store.join(a.code, "Ben")]
    tb = [store.join(b.code, "Cleo"), store.join(b.code, "Dan")]
    for _ in range(2):
        play_first_legal(store, a.code, ta, 1)
        play_first_legal(store, b.code, tb, 1)
    assert len(store._live) == 1
    assert store.table(a.code).move_count == store.table(b.code).move_count == 3
    assert len(store.table(a.code).session.history) == 3
