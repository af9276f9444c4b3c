"""The statistics against a full disk, damaged files and hostile data (issue 27, items 1, 6 and 7).

Most disk faults are injected: ``store.connect`` is swapped for one whose connections fail as a
full or read-only disk makes SQLite fail, and the pending file's writes run out of space half-way.
One test fills a real (tiny) tmpfs, and skips where mounting is not allowed.
"""

from __future__ import annotations

import csv
import errno
import hashlib
import json
import math
import os
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path

import pytest
from clirun import run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import freecell_solution

from patience import stats as stats_package
from patience.stats import pending
from patience.stats import store as store_module
from patience.stats.record import COLUMNS, MAX_TEXT, GameRecord, record_from_dict, record_from_json
from patience.stats.store import StatsError, Store, fault_of
from patience.stats.transfer import TransferError, export_games, neutralised, read_games, restored

SQLITE_FULL, SQLITE_IOERR_SHMSIZE, SQLITE_CORRUPT, SQLITE_CANTOPEN = 13, 4874, 11, 14
WRITES = ("INSERT", "BEGIN IMMEDIATE", "CREATE", "ALTER", "UPDATE", "DELETE")


def game(n: int, result: str = "won", *, ruleset: str = "klondike", player: str = "ala", seconds: float = 100.0,
         daily: str | None = None, score: int | None = None) -> GameRecord:
    return GameRecord(uid=f"uid-{ruleset}-{n}", ruleset=ruleset, deal=n, result=result, moves=90, undos=0,
                      seconds=seconds, started_at=f"2026-11-{n:02}T10:00:00+0000",
                      ended_at=f"2026-11-{n:02}T10:05:00+0000", player=player, daily=daily, score=score)


def data_dir() -> Path:
    return Path(os.environ["PATIENCE_DATA"])


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def no_traceback(result) -> bool:
    return "Traceback" not in result.output and (result.exception is None or isinstance(result.exception, SystemExit))


def set_aside_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.damaged-*"))


def sqlite_error(message: str, code: int) -> sqlite3.OperationalError:
    err = sqlite3.OperationalError(message)
    err.sqlite_errorcode = code  # as SQLite's own errors carry it
    return err


