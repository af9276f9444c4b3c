"""A game's figures as the player reads them: played, won, streaks, bests and the running
total of a score that carries over. `patience stats` prints them; the full screen's
statistics page shows one game's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _, ngettext
from ..printable import printable

if TYPE_CHECKING:
    from ..stats.store import Store
    from ..stats.summary import Summary


def clock_or_dash(seconds: float | None) -> str:
    """A time as m:ss, or "-" for none."""
    from .session import clock

    return "-" if seconds is None else clock(seconds)


def game_title(ruleset_id: str) -> str:
    """A recorded game by its name in the language and its id (``Kwadratura Koła (kwadratura-kola)``),
    or the id alone where no ruleset of that id is found now (a game from another machine's file)."""
    from ..i18n import language
    from ..ruleset.errors import RulesetError
    from ..ruleset.registry import UnknownGame, find_ruleset

    try:
        name = printable(find_ruleset(ruleset_id).display_name(language()))
    except (UnknownGame, RulesetError, OSError):
        return printable(ruleset_id)
    same = name.casefold().replace(" ", "-") == ruleset_id  # "Parada" for parada: the id adds nothing
    return name if same else f"{name} ({printable(ruleset_id)})"


def summary_lines(s: Summary, totals: dict[str, int]) -> list[str]:
    """One game's results as `patience stats` prints them (the full screen's statistics page too)."""
    lines = [game_title(s.ruleset),
             "  " + _("played {played} · won {won} ({rate:.0%}) · lost {lost} · abandoned {abandoned}").format(
                 played=s.played, won=s.won, rate=s.win_rate, lost=s.lost, abandoned=s.abandoned)]
    line = "  " + _("streak {streak} (best {best}) · best time {time} · fewest moves {moves}").format(
        streak=s.current_streak, best=s.best_streak, time=clock_or_dash(s.best_time),
        moves=s.fewest_moves if s.fewest_moves is not None else "-")
    if s.best_score is not None:
        line += " · " + _("best score {score}").format(score=s.best_score)
    lines.append(line)
    if s.scripted:
        lines.append("  " + ngettext("of these, {n} game played by a script: in no streak and no best",
                                     "of these, {n} games played by scripts: in no streak and no best",
                                     s.scripted).format(n=s.scripted))
    if s.ruleset in totals:
        lines.append("  " + _("running total {total} (patience stats {game} --reset-total starts it again)").format(
            total=totals[s.ruleset], game=s.ruleset))
    return lines


def summary_text(ruleset: str) -> str:
    """A game's statistics as text, for the full screen's `stats` page; a problem with the file
    is said in its place (the game goes on)."""
    import sqlite3

    from ..paths import data_dir
    from ..stats.store import StatsError, Store
    from ..stats.summary import summarize

    try:
        with Store(data_dir()) as store:
            summary = summarize(ruleset, store.games(ruleset))
            totals = running_totals(store, [ruleset])
    except (StatsError, OSError, sqlite3.Error) as err:
        return _("statistics: {error}").format(error=printable(str(err)))
    if not summary.played:
        return _("no games recorded yet for {game}").format(game=ruleset)
    return "\n".join(summary_lines(summary, totals))


def carries(ruleset_id: str) -> bool:
    """Whether the ruleset's score carries from game to game (`scoring.carry`); False when it cannot be found."""
    from ..ruleset.errors import RulesetError
    from ..ruleset.registry import UnknownGame, find_ruleset

    try:
        scoring = find_ruleset(ruleset_id).scoring
    except (UnknownGame, RulesetError, OSError):
        return False
    return scoring is not None and scoring.carry


def running_totals(store: Store, rulesets: list[str]) -> dict[str, int]:
    """Per ruleset whose score carries over: its recorded scores since the last reset, added up."""
    from ..stats.carry import read_marks, running_total

    marks = read_marks(store.folder)
    return {r: running_total(store.games(r), marks.get(r)) for r in rulesets if carries(r)}
