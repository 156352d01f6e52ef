"""A tiny game with lasting secrets, to test the kit's hot-seat, move logs and save panel.

*Hands*: each player is dealt two cards (1-9, chance) kept in a hidden hand.
On a turn a player either plays a card from the hand (face up: its value
scores) or draws one more card (hidden). The game ends after ``plays`` cards
have been played; the highest total wins. A spectator sees how many cards
each hand holds, never which.

It is a test fixture, not a game of the package, but its view (:func:`HandsView`)
is written the way a room's view should be: :func:`~balada_widgets.ui.play.use_play`
for the controls, :func:`~balada_widgets.ui.seat.use_seat` for the hot-seat,
:func:`~balada_widgets.ui.move_log.labels_for` for the log, and only
``game.view(state, seat.viewer)`` drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

import solara

from balada_widgets.core.errors import InvalidInput
from balada_widgets.core.game import Game
from balada_widgets.core.bots import RandomBot
from balada_widgets.core.session import Session
from balada_widgets.core.spec import GameSpec, Option, seat_name as kit_seat_name
from balada_widgets.kit import svg
from balada_widgets.ui.app import app_class
from balada_widgets.ui.board import Board
from balada_widgets.ui.controls import Controls
from balada_widgets.ui.move_log import MoveLog, labels_for, log_entries
from balada_widgets.ui.play import use_play
from balada_widgets.ui.reminder import Reminder
from balada_widgets.ui.root import GameRoot
from balada_widgets.ui.seat import PassScreen, use_seat

HIDDEN = None  # a card a viewer may not see


@dataclass(frozen=True)
class Deal:
    player: int
    card: int


@dataclass(frozen=True)
class PlayCard:
    player: int
    card: int


@dataclass(frozen=True)
class Draw:
    player: int


@dataclass(frozen=True)
class HandsState:
    hands: tuple  # per player a sorted tuple of cards (HIDDEN in a view)
    scores: tuple
    turn: int = 0
    deal_to: tuple = ()  # players still owed a card, in order
    played: int = 0


class HandsGame(Game):
    name = "hands-test"
    title = "Hands (a test game)"
    min_players = 1
    max_players = 4

    def __init__(self, players: int = 2, plays: int = 4):
        self.players, self.plays = players, plays

    @property
    def options(self):
        return {"players": self.players, "plays": self.plays}

    @property
    def num_players(self):
        return self.players

    def initial_state(self):
        return HandsState(tuple(() for _ in range(self.players)), (0,) * self.players,
                          deal_to=tuple(p for p in range(self.players) for _ in range(2)))

    def is_chance(self, state):
        return bool(state.deal_to) and not self.is_over(state)

    def chance_outcomes(self, state):
        return [(Deal(state.deal_to[0], c), 1 / 9) for c in range(1, 10)]

    def to_move(self, state):
        return () if self.is_chance(state) or self.is_over(state) else (state.turn,)

    def is_over(self, state):
        return state.played >= self.plays

    def legal_moves(self, state, player=None):
        if self.is_over(state):
            return []
        if self.is_chance(state):
            return [m for m, _ in self.chance_outcomes(state)]
        if player not in (None, state.turn):
            return []
        p = state.turn
        return [PlayCard(p, c) for c in sorted(set(state.hands[p]))] + [Draw(p)]

    def why_illegal(self, state, move):
        if getattr(move, "player", state.turn) != state.turn:
            return "H1", f"it is player {state.turn + 1}'s turn"
        return "H2", "play a card of your hand, or draw"

    def _apply(self, state, move):
        hands = list(state.hands)
        if isinstance(move, Deal):
            hands[move.player] = tuple(sorted(hands[move.player] + (move.card,)))
            return replace(state, hands=tuple(hands), deal_to=state.deal_to[1:])
        nxt = (state.turn + 1) % self.players
        if isinstance(move, Draw):
            return replace(state, turn=nxt, deal_to=(move.player,))
        hand = list(hands[move.player])
        hand.remove(move.card)
        hands[move.player] = tuple(hand)
        scores = list(state.scores)
        scores[move.player] += move.card
        return replace(state, hands=tuple(hands), scores=tuple(scores), turn=nxt, played=state.played + 1)

    # text forms
    def move_to_text(self, move):
        if isinstance(move, Deal):
            return f"deal p{move.player + 1} {move.card}"
        if isinstance(move, Draw):
            return f"p{move.player + 1} draw"
        return f"p{move.player + 1} play {move.card}"

    def move_text_for(self, move, viewer=None):
        if isinstance(move, Deal) and viewer != move.player:
            return f"deal p{move.player + 1} ?"
        return self.move_to_text(move)

    def describe_move(self, state, move, viewer=None):
        if isinstance(move, Deal):
            card = f"the {move.card}" if viewer == move.player else "a card"
            return f"Player {move.player + 1} is dealt {card}"
        if isinstance(move, Draw):
            return f"Player {move.player + 1} draws"
        return f"Player {move.player + 1} plays the {move.card}"

    def parse_move(self, text, state=None):
        parts = text.split()
        try:
            if parts[0] == "deal":
                return Deal(int(parts[1][1:]) - 1, int(parts[2]))
            p = int(parts[0][1:]) - 1
            if parts[1] == "draw":
                return Draw(p)
            if parts[1] == "play":
                return PlayCard(p, int(parts[2]))
        except (IndexError, ValueError):
            pass
        raise InvalidInput(f"cannot read the move {text!r}; write e.g. 'p1 play 3' or 'p2 draw'")

    def view(self, state, player):
        hands = tuple(h if p == player else (HIDDEN,) * len(h) for p, h in enumerate(state.hands))
        return replace(state, hands=hands)

    def returns(self, state):
        return [float(s) for s in state.scores]

    def state_to_text(self, state):
        hands = " ".join("".join("?" if c is HIDDEN else str(c) for c in h) or "-" for h in state.hands)
        return f"{hands} | {' '.join(map(str, state.scores))} | {state.turn} {state.played}"

    def state_from_text(self, text):
        try:
            hands, scores, rest = (part.split() for part in text.split("|"))
            turn, played = map(int, rest)
            parsed = tuple(() if h == "-" else tuple(sorted(int(c) for c in h)) for h in hands)
            return HandsState(parsed, tuple(map(int, scores)), turn, (), played)
        except ValueError:
            raise InvalidInput(f"cannot read the position {text!r} (hidden cards '?' cannot be set up)") from None


def seat_name(p: Optional[int], bots: dict) -> str:
    """The kit's one name per seat; the spectator (``None``) as such."""
    return "Spectator" if p is None else kit_seat_name(p, bots)


