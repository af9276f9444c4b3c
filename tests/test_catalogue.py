"""The catalogue: `patience list` by family with its filters, and the generated pages of docs/games/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from clirun import run
from pydantic import ValidationError

from patience.cli import catalogue_pages
from patience.session.catalogue import FAMILIES_FILE, rules_digest
from patience.cli.catalogue_pages import DOCS_GAMES, MARK, REGENERATE, SHARES
from patience.i18n import using_language
from patience.ruleset.model import Ruleset
from patience.ruleset.registry import find_ruleset, shipped_dir


def listed(output: str) -> dict[str, list[str]]:
    """The ids of a plain `patience list` under each family title (rows are indented two spaces)."""
    groups: dict[str, list[str]] = {}
    title = None
    for line in output.splitlines():
        if line and not line.startswith(" "):
            title = line.split(" · ")[0]
            groups[title] = []
        elif line.startswith("  ") and line[2] != " ":
            groups[title].append(line.split()[0])
    return {title: ids for title, ids in groups.items() if ids}  # the count line heads no rows


def json_rows(*args: str) -> list[dict]:
    result = run("list", "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


# The families ---------------------------------------------------------------------------------------
def test_every_family_has_an_english_and_a_polish_name_and_the_model_accepts_only_those():
    data = yaml.safe_load(FAMILIES_FILE.read_text(encoding="utf-8"))
    assert all(entry.get("en") and entry.get("pl") and entry.get("about") for entry in data.values())
    freecell = find_ruleset("freecell").model_dump(by_alias=True, exclude_defaults=True)
    for family in data:
        assert Ruleset.model_validate({**freecell, "family": family}).family == family
    with pytest.raises(ValidationError, match="is not a family; write one of: klondike, freecell"):
        Ruleset.model_validate({**freecell, "family": "klondyke"})


# patience list --------------------------------------------------------------------------------------
def test_list_groups_each_game_under_its_family_in_the_models_order():
    result = run("list")
    assert result.exit_code == 0
    groups = listed(result.output)
    assert {"klondike", "klondike-3", "klondike-vegas"} <= set(groups["Klondike family"])
    assert "cromwell" in groups["Fan family"] and "freecell" in groups["FreeCell family"]
    assert {"dywan", "kwadratura-kola"} <= set(groups["Carpet family"])
    titles = [title.removesuffix(" family") for title in groups]
    order = list(yaml.safe_load(FAMILIES_FILE.read_text(encoding="utf-8")).values())
    english = [entry["en"] for entry in order]
    assert titles == sorted(titles, key=english.index)
    assert all(ids == sorted(ids) for ids in groups.values())
    rows = json_rows()
    assert sum(len(ids) for ids in groups.values()) == len(rows)
    names = yaml.safe_load(FAMILIES_FILE.read_text(encoding="utf-8"))
    for row in rows:  # each game under its own family's title
        assert row["id"] in groups[f"{names[row['family']]['en']} family"]


def test_list_ends_with_the_count_of_games_and_of_all_games_when_filtered():
    total = len(json_rows())
    assert run("list").output.rstrip().splitlines()[-1] == f"{total} games"
    fans = json_rows("--family", "fan")
    assert run("list", "--family", "fan").output.rstrip().splitlines()[-1] == \
        f"{len(fans)} game{'s' if len(fans) != 1 else ''} (of {total})"


def test_list_family_keeps_only_that_family_in_json_and_text():
    rows = json_rows("--family", "carpet")
    assert {r["id"] for r in rows} >= {"dywan", "kwadratura-kola"} and {r["family"] for r in rows} == {"carpet"}
    assert list(listed(run("list", "--family", "CARPET").output)) == ["Carpet family"]


def test_list_family_refuses_a_family_that_does_not_exist_and_names_the_real_ones():
    result = run("list", "--family", "spiders")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "no family 'spiders'; the families are " in result.output and ", spider," in result.output


def test_list_decks_keeps_only_games_of_that_many_decks():
    two = json_rows("--decks", "2")
    assert {"cromwell", "dywan", "parada"} <= {r["id"] for r in two} and {r["decks"] for r in two} == {2}
    assert "klondike" not in {r["id"] for r in two}
    refused = run("list", "--decks", "0")
    assert refused.exit_code == 2 and "0 is not in the range" in refused.output


@pytest.mark.parametrize("text, expected", [
    ("carpet", "dywan"),             # a word of the English name
    ("KOŁA", "kwadratura-kola"),     # the Polish name, diacritics and case as typed
    ("kola", "kwadratura-kola"),     # ... or without diacritics
    ("po trzy", "klondike-3"),       # only in the Polish name
    ("soliter", "klondike"),         # only an alias
    ("parada-1", "parada-1"),        # the id
])
def test_list_search_matches_names_polish_names_aliases_and_ids(text, expected):
    ids = {r["id"] for r in json_rows("--search", text)}
    assert expected in ids
    everything = {r["id"]: r for r in json_rows()}
    assert len(ids) < len(everything)  # a search narrows the list


def test_list_search_finds_nothing_for_a_name_no_game_has_and_says_zero():
    result = run("list", "--search", "no-such-game-xyz")
    assert result.exit_code == 0 and result.output.startswith("0 games (of ")
    assert json_rows("--search", "no-such-game-xyz") == []


def test_list_search_refuses_text_with_no_letters_or_digits():
    result = run("list", "--search", " -- ")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "give some letters or digits to search for" in result.output


def test_list_filters_combine():
    rows = json_rows("--family", "klondike", "--decks", "1", "--search", "vegas")
    assert [r["id"] for r in rows] == ["klondike-vegas"]


def test_list_in_polish_names_families_and_counts_in_polish():
    result = run("list", "--lang", "pl", "--family", "carpet")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].startswith("Rodzina: Dywan · ") and lines[0].endswith(" gry")
    assert any(line.split()[:2] == ["kwadratura-kola", "Kwadratura"] for line in lines)
    assert lines[-1].endswith(")") and "(z " in lines[-1]


def test_list_shows_a_hidden_ruleset_and_a_broken_file_but_counts_only_what_plays(tmp_path, monkeypatch):
    folder = tmp_path / "mine"
    folder.mkdir()
    text = (shipped_dir() / "klondike.yaml").read_text(encoding="utf-8").replace("name: Klondike\n", "name: Mine\n")
    (folder / "klondike.yaml").write_text(text, encoding="utf-8")
    (folder / "unreadable-xq.yaml").write_text("id: unreadable-xq\nname: [\n", encoding="utf-8")
    shipped_count = len(list(shipped_dir().glob("*.yaml")))
    monkeypatch.setenv("PATIENCE_PATH", str(folder))
    output = run("list").output
    groups = listed(output)
    assert groups["Klondike family"].count("klondike") == 2 and "(hidden by " in output
    assert groups["Files that cannot be played"] == ["unreadable-xq"]
    assert output.rstrip().splitlines()[-1] == f"{shipped_count} games"  # Mine replaces Klondike; broken counts not
    assert "unreadable-xq" not in {r["id"] for r in json_rows("--family", "klondike")}
    assert [r["id"] for r in json_rows("--search", "unreadable xq")] == ["unreadable-xq"]


# docs/games -----------------------------------------------------------------------------------------
def test_docs_games_has_a_current_page_for_every_shipped_ruleset():
    problems = catalogue_pages.stale(DOCS_GAMES)
    assert problems == [], f"docs/games is out of date ({', '.join(problems[:5])}...); run: {REGENERATE}"


@pytest.fixture
def pages_folder(tmp_path) -> Path:
    folder = tmp_path / "games"
    catalogue_pages.write(folder)
    return folder


def test_the_staleness_check_finds_a_changed_a_missing_and_an_extra_page(pages_folder):
    assert catalogue_pages.stale(pages_folder) == []
    page = pages_folder / "klondike.md"
    page.write_text(page.read_text(encoding="utf-8").replace("Klondike", "Klondyke"), encoding="utf-8")
    (pages_folder / "freecell.md").unlink()
    (pages_folder / "gone-game.md").write_text(MARK + "\n# Gone\n", encoding="utf-8")
    (pages_folder / "notes.md").write_text("# Written by hand\n", encoding="utf-8")  # not generated: left alone
    assert catalogue_pages.stale(pages_folder) == ["missing freecell.md", "stale klondike.md", "extra gone-game.md"]
    catalogue_pages.write(pages_folder)
    assert catalogue_pages.stale(pages_folder) == []
    assert not (pages_folder / "gone-game.md").exists() and (pages_folder / "notes.md").exists()


def test_the_check_command_exits_1_and_says_how_to_regenerate(pages_folder, monkeypatch, capsys):
    monkeypatch.setattr(catalogue_pages, "DOCS_GAMES", pages_folder)
    assert catalogue_pages.main(["--check"]) == 0
    (pages_folder / "cromwell.md").unlink()
    assert catalogue_pages.main(["--check"]) == 1
    assert f"run: {REGENERATE}" in capsys.readouterr().out


def test_a_page_holds_the_rules_in_words_the_show_board_and_the_variants(pages_folder):
    page = (pages_folder / "klondike-3.md").read_text(encoding="utf-8")
    board = run("show", "klondike-3", "--deal", "1", "--ascii").output.rstrip("\n")
    assert f"```text\n{board}\n```" in page
    from patience.ruleset.describe import rules_text
    assert rules_text(find_ruleset("klondike-3"), "en").split("\n", 2)[2] in page
    assert "- [Klondike](klondike.md) (`klondike`): same family, the same cards for each deal number" in page
    assert "Polish: Klondike (po trzy karty)" in page and "## The solver" in page
    index = (pages_folder / "README.md").read_text(encoding="utf-8")
    assert "## Klondike family" in index and "| [Klondike (draw three)](klondike-3.md) | `klondike-3` |" in index


def test_variants_of_an_other_family_game_are_only_games_dealing_the_same_cards():
    freecell = find_ruleset("freecell")
    lone = freecell.model_copy(update={"id": "lone", "family": "other"})
    stranger = find_ruleset("klondike").model_copy(update={"id": "stranger", "family": "other"})
    twin = freecell.model_copy(update={"id": "twin", "family": "other",
                                       "deal": freecell.deal.model_copy(update={"key": "lone"})})
    found = catalogue_pages.variants(lone, [lone, stranger, twin])
    assert [(other.id, why) for other, why in found] == [("twin", ["the same cards for each deal number"])]


def test_a_measured_share_shows_only_while_the_rules_are_unchanged(tmp_path):
    freecell = find_ruleset("freecell")
    entry = {"deals": [1, 100], "solved": 97, "unsolvable": 1, "unknown": 2, "max_states": 2000, "timeout": 2,
             "date": "2026-12-02", "machine": "a test machine"}
    (tmp_path / SHARES).write_text(json.dumps({"games": {
        "freecell": {**entry, "rules": rules_digest(freecell)},
        "klondike": {**entry, "rules": "an-older-digest"},
        "klondike-3": {**entry, "rules": rules_digest(find_ruleset("klondike-3")), "timed_out": 2},
    }}), encoding="utf-8")
    made = catalogue_pages.pages(tmp_path)
    assert "the solver won 97 of 100, proved 1 unwinnable and left 2 undecided" in made["freecell.md"]
    assert "at most 2,000 positions (2 s) a deal (measured 2026-12-02 on a test machine)" in made["freecell.md"]
    assert "## The solver\n\nNot measured yet." in made["klondike.md"]
    assert "ran out of time" not in made["freecell.md"]
    assert "2 of the undecided deals ran out of time before reaching the position limit" in made["klondike-3.md"]
    assert "| 97 of 100 |" in made["README.md"]


def test_the_rules_digest_ignores_words_and_follows_the_rules():
    klondike = find_ruleset("klondike")
    renamed = klondike.model_copy(update={"name": "Other", "names": {}, "rules": {"en": "x"}, "aliases": []})
    assert rules_digest(renamed) == rules_digest(klondike)
    assert rules_digest(klondike.model_copy(update={"decks": 2})) != rules_digest(klondike)
    other_cards = klondike.model_copy(update={"deal": klondike.deal.model_copy(update={"key": "another-key"})})
    assert rules_digest(other_cards) != rules_digest(klondike)


def test_pages_are_english_whatever_the_language_chosen(tmp_path):
    english = catalogue_pages.pages(tmp_path)
    with using_language("pl"):
        assert catalogue_pages.pages(tmp_path) == english


def test_list_summaries_end_within_80_columns_however_long_the_ids():
    for args in ([], ["--lang", "pl"]):
        lines = run("list", *args).output.splitlines()
        summaries = [line for line in lines if line.startswith("   ") and not line.split()[0] in ("pl:", "en:")]
        assert summaries and all(len(line) <= 80 for line in summaries)


def test_a_shipped_file_that_cannot_be_played_fails_the_staleness_check(pages_folder, tmp_path, monkeypatch):
    from patience.ruleset import sources

    folder = tmp_path / "shipped"
    folder.mkdir()
    (folder / "freecell.yaml").write_text((shipped_dir() / "freecell.yaml").read_text(encoding="utf-8"),
                                          encoding="utf-8")
    (folder / "half-written.yaml").write_text("id: half-written\nname: [\n", encoding="utf-8")
    monkeypatch.setattr(sources, "shipped_dir", lambda: folder)
    problems = catalogue_pages.stale(pages_folder)
    assert any(p.startswith("half-written.yaml cannot be played, so it has no page: ") for p in problems)
    assert "extra klondike.md" in problems  # the pages of games that are no longer shipped


def test_the_command_line_starts_without_loading_the_catalogue():
    """`patience --help` stays fast: the family list loads the ruleset model only when `list` runs."""
    import subprocess
    import sys

    code = "import sys, patience.cli; print('patience.session.catalogue' in sys.modules, 'pydantic' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
