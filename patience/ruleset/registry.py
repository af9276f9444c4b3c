"""Find rulesets by id, display name, alias (English or Polish, with or without diacritics) or path."""

from __future__ import annotations

import difflib
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .loader import load_file
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
    source: str  # "shipped", or the folder setting it came from


def discover() -> list[RulesetFile]:
    """Every ruleset file that names can find, in search order."""
    return [RulesetFile(path, "shipped") for path in shipped_files()]


@lru_cache(maxsize=None)
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
    """A shipped ruleset by any of its names, or a ruleset file by path."""
    candidate = Path(name)
    if name.endswith((".yaml", ".yml")) or candidate.is_file():
        return load_path(candidate)
    wanted = normalize_name(name)
    files = shipped_files()
    by_id = {p.stem: p for p in files}
    if wanted in by_id:
        return load_path(by_id[wanted])
    everything = shipped_rulesets()
    for ruleset in everything:
        if wanted in names_of(ruleset):
            return ruleset
    known = sorted({n for r in everything for n in names_of(r)})
    close = difflib.get_close_matches(wanted, known, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else f"; known games: {', '.join(r.id for r in everything)}"
    raise UnknownGame(f"no game called {name!r}{hint}")
