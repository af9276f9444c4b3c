"""Lint speed: `patience lint` of every shipped ruleset, end to end and in process.

    python benchmarks/lint.py [--rounds N]

End to end runs the command in a fresh interpreter (import, validators built, every shipped
ruleset linted and compared with every ruleset patience finds), as a user or CI pays it; in
process times ``lint_paths`` alone, with the loader's cache cleared each round.
Target: <= 1 s end to end. Prints PASS or FAIL; never used as a test.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # a source checkout works without installing

from patience.ruleset.lint import lint_paths  # noqa: E402
from patience.ruleset.registry import _load_cached, shipped_dir, shipped_files  # noqa: E402
from patience.ruleset.sources import _unchecked  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    command = [sys.executable, "-c", "from patience.cli import main; main()", "lint", str(shipped_dir())]
    runs = []
    for _ in range(3):
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
        runs.append(time.perf_counter() - started)
    rounds = []
    for _ in range(args.rounds):
        _load_cached.cache_clear()
        _unchecked.cache_clear()
        started = time.perf_counter()
        findings = lint_paths([shipped_dir()])
        rounds.append(time.perf_counter() - started)
    print(f"{len(shipped_files())} shipped rulesets, exit {done.returncode}, {len(findings)} finding(s)")
    print(f"end to end (`patience lint rulesets/`, best of 3): {min(runs):.3f} s")
    print(f"in process (lint_paths, median of {args.rounds}): {sorted(rounds)[len(rounds) // 2] * 1000:.1f} ms")
    print(("PASS" if min(runs) <= 1.0 else "FAIL") + ": target 1 s end to end")


if __name__ == "__main__":
    main()
