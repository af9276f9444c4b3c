"""Ruleset loading: every problem is `file:line:col: key.path: what is wrong`."""

import os
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
    from patience.ruleset.model import PileGroup

    allowed = ", ".join(field.alias or name for name, field in PileGroup.model_fields.items())
    assert error_for(text) == (f"game.yaml:{line}:5: piles.cells.max_card: unknown key 'max_card'; did you mean "
                               f"'max_cards'? allowed keys: {allowed}")
    assert allowed.startswith("role, names, count, labels") and "max_cards" in allowed


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


def test_a_group_whose_labels_clash_is_told_once_and_what_would_be_right():
    """P111 said "label 'f1' is already used by quilt" once per label, and not what to do. Now
    once per group, with a letter no label starts with, and `grid.prefix` for a grid's cells."""
    from pathlib import Path

    dywan = (Path(__file__).resolve().parents[1] / "rulesets" / "dywan.yaml").read_text(encoding="utf-8")
    said = error_for(dywan.replace('labels: "o1 o2 o3 o4"', 'labels: "a1 a2 a3 a4"'), "dywan.yaml")
    assert said.count("already used by") == 1
    assert ("label 'a1' is already used by carpet (and 3 more of these labels); each label names one pile: start "
            "these with a letter no other label starts with, such as 'i'; or name carpet's cells from a letter "
            "of their own with `grid.prefix`") in said
    plain = error_for(FREECELL.replace('labels: "1 2 3 4 5 6 7 8"', 'labels: "a 2 3 4 5 6 7 8"'))
    assert "label 'a' is already used by cells; each label names one pile" in plain and "grid.prefix" not in plain
    assert "label '1' is already used by tableau" in error_for(FREECELL.replace('labels: "1 2 3 4 5 6 7 8"', 'labels: "1 1 3 4 5 6 7 8"'))


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
    started = time.process_time()  # CPU time: a loaded machine must not fail a runaway guard
    message = error_for("\n".join(lines) + "\n")
    assert "too large or expands aliases too often" in message
    assert time.process_time() - started < 1.0


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
    mine = FREECELL.replace("id: freecell", "id: my-freecell").replace("name: FreeCell", "name: My FreeCell")
    path.write_text(mine.replace("names: {pl: FreeCell}\n", "").replace("aliases: [free-cell, wolne-komorki]\n", ""),
                    encoding="utf-8")  # its names its own: a shipped game's name would be refused (P112)
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


# ------------------------------------------------------------------ files that are not files (issue 27 item 5)
def test_a_fifo_is_refused_without_blocking(tmp_path, deadline):
    fifo = tmp_path / "f.yaml"
    os.mkfifo(fifo)
    with pytest.raises(RulesetError, match="a device, pipe or socket, not a ruleset file"):
        load_file(fifo)  # opening it to read would wait for a writer for ever: `deadline` fails that


def test_a_link_to_dev_zero_is_refused_unread(tmp_path):
    link = tmp_path / "zero.yaml"
    link.symlink_to("/dev/zero")
    with pytest.raises(RulesetError, match="not a ruleset file"):
        load_file(link)


def test_a_folder_is_refused(tmp_path):
    folder = tmp_path / "game.yaml"
    folder.mkdir()
    with pytest.raises(RulesetError, match="a folder, not a ruleset file"):
        load_file(folder)


def test_the_size_limit_holds_while_reading_whatever_the_size_says(tmp_path, monkeypatch):
    from patience.ruleset import loader

    path = tmp_path / "big.yaml"
    path.write_text(KLONDIKE, encoding="utf-8")
    monkeypatch.setattr(loader.os, "stat", lambda p: os.stat_result((0o100644,) + (0,) * 9))  # claims 0 bytes
    monkeypatch.setattr(loader, "MAX_FILE_BYTES", 100)
    with pytest.raises(RulesetError, match="larger than 100 bytes"):
        load_file(path)


def test_an_overlong_file_name_is_a_message(tmp_path):
    with pytest.raises(RulesetError, match="cannot read the file: the name is too long"):
        load_file(tmp_path / ("x" * 300 + ".yaml"))


