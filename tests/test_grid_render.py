"""The carpet, the 32 foundations and the cross on the board (issue 6, item 5)."""

import pytest
from positions import build

from patience import Game
from patience.render.board import render, to_json


@pytest.mark.parametrize("game_id", ["kwadratura-kola", "dywan", "czternastki"])
@pytest.mark.parametrize("ascii", [False, True])
def test_boards_fit_80_by_30_and_ascii_is_ascii(game_id, ascii):
    text = render(Game.new(game_id, 1), ascii=ascii)
    lines = text.splitlines()
    assert max(map(len, lines)) <= 80 and len(lines) <= 30
    if ascii:
        assert text.isascii()


def test_the_carpet_shows_orientation_free_cards_and_coordinates():
    game = Game.new("kwadratura-kola", 1)
    lines = render(game, ascii=True).splitlines()
    header = next(i for i, line in enumerate(lines) if line.split() == list("abcdefgh"))
    rows = lines[header + 1: header + 9]
    assert [row.split()[0] for row in rows] == [str(r) for r in range(1, 9)]
    first = rows[0]
    assert first.count("*") == 5  # a1 c1 e1 g1 h1 are free (KK-2)
    assert "|" in first and "=" in first  # a1 upright, b1 sideways (KK-1)
    a1 = game.piles[game.rules.pile_by_label["a1"]][0]
    from patience.cards import card_str

    assert f"*|{card_str(a1, ascii=True):>3}|" in first


def test_an_empty_carpet_cell_is_drawn_empty_after_its_card_leaves():
    game = Game.new("kwadratura-kola", 1)
    game.play("h7o")
    row7 = next(line for line in render(game, ascii=True).splitlines() if line.startswith("7 "))
    assert "[]" in row7


def test_the_cross_puts_every_lane_start_next_to_the_centre():
    game = Game.new("czternastki", 1)
    lines = render(game, ascii=True).splitlines()
    assert any("n.1" in line and "n.2" in line for line in lines)
    assert any(line.rstrip().endswith("e.1") for line in lines)
    assert any(line.lstrip().startswith("w.1") for line in lines)
    assert any("s.1" in line and "s.2" in line for line in lines)


def test_json_names_the_win_class():
    assert to_json(Game.new("czternastki", 1))["win_class"] is None
    game = build("czternastki", {"na1": "2C", "eb2": "3C", "sa2": "4C", "wa1": "5C"}, fill="x")
    game.play("c")  # the close-up brings the east card next to the centre: a second-class win
    assert to_json(game)["win_class"] == "second" and to_json(game)["status"] == "won"


@pytest.mark.parametrize("game_id, group, cols", [("royal-cotillion", "reserve", "abcd"), ("carpet-classic", "carpet", "abcde")])
def test_a_grid_of_any_role_is_drawn_at_its_places_not_on_the_line_of_tops(game_id, group, cols):
    """Royal Cotillion's reserve and Carpet's carpet are reserves laid out as grids: the board
    draws their cells under column letters and row numbers, so `c2` is read off the board, as
    the carpet of Kwadratura Koła's tableau is."""
    game = Game.new(game_id, 1)
    lines = render(game, ascii=True).splitlines()
    title = lines.index(group)  # the group's own block, not a line of tops
    assert lines[title + 1].split() == list(cols)
    rows = game.ruleset.piles[group].grid.rows
    assert [line.split()[0] for line in lines[title + 2: title + 2 + rows]] == [str(r) for r in range(1, rows + 1)]
    from patience.cards import card_str

    c2 = game.piles[game.rules.pile_by_label["c2"]][-1]
    assert f"|{card_str(c2, ascii=True):>3}|" in lines[title + 3]
