"""The Heroes of Barcadia view, rendered with ``solara.render``: turns by clicks and keys, refusals, hot-seat, odds.

Positions are hand-made with ``game.position(...)`` on the shipped 30-room
"cozy" dungeon, where the Starting Point touches r1..r12, so every target is
known by heart.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from balada_widgets.barcadia import BarcadiaGame
from balada_widgets.barcadia.drawing import (
    CSS, DEFS, dungeon_svg, hand_svg, parse_id, players_markup, target_centres,
)
from balada_widgets.barcadia.odds import format_percent, win_probability
from balada_widgets.barcadia.view import (
    KEYS, BarcadiaApp, board_moves, button_moves, enter_path, last_rolls,
)
from balada_widgets.core.session import Session

ROOM_RE = re.compile(r'<g class="(room|slot) ([^"]*)" data-id="([^"]+)"')


def cozy(players=2, **kw) -> BarcadiaGame:
    return BarcadiaGame(players=players, dungeon="cozy", **kw)


def app_at(game, state, bots=0, seed=1) -> BarcadiaApp:
    return BarcadiaApp(players=game.players, bots=bots, session=Session(game, seed=seed, state=state))


def drawn(ui, kind: str) -> list:
    """The ids of the dungeon's rooms (and building hexes) drawn with the class ``kind``."""
    return sorted((i for _g, classes, i in ROOM_RE.findall(ui.board("bw-barcadia-board").svg)
                   if kind in classes.split()), key=lambda i: (len(i), i))


def choices(ui) -> list:
    return [w.children[0] for w in ui.buttons("bw-bc-choice")]


def page_text(ui) -> str:
    return unescape(ui.text())


# ---------------------------------------------------------------------- the drawing (pure)


def test_every_clickable_element_has_a_data_id_a_role_and_words():
    g = cozy(3, characters=["barbarian", "wizard", "ranger"])
    st = g.position(players={0: {"at": 3, "hp": 60}, 1: {"at": 12, "pocket_used": True}},
                    rooms={3: "puddle-pup", 12: {"card": "fizzle-bat", "up": True, "pocket": 1},
                           9: {"card": "kettle-imp", "up": False, "public": True, "traps": 2},
                           11: {"card": "soda-kraken", "up": True, "powerups": ["swirl-compass"]}})
    svg = dungeon_svg(g, g.view(st, 0), targets=["r2", "r4"], path=[12, 3], dice=[(0, 20)])
    groups = re.findall(r'<g class="room[^"]*" data-id="([^"]+)" role="button" aria-label="([^"]+)"', svg)
    assert [i for i, _ in groups] == ["START"] + [f"r{k}" for k in range(1, 31)]
    words = dict(groups)
    assert "Kettle Imp (Monster level 7, face down, seen before)" in unescape(words["r9"]) and "2 traps" in words["r9"]
    assert "Pocket Pourtal of player 2" in words["r12"] and "Power-Up here: Swirl Compass" in words["r11"]
    assert "player 1 (60 HP) here" in words["r3"] and words["r2"].endswith("(you may act here)")
    assert len(re.findall(r'class="cup( active)?"', svg)) == 3 and 'class="path"' in svg and 'class="die"' in svg
    assert 'href="#bw-bc-ico-monster"' in svg and 'id="bw-bc-ico-monster"' in DEFS and ".bw-bc .room.target" in CSS


def test_a_peek_is_drawn_for_the_peeker_only_and_a_rehidden_room_for_everybody():
    g = cozy()
    st = g.position(rooms={5: {"card": "lime-lich", "up": False, "seen": [0]},
                           6: {"card": "cerbubble", "up": False, "public": True}})
    mine, theirs, nobody = (dungeon_svg(g, g.view(st, p)) for p in (0, 1, None))
    assert "Lime Lich" in mine and "Lime Lich" not in theirs and "Lime Lich" not in nobody
    assert all("Cerbubble" in svg for svg in (mine, theirs, nobody))
    assert "Lime Lich" not in dungeon_svg(g, g.view(st, 0), show_identities=False)


def test_the_hand_shows_only_the_viewers_cards_and_marks_the_playable_ones():
    g = cozy()
    st = g.position(players={0: {"hand": ["dash", "dash", "courage"]}, 1: {"hand": ["redo", "peek"]}})
    svg = hand_svg(g, g.view(st, 0), 0, playable=["dash"])
    assert re.search(r'class="card playable" transform="[^"]+" data-id="card-dash"', svg) and "×2" in svg
    assert 'data-id="card-courage"' in svg and "Redo" not in svg
    hidden = hand_svg(g, g.view(st, 0), 1)
    assert "Redo" not in hidden and "Peek" not in hidden and hidden.count('class="card back"') == 1
    table = players_markup(g, g.view(st, 0), active=0)
    assert "Barbarian" in table and "2 Loot Cards" in table and "Redo" not in table


