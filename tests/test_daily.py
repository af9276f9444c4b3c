"""The daily deal (`patience daily`, KL-10), `play --winnable` and the solver's live progress (issue 7)."""

from __future__ import annotations

import hashlib
import json
import os
from datetime import date, timedelta
from pathlib import Path

import pytest
from clirun import run
from positions import replays_to_win

from patience.deals import RANDOM_DEALS
from patience.engine.game import Game
from patience.ruleset.registry import find_ruleset
from patience.solver import SolveResult, daily, solve
from patience.stats.store import Store

DAY = date(2026, 11, 1)  # its first FreeCell candidate is solved in a few hundred positions


def stub(solved: set[int], calls: list[int] | None = None) -> daily.Verify:
    """A verifier that solves exactly the deals in ``solved`` (and notes what it was asked)."""

    def verify(deal: int) -> SolveResult:
        if calls is not None:
            calls.append(deal)
        return SolveResult("solved", ["x"], 1) if deal in solved else SolveResult("unknown", [], 5, reason="max states")

    return verify


# The candidates -------------------------------------------------------------------------------
def test_the_first_candidate_is_the_documented_hash_of_game_and_date():
    digest = hashlib.sha256(b"patience daily klondike 2026-11-30").digest()
    assert daily.first_candidate("klondike", date(2026, 11, 30)) == int.from_bytes(digest, "big") % RANDOM_DEALS + 1


def test_the_daily_deal_depends_on_the_game_and_the_date_only():
    ruleset = find_ruleset("freecell")
    first = daily.daily_deal(ruleset, DAY).deal
    assert daily.daily_deal(ruleset, DAY).deal == first
    assert daily.daily_deal(ruleset, DAY + timedelta(days=1)).deal != first
    assert daily.first_candidate("freecell", DAY) != daily.first_candidate("klondike", DAY)
    days = {daily.first_candidate("freecell", DAY + timedelta(days=n)) for n in range(60)}
    assert len(days) == 60 and all(1 <= d <= RANDOM_DEALS for d in days)


