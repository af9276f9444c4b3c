"""A deal step's `play_to` (Citadel): a card that a group takes as it is dealt goes there, and the
pile whose turn it was gets no card that turn. The procedure is part of G-1 (docs/deals.md);
Citadel's deal is checked card by card against PySolFC's in test_family_beleaguered_castle.py."""

from __future__ import annotations

import pytest

from patience import deals
from patience.cards import SUIT
from patience.engine.game import Game
from patience.engine.takes import takes
from patience.ruleset import RulesetError, load_text

HOMES = """
id: homes
name: Homes
deal:
  steps:
    - {to: columns, count: 4, play_to: foundations}
    - {to: stock, count: rest}
piles:
  columns: {role: tableau, count: 4, labels: "1 2 3 4", build: {rank: down}, move: top}
  foundations: {role: foundation, count: 4, labels: "a b c d", build: {rank: up, suit: same}, empty: [A], max_cards: 3}
  stock: {role: stock, labels: [s]}
stock: {pile: stock, to: columns}
"""


def test_an_empty_pile_takes_by_its_empty_rule_and_a_full_one_takes_nothing():
    ruleset = load_text(HOMES, "homes.yaml")
    sizes: set[int] = set()
    for deal in range(1, 31):
        game = Game(ruleset, deal)
        homes = [game.piles[p] for p in game.rules.group_by_id["foundations"].piles]
        columns = [game.piles[p] for p in game.rules.group_by_id["columns"].piles]
        # every pile home starts with an ace and climbs in suit, never past max_cards
        assert all(h[0] < 4 and len(h) <= 3 for h in homes if h), deal
        assert all(b // 4 + 1 == a // 4 and a % 4 == b % 4 for h in homes for a, b in zip(h[1:], h)), deal
        assert sum(map(len, columns)) + sum(map(len, homes)) == 16, deal  # 16 turns, one card each
        assert not any(c < 4 for col in columns for c in col), deal  # no ace stays in a column
        sizes.update(map(len, homes))
    assert {1, 2, 3} <= sizes  # the premise: homes were started, built on, and filled to max_cards


@pytest.mark.parametrize("step, message", [
    ("{to: columns, count: 4, play_to: nowhere}", "no pile group 'nowhere'"),
    ("{to: columns, count: 4, play_to: columns}", "another group than the step's own"),
    ("{to: columns, count: 4, play_to: foundations, skip: {ranks: [K]}}", "`play_to` beside a `skip` that puts cards aside"),
])
def test_a_play_to_that_cannot_work_is_refused_in_one_line(step, message):
    text = HOMES.replace("{to: columns, count: 4, play_to: foundations}", step)
    with pytest.raises(RulesetError, match=message):
        load_text(text, "homes.yaml")


def test_play_to_a_group_that_can_never_take_a_card_is_refused():
    text = HOMES.replace("empty: [A], max_cards: 3}", "empty: none}")
    with pytest.raises(RulesetError, match="starts empty and takes nothing while empty"):
        load_text(text, "homes.yaml")


def test_play_to_on_a_rest_step_is_refused():
    text = HOMES.replace("    - {to: stock, count: rest}", "    - {to: stock, count: rest, play_to: foundations}")
    with pytest.raises(RulesetError, match="`play_to` goes on a step of a fixed count"):
        load_text(text, "homes.yaml")


BOOKS_CITADEL = """
id: books-citadel
name: Citadel as some books deal it
deal:
  steps:
    - {to: tableau, count: 6, play_to: foundations, skip: {ranks: [A], to: foundations}}
piles:
  foundations: {role: foundation, count: 4, labels: "a b c d", build: {rank: up, suit: same}, empty: [A]}
  tableau: {role: tableau, count: 8, labels: "1 2 3 4 5 6 7 8", build: {rank: down}, empty: any, move: top}
"""


def books_citadel_deal(number: int) -> tuple[list[list[int]], list[list[int]]]:
    """Solitaire Forever's Citadel, from the shuffled pack: an ace goes home as it turns up and its
    place takes the next card; any other card that fits a foundation goes there and its row's turn
    passes; 48 turns over eight rows."""
    pack = deals.patience_shuffle("books-citadel", number)
    homes: list[list[int]] = []
    rows: list[list[int]] = [[] for _ in range(8)]
    turn = 0
    for card in pack:
        if card < 4:  # an ace: home, and the same turn takes the next card
            homes.append([card])
            continue
        home = next((h for h in homes if h[-1] % 4 == card % 4 and h[-1] // 4 + 1 == card // 4), None)
        if home is not None:
            home.append(card)
        else:
            rows[turn % 8].append(card)
        turn += 1
    return rows, homes + [[] for _ in range(4 - len(homes))]


def test_play_to_composes_with_a_skip_that_sends_its_cards_home():
    ruleset = load_text(BOOKS_CITADEL, "books-citadel.yaml")
    for number in range(1, 61):
        game = Game(ruleset, number)
        rows, homes = books_citadel_deal(number)
        assert [game.piles[p] for p in game.rules.group_by_id["tableau"].piles] == rows, number
        assert [game.piles[p] for p in game.rules.group_by_id["foundations"].piles] == homes, number


# `takes_when` is part of what a group takes (docs/design.md: a suit per foundation, a pile that
# takes only while empty); a card dealt with `play_to` goes home by the same judgement as a move.
SUITED_HOMES = HOMES.replace("empty: [A], max_cards: 3}", "empty: [A], max_cards: 3, takes_when: {suits: [C, D, H, S]}}")
ONE_CARD_HOMES = HOMES.replace("empty: [A], max_cards: 3}", "empty: [A], takes_when: {pile: empty}}")


def test_play_to_keeps_each_foundation_to_its_takes_when_suit():
    ruleset = load_text(SUITED_HOMES, "suited-homes.yaml")
    home_cards = 0
    for deal in range(1, 31):
        game = Game(ruleset, deal)
        group = game.rules.group_by_id["foundations"]
        for i, p in enumerate(group.piles):
            assert all(SUIT[c] == i for c in game.piles[p]), (deal, game.rules.labels[p])  # C D H S in order
            home_cards += len(game.piles[p])
            # and a move is judged the same way: the pile's own suit only
            assert all(game.why_illegal((q, p, 1)) is not None for q in game.rules.group_by_id["columns"].piles
                       if game.piles[q] and SUIT[game.piles[q][-1]] != i)
    assert home_cards > 0  # the rule was put to the test: some cards went home as dealt


def test_play_to_puts_no_card_on_a_started_pile_that_takes_cards_only_while_empty():
    ruleset = load_text(ONE_CARD_HOMES, "one-card-homes.yaml")
    aces_home = 0
    for deal in range(1, 31):
        game = Game(ruleset, deal)
        homes = [game.piles[p] for p in game.rules.group_by_id["foundations"].piles]
        assert all(len(h) <= 1 for h in homes), deal  # an ace, and nothing built on it as dealt
        aces_home += sum(len(h) for h in homes)
    assert aces_home > 0


ROW = """
id: row
name: Row
deal:
  steps:
    - {to: columns, count: 10, play_to: row}
    - {to: stock, count: rest}
piles:
  columns: {role: tableau, count: 4, labels: "1 2 3 4", build: {rank: down}, move: top}
  row:
    role: tableau
    grid: {rows: 1, cols: 13}
    build: {rank: up, suit: same}
    empty: [A]
    empty_builds_on: left
    move: top
    max_cards: 1
  stock: {role: stock, labels: [s]}
stock: {pile: stock, to: columns}
win: {all_cards_in: [row]}
"""


def test_play_to_reads_empty_builds_on_left_as_a_move_does():
    """A gap after a card takes only what builds on it (Gaps' rule), at the deal as in play: the
    deal's `play_to` once put every ace into the row's next gap, as though `empty: [A]` were all."""
    ruleset = load_text(ROW, "row.yaml")
    lengths = set()
    for deal in range(1, 31):
        game = Game(ruleset, deal)
        row = [game.piles[p] for p in game.rules.group_by_id["row"].piles]
        cards = [cell[0] for cell in row if cell]
        assert all(cells for cells in row[: len(cards)]), deal  # no gap before a card
        assert not cards or cards[0] < 4, deal  # the first cell takes an ace
        assert all(a == b + 4 for a, b in zip(cards[1:], cards)), deal  # each next one builds up in suit
        lengths.add(len(cards))
        for cell in game.rules.group_by_id["row"].piles:  # the deal's judgement is a move's
            for column in game.rules.group_by_id["columns"].piles:
                if game.piles[column]:
                    judged = takes(game, game.rules.group_of[cell], cell, game.piles[column][-1])
                    assert judged == (game.why_illegal((column, cell, 1)) is None), (deal, cell, column)
    assert {1, 2} <= lengths  # the premise: aces were dealt home, and cards built on them
