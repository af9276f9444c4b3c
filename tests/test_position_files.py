"""Positions of games whose ruleset was read from a file (issue 22 item 7): the README's
`Game.from_position(game.position())` works however the game was loaded. A position names the
file when the game's id would not find it; a program may give the ruleset itself."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from clirun import run

from patience import Game
from patience.engine.position import PositionError, same_position
from patience.ruleset.loader import RulesetError, load_file, load_text, source_file
from patience.ruleset.registry import UnknownGame, load_path, shipped_dir

FREECELL = shipped_dir() / "freecell.yaml"


def own_game(folder: Path, game_id: str = "my-cells", name: str = "My Cells", cells: int = 4) -> Path:
    """FreeCell under another id and name in ``folder`` (``cells`` free cells), as a player's file."""
    text = FREECELL.read_text(encoding="utf-8")
    text = text.replace("id: freecell", f"id: {game_id}", 1).replace("name: FreeCell", f"name: {name}", 1)
    text = text.replace("aliases: [free-cell, wolne-komorki]", "aliases: []", 1).replace("names: {pl: FreeCell}\n", "", 1)
    if cells != 4:
        labels = " ".join("abcdefgh"[:cells])
        text = text.replace("count: 4\n    labels: \"a b c d\"", f"count: {cells}\n    labels: \"{labels}\"", 1)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{game_id}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def played(game: Game) -> Game:
    """The game after a few moves, so that a position is more than a deal."""
    for _turn in range(3):
        game.play(game.legal_moves()[0])
    return game


def header(position: str) -> list[str]:
    return [line for line in position.splitlines() if not line.startswith("pile ")]


def test_a_game_loaded_by_a_path_outside_the_folders_restores_from_its_own_position(tmp_path, monkeypatch):
    path = own_game(tmp_path / "elsewhere")
    monkeypatch.chdir(tmp_path)
    game = played(Game.new("elsewhere/my-cells.yaml", deal=5))  # a relative path, resolved when read
    saved = game.position()
    assert header(saved)[:2] == ["game: my-cells", f"file: {path.resolve()}"]
    monkeypatch.chdir(path.parent.parent.parent)  # the README's line, from another working folder
    again = Game.from_position(saved)
    assert again.position() == saved and again.key() == game.key()
    assert again.ruleset.name == "My Cells" and source_file(again.ruleset) == path.resolve()


def test_a_shipped_game_is_named_by_id_alone_and_old_positions_still_load():
    game = played(Game.new("klondike", deal=7))
    saved = game.position()
    assert header(saved) == ["game: klondike", "deal: 7", "redeals: 0", f"score: {game.score}"]
    assert Game.from_position(saved).position() == saved
    by_hand = "\n".join(["game: freecell", "deal: 1", *(f"pile {line}" for line in [
        "a: |", "b: |", "c: |", "d: |", "h1: |", "h2: |", "h3: |", "h4: |",
        "1: | JD KD 2S 4C 3S 6D 6S", "2: | 2D KC KS 5C TD 8S 9C", "3: | 9H 9S 9D TS 4S 8D 2H",
        "4: | JC 5S QD QH TH QS 6H", "5: | 5D AD JS 4H 8H 6C", "6: | 7H QC AS AC 2C 3D",
        "7: | 7C KH AH 4D JH 8C", "8: | 5H 3H 3C 7S 7D TC"])]) + "\n"
    assert Game.from_position(by_hand).key() == Game.new("freecell", 1).key()


def test_a_game_in_the_rulesets_folder_is_named_by_id_whether_loaded_by_name_or_path(tmp_path, monkeypatch):
    folder = tmp_path / "games"
    path = own_game(folder)
    monkeypatch.setenv("PATIENCE_PATH", str(folder))
    by_name = Game.new("My Cells", deal=9).position()
    by_path = Game.new(str(path), deal=9).position()
    assert by_name == by_path and "file:" not in by_name
    assert Game.from_position(by_path).position() == by_path


def test_a_file_hidden_by_a_game_of_the_same_id_is_named_and_read_back(tmp_path):
    # A copy of FreeCell keeping the id `freecell`: the id finds the shipped file, not this one.
    path = own_game(tmp_path, game_id="freecell", name="Not The Shipped One")
    game = played(Game.new(str(path), deal=2))
    saved = game.position()
    assert f"file: {path.resolve()}" in header(saved)
    assert Game.from_position(saved).ruleset.name == "Not The Shipped One"


