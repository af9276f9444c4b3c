"""FreeCell, rule by rule (FC-1 .. FC-7), and its standard move notation."""

import pytest
from positions import build, pile

from patience import Game, IllegalMove
from patience.ruleset import load_text
from patience.ruleset.registry import shipped_dir


def labels(game: Game, group: str) -> list[str]:
    return [game.rules.labels[p] for p in game.rules.group_by_id[group].piles]


def fc(piles: dict[str, str], fill: str = "h1") -> Game:
    """A FreeCell position; unnamed cards go onto ``fill`` (by default a foundation, out of play)."""
    return build("freecell", piles, fill=fill)


# FC-1 ---------------------------------------------------------------------------------------
def test_FC1_eight_columns_of_seven_and_six_all_face_up_four_cells_four_foundations():
    game = Game.new("freecell", 5)
    columns = game.rules.group_by_id["tableau"].piles
    assert [len(game.piles[p]) for p in columns] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert not any(game.hidden)
    assert labels(game, "cells") == ["a", "b", "c", "d"]
    assert len(game.rules.group_by_id["foundations"].piles) == 4
    assert sorted(game.cards()) == list(range(52))


# FC-2 ---------------------------------------------------------------------------------------
def test_FC2_foundations_start_with_an_ace_and_build_up_in_suit():
    game = fc({"1": "AS", "2": "2S", "3": "2H", "4": "3S"}, fill="8")
    with pytest.raises(IllegalMove, match="takes only A"):
        game.play("2h")
    game.play("1h")
    with pytest.raises(IllegalMove, match="2♥ cannot go on A♠"):
        game.play("3h")
    game.play("2h")
    game.play("4h")
    assert pile(game, "h1") == ["AS", "2S", "3S"]


# FC-3 ---------------------------------------------------------------------------------------
def test_FC3_build_down_in_alternating_colour():
    game = fc({"1": "8S", "2": "7H", "3": "KD 7C", "4": "", "5": "9D"})
    with pytest.raises(IllegalMove, match="7♣ cannot go on 8♠"):
        game.play("31")
    game.play("21")
    game.play("34")
    with pytest.raises(IllegalMove, match="9♦ cannot go on 7♣"):
        game.play("54")
    assert pile(game, "1") == ["8S", "7H"] and pile(game, "4") == ["7C"]


def test_FC3_any_card_may_go_into_an_empty_column():
    game = fc({"1": "KC 5D", "2": "KH QS", "3": ""})
    game.play("13")
    game.undo()
    game.play("23")
    assert pile(game, "3") == ["QS"]


def test_FC3_a_whole_column_may_move_into_an_empty_column_though_it_changes_nothing():
    game = fc({"1": "KS QH", "2": ""})
    one, two = game.rules.pile_by_label["1"], game.rules.pile_by_label["2"]
    assert game.changes_nothing((one, two, 2)) and not game.changes_nothing((one, two, 1))
    game.play("12v2")
    assert pile(game, "2") == ["KS", "QH"] and pile(game, "1") == []


# FC-4 ---------------------------------------------------------------------------------------
def test_FC4_a_free_cell_holds_one_card():
    game = fc({"1": "5D 6C", "a": "KH"})
    with pytest.raises(IllegalMove, match="a holds at most 1 card"):
        game.play("1a")
    game.play("1b")
    assert pile(game, "b") == ["6C"]


def test_FC4_column_cell_and_foundation_cards_go_to_an_empty_cell():
    game = fc({"1": "9C 2S", "a": "KH", "h2": "AD 2D"})
    game.play("1b")  # from a column
    game.play("bc")  # from another cell (legal, though it changes nothing)
    game.play("h2d")  # from a foundation (seed 003)
    assert pile(game, "c") == ["2S"] and pile(game, "d") == ["2D"] and pile(game, "h2") == ["AD"]


