"""The pending file: games that could not go into the database yet, one JSON line each.

A game goes here when the database is locked, full or cannot be written; the next store that can
write merges the file. The rules that keep every game:

- An append that fails half-way (a full disk) is cut back, so it never glues onto the next line.
- The merger first renames the file to a name of its own (a "claimed" file), and removes it only
  after its games are committed; merging is idempotent (games are keyed by uid), so a claimed file
  left by a process that died is simply merged again by the next one.
- A line that is not a game never strands the others: the good games are merged, the bad lines
  are moved to the rejected file for a person to look at.
- Writers and the merger take an advisory lock on the file (where the system has them), so a
  line being written while the file is claimed still reaches the claimed file before it is read.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .record import GameRecord, record_from_json

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; appends and renames are still atomic there
    fcntl = None  # type: ignore[assignment]

PENDING_NAME = "stats-pending.jsonl"
REJECTED_NAME = "stats-pending-rejected.jsonl"


@contextmanager
def _locked(fd: int) -> Iterator[None]:
    if fcntl is None:
        yield
        return
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)


def append_line(path: Path, line: bytes) -> None:
    """Append one line, whole or not at all (OSError when it cannot be written)."""
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)  # read: to see how the file ends
        try:
            with _locked(fd):
                if _renamed_away(fd, path):
                    continue  # a merger claimed it between our open and our lock: write to the new one
                start = os.fstat(fd).st_size
                if start and _byte_at(fd, start - 1) != b"\n":
                    line = b"\n" + line  # an earlier line was cut short: keep ours separate from it
                try:
                    _write_all(fd, line)
                    os.fsync(fd)
                except OSError:
                    os.ftruncate(fd, start)  # no half line for the next reader
                    raise
                return
        finally:
            os.close(fd)


def _renamed_away(fd: int, path: Path) -> bool:
    try:
        now = os.stat(path)
    except FileNotFoundError:
        return True
    mine = os.fstat(fd)
    return (now.st_dev, now.st_ino) != (mine.st_dev, mine.st_ino)


def _byte_at(fd: int, offset: int) -> bytes:
    if hasattr(os, "pread"):
        return os.pread(fd, 1, offset)
    os.lseek(fd, offset, os.SEEK_SET)  # Windows has no pread; O_APPEND writes still go to the end
    return os.read(fd, 1)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def keep(folder: Path, game: GameRecord) -> Path:
    """Put ``game`` in the pending file of ``folder``; OSError when even that is impossible."""
    path = folder / PENDING_NAME
    line = json.dumps(asdict(game), ensure_ascii=False, allow_nan=False) + "\n"
    append_line(path, line.encode("utf-8"))
    return path


def claim(folder: Path) -> list[Path]:
    """Every pending batch to merge: the live file renamed to a name of this process, and any
    batch another process claimed and never finished (it died, or its database was full)."""
    live = folder / PENDING_NAME
    if live.exists():
        mine = folder / f"{PENDING_NAME}.{os.getpid()}-{time.monotonic_ns()}"
        try:
            os.replace(live, mine)
        except OSError:
            pass  # another process claimed it first, or the folder cannot be written: it stays
    return sorted(folder.glob(f"{PENDING_NAME}.*"))


@dataclass
class Batch:
    """The games of one claimed file, and the lines that were not games (with why)."""

    path: Path
    games: list[GameRecord] = field(default_factory=list)
    bad: list[tuple[bytes, str]] = field(default_factory=list)


def read_batch(path: Path) -> Batch:
    """The claimed file's games; OSError when it cannot be read at all."""
    batch = Batch(path)
    fd = os.open(path, os.O_RDONLY)
    try:
        with _locked(fd):  # waits for a writer that opened it before it was claimed
            data = b"".join(iter(lambda: os.read(fd, 1 << 16), b""))
    finally:
        os.close(fd)
    for line in data.split(b"\n"):
        if not line.strip():
            continue
        try:
            batch.games.append(record_from_json(line))
        except ValueError as err:
            batch.bad.append((line, str(err)))
    return batch


def set_bad_lines_aside(folder: Path, batch: Batch) -> Path:
    """Append the bad lines to the rejected file (OSError when that cannot be written)."""
    rejected = folder / REJECTED_NAME
    append_line(rejected, b"".join(line + b"\n" for line, _reason in batch.bad))
    return rejected
