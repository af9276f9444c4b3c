"""docs/games/: one page per shipped ruleset and an index by family, generated from the rulesets.

    python -m patience.cli.catalogue_pages            # write the pages (and remove pages of gone games)
    python -m patience.cli.catalogue_pages --check    # list stale, missing and extra pages; exit 1 if any

A page holds the rules in words (the ruleset's prose and `rules_text`, in English), the starting
layout of deal 1 as `patience show --ascii` prints it, the variants (the other shipped rulesets of
its family or dealing the same cards), and the solver's share of deals 1-100 when
docs/games/winnability.json (written by benchmarks/winnability.py) holds a measurement of the
game's present rules. Nothing here knows a game: every word comes from the rulesets.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.game import Game
from ..i18n import number, using_language
from ..ruleset.describe import rules_text
from ..ruleset.errors import RulesetError
from ..ruleset.model import Ruleset
from ..ruleset.registry import load_path, shipped_files
from ..ruleset.views import deal_key
from ..session.catalogue import FAMILY_IDS, families, family_name, rules_digest
from ..render.board import render

REGENERATE = "python -m patience.cli.catalogue_pages"
DOCS_GAMES = Path(__file__).resolve().parents[2] / "docs" / "games"
INDEX = "README.md"
SHARES = "winnability.json"
# The first line of every generated page: it marks the files the generator may rewrite or remove.
MARK = f"<!-- Generated from the rulesets by `{REGENERATE}`; edits here are overwritten. -->"


@dataclass(frozen=True)
class Share:
    """The solver's answers on a range of deals, within a budget (from winnability.json)."""

    first: int
    last: int
    solved: int
    unsolvable: int
    unknown: int
    max_states: int
    timeout: float
    measured: str  # when and on what machine, as the measuring script wrote it
    timed_out: int  # undecided deals stopped by the clock before the position limit (figures vary with the machine)

    @property
    def deals(self) -> int:
        return self.last - self.first + 1


def shipped(unplayable: list[str] | None = None) -> list[Ruleset]:
    """The shipped rulesets by id. A file that cannot be played is left out, with a warning, or
    with its reason added to ``unplayable`` when one is given."""
    found = []
    for path in shipped_files():
        try:
            found.append(load_path(path))
        except RulesetError as err:
            reason = f"{path.name} cannot be played, so it has no page: {err.findings[0]}"
            if unplayable is None:
                print(reason, file=sys.stderr)
            else:
                unplayable.append(reason)
    return sorted(found, key=lambda ruleset: ruleset.id)


