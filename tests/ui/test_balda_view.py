"""The Balda view, rendered with ``solara.render``: pick a cell, type, trace, play, refusals, bots, hints, the end.

The games use tiny dictionaries so that every position is known by heart:
start word ``balda``; ``ball`` is ``c4=l a3-b3-c3-c4``; ``lab`` is readable on
the start word backwards (rule D4).
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from balada_widgets import balda
from balada_widgets.balda import BaldaGame, Lexicon, Pass
from balada_widgets.balda.lexicon import ENGLISH_ALPHABET, RUSSIAN_ALPHABET
from balada_widgets.balda.view import BaldaApp, BaldaView, board_svg, feedback_stages
from balada_widgets.kit.paths import Trace

WORDS = ["balda", "ball", "bad", "lab", "lad", "bald", "dab", "lap", "pad"]


def lexicon(words=WORDS, alphabet=ENGLISH_ALPHABET) -> Lexicon:
    return Lexicon.from_words(words, alphabet=alphabet, name="demo")


def hot_seat(words=WORDS, players: int = 2) -> BaldaApp:
    return BaldaApp(players=players, bots=0, game=BaldaGame(players, start_word="balda", lexicon=lexicon(words)))


CELL_RE = re.compile(r'<g class="cell ([^"]*)" data-id="cell-([a-z]\d+)"')


def cells(ui, kind: str) -> list[str]:
    """Names of the grid cells drawn with the class ``kind``."""
    return sorted(name for classes, name in CELL_RE.findall(ui.board("bw-balda-grid").svg) if kind in classes.split())


def feedback(ui) -> str:
    html = [w.unsafe_innerHTML for w in ui.all_widgets()
            if "bw-balda-feedback" in (getattr(w, "attributes", None) or {}).get("class", "").split()]
    assert html, "no feedback box"
    return unescape(html[0])


def trace(ui, cell: str, letter: str, path: str) -> None:
    grid = ui.board("bw-balda-grid")
    grid.emit_click(f"cell-{cell}")
    grid.emit_key(letter)
    for name in path.split("-"):
        grid.emit_click(f"cell-{name}")


# ---------------------------------------------------------------------- a turn


def test_highlighted_cells_are_exactly_the_cells_of_the_legal_moves(render):
    app = hot_seat()
    ui = render(app.element())
    from balada_widgets.balda.position import cell_name

    want = sorted({cell_name(m.cell, 5) for m in app.game.word_moves(app.session.state)})
    assert cells(ui, "target") == want
    assert "a1" not in want and cells(ui, "fixed") == ["a3", "b3", "c3", "d3", "e3"]


def test_select_a_cell_type_a_letter_trace_and_play_with_enter(render):
    app = hot_seat()
    ui = render(app.element())
    grid = ui.board("bw-balda-grid")
    grid.emit_click("cell-c4")
    assert cells(ui, "chosen") == ["c4"] and 'class="caret"' in grid.svg
    assert "Type the letter for <b>c4</b>" in feedback(ui)
    grid.emit_key("L")  # capitals are folded (rule D7)
    assert cells(ui, "pending") == ["c4"] and ">L</text>" in grid.svg
    assert ui.button("bw-balda-play").disabled
    for name in ("a3", "b3", "c3", "c4"):
        grid.emit_click(f"cell-{name}")
    assert cells(ui, "onpath") == ["a3", "b3", "c3", "c4"]
    fb = feedback(ui)
    assert "The letter L on c4, reading BALL: BALL scores 4 points (rule D5)" in fb and 'class="bw-balda-fb ok"' in fb
    assert "c4=l" not in fb and "a3-b3" not in fb  # words for the learner, no notation
    assert not ui.button("bw-balda-play").disabled
    grid.emit_key("Enter")
    assert app.session.history[-1] == "c4=l ball a3-b3-c3-c4"
    assert app.session.state.scores == (4, 0)
    assert cells(ui, "chosen") == [] and cells(ui, "last") == ["c4"]
    words = ui.board("bw-balda-words").svg
    assert "BALL" in words and "L on c4" in words and "c4=" not in words and "a3-b3" not in words


def test_the_play_button_plays_and_clicking_the_last_cell_takes_it_back(render):
    app = hot_seat()
    ui = render(app.element())
    trace(ui, "c4", "l", "a3-b3-c3-c4-c4")  # the last click on c4 takes it back
    assert cells(ui, "onpath") == ["a3", "b3", "c3"]
    ui.board("bw-balda-grid").emit_click("cell-c4")
    ui.click("bw-balda-play")
    assert app.session.state.scores == (4, 0)


def test_dragging_across_the_cells_traces_the_word(render):
    app = hot_seat()
    ui = render(app.element())
    grid = ui.board("bw-balda-grid")
    # a drag through one highlighted empty cell chooses it
    grid.emit_drag(["cell-a3", "cell-b3", "cell-c3", "cell-c4"])
    assert cells(ui, "chosen") == ["c4"] and cells(ui, "onpath") == ["a3", "b3", "c3", "c4"]
    assert "Type the letter for <b>c4</b> first" in feedback(ui)
    grid.emit_key("l")
    assert "BALL scores 4" in feedback(ui)
    grid.emit_key("Enter")
    assert app.session.history[-1] == "c4=l ball a3-b3-c3-c4"


def test_backspace_steps_back_and_escape_clears(render):
    app = hot_seat()
    ui = render(app.element())
    trace(ui, "c4", "l", "a3-b3")
    grid = ui.board("bw-balda-grid")
    grid.emit_key("Backspace")
    assert cells(ui, "onpath") == ["a3"]
    grid.emit_key("Backspace")
    grid.emit_key("Backspace")  # the path, then the letter
    assert cells(ui, "pending") == [] and cells(ui, "chosen") == ["c4"]
    grid.emit_key("x")
    grid.emit_key("Escape")
    assert cells(ui, "chosen") == [] and cells(ui, "pending") == []
    assert app.session.history == []


def test_the_on_screen_keys_type_and_play(render):
    app = hot_seat()
    ui = render(app.element())
    grid = ui.board("bw-balda-grid")
    grid.emit_click("cell-c4")
    keys = ui.board("bw-balda-keys")
    assert 'data-id="key-q"' in keys.svg and 'data-id="key-Enter"' in keys.svg
    keys.emit_click("key-l")
    assert 'class="key active" data-id="key-l"' in ui.board("bw-balda-keys").svg
    for name in ("a3", "b3", "c3", "c4"):
        grid.emit_click(f"cell-{name}")
    ui.board("bw-balda-keys").emit_click("key-Enter")
    assert app.session.state.scores == (4, 0)


# ---------------------------------------------------------------------- live feedback and refusals


@pytest.mark.parametrize("cell, letter, path, rule, words", [
    ("b4", "d", "a3-b4", "D2", "are not neighbours"),
    ("b4", "d", "a3-a4-b4", "D2", "crosses the empty cell a4"),
    ("b4", "d", "a3-b3", "D2", "does not go through the new letter"),
    ("b4", "l", "b4-b3-c3", "D2", "LAL is not in the demo dictionary"),
    ("b4", "l", "b4-b3-a3", "D4", "could already be read before this move"),
])
def test_an_illegal_trace_explains_itself_with_the_rule_id(render, cell, letter, path, rule, words):
    app = hot_seat()
    ui = render(app.element())
    trace(ui, cell, letter, path)
    fb = feedback(ui)
    assert f"bw-rule-{rule}" in fb and f"(rule {rule})" in fb and words in fb
    assert 'class="bw-balda-fb bad' in fb and ui.button("bw-balda-play").disabled
    ui.board("bw-balda-grid").emit_key("Enter")  # refused: the reminder shows the engine's text
    assert ui.has(f"bw-rule-{rule}") and ui.has("bw-reminder")
    assert app.session.history == []


def test_a_word_played_before_is_refused_with_rule_d3(render):
    app = hot_seat()
    ui = render(app.element())
    trace(ui, "b4", "b", "b4-b3-c3-d3-e3")  # the start word again, through the new letter
    assert "BALDA is the start word, already on the grid (rule D3)" in feedback(ui)
    ui.board("bw-balda-grid").emit_key("Escape")
    trace(ui, "b4", "d", "a3-b3-b4")
    ui.board("bw-balda-grid").emit_key("Enter")
    trace(ui, "e4", "b", "e4-e3-d3")  # player 2 reads 'bad' again, elsewhere
    fb = feedback(ui)
    assert "BAD was already played (rule D3)" in fb
    assert "✓ in the dictionary (D2)" in fb and "✗ not played before (D3)" in fb


def test_feedback_stages_follow_the_engine_order():
    from balada_widgets.balda.lexicon import Lexicon
    from balada_widgets.balda.movegen import judge_path
    from balada_widgets.balda.position import Position

    lex = Lexicon.from_words(["balda", "ball", "bad", "lab", "lad"], name="demo")
    pos = Position.new("balda").place("b4", "d").with_used("bad")

    def stages(cell, letter, path, position=pos):
        return [s[3] for s in feedback_stages(judge_path(position, lex, cell, letter, path))]

    assert stages("c4", "l", "a3-b3-c3-c4") == ["ok"] * 4
    assert stages("c4", "l", "a3-b3-c4") == ["bad", "todo", "todo", "todo"]  # not neighbours (path)
    assert stages("c4", "d", "c4-c3") == ["ok", "bad", "todo", "todo"]  # 'dl' is not in the dictionary
    assert stages("e4", "b", "e4-e3-d3") == ["ok", "ok", "bad", "todo"]  # 'bad' again (D3)
    assert stages("b2", "l", "b2-b3-a3", Position.new("balda")) == ["ok", "ok", "ok", "bad"]  # 'lab' readable (D4)


def test_clicking_an_empty_cell_that_is_not_highlighted_says_why(render):
    app = hot_seat()
    ui = render(app.element())
    ui.board("bw-balda-grid").emit_click("cell-a1")
    assert cells(ui, "chosen") == []
    assert ui.has("bw-rule-D2") and "no legal word goes through a letter at a1" in ui.text()


def test_a_key_outside_the_alphabet_names_rule_d7(render):
    app = hot_seat()
    ui = render(app.element())
    grid = ui.board("bw-balda-grid")
    grid.emit_click("cell-c4")
    grid.emit_key("ж")
    assert ui.has("bw-rule-D7") and cells(ui, "pending") == []


def test_russian_letters_from_the_keyboard_and_a_latin_layout(render):
    lex = Lexicon.from_words(["балда", "бал", "лад", "бак"], alphabet=RUSSIAN_ALPHABET, name="demo")
    app = BaldaApp(players=2, bots=0, game=BaldaGame(2, start_word="балда", lexicon=lex))
    ui = render(app.element())
    grid = ui.board("bw-balda-grid")
    grid.emit_click("cell-b4")
    grid.emit_key("k")  # a Latin keyboard: the key where the Russian layout has 'л'
    assert ">Л</text>" in grid.svg
    grid.emit_key("Ё")  # ё is е (rule D7)
    assert ">Е</text>" in grid.svg
    grid.emit_key("Д")
    for name in ("c3", "b3", "b4"):
        grid.emit_click(f"cell-{name}")
    assert "ЛАД scores 3" in feedback(ui)
    assert 'data-id="key-й"' in ui.board("bw-balda-keys").svg
    grid.emit_key("Enter")
    assert app.session.history[-1] == "b4=д лад c3-b3-b4"


# ---------------------------------------------------------------------- pass, undo, bots


def test_pass_gives_the_turn_to_the_next_player(render):
    app = hot_seat()
    ui = render(app.element())
    ui.click("bw-balda-pass")
    assert app.session.moves[-1] == Pass(0)
    assert app.session.state.turn == 1
    assert "Player 1 passed" in ui.board("bw-balda-words").svg
    assert "Player 2" in ui.text()


def test_undo_takes_back_the_human_move_and_the_bot_answer(render):
    app = BaldaApp(players=2, bots=1, bot_level="greedy", bot_tier=None,
                   game=BaldaGame(2, start_word="balda", lexicon=lexicon()))
    ui = render(app.element())
    assert ui.button("bw-undo").disabled
    trace(ui, "c4", "l", "a3-b3-c3-c4")
    ui.board("bw-balda-grid").emit_key("Enter")
    assert len(app.session.history) == 2, "the bot answers at once"
    assert app.session.state.turn == 0 and app.session.state.scores[1] > 0
    assert "Player 2 (greedy bot)" in ui.text()  # one name per seat (issue 14)
    ui.click("bw-undo")
    assert app.session.history == [] and app.session.state.turn == 0
    assert ui.board("bw-balda-words").svg.count('data-id="word-') == 0
    ui.click("bw-redo")
    assert len(app.session.history) == 2 and app.session.state.turn == 0


def test_a_bot_that_starts_moves_before_the_human(render):
    app = BaldaApp(players=2, bots=1, bot_level="greedy", bot_tier=None,
                   game=BaldaGame(2, start_word="balda", lexicon=lexicon()))
    app2 = BaldaApp(players=3, bots=2, bot_level="random", bot_tier=None,
                    game=BaldaGame(3, start_word="balda", lexicon=lexicon()))
    assert app.session.history == [] and app2.session.history == []  # the humans sit first
    bots_first = BaldaApp(players=2, bots=2, bot_level="greedy",
                          game=BaldaGame(2, start_word="balda", lexicon=lexicon()))
    assert bots_first.game.is_over(bots_first.session.state)  # bots against bots play to the end
    ui = render(bots_first.element())
    assert ui.has("bw-balda-result")
    assert ui.has("lost") or ui.has("draw")


# ---------------------------------------------------------------------- hints and played words


def test_hints_count_longest_and_through_a_cell(render):
    app = hot_seat()
    ui = render(app.element())
    moves = app.game.word_moves(app.session.state)
    ui.click("bw-hint-count")
    assert f"{len(moves)} legal words now" in ui.text()
    ui.click("bw-hint-longest")
    chips = ui.board("bw-balda-hints").svg
    assert "BALL <small>L on c4</small>" in chips and "BALL <small>L on c2</small>" in chips
    assert "BAD" not in chips and "BALD" not in chips  # 'bald' can be read on the start word (rule D4)
    ui.board("bw-balda-hints").emit_click("hint-0")
    assert cells(ui, "hinted") and cells(ui, "ghost")  # the hint's letter shows on the board
    assert ui.button("bw-hint-through").disabled
    ui.board("bw-balda-grid").emit_click("cell-e3")  # any cell can be asked about
    ui.click("bw-hint-through")
    assert "go through e3" in ui.text()
    assert "BAD" in ui.board("bw-balda-hints").svg


def test_clicking_a_played_word_draws_its_path_and_hover_paths_are_linked(render):
    app = hot_seat()
    ui = render(app.element())
    trace(ui, "c4", "l", "a3-b3-c3-c4")
    ui.board("bw-balda-grid").emit_key("Enter")
    grid = ui.board("bw-balda-grid").svg
    assert 'class="gp played gp-hover gp-hover-w0"' in grid
    scope = re.search(r'data-scope="([^"]+)"', grid).group(1)
    assert f'data-hover="{scope}:w0"' in ui.board("bw-balda-words").svg
    assert f'[data-hover="{scope}:w0"]:hover' in grid
    ui.board("bw-balda-words").emit_click("word-0")
    assert 'class="w shown"' in ui.board("bw-balda-words").svg
    assert ui.board("bw-balda-grid").svg.count('class="stepno"') == 4
    ui.board("bw-balda-words").emit_click("word-0")
    assert ui.board("bw-balda-grid").svg.count('class="stepno"') == 0


# ---------------------------------------------------------------------- the end


def test_equal_scores_draw_rule_d8(render):
    app = hot_seat(["balda", "bad", "lap"])
    ui = render(app.element())
    trace(ui, "e4", "b", "e4-e3-d3")  # bad, 3
    ui.board("bw-balda-grid").emit_key("Enter")
    trace(ui, "b4", "p", "c3-b3-b4")  # lap, 3
    ui.board("bw-balda-grid").emit_key("Enter")
    assert app.session.state.over
    text = ui.text()
    assert "draw: equal scores (rule D8)" in text and "no legal word is left (rule D6)" in text
    assert ui.has("bw-balda-result") and not ui.has("bw-balda-keys-card")
    assert cells(ui, "target") == []
    assert ui.board("bw-balda-grid").svg.count("★") == 0 and "★ draw" in ui.text()


def test_a_win_names_the_winner_and_every_pass_ends_the_game(render):
    app = hot_seat()
    ui = render(app.element())
    trace(ui, "c4", "l", "a3-b3-c3-c4")
    ui.board("bw-balda-grid").emit_key("Enter")
    ui.click("bw-balda-pass")
    ui.click("bw-balda-pass")
    assert app.session.state.over
    assert "player 1 wins with 4 (rule d8)" in ui.text().lower() and "every player passed in turn (rule D6)" in ui.text()


# ---------------------------------------------------------------------- new game, sizes, notebook API


def test_the_new_game_form_starts_a_7x7_russian_game(render):
    app = BaldaApp(players=2, bots=1, bot_level="greedy", seed=3)
    ui = render(app.element())
    old = app.session
    ui.click("bw-new-game")
    assert ui.has("bw-balda-form") and ui.has("bw-new-game-form")  # the kit's form, from Balda's spec
    assert "Bot knows" in ui.text() and "Words" in ui.text()
    ui.choose("bw-form-size-1")  # 7×7
    ui.choose("bw-form-language-1")  # Русский
    ui.click("bw-form-start")
    assert app.session is not old and not ui.has("bw-balda-form")
    assert app.game.size == 7 and app.game.language == "ru" and app.session.seed == 4
    app.new_game(size=7, language="ru", tier="common", players=3, bots=2)
    assert app.game.size == 7 and app.game.language == "ru" and len(app.bots) == 2
    assert "cell-g7" in ui.board("bw-balda-grid").svg and 'data-id="key-й"' in ui.board("bw-balda-keys").svg
    assert "Russian (common) dictionary" in ui.text()


def test_new_game_returns_an_app_with_session_and_game():
    app = balda.new_game(players=2, bots=1, seed=5, bot_level="random")
    assert app.game.size == 5 and app.session.game is app.game and sorted(app.bots) == [1]
    assert repr(app).startswith("<BaldaApp Player 1 (you), Player 2 (random bot); Grid 5×5, Language English")
    custom = balda.new_game(bots=0, start_word="balda", lexicon=lexicon())
    assert custom.session.state.position.start_word == "balda"
    assert custom.play("b4=l lab b4-b3-a3").endswith("(rule D4)")
    assert custom.play("c4=l ball a3-b3-c3-c4") is None


def test_the_view_alone_renders_a_session_without_the_app(render):
    from balada_widgets.core.session import Session

    session = Session(BaldaGame(2, start_word="balda", lexicon=lexicon()))
    ui = render(BaldaView(session))
    assert not ui.buttons("bw-new-game")
    session.play("c4=l ball a3-b3-c3-c4")  # a change from outside (a notebook cell) shows at once
    assert "BALL" in ui.board("bw-balda-words").svg


def test_board_svg_draws_the_trace_over_the_grid():
    game = BaldaGame(2, start_word="balda", lexicon=lexicon())
    state = game.initial_state()
    svg = board_svg(game, state, Trace((1, 2), "l", ((2, 0), (2, 1), (2, 2), (1, 2))), {(1, 2)})
    assert svg.count('class="stepno"') == 4 and 'class="gp trace"' in svg
    assert svg.index('class="gp trace"') < svg.index('class="letters"')  # letters stay readable above the path


# ---------------------------------------------------------------------- the kit pieces this view added (kit.grid, kit.keys, kit.paths)


def test_trace_editing_is_immutable_and_generic():
    t = Trace()
    assert t.empty and not t.complete
    t2 = t.choose((1, 2)).with_letter("Ж").step((2, 2)).step((1, 2))
    assert t.empty and t2.complete and t2.letter == "ж"
    assert t2.choose((1, 2)) is t2 and t2.choose((0, 0)) == Trace((0, 0))
    assert t2.drag([]) is t2 and t2.clear() == Trace()
    assert Trace(path=("a", "b", "c")).step("a").path == ("a",)


def test_keys_read_letters_of_the_alphabet_only():
    from balada_widgets.kit.keys import keyboard_svg, layout_for, letter_from_key, parse_key_id

    assert letter_from_key("Q", ENGLISH_ALPHABET) == "q"
    assert letter_from_key("й", ENGLISH_ALPHABET) is None  # no Latin fallback for an English game
    assert letter_from_key("[", ENGLISH_ALPHABET) is None and letter_from_key("ArrowUp", ENGLISH_ALPHABET) is None
    assert letter_from_key("`", RUSSIAN_ALPHABET) is None  # the key of ё: ё is not a letter of the grid...
    from balada_widgets.balda.lexicon import normalise_word

    assert letter_from_key("`", RUSSIAN_ALPHABET, normalise_word) == "е"  # ...unless folded to е (rule D7)
    svg = keyboard_svg(layout_for(RUSSIAN_ALPHABET), active="ж", enabled=False)
    assert svg.count('class="key"') + svg.count('class="key active"') == 32 and 'class="bw-keys off"' in svg
    assert 'class="key active" data-id="key-ж"' in svg and parse_key_id("key-Enter") == "Enter"
    assert parse_key_id("cell-a1") is None


def test_grid_draws_names_classes_marks_and_linked_hover_paths():
    from balada_widgets.kit.grid import GridPath, grid_size, grid_svg, linked_hover_css, parse_cell_id

    svg = grid_svg(7, 7, text={(0, 0): "я"}, classes={(6, 6): "target chosen"}, bars={(0, 0): "#123456"},
                   rings={(0, 0): "#654321"}, carets=[(6, 6)],
                   paths=[GridPath(((0, 0), (0, 1)), "played", hover="w0")], scope="s9",
                   footer=("typing", "click first"))
    assert 'data-id="cell-a7"' in svg and 'data-id="cell-g1"' in svg and ">Я</text>" in svg
    assert 'class="cell target chosen empty"' in svg and 'class="caret"' in svg
    assert 'fill="#123456"' in svg and 'stroke="#654321"' in svg
    assert 'class="gp played gp-hover gp-hover-w0"' in svg and 'data-scope="s9"' in svg
    assert "bw-if-focus" in svg and "click first" in svg
    css = linked_hover_css("s9", ["w0"])
    assert '[data-hover="s9:w0"]:hover' in css and ".gp-hover-w0" in css
    w, h = grid_size(7, 7)
    assert f'viewBox="0 0 {w:g} {h + 28:g}"' in svg
    assert parse_cell_id("cell-") is None and parse_cell_id("key-a") is None


# ---------------------------------------------------------------------- issue 8: the end, the words, how to play


def alerts(ui, kind):
    import ipyvuetify as v

    return [w for w in ui.rc.find(v.Alert).widgets if w.type == kind]


def test_a_loaded_position_where_no_word_can_be_made_is_over_at_once(render):
    app = BaldaApp(players=2, bots=1, bot_level="greedy")
    app.load("5/5/QQQQQ/5/5 used=qqqqq")
    assert app.game.is_over(app.session.state)
    ui = render(app.element())
    text = ui.text()
    assert ui.has("bw-balda-result") and "no legal word is left (rule D6)" in text and "A draw." in text
    assert "your turn" not in text and ui.button("bw-balda-pass").disabled
    assert cells(ui, "target") == []


def test_a_bots_win_is_a_plain_box_and_a_human_win_is_celebrated(render):
    lex = lexicon()
    game = BaldaGame(2, start_word="balda", lexicon=lex)
    bot_won = BaldaApp(players=2, bots=1, bot_level="greedy", bot_tier=None, game=game)
    while not game.is_over(bot_won.session.state):
        bot_won.play("pass")  # you pass every turn; the bot plays its words
    assert game.winners(bot_won.session.state) == [1]
    ui = render(bot_won.element())
    assert ui.has("bw-balda-result") and ui.has("lost") and "Player 2 (greedy bot) won." in ui.text()
    assert not alerts(ui, "success") and "✓" not in ui.text().split("Game over")[-1]
    you = hot_seat()
    ui = render(you.element())
    trace(ui, "c4", "l", "a3-b3-c3-c4")
    ui.board("bw-balda-grid").emit_key("Enter")
    ui.click("bw-balda-pass")
    ui.click("bw-balda-pass")
    assert ui.has("won") and "Player 1 won." in ui.text()


def test_how_to_play_speaks_of_yo_only_in_a_russian_game():
    from balada_widgets.balda.view import rules_in_brief

    assert "ё" not in rules_in_brief("en") and "(D7)" in rules_in_brief("en")
    assert "ё" in rules_in_brief("ru")
