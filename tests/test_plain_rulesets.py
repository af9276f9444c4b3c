"""What every command plays: a validated ruleset copied into plain objects (patience/ruleset/plain.py),
which the cache stores and gives back without pydantic (issue 34's fast start)."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from patience import Game
from patience.ruleset.lint import load_checked
from patience.ruleset.plain import Plain, kind, to_model, to_plain
from patience.ruleset.registry import find_ruleset, shipped_dir

GAMES = ["freecell", "klondike", "parada", "dywan", "czternastki", "cromwell", "kwadratura-kola"]


@pytest.mark.parametrize("game", GAMES)
def test_the_plain_copy_keeps_every_field_and_method_of_the_model(game: str):
    model = load_checked(shipped_dir() / f"{game}.yaml")
    copy = to_plain(model)
    assert type(copy).__name__ == "Ruleset" and isinstance(copy, Plain)
    assert copy == model and model == copy  # both ways: a model compares with its copy
    assert to_model(copy).model_dump(mode="json") == model.model_dump(mode="json")
    assert copy.display_name("pl") == model.display_name("pl")
    assert copy.win_groups() == model.win_groups()
    for gid, group in model.piles.items():
        assert copy.piles[gid].build == group.build
        if group.grid is not None:
            assert copy.piles[gid].grid.labels() == group.grid.labels()


def test_find_ruleset_gives_the_plain_form_whether_cached_or_not(monkeypatch: pytest.MonkeyPatch):
    from patience.ruleset.registry import _load_cached

    cached = find_ruleset("parada")
    _load_cached.cache_clear()
    monkeypatch.setenv("PATIENCE_NO_CACHE", "1")
    fresh = find_ruleset("parada")
    assert type(cached) is type(fresh) is kind("Ruleset")
    assert cached == fresh and cached is not fresh


def test_a_copy_with_a_field_replaced_leaves_the_original_alone():
    klondike = find_ruleset("klondike")
    two = klondike.model_copy(update={"decks": 2})
    assert (two.decks, klondike.decks) == (2, 1)
    assert two != klondike and type(two) is type(klondike)


def test_a_plain_part_is_no_dictionary_key_as_a_model_with_lists_is_none():
    with pytest.raises(TypeError):
        hash(find_ruleset("freecell"))


def test_a_plain_ruleset_travels_to_another_process_by_pickle(tmp_path: Path):
    """Solver jobs and survey workers receive the ruleset pickled: the classes are found by name."""
    data = tmp_path / "ruleset.pickle"
    data.write_bytes(pickle.dumps(find_ruleset("dywan")))
    code = ("import pickle, sys; r = pickle.loads(open(sys.argv[1], 'rb').read()); "
            "print(type(r).__module__, r.display_name('pl'), r.piles['carpet'].grid.labels()[-1], "
            "'pydantic' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code, str(data)], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["patience.ruleset.plain", "Dywan", "h8", "False"], done.stderr


@pytest.mark.parametrize("game", ["freecell", "parada-1"])
def test_a_game_plays_the_same_on_the_plain_copy_as_on_the_model(game: str):
    model = load_checked(shipped_dir() / f"{game}.yaml")
    on_model, on_plain = Game(model, deal=3), Game(to_plain(model), deal=3)
    for _ in range(40):
        moves = on_model.legal_moves()
        assert moves == on_plain.legal_moves()
        if not moves:
            break
        on_model.push(moves[0])
        on_plain.push(moves[0])
    assert on_model.position() == on_plain.position()
