"""`patience lint`: every problem of a ruleset file, with a stable code and a position.

The loader stops a broken file from being played; lint goes further and points at rulesets that
load but cannot be won, deal cards nowhere, or say things that have no effect. Each check has a
code (``P101``), a severity and a one-line rationale (``CHECKS``, printed in docs/reference.md).

The checks read the models generically (roles, ``to``, ``empty``, ``build``, deal steps), so a
new key added to the models is validated by the schema at once; a lint check for it is one more
function in ``_CHECKS``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

from ...i18n import _
from ..loader import Finding, RulesetError, _Positions, check_schema, file_source, parse_yaml, read_ruleset_text
from ..model import Ruleset
from ..sources import discover, load_uncached, load_unchecked, names_of, normalize_name, shipped_dir
from .checks import ALL_CHECKS, _Context
from .codes import CHECKS, Check, KeyPath, LintFinding, Severity, from_loader

__all__ = ["CHECKS", "Check", "LintFinding", "Severity", "has_errors", "lint_file", "lint_paths", "lint_text",
           "load_checked", "ruleset_files", "TooManyFiles", "is_rules_test"]

_CHECKS = list(ALL_CHECKS)  # the checks run, in order (a test replaces them)


# ------------------------------------------------------------------ files
def lint_text(text: str, filename: str = "<ruleset>") -> tuple[Ruleset | None, list[LintFinding]]:
    """Every finding of one ruleset text, and the ruleset when its keys and values are valid."""
    ruleset, findings, _ = _lint(text, filename)
    return ruleset, findings


def _lint(text: str, filename: str, source: Path | None = None) -> tuple[Ruleset | None, list[LintFinding],
                                                                      _Positions | None]:
    try:
        data, pos = parse_yaml(text, filename, source)
        ruleset = check_schema(data, pos, filename)
    except RulesetError as err:
        return None, [from_loader(f) for f in err.findings], None
    ctx = _Context(ruleset, pos, filename)
    for check in _CHECKS:
        try:
            check(ctx)
        except Exception as err:  # noqa: BLE001 - a lint bug must show as a finding, never a traceback
            ctx.add("P000", (), _("lint could not finish {check}: {error}").format(
                check=check.__name__, error=f"{type(err).__name__}: {err}"))
    ctx.findings.sort(key=lambda f: (f.line, f.col, f.code))
    return ruleset, ctx.findings, pos


def lint_file(path: Path) -> tuple[Ruleset | None, list[LintFinding], _Positions | None]:
    try:
        text = read_ruleset_text(path)
    except RulesetError as err:
        return None, [from_loader(f) for f in err.findings], None
    return _lint(text, str(path), file_source(path))


def load_checked(path: Path) -> Ruleset:
    """A ruleset file lint finds no error in, or RulesetError with those errors (warnings pass).

    The registry loads every file a command plays this way, so play, solve, show, replay, daily
    and resume all refuse a broken game alike, instead of one won at move 0 or never winnable.
    A file of the player's own is also compared with every ruleset patience finds (P112: a name
    that is another game's would find the other game); the shipped files are kept apart by tests."""
    ruleset, findings, pos = lint_file(path)
    mine = path.resolve().parent != shipped_dir().resolve()
    if ruleset is not None and pos is not None and mine and not has_errors(findings):
        here = path.resolve()
        findings += _cross_checks([(path, ruleset, pos)], _registry_rulesets({here}, cached=False))
    errors = [Finding(f.file, f.line, f.col, f.path, f.message, f.code) for f in findings if f.severity == "error"]
    if errors or ruleset is None:
        raise RulesetError(errors)
    return ruleset


MAX_WALK = 10_000  # entries looked at under one folder: `lint /` answers at once instead of reading the disk


class TooManyFiles(ValueError):
    """A folder too large to be a folder of rulesets (`/`, `/proc`, a home folder)."""


def ruleset_files(paths: Iterable[Path]) -> list[Path]:
    """The files to lint: files as given, folders as their ``*.yaml`` and ``*.yml`` files (links to
    folders not followed, unreadable folders passed over); TooManyFiles past MAX_WALK entries."""
    files: dict[Path, Path] = {}  # by resolved path: a file named twice is linted once
    for path in paths:
        for file in _yaml_under(path) if path.is_dir() else [path]:
            files.setdefault(file.resolve(), file)
    return list(files.values())


