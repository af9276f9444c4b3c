"""Figures from the recorded games: win rate, streaks, bests, the daily leaderboard."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..i18n import _
from .store import GameRecord


@dataclass(frozen=True)
class Summary:
    ruleset: str
    played: int
    won: int
    lost: int
    abandoned: int
    win_rate: float  # won / played, 0..1
    current_streak: int  # wins in a row, up to the latest game
    best_streak: int
    best_time: float | None  # seconds, of a won game
    fewest_moves: int | None  # of a won game
    best_score: int | None
    scripted: int = 0  # of the games played, those a script played: in no streak and no best

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def summarize(ruleset: str, games: list[GameRecord]) -> Summary:
    """The figures of one ruleset's games, given oldest first. The games a script played
    (`GameRecord.scripted`) count as played, won or lost, but set no best and take no part in a
    streak: they neither extend nor break one."""
    scripted = sum(1 for g in games if g.scripted)
    person = [g for g in games if not g.scripted]
    won = [g for g in games if g.result == "won"]
    best = streak = 0
    for game in person:
        streak = streak + 1 if game.result == "won" else 0
        best = max(best, streak)
    scores = [g.score for g in person if g.score is not None]
    person_won = [g for g in person if g.result == "won"]
    return Summary(
        ruleset=ruleset,
        played=len(games),
        won=len(won),
        lost=sum(1 for g in games if g.result == "lost"),
        abandoned=sum(1 for g in games if g.result == "abandoned"),
        win_rate=len(won) / len(games) if games else 0.0,
        current_streak=streak,
        best_streak=best,
        best_time=min((g.seconds for g in person_won), default=None),
        fewest_moves=min((g.moves for g in person_won), default=None),
        best_score=max(scores, default=None),
        scripted=scripted,
    )


def new_bests(earlier: list[GameRecord], game: GameRecord) -> list[str]:
    """What ``game`` improved on, against the same ruleset's earlier games (for the end screen)."""
    if game.result != "won" or game.scripted:
        return []
    before = summarize(game.ruleset, earlier)
    after = summarize(game.ruleset, earlier + [game])
    found = []
    if before.won == 0:
        found.append(_("your first win of this game!"))
    else:
        if before.best_time is None or game.seconds < before.best_time:
            found.append(_("new best time!"))
        if before.fewest_moves is None or game.moves < before.fewest_moves:
            found.append(_("fewest moves yet!"))
    if game.score is not None and (before.best_score is None or game.score > before.best_score) and before.played:
        found.append(_("new best score!"))
    if after.current_streak > 1 and after.current_streak > before.best_streak:
        found.append(_("longest winning streak: {n}!").format(n=after.current_streak))
    return found


@dataclass(frozen=True)
class Placing:
    rank: int
    player: str
    seconds: float
    moves: int
    ruleset: str


def leaderboard(games: list[GameRecord]) -> list[Placing]:
    """Each player's best won game of one day's deal, fastest first (fewer moves break ties)."""
    best: dict[str, GameRecord] = {}
    games = [g for g in games if not g.scripted]  # a script's time is no player's
    for game in games:
        if game.result != "won":
            continue
        held = best.get(game.player)
        if held is None or (game.seconds, game.moves) < (held.seconds, held.moves):
            best[game.player] = game
    ordered = sorted(best.values(), key=lambda g: (g.seconds, g.moves, g.ended_at))
    return [Placing(i, g.player, g.seconds, g.moves, g.ruleset) for i, g in enumerate(ordered, 1)]
