"""The compiled core against the Python engine, the reference, on random walks of every covered
shipped ruleset: the same legal moves in the same order, the same positions after pushes and
pops, key equality exactly where the solver's `Packer` keys are equal, the same wins, the same
safe moves. Where the core's key reads a pile's top card alone (`tables.buried_cards_dead`:
Golf's waste; without safe moves, foundations no card leaves, Black Hole's hole among them), the
Packer key is taken of the position with those piles cut to their top cards."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter
from collections.abc import Callable
from types import SimpleNamespace

import pytest
from test_engine_keywords import SWAPPER

from patience import core
from patience.core.tables import buried_cards_dead, core_tables
from patience.engine.game import Game
from patience.engine.moves import CLOSE_UP, REMOVE, SWAP, Move
from patience.ruleset.loader import load_text
from patience.ruleset.registry import shipped_rulesets
from patience.solver.prune import Autoplay, autoplay_rule
from patience.solver.search import Packer, core_safe_tables

pytestmark = pytest.mark.skipif(core._search is None, reason="the compiled core is not built (test_core checks it is)")

COVERED = [rs for rs in shipped_rulesets() if core.not_covered(Game(rs).rules) is None]
DEALS = (1, 2, 7)
STEPS = 120


def packer_with_tops(game: Game) -> Callable[[Game], bytes]:
    """The Packer key of a position with each of the core's top-only piles cut to its top card."""
    pack = Packer(game)
    tables = core_tables(game.rules)
    assert tables is not None
    tops = [p for p, top_only in enumerate(tables.top_only) if top_only]

    def key(now: Game) -> bytes:
        piles = [pile[-1:] if p in tops else pile for p, pile in enumerate(now.piles)]
        return pack(SimpleNamespace(piles=piles, hidden=now.hidden, redeals_used=now.redeals_used,
                                    uses_left=now.uses_left))

    return key


# The piles the solver's core keys by their top card (with its safe moves, where a rule is proven).
TOP_ONLY_AS_SOLVED = {
    "golf": ["waste"],  # counted by no win
    "dead-king-golf": ["waste"],  # the same: what lies under the top card decides nothing
    "aces-up": ["out"],  # its left win's one part: the part's sum is implied
    "relaxed-golf": ["waste"],
    "double-golf": ["waste"],
    "double-putt": ["waste"],
    # Counted by the win, each the only kind of top-only pile there: their sum is implied.
    "black-hole": ["hole"],
    "binary-star": ["ace-hole", "king-hole"],
    "all-in-a-row": ["foundation"],
    "red-and-black": ["foundations"] * 8,
    # PA-1's aces: only received (at the deal and at stock deals), counted by the win with the
    # rows, which are keyed in full.
    "parada": ["out"],
    "parada-1": ["out"],
    "bristol": ["foundations"] * 4,  # built regardless of suit (issue 37): no safe-move rule is proven
    "scotch-patience": ["foundations"] * 4,  # built in alternating colours: no safe-move rule is proven
    "cromwell": ["foundations"] * 8,  # two decks: no safe-move rule is proven, so no card leaves home
    "czternastki": ["out"],  # the discard piles the removals fill, each all its win counts
    "monte-carlo": ["out"],
    "fourteen-out": ["out"],
    "nestor": ["out"],  # as Monte Carlo's
    "pyramid": ["out"],  # the removals' discard pile: only received, counted by no win
    "giza": ["out"],  # the removals' discard pile, all its win counts
    "king-tut": ["out"],  # as Pyramid's
    "tripeaks": ["waste"],  # built on, counted by no win (as Golf's)
    # No safe-move rule is proven beside a reshuffle or takes_when (`options_read_the_layout`),
    # so foundations no card leaves, all the win counts, are keyed by their tops.
    "cruel": ["foundations"] * 4,
    "la-belle-lucie": ["foundations"] * 4,
    "perseverance": ["foundations"] * 4,
    "trefoil": ["foundations"] * 4,
    "miss-milligan": ["foundations"] * 8,
    "gaps": ["out"],  # the aces, put out at the deal: counted by the win with the rows, keyed in full
    "sir-tommy": ["foundations"] * 4,  # built regardless of suit, as Bristol's: no safe-move rule is proven
}


