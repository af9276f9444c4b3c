"""Which shipped rulesets the compiled core covers, and why not the others: the table in
docs/solver.md ("The compiled core"), printed by ``python -m patience.core.coverage`` and kept
true by tests/test_core.py."""

from __future__ import annotations

from ..engine.compiled import CompiledRules
from ..ruleset.registry import shipped_rulesets
from .tables import not_covered


def coverage() -> dict[str, str | None]:
    """Per shipped ruleset id: None when covered, else `not_covered`'s reason."""
    return {ruleset.id: not_covered(CompiledRules(ruleset)) for ruleset in shipped_rulesets()}


def coverage_table() -> str:
    """The Markdown table: the covered rulesets in one row, then one row per reason."""
    found = coverage()
    covered = sorted(game for game, reason in found.items() if reason is None)
    by_reason: dict[str, list[str]] = {}
    for game, reason in found.items():
        if reason is not None:
            by_reason.setdefault(reason, []).append(game)
    lines = ["| searched by | rulesets |", "|---|---|",
             f"| the compiled core ({len(covered)}) | {', '.join(covered)} |"]
    for reason, games in sorted(by_reason.items(), key=lambda item: (-len(item[1]), item[0])):
        lines.append(f"| Python: {reason} ({len(games)}) | {', '.join(sorted(games))} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(coverage_table())
