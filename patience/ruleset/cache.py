"""A cache of loaded rulesets, so that `show`, `solve` and `play` do not parse, validate and lint a
ruleset file (nor import the YAML parser, lint and pydantic's validators) on every start.

One entry per ruleset file, ``<cache dir>/rulesets/<digest of the resolved path>.pickle``, holds
the key it was made for and the ruleset as plain objects (plain.py), pickled: reading it needs
neither pydantic nor the model classes, and validates nothing: the key vouches for the file, and an
HMAC-SHA256 under this user's key (kept in the data folder, 0600) vouches that this user's
patience wrote the entry, so a forged one (`decks: -5`) is never unpickled. An entry is used only when its key is the key of the file now:

- the file's resolved path, size, mtime_ns and the SHA-256 of its bytes;
- patience's version and the Python version;
- a stamp of the code that reads rulesets (sizes and mtimes of ``patience/ruleset`` and
  ``cards.py``): an editable checkout keeps its version while its models change.

Anything else is a miss: garbage, a truncated file, another key, a class that is not a plain
ruleset part (only those may be unpickled, so a foreign entry cannot run code). On a miss the file is
loaded as usual and the entry rewritten (files.write_atomic); the folder is then pruned, least
recently used first, beyond MAX_CACHE_ENTRIES or MAX_CACHE_BYTES. An entry says
whether lint checked the ruleset; a checked load accepts only such entries, and a file with lint
errors raises before anything is stored, so it is refused every time. A folder that cannot be
written just means no cache; ``PATIENCE_NO_CACHE=1`` turns the cache off.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import os
import pickle
import sys
from collections.abc import Callable
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..files import FileRefused, read_user_file, read_user_file_stat, write_atomic
from ..paths import cache_dir, data_dir
from . import plain
from .errors import MAX_FILE_BYTES

if TYPE_CHECKING:
    from .model import Ruleset

FORMAT = 3  # the layout of an entry; a new one makes every old entry a miss
VERSION = __version__
MAGIC = b"patience ruleset cache\n"
MAX_ENTRY_BYTES = 4 * MAX_FILE_BYTES  # a pickled ruleset is a few kB; a larger entry is not ours
KEY_FILE = "cache-signing.key"  # in the data folder, not beside the entries it signs
KEY_BYTES = 32
TAG_BYTES = 32  # HMAC-SHA256
MAX_CACHE_BYTES = 64 * 1024 * 1024  # the least recently used entries go beyond these
MAX_CACHE_ENTRIES = 2000

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
    ``most`` bytes (files.read_user_file: a pipe put in its place cannot hang us) or changed size
    while read. OSError when it cannot be opened."""
    try:
        data, info = read_user_file_stat(path, most)
    except FileRefused:
        return None
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


def _signing_key() -> bytes | None:
    """This user's key for signing entries, made once (32 random bytes, 0600) in the data folder,
    away from the cache: an entry written by anyone without it is refused. None when it can be
    neither read nor made: then there is no cache."""
    where = data_dir() / KEY_FILE
    for _attempt in range(2):
        try:
            key = read_user_file(where, KEY_BYTES)
            return key if len(key) == KEY_BYTES else None
        except FileNotFoundError:
            try:
                write_atomic(where, os.urandom(KEY_BYTES), replace=False, private=True)
            except FileExistsError:
                continue  # another process made it first: read theirs
            except OSError:
                return None
        except OSError:
            return None
    return None


def _tag(key: bytes, body: bytes | memoryview) -> bytes:
    return hmac.new(key, body, hashlib.sha256).digest()


def _read(entry: Path, key: Key, checked: bool, signing: bytes) -> Ruleset | None:
    try:
        found = _read_regular(entry, MAX_ENTRY_BYTES)
        if found is None or not found[0].startswith(MAGIC):
            return None
        tag, body = found[0][len(MAGIC):len(MAGIC) + TAG_BYTES], found[0][len(MAGIC) + TAG_BYTES:]
        if not hmac.compare_digest(tag, _tag(signing, body)):
            return None  # not written by this user's patience: never unpickled
        unpickler = _PlainOnly(io.BytesIO(body))
        made_for, was_checked = unpickler.load()
        if made_for != key or (checked and was_checked is not True):
            return None
        ruleset = unpickler.load()
    except Exception:  # noqa: BLE001 - a damaged entry (garbage, truncated, foreign) is a miss, whatever it raises
        return None
    if type(ruleset) is not plain.kind("Ruleset"):
        return None
    with suppress(OSError):
        os.utime(entry)  # recently used: pruned last
    return ruleset


def _write(entry: Path, key: Key, checked: bool, ruleset: Ruleset, signing: bytes) -> None:
    kept = ruleset if isinstance(ruleset, plain.Plain) else plain.to_plain(ruleset)  # no private attributes
    try:
        body = io.BytesIO()
        pickler = pickle.Pickler(body, protocol=5)  # one pickler for both: the reader shares one memo
        pickler.dump((key, checked))
        pickler.dump(kept)
        data = MAGIC + _tag(signing, body.getbuffer()) + body.getvalue()
        try:
            write_atomic(entry, data, private=True)  # readers see the old entry or the new one, never half
        except FileRefused:  # a link or a pipe in the entry's place: not ours to follow, but ours to remove
            entry.unlink()
            write_atomic(entry, data, private=True)
    except (OSError, pickle.PicklingError):  # an unwritable or full cache folder: no cache, same game
        return
    prune(entry.parent)


def prune(folder: Path, most_bytes: int | None = None, most_entries: int | None = None) -> int:
    """Remove the least recently used entries until the folder holds at most ``most_entries``
    entries and ``most_bytes`` bytes (MAX_CACHE_BYTES, MAX_CACHE_ENTRIES); how many went."""
    most_bytes = MAX_CACHE_BYTES if most_bytes is None else most_bytes
    most_entries = MAX_CACHE_ENTRIES if most_entries is None else most_entries
    entries = []
    with suppress(OSError):
        for item in os.scandir(folder):
            with suppress(OSError):
                if item.name.endswith(".pickle") and item.is_file(follow_symlinks=False):
                    info = item.stat(follow_symlinks=False)
                    entries.append((info.st_mtime_ns, info.st_size, item.path))
    total = sum(size for _when, size, _path in entries)
    removed = 0
    for _when, size, path in sorted(entries):
        if total <= most_bytes and len(entries) - removed <= most_entries:
            break
        with suppress(OSError):
            os.unlink(path)
            removed += 1
            total -= size
    return removed


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
    signing = _signing_key() if key is not None else None
    if key is None or signing is None:
        return _as_plain(read(path))
    entry = entry_path(key)
    found = _read(entry, key, checked, signing)
    if found is not None:
        found._source_file = Path(key[4])  # as the loader does: not a field
        return found
    ruleset = read(path)
    if file_key(path) == key:  # unchanged while it was read, so the ruleset is of this content
        _write(entry, key, checked, ruleset, signing)
    return _as_plain(ruleset)
