"""Builders of Baldur's Gate: build a business empire in the nine districts of the city, and defend it.

The room holds the pure rules (:mod:`.rules` with :mod:`.engine`,
:mod:`.effects`, :mod:`.scoring`, :mod:`.validate`), the content and the city
(:mod:`.content`, :mod:`.city`, ``data/content.json``,
``graphs/baldurs-gate-city.json``), the words in English and Czech
(:mod:`.i18n`), the bots (:mod:`.bots`) and the Solara view (:mod:`.view`,
imported only when a game is shown, so ``import balada_widgets.baldurs_gate``
loads no UI package).

>>> from balada_widgets import baldurs_gate
>>> g = baldurs_gate.BaldursGateGame(players=3, language="cs")
>>> len(baldurs_gate.board().nodes)
81
>>> g.card_text("market-05")
'Tržnice, cena 5 zlatých. Příjem: za 1 zásobu získej 4 zlaté'
"""

from __future__ import annotations

from ..core.spec import GameSpec, Option, bot_levels, lazy_module, register


def kit_text(key: str, language: str):
    """The game's own words for a kit key (:data:`balada_widgets.core.spec.KIT_WORDS`: the seats, the new-game
    form, the settings' refusals, the share panel) in ``language``, from the catalogue (:mod:`.i18n`, keys
    ``ui.<key>``; a seat's number is the engine's ``Player``), or ``None``."""
    from .i18n import CATALOG

    return CATALOG.get(language, {}).get("Player" if key == "seat.player" else f"ui.{key}")


#: the one declaration of the game (see :mod:`balada_widgets.core.spec`): ``new_game``, ``make_bot``,
#: the app's pages and the fuzz read it. The options are in the fuzz's order of draws.
SPEC = register(GameSpec(
    name="baldurs_gate", title="Builders of Baldur's Gate",
    game_class="balada_widgets.baldurs_gate.rules:BaldursGateGame",
    options=(Option("advanced", False, label="Advanced setup"),
             Option("language", "en", ("en", "cs"), label="Language", words={"en": "English", "cs": "Čeština"}),
             Option("content", None, kind="any", form=False, keep=True),  # custom data (a save carries it)
             Option("city", None, kind="any", form=False, keep=True)),
    players=(2, 4), players_rule="C1", bot_page=(3, 2),  # you and two bots
    bots=bot_levels("balada_widgets.baldurs_gate.bots:make_bot", "random", "greedy", "strong"),
    default_bot="greedy", languages=(("en", "English"), ("cs", "Čeština")), words=kit_text,
    lesson="balada_widgets.baldurs_gate.tutorial", lesson_languages=(("cs", "pravidla česky"),),
    views={"board": "balada_widgets.baldurs_gate.view:BaldursGateView",
           "lab": "balada_widgets.baldurs_gate.lab:BaldursGateLab"},
    blurb="Build a business empire in the nine districts of Baldur's Gate and defend it; English or Czech."))

new_game, make_bot = SPEC.notebook_face(__name__)

_NAMES = {
    **dict.fromkeys(("City", "board", "load_city"), "city"),
    **dict.fromkeys(("Content", "load_content"), "content"),
    **dict.fromkeys(("CATALOG", "LANGUAGES", "add_messages", "t"), "i18n"),
    **dict.fromkeys(("BaldursGateGame", "Pending"), "rules"),
    **dict.fromkeys(("BaldursGateState", "Bottom", "Build", "Deal", "DealtAgenda", "DealtHQ", "Done", "Hide", "Income",
                     "Keep", "Parcel", "Pick", "Piece", "Player", "Spot", "Take", "Token", "Track", "Trade", "Use",
                     "Worker"),
                    "state"),
}
__all__ = sorted([*_NAMES, "SPEC", "make_bot", "new_game"])

#: the rules and ``baldurs_gate.tutorial`` load on first use (``baldurs_gate.tutorial.step("city")``)
__getattr__, __dir__ = lazy_module(__name__, _NAMES)
