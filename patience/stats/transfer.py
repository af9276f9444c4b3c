"""Export and import of the recorded games as CSV or JSON (chosen by the file's extension).

Both directions treat the games as data from strangers:

- CSV export neutralises text cells a spreadsheet would run as a formula (starting with ``=``,
  ``+``, ``-``, ``@``, tab or CR) by putting ``'`` in front; a text cell that starts with ``'``
  gets one more, so import takes exactly one off and every text comes back as it was.
- JSON export writes only finite numbers (no ``Infinity`` or ``NaN``, which are not JSON).
- Import checks every game (``record.record_from_dict``: types, ranges, sizes) and refuses the
  whole file with one line per bad game; a file over MAX_FILE bytes is refused unread.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict
from pathlib import Path

from ..files import FileRefused, read_user_file, write_atomic
from ..i18n import _
from .record import COLUMNS, TEXT_COLUMNS, GameRecord, no_constant, record_from_dict

MAX_FILE = 64 * 1024 * 1024  # bytes: far more games than anyone plays, far less than a machine's memory
MAX_REPORTED = 20  # bad games listed one per line; the rest are counted
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class TransferError(Exception):
    """A file could not be exported or imported; the message names the file and the line."""


def _format(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".json"):
        raise TransferError(_("{path}: use a .csv or .json file").format(path=path))
    return suffix[1:]


def neutralised(text: str) -> str:
    """A CSV text cell a spreadsheet shows as text, never runs as a formula."""
    return "'" + text if text.startswith(FORMULA_STARTS + ("'",)) else text


def restored(text: str) -> str:
    """The text ``neutralised`` was given (a cell from elsewhere, with no added quote, is kept)."""
    return text[1:] if text.startswith("'") and text[1:].startswith(FORMULA_STARTS + ("'",)) else text


def export_games(games: list[GameRecord], path: Path, *, replace: bool = True) -> None:
    """Write ``games`` to ``path`` (CSV or JSON by its suffix) atomically: FileExistsError when it
    exists and ``replace`` is False; a link or a device in its place is refused (files.write_atomic)."""
    if _format(path) == "json":
        try:
            text = json.dumps([asdict(g) for g in games], ensure_ascii=False, indent=1, allow_nan=False) + "\n"
        except ValueError as err:  # a number JSON cannot hold: the records' checks should have caught it
            raise TransferError(_("{path}: not written ({error})").format(path=path, error=err)) from None
    else:
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\r\n")  # RFC 4180; and a CR in a cell gets quoted
        writer.writeheader()
        for game in games:
            writer.writerow({k: _cell(k, v) for k, v in asdict(game).items()})
        text = out.getvalue()
    write_atomic(path, text.encode("utf-8"), replace=replace)  # the same bytes on every system: no CRLF translation


def _cell(column: str, value: object) -> object:
    if value is None:
        return ""
    return neutralised(value) if column in TEXT_COLUMNS and isinstance(value, str) else value


def read_games(path: Path) -> list[GameRecord]:
    """Every game of an exported file; TransferError, with one line per bad game, when any is bad."""
    kind = _format(path)
    try:
        try:
            raw = read_user_file(path, MAX_FILE)  # regular files only: a FIFO or /dev/zero is refused at once
        except FileRefused:
            if not path.is_file():
                raise
            raise TransferError(_("{path}: larger than {most} MB; split it into smaller files").format(
                path=path, most=MAX_FILE // (1024 * 1024))) from None
        text = raw.decode("utf-8-sig")  # no newline translation: a CR inside a cell is data
    except (OSError, UnicodeDecodeError) as err:
        raise TransferError(_("{path}: cannot read it ({error})").format(path=path, error=err)) from None
    games, faults = _from_json(path, text) if kind == "json" else _from_csv(path, text)
    if faults:
        shown = faults[:MAX_REPORTED]
        if len(faults) > MAX_REPORTED:
            shown.append(_("... and {n} more").format(n=len(faults) - MAX_REPORTED))
        raise TransferError("\n".join([_("{path}: nothing was imported:").format(path=path)] + shown))
    return games


def _from_json(path: Path, text: str) -> tuple[list[GameRecord], list[str]]:
    try:
        data = json.loads(text, parse_constant=no_constant)
    except RecursionError:
        raise TransferError(_("{path}: not JSON ({error})").format(path=path, error=_("nested too deeply"))) from None
    except ValueError as err:
        raise TransferError(_("{path}: not JSON ({error})").format(path=path, error=err)) from None
    if not isinstance(data, list):
        raise TransferError(_("{path}: expected a list of games").format(path=path))
    games, faults = [], []
    for i, item in enumerate(data, 1):
        try:
            games.append(record_from_dict(item))
        except ValueError as err:
            faults.append(_("{path}: game {i}: {error}").format(path=path, i=i, error=err))
    return games, faults


def _from_csv(path: Path, text: str) -> tuple[list[GameRecord], list[str]]:
    games, faults = [], []
    reader = csv.DictReader(io.StringIO(text, newline=""))
    try:
        for row in reader:
            try:
                if None in row:
                    raise ValueError(_("more values than columns"))
                games.append(record_from_dict({k: restored(v) if k in TEXT_COLUMNS and isinstance(v, str) else v
                                               for k, v in row.items()}))
            except ValueError as err:
                faults.append(f"{path}:{reader.line_num}: {err}")
    except csv.Error as err:  # a field over the csv module's limit, a broken quote...
        faults.append(f"{path}:{reader.line_num}: {err}")
    return games, faults
