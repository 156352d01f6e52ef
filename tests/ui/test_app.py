"""The standalone app: a home page and one page per built game."""

from __future__ import annotations

import solara

from balada_widgets import app


def test_pages_registered_and_built():
    paths = [r.path for r in app.routes]
    assert paths[0] == "/" and "balada" in paths and "balada-lab" in paths
    for page in app.PAGES:
        assert (page.path in paths) == (page.load() is not None)


def test_a_page_not_built_is_left_out():
    ghost = app.Page("ghost", "Ghost", "balada_widgets.ghost.view:GhostPage")
    assert ghost.load() is None
    assert app.Page("ghost2", "Ghost", "balada_widgets.balada.view:NoSuchPage").load() is None


def test_home_links_every_built_page(render):
    ui = render(app.Home())
    text = ui.text()
    for page, _component in app.built_pages():
        assert page.title in text
        assert ui.has(f"bw-open-{page.path}")


def test_balada_pages_render(render):
    by_path = {r.path: r.component for r in app.routes}
    ui = render(by_path["balada"]())
    assert ui.spaces("legal")
    ui = render(by_path["balada-lab"]())
    assert ui.boards("bw-palette-board")
