"""Whole Klondike games: known winning lines for a few deals, replayed move by move (KL-1..KL-9).

The lines in tests/data/klondike/<ruleset>-deal-<N>.txt were made by
tests/data/klondike/make_games.py (a test-data generator, not the project's solver), in the
engine's notation (columns 1-7, ``w`` the waste, ``h`` the foundations, ``s`` the stock).
Each file's ``#`` header gives the ruleset, the deal, the move count and the final score.

The score is recomputed here from the words of KL-8, by looking at what each move did to the
piles, not from the ruleset's scoring table: that checks the table against the rule text.
"""

from __future__ import annotations

import pathlib
import re

import pytest
from click.testing import CliRunner

from patience import Game
from patience.cli import main

DATA = pathlib.Path(__file__).parent / "data" / "klondike"
NAME = re.compile(r"(?P<ruleset>[a-z0-9-]+?)-deal-(?P<deal>\d+)\.txt")
HEADER = re.compile(r"# ruleset ([a-z0-9-]+), deal (\d+): (?P<moves>\d+) moves, final score (?P<score>\d+)")
DRAW = {"klondike": 1, "klondike-3": 3, "klondike-vegas": 3}  # KL-6, from the rulesets' descriptions
REDEALS = {"klondike": None, "klondike-3": None, "klondike-vegas": 2}  # None: unlimited (KL-6)



def ruleset_deal(path: pathlib.Path) -> tuple[str, int]:
    m = NAME.fullmatch(path.name)
    return m["ruleset"], int(m["deal"])


GAMES = sorted(DATA.glob("*-deal-*.txt"), key=ruleset_deal)
games = pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])


def words_of(path: pathlib.Path) -> list[str]:
    words: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        words += line.split("#", 1)[0].split()
    return words


def header_of(path: pathlib.Path) -> re.Match:
    m = HEADER.match(path.read_text(encoding="utf-8").splitlines()[0])
    assert m, f"{path.name}: no '# ruleset R, deal N: M moves, final score S' header"
    assert (m[1], int(m[2])) == ruleset_deal(path), f"{path.name}: header names another game"
    return m


def new_game(path: pathlib.Path) -> Game:
    ruleset, deal = ruleset_deal(path)
    return Game.new(ruleset, deal=deal)


def face_down_in_tableau(game: Game) -> int:
    return sum(game.hidden[p] for p in game.rules.column_piles)


def kl8_points(game: Game, before: list[int], down_before: int, draw: int) -> int:
    """KL-8, from what the move did: which pile lost cards, which gained them, what turned up."""
    rules = game.rules
    after = [len(p) for p in game.piles]
    lost = [p for p in range(len(after)) if after[p] < before[p]]
    gained = [p for p in range(len(after)) if after[p] > before[p]]
    assert len(lost) == 1 and len(gained) == 1, "a move takes cards from one pile to one pile"
    src, dst = lost[0], gained[0]
    n = after[dst] - before[dst]

    def kind(p: int) -> str:
        if p in rules.foundation_piles:
            return "foundation"
        if p in rules.column_piles:
            return "tableau"
        return {rules.stock_pile: "stock", rules.waste_pile: "waste"}[p]

    points = 5 * (down_before - face_down_in_tableau(game))  # a tableau card turned face up
    if kind(dst) == "foundation":
        points += 10 * n  # card to a foundation
    if (kind(src), kind(dst)) == ("waste", "tableau"):
        points += 5 * n  # waste card to the tableau (only the top one moves: n == 1)
    if (kind(src), kind(dst)) == ("foundation", "tableau"):
        points -= 15 * n  # a card taken back from a foundation
    if (kind(src), kind(dst)) == ("waste", "stock") and draw == 3:
        points -= 20  # each redeal in draw 3
    return points


def test_KL9_enough_winning_lines():
    found = [ruleset_deal(p) for p in GAMES]
    assert sum(1 for r, _ in found if r == "klondike") >= 4
    assert sum(1 for r, _ in found if r == "klondike-3") >= 2


@games
def test_KL9_klondike_deal_played_to_a_win(path):
    game = new_game(path)
    words = words_of(path)
    for number, word in enumerate(words, 1):
        assert not game.is_won(), f"won before move {number}"
        assert game.status() == "in progress", f"before move {number}"
        game.play(word)
    assert game.is_won()
    assert game.status() == "won"
    assert game.move_count == len(words) == int(header_of(path)["moves"])
    assert sum(len(game.piles[p]) for p in game.rules.foundation_piles) == 52