def test_the_ruleset_may_be_given_as_a_ruleset_a_path_or_a_name(tmp_path):
    path = own_game(tmp_path)
    made_in_code = load_text(path.read_text(encoding="utf-8"))  # no file behind it
    game = played(Game(made_in_code, 4))
    saved = game.position()
    assert "file:" not in saved
    with pytest.raises(UnknownGame):
        Game.from_position(saved)  # nothing says where `my-cells` is
    assert Game.from_position(saved, made_in_code).position() == saved
    for given in (path, str(path)):  # read from a file now, so its positions name the file
        again = Game.from_position(saved, given)
        assert same_position(again.position(), saved) and f"file: {path.resolve()}" in again.position()
    with pytest.raises(PositionError, match="the position is of 'my-cells', not 'freecell'"):
        Game.from_position(saved, "freecell")


def test_a_given_ruleset_wins_over_the_file_the_position_names(tmp_path):
    saved = Game.new(str(own_game(tmp_path / "a", name="First")), deal=3).position()
    other = own_game(tmp_path / "b", name="Second")
    assert Game.from_position(saved, other).ruleset.name == "Second"


def test_a_file_changed_since_refuses_the_position_and_says_the_file_may_have_changed(tmp_path):
    path = own_game(tmp_path)
    saved = played(Game.new(str(path), deal=6)).position()
    own_game(tmp_path, cells=3)  # the same file, one free cell fewer: pile d is gone
    with pytest.raises(PositionError, match=rf"no pile 'd'.*has {path.resolve()} changed since"):
        Game.from_position(saved)
    own_game(tmp_path, cells=5)  # pile e added: the position lacks it
    with pytest.raises(PositionError, match="pile e is missing.*changed since"):
        Game.from_position(saved)
    path.write_text(path.read_text(encoding="utf-8").replace("id: my-cells", "id: their-cells"), encoding="utf-8")
    with pytest.raises(PositionError, match=f"the position is of 'my-cells', but {path.resolve()} now holds 'their-cells'"):
        Game.from_position(saved)


def test_a_file_moved_into_the_rulesets_folder_is_found_by_its_id(tmp_path, monkeypatch):
    path = own_game(tmp_path / "was-here")
    game = played(Game.new(str(path), deal=8))
    saved = game.position()
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.move(path, folder / path.name)
    with pytest.raises(PositionError, match=f"read from {path.resolve()}, which is not there now.*give the ruleset"):
        Game.from_position(saved)
    monkeypatch.setenv("PATIENCE_PATH", str(folder))
    assert Game.from_position(saved).key() == game.key()


def test_positions_that_differ_only_in_the_file_named_are_the_same_position(tmp_path):
    path = own_game(tmp_path)
    game = played(Game.new(str(path), deal=6))
    named = game.position()
    unnamed = "".join(line for line in named.splitlines(keepends=True) if not line.startswith("file:"))
    assert named != unnamed and same_position(named, unnamed) and same_position(unnamed, named)
    game.undo()
    assert not same_position(game.position(), named) and not same_position(game.position(), unnamed)


def test_a_position_pointing_at_no_file_at_all_is_refused_in_words(tmp_path):
    text = Game.new("freecell", 1).position().replace("game: freecell", f"game: nowhere\nfile: {tmp_path / 'x.yaml'}")
    with pytest.raises(PositionError, match="'nowhere' was read from"):
        Game.from_position(text)
    text = text.replace(f"file: {tmp_path / 'x.yaml'}", "file: " + "x" * 5000)  # too long for a path
    with pytest.raises(PositionError, match="which is not there now"):
        Game.from_position(text)


def test_a_ruleset_remembers_the_file_it_was_read_from_and_only_that(tmp_path, monkeypatch):
    path = own_game(tmp_path / "games")
    monkeypatch.chdir(tmp_path)
    assert source_file(load_file("games/my-cells.yaml")) == path.resolve()
    assert source_file(load_path(Path("games/my-cells.yaml"))) == path.resolve()
    assert source_file(load_text(path.read_text(encoding="utf-8"), "games/my-cells.yaml")) is None  # text, not read
    broken = tmp_path / "broken.yaml"
    broken.write_text("id: [", encoding="utf-8")
    with pytest.raises(RulesetError):
        load_file(broken)  # read, never built: its name must not stick to the next text
    assert source_file(load_text(path.read_text(encoding="utf-8"), str(broken))) is None


def test_a_save_written_before_positions_named_files_still_resumes(tmp_path):
    path = own_game(tmp_path / "elsewhere")
    assert run("play", str(path), "--deal", "3", input="1a\nsave\nquit\n").exit_code == 0
    (save,) = (Path(os.environ["PATIENCE_DATA"]) / "saves").glob("*.json")
    data = json.loads(save.read_text(encoding="utf-8"))
    assert f"file: {path.resolve()}" in data["position"]
    data["position"] = "".join(line for line in data["position"].splitlines(True) if not line.startswith("file:"))
    save.write_text(json.dumps(data), encoding="utf-8")
    resumed = run("resume", input="quit\n")
    assert resumed.exit_code == 0 and "no longer replays" not in resumed.output, resumed.output
    assert save.exists()
