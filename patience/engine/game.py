"""The game: piles, legal moves, push/pop, play/undo/redo, won and lost.

A move is a plain tuple ``(source, target, count)`` of pile numbers (see :mod:`.moves`), so the
solver can generate and apply millions of them. ``push``/``pop`` apply and take back a move
without checks, in time proportional to the cards moved; ``play``/``undo``/``redo`` are the
checked, counted versions a player uses.
"""

from __future__ import annotations

from typing import Iterable

from ..deals import shuffled_deck
from ..ruleset.model import Ruleset
from ..ruleset.registry import find_ruleset
from .compiled import LIMIT_NONE, LIMIT_SUPERMOVE, MOVE_ANY, MOVE_TOP, CompiledRules, Group
from .moves import DEAL, REDEAL, IllegalMove, Move, why_illegal, why_stock_illegal

# One undo record: the move, what it did beyond the move itself, the score before it.
# For card moves ``extra`` is 1 when a face-down card turned up; for deals, the cards dealt.
UndoRecord = tuple[Move, int, int]


def _compile(ruleset: Ruleset) -> CompiledRules:
    cached = getattr(ruleset, "_compiled", None)
    if cached is None:
        cached = CompiledRules(ruleset)
        object.__setattr__(ruleset, "_compiled", cached)  # rulesets are frozen; compile once
    return cached


