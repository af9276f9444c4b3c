"""Line lengths (issue 34 deliver 1): how long the winning lines are, as found and as shortened.

    python benchmarks/lines.py [GAME ...] [--deals A-B] [--timeout S] [--follow N]

Per game: each deal solved twice, with ``shorter=False`` (the search's own line) and as `solve`
answers (shortened, `solver.shorten`), every shortened line replayed through ``Game.play`` to a
win (the script stops with an error otherwise). Printed: the deals won, the median and longest
line of each, and the median and slowest seconds of CPU of the shortened solve. ``--follow N``
also plays N hinted moves (`solver.hints.Planner`) from each of the first five deals won and
counts the cards then home (issue 34: in FreeCell, 100 hinted moves put at least 40 home).

Defaults: FreeCell, Klondike, Baker's Game, Seahaven Towers and Canfield, deals 1-50 at 10 s.
Targets on FreeCell 1-1000: median <= 110 moves, none over 200 (fc-solve 5 ``-l lg``: 117 and
151, issue 34). CPU seconds, not wall time: the machine is shared; say its load with the figures.
"""

from __future__ import annotations

import argparse
import statistics
import time

from patience.engine.game import Game
from patience.solver import solve
from patience.solver.hints import Planner
from patience.solver.shorten import wins

GAMES = ("freecell", "klondike", "bakers-game", "seahaven-towers", "canfield")


def home(game: Game) -> int:
    return sum(len(game.piles[p]) for p in game.rules.foundation_piles)


def follow(game_id: str, deal: int, moves: int) -> int:
    """The cards home after ``moves`` hinted moves from the deal (fewer when the game ends)."""
    game = Game.new(game_id, deal)
    planner = Planner()
    for _turn in range(moves):
        if game.is_won():
            break
        hint = planner.hint(game)
        if hint.move is None:
            break
        game.play(hint.move)
    return home(game)


def measure(game_id: str, deals: range, timeout: float, follow_moves: int) -> None:
    raw, short, seconds = [], [], []
    won = []
    for deal in deals:
        game = Game.new(game_id, deal)
        found = solve(game, timeout=timeout, shorter=False)
        if found.status != "solved":
            continue
        start = time.process_time()
        result = solve(game, timeout=timeout)
        seconds.append(time.process_time() - start)
        if result.status != "solved" or not wins(game, result.line):
            raise SystemExit(f"{game_id} deal {deal}: the shortened line does not win")
        raw.append(len(found.line))
        short.append(len(result.line))
        won.append(deal)
    if not won:
        print(f"{game_id}: no deal won in {deals.start}-{deals.stop - 1}")
        return
    print(f"{game_id} {deals.start}-{deals.stop - 1}: {len(won)} won; moves found median "
          f"{statistics.median(raw)} max {max(raw)}; shortened median {statistics.median(short)} "
          f"max {max(short)} (longest: deal {won[short.index(max(short))]}); CPU s median "
          f"{statistics.median(seconds):.2f} max {max(seconds):.2f}")
    if follow_moves:
        homes = {deal: follow(game_id, deal, follow_moves) for deal in won[:5]}
        print(f"  after {follow_moves} hinted moves, cards home: {homes}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--deals", default="1-50")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--follow", type=int, default=0)
    args = parser.parse_args()
    first, _sep, last = args.deals.partition("-")
    deals = range(int(first), int(last or first) + 1)
    for game_id in args.games:
        measure(game_id, deals, args.timeout, args.follow)


if __name__ == "__main__":
    main()
