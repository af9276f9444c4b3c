"""The statistics database: one SQLite file in the user data folder, safe against crashes and
against two patience processes finishing games at the same time.

- WAL journal and one short ``BEGIN IMMEDIATE`` transaction per game, with a busy timeout, so
  concurrent writers wait for each other instead of failing.
- ``PRAGMA user_version`` is the schema version; ``MIGRATIONS`` brings any older file up to date
  inside one transaction.
- A file that is not a database (or fails its integrity check) is moved aside with a message and
  a new one is started. A record that cannot be written because the database stays locked goes
  to a pending file next to it and is merged the next time the database opens: never silent loss.
- Every game has a unique id (``uid``), so importing a file twice adds nothing the second time.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from ..i18n import _
from . import damaged_name

FILE_NAME = "stats.sqlite3"
PENDING_NAME = "stats-pending.jsonl"
BUSY_TIMEOUT_MS = 10_000
RESULTS = ("won", "lost", "abandoned")


class StatsError(Exception):
    """The statistics could not be read or written; the message says what happened and what to do."""


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

    def check(self) -> None:
        """Raise ValueError when a field cannot be right (used for imports)."""
        if self.result not in RESULTS:
            raise ValueError(_("result must be one of {results}, not {result!r}").format(
                results=", ".join(RESULTS), result=self.result))
        if not self.uid or not self.ruleset:
            raise ValueError(_("uid and ruleset must not be empty"))
        if self.moves < 0 or self.undos < 0 or self.seconds < 0:
            raise ValueError(_("moves, undos and seconds cannot be negative"))


COLUMNS = tuple(f.name for f in fields(GameRecord))


def _v1(db: sqlite3.Connection) -> None:
    db.execute(
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            ruleset TEXT NOT NULL,
            deal INTEGER,
            result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'abandoned')),
            moves INTEGER NOT NULL,
            undos INTEGER NOT NULL,
            seconds REAL NOT NULL,
            started_at TEXT NOT NULL,
            ended_at TEXT NOT NULL,
            score INTEGER
        )"""
    )
    db.execute("CREATE INDEX games_by_ruleset ON games (ruleset, ended_at)")


def _v2(db: sqlite3.Connection) -> None:
    """Players, daily deals and win classes arrived after the first schema."""
    db.execute("ALTER TABLE games ADD COLUMN player TEXT NOT NULL DEFAULT ''")
    db.execute("ALTER TABLE games ADD COLUMN daily TEXT")
    db.execute("ALTER TABLE games ADD COLUMN win_class TEXT")
    db.execute("CREATE INDEX games_by_daily ON games (daily, result)")


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2)
SCHEMA_VERSION = len(MIGRATIONS)


