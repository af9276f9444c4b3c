"""Polish throughout (issue 9): the catalog, plural forms, language choice, and the CLI speaking Polish."""

import ast
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from clirun import run

from patience.cli.translations import PACKAGE, all_messages, catalog_path, missing
from patience.i18n import (
    Catalog,
    CatalogError,
    _,
    choose_language,
    language,
    load_catalog,
    ngettext,
    number,
    parse_po,
    set_language,
    using_language,
)

PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def test_every_user_facing_message_has_a_polish_translation():
    absent = [f"{m.places[0]}: {m.msgid!r}" for m in missing("pl")]
    assert absent == [], "run `python -m patience.cli.translations update pl` and translate:\n" + "\n".join(absent)


def test_translations_keep_every_placeholder():
    """A translation uses only the message's placeholders, and loses none of them ({n} may be
    spelt out in a plural form: "ostatnia karta")."""
    catalog = load_catalog("pl")
    wrong = []
    for message in all_messages().values():
        wanted = set(PLACEHOLDER.findall(message.msgid)) | set(PLACEHOLDER.findall(message.plural or ""))
        forms = [catalog.messages.get(message.msgid, "")] if message.plural is None else catalog.plurals.get(message.msgid, [])
        used = [set(PLACEHOLDER.findall(text)) for text in forms]
        if any(u - wanted for u in used) or (wanted - {"n"}) - set().union(*used):
            wrong.append(f"{message.msgid!r} -> {forms!r}")
    assert wrong == []


def test_the_catalog_is_valid_for_gettext_tools():
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt (GNU gettext) is not installed")
    result = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(catalog_path("pl"))], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("n, expected", [
    (0, "0 ruchów"), (1, "1 ruch"), (2, "2 ruchy"), (4, "4 ruchy"), (5, "5 ruchów"), (11, "11 ruchów"),
    (12, "12 ruchów"), (14, "14 ruchów"), (21, "21 ruchów"), (22, "22 ruchy"), (104, "104 ruchy"), (112, "112 ruchów"),
])
def test_polish_plural_forms(n, expected):
    with using_language("pl"):
        assert ngettext("{n} move", "{n} moves", n).format(n=n) == expected
    assert ngettext("{n} move", "{n} moves", n).format(n=n) == f"{n} move{'s' if n != 1 else ''}"


def test_cards_and_decks_in_polish():
    with using_language("pl"):
        assert [ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 2, 5, 52, 104)] == [
            "1 karta", "2 karty", "5 kart", "52 karty", "104 karty"]
        assert ngettext("{n} deck", "{n} decks", 2).format(n=2) == "2 talie"


@pytest.mark.parametrize("option, env, expected, warns", [
    ("pl", {}, "pl", False),
    (None, {"PATIENCE_LANG": "pl"}, "pl", False),
    (None, {"LANG": "pl_PL.UTF-8"}, "pl", False),
    (None, {"LC_ALL": "pl_PL.UTF-8", "LANG": "en_US.UTF-8"}, "pl", False),
    (None, {"LANG": "de_DE.UTF-8"}, "en", False),
    (None, {"LANG": "C.UTF-8"}, "en", False),
    ("en", {"PATIENCE_LANG": "pl"}, "en", False),
    ("xx", {"PATIENCE_LANG": "pl"}, "en", True),
    (None, {"PATIENCE_LANG": "klingon"}, "en", True),
])
def test_language_choice(option, env, expected, warns):
    chosen, warning = choose_language(option, env)
    assert chosen == expected and (warning is not None) == warns


def test_lang_on_any_command_and_in_any_position():
    for args in (["--lang", "pl", "rules", "freecell"], ["rules", "freecell", "--lang", "pl"]):
        assert "Szczegóły (1 talia, 52 karty)" in run(*args).output
    assert "In detail (1 deck, 52 cards)" in run("rules", "freecell").output
    assert "Szczegóły" in run("rules", "freecell", env={"LANG": "pl_PL.UTF-8"}).output


