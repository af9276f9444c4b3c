"""Ruleset loading: every problem is `file:line:col: key.path: what is wrong`."""

import time

import pytest

from patience.ruleset import RulesetError, UnknownGame, find_ruleset, load_file, load_text, shipped_rulesets
from patience.ruleset.registry import normalize_name, shipped_dir

FREECELL = (shipped_dir() / "freecell.yaml").read_text(encoding="utf-8")
KLONDIKE = (shipped_dir() / "klondike.yaml").read_text(encoding="utf-8")


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def error_for(text: str, name: str = "game.yaml") -> str:
    with pytest.raises(RulesetError) as info:
        load_text(text, name)
    return str(info.value)


def test_every_shipped_ruleset_loads():
    ids = {r.id for r in shipped_rulesets()}
    assert {"klondike", "klondike-3", "klondike-vegas", "freecell"} <= ids


def test_an_unknown_key_is_placed_and_gets_a_did_you_mean():
    text = FREECELL.replace("    max_cards: 1", "    max_card: 1")
    line = line_of(text, "max_card:")
    assert error_for(text) == f"game.yaml:{line}:5: piles.cells.max_card: unknown key 'max_card'; did you mean 'max_cards'?"


def test_an_unknown_top_level_key_gets_a_did_you_mean():
    text = FREECELL.replace("decks: 1 ", "deck: 1 ")
    assert "deck: unknown key 'deck'; did you mean 'decks'?" in error_for(text)


def test_a_misspelt_value_lists_the_choices_and_the_closest():
    text = FREECELL.replace("run_limit: supermove", "run_limit: supermov")
    line = line_of(text, "run_limit:")
    message = error_for(text)
    assert message.startswith(f"game.yaml:{line}:16: piles.tableau.run_limit: 'supermov' is not allowed")
    assert "'supermove'" in message and "did you mean 'supermove'?" in message


def test_a_number_or_word_setting_says_both():
    text = KLONDIKE.replace("redeals: unlimited", "redeals: unlimted")
    message = error_for(text)
    assert "stock.redeals: 'unlimted' is not allowed" in message and "or a whole number" in message


def test_bad_ranks_are_named():
    assert "piles.foundations.empty: not a rank: 'Z'" in error_for(FREECELL.replace("empty: [A]", "empty: [Z]"))
    assert "write any, none, or a list of ranks" in error_for(FREECELL.replace("empty: [A]", "empty: anything"))


def test_references_to_missing_groups_are_placed_with_the_known_groups():
    text = FREECELL.replace("to: [cells]", "to: [cell]")
    line = line_of(text, "to: [cell]")
    assert error_for(text) == (
        f"game.yaml:{line}:10: piles.foundations.to.0: no pile group 'cell'; the groups are cells, foundations, tableau"
    )


def test_label_counts_and_clashes():
    assert "3 labels for 4 piles" in error_for(FREECELL.replace('labels: "a b c d"', 'labels: "a b c"'))
    assert "label 'a' is already used by cells" in error_for(FREECELL.replace('labels: "1 2 3 4 5 6 7 8"', 'labels: "a 2 3 4 5 6 7 8"'))
    assert "must be 1-3 lowercase letters or digits" in error_for(FREECELL.replace('labels: "a b c d"', 'labels: "A b c d"'))


def test_deal_counts_must_match_the_piles():
    text = FREECELL.replace("count: [7, 7, 7, 7, 6, 6, 6, 6]", "count: [7, 7, 7, 7, 6, 6, 6]")
    assert "deal.steps.0.count: 7 numbers for 8 piles" in error_for(text)


def test_a_missing_key_is_named():
    assert "name: this key is required" in error_for(FREECELL.replace("name: FreeCell\n", ""))


def test_a_repeated_key_is_refused():
    text = FREECELL.replace("decks: 1 ", "decks: 1\ndecks: 2 ")
    assert f"game.yaml:{line_of(text, 'decks: 2')}:1: key 'decks' appears twice" in error_for(text)


def test_broken_yaml_is_placed():
    message = error_for(FREECELL.replace("piles:", "piles: ["))
    assert message.startswith("game.yaml:") and "not valid YAML" in message


def test_several_problems_are_all_reported():
    text = FREECELL.replace("decks: 1 ", "deck: 1 ").replace("run_limit: supermove", "run_limit: nope")
    assert len(error_for(text).splitlines()) == 2


def test_not_a_mapping_and_empty_files():
    assert "a ruleset is a mapping" in error_for("- a\n- b\n")
    assert "the file is empty" in error_for("")


def test_alias_bombs_are_refused_quickly():
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    started = time.perf_counter()
    message = error_for("\n".join(lines) + "\n")
    assert "too large or expands aliases too often" in message
    assert time.perf_counter() - started < 1.0


def test_oversized_files_are_refused():
    assert "larger than" in error_for("# " + "x" * 1_100_000 + "\n")


def test_missing_file(tmp_path):
    with pytest.raises(RulesetError, match="no such file"):
        load_file(tmp_path / "nope.yaml")


def test_games_are_found_by_id_name_alias_and_path(tmp_path):
    assert find_ruleset("freecell").id == "freecell"
    assert find_ruleset("Free Cell").id == "freecell"
    assert find_ruleset("KLONDIKE").id == "klondike"
    assert find_ruleset("vegas").id == "klondike-vegas"
    path = tmp_path / "mine.yaml"
    path.write_text(FREECELL.replace("id: freecell", "id: my-freecell"), encoding="utf-8")
    assert find_ruleset(str(path)).id == "my-freecell"


def test_an_unknown_game_suggests_the_closest():
    with pytest.raises(UnknownGame, match="did you mean freecell"):
        find_ruleset("freecel")


def test_names_lose_case_diacritics_and_spacing():
    assert normalize_name("Kwadratura Koła") == "kwadratura-kola"
    assert normalize_name("  Free  Cell ") == "free-cell"


def test_the_deal_must_place_every_card_exactly_once():
    short = FREECELL.replace("count: [7, 7, 7, 7, 6, 6, 6, 6]", "count: [7, 7, 7, 7, 6, 6, 6, 5]")
    assert "deal.steps: the deal places 51 of 52 cards; add a step with `count: rest`" in error_for(short)
    over = FREECELL.replace("count: [7, 7, 7, 7, 6, 6, 6, 6]", "count: 7")
    assert "the deal places 56 cards but 1 deck(s) hold 52" in error_for(over)


def test_absurdly_deep_nesting_is_refused_without_a_traceback():
    assert "nested too deeply" in error_for("a: " + "[" * 5000 + "]" * 5000 + "\n")
