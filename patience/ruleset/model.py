"""The ruleset vocabulary: pydantic models of a ruleset file.

Every key is described here (the descriptions become the JSON Schema editors read). Cross-field
checks that need the whole ruleset (does a group named in ``to`` exist?) live here too, so a
ruleset that validates can be compiled without further surprises.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, ClassVar, Literal, NamedTuple

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from ..cards import SUIT_LETTERS, SUIT_NAMES, SUIT_SYMBOLS, CardError, parse_rank
from ..i18n import _, ngettext
from .families import family_ids
from .shape import labels as shape_labels
from .shape import places as shape_places
from .views import (  # noqa: F401 - step_cards and the rest are read from here too
    COLUMN_LETTERS,
    GridView,
    RulesetView,
    WinClassView,
    WinView,
    group_prefilled,
    prefilled_cards,
    step_cards,
)

Role = Literal["stock", "waste", "tableau", "foundation", "cell", "reserve", "discard"]
RankRelation = Literal["none", "up", "down", "up-or-down", "same", "any"]
SuitRelation = Literal["any", "same", "other", "same-colour", "alternate-colour"]
MoveRule = Literal["none", "top", "run", "any", "alone", "pile", "top-or-run"]
RunLimit = Literal["none", "supermove", "cells-plus-columns"]
Face = Literal["up", "down", "top-up"]
CardFace = Literal["up", "down"]

ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
LABEL_PATTERN = re.compile(r"^[a-z0-9]{1,3}$")
MAX_DECKS = 8
MAX_PILES = 200
# Bounds that keep every lint-clean ruleset usable to the end: an id names saved-game files (and
# a file name has at most 255 bytes), scores are kept in the statistics database (64-bit
# integers), and counts of cards, redeals and uses stay within what a game can use.
MAX_ID = 64
MAX_NAME = 100
MAX_CARDS = 52 * MAX_DECKS
MAX_POINTS = 10_000
MAX_FLOOR = 1_000_000
MAX_USES = 100  # redeals and action uses: more is `unlimited` in practice


Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]


def _suit_words(value: Any) -> Any:
    """Accept ``[S, H]``, ``"S H"``, ``[spades, ♥]``; give suit numbers 0..3 (clubs, diamonds, hearts, spades)."""
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list):
        return value
    suits = []
    for item in value:
        word = str(item).strip()
        for number, (letter, symbol, name) in enumerate(zip(SUIT_LETTERS, SUIT_SYMBOLS, SUIT_NAMES)):
            if word.upper() == letter or word == symbol or word.lower() == name:
                suits.append(number)
                break
        else:
            raise ValueError(_("not a suit: {text!r}; write C, D, H or S").format(text=item))
    return suits


def _suit_list(value: Any) -> Any:
    """The pack's suits: each once, one, two or four of them."""
    suits = _suit_words(value)
    if not isinstance(suits, list):
        return suits
    if len(set(suits)) != len(suits):
        raise ValueError(_("each suit once"))
    if len(suits) not in (1, 2, 4):
        raise ValueError(_("one, two or four suits, so that every deck holds each of them equally often"))
    return suits


SUIT_SCHEMA = {
    "anyOf": [
        {"type": "string"},
        {"type": "array", "items": {"type": "string", "enum": list("CDHS♣♦♥♠") + ["clubs", "diamonds", "hearts", "spades"]}},
    ]
}
SuitList = Annotated[list[int], BeforeValidator(_suit_list), WithJsonSchema(SUIT_SCHEMA)]
# One suit a pile, in order; a suit may repeat (two decks' foundations).
PileSuits = Annotated[list[int], BeforeValidator(_suit_words), WithJsonSchema(SUIT_SCHEMA), Field(min_length=1)]


class Strict(BaseModel):
    # defer_build: the validators are built on the first validation, not at import; a ruleset read
    # from the cache (ruleset/cache.py) is never validated, so `show` and `solve` skip building them.
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True)


def _rank_list(value: Any) -> Any:
    """Accept ``[A, 2, K]``, ``"A 2 K"`` or ints; give ranks as ints 1..13."""
    if isinstance(value, str) and value not in ("any", "none", "base"):
        words = value.split()
        if len(words) == 1:
            try:
                parse_rank(words[0])
            except CardError:
                raise ValueError(_("{value!r} is not allowed; write any, none, or a list of ranks such as [K]").format(
                    value=value)) from None
        value = words
    if isinstance(value, list):
        return [parse_rank(v) for v in value]  # a CardError is a ValueError: lint reads it as P103
    return value


def _one_rank(value: Any) -> int:
    return parse_rank(value)


RANK_SCHEMA = {
    "anyOf": [
        {"type": "integer", "minimum": 1, "maximum": 13},
        {"type": "string", "enum": ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]},
    ]
}
Rank = Annotated[int, BeforeValidator(_one_rank), WithJsonSchema(RANK_SCHEMA)]
# A list of ranks, also written as one string ("2 5 8").
RankList = Annotated[list[Rank], BeforeValidator(_rank_list)]


class Build(Strict):
    """How a card may be placed on the top card of a non-empty pile."""

    rank: RankRelation = Field(
        "none",
        description="Rank of the new card against the top card: up/down by `step`, either way, "
        "the same rank, any rank, or none (nothing is ever built on this pile).",
    )
    step: int = Field(1, ge=1, le=12, description="How many ranks up or down (1 = next rank; 3 = 2-5-8-J).")
    wrap: bool | Literal["base"] = Field(
        False,
        description="Whether ranks wrap around (K then A going up, A then K going down). `base`: the ranks "
        "run from the group's base round to the rank below it, so they wrap everywhere but there: building "
        "down, nothing goes on a card of the base rank (Canfield as Solvitaire counts it: with an ace base "
        "no king goes on an ace). The base is the one `base_of` names (set by the deal).",
    )
    suit: SuitRelation = Field(
        "any",
        description="Suit of the new card against the top card: any, same suit, other suit, "
        "same colour, or alternate colour (red on black, black on red).",
    )
    match: Literal["both", "either"] = Field(
        "both",
        description="both: the card must follow `rank` and `suit`; either: one of them is enough "
        "(Accordion: the same rank or the same suit).",
    )
    base: RankList | None = Field(
        None,
        description="The pile is built on only when its bottom card has one of these ranks (PA-2: a 2 "
        "lying in row 1); any other card lies there unbuilt. Default: any bottom card.",
    )
    closed_by: RankList | None = Field(
        None,
        description="A top card of one of these ranks takes no card: the pile is closed while it lies "
        "there (Dead King Golf: nothing goes on a king, so a queen does not follow it). Default: none.",
    )


