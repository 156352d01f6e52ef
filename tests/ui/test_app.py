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
        assert route.label != route.path and ":" in route.label


def test_solaras_badge_is_switched_off():
    import solara.server.settings

    assert solara.server.settings.theme.show_banner is False


def test_balada_bot_page_opens_a_game_against_a_bot(render):
    component = page_by_path("balada").load()
    ui = render(component())
    assert ui.spaces("legal")
    text = ui.text()
    assert "Bot 2" in text and "Player 1" in text
    # a second visit is a new game (a fresh seed), still against a bot
    assert "Bot 2" in render(component()).text()


def test_balada_hot_seat_and_solo_pages(render):
    ui = render(page_by_path("balada-hot-seat").load()())
    assert ui.has("bw-pass-ready") and "Bot" not in ui.text()
    ui = render(page_by_path("balada-solo").load()())
    assert ui.spaces("legal") and "Bot" not in ui.text() and "Player 2" not in ui.text()


@pytest.mark.parametrize("path", ["balda", "barcadia", "baldurs-gate"])
def test_other_games_bot_and_hot_seat_pages_render_a_board(render, path):
    ui = render(page_by_path(path).load()())
    assert ui.rc.find(SvgBoard).widgets
    assert "Bot" in ui.text()
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