class Disk:
    """A fault-injecting disk behind every connection the store makes.

    ``full``: every statement on the database file fails as SQLite fails on a full disk (the
    -shm file cannot be sized: an I/O error at the first statement). ``writes_fail``: only writes
    fail, with SQLITE_FULL. ``corrupt_writes``: writes fail with SQLITE_CORRUPT although the file
    is sound. ``files_full``: the pending file's writes stop half-way with ENOSPC. SQLite's
    immutable read-only mode, which needs no -shm, still reads.
    """

    def __init__(self) -> None:
        self.full = self.writes_fail = self.corrupt_writes = self.files_full = False

    def check(self, db: sqlite3.Connection, sql: str) -> None:
        if getattr(db, "immutable", True):
            return
        if self.full:
            raise sqlite_error("disk I/O error", SQLITE_IOERR_SHMSIZE)
        if sql.lstrip().upper().startswith(WRITES):
            if self.writes_fail:
                raise sqlite_error("database or disk is full", SQLITE_FULL)
            if self.corrupt_writes:
                raise sqlite_error("database disk image is malformed", SQLITE_CORRUPT)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Disk:
    faults = Disk()
    real_connect = store_module.connect

    class FaultyConnection(sqlite3.Connection):
        immutable = True

        def execute(self, sql: str, *args):  # type: ignore[override]
            faults.check(self, sql)
            return super().execute(sql, *args)

        def executemany(self, sql: str, *args):  # type: ignore[override]
            faults.check(self, sql)
            return super().executemany(sql, *args)

    def connect(path, **options):
        db = real_connect(path, factory=FaultyConnection, **options)
        db.immutable = str(path) == ":memory:" or "immutable=1" in str(path)
        return db

    real_write = pending._write_all

    def write_all(fd: int, data: bytes) -> None:
        if faults.files_full:
            real_write(fd, data[: len(data) // 2])  # half of it fits, then the disk is full
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_write(fd, data)

    monkeypatch.setattr(store_module, "connect", connect)
    monkeypatch.setattr(pending, "_write_all", write_all)
    return faults


def record_some(folder: Path, count: int = 5) -> list[GameRecord]:
    games = [game(n, daily="2026-11-30" if n == 1 else None) for n in range(1, count + 1)]
    with Store(folder) as store:
        for g in games:
            assert store.record(g)
    return games


EVERY_STATS_COMMAND = [
    ("stats",), ("stats", "klondike"), ("stats", "--json"), ("stats", "--history"), ("stats", "--history", "--json"),
    ("stats", "--export", "{tmp}/all.csv"), ("stats", "--export", "{tmp}/all.json"),
    ("stats", "--import", "{tmp}/all.json"), ("stats", "--repair"), ("daily", "--leaderboard", "--date", "2026-11-30"),
]


def run_every_stats_command(tmp: Path) -> list:
    results = []
    for command in EVERY_STATS_COMMAND:
        results.append(run(*(word.format(tmp=tmp) for word in command)))
    return results


# A full disk (issue 27, item 1) ---------------------------------------------------------------------
def test_a_full_disk_costs_no_recorded_game_and_keeps_the_one_played(disk, tmp_path):
    """Every stats command on a full disk, and a game finished on it: nothing is moved aside or
    changed, the figures are still shown, and the new game waits in the pending file."""
    folder = data_dir()
    before = record_some(folder)
    export = tmp_path / "all.json"
    export_games(before, export)
    checksum = digest(folder / "stats.sqlite3")
    disk.full = True
    results = run_every_stats_command(tmp_path)
    assert all(no_traceback(r) for r in results), [r.output for r in results]
    shown = {" ".join(c): r for c, r in zip(EVERY_STATS_COMMAND, results)}
    assert "played 5 · won 5" in shown["stats"].output and "cannot be written just now" in shown["stats"].output
    assert shown["stats --history"].output.count("klondike") == 5
    assert shown["stats --import {tmp}/all.json"].exit_code == 1 and "nothing was imported" in shown["stats --import {tmp}/all.json"].output
    assert shown["stats --repair"].exit_code == 1 and "cannot be checked just now" in shown["stats --repair"].output
    assert read_games(tmp_path / "all.csv") == before
    played = run("play", "klondike", "--deal", "3", input="s\nnew 4\n")  # the game of deal 3 is left: recorded
    assert no_traceback(played) and "was kept in stats-pending.jsonl" in played.output
    assert set_aside_files(folder) == [] and digest(folder / "stats.sqlite3") == checksum
    disk.full = False  # space freed: the next store merges the game that waited
    with Store(folder, writing=False) as store:
        games = store.games()
    assert games[:5] == before and [(g.deal, g.result) for g in games[5:]] == [(3, "abandoned")]
    assert not (folder / "stats-pending.jsonl").exists()


def test_a_game_that_can_be_written_nowhere_is_reported_not_recorded(disk):
    folder = data_dir()
    record_some(folder, 2)
    disk.full = disk.files_full = True
    played = run("play", "klondike", "--deal", "3", input="s\nnew 4\n")
    assert no_traceback(played)
    assert "this game was not recorded" in played.output and "No space left on device" in played.output
    assert set_aside_files(folder) == []
    disk.full = disk.files_full = False
    with Store(folder) as store:
        assert store.count() == 2  # the two from before; the game of deal 3 was reported lost, not hidden


def test_a_failed_write_is_never_taken_for_damage(disk):
    """SQLITE_FULL on the insert itself: the game goes to the pending file, the database is not
    touched, and is merged once the disk has room."""
    folder = data_dir()
    before = record_some(folder, 3)
    disk.writes_fail = True
    with Store(folder) as store:
        assert store.record(game(9)) is False
        assert any("was kept in stats-pending.jsonl" in m for m in store.messages)
    with Store(folder, writing=False) as store:  # still full: the batch stays for later
        assert store.games() == before
        assert any("could not be added yet" in m for m in store.messages)
    assert set_aside_files(folder) == []
    disk.writes_fail = False
    with Store(folder) as store:
        assert [g.deal for g in store.games()] == [1, 2, 3, 9]
    assert list(folder.glob("stats-pending*")) == []


def test_a_corruption_error_on_a_sound_file_moves_nothing(disk):
    """Only a file that fails its integrity check is moved aside: a write that reports
    corruption on a sound file (a flaky disk) keeps the file and the game."""
    folder = data_dir()
    record_some(folder, 2)
    disk.corrupt_writes = True
    with Store(folder) as store:
        assert store.record(game(7)) is False
        assert any("passes its integrity check" in m for m in store.messages)
    assert set_aside_files(folder) == []
    disk.corrupt_writes = False
    with Store(folder) as store:
        assert [g.deal for g in store.games()] == [1, 2, 7]


def test_a_read_only_disk_gives_a_message_not_a_rename(disk):
    folder = data_dir()
    before = record_some(folder, 2)
    disk.full = disk.files_full = True  # as a read-only mount fails: nothing can be created or written
    shown = run("stats", "--history")
    assert shown.exit_code == 0 and shown.output.count("klondike") == 2
    with Store(folder) as store:
        assert store.games() == before and store.unwritable
        with pytest.raises(StatsError, match="could not be written .*nor stats-pending.jsonl"):
            store.record(game(5))
    assert set_aside_files(folder) == [] and not (folder / "stats-pending.jsonl").read_bytes()


def tiny_tmpfs(where: Path) -> Path:
    where.mkdir()
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(where)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode(errors='replace').strip()}")
    return where


def fill(folder: Path) -> Path:
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as out:
        try:
            while True:
                out.write(b"x" * 512)
        except OSError as err:
            assert err.errno == errno.ENOSPC
    return filler


def test_a_real_full_tmpfs_keeps_every_game(tmp_path, monkeypatch):
    disk = tiny_tmpfs(tmp_path / "disk")
    try:
        folder = disk / "data"
        monkeypatch.setenv("PATIENCE_DATA", str(folder))
        before = record_some(folder)
        filler = fill(disk)
        for _twice in range(2):  # the case: twice within a second left "no games recorded yet"
            history = run("stats", "--history")
            assert history.exit_code == 0 and history.output.count("klondike") == 5
        results = run_every_stats_command(tmp_path)
        assert all(no_traceback(r) for r in results), [r.output for r in results]
        played = run("play", "klondike", "--deal", "3", input="s\nnew 4\n")
        assert no_traceback(played) and "statistics" in played.output  # kept aside, or told it was not
        assert set_aside_files(folder) == []
        filler.unlink()
        with Store(folder) as store:
            assert store.games()[:5] == before
    finally:
        subprocess.run(["umount", str(disk)], check=False)


# Damaged files -----------------------------------------------------------------------------------
def test_a_reading_command_never_moves_a_damaged_file_aside():
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "stats.sqlite3").write_bytes(b"not a database " * 100)
    with pytest.raises(StatsError, match="looks damaged .*patience stats --repair"):
        Store(folder, writing=False)
    assert set_aside_files(folder) == [] and (folder / "stats.sqlite3").read_bytes().startswith(b"not a database")


