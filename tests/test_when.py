"""The condition word `When` (docs/design.md §6.8, issue 36 item 5) on its three places:
`gives_when`, `takes_when` and `stock.when`, judged by the engine, listed alike by the compiled
core, checked by lint and said in the rules text.

Source of the rule the made-up game borrows: PySolFC's "Dutchess" (pysollib/games/glenwood.py,
rules/glenwood.html: "The first item of play is to select an available card for the first
Foundation"): until a card lies on the foundations the columns give no card
(`Glenwood_RowStack.canMoveCards`) and the stock is not dealt (`Glenwood_Talon.canDealCards`).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from positions import build, made_up, notations, refused

from patience import Game, core
from patience.core.tables import not_covered
from patience.engine import gates
from patience.i18n import using_language
from patience.ruleset.describe import rules_text
from patience.ruleset.lint import lint_text
from patience.ruleset.model import Condition, When

GAME = made_up("when-gates")
TEXT = open(GAME, encoding="utf-8").read()


def closed() -> Game:
    """Nothing on the foundations: every gate of the game is shut."""
    return build(GAME, {"a": "9C 5D AS", "b": "KH", "1": "2H", "2": "7C", "w": "6H"}, fill="s", fill_face_down=True)


def test_nothing_leaves_the_columns_until_a_card_lies_on_the_foundations():
    game = closed()
    refused(game, "12", "cards leave the tableau only once a card lies on the foundations")
    refused(game, "1h", "cards leave the tableau only once a card lies on the foundations")
    assert not [m for m in notations(game) if m[0] in "1234"]
    game.play("ah")  # the reserve gives: the first foundation card
    assert "1x" in notations(game)
    game.play("1x")  # the column's card goes to the opened cell
    assert game.piles[game.rules.pile_by_label["x"]]


def test_the_stock_is_not_dealt_nor_turned_back_until_a_card_lies_on_the_foundations():
    game = closed()
    refused(game, "s", "the stock is dealt only once a card lies on the foundations")
    assert "s" not in notations(game)
    game.play("ah")
    game.play("s")
    game.undo()
    game.undo()  # the ace back in the reserve: the gate shuts again, read from the position
    refused(game, "s", "only once a card lies on the foundations")
    emptied = build(GAME, {"a": "9C", "s": "", "w": "4D 5D"}, fill="2")
    refused(emptied, "s", "the stock is dealt only once a card lies on the foundations")  # no redeal either


def test_a_group_takes_cards_only_once_its_takes_when_holds():
    game = closed()
    refused(game, "bx", "the cell take cards only once a card lies on the foundations")
    assert not [m for m in notations(game) if m.endswith("x")]
    game.play("ah")
    game.play("bx")


def test_the_reserve_and_the_waste_are_not_gated():
    game = closed()
    moves = notations(game)
    assert "ah" in moves and "w2" in moves  # A♠ home (any rank starts), 6♥ on 7♣
    game.play("w2")


def test_the_core_lists_plays_and_keys_as_the_engine_on_walks_through_shut_and_open_gates():
    pytest.importorskip("patience.core._search")
    from test_core_differential import walk_both

    game = Game.new(GAME, 1)
    assert not_covered(game.rules) is None
    chosen: Counter = Counter()
    assert walk_both(game.ruleset, deals=(1, 2, 3), steps=160, chosen=chosen, favour=lambda m: m[1] < 0)
    assert chosen[-1] >= 10  # the walks dealt the stock, so they went through the open gate
    shut = 0
    for deal in (1, 2, 3):  # and they start shut: the core lists no column move, no deal, no cell
        game = Game.new(GAME, deal)
        position = core.position(game)
        listed = position.legal_moves()
        assert listed == game.legal_moves()
        tableau = game.rules.group_by_id["tableau"].piles
        shut += not [m for m in listed if m[0] in tableau or m[1] < 0]
    assert shut == 3


def test_the_gates_compile_to_terms_of_two_kinds():
    rules = Game.new(GAME, 1).rules
    (term,) = rules.stock_gate
    assert (term.kind, term.piles) == (gates.ANY_CARD, rules.group_by_id["foundations"].piles)
    stock_term = gates.compile_gate(When(stock="empty"), rules.ruleset, {g.id: g.piles for g in rules.groups})
    assert [(t.kind, t.piles) for t in stock_term] == [(gates.ALL_EMPTY, range(rules.stock_pile, rules.stock_pile + 1))]
    assert rules.group_by_id["reserve"].gives_gate == ()


def test_when_needs_a_part_and_takes_when_keeps_its_card_parts():
    with pytest.raises(ValueError, match="give a condition"):
        When()
    assert Condition(started="foundations", pile="empty").named_groups() == [("started", "foundations")]


def test_lint_names_an_unknown_group_where_it_stands():
    text = TEXT.replace("gives_when: {started: foundations}", "gives_when: {started: foundation}")
    _, findings = lint_text(text, "when-gates.yaml")
    (wrong,) = [f for f in findings if f.code == "P101"]
    line = text.splitlines().index("    gives_when: {started: foundation}") + 1
    assert (wrong.line, wrong.col) == (line, text.splitlines()[line - 1].index("foundation}") + 1)
    assert "no pile group 'foundation'" in wrong.message and "foundations" in wrong.message


@pytest.mark.parametrize("change, code, says", [
    ("when: {started: foundations}", "P100", "never deals"),  # stock.when waits for itself to be empty
    ("move: run\n    empty: any\n    gives_when", "P201", "lets none leave"),  # gives_when on move: none
])
def test_lint_refuses_a_gate_that_never_opens_or_says_nothing(change, code, says):
    if code == "P100":
        text = TEXT.replace(change, "when: {started: foundations, stock: empty}")
    else:
        text = TEXT.replace(change, "move: none\n    empty: any\n    gives_when")
    _, findings = lint_text(text, "when-gates.yaml")
    assert [f.code for f in findings if says in f.message] == [code]


def test_a_group_that_waits_for_its_own_first_card_and_is_dealt_none_never_opens():
    text = TEXT.replace("takes_when: {started: foundations}", "takes_when: {started: cell}")
    _, findings = lint_text(text, "when-gates.yaml")
    assert [f.code for f in findings if "never takes one" in f.message] == ["P100"]


def test_the_rules_text_says_each_gate_in_english_and_polish():
    ruleset = Game.new(GAME, 1).ruleset
    english = rules_text(ruleset, "en")
    assert "cards leave it by moves only once a card lies on the foundations" in english
    assert "it takes cards by moves only once a card lies on the foundations" in english
    assert "It deals, and is turned back, only once a card lies on the foundations." in english
    polish = rules_text(ruleset, "pl")
    assert "karty można stąd przenosić dopiero, gdy w grupie „stosy docelowe” leży już karta" in polish
    assert "Talon rozdajemy i odwracamy dopiero, gdy w grupie „stosy docelowe” leży już karta." in polish
    with using_language("pl"):
        game = closed()
        refused(game, "s", "talon można rozdawać dopiero, gdy w grupie „stosy docelowe” leży już karta")


def test_random_play_never_moves_a_column_card_or_deals_while_the_foundations_are_empty():
    opened = 0
    for deal in (1, 2, 3, 4):
        game, rnd = Game.new(GAME, deal), random.Random(deal)
        tableau = game.rules.group_by_id["tableau"].piles
        home = game.rules.group_by_id["foundations"].piles
        for _ in range(80):
            moves = game.legal_moves()
            if not moves:
                break
            started = any(game.piles[p] for p in home)
            gated = [m for m in moves if m[0] in tableau or m[1] < 0]
            assert started or not gated, deal
            opened += bool(gated)
            game.push(rnd.choice(moves))
    assert opened