def test_an_unknown_language_warns_once_and_falls_back_to_english():
    result = run("--lang", "fr", "rules", "freecell")
    assert result.exit_code == 0
    assert result.output.count("unknown language 'fr'") == 1 and "In detail" in result.output


def test_help_in_polish():
    result = run("--lang", "pl", "play", "--help")
    assert "Zagraj w grę GRA" in result.output and "Numer rozdania" in result.output
    assert "Pasjanse zdefiniowane" in run("--help", env={"PATIENCE_LANG": "pl"}).output
    assert "Użycie: " in result.output and "Opcje:" in result.output  # click's own words too
    bad = run("--lang", "pl", "play", "klondike", "--deal", "x")
    assert bad.exit_code == 2 and "Błąd: Zła wartość dla '--deal'" in bad.output
    assert "'x' to nie jest poprawna liczba całkowita." in bad.output  # click's type name too


@pytest.mark.parametrize("args, env", [
    (["--help"], {"PATIENCE_LANG": "pl"}),
    (["--lang", "pl", "--help"], {}),
    (["--help", "--lang", "pl"], {}),  # --help comes first and is eager, yet the help is Polish
    (["--lang=pl", "-h"], {}),
    (["play", "--help"], {"PATIENCE_LANG": "pl"}),
    (["rules", "-h", "--lang", "pl"], {"PATIENCE_LANG": "en"}),
    (["--lang", "pl", "stats", "--help"], {}),
])
def test_every_help_screen_is_polish_when_asked_help_option_line_included(args, env):
    set_language("en")  # the language is per process: start from English, as a fresh `patience` does
    out = run(*args, env=env).output
    assert "Użycie:" in out and "-h, --help" in out and "Pokaż ten opis i zakończ." in out
    assert "Show this message" not in out


@pytest.mark.parametrize("command", [["play"], ["rules"], ["stats"], ["survey", "run"], ["survey", "report"], ["new"],
                                     ["replay"], ["solve"]])
def test_a_polish_help_page_names_its_placeholders_in_polish_in_the_usage_and_the_text(command):
    """The usage line and the text say one word for each placeholder: "[GRA]" and "gry GRA", never
    "[GAME]" beside "GRA" (the stats page once had "--export PLIK" and "FILE.csv" on one line)."""
    from patience.cli.click_i18n import PLACEHOLDERS

    polish = run("--lang", "pl", *command, "--help").output
    set_language("en")  # the language is per process: back to English, as a fresh `patience` starts
    english = run(*command, "--help").output
    left = [word for word in PLACEHOLDERS if re.search(rf"(?<![\w-]){word}(?![\w-])", polish)]
    assert not left, polish
    assert "[OPCJE]" in polish and "[OPTIONS]" in english  # English keeps click's own words


def test_a_missing_argument_is_named_as_the_polish_usage_names_it():
    result = run("--lang", "pl", "rules")
    assert result.exit_code == 2
    assert "rules [OPCJE] GRA" in result.output and "Brak argumentu 'GRA'" in result.output
    set_language("en")
    assert "Missing argument 'GAME'" in run("rules").output


def test_every_command_of_the_top_level_help_is_listed_in_polish():
    """Each command's line in `patience --help` is its Polish short help (`config`, a group of
    its own, once kept its English one)."""
    from patience.cli import main

    set_language("en")
    out = run("--help", env={"PATIENCE_LANG": "pl"}).output
    listed = {line.split()[0]: line for line in out.splitlines() if line.startswith("  ") and line.split()[0] in main.commands}
    assert set(listed) == set(main.commands)
    with using_language("pl"):
        for name, command in main.commands.items():
            english = command.__doc__ or command.callback.__doc__ or ""
            first = english.strip().splitlines()[0] if english.strip() else ""
            assert not first or first[:30] not in listed[name], f"{name} is listed in English"
    assert "Pokazuje ustawienia" in listed["config"]


