"""Step 18: a short game against the engine's bot, then the learner predicts their final score.

The game is the learner's own (the lesson is shared by every learner of the app): its end lives in the
learner's store (:class:`~balada_widgets.kit.lesson.LearnerBox`). Chance is seeded by the position, so the
same clicks play the same game; *Show me* has a bot play the learner's seat to the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...kit.lesson import Count, LearnerBox, Pick, Solution
from .. import scoring as scores
from ..bots import make_bot
from ..positions import seeded_chance
from ..state import Build
from .boards import Live, position_of

#: the game of each language's lesson (the lesson is built once per language)
LIVES: dict = {}


def bot(seed):
    """The engine's greedy bot, building whenever it can at the start of a turn (so the short game ends)."""
    def move(game, state):
        p = game.to_move(state)[0]
        view = game.view(state, p)
        chosen = make_bot("greedy", f"{seed}-{p}-{len(state.bag)}-{len(state.tasks)}").choose(game, view, p)
        builds = [x for x in game.legal_moves(view, p) if type(x) is Build] \
            if game.pending(state).kind == "turn" and type(chosen) is not Build else []
        return max(builds, key=lambda x: game.content.buildings[x.card].cost) if builds else chosen

    return move


def score_misreadings(g, state, p: int = 0) -> dict:
    """Final totals of ``p`` with one scoring rule misread (the engine's own parts of the score, changed)."""
    city, final, player = g.city, scores.final_gains(g, state, p), state.players[p]
    part = {r: sum(x.points for x in final if x.rule == r) for r in scores.FINAL_RULES}
    before = player.prestige - sum(part.values())
    mine = [i for i, x in enumerate(state.pieces) if x is not None and x.owner == p and not x.damaged]
    units, _ = scores.leftovers(state, p)
    changed = {"score-no-threshold": {"E6": sum(scores.agenda_points(g, state, p, a)[0] for a in player.agendas
                                                if a in g.content.agendas)},
               "score-all-groups": {"E7": 2 * len(mine)},
               "score-fort-district": {"E8": 2 * len({city.district_of[i] for i in mine})},
               "score-agendas-leftover": {"E9": (units + len(player.agendas)) // 3}}
    total = before + sum(part.values())
    out = {"play-prestige-only": before, **{mid: before + sum({**part, **v}.values()) for mid, v in changed.items()}}
    return {mid: v for mid, v in out.items() if v != total}


@dataclass(frozen=True)
class Prediction(Count):
    """Your final total, typed once the game of the step's first part is over (not read before)."""

    box: Any = None
    first: str = ""

    def read(self, raw):
        if self.box is None or self.box.get("state") is None:
            return None, self.first
        return super().read(raw)


def play(lesson, step, material) -> tuple:
    g, s = position_of("play", lesson.language)
    live = LIVES[lesson.language] = Live(lesson, g, s, others=bot(material.seed + 1), stop=lambda st: st.over,
                                         chance=lambda state, k: seeded_chance(g, state, material.seed + 1))
    box = LearnerBox(f"baldurs-gate-play-{lesson.language}", state=None)

    def judge_a(clicks):
        fr = live.frame(tuple(clicks))
        if fr.state.over:
            box["state"] = fr.state
            return True
        return live.refusal(clicks) if fr.message else None

    a = lesson.part(step, 0, "E5")
    label, answer, explain = a("label"), a("answer"), a("explain")

    def shown():
        clicks = live.bot_clicks(bot(material.seed + 2))  # the bot plays your seat to the end
        st = live.frame(clicks).state
        if st.over and box["state"] is None:
            box["state"] = st
        return Solution(answer, explain, picks=clicks, where_label="·")

    first = a.exercise(Pick, judge_a, solution=shown, mode="sequence", draw=lambda sel: live.draw(
        sel, offer=True, others=True, hide_score=True, label=label))

    def judge_b(n):
        st = box["state"]
        return n == st.players[0].prestige or next(
            (mid for mid, v in score_misreadings(g, st, 0).items() if n == v), None)

    b = lesson.part(step, 1, "C16")
    first_play, said = b("first"), b.later("explain", "result", "total")

    def solution_b():
        st = box["state"]
        if st is None:
            return Solution(first_play)
        total = st.players[0].prestige
        return Solution(str(total), said(result=g.result_text(st), total=total),
                        scores.final_trace(g, st, 0), where_label=lesson.say("where-what"))

    return first, b.exercise(Prediction, judge_b, solution=solution_b, box=box, first=first_play)