def test_a_reading_command_creates_no_database():
    assert "no games recorded yet" in run("stats").output
    assert not (data_dir() / "stats.sqlite3").exists()


def damage_the_games_table(folder: Path) -> None:
    """A real corruption SQLite finds: the games table's root page overwritten."""
    path = folder / "stats.sqlite3"
    db = sqlite3.connect(path)
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()[0]
    page = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    data[(root - 1) * page: root * page] = b"\xff" * page
    path.write_bytes(bytes(data))


def test_a_file_that_fails_its_integrity_check_is_moved_aside_when_a_game_is_recorded():
    folder = data_dir()
    record_some(folder, 40)
    damage_the_games_table(folder)
    damaged = (folder / "stats.sqlite3").read_bytes()
    with Store(folder) as store:
        assert store.record(game(50))
        assert any("moved aside" in m for m in store.messages)
        assert [g.deal for g in store.games()] == [50]
    (aside,) = [p for p in set_aside_files(folder) if not p.name.endswith(("-wal", "-shm"))]
    assert aside.read_bytes() == damaged


def test_a_damaged_page_is_only_reported_by_reading_commands_and_moved_aside_by_repair():
    folder = data_dir()
    record_some(folder, 40)
    damage_the_games_table(folder)
    for command in (("stats",), ("stats", "--history"), ("stats", "--export", str(folder / "out.csv"))):
        shown = run(*command)
        assert shown.exit_code == 1 and no_traceback(shown) and "patience stats --repair" in shown.output
    assert set_aside_files(folder) == []
    repaired = run("stats", "--repair")
    assert repaired.exit_code == 0 and "failed its integrity check; it was moved aside" in repaired.output
    assert len([p for p in set_aside_files(folder) if not p.name.endswith(("-wal", "-shm"))]) == 1
    assert "passed its integrity check" in run("stats", "--repair").output


