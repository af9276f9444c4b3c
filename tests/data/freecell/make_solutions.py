"""Make the FreeCell solution files used by tests/test_freecell_solutions.py.

This is NOT the project's solver. It is a throw-away generator of test data: it only has to find
*some* winning line for a few Microsoft deals (FC-6), using nothing but the public engine API
(``legal_moves``, ``push``/``pop``, ``notation``, ``canonical_key``).

How the solutions were made:

* weighted best-first search (priority = heuristic + DEPTH_WEIGHT x moves so far) over positions,
  with ``Game.canonical_key()`` as the closed set (cells and columns are folded, so moving the
  same cards between interchangeable piles is searched once);
* heuristic = 2 x cards not on the foundations + 1 per column card lying above a lower card of
  its own suit (it must be dug out) + the cards covering each suit's next needed card + a small
  charge per occupied free cell;
* after each move, "safe" foundation moves (the card cannot be needed on the tableau any more:
  rank <= 2, or both foundations of the other colour are at least rank - 1) are played at once,
  but as ordinary, explicit moves that appear in the output (no hidden auto-play);
* moves taking a card back from a foundation are not tried;
* each move's text is ``Game.notation(move)`` in the position just before it is pushed, so it
  may carry a ``v`` count (e.g. a run into an empty column).

Each solution is then checked by replaying its text with ``Game.play`` on a fresh game until
``is_won()``, and written to deal-<N>.txt next to this file.

Usage:  python make_solutions.py [--write] [--limit SECONDS] DEAL [DEAL ...]
"""

from __future__ import annotations

import argparse
import heapq
import pathlib
import time

from patience import Game

DEPTH_WEIGHT = 0.5
HERE = pathlib.Path(__file__).resolve().parent


def tops(g: Game) -> list[int]:
    """The foundation rank reached in each suit (C D H S)."""
    top = [0, 0, 0, 0]
    for p in g.rules.foundation_piles:
        if g.piles[p]:
            top[g.piles[p][-1] % 4] = g.piles[p][-1] // 4 + 1
    return top


def heuristic(g: Game) -> float:
    piles, rules, top = g.piles, g.rules, tops(g)
    score = 2 * (52 - sum(top)) + 0.5 * sum(1 for p in rules.cell_piles if piles[p])
    for p in rules.column_piles:
        lowest = [99, 99, 99, 99]
        for depth, c in enumerate(piles[p]):
            rank, suit = c // 4 + 1, c % 4
            if rank > lowest[suit]:
                score += 1
            else:
                lowest[suit] = rank
            if rank == top[suit] + 1:
                score += len(piles[p]) - depth - 1
    return score


def safe_moves(g: Game) -> list:
    """Foundation moves no later play could regret (played one by one, explicitly)."""
    piles, found, top = g.piles, g.rules.foundation_piles, tops(g)
    for m in g.legal_moves():
        if m[1] in found and m[0] not in found:
            c = piles[m[0]][-1]
            rank, red = c // 4 + 1, c % 4 in (1, 2)
            others = [top[s] for s in range(4) if (s in (1, 2)) != red]
            if rank <= 2 or min(others) >= rank - 1:
                return [m]
    return []


def solve(deal: int, limit: float) -> list[str] | None:
    g = Game.new("freecell", deal=deal)
    found = g.rules.foundation_piles
    start = [p[:] for p in g.piles]
    nodes: list[tuple[int, list[str]]] = [(-1, [])]  # (parent node, moves that led here)
    heap = [(heuristic(g), 0, 0, start)]
    seen = {g.canonical_key()}
    t0 = time.monotonic()
    while heap and time.monotonic() - t0 < limit:
        _, depth, node, piles = heapq.heappop(heap)
        for move in _restore(g, piles).legal_moves():
            if move[0] in found:
                continue
            words = [g.notation(move)]
            g.push(move)
            pushed = 1
            while (auto := safe_moves(g)):
                words.append(g.notation(auto[0]))
                g.push(auto[0])
                pushed += 1
            key = g.canonical_key()
            if key not in seen:
                seen.add(key)
                nodes.append((node, words))
                if g.is_won():
                    return _path(nodes, len(nodes) - 1)
                d = depth + len(words)
                heapq.heappush(heap, (heuristic(g) + DEPTH_WEIGHT * d, d, len(nodes) - 1, [p[:] for p in g.piles]))
            for _ in range(pushed):
                g.pop()
    return None


def _restore(g: Game, piles: list[list[int]]) -> Game:
    g.piles, g.history = [p[:] for p in piles], []
    return g


def _path(nodes: list, i: int) -> list[str]:
    out: list[str] = []
    while i > 0:
        parent, words = nodes[i]
        out[:0] = words
        i = parent
    return out


def verify(deal: int, words: list[str]) -> None:
    g = Game.new("freecell", deal=deal)
    for i, word in enumerate(words, 1):
        assert not g.is_won(), f"deal {deal}: won before move {i}"
        g.play(word)
    assert g.is_won(), f"deal {deal}: not won after {len(words)} moves"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("deals", nargs="+", type=int)
    ap.add_argument("--limit", type=float, default=60.0, help="seconds per deal (default 60)")
    ap.add_argument("--write", action="store_true", help="write deal-<N>.txt files")
    args = ap.parse_args()
    for deal in args.deals:
        t0 = time.monotonic()
        words = solve(deal, args.limit)
        took = time.monotonic() - t0
        if words is None:
            why = f"none within {args.limit:.0f} s" if took >= args.limit else "search space exhausted"
            print(f"# deal {deal}: no solution ({why}), skipped")
            continue
        verify(deal, words)
        print(f"# deal {deal}: {len(words)} moves, {took:.1f} s")
        print(" ".join(words))
        if args.write:
            lines = [" ".join(words[i:i + 20]) for i in range(0, len(words), 20)]
            text = f"# FreeCell (Microsoft) deal {deal}: {len(words)} moves\n" + "\n".join(lines) + "\n"
            (HERE / f"deal-{deal}.txt").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
