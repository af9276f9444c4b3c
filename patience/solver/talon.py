"""The stock's turns from one talon state, found once and reused.

Along a stock chain (`search._Tree.children`) the search turns the stock again and again and,
after each turn, lists the waste's moves. Where `turns_are_fixed` holds, the turns a chain makes
and the card each turn shows on the waste depend on the talon alone (the stock, the waste and
the redeals used), so they are found once per talon state and kept. A chain then pushes the
turns only up to a card that may land somewhere: most turns show a card with nowhere to go, and
for those nothing is pushed and no moves are listed. The search sees the same children in the
same order as when it turned and listed every time.
"""

from __future__ import annotations

from ..engine.compiled import SCAN_TOP, CompiledRules
from ..engine.game import Game
from ..engine.moves import DEAL, REDEAL, Move
from .prune import stock_commutes

STOCK_ACTIONS = (DEAL, REDEAL)
Turns = tuple[tuple[Move, ...], tuple[int, ...]]  # the stock actions; the waste's top after each


def turns_are_fixed(rules: CompiledRules) -> bool:
    """Whether a chain's turns, and all it finds after each, are known from the talon alone.

    (1) `stock_commutes`: a deal or redeal is legal by the stock, the waste and the redeal count
    alone and changes only those, so the turns from a talon state are the same whatever the rest
    of the position; (2) the waste gives its top card only, so a turn offers that one card, and
    a card that no pile could take (`TalonTurns.may_land`) offers nothing; (3) the position the
    chain starts from has had its safe moves played, and a turn leaves the other piles and the
    foundations as they were, so after a turn only the waste's top card may be a safe move
    (with a one-card draw), and only when it may land; (4) the first win needs every card in
    piles other than the stock and the waste, so no turn wins while the talon holds cards."""
    waste, stock = rules.waste_pile, rules.stock_pile
    if not stock_commutes(rules) or rules.scan[waste] != SCAN_TOP:
        return False
    first_win = rules.win_conditions[0].piles
    return bool(first_win) and waste not in first_win and stock not in first_win


class TalonTurns:
    """Per talon state: the stock actions a chain plays and the card each leaves on the waste."""

    def __init__(self, game: Game, waste_only: tuple[int, ...]) -> None:
        rules = game.rules
        self.stock, self.waste = rules.stock_pile, rules.waste_pile
        self.waste_only = waste_only
        self.counted = rules.redeals >= 0  # unlimited redeals come round to the same place
        self.known: dict[tuple[bytes, bytes, int, int, int], Turns] = {}
        # Per group that takes from the waste: its piles, per card the top cards it fits on (bits),
        # and which cards an empty pile takes.
        self.landings: list[tuple[tuple[int, ...], tuple[int, ...], bytes | None]] = []
        for group in rules.groups:
            if not group.takes_from[self.waste]:
                continue
            fits = [0] * len(group.fits_on)
            for top, cards in enumerate(group.fits_on):
                for card in cards:
                    fits[card] |= 1 << top
            self.landings.append((tuple(group.piles), tuple(fits), group.empty_ok))

    def may_land(self, game: Game, card: int) -> bool:
        """Whether some pile might take the card: a top it fits on, or an empty pile that takes
        it. Never false when the waste has a legal move (it checks less than the engine)."""
        piles = game.piles
        for group_piles, fits, empty_ok in self.landings:
            tops = fits[card]
            for dst in group_piles:
                pile = piles[dst]
                if pile:
                    if tops >> pile[-1] & 1:
                        return True
                elif empty_ok is not None and empty_ok[card]:
                    return True
        return False

    def turns(self, game: Game, first: Move) -> Turns:
        """The chain from the game's position, whose stock action is `first`: the actions in
        order and the waste's top (-1: empty) at each position the chain visits. The last action
        may lead back to a position the chain has been at (not visited again)."""
        piles, hidden = game.piles, game.hidden
        stock, waste = self.stock, self.waste
        used = game.redeals_used if self.counted else 0
        key = (bytes(piles[stock]), bytes(piles[waste]), hidden[stock], hidden[waste], used)
        found = self.known.get(key)
        if found is not None:
            return found
        actions: list[Move] = []
        tops: list[int] = []
        counted = self.counted
        been = {(len(piles[stock]), used)}
        action: Move | None = first
        while action is not None:
            game.push(action)
            actions.append(action)
            here = (len(piles[stock]), game.redeals_used if counted else 0)
            if here in been:
                break
            been.add(here)
            tops.append(piles[waste][-1] if len(piles[waste]) > hidden[waste] else -1)
            action = next((m for m in game.legal_moves(sources=self.waste_only) if m[1] in STOCK_ACTIONS), None)
        for _action in actions:
            game.pop()
        found = self.known[key] = (tuple(actions), tuple(tops))
        return found
