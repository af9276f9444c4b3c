"""Cards parse and print as 10♥ and as TH / 10H."""

import pytest

from patience.cards import IS_RED, RANK, SUIT, CardError, card_str, full_deck, make_card, parse_card, parse_rank


@pytest.mark.parametrize("text", ["10♥", "TH", "10H", "th", "10h", " 10♥ "])
def test_ten_of_hearts_reads_every_way(text):
    assert parse_card(text) == make_card(10, 2)


def test_cards_print_with_symbols_and_in_ascii():
    ten_hearts = make_card(10, 2)
    assert card_str(ten_hearts) == "10♥"
    assert card_str(ten_hearts, ascii=True) == "TH"
    assert card_str(make_card(1, 3)) == "A♠"
    assert card_str(make_card(13, 0), ascii=True) == "KC"


def test_every_card_round_trips_both_ways():
    for card in range(52):
        assert parse_card(card_str(card)) == card
        assert parse_card(card_str(card, ascii=True)) == card


def test_card_order_is_the_microsoft_index_order():
    # FC-6: A♣ A♦ A♥ A♠ 2♣ ... K♠
    assert [card_str(c, ascii=True) for c in range(6)] == ["AC", "AD", "AH", "AS", "2C", "2D"]
    assert card_str(51, ascii=True) == "KS"


def test_colours_hearts_and_diamonds_are_red():
    assert IS_RED[parse_card("5H")] and IS_RED[parse_card("5D")]
    assert not IS_RED[parse_card("5C")] and not IS_RED[parse_card("5S")]
    assert RANK[parse_card("QS")] == 12 and SUIT[parse_card("QS")] == 3


@pytest.mark.parametrize("bad", ["", "X", "1Z", "11H", "0S", "♥", "KK"])
def test_bad_cards_are_refused_with_a_reason(bad):
    with pytest.raises(CardError, match="card"):
        parse_card(bad)


def test_ranks_read_letters_numbers_and_words():
    assert [parse_rank(r) for r in ["A", "2", "10", "T", "J", "q", "K", "king"]] == [1, 2, 10, 10, 11, 12, 13, 13]
    with pytest.raises(CardError):
        parse_rank(14)
    with pytest.raises(CardError):
        parse_rank("Z")


def test_two_decks_hold_every_card_twice():
    deck = full_deck(2)
    assert len(deck) == 104
    assert all(deck.count(c) == 2 for c in range(52))