class Game:
    """One game of one ruleset, from one deal."""

    def __init__(self, ruleset: Ruleset, deal: int | None = None) -> None:
        self.rules: CompiledRules = _compile(ruleset)
        self.ruleset = ruleset
        self.deal_number = deal
        self.piles: list[list[int]] = [[] for _ in range(self.rules.pile_count)]
        self.hidden: list[int] = [0] * self.rules.pile_count  # face-down cards at each pile's bottom
        self.redeals_used = 0
        self.score = 0
        self.history: list[UndoRecord] = []
        self.future: list[Move] = []  # moves undone, for redo
        self.move_count = 0  # plays, undos and redos: each counts (FC-7)
        if deal is not None:
            self._deal(deal)

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(cls, game: str | Ruleset, deal: int = 1) -> Game:
        """Start ``deal`` of a ruleset given by name, path or object."""
        ruleset = find_ruleset(game) if isinstance(game, str) else game
        return cls(ruleset, deal)

    def _deal(self, number: int) -> None:
        rs = self.ruleset
        deck = shuffled_deck(rs.deal.shuffle, rs.deal.key or rs.id, number, rs.decks)
        position = 0
        for step in rs.deal.steps:
            piles = list(self.rules.group_by_id[step.to].piles)
            if step.count == "rest":
                wanted = [len(deck) - position]
            elif isinstance(step.count, int):
                wanted = [step.count] * len(piles)
            else:
                wanted = list(step.count)
            if sum(wanted) > len(deck) - position:
                raise ValueError(f"the deal wants {sum(wanted)} more cards than the {len(deck) - position} left")
            order: list[int] = []
            if step.order == "piles":
                for i, n in enumerate(wanted):
                    order += [i] * n
            else:
                left = wanted[:]
                while any(left):
                    for i in range(len(left)):
                        if left[i]:
                            order.append(i)
                            left[i] -= 1
            # "rest" onto a stock: the next card in the deck ends on top (is drawn first).
            cards = deck[position:position + len(order)]
            position += len(order)
            if step.count == "rest":
                cards.reverse()
            for i, card in zip(order, cards):
                self.piles[piles[i]].append(card)
            for i, pile in enumerate(piles):
                dealt = wanted[i]
                if step.face == "down":
                    self.hidden[pile] += dealt
                elif step.face == "top-up" and dealt:
                    self.hidden[pile] += dealt - 1
        if position != len(deck):
            raise ValueError(f"the deal places {position} of {len(deck)} cards; give the rest a pile")

    # ----------------------------------------------------------------- moves
    def legal_moves(self) -> list[Move]:
        """Every legal move; into empty piles of one group only the first empty pile is listed."""
        rules = self.rules
        piles = self.piles
        group_of = rules.group_of
        offers: dict[int, list[tuple[int, int]]] = {}
        singles: list[tuple[int, int, int]] = []  # (source, count, bottom card of the moving cards)
        movable_run = self.movable_run
        for src in rules.movable_piles:
            run = movable_run(src)
            if not run:
                continue
            pile = piles[src]
            top = len(pile) - 1
            for i in range(top, top - run, -1):
                n = top - i + 1
                card = pile[i]
                entry = offers.get(card)
                if entry is None:
                    offers[card] = [(src, n)]
                else:
                    entry.append((src, n))
                singles.append((src, n, card))

        free_cells, empty_columns = self._free_places() if rules.has_limits else (0, 0)
        moves: list[Move] = []
        for group in rules.groups:
            gi = group.index
            fits_on = group.fits_on
            max_cards = group.max_cards
            empty_ok = group.empty_ok
            first_empty_done = False
            for dst in group.piles:
                pile = piles[dst]
                if pile:
                    if max_cards and len(pile) >= max_cards:
                        continue
                    for card in fits_on[pile[-1]]:
                        for src, n in offers.get(card, ()):
                            if src == dst or gi not in group_of[src].targets:
                                continue
                            if n > 1 and not self._several_ok(src, n, group, len(pile), False, free_cells, empty_columns):
                                continue
                            moves.append((src, dst, n))
                elif empty_ok is not None and not first_empty_done:
                    first_empty_done = True
                    to_column = rules.is_column[dst]
                    for src, n, card in singles:
                        if not empty_ok[card] or src == dst or gi not in group_of[src].targets:
                            continue
                        if n > 1 and not self._several_ok(src, n, group, 0, to_column, free_cells, empty_columns):
                            continue
                        moves.append((src, dst, n))
        stock_move = self._stock_move()
        if stock_move is not None:
            moves.append(stock_move)
        return moves

    def _several_ok(
        self, src: int, n: int, group: Group, target_size: int, to_column: bool, free_cells: int, empty_columns: int
    ) -> bool:
        """What only a move of several cards must pass: room, the target's run rule, FC-5's limit."""
        if group.max_cards and target_size + n > group.max_cards:
            return False
        if not self._run_fits(src, n, group):
            return False
        kind = self.rules.group_of[src].run_limit
        return not kind or n <= self._limit(kind, free_cells, empty_columns, to_column)

    def _run_fits(self, src: int, n: int, target: Group) -> bool:
        """Whether the top ``n`` cards of ``src`` also form a run under the target group's build rule."""
        if self.rules.group_of[src].build_id == target.build_id:
            return True
        ok = target.run_ok
        pile = self.piles[src]
        return all(ok[pile[i - 1] * 52 + pile[i]] for i in range(len(pile) - n + 1, len(pile)))

    @staticmethod
    def _limit(kind: int, free_cells: int, empty_columns: int, to_empty_column: bool) -> int:
        """FC-5: the largest run that single-card moves through free places could carry."""
        columns = empty_columns - 1 if to_empty_column else empty_columns
        if kind == LIMIT_SUPERMOVE:
            return (free_cells + 1) << columns
        return free_cells + columns + 1

    def _free_places(self) -> tuple[int, int]:
        """Empty free cells and empty columns: what FC-5's run limit counts."""
        piles = self.piles
        return (
            sum(1 for p in self.rules.cell_piles if not piles[p]),
            sum(1 for p in self.rules.column_piles if not piles[p]),
        )

    def run_limit(self, source: int, target: int) -> int | None:
        """How many cards may move at once from ``source`` to ``target`` (None: no limit)."""
        kind = self.rules.group_of[source].run_limit
        if kind == LIMIT_NONE:
            return None
        free_cells, empty_columns = self._free_places()
        to_empty_column = self.rules.is_column[target] and not self.piles[target]
        return self._limit(kind, free_cells, empty_columns, to_empty_column)

    def _stock_move(self) -> Move | None:
        """The one stock action possible now: deal while the stock lasts, then (maybe) redeal."""
        stock = self.rules.stock_pile
        if stock < 0:
            return None
        target = DEAL if self.piles[stock] else REDEAL
        return None if why_stock_illegal(self, stock, target) else (stock, target, 0)

    def movable_run(self, pile: int) -> int:
        """How many cards on top of ``pile`` may leave it together (0: none)."""
        cards = self.piles[pile]
        group = self.rules.group_of[pile]
        top = len(cards) - 1
        if top < self.hidden[pile] or not group.move_kind:
            return 0
        if group.move_kind == MOVE_TOP:
            return 1
        if group.move_kind == MOVE_ANY:
            return len(cards) - self.hidden[pile]
        low = top
        while low > self.hidden[pile] and group.run_ok[cards[low - 1] * 52 + cards[low]]:
            low -= 1
        return top - low + 1

    def changes_nothing(self, move: Move) -> bool:
        """A whole pile onto an empty pile of its own group: legal, but only relabels the piles."""
        src, dst, n = move
        return (
            dst >= 0
            and not self.piles[dst]
            and self.rules.group_of[src] is self.rules.group_of[dst]
            and n == len(self.piles[src])
        )

    def why_illegal(self, move: Move) -> str | None:
        """None when ``move`` is legal here; otherwise the reason, in words."""
        return why_illegal(self, move)

    def is_legal(self, move: Move) -> bool:
        return why_illegal(self, move) is None

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
                self.hidden[src] -= 1
                turned = 1
            if rules.scored:
                points = rules.move_points[rules.group_of[src].index][rules.group_of[dst].index] * n
                if turned:
                    points += rules.turn_up_points
                if points:
                    self._add_score(points)
            self.history.append((move, turned, score_before))
        elif dst == DEAL:
            self.history.append((move, self._deal_from_stock(), score_before))
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

    def _deal_from_stock(self) -> int:
        rules = self.rules
        stock = self.piles[rules.stock_pile]
        targets = rules.stock_targets
        if len(targets) == 1:
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
            if extra:
                self.hidden[src] += 1
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
            if len(targets) == 1:
                waste = piles[targets[0]]
                for _ in range(extra):
                    stock.append(waste.pop())
            else:
                for i in range(extra - 1, -1, -1):
                    stock.append(piles[targets[i]].pop())
            self.hidden[src] = len(stock)
        else:
            stock, waste = piles[src], piles[self.rules.waste_pile]
            stock.reverse()
            waste.extend(stock)
            stock.clear()
            self.hidden[src] = 0
            self.redeals_used -= 1
        return move

    # ----------------------------------------------------------------- play / undo / redo
    def play(self, move: Move | str) -> Move:
        """Play a move (a tuple or its notation). Raises IllegalMove and changes nothing if illegal."""
        from .notation import parse_move

        if isinstance(move, str):
            move = parse_move(self, move)
        reason = why_illegal(self, move)
        if reason is not None:
            raise IllegalMove(reason)
        self.push(move)
        if self.future and self.future[-1] == move:
            self.future.pop()
        else:
            self.future.clear()
        self.move_count += 1
        return move

    def undo(self) -> Move:
        if not self.history:
            raise IllegalMove("nothing to undo")
        move = self.pop()
        self.future.append(move)
        self.move_count += 1
        return move

    def redo(self) -> Move:
        if not self.future:
            raise IllegalMove("nothing to redo")
        move = self.future.pop()
        self.push(move)
        self.move_count += 1
        return move

    def notation(self, move: Move) -> str:
        from .notation import format_move

        return format_move(self, move)

    # ----------------------------------------------------------------- outcome
    def is_won(self) -> bool:
        piles = self.piles
        return sum(len(piles[p]) for p in self.rules.win_piles) == self.rules.total_cards

    def is_lost(self) -> bool:
        """KL-9: not won, and no move that changes anything is left, whatever the stock brings."""
        if self.is_won():
            return False
        return not self._progress_possible()

    def status(self) -> str:
        if self.is_won():
            return "won"
        return "lost" if self.is_lost() else "in progress"

    def _progress_possible(self) -> bool:
        """Go through the stock (stock actions only) looking for any move that changes something."""
        pushed = 0
        seen: set[tuple[int, int, int]] = set()
        try:
            while True:
                if self._has_real_move():
                    return True
                stock_move = self._stock_move()
                if stock_move is None:
                    return False
                marker = (len(self.piles[self.rules.stock_pile]), self._waste_size(), self._redeals_key())
                if marker in seen:
                    return False  # the stock has gone round once with no new play
                seen.add(marker)
                self.push(stock_move)
                pushed += 1
        finally:
            for _ in range(pushed):
                self.pop()

    def _waste_size(self) -> int:
        return len(self.piles[self.rules.waste_pile]) if self.rules.waste_pile >= 0 else 0

    def _has_real_move(self) -> bool:
        """A non-stock move; a card taken back from a foundation counts only if it enables another."""
        foundations = self.rules.foundation_piles
        retreats = []
        for move in self.legal_moves():
            if move[1] < 0 or self.changes_nothing(move):
                continue
            if move[0] in foundations and move[1] not in foundations:
                retreats.append(move)
                continue
            return True
        for move in retreats:
            self.push(move)
            try:
                landed = move[1]
                for follow in self.legal_moves():
                    if follow[1] >= 0 and follow[0] != landed and follow[0] not in foundations:
                        return True
            finally:
                self.pop()
        return False

    # ----------------------------------------------------------------- keys and copies
    def _redeals_key(self) -> int:
        # With unlimited redeals the count changes nothing that can happen next.
        return self.redeals_used if self.rules.redeals >= 0 else 0

    def key(self) -> tuple:
        """A cheap hashable key of the exact position (the score and counters aside)."""
        return (tuple(map(bytes, self.piles)), tuple(self.hidden), self._redeals_key())

    def canonical_key(self) -> tuple:
        """Like key(), but piles of one group that only differ in order count as the same position."""
        parts = []
        for group in self.rules.groups:
            piles = [(bytes(self.piles[p]), self.hidden[p]) for p in group.piles]
            if len(piles) > 1 and group.role not in ("stock", "waste"):
                piles.sort()
            parts.append(tuple(piles))
        return (tuple(parts), self._redeals_key())

    def cards(self) -> Iterable[int]:
        for pile in self.piles:
            yield from pile

    def position(self) -> str:
        from .position import write_position

        return write_position(self)

    @classmethod
    def from_position(cls, text: str, ruleset: Ruleset | None = None) -> Game:
        from .position import read_position

        return read_position(text, ruleset)

    def copy(self) -> Game:
        """An independent game in the same position (history included)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.piles = [p[:] for p in self.piles]
        other.hidden = self.hidden[:]
        other.history = self.history[:]
        other.future = self.future[:]
        return other
