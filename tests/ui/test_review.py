"""The game review in the kit and in both games: real finished games, moments walked, retry on the board,
tiers (wrong, hint, answer), the best shown with its trace, a bot's game reviewable, the views' button.
"""

from __future__ import annotations

import pytest
import solara

from balada_widgets.balada.bots import make_bot as balada_bot
from balada_widgets.balada.review import review as balada_review
from balada_widgets.balada.review_view import ReviewButton as BaladaReviewButton
from balada_widgets.balada.rules import BaladaGame, Decide, Place, PortalMove
from balada_widgets.balda.bots import make_bot as balda_bot
from balada_widgets.balda.review_view import ReviewButton as BaldaReviewButton
from balada_widgets.balda.rules import BaldaGame
from balada_widgets.core.bots import run_bots
from balada_widgets.core.feedback import Feedback
from balada_widgets.core.review import GameReview, Moment
from balada_widgets.core.session import Session
from balada_widgets.core.trace import Trace
from balada_widgets.ui.review import ReviewView

SAMPLES = 8


def page(ui) -> str:
    templates = [getattr(w, "template", None) for w in ui.all_widgets()]
    return ui.text() + "\n".join(t for t in templates if isinstance(t, str))


def show_enabled(ui) -> bool:
    return not ui.button("bw-review-show").disabled


# ---------------------------------------------------------------------- the kit, with a made-up game


def toy_moment(i: int) -> Moment:
    t = Trace()
    t.add(1, "R1", 3, "three for the right button")

    def check(answer):
        return Feedback(answer == "right", "Yes: three points." if answer == "right" else "That button scores less.",
                        "R1")

    return Moment(player=0, node_id=i, kind="toy", title=f"Turn {i}", state=None, played="wrong", best="right",
                  played_words="the wrong button", best_words="the right button", loss=3, exact=True,
                  text=f"Turn {i}: you pressed the wrong button, 3 points less.", prompt="Press a button.",
                  hint="The one on the right.", answer="the right button", explanation="It scores three.",
                  trace=t, rules=("R1",), check=check)


def toy_board(moment, answer, on_answer):
    with solara.Row() as row:
        if on_answer is None:
            solara.Text(f"best: {answer}", classes=["toy-best"])
        else:
            for name in ("wrong", "right"):
                solara.Button(name, on_click=lambda name=name: on_answer(name), classes=[f"toy-{name}"])
    return row


def test_the_kit_walks_moments_with_tiers_and_reveal(render):
    review = GameReview(0, "You", (toy_moment(1), toy_moment(2)), looked_at=5, threshold=2)
    ui = render(ReviewView(review, toy_board))
    assert "Moment 1 of 2" in page(ui) and "You: 5 decisions looked at; 2 where" in page(ui)
    assert "the right button" not in page(ui)  # the answer is not given away
    assert not show_enabled(ui)  # a try first
    ui.click("toy-wrong")
    ui.click("bw-review-check")
    assert ui.has("bw-lesson-wrong") and "That button scores less. (rule R1)" in page(ui)
    assert show_enabled(ui) and not ui.has("bw-lesson-hint")
    ui.click("bw-review-check")
    assert ui.has("bw-lesson-hint") and "The one on the right." in page(ui)
    ui.click("bw-review-show")
    assert ui.has("bw-lesson-answer") and "The answer: the right button" in page(ui)
    assert ui.boards("bw-trace-board") and ui.has("toy-best")  # the trace walked, the best drawn
    assert 'data-id="moment-0"' in ui.board("bw-review-moments").svg and " •<" in ui.board("bw-review-moments").svg
    ui.click("bw-review-next")
    assert "Moment 2 of 2" in page(ui) and not ui.has("bw-lesson-answer")
    ui.click("toy-right")
    ui.click("bw-review-check")
    assert ui.has("bw-lesson-right") and "Three points." in page(ui)
    assert " ✓<" in ui.board("bw-review-moments").svg
    ui.board("bw-review-moments").emit_click("moment-0")  # back to the first: its answer is still shown
    assert "Moment 1 of 2" in page(ui) and ui.has("bw-lesson-answer")


