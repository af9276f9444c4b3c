"""The full-screen board, laid out to fit a given size, with a map of what stands where.

Plain Python (no Textual): the app draws the lines and asks `Board.at(x, y)` what a click hit.
Everything comes from the ruleset's groups, as in `render.py`; no game is named here. To fit:
face-down cards are always shown as one count (``▒5``), a column too tall keeps its last cards
under a ``+n`` row, a tableau too wide for columns is drawn as fans (one pile a line), a fan too
long keeps its last cards, grid cells narrow, a shape (a pyramid) is drawn as its picture, and
last, a group of piles labelled in a run (``o1``..``o8``) is drawn as one ``o1-o8:`` and its top
cards. When even that does not fit, `lay_out` returns None and the app says the terminal is too small.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.faces import faces_key, is_down
from ..i18n import _
from ..render.board import group_title
from ..render.glyphs import Glyphs
from ..render.grid import card_span, cross_groups, cross_places, drawn_as_picture
from ..ruleset.labels import runs_on

if TYPE_CHECKING:
    from ..engine.compiled import Group
    from ..engine.game import Game

Hit = tuple[int, int]  # (pile, card index from the bottom; -1 for an empty pile or the pile itself)
Span = tuple[str, str | None, Hit | None]  # text, style name, what a click there selects
Line = list[Span]
Marker = Callable[[Hit, str | None], str | None]  # the style a spot gets, from its plain style

COLUMN = 4  # a column's width: "10♥" and a space
HALF = 3  # a shape's half-card step when its labels are drawn (as render_grid's)


@dataclass
class Board:
    lines: list[Line]
    width: int
    spots: dict[int, tuple[int, int]] = field(default_factory=dict)  # pile -> (x, y) of its top spot

    def at(self, x: int, y: int) -> Hit | None:
        """What stands at column x of line y (None: nothing to click)."""
        if not 0 <= y < len(self.lines):
            return None
        start = 0
        for text, _style, hit in self.lines[y]:
            if start <= x < start + len(text):
                return hit
            start += len(text)
        return None


def _len(line: Line) -> int:
    return sum(len(text) for text, _s, _h in line)


def _card(game: Game, pile: int, index: int, glyphs: Glyphs) -> tuple[str, str]:
    if is_down(game, pile, index):
        return glyphs.back, "back"
    return card_span(game.piles[pile][index], glyphs)


def _counted(game: Game, pile: int) -> int:
    """The face-down cards drawn as one count under the others: all of them, or none where faces
    alternate (engine/faces.py), whose cards are drawn one by one, face up or down."""
    return 0 if faces_key(game, pile) else game.hidden[pile]


def _hidden(game: Game, pile: int, glyphs: Glyphs) -> str:
    """Face-down cards as one count: ``▒5`` (``▒▒`` for one)."""
    count = game.hidden[pile]
    return glyphs.back if count == 1 else glyphs.back[0] + str(count)


class _Painter:
    def __init__(self, game: Game, glyphs: Glyphs, mark: Marker, squeeze: int = 0) -> None:
        self.game, self.glyphs, self.mark = game, glyphs, mark
        tight = squeeze > 0
        self.tight = tight  # short of room: no blank lines, single spaces in the tops lines
        self.titles = squeeze < 2  # shorter still: the tops lines without their groups' names
        self.compact = squeeze > 2  # shortest: a run of piles as one label and their top cards
        self.gap = " " if tight else "  "

    def span(self, text: str, style: str | None, hit: Hit | None) -> Span:
        return (text, self.mark(hit, style) if hit is not None else style, hit)

    def top_card(self, pile: int) -> Span:
        """A pile's top card alone, a card wide (``··`` when empty), a spot of its own."""
        cards = self.game.piles[pile]
        if not cards:
            return self.span(f"{self.glyphs.empty:>3}", "empty", (pile, -1))
        text, style = _card(self.game, pile, len(cards) - 1, self.glyphs)
        return self.span(f"{text:>3}", style, (pile, len(cards) - 1))

    def top(self, pile: int) -> list[Span]:
        """A pile's label and top card(s): ``w: 4♠ 9♦ (12)``."""
        game, glyphs = self.game, self.glyphs
        rules = game.rules
        cards = game.piles[pile]
        item: list[Span] = [self.span(rules.labels[pile] + ":", "label", (pile, -1))]
        item += [] if self.tight else [(" ", None, None)]
        if not cards:
            return item + [self.span(glyphs.empty, "empty", (pile, -1))]
        if game.hidden[pile] == len(cards):
            item.append(self.span(glyphs.back, "back", (pile, len(cards) - 1)))
        else:
            shown = 1
            if pile == rules.waste_pile and rules.draw > 1:
                shown = min(rules.draw, len(cards) - game.hidden[pile])
            for i in range(len(cards) - shown, len(cards)):
                if i > len(cards) - shown:
                    item.append((" ", None, None))
                item.append(self.span(*_card(game, pile, i, glyphs), (pile, i)))
        if len(cards) > 1:
            item.append((f" ({len(cards)})", None, None))
        return item


