"""Balada: the flip-and-write game of a hero's walk, day then night.

The room holds the pure rules (:mod:`.rules`, :mod:`.scoring`,
:mod:`.content`), the bots and the advisor (:mod:`.bots`, :mod:`.advisor`) and
the Solara view (:mod:`.view`, imported only when a game is shown).

>>> from balada_widgets import balada
>>> balada.score_side("O3 O2 FT .. .. .. .. .. .. .. .. ..").points
5
"""

from __future__ import annotations

from ..core.spec import GameSpec, Option, bot_levels, lazy_module, register

#: the one declaration of the game (see :mod:`balada_widgets.core.spec`): ``new_game``, ``make_bot``,
#: the app's pages and the fuzz read it
SPEC = register(GameSpec(
    name="balada", title="Balada", game_class="balada_widgets.balada.rules:BaladaGame",
    options=(Option("easy", False, label="Easy version (deck A only, one round, rule B4)"),
             Option("sheet", "standard", ("standard", "river", "peaks", "dunes"), label="Sheet",
                    words={"standard": "Standard", "river": "River", "peaks": "Peaks", "dunes": "Dunes"},
                    strict=False),  # or a custom sheet's data
             Option("decks", None, kind="any", form=False, keep=True)),  # custom decks' data (a save carries it)
    players=(1, 6), bots=bot_levels("balada_widgets.balada.bots:make_bot", "random", "greedy", "advisor"),
    default_bot="advisor", lesson="balada_widgets.balada.tutorial",
    # the save file waits until every choice of the turn is revealed (the secrets last one turn)
    secret_saves="refuse",
    views={"board": "balada_widgets.balada.view:BaladaView", "lab": "balada_widgets.balada.lab:BaladaLab"},
    blurb="Flip-and-write: draw the flipped symbols on a path of 12 spaces, then your hero walks it and "
          "scores; day round, night round.",
    solo=(1, 0)))

new_game, make_bot = SPEC.notebook_face(__name__)

_NAMES = {
    **dict.fromkeys(("Decks", "Sheet", "load_decks", "load_sheet", "sheet_names"), "content"),
    **dict.fromkeys(("BaladaGame", "BaladaState", "Decide", "Flip", "Place", "PlayerState", "PortalMove", "Swap"),
                    "rules"),
    **dict.fromkeys(("Choices", "ScoreResult", "parse_side", "score_side", "side_to_text"), "scoring"),
}
__all__ = sorted([*_NAMES, "SPEC", "make_bot", "new_game"])

#: the rules, the content and ``balada.tutorial`` load on first use (``balada.tutorial.step("boss")``)
__getattr__, __dir__ = lazy_module(__name__, _NAMES)
