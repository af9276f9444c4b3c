"""The scripting commands: list, show, replay, and the plain play loop."""

import json

from clirun import run


def test_list_shows_every_shipped_game():
    result = run("list")
    assert result.exit_code == 0
    # Games are grouped under their families' titles, each row indented by two spaces.
    ids = [line.split()[0] for line in result.output.splitlines() if line.startswith("  ") and line[2] != " "]
    assert {"klondike", "klondike-3", "klondike-vegas", "freecell"} <= set(ids)


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


# Each of these acts on a terminal when printed raw: a window title (OSC ... BEL), a carriage
# return and a backspace that overwrite what was shown, and the 8-bit CSI.
CONTROLS = "\x1b]0;x\x07\r\x08\x9b2J"
HOSTILE = """\
id: hostile
name: "Evil{c} Game"
names: {{pl: "Zła{c} gra"}}
aliases: ["evil{c}"]
rules:
  en: "Move cards{c}. Then win."
  pl: "Przenoś karty{c}."
deal:
  steps:
    - {{to: tab, count: [7, 7, 7, 7, 6, 6, 6, 4], face: up}}
    - {{to: spare, count: 1, face: up}}
piles:
  cells: {{role: cell, names: {{en: "cells{c}", pl: "pola{c}"}}, count: 4, labels: [a, b, c, d], move: top,
           empty: any, max_cards: 1}}
  home: {{role: foundation, names: {{en: "home{c}", pl: "dom{c}"}}, count: 4, labels: [h1, h2, h3, h4],
          build: {{rank: up, suit: same}}, empty: [A], move: top}}
  tab: {{role: tableau, names: {{en: "tab{c}"}}, count: 8, labels: "1 2 3 4 5 6 7 8",
         build: {{rank: down, suit: alternate-colour}}, empty: any, move: top}}
  spare: {{role: tableau, names: {{en: "spare{c}", pl: "zapas{c}"}}, grid: {{rows: 1, cols: 2, prefix: g}},
           move: top}}
win:
  classes:
    - {{id: all, name: "all{c}", all_cards_in: [home]}}
""".format(c=CONTROLS.encode("unicode_escape").decode())


def raw_controls(text: str) -> set[str]:
    """The control characters a terminal would act on (newlines aside)."""
    return {char for char in text if char != "\n" and (ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0)}


def test_ruleset_text_with_control_characters_is_listed_described_and_played_escaped(tmp_path, monkeypatch):
    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "hostile.yaml"
    path.write_text(HOSTILE, encoding="utf-8")
    monkeypatch.setenv("PATIENCE_PATH", str(folder))
    outputs = {
        "list": run("list"), "list pl": run("list", "--lang", "pl"),
        "rules": run("rules", str(path)), "rules pl": run("rules", "evil" + CONTROLS, "--lang", "pl"),
        "play": run("play", str(path), "--deal", "1", input="rules\nboard\nquit\n"),
        "play pl": run("play", str(path), "--deal", "1", "--lang", "pl", input="zasady\nkoniec\n"),
    }
    for what, result in outputs.items():
        assert result.exit_code == 0, (what, result.output)
        assert not raw_controls(result.output), what
    assert "Evil\\x1b]0;x\\x07\\r\\x08\\x9b2J Game" in outputs["list"].output  # escaped, not dropped
    assert "Zła\\x1b]0;x\\x07" in outputs["list pl"].output and "Przenoś karty\\x1b]" in outputs["rules pl"].output
    assert "home\\x1b]0;x\\x07" in outputs["rules"].output and "cells\\x1b]0;x\\x07" in outputs["play"].output
    assert "zapas\\x1b]0;x\\x07" in outputs["play pl"].output  # a grid's title
