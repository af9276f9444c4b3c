"""`patience test`: the rules tests beside the rulesets, their runner, their lint, and mutations
of the shipped rulesets that their tests must catch (issue 37)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from clirun import run

from patience.ruleset.lint import lint_paths
from patience.ruleset.loader import RulesetError, parse_yaml, read_ruleset_text, validate
from patience.ruleset.registry import shipped_dir, shipped_files
from patience.rulestest import lint_test_file, run_file, shipped_test_files

TESTS = shipped_dir() / "tests"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------ the shipped tests
def test_every_shipped_rules_test_passes():
    result = run("test", "--json")
    report = json.loads(result.output)
    failures = [f for r in report["results"] for s in r["scenarios"] for f in s["failures"]]
    assert result.exit_code == 0 and report["failed"] == 0, failures
    assert report["rulesets"] >= 10 and report["scenarios"] >= 5 * report["rulesets"]


def test_each_shipped_test_file_names_a_shipped_ruleset_and_has_five_scenarios():
    ids = {p.stem for p in shipped_files()}
    for path in shipped_test_files():
        result = run_file(path)
        assert result.ruleset == path.stem and path.stem in ids
        assert len(result.scenarios) >= 5, path


def test_the_polish_games_tests_cite_their_rule_ids():
    prefixes = {"cromwell": "CR-", "parada": "PA-", "parada-1": "PA-", "kwadratura-kola": "KK-", "dywan": "DY-",
                "czternastki": "CZ-"}
    for game, prefix in prefixes.items():
        result = run_file(TESTS / f"{game}.yaml")
        assert all(s.source and prefix in s.source for s in result.scenarios), game


def test_test_files_lint_clean_and_are_not_rulesets():
    assert [f for path in shipped_test_files() for f in lint_test_file(path)] == []
    assert lint_paths([shipped_dir()]) == []  # a folder of rulesets may hold its tests
    assert all(p.parent == shipped_dir() for p in shipped_files())
    assert run("list").exit_code == 0 and "scenarios" not in run("list").output


def test_every_shipped_ruleset_names_the_schema_on_line_one():
    for path in shipped_files():
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == "# yaml-language-server: $schema=../docs/ruleset.schema.json", path.name


def test_rules_tests_ship_in_the_package():
    text = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"tests/*.yaml"' in text and '"patience.rulestest"' in text


# ------------------------------------------------------------------ the runner
BROKEN = """\
ruleset: bristol
scenarios:
  - name: passes
    piles: {"1": "| 9S", "2": "| TH"}
    fill: s
    fill_down: true
    legal: ["12"]
  - name: wrong on purpose
    piles: {"1": "| 9S", "2": "| TH"}
    fill: s
    fill_down: true
    legal: ["21"]
    refused:
      - "12"
      - {move: "21", reason: "no such reason"}
    expect: {"1": "8S"}
    status: won
"""


def test_a_failing_scenario_is_reported_line_by_line_and_exits_1(tmp_path):
    path = write(tmp_path, "tests/bristol.yaml", BROKEN)
    result = run("test", str(path))
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.startswith(str(path))]
    assert [line.split(":")[1] for line in lines] == ["12", "14", "15", "16", "17"]
    assert "'21' must be legal" in lines[0] and "must be refused" in lines[1]
    assert "another reason" in lines[2] and "pile 1 holds 9♠".replace("9♠", "9S") in lines[3]
    assert "status is 'in progress'" in lines[4]
    assert "rulesets: 1, scenarios: 2, failed: 1" in result.output


def test_json_counts_rulesets_scenarios_and_failures(tmp_path):
    path = write(tmp_path, "tests/bristol.yaml", BROKEN)
    report = json.loads(run("test", "--json", str(path)).output)
    assert (report["rulesets"], report["scenarios"], report["failed"]) == (1, 2, 1)
    passed = [s["passed"] for s in report["results"][0]["scenarios"]]
    assert passed == [True, False]


def test_a_ruleset_beside_the_tests_folder_is_the_one_tested(tmp_path):
    text = (shipped_dir() / "bristol.yaml").read_text(encoding="utf-8").replace("suit: any}", "suit: same}", 1)
    write(tmp_path, "bristol.yaml", text)
    write(tmp_path, "tests/bristol.yaml", (TESTS / "bristol.yaml").read_text(encoding="utf-8"))
    result = run("test", str(tmp_path / "bristol.yaml"))
    assert result.exit_code == 1 and "2♠ cannot go on A♦" in result.output


def test_a_game_name_finds_its_tests_and_a_missing_one_is_said():
    assert run("test", "freecell").exit_code == 0
    result = run("test", "no-such-game")
    assert result.exit_code == 1 and "no-such-game" in result.output
    result = run("test", "no-such-file.yaml")  # a file's name: said to be missing, not its tests
    assert result.exit_code == 1 and "no-such-file.yaml: no such file, folder or game" in result.output


# ------------------------------------------------------------------ lint
def test_lint_points_at_unknown_labels_unreadable_moves_and_bad_starts(tmp_path):
    path = write(tmp_path, "tests/freecell.yaml", """\
