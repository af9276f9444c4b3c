"""Gaps (Montana): its rules checked on deal 1 and a hand-set near-won layout (issue 23)."""
from __future__ import annotations

import re

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


def _near_won_position(uses: int) -> str:
    """Every row 2..K of its suit from the left edge, except row 1's king, which lies past its gap
    (l1 empty, K♥ in m1); ``uses`` redeals left."""
    rows = ["H", "C", "D", "S"]
    ranks = "23456789TJQK"
    lines = ["game: gaps", "deal: 1", "redeals: 0", "score: 0", f"uses: rs {uses}"]
    for r, suit in enumerate(rows):
        for col in range(13):
            cell = f"{'abcdefghijklm'[col]}{r + 1}"
            card = ranks[col] + suit if col < 12 else ""
            if r == 0 and col >= 11:
                card = "" if col == 11 else "KH"
            lines.append(f"pile {cell}: | {card}".rstrip())
    lines.append("pile x: | AD AS AH AC")
    return "\n".join(lines) + "\n"


def test_gaps_with_no_redeal_left_a_relocation_that_wins_keeps_the_game_in_progress():
    """KL-9 / design §7: lost only when no position reachable by the moves left is won. In Gaps
    every move is a relocation (a lone card into a gap), so a chain of them must count when it
    reaches the win, or a game one move from winning is declared lost (hints, deal 1)."""
    game = Game.from_position(_near_won_position(0))
    assert _moves(game) == ["m1l1"]  # the one move left: the king into its gap
    assert game.status() == "in progress" and not game.is_lost()
    game.play("m1l1")
    assert game.status() == "won"


def test_gaps_with_no_redeal_left_and_only_relocations_that_never_win_is_lost():
    """The other side of the rule: relocations that cannot reach the win are no progress. Row 1
    has 5♥ and 6♥ the wrong way round, and nothing can go into a gap after a king to mend it; the
    2s may still trade places through the left-edge gap a2, but no chain of such moves ever wins."""
    text = _near_won_position(0).replace("pile l1: |\n", "pile l1: | KH\n").replace("pile m1: | KH", "pile m1: |")
    text = text.replace("pile d1: | 5H", "pile d1: | 6H").replace("pile e1: | 6H", "pile e1: | 5H")
    row2 = "".join(f"pile {'abcdefghijklm'[c]}2: | {'3456789TJQK'[c - 1] + 'C' if 1 <= c <= 11 else ''}".rstrip() + "\n" for c in range(12))
    text = re.sub(r"pile a2:.*?pile m2: \| ?\n", row2 + "pile m2: | 2C\n", text, flags=re.S)
    game = Game.from_position(text)
    assert sorted(_moves(game)) == ["a1a2", "a3a2", "a4a2", "m2a2"]  # any 2 into a left-edge gap
    assert game.status() == "lost" and game.is_lost()
