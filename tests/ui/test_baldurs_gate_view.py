"""The Builders of Baldur's Gate view: the drawings (pure), then the live view rendered with ``solara.render``.

Whole turns by clicks and by keys in English and Czech, refusals with their
rule, hot-seat keeping the next hand out of every widget, undo stepping back
through a multi-step action, the final scoring walked with its trace.
Positions come from seeded sessions (the bots and chance are seeded too).
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from balada_widgets.baldurs_gate import BaldursGateGame
from balada_widgets.baldurs_gate.drawing import (
    CARDS_CSS, CSS, DEFS, cards_markup, city_svg, move_target, parse_id, player_markup, target_centres, targets_of,
)
from balada_widgets.baldurs_gate.i18n import CATALOG, check_catalog, text
from balada_widgets.baldurs_gate.state import Build, Income, Parcel, Piece, Trade, Worker
from balada_widgets.baldurs_gate.view import KEYS, BaldursGateApp, choices_for, natural_move
from balada_widgets.core.errors import GameError
from balada_widgets.core.session import Session
from balada_widgets.kit.cursor import unreachable

NODE_RE = re.compile(r'<g class="([^"]*)" data-id="([^"]+)"(?: role="button")?><title>([^<]*)</title>')
DOCS = Path(__file__).parents[2] / "docs"


def drawn(ui, cls: str = "tg") -> list:
    """The city's clickable ids drawn with the class ``cls``."""
    return sorted(i for classes, i, _ in NODE_RE.findall(ui.board("bw-bg-city").svg) if cls in classes.split())


def card_targets(ui, board: str = "bw-bg-me") -> list:
    return re.findall(r'class="card [^"]*\btg\b[^"]*" data-id="([^"]+)"', ui.board(board).svg)


def choices(ui) -> list:
    return [w.children[0] for w in ui.buttons("bw-bg-choice")]


def page_text(ui) -> str:
    return unescape(ui.text())


@pytest.fixture(scope="module")
def game():
    return BaldursGateGame(players=3)


@pytest.fixture(scope="module")
def midgame():
    """A 4-player position after a few attacks: damage, workers, fortifications, tokens on the tracks."""
    from balada_widgets.baldurs_gate import make_bot

    g = BaldursGateGame(players=4)
    s = Session(g, seed=3)
    bots = {p: make_bot("random", seed=p) for p in range(4)}
    while len(s.state.attacks) < 3:
        p = g.to_move(s.state)[0]
        s.play(bots[p].choose(g, s.state, p))
    return g, s.state


# ---------------------------------------------------------------------- the drawings (pure)


def test_every_node_of_the_city_is_drawn_clickable_with_its_name_in_words(game):
    st = Session(game, seed=0).state
    svg = city_svg(game, game.view(st, 0), targets=["L-SEA", 2], selected=["F-SEA-b"], cursor="L-SEA")
    groups = NODE_RE.findall(svg)
    ids = [i for _, i, _ in groups]
    assert set(game.city.nodes) <= set(ids) and {f"L-{d}" for d in game.city.districts} <= set(ids)
    assert {f"track-{f}" for f in game.faction_ids} <= set(ids)
    words = {i: unescape(w) for _, i, w in groups}
    first = st.avail[0]
    assert words[f"P{first}"].endswith("available")
    assert "Seatower" in words["L-SEA"] and "Thieves' Guild" in words["track-guild"]
    cls = {i: c.split() for c, i, _ in groups}
    assert "tg" in cls["L-SEA"] and "cur" in cls["L-SEA"] and "tg" in cls["P2"] and "sel" in cls["F-SEA-b"]
    assert 'href="#bw-bg-inn"' not in svg or 'id="bw-bg-inn"' in DEFS
    assert ".bw-bg .tg .hl-ring" in CSS and ".bw-bgc .card.tg" in CARDS_CSS
    # the banned parcels of a 3-player game and the face-down hidden token
    assert all(f'class="parcel banned' in svg and f'data-id="P{n}"' in svg for n in st.banned)
    assert 'href="#bw-bg-hidden"' in svg and str(st.hidden) not in re.findall(r'token-n">(\d+)<', svg)[-1:]


def test_the_city_speaks_czech_with_the_czech_game():
    g = BaldursGateGame(players=2, language="cs")
    svg = city_svg(g, g.view(Session(g, seed=1).state, 0))
    assert "Síla útoku" in svg and "Frakční stupnice" in svg and "Temples" in svg and "Přístav" in svg  # district names: proper names, untranslated
    assert "Attack strength" not in svg and "parcela" in svg
    assert "Attack strength" in city_svg(g, g.view(Session(g, seed=1).state, 0), language="en")


