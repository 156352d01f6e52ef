"""The shared core: game protocol, sessions (history, branches, chance, save
files), the error family, score traces and data loading. Pure Python."""

from .errors import GameError, IllegalMove, InvalidInput, InvalidPosition
from .game import Game, Pending
from .session import Node, Session, game_class
from .trace import Trace, TraceStep

__all__ = ["Game", "GameError", "IllegalMove", "InvalidInput", "InvalidPosition", "Node",
           "Pending", "Session", "Trace", "TraceStep", "game_class"]