ruleset: freecell
scenarios:
  - name: no pile 9
    piles: {"1": "| 9S", "9": "| TH"}
    fill: h1
  - name: bad moves
    piles: {"1": "| 9S"}
    fill: h1
    legal: ["1 zz"]
    expect: {q: ""}
    refused: [{move: "1q"}]
  - name: bad start
    piles: {"1": "| 9S 9S"}
""")
    findings = {(f.code, f.line) for f in lint_test_file(path)}
    assert {("P301", 4), ("P303", 9), ("P301", 10), ("P303", 11), ("P302", 13)} <= findings
    result = run("lint", str(path))
    assert result.exit_code == 1 and f"{path}:9:" in result.output


def test_a_start_no_game_could_reach_is_refused_not_passed(tmp_path):
    """A new author's two impossible starts passed lint and test: more redeals used than the game
    allows (KK-5: two redeals), and more cards on a pile than its `max_cards` (a free cell
    holds one)."""
    path = write(tmp_path, "tests/kwadratura-kola.yaml", """\
ruleset: kwadratura-kola
scenarios:
  - name: five redeals used of two
    piles: {w: "| KS"}
    fill: s
    redeals: 5
    legal: ["s"]
""")
    findings = lint_test_file(path)
    assert [(f.code, f.line) for f in findings] == [("P302", 4)]
    assert "kwadratura-kola allows at most 2, so 5 cannot have been used" in findings[0].message
    cells = write(tmp_path, "tests/freecell.yaml", """\
ruleset: freecell
scenarios:
  - name: two cards in a cell
    piles: {a: "| 3C 4C"}
    fill: h1
    legal: ["a1"]
""")
    findings = lint_test_file(cells)
    assert [(f.code, f.line) for f in findings] == [("P302", 4)]
    assert "pile a is given 2 cards, but a pile of cells holds at most 1 (`max_cards`)" in findings[0].message
    result = run("test", str(cells))
    assert result.exit_code == 1 and "cannot build the start" in result.output


def test_lint_points_at_a_misspelt_key_like_a_ruleset_error(tmp_path):
    path = write(tmp_path, "tests/freecell.yaml", "ruleset: freecell\nscenarios:\n  - name: a\n    deal: 1\n"
                                                  "    exepct: {}\n")
    result = run("lint", str(path))
    assert result.exit_code == 1
    assert f"{path}:5:5: error: scenarios.0.exepct: unknown key 'exepct'; did you mean 'expect'?" in result.output


def test_lint_says_when_the_ruleset_is_not_found(tmp_path):
    path = write(tmp_path, "tests/x.yaml", "ruleset: no-such-game\nscenarios:\n  - name: a\n    deal: 1\n")
    assert [(f.code, f.line) for f in lint_test_file(path)] == [("P300", 1)]


def test_a_typo_in_a_refused_move_fails_the_test(tmp_path):
    path = write(tmp_path, "tests/freecell.yaml",
                 "ruleset: freecell\nscenarios:\n  - name: a\n    deal: 1\n    refused: [\"1zz\"]\n")
    result = run_file(path)
    assert not result.scenarios[0].passed and "not a move" in str(result.scenarios[0].failures[0])


SHARED_LABEL = """\
ruleset: dywan
scenarios:
  - name: o is refused where no pile of either group takes the card
    piles: {o1: "| AC", o2: "| AD", o3: "| AH", o4: "| AS", o5: "| KC", o6: "| KD", o7: "| KH", o8: "| KS",
            e1: "| 3C"}
    fill: s
    fill_down: true
    refused: [e1o, {move: e1o, reason: no pile of o takes}]
  - name: o is refused where a pile of each group would take the card
    piles: {o1: "| AC 2C 3C 4C 5C 6C", o2: "| AD", o3: "| AH", o4: "| AS", o5: "| KC QC JC TC 9C 8C", o6: "| KD",
            o7: "| KH", o8: "| KS", a1: "| 7C"}
    fill: s
    fill_down: true
    legal: [a1o1, a1o5]
    refused: [{move: a1o, reason: could mean several moves}]
