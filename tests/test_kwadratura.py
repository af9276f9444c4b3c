"""Kwadratura Koła (Squaring the Circle), rule by rule (KK-1 .. KK-6 of shared/spec/games.md)."""

import pytest
from positions import build, cell, notations, pile

from patience import Game, IllegalMove
from patience.engine.assist import lost_reason
from patience.engine.moves import DEAL, REDEAL

# KK-2's list, as (row, col) from the top left.
SIXTEEN = [(0, 0), (0, 2), (0, 4), (0, 6), (0, 7), (1, 0), (3, 0), (5, 0), (7, 0), (7, 1), (7, 3), (7, 5), (7, 7),
           (2, 7), (4, 7), (6, 7)]
# 64 cards none of which starts a foundation (no A, 5, 9, K): on such a carpet only the stock moves.
FILLER = [f"{r}{s}" for r in "234678TJQ" for s in "CDHS"] * 2


def carpet(changes: dict[str, str] | None = None, empty: set[str] = frozenset(), **piles: str) -> dict[str, str]:
    """A full carpet of FILLER cards, some cells changed or emptied; the FILLER cards left over
    lie face down in the stock (unless ``s`` is given), every other card on o32, out of play."""
    changes = dict(changes or {})
    pool = FILLER[:]
    for text in list(changes.values()) + list(piles.values()):
        for word in text.replace("|", " ").split():
            if word in pool:
                pool.remove(word)
    cells = {}
    for r in range(8):
        for c in range(8):
            label = cell(r, c)
            if label in empty:
                cells[label] = "|"
            elif label in changes:
                cells[label] = changes[label]
            else:
                cells[label] = pool.pop(0)
    cells["s"] = " ".join(pool) + " |"
    cells.update(piles)
    return cells


def kk(piles: dict[str, str], **header: int) -> Game:
    """A position; every card not named lies on o32 (a kings place: nothing moves off it)."""
    return build("kwadratura-kola", piles, fill="o32", **header)


def free_cells(game: Game) -> set[str]:
    return {game.rules.labels[p] for p in game.rules.group_by_id["carpet"].piles if game.piles[p] and game.is_free(p)}


# KK-1 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("deal", [1, 2, 99])
def test_KK1_two_decks_64_open_carpet_cards_in_8_rows_40_in_the_stock(deal):
    game = Game.new("kwadratura-kola", deal)
    carpet_piles = game.rules.group_by_id["carpet"].piles
    assert len(carpet_piles) == 64 and all(len(game.piles[p]) == 1 and not game.hidden[p] for p in carpet_piles)
    assert len(game.piles[game.rules.stock_pile]) == 40 and game.hidden[game.rules.stock_pile] == 40
    assert sorted(game.cards()) == sorted(list(range(52)) * 2)


def test_KK1_cells_are_labelled_by_column_letter_and_row_number_and_lie_checkered():
    game = Game.new("kwadratura-kola", 1)
    first = game.rules.group_by_id["carpet"].piles.start
    for r in range(8):
        for c in range(8):
            p = game.rules.pile_by_label[cell(r, c)]
            assert p == first + r * 8 + c
            assert game.rules.upright[p] == ((r + c) % 2 == 0)  # upright where r + c is even


# KK-2 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("deal", [1, 5, 12345])
def test_KK2_on_a_full_carpet_exactly_the_16_listed_cards_are_free(deal):
    game = Game.new("kwadratura-kola", deal)
    assert free_cells(game) == {cell(r, c) for r, c in SIXTEEN}


def test_KK2_sixteen_free_cards_fixture_by_hand():
    game = kk(carpet())
    assert free_cells(game) == {cell(r, c) for r, c in SIXTEEN}
    assert notations(game) == ["s"]  # nothing fits a foundation yet


