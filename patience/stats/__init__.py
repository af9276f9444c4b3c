"""Statistics: every finished or abandoned game in an SQLite file, and the figures drawn from it.

This module itself stays light (no sqlite3), so the play session can use its helpers at start-up.
"""

from __future__ import annotations

import itertools
import os
import time
from pathlib import Path


def now_iso() -> str:
    """The local time with its zone, as saves and statistics write it."""
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")


def reserve_aside(path: Path) -> Path:
    """A name for moving a damaged file aside: ``<name>.damaged-<time>`` beside it, with ``-2``,
    ``-3``... added when that is taken, so an earlier aside file is never overwritten. The name is
    claimed by creating an empty file with O_EXCL, so two processes setting files aside in the same
    second still get different names. The caller moves the damaged file over it (``os.replace``)
    or removes it."""
    for candidate in _aside_names(path):
        try:
            os.close(os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            continue
        return candidate
    raise AssertionError("unreachable: the names never run out")


def _aside_names(path: Path) -> itertools.chain[Path]:
    first = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    return itertools.chain([first], (first.with_name(f"{first.name}-{n}") for n in itertools.count(2)))
