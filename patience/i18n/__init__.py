"""One translation layer for every user-facing string: gettext catalogs kept as `.po` files.

The catalogs are plain `.po` text (``patience/i18n/<lang>.po``), which translators edit with their
usual tools; they are read directly, so nothing compiled needs to be built or shipped. English is
the source language: a string with no translation is shown as written.

    from patience.i18n import _, ngettext, N_
    _("nothing to undo")
    ngettext("{n} move", "{n} moves", n).format(n=n)      # Polish: 1 ruch, 2 ruchy, 5 ruchów
    HELP = N_("list the moves")   # marked for translation where it is defined, translated when shown

The language is chosen once per command (`--lang`, then `PATIENCE_LANG`, then the locale's
`LC_ALL` / `LC_MESSAGES` / `LANG`), see `choose_language`.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

LANGUAGES = ("en", "pl")
DEFAULT = "en"
CATALOG_DIR = Path(__file__).resolve().parent


class CatalogError(ValueError):
    """A `.po` file that cannot be read; the message names the file and line."""


@dataclass
class Catalog:
    language: str
    messages: dict[str, str] = field(default_factory=dict)
    plurals: dict[str, list[str]] = field(default_factory=dict)
    plural_index: Callable[[int], int] = lambda n: 0 if n == 1 else 1

    def gettext(self, message: str) -> str:
        return self.messages.get(message) or message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = self.plurals.get(singular)
        if forms:
            index = self.plural_index(n)
            if 0 <= index < len(forms) and forms[index]:
                return forms[index]
        return singular if n == 1 else plural


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise CatalogError(f"{where}: expected a quoted string, got {text!r}")
    body = text[1:-1]
    out, i = [], 0
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    while i < len(body):
        char = body[i]
        if char == "\\" and i + 1 < len(body):
            out.append(escapes.get(body[i + 1], body[i + 1]))
            i += 2
            continue
        out.append(char)
        i += 1
    return "".join(out)


def parse_po(text: str, name: str = "<po>") -> list[dict[str, object]]:
    """The entries of a `.po` file: dicts with msgid, msgid_plural, msgstr / msgstr[n], fuzzy, line."""
    entries: list[dict[str, object]] = []
    entry: dict[str, object] = {}
    key: str | None = None
    fuzzy = False

    def finish() -> None:
        nonlocal entry, key, fuzzy
        if "msgid" in entry:
            entry["fuzzy"] = fuzzy
            entries.append(entry)
        entry, key, fuzzy = {}, None, False

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line:
            finish()
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        if line.startswith('"'):
            if key is None:
                raise CatalogError(f"{where}: a continuation line outside an entry")
            entry[key] = str(entry[key]) + _unquote(line, where)
            continue
        word, _, rest = line.partition(" ")
        if word in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in entry):
            finish()  # entries need not be separated by blank lines
        if word == "msgid":
            entry["line"] = number
        if word in ("msgctxt", "msgid", "msgid_plural", "msgstr") or (word.startswith("msgstr[") and word.endswith("]")):
            key = word
            entry[key] = _unquote(rest, where)
        else:
            raise CatalogError(f"{where}: unknown keyword {word!r}")
    finish()
    return entries


def _plural_rule(header: str) -> Callable[[int], int] | None:
    for line in header.splitlines():
        if line.lower().startswith("plural-forms:"):
            _, _, expression = line.partition("plural=")
            expression = expression.strip().rstrip(";")
            if expression:
                return _gettext.c2py(expression)
    return None


def load_catalog(language: str, folder: Path = CATALOG_DIR) -> Catalog:
    catalog = Catalog(language)
    if language == DEFAULT:
        return catalog
    path = folder / f"{language}.po"
    entries = parse_po(path.read_text(encoding="utf-8"), str(path))
    for entry in entries:
        msgid = str(entry["msgid"])
        if msgid == "":
            rule = _plural_rule(str(entry.get("msgstr", "")))
            if rule is not None:
                catalog.plural_index = rule
            continue
        if entry.get("fuzzy"):
            continue
        if "msgid_plural" in entry:
            forms = []
            index = 0
            while f"msgstr[{index}]" in entry:
                forms.append(str(entry[f"msgstr[{index}]"]))
                index += 1
            catalog.plurals[msgid] = forms
        else:
            catalog.messages[msgid] = str(entry.get("msgstr", ""))
    return catalog


_current = Catalog(DEFAULT)


_loaded: dict[str, Catalog] = {}


def set_language(language: str) -> str | None:
    """Use ``language`` for every string from now on. Returns a warning (and uses English) when
    the language is unknown or its catalog cannot be read."""
    global _current
    if language not in LANGUAGES:
        _current = Catalog(DEFAULT)
        return f"unknown language {language!r}; using English"
    if language not in _loaded:
        try:
            _loaded[language] = load_catalog(language)
        except (OSError, CatalogError, SyntaxError, ValueError) as err:
            _current = Catalog(DEFAULT)
            return f"the {language} translations cannot be read ({err}); using English"
    _current = _loaded[language]
    return None


@contextmanager
def using_language(language: str) -> Iterator[None]:
    """Strings in ``language`` inside the block, the previous language after it."""
    before = _current.language
    set_language(language)
    try:
        yield
    finally:
        set_language(before)


def language() -> str:
    return _current.language


def _(message: str) -> str:
    """The translation of ``message`` in the current language."""
    return _current.gettext(message)


def alternatives(items: list[str]) -> str:
    """``2, 3 or 4`` (Polish ``2, 3 lub 4``): a choice of one of ``items``, for messages."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def conjunction(items: list[str]) -> str:
    """``aces, queens and kings`` (Polish ``asy, damy i króle``): every one of ``items``."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n`` (Polish has three: 1 ruch, 2 ruchy, 5 ruchów)."""
    return _current.ngettext(singular, plural, n)


