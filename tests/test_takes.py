"""engine/takes.py is the pile's side of every move: the listing, the checked game and a deal's
`play_to` judge a card arriving on a pile by it, so none may say yes where it says no."""

from __future__ import annotations

import random

import pytest

from patience.engine.compiled import MOVE_NONE
from patience.engine.game import Game
from patience.engine.takes import takes
from patience.ruleset.registry import shipped_rulesets

# The games where cards move onto piles (in Pyramid, Monte Carlo or Czternastki they only leave).
MOVING = [ruleset for ruleset in shipped_rulesets() if any(g.move_kind != MOVE_NONE for g in Game(ruleset).rules.groups)]


@pytest.mark.parametrize("ruleset", MOVING, ids=lambda ruleset: ruleset.id)
def test_no_move_goes_where_takes_says_the_pile_takes_no_such_card(ruleset):
    """Along a random walk: a one-card move the board lists lands where `takes` says yes, and
    where it says no `why_illegal` refuses the move."""
    game, rng = Game(ruleset, 1), random.Random(1)
    checked = 0
    for _step in range(10):
        listed = set(game.legal_moves(actions=False))
        for src, cards in enumerate(game.piles):
            if not cards or game.rules.group_of[src].move_kind == MOVE_NONE:
                continue
            for dst in range(game.rules.pile_count):
                if dst == src or takes(game, game.rules.group_of[dst], dst, cards[-1]):
                    continue
                checked += 1
                assert (src, dst, 1) not in listed and game.why_illegal((src, dst, 1)) is not None, (src, dst)
        if not listed:
            break
        game.push(rng.choice(sorted(listed)))
    assert checked  # the premise: some pile refused some card
