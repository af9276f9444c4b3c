"""`patience play`, `resume`, `rules` and `list` from the outside: pipes, JSON, names, saves (issue 3)."""

import json
import os
from pathlib import Path

import pytest
from clirun import run
from positions import freecell_solution

from patience import Game
from patience.render.board import board_lines, render, to_plain
from patience.ruleset.registry import shipped_dir


# Scripted play ----------------------------------------------------------------------------------
def test_scripted_play_prints_the_board_after_each_command_and_exits_0_at_the_end():
    result = run("play", "klondike", "--deal", "5", input="34\nhint\nnonsense\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Klondike · deal 5") == 4  # the start, then after each command
    assert "> 34" in result.output and "unknown command 'nonsense'" in result.output
    assert "Traceback" not in result.output


def test_strict_stops_at_the_first_refused_command_with_exit_1():
    result = run("play", "klondike", "--deal", "5", "--strict", input="34\nnonsense\n35\n")
    assert result.exit_code == 1
    assert "line 2: 'nonsense' was refused; stopping (--strict)" in result.output
    assert "> 35" not in result.output
    assert run("play", "klondike", "--deal", "5", "--strict", input="34\n").exit_code == 0


def test_json_prints_one_state_per_command():
    result = run("play", "freecell", "--deal", "1", "--json", input="3a\nzz\nundo\n")
    assert result.exit_code == 0
    states = [json.loads(line) for line in result.output.splitlines()]
    # the start, each command, then what the end of the input did: the game left and recorded
    assert [s["command"] for s in states] == [None, "3a", "zz", "undo", None]
    assert [s["ok"] for s in states] == [True, True, False, True, True]
    assert [r["result"] for r in states[4]["records"]] == ["abandoned"] and "records" not in states[3]
    assert states[1]["state"]["moves"] == 1 and states[3]["state"]["moves"] == 2  # FC-7
    cell_a = next(p for p in states[1]["state"]["piles"] if p["label"] == "a")
    assert cell_a["face_up"] == ["2H"]  # column 3 of deal 1 ends with 2♥
    assert states[2]["messages"][0].startswith("unknown command")


def test_a_whole_freecell_deal_is_won_by_a_script_through_stdin():
    moves = freecell_solution(1)
    script = "\n".join(moves) + "\n"
    result = run("play", "freecell", "--deal", "1", "--strict", "--no-autofinish", input=script)
    assert result.exit_code == 0, result.output[-2000:]
    assert f"You won deal 1 in {len(moves)} moves" in result.output
    states = run("play", "freecell", "--deal", "1", "--json", "--no-autofinish", input=script).output.splitlines()
    assert json.loads(states[-1])["state"]["status"] == "won"


def test_autofinish_ends_a_freecell_deal_early():
    moves = freecell_solution(1)
    result = run("play", "freecell", "--deal", "1", input="\n".join(moves) + "\n")
    assert "auto-finish: the last" in result.output and "You won deal 1" in result.output


def test_a_random_deal_is_shown_so_it_can_be_replayed():
    result = run("play", "freecell", input="")
    first = result.output.splitlines()[0]
    assert first.startswith("FreeCell · deal ")
    number = int(first.split("deal ")[1].split()[0])
    assert 1 <= number <= 1_000_000


# Choosing a game ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name, title", [
    ("klondike-3", "Klondike (draw three)"),
    ("KLONDIKE 3", "Klondike (draw three)"),
    ("Klondike (draw three)", "Klondike (draw three)"),
    ("Klondike (po trzy karty)", "Klondike (draw three)"),
    ("pasjans", "Klondike"),
    ("free cell", "FreeCell"),
])
def test_a_game_is_found_by_id_name_alias_or_polish_name(name, title):
    result = run("play", name, "--deal", "2", input="")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith(f"{title} · deal 2")


def test_a_game_is_found_by_the_path_of_its_file():
    result = run("play", str(shipped_dir() / "freecell.yaml"), "--deal", "1", input="")
    assert result.exit_code == 0 and result.output.startswith("FreeCell · deal 1")


def test_an_unknown_game_lists_the_closest_names_and_fails_cleanly():
    result = run("play", "klondyke", input="")
    assert result.exit_code == 1
    assert "no game called 'klondyke'; did you mean klondike" in result.output
    assert "Traceback" not in result.output


def test_play_without_a_game_is_a_usage_error():
    result = run("play")
    assert result.exit_code == 2 and "name a game to play" in result.output


