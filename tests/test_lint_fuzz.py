"""Lint never crashes: generated YAML documents, generated rulesets, random mutations of every
shipped ruleset, and files that are not files.

Each example must give findings (or none), never an exception and never P000, within a time bound;
a ruleset that lints without errors must also deal, list moves and not be won at the deal in the
engine, and one lint says is won at the deal (P113) must be won there.
"""

from __future__ import annotations

import copy
import os
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from clirun import run
from hypothesis import given, settings
from hypothesis import strategies as st

from patience.engine.game import Game
from patience.ruleset.lint import CHECKS, lint_paths, lint_text
from patience.ruleset.registry import shipped_files

# The words rulesets use, so generated documents get past the first checks often.
WORDS = ["id", "name", "deal", "steps", "to", "count", "rest", "face", "up", "down", "top-up", "piles", "role",
         "stock", "waste", "tableau", "foundation", "foundations", "cell", "labels", "build", "rank", "suit",
         "same", "any", "none", "empty", "move", "top", "run", "win", "all_cards_in", "redeals", "draw", "pile",
         "max_cards", "decks", "A", "K", "unlimited", "scoring", "rules", "when", "points", "turn_up", "never"]
scalars = st.one_of(st.sampled_from(WORDS), st.integers(-3, 300), st.booleans(), st.none(), st.text(max_size=6))
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.sampled_from(WORDS), inner, max_size=6)),
    max_leaves=40,
)
SHIPPED = {p.stem: p.read_text(encoding="utf-8") for p in shipped_files()}


SECONDS_PER_LINT = 2.0  # measured: a few milliseconds; the bound leaves room for a loaded machine


def lint_ok(text: str) -> list:
    started = time.process_time()  # CPU time: a loaded machine must not fail a runaway guard
    ruleset, findings = lint_text(text, "fuzz.yaml")
    assert time.process_time() - started < SECONDS_PER_LINT
    assert "P000" not in {f.code for f in findings}, [str(f) for f in findings]
    assert all(f.code in CHECKS and f.line >= 1 and f.col >= 1 for f in findings)
    errors = {f.code for f in findings if f.severity == "error"}
    if ruleset is not None and not errors:
        game = Game(ruleset, 1)  # a ruleset lint passes must be playable
        game.legal_moves()
        game.status()
        assert not game.is_won(), "lint passed a ruleset won at the deal (P113)"
    if ruleset is not None and errors == {"P113"}:
        assert Game(ruleset, 1).is_won(), "P113 for a ruleset that is not won at the deal"
    return findings


@given(documents)
def test_generated_documents_never_crash_lint(document):
    lint_ok(yaml.safe_dump(document, allow_unicode=True))


@given(st.text(max_size=200))
def test_any_text_never_crashes_lint(text):
    lint_ok(text)


def paths_of(data: Any, here: tuple = ()) -> list[tuple]:
    found = [here]
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths_of(value, here + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += paths_of(value, here + (i,))
    return found


def mutate(data: Any, path: tuple, kind: str, value: Any) -> Any:
    data = copy.deepcopy(data)
    if not path:
        return value if kind == "replace" else data
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if kind == "delete":
        del parent[last]
    elif kind == "replace":
        parent[last] = value
    elif kind == "duplicate" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    elif kind == "rename" and isinstance(parent, dict) and isinstance(value, str):
        parent[value] = parent.pop(last)
    return data


@pytest.mark.parametrize("stem", sorted(SHIPPED))
@settings(max_examples=25)
@given(data=st.data())
def test_mutated_shipped_rulesets_never_crash_lint(stem, data):
    original = yaml.safe_load(SHIPPED[stem])
    mutated = original
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths_of(mutated)))
        kind = data.draw(st.sampled_from(["delete", "replace", "duplicate", "rename"]))
        mutated = mutate(mutated, path, kind, data.draw(scalars if kind != "rename" else st.sampled_from(WORDS)))
    lint_ok(yaml.safe_dump(mutated, allow_unicode=True))


@pytest.mark.parametrize("stem", sorted(SHIPPED))
@settings(max_examples=15)
@given(data=st.data())
def test_text_edits_of_shipped_rulesets_never_crash_lint(stem, data):
    text = SHIPPED[stem]
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 40)))
    insert = data.draw(st.text(alphabet=" \n:-[]{}&*!#'\"0123456789abkqrestup", max_size=10))
    lint_ok(text[:start] + insert + text[end:])


# ------------------------------------------------------------------ generated rulesets
ROLES = ["tableau", "foundation", "cell", "reserve", "waste", "discard"]


