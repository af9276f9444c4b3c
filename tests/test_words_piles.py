"""Rules that read one particular pile (issue 36): `takes_when: {rank_in: previous|LABEL}`, a card
onto a started pile only of a rank already on the pile before it or on a named pile (Osmosis),
and `takes_when: {suits: [...]}`, one suit a pile (Royal Cotillion). The engine and the compiled
core judge alike (`Group.takes_card`, `Core._card_ok`); lint refuses lists and labels that do
not fit; the rules text says both in English and Polish."""

from __future__ import annotations

from pathlib import Path

import pytest
from positions import build, refused

from patience import Game, core
from patience.core.tables import not_covered
from patience.i18n import using_language
from patience.ruleset import load_text
from patience.ruleset.describe import describe_group
from patience.ruleset.lint import lint_text
from patience.ruleset.loader import RulesetError
from patience.ruleset.registry import shipped_dir

OSMOSIS = (shipped_dir() / "osmosis.yaml").read_text(encoding="utf-8")
COTILLION = (shipped_dir() / "royal-cotillion.yaml").read_text(encoding="utf-8")
# Royal Cotillion without its chained fill (the waste from the stock), so that the compiled core
# searches it while core-words brings chained fills in: the suits are what is compared.
COTILLION_ONE_FILL = COTILLION.replace("    fill: {from: stock}                                   # an emptied waste takes the stock's top card at once\n", "")
needs_core = pytest.mark.skipif(not core.available(), reason="the compiled core is not built or PATIENCE_PURE=1")


def variant(tmp_path: Path, text: str, name: str) -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text.replace("id: osmosis", f"id: {name}").replace("id: royal-cotillion", f"id: {name}")
                    .replace("aliases: [treasure-trove]", "").replace("aliases: [lords-and-ladies]", "")
                    .replace("name: Osmosis", f"name: {name}").replace("name: Royal Cotillion", f"name: {name}"),
                    encoding="utf-8")
    return str(path)


def places(game: Game) -> set[str]:
    """The legal card moves as source and target labels side by side (`1h3`), shared labels aside."""
    labels = game.rules.labels
    return {labels[s] + labels[d] for s, d, _ in game.legal_moves() if d >= 0}


def same_in_core(game: Game) -> list:
    """The engine's moves, which the core must list alike."""
    moves = game.legal_moves()
    if core.available():
        assert core.position(game).legal_moves() == moves
    return moves


def test_osmosis_a_lower_foundation_takes_only_ranks_on_the_one_directly_above():
    game = build("osmosis", {"h1": "9D 7D 2D", "h2": "9C", "h3": "9H", "1": "7H", "2": "7C", "3": "2C", "4": "5C"},
                 fill="s", fill_face_down=True)
    assert not_covered(game.rules) is None  # searched by the compiled core
    moves = places(game)
    assert {"2h2", "3h2"} <= moves and "4h2" not in moves  # 7 and 2 lie on h1, no 5
    refused(game, "1h3", "h3 takes only a rank already on h2, and no 7 lies there")  # on h1 is not enough
    same_in_core(game)
    game.play("2h2")
    assert "1h3" in places(game)
    same_in_core(game)


def test_osmosis_an_empty_lower_foundation_takes_what_empty_says_and_the_first_reads_nothing():
    game = build("osmosis", {"h1": "9D", "1": "9C", "2": "2C", "3": "KD"}, fill="s", fill_face_down=True)
    same_in_core(game)
    names = places(game)
    assert {"1h2", "1h3", "1h4", "3h1"} <= names  # a 9 starts any lower one; h1 reads no pile
    assert not {"2h2", "2h1"} & names


def test_rank_in_a_label_reads_that_pile_for_every_pile_of_the_group(tmp_path):
    path = variant(tmp_path, OSMOSIS.replace("takes_when: {rank_in: previous}", "takes_when: {rank_in: h1}"), "osmosis-h1")
    game = build(path, {"h1": "9D 7D", "h2": "9C", "h3": "9H", "1": "7H", "2": "3H"}, fill="s", fill_face_down=True)
    assert "1h3" in places(game)  # 7 lies on h1, which every foundation reads
    refused(game, "2h3", "no 3 lies there")
    same_in_core(game)


def test_the_pile_rank_in_reads_keeps_its_place_in_keys(tmp_path):
    """Rows read by place may not be sorted in keys: two positions that differ in which row holds
    what differ in what the foundations take."""
    path = variant(tmp_path, OSMOSIS.replace("takes_when: {rank_in: previous}", "takes_when: {rank_in: '2'}"), "osmosis-row")
    game = build(path, {"h1": "9D", "h2": "9C", "1": "7H", "2": "7C", "3": "3C"}, fill="s", fill_face_down=True)
    assert game.rules.group_by_id["rows"].index not in game.rules.sortable_groups
    assert "3h2" not in places(game) and "1h2" not in places(game)  # no 3 on row 2; 7♥ is no club
    same_in_core(game)


