"""No line crashes a game (issue 27, items 2 and 9): odd numbers, long lines, bytes that are not
UTF-8, at the prompt, from a pipe and in replay files; and an unexpected error saves the game."""

from __future__ import annotations

import time

import pytest
from clirun import run

from patience import Game
from patience.cli.session import MAX_LINE, Session, Settings, whole_number
from patience.deals import MAX_DEAL


def session(game: str = "klondike", deal: int = 3) -> Session:
    return Session(Game.new(game, deal), Settings())


# Numbers ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, number", [("42", 42), ("0", 0), ("²", None), ("4²", None), ("٣", None),
                                          ("-1", None), ("", None), ("9" * 4400, None)])
def test_whole_number_reads_only_ascii_digits_of_a_sane_length(text, number):
    assert whole_number(text) == number


@pytest.mark.parametrize("line, reason", [
    ("new 0", f"deal numbers run from 1 to {MAX_DEAL}, not 0"),
    ("new 99999999999999999999", f"deal numbers run from 1 to {MAX_DEAL}, not 99999999999999999999"),
    ("new ²", "`new` takes a deal number, not '²'"),
    ("²", "unknown command '²'"),
    ("#²", "unknown command '#²'"),
    ("#99999999999999999999999", "no move numbered 99999999999999999999999"),
    ("9" * 4400, f"a line is at most {MAX_LINE} characters long"),
    ("38v" + "f" * 5000, f"a line is at most {MAX_LINE} characters long"),
    ("\udcff", "not valid text (UTF-8)"),
    ("s\ufffd", "not valid text (UTF-8)"),
])
def test_odd_lines_are_refused_in_one_line_and_the_game_goes_on(line, reason):
    s = session()
    s.handle("s")
    before = s.game.position()
    reply = s.handle(line)
    assert reply.failed and len(reply.lines) == 1 and reason in reply.lines[0]
    assert s.game.position() == before and s.game.deal_number == 3 and s.take_records() == []


def test_a_refused_new_deal_does_not_leave_the_game():
    s = session()
    s.handle("s")
    s.handle("new 0")
    assert not s.recorded and s.turns  # still the same game, not recorded as abandoned
    assert not s.handle("new 7").failed and s.game.deal_number == 7


def test_a_refused_new_deal_in_freecell_gives_the_microsoft_range():
    reply = session("freecell", 1).handle(f"new {2**31}")
    assert reply.failed and "Microsoft deal numbers run from 1 to 2147483647" in reply.lines[0]


def test_a_megabyte_line_is_refused_in_linear_time():
    s = session()
    started = time.perf_counter()
    for size in (100_000, 1_000_000):
        assert s.handle("38v" + "f" * size).failed
    assert time.perf_counter() - started < 1.0
