"""A real terminal (a pseudo-terminal through pexpect): start Klondike, play, undo, quit (issue 3).
The line-mode game at a terminal is `--plain` since the full-screen game (issue 25; test_tui*.py)."""

import pytest
from clirun import spawn

pexpect = pytest.importorskip("pexpect", reason="pexpect drives a real pseudo-terminal")


def test_klondike_in_a_real_terminal_play_undo_quit_and_resume(tmp_path):
    child = spawn("play", "klondike", "--deal", "1", "--plain", home=tmp_path)
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
    again = spawn("resume", "--plain", home=tmp_path)
    again.expect("1 move")
    again.expect("> ")
    again.sendcontrol("c")  # Ctrl-C keeps the game too
    again.expect("game saved to")
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0


def test_no_color_is_honoured_at_a_terminal(tmp_path):
    child = spawn("play", "freecell", "--deal", "1", "--plain", home=tmp_path, env={"NO_COLOR": "1"})
    child.expect("FreeCell · deal 1")
    child.expect("> ")
    board = child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "\x1b[" not in board and "♥" in board
