"""Finding rules-test files, telling them from rulesets, reading them with their positions."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from pathlib import Path

from ..i18n import _
from ..ruleset.lint import is_rules_test
from ..ruleset.loader import Finding, RulesetError, _Positions, check_model, parse_yaml, read_ruleset_text
from ..ruleset.model import Ruleset
from ..ruleset.registry import UnknownGame, find_ruleset_file, load_path, shipped_dir
from .model import RulesTests

TESTS_FOLDER = "tests"  # beside the rulesets: rulesets/tests/<id>.yaml


class TestFileError(Exception):
    """A test file that cannot be run; ``findings`` says where, as a ruleset's errors do."""

    __test__ = False  # not a pytest class

    def __init__(self, findings: list[Finding]) -> None:
        self.findings = findings
        super().__init__("\n".join(str(f) for f in findings))


@dataclass(frozen=True)
class LoadedTests:
    path: Path
    tests: RulesTests
    pos: _Positions

    def line(self, *at: str | int) -> int:
        return self.pos.nearest(tuple(at))[0]


def is_test_file(path: Path) -> bool:
    """A YAML file with a top-level `scenarios:` key is a rules test, not a ruleset."""
    return is_rules_test(path)


def shipped_test_files() -> list[Path]:
    return sorted((shipped_dir() / TESTS_FOLDER).glob("*.yaml"))


def tests_beside(ruleset_file: Path) -> Path:
    """Where the tests of a ruleset file are: ``tests/<stem>.yaml`` in its folder."""
    return ruleset_file.parent / TESTS_FOLDER / f"{ruleset_file.stem}.yaml"


def find_test_files(targets: list[str]) -> tuple[list[Path], list[str]]:
    """The test files ``targets`` name, and what could not be found. A target is a test file, a
    folder (its test files, in sub-folders too), a ruleset file or a game's name (the tests beside it)."""
    found: dict[Path, Path] = {}
    missing: list[str] = []
    for target in targets:
        path = Path(target)
        if path.is_dir():
            for parent, _dirs, names in os.walk(path):
                for name in sorted(names):
                    file = Path(parent, name)
                    if name.endswith((".yaml", ".yml")) and is_test_file(file):
                        found.setdefault(file.resolve(), file)
            continue
        if not path.is_file():
            try:
                path = find_ruleset_file(target)
            except (UnknownGame, RulesetError):
                path = Path(target)
            if not path.is_file():  # `nonexist.yaml` is read as a file's name, and there is none
                missing.append(_("{target}: no such file, folder or game").format(target=target))
                continue
        if is_test_file(path):
            found.setdefault(path.resolve(), path)
        elif tests_beside(path).is_file():
            found.setdefault(tests_beside(path).resolve(), tests_beside(path))
        else:
            missing.append(_("{target}: no tests at {path}").format(target=target, path=tests_beside(path)))
    return list(found.values()), missing


def load_test_file(path: Path) -> LoadedTests:
    """The file's scenarios, checked key by key; TestFileError with every problem otherwise."""
    name = str(path)
    try:
        data, pos = parse_yaml(read_ruleset_text(path), name)
        if not isinstance(data, dict):
            raise RulesetError([Finding(name, 1, 1, "", _("a rules test is a mapping of keys (ruleset, scenarios)"), "P004")])
        tests = check_model(data, pos, name, RulesTests)
    except RulesetError as err:
        raise TestFileError([_with_hint(f) for f in err.findings]) from None
    return LoadedTests(path, tests, pos)


def _with_hint(finding: Finding) -> Finding:
    """An `expect` value that is not text (a new author wrote counts there): say what it takes."""
    if finding.code == "P013" and re.fullmatch(r"scenarios\.\d+\.expect\.[^.]+", finding.path):
        hint = _("write the pile's cards, `down | up` or the cards alone (\"\" for none); for counts, use `shape`")
        return replace(finding, message=f"{finding.message}; {hint}")
    return finding


def ruleset_of(loaded: LoadedTests) -> Ruleset:
    """The ruleset a test file names: the file of that name in the folder above ``tests/`` (or
    beside the test), else the game of that name patience finds."""
    name = loaded.tests.ruleset
    for folder in (loaded.path.parent.parent, loaded.path.parent):
        candidate = folder / f"{name}.yaml"
        if candidate.is_file() and not is_test_file(candidate):
            return load_path(candidate)
    return load_path(find_ruleset_file(name))