"""


def test_a_move_to_a_label_shared_by_groups_may_be_refused_or_ambiguous(tmp_path):
    """Dywan's `o` names the up and the down foundations. A move there that every pile refuses
    reads as a move (refused), not as a typo; one that two piles would take is refused as
    `Game.play` refuses it, so a test may say so under `refused`."""
    result = run_file(write(tmp_path, "tests/dywan.yaml", SHARED_LABEL))
    assert [s.passed for s in result.scenarios] == [True, True], [str(f) for s in result.scenarios for f in s.failures]
    wrong = SHARED_LABEL.replace("legal: [a1o1, a1o5]", "legal: [a1o1, a1o5, a1o]")
    failed = run_file(write(tmp_path, "tests/dywan.yaml", wrong)).scenarios[1]
    assert not failed.passed and "could mean several" in str(failed.failures[0])


def test_new_writes_a_starter_test_that_passes(tmp_path):
    result = run("new", "My Game", "--dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "tests" / "my-game.yaml").is_file()
    assert run("test", str(tmp_path / "tests" / "my-game.yaml")).exit_code == 0
    assert run("lint", str(tmp_path)).exit_code == 0


# ------------------------------------------------------------------ mutations
def _mutations(data: dict, counts: dict[str, int]) -> list[tuple[str, dict]]:
    """Rule changes of a ruleset, as (what, mutated data): each build's suit and rank direction,
    each group's empty and move rule, max_cards, `build_takes`, `empty_colour` and `gives_when`
    dropped, each condition of `takes_when` dropped, the stock's redeals and draw, a removal's sum,
    touching and aces, a deal step's `skip` and the stock's `last_to` dropped, a redeal into the stock
    shuffled or not and its uses. Changes that
    cannot change a game are left out: `move` or `max_cards` of a group nothing is built on,
    `empty` of a group no other group sends cards to or whose piles are filled before the deal
    and never emptied (`prefill`), `max_cards` equal to `unit` (a pile takes one unit, never a
    card more), redeals of a stock dealt onto piles (there is no waste to turn over)."""
    found: list[tuple[str, dict]] = []
    piles = data.get("piles", {})

    def receives(gid: str) -> bool:
        # Another group's cards, or a card from one pile of the group to another (Bisley's tableau).
        return any(gid in g.get("to", [gid]) for other, g in piles.items()
                   if (other != gid or counts[other] > 1)
                   and g.get("role") not in ("stock", "discard") and g.get("move", "none") != "none")

    def changed(what: str, change) -> None:  # type: ignore[no-untyped-def]
        other = copy.deepcopy(data)
        change(other)
        found.append((what, other))

    suits = {"same": "any", "any": "same", "alternate-colour": "any", "same-colour": "any", "other": "same"}
    ranks = {"up": "down", "down": "up", "up-or-down": "up", "same": "up"}
    empties = {"any": "none", "none": "any"}
    moves = {"top": "run", "run": "top", "alone": "top", "any": "top"}
    for gid, group in data.get("piles", {}).items():
        build = group.get("build")
        if isinstance(build, dict):
            if build.get("suit", "any") in suits:
                changed(f"{gid}.build.suit", lambda d, g=gid, b=build: d["piles"][g]["build"].update(
                    suit=suits[b.get("suit", "any")]))
            if build.get("rank") in ranks:
                changed(f"{gid}.build.rank", lambda d, g=gid, b=build: d["piles"][g]["build"].update(
                    rank=ranks[b["rank"]]))
        never_empty = bool(group.get("prefill")) and group.get("move", "none") == "none"
        empty = group.get("empty") if receives(gid) and not never_empty else None
        if isinstance(empty, str) and empty in empties:
            changed(f"{gid}.empty", lambda d, g=gid, e=empty: d["piles"][g].update(empty=empties[e]))
        elif isinstance(empty, list):
            changed(f"{gid}.empty", lambda d, g=gid: d["piles"][g].update(empty="any"))
        if not isinstance(build, dict):
            continue
        if group.get("move") in moves and group.get("role") not in ("stock", "waste", "discard", "foundation"):
            changed(f"{gid}.move", lambda d, g=gid, m=group["move"]: d["piles"][g].update(move=moves[m]))
        for word in ("build_takes", "empty_colour", "gives_when"):  # the word dropped: its default rule
            if word in group:
                changed(f"{gid}.{word}", lambda d, g=gid, w=word: d["piles"][g].pop(w))
        if isinstance(group.get("takes_when"), dict):  # each condition of `takes_when` dropped
            for part in group["takes_when"]:
                changed(f"{gid}.takes_when.{part}", lambda d, g=gid, p=part: (
                    d["piles"][g]["takes_when"].pop(p), d["piles"][g]["takes_when"] or d["piles"][g].pop("takes_when")))
        if isinstance(group.get("max_cards"), int) and group.get("max_cards") != group.get("unit"):
            changed(f"{gid}.max_cards", lambda d, g=gid, m=group["max_cards"]: d["piles"][g].update(max_cards=m + 1))
    for i, rule in enumerate(data.get("remove", [])):
        if isinstance(rule.get("sum"), int):
            changed(f"remove.{i}.sum", lambda d, i=i, n=rule["sum"]: d["remove"][i].update(sum=n + 1))
        if rule.get("adjacent") == 8:
            changed(f"remove.{i}.adjacent", lambda d, i=i: d["remove"][i].update(adjacent=4))
        if rule.get("aces") == "high":
            changed(f"remove.{i}.aces", lambda d, i=i: d["remove"][i].update(aces="low"))
    for i, step in enumerate(data.get("deal", {}).get("steps", [])):
        if isinstance(step, dict) and "skip" in step:  # every card stays where it falls
            changed(f"deal.steps.{i}.skip", lambda d, i=i: d["deal"]["steps"][i].pop("skip"))
    shuffle = data.get("actions", {}).get("reshuffle")
    if isinstance(shuffle, dict) and "to" in shuffle:  # a redeal into the stock: its order and count
        changed("actions.reshuffle.shuffle", lambda d: d["actions"]["reshuffle"].update(
            shuffle=not d["actions"]["reshuffle"].get("shuffle", True)))
        if isinstance(shuffle.get("uses"), int):
            changed("actions.reshuffle.uses", lambda d: d["actions"]["reshuffle"].update(
                uses=d["actions"]["reshuffle"]["uses"] + 1))
    stock = data.get("stock")
    if isinstance(stock, dict):
        to_waste = piles.get(stock.get("to"), {}).get("role") == "waste"
        redeals = stock.get("redeals", 0)
        if to_waste:
            changed("stock.redeals", lambda d, r=redeals: d["stock"].update(
                redeals=0 if r == "unlimited" else "unlimited" if r == 0 else r + 1))
            changed("stock.draw", lambda d, n=stock.get("draw", 1): d["stock"].update(draw=3 if n == 1 else 1))
        elif stock.get("draw", 1) > 1:  # rounds onto several piles (Algerian): one card a pile
            changed("stock.draw", lambda d: d["stock"].update(draw=1))
        if "last_to" in stock:  # every deal onto `to`
            changed("stock.last_to", lambda d: d["stock"].pop("last_to"))
    return found


def _sampled(path: Path, per_game: int) -> list[tuple[str, object]]:
    name = str(path)
    data, pos = parse_yaml(read_ruleset_text(path), name)
    rng = random.Random(path.stem)  # the same sample on every run
    found = []
    counts = {gid: group.count for gid, group in validate(data, pos, name).piles.items()}  # the model's
    for what, mutated in _mutations(data, counts):
        if (path.stem, what) in EQUIVALENT:
            continue
        try:
            found.append((what, validate(mutated, pos, name)))
        except (RulesetError, ValueError):
            continue  # a change the vocabulary refuses is not a rule change
    return rng.sample(found, min(per_game, len(found)))


PER_GAME = 12  # mutations tried per game, sampled the same way on every run (most games have fewer)
TESTED = [p.stem for p in shipped_test_files()]
# Changes that cannot change these games, and why (a test could not tell them apart).
EQUIVALENT = {
    ("storehouse", "foundations.max_cards"): "one deck: no card can follow the thirteenth",
    ("royal-cotillion", "aces.build.suit"): "each pile takes only its own suit (`takes_when.suits`): its cards are of one suit",
    ("royal-cotillion", "twos.build.suit"): "as aces.build.suit",
    ("parada-1", "row1.move"): "one deck: a card built on a base pile has no other pile to go to",
    ("parada-1", "row2.move"): "as row1",
    ("parada-1", "row3.move"): "as row1",
    ("canfield", "foundations.max_cards"): "one deck: after thirteen cards the next is the base card, already there",
    ("penguin", "foundations.max_cards"): "as Canfield's",
    ("canfield-solvitaire", "foundations.max_cards"): "as Canfield's",
    ("spider", "foundations.build.suit"): "a run that moves is in one suit already (`run: {suit: same}`)",
    ("spider-1", "tableau.build.suit"): "one suit: every card is of the same suit",
    ("spider-1", "foundations.build.suit"): "as tableau.build.suit",
    ("spider-2", "foundations.build.suit"): "as Spider's",
    ("spiderette", "foundations.build.suit"): "as Spider's",
    ("simple-simon", "foundations.build.suit"): "as Spider's",
    ("will-o-the-wisp", "foundations.build.suit"): "as Spider's",
    ("relaxed-spider", "foundations.build.suit"): "as Spider's",
    ("open-spider", "foundations.build.suit"): "as Spider's",
    ("big-spider", "foundations.build.suit"): "as Spider's",
    ("mrs-mop", "foundations.build.suit"): "as Spider's",
    ("double-freecell", "foundations.max_cards"): "two decks: after 26 cards of a suit there is no card left to add",
    ("agnes-bernauer", "foundations.max_cards"): "as Canfield's",
    ("chessboard", "foundations.max_cards"): "as Canfield's",
    ("calculation", "ones.max_cards"): "one deck: after thirteen cards the next rank of the step is already there",
    ("calculation", "twos.max_cards"): "as ones",
    ("calculation", "threes.max_cards"): "as ones",
    ("calculation", "fours.max_cards"): "as ones",
    ("calculation", "stock.draw"): "the hand holds one card (`max_cards: 1`): a draw takes one card whatever `draw` says",
    ("algerian", "up.max_cards"): "built up in suit from the ace with no wrap: nothing follows the king",
    ("algerian", "down.max_cards"): "built down in suit from the king with no wrap: nothing follows the ace",
    ("algerian", "reserves.build.suit"): "nothing is built on a reserve pile (`rank: none`)",
    ("algerian", "reserves.move"): "nothing is built on a reserve pile: its top card is its only run",
    ("puss-in-the-corner", "foundations.max_cards"): "as Frog's",
    ("puss-in-the-corner", "stock.draw"): "as Calculation's",
    ("frog", "foundations.max_cards"): "built up from the ace with no wrap: nothing follows the king",
    ("frog", "stock.draw"): "as Calculation's",
    ("gaps", "layout.move"): "a cell holds one card: there is never a run to move",
    ("spider", "foundations.empty"): "13 cards at a time (`unit`), built down in suit with no wrap: only K..A "
                                      "ever arrives, whatever an empty foundation takes (the notation implies the "
                                      "13 since issue 36, so `1f2` no longer tells them apart)",
    ("spider-1", "foundations.empty"): "as Spider's",
    ("spider-2", "foundations.empty"): "as Spider's",
    ("spiderette", "foundations.empty"): "as Spider's",
    ("simple-simon", "foundations.empty"): "as Spider's",
    ("will-o-the-wisp", "foundations.empty"): "as Spider's",
    ("scorpion", "foundations.empty"): "as Spider's",
    ("wasp", "foundations.empty"): "as Spider's",
    ("baby-spiderette", "foundations.empty"): "as Spider's",
    ("big-spider", "foundations.empty"): "as Spider's",
    ("black-widow", "foundations.empty"): "as Spider's",
    ("double-scorpion", "foundations.empty"): "as Spider's",
    ("mrs-mop", "foundations.empty"): "as Spider's",
    ("open-spider", "foundations.empty"): "as Spider's",
    ("relaxed-spider", "foundations.empty"): "as Spider's",
    ("triple-scorpion", "foundations.empty"): "as Spider's",
    ("free-napoleon", "foundations.max_cards"): "one deck: a foundation of thirteen cards holds its whole suit",
    ("windmill", "corners.max_cards"): "king down to ace is thirteen cards, and no rank lies below the ace",
    ("miss-milligan", "reserve.build.suit"): "only a run built in alternating colours ever moves in the columns, "
                                             "so only such runs reach the reserve, and leave it",
    ("agnes-sorel", "foundations.max_cards"): "as Canfield's",
    ("eagle-wing", "foundations.max_cards"): "as Canfield's",
    ("four-seasons", "foundations.max_cards"): "as Canfield's",
    ("sir-tommy", "stock.draw"): "as Calculation's",
}


@pytest.mark.parametrize("game", TESTED)
def test_sampled_mutations_of_a_ruleset_fail_its_tests(game):
    """Every sampled rule change of a tested ruleset makes at least one of its scenarios fail."""
    missed = []
    sampled = _sampled(shipped_dir() / f"{game}.yaml", per_game=PER_GAME)
    for what, mutated in sampled:
        result = run_file(TESTS / f"{game}.yaml", ruleset=mutated)
        if not result.failures:
            missed.append(what)
    assert sampled and missed == []


def test_the_authoring_guides_example_passes_on_its_bakers_game(tmp_path):
    import re

    text = (Path(__file__).resolve().parents[1] / "docs" / "authoring.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, flags=re.DOTALL)
    ruleset = next(b for b in blocks if re.search(r"^id: bakers-game", b, re.MULTILINE))
    tests = next(b for b in blocks if b.startswith("ruleset: bakers-game"))
    write(tmp_path, "bakers-game.yaml", ruleset)
    path = write(tmp_path, "tests/bakers-game.yaml", tests)
    result = run_file(path)
    assert not result.failures and len(result.scenarios) == 3


def test_every_kind_of_shape_check_can_fail(tmp_path):
    # Klondike's deal 1, with every number one off: each check must say so, at its own line
    path = write(tmp_path, "tests/klondike.yaml", """\
