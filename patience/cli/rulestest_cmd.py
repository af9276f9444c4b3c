"""`patience test`: run the rules tests beside the rulesets (patience/rulestest)."""

from __future__ import annotations

import json

import click

from ..i18n import _
from . import main


@main.command("test")
@click.argument("targets", nargs=-1, metavar="[PATH|GAME]...")
@click.option("--json", "as_json", is_flag=True, help="Print the results as one JSON object.")
def test_command(targets: tuple[str, ...], as_json: bool) -> None:
    """Run rules tests: test files, folders of them, or the tests beside a ruleset file or game.

    With no argument, the tests of every shipped ruleset. One line per failure, `file:line:
    scenario: what failed`; exit 1 when any fails (docs/authoring.md, "Rules tests").
    """
    from ..ruleset.registry import shipped_files
    from ..rulestest import find_test_files, run_files, shipped_test_files

    if targets:
        files, missing = find_test_files(list(targets))
    else:
        files, missing = shipped_test_files(), []
        untested = sorted({p.stem for p in shipped_files()} - {p.stem for p in files})
        if untested and not as_json:
            click.echo(_("{n} shipped rulesets have no rules tests yet: {ids}").format(
                n=len(untested), ids=", ".join(untested)), err=True)
    for problem in missing:
        click.echo(problem, err=True)
    if not files and not missing:
        raise click.UsageError(_("no rules tests in {targets}").format(targets=", ".join(targets)))
    results = run_files(files)
    scenarios = sum(len(r.scenarios) for r in results)
    failed = sum(not s.passed for r in results for s in r.scenarios) + sum(bool(r.errors) for r in results)
    rulesets = len({r.ruleset for r in results if r.ruleset})
    if as_json:
        click.echo(json.dumps({"rulesets": rulesets, "scenarios": scenarios, "failed": failed,
                               "results": [r.as_dict() for r in results]}, ensure_ascii=False, indent=2))
    else:
        for result in results:
            for failure in result.failures:
                click.echo(str(failure))
        click.echo(_("rulesets: {rulesets}, scenarios: {scenarios}, failed: {failed}").format(
            rulesets=rulesets, scenarios=scenarios, failed=failed), err=True)
    if failed or missing:
        raise SystemExit(1)
