"""The rules in words say what the engine does (issue 22 item 8).

Each claim the generated "In detail" text makes about a pile group is checked against random
games of every shipped ruleset, and every example move the text gives is played in a dealt
position where it is legal.
"""

from __future__ import annotations

import random
import re

import pytest

from patience.engine.game import Game
from patience.engine.moves import CLOSE_UP, DEAL, REDEAL, REMOVE, RESHUFFLE, IllegalMove
from patience.engine.notation import parse_move
from patience.i18n import using_language
from patience.ruleset.describe import group_heading, group_name, rules_text
from patience.ruleset.registry import find_ruleset, shipped_rulesets

SHIPPED = {ruleset.id: ruleset for ruleset in shipped_rulesets()}
WALKS, STEPS = 3, 120  # per ruleset: a few random games, long enough to empty and refill piles


def detail(ruleset, lang: str = "en") -> str:
    text = rules_text(ruleset, lang)
    return text[text.index("\n- "):]  # the generated part, after the ruleset's own prose


def group_line(ruleset, gid: str) -> str:
    with using_language("en"):
        head = f"- {group_heading(ruleset, gid)}"
    return next(line for line in detail(ruleset).splitlines() if line.startswith(head))


def random_steps(ruleset, seed: int):
    """(game before, move, piles before, piles after) along one random game; the game is left
    after the move when yielding ``after``."""
    rng = random.Random(seed)
    game = Game(ruleset, seed)
    for _ in range(STEPS):
        moves = game.legal_moves(actions=False)  # swaps left out: thousands of them, and they move nothing out
        if not moves:
            return
        cards = [m for m in moves if m[1] not in (DEAL, REDEAL)]
        move = rng.choice(cards) if cards and rng.random() < 0.85 else rng.choice(moves)
        before = [len(pile) for pile in game.piles]
        game.push(move)
        yield game, move, before, [len(pile) for pile in game.piles]


def claims(ruleset) -> dict[str, str]:
    return {gid: group_line(ruleset, gid) for gid in ruleset.piles}


@pytest.mark.parametrize("game_id", sorted(SHIPPED))
def test_what_the_text_says_of_each_group_holds_in_random_games(game_id):
    ruleset = SHIPPED[game_id]
    said = claims(ruleset)
    with using_language("en"):
        names = {group_name(ruleset, gid): gid for gid in ruleset.piles}
    for seed in range(1, WALKS + 1):
        for game, move, before, after in random_steps(ruleset, seed):
            rules = game.rules
            src, dst, n = move
            for group in rules.groups:
                line, piles = said[group.id], group.piles
                emptied_then_filled = [p for p in piles if before[p] == 0 and after[p] > 0]
                total_before, total_after = sum(before[p] for p in piles), sum(after[p] for p in piles)
                if "an emptied pile stays empty" in line:
                    assert not emptied_then_filled, (line, game.notation(move) if dst >= 0 else move)
                if "an empty pile gets cards only from the stock" in line and dst != DEAL:
                    assert not emptied_then_filled, line
                if "an emptied place is filled only when you close up" in line and dst != CLOSE_UP:
                    assert not emptied_then_filled, line
                if "an emptied pile is filled only when you reshuffle" in line and dst != RESHUFFLE:
                    assert not emptied_then_filled, line
                if "a pile a move empties takes the top card of" in line and dst >= 0 and src in piles:
                    fill = rules.fill_from[src]  # the emptied source is refilled while the fill pile lasts
                    assert after[src] > 0 or before[fill] == 0, line
                if "cards never leave it" in line:
                    assert total_after >= total_before, line
                if "cards leave it only when removed" in line and dst != REMOVE:
                    assert total_after >= total_before, line
                if "nothing is built here" in line and dst >= 0 and group.id == rules.group_of[dst].id:
                    assert before[dst] == 0, line  # a card move lands only on an empty pile of it
                if dst >= 0 and rules.group_of[src].id == group.id:
                    if "only the top card moves" in line or "a card moves only when it lies alone" in line:
                        assert n == 1, line
                    if "its cards go only to: " in line:
                        allowed = line.split("its cards go only to: ")[1].split(";")[0].rstrip(".")
                        assert rules.group_of[dst].id in {names[name] for name in allowed.split(", ")}, line


def test_refills_the_text_names_do_happen():
    """The sentences replacing "an emptied pile stays empty" are not empty words: PA-5's stock deal
    puts a card on an emptied stack, CZ-3's close-up on an emptied place of an arm."""
    for game_id, gid, refill in (("parada", "aux", DEAL), ("czternastki", "north", CLOSE_UP)):
        ruleset = SHIPPED[game_id]
        refilled = any(
            move[1] == refill and any(before[p] == 0 < after[p] for p in game.rules.group_by_id[gid].piles)
            for seed in range(1, 11) for game, move, before, after in random_steps(ruleset, seed)
        )
        assert refilled, game_id


def examples(text: str) -> list[str]:
    """The moves a rules text shows in backticks that are not a bare action label."""
    return re.findall(r"`([^`]+)`", text)


