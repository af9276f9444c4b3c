"""The full-screen game in a real pseudo-terminal (pexpect): `patience play` at a terminal opens
it, a move typed at the board plays, `q` leaves and keeps the unfinished game (issue 25)."""

from __future__ import annotations

import pytest
from clirun import spawn

pexpect = pytest.importorskip("pexpect", reason="pexpect drives a real pseudo-terminal")


def test_play_at_a_terminal_opens_the_full_screen_and_q_keeps_the_game(tmp_path):
    child = spawn("play", "klondike", "--deal", "1", home=tmp_path, rows=24, timeout=30)
    child.expect("\x1b\\[\\?1049h")  # the alternate screen: the full-screen game, not the prompt
    child.expect("10♥")
    child.send("s")  # opens the command line with `s` typed; Enter plays it (the stock)
    child.send("\r")
    child.expect("1 move")
    child.send("q")
    child.expect("game saved to")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert (tmp_path / "data" / "saves" / "klondike.json").exists()
