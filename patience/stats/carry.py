"""Running totals for games whose score carries from game to game (`scoring.carry`: Vegas).

The total is not stored: it is the sum of the recorded scores of a ruleset's games that ended
after the player last started it again (`patience stats GAME --reset-total`). Only those reset
times are kept, in a small JSON file beside the statistics; a damaged or missing file means no
reset, so the total then runs from the first game.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from ..files import read_user_file, write_atomic
from .record import GameRecord

MARKS_NAME = "running-totals.json"
MAX_MARKS_BYTES = 1_000_000  # one short line a ruleset


def _when(stamp: str) -> datetime | None:
    try:
        return datetime.fromisoformat(stamp)
    except ValueError:
        return None


def read_marks(folder: Path) -> dict[str, str]:
    """Per ruleset id, when its running total was last started again (ISO 8601)."""
    try:
        data = json.loads(read_user_file(folder / MARKS_NAME, MAX_MARKS_BYTES).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str) and _when(v) is not None}


def start_again(folder: Path, ruleset: str, now: str) -> None:
    """Start ``ruleset``'s running total again from ``now``; written whole, then renamed into
    place, so a crash leaves the old marks or the new ones, never half a file."""
    marks = read_marks(folder)
    marks[ruleset] = now
    write_atomic(folder / MARKS_NAME, json.dumps(marks, indent=1, sort_keys=True), private=True)


def running_total(games: list[GameRecord], since: str | None) -> int:
    """The scores of ``games`` that ended after ``since`` (all of them when None), added up.
    A game whose end time cannot be read or compared counts, rather than vanish from the total."""
    start = _when(since) if since else None
    total = 0
    for game in games:
        if game.score is None:
            continue
        ended = _when(game.ended_at)
        try:
            if start is not None and ended is not None and ended <= start:
                continue
        except TypeError:  # one time with a zone, one without
            pass
        total += game.score
    return total
