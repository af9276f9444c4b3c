"""Cromwell, rule by rule (CR-1 .. CR-5 of shared/spec/games.md), and the swap's notation."""

import pytest
from positions import build, notations, pile

from patience import Game, IllegalMove
from patience.engine.compiled import SLOT
from patience.engine.moves import SWAP


def cw(piles: dict[str, str], **header: str) -> Game:
    """A Cromwell position; every card not named lies on foundation h1, out of play."""
    return build("cromwell", piles, fill="h1", **header)


def swap(game: Game, a: str, i: int, b: str, j: int) -> tuple[int, int, int]:
    by = game.rules.pile_by_label
    return (by[a] * SLOT + i - 1, SWAP, by[b] * SLOT + j - 1)


# CR-1 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("deal", [1, 2, 777])
def test_CR1_two_decks_in_26_open_fans_of_four_no_stock_eight_foundations(deal):
    game = Game.new("cromwell", deal)
    fans = game.rules.group_by_id["fans"].piles
    assert len(fans) == 26 and all(len(game.piles[p]) == 4 for p in fans)
    assert not any(game.hidden)
    assert game.rules.stock_pile < 0
    foundations = game.rules.group_by_id["foundations"].piles
    assert len(foundations) == 8 and not any(game.piles[p] for p in foundations)
    assert sorted(game.cards()) == sorted(list(range(52)) * 2)


def test_CR1_foundations_start_with_an_ace_and_build_up_in_suit_two_per_suit():
    game = cw({"01": "AH", "02": "AH", "03": "2H", "04": "3S", "05": "2H"})
    with pytest.raises(IllegalMove, match="takes only A"):
        game.play("03h2")
    game.play("01h")
    game.play("02h")  # the second A♥ starts a second foundation
    assert pile(game, "h2") == ["AH"] and pile(game, "h3") == ["AH"]
    game.play("03h")
    game.play("05h")
    assert sorted(pile(game, "h2") + pile(game, "h3")) == ["2H", "2H", "AH", "AH"]
    with pytest.raises(IllegalMove, match="3♠ cannot go on"):
        game.play("04h2")


# CR-2 ---------------------------------------------------------------------------------------
def test_CR2_build_down_by_one_in_suit_only():
    game = cw({"01": "7H", "02": "6H", "03": "6S", "04": "5H", "05": "6D"})
    with pytest.raises(IllegalMove, match="6♠ cannot go on 7♥ \\(fans: down in suit\\)"):
        game.play("0301")
    with pytest.raises(IllegalMove, match="5♥ cannot go on 7♥"):
        game.play("0401")
    with pytest.raises(IllegalMove, match="6♦ cannot go on 7♥"):
        game.play("0501")  # same colour is not enough
    game.play("0201")
    game.play("0401")
    assert pile(game, "01") == ["7H", "6H", "5H"]


def test_CR2_only_the_top_card_of_a_fan_is_free():
    game = cw({"01": "8H 3C", "02": "9H", "03": "AH 5D"})
    assert "0102" not in notations(game) and "03h" not in notations(game)
    with pytest.raises(IllegalMove):
        game.play("0102v2")  # 8♥ with 3♣ on it is not a run
    assert game.why_illegal((game.rules.pile_by_label["03"], game.rules.pile_by_label["h2"], 2)) == 'the top 2 cards of 03 are not a run that moves together'


def test_CR2_a_run_in_suit_moves_whole_or_its_upper_part_any_length():
    game = cw({"01": "KS QS JS TS 9S 8S 7S 6S", "02": "QH", "03": "9S", "04": "KS"})
    game.play("0103v3")  # the upper part: 8♠ 7♠ 6♠ onto 9♠
    assert pile(game, "03") == ["9S", "8S", "7S", "6S"] and pile(game, "01")[-1] == "9S"
    game.undo()
    game.play("0104")  # the whole run but its king, seven cards at once: no length limit
    assert pile(game, "04") == ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S"]
    assert pile(game, "01") == ["KS"]


