"""The standalone app: a home page offering, per game, learn / a bot in one click / hot-seat / lab; readable tabs."""

from __future__ import annotations

import pytest
import solara

from balada_widgets import app
from balada_widgets.ui.board import SvgBoard

GAME_KEYS = ("balada", "balda", "barcadia", "baldurs_gate")


def page_by_path(path: str) -> app.Page:
    return next(p for p in app.PAGES if p.path == path)


def test_pages_registered_and_built():
    paths = [r.path for r in app.routes]
    assert paths[0] == "/" and "balada" in paths and "balada-lab" in paths
    for page in app.PAGES:
        assert (page.path in paths) == (page.load() is not None)


def test_a_page_not_built_is_left_out():
    ghost = app.Page("ghost", "Ghost", "balada_widgets.ghost.view:GhostPage")
    assert ghost.load() is None
    assert app.Page("ghost2", "Ghost", "balada_widgets.balada.view:NoSuchPage").load() is None
    assert app.Page("ghost3", "Ghost", "balada_widgets.ghost.view:GhostApp", kind="bot").load() is None
    assert app.Page("ghost4", "Ghost", "balada_widgets.ghost.tutorial", kind="learn").load() is None


@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_game_offers_learn_a_bot_hot_seat_and_lab(key):
    built = {p.kind for p, _c in app.built_pages() if p.game == key}
    assert {"learn", "bot", "hot-seat"} <= built
    entry = next(g for g in app.GAMES if g.key == key)
    if entry.lab and app.Page("x", "x", entry.lab).load() is not None:
        assert "lab" in built


def test_the_bot_page_is_one_human_against_a_bot_and_hot_seat_has_no_bot():
    for entry in app.GAMES:
        bot, hot = dict(entry.bot), dict(entry.hot_seat)
        assert bot["players"] - bot["bots"] == 1 and bot["bots"] >= 1, entry.key
        assert hot["players"] >= 2 and hot["bots"] == 0, entry.key


def test_home_has_a_card_per_game_with_a_button_per_page(render):
    ui = render(app.Home())
    text = ui.text()
    for entry in app.GAMES:
        assert entry.title in text and ui.has(f"bw-home-{entry.stem}")
    for page, _component in app.built_pages():
        assert ui.has(f"bw-open-{page.path}"), page.path
    assert "Learn the rules" in text and "Play against a bot" in text and "Hot-seat" in text and "Lab" in text
    # the one-click bot button is the first choice, in the primary colour
    assert all(b.color == "primary" for b in ui.buttons("bw-open-bot"))
    assert len(ui.buttons("bw-open-bot")) == len(app.GAMES)


def test_tabs_name_the_games_in_words():
    titles = [t for t, _href, _key in app.TABS]
    assert titles == ["Home", "Balada", "Balda", "Heroes of Barcadia", "Builders of Baldur's Gate"]
    assert app.tab_index("/balada-lab") == 1 and app.tab_index("baldurs-gate-learn-cs") == 4
    assert app.tab_index("/") == 0 and app.tab_index("/nowhere") == 0
    for route in app.routes[1:]:  # a route's label is its title, never its raw path
        assert route.label != route.path and (":" in route.label or app.page_at(route.path) is None)


def test_solaras_badge_is_switched_off():
    import solara.server.settings

    assert solara.server.settings.theme.show_banner is False


def test_balada_bot_page_opens_a_game_against_a_bot(render):
    component = page_by_path("balada").load()
    ui = render(component())
    assert ui.spaces("legal")
    text = ui.text()
    assert "Player 2 (advisor bot)" in text and "Player 1 (you)" in text and "Bot 2" not in text
    # a second visit is a new game (a fresh seed), still against a bot
    assert "Player 2 (advisor bot)" in render(component()).text()


def test_balada_hot_seat_and_solo_pages(render):
    ui = render(page_by_path("balada-hot-seat").load()())
    assert ui.has("bw-pass-ready") and "Bot" not in ui.text()
    ui = render(page_by_path("balada-solo").load()())
    assert ui.spaces("legal") and "Bot" not in ui.text() and "Player 2" not in ui.text()


