"""Words of the round-3 games (issue 36, 37): `build_takes: one` (Forty-Nine: a started pile takes one
card at a time while whole runs go into spaces). Each word: the engine's judgement and its reason,
the word's absence changing it, the compiled core beside the engine, and lint."""

from __future__ import annotations

import pytest
from test_core_differential import walk_both

from patience import core
from patience.engine.game import Game
from patience.engine.position import read_position
from patience.ruleset import load_text
from patience.ruleset.lint import lint_text
from patience.ruleset.registry import find_ruleset_file

needs_core = pytest.mark.skipif(core._search is None, reason="the compiled core is not built")


def shipped_text(game_id: str) -> str:
    return find_ruleset_file(game_id).read_text(encoding="utf-8")


def game_from(ruleset, lines: str, fill: str = "s") -> Game:
    """A game of ``ruleset`` whose named piles hold ``lines`` and whose other cards lie face down on ``fill``."""
    from patience.rulestest.model import Scenario
    from patience.rulestest.start import position_text
    piles = {k.strip(): v.strip() for k, v in (line.split(":", 1) for line in lines.strip().splitlines())}
    text = position_text(ruleset, Scenario(name="t", piles=piles, fill=fill, fill_down=True))
    return Game.from_position(text, ruleset)


# ---------------------------------------------------------------- build_takes: one (Forty-Nine)

def forty_nine(text: str | None = None):
    return load_text(text or shipped_text("forty-nine"), "forty-nine.yaml")


def test_forty_nine_a_started_column_takes_one_card_and_says_why_not_a_run():
    ruleset = forty_nine()
    game = game_from(ruleset, "1: | 9H 8S 7D\n2: | TC\n3: ")
    one, two, three = (game.rules.pile_by_label[x] for x in "123")
    moves = set(game.legal_moves())
    assert (one, two, 1) not in moves  # 7♦ does not go on 10♣
    assert (one, two, 3) not in moves and (one, three, 3) in moves and (one, three, 2) in moves
    assert "one card at a time" in game.why_illegal((one, two, 3))
    game = game_from(ruleset, "1: | 9H 8S 7D\n2: | 9D\n3: | 8C")
    one, two, three = (game.rules.pile_by_label[x] for x in "123")
    assert (one, three, 1) in game.legal_moves() and (one, two, 2) not in game.legal_moves()
    assert "one card at a time" in game.why_illegal((one, two, 2))


def test_without_the_word_the_run_lands_on_a_card():
    ruleset = forty_nine(shipped_text("forty-nine").replace("id: forty-nine", "id: forty-nine-runs")
                         .replace("    build_takes: one", "    build_takes: run"))
    game = game_from(ruleset, "1: | 9H 8S 7D\n2: | TC")
    one, two = game.rules.pile_by_label["1"], game.rules.pile_by_label["2"]
    assert (one, two, 3) in game.legal_moves() and game.why_illegal((one, two, 3)) is None


@needs_core
def test_the_core_lists_forty_nines_runs_as_the_engine_does():
    assert walk_both("forty-nine", steps=200) > 10
    # a run that fits a card (8♠ 7♦ on 9♦) and a space: the run goes only into the space
    game = game_from(forty_nine(), "1: | 9H 8S 7D\n2: | 9D\n3: \n4: | 8C")
    moves = game.legal_moves()
    assert core.position(game).legal_moves() == moves
    one, two, three = (game.rules.pile_by_label[x] for x in "123")
    assert (one, three, 3) in moves and (one, two, 2) not in moves


@pytest.mark.parametrize("change, code", [
    ("    build_takes: one", "    build_takes: one\n    unit: 2"),  # cards that enter only as runs: P119
    ("    move: run ", "    move: top "),  # no run moves anywhere: P201
])
def test_build_takes_lint(change, code):
    source = shipped_text("forty-nine").replace("id: forty-nine", "id: forty-nine-broken")
    assert change in source
    _, findings = lint_text(source.replace(change, code), "forty-nine-broken.yaml")
    expected = "P119" if "unit" in code else "P201"
    found = [f for f in findings if f.code == expected]
    assert found and "build_takes" in found[0].message + str(found[0]), findings
    _, clean = lint_text(shipped_text("forty-nine"), "forty-nine.yaml")
    assert not clean


# ---------------------------------------------------------------- prefill_rank: first, takes_when: {way}

