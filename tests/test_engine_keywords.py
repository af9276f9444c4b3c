"""The general abilities added for Cromwell and Parada, used by made-up rulesets: each keyword
works for any game, not only the one it was written for (G-4)."""

import pytest
from positions import build, pile

from patience import Game, IllegalMove
from patience.cards import card_str
from patience.engine.compiled import SLOT
from patience.engine.moves import SWAP
from patience.ruleset import RulesetError, load_text

# A one-deck draw-three game whose kings are put out when they come face up (discard on a waste).
KINGS_OUT = """
id: kings-out
name: Kings Out
deal:
  steps:
    - {to: tableau, count: 4, face: up}
    - {to: stock, count: rest, face: down}
discard: {ranks: [K], to: out}
piles:
  stock: {role: stock, labels: [s]}
  waste: {role: waste, labels: [w], move: top}
  foundations: {role: foundation, count: 4, labels: "h1 h2 h3 h4", shared_label: h, build: {rank: up, suit: same}, empty: [A]}
  tableau: {role: tableau, count: 4, labels: "1 2 3 4", build: {rank: down, suit: any}, move: top, empty: any}
  out: {role: discard, labels: [x]}
stock: {pile: stock, to: waste, draw: 3}
win: {all_cards_in: [foundations, out]}
"""

# Any number of swaps among four piles of two cards.
SWAPPER = """
id: swapper
name: Swapper
deal:
  steps:
    - {to: row, count: 2, face: up}
    - {to: rest, count: rest, face: down}
piles:
  row: {role: tableau, count: 4, labels: "1 2 3 4", build: {rank: down, suit: same}, move: top}
  rest: {role: reserve, labels: [r]}
  foundations: {role: foundation, labels: [h], build: {rank: up, suit: same}, empty: [A]}
actions:
  swap: {within: [row], label: z}
win: {all_cards_in: [foundations, rest]}
"""


def test_discard_puts_cards_out_at_the_deal_and_from_the_stock_onto_a_waste_too():
    ruleset = load_text(KINGS_OUT, "kings-out.yaml")
    for deal in range(1, 30):
        game = Game(ruleset, deal)
        tableau = [c for p in game.rules.group_by_id["tableau"].piles for c in game.piles[p]]
        assert not any(card_str(c).startswith("K") for c in tableau)
        before = game.position()
        out = len(pile(game, "x"))
        game.play("s")
        drawn = pile(game, "w") + pile(game, "x")[out:]
        assert len(drawn) == 3 and all(not c.startswith("K") for c in pile(game, "w"))
        assert all(c.startswith("K") for c in pile(game, "x"))
        game.undo()
        assert game.position() == before


def test_an_unlimited_swap_is_never_used_up_and_says_so_in_the_position():
    ruleset = load_text(SWAPPER, "swapper.yaml")
    game = Game(ruleset, 1)
    assert game.uses_left == (-1,)
    for _ in range(3):
        game.play("z1.1-2.1")
    assert game.uses_left == (-1,) and "uses: z unlimited" in game.position()
    again = Game.from_position(game.position(), ruleset)
    assert again.key() == game.key()
    assert sum(1 for m in game.legal_moves() if m[1] == SWAP) == 28  # 8 different cards, every pair


def test_a_swap_refuses_face_down_cards_and_piles_outside_its_groups():
    ruleset = load_text(SWAPPER, "swapper.yaml")
    game = Game(ruleset, 1)
    r = game.rules.pile_by_label["r"]
    one = game.rules.pile_by_label["1"]
    assert "only, not of r" in game.why_illegal((one * SLOT, SWAP, r * SLOT))
    with pytest.raises(IllegalMove, match="a card cannot be swapped with itself"):
        game.play((one * SLOT, SWAP, one * SLOT))
    hidden = Game(load_text(SWAPPER.replace("{to: row, count: 2, face: up}", "{to: row, count: 2, face: top-up}"),
                            "swapper.yaml"), 1)
    two = hidden.rules.pile_by_label["2"]
    with pytest.raises(IllegalMove, match="card 1 of 1 is face down"):
        hidden.play((one * SLOT, SWAP, two * SLOT + 1))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("label: z", "label: r"), "actions.swap.label: label 'r' is already used by rest"),
        (("within: [row]", "within: [rows]"), "actions.swap.within.0: no pile group 'rows'"),
        (("win: {all_cards_in: [foundations, rest]}", "win: {all_cards_in: [foundations, rest], full: [row]}"),
         "win.full.0: group 'row' has no max_cards"),
        (("actions:", "discard: {ranks: [A], to: row}\nactions:"), "discard.to: discarded cards go to a group of exactly one pile"),
    ],
)
def test_the_new_keys_are_checked_against_the_ruleset(change, message):
    with pytest.raises(RulesetError) as info:
        load_text(SWAPPER.replace(*change), "swapper.yaml")
    assert message in str(info.value)


def test_canonical_keys_keep_the_order_of_piles_the_stock_deals_onto():
    a = build("parada", {"1": "KS", "2": "QS", "a1": "KH", "a2": "QH"}, fill="x")
    b = build("parada", {"1": "QS", "2": "KS", "a1": "QH", "a2": "KH"}, fill="x")
    c = build("parada", {"1": "KS", "2": "QS", "a1": "QH", "a2": "KH"}, fill="x")
    assert a.canonical_key() != b.canonical_key()  # the next deal lands on different cards
    assert a.canonical_key() == c.canonical_key()  # parade places of one row are alike


def test_a_grid_no_rule_reads_is_keyed_as_interchangeable_piles():
    """Royal Cotillion's reserve is drawn as a 4x4 grid, but no rule reads where a place lies:
    two positions that differ only in which place holds which card are one position. Grids whose
    places a rule reads keep their order: lanes (KK-2), the cell before (Gaps), neighbours and
    the close-up (Monte Carlo, Czternastki)."""
    a = build("royal-cotillion", {"a1": "KS", "a2": "QH"}, fill="s", fill_face_down=True)
    b = build("royal-cotillion", {"a1": "QH", "a2": "KS"}, fill="s", fill_face_down=True)
    assert a.canonical_key() == b.canonical_key()
    for game_id, group in [("kwadratura-kola", "carpet"), ("gaps", "layout"), ("monte-carlo", "layout"),
                           ("czternastki", "north")]:
        rules = Game.new(game_id, 1).rules
        assert rules.group_by_id[group].index not in rules.sortable_groups, game_id


def test_a_run_traded_between_identical_cards_changes_nothing_and_does_not_keep_a_game_going():
    game = build("cromwell", {"01": "9C 8H 7H", "02": "9C 8H"}, fill="h1")
    move = game.play("0102")
    game.undo()
    assert game.changes_nothing(move)
    game = build("cromwell", {"01": "5C 8H 7H", "02": "9C 8H"}, fill="h1", uses="x 0")
    assert [game.notation(m) for m in game.legal_moves()] == ["0102"]  # and back again, for ever
    assert game.status() == "lost"
