"""Properties every shipped ruleset keeps, checked on random games with Hypothesis.

Each test runs once per shipped ruleset (``shipped_rulesets()``), so a ruleset added to
``rulesets/`` is covered without touching this file. A random game is a deal number drawn by
Hypothesis plus a random walk of up to ``MAX_WALK`` legal moves chosen by a ``random.Random``
seeded from a drawn seed: a failing example is therefore three small integers (deal, seed,
length), which Hypothesis shrinks and prints.

Rule ids (G-1 .. G-3) are those of ``shared/spec/games.md``. The number of examples comes from
the Hypothesis profile loaded in ``conftest.py`` (``HYPOTHESIS_PROFILE=ci`` by default,
``thorough`` for more than twice the examples, ``dev`` for a long local hunt).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

from patience import Game
from patience.deals import suited_deck
from patience.deals import MAX_DEAL, MAX_MICROSOFT_DEAL
from patience.engine.compiled import SLOT
from patience.engine.moves import CLOSE_UP, DEAL, REDEAL, REMOVE, SWAP, IllegalMove, Move
from patience.engine.notation import parse_move
from patience.ruleset.model import Ruleset
from patience.ruleset.registry import shipped_rulesets

RULESETS: dict[str, Ruleset] = {r.id: r for r in shipped_rulesets()}
RULESET_IDS = sorted(RULESETS)
MAX_WALK = 150  # longest random walk of a property test
END_BOUND = 300  # most moves of the non-repeating walk of test_G3_random_games_end_with_a_status
ACTION_SAMPLE = 12  # actions (CR-4's swap: ~5,000 while unused) checked per position, spread evenly

per_ruleset = pytest.mark.parametrize("ruleset_id", RULESET_IDS)

# The games of shared/spec/games.md get the profile's full number of examples; the catalogue's
# other games a quarter of it each (at least 3), so the suite's time stays bounded as the
# catalogue grows: `ci` 15 and 3, `thorough` 35 and 8 (HYPOTHESIS_PROFILE=dev hunts long on every game).
SPEC_GAMES = {"klondike", "klondike-3", "klondike-vegas", "freecell", "cromwell", "parada", "parada-1",
              "kwadratura-kola", "dywan", "czternastki"}
CATALOGUE_SHARE = 4


def examples_for(ruleset_id: str) -> int:
    full = settings.default.max_examples
    return full if ruleset_id in SPEC_GAMES else max(3, full // CATALOGUE_SHARE)


def per_ruleset_property(check: Callable[[str, st.DataObject], None]) -> Callable[[str], None]:
    """``check(ruleset_id, data)`` as a test run once per shipped ruleset, with Hypothesis drawing
    ``data`` ``examples_for(ruleset_id)`` times."""
    def test(ruleset_id: str) -> None:
        settings(max_examples=examples_for(ruleset_id))(given(data=st.data())(
            lambda data: check(ruleset_id, data)))()

    test.__name__, test.__doc__ = check.__name__, check.__doc__
    return per_ruleset(test)


# --------------------------------------------------------------------------- random games
@dataclass(frozen=True)
class Spec:
    """One random game: ruleset, deal number, walk seed, walk length."""

    ruleset_id: str
    deal: int
    seed: int
    length: int


def deal_numbers(ruleset: Ruleset) -> st.SearchStrategy[int]:
    """Deal numbers the ruleset's shuffle accepts: small ones often, any valid one sometimes."""
    top = MAX_MICROSOFT_DEAL if ruleset.deal.shuffle == "microsoft" else MAX_DEAL
    return st.one_of(st.integers(1, 32_000), st.integers(1, top))


def draw_spec(data: st.DataObject, ruleset_id: str, max_length: int = MAX_WALK) -> Spec:
    spec = Spec(
        ruleset_id,
        data.draw(deal_numbers(RULESETS[ruleset_id]), label="deal"),
        data.draw(st.integers(0, 2**32 - 1), label="seed"),
        # Half the walks are full length: Hypothesis favours small integers, and every property
        # is checked at each position of a walk, so a long walk also covers its shorter prefixes.
        data.draw(st.one_of(st.integers(0, max_length), st.just(max_length)), label="length"),
    )
    note(f"game: Game.new({spec.ruleset_id!r}, deal={spec.deal}); walk seed {spec.seed}, {spec.length} moves")
    return spec


