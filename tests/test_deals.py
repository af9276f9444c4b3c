"""G-1 and FC-6: a deal is fixed forever by (ruleset, deal number)."""

import ast
import hashlib
from pathlib import Path

import pytest

import patience
from patience import Game
from patience.cards import cards_str
from patience.deals import (
    DealError,
    SplitMix64,
    check_deal_number,
    fnv1a_64,
    highest_deal,
    microsoft_shuffle,
    patience_shuffle,
    shuffled_deck,
)
from patience.ruleset.registry import find_ruleset
from patience.ruleset.views import dealt_deck, deal_key


def rows(game: Game) -> list[str]:
    """The tableau read row by row, as Microsoft FreeCell prints deals."""
    columns = [game.piles[p] for p in game.rules.group_by_id["tableau"].piles]
    height = max(map(len, columns))
    return [cards_str((c[r] for c in columns if r < len(c)), ascii=True) for r in range(height)]


def test_FC6_microsoft_deal_1():
    assert rows(Game.new("freecell", 1)) == [
        "JD 2D 9H JC 5D 7H 7C 5H",
        "KD KC 9S 5S AD QC KH 3H",
        "2S KS 9D QD JS AS AH 3C",
        "4C 5C TS QH 4H AC 4D 7S",
        "3S TD 4S TH 8H 2C JH 7D",
        "6D 8S 8D QS 6C 3D 8C TC",
        "6S 9C 2H 6H",
    ]


def test_FC6_microsoft_deal_617():
    assert rows(Game.new("freecell", 617)) == [
        "7D AD 5C 3S 5S 8C 2D AH",
        "TD 7S QD AC 6D 8H AS KH",
        "TH QC 3H 9D 6S 8D 3D TC",
        "KD 5H 9S 3C 8S 7H 4D JS",
        "4C QS 9C 9H 7C 6H 2C 2S",
        "4S TS 2H 5D JC 6C JH QH",
        "JD KS KC 4H",
    ]


def test_FC6_microsoft_deal_11982():
    # The one deal of the first 32,000 with no solution.
    assert rows(Game.new("freecell", 11982)) == [
        "AH AS 4H AC 2D 6S TS JS",
        "3D 3H QS QC 8S 7H AD KS",
        "KD 6H 5S 4D 9H JH 9S 3C",
        "JC 5D 5C 8C 9D TD KH 7C",
        "6C 2C TH QH 6D TC 4S 7S",
        "JD 7D 8H 9C 2H QD 4C 5H",
        "KC 8D 2S 3S",
    ]


def test_FC6_microsoft_deals_cover_one_to_a_million_and_beyond():
    assert len(set(microsoft_shuffle(1_000_000))) == 52
    with pytest.raises(DealError, match="1 to"):
        microsoft_shuffle(0)


def test_G1_patience_shuffle_building_blocks_match_published_vectors():
    assert fnv1a_64(b"") == 0xCBF29CE484222325
    assert fnv1a_64(b"a") == 0xAF63DC4C8601EC8C
    assert SplitMix64(0).next() == 0xE220A8397B1DCDAF


def test_G1_golden_patience_shuffles():
    # Pinned forever: changing these breaks every saved game and leaderboard.
    assert cards_str(patience_shuffle("klondike", 1)[:8], ascii=True) == GOLDEN_KLONDIKE_1
    digest = hashlib.sha256(bytes(patience_shuffle("parada", 7, decks=2))).hexdigest()[:16]
    assert digest == GOLDEN_TWO_DECK_DIGEST


GOLDEN_KLONDIKE_1 = "TH 7S 8H 7D 3H 4C 6D QH"
GOLDEN_TWO_DECK_DIGEST = "9b3b62385bf10d1a"


def test_G1_golden_klondike_deal_1_layout():
    game = Game.new("klondike", 1)
    assert game.position() == GOLDEN_KLONDIKE_POSITION


GOLDEN_KLONDIKE_POSITION = """\
game: klondike
deal: 1
redeals: 0
score: 0
pile s: 2S KH TD KD JC 3C 4S AC 8C KS QC 3S 6H TS 9C 5D 5S 9D 4D JH 4H AD 5C 7H |
pile w: |
pile h1: |
pile h2: |
pile h3: |
pile h4: |
pile 1: | TH
pile 2: 7S | QH
pile 3: 8H 6C | AS
pile 4: 7D TC 9H | 8S
pile 5: 3H 2D AH JD | 7C
pile 6: 4C QS JS 2H 2C | QD
pile 7: 6D 6S 9S KC 5H 3D | 8D
"""


