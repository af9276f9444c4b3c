"""Where ruleset files are found, in search order, and reading one without lint (to learn its
names). The registry (finding a game by name, playing it checked) and lint (comparing a file's
names with every other ruleset's) both build on this module, so lint never imports the registry.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..paths import data_dir
from . import cache as ruleset_cache

if TYPE_CHECKING:
    from .model import Ruleset


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
        try:
            where = folder.resolve()
        except (OSError, RuntimeError):  # a loop of links: no rulesets there
            continue
        if where in seen:  # a folder listed twice counts once (resolving each file cost ~10 ms a call)
            continue
        seen.add(where)
        found += [RulesetFile(path, source) for path in _yaml_files(folder)]
    return found


def names_of(ruleset: Ruleset) -> set[str]:
    names = {ruleset.id, ruleset.name, *ruleset.names.values(), *ruleset.aliases}
    return {normalize_name(n) for n in names}


def _load_file(path: Path) -> Ruleset:
    from .loader import load_file  # the YAML parser and pydantic: only when the cache has no entry

    return load_file(path)


@cache
def _unchecked(path: str, mtime: float) -> Ruleset:
    # in this process by path and mtime; across processes by the file's content (ruleset/cache.py)
    return ruleset_cache.load(Path(path), _load_file, checked=False)


@cache
def _read_only(path: str, mtime: float) -> Ruleset:
    return _load_file(Path(path))


def load_uncached(path: Path) -> Ruleset:
    """As `load_unchecked`, but kept in this process only: nothing is written to the ruleset cache
    (for checks made while another file is loaded, which must not fill or prune the cache)."""
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return _load_file(path)
    return _read_only(str(path), mtime)


def load_unchecked(path: Path) -> Ruleset:
    """A ruleset file's keys and values (no lint: enough to learn its id and names), cached while
    the file is unchanged."""
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return _load_file(path)  # reports the missing file
    return _unchecked(str(path), mtime)
