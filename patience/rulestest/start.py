"""The position a scenario starts from: a deal, a position text, or a few piles and the rest."""

from __future__ import annotations

from collections import Counter

from ..cards import RANK, SUIT, CardError, card_str
from ..deals import suited_deck
from ..engine.faces import read_pile
from ..engine.game import Game
from ..engine.position import PositionError
from ..i18n import _
from ..ruleset.model import Ruleset
from .model import Scenario


class StartError(ValueError):
    """A scenario whose start cannot be built; the message says why."""


def start_game(ruleset: Ruleset, scenario: Scenario) -> Game:
    if scenario.deal is not None:
        try:
            return Game(ruleset, scenario.deal)
        except ValueError as err:
            raise StartError(_("deal {n}: {error}").format(n=scenario.deal, error=err)) from None
    text = scenario.position if scenario.position is not None else position_text(ruleset, scenario)
    try:
        return Game.from_position(text, ruleset)
    except PositionError as err:
        raise StartError(str(err)) from None


def position_text(ruleset: Ruleset, scenario: Scenario) -> str:
    """The position text of a scenario's `piles`, with every card it does not name on `fill`."""
    assert scenario.piles is not None
    rules = Game(ruleset).rules
    labels = rules.labels
    for label in scenario.piles:
        if label not in labels:
            raise StartError(_("{game} has no pile {label!r}; its piles are {labels}").format(
                game=ruleset.id, label=label, labels=" ".join(labels)))
    lines = [f"game: {ruleset.id}"]
    if scenario.redeals is not None:
        lines.append(f"redeals: {scenario.redeals}")
    if scenario.uses is not None:
        lines.append(f"uses: {scenario.uses}")
    piles = {label: text if "|" in text else f"| {text}" for label, text in scenario.piles.items()}
    named: dict[str, list[int]] = {}  # each named pile's cards
    for label, text in piles.items():
        try:
            named[label] = read_pile(text)[0]
        except CardError as err:
            raise StartError(str(err)) from None
        group = rules.group_of[rules.pile_by_label[label]]
        if group.max_cards and len(named[label]) > group.max_cards:
            raise StartError(_("pile {label} is given {n} cards, but a pile of {group} holds at most {most} "
                               "(`max_cards`)").format(label=label, n=len(named[label]), group=group.id,
                                                      most=group.max_cards))
    if scenario.fill is not None:
        if scenario.fill not in labels:
            raise StartError(_("fill: {game} has no pile {label!r}").format(game=ruleset.id, label=scenario.fill))
        if scenario.fill in piles:
            raise StartError(_("fill: pile {label} is given in `piles` too").format(label=scenario.fill))
        used: Counter[int] = Counter(card for cards in named.values() for card in cards)
        rest = Counter(suited_deck(ruleset.decks, ruleset.suits)) - used
        words = " ".join(card_str(c, ascii=True) for c in _in_decks(rest))
        piles[scenario.fill] = f"{words} |" if scenario.fill_down else f"| {words}"
    lines += [f"pile {label}: {piles.get(label, '|')}" for label in labels]
    return "\n".join(lines) + "\n"


def _in_decks(cards: Counter[int]) -> list[int]:
    """The cards deck by deck, each in suits from the ace (A♣..K♣, A♦..K♦, A♥..K♥, A♠..K♠): a
    foundation that takes the rest is then built in order, and the card named last can finish it."""
    copies = [(i, SUIT[card], RANK[card], card) for card, n in cards.items() for i in range(n)]
    return [card for *_key, card in sorted(copies)]
