"""Scripts are not a person (issue 35 item 7, issue 38 items 2, 7 and 11), the CLI run as a process:
a script's games set no best and extend no streak unless `--record`; `--json` says everything in
JSON (news, a save that failed, the games recorded), escapes what a terminal acts on and answers
every line; a closed pipe ends any command quietly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from patience.engine.game import Game
from patience.solver import solve


def run(*args: str, data: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATIENCE_DATA": str(data), "PATIENCE_LANG": "en", "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "patience", *args], input=stdin, capture_output=True, text=True,
                          env=env, timeout=120)


def json_lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


@pytest.fixture(scope="module")
def klondike_win() -> str:
    """The solver's win of Klondike deal 3, one move a line: what a script pipes in."""
    found = solve(Game.new("klondike", 3), timeout=None, max_states=50_000)
    assert found.status == "solved"
    return "\n".join(found.moves) + "\n"


def stats(data: Path) -> dict:
    return json.loads(run("stats", "klondike", "--json", data=data).stdout)[0]


def test_a_scripts_win_sets_no_best_and_extends_no_streak(tmp_path, klondike_win):
    done = run("play", "klondike", "--deal", "3", "--json", data=tmp_path, stdin=klondike_win)
    assert done.returncode == 0, done.stderr
    lines = json_lines(done.stdout)
    won = next(line for line in lines if line.get("records"))
    assert won["records"][0]["result"] == "won" and won["records"][0]["scripted"] is True
    assert not any("first win" in text or "best" in text for line in lines for text in line["messages"])
    figures = stats(tmp_path)
    assert figures["won"] == 1 and figures["current_streak"] == 0 and figures["best_time"] is None
    assert figures["scripted"] == 1 and figures["fewest_moves"] is None
    plain = run("play", "klondike", "--deal", "3", data=tmp_path, stdin=klondike_win)  # a pipe, no --json
    assert plain.returncode == 0 and "first win" not in plain.stdout
    assert stats(tmp_path)["scripted"] == 2 and stats(tmp_path)["best_streak"] == 0
    text = run("stats", "klondike", data=tmp_path).stdout
    assert "of these, 2 games played by scripts: in no streak and no best" in text


def test_record_counts_a_scripts_game_as_a_persons_and_json_tells_the_news(tmp_path, klondike_win):
    done = run("play", "klondike", "--deal", "3", "--json", "--record", data=tmp_path, stdin=klondike_win)
    lines = json_lines(done.stdout)
    won = next(line for line in lines if line.get("records"))
    assert "your first win of this game!" in won["messages"]  # the news, in JSON, not on stderr
    assert won["records"][0]["scripted"] is False and won["ok"] is True
    assert "first win" not in done.stderr
    figures = stats(tmp_path)
    assert figures["won"] == 1 and figures["current_streak"] == 1 and figures["scripted"] == 0


def test_a_save_that_fails_answers_ok_false_in_json(tmp_path):
    """Issue 38 item 2: `save` on a disk that cannot take it answered ok:true."""
    blocked = tmp_path / "file"
    blocked.write_text("a file where the data folder should be")
    done = run("play", "klondike", "--deal", "3", "--json", data=blocked / "data", stdin="s\nsave\n")
    save = next(line for line in json_lines(done.stdout) if line["command"] == "save")
    assert save["ok"] is False and any("could not save" in text for text in save["messages"])
    assert done.stderr == ""
    good = run("play", "klondike", "--deal", "3", "--json", data=tmp_path / "ok", stdin="s\nsave\n")
    assert next(line for line in json_lines(good.stdout) if line["command"] == "save")["ok"] is True