@st.composite
def rulesets(draw: st.DrawFn) -> dict[str, Any]:
    """Rulesets that pass the schema more often than not: a few groups, a deal, a win."""
    n_groups = draw(st.integers(1, 4))
    groups: dict[str, Any] = {}
    label = iter(f"{c}{i}" for c in "abcdefgh" for i in range(1, 10))
    for g in range(n_groups):
        count = draw(st.integers(1, 8))
        group: dict[str, Any] = {"role": draw(st.sampled_from(ROLES)), "count": count,
                                 "labels": [next(label) for _ in range(count)]}
        if draw(st.booleans()):
            group["build"] = {"rank": draw(st.sampled_from(["up", "down", "same", "any", "none"])),
                              "suit": draw(st.sampled_from(["any", "same", "alternate-colour"]))}
        group["empty"] = draw(st.sampled_from(["any", "none", ["A"], ["K"], ["A", "K"]]))
        group["move"] = draw(st.sampled_from(["top", "run", "none", "any"]))
        if draw(st.booleans()):
            group["max_cards"] = draw(st.integers(1, 20))
        groups[f"g{g}"] = group
    ids = list(groups)
    steps = [{"to": draw(st.sampled_from(ids)), "count": draw(st.integers(0, 8)),
              "face": draw(st.sampled_from(["up", "down", "top-up"]))} for _ in range(draw(st.integers(0, 2)))]
    if draw(st.booleans()):
        groups["pack"] = {"role": "stock", "labels": ["s"]}
        steps.append({"to": "pack", "count": "rest", "face": "down"})
        stock = {"pile": "pack", "to": draw(st.sampled_from(ids))}
    else:
        stock = None
        one = [gid for gid in ids if groups[gid]["count"] == 1]
        if one:
            steps.append({"to": draw(st.sampled_from(one)), "count": "rest", "face": "up"})
    ruleset: dict[str, Any] = {"id": "fuzz", "name": "Fuzz", "deal": {"steps": steps or [{"to": ids[0], "count": 1}]},
                               "piles": groups}
    if stock:
        ruleset["stock"] = stock
    kind = draw(st.sampled_from(["all", "left", "none"]))
    if kind == "all":
        ruleset["win"] = {"all_cards_in": draw(st.lists(st.sampled_from(ids), min_size=1, max_size=3, unique=True))}
    elif kind == "left":
        ruleset["win"] = {"classes": [{"id": "first", "name": "first", "left": {
            "count": draw(st.integers(0, 60)), "in": draw(st.lists(st.sampled_from(ids), min_size=1, max_size=2, unique=True)),
            "per": draw(st.sampled_from(["all", "group"]))}}]}
    return ruleset


@settings(max_examples=60)
@given(rulesets())
def test_generated_rulesets_never_crash_lint_and_agree_with_the_engine(ruleset):
    lint_ok(yaml.safe_dump(ruleset, allow_unicode=True))


# ------------------------------------------------------------------ files that are not files (issue 27 item 5)
def not_files(folder: Path) -> dict[str, Path]:
    fifo = folder / "f.yaml"
    os.mkfifo(fifo)
    zero = folder / "zero.yaml"
    zero.symlink_to("/dev/zero")
    directory = folder / "dir.yaml"
    directory.mkdir()
    return {"fifo": fifo, "zero": zero, "directory": directory}


def test_files_that_are_not_files_are_findings_not_hangs(tmp_path, deadline):
    for kind, path in not_files(tmp_path).items():
        if kind == "directory":
            continue  # lint reads a folder as the rulesets in it (below)
        findings = lint_paths([path], registry=False)  # a blocked read would hang: `deadline` fails it
        assert [(f.code, f.line) for f in findings] == [("P001", 1)], kind
        assert "not a ruleset file" in findings[0].message


def test_lint_play_and_solve_refuse_files_that_are_not_files(tmp_path, deadline):
    for kind, path in not_files(tmp_path).items():
        for args in (["lint", str(path)], ["play", str(path), "--deal", "1"], ["solve", str(path), "--deal", "1"]):
            result = run(*args, input="quit\n")
            if kind == "directory" and args[0] == "lint":  # a folder of rulesets, with none in it
                assert result.exit_code == 2 and "no .yaml files" in result.output
                continue
            assert result.exit_code == 1 and "not a ruleset file" in result.output, (kind, args, result.output)
            assert result.exception is None or isinstance(result.exception, SystemExit), (kind, args)


def test_a_folder_of_odd_files_lints_what_is_a_file(tmp_path, deadline):
    not_files(tmp_path)
    (tmp_path / "real.yaml").write_text("id: real\n", encoding="utf-8")
    findings = lint_paths([tmp_path], registry=False)
    assert {Path(f.file).name for f in findings} == {"real.yaml"}


def test_lint_of_a_huge_folder_is_a_message_not_a_walk():
    started = time.process_time()  # CPU time (lint runs in this process): load must not fail it
    result = run("lint", "/")
    assert result.exit_code == 2 and "holds more than" in result.output
    assert time.process_time() - started < 5.0
