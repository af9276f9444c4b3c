"""Grid groups on the board: a carpet of cells placed at their coordinates, and a cross of grid
arms closed up toward a centre. Everything comes from layout data (`grid`, `orient`, `free`,
`actions.close_up`); no game is named here.

A cell is drawn ``*|7♥|`` (upright) or `` =7♥=`` (sideways), ``*`` marking a free card; cells are
labelled by column letters along the top and row numbers down the side, so ``c4`` is read off
the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import IS_RED, card_str
from ..i18n import _

if TYPE_CHECKING:
    from ..engine.compiled import Group
    from ..engine.game import Game
    from .glyphs import Glyphs, Line

CELL = 7  # marker, bracket, a 3-wide card, bracket, space
ARM = 4  # a card of the cross: 3 wide and a space


def drawn_as_picture(group: Group) -> bool:
    """Whether a group is drawn as a block of its own (tableau columns, a grid's cells at their
    places, a shape's picture) rather than on a line of top cards with the stock and foundations:
    a grid or a shape is a picture whatever its role (Royal Cotillion's reserve)."""
    return group.role == "tableau" or group.spec.grid is not None or group.spec.shape is not None


def card_span(card: int, glyphs: Glyphs) -> tuple[str, str]:
    """A face-up card's text and its colour style (the board's and the grids' one way to show a card)."""
    return card_str(card, ascii=glyphs.ascii), "red" if IS_RED[card] else "black"


def _cell(game: Game, pile: int, glyphs: Glyphs, show_free: bool) -> Line:
    cards = game.piles[pile]
    if not cards:
        return [(f"  {glyphs.empty:<3}  ", "empty")]
    upright = game.rules.upright[pile]
    edge = "|" if upright else "="
    free = show_free and game.is_free(pile)
    text, style = card_span(cards[-1], glyphs)
    if game.hidden[pile] == len(cards):
        text, style = glyphs.back, "back"
    return [("*" if free else " ", "label"), (edge, None), (f"{text:>3}", style), (edge + " ", None)]


def grid_lines(game: Game, group: Group, glyphs: Glyphs, title: str) -> list[Line]:
    """One grid group: column letters on top, row numbers down the left, one cell per place."""
    grid = group.spec.grid
    assert grid is not None
    show_free = group.lanes is not None
    prefix = grid.prefix
    margin = len(prefix) + 2
    head = " " * margin + "".join(f"{prefix + 'abcdefghijklmnopqrstuvwxyz'[c]:^{CELL}}" for c in range(grid.cols))
    lines: list[Line] = [[(title, "title")], [(head.rstrip(), "label")]]
    for r in range(grid.rows):
        line: Line = [(f"{r + 1:>{margin - 1}} ", "label")]
        for c in range(grid.cols):
            line += _cell(game, group.piles.start + r * grid.cols + c, glyphs, show_free)
        lines.append(line)
    if show_free or group.spec.orient != "upright":
        lines.append([(_("  * free  |upright|  =sideways=  cell = column letter + row number: c4"),
                       "empty")])
    return lines


def cross_groups(game: Game) -> list[Group]:
    """Four grid groups of one shape that close up along rows: drawn as the arms of a cross
    (first group up, then right, down, left), each lane's first place next to the centre."""
    from ..ruleset.flow import cross_arms  # the rules text reads the cross from the same settings

    return [game.rules.group_by_id[gid] for gid in cross_arms(game.ruleset)]


def cross_places(game: Game, groups: list[Group], dot: str) -> tuple[int, dict[tuple[int, int], int],
                                                                         dict[tuple[int, int], str]]:
    """Where the cross's cells and margin marks stand, in card units: the board's side (2P + L for
    arms of L lanes × P places), (unit row, unit col) -> pile, and -> mark (place letters and lane
    names, in row -1 and column -1 or ``size``). The line-mode board and the full screen draw it."""
    first = groups[0].spec.grid
    assert first is not None
    lanes, places = first.rows, first.cols
    toward_first = game.ruleset.actions.close_up is not None and game.ruleset.actions.close_up.toward == "first"
    size = 2 * places + lanes
    board: dict[tuple[int, int], int] = {}  # (unit row, unit col) -> pile
    letters: dict[tuple[int, int], str] = {}  # margin marks: place letters and lane numbers
    for arm, group in enumerate(groups):
        prefix = group.spec.grid.prefix if group.spec.grid else ""
        for lane in range(lanes):
            for place in range(places):
                i = place if toward_first else places - 1 - place  # distance from the centre
                pile = group.piles.start + lane * places + place
                if arm == 0:  # up
                    at = (places - 1 - i, places + lane)
                elif arm == 1:  # right
                    at = (places + lane, places + lanes + i)
                elif arm == 2:  # down
                    at = (places + lanes + i, places + lane)
                else:  # left
                    at = (places + lane, places - 1 - i)
                board[at] = pile
        # the arm's name and lane numbers, beside its outer end
        letter = "abcdefghijklmnopqrstuvwxyz"
        if arm == 0:
            for lane in range(lanes):
                letters[(-1, places + lane)] = f"{prefix}{dot}{lane + 1}"
            for place in range(places):
                letters[(places - 1 - place, places - 1)] = letter[place]
        elif arm == 2:
            for lane in range(lanes):
                letters[(size, places + lane)] = f"{prefix}{dot}{lane + 1}"
            for place in range(places):
                letters[(places + lanes + place, places + lanes)] = letter[place]
        elif arm == 1:
            for place in range(places):
                letters[(places - 1, places + lanes + place)] = letter[place]
            for lane in range(lanes):
                letters[(places + lane, size)] = f"{prefix}{dot}{lane + 1}"
        else:
            for place in range(places):
                letters[(places + lanes, places - 1 - place)] = letter[place]
            for lane in range(lanes):
                letters[(places + lane, -1)] = f"{prefix}{dot}{lane + 1}"
    return size, board, letters


def cross_lines(game: Game, groups: list[Group], glyphs: Glyphs) -> list[Line]:
    """The cross: arms of L lanes × P places around an empty L × L centre, on a (2P + L)² board."""
    size, board, letters = cross_places(game, groups, "." if glyphs.ascii else "·")
    lines: list[Line] = []
    for row in range(-1, size + 1):
        line: Line = []
        for col in range(-1, size + 1):
            if (row, col) in board:
                cards = game.piles[board[(row, col)]]
                if cards:
                    text, style = card_span(cards[-1], glyphs)
                    line += [(f"{text:>3} ", style)]
                else:
                    line += [(f"{glyphs.empty:>3} ", "empty")]
            elif (row, col) in letters:
                line += [(f"{letters[(row, col)]:>3} ", "label")]
            else:
                line += [(" " * ARM, None)]
        while line and not line[-1][0].strip():
            line.pop()
        if line:
            lines.append(line)
    lines.append([(_("  cell = arm letter + place from the centre (a first) + lane: nb1"),
                   "empty")])
    return lines


HALF = 3  # characters per half-card step of a shape: a card and its marker take two steps


def shape_lines(game: Game, group: Group, glyphs: Glyphs, title: str) -> list[Line]:
    """A `shape` group drawn as its picture (a pyramid as a pyramid): per row of the shape, a line
    of labels and a line of cards, each card where the picture puts it, ``*`` marking a free card."""
    from ..ruleset.shape import places

    assert group.spec.shape is not None
    show_free = group.lanes is not None
    labels = game.rules.labels
    found = places(group.spec.shape)
    lines: list[Line] = [[(title, "title")]]
    for row in range(max(p.row for p in found) + 1):
        label_line: Line = []
        card_line: Line = []
        at = 0  # characters written so far on this row's lines
        for i, place in enumerate(found):
            if place.row != row:
                continue
            pile = group.piles.start + i
            pad = place.x * HALF - at
            label_line.append((" " * pad + f" {labels[pile]:>3}  ", "label"))
            cards = game.piles[pile]
            if not cards:
                card_line += [(" " * pad + f" {glyphs.empty:>3}  ", "empty")]
            else:
                text, style = card_span(cards[-1], glyphs)
                if game.hidden[pile] == len(cards):
                    text, style = glyphs.back, "back"
                free = show_free and game.is_free(pile) and game.hidden[pile] < len(cards)
                card_line += [(" " * pad + ("*" if free else " "), "label"), (f"{text:>3}", style), ("  ", None)]
            at = place.x * HALF + 2 * HALF
        lines += [label_line, card_line]
    if show_free:
        lines.append([(_("  * free: no card lies on it"), "empty")])
    return lines
