"""Find rulesets by id, display name, alias (English or Polish, with or without diacritics) or path.

Rulesets are searched in this order, the first one found winning (so a player's own file can
replace a shipped game):

1. the folders of ``PATIENCE_PATH`` (separated like ``PATH``: ``:``, or ``;`` on Windows), in order;
2. the user rulesets folder, ``rulesets`` in the user data folder: ``$PATIENCE_DATA/rulesets`` when
   ``PATIENCE_DATA`` is set (as for saved games), else the platform's (platformdirs, e.g.
   ``~/.local/share/patience/rulesets`` on Linux);
3. the rulesets shipped with patience.

Shadowing is one rule: a file whose ruleset id an earlier file already has is hidden, under every
one of its names. A name of the hidden ruleset (an alias the earlier file leaves out, say) finds
the ruleset that hides it, since it names that id. A file that cannot be loaded counts under its
file name, so a broken ``klondike.yaml`` hides the shipped Klondike and reports its own errors.

Saves and statistics file a ruleset under ``ruleset_key``: the id alone for a shipped ruleset,
the id and a digest of the file's path otherwise, so two different rulesets never share them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..i18n import _
from . import cache as ruleset_cache
from .errors import RulesetError
from .sources import (  # noqa: F401 - found here by the rest of patience too
    RulesetFile, discover, load_unchecked, names_of, normalize_name, search_folders, shipped_dir, shipped_files,
    user_dir)

if TYPE_CHECKING:
    from .model import Ruleset


class UnknownGame(LookupError):
    """No ruleset answers to that name; the message lists the closest names."""


def _lint_checked(path: Path) -> Ruleset:
    from .lint import load_checked  # imported when needed: a cached ruleset needs no lint

    return load_checked(path)


def _load_file(path: Path) -> Ruleset:
    from .loader import load_file  # the YAML parser and pydantic: only when the cache has no entry

    return load_file(path)


@cache
def _load_cached(path: str, mtime: float, checked: bool) -> Ruleset:
    # in this process by path and mtime; across processes by the file's content (ruleset/cache.py)
    if not checked:
        return load_unchecked(Path(path))
    return ruleset_cache.load(Path(path), _lint_checked, checked=True)


def load_path(path: Path, *, checked: bool = True) -> Ruleset:
    """A ruleset file, cached while it is unchanged. Checked, as anything that plays it needs, it is
    refused (RulesetError) with the errors lint finds in it: a game won at the deal or that can
    never be won is not played. Unchecked, only its keys and values are read (to find names)."""
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return _load_file(path)  # reports the missing file
    return _load_cached(str(path), mtime, checked)


def shipped_rulesets() -> list[Ruleset]:
    return [load_path(p) for p in shipped_files()]


def find_ruleset(name: str) -> Ruleset:
    """A ruleset by any of its names (searched in the order of ``discover``), or a file by path."""
    return load_path(find_ruleset_file(name))


def is_ruleset_path(name: str) -> bool:
    """A name that means a file (`./my-game.yaml`), not a game's name."""
    if name.endswith((".yaml", ".yml")):
        return True
    try:
        return Path(name).is_file()
    except (OSError, ValueError):  # a name too long for a path, or with a NUL byte, is no file
        return False


@dataclass(frozen=True)
class Entry:
    """A ruleset file in search order, with the id it is known by."""

    path: Path
    id: str  # the ruleset's id; the normalized file name when the file cannot be loaded
    ruleset: Ruleset | None  # None when the file is broken


def _entry(path: Path) -> Entry:
    """The file ``path`` read without lint, with the id it is known by."""
    try:
        ruleset: Ruleset | None = load_path(path, checked=False)
    except RulesetError:
        ruleset = None  # one broken user file must not hide every other game
    return Entry(path, ruleset.id if ruleset else normalize_name(path.stem), ruleset)


def catalogue() -> tuple[list[Entry], list[Entry]]:
    """The rulesets names can find, and those hidden by an earlier file with the same id."""
    visible: list[Entry] = []
    hidden: list[Entry] = []
    ids: set[str] = set()
    for found in discover():
        entry = _entry(found.path)
        (hidden if entry.id in ids else visible).append(entry)
        ids.add(entry.id)
    return visible, hidden


def _first_with_id(wanted: str) -> Path | None:
    """The first file in search order whose ruleset has the id ``wanted``, or None — without
    reading the shipped files: a shipped ruleset's id is its file name (a test keeps it so), and
    there are many of them, while a player's own folders are read as ``catalogue`` reads them."""
    for found in discover():
        if found.source == "shipped":
            if found.path.stem == wanted:
                return found.path
            continue
        if _entry(found.path).id == wanted:
            return found.path
    return None


def find_ruleset_file(name: str) -> Path:
    """The file of the ruleset a player named; RulesetError if that file is broken.

    In order: the id, then a file's name (a broken file reports its own errors), then any other
    name or alias; a name of a hidden ruleset finds the one hiding it (same id)."""
    if "\0" in name:
        raise UnknownGame(_("no game called {name!r}").format(name=name))
    if is_ruleset_path(name):
        return Path(name)
    wanted = normalize_name(name)
    by_its_id = _first_with_id(wanted)
    if by_its_id is not None:
        return by_its_id
    visible, hidden = catalogue()  # no entry has the id `wanted`: _first_with_id looked for it
    by_id = {entry.id: entry.path for entry in visible}
    for entry in visible:
        if normalize_name(entry.path.stem) == wanted:
            return entry.path
    for entry in visible + hidden:
        if entry.ruleset is not None and wanted in names_of(entry.ruleset):
            return by_id[entry.id]
    everything = [entry.ruleset for entry in visible if entry.ruleset is not None]
    known = sorted({n for r in everything for n in names_of(r)})
    import difflib  # only for a name not found

    close = difflib.get_close_matches(wanted, known, n=3, cutoff=0.5)
    if close:
        raise UnknownGame(_("no game called {name!r}; did you mean {names}?").format(name=name, names=", ".join(close)))
    raise UnknownGame(_("no game called {name!r}; known games: {names}").format(
        name=name, names=", ".join(r.id for r in everything)))


def ruleset_key(ruleset: Ruleset, path: Path) -> str:
    """What saves and statistics file the ruleset of ``path`` under: its id when it is a shipped
    file, else ``<id>~<digest of the resolved path>``, so that a player's own klondike.yaml and
    the shipped one never share a save or a statistics id (and editing a file keeps its key)."""
    resolved = path.resolve()
    if resolved.parent == shipped_dir().resolve():
        return ruleset.id
    digest = hashlib.sha256(str(resolved).encode("utf-8", "surrogateescape")).hexdigest()[:8]
    return f"{ruleset.id}~{digest}"


@dataclass(frozen=True)
class Located:
    """The ruleset a name resolves to, its file, and its key for saves and statistics."""

    ruleset: Ruleset
    path: Path
    key: str

    @property
    def own_file(self) -> str | None:
        """The file's absolute path when it is not shipped (kept in saves), else None."""
        return None if self.key == self.ruleset.id else str(self.path.resolve())


def locate(name: str) -> Located:
    """Resolve a name (or a path) the one way every command does, with the ruleset's key."""
    path = find_ruleset_file(name)
    ruleset = load_path(path)
    return Located(ruleset, path, ruleset_key(ruleset, path))