def test_ids_and_cursor_centres():
    g = cozy()
    v = g.view(g.position(), 0)
    assert parse_id("r7") == ("room", 7) and parse_id("h2,-3") == ("hex", (2, -3)) and parse_id("rx") is None
    spots = target_centres(g, v, ["r1", "r2", "START"])
    assert set(spots) == {"r1", "r2", "START"} and spots["r1"] != spots["r2"]


# ---------------------------------------------------------------------- the keys table


def test_the_keys_table_of_the_docs_matches_the_view():
    doc = (Path(__file__).parents[2] / "docs" / "barcadia.md").read_text()
    for key, meaning in KEYS:
        assert f"| {key} | {meaning} |" in doc, key


# ---------------------------------------------------------------------- pure helpers


def test_board_and_button_moves_split_the_legal_moves():
    g = cozy()
    st = g.position(players={0: {"hand": ["dash"]}}, rooms={2: "mini-fizzicorn"})
    moves = g.legal_moves(st, 0)
    on_board = board_moves(g, st, moves)
    assert set(on_board) == {f"r{k}" for k in range(1, 13)}
    assert [m.text() for m in on_board["r2"]] == ["p1 enter r2"]
    assert [m.text() for m in button_moves(g, st, moves)] == ["p1 play dash"]


def test_enter_path_and_last_rolls_read_the_session():
    g = cozy(characters=["ranger", "knight"])
    st = g.position(rooms={1: "mini-fizzicorn", 13: "puddle-pup", 14: "fizzle-bat"})
    s = Session(g, seed=1, state=st)
    nbrs = g.layout.neighbours(1)
    two = next(j for j in nbrs if j in (13, 14))
    s.play("p1 enter r1")
    s.play(f"p1 enter r{two}")
    assert enter_path(s) == [0, 1, two]
    assert last_rolls(Session(g, seed=1)) and all(len(r) == 2 for r in last_rolls(Session(g, seed=1)))


# ---------------------------------------------------------------------- playing by clicks


def test_the_highlighted_rooms_are_exactly_the_legal_moves_targets(render):
    g = cozy()
    st = g.position(players={0: {"hand": ["dash"]}}, rooms={2: "mini-fizzicorn"})
    ui = render(app_at(g, st, bots=1).element())
    assert drawn(ui, "target") == [f"r{k}" for k in range(1, 13)]
    assert choices(ui) == ["1. Play Dash"]
    assert "Player 1's turn: take an action" in page_text(ui)


def test_a_turn_by_clicks_reveal_fight_and_the_bot_answers(render):
    g = cozy()
    st = g.position(rooms={2: "mini-fizzicorn"})
    app = app_at(g, st, bots=1)
    ui = render(app.element())
    ui.board("bw-barcadia-board").emit_click("r2")  # a face-up Monster room: step in
    assert app.session.state.players[0].at == 2
    assert "p1 enter r2" in app.session.history
    before = len(app.session.history)
    ui.click("bw-bc-end")  # the bot plays its turn at once
    assert len(app.session.history) > before
    assert any(t.startswith("p2 ") for t in app.session.history[before:])


def test_a_refused_click_shows_the_rule_reminder(render):
    g = cozy()
    app = app_at(g, g.position(), bots=1)
    ui = render(app.element())
    ui.board("bw-barcadia-board").emit_click("r30")
    assert ui.has("bw-rule-H-TURN3") and ui.has("bw-bc-refusal")
    # in words, beside the board's top (the side column's first box), never the notation
    text = page_text(ui)
    assert "Player 1 cannot reveal r30: r30 is not next to your room (rule H-TURN3)" in text
    assert "illegal move" not in text and "p1 reveal" not in text
    assert app.session.history == []


def test_a_team_battle_teammate_by_button_and_the_odds_match_the_odds_module(render):
    g = cozy(3)
    st = g.position(players={0: {"hand": ["courage"]}}, rooms={1: {"card": "cerbubble", "up": False, "public": True}})
    app = app_at(g, st, bots=2)  # the bots hold no card: every window skips them (P3)
    ui = render(app.element())
    ui.board("bw-barcadia-board").emit_click("r1")
    assert choices(ui) == ["1. Player 2 as teammate", "2. Player 3 as teammate"]
    ui.click("bw-bc-choice-2")
    assert app.session.state.top.kind in ("window", "battle")
    want = format_percent(win_probability("team", level=22))
    assert f"Chance to win: <b>{want}</b>" in page_text(ui)
    assert ui.has("bw-bc-battle")