def test_KK2_an_upright_card_is_freed_by_a_clear_lane_above_or_below():
    # d4 = (3, 3): upright. d1, d2, d3 above it.
    game = kk(carpet({"d4": "AH"}, empty={"d1", "d2"}))
    assert "d4" not in free_cells(game)
    assert "d4o" not in notations(game)
    with pytest.raises(IllegalMove, match="d4 is not free"):
        game.play("d4o")
    game = kk(carpet({"d4": "AH"}, empty={"d1", "d2", "d3"}))
    assert "d4" in free_cells(game)
    game.play("d4o")
    game = kk(carpet({"d4": "AH"}, empty={"d5", "d6", "d7", "d8"}))  # the lane below
    assert "d4" in free_cells(game)
    game = kk(carpet({"d4": "AH"}, empty={"a4", "b4", "c4"}))  # a side lane frees no upright card
    assert "d4" not in free_cells(game)


def test_KK2_a_sideways_card_is_freed_by_a_clear_lane_left_or_right():
    # e4 = (3, 4): sideways.
    game = kk(carpet({"e4": "AH"}, empty={"e1", "e2", "e3"}))
    assert "e4" not in free_cells(game)
    game = kk(carpet({"e4": "AH"}, empty={"a4", "b4", "c4", "d4"}))
    assert "e4" in free_cells(game)
    game = kk(carpet({"e4": "AH"}, empty={"f4", "g4", "h4"}))
    assert "e4" in free_cells(game)


def test_KK2_lanes_open_as_cards_leave():
    game = kk(carpet({"a1": "AC", "b1": "KC", "a2": "AS", "b2": "KS", "c1": "AH", "c2": "2H", "c3": "3H"}))
    assert not {"b1", "b2", "c2", "c3"} & free_cells(game)
    game.play("a1o")   # b1 (sideways): its left lane is clear now
    assert "b1" in free_cells(game) and "b2" not in free_cells(game)
    game.play("b1o")   # b2 (upright): the cell above it is empty
    assert "b2" in free_cells(game)
    game.play("a2o")
    assert "c2" not in free_cells(game)
    game.play("b2o")   # c2 (sideways): a2 and b2 to its left are empty
    assert "c2" in free_cells(game) and "c3" not in free_cells(game)
    game.play("c1o")
    game.play("c2o")   # c3 (upright): c1 and c2 above it are empty
    assert "c3" in free_cells(game)
    game.play("c3o")
    assert pile(game, "o3") == ["AH", "2H", "3H"]
    game.undo()
    assert "c3" in free_cells(game) and pile(game, "c3") == ["3H"]


def test_KK2_gaps_are_never_filled():
    game = kk(carpet({"a1": "AH"}, empty={"b1"}))
    game.play("a1o")
    game.play("s")  # a card on the waste too
    gaps = {game.rules.pile_by_label[label] for label in ("a1", "b1")}
    assert not [m for m in game.legal_moves() if m[1] in gaps]
    for source, cards in enumerate(game.piles):  # whatever pile a card comes from, no gap takes it
        if cards and source not in gaps:
            for gap in gaps:
                assert game.why_illegal((source, gap, 1)) is not None


# KK-3 ---------------------------------------------------------------------------------------
def test_KK3_32_foundations_bases_K_A_5_9_chains_up_in_suit():
    game = Game.new("kwadratura-kola", 1)
    groups = {gid: game.rules.group_by_id[gid] for gid in ("aces", "fives", "nines", "kings")}
    assert sum(len(g.piles) for g in groups.values()) == 32
    assert [game.rules.labels[p] for g in groups.values() for p in g.piles] == [f"o{i}" for i in range(1, 33)]


def test_KK3_ace_pile_takes_2_3_4_and_then_nothing():
    game = kk(carpet({"a1": "AH", "c1": "2H", "e1": "3H", "g1": "4H", "h1": "5H", "a2": "4S"}))
    for label in ("a1", "c1", "e1"):
        game.play(label + "o")
    with pytest.raises(IllegalMove, match="4♠ cannot go on 3♥"):
        game.play("a2o1")
    game.play("g1o")
    assert pile(game, "o1") == ["AH", "2H", "3H", "4H"]
    assert game.why_illegal((game.rules.pile_by_label["h1"], game.rules.pile_by_label["o1"], 1)) == 'o1 holds at most 4 cards'