@pytest.mark.parametrize("path", ["balda", "barcadia", "baldurs-gate"])
def test_other_games_bot_and_hot_seat_pages_render_a_board(render, path):
    ui = render(page_by_path(path).load()())
    assert ui.rc.find(SvgBoard).widgets
    assert "bot)" in ui.text()  # "Player 2 (greedy bot)": one name per seat
    ui = render(page_by_path(f"{path}-hot-seat").load()())
    assert "Bot" not in ui.text().replace("Bot level", "")


@pytest.mark.parametrize("path", ["balada-learn", "balda-learn", "barcadia-learn", "baldurs-gate-learn"])
def test_learn_pages_show_the_lesson_from_its_first_step(render, path):
    ui = render(page_by_path(path).load()())
    assert ui.has("bw-lesson") and "Step 1 of" in ui.text()


def test_each_learn_page_has_its_own_progress():
    a = app.tutorial_for("balada_widgets.barcadia.tutorial")
    b = app.tutorial_for("balada_widgets.barcadia.tutorial")
    assert a is not b and a.state is not b.state
    cs = app.tutorial_for("balada_widgets.baldurs_gate.tutorial", (("language", "cs"),))
    assert cs.words and cs.words != app.tutorial_for("balada_widgets.baldurs_gate.tutorial").words


def test_a_game_page_links_its_other_pages(render):
    page = page_by_path("balada")
    ui = render(app._page(page, page.load())())
    assert ui.has("bw-game-link-current")
    for other, _c in app.pages_of("balada"):
        if other.path != "balada":
            assert ui.has(f"bw-link-{other.path}")


def test_balada_lab_page_renders(render):
    ui = render(page_by_path("balada-lab").load()())
    assert ui.boards("bw-palette-board")


def test_the_start_notebook_is_prose_and_one_line_cells():
    import json
    from pathlib import Path

    nb = json.loads((Path(__file__).resolve().parents[2] / "notebooks" / "00_start_here.ipynb").read_text())
    cells = nb["cells"]
    assert cells[0]["cell_type"] == "markdown"  # no Python before the first words
    code = ["".join(c["source"]).strip() for c in cells if c["cell_type"] == "code"]
    assert code and all("\n" not in src for src in code), code
    assert not any("print(" in src or src.startswith(("import os", "import pathlib")) for src in code)
    for game in GAME_KEYS:  # a game of each, in one cell
        assert any(src.startswith(f"{game}.new_game(") for src in code), game


# ----------------------------------------------------------------------- the bot page's table, the frame's language


def test_the_bot_page_opens_the_table_the_game_is_made_for():
    tables = {g.key: (dict(g.bot)["players"], dict(g.bot)["bots"]) for g in app.GAMES}
    assert tables == {"balada": (2, 1), "balda": (2, 1), "barcadia": (4, 3), "baldurs_gate": (3, 2)}
    # a notebook's new_game() stays the quick two-player game
    from balada_widgets import baldurs_gate, barcadia

    assert barcadia.SPEC.settings().players == baldurs_gate.SPEC.settings().players == 2


@pytest.mark.parametrize("path, seats", [("barcadia", 4), ("baldurs-gate", 3)])
def test_the_bot_page_seats_you_and_the_bots(render, path, seats):
    import re

    text = render(page_by_path(path).load()()).text()
    assert max(int(n) for n in re.findall(r"\b(?:Bot|Player) (\d)\b", text)) == seats
    for k in range(2, seats + 1):  # every seat but yours is a bot: "Player 3 (greedy bot)"
        assert re.search(rf"\bPlayer {k} \(\w+ bot\)", text), k


def _form_seats(ui, game, players: int) -> int:
    """Choose ``players`` in the new-game form of ``game``'s spec (its buttons start at the least count); the
    form's bots then."""
    import ipyvuetify as v

    ui.choose(f"bw-form-players-{players - game.players[0]}")
    select = next(w for w in ui.rc.find(v.Select).widgets if "bw-form-bots" in (w.class_ or "").split())
    return select.v_model


@pytest.mark.parametrize("room", GAME_KEYS)
def test_the_new_game_form_keeps_one_person_against_bots(render, room):
    from balada_widgets.core.spec import spec
    from balada_widgets.ui.new_game import NewGameForm

    game = spec(room)
    hi = game.players[1]
    for start, choose, bots in ((game.bot_page, hi, hi - 1), ((hi, hi - 1), 2, 1),
                                ((2, 0), hi, 0)):  # hot-seat stays hot-seat
        ui = render(NewGameForm(game, game.settings(*start), lambda changes: None))
        assert _form_seats(ui, game, choose) == bots, (room, start, choose)


