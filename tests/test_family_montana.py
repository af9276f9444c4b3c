"""Gaps (Montana): its rules checked on deal 1 and a hand-set near-won layout (issue 23)."""
from __future__ import annotations

from patience.cards import card_str
from patience.engine.game import Game


def _moves(game: Game) -> list[str]:
    return [game.notation(m) for m in game.legal_moves()]


def test_gaps_golden_deal_1_first_row_and_aces_out():
    game = Game.new("gaps", 1)
    first_row = [card_str(game.piles[p][0]) if game.piles[p] else "--" for p in range(13)]
    assert first_row == ["J♥", "9♥", "2♣", "5♠", "8♣", "Q♥", "4♣", "4♥", "J♦", "3♥", "9♦", "6♠", "--"]
    assert len(game.piles[game.rules.labels.index("x")]) == 4  # the four aces out after the deal


def test_gaps_a_gap_takes_only_the_card_above_its_left_neighbour_in_suit():
    game = Game.new("gaps", 1)
    assert _moves(game) == ["l4m1", "m3i2", "k2g4", "rs"]  # 7♠ after 6♠, 8♥ after 7♥, J♣ after 10♣
    assert game.why_illegal(game.rules and __import__("patience.engine.notation", fromlist=["parse_move"]).parse_move(game, "k2l3")) == \
        "l3 takes only a card that builds on K♠ before it, not J♣"  # nothing goes after a king


def test_gaps_redeal_keeps_row_runs_and_undoes_exactly():
    game = Game.new("gaps", 1)
    before = [list(p) for p in game.piles]
    game.play("rs")
    row4 = [card_str(game.piles[p][0]) if game.piles[p] else "--" for p in range(39, 52)]
    assert row4[0] == "2♠" and row4[1] == "--"  # 2♠ is row 4's run of one; the gap follows it
    assert sorted(c for p in game.piles for c in p) == sorted(c for p in before for c in p)
    game.undo()
    assert [list(p) for p in game.piles] == before


def test_gaps_near_won_layout_is_won_by_the_last_king():
    game = Game.new("gaps", 1)
    for p in range(52):
        game.piles[p].clear()
    for row in range(4):  # suit `row`, ranks 2..K (card = (rank - 1) * 4 + suit)
        for col in range(12):
            game.piles[row * 13 + col].append((col + 1) * 4 + row)
    game.piles[11].clear()
    game.piles[12].append(12 * 4 + 0)  # row 1's king lies past its gap
    assert not game.is_won()
    game.play("m1l1")
    assert game.is_won()
