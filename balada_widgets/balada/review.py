"""Learn from your mistakes, Balada: the decisions of a finished game where the best choice scored clearly more.

Pure Python (no UI import). :func:`review` takes a finished
:class:`~balada_widgets.core.session.Session` and one player (a human or a
bot: a class can study a strong bot the same way) and returns a
:class:`~balada_widgets.core.review.GameReview` of :class:`~balada_widgets.core.review.Moment` s,
in the order they were played. Two kinds of decision are measured:

- **Placements** (which symbol, which space), against the advisor
  (:func:`~.advisor.advise_placements`): the expected score of the round for
  every legal placement, on ``samples`` futures drawn from the cards not yet
  seen with a fixed ``seed`` and no time budget (``budget=None``), so the same
  game always gives the same review. A placement is a moment when the best
  expected score is at least ``threshold`` points higher (default
  :data:`PLACEMENT_THRESHOLD`) *and* the gap is more than twice its sampling
  error (so noise is never called a mistake). The last turn of a round is
  measured exactly (nothing is left to chance). A Change of Landscape is not
  measured itself: the placement after it is, on the swapped sheet.
- **Walk decisions** (Portals, swords, the Boss, the Chest), exactly, with
  :func:`~.advisor.walk_advice`: the round's points when every later choice is
  the best one (B16). A decision is a moment when the best scores at least
  ``walk_threshold`` points more (default :data:`WALK_THRESHOLD`: any real
  loss). In the day round of the full game a choice that carries more swords
  or fewer injuries into the night is never called a mistake, since the night
  may repay it.

A retry (:meth:`Moment.retry`) is right when the move is not clearly worse
than the best, by the same measure. Everything the learner reads is in words
(the Fish in space 5, use a sword on the Obstacle in space 3); the notation is
never shown.

>>> from balada_widgets.balada.rules import BaladaGame
>>> from balada_widgets.balada.bots import make_bot
>>> from balada_widgets.core.session import Session
>>> from balada_widgets.core.bots import run_bots
>>> s = Session(BaladaGame(players=1, easy=True), seed=5)
>>> _ = run_bots(s, {0: make_bot("random", seed=1)})
>>> r = review(s, 0, samples=8)
>>> r.looked_at >= 12, all(m.loss >= PLACEMENT_THRESHOLD or m.kind == "walk" for m in r)
(True, True)
>>> all(m.retry(m.best).ok and not m.retry(m.played).ok for m in r)
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable, Optional

from ..core.errors import InvalidInput
from ..core.feedback import Feedback
from ..core.review import GameReview, Moment, check_player, measure, require_over, review_of
from ..core.review import review_all as core_review_all
from .advisor import Advice, _rollout, advise_placements, sample_futures, side_points, walk_advice
from .rules import BaladaGame, Decide, Place, PortalMove, Swap
from .scoring import (
    LANDSCAPES, SIDE_LENGTH, Choices, Layout, Space, event_name, is_obstacle, score_side, side_to_text,
)

__all__ = ["PLACEMENT_THRESHOLD", "SAMPLES", "SEED", "WALK_THRESHOLD", "decisions", "option_words",
           "placement_words", "review", "review_all", "review_steps"]

#: a placement is a moment when the best expects at least this many more points this round
PLACEMENT_THRESHOLD = 2.0
#: a walk decision is a moment when the best scores at least this many more points (exact)
WALK_THRESHOLD = 1
#: futures sampled per placement (fixed, with :data:`SEED`: the same game gives the same review)
SAMPLES = 24
SEED = "review"
#: futures among which the example of a placement's answer is chosen (the first of the advisor's)
EXAMPLES = 12

ROUND_WORDS = ("Day", "Night")
#: the rule that makes each event score
EVENT_RULE = {"FT": "B8", "SW": "B9", "BS": "B10", "PT": "B5", "TW": "B11", "FI": "B12", "KY": "B13", "CH": "B14",
              "PR": "B15"}


def event_rule(ev: Optional[str]) -> str:
    return "B7" if is_obstacle(ev) else EVENT_RULE.get(ev or "", "B6")


# ======================================================================= words


def cap(text: str) -> str:
    """The text with its first letter upper-case (the rest untouched)."""
    return text[:1].upper() + text[1:]


def the(ev: Optional[str]) -> str:
    """``"the Fish"``, ``"the Obstacle 3"``, ``"an empty space"``."""
    return "an empty space" if ev is None else f"the {event_name(ev)}"


def placement_words(move: Place, lands=None) -> str:
    """``"the Fish in space 5"`` (with its landscape when ``lands`` is given)."""
    land = f" ({LANDSCAPES.get(lands[move.space - 1], '?')})" if lands is not None else ""
    return f"{the(move.event)} in space {move.space}{land}"


def option_words(events, pos: int, hero, move) -> str:
    """A walk decision in words, as what to do: ``"use a sword on the Obstacle in space 4 (+3, no injury)"``,
    ``"keep the Portal in space 6 empty"``.

    ``events`` are the side's events with the Portal choices so far, ``pos`` the
    0-based space the hero is at, ``hero`` what it carries.
    """
    if isinstance(move, PortalMove):
        if move.source is None:
            return f"keep the Portal in space {move.portal} empty"
        return f"let the Portal in space {move.portal} take {the(events[move.source - 1])} of space {move.source}"
    layout = Layout.of(events)
    i = move.space - 1
    ev = events[i]
    where = f"in space {move.space}"
    if is_obstacle(ev):
        v = layout.effective[i]
        if move.option == "sword":
            return f"use a sword on the Obstacle {where} (+{v}, no injury)"
        return f"endure the Obstacle {where} ({v} injur{'y' if v == 1 else 'ies'})"
    if ev == "BS":
        return (f"fight the Boss {where} with two swords (+{layout.boss_value(i)})" if move.option == "fight"
                else f"let the Boss {where} be")
    if ev == "CH":
        if move.option == "key":
            return f"open the Chest {where} with the key (+{i - layout.first_key - 1})"
        if move.option == "sword":
            return f"open the Chest {where} with a sword (+3)"
        return f"leave the Chest {where} closed"
    return f"{move.option} {where}"


def choices_words(events, result) -> list[str]:
    """The choices of a scored side (a :func:`~.scoring.score_side` result) in words, in the order of the walk:
    the Portals first, then each decision (``"endure the Obstacle in space 2 (2 injuries)"``).

    ``events`` are the side's events as written (before the Portals).

    >>> from balada_widgets.balada.scoring import score_side
    >>> side = "SW O2 KY PT TW CH .. .. .. .. .. .."
    >>> best = score_side(side)
    >>> best.choices.text()
    'P4<2 4:sword 6:key'
    >>> choices_words([None if e == ".." else e for e in side.split()], best)  # doctest: +NORMALIZE_WHITESPACE
    ['let the Portal in space 4 take the Obstacle 2 of space 2', 'use a sword on the Obstacle in space 4 (+3, no injury)',
     'open the Chest in space 6 with the key (+2)']
    """
    out = [option_words(events, 0, None, PortalMove(0, portal, source)) for portal, source in result.choices.portals]
    out += [option_words(result.events, space - 1, None, Decide(0, space, option))
            for space, option in sorted(result.choices.decisions.items())]
    return out


def _where_words(where, events) -> str:
    if where == "end":
        return "at the end of the round, where the Fish count"
    if isinstance(where, int) and 1 <= where <= len(events):
        return f"at space {where}, {the(events[where - 1])}"
    return "on the way"


def _gains(trace) -> dict:
    out: dict = {}
    for st in trace:
        out[st.where] = out.get(st.where, 0) + st.points
    return out


def _difference(better, worse, events) -> tuple[str, Optional[str], object]:
    """Where ``better`` (a trace) gains more than ``worse``: ``(words, rule, where)`` of the first such place."""
    gb, gw = _gains(better), _gains(worse)
    order = [st.where for st in better]
    for where in order:
        if gb.get(where, 0) > gw.get(where, 0):
            rule = next((st.rule for st in better if st.where == where and st.points), None)
            return _where_words(where, events), rule, where
    return "", None, None


# ======================================================================= which decisions


def decisions(session, player: int) -> list:
    """The nodes of the current line where ``player`` decided (placements and walk choices), in order."""
    out = []
    for node in session.current.path():
        m = node.move
        if not node.by_chance and getattr(m, "player", None) == player and isinstance(m, (Place, PortalMove, Decide)):
            out.append(node)
    return out


# ======================================================================= placements


@dataclass(frozen=True)
class PlacementBoard:
    """What a board needs to draw a placement moment: the sheet before it, the cards."""

    lands: tuple
    events: tuple
    cards: object  # the Flip of the turn
    legal: tuple  # the legal Place moves


def _gap_noise(best: Advice, other: Advice) -> float:
    n = max(1, min(best.samples, other.samples))
    return 2 * math.sqrt((best.stdev ** 2 + other.stdev ** 2) / n)


def _clearly_worse(best: Advice, other: Advice, threshold: float) -> bool:
    gap = best.expected - other.expected
    return gap >= threshold and gap > _gap_noise(best, other)


def _finish(game, ps, move: Place, future, seed) -> tuple:
    events = list(ps.events)
    events[move.space - 1] = move.event
    if not future:
        return tuple(events)
    return tuple(_rollout(ps.lands, events, future, game.easy, random.Random(seed)))


def _side(lands, events) -> str:
    return side_to_text(tuple(Space(l, e) for l, e in zip(lands, events)))


def _example(game, view, ps, best: Place, played: Place, loss: float, samples: int, seed) -> tuple:
    """A future among those sampled whose difference best − played is nearest the mean: both finished sides."""
    left = SIDE_LENGTH - view.turn
    futures = sample_futures(game, view, samples, seed)[:EXAMPLES] if left else [[]]
    pick = None
    for i, fut in enumerate(futures):
        fb = _finish(game, ps, best, fut, f"{seed}:example:{i}")
        fp = _finish(game, ps, played, fut, f"{seed}:example:{i}")
        d = side_points(fb, ps.injuries, ps.swords) - side_points(fp, ps.injuries, ps.swords)
        if pick is None or abs(d - loss) < pick[0]:
            pick = (abs(d - loss), i, fb, fp)
    _, i, fb, fp = pick
    return futures[i], fb, fp


def _placement_moment(game: BaladaGame, node, player: int, name: str, samples: int, seed, threshold: float):
    state = node.parent.state
    view = game.view(state, player)
    ps = game.sheet_of(view, player)
    round_seed = f"{seed}:{view.round}:{view.turn}:{player}"
    advice = advise_placements(game, view, player, samples=samples, seed=round_seed, budget=None)
    table = {a.move: a for a in advice}
    played = node.move
    mine = table.get(played)
    if mine is None or not advice:
        return None
    best = advice[0]
    loss = best.expected - mine.expected
    if not _clearly_worse(best, mine, threshold):
        return None
    exact = view.turn == SIDE_LENGTH
    lands = ps.lands
    cards = view.cards
    title = f"{ROUND_WORDS[min(view.round, 1)]} round, turn {view.turn} of {SIDE_LENGTH}"
    offer = f"the {event_name(cards.a)} (card A)" + (f" or the {event_name(cards.b)} (card B)"
                                                      if cards.b and cards.b != cards.a else "")
    about = "exactly" if exact else "about"
    amount = f"{loss:.0f}" if exact else f"{loss:.1f}"
    over = ("" if exact else
            f" on average over {best.samples} ways the rest of the round could go")
    text = (f"The landscape card is {LANDSCAPES[cards.landscape]}; the symbols: {offer}. "
            f"{name} drew {placement_words(played, lands)}. The best choice here scores {about} "
            f"{amount} more points this round{over}.")
    prompt = ("Choose a card and click the space where you would draw its symbol, then press Check.")
    if best.move.event != played.event:
        hint = (f"The other symbol is worth more here: think about {the(best.move.event)} "
                f"(rule {event_rule(best.move.event)}).")
    else:
        hint = (f"{cap(the(played.event))} was the right symbol: think about which "
                f"{LANDSCAPES[cards.landscape]} space it goes in (rule {event_rule(played.event)}).")
    future, fb, fp = _example(game, view, ps, best.move, played, loss, best.samples, round_seed)
    rb = score_side(_side(lands, fb), ps.injuries, ps.swords)
    rp = score_side(_side(lands, fp), ps.injuries, ps.swords)
    top = [a for a in advice if not _clearly_worse(best, a, threshold)][:4]
    answer = f"{placement_words(best.move, lands)}: {about} {amount} more points this round than {placement_words(played)}"
    if exact:
        explanation = (f"This was the round's last symbol, so nothing is left to chance: with "
                       f"{placement_words(best.move)} the side scores {rb.points} points, with "
                       f"{placement_words(played)} {rp.points}. The walk with the best choice, step by step:")
    else:
        explanation = (
            f"The advisor tried {best.samples} futures: the cards not seen yet this round, drawn at random "
            f"(the same futures for every choice, so the comparison is fair), and the rest of the side filled "
            f"in quickly. {cap(placement_words(best.move))} expects {best.expected:.1f} points, "
            f"{placement_words(played)} {mine.expected:.1f}."
            + (f" Choices as good as the best: {', '.join(placement_words(a.move) for a in top)}." if len(top) > 1
               else "")
            + f"\n\nOne of those futures, whose difference is close to the average: the side ends with "
            f"{rb.points} points with {placement_words(best.move)} and {rp.points} with "
            f"{placement_words(played)}. The walk with the best choice, step by step:")

    def check(move) -> Feedback:
        if isinstance(move, Swap):
            return Feedback(False, "The review asks which symbol to draw this turn and where: choose a card and a "
                                   "space (the Change of Landscape is not measured).", "B2")
        a = table.get(move)
        if a is None:
            game.apply(view, move)  # raises the rules' reason (rule B2: card, landscape, free space)
            return Feedback(False, "That is not a placement of this turn.", "B2")
        words = placement_words(move)
        if not _clearly_worse(best, a, threshold):
            same = " That is the advisor's best choice." if move == best.move else \
                f" It is as good as the best, {placement_words(best.move)}, within the measure's error."
            worth = f"scores {a.expected:.0f}" if exact else f"expects {a.expected:.1f}"
            return Feedback(True, f"Yes: {words} {worth} points this round.{same}", "B16")
        was = "That is what was drawn in the game: it" if move == played else cap(words) + " also"
        fa = _finish(game, ps, move, future, f"{round_seed}:example:x")
        fbest = _finish(game, ps, best.move, future, f"{round_seed}:example:x")
        sbest = score_side(_side(lands, fbest), ps.injuries, ps.swords)
        where, rule, _ = _difference(sbest.trace, score_side(_side(lands, fa), ps.injuries, ps.swords).trace,
                                     sbest.events)
        lead = " The difference shows" if exact else " In a typical future the difference shows"
        tail = f"{lead} {where}" + (f" (rule {rule})." if rule else ".") if where else ""
        return Feedback(False, f"{was} scores clearly less than the best choice here.{tail}", rule or "B16")

    return Moment(player=player, node_id=node.id, kind="placement", title=title, state=view, played=played,
                  best=best.move, played_words=placement_words(played, lands),
                  best_words=placement_words(best.move, lands), loss=round(loss, 2), exact=exact, text=text,
                  prompt=prompt, hint=hint, answer=answer, explanation=explanation, trace=rb.trace,
                  played_trace=rp.trace, rules=("B2", "B16"), check=check,
                  extra=PlacementBoard(lands, ps.events, cards,
                                       tuple(m for m in game.legal_moves(view, player) if isinstance(m, Place))))


# ======================================================================= walk decisions


@dataclass(frozen=True)
class WalkBoard:
    """What a board needs to draw a walk moment: the side, the hero, the options."""

    lands: tuple
    events: tuple  # with the Portal choices so far
    pos: int  # 0-based space of the decision (or of the Portal)
    hero: object
    portal: Optional[int]  # the Portal being decided, or None
    options: tuple  # ((move, words), ...) in the order of the rules' legal moves
    points_so_far: int


def _walk_result(state, player: int, move):
    ps = state.players[player]
    w = ps.walk
    portals = dict(w.portal_choices)
    dec = dict(w.decisions)
    if isinstance(move, PortalMove):
        portals[move.portal] = move.source
    else:
        dec[move.space] = move.option
    return score_side(ps.side_text(), ps.injuries, ps.swords, Choices(tuple(sorted(portals.items())), dec))


def _walk_moment(game: BaladaGame, node, player: int, name: str, threshold: float):
    state = node.parent.state
    rows = walk_advice(game, state, player)
    if not rows:
        return None
    points = dict(rows)
    results = {m: _walk_result(state, player, m) for m, _ in rows}
    last_round = state.round >= game.rounds - 1

    def key(m):
        r = results[m]
        return (points[m], r.swords, -r.injuries)

    best = max((m for m, _ in rows), key=key)
    played = node.move
    if played not in points:
        return None
    rb = results[best]

    def clearly_worse(m) -> bool:
        r = results[m]
        if points[best] - points[m] < threshold:
            return False
        return last_round or not (r.swords > rb.swords or r.injuries < rb.injuries)

    if not clearly_worse(played):
        return None
    ps = state.players[player]
    w = ps.walk
    loss = points[best] - points[played]
    rp = results[played]
    pos = w.pos
    hero = w.hero
    portal = w.portals_left[0] if w.portals_left else None
    words = {m: option_words(w.events, pos, hero, m) for m, _ in rows}
    round_name = ROUND_WORDS[min(state.round, 1)]
    if portal is not None:
        title = f"{round_name} round, scoring walk: the Portal in space {portal}"
        situation = (f"Before the walk, the Portal in space {portal} may take the event of another space "
                     f"(rule B5). {name} chose to {words[played]}.")
    else:
        title = f"{round_name} round, scoring walk: space {pos + 1}"
        situation = (f"The hero is at space {pos + 1}, {the(w.events[pos])}, carrying {hero.injuries} "
                     f"injur{'y' if hero.injuries == 1 else 'ies'} and {hero.swords} "
                     f"sword{'' if hero.swords == 1 else 's'}, with {w.points} points so far. "
                     f"{name} chose to {words[played]}.")
    text = (f"{situation} The best choice here scores {loss} more "
            f"point{'' if loss == 1 else 's'} this round (exactly: the rest of the walk played as well as "
            f"possible either way).")
    prompt = ("Choose again: click an event for the Portal to take, or keep it empty, then press Check."
              if portal is not None else "Choose again with the buttons, then press Check.")
    where, rule, at = _difference(rb.trace, rp.trace, rb.events)
    if not where:
        hint = "Walk the rest of the path in your head for each choice (rule B16)."
    elif portal is None and at == pos + 1:
        hint = (f"Compare what each choice gives right here, {where[len(f'at space {at}, '):]}"
                + (f" (rule {rule})" if rule else "") + ", and what the hero still carries for the rest of the path.")
    else:
        hint = f"Look along the path: the difference shows {where}" + (f" (rule {rule})." if rule else ".")
    carry = ""
    if not last_round:
        carry = (f" The hero carries {rb.swords} sword{'' if rb.swords == 1 else 's'} and {rb.injuries} "
                 f"injur{'y' if rb.injuries == 1 else 'ies'} into the night with the best choice, {rp.swords} and "
                 f"{rp.injuries} with the one made.")
    answer = f"{words[best]}: {loss} more point{'' if loss == 1 else 's'} this round than to {words[played]}"
    explanation = (f"With the best choice the round scores {points[best]} points, with the one made "
                   f"{points[played]} (every later choice the best one, rule B16).{carry} The walk with the best "
                   f"choice, step by step:")

    def check(move) -> Feedback:
        if move not in points:
            game.apply(state, move)  # raises the rules' reason
            return Feedback(False, "That is not a choice of this moment.", "B16")
        if not clearly_worse(move):
            extra = " That is the best choice." if points[move] == points[best] else \
                " It is as good as the best here."
            return Feedback(True, f"Yes: to {words[move]} gives {points[move]} points this round.{extra}", "B16")
        where, rule, _ = _difference(rb.trace, results[move].trace, rb.events)
        was = "That is the choice made in the game: it" if move == played else "This choice"
        tail = f" The best choice gains more {where}" + (f" (rule {rule})." if rule else ".") if where else ""
        return Feedback(False, f"{was} leads to fewer points this round.{tail}", rule or "B16")

    return Moment(player=player, node_id=node.id, kind="walk", title=title, state=state, played=played, best=best,
                  played_words=words[played], best_words=words[best], loss=loss, exact=True, text=text,
                  prompt=prompt, hint=hint, answer=answer, explanation=explanation, trace=rb.trace,
                  played_trace=rp.trace, rules=("B16",), check=check,
                  extra=WalkBoard(ps.lands, w.events, pos, hero, portal, tuple((m, words[m]) for m, _ in rows),
                                  w.points))


# ======================================================================= the review


def review_steps(session, player: int, *, name: Optional[str] = None, samples: int = SAMPLES, seed=SEED,
                 threshold: float = PLACEMENT_THRESHOLD, walk_threshold: float = WALK_THRESHOLD):
    """The review of :func:`review` as it is measured: a :class:`~balada_widgets.core.review.GameReview` after
    each decision, in the order they were played (``measured`` counts them), the last one complete.

    The moments are the same as :func:`review`'s, one decision at a time, so a view shows the first ones while
    the rest are measured. The arguments are checked before the first decision is measured.

    >>> from balada_widgets.balada.rules import BaladaGame
    >>> from balada_widgets.balada.bots import make_bot
    >>> from balada_widgets.core.session import Session
    >>> from balada_widgets.core.bots import run_bots
    >>> s = Session(BaladaGame(players=1, easy=True), seed=5)
    >>> _ = run_bots(s, {0: make_bot("random", seed=1)})
    >>> steps = list(review_steps(s, 0, samples=8))
    >>> [r.measured for r in steps][:3], steps[-1].complete, steps[-1] == review(s, 0, samples=8)
    ([1, 2, 3], True, True)
    """
    game: BaladaGame = session.game
    require_over(game, session)
    check_player(game, player)
    if not isinstance(samples, int) or samples < 1:
        raise InvalidInput(f"samples must be a whole number of at least 1, not {samples!r}")
    return _steps(game, session, player, name or f"Player {player + 1}", samples, seed, threshold, walk_threshold)


def _steps(game, session, player, name, samples, seed, threshold, walk_threshold):
    note = (f"Placements: the advisor's expected score of the round over {samples} sampled futures (seed "
            f"{seed!r}), kept when at least {threshold:g} points and beyond the sampling error. Walk decisions: "
            f"exact, kept from {walk_threshold:g} point{'' if walk_threshold == 1 else 's'}.")

    def moment_of(node):
        if isinstance(node.move, Place):
            return _placement_moment(game, node, player, name, samples, seed, threshold)
        return _walk_moment(game, node, player, name, walk_threshold)

    return measure(decisions(session, player), moment_of, player=player, name=name, threshold=threshold,
                   unit="points", note=note)


def review(session, player: int, *, name: Optional[str] = None, samples: int = SAMPLES, seed=SEED,
           threshold: float = PLACEMENT_THRESHOLD, walk_threshold: float = WALK_THRESHOLD,
           progress: Optional[Callable[[float], None]] = None) -> GameReview:
    """The moments of ``player``'s finished game (see the module docstring).

    ``name``: how the texts call the player (default "Player 1"); ``samples``
    and ``seed``: the advisor's futures per placement (the same arguments give
    the same review); ``threshold`` / ``walk_threshold``: the least loss kept, in
    points; ``progress(fraction)`` is called as the decisions are measured.
    :func:`review_steps` gives the same review decision by decision.

    :raises InvalidInput: the game is not over, or there is no such player.
    """
    return review_of(review_steps(session, player, name=name, samples=samples, seed=seed, threshold=threshold,
                                  walk_threshold=walk_threshold), progress)


def review_all(session, names: Optional[dict] = None, **kwargs) -> list[GameReview]:
    """:func:`review` of every player (``names``: ``{player: name}``)."""
    return core_review_all(review, session, names, **kwargs)
