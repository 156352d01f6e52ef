"""Step 19: a short game against the greedy bot, on the live game (the app's own page, imported when shown).

The game starts from the scene ``play`` (two Power-Ups each, a home-made card in the deck) and is the learner's own:
it lives in their store (:func:`~balada_widgets.kit.lesson.learner_store`: their tutorial's, one per app page, one
per notebook kernel), never in the lesson, which every learner shares.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from ...core.session import Session
from ...kit.lesson import Custom, learner_store
from .scenes import scene

PLAY_SEED = 0


def play_app():
    """The learner's game against the bot (made when first asked for): a ``BarcadiaApp``, you in seat 1."""
    store = learner_store()
    if "barcadia-play" not in store:
        view = importlib.import_module("balada_widgets.barcadia.view")  # the live board, loaded only when shown
        g, s, _ = scene("play")
        store["barcadia-play"] = view.BarcadiaApp(players=2, bots=1, bot_level="greedy", seed=PLAY_SEED,
                                                  session=Session(g, seed=PLAY_SEED, state=s))
    return store["barcadia-play"]


@dataclass(frozen=True)
class LiveGame(Custom):
    """The live game as the exercise: the answer is the learner's own game, read when *Check* is pressed."""

    def read(self, raw):
        return play_app(), None


def play(L, w):
    p = L.part(w, "game")
    lead = {k: p(f"result.{k}") for k in ("won", "lost", "shared")}
    not_over = p("not-over")

    def check(app):
        game, state = app.game, app.session.state
        if not game.is_over(state):
            return L.no(not_over, p.rule)
        key = "shared" if len(state.winners) > 1 and 0 in state.winners else "won" if 0 in state.winners else "lost"
        return L.right(f"{lead[key]} " + ". ".join(st.reason for st in game.result_trace(state)) + ".", p.rule)

    def make(answer, on_answer):
        return play_app().element()

    return w("text"), (LiveGame(p("prompt"), check, hint=p("hint"), solution=p.solution(), make=make),)


#: the steps of this topic, in the lesson's order (each named by its step's id)
STEPS = (play,)