def test_the_kit_says_when_there_is_nothing_to_retry(render):
    ui = render(ReviewView(GameReview(0, "You", (), looked_at=9, threshold=2), toy_board))
    assert ui.has("bw-review-none") and "none where the best choice" in page(ui)


def test_the_panel_shows_the_first_moments_while_the_rest_are_measured(render):
    import threading

    from balada_widgets.ui.review import ReviewPanel

    release = threading.Event()

    def compute(player, progress):
        def steps():
            yield GameReview(0, "You", (), looked_at=3, threshold=2, measured=1)
            yield GameReview(0, "You", (toy_moment(1),), looked_at=3, threshold=2, measured=2)
            release.wait(30)
            yield GameReview(0, "You", (toy_moment(1), toy_moment(2)), looked_at=3, threshold=2)
        return steps()

    ui = render(ReviewPanel([(0, "You")], compute, toy_board))
    ui.wait(lambda: ui.has("bw-review-moment"))
    # the first moment can be retried at once; the panel says the rest are being measured
    assert ui.has("bw-review-running") and "You: 2 of 3 decisions looked at so far; 1 where" in page(ui)
    assert "Moment 1 of 1 so far" in page(ui) and not ui.has("bw-review-none")
    ui.click("toy-wrong")
    ui.click("bw-review-check")
    assert ui.has("bw-lesson-wrong")
    release.set()
    ui.wait(lambda: not ui.has("bw-review-running"))
    # the same review goes on: the retry of moment 1 is kept, moment 2 has come
    assert "Moment 1 of 2" in page(ui) and " so far" not in page(ui) and ui.has("bw-lesson-wrong")
    assert "You: 3 decisions looked at; 2 where" in page(ui)


# ---------------------------------------------------------------------- Balada


@pytest.fixture(scope="module")
def balada_game():
    """A finished full game of a random bot: placement and walk moments (Portals too)."""
    s = Session(BaladaGame(players=1), seed=25)
    run_bots(s, {0: balada_bot("random", seed="25:0")})
    return s


def open_review(ui):
    """Open the review and wait until every decision is measured (the first moments show before that)."""
    ui.click("bw-review-open")
    ui.wait(lambda: (ui.has("bw-review-moment") or ui.has("bw-review-none")) and not ui.has("bw-review-running"),
            timeout=60)


def retry_balada(ui, moment, move):
    """Make ``move`` on the review's board as a learner would: a card then a space, a button, a Portal's event."""
    board = ui.board("bw-review-board")
    if isinstance(move, Place):
        cards = moment.extra.cards
        board.emit_click("card-A" if move.event == cards.a else "card-B")
        ui.board("bw-review-board").emit_click(f"space-{move.space}")
    elif isinstance(move, PortalMove) and move.source is not None:
        board.emit_click(f"space-{move.source}")
    elif isinstance(move, PortalMove):
        ui.click("bw-review-keep-empty")
    else:
        [i] = [i for i, (m, _) in enumerate(moment.extra.options) if m == move]
        ui.click(f"bw-review-option-{i}")


def test_balada_review_at_the_end_of_a_game(render, balada_game):
    s = balada_game
    expected = balada_review(s, 0, name="Bot 1 (random)", samples=SAMPLES)
    assert len(expected) >= 3
    ui = render(BaladaReviewButton(s, {0: balada_bot("random")}, samples=SAMPLES))
    open_review(ui)
    first = expected[0]
    assert f"Moment 1 of {len(expected)}" in page(ui) and first.title in page(ui)
    assert first.best_words not in page(ui)
    assert ui.board("bw-review-board")
    # the move played, retried: wrong; again: the hint; then the answer with the best drawn and the trace
    retry_balada(ui, first, first.played)
    ui.click("bw-review-check")
    wrong = first.retry(first.played).message
    assert ui.has("bw-lesson-wrong") and wrong in page(ui) and f"{first.loss:.1f}" not in wrong
    ui.click("bw-review-check")
    assert ui.has("bw-lesson-hint") and first.hint in page(ui)
    ui.click("bw-review-show")
    assert ui.has("bw-lesson-answer") and ui.boards("bw-review-best-board") and ui.boards("bw-trace-board")
    # a placement, a walk choice and a Portal: the best, retried on the board, is right
    picks = {}
    for k, m in enumerate(expected):
        picks.setdefault(type(m.best), k)
    assert set(picks) == {Place, Decide, PortalMove}
    for k in sorted(picks.values()):
        ui.board("bw-review-moments").emit_click(f"moment-{k}")
        m = expected[k]
        assert f"Moment {k + 1} of {len(expected)}" in page(ui)
        retry_balada(ui, m, m.best)
        ui.click("bw-review-check")
        assert ui.has("bw-lesson-right"), (m.title, m.best, page(ui)[-2000:])


