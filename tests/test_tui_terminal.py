"""The full-screen game in a real pseudo-terminal (pexpect): `patience play` at a terminal opens
it, a move typed at the board plays, `quit` typed leaves and keeps the unfinished game (issue 25);
dialogs read as words on a real terminal, and Ctrl-C and a closed window keep the game (issues 35, 38)."""

from __future__ import annotations

import pytest
from clirun import spawn

pexpect = pytest.importorskip("pexpect", reason="pexpect drives a real pseudo-terminal")


def test_play_at_a_terminal_opens_the_full_screen_and_quit_keeps_the_game(tmp_path):
    child = spawn("play", "klondike", "--deal", "1", home=tmp_path, rows=24, timeout=30)
    child.expect("\x1b\\[\\?1049h")  # the alternate screen: the full-screen game, not the prompt
    child.expect("10♥")
    child.send("s")  # opens the command line with `s` typed; Enter plays it (the stock)
    child.send("\r")
    child.expect("1 move")
    child.send("quit\r")
    child.expect("game saved to")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert (tmp_path / "data" / "saves" / "klondike.json").exists()


class Terminal:
    """What a real terminal shows: the child's output fed through pyte, a terminal emulator."""

    def __init__(self, child, rows: int) -> None:
        pyte = pytest.importorskip("pyte", reason="pyte reads the screen as a terminal draws it")
        self.child = child
        self.screen = pyte.Screen(80, rows)
        self.stream = pyte.Stream(self.screen)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, words: str, timeout: float = 20) -> str:
        """Read until ``words`` are on the screen (a bounded wait, not a measured one)."""
        import time

        deadline = time.monotonic() + timeout
        while words not in self.text():
            if time.monotonic() > deadline:
                raise AssertionError(f"{words!r} never shown; the screen:\n{self.text()}")
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.2))
            except pexpect.TIMEOUT:
                pass
        return self.text()


def test_dialogs_show_their_words_in_a_real_terminal_and_ctrl_c_keeps_the_game(tmp_path):
    """Issue 35 (1): the yes/no question reads as words on a real terminal, and a typed word
    (`restart`) is a command, not the hot keys of its letters; issue 38 (8): Ctrl-C quits and
    keeps the game, no traceback logged."""
    child = spawn("play", "klondike", "--deal", "1", home=tmp_path, rows=24, timeout=30)
    term = Terminal(child, 24)
    term.wait_for("10♥")
    child.send("s\r")  # the stock: a move, so the game is worth keeping
    term.wait_for("1 move")
    child.send("\x0e")  # Ctrl+N: a new deal
    term.wait_for("Start a new deal? This game is not finished.")
    assert "y: yes" in term.text()
    child.send("n")
    term.wait_for("the game goes on")
    child.send("restart\r")
    term.wait_for("Start this deal again from the beginning? Your moves are lost.")
    child.send("\x1b")
    term.wait_for("the game goes on")
    child.send("\x03")  # Ctrl-C
    child.expect("game saved to")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert (tmp_path / "data" / "saves" / "klondike.json").exists()
    assert not (tmp_path / "data" / "errors.log").exists()


def test_a_closed_window_keeps_the_game_and_logs_nothing(tmp_path):
    """Issue 38 (0, 8): a hang-up (a closed window) after a paste ends the process, keeps the
    game and writes no traceback to errors.log."""
    import time

    child = spawn("play", "klondike", "--deal", "1", home=tmp_path, rows=24, timeout=30)
    term = Terminal(child, 24)
    term.wait_for("10♥")
    child.send("s\r")
    term.wait_for("1 move")
    child.send(":" + "x" * 3000)  # a paste into the command line, longer than any line
    child.send("\r")
    term.wait_for("at most 200 characters")
    child.ptyproc.fileobj.close()  # the window closes: the kernel hangs the terminal up (SIGHUP, SIGCONT)
    for _ in range(200):  # the process ends by itself (bounded wait, not a measured one)
        if not child.isalive():
            break
        time.sleep(0.05)
    assert not child.isalive(), "the game did not end when its window closed"
    assert (tmp_path / "data" / "saves" / "klondike.json").exists()
    assert not (tmp_path / "data" / "errors.log").exists()


def test_a_hint_searched_in_a_real_terminal_keeps_the_keys_typed_meanwhile(tmp_path):
    """Issue 35: the hint is searched in a forked child (`tui/searching.py`); on a real terminal
    the screen says it is looking, a move typed meanwhile is played after the hint, and the
    child leaves the terminal and the logs alone."""
    child = spawn("play", "klondike", "--deal", "1", home=tmp_path, rows=24, timeout=30)
    term = Terminal(child, 24)
    term.wait_for("10♥")
    child.send("\x1bOR")  # F3: a hint
    child.send("s\r")  # the stock, typed while the solver thinks
    term.wait_for("1 move", timeout=60)
    child.send("\x11")  # Ctrl+Q
    child.expect("game saved to")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert not (tmp_path / "data" / "errors.log").exists()