def test_json_escapes_what_a_terminal_acts_on_and_answers_a_blank_line(tmp_path):
    """Issue 38 item 11: DEL, C1 controls and U+2028/2029 in an echoed command are escaped."""
    nasty = "x\x7fy\x9bz\u2028w\u2029v"
    done = run("play", "klondike", "--deal", "3", "--json", data=tmp_path, stdin=f"{nasty}\n\n")
    raw = done.stdout.splitlines()
    assert len(raw) == 3  # the start, the command, the blank line: one line each
    for char in "\x7f\x9b\u2028\u2029":
        assert char not in done.stdout
    assert "\\u007f" in raw[1] and "\\u009b" in raw[1] and "\\u2028" in raw[1] and "\\u2029" in raw[1]
    assert json.loads(raw[1])["command"] == nasty and json.loads(raw[1])["ok"] is False
    assert json.loads(raw[2])["command"] == "" and json.loads(raw[2])["ok"] is True


@pytest.mark.parametrize("args, stdin", [
    (("play", "klondike", "--deal", "3", "--json"), "s\n" * 400),
    (("play", "klondike", "--deal", "3"), "s\n" * 400),
    (("list",), ""),
    (("rules", "klondike"), ""),
    (("show", "freecell", "--deal", "1"), ""),
    (("solve", "freecell", "--deals", "1-40", "--max-states", "50"), ""),
    (("schema",), ""),
])
def test_a_closed_pipe_ends_any_command_quietly(tmp_path, args, stdin):
    """Issue 38 item 7: `patience play klondike --json | head -n1` must exit quietly."""
    env = {**os.environ, "PATIENCE_DATA": str(tmp_path), "PATIENCE_LANG": "en", "NO_COLOR": "1"}
    reader = subprocess.Popen([sys.executable, "-m", "patience", *args], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert reader.stdout is not None and reader.stdin is not None and reader.stderr is not None
    first = reader.stdout.readline()
    reader.stdout.close()  # as `head -n1` does
    try:
        reader.stdin.write(stdin.encode())
        reader.stdin.close()
    except BrokenPipeError:
        pass
    error = reader.stderr.read().decode()
    reader.wait(timeout=120)
    assert first and error == "" and reader.returncode in (0, 1)
    if args[0] == "play":
        assert (tmp_path / "saves" / "klondike.json").exists()  # the game kept, as at Ctrl-C


def _game(uid: str, result: str, seconds: float, scripted: bool):
    from patience.stats.record import GameRecord

    return GameRecord(uid=uid, ruleset="klondike", deal=1, result=result, moves=90, undos=0, seconds=seconds,
                      started_at="s", ended_at="e", player="ola", scripted=scripted)


def test_a_scripts_games_are_in_no_figure_and_tell_no_news():
    from patience.stats.summary import leaderboard, new_bests, summarize

    person = [_game("a", "won", 300, False), _game("b", "won", 200, False)]
    script = _game("c", "won", 0.5, True)
    figures = summarize("klondike", [*person, script, _game("d", "lost", 1, True)])
    assert (figures.played, figures.won, figures.current_streak, figures.best_time) == (4, 3, 2, 200)
    assert figures.scripted == 2 and figures.best_streak == 2  # the script's loss broke nothing
    assert new_bests(person, script) == []
    assert new_bests(person, _game("e", "won", 100, False)) == ["new best time!", "longest winning streak: 3!"]
    assert [p.seconds for p in leaderboard([*person, script])] == [200]


@pytest.mark.parametrize("value, expected", [(True, True), (False, False), ("1", True), ("0", False), ("", False),
                                             ("true", True), (None, False)])
def test_the_scripted_flag_is_read_from_exports(value, expected):
    from patience.stats.record import record_from_dict

    data = {"uid": "u", "ruleset": "klondike", "result": "won", "moves": 3, "seconds": 1, "started_at": "s",
            "ended_at": "e", "scripted": value}
    assert record_from_dict(data).scripted is expected


@pytest.mark.parametrize("value", ["maybe", 2, [1]])
def test_a_scripted_flag_that_is_no_yes_or_no_is_refused(value):
    from patience.stats.record import record_from_dict

    data = {"uid": "u", "ruleset": "klondike", "result": "won", "moves": 3, "seconds": 1, "started_at": "s",
            "ended_at": "e", "scripted": value}
    with pytest.raises(ValueError, match="scripted must be true or false"):
        record_from_dict(data)