def top_only_groups(game: Game, tables) -> list[str]:
    return [game.rules.group_of[p].id for p, top_only in enumerate(tables.top_only) if top_only]


def test_only_the_proven_piles_are_keyed_by_their_top_card_as_the_solver_runs():
    """The key reads a top card alone only where the proof holds: among shipped rulesets as the
    solver runs them, Golf's waste and the foundations of the games with no safe-move rule that
    no card leaves (Black Hole's hole among them). (The core's first pass under unproven SIMPLE
    safe moves keys those foundations in full: safe moves read them.)"""
    found = {}
    for rs in COVERED:
        game = Game(rs)
        needs, sources = core_safe_tables(game, autoplay_rule(game.rules))
        found[rs.id] = top_only_groups(game, core_tables(game.rules, needs, sources))
    assert {game: groups for game, groups in found.items() if groups} == TOP_ONLY_AS_SOLVED


def test_a_counted_pile_is_keyed_in_full_beside_a_top_only_pile_the_win_does_not_count():
    """Only the top-only piles' sum of sizes is implied by the rest of the key. Binary Star with
    a win counting its ace hole alone: the king hole, counted by nothing, stays top-only and the
    ace hole is keyed in full (else cards could pass between the holes unseen by the win's key);
    counting both holes keys both by their tops."""
    rules = copy.copy(Game.new("binary-star").rules)
    ace_hole, king_hole = rules.group_by_id["ace-hole"].piles.start, rules.group_by_id["king-hole"].piles.start
    both = rules.win_conditions[0]
    assert set(both.piles) == {ace_hole, king_hole}
    rules.win_conditions = [dataclasses.replace(both, piles=(ace_hole,))]
    dead = buried_cards_dead(rules, safe_moves=False)
    assert (dead[ace_hole], dead[king_hole]) == (False, True)
    rules.win_conditions = [both]
    dead = buried_cards_dead(rules, safe_moves=False)
    assert (dead[ace_hole], dead[king_hole]) == (True, True)
    assert not buried_cards_dead(rules, safe_moves=True)[ace_hole]  # safe moves count cards home


@pytest.mark.parametrize("ruleset", COVERED, ids=lambda rs: rs.id)
def test_core_lists_moves_plays_and_keys_as_the_engine_does(ruleset):
    assert walk_both(ruleset) > 2 * len(DEALS)  # the walks went somewhere: the key checks compared something


def walk_both(ruleset, deals=DEALS, favour: Callable[[Move], bool] | None = None, steps: int = STEPS,
              chosen: Counter | None = None) -> int:
    """Random walks on the engine and the core side by side; the positions keyed. ``favour``:
    moves pushed half the time when one is listed (a word a uniform walk seldom meets), each
    counted in ``chosen``."""
    distinct = 0
    for deal in deals:
        game = Game.new(ruleset, deal) if isinstance(ruleset, str) else Game(ruleset, deal)
        position = core.position(game)
        pack = packer_with_tops(game)
        keys: dict[bytes, tuple[int, int]] = {}
        packed_by_key: dict[tuple[int, int], bytes] = {}
        rnd = random.Random(deal)
        for step in range(steps):
            expected = game.legal_moves()  # the swaps, removals and close-ups too
            assert position.legal_moves() == expected, (deal, step)
            assert position.uses_left() == game.uses_left, (deal, step)
            assert position.piles() == game.piles and position.hidden_counts() == game.hidden, (deal, step)
            assert position.is_won() == game.is_won()
            packed, key = pack(game), position.key()
            # equal Packer keys <=> equal core keys, over every position of the walk
            assert keys.setdefault(packed, key) == key, (deal, step)
            assert packed_by_key.setdefault(key, packed) == packed, (deal, step)
            if expected and (rnd.random() < 0.8 or not game.history):
                liked = [m for m in expected if favour(m)] if favour is not None else []
                move = rnd.choice(liked) if liked and rnd.random() < 0.5 else rnd.choice(expected)
                if chosen is not None and move in liked:
                    chosen[move[1]] += 1
                game.push(move)
                position.push(move)
            elif game.history:
                game.pop()
                position.pop()
        distinct += len(keys)
    return distinct