def test_aside_names_never_collide_even_within_one_second(monkeypatch):
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    monkeypatch.setattr(stats_package.time, "strftime", lambda fmt, *args: "20261130-101010")
    for n in range(3):
        (folder / "stats.sqlite3").write_bytes(f"garbage number {n} ".encode() * 50)
        Store(folder).close()
    asides = [p for p in set_aside_files(folder) if not p.name.endswith(("-wal", "-shm"))]
    assert [p.name for p in asides] == ["stats.sqlite3.damaged-20261130-101010", "stats.sqlite3.damaged-20261130-101010-2",
                                        "stats.sqlite3.damaged-20261130-101010-3"]
    assert [p.read_bytes()[:16] for p in asides] == [f"garbage number {n}".encode()[:16] for n in range(3)]


@pytest.mark.parametrize("message, code, kind", [
    ("database is locked", 5, "locked"), ("database disk image is malformed", SQLITE_CORRUPT, "damaged"),
    ("file is not a database", 26, "damaged"), ("database or disk is full", SQLITE_FULL, "full"),
    ("disk I/O error", SQLITE_IOERR_SHMSIZE, "other"), ("unable to open database file", SQLITE_CANTOPEN, "other"),
    ("attempt to write a readonly database", 8, "read-only"),
])
def test_sqlite_errors_are_told_apart_by_their_code(message, code, kind):
    assert fault_of(sqlite_error(message, code)) == kind
    assert fault_of(sqlite_error("words that say nothing", code)) == kind  # the code decides, not the words


# The pending file ------------------------------------------------------------------------------------
def test_a_bad_line_in_the_pending_file_never_strands_the_games_beside_it():
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    good = [game(n) for n in (1, 2, 3)]
    lines = [json.dumps(g.__dict__).encode() for g in good]
    bad = [b"\xff\xfe not utf-8", b"[" * 30_000 + b"]" * 30_000, b'{"uid": NaN}', b"{" + b'"x": 1' + b"}",
           json.dumps({**good[0].__dict__, "moves": 2**63}).encode()]
    (folder / "stats-pending.jsonl").write_bytes(b"\n".join([lines[0], bad[0], bad[1], lines[1], bad[2], bad[3],
                                                             bad[4], lines[2]]) + b"\n")
    with Store(folder) as store:
        assert store.games() == good
        assert any("5 line(s) of stats-pending.jsonl were not games" in m for m in store.messages)
    rejected = (folder / "stats-pending-rejected.jsonl").read_bytes().split(b"\n")
    assert rejected[:-1] == bad and not (folder / "stats-pending.jsonl").exists()


def test_a_batch_claimed_by_a_process_that_died_is_merged_by_the_next():
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "stats-pending.jsonl.4242-17").write_text(json.dumps(game(8).__dict__) + "\n", encoding="utf-8")
    with Store(folder) as store:
        assert [g.deal for g in store.games()] == [8]
    assert list(folder.glob("stats-pending*")) == []


def test_a_pending_line_cut_short_by_a_full_disk_is_cut_back(disk):
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    pending.keep(folder, game(1))
    disk.files_full = True
    with pytest.raises(OSError):
        pending.keep(folder, game(2))
    disk.files_full = False
    pending.keep(folder, game(3))
    text = (folder / "stats-pending.jsonl").read_text(encoding="utf-8")
    assert [json.loads(line)["deal"] for line in text.splitlines()] == [1, 3]


def test_a_line_glued_to_a_half_written_one_is_kept_separate():
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "stats-pending.jsonl").write_bytes(b'{"uid": "half a li')  # written by an older patience
    pending.keep(folder, game(4))
    with Store(folder) as store:
        assert [g.deal for g in store.games()] == [4]


