"""Exports and results files against a hostile user (issue 38 items 1, 4, 5, 9): an export never
writes over a file the command reads, never follows a link, never replaces a file without --force,
fails loudly on a device; a survey report prints a file's text escaped and passes over rows that
are not results; two surveys creating one new file both find it whole."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from pathlib import Path

import pytest
from clirun import run

from patience.paths import data_dir
from patience.survey import SurveyFile
from patience.survey.store import COLUMNS


def result_row(deal: int, **changes: object) -> dict:
    row = {"ruleset": "freecell", "rules": "r", "solver": "9", "deal": deal, "timeout": 2.0, "max_states": 0,
           "status": "solved", "reason": "win found", "states": 10, "seconds": 0.5, "length": 20, "moves": "a b",
           "engine": None, "engine_reason": None, "machine": "m", "finished": "2026-12-04T00:00:00Z"}
    return {**row, **changes}


def survey_file(path: Path, deals: int = 5) -> Path:
    with SurveyFile(path) as results:
        results.add([result_row(deal) for deal in range(1, deals + 1)])
    return path


def insert_raw(path: Path, **values: object) -> None:
    """A row put in by another program, with any value of any kind."""
    row = {**result_row(99), **values}
    with sqlite3.connect(path) as db:
        db.execute(f"INSERT INTO deals ({', '.join(COLUMNS)}) VALUES ({', '.join('?' for _c in COLUMNS)})",
                   [row[c] for c in COLUMNS])


def deals_in(path: Path) -> int:
    with SurveyFile(path, readonly=True) as results:
        return len(list(results.rows()))


def refused(result, words: str) -> None:
    assert result.exit_code == 1, result.output
    assert words in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


# ------------------------------------------------------------------ item 1: export destroying its input
@pytest.mark.parametrize("force", [(), ("--force",)])
def test_survey_export_never_writes_over_a_survey_it_reads(tmp_path, force):
    pytest.importorskip("pyarrow")
    survey = survey_file(tmp_path / "r.sqlite")
    refused(run("survey", "export", str(survey), "--parquet", str(survey), *force), "a file this command reads")
    os.link(survey, tmp_path / "same.sqlite")  # another name of the same file
    refused(run("survey", "export", str(survey), "--parquet", str(tmp_path / "same.sqlite"), *force),
            "a file this command reads")
    assert deals_in(survey) == 5


def test_survey_report_never_plots_over_a_survey_it_reads(tmp_path):
    survey = survey_file(tmp_path / "r.sqlite")
    refused(run("survey", "report", str(survey), "--plot", str(survey), "--force"), "a file this command reads")
    assert deals_in(survey) == 5


# ------------------------------------------------------------------ item 4: overwrite, links, devices
def _stats_export(out: Path, *force: str):
    return run("stats", "--export", str(out), *force)


def _parquet(out: Path, *force: str, survey: Path):
    pytest.importorskip("pyarrow")
    return run("survey", "export", str(survey), "--parquet", str(out), *force)


def _plot(out: Path, *force: str, survey: Path):
    pytest.importorskip("matplotlib")
    return run("survey", "report", str(survey), "--plot", str(out), *force)


@pytest.mark.parametrize("export", [_stats_export, _parquet, _plot])
def test_an_export_replaces_an_existing_file_only_with_force(tmp_path, export):
    survey = survey_file(tmp_path / "r.sqlite")
    out = tmp_path / ("out.csv" if export is _stats_export else "out.parquet" if export is _parquet else "out.png")
    out.write_text("mine", encoding="utf-8")
    kwargs = {} if export is _stats_export else {"survey": survey}
    refused(export(out, **kwargs), "exists; add --force to replace it")
    assert out.read_text(encoding="utf-8") == "mine"
    assert export(out, "--force", **kwargs).exit_code == 0
    assert out.read_bytes() != b"mine"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []  # no temporary file left


@pytest.mark.parametrize("export", [_stats_export, _parquet, _plot])
def test_an_export_never_follows_a_link(tmp_path, export):
    survey = survey_file(tmp_path / "r.sqlite")
    target = tmp_path / "elsewhere.txt"
    target.write_text("someone's file", encoding="utf-8")
    link = tmp_path / "out.csv"
    link.symlink_to(target)
    kwargs = {} if export is _stats_export else {"survey": survey}
    refused(export(link, "--force", **kwargs), "is a link")
    assert target.read_text(encoding="utf-8") == "someone's file" and link.is_symlink()


def test_stats_export_through_a_link_to_the_statistics_destroys_nothing(tmp_path):
    from patience.stats.store import Store

    Store(data_dir()).close()  # the statistics file exists
    stats = data_dir() / "stats.sqlite3"
    before = stats.read_bytes()
    link = tmp_path / "s.csv"
    link.symlink_to(stats)
    for force in ((), ("--force",)):
        refused(run("stats", "--export", str(link), *force), "a file this command reads")
    assert stats.read_bytes() == before


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("export", [_stats_export, _parquet, _plot])
def test_an_export_to_a_device_fails_loudly(tmp_path, export):
    survey = survey_file(tmp_path / "r.sqlite")
    kwargs = {} if export is _stats_export else {"survey": survey}
    refused(export(Path("/dev/full"), "--force", **kwargs), "not a file")


def test_a_full_disk_while_writing_an_export_fails_loudly_and_keeps_the_old_file(tmp_path, monkeypatch):
    import patience.files as files

    out = tmp_path / "games.csv"
    out.write_text("the old export", encoding="utf-8")

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    result = run("stats", "--export", str(out), "--force")
    refused(result, "No space left on device")
    assert out.read_text(encoding="utf-8") == "the old export"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.csv"]


# ------------------------------------------------------------------ item 5: what a results file holds
def test_survey_report_prints_a_files_control_characters_escaped(tmp_path):
    survey = survey_file(tmp_path / "r.sqlite", deals=1)
    insert_raw(survey, ruleset="\x1b]0;pwned\x07", machine="\x9b2J", solver="\u202e9", rules="r\rX")
    for args in ((), ("--json",)):
        result = run("survey", "report", str(survey), *args)
        assert result.exit_code == 0, result.output
        assert not any(char in result.output for char in "\x1b\x07\x9b\u202e\r")
    text = run("survey", "report", str(survey)).output
    assert "\\x1b]0;pwned\\x07" in text and "\\x9b2J" in text
    games = json.loads(run("survey", "report", str(survey), "--json").output)["games"]
    assert "\x1b]0;pwned\x07" in [game["game"] for game in games]  # the JSON still says exactly what the file holds


@pytest.mark.parametrize("values", [
    {"machine": b"\x00\x01blob"}, {"ruleset": b"blob"}, {"seconds": "fast"}, {"seconds": float("inf")},
    {"deal": 1.5}, {"length": "long"}, {"timeout": -1.0}, {"status": "won"}, {"states": "many"},
])
def test_a_row_of_the_wrong_kind_is_passed_over_in_one_line(tmp_path, values):
    survey = survey_file(tmp_path / "r.sqlite", deals=3)
    with sqlite3.connect(survey) as db:  # what another program may do: SQLite lets a column hold any kind
        db.execute("PRAGMA ignore_check_constraints = ON")
        row = {**result_row(99), **values}
        db.execute(f"INSERT INTO deals ({', '.join(COLUMNS)}) VALUES ({', '.join('?' for _c in COLUMNS)})",
                   [row[c] for c in COLUMNS])
    for args in ((), ("--json",)):
        result = run("survey", "report", str(survey), *args)
        assert result.exit_code == 0 and "Traceback" not in result.output, result.output
        assert "1 row that is not a survey result was passed over" in result.output
    assert "3 deals" in run("survey", "report", str(survey)).output


# ------------------------------------------------------------------ item 9: two surveys, one new file
def test_surveys_creating_the_same_new_file_at_once_all_find_it_whole(tmp_path):
    for trial in range(12):
        path = tmp_path / f"new{trial}.sqlite"
        start = threading.Barrier(4)
        errors: list[BaseException] = []

        def survey(first: int) -> None:
            try:
                start.wait()
                with SurveyFile(path) as results:
                    results.add([result_row(first), result_row(first + 100)])
            except BaseException as err:  # noqa: BLE001 - reported below
                errors.append(err)

        threads = [threading.Thread(target=survey, args=(n,)) for n in range(1, 5)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == [] and deals_in(path) == 8
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