def test_damage_workers_forts_and_attack_results_are_drawn(midgame):
    g, st = midgame
    svg = city_svg(g, g.view(st, None))
    groups = {i: (c.split(), unescape(w)) for c, i, w in NODE_RE.findall(svg)}
    for d in st.damage:
        assert "damaged" in groups[f"L-{d}"][0] and "damaged" in groups[f"L-{d}"][1]
    for p, pl in enumerate(st.players):
        if pl.worker:
            assert f"player {p + 1}'s worker stands here" in groups[f"L-{pl.worker}"][1]
    for i, pc in enumerate(st.pieces):
        node = g.city.nodes[i]
        if pc is not None and pc.kind in ("tower", "keep", "gate"):
            assert f"taken o{pc.owner}" in " ".join(groups[node][0]) and f"Player {pc.owner + 1}" in groups[node][1]
        if pc is not None and pc.kind in ("inn", "hall", "market", "temple"):
            assert ("damaged" if pc.damaged else "built") in groups[node][0]
    for a in st.attacks:
        label = groups[f"attack-{a.district}"][1]
        assert ("held" if a.defended else "fell") in label and f"strength {a.strength}" in label


def test_hands_are_drawn_only_from_a_view_that_holds_them(game):
    st = Session(game, seed=0).state
    mine = player_markup(game, game.view(st, 0), 0)
    theirs = player_markup(game, game.view(st, 0), 1)
    for c in st.players[0].hand + st.players[0].agendas:
        assert f'data-id="card-{c}"' in mine
    for c in st.players[1].hand + st.players[1].agendas:
        assert game.card_name(c) not in theirs and c not in theirs
    assert theirs.count('class="card back"') == 6 and "Face down" in theirs
    offer = cards_markup(game, st.offer, targets=st.offer[:1])
    assert offer.count('class="card ') == 4 and f'data-id="card-{st.offer[0]}"' in offer and " tg" in offer


def test_ids_moves_and_cursor_centres(game):
    assert parse_id("P17") == ("parcel", 17) and parse_id("F-SEA-b") == ("fort", "F-SEA-b")
    assert parse_id("H-SEA") == ("hq", "H-SEA") and parse_id("card-ag-01") == ("card", "ag-01")
    assert parse_id("strength") == ("strength", None) and parse_id("x") is None and parse_id(None) is None
    moves = [Build(0, "inn-03"), Parcel(0, 5), Worker(0, "CIT"), Income(0), Trade(0, "")]
    assert [move_target(m) for m in moves] == ["card-inn-03", "P5", "L-CIT", None, None]
    assert targets_of(moves) == {"card-inn-03": [moves[0]], "P5": [moves[1]], "L-CIT": [moves[2]]}
    spots = target_centres(game, ["P5", "L-CIT", "track-fist", "F-SEA-b", "card-inn-03"])
    assert set(spots) == {"P5", "L-CIT", "track-fist", "F-SEA-b"} and spots["P5"] == game.city.positions["P5"]
    for ids in ([f"L-{d}" for d in game.city.districts], [f"P{n}" for n in game.city.parcels],
                [game.city.nodes[i] for i in game.city.forts], [f"track-{f}" for f in game.faction_ids]):
        assert unreachable(target_centres(game, ids)) == set()  # arrows alone reach every place of a kind


# ---------------------------------------------------------------------- words and keys


def test_every_view_word_exists_in_both_languages():
    assert check_catalog() == []
    ui_keys = {k for k in CATALOG["en"] if k.startswith("ui.")}
    assert ui_keys == {k for k in CATALOG["cs"] if k.startswith("ui.")} and len(ui_keys) > 150
    for key, meaning in KEYS:
        assert meaning in ui_keys


@pytest.mark.parametrize("page,lang", [("baldurs-gate.md", "en"), ("baldurs-gate.cs.md", "cs")])
def test_the_keys_table_of_the_docs_matches_the_view(page, lang):
    doc = (DOCS / page).read_text(encoding="utf-8")
    for key, meaning in KEYS:
        assert f"| {key} | {text(meaning, lang)} |" in doc, (page, key)


# ---------------------------------------------------------------------- pure helpers of the view