def test_the_form_speaks_the_games_language(render):
    from balada_widgets.core.spec import spec
    from balada_widgets.ui.new_game import NewGameForm

    bg = spec("baldurs_gate")
    started = []
    ui = render(NewGameForm(bg, bg.settings(players=3), started.append))
    assert "New game" in ui.text() and "Advanced setup" in ui.text()
    ui.choose("bw-form-language-1")  # Čeština
    text = ui.text()
    assert "Nová hra" in text and "Pokročilá příprava" in text and "chamtivý" in text and "Začít" in text
    ui.click("bw-form-start")
    assert started[0]["language"] == "cs" and started[0]["players"] == 3 and started[0]["seed"] == 1


def test_a_czech_page_has_a_czech_frame(render):
    page = page_by_path("baldurs-gate-learn-cs")
    assert page.language == "cs" and app.served_language("/baldurs-gate-learn-cs") == "cs"
    assert app.served_language("/baldurs-gate") == app.served_language("/") == "en"
    ui = render(app.GameLinks(page))
    text = ui.text()
    for words in ("Hrát proti botům", "Hra u jedné obrazovky", "Pravidla anglicky", "pravidla česky", "Laboratoř"):
        assert words in text, words
    assert "Play against a bot" not in text and "Hot-seat" not in text
    assert page_by_path("baldurs-gate").title_in("cs") == "Builders of Baldur's Gate: proti botům"
    assert app.frame_words("cs")["home"] == "Domů" and app.frame_words("ru") == app.frame_words("en")
    # an English page links the Czech tutorial by its own name, marked as Czech for a screen reader
    english = render(app.GameLinks(page_by_path("baldurs-gate")))
    link = english.button("bw-link-baldurs-gate-learn-cs")
    assert "pravidla česky" in english.text() and link.attributes.get("lang") == "cs"


def test_a_game_started_in_czech_makes_its_page_czech(render):
    from balada_widgets.baldurs_gate.view import BaldursGateApp

    page = page_by_path("baldurs-gate")
    game = BaldursGateApp(players=3, bots=2, seed=1, language="cs")
    render(app.GameLanguage(page, game))
    assert app.page_language("/baldurs-gate") == "cs" and app.page_language("/baldurs-gate-lab") == "en"
    assert "Hrát proti botům" in render(app.GameLinks(page)).text()
    game.new_game(players=3, bots=2, seed=2, language="en")  # the form starts an English game: English again
    assert app.page_language("/baldurs-gate") == "en"


def test_the_page_is_served_with_its_language():
    from balada_widgets.ui.a11y import serve_page_language, with_language

    html = "<!doctype html>\n<html>\n<head><script>1</script>"
    assert with_language(html, "cs").startswith('<!doctype html>\n<html lang="cs">')
    assert with_language(html, 'cs" onload="x') == with_language(html, "en")  # only a language tag gets in
    import solara.server.server as server

    assert getattr(server.read_root, "_bw_original", None) is not None  # the app's import wrapped Solara's page
    calls = []
    original = server.read_root._bw_original
    try:
        server.read_root._bw_original = lambda path, *a, **k: calls.append(path) or "<!doctype html><html><head>"
        serve_page_language(app.served_language)
        assert server.read_root("/baldurs-gate-learn-cs") == '<!doctype html><html lang="cs"><head>'
        assert server.read_root("/balada") == '<!doctype html><html lang="en"><head>'
    finally:
        server.read_root = original
        serve_page_language(app.served_language)
    assert calls == ["/baldurs-gate-learn-cs", "/balada"]


def test_the_page_icons_are_in_the_font_solara_serves():
    import re
    import sys
    from pathlib import Path

    fonts = sorted(Path(sys.prefix, "share", "solara", "cdn").glob("@widgetti/solara-vuetify*-app@*/dist/fonts.css"))
    if not fonts:
        pytest.skip("Solara's offline assets are not set up (scripts/solara_offline.py)")
    css = fonts[-1].read_text(encoding="utf-8")
    for _label, icon in app.KINDS.values():
        assert re.search(rf"\.{re.escape(icon)}::?before\s*\{{", css), f"{icon} is not in the icon font"
    assert app.KINDS["bot"][1] == "mdi-robot"