@pytest.mark.parametrize("face", ["up", "top-up"])
def test_CR4_an_unlimited_swap_among_face_down_cards_walks_as_the_engine_does(face):
    """A swap never used up (uses -1, the same in every key) and rows with face-down cards,
    which no swap may touch: test_engine_keywords.py's Swapper."""
    ruleset = load_text(SWAPPER.replace("{to: row, count: 2, face: up}", f"{{to: row, count: 2, face: {face}}}"),
                        "swapper.yaml")
    assert core.not_covered(Game(ruleset).rules) is None
    assert walk_both(ruleset) > 2 * len(DEALS)


def test_CR4_swaps_at_any_depth_are_listed_played_and_keyed_as_the_engine_does():
    """Along a walk of Cromwell's card moves the swap is still there: every swap listed as the
    engine lists it (no two equal cards, no swap that only turns two fans into each other), and
    some pushed and popped; a swap spends the one use, which the key sees."""
    swaps_tried = 0
    for deal in (1, 4):
        game = Game.new("cromwell", deal)
        position = core.position(game)
        pack = packer_with_tops(game)
        rnd = random.Random(deal)
        for _step in range(40):
            expected = game.legal_moves()
            assert position.legal_moves() == expected
            swaps = [m for m in expected if m[1] == SWAP]
            assert len(swaps) > 1000
            before = position.key()
            for move in rnd.sample(swaps, 5):
                game.push(move)
                position.push(move)
                assert position.piles() == game.piles and position.uses_left() == game.uses_left == (0,)
                assert not [m for m in position.legal_moves() if m[1] == SWAP]
                undone = game.copy()
                undone.pop()
                undone.uses_left = (0,)  # the same cards with no swap left: another position
                assert pack(undone) != pack(game) and position.key() != before
                game.pop()
                position.pop()
                assert position.key() == before and position.uses_left() == (1,)
                swaps_tried += 1
            cards = [m for m in expected if m[1] != SWAP]
            if not cards:
                break
            move = rnd.choice(cards)
            game.push(move)
            position.push(move)
    assert swaps_tried >= 100


def test_CZ3_a_close_up_slides_the_lanes_and_refills_from_the_stock_as_the_engine_does():
    """CZ-2 then CZ-3 on Czternastki: pairs out, then a close-up; the slide, the stock's cards
    in the outer gaps, the stock's face-down count, and the way back agree with the engine."""
    game = Game.new("czternastki", 1)
    position = core.position(game)
    stock = game.rules.refill_pile  # the stock: only the close-up takes from it
    start = position.key()
    removed = 0
    while removed < 4:
        pairs = [m for m in game.legal_moves() if m[1] == REMOVE]
        assert pairs and position.legal_moves() == game.legal_moves()
        game.push(pairs[-1])
        position.push(pairs[-1])
        removed += 1
    assert (0, CLOSE_UP, 0) in position.legal_moves()
    game.push((0, CLOSE_UP, 0))
    position.push((0, CLOSE_UP, 0))
    assert not game.piles[stock] and position.piles() == game.piles and position.hidden_counts() == game.hidden
    assert position.legal_moves() == game.legal_moves()
    for _move in range(removed + 1):
        game.pop()
        position.pop()
        assert position.piles() == game.piles and position.hidden_counts() == game.hidden
    assert position.key() == start and len(game.piles[stock]) == 4