def test_candidates_count_up_and_wrap_to_deal_1(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(daily, "first_candidate", lambda game_id, day: RANDOM_DEALS - 1)
    assert daily.daily_candidates("any", DAY, 4) == [RANDOM_DEALS - 1, RANDOM_DEALS, 1, 2]


def test_a_candidate_not_solved_moves_on_to_the_next_number():
    first = daily.first_candidate("freecell", DAY)
    calls: list[int] = []
    found = daily.daily_deal(find_ruleset("freecell"), DAY, verify=stub({first + 2, first + 3}, calls))
    assert (found.deal, found.skipped) == (first + 2, 2)
    assert calls == [first, first + 1, first + 2]


def test_no_candidate_solved_is_a_clear_error_naming_no_game_to_try():
    with pytest.raises(daily.NoWinnableDeal) as raised:
        daily.daily_deal(find_ruleset("freecell"), DAY, tries=3, max_states=77, verify=stub(set()))
    message = str(raised.value)
    assert "could not verify any of the 3 deals of freecell" in message and "77 positions" in message
    assert "try another game" in message and "\n" not in message


def test_the_daily_deal_is_really_won_by_the_solver_moves():
    ruleset = find_ruleset("freecell")
    found = daily.daily_deal(ruleset, DAY)
    assert found.result.status == "solved" and found.deal in daily.daily_candidates("freecell", DAY)
    assert replays_to_win("freecell", found.deal, found.result.moves)


# The cache ------------------------------------------------------------------------------------
def test_the_second_call_comes_from_the_cache(tmp_path: Path):
    ruleset = find_ruleset("freecell")
    first = daily.first_candidate("freecell", DAY)
    calls: list[int] = []
    made = daily.daily_deal(ruleset, DAY, cache_dir=tmp_path, verify=stub({first + 1}, calls))
    again = daily.daily_deal(ruleset, DAY, cache_dir=tmp_path, verify=stub(set(), calls))
    assert again == made and calls == [first, first + 1]  # the second call solved nothing
    # Another budget is another answer, checked again.
    daily.daily_deal(ruleset, DAY, cache_dir=tmp_path, max_states=99, verify=stub({first}, calls))
    assert calls == [first, first + 1, first]


@pytest.mark.parametrize("damage", [b"\x00\xff not json", b"[1, 2]", b'{"format": "patience-daily-cache", "entries": 3}',
                                    b"{", b"{\"format\": \"patience-daily-cache\", \"entries\": {\"K\": 1}}"])
def test_a_damaged_cache_is_ignored_and_rewritten(tmp_path: Path, damage: bytes):
    (tmp_path / daily.CACHE_FILE).write_bytes(damage)
    ruleset = find_ruleset("freecell")
    first = daily.first_candidate("freecell", DAY)
    assert daily.daily_deal(ruleset, DAY, cache_dir=tmp_path, verify=stub({first})).deal == first
    assert json.loads((tmp_path / daily.CACHE_FILE).read_text(encoding="utf-8"))["format"] == "patience-daily-cache"


def test_a_damaged_cache_entry_is_ignored(tmp_path: Path):
    ruleset = find_ruleset("freecell")
    first = daily.first_candidate("freecell", DAY)
    daily.daily_deal(ruleset, DAY, cache_dir=tmp_path, verify=stub({first}))
    path = tmp_path / daily.CACHE_FILE
    data = json.loads(path.read_text(encoding="utf-8"))
    for entry in data["entries"].values():
        entry["result"]["status"] = "unknown"  # never trusted as a verified deal
    path.write_text(json.dumps(data), encoding="utf-8")
    calls: list[int] = []
    assert daily.daily_deal(ruleset, DAY, cache_dir=tmp_path, verify=stub({first + 1}, calls)).deal == first + 1
    assert calls == [first, first + 1]


def test_an_unwritable_cache_folder_is_no_error(tmp_path: Path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    first = daily.first_candidate("freecell", DAY)
    assert daily.daily_deal(find_ruleset("freecell"), DAY, cache_dir=blocker / "sub", verify=stub({first})).deal == first


# `patience daily` -----------------------------------------------------------------------------
def test_patience_daily_plays_the_day_s_deal_and_records_it_with_its_date(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PATIENCE_PLAYER", "ala")
    found = daily.daily_deal(find_ruleset("freecell"), DAY)
    script = "\n".join(found.result.moves) + "\n"
    result = run("daily", "freecell", "--date", DAY.isoformat(), "--strict", "--no-autoplay", "--no-autofinish",
                 "--record", input=script)  # a person's game: on the leaderboard
    assert result.exit_code == 0, result.output[-2000:]
    assert result.output.startswith(
        f"Daily deal for 2026-11-01: freecell deal {found.deal} (checked winnable by the solver)\n")
    assert f"You won deal {found.deal}" in result.output
    with Store(Path(os.environ["PATIENCE_DATA"])) as store:
        games = store.daily_games("2026-11-01")
    assert [(g.ruleset, g.deal, g.result, g.player) for g in games] == [("freecell", found.deal, "won", "ala")]
    board = run("daily", "freecell", "--leaderboard", "--date", "2026-11-01")
    assert "  1. ala" in board.output
    assert "no one has won" in run("daily", "klondike", "--leaderboard", "--date", "2026-11-01").output


def test_patience_daily_uses_the_cache_the_second_time(monkeypatch: pytest.MonkeyPatch):
    first = run("daily", "freecell", "--date", DAY.isoformat(), input="quit\n")
    assert first.exit_code == 0, first.output
    assert (Path(os.environ["PATIENCE_DATA"]) / daily.CACHE_FILE).exists()

    def no_solving(*args: object, **kwargs: object) -> None:
        raise AssertionError("the cached deal was checked again")

    monkeypatch.setattr(daily, "solver_verify", no_solving)
    second = run("daily", "freecell", "--date", DAY.isoformat(), input="quit\n")
    assert second.exit_code == 0, second.output
    assert second.output.splitlines()[0] == first.output.splitlines()[0]


def test_a_restart_of_the_daily_deal_is_still_the_daily_deal(monkeypatch: pytest.MonkeyPatch):
    from patience.session.session import Session, Settings

    deal = daily.daily_deal(find_ruleset("freecell"), DAY).deal
    session = Session(Game(find_ruleset("freecell"), deal), Settings(), daily=DAY.isoformat())
    session.handle("3a")
    session.handle("restart")
    assert session.daily == DAY.isoformat()
    session.handle("new 5")
    assert session.daily is None


def test_bad_and_future_dates_are_one_line_errors():
    for day in ("yesterday", "2026-13-01", "20261130", "2026-W48-1"):
        result = run("daily", "freecell", "--date", day)
        assert result.exit_code == 1 and result.output.count("\n") == 1, result.output
        assert "is not a date like 2026-11-30" in result.output
    future = (date.today() + timedelta(days=1)).isoformat()
    result = run("daily", "freecell", "--date", future)
    assert result.exit_code == 1 and result.output == f"Error: the daily deal of {future} is not out yet\n"
    assert run("daily", "--leaderboard", "--date", "yesterday").exit_code == 1


def test_a_game_the_solver_cannot_verify_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(daily, "DAILY_CANDIDATES", 2)
    monkeypatch.setattr(daily, "DAILY_STATES", 1)  # nothing is won in one position
    result = run("daily", "freecell", "--date", DAY.isoformat())
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "could not verify any of the 2 deals of freecell" in result.output and "Traceback" not in result.output


def test_the_default_daily_game_is_found_by_name():
    from patience.cli.common import find_game
    from patience.cli.stats_cmd import DEFAULT_DAILY_GAME

    assert find_game(DEFAULT_DAILY_GAME).id == "klondike"


# `play --winnable` ----------------------------------------------------------------------------
def test_winnable_skips_deals_the_solver_does_not_win(monkeypatch: pytest.MonkeyPatch):
    # A budget between what FreeCell deals 2 and 1 need: deal 1 is passed over, deal 2 is won.
    need = {deal: solve(Game.new("freecell", deal=deal), timeout=None, engine="python").states for deal in (1, 2)}
    assert need[2] < need[1], need
    monkeypatch.setattr(daily, "DAILY_STATES", (need[1] + need[2]) // 2)
    found = daily.winnable_from(find_ruleset("freecell"), 1)
    assert (found.deal, found.skipped) == (2, 1)
    assert replays_to_win("freecell", 2, found.result.moves)
    result = run("play", "freecell", "--winnable", "--deal", "1", input="new 1\nnew\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "deal 2: checked winnable by the solver (skipped 1 deal it did not win within its budget)"
    assert "FreeCell · deal 2" in lines[1]
    # `new` deals winnable deals too: `new 1` from deal 1 on, `new` from a random number on.
    monkeypatch.setattr("random.randint", lambda low, high: 1)
    result = run("play", "freecell", "--winnable", "--deal", "2", input="new 1\nnew\n")
    assert result.output.count("new deal: deal 2\ndeal 2: checked winnable by the solver (skipped 1 deal") == 2


def test_winnable_gives_the_given_deal_when_the_solver_wins_it():
    result = run("play", "freecell", "--winnable", "--deal", "1", input="")
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "deal 1: checked winnable by the solver"


def test_winnable_refuses_resume_and_bounds_its_search(monkeypatch: pytest.MonkeyPatch):
    result = run("play", "freecell", "--winnable", "--resume")
    assert result.exit_code == 1
    assert result.output == "Error: --winnable deals a new game; it cannot be combined with --resume\n"
    monkeypatch.setattr(daily, "DAILY_STATES", 1)
    monkeypatch.setattr(daily, "DAILY_CANDIDATES", 3)
    result = run("play", "freecell", "--winnable", "--deal", "7")
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "could not verify any of the 3 deals of freecell from deal 7 on" in result.output


def test_new_in_a_winnable_game_that_finds_none_is_a_refused_command(monkeypatch: pytest.MonkeyPatch):
    from patience.cli.play import _winnable_chooser
    from patience.session.session import Session, Settings

    ruleset = find_ruleset("freecell")
    session = Session(Game(ruleset, 1), Settings(), choose_deal=_winnable_chooser(ruleset))
    monkeypatch.setattr(daily, "DAILY_CANDIDATES", 2)
    monkeypatch.setattr(daily, "DAILY_STATES", 1)
    reply = session.handle("new 3")
    assert reply.failed and session.game.deal_number == 1
    assert "could not verify any of the 2 deals of freecell from deal 3 on" in reply.lines[0]


# Progress -------------------------------------------------------------------------------------
@pytest.fixture
def fast_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    """Progress reported at every clock check, so a search of a few hundred positions shows it."""
    from patience.solver import search

    monkeypatch.setattr(search, "PROGRESS_EVERY", 0.0)


def test_solve_shows_live_progress_on_a_terminal_only(fast_progress: None, monkeypatch: pytest.MonkeyPatch):
    # Deal 24 takes some 1,500 positions (deal 1, fewer than 128 since issue 34, shows no count).
    quiet = run("solve", "freecell", "--deal", "24")
    assert quiet.exit_code == 0 and quiet.stderr == "" and "positions" not in quiet.output
    monkeypatch.setattr("patience.cli.common.stderr_is_terminal", lambda: True)
    live = run("solve", "freecell", "--deal", "24")
    assert live.exit_code == 0
    assert "\rsolving deal 24… 128 positions" in live.stderr and "per second" in live.stderr
    assert live.stderr.endswith("\r\x1b[K")  # the line is cleared before the answer
    assert live.stdout.splitlines()[1:] == quiet.stdout.splitlines()[1:]  # the same moves (the seconds differ)
    assert run("solve", "freecell", "--deal", "24", "--json").stderr == ""


def test_daily_and_winnable_show_the_check_on_a_terminal_only(fast_progress: None, monkeypatch: pytest.MonkeyPatch):
    assert "checking deal" not in run("daily", "freecell", "--date", "2026-11-03", input="").output
    monkeypatch.setattr("patience.cli.common.stderr_is_terminal", lambda: True)
    live = run("daily", "freecell", "--date", "2026-11-04", input="")
    first = daily.first_candidate("freecell", date(2026, 11, 4))
    assert f"\rchecking deal {first}… 128 positions" in live.stderr and live.stderr.endswith("\r\x1b[K")
    live = run("play", "freecell", "--winnable", "--deal", "1", input="")
    assert "\rchecking deal 1… 128 positions" in live.stderr


def test_a_resumed_winnable_game_still_deals_winnable_games():
    first = run("play", "freecell", "--winnable", "--deal", "1", input="3a\nquit\n")
    assert first.exit_code == 0, first.output
    resumed = run("resume", "freecell", input="new 1\n")
    assert resumed.exit_code == 0, resumed.output
    assert "new deal: deal 1\ndeal 1: checked winnable by the solver" in resumed.output
    run("play", "freecell", "--deal", "1", input="3a\nquit\n")
    plain = run("resume", "freecell", input="new 1\n")
    assert "new deal: deal 1" in plain.output and "checked winnable" not in plain.output


def test_the_days_deal_is_the_same_with_the_compiled_core_or_without(monkeypatch):
    """The daily deal is the Python search's answer on every machine: a machine without the
    compiled core (or with PATIENCE_PURE=1) gets the deal one with it gets."""
    ruleset = find_ruleset("klondike-3")
    verified: list[str] = []
    real = daily.solve

    def noting(*args, **kwargs):
        result = real(*args, **kwargs)
        verified.append(result.engine)
        return result

    monkeypatch.setattr(daily, "solve", noting)
    with_core = daily.winnable_from(ruleset, 1).deal
    monkeypatch.setenv("PATIENCE_PURE", "1")
    without = daily.winnable_from(ruleset, 1).deal
    assert with_core == without
    assert set(verified) == {"python"}