BASE_AND_WAY = """
id: base-and-way
name: Base and Way
deal:
  steps:
    - {to: tableau, count: 6, face: up}
piles:
  foundations:
    role: foundation
    count: 4
    labels: [h1, h2, h3, h4]
    shared_label: h
    build: {rank: up-or-down, suit: same, wrap: true}
    prefill_rank: first
    takes_when: {way: group}
  tableau:
    role: tableau
    count: 8
    labels: "1 2 3 4 5 6 7 8"
    build: {rank: up-or-down, suit: same, wrap: true}
    empty: any
    move: top
"""


def test_prefill_rank_puts_every_card_of_the_first_cards_rank_home_in_suit_order():
    from patience.ruleset.views import dealt_deck
    ruleset = load_text(BASE_AND_WAY, "base-and-way.yaml")
    for deal in (1, 2, 3):
        game = Game(ruleset, deal)
        deck = dealt_deck(ruleset, deal)
        rank = deck[0] // 4
        assert [game.piles[p] for p in game.rules.group_by_id["foundations"].piles] == [
            [rank * 4 + suit] for suit in range(4)]
        rest = [c for c in deck if c // 4 != rank]
        tableau = game.rules.group_by_id["tableau"].piles
        assert [game.piles[p][0] for p in tableau] == rest[:8]  # the others in their order, dealt in rows


def test_way_group_every_foundation_goes_the_way_the_first_went():
    ruleset = load_text(BASE_AND_WAY, "base-and-way.yaml")
    game = game_from(ruleset, "h1: | 5C\nh2: | 5D\nh3: | 5H\nh4: | 5S\n1: | 6C\n2: | 4D\n3: | 6D\n4: | 4C",
                     fill="5")
    label = game.rules.pile_by_label
    to = {x: label[x] for x in ("h1", "h2")}
    moves = set(game.legal_moves())
    assert (label["2"], to["h2"], 1) in moves and (label["3"], to["h2"], 1) in moves  # free: either way
    game.play((label["1"], to["h1"], 1))  # 6♣ on 5♣: up
    moves = set(game.legal_moves())
    assert (label["3"], to["h2"], 1) in moves and (label["2"], to["h2"], 1) not in moves
    assert "built up now" in game.why_illegal((label["2"], to["h2"], 1))
    assert (label["4"], to["h1"], 1) not in moves  # 4♣ on 6♣ is no step anyway
    if core._search is not None:
        assert core.position(game).legal_moves() == game.legal_moves()


def test_way_pile_each_pile_keeps_its_own_way_and_without_way_both_ways_stay_open():
    pile_way = load_text(BASE_AND_WAY.replace("way: group", "way: pile").replace("id: base-and-way", "id: pile-way"),
                         "pile-way.yaml")
    no_way = load_text(BASE_AND_WAY.replace("    takes_when: {way: group}\n", "").replace(
        "id: base-and-way", "id: no-way"), "no-way.yaml")
    lines = "h1: | 5C 6C\nh2: | 5D\nh3: | 5H\nh4: | 5S\n2: | 4D\n3: | 6D\n5: | 7C"
    for ruleset, down_ok in ((pile_way, True), (no_way, True)):
        game = game_from(ruleset, lines, fill="4")
        label = game.rules.pile_by_label
        moves = set(game.legal_moves())
        assert ((label["2"], label["h2"], 1) in moves) == down_ok and (label["3"], label["h2"], 1) in moves
        assert (label["5"], label["h1"], 1) in moves
        if core._search is not None:
            assert core.position(game).legal_moves() == game.legal_moves()
    # in suit with one deck a pile's way keeps itself (the card back is under it): regardless of suit
    any_suit = load_text(BASE_AND_WAY.replace("way: group", "way: pile").replace("id: base-and-way", "id: any-suit")
                         .replace("build: {rank: up-or-down, suit: same, wrap: true}\n    prefill_rank",
                                  "build: {rank: up-or-down, wrap: true}\n    prefill_rank"), "any-suit.yaml")
    game = game_from(any_suit, "h1: | 5C 6C\nh2: | 5D 4H\nh3: | 9H\nh4: | 9S\n2: | 5H\n3: | 3D\n4: | 7S", fill="5")
    label = game.rules.pile_by_label
    h1, h2, h3 = label["h1"], label["h2"], label["h3"]
    assert "its first two cards went" in game.why_illegal((label["2"], h2, 1))  # up on a pile gone down
    assert game.why_illegal((label["3"], h2, 1)) is None and game.why_illegal((label["4"], h1, 1)) is None
    assert game.why_illegal((label["3"], h3, 1)) is not None and game.why_illegal((label["2"], h3, 1)) is not None
    if core._search is not None:
        assert core.position(game).legal_moves() == game.legal_moves()


@needs_core
def test_the_core_walks_base_and_way_as_the_engine_does():
    assert walk_both(load_text(BASE_AND_WAY, "base-and-way.yaml"), steps=200) > 10


# ---------------------------------------------------------------- empty_colour: by-rank

COLOURS = """
id: colours
name: Colours
deal:
  steps:
    - {to: tableau, count: 1, face: up}
    - {to: stock, count: rest, face: down}
piles:
  stock: {role: stock, labels: [s]}
  foundations:
    role: foundation
    count: 4
    labels: [h1, h2, h3, h4]
    shared_label: h
    build: {rank: up-or-down, suit: same}
    empty: [A, K]
    empty_colour: by-rank
  tableau:
    role: tableau
    count: 8
    labels: "1 2 3 4 5 6 7 8"
    move: top
stock: {pile: stock, to: tableau}
"""


def test_empty_colour_by_rank_two_aces_of_one_colour_and_two_kings_of_the_other():
    ruleset = load_text(COLOURS, "colours.yaml")
    game = game_from(ruleset, "1: | AS\n2: | AH\n3: | KS\n4: | KD\n5: | AC\n6: | 2S")
    label = game.rules.pile_by_label
    moves = set(game.legal_moves())
    for x in "1234":  # nothing started: any ace or king
        assert any(m[0] == label[x] and m[1] in game.rules.group_by_id["foundations"].piles for m in moves)
    game.play("1h")  # A♠ starts: aces black, kings red
    moves = set(game.legal_moves())
    sources = {m[0] for m in moves if m[1] in game.rules.group_by_id["foundations"].piles}
    assert label["2"] not in sources and label["3"] not in sources  # a red ace, a black king
    assert {label["4"], label["5"], label["6"]} <= sources  # a red king, a black ace, 2♠ on A♠
    h2 = label["h2"]
    assert "its colour goes with its rank" in game.why_illegal((label["2"], h2, 1))
    if core._search is not None:
        assert core.position(game).legal_moves() == game.legal_moves()
    plain = load_text(COLOURS.replace("    empty_colour: by-rank\n", "").replace("id: colours", "id: no-colours"),
                      "no-colours.yaml")
    game = game_from(plain, "1: | AS\n2: | AH\n3: | KS")
    game.play("1h")
    label = game.rules.pile_by_label
    assert game.why_illegal((label["2"], label["h2"], 1)) is None and game.why_illegal((label["3"], label["h2"], 1)) is None


@needs_core
def test_the_core_walks_colours_as_the_engine_does():
    assert walk_both(load_text(COLOURS, "colours.yaml"), steps=200) > 10


@pytest.mark.parametrize("text, change, code, key", [
    (BASE_AND_WAY, ("build: {rank: up-or-down, suit: same, wrap: true}\n    prefill_rank",
                    "build: {rank: up, suit: same, wrap: true}\n    prefill_rank"), "P201", "way"),
    (BASE_AND_WAY, ("    move: top\n", "    move: run\n"), "P100", "way"),
    (BASE_AND_WAY, ("    count: 4\n    labels: [h1, h2, h3, h4]", "    count: 5\n    labels: [h1, h2, h3, h4, h5]"),
     "P100", "prefill_rank"),
    (COLOURS, ("empty: [A, K]", "empty: none"), "P201", "empty_colour"),
])
def test_lint_of_the_new_words(text, change, code, key):
    assert change[0] in text
    _, findings = lint_text(text.replace(change[0], change[1]), "broken.yaml")
    assert any(f.code == code and key in str(f) for f in findings), findings
    _, clean = lint_text(text, "clean.yaml")
    assert not [f for f in clean if f.severity == "error"], clean


# ---------------------------------------------------------------- gives_when: {cleared}, takes_when: {partners, unless}

def test_free_napoleon_a_cell_gives_only_once_the_reserve_beside_it_is_empty():
    ruleset = load_text(shipped_text("free-napoleon"), "free-napoleon.yaml")
    game = game_from(ruleset, "h1: | 5C\nh2: | 5D\nh3: | 5H\nh4: | 5S\nx: | 9H\ny: \na: | 4S\nb: | 4D\n"
                              "1: | 3S\n2: | 3D\n3: | 8H", fill="8")
    label = game.rules.pile_by_label
    moves = set(game.legal_moves())
    assert not any(m[0] == label["a"] for m in moves)  # reserve x holds 9♥: cell a is shut
    assert (label["b"], label["2"], 1) in moves  # reserve y is empty: cell b gives
    assert "beside it in the reserve" in game.why_illegal((label["a"], label["1"], 1))
    if core._search is not None:
        assert core.position(game).legal_moves() == game.legal_moves()
    game.play("x3")  # 9♥ onto 8♥: reserve x cleared
    assert (label["a"], label["1"], 1) in game.legal_moves()
    if core._search is not None:
        assert core.position(game).legal_moves() == game.legal_moves()
    without = load_text(shipped_text("free-napoleon").replace("id: free-napoleon", "id: free-cells").replace(
        "    gives_when: {cleared: reserves}", ""), "free-cells.yaml")
    game = game_from(without, "h1: | 5C\nh2: | 5D\nh3: | 5H\nh4: | 5S\nx: | 9H\na: | 4S\n1: | 3S", fill="8")
    assert game.why_illegal((game.rules.pile_by_label["a"], game.rules.pile_by_label["1"], 1)) is None


def test_little_spider_a_lower_card_feeds_only_the_foundation_above_it_until_the_stock_is_out():
    ruleset = load_text(shipped_text("little-spider"), "little-spider.yaml")
    lines = "h1: | AS\nh2: | AC\n1: | KH\n5: | 2C\n6: | 2S\n7: | KD"
    game = game_from(ruleset, lines + "\ns: 2H 3H |", fill="8")
    label = game.rules.pile_by_label
    moves = set(game.legal_moves())
    assert (label["5"], label["h2"], 1) not in moves and (label["6"], label["h1"], 1) not in moves
    assert (label["7"], label["h3"], 1) in moves and (label["7"], label["h4"], 1) not in moves
    assert (label["1"], label["h3"], 1) in moves and (label["1"], label["h4"], 1) in moves
    assert "until the stock is empty" in game.why_illegal((label["5"], label["h2"], 1))
    if core._search is not None:
        assert core.position(game).legal_moves() == game.legal_moves()
    game = game_from(ruleset, lines + "\ns: ", fill="8")  # the stock out: `unless` lifts it
    moves = set(game.legal_moves())
    assert (label["5"], label["h2"], 1) in moves and (label["6"], label["h1"], 1) in moves
    if core._search is not None:
        assert core.position(game).legal_moves() == game.legal_moves()


@needs_core
@pytest.mark.parametrize("game_id", ["free-napoleon", "little-spider"])
def test_the_core_walks_the_gated_games_as_the_engine_does(game_id):
    assert walk_both(game_id, steps=300) > 10


@pytest.mark.parametrize("game_id, change, code, key", [
    ("free-napoleon", ("{cleared: reserves}", "{cleared: cells}"), "P100", "cleared"),
    ("free-napoleon", ("  count: 2\n    labels: \"x y\"", "  count: 1\n    labels: \"x\""), "P201", "cleared"),
    ("little-spider", ('partners: ["5", "6", "7", "8"]', 'partners: ["5", "6", "7"]'), "P100", "partners"),
    ("little-spider", ('partners: ["5", "6", "7", "8"]', 'partners: ["5", "6", "7", "z"]'), "P100", "partners"),
    ("little-spider", ('partners: ["5", "6", "7", "8"]', 'partners: ["5", "6", "7", "h1"]'), "P100", "partners"),
    ("little-spider", ('partners: ["5", "6", "7", "8"], unless: {stock: empty}', "unless: {stock: empty}"),
     "P201", "unless"),
    ("little-spider", ("stock: {pile: stock, to: tableau}", "stock: {pile: stock, to: tableau, when: {cleared: tableau}}"),
     "P100", "cleared"),
])
def test_lint_of_cleared_and_partners(game_id, change, code, key):
    text = shipped_text(game_id).replace(f"id: {game_id}", f"id: {game_id}-broken")
    assert change[0] in text
    _, findings = lint_text(text.replace(change[0], change[1]), "broken.yaml")
    assert any(f.code == code and key in str(f) for f in findings), findings
    _, clean = lint_text(shipped_text(game_id), f"{game_id}.yaml")
    assert not clean
