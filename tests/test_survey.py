"""`patience survey` without a cluster (issue 26): the results file, resuming, the report's
arithmetic, the fallback to local processes, and the one-line refusals. The Dask cluster's own
tests are in test_survey_cluster.py."""

from __future__ import annotations

import json
import math
import os
import sqlite3
import sys
from pathlib import Path

import pytest
from clirun import run

import patience.survey.run as survey_run
from patience.session.catalogue import rules_digest
from patience.ruleset.registry import find_ruleset
from patience.solver.daily import SOLVER_VERSION
from patience.survey import SurveyError, SurveyFile, SurveyKey
from patience.survey.report import grouped, percentile, reports, wilson
from patience.survey.run import in_this_process, survey

BUDGET = ("--max-states", "300", "--timeout", "5")  # FreeCell's first deals: won or unknown in well under a second


@pytest.fixture
def no_dask(monkeypatch):
    """As if dask were not installed: importing it fails."""
    monkeypatch.setitem(sys.modules, "distributed", None)


@pytest.fixture
def solved(monkeypatch):
    """The deals the survey hands to the solver, in order."""
    calls: list[int] = []
    real = survey_run.solve_deal

    def counting(task, progress=None, shorter=True):
        calls.append(task[1])
        shortened.append(shorter)
        return real(task, progress, shorter)

    shortened: list[bool] = []
    monkeypatch.setattr(survey_run, "SHORTENED_FOR_TESTS", shortened, raising=False)

    monkeypatch.setattr(survey_run, "solve_deal", counting)
    return calls


def rows_of(path) -> list[tuple]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT deal, status, states, seconds FROM deals ORDER BY deal").fetchall()


def freecell_key(max_states: int = 300) -> SurveyKey:
    ruleset = find_ruleset("freecell")
    return SurveyKey(ruleset.id, rules_digest(ruleset), SOLVER_VERSION, 5.0, max_states)


# The results file


def test_a_deal_is_stored_once_however_often_it_is_added(tmp_path):
    row = {"ruleset": "g", "rules": "r", "solver": "8", "deal": 3, "timeout": 1.0, "max_states": 0,
           "status": "unknown", "reason": "timeout", "states": 10, "seconds": 1.0, "finished": "now"}
    with SurveyFile(tmp_path / "s.sqlite3") as results:
        assert results.add([row]) == [row]
        assert results.add([row, {**row, "status": "solved", "seconds": 0.5}]) == []  # the first answer stays
        assert results.add([{**row, "max_states": 100}]) == [{**row, "max_states": 100}]  # another budget
        assert [r["status"] for r in results.rows()] == ["unknown", "unknown"]


def test_a_chunk_is_written_whole_or_not_at_all(tmp_path):
    good = {"ruleset": "g", "rules": "r", "solver": "8", "deal": 1, "timeout": 1.0, "max_states": 0,
            "status": "solved", "reason": "win found", "states": 5, "seconds": 0.1, "finished": "now"}
    broken = {**good, "deal": 2, "status": "maybe"}  # refused by the table's CHECK
    with SurveyFile(tmp_path / "s.sqlite3") as results:
        with pytest.raises(SurveyError):
            results.add([good, broken])
        assert list(results.rows()) == []


def test_another_sqlite_file_is_refused_in_one_line(tmp_path):
    other = tmp_path / "stats.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE games (id INTEGER)")
    with pytest.raises(SurveyError, match="not a survey file"):
        SurveyFile(other)
    result = run("survey", "report", str(other))
    assert result.exit_code == 1 and "not a survey file" in result.output and "Traceback" not in result.output


# Resuming


