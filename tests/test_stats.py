"""Statistics (issue 8): figures, the store's safety (migrations, damage, locks, two writers),
export and import, and what the game records."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from clirun import run
from positions import build, dead_end, freecell_solution

from patience.session.session import Session, Settings
from patience.stats import store as store_module
from patience.stats.store import SCHEMA_VERSION, GameRecord, StatsError, Store, record_from_dict
from patience.stats.summary import leaderboard, new_bests, summarize
from patience.stats.transfer import TransferError, export_games, read_games


def game(n: int, result: str = "won", *, ruleset: str = "klondike", seconds: float = 100.0, moves: int = 90,
         score: int | None = None, player: str = "ala", daily: str | None = None) -> GameRecord:
    return GameRecord(uid=f"uid-{ruleset}-{n}", ruleset=ruleset, deal=n, result=result, moves=moves, undos=0,
                      seconds=seconds, started_at=f"2026-11-{n:02}T10:00:00+0000",
                      ended_at=f"2026-11-{n:02}T10:05:00+0000", player=player, daily=daily, score=score)


def data_dir() -> Path:
    return Path(os.environ["PATIENCE_DATA"])


# Figures ------------------------------------------------------------------------------------------
def test_summary_counts_rate_streaks_and_bests():
    games = [game(1), game(2, seconds=80, moves=95), game(3, "lost"), game(4, moves=70, score=500),
             game(5, seconds=120), game(6, "abandoned", score=900), game(7), game(8)]
    s = summarize("klondike", games)
    assert (s.played, s.won, s.lost, s.abandoned) == (8, 6, 1, 1)
    assert s.win_rate == pytest.approx(6 / 8)
    assert s.best_streak == 2 and s.current_streak == 2
    assert s.best_time == 80 and s.fewest_moves == 70 and s.best_score == 900


def test_summary_of_no_games():
    s = summarize("freecell", [])
    assert s.played == 0 and s.win_rate == 0 and s.best_time is None and s.current_streak == 0


def test_new_bests_are_told_at_the_end_of_a_won_game():
    assert new_bests([], game(1)) == ["your first win of this game!"]
    earlier = [game(1, seconds=100, moves=90)]
    assert new_bests(earlier, game(2, seconds=90, moves=95)) == ["new best time!", "longest winning streak: 2!"]
    assert new_bests(earlier + [game(2, "lost")], game(3, seconds=110, moves=80)) == ["fewest moves yet!"]
    assert new_bests(earlier, game(2, "lost")) == []


def test_leaderboard_ranks_each_players_best_win_of_the_day():
    day = "2026-11-30"
    games = [game(1, player="ala", seconds=300, daily=day), game(2, player="ola", seconds=200, daily=day),
             game(3, player="ala", seconds=150, daily=day), game(4, "lost", player="ewa", seconds=10, daily=day),
             game(5, player="ola", seconds=200, moves=60, daily=day)]
    board = leaderboard(games)
    assert [(p.rank, p.player, p.seconds, p.moves) for p in board] == [(1, "ala", 150, 90), (2, "ola", 200, 60)]


# The store -----------------------------------------------------------------------------------------
def test_games_are_recorded_and_read_back_in_order_and_a_uid_counts_once(tmp_path):
    with Store(tmp_path) as store:
        assert store.record(game(2)) and store.record(game(1)) and store.record(game(1))
        assert store.count() == 2
        assert [g.deal for g in store.games("klondike")] == [1, 2]
        assert [g.deal for g in store.games(newest_first=True, limit=1)] == [2]
        assert store.games("klondike")[0] == game(1)
        mode = store.db.execute("PRAGMA journal_mode").fetchone()[0]
        version = store.db.execute("PRAGMA user_version").fetchone()[0]
    assert mode == "wal" and version == SCHEMA_VERSION


def test_an_older_schema_is_migrated_and_keeps_its_games(tmp_path):
    db = sqlite3.connect(tmp_path / "stats.sqlite3", isolation_level=None)
    store_module.MIGRATIONS[0](db)
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO games (uid, ruleset, deal, result, moves, undos, seconds, started_at, ended_at) "
               "VALUES ('old', 'freecell', 7, 'won', 100, 2, 95.5, '2025-01-01T10:00:00', '2025-01-01T10:02:00')")
    db.close()
    with Store(tmp_path) as store:
        (old,) = store.games()
        assert (old.uid, old.deal, old.player, old.daily, old.win_class) == ("old", 7, "", None, None)
        store.record(game(1, daily="2026-11-30"))
        assert store.daily_games("2026-11-30")[0].uid == "uid-klondike-1"
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_newer_schema_is_refused_with_a_way_out(tmp_path):
    db = sqlite3.connect(tmp_path / "stats.sqlite3")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StatsError, match="newer patience.*upgrade patience to read it"):
        Store(tmp_path)


def test_a_damaged_file_is_moved_aside_and_a_new_one_started(tmp_path):
    (tmp_path / "stats.sqlite3").write_bytes(b"this is not a database at all" * 100)
    with Store(tmp_path) as store:
        assert any("moved aside" in m for m in store.messages)
        assert store.record(game(1)) and store.count() == 1
    aside = list(tmp_path.glob("stats.sqlite3.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")


def test_a_locked_database_keeps_the_game_aside_and_adds_it_next_time(tmp_path, monkeypatch):
    Store(tmp_path).close()
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 100)
    blocker = sqlite3.connect(tmp_path / "stats.sqlite3", isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        with Store(tmp_path) as store:
            assert store.record(game(1)) is False
            assert any("busy" in m for m in store.messages)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert (tmp_path / "stats-pending.jsonl").exists()
    with Store(tmp_path) as store:
        assert [g.uid for g in store.games()] == ["uid-klondike-1"]
    assert not (tmp_path / "stats-pending.jsonl").exists()


WRITER = """
import sys
from patience.stats.store import GameRecord, Store
folder, name, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
for i in range(count):
    with Store(__import__("pathlib").Path(folder)) as store:
        store.record(GameRecord(uid=f"{name}-{i}", ruleset="freecell", deal=i, result="won", moves=i, undos=0,
                                seconds=1.0, started_at="2026-11-30T10:00:00", ended_at="2026-11-30T10:01:00",
                                player=name))