def test_the_turn_offers_three_actions_and_narrows_to_cards_or_locations(game):
    st = Session(game, seed=0).state
    view = game.view(st, 0)
    pending = game.pending(view)
    moves = pending.options
    top, on_board = choices_for(game, view, pending, moves)
    assert [c.kind for c in top] == ["mode", "mode", "move"] and type(top[2].move) is Income
    assert set(on_board) == {f"card-{c}" for c in game.buildable(view, 0)} | {f"L-{d}" for d in game.city.districts}
    build, b_board = choices_for(game, view, pending, moves, mode="build")
    assert [type(c.move) for c in build[:-1]] == [Build] * len(game.buildable(view, 0)) and build[-1].kind == "back"
    assert all(k.startswith("card-") for k in b_board)
    worker, w_board = choices_for(game, view, pending, moves, mode="worker")
    assert len(worker) == 10 and set(w_board) == {f"L-{d}" for d in game.city.districts}
    assert natural_move(game, view, 0, "P36", "turn") == Parcel(0, 36) and natural_move(game, view, 0, "x") is None


def test_settings_refuse_what_the_game_cannot_be():
    for bad in ({"players": 5}, {"bots": 4}, {"bot_level": "genius"}, {"language": "de"}, {"seed": 1.5}):
        with pytest.raises(GameError):
            BaldursGateApp(**bad)
    with pytest.raises(GameError, match="2 až 4"):
        BaldursGateApp(players=1, language="cs")


# ---------------------------------------------------------------------- playing by clicks


def play_my_steps(ui, app, limit: int = 30) -> None:
    """Finish player 1's action by clicks: a glowing place of the city, else a glowing card, else button 1."""
    g = app.game
    for _ in range(limit):
        pend = g.pending(app.session.state)
        if pend.player != 0 or pend.kind == "turn" or g.is_over(app.session.state):
            return
        city = drawn(ui)
        cards = card_targets(ui) + (card_targets(ui, "bw-bg-offer") if ui.boards("bw-bg-offer") else [])
        if city:
            ui.board("bw-bg-city").emit_click(city[0])
        elif cards:
            board = "bw-bg-me" if cards[0] in card_targets(ui) else "bw-bg-offer"
            ui.board(board).emit_click(cards[0])
        else:
            ui.click("bw-bg-choice-1")
    raise AssertionError("the action did not end")


def test_a_whole_turn_by_clicks_build_then_the_bots_answer(render):
    app = BaldursGateApp(players=3, bots=2, seed=0)
    ui = render(app.element())
    g = app.game
    hand = card_targets(ui)
    assert drawn(ui) == sorted(f"L-{d}" for d in g.city.districts)  # the worker's targets, from legal_moves
    assert sorted(hand) == [f"card-{c}" for c in g.buildable(app.session.state, 0)]
    gold = app.session.state.players[0].gold
    ui.board("bw-bg-me").emit_click(hand[0])  # build: the card is paid, the parcel step follows
    card = hand[0][5:]
    st = app.session.state
    assert g.pending(st).kind == "parcel" and st.players[0].gold == gold - g.content.buildings[card].cost
    assert drawn(ui) == sorted(f"P{n}" for n in st.avail)
    assert "Player 1 chooses an available parcel" in page_text(ui)
    ui.board("bw-bg-city").emit_click(f"P{st.avail[0]}")
    play_my_steps(ui, app)
    st = app.session.state
    assert g.pending(st).kind == "turn" and g.pending(st).player == 0
    assert any(h.startswith("p2 ") for h in app.session.history) and any(h.startswith("p3 ") for h in app.session.history)
    assert card in st.players[0].portfolio and "Player 2" in page_text(ui)


def test_a_refused_click_shows_the_rule_reminder_in_the_games_language(render):
    for lang, words in (("en", "cannot build on parcel {n}"), ("cs", "nemůže stavět na parcele {n}")):
        app = BaldursGateApp(players=3, bots=2, seed=0, language=lang)
        ui = render(app.element())
        ui.board("bw-bg-me").emit_click(card_targets(ui)[0])
        closed = next(n for n in app.game.city.parcels if app.game.parcel_status(app.session.state, n) == "closed")
        ui.board("bw-bg-city").emit_click(f"P{closed}")
        assert ui.has("bw-rule-BLD7") and words.format(n=closed) in page_text(ui)
        assert app.game.pending(app.session.state).kind == "parcel"


def test_a_whole_worker_turn_by_keys_in_czech(render):
    app = BaldursGateApp(players=3, bots=2, seed=0, language="cs")
    ui = render(app.element())
    board = ui.board("bw-bg-city")
    board.emit_key("w")  # the locations become the choices and the only targets
    assert drawn(ui) == sorted(f"L-{d}" for d in app.game.city.districts) and len(choices(ui)) == 9
    assert "Vyber lokaci" in page_text(ui) and "Citadela Hlídky (Citadel Streets)" in choices(ui)[0]
    board.emit_key("ArrowRight")  # the cursor starts at the first target in reading order
    assert drawn(ui, "cur") == ["L-CIT"]
    board.emit_key("Enter")
    st = app.session.state
    assert st.players[0].worker == "CIT" and app.game.pending(st).kind == "trade"
    assert "Žádný obchod" in choices(ui)[0] and "může provést jeden obchod" in page_text(ui)
    board.emit_key("d")  # no trade: the turn ends, the bots play theirs
    st = app.session.state
    assert app.session.history[-1].startswith("p3 ") or app.game.pending(st).player == 0
    assert app.game.pending(st).kind == "turn" and app.game.pending(st).player == 0
    assert "p1 trade none" in app.session.history


