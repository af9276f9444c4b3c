"""Every stored winning line (tests/data/<game id>/deal-N.txt) still wins its deal.

Each line was found once by `patience solve` (FreeCell's by tests/data/freecell/make_solutions.py)
and is kept so that a change to a game's rules or to the engine shows. The family modules check
that each of their games has one.
"""

from __future__ import annotations

import pytest
from positions import DATA, stored_wins, wins_its_deal

WON = stored_wins(sorted(path.name for path in DATA.iterdir() if path.is_dir()))


def test_there_are_stored_wins():
    assert len({path.parent.name for path in WON}) >= 50


@pytest.mark.parametrize("path", WON, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_a_stored_winning_line_wins_its_deal(path):
    assert wins_its_deal(path)
