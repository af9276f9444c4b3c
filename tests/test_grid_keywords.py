"""The general abilities added for Kwadratura Koła, Dywan and Czternastki (issue 6), used by
made-up rulesets shaped like Monte Carlo, Pyramid and Precedence: each keyword works for any
game, not only the one it was written for (G-4)."""

import pytest
from positions import pile

from patience import Game, IllegalMove
from patience.cards import card_str
from patience.engine.moves import CLOSE_UP, REMOVE
from patience.ruleset import RulesetError, load_text

# Monte Carlo: a 5 x 5 grid; touching pairs of a rank go out; closing up fills the grid in
# reading order, then refills it from the stock.
MONTE = """
id: monte
name: Monte
deal:
  steps:
    - {to: grid, count: 1, face: up}
    - {to: stock, count: rest, face: down}
piles:
  grid: {role: tableau, grid: {rows: 5, cols: 5}}
  stock: {role: stock, labels: [s]}
  out: {role: discard, labels: [x]}
remove:
  - {same: rank, from: [grid], adjacent: 8, to: out}
actions:
  close_up: {groups: [grid], lanes: all, toward: first, refill: stock, label: k}
win: {all_cards_in: [out]}
"""

# Pyramid-like removal: a K alone, or two free cards adding up to 13, from any pile top.
THIRTEEN = """
id: thirteen
name: Thirteen
deal:
  steps:
    - {to: piles, count: 13, face: up}
piles:
  piles: {role: tableau, count: 4, labels: "1 2 3 4"}
  out: {role: discard, labels: [x]}
remove:
  - {sum: 13, cards: [1, 2], from: [piles], to: out}
win: {all_cards_in: [out]}
"""

# Precedence-like start order without suits, and a 3 x 3 upright grid freed by clear lanes.
ORDER = """
id: order
name: Order
deal:
  steps:
    - {to: grid, count: 1, face: up}
    - {to: stock, count: rest, face: down}
piles:
  grid: {role: tableau, grid: {rows: 3, cols: 3, prefix: g}, free: clear-lane, move: top}
  stock: {role: stock, labels: [s]}
  waste: {role: waste, labels: [w], move: top}
  kings: {role: foundation, count: 4, labels: "k1 k2 k3 k4", shared_label: f, empty: [K]}
  queens: {role: foundation, count: 4, labels: "q1 q2 q3 q4", shared_label: f, empty: [Q], build: {rank: down},
           follows: {group: kings}}
stock: {pile: stock, to: waste}
win: {all_cards_in: [kings, queens]}
"""


def position(ruleset_text: str, name: str, piles: dict[str, str], fill: str) -> Game:
    from collections import Counter

    from patience.cards import full_deck
    from patience.engine.faces import read_pile

    ruleset = load_text(ruleset_text, name)
    used: Counter[int] = Counter(card for text in piles.values() for card in read_pile(text)[0])
    rest = sorted((Counter(full_deck(ruleset.decks)) - used).elements())
    lines = [f"game: {ruleset.id}"]
    for label in Game(ruleset).rules.labels:
        text = piles.get(label, "|")
        if label == fill:
            text = "| " + " ".join(card_str(c, ascii=True) for c in rest)
        lines.append(f"pile {label}: {text if '|' in text else '| ' + text}")
    return Game.from_position("\n".join(lines) + "\n", ruleset)


def test_grid_makes_labels_row_by_row_and_monte_carlo_pairs_touch_by_8():
    ruleset = load_text(MONTE, "monte.yaml")
    game = Game(ruleset, 1)
    assert game.rules.labels[:6] == ["a1", "b1", "c1", "d1", "e1", "a2"]
    for move in game.legal_moves():
        if move[1] == REMOVE:
            (ra, ca), (rb, cb) = divmod(move[0], 5), divmod(move[2], 5)
            assert max(abs(ra - rb), abs(ca - cb)) == 1


def test_close_up_along_the_whole_grid_in_reading_order_then_refill():
    game = position(MONTE, "monte.yaml", {"a1": "2C", "c1": "3C", "e5": "4C", "s": "5D 6D |"}, fill="x")
    game.play("k")
    assert [pile(game, label) for label in ("a1", "b1", "c1", "d1", "e1")] == [["2C"], ["3C"], ["4C"], ["6D"], ["5D"]]
    assert not pile(game, "a2") and not pile(game, "s")
    assert (0, CLOSE_UP, 0) not in game.legal_moves()


