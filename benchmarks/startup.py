"""Start-up time of the command line (issues 3, 24, 25): `patience --help`, `patience show`,
`patience solve freecell --deal 1`, the first board of a game from a pipe, and the first board of
the full-screen game in a pseudo-terminal.

    python benchmarks/startup.py [--runs N]

Each command runs N times in a fresh process; the median and the best wall time are printed, with
the load average (other work on the machine slows every row alike: compare rows of one run).
Targets on the 2-core reference machine: --help <= 150 ms, show <= 200 ms, solve freecell
--deal 1 <= 300 ms, first board of Klondike <= 300 ms (issue 25; 400 ms in issue 3).
Bytecode caching is allowed (as in an installed package) and each command is run once first.
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
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

COMMANDS = {
    "patience --help": (["--help"], None),
    "show klondike": (["show", "klondike"], None),
    "solve freecell --deal 1": (["solve", "freecell", "--deal", "1"], None),
    "first board: play klondike": (["play", "klondike", "--deal", "1"], "quit\n"),
    "first board: play freecell": (["play", "freecell", "--deal", "1"], "quit\n"),
}
# The commands that load a ruleset, timed also with an empty cache and with the cache off.
CACHE_COMPARED = ["show klondike", "solve freecell --deal 1", "first board: play klondike"]


def time_command(args: list[str], stdin: str | None, runs: int, env: dict[str, str], *,
                 cold: bool = False) -> list[float]:
    times = []
    for _ in range(runs):
        if cold:
            shutil.rmtree(env["PATIENCE_CACHE"], ignore_errors=True)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "patience", *args], input=stdin, text=True, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    return times


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
        child = pexpect.spawn(sys.executable, ["-m", "patience", *args], env=dict(env, TERM="xterm-256color"),
                              encoding="utf-8", timeout=30, dimensions=(24, 80))
        child.expect(card)
        times.append(time.perf_counter() - start)
        child.send("q")
        child.expect(pexpect.EOF)
        child.close()
    return times


def report(name: str, times: list[float], runs: int) -> None:
    print(f"{name:<40} median {statistics.median(times) * 1000:6.0f} ms   best {min(times) * 1000:6.0f} ms"
          f"   ({runs} runs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, PATIENCE_DATA=data, PATIENCE_CACHE=os.path.join(data, "cache"))
        env.pop("PATIENCE_NO_CACHE", None)
        # An installed package has its bytecode compiled (pip does it); let a checkout cache it too.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for name, (args, stdin) in COMMANDS.items():
            time_command(args, stdin, 1, env)  # warm-up: bytecode, file and ruleset caches
            report(name + (" (warm)" if name in CACHE_COMPARED else ""), time_command(args, stdin, runs, env), runs)
        for name in CACHE_COMPARED:
            args, stdin = COMMANDS[name]
            report(name + " (cold)", time_command(args, stdin, runs, env, cold=True), runs)
            report(name + " (no cache)", time_command(args, stdin, runs, dict(env, PATIENCE_NO_CACHE="1")), runs)
        env["PATIENCE_CONFIG"] = data
        for name, (args, card) in FULL_SCREEN.items():
            time_full_screen(args, card, 1, env)
            report(name, time_full_screen(args, card, runs, env), runs)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
