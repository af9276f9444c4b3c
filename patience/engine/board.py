"""The board: the rules-driven core of a position. The state (`.state`) dealt, every legal move
listed, moves pushed and popped with their undo records, the position's keys, won.

A move is a plain tuple ``(source, target, count)`` of pile numbers (see :mod:`.moves`), so the
solver can generate and apply millions of them. ``push``/``pop`` apply and take back a move
without checks, in time proportional to the cards moved; the checked, counted ``play``/``undo``/
``redo`` a player uses are the façade's (`.game`). The hot path (``legal_moves``, ``push``,
``pop``, ``canonical_key``) stays in methods here: a call through a module function would cost
the search loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import (
    close_up_move,
    holds,
    may_start,
    pop_close_up,
    pop_remove,
    push_close_up,
    push_remove,
    removal_moves,
)
from .faces import faces_key, turned_below
from .compiled import (
    FEW_STARTERS,
    LIMIT_NONE,
    LIMIT_SUPERMOVE,
    MOVE_ALONE,
    MOVE_ANY,
    MOVE_PILE,
    MOVE_TOP,
    MOVE_TOP_OR_RUN,
    SCAN_LANE_TOP,
    SCAN_RUN,
    SCAN_TOP,
    SLOT,
    Group,
    carries,
)
from .cover import hide_again, is_free, turn_up_uncovered
from .dealing import deal_cards
from .moves import CLOSE_UP, DEAL, REDEAL, REMOVE, RESHUFFLE, SWAP, Move
from .reach import reach_moves
from .refill import fit_base, pop_fill, pop_reshuffle, push_fill, push_reshuffle, reshuffle_move
from .state import State
from .gates import holds as gate_holds
from .stock import why_stock_illegal
from .takes import always_open, empty_source, empty_takes, open_to

if TYPE_CHECKING:
    from ..ruleset.model import Ruleset

class Board(State):
    """A position of one game under its rules, dealt from one deal (none: the piles stay empty)."""

    def __init__(self, ruleset: Ruleset, deal: int | None = None) -> None:
        super().__init__(ruleset, deal)
        if deal is not None:
            deal_cards(self, deal)
            fit_base(self)  # `wrap: base`: the tables for the base the deal set

    # ----------------------------------------------------------------- legal moves
    def legal_moves(self, actions: bool = True, sources: tuple[int, ...] | None = None) -> list[Move]:
        """Every legal move; into empty piles of one group only the first empty pile is listed.
        ``actions=False`` leaves out player actions (CR-4's swap: thousands of them) for search
        code that tries them its own way. ``sources`` lists only the card moves out of those
        piles, and the stock action: no removals, close-ups or swaps."""
        rules = self.rules
        piles = self.piles
        group_of = rules.group_of
        scan = rules.scan
        lanes_of = rules.lanes_of
        offers: dict[int, list[tuple[int, int]]] = {}  # card -> (source, cards moving) with it lowest
        runs: list[tuple[int, int]] = []  # (source, how many cards may leave it together)
        hidden = self.hidden
        for src in rules.movable_piles if sources is None else sources:
            pile = piles[src]
            top = len(pile) - 1
            if top < hidden[src]:
                continue  # empty, or nothing face up
            if group_of[src].gives_gate and not gate_holds(group_of[src].gives_gate, piles, src - group_of[src].piles.start):
                continue  # gives_when (engine/gates.py)
            how = scan[src]
            if how == SCAN_TOP:
                run = 1
            elif how == SCAN_RUN:
                # `movable_run`'s built run, inline: calling it cost FreeCell deal 917's search
                # about 8 % (9.3 s against 8.7 s, same positions); keep the two alike.
                run_ok = group_of[src].run_ok
                low, lowest = top, hidden[src]
                while low > lowest and run_ok[pile[low - 1] * 52 + pile[low]]:
                    low -= 1
                run = top - low + 1
            elif how == SCAN_LANE_TOP:
                # `movable_run` with `is_free` inline: the two calls per cell were most of a
                # listing of the 8x8 carpets (KK-2). Keep the three alike.
                for lane in lanes_of[src]:
                    for q in lane:
                        if piles[q]:
                            break
                    else:
                        break  # an all-empty lane: the card is free
                else:
                    continue  # every lane is blocked
                run = 1
            else:
                run = self.movable_run(src)
                if not run:
                    continue
            runs.append((src, run))
            for n in range(1, run + 1):
                if 1 < n < run and group_of[src].move_kind == MOVE_TOP_OR_RUN:
                    continue  # top-or-run: the top card, or the whole run
                card = pile[top - n + 1]
                entry = offers.get(card)
                if entry is None:
                    offers[card] = [(src, n)]
                else:
                    entry.append((src, n))

        free_cells, empty_columns = self._free_places() if rules.has_limits else (0, 0)
        preferred_by = rules.preferred_by
        if preferred_by is not None:  # PA-3: groups with an empty pile, asked once per listing
            empty_groups = {group_of[p].index for p, cards in enumerate(piles) if not cards}
        moves: list[Move] = []
        sortable = rules.sortable_groups
        # `takes.takes` for each card offered, in parts: `open_to` once a pile, the build or
        # `empty_takes` by the cards they list, then the card's own rules (`takes_card`, `follows`).
        for group in rules.receiving_groups:
            if group.takes_gate and not group.takes_by_place and not gate_holds(group.takes_gate, piles):
                continue  # takes_when: {stock: empty, started} (engine/gates.py), once a group
            takes_from = group.takes_from
            fits_on = group.fits_on
            max_cards = group.max_cards
            unit = group.unit
            card_rules = group.pile_suits is not None or group.rank_from is not None or group.way  # takes_when's
            first_empty_done = False
            partners = group.partner_of is not None
            gated = not always_open(group)
            for dst in group.piles:
                if gated and not open_to(self, group, dst):
                    continue
                pile = piles[dst]
                if pile:
                    for card in fits_on[pile[-1]]:
                        if card_rules and not group.takes_card(dst, card, piles):
                            continue
                        for src, n in offers.get(card, ()):
                            if src == dst or not takes_from[src] or (unit and n != unit):
                                continue
                            if partners and not group.feeds(src, dst, piles):
                                continue  # takes_when: {partners}: a partner pile feeds only its own
                            if n > 1 and group.build_one:
                                continue  # build_takes: one: a started pile takes a single card (Forty-Nine)
                            if n > 1 and not self._several_ok(src, n, dst, group, len(pile), False, free_cells,
                                                              empty_columns):
                                continue
                            moves.append((src, dst, n))
                elif group.empty_ok is not None and not first_empty_done:
                    # Into one empty pile stands for all only where the piles are alike: not where
                    # the stock deals onto them in order, nor in a grid, where place matters.
                    first_empty_done = group.index in sortable
                    table = empty_takes(self, group, dst)
                    source = empty_source(self, group)  # empty_from: the first group with a card
                    left = group.left_of[dst - group.piles.start] if group.left_of is not None else -1
                    if left >= 0:  # a gap takes only what builds on the card before it (Gaps)
                        if not piles[left]:
                            continue
                        offered = sorted(entry for card in fits_on[piles[left][-1]] for entry in offers.get(card, ())
                                         if entry[0] != dst and takes_from[entry[0]] and entry[1] == 1)
                    elif len(group.starters) >= FEW_STARTERS:
                        # (source, cards moving) for every card of every run, a one-card cell
                        # taking one card
                        offered = [(src, n) for src, run in runs if src != dst and takes_from[src]
                                   for n in range(1, (min(run, max_cards) if max_cards else run) + 1)
                                   if n == 1 or n == run or group_of[src].move_kind != MOVE_TOP_OR_RUN]
                    else:  # few cards start a pile (aces, kings): look them up, in the same order
                        offered = sorted(entry for card in group.starters for entry in offers.get(card, ())
                                         if entry[0] != dst and takes_from[entry[0]]
                                         and not (max_cards and entry[1] > max_cards))
                    if source is not None:
                        offered = [entry for entry in offered if entry[0] in source]
                    to_column = rules.is_column[dst]
                    for src, n in offered:
                        card = piles[src][-n]
                        if not table[card] or (unit and n != unit) or (n > 1 and group.empty_one):
                            continue  # empty_takes: one: a space takes a single card (Martha)
                        if card_rules and not group.takes_card(dst, card, piles):
                            continue
                        if partners and not group.feeds(src, dst, piles):
                            continue  # takes_when: {partners}
                        if group.follows is not None and not may_start(self, group, card):
                            continue  # KK-4: a 5 only after an A of its suit
                        if preferred_by is not None and any(
                            g != group.index and (g in empty_groups or (group_of[src].index == g and n == len(piles[src])))
                            for g in preferred_by[card]
                        ):
                            continue  # PA-3: it has a place in its own group, empty or the one it lies alone in
                        if n > 1 and not self._several_ok(src, n, dst, group, 0, to_column, free_cells, empty_columns):
                            continue
                        moves.append((src, dst, n))
        if rules.reach_groups:
            moves += reach_moves(self, sources)  # whole piles by position (Accordion)
        if rules.remove_rules and sources is None:
            moves += removal_moves(self)  # CZ-2: sets out
        stock_move = self.stock_move()
        if stock_move is not None:
            moves.append(stock_move)
        if sources is not None:
            return moves
        if rules.close_up_index >= 0:
            close = close_up_move(self)  # CZ-3: one action, offered only when it changes something
            if close is not None:
                moves.append(close)
        if rules.reshuffle_index >= 0:
            shuffle = reshuffle_move(self)
            if shuffle is not None:
                moves.append(shuffle)
        if actions and rules.swap_index >= 0 and self.uses_left[rules.swap_index]:
            moves += self.swap_moves()  # last, so card moves keep small numbers
        return moves

    def swap_moves(self) -> list[Move]:
        """Every swap of two different face-up cards that changes more than which pile is which."""
        piles = self.piles
        slots = [
            (p * SLOT + i, pile[i])
            for p in self.rules.swap_piles
            for pile in (piles[p],)
            for i in range(self.hidden[p], len(pile))
        ]
        relabels = self._relabel_swaps()
        moves = []
        for i, (a, card_a) in enumerate(slots):
            for b, card_b in slots[i + 1:]:
                if card_a != card_b:
                    moves.append((a, SWAP, b))
        if relabels:
            moves = [m for m in moves if (m[0], m[2]) not in relabels]
        return moves

    def _relabel_swaps(self) -> set[tuple[int, int]]:
        """Swaps that turn two piles of one group into each other: they change only pile order.
        `swap_changes_nothing` judges one swap; this finds them all in one pass over pile pairs,
        because asking it of each of Cromwell's ~5,300 swaps made the listing 5x slower."""
        found = set()
        piles = self.piles
        rules = self.rules
        swap_piles = rules.swap_piles
        for i, a in enumerate(swap_piles):
            for b in swap_piles[i + 1:]:
                pa, pb = piles[a], piles[b]
                if len(pa) != len(pb) or rules.group_of[a] is not rules.group_of[b] or self.hidden[a] != self.hidden[b]:
                    continue
                differ = [k for k in range(len(pa)) if pa[k] != pb[k]]
                if len(differ) == 1:
                    k = differ[0]
                    found.add((a * SLOT + k, b * SLOT + k))
        return found

    def swap_changes_nothing(self, move: Move) -> bool:
        """A swap of two equal cards, or one that only turns two piles of a group into each other."""
        a, _, b = move
        pa, ia = divmod(a, SLOT)
        pb, ib = divmod(b, SLOT)
        first, second = self.piles[pa], self.piles[pb]
        if first[ia] == second[ib]:
            return True
        if pa == pb or ia != ib or len(first) != len(second) or self.hidden[pa] != self.hidden[pb]:
            return False
        return self.rules.group_of[pa] is self.rules.group_of[pb] and all(
            first[k] == second[k] for k in range(len(first)) if k != ia
        )

    def _several_ok(
        self, src: int, n: int, dst: int, group: Group, target_size: int, to_column: bool, free_cells: int,
        empty_columns: int
    ) -> bool:
        """What only a move of several cards must pass: room, the target's run rule, FC-5's limit."""
        if group.max_cards and target_size + n > group.max_cards:
            return False
        if not self.run_fits(src, n, group):
            return False
        kind = self.rules.group_of[src].run_limit
        if not kind:
            return True
        if not self.rules.places_take_all:
            free_cells, empty_columns = self._carrying_places(src, n, dst)
            to_column = False  # the target is not among them
        return n <= self._limit(kind, free_cells, empty_columns, to_column)

    def run_fits(self, src: int, n: int, target: Group) -> bool:
        """Whether the top ``n`` cards of ``src`` may land together on a pile of ``target``: each
        must go on the one below it under the target's build rule, unless they stay in their own
        group, where a pile's movable cards go as they are (`move: any`: Yukon's card with
        everything above it). A built run (`move: run`) fits any group of the same build."""
        source = self.rules.group_of[src]
        if source is target or (source.build_id == target.build_id and source.move_kind != MOVE_ANY):
            return True
        return self.run_break(src, n, target) < 0

    def run_break(self, src: int, n: int, target: Group) -> int:
        """The index in ``src`` of the first of its top ``n`` cards that does not go on the card
        below it under ``target``'s build rule; -1 when each does."""
        ok = target.run_ok
        pile = self.piles[src]
        for i in range(len(pile) - n + 1, len(pile)):
            if not ok[pile[i - 1] * 52 + pile[i]]:
                return i
        return -1

    @staticmethod
    def _limit(kind: int, free_cells: int, empty_columns: int, to_empty_column: bool) -> int:
        """FC-5: the largest run that single-card moves through free places could carry."""
        columns = empty_columns - 1 if to_empty_column else empty_columns
        if kind == LIMIT_SUPERMOVE:
            return (free_cells + 1) << columns
        return free_cells + columns + 1

    def _free_places(self) -> tuple[int, int]:
        """Empty free cells and empty columns: what FC-5's run limit counts."""
        at = self.piles.__getitem__
        return list(map(at, self.rules.cell_piles)).count([]), list(map(at, self.rules.column_piles)).count([])

    def _carrying_places(self, src: int, n: int, dst: int) -> tuple[int, int]:
        """FC-5's free cells and empty columns for the top ``n`` cards of ``src`` going to
        ``dst``: the empty ones, the target aside, that every card but the lowest (which goes
        straight to the target) could enter from the source and leave for the target. An empty
        column that takes only kings carries nothing of a run built down."""
        rules = self.rules
        piles = self.piles
        source, target = rules.group_of[src], rules.group_of[dst]
        passing = piles[src][len(piles[src]) - n + 1:]
        counts = []
        for places in (rules.cell_piles, rules.column_piles):
            count = 0
            for p in places:
                if piles[p] or p == dst:
                    continue
                place = rules.group_of[p]
                takes = place.empty_ok
                if takes is not None and carries(place, source, target) and all(takes[c] for c in passing):
                    count += 1
            counts.append(count)
        return counts[0], counts[1]

    def run_limit(self, source: int, target: int, count: int | None = None) -> int | None:
        """How many cards may move at once from ``source`` to ``target`` (None: no limit); where
        the free places take only some cards (`empty: [K]`), for the top ``count`` cards (default:
        the run that may leave the source)."""
        kind = self.rules.group_of[source].run_limit
        if kind == LIMIT_NONE:
            return None
        if not self.rules.places_take_all:
            cells, columns = self._carrying_places(source, count or self.movable_run(source), target)
            return self._limit(kind, cells, columns, False)
        free_cells, empty_columns = self._free_places()
        to_empty_column = self.rules.is_column[target] and not self.piles[target]
        return self._limit(kind, free_cells, empty_columns, to_empty_column)

    def stock_move(self) -> Move | None:
        """The one stock action possible now: deal while the stock lasts, then (maybe) redeal."""
        stock = self.rules.stock_pile
        if stock < 0:
            return None
        target = DEAL if self.piles[stock] else REDEAL
        return None if why_stock_illegal(self, stock, target) else (stock, target, 0)

    def lands_on(self, pile: int, card: int) -> bool:
        """Whether ``card`` fits the pile's top card, or the empty pile takes it (`takes.empty_takes`;
        rank and suit only: room, start order and the rest are `why_illegal`'s)."""
        target = self.piles[pile]
        group = self.rules.group_of[pile]
        if target:
            return card in group.fits_on[target[-1]]
        return bool(empty_takes(self, group, pile)[card])

    def movable_run(self, pile: int) -> int:
        """How many cards on top of ``pile`` may leave it together (0: none)."""
        cards = self.piles[pile]
        group = self.rules.group_of[pile]
        top = len(cards) - 1
        if top < self.hidden[pile] or not group.move_kind:
            return 0
        if group.lanes is not None and not is_free(self, pile):
            return 0  # KK-2: no clear lane from either short end
        if group.move_kind == MOVE_TOP:
            return 1
        if group.move_kind in (MOVE_ANY, MOVE_PILE):
            return len(cards) - self.hidden[pile]
        if group.move_kind == MOVE_ALONE:
            return 1 if top == 0 else 0
        low = top  # `legal_moves` has this loop inline, for speed: change both alike
        while low > self.hidden[pile] and group.run_ok[cards[low - 1] * 52 + cards[low]]:
            low -= 1
        return top - low + 1

    def changes_nothing(self, move: Move) -> bool:
        """A move after which two piles of one group have only traded contents: a whole pile onto
        an empty pile of its group, or (two decks) a run from a pile onto an identical pile; only
        where the group's piles are interchangeable (`CompiledRules.sortable_groups`)."""
        src, dst, n = move
        if dst < 0:
            return False
        source, target = self.piles[src], self.piles[dst]
        group = self.rules.group_of[src]
        # Piles the stock deals onto one by one keep their order (Spider, Scorpion): there a
        # pile moved elsewhere gets other stock cards, so the move changes something.
        return (
            len(target) == len(source) - n
            and group is self.rules.group_of[dst]
            and group.index in self.rules.sortable_groups
            and self.hidden[src] == self.hidden[dst]
            and faces_key(self, src) == faces_key(self, dst)
            and source[:-n] == target
        )

    def is_free(self, pile: int) -> bool:
        """KK-2: whether the pile is open to play from (always, unless `free` says otherwise)."""
        return is_free(self, pile)

    def may_start(self, group: Group, card: int) -> bool:
        """KK-4: whether ``card`` may start a pile of ``group`` (always, unless `follows`)."""
        return group.follows is None or may_start(self, group, card)

    # ----------------------------------------------------------------- push / pop (unchecked)
    def push(self, move: Move) -> None:
        """Apply a legal move without checking it. O(cards moved)."""
        src, dst, n = move
        piles = self.piles
        rules = self.rules
        score_before = self.score
        if dst >= 0:
            source = piles[src]
            if n == 1:
                piles[dst].append(source.pop())
            else:
                piles[dst].extend(source[-n:])
                del source[-n:]
            turned = 0
            if source and self.hidden[src] == len(source) and rules.group_of[src].turn_up:
                turned = 1
                if self.shown[src]:  # face-up cards under it move again with it (engine/faces.py)
                    below = turned_below(self.shown[src], len(source) - 1)
                    turned = 1 if below == len(source) - 1 else below - len(source)
                    self.hidden[src] = below
                else:
                    self.hidden[src] -= 1
            elif not source and rules.has_uncover:
                turned = turn_up_uncovered(self, src) or 0  # a shape's face-down cards it lay on
            if rules.scored:
                points = rules.move_points[rules.group_of[src].index][rules.group_of[dst].index] * n
                if rules.per_move_points is not None:
                    points += rules.per_move_points[rules.group_of[src].index][rules.group_of[dst].index]
                if turned:
                    points += rules.turn_up_points
                if points:
                    self._add_score(points)
            if not source and rules.fill_from is not None:
                turned = push_fill(self, src)  # fill: a bit field, never 1 (the source is empty)
            self.history.append((move, turned, score_before))
        elif dst == DEAL:
            self.history.append((move, self._deal_from_stock(), score_before))
            if rules.deal_points:
                self._add_score(rules.deal_points)
        elif dst == SWAP:
            pa, ia = divmod(src, SLOT)
            pb, ib = divmod(n, SLOT)
            a, b = piles[pa], piles[pb]
            a[ia], b[ib] = b[ib], a[ia]
            self.history.append((move, self.spend_use(rules.swap_index), score_before))
        elif dst == REMOVE:
            record: int | tuple = push_remove(self, src, n)
            if rules.has_uncover:  # the removed cards may uncover face-down cards of a shape
                turned = turn_up_uncovered(self, src) + (turn_up_uncovered(self, n) if n != src else ())
                record = (record, turned) if turned else record
            self.history.append((move, record, score_before))  # type: ignore[arg-type]
        elif dst == CLOSE_UP:
            self.history.append((move, push_close_up(self), score_before))  # type: ignore[arg-type]
        elif dst == RESHUFFLE:
            self.history.append((move, push_reshuffle(self), score_before))  # type: ignore[arg-type]
        else:  # REDEAL
            stock, waste = piles[src], piles[rules.waste_pile]
            waste.reverse()
            stock.extend(waste)
            waste.clear()
            self.hidden[src] = len(stock)
            self.redeals_used += 1
            if rules.redeal_points:
                self._add_score(rules.redeal_points)
            self.history.append((move, 0, score_before))

    def _deal_from_stock(self) -> int | tuple[int, ...]:
        rules = self.rules
        stock = self.piles[rules.stock_pile]
        targets = rules.stock_targets
        if rules.discard_ok is not None or rules.group_of[targets[0]].max_cards:
            return self._deal_each()
        sequence = rules.deal_piles(len(stock))
        if sequence:  # onto several piles: rounds of one card a pile, or the last cards elsewhere
            dealt = min(len(sequence), len(stock))
            for i in range(dealt):
                self.piles[sequence[i]].append(stock.pop())
        elif len(targets) == 1:
            dealt = min(rules.draw, len(stock))
            waste = self.piles[targets[0]]
            for _ in range(dealt):
                waste.append(stock.pop())
        else:
            dealt = min(len(targets), len(stock))
            for i in range(dealt):
                self.piles[targets[i]].append(stock.pop())
        self.hidden[rules.stock_pile] = len(stock)
        return dealt

    def _deal_each(self) -> tuple[int, ...]:
        """A stock deal that looks at each card: one of a discarded rank goes out at once (PA-1,
        PA-5), and a target that is full (`max_cards`) takes no more: onto a waste the turn stops
        there, and of a group's piles a full one gets no card this time. The pile each card went
        to, in order."""
        rules = self.rules
        discard = rules.discard_ok
        piles = self.piles
        stock = piles[rules.stock_pile]
        targets = rules.stock_targets
        room = rules.group_of[targets[0]].max_cards
        single = len(targets) == 1
        went: list[int] = []
        sequence = () if single else rules.deal_piles(len(stock))
        for i in range(rules.draw if single else len(sequence)):
            if not stock:
                break
            target = targets[0] if single else sequence[i]
            if discard is not None and discard[stock[-1]]:
                pile = rules.discard_pile
            elif room and len(piles[target]) >= room:
                if single:
                    break
                continue
            else:
                pile = target
            piles[pile].append(stock.pop())
            went.append(pile)
        self.hidden[rules.stock_pile] = len(stock)
        return tuple(went)

    def _add_score(self, points: int) -> None:
        score = self.score + points
        floor = self.rules.score_floor
        self.score = score if floor is None or score >= floor else floor

    def pop(self) -> Move:
        """Take back the last pushed move exactly. O(cards moved)."""
        move, extra, score_before = self.history.pop()
        src, dst, n = move
        piles = self.piles
        self.score = score_before
        if dst >= 0:
            source = piles[src]
            if extra:  # most moves have none: one test on the hot path
                if extra == 1:
                    self.hidden[src] += 1
                elif isinstance(extra, int) and extra < 0:
                    self.hidden[src] -= extra  # the face-up cards under the turned card, too
                elif isinstance(extra, tuple):
                    hide_again(self, extra)  # a shape's cards that this move turned up
                else:
                    pop_fill(self, src, extra)  # type: ignore[arg-type]
            target = piles[dst]
            if n == 1:
                source.append(target.pop())
            else:
                source.extend(target[-n:])
                del target[-n:]
        elif dst == DEAL:
            rules = self.rules
            stock = piles[src]
            targets = rules.stock_targets
            if isinstance(extra, tuple):  # with discard: each card back from where it went
                for pile in reversed(extra):
                    stock.append(piles[pile].pop())
            elif rules.stock_last and not stock and extra == len(rules.stock_last):  # the last deal
                for i in range(extra - 1, -1, -1):
                    stock.append(piles[rules.stock_last[i]].pop())
            elif len(targets) == 1:
                waste = piles[targets[0]]
                for _ in range(extra):
                    stock.append(waste.pop())
            else:
                for i in range(extra - 1, -1, -1):
                    stock.append(piles[rules.stock_rounds[i]].pop())
            self.hidden[src] = len(stock)
        elif dst == SWAP:
            pa, ia = divmod(src, SLOT)
            pb, ib = divmod(n, SLOT)
            a, b = piles[pa], piles[pb]
            a[ia], b[ib] = b[ib], a[ia]
            if extra:
                self.give_back_use(self.rules.swap_index)
        elif dst == REMOVE:
            if isinstance(extra, tuple):
                extra, turned = extra
                hide_again(self, turned)  # type: ignore[arg-type]
            pop_remove(self, src, n, extra)  # type: ignore[arg-type]
        elif dst == CLOSE_UP:
            pop_close_up(self, extra)  # type: ignore[arg-type]
        elif dst == RESHUFFLE:
            pop_reshuffle(self, extra)  # type: ignore[arg-type]
        else:
            stock, waste = piles[src], piles[self.rules.waste_pile]
            stock.reverse()
            waste.extend(stock)
            stock.clear()
            self.hidden[src] = 0
            self.redeals_used -= 1
        return move

    # ----------------------------------------------------------------- won, keys
    def is_won(self) -> bool:
        """The first (or only) win class holds: it ends the game at once."""
        return holds(self, self.rules.win_conditions[0])

    def redeals_key(self) -> int:
        # With unlimited redeals the count changes nothing that can happen next.
        return self.redeals_used if self.rules.redeals >= 0 else 0

    def key(self) -> tuple:
        """A cheap hashable key of the exact position (the score and counters aside)."""
        key = (tuple(map(bytes, self.piles)), tuple(self.hidden), self.redeals_key(), self.uses_left)
        if self.rules.mixed_faces:  # face-up cards under face-down ones (engine/faces.py)
            return key + (tuple(faces_key(self, p) for p in range(len(self.piles))),)
        return key

    def canonical_key(self) -> tuple:
        """Like key(), but piles of one group that only differ in order count as the same position.

        Groups the stock deals onto pile by pile (PA-5's auxiliary stacks) keep their order: the
        next deal puts different cards on each."""
        parts = []
        sortable = self.rules.sortable_groups
        mixed = self.rules.mixed_faces
        for group in self.rules.groups:
            if mixed:
                piles = [(bytes(self.piles[p]), self.hidden[p], faces_key(self, p)) for p in group.piles]
            else:
                piles = [(bytes(self.piles[p]), self.hidden[p]) for p in group.piles]
            if group.index in sortable:
                piles.sort()
            parts.append(tuple(piles))
        return (tuple(parts), self.redeals_key(), self.uses_left)
