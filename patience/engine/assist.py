"""Help for the player: safe foundation moves, finishing a decided game, a hint, why a game is lost.

None of this changes what is legal; it only picks among the legal moves. Everything is derived
from the compiled rules (which cards could be built on which), never from a game's name.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..cards import DECK_SIZE
from ..i18n import N_, _
from .moves import CLOSE_UP, REMOVE, SWAP, Move

if TYPE_CHECKING:
    from .compiled import CompiledRules
    from .game import Game

FINISH_LIMIT = 10_000  # more foundation moves than any deck can need: a guard, not a rule


def builders(game: Game) -> list[frozenset[int]]:
    """Per card: the cards that could ever be built on it outside the foundations."""
    found: list[set[int]] = [set() for _card in range(DECK_SIZE)]
    for group in game.rules.groups:
        if group.role == "foundation":
            continue
        for below in range(DECK_SIZE):
            found[below].update(group.fits_on[below])
    return [frozenset(cards) for cards in found]


def home_counts(game: Game) -> Counter[int]:
    """How many copies of each card lie on the foundations."""
    piles = game.piles
    return Counter(card for p in game.rules.foundation_piles for card in piles[p])


def card_is_safe(card: int, table: list[frozenset[int]], home: Counter[int] | bytearray, decks: int) -> bool:
    """No card still outside the foundations could ever be built on ``card``: every copy of
    every card that fits on it is home already."""
    return all(home[other] >= decks for other in table[card])


def is_safe(game: Game, move: Move, table: list[frozenset[int]], home: Counter[int]) -> bool:
    """A move to a foundation is safe when no card still outside the foundations could ever
    be built on the card it sends (that card has no further use in the layout) and sending it
    now takes nothing from another move: it does not come from a pile whose order later deals
    read (`deals_read_the_order`), it could not start a pile whose start is counted
    (`follower_starters`), and every foundation that takes it now is alike (`one_home`). The
    solver's safe moves are these (`solver.prune.Autoplay`), which besides leave alone every pile
    a stock deals onto (`solver.prune.may_autoplay_from`)."""
    src, dst, n = move
    rules = game.rules
    if dst < 0 or n != 1 or dst not in rules.foundation_piles or src in rules.foundation_piles:
        return False
    card = game.piles[src][-1]
    if deals_read_the_order(rules, src) or card in follower_starters(rules):
        return False
    if not card_is_safe(card, table, home, game.ruleset.decks):
        return False
    targets = [f for f in sorted(rules.foundation_piles) if game.lands_on(f, card) and game.why_illegal((src, f, 1)) is None]
    return one_home(game, card, targets, home)


def deals_read_the_order(rules: CompiledRules, pile: int) -> bool:
    """Whether taking a card from ``pile`` changes what later stock deals do: a waste the stock
    deals several cards onto at a time (taking a card out of a three-card draw changes which
    cards the later draws show), or a pile a deal needs filled (`stock.requires: no-empty`)."""
    targets = rules.stock_targets
    if pile not in targets:
        return False
    return rules.stock_needs_filled or (len(targets) == 1 and rules.draw > 1)


def follower_starters(rules: CompiledRules) -> frozenset[int]:
    """The cards that may start a pile of a group with `follows` (KK-4's fives and nines): where
    one goes changes which piles may start later, so no safe move sends one."""
    return frozenset(card for g in rules.groups if g.follows is not None for card in g.starters)


def one_home(game: Game, card: int, targets: list[int], home: Counter[int] | bytearray) -> bool:
    """Every foundation ``card`` could go to now is like the first: same group and top card; with
    several decks, the same cards, and one of them for every copy not yet home, so that no other
    pile will ever take a copy and no copy needs this one's place (KK: the waste's 3♣ sent onto
    the only 2♣ out leaves the carpet's 3♣, which covers the other 2♣, nowhere to go)."""
    if not targets:
        return False
    group_of = game.rules.group_of
    piles = game.piles
    first = piles[targets[0]]
    if game.ruleset.decks > 1:
        return len(targets) + home[card] >= game.ruleset.decks and all(
            group_of[f] is group_of[targets[0]] and piles[f] == first for f in targets[1:])
    top = first[-1] if first else -1
    return all(group_of[f] is group_of[targets[0]] and (piles[f][-1] if piles[f] else -1) == top
               for f in targets[1:])


def safe_moves(game: Game, table: list[frozenset[int]] | None = None) -> list[Move]:
    """The legal foundation moves that are safe now (see ``is_safe``)."""
    table = table if table is not None else builders(game)
    home = home_counts(game)
    return [m for m in game.legal_moves() if is_safe(game, m, table, home)]


def autoplay(game: Game) -> list[Move]:
    """Play safe foundation moves (checked, each counting as a move) until none is left."""
    table = builders(game)
    played: list[Move] = []
    while True:
        moves = safe_moves(game, table)
        if not moves:
            return played
        played.append(game.play(moves[0]))


def finishing_moves(game: Game) -> list[Move] | None:
    """The foundation moves that win from here, when foundation moves alone can (FC-7's
    auto-finish); None when they cannot. The game is left as it was."""
    if game.is_won():
        return None
    trial = game.copy()
    foundations = trial.rules.foundation_piles
    moves: list[Move] = []
    while not trial.is_won() and len(moves) < FINISH_LIMIT:
        step = next((m for m in trial.legal_moves() if m[1] in foundations and m[0] not in foundations), None)
        if step is None:
            return None
        trial.push(step)
        moves.append(step)
    return moves if trial.is_won() else None


def hint(game: Game) -> Move | None:
    """A productive legal move: the first by a simple order of merit, never a move that only
    shuffles cards between equal places. None when no move is left at all."""
    ranked = ranked_moves(game)
    return ranked[0][0] if ranked else None


# Merit of a move, the best first, and the word for what it does (`MERIT_WORDS` says it).
SAFE_HOME, HOME, REMOVES, TURNS_UP, EMPTIES, EMPTIES_DEAD, BUILDS, STOCK, TO_CELL, CLOSES_UP = (
    "safe-home", "home", "removes", "turns-up", "empties", "empties-dead", "builds", "stock", "to-cell", "closes-up")
# Moves `ranked_moves` leaves out, which a hint names only when nothing better is left
# (`solver.hints`): a once-a-game swap, and a move that only takes cards elsewhere.
SWAPS, ELSEWHERE = "swaps", "elsewhere"
_MERIT = {SAFE_HOME: 8, HOME: 7, REMOVES: 6, TURNS_UP: 5, EMPTIES: 4, EMPTIES_DEAD: 3, BUILDS: 2, STOCK: 1, TO_CELL: 1, CLOSES_UP: 1}
MERIT_WORDS = {
    SAFE_HOME: N_("sends a card home for good"),
    HOME: N_("sends a card to a foundation"),
    REMOVES: N_("takes cards out"),
    TURNS_UP: N_("turns up a card"),
    EMPTIES: N_("empties a pile"),
    EMPTIES_DEAD: N_("empties a pile"),
    BUILDS: N_("builds on another card"),
    STOCK: N_("turns the stock"),
    TO_CELL: N_("frees a card"),
    CLOSES_UP: N_("closes up the gaps"),
    SWAPS: N_("uses the once-a-game swap"),
    ELSEWHERE: N_("puts cards elsewhere, for a new position"),
}


def ranked_moves(game: Game) -> list[tuple[Move, str]]:
    """The legal moves that achieve something, the best first (in list order among equals), each
    with the word for what it achieves. Moves that only trade places, take cards back from a
    foundation or use a once-a-game swap are left to the player."""
    table, home = builders(game), home_counts(game)
    found: list[tuple[int, int, Move, str]] = []
    for index, move in enumerate(game.legal_moves()):
        why = SAFE_HOME if is_safe(game, move, table, home) else _merit(game, move)
        if why:
            found.append((-_MERIT[why], index, move, why))
    found.sort()
    return [(move, why) for _merit_, _index, move, why in found]


def _merit(game: Game, move: Move) -> str:
    """What the move achieves, or "" when nothing worth suggesting."""
    src, dst, n = move
    rules = game.rules
    if dst == REMOVE:
        return REMOVES
    if dst == CLOSE_UP:
        return CLOSES_UP
    if dst == SWAP:
        return ""  # a once-a-game resource: the player's choice, not a hint's
    if dst < 0:
        return STOCK  # a stock action always brings something new
    if game.changes_nothing(move):
        return ""
    foundations = rules.foundation_piles
    if dst in foundations:
        return HOME if src not in foundations else ""
    if src in foundations:
        return ""  # worry-back is for the player to choose, not to suggest
    pile = game.piles[src]
    rest = len(pile) - n
    if rest > 0 and rest == game.hidden[src]:
        return TURNS_UP
    if rest == 0:
        # Emptying a pile helps only if an empty pile there is worth something.
        return EMPTIES if rules.group_of[src].empty_ok is not None else EMPTIES_DEAD
    source, target = rules.group_of[src], rules.group_of[dst]
    if pile[rest] in source.fits_on[pile[rest - 1]] and source.build_id == target.build_id:
        return ""  # the cards already lie on a card they fit: moving them only trades places
    if rules.group_of[dst].role == "cell":
        return TO_CELL
    return BUILDS


def lost_reason(game: Game) -> str:
    """In words, why a lost game is over (KL-9)."""
    rules = game.rules
    stock = rules.stock_pile
    # Cards to turn: in the stock, or on a waste a redeal may still turn back (not after the last pass).
    turns_left = stock >= 0 and bool(game.piles[stock] or (
        rules.waste_pile >= 0 and game.piles[rules.waste_pile] and not 0 <= rules.redeals <= game.redeals_used))
    if turns_left:
        if rules.redeals < 0:
            return _("no move changes anything, and the stock has gone round once with no new play")
        return _("no move changes anything in the passes that are left")
    return _("no move is left")