ruleset: klondike
scenarios:
  - name: wrong on purpose
    deal: 1
    shape:
      piles: {tableau: 8}
      cards: {tableau: [1, 2, 3, 4, 5, 6, 8], stock: 24}
      down: {tableau: 0}
      up: {tableau: 2}
      first: "2"
    win_class: won
""")
    failures = run_file(path).scenarios[0].failures
    assert [f.line for f in failures] == [6, 7, 8, 9, 10, 11]
    assert "tableau has 7 piles, expected 8" in failures[0].message
    assert "cards on tableau: [1, 2, 3, 4, 5, 6, 7], expected [1, 2, 3, 4, 5, 6, 8]" in failures[1].message
    assert "down on tableau: [0, 1, 2, 3, 4, 5, 6]" in failures[2].message
    assert "the first card" in failures[4].message and "lies on 1, expected 2" in failures[4].message
    assert "win class is None" in failures[5].message


def test_fill_puts_the_rest_on_one_pile_face_up_or_down_deck_by_deck(tmp_path):
    path = write(tmp_path, "tests/forty-thieves.yaml", """\
ruleset: forty-thieves
scenarios:
  - name: face down
    piles: {"1": "| 9S"}
    fill: s
    fill_down: true
    shape:
      cards: {s: 103}
      down: {s: 103}
  - name: face up, in suits from the ace, one deck after the other
    piles: {"1": "| KS"}
    fill: h1
    shape:
      up: {h1: 104}             # after the move
    moves: ["1h1"]
    status: won
