"""Pruning derived from the compiled rules: safe foundation moves played without branching.

Two rules of safety, each proven to lose no win under conditions checked on the ruleset
(`autoplay_rule`); when neither holds the solver still plays safe moves for speed, but an
exhausted search then proves nothing and is redone without them.

- ``SIMPLE`` (no card ever leaves a foundation): a card is safe when every card that could be
  built on it outside the foundations is home (`assist.card_is_safe`).
- ``CLOSED`` (foundation cards may come back, one deck): a card is safe when its whole *closure*
  is home: the cards that could be built on it, on them, and so on, together with the cards
  below each of those in their foundations. See `autoplay_rule` for why that is enough.
"""

from __future__ import annotations

from ..cards import DECK_SIZE
from ..engine.assist import builders, follower_starters, one_home
from ..engine.compiled import MOVE_NONE, MOVE_TOP, CompiledRules
from ..engine.game import Game
from ..engine.moves import Move

SIMPLE, CLOSED = "simple", "closed"
SAFE_MEMORY = 1 << 16  # foundation contents whose safe cards `Autoplay` keeps (a few MB at most)


def autoplay_rule(rules: CompiledRules) -> str | None:
    """Which safety rule provably never loses a win in this ruleset: SIMPLE, CLOSED or None.

    The argument: take any winning line; play the safe card c home first, and follow the line
    with every move of a *low* card dropped, the low cards being c and the cards that were home
    (SIMPLE: c alone). It stays legal and still wins when:
    (1) winning means exactly all cards on the foundations;
    (2) an emptier layout never allows less: no `prefer`, removals, close-ups or swaps, whose
        options depend on which cards lie where (run limits only grow with more free places,
        and a lane only clears);
    (3) a card could not have gone to another foundation instead: a foundation top takes one
        card value only, and an empty foundation group has a pile for every card it may start;
    (4) SIMPLE: no card ever leaves a foundation, so no builder of c comes back onto it.
        CLOSED: cards may come back, so low = c's closure (nothing outside it can ever be built
        on a card in it, and it holds every card below its cards in their foundations, so the
        other cards' foundation moves, in and out, see the same tops); one deck, so each card
        has one place below it in a foundation;
    (5) `follows` (KK-4: a pile of a group starts only while it has fewer started piles than
        the group it follows) reads counts of started piles. Only with SIMPLE, where no pile
        ever empties again, and `Autoplay` never plays a card that could start a pile of a
        following group (`follower_starters`): then c's early move leaves every following
        group's count as it was and can only raise a leader's count, which allows more, never
        less;
    (6) several decks: another copy of c may need c's place first (KK: the waste's 3♣ sent onto
        the only 2♣ leaves the carpet's 3♣, which covers the other 2♣, nowhere to go). So c goes
        home only when the piles taking it now are alike (same cards) and number, with the copies
        already home, at least one per copy: then no other pile can ever take a copy (each copy
        ends on a pile of its own), and the line's later moves onto those piles are played with
        the piles relabelled, c's pile standing for the one the line gives c.
    (7) the proofs play one card at a time and count copies per deck: no foundation takes
        cards only several at a time (`unit`, Spider's whole suits), and the pack holds every
        card equally often (no `suits` pack of one or two suits).
    Waste cards are sent home only with a one-card draw (see `may_autoplay_from`).
    """
    foundations = [g for g in rules.groups if g.role == "foundation"]
    if not foundations:
        return None
    if not wins_with_every_card_home(rules):
        return None
    if options_read_the_layout(rules):
        return None
    if rules.units or len(set(rules.copies)) > 1:
        return None  # (7)
    decks = rules.total_cards // DECK_SIZE
    for g in foundations:
        if any(len(set(cards)) > 1 for cards in g.fits_on):
            return None
        if g.empty_ok is not None and sum(g.empty_ok) * decks > len(g.piles):
            return None
    followers = []
    for g in rules.groups:
        if g.follows is not None:
            if g.role != "foundation" or rules.groups[g.follows[0]].role != "foundation":
                return None  # (5): counts of piles that may empty again
            followers.append(g)
    if all(g.move_kind == MOVE_NONE for g in foundations):
        return SIMPLE
    if followers:
        return None  # (5): a foundation pile that empties again would lower a count
    if decks == 1 and all(len(below) <= 1 for below in foundation_below(rules)):
        return CLOSED
    return None


def wins_with_every_card_home(rules: CompiledRules) -> bool:
    """Whether the one way to win is every card on the foundations (no full piles, no second class)."""
    return (rules.win_pile_set == rules.foundation_piles and len(rules.win_conditions) == 1
            and not rules.win_conditions[0].full)


