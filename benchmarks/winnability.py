"""The solver's share of deals 1-100 for the shipped games, for the pages of docs/games/.

    python benchmarks/winnability.py [GAME ...] [--deals A-B] [--max-states N] [--timeout S] [--minutes M]

Solves each deal of each game (every shipped game by default, in order of id) with a budget of at
most N positions and S seconds a deal, one deal at a time in this process, and merges the counts
into docs/games/winnability.json under the game's id, with a digest of its rules: a page shows a
measurement only while the rules it was taken on are unchanged. `--minutes` stops starting new
games after that much CPU time (a game measured halfway is not written). Every `solved` answer is
replayed through the engine to a win first. Then rerun `python -m patience.cli.catalogue_pages`.

The position budget is what makes a figure repeatable on any machine; the time limit only guards
against a slow deal, and a game whose deals reach it says so in its entry (`timed_out`).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import time
from pathlib import Path

try:
    from patience import Game
except ImportError:  # run from a source checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from patience import Game

from patience.session.catalogue import rules_digest
from patience.cli.catalogue_pages import DOCS_GAMES, SHARES, shipped
from patience.solver.search import SOLVED, UNKNOWN, UNSOLVABLE, solve


def deal_range(text: str) -> range:
    first, _sep, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    return f"{platform.system()} {cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def measure(ruleset, deals: range, max_states: int, timeout: float) -> dict:
    counts = {SOLVED: 0, UNSOLVABLE: 0, UNKNOWN: 0}
    timed_out = 0
    started, cpu = time.monotonic(), time.process_time()
    for deal in deals:
        game = Game(ruleset, deal)
        result = solve(game, timeout=timeout, max_states=max_states)
        if result.status == SOLVED:
            for move in result.moves:  # an answer is believed only once the engine has won with it
                game.play(move)
            if not game.is_won():
                sys.exit(f"{ruleset.id} deal {deal}: the solver's line does not win")
        counts[result.status] += 1
        timed_out += result.reason == "timeout"
    return {
        "rules": rules_digest(ruleset),
        "deals": [deals.start, deals.stop - 1],
        "solved": counts[SOLVED], "unsolvable": counts[UNSOLVABLE], "unknown": counts[UNKNOWN],
        "max_states": max_states, "timeout": timeout, "timed_out": timed_out,
        "seconds": round(time.monotonic() - started, 1),  # wall clock: a shared machine stretches it
        "cpu_seconds": round(time.process_time() - cpu, 1),
        "machine": machine(), "date": datetime.date.today().isoformat(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="ids of shipped games (default: all)")
    parser.add_argument("--deals", type=deal_range, default=deal_range("1-100"))
    parser.add_argument("--max-states", type=int, default=3000, help="positions searched per deal at most")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds per deal at most")
    parser.add_argument("--minutes", type=float, default=None, help="start no game after this many CPU minutes")
    parser.add_argument("--out", type=Path, default=DOCS_GAMES / SHARES)
    args = parser.parse_args()

    everyone = {ruleset.id: ruleset for ruleset in shipped()}
    unknown = [name for name in args.games if name not in everyone]
    if unknown:
        sys.exit(f"not shipped games: {', '.join(unknown)}")
    try:
        data = json.loads(args.out.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    games = data.setdefault("games", {})
    for name in args.games or sorted(everyone):
        if args.minutes is not None and time.process_time() > 60 * args.minutes:
            print(f"{name}: not measured, out of time", flush=True)
            continue
        entry = measure(everyone[name], args.deals, args.max_states, args.timeout)
        games[name] = entry
        print(f"{name:26} solved {entry['solved']:3}  unsolvable {entry['unsolvable']:3}  unknown "
              f"{entry['unknown']:3}  ({entry['timed_out']} timed out)  {entry['seconds']:6.1f} s, "
              f"{entry['cpu_seconds']:6.1f} s CPU", flush=True)
        data["games"] = dict(sorted(games.items()))
        args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
