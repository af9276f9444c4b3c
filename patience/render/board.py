"""Draw a position from the ruleset's pile groups, in ruleset order (no game is named here).

Each group is drawn in one of a few forms chosen from its data:
- *tops*: one item per pile, its label and top card (with the count when it holds more, and
  the last `draw` cards of a waste that turns several). Neighbouring groups of this form share a
  line while it fits; foundations always get a line of their own, so they stand apart.
- *columns*: tableau piles fanned downwards under their labels, when they fit the width.
- *fans*: one pile per line, bottom card first, in as many columns as fit; for a tableau of many
  short piles (26 fans) that would not fit as columns.
The board is built as lines of styled spans, printed as plain text or through rich in colour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.faces import faces_key, is_down
from ..cards import card_str
from ..i18n import _, language
from ..printable import printable
from .glyphs import Glyphs, Line
from .grid import card_span, cross_groups, cross_lines, drawn_as_picture, grid_lines, shape_lines

if TYPE_CHECKING:
    from ..engine.compiled import Group
    from ..engine.game import Game

WIDTH = 80
COLUMN = 4  # "10♥" plus a space
STYLES = {"red": "bold red", "black": "bold", "back": "blue", "label": "cyan", "empty": "dim", "title": "bold"}


def _width(line: Line) -> int:
    return sum(len(text) for text, _ in line)


def _tops_item(game: Game, pile: int, glyphs: Glyphs) -> Line:
    """``w: 4♠ 9♦ 7♥ (12)``: a pile's label, its visible top card(s) and its size."""
    rules = game.rules
    cards = game.piles[pile]
    item: Line = [(rules.labels[pile] + ":", "label"), (" ", None)]
    if not cards:
        item.append((glyphs.empty, "empty"))
        return item
    if game.hidden[pile] == len(cards):
        item.append((glyphs.back, "back"))
    else:
        shown = 1
        if pile == rules.waste_pile and rules.draw > 1:
            shown = min(rules.draw, len(cards) - game.hidden[pile])
        for i, card in enumerate(cards[len(cards) - shown:]):
            if i:
                item.append((" ", None))
            item.append(card_span(card, glyphs))
    if len(cards) > 1 or pile == rules.stock_pile:  # a stock's last card too: `s: ## (1)`, the count being all one sees
        item.append((f" ({len(cards)})", None))
    return item


def _tops_lines(game: Game, group: Group, glyphs: Glyphs, name_width: int, width: int) -> list[Line]:
    """One group in the tops form, wrapped onto more lines when it does not fit."""
    lines: list[Line] = []
    line: Line = [(f"{group_title(game, group):<{name_width}}", "title")]
    for pile in group.piles:
        item = _tops_item(game, pile, glyphs)
        if _width(line) + 2 + _width(item) > width and len(line) > 1:
            lines.append(line)
            line = [(" " * name_width, None)]
        line += [("  ", None)] + item
    lines.append(line)
    return lines


def _columns_lines(game: Game, group: Group, glyphs: Glyphs) -> list[Line]:
    piles = list(group.piles)
    labels = game.rules.labels
    lines: list[Line] = [[(" ".join(f"{labels[p]:>{COLUMN - 1}}" for p in piles), "label")]]
    height = max((len(game.piles[p]) for p in piles), default=0)
    if height == 0:
        lines.append([(" ".join(f"{glyphs.empty:>{COLUMN - 1}}" for _pile in piles), "empty")])
    for row in range(height):
        line: Line = []
        for i, p in enumerate(piles):
            cards = game.piles[p]
            gap = " " if i else ""
            text: str
            style: str | None
            if row >= len(cards):
                text, style = (glyphs.empty if row == 0 else ""), "empty"
            elif is_down(game, p, row):
                text, style = glyphs.back, "back"
            else:
                text, style = card_span(cards[row], glyphs)
            line.append((gap + " " * (COLUMN - 1 - len(text)), None))
            line.append((text, style))
        while line and not line[-1][0].strip():
            line.pop()
        lines.append(line)
    return lines


def _fan(game: Game, pile: int, glyphs: Glyphs, label_width: int) -> Line:
    cards = game.piles[pile]
    line: Line = [(f"{game.rules.labels[pile]:>{label_width}}:", "label")]
    if not cards:
        return line + [(" ", None), (glyphs.empty, "empty")]
    for i, card in enumerate(cards):
        text, style = (glyphs.back, "back") if is_down(game, pile, i) else card_span(card, glyphs)
        line.append((" " * (COLUMN - len(text)), None))  # cards right-aligned, so runs line up
        line.append((text, style))
    return line