"""


@pytest.mark.slow
def test_two_processes_finishing_500_games_each_at_the_same_time_lose_nothing(tmp_path):
    Store(tmp_path).close()
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), name, "500"]) for name in ("a", "b")]
    assert [w.wait(timeout=240) for w in writers] == [0, 0]
    with Store(tmp_path) as store:
        games = store.games()
    assert len(games) == 1000 and len({g.uid for g in games}) == 1000
    assert not (tmp_path / "stats-pending.jsonl").exists()


# Export and import ------------------------------------------------------------------------------
@pytest.mark.parametrize("suffix", [".csv", ".json"])
def test_export_and_import_round_trip(tmp_path, suffix):
    games = [game(1, score=300), game(2, "lost", daily="2026-11-02"), game(3, "abandoned", ruleset="freecell")]
    path = tmp_path / f"games{suffix}"
    export_games(games, path)
    assert read_games(path) == games


@pytest.mark.parametrize("text, message", [
    ("uid,ruleset\nx,klondike\n", ":2: missing result, moves, seconds, started_at, ended_at"),
    ("uid,ruleset,deal,result,moves,undos,seconds,started_at,ended_at\nx,k,1,maybe,1,0,1,a,b\n", "result must be one of"),
    ("uid,ruleset,deal,result,moves,undos,seconds,started_at,ended_at\nx,k,one,won,1,0,1,a,b\n", ":2: deal must be a whole number from 0 to"),
    ("uid,ruleset,deal,result,moves,undos,seconds,started_at,ended_at\nx,k,1,won,-4,0,1,a,b\n", ":2: moves must be a whole number from 0 to 1000000000, not -4"),
    ("uid,ruleset,deal,result,moves,undos,seconds,started_at,ended_at,colour\nx,k,1,won,1,0,1,a,b,red\n",
     "unknown field(s) colour"),
])
def test_a_bad_import_file_names_the_line_and_the_fault(tmp_path, text, message):
    path = tmp_path / "bad.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TransferError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_games(path)


def test_import_refuses_other_formats_and_broken_json(tmp_path):
    with pytest.raises(TransferError, match="use a .csv or .json file"):
        read_games(tmp_path / "games.txt")
    broken = tmp_path / "games.json"
    broken.write_text('{"uid": 1}', encoding="utf-8")
    with pytest.raises(TransferError, match="expected a list of games"):
        read_games(broken)
    with pytest.raises(ValueError, match="named fields"):
        record_from_dict(["not", "a", "game"])  # type: ignore[arg-type]


# From the command line -----------------------------------------------------------------------------
def solution_lines(deal: int) -> str:
    return "\n".join(freecell_solution(deal)) + "\n"


def test_a_won_game_is_recorded_once_and_shown_in_stats():
    # --record: from a pipe the game would be a script's, with no news (tests/test_scripts.py)
    result = run("play", "freecell", "--deal", "1", "--no-autofinish", "--record",
                 input=solution_lines(1) + "undo\nredo\nquit\n")
    assert "your first win of this game!" in result.output
    with Store(data_dir()) as store:
        (won,) = store.games()
    assert won.result == "won" and won.deal == 1 and won.moves == 108 and won.ruleset == "freecell"
    assert won.win_class == "won"  # the one class of a game with a plain `win`
    shown = run("stats")
    assert shown.exit_code == 0
    assert "played 1 · won 1 (100%) · lost 0 · abandoned 0" in shown.output and "fewest moves 108" in shown.output
    data = json.loads(run("stats", "FreeCell", "--json").output)
    assert data[0]["won"] == 1 and data[0]["best_streak"] == 1


def test_new_and_restart_record_the_game_left_as_abandoned_and_the_end_of_a_script_too():
    run("play", "klondike", "--deal", "3", input="s\nrestart\ns\nnew 4\n")
    run("play", "klondike", "--deal", "5", input="restart\n")  # nothing played: nothing recorded
    run("play", "klondike", "--deal", "6", input="s\n")  # the script ends mid-game
    with Store(data_dir()) as store:
        games = store.games()
    assert [(g.deal, g.result) for g in games] == [(3, "abandoned"), (3, "abandoned"), (6, "abandoned")]
    history = run("stats", "--history")
    assert history.output.count("abandoned") == 3


def test_a_saved_game_is_not_recorded_until_it_ends_and_keeps_its_identity():
    run("play", "klondike", "--deal", "5", input="34\nundo\nquit\n")
    with Store(data_dir()) as store:
        assert store.count() == 0
    saved = json.loads((data_dir() / "saves" / "klondike.json").read_text(encoding="utf-8"))
    run("resume", "klondike", input="new 9\n")  # leaving the resumed game for another: abandoned
    with Store(data_dir()) as store:
        (left,) = store.games()
    assert left.uid == saved["uid"] and left.undos == 1 and left.result == "abandoned"


def test_a_lost_game_is_recorded_as_lost_when_left():
    session = Session(build("klondike", dead_end(stock="4C"), fill="w"), Settings(autofinish=False))
    session.handle("s")
    session.handle("wh")
    assert session.status() == "lost" and session.take_records() == []  # undo may still save it
    session.handle("new 3")
    (lost,) = session.take_records()
    assert lost.result == "lost" and lost.moves == 2


def test_stats_errors_are_one_line():
    assert "no games recorded yet" in run("stats").output
    unknown = run("stats", "klondyke")
    assert unknown.exit_code == 1 and "did you mean klondike" in unknown.output
    assert len(unknown.output.strip().splitlines()) == 1
    (data_dir() / "stats.sqlite3").write_text("garbage " * 50, encoding="utf-8")
    damaged = run("stats")  # only reads: tells, and leaves the file where it is
    assert damaged.exit_code == 1 and "Traceback" not in damaged.output
    assert len(damaged.output.strip().splitlines()) == 1 and "patience stats --repair" in damaged.output
    assert not list(data_dir().glob("stats.sqlite3.damaged-*"))
    repaired = run("stats", "--repair")
    assert repaired.exit_code == 0 and "moved aside" in repaired.output
    assert list(data_dir().glob("stats.sqlite3.damaged-*"))
    assert "no games recorded yet" in run("stats").output


def test_stats_export_and_import_from_the_command_line(tmp_path):
    with Store(data_dir()) as store:
        store.record(game(1))
        store.record(game(2, ruleset="freecell"))
    out = tmp_path / "all.json"
    assert "exported 2 games" in run("stats", "--export", str(out)).output
    assert "imported 0 new games" in run("stats", "--import", str(out)).output
    (data_dir() / "stats.sqlite3").unlink()
    assert "imported 2 new games" in run("stats", "--import", str(out)).output
    bad = tmp_path / "bad.csv"
    bad.write_text("uid\n", encoding="utf-8")
    result = run("stats", "--import", str(bad))
    assert result.exit_code == 0 and "imported 0 new games" in result.output  # a header alone holds no games
    worse = tmp_path / "worse.csv"
    worse.write_text("uid,ruleset\nx,y\n", encoding="utf-8")
    refused = run("stats", "--import", str(worse))
    assert refused.exit_code == 1 and "worse.csv:2: missing" in refused.output


def test_daily_leaderboard_from_the_command_line():
    with Store(data_dir()) as store:
        store.record(game(1, player="ala", seconds=90, daily="2026-11-30"))
        store.record(game(2, player="ola", seconds=80, daily="2026-11-30"))
        store.record(game(3, player="ewa", seconds=10, daily="2026-11-29"))
    board = run("daily", "--leaderboard", "--date", "2026-11-30")
    assert board.exit_code == 0
    lines = board.output.splitlines()
    assert lines[1].split()[:3] == ["1.", "ola", "1:20"] and lines[2].split()[:2] == ["2.", "ala"]
    assert "no one has won" in run("daily", "--leaderboard", "--date", "2026-01-01").output
    assert run("daily", "--leaderboard", "--date", "yesterday").exit_code == 1


def test_a_games_figures_are_headed_by_its_name_in_the_language_and_its_id():
    """F5 and `patience stats` once headed Kwadratura Koła's figures "kwadratura-kola": the id a
    player never typed. A recorded id no ruleset has now (another machine's file) stays as it is."""
    from patience.i18n import using_language
    from patience.session.figures import game_title

    with using_language("pl"):
        assert game_title("kwadratura-kola") == "Kwadratura Koła (kwadratura-kola)"
        assert game_title("parada") == "Parada"
    with using_language("en"):
        assert game_title("kwadratura-kola") == "Squaring the Circle (kwadratura-kola)"
        assert game_title("klondike-3") == "Klondike (draw three) (klondike-3)"
        assert game_title("no-such-game") == "no-such-game"