def test_KK3_five_and_nine_chains_and_nothing_on_a_king():
    game = kk(carpet({"a1": "AC", "c1": "5C", "e1": "6C", "g1": "9C", "h1": "TC", "a2": "KC", "a4": "QC"}))
    for label in ("a1", "c1", "e1", "g1", "h1", "a2"):
        game.play(label + "o")
    assert pile(game, "o9") == ["5C", "6C"] and pile(game, "o17") == ["9C", "TC"] and pile(game, "o25") == ["KC"]
    with pytest.raises(IllegalMove):
        game.play("a4o25")  # nothing on a K
    with pytest.raises(IllegalMove, match="Q♣ cannot go on 10♣"):
        game.play("a4o17")


# KK-4 ---------------------------------------------------------------------------------------
def test_KK4_a_5_is_refused_as_a_base_before_an_ace_of_its_suit():
    game = kk(carpet({"a1": "5H", "c1": "AS"}))
    assert "a1o" not in notations(game)
    with pytest.raises(IllegalMove, match="5 of ♥ starts a pile in fives only after"):
        game.play("a1o9")
    game.play("c1o")  # an ace of another suit does not help
    with pytest.raises(IllegalMove, match="5 of ♥"):
        game.play("a1o")


def test_KK4_a_5_starts_once_an_ace_of_its_suit_is_out_even_unfinished():
    game = kk(carpet({"a1": "5H", "c1": "AH", "e1": "5H"}))
    game.play("c1o")
    assert "a1o" in notations(game)
    game.play("a1o")
    assert pile(game, "o9") == ["5H"]
    with pytest.raises(IllegalMove, match="5 of ♥"):  # a second 5♥ needs a second A♥
        game.play("e1o")


def test_KK4_a_9_is_refused_before_a_5_of_its_suit():
    game = kk(carpet({"a1": "9D", "c1": "AD", "e1": "5D"}))
    with pytest.raises(IllegalMove, match="9 of ♦ starts a pile in nines only after"):
        game.play("a1o")
    game.play("c1o")
    with pytest.raises(IllegalMove, match="9 of ♦"):
        game.play("a1o")
    game.play("e1o")
    game.play("a1o")
    assert pile(game, "o17") == ["9D"]


def test_KK4_kings_and_aces_start_whenever_free():
    game = kk(carpet({"a1": "KD", "c1": "AD", "e1": "KD", "g1": "AD"}))
    for label in ("a1", "c1", "e1", "g1"):
        game.play(label + "o")
    assert pile(game, "o25") == ["KD"] and pile(game, "o26") == ["KD"]
    assert pile(game, "o1") == ["AD"] and pile(game, "o2") == ["AD"]



def test_KK4_the_rules_say_kings_and_aces_may_be_laid_out_not_that_they_must():
    """The book: "Króle i asy bazowe możemy, jeśli są wolne, wyjąć z układu w każdej chwili" (issue
    36: the Polish text read as a compulsion). The engine never moves them by itself either."""
    rules = Game.new("kwadratura-kola", 1).ruleset.rules
    assert "may be laid out whenever they are free" in " ".join(rules["en"].split())
    polish = " ".join(rules["pl"].split())
    assert "Króle i asy możemy wyłożyć w każdej chwili, jeśli są wolne" in polish and "gdy tylko" not in polish
    game = kk(carpet({"a1": "KD", "c1": "AD"}))
    game.play("s")  # a move that is not laying them out leaves them where they lie
    assert pile(game, "a1") == ["KD"] and pile(game, "c1") == ["AD"]


# KK-5 ---------------------------------------------------------------------------------------
def test_KK5_carpet_and_waste_cards_go_only_to_foundations():
    game = kk(carpet({"a1": "3H", "c1": "4H"}))
    by = game.rules.pile_by_label
    assert game.why_illegal((by["a1"], by["w"], 1)) == 'cards from the carpet go only to: aces, fives, nines, kings'
    assert game.why_illegal((by["a1"], by["c1"], 1)) == 'cards from the carpet go only to: aces, fives, nines, kings'
    game.play("s")
    assert game.why_illegal((by["w"], by["a1"], 1)) == 'cards from the waste go only to: aces, fives, nines, kings'


