"""Start-up time of the command line (issues 3, 24, 25): `patience --help`, `patience show`,
`patience solve freecell --deal 1`, the first board of a game from a pipe, and the first board of
the full-screen game in a pseudo-terminal.

    python benchmarks/startup.py [--runs N] [--issue34]

Each command runs N times in a fresh process, the rows taking turns; the median and the best wall
time and the median CPU time (user + system) are printed, with the load average (other work on the
machine slows every row alike: compare rows of one run, and CPU times, which load changes less).
Targets on the 2-core reference machine: --help <= 150 ms, show <= 200 ms, solve freecell
--deal 1 <= 300 ms, first board of Klondike <= 300 ms (issue 25; 400 ms in issue 3). Issue 34
(4), in CPU time: `--version` <= 60 ms above a bare `python -c pass` (the first row),
`show freecell --deal 1` <= 120 ms, `solve freecell --deal 1` <= 150 ms.
Bytecode caching is allowed (as in an installed package) and each command is run once first.
The command is the `patience` script beside the Python running this file when there is one (what
a player runs), else `python -m patience`. Issue 34 asks for a fresh non-editable install: run
from outside the checkout, so that its folder is not on the path, with that install's Python:

    python3 -m venv /tmp/v && /tmp/v/bin/pip install . && cd /tmp && /tmp/v/bin/python CHECKOUT/benchmarks/startup.py --issue34

``--issue34``: only the four rows issue 34 names (bare Python, --version, show, solve), cache warm.
"warm" rows use the ruleset cache (ruleset/cache.py) as every run after the first does; "cold"
rows empty the cache folder before each run (the first run after an install or an edit);
"no cache" rows set PATIENCE_NO_CACHE=1.
The first board is measured with the game reading `quit` from a pipe, so it includes start-up,
loading the ruleset, dealing, drawing the board and leaving.
The full-screen game (issue 25, target <= 300 ms) is timed from the command's start to the first
screen that shows a card of the board, in a pseudo-terminal (pexpect), then left with `q`.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

BARE = "bare python -c pass"
COMMANDS = {
    BARE: ([], None),
    "patience --version": (["--version"], None),
    "patience --help": (["--help"], None),
    "show freecell --deal 1": (["show", "freecell", "--deal", "1"], None),
    "show klondike": (["show", "klondike"], None),
    "solve freecell --deal 1": (["solve", "freecell", "--deal", "1"], None),
    "first board: play klondike": (["play", "klondike", "--deal", "1"], "quit\n"),
    "first board: play freecell": (["play", "freecell", "--deal", "1"], "quit\n"),
}
# What a player runs: the installed script, else the package run as a module.
_SCRIPT = os.path.join(os.path.dirname(sys.executable), "patience")
PATIENCE = [_SCRIPT] if os.path.isfile(_SCRIPT) else [sys.executable, "-m", "patience"]
ISSUE_34 = [BARE, "patience --version", "show freecell --deal 1", "solve freecell --deal 1 (warm)"]
# The commands that load a ruleset, timed also with an empty cache and with the cache off.
CACHE_COMPARED = ["show klondike", "solve freecell --deal 1", "first board: play klondike"]


def rows() -> list[tuple[str, list[str], str | None, str]]:
    """(row name, arguments, standard input, cache: warm, cold or off), in the order printed."""
    found = [(name + (" (warm)" if name in CACHE_COMPARED else ""), args, stdin, "warm")
             for name, (args, stdin) in COMMANDS.items()]
    for name in CACHE_COMPARED:
        args, stdin = COMMANDS[name]
        found += [(f"{name} (cold)", args, stdin, "cold"), (f"{name} (no cache)", args, stdin, "off")]
    return found


def run_once(args: list[str], stdin: str | None, cache: str, env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system, the child's own) of one run."""
    if cache == "cold":  # a cache folder of its own, emptied: the warm rows keep theirs
        env = dict(env, PATIENCE_CACHE=env["PATIENCE_CACHE"] + "-cold")
        shutil.rmtree(env["PATIENCE_CACHE"], ignore_errors=True)
    elif cache == "off":
        env = dict(env, PATIENCE_NO_CACHE="1")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    command = [*PATIENCE, *args] if args else [sys.executable, "-c", "pass"]
    subprocess.run(command, input=stdin, text=True, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


FULL_SCREEN = {
    "full screen: play klondike": (["play", "klondike", "--deal", "1"], "10♥"),
    "full screen: play freecell": (["play", "freecell", "--deal", "1"], "♠"),
}


def time_full_screen(args: list[str], card: str, runs: int, env: dict[str, str]) -> list[float]:
    """Seconds from the start to the first board drawn in a pseudo-terminal (80 × 24)."""
    import pexpect

    times = []
    for _ in range(runs):
        start = time.perf_counter()
        child = pexpect.spawn(PATIENCE[0], [*PATIENCE[1:], *args], env=dict(env, TERM="xterm-256color"),
                              encoding="utf-8", timeout=30, dimensions=(24, 80))
        child.expect(card)
        times.append(time.perf_counter() - start)
        child.send("q")
        child.expect(pexpect.EOF)
        child.close()
    return times


def report(name: str, times: list[float], runs: int, cpu: list[float] | None = None) -> None:
    line = (f"{name:<40} median {statistics.median(times) * 1000:6.0f} ms   best {min(times) * 1000:6.0f} ms")
    if cpu:
        line += f"   CPU median {statistics.median(cpu) * 1000:6.0f} ms"
    print(f"{line}   ({runs} runs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--issue34", action="store_true", help="only issue 34's four rows")
    options = parser.parse_args()
    runs = options.runs
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, PATIENCE_DATA=data, PATIENCE_CACHE=os.path.join(data, "cache"))
        env.pop("PATIENCE_NO_CACHE", None)
        # An installed package has its bytecode compiled (pip does it); let a checkout cache it too.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        table = [row for row in rows() if not options.issue34 or row[0] in ISSUE_34]
        for _name, args, stdin, cache in table:
            run_once(args, stdin, "warm", env)  # warm-up: bytecode, file and ruleset caches
        # The rows take turns run after run, so that a change of the machine's load falls on all alike.
        wall: dict[str, list[float]] = {name: [] for name, *_ in table}
        cpu: dict[str, list[float]] = {name: [] for name, *_ in table}
        for _ in range(runs):
            for name, args, stdin, cache in table:
                seconds, used = run_once(args, stdin, cache, env)
                wall[name].append(seconds)
                cpu[name].append(used)
        for name, *_ in table:
            report(name, wall[name], runs, cpu[name])
        env["PATIENCE_CONFIG"] = data
        for name, (args, card) in ({} if options.issue34 else FULL_SCREEN).items():
            time_full_screen(args, card, 1, env)
            report(name, time_full_screen(args, card, runs, env), runs)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