# Import and export (issue 27, item 6) ------------------------------------------------------------------
HEADER = ",".join(COLUMNS)


def csv_row(**changes: object) -> str:
    values = {**game(1).__dict__, **changes}
    return ",".join("" if values[c] is None else str(values[c]) for c in COLUMNS)


@pytest.mark.parametrize("field, value, message", [
    ("moves", str(2**63), "moves must be a whole number from 0 to 1000000000, not 9223372036854775808"),
    ("deal", str(2**63), "deal must be a whole number from 0 to 9223372036854775807"),
    ("score", str(-(10**13)), "score must be a whole number from -1000000000000"),
    ("seconds", "1e400", "seconds must be a number from 0 to 1000000000, not 1e400"),
    ("seconds", "nan", "seconds must be a number"),
    ("seconds", "-inf", "seconds must be a number"),
    ("player", "p" * (MAX_TEXT + 1), f"player is longer than {MAX_TEXT} characters"),
    ("daily", "yesterday", "daily must be a date like 2026-11-30"),
    ("moves", "9" * 5000, "moves must be a whole number"),
])
def test_import_refuses_values_out_of_range_or_over_size(tmp_path, field, value, message):
    path = tmp_path / "games.csv"
    path.write_text(f"{HEADER}\n{csv_row(**{field: value})}\n", encoding="utf-8")
    with pytest.raises(TransferError, match=f":2: {message}".replace("(", r"\(").replace(")", r"\)")):
        read_games(path)


@pytest.mark.parametrize("text, message", [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('[{"seconds": Infinity}]', "Infinity is not a JSON number"),
    ('[{"seconds": NaN}]', "NaN is not a JSON number"),
    ("[1e400]", "game 1: a game must be an object"),
])
def test_import_refuses_json_that_is_not_a_list_of_games(tmp_path, text, message):
    path = tmp_path / "games.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TransferError, match=message):
        read_games(path)


def test_import_gives_one_line_per_bad_game_and_imports_none_of_the_file(tmp_path):
    good = game(1).__dict__
    rows = [good, {**good, "uid": ["a", "list"]}, {**good, "uid": "x2", "moves": True},
            {**good, "uid": "x3", "seconds": 10**400}, {**good, "uid": "\ud800"}, {**good, "uid": "fine-too"}]
    path = tmp_path / "games.json"
    path.write_text(json.dumps(rows), encoding="utf-8")
    result = run("stats", "--import", str(path))
    assert result.exit_code == 1 and no_traceback(result)
    lines = result.output.strip().splitlines()
    assert lines[0].endswith("nothing was imported:") and len(lines) == 5
    assert "game 2: uid must be text, not a value of type list" in lines[1]
    assert "game 3: moves must be a whole number" in lines[2] and "game 4: seconds must be" in lines[3]
    assert "game 5: uid is not valid text (a lone surrogate)" in lines[4]
    with Store(data_dir()) as store:
        assert store.count() == 0


def test_import_refuses_a_csv_field_over_the_csv_limit_and_a_file_over_the_size_limit(tmp_path, monkeypatch):
    path = tmp_path / "games.csv"
    path.write_text(f'{HEADER}\n"{"x" * 200_000}",k\n', encoding="utf-8")
    with pytest.raises(TransferError, match="field larger than field limit"):
        read_games(path)
    from patience.stats import transfer
    monkeypatch.setattr(transfer, "MAX_FILE", 100)
    with pytest.raises(TransferError, match="larger than 0 MB"):
        read_games(path)


def test_csv_export_neutralises_formula_cells_and_import_restores_them(tmp_path):
    hostile = [GameRecord(uid="=cmd|'/c calc'!A1", ruleset="+SUM(A1)", deal=1, result="won", moves=1, undos=0,
                          seconds=1.5, started_at="-2+3", ended_at="@A1", player="\tTAB", win_class="\rCR",
                          score=-52),
               GameRecord(uid="'=already quoted", ruleset="'plain", deal=None, result="lost", moves=0, undos=0,
                          seconds=0.0, started_at="s", ended_at="e", player="ola")]
    path = tmp_path / "games.csv"
    export_games(hostile, path)
    text = path.read_bytes().decode("utf-8")
    for cell in ("'=cmd", "'+SUM(A1)", "'-2+3", "'@A1", "'\tTAB", "''=already quoted", "''plain"):
        assert cell in text
    assert ",-52,False\r\n" in text  # numbers are written by patience, never formulas: left as they are
    assert read_games(path) == hostile


