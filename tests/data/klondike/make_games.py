"""Make the Klondike winning lines used by tests/test_klondike_games.py.

NOT the project's solver: a throw-away test-data generator that finds *some* winning line for a
few deals of a Klondike ruleset (``klondike``, ``klondike-3``, ...) through the public engine API
(``legal_moves``, ``push``/``pop``, ``notation``, ``canonical_key``). It looks at face-down cards.

How the lines were made: weighted best-first search (priority = heuristic + DEPTH_WEIGHT x
moves so far; heuristic = 2 x cards off the foundations + 3 x face-down tableau cards) with
``Game.canonical_key()`` as the closed set (with unlimited redeals the redeal count is not in it,
so going round the stock again meets positions already seen). After each move, "safe" foundation
moves (rank <= 2, or both other-colour foundations at rank - 1 or more) are played at once, as
ordinary moves written in the line. Foundation cards back to the tableau (KL-7) and whole columns
onto empty ones are not tried. Each move's text is ``Game.notation(move)`` just before it is
pushed (``s`` deals or turns the waste over; ``w3``, ``wh``, ``3h``, ``57``, ``46v4``).
Optional detours show more of KL-8's scoring: ``--look-first`` goes once through the stock and
turns it over before the first play (a redeal at score 0: the floor); ``--worry-back`` takes a
foundation card back onto a column and returns it at once (-15, +10), at the first chance in
the second half of the line. Each line is checked by replaying its text with ``Game.play`` on a
fresh game (not won before the last move, won after it) and written to <ruleset>-deal-<N>.txt
next to this file, with the move count and final score in a ``#`` header.

Usage:  python make_games.py [--write] [--limit S] [--look-first] [--worry-back] RULESET DEAL [DEAL ...]
"""

from __future__ import annotations

import argparse
import heapq
import pathlib
import time

from patience import Game
from patience.engine.moves import REDEAL

DEPTH_WEIGHT = 0.2
HERE = pathlib.Path(__file__).resolve().parent


def tops(g: Game) -> list[int]:
    """The foundation rank reached in each suit (C D H S)."""
    top = [0, 0, 0, 0]
    for p in g.rules.foundation_piles:
        if g.piles[p]:
            top[g.piles[p][-1] % 4] = g.piles[p][-1] // 4 + 1
    return top


def heuristic(g: Game) -> float:
    return 2 * (52 - sum(tops(g))) + 3 * sum(g.hidden[p] for p in g.rules.column_piles)


def safe_move(g: Game):
    """A foundation move no later play could regret (played explicitly), or None."""
    found, top = g.rules.foundation_piles, tops(g)
    for m in g.legal_moves():
        if 0 <= m[1] and m[1] in found and m[0] not in found:
            c = g.piles[m[0]][-1]
            rank, red = c // 4 + 1, c % 4 in (1, 2)
            others = [top[s] for s in range(4) if (s in (1, 2)) != red]
            if rank <= 2 or min(others) >= rank - 1:
                return m
    return None


def snapshot(g: Game) -> tuple:
    return [p[:] for p in g.piles], g.hidden[:], g.redeals_used, g.score


def restore(g: Game, state: tuple) -> Game:
    g.piles, g.hidden, g.redeals_used, g.score = [p[:] for p in state[0]], state[1][:], *state[2:]
    g.history = []
    return g


def solve(ruleset: str, deal: int, limit: float) -> list[str] | None:
    g = Game.new(ruleset, deal=deal)
    found = g.rules.foundation_piles
    nodes: list[tuple[int, list[str]]] = [(-1, [])]  # (parent node, moves that led here)
    heap = [(heuristic(g), 0, 0, snapshot(g))]
    seen = {g.canonical_key()}
    t0 = time.monotonic()
    while heap and time.monotonic() - t0 < limit:
        _, depth, node, state = heapq.heappop(heap)
        for move in restore(g, state).legal_moves():
            if move[0] in found or g.changes_nothing(move):
                continue
            words = [g.notation(move)]
            g.push(move)
            while (auto := safe_move(g)) is not None:
                words.append(g.notation(auto))
                g.push(auto)
            key = g.canonical_key()
            if key not in seen:
                seen.add(key)
                nodes.append((node, words))
                if g.is_won():
                    out, i = [], len(nodes) - 1
                    while i > 0:
                        out[:0] = nodes[i][1]
                        i = nodes[i][0]
                    return out
                d = depth + len(words)
                heapq.heappush(heap, (heuristic(g) + DEPTH_WEIGHT * d, d, len(nodes) - 1, snapshot(g)))
            for _ in words:
                g.pop()
    return None


def detours(ruleset: str, deal: int, words: list[str], look_first: bool, worry_back: bool) -> list[str]:
    """The line with the optional detours (see above) put in."""
    g, out = Game.new(ruleset, deal=deal), []
    while look_first:
        m = next(m for m in g.legal_moves() if m[1] < 0)
        out.append(g.notation(m))
        g.push(m)
        look_first = m[1] != REDEAL
    found = g.rules.foundation_piles
    for i, word in enumerate(words):
        back = worry_back and i >= len(words) // 2 and [m for m in g.legal_moves() if m[0] in found and m[1] >= 0]
        if back:  # out to a column (foundations go only there), then the same card home again
            home = (back[0][1], back[0][0], 1)
            for m in (back[0], home):
                out.append(g.notation(m))
                g.play(m)
            worry_back = False
        out.append(word)
        g.play(word)
    return out


def verify(ruleset: str, deal: int, words: list[str]) -> Game:
    g = Game.new(ruleset, deal=deal)
    for i, word in enumerate(words, 1):
        assert not g.is_won(), f"{ruleset} deal {deal}: won before move {i}"
        g.play(word)
    assert g.is_won(), f"{ruleset} deal {deal}: not won after {len(words)} moves"
    return g


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ruleset")
    ap.add_argument("deals", nargs="+", type=int)
    ap.add_argument("--limit", type=float, default=60.0, help="seconds per deal (default 60)")
    ap.add_argument("--write", action="store_true", help="write <ruleset>-deal-<N>.txt files")
    ap.add_argument("--look-first", action="store_true", help="go once through the stock first")
    ap.add_argument("--worry-back", action="store_true", help="take a foundation card back and return it")
    args = ap.parse_args()
    for deal in args.deals:
        t0 = time.monotonic()
        words = solve(args.ruleset, deal, args.limit)
        took = time.monotonic() - t0
        if words is None:
            why = f"none within {args.limit:.0f} s" if took >= args.limit else "search space exhausted"
            print(f"# {args.ruleset} deal {deal}: no solution ({why}), skipped", flush=True)
            continue
        words = detours(args.ruleset, deal, words, args.look_first, args.worry_back)
        score = verify(args.ruleset, deal, words).score
        print(f"# {args.ruleset} deal {deal}: {len(words)} moves, score {score}, {took:.1f} s", flush=True)
        if args.write:
            lines = [" ".join(words[i:i + 20]) for i in range(0, len(words), 20)]
            extra = "".join(f" --{f}" for f in ("look-first", "worry-back") if getattr(args, f.replace("-", "_")))
            extra = f" (made with{extra})" if extra else ""
            head = f"# ruleset {args.ruleset}, deal {deal}: {len(words)} moves, final score {score}{extra}\n"
            (HERE / f"{args.ruleset}-deal-{deal}.txt").write_text(head + "\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
