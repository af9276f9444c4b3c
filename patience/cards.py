"""Cards as small ints.

A card is ``(rank - 1) * 4 + suit`` with suits ordered clubs, diamonds, hearts, spades
(0..3) and ranks A=1 .. K=13, so the 52 values run A♣ A♦ A♥ A♠ 2♣ ... K♠ — the order the
Microsoft FreeCell deals index cards by (FC-6). Two decks simply hold every value twice:
identical cards are interchangeable, which keeps positions canonical.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .i18n import _

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_WORDS = ("", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king")
DECK_SIZE = 52
ACE, JACK, QUEEN, KING = 1, 11, 12, 13

# Lookup tables: the engine's hot path indexes these instead of doing arithmetic.
RANK: tuple[int, ...] = tuple(c // 4 + 1 for c in range(DECK_SIZE))
SUIT: tuple[int, ...] = tuple(c % 4 for c in range(DECK_SIZE))
IS_RED: tuple[bool, ...] = tuple(c % 4 in (DIAMONDS, HEARTS) for c in range(DECK_SIZE))


class CardError(ValueError):
    """A card or rank written in a way we cannot read."""


def make_card(rank: int, suit: int) -> int:
    return (rank - 1) * 4 + suit


def parse_rank(text: str | int) -> int:
    """Read a rank: ``A``, ``2``..``10``, ``T``, ``J``, ``Q``, ``K`` (or an int 1..13)."""
    if isinstance(text, bool) or not isinstance(text, (str, int)):  # YAML may give null, 2.5, a list
        raise CardError(_("not a rank: {text!r}").format(text=text))
    if isinstance(text, int):
        if 1 <= text <= 13:
            return text
        raise CardError(_("rank {text} is out of range; ranks are 1..13 (A..K)").format(text=text))
    word = text.strip().upper()
    if word == "T":
        return 10
    if word == "1":
        return ACE
    for rank in range(1, 14):
        if RANK_NAMES[rank] == word or RANK_WORDS[rank].upper() == word:
            return rank
    raise CardError(_("not a rank: {text!r}; write A, 2..10, J, Q or K").format(text=text))


def parse_card(text: str) -> int:
    """Read ``10♥``, ``TH``, ``10H``, ``ah``, ``Q♠`` and the like."""
    word = text.strip()
    if len(word) < 2:
        raise CardError(_("not a card: {text!r}; write a rank and a suit, e.g. 10H, TH or 10♥").format(text=text))
    suit_char = word[-1]
    if suit_char in SUIT_SYMBOLS:
        suit = SUIT_SYMBOLS.index(suit_char)
    elif suit_char.upper() in SUIT_LETTERS:
        suit = SUIT_LETTERS.index(suit_char.upper())
    else:
        raise CardError(_("not a card: {text!r}; the suit must be one of C D H S or ♣ ♦ ♥ ♠").format(text=text))
    try:
        rank = parse_rank(word[:-1])
    except CardError:
        raise CardError(_("not a card: {text!r}; the rank must be A, 2..10 (or T), J, Q or K").format(text=text)) from None
    return make_card(rank, suit)


def card_str(card: int, *, ascii: bool = False) -> str:
    """``10♥`` (or ``TH`` with ascii=True, the two-character form fc-solve uses)."""
    rank = RANK[card]
    if ascii:
        return ("T" if rank == 10 else RANK_NAMES[rank]) + SUIT_LETTERS[SUIT[card]]
    return RANK_NAMES[rank] + SUIT_SYMBOLS[SUIT[card]]


_CARD_WITH_SYMBOL = re.compile("(10|[2-9AJQK])([" + SUIT_SYMBOLS + "])")


def ascii_cards(text: str) -> str:
    """Every card written with a suit symbol in ``text`` (``10♥``) rewritten in ascii (``TH``):
    messages from the engine name cards with symbols, and `--ascii` promises none."""
    return _CARD_WITH_SYMBOL.sub(
        lambda m: ("T" if m[1] == "10" else m[1]) + SUIT_LETTERS[SUIT_SYMBOLS.index(m[2])], text)


def cards_str(cards: Iterable[int], *, ascii: bool = False) -> str:
    return " ".join(card_str(c, ascii=ascii) for c in cards)


def full_deck(decks: int = 1) -> list[int]:
    """Every card of ``decks`` decks in card order (A♣ A♦ A♥ A♠ 2♣ ...), deck after deck."""
    return [c for _ in range(decks) for c in range(DECK_SIZE)]
