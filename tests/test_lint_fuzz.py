"""Lint never crashes: generated YAML documents and random mutations of every shipped ruleset.

Each example must give findings (or none), never an exception and never P000; a mutated ruleset
that lints without errors must also deal and list moves in the engine.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from patience.engine.game import Game
from patience.ruleset.lint import CHECKS, lint_text
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


def lint_ok(text: str) -> list:
    ruleset, findings = lint_text(text, "fuzz.yaml")
    assert "P000" not in {f.code for f in findings}, [str(f) for f in findings]
    assert all(f.code in CHECKS and f.line >= 1 and f.col >= 1 for f in findings)
    if ruleset is not None and not any(f.severity == "error" for f in findings):
        game = Game(ruleset, 1)  # a ruleset lint passes must be playable
        game.legal_moves()
        game.status()
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
