"""The cache of loaded rulesets (patience/ruleset/cache.py): a hit gives the ruleset a fresh load
gives; anything that is not an entry for the file as it is now is a miss, read again and replaced.

Every test has its own cache folder (PATIENCE_CACHE, tests/conftest.py)."""

from __future__ import annotations

import hashlib
import hmac
import io
import os
import pickle
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from patience.paths import cache_dir, data_dir
from patience.ruleset import cache
from patience.ruleset.lint import load_checked
from patience.ruleset.loader import RulesetError, load_file, source_file
from patience.ruleset.model import Ruleset
from patience.ruleset.plain import to_model
from patience.ruleset.registry import _load_cached, find_ruleset, shipped_dir, shipped_files

LINT_ERROR = Path(__file__).parent / "lint_corpus" / "foundations-too-few.yaml"  # loads, but lint says P104


class Reads:
    """A loader that counts its calls: a call is a miss, no call a hit."""

    def __init__(self, read: Callable[[Path], Ruleset] = load_checked) -> None:
        self.read = read
        self.calls = 0

    def __call__(self, path: Path) -> Ruleset:
        self.calls += 1
        return self.read(path)


def load(path: Path, reads: Reads, *, checked: bool = True) -> Ruleset:
    return cache.load(path, reads, checked=checked)


@pytest.fixture
def own_klondike(tmp_path: Path) -> Path:
    path = tmp_path / "klondike.yaml"
    shutil.copyfile(shipped_dir() / "klondike.yaml", path)
    return path


def entries() -> list[Path]:
    return sorted((Path(os.environ["PATIENCE_CACHE"]) / "rulesets").glob("*.pickle"))


def test_every_shipped_ruleset_from_the_cache_equals_the_fresh_one():
    reads = Reads()
    for path in shipped_files():
        fresh = load(path, reads)
        cached = load(path, reads)
        assert cached == fresh and cached is not fresh, path.name
        validated = load_checked(path)  # the pydantic models, as the file says: the cache keeps every field
        assert to_model(cached).model_dump(mode="json") == validated.model_dump(mode="json"), path.name
        assert cached.display_name("pl") == validated.display_name("pl"), path.name
        assert cached.win_groups() == validated.win_groups(), path.name
        assert source_file(cached) == source_file(fresh) == path.resolve(), path.name
    assert reads.calls == len(shipped_files())  # each read once, then a hit
    assert len(entries()) == len(shipped_files())


def test_a_hit_through_the_registry_is_the_ruleset_a_fresh_process_loads():
    _load_cached.cache_clear()
    fresh = find_ruleset("freecell")
    _load_cached.cache_clear()  # as a new process: only the cache folder remembers
    assert find_ruleset("freecell") == fresh
    assert len(entries()) == 1


def test_an_edit_that_keeps_size_and_mtime_is_read_again(own_klondike: Path):
    reads = Reads()
    assert load(own_klondike, reads).name == "Klondike"
    before = own_klondike.stat()
    text = own_klondike.read_text(encoding="utf-8")
    own_klondike.write_text(text.replace("name: Klondike", "name: Klondyke", 1), encoding="utf-8")
    os.utime(own_klondike, ns=(before.st_atime_ns, before.st_mtime_ns))  # same size, same mtime: only the digest differs
    assert own_klondike.stat().st_size == before.st_size
    assert load(own_klondike, reads).name == "Klondyke"
    assert reads.calls == 2
    assert load(own_klondike, reads).name == "Klondyke" and reads.calls == 2  # the entry was replaced
    assert len(entries()) == 1


def test_a_touched_file_is_read_again(own_klondike: Path):
    reads = Reads()
    load(own_klondike, reads)
    later = own_klondike.stat().st_mtime_ns + 10**9
    os.utime(own_klondike, ns=(later, later))
    load(own_klondike, reads)
    assert reads.calls == 2


def _garbage(entry: Path) -> None:
    entry.write_bytes(b"\x00\xffnot a pickle at all" * 10)


