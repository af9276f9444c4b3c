"""The player's settings, kept in ``config.toml`` in the user config folder (paths.config_dir).

A small TOML file written by hand (``key = value`` lines) and read with tomllib. A damaged or
unreadable file never stops a game: its readable keys are used, the rest fall back to defaults,
and the reason is returned to be shown in one line.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from ..files import check_nesting, read_user_file, write_atomic
from ..i18n import N_, _

FILE_NAME = "config.toml"
MAX_FILE_BYTES = 64 * 1024  # a few short lines; a larger file is not read
SHOWN_LONGEST = 60  # characters of a bad value a message repeats
HEADER = "# patience settings (`patience config` shows them; `patience config set KEY VALUE` changes one)\n"
LANGUAGES = ("auto", "en", "pl")  # auto: --lang, PATIENCE_LANG, the locale (as without a config)

# What each setting does, for `patience config` and the settings screen (translated when shown).
DESCRIPTIONS = {
    "autoplay": N_("safe cards go to the foundations by themselves (full-screen game)"),
    "colour": N_("red and black suits in colour"),
    "ascii": N_("ASCII only: TH for 10♥, ## for a face-down card"),
    "language": N_("language: auto, en or pl; from the next start (--lang and PATIENCE_LANG win over it)"),
}


@dataclass
class Config:
    autoplay: bool = True
    colour: bool = True
    ascii: bool = False
    language: str = "auto"


class ConfigError(ValueError):
    """A setting name or value the player typed that is not one."""


def config_path() -> Path:
    from ..paths import config_dir

    return config_dir() / FILE_NAME


class DamagedFile(OSError):
    """A settings file that cannot be read or parsed: `config set` changes nothing then."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def _short(value: object) -> str:
    """A value as a message shows it: its repr, cut short (a 20 MB value is not echoed)."""
    text = repr(value)
    return text if len(text) <= SHOWN_LONGEST else text[: SHOWN_LONGEST - 1] + "…"


def _read_text(path: Path) -> str | None:
    """The file's text; None when there is none. DamagedFile when it cannot be read as text or
    nests too deeply to parse."""
    try:
        text = read_user_file(path, MAX_FILE_BYTES).decode("utf-8")
        check_nesting(text)
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as err:
        raise DamagedFile(_("settings file {path} could not be read ({error})").format(path=path, error=err)) from None
    except ValueError as err:
        raise DamagedFile(_("settings file {path} is damaged ({error})").format(path=path, error=err)) from None
    return text


def _parse(path: Path, text: str) -> dict[str, object]:
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as err:
        reason = err if isinstance(err, tomllib.TOMLDecodeError) else _("nested too deeply")
        raise DamagedFile(_("settings file {path} is damaged ({error})").format(path=path, error=reason)) from None


def _readable_lines(text: str) -> dict[str, object]:
    """The settings of a damaged file that still read alone, a line at a time."""
    found: dict[str, object] = {}
    for line in text.splitlines():
        try:
            found.update((k, v) for k, v in tomllib.loads(line).items() if k not in found)
        except (tomllib.TOMLDecodeError, RecursionError):
            continue
    return found


def load() -> tuple[Config, str | None]:
    """The settings, and a one-line problem with the file (None when it was fine or absent)."""
    path = config_path()
    damage = None
    try:
        text = _read_text(path)
    except DamagedFile as err:
        text, damage = None, str(err)
    try:
        data = _parse(path, text) if text is not None else {}
    except DamagedFile as err:
        data, damage = _readable_lines(text or ""), str(err)
    config = Config()
    problems = []
    for key, value in data.items():
        try:
            _assign(config, key, value)
        except ConfigError as err:
            problems.append(str(err))
    if damage is not None:
        kept = [key for key in data if key in asdict(config)]
        return config, damage + "; " + (_("kept {keys}, the rest are defaults").format(keys=", ".join(kept)) if kept
                                        else _("using the defaults"))
    if problems:
        return config, _("settings file {path}: {problem}; that setting uses its default").format(
            path=path, problem=problems[0])
    return config, None


def _assign(config: Config, key: str, value: object) -> None:
    known = {f.name: f for f in fields(Config)}
    if key not in known:
        raise ConfigError(_("no setting {key}; the settings are {names}").format(key=_short(key), names=", ".join(known)))
    if known[key].type in ("bool", bool):
        if not isinstance(value, bool):
            raise ConfigError(_("{key} is on or off, not {value}").format(key=key, value=_short(value)))
    elif value not in LANGUAGES:
        raise ConfigError(_("{key} is one of {choices}, not {value}").format(
            key=key, choices=", ".join(LANGUAGES), value=_short(value)))
    setattr(config, key, value)


def set_value(config: Config, key: str, text: str) -> None:
    """Set a setting from words typed by the player: on/off (yes/no, true/false) or a language."""
    words = {"on": True, "yes": True, "true": True, "1": True, "off": False, "no": False, "false": False, "0": False}
    known = {f.name: f for f in fields(Config)}
    if key in known and known[key].type in ("bool", bool):
        if text.lower() not in words:
            raise ConfigError(_("{key} is on or off, not {value}").format(key=key, value=_short(text)))
        _assign(config, key, words[text.lower()])
    else:
        _assign(config, key, text.lower())


def _toml(value: object) -> str:
    return "true" if value is True else "false" if value is False else '"' + str(value) + '"'


def _edited(text: str, key: str, value: object) -> str:
    """``text`` with ``key`` set to ``value``: its line's value replaced (an inline comment kept),
    or a line added before the first table; every other line, comment and unknown key kept."""
    lines = text.splitlines()
    top_level = next((i for i, line in enumerate(lines) if line.lstrip().startswith("[")), len(lines))
    pattern = re.compile(rf"^(\s*{key}\s*=\s*)(true|false|\"[^\"\\\n]*\"|'[^'\n]*')?(.*)$")
    for i in range(top_level):
        found = pattern.match(lines[i])
        if found:
            rest = found[3] if found[2] is not None and found[3].strip()[:1] in ("", "#") else ""
            lines[i] = f"{found[1]}{_toml(value)}{rest}"
            break
    else:
        at = top_level
        while at > 0 and not lines[at - 1].strip():
            at -= 1  # after the last setting, not after the blank line before a table
        lines.insert(at, f"{key} = {_toml(value)}")
    return "\n".join(lines) + "\n"


def save(config: Config, keys: Iterable[str] | None = None) -> Path:
    """Write ``keys`` of the settings (all by default) into the file: each one's line edited in
    place, so comments, unknown keys, the other lines and a link to a file kept elsewhere are all
    kept, then an atomic write. DamagedFile, with nothing written, when the file cannot be parsed:
    the settings still readable in it are never overwritten by defaults."""
    path = config_path()
    values = asdict(config)
    chosen = list(values) if keys is None else list(keys)
    text = _read_text(path)
    data = _parse(path, text) if text is not None else {}
    edited = text if text is not None else HEADER
    for key in chosen:
        edited = _edited(edited, key, values[key])
    try:
        if tomllib.loads(edited) != {**data, **{key: values[key] for key in chosen}}:
            raise ValueError(edited)
    except (tomllib.TOMLDecodeError, ValueError):  # a line the simple edit cannot change safely
        raise DamagedFile(_("settings file {path} cannot be changed in place; edit it by hand").format(
            path=path)) from None
    if edited == text:
        return path
    return write_atomic(path, edited, follow_link=True)


ON, OFF = N_("on"), N_("off")  # marked: the settings screen shows them translated


def shown(value: object) -> str:
    """A value as the player types it."""
    return (ON if value else OFF) if isinstance(value, bool) else str(value)