def test_royal_cotillion_each_foundation_takes_its_own_suit_only():
    game = build("royal-cotillion", {"a1": "AH", "b1": "2H", "c1": "AH", "f3": ""}, fill="s", fill_face_down=True)
    names = places(game)
    assert {"a1f3", "b1t3"} <= names and not {"a1f1", "a1f2", "a1f4", "b1t1"} & names
    refused(game, "a1f1", "f1 takes only clubs, not A♥")
    game.play("a1f3")
    refused(game, "c1f3", "cannot go on")  # the second A♥ has no place in the aces row


def test_per_pile_suits_make_places_matter_in_keys_and_the_core_lists_them_as_the_engine(tmp_path):
    path = variant(tmp_path, COTILLION_ONE_FILL, "cotillion-one-fill")
    game = build(path, {"a1": "AH", "b1": "2H", "c1": "AS", "d1": "3H", "w": "5D"}, fill="s", fill_face_down=True)
    aces = game.rules.group_by_id["aces"].index
    assert aces not in game.rules.sortable_groups  # a suit's pile is not any pile
    if core.available():
        assert not_covered(game.rules) is None
    same_in_core(game)
    game.play("a1f3")
    same_in_core(game)
    if core.available():
        swapped = build(path, {"f4": "AH", "b1": "2H", "c1": "AS", "d1": "3H", "w": "5D", "a1": "4D"},
                        fill="s", fill_face_down=True)
        assert core.position(swapped).key() != core.position(game).key()


@needs_core
def test_core_walks_osmosis_and_suited_foundations_as_the_engine(tmp_path):
    """Random walks that favour foundation moves, where both card rules bite."""
    import random
    for game in (Game.new("osmosis", 3), Game(load_text(COTILLION_ONE_FILL, "rc.yaml"), 2)):
        position = core.position(game)
        rnd = random.Random(7)
        homed = 0
        for _ in range(300):
            moves = game.legal_moves()
            assert position.legal_moves() == moves
            assert position.piles() == game.piles
            if not moves:
                break
            home = [m for m in moves if m[1] in game.rules.foundation_piles]
            move = rnd.choice(home or moves)
            homed += bool(home)
            game.push(move)
            position.push(move)
        assert homed >= 3, (game.rules.id, homed)  # the walk played foundation moves, where the rules bite


def test_a_condition_must_say_something():
    with pytest.raises(RulesetError, match="give a condition: one or more of .*`pile`, `rank_in`"):
        load_text(OSMOSIS.replace("takes_when: {rank_in: previous}", "takes_when: {}"), "o.yaml")


def codes(text: str) -> dict[str, list[str]]:
    _, findings = lint_text(text, "x.yaml")
    found: dict[str, list[str]] = {}
    for f in findings:
        found.setdefault(f.code, []).append(f.message)
    return found


def test_lint_suits_one_a_pile_said_with_plurals_in_english_and_polish():
    text = COTILLION.replace("takes_when: {suits: [C, D, H, S]}                     # one foundation per suit",
                             "takes_when: {suits: [C]}")
    assert "`suits` gives one suit a pile, but aces has 4 piles and the list 1 suit" in codes(text)["P100"]
    with using_language("pl"):
        assert "`suits` daje każdemu stosowi jeden kolor, ale aces ma 4 stosy, a lista 1 kolor" in codes(text)["P100"]
    assert "P100" not in codes(COTILLION)


def test_lint_a_suit_the_pack_lacks():
    text = COTILLION.replace("decks: 2\n", "decks: 2\nsuits: [H, S]\n")
    assert any("takes only clubs, but the pack has no card of that suit" in m for m in codes(text)["P100"])


def test_lint_rank_in_names_a_pile_and_reads_another():
    assert any("`rank_in` names 'h9'" in m for m in codes(OSMOSIS.replace("{rank_in: previous}", "{rank_in: h9}"))["P100"])
    one = OSMOSIS.replace("{rank_in: previous}", "{rank_in: w}")
    assert "P100" not in codes(one)  # the waste's ranks: a pile of another group
    alone = COTILLION.replace("  waste:\n    role: waste\n", "  waste:\n    role: waste\n    takes_when: {rank_in: previous}\n")
    assert any("`rank_in` reads another pile, but waste has one pile" in m for m in codes(alone)["P201"])


def test_rules_text_says_each_piles_suit_and_the_pile_read_in_english_and_polish():
    rc = load_text(COTILLION, "rc.yaml")
    os_ = load_text(OSMOSIS, "o.yaml")
    assert "each pile takes cards of its own suit only: f1 clubs, f2 diamonds, f3 hearts, f4 spades" in describe_group(rc, "aces")
    assert ("a card goes onto a started pile, except the first (h1), only when a card of its rank already lies on "
            "the pile before it") in describe_group(os_, "foundations")
    with using_language("pl"):
        assert "każdy stos przyjmuje tylko karty swojego koloru: t1 trefle, t2 kara, t3 kiery, t4 piki" in describe_group(rc, "twos")
        assert "poza pierwszym (h1)" in describe_group(os_, "foundations")
