"""`patience lint`: every check on the broken corpus, cross-file checks, output formats, exit codes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from clirun import run

from patience.ruleset.lint import CHECKS, lint_paths, lint_text
from patience.ruleset.model import PileGroup
from patience.ruleset.registry import shipped_dir, shipped_files

CORPUS = Path(__file__).resolve().parent / "lint_corpus"
CORPUS_FILES = sorted(CORPUS.glob("*.yaml"))
HEADER = re.compile(r"^# expect: (P\d{3})(?: at (\d+):(\d+))? - (.+)$")  # no place: it depends on the parser


@pytest.fixture(autouse=True)
def no_user_rulesets(monkeypatch, tmp_path):
    """Only the shipped rulesets are found: the real user folder is never read."""
    monkeypatch.setenv("PATIENCE_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("PATIENCE_PATH", raising=False)


def said(path: Path) -> dict[str, list[str]]:
    """The header's other lines: `# says: TEXT` (a finding says it), `# not: TEXT` (none says it),
    `# findings: N` (exactly N findings: one root error, not a cascade)."""
    lines: dict[str, list[str]] = {"says": [], "not": [], "findings": []}
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        key, _sep, text = line.removeprefix("# ").partition(": ")
        if not line.startswith("# ") or key not in lines:
            break
        lines[key].append(text)
    return lines


def expected(path: Path) -> tuple[str, int | None, int | None]:
    match = HEADER.match(path.read_text(encoding="utf-8").splitlines()[0])
    assert match, f"{path.name}: the first line must be `# expect: CODE at LINE:COL - why`"
    return match[1], int(match[2]) if match[2] else None, int(match[3]) if match[3] else None


def test_the_corpus_is_large_enough():
    assert len(CORPUS_FILES) >= 30


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_each_broken_ruleset_gets_its_finding(path):
    code, line, col = expected(path)
    findings = lint_paths([path])
    places = [(f.code, f.line if line else None, f.col if col else None) for f in findings]
    assert (code, line, col) in places, "\n".join(map(str, findings))
    header = said(path)
    assert all(any(text in f.message for f in findings if f.code == code) for text in header["says"]), findings
    assert not any(text in str(f) for text in header["not"] for f in findings), findings
    assert all(len(findings) == int(n) for n in header["findings"]), findings
    assert all(f.severity == CHECKS[f.code].severity for f in findings)
    assert "P000" not in {f.code for f in findings}


def test_every_check_has_a_corpus_file_or_a_test_here():
    in_corpus = {expected(p)[0] for p in CORPUS_FILES}
    tested_below = {"P000", "P100", "P110"}  # P100 is a fallback no known problem reaches
    tested_below |= {"P300", "P301", "P302", "P303"}  # rules-test files: tests/test_rules_tests.py
    assert set(CHECKS) - in_corpus - tested_below == set()
    assert all(c.rationale and c.title for c in CHECKS.values())


def test_shipped_rulesets_lint_clean():
    assert lint_paths([shipped_dir()]) == []


def test_two_files_with_one_id_are_an_error(tmp_path):
    text = (shipped_dir() / "freecell.yaml").read_text(encoding="utf-8")
    mine = text.replace("id: freecell", "id: mine").replace("aliases: [free-cell, wolne-komorki]", "aliases: []")
    mine = mine.replace("name: FreeCell", "name: Mine").replace("names: {pl: FreeCell}", "")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "mine.yaml").write_text(mine, encoding="utf-8")
    (tmp_path / "b" / "mine.yaml").write_text(mine, encoding="utf-8")
    findings = lint_paths([tmp_path / "a", tmp_path / "b"])
    assert [(f.code, f.line) for f in findings if f.code == "P110"] == [("P110", 4), ("P110", 4)]
    assert lint_paths([tmp_path / "a"]) == []


def test_a_name_clash_with_a_user_ruleset_is_found(tmp_path, monkeypatch):
    folder = tmp_path / "extra"
    folder.mkdir()
    text = (CORPUS / "empty-step.yaml").read_text(encoding="utf-8").replace("    - {to: waste, count: 0}\n", "")
    (folder / "one.yaml").write_text(text.replace("id: empty-step", "id: one") + "aliases: [uno]\n", encoding="utf-8")
    two = tmp_path / "two.yaml"
    two.write_text(text.replace("id: empty-step", "id: two").replace("name: Empty step", "name: Two")
                   + "aliases: [Uno]\n", encoding="utf-8")
    monkeypatch.setenv("PATIENCE_PATH", str(folder))
    findings = lint_paths([two])
    assert [(f.code, f.path) for f in findings] == [("P112", "aliases.0")]
    assert "also a name of one" in findings[0].message
    assert lint_paths([two], registry=False) == []


def test_lint_text_names_the_file_and_keeps_loader_positions():
    _, findings = lint_text("id: x\nname: X\ndeal: {steps: [{to: t, count: rest}]}\npiles: {t: {role: waste}}\n", "g.yaml")
    assert [str(f) for f in findings] == ["g.yaml:4:12: error: piles.t.labels: this key is required [P012]"]


def test_a_lint_crash_would_be_a_finding_not_a_traceback(monkeypatch):
    from patience.ruleset import lint

    def broken(ctx):
        raise KeyError("boom")

    monkeypatch.setattr(lint, "_CHECKS", [broken])
    _, findings = lint_text((shipped_dir() / "klondike.yaml").read_text(encoding="utf-8"), "k.yaml")
    assert [f.code for f in findings] == ["P000"] and "KeyError" in findings[0].message


# ------------------------------------------------------------------ the command

def test_lint_exit_codes_and_text_format():
    clean = run("lint", *map(str, shipped_files()))
    assert clean.exit_code == 0 and clean.stdout == ""
    broken = run("lint", str(CORPUS / "unknown-key.yaml"))
    assert broken.exit_code == 1
    assert broken.stdout == (f"{CORPUS / 'unknown-key.yaml'}:24:5: error: piles.tableau.max_card: "
                             "unknown key 'max_card'; did you mean 'max_cards'? allowed keys: "
                             f"{', '.join(PileGroup.model_fields)} [P011]\n")  # every group key, in model order
    assert run("lint", "no/such/file.yaml").exit_code == 2
    assert run("lint").exit_code == 2


def test_warnings_pass_unless_strict():
    path = str(CORPUS / "empty-step.yaml")
    assert run("lint", path).exit_code == 0
    assert run("lint", "--strict", path).exit_code == 1


def test_validate_is_lint_and_json_is_for_programs():
    result = run("validate", "--format", "json", str(CORPUS / "deal-short.yaml"), str(shipped_dir()))
    assert result.exit_code == 1
    findings = json.loads(result.stdout)
    assert findings == [{
        "file": str(CORPUS / "deal-short.yaml"), "line": 6, "col": 5, "severity": "error", "code": "P102",
        "message": "the deal places 51 of 52 cards; add a step with `count: rest` for the others",
        "path": "deal.steps",
    }]


def test_a_folder_without_rulesets_is_a_usage_error(tmp_path):
    result = run("lint", str(tmp_path))
    assert result.exit_code == 2 and "no .yaml files" in result.output


def test_the_whole_corpus_lints_without_a_traceback():
    result = run("lint", str(CORPUS))
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert len(result.stdout.splitlines()) >= len(CORPUS_FILES)


def test_oversized_files_are_refused_before_reading(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_bytes(b"# " + b"x" * 5_000_000 + b"\n")
    findings = lint_paths([big])
    assert [(f.code, f.line) for f in findings] == [("P002", 1)]


def test_a_file_that_is_not_utf8_is_reported(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"id: \xff\xfe\n")
    assert [f.code for f in lint_paths([bad])] == ["P001"]


def test_odd_yaml_values_in_rank_lists_are_findings_not_crashes():
    text = (shipped_dir() / "klondike.yaml").read_text(encoding="utf-8").replace("empty: [K]", "empty: [null, 2.5]")
    _, findings = lint_text(text, "k.yaml")
    assert [(f.code, f.path) for f in findings] == [("P103", "piles.tableau.empty")]


# ------------------------------------------------------------------ games that cannot be won, or are won already (issue 22 item 5)
def one_pile_foundations(shared: int) -> str:
    """FreeCell with its foundations as four one-pile groups, the first ``shared`` of them sharing label `h`."""
    text = (shipped_dir() / "freecell.yaml").read_text(encoding="utf-8")
    start, end = text.index("  foundations:"), text.index("  tableau:")
    groups = "".join(
        f"  fd{i}:\n    role: foundation\n    labels: [h{i}]\n" + ("    shared_label: h\n" if i <= shared else "")
        + "    build: {rank: up, suit: same}\n    empty: [A]\n    move: top\n" for i in range(1, 5))
    text = text[:start] + groups + text[end:]
    return text.replace("all_cards_in: [foundations]", "all_cards_in: [fd1, fd2, fd3, fd4]")


def test_a_label_shared_by_several_one_pile_groups_is_not_useless_P201():
    ruleset, findings = lint_text(one_pile_foundations(shared=4), "k.yaml")
    assert ruleset is not None and [str(f) for f in findings] == []
    _, alone = lint_text(one_pile_foundations(shared=1), "k.yaml")
    assert [(f.code, f.path) for f in alone] == [("P201", "piles.fd1.shared_label")]


def test_what_lint_calls_won_at_the_deal_the_engine_calls_won_P113():
    from patience.engine.game import Game
    from patience.ruleset.loader import load_text

    won_at_deal = [p for p in CORPUS_FILES if expected(p)[0] == "P113"]
    assert len(won_at_deal) >= 2
    for path in won_at_deal + shipped_files():
        ruleset = load_text(path.read_text(encoding="utf-8"), path.name)
        flagged = "P113" in {f.code for f in lint_paths([path], registry=False)}
        assert flagged == (path in won_at_deal)
        assert all(Game(ruleset, deal).is_won() == flagged for deal in (1, 2))


def test_play_and_solve_refuse_a_file_won_at_the_deal_and_say_why():
    path = CORPUS / "won-at-the-deal.yaml"
    for args in (["play", str(path), "--deal", "1"], ["solve", str(path), "--deal", "1"], ["show", str(path)],
                 ["replay", str(path), "--deal", "1", "-"], ["daily", str(path)]):
        result = run(*args, input="quit\n")
        assert result.exit_code == 1, result.output
        assert "the win already holds when the cards are dealt" in result.output
        assert result.output.startswith("Error: ") and len(result.output.splitlines()) == 1  # no board, no answer


def test_discarded_ranks_reach_the_groups_their_pile_plays_to():
    """P105 was false here (issue 36): the aces `discard` puts on x may go home from x, so the
    foundations are reached, and the engine plays them there."""
    from patience import Game

    path = Path(__file__).parent / "data" / "rulesets" / "discarded-aces-play-home.yaml"
    assert lint_paths([path]) == []
    game = Game.new(str(path), 2)
    game.play("xh")
    assert [game.piles[p] for p in game.rules.group_by_id["foundations"].piles if game.piles[p]]


def test_discarded_ranks_still_reach_nothing_their_pile_does_not_play_to():
    text = (Path(__file__).parent / "data" / "rulesets" / "discarded-aces-play-home.yaml").read_text(encoding="utf-8")
    _, findings = lint_text(text.replace("move: top, to: [foundations]}", "move: none}"), "x.yaml")
    assert "P105" in {f.code for f in findings}


def test_grid_settings_on_a_group_with_no_grid_are_each_said_P201():
    """Both `orient` and `free: clear-lane` on a group with no grid: two findings at once (only
    `orient` was said, and `free` came up once it was fixed)."""
    text = (shipped_dir() / "freecell.yaml").read_text(encoding="utf-8")
    text = text.replace("  tableau:\n", "  tableau:\n    orient: checker\n    free: clear-lane\n", 1)
    _, findings = lint_text(text, "freecell.yaml")
    said = [(f.code, f.path) for f in findings if f.code == "P201"]
    assert said == [("P201", "piles.tableau.orient"), ("P201", "piles.tableau.free")]


def test_empty_on_a_pile_dealt_a_card_that_never_empties_is_said_to_mean_nothing_P201():
    """A new author gave Golf's waste `empty: [K]`: the deal puts its first card there and no card
    ever leaves, so the rule is never read, yet the rules text said "an empty pile takes only K".
    Klondike's waste (turned back into the stock) and Golf as shipped get no such warning."""
    golf = (shipped_dir() / "golf.yaml").read_text(encoding="utf-8")
    marked = golf.replace("    build: {rank: up-or-down, suit: any}", "    empty: [K]\n    build: {rank: up-or-down, suit: any}", 1)
    assert marked != golf
    _, findings = lint_text(marked, "golf.yaml")
    said = [(f.code, f.path, f.line) for f in findings if f.code == "P201"]
    assert said == [("P201", "piles.waste.empty", marked.splitlines().index("    empty: [K]") + 1)]
    assert "leave `empty` out" in next(str(f) for f in findings if f.code == "P201")
    for game in ("golf", "klondike", "parada"):
        _, clean = lint_text((shipped_dir() / f"{game}.yaml").read_text(encoding="utf-8"), f"{game}.yaml")
        assert [f for f in clean if f.code == "P201"] == []
