"""A real terminal (a pseudo-terminal through pexpect): start Klondike, play, undo, quit (issue 3).
The line-mode game at a terminal is `--plain` since the full-screen game (issue 25; test_tui*.py)."""

import os
import signal
import sys

import pytest

pexpect = pytest.importorskip("pexpect", reason="pexpect drives a real pseudo-terminal")


def spawn(*args: str, tmp_path) -> "pexpect.spawn":
    env = dict(os.environ, PATIENCE_DATA=str(tmp_path), TERM="xterm-256color", COLUMNS="80", LINES="30")
    env.pop("NO_COLOR", None)
    return pexpect.spawn(sys.executable, ["-m", "patience", *args, "--plain"], env=env, encoding="utf-8",
                         timeout=20, dimensions=(30, 80), preexec_fn=keys_as_at_a_terminal)


def keys_as_at_a_terminal() -> None:
    """Ctrl-C and Ctrl-\\ act as at a terminal, even when the tests run in the background: a
    shell starts a background command with SIGINT and SIGQUIT ignored, and children inherit that."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


def test_klondike_in_a_real_terminal_play_undo_quit_and_resume(tmp_path):
    child = spawn("play", "klondike", "--deal", "1", tmp_path=tmp_path)
    child.expect("Klondike · deal 1")
    child.expect("\x1b\\[")  # at a terminal the board is in colour
    child.expect("> ")
    child.sendline("moves")
    child.expect(r"1\. (\S+)")
    first = child.match.group(1)
    child.expect("> ")
    child.sendline("1")
    child.expect("1 move")
    child.expect("> ")
    child.sendline("undo")
    child.expect("0 moves")  # in Klondike an undo takes its move back off the count
    child.expect("> ")
    child.sendline(first)
    child.expect("1 move")
    child.expect("> ")
    child.sendline("bogus")
    child.expect("unknown command 'bogus'")
    child.expect("> ")
    child.sendline("quit")
    child.expect("game saved to")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    again = spawn("resume", tmp_path=tmp_path)
    again.expect("1 move")
    again.expect("> ")
    again.sendcontrol("c")  # Ctrl-C keeps the game too
    again.expect("game saved to")
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0


def test_no_color_is_honoured_at_a_terminal(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    env = dict(os.environ, PATIENCE_DATA=str(tmp_path), TERM="xterm-256color")
    child = pexpect.spawn(sys.executable, ["-m", "patience", "play", "freecell", "--deal", "1", "--plain"], env=env,
                          encoding="utf-8", timeout=20, dimensions=(30, 80))
    child.expect("FreeCell · deal 1")
    child.expect("> ")
    board = child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "\x1b[" not in board and "♥" in board