def test_CR2_a_run_of_mixed_suits_does_not_move_as_a_unit():
    game = cw({"01": "8H 7S 6S", "02": "9H", "03": "8S"})
    assert game.movable_run(game.rules.pile_by_label["01"]) == 2
    with pytest.raises(IllegalMove, match="not a run"):
        game.play("0102v3")
    game.play("0103")  # 7♠ 6♠ onto 8♠
    assert pile(game, "03") == ["8S", "7S", "6S"]


# CR-3 ---------------------------------------------------------------------------------------
def test_CR3_an_emptied_fan_is_never_refilled():
    game = cw({"01": "AH", "02": "KS", "03": "5D", "04": "QC"})
    game.play("01h")
    assert pile(game, "01") == []
    for move in ("0201", "0301", "0401"):
        with pytest.raises(IllegalMove, match="nothing goes into an empty pile in fans"):
            game.play(move)
    one = game.rules.pile_by_label["01"]
    assert not any(m[1] == one for m in game.legal_moves())


# CR-4 ---------------------------------------------------------------------------------------
def test_CR4_swap_any_two_fan_cards_buried_ones_too_with_its_notation():
    game = cw({"03": "QC 5D 8S", "17": "2H 4H 9C 7D"})
    move = game.play("x03.1-17.3")
    assert move == swap(game, "03", 1, "17", 3)
    assert game.notation(move) == "x03.1-17.3"
    assert pile(game, "03") == ["9C", "5D", "8S"] and pile(game, "17") == ["2H", "4H", "QC", "7D"]
    assert game.uses_left == (0,)


def test_CR4_the_swap_is_listed_while_unused_after_every_card_move():
    game = cw({"01": "QC 5D", "02": "2H 4H"})
    listed = notations(game)
    assert "x01.1-02.2" in listed and "x01.1-01.2" in listed  # two cards of one fan too
    swaps = [m for m in game.legal_moves() if m[1] == SWAP]
    assert len(swaps) == 6  # 4 cards, every pair
    assert all(m[1] != SWAP for m in game.legal_moves()[: -len(swaps)])  # card moves come first
    assert game.legal_moves(actions=False) == game.legal_moves()[: -len(swaps)]  # for search code
    assert game.play(swaps[5]) == swaps[5]  # a listed swap plays by its tuple, so by its number


def test_CR4_swap_within_one_fan():
    game = cw({"05": "KD 2C 7H 3S"})
    game.play("x05.4-05.1")
    assert pile(game, "05") == ["3S", "2C", "7H", "KD"]


def test_CR4_a_second_swap_is_refused_and_not_listed():
    game = cw({"01": "QC 5D", "02": "2H 4H"})
    game.play("x01.1-02.1")
    with pytest.raises(IllegalMove, match="the swap is used up: it may be made only once a game"):
        game.play("x01.2-02.2")
    assert not any(m[1] == SWAP for m in game.legal_moves())


def test_CR4_the_swap_is_undone_and_redone_with_its_use():
    game = cw({"01": "QC 5D", "02": "2H 4H"})
    before = (game.position(), game.key(), game.canonical_key())
    game.play("x01.1-02.2")
    assert game.position() != before[0] and game.key() != before[1]
    game.undo()
    assert (game.position(), game.key(), game.canonical_key()) == before and game.uses_left == (1,)
    game.redo()
    assert pile(game, "01") == ["4H", "5D"] and game.uses_left == (0,)


def test_CR4_two_identical_cards_are_not_swapped():
    game = cw({"01": "QC 5D", "02": "QC 4H"})
    assert "x01.1-02.1" not in notations(game)
    with pytest.raises(IllegalMove, match="both cards are Q♣: swapping them changes nothing"):
        game.play("x01.1-02.1")
    assert game.uses_left == (1,)