def test_json_export_never_writes_infinity(tmp_path):
    with pytest.raises(TransferError, match="not written"):
        export_games([game(1, seconds=math.inf)], tmp_path / "games.json")
    assert not (tmp_path / "games.json").exists()


# Hostile rows in the database (issue 27, item 7) -----------------------------------------------------
def insert_raw(folder: Path, **values: object) -> None:
    row = {**game(99).__dict__, **values}
    db = sqlite3.connect(folder / "stats.sqlite3")
    db.execute(f"INSERT INTO games ({', '.join(row)}) VALUES ({', '.join('?' for _ in row)})", tuple(row.values()))
    db.commit()
    db.close()


def test_text_in_moves_is_read_without_a_traceback_and_does_not_break_a_later_win(tmp_path):
    folder = data_dir()
    record_some(folder, 2)
    insert_raw(folder, uid="text-moves", ruleset="freecell", moves="many")
    insert_raw(folder, uid="endless", ruleset="freecell", seconds=math.inf)
    for command in (("stats",), ("stats", "--history"), ("stats", "--json"), ("stats", "freecell"),
                    ("stats", "--export", str(tmp_path / "all.json"))):
        result = run(*command)
        assert result.exit_code == 0 and no_traceback(result), result.output
        assert "2 damaged record(s)" in result.output
    assert "Infinity" not in (tmp_path / "all.json").read_text(encoding="utf-8")
    won = run("play", "freecell", "--deal", "1", "--no-autofinish", "--record",
              input="\n".join(freecell_solution(1)) + "\nquit\n")
    assert no_traceback(won) and "your first win of this game!" in won.output
    with Store(folder) as store:
        assert [g.deal for g in store.games("freecell")] == [1]


def test_a_huge_history_limit_gives_a_message():
    result = run("stats", "--history", "--limit", "99999999999999999999999")
    assert result.exit_code == 2 and no_traceback(result) and "--limit" in result.output


CONTROLS = "\x1b]0;pwned\x07\x1b[2J\r\x08\x9b31m\u202e"  # OSC title, BEL, CSI clear, CR, BS, 8-bit CSI, RLO
RAW = "\x1b\x07\r\x08\x9b\u202e"


def test_everything_stats_prints_has_its_control_characters_escaped():
    folder = data_dir()
    with Store(folder) as store:
        store.record(GameRecord(uid="u1", ruleset="evil" + CONTROLS, deal=1, result="won", moves=3, undos=0,
                                seconds=5.0, started_at="2026-11-30T10:00:00", ended_at="2026-11-30" + CONTROLS,
                                player="mallory" + CONTROLS, daily="2026-11-30", score=10))
    outputs = [run(*c) for c in (("stats",), ("stats", "--history"), ("stats", "--json"), ("stats", "--history", "--json"),
                                 ("daily", "--leaderboard", "--date", "2026-11-30"),
                                 ("daily", "--leaderboard", "--date", "2026-11-30", "--json"),
                                 ("stats", "nosuchgame" + CONTROLS))]
    for result in outputs:
        assert no_traceback(result)
        assert not any(char in result.output for char in RAW), repr(result.output)
    assert "evil\\x1b]0;pwned\\x07" in outputs[0].output and "\\x9b31m\\u202e" in outputs[1].output
    (history,) = json.loads(outputs[3].output)
    assert history["player"] == "mallory" + CONTROLS  # the JSON still says exactly what is recorded


# Properties ------------------------------------------------------------------------------------------
ANY_VALUE = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
    | st.sampled_from(["", "1", "-1", "1e400", "nan", "won", "2026-11-30", str(2**63)]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=35, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.dictionaries(st.sampled_from(COLUMNS + ("extra",)), ANY_VALUE, max_size=len(COLUMNS) + 1))
def test_any_field_values_are_a_valid_game_or_a_one_line_refusal(data):
    try:
        record = record_from_dict(data)
    except ValueError as err:
        assert "\n" not in str(err) and len(str(err)) < 300
        return
    with tempfile.TemporaryDirectory() as folder, Store(Path(folder)) as store:  # what passes can be stored
        assert store.record(record) and store.games() == [record]