@pytest.mark.parametrize("game_id", sorted(SHIPPED))
def test_every_example_in_the_text_is_a_legal_move_of_the_game(game_id):
    ruleset = SHIPPED[game_id]
    shown = examples(detail(ruleset))
    assert shown == examples(detail(ruleset, "pl"))  # the same examples in both languages
    for example in shown:
        if _is_action_label(ruleset, example):
            continue
        assert _legal_somewhere(ruleset, example), f"{game_id}: {example} is never legal in the positions tried"


def _is_action_label(ruleset, text: str) -> bool:
    actions = ruleset.actions
    return text in {a.label for a in (actions.swap, actions.close_up, actions.reshuffle) if a is not None}


def _along(ruleset, seed: int, most: int = 30) -> list[Game]:
    """Copies of the first ``most`` positions of a random game, and its last: `random_steps` yields
    one game that it goes on changing."""
    found: list[Game] = []
    game = None
    for game, *_ in random_steps(ruleset, seed):
        if len(found) < most:
            found.append(game.copy())
    return found + ([game] if game is not None else [])


def _legal_somewhere(ruleset, example: str) -> bool:
    """In a dealt position, or one a few random moves on: the example parses to a legal move."""
    for seed in range(1, 80):
        game = Game(ruleset, seed)
        positions = [game] + _along(ruleset, seed) if seed <= 10 else [game]
        for position in positions:
            try:
                move = parse_move(position, example)
            except IllegalMove:
                continue
            if move in position.legal_moves():
                return True
    return False


def test_examples_use_the_games_own_labels():
    czternastki, cromwell = detail(SHIPPED["czternastki"]), detail(SHIPPED["cromwell"])
    assert "`na1+nb2`" in czternastki and "a1+b2`" not in czternastki.replace("na1+nb2", "")
    assert "x01.1-26.3" in cromwell


def test_parada_stacks_get_stock_cards_when_emptied_pa5():
    line = group_line(SHIPPED["parada"], "aux")
    assert "an empty pile gets cards only from the stock" in line and "stays empty" not in line


def test_wastes_are_filled_by_the_stock_not_said_to_stay_empty():
    for game_id in ("kwadratura-kola", "dywan", "klondike"):
        line = group_line(SHIPPED[game_id], "waste")
        assert "an empty pile gets cards only from the stock" in line and "stays empty" not in line


def test_czternastki_arms_lose_pairs_and_close_up_cz2_cz3():
    ruleset = SHIPPED["czternastki"]
    for arm in ("north", "east", "south", "west"):
        line = group_line(ruleset, arm)
        assert "cards never leave it" not in line and "stays empty" not in line
        assert "cards leave it only when removed, and slide along its lanes when you close up" in line
    text = detail(ruleset)
    assert "slide toward the centre" in text


def test_second_class_win_is_next_to_the_centre_cz4():
    text = detail(SHIPPED["czternastki"])
    assert "Won (second class), once no move is left: exactly 1 card is left in each of:" in text
    assert "tableau “west”, next to the centre." in text
    assert "zostaje dokładnie 1 karta, leżąca przy środku." in detail(SHIPPED["czternastki"], "pl")


def test_a_pile_that_never_empties_gets_no_empty_pile_sentence():
    line = group_line(SHIPPED["dywan"], "ups")  # prefilled with an ace, and cards never leave it
    assert "cards never leave it" in line and "empty" not in line


def test_without_the_stock_deal_the_stacks_would_stay_empty():
    """The sentence follows the setting: the same ruleset with the stock dealing elsewhere says
    the stacks stay empty."""
    parada = find_ruleset("parada")
    changed = parada.model_copy(update={"stock": parada.stock.model_copy(update={"to": "out"})})
    assert "an emptied pile stays empty" in group_line(changed, "aux")


# Pronouns for one pile ("on it", "from it", "along its lanes"). A group's line speaks of all its
# piles, so the Polish text of a group must not use them, as it once did ("stosy pomocnicze (8
# stosów): nic się na nim nie układa").
ONE_PILE_WORDS = re.compile(r"\b(na nim|z niego|po jego|na niego)\b")


@pytest.mark.parametrize("game_id", ["parada", "kwadratura-kola", "czternastki", "dywan", "cromwell", "monte-carlo", "golf"])
def test_a_group_line_in_polish_speaks_of_all_its_piles(game_id):
    group_lines = [line for line in detail(SHIPPED[game_id], "pl").splitlines() if re.match(r"- .+ \(\d+ stos", line)]
    assert group_lines
    assert [line for line in group_lines if ONE_PILE_WORDS.search(line)] == []


def test_a_group_that_takes_no_builds_says_so_for_all_its_piles_pa5():
    """PA-5: nothing is built on the eight auxiliary stacks."""
    polish = detail(SHIPPED["parada"], "pl")
    assert any(line.startswith("- stosy pomocnicze") and "nic się tu nie układa" in line for line in polish.splitlines())
    assert "aux (reserve, 8 piles: 1, 2, 3, 4, 5, 6, 7, 8): nothing is built here;" in detail(SHIPPED["parada"])


