"""Is the game over? KL-9's lost detection, for every ruleset (docs/design.md §7).

From the current position, every position the stock alone can reach is tried (draws, redeals while
allowed, deals onto a group); in none of them may a move that gets somewhere be left. What "gets
somewhere" means is the subtle part, explained in `has_real_move`. Every search pushes and pops on
the game itself and leaves it exactly as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .moves import CLOSE_UP, REMOVE, RESHUFFLE, Move
from .refill import deals_back

if TYPE_CHECKING:
    from .board import Board

# What `Game.status()` says: compare with these, never with a word typed again ("playing" is none).
WON, LOST, IN_PROGRESS = "won", "lost", "in progress"
SHUFFLE_SEARCH = 300  # most positions lost detection visits through relocations (and recursion depth)


def progress_possible(game: Board) -> bool:
    """Go through the stock (stock actions only) looking for any move that changes something."""
    pushed = 0
    seen: set[tuple[int, int, int]] = set()
    try:
        while True:
            if has_real_move(game):
                return True
            stock_move = game.stock_move()
            if stock_move is None:
                return False
            marker = (len(game.piles[game.rules.stock_pile]), waste_size(game), game.redeals_key())
            if marker in seen:
                return False  # the stock has gone round once with no new play
            seen.add(marker)
            game.push(stock_move)
            pushed += 1
    finally:
        for _ in range(pushed):
            game.pop()


def waste_size(game: Board) -> int:
    return len(game.piles[game.rules.waste_pile]) if game.rules.waste_pile >= 0 else 0


def has_real_move(game: Board) -> bool:
    """A non-stock move that gets somewhere. An unused action counts (CR-5). Three kinds
    of move do not count by themselves, or a game could go on for ever:

    - a card taken back from a foundation counts only if it enables another move;
    - a run moved from one card onto an identical one (two decks) never does: every move
      it opens was open before it, from the other copy;
    - a relocation (a whole pile into an empty pile: PA-3's waiting base cards, a lone card
      between a column and a free cell) counts only if a chain of relocations wins, leads to
      another kind of move, or frees a stock that could not move before (a one-card hand
      played to an empty waste pile: the next card can then be turned); searched, at most
      SHUFFLE_SEARCH positions. Where every move is a relocation (Gaps: a lone card into a
      gap), the chain's win is the only progress there is.
    """
    swap = game.rules.swap_index
    if swap >= 0 and game.uses_left[swap] and swap_possible(game):
        return True
    foundations = game.rules.foundation_piles
    retreats = []
    relocations = False
    for move in game.legal_moves(actions=False):
        if move[1] == RESHUFFLE and not game.rules.reshuffle_shuffles and deals_back(game):
            continue  # an ordered gather-and-deal that gives the same layout again (a redeal with no move since)
        if move[1] in (REMOVE, CLOSE_UP, RESHUFFLE):
            return True  # a set out, a close-up that changes something, a reshuffle left: progress
        if move[1] < 0 or game.changes_nothing(move) or trades_support(game, move):
            continue
        if move[0] in foundations and move[1] not in foundations:
            retreats.append(move)
        elif relocates(game, move):
            relocations = True
        else:
            return True
    for move in retreats:
        game.push(move)
        try:
            landed = move[1]
            for follow in game.legal_moves():
                if follow[1] >= 0 and follow[0] != landed and follow[0] not in foundations and gets_somewhere(game, follow):
                    return True
        finally:
            game.pop()
    return relocations and relocations_lead_on(game, {game.canonical_key()})


def gets_somewhere(game: Board, move: Move) -> bool:
    return not (game.changes_nothing(move) or trades_support(game, move) or relocates(game, move))


def relocates(game: Board, move: Move) -> bool:
    """A whole pile into an empty pile, as many cards in the win groups as before (an ace
    into an empty foundation is no relocation)."""
    src, dst, n = move
    if dst < 0 or game.piles[dst] or n != len(game.piles[src]):
        return False
    win = game.rules.win_pile_set
    return (src in win) == (dst in win)


def trades_support(game: Board, move: Move) -> bool:
    """A run moved off a face-up card onto an identical card (two decks)."""
    src, dst, n = move
    if dst < 0:
        return False
    source, target = game.piles[src], game.piles[dst]
    if not target or n >= len(source) or source[-n - 1] != target[-1] or game.hidden[src] > len(source) - n - 1:
        return False
    win = game.rules.win_pile_set
    return (src in win) == (dst in win)


def relocations_lead_on(game: Board, seen: set) -> bool:
    """Depth-first through positions reached by relocations alone: is one won, or does one
    offer another move, or a stock move that was not possible before? Too many positions to
    search counts as yes (the game is then not called lost)."""
    foundations = game.rules.foundation_piles
    stock_blocked = game.stock_move() is None
    for move in game.legal_moves():
        if move[1] < 0 or game.changes_nothing(move) or not relocates(game, move):
            continue
        game.push(move)
        try:
            key = game.canonical_key()
            if key in seen:
                continue
            if len(seen) >= SHUFFLE_SEARCH:
                return True
            seen.add(key)
            if game.is_won():
                return True  # relocations alone win (Gaps, where every move is one)
            if stock_blocked and game.stock_move() is not None:
                return True  # the relocation made room for the stock's next card
            for other in game.legal_moves():
                if other[1] >= 0 and not (other[0] in foundations and other[1] not in foundations) and gets_somewhere(game, other):
                    return True
            if relocations_lead_on(game, seen):
                return True
        finally:
            game.pop()
    return False


def swap_possible(game: Board) -> bool:
    """Some swap changes the position: two different face-up cards that are not a mere relabel."""
    piles = game.piles
    for p in game.rules.swap_piles:
        if len(set(piles[p][game.hidden[p]:])) > 1:
            return True  # two different cards of one pile: never a mere relabel
    return bool(game.swap_moves())
