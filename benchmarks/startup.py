"""Start-up time of the command line (issues 3, 25): `patience --help`, the first board of a game
from a pipe, and the first board of the full-screen game in a pseudo-terminal.

    python benchmarks/startup.py [--runs N]

Each command runs N times in a fresh process; the median and the best wall time are printed.
Targets on the 2-core reference machine: --help <= 150 ms, first board of Klondike <= 400 ms.
Bytecode caching is allowed (as in an installed package) and each command is run once first.
The first board is measured with the game reading `quit` from a pipe, so it includes start-up,
loading and compiling the ruleset, dealing, drawing the board and leaving.
The full-screen game (issue 25, target <= 300 ms) is timed from the command's start to the first
screen that shows a card of the board, in a pseudo-terminal (pexpect), then left with `q`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

COMMANDS = {
    "patience --help": (["--help"], None),
    "first board: play klondike": (["play", "klondike", "--deal", "1"], "quit\n"),
    "first board: play freecell": (["play", "freecell", "--deal", "1"], "quit\n"),
}


def time_command(args: list[str], stdin: str | None, runs: int, env: dict[str, str]) -> list[float]:
    times = []
    for _ in range(runs):
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
    print(f"{name:<30} median {statistics.median(times) * 1000:6.0f} ms   best {min(times) * 1000:6.0f} ms"
          f"   ({runs} runs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, PATIENCE_DATA=data)
        # An installed package has its bytecode compiled (pip does it); let a checkout cache it too.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for name, (args, stdin) in COMMANDS.items():
            time_command(args, stdin, 1, env)  # warm-up: bytecode and file caches
            report(name, time_command(args, stdin, runs, env), runs)
        env["PATIENCE_CONFIG"] = data
        for name, (args, card) in FULL_SCREEN.items():
            time_full_screen(args, card, 1, env)
            report(name, time_full_screen(args, card, runs, env), runs)


if __name__ == "__main__":
    main()
