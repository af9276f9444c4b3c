"""No line crashes a game (issue 27, items 2 and 9): odd numbers, long lines, bytes that are not
UTF-8, at the prompt, from a pipe and in replay files; and an unexpected error saves the game."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path
from unittest.mock import patch

import pytest
from clirun import run
from hypothesis import given, settings
from hypothesis import strategies as st

from patience import Game
from patience.cli.common import EXIT_BUG
from patience.session.reading import whole_number
from patience.session.saves import read_save, restore, write_save
from patience.session.session import Session, Settings
from patience.session.start import MAX_LINE
from patience.deals import MAX_DEAL
from patience.ruleset.registry import shipped_dir


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
    started = time.process_time()  # CPU time: a loaded machine must not fail a runaway guard
    for size in (100_000, 1_000_000):
        assert s.handle("38v" + "f" * size).failed
    assert time.process_time() - started < 1.0


# From a pipe --------------------------------------------------------------------------------------
def test_the_issues_lines_from_a_pipe_each_get_one_answer_and_the_game_is_kept():
    lines = ["s", "new 0", "new 99999999999999999999", "²", "#²", "new ²", "9" * 4301, "38v" + "f" * 9000]
    script = ("\n".join(lines) + "\n").encode() + b"\xff\xfe\n" + b"save\n"
    result = run("play", "klondike", "--deal", "3", input=script)
    assert result.exit_code == 0 and "Traceback" not in result.output
    answers = [result.output.split(f"> {line[:MAX_LINE]}\n", 1)[1].splitlines()[0] for line in lines[1:]]
    assert all(not answer.startswith("Klondike · deal") for answer in answers)  # a message, then the board
    assert "not valid text (UTF-8)" in result.output and "game saved to" in result.output


def test_a_megabyte_line_from_a_pipe_is_refused_quickly():
    started = time.process_time()  # CPU time (the run is in this process): load must not fail it
    result = run("play", "klondike", "--deal", "3", input="38v" + "f" * 1_000_000 + "\ns\n")
    assert time.process_time() - started < 3.0
    assert f"at most {MAX_LINE} characters" in result.output and "1 move" in result.output  # `s` still read


def test_strict_stops_at_a_line_that_is_not_utf8():
    result = run("play", "klondike", "--deal", "3", "--strict", input=b"s\n\xff\ns\n")
    assert result.exit_code == 1 and "line 2" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("content", [b"s \xff s\n", b"s " + b"1" * 5000 + b"\n"])
def test_replay_refuses_a_word_that_is_not_utf8_or_too_long_with_its_number(content, tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_bytes(content)
    for source, stdin in ((str(moves), None), ("-", content)):
        result = run("replay", "klondike", "--deal", "3", source, input=stdin)
        assert result.exit_code == 1 and result.output.startswith("move 2 (") and "Traceback" not in result.output


# The last line of defence -------------------------------------------------------------------------
def data_dir() -> Path:
    return Path(os.environ["PATIENCE_DATA"])


def break_hint(monkeypatch) -> None:
    def broken(self):
        raise RuntimeError("a bug in hint")

    monkeypatch.setattr(Session, "_hint", broken)


@pytest.mark.parametrize("flags", [(), ("--json",)])
def test_an_unexpected_error_saves_the_game_says_where_in_one_line_and_logs_the_traceback(monkeypatch, flags):
    with monkeypatch.context() as patched:  # only this; the private data folder stays set
        break_hint(patched)
        result = run("play", "klondike", "--deal", "5", *flags, input="34\nhint\ns\n")
    assert result.exit_code == EXIT_BUG
    assert "Traceback" not in result.output
    (line,) = result.stderr.strip().splitlines()[-1:]
    assert "unexpected error (a bug): RuntimeError: a bug in hint" in line
    assert "saved to" in line and str(data_dir() / "errors.log") in line
    assert "> s" not in result.output  # it stopped there
    log = (data_dir() / "errors.log").read_text(encoding="utf-8")
    assert "Traceback" in log and "a bug in hint" in log
    resumed = run("resume", "--json", input="")
    expected = Game.new("klondike", 5)
    expected.play("34")
    assert json.loads(resumed.output.splitlines()[0])["state"]["position"] == expected.position()


def test_an_unexpected_error_at_the_prompt_saves_the_game_too(monkeypatch):
    from patience.cli.play import Screen, guarded, interactive

    break_hint(monkeypatch)
    typed = iter(["34", "hint", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    s = session("klondike", 5)
    code = guarded(s, Screen(ascii=True, colour=False), lambda: interactive(s, Screen(ascii=True, colour=False)))
    assert code == EXIT_BUG and (data_dir() / "saves" / "klondike.json").exists()


def test_an_unexpected_error_before_anything_was_played_saves_nothing_and_still_says_so(monkeypatch):
    break_hint(monkeypatch)
    result = run("play", "klondike", "--deal", "5", input="hint\n")
    assert result.exit_code == EXIT_BUG and "Traceback" not in result.output
    assert "unexpected error" in result.output and not (data_dir() / "saves").exists()


def test_ctrl_c_in_a_script_keeps_the_game(monkeypatch):
    def interrupted(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(Session, "_hint", interrupted)
    result = run("play", "klondike", "--deal", "5", input="34\nhint\n")
    assert result.exit_code == 130 and "game saved to" in result.output
    as_json = run("play", "klondike", "--deal", "5", "--json", input="34\nhint\n")
    assert as_json.exit_code == 130 and "game saved to" in as_json.stderr
    assert all(line.startswith("{") for line in as_json.stdout.splitlines())  # only JSON on standard output


def test_a_game_played_in_process_puts_the_signal_handlers_back():
    # The game leaves, kept, on SIGTERM or a closed terminal; a program that runs it in its own
    # process keeps its handlers after (a helper forked later inherited the game's, CI 2026-12-06).
    names = [name for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name)]
    before = {name: signal.getsignal(getattr(signal, name)) for name in names}
    result = run("play", "klondike", "--deal", "5", input="34\n")
    assert result.exit_code == 0, result.output
    assert {name: signal.getsignal(getattr(signal, name)) for name in names} == before


# Random and adversarial lines for every shipped ruleset (item 9) --------------------------------------
SHIPPED = sorted(p.stem for p in shipped_dir().glob("*.yaml"))
WORDS = ["moves", "m", "undo", "redo", "auto", "draw", "restart", "new", "save", "board", "position", "help", "rules",
         "u", "r", "#1", "#0", "1", "12", "0", "²", "#²", "new ²", "new 0", "new 3", f"new {10**20}", "9" * 4301,
         "38v" + "f" * 300, "38v" + "f" * 150, "x03.1-17.3", "na1+nb2", "c1w", "o1", "s", "w3", "1a", "a3", "3b4",
         "\ufffd", "\udcff", "\x1b[2J", " ", "#", "##", "new -1", "new 1 2", "undo 3", "#" + "9" * 300]


def lines_for(game: Game) -> st.SearchStrategy[str]:
    legal = [game.notation(m) for m in game.legal_moves()]
    return st.one_of(
        st.sampled_from(WORDS),
        st.sampled_from(legal or ["s"]),
        st.text(max_size=12),
        st.text(alphabet="0123456789abcdefhsvwx#.-+ ", max_size=12),
        st.binary(max_size=12).map(lambda raw: raw.decode("utf-8", errors="replace")),
    )


@pytest.mark.parametrize("game_id", SHIPPED)
@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_random_lines_never_crash_a_session_and_the_game_survives_a_save(game_id, data):
    s = session(game_id, data.draw(st.integers(1, 50)))
    for _ in range(data.draw(st.integers(1, 12))):
        line = data.draw(lines_for(s.game))
        before = s.game.position()
        with patch("patience.session.session.HINT_SECONDS", 0.02):  # a hint's search, kept short
            reply = s.handle(line)
        assert all(isinstance(text, str) for text in reply.lines)
        if reply.failed:
            assert s.game.position() == before  # a refused line changes nothing
    if s.worth_keeping():  # and nothing is lost: the save replays to the same game
        path = write_save(s)
        restored = restore(read_save(path), path)
        assert restored.game.position() == s.game.position() and restored.game.move_count == s.game.move_count


@settings(max_examples=10, deadline=None)
@given(script=st.lists(st.binary(max_size=40), max_size=6))
def test_random_bytes_from_a_pipe_never_give_a_traceback(script):
    result = run("play", "freecell", "--deal", "1", input=b"\n".join(script) + b"\nquit\n")
    assert result.exit_code == 0, result.output[-500:]
    assert "Traceback" not in result.output


def test_a_move_typed_with_a_space_between_its_labels_is_played_at_the_prompt():
    """`1 12` is 1 to 12 where `112` reads two ways (issue 22, item 1): the space is the
    notation's separator at the prompt too, not the end of a command word."""
    from positions import build, made_up, pile

    game = build(made_up("thirteen-columns"), {"1": "6H", "12": "7S", "11": "9D", "2": "TC"}, fill="13")
    s = Session(game, Settings())
    reply = s.handle("1 12")
    assert not reply.failed, reply.lines
    assert pile(s.game, "12") == ["7S", "6H"]
    assert s.handle("11 2").failed is False and pile(s.game, "2") == ["TC", "9D"]
