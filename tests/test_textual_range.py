"""The full screen on the lowest Textual that pyproject.toml allows (issue 35): the suite itself
runs on the newest one pip installs; this test runs the full screen's tests again on the lowest,
installed beside the venv (the venv is left as it is). Both ends of the range are tested by the
one command CI runs, `pytest`."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCREEN_TESTS = ["tests/test_tui_keys.py", "tests/test_tui_terminal.py", "tests/test_tui_screens.py",
                # the shipped screenshots are SVG as the newest Textual writes it: compared there only
                "-k", "not screenshots_of_every_shipped_game"]


def lowest_textual() -> str:
    """The version after `textual>=` in pyproject.toml's dependencies."""
    found = re.search(r'"textual>=([0-9.]+),<[0-9.]+"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert found, "pyproject.toml pins textual as a range textual>=A,<B"
    return found.group(1)


@pytest.mark.slow
def test_the_full_screen_tests_pass_on_the_lowest_textual_allowed(tmp_path: Path):
    low = lowest_textual()
    beside = tmp_path / "textual-low"
    install = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(beside),
                              f"textual=={low}"], capture_output=True, text=True, timeout=600)
    if install.returncode != 0 and "No matching distribution" in install.stderr:
        pytest.skip(f"textual {low} cannot be had from the package index here: {install.stderr.strip()[-200:]}")
    assert install.returncode == 0, install.stderr
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(beside), str(ROOT)]))
    version = subprocess.run([sys.executable, "-c", "import textual; print(textual.__version__)"],
                             capture_output=True, text=True, env=env, timeout=60)
    padded = (low + ".0.0").split(".")[:3]  # `3.0` in pyproject is release 3.0.0
    assert version.stdout.strip().split(".")[:3] == padded, version.stderr
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", *SCREEN_TESTS],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=1800)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
