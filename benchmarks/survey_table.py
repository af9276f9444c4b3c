"""The winnability table of docs/winnability.md, from survey results files.

    python benchmarks/survey_table.py FILE... [--write docs/winnability.md]

One line per shipped game, in order of id: the deals surveyed, the budget and solver version,
won / unsolvable / unknown, the winnable share with its 95 % Wilson interval over the decided
deals, the range the unknown deals leave open, the published figure where there is one, seconds
per deal (median and 99th percentile) and the machine. A game with rows under several budgets
or solver versions gets a line for each; a game with no rows is listed as not surveyed. Rows of
rules other than the shipped ones (an older version of a ruleset) are left out. With --write,
the table replaces what lies between the two `survey-table` markers of that file; otherwise it
is printed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

try:
    import patience  # noqa: F401
except ImportError:  # run from a source checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from patience.session.catalogue import rules_digest
from patience.ruleset.registry import shipped_rulesets
from patience.survey import SurveyFile
from patience.survey.report import GameReport, grouped, reports

# Thoughtful winnability, Blake & Gent (JAIR 2026), as quoted in issue 26: percent of deals.
PUBLISHED = {
    "klondike-3": "81.945 ± 0.084",
    "klondike": "90.5",
    "freecell": "99.999",
    "bakers-game": "75.1",
    "eight-off": "99.9",
    "seahaven-towers": "89.3",
    "canfield": "71.3",
    "golf": "45.1",
    "black-hole": "86.9",
    "beleaguered-castle": "68.2",
    "fan": "48.8",
}
START, END = "<!-- survey-table -->", "<!-- /survey-table -->"
HEADER = ("| game | deals | budget | won | unsolvable | unknown | winnable (95 % interval) | with unknown | "
          "published | s per deal (p50 / p99) | machine |\n"
          "| --- | --- | --- | --: | --: | --: | --- | --- | --: | --- | --- |")


def percent(share: float) -> str:
    return f"{100 * share:.1f}"


def budget(report: GameReport) -> str:
    states = f", {report.max_states:,} positions" if report.max_states else ""
    return f"{report.timeout:g} s{states}, solver {report.solver}"


def line(game_id: str, report: GameReport | None) -> str:
    published = PUBLISHED.get(game_id, "")
    if report is None:
        return f"| {game_id} | not surveyed | | | | | | | {published} | | |"
    if report.share is None or report.interval is None:
        winnable = "none decided"
    else:
        low, high = report.interval
        winnable = f"{percent(report.share)} ({percent(low)}–{percent(high)})"
    low, high = report.share_range
    spread = f"{percent(low)}–{percent(high)}" if report.unknown else ""
    seconds = f"{report.seconds['p50']:.2f} / {report.seconds['p99']:.2f}"
    deals = f"{report.first}–{report.last}"
    if report.deals != report.last - report.first + 1:
        deals += f" ({report.deals} deals)"
    return (f"| {game_id} | {deals} | {budget(report)} | {report.solved} | "
            f"{report.unsolvable} | {report.unknown} | {winnable} | {spread} | {published} | {seconds} | "
            f"{'; '.join(report.machines)} |")


def table(files: list[Path]) -> str:
    rows: list[dict] = []
    for path in files:
        with SurveyFile(path, readonly=True) as results:
            rows.extend(results.rows())
    found = reports(grouped(rows))
    lines = [HEADER]
    for ruleset in sorted(shipped_rulesets(), key=lambda r: r.id):
        digest = rules_digest(ruleset)
        own = [r for r in found if r.game == ruleset.id and r.rules == digest]
        lines += [line(ruleset.id, r) for r in own] or [line(ruleset.id, None)]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, help="survey results files")
    parser.add_argument("--write", type=Path, default=None, help="the Markdown file whose table to replace")
    args = parser.parse_args()
    text = table(args.files)
    if args.write is None:
        sys.stdout.write(text)
        return
    page = args.write.read_text(encoding="utf-8")
    if START not in page or END not in page:
        sys.exit(f"{args.write} has no {START} ... {END} markers")
    before, rest = page.split(START, 1)
    after = rest.split(END, 1)[1]
    args.write.write_text(f"{before}{START}\n{text}{END}{after}", encoding="utf-8")


if __name__ == "__main__":
    main()