def test_CZ3_a_lane_whose_outer_place_alone_is_empty_takes_a_stock_card_first():
    """Nothing slides in a lane with only its outer place empty, yet the close-up fills it from
    the stock before the later lanes' gaps (lane by lane), as the engine does."""
    game = Game.new("czternastki", 2)
    rules = game.rules
    label = rules.pile_by_label
    out = label["x"]
    for cell in ("nf1", "ec2", "sd1"):  # an outer place alone, then two inner gaps further on
        game.piles[out].append(game.piles[label[cell]].pop())
    position = core.position(game)
    assert position.legal_moves() == game.legal_moves()
    game.push((0, CLOSE_UP, 0))
    position.push((0, CLOSE_UP, 0))
    assert game.piles[label["nf1"]] and position.piles() == game.piles
    assert position.hidden_counts() == game.hidden and position.legal_moves() == game.legal_moves()
    game.pop()
    position.pop()
    assert position.piles() == game.piles and position.key() == core.position(game).key()


@pytest.mark.parametrize("ruleset", [rs for rs in COVERED if autoplay_rule(Game(rs).rules) is not None],
                         ids=lambda rs: rs.id)
def test_core_safe_moves_are_the_proven_autoplays(ruleset):
    """prune.Autoplay under the proven rule and the core's safe moves agree along a walk."""
    game = Game(ruleset, 3)
    rule = autoplay_rule(game.rules)
    autoplay = Autoplay(game, rule)
    needs, sources = core_safe_tables(game, rule)
    position = core.position(game, needs, sources)
    rnd = random.Random(3)
    for _step in range(60):
        expected = autoplay.run(game)
        assert position.safe_moves() == expected
        for _move in expected:
            game.pop()
            position.pop()
        moves = game.legal_moves(actions=False)
        if not moves:
            break
        move = rnd.choice(moves)
        game.push(move)
        position.push(move)


@pytest.mark.parametrize("game_id", ["klondike-3", "klondike-vegas"])
def test_stock_turns_and_redeals_agree_and_counted_redeals_are_in_the_key(game_id):
    """The stock turned round and round (unlimited redeals, and Vegas's two): the same piles as
    the engine's at each turn and back; with counted redeals the same layout after another
    redeal is another key, with unlimited ones the same key."""
    game = Game.new(game_id, 5)
    position = core.position(game)
    keys_by_layout: dict[tuple, set] = {}
    for _turn in range(3 * 9 + 2):
        stock = [m for m in game.legal_moves(actions=False) if m[1] < 0]
        if not stock:
            break
        game.push(stock[0])
        position.push(stock[0])
        assert position.piles() == game.piles and position.hidden_counts() == game.hidden
        keys_by_layout.setdefault(tuple(map(tuple, game.piles)), set()).add(position.key())
    assert position.redeals == game.redeals_used >= 1
    several = any(len(keys) > 1 for keys in keys_by_layout.values())
    assert several == (game.rules.redeals >= 0)
    while game.history:
        game.pop()
        position.pop()
        assert position.piles() == game.piles and position.hidden_counts() == game.hidden


@pytest.mark.parametrize("game_id", ["spider", "simple-simon"])
def test_a_whole_suit_goes_home_as_one_unit_as_the_engine_lists_it(game_id):
    """`unit: 13`: a king-to-ace run of one suit on a column is listed as one 13-card move to
    the foundations, by the core as by the engine, and pushing and popping it agree (random
    walks seldom build such a run)."""
    game = Game.new(game_id, 1)
    rules = game.rules
    column = rules.groups[-1].piles.start
    run = [(rank - 1) * 4 for rank in range(13, 0, -1)]  # spades, king first (a card is (rank - 1) * 4 + suit)
    displaced = list(game.piles[column])
    for card in run:  # take each card of the run from wherever it lies
        if card in displaced:
            displaced.remove(card)
        else:
            game.piles[next(p for p, pile in enumerate(game.piles) if p != column and card in pile)].remove(card)
    spare = next(p for p in rules.groups[-1].piles if p != column)
    game.piles[spare].extend(displaced)
    game.piles[column][:] = run
    for p, pile in enumerate(game.piles):
        game.hidden[p] = len(pile) if p == rules.stock_pile else min(game.hidden[p], max(len(pile) - 1, 0))
    game.hidden[column] = 0
    position = core.position(game)
    expected = game.legal_moves(actions=False)
    assert position.legal_moves() == expected
    home = [m for m in expected if m[0] == column and m[2] == 13]
    assert home and all(m[1] in rules.foundation_piles for m in home)
    assert not [m for m in expected if m[1] in rules.foundation_piles and m[2] != 13]
    game.push(home[0])
    position.push(home[0])
    assert position.piles() == game.piles and position.hidden_counts() == game.hidden
    game.pop()
    position.pop()
    assert position.piles() == game.piles and position.hidden_counts() == game.hidden


