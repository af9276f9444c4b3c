"""Shuffles that fix a deal forever by (key, deal number) — rule G-1.

Both shuffles return the deck in dealing order: element 0 is dealt first. Neither uses
:mod:`random`, whose algorithms may change between Python versions. Changing either function
changes every saved game and leaderboard, so golden deals in the tests pin them.

``patience`` (version 1), for every ruleset unless it asks otherwise:

1. seed = FNV-1a 64-bit hash of the UTF-8 text ``"<key>:<deal number>"``;
2. a SplitMix64 generator starts from that seed;
3. a number below n is drawn by rejection: take 64-bit outputs until one is below
   ``2**64 - 2**64 % n``, then take it modulo n (no bias);
4. Fisher–Yates from the end: for i = size-1 down to 1, swap item i with item ``below(i+1)``,
   starting from the full deck(s) in card order (A♣ A♦ A♥ A♠ 2♣ ... K♠, deck after deck).

A pack of fewer suits (a ruleset's ``suits``, e.g. one-suit Spider) starts step 4 from the full
deck(s) with each card's suit replaced: suit number s (0..3, clubs..spades) by ``suits[s % len(suits)]``,
so ``[S]`` gives A♠ A♠ A♠ A♠ 2♠ ... and ``[H, S]`` A♥ A♠ A♥ A♠ 2♥ .... Four-suit packs are unchanged.

``microsoft``: the classic Microsoft FreeCell deals (FC-6), for one deck and deal numbers
1 .. 2**31-1.
"""

from __future__ import annotations

from .cards import DECK_SIZE, full_deck
from .i18n import _

MASK64 = (1 << 64) - 1
SHUFFLES = ("patience", "microsoft")
MAX_MICROSOFT_DEAL = (1 << 31) - 1
MAX_DEAL = (1 << 63) - 1
RANDOM_DEALS = 1_000_000  # random deals (and the daily deal) are picked from 1..this: every shuffle has them


class DealError(ValueError):
    """A deal number or shuffle that cannot be used."""


def fnv1a_64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & MASK64
    return h


class SplitMix64:
    """The SplitMix64 generator (Steele, Lea, Flood 2014): tiny, fast, well mixed."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform number in 0..n-1."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            r = self.next()
            if r < limit:
                return r % n


def suited_deck(decks: int, suits: list[int] | None = None) -> list[int]:
    """Every card of ``decks`` decks in card order; with ``suits``, each suit s replaced by
    ``suits[s % len(suits)]`` (one or two suits make the same number of cards, fewer kinds)."""
    cards = full_deck(decks)
    if not suits or len(suits) == 4:
        return cards
    return [c - c % 4 + suits[c % 4 % len(suits)] for c in cards]


def _fisher_yates(cards: list[int], seed: str) -> list[int]:
    """``cards`` shuffled in place by step 4 above, with the generator seeded by ``seed``'s FNV-1a hash."""
    rng = SplitMix64(fnv1a_64(seed.encode()))
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def patience_shuffle(key: str, number: int, decks: int = 1, suits: list[int] | None = None) -> list[int]:
    """Shuffle ``decks`` decks (of ``suits`` only, when given) for deal ``number`` of the rulesets sharing ``key``."""
    return _fisher_yates(suited_deck(decks, suits), f"{key}:{number}")


def microsoft_shuffle(number: int) -> list[int]:
    """The Microsoft FreeCell deal ``number``, in dealing order (row by row over 8 columns)."""
    if not 1 <= number <= MAX_MICROSOFT_DEAL:
        raise DealError(_("Microsoft deal numbers run from 1 to {most}, not {number}").format(most=MAX_MICROSOFT_DEAL, number=number))
    state = number
    remaining = list(range(DECK_SIZE))  # A♣ A♦ A♥ A♠ 2♣ ... the card ints are this index
    dealt = []
    while remaining:
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        j = (state >> 16) % len(remaining)
        dealt.append(remaining[j])
        remaining[j] = remaining[-1]
        remaining.pop()
    return dealt


def highest_deal(shuffle: str) -> int:
    """The largest deal number ``shuffle`` has (they all start at 1)."""
    if shuffle == "microsoft":
        return MAX_MICROSOFT_DEAL
    if shuffle == "patience":
        return MAX_DEAL
    raise DealError(_("unknown shuffle {shuffle!r}; use one of: {known}").format(shuffle=shuffle, known=", ".join(SHUFFLES)))


def check_deal_number(shuffle: str, number: object) -> int:
    """``number`` when ``shuffle`` has that deal; DealError with the allowed range otherwise.
    Commands that will deal many numbers (`solve --deals A-B`) ask this of both ends first, so
    a bad range is refused before any work is done."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise DealError(_("a deal number is a whole number, not {number!r}").format(number=number))
    most = highest_deal(shuffle)
    if not 1 <= number <= most:
        if shuffle == "microsoft":
            raise DealError(_("Microsoft deal numbers run from 1 to {most}, not {number}").format(most=most, number=number))
        raise DealError(_("deal numbers run from 1 to {most}, not {number}").format(most=most, number=number))
    return number


def shuffled_deck(shuffle: str, key: str, number: int, decks: int = 1, suits: list[int] | None = None) -> list[int]:
    """The deck for one deal, in dealing order."""
    check_deal_number(shuffle, number)
    if shuffle == "microsoft":
        if decks != 1:
            raise DealError(_("the microsoft shuffle deals one deck only"))
        if suits and len(suits) != 4:
            raise DealError(_("the microsoft shuffle deals all four suits only"))
        return microsoft_shuffle(number)
    return patience_shuffle(key, number, decks, suits)


def reshuffled(cards: list[int], key: str, number: int, round_: int) -> list[int]:
    """``cards`` shuffled for the ``round_``-th reshuffle of deal ``number`` (La Belle Lucie's
    redeals): the `patience` shuffle's generator, seeded by ``"<key>:<number>:<round>"``, so a
    game replays exactly and deals themselves never change."""
    return _fisher_yates(cards[:], f"{key}:{number}:{round_}")


def reshuffle_order(count: int, key: str, number: int, round_: int) -> list[int]:
    """Where `reshuffled` takes each card from, for ``count`` cards: ``reshuffled(cards, ...)[i]
    == cards[order[i]]``. Fisher-Yates swaps places, never reads the cards, so the order depends
    on the count and the seed alone (the compiled core keeps one per count, `core.shuffle_orders`)."""
    return _fisher_yates(list(range(count)), f"{key}:{number}:{round_}")
