"""The words the compiled core took over from the Python search (issue 33, deliver 1), walked
against the engine as tests/test_core_differential.py walks every covered ruleset, but on
walks that favour each word's own move, which a uniform walk seldom picks: the same moves in
the same order, the same piles and face-down counts after every push and pop, key equality
exactly where the `Packer` keys are equal. And the list of rulesets the Python search still
answers, which is to stay empty: a new word is not done until the core plays it."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_core_differential import walk_both

from patience import core
from patience.core.coverage import coverage
from patience.engine.game import Game
from patience.engine.moves import RESHUFFLE

pytestmark = pytest.mark.skipif(core._search is None, reason="the compiled core is not built (test_core checks it is)")

# The shipped rulesets the Python search still answers, by reason: none.
STILL_PYTHON: dict[str, str] = {}


def test_every_shipped_ruleset_is_searched_by_the_compiled_core_but_those_listed():
    """A ruleset with a word the core lacks falls back to the Python search, 100x slower: such a
    word is not done until the core has it (or the fallback is listed here, on purpose)."""
    assert {game: reason for game, reason in coverage().items() if reason is not None} == STILL_PYTHON


@pytest.mark.parametrize("game_id", ["cruel", "la-belle-lucie", "perseverance", "trefoil"])
def test_a_reshuffle_gathers_shuffles_and_deals_as_the_engine_does(game_id):
    """`actions.reshuffle` dealt back onto its piles, shuffled by the deal's own orders (La Belle
    Lucie, Trefoil: two counted rounds, each its own order) or in order (Cruel: unlimited, never
    one that deals every card back; Perseverance: two): pushed, popped, listed and keyed as the
    engine does, every use spent."""
    chosen: Counter = Counter()
    assert walk_both(game_id, deals=(1, 2, 3, 4), favour=lambda m: m[1] == RESHUFFLE, steps=150, chosen=chosen) > 50
    assert chosen[RESHUFFLE] >= 8


def test_an_unlimited_ordered_redeal_that_changes_nothing_is_not_listed():
    """Cruel: right after a redeal, another gives the same layout: the engine refuses it, and so
    does the core (`deals_back`); one card moved, and it is listed again."""
    game = Game.new("cruel", 1)
    position = core.position(game)
    game.push((0, RESHUFFLE, 0))
    position.push((0, RESHUFFLE, 0))
    assert (0, RESHUFFLE, 0) not in game.legal_moves()
    assert position.legal_moves() == game.legal_moves() and position.piles() == game.piles
    move = next(m for m in game.legal_moves() if m[1] >= 0)
    game.push(move)
    position.push(move)
    assert (0, RESHUFFLE, 0) in game.legal_moves() and position.legal_moves() == game.legal_moves()


@pytest.mark.parametrize("game_id, deal", [("la-belle-lucie", 3), ("trefoil", 2), ("perseverance", 3)])
def test_a_solved_reshuffle_line_replays_to_a_win_in_the_engine(game_id, deal):
    """End to end: the core solves with reshuffles in its line, the line is shortened (other
    pile orders searched and renamed back, `shorten.renamed`: a reshuffle's piles are themselves
    again after it) and the printed moves replay through `Game.play` to a win. La Belle Lucie
    deal 3 crashed the shortener while it renamed the moves after a reshuffle."""
    from patience.solver import solve

    result = solve(Game.new(game_id, deal), timeout=60)
    assert (result.status, result.engine) == ("solved", "compiled")
    assert any(move[1] == RESHUFFLE for move in result.line)
    replay = Game.new(game_id, deal)
    for text in result.moves:
        replay.play(text)
    assert replay.is_won()


def test_takes_when_the_reserve_opens_once_the_stock_is_out_and_only_while_empty():
    """Miss Milligan's reserve (`takes_when: {stock: empty, pile: empty}`): walks that favour the
    stock's deals and then moves into the reserve list, play and key as the engine does; the
    reserve took cards on the way, and took none while the stock lasted."""
    rules = Game.new("miss-milligan").rules
    reserve = rules.group_by_id["reserve"].piles.start
    chosen: Counter = Counter()
    walk_both("miss-milligan", deals=(1, 2, 3), steps=220, chosen=chosen,
              favour=lambda m: m[1] < 0 or m[1] == reserve)
    assert chosen[reserve] >= 3 and chosen[-1] >= 24
    # the engine's own rule, which the walks above only compare: no card into the reserve while
    # the stock lasts or the reserve holds a card; some once the stock is out and it is empty
    opened = 0
    for deal in (1, 2, 3):
        game, rnd = Game.new("miss-milligan", deal), random.Random(deal)
        for _ in range(220):
            moves = game.legal_moves()
            if not moves:
                break
            into = any(m[1] == reserve for m in moves)
            assert not (into and (game.piles[rules.stock_pile] or game.piles[reserve])), deal
            opened += into
            deals = [m for m in moves if m[1] < 0]
            game.push(rnd.choice(deals) if deals and rnd.random() < 0.5 else rnd.choice(moves))
    assert opened


def test_chained_fills_refill_the_reserve_from_the_waste_and_the_waste_from_the_stock():
    """Windmill: an emptied reserve takes the waste's top card, and a waste so emptied takes
    the stock's top card, whose next card stays face down (`refill.push_fill`). Walks that favour
    moves off the reserves and the waste agree with the engine at every step, and met chains."""
    game = Game.new("windmill", 1)
    rules = game.rules
    reserves = set(rules.group_by_id["reserves"].piles)
    chosen: Counter = Counter()
    walk_both("windmill", deals=(1, 2, 3, 4), steps=200, chosen=chosen,
              favour=lambda m: m[0] in reserves or m[0] == rules.waste_pile)
    assert sum(chosen.values()) >= 30
    # and the chains met: a reserve's last card played while the waste holds one card and the
    # stock some, in the engine and the core alike
    waste, stock, chains = rules.waste_pile, rules.stock_pile, 0
    for deal in (1, 2, 3):
        game = Game.new("windmill", deal)
        position, rnd = core.position(game), random.Random(deal)
        for _ in range(200):
            moves = game.legal_moves()
            if not moves:
                break
            for move in moves:
                if move[0] in reserves and len(game.piles[move[0]]) == 1 and len(game.piles[waste]) == 1 and game.piles[stock]:
                    refill, next_card = game.piles[waste][-1], game.piles[stock][-1]
                    game.push(move)
                    position.push(move)
                    assert (game.piles[move[0]], game.piles[waste]) == ([refill], [next_card]), (deal, move)
                    # the waste's new card face up, the stock's next cards still face down
                    assert game.hidden[waste] == 0 and game.hidden[stock] == len(game.piles[stock]), (deal, move)
                    assert position.piles() == game.piles and position.hidden_counts() == game.hidden, (deal, move)
                    game.pop()
                    position.pop()
                    chains += 1
            move = rnd.choice(moves)
            game.push(move)
            position.push(move)
    assert chains >= 5


def test_a_reshuffle_onto_the_stock_gathers_the_corners_face_down_as_the_engine_does():
    """Puss in the Corner (`reshuffle.to: stock`, once): only when the stock is out and the hand
    played; the corners gathered in order, face down onto the stock, first card on top. Walks
    favouring the stock's turns and then the reshuffle agree with the engine."""
    chosen: Counter = Counter()
    hand = Game.new("puss-in-the-corner").rules.waste_pile
    walk_both("puss-in-the-corner", deals=(1, 2, 3, 4, 5, 6), steps=300, chosen=chosen,
              favour=lambda m: m[1] < 0 or m[0] == hand)
    assert chosen[RESHUFFLE] >= 3


