"""What a drawn board is made of: the glyphs for backs and gaps, and lines of styled spans.
`render.py` (the board) and `render_grid.py` (grids, crosses, shapes) both build on it, so
neither imports the other's internals: render uses render_grid, never the other way round."""

from __future__ import annotations

Span = tuple[str, str | None]  # text and a style name (None: plain)
Line = list[Span]


class Glyphs:
    def __init__(self, ascii: bool) -> None:
        self.ascii = ascii
        self.back = "##" if ascii else "▒▒"
        self.empty = "[]" if ascii else "··"
        self.dot = " - " if ascii else " · "
