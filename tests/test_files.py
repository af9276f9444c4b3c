"""patience/files.py: the one way to write a file and the one way to read a user's file (issue 38)."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

import patience.files as files
from patience.files import FileRefused, check_nesting, read_user_file, replacing, write_atomic


def test_write_atomic_replaces_whole_and_keeps_the_mode(tmp_path):
    path = tmp_path / "f.txt"
    path.write_text("old", encoding="utf-8")
    os.chmod(path, 0o640)
    write_atomic(path, "new")
    assert path.read_text(encoding="utf-8") == "new" and stat.S_IMODE(path.stat().st_mode) == 0o640
    write_atomic(tmp_path / "private", b"x", private=True)
    assert stat.S_IMODE((tmp_path / "private").stat().st_mode) == 0o600


def test_a_link_is_refused_unless_the_users_own_target_is_meant(tmp_path):
    target, link = tmp_path / "real.toml", tmp_path / "link.toml"
    target.write_text("old", encoding="utf-8")
    link.symlink_to(target)
    with pytest.raises(FileRefused, match="is a link"):
        write_atomic(link, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert write_atomic(link, "new", follow_link=True) == target.resolve()
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "new"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_device_a_fifo_or_a_folder_is_never_written_or_read(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    (tmp_path / "folder").mkdir()
    for path in (fifo, tmp_path / "folder", Path("/dev/null")):
        if not os.path.exists(path):
            continue
        with pytest.raises(FileRefused, match="not a file"):
            write_atomic(path, "x")
        with pytest.raises(FileRefused, match="not a file"):
            read_user_file(path, 10)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "folder"]  # no temporary file left


def test_replace_false_never_replaces_and_leaves_nothing_behind(tmp_path):
    path = tmp_path / "new.bin"
    write_atomic(path, b"first", replace=False)
    with pytest.raises(FileExistsError):
        write_atomic(path, b"second", replace=False)
    assert path.read_bytes() == b"first" and [p.name for p in tmp_path.iterdir()] == ["new.bin"]


def test_a_failed_write_keeps_the_old_file_and_removes_the_temporary(tmp_path, monkeypatch):
    path = tmp_path / "f"
    path.write_bytes(b"old")

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(OSError, match="No space"):
        write_atomic(path, b"new")
    assert path.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["f"]


def test_each_writer_has_its_own_temporary_name(tmp_path):
    names = set()
    with replacing(tmp_path / "f") as one, replacing(tmp_path / "f") as two:
        names = {one.name, two.name}
        assert all(f".f.{os.getpid()}." in name for name in names)
    assert len(names) == 2


def test_read_user_file_caps_what_it_reads(tmp_path):
    path = tmp_path / "big"
    path.write_bytes(b"x" * 101)
    assert read_user_file(path, 101) == b"x" * 101
    with pytest.raises(FileRefused, match="larger than 100 bytes"):
        read_user_file(path, 100)


@pytest.mark.parametrize("text, deep", [
    ('x = "[[[[[["', False), ("x = '{{{{{'", False), ("# [[[[[[[", False), ("x = [[[]]]", False),
    ("x = " + "[" * 65 + "]" * 65, True), ('{"a": ' * 65 + "1" + "}" * 65, True),
])
def test_nesting_counts_brackets_outside_strings_and_comments(text, deep):
    if deep:
        with pytest.raises(ValueError, match="nested more than 64"):
            check_nesting(text)
    else:
        check_nesting(text, most=3)


def test_running_totals_reset_by_many_at_once_never_fail(tmp_path):
    """stats/carry.py wrote every reset through one fixed `running-totals.json.new`: two resets at
    once renamed each other's file away (FileNotFoundError)."""
    from patience.stats.carry import read_marks, start_again

    for trial in range(10):
        folder = tmp_path / str(trial)
        start = threading.Barrier(6)
        errors: list[BaseException] = []

        def reset(n: int) -> None:
            try:
                start.wait()
                start_again(folder, f"game{n}", "2026-12-04T00:00:00+0000")
            except BaseException as err:  # noqa: BLE001 - reported below
                errors.append(err)

        threads = [threading.Thread(target=reset, args=(n,)) for n in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == [] and read_marks(folder)  # some reset landed; none failed
        assert [p.name for p in folder.iterdir()] == ["running-totals.json"]