def options_read_the_layout(rules: CompiledRules) -> bool:
    """Whether some move's legality reads where cards lie beyond its own two piles: `prefer`
    (which groups have an empty pile), removals, close-ups, swaps and reshuffles (which cards lie
    where), `empty: base` (a group's other piles set what an empty one takes), `fill` (a move
    also takes a card from a third pile), `reach` (which piles between two are empty) and
    `empty_builds_on` (a gap reads the cell before it), `takes_when` (the stock opens a group, a
    foundation reads the ranks of another; a pile's suit makes its place matter), `gives_when`
    and `stock.when` (another group's piles open a group or the stock: engine/gates.py), `way` (a
    group's other piles) and `empty_colour` (the started piles set the colours). The
    proofs below need none of them."""
    return (rules.preferred_by is not None or bool(rules.remove_rules) or bool(rules.action_uses)
            or rules.has_base or rules.fill_from is not None or bool(rules.reach_groups)
            or rules.has_gaps or bool(rules.stock_gate) or any(
                g.takes_gate or g.gives_gate or g.empty_from is not None or g.only_when_empty or g.pile_suits is not None
                or g.rank_from is not None or g.way or g.colour_by_rank for g in rules.groups))


def home_bound(rules: CompiledRules) -> bool:
    """Whether a position of ``rules`` may be proved lost by the compiled core's relaxation (`Core._home_bound`):
    the talon's cards (the stock and the one waste it deals onto) all at hand at once, the other
    piles given up top first, and the win piles taking any card their `fits_on` or `empty`
    tables allow onto a top some card could reach, `max_cards` and `follows` read as "some pile
    of the leader can be started" (each copy of a card counted as the face alone). A winning line
    is then a line of the relaxation too, so a position whose cards cannot all reach home there
    has no win. That holds when:

    - the win is every card home (no `left` win, one class) and no card ever leaves a win pile
      (no win group moves cards), so the win piles' tops only grow;
    - every other group that moves cards moves its top card alone and only to win groups (so no
      pile outside the win piles ever receives a card, but the waste from the stock), and the
      stock deals onto one waste (or there is none);
    - no word reads the layout across piles (`prune.options_read_the_layout`: `prefer`, removals,
      actions, `empty: base`, `fill`, gates, `reach`...), no `discard`, no `unit` or `build.base`
      on a win group: a win pile takes a card only when its `fits_on` or `empty` table does, and
      every other rule (`max_cards`, `follows`, the moving group's `to`) only takes away.

    Keyed on words, not games: Kwadratura Koła's carpet qualifies; Dywan's does not (its carpet
    packs onto the waste), nor any game whose layout builds."""
    cond = rules.win_conditions
    if len(cond) != 1 or cond[0].left_count >= 0 or not cond[0].piles:
        return False
    if options_read_the_layout(rules) or rules.discard_ok is not None:
        return False
    if rules.stock_pile >= 0 and rules.waste_pile < 0:
        return False
    win_groups = {rules.group_of[p].index for p in cond[0].piles}
    for g in rules.groups:
        if g.index in win_groups:
            if g.move_kind != MOVE_NONE or g.unit or g.base_ok is not None or g.base_empty:
                return False
        elif g.move_kind != MOVE_NONE and (g.move_kind != MOVE_TOP or not g.targets <= win_groups):
            return False
    return True


def stock_commutes(rules: CompiledRules) -> bool:
    """Whether turning the stock commutes with every move that leaves the stock and waste alone,
    so that the search may try such moves only before the stock turns (waste moves after it).

    Proof: a deal or redeal is legal by the stock, the waste and the redeal count alone
    (`why_stock_illegal`) and changes only those; a card move that neither leaves nor reaches
    them is legal by other piles alone when (1) the stock and waste take no card, (2) nothing
    reads which piles lie empty across groups or which cards lie where (no `prefer`, removals,
    actions or discards; run limits count only cells and columns, lanes only the cells of their
    own grid, and `follows` only started foundation piles, which a turn of the stock onto its
    waste never starts) and (3) neither is a cell, a column or in a grid. Then in any winning
    line "stock actions, such a move M" may be replaced by "M, stock actions": the same
    position, by a line of the same length. Safe moves played after M keep a winning line no
    longer than before (`autoplay_rule`), so by induction on the length of a shortest winning
    line the reduced search still reaches a win from every winnable position."""
    waste = rules.waste_pile  # -1 unless a stock deals onto one waste
    # `stock.requires: no-empty` makes a deal read its target piles: no longer the talon alone.
    if waste < 0 or options_read_the_layout(rules) or rules.discard_ok is not None or rules.stock_needs_filled:
        return False
    for pile in (waste, rules.stock_pile):
        group = rules.group_of[pile]
        takes_cards = group.empty_ok is not None or any(group.fits_on)
        if takes_cards or group.role in ("cell", "tableau") or group.lanes is not None:
            return False
    return True


def foundation_below(rules: CompiledRules) -> list[set[int]]:
    """Per card: the cards it may lie on in a foundation."""
    below: list[set[int]] = [set() for _card in range(DECK_SIZE)]
    for g in rules.groups:
        if g.role == "foundation":
            for under, aboves in enumerate(g.fits_on):
                for card in aboves:
                    below[card].add(under)
    return below


