"""The screenshots in docs/screens/ (docs/play.md shows them) are what the code draws now: one
per shipped game, none left over. Regenerate them with `python docs/screens/regenerate.py`."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("textual")

SCRIPT = Path(__file__).resolve().parents[1] / "docs" / "screens" / "regenerate.py"


def regenerate_module():
    spec = importlib.util.spec_from_file_location("regenerate_screens", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_screenshots_of_every_shipped_game_are_up_to_date():
    module = regenerate_module()
    shots = module.screenshots()
    assert module.stale(shots) == [], "run `python docs/screens/regenerate.py` and commit docs/screens/"


def test_a_changed_board_makes_its_screenshot_stale(tmp_path, monkeypatch):
    module = regenerate_module()
    shots = {"one": "<svg>deal 1</svg>", "two": "<svg>deal 2</svg>"}  # the check alone, without drawing
    game_id = "one"
    monkeypatch.setattr(module, "HERE", tmp_path)
    monkeypatch.setattr(module, "PLAY_MD", tmp_path / "play.md")
    (tmp_path / "play.md").write_text(f"# Play\n\n{module.index(['one', 'two'])}\n", encoding="utf-8")
    for name, svg in shots.items():
        (tmp_path / f"{name}.svg").write_text(svg, encoding="utf-8")
    assert module.stale(shots) == []
    (tmp_path / f"{game_id}.svg").write_text(shots[game_id].replace("deal", "dael"), encoding="utf-8")
    (tmp_path / "gone.svg").write_text("<svg/>", encoding="utf-8")
    assert module.stale(shots) == sorted([f"{game_id}.svg", "gone.svg"])
    assert "play.md" in module.stale({**shots, "three": "<svg/>"})  # a new game missing from play.md's list