def test_the_battle_panel_follows_a_played_card_and_explains_it(render):
    g = cozy()
    st = g.position(players={0: {"hand": ["courage", "courage"]}},
                    rooms={1: {"card": "lime-lich", "up": False, "public": True}})
    app = app_at(g, st, bots=1)
    ui = render(app.element())
    board = ui.board("bw-barcadia-board")
    board.emit_click("r1")  # a Monster of level 11: the battle window opens, player 1 may play Courage
    assert f"<b>{format_percent(win_probability('monster', level=11))}</b>" in page_text(ui)
    ui.board("bw-barcadia-hand").emit_click("card-courage")
    assert app.session.history[-1] == "p1 play courage"  # one side only: no target to pick (P5); priority stays (P4)
    assert f"<b>{format_percent(win_probability('monster', level=11, bonus=2))}</b>" in page_text(ui)
    board.emit_key("?")
    assert ui.has("bw-explain")
    steps = ui.board("bw-trace-board").svg
    assert "Courage" in steps and "Chance to win" in steps


def test_a_fourth_power_up_is_placed_by_a_room_click_then_a_button(render):
    g = cozy(3)
    st = g.position(players={0: {"powerups": ["bubble-boots", "coaster-shield", "periscope-straw"]}},
                    rooms={5: {"card": "crystal-fountain", "up": False, "public": True}})
    app = app_at(g, st, bots=2)
    ui = render(app.element())
    board = ui.board("bw-barcadia-board")
    board.emit_click("r5")  # a Reward of one Power-Up: four is one too many (H11)
    assert app.game.pending(app.session.state).kind == "place"
    assert "Click the empty room where a Power-Up goes" in page_text(ui) and choices(ui) == []
    board.emit_click("r20")
    assert ui.has("bw-bc-choice") and all("into r20" in c for c in choices(ui)) and len(choices(ui)) == 4
    assert drawn(ui, "selected") == ["r20"]
    k = next(i for i, c in enumerate(choices(ui)) if "Bubble Boots" in c)
    ui.click(f"bw-bc-choice-{k + 1}")
    assert app.session.history[-1] == "p1 place bubble-boots r20"
    assert app.session.state.rooms[20].powerups == ("bubble-boots",)


# ---------------------------------------------------------------------- playing by keys


def test_a_turn_by_keys_cursor_enter_digits_and_end(render):
    g = cozy()
    monsters = [c.id for c in g.content.rooms.values() if c.type == "monster"][:12]
    st = g.position(players={0: {"hand": ["dash"]}}, rooms={k: monsters[k - 1] for k in range(1, 13)})
    app = app_at(g, st, bots=1)
    ui = render(app.element())
    board = ui.board("bw-barcadia-board")
    board.emit_key("ArrowRight")
    assert len(drawn(ui, "cursor")) == 1
    target = drawn(ui, "cursor")[0]
    board.emit_key("Enter")
    assert app.session.history[0] == f"p1 enter {target}"
    board.emit_key("1")  # the first button: play Dash
    assert "p1 play dash" in app.session.history
    board.emit_key("e")
    assert "p1 end" in app.session.history or app.session.state.active != 0 or "p2" in " ".join(app.session.history)
    board.emit_key("u")
    assert "p1 end" not in app.session.history


def test_escape_closes_the_reminder(render):
    g = cozy()
    ui = render(app_at(g, g.position(), bots=1).element())
    board = ui.board("bw-barcadia-board")
    board.emit_key("p")  # no window is open: the engine's refusal
    assert ui.has("bw-reminder")
    board.emit_key("Escape")
    assert not ui.has("bw-reminder")


# ---------------------------------------------------------------------- building by clicks


def test_the_building_phase_is_played_by_clicks(render):
    app = BarcadiaApp(players=2, bots=0, seed=2, build="play")
    ui = render(app.element())
    ui.wait(lambda: ui.has("bw-pass-ready"))
    ui.click("bw-pass-ready")
    hexes = drawn(ui, "target")
    assert hexes and all(h.startswith("h") for h in hexes)
    assert len(hexes) == len([m for m in app.game.legal_moves(app.session.state) if m.verb == "build"])
    ui.board("bw-barcadia-board").emit_click(hexes[0])
    assert app.session.state.layout.size == 1


