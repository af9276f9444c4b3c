"""Authoring: where rulesets are found, `patience new`, `patience schema`, and the generated reference."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from clirun import run

from patience.engine.game import Game
from patience.ruleset import UnknownGame, find_ruleset
from patience.ruleset.lint import lint_paths, lint_text
from patience.ruleset.reference import reference_markdown
from patience.ruleset.registry import discover, shipped_dir
from patience.ruleset.starter import copy_of, starter

ROOT = Path(__file__).resolve().parents[1]
STARTER_TEXT = starter("my-game", "My Game")


@pytest.fixture(autouse=True)
def isolated(monkeypatch, tmp_path):
    """A fresh user rulesets folder and no PATIENCE_PATH: the real user folder is never touched."""
    user = tmp_path / "data" / "rulesets"
    monkeypatch.setenv("PATIENCE_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("PATIENCE_PATH", raising=False)
    return user


def write(folder: Path, stem: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------ where rulesets come from
def test_user_and_patience_path_rulesets_are_found_in_order(isolated, tmp_path, monkeypatch):
    extra = tmp_path / "extra"
    write(isolated, "my-game", STARTER_TEXT)
    write(extra, "other", starter("other", "Other"))
    monkeypatch.setenv("PATIENCE_PATH", f"{extra}{os.pathsep}{tmp_path / 'missing'}")
    sources = [(f.path.stem, f.source) for f in discover()]
    assert sources[:2] == [("other", "PATIENCE_PATH"), ("my-game", "user")]
    assert ("klondike", "shipped") in sources
    assert find_ruleset("my-game").name == "My Game" and find_ruleset("Other").id == "other"


def test_an_earlier_folder_replaces_a_shipped_game(isolated):
    text = (shipped_dir() / "klondike.yaml").read_text(encoding="utf-8").replace("name: Klondike", "name: Mine")
    write(isolated, "klondike", text)
    assert find_ruleset("klondike").name == "Mine"


def test_a_broken_user_file_hides_no_other_game(isolated):
    write(isolated, "broken", "id: broken\nname: [\n")
    assert find_ruleset("vegas").id == "klondike-vegas"
    with pytest.raises(UnknownGame, match="did you mean"):
        find_ruleset("klondyke")


def test_list_shows_where_each_game_comes_from(isolated):
    write(isolated, "my-game", STARTER_TEXT)
    rows = json.loads(run("list", "--json").output)
    sources = {row["id"]: row["source"] for row in rows}
    assert sources["my-game"] == "user" and sources["freecell"] == "shipped"


# ------------------------------------------------------------------ patience new
def test_the_starter_lints_clean_and_plays():
    ruleset, findings = lint_text(STARTER_TEXT, "my-game.yaml")
    assert findings == [] and ruleset is not None
    game = Game(ruleset, 1)
    assert game.legal_moves() and game.status() == "in progress"
    assert STARTER_TEXT.startswith("# yaml-language-server: $schema=ruleset.schema.json\n")


def test_new_writes_a_file_that_lints_and_plays(tmp_path):
    result = run("new", "Baker's Game", "--dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    path = tmp_path / "bakers-game.yaml"
    assert "name: \"Baker's Game\"" in path.read_text(encoding="utf-8")
    assert json.loads((tmp_path / "ruleset.schema.json").read_text(encoding="utf-8"))["title"] == "Ruleset"
    assert run("lint", str(path)).exit_code == 0
    played = run("play", str(path), "--deal", "2", input="moves\nquit\n")
    assert played.exit_code == 0 and "Traceback" not in played.output
    again = run("new", "Baker's Game", "--dir", str(tmp_path))
    assert again.exit_code == 1 and "exists" in again.output


def test_new_from_a_game_keeps_its_rules_under_a_new_name(tmp_path):
    result = run("new", "my-vegas", "--from", "vegas", "--dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    path = tmp_path / "my-vegas.yaml"
    assert lint_paths([path]) == []  # no clash with the original's names
    ruleset = find_ruleset(str(path))
    original = find_ruleset("vegas")
    assert (ruleset.id, ruleset.name, ruleset.aliases) == ("my-vegas", "My Vegas", [])
    assert ruleset.piles == original.piles and ruleset.stock == original.stock


def test_new_into_the_user_folder_is_found_by_name(isolated):
    assert run("new", "corner", "--user").exit_code == 0
    assert (isolated / "corner.yaml").is_file() and find_ruleset("corner").id == "corner"


def test_new_refuses_bad_names_and_unknown_games(tmp_path):
    assert run("new", "!!!", "--dir", str(tmp_path)).exit_code == 2
    unknown = run("new", "x", "--from", "no-such-game", "--dir", str(tmp_path))
    assert unknown.exit_code == 1 and "no game called" in unknown.output
    assert not (tmp_path / "x.yaml").exists()


def test_copy_of_drops_block_style_names_and_aliases():
    text = "id: a\nname: A\nnames:\n  pl: B\naliases:\n- c\n- d\ndecks: 1\n"
    assert copy_of(text, "e", "E", "a").splitlines()[2:] == ["id: e", 'name: "E"', "decks: 1"]


# ------------------------------------------------------------------ schema and reference
def test_schema_command_prints_the_model_schema():
    from patience.ruleset.model import Ruleset

    result = run("schema")
    assert result.exit_code == 0
    assert json.loads(result.output) == Ruleset.model_json_schema(by_alias=True)


def test_reference_is_up_to_date():
    current = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    assert current == reference_markdown(), (
        "docs/reference.md is stale; regenerate it with: python -m patience.ruleset.reference > docs/reference.md"
    )


def test_reference_lists_every_key_and_every_lint_code():
    from patience.ruleset.lint import CHECKS
    from patience.ruleset.model import Ruleset

    text = reference_markdown()
    for key in Ruleset.model_fields:
        assert f"| `{Ruleset.model_fields[key].alias or key}` |" in text
    for code in CHECKS:
        assert f"| {code} |" in text


# ------------------------------------------------------------------ the tutorial
def tutorial_rulesets() -> list[tuple[str, str]]:
    """The complete rulesets of docs/authoring.md: YAML blocks that start with `id:` after comments."""
    text = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, flags=re.DOTALL)
    return [(re.search(r"^id: (\S+)", b, re.MULTILINE)[1], b) for b in blocks if re.search(r"^id: ", b, re.MULTILINE)]


def test_the_tutorial_rulesets_lint_clean_and_play(tmp_path):
    found = tutorial_rulesets()
    assert {"bakers-game", "eight-off"} <= {stem for stem, _ in found}
    for stem, block in found:
        path = write(tmp_path, stem, block)
        # Both games ship too, under the same ids: the one warning is that (the guide says so).
        findings = lint_paths([path])
        assert [(f.code, f.severity) for f in findings] == [("P210", "warning")], [str(f) for f in findings]
        assert f"rulesets/{stem}.yaml has the same id" in findings[0].message
        game = Game(find_ruleset(str(path)), 1)
        assert game.legal_moves()


def test_new_refuses_names_too_long_with_a_message(tmp_path):
    long_id = run("new", "a" * 300, "--dir", str(tmp_path))  # issue 27 item 7: was an OSError traceback
    assert long_id.exit_code == 2 and "an id of 300 characters is too long" in long_id.output
    long_name = run("new", "a" + "!" * 150, "--dir", str(tmp_path))  # id `a`, a 151-character name
    assert long_name.exit_code == 2 and "a name of 151 characters is too long" in long_name.output
    long_dir = run("new", "corner", "--dir", str(tmp_path / ("d" * 300)))
    assert long_dir.exit_code == 1 and "File name too long" in long_dir.output
    assert all(not isinstance(r.exception, OSError) for r in (long_id, long_name, long_dir))
    assert list(tmp_path.iterdir()) == []


def test_new_makes_the_longest_id_lint_allows(tmp_path):
    result = run("new", "b" * 64, "--dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert lint_paths([tmp_path / f"{'b' * 64}.yaml"]) == []


def test_new_never_writes_through_a_link_even_with_force(tmp_path):
    """Issue 38: `patience new` writes like every other writer (files.write_atomic): a link in the
    target's place is refused in one line and the file it points to is untouched."""
    elsewhere = tmp_path / "someone-elses.txt"
    elsewhere.write_text("keep me", encoding="utf-8")
    (tmp_path / "mine.yaml").symlink_to(elsewhere)
    result = run("new", "mine", "--dir", str(tmp_path), "--force")
    assert result.exit_code == 1 and "is a link" in result.output and "Traceback" not in result.output
    assert elsewhere.read_text(encoding="utf-8") == "keep me"