def vegas_points(game: Game, before: list[int]) -> int:
    """Vegas scoring (klondike-vegas, issue 25): 5 for each card sent home, 5 back for a card taken
    back; the game starts at -52, with no floor."""
    home = sum(len(game.piles[p]) for p in game.rules.foundation_piles) - sum(before[p] for p in game.rules.foundation_piles)
    return 5 * home


STANDARD = [p for p in GAMES if ruleset_deal(p)[0] != "klondike-vegas"]
VEGAS = [p for p in GAMES if ruleset_deal(p)[0] == "klondike-vegas"]


@pytest.mark.parametrize("path", STANDARD, ids=[p.stem for p in STANDARD])
def test_KL8_final_score_recomputed_from_the_rule_text(path):
    ruleset, _ = ruleset_deal(path)
    game = new_game(path)
    assert game.score == 0
    score = 0
    for number, word in enumerate(words_of(path), 1):
        before, down = [len(p) for p in game.piles], face_down_in_tableau(game)
        game.play(word)
        score = max(0, score + kl8_points(game, before, down, DRAW[ruleset]))  # floor after each move
        assert game.score == score, f"move {number} ({word})"
    assert game.is_won()
    assert game.score == score == int(header_of(path)["score"])


@pytest.mark.parametrize("path", VEGAS, ids=[p.stem for p in VEGAS])
def test_vegas_score_recomputed_move_by_move(path):
    game = new_game(path)
    assert game.score == -52
    score = -52
    for number, word in enumerate(words_of(path), 1):
        before = [len(p) for p in game.piles]
        game.play(word)
        score += vegas_points(game, before)
        assert game.score == score, f"move {number} ({word})"
    assert game.is_won() and score == -52 + 5 * 52


def test_KL8_lines_show_every_scoring_rule():
    """The data exercise each KL-8 clause at least once (the detours of make_games.py see to it)."""
    seen: set[str] = set()
    for path in GAMES:
        ruleset, _ = ruleset_deal(path)
        game = new_game(path)
        rules = game.rules
        for word in words_of(path):
            score, down = game.score, face_down_in_tableau(game)
            src, dst, _ = game.play(word)
            if dst in rules.foundation_piles:
                seen.add("to foundation")
            if src == rules.waste_pile and dst in rules.column_piles:
                seen.add("waste to tableau")
            if face_down_in_tableau(game) < down:
                seen.add("turn up")
            if src in rules.foundation_piles and dst in rules.column_piles:
                seen.add("foundation to tableau")
            if dst < 0 and not game.piles[rules.waste_pile] and game.piles[rules.stock_pile]:
                seen.add(f"redeal draw {DRAW[ruleset]}")
                if DRAW[ruleset] == 3 and score < 20:
                    seen.add("floor")
    assert seen == {"to foundation", "waste to tableau", "turn up", "foundation to tableau",
                    "redeal draw 1", "redeal draw 3", "floor"}


@games
def test_KL6_stock_draws_and_the_waste_turns_over_unshuffled(path):
    ruleset, _ = ruleset_deal(path)
    game = new_game(path)
    stock, waste = game.rules.stock_pile, game.rules.waste_pile
    redeals = 0
    for word in words_of(path):
        old_stock, old_waste = game.piles[stock][:], game.piles[waste][:]
        game.play(word)
        if word != "s":
            assert game.piles[stock] == old_stock
            continue
        if old_stock:
            n = min(DRAW[ruleset], len(old_stock))
            assert game.piles[waste] == old_waste + old_stock[::-1][:n]
            assert game.piles[stock] == old_stock[:-n]
        else:
            redeals += 1
            assert not game.piles[waste] and game.piles[stock] == old_waste[::-1]
            assert game.hidden[stock] == len(old_waste)
    if REDEALS[ruleset] is not None:
        assert redeals <= REDEALS[ruleset]


@games
def test_G2_lines_are_written_as_the_engine_writes_moves(path):
    """Each word is what ``notation()`` gives for the move it names, just before it is played."""
    game = new_game(path)
    for word in words_of(path):
        move = game.play(word)
        game.undo()
        assert game.notation(move) == word
        game.redo()
    assert game.is_won()


@games
def test_KL9_klondike_deal_replayed_by_cli_to_a_win(path):
    ruleset, deal = ruleset_deal(path)
    result = CliRunner().invoke(main, ["replay", ruleset, "--deal", str(deal), str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] == "won"


@games
def test_G3_undoing_the_whole_game_returns_to_the_deal(path):
    game = new_game(path)
    positions = [game.position()]
    for word in words_of(path):
        game.play(word)
        positions.append(game.position())
    assert game.status() == "won"
    while positions:
        assert game.position() == positions.pop()
        if positions:
            game.undo()
    assert game.position() == new_game(path).position()
    assert game.score == new_game(path).score and game.redeals_used == 0 and not game.history
