"""`solve(..., workers=2)`: depth-first in a forked process beside best-first. Its answers are
held to the same rules as the one-process solver's: checked with the engine, never trusted."""

from __future__ import annotations

import json
import multiprocessing
import signal
import time

import pytest
from clirun import run
from positions import DEPTH_FIRST_DEAL, STUCK, needs_depth_first, plays_to_win, tiny_position

from patience import Game
from patience.solver import search
from patience.solver.batch import solve_deals
from patience.solver.beside import REPORT_EVERY, Helper, can_fork
from patience.solver.prune import autoplay_rule
from patience.solver.search import CHECK_EVERY, DEPTH_FIRST_AFTER, solve

pytestmark = pytest.mark.skipif(not can_fork(), reason="no fork here: workers=2 is one process")


@pytest.fixture(autouse=True)
def python_search(monkeypatch):
    """These tests are about the Python search's helper process: the compiled core runs in one."""
    monkeypatch.setenv("PATIENCE_PURE", "1")


def never_ends(tree):
    """A best-first search that expands positions for ever: any answer must be the helper's."""
    while True:
        yield


def no_helper_left() -> bool:
    return multiprocessing.active_children() == []


def test_two_workers_win_a_deal_that_needs_depth_first_and_the_win_replays():
    # `needs_depth_first`: the depth-first helper wins it. (That the helper's own answers are
    # taken is tested below with a best-first search that never ends.)
    result = solve(needs_depth_first(), timeout=120, workers=2)
    assert result.status == "solved" and result.reason == "win found"
    assert plays_to_win(needs_depth_first(), result.moves)
    assert result.states > DEPTH_FIRST_AFTER
    assert no_helper_left()


def test_the_helpers_own_answers_win_or_prove(monkeypatch):
    monkeypatch.setattr(search, "_best_first", never_ends)
    monkeypatch.setattr(search, "DEPTH_FIRST_AFTER", 0)
    won = solve(Game.new("klondike-3", deal=1), timeout=120, workers=2)
    assert won.status == "solved" and plays_to_win(Game.new("klondike-3", deal=1), won.moves)
    dead_end = tiny_position(STUCK, {"a": "KS"})
    proved = solve(dead_end, timeout=120, workers=2)
    assert (proved.status, proved.reason) == ("unsolvable", "search exhausted")
    assert no_helper_left()


def test_a_dead_end_is_unsolvable_whichever_search_ends_first(monkeypatch):
    monkeypatch.setattr(search, "DEPTH_FIRST_AFTER", 0)  # the helper starts at once
    result = solve(tiny_position(STUCK, {"a": "KS"}), timeout=120, workers=2)
    assert (result.status, result.reason) == ("unsolvable", "search exhausted")


def endless(root, autoplay):
    while True:
        yield


def test_a_stopped_helper_runs_none_of_the_parents_signal_handlers():
    # `patience play` leaves the game on SIGTERM by raising KeyboardInterrupt. A helper forked
    # under that handler and stopped with SIGTERM unwound through Python (exit code 1, or, caught
    # while still leaving fork, ran on as a copy of the parent); it must simply be gone.
    def leave(signum, frame):
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, leave)
    try:
        helper = Helper(endless, Game.new("klondike", deal=1), None)
        deadline = time.monotonic() + 30
        while helper.states == 0 and time.monotonic() < deadline:
            helper.poll()
            time.sleep(0.01)
        helper.stop()
    finally:
        signal.signal(signal.SIGTERM, before)
    assert helper.states >= REPORT_EVERY  # it was searching when stopped
    assert helper._process.exitcode == -signal.SIGKILL
    assert no_helper_left()


def test_quick_wins_start_no_helper(monkeypatch):
    started = []
    monkeypatch.setattr(search, "Helper", lambda *args: started.append(args))
    result = solve(Game.new("freecell", deal=3), timeout=120, workers=2)
    assert result.status == "solved" and result.states < DEPTH_FIRST_AFTER
    assert started == []