def test_FC4_cell_cards_go_to_a_foundation_or_a_column():
    game = fc({"1": "9C", "a": "8H", "b": "3D", "h2": "AD 2D"})
    game.play("a1")
    game.play("bh")
    assert pile(game, "1") == ["9C", "8H"] and pile(game, "h2") == ["AD", "2D", "3D"]


def test_FC4_foundation_cards_do_not_go_back_to_the_columns():
    game = fc({"1": "3C", "h2": "AD 2D"})
    with pytest.raises(IllegalMove, match="cards from the foundations go only to: cells"):
        game.play("h21")


# FC-5 ---------------------------------------------------------------------------------------
def run_position(free_cells: int, empty_columns: int, run: str = "KS QH JC TD 9S 8H 7C 6D 5S 4H") -> Game:
    """A ten-card run on column 1 (K♠ at its foot); K♣ on column 2 takes its upper nine cards."""
    piles = {"1": run, "2": "KC"}
    blockers = iter(["2C", "2D", "2H", "2S"])
    for label in "abcd"[free_cells:]:
        piles[label] = next(blockers)
    filler = iter(["3C", "3D", "3H", "3S", "4C", "4D"])
    for label in "345678"[empty_columns:]:
        piles[label] = next(filler)
    return fc(piles)


@pytest.mark.parametrize(
    "free_cells, empty_columns, limit",
    [(0, 0, 1), (1, 0, 2), (4, 0, 5), (2, 1, 6), (1, 2, 8), (3, 2, 16), (0, 1, 2)],
)
def test_FC5_supermove_limit_is_cells_plus_one_times_two_to_the_empty_columns(free_cells, empty_columns, limit):
    game = run_position(free_cells, empty_columns)
    one, two = game.rules.pile_by_label["1"], game.rules.pile_by_label["2"]
    assert game.run_limit(one, two) == limit
    assert game.movable_run(one) == 10
    for n in range(1, 11):
        # Only Q♥, nine cards down, lands on K♣.
        assert game.is_legal((one, two, n)) == (n == 9 and n <= limit)
    assert ((one, two, 9) in game.legal_moves()) == (limit >= 9)


def test_FC5_an_empty_target_column_does_not_count():
    game = run_position(2, 1)
    one = game.rules.pile_by_label["1"]
    empty = next(p for p in game.rules.group_by_id["tableau"].piles if not game.piles[p])
    assert game.run_limit(one, empty) == 3
    assert game.is_legal((one, empty, 3))
    with pytest.raises(IllegalMove, match="only 3 cards can move at once"):
        game.play((one, empty, 4))


def test_FC5_too_long_a_run_is_refused_with_the_limit():
    game = fc({"1": "JH TC 9D", "2": "QS", "a": "2C", "b": "2D", "c": "2H", "d": "2S", "3": "3C", "4": "3D",
               "5": "3H", "6": "3S", "7": "4C", "8": "4D"})
    before = game.position()
    with pytest.raises(IllegalMove, match="only 1 card can move at once here"):
        game.play("12")
    assert game.position() == before


def test_FC5_the_simpler_formula_is_a_named_setting():
    text = (shipped_dir() / "freecell.yaml").read_text(encoding="utf-8").replace("run_limit: supermove", "run_limit: cells-plus-columns")
    game = run_position(3, 2)
    simple = Game.from_position(game.position(), load_text(text))
    one, two = simple.rules.pile_by_label["1"], simple.rules.pile_by_label["2"]
    assert simple.run_limit(one, two) == 3 + 2 + 1
    assert game.run_limit(one, two) == 16
    # The nine-card run Q♥..4♥ onto K♣: allowed by supermove, refused by the simpler formula.
    assert game.is_legal((one, two, 9))
    assert "only 6 cards can move at once" in simple.why_illegal((one, two, 9))


# FC-6 is in test_deals.py (golden Microsoft deals) and test_freecell_solutions.py.


