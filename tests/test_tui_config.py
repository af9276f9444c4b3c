"""The full-screen game's settings file and `patience config` (issue 25), and when the full
screen is chosen at all."""

from __future__ import annotations

import os

from clirun import run

from patience import tui
from patience.tui.config import Config, config_path, load, save


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


# ------------------------------------------------------------------ issue 38: the settings file read and written safely
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402


def _one_line(result) -> str:
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
    return result.output


def test_settings_nested_5000_deep_give_the_defaults_and_one_line():
    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text("a = " + "[" * 5000 + "]" * 5000 + "\nautoplay = false\n", encoding="utf-8")
    config, problem = load()
    assert "nested more than" in problem and config.autoplay is True
    result = run("config")
    assert result.exit_code == 0 and "nested more than" in _one_line(result)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes and /dev/zero")
@pytest.mark.parametrize("kind", ["fifo", "zero", "folder", "large"])
def test_a_settings_file_that_is_not_a_small_file_is_refused_at_once(kind, deadline):
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    else:
        path.write_text("# " + "x" * 100_000 + "\n", encoding="utf-8")
    config, problem = load()
    assert config == Config() and "could not be read" in problem and "\n" not in problem
    result = run("config", "set", "autoplay", "off")
    assert result.exit_code == 1 and "nothing was changed" in _one_line(result)
    assert len(result.output.strip().splitlines()) == 1


def test_config_set_writes_through_a_linked_settings_file_and_keeps_the_link(tmp_path):
    kept = tmp_path / "dotfiles" / "patience.toml"
    kept.parent.mkdir()
    kept.write_text("colour = false\n", encoding="utf-8")
    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().symlink_to(kept)
    assert run("config", "set", "autoplay", "off").exit_code == 0
    assert config_path().is_symlink() and os.readlink(config_path()) == str(kept)
    assert kept.read_text(encoding="utf-8") == "colour = false\nautoplay = false\n"


def test_config_set_on_a_damaged_file_changes_nothing_and_says_so():
    config_path().parent.mkdir(parents=True, exist_ok=True)
    damaged = "autoplay = false\nascii = true\ncolour = [\n"
    config_path().write_text(damaged, encoding="utf-8")
    config, problem = load()
    assert (config.autoplay, config.ascii) == (False, True) and "kept autoplay, ascii" in problem
    result = run("config", "set", "language", "pl")
    assert result.exit_code == 1 and "damaged" in result.output and "nothing was changed" in result.output
    assert config_path().read_text(encoding="utf-8") == damaged  # the readable settings are not lost


def test_config_set_keeps_comments_unknown_keys_and_other_lines():
    config_path().parent.mkdir(parents=True, exist_ok=True)
    mine = ('# my settings\nautoplay = true  # I like it\nfuture_setting = "x"\n\n[plugins]\nname = "y"\n')
    config_path().write_text(mine, encoding="utf-8")
    assert run("config", "set", "autoplay", "off").exit_code == 0
    assert run("config", "set", "ascii", "on").exit_code == 0
    assert config_path().read_text(encoding="utf-8") == (
        '# my settings\nautoplay = false  # I like it\nfuture_setting = "x"\nascii = true\n\n[plugins]\nname = "y"\n')


def test_a_huge_value_is_not_echoed_back():
    result = run("config", "set", "language", "x" * 20_000_000)
    assert result.exit_code == 1 and len(result.output) < 300 and "…" in result.output
    result = run("config", "set", "k" * 1_000_000, "on")
    assert result.exit_code == 1 and len(result.output) < 300


def test_the_settings_screen_saves_only_the_setting_it_changed():
    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text('colour = "pink"\n', encoding="utf-8")  # a bad value the player may mend by hand
    config, _problem = load()
    config.autoplay = False
    save(config, ["autoplay"])
    assert config_path().read_text(encoding="utf-8") == 'colour = "pink"\nautoplay = false\n'
