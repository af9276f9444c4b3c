"""The long run of the Hypothesis probes: every kind of input a stranger can hand patience.

    python benchmarks/fuzz.py [--examples N] [--only settings,survey,...]

Runs the probes of rulesets (lint, the loader, notation), saves, prompt lines, statistics imports,
settings files and survey files under the ``long`` profile (tests/conftest.py), N examples a probe
(fresh random seeds), and prints the cases run per probe, the failing ones and the tracebacks seen
in total. Each probe still checks what the CI run checks: no traceback, one-line messages, nothing
lost. Not a test: it takes minutes to hours; run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBES = {
    "rulesets": ["tests/test_lint_fuzz.py"],
    "notation": ["tests/test_notation.py"],
    "saves": ["tests/test_saves.py"],
    "prompts": ["tests/test_session_robust.py"],
    "statistics": ["tests/test_stats_robust.py"],
    "settings": ["tests/test_files_fuzz.py::test_any_settings_file_gives_settings_and_at_most_one_line_and_set_loses_nothing",
                 "tests/test_files_fuzz.py::test_nesting_is_bounded_before_any_parser_sees_it",
                 "tests/test_files_fuzz.py::test_write_atomic_then_read_user_file_round_trips"],
    "survey": ["tests/test_files_fuzz.py::test_any_rows_in_a_survey_file_give_a_report_and_an_export_without_a_traceback"],
}
COUNTS = re.compile(r"- (\d+) passing, (\d+) failing, and (\d+) invalid")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=2000, help="examples a probe (default 2,000)")
    parser.add_argument("--only", default="", help="comma-separated probes: " + ", ".join(PROBES))
    args = parser.parse_args()
    chosen = [name for name in PROBES if not args.only or name in args.only.split(",")]
    env = {**os.environ, "HYPOTHESIS_PROFILE": "long", "PATIENCE_FUZZ_EXAMPLES": str(args.examples)}
    total_cases = total_failing = total_tracebacks = 0
    for name in chosen:
        command = [sys.executable, "-m", "pytest", "-n0", "-q", "-p", "no:cacheprovider",
                   "--hypothesis-show-statistics", *PROBES[name]]
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        output = done.stdout + done.stderr
        found = [tuple(map(int, m)) for m in COUNTS.findall(output)]
        cases = sum(passing + failing for passing, failing, _invalid in found)
        failing = sum(f for _p, f, _i in found)
        tracebacks = output.count("Traceback (most recent call last)")
        total_cases, total_failing, total_tracebacks = (total_cases + cases, total_failing + failing,
                                                        total_tracebacks + tracebacks)
        print(f"{name:<11} {cases:>8} cases, {failing} failing, {tracebacks} tracebacks, pytest exit {done.returncode}")
        if done.returncode:
            print("\n".join(output.splitlines()[-20:]))
    print(f"{'total':<11} {total_cases:>8} cases, {total_failing} failing, {total_tracebacks} tracebacks")
    print("PASS" if total_failing == total_tracebacks == 0 else "FAIL")
    sys.exit(0 if total_failing == total_tracebacks == 0 else 1)


if __name__ == "__main__":
    main()
