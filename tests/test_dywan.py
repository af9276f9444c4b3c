"""Dywan (The Carpet), rule by rule (DY-1 .. DY-4 of shared/spec/games.md)."""

import pytest
from positions import build, cell, notations, pile

from patience import Game, IllegalMove
from patience.engine.moves import REDEAL

# Carpet cards that fit no foundation at the start (no 2, no Q).
FILLER = [f"{r}{s}" for r in "3456789TJ" for s in "CDHS"] * 2


def dy(changes: dict[str, str] | None = None, empty: set[str] = frozenset(), **piles: str) -> Game:
    """A full carpet of FILLER cards (some cells changed or emptied), foundations as dealt
    (A and K of each suit), every other card face down in the stock unless given."""
    changes = dict(changes or {})
    named = " ".join(list(changes.values()) + list(piles.values())).replace("|", " ").split()
    pool = FILLER[:]
    for word in named:
        if word in pool:
            pool.remove(word)
    layout = {f"o{i + 1}": f"A{s}" for i, s in enumerate("CDHS")}
    layout.update({f"o{i + 5}": f"K{s}" for i, s in enumerate("CDHS")})
    for r in range(8):
        for c in range(8):
            label = cell(r, c)
            layout[label] = "|" if label in empty else changes.get(label) or pool.pop(0)
    layout.update(piles)
    if "s" in piles:  # the rest under the waste, out of reach
        return build("dywan", layout, fill="w")
    return build("dywan", layout, fill="s", fill_face_down=True)


# DY-1 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("deal", [1, 2, 4242])
def test_DY1_an_ace_and_a_king_of_each_suit_are_out_first_96_shuffled_64_carpet_32_stock(deal):
    game = Game.new("dywan", deal)
    assert [pile(game, f"o{i}") for i in range(1, 9)] == [["AC"], ["AD"], ["AH"], ["AS"], ["KC"], ["KD"], ["KH"], ["KS"]]
    carpet_piles = game.rules.group_by_id["carpet"].piles
    assert len(carpet_piles) == 64 and all(len(game.piles[p]) == 1 for p in carpet_piles)
    assert len(game.piles[game.rules.stock_pile]) == 32
    assert sorted(game.cards()) == sorted(list(range(52)) * 2)
    assert Game.new("dywan", deal).position() == game.position()  # G-1


def test_DY1_aces_build_up_and_kings_down_in_suit():
    game = dy({"a1": "2H", "c1": "QS", "e1": "3H", "g1": "JS", "h1": "2S"})
    game.play("a1o")
    game.play("c1o")
    game.play("e1o")
    game.play("g1o")
    assert pile(game, "o3") == ["AH", "2H", "3H"] and pile(game, "o8") == ["KS", "QS", "JS"]
    with pytest.raises(IllegalMove):
        game.play("h1o8")  # a 2♠ does not go on J♠ going down


def test_DY1_the_carpet_is_that_of_kwadratura_kola():
    game = Game.new("dywan", 1)
    free = {game.rules.labels[p] for p in game.rules.group_by_id["carpet"].piles if game.is_free(p)}
    assert free == {"a1", "c1", "e1", "g1", "h1", "a2", "a4", "a6", "a8", "b8", "d8", "f8", "h8", "h3", "h5", "h7"}


# DY-2 ---------------------------------------------------------------------------------------
def test_DY2_free_carpet_cards_pack_on_the_waste_one_up_or_down_in_suit():
    game = dy({"a1": "8H", "c1": "6H", "e1": "8S", "g1": "7C"}, w="| 7H")
    assert {"a1w", "c1w"} <= set(notations(game))
    assert "e1w" not in notations(game) and "g1w" not in notations(game)
    with pytest.raises(IllegalMove, match="8♠ cannot go on 7♥"):
        game.play("e1w")
    game.play("a1w")
    assert pile(game, "w")[-2:] == ["7H", "8H"]
    with pytest.raises(IllegalMove, match="6♥ cannot go on 8♥"):
        game.play("c1w")


def test_DY2_no_wrap_between_king_and_ace():
    game = dy({"a1": "AS"}, w="| KS")
    with pytest.raises(IllegalMove, match="A♠ cannot go on K♠"):
        game.play("a1w")


def test_DY2_a_carpet_card_that_is_not_free_does_not_pack():
    game = dy({"b1": "8H"}, w="| 7H")  # b1 is sideways between a1 and c1
    with pytest.raises(IllegalMove, match="b1 is not free"):
        game.play("b1w")


def test_DY2_nothing_packs_on_an_empty_waste_and_gaps_are_never_filled():
    game = dy({"a1": "8H"}, empty={"c1"}, w="|")
    by = game.rules.pile_by_label
    assert game.why_illegal((by["a1"], by["w"], 1)) == "nothing goes into an empty pile in waste (w)"
    assert not [m for m in game.legal_moves() if m[1] == by["c1"]]
    for source, cards in enumerate(game.piles):  # whatever pile a card comes from, the gap takes none
        if cards and source != by["c1"]:
            assert game.why_illegal((source, by["c1"], 1)) is not None


def test_DY2_when_ups_and_downs_both_take_a_card_the_player_names_the_pile():
    game = dy({"a1": "7H"}, o3="| AH 2H 3H 4H 5H 6H", o7="| KH QH JH TH 9H 8H")
    with pytest.raises(IllegalMove, match="could mean several moves"):
        game.play("a1o")
    game.play("a1o7")
    assert pile(game, "o7")[-1] == "7H"


# DY-3 ---------------------------------------------------------------------------------------
def test_DY3_stock_one_at_a_time_two_passes_in_all():
    game = dy()
    stock = game.rules.stock_pile
    for pass_number in range(2):
        while game.piles[stock]:
            size = len(game.piles[stock])
            game.play("s")
            assert len(game.piles[stock]) == size - 1
        if pass_number == 0:
            game.play("s")
    assert game.redeals_used == 1
    assert game.why_illegal((stock, REDEAL, 0)) == 'no redeals left: the stock goes round 2 times in all'
    with pytest.raises(IllegalMove):
        game.play("s")


def test_DY3_the_waste_top_goes_to_a_foundation():
    game = dy(s="2C |")
    game.play("s")
    game.play("wo")
    assert pile(game, "o1") == ["AC", "2C"]


# DY-4 ---------------------------------------------------------------------------------------
def test_DY4_won_when_all_104_cards_are_on_the_foundations():
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
    layout = {}
    for i, s in enumerate("CDHS"):
        layout[f"o{i + 1}"] = " ".join(r + s for r in ranks)
        layout[f"o{i + 5}"] = " ".join(r + s for r in reversed(ranks)) if s != "C" else " ".join(
            r + s for r in reversed(ranks[2:]))
    layout["a1"] = "2C"
    layout["b1"] = "AC"
    game = build("dywan", layout, fill="s", fill_face_down=True)
    game.play("a1o5")
    assert game.status() == "in progress"
    game.play("b1o5")
    assert game.status() == "won"
