"""The full-screen board fits the terminal (issue 25): every shipped game at 120×40, 80×24 and
60×20 (less the status bar, message and command lines, and the board's margins), with every pile
on it to click; a click's map points at the pile drawn there; too small is None, not a cut board."""

from __future__ import annotations

import pytest

from patience import Game
from patience.cli.tui.layout import lay_out
from patience.cli.tui.pointing import best_move, moves_from, playable
from patience.ruleset.registry import shipped_rulesets

SHIPPED = sorted(r.id for r in shipped_rulesets())
TERMINALS = [(120, 40), (80, 24), (60, 20)]


def board_size(columns: int, rows: int) -> tuple[int, int]:
    return columns - 2, rows - 3  # padding on both sides; status, message and command lines


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_shipped_game_fits_every_terminal_size_with_every_pile_clickable(game_id):
    game = Game.new(game_id, 1)
    for columns, rows in TERMINALS:
        width, height = board_size(columns, rows)
        for ascii in (False, True):
            board = lay_out(game, width, height, ascii=ascii)
            assert board is not None, f"{game_id} does not fit {columns}×{rows}"
            assert len(board.lines) <= height
            assert all(sum(len(text) for text, _s, _h in line) <= width for line in board.lines)
            assert set(board.spots) == set(range(len(game.piles))), "a pile cannot be clicked"
            for pile, (x, y) in board.spots.items():
                assert board.at(x, y)[0] == pile


def test_a_board_that_cannot_fit_is_refused_not_cut():
    assert lay_out(Game.new("klondike", 1), 20, 6) is None


def test_a_tall_column_keeps_its_last_cards_under_a_count():
    game = Game.new("klondike", 1)
    pile = game.rules.pile_by_label["1"]
    for other in range(len(game.piles)):  # move many face-up cards onto column 1 (a picture, not a game)
        if other != pile and game.rules.group_of[other].role == "stock":
            game.piles[pile] += game.piles[other]
            game.piles[other] = []
    board = lay_out(game, 78, 14)
    assert board is not None
    text = "\n".join("".join(t for t, _s, _h in line) for line in board.lines)
    assert "+" in text and board.at(*board.spots[pile]) == (pile, len(game.piles[pile]) - 1)


def test_pointing_finds_the_moves_of_a_card_and_a_double_click_prefers_home():
    from positions import build

    game = build("klondike", {"1": "| KH", "2": "| 5C AS", "3": "| 6H"}, fill="s", fill_face_down=True)
    two, three = game.rules.pile_by_label["2"], game.rules.pile_by_label["3"]
    ace = (two, 1)
    assert all(m[0] == two and m[2] == 1 for m in moves_from(game, ace))
    move = best_move(game, ace)
    assert move is not None and game.rules.group_of[move[1]].role == "foundation"
    assert best_move(game, (two, 0)) is None  # 5♣ lies under the ace: no move starts there
    assert (two, 1) in playable(game) and (three, 0) not in playable(game)


def test_fifty_two_one_card_piles_still_fit_60x20_after_they_start_to_merge():
    """Accordion's row: a fan needs room for its top card and a count, not for three cards."""
    game = Game.new("accordion", 1)
    width, height = board_size(60, 20)
    for _ in range(5):
        assert lay_out(game, width, height) is not None, f"{len(game.history)} moves in"
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[0])
    assert len(game.history) >= 1
