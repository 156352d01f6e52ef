"""Heroes of Barcadia: a hex dungeon crawl with d20 battles, for 2 to 6 players.

The room holds the pure rules (:mod:`.rules` with the turn machine in
:mod:`.engine`, the cards in :mod:`.content` and :mod:`.effects`, the board
in :mod:`.board`, notation and positions in :mod:`.notation` and
:mod:`.position`, words in :mod:`.explain`), the exact odds (:mod:`.odds`),
the bots (:mod:`.bots`) and the Solara view (:mod:`.view`, imported only when
a game is shown, so ``import balada_widgets.barcadia`` loads no UI package).

>>> from balada_widgets import barcadia
>>> g = barcadia.BarcadiaGame(players=3, dungeon="cozy")
>>> g.n_rooms, g.content.rooms["cerbubble"].level
(30, 22)
>>> barcadia.win_probability("team", level=22)
Fraction(19, 40)
"""

from __future__ import annotations

from ..core.spec import GameSpec, Option, bot_levels, lazy_module, register

_BOOL = (False, True)

#: the one declaration of the game (see :mod:`balada_widgets.core.spec`): ``new_game``, ``make_bot``,
#: the app's pages and the fuzz read it. The options are in the fuzz's order of draws.
SPEC = register(GameSpec(
    name="barcadia", title="Heroes of Barcadia", game_class="balada_widgets.barcadia.rules:BarcadiaGame",
    options=(Option("dungeon", None, (None, "grand", "cozy"), label="Dungeon", strict=False,  # or its data
                    words={None: "build it", "grand": "Grand", "cozy": "Cozy"}, fuzz=(None, "cozy")),
             Option("build", "auto", ("auto", "play"), label="Building the dungeon",
                    words={"auto": "chance places the rooms", "play": "the players place them"}, fuzz=()),
             Option("crits", False, label="Crits"),
             Option("power_traps", False, label="Power Traps"),
             Option("frenzy", False, label="Frenzy"),
             Option("versatile", False, label="Versatile Starting Point"),
             Option("removal", None, (None, True, False), label="Take out 20 rooms (2-3 players)",
                    words={None: "on for 2-3 players", True: "on", False: "off"}, players=(2, 3), fuzz=()),
             # turn limits keep random games short: without one a random walk of 4 players takes ~1,400 moves
             Option("turn_limit", None, kind="any", form=False, fuzz=(20, 30, 40)),
             Option("start", "standard", kind="any", form=False),
             Option("characters", None, kind="any", form=False),
             Option("content", None, kind="any", form=False, keep=True),  # custom content's data (a save carries it)
             Option("diy", (), kind="any", form=False, keep=True)),
    players=(2, 6), players_rule="H-SET2", bot_page=(4, 3),  # you and three bots
    bots=bot_levels("balada_widgets.barcadia.bots:make_bot", "random", "greedy", "strong"), default_bot="greedy",
    lesson="balada_widgets.barcadia.tutorial",
    views={"board": "balada_widgets.barcadia.view:BarcadiaView", "lab": "balada_widgets.barcadia.lab:BarcadiaLab"},
    blurb="Crawl a hex dungeon built face down, roll the d20 against Monsters and Bosses, see your odds "
          "before every roll."))

new_game, make_bot = SPEC.notebook_face(__name__)

_NAMES = {
    **dict.fromkeys(("dungeon_graph", "dungeon_names", "load_dungeon", "load_start"), "board"),
    **dict.fromkeys(("Content", "LootCard", "diy_card", "load_content"), "content"),
    "BarcadiaGame": "rules", "BarcadiaState": "state", "Move": "state",
}
__all__ = sorted([*_NAMES, "SPEC", "make_bot", "new_game", "win_probability"])

#: the rules and ``barcadia.tutorial`` load on first use (``barcadia.tutorial.step("boss")``)
__getattr__, __dir__ = lazy_module(__name__, _NAMES)


def win_probability(kind, *, level=None, bonus=0, opponent_bonus=0):
    """The exact chance to win one roll (see :func:`.odds.win_probability`)."""
    from .odds import win_probability as wp

    return wp(kind, level=level, bonus=bonus, opponent_bonus=opponent_bonus)