def closures(game: Game) -> list[frozenset[int]]:
    """Per card c: the cards that must be home before c is CLOSED-safe (c itself left out)."""
    table = builders(game)
    below = foundation_below(game.rules)
    found = []
    for card in range(DECK_SIZE):
        seen = {card}
        todo = [card]
        while todo:
            here = todo.pop()
            for other in (*table[here], *below[here]):
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        seen.discard(card)
        found.append(frozenset(seen))
    return found


def _masks(fits_on: tuple[tuple[int, ...], ...], starters: tuple[int, ...]) -> tuple[int, ...]:
    """Per top card, then for an empty pile: the cards taken, as bits (card c is 1 << c)."""
    return tuple(sum(1 << card for card in cards) for cards in (*fits_on, starters))


def may_autoplay_from(rules: CompiledRules, pile: int) -> bool:
    """Not from a pile the stock deals onto unless it is one waste drawn one card at a time
    (`assist.deals_read_the_order`: taking a card out of a three-card draw changes which cards the
    later draws show). Narrower than the player's autoplay: the proofs of `autoplay_rule` take
    no card from the piles a stock deals one card each onto, as Gypsy's columns."""
    targets = rules.stock_targets
    return pile not in targets or (len(targets) == 1 and rules.draw == 1)


class Autoplay:
    """Plays safe foundation moves (unchecked pushes) until none is left."""

    def __init__(self, game: Game, rule: str = SIMPLE) -> None:
        rules = game.rules
        # Per card: the cards that must all be home (every copy) before it is safe.
        self.table = closures(game) if rule == CLOSED else builders(game)
        self.rules = rules
        self.decks = game.ruleset.decks
        self.foundations = tuple(sorted(rules.foundation_piles))
        # Per foundation: the cards it takes, by its top card (the last entry: empty), as a bit
        # mask, so that `_find` joins them with `|` (faster than a set).
        self.takes = tuple((f, _masks(rules.group_of[f].fits_on, rules.group_of[f].starters))
                           for f in self.foundations)
        # Per foundation: whether its mask says exactly what `Board.lands_on` says, so that
        # `_find` reads a bit instead of calling it (KK's 32 foundations per candidate card);
        # not where an empty pile reads other piles (`empty: base`, a gap's left neighbour).
        self.mask_lands = tuple(not rules.group_of[f].base_empty and rules.group_of[f].left_of is None
                                for f in self.foundations)
        self.sources = tuple(p for p in rules.movable_piles
                             if p not in rules.foundation_piles and may_autoplay_from(rules, p))
        self.left_to_search = follower_starters(rules)  # autoplay_rule (5)
        self.searchable = ~sum(1 << card for card in self.left_to_search)  # the other cards, as bits
        # Foundation cards -> (safe cards as bits, copies of each card home): a card's safety reads
        # only the foundations, which most moves leave alone, so it is judged once per contents.
        self.safe_by_home: dict[bytes, tuple[int, bytearray]] = {}

    def run(self, game: Game) -> list[Move]:
        """Push every safe move in turn; returns them (the caller pops them to undo)."""
        played: list[Move] = []
        while True:
            step = self._find(game)
            if step is None:
                return played
            game.push(step)
            played.append(step)

    def _find(self, game: Game) -> Move | None:
        """A safe foundation move (`assist.is_safe`) whose card has one possible home."""
        piles = game.piles
        # The cards some foundation takes now and the search need not try itself: a cheap filter.
        wanted = 0
        for f, masks in self.takes:
            top = piles[f]
            wanted |= masks[top[-1] if top else -1]
        wanted &= self.searchable
        home: bytearray | None = None
        for src in self.sources:
            pile = piles[src]
            if not pile or not wanted >> pile[-1] & 1:
                continue
            card = pile[-1]
            if home is None:  # the first candidate: from here on only safe cards are wanted
                safe, home = self._safe_cards(piles)
                wanted &= safe
                if not wanted >> card & 1:
                    continue
            if not game.movable_run(src):
                continue
            targets = [f for (f, masks), exact in zip(self.takes, self.mask_lands)
                       if (masks[piles[f][-1] if piles[f] else -1] >> card & 1 if exact else game.lands_on(f, card))
                       and game.why_illegal((src, f, 1)) is None]
            if targets and one_home(game, card, targets, home):
                return (src, targets[0], 1)
        return None

    def _safe_cards(self, piles: list[list[int]]) -> tuple[int, bytearray]:
        """The cards safe now (`assist.card_is_safe`) as bits, and the copies of each card home."""
        # The foundations' cards in a row: equal rows hold the same cards, so the same verdicts.
        key = b"".join(map(bytes, map(piles.__getitem__, self.foundations)))
        known = self.safe_by_home.get(key)
        if known is not None:
            return known
        home = bytearray(DECK_SIZE)  # faster than a Counter
        for card in key:
            home[card] += 1
        decks = self.decks
        safe = 0
        for card, needs in enumerate(self.table):
            if not needs or min(map(home.__getitem__, needs)) >= decks:
                safe |= 1 << card
        if len(self.safe_by_home) >= SAFE_MEMORY:
            self.safe_by_home.clear()  # a bound on memory in a long search; the verdicts are redone
        self.safe_by_home[key] = safe, home
        return safe, home