def test_income_by_keys_and_digits_then_done(render):
    app = BaldursGateApp(players=2, bots=1, seed=2)
    ui = render(app.element())
    board = ui.board("bw-bg-city")
    gold = app.session.state.players[0].gold
    board.emit_key("i")
    st = app.session.state
    assert app.game.pending(st).kind == "income" and st.players[0].gold == gold + 6
    assert ui.has("bw-bg-done")
    board.emit_key("d")
    assert "p1 done" in app.session.history and app.game.pending(app.session.state).player == 0


def with_built(g, card: str, player: int = 0, gold: int = 5):
    """The opening position of seed 0 with ``card`` already built by ``player`` on the first available parcel."""
    st = Session(g, seed=0).state
    n = st.avail[0]
    pieces = list(st.pieces)
    pieces[g.city.parcel_index[n]] = Piece(g.content.buildings[card].type, player, False, card)
    players = [pl._replace(hand=tuple(c for c in pl.hand if c != card)) for pl in st.players]
    players[player] = players[player]._replace(portfolio=(card,), gold=gold)
    return st._replace(players=tuple(players), pieces=tuple(pieces), avail=tuple(x for x in st.avail if x != n),
                       deck=tuple(c for c in st.deck if c != card), offer=tuple(c for c in st.offer if c != card))


def test_an_income_ability_by_a_card_click_then_the_track_on_the_city(render):
    g = BaldursGateGame(players=2)
    app = BaldursGateApp(players=2, bots=1, session=Session(g, seed=0, state=with_built(g, "temple-05")))
    ui = render(app.element())
    ui.board("bw-bg-city").emit_key("i")
    assert app.game.pending(app.session.state).kind == "income" and "card-temple-05" in card_targets(ui)
    ui.board("bw-bg-me").emit_click("card-temple-05")
    assert app.game.pending(app.session.state).kind == "track"
    assert drawn(ui) == sorted(f"track-{f}" for f in g.faction_ids) and len(choices(ui)) == 3
    ui.board("bw-bg-city").emit_click("track-fist")
    st = app.session.state
    assert st.players[0].influence[g.faction_index["fist"]] == 1 and st.players[0].gold == 5 + 6 - 3
    assert "temple-05" in st.players[0].used and "used" in ui.board("bw-bg-me").svg
    ui.board("bw-bg-me").emit_click("card-temple-05")  # once per income action: the engine says so
    assert ui.has("bw-rule-I2")


def test_esc_takes_back_the_card_of_a_build_and_undo_steps_back_through_the_action(render):
    app = BaldursGateApp(players=3, bots=2, seed=0)
    ui = render(app.element())
    g = app.game
    board = ui.board("bw-bg-city")
    start = app.session.state
    board.emit_key("b")
    assert [c.startswith("1. Build ") for c in choices(ui)][:1] == [True] and ui.has("bw-bg-back")
    board.emit_key("1")  # the first buildable card
    assert g.pending(app.session.state).kind == "parcel"
    board.emit_key("Escape")  # back to the choice of the action, the gold back in the purse
    assert app.session.state == start and g.pending(app.session.state).kind == "turn"
    assert ui.buttons("bw-redo")[0].disabled is False
    ui.click("bw-redo")
    assert g.pending(app.session.state).kind == "parcel"
    ui.click("bw-undo")
    assert app.session.state == start


def test_keys_that_cannot_act_now_say_why(render):
    g = BaldursGateGame(players=2)
    st = Session(g, seed=0).state
    away = st.players[0]._replace(worker="SEA", gold=0)
    app = BaldursGateApp(players=2, bots=1, session=Session(g, seed=0, state=st._replace(
        players=(away, st.players[1]))))
    ui = render(app.element())
    assert not ui.has("bw-bg-mode-worker") and not ui.has("bw-bg-mode-build")  # only income is legal
    board = ui.board("bw-bg-city")
    board.emit_key("w")  # the worker is away: the engine's reason, with its rule
    assert ui.has("bw-rule-W1") and "your worker is at" in page_text(ui)
    board.emit_key("b")  # no gold for any card: the engine says what the first one costs
    assert ui.has("bw-rule-BLD1") and "and you have 0 gold" in page_text(ui)
    board.emit_key("Escape")  # Esc closes the reminder first
    assert not ui.has("bw-reminder")
    board.emit_key("i")
    board.emit_key("w")  # not the turn's first choice any more
    assert "Finish this step first" in page_text(ui)


