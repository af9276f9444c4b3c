"""The engine: game state, legal moves, play/undo, notation, positions, won and lost."""

from .game import Game
from .moves import DEAL, REDEAL, IllegalMove, Move
from .position import PositionError

__all__ = ["DEAL", "REDEAL", "Game", "IllegalMove", "Move", "PositionError"]
