"""A tiny fifth game for the spec test: tic-tac-toe declared by a spec alone.

It has rules (:mod:`.rules`), a drawing (:mod:`.drawing`) and a one-step lesson
(:mod:`.lesson`), and no view, app or form of its own: the app's pages, the
new-game form and the fuzz come from :data:`SPEC` once it is registered
(``tests/core/test_spec.py`` registers it for its tests only, so the other
tests see the house's four games).
"""

from __future__ import annotations

from balada_widgets.core.spec import GameSpec, Option

SPEC = GameSpec(
    name="tictactoe", title="Tic-tac-toe", game_class="tests.spec_game.rules:TicTacToe",
    options=(Option("first", "x", ("x", "o"), label="Who opens", words={"x": "X opens", "o": "O opens"}),
             Option("misere", False, label="Three in a row loses")),
    players=(2, 2), bots={"simple": "tests.spec_game.rules:Bot"}, lesson="tests.spec_game.lesson",
    views={"drawing": "tests.spec_game.drawing:draw"},
    blurb="Three in a row on a 3x3 grid.")