def walk(spec: Spec) -> Iterator[tuple[Game, list[Move], Move | None]]:
    """Play a random game, yielding ``(game, legal moves, move about to be played)`` at each position.

    The last item is the final position, with ``None`` for the move. The caller may look at the
    game and play/undo moves, but must leave the position as it found it; the walk then plays its
    move with the checked ``play``.
    """
    game = Game.new(spec.ruleset_id, deal=spec.deal)
    rng = random.Random(spec.seed)
    for _ in range(spec.length):
        moves = game.legal_moves()
        if not moves:
            break
        move = choose(rng, moves)
        yield game, moves, move
        game.play(move)
    yield game, game.legal_moves(), None


def choose(rng: random.Random, moves: list[Move]) -> Move:
    """A random move; an action only one time in ten when card or stock moves exist, so that
    walks also go on with CR-4's single swap unused (it is listed thousands of times)."""
    plain = [m for m in moves if m[1] != SWAP]
    if plain and (len(plain) == len(moves) or rng.random() < 0.9):
        return rng.choice(plain)
    return rng.choice([m for m in moves if m[1] == SWAP])


def sample(moves: list[Move]) -> list[Move]:
    """Every card and stock move, and at most ACTION_SAMPLE actions spread over the list."""
    plain = [m for m in moves if m[1] != SWAP]
    actions = [m for m in moves if m[1] == SWAP]
    if len(actions) > ACTION_SAMPLE:
        actions = actions[:: len(actions) // ACTION_SAMPLE][:ACTION_SAMPLE] + [actions[-1]]
    return plain + actions


# --------------------------------------------------------------------------- helpers
def snapshot(game: Game) -> tuple:
    """Everything that makes up the exact position (the move history aside)."""
    return game.key(), game.position(), game.score, game.redeals_used


def check_cards(game: Game) -> None:
    """Every card of the ruleset's decks lies in exactly one pile, once; face-down counts fit."""
    assert Counter(game.cards()) == Counter(suited_deck(game.ruleset.decks, game.ruleset.suits))
    assert len(game.hidden) == len(game.piles)
    for pile, cards in enumerate(game.piles):
        assert 0 <= game.hidden[pile] <= len(cards), f"pile {game.rules.labels[pile]}"


def same_cards_same_group(game: Game, a: Move, b: Move) -> bool:
    """``a`` and ``b`` move the same cards from the same source into piles of one group."""
    return (
        a[1] >= 0
        and b[1] >= 0
        and a[0] == b[0]
        and a[2] == b[2]
        and game.rules.group_of[a[1]] is game.rules.group_of[b[1]]
    )


def allowed_moves(game: Game) -> Iterator[Move]:
    """Every move the rules allow here, found by asking ``why_illegal``: (source, target, count),
    stock actions, and swaps of any two places of the swap's piles."""
    pile_count = len(game.piles)
    places = [p * SLOT + i for p in game.rules.swap_piles for i in range(len(game.piles[p]))]
    if len(places) > 1 and "used up" in (game.why_illegal((places[0], SWAP, places[1])) or ""):
        places = []  # no swap is left: asking about each of thousands of pairs says so each time
    for i, a in enumerate(places):
        for b in places[i + 1:]:
            if game.why_illegal((a, SWAP, b)) is None:
                yield (a, SWAP, b)
    removable = sorted({p for rule in game.rules.remove_rules for p in rule.piles})
    for i, a in enumerate(removable):  # sets (CZ-2): one card, or two, lower pile first
        for b in removable[i:]:
            if game.why_illegal((a, REMOVE, b)) is None:
                yield (a, REMOVE, b)
    if game.why_illegal((0, CLOSE_UP, 0)) is None:
        yield (0, CLOSE_UP, 0)
    for src in range(pile_count):
        for stock_action in ((src, DEAL, 0), (src, REDEAL, 0)):
            if game.why_illegal(stock_action) is None:
                yield stock_action
        for n in range(1, len(game.piles[src]) + 1):
            for dst in range(pile_count):
                move = (src, dst, n)
                if game.why_illegal(move) is None:
                    yield move


def unlisted_allowed_moves(game: Game, moves: list[Move]) -> list[Move]:
    """Allowed moves that are not listed and have no listed stand-in.

    A stand-in: the listing names only the first empty pile of a group, so a move of the same
    cards from the same source into another empty pile of that group stands for this one.
    """
    listed = set(moves)
    missing = []
    for move in allowed_moves(game):
        if move in listed:
            continue
        if move[1] >= 0 and not game.piles[move[1]]:
            if any(not game.piles[m[1]] and same_cards_same_group(game, m, move) for m in moves):
                continue
        missing.append(move)
    return missing


def is_whole_pile_shuffle(game: Game, move: Move) -> bool:
    """A whole pile onto an empty pile of its own group: the canonical position stays the same."""
    src, dst, n = move
    rules = game.rules
    if dst < 0 or game.piles[dst] or rules.group_of[src] is not rules.group_of[dst] or n != len(game.piles[src]):
        return False
    before = (game.canonical_key(), game.score)
    game.push(move)
    try:
        return (game.canonical_key(), game.score) == before
    finally:
        game.pop()


def is_relocation(game: Game, move: Move) -> bool:
    """A move that only relocates cards, the cards in the win groups as many as before: a whole
    pile into an empty pile (PA-3's waiting base cards), or a run from a card onto an identical
    face-up card. The engine counts it only if a chain of such moves leads to another kind of
    move, so it alone does not keep a game going."""
    src, dst, n = move
    source, target = game.piles[src], game.piles[dst]
    if n == len(source):
        if target:
            return False
    elif not target or source[-n - 1] != target[-1] or game.hidden[src] > len(source) - n - 1:
        return False
    win = {p for gid in game.ruleset.win_groups() for p in game.rules.group_by_id[gid].piles}
    return (src in win) == (dst in win)


def stock_cycle_moves(game: Game) -> tuple[bool, bool]:
    """Go round the stock with stock actions only; leave the game as it was.

    Returns (a non-stock move that changes the position exists somewhere on the way, such a move
    not from a foundation exists somewhere on the way). Positions are compared without the redeal count, so with
    unlimited redeals the cycle closes after one round.
    """
    foundations = {p for g in game.rules.groups if g.role == "foundation" for p in g.piles}
    before = game.key()
    seen: set[tuple] = set()
    any_card_move = real_move = False
    pushed = 0
    try:
        while True:
            marker = (tuple(map(bytes, game.piles)), tuple(game.hidden))
            if marker in seen:
                break
            seen.add(marker)
            moves = game.legal_moves()
            for move in moves:
                if move[1] in (SWAP, REMOVE, CLOSE_UP):  # an unused action is a move (CR-5); sets out (CZ-2)
                    any_card_move = real_move = True
                elif move[1] >= 0 and not is_whole_pile_shuffle(game, move):
                    any_card_move = True
                    if move[0] not in foundations and not is_relocation(game, move):
                        real_move = True
            stock = [m for m in moves if m[1] in (DEAL, REDEAL)]
            if not stock:
                break
            assert len(stock) == 1, stock
            game.push(stock[0])
            pushed += 1
    finally:
        for _ in range(pushed):
            game.pop()
    assert game.key() == before
    return any_card_move, real_move


def row_is_one_run(game: Game, gid: str, row: int) -> bool:
    """Row ``row`` of grid group ``gid``, read from the grid's size and the piles' order (row by
    row): its cards lie in the first cells, with no gap among them, the first a card an empty pile
    takes and each next one built on the one before."""
    group = game.rules.group_by_id[gid]
    cols = group.spec.grid.cols
    cells = [game.piles[p] for p in group.piles[row * cols:(row + 1) * cols]]
    cards = [cell[0] for cell in cells if cell]
    if not cards:
        return True
    in_front = all(cells[i] for i in range(len(cards)))
    starts = group.empty_ok is not None and group.empty_ok[cards[0]]
    built = all(b in group.fits_on[a] for a, b in zip(cards, cards[1:]))
    return in_front and starts and built


def check_outcome(game: Game) -> str:
    """The status agrees with the cards (won) and with what moves remain (lost)."""
    status = game.status()
    assert status in ("won", "lost", "in progress")
    rules = game.rules
    win_piles = [p for gid in game.ruleset.win_groups() for p in rules.group_by_id[gid].piles]
    all_home = sum(len(game.piles[p]) for p in win_piles) == len(suited_deck(game.ruleset.decks, game.ruleset.suits))
    full = game.ruleset.win.full if game.ruleset.win else []
    for gid in full:  # PA-6: and every started pile of these groups complete
        group = rules.group_by_id[gid]
        all_home = all_home and all(len(game.piles[p]) in (0, group.spec.max_cards) for p in group.piles)
    for gid in game.ruleset.win.row_runs if game.ruleset.win else []:  # Gaps: each row one run from its start
        all_home = all_home and all(row_is_one_run(game, gid, row) for row in range(game.ruleset.piles[gid].grid.rows))
    assert game.is_won() == all_home
    later_class = not all_home and status == "won"  # CZ-4: a later win class, judged once no move is left
    if later_class:
        assert game.win_class() not in (None, rules.win_conditions[0].id)
        assert not stock_cycle_moves(game)[1], "a later win class while a move is left"
    else:
        assert (status == "won") == all_home
    if not all_home and not later_class:
        any_card_move, real_move = stock_cycle_moves(game)
        if real_move:
            assert status == "in progress", "a non-stock move off the foundations is left, yet 'lost'"
        if not any_card_move:
            assert status == "lost", "no card move is left even going round the stock, yet not 'lost'"
        assert game.is_lost() == (status == "lost")
    return status


# --------------------------------------------------------------------------- properties
@per_ruleset_property
def test_every_card_exactly_once(ruleset_id: str, data: st.DataObject) -> None:
    """The multiset of pile cards is always the full deck(s); 0 <= face-down <= pile size."""
    spec = draw_spec(data, ruleset_id)
    for game, _, _ in walk(spec):
        check_cards(game)
    while game.history:
        game.undo()
        check_cards(game)


@per_ruleset_property
def test_G2_every_listed_move_plays(ruleset_id: str, data: st.DataObject) -> None:
    """Each listed move is legal by why_illegal, plays, and is listed once; only a whole pile into
    an empty pile of its own group (legal, FC-4 lets a cell card go to another cell) leaves the
    canonical position as it was, and the engine says so."""
    spec = draw_spec(data, ruleset_id)
    for game, moves, _ in walk(spec):
        assert len(set(moves)) == len(moves), f"duplicates in {moves}"
        before = game.canonical_key()
        for move in sample(moves):
            assert game.why_illegal(move) is None, move
            nothing = game.changes_nothing(move)
            game.play(move)
            assert (game.canonical_key() == before) == nothing, f"listed move {move}: changes_nothing is {nothing}"
            game.undo()


@per_ruleset_property
def test_G3_undo_restores_exact_position(ruleset_id: str, data: st.DataObject) -> None:
    """Undo after each move restores key, text and score; redo replays; history unwinds to the deal."""
    spec = draw_spec(data, ruleset_id)
    seen = []
    for game, _, move in walk(spec):
        seen.append(snapshot(game))
        if move is None:
            break
        count = game.move_count
        game.play(move)
        after = snapshot(game)
        game.undo()
        assert snapshot(game) == seen[-1], f"undo of {move}"
        game.redo()
        assert snapshot(game) == after, f"redo of {move}"
        # a play and a redo count; an undo too where the ruleset says so (FC-7), else it takes one off
        assert game.move_count == count + (3 if game.rules.undo_counts_as_move else 1)
        game.undo()  # leave the position to the walk, which plays the move again

    dealt = Game.new(ruleset_id, deal=spec.deal)
    assert seen[0] == snapshot(dealt)
    for expected in reversed(seen[:-1]):  # back to the deal, one undo at a time
        game.undo()
        assert snapshot(game) == expected
    assert snapshot(game) == snapshot(dealt)
    with pytest.raises(IllegalMove):
        game.undo()
    for expected in seen[1:]:  # and forward again
        game.redo()
        assert snapshot(game) == expected
    with pytest.raises(IllegalMove):
        game.redo()

    if game.history:  # a different move after an undo ends the redo line
        undone = game.undo()
        others = [m for m in game.legal_moves() if m != undone]
        if others:
            game.play(others[0])
            with pytest.raises(IllegalMove):
                game.redo()


@per_ruleset_property
def test_G2_notation_round_trips(ruleset_id: str, data: st.DataObject) -> None:
    """parse_move(notation(m)) is exactly m, for every listed move (issue 22: a solver's line
    replays word by word)."""
    spec = draw_spec(data, ruleset_id)
    for game, moves, _ in walk(spec):
        for move in sample(moves):
            text = game.notation(move)
            parsed = parse_move(game, text)
            assert parsed == move, f"{move} is written {text!r}, which reads as {parsed}"


@per_ruleset_property
def test_position_text_round_trips(ruleset_id: str, data: st.DataObject) -> None:
    """Save -> load gives the same exact position, text, score and legal moves."""
    spec = draw_spec(data, ruleset_id)
    stride = data.draw(st.integers(1, 3), label="check every n-th position")  # reading is slowish
    for step, (game, moves, move) in enumerate(walk(spec)):
        if step % stride and move is not None:
            continue
        text = game.position()
        # The text alone names its game; finding it by name is slow, so only at both ends.
        loaded = Game.from_position(text, None if step == 0 or move is None else game.ruleset)
        assert loaded.key() == game.key()
        assert loaded.position() == text
        assert (loaded.score, loaded.redeals_used, loaded.deal_number) == (game.score, game.redeals_used, spec.deal)
        assert loaded.legal_moves() == moves


@per_ruleset_property
def test_G2_every_allowed_move_is_listed(ruleset_id: str, data: st.DataObject) -> None:
    """Every move why_illegal allows is listed, or stood in for by a listed move of the same cards
    into an empty pile of the same group."""
    spec = draw_spec(data, ruleset_id)
    stride = data.draw(st.integers(6, 20), label="check every n-th position")
    for step, (game, moves, move) in enumerate(walk(spec)):
        if step % stride and move is not None:
            continue
        missing = unlisted_allowed_moves(game, moves)
        assert not missing, f"{missing} allowed but not listed in {moves}\n{game.position()}"


@per_ruleset_property
def test_G1_deals_are_fixed(ruleset_id: str, deal: st.DataObject) -> None:
    """The same (ruleset, deal number) deals the same position every time."""
    number = deal.draw(deal_numbers(RULESETS[ruleset_id]), label="deal")
    first = Game.new(ruleset_id, deal=number)
    second = Game.new(ruleset_id, deal=number)
    assert first.position() == second.position()
    assert first.key() == second.key()
    assert Game(RULESETS[ruleset_id], number).position() == first.position()
    check_cards(first)


@per_ruleset_property
def test_G3_random_games_end_with_a_status(ruleset_id: str, data: st.DataObject) -> None:
    """A random walk that never revisits a canonical position stops (no fresh move, or END_BOUND
    moves), and its status is won / lost / in progress consistently with the moves left.

    The bound is needed: FreeCell's and Klondike's spaces are too large to exhaust.
    """
    spec = draw_spec(data, ruleset_id, max_length=0)
    game = Game.new(ruleset_id, deal=spec.deal)
    rng = random.Random(spec.seed)
    seen = {game.canonical_key()}
    for _ in range(END_BOUND):
        fresh = []
        for move in sample(game.legal_moves()):
            game.push(move)
            key = game.canonical_key()
            game.pop()
            if key not in seen:
                fresh.append((move, key))
        if not fresh:
            break
        move, key = fresh[[m for m, _ in fresh].index(choose(rng, [m for m, _ in fresh]))]
        game.play(move)
        seen.add(key)
    check_outcome(game)


# Games whose every move either gets somewhere for good (to a foundation, onto a base, a stock
# deal with no redeal) or only relocates cards, which lost detection sees through: here a random
# player who never repeats a position always ends at "won" or "lost", never stuck "in progress".
# (Klondike with unlimited redeals and FreeCell's free cells are too large to walk to the end.)
ENDING = [r for r in ("cromwell", "parada", "parada-1", "kwadratura-kola", "dywan", "czternastki") if r in RULESETS]
END_PLAY = 3_000  # far more moves than any of these games has needed (a few hundred)


@pytest.mark.parametrize("ruleset_id", ENDING)
@settings(max_examples=10)
@given(data=st.data())
def test_G3_random_games_always_end_won_or_lost(ruleset_id: str, data: st.DataObject) -> None:
    """A random walk that never revisits a canonical position runs out of fresh moves well within
    END_PLAY moves, and the game is then won or lost."""
    spec = draw_spec(data, ruleset_id, max_length=0)
    game = Game.new(ruleset_id, deal=spec.deal)
    rng = random.Random(spec.seed)
    seen = {game.canonical_key()}
    for _ in range(END_PLAY):
        fresh = {}
        for move in sample(game.legal_moves()):
            game.push(move)
            key = game.canonical_key()
            game.pop()
            if key not in seen:
                fresh[move] = key
        if not fresh:
            break
        move = choose(rng, list(fresh))
        game.push(move)
        seen.add(fresh[move])
    else:
        pytest.fail(f"still fresh moves after {END_PLAY} moves")
    assert check_outcome(game) in ("won", "lost")