# Digit grouping and decimal mark where they differ from English (12,345.6): Polish 12 345,6,
# grouped with a no-break space so that a number never breaks across lines.
NUMBER_MARKS = {"pl": ("\u00a0", ",")}


def number(value: float, decimals: int = 0) -> str:
    """``value`` written for the current language, grouped, with ``decimals`` places."""
    # A whole number is formatted as one: through a float, 2**63 - 1 would print rounded.
    text = f"{value:,}" if isinstance(value, int) and decimals == 0 else f"{value:,.{decimals}f}"
    group, point = NUMBER_MARKS.get(_current.language, (",", "."))
    return text.replace(",", "\0").replace(".", point).replace("\0", group)


def N_(message: str, plural: str | None = None) -> str:
    """Mark a string (or a singular and plural pair) for translation where it is defined; `_` or
    `ngettext` translates it where it is shown."""
    return message


def _from_locale(value: str) -> str:
    """``pl_PL.UTF-8`` -> ``pl``; ``C`` / ``POSIX`` -> ``""``."""
    code = value.split(".")[0].split("@")[0].split("_")[0].lower()
    return "" if code in ("c", "posix") else code


def choose_language(option: str | None, environ: dict[str, str] | None = None) -> tuple[str, str | None]:
    """The language to use, and a warning when the one asked for is unknown.

    ``--lang`` wins, then ``PATIENCE_LANG``, then the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``).
    """
    env = os.environ if environ is None else environ
    candidates = [(option, "--lang"), (env.get("PATIENCE_LANG"), "PATIENCE_LANG")]
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            candidates.append((_from_locale(env[name]), name))
            break
    for value, source in candidates:
        if not value:
            continue
        code = value.strip().lower()
        if source in ("--lang", "PATIENCE_LANG"):
            code = _from_locale(code) or code
        if code in LANGUAGES:
            return code, None
        if source in ("--lang", "PATIENCE_LANG"):
            return DEFAULT, f"unknown language {value!r} ({source}); using English. Known: {', '.join(LANGUAGES)}"
    return DEFAULT, None