def _truncated(entry: Path) -> None:
    entry.write_bytes(entry.read_bytes()[: entry.stat().st_size // 2])


def _empty(entry: Path) -> None:
    entry.write_bytes(b"")


def _other_version(entry: Path) -> None:
    key, checked, ruleset = _entry_contents(entry)
    _write_entry(entry, (key[0], "0.0.0-old", *key[2:]), checked, ruleset)


def _other_format(entry: Path) -> None:
    key, checked, ruleset = _entry_contents(entry)
    _write_entry(entry, (key[0] + 1, *key[1:]), checked, ruleset)


def _not_a_ruleset(entry: Path) -> None:
    key, checked, _ruleset = _entry_contents(entry)
    _write_entry(entry, key, checked, {"id": "klondike"})


class _Touch:
    """A pickle that would create a file when unpickled, if a foreign class were let through."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):  # noqa: ANN204
        return Path.touch, (self.marker,)


def _entry_contents(entry: Path) -> tuple:
    with entry.open("rb") as file:
        assert file.read(len(cache.MAGIC)) == cache.MAGIC
        file.read(cache.TAG_BYTES)
        unpickler = pickle.Unpickler(file)
        key, checked = unpickler.load()
        return key, checked, unpickler.load()


def _write_entry(entry: Path, key: tuple, checked: bool, ruleset: object, signing: bytes | None = None) -> None:
    """An entry as the cache writes one, signed with this user's key unless ``signing`` is given."""
    body = io.BytesIO()
    pickler = pickle.Pickler(body, protocol=5)
    pickler.dump((key, checked))
    pickler.dump(ruleset)
    tag = hmac.new(signing or cache._signing_key(), body.getvalue(), hashlib.sha256).digest()
    entry.write_bytes(cache.MAGIC + tag + body.getvalue())


@pytest.mark.parametrize("damage", [_garbage, _truncated, _empty, _other_version, _other_format, _not_a_ruleset])
def test_a_damaged_or_old_entry_is_ignored_and_replaced(own_klondike: Path, damage: Callable[[Path], None]):
    reads = Reads()
    fresh = load(own_klondike, reads)
    [entry] = entries()
    damage(entry)
    assert load(own_klondike, reads) == fresh
    assert reads.calls == 2
    assert load(own_klondike, reads) == fresh and reads.calls == 2  # replaced by a good entry


def test_a_foreign_class_in_an_entry_is_never_called(own_klondike: Path, tmp_path: Path):
    reads = Reads()
    fresh = load(own_klondike, reads)
    [entry] = entries()
    key, checked, _ruleset = _entry_contents(entry)
    marker = tmp_path / "ran"
    _write_entry(entry, key, checked, _Touch(marker))
    assert load(own_klondike, reads) == fresh
    assert not marker.exists()
    assert reads.calls == 2


def _forged(ruleset: Ruleset) -> Ruleset:
    """The same ruleset with a value its model refuses (decks: -5), set without validation."""
    return ruleset.model_copy(update={"decks": -5})


def test_a_forged_entry_with_the_right_key_is_refused_unless_signed_by_this_user(own_klondike: Path):
    reads = Reads()
    fresh = load(own_klondike, reads)
    [entry] = entries()
    key, checked, ruleset = _entry_contents(entry)
    _write_entry(entry, key, checked, _forged(ruleset), signing=b"someone else's key, not this user's")
    served = load(own_klondike, reads)
    assert served == fresh and served.decks == 1 and reads.calls == 2
    # The check is the signature, not luck: the same forgery signed with this user's key is served.
    _write_entry(entry, key, checked, _forged(ruleset))
    assert load(own_klondike, reads).decks == -5 and reads.calls == 2


def test_the_signing_key_is_private_and_kept_away_from_the_entries(own_klondike: Path):
    load(own_klondike, Reads())
    key_file = data_dir() / cache.KEY_FILE
    assert key_file.stat().st_mode & 0o777 == 0o600 and len(key_file.read_bytes()) == cache.KEY_BYTES
    assert cache_dir() not in key_file.parents


def test_the_cache_is_pruned_to_its_cap_least_recently_used_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(cache, "MAX_CACHE_ENTRIES", 2)
    files = []
    for n in range(3):
        path = tmp_path / f"mine{n}.yaml"
        text = (shipped_dir() / "klondike.yaml").read_text(encoding="utf-8").replace("id: klondike", f"id: mine{n}")
        text = text.replace("names: {pl: Klondike}\n", "").replace("aliases: [solitaire, pasjans, klondike-1, soliter]\n", "")
        path.write_text(text.replace("name: Klondike\n", f"name: Mine {n}\n"), encoding="utf-8")  # no shipped name (P112)
        files.append(path)
    reads = Reads()
    for n, path in enumerate(files[:2]):
        load(path, reads)
        os.utime(cache.entry_path(cache.file_key(path)), (1000 + n, 1000 + n))  # long ago, mine0 first
    load(files[0], reads)  # a hit: now the most recently used
    assert reads.calls == 2
    load(files[2], reads)  # a third entry: the least recently used one (mine1) goes
    assert len(entries()) == 2
    load(files[0], reads)
    assert reads.calls == 3  # mine0 was kept
    load(files[1], reads)
    assert reads.calls == 4  # mine1 was pruned


def test_prune_keeps_the_folder_under_its_byte_cap(tmp_path: Path):
    for n in range(10):
        (tmp_path / f"{n}.pickle").write_bytes(b"x" * 1000)
        os.utime(tmp_path / f"{n}.pickle", (n, n))
    (tmp_path / "other.txt").write_bytes(b"y" * 100_000)  # not an entry: never removed
    assert cache.prune(tmp_path, most_bytes=4500, most_entries=100) == 6
    assert sorted(p.name for p in tmp_path.iterdir()) == ["6.pickle", "7.pickle", "8.pickle", "9.pickle", "other.txt"]


def test_an_unwritable_cache_folder_means_no_cache(own_klondike: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PATIENCE_CACHE", str(blocker / "cache"))  # nothing can be made under a file, even by root
    reads = Reads()
    first = load(own_klondike, reads)
    assert load(own_klondike, reads) == first == load_checked(own_klondike)
    assert reads.calls == 2


def test_a_ruleset_with_lint_errors_is_refused_every_time(tmp_path: Path):
    path = tmp_path / "broken.yaml"
    shutil.copyfile(LINT_ERROR, path)
    reads = Reads()
    for _ in range(2):
        with pytest.raises(RulesetError, match="P104|foundation"):
            load(path, reads)
    assert reads.calls == 2 and entries() == []
    # Loaded unchecked (to find its names) it is stored, but as unchecked: played, it is still refused.
    unchecked = Reads(load_file)
    load(path, unchecked, checked=False)
    load(path, unchecked, checked=False)
    assert unchecked.calls == 1 and len(entries()) == 1
    with pytest.raises(RulesetError):
        load(path, reads)
    assert reads.calls == 3


def test_a_checked_entry_serves_an_unchecked_load(own_klondike: Path):
    checked = load(own_klondike, Reads())
    unchecked = Reads(load_file)
    assert load(own_klondike, unchecked, checked=False) == checked
    assert unchecked.calls == 0


def test_patience_no_cache_turns_the_cache_off(own_klondike: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PATIENCE_NO_CACHE", "1")
    reads = Reads()
    load(own_klondike, reads)
    load(own_klondike, reads)
    assert reads.calls == 2 and entries() == []
    monkeypatch.setenv("PATIENCE_NO_CACHE", "0")
    load(own_klondike, reads)
    load(own_klondike, reads)
    assert reads.calls == 3 and len(entries()) == 1


def test_a_file_that_cannot_be_read_is_left_to_the_loader(tmp_path: Path):
    reads = Reads()
    with pytest.raises(RulesetError, match="no such file"):
        load(tmp_path / "missing.yaml", reads)
    with pytest.raises(RulesetError, match="folder"):
        load(tmp_path, reads)
    assert reads.calls == 2 and entries() == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_pipe_in_place_of_an_entry_neither_hangs_nor_stays(own_klondike: Path):
    reads = Reads()
    fresh = load(own_klondike, reads)
    [entry] = entries()
    entry.unlink()
    os.mkfifo(entry)  # opened plainly for reading, a pipe waits for a writer for ever
    assert load(own_klondike, reads) == fresh and reads.calls == 2
    assert entry.is_file()  # replaced by an entry
    assert load(own_klondike, reads) == fresh and reads.calls == 2
