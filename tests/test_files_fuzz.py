"""Hypothesis probes of the user files added in issue 38: settings files and survey files join
the rulesets, saves and prompt lines probed elsewhere. Bounded in CI (the `ci` profile); the long
run is benchmarks/fuzz.py."""

from __future__ import annotations

import json
import math
import sqlite3
import tomllib
from pathlib import Path

import pytest
from clirun import run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience.tui.config import Config, DamagedFile, config_path, load, save
from patience.files import check_nesting, read_user_file, write_atomic
from patience.printable import is_unsafe
from patience.survey import SurveyFile
from patience.survey.store import COLUMNS

FIXTURES = [HealthCheck.function_scoped_fixture]

# ------------------------------------------------------------------ settings files
KEYS = st.sampled_from(["autoplay", "colour", "ascii", "language", "other", "Autoplay", "a.b", '"q"', ""])
SCALARS = st.one_of(
    st.sampled_from(["true", "false", '"en"', '"pl"', '"auto"', '"de"', "1", "1e400", "nan", "'x'", '"""x\ny"""',
                     "1979-05-27", "0x" + "f" * 40, "9" * 5000]),
    st.text(max_size=20).map(json.dumps),
)


def values(depth: int = 0) -> st.SearchStrategy[str]:
    if depth > 3:
        return SCALARS
    return st.one_of(SCALARS, st.lists(st.deferred(lambda: values(depth + 1)), max_size=3).map(
        lambda items: "[" + ", ".join(items) + "]"))


LINES = st.one_of(
    st.tuples(KEYS, values()).map(lambda kv: f"{kv[0]} = {kv[1]}"),
    st.sampled_from(["# a comment", "", "[table]", "[[array]]", "key =", "= 1", "autoplay = true # mine"]),
    st.integers(1, 3000).map(lambda n: "deep = " + "[" * n + "]" * n),
    st.text(max_size=30),
)
SETTINGS_TEXTS = st.one_of(st.lists(LINES, max_size=8).map("\n".join), st.binary(max_size=200))


@settings(suppress_health_check=FIXTURES)
@given(SETTINGS_TEXTS, st.sampled_from(["autoplay", "colour", "ascii", "language"]))
def test_any_settings_file_gives_settings_and_at_most_one_line_and_set_loses_nothing(content, key):
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass"))
    before = path.read_bytes()
    config, problem = load()
    assert isinstance(config, Config) and (problem is None or "\n" not in problem)
    wanted = Config(autoplay=False, colour=False, ascii=True, language="pl")
    try:
        save(wanted, [key])
    except DamagedFile:
        assert path.read_bytes() == before  # nothing written over a file that cannot be parsed
        return
    after = tomllib.loads(path.read_text(encoding="utf-8"))
    old = tomllib.loads(before.decode("utf-8")) if before else {}
    assert after == {**old, key: getattr(wanted, key)}  # the one setting changed, every other key kept
    assert getattr(load()[0], key) == getattr(wanted, key)


@given(st.integers(0, 200), st.sampled_from("[{"))
def test_nesting_is_bounded_before_any_parser_sees_it(depth, opening):
    closing = "]" if opening == "[" else "}"
    text = "x = " + opening * depth + closing * depth
    if depth > 64:
        with pytest.raises(ValueError):
            check_nesting(text)
    else:
        check_nesting(text)


@settings(suppress_health_check=FIXTURES)
@given(st.binary(max_size=2000), st.booleans())
def test_write_atomic_then_read_user_file_round_trips(tmp_path, data, private):
    path = tmp_path / "file.bin"
    write_atomic(path, data, private=private)
    assert read_user_file(path, 2000) == data
    assert [p.name for p in tmp_path.iterdir()] == ["file.bin"]  # no temporary file left


# ------------------------------------------------------------------ survey files
ANY_SQL = st.one_of(st.none(), st.integers(-2**63, 2**63 - 1), st.floats(allow_nan=True), st.text(max_size=12),
                    st.binary(max_size=8), st.sampled_from(["solved", "unsolvable", "unknown", "\x1b]0;x\x07"]))


def good_row(deal: int) -> dict:
    return {"ruleset": "g", "rules": "r", "solver": "9", "deal": deal, "timeout": 2.0, "max_states": 0,
            "status": "solved", "reason": "win found", "states": 1, "seconds": 0.1, "length": 3, "moves": "a b",
            "engine": None, "engine_reason": None, "machine": "m", "finished": "2026-12-04T00:00:00Z"}


@settings(suppress_health_check=FIXTURES, max_examples=settings.default.max_examples // 2 or 1)
@given(st.lists(st.dictionaries(st.sampled_from(COLUMNS), ANY_SQL, max_size=4), min_size=1, max_size=4))
def test_any_rows_in_a_survey_file_give_a_report_and_an_export_without_a_traceback(tmp_path_factory, changes):
    folder = tmp_path_factory.mktemp("survey")
    path = folder / "s.sqlite"
    with SurveyFile(path) as results:
        results.add([good_row(1)])
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA ignore_check_constraints = ON")
        for n, change in enumerate(changes, start=2):
            row = {**good_row(n), **change}
            try:
                db.execute(f"INSERT INTO deals ({', '.join(COLUMNS)}) VALUES ({', '.join('?' for _c in COLUMNS)})",
                           [row[c] for c in COLUMNS])
            except sqlite3.Error:
                continue  # NOT NULL or UNIQUE: SQLite itself refused it
    text = run("survey", "report", str(path))
    assert text.exit_code == 0 and "Traceback" not in text.output, text.output
    assert not any(is_unsafe(char) for char in text.output if char != "\n")
    as_json = run("survey", "report", str(path), "--json")
    assert as_json.exit_code == 0
    games = json.loads(as_json.output.split("\n", 1)[1] if as_json.output.startswith(str(path)) else as_json.output)
    assert all(math.isfinite(game["seconds"]["max"]) for game in games["games"])
    if _has("pyarrow"):
        out = folder / "s.parquet"
        export = run("survey", "export", str(path), "--parquet", str(out), "--force")
        assert export.exit_code == 0 and "Traceback" not in export.output, export.output


def _has(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def test_the_probes_reach_a_damaged_and_a_sound_settings_file():
    """The strategies are not all refusals: a sound file and a damaged one both come up."""
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('autoplay = false\nother = [1, [2]]\n', encoding="utf-8")
    save(Config(language="pl"), ["language"])
    assert tomllib.loads(path.read_text(encoding="utf-8")) == {"autoplay": False, "other": [1, [2]], "language": "pl"}
    path.write_text("x = [[[\n", encoding="utf-8")
    with pytest.raises(DamagedFile):
        save(Config(), ["ascii"])
    assert Path(path).read_text(encoding="utf-8") == "x = [[[\n"
