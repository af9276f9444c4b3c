"""Lint codes: every check's code, severity, title and one-line rationale, and a finding."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Literal

from ..errors import Finding
from ..model import MAX_PILES

Severity = Literal["error", "warning"]
KeyPath = tuple[str | int, ...]
ALL_RANKS = frozenset(range(1, 14))


@dataclass(frozen=True)
class Check:
    code: str
    severity: Severity
    title: str
    rationale: str


CHECKS: dict[str, Check] = {c.code: c for c in [
    Check("P000", "error", "lint failed", "A bug in lint itself; please report it with the file."),
    Check("P001", "error", "not valid YAML", "The file cannot be read as YAML (or at all), so nothing else can be checked."),
    Check("P002", "error", "over a size limit", "Oversized files, alias bombs and deep nesting are refused at once: a ruleset is small."),
    Check("P003", "error", "repeated key", "YAML keeps only the last of two equal keys, silently losing the first."),
    Check("P004", "error", "not a ruleset", "An empty file or a document that is not a mapping of keys."),
    Check("P011", "error", "unknown key", "A misspelt key would otherwise be ignored and its rule lost; the message suggests the closest key."),
    Check("P012", "error", "missing key", "A key without a sensible default (id, name, deal, piles, labels, ...) is required."),
    Check("P013", "error", "value not allowed", "A value of the wrong type, outside its choices or over a limit (decks, piles)."),
    Check("P100", "error", "inconsistent ruleset", "Any other problem that needs the whole ruleset to see."),
    Check("P101", "error", "undefined group", "`to`, `deal`, `stock`, `scoring` and `win` must name pile groups that exist."),
    Check("P102", "error", "card accounting", "The deal must place every card of the decks exactly once: dealt + stock = deck."),
    Check("P103", "error", "rank not in the deck", "Ranks in `empty` (and other rank lists) must be ranks the deck has, A to K."),
    Check("P104", "error", "win groups too small", "The win needs every card in its groups, so they must be able to hold every card."),
    Check("P105", "error", "unreachable group", "A group that no card can ever reach (no deal step, move, removal or discard sends cards there) is a mistake in the deal, `empty` or `to`; fatal when the win needs cards there."),
    Check("P106", "error", "cards trapped", "Cards that can never leave a group outside the win groups make the game unwinnable."),
    Check("P107", "error", "face-down cards stay down", "A face-down card that no rule turns up can never be played."),
    Check("P108", "error", "stock settings without a working stock", "Redeals, draws and stock cards need a `stock:` that can deal and gather them."),
    Check("P109", "error", "win cannot be met", "A win condition that no position satisfies (an empty `all_cards_in`, a `left` count its groups can never hold)."),
    Check("P110", "error", "duplicate id", "Two rulesets with one id: only one of them can ever be found."),
    Check("P111", "error", "duplicate label", "Each pile label appears once, or a move such as `1a` would be ambiguous."),
    Check("P112", "error", "name clash", "A name or alias shared with another ruleset finds only one of them."),
    Check("P113", "error", "won at the deal", "A win that already holds when the cards are dealt makes every game won before the first move."),
    Check("P114", "error", "too many piles", f"At most {MAX_PILES} piles in all keep the layout playable and the engine fast."),
    Check("P115", "error", "deal over max_cards", "The deal must not put more cards on a pile than its `max_cards`."),
    Check("P116", "error", "unit out of reach", "A group that takes cards only `unit` at a time needs room for them and a group that sends runs to it."),
    Check("P117", "error", "pack of fewer suits", "A pack of one or two `suits` is dealt by the patience shuffle only, and has no four suits for `prefill`."),
    Check("P118", "error", "faces that cannot alternate", "A deal may lay face-down cards over face-up ones (Martha), face by face; not where a rule turns the pile over, sends its cards out by their faces or takes them from it out of turn, and a list of faces gives one face per card of a step of one count."),
    Check("P119", "error", "one-card spaces beside runs that need them", "`empty_takes: one` cannot go with `unit` (cards enter only as runs) or a run limit (which counts an empty pile as carrying a run); `build_takes: one` cannot go with `unit`."),
    Check("P300", "error", "rules test: no such ruleset", "A rules-test file must name a ruleset patience can load: its tests test nothing otherwise."),
    Check("P301", "error", "rules test: unknown pile or group", "A label or group id a scenario names must be one of its ruleset's, or the check it is in can never pass."),
    Check("P302", "error", "rules test: start cannot be built", "A scenario's deal, position or piles must make a position of its game (every card once)."),
    Check("P303", "error", "rules test: not a move", "Every move of a scenario must be written in the game's notation, or it tests the notation instead of the rule."),
    Check("P201", "warning", "setting without effect", "A setting the rest of the ruleset makes meaningless is usually a slip."),
    Check("P202", "warning", "repeated entry", "A list that names the same group or rank twice."),
    Check("P203", "warning", "foundation outside the win", "Foundations are usually where the game is won; this one is not part of `win`."),
    Check("P204", "warning", "id differs from file name", "Games are looked up by file name first; a file named like its id is found fastest and surely."),
    Check("P205", "warning", "empty deal step", "A deal step that places no cards does nothing."),
    Check("P206", "warning", "scoring rule never scores", "A scoring rule for an event that cannot happen."),
    Check("P207", "warning", "odd stock", "A stock pile that is not of role stock, or that starts empty."),
    Check("P210", "warning", "replaces another ruleset", "Another ruleset file has the same id; the first one in search order wins."),
    Check("P211", "warning", "labels run together", "Where two labels written one after the other read two ways (`112`: 1 to 12, or 11 to 2), every move needs a `-` between them."),
    Check("P212", "warning", "endless reshuffle", "A reshuffle without a limit of `uses` is always left to make, so lost detection never ends a game."),
]}


@dataclass(frozen=True)
class LintFinding:
    file: str
    line: int
    col: int
    severity: Severity
    code: str
    message: str
    path: str = ""

    def __str__(self) -> str:
        where = f"{self.path}: " if self.path else ""
        return f"{self.file}:{self.line}:{self.col}: {self.severity}: {where}{self.message} [{self.code}]"

    def as_dict(self) -> dict[str, object]:
        return asdict(self)



def from_loader(finding: Finding) -> LintFinding:
    code = finding.code or "P100"
    return LintFinding(finding.file, finding.line, finding.col, CHECKS[code].severity, code, finding.message, finding.path)
