"""The full-screen board fits the terminal (issue 25): every shipped game at 120×40, 80×24 and
60×20 (less the status bar, message and command lines, and the board's margins), with every pile
on it to click; a click's map points at the pile drawn there; too small is None, not a cut board."""

from __future__ import annotations

import random
import re

import pytest

from patience import Game
from patience.tui.layout import lay_out
from patience.tui.pointing import best_move, moves_from, playable
from patience.ruleset.registry import shipped_rulesets

SHIPPED = sorted(r.id for r in shipped_rulesets())
TERMINALS = [(120, 40), (80, 24), (60, 20)]


def board_size(columns: int, rows: int) -> tuple[int, int]:
    return columns - 2, rows - 3  # padding on both sides; status, message and command lines


# Games with a position that truly cannot fit 60×20, with the reason (docs/play.md names them too).
# Empty: every shipped game fits in every position the random walks below reach.
TOO_BIG_FOR_60x20: dict[str, str] = {}


def assert_fits(game: Game, game_id: str, where: str) -> None:
    for columns, rows in TERMINALS:
        if (columns, rows) == (60, 20) and game_id in TOO_BIG_FOR_60x20:
            continue
        width, height = board_size(columns, rows)
        for ascii in (False, True):
            board = lay_out(game, width, height, ascii=ascii)
            assert board is not None, f"{game_id} does not fit {columns}×{rows} {where}"
            assert len(board.lines) <= height
            assert all(sum(len(text) for text, _s, _h in line) <= width for line in board.lines)
            assert set(board.spots) == set(range(len(game.piles))), f"a pile cannot be clicked {where}"
            for pile, (x, y) in board.spots.items():
                assert board.at(x, y)[0] == pile


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_shipped_game_fits_every_terminal_size_with_every_pile_clickable(game_id):
    assert_fits(Game.new(game_id, 1), game_id, "at deal 1")


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_shipped_game_still_fits_every_terminal_size_after_random_play(game_id):
    """Played positions grow (foundations fill, columns lengthen): every 10th position of two
    random walks of up to 150 moves fits too, every pile clickable."""
    for deal in (2, 3):
        game, walk = Game.new(game_id, deal), random.Random(deal)
        for step in range(151):
            if step % 10 == 0:
                assert_fits(game, game_id, f"at deal {deal} after {step} random moves (seed {deal})")
            moves = game.legal_moves()
            if not moves:
                break
            game.play(walk.choice(moves))


def test_every_game_named_too_big_for_60x20_is_shipped_and_has_a_reason():
    assert all(game_id in SHIPPED and reason for game_id, reason in TOO_BIG_FOR_60x20.items())


def test_a_big_foundation_group_is_drawn_as_a_label_run_with_every_pile_clickable():
    """Thirty-two foundations holding cards (Kwadratura Koła deal 3, 122 random moves) wrap into
    eight lines of tops; at 60×20 they are drawn as one ``o1-o8:`` run a group instead."""
    game, walk = Game.new("kwadratura-kola", 3), random.Random(3)
    for _ in range(122):
        game.play(walk.choice(game.legal_moves()))
    board = lay_out(game, *board_size(60, 20))
    assert board is not None
    text = [("".join(t for t, _s, _h in line)) for line in board.lines]
    foundations = [pile for group in game.rules.groups if group.role == "foundation" for pile in group.piles]
    first = game.rules.labels[foundations[0]] + "-" + game.rules.labels[foundations[7]] + ":"
    assert any(line.lstrip().startswith(first) for line in text)
    assert all(board.at(*board.spots[pile])[0] == pile for pile in foundations)
    roomy = lay_out(game, *board_size(120, 40))  # with room the piles keep their own labels
    assert roomy is not None and not any(first in "".join(t for t, _s, _h in line) for line in roomy.lines)


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
    assert lay_out(game, width, height) is not None, "at the deal"
    for _ in range(5):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[0])
        assert lay_out(game, width, height) is not None, f"{len(game.history)} moves in"
    assert len(game.history) >= 1
    assert any(len(pile) > 1 for pile in game.piles)  # the piles did start to merge


def test_only_labels_counting_up_one_by_one_are_drawn_as_a_run():
    from patience.tui.layout import _label_run

    assert _label_run(["o25", "o26", "o27"]) == "o25-o27"
    assert _label_run(["a", "b", "c", "d"]) == "a-d"
    assert _label_run(["h1", "h3"]) is None  # a gap: h2 would seem to be there
    assert _label_run(["h1", "f2"]) is None  # two names
    assert _label_run(["s"]) is None  # one pile keeps its own label


