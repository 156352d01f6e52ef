"""Two small helpers for components, written once: a callback that keeps its identity, and an opaque box.

- :func:`use_latest`: a callback that stays the same object across renders and
  always calls the latest function given. A child handed it keeps equal
  arguments, so reacton skips rendering it again when nothing it shows
  changed (a new closure on every render would make every child render).
- :class:`Box`: one opaque value for a component's argument. Reacton walks the
  tuples it is given as arguments, looking for elements, on every render; a
  game's state is often a tuple of tuples (Builders of Baldur's Gate's), so it
  goes in a box: equal when the content is (the same object, or equal).

::

    @solara.component
    def View(session):
        on_click = use_latest(lambda id_: session.play(...))   # one object for the life of the view
        Board(svg=..., on_click=on_click)
        CityPanel(Box(session.state))
"""

from __future__ import annotations

from typing import Any, Callable

import solara

__all__ = ["Box", "use_latest"]


def use_latest(fn: Callable) -> Callable:
    """A callback that stays the same object across renders and calls the latest ``fn`` (see the module)."""
    ref = solara.use_ref(fn)
    ref.current = fn
    return solara.use_memo(lambda: (lambda *args: ref.current(*args)), [])


class Box:
    """One opaque value for a component argument (see the module docstring).

    >>> Box((1, (2, 3))) == Box((1, (2, 3))), Box(1) == Box(2), Box(1) == 1
    (True, False, False)
    """

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    def __eq__(self, other) -> bool:
        return isinstance(other, Box) and (self.value is other.value or self.value == other.value)

    def __hash__(self) -> int:
        try:
            return hash(self.value)
        except TypeError:  # an unhashable value (a list): hashed by identity, so keep such boxes out of sets
            return id(self.value)

    def __repr__(self) -> str:
        return f"Box({type(self.value).__name__})"