def test_a_bad_deal_number_is_refused():
    assert run("play", "klondike", "--deal", "0").exit_code == 2
    result = run("play", "freecell", "--deal", str(2**31), input="")
    assert result.exit_code == 1 and "Traceback" not in result.output


# Saves ------------------------------------------------------------------------------------------------
def saves() -> Path:
    return Path(os.environ["PATIENCE_DATA"]) / "saves"


def test_quit_keeps_an_unfinished_game_and_resume_continues_it_with_its_undo_history():
    result = run("play", "klondike", "--deal", "5", input="34\ns\nundo\nquit\n")
    assert result.exit_code == 0 and "game saved to" in result.output
    expected = Game.new("klondike", 5)
    expected.play("34")
    resumed = run("resume", "--json", input="redo\n")
    states = [json.loads(line) for line in resumed.output.splitlines() if line.startswith("{")]
    assert states[0]["state"]["position"] == expected.position()
    assert states[0]["state"]["moves"] == 1  # 34, s, undo: Klondike's undo takes its move back off
    expected.play("s")
    assert states[1]["ok"] and states[1]["state"]["position"] == expected.position()


def test_save_then_play_resume_of_a_named_game():
    run("play", "freecell", "--deal", "3", input="save\n")
    assert not (saves() / "freecell.json").exists()  # nothing played yet: nothing kept
    run("play", "freecell", "--deal", "3", input="moves\n1\nsave\n")
    assert (saves() / "freecell.json").exists()
    result = run("play", "freecell", "--resume", "--json", input="")
    state = json.loads(result.output.splitlines()[0])["state"]
    assert state["deal"] == 3 and state["moves"] == 1


def test_a_game_won_through_a_piped_resume_leaves_no_save_and_is_recorded_won_once():
    run("play", "freecell", "--deal", "1", input="3a\nsave\n")
    assert (saves() / "freecell.json").exists()
    won = run("resume", input="undo\n" + "\n".join(freecell_solution(1)) + "\n")
    assert "You won deal 1" in won.output
    assert not (saves() / "freecell.json").exists()  # `resume` cannot bring back the position before the win
    assert run("resume").exit_code == 1
    assert "played 1 · won 1" in run("stats", "freecell").output


def test_winning_another_deal_leaves_the_kept_games_save_alone():
    run("play", "freecell", "--deal", "2", input="moves\n1\nsave\n")
    run("play", "freecell", "--deal", "1", input="\n".join(freecell_solution(1)) + "\nquit\n")
    resumed = run("resume", "--json", input="")
    assert json.loads(resumed.output.splitlines()[0])["state"]["deal"] == 2


def test_a_piped_resume_that_ends_mid_game_keeps_the_game_and_a_later_win_is_recorded():
    run("play", "freecell", "--deal", "1", input="3a\nquit\n")
    looked = run("resume", input="board\n")  # the end of input: a kept game stays kept
    assert looked.exit_code == 0 and (saves() / "freecell.json").exists()
    assert "no games recorded yet" in run("stats").output
    run("resume", input="undo\n" + "\n".join(freecell_solution(1)) + "\n")
    assert "played 1 · won 1" in run("stats", "freecell").output
    assert not (saves() / "freecell.json").exists()


def test_a_new_game_left_at_the_end_of_a_script_is_recorded_abandoned_and_keeps_no_save():
    run("play", "klondike", "--deal", "6", input="s\n")
    assert not (saves() / "klondike.json").exists()
    assert "abandoned 1" in run("stats", "klondike").output


def test_leaving_a_resumed_game_for_a_new_deal_records_it_and_removes_its_save():
    run("play", "klondike", "--deal", "6", input="s\nquit\n")
    run("resume", input="new 7\n")
    assert not (saves() / "klondike.json").exists()
    assert "abandoned 1" in run("stats", "klondike").output


def test_a_damaged_save_is_reported_and_set_aside_never_a_traceback():
    saves().mkdir(parents=True)
    (saves() / "klondike.json").write_text('{"format": "patience-save", "version": 1, "game": "klon', encoding="utf-8")
    result = run("resume", "klondike", input="")
    assert result.exit_code == 1 and "is damaged" in result.output and "moved aside" in result.output
    assert "Traceback" not in result.output
    assert not (saves() / "klondike.json").exists()
    assert len(list(saves().glob("klondike.json.damaged-*"))) == 1
    again = run("resume", input="")
    assert again.exit_code == 1 and "no saved game" in again.output