def test_the_four_arms_are_drawn_as_a_cross_where_it_fits_and_side_by_side_where_not():
    """Issue 25: the cross scaled to the terminal. At 80 columns each arm's first place (column a,
    where CZ-3 closes up toward) touches the empty centre: the north arm's a-cells stand right above
    the centre, the south arm's right below it, on the same columns; at 60 columns the arms are
    drawn as four small grids."""
    game = Game.new("czternastki", 1)
    rules = game.rules
    board = lay_out(game, *board_size(80, 24))
    assert board is not None
    north_a, south_a = rules.pile_by_label["na1"], rules.pile_by_label["sa1"]
    west_a, east_a = rules.pile_by_label["wa1"], rules.pile_by_label["ea1"]
    (nx, ny), (sx, sy) = board.spots[north_a], board.spots[south_a]
    (wx, wy), (ex, ey) = board.spots[west_a], board.spots[east_a]
    assert nx == sx and sy - ny == 3  # two lanes of centre between north's and south's first places
    assert wy == ey and ex - wx == 3 * 4  # west's and east's first places face each other across it
    assert wx < nx < ex and ny < wy < sy
    narrow = lay_out(game, *board_size(60, 20))
    assert narrow is not None
    (nx, ny), (sx, sy) = narrow.spots[north_a], narrow.spots[south_a]
    assert sy > ny + 3  # south's grid stands below north's: no cross at 60 columns


def board_text(game: Game, columns: int = 120, rows: int = 40) -> str:
    board = lay_out(game, *board_size(columns, rows))
    assert board is not None
    return "\n".join("".join(text for text, _s, _h in line) for line in board.lines)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_pile_label_the_notation_uses_is_on_the_board_at_120x40(game_id):
    """Issue 35 (4): a hint such as `a7+c7` names piles the player can find. Grid cells are
    named by their column letter and row number, drawn along the grid's edges instead."""
    game = Game.new(game_id, 1)
    words = set(re.split(r"[\s:]+", board_text(game)))
    missing = [game.rules.labels[p] for p in range(len(game.piles))
               if game.rules.group_of[p].spec.grid is None and game.rules.labels[p] not in words]
    assert not missing, f"{game_id}: labels not on the board: {missing}"


@pytest.mark.parametrize("game_id", ["dywan", "kwadratura-kola"])
def test_carpet_cells_show_how_each_card_lies_and_the_legend_as_patience_show_does(game_id):
    """DY/KK: a card is free by how it lies, so the board marks |upright| and =sideways= cards."""
    from patience.cards import card_str

    game = Game.new(game_id, 1)
    text = board_text(game)
    assert "|upright|" in text and "=sideways=" in text and "* free" in text
    carpet = next(g for g in game.rules.groups if g.spec.grid is not None)
    for pile in carpet.piles:
        if game.piles[pile]:
            card = f"{card_str(game.piles[pile][-1]):>3}"
            edge = "|" if game.rules.upright[pile] else "="
            assert f"{edge}{card}{edge}" in text, f"{game.rules.labels[pile]}: {card} not drawn as {edge}{card}{edge}"


def test_PY_the_pyramid_is_drawn_with_its_labels_over_its_cards_and_the_free_ones_marked():
    game = Game.new("pyramid", 1)
    lines = board_text(game).splitlines()
    row = next(i for i, line in enumerate(lines) if line.split() == ["a7", "b7", "c7", "d7", "e7", "f7", "g7"])
    assert lines[row + 1].count("*") == 7  # the bottom row is free
    assert "a1" in lines[row - 12]


@pytest.mark.parametrize("room", [60, 45])
def test_a_status_line_too_wide_drops_the_game_name_then_the_deal_never_the_figures(room):
    """Kwadratura Koła in Polish at 80 columns lost "zostało przełożeń: 2" off the end of the
    status line (once it read "PRZEGRANA · 80 ruchów"): where the line is too wide the game's name
    goes first, then the deal number. At the deal it is 70 columns wide, so narrower rooms here."""
    from patience.i18n import set_language
    from patience.session.session import Session, Settings
    from patience.tui.first_frame import status_text

    set_language("pl")
    try:
        session = Session(Game.new("kwadratura-kola", 10), Settings(lang="pl"), now=lambda: 0.0)
        whole = status_text(session, False)
        fitted = status_text(session, False, room)
        roomy = status_text(session, False, 200)
    finally:
        set_language("en")
    assert len(whole) > 60 and whole.startswith("Kwadratura Koła · rozdanie 10")
    assert len(fitted) <= room and fitted.endswith("zostało przełożeń: 2")
    assert ("rozdanie 10" in fitted) == (room == 60) and "Kwadratura" not in fitted
    assert roomy == whole  # room enough: all of it


def test_a_groups_name_stays_on_the_line_of_its_first_pile():
    """Parada in Polish at 120 columns: "karty odrzucone" ended the stock's line and its pile
    "x: A♥ (2)" began the next; the name now moves down with it."""
    from patience.i18n import using_language

    game = Game.new("parada", 3)
    with using_language("pl"):
        board = lay_out(game, *board_size(120, 40))
    lines = ["".join(text for text, _s, _h in line).rstrip() for line in board.lines]
    assert not any(line.endswith("karty odrzucone") for line in lines)
    assert any(line.strip().startswith("karty odrzucone  x:") for line in lines)
