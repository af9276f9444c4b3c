"""The scripting commands: list, show, replay, and the plain play loop."""

import json

from clirun import run


def test_list_shows_every_shipped_game():
    result = run("list")
    assert result.exit_code == 0
    ids = [line.split()[0] for line in result.output.splitlines() if not line.startswith(" ")]
    assert ids == sorted(ids) and {"klondike", "klondike-3", "klondike-vegas", "freecell"} <= set(ids)


def test_show_freecell_deal_1_is_the_microsoft_layout():
    result = run("show", "freecell", "--deal", "1")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    first_row = next(i for i, line in enumerate(lines) if line.split() == list("12345678"))
    assert lines[first_row + 1].split() == ["J♦", "2♦", "9♥", "J♣", "5♦", "7♥", "7♣", "5♥"]
    assert lines[first_row + 7].split() == ["6♠", "9♣", "2♥", "6♥"]


def test_show_ascii_and_json():
    ascii_result = run("show", "klondike", "--deal", "1", "--ascii")
    assert ascii_result.exit_code == 0 and "♥" not in ascii_result.output and "TH" in ascii_result.output
    data = json.loads(run("show", "freecell", "--deal", "1", "--json").output)
    assert data["game"] == "freecell" and data["deal"] == 1 and data["status"] == "in progress"
    column_1 = next(p for p in data["piles"] if p["label"] == "1")
    assert column_1["face_up"] == ["JD", "KD", "2S", "4C", "3S", "6D", "6S"]
    assert "1a" in data["legal_moves"]


def test_show_unknown_game_suggests_and_fails_without_a_traceback():
    result = run("show", "klondyke")
    assert result.exit_code == 1
    assert "no game called 'klondyke'" in result.output and "klondike" in result.output
    assert "Traceback" not in result.output


def test_show_bad_deal_number_is_a_clear_error():
    result = run("show", "freecell", "--deal", "0")
    assert result.exit_code == 1 and "Microsoft deal numbers run from 1" in result.output


def test_replay_from_stdin_reports_in_progress():
    result = run("replay", "klondike", "--deal", "1", "-", input="3h  # the ace\n57\ns\n")
    assert result.exit_code == 0 and result.output.strip() == "in progress"


def test_replay_stops_at_the_first_illegal_move_with_its_number_and_reason():
    result = run("replay", "klondike", "--deal", "1", "-", input="3h 12 s\n")
    assert result.exit_code == 1
    assert "move 2 (12): 10♥ cannot go on Q♥" in result.output


def test_replay_of_a_broken_ruleset_file_names_the_place(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\nname: Bad\ndeal: {steps: []}\npiles: {}\nflavour: 3\n", encoding="utf-8")
    result = run("replay", str(bad), "--deal", "1", "-", input="")
    assert result.exit_code == 1
    assert f"{bad}:5:1: flavour: unknown key 'flavour'" in result.output


def test_play_reads_commands_from_a_pipe_and_never_shows_a_traceback():
    script = "moves\n#1\nundo\nredo\nnonsense\n12\nposition\nquit\n"
    result = run("play", "klondike", "--deal", "1", input=script)
    assert result.exit_code == 0
    assert "  1. 3h" in result.output
    assert "unknown command 'nonsense'" in result.output
    assert "10♥ cannot go on Q♥" in result.output
    assert "pile h1: | AS" in result.output
    assert "Traceback" not in result.output