# ---------------------------------------------------------------------- hot-seat


def test_hot_seat_hides_the_next_hand_behind_the_pass_screen(render):
    g = cozy()
    st = g.position(players={0: {"hand": ["dash"]}, 1: {"hand": ["big-refill", "mega-boost"]}},
                    rooms={2: "mini-fizzicorn"})
    app = app_at(g, st, bots=0)
    ui = render(app.element())
    ui.board("bw-barcadia-board").emit_click("r2")  # nobody plays through the pass screen
    assert app.session.history == [] and "pass the device first" in page_text(ui)
    ui.click("bw-pass-ready")  # player 1 takes the device
    assert "Dash" in page_text(ui) and "Big Refill" not in page_text(ui)
    ui.board("bw-barcadia-board").emit_click("r2")
    ui.click("bw-bc-end")
    # the between-turns window asks player 1 first (a card in hand, H19): the device stays, no pass screen
    assert not ui.has("bw-pass-screen") and "Player 1 may play a Loot Card or pass" in page_text(ui)
    ui.click("bw-bc-pass")
    assert ui.has("bw-pass-screen")  # now player 2 is asked
    text = page_text(ui)
    assert "I am Player 2: show my hand" in text
    assert "Big Refill" not in text and "Mega Boost" not in text and "Dash" not in text
    ui.click("bw-pass-ready")
    assert "Big Refill" in page_text(ui) and "Dash" not in page_text(ui)


def test_auto_pass_is_the_seats_own_toggle_and_its_windows_need_no_pass_screen(render):
    """H19: every hand with a card is asked; a seat's auto-pass answers the windows outside its turn."""
    g = cozy()
    st = g.position(players={0: {"hand": ["dash"]}, 1: {"hand": ["big-refill", "mega-boost"]}},
                    rooms={1: "puddle-pup", 2: "mini-fizzicorn"})
    app = app_at(g, st, bots=0)
    ui = render(app.element())
    ui.click("bw-pass-ready")
    assert ui.has("bw-bc-autopass-off") and not ui.has("bw-bc-autopass-on")
    ui.board("bw-barcadia-board").emit_click("r2")
    ui.click("bw-bc-end")
    ui.click("bw-bc-pass")  # player 1, asked first between turns (a Dash in hand)
    assert ui.has("bw-pass-screen")  # player 2 is asked: the device goes to player 2
    ui.click("bw-pass-ready")
    assert "Player 2 may play a Loot Card or pass" in page_text(ui)
    ui.click("bw-bc-autopass")  # on: the window asking player 2 now passes at once, like a click on Pass
    assert app.session.history[-3:] == ["p1 end", "p1 pass", "p2 pass"]
    assert ui.has("bw-bc-autopass-on") and not ui.has("bw-pass-screen")  # player 2's turn, same device
    ui.board("bw-barcadia-board").emit_click("r1")
    ui.click("bw-bc-end")
    # between turns player 2 is asked first and passes by itself; player 1 is asked: the pass screen
    assert app.session.history[-2:] == ["p2 end", "p2 pass"] and ui.has("bw-pass-screen")
    ui.click("bw-pass-ready")
    text = page_text(ui)  # player 1's page: its own toggle (off), nothing of player 2's setting
    assert ui.has("bw-bc-autopass-off") and not ui.has("bw-bc-autopass-on") and "Auto-pass is on" not in text
    log = [g.describe_move(n.parent.state, n.move, 0) for n in app.session.current.path()[1:]]
    assert log.count("Player 2 passes") == 2  # an auto-pass is logged as any pass


