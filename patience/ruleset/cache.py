"""A cache of loaded rulesets, so that `show`, `solve` and `play` do not parse, validate and lint a
ruleset file (nor import the YAML parser, lint and pydantic's validators) on every start.

One entry per ruleset file, ``<cache dir>/rulesets/<digest of the resolved path>.pickle``, holds
the key it was made for and the ruleset as plain objects (plain.py), pickled: reading it needs
neither pydantic nor the model classes, and validates nothing (the key vouches for the file). An entry is used only when its key is the key of the file now:

- the file's resolved path, size, mtime_ns and the SHA-256 of its bytes;
- patience's version and the Python version;
- a stamp of the code that reads rulesets (sizes and mtimes of ``patience/ruleset`` and
  ``cards.py``): an editable checkout keeps its version while its models change.

Anything else is a miss: garbage, a truncated file, another key, a class that is not a plain
ruleset part (only those may be unpickled, so a foreign entry cannot run code). On a miss the file is
loaded as usual and the entry rewritten: a temporary file, then an atomic rename. An entry says
whether lint checked the ruleset; a checked load accepts only such entries, and a file with lint
errors raises before anything is stored, so it is refused every time. A folder that cannot be
written just means no cache; ``PATIENCE_NO_CACHE=1`` turns the cache off.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import stat
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..paths import cache_dir
from . import plain
from .errors import MAX_FILE_BYTES

if TYPE_CHECKING:
    from .model import Ruleset

FORMAT = 2  # the layout of an entry; a new one makes every old entry a miss
VERSION = __version__
MAGIC = b"patience ruleset cache\n"
MAX_ENTRY_BYTES = 4 * MAX_FILE_BYTES  # a pickled ruleset is a few kB; a larger entry is not ours

Key = tuple[Any, ...]


def enabled() -> bool:
    """False when ``PATIENCE_NO_CACHE`` is set to anything but ``0`` or nothing."""
    return os.environ.get("PATIENCE_NO_CACHE", "") in ("", "0")


@cache
def _code_stamp() -> str:
    """A digest of the sizes and mtimes of the code that turns a file into a Ruleset."""
    here = Path(__file__).parent
    files = sorted([*here.rglob("*.py"), *here.glob("*.yaml"), here.parent / "cards.py"])
    stamp = hashlib.sha256()
    for file in files:
        try:
            info = file.stat()
        except OSError:
            continue
        stamp.update(f"{file.relative_to(here.parent)} {info.st_size} {info.st_mtime_ns}\n".encode())
    return stamp.hexdigest()[:16]


def _read_regular(path: Path, most: int) -> tuple[bytes, os.stat_result] | None:
    """The bytes of ``path`` and its stat, or None when it is not a regular file of at most
    ``most`` bytes or changed size while read. Opened without blocking and checked to be a file:
    a pipe put in its place cannot hang us. OSError when it cannot be opened."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with open(handle, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_size > most:
            return None
        data = file.read(most + 1)
    return (data, info) if len(data) == info.st_size else None  # else written to while read


def file_key(path: Path) -> Key | None:
    """What an entry for ``path`` must have been made for, or None when the file cannot be read as
    a ruleset (the loader then says why)."""
    try:
        resolved = path.resolve()
        found = _read_regular(resolved, MAX_FILE_BYTES)
    except (OSError, RuntimeError, ValueError):  # missing, unreadable, a loop of links, a NUL in the name
        return None
    if found is None:
        return None
    data, info = found
    digest = hashlib.sha256(data).hexdigest()
    return FORMAT, VERSION, sys.version, _code_stamp(), str(resolved), info.st_size, info.st_mtime_ns, digest


def entry_path(key: Key) -> Path:
    """The entry of the file a key was made for: one per resolved path, so an edit replaces it."""
    where = key[4].encode("utf-8", "surrogateescape")
    return cache_dir() / "rulesets" / f"{hashlib.sha256(where).hexdigest()[:32]}.pickle"


class _PlainOnly(pickle.Unpickler):
    """Unpickles plain data and plain ruleset parts (plain.py), nothing else: no other class or
    function, so a forged entry can run no code."""

    def find_class(self, module: str, name: str) -> Any:
        found = getattr(plain, name, None) if module == plain.__name__ else None
        if plain.is_plain_kind(found):
            return found
        raise pickle.UnpicklingError(f"{module}.{name} is not a ruleset part")


def _read(entry: Path, key: Key, checked: bool) -> Ruleset | None:
    try:
        found = _read_regular(entry, MAX_ENTRY_BYTES)
        if found is None or not found[0].startswith(MAGIC):
            return None
        unpickler = _PlainOnly(io.BytesIO(found[0][len(MAGIC):]))
        made_for, was_checked = unpickler.load()
        if made_for != key or (checked and was_checked is not True):
            return None
        ruleset = unpickler.load()
    except Exception:  # noqa: BLE001 - a damaged entry (garbage, truncated, foreign) is a miss, whatever it raises
        return None
    return ruleset if type(ruleset) is plain.kind("Ruleset") else None


def _write(entry: Path, key: Key, checked: bool, ruleset: Ruleset) -> None:
    import tempfile  # only on a miss

    kept = ruleset if isinstance(ruleset, plain.Plain) else plain.to_plain(ruleset)  # no private attributes
    try:
        data = io.BytesIO(MAGIC)
        data.seek(0, io.SEEK_END)
        pickler = pickle.Pickler(data, protocol=5)  # one pickler for both: the reader shares one memo
        pickler.dump((key, checked))
        pickler.dump(kept)
        entry.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=entry.parent, prefix=f".{entry.stem}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data.getbuffer())
            os.replace(temporary, entry)  # readers see the old entry or the new one, never half of one
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except (OSError, pickle.PicklingError):  # an unwritable or full cache folder: no cache, same game
        pass


def _as_plain(ruleset: Ruleset) -> Any:
    """What every command plays: the ruleset as plain objects, with the file it was read from."""
    found = plain.to_plain(ruleset)
    source = getattr(ruleset, "_source_file", None)
    if source is not None:
        found._source_file = source
    return found


def load(path: Path, read: Callable[[Path], Ruleset], *, checked: bool) -> Ruleset:
    """The ruleset of ``path``, as plain objects (plain.py): from its entry when that was made for
    this file as it is now (and lint-checked, when ``checked``), else ``read(path)``, which is then
    stored for next time. ``read`` raises RulesetError for a file it refuses; nothing is stored
    then. Cached or not, the result has the same form, so a game plays the same either way."""
    if not enabled():
        return _as_plain(read(path))
    key = file_key(path)
    if key is None:
        return _as_plain(read(path))
    entry = entry_path(key)
    found = _read(entry, key, checked)
    if found is not None:
        found._source_file = Path(key[4])  # as the loader does: not a field
        return found
    ruleset = read(path)
    if file_key(path) == key:  # unchanged while it was read, so the ruleset is of this content
        _write(entry, key, checked, ruleset)
    return _as_plain(ruleset)
