"""Per-card faces in a pile (engine/faces.py; Martha, Alternation) and `empty_takes: one` (a space
takes one card while runs still move onto cards): the deal, turning up, undo, positions, lint and
the compiled core beside the engine."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from patience import core
from patience.cards import CardError, card_str, parse_card
from patience.engine import faces
from patience.engine.faces import barred, face_down, is_down, read_pile
from patience.engine.game import Game
from patience.engine.position import read_position, write_position
from patience.ruleset import load_text
from patience.ruleset.lint import lint_text
from patience.ruleset.registry import find_ruleset

MIXED = """
id: mixed
name: Mixed
deal:
  steps:
    - {to: tableau, count: 1, face: up}
    - {to: tableau, count: 1, face: down}
    - {to: tableau, count: 2, face: [up, up]}
    - {to: tableau, count: 1, face: down}
    - {to: tableau, count: 1, face: up}
    - {to: stock, count: rest, face: down}
piles:
  stock: {role: stock, labels: [s]}
  waste: {role: waste, labels: [w], move: top}
  foundations: {role: foundation, count: 4, labels: [h1, h2, h3, h4], shared_label: h, build: {rank: up, suit: same}, empty: [A]}
  tableau: {role: tableau, count: 6, labels: "1 2 3 4 5 6", build: {rank: down, suit: alternate-colour}, empty: any, move: run}
