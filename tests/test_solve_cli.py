"""`patience solve` refuses deal numbers a game does not have in one line, before solving any,
and Ctrl-C ends it cleanly: a line, the deals answered so far, exit 130, no worker tracebacks."""

from __future__ import annotations

import itertools
import json
import os
import select
import signal
import subprocess
import sys
import time

import pytest
from clirun import run

from patience.solver import batch


def one_line_error(result, expected: str) -> None:
    """Refused with exit 1 and the one line ``Error: expected...``: no traceback, nothing solved."""
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit)
    assert result.output.startswith("Error: " + expected) and result.output.count("\n") == 1, result.output


@pytest.mark.parametrize(("args", "expected"), [
    (["freecell", "--deal", "99999999999"], "Microsoft deal numbers run from 1 to 2147483647, not 99999999999"),
    (["freecell", "--deals", "2147483647-2147483648"], "Microsoft deal numbers run from 1 to 2147483647, not 2147483648"),
    (["klondike", "--deal", str(2**63)], f"deal numbers run from 1 to {2**63 - 1}, not {2**63}"),
    (["klondike", "--deals", "1-99999999999999999999"], f"deal numbers run from 1 to {2**63 - 1}, not 99999999999999999999"),
    (["klondike", "--deals", "1-"], "--deals wants A-B, such as 1-100, not '1-'"),
    (["klondike", "--deals", "5-3"], "--deals wants A-B with 1 <= A <= B, not '5-3'"),
    (["klondike", "--deal", "1", "--timeout", "nan"], "--timeout wants a number of seconds, not nan"),
    (["czternastki", "--deal", "1", "--class", "third"], "czternastki has no win class 'third'; its classes: first, second"),
    (["klondike", "--deal", "1", "--class", "second"], "klondike has one way to win; --class is for games with win classes"),
])
def test_deals_a_game_does_not_have_are_refused_in_one_line(args, expected):
    one_line_error(run("solve", *args), expected)


def test_a_range_past_the_last_deal_is_refused_before_its_first_deal_is_solved(monkeypatch):
    def must_not_solve(*args, **kwargs):
        raise AssertionError("a deal was solved")

    monkeypatch.setattr(batch, "solve_deal", must_not_solve)
    one_line_error(run("solve", "freecell", "--deals", "2147483640-2147483648"), "Microsoft deal numbers")


def test_the_last_deals_of_a_shuffle_are_solved():
    result = run("solve", "freecell", "--deals", "2147483646-2147483647", "--max-states", "5")
    assert result.exit_code == 0, result.output
    assert "deal 2147483647: unknown" in result.output


def interrupted_after(answers: int):
    """A stand-in for `solve_deals` that answers ``answers`` deals, then meets Ctrl-C."""
    def solve_deals(game, deals, *args, **kwargs):
        for deal in deals[:answers]:
            yield {"deal": deal, "status": "unknown", "reason": "max states", "states": 5, "seconds": 0.5, "moves": []}
        raise KeyboardInterrupt

    return solve_deals


def test_ctrl_c_during_a_range_keeps_the_deals_answered_and_exits_130(monkeypatch):
    monkeypatch.setattr(batch, "solve_deals", interrupted_after(2))
    result = run("solve", "klondike", "--deals", "1-10")
    assert result.exit_code == 130
    assert "deal 2: unknown" in result.output and "deal 3" not in result.output
    assert "stopped by Ctrl-C after 2 of 10 deals" in result.output
    assert "2 deals: 0 solved, 0 unsolvable, 2 unknown" in result.output
    assert "Aborted" not in result.output


def test_ctrl_c_with_json_prints_the_answers_marked_interrupted(monkeypatch):
    monkeypatch.setattr(batch, "solve_deals", interrupted_after(1))
    result = run("solve", "klondike", "--deals", "1-10", "--json")
    assert result.exit_code == 130
    first, _, rest = result.output.partition("\n")
    assert first == "stopped by Ctrl-C after 1 of 10 deals"
    payload = json.loads(rest)
    assert payload["interrupted"] is True
    assert [r["deal"] for r in payload["results"]] == [1] and payload["summary"]["deals"] == 1


def test_ctrl_c_on_one_deal_says_so_in_one_line(monkeypatch):
    monkeypatch.setattr(batch, "solve_deals", interrupted_after(0))
    result = run("solve", "klondike", "--deal", "3")
    assert (result.exit_code, result.output) == (130, "stopped by Ctrl-C before an answer\n")


class ListPool:
    """Just enough of a process pool for `_in_order`: counts the tasks handed over and not yet
    collected."""

    def __init__(self) -> None:
        self.outstanding = 0
        self.most = 0

    def apply_async(self, function, args, kwds=None):
        self.outstanding += 1
        self.most = max(self.most, self.outstanding)
        pool = self

        class Answer:
            def get(self):
                pool.outstanding -= 1
                return args[0]

        return Answer()


def test_a_pool_is_handed_a_few_deals_at_a_time_in_order():
    pool = ListPool()
    answers = batch._in_order(pool, ((n,) for n in itertools.count(1)), ahead=4)  # as endless as 1-2**63
    assert list(itertools.islice(answers, 10)) == [(n,) for n in range(1, 11)]
    assert pool.most == 4


