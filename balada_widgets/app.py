"""The standalone app: ``solara run balada_widgets/app.py``.

A home page and one page per game that is built. Pages are listed in
:data:`PAGES`; adding a game is one line::

    Page("balda", "Balda", "balada_widgets.balda.view:BaldaPage", "Words on a 5x5 grid."),

A page whose module cannot be imported (a game not built yet) is left out,
so the list may name games ahead of their views.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable, Optional

import solara


@dataclass(frozen=True)
class Page:
    """One page of the app: its URL path, title, ``"module:Component"`` and a line for the home page."""

    path: str
    title: str
    target: str
    blurb: str = ""

    def load(self) -> Optional[Callable]:
        """The page's component, or ``None`` when its module is not there (the game is not built)."""
        module, _, name = self.target.partition(":")
        try:
            return getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            return None


PAGES = [
    Page("balada", "Balada: play", "balada_widgets.balada.view:BaladaPage",
         "Flip the cards, draw the symbols, walk the hero: solo, hot-seat or against bots."),
    Page("balada-lab", "Balada: lab", "balada_widgets.balada.view:BaladaLab",
         "Edit a map side, score it with the best or your own choices, branch a game, ask the advisor."),
    Page("balda", "Balda", "balada_widgets.balda.view:BaldaPage",
         "Add a letter, read a word along a path of letters."),
    Page("barcadia", "Heroes of Barcadia", "balada_widgets.barcadia.view:BarcadiaPage",
         "Crawl a hex dungeon, roll the d20 against Monsters and Bosses, see your odds before every roll."),
    Page("barcadia-lab", "Heroes of Barcadia: lab", "balada_widgets.barcadia.lab:BarcadiaLab",
         "Set up any dungeon position, play and branch it, ask for the best move, the odds and where you can get."),
    Page("baldurs-gate", "Builders of Baldur's Gate", "balada_widgets.baldurs_gate.view:BaldursGatePage",
         "Build a business empire in the nine districts of Baldur's Gate and defend it; English or Czech."),
    Page("baldurs-gate-lab", "Builders of Baldur's Gate: lab", "balada_widgets.baldurs_gate.lab:BaldursGateLab",
         "Set up any city position, play and branch it; networks and cut points, attack risk, the hidden district's "
         "odds, the best move and bot statistics."),
]


def built_pages() -> list[tuple[Page, Callable]]:
    """The pages whose component can be loaded, in :data:`PAGES` order."""
    out = []
    for page in PAGES:
        component = page.load()
        if component is not None:
            out.append((page, component))
    return out


@solara.component
def Home():
    solara.Title("balada-widgets")
    with solara.Column(style={"max-width": "760px", "padding": "12px"}, classes=["bw-home"]):
        solara.Markdown("# balada-widgets\n\nLearn, play and analyse tabletop games, right here or in Jupyter.")
        for page, _component in built_pages():
            with solara.Card(page.title, margin=0, classes=[f"bw-home-{page.path}"]):
                solara.Markdown(page.blurb)
                with solara.Link(f"/{page.path}"):
                    solara.Button(f"Open {page.title}", color="primary", classes=[f"bw-open-{page.path}"])


def _page(page: Page, component: Callable):
    @solara.component
    def Wrapped():
        solara.Title(page.title)
        return component()

    Wrapped.__name__ = f"Page_{page.path.replace('-', '_')}"
    return Wrapped


routes = [solara.Route(path="/", component=Home, label="Home")] + [
    solara.Route(path=page.path, component=_page(page, component), label=page.title)
    for page, component in built_pages()
]


@solara.component
def Layout(children=[]):  # noqa: B006 (Solara's signature)
    return solara.AppLayout(children=children, title="balada-widgets", navigation=True)
