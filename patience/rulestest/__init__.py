"""Rules tests as data: scenarios beside the rulesets that say what each game's rules allow.

A test file (``rulesets/tests/<id>.yaml``) names its ruleset and lists scenarios: a position
(a deal number and moves, a position text, or a few piles and a pile that takes the rest), then
what must hold there: moves that must be legal, moves that must be refused (and why), pile
contents, the deal's shape, the status. ``patience test`` runs them, ``patience lint`` checks
the files (docs/authoring.md, "Rules tests"). This layer sits above the engine, beside the solver.
"""

from __future__ import annotations

from .files import TestFileError, find_test_files, is_test_file, load_test_file, shipped_test_files
from .lint import lint_test_file
from .run import Failure, FileResult, ScenarioResult, run_file, run_files

__all__ = ["Failure", "FileResult", "ScenarioResult", "TestFileError", "find_test_files", "is_test_file",
           "lint_test_file", "load_test_file", "run_file", "run_files", "shipped_test_files"]
