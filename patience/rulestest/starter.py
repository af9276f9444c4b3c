"""The rules tests `patience new` writes beside its starter ruleset (ruleset/starter.py)."""

from __future__ import annotations

import re

_STARTER_TESTS = """# Rules tests of {name} ({id}.yaml beside this folder): what its rules allow and refuse, checked
# by `patience test tests/{id}.yaml`. Change them with the rules; docs/authoring.md explains each key.
ruleset: {id}
scenarios:
  - name: the deal
    source: the rules text
    deal: 1
    shape:
      piles: {{tableau: 6, foundations: 4}}
      cards: {{tableau: 4, foundations: 0, waste: 0, stock: 28}}
      down: {{stock: 28, tableau: 0}}
      first: "1"                      # the first card dealt lies on column 1
  - name: columns build down in any suit, one card at a time
    piles: {{"1": "| 9S", "2": "| TH", "3": "| TS", "4": "| 8H 7C"}}
    fill: s                           # every other card lies in the stock...
    fill_down: true                   # ...face down
    legal: ["12", "13"]
    refused:
      - {{move: "21", reason: "cannot go on"}}   # up, not down
      - "41v2"                        # a run of two does not move
  - name: an ace starts a foundation, nothing else does
    piles: {{"1": "| AS", "2": "| 2S"}}
    fill: s
    fill_down: true
    legal: ["1f"]
    refused: ["2f"]
  - name: the stock turns one card onto the waste, once through
    piles: {{s: "3C |", w: "| 5C"}}     # cards left of | lie face down
    fill: "1"
    moves: ["s"]
    expect: {{w: "5C 3C", s: ""}}
    refused: ["s"]                    # the stock is empty, and there is no redeal
  - name: won when every card is on the foundations
    piles: {{"1": "| KS"}}
    fill: f1
    moves: ["1f"]
    status: won
"""


def starter_tests(game_id: str, name: str) -> str:
    return _STARTER_TESTS.format(id=game_id, name=name)


def tests_copy(text: str, game_id: str) -> str:
    """A copy of another game's rules tests for a game made from it (`patience new --from`)."""
    return re.sub(r"^ruleset:.*$", f"ruleset: {game_id}", text, count=1, flags=re.MULTILINE)
