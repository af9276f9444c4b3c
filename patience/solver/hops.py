"""Hops: a run moved off a card it is built on, onto a card of the same rank, is played only
together with a move that uses the card it uncovers.

A *hop* moves a run whose lowest card c lies built on a face-up card u onto another column's
top card t (so u and t have the same rank): it turns nothing up and empties nothing. In a
Klondike search such moves make most of the positions (the face-up runs lie in very many
arrangements, docs/solver.md). A hop is worth playing only for what it uncovers, so the search
plays it only as the first move of a pair whose second *uses* u: a move onto u, or u to a
foundation (`hop_group` says where this is proven; `Hops.uses` lists the pairs).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cards import DECK_SIZE, RANK
from ..engine.compiled import LIMIT_NONE, MOVE_RUN, CompiledRules, Group
from ..engine.game import Game
from ..engine.moves import Move
from .prune import options_read_the_layout, stock_commutes, wins_with_every_card_home
from .talon import STOCK_ACTIONS, TalonTurns


def hop_group(rules: CompiledRules) -> Group | None:
    """The group whose hops may be played only with a use of the card they uncover, if any.

    Proof. Call a move's *cards* the lowest card it moves, the card under that (which it
    uncovers) and the card it lands on. Take a shortest winning line. A move that touches
    neither of a hop H's two piles commutes with H: its legality and its effect read only its
    own two piles (condition 1). The first later move M that touches one of them is either a
    *use* of H (onto u, or u home), or one of these, each rewritten as "M', H'" of the same
    cards and the same length (so a shortest line stays shortest):
    (a) a run with u at its top (v..u) moves from u's pile to Z: move v..u and the hopped run
        together to Z (one run, condition 2), then hop the run off u to t;
    (b) the upper part of the hopped run moves from t's pile to Z (a foundation too): move it
        from u's pile first, then hop the rest (when the whole run moves, H and M are one move
        from u's pile: the line was not shortest);
    (c) a run lying under the hopped run on t's pile, t included, moves to Z: move it first,
        then hop onto t where it now lies;
    (d) a run lands on the hopped run's top card: land it there while that card still lies on
        u's pile, then hop the longer run.
    Nothing else can touch them: a card lands on u only if it has c's rank (a use), and a run
    from u's pile would have to be lower than its own top card to land on the hopped run
    (condition 3). So a hop can be carried later and later in the line, past moves that do not
    touch its piles and through rewrites, until a use follows it at once; the line cannot end
    with a hop (the win wants every card home, condition 4). Doing this for the last hop of the
    line first, then the one before it and so on, keeps every later hop's pair together: a
    move that uses one hop uses no other (it lands on one card, or sends one card home), a
    rewrite keeps each move's three cards, so a pair stays a pair, and where the move after a
    hop is another hop that uses it, the two pairs stand side by side. The stock's turns touch
    no column, and `prune.stock_commutes` carries them after every move that is not the waste's,
    a hop and its use included, up to a waste card: when that card is the use, the turns stand
    between the hop and it, and `Hops.uses` lists such pairs too. So some shortest winning line
    starts with a move that is no hop or with a hop and its use, and by induction on the length
    of a shortest win the search that plays hops only in such pairs still finds a win, with the
    safe moves (`prune.autoplay_rule`) and the stock's chains (`prune.stock_commutes`) as before.

    Conditions: (1) nothing reads the layout as a whole (`options_read_the_layout`), no
    discards or `follows`, and any stock turns commute (`stock_commutes`) with their turns found
    per talon state (`talon.turns_are_fixed`, checked by the caller); (2) one group takes cards
    outside the foundations, and it moves any built run (no run limit, no room limit, no lanes
    or base cards, onto a card or into a space: no `build_takes: one` or `empty_takes: one`); (3) on it a card lands only on one a rank higher (no wrap), and no run of it
    fits a foundation's build (a foundation takes one card at a time); (4) winning means every
    card home; (5) one deck, so that a move's cards name it; (6) what moves together is what
    builds (no `run`), so that (a)'s joined run moves as one, and no group takes cards only
    several at a time (`unit`)."""
    if options_read_the_layout(rules) or rules.discard_ok is not None or rules.has_limits:
        return None
    if rules.stock_pile >= 0 and not stock_commutes(rules):
        return None
    if rules.total_cards != DECK_SIZE or any(g.follows is not None for g in rules.groups):
        return None
    if not wins_with_every_card_home(rules):
        return None
    if rules.units or any(g.spec.run is not None for g in rules.groups):
        return None  # (6)
    takers = [g for g in rules.groups
              if g.role != "foundation" and (g.empty_ok is not None or any(g.fits_on))]
    if len(takers) != 1:
        return None
    group = takers[0]
    if (group.move_kind != MOVE_RUN or group.run_limit != LIMIT_NONE or group.max_cards or group.lanes is not None
            or group.base_ok is not None or group.index not in group.targets or group.build_one or group.empty_one):
        return None
    if any(RANK[above] != RANK[below] - 1 for below, aboves in enumerate(group.fits_on) for above in aboves):
        return None
    for foundation in rules.groups:
        if foundation.role == "foundation" and any(
                group.run_ok[below * DECK_SIZE + above]
                for below, aboves in enumerate(foundation.fits_on) for above in aboves):
            return None
    return group


class Hops:
    """Tells a hop from other moves, and lists a hop's pairs with the moves that use it."""

    def __init__(self, game: Game, group: Group, talon: TalonTurns | None) -> None:
        rules = game.rules
        self.in_group = bytes(rules.group_of[p] is group for p in range(rules.pile_count))
        self.run_ok = group.run_ok
        self.fits_on = group.fits_on
        self.foundations = frozenset(rules.foundation_piles)
        self.talon = talon
        self.waste = rules.waste_pile
        # Where a card may leave from: anywhere face up in the group, the top elsewhere.
        self.lying_face_up = tuple(p for p in range(rules.pile_count) if self.in_group[p])
        self.tops_only = tuple(p for p in rules.movable_piles if not self.in_group[p])

    def is_hop(self, game: Game, move: Move) -> bool:
        """A run moved within the group onto a card, off a face-up card it is built on."""
        src, dst, n = move
        if dst < 0 or not self.in_group[src] or not self.in_group[dst] or not game.piles[dst]:
            return False
        source = game.piles[src]
        under = len(source) - n - 1
        return under >= game.hidden[src] and bool(self.run_ok[source[under] * DECK_SIZE + source[under + 1]])

    def may_be_used(self, game: Game, hop: Move, stock: Move | None) -> bool:
        """Whether the card a hop would uncover might be used (`uses` checks each move): it might
        go home, or a card that fits on it, other than the one hopping, lies face up on a column,
        tops a foundation or the waste, or is shown by a turn of the ``stock`` action. A cheap
        filter: most hops uncover a card with no use, and listing the moves after them is what
        costs."""
        src, _dst, n = hop
        piles = game.piles
        source = piles[src]
        uncovered, hopping = source[-n - 1], source[-n]
        for f in self.foundations:
            if game.lands_on(f, uncovered):
                return True
        hidden = game.hidden
        shown: tuple[int, ...] | None = None
        for card in self.fits_on[uncovered]:
            if card == hopping:
                continue
            if stock is not None and self.talon is not None:
                if shown is None:
                    shown = self.talon.turns(game, stock)[1]  # the talon is the same after the hop
                if card in shown:
                    return True
            for pile in self.lying_face_up:
                cards = piles[pile]
                if card in cards and cards.index(card) >= hidden[pile]:
                    return True
            for pile in self.tops_only:
                cards = piles[pile]
                if cards and cards[-1] == card:
                    return True
        return False

    def uses(self, game: Game, hop: Move) -> Iterator[tuple[Move, ...]]:
        """With ``hop`` pushed: each move that uses the card it uncovered, as the moves to push
        after it (stock turns, then a waste card, where the waste's card comes later); the game
        stands after them while the caller looks, and back after the hop at the end."""
        src, dst, n = hop
        back = (dst, src, n)
        uncovered = game.piles[src][-1]
        moves = game.legal_moves()
        stock: Move | None = None
        for move in moves:
            if move[1] in STOCK_ACTIONS:
                stock = move
            elif (move[1] == src and move != back) or (move[0] == src and move[1] in self.foundations):
                game.push(move)
                yield (move,)
                game.pop()
        if stock is None or self.talon is None:
            return
        wanted = self.fits_on[uncovered]
        actions, tops = self.talon.turns(game, stock)
        use = (self.waste, src, 1)
        for at, top in enumerate(tops):
            if top < 0 or top not in wanted:
                continue
            for action in actions[:at + 1]:
                game.push(action)
            if game.why_illegal(use) is None:
                game.push(use)
                yield (*actions[:at + 1], use)
                game.pop()
            for _action in actions[:at + 1]:
                game.pop()