def test_gaps_fill_reshuffle_keeping_row_runs_and_win_by_rows_as_the_engine_does():
    """Gaps: a gap takes the card one above the card on its left (`empty_builds_on: left`), a
    row's first cell any 2; the redeal (`keep: row-runs`, twice, shuffled by the deal's orders)
    gathers the cells after each row's run and deals them one gap after each run; the win reads
    each row's run (`win.row_runs`). Walks favouring the redeal agree with the engine."""
    chosen: Counter = Counter()
    walk_both("gaps", deals=(1, 2, 3, 4), steps=150, chosen=chosen, favour=lambda m: m[1] == RESHUFFLE)
    assert chosen[RESHUFFLE] >= 8


def test_gaps_a_row_won_position_is_a_win_in_the_core_as_in_the_engine():
    """Every row 2..K of one suit from its left edge, gaps last: a win for both; one card out of
    its place in a row: a win for neither (the cards are all in the win piles either way)."""
    game = Game.new("gaps", 1)
    rules = game.rules
    out = rules.group_by_id["out"].piles.start
    rows = rules.win_rows
    every = sorted(card for pile in game.piles for card in pile)
    for p in range(len(game.piles)):
        game.piles[p] = []
    game.piles[out] = [card for card in every if card < 4]  # the aces (a card is (rank - 1) * 4 + suit)
    for suit, row in enumerate(rows):
        for rank, cell in enumerate(row[:12], start=2):
            game.piles[cell] = [(rank - 1) * 4 + suit]
    assert game.is_won() and core.position(game).is_won()
    a, b = rows[0][3], rows[0][4]
    game.piles[a], game.piles[b] = game.piles[b], game.piles[a]
    assert not game.is_won() and not core.position(game).is_won()


def test_reach_moves_whole_piles_onto_the_first_or_third_started_pile_before_as_the_engine_does():
    """Accordion (`move: pile`, `reach: [1, 3]`): walks agree with the engine, whole piles moved."""
    chosen: Counter = Counter()
    assert walk_both("accordion", deals=(1, 2, 3, 4), steps=100, favour=lambda m: m[2] > 1, chosen=chosen) > 100
    assert sum(chosen.values()) >= 20  # piles of more than one card moved whole


@pytest.mark.parametrize("game_id, answer", [("dead-king-golf", "unsolvable"), ("golf", "solved")])
def test_closed_by_a_king_nothing_goes_on_it_in_the_core_as_in_the_engine(game_id, answer):
    """`build.closed_by: [K]` (Dead King Golf): with a king on the waste, the stock spent and a
    queen the last column card, the core finds no move, as the engine does; Golf, with no such
    word, plays the queen on the king and wins."""
    from patience.cards import card_str
    from patience.deals import suited_deck
    from patience.ruleset.registry import find_ruleset
    from patience.solver.search import solve

    ruleset = find_ruleset(game_id)
    rest = sorted(c for c in suited_deck(1, None) if card_str(c, ascii=True) not in ("KS", "QH"))
    lines = [f"game: {ruleset.id}", "pile s: |", "pile w: | " + " ".join(card_str(c, ascii=True) for c in rest) + " KS",
             "pile 1: | QH"] + [f"pile {n}: |" for n in range(2, 8)]
    game = Game.from_position("\n".join(lines) + "\n", ruleset)
    assert len(game.legal_moves()) == (0 if answer == "unsolvable" else 1)  # the engine: nothing, or 1w
    result = solve(game, timeout=10)
    assert (result.status, result.engine) == (answer, "compiled")