def test_the_battle_panel_follows_each_card_and_then_says_what_the_roll_did(render):
    g = cozy()
    st = g.position(players={0: {"hand": ["boost", "drain", "peek"]}},
                    rooms={1: {"card": "teabag-troll", "up": False, "public": True}})
    app = app_at(g, st, bots=1)
    ui = render(app.element())
    ui.board("bw-barcadia-board").emit_click("r1")  # a Monster of level 6: player 1's own battle window
    assert "1. Play Boost: +2 to the Teabag Troll that you are fighting" in choices(ui)
    assert "2. Play Drain: -3 to the Teabag Troll that you are fighting" in choices(ui)
    ui.click("bw-bc-choice-1")
    steps = page_text(ui)
    assert f"before any card: {format_percent(win_probability('monster', level=6))}" in steps
    assert f"now {format_percent(win_probability('monster', level=8))}: Boost +2 for the Teabag Troll " \
           f"(played by you)" in steps
    assert f"Chance to win: <b>{format_percent(win_probability('monster', level=8))}</b>" in steps
    ui.click("bw-bc-choice-1")  # Drain: now level 5
    assert f"now {format_percent(win_probability('monster', level=5))}: Drain -3 against the Teabag Troll" \
        in page_text(ui)
    app.play("p1 pass")  # the window closes (the bot holds nothing): the die waits for player 1 (P24)
    assert not any(t.startswith("roll ") for t in app.session.history)
    assert f"Chance to win, every card played: <b>{format_percent(win_probability('monster', level=5))}</b>" \
        in page_text(ui)
    ui.click("bw-bc-roll")
    roll = next(t for t in app.session.history if t.startswith("roll p1 "))
    value = int(roll.split()[-1])
    word = "Won" if value >= 5 else "Lost"
    assert f"{word}: {value} against level 5 (Teabag Troll 6, Boost +2, Drain −3)" in page_text(ui)
    assert ui.has("bw-bc-last-roll")


def test_the_log_masks_another_players_draws(render):
    app = BarcadiaApp(players=2, bots=1, seed=3, dungeon="cozy")
    ui = render(app.element())
    assert not ui.boards("bw-move-log")  # folded until asked for
    ui.click("bw-bc-log-toggle")
    log = ui.board("bw-move-log").svg
    assert "Player 2 draws a Loot Card" in log and "Player 1 draws" in log


# ---------------------------------------------------------------------- the form and the app


def test_the_new_game_form_starts_a_two_player_game(render):
    app = BarcadiaApp(players=4, bots=3, seed=0, dungeon="grand")
    ui = render(app.element())
    ui.click("bw-new-game")
    assert ui.has("bw-barcadia-form") and not ui.has("bw-form-removal")  # 4 players: no 2-3 player removal
    old = app.session
    ui.click("bw-form-start")  # the form's settings as they are: a new game, the form closes
    assert app.session is not old and not ui.has("bw-barcadia-form") and app.game.dungeon_name == "grand"
    app.new_game(players=2, bots=1, seed=5, dungeon="cozy")
    assert app.game.players == 2 and app.game.n_rooms == 30 and app.game.removal
    assert "30 rooms" in page_text(ui)
    ui.click("bw-new-game")
    assert ui.has("bw-form-removal") and "Take out 20 rooms" in page_text(ui)
    ui.choose("bw-form-players-2")  # 4 players: the removal is not for them, and the game starts without it
    ui.click("bw-form-start")  # ... but not in the cozy dungeon: the refusal stays in the form
    assert "the game needs 50 rooms, the dungeon has 30 (rule H2)" in page_text(ui) and app.game.players == 2
    ui.choose("bw-form-dungeon-0")  # build it
    ui.click("bw-form-start")
    assert app.game.players == 4 and not app.game.removal and len(app.bots) == 3 and not ui.has("bw-barcadia-form")


def test_settings_refuse_bad_values():
    from balada_widgets.core.errors import InvalidInput

    with pytest.raises(InvalidInput, match="2 to 6 players"):
        BarcadiaApp(players=7)
    with pytest.raises(InvalidInput, match="bot level"):
        BarcadiaApp(bot_level="genius")


def test_the_app_page_shows_a_live_game(render):
    from balada_widgets import app as site

    by_path = {r.path: r.component for r in site.routes}
    ui = render(by_path["barcadia"]())
    text = page_text(ui)
    assert "Player 1 (you) to decide" in text and (drawn(ui, "target") or choices(ui))
    # one name per seat (issue 14): the engine's "Player N", who plays it beside it; no "You" or "Bot 2" aliases
    assert "Player 2 (greedy bot)" in text and "Player 4 (greedy bot)" in text
    assert "You to decide" not in text and not re.search(r"\bBot \d", text)


def test_traps_ahead_show_their_odds_before_the_move(render):
    from balada_widgets.barcadia.odds import trap_odds

    g = cozy(characters=["rogue", "knight"])  # the Rogue's Trap Craft: +3 to disarm
    st = g.position(players={0: {"hp": 20}}, rooms={2: {"card": "mini-fizzicorn", "up": True, "traps": 2}})
    ui = render(app_at(g, st, bots=1).element())
    t = trap_odds(2, 20, 3)
    text = page_text(ui)
    assert "<b>r2</b>: 2 traps" in text and f"death {format_percent(t.death)}" in text
    assert f"through unharmed <b>{format_percent(t.p_disarm ** 2)}</b>" in text
    ui.click("bw-bc-traps-explain")
    assert "Trap Craft" in ui.board("bw-trace-board").svg


