"""Engine speed: applied moves (push/pop) and full legal-move listings per second.

    python benchmarks/engine.py [--seconds S] [--games N] [--moves M] [--seed K] [--only ID ...] [--strict]

For every shipped ruleset the script first plays ``--games`` random games (deals 1..N, moves
chosen by a ``random.Random`` seeded from ``--seed`` and the ruleset id, so every run measures the
same games) of at most ``--moves`` moves each, and keeps

- each game's line of moves (a list of move tuples), and
- a copy of the game at every position along the way.

Then, for about ``--seconds`` each, it times

(a) applied moves: from the dealt position, ``push`` every move of a line, then ``pop`` them all
    to unwind; the moves are precomputed, so only push/pop is measured (plus the loop itself).
    Reported: pushes/s and pops/s (each timed on its own) and push+pop pairs/s (a pair = one push
    and one pop, the unit a depth-first solver pays per move tried);
(b) listings: one ``legal_moves()`` call on each stored position; reported as listings/s with
    the mean number of legal moves per listing, and the same on the dealt positions alone.

Rates are totals over all rounds (count / time), with the garbage collector left on, as a
solver would run. Every shipped ruleset is measured, Cromwell and Parada included; Cromwell's
dealt listings are slow by nature: its unused swap (CR-4) is some 5,000 listed moves. Targets (FreeCell): >= 100,000 pushes/s and >= 20,000 listings/s; the script
prints PASS/FAIL for them, and with ``--strict`` exits 1 on a FAIL.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

try:
    from patience import Game
except ImportError:  # run from a source checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from patience import Game
from patience.ruleset.registry import shipped_rulesets

# ruleset id -> (pushes/s, listings/s) it must reach
TARGETS: dict[str, tuple[int, int]] = {"freecell": (100_000, 20_000)}


@dataclass
class Result:
    ruleset: str
    games: int
    moves: int  # moves in all lines
    positions: int  # stored positions for listings
    pushes_per_s: float
    pops_per_s: float
    pairs_per_s: float
    listings_per_s: float
    mean_moves: float
    dealt_listings_per_s: float  # on freshly dealt positions, where more moves are open
    dealt_mean_moves: float


def random_games(ruleset_id: str, games: int, max_moves: int, seed: int) -> tuple[list[tuple[int, list]], list[Game]]:
    """Seeded random games: (deal, line of moves) for each, and a copy of every position reached."""
    rng = random.Random(seed ^ zlib.crc32(ruleset_id.encode()))
    lines: list[tuple[int, list]] = []
    positions: list[Game] = []
    for deal in range(1, games + 1):
        game = Game.new(ruleset_id, deal=deal)
        line = []
        for _ in range(max_moves):
            positions.append(game.copy())
            moves = game.legal_moves()
            if not moves:
                break
            move = rng.choice(moves)
            game.push(move)
            line.append(move)
        else:
            positions.append(game.copy())
        lines.append((deal, line))
    return lines, positions


def time_push_pop(ruleset_id: str, lines: list[tuple[int, list]], seconds: float) -> tuple[float, float, float]:
    """(pushes/s, pops/s, push+pop pairs/s) over rounds of every line, until ``seconds`` have passed."""
    starts = [(Game.new(ruleset_id, deal=deal), line) for deal, line in lines]
    pushed = 0
    push_time = pop_time = 0.0
    clock = time.perf_counter
    begin = clock()
    while True:
        for game, line in starts:
            push, pop = game.push, game.pop
            t0 = clock()
            for move in line:
                push(move)
            t1 = clock()
            for _ in line:
                pop()
            t2 = clock()
            push_time += t1 - t0
            pop_time += t2 - t1
            pushed += len(line)
        if clock() - begin >= seconds:
            break
    for game, _ in starts:  # every line unwound back to its deal
        assert not game.history
    return pushed / push_time, pushed / pop_time, pushed / (push_time + pop_time)


def time_listings(positions: list[Game], seconds: float) -> tuple[float, float]:
    """(listings/s, mean legal moves per listing) over rounds of every position."""
    listed = calls = 0
    elapsed = 0.0
    clock = time.perf_counter
    listers = [g.legal_moves for g in positions]
    while True:
        t0 = clock()
        for legal_moves in listers:
            listed += len(legal_moves())
        elapsed += clock() - t0
        calls += len(listers)
        if elapsed >= seconds:
            break
    return calls / elapsed, listed / calls


def measure(ruleset_id: str, args: argparse.Namespace) -> Result:
    lines, positions = random_games(ruleset_id, args.games, args.moves, args.seed)
    pushes, pops, pairs = time_push_pop(ruleset_id, lines, args.seconds)
    listings, mean_moves = time_listings(positions, args.seconds)
    dealt = [Game.new(ruleset_id, deal=deal) for deal in range(1, args.games + 1)]
    dealt_listings, dealt_mean = time_listings(dealt, args.seconds)
    return Result(
        ruleset_id, len(lines), sum(len(line) for _, line in lines), len(positions),
        pushes, pops, pairs, listings, mean_moves, dealt_listings, dealt_mean,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement per ruleset (default 1)")
    parser.add_argument("--games", type=int, default=40, help="random games per ruleset (default 40)")
    parser.add_argument("--moves", type=int, default=200, help="most moves per random game (default 200)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the random games (default 2024)")
    parser.add_argument("--only", nargs="*", metavar="ID", help="measure only these rulesets")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)

    ids = [r.id for r in shipped_rulesets()]
    if args.only:
        unknown = set(args.only) - set(ids)
        if unknown:
            parser.error(f"unknown ruleset(s): {', '.join(sorted(unknown))}; shipped: {', '.join(ids)}")
        ids = [i for i in ids if i in args.only]

    print(f"patience engine benchmark — Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{platform.machine()}; {args.games} seeded random games of <= {args.moves} moves per ruleset, "
          f"~{args.seconds:g} s per measurement")
    print("pushes/s: push() of precomputed moves along each game; pops/s: pop() unwinding them; "
          "push+pop/s: pairs (one push + one pop) per second;")
    print("listings/s: legal_moves() calls on stored positions of the same games; dealt: on the dealt positions.\n")
    header = (f"{'ruleset':<16}{'moves':>7}{'pushes/s':>12}{'pops/s':>12}{'push+pop/s':>12}{'positions':>11}"
              f"{'listings/s':>12}{'moves/listing':>15}{'dealt list/s':>14}{'dealt moves':>13}")
    print(header)
    print("-" * len(header))
    results = []
    for ruleset_id in ids:
        r = measure(ruleset_id, args)
        results.append(r)
        print(f"{r.ruleset:<16}{r.moves:>7}{r.pushes_per_s:>12,.0f}{r.pops_per_s:>12,.0f}{r.pairs_per_s:>12,.0f}"
              f"{r.positions:>11}{r.listings_per_s:>12,.0f}{r.mean_moves:>15.1f}"
              f"{r.dealt_listings_per_s:>14,.0f}{r.dealt_mean_moves:>13.1f}", flush=True)

    failed = False
    if any(r.ruleset in TARGETS for r in results):
        print()
    for r in results:
        if r.ruleset not in TARGETS:
            continue
        want_push, want_list = TARGETS[r.ruleset]
        for what, got, want in (("applied moves (pushes)/s", r.pushes_per_s, want_push),
                                ("applied moves (push+pop pairs)/s", r.pairs_per_s, want_push),
                                ("listings/s", r.listings_per_s, want_list),
                                ("listings/s on dealt positions", r.dealt_listings_per_s, want_list)):
            verdict = "PASS" if got >= want else "FAIL"
            if what.endswith("pairs)/s"):
                verdict = verdict.lower() + " (informational)"  # the target is on pushes
            elif got < want:
                failed = True
            print(f"{r.ruleset} {what}: {got:,.0f} (target >= {want:,}) {verdict}")
    return 1 if (failed and args.strict) else 0


if __name__ == "__main__":
    sys.exit(main())
