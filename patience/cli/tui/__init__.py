"""The full-screen game (Textual). Nothing here imports Textual at module level: `config` and the
layout are plain Python, and `app` (which does import it) is loaded only when the game starts."""
