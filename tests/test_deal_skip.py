"""A deal step's `skip` (issue 36, placement at the deal): Frog's aces go home as the frog is
dealt, Nestor's columns never repeat a rank, Penguin's beak sends the other cards of the first
card's rank home. The procedure is part of G-1 (docs/deals.md)."""

from __future__ import annotations

import pytest

from patience import deals
from patience.cards import RANK
from patience.engine.game import Game
from patience.ruleset import RulesetError, load_text

BEAK = """
id: beak
name: Beak
deal:
  steps:
    - {to: columns, count: 7, skip: {same_rank: first, to: foundations}}
    - {to: stock, count: rest}
piles:
  columns: {role: tableau, count: 7, labels: "1 2 3 4 5 6 7", build: {rank: down}, move: top}
  foundations: {role: foundation, count: 4, labels: "a b c d", build: {rank: up, wrap: true}}
  stock: {role: stock, labels: [s]}
stock: {pile: stock, to: columns}
"""


def test_frog_deals_thirteen_non_aces_and_every_ace_met_goes_home_in_order():
    for deal in range(1, 41):
        game = Game.new("frog", deal)
        frog = game.piles[game.rules.group_by_id["frog"].piles[0]]
        homes = [game.piles[p] for p in game.rules.group_by_id["foundations"].piles]
        stock = game.piles[game.rules.stock_pile]
        assert len(frog) == 13 and all(RANK[c] != 1 for c in frog), deal
        aces = sum(len(h) for h in homes)
        assert all(len(h) == 1 and RANK[h[0]] == 1 for h in homes[:aces]) and not any(homes[aces:]), deal
        assert len(stock) == 104 - 13 - aces, deal


def test_nestor_never_repeats_a_rank_in_a_column_and_deals_every_card():
    for deal in [*range(1, 201), 1976]:  # deal 1976 needs the swap with an earlier column
        game = Game.new("nestor", deal)
        columns = [game.piles[p] for p in game.rules.group_by_id["columns"].piles]
        assert all(len(c) == 6 and len({RANK[x] for x in c}) == 6 for c in columns), deal
        assert sorted(c for pile in game.piles for c in pile) == list(range(52)), deal


def test_a_deal_with_skip_is_the_same_every_time():
    assert Game.new("nestor", 1976).piles == Game.new("nestor", 1976).piles
    assert Game.new("frog", 3).piles == Game.new("frog", 3).piles


def test_same_rank_first_sends_the_other_cards_of_the_first_cards_rank_home():
    ruleset = load_text(BEAK, "beak.yaml")
    for deal in range(1, 21):
        game = Game(ruleset, deal)
        beak = game.piles[0][0]
        columns = [c for p in game.rules.group_by_id["columns"].piles for c in game.piles[p]]
        homes = [c for p in game.rules.group_by_id["foundations"].piles for c in game.piles[p]]
        assert len(columns) == 49 and [RANK[c] for c in columns].count(RANK[beak]) == 1, deal
        assert len(homes) == 3 and {RANK[c] for c in homes} == {RANK[beak]}, deal


@pytest.mark.parametrize("step, message", [
    ("{to: columns, count: 7, skip: {to: foundations}}", "needs `ranks` or `same_rank`"),
    ("{to: columns, count: 7, skip: {ranks: [A], to: columns}}", "another group"),
    ("{to: columns, count: 7, skip: {ranks: [A], to: nowhere}}", "no pile group 'nowhere'"),
    ("{to: columns, count: 7, skip: {ranks: [A, 2], to: foundations}}", "may skip 8"),
    ("{to: columns, count: 7, skip: {same_rank: pile, to: foundations}}", "may skip any number"),
    ("{to: columns, count: 7, skip: {ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]}}", "every rank is skipped"),
    ("{to: columns, count: 7, skip: {ranks: [A, 2, 3, 4, 5, 6, 7], same_rank: pile}}", "must repeat a rank"),
])
def test_a_skip_that_cannot_work_is_refused_in_one_line(step, message):
    text = BEAK.replace("{to: columns, count: 7, skip: {same_rank: first, to: foundations}}", step)
    with pytest.raises(RulesetError, match=message):
        load_text(text, "beak.yaml")


def test_skipped_cards_sent_away_need_a_later_rest_step_unless_the_step_ends_the_deal():
    text = BEAK.replace("    - {to: stock, count: rest}\n", "    - {to: stock, count: 1}\n")
    with pytest.raises(RulesetError, match="a later step must take the `rest`, or this step must be the deal's last"):
        load_text(text, "beak.yaml")
    text = BEAK.replace("    - {to: columns, count: 7, skip: {same_rank: first, to: foundations}}\n    - {to: stock, count: rest}\n",
                        "    - {to: stock, count: 3}\n    - {to: columns, count: 7, skip: {same_rank: first, to: foundations}}\n")
    with pytest.raises(RulesetError, match="the deal places 55 cards but 1 deck"):  # 3 + 49 + the beak's 3 fellows
        load_text(text, "beak.yaml")


def test_the_deals_last_step_turns_up_every_card_so_a_skipped_last_card_goes_home_too():
    """Penguin's deal ends with its columns: a fellow of the beak's rank lying at the pack's
    bottom, after the 49th place, goes home as the others."""
    ruleset = load_text(BEAK.replace("    - {to: stock, count: rest}\n", ""), "beak.yaml")
    late = 0
    for deal in range(1, 41):
        game = Game(ruleset, deal)
        homes = [c for p in game.rules.group_by_id["foundations"].piles for c in game.piles[p]]
        assert len(homes) == 3 and sum(len(p) for p in game.piles) == 52, deal
        late += homes[-1] == deals.patience_shuffle("beak", deal)[-1]  # the pack's last card went home
    assert late  # the case happened among these deals


def test_a_skip_deals_alike_wherever_its_step_stands_in_the_deal():
    """What becomes of the cards left once the places are full is the pack's to say, not the
    step's place among the steps: a pack of skipped cards only goes to `to` (the beak's fellows
    home) whether the step ends the deal or a `rest` step follows it; a pack with other cards in
    it stays for that step (Frog's stock, test above)."""
    ending = load_text(BEAK.replace("    - {to: stock, count: rest}\n", ""), "beak.yaml")
    followed = load_text(BEAK, "beak.yaml")
    late = 0
    for deal in range(1, 41):
        first, second = Game(ending, deal), Game(followed, deal)
        assert first.piles == second.piles and first.hidden == second.hidden, deal
        assert not second.piles[second.rules.stock_pile], deal
        late += deals.patience_shuffle("beak", deal)[-1] in second.piles[second.rules.group_by_id["foundations"].piles[2]]
    assert late  # the premise: a fellow lay after the 49th place