def test_resume_solves_only_the_missing_deals_and_counts_none_twice(tmp_path, solved):
    path, key = tmp_path / "s.sqlite3", freecell_key()

    def stopping(chunks, digest):  # a run stopped after its second chunk came back
        for count, rows in enumerate(in_this_process(chunks, digest), 1):
            yield rows
            if count == 2:
                raise KeyboardInterrupt

    with SurveyFile(path) as results, pytest.raises(KeyboardInterrupt):
        survey(results, "freecell", key, range(1, 9), rules_digest, stopping, workers=1, chunk=2)
    kept = rows_of(path)
    assert [deal for deal, *_rest in kept] == [1, 2, 3, 4] and solved == [1, 2, 3, 4]
    with SurveyFile(path) as results:
        tally = survey(results, "freecell", key, range(1, 9), rules_digest, in_this_process, workers=1, chunk=2)
    assert solved == [1, 2, 3, 4, 5, 6, 7, 8]  # deals 1-4 were not solved again
    assert rows_of(path)[:4] == kept  # their rows are as the first run left them
    assert [deal for deal, *_rest in rows_of(path)] == list(range(1, 9))
    assert tally.done == tally.total == 8 and sum(tally.counts.values()) == 8


def test_ctrl_c_keeps_the_finished_chunks_exits_130_and_the_same_command_goes_on(tmp_path, no_dask, monkeypatch):
    path = tmp_path / "s.sqlite3"
    real = survey_run.solve_deal
    calls: list[int] = []

    def interrupted_at_deal_4(task, progress=None, shorter=True):
        calls.append(task[1])
        if task[1] == 4 and calls.count(4) == 1:
            raise KeyboardInterrupt
        return real(task, progress, shorter)

    monkeypatch.setattr(survey_run, "solve_deal", interrupted_at_deal_4)
    args = ("survey", "freecell", "--deals", "1-6", *BUDGET, "--jobs", "1", "--chunk", "2", "--out", str(path))
    stopped = run(*args)
    assert stopped.exit_code == 130 and "Traceback" not in stopped.output
    assert "stopped by Ctrl-C: 2 of 6 deals" in stopped.output
    assert [deal for deal, *_rest in rows_of(path)] == [1, 2]  # deal 3 was in flight with 4: lost
    again = run(*args)
    assert again.exit_code == 0, again.output
    assert calls == [1, 2, 3, 4, 3, 4, 5, 6]
    assert "6 of 6 deals answered" in again.output
    complete = run(*args)  # nothing is missing: no deal is solved and no worker is started
    assert complete.exit_code == 0 and "6 of 6 deals answered" in complete.output
    assert calls == [1, 2, 3, 4, 3, 4, 5, 6] and "local processes" not in complete.output


# Without dask


def test_without_dask_the_survey_runs_here_and_says_how_to_get_the_cluster(tmp_path, no_dask):
    path = tmp_path / "s.sqlite3"
    result = run("survey", "run", "freecell", "--deals", "1-3", *BUDGET, "--jobs", "1", "--out", str(path))
    assert result.exit_code == 0, result.output
    assert "pip install 'patience[survey]'" in result.output
    assert "3 of 3 deals answered" in result.output and str(path) in result.output
    assert [deal for deal, *_rest in rows_of(path)] == [1, 2, 3]
    refused = run("survey", "freecell", "--deals", "1-3", "--scheduler", "tcp://127.0.0.1:8786", "--out", str(path))
    assert refused.exit_code == 1 and "--scheduler needs Dask" in refused.output


def test_the_default_file_is_in_the_data_folder_named_for_the_game(tmp_path, no_dask, monkeypatch):
    monkeypatch.setenv("PATIENCE_DATA", str(tmp_path / "data"))
    result = run("survey", "freecell", "--deals", "1", *BUDGET, "--jobs", "1")
    expected = tmp_path / "data" / "surveys" / "freecell.survey.sqlite3"
    assert result.exit_code == 0, result.output
    assert result.output.count(str(expected)) == 2  # said at the start and at the end
    assert len(rows_of(expected)) == 1


# Refusals: one line, no traceback


