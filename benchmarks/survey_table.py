"""The winnability table of docs/winnability.md, from survey results files.

    python benchmarks/survey_table.py FILE... [--write docs/winnability.md] [--load loads.json]
                                              [--replace GAME ...]

One line per shipped game, in order of id: the deals surveyed, the budget and solver version, the
machine's load while it ran, won / unsolvable / unknown, the share of the deals decided, the
winnable share with its 95 % Wilson interval over the decided deals, the range the unknown deals
leave open, the published figure where there is one and its source, seconds per deal (median and
99th percentile) and the machine. A game with rows under several budgets or solver versions gets
a line for each; a game with no rows is listed as not surveyed. Rows of rules other than the
shipped ones (an older version of a ruleset) are left out.

With --write, the table replaces what lies between the two `survey-table` markers of that file;
otherwise it is printed. Lines already in that table whose game, deals and budget the files do
not give again are kept as they stand (the results files of older surveys need not be at hand),
except those of the games named by --replace (their rules changed since). --load names a JSON
file of {game: "load text"} for the lines the files give, or {"GAME 10 s": ...} for one budget
of a game (the load is not in a results file).
"""

from __future__ import annotations

import argparse
import json
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

# Published winnability figures, percent of deals, and where each comes from. Blake & Gent's are
# thoughtful (the solver sees every card), as ours are.
BLAKE_GENT = "Blake & Gent, JAIR 2026 (Solvitaire)"
PUBLISHED: dict[str, tuple[str, str]] = {
    "klondike-3": ("81.945 ± 0.084", BLAKE_GENT),
    "klondike": ("90.5", BLAKE_GENT),
    "freecell": ("99.999", BLAKE_GENT),
    "bakers-game": ("75.1", BLAKE_GENT),
    "eight-off": ("99.9", BLAKE_GENT),
    "seahaven-towers": ("89.3", BLAKE_GENT),
    "canfield-solvitaire": ("71.3", BLAKE_GENT + ": their Canfield, whose rules this one follows"),
    "golf": ("45.1", BLAKE_GENT),
    "black-hole": ("86.9", BLAKE_GENT),
    "beleaguered-castle": ("68.2", BLAKE_GENT),
    "fan": ("48.8", BLAKE_GENT),
    "trigon": ("16.0", "Wolter, Experimental Analysis of Trigon Solitaire (politaire.com, 2013): "
                        "160,076 of 1,000,000 deals"),
}
# Canfield as the books play it has no published figure: Blake & Gent's 71.3 % is for another rule
# (the tableau's ranks counted from the base), shipped as canfield-solvitaire.
OLDER_LOAD = "2–10 (2026-12-02)"  # docs/winnability.md: the load while the solver 8 and 9 surveys ran
START, END = "<!-- survey-table -->", "<!-- /survey-table -->"
HEADER = ("| game | deals | budget | load | won | unsolvable | unknown | decided | winnable (95 % interval) | "
          "with unknown | published | source | s per deal (p50 / p99) | machine |\n"
          "| --- | --- | --- | --- | --: | --: | --: | --: | --- | --- | --: | --- | --- | --- |")
COLUMNS = 14


def percent(share: float) -> str:
    return f"{100 * share:.1f}"


def budget(report: GameReport) -> str:
    states = f", {report.max_states:,} positions" if report.max_states else ""
    return f"{report.timeout:g} s{states}, solver {report.solver}"


def _published(game_id: str) -> str:
    figure, source = PUBLISHED.get(game_id, ("", ""))
    return f"{figure} | {source}"


def line(game_id: str, report: GameReport | None, load: str = "") -> str:
    if report is None:
        return f"| {game_id} | not surveyed | | | | | | | | | {_published(game_id)} | | |"
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
    decided = percent((report.solved + report.unsolvable) / report.deals)
    return (f"| {game_id} | {deals} | {budget(report)} | {load} | {report.solved} | "
            f"{report.unsolvable} | {report.unknown} | {decided} | {winnable} | {spread} | {_published(game_id)} | "
            f"{seconds} | {'; '.join(report.machines)} |")


def _cells(text: str) -> list[str]:
    return [c.strip() for c in text.strip().strip("|").split("|")]


def kept_lines(page_table: str) -> dict[str, list[tuple[tuple[str, str], str]]]:
    """The lines of a table already written, per game: ((deals, budget), line), in the current
    columns. A line of the older layout (no load, decided or source) gets them: the load the page
    gives for those surveys, the decided share from its counts, the source from PUBLISHED."""
    kept: dict[str, list[tuple[tuple[str, str], str]]] = {}
    for text in page_table.splitlines():
        cells = _cells(text)
        if not text.startswith("|") or cells[0] in ("game", "---") or len(cells) < 4 or cells[1] == "not surveyed":
            continue
        if len(cells) == 11:  # game, deals, budget, won, unsolvable, unknown, winnable, with unknown, published, s, machine
            game, deals, budget_text, won, lost, unknown, winnable, spread, _, seconds, machine = cells
            total = int(won) + int(lost) + int(unknown)
            decided = percent((int(won) + int(lost)) / total) if total else ""
            text = (f"| {game} | {deals} | {budget_text} | {OLDER_LOAD} | {won} | {lost} | {unknown} | {decided} | "
                    f"{winnable} | {spread} | {_published(game)} | {seconds} | {machine} |")
        elif len(cells) == COLUMNS:
            text = "| " + " | ".join(cells[:10]) + f" | {_published(cells[0])} | " + " | ".join(cells[12:]) + " |"
        else:
            continue
        kept.setdefault(cells[0], []).append(((cells[1], cells[2]), text))
    return kept


def table(files: list[Path], loads: dict[str, str] | None = None, page_table: str = "",
          replace: frozenset[str] = frozenset()) -> str:
    rows: list[dict] = []
    for path in files:
        with SurveyFile(path, readonly=True) as results:
            rows.extend(results.rows())
    found = reports(grouped(rows))
    kept = kept_lines(page_table)
    lines = [HEADER]
    for ruleset in sorted(shipped_rulesets(), key=lambda r: r.id):
        digest = rules_digest(ruleset)
        loads = loads or {}
        own = [line(ruleset.id, r, loads.get(f"{ruleset.id} {r.timeout:g} s", loads.get(ruleset.id, ""))) for r in found
               if r.game == ruleset.id and r.rules == digest]
        given = {tuple(_cells(text)[1:3]) for text in own}
        old = [text for key, text in kept.get(ruleset.id, []) if key not in given and ruleset.id not in replace]
        lines += old + own or [line(ruleset.id, None)]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, help="survey results files")
    parser.add_argument("--write", type=Path, default=None, help="the Markdown file whose table to replace")
    parser.add_argument("--load", type=Path, default=None, help="JSON {game: load text} for the files' lines")
    parser.add_argument("--replace", nargs="*", default=[], help="games whose lines already written are dropped")
    args = parser.parse_args()
    loads = json.loads(args.load.read_text(encoding="utf-8")) if args.load else {}
    if args.write is None:
        sys.stdout.write(table(args.files, loads))
        return
    page = args.write.read_text(encoding="utf-8")
    if START not in page or END not in page:
        sys.exit(f"{args.write} has no {START} ... {END} markers")
    before, rest = page.split(START, 1)
    current, after = rest.split(END, 1)
    text = table(args.files, loads, current, frozenset(args.replace))
    args.write.write_text(f"{before}{START}\n{text}{END}{after}", encoding="utf-8")


if __name__ == "__main__":
    main()
