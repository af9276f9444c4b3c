"""What a game at the terminal keeps, whichever screen shows it: the session (commands, moves,
undo, hints), starting a game (`start`), saves (`saves`), recording the games that end and the
figures (`keeping`, `figures`), and the catalogue a game is chosen from (`catalogue`).

The line game (`cli/play.py`) and the full screen (`tui/`) both sit on this package; it imports
`render` and the layers below it, never click or Textual."""
