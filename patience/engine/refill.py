"""Words for refills: a group's base rank (`empty: base`), piles refilled at once (`fill`), and
the reshuffle action. The deal's own words are `.dealing`'s.

The board calls in here only for rulesets that use these words, so the hot path of the others stays
as it was (one flag per group or per move).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import DECK_SIZE, IS_RED, RANK
from ..deals import reshuffled
from ..i18n import _, ngettext
from ..ruleset.views import deal_key
from .compiled import RANK_TABLES, row_run
from .moves import RESHUFFLE, Move

if TYPE_CHECKING:
    from .compiled import Group
    from .state import State

# What `push_fill` did, as bits of a card move's undo record (bit 0 is the source's turn-up).
FILLED = 2  # the emptied source took the fill pile's top card
FILL_TURNED = 4  # and the fill pile's new top card turned face up
FILL_WAS_DOWN = 8  # the card taken was face down on the fill pile (it lies face up now)
FILL_CHAIN = 4  # the next link's bits, shifted past these: the fill pile, emptied, refilled in turn

# A reshuffle's undo record: per pile of its groups, (cards, face-down count) before it, and 1
# when a use was counted.
ReshuffleRecord = tuple[tuple[tuple[tuple[int, ...], int], ...], int]


# ------------------------------------------------------------------ base rank
def base_table(game: State, group: Group) -> bytes:
    """`empty: base`: the cards an empty pile of ``group`` takes now, those of the base rank;
    any card while no pile that sets it is started."""
    rank = base_rank(game, group)
    if rank is None:
        assert group.empty_ok is not None
        return group.empty_ok
    return RANK_TABLES[rank]


def colour_table(game: State, group: Group, table: bytes) -> bytes:
    """`empty_colour: by-rank`: of the cards ``table`` lets an empty pile of ``group`` take, those
    whose colour goes with their rank: the bottom card of the group's first started pile keeps its
    rank to its colour, and gives every other rank the other colour. All of ``table`` while no
    pile is started."""
    for p in group.piles:
        if game.piles[p]:
            bottom = game.piles[p][0]
            rank, red = RANK[bottom], IS_RED[bottom]
            return bytes(table[c] and ((IS_RED[c] == red) == (RANK[c] == rank)) for c in range(DECK_SIZE))
    return table


def base_rank(game: State, group: Group) -> int | None:
    """The rank of the bottom card of the started piles of ``group`` (or of its `base_of` group,
    moved by the offset, turning the corner); None while none is started."""
    source = game.rules.groups[group.base_from] if group.base_from >= 0 else group
    for p in source.piles:
        if game.piles[p]:
            return (RANK[game.piles[p][0]] - 1 + group.base_offset) % 13 + 1
    return None


def fit_base(game: State) -> None:
    """`build.wrap: base`: play on under the tables compiled for the base ranks now set (after
    the deal, or a position read); the rules with no base while none is set."""
    rules = game.rules.unbased
    if not rules.wraps_at_base:
        return
    wanted = set(rules.wraps_at_base)
    bases = tuple(base_rank(game, g) or 0 if g.index in wanted else 0 for g in rules.groups)
    game.rules = rules.for_base(bases)


# ------------------------------------------------------------------ fill
def push_fill(game: State, src: int) -> int:
    """`fill`: the emptied pile ``src`` takes the top card of its fill pile, face up; a fill pile
    that this empties is refilled from its own in turn, as part of the same move (Windmill: a
    reserve takes the waste's last card, and the waste the stock's top). The bits of what was
    done, for `pop_fill`; each link of the chain four bits higher (the loader refuses a loop)."""
    source = game.rules.fill_from[src]
    cards = game.piles[source]
    if source < 0 or not cards:
        return 0
    hidden = game.hidden
    done = FILLED
    if hidden[source] == len(cards):
        hidden[source] -= 1
        done |= FILL_WAS_DOWN
    game.piles[src].append(cards.pop())
    if cards and hidden[source] == len(cards) and game.rules.group_of[source].turn_up and source != game.rules.stock_pile:
        hidden[source] -= 1
        done |= FILL_TURNED
    if not cards and game.rules.fill_from[source] >= 0:
        done |= push_fill(game, source) << FILL_CHAIN
    return done


def pop_fill(game: State, src: int, done: int) -> None:
    """Undo `push_fill`, the end of the chain first."""
    source = game.rules.fill_from[src]
    if done >> FILL_CHAIN:
        pop_fill(game, source, done >> FILL_CHAIN)
    if done & FILL_TURNED:
        game.hidden[source] += 1
    game.piles[source].append(game.piles[src].pop())
    if done & FILL_WAS_DOWN:
        game.hidden[source] += 1


# ------------------------------------------------------------------ reshuffle
def _kept_runs(game: State) -> list[int]:
    """keep: row-runs (Gaps): per grid row, how many cells from its start stay; [] when all go."""
    rows = game.rules.reshuffle_rows
    if rows is None:
        return []
    return [row_run(game.piles, row, game.rules.group_of[row[0]]) for row in rows]


def _gathered(game: State, kept: list[int]) -> list[int]:
    """The cards the reshuffle takes up: all of its piles', or each row's after its ``kept`` run."""
    rows = game.rules.reshuffle_rows
    if rows is None:
        return [c for p in game.rules.reshuffle_piles for c in game.piles[p]]
    return [c for row, n in zip(rows, kept) for p in row[n:] for c in game.piles[p]]


def _deal_after_runs(game: State, cards: list[int], kept: list[int]) -> None:
    """Deal ``cards`` one a cell into the cells after each row's kept run, row by row, the cell
    just after each run left empty; cells left over stay empty."""
    rows = game.rules.reshuffle_rows
    assert rows is not None
    gaps = [row[n] for row, n in zip(rows, kept) if n < len(row)]
    cells = [p for row, n in zip(rows, kept) for p in row[n + 1:]]
    cells += gaps  # only if more cards than cells after the gaps (not in a 48-card Gaps): none is lost
    for row, n in zip(rows, kept):
        for p in row[n:]:
            game.piles[p].clear()
            game.hidden[p] = 0
    for p, card in zip(cells, cards):
        game.piles[p].append(card)


def reshuffle_move(game: State) -> Move | None:
    """The reshuffle, while uses are left and there are cards to shuffle."""
    return None if why_reshuffle_illegal(game) else (0, RESHUFFLE, 0)


def why_reshuffle_illegal(game: State) -> str | None:
    rules = game.rules
    if rules.reshuffle_index < 0:
        return _("this game has no reshuffle")
    if not game.uses_left[rules.reshuffle_index]:
        return ngettext("no reshuffles left: the cards may be gathered and dealt again {n} time",
                        "no reshuffles left: the cards may be gathered and dealt again {n} times",
                        rules.action_uses[rules.reshuffle_index]).format(n=rules.action_uses[rules.reshuffle_index])
    if rules.reshuffle_to >= 0:  # onto one pile (the stock): every card gathered, the pile empty
        return _why_not_onto(game)
    if len(_gathered(game, _kept_runs(game))) < 2:
        return _("fewer than two cards are left to shuffle")
    if not rules.reshuffle_shuffles and rules.action_uses[rules.reshuffle_index] < 0 and deals_back(game):
        return _("the redeal would deal every card back where it lies: no card has moved since the last one")
    return None


def _why_not_onto(game: State) -> str | None:
    """A reshuffle onto one pile (`to`): while that pile is empty, and, when it is the stock, the
    one pile the stock turns onto (unless that is gathered too); and there is a card to gather."""
    rules = game.rules
    to = rules.reshuffle_to
    if game.piles[to]:
        return _("{label} still holds cards").format(label=rules.labels[to])
    waste = rules.waste_pile
    if to == rules.stock_pile and waste >= 0 and game.piles[waste] and waste not in rules.reshuffle_piles:
        return _("play the card on {label} first").format(label=rules.labels[rules.waste_pile])
    if not _gathered(game, []):
        return _("there are no cards to gather")
    return None


def deals_back(game: State) -> bool:
    """An ordered redeal (`shuffle: false`) that would put every card back where it lies."""
    rules = game.rules
    if rules.reshuffle_rows is not None or rules.reshuffle_to >= 0:
        return False
    cards = _gathered(game, [])
    per_pile, last = rules.reshuffle_per_pile, len(rules.reshuffle_piles) - 1
    return all(game.piles[p] == cards[i * per_pile:(i + 1) * per_pile if i < last else len(cards)]
               for i, p in enumerate(rules.reshuffle_piles))


def push_reshuffle(game: State) -> ReshuffleRecord:
    """Gather the groups' cards, shuffle them by the deal number and the uses made so far, and deal
    them face up, `per_pile` onto each pile in order. The cards are sorted before the shuffle, so
    the result depends only on which cards lie there, not on their order (the solver's keys sort
    piles)."""
    rules = game.rules
    piles = game.piles
    index = rules.reshuffle_index
    if rules.reshuffle_to >= 0:
        return _push_onto(game)
    before = tuple((tuple(piles[p]), game.hidden[p]) for p in rules.reshuffle_piles)
    kept = _kept_runs(game)
    cards = _gathered(game, kept)  # pile by pile in order, each from its bottom card
    if rules.reshuffle_shuffles:
        cards = _shuffled(game, cards)
    if rules.reshuffle_rows is not None:  # keep: row-runs: the runs stay, one gap after each
        _deal_after_runs(game, cards, kept)
        return before, game.spend_use(index)
    per_pile = rules.reshuffle_per_pile
    last = len(rules.reshuffle_piles) - 1
    for i, p in enumerate(rules.reshuffle_piles):
        piles[p][:] = cards[i * per_pile:(i + 1) * per_pile if i < last else len(cards)]
        game.hidden[p] = 0
    return before, game.spend_use(index)


def _shuffled(game: State, cards: list[int]) -> list[int]:
    """The gathered ``cards`` in this use's shuffle: sorted, then shuffled by the deal's key and
    number and the round (the uses made so far, counting this one; 0 for an unlimited action)."""
    rules = game.rules
    index = rules.reshuffle_index
    limited = rules.action_uses[index] > 0
    round_ = rules.action_uses[index] - game.uses_left[index] + 1 if limited else 0
    return reshuffled(sorted(cards), deal_key(game.ruleset), game.deal_number or 0, round_)


def _push_onto(game: State) -> ReshuffleRecord:
    """`to`: the gathered cards (shuffled, or in the order picked up) face down onto the one pile,
    the first card on top; the piles gathered are left empty. The pile was empty (`_why_not_onto`),
    so taking the move back empties it again."""
    rules = game.rules
    index = rules.reshuffle_index
    piles = game.piles
    before = tuple((tuple(piles[p]), game.hidden[p]) for p in rules.reshuffle_piles)
    cards = _gathered(game, [])
    if rules.reshuffle_shuffles:
        cards = _shuffled(game, cards)
    for p in rules.reshuffle_piles:
        piles[p].clear()
        game.hidden[p] = 0
    to = rules.reshuffle_to
    piles[to][:] = cards[::-1]
    game.hidden[to] = len(cards)
    return before, game.spend_use(index)


def pop_reshuffle(game: State, record: ReshuffleRecord) -> None:
    before, counted = record
    if game.rules.reshuffle_to >= 0:
        game.piles[game.rules.reshuffle_to].clear()
        game.hidden[game.rules.reshuffle_to] = 0
    for p, (cards, hidden) in zip(game.rules.reshuffle_piles, before):
        game.piles[p][:] = cards
        game.hidden[p] = hidden
    if counted:
        game.give_back_use(game.rules.reshuffle_index)
