"""The catalogue of games: families and their names, search and filters, and a digest of a
ruleset's rules. Shared by `patience list` and the generated pages of docs/games/."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache

import yaml

from ..i18n import language
from ..ruleset.families import FAMILIES_FILE, family_ids
from ..ruleset.model import Ruleset
from ..ruleset.registry import names_of, normalize_name
from ..ruleset.views import deal_key

FAMILY_IDS: tuple[str, ...] = family_ids()


@dataclass(frozen=True)
class FamilyInfo:
    id: str
    names: dict[str, str]  # by language code
    about: str  # what its games share, in English (docs/design.md §8)

    def name(self, lang: str | None = None) -> str:
        return self.names.get(lang or language()) or self.names.get("en") or self.id


@cache
def families() -> dict[str, FamilyInfo]:
    """Every family of the model, in the model's order (the order of the catalogue)."""
    data = yaml.safe_load(FAMILIES_FILE.read_text(encoding="utf-8")) or {}
    found = {fid: FamilyInfo(fid, {k: v for k, v in entry.items() if k != "about"}, entry.get("about", ""))
             for fid, entry in data.items()}
    # A family the data file forgot still shows, under its id (a test keeps the file complete).
    return {fid: found.get(fid, FamilyInfo(fid, {}, "")) for fid in FAMILY_IDS}


def family_name(fid: str, lang: str | None = None) -> str:
    info = families().get(fid)
    return info.name(lang) if info else fid


def search_text(text: str) -> str:
    """What a search compares: lowercase, no diacritics, words joined by hyphens ("" when nothing is left)."""
    return normalize_name(text)


def matches(ruleset: Ruleset, wanted: str) -> bool:
    """Whether ``wanted`` (already `search_text`) is part of the ruleset's id, name, a name in any
    language or an alias: "carpet" finds The Carpet, "kola" and "koła" find Kwadratura Koła."""
    return any(wanted in name for name in names_of(ruleset))


# Names, prose and the family change no deal and no move: a measurement keeps its value across them.
WORDS_ONLY = {"id", "name", "names", "aliases", "rules", "family"}


def rules_digest(ruleset: Ruleset) -> str:
    """A short digest of what decides play (deal, piles, moves, win), so a measurement of a game's
    deals is known to be stale once its rules change."""
    # Defaults left out: a key added to the model later, with a default that keeps today's meaning,
    # leaves the digest of every ruleset that does not use it as it was.
    played = ruleset.model_dump(mode="json", exclude=WORDS_ONLY, exclude_defaults=True)
    played["deal_key"] = deal_key(ruleset)  # the id decides the cards when there is no key
    text = json.dumps(played, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
