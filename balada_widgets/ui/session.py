"""How a :class:`~balada_widgets.core.session.Session` lives in a Solara component.

A ``Session`` is a mutable object (a move tree and a current node); Solara
re-renders only when a *reactive value is reassigned* (mutating in place is
not seen, Solara issue #538). So the session is kept as it is, created once
per component with ``use_memo``, and a small immutable value, the
*version*, is reassigned after every change. The session already tells its
listeners about each ``play``/``undo``/``redo``/``goto``, so the hook
subscribes to it: whoever changes the session, a button of this view,
another view of the same session, or a notebook cell calling
``app.session.play(...)``, every view re-renders.

::

    @solara.component
    def MyGame(session):
        session, refresh = use_session(lambda: session, key=session)
        ...  # read session.state, call session.play(move): the view follows

``refresh()`` forces a re-render after a change the session cannot see.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Optional

import solara

from ..core.session import Session

__all__ = ["use_session", "use_session_version"]


def use_session_version(session: Session) -> tuple[int, Callable[[], None]]:
    """Subscribe the component to ``session``; returns ``(version, refresh)``.

    ``version`` is a counter reassigned on each change of the session.
    """
    version, set_version = solara.use_state(0)

    def refresh():
        set_version(lambda v: v + 1)

    def subscribe():
        return session.on_change(lambda _s: refresh())

    solara.use_effect(subscribe, [session])
    return version, refresh


def use_session(factory: Callable[[], Session], key: Optional[Hashable | Any] = None) -> tuple[Session, Callable[[], None]]:
    """The component's session (made once by ``factory``, again when ``key`` changes) and a ``refresh``.

    The component re-renders after each change of the session (see the module docstring).
    """
    session = solara.use_memo(factory, dependencies=[key])
    _version, refresh = use_session_version(session)
    return session, refresh
