"""Where the user's own things live: saved games, statistics, rulesets, settings, and the cache."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """The user data folder: ``PATIENCE_DATA`` when set, else the platform's (platformdirs)."""
    override = os.environ.get("PATIENCE_DATA")
    if override:
        return Path(override).expanduser()
    import platformdirs  # only when needed: `patience --help` stays fast

    return Path(platformdirs.user_data_dir("patience", appauthor=False))


def config_dir() -> Path:
    """The user config folder (settings of the full-screen game): ``PATIENCE_CONFIG`` when set,
    else the platform's (platformdirs), so tests never touch the real one."""
    override = os.environ.get("PATIENCE_CONFIG")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_config_dir("patience", appauthor=False))


def cache_dir() -> Path:
    """The user cache folder (loaded rulesets, ruleset/cache.py): ``PATIENCE_CACHE`` when set, else
    the platform's (platformdirs), so tests never touch the real one. Anything in it may be deleted."""
    override = os.environ.get("PATIENCE_CACHE")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("patience", appauthor=False))
