"""Start-up: `patience` imports only what the command it runs needs (issues 24, 25)."""

from __future__ import annotations

import subprocess
import sys

from patience.cli import COMMAND_MODULES, load_every_command, main


def test_every_command_is_found_through_the_module_map():
    """A command missing from COMMAND_MODULES would never be imported, so could not run."""
    load_every_command()
    registered = {name: command.callback.__module__ for name, command in main.commands.items()
                  if command.callback is not None}
    assert set(main.commands) == set(COMMAND_MODULES)
    for name, module in registered.items():
        assert module == f"patience.cli.{COMMAND_MODULES[name]}", name


def _modules_after(*args: str) -> set[str]:
    """The modules a fresh `patience ARGS` process has imported when it ends."""
    code = ("import sys, atexit\n"
            "atexit.register(lambda: print('\\n'.join(sorted(sys.modules)), file=sys.stderr))\n"
            "sys.argv = ['patience', *sys.argv[1:]]\n"
            "from patience.launch import main\nmain()\n")
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return set(done.stderr.split())


def test_show_with_a_cached_ruleset_imports_no_lint_game_loop_solver_or_textual():
    _modules_after("show", "klondike")  # the first run fills the cache (the test's own folder)
    imported = _modules_after("show", "klondike")
    assert "patience.cli.games" in imported
    for heavy in ("patience.ruleset.lint", "patience.cli.play", "patience.cli.stats_cmd", "patience.cli.authoring",
                  "patience.solver", "textual", "sqlite3", "pydantic.plugin._loader"):
        assert heavy not in imported, heavy
