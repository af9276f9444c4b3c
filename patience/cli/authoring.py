"""Commands for ruleset authors: lint (alias validate), schema, new."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..i18n import _
from . import main

SCHEMA_FILE = "ruleset.schema.json"


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: a list of findings for editors and CI.")
@click.option("--strict", is_flag=True, help="Exit 1 on warnings too.")
@click.option("--no-registry", is_flag=True, help="Do not compare ids and names with the rulesets patience finds.")
def lint(paths: tuple[Path, ...], fmt: str, strict: bool, no_registry: bool) -> None:
    """Check ruleset files and rules-test files (or folders of them) and report every problem.

    One line per finding: `file:line:col: error|warning: message [CODE]`; the codes are
    explained in docs/reference.md. Exit 0 when there is no error, 1 when there is one.
    """
    from ..ruleset.lint import TooManyFiles, has_errors, is_rules_test, lint_paths, ruleset_files

    try:
        files = ruleset_files(paths)
    except TooManyFiles as err:
        raise click.UsageError(str(err)) from None
    if not files:
        raise click.UsageError(_("no .yaml files in {paths}").format(paths=", ".join(str(p) for p in paths)))
    tests = [f for f in files if is_rules_test(f)]
    findings = lint_paths([f for f in files if f not in tests], registry=not no_registry)
    if tests:
        from ..rulestest import lint_test_file

        findings += [finding for f in tests for finding in lint_test_file(f)]
    if fmt == "json":
        click.echo(json.dumps([f.as_dict() for f in findings], ensure_ascii=False, indent=2))
    else:
        for finding in findings:
            click.echo(str(finding))
        errors = sum(f.severity == "error" for f in findings)
        warnings = len(findings) - errors
        click.echo(_("files: {files}, errors: {errors}, warnings: {warnings}").format(
            files=len(files), errors=errors, warnings=warnings), err=True)
    if has_errors(findings) or (strict and findings):
        raise SystemExit(1)


main.add_command(lint, "validate")


@main.command()
def schema() -> None:
    """Print the JSON Schema of a ruleset file, for editors (save it as ruleset.schema.json)."""
    from ..ruleset.reference import schema_text

    click.echo(schema_text(), nl=False)


@main.command()
@click.argument("name")
@click.option("--from", "source", metavar="GAME", help="Start from a copy of GAME instead of the starter.")
@click.option("--dir", "folder", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder to write into (default: the current folder).")
@click.option("--user", is_flag=True, help="Write into your rulesets folder, where `patience play NAME` finds it.")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def new(name: str, source: str | None, folder: Path | None, user: bool, force: bool) -> None:
    """Write NAME.yaml, a commented starter ruleset, tests/NAME.yaml, its rules tests, and
    ruleset.schema.json beside it for editors."""
    from ..files import write_atomic
    from ..ruleset.errors import RulesetError
    from ..ruleset.loader import read_ruleset_text
    from ..ruleset.reference import schema_text
    from ..ruleset.registry import UnknownGame, find_ruleset_file, normalize_name, user_dir
    from ..ruleset.starter import StarterError, check_new, copy_of, starter

    if user and folder is not None:
        raise click.UsageError(_("give --user or --dir, not both"))
    stem = name[: -len(Path(name).suffix)] if name.endswith((".yaml", ".yml")) else name
    game_id = normalize_name(Path(stem).name.replace("'", "").replace("\u2019", ""))  # Baker's -> bakers
    if not game_id:
        raise click.UsageError(_("{name!r} has no letters or digits to make an id from").format(name=name))
    display = Path(stem).name if Path(stem).name != game_id else " ".join(w.capitalize() for w in game_id.split("-"))
    try:
        check_new(game_id, display)  # before the file name made from the id is used
    except StarterError as err:
        raise click.UsageError(str(err)) from None
    target_dir = user_dir() if user else folder if folder is not None else Path(stem).parent
    target = target_dir / f"{game_id}.yaml"
    try:
        exists = target.exists()
    except OSError as err:  # a folder name too long for the system, say
        raise click.ClickException(_("cannot write {path}: {error}").format(path=target, error=err.strerror)) from None
    if exists and not force:
        raise click.ClickException(_("{path} exists; choose another name or add --force").format(path=target))
    from ..rulestest.files import tests_beside
    from ..rulestest.starter import starter_tests, tests_copy

    tests_text: str | None = None
    try:
        if source:
            source_file = find_ruleset_file(source)
            text = copy_of(read_ruleset_text(source_file), game_id, display, source)
            if tests_beside(source_file).is_file():
                tests_text = tests_copy(read_ruleset_text(tests_beside(source_file)), game_id)
        else:
            text = starter(game_id, display)
            tests_text = starter_tests(game_id, display)
    except (UnknownGame, RulesetError, StarterError, OSError) as err:
        raise click.ClickException(str(err)) from None
    tests_path = tests_beside(target)
    if tests_path.exists() and not force:
        tests_text = None  # an author's own tests are never overwritten
    try:
        write_atomic(target, text, replace=force)  # never half a file; a link or a device is refused
        if tests_text is not None:
            tests_path.parent.mkdir(exist_ok=True)
            write_atomic(tests_path, tests_text, replace=force)
        schema_path = target_dir / SCHEMA_FILE
        wrote_schema = not schema_path.exists()
        if wrote_schema:
            try:
                write_atomic(schema_path, schema_text(), replace=False)
            except FileExistsError:
                wrote_schema = False  # another `patience new` wrote it meanwhile
    except FileExistsError:
        raise click.ClickException(_("{path} exists; choose another name or add --force").format(path=target)) from None
    except OSError as err:
        raise click.ClickException(_("cannot write {path}: {error}").format(path=target, error=err)) from None
    if wrote_schema:
        click.echo(_("wrote {path} and {schema} (for editor completion)").format(path=target, schema=schema_path))
    else:
        click.echo(_("wrote {path}").format(path=target))
    if tests_text is not None:
        click.echo(_("wrote {path} (its rules tests: patience test {path})").format(path=tests_path))
    shown = game_id if user else str(target) if target.parent != Path(".") else f"./{target}"
    click.echo(_("next: {lint}  then  {play}").format(
        lint=f"patience lint {shown if not user else target}", play=f"patience play {shown}"))