def test_a_save_that_no_longer_replays_is_set_aside():
    run("play", "klondike", "--deal", "5", input="34\nquit\n")
    path = saves() / "klondike.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["moves"] = ["17"]  # not a legal move on deal 5
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("resume", input="")
    assert result.exit_code == 1 and "no longer replays" in result.output
    assert not path.exists()


def test_resume_without_any_save_says_so():
    result = run("resume")
    assert result.exit_code == 1 and "no saved game" in result.output


# Rules and list -------------------------------------------------------------------------------------
def test_rules_in_english_and_polish_come_from_the_ruleset():
    english = run("rules", "klondike")
    assert english.exit_code == 0
    assert "built down in alternating colours" in english.output and "an empty pile takes only K" in english.output
    polish = run("rules", "klondike", "--lang", "pl")
    assert "malejąco na przemian czerwone i czarne" in polish.output
    assert "Przenieś wszystkie 52 karty" in polish.output
    assert "Talon wykłada po 1 karcie na: stos otwarty" in polish.output


def test_rules_at_the_prompt():
    result = run("play", "freecell", "--deal", "1", input="rules\n")
    assert "free cells (4 piles: a, b, c, d)" in result.output


def test_list_json_has_the_fields_players_and_programs_need():
    rows = json.loads(run("list", "--json").output)
    klondike = next(r for r in rows if r["id"] == "klondike-3")
    assert klondike["name"] == "Klondike (draw three)" and klondike["name_pl"] == "Klondike (po trzy karty)"
    assert klondike["decks"] == 1 and klondike["source"] == "shipped" and klondike["description"]


# The board -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["klondike", "klondike-3", "klondike-vegas", "freecell"])
def test_the_board_fits_80_columns(game):
    for deal in range(1, 30):
        started = Game.new(game, deal)
        text = render(started, status="999 moves · 1:23:45 · score 100 · redeals left 2")
        assert max(len(line) for line in text.splitlines()) <= 80


def test_ascii_board_has_no_unicode():
    text = render(Game.new("klondike", 1), ascii=True)
    assert text.isascii() and "##" in text and "TH" not in text.split("\n")[0]


def test_every_pile_label_appears_on_the_board():
    game = Game.new("klondike", 1)
    text = render(game)
    column_labels = next(line.split() for line in text.splitlines() if line.split() == list("1234567"))
    for label in game.rules.labels:
        assert f"{label}:" in text or label in column_labels


def test_many_piles_are_drawn_as_fans_within_80_columns(tmp_path):
    many = tmp_path / "fans.yaml"
    labels = " ".join(f"{i:02}" for i in range(1, 27))
    many.write_text(
        "id: fans\nname: Fans\ndecks: 2\n"
        "deal: {steps: [{to: fans, count: 4, order: piles}]}\n"
        "piles:\n"
        "  foundations: {role: foundation, count: 8, labels: h1 h2 h3 h4 h5 h6 h7 h8, build: {rank: up, suit: same}, empty: [A]}\n"
        f"  fans: {{role: tableau, count: 26, labels: '{labels}', build: {{rank: down, suit: same}}, move: run}}\n",
        encoding="utf-8",
    )
    game = Game.new(str(many), 1)
    lines = to_plain(board_lines(game)).splitlines()
    assert max(len(line) for line in lines) <= 80
    assert len(lines) <= 30
    fan_lines = [line for line in lines if "01:" in line or "26:" in line]
    assert fan_lines and all(len(line.split()) >= 5 for line in fan_lines)


def test_colour_only_through_rich_and_never_in_plain_text():
    lines = board_lines(Game.new("freecell", 1))
    styles = {style for line in lines for _, style in line}
    assert {"red", "black"} <= styles
    assert "\x1b[" not in to_plain(lines)


# Shadowing: one rule, one key (issue 27 item 8) ---------------------------------------------------
@pytest.fixture
def own_klondike(tmp_path, monkeypatch) -> Path:
    """A klondike.yaml of the player's own in PATIENCE_PATH: named Mine, without the aliases."""
    folder = tmp_path / "mine"
    folder.mkdir()
    text = (shipped_dir() / "klondike.yaml").read_text(encoding="utf-8")
    text = text.replace("name: Klondike\n", "name: Mine\n").replace("aliases: [solitaire, pasjans, klondike-1, soliter]\n", "")
    path = folder / "klondike.yaml"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setenv("PATIENCE_PATH", str(folder))
    return path