# Parada's words (PA-1's discard at each stock deal, PA-3's prefer, PA-4's move alone, PA-6's
# full piles): the walks above cover both rulesets; here each word is shown to have mattered on
# such a walk, by a core whose tables lack it going wrong where the full core and engine agree.
PARADA = ("parada", "parada-1")


def without(game: Game, **changes):
    """The core standing at ``game``'s position with some of its tables replaced."""
    tables = dataclasses.replace(core_tables(game.rules), **changes)
    return core._search.Core(tables, game.piles, game.hidden, game.redeals_used)


def test_parada_is_searched_by_the_compiled_core():
    assert [core.not_covered(Game.new(game_id).rules) for game_id in PARADA] == [None, None]


@pytest.mark.parametrize("game_id", PARADA)
def test_PA1_PA3_PA4_each_parada_word_matters_on_walks_where_core_and_engine_agree(game_id):
    rules = Game.new(game_id).rules
    alone_as_top = tuple(1 if kind == 4 else kind for kind in core_tables(rules).move_kind)  # alone -> top
    mattered = {"prefer": 0, "alone": 0, "discard": 0}
    for deal in range(1, 7):
        game = Game.new(game_id, deal)
        position = core.position(game)
        rnd = random.Random(deal)
        for _step in range(150):
            expected = game.legal_moves(actions=False)
            assert position.legal_moves() == expected
            mattered["prefer"] += without(game, prefer_mask=(0,) * 52).legal_moves() != expected
            mattered["alone"] += without(game, move_kind=alone_as_top).legal_moves() != expected
            if not expected:
                break
            deals = [m for m in expected if m[1] < 0]
            move = deals[0] if deals and rnd.random() < 0.25 else rnd.choice(expected)
            if move[1] < 0:
                lacking = without(game, discard_pile=-1)
                lacking.push(move)
            game.push(move)
            position.push(move)
            assert position.piles() == game.piles and position.hidden_counts() == game.hidden
            if move[1] < 0:
                mattered["discard"] += lacking.piles() != game.piles
    # With one deck a built pile's top could go nowhere anyway (no second copy of its base, and
    # an empty place takes only 2-4), so PA-4 changes no listing there.
    assert [name for name, count in mattered.items() if not count] == ([] if rules.total_cards > 52 else ["alone"])


@pytest.mark.parametrize("decks, game_id", [(2, "parada"), (1, "parada-1")])
def test_PA6_every_card_in_the_parade_is_no_win_until_every_started_pile_is_complete(decks, game_id):
    """The core's win reads the full piles: every card lies in the parade with one pile short
    (and, one deck, its last card on a pile of its own) before the last move, and then it wins."""
    from test_parada import complete_parade, pa

    piles = complete_parade(decks)
    if decks == 2:
        piles["c8"], piles["3"] = "4S 7S TS", "KS"  # the last card still on a stack
    else:
        piles["a4"], piles["b7"] = "2S 5S 8S", "JS"  # every card in the parade
    game = pa(piles, game=game_id)
    position = core.position(game)
    lacking = without(game, full_piles=())
    assert not position.is_won() and not game.is_won()
    assert lacking.is_won() == (decks == 1)  # all cards home: only the full piles say no
    last = [m for m in game.legal_moves(actions=False) if m[1] >= 0 and len(game.piles[m[1]]) == 3]
    assert position.legal_moves() == game.legal_moves(actions=False) and len(last) == 1
    game.push(last[0])
    position.push(last[0])
    assert position.is_won() and game.is_won()


