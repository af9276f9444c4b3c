"""`patience lint` on a rules-test file: its keys, its ruleset, the labels and moves it names."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..engine.compiled import CompiledRules
from ..engine.game import Game
from ..engine.moves import IllegalMove
from ..i18n import _
from ..ruleset.lint import CHECKS, LintFinding, from_loader
from ..ruleset.loader import RulesetError
from ..ruleset.registry import UnknownGame
from .files import TestFileError, load_test_file, ruleset_of
from .model import Refusal, Scenario
from .run import unreadable
from .start import StartError, start_game


def lint_test_file(path: Path) -> list[LintFinding]:
    """Every problem of a rules-test file that is not a failing test: bad keys (P0xx), a ruleset
    not found (P300), labels its game lacks (P301), a start that cannot be built (P302), a move
    that is not written in the game's notation (P303)."""
    try:
        loaded = load_test_file(path)
    except TestFileError as err:
        return [from_loader(f) for f in err.findings]
    findings: list[LintFinding] = []

    def add(code: str, message: str, *at: str | int) -> None:
        line, col = loaded.pos.nearest(tuple(at))
        findings.append(LintFinding(str(path), line, col, CHECKS[code].severity, code, message,
                                    ".".join(str(a) for a in at)))

    try:
        ruleset = ruleset_of(loaded)
    except (UnknownGame, RulesetError) as err:
        add("P300", _("no ruleset {name!r} can be loaded: {error}").format(
            name=loaded.tests.ruleset, error=str(err).splitlines()[0] if str(err) else ""), "ruleset")
        return findings
    rules = Game(ruleset).rules
    for i, scenario in enumerate(loaded.tests.scenarios):
        _lint_labels(scenario, rules, lambda code, msg, *at, i=i: add(code, msg, "scenarios", i, *at))
        try:
            game = start_game(ruleset, scenario)
        except StartError as err:
            add("P302", str(err), "scenarios", i, _start_key(scenario))
            continue
        _lint_moves(scenario, game, lambda code, msg, *at, i=i: add(code, msg, "scenarios", i, *at))
    findings.sort(key=lambda f: (f.line, f.col))
    return findings


def _start_key(scenario: Scenario) -> str:
    return "deal" if scenario.deal is not None else "position" if scenario.position is not None else "piles"


Add = Callable[..., None]  # (code, message, *key path below the scenario)


def _lint_labels(scenario: Scenario, rules: CompiledRules, add: Add) -> None:
    labels = rules.pile_by_label
    groups = rules.group_by_id

    def known(key: str, *, group_ok: bool, label_ok: bool) -> bool:
        return (group_ok and key in groups) or (label_ok and key in labels)

    for label in scenario.piles or {}:
        if not known(label, group_ok=False, label_ok=True):
            add("P301", _("no pile {label!r}; the piles are {labels}").format(label=label, labels=" ".join(labels)),
                "piles", label)
    if scenario.fill is not None and scenario.fill not in labels:
        add("P301", _("no pile {label!r}").format(label=scenario.fill), "fill")
    for label in scenario.expect:
        if label not in labels:
            add("P301", _("no pile {label!r}; the piles are {labels}").format(label=label, labels=" ".join(labels)),
                "expect", label)
    shape = scenario.shape
    if shape is None:
        return
    for gid in shape.piles:
        if gid not in groups:
            add("P301", _("no group {gid!r}; the groups are {groups}").format(gid=gid, groups=", ".join(groups)),
                "shape", "piles", gid)
    for what in ("cards", "down", "up"):
        for key in getattr(shape, what):
            if not known(key, group_ok=True, label_ok=True):
                add("P301", _("no group or pile {key!r}; the groups are {groups}").format(key=key, groups=", ".join(groups)),
                    "shape", what, key)
    if shape.first is not None and shape.first not in labels:
        add("P301", _("no pile {label!r}").format(label=shape.first), "shape", "first")


def _lint_moves(scenario: Scenario, game: Game, add: Add) -> None:
    """Moves are read in the position they are played in; after one that is refused (a failing
    test, not a lint error) the rest are read in the last position reached."""
    playing = True
    for i, text in enumerate(scenario.moves):
        reason = unreadable(game, text)
        if reason is not None:
            add("P303", reason, "moves", i)
            playing = False
        elif playing:
            try:
                game.play(text)
            except IllegalMove:
                playing = False
    for i, text in enumerate(scenario.legal):
        reason = unreadable(game, text)
        if reason is not None:
            add("P303", reason, "legal", i)
    for i, entry in enumerate(scenario.refused):
        move = entry.move if isinstance(entry, Refusal) else entry
        reason = unreadable(game, move)
        if reason is not None:
            add("P303", reason, "refused", i, *(("move",) if isinstance(entry, Refusal) else ()))