@pytest.mark.parametrize("name", ["klondike", "solitaire", "Klondike", "pasjans"])
def test_a_ruleset_hidden_by_its_id_is_hidden_under_every_name(own_klondike, name):
    result = run("play", name, "--deal", "2", input="")
    assert result.exit_code == 0 and result.output.startswith("Mine · deal 2"), result.output[:200]
    assert run("rules", name).output.startswith("Mine")


def test_a_players_own_ruleset_has_its_own_save_and_stats_key_beside_the_shipped_one(own_klondike, monkeypatch):
    from patience.ruleset.registry import ruleset_key

    key = ruleset_key(Game.new("klondike").ruleset, own_klondike)
    assert key.startswith("klondike~") and key != "klondike"
    monkeypatch.delenv("PATIENCE_PATH")
    run("play", "klondike", "--deal", "5", input="s\nquit\n")  # the shipped game, kept
    monkeypatch.setenv("PATIENCE_PATH", str(own_klondike.parent))
    run("play", "solitaire", "--deal", "7", input="s\nquit\n")  # through the alias: the player's own
    assert sorted(p.name for p in saves().glob("*.json")) == sorted(["klondike.json", f"{key}.json"])
    resumed = run("resume", "klondike", "--json", input="")  # the name and the alias: one save
    assert json.loads(resumed.output.splitlines()[0])["state"]["deal"] == 7
    run("resume", "pasjans", input="new 8\n")  # left: recorded under the key, its save gone
    assert not (saves() / f"{key}.json").exists() and (saves() / "klondike.json").exists()
    assert "abandoned 1" in run("stats", "solitaire").output
    monkeypatch.delenv("PATIENCE_PATH")
    assert "no games recorded yet for klondike" in run("stats", "klondike").output
    shipped = run("resume", "klondike", "--json", input="")
    assert json.loads(shipped.output.splitlines()[0])["state"]["deal"] == 5


def test_a_game_of_a_ruleset_file_resumes_under_its_key_and_an_old_save_moves_to_it(tmp_path):
    from patience.ruleset.registry import locate

    path = tmp_path / "my-klondike.yaml"
    text = (shipped_dir() / "klondike.yaml").read_text(encoding="utf-8").replace("id: klondike", "id: mine")
    text = text.replace("name: Klondike\n", "name: Mine\n").replace("names: {pl: Klondike}\n", "")
    path.write_text(text.replace("aliases: [solitaire, pasjans, klondike-1, soliter]\n", ""), encoding="utf-8")
    run("play", str(path), "--deal", "3", input="s\nquit\n")
    key = locate(str(path)).key
    saved = saves() / f"{key}.json"
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["ruleset_file"] == str(path.resolve()) and data["key"] == key
    old = saves() / "mine.json"  # where saves of a file's game went before keys
    saved.rename(old)
    assert run("resume", input="s\n").exit_code == 0  # kept again at the end, under the key
    assert saved.exists() and not old.exists()


@pytest.mark.parametrize("command", [("play",), ("resume",), ("rules",), ("show",), ("replay", "--deal", "1"),
                                     ("solve", "--deal", "1"), ("stats",), ("play", "--resume")])
@pytest.mark.parametrize("name", ["x" * 300, "x" * 300 + ".yaml", "a/" * 200, "é" * 300])
def test_an_odd_game_name_is_one_line_never_a_traceback(command, name):
    result = run(command[0], name, *command[1:], input="")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_list_says_which_file_hides_a_ruleset(own_klondike):
    rows = [r for r in json.loads(run("list", "--json").output) if r["id"] == "klondike"]
    assert [(r["name"], r.get("hidden_by")) for r in rows] == [("Mine", None), ("Klondike", str(own_klondike))]
    assert f"(hidden by {own_klondike})" in run("list").output


@pytest.mark.parametrize("command", [["show"], ["replay", "--deal", "1", "-"], ["solve"], ["play"]])
def test_a_file_with_a_shipped_games_alias_is_refused_as_lint_refuses_it(tmp_path, command):
    """P112 is an error, and docs/authoring.md §6 says the commands refuse a file lint finds one in."""
    path = tmp_path / "alias-clash.yaml"
    path.write_text((Path(__file__).parent / "lint_corpus" / "alias-clash.yaml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    result = run(command[0], str(path), *command[1:], input="")
    assert result.exit_code == 1
    assert "'solitaire' is also a name of klondike" in result.output and "Traceback" not in result.output