def hands_svg(view, viewer: Optional[int]) -> str:
    """Every hand as the viewer sees it: ``data-id="card-<p>-<value>"`` on the viewer's own cards."""
    out = []
    for p, hand in enumerate(view.hands):
        y = 10 + p * 40
        out.append(svg.text(5, y + 20, f"P{p + 1}"))
        for i, c in enumerate(hand):
            label = "?" if c is HIDDEN else str(c)
            out.append(svg.group([svg.rect(40 + i * 30, y, 26, 34), svg.text(45 + i * 30, y + 22, label)],
                                 data_id=f"card-{p}-{c}" if p == viewer and c is not HIDDEN else None,
                                 class_="card own" if p == viewer else "card"))
    return svg.svg(out, 400, 10 + 40 * len(view.hands))


@solara.component
def HandsView(session: Session, bots: dict = {}, on_new_game=None):  # noqa: B006
    game: HandsGame = session.game
    play = use_play(session, bots)
    seat = use_seat(game, session, bots)
    with solara.Column(classes=["hands-view"]) as col:
        if seat.passing:
            PassScreen(seat_name(seat.next, bots), on_ready=seat.ready, show="my hand")
        else:
            view = game.view(session.state, seat.viewer)

            def click(id_: str):
                _, p, c = id_.split("-")
                play.act(PlayCard(int(p), int(c)))

            Board(svg=hands_svg(view, seat.viewer), on_click=click, class_name="hands-board",
                  label=f"the hands, as {seat_name(seat.viewer, bots)} sees them", version=play.version)
            if play.human_to_move:
                solara.Button("Draw", on_click=lambda: play.act(Draw(session.state.turn)), classes=["hands-draw"])
        Reminder(play.message, on_close=play.clear_message)
        Controls(on_undo=play.undo, on_redo=play.redo, on_restart=play.restart, on_new_game=on_new_game,
                 can_undo=play.can_undo, can_redo=play.can_redo)
        if play.bots_to_move:
            solara.Button("Let the bots play", on_click=play.let_bots_play, classes=["bw-run-bots"])
        MoveLog(log_entries(session, labels_for(game, seat.viewer, words=True), include_future=False))
    return col


@solara.component
def HandsForm(on_start, on_cancel):
    players, set_players = solara.use_state(2)
    with solara.Card("New game", classes=["hands-form"]) as card:
        solara.Select("Players", values=[1, 2, 3, 4, 9], value=players, on_value=set_players,
                      classes=["hands-players"])
        solara.Button("Start", on_click=lambda: on_start({"players": players}), classes=["hands-start"])
        solara.Button("Cancel", on_click=on_cancel, classes=["hands-cancel"])
    return card


#: the test game's declaration: the kit's generic app shows :func:`HandsView` (not registered: a test fixture)
HANDS_SPEC = GameSpec("hands-test", "Hands", HandsGame, options=(Option("plays", 4, range(0, 40), label="Cards played"),),
                      players=(1, 4), bots={"random": RandomBot}, views={"board": HandsView})


class HandsApp(app_class(HANDS_SPEC)):
    """The generic app of the test game, with a form of its own (the kit's :func:`GameRoot` takes any form)."""

    def __init__(self, players: int = 2, bots: int = 0, seed: int = 0, plays: int = 4):
        super().__init__(players, bots, seed, plays=plays)

    def element(self):
        return GameRoot(app=self, view=lambda s, b, on_new: HandsView(s, b, on_new_game=on_new),
                        form=lambda on_start, on_cancel: HandsForm(on_start, on_cancel), classes=["hands-app"])
