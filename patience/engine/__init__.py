"""The engine: game state, legal moves, play/undo, notation, positions, won and lost."""

from .game import Game
from .moves import DEAL, REDEAL, SWAP, IllegalMove, Move
from .position import PositionError

__all__ = ["DEAL", "REDEAL", "SWAP", "Game", "IllegalMove", "Move", "PositionError"]
