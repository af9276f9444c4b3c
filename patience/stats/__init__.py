"""Statistics: every finished or abandoned game in an SQLite file, and the figures drawn from it.

This module itself stays light (no sqlite3), so the play session can use its helpers at start-up.
"""

from __future__ import annotations

import time
from pathlib import Path


def now_iso() -> str:
    """The local time with its zone, as saves and statistics write it."""
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")


def damaged_name(path: Path) -> Path:
    """Where a damaged file is moved aside: ``<name>.damaged-<time>`` beside it."""
    return path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