COMPLETE = st.fixed_dictionaries({c: ANY_VALUE for c in COLUMNS})


@settings(max_examples=25, deadline=None)
@given(data=COMPLETE | st.builds(lambda g, changes: {**g.__dict__, **changes}, st.just(game(1)),
                                 st.dictionaries(st.sampled_from(COLUMNS), ANY_VALUE, max_size=2)))
def test_wrong_types_in_a_whole_game_are_refused_or_stored(data):
    try:
        record = record_from_dict(data)
    except ValueError:
        return
    assert all(isinstance(getattr(record, c), str) for c in ("uid", "ruleset", "player", "started_at", "ended_at"))
    assert math.isfinite(record.seconds) and 0 <= record.moves <= 10**9


@settings(max_examples=35, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.binary(max_size=400), suffix=st.sampled_from([".csv", ".json"]))
def test_random_bytes_are_games_or_a_transfer_error(tmp_path, content, suffix):
    path = tmp_path / f"random{suffix}"
    path.write_bytes(content)
    try:
        games = read_games(path)
    except TransferError:
        return
    assert all(isinstance(g, GameRecord) for g in games)


@settings(max_examples=35, deadline=None)
@given(line=st.binary(max_size=200) | st.builds(lambda v: json.dumps(v).encode(), ANY_VALUE))
def test_random_pending_lines_are_games_or_a_value_error(line):
    try:
        assert isinstance(record_from_json(line), GameRecord)
    except ValueError:
        pass


TEXT = st.text(min_size=1, max_size=30)


@settings(max_examples=35, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(uid=TEXT, ruleset=TEXT, player=st.text(max_size=30), win_class=st.none() | TEXT, suffix=st.sampled_from([".csv", ".json"]))
def test_any_text_comes_back_from_an_export_as_it_was(tmp_path, uid, ruleset, player, win_class, suffix):
    record = GameRecord(uid=uid, ruleset=ruleset, deal=7, result="won", moves=1, undos=0, seconds=2.5,
                        started_at="2026-11-30T10:00:00", ended_at="2026-11-30T10:01:00", player=player,
                        win_class=win_class, score=-3)
    path = tmp_path / f"games{suffix}"
    export_games([record], path)
    assert read_games(path) == [record]
    if suffix == ".csv":
        with open(path, encoding="utf-8", newline="") as written:
            (row,) = list(csv.DictReader(written))
        assert not any(row[c].startswith(("=", "+", "-", "@", "\t", "\r")) for c in ("uid", "ruleset", "player"))


@given(text=st.text(max_size=20))
def test_neutralised_text_is_restored_exactly(text):
    assert restored(neutralised(text)) == text
    assert not neutralised(text).startswith(("=", "+", "-", "@", "\t", "\r"))


def test_the_pending_claim_leaves_no_batch_behind_when_merged_twice_at_once():
    """Two stores merging the same batch (one crashed mid-merge, say): idempotent, one copy each."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    line = json.dumps(game(5).__dict__) + "\n"
    (folder / "stats-pending.jsonl.1-1").write_text(line, encoding="utf-8")
    (folder / "stats-pending.jsonl").write_text(line, encoding="utf-8")
    with Store(folder) as store:
        assert [g.deal for g in store.games()] == [5]
    assert list(folder.glob("stats-pending*")) == []


def test_a_game_ended_while_the_statistics_cannot_be_opened_waits_in_the_pending_file(monkeypatch):
    """Opening the store itself fails (a lock held past the timeout, say): the game is not lost
    but kept aside, and the next store that opens merges it."""

    folder = data_dir()
    record_some(folder, 2)

    def cannot_open(*args, **kwargs):
        raise sqlite3.OperationalError("database is locked")

    with monkeypatch.context() as patched:
        patched.setattr(store_module.Store, "__init__", cannot_open)
        played = run("play", "klondike", "--deal", "3", input="s\nnew 4\n")
    assert no_traceback(played) and "this game was kept aside and will be added next time" in played.output
    with Store(folder) as store:
        assert [(g.deal, g.result) for g in store.games()][2:] == [(3, "abandoned")]
