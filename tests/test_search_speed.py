"""The shortcuts of the search's hot path say what the slower rules they stand for say.

Each is checked on the positions of random walks through the games that use it: the listing
with a top card behind lanes read inline (`SCAN_LANE_TOP`) and only the groups that take cards
(`receiving_groups`), against the listing through `movable_run` over every group; the safe-move
finder's foundation masks and inline safety test, against `lands_on` and `card_is_safe`; the
removal listing's inline pair test, against `_takes` for every pair.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from patience import Game
from patience.cards import DECK_SIZE
from patience.engine.actions import _offered, _outranked, _takes
from patience.engine.assist import card_is_safe, one_home
from patience.engine.compiled import SCAN_CALL, SCAN_LANE_TOP
from patience.engine.moves import REMOVE, SWAP, Move
from patience.solver.prune import SIMPLE, Autoplay

WALKS = 4  # random walks per game, each from its own deal
STEPS = 60


def walk(name: str, deal: int) -> Iterator[Game]:
    """The positions of a random walk of legal moves (swaps left out: Cromwell lists thousands)."""
    game = Game.new(name, deal)
    rng = random.Random(deal)
    for _step in range(STEPS):
        yield game
        moves = [m for m in game.legal_moves() if m[1] != SWAP]
        if not moves:
            return
        game.push(rng.choice(moves))


def positions(name: str) -> Iterator[Game]:
    for deal in range(1, WALKS + 1):
        yield from walk(name, deal)


def listed_the_slow_way(game: Game, monkeypatch: pytest.MonkeyPatch) -> list[Move]:
    """`legal_moves` with every lane pile read through `movable_run` and every group looked at."""
    rules = game.rules
    with monkeypatch.context() as patch:
        patch.setattr(rules, "scan", [SCAN_CALL if how == SCAN_LANE_TOP else how for how in rules.scan])
        patch.setattr(rules, "receiving_groups", tuple(rules.groups))
        return game.legal_moves()


@pytest.mark.parametrize("name", ["dywan", "kwadratura-kola", "tripeaks"])
def test_a_top_card_behind_lanes_is_listed_as_movable_run_and_is_free_would_list_it(name, monkeypatch):
    seen_blocked = False
    for game in positions(name):
        assert game.legal_moves() == listed_the_slow_way(game, monkeypatch)
        lane_piles = [p for p, how in enumerate(game.rules.scan) if how == SCAN_LANE_TOP]
        seen_blocked = seen_blocked or any(game.piles[p] and not game.is_free(p) for p in lane_piles)
    assert seen_blocked  # the walks did reach cards whose lanes are blocked


@pytest.mark.parametrize("name", ["parada", "parada-1", "cromwell", "czternastki", "freecell", "klondike"])
def test_listing_only_the_groups_that_take_cards_lists_the_same_moves(name, monkeypatch):
    for game in positions(name):
        assert game.legal_moves() == listed_the_slow_way(game, monkeypatch)


def safe_move_the_slow_way(auto: Autoplay, game: Game) -> Move | None:
    """`Autoplay._find` with each foundation asked through `lands_on` and each card through
    `card_is_safe`, the rules its shortcuts stand for."""
    piles = game.piles
    home = bytearray(DECK_SIZE)
    for f in auto.foundations:
        for card in piles[f]:
            home[card] += 1
    for src in auto.sources:
        if not piles[src]:
            continue
        card = piles[src][-1]
        if card in auto.left_to_search or not card_is_safe(card, auto.table, home, auto.decks):
            continue
        if not game.movable_run(src):
            continue
        targets = [f for f in auto.foundations if game.lands_on(f, card) and game.why_illegal((src, f, 1)) is None]
        if targets and one_home(game, card, targets, home):
            return (src, targets[0], 1)
    return None


# Random walks reach safe moves in these (not in Dywan's or Parada's); Agnes Bernauer's
# foundations start as `empty: base`, where the finder must still ask `lands_on`.
@pytest.mark.parametrize("name", ["kwadratura-kola", "cromwell", "agnes-bernauer", "klondike"])
def test_the_safe_move_finder_picks_what_lands_on_and_card_is_safe_pick(name):
    found = 0
    for game in positions(name):
        auto = Autoplay(game, SIMPLE)
        fast = auto._find(game)
        assert fast == safe_move_the_slow_way(auto, game)
        found += fast is not None
    assert found  # some walk reached a safe move, so the comparison saw one


def removals_the_slow_way(game: Game) -> list[Move]:
    """Every set, each pair of open piles judged by `_takes`."""
    moves: list[Move] = []
    for rule in game.rules.remove_rules:
        open_piles = _offered(game, rule)
        for i, a in enumerate(open_piles):
            if _takes(rule, game.piles, a, a) or _outranked(game, rule, a):
                moves.append((a, REMOVE, a))
            moves.extend((a, REMOVE, b) for b in open_piles[i + 1:] if _takes(rule, game.piles, a, b))
    return list(dict.fromkeys(moves))


@pytest.mark.parametrize("name", ["czternastki", "monte-carlo", "pyramid", "aces-up", "fourteen-out"])
def test_CZ2_removals_listed_are_the_pairs_the_rule_takes(name):
    listed = 0
    for game in positions(name):
        fast = [m for m in game.legal_moves() if m[1] == REMOVE]
        assert fast == removals_the_slow_way(game)
        listed += len(fast)
    assert listed
