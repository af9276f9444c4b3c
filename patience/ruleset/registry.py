"""Find rulesets by id, display name, alias (English or Polish, with or without diacritics) or path.

Rulesets are searched in this order, the first one found winning (so a player's own file can
replace a shipped game):

1. the folders of ``PATIENCE_PATH`` (separated like ``PATH``: ``:``, or ``;`` on Windows), in order;
2. the user rulesets folder, ``rulesets`` in the user data folder: ``$PATIENCE_DATA/rulesets`` when
   ``PATIENCE_DATA`` is set (as for saved games), else the platform's (platformdirs, e.g.
   ``~/.local/share/patience/rulesets`` on Linux);
3. the rulesets shipped with patience.
"""

from __future__ import annotations

import difflib
import os
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..i18n import _
from ..paths import data_dir
from .loader import RulesetError, load_file
from .model import Ruleset


class UnknownGame(LookupError):
    """No ruleset answers to that name; the message lists the closest names."""


def shipped_dir() -> Path:
    """The folder of the rulesets that ship inside the package (``rulesets/`` in a checkout)."""
    package = Path(__file__).resolve().parents[1]
    installed = package / "rulesets"  # pyproject maps the top-level rulesets/ here
    return installed if installed.is_dir() else package.parent / "rulesets"


def normalize_name(text: str) -> str:
    """``"Kwadratura Koła"`` -> ``"kwadratura-kola"``: lowercase, no diacritics, hyphens."""
    text = text.strip().lower().replace("ł", "l")
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    words = "".join(c if c.isalnum() else " " for c in text).split()
    return "-".join(words)


def shipped_files() -> list[Path]:
    return sorted(shipped_dir().glob("*.yaml"))


@dataclass(frozen=True)
class RulesetFile:
    """A ruleset file that `patience` can find by name, and where it was found."""

    path: Path
    source: str  # "PATIENCE_PATH", "user" or "shipped"


def user_dir() -> Path:
    """The user rulesets folder (it need not exist)."""
    return data_dir() / "rulesets"


def search_folders() -> list[tuple[Path, str]]:
    """The folders searched for rulesets, first first, with the name of their source."""
    folders = [(Path(p).expanduser(), "PATIENCE_PATH") for p in os.environ.get("PATIENCE_PATH", "").split(os.pathsep) if p]
    return folders + [(user_dir(), "user"), (shipped_dir(), "shipped")]


def _yaml_files(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())
    except OSError:  # a folder that does not exist (yet) or cannot be read holds no rulesets
        return []


def discover() -> list[RulesetFile]:
    """Every ruleset file that names can find, in search order."""
    seen: set[Path] = set()
    found: list[RulesetFile] = []
    for folder, source in search_folders():
        for path in _yaml_files(folder):
            if path.resolve() not in seen:  # a folder listed twice counts once
                seen.add(path.resolve())
                found.append(RulesetFile(path, source))
    return found


@cache
def _load_cached(path: str, mtime: float) -> Ruleset:
    return load_file(path)


def load_path(path: Path) -> Ruleset:
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return load_file(path)  # reports the missing file
    return _load_cached(str(path), mtime)


def shipped_rulesets() -> list[Ruleset]:
    return [load_path(p) for p in shipped_files()]


def names_of(ruleset: Ruleset) -> set[str]:
    names = {ruleset.id, ruleset.name, *ruleset.names.values(), *ruleset.aliases}
    return {normalize_name(n) for n in names}


def find_ruleset(name: str) -> Ruleset:
    """A ruleset by any of its names (searched in the order of ``discover``), or a file by path."""
    return load_path(find_ruleset_file(name))


def is_ruleset_path(name: str) -> bool:
    """A name that means a file (`./my-game.yaml`), not a game's name."""
    return name.endswith((".yaml", ".yml")) or Path(name).is_file()


def find_ruleset_file(name: str) -> Path:
    """The file of the ruleset a player named; RulesetError if that file is broken."""
    if is_ruleset_path(name):
        return Path(name)
    wanted = normalize_name(name)
    files = [found.path for found in discover()]
    by_stem: dict[str, Path] = {}
    for path in files:
        by_stem.setdefault(normalize_name(path.stem), path)
    if wanted in by_stem:
        return by_stem[wanted]  # a broken file of that name reports its own errors
    everything: list[Ruleset] = []
    for path in files:
        try:
            ruleset = load_path(path)
        except RulesetError:
            continue  # one broken user file must not hide every other game
        if wanted in names_of(ruleset):
            return path
        everything.append(ruleset)
    known = sorted({n for r in everything for n in names_of(r)})
    close = difflib.get_close_matches(wanted, known, n=3, cutoff=0.5)
    if close:
        raise UnknownGame(_("no game called {name!r}; did you mean {names}?").format(name=name, names=", ".join(close)))
    raise UnknownGame(_("no game called {name!r}; known games: {names}").format(
        name=name, names=", ".join(r.id for r in everything)))