def test_G1_variants_sharing_a_deal_key_deal_the_same_cards():
    plain = Game.new("klondike", 42)
    for variant in ("klondike-3", "klondike-vegas"):
        other = Game.new(variant, 42)
        assert other.piles == plain.piles and other.hidden == plain.hidden


def test_G1_deal_numbers_give_different_deals_and_the_same_deal_every_time():
    seen = {tuple(patience_shuffle("klondike", n)) for n in range(1, 201)}
    assert len(seen) == 200
    assert patience_shuffle("klondike", 5) == patience_shuffle("klondike", 5)
    assert patience_shuffle("klondike", 5) != patience_shuffle("freecell", 5)


def test_G1_shuffle_is_a_permutation_of_the_decks():
    for decks in (1, 2, 3):
        deck = patience_shuffle("x", 9, decks)
        assert sorted(deck) == sorted(list(range(52)) * decks)


def test_G1_every_card_can_land_anywhere():
    # A crude uniformity check: over 2000 deals every card is seen in the first position.
    firsts = {patience_shuffle("uniform", n)[0] for n in range(1, 2001)}
    assert firsts == set(range(52))


@pytest.mark.parametrize("number", [0, -3, True, "7"])
def test_G1_bad_deal_numbers_are_refused(number):
    with pytest.raises(DealError):
        shuffled_deck("patience", "klondike", number)


def test_microsoft_shuffle_refuses_two_decks():
    with pytest.raises(DealError, match="one deck"):
        shuffled_deck("microsoft", "x", 1, decks=2)


@pytest.mark.parametrize(("shuffle", "most"), [("patience", 2**63 - 1), ("microsoft", 2**31 - 1)])
def test_G1_FC6_each_shuffle_knows_its_highest_deal(shuffle, most):
    assert highest_deal(shuffle) == most
    assert check_deal_number(shuffle, most) == most
    assert check_deal_number(shuffle, 1) == 1
    with pytest.raises(DealError, match=f"1 to {most}, not {most + 1}"):
        check_deal_number(shuffle, most + 1)
    with pytest.raises(DealError, match=f"1 to {most}, not 0"):
        check_deal_number(shuffle, 0)


def test_deal_number_check_refuses_what_is_not_a_whole_number_and_unknown_shuffles():
    for wrong in (True, 7.0, "7", None):
        with pytest.raises(DealError, match="whole number"):
            check_deal_number("patience", wrong)
    with pytest.raises(DealError, match="unknown shuffle 'bogus'"):
        check_deal_number("bogus", 1)


def test_FC6_shuffled_deck_refuses_a_microsoft_number_past_its_last():
    assert len(shuffled_deck("microsoft", "x", 2**31 - 1)) == 52
    with pytest.raises(DealError, match="Microsoft deal numbers run from 1 to 2147483647, not 99999999999"):
        shuffled_deck("microsoft", "x", 99999999999)


def deal_key_readers(source: str) -> int:
    """How many times ``source`` reads a ruleset's deal key itself (``x.deal.key``, ``deal.key``)."""
    return sum(1 for node in ast.walk(ast.parse(source))
               if isinstance(node, ast.Attribute) and node.attr == "key"
               and ((isinstance(node.value, ast.Attribute) and node.value.attr == "deal")
                    or (isinstance(node.value, ast.Name) and node.value.id == "deal")))


def test_G1_the_deal_key_is_read_in_one_place():
    """The deal, a reshuffle's rounds, the compiled core's orders, a rules test's first card and
    the catalogue all take the key from `views.deal_key`, so none can seed a deal differently."""
    package = Path(patience.__file__).parent
    readers = [path.relative_to(package).as_posix() for path in package.rglob("*.py")
               if deal_key_readers(path.read_text(encoding="utf-8"))]
    assert readers == ["ruleset/views.py"]
    both_forms = "k = rs.deal.key or rs.id\ndeal = rs.deal\nk = deal.key\n"
    assert deal_key_readers(both_forms) == 2  # the check sees both forms


def test_G1_the_deal_key_is_the_key_else_the_id():
    nestor, variant = find_ruleset("nestor"), find_ruleset("klondike-vegas")
    assert nestor.deal.key is None and deal_key(nestor) == "nestor"
    assert deal_key(variant) == variant.deal.key == "klondike"
    assert dealt_deck(variant, 42) == patience_shuffle("klondike", 42)