def test_a_roll_without_a_card_window_shows_afterwards_what_its_chance_was(render):
    g = cozy()
    st = g.position(rooms={1: {"card": "lime-lich", "up": False, "public": True}})
    app = app_at(g, st, bots=1)
    ui = render(app.element())
    ui.board("bw-barcadia-board").emit_click("r1")  # nobody holds a battle card: no window (P3), the die waits (P24)
    want = format_percent(win_probability('monster', level=11))
    assert not any(t.startswith("roll ") for t in app.session.history)
    assert f"Every card is played: the chance that you beat the Lime Lich is {want}. You roll the die." \
        in page_text(ui)
    assert "the die waits: " + want + " to win" in ui.board("bw-barcadia-board").svg  # the dice band says it too
    ui.board("bw-barcadia-board").emit_key("r")
    assert any(t.startswith("roll p1 ") for t in app.session.history)
    text = page_text(ui)
    assert "Last roll: Player 1 against Lime Lich" in text
    assert f"The chance was: <b>{format_percent(win_probability('monster', level=11))}</b>" in text


def test_a_game_of_bots_ends_with_its_result_explained(render):
    app = BarcadiaApp(players=2, bots=2, seed=1, dungeon="cozy")  # the bots play it to the end at once
    assert app.game.is_over(app.session.state)
    ui = render(app.element())
    assert ui.has("bw-bc-result") and "won." in page_text(ui)
    assert "Grand Drink Guardian" in ui.board("bw-trace-board").svg or "Power-Up" in ui.board("bw-trace-board").svg
    assert drawn(ui, "target") == [] and not ui.boards("bw-barcadia-hand")


# ---------------------------------------------------------------------- at the table: what the others did (issue 14)


def _pass_until_a_bot_rolls(app, most=30):
    """Pass (or end the turn) as player 1 until the bots' answer holds a roll of theirs; the history after it."""
    g, s = app.game, app.session
    for _ in range(most):
        moves = g.legal_moves(g.view(s.state, 0), 0)
        m = next((m for m in moves if m.verb == "pass"), None) or next(m for m in moves if m.verb == "end")
        before = len(s.history)
        app.play(m)
        after = s.history[before + 1:]
        if any(t.startswith("roll ") and not t.startswith("roll p1 ") for t in after):
            return after
    raise AssertionError("no bot rolled")


def test_the_recap_says_what_every_other_seat_did_since_your_move_with_their_rolls():
    from balada_widgets.barcadia.view import recap_lines

    app = BarcadiaApp(players=4, bots=3, seed=0)
    g, s = app.game, app.session
    after = _pass_until_a_bot_rolls(app)
    lines = recap_lines(g, s, 0)
    texts = [x.text for x in lines]
    # in order, since player 1's last move (a pass is none: an auto-pass looks the same): every move of another
    # seat and of chance in words (passes in a row in one line), every completed roll; the deal left out
    nodes, node = [], s.current
    while node.parent is not None and not (not node.by_chance and node.move.player == 0 and node.move.verb != "pass"):
        nodes.append(node)
        node = node.parent
    said = [g.describe_move(n.parent.state, n.move, 0) for n in reversed(nodes)
            if n.parent.state.phase == "play" and n.move.verb not in ("pass", "roll")]
    assert [t for t in texts if not re.search(r" pass(es)?$", t) and ": rolled " not in t
            and not t.startswith("Roll for who starts")] == said
    rolls = [x for x in lines if x.kind == "roll"]
    assert rolls and all(x.won in (True, False, None) for x in rolls)
    for x in rolls:  # the die, what it needed, won or lost
        assert re.search(r": rolled \d+.*\. (Won|Lost|Tie|Disarmed|Failed): .* against ", x.text), x.text
    for t in after:  # never another seat's hidden card
        if t.startswith("draw p") and not t.startswith("draw p1 "):
            card = g.content.loot[t.split()[2]].name
            assert not any(card in x for x in texts if x.startswith("Player " + t.split()[1][1:] + " draws")), t


