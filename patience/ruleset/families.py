"""The families of the catalogue (the ruleset key ``family``, docs/design.md §8).

The list lives in ``families.yaml`` beside this module, as data: a family is named after a game
(the Klondike family), and no game is named in Python. The file gives each family's names by
language and a line on what its games share.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

FAMILIES_FILE = Path(__file__).with_name("families.yaml")


@cache
def family_entries() -> dict[str, dict[str, str]]:
    """Every family by id, in the catalogue's order, each with its names (``en``, ``pl``) and ``about``."""
    import yaml  # only here: a ruleset read from the cache needs no YAML parser

    # libyaml's safe loader when PyYAML has it: 0.4 ms instead of 7
    safe = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data = yaml.load(FAMILIES_FILE.read_text(encoding="utf-8"), Loader=safe)  # noqa: S506 - a safe loader
    return {str(fid): {str(k): str(v) for k, v in (entry or {}).items()} for fid, entry in data.items()}


def family_ids() -> tuple[str, ...]:
    return tuple(family_entries())