def test_KK5_stock_one_card_at_a_time_waste_top_free():
    game = kk(carpet(s="AH 3C 2C |"))
    game.play("s")
    assert pile(game, "w") == ["2C"]
    game.play("s")
    assert pile(game, "w") == ["2C", "3C"]
    game.play("s")
    assert "wo" in notations(game)
    game.play("wo")
    assert pile(game, "o1") == ["AH"]


def test_KK5_three_passes_in_all_a_fourth_is_refused():
    game = kk(carpet())
    stock = game.rules.stock_pile
    for pass_number in range(3):
        while game.piles[stock]:
            game.play("s")
        if pass_number < 2:
            assert (stock, REDEAL, 0) in game.legal_moves()
            game.play("s")
    assert game.redeals_used == 2
    reason = game.why_illegal((stock, REDEAL, 0))
    assert reason == "no redeals left: the stock goes round 3 times in all"
    with pytest.raises(IllegalMove):
        game.play("s")
    assert "redeals: 2" in game.position().splitlines()
    again = Game.from_position(game.position())
    assert again.why_illegal((stock, REDEAL, 0)) == reason


# KK-6 ---------------------------------------------------------------------------------------
def test_KK6_won_when_all_104_cards_are_on_the_32_foundations():
    piles = {}
    for i, suit in enumerate("CDHS"):
        for copy in range(2):
            k = i * 2 + copy
            piles[f"o{k + 1}"] = f"A{suit} 2{suit} 3{suit} 4{suit}"
            piles[f"o{k + 9}"] = f"5{suit} 6{suit} 7{suit} 8{suit}"
            piles[f"o{k + 17}"] = f"9{suit} T{suit} J{suit}" + ("" if k == 0 else f" Q{suit}")
            piles[f"o{k + 25}"] = f"K{suit}"
    piles["a1"] = "QC"
    game = build("kwadratura-kola", piles, fill="w")  # nothing left over
    assert game.status() == "in progress"
    game.play("a1o")
    assert game.status() == "won" and game.win_class() == "won"


def test_KK6_lost_when_the_passes_are_used_and_no_move_is_left():
    game = kk(carpet(s="AH 3C 2C |"), redeals=2)
    for _ in range(3):
        assert game.status() == "in progress"
        game.play("s")
    game.play("wo")
    assert game.status() == "lost"  # 3C and 2C on the waste, no pass left, nothing free fits
    game.undo()
    assert game.status() == "in progress"


def test_KK6_a_card_buried_in_the_waste_is_lost_only_when_no_pass_is_left():
    last_pass = kk(carpet(s="|", w="| AH 2C"), redeals=2)
    assert last_pass.status() == "lost"
    assert lost_reason(last_pass) == "no move is left"  # not "in the passes that are left": none is
    one_more = kk(carpet(s="|", w="| AH 2C"), redeals=1)
    assert one_more.status() == "in progress"
    one_more.play("s")
    one_more.play("s")
    one_more.play("wo")
    assert pile(one_more, "o1") == ["AH"]


def test_KK6_a_game_lost_with_passes_left_says_no_move_changes_anything_in_them():
    game = kk(carpet(s="3C 2C |"), redeals=1)
    game.play("s")
    game.play("s")  # the first pass spent: 2C over 3C on the waste, one pass left that changes nothing
    assert game.status() == "lost" and lost_reason(game) == "no move changes anything in the passes that are left"


def test_KK_position_text_round_trips_with_passes_used():
    game = Game.new("kwadratura-kola", 3)
    for _ in range(5):
        game.play("s")
    again = Game.from_position(game.position())
    assert again.key() == game.key() and again.position() == game.position()
    assert (game.rules.stock_pile, DEAL, 0) in again.legal_moves()


def test_KK_canonical_key_keeps_the_carpet_geometry():
    a = kk(carpet({"a1": "2H", "c1": "3H"}))
    b = kk(carpet({"a1": "3H", "c1": "2H"}))
    assert a.canonical_key() != b.canonical_key()