@pytest.mark.parametrize("text", [
    "a: [" + ",".join(["1"] * 499_990) + "]\n",                  # a megabyte of one flow list
    "".join(f"k{i}: 1\n" for i in range(110_000))[:999_000],    # a megabyte of keys
    "- {}\n" * 199_000,                                          # a megabyte of empty mappings
])
def test_a_dense_megabyte_is_refused_early_and_cheaply(text):
    import tracemalloc

    tracemalloc.start()
    started = time.process_time()  # CPU time: a loaded machine must not fail a runaway guard
    message = error_for(text)
    seconds = time.process_time() - started
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert "too large" in message
    assert seconds < 1.0 and peak < 20_000_000  # measured: ~0.1 s traced, 3 MB (docs/authoring.md)


# ------------------------------------------------------------------ messages that point the right way (issue 22 item 6)
def test_a_far_fetched_suggestion_is_not_made_but_the_keys_are_listed():
    for wrong in ("sequence", "stack"):  # not `shared_label`, not `shape` (unit and fill were the first such; now both are keys)
        message = error_for(FREECELL.replace("    max_cards: 1", f"    max_cards: 1\n    {wrong}: 1"))
        assert f"piles.cells.{wrong}: unknown key {wrong!r}; allowed keys: role, names, count," in message
        assert "did you mean" not in message


def test_a_close_value_is_suggested_a_far_one_is_not():
    assert "(did you mean 'same'?)" in error_for(FREECELL.replace("suit: alternate-colour", "suit: sme"))
    assert "did you mean" not in error_for(FREECELL.replace("suit: alternate-colour", "suit: colour"))


def test_a_misspelt_required_key_is_one_error_not_two():
    message = error_for(FREECELL.replace('labels: "a b c d"', 'label: "a b c d"'))
    assert "unknown key 'label'; did you mean 'labels'?" in message and "required" not in message
    assert len(message.splitlines()) == 1
    translated = error_for(FREECELL.replace('labels: "a b c d"', 'etykiety: "a b c d"'))  # the only unknown key
    assert "unknown key 'etykiety'" in translated and "required" not in translated


def test_an_unrelated_missing_key_is_still_reported():
    message = error_for(FREECELL.replace('labels: "a b c d"', 'colour: red\n    etykiety: "a b c d"'))
    assert "piles.cells.labels: this key is required" in message


def test_a_bad_grid_key_is_the_only_error_of_its_group():
    text = (shipped_dir() / "dywan.yaml").read_text(encoding="utf-8")
    message = error_for(text.replace("grid: {rows: 8, cols: 8}", "grid: {rows: 8, cols: 8, size: 3}", 1))
    assert message.splitlines() == [message.splitlines()[0]] and "unknown key 'size'" in message
    assert "labels" not in message.split("allowed keys")[0]


# ------------------------------------------------------------------ bounds (issue 27 item 5)
@pytest.mark.parametrize("old, new, expected", [
    ("id: freecell", "id: " + "f" * 250, "id: 250 characters is too long; at most 64"),
    ("name: FreeCell", "name: " + "F" * 300, "name: 300 characters is too long; at most 100"),
    ("  cells:", "  " + "c" * 70 + ":", "of at most 64 characters"),
    ("decks: 1 ", "scoring: {rules: [{when: move, to: foundations, points: 100000000000000000000000000000000000000000000}]}\n"
     "decks: 1 ", "points: 100000000000000000000000000000000000000000000 is too large; at most 10000"),
])
def test_ids_names_and_points_are_bounded(old, new, expected):
    assert old in FREECELL
    assert expected in error_for(FREECELL.replace(old, new, 1))


def test_redeals_and_uses_are_bounded():
    assert "stock.redeals: at most 100; say unlimited for more" in error_for(
        KLONDIKE.replace("redeals: unlimited", "redeals: 1000"))
    cromwell = (shipped_dir() / "cromwell.yaml").read_text(encoding="utf-8")
    assert "uses: 1" in cromwell
    assert "at most 100; say unlimited for more" in error_for(cromwell.replace("uses: 1", "uses: 101"))


