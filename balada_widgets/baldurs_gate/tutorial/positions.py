"""The positions the tutorial is played on: ``lessons/material.yaml`` made into real, valid engine states by
:func:`..positions.position` (the room's: a position in a few lines, made whole and checked by the engine).

>>> game, state = position_of("city", "en")
>>> game.players, state.hidden, game.validate(state)
(3, 6, [])
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace

from ...core.files import read_data_text
from ..positions import late_position, position
from ..rules import BaldursGateGame

#: the lesson's files: ``en.yaml``, ``cs.yaml`` (the words) and ``material.yaml`` (the positions)
LESSONS = Path(__file__).resolve().parents[1] / "lessons"

@lru_cache(maxsize=None)
def material() -> dict:
    """The material file: ``{"positions": {name: spec}, "steps": {step: {what it plays}}}``."""
    import yaml

    return yaml.safe_load(read_data_text(LESSONS / "material.yaml", what="lesson material"))


def step_material(step_id: str) -> SimpleNamespace:
    """What step ``step_id`` plays on its position (``token``, ``card``, ``location``...), as attributes."""
    return SimpleNamespace(**material()["steps"].get(step_id, {}))


@lru_cache(maxsize=None)
def game(players: int, language: str, advanced: bool = False) -> BaldursGateGame:
    return BaldursGateGame(players=players, language=language, advanced=advanced)


@lru_cache(maxsize=None)
def position_of(name: str, language: str) -> tuple:
    """``(game, state)`` of the material's position ``name`` in ``language`` (the engine's words follow it)."""
    spec = dict(material()["positions"][name])
    g = game(spec.pop("players"), language)
    late = spec.pop("late", False)
    return g, (late_position if late else position)(g, **spec)