Labels = Annotated[
    list[str],
    WithJsonSchema({"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}),
]

EmptyRule = Annotated[
    Literal["any", "none", "base"] | list[Rank],
    Field(description="What an empty pile takes: `any` card, `none`, a list of ranks (e.g. `[K]`), or `base`: "
          "a card of the group's base rank, the rank of the bottom card of its started piles, set by the "
          "deal or by the first card played there (Canfield's foundations); any card while none is started."),
]




class Grid(Strict, GridView):
    """The group's piles are the cells of a grid, row by row from the top left (KK-1, CZ-1)."""

    rows: int = Field(ge=1, le=9, description="Rows of cells (numbered 1.. from the top in labels).")
    cols: int = Field(ge=1, le=26, description="Columns of cells (lettered a.. from the left in labels).")
    prefix: str = Field(
        "",
        pattern=r"^[a-z]?$",
        description="A letter put before every cell label (`n` gives `na1`), to tell several grids apart.",
    )


class Follows(Strict):
    """A pile of this group may be started only while it has fewer started piles than another group (KK-4)."""

    group: str = Field(description="The group that must be ahead.")
    per: Literal["suit", "all"] = Field(
        "all", description="suit: count only started piles whose bottom card has the arriving card's suit."
    )


class Run(Strict):
    """What moves together as a unit, where that is stricter than what builds (Spider: build down in
    any suit, but move only a run in one suit)."""

    rank: RankRelation | None = Field(
        None, description="Rank of each card against the one below it in a run that moves; default: the build's."
    )
    suit: SuitRelation | None = Field(
        None,
        description="Suit of each card against the one below it in a run that moves (`same`: one suit); "
        "default: the build's.",
    )


class BaseOf(Strict):
    """Whose base rank `empty: base` reads, and how far from it (Agnes Bernauer's and Penguin's
    columns: one rank below the foundations' base)."""

    group: str = Field(description="The group whose base rank counts: the rank of the bottom card of its started piles.")
    offset: int = Field(
        0, ge=-12, le=12,
        description="Ranks above (positive) or below (negative) that base, turning the corner (-1 below an ace is a king).",
    )


class When(Strict):
    """The condition word: a state of the game that a rule waits for, read from the position;
    every part given must hold. It goes on `takes_when` (a group takes cards by moves only while it
    holds), `gives_when` (cards leave a group by moves only while it holds) and `stock.when` (the
    stock deals and is turned back only while it holds). Duchess: nothing leaves the columns and
    the stock is not dealt until the first foundation card is played, `gives_when: {started:
    foundations}` on the tableau and `when: {started: foundations}` on the stock."""

    # The one place where the parts are defined (docs/design.md §6.8): a new part is a field here
    # (its name in GROUP_PARTS when it names a group), a term in engine/gates.py's PARTS and a
    # line of describe.when_words; takes_when, gives_when and stock.when, and the compiled core
    # (core/tables.py `_gate_tables`), then all read it.
    # The parts whose value names a pile group (the loader checks the name, lint P100).
    GROUP_PARTS: ClassVar[tuple[str, ...]] = ("started", "cleared")

    stock: Literal["empty"] | None = Field(
        None, description="empty: only once the stock has no cards left (every deal made).")
    started: str | None = Field(
        None, description="A group id: only once a card lies on one of that group's piles (Duchess: "
        "`started: foundations`, once the first foundation card is played). Read from the position, so a "
        "group whose cards may leave again counts only while it holds one.")
    cleared: str | None = Field(
        None, description="A group id: only once the pile of that group beside the pile the rule is about "
        "is empty, beside meaning at the same place: the first pile of the group reads the first of "
        "GROUP, the second the second, and so on (Free Napoleon: `gives_when: {cleared: reserves}` on two "
        "cells, cell a's card leaves only once reserve x is empty, cell b's once reserve y is). On the "
        "stock, which is no pile of a group, it has no place to read.")

    @model_validator(mode="after")
    def _something(self) -> When:
        if all(getattr(self, name) is None for name in type(self).model_fields):
            parts = ", ".join(f"`{name}`" for name in type(self).model_fields)
            raise ValueError(_("give a condition: one or more of {parts}").format(parts=parts))
        return self

    def named_groups(self) -> list[tuple[str, str]]:
        """(part, group id) for each part given that names a group."""
        return [(part, getattr(self, part)) for part in self.GROUP_PARTS if getattr(self, part) is not None]


class Condition(When):
    """`takes_when`: the condition word (`When`) and the parts about the card a pile takes."""

    pile: Literal["empty"] | None = Field(
        None, description="empty: only while the pile the rule is about is empty (a card or a run goes into "
        "it, and nothing is built on it then).")
    rank_in: str | None = Field(
        None, description="`previous` or a pile's label: a card goes onto a started pile only if a card of "
        "its rank already lies on the pile before it in the group (the group's first pile has none, so "
        "the rule does not hold there), or on the pile named. What an empty pile takes stays `empty`'s "
        "(Osmosis: each foundation takes only ranks already on the one above it).")
    way: Literal["group", "pile"] | None = Field(
        None, description="With `build.rank: up-or-down`: group, once a pile of the group holds two cards, "
        "every pile of the group is built the way that pile went, up or down (Free Napoleon's foundations: "
        "all go the direction the first one took); pile, each pile keeps the way its own first two cards "
        "went. A card that would turn the other way is refused.")
    partners: list[str] | None = Field(
        None, description="One pile label a pile of the group, in order: a card from one of the piles "
        "listed goes only to the pile of this group at its place (the first listed feeds the first pile, "
        "and so on); cards from other piles come as before (Little Spider: `partners: [\"5\", \"6\", \"7\", "
        "\"8\"]` on the four foundations, a lower-row card goes only to the foundation directly above it).")
    unless: When | None = Field(
        None, description="A condition (the condition word's parts) under which `partners` is lifted: every "
        "listed pile then feeds any pile of the group (Little Spider: `unless: {stock: empty}`, once the "
        "stock is out).")
    suits: PileSuits | None = Field(
        None, description="One suit a pile, in order: each pile takes only cards of its suit, a list as "
        "long as the group (Royal Cotillion: `[C, D, H, S]`, a foundation per suit in each row; a suit "
        "may repeat where two decks give a suit two piles).")


class Fill(Strict):
    """An emptied pile is refilled at once from another pile (Canfield's reserve)."""

    from_: str = Field(alias="from", description="The one-pile group whose top card fills the emptied pile.")


class PileGroup(Strict):
    """A group of piles that share every rule: the tableau columns, the free cells, ..."""

    @model_validator(mode="before")
    @classmethod
    def _grid_labels(cls, data: Any) -> Any:
        """A grid makes its own labels and count (one pile per cell)."""
        if isinstance(data, dict) and data.get("grid") is not None and "labels" not in data:
            try:
                grid = Grid.model_validate(data["grid"])
            except Exception:  # noqa: BLE001 - the field validator reports it with its path
                # The grid's error is the root one: labels it would have made are not asked for.
                return dict(data, labels=[])
            data = dict(data, labels=grid.labels(), count=data.get("count", grid.rows * grid.cols))
        if isinstance(data, dict) and isinstance(data.get("shape"), list) and "labels" not in data:
            try:  # a shape, too, makes its labels and count (one pile per card drawn)
                made = shape_labels([str(row) for row in data["shape"]])
            except ValueError:  # the field validator reports it with its path
                made = []
            data = dict(data, labels=made, count=data.get("count", max(len(made), 1)))
        return data

    role: Role = Field(
        description="What the group is for: stock, waste, tableau, foundation, cell, reserve or discard. "
        "Roles decide the drawing, the free-cell count of `run_limit`, and the default win."
    )
    names: dict[str, Name] = Field(
        default_factory=dict,
        description="The group's name by language code, for the board and the rules text "
        "(`{pl: rząd 1}`); default: its id in English, its role's name in other languages. The English "
        "rules text heads the group's line with its id and its role's name (`trunk (reserve, 1 pile: r)`) "
        "and uses the role's name in its sentences.",
    )
    count: int = Field(1, ge=1, le=MAX_PILES, description="How many piles the group has.")
    labels: Labels = Field(
        description="One short label per pile, used in the move notation (`1`..`8`, `a`..`d`, `h1`). "
        "Lowercase letters and digits, at most 3 characters, unique within the ruleset."
    )
    shared_label: str | None = Field(
        None,
        description="One label for the whole group: as a target it means the first pile that takes "
        "the card (`7h`); as a source, the one pile whose card fits.",
    )
    build: Build = Field(default_factory=Build, description="How cards are built on a non-empty pile.")
    empty: EmptyRule = "none"
    empty_builds_on: Literal["left"] | None = Field(
        None,
        description="left (a grid): an empty cell takes only a card that builds (`build`) on the card in the "
        "cell before it in its row, and nothing while that cell is empty; a row's first cell takes what "
        "`empty` says (Gaps: the card one rank above, in suit; a 2 at a row's start). Default: every empty "
        "pile takes what `empty` says.",
    )
    empty_from: list[str] | None = Field(
        None,
        min_length=1,
        description="The groups an empty pile of this group takes cards from, first to last: only from the "
        "first of them that has a card on one of its piles (Duchess: `[reserve, waste]`, a space is filled "
        "from the reserve while it has cards, and from the waste only once the reserve is empty). "
        "Default: from any group that may send cards here.",
    )
    empty_takes: Literal["run", "one"] = Field(
        "run",
        description="How many cards an empty pile takes in one move: run, a card or any run that may move "
        "there (the default); one, a single card only, while runs still move onto cards (Martha).",
    )
    build_takes: Literal["run", "one"] = Field(
        "run",
        description="How many cards a started pile takes in one move: run, a card or any run that may move "
        "there (the default); one, a single card only, while runs still move into empty piles (Forty-Nine: "
        "`move: run`, `build_takes: one`, a run goes whole only into a space).",
    )
    move: MoveRule = Field(
        "none",
        description="What may leave a pile: none, the top card, a built run (whole or its upper part), "
        "any face-up card with everything above it, or alone: the top card only while it is the "
        "pile's only card (PA-4: a pile with cards built on it stays), or pile: the whole pile, its top "
        "card fitting the target's top card, onto a pile `reach` names (Accordion), or top-or-run: the top "
        "card alone or the whole built run on top of the pile, nothing between (Duchess, Canfield as the "
        "books give it: a top card, or a whole pile moved as a unit).",
    )
    run_limit: RunLimit = Field(
        "none",
        description="Largest run moved at once: none (no limit), supermove = (free cells + 1) × 2^(empty "
        "columns), cells-plus-columns = free cells + empty columns + 1 (FC-5). An empty pile counts only "
        "if every card moved through it could enter it and go on to the target (an empty column that "
        "takes only kings carries nothing of a run built down); the target does not count.",
    )
    to: list[str] | None = Field(
        None, description="Groups this group's cards may go to; default: any group whose rules take them."
    )
    max_cards: int | None = Field(
        None, ge=1, le=MAX_CARDS, description="Most cards a pile may hold (1 for a free cell; at most every card). "
        "A stock turn stops at a full target too: a waste of `max_cards: 1` holding a card refuses the "
        "stock until the card is played (Sir Tommy's hand); a deal onto several piles passes over full ones."
    )
    turn_up: Literal["auto", "never"] = Field(
        "auto", description="auto: a face-down top card that a move leaves turns face up at once, not as a "
        "move (KL-4). The deal turns nothing up: a pile it leaves with a face-down top card keeps it until "
        "a `fill` takes the card (lint P107 otherwise: deal the top card face up, `face: top-up`)."
    )
    prefer: RankList = Field(
        default_factory=list,
        description="Ranks that belong here first: a card of these ranks may go into an empty pile of "
        "another group only while no pile of this group is empty, and not from a pile of this group it "
        "lies alone in, which is a place here already (PA-3).",
    )
    grid: Grid | None = Field(
        None,
        description="The piles are the cells of a rows × cols grid (labels and count are then made: "
        "`<prefix><column letter><row number>`, `a1` top left). Cells have neighbours (for `remove`) "
        "and lanes (for `free: clear-lane` or `clear-end` and `actions.close_up`); keys never sort them.",
    )
    orient: Literal["upright", "checker"] = Field(
        "upright",
        description="How the cards of a grid lie: all upright, or checker: upright where row + column "
        "is even, sideways where it is odd (KK-1).",
    )
    shape: list[str] | None = Field(
        None,
        description="The piles are cards of an overlapping layout drawn as a picture, one string per row, "
        "top row first, each card written `[]` where it lies (a card one character aside lies half a card "
        "over): a triangle of seven rows, three peaks on one base. A card covers the cards of the row above that it overlaps. Labels and "
        "count are made: `<place letter><row number>`, `a1` the leftmost card of the top row. Cards "
        "that overlap nothing are a picture of separate piles (Four Seasons' cross): each may hold a pile, "
        "drawn by its top card alone, with no count.",
    )
    free: Literal["all", "clear-lane", "clear-end", "uncovered"] = Field(
        "all",
        description="Which piles are open to play from: all, or clear-lane: a grid card whose short end "
        "faces a clear lane to the edge (upright: every cell above or every cell below is empty; "
        "sideways: every cell left or right; KK-2), or clear-end: a grid card one of whose short ends "
        "touches no card (the next cell that way is empty, or the card lies at the edge; Crazy Quilt), "
        "or uncovered: a `shape` card once no card covers it (a face-down card there turns up then, "
        "with `turn_up: auto`).",
    )
    follows: Follows | None = Field(
        None,
        description="A pile of this group may be started only while the group has fewer started piles "
        "(of the arriving card's suit, with `per: suit`) than `group` has (KK-4: a 5 after an A).",
    )
    run: Run | None = Field(
        None,
        description="What moves together (with `move: run`) when that is stricter than `build`: the cards "
        "of a moving run must also follow this rule, card on card (Spider: `{suit: same}`). Default: "
        "any run built under `build`.",
    )
    unit: int | None = Field(
        None,
        ge=2,
        le=MAX_CARDS,
        description="Cards enter this group's piles only n at a time, as one run that moves together "
        "(Spider's foundations: 13, a whole suit from king to ace). Default: any number that may move.",
    )
    prefill: RankList = Field(
        default_factory=list,
        description="Before the shuffle, one card of each of these ranks per suit (♣ ♦ ♥ ♠) is taken out "
        "of the pack and put on this group's piles in order, one card each (DY-1).",
    )
    prefill_suit: Literal["each", "first", "clubs", "diamonds", "hearts", "spades"] = Field(
        "each",
        description="each: `prefill` takes one card of every suit per rank (DY-1); first: one card per rank, "
        "the first of that rank in the shuffled pack, whatever its suit (Calculation's A, 2, 3, 4); a suit: "
        "the card of that suit per rank, taken out before the shuffle (Black Hole's A♠; with several ranks, "
        "one card of that suit each: `prefill: [9, K, 5]` with `prefill_suit: clubs`).",
    )
    prefill_rank: Literal["first"] | None = Field(
        None,
        description="first: after the shuffle, every card of the rank of the pack's first card is taken out "
        "and put on this group's piles, one a pile, in suit order (♣ ♦ ♥ ♠, deck by deck), before the deal "
        "steps; the rest keep their order (Free Napoleon: `prefill_rank: first` on four foundations, the "
        "base rank's four cards home at the deal). The group has one pile per card of a rank: four a deck. "
        "Default: none.",
    )
    empty_colour: Literal["by-rank"] | None = Field(
        None,
        description="by-rank: the colour of a card an empty pile takes goes with its rank: once a pile of "
        "the group is started, a card of its bottom card's rank starts a pile only in that colour, and a "
        "card of any other rank only in the other colour (Little Spider: `empty: [A, K]`, two aces of one "
        "colour and two kings of the other, whichever comes first). Default: `empty` alone decides.",
    )
    reach: list[Annotated[int, Field(ge=1, le=MAX_PILES)]] = Field(
        default_factory=list,
        description="With `move: pile`: a pile moves only onto the pile so many places before it in this "
        "group, counting only piles with cards (Accordion: `[1, 3]`, the next pile to the left or the "
        "third). Default: none.",
    )
    base_of: BaseOf | None = Field(
        None,
        description="With `empty: base` or `build.wrap: base`: the base rank is read from another group, "
        "`offset` ranks from its base (Agnes Bernauer, Penguin: a column space takes the rank below the "
        "foundations' base). Default: the group's own base.",
    )
    takes_when: Condition | None = Field(
        None,
        description="The group's piles take cards by moves only while this holds: `{stock: empty}`, once "
        "the stock is dealt out (Little Spider's building); `{pile: empty}`, only into an empty pile, "
        "one card or a run built under `build`, with nothing built on it after; both (Miss Milligan's "
        "reserve: `takes_when: {stock: empty, pile: empty}`); `{rank_in: previous}` or `{rank_in: LABEL}`, "
        "a card of a rank already on the pile before it or on that pile (Osmosis); `{suits: [C, D, H, S]}`, "
        "each pile only its own suit (Royal Cotillion); `{started: GROUP}`, once a card lies on that "
        "group (the condition word's parts, as in `gives_when`). The deal and the stock's own deals still "
        "put cards here. Default: always.",
    )
    gives_when: When | None = Field(
        None,
        description="Cards leave the group's piles by moves only while this holds (the condition word, "
        "`When`): `{started: foundations}`, once a card lies on the foundations (Duchess: the columns "
        "wait for the first foundation card); `{stock: empty}`, once the stock is dealt out; `{cleared: "
        "reserves}`, once the pile beside it in that group is empty (Free Napoleon's cells). Default: always.",
    )
    fill: Fill | None = Field(
        None,
        description="A pile of this group that a move empties is refilled at once, as part of that move, "
        "with the top card of the one-pile group `from` while it has cards (Canfield, Storehouse: the "
        "reserve). Once `from` is empty, `empty` says what the pile takes. Fills chain: when that takes "
        "the last card of `from` and `from` has a `fill` of its own, it is refilled in turn, in the same "
        "move (Windmill: `fill: {from: waste}` on the reserves and `fill: {from: stock}` on the waste: a reserve "
        "takes the waste's last card, and the waste the stock's top card). The fill takes `from`'s top "
        "card whatever `from`'s own `move` allows and whether it lies face up or down: it lands face up, "
        "and the card under it turns up (Eagle Wing's trunk, dealt face down with `move: alone`: its cards "
        "leave only to fill a wing, and its last card by a move too).",
    )

    @field_validator("shape")
    @classmethod
    def _shape_drawn(cls, rows: list[str] | None) -> list[str] | None:
        if rows is not None:
            shape_places(rows)  # a reason for a picture that is not cards and spaces
        return rows

    @field_validator("labels", mode="before")
    @classmethod
    def _split_labels(cls, value: Any) -> Any:
        if isinstance(value, str):
            return value.split()
        if isinstance(value, list):
            return [str(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in value]
        return value

    @field_validator("empty", mode="before")
    @classmethod
    def _empty_ranks(cls, value: Any) -> Any:
        return _rank_list(value)

    @field_validator("labels")
    @classmethod
    def _check_labels(cls, value: list[str]) -> list[str]:
        for label in value:
            if not LABEL_PATTERN.match(label):
                raise ValueError(_("label {label!r} must be 1-3 lowercase letters or digits").format(label=label))
        return value

    @field_validator("shared_label")
    @classmethod
    def _check_shared(cls, value: str | None) -> str | None:
        if value is not None and not LABEL_PATTERN.match(value):
            raise ValueError(_("label {label!r} must be 1-3 lowercase letters or digits").format(label=value))
        return value

    @model_validator(mode="after")
    def _labels_match_count(self) -> PileGroup:
        if len(self.labels) != self.count:
            raise ValueError(_("{labels} labels for {count} piles; give one label per pile").format(
                labels=len(self.labels), count=self.count))
        return self

    @model_validator(mode="after")
    def _pile_moves_reach(self) -> PileGroup:
        if (self.move == "pile") != bool(self.reach):
            raise ValueError(_("`move: pile` and `reach` go together: a whole pile moves only onto a pile "
                               "`reach` names"))
        return self


class Skip(Strict):
    """Cards a deal step does not leave where they fall: each goes elsewhere, and the pile it fell to
    takes the next card instead (Frog's aces, Nestor's repeated ranks, Penguin's beak)."""

    ranks: RankList = Field(
        default_factory=list, description="Cards of these ranks are skipped (Frog: `[A]`, home at once).")
    same_rank: Literal["pile", "first"] | None = Field(
        None,
        description="pile: a card of a rank its pile already holds is skipped (Nestor: no two cards of a rank "
        "in a column); first: a card of the rank of the first card this step deals, that card excepted "
        "(Penguin's beak: the other three of its rank go home).",
    )
    to: str | None = Field(
        None,
        description="The group skipped cards go to, one a pile in order (all onto it when it has one pile). "
        "A later step must then take the `rest`, since how many cards the step uses depends on the shuffle; "
        "or the step is the deal's last, so that its places and the most it may skip add up to the pack: once "
        "its places are full, a pack holding only cards it skips goes there too "
        "(Penguin: 49 places and the beak's three fellows). "
        "Default: they are put aside and go back on top of the pack when the step is done, in the order put "
        "aside, for the next steps; while the step still wants cards and the pack is out, it takes the first "
        "card put aside that fits (docs/deals.md says what happens when none does).",
    )


class DealStep(Strict):
    """Cards taken from the top of the shuffled deck onto a group of piles."""

    to: str = Field(description="The group that receives the cards.")
    count: int | list[int] | Literal["rest"] = Field(
        description="Cards per pile: one number for every pile, a list with one number per pile, or "
        "`rest` (every card left, onto a single pile)."
    )
    face: Face | list[CardFace] = Field(
        "up",
        description="up, down, or top-up (only each pile's top card face up); or a list, one face per card "
        "each pile gets from this step, bottom first (Martha: `[down, up, down, up]`). Faces are kept card by "
        "card, so a pile's face-down and face-up cards may alternate: a face-down card turns up when it "
        "becomes its pile's top card (with `turn_up: auto`), and the face-up cards under it move again only "
        "then, as the cards above them do.",
    )
    order: Literal["rows", "piles"] = Field(
        "rows",
        description="rows: one card to each pile that still wants one, row after row (the usual "
        "way); piles: fill each pile before the next.",
    )
    bottom: RankList = Field(
        default_factory=list,
        description="After this step, the cards of these ranks in each pile it dealt go to the bottom of "
        "that pile, keeping their order, the others above them in theirs (Baker's Dozen: `[K]`).",
    )
    skip: Skip | None = Field(
        None,
        description="Cards this step does not place where they fall (Frog: `skip: {ranks: [A], to: "
        "foundations}`, thirteen non-aces to the reserve and each ace met on the way home; Nestor: `skip: "
        "{same_rank: pile}`; Penguin: `skip: {same_rank: first, to: foundations}`). Default: every card stays where it falls.",
    )
    play_to: str | None = Field(
        None,
        description="A group that takes cards as they are dealt: each card this step deals goes instead onto the "
        "first pile of that group whose rules take it (its build, empty, `max_cards` and `takes_when` rules, as "
        "for a move, on the position dealt so far), and the pile whose turn it was gets no card that turn, so its piles may end shorter "
        "(Citadel: `play_to: foundations`, a card that fits a foundation goes there as dealt). With a `skip` "
        "that has a `to`, skipped cards go there first and the pile takes the next card, as `skip` says; only "
        "the others are offered to this group (Citadel as some books deal it: `skip: {ranks: [A], to: "
        "foundations}`, an ace home is replaced, a 2 home is not). Default: none.",
    )

    @field_validator("count")
    @classmethod
    def _non_negative(cls, value: Any) -> Any:
        counts = value if isinstance(value, list) else [value] if isinstance(value, int) else []
        if any(c < 0 for c in counts):
            raise ValueError(_("card counts cannot be negative"))
        if any(c > MAX_CARDS for c in counts):
            raise ValueError(_("at most {most} cards per pile: {decks} decks hold no more").format(
                most=MAX_CARDS, decks=MAX_DECKS))
        return value


class Deal(Strict):
    """How a deal number becomes a layout."""

    shuffle: Literal["patience", "microsoft"] = Field(
        "patience",
        description="patience: our documented shuffle (docs/deals.md); microsoft: Microsoft's classic "
        "numbered deals (one deck, numbers 1 to 2^31-1; rule FC-6).",
    )
    key: str | None = Field(
        None,
        max_length=MAX_ID,
        description="Rulesets with the same key deal the same cards for the same number "
        "(variants share deals). Default: the ruleset id.",
    )
    steps: list[DealStep] = Field(min_length=1, description="The deal, in order.")


class Stock(Strict):
    """The stock: where its cards go when the player turns or deals it, and how often it goes round."""

    pile: str = Field(description="The group (of one pile) that holds the stock.")
    to: str = Field(
        description="Where stock cards go: onto a one-pile group `draw` cards at a time, or one card "
        "onto each pile of a larger group, empty piles too, whatever their `empty` takes (Agnes Sorel, "
        "Spider); a full pile (`max_cards`) is passed over."
    )
    draw: int = Field(1, ge=1, le=52, description="Cards turned at a time onto a one-pile group; onto a larger "
                      "group, cards dealt onto each pile, one round of one card a pile after another (Algerian: "
                      "2 onto each reserve pile).")
    last_to: str | None = Field(
        None,
        description="When the stock holds just as many cards as this group has piles, a deal puts them one onto "
        "each of its piles instead (Algerian: `last_to: tableau`, its last eight cards one onto each column). "
        "Default: every deal goes to `to`.",
    )
    requires: Literal["nothing", "no-empty"] = Field(
        "nothing",
        description="no-empty: the stock may not be dealt while a pile it deals onto is empty (Spider: "
        "fill every column first). Default: nothing stops a deal.",
    )
    when: When | None = Field(
        None,
        description="The stock may be dealt, and turned over again, only while this holds (the condition "
        "word, `When`): `{started: foundations}`, once a card lies on the foundations (Duchess). "
        "Default: always.",
    )
    redeals: int | Literal["unlimited"] = Field(
        0,
        description=f"How often the waste may be turned back into the stock: a number (0 = one pass, at most "
        f"{MAX_USES}) or unlimited.",
    )

    @field_validator("redeals")
    @classmethod
    def _non_negative(cls, value: Any) -> Any:
        if isinstance(value, int) and value < 0:
            raise ValueError(_("redeals cannot be negative"))
        if isinstance(value, int) and value > MAX_USES:
            raise ValueError(_("at most {most}; say unlimited for more").format(most=MAX_USES))
        return value


class ScoreRule(Strict):
    """Points for one kind of event."""

    when: Literal["move", "turn_up", "redeal", "deal"] = Field(
        description="The event that scores: a card move, a card turned up, a redeal, or a deal from the stock."
    )
    from_: str | None = Field(None, alias="from", description="Only moves from this group.")
    to: str | None = Field(None, description="Only moves to this group.")
    points: int = Field(
        ge=-MAX_POINTS,
        le=MAX_POINTS,
        description=f"Points for each card moved (or each event); negative to deduct. At most {MAX_POINTS:,} "
        "either way, so that a game's score always fits the statistics.",
    )
    per: Literal["card", "move"] = Field(
        "card",
        description="For moves: card = the points for each card moved; move = once per move, however many "
        "cards it carries (Spider: -1 a move, 100 for a suit sent home).",
    )


class Scoring(Strict):
    """Points as ruleset data (KL-8)."""

    floor: int | None = Field(
        None, ge=-MAX_FLOOR, le=MAX_FLOOR, description=f"The score never goes below this (KL-8: 0); within ±{MAX_FLOOR:,}."
    )
    start: int = Field(
        0, ge=-MAX_FLOOR, le=MAX_FLOOR, description="The score a game begins with (Vegas: -52 for the pack; Spider: 500)."
    )
    carry: bool = Field(
        False,
        description="The score carries from game to game (Vegas's running total): `patience stats GAME` adds up "
        "the recorded scores since the player last said `--reset-total`.",
    )
    rules: list[ScoreRule] = Field(default_factory=list, description="The events that score, added up.")


class Left(Strict):
    """Exactly so many cards lie in some groups (CZ-4: one per arm)."""

    count: int = Field(ge=0, le=MAX_CARDS, description="How many cards.")
    in_: list[str] = Field(alias="in", min_length=1, description="The groups counted.")
    per: Literal["all", "group"] = Field(
        "all", description="all: counted over the groups together; group: in each group."
    )


class WinClass(Strict, WinClassView):
    """One named way to win (CZ-4's first and second class)."""

    id: str = Field(pattern=ID_PATTERN, max_length=MAX_ID, description="Short id, e.g. `first`.")
    name: Name = Field(description="The class in English, e.g. `first class`.")
    names: dict[str, Name] = Field(default_factory=dict, description="The class by language code (`pl`).")
    all_cards_in: list[str] = Field(default_factory=list, description="Every card lies in these groups.")
    full: list[str] = Field(default_factory=list, description="Every non-empty pile of these groups is full.")
    left: Left | None = Field(None, description="Exactly so many cards lie in these groups.")


class Win(Strict, WinView):
    """When the game is won."""

    all_cards_in: list[str] = Field(
        default_factory=list, description="Won when every card lies in these groups."
    )
    full: list[str] = Field(
        default_factory=list,
        description="And every pile of these groups that holds cards is full (holds its group's "
        "`max_cards`): PA-6's complete piles, with places left empty in a one-deck game.",
    )
    row_runs: list[str] = Field(
        default_factory=list,
        description="And in each row of these grid groups the cards lie in one run from the row's first "
        "cell, with no gap inside it: the first a card the empty first cell takes (`empty`), each next "
        "one built on the one before (`build`) (Gaps: each row 2 to K of one suit).",
    )
    classes: list[WinClass] = Field(
        default_factory=list,
        description="Instead of the keys above: named win classes, best first (CZ-4). The first ends "
        "the game when it holds; the others are judged only when no move is left, and the result is "
        "the best class that holds (otherwise lost).",
    )

    @model_validator(mode="after")
    def _one_form(self) -> Win:
        if self.classes and (self.all_cards_in or self.full or self.row_runs):
            raise ValueError(_("give either `classes` or `all_cards_in`/`full`, not both"))
        if not self.classes and "all_cards_in" not in self.model_fields_set:
            raise ValueError(_("say `all_cards_in` (or give `classes`)"))
        for c in self.classes:
            if not c.all_cards_in and c.left is None:
                raise ValueError(_("win class {id!r} needs `all_cards_in` or `left`").format(id=c.id))
        return self


class Discard(Strict):
    """Cards of some ranks leave play the moment they come face up (PA-1's aces)."""

    ranks: RankList = Field(min_length=1, description="The ranks that are put out, e.g. `[A]`.")
    to: str = Field(description="The group (of one pile) they go to. They are no dead end: that group's `move` "
                    "and `to` say where they may play on from there (a pile of put-out aces that plays to the "
                    "foundations: `move: top, to: [foundations]`); `move: none` keeps them there.")


class Action(Strict):
    """What every player action has: a label in the notation, and how often it may be used."""

    uses: int | Literal["unlimited"] = Field(
        "unlimited",
        description=f"How many times per game the action may be used (CR-4's swap: 1), at most {MAX_USES}, or unlimited.",
    )
    label: str = Field(description="The action's label in the move notation (e.g. `c` for a close-up).")

    @field_validator("uses")
    @classmethod
    def _positive(cls, value: Any) -> Any:
        if isinstance(value, int) and value < 1:
            raise ValueError(_("uses must be at least 1, or unlimited"))
        if isinstance(value, int) and value > MAX_USES:
            raise ValueError(_("at most {most}; say unlimited for more").format(most=MAX_USES))
        return value

    @field_validator("label")
    @classmethod
    def _check_label(cls, value: str) -> str:
        if not LABEL_PATTERN.match(value):
            raise ValueError(_("label {label!r} must be 1-3 lowercase letters or digits").format(label=value))
        return value


class Swap(Action):
    """A player action: exchange any two cards lying in some groups, at any depth (CR-4)."""

    within: list[str] = Field(min_length=1, description="The groups whose cards may be exchanged.")
    label: str = Field(
        description="The action's label in the move notation: `x03.1-17.3` swaps card 1 of pile 03 "
        "with card 3 of pile 17, cards counted from the bottom."
    )


class CloseUp(Action):
    """A player action: cards slide along lanes toward one end, then gaps are refilled (CZ-3)."""

    groups: list[str] = Field(min_length=1, description="The grid groups that close up.")
    lanes: Literal["rows", "cols", "all"] = Field(
        "rows", description="The lanes cards slide along: rows, columns, or all = the whole grid in reading order."
    )
    toward: Literal["first", "last"] = Field(
        "first", description="first: toward the first cell of each lane (column a, row 1); last: the other end."
    )
    refill: str | None = Field(
        None,
        description="A one-pile group whose top cards then fill the empty places, group by group, lane "
        "by lane, the place nearest `toward` first, while it lasts.",
    )


class Reshuffle(Action):
    """A player action: gather the cards of some groups, shuffle them (or not) and deal them out again."""

    groups: list[str] = Field(min_length=1, description="The groups whose cards are gathered and dealt again.")
    per_pile: int | None = Field(
        None, ge=1, le=52,
        description="Cards dealt face up onto each pile, pile by pile in order; the last pile dealt to gets "
        "what is left, and the piles after it none (La Belle Lucie: fans of 3). Needed unless `to` is given.",
    )
    to: str | None = Field(
        None,
        description="A one-pile group (the stock) the gathered cards go onto face down instead of being dealt "
        "again, the first card gathered on top, so dealt first; allowed only while that pile is empty and, when "
        "it is the stock, so is the one pile the stock turns onto, unless that is gathered too (Puss in the Corner: `reshuffle: {label: rd, "
        "groups: [corners], to: stock, shuffle: false, uses: 1}`, the four piles turned back into the stock "
        "once). Default: the cards are dealt back onto the groups' piles, `per_pile` a pile.",
    )
    keep: Literal["none", "row-runs"] = Field(
        "none",
        description="row-runs (grid groups, one card a cell): each row's run from its first cell (a card its "
        "empty first cell would take, then cards built on it, `build`) stays; the other cards are gathered "
        "and dealt one a cell into the cells after the runs, row by row, leaving the cell just after each "
        "run empty (Gaps' redeal). none: every card is gathered.",
    )
    shuffle: bool = Field(
        True,
        description="false: the cards are not shuffled but picked up in order, pile by pile from the first "
        "pile of the first group, each pile from its bottom card up, and dealt again in that order, "
        "`per_pile` a pile, each pile keeping the order of its cards (Cruel: `reshuffle: {label: rd, groups: "
        "[tableau], per_pile: 4, shuffle: false}`; a redeal with no card moved since the last gives the same "
        "layout). A redeal that changes nothing does not keep a game in progress, and with `uses: unlimited` "
        "it is refused.",
    )


class Actions(Strict):
    """Player actions besides moving cards; each is listed and numbered like a move."""

    swap: Swap | None = Field(None, description="Exchange two cards of the layout (CR-4).")
    close_up: CloseUp | None = Field(
        None, description="Slide cards along lanes toward one end, then refill the gaps (CZ-3)."
    )
    reshuffle: Reshuffle | None = Field(
        None,
        description="Gather, shuffle and deal out again the cards of some groups, a limited number of times "
        "(La Belle Lucie: twice). The shuffle is fixed by the deal number and the uses made, so a game "
        "replays exactly.",
    )


class Remove(Strict):
    """A set move: free cards that match go out together (CZ-2's pairs, Pyramid's 13s)."""

    same: Literal["rank"] | None = Field(None, description="rank: the cards have the same rank.")
    sum: int | None = Field(None, ge=1, le=52, description="The cards' ranks add up to this (A = 1, K = 13).")
    outranked: Literal["suit"] | None = Field(
        None,
        description="suit: one card goes out alone while a higher card of its suit lies on top of another "
        "pile of `from` (Aces Up). Give `cards: 1`.",
    )
    aces: Literal["low", "high"] = Field(
        "low", description="For `outranked`: low, an ace is below a 2; high, an ace is above a king (Aces Up)."
    )
    cards: list[int] = Field(
        default_factory=lambda: [2],
        description="How many cards make a set: 1 or 2, or a list (`[1, 2]`: a K alone sums to 13).",
    )
    from_: list[str] = Field(alias="from", min_length=1, description="The groups whose free top cards may be taken.")
    adjacent: Literal[0, 4, 8] = Field(
        0,
        description="0: anywhere; 4: the cells touch by a side; 8: by a side or a corner. Always within "
        "one grid, so separate groups never touch (CZ-2).",
    )
    to: str = Field(description="The one-pile group the cards go to.")

    @field_validator("cards", mode="before")
    @classmethod
    def _cards(cls, value: Any) -> Any:
        return [value] if isinstance(value, int) else value

    @field_validator("cards")
    @classmethod
    def _one_or_two(cls, value: list[int]) -> list[int]:
        if not value or any(n not in (1, 2) for n in value):
            raise ValueError(_("a set is 1 or 2 cards"))
        return value

    @model_validator(mode="after")
    def _one_match(self) -> Remove:
        if sum(x is not None for x in (self.same, self.sum, self.outranked)) != 1:
            raise ValueError(_("say one of `same: rank`, `sum: N` or `outranked: suit`"))
        if self.outranked and self.cards != [1]:
            raise ValueError(_("an outranked card goes out alone: give `cards: 1`"))
        return self


class Assists(Strict):
    """What the terminal game does for the player unless told otherwise; never changes what is legal."""

    autoplay: bool = Field(
        False,
        description="Send safe cards to the foundations after every move: cards that no card still "
        "outside the foundations could be built on, sent where no other move needs the place "
        "(docs/play.md, \"Assists\"). `patience play --autoplay` turns it on.",
    )
    autofinish: bool = Field(
        True,
        description="When foundation moves alone can win the game, play them to the end (FC-7).",
    )


def _known_family(value: str) -> str:
    if value not in family_ids():
        raise ValueError(_("{value!r} is not a family; write one of: {families}").format(
            value=value, families=", ".join(family_ids())))
    return value


class _FamilySchema:
    """The JSON Schema of `family`, read from families.yaml when a schema is asked for, not at
    import: a ruleset read from the cache (ruleset/cache.py) then needs no YAML parser."""

    def __get_pydantic_json_schema__(self, core_schema: Any, handler: Any) -> dict[str, Any]:
        return {"type": "string", "enum": list(family_ids())}


# The families of the catalogue come from data (ruleset/families.yaml): they are named after games.
Family = Annotated[str, AfterValidator(_known_family), _FamilySchema()]


class Ruleset(Strict, RulesetView):
    """One patience game."""

    id: str = Field(
        pattern=ID_PATTERN,
        max_length=MAX_ID,
        description=f"Lowercase kebab-case id, e.g. `bakers-game`; at most {MAX_ID} characters (saved games are "
        "files named after it).",
    )
    name: Name = Field(description=f"Display name in English, at most {MAX_NAME} characters.")
    names: dict[str, Name] = Field(default_factory=dict, description="Display names by language code (`pl`).")
    aliases: list[Name] = Field(default_factory=list, description="Other names players may type.")
    family: Family = Field(
        "other",
        description="The family of games it belongs to, for `patience list --family` and the catalogue "
        "(docs/design.md §8 says which games each family holds).",
    )
    rules: dict[str, str] = Field(default_factory=dict, description="The rules in prose, by language code.")
    decks: int = Field(1, ge=1, le=MAX_DECKS, description="How many 52-card decks.")
    suits: SuitList | None = Field(
        None,
        description="The suits the pack is made of, when not all four: each 52-card deck then holds its 13 ranks "
        "in these suits only, repeated (Spider one suit: `[S]`, 8 × A..K of spades in two decks; two "
        "suits: `[H, S]`). One, two or four suits. Default: all four.",
    )
    deal: Deal = Field(description="How a deal number becomes a layout (docs/deals.md).")
    piles: dict[str, PileGroup] = Field(min_length=1, description="Pile groups by id, in display order.")
    stock: Stock | None = Field(None, description="The stock and how it is dealt; omit when there is none.")
    scoring: Scoring | None = Field(None, description="Points for events; omit for unscored games.")
    discard: Discard | None = Field(
        None, description="Ranks put out of play the moment they come face up, at the deal and at stock deals."
    )
    actions: Actions = Field(default_factory=Actions, description="Player actions besides card moves.")
    remove: list[Remove] = Field(
        default_factory=list, description="Set moves: matching free cards go out together (CZ-2)."
    )
    win: Win | None = Field(None, description="When the game is won; default: every card on the foundations.")
    assists: Assists = Field(default_factory=Assists, description="Help the terminal game gives by default.")
    undo_counts_as_move: bool = Field(
        False,
        description="Each undo and redo is one more move on the game's move count (FC-7). Otherwise an undo "
        "takes its move back off the count, and a redo puts it on again.",
    )


Path = tuple[str | int, ...]


class Problem(NamedTuple):
    """A whole-ruleset problem: where, what (in the chosen language), and its kind, which lint
    turns into a code (undefined, label, id, deal, stock, nowin, other)."""

    path: Path
    message: str
    kind: str


def reference_problems(ruleset: Ruleset) -> list[Problem]:
    """Checks that need the whole ruleset: names of groups, labels, counts. Empty when sound."""
    groups = ruleset.piles
    problems: list[Problem] = []

    def need(name: str | None, path: Path) -> None:
        if name is not None and name not in groups:
            problems.append(Problem(path, _("no pile group {name!r}; the groups are {groups}").format(
                name=name, groups=", ".join(groups)), "undefined"))

    starts = {label[:1] for group in groups.values() for label in group.labels}

    def label_used(path: Path, label: str, by: str, more: int = 0) -> None:
        message = _("label {label!r} is already used by {group}").format(label=label, group=by)
        if more:
            message += ngettext(" (and {n} more of these labels)", " (and {n} more of these labels)", more).format(n=more)
        free = next((c for c in "abcdefghijklmnopqrstuvwxyz" if c not in starts), None)
        if free is not None:  # what would be right: a letter no label starts with
            message += "; " + _("each label names one pile: start these with a letter no other label starts with, "
                                "such as {letter!r}").format(letter=free)
        if groups[by].grid is not None and not groups[by].grid.prefix:
            message += "; " + _("or name {group}'s cells from a letter of their own with `grid.prefix`").format(group=by)
        problems.append(Problem(path, message, "label"))

    def not_a_grid(path: Path, name: str) -> None:
        problems.append(Problem(path, _("group {name!r} is no grid, so its cells have no lanes or neighbours").format(
            name=name), "other"))

    def one_pile(path: Path, message: str) -> None:
        problems.append(Problem(path, message, "other"))

    seen: dict[str, str] = {}
    shared: set[str] = set()
    for gid, group in groups.items():
        if not re.match(ID_PATTERN, gid) or len(gid) > MAX_ID:
            problems.append(Problem(("piles", gid), _("group ids are lowercase kebab-case, e.g. `free-cells`, of at "
                                                      "most {most} characters").format(most=MAX_ID), "id"))
        clashes = []  # (label, the group that has it)
        for label in group.labels:
            if label in seen:
                clashes.append((label, seen[label]))
            seen[label] = gid
        if clashes:  # said once per group, naming the first: a grid's 64 cells would say it 64 times
            label_used(("piles", gid, "labels"), *clashes[0], len(clashes) - 1)
        if group.shared_label:
            other = seen.get(group.shared_label)
            # Several groups may share one shared label (KK's 32 foundations in four groups).
            if other is not None and group.shared_label not in shared:
                label_used(("piles", gid, "shared_label"), group.shared_label, other)
            seen[group.shared_label] = gid
            shared.add(group.shared_label)
        for i, target in enumerate(group.to or []):
            need(target, ("piles", gid, "to", i))
        if group.follows:
            need(group.follows.group, ("piles", gid, "follows", "group"))
        if group.prefill_rank and group.prefill:
            problems.append(Problem(("piles", gid, "prefill_rank"), _(
                "`prefill_rank` and `prefill` both fill {group}'s piles before the deal; keep one").format(group=gid),
                "other"))
        elif group.prefill_rank and group.count != 4 * ruleset.decks:
            problems.append(Problem(("piles", gid, "prefill_rank"), _(
                "`prefill_rank` puts the {cards} cards of a rank on {group}, one a pile, but it has {piles} piles; "
                "give it {cards}").format(cards=4 * ruleset.decks, group=gid, piles=group.count), "other"))
        if group.prefill and group_prefilled(group) != group.count:
            problems.append(Problem(("piles", gid, "prefill"), _(
                "{cards} prefilled cards (one per suit and rank) for {piles} piles; give one pile per card").format(
                cards=group_prefilled(group), piles=group.count), "other"))
        if group.base_of:
            need(group.base_of.group, ("piles", gid, "base_of", "group"))
        for i, source in enumerate(group.empty_from or []):
            need(source, ("piles", gid, "empty_from", i))
        for key, when in (("takes_when", group.takes_when), ("gives_when", group.gives_when)):
            for part, name in when.named_groups() if when is not None else ():
                need(name, ("piles", gid, key, part))
        unless = group.takes_when.unless if group.takes_when is not None else None
        for part, name in unless.named_groups() if unless is not None else ():
            need(name, ("piles", gid, "takes_when", "unless", part))
        if group.fill:
            need(group.fill.from_, ("piles", gid, "fill", "from"))
            source = groups.get(group.fill.from_)
            if group.fill.from_ == gid:
                one_pile(("piles", gid, "fill", "from"), _("a group cannot refill its piles from itself"))
            elif source is not None and source.count != 1:
                one_pile(("piles", gid, "fill", "from"), _("piles are refilled from a group of exactly one pile"))
            elif _fill_loops(groups, gid):
                one_pile(("piles", gid, "fill", "from"), _(
                    "the fills loop back to {group}: a chain of fills must end at a group that is not refilled").format(
                    group=gid))
        if group.grid and group.count != group.grid.rows * group.grid.cols:
            problems.append(Problem(("piles", gid, "count"), _("a {rows} × {cols} grid has {cells} cells, not {count}").format(
                rows=group.grid.rows, cols=group.grid.cols, cells=group.grid.rows * group.grid.cols, count=group.count),
                "other"))
        if group.shape is not None:  # an overlapping layout: one pile per card drawn
            if group.grid is not None:
                problems.append(Problem(("piles", gid, "shape"), _("a group is a grid or a shape, not both"), "other"))
            elif group.count != len(group.labels):
                problems.append(Problem(("piles", gid, "count"), _("the shape draws {cards} cards, not {count}").format(
                    cards=len(group.labels), count=group.count), "other"))
        elif group.free == "uncovered":
            problems.append(Problem(("piles", gid, "free"), _("`free: uncovered` needs a `shape` that says which "
                                                              "cards cover which"), "other"))
    for i, step in enumerate(ruleset.deal.steps):
        need(step.to, ("deal", "steps", i, "to"))
        if step.to in groups:
            count = groups[step.to].count
            if isinstance(step.count, list) and len(step.count) != count:
                problems.append(Problem(("deal", "steps", i, "count"), _(
                    "{numbers} numbers for {count} piles; give one per pile").format(numbers=len(step.count), count=count),
                    "deal"))
            if step.count == "rest" and count != 1:
                problems.append(Problem(("deal", "steps", i, "count"), _("`rest` goes onto a group of one pile"), "deal"))
        problems += _skip_problems(ruleset, i, step, need)
        problems += _play_to_problems(ruleset, i, step, need)
    problems += _card_accounting(ruleset)
    if ruleset.stock:
        need(ruleset.stock.pile, ("stock", "pile"))
        need(ruleset.stock.to, ("stock", "to"))
        need(ruleset.stock.last_to, ("stock", "last_to"))
        for part, name in ruleset.stock.when.named_groups() if ruleset.stock.when is not None else ():
            need(name, ("stock", "when", part))
        if ruleset.stock.pile in groups and groups[ruleset.stock.pile].count != 1:
            problems.append(Problem(("stock", "pile"), _("the stock group must have exactly one pile"), "stock"))
    for i, rule in enumerate(ruleset.scoring.rules if ruleset.scoring else []):
        need(rule.from_, ("scoring", "rules", i, "from"))
        need(rule.to, ("scoring", "rules", i, "to"))
    for i, name in enumerate(ruleset.win.all_cards_in if ruleset.win else []):
        need(name, ("win", "all_cards_in", i))
    for i, name in enumerate(ruleset.win.full if ruleset.win else []):
        need(name, ("win", "full", i))
        if name in groups and groups[name].max_cards is None:
            problems.append(Problem(("win", "full", i), _("group {name!r} has no max_cards, so its piles are never full").format(
                name=name), "other"))
    if ruleset.discard:
        need(ruleset.discard.to, ("discard", "to"))
        if ruleset.discard.to in groups and groups[ruleset.discard.to].count != 1:
            one_pile(("discard", "to"), _("discarded cards go to a group of exactly one pile"))
    swap = ruleset.actions.swap
    if swap:
        for i, name in enumerate(swap.within):
            need(name, ("actions", "swap", "within", i))
        if swap.label in seen:
            label_used(("actions", "swap", "label"), swap.label, seen[swap.label])
    close = ruleset.actions.close_up
    if close:
        for i, name in enumerate(close.groups):
            need(name, ("actions", "close_up", "groups", i))
            if name in groups and groups[name].grid is None:
                not_a_grid(("actions", "close_up", "groups", i), name)
        need(close.refill, ("actions", "close_up", "refill"))
        if close.label in seen:
            label_used(("actions", "close_up", "label"), close.label, seen[close.label])
    shuffle = ruleset.actions.reshuffle
    if shuffle:
        for i, name in enumerate(shuffle.groups):
            need(name, ("actions", "reshuffle", "groups", i))
        if shuffle.label in seen:
            label_used(("actions", "reshuffle", "label"), shuffle.label, seen[shuffle.label])
        for i, name in enumerate(shuffle.groups):
            if shuffle.keep == "row-runs" and name in groups and groups[name].grid is None:
                not_a_grid(("actions", "reshuffle", "groups", i), name)
        problems += _reshuffle_to_problems(shuffle, groups, need)
    for i, name in enumerate(ruleset.win.row_runs if ruleset.win else []):
        need(name, ("win", "row_runs", i))
        if name in groups and groups[name].grid is None:
            not_a_grid(("win", "row_runs", i), name)
    for gid, group in groups.items():
        if group.empty_builds_on and group.grid is None:
            not_a_grid(("piles", gid, "empty_builds_on"), gid)
    for i, rem in enumerate(ruleset.remove):
        for j, name in enumerate(rem.from_):
            need(name, ("remove", i, "from", j))
            if rem.adjacent and name in groups and groups[name].grid is None:
                not_a_grid(("remove", i, "adjacent"), name)
        need(rem.to, ("remove", i, "to"))
        if rem.to in groups and groups[rem.to].count != 1:
            one_pile(("remove", i, "to"), _("removed cards go to a group of exactly one pile"))
    for k, wc in enumerate(ruleset.win.classes if ruleset.win else []):
        for i, name in enumerate(wc.all_cards_in):
            need(name, ("win", "classes", k, "all_cards_in", i))
        for i, name in enumerate(wc.full):
            need(name, ("win", "classes", k, "full", i))
        for i, name in enumerate(wc.left.in_ if wc.left else []):
            need(name, ("win", "classes", k, "left", "in", i))
    if not ruleset.win and not any(g.role == "foundation" for g in groups.values()):
        problems.append(Problem(("piles",), _(
            "no group has role foundation; add one or say `win: {all_cards_in: [...]}`"), "nowin"))
    return problems


def _fill_loops(groups: dict[str, PileGroup], start: str) -> bool:
    """Whether following `fill.from` from ``start`` comes back to it (a chained fill that never ends)."""
    seen = {start}
    group = groups.get(start)
    while group is not None and group.fill is not None:
        if group.fill.from_ in seen:
            return group.fill.from_ == start
        seen.add(group.fill.from_)
        group = groups.get(group.fill.from_)
    return False


def _reshuffle_to_problems(shuffle: Reshuffle, groups: dict[str, PileGroup], need: Any) -> list[Problem]:
    """Where a reshuffle puts the cards: back onto its piles (`per_pile`) or onto one pile (`to`)."""
    at = ("actions", "reshuffle")
    if shuffle.to is None:
        if shuffle.per_pile is None:
            return [Problem(at, _("a reshuffle deals its cards back `per_pile` a pile, or onto the pile `to` "
                                  "names; give one of them"), "other")]
        return []
    need(shuffle.to, at + ("to",))
    if shuffle.to in shuffle.groups:
        return [Problem(at + ("to",), _("the cards gathered go onto another group than those gathered"), "other")]
    if shuffle.to in groups and groups[shuffle.to].count != 1:
        return [Problem(at + ("to",), _("the gathered cards go onto one pile; {group} has {n}").format(
            group=shuffle.to, n=groups[shuffle.to].count), "other")]
    if shuffle.keep != "none":
        return [Problem(at + ("keep",), _("`keep` leaves cards where they lie to deal the others after them; "
                                          "with `to` every card goes onto one pile"), "other")]
    return []


def _skip_problems(ruleset: Ruleset, i: int, step: DealStep, need: Any) -> list[Problem]:
    """A deal step's `skip`: it names what it skips, and cards sent elsewhere leave a later `rest`
    step to take what is left (how many the step uses depends on the shuffle)."""
    skip = step.skip
    if skip is None:
        return []
    at = ("deal", "steps", i, "skip")
    if not skip.ranks and skip.same_rank is None:
        return [Problem(at, _("`skip` needs `ranks` or `same_rank`: it skips nothing otherwise"), "other")]
    if step.count == "rest":
        return [Problem(at, _("a `rest` step takes every card left; `skip` goes on a step of a fixed count"), "deal")]
    if len(set(skip.ranks)) == 13:
        return [Problem(at + ("ranks",), _("every rank is skipped, so the step can place no card"), "deal")]
    counts = step.count if isinstance(step.count, list) else [step.count]
    if skip.same_rank == "pile" and max(counts, default=0) > 13 - len(set(skip.ranks)):
        return [Problem(at + ("same_rank",), _("a pile of {n} cards must repeat a rank: there are {ranks} ranks to "
                                               "deal").format(n=max(counts), ranks=13 - len(set(skip.ranks))), "deal")]
    if skip.to is None:
        return []
    need(skip.to, at + ("to",))
    if skip.to == step.to:
        return [Problem(at + ("to",), _("skipped cards go to another group than the step's own"), "other")]
    piles = ruleset.piles[skip.to].count if skip.to in ruleset.piles else 1
    most = most_skipped(ruleset, step)
    if piles > 1 and (most is None or most > piles):
        return [Problem(at + ("to",), _("{group} has {piles} piles, one a skipped card, but the step may skip {most}; "
                                        "send them to a group of one pile or of as many piles").format(
            group=skip.to, piles=piles, most=most if most is not None else _("any number")), "deal")]
    last = i == len(ruleset.deal.steps) - 1  # the deal's last step turns up every card: the count adds up
    if not any(later.count == "rest" for later in ruleset.deal.steps[i + 1:]) and not (last and most is not None):
        return [Problem(at + ("to",), _("cards skipped to {group} leave a varying number for the rest of the deal; "
                                        "a later step must take the `rest`, or this step must be the deal's last "
                                        "and skip only by rank").format(group=skip.to), "deal")]
    return []


def _play_to_problems(ruleset: Ruleset, i: int, step: DealStep, need: Any) -> list[Problem]:
    """A deal step's `play_to`: another group, which can take a card, on a step that deals turns
    (not `rest`); beside a `skip` only one that sends its cards somewhere (cards put aside come back
    to the piles past `play_to`)."""
    if step.play_to is None:
        return []
    at = ("deal", "steps", i, "play_to")
    need(step.play_to, at)
    if step.play_to == step.to:
        return [Problem(at, _("`play_to` names another group than the step's own"), "other")]
    if step.count == "rest":
        return [Problem(at, _("a `rest` step puts every card left onto one pile; `play_to` goes on a step of a "
                              "fixed count"), "deal")]
    if step.skip is not None and step.skip.to is None:
        return [Problem(at, _("`play_to` beside a `skip` that puts cards aside: the cards put aside come back "
                              "past `play_to`; give the `skip` a `to`"), "other")]
    group = ruleset.piles.get(step.play_to)
    dealt_before = any(earlier.to == step.play_to for earlier in ruleset.deal.steps[:i])
    if group is not None and group.empty == "none" and not group_prefilled(group) and not dealt_before:
        return [Problem(at, _("{group} starts empty and takes nothing while empty, so no card can be played "
                              "there at the deal").format(group=step.play_to), "deal")]
    return []


def most_skipped(ruleset: Ruleset, step: DealStep) -> int | None:
    """The most cards ``step``'s `skip` may send away: every card of its ranks, and with `same_rank:
    first` the first card's fellows; None for `same_rank: pile` (it depends on the piles)."""
    skip = step.skip
    if skip is None:
        return 0
    if skip.same_rank == "pile":
        return None
    copies = 4 * ruleset.decks  # cards of one rank in the pack
    return len(set(skip.ranks)) * copies + (copies - 1 if skip.same_rank else 0)


def _card_accounting(ruleset: Ruleset) -> list[Problem]:
    """The deal places every card of the decks exactly once."""
    total = 52 * ruleset.decks
    placed = prefilled_cards(ruleset)
    rest_at: Path | None = None
    for i, step in enumerate(ruleset.deal.steps):
        group = ruleset.piles.get(step.to)
        if group is None:
            continue
        if step.count == "rest":
            if rest_at is not None:
                return [Problem(("deal", "steps", i, "count"), _("only one step can take the rest of the cards"), "deal")]
            rest_at = ("deal", "steps", i, "count")
        elif rest_at is not None and step_cards(step, group):
            # The engine deals in order: the `rest` step has already taken every card.
            return [Problem(("deal", "steps", i), _("a step after the `rest` step gets no cards; put the `rest` step last"),
                            "deal")]
        else:
            placed += step_cards(step, group)
            if i == len(ruleset.deal.steps) - 1 and step.skip is not None and step.skip.to is not None:
                placed += most_skipped(ruleset, step) or 0  # the last step turns up every card it skips
    if placed > total:
        return [Problem(("deal", "steps"), _("the deal places {placed} cards but {decks} deck(s) hold {total}").format(
            placed=placed, decks=ruleset.decks, total=total), "deal")]
    if placed < total and rest_at is None:
        return [Problem(("deal", "steps"), _(
            "the deal places {placed} of {total} cards; add a step with `count: rest` for the others").format(
            placed=placed, total=total), "deal")]
    return []
