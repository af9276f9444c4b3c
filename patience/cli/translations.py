"""Keep the translation catalogs in step with the code (a maintainer's tool).

    python -m patience.cli.translations check pl     # list the strings with no Polish translation
    python -m patience.cli.translations update pl    # add them to patience/i18n/pl.po, empty

Messages are found in two places: calls of `_`, `N_` and `ngettext` with literal strings anywhere
in the package, and the help texts of every command and option of the CLI. `update` keeps every
existing translation, adds the new messages with an empty translation for the translator, and
keeps messages the code no longer uses as obsolete (`#~`) entries, as gettext's tools do.
"""

from __future__ import annotations

import ast
import inspect
import sys
from dataclasses import dataclass, field
from pathlib import Path

import click

from ..i18n import CATALOG_DIR, parse_po

PACKAGE = Path(__file__).resolve().parents[1]


@dataclass
class Message:
    msgid: str
    plural: str | None = None
    places: list[str] = field(default_factory=list)


def source_messages(package: Path = PACKAGE) -> dict[str, Message]:
    found: dict[str, Message] = {}
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = str(path.relative_to(package.parent))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            name, args = node.func.id, node.args
            texts = [a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if name in ("_", "N_") and len(args) == 1 and len(texts) == 1 and texts[0]:
                found.setdefault(texts[0], Message(texts[0])).places.append(f"{where}:{node.lineno}")
            elif name in ("ngettext", "N_") and len(texts) >= 2:
                found.setdefault(texts[0], Message(texts[0], texts[1])).places.append(f"{where}:{node.lineno}")
    return found


def help_messages() -> dict[str, Message]:
    """The English help of every command and option (shown translated by `patience --help`)."""
    from . import load_every_command, main

    load_every_command()  # the commands' modules are imported when a command runs; here, all of them
    found: dict[str, Message] = {}

    def add(text: str | None, where: str) -> None:
        if text:
            found.setdefault(text, Message(text)).places.append(where)

    commands: list[tuple[str, click.Command]] = [("patience", main)]
    commands += [(f"patience {name}", command) for name, command in sorted(main.commands.items())]
    for where, command in commands:
        english = command.__dict__.get("_english_help")
        add(english["help"] if english else inspect.cleandoc(command.help or ""), where)
        for param in command.params:
            if isinstance(param, click.Option):
                text = english["params"].get(id(param)) if english else param.help
                add(text, f"{where} {param.opts[0]}")
    return found


def all_messages() -> dict[str, Message]:
    messages = source_messages()
    for msgid, message in help_messages().items():
        messages.setdefault(msgid, message)
    return messages


def catalog_path(language: str) -> Path:
    return CATALOG_DIR / f"{language}.po"


def missing(language: str) -> list[Message]:
    """Messages with no (or an incomplete) translation in the language's catalog."""
    path = catalog_path(language)
    entries = {str(e["msgid"]): e for e in parse_po(path.read_text(encoding="utf-8"), str(path))} if path.exists() else {}
    absent = []
    for message in all_messages().values():
        entry = entries.get(message.msgid)
        if entry is None or entry.get("fuzzy"):
            absent.append(message)
        elif message.plural is None and not entry.get("msgstr"):
            absent.append(message)
        elif message.plural is not None and not all(entry.get(f"msgstr[{i}]") for i in range(_plural_count(entries))):
            absent.append(message)
    return absent


def _plural_count(entries: dict[str, dict[str, object]]) -> int:
    header = str(entries.get("", {}).get("msgstr", ""))
    for line in header.splitlines():
        if "nplurals=" in line:
            return int(line.split("nplurals=")[1].split(";")[0])
    return 2


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def _entry(message: Message, translation: dict[str, object] | None, plurals: int) -> str:
    lines = [f"#: {' '.join(message.places[:4])}"]
    if translation and translation.get("fuzzy"):
        lines.append("#, fuzzy")
    lines.append(f"msgid {_quote(message.msgid)}")
    if message.plural is None:
        lines.append(f"msgstr {_quote(str((translation or {}).get('msgstr', '')))}")
    else:
        lines.append(f"msgid_plural {_quote(message.plural)}")
        for i in range(plurals):
            lines.append(f"msgstr[{i}] {_quote(str((translation or {}).get(f'msgstr[{i}]', '')))}")
    return "\n".join(lines)


def update(language: str) -> tuple[int, int]:
    """Rewrite the catalog: every message of the code, translations kept. Returns (new, obsolete)."""
    path = catalog_path(language)
    entries = {str(e["msgid"]): e for e in parse_po(path.read_text(encoding="utf-8"), str(path))}
    header = entries.get("")
    if header is None:
        raise click.ClickException(f"{path} has no header entry")
    plurals = _plural_count(entries)
    messages = all_messages()
    text = path.read_text(encoding="utf-8")
    preface = "".join(line + "\n" for line in text.splitlines() if line.startswith("# "))[: text.find('msgid ""')]
    parts = [preface + 'msgid ""\nmsgstr ""\n' + "\n".join(_quote(line + "\n") for line in str(header["msgstr"]).splitlines())]
    new = 0
    for message in messages.values():
        new += message.msgid not in entries
        parts.append(_entry(message, entries.get(message.msgid), plurals))
    obsolete = [e for msgid, e in entries.items() if msgid and msgid not in messages]
    for entry in obsolete:
        parts.append("\n".join(f"#~ {line}" for line in _entry(Message(str(entry["msgid"]), entry.get("msgid_plural")),  # type: ignore[arg-type]
                                                               entry, plurals).splitlines()[1:]))
    path.write_text("\n\n".join(parts) + "\n", encoding="utf-8")
    return new, len(obsolete)


@click.group()
def tool() -> None:
    """Keep the translation catalogs in step with the code."""


@tool.command()
@click.argument("language")
def check(language: str) -> None:
    """List the messages with no translation; exit 1 when there is one."""
    absent = missing(language)
    for message in absent:
        click.echo(f"{message.places[0]}: {message.msgid!r}")
    click.echo(f"{len(absent)} message(s) without a {language} translation", err=True)
    sys.exit(1 if absent else 0)


@tool.command("update")
@click.argument("language")
def update_command(language: str) -> None:
    """Add the code's new messages to the catalog (empty, for the translator)."""
    new, obsolete = update(language)
    click.echo(f"{catalog_path(language)}: {new} new message(s), {obsolete} obsolete")


if __name__ == "__main__":
    tool()