def _label_run(labels: list[str]) -> str | None:
    """``o25-o32`` when the labels count up one by one (``o25``..``o32``, ``a``..``h``), else None:
    only then does a range name every pile in it."""
    return f"{labels[0]}-{labels[-1]}" if len(labels) >= 2 and runs_on(labels) else None


def _run_of(game: Game, group: Group) -> str | None:
    """The label run a group is drawn under in the compact form (None: the group cannot be)."""
    if game.rules.waste_pile in group.piles and game.rules.draw > 1:
        return None  # a waste showing several cards needs its own line
    return _label_run([game.rules.labels[pile] for pile in group.piles])


def _compact(p: _Painter, group: Group, label_width: int) -> list[Line] | None:
    """A group's piles as one label run and their top cards, ``o1-o8:  4♥  4♦  ··`` (no counts),
    each card still a spot of its own; None when the group is not a run of one-card piles."""
    game = p.game
    run = _run_of(game, group)
    if run is None:
        return None
    items: list[Line] = [[(f"{run + ':':<{label_width + 1}}", "label", None)]]
    items += [[p.top_card(pile)] for pile in group.piles]
    return items


def _tops(p: _Painter, groups: list[Group], width: int) -> list[Line]:
    """Every group that is not a tableau: its name and its piles, as many to a line as fit."""
    lines: list[Line] = []
    line: Line = []
    runs = [len(run) for run in (_run_of(p.game, group) for group in groups) if run]
    for group in groups:
        head: Line = [(group_title(p.game, group), "title", None)] if p.titles else [("", None, None)]
        compact = _compact(p, group, max(runs, default=0)) if p.compact else None  # the cards in line under each other
        items = compact or [p.top(pile) for pile in group.piles]
        first = len(p.gap) + _len(items[0]) if items else 0  # a name stays on the line of its first pile
        if line and (group.role == "foundation" or _len(line) + 3 + _len(head) + first > width):
            lines.append(line)
            line = []
        line += ([("   ", None, None)] if line else []) + head
        for item in items:
            if _len(line) + len(p.gap) + _len(item) > width:
                lines.append(line)
                line = [(p.gap, None, None)]
            line += [(p.gap, None, None)] + item
        if group.role == "foundation":
            lines.append(line)
            line = []
    if line:
        lines.append(line)
    return lines


def _cell(text: str, width: int) -> str:
    return f"{text:>{width - 1}}" + " "