@pytest.mark.parametrize("args, words", [
    (("survey", "freecell", "--deals", "5-2"), "--deals wants A-B"),
    (("survey", "freecell", "--deals", "x"), "--deals wants A-B"),
    (("survey", "no-such-game", "--deals", "1-2"), "no-such-game"),
    (("survey", "freecell", "--deals", "1-2", "--scheduler", "nonsense"), "--scheduler wants an address"),
    (("survey", "report", "missing.sqlite3"), "no survey file"),
])
def test_bad_input_is_refused_in_one_line(args, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(*args)
    assert result.exit_code == 1, result.output
    assert words in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not list(Path(os.environ["PATIENCE_DATA"]).rglob("*.sqlite3"))  # refused before any file is made


def test_an_unreachable_scheduler_is_refused_in_one_line(tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    from patience.survey import cluster

    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)
    result = run("survey", "freecell", "--deals", "1-2", "--scheduler", "tcp://127.0.0.1:9", "--out",
                 str(tmp_path / "s.sqlite3"))
    assert result.exit_code == 1 and "no Dask scheduler answers at tcp://127.0.0.1:9" in result.output
    assert "Traceback" not in result.output


# The report's arithmetic


def wilson_by_roots(successes: int, trials: int, z: float) -> tuple[float, float]:
    """The Wilson bounds as the roots of n(p̂ - p)² = z²p(1 - p), a quadratic in p."""
    share = successes / trials
    a, b, c = trials + z * z, -(2 * trials * share + z * z), trials * share * share
    root = math.sqrt(b * b - 4 * a * c)
    return (-b - root) / (2 * a), (-b + root) / (2 * a)


@pytest.mark.parametrize("successes, trials", [(81, 100), (0, 10), (10, 10), (1, 3), (819, 1000), (5, 7)])
def test_wilson_interval_matches_the_quadratic_roots(successes, trials):
    low, high = wilson(successes, trials)
    expected = wilson_by_roots(successes, trials, 1.959963984540054)
    assert low == pytest.approx(expected[0], abs=1e-12) and high == pytest.approx(expected[1], abs=1e-12)


def test_wilson_interval_against_textbook_values():
    assert wilson(81, 100) == pytest.approx((0.7222, 0.8749), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(50, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)


def test_percentiles_are_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert [percentile(values, p) for p in (50, 90, 99, 100)] == [50.0, 90.0, 99.0, 100.0]
    assert percentile([3.0], 50) == 3.0 and percentile([1.0, 2.0, 3.0], 50) == 2.0


def row(deal: int, status: str, seconds: float = 1.0, length: int | None = None, **key) -> dict:
    base = {"ruleset": "g", "rules": "r", "solver": "8", "timeout": 2.0, "max_states": 0, "machine": "m"}
    return {**base, **key, "deal": deal, "status": status, "seconds": seconds, "length": length}


def test_the_report_shares_interval_and_unknown_range():
    rows = ([row(d, "solved", seconds=d / 100, length=100 + d) for d in range(1, 82)]
            + [row(d, "unsolvable") for d in range(82, 101)]
            + [row(d, "unknown", seconds=2.0) for d in range(101, 111)]
            + [row(1, "unknown")]  # deal 1 again, from another file: counted once, as first seen
            + [row(1, "solved", max_states=500)])  # another budget: its own report
    first, other = reports(grouped(rows))
    assert (first.deals, first.solved, first.unsolvable, first.unknown) == (110, 81, 19, 10)
    assert first.share == pytest.approx(0.81)
    assert first.interval == pytest.approx(wilson(81, 100))
    assert first.share_range == pytest.approx((81 / 110, 91 / 110))
    assert first.seconds == pytest.approx({"p50": 0.55, "p90": 1.0, "p99": 2.0, "max": 2.0})
    assert first.mean_length == pytest.approx(141.0) and (first.first, first.last) == (1, 110)
    assert (other.max_states, other.deals, other.solved) == (500, 1, 1)


def test_report_json_fields(tmp_path, no_dask):
    path = tmp_path / "s.sqlite3"
    assert run("survey", "freecell", "--deals", "1-3", *BUDGET, "--jobs", "1", "--out", str(path)).exit_code == 0
    result = run("survey", "report", str(path), "--json")
    assert result.exit_code == 0, result.output
    (game,) = json.loads(result.output)["games"]
    assert set(game) == {"game", "rules", "solver", "timeout", "max_states", "deals", "first", "last", "solved",
                         "unsolvable", "unknown", "share", "interval", "share_range", "seconds", "mean_length",
                         "machines"}
    assert game["game"] == "freecell" and game["deals"] == 3 and game["solver"] == SOLVER_VERSION
    assert game["solved"] + game["unsolvable"] + game["unknown"] == 3
    assert set(game["seconds"]) == {"p50", "p90", "p99", "max"}


def test_report_text_and_plot(tmp_path, no_dask):
    pytest.importorskip("matplotlib")
    path, picture = tmp_path / "s.sqlite3", tmp_path / "survey.png"
    assert run("survey", "freecell", "--deals", "1-3", *BUDGET, "--jobs", "1", "--out", str(path)).exit_code == 0
    result = run("survey", "report", str(path), "--plot", str(picture))
    assert result.exit_code == 0, result.output
    assert "freecell: deals 1-3 (3 deals)" in result.output and "95 % interval" in result.output
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_export_to_parquet_keeps_every_row_and_column(tmp_path, no_dask):
    pyarrow_parquet = pytest.importorskip("pyarrow.parquet")
    from patience.survey.store import COLUMNS

    path, out = tmp_path / "s.sqlite3", tmp_path / "s.parquet"
    assert run("survey", "freecell", "--deals", "1-3", *BUDGET, "--jobs", "1", "--out", str(path)).exit_code == 0
    result = run("survey", "export", str(path), str(path), "--parquet", str(out))
    assert result.exit_code == 0 and "3 rows written" in result.output  # the same file twice: each deal once
    table = pyarrow_parquet.read_table(out)
    assert tuple(table.schema.names) == COLUMNS
    with SurveyFile(path, readonly=True) as results:
        assert table.to_pylist() == list(results.rows())


def test_a_worker_whose_rules_differ_refuses_the_chunk():
    from patience.survey.run import Chunk, OtherRules, solve_chunk

    chunk = Chunk("freecell", (1,), freecell_key())
    with pytest.raises(OtherRules):
        solve_chunk(chunk, lambda ruleset: "another digest")  # another patience version's rules
    (row,) = solve_chunk(chunk, rules_digest)
    assert row["deal"] == 1 and row["rules"] == chunk.key.rules and row["status"] in ("solved", "unknown")


@pytest.mark.parametrize("missing, workers, size", [(0, 2, 1), (6, 2, 1), (1000, 2, 25), (160, 2, 10), (10**6, 64, 25)])
def test_chunks_give_each_worker_several_and_none_is_large(missing, workers, size):
    from patience.survey.run import chunk_size

    assert chunk_size(missing, workers) == size


def test_deals_another_survey_wrote_meanwhile_are_not_counted_again(tmp_path):
    path, key = tmp_path / "s.sqlite3", freecell_key()

    def racing(chunks, digest):  # another survey of the same file stores each chunk first
        with SurveyFile(path) as other:
            for rows in in_this_process(chunks, digest):
                other.add(rows[:1])
                yield rows

    with SurveyFile(path) as results:
        tally = survey(results, "freecell", key, range(1, 5), rules_digest, racing, workers=1, chunk=2)
    assert [deal for deal, *_rest in rows_of(path)] == [1, 2, 3, 4]
    assert tally.done == 2 and sum(tally.counts.values()) == 2  # this run wrote deals 2 and 4 only


def test_the_docs_table_lists_every_shipped_game_and_fills_the_surveyed_one(tmp_path, no_dask, monkeypatch):
    import importlib.util

    from patience.ruleset.registry import shipped_rulesets

    script = Path(__file__).resolve().parents[1] / "benchmarks" / "survey_table.py"
    spec = importlib.util.spec_from_file_location("survey_table", script)
    survey_table = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(survey_table)
    path = tmp_path / "s.sqlite3"
    assert run("survey", "freecell", "--deals", "1-2", *BUDGET, "--jobs", "1", "--out", str(path)).exit_code == 0
    lines = survey_table.table([path]).splitlines()[2:]
    assert [line.split(" | ")[0].strip("| ") for line in lines] == sorted(r.id for r in shipped_rulesets())
    (freecell,) = [line for line in lines if line.startswith("| freecell |")]
    assert f"| 1–2 | 5 s, 300 positions, solver {SOLVER_VERSION} |" in freecell
    assert "| 99.999 | Blake & Gent, JAIR 2026 (Solvitaire) |" in freecell  # the figure and its source
    assert len(freecell.strip("|").split("|")) == survey_table.COLUMNS
    assert all("not surveyed" in line for line in lines if line is not freecell)
    # A page's lines of other surveys stay (their files need not be at hand), in the new columns;
    # a line of the same deals and budget is the file's; --replace drops a game's old lines.
    older = ("| golf | 1–1000 | 30 s, solver 9 | 445 | 354 | 201 | 55.7 (52.2–59.1) | 44.5–64.6 | 45.1 | 0.69 / 4.33 | m |\n"
             "| fan | 1–10 | 1 s, solver 8 | 5 | 5 | 0 | 50.0 (23.7–76.3) |  | 48.8 | 0.1 / 0.2 | m |\n"
             f"| freecell | 1–2 | 5 s, 300 positions, solver {SOLVER_VERSION} | OLD | 0 | 0 | 2 | 0.0 | none decided | "
             "0.0–100.0 | | | 1 / 1 | m |\n")
    page = tmp_path / "page.md"
    page.write_text(f"before\n{survey_table.START}\nSTALE ROW\n{older}{survey_table.END}\nafter\n", encoding="utf-8")
    load = tmp_path / "load.json"
    load.write_text('{"freecell": "9.9"}', encoding="utf-8")
    monkeypatch.setattr(sys, "argv", ["survey_table.py", str(path), "--write", str(page), "--load", str(load),
                                      "--replace", "fan"])
    survey_table.main()
    text = page.read_text(encoding="utf-8")
    assert text.startswith("before\n") and text.endswith("after\n") and "STALE ROW" not in text
    assert f"| freecell | 1–2 | 5 s, 300 positions, solver {SOLVER_VERSION} | 9.9 |" in text and "OLD" not in text
    (golf,) = [line for line in text.splitlines() if line.startswith("| golf |")]
    assert golf.startswith(f"| golf | 1–1000 | 30 s, solver 9 | {survey_table.OLDER_LOAD} | 445 | 354 | 201 | 79.9 |")
    assert "| 45.1 | Blake & Gent, JAIR 2026 (Solvitaire) |" in golf
    assert "| fan | not surveyed |" in text


def test_a_damaged_or_unwritable_results_file_is_refused_in_one_line(tmp_path, no_dask):
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"this is no database at all, " * 100)
    blocked = tmp_path / "a-file" / "s.sqlite3"  # its folder would have to be where a file is
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    for args in (("survey", "freecell", "--deals", "1", "--jobs", "1", "--out", str(garbage)),
                 ("survey", "report", str(garbage)),
                 ("survey", "freecell", "--deals", "1", "--jobs", "1", "--out", str(blocked))):
        result = run(*args)
        assert result.exit_code == 1, result.output
        assert "Traceback" not in result.output and result.output.strip().splitlines()[-1].startswith("Error: ")
    assert garbage.read_bytes().startswith(b"this is no database")  # left as it was


def test_a_survey_asks_for_no_shortened_lines(tmp_path, solved, no_dask):
    """A survey measures winnability; shortening a win for a player (0.3 s on a quick FreeCell
    deal) is not asked for, so every deal costs its search alone."""
    out = tmp_path / "r.sqlite"
    result = run("survey", "run", "freecell", "--deals", "1-3", *BUDGET, "--jobs", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert solved == [1, 2, 3] and survey_run.SHORTENED_FOR_TESTS == [False, False, False]


def test_max_memory_bounds_each_deal_and_the_rows_say_how_much(tmp_path, no_dask):
    """`--max-memory` reaches the compiled core of every deal: with 64 KiB a hard deal stops at
    `max memory`, and the row's machine says the memory it had (not part of the key)."""
    path = tmp_path / "k.sqlite3"
    result = run("survey", "klondike-3", "--deals", "7", "--timeout", "30", "--max-memory", "64K", "--jobs", "1",
                 "--out", str(path))
    assert result.exit_code == 0, result.output
    with SurveyFile(path, readonly=True) as results:
        (row,) = list(results.rows())
    assert (row["status"], row["reason"]) == ("unknown", "max memory")
    assert row["machine"].endswith(", 0.0625 MiB a deal")
    bad = run("survey", "klondike-3", "--deals", "7", "--max-memory", "lots", "--out", str(tmp_path / "b.sqlite3"))
    assert bad.exit_code == 2 and "is not a size" in bad.output and "Traceback" not in bad.output
