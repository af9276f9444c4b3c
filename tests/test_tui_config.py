"""The full-screen game's settings file and `patience config` (issue 25), and when the full
screen is chosen at all."""

from __future__ import annotations

import os

from clirun import run

from patience.cli import tui
from patience.cli.tui.config import Config, config_path, load, save


def test_config_shows_the_defaults_and_the_file_in_the_private_config_folder():
    result = run("config")
    assert result.exit_code == 0
    assert str(config_path()) in result.output
    assert config_path().parent == __import__("pathlib").Path(os.environ["PATIENCE_CONFIG"])
    assert "autoplay  on" in result.output and "language  auto" in result.output


def test_config_set_keeps_a_setting_for_next_time():
    assert run("config", "set", "autoplay", "off").exit_code == 0
    assert run("config", "set", "language", "pl").exit_code == 0
    config, problem = load()
    assert (config.autoplay, config.language, problem) == (False, "pl", None)
    assert "autoplay  off" in run("config").output


def test_config_set_refuses_what_is_no_setting_or_no_value_in_one_line():
    for args, reason in ((("nosuch", "on"), "no setting 'nosuch'"), (("autoplay", "maybe"), "on or off"),
                         (("language", "de"), "auto, en, pl")):
        result = run("config", "set", *args)
        assert result.exit_code == 1 and reason in result.output and "Traceback" not in result.output
    assert not config_path().exists()  # nothing was written


def test_a_damaged_settings_file_gives_the_defaults_and_says_why():
    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text("autoplay = [\n", encoding="utf-8")
    config, problem = load()
    assert config == Config() and "damaged" in problem
    config_path().write_text('autoplay = false\ncolour = "pink"\n', encoding="utf-8")
    config, problem = load()
    assert config.autoplay is False and config.colour is True and "colour" in problem
    assert "colour is on or off" in run("config").output  # `patience config` says so too


def test_save_then_load_round_trips():
    wanted = Config(autoplay=False, colour=False, ascii=True, language="en")
    save(wanted)
    assert load() == (wanted, None)


def test_the_full_screen_is_only_for_a_terminal_without_plain_or_json(monkeypatch):
    class Tty:
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr("sys.stdin", Tty())
    monkeypatch.setattr("sys.stdout", Tty())
    monkeypatch.setenv("TERM", "xterm")
    assert tui.wanted(as_json=False, plain=False)
    assert not tui.wanted(as_json=True, plain=False)
    assert not tui.wanted(as_json=False, plain=True)
    monkeypatch.setenv("TERM", "dumb")
    assert not tui.wanted(as_json=False, plain=False)


def test_play_from_a_pipe_stays_line_mode_and_takes_plain():
    result = run("play", "klondike", "--deal", "1", "--plain", input="quit\n")
    assert result.exit_code == 0 and "Klondike" in result.output
    assert "> quit" in result.output and "\x1b[?1049h" not in result.output  # the prompt, not the full screen
    piped = run("play", "klondike", "--deal", "1", input="quit\n")  # from a pipe, line mode without --plain too
    assert (piped.exit_code, piped.output) == (0, result.output)
