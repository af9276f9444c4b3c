"""The statistics database: one SQLite file in the user data folder, safe against crashes, full
disks, damaged files and two patience processes finishing games at the same time.

- WAL journal and one short ``BEGIN IMMEDIATE`` transaction per game, with a busy timeout, so
  concurrent writers wait for each other instead of failing.
- ``PRAGMA user_version`` is the schema version; ``MIGRATIONS`` brings any older file up to date
  inside one transaction.
- Errors are told apart by SQLite's code (``fault_of``). Only a file that SQLite itself calls
  damaged, and that then fails ``PRAGMA integrity_check``, is moved aside, and only by a store
  opened for writing; never on a full disk, an I/O error or a read-only folder. The aside name is
  claimed with O_EXCL, so it never replaces an earlier one.
- A database that cannot be written (full disk, read-only folder) is still read, without
  changing it; a game that cannot be written goes to the pending file (``pending.py``) and is
  merged the next time the database can take it. When even that fails, the caller is told
  (StatsError): never a silent loss.
- Every game has a unique id (``uid``), so importing a file twice adds nothing the second time.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Callable, Iterable
from pathlib import Path

from ..i18n import _
from . import pending, reserve_aside
from .pending import PENDING_NAME
from .record import COLUMNS, RESULTS, GameRecord, record_from_dict, record_from_row

__all__ = ["COLUMNS", "PENDING_NAME", "RESULTS", "SCHEMA_VERSION", "GameRecord", "StatsError", "Store",
           "fault_of", "record_from_dict"]

FILE_NAME = "stats.sqlite3"
BUSY_TIMEOUT_MS = 10_000
SQLITE_MAX_INT = 2**63 - 1
LOW_SPACE = 64 * 1024  # bytes free under which an I/O error is reported as a full disk

# SQLite's primary result codes (the low byte of the extended code), grouped by what they mean here.
_LOCKED = {5, 6}  # SQLITE_BUSY, SQLITE_LOCKED
_DAMAGED = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB
_FULL = {13}  # SQLITE_FULL
_READ_ONLY = {3, 8}  # SQLITE_PERM, SQLITE_READONLY


class StatsError(Exception):
    """The statistics could not be read or written; the message says what happened and what to do."""


class _NotStatistics(sqlite3.DatabaseError):
    """A sound SQLite file that does not hold our table: treated as damage (it is not ours to use)."""


def fault_of(err: BaseException) -> str:
    """What an SQLite error means for the statistics: locked, damaged, full, read-only or other."""
    if isinstance(err, _NotStatistics):
        return "damaged"
    code = getattr(err, "sqlite_errorcode", None)
    if isinstance(code, int):
        primary = code & 0xFF
        for kind, codes in (("locked", _LOCKED), ("damaged", _DAMAGED), ("full", _FULL), ("read-only", _READ_ONLY)):
            if primary in codes:
                return kind
        return "other"
    text = str(err).lower()  # an error raised without a code (by a test's fault injection, say)
    for kind, words in (("locked", ("locked", "busy")), ("damaged", ("malformed", "not a database")),
                        ("full", ("disk is full",)), ("read-only", ("readonly", "read-only")),):
        if any(word in text for word in words):
            return kind
    return "other"


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


def _v3(db: sqlite3.Connection) -> None:
    """Games played by a script, kept apart from a person's (issue 35 item 7)."""
    db.execute("ALTER TABLE games ADD COLUMN scripted INTEGER NOT NULL DEFAULT 0")


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2, _v3)
SCHEMA_VERSION = len(MIGRATIONS)


def connect(path: Path | str, **options: object) -> sqlite3.Connection:
    """Every connection the store makes goes through here (tests put a faulty disk behind it)."""
    return sqlite3.connect(path, **options)  # type: ignore[arg-type]


