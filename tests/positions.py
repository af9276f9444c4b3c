"""Build test positions by hand, the way a rule book draws them."""

from __future__ import annotations

from collections import Counter

from patience import Game
from patience.cards import card_str, full_deck, parse_card
from patience.ruleset.registry import find_ruleset


def build(game: str, piles: dict[str, str], *, fill: str, fill_face_down: bool = False, **header: int) -> Game:
    """A position of ``game`` with the given piles ("down cards | up cards", bottom to top).

    Every card not named goes, in card order, onto pile ``fill``.
    """
    ruleset = find_ruleset(game)
    used: Counter[int] = Counter()
    lines = [f"game: {ruleset.id}"] + [f"{k}: {v}" for k, v in header.items()]
    for label, text in piles.items():
        down, _, up = text.rpartition("|") if "|" in text else ("", "", text)
        for word in (down + " " + up).split():
            used[parse_card(word)] += 1
    rest = Counter(full_deck(ruleset.decks)) - used
    leftover = " ".join(card_str(c, ascii=True) for c in sorted(rest.elements()))
    piles = dict(piles)
    if fill in piles:
        raise ValueError("the fill pile is filled automatically")
    piles[fill] = f"{leftover} |" if fill_face_down else f"| {leftover}"
    labels = Game(ruleset).rules.labels
    for label in labels:
        text = piles.get(label, "|")
        if "|" not in text:
            text = "| " + text
        lines.append(f"pile {label}: {text}")
    return Game.from_position("\n".join(lines) + "\n")


def pile(game: Game, label: str) -> list[str]:
    """The cards of the pile labelled ``label``, bottom first, as ``TH``-style words."""
    return [card_str(c, ascii=True) for c in game.piles[game.rules.pile_by_label[label]]]


def notations(game: Game) -> list[str]:
    """Every legal move of ``game`` in its notation, in listing order."""
    return [game.notation(m) for m in game.legal_moves()]


def cell(r: int, c: int) -> str:
    """The label of an 8-column grid's cell at row ``r``, column ``c`` (0-based): ``a1`` top left."""
    return "abcdefgh"[c] + str(r + 1)
