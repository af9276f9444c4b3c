"""Start-up: `patience` imports only what the command it runs needs (issues 24, 25)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from patience.cli import COMMAND_MODULES, load_every_command, main


def test_every_command_is_found_through_the_module_map():
    """A command missing from COMMAND_MODULES would never be imported, so could not run."""
    load_every_command()
    registered = {name: command.callback.__module__ for name, command in main.commands.items()
                  if command.callback is not None}
    assert set(main.commands) == set(COMMAND_MODULES)
    for name, module in registered.items():
        assert module == f"patience.cli.{COMMAND_MODULES[name]}", name


def _modules_after(*args: str) -> set[str]:
    """The modules a fresh `patience ARGS` process has imported when it ends."""
    code = ("import sys, atexit\n"
            "atexit.register(lambda: print('\\n'.join(sorted(sys.modules)), file=sys.stderr))\n"
            "sys.argv = ['patience', *sys.argv[1:]]\n"
            "from patience.launch import main\nmain()\n")
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return set(done.stderr.split())


def test_show_with_a_cached_ruleset_imports_no_yaml_pydantic_lint_game_loop_solver_or_textual():
    _modules_after("show", "klondike")  # the first run fills the cache (the test's own folder)
    imported = _modules_after("show", "klondike")
    assert "patience.cli.games" in imported and "patience.ruleset.plain" in imported
    for heavy in ("patience.ruleset.lint", "patience.cli.play", "patience.cli.stats_cmd", "patience.cli.authoring",
                  "patience.solver", "textual", "sqlite3", "pydantic", "patience.ruleset.model",
                  "patience.ruleset.loader", "yaml"):
        assert heavy not in imported, heavy


def test_solve_with_a_cached_ruleset_imports_neither_pydantic_nor_the_models():
    """Issue 34: building pydantic and the model classes cost ~0.4 s of every start."""
    _modules_after("solve", "freecell", "--deal", "1")
    imported = _modules_after("solve", "freecell", "--deal", "1")
    assert "patience.solver" in imported
    for heavy in ("pydantic", "patience.ruleset.model", "patience.ruleset.loader", "yaml"):
        assert heavy not in imported, heavy


def test_the_first_load_validates_and_the_next_process_does_not():
    """A miss reads the file with the loader (pydantic); the entry it leaves serves the next process."""
    first = _modules_after("show", "bakers-game")
    assert "patience.ruleset.model" in first
    assert "patience.ruleset.model" not in _modules_after("show", "bakers-game")


def test_version_is_answered_before_click_in_clicks_own_words():
    """Issue 34 (4): `patience --version` imports no click, yet says what click's version_option says."""
    from click.testing import CliRunner

    code = ("import sys\nsys.argv = ['patience', '--version']\nfrom patience.launch import main\nmain()\n"
            "assert 'click' not in sys.modules and 'patience.cli' not in sys.modules, sorted(sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == CliRunner().invoke(main, ["--version"]).output
    assert "click" in _modules_after("--lang", "pl", "--version")  # any other form is still click's

def test_the_cycle_collector_is_on_when_a_command_runs():
    """launch.py pauses it only while the command line is imported."""
    code = ("import gc, sys, atexit\n"
            "atexit.register(lambda: print('collector', gc.isenabled(), file=sys.stderr))\n"
            "sys.argv = ['patience', 'show', 'klondike']\nfrom patience.launch import main\nmain()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "collector True" in done.stderr

# ---------------------------------------------------------------- the full-screen game's first frame
def _session(game: str = "klondike"):
    from patience import Game
    from patience.session.session import Session, Settings

    return Session(Game.new(game, deal=1), Settings(autoplay=False), now=lambda: 0.0)


def test_the_first_frame_shows_the_status_and_the_board_the_app_lays_out():
    from patience.tui.first_frame import ENTER, frame, status_text
    from patience.tui.layout import lay_out

    session = _session()
    text = frame(session, 80, 24, ascii=True, colour=False)
    assert text is not None and text.startswith(ENTER)
    rows = text[len(ENTER):].split("\r\n")
    assert rows[0] == " " + status_text(session, True)
    board = lay_out(session.game, 78, 21, ascii=True, mark=lambda hit, style: None)
    assert board is not None
    plain = [re.sub(r"\x1b\[[0-9;]*m", "", row) for row in rows[1:]]
    assert plain == [" " + "".join(part for part, _style, _hit in line) for line in board.lines]
    assert "\x1b[4m##\x1b[0m" in rows[1]  # the stock can be dealt: underlined, as the app marks playable cards


def test_no_first_frame_on_a_terminal_too_small_for_the_board():
    from patience.tui.first_frame import frame

    assert frame(_session(), 12, 5, ascii=False, colour=True) is None


def test_keys_typed_at_the_first_frame_play_and_the_terminal_is_put_back(tmp_path):
    """`s` and Enter sent the moment the first frame shows (before Textual has loaded) draw from
    the stock once the app is up; after `quit` the shell's terminal echoes and reads lines again."""
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, PATIENCE_DATA=str(tmp_path / "data"), PATIENCE_CONFIG=str(tmp_path / "config"),
               TERM="xterm-256color", PS1="$ ")
    shell = pexpect.spawn("bash", ["--norc", "--noprofile"], env=env, encoding="utf-8", timeout=30, dimensions=(24, 80))
    shell.sendline(f"{sys.executable} -m patience play klondike --deal 1; stty -a | tr ' ' '\\n' | "
                   "grep -E '^-?(echo|icanon|icrnl)$' | sort | tr '\\n' ' '; echo MODES")
    shell.expect("10♥")
    shell.send("s\r")  # at once: these wait in the terminal while Textual loads
    shell.expect("1 move")
    shell.send("quit\r")
    shell.expect("MODES")
    assert shell.before.split()[-3:] == ["echo", "icanon", "icrnl"]
    shell.sendline("exit")
    shell.expect(pexpect.EOF)