def test_no_group_goes_by_its_english_id_in_the_polish_rules():
    """Where several groups share a role, a group with no Polish name is called by its role and
    its id: "stosy docelowe „up”" (in English quotation marks, once). Every shipped game names such
    groups in Polish, and the quotation marks are the language's own."""
    leaks = {ruleset.id: [q for q in re.findall(r"„([^”]+)”", detail(ruleset, "pl")) if q in ruleset.piles]
             for ruleset in SHIPPED.values()}
    assert {game: found for game, found in leaks.items() if found} == {}
    assert not any("“" in detail(ruleset, "pl") for ruleset in SHIPPED.values())
    from patience.i18n import using_language
    from patience.ruleset.describe import group_name

    with using_language("pl"):
        assert group_name(SHIPPED["klondike"], "foundations") == "stosy docelowe"
    with using_language("en"):
        assert group_name(SHIPPED["algerian"], "up") == "foundations “up”"
    assert group_name(SHIPPED["algerian"], "up", "pl") == "rosnące"


def test_a_win_over_several_groups_says_groups_in_polish():
    assert "Wygrywasz, gdy wszystkie karty leżą w grupach: rosnące, malejące." in detail(SHIPPED["dywan"], "pl")
    assert "Wygrywasz, gdy wszystkie karty leżą w grupie: stosy docelowe." in detail(SHIPPED["klondike"], "pl")


def test_a_range_of_labels_is_written_first_to_last_only_when_it_runs_on_by_one():
    """"13 piles: a…n" hid that Baker's Dozen skips h (a new author read "a…m" for Bisley's twelve
    as thirteen); "10 piles: 1…0" said nothing. Such labels are listed; a grid keeps "a1…h8"."""
    assert "tableau (13 piles: a, b, c, d, e, f, g, i, j, k, l, m, n):" in detail(SHIPPED["bakers-dozen"])
    assert "(10 piles: 1, 2, 3, 4, 5, 6, 7, 8, 9, 0)" in detail(SHIPPED["black-widow"])
    assert "carpet (tableau, 64 piles: a1…h8)" in detail(SHIPPED["dywan"])
    for ruleset in SHIPPED.values():
        for gid, group in ruleset.piles.items():
            shown = re.search(r"(\d+) piles: (\w+)…(\w+)\)", group_line(ruleset, gid))
            if shown and group.grid is None:
                labels = group.labels
                if labels[0].isdigit():
                    steps = [int(b) - int(a) for a, b in zip(labels, labels[1:])]
                elif len(labels[0]) == 1:
                    steps = [ord(b) - ord(a) for a, b in zip(labels, labels[1:])]
                else:  # a letter and numbers: h1..h12
                    steps = [int(b[1:]) - int(a[1:]) for a, b in zip(labels, labels[1:])]
                assert set(steps) == {1} and (labels[0], labels[-1]) == (shown[2], shown[3]), (ruleset.id, gid)


def test_a_deal_onto_a_single_pile_says_its_cards_without_per_pile_and_in_agreement():
    """"stos otwarty: po 1 karcie na stos, odkryte" for the one waste pile: now the count and the
    face in one phrase, which Polish makes agree."""
    assert "waste: 1 card, face up;" in detail(SHIPPED["diplomat"])
    assert "stos otwarty: 1 karta, odkryta;" in detail(SHIPPED["diplomat"], "pl")
    assert "tableau: 4 cards per pile, face up;" in detail(SHIPPED["diplomat"])
    from patience.i18n import ngettext

    with using_language("pl"):
        assert [ngettext("{n} card, face down", "{n} cards, face down", n).format(n=n) for n in (1, 3, 13)] == [
            "1 karta, zakryta", "3 karty, zakryte", "13 kart, zakrytych"]


def test_PA1_the_discarded_ranks_are_named_in_words_in_both_languages():
    """PA-1: every ace goes out as it is dealt. The line says the ranks as words ("Aces", "Asy"),
    not as a card letter ("Every A goes out to discard pile")."""
    parada = SHIPPED["parada"]
    assert "- Aces go out to the discard pile the moment they are dealt." in detail(parada)
    assert "- Asy trafiają do grupy „karty odrzucone”, gdy tylko zostaną wyłożone." in detail(parada, "pl")
    several = parada.model_copy(update={"discard": parada.discard.model_copy(update={"ranks": [1, 12, 13]})})
    assert "- Aces, queens and kings go out" in detail(several)
    assert "- Asy, damy i króle trafiają" in detail(several, "pl")


def test_the_deal_names_each_group_as_its_own_line_is_headed():
    """Flower Garden's deal said "tableau: 6 cards per pile ...; reserve: 1 card per pile" while
    the lines below are headed "beds (tableau, ..." and "bouquet (reserve, ...": the deal now
    says beds and bouquet, as the board does."""
    text = detail(SHIPPED["flower-garden"])
    assert "- Deal: beds: 6 cards per pile, face up; bouquet: 1 card per pile, face up." in text
    assert "- beds (tableau, 6 piles" in text
    assert "- Rozdanie: grządki: po 6 kart na stos, odkryte; bukiet:" in detail(SHIPPED["flower-garden"], "pl")