def test_CR4_a_swap_that_only_turns_two_fans_into_each_other_is_not_offered():
    game = cw({"01": "9C 5D", "02": "9C 4H"})
    assert "x01.2-02.2" not in notations(game)
    with pytest.raises(IllegalMove, match="only turns 01 and 02 into each other"):
        game.play("x02.2-01.2")
    game.play("x01.1-02.2")  # 9♣ with 4♥ is a real exchange


def test_CR4_foundation_cards_are_not_part_of_the_layout():
    game = cw({"01": "QC 5D", "02": "2H 4H"})
    with pytest.raises(IllegalMove, match="the swap exchanges cards of the fans only, not of h1"):
        game.play("xh1.1-01.1")
    with pytest.raises(IllegalMove, match="02 has 2 cards, no card 3"):
        game.play("x01.1-02.3")
    with pytest.raises(IllegalMove, match="there is no pile '27'"):
        game.play("x01.1-27.1")
    with pytest.raises(IllegalMove, match="write a swap as x"):
        game.play("x01-02")


def test_CR4_uses_left_are_part_of_the_position_text_and_keys():
    game = cw({"01": "QC 5D", "02": "2H 4H"})
    assert "uses: x 1" in game.position()
    game.play("x01.1-01.2")
    text = game.position()
    assert "uses: x 0" in text
    again = Game.from_position(text)
    assert again.uses_left == (0,) and again.key() == game.key() and again.position() == text
    assert again.legal_moves() == game.legal_moves()
    # the same cards, the swap unused: a different position
    unused = Game.from_position(text.replace("uses: x 0", "uses: x 1"))
    assert unused.canonical_key() != again.canonical_key() and unused.key() != again.key()


# CR-5 ---------------------------------------------------------------------------------------
def test_CR5_won_when_all_104_cards_are_on_the_foundations():
    suits = "CDHS"
    ranks = "A23456789TJQK"
    lines = ["game: cromwell"]
    for i in range(8):
        suit = suits[i % 4]
        cards = [r + suit for r in ranks] if i < 7 else [r + suit for r in ranks[:-1]]
        lines.append(f"pile h{i + 1}: | " + " ".join(cards))
    lines += [f"pile {f:02d}: |" + (" KS" if f == 1 else "") for f in range(1, 27)]
    game = Game.from_position("\n".join(lines) + "\n")
    assert game.status() == "in progress"  # K♠ still to go; no swap with a single card
    game.play("01h")
    assert game.is_won() and game.status() == "won"


def test_CR5_not_lost_while_the_swap_is_unused_then_lost():
    game = cw({"01": "5H 9C", "02": "7D 2S"})
    assert [m for m in game.legal_moves() if m[1] >= 0] == []
    assert game.status() == "in progress"  # the unused swap is a move
    game.play("x01.2-02.1")  # 7♦ 2♠ / 5♥ 9♣: still nothing
    assert game.legal_moves() == [] and game.status() == "lost"
    game.undo()
    assert game.status() == "in progress"


def test_CR5_the_swap_rescues_a_blocked_game():
    game = cw({"01": "6H 2C", "02": "7H 3D"})
    assert [m for m in game.legal_moves() if m[1] >= 0] == []
    game.play("x01.2-02.2")  # 6♥ 3♦ / 7♥ 2♣: still stuck
    assert game.status() == "lost"
    game.undo()
    game.play("x01.1-02.2")  # 3♦ 2♣ / 7♥ 6♥: 6♥ now lies on 7♥, and the pair moves as a run
    assert pile(game, "02") == ["7H", "6H"] and game.movable_run(game.rules.pile_by_label["02"]) == 2


def test_CR5_lost_detection_ends_with_only_identical_cards_left():
    game = cw({"01": "9C", "02": "9C"})
    assert game.legal_moves() == []  # two identical cards: no swap is offered
    assert game.status() == "lost"