class Store:
    """The statistics of one data folder. Open it, use it, close it (or use ``with``)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / FILE_NAME
        self.pending = folder / PENDING_NAME
        self.messages: list[str] = []  # things the user should be told (a file moved aside...)
        folder.mkdir(parents=True, exist_ok=True)
        self.db = self._open()
        self._merge_pending()

    # ------------------------------------------------------------------ opening
    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        return db

    def _open(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = None
        try:
            db = self._connect()
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {check}")
            self._migrate(db)
            return db
        except sqlite3.DatabaseError as err:
            if db is not None:
                db.close()
            if _is_locked(err):
                raise StatsError(_("the statistics database {path} is locked by another program ({error}); "
                                   "try again when it has finished").format(path=self.path, error=err)) from None
            aside = self._set_aside()
            db = self._connect()
            db.execute("PRAGMA journal_mode = WAL")
            self._migrate(db)
            self.messages.append(_("the statistics file was damaged ({error}); it was moved aside to {aside} "
                                   "and a new one was started").format(error=err, aside=aside.name))
            return db

    def _migrate(self, db: sqlite3.Connection) -> None:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StatsError(_("{path} was written by a newer patience (schema {found}, this one reads "
                               "{schema}); upgrade patience to read it").format(
                path=self.path, found=version, schema=SCHEMA_VERSION))
        if version == SCHEMA_VERSION:
            if version and not _table_exists(db, "games"):
                raise sqlite3.DatabaseError("the games table is missing")
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]  # another process may have done it
            for migration in MIGRATIONS[version:]:
                migration(db)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def _set_aside(self) -> Path:
        aside = damaged_name(self.path)
        for suffix in ("", "-wal", "-shm"):
            part = Path(str(self.path) + suffix)
            if part.exists():
                os.replace(part, Path(str(aside) + suffix))
        return aside

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ writing
    def record(self, game: GameRecord) -> bool:
        """Add a game. True when it is in the database; False when it went to the pending file
        (the database stayed locked) — it will be merged the next time."""
        try:
            self._insert([game])
            return True
        except sqlite3.OperationalError as err:
            if not _is_locked(err):
                raise StatsError(_("could not record the game in {path}: {error}").format(path=self.path, error=err)) from None
            with open(self.pending, "a", encoding="utf-8") as out:
                out.write(json.dumps(asdict(game), ensure_ascii=False) + "\n")
                out.flush()
                os.fsync(out.fileno())
            self.messages.append(_("the statistics database is busy; this game was kept aside and will be added next time"))
            return False

    def _insert(self, games: Iterable[GameRecord]) -> int:
        """Insert in one transaction; games already present (same uid) are skipped."""
        placeholders = ", ".join("?" for _column in COLUMNS)
        rows = [tuple(getattr(g, c) for c in COLUMNS) for g in games]
        self.db.execute("BEGIN IMMEDIATE")
        try:
            before = self.db.total_changes
            self.db.executemany(f"INSERT OR IGNORE INTO games ({', '.join(COLUMNS)}) VALUES ({placeholders})", rows)
            added = self.db.total_changes - before
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        return added

    def _merge_pending(self) -> None:
        if not self.pending.exists():
            return
        claimed = self.pending.with_name(f"{PENDING_NAME}.{os.getpid()}")
        try:
            os.replace(self.pending, claimed)  # only one process merges a given batch
        except OSError:
            return
        games, bad = [], 0
        for line in claimed.read_text(encoding="utf-8").splitlines():
            try:
                games.append(record_from_dict(json.loads(line)))
            except (ValueError, TypeError):
                bad += 1
        try:
            self._insert(games)
        except sqlite3.OperationalError:
            os.replace(claimed, self.pending)  # still busy: keep them for next time
            return
        claimed.unlink()
        if bad:
            self.messages.append(_("{n} unreadable line(s) of {file} were skipped").format(n=bad, file=PENDING_NAME))

    # ------------------------------------------------------------------ reading
    def games(self, ruleset: str | None = None, *, newest_first: bool = False, limit: int | None = None) -> list[GameRecord]:
        query = f"SELECT {', '.join(COLUMNS)} FROM games"
        args: list[object] = []
        if ruleset is not None:
            query += " WHERE ruleset = ?"
            args.append(ruleset)
        query += " ORDER BY ended_at DESC, id DESC" if newest_first else " ORDER BY ended_at, id"
        if limit is not None:
            query += " LIMIT ?"
            args.append(limit)
        return [GameRecord(*row) for row in self.db.execute(query, args)]

    def rulesets(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT DISTINCT ruleset FROM games ORDER BY ruleset")]

    def daily_games(self, date: str) -> list[GameRecord]:
        query = f"SELECT {', '.join(COLUMNS)} FROM games WHERE daily = ? ORDER BY ended_at"
        return [GameRecord(*row) for row in self.db.execute(query, (date,))]

    def count(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def import_games(self, games: Iterable[GameRecord]) -> int:
        """Add games from elsewhere; returns how many were new."""
        return self._insert(games)


def record_from_dict(data: dict) -> GameRecord:
    """A record from exported data (JSON object or CSV row); ValueError when it is not one."""
    if not isinstance(data, dict):
        raise ValueError(_("a game must be an object with named fields"))
    missing = [c for c in ("uid", "ruleset", "result", "moves", "seconds", "started_at", "ended_at") if data.get(c) in (None, "")]
    if missing:
        raise ValueError(_("missing {fields}").format(fields=", ".join(missing)))
    unknown = set(data) - set(COLUMNS)
    if unknown:
        raise ValueError(_("unknown field(s) {fields}").format(fields=", ".join(sorted(unknown))))

    def number(name: str, kind: type, default: object = None) -> object:
        value = data.get(name)
        if value in (None, ""):
            return default
        try:
            return kind(value)
        except (TypeError, ValueError):
            raise ValueError(_("{name} must be a number, not {value!r}").format(name=name, value=value)) from None

    game = GameRecord(
        uid=str(data["uid"]),
        ruleset=str(data["ruleset"]),
        deal=number("deal", int),  # type: ignore[arg-type]
        result=str(data["result"]),
        moves=number("moves", int),  # type: ignore[arg-type]
        undos=number("undos", int, 0),  # type: ignore[arg-type]
        seconds=number("seconds", float),  # type: ignore[arg-type]
        started_at=str(data["started_at"]),
        ended_at=str(data["ended_at"]),
        player=str(data.get("player") or ""),
        daily=str(data["daily"]) if data.get("daily") not in (None, "") else None,
        win_class=str(data["win_class"]) if data.get("win_class") not in (None, "") else None,
        score=number("score", int),  # type: ignore[arg-type]
    )
    game.check()
    return game


def _is_locked(err: sqlite3.Error) -> bool:
    text = str(err).lower()
    return "locked" in text or "busy" in text


def _table_exists(db: sqlite3.Connection, name: str) -> bool:
    return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone() is not None