def test_a_huge_wrong_value_is_shown_cut_short():
    message = error_for(FREECELL.replace("name: FreeCell", "name: [" + ", ".join(["x"] * 5000) + "]"))
    assert "should be a text" in message and "…" in message and len(message) < 200


def test_a_shipped_ruleset_is_in_a_file_named_after_its_id():
    """The registry finds a shipped game by id from its file name alone, without reading every file."""
    from patience.ruleset.registry import load_path, shipped_files

    assert [p.stem for p in shipped_files()] == [load_path(p, checked=False).id for p in shipped_files()]


def test_a_game_named_by_its_id_is_found_without_reading_the_other_shipped_files(monkeypatch, tmp_path):
    from patience.ruleset import registry

    own = tmp_path / "mine"
    own.mkdir()
    (own / "klondike.yaml").write_text(
        (registry.shipped_dir() / "klondike.yaml").read_text(encoding="utf-8").replace("name: Klondike", "name: Mine"),
        encoding="utf-8")
    monkeypatch.setenv("PATIENCE_PATH", str(own))
    read: list[str] = []
    real = registry.load_path
    monkeypatch.setattr(registry, "load_path", lambda path, **kw: read.append(path.name) or real(path, **kw))
    assert registry.find_ruleset_file("freecell") == registry.shipped_dir() / "freecell.yaml"
    assert registry.find_ruleset_file("klondike") == own / "klondike.yaml"  # the player's own file hides the shipped one
    assert read == ["klondike.yaml", "klondike.yaml"]  # only the player's folder was read


# ------------------------------------------------------------------ issue 38 item 6: core tags on values of another kind
@pytest.mark.parametrize("line, words", [
    ("x: !!timestamp foo", "'foo' cannot be read as !!timestamp"),
    ("x: !!int foo", "'foo' cannot be read as !!int"),
    ("x: !!float bar", "'bar' cannot be read as !!float"),
    ("!!bool maybe: 1", "'maybe' cannot be read as !!bool"),  # a key too
    ("x: " + "9" * 5000, "a number of 5000 digits is far too long"),
    ("x: [1, -" + "1_0" * 3000 + "]", "a number of 6000 digits is far too long"),
])
def test_a_core_tag_on_a_value_of_another_kind_is_one_placed_finding(line, words):
    text = KLONDIKE + line + "\n"
    message = error_for(text)
    assert words in message and "set_int_max_str_digits" not in message
    assert f":{text.count(chr(10))}:" in message  # placed on the line that has it
    assert message.count("\n") == 0


def test_a_name_tagged_bool_with_a_word_is_a_finding_in_lint_and_play(tmp_path):
    from clirun import run

    path = tmp_path / "b.yaml"
    path.write_text(KLONDIKE.replace("name: Klondike", "name: !!bool foo", 1), encoding="utf-8")
    for args in (("lint", str(path)), ("play", str(path), "--deal", "1")):
        result = run(*args, input="")
        assert "'foo' cannot be read as !!bool" in result.output and "Traceback" not in result.output
        assert result.exit_code == 1


def test_a_ruleset_remembers_its_file_only_when_told_not_by_a_hand_off_between_calls(tmp_path):
    """The file a ruleset came from is passed with its text (loader.file_source), not left behind
    by the last read of the thread: a text parsed later under the same name is not that file's, and
    a file read in one thread and parsed in another keeps its file."""
    import threading

    from patience.ruleset.loader import file_source, read_ruleset_text, source_file

    path = tmp_path / "mine.yaml"
    path.write_text(KLONDIKE, encoding="utf-8")
    read_ruleset_text(path)
    assert source_file(load_text(KLONDIKE.replace("id: klondike", "id: other"), str(path))) is None
    found = []
    text = read_ruleset_text(path)
    worker = threading.Thread(target=lambda: found.append(load_text(text, str(path), file_source(path))))
    worker.start()
    worker.join()
    assert source_file(found[0]) == path.resolve() == source_file(load_file(path))
