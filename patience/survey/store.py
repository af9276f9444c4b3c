"""The results file of a survey: one SQLite file, one row per deal solved.

Why SQLite (and not Parquet): a survey adds rows a chunk at a time for hours, and must lose at
most what was in flight when it stops. SQLite commits each chunk in one transaction (WAL journal,
so a crash leaves the file as of the last commit), refuses a second row for the same deal by a
UNIQUE key (``ON CONFLICT DO NOTHING``: a resumed or doubled run never counts a deal twice), answers
"which deals are missing" with one query, and comes with Python. A Parquet file is written once,
whole; `patience survey export --parquet` makes one from this file for other tools.

A row's key is (ruleset id, rules digest, solver version, deal, timeout, max_states): a survey of
other rules, another solver or another budget is another set of rows, in the same file or not.
"""

from __future__ import annotations

import math
import os
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Self

from ..files import replacing
from ..i18n import _

SURVEY_SUFFIX = ".survey.sqlite3"
APPLICATION_ID = 0x50534E59  # "PSNY": marks a survey file, so another SQLite file is refused
SCHEMA_VERSION = 1
BUSY_TIMEOUT_MS = 10_000
NO_LIMIT = 0  # max_states stored for "no limit": NULLs would never clash in a UNIQUE key

KEY = ("ruleset", "rules", "solver", "deal", "timeout", "max_states")  # one row per deal under a key
# The columns of a row, in order; `moves` is the winning line, space-separated (solved deals only).
COLUMNS = ("ruleset", "rules", "solver", "deal", "timeout", "max_states", "status", "reason", "states",
           "seconds", "length", "moves", "engine", "engine_reason", "machine", "finished")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS deals (
    ruleset TEXT NOT NULL,          -- the ruleset's id
    rules TEXT NOT NULL,            -- digest of what decides play (cli.catalogue.rules_digest)
    solver TEXT NOT NULL,           -- solver.daily.SOLVER_VERSION
    deal INTEGER NOT NULL,
    timeout REAL NOT NULL,          -- seconds per deal
    max_states INTEGER NOT NULL,    -- positions per deal, 0 for no limit
    status TEXT NOT NULL CHECK (status IN ('solved', 'unsolvable', 'unknown')),
    reason TEXT NOT NULL,           -- win found, search exhausted, timeout, max states
    states INTEGER NOT NULL,        -- positions expanded
    seconds REAL NOT NULL,
    length INTEGER,                 -- moves in the win; NULL unless solved
    moves TEXT,                     -- the win, notation separated by spaces; NULL unless solved
    engine TEXT,                    -- which solver core answered, when the solver says
    engine_reason TEXT,
    machine TEXT,                   -- where it was solved: system, processor, cores, Python
    finished TEXT NOT NULL,         -- UTC time the row was written
    UNIQUE ({key})
)
"""


class SurveyError(Exception):
    """A results file that cannot be used; the message says why, in one line."""


@dataclass(frozen=True)
class SurveyKey:
    """What a set of rows was measured on: every row of a survey shares it."""

    ruleset: str
    rules: str
    solver: str
    timeout: float
    max_states: int  # NO_LIMIT for none

    def where(self) -> tuple[str, tuple]:
        return ("ruleset = ? AND rules = ? AND solver = ? AND timeout = ? AND max_states = ?",
                (self.ruleset, self.rules, self.solver, self.timeout, self.max_states))


def _make_schema(db: sqlite3.Connection) -> None:
    db.execute("PRAGMA journal_mode = WAL")  # readers never block the writer; a crash keeps the last commit
    with db:
        db.execute(_SCHEMA.format(key=", ".join(KEY)))
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _create(path: Path) -> None:
    """Make a new survey file whole under a temporary name, then put it in place only if no
    other survey made it meanwhile (files.replacing, replace=False): two surveys starting on the
    same new file both find a complete one, never one half made or locked while it is made."""
    try:
        with replacing(path, replace=False) as temporary:
            db = sqlite3.connect(temporary)
            try:
                _make_schema(db)
            finally:
                db.close()
    except FileExistsError:
        pass  # the other survey won; its file is complete


class SurveyFile:
    """An open results file. ``readonly`` opens an existing file without changing it (reports)."""

    def __init__(self, path: Path, *, readonly: bool = False) -> None:
        self.path = path
        self.skipped = 0  # rows passed over by `rows` because they are not survey results
        try:
            if readonly:
                if not path.is_file():
                    raise SurveyError(_("no survey file at {path}").format(path=path))
                self.db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
            else:
                if not os.path.lexists(path):
                    _create(path)
                elif not path.is_file():
                    raise SurveyError(_("{path} is not a file").format(path=path))
                self.db = sqlite3.connect(path)
            self.db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self._check_or_create(readonly)
        except sqlite3.Error as err:
            raise SurveyError(_("{path} cannot be used as a survey file: {error}").format(path=path, error=err)) from None
        except OSError as err:
            reason = f"{err.strerror}: {err.filename}" if err.strerror and err.filename else str(err)
            raise SurveyError(_("{path} cannot be opened: {error}").format(path=path, error=reason)) from None

    def _check_or_create(self, readonly: bool) -> None:
        app = self.db.execute("PRAGMA application_id").fetchone()[0]
        tables = self.db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if app != APPLICATION_ID and (tables or readonly):
            raise SurveyError(_("{path} is not a survey file of patience").format(path=self.path))
        if readonly or app == APPLICATION_ID:
            return  # made whole by _create (or an earlier run): nothing to write, no lock to wait for
        _make_schema(self.db)  # an empty file the user made

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def done_deals(self, key: SurveyKey, deals: range) -> set[int]:
        """The deals of ``deals`` that already have a row under ``key``."""
        clause, args = key.where()
        rows = self.db.execute(f"SELECT deal FROM deals WHERE {clause} AND deal BETWEEN ? AND ?",
                               (*args, deals.start, deals.stop - 1))
        return {deal for (deal,) in rows}

    def counts(self, key: SurveyKey, deals: range) -> dict[str, int]:
        """How many deals of ``deals`` have each answer under ``key``."""
        clause, args = key.where()
        rows = self.db.execute(f"SELECT status, count(*) FROM deals WHERE {clause} AND deal BETWEEN ? AND ? "
                               "GROUP BY status", (*args, deals.start, deals.stop - 1))
        return dict(rows.fetchall())

    def add(self, rows: Iterable[dict]) -> list[dict]:
        """Write ``rows`` in one transaction; a deal that has a row already is left as it was.
        The rows that were new (another survey writing the same file may have stored the rest)."""
        placeholders = ", ".join("?" for _column in COLUMNS)
        # Only a clash on the key is passed over (INSERT OR IGNORE would drop a row that breaks a
        # CHECK or NOT NULL too, silently): a bad row fails the whole chunk.
        insert = (f"INSERT INTO deals ({', '.join(COLUMNS)}) VALUES ({placeholders}) "
                  f"ON CONFLICT ({', '.join(KEY)}) DO NOTHING")
        try:
            with self.db:  # one transaction: a chunk is written whole or not at all
                self.db.execute("BEGIN IMMEDIATE")
                return [row for row in rows
                        if self.db.execute(insert, [row.get(column) for column in COLUMNS]).rowcount == 1]
        except sqlite3.Error as err:
            raise SurveyError(_("{path} cannot be written: {error}").format(path=self.path, error=err)) from None

    def rows(self) -> Iterator[dict]:
        """Every row, as a dict of the columns, in key and deal order. A row whose values are not
        of their column's kind (a BLOB, a string for a number, an infinite time: a file edited by
        hand or by another program) is passed over and counted in ``skipped``."""
        try:
            cursor = self.db.execute(f"SELECT {', '.join(COLUMNS)} FROM deals "
                                     "ORDER BY ruleset, rules, solver, timeout, max_states, deal")
            for values in cursor:
                row = dict(zip(COLUMNS, values, strict=True))
                if sound_row(row):
                    yield row
                else:
                    self.skipped += 1
        except sqlite3.Error as err:
            raise SurveyError(_("{path} cannot be read: {error}").format(path=self.path, error=err)) from None


_TEXT = ("ruleset", "rules", "solver", "status", "reason", "finished")
_OPTIONAL_TEXT = ("moves", "engine", "engine_reason", "machine")
_WHOLE = ("deal", "max_states", "states")


def sound_row(row: dict) -> bool:
    """Whether every value of a row is of its column's kind and in range (finite, not negative)."""
    def number(value: object) -> bool:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0

    return (all(isinstance(row[c], str) for c in _TEXT)
            and all(row[c] is None or isinstance(row[c], str) for c in _OPTIONAL_TEXT)
            and all(isinstance(row[c], int) and row[c] >= 0 for c in _WHOLE)
            and number(row["timeout"]) and number(row["seconds"])
            and (row["length"] is None or (isinstance(row["length"], int) and row["length"] >= 0))
            and row["status"] in ("solved", "unsolvable", "unknown"))
