"""What the full screen shows, as text: Textual's own SVG screenshot read back into rows of
characters, so tests check the words a player reads, not only the widget tree."""

from __future__ import annotations

import html
import re
from typing import Any

_TEXT = re.compile(r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="([\d.]+)" '
                   r'clip-path="url\(#[\w-]+-line-(\d+)\)">([^<]*)</text>')


def screen_text(app: Any) -> str:
    """The app's screen (with any overlay) as lines of text, as a terminal would show it."""
    rows: dict[int, dict[int, str]] = {}
    for x, length, row, raw in _TEXT.findall(app.export_screenshot()):
        text = html.unescape(raw).replace("\xa0", " ")
        if not text:
            continue
        width = float(length) / len(text)
        start = round(float(x) / width)
        for i, char in enumerate(text):
            rows.setdefault(int(row), {})[start + i] = char
    lines = []
    for row in range(max(rows, default=-1) + 1):
        cells = rows.get(row, {})
        lines.append("".join(cells.get(col, " ") for col in range(max(cells, default=-1) + 1)).rstrip())
    return "\n".join(lines)


async def until(pilot, app, condition, timeout: float = 60.0) -> None:
    """Let the app run until ``condition()`` holds: a hint is searched in a worker, which a
    loaded machine may start late (a bounded wait, not a measured one)."""
    import time

    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline and app.failure is None, app.failure
        await pilot.pause(0.05)