def test_the_state_budget_counts_both_processes():
    result = solve(Game.new("klondike-3", deal=5), timeout=None, max_states=6000, workers=2)
    assert (result.status, result.reason) == ("unknown", "max states")
    # The helper's count arrives every REPORT_EVERY positions, read every CHECK_EVERY here.
    assert 6000 <= result.states < 6000 + REPORT_EVERY + CHECK_EVERY
    assert no_helper_left()


def test_the_time_budget_stops_the_helper_too(monkeypatch):
    helpers = []

    class Watched(Helper):
        def __init__(self, *args):
            super().__init__(*args)
            helpers.append(self)

    monkeypatch.setattr(search, "Helper", Watched)
    monkeypatch.setattr(search, "DEPTH_FIRST_AFTER", 0)
    result = solve(Game.new("klondike-3", deal=5), timeout=1.0, workers=2)
    assert (result.status, result.reason) == ("unknown", "timeout")
    assert len(helpers) == 1 and not helpers[0]._process.is_alive()
    assert no_helper_left()


def test_without_fork_two_workers_are_the_one_process_solver(monkeypatch):
    one = solve(needs_depth_first(), timeout=None, max_states=4000)
    monkeypatch.setattr(search, "can_fork", lambda: False)
    two = solve(needs_depth_first(), timeout=None, max_states=4000, workers=2)
    assert (two.status, two.moves, two.states) == (one.status, one.moves, one.states)


def broken_search(root, autoplay):
    raise RuntimeError("a bug in the helper")
    yield  # a generator, as the searches are


def test_a_helper_that_dies_leaves_the_search_to_this_process(capfd):
    game = Game.new("freecell", deal=1)
    helper = Helper(broken_search, game, autoplay_rule(game.rules))
    try:
        helper._process.join(timeout=60)
        assert helper.poll() is None and not helper.alive
        assert helper.poll() is None  # asked again: still nothing, no error
    finally:
        helper.stop()
    assert "a bug in the helper" in capfd.readouterr().err  # a bug is reported, not hidden


def test_jobs_and_workers_are_not_both_several():
    with pytest.raises(ValueError, match="not both"):
        list(solve_deals("freecell", range(1, 3), 10, None, jobs=2, workers=2))


def test_cli_one_deal_with_two_jobs_races_two_searches():
    out = run("solve", "klondike-3", "--deal", str(DEPTH_FIRST_DEAL), "--jobs", "2", "--json", "--timeout", "120")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["status"] == "solved" and data["states"] > DEPTH_FIRST_AFTER
    assert plays_to_win(needs_depth_first(), data["moves"])


def test_in_a_daemonic_process_two_workers_take_turns_in_one_process(monkeypatch):
    # A pool's workers are daemonic and may not have children: no helper, no error, and the
    # one-process answer (`needs_depth_first`'s deal).
    # The daemonic process is simulated, which spares a pool's start-up; `can_fork` reads no more
    # than `current_process().daemon`.
    from types import SimpleNamespace

    one = solve(needs_depth_first(), timeout=None, max_states=4000)
    assert one.status == "solved" and one.states > DEPTH_FIRST_AFTER
    monkeypatch.setattr("multiprocessing.current_process", lambda: SimpleNamespace(daemon=True))
    assert not can_fork() and not search.can_fork()
    two = solve(needs_depth_first(), timeout=None, max_states=4000, workers=2)
    assert (two.status, two.moves, two.states) == (one.status, one.moves, one.states)


def test_a_helper_whose_parent_has_gone_stops_quietly(capfd):
    game = Game.new("klondike-3", deal=5)  # not decided within many thousands of positions
    helper = Helper(search._restarting, game, autoplay_rule(game.rules))
    try:
        helper._answers.close()  # as when the parent is killed: its end of the pipe is gone
        helper._process.join(timeout=60)
        assert not helper._process.is_alive() and helper._process.exitcode == 0
    finally:
        helper._process.kill()
        helper._process.join()
    assert "Traceback" not in capfd.readouterr().err