# ---------------------------------------------------------------------- Balda


@pytest.fixture(scope="module")
def balda_game():
    """A real English game: a random bot against the strong bot."""
    s = Session(BaldaGame(players=2), seed=3)
    run_bots(s, {0: balda_bot("random", seed=1), 1: balda_bot("strong", seed=2)})
    return s


def test_balda_review_retry_by_tracing_the_word(render, balda_game):
    s = balda_game
    bots = {0: balda_bot("random"), 1: balda_bot("strong")}
    ui = render(BaldaReviewButton(s, bots))
    open_review(ui)
    assert "Player 1 (random bot)" in page(ui) and "Moment 1 of" in page(ui)
    from balada_widgets.balda.review import review

    first = review(s, 0)[0]
    assert first.best.word.upper() not in page(ui)
    grid = ui.board("bw-review-board")
    n = s.game.size
    from balada_widgets.balda.position import cell_name

    def trace(move):
        board = ui.board("bw-review-board")
        board.emit_click(f"cell-{cell_name(move.cell, n)}")
        ui.board("bw-review-board").emit_key(move.letter)
        for cell in move.path:
            ui.board("bw-review-board").emit_click(f"cell-{cell_name(cell, n)}")

    trace(first.played)
    ui.click("bw-review-check")
    assert ui.has("bw-lesson-wrong") and "clearly longer" in page(ui)
    ui.click("bw-review-show")
    assert ui.has("bw-lesson-answer") and first.best.word.upper() in page(ui)
    assert ui.boards("bw-review-best-board") and ui.boards("bw-trace-board")
    assert grid is not None
    ui.click("bw-review-next")
    second = review(s, 0)[1]
    trace(second.best)
    ui.click("bw-review-check")
    assert ui.has("bw-lesson-right")
    # the strong bot's game, from the same panel
    ui.click("bw-review-player-2")
    ui.wait(lambda: "Player 2 (strong bot):" in page(ui), timeout=30)


# ---------------------------------------------------------------------- the game views at the end of a game


def test_the_balada_view_offers_the_review_at_the_end(render):
    from balada_widgets.balada.view import BaladaView

    s = Session(BaladaGame(players=1, easy=True), seed=4)
    run_bots(s, {0: balada_bot("random", seed=4)})
    ui = render(BaladaView(s, {0: balada_bot("random")}))
    assert ui.has("bw-review-open")
    ui.click("bw-review-open")
    ui.wait(lambda: ui.has("bw-review-moment") or ui.has("bw-review-none"), timeout=120)
    assert "Player 1 (random bot): " in page(ui)


def test_the_balada_view_has_no_review_during_a_game(render):
    from balada_widgets.balada.view import BaladaView

    ui = render(BaladaView(Session(BaladaGame(players=1, easy=True), seed=2), {}))
    assert not ui.has("bw-review-open")


def test_the_balda_view_offers_the_review_at_the_end(render, balda_game):
    from balada_widgets.balda.view import BaldaView

    ui = render(BaldaView(balda_game, {0: balda_bot("random"), 1: balda_bot("strong")}))
    assert ui.has("bw-review-open")
    ui.click("bw-review-open")
    ui.wait(lambda: ui.has("bw-review-moment") or ui.has("bw-review-none"), timeout=60)
    assert "Player 1 (random bot): " in page(ui)
