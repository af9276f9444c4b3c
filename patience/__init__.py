"""patience: declarative rules for patience (solitaire) card games.

    >>> from patience import Game
    >>> game = Game.new("freecell", deal=1)
    >>> game.play("3a")

Names are imported lazily so that the command line starts fast.
"""

from __future__ import annotations

__version__ = "0.1.0"

_EXPORTS = {
    "Game": "patience.engine.game",
    "IllegalMove": "patience.engine.moves",
    "PositionError": "patience.engine.position",
    "Ruleset": "patience.ruleset.model",
    "RulesetError": "patience.ruleset.errors",
    "UnknownGame": "patience.ruleset.registry",
    "find_ruleset": "patience.ruleset.registry",
    "load_file": "patience.ruleset.loader",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> object:  # no `typing`: it costs `patience --version` ~8 ms
    if name in _EXPORTS:
        import importlib

        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'patience' has no attribute {name!r}")