def test_the_recap_panel_is_paced_with_a_skip_and_stays_readable(render):
    app = BarcadiaApp(players=4, bots=3, seed=0)
    _pass_until_a_bot_rolls(app)
    ui = render(app.element())
    assert ui.has("bw-bc-recap-box")
    text = page_text(ui)
    assert "Since your last move" in text and ": rolled " in text
    assert 'class="roll' in text and "animation-delay:0.90s" in text  # one line after another, in the page already
    assert ui.has("bw-bc-recap-skip")
    ui.click("bw-bc-recap-skip")  # "Show all now": the same lines at once
    text = page_text(ui)
    assert not ui.has("bw-bc-recap-skip") and "animation-delay" not in text and ": rolled " in text


def test_the_recap_pace_off_shows_every_line_at_once(render, monkeypatch):
    from balada_widgets.barcadia import view

    monkeypatch.setattr(view, "RECAP_PACE", 0)
    app = BarcadiaApp(players=4, bots=3, seed=0)
    _pass_until_a_bot_rolls(app)
    ui = render(app.element())
    assert ui.has("bw-bc-recap-box") and not ui.has("bw-bc-recap-skip") and "animation-delay" not in page_text(ui)


def test_the_game_over_screen_names_the_deciding_roll_and_counts_power_ups(render):
    app = BarcadiaApp(players=2, bots=2, seed=4, dungeon="cozy")  # the bots play it to the end at once
    s = app.session
    assert s.state.end == "guardian"
    value = int(next(t for t in reversed(s.history) if t.startswith("roll ")).split()[-1])
    winner = app.game.winners(s.state)[0]
    ui = render(app.element())
    text = page_text(ui)
    assert f"The deciding roll</b>: Player {winner + 1} against the Grand Drink Guardian: rolled {value}. " \
           f"Won: a plain {value} against 15 or more." in text
    table = ui.board("bw-trace-board").svg
    assert "Power-Ups" in table and ">points<" not in table  # the game holds Power-Ups, not points
    assert "rolled {}".format(value) in text.split("The deciding roll")[1]


def test_the_roll_for_who_starts_is_explained_and_drawn_above_the_map(render):
    from balada_widgets.barcadia.drawing import DICE_BAND, HEX
    from balada_widgets.barcadia.view import opening_roll, opening_roll_words

    app = BarcadiaApp(players=4, bots=3, seed=0)
    s = app.session
    rolls = [n for n in s.current.path()[1:] if n.by_chance and n.move.verb == "roll"][:4]
    dice, starter = opening_roll(s)
    assert dice == tuple((n.move.args[0], n.move.args[1]) for n in rolls)
    assert starter == max(dice, key=lambda d: d[1])[0]  # no tie with this seed
    words = opening_roll_words(dice, starter)
    assert words.startswith("Roll for who starts") and words.endswith(f"Player {starter + 1} starts.")
    assert opening_roll_words(((0, 6), (1, 6), (0, 2), (1, 5)), 1).endswith(
        "Player 1 6, Player 2 6, Player 1 2, Player 2 5 (a tie rolls again): Player 2 starts.")
    ui = render(app.element())
    assert words in page_text(ui)
    svg = ui.board("bw-barcadia-board").svg
    assert "roll for who starts" in svg
    # every die sits in the band above the map: no room (its label) under it
    die_y = [float(y) for y in re.findall(r'translate\([\d.]+,([\d.]+)\)" class="die"', svg)]
    assert die_y and all(y + 26 <= DICE_BAND for y in die_y)
    centres = target_centres(app.game, app.game.view(s.state, 0), [f"r{k}" for k in range(1, 13)] + ["START"])
    assert min(y for _, y in centres.values()) - HEX > DICE_BAND


# ---------------------------------------------------------------------- the die waits for a person (P24, issue 14)


def issue_case_app() -> BarcadiaApp:
    """Issue 14's case: Player 1 holds only Drain against the Teabag Troll (level 6); bot Player 2 holds Boost and
    Mega Boost, bot Player 3 nothing; Player 1 leads (a Power-Up), so the bots hinder its battle."""
    g = cozy(3)
    st = g.position(players={0: {"hand": ["drain"], "powerups": ["swirl-compass"]},
                             1: {"hand": ["boost", "mega-boost"]}, 2: {"hand": []}},
                    rooms={1: {"card": "teabag-troll", "up": False, "public": True}})
    return app_at(g, st, bots=2)


