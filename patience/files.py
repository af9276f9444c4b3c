"""One way to write a file and one way to read a user's file.

Every file patience writes (saves, statistics side files, settings, exports, survey files, the
caches) goes through `write_atomic` or `replacing`: the bytes go to a temporary file beside the
target under a name unique to this writer (its pid and a random part), are flushed to the disk,
then renamed over the target, so a crash or a full disk leaves the old file or the new one, never
half of one, and two writers never share a temporary file. A link in the target's place is
refused, unless the caller means the user's own link (a settings file kept elsewhere): then the
file it points to is replaced and the link kept. Anything but a regular file in the target's
place (a folder, /dev/full, a FIFO) is refused.

Every user file patience reads (settings, saves, imports, caches) goes through `read_user_file`:
regular files only, opened without blocking (a FIFO cannot hang us), at most a given number of
bytes whatever the file claims (/dev/zero cannot fill the memory); `check_nesting` bounds how
deeply brackets nest before a recursive parser sees the text.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from .i18n import _

MAX_NESTING = 64  # brackets deep: a real settings file or save nests a few levels


class FileRefused(OSError):
    """A file patience will not read or write; ``str()`` is one line saying why."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def _kind(mode: int) -> str:
    return _("a folder") if stat.S_ISDIR(mode) else _("a device, pipe or socket")


def _target(path: Path, follow_link: bool) -> Path:
    """The file to replace: ``path``, or what its link points to when ``follow_link``."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return path
    if stat.S_ISLNK(info.st_mode):
        if not follow_link:
            raise FileRefused(_("{path} is a link; name the file itself").format(path=path))
        path = Path(os.path.realpath(path))
        try:
            info = os.stat(path)
        except FileNotFoundError:
            return path  # a link to a file not made yet: made where the link points
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused(_("{path} is {what}, not a file").format(path=path, what=_kind(info.st_mode)))
    return path


def _new_file_mode() -> int:
    mask = os.umask(0o022)  # read the umask (the only way), then put it back at once
    os.umask(mask)
    return 0o666 & ~mask


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable; where folders cannot be opened (Windows) it is skipped."""
    with suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


@contextmanager
def replacing(path: Path, *, follow_link: bool = False, replace: bool = True, private: bool = False) -> Iterator[Path]:
    """A temporary path for the caller (or a library) to write; when the block ends it is synced
    and renamed to ``path``. ``replace=False`` never replaces an existing file (FileExistsError,
    the temporary file removed): two writers creating the same new file, one wins. The new file
    keeps the mode of the one it replaces; a new one gets 0600 when ``private``, else the umask's."""
    path = Path(path)
    target = _target(path, follow_link)
    folder = target.parent
    folder.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = 0o600 if private else _new_file_mode()
    import tempfile  # here: reading files (every start) needs none of it

    handle, name = tempfile.mkstemp(dir=folder, prefix=f".{target.stem}.{os.getpid()}.", suffix=".tmp")
    os.close(handle)
    temporary = Path(name)
    try:
        yield temporary
        with open(temporary, "rb+") as written:
            os.fsync(written.fileno())
        os.chmod(temporary, mode)
        _target(path, follow_link)  # a link or a device put in its place meanwhile is refused still
        if replace:
            os.replace(temporary, target)
        else:
            os.link(temporary, target)  # fails if the file exists: it is never replaced
            temporary.unlink()
        _sync_folder(folder)
    finally:
        with suppress(OSError):
            temporary.unlink()


def write_atomic(path: Path, data: bytes | str, *, follow_link: bool = False, replace: bool = True,
                 private: bool = False) -> Path:
    """Write ``data`` (text as UTF-8, no newline translation) to ``path`` by `replacing`; the path
    written (the link's file when ``follow_link``). OSError (FileRefused for a link or a device)
    when it cannot be written; the old file is then untouched."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    with replacing(path, follow_link=follow_link, replace=replace, private=private) as temporary:
        with open(temporary, "wb") as out:
            out.write(raw)
    return _target(Path(path), follow_link)


def check_target(path: Path, *, replace: bool, read: Iterable[Path] = ()) -> None:
    """Before an export: FileRefused when ``path`` reaches a file the command reads (``read``),
    or is a link, a folder or a device; FileExistsError when it exists and ``replace`` is False."""
    for other in read:
        if same_file(path, other):
            raise FileRefused(_("{path} is a file this command reads; choose another name").format(path=path))
    _target(Path(path), follow_link=False)
    if not replace and os.path.lexists(path):
        raise FileExistsError(str(path))


def same_file(one: Path, other: Path) -> bool:
    """Whether two names reach one file (links followed); False when either does not exist."""
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


def read_user_file(path: Path, most: int) -> bytes:
    """The bytes of a regular file of at most ``most`` bytes. FileNotFoundError when it is absent,
    FileRefused when it is a folder, a device, a pipe or larger, OSError when unreadable."""
    return read_user_file_stat(path, most)[0]


def read_user_file_stat(path: Path, most: int) -> tuple[bytes, os.stat_result]:
    """`read_user_file`, with the file's stat taken from the same open file."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(handle)
    except OSError:
        os.close(handle)
        raise
    if not stat.S_ISREG(info.st_mode):
        os.close(handle)
        raise FileRefused(_("{path} is {what}, not a file").format(path=path, what=_kind(info.st_mode)))
    with open(handle, "rb") as file:
        data = file.read(most + 1)
    if len(data) > most:
        raise FileRefused(_("{path} is larger than {most} bytes").format(path=path, most=most))
    return data, info


# What can open or close a level: strings and comments are passed over (roughly: a bracket inside a
# multi-line string may be counted, which only ever refuses a file nested close to the limit).
_BRACKETS = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}]')


def check_nesting(text: str, most: int = MAX_NESTING) -> None:
    """ValueError when brackets in ``text`` (JSON, TOML) nest deeper than ``most``: checked before
    a recursive parser could run out of stack on it."""
    depth = 0
    for found in _BRACKETS.finditer(text):
        token = found.group()
        if token in ("[", "{"):
            depth += 1
            if depth > most:
                raise ValueError(_("nested more than {most} levels deep").format(most=most))
        elif token in ("]", "}"):
            depth -= 1