def _columns(p: _Painter, group: Group, rows: int) -> list[Line] | None:
    """Piles fanned downwards under their labels, in at most ``rows`` lines (None: they do not fit)."""
    game, glyphs = p.game, p.glyphs
    piles = list(group.piles)
    need = {q: (1 if _counted(game, q) else 0) + len(game.piles[q]) - _counted(game, q) for q in piles}
    height = max(max(need.values(), default=0), 1)
    room = rows - 1  # below the labels
    if room < 3:
        return None
    keep = min(height, room)
    lines: list[Line] = [[p.span(_cell(game.rules.labels[q], COLUMN), "label", (q, -1)) for q in piles]]
    cells: dict[int, list[Span]] = {}
    for q in piles:
        cards = game.piles[q]
        column: list[Span] = []
        if not cards:
            column.append(p.span(_cell(glyphs.empty, COLUMN), "empty", (q, -1)))
        if _counted(game, q):
            column.append(p.span(_cell(_hidden(game, q, glyphs), COLUMN), "back", (q, game.hidden[q] - 1)))
        face_up = list(range(_counted(game, q), len(cards)))
        if len(column) + len(face_up) > keep:  # too tall: the last cards, under a count of the others
            shown = keep - len(column) - 1
            skipped = len(face_up) - shown
            column.append(p.span(_cell(f"+{skipped}", COLUMN), "empty", (q, face_up[0])))
            face_up = face_up[skipped:]
        for i in face_up:
            column.append(p.span(_cell(_card(game, q, i, glyphs)[0], COLUMN), _card(game, q, i, glyphs)[1], (q, i)))
        cells[q] = column
    for row in range(max(len(c) for c in cells.values())):
        lines.append([cells[q][row] if row < len(cells[q]) else (" " * COLUMN, None, None) for q in piles])
    return lines