def test_the_die_waits_at_the_final_chance_with_every_card_and_rolls_at_it(render):
    from fractions import Fraction

    app = issue_case_app()
    s = app.session
    ui = render(app.element())
    board = ui.board("bw-barcadia-board")
    board.emit_click("r1")  # reveal: the Teabag Troll, level 6; player 1's battle window
    assert f"Chance to win: <b>{format_percent(Fraction(3, 4))}</b>" in page_text(ui)
    ui.board("bw-barcadia-hand").emit_click("card-drain")
    # the bots answer with Boost and Mega Boost; every hand left is empty (H19): the window closes, the die waits
    assert s.history == ["p1 reveal r1", "p1 play drain", "p2 play boost", "p2 play mega-boost"] and s.holds()
    text = page_text(ui)
    sixty = format_percent(Fraction(3, 5))
    assert f"Every card is played: the chance that you beat the Teabag Troll is {sixty}. You roll the die." in text
    assert f"Chance to win, every card played: <b>{sixty}</b>" in text and "the die waits" in text
    steps = text[text.index("before any card"):]
    for line in (f"before any card: {format_percent(Fraction(3, 4))}",
                 f"now {format_percent(Fraction(9, 10))}: Drain -3 against the Teabag Troll (played by you)",
                 f"now {format_percent(Fraction(4, 5))}: Boost +2 for the Teabag Troll (played by player 2)",
                 f"now {sixty}: Mega Boost +4 for the Teabag Troll (played by player 2)"):
        assert line in steps, line
    assert "Player 2 plays Boost" in text and "Player 2 plays Mega Boost" in text  # the recap says it too
    assert f"the die waits: {sixty} to win" in board.svg and "The chance was" not in text
    assert ui.has("bw-bc-roll") and not ui.buttons("bw-bc-choice")
    ui.click("bw-bc-roll")
    roll = next(t for t in s.history if t.startswith("roll p1 "))
    value = int(roll.split()[-1])
    text = page_text(ui)
    assert f"The chance was: <b>{sixty}</b>" in text
    word = "Won" if value >= 9 else "Lost"
    assert f"{word}: {value} against level 9 (Teabag Troll 6, Drain −3, Boost +2, Mega Boost +4)" in text
    assert not ui.has("bw-bc-roll")


def test_the_die_is_rolled_by_its_key_and_undo_goes_back_over_the_pause(render):
    app = issue_case_app()
    s = app.session
    ui = render(app.element())
    board = ui.board("bw-barcadia-board")
    board.emit_click("r1")
    ui.board("bw-barcadia-hand").emit_click("card-drain")
    assert s.holds()
    board.emit_key("e")  # no other key plays while the die waits: the refusal says why
    assert s.holds() and ui.has("bw-bc-refusal")
    ui.click("bw-undo")  # back to player 1's own decision (Drain), before the bots' cards
    assert s.history == ["p1 reveal r1"] and not ui.has("bw-bc-roll")
    ui.click("bw-redo")
    assert s.holds() and ui.has("bw-bc-roll")
    board.emit_key("R")
    rolled = list(s.history)
    assert any(t.startswith("roll p1 ") for t in rolled)
    ui.click("bw-undo")
    assert s.history == ["p1 reveal r1"]
    ui.click("bw-redo")  # the pause again (not the roll), then the same die
    assert s.holds()
    board.emit_key("1")
    assert s.history == rolled


def test_what_happened_stays_readable_after_your_move_and_the_log_opens_at_the_end(render):
    app = BarcadiaApp(players=4, bots=3, seed=0)
    _pass_until_a_bot_rolls(app)
    g, s = app.game, app.session
    from balada_widgets.barcadia.view import earlier_lines, recap_lines

    shown = [x.text for x in recap_lines(g, s, 0)]
    for _ in range(30):  # pass (a pass does not end the recap) until player 1 makes a move of its own
        moves = g.legal_moves(g.view(s.state, 0), 0)
        real = [m for m in moves if m.verb != "pass"]
        if real:
            break
        app.play(moves[0])
        shown = [x.text for x in recap_lines(g, s, 0)]
    app.play(real[0])  # your next move: the recap up to it moves down, under what comes after it
    before = [x.text for x in earlier_lines(g, s, 0)]
    rolls = [t for t in shown if ": rolled " in t]
    assert rolls and all(t in before for t in rolls) and "Player 1" in before[-1]  # then your own move
    ui = render(app.element())
    text = page_text(ui)
    assert f"Up to your last move ({len(before)})" in text and 'class="bw-bc-recap-scroll"' in text
    assert all(t in text for t in before)
    assert not ui.boards("bw-move-log")  # the log is folded while the game runs
    over = BarcadiaApp(players=2, bots=2, seed=4, dungeon="cozy")
    ui = render(over.element())
    assert ui.boards("bw-move-log")  # and open on the game-over screen: the whole game, in words
    assert "rolls" in ui.board("bw-move-log").svg
