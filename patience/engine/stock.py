"""The stock action's rule: when the stock may deal, and when the waste may be turned over again.

The board lists the stock action by this same test (`Board.stock_move`), and the checked game
gives its reason, so the two never disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _, ngettext
from ..ruleset.describe import group_title
from . import gates
from .moves import DEAL

if TYPE_CHECKING:
    from .state import State


def why_stock_illegal(game: State, src: int, dst: int) -> str | None:
    """None when the stock action ``(src, dst, 0)`` (DEAL or REDEAL) is allowed now; otherwise why not.
    The board lists the stock action by asking this, so the listing and the reason never differ."""
    rules = game.rules
    if src != rules.stock_pile:
        return _("only the stock deals")
    stock = game.piles[src]
    refused = gates.failing(rules.stock_gate, game.piles)
    if refused is not None and (stock or rules.waste_pile >= 0):
        return gates.stock_reason(game.ruleset, refused)
    if dst == DEAL:
        if not stock:
            return _("the stock is empty")
        targets = rules.stock_targets
        if rules.stock_needs_filled:
            empty = [rules.labels[p] for p in targets if not game.piles[p]]
            if empty:
                return _("the stock is dealt only when no pile it deals onto is empty: fill {labels} first").format(
                    labels=", ".join(empty))
        room = rules.group_of[targets[0]].max_cards
        if room and all(len(game.piles[p]) >= room for p in targets):
            label = rules.labels[targets[0]] if len(targets) == 1 else group_title(game.ruleset, rules.group_of[targets[0]].id)
            return ngettext("{label} holds at most {n} card", "{label} holds at most {n} cards", room).format(
                label=label, n=room)
        return None
    if stock:
        return _("the stock is not empty yet")
    if rules.waste_pile < 0:
        return _("this stock is never turned over again")
    if not game.piles[rules.waste_pile]:
        return _("the stock and the waste are both empty")
    if 0 <= rules.redeals <= game.redeals_used:
        passes = rules.redeals + 1
        return ngettext("no redeals left: the stock goes round {n} time in all",
                        "no redeals left: the stock goes round {n} times in all", passes).format(n=passes)
    return None
