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
