"""One hook for the play controls every game view repeats: act, undo, redo, restart, bots.

A game view seats humans and bots at one :class:`~balada_widgets.core.session.Session`.
Every view needs the same few callbacks: play a human's move (the bots answer at
once; a refusal becomes the rule reminder), take back a human decision and the
bot answers to it, replay it, start again, let the bots move, and clear the
reminder. :func:`use_play` gives them once, as a :class:`Play` value::

    @solara.component
    def MyView(session, bots):
        play = use_play(session, bots, on_move=forget_the_selection)
        Board(svg=draw(session.state), on_click=lambda id_: play.act(move_of(id_)))
        Reminder(play.message, on_close=play.clear_message)
        Controls(on_undo=play.undo, on_redo=play.redo, on_restart=play.restart,
                 can_undo=play.can_undo, can_redo=play.can_redo)
        if play.bots_to_move:
            solara.Button("Let the bots play", on_click=play.let_bots_play)

Each callback changes the session and the message inside one render context,
so the view renders once per action. Whoever changes the session (these
callbacks, another display of the same game, a notebook cell), the view
re-renders: the hook subscribes to the session and reassigns ``version``.

- ``act(move)`` plays a human move (object or text) with
  :func:`~balada_widgets.core.bots.play_human`; the refusal text (``str`` of
  the :class:`~balada_widgets.core.errors.GameError`) becomes ``message`` and is
  returned, ``None`` when the move was played; then ``on_move()`` runs.
- ``undo`` / ``redo`` are human-level (:func:`~balada_widgets.core.bots.undo_human`,
  :func:`~balada_widgets.core.bots.redo_human`): a bot's answer goes and comes
  with the human move it answered. ``can_undo`` counts human decisions, so the
  button is off when only bots have moved.
- ``restart`` goes back to the start (the same chance draws) and replays the
  bots' opening moves; ``goto(node_id)`` jumps to any node of the tree (the lab).
- ``let_bots_play`` runs the bots while only bots are waited for.
- ``rolling`` names the people a pause before chance waits for (the game's
  :meth:`~balada_widgets.core.game.Game.chance_waits_for`: a die whose odds
  the page shows first); ``roll()`` rolls it
  (:func:`~balada_widgets.core.bots.roll_human`) and the bots answer. A roll
  of bots alone never waits. Undo takes the roll back with the human
  decision before it; redo comes back to the pause, and the same die.
- ``say(text)`` sets the message (a view's own hint), ``clear_message()`` clears it.

The pure part, :func:`settle`, is usable without Solara.

:func:`use_cursor` keeps a keyboard cursor over a board's highlighted targets
(the moves in :mod:`balada_widgets.kit.cursor`): arrows move it, Enter or Space
act on its target as a click would::

    cursor, cursor_key = use_cursor({id_: centre(id_) for id_ in targets}, on_act=click, reset=play.version)
    Board(svg=draw(..., cursor=cursor), on_click=click, on_key=lambda k: cursor_key(k) or other_keys(k))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Mapping, Optional

import solara

from ..core.bots import (
    human_decisions, only_bots_wait, people_in_roll, play_human, redo_human, roll_human, run_bots, undo_human,
)
from ..kit.cursor import cursor_key
from .session import use_session_version

__all__ = ["Play", "settle", "use_cursor", "use_play"]


def settle(session, bots: Mapping = {}) -> None:  # noqa: B006
    """After a jump (to the start, to a chance node), move on to where a human decides.

    Replays chance draws and the bots' moves already in the tree (the same line
    as before), without drawing or choosing anything new.

    >>> from balada_widgets.core.demo import RaceGame
    >>> from balada_widgets.core.session import Session
    >>> s = Session(RaceGame(target=5), seed=0)
    >>> s.play("p1 +1"); s.play("p2 +2"); s.restart()
    >>> settle(s, bots={0: object()}); s.history   # the bot's opening move comes back
    ['p1 +1']
    """
    game = session.game
    while (game.is_chance(session.state) and not game.is_over(session.state) and session.can_redo()
           and not session.holds()):  # a pause before a person's roll stays (the roll is theirs)
        session.redo()
    while only_bots_wait(session, bots) and session.can_redo():
        session.redo()


@dataclass(frozen=True)
class Play:
    """The play controls of one view (see the module docstring); a new value each render."""

    #: the rule reminder (or a view's own hint) shown now, ``None`` when there is none
    message: Optional[str]
    #: reassigned on every change of the session (use it as a board's ``version``)
    version: int
    #: a human decision can be taken back
    can_undo: bool
    #: a move can be replayed
    can_redo: bool
    #: the game waits for bots alone (show "Let the bots play")
    bots_to_move: bool
    #: some human must decide now
    human_to_move: bool
    act: Callable[[Any], Optional[str]]
    undo: Callable[[], None]
    redo: Callable[[], None]
    restart: Callable[[], None]
    goto: Callable[[int], None]
    let_bots_play: Callable[[], None]
    say: Callable[[Optional[str]], None]
    clear_message: Callable[[], None]
    #: the people a pause before chance waits for (a die they roll: ``roll()``); empty: no pause now
    rolling: tuple = ()
    roll: Callable[[], Optional[str]] = lambda: None


def _human_to_move(session, bots) -> bool:
    game = session.game
    return not game.is_over(session.state) and any(p not in bots for p in game.to_move(session.state))


def use_play(session, bots: Mapping = {}, on_move: Optional[Callable[[], None]] = None) -> Play:  # noqa: B006
    """The play controls of ``session`` with ``bots`` (``{seat: bot}``) seated.

    ``on_move()`` runs after each human move that was played (in the same
    render), e.g. to forget a selection or close an advice panel.
    """
    import reacton.core

    version, _refresh = use_session_version(session)
    message, set_message = solara.use_state(None)
    after_move = solara.use_ref(on_move)
    after_move.current = on_move
    rc = reacton.core.get_render_context()  # several state changes, one render

    def handlers():
        # made once per session: children given these callbacks do not re-render for nothing
        def act(move) -> Optional[str]:
            with rc:
                error = play_human(session, bots, move)
                set_message(error)
                if error is None and after_move.current is not None:
                    after_move.current()
            return error

        def roll() -> Optional[str]:
            with rc:
                error = roll_human(session, bots)
                set_message(error)
                if error is None and after_move.current is not None:
                    after_move.current()
            return error

        def undo():
            with rc:
                undo_human(session, bots)
                set_message(None)

        def redo():
            with rc:
                redo_human(session, bots)
                set_message(None)

        def restart():
            with rc:
                session.restart()
                settle(session, bots)
                if bots:
                    run_bots(session, bots)
                set_message(None)

        def goto(node: int):
            with rc:
                session.goto(node)
                settle(session)
                set_message(None)

        def let_bots_play():
            with rc:
                run_bots(session, bots)

        return act, roll, undo, redo, restart, goto, let_bots_play, set_message, lambda: set_message(None)

    act, roll, undo, redo, restart, goto, let_bots_play, say, clear = solara.use_memo(handlers, [session, id(bots)])
    # a class table's session (ui: classroom.live.TableSession) takes nothing back: can_undo() is False there
    return Play(message=message, version=version, can_undo=human_decisions(session, bots) > 0 and session.can_undo(),
                can_redo=session.can_redo(), bots_to_move=only_bots_wait(session, bots),
                human_to_move=_human_to_move(session, bots), act=act,
                rolling=people_in_roll(session.game, session.state, bots), roll=roll, undo=undo, redo=redo,
                restart=restart,
                goto=goto, let_bots_play=let_bots_play, say=say, clear_message=clear)


def use_cursor(targets: Mapping[Hashable, tuple], on_act: Callable[[Hashable], None],
               reset: Any = None) -> tuple[Optional[Hashable], Callable[[str], bool]]:
    """A keyboard cursor over ``targets`` (``{id: (x, y)}``): ``(cursor, on_key)``.

    ``cursor`` is the target under the cursor (``None``: none yet, or it is no
    longer a target); ``on_key(key)`` moves it or calls ``on_act(id)`` for
    Enter / Space and returns ``True``, or returns ``False`` for a key that is
    not the cursor's. A new ``reset`` value (the position's version) forgets
    the cursor.
    """
    held, set_held = solara.use_state((None, None))  # (reset, id)
    cursor = held[1] if held[0] == reset and held[1] in targets else None

    def on_key(key: str) -> bool:
        step = cursor_key(targets, cursor, key)
        if step is None:
            return False
        set_held((reset, step.cursor))
        if step.act is not None:
            on_act(step.act)
        return True

    return cursor, on_key