def _fan(p: _Painter, pile: int, label_width: int, width: int) -> Line:
    """``a1:  ▒3 7♥ 6♠``: one pile on one line, its last cards when it is too long."""
    game, glyphs = p.game, p.glyphs
    cards = game.piles[pile]
    line: Line = [p.span(f"{game.rules.labels[pile]:>{label_width}}:", "label", (pile, -1))]
    if not cards:
        return line + [(" ", None, None), p.span(glyphs.empty, "empty", (pile, -1))]
    if _counted(game, pile):
        line.append(p.span(f"{_hidden(game, pile, glyphs):>{COLUMN}}", "back", (pile, game.hidden[pile] - 1)))
    face_up = list(range(_counted(game, pile), len(cards)))
    room = max(1, (width - _len(line)) // COLUMN)
    if len(face_up) > room:
        skipped = len(face_up) - room + 1
        line.append(p.span(f"{'+' + str(skipped):>{COLUMN}}", "empty", (pile, face_up[0])))
        face_up = face_up[skipped:]
    for i in face_up:
        text, style = _card(game, pile, i, glyphs)
        line.append((" " * (COLUMN - len(text)), None, None))
        line.append(p.span(text, style, (pile, i)))
    return line


def _fans(p: _Painter, group: Group, width: int, rows: int) -> list[Line] | None:
    """One pile a line, in as many side-by-side columns as the width allows and the rows need."""
    labels = p.game.rules.labels
    count = len(group.piles)
    label_width = max(len(labels[q]) for q in group.piles)
    longest = max(1 + (1 if _counted(p.game, q) else 0) + len(p.game.piles[q]) - _counted(p.game, q) for q in group.piles)
    for across in range(1, count + 1):
        down = -(-count // across)
        if down > rows:
            continue
        cell = width // across
        if cell < label_width + 1 + 2 * COLUMN and across > 1:
            return None  # a fan needs room for its top card and a count of the cards under it
        fans = [_fan(p, q, label_width, cell - 2) for q in group.piles]
        if across == 1 or cell >= label_width + 1 + longest * COLUMN or down <= rows:
            lines: list[Line] = []
            for row in range(down):
                line: Line = []
                for col in range(across):
                    index = col * down + row  # read down each column, like a newspaper
                    if index < count:
                        line.append((" " * (col * cell - _len(line)), None, None))
                        line += fans[index]
                lines.append(line)
            return lines
    return None


GRID_LEGEND = "  * free  |upright|  =sideways=  cell = column letter + row number: c4"
SHAPE_LEGEND = "  * free: no card lies on it"
EDGED = 7  # a grid cell with its marks, as `patience show` draws it: ``*|7♥| `` or `` =7♥= ``


def _grid(p: _Painter, group: Group, width: int) -> list[Line] | None:
    """Cells at their coordinates, column letters on top, row numbers down the side. Where it fits,
    each card between the marks of how it lies (``|7♥|`` upright, ``=7♥=`` sideways) with the
    legend under the grid, as `patience show` draws it; narrower, the cards alone."""
    game, glyphs = p.game, p.glyphs
    grid = group.spec.grid
    assert grid is not None
    margin = len(grid.prefix) + 2
    cell = next((c for c in (EDGED, 5, 4) if margin + grid.cols * c <= width), None)
    if cell is None:
        return None
    edged = cell == EDGED
    show_free = group.lanes is not None
    letters = "abcdefghijklmnopqrstuvwxyz"
    lines: list[Line] = [[(group_title(game, group), "title", None)],
                         [(" " * margin + "".join(f"{grid.prefix + letters[c]:^{cell}}" for c in range(grid.cols)),
                           "label", None)]]
    for r in range(grid.rows):
        line: Line = [(f"{r + 1:>{margin - 1}} ", "label", None)]
        for c in range(grid.cols):
            pile = group.piles.start + r * grid.cols + c
            cards = game.piles[pile]
            free = show_free and bool(cards) and game.is_free(pile)
            if not cards:
                line.append(p.span(f"{glyphs.empty:^{cell}}", "empty", (pile, -1)))
                continue
            text, style = _card(game, pile, len(cards) - 1, glyphs)
            if game.hidden[pile] == len(cards):
                text, style = glyphs.back, "back"
            edge = ("|" if game.rules.upright[pile] else "=") if edged else ""
            line.append(("*" if free else " ", "label", None))
            line.append((edge, None, None))
            line.append(p.span(f"{text:>3}", style, (pile, len(cards) - 1)))
            line.append((edge + " " * (cell - 4 - 2 * len(edge)), None, None))
        lines.append(line)
    if p.titles and (show_free or group.spec.orient != "upright"):
        legend = _(GRID_LEGEND) if edged else _("  * free  cell = column letter + row number: c4")
        lines.append([(legend, "empty", None)])
    return lines


def _shape(p: _Painter, group: Group, width: int, rows: int) -> list[Line] | None:
    """A shape (a pyramid, peaks): each card where the ruleset's picture draws it, a card gone
    leaving a gap. Where it fits, with each pile's label over its card and ``*`` on a free card,
    as `patience show` draws it (the hints name `a7`); narrower or shorter, the cards alone, a
    half card to the side being two columns. None when even that is wider than the board."""
    from ..ruleset.shape import places

    assert group.spec.shape is not None
    game = p.game
    spots = places(group.spec.shape)
    head: list[Line] = [[(group_title(game, group), "title", None)]] if p.titles else []
    height = max(place.row for place in spots) + 1
    show_free = group.lanes is not None
    labelled = max(place.x for place in spots) * HALF + 2 * HALF <= width
    legend = 1 if show_free and p.titles else 0
    if labelled and len(head) + 2 * height + legend <= rows:
        lines = list(head)
        for row in range(height):
            label_line: Line = []
            card_line: Line = []
            for pile, place in zip(group.piles, spots):
                if place.row != row:
                    continue
                label_line.append((" " * (place.x * HALF - _len(label_line)), None, None))
                label_line.append(p.span(f" {game.rules.labels[pile]:>3}", "label", (pile, -1)))
                card_line.append((" " * (place.x * HALF - _len(card_line)), None, None))
                cards = game.piles[pile]
                free = show_free and bool(cards) and game.is_free(pile) and game.hidden[pile] < len(cards)
                card_line.append(("*" if free else " ", "label", None))
                card_line.append(p.top_card(pile))
            lines += [label_line, card_line]
        if legend:
            lines.append([(_(SHAPE_LEGEND), "empty", None)])
        return lines
    if max(place.x for place in spots) * 2 + COLUMN > width:
        return None
    lines = list(head)
    for row in range(height):
        line: Line = []
        for pile, place in zip(group.piles, spots):
            if place.row != row:
                continue
            line.append((" " * (place.x * 2 - _len(line)), None, None))
            line.append(p.top_card(pile))
        lines.append(line)
    return lines


def _cross(p: _Painter, groups: list[Group], width: int) -> list[Line] | None:
    """Four grid arms drawn as a cross around their centre (`render_grid.cross_places`), a card unit
    each, a playable cell marked ``*``; None when the cross is wider than the board."""
    game, glyphs = p.game, p.glyphs
    size, board, letters = cross_places(game, groups, "." if glyphs.ascii else "·")
    if (size + 2) * COLUMN > width:
        return None
    show_free = any(g.lanes is not None for g in groups)
    lines: list[Line] = []
    for row in range(-1, size + 1):
        line: Line = []
        for col in range(-1, size + 1):
            pile = board.get((row, col))
            if pile is None:
                mark = letters.get((row, col))
                line.append((f"{mark:>3} " if mark else " " * COLUMN, "label" if mark else None, None))
                continue
            line.append(p.top_card(pile))
            line.append(("*" if show_free and game.piles[pile] and game.is_free(pile) else " ", "label", None))
        while line and not line[-1][0].strip():
            line.pop()
        if line or not p.tight:
            lines.append(line)
    if p.titles:
        lines.append([(_("  cell = arm letter + place from the centre (a first) + lane: nb1"), "empty", None)])
    return lines


def _side_by_side(blocks: list[list[Line]], width: int) -> list[Line]:
    """Blocks of equal kind (the arms of a cross, several small grids) next to each other while
    they fit the width, then on further rows."""
    rows: list[Line] = []
    shelf: list[list[Line]] = []

    def close() -> None:
        height = max(len(b) for b in shelf)
        widths = [max(_len(line) for line in b) for b in shelf]
        for y in range(height):
            line: Line = []
            for block, block_width in zip(shelf, widths):
                if line:
                    line.append(("   ", None, None))
                part = block[y] if y < len(block) else []
                line += part + [(" " * (block_width - _len(part)), None, None)]
            rows.append(line)

    for block in blocks:
        used = sum(max(_len(line) for line in b) + 3 for b in shelf)
        if shelf and used + max(_len(line) for line in block) > width:
            close()
            shelf = []
        shelf.append(block)
    if shelf:
        close()
    return rows


def lay_out(game: Game, width: int, height: int, *, ascii: bool = False,
            mark: Marker = lambda hit, style: style) -> Board | None:
    """The board in at most ``width`` × ``height`` cells, or None when it cannot fit."""
    for squeeze in range(4):  # blank lines, the groups' names and the piles' own labels, while there is room
        lines = _lines(_Painter(game, Glyphs(ascii), mark, squeeze), width, height)
        if lines is not None:
            break
    else:
        return None
    board = Board(lines, width)
    for y, line in enumerate(lines):
        x = 0
        for text, _style, hit in line:
            if hit is not None:
                board.spots[hit[0]] = (x + len(text.rstrip()) - 1, y)
            x += len(text)
    return board


def _lines(painter: _Painter, width: int, height: int) -> list[Line] | None:
    rules = painter.game.rules
    lines = _tops(painter, [g for g in rules.groups if not drawn_as_picture(g)], width)
    blocks = [g for g in rules.groups if drawn_as_picture(g)]  # drawn below the line of tops
    gap: list[Line] = [] if painter.tight else [[]]
    grids: list[list[Line]] = []  # grid blocks waiting to be set side by side
    cross = cross_groups(painter.game)  # four arms drawn as a cross when it fits, else side by side
    drawn_as_cross = bool(cross) and all(g.role == "tableau" for g in cross) and _cross(painter, cross, width)
    for number, group in enumerate(blocks):
        left = height - len(lines) - len(gap)
        later = len(blocks) - number - 1  # room kept for the groups still to come
        rows = left - later * 3
        if drawn_as_cross and group in cross:
            if group is not cross[0]:
                continue
            block = drawn_as_cross
        elif group.spec.grid is not None:
            beside = any(g.spec.grid is not None for g in blocks[number - 1:number] + blocks[number + 1:number + 2])
            block = (beside and _grid(painter, group, (width - 3) // 2)) or _grid(painter, group, width)
            if block is None:
                return None
            grids.append(block)
            if number + 1 < len(blocks) and blocks[number + 1].spec.grid is not None:
                continue
            block, grids = _side_by_side(grids, width), []
        elif group.spec.shape is not None:
            block = _shape(painter, group, width, rows) or _fans(painter, group, width, rows)
        elif len(group.piles) * COLUMN <= width:
            block = _columns(painter, group, rows) or _fans(painter, group, width, rows)
        else:
            block = _fans(painter, group, width, rows)
        if block is None:
            return None
        lines += gap + block
    if len(lines) > height or any(_len(line) > width for line in lines):
        return None
    return lines