def keys_as_at_a_terminal() -> None:
    """Ctrl-C acts as at a terminal even when the tests run in the background, where a shell
    starts commands with SIGINT ignored and children inherit that (see test_terminal.py)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def ctrl_c(args: list[str], tmp_path, *, after_line: str | None, delay: float) -> tuple[int, str, bool]:
    """Start `patience ARGS` in a process group of its own, press Ctrl-C (SIGINT to the whole
    group, as a terminal does) ``delay`` seconds after it prints ``after_line`` (or after it
    starts), and give its exit code, its output and whether every process of the group ended."""
    env = dict(os.environ, PATIENCE_DATA=str(tmp_path))
    child = subprocess.Popen([sys.executable, "-m", "patience", *args], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, env=env, cwd=tmp_path, start_new_session=True,
                             preexec_fn=keys_as_at_a_terminal)
    assert child.stdout is not None
    seen = b""
    deadline = time.monotonic() + 15
    while after_line is not None and after_line.encode() not in seen and time.monotonic() < deadline:
        if select.select([child.stdout], [], [], 0.1)[0]:
            seen += os.read(child.stdout.fileno(), 4096)
    time.sleep(delay)
    os.killpg(child.pid, signal.SIGINT)
    rest, _ = child.communicate(timeout=15)
    return child.returncode, (seen + rest).decode(), group_ends(child.pid)


def group_ends(group: int, within: float = 3.0) -> bool:
    """Whether every process of the group has ended within a few seconds; any left are killed."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not running_in_group(group):
            return True
        time.sleep(0.05)
    os.killpg(group, signal.SIGKILL)
    return False


def running_in_group(group: int) -> list[int]:
    """The processes of the group that have not ended. Ended ones whose parent has gone may wait
    as zombies for an init that is slow to collect them (a container's): those do not count.
    Without /proc, whether any process is in the group at all."""
    if not os.path.isdir("/proc/self"):
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return []
        return [group]
    found = []
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rpartition(")")[2].split()  # after `pid (command)`
        except (OSError, ValueError):
            continue
        state, pgrp = fields[0], int(fields[2])
        if pgrp == group and state != "Z":
            found.append(int(entry))
    return found


@pytest.mark.parametrize(("after_line", "delay"), [
    (None, 0.6),  # the workers are starting or solving their first deals
    ("deal 1:", 0.0),  # both workers busy, deals waiting
    ("deal 1:", 0.15),
])
def test_ctrl_c_stops_two_jobs_without_worker_tracebacks(tmp_path, after_line, delay):
    code, output, group_gone = ctrl_c(["solve", "klondike", "--deals", "1-200", "--jobs", "2", "--max-states", "2000"],
                                      tmp_path, after_line=after_line, delay=delay)
    assert "Traceback" not in output and "KeyboardInterrupt" not in output, output
    assert code == 130, output
    assert "stopped by Ctrl-C" in output
    assert group_gone


def test_ctrl_c_stops_one_deal_before_its_answer(tmp_path):
    # Dywan deal 1 stays undecided after millions of positions (docs/solver.md), so the press
    # comes before any answer on any machine; a quick deal (Klondike draw 3 deal 105, once here)
    # came to be proven in a second as the search grew stronger.
    code, output, group_gone = ctrl_c(["solve", "dywan", "--deal", "1", "--timeout", "60"],
                                      tmp_path, after_line=None, delay=1.5)
    assert "Traceback" not in output, output
    assert (code, output) == (130, "stopped by Ctrl-C before an answer\n")
    assert group_gone


def test_max_memory_bounds_the_compiled_core_and_says_unknown():
    """`solve --max-memory`: FreeCell 11982 needs a few MB of table to be proven unsolvable; with
    1M the answer is unknown for want of memory (after the rollouts' quarter of the clock), with
    64M it is unsolvable."""
    small = run("solve", "freecell", "--deal", "11982", "--max-memory", "1M", "--timeout", "2", "--json")
    assert small.exit_code == 0, small.output
    answer = json.loads(small.output)
    assert (answer["status"], answer["reason"], answer["engine"]) == ("unknown", "max memory", "compiled")
    enough = json.loads(run("solve", "freecell", "--deal", "11982", "--max-memory", "64m", "--json").output)
    assert (enough["status"], enough["engine"]) == ("unsolvable", "compiled")


@pytest.mark.parametrize("size, said", [
    ("12X", "'12X' is not a size; write bytes or a number with K, M or G: 512M, 2G"),
    ("-5", "'-5' is not a size"),
    ("0", "'0' is out of range; give 1 byte to 1024G"),
    ("2048G", "'2048G' is out of range"),
])
def test_a_bad_max_memory_is_refused_in_one_line(size, said):
    result = run("solve", "freecell", "--deal", "1", "--max-memory", size)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert said in result.output


# ------------------------------------------------------------------ true words (issue 34, 5)
THOUGHTFUL = "thoughtful: the solver saw the face-down cards"