def test_the_log_shows_each_draw_as_the_seat_may_know_it(render):
    app = BaldursGateApp(players=3, bots=2, seed=0)
    ui = render(app.element())
    ui.click("bw-bg-log-box-toggle")
    log = unescape(ui.board("bw-move-log").svg)
    st = app.session.state
    assert all(f"Player 1 draws {app.game.card_name(c)}" in log for c in st.players[0].hand)
    assert "Player 2 draws a building card" in log
    assert not any(app.game.card_name(c) in log for c in st.players[1].hand + st.players[2].hand)
    assert "A token is laid face down" in log and f"hide {st.hidden}" not in log


# ---------------------------------------------------------------------- hot-seat


def test_hot_seat_keeps_the_next_hand_out_of_the_page(render):
    app = BaldursGateApp(players=2, bots=0, seed=4)
    ui = render(app.element())
    st = app.session.state
    names = {p: [app.game.card_name(c) for c in st.players[p].hand + st.players[p].agendas] for p in (0, 1)}

    def shown(p):
        text = page_text(ui)
        return [n for n in names[p] if n in text]

    assert ui.has("bw-pass-screen") and ui.button("bw-pass-ready").children == ["I am Player 1: show my hand"]
    assert shown(0) == [] and shown(1) == []
    ui.click("bw-pass-ready")
    assert shown(0) and shown(1) == []
    ui.board("bw-bg-city").emit_key("i")
    ui.board("bw-bg-city").emit_key("d")
    assert ui.has("bw-pass-screen") and "Player 2" in page_text(ui)
    assert shown(0) == [] and shown(1) == []  # player 1's hand left with player 1's seat
    ui.click("bw-pass-ready")
    assert shown(1) and shown(0) == []


def test_the_pass_screen_and_the_controls_speak_czech(render):
    app = BaldursGateApp(players=2, bots=0, seed=4, language="cs")
    ui = render(app.element())
    text = page_text(ui)
    assert ui.button("bw-pass-ready").children == ["Jsem Hráč 1: ukaž mou ruku"]
    assert [b.children[-1] for b in ui.buttons("bw-undo")] == ["Zpět"] and "Uložit, sdílet, nahrát" in text


# ---------------------------------------------------------------------- the end


def test_the_final_scoring_is_walked_with_its_rules(render):
    app = BaldursGateApp(players=2, bots=2, seed=1, bot_level="random")  # the bots play the whole game
    assert app.game.is_over(app.session.state)
    ui = render(app.element())
    assert ui.has("bw-bg-result") and "Game over:" in page_text(ui)
    trace = ui.board("bw-trace-board").svg
    assert "E7" in trace and "E9" in trace and "largest network" in trace
    total = re.search(r"bw-trace-total'>(-?\d+)<", trace).group(1)
    winner = app.game.winners(app.session.state)[0]
    assert int(total) == app.session.state.players[winner].prestige
    ui.click("bw-step-next")
    assert "step 1 of" in page_text(ui)
    assert not ui.has("bw-bg-attacks")  # closed: made only when opened
    ui.click("bw-bg-attacks-box-toggle")
    assert ui.has("bw-bg-attacks") and "strength" in page_text(ui)
    a = app.session.state.attacks[0]
    assert f"{app.game.city.district_name(a.district)}: strength {a.strength} against defence {a.defence}" \
        in page_text(ui)
    ui.click("bw-bg-log-box-toggle")  # the log in words, as a spectator may know it
    log = ui.board("bw-move-log").svg
    assert "Player 1" in log and "draws a building card" in log


def test_a_new_game_in_czech_from_the_form(render):
    app = BaldursGateApp(players=3, bots=2, seed=0)
    ui = render(app.element())
    app.new_game(language="cs", players=2, bots=1)
    assert app.game.language == "cs" and app.game.players == 2
    text = page_text(ui)
    assert "volí akci" in text and "Nabídka budov" in text and "Uložit, sdílet, nahrát" in text and "Load" not in text
    assert "Frakční stupnice" in ui.board("bw-bg-city").defs
    ui.click("bw-new-game")
    assert ui.has("bw-baldurs-gate-form") and "Nová hra" in page_text(ui)
