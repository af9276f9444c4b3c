"""Export and import of the recorded games as CSV or JSON (chosen by the file's extension)."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict
from pathlib import Path

from ..i18n import _
from .store import COLUMNS, GameRecord, record_from_dict


class TransferError(Exception):
    """A file could not be exported or imported; the message names the file and the line."""


def _format(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".json"):
        raise TransferError(_("{path}: use a .csv or .json file").format(path=path))
    return suffix[1:]


def export_games(games: list[GameRecord], path: Path) -> None:
    if _format(path) == "json":
        text = json.dumps([asdict(g) for g in games], ensure_ascii=False, indent=1) + "\n"
    else:
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        for game in games:
            writer.writerow({k: ("" if v is None else v) for k, v in asdict(game).items()})
        text = out.getvalue()
    path.write_text(text, encoding="utf-8")


def read_games(path: Path) -> list[GameRecord]:
    """Every game of an exported file; TransferError at the first bad one, with its place."""
    kind = _format(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise TransferError(_("{path}: cannot read it ({error})").format(path=path, error=err)) from None
    games = []
    if kind == "json":
        try:
            data = json.loads(text)
        except ValueError as err:
            raise TransferError(_("{path}: not JSON ({error})").format(path=path, error=err)) from None
        if not isinstance(data, list):
            raise TransferError(_("{path}: expected a list of games").format(path=path))
        for i, item in enumerate(data, 1):
            try:
                games.append(record_from_dict(item))
            except ValueError as err:
                raise TransferError(_("{path}: game {i}: {error}").format(path=path, i=i, error=err)) from None
        return games
    reader = csv.DictReader(io.StringIO(text))
    for row in reader:
        try:
            if None in row:
                raise ValueError(_("more values than columns"))
            games.append(record_from_dict(dict(row)))
        except ValueError as err:
            raise TransferError(f"{path}:{reader.line_num}: {err}") from None
    return games