def _fans_lines(game: Game, group: Group, glyphs: Glyphs, width: int) -> list[Line]:
    """Piles one per line, bottom card first, in as many side-by-side columns as fit."""
    label_width = max(len(game.rules.labels[p]) for p in group.piles)
    fans = [_fan(game, p, glyphs, label_width) for p in group.piles]
    cell = max(_width(f) for f in fans) + 3
    across = max(1, min(len(fans), (width + 3) // cell))
    down = -(-len(fans) // across)
    lines: list[Line] = []
    for row in range(down):
        line: Line = []
        for col in range(across):
            index = col * down + row  # read down each column, like a newspaper
            if index >= len(fans):
                break
            line.append((" " * (col * cell - _width(line)), None))
            line += fans[index]
        lines.append(line)
    return lines


def group_title(game: Game, group: Group) -> str:
    """A group's name on the board, as the engine's reasons name it (`ruleset.describe.group_title`)."""
    from ..ruleset.describe import group_title as title

    return title(game.ruleset, group.id)


def board_lines(game: Game, *, ascii: bool = False, status: str = "", width: int = WIDTH) -> list[Line]:
    """The whole board as lines of styled spans: a title line, then the groups in ruleset order."""
    glyphs = Glyphs(ascii)
    rules = game.rules
    title = printable(game.ruleset.display_name(language()))  # the file's words, never a terminal command
    if game.deal_number is not None:
        title += glyphs.dot + _("deal {number}").format(number=game.deal_number)
    lines: list[Line] = [[(title, "title")]]
    if status and len(title) + len(glyphs.dot) + len(status) <= width:
        lines[0].append((glyphs.dot + status, None))
    elif status:
        lines.append([(status, None)])  # a long name: the status gets its own line
    tops = [g for g in rules.groups if not drawn_as_picture(g)]
    name_width = max((len(group_title(game, g)) for g in tops), default=0)
    pending: Line = []  # a line of tops groups still open for a neighbour
    cross = cross_groups(game)  # four grid arms drawn as one cross
    lines.append([])
    for group in rules.groups:
        if not drawn_as_picture(group):
            block = _tops_lines(game, group, glyphs, name_width, width)
            alone = group.role == "foundation" or len(block) > 1
            if pending and not alone and _width(pending) + 4 + _width(block[0]) - name_width <= width:
                pending += [("    ", None), (group_title(game, group), "title")] + block[0][1:]
                continue
            if pending:
                lines.append(pending)
                pending = []
            if alone:
                lines += block
            else:
                pending = block[0]
            continue
        if group in cross[1:]:
            continue  # drawn with the first arm of the cross
        if pending:
            lines.append(pending)
            pending = []
        if lines[-1]:
            lines.append([])
        if group.spec.shape is not None:  # an overlapping layout drawn as its picture (render_grid)
            lines += shape_lines(game, group, glyphs, group_title(game, group))
        elif group.spec.grid is not None:  # cells at their coordinates (render_grid)
            lines += cross_lines(game, cross, glyphs) if group in cross else grid_lines(
                game, group, glyphs, group_title(game, group))
        elif group.spec.count * COLUMN - 1 <= width:
            lines += _columns_lines(game, group, glyphs)
        else:
            lines += _fans_lines(game, group, glyphs, width)
        lines.append([])
    if pending:
        lines.append(pending)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def to_plain(lines: list[Line]) -> str:
    return "\n".join("".join(text for text, _ in line).rstrip() for line in lines)


def to_rich(lines: list[Line]) -> Any:
    """The board as a rich Text (rich is imported only when colour is wanted)."""
    from rich.text import Text

    text = Text()
    for i, line in enumerate(lines):
        if i:
            text.append("\n")
        for part, style in line:
            text.append(part, STYLES.get(style or "", "") or None)
    return text


def render(game: Game, *, ascii: bool = False, status: str = "", width: int = WIDTH) -> str:
    """The board as plain text."""
    return to_plain(board_lines(game, ascii=ascii, status=status, width=width))


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
            # where faces alternate (engine/faces.py) `face_down` is the part that cannot move, and
            # `faces` says card by card, bottom first, which lie face down (d) or up (u)
            **({"faces": "".join("d" if is_down(game, p, i) else "u" for i in range(len(cards)))}
               if faces_key(game, p) else {}),
        })
    return {
        "game": game.ruleset.id,
        "deal": game.deal_number,
        "status": game.status(),
        "win_class": game.win_class(),  # CZ-4: which class of win (None while not won)
        "score": game.score if rules.scored else None,
        "redeals": game.redeals_used,
        "moves": game.move_count,
        "piles": piles,
        "legal_moves": [game.notation(m) for m in game.legal_moves()],
        "position": game.position(),
    }
