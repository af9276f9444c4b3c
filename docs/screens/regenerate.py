"""Regenerate the screenshots of the full-screen game in docs/screens/ (one SVG per shipped game).

    python docs/screens/regenerate.py          # rewrite every screenshot and play.md's list, remove those of games gone
    python docs/screens/regenerate.py --check  # exit 1 when any is stale (tests/test_tui_screens.py does this)

Each board is deal 1 at 100 × 30, in colour, with the clock stopped at 0:00, so the same code
draws the same picture on every machine.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PLAY_MD = HERE.parent / "play.md"
START, END = "<!-- screens: written by docs/screens/regenerate.py -->", "<!-- /screens -->"
SIZE = (100, 30)


def screenshots() -> dict[str, str]:
    """Every shipped game's first board, as SVG text, by ruleset id."""
    from patience import Game
    from patience.session.session import Session, Settings
    from patience.tui.app import PatienceApp
    from patience.tui.config import Config
    from patience.i18n import set_language
    from patience.ruleset.registry import shipped_rulesets

    set_language("en")
    ids = sorted(r.id for r in shipped_rulesets())

    def session(game_id: str) -> Session:
        return Session(Game.new(game_id, 1), Settings(autoplay=False), now=lambda: 0.0)

    app = PatienceApp(session(ids[0]), Config(autoplay=False), ascii=False, colour=True, fixed_clock=True)
    shots: dict[str, str] = {}

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for game_id in ids:
                app.load(session(game_id))
                await pilot.pause(0.01)  # a redraw; waiting for idle would cost 0.1 s a game
                shots[game_id] = app.export_screenshot(title=f"patience play {game_id} --deal 1")

    asyncio.run(run())
    return shots


def index(ids: list[str]) -> str:
    """The list of screenshots in docs/play.md, between its markers."""
    links = ", ".join(f"[{game_id}](screens/{game_id}.svg)" for game_id in sorted(ids))
    return f"{START}\n{links}\n{END}"


def with_index(text: str, ids: list[str]) -> str:
    before, _sep, rest = text.partition(START)
    _old, _sep, after = rest.partition(END)
    return before + index(ids) + after


def stale(shots: dict[str, str]) -> list[str]:
    """The names of screenshots that differ from the files (or are missing, or left over), and
    play.md when its list of them is out of date."""
    wrong = [f"{game_id}.svg" for game_id, svg in shots.items()
             if not (HERE / f"{game_id}.svg").exists() or (HERE / f"{game_id}.svg").read_text(encoding="utf-8") != svg]
    wrong += [path.name for path in HERE.glob("*.svg") if path.stem not in shots]
    if PLAY_MD.exists() and index(list(shots)) not in PLAY_MD.read_text(encoding="utf-8"):
        wrong.append("play.md")
    return sorted(wrong)


def main() -> int:
    shots = screenshots()
    if "--check" in sys.argv[1:]:
        wrong = stale(shots)
        for name in wrong:
            print(f"stale: docs/screens/{name}")
        return 1 if wrong else 0
    for path in HERE.glob("*.svg"):
        if path.stem not in shots:
            path.unlink()
    for game_id, svg in shots.items():
        (HERE / f"{game_id}.svg").write_text(svg, encoding="utf-8")
    PLAY_MD.write_text(with_index(PLAY_MD.read_text(encoding="utf-8"), list(shots)), encoding="utf-8")
    print(f"wrote {len(shots)} screenshots to {HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
