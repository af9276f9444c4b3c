"""Saves checked as data (issue 27 item 3): a damaged save of any kind is a message and a file moved
aside, never a crash, and the other saves are untouched; orphaned temp files do not pile up."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from clirun import run
from hypothesis import given, settings
from hypothesis import strategies as st

from patience import Game
from patience.session.saves import SaveError, list_saves, read_save, restore, save_path, tidy_saves, write_save
from patience.session.session import Session, Settings


def saves() -> Path:
    return Path(os.environ["PATIENCE_DATA"]) / "saves"


def kept_game(deal: int = 5, moves: str = "34\ns\n") -> dict:
    """Play and quit a Klondike deal; the save's data."""
    run("play", "klondike", "--deal", str(deal), input=moves + "quit\n")
    return json.loads((saves() / "klondike.json").read_text(encoding="utf-8"))


DEEP = '{"format": "patience-save", "version": 1, "game": "klondike", "deal": 5, "moves": ' + "[" * 100_000 + "]" * 100_000 + "}"


@pytest.mark.parametrize("change, why", [
    ({"elapsed": "NaN"}, "elapsed"),
    ({"elapsed": "Infinity"}, "elapsed"),
    ({"elapsed": "1e400"}, "elapsed"),
    ({"elapsed": -1}, "elapsed"),
    ({"turns": ["1"]}, "turns.0"),
    ({"turns": [0, 2]}, "a turn holds no move"),
    ({"turns": [1]}, "the turns do not add up"),
    ({"undos": "abc"}, "undos"),
    ({"move_count": 10**30}, "move_count"),
    ({"move_count": True}, "move_count"),
    ({"ruleset_file": 7}, "ruleset_file"),
    ({"deal": 0}, "deal"),
    ({"deal": "5"}, "deal"),
    ({"moves": "34 s"}, "moves"),
    ({"moves": ["3" * 5000, "s"]}, "longer than 200"),
    ({"daily": "yesterday"}, "daily"),
    ({"uid": ["x"]}, "uid"),
    ({"version": 99}, "save format version 99"),
    ({"format": "something else"}, "not a patience save file"),
])
def test_a_save_with_wrong_data_is_damaged_moved_aside_and_the_others_stay(change, why):
    kept_game()
    run("play", "freecell", "--deal", "2", input="3a\nquit\n")
    path = saves() / "klondike.json"
    text = json.dumps({**json.loads(path.read_text(encoding="utf-8")), **change})
    for name in ("NaN", "Infinity", "1e400"):  # JSON's own spellings, which json.dumps would quote
        text = text.replace(f'"{name}"', name)
    path.write_text(text, encoding="utf-8")
    result = run("resume", "klondike", input="")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "is damaged" in result.output and why in result.output and "moved aside" in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not path.exists() and len(list(saves().glob("klondike.json.damaged-*"))) == 1
    other = run("resume", "--json", input="")  # the newest left is FreeCell's, untouched
    assert other.exit_code == 0 and json.loads(other.output.splitlines()[0])["state"]["deal"] == 2


@pytest.mark.parametrize("content", [DEEP.encode(), b"\xff\xfe garbage", b"[1, 2]", b"", b"null",
                                     b'{"format": "patience-save"' + b" " * 9_000_000 + b"}"])
def test_a_save_that_is_no_json_object_is_damaged_on_resume_and_in_the_list(content):
    saves().mkdir(parents=True)
    path = saves() / "klondike.json"
    path.write_bytes(content)
    assert [s.game_id for s in list_saves()] == ["klondike"]  # listing never fails
    result = run("resume", input="")
    assert result.exit_code == 1 and "is damaged" in result.output and "Traceback" not in result.output
    assert not path.exists()


def test_a_save_from_before_uid_and_key_still_resumes_and_goes_when_won():
    from positions import freecell_solution

    run("play", "freecell", "--deal", "1", input="3a\nquit\n")
    path = saves() / "freecell.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for newer in ("uid", "key", "recorded", "started_at", "undos", "daily", "winnable"):
        data.pop(newer)
    path.write_text(json.dumps(data), encoding="utf-8")
    won = run("resume", input="undo\n" + "\n".join(freecell_solution(1)) + "\n")
    assert "You won deal 1" in won.output and not path.exists()


