"""Black Hole's hole keyed by its top card alone in the compiled core (`tables.buried_cards_dead`:
a win pile no card leaves, the only top-only pile, so its size is implied by the rest of the key).
The merge must lose no answer: the core agrees with the Python search where both decide, its
wins replay through the engine, and on small hand-made positions its answers, `unsolvable`
included, are those of an independent search over fan heights and the hole's top rank."""

from __future__ import annotations

import random

import pytest
from positions import build, one_rank_away_winnable

from patience import core
from patience.cards import RANK, card_str
from patience.core.tables import core_tables
from patience.deals import suited_deck
from patience.engine.game import Game
from patience.solver.search import solve

pytestmark = pytest.mark.skipif(not core.available(), reason="the compiled core is not built or PATIENCE_PURE=1 (test_core checks)")

FANS = [f"{n:02}" for n in range(1, 18)]
RANKS = 13
RANK_OF = {card_str(c, ascii=True): RANK[c] for c in range(52)}


def words(cards) -> list[str]:
    return [card_str(c, ascii=True) for c in cards]


def bh_position(fans: dict[str, str], hole: list[str]) -> Game:
    """A Black Hole position: the named fans (bottom to top), the hole's cards ``hole`` (bottom
    first) and every other card below them in the hole; the last fan stays empty."""
    named = set(" ".join(fans.values()).split()) | set(hole)
    rest = [word for word in words(suited_deck(1)) if word not in named]
    return build("black-hole", dict(fans, h=" ".join(rest + hole)), fill=FANS[-1])


def test_black_holes_hole_is_its_one_top_only_pile():
    game = Game.new("black-hole")
    tables = core_tables(game.rules)
    assert tables is not None
    assert [p for p, top_only in enumerate(tables.top_only) if top_only] == [game.rules.pile_by_label["h"]]


def test_positions_that_differ_only_below_the_holes_top_share_a_key():
    """The same fans and the same top card, the hole's buried cards in another order: one key.
    Another top card, or a card moved from a fan to below the top, is another key."""
    fans = {"01": "3H 2H", "02": "2D 3D"}
    key = core.position(bh_position(fans, ["4C", "5C", "6C"])).key()
    assert core.position(bh_position(fans, ["5C", "4C", "6C"])).key() == key
    assert core.position(bh_position(fans, ["4C", "6C", "5C"])).key() != key
    assert core.position(bh_position({"01": "3H 2H", "02": "2D"}, ["4C", "3D", "5C", "6C"])).key() != key


def hole_winnable(game: Game) -> bool:
    """An independent Black Hole answer for the check below (`positions.one_rank_away_winnable`;
    BH-2: one rank up or down, whatever the suit, king and ace touching)."""
    label = game.rules.pile_by_label
    fans = [[RANK[c] for c in game.piles[label[name]]] for name in FANS]
    return one_rank_away_winnable(fans, [], RANK[game.piles[label["h"]][-1]], wrap=True)


def small_positions(count: int, seed: int = 7) -> list[Game]:
    """Positions with a few short fans (two to four, up to twelve cards, so several orders of the
    same plays meet) and the rest of the pack in the hole. Each is dealt from a winning line (a
    walk of adjacent ranks from the hole's top, its cards spread over the fans so that they come
    off in that order); every other one has two of its fan cards swapped, which often leaves no win."""
    rnd = random.Random(seed)
    positions = []
    while len(positions) < count:
        free = {rank: [c for c in words(suited_deck(1)) if RANK_OF[c] == rank] for rank in range(1, RANKS + 1)}
        for cards in free.values():
            rnd.shuffle(cards)
        rank = rnd.randint(1, RANKS)
        top = free[rank].pop()
        fans: list[list[str]] = [[] for _ in range(rnd.randint(2, 4))]
        for _ in range(rnd.randint(4, 12)):
            rank = (rank + rnd.choice((1, -1)) - 1) % RANKS + 1
            if not free[rank]:
                break
            rnd.choice(fans).insert(0, free[rank].pop())  # played after those above it
        fans = [fan for fan in fans if fan]
        if len(positions) % 2:
            flat = [(i, j) for i, fan in enumerate(fans) for j in range(len(fan))]
            (a, b), (c, d) = rnd.sample(flat, 2)
            fans[a][b], fans[c][d] = fans[c][d], fans[a][b]
        positions.append(bh_position({FANS[i]: " ".join(fan) for i, fan in enumerate(fans)}, [top]))
    return positions


SMALL = small_positions(40)


@pytest.mark.parametrize("index", range(len(SMALL)))
def test_the_cores_answers_on_small_positions_agree_with_an_independent_search(index):
    """The core's answer, `unsolvable` included (its hole keyed by the top card alone), is the
    answer of a plain search over fan heights and the hole's top; a win replays to a win."""
    game = SMALL[index]
    result = solve(game, timeout=10)
    assert result.engine == "compiled" and result.status != "unknown"
    assert (result.status == "solved") == hole_winnable(game)
    if result.status == "solved":
        assert replays_to_a_win(game, result.moves)


def test_small_positions_hold_both_answers():
    """The check above is worth something only if both answers occur among its positions."""
    assert {hole_winnable(game) for game in SMALL} == {True, False}


def replays_to_a_win(game: Game, moves: list[str]) -> bool:
    replay = game.copy()
    for word in moves:
        replay.play(word)
    return replay.is_won()


@pytest.mark.parametrize("deal", [3, 4, 15, 17, 22, 35])
def test_the_core_and_the_python_search_agree_on_black_hole_deals(deal):
    """Where both decide (the Python search within a few thousand positions), the same answer."""
    game = Game.new("black-hole", deal)
    python = solve(game, timeout=10, max_states=12000, engine="python")
    compiled = solve(game, timeout=10)
    assert compiled.engine == "compiled" and python.engine != "compiled"
    assert python.status != "unknown" and compiled.status == python.status


@pytest.mark.parametrize("deal", [5, 6])
def test_deals_the_history_of_play_kept_unknown_are_won_and_replay(deal):
    """Deals 5 and 6 stayed unknown after 35 M positions while the hole's every order was a new
    position; keyed by its top they are won in well under a second, and the line wins in the engine."""
    game = Game.new("black-hole", deal)
    result = solve(game, timeout=10)
    assert result.status == "solved"
    assert replays_to_a_win(game, result.moves)
