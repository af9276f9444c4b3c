"""Two builds of patience side by side, deal by deal: `solve()` in an old checkout and in this one,
each deal run in one then the other so that both see the same load.

    python benchmarks/ab.py OLD_CHECKOUT GAME [GAME ...] [--deals A-B | --list N,N,...] [--timeout S]
                            [--states N] [--out FILE]

OLD_CHECKOUT is a worktree with its own built venv (`git worktree add /tmp/old REV`, then
`python -m venv .venv && .venv/bin/pip install -e .` there). Each deal is solved in a fresh
process of each build (`solve(game, timeout, max_states, shorter=False)`); printed per deal: the
answer, positions and CPU seconds of each, then per game the totals. A `solved` line is replayed
by the child to a win before it is reported. Rows go to FILE as JSON lines. Note the load.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

CHILD = r"""
import json, sys, time
from patience import Game
from patience.ruleset.registry import find_ruleset
from patience.solver.search import solve
game_id, deal, timeout, states = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
ruleset = find_ruleset(game_id)
started = time.process_time()
result = solve(Game(ruleset, deal), timeout=timeout, max_states=states or None, shorter=False)
cpu = time.process_time() - started
won = None
if result.status == "solved":
    replay = Game(ruleset, deal)
    for word in result.moves:
        replay.play(word)
    won = replay.is_won()
print(json.dumps({"status": result.status, "states": result.states, "cpu": round(cpu, 3),
                  "reason": result.reason, "replays": won}))
"""


def run(python: str, game: str, deal: int, timeout: float, states: int) -> dict:
    out = subprocess.run([python, "-c", CHILD, game, str(deal), str(timeout), str(states)],
                         capture_output=True, text=True, check=False)
    if out.returncode:
        return {"status": "error", "states": 0, "cpu": 0.0, "reason": out.stderr.strip().splitlines()[-1:]}
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("games", nargs="+")
    parser.add_argument("--deals", default="1-10")
    parser.add_argument("--list", help="deal numbers, comma-separated (instead of --deals)")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--states", type=int, default=0, help="also at most this many positions (0: none)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    builds = {"old": str(args.old / ".venv" / "bin" / "python"), "new": sys.executable}
    if args.list:
        deals = [int(x) for x in args.list.split(",")]
    else:
        first, _sep, last = args.deals.partition("-")
        deals = list(range(int(first), int(last or first) + 1))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for game in args.games:
        totals = {name: {"solved": 0, "unsolvable": 0, "unknown": 0, "cpu": 0.0} for name in builds}
        for deal in deals:
            row = {"game": game, "deal": deal}
            for name, python in builds.items():
                answer = run(python, game, deal, args.timeout, args.states)
                row[name] = answer
                totals[name][answer["status"]] = totals[name].get(answer["status"], 0) + 1
                totals[name]["cpu"] += answer["cpu"]
            old, new = row["old"], row["new"]
            flag = "" if old["status"] == new["status"] else "  <-- differs"
            if False in (old.get("replays"), new.get("replays")):
                flag += "  LINE DOES NOT WIN"
            print(f"{game} {deal}: old {old['status']} {old['states']:,} {old['cpu']:.1f}s | "
                  f"new {new['status']} {new['states']:,} {new['cpu']:.1f}s{flag}", flush=True)
            if args.out:
                with args.out.open("a", encoding="utf-8") as file:
                    file.write(json.dumps(row) + "\n")
        for name, total in totals.items():
            print(f"{game} {name}: " + ", ".join(f"{k} {v:.1f}" if k == "cpu" else f"{k} {v}" for k, v in total.items()))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
