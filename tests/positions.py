"""Build test positions by hand, the way a rule book draws them."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pytest

from patience import Game, IllegalMove
from patience.cards import card_str, parse_card
from patience.deals import suited_deck
from patience.engine.faces import read_pile
from patience.ruleset import load_text
from patience.ruleset.registry import find_ruleset

DATA = Path(__file__).parent / "data"
TEST_RULESETS = DATA / "rulesets"  # made-up rulesets for engine cases no shipped game has
ROOT = Path(__file__).resolve().parents[1]


def build(game: str, piles: dict[str, str], *, fill: str, fill_face_down: bool = False, **header: int) -> Game:
    """A position of ``game`` (a name or a path) with the given piles ("down cards | up cards",
    bottom to top).

    Every card not named goes, in card order, onto pile ``fill``.
    """
    ruleset = find_ruleset(game)
    used: Counter[int] = Counter()
    lines = [f"game: {ruleset.id}"] + [f"{k}: {v}" for k, v in header.items()]
    for text in piles.values():
        used.update(read_pile(text)[0])
    rest = Counter(suited_deck(ruleset.decks, ruleset.suits)) - used  # the pack, in its suits
    leftover = " ".join(card_str(c, ascii=True) for c in sorted(rest.elements()))
    piles = dict(piles)
    if fill in piles:
        raise ValueError("the fill pile is filled automatically")
    piles[fill] = f"{leftover} |" if fill_face_down else f"| {leftover}"
    labels = Game(ruleset).rules.labels
    for label in labels:
        text = piles.get(label, "|")
        if "|" not in text:
            text = "| " + text
        lines.append(f"pile {label}: {text}")
    return Game.from_position("\n".join(lines) + "\n", ruleset)


def made_up(name: str) -> str:
    """The path of a made-up ruleset in tests/data/rulesets, as `build` and `Game.new` take it."""
    return str(TEST_RULESETS / f"{name}.yaml")


def pile(game: Game, label: str) -> list[str]:
    """The cards of the pile labelled ``label``, bottom first, as ``TH``-style words."""
    return [card_str(c, ascii=True) for c in game.piles[game.rules.pile_by_label[label]]]


def dealt(game: Game, labels: Iterable[str]) -> dict[str, str]:
    """The cards of each pile of ``labels``, bottom to top, as one ``TH``-style line: what a golden
    deal (a family module's ``GOLDEN``) is compared with."""
    return {label: " ".join(pile(game, label)) for label in labels}


def refused(game: Game, move: str, reason: str) -> None:
    """Playing ``move`` (notation) is refused with a message matching ``reason``, and changes nothing."""
    before = game.key()
    with pytest.raises(IllegalMove, match=reason):
        game.play(move)
    assert game.key() == before


def notations(game: Game) -> list[str]:
    """Every legal move of ``game`` in its notation, in listing order."""
    return [game.notation(m) for m in game.legal_moves()]


def cell(r: int, c: int) -> str:
    """The label of an 8-column grid's cell at row ``r``, column ``c`` (0-based): ``a1`` top left."""
    return "abcdefgh"[c] + str(r + 1)


def plays_to_win(game: Game, moves: list[str]) -> bool:
    """Play ``moves`` (notation) with the engine's checks; whether the game is then won.
    An illegal move raises, and no move may come after a win."""
    for word in moves:
        assert not game.is_won(), "a move after the game was won"
        game.play(word)
    return game.is_won()


def replays_to_win(game_name: str, deal: int, moves: list[str]) -> bool:
    """``moves`` from the start of ``game_name``'s deal ``deal`` win it."""
    return plays_to_win(Game(find_ruleset(game_name), deal), moves)


def solution_words(path: Path) -> list[str]:
    """The moves of a solution file: words, with ``#`` starting a comment to the line's end."""
    words: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        words += line.split("#", 1)[0].split()
    return words


def stored_wins(games: list[str]) -> list[Path]:
    """The stored winning lines of ``games``: tests/data/<id>/deal-N.txt, each found once by
    `patience solve` and kept so that a change to a game's rules or to the engine shows."""
    return sorted(path for name in games for path in (DATA / name).glob("deal-*.txt"))


def wins_its_deal(path: Path) -> bool:
    """The stored line ``path`` (tests/data/<id>/deal-N.txt) plays its deal to a win."""
    game = Game.new(path.parent.name, int(path.stem.removeprefix("deal-")))
    return plays_to_win(game, solution_words(path)) and game.status() == "won"


def freecell_solution(deal: int) -> list[str]:
    """A known solution of a Microsoft FreeCell deal, from tests/data/freecell/deal-N.txt."""
    return solution_words(DATA / "freecell" / f"deal-{deal}.txt")


# Klondike (KL-9) ------------------------------------------------------------------------------
def full_foundations_but(cards: str) -> dict[str, str]:
    """Foundations holding every card of each suit below the given ones."""
    held = {parse_card(c) for c in cards.split()}
    piles = {}
    for suit, label in zip("CDHS", ["h1", "h2", "h3", "h4"]):
        run = []
        for rank in "A23456789TJQK":
            card = parse_card(rank + suit)
            if card in held:
                break
            run.append(rank + suit)
        piles[label] = " ".join(run)
    return piles


def dead_end(stock: str = "") -> dict[str, str]:
    """Foundations up to the threes; the fours buried; seven black tops that take nothing."""
    piles = full_foundations_but("4C 4D 4H 4S")
    tops = ["6C", "6S", "8C", "8S", "TC", "TS", "QC"]
    rest = [f"{r}{s}" for s in "CDHS" for r in "456789TJQK" if f"{r}{s}" not in tops and f"{r}{s}" not in stock.split()]
    piles["1"] = " ".join(rest) + " | 6C"
    for label, top in zip("234567", tops[1:]):
        piles[label] = top
    if stock:
        piles["s"] = stock + " |"
    return piles


# A tiny FreeCell for the solver's tests: its safe moves are provably safe.
REDS_HOME = {"h1": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "h2": "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"}


def tiny_ruleset():
    """FreeCell with two cells and no card back from a foundation: safe moves are provably safe."""
    text = (ROOT / "rulesets" / "freecell.yaml").read_text(encoding="utf-8")
    text = text.replace("id: freecell", "id: tiny-cells").replace("name: FreeCell", "name: Tiny Cells")
    text = text.replace("move: top                                               # FC-4: a foundation card may go to a cell\n"
                        "    to: [cells]", "move: none")
    text = text.replace('count: 4\n    labels: "a b c d"', 'count: 2\n    labels: "a b"')
    return load_text(text)


def tiny_position(columns: dict[str, str], cells: dict[str, str]) -> Game:
    """Reds home, spades and clubs to the 4; the rest as given, in the tiny ruleset."""
    piles = {**REDS_HOME, "h3": "AS 2S 3S 4S", **cells, **columns}
    text = build("freecell", piles, fill="h4").position()
    text = text.replace("game: freecell", "game: tiny-cells").replace("pile c: |\n", "").replace("pile d: |\n", "")
    return Game.from_position(text, tiny_ruleset())


STUCK = {"1": "5S 6C JS", "2": "5C 6S JC", "3": "7S 8C", "4": "7C 8S", "5": "9S TC", "6": "9C TS", "7": "QS KC", "8": "QC"}


DEPTH_FIRST_DEAL = 53


def needs_depth_first() -> Game:
    """Klondike draw-3 deal 53: best-first alone wins it only after 10,399 positions (solver
    version 8; version 7: not within 40,000); depth-first, once it joins after DEPTH_FIRST_AFTER,
    wins it within a few hundred of its own (2,360 positions in all). The tests of the two
    searches taking turns use it."""
    return Game.new("klondike-3", deal=DEPTH_FIRST_DEAL)


def one_rank_away_winnable(columns: list[list[int]], stock: list[int], top: int, wrap: bool) -> bool:
    """An oracle independent of the engine for the games that play column tops onto one pile one
    rank up or down, whatever the suit (Golf, Black Hole): a search over (column heights, stock
    cards turned, the pile's top rank), all such a position's future depends on. ``columns`` and
    ``top`` are ranks 0-12 (bottom card first), ``stock`` the ranks to turn, next first; ``wrap``:
    king and ace touch."""
    def touches(rank: int) -> bool:
        return (rank - top) % 13 in (1, 12) if wrap else abs(rank - top) == 1

    seen = set()
    todo = [(tuple(map(len, columns)), 0, top)]
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        heights, turned, top = state
        if not any(heights):
            return True
        for i, height in enumerate(heights):
            if height and touches(columns[i][height - 1]):
                todo.append((heights[:i] + (height - 1,) + heights[i + 1:], turned, columns[i][height - 1]))
        if turned < len(stock):
            todo.append((heights, turned + 1, stock[turned]))
    return False


def carpet_ending(game_id: str, deal: int, left: int, seed: int, *, walls: bool = False) -> Game:
    """``deal`` with cards taken one by one, at random, from the carpet, stock or waste onto a
    foundation that takes them (KK-4's start order kept) until ``left`` cards lie outside the
    foundations or none can go; with ``walls`` a carpet card goes only from a free cell (KK-2),
    so the carpet's walls stay as they were. The stock face down, the passes used up when
    ``seed`` is odd."""
    game = Game.new(game_id, deal)
    rules, piles = game.rules, game.piles
    rnd = random.Random(seed)
    home = sorted(rules.foundation_piles)
    outside = [p for p in range(rules.pile_count) if p not in rules.foundation_piles]
    while sum(len(piles[p]) for p in outside) > left:
        offers = []
        for f in home:
            group = rules.group_of[f]
            if group.max_cards and len(piles[f]) >= group.max_cards:
                continue
            takes = group.fits_on[piles[f][-1]] if piles[f] else [c for c in group.starters if game.may_start(group, c)]
            offers += [(f, card, p) for card in sorted(set(takes)) for p in outside
                       if card in piles[p] and (not walls or rules.lanes_of[p] is None or game.is_free(p))]
        if not offers:
            break
        f, card, p = rnd.choice(offers)
        piles[p].remove(card)
        piles[f].append(card)
    for p in range(rules.pile_count):
        game.hidden[p] = len(piles[p]) if p == rules.stock_pile else 0
    game.redeals_used = rules.redeals if seed % 2 else 0
    return game
