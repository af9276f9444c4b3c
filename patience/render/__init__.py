"""The board drawn as text: glyphs (Unicode or ASCII), the piles in rows (`board`) and the
grids, crosses and shapes some games lay out (`grid`). Below the session and the screens; it
reads a Game and imports neither click nor Textual (rich only inside `board.to_rich`)."""