def test_a_save_replays_from_its_moves_even_when_the_game_was_left_half_changed():
    session = Session(Game.new("klondike", 5), Settings())
    session.handle("34")
    session.game.push(session.game.legal_moves()[0])  # a move no turn holds, as a bug might leave
    path = write_save(session)
    restored = restore(read_save(path), path)
    expected = Game.new("klondike", 5)
    expected.play("34")
    assert restored.game.position() == expected.position()


# Temp files ------------------------------------------------------------------------------------------
def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_temp_files_of_dead_processes_are_removed_and_a_live_ones_kept():
    saves().mkdir(parents=True)
    dead = saves() / f".klondike.{dead_pid()}.abc123.tmp"
    live = saves() / f".klondike.{os.getppid()}.abc123.tmp"  # a running process's, mid-write
    old_unknown = saves() / ".klondike-abc.tmp"  # an older patience's name: judged by age
    new_unknown = saves() / ".freecell-def.tmp"
    for path in (dead, live, old_unknown, new_unknown):
        path.write_text("{", encoding="utf-8")
    an_hour_ago = time.time() - 3600
    os.utime(old_unknown, (an_hour_ago, an_hour_ago))
    assert tidy_saves() == 2
    assert not dead.exists() and not old_unknown.exists() and live.exists() and new_unknown.exists()


def test_play_and_resume_clean_up_orphaned_temp_files_at_start():
    kept_game()
    orphan = saves() / f".klondike.{dead_pid()}.zz9.tmp"
    orphan.write_text("{", encoding="utf-8")
    run("resume", input="quit\n")
    assert not orphan.exists()
    orphan.write_text("{", encoding="utf-8")
    run("play", "freecell", "--deal", "1", input="")  # nothing played, nothing saved: cleaned all the same
    assert not orphan.exists()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_kill_9_during_saves_leaves_no_orphan_after_the_next_start():
    """A process saving in a loop is killed at a random moment, five times; whatever it left,
    the next start leaves only good saves behind."""
    script = "s\nsave\n" * 400
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    for delay in (0.45, 0.55, 0.65, 0.75, 0.85):
        child = subprocess.Popen([sys.executable, "-m", "patience", "play", "klondike", "--deal", "5"],
                                 stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        assert child.stdin is not None
        child.stdin.write(script.encode())
        child.stdin.flush()
        time.sleep(delay)
        child.kill()
        child.wait()
    run("play", "klondike", "--deal", "1", input="")
    assert list(saves().glob(".*.tmp")) == []
    if (saves() / "klondike.json").exists():  # the last whole save, never half a one
        read_save(saves() / "klondike.json")


# Random data to the reader ---------------------------------------------------------------------------
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=6),
    max_leaves=20,
)
FIELDS = ["format", "version", "game", "key", "ruleset_file", "deal", "moves", "turns", "undone", "undone_turns",
          "move_count", "elapsed", "uid", "started_at", "undos", "daily", "winnable", "recorded", "saved_at", "position"]


@settings(max_examples=30, deadline=None)
@given(content=st.binary(max_size=300))
def test_random_bytes_are_a_damaged_save_never_a_crash(content):
    saves().mkdir(parents=True, exist_ok=True)
    path = saves() / "klondike.json"
    path.write_bytes(content)
    with pytest.raises(SaveError, match="is damaged"):
        read_save(path)
    assert not path.exists()


@settings(max_examples=40, deadline=None)
@given(field=st.sampled_from(FIELDS), value=JSONISH)
def test_any_value_in_any_field_is_read_replayed_or_refused_as_damaged(field, value):
    session = Session(Game.new("klondike", 5), Settings())
    for move in ("34", "s", "undo"):
        session.handle(move)
    path = write_save(session)
    base = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**base, field: value}), encoding="utf-8")
    try:
        restore(read_save(path), path)
    except SaveError as err:
        assert "damaged" in str(err) or "replays" in str(err) or "cannot be loaded" in str(err)