# FC-7 ---------------------------------------------------------------------------------------
def test_FC7_undo_is_unlimited_and_each_undo_counts_as_a_move():
    import random

    game = Game.new("freecell", 1)
    start = game.position()
    rng = random.Random(7)
    positions = []
    for _ in range(30):
        positions.append(game.position())
        game.play(rng.choice(game.legal_moves()))
    for expected in reversed(positions):
        game.undo()
        assert game.position() == expected
    assert game.position() == start and game.move_count == 60
    with pytest.raises(IllegalMove, match="nothing to undo"):
        game.undo()
    game.redo()
    assert game.move_count == 61 and game.position() == positions[1]


def test_FC7_a_card_goes_to_a_foundation_with_one_command():
    game = fc({"1": "9C AS", "a": "2S"})
    game.play("1h")
    game.play("ah")
    homes = [pile(game, label) for label in ("h1", "h2", "h3", "h4")]
    assert ["AS", "2S"] in homes


# Notation -------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, source, target, count", [
    ("1b", "1", "b", 1),   # column to cell
    ("a3", "a", "3", 1),   # cell to column
    ("ah", "a", None, 1),  # cell to foundation, the shared label
    ("12", "1", "2", 2),   # column to column: 9♣ 8♥ land on 10♦
    ("13", "1", "3", 1),   # into an empty column: one card
    ("13v2", "1", "3", 2), # ... unless counted
    ("1 3", "1", "3", 1),  # spaces are ignored
    ("1B", "1", "b", 1),   # and case
])
def test_notation_standard_freecell_moves(text, source, target, count):
    game = fc({"1": "9C 8H", "2": "TD", "3": "", "a": "AS"})
    src, dst, n = game.play(text)
    assert game.rules.labels[src] == source and n == count
    if target is None:
        assert game.rules.group_of[dst].id == "foundations"
    else:
        assert game.rules.labels[dst] == target


def test_notation_names_a_cell_exactly():
    game = fc({"1": "9C 8H", "a": "AS"})
    with pytest.raises(IllegalMove, match="a holds at most 1 card"):
        game.play("1a")


def test_notation_column_to_column_carries_what_it_takes_to_land():
    game = fc({"1": "KS QH JC TD", "2": "QD"})
    move = game.play("12")
    assert move[2] == 2 and pile(game, "2") == ["QD", "JC", "TD"]
    game.undo()
    assert game.notation(move) == "12"


def test_notation_into_an_empty_column_moves_one_card_unless_counted():
    game = fc({"1": "KS QH JC TD", "2": ""})
    assert game.play("12")[2] == 1
    game.undo()
    assert game.play("12v3")[2] == 3
    assert pile(game, "2") == ["QH", "JC", "TD"]


def test_notation_counts_are_hex_as_fc_solve_writes_them():
    game = fc({"1": "KS QH JC TD 9S 8H 7C 6D 5S 4H 3C", "2": ""})  # all four cells, six columns free
    move = game.play("12va")
    assert move[2] == 10 and pile(game, "1") == ["KS"]


def test_notation_of_listed_moves():
    game = fc({"1": "KS QH JC TD", "2": "", "3": "QD", "a": "AH"})
    written = sorted(game.notation(m) for m in game.legal_moves())
    assert "13" in written  # J♣ T♦ onto Q♦: the count is implied
    assert "12v3" in written and "12" in written  # into an empty column the count is written
    assert "ah" in written  # the ace goes home by the shared foundation label


@pytest.mark.parametrize("text, reason", [
    ("", "no move given"),
    ("zz", "is not a move"),
    ("1", "names one pile, not a move: a move is like"),
    ("19", "is not a move"),
    ("12v", "is not a move"),
])
def test_notation_nonsense_is_refused_with_a_reason(text, reason):
    game = Game.new("freecell", 1)
    before = game.position()
    with pytest.raises(IllegalMove, match=reason):
        game.play(text)
    assert game.position() == before


def test_an_illegal_move_leaves_the_game_unchanged():
    game = Game.new("freecell", 1)
    before, count = game.position(), game.move_count
    with pytest.raises(IllegalMove):
        game.play("12")
    assert game.position() == before and game.move_count == count
