"""One recorded game, and the checks a game read from outside must pass before it is stored.

Imports and the pending file are data from anywhere: a value out of range, a wrong type, a huge
field or a deeply nested document is refused with a one-line reason (ValueError), never a
traceback and never stored. Rows read back from the database get a lighter check (types only), so
one damaged row is left out instead of breaking every figure drawn from the others.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, fields
from typing import Any

from ..deals import MAX_DEAL
from ..i18n import _

RESULTS = ("won", "lost", "abandoned")

# The stated limits of an imported game (docs/stats.md lists them).
MAX_TEXT = 500  # characters of uid, ruleset, player, win_class, started_at, ended_at
MAX_COUNT = 10**9  # moves and undos
MAX_SCORE = 10**12  # either sign: Vegas scores go below zero
MAX_SECONDS = 10**9  # about 31 years of play
MAX_NUMBER_TEXT = 40  # characters of a number written as text (CSV), checked before it is parsed
MAX_LINE = 64 * 1024  # bytes of one game as a JSON line (the pending file)
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class GameRecord:
    """One finished or abandoned game."""

    uid: str
    ruleset: str
    deal: int | None
    result: str  # won, lost or abandoned
    moves: int
    undos: int
    seconds: float
    started_at: str  # ISO 8601 with time zone
    ended_at: str
    player: str
    daily: str | None = None  # the date of the daily deal, when it was one
    win_class: str | None = None
    score: int | None = None
    # Played by a script (commands from a pipe or file without `--record`): kept apart from a
    # person's games, it sets no best and extends no streak (docs/stats.md).
    scripted: bool = False

    def check(self) -> None:
        """Raise ValueError when a field cannot be right (used for imports)."""
        if self.result not in RESULTS:
            raise ValueError(_("result must be one of {results}, not {result!r}").format(
                results=", ".join(RESULTS), result=shown(self.result)))
        if not self.uid or not self.ruleset:
            raise ValueError(_("uid and ruleset must not be empty"))
        if self.moves < 0 or self.undos < 0 or self.seconds < 0:
            raise ValueError(_("moves, undos and seconds cannot be negative"))


COLUMNS = tuple(f.name for f in fields(GameRecord))
REQUIRED = ("uid", "ruleset", "result", "moves", "seconds", "started_at", "ended_at")
TEXT_COLUMNS = ("uid", "ruleset", "result", "started_at", "ended_at", "player", "daily", "win_class")


def shown(value: object) -> str:
    """A value for an error message: short, and never the whole of a hostile document."""
    if isinstance(value, str):
        return value if len(value) <= MAX_NUMBER_TEXT else value[:MAX_NUMBER_TEXT] + "…"
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int) and value.bit_length() > 128:
        return _("a number of about {n} digits").format(n=int(value.bit_length() * 0.30103) + 1)
    if isinstance(value, (int, float)):
        return repr(value)
    return _("a value of type {kind}").format(kind=type(value).__name__)


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and value == "")


def _text(data: dict[str, Any], name: str, *, optional: bool = False) -> str | None:
    value = data.get(name)
    if _blank(value):
        if optional:
            return None
        value = ""
    if not isinstance(value, str):
        raise ValueError(_("{name} must be text, not {value}").format(name=name, value=shown(value)))
    if len(value) > MAX_TEXT:
        raise ValueError(_("{name} is longer than {most} characters").format(name=name, most=MAX_TEXT))
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(_("{name} is not valid text (a lone surrogate)").format(name=name)) from None
    return value


def _whole(data: dict[str, Any], name: str, low: int, high: int, default: int | None = None) -> int | None:
    value = data.get(name)
    if _blank(value):
        return default
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and len(value) <= MAX_NUMBER_TEXT and re.fullmatch(r"\s*[+-]?\d+\s*", value):
        number = int(value)
    if number is None or not low <= number <= high:
        raise ValueError(_("{name} must be a whole number from {low} to {high}, not {value}").format(
            name=name, low=low, high=high, value=shown(value)))
    return number


def _flag(data: dict[str, Any], name: str) -> bool:
    """A yes or no: true or false (JSON), 1 or 0, or blank for no (CSV)."""
    value = data.get(name)
    if _blank(value):
        return False
    if isinstance(value, bool):
        return value
    if value in (0, 1, "0", "1", "true", "false", "True", "False"):
        return value in (1, "1", "true", "True")
    raise ValueError(_("{name} must be true or false, not {value}").format(name=name, value=shown(value)))


def _seconds(data: dict[str, Any]) -> float:
    value = data.get("seconds")
    number: float | None = None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = float(value) if not isinstance(value, int) or abs(value) <= MAX_SECONDS else math.inf
    elif isinstance(value, str) and len(value) <= MAX_NUMBER_TEXT:
        try:
            number = float(value)
        except ValueError:
            number = None
    if number is None or not math.isfinite(number) or not 0 <= number <= MAX_SECONDS:
        raise ValueError(_("seconds must be a number from 0 to {high}, not {value}").format(
            high=MAX_SECONDS, value=shown(value)))
    return number


def record_from_dict(data: dict) -> GameRecord:
    """A record from exported data (JSON object or CSV row); ValueError when it is not one."""
    if not isinstance(data, dict):
        raise ValueError(_("a game must be an object with named fields"))
    unknown = [str(key) for key in data if key not in COLUMNS]
    if unknown:
        names = ", ".join(shown(name) for name in sorted(unknown)[:5]) + (", …" if len(unknown) > 5 else "")
        raise ValueError(_("unknown field(s) {fields}").format(fields=names))
    missing = [c for c in REQUIRED if _blank(data.get(c))]
    if missing:
        raise ValueError(_("missing {fields}").format(fields=", ".join(missing)))
    daily = _text(data, "daily", optional=True)
    if daily is not None and not DATE.fullmatch(daily):
        raise ValueError(_("daily must be a date like 2026-11-30, not {value}").format(value=shown(daily)))
    game = GameRecord(
        uid=_text(data, "uid") or "",
        ruleset=_text(data, "ruleset") or "",
        deal=_whole(data, "deal", 0, MAX_DEAL),
        result=_text(data, "result") or "",
        moves=_whole(data, "moves", 0, MAX_COUNT) or 0,
        undos=_whole(data, "undos", 0, MAX_COUNT, 0) or 0,
        seconds=_seconds(data),
        started_at=_text(data, "started_at") or "",
        ended_at=_text(data, "ended_at") or "",
        player=_text(data, "player") or "",
        daily=daily,
        win_class=_text(data, "win_class", optional=True),
        score=_whole(data, "score", -MAX_SCORE, MAX_SCORE),
        scripted=_flag(data, "scripted"),
    )
    game.check()
    return game


def record_from_json(line: bytes | str) -> GameRecord:
    """A record from one line of JSON (the pending file); ValueError for anything else, however
    broken: bad UTF-8, a line over MAX_LINE bytes, nesting too deep for the parser, NaN."""
    if len(line) > MAX_LINE:
        raise ValueError(_("a line longer than {most} bytes").format(most=MAX_LINE))
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
        data = json.loads(text, parse_constant=no_constant)
    except UnicodeDecodeError:
        raise ValueError(_("not UTF-8 text")) from None
    except RecursionError:
        raise ValueError(_("nested too deeply")) from None
    except ValueError as err:
        raise ValueError(_("not JSON ({error})").format(error=err)) from None
    return record_from_dict(data)


def no_constant(name: str) -> float:
    """JSON has no NaN or Infinity; Python's parser takes them unless told otherwise."""
    raise ValueError(_("{name} is not a JSON number").format(name=name))


def record_from_row(row: tuple[Any, ...]) -> GameRecord | None:
    """A record from a database row, or None when the row cannot be one (text where a number
    belongs, an infinite time...): the row is left out rather than breaking every figure."""
    values = dict(zip(COLUMNS, row, strict=True))
    for name in TEXT_COLUMNS:
        if not isinstance(values[name], str) and not (values[name] is None and name in ("daily", "win_class")):
            return None
    for name in ("deal", "moves", "undos", "score"):
        value = values[name]
        if not (isinstance(value, int) or (value is None and name in ("deal", "score"))):
            return None
    seconds = values["seconds"]
    if not isinstance(seconds, (int, float)) or not math.isfinite(seconds):
        return None
    if values["result"] not in RESULTS or values["scripted"] not in (0, 1):
        return None
    values["seconds"] = float(seconds)
    values["scripted"] = bool(values["scripted"])
    return GameRecord(**values)
