"""The engine: game state, legal moves, play/undo, notation, positions, won and lost.

Names are imported when first asked for, so that loading one layer (`patience.engine.board`, for
a search) does not load the layers above it (docs/engine.md, "How the engine is stacked").
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game
    from .moves import DEAL, REDEAL, SWAP, IllegalMove, Move
    from .position import PositionError

_EXPORTS = {
    "DEAL": "moves",
    "REDEAL": "moves",
    "SWAP": "moves",
    "IllegalMove": "moves",
    "Move": "moves",
    "Game": "game",
    "PositionError": "position",
}

__all__ = ["DEAL", "REDEAL", "SWAP", "Game", "IllegalMove", "Move", "PositionError"]


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