def read_shares(folder: Path) -> dict[str, Any]:
    try:
        data = json.loads((folder / SHARES).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data.get("games", {}) if isinstance(data, dict) else {}


def share_of(ruleset: Ruleset, shares: dict[str, Any]) -> Share | None:
    """The measurement of this ruleset's present rules, or None (none taken, or the rules changed)."""
    entry = shares.get(ruleset.id)
    if not isinstance(entry, dict) or entry.get("rules") != rules_digest(ruleset):
        return None
    try:
        first, last = entry["deals"]
        return Share(int(first), int(last), int(entry["solved"]), int(entry["unsolvable"]), int(entry["unknown"]),
                     int(entry["max_states"]), float(entry["timeout"]),
                     f"{entry.get('date', 'at an unrecorded date')} on {entry.get('machine', 'an unrecorded machine')}",
                     int(entry.get("timed_out", 0)))
    except (KeyError, TypeError, ValueError):
        return None


def _cell(text: str) -> str:
    """Text from a ruleset inside a Markdown table cell or link."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("[", "\\[").replace("]", "\\]")


def variants(ruleset: Ruleset, everyone: list[Ruleset]) -> list[tuple[Ruleset, list[str]]]:
    """The other rulesets of its family (not of `other`, which holds unrelated games) or dealing the
    same cards, each with why it is listed."""
    found = []
    for other in everyone:
        if other.id == ruleset.id:
            continue
        why = []
        if other.family == ruleset.family and ruleset.family != "other":
            why.append("same family")
        if deal_key(other) == deal_key(ruleset):
            why.append("the same cards for each deal number")
        if why:
            found.append((other, why))
    return found


def solver_text(share: Share | None) -> str:
    if share is None:
        return "Not measured yet."
    return (f"On deals {share.first}–{share.last} the solver won {share.solved} of {share.deals}, proved "
            f"{share.unsolvable} unwinnable and left {share.unknown} undecided, searching at most "
            f"{number(share.max_states)} positions ({share.timeout:g} s) a deal (measured {share.measured}). An "
            "undecided deal may still be won: the share is a lower bound on the winnable deals."
            + (f" {share.timed_out} of the undecided deals ran out of time before reaching the position limit, "
               "so a faster machine may decide more." if share.timed_out else ""))


def game_page(ruleset: Ruleset, everyone: list[Ruleset], shares: dict[str, Any]) -> str:
    words = rules_text(ruleset, "en").split("\n")[2:]  # without the title and the blank line under it
    board = render(Game(ruleset, 1), ascii=True)
    facts = [f"`patience play {ruleset.id}`", f"{family_name(ruleset.family, 'en')} family",
             f"{ruleset.decks} deck" + ("s" if ruleset.decks > 1 else "")]
    if "pl" in ruleset.names:
        facts.insert(1, f"Polish: {ruleset.names['pl']}")
    if ruleset.aliases:
        facts.append("also called " + ", ".join(ruleset.aliases))
    lines = [MARK, "", f"# {ruleset.name}", "", " · ".join(facts), "", "## Rules", "", *words, "",
             "## Deal 1", "", f"`patience show {ruleset.id} --deal 1 --ascii`:", "", "```text", board.rstrip("\n"),
             "```", "", "## Variants", ""]
    found = variants(ruleset, everyone)
    lines += [f"- [{_cell(other.name)}]({other.id}.md) (`{other.id}`): {', '.join(why)}" for other, why in found]
    lines += [] if found else ["None shipped."]
    lines += ["", "## The solver", "", solver_text(share_of(ruleset, shares)), ""]
    return "\n".join(lines)


def index_page(everyone: list[Ruleset], shares: dict[str, Any]) -> str:
    present = [fid for fid in FAMILY_IDS if any(r.family == fid for r in everyone)]
    lines = [MARK, "", "# The games", "",
             f"{len(everyone)} games in {len(present)} families, each page generated from its ruleset: the rules "
             "in words, the layout of deal 1, the variants and the solver's share of deals 1–100 where it has "
             f"been measured (`python benchmarks/winnability.py`, figures in [{SHARES}]({SHARES})). "
             f"`patience list` prints the same catalogue; regenerate these pages with `{REGENERATE}`.", ""]
    for fid in present:
        lines += [f"## {family_name(fid, 'en')} family", "", f"{families()[fid].about[:1].upper()}"
                  f"{families()[fid].about[1:]}.", "",
                  "| game | id | Polish name | decks | solver won, deals 1–100 |", "|---|---|---|---|---|"]
        for ruleset in (r for r in everyone if r.family == fid):
            share = share_of(ruleset, shares)
            won = f"{share.solved} of {share.deals}" if share else "not measured yet"
            polish = _cell(ruleset.names["pl"]) if "pl" in ruleset.names else "—"
            lines.append(f"| [{_cell(ruleset.name)}]({ruleset.id}.md) | `{ruleset.id}` | {polish} | "
                         f"{ruleset.decks} | {won} |")
        lines.append("")
    return "\n".join(lines)


def pages(folder: Path = DOCS_GAMES, unplayable: list[str] | None = None) -> dict[str, str]:
    """Every page by file name, the index included, as the shipped rulesets make them now."""
    everyone = shipped(unplayable)
    shares = read_shares(folder)
    with using_language("en"):  # the docs are English whatever the reader's locale
        made = {f"{ruleset.id}.md": game_page(ruleset, everyone, shares) for ruleset in everyone}
        made[INDEX] = index_page(everyone, shares)
    return made


def generated_files(folder: Path) -> set[str]:
    """The pages in ``folder`` that the generator wrote (the files it may rewrite or remove)."""
    found = set()
    for path in folder.glob("*.md"):
        try:
            if path.read_text(encoding="utf-8").startswith(MARK):
                found.add(path.name)
        except (OSError, UnicodeDecodeError):
            continue
    return found


def stale(folder: Path = DOCS_GAMES) -> list[str]:
    """What differs from a fresh generation: 'missing X', 'stale X' and 'extra X' (a page of a gone
    game), and every shipped file that cannot be played (so has no page)."""
    problems: list[str] = []
    wanted = pages(folder, problems)
    for name, text in sorted(wanted.items()):
        path = folder / name
        if not path.is_file():
            problems.append(f"missing {name}")
        elif path.read_text(encoding="utf-8") != text:
            problems.append(f"stale {name}")
    problems += [f"extra {name}" for name in sorted(generated_files(folder) - set(wanted))]
    return problems


def write(folder: Path = DOCS_GAMES) -> list[str]:
    """Write every page that changed and remove generated pages of games no longer shipped."""
    wanted = pages(folder)
    folder.mkdir(parents=True, exist_ok=True)
    changed = []
    for name, text in wanted.items():
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(f"wrote {name}")
    for name in sorted(generated_files(folder) - set(wanted)):
        (folder / name).unlink()
        changed.append(f"removed {name}")
    return changed


def main(argv: list[str]) -> int:
    folder = DOCS_GAMES
    if "--check" in argv:
        problems = stale(folder)
        for problem in problems:
            print(problem)
        if problems:
            print(f"docs/games is out of date; run: {REGENERATE}")
        return 1 if problems else 0
    changes = write(folder)
    print("\n".join(changes) if changes else "docs/games is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
