"""`patience survey` on a real local Dask cluster (issue 26): two worker processes on a small
range, and a worker killed in the middle of a survey that still ends with every deal once."""

from __future__ import annotations

import functools
import json
import os
import signal
import sqlite3
import sys

import pytest
from clirun import run

pytest.importorskip("distributed")

import cloudpickle

from patience.session.catalogue import rules_digest
from patience.ruleset.registry import find_ruleset
from patience.solver.daily import SOLVER_VERSION
from patience.survey import SurveyFile, SurveyKey
from patience.survey.cluster import dask_client, on_dask, worker_count
from patience.survey.run import survey

# The workers cannot import this test module: its functions travel by value.
cloudpickle.register_pickle_by_value(sys.modules[__name__])


def deals_in(path) -> list[int]:
    with sqlite3.connect(path) as db:
        return [deal for (deal,) in db.execute("SELECT deal FROM deals ORDER BY deal")]


def deals_so_far(path) -> list[int]:
    """The deals of a file a survey is still writing: none while it is only being created (the
    file exists a moment before its table)."""
    try:
        return deals_in(path)
    except sqlite3.OperationalError:
        return []


def test_a_local_cluster_of_two_workers_surveys_a_range(tmp_path):
    path = tmp_path / "s.sqlite3"
    result = run("survey", "freecell", "--deals", "1-6", "--max-states", "300", "--jobs", "2", "--chunk", "2",
                 "--out", str(path))
    assert result.exit_code == 0, result.output
    assert "Dask: 2 workers on a local cluster" in result.output
    assert "6 of 6 deals answered" in result.output
    assert deals_in(path) == [1, 2, 3, 4, 5, 6]
    with sqlite3.connect(path) as db:  # each deal's answer is the one the solver gives it alone
        stored = dict(db.execute("SELECT deal, status FROM deals"))
    alone = run("solve", "freecell", "--deals", "1-6", "--max-states", "300", "--json")
    assert {r["deal"]: r["status"] for r in json.loads(alone.output)["results"]} == stored


def killing_its_worker_on_the_second_chunk(ruleset, marks=None):
    """The rules' digest, as the survey asks each chunk for it in the worker; the second time it
    is asked anywhere, the worker it runs in is killed (once: marker files say what happened)."""
    seen, killed = marks
    if not os.path.exists(seen):
        open(seen, "x").close()
    elif not os.path.exists(killed):
        open(killed, "x").close()
        os.kill(os.getpid(), signal.SIGKILL)
    return rules_digest(ruleset)


def test_a_worker_killed_mid_survey_has_its_chunk_rerun_and_every_deal_is_stored_once(tmp_path):
    from distributed import LocalCluster

    path, seen, killed = tmp_path / "s.sqlite3", str(tmp_path / "seen"), str(tmp_path / "killed")
    ruleset = find_ruleset("freecell")
    key = SurveyKey(ruleset.id, rules_digest(ruleset), SOLVER_VERSION, 5.0, 300)
    digest = functools.partial(killing_its_worker_on_the_second_chunk, marks=(seen, killed))
    # --scheduler's way in: a client of a cluster that is already running
    with (LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0") as cluster,
          dask_client(1, scheduler=cluster.scheduler_address) as client, SurveyFile(path) as results):
        assert worker_count(client) == 2
        tally = survey(results, "freecell", key, range(1, 9), digest, on_dask(client), workers=2, chunk=2)
    assert os.path.exists(killed)  # a worker did die, after another chunk had begun
    assert deals_in(path) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert tally.done == tally.total == 8 and sum(tally.counts.values()) == 8


def test_scheduler_option_sends_the_survey_to_a_running_cluster(tmp_path):
    from distributed import LocalCluster

    path = tmp_path / "s.sqlite3"
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0") as cluster:
        result = run("survey", "freecell", "--deals", "1-4", "--max-states", "300", "--out", str(path),
                     "--scheduler", cluster.scheduler_address)
    assert result.exit_code == 0, result.output
    assert f"Dask: 2 workers on {cluster.scheduler_address}" in result.output
    assert deals_in(path) == [1, 2, 3, 4]


def test_a_client_killed_mid_survey_leaves_a_sound_file_that_the_same_command_completes(tmp_path):
    import subprocess
    import time

    path = tmp_path / "s.sqlite3"
    args = [sys.executable, "-m", "patience", "survey", "freecell", "--deals", "1-400", "--max-states", "3000",
            "--jobs", "1", "--chunk", "2", "--out", str(path)]
    client = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (not path.exists() or len(deals_so_far(path)) < 4):
            time.sleep(0.2)
    finally:
        client.kill()  # SIGKILL: no handler runs, nothing is flushed
        client.wait()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    kept = deals_in(path)
    assert 4 <= len(kept) < 400 and len(kept) % 2 == 0  # whole chunks only
    last = max(kept) + 2
    done = subprocess.run([*args[:6], f"1-{last}", *args[7:]], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert deals_in(path) == list(range(1, last + 1))