""")
    result = run_file(path)
    assert [s.failures for s in result.scenarios] == [[], []]


def test_docs_name_every_key_a_scenario_may_have():
    """docs/authoring.md's table of scenario keys stays whole: a new author found `redeals` and
    `uses` only in a lint message's list of allowed keys."""
    from pathlib import Path

    from patience.rulestest.model import Refusal, Scenario, Shape

    text = (Path(__file__).resolve().parents[1] / "docs" / "authoring.md").read_text(encoding="utf-8")
    section = text[text.index("## 7. Rules tests"):text.index("## 8.")]
    table = section[section.index("| key | what it says |"):section.index("A start no game could reach")]
    for model in (Scenario, Shape, Refusal):
        missing = [key for key in model.model_fields if f"`{key}`" not in table]
        assert missing == [], f"{model.__name__}: {missing}"


def test_a_count_under_expect_is_told_what_expect_takes_in_lint_and_test_alike(tmp_path):
    """A new author wrote `expect: {s: 50}`: the message said only "should be a text", and
    `patience test` said it without `error:` or the code that lint gives."""
    path = write(tmp_path, "tests/freecell.yaml", "ruleset: freecell\nscenarios:\n  - name: a\n    deal: 1\n"
                                                  "    expect: {\"1\": 50}\n")
    said = (f"{path}:5:19: error: scenarios.0.expect.1: 50 should be a text; write the pile's cards, `down | up` or "
            "the cards alone (\"\" for none); for counts, use `shape` [P013]")
    linted = run("lint", str(path))
    tested = run("test", str(path))
    assert linted.exit_code == 1 and said in linted.output
    assert tested.exit_code == 1 and said in tested.output