def hides_something(game_id: str) -> bool:
    """Read from the deal itself, not from the solver: a face-down card on a pile that is not the
    stock, or a stock holding cards (a player does not see their order)."""
    from patience.engine.game import Game

    game = Game.new(game_id, deal=1)
    stock = game.rules.stock_pile
    face_down = any(game.hidden[p] for p in range(len(game.piles)) if p != stock)
    return face_down or (stock >= 0 and bool(game.piles[stock]))


@pytest.mark.parametrize(("game_id", "hides"), [
    ("freecell", False), ("bakers-game", False), ("seahaven-towers", False), ("eight-off", False),  # all open
    ("klondike", True),  # face-down cards and a stock
    ("yukon", True),  # face-down cards, no stock
    ("golf", True),  # every column card face up, an unseen stock
])
def test_thoughtful_is_said_only_where_the_deal_hides_cards(game_id, hides):
    """Issue 34 (5): the words, in a solved answer, its JSON, and a range's summary, only where the
    game has face-down cards or an unseen stock; never in FreeCell and the other open games."""
    assert hides_something(game_id) is hides  # the premise, from the deal's own piles
    one = run("solve", game_id, "--deal", "1", "--max-states", "20000")
    assert one.exit_code == 0, one.output
    assert (THOUGHTFUL in one.output) is hides, one.output
    as_json = json.loads(run("solve", game_id, "--deal", "1", "--max-states", "20000", "--json").output)
    assert as_json["thoughtful"] is hides
    summary = run("solve", game_id, "--deals", "1-2", "--max-states", "300")
    assert summary.exit_code == 0, summary.output
    assert (THOUGHTFUL in summary.output) is hides, summary.output
    if not hides:
        assert "face-down" not in one.output + summary.output and "thoughtful" not in one.output + summary.output


def test_a_solve_result_claims_nothing_unless_the_solver_looked():
    """A result made without a search (a stored daily answer of old, an interrupted range) does not
    say the solver saw hidden cards: `SolveResult.thoughtful` is False until `sees_hidden` says so."""
    from patience.engine.game import Game
    from patience.solver.search import SolveResult, sees_hidden, solve

    assert SolveResult("unknown").thoughtful is False
    assert solve(Game.new("freecell", deal=1), max_states=5).thoughtful is False
    assert solve(Game.new("golf", deal=1), max_states=5).thoughtful is True
    klondike = Game.new("klondike", deal=1)
    assert sees_hidden(klondike)
    for p in range(len(klondike.piles)):  # every card turned up and the stock emptied: nothing unseen
        klondike.hidden[p] = 0
    klondike.piles[klondike.rules.waste_pile] += klondike.piles[klondike.rules.stock_pile]
    klondike.piles[klondike.rules.stock_pile] = []
    assert not sees_hidden(klondike)


def test_a_later_win_class_is_searched_and_named():
    # CZ-4: Czternastki deal 10 has no second-class end either (both searches exhaust it, see
    # tests/test_solver_classes.py); the answer names the class searched, text and JSON.
    result = run("solve", "czternastki", "--deal", "10", "--class", "second")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("unsolvable (every reachable position was searched)")
    assert "\nwin class searched: second class (second)\n" in result.output  # its name, then the id typed
    polish = run("solve", "czternastki", "--deal", "10", "--class", "second", "--lang", "pl")
    assert "\nszukana klasa wygranej: drugiej klasy (second)\n" in polish.output
    answer = json.loads(run("solve", "czternastki", "--deal", "10", "--class", "second", "--json").output)
    assert answer["win_class"] == "second" and answer["status"] == "unsolvable"


@pytest.mark.parametrize("game_id", ["freecell", "klondike"])
def test_the_solved_line_typed_at_the_board_as_solve_advises_wins(game_id, tmp_path):
    """`solve` says how to type its line at the board; typed so through a pipe with --strict, the
    line is played to its end and wins. (It advised --no-autoplay alone, and auto-finish ended the
    game before the line did: FreeCell deal 1 stopped at line 69, '3h' refused.)"""
    solved = run("solve", game_id, "--deal", "1", "--timeout", "20")
    assert solved.exit_code == 0, solved.output
    moves = next(line for line in solved.output.splitlines() if line.startswith("moves ")).split(": ", 1)[1].split()
    advice = next(line for line in solved.output.splitlines() if line.startswith("to type this line at the board"))
    flags = [word.rstrip(":,") for word in advice.split() if word.startswith("--")]
    env = {**os.environ, "PATIENCE_DATA": str(tmp_path / "data"), "PATIENCE_CONFIG": str(tmp_path / "config"),
           "PATIENCE_LANG": "en"}
    played = subprocess.run([sys.executable, "-m", "patience", "play", game_id, "--deal", "1", "--plain", "--strict",
                             *flags], input="\n".join(moves) + "\n", capture_output=True, text=True, env=env, timeout=120)
    assert played.returncode == 0, played.stdout[-500:] + played.stderr[-500:]
    assert f"WON · {len(moves)} moves" in played.stdout
