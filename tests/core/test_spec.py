"""Each game declared once (issue 13): the spec API, the four rooms' specs against their rules, one name per
seat (issue 14), and a fifth game (tic-tac-toe, ``tests/spec_game``) that gets its app pages, a new-game form,
the fuzz, a one-step lesson and a class table with a bot from its spec alone."""

from __future__ import annotations

import inspect
import pathlib
import subprocess
import sys

import pytest

import balada_widgets
from balada_widgets.core import GameError, InvalidInput
from balada_widgets.core.spec import GameSpec, Option, registered, registry, spec

ROOT = pathlib.Path(__file__).resolve().parents[2]
ROOMS = ("balada", "balda", "barcadia", "baldurs_gate")


# ---------------------------------------------------------------------------------------------- the API

def test_the_registry_holds_the_four_rooms_and_games_reads_it():
    assert tuple(registry()) == ROOMS == balada_widgets.GAMES == balada_widgets.ROOMS
    assert balada_widgets.SPECS["balda"] is spec("balda") is balada_widgets.balda.SPEC
    with pytest.raises(InvalidInput, match="unknown game 'chess'; known: balada, balda"):
        spec("chess")


def test_declaring_the_specs_imports_no_rules_and_no_ui():
    code = ("import sys, balada_widgets; print(sorted(m for m in sys.modules if m.startswith('balada_widgets.') "
            "and m.count('.') > 1 and not m.startswith('balada_widgets.core'))); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('solara', 'ipywidgets', 'reacton')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT).stdout.split("\n")
    assert out[:2] == ["[]", "[]"], out


def test_options_are_checked_from_the_spec():
    s = spec("barcadia")
    assert s.check_options({"crits": True})["crits"] is True
    assert s.check_options({})["dungeon"] is None and "turn_limit" not in s.check_options({})  # hidden: if given
    with pytest.raises(InvalidInput, match=r"the option crits \(Crits\) takes True or False, not 'yes'"):
        s.check_options({"crits": "yes"})
    with pytest.raises(InvalidInput, match="has no option 'crit'; its options are dungeon, build, crits"):
        s.check_options({"crit": True})
    balda = spec("balda")
    with pytest.raises(InvalidInput, match=r"language \(Language\) takes one of 'en', 'ru', not 'de'"):
        balda.check_options({"language": "de"})
    with pytest.raises(InvalidInput, match="tier"):
        balda.check_options({"tier": "rare"})
    assert balda.check_options({"size": 9})["size"] == 9  # not strict: the game checks other sizes itself
    assert spec("balada").check_options({"sheet": {"custom": "data"}})["sheet"] == {"custom": "data"}
    with pytest.raises(InvalidInput, match="takes one of 1, 2"):
        Option("n", 1, (1, 2)).check(True)  # a bool is not the number 1
    with pytest.raises(InvalidInput, match="a whole number from 2 to 9"):
        Option("n", 3, range(2, 10)).check(10)
    with pytest.raises(InvalidInput):
        Option("n", 0, (1, 2))  # a default the option refuses is the declaration's mistake


def test_one_defaults_policy_for_every_game():
    for name in ROOMS:
        s = spec(name)
        base = s.settings()
        assert (base.players, base.bots, base.bot_level, base.seed) == (2, 1, s.default_bot, 0), name
        assert s.settings(players=s.players[1]).bots == s.players[1] - 1  # you against bots
        assert base.make_bots().keys() == {1} and base.seat_name(0) == "Player 1 (you)"
        assert base.seat_name(1) == f"Player 2 ({s.default_bot} bot)"
        with pytest.raises(InvalidInput, match=f"is for {s.players[0]} to {s.players[1]} players, not 7"):
            s.settings(players=7)
        with pytest.raises(InvalidInput, match="bots must be 0 to 2"):
            s.settings(players=2, bots=3)
        with pytest.raises(InvalidInput, match="unknown bot level 'genius'; choose one of random, greedy"):
            s.settings(bot_level="genius")
    assert spec("balada").settings(players=1).bots == 0  # one player: a solo game
    assert "rule H-SET2" in str(pytest.raises(InvalidInput, spec("barcadia").settings, players=1).value)
    changed = spec("balada").settings(players=3).replace(players=2)
    assert (changed.players, changed.bots) == (2, 1)
    assert spec("balada").settings(players=2).replace(players=4).bots == 3  # one person against bots stays so
    assert spec("balada").settings(players=3, bots=1).replace(players=4).bots == 1  # other tables keep theirs


def test_an_option_for_some_player_counts_takes_its_default_at_the_others():
    barcadia = spec("barcadia")
    assert barcadia.settings(players=2, removal=False).replace(players=4).options["removal"] is None  # 2-3 only
    assert barcadia.settings(players=4, removal=True).options["removal"] is True  # a notebook may still ask
    game = barcadia.settings(players=3).make_game()
    adopted = barcadia.settings(players=3).adopt(game)
    assert adopted.options["removal"] is True and adopted.replace(players=5).options["removal"] is None


def test_adopting_a_game_keeps_its_data_and_drops_what_was_read_once():
    from balada_widgets.balda.lexicon import Lexicon

    balda = spec("balda")
    lex = Lexicon.from_words(["balda", "ball", "bad"], name="demo")
    settings = balda.settings(start_word="balda", lexicon=lex, bot_tier=None)
    adopted = settings.adopt(settings.make_game())
    assert adopted.options["start_word"] == "balda" and "lexicon" not in adopted.options  # given, then read
    assert adopted.bot_options == {"tier": None} and balda.settings().bot_options == {"tier": "common"}
    assert adopted.options["words"] is None  # kept from the game: a word list read once travels as its words


def test_the_settings_refuse_in_the_games_language():
    bg = spec("baldurs_gate")
    with pytest.raises(InvalidInput, match="Builders of Baldur's Gate je pro 2 až 4 hráče, ne 7"):
        bg.settings(players=7, language="cs")
    with pytest.raises(InvalidInput, match=r"botů může být 0 až 2 \(počet hráčů\), ne 5"):
        bg.settings(players=2, bots=5, language="cs")
    with pytest.raises(InvalidInput, match="is for 2 to 4 players, not 7"):
        bg.settings(players=7)
    assert bg.word("form.title", "cs") == "Nová hra" and bg.word("form.advanced", "en").startswith("Advanced")
    assert spec("balada").word("form.title", "cs") == "New game"  # a game not shown in Czech: the kit's English


def test_one_name_per_seat():
    from balada_widgets.core.spec import seat_name, seat_names

    class Bot:
        level = "greedy"

    class Remote:
        remote = True

        def __init__(self, kind, name="", level=""):
            self.kind, self.name, self.level = kind, name, level

    assert [seat_name(p, {1: Bot(), 2: Bot()}, 3) for p in range(3)] == [
        "Player 1 (you)", "Player 2 (greedy bot)", "Player 3 (greedy bot)"]
    assert [seat_name(p, {2: Bot()}, 3) for p in range(3)] == ["Player 1", "Player 2", "Player 3 (greedy bot)"]
    # a class table: a classmate by the name they chose, the store's bot and an open seat like any other
    table = {1: Remote("human", "Ben"), 2: Remote("bot", level="random"), 3: Remote("open")}
    assert [seat_name(p, table, 4) for p in range(4)] == [
        "Player 1 (you)", "Ben", "Player 3 (random bot)", "Player 4 (open seat)"]
    assert seat_name(0, {}, 2, you=0, names={0: "Ana"}) == "Ana (you)"
    bg = spec("baldurs_gate")
    game = bg.settings(players=3, language="cs").make_game()
    assert seat_names(game, {1: Bot(), 2: Bot()}) == ["Hráč 1 (ty)", "Hráč 2 (chamtivý bot)", "Hráč 3 (chamtivý bot)"]
    assert seat_names(bg.settings(players=3).make_game(), {2: Bot()}) == ["Player 1", "Player 2", "Player 3 (greedy bot)"]


@pytest.mark.parametrize("name", ROOMS)
def test_one_name_per_seat_in_every_rooms_app(name):
    app = getattr(balada_widgets, name).new_game(players=3, seed=1, bot_level="random")
    assert app.seat_names() == ["Player 1 (you)", "Player 2 (random bot)", "Player 3 (random bot)"]
    assert type(app).__name__ == spec(name).app_name and "Player 1 (you), Player 2 (random bot)" in repr(app)


@pytest.mark.parametrize("name", ROOMS)
def test_each_spec_agrees_with_its_rules(name):
    import importlib

    s = spec(name)
    cls = s.game_class_loaded()
    assert cls.name == name and (cls.min_players, cls.max_players) == s.players
    bots = importlib.import_module(f"balada_widgets.{name}.bots")
    assert tuple(s.bots) == tuple(bots.BOT_LEVELS)
    params = inspect.signature(cls.__init__).parameters
    for o in s.options:
        if o.game:
            assert o.name in params, (name, o.name)
            assert params[o.name].default == o.default, (name, o.name)
    game = s.settings().make_game()  # every form option at its default makes the game
    assert game.num_players == 2


def test_the_choices_are_the_rooms_own():
    from balada_widgets.balada.content import sheet_names
    from balada_widgets.balda.lexicon import TIERS
    from balada_widgets.balda.rules import LANGUAGES as BALDA_LANGUAGES
    from balada_widgets.baldurs_gate.i18n import LANGUAGES as BG_LANGUAGES
    from balada_widgets.barcadia.board import dungeon_names

    assert set(spec("balada").option("sheet").choices) == set(sheet_names())
    assert spec("balda").option("tier").choices == (None, *TIERS)
    assert spec("balda").option("language").choices == BALDA_LANGUAGES
    assert spec("baldurs_gate").option("language").choices == BG_LANGUAGES
    assert set(spec("barcadia").option("dungeon").choices) == {None, *dungeon_names()}


@pytest.mark.parametrize("name", ROOMS)
def test_new_game_and_make_bot_have_one_signature(name):
    room = getattr(balada_widgets, name)
    params = list(inspect.signature(room.new_game).parameters)
    assert params == ["players", "bots", "seed", "bot_level", "options"], params
    assert list(inspect.signature(room.make_bot).parameters) == ["level", "seed", "extra"]
    assert room.make_bot().level == spec(name).default_bot
    assert room.make_bot("random", 3).level == "random"
    with pytest.raises(InvalidInput, match="unknown bot level 'genius'"):
        room.make_bot("genius")
    assert "one policy for every game" in room.new_game.__doc__


def test_balda_bot_tier_goes_in_extra():
    from balada_widgets import balda

    assert balda.make_bot("greedy", seed=1, tier="basic").name == "greedy bot (basic words)"
    with pytest.raises(GameError, match="vocabulary tier"):
        balda.make_bot(tier="rare")


# ---------------------------------------------------------------------------------------------- the fifth game

@pytest.fixture
def tictactoe(monkeypatch):
    """The tiny game registered for one test (``tests`` importable from the repository's root)."""
    monkeypatch.syspath_prepend(str(ROOT))
    from tests.spec_game import SPEC

    with registered(SPEC):
        yield SPEC
    assert "tictactoe" not in registry()


def test_a_registered_game_is_in_games_and_the_fuzz(tictactoe):
    from balada_widgets.core import fuzz

    assert balada_widgets.GAMES[-1] == "tictactoe"
    assert fuzz.VARIANTS["tictactoe"] == {"first": ["x", "o"], "misere": [False, True]}
    assert fuzz.registered_games()["tictactoe"].__name__ == "TicTacToe"
    reports = fuzz.fuzz_many(["tictactoe"], games=6, seed=0)["tictactoe"]
    assert all(r.over and not r.failures for r in reports), [str(f) for r in reports for f in r.failures]
    assert sum(r.refused for r in reports) > sum(r.moves for r in reports)
    assert {r.options["first"] for r in reports} == {"x", "o"}


def test_a_registered_game_gets_new_game_and_its_options_checked(tictactoe):
    with pytest.raises(InvalidInput, match=r"Tic-tac-toe: the option first \(Who opens\) takes one of 'x', 'o'"):
        tictactoe.new_game(first="z")
    with pytest.raises(InvalidInput, match="Tic-tac-toe is for 2 players, not 3"):
        tictactoe.new_game(players=3)
    app = tictactoe.new_game(seed=4, first="o")
    assert type(app).__name__ == "TictactoeApp" and app.game.first == "o" and sorted(app.bots) == [1]
    assert app.play("p1 b2") is None  # the bot answers at once
    assert app.game.to_move(app.session.state) == (0,) and len(app.session.history) == 2
    assert repr(app).startswith("<TictactoeApp Player 1 (you), Player 2 (simple bot); Who opens O opens")
    app.new_game(misere=True, bots=0)
    assert app.game.misere and app.bots == {} and app.settings.options == {"first": "o", "misere": True}
    app.load("xo./.../... p1")  # a position text: the same seats, the position pasted
    assert app.session.state.grid[:2] == ("x", "o") and app.bots == {}


def _ui(element):
    import solara

    from tests.ui.conftest import UI

    _box, rc = solara.render(element, handle_error=False)
    return UI(rc)


def test_a_registered_game_gets_its_app_pages(tictactoe):
    from balada_widgets import app

    pages = {p.path: p for p in app.all_pages() if p.game == "tictactoe"}
    assert set(pages) == {"tictactoe", "tictactoe-hot-seat", "tictactoe-learn"}
    assert "tictactoe" in [r.path for r in app.make_routes()]
    assert ("Tic-tac-toe", "/tictactoe", "tictactoe") in app.make_tabs()
    assert app.tab_index("/tictactoe-learn", app.make_tabs()) == 5

    page = pages["tictactoe"]
    ui = _ui(app._page(page, page.load())())  # the page as the app serves it: links, then the game
    assert ui.has("bw-game-link-current") and ui.has("bw-link-tictactoe-learn")
    [board] = ui.boards("bw-tictactoe-board")
    assert board.svg.count('class="cell target"') == 9 and "Your move." in ui.text()
    board.emit_click("p1 b2")
    assert ui.boards("bw-tictactoe-board")[0].svg.count('class="cell target"') == 7  # the bot answered
    assert "Player 2 (simple bot)" in ui.text()

    hot = _ui(pages["tictactoe-hot-seat"].load()())
    assert "bot" not in hot.text() and "Player 1 to move." in hot.text()

    home = _ui(app.Home())
    assert home.has("bw-home-tictactoe") and home.has("bw-open-tictactoe-learn") and "Tic-tac-toe" in home.text()


def test_a_registered_game_gets_a_new_game_form(tictactoe):
    app = tictactoe.new_game(seed=2)
    ui = _ui(app.element())
    ui.click("bw-new-game")
    assert ui.has("bw-new-game-form") and ui.has("bw-form-first") and ui.has("bw-form-misere")
    assert "Who opens" in ui.text() and "Three in a row loses" in ui.text() and "O opens" in ui.text()
    ui.choose("bw-form-first-1")  # O opens
    import ipyvuetify as v

    [misere_box] = [w for w in ui.all_widgets() if "bw-form-misere" in (getattr(w, "class_", "") or "").split()]
    [misere] = [w for w in misere_box.children if isinstance(w, v.Checkbox)]
    misere.v_model = True
    [bots] = [w for w in ui.all_widgets() if "bw-form-bots" in (getattr(w, "class_", "") or "").split()]
    bots.v_model = 0
    ui.click("bw-form-start")
    assert app.game.misere and app.game.first == "o" and app.bots == {} and app.session.seed == 3
    assert not ui.has("bw-new-game-form")  # the form closes once the game starts


def test_a_registered_game_gets_its_one_step_lesson(tictactoe):
    from balada_widgets import app
    from balada_widgets.ui.board import SvgBoard

    page = next(p for p in app.all_pages() if p.path == "tictactoe-learn")
    ui = _ui(page.load()())
    assert ui.has("bw-lesson") and "Step 1 of 1" in ui.text() and "Three in a row" in ui.text()
    boards = ui.rc.find(SvgBoard).widgets
    assert boards and all("target" not in b.svg for b in boards)  # the board marks no answer before the learner answers


def test_a_registered_game_gets_a_class_table_with_a_bot(tictactoe, tmp_path):
    """The class store reads the spec: a fifth game's table seats its bot, which answers every move."""
    from balada_widgets.classroom import bots, open_store

    assert bots.bot_levels("tictactoe") == ("simple",) and bots.check_bot("tictactoe", None) == ("simple", {})
    store = open_store(f"sqlite:///{tmp_path / 'class.sqlite3'}", class_name="spec-test")
    try:
        table = store.create_table("tictactoe", seats=["open", "bot"], seed=3)
        ana = store.join(table.code, "Ana")
        while not store.status(table.code, ana).over:
            assert store.status(table.code, ana).to_move == (0,)  # the bot has answered
            store.play(table.code, ana, store.legal_moves(table.code, ana)[0])
        status = store.status(table.code, ana)
        assert [s.kind for s in status.seats] == ["human", "bot"] and status.seats[1].bot_level == "simple"
        assert {r.seat for r in store.moves(table.code)} == {0, 1}
    finally:
        store.close()


def _check_lesson_entry(s):
    for entry in ("lesson", "tutorial", "step"):
        params = inspect.signature(s.lesson_entry(entry)).parameters
        assert "language" in params and params["language"].default == "en", (s.name, entry)
    assert list(inspect.signature(s.lesson_entry("step")).parameters)[:2] == ["step_id", "language"], s.name
    assert s.lesson_entry("lesson")(language="en").steps, s.name


@pytest.mark.parametrize("name", ROOMS)
def test_every_game_reaches_its_lesson_through_one_entry(name):
    _check_lesson_entry(spec(name))


def test_a_lesson_entry_is_one_of_three():
    with pytest.raises(InvalidInput, match="a lesson's entry is one of lesson, tutorial, step"):
        spec("balda").lesson_entry("quiz")


def test_a_registered_games_lesson_through_the_spec(tictactoe):
    _check_lesson_entry(tictactoe)
    assert [step.id for step in tictactoe.lesson_entry("lesson")().steps] == ["win"]