class Store:
    """The statistics of one data folder. Open it, use it, close it (or use ``with``).

    ``writing=False`` is for commands that only read (``patience stats``): such a store never
    moves a file aside and never creates the database; it still merges the pending file when the
    database can be written, since that only adds games.
    """

    def __init__(self, folder: Path, *, writing: bool = True) -> None:
        self.folder = folder
        self.path = folder / FILE_NAME
        self.pending = folder / PENDING_NAME
        self.writing = writing
        self.messages: list[str] = []  # things the user should be told (a file moved aside...)
        self.unwritable: str | None = None  # why the database is open read-only, when it is
        self.moved_aside: Path | None = None  # where a damaged file went, when this store moved one
        self._in_memory = False
        if writing:
            folder.mkdir(parents=True, exist_ok=True)
        self.db = self._open()
        if self.unwritable is None and not self._in_memory:
            self._merge_pending()

    # ------------------------------------------------------------------ opening
    def _connect(self) -> sqlite3.Connection:
        db = connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        return db

    def _open(self) -> sqlite3.Connection:
        if not self.writing and not self.path.exists() and not list(self._pending_files()):
            return self._empty()  # nothing recorded yet: reading must not create the file
        db: sqlite3.Connection | None = None
        try:
            db = self._connect()
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            self._migrate(db)
            return db
        except sqlite3.Error as err:
            if db is not None:
                db.close()
            kind = fault_of(err)
            if kind == "locked":
                raise StatsError(self._explain(err)) from None
            if kind == "damaged":
                if not self.writing:
                    raise StatsError(self._explain(err)) from None
                return self._replace_damaged(err)
            return self._open_read_only(err)

    def files(self) -> list[Path]:
        """Every file that keeps these statistics: an export must never be written over one."""
        from .carry import MARKS_NAME

        own = [self.path, Path(f"{self.path}-wal"), Path(f"{self.path}-shm"), self.folder / MARKS_NAME]
        return own + list(self._pending_files())

    def _pending_files(self) -> Iterable[Path]:
        return self.folder.glob(f"{PENDING_NAME}*") if self.folder.is_dir() else []

    def _empty(self) -> sqlite3.Connection:
        self._in_memory = True
        db = connect(":memory:", isolation_level=None)
        self._migrate(db)
        return db

    def _open_read_only(self, err: sqlite3.Error) -> sqlite3.Connection:
        """The database as it is on disk, when it cannot be written: SQLite's immutable mode needs
        no -shm file, so it reads even a full or read-only disk. It is exact only when no WAL
        content waits to be checkpointed, so it is used only then."""
        reason = self._describe(err)
        if not self.path.exists() or self.path.stat().st_size == 0:
            db = self._empty()
        else:
            wal = Path(f"{self.path}-wal")
            if wal.exists() and wal.stat().st_size > 0:
                raise StatsError(self._explain(err)) from None
            try:
                db = connect(f"{self.path.resolve().as_uri()}?mode=ro&immutable=1", uri=True, isolation_level=None)
                if db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION or not _table_exists(db, "games"):
                    raise StatsError(_("the statistics database {path} needs updating but cannot be written ({reason})")
                                     .format(path=self.path, reason=reason))
            except sqlite3.Error:
                raise StatsError(self._explain(err)) from None
        self.unwritable = reason
        self.messages.append(_("the statistics database {path} cannot be written just now ({reason}); it was read "
                               "without changing it").format(path=self.path, reason=reason))
        return db

    def _migrate(self, db: sqlite3.Connection) -> None:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StatsError(_("{path} was written by a newer patience (schema {found}, this one reads "
                               "{schema}); upgrade patience to read it").format(
                path=self.path, found=version, schema=SCHEMA_VERSION))
        if version == SCHEMA_VERSION:
            if version and not _table_exists(db, "games"):
                raise _NotStatistics("the games table is missing")
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]  # another process may have done it
            for migration in MIGRATIONS[version:]:
                migration(db)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            _roll_back(db)
            raise

    # ------------------------------------------------------------------ damage
    def _integrity_problem(self) -> str | None:
        """What ``PRAGMA integrity_check`` finds wrong with the file (None: nothing). StatsError
        when the check itself cannot run (locked, full disk): then nobody can say it is damaged."""
        db: sqlite3.Connection | None = None
        try:
            db = self._connect()
            rows = db.execute("PRAGMA integrity_check").fetchall()
            if rows != [("ok",)]:
                return "; ".join(str(row[0]) for row in rows[:3])
            if db.execute("PRAGMA user_version").fetchone()[0] and not _table_exists(db, "games"):
                return "the games table is missing"
            return None
        except sqlite3.Error as err:
            if fault_of(err) == "damaged":
                return str(err)
            raise StatsError(_("the statistics database {path} looks damaged but could not be checked ({error}); "
                               "it was left as it is").format(path=self.path, error=self._describe(err))) from None
        finally:
            if db is not None:
                db.close()

    def _replace_damaged(self, err: sqlite3.Error) -> sqlite3.Connection:
        """After an error that says the file is damaged: check it; if the check fails, move it
        aside (with its -wal and -shm) and start a new one. A file that passes is kept."""
        try:
            before = os.stat(self.path)
        except FileNotFoundError:
            before = None
        problem = self._integrity_problem()
        if problem is None:
            raise StatsError(_("could not use the statistics database {path} ({error}); it passes its integrity "
                               "check, so it was left as it is").format(path=self.path, error=err)) from None
        if before is not None and _same_file(before, self.path):
            aside = self.moved_aside = self._set_aside()
            self.messages.append(_("the statistics file was damaged ({error}); it was moved aside to {aside} "
                                   "and a new one was started").format(error=problem, aside=aside.name))
        # else another process set it aside already: open whatever is there now
        try:
            db = self._connect()
            db.execute("PRAGMA journal_mode = WAL")
            self._migrate(db)
        except sqlite3.Error as again:
            raise StatsError(self._explain(again)) from None
        return db

    def _set_aside(self) -> Path:
        try:
            aside = reserve_aside(self.path)
        except OSError as err:
            raise StatsError(_("the statistics file {path} is damaged but could not be moved aside ({error})")
                             .format(path=self.path, error=err)) from None
        moved: list[tuple[Path, Path]] = []
        try:
            # the journal files first: a new database must never meet the old one's WAL
            for suffix in ("-wal", "-shm"):
                part = Path(f"{self.path}{suffix}")
                if part.exists():
                    os.replace(part, Path(f"{aside}{suffix}"))
                    moved.append((Path(f"{aside}{suffix}"), part))
            os.replace(self.path, aside)
        except OSError as err:
            for there, back in moved:  # the file stays whole where it was
                os.replace(there, back)
            aside.unlink(missing_ok=True)
            raise StatsError(_("the statistics file {path} is damaged but could not be moved aside ({error})")
                             .format(path=self.path, error=err)) from None
        return aside

    def check(self) -> Path | None:
        """``patience stats --repair``: run the integrity check now; a damaged file is moved aside
        and a new one started. Returns where it went, or None when the file is sound (or was moved
        aside already when the store opened: see ``moved_aside``)."""
        if self.unwritable is not None:
            raise StatsError(_("the statistics database {path} cannot be checked just now ({reason}); it was left "
                               "as it is").format(path=self.path, reason=self.unwritable))
        if self._in_memory or not self.writing:
            return None
        self.db.close()
        try:
            problem = self._integrity_problem()
        finally:
            self.db = self._connect()
        if problem is None:
            return None
        self.db.close()
        aside = self.moved_aside = self._set_aside()
        self.db = self._open()
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
        (the database was locked, full or read-only) — it will be merged the next time.
        StatsError when it could be written nowhere."""
        if self.unwritable is not None:
            return self._keep_pending(game, self.unwritable, locked=False)
        try:
            self._insert([game])
            return True
        except sqlite3.Error as err:
            failure = err
        kind, reason = fault_of(failure), self._describe(failure)
        if kind == "damaged":
            try:
                self.db.close()
                self.db = self._replace_damaged(failure)
                self._insert([game])
                return True
            except (StatsError, sqlite3.Error) as again:
                reason = str(again)
        return self._keep_pending(game, reason, locked=kind == "locked")

    def _keep_pending(self, game: GameRecord, reason: str, *, locked: bool) -> bool:
        try:
            pending.keep(self.folder, game)
        except (OSError, ValueError) as err:  # ValueError: a time JSON cannot hold (NaN)
            error = err.strerror if isinstance(err, OSError) and err.strerror else err
            raise StatsError(_("{path} could not be written ({reason}), nor {pending} ({error})").format(
                path=self.path, reason=reason, pending=PENDING_NAME, error=error)) from None
        if locked:
            self.messages.append(_("the statistics database is busy; this game was kept aside and will be added next time"))
        else:
            self.messages.append(_("the statistics database could not be written ({reason}); this game was kept in "
                                   "{pending} and will be added when it can be").format(reason=reason, pending=PENDING_NAME))
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
            _roll_back(self.db)
            raise
        return added

    def _merge_pending(self) -> None:
        """Add the games of every pending batch; a batch is removed only once its games are in."""
        for path in pending.claim(self.folder):
            try:
                batch = pending.read_batch(path)
            except OSError as err:
                self.messages.append(_("could not read {file} ({error}); it was left for next time").format(
                    file=path.name, error=err.strerror or err))
                continue
            try:
                self._insert(batch.games)
            except sqlite3.Error as err:
                if fault_of(err) != "locked":
                    self.messages.append(_("games waiting in {file} could not be added yet ({error}); they are kept "
                                           "for next time").format(file=PENDING_NAME, error=self._describe(err)))
                return  # this batch and the rest stay claimed; the next store takes them
            if batch.bad:
                try:
                    rejected = pending.set_bad_lines_aside(self.folder, batch)
                except OSError:
                    continue  # keep the batch whole; its games are in and merge again harmlessly
                self.messages.append(_("{n} line(s) of {file} were not games ({reason}); they were moved to "
                                       "{rejected}").format(n=len(batch.bad), file=PENDING_NAME,
                                                            reason=batch.bad[0][1], rejected=rejected.name))
            path.unlink(missing_ok=True)

    def import_games(self, games: Iterable[GameRecord]) -> int:
        """Add games from elsewhere; returns how many were new. StatsError when they cannot be."""
        if self.unwritable is not None:
            raise StatsError(_("the statistics database {path} cannot be written ({reason}); nothing was "
                               "imported").format(path=self.path, reason=self.unwritable))
        try:
            return self._insert(games)
        except sqlite3.Error as err:
            raise StatsError(_("nothing was imported: {error}").format(error=self._explain(err))) from None

    # ------------------------------------------------------------------ reading
    def _rows(self, query: str, args: Iterable[object] = ()) -> list[tuple]:
        try:
            return self.db.execute(query, tuple(args)).fetchall()
        except sqlite3.Error as err:
            if fault_of(err) != "damaged" or not self.writing or self.unwritable is not None:
                raise StatsError(self._explain(err)) from None
            self.db.close()  # a game is about to be recorded: a damaged file is checked now
            self.db = self._replace_damaged(err)
            return self.db.execute(query, tuple(args)).fetchall()

    def _records(self, query: str, args: Iterable[object] = ()) -> list[GameRecord]:
        """The rows as records; a row that cannot be one (text in ``moves``...) is left out, with a message."""
        found = [record_from_row(row) for row in self._rows(query, args)]
        records = [r for r in found if r is not None]
        if len(records) < len(found):
            note = _("{n} damaged record(s) in {path} were left out").format(n=len(found) - len(records), path=self.path)
            if note not in self.messages:
                self.messages.append(note)
        return records

    def games(self, ruleset: str | None = None, *, newest_first: bool = False, limit: int | None = None) -> list[GameRecord]:
        query = f"SELECT {', '.join(COLUMNS)} FROM games"
        args: list[object] = []
        if ruleset is not None:
            query += " WHERE ruleset = ?"
            args.append(ruleset)
        query += " ORDER BY ended_at DESC, id DESC" if newest_first else " ORDER BY ended_at, id"
        if limit is not None:
            query += " LIMIT ?"
            args.append(max(0, min(limit, SQLITE_MAX_INT)))
        return self._records(query, args)

    def rulesets(self) -> list[str]:
        return [row[0] for row in self._rows("SELECT DISTINCT ruleset FROM games ORDER BY ruleset")
                if isinstance(row[0], str)]

    def daily_games(self, date: str) -> list[GameRecord]:
        return self._records(f"SELECT {', '.join(COLUMNS)} FROM games WHERE daily = ? ORDER BY ended_at", (date,))

    def count(self) -> int:
        return int(self._rows("SELECT COUNT(*) FROM games")[0][0])

    # ------------------------------------------------------------------ messages
    def _describe(self, err: sqlite3.Error) -> str:
        """SQLite's words, plus the plain cause where it is known (an I/O error on a full disk)."""
        if fault_of(err) in ("full", "read-only", "other"):
            if not os.access(self.folder, os.W_OK):
                return _("{error}: the folder cannot be written").format(error=err)
            if _free_bytes(self.folder) < LOW_SPACE:
                return _("{error}: the disk is full").format(error=err)
        return str(err)

    def _explain(self, err: sqlite3.Error) -> str:
        kind = fault_of(err)
        if kind == "locked":
            return _("the statistics database {path} is locked by another program ({error}); "
                     "try again when it has finished").format(path=self.path, error=err)
        if kind == "damaged":
            return _("the statistics database {path} looks damaged ({error}); `patience stats --repair` checks it "
                     "and moves it aside if it is").format(path=self.path, error=err)
        return _("could not use the statistics database {path} ({error}); it was left as it is").format(
            path=self.path, error=self._describe(err))


def _roll_back(db: sqlite3.Connection) -> None:
    """Undo a failed transaction, keeping the first error: SQLite may have rolled back already."""
    if db.in_transaction:
        try:
            db.execute("ROLLBACK")
        except sqlite3.Error:
            pass


def _same_file(before: os.stat_result, path: Path) -> bool:
    try:
        now = os.stat(path)
    except FileNotFoundError:
        return False
    return (now.st_dev, now.st_ino) == (before.st_dev, before.st_ino)


def _free_bytes(folder: Path) -> int:
    try:
        return shutil.disk_usage(folder).free
    except OSError:
        return LOW_SPACE  # unknown: say nothing about the disk


def _table_exists(db: sqlite3.Connection, name: str) -> bool:
    return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone() is not None
