"""The code shown in the README and docs runs as shown."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_readme_api_example_runs():
    blocks = python_blocks(ROOT / "README.md")
    assert blocks, "the README shows the Python API"
    for block in blocks:
        namespace: dict = {}
        exec(compile(block, "README.md", "exec"), namespace)
        assert namespace["game"].status() == "in progress"
        assert namespace["again"].position() == namespace["saved"]


def test_engine_doc_example_runs():
    for block in python_blocks(ROOT / "docs" / "engine.md"):
        exec(compile(block, "docs/engine.md", "exec"), {})


def test_readme_starts_with_the_two_fresh_machine_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```sh\n(.*?)\n```", text, flags=re.DOTALL)[:2]
    assert "pip install . && patience play klondike" in commands[0]
    assert "pip install -e '.[test]' && pytest" in commands[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci


def test_readme_counts_the_games_and_families_that_ship():
    """The README said 163 games when 169 shipped (a new author's report)."""
    from patience.ruleset.registry import shipped_rulesets

    shipped = shipped_rulesets()
    families = {ruleset.family for ruleset in shipped}
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"{len(shipped)} games ship, in {len(families)} families" in text


def test_the_authoring_guide_shows_what_patience_new_prints(tmp_path, monkeypatch):
    """docs/authoring.md's `$ patience new ...` blocks print what the command prints, line for
    line (they had lost the line about the tests file)."""
    import re

    from clirun import run

    text = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    shown = re.findall(r"```sh\n\$ patience (new [^\n]+)\n(.*?)```", text, flags=re.DOTALL)
    assert len(shown) >= 2
    monkeypatch.chdir(tmp_path)
    for command, output in shown:
        result = run(*shlex_split(command))
        assert result.exit_code == 0, result.output
        assert result.output.splitlines() == output.rstrip("\n").splitlines(), command


def shlex_split(command: str) -> list[str]:
    import shlex

    return shlex.split(command)
