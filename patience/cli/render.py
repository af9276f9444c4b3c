"""Draw a position as plain text, from the ruleset's pile groups (no game named here).

Tableau groups are drawn as columns fanned downwards; every other group as one line of piles
showing each top card and, where a pile holds more, its count.
"""

from __future__ import annotations

from ..cards import card_str
from ..engine.game import Game

BACK = "##"
EMPTY = "[ ]"


def _top(game: Game, pile: int, ascii: bool) -> str:
    cards = game.piles[pile]
    if not cards:
        return EMPTY
    if game.hidden[pile] == len(cards):
        text = BACK
    else:
        text = card_str(cards[-1], ascii=ascii)
    return f"{text} ({len(cards)})" if len(cards) > 1 else text


def render(game: Game, *, ascii: bool = False) -> str:
    rules = game.rules
    title = f"{game.ruleset.name}"
    if game.deal_number is not None:
        title += f" · deal {game.deal_number}" if not ascii else f" - deal {game.deal_number}"
    if rules.scored:
        title += f"  score {game.score}"
    lines = [title]
    width = max(len(g.id) for g in rules.groups)
    for group in rules.groups:
        if group.role == "tableau":
            continue
        tops = "  ".join(f"{rules.labels[p]}: {_top(game, p, ascii)}" for p in group.piles)
        lines.append(f"{group.id:<{width}}  {tops}")
    for group in rules.groups:
        if group.role != "tableau":
            continue
        piles = list(group.piles)
        lines.append("")
        lines.append(" ".join(f"{rules.labels[p]:>4}" for p in piles))
        height = max((len(game.piles[p]) for p in piles), default=0)
        for row in range(height):
            cells = []
            for p in piles:
                cards = game.piles[p]
                if row >= len(cards):
                    cells.append("    ")
                elif row < game.hidden[p]:
                    cells.append(f"{BACK:>4}")
                else:
                    cells.append(f"{card_str(cards[row], ascii=ascii):>4}")
            lines.append(" ".join(cells).rstrip())
    return "\n".join(lines)


def to_json(game: Game) -> dict:
    rules = game.rules
    piles = []
    for p, cards in enumerate(game.piles):
        group = rules.group_of[p]
        piles.append({
            "label": rules.labels[p],
            "group": group.id,
            "role": group.role,
            "face_down": [card_str(c, ascii=True) for c in cards[: game.hidden[p]]],
            "face_up": [card_str(c, ascii=True) for c in cards[game.hidden[p]:]],
        })
    return {
        "game": game.ruleset.id,
        "deal": game.deal_number,
        "status": game.status(),
        "score": game.score if rules.scored else None,
        "redeals": game.redeals_used,
        "moves": game.move_count,
        "piles": piles,
        "legal_moves": [game.notation(m) for m in game.legal_moves()],
        "position": game.position(),
    }
