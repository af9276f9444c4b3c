"""Ruleset model, YAML loader and the registry of shipped rulesets.

The names below are imported on first use: a command that plays a cached ruleset never needs
the loader, the YAML parser or pydantic (see cache.py and plain.py).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .errors import Finding as Finding
    from .errors import RulesetError as RulesetError
    from .loader import load_file as load_file
    from .loader import load_text as load_text
    from .model import Ruleset as Ruleset
    from .registry import UnknownGame as UnknownGame
    from .registry import find_ruleset as find_ruleset
    from .registry import shipped_rulesets as shipped_rulesets

_WHERE = {"Finding": "errors", "RulesetError": "errors", "load_file": "loader", "load_text": "loader",
          "Ruleset": "model", "UnknownGame": "registry", "find_ruleset": "registry", "shipped_rulesets": "registry"}
__all__ = list(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