def test_help_turns_back_to_english_after_a_polish_one():
    run("rules", "--help", "--lang", "pl")
    out = run("rules", "--help").output  # click keeps one help option per command across runs
    assert "Show this message and exit." in out and "Pokaż" not in out


def test_top_level_help_in_polish_from_the_environment_in_a_fresh_process():
    import os
    import sys

    env = dict(os.environ, PATIENCE_LANG="pl")
    out = subprocess.run([sys.executable, "-m", "patience", "--help"], env=env, capture_output=True, text=True,
                         timeout=60).stdout
    assert "Pasjanse zdefiniowane" in out and "Pokaż ten opis i zakończ." in out


def test_polish_command_words_at_the_prompt_and_help_lists_them():
    result = run("play", "klondike", "--deal", "5", "--lang", "pl", input="pomoc\nruchy\n1\ncofnij\nponów\nzasady\nkoniec\n")
    assert result.exit_code == 0
    out = result.output
    assert "ruchy, moves" in out and "cofnij, undo" in out and "koniec, quit" in out
    assert "34     6♦ na 7♠" in out
    assert "Klondike · rozdanie 5 · 1 ruch ·" in out and "rozdanie 5 · 0 ruchów" in out  # played, then undone
    assert "gra zapisana w" in out


def test_english_prompt_help_lists_english_words_first():
    out = run("play", "klondike", "--deal", "5", input="help\n").output
    assert "moves, m, ls" in out and "Polish words work too: ruchy, dobierz, cofnij" in out


def test_the_board_names_groups_in_polish():
    out = run("show", "freecell", "--deal", "1", "--lang", "pl").output
    assert "wolne pola" in out and "stosy docelowe" in out and "rozdanie 1" in out


def test_lint_speaks_polish_and_keeps_its_codes(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\nname: Bad\ndeal: {steps: [{to: t, count: rest}]}\n"
                   "piles: {t: {role: tableau, labels: [1], mvoe: run}}\n", encoding="utf-8")
    result = run("lint", str(bad), "--lang", "pl")
    assert result.exit_code == 1
    assert "piles.t.mvoe: nieznany klucz 'mvoe'; czy chodziło o 'move'? dozwolone klucze: role, names," in result.output
    first = result.output.splitlines()[0]  # the allowed keys, whichever the model adds after prefill
    assert first.endswith(" [P011]") and ", follows, " in first and ", prefill" in first
    assert "nie ma gry 'klondyke'; czy chodziło o klondike" in run("play", "klondyke", "--lang", "pl").output


def test_messages_and_end_of_game_in_polish():
    out = run("play", "klondike", "--deal", "5", "--lang", "pl", input="xyz\nnowa zła\n").output
    assert "nieznane polecenie 'xyz'" in out and "`nowa` przyjmuje numer rozdania" in out


def test_catalog_reader_handles_continuations_escapes_plurals_and_fuzzy(tmp_path):
    text = '''msgid ""
msgstr ""
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

msgid "a \\"quoted\\" "
"line"
msgstr "cytat \\"tu\\""

#, fuzzy
msgid "draft"
msgstr "szkic"

msgid "{n} file"
msgid_plural "{n} files"
msgstr[0] "{n} plik"
msgstr[1] "{n} pliki"
msgstr[2] "{n} plików"
'''
    (tmp_path / "xx.po").write_text(text, encoding="utf-8")
    catalog = load_catalog("xx", tmp_path)
    assert catalog.gettext('a "quoted" line') == 'cytat "tu"'
    assert catalog.gettext("draft") == "draft"  # fuzzy entries are not used
    assert [catalog.ngettext("{n} file", "{n} files", n) for n in (1, 3, 7)] == ["{n} plik", "{n} pliki", "{n} plików"]
    with pytest.raises(CatalogError, match="xx.po:2"):
        parse_po('msgid "x"\nbogus "y"\n', "xx.po")