stock: {pile: stock, to: waste}
"""


def downs(game: Game, pile: int) -> list[bool]:
    return [is_down(game, pile, i) for i in range(len(game.piles[pile]))]


def test_a_face_up_card_dealt_under_a_face_down_one_stays_face_up():
    # before per-card faces the second step turned the first card face down, unsaid (issue 36, 4)
    game = Game(load_text(MIXED, "mixed.yaml"), 1)
    for p in game.rules.group_by_id["tableau"].piles:
        assert downs(game, p) == [False, True, False, False, True, False]
        assert face_down(game, p) == 2


@pytest.mark.parametrize("game_id, faces", [
    ("martha", [True, False, True, False]),
    ("alternation", [False, True, False, True, False, True, False]),
])
def test_the_deal_lays_each_card_with_its_own_face(game_id, faces):
    for deal in (1, 2, 3):
        game = Game(find_ruleset(game_id), deal)
        for p in game.rules.group_by_id["tableau"].piles:
            assert downs(game, p) == faces, (deal, p)


def martha(position: str, ruleset=None) -> Game:
    ruleset = ruleset or find_ruleset("martha")
    rest = "pile h1: | " + " ".join(
        c for c in (f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK") if c not in position.split())
    text = f"game: {ruleset.id}\n{position}\n{rest}\n"
    labels = "h2 h3 h4 a b c d e f g i j k l m".split()
    named = {line.split(":")[0][5:] for line in position.splitlines()}
    text += "".join(f"pile {label}: |\n" for label in labels if label not in named)
    return read_position(text, ruleset, Game)


def test_a_turned_card_takes_the_face_up_cards_under_it_along_and_undo_puts_them_back():
    game = martha("pile a: 2C | 6D | 5S | 8H\npile b: | 9S\npile c: | 7C")
    a = game.rules.pile_by_label["a"]
    before = write_position(game)
    assert (game.hidden[a], game.movable_run(a)) == (3, 1)
    game.play("ab")
    assert downs(game, a) == [True, False, False] and game.hidden[a] == 1
    assert game.movable_run(a) == 2  # 6D and 5S, a run of alternating colours, move as one
    game.play("acv2")
    assert len(game.piles[a]) == 1 and downs(game, a) == [False]  # 2C, the top card now, turned up
    game.undo()
    game.undo()
    assert write_position(game) == before


def test_a_position_with_alternating_faces_is_written_and_read_back_exactly():
    game = Game(find_ruleset("alternation"), 4)
    text = write_position(game)
    assert "pile 1: | " in text and text.count("|") > 20
    again = read_position(text)
    assert write_position(again) == text and again.key() == game.key()


def test_a_pile_line_with_an_even_number_of_bars_is_refused():
    with pytest.raises(ValueError, match=re.escape("each further `|` turns the cards after it over")):
        martha("pile a: 2C | 6D | 5S 8H\npile b: | 9S")


def test_an_empty_pile_that_takes_one_card_refuses_a_run_and_says_why():
    game = martha("pile a: | 9H 8S 7D")
    moves = game.legal_moves()
    a, b = game.rules.pile_by_label["a"], game.rules.pile_by_label["b"]
    assert (a, b, 1) in moves and (a, b, 2) not in moves and (a, b, 3) not in moves
    assert "one card at a time" in game.why_illegal((a, b, 2))
    # onto a card the run still moves: Martha's runs are limited only into spaces
    game = martha("pile a: | 9H 8S 7D\npile b: | TC")
    assert (a, b, 3) in game.legal_moves()


def test_without_the_word_a_run_goes_into_a_space():
    plain = load_text(_without_empty_takes(), "martha-runs.yaml")
    game = martha("pile a: | 9H 8S 7D", plain)
    a, b = game.rules.pile_by_label["a"], game.rules.pile_by_label["b"]
    assert {(a, b, 1), (a, b, 2), (a, b, 3)} <= set(game.legal_moves())


def _without_empty_takes() -> str:
    from patience.ruleset.registry import find_ruleset_file
    source = find_ruleset_file("martha").read_text(encoding="utf-8")
    return source.replace("id: martha", "id: martha-runs").replace("    empty_takes: one", "")


@pytest.mark.parametrize("change, code", [
    ("face: [down, up, down, up]}", "P118"),  # four cards a pile, two faces
    ("    empty_takes: one", "P119"),  # cards that enter only as runs
    ("    empty: any ", "P201"),  # no space takes a card at all
    ("    move: run ", "P201"),  # no run moves anywhere
])
def test_what_cannot_work_is_refused_and_what_does_nothing_is_said(change, code):
    from patience.ruleset.registry import find_ruleset_file
    source = find_ruleset_file("martha").read_text(encoding="utf-8").replace("id: martha", "id: martha-broken")
    assert change in source
    changed = {"face: [down, up, down, up]}": "face: [down, up]}", "    empty_takes: one": "    empty_takes: one\n    unit: 2",
               "    empty: any ": "    empty: none ", "    move: run ": "    move: top "}[change]
    _, findings = lint_text(source.replace(change, changed), "martha-broken.yaml")
    assert code in {f.code for f in findings}, findings


@pytest.mark.skipif(core._search is None, reason="the compiled core is not built")
@pytest.mark.parametrize("game_id", ["martha", "alternation"])
def test_core_turns_cards_up_and_back_as_the_engine_does(game_id):
    turned = 0
    for deal in range(1, 9):
        game = Game(find_ruleset(game_id), deal)
        position = core.position(game)
        rnd = random.Random(deal)
        for step in range(200):
            expected = game.legal_moves()
            assert position.legal_moves() == expected, (deal, step)
            assert position.piles() == game.piles and position.hidden_counts() == game.hidden, (deal, step)
            if expected and (rnd.random() < 0.75 or not game.history):
                move = rnd.choice(expected)
                game.push(move)
                position.push(move)
                extra = game.history[-1][1]
                turned += isinstance(extra, int) and extra < 0  # a turn-up that took face-up cards along
            elif game.history:
                game.pop()
                position.pop()
    assert turned  # the walks met the new turn-up


GOLDEN = {  # deal 1, bottom to top with faces; changing a shuffle or a deal step breaks them
    "martha": {"a": "7D | TD | TH | 8H", "b": "4S | 9D | QC | 5D", "m": "6H | 6S | KD | 3S", "h1": "| AC"},
    "alternation": {"1": "| 4C | 9S | 6H | 4H | AD | 6C | 2H", "7": "| 3C | JD | 9C | 3C | KD | 7C | 2D",
                    "w": "| TC"},
}


@pytest.mark.parametrize("game_id", sorted(GOLDEN))
def test_golden_deal_1(game_id):
    text = write_position(Game(find_ruleset(game_id), 1))
    for label, cards in GOLDEN[game_id].items():
        assert f"pile {label}: {cards}\n" in text, (game_id, label)


def test_the_stored_martha_win_plays_to_a_win():
    from positions import stored_wins, wins_its_deal
    paths = stored_wins(["martha"])
    assert paths and all(wins_its_deal(path) for path in paths)


def test_lint_names_the_step_when_face_down_cards_lie_on_face_up_ones_dealt_by_a_list_of_counts():
    """A face-up step under a face-down step with a list of counts: lint reports, never crashes
    (it once looked only at steps of one count for the place to name)."""
    from patience.ruleset.registry import find_ruleset_file
    source = find_ruleset_file("klondike").read_text(encoding="utf-8").replace("id: klondike", "id: klondike-mixed")
    step = "    - {to: tableau, count: [1, 2, 3, 4, 5, 6, 7], face: top-up, order: rows}   # KL-1\n"
    assert step in source
    mixed = ("    - {to: tableau, count: 1, face: up}\n"
             "    - {to: tableau, count: [1, 1, 1, 1, 1, 1, 1], face: down}\n"
             "    - {to: tableau, count: 1, face: up}\n")
    _, findings = lint_text(source.replace(step, mixed), "klondike-mixed.yaml")
    assert "P000" not in {f.code for f in findings}, findings


def test_read_pile_reads_back_what_barred_writes():
    """The `|` syntax has one reader: each `|` turns the cards after it over, face down first."""
    cards, down = read_pile("4D | 9S | 2C | KH")
    assert [card_str(c, ascii=True) for c in cards] == ["4D", "9S", "2C", "KH"] and down == [True, False, True, False]
    assert read_pile("| AS 2S") == ([parse_card("AS"), parse_card("2S")], [False, False])
    assert read_pile("KH |") == ([parse_card("KH")], [True]) and read_pile("|") == ([], [])
    rng = random.Random(7)
    for _ in range(200):
        cards = [rng.randrange(52) for _ in range(rng.randrange(8))]
        faces = [rng.random() < 0.5 for _ in cards]
        words = [card_str(c, ascii=True) for c in cards]
        assert read_pile(" ".join(barred(words, faces))) == (cards, faces)
    with pytest.raises(CardError):
        read_pile("| 1X")


def test_the_pile_syntax_is_split_in_one_place():
    """No module but engine/faces.py takes a pile's text apart at its `|`s."""
    package = Path(faces.__file__).resolve().parents[1]
    splitters = sorted(path.relative_to(package).as_posix() for path in package.rglob("*.py")
                       if re.search(r"""\.(split|rpartition|partition)\(["']\|["']\)""", path.read_text(encoding="utf-8")))
    assert splitters == ["engine/faces.py"]