# ---------------------------------------------------------------- the carpets (KK-2, KK-4, DY-2)
CARPETS = ("kwadratura-kola", "dywan")


def _met(game: Game, lanes: range) -> Counter:
    """What the carpets' rules refuse or allow here that a short walk may never meet: a card held
    by its lanes (KK-2), an inner card freed by an emptied lane, a start refused by KK-4, a
    carpet card that may pack onto the waste (DY-2)."""
    rules, piles = game.rules, game.piles
    met: Counter = Counter()
    met["held"] = sum(1 for p in lanes if piles[p] and not game.is_free(p))
    met["opened"] = sum(1 for p in lanes if piles[p] and game.is_free(p) and all(rules.lanes_of[p]))  # not an edge card
    tops = [piles[p][-1] for p in lanes if piles[p] and game.is_free(p)]
    if rules.waste_pile >= 0 and piles[rules.waste_pile]:
        tops.append(piles[rules.waste_pile][-1])
    for group in rules.groups:
        if group.follows is not None and any(not piles[p] for p in group.piles):
            met["refused start"] += sum(1 for card in tops if group.empty_ok is not None and group.empty_ok[card]
                                        and not game.may_start(group, card))
    met["packed"] = sum(1 for src, dst, _n in game.legal_moves(actions=False) if dst == rules.waste_pile and src in lanes)
    return met


@pytest.mark.parametrize("game_id", CARPETS)
def test_KK2_KK4_DY2_core_plays_the_carpets_as_the_engine_on_long_walks(game_id):
    """Walks that favour foundation moves, so that lanes open deep into the carpet (KK-2), fives
    and nines meet KK-4's start order and Dywan's waste is packed (DY-2): the same moves, piles,
    keys and safe moves as the engine at every step, and each of those rules met on the way."""
    met: Counter = Counter()
    for deal in (1, 2, 3):
        game = Game.new(game_id, deal)
        rules = game.rules
        lanes = next(g.piles for g in rules.groups if g.lanes is not None)
        rule = autoplay_rule(rules)
        autoplay = Autoplay(game, rule)
        needs, sources = core_safe_tables(game, rule)
        position, safe = core.position(game), core.position(game, needs, sources)
        pack = packer_with_tops(game)
        keys: dict[bytes, tuple[int, int]] = {}
        packed_by_key: dict[tuple[int, int], bytes] = {}
        rnd = random.Random(deal)
        for step in range(300):
            expected = game.legal_moves(actions=False)
            assert position.legal_moves() == expected, (deal, step)
            assert position.piles() == game.piles and position.hidden_counts() == game.hidden, (deal, step)
            assert position.is_won() == game.is_won()
            packed, key = pack(game), position.key()
            assert keys.setdefault(packed, key) == key, (deal, step)
            assert packed_by_key.setdefault(key, packed) == packed, (deal, step)
            safe.load(game.piles, game.hidden, game.redeals_used)
            auto = autoplay.run(game)
            assert safe.safe_moves() == auto, (deal, step)
            for _move in auto:
                game.pop()
            met += _met(game, lanes)
            home = [m for m in expected if m[1] in rules.foundation_piles or m[1] == rules.waste_pile]
            if expected and (rnd.random() < 0.9 or not game.history):
                move = rnd.choice(home) if home and rnd.random() < 0.9 else rnd.choice(expected)
                game.push(move)
                position.push(move)
            elif game.history:
                game.pop()
                position.pop()
    assert met["held"] and met["opened"]
    assert met["refused start"] if game_id == "kwadratura-kola" else met["packed"], met
