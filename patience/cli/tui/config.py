"""The player's settings, kept in ``config.toml`` in the user config folder (paths.config_dir).

A small TOML file written by hand (``key = value`` lines) and read with tomllib. A damaged or
unreadable file never stops a game: its readable keys are used, the rest fall back to defaults,
and the reason is returned to be shown in one line.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from ...i18n import N_, _

FILE_NAME = "config.toml"
LANGUAGES = ("auto", "en", "pl")  # auto: --lang, PATIENCE_LANG, the locale (as without a config)

# What each setting does, for `patience config` and the settings screen (translated when shown).
DESCRIPTIONS = {
    "autoplay": N_("safe cards go to the foundations by themselves (full-screen game)"),
    "colour": N_("red and black suits in colour"),
    "ascii": N_("ASCII only: TH for 10♥, ## for a face-down card"),
    "language": N_("language: auto, en or pl"),
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
    from ...paths import config_dir

    return config_dir() / FILE_NAME


def load() -> tuple[Config, str | None]:
    """The settings, and a one-line problem with the file (None when it was fine or absent)."""
    path = config_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Config(), None
    except (OSError, UnicodeDecodeError) as err:
        return Config(), _("settings file {path} could not be read ({error}); using the defaults").format(
            path=path, error=err)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        return Config(), _("settings file {path} is damaged ({error}); using the defaults").format(path=path, error=err)
    config = Config()
    problems = []
    for key, value in data.items():
        try:
            _assign(config, key, value)
        except ConfigError as err:
            problems.append(str(err))
    if problems:
        return config, _("settings file {path}: {problem}; that setting uses its default").format(
            path=path, problem=problems[0])
    return config, None


def _assign(config: Config, key: str, value: object) -> None:
    known = {f.name: f for f in fields(Config)}
    if key not in known:
        raise ConfigError(_("no setting {key!r}; the settings are {names}").format(key=key, names=", ".join(known)))
    if known[key].type in ("bool", bool):
        if not isinstance(value, bool):
            raise ConfigError(_("{key} is on or off, not {value!r}").format(key=key, value=value))
    elif value not in LANGUAGES:
        raise ConfigError(_("{key} is one of {choices}, not {value!r}").format(
            key=key, choices=", ".join(LANGUAGES), value=value))
    setattr(config, key, value)


def set_value(config: Config, key: str, text: str) -> None:
    """Set a setting from words typed by the player: on/off (yes/no, true/false) or a language."""
    words = {"on": True, "yes": True, "true": True, "1": True, "off": False, "no": False, "false": False, "0": False}
    known = {f.name: f for f in fields(Config)}
    if key in known and known[key].type in ("bool", bool):
        if text.lower() not in words:
            raise ConfigError(_("{key} is on or off, not {value!r}").format(key=key, value=text))
        _assign(config, key, words[text.lower()])
    else:
        _assign(config, key, text.lower())


def save(config: Config) -> Path:
    """Write the settings: a temporary file, then an atomic rename (a crash leaves the old file)."""
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ["# patience settings (`patience config` shows them; `patience config set KEY VALUE` changes one)"]
    for key, value in asdict(config).items():
        lines.append(f"{key} = {'true' if value is True else 'false' if value is False else repr(str(value))}")
    temporary = path.with_name(f".{FILE_NAME}.{os.getpid()}.tmp")
    temporary.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(temporary, path)
    return path


def shown(value: object) -> str:
    """A value as the player types it."""
    return ("on" if value else "off") if isinstance(value, bool) else str(value)
