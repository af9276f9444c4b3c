"""Text of new ruleset files: the commented starter, or a renamed copy of an existing ruleset."""

from __future__ import annotations

import re

from ..i18n import _
from .model import ID_PATTERN, MAX_ID, MAX_NAME

SCHEMA_LINE = "# yaml-language-server: $schema=ruleset.schema.json"


class StarterError(ValueError):
    """A new ruleset cannot be made that way (a bad id, a source file we cannot rewrite)."""


# A small game that plays as it stands, every key commented; the author changes it step by step.
_STARTER = """{schema_line}
# {name}: a new patience game. Every key is explained in docs/reference.md; check this file with
# `patience lint {id}.yaml` and try it with `patience play ./{id}.yaml`.
id: {id}                       # lowercase-kebab-case; name the file {id}.yaml
name: {name_yaml}
aliases: []                    # other names players may type
rules:
  en: >-
    Describe the game here in a few sentences: the layout, how cards build, when it is won.
decks: 1                       # how many 52-card decks
deal:
  steps:                       # cards are taken from the top of the shuffled deck, step by step
    - {{to: tableau, count: 4, face: up}}        # 4 cards onto each of the 6 columns: 24 cards
    - {{to: stock, count: rest, face: down}}     # every card left (28) goes to the stock
piles:                         # pile groups, in display order; labels make the move notation
  stock: {{role: stock, labels: [s]}}
  waste: {{role: waste, labels: [w], move: top}}  # only its top card plays
  foundations:
    role: foundation
    count: 4
    labels: [f1, f2, f3, f4]
    shared_label: f            # `3f`: column 3 to whichever foundation takes the card
    build: {{rank: up, suit: same}}               # ace to king in one suit
    empty: [A]                 # an empty foundation takes an ace
    move: none                 # cards never come back
  tableau:
    role: tableau
    count: 6
    labels: "1 2 3 4 5 6"
    build: {{rank: down, suit: any}}              # down, any suit: 9 on 10
    empty: any                 # any card may go into an empty column
    move: top                  # one card at a time (`run` moves built runs)
stock:
  pile: stock
  to: waste
  draw: 1                      # cards turned at a time
  redeals: 0                   # 0 = one pass through the stock; or a number, or unlimited
win:
  all_cards_in: [foundations]
"""


def check_new(game_id: str, name: str) -> None:
    """StarterError unless a new ruleset may have this id and name (the bounds lint applies)."""
    if len(game_id) > MAX_ID:  # said before the pattern: a long id is usually a long name
        raise StarterError(_("an id of {n} characters is too long; a ruleset id has at most {most}").format(
            n=len(game_id), most=MAX_ID))
    if not re.match(ID_PATTERN, game_id):
        raise StarterError(_("{id!r} is not a usable id; use lowercase letters, digits and hyphens").format(id=game_id))
    if len(name) > MAX_NAME:
        raise StarterError(_("a name of {n} characters is too long; a ruleset name has at most {most}").format(
            n=len(name), most=MAX_NAME))


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def starter(game_id: str, name: str) -> str:
    """The commented starter ruleset with this id and display name."""
    check_new(game_id, name)
    return _STARTER.format(schema_line=SCHEMA_LINE, id=game_id, name=name, name_yaml=_quoted(name))


def _drop_top_key(lines: list[str], key: str) -> list[str]:
    """Remove a top-level key and its block (indented or `-` lines below it)."""
    out: list[str] = []
    dropping = False
    for line in lines:
        if dropping and (line.startswith((" ", "-", "\t")) or not line.strip()):
            continue
        dropping = line.startswith(f"{key}:")
        if not dropping:
            out.append(line)
    return out


def copy_of(text: str, game_id: str, name: str, source: str) -> str:
    """A copy of a ruleset's text under a new id and name, without the original's other names.

    The names and aliases are dropped because they would clash with the original's (lint P112);
    everything else, comments included, is kept for the author to change.
    """
    check_new(game_id, name)
    lines = [line for line in text.splitlines() if not line.startswith("# yaml-language-server:")]
    for key in ("names", "aliases"):
        lines = _drop_top_key(lines, key)
    seen = set()
    for i, line in enumerate(lines):
        for key, value in (("id", game_id), ("name", _quoted(name))):
            if line.startswith(f"{key}:"):
                lines[i] = f"{key}: {value}"
                seen.add(key)
    if seen != {"id", "name"}:
        raise StarterError(_("{source}'s file has no top-level `id:` and `name:` lines to rename").format(source=source))
    header = [SCHEMA_LINE, f"# {name}: made with `patience new --from {source}`; change what differs."]
    return "\n".join(header + lines) + "\n"