def _yaml_under(folder: Path) -> list[Path]:
    found: list[Path] = []
    seen = 0
    for parent, dirs, names in os.walk(folder):
        seen += len(dirs) + len(names)
        if seen > MAX_WALK:
            raise TooManyFiles(_("{folder} holds more than {most} files and folders; name the folder of your "
                                 "rulesets").format(folder=folder, most=MAX_WALK))
        found += [Path(parent, n) for n in names if n.endswith((".yaml", ".yml")) and Path(parent, n).is_file()]
    return sorted(found)


_RULES_TEST = re.compile(r"^scenarios\s*:", re.MULTILINE)


def is_rules_test(path: Path) -> bool:
    """A YAML file with a top-level `scenarios:` key holds rules tests (patience/rulestest), not a
    ruleset: lint reads it as tests, and a folder of rulesets may hold them (`tests/`)."""
    try:
        return bool(_RULES_TEST.search(read_ruleset_text(path)))
    except RulesetError:
        return False


def lint_paths(paths: Iterable[Path], *, registry: bool = True) -> list[LintFinding]:
    """Lint the ruleset files of files and folders together (rules tests left out: `is_rules_test`);
    with ``registry``, also against every ruleset patience finds."""
    findings: list[LintFinding] = []
    loaded: list[tuple[Path, Ruleset, _Positions]] = []
    for path in ruleset_files(paths):
        if is_rules_test(path):
            continue
        ruleset, found, pos = lint_file(path)
        findings += found
        if ruleset is not None and pos is not None:
            loaded.append((path, ruleset, pos))
            if normalize_name(path.stem) != ruleset.id:
                line, col = pos.nearest(("id",))
                findings.append(LintFinding(str(path), line, col, "warning", "P204",
                                            _("the file is named {name!r}; name it {id}.yaml").format(
                                                name=path.name, id=ruleset.id), "id"))
    findings += _cross_checks(loaded, _registry_rulesets({p.resolve() for p, _, _ in loaded}) if registry else [])
    return findings


def _registry_rulesets(skip: set[Path], *, cached: bool = True) -> list[tuple[Path, Ruleset]]:
    """Every other ruleset patience finds, read without lint; ``cached`` False keeps them out of the
    ruleset cache (while a file is loaded to be played: its own entry is the one to keep)."""
    load = load_unchecked if cached else load_uncached
    found = []
    for entry in discover():
        if entry.path.resolve() in skip:
            continue  # linted already, and compared as such
        try:
            found.append((entry.path, load(entry.path)))
        except RulesetError:
            continue  # a broken file is reported when it is linted itself
    return found


def _cross_checks(loaded: list[tuple[Path, Ruleset, _Positions]], known: list[tuple[Path, Ruleset]]) -> list[LintFinding]:
    """Duplicate ids and clashing names, among the linted files and against the registry."""
    findings: list[LintFinding] = []

    def add(path: Path, pos: _Positions, code: str, at: KeyPath, message: str) -> None:
        line, col = pos.nearest(at)
        findings.append(LintFinding(str(path), line, col, CHECKS[code].severity, code, message,
                                    ".".join(str(p) for p in at)))

    linted = {p.resolve() for p, _, _ in loaded}
    others = [(p, r, True) for p, r, _ in loaded] + [(p, r, False) for p, r in known if p.resolve() not in linted]
    for path, ruleset, pos in loaded:
        here = path.resolve()
        mine = _named_places(ruleset)
        for other_path, other, in_lint in others:
            if other_path.resolve() == here:
                continue
            if other.id == ruleset.id:
                if in_lint:
                    add(path, pos, "P110", ("id",), _("id {id!r} is also the id of {path}").format(id=ruleset.id, path=other_path))
                else:
                    add(path, pos, "P210", ("id",), _("{path} has the same id; the first in search order is played").format(
                        path=other_path))
                continue
            theirs = names_of(other)
            for name, at in mine.items():
                if name in theirs:
                    add(path, pos, "P112", at, _("{name!r} is also a name of {id} ({path})").format(
                        name=name, id=other.id, path=other_path))
    return findings


def _named_places(ruleset: Ruleset) -> dict[str, KeyPath]:
    """Each normalized name of a ruleset and the key that gives it (aliases first, id last)."""
    places: dict[str, KeyPath] = {}
    for i, alias in enumerate(ruleset.aliases):
        places.setdefault(normalize_name(alias), ("aliases", i))
    for lang, name in ruleset.names.items():
        places.setdefault(normalize_name(name), ("names", lang))
    places.setdefault(normalize_name(ruleset.name), ("name",))
    places.setdefault(normalize_name(ruleset.id), ("id",))
    return places


def has_errors(findings: Iterable[LintFinding]) -> bool:
    return any(f.severity == "error" for f in findings)