def test_sum_removal_takes_a_king_alone_or_two_cards_adding_up():
    game = position(THIRTEEN, "thirteen.yaml", {"1": "KH", "2": "QS", "3": "AD", "4": "7C 6C"}, fill="x")
    moves = {game.notation(m) for m in game.legal_moves()}
    assert {"1+", "2+3"} <= moves and "4+" not in moves
    with pytest.raises(IllegalMove, match="do not add up to 13"):
        game.play("1+2")
    game.play("3+2")
    assert not pile(game, "2") and not pile(game, "3")


def test_follows_without_suits_and_clear_lanes_on_an_upright_grid():
    cells = {"ga1": "QH", "gb1": "2C", "gc1": "KD", "ga2": "3C", "gb2": "KS", "gc2": "4C",
             "ga3": "5C", "gb3": "6C", "gc3": "7C"}
    game = position(ORDER, "order.yaml", cells, fill="s")
    free = {game.rules.labels[p] for p in game.rules.group_by_id["grid"].piles if game.is_free(p)}
    assert free == {"ga1", "gb1", "gc1", "ga3", "gb3", "gc3"}  # the middle row is covered above and below
    with pytest.raises(IllegalMove, match="only after one more pile in kings"):
        game.play("ga1f")
    game.play("gc1f")  # a king starts a kings pile
    game.play("ga1f")  # now a queen may start one pile
    assert pile(game, "q1") == ["QH"]
    assert game.is_free(game.rules.pile_by_label["ga2"]) and game.is_free(game.rules.pile_by_label["gc2"])
    assert not game.is_free(game.rules.pile_by_label["gb2"])
    game.play("s")
    assert not game.is_free(game.rules.pile_by_label["gb2"])


def test_bad_geometry_is_refused_at_load_time():
    with pytest.raises(RulesetError, match="no grid"):
        load_text(MONTE.replace("grid: {rows: 5, cols: 5}", "count: 25, labels: \"" + " ".join(
            f"p{i}" for i in range(25)) + "\""), "monte.yaml")
    with pytest.raises(RulesetError, match="say one of .same: rank., .sum: N. or .outranked: suit."):
        load_text(MONTE.replace("same: rank, ", ""), "monte.yaml")


def test_clear_end_frees_a_card_by_the_one_cell_beyond_a_short_end_where_clear_lane_needs_the_whole_lane():
    """`free: clear-end` (Crazy Quilt): a short end is clear when the cell it touches is empty, or
    it lies at the grid's edge; `free: clear-lane` (KK-2) needs every cell to the edge empty."""
    from patience.engine.layout import clear_lanes
    from patience.ruleset.registry import find_ruleset

    quilt = find_ruleset("crazy-quilt")
    spec = quilt.piles["quilt"]
    lanes = clear_lanes(spec, 0)
    assert lanes is not None
    # d4 (row 3, column 3) is upright: the cells above and below it, d3 and d5, one each.
    assert lanes[3 * 8 + 3] == ((2 * 8 + 3,), (4 * 8 + 3,))
    # e4 (row 3, column 4) is sideways: d4 on its left, f4 on its right.
    assert lanes[3 * 8 + 4] == ((3 * 8 + 3,), (3 * 8 + 5,))
    assert lanes[0] == ((), (8,))  # a1, upright at the top edge: an empty lane up, always free
    carpet = clear_lanes(find_ruleset("dywan").piles["carpet"], 0)
    assert carpet is not None and sorted(carpet[3 * 8 + 3][0]) == [3, 11, 19]  # d4's lane up: d1, d2, d3
    game = Game(quilt, 1)
    free = {game.rules.labels[p] for p in game.rules.group_by_id["quilt"].piles if game.is_free(p)}
    assert free == {"a1", "c1", "e1", "g1", "h1", "a2", "a4", "a6", "a8", "b8", "d8", "f8", "h8", "h3", "h5", "h7"}