def test_an_unreadable_catalog_falls_back_to_english_with_a_warning(monkeypatch, tmp_path):
    from patience import i18n

    def unreadable(lang: str, folder: Path = tmp_path) -> Catalog:
        raise OSError("no file")

    monkeypatch.setattr(i18n, "_loaded", {})
    monkeypatch.setattr(i18n, "load_catalog", unreadable)
    warning = set_language("pl")
    assert warning is not None and "using English" in warning and language() == "en"
    assert _("nothing to undo") == "nothing to undo"


# Every user-facing string goes through the translation layer ------------------------------------
USER_FACING = {"echo", "say", "ClickException", "UsageError", "BadParameter", "IllegalMove", "SaveError", "Problem", "ValueError", "RulesetError", "Finding", "LintFinding",
               "StatsError", "TransferError", "Reply"}


def _raw_text(node: ast.AST) -> str | None:
    """The literal words of a string or f-string argument, if it has any."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    if isinstance(node, ast.List):
        return " ".join(t for t in (_raw_text(e) for e in node.elts) if t)
    return None


# The maintainers' catalog tool speaks English, and so do position-text errors: they are for
# programmers reading `Game.from_position`, and a damaged save reports them wrapped in a translated line.
ENGLISH_ON_PURPOSE = {"translations.py", "position.py"}


def test_no_user_facing_call_carries_untranslated_words():
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):  # every module of the package, solver and top level too
        if path.name in ENGLISH_ON_PURPOSE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name not in USER_FACING:
                continue
            for arg in node.args[:1]:
                text = _raw_text(arg)
                if text and re.search(r"[A-Za-z]{3,}", text):
                    offenders.append(f"{path.name}:{node.lineno}: {text!r}")
    assert offenders == []


def test_numbers_are_grouped_and_pointed_as_the_language_writes_them():
    assert number(1234567) == "1,234,567" and number(0.5, 2) == "0.50"
    with using_language("pl"):
        assert number(1234567) == "1\u00a0234\u00a0567" and number(12345.678, 1) == "12\u00a0345,7"
    assert number(999) == "999"


def test_whole_numbers_are_written_exactly_however_large():
    assert number(2**63 - 1) == "9,223,372,036,854,775,807"  # through a float it ends ...808
    with using_language("pl"):
        assert number(2**53 + 1) == "9\u00a0007\u00a0199\u00a0254\u00a0740\u00a0993"


def test_solve_answers_in_polish_with_a_decimal_comma():
    result = run("--lang", "pl", "solve", "freecell", "--deal", "1")
    first = result.output.splitlines()[0]
    assert result.exit_code == 0 and re.search(r"rozwiązane .*: \d[\d\u00a0]* \w+, \d+,\d\d s$", first), first


def test_the_engines_reasons_name_groups_as_the_board_does_in_the_players_language():
    """Issue 38: a reason names a group in the player's language where the engine writes it, not by
    a pattern replacing ids in the finished text one layer higher (in the command line)."""
    from patience import Game
    from patience.engine.moves import IllegalMove
    from patience.i18n import using_language

    game = Game.new("parada", deal=2)
    reasons = {}
    for lang in ("en", "pl"):
        with using_language(lang):
            with pytest.raises(IllegalMove) as refused:
                game.play("a3b2")  # 7♣ from row 1 onto 8♣ in row 2, which is built on 3s only
            reasons[lang] = str(refused.value)
    assert "row2" in reasons["en"]
    assert "rząd 2" in reasons["pl"] and "row2" not in reasons["pl"]


def test_a_carpet_card_held_by_its_lanes_is_refused_as_a_card_in_polish_kk2():
    """KK-2 in Polish: "c4" is a place (pole), so the refusal speaks of the card on it: "karta na
    c4 nie jest wolna" (it said "c4 nie jest wolna", agreeing with no word in the sentence)."""
    from patience.engine.game import Game
    from patience.engine.moves import IllegalMove

    game = Game.new("kwadratura-kola", 7)
    with using_language("pl"), pytest.raises(IllegalMove) as refused:
        game.play("c4o")
    assert str(refused.value).startswith("karta na c4 nie jest wolna: żaden z jej krótszych boków nie wychodzi")
