"""Hot-seat for games with secrets: whose view the page shows, and the pass-the-device screen.

One device, several players, hidden hands: the page may show only what one
player may know (``game.view(state, seat)``), and only to that player. The
rules of the seat, in :func:`seat_to_show` (pure) and :func:`use_seat` (the hook):

- one human against bots: always that human's view;
- several humans: the view of the human whose decision is awaited; whenever
  that changes to another human, a pass screen comes first ("Pass the device
  to Player 3" / "I am Player 3"), and while it is up the seat is ``None``;
- the same human deciding again (a multi-step action, a second choice) keeps
  the device: no pass screen;
- several humans with only bots to move: the human who holds the device;
- only bots, or the game is over: the spectator (``None``).

While ``seat.passing`` is true, render nothing secret: the pass screen
(:func:`PassScreen`) and at most what a spectator sees. A secret that is
never sent to the browser cannot leak::

    seat = use_seat(game, session, bots)
    if seat.passing:
        PassScreen(name_of(seat.next), on_ready=seat.ready)
    else:
        Table(game.view(session.state, seat.viewer), ...)

>>> from balada_widgets.core.demo import RaceGame
>>> g = RaceGame(players=3)
>>> s = g.initial_state()                      # player 1 to move
>>> seat_to_show(g, s, bots={}, shown=None)    # hot-seat: pass the device to player 1 first
SeatChoice(seat=0, passing=True)
>>> seat_to_show(g, s, bots={}, shown=0)
SeatChoice(seat=0, passing=False)
>>> seat_to_show(g, g.apply(s, "p1 +1"), bots={}, shown=0)   # player 2's turn: pass again
SeatChoice(seat=1, passing=True)
>>> seat_to_show(g, s, bots={1: None, 2: None})               # one human: no pass screen
SeatChoice(seat=0, passing=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Optional, Sequence

import solara

__all__ = ["PassScreen", "Seat", "SeatChoice", "seat_to_show", "use_seat"]


@dataclass(frozen=True)
class SeatChoice:
    """Whose view to show (``None``: the spectator) and whether the pass screen comes first."""

    seat: Optional[int]
    passing: bool


def seat_to_show(game, state, bots: Mapping = {}, shown: Optional[int] = None,  # noqa: B006
                 pass_device: bool = True) -> SeatChoice:
    """The seat the page shows in ``state`` (see the module docstring).

    ``shown`` is the human who took the device last (``None``: nobody yet).
    With ``pass_device=False`` (a lab, a teacher's screen) the seat is chosen
    the same way but never behind a pass screen.
    """
    humans = [p for p in range(game.num_players) if p not in bots]
    if not humans or game.is_over(state):
        return SeatChoice(None, False)
    if len(humans) == 1:
        return SeatChoice(humans[0], False)
    waiting = [p for p in game.to_move(state) if p not in bots]
    if not waiting:  # bots or chance to move: whoever holds the device keeps it
        return SeatChoice(shown if shown in humans else None, False)
    target = shown if shown in waiting else waiting[0]
    return SeatChoice(target, pass_device and target != shown)


@dataclass(frozen=True)
class Seat:
    """The hot-seat state of a view (a new value each render).

    ``viewer``: whose view to render (``None``: the spectator; always ``None``
    while ``passing``). ``next``: who takes the device (the seat behind the
    pass screen, else ``viewer``). ``ready()``: that player says "I am ...".
    ``hot_seat``: several humans share the device.
    """

    viewer: Optional[int]
    passing: bool
    next: Optional[int]
    humans: tuple
    hot_seat: bool
    ready: Callable[[], None]


def use_seat(game, session, bots: Mapping = {}, pass_device: bool = True) -> Seat:  # noqa: B006
    """The seat the page shows now (see the module docstring); re-renders with the session.

    The player who took the device is remembered per session, so a new game
    starts with a pass screen again.
    """
    from .session import use_session_version

    use_session_version(session)
    held, set_held = solara.use_state((None, None))  # (session, the human who took the device)
    shown = held[1] if held[0] is session else None
    choice = seat_to_show(game, session.state, bots, shown, pass_device)
    humans = tuple(p for p in range(game.num_players) if p not in bots)

    def ready():
        set_held((session, choice.seat))

    return Seat(viewer=None if choice.passing else choice.seat, passing=choice.passing, next=choice.seat,
                humans=humans, hot_seat=len(humans) > 1, ready=ready)


#: the pass screen's words (a view in another language passes its own ``words``)
PASS_WORDS = {"pass_title": "Pass the device to **{name}**", "pass_ready": "I am {name}",
              "pass_ready_show": "I am {name}: show {show}", "pass_waiting": "Still to choose: "}


@solara.component
def PassScreen(name: str, on_ready: Callable[[], None], note: str = "What comes next is for their eyes only.",
               waiting: Sequence[str] = (), show: str = "", words: Optional[Mapping[str, str]] = None):
    """Hot-seat: nothing secret on screen until ``name`` has the device and says so.

    ``note`` says what stays hidden; ``waiting`` names the players still to
    choose (simultaneous choices); ``show`` ends the button's label ("I am
    Player 3: show my hand"). ``words`` replaces the English texts
    (:data:`PASS_WORDS`). Classes: ``bw-pass-screen``, ``bw-pass-ready``.
    """
    w = {**PASS_WORDS, **(words or {})}
    label = (w["pass_ready_show"].format(name=name, show=show) if show else w["pass_ready"].format(name=name))
    with solara.Card(classes=["bw-pass-screen"], margin=0,
                     style={"background": "#f3efe4", "text-align": "center", "padding": "24px"}) as card:
        solara.Markdown("### " + w["pass_title"].format(name=name))
        if note:
            solara.Text(note, style={"color": "#555"})
        if waiting:
            solara.Text(w["pass_waiting"] + ", ".join(waiting), style={"color": "#5c5c5c", "display": "block"})
        solara.Button(label, on_click=on_ready, color="primary", classes=["bw-pass-ready"],
                      style={"margin-top": "12px"}, attributes={"aria-label": label})
    return card
