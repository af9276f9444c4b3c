"""What pointing at a card means: the moves it starts, where they go, the best one for a
double-click, and which cards can move at all. Plain Python over the engine's legal moves, so
every rule (builds, runs, swaps, sets out) is the engine's; no game is named here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.moves import CLOSE_UP, REMOVE, SLOT, SWAP

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.moves import Move
    from .layout import Hit


def _count(game: Game, hit: Hit) -> int | None:
    """How many cards a click on this spot picks up (None: the pile's label or an empty pile,
    which picks up whatever the longest legal move takes)."""
    pile, index = hit
    return None if index < 0 else len(game.piles[pile]) - index


def moves_from(game: Game, hit: Hit) -> list[Move]:
    """The legal moves that start at the card (or pile) pointed at."""
    pile, index = hit
    count = _count(game, hit)
    found: list[Move] = []
    for move in game.legal_moves():
        src, dst, n = move
        if dst == SWAP:
            if (src // SLOT == pile and src % SLOT == index) or (n // SLOT == pile and n % SLOT == index):
                found.append(move)
        elif dst == REMOVE:
            if pile in (src, n) and (count in (None, 1)):
                found.append(move)
        elif dst == CLOSE_UP:
            if pile == game.rules.refill_pile:  # the pile that refills the closed-up layout plays it
                found.append(move)
        elif src == pile and (count is None or n == count or dst < 0):
            found.append(move)
    if count is None:  # the label: the longest run that moves to each target
        longest: dict[int, Move] = {}
        for move in found:
            key = target_of(move, pile)
            if move[1] < 0 or key not in longest or move[2] > longest[key][2]:
                longest[key] = move
        found = [m for m in found if m[1] < 0 or longest.get(target_of(m, pile)) == m]
    return found


def target_of(move: Move, source: int) -> int:
    """The pile a move started at ``source`` lands on, or takes its partner from (-1: none)."""
    src, dst, n = move
    if dst == SWAP:
        return (n // SLOT) if src // SLOT == source else (src // SLOT)
    if dst == REMOVE:
        return n if src == source else src
    return dst if dst >= 0 else -1


def move_to(game: Game, source: Hit, target: Hit) -> Move | None:
    """The move from the picked-up card(s) to the spot clicked next, when there is one: onto its
    pile, or, for a swap, with the very card clicked (a pile's label: its top card)."""
    pile, index = target
    if index < 0 and game.piles[pile]:
        index = len(game.piles[pile]) - 1
    for move in moves_from(game, source):
        if target_of(move, source[0]) != pile:
            continue
        if move[1] == SWAP and index not in _swap_indexes(move, pile):
            continue
        return move
    return None


def _swap_indexes(move: Move, pile: int) -> set[int]:
    """The indexes of the cards a swap takes from ``pile``."""
    a, _swap, b = move
    return {place % SLOT for place in (a, b) if place // SLOT == pile}


def best_move(game: Game, hit: Hit) -> Move | None:
    """A double-click's move: home when the card may go there, else a single card set out, else
    the best build (onto a card before an empty pile, the longest run first). Swaps, which a
    game may allow once, are never spent by a double-click."""
    rules = game.rules
    moves = [m for m in moves_from(game, hit) if m[1] != SWAP]
    if not moves:
        return None

    def merit(move: Move) -> tuple[int, int, int]:
        src, dst, n = move
        if dst == REMOVE:
            return (3 if src == n else 1, 0, 0)
        if dst < 0:
            return (0, 0, 0)
        home = rules.group_of[dst].role == "foundation"
        return (4 if home else 2, 1 if game.piles[dst] else 0, n)

    return max(moves, key=merit)


def playable(game: Game) -> set[Hit]:
    """The cards that can move now (swaps aside: in a game that allows one, every card could), and
    the close-up's refill pile while a close-up would change something."""
    spots: set[Hit] = set()
    for src, dst, n in game.legal_moves():
        if dst == SWAP:
            continue
        if dst == CLOSE_UP:
            refill = game.rules.refill_pile
            if refill >= 0 and game.piles[refill]:
                spots.add((refill, len(game.piles[refill]) - 1))
        elif dst == REMOVE:
            spots.update((p, len(game.piles[p]) - 1) for p in {src, n})
        elif dst < 0:
            spots.add((src, len(game.piles[src]) - 1))
        else:
            spots.add((src, len(game.piles[src]) - n))
    return spots
