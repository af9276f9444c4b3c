"""Each package imports only the packages below it (cards and deals, the ruleset, the engine,
the solver and the statistics, then the terminal's render, session, tui and cli); the engine
never imports click or rich. Above the solver the terminal's packages stack cli -> tui -> session
-> render (docs/design.md §10): click only in cli, Textual only in tui, and no private name
crosses from one package to another."""

import ast
import subprocess
import sys
from pathlib import Path

import patience

PACKAGE = Path(__file__).resolve().parents[1] / "patience"
# patience's packages and top-level modules, bottom to top: a module imports, at run time, only
# from a row below its own (within its own package as it likes). A row's packages do not import
# each other either: they stand side by side on the rows below.
PACKAGE_ORDER = [
    {"i18n", "paths", "printable"},  # the language, the folders, text safe to print
    {"cards", "files"},  # cards and their notation; reading and writing files safely
    {"deals"},  # G-1's shuffles
    {"ruleset"},  # the language of rules: model, loader, lint, rules text
    {"engine"},  # one generic engine
    {"core", "stats", "rulestest"},  # the compiled search; the records; the rules tests
    {"solver"},  # on the core
    {"survey"},  # surveys of many deals, with the solver
    {"render"},  # the board drawn (rich)
    {"session"},  # one game at the prompt, shared by both screens
    {"tui"},  # the full screen (Textual)
    {"cli"},  # the commands (click)
    {"launch"},  # the entry point: `--version` before click, else the commands
    {"__main__"},  # `python -m patience`
]
RANK = {name: row for row, names in enumerate(PACKAGE_ORDER) for name in names}
# Imports that go up or across for a type only, under TYPE_CHECKING: (module, the module it
# imports) with the reason. None today; an entry must still be there, and type-only.
TYPE_ONLY: dict[tuple[str, str], str] = {}
# Where each library of the screen may be imported: the board is drawn with rich (render), the
# full screen is Textual's (tui), the commands are click's (cli).
UI_HOMES = {"click": {"cli"}, "textual": {"tui"}, "rich": {"render", "tui", "cli"}}


def layer_of(module: str) -> str:
    return module.split(".")[1] if module.count(".") else "__init__"


def imports(path: Path) -> set[str]:
    """Absolute names of the modules ``path`` imports (relative imports resolved)."""
    package = ".".join(("patience",) + path.relative_to(PACKAGE).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                found.add(".".join(base + ([node.module] if node.module else [])))
            else:
                found.add(node.module or "")
    return found


def module_name(path: Path) -> str:
    return "patience." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)


def is_module(name: str) -> bool:
    """Whether ``name`` (``patience.x.y``) is a module or package of patience."""
    where = PACKAGE.parent.joinpath(*name.split("."))
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def import_edges(source: str, module: str, package: str) -> list[tuple[str, bool]]:
    """(the patience module imported, whether only for types) for each import in ``source``, the
    code of ``module`` in ``package``: relative imports resolved, ``from .. import core`` read
    as ``patience.core``, a name the top package lends (``from patience import Game``) as the
    module it comes from; at the top, in a function or under TYPE_CHECKING alike."""
    tree = ast.parse(source)
    typed = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            typed |= {id(inner) for statement in node.body for inner in ast.walk(statement)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source_module = ".".join(base + ([node.module] if node.module else []))
            else:
                source_module = node.module or ""
            names = []
            for alias in node.names:
                inner = f"{source_module}.{alias.name}"
                if is_module(inner):
                    names.append(inner)
                elif source_module == "patience" and alias.name in patience._EXPORTS:
                    names.append(patience._EXPORTS[alias.name])
                else:
                    names.append(source_module)
        else:
            continue
        found += [(name, id(node) in typed) for name in names if name.startswith("patience.")]
    return found


def order_problems(module: str, edges: list[tuple[str, bool]], type_only: dict[tuple[str, str], str]) -> list[str]:
    """The imports of ``module`` that do not go to a lower row of `PACKAGE_ORDER`."""
    own = layer_of(module)
    if own not in RANK:
        return [f"{module}: its package {own!r} has no row in PACKAGE_ORDER"]
    problems = []
    for name, typed in edges:
        other = layer_of(name)
        if other == own or other == "__init__":
            continue
        if other not in RANK:
            problems.append(f"{module} imports {name}, whose package has no row in PACKAGE_ORDER")
        elif RANK[other] >= RANK[own] and not (typed and (module, name) in type_only):
            how = "for a type" if typed else "at run time"
            problems.append(f"{module} ({own}) imports {name} ({other}) {how}: not below it")
    return problems


def test_packages_import_only_downwards():
    """cards/deals -> ruleset -> engine -> solver/stats -> render/session/tui/cli, every module
    checked: its imports at the top, in functions and under TYPE_CHECKING."""
    problems = []
    seen = set()
    for path in PACKAGE.rglob("*.py"):
        module = module_name(path)
        if module == "patience.__init__":
            continue  # the top package lends names lazily (checked where they are imported)
        package = ".".join(("patience",) + path.relative_to(PACKAGE).with_suffix("").parts[:-1])
        edges = import_edges(path.read_text(encoding="utf-8"), module, package)
        seen |= {(module, name) for name, typed in edges if typed}
        problems += order_problems(module, edges, TYPE_ONLY)
    assert problems == []
    assert set(TYPE_ONLY) <= seen, "a type-only exception that is no longer imported so"
    tops = {path.stem for path in PACKAGE.glob("*.py")} | {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    assert tops - {"__init__"} == set(RANK)  # every package and module has its row, and every row is there


def test_the_package_check_sees_upward_sideways_hidden_and_typed_imports():
    engine = ("patience.engine.board", "patience.engine")
    assert order_problems(engine[0], import_edges("from ..solver import search\n", *engine), {}) == [
        "patience.engine.board (engine) imports patience.solver.search (solver) at run time: not below it"]
    local = "def f():\n    from .. import session\n    return session\n"
    assert order_problems(engine[0], import_edges(local, *engine), {}) == [
        "patience.engine.board (engine) imports patience.session (session) at run time: not below it"]
    typed = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..solver.hints import Hint\n"
    edges = import_edges(typed, *engine)
    assert edges == [("patience.solver.hints", True)]
    assert order_problems(engine[0], edges, {}) == [
        "patience.engine.board (engine) imports patience.solver.hints (solver) for a type: not below it"]
    assert order_problems(engine[0], edges, {(engine[0], "patience.solver.hints"): "a reason"}) == []
    core = ("patience.core.tables", "patience.core")
    assert order_problems(core[0], import_edges("from ..stats import store\n", *core), {}) == [
        "patience.core.tables (core) imports patience.stats.store (stats) at run time: not below it"]  # side by side
    lent = import_edges("from patience import Game\nfrom .. import __version__\n", *engine)
    assert lent == [("patience.engine.game", False)]  # the top package itself is no layer
    assert order_problems(engine[0], import_edges("from ..ruleset.model import Ruleset\n", *engine), {}) == []


def imported_names(path: Path) -> list[tuple[str, str]]:
    """(module, name) for each ``from module import name`` of ``path``, the module's name absolute."""
    package = ".".join(("patience",) + path.relative_to(PACKAGE).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found += [(module, alias.name) for alias in node.names]
    return found


def private_crossings(module: str, names: list[tuple[str, str]]) -> list[str]:
    """The private names (``_x``; not dunders, not gettext's ``_``) ``module`` imports from
    another of patience's packages: what the line game and the full screen share is public, in
    `session`."""
    own = layer_of(module)
    return [f"{module} imports {source}.{name}, a private name of {layer_of(source)}"
            for source, name in names
            if name.startswith("_") and name != "_" and not name.startswith("__") and source.startswith("patience.")
            and layer_of(source) != own]


TERMINAL = ("render", "session", "tui", "cli")


def test_no_private_name_crosses_from_one_package_to_another():
    """Checked for the terminal's packages, which issue 35 split out of cli/."""
    problems = []
    assert all(any((PACKAGE / package).rglob("*.py")) for package in TERMINAL)  # each package is there to check
    for path in (path for package in TERMINAL for path in (PACKAGE / package).rglob("*.py")):
        module = "patience." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        problems += private_crossings(module, imported_names(path))
    assert problems == []


def test_the_private_check_sees_a_crossing_and_passes_a_package_s_own():
    names = [("patience.cli.play", "_apply"), ("patience.tui.layout", "_label_run"), ("patience.session.start", "MAX_LINE"),
             ("patience.i18n", "_")]
    assert private_crossings("patience.tui.app", names) == [
        "patience.tui.app imports patience.cli.play._apply, a private name of cli"]


def test_the_screen_libraries_stay_in_their_packages():
    """click in cli only, Textual in tui only, rich in render, tui and cli; the session, which
    both screens share, imports none of them."""
    problems = []
    for path in PACKAGE.rglob("*.py"):
        module = "patience." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        own = layer_of(module)
        problems += [f"{module} imports {name}" for name in imports(path)
                     if name.split(".")[0] in UI_HOMES and own not in UI_HOMES[name.split(".")[0]]]
    assert problems == []
    session = set().union(*(imports(path) for path in (PACKAGE / "session").glob("*.py")))
    assert not {name.split(".")[0] for name in session} & set(UI_HOMES)


def test_the_terminal_packages_stack_cli_tui_session_render():
    """Each of the four imports only those after it here (and the layers below them)."""
    order = ["cli", "tui", "session", "render"]
    problems = []
    for upper in order:
        for path in (PACKAGE / upper).rglob("*.py"):
            for name in imports(path):
                other = layer_of(name) if name.startswith("patience.") else None
                if other in order and order.index(other) < order.index(upper):
                    problems.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert problems == []
    assert "patience.session.keeping" in imports(PACKAGE / "tui" / "app.py")  # the check reads the real imports


def test_the_check_sees_imports():
    engine_game = imports(PACKAGE / "engine" / "game.py")
    assert "patience.ruleset.model" in engine_game and "patience.engine.moves" in engine_game


def code_strings(path: Path) -> list[str]:
    """String constants of a module, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def deciding_strings(tree: ast.AST) -> list[str]:
    """String constants that code decides by: compared (``==``, ``in``), matched (``case``), used
    as a dict key or an index, or passed to ``startswith``/``endswith``. Prose — messages, help,
    field descriptions that name a game as an example — is not a decision and is left out."""
    found: list[str] = []

    def strings(node: ast.AST | None) -> list[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return [text for element in node.elts for text in strings(element)]
        return []

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                found += strings(side)
        elif isinstance(node, ast.MatchValue):
            found += strings(node.value)
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                found += strings(key)
        elif isinstance(node, ast.Subscript):
            found += strings(node.slice)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                "startswith", "endswith", "get"):
            for arg in node.args[:1]:
                found += strings(arg)
    return found


def game_names() -> set[str]:
    from patience.ruleset.registry import shipped_rulesets

    rulesets = shipped_rulesets()
    return {r.id for r in rulesets} | {r.name.lower() for r in rulesets}


def named_games(source: str, names: set[str]) -> list[str]:
    return [text for text in deciding_strings(ast.parse(source)) if text.strip().lower() in names]


def test_G4_no_game_is_named_in_python():
    """Never `if game == "klondike"`: no decision in the code is taken on a game's id, name or alias."""
    names = game_names()
    found = [
        f"{path.relative_to(PACKAGE)}: {text!r}"
        for path in PACKAGE.rglob("*.py")
        for text in named_games(path.read_text(encoding="utf-8"), names)
    ]
    assert found == []


def test_the_game_name_check_sees_decisions_and_passes_prose():
    names = {"klondike", "freecell", "parada"}
    decisions = (
        'if ruleset.id == "klondike": pass\n'
        'ok = game in ("x", "FreeCell")\n'
        'table = {"parada": 1}\n'
        'value = table["parada"]\n'
        'match ruleset.id:\n    case "freecell":\n        pass\n'
        'flag = name.startswith("klondike")\n'
    )
    assert sorted(named_games(decisions, names)) == sorted(["klondike", "FreeCell", "parada", "parada", "freecell", "klondike"])
    prose = 'help = "Vegas scoring, as in Klondike"\nmessage = _("FreeCell deals run from 1")\n'
    assert named_games(prose, names) == []


# The engine's own stack, bottom to top (docs/engine.md, "How the engine is stacked"): each module
# imports only modules before it here, at run time, under TYPE_CHECKING or inside a function alike.
ENGINE = PACKAGE / "engine"
ENGINE_ORDER = [
    "gates",  # `When` conditions compiled to terms over pile ranges (takes_when, gives_when, stock.when)
    "layout", "compiled", "moves",  # the compiled tables and what a move is
    "state",  # the state: piles, face-down counts, redeals, action uses
    "faces",  # per-card faces: the face-up cards under face-down ones (Martha)
    "cover", "actions", "refill", "reach", "stock",  # rule words, read and applied on a state
    "takes",  # whether a pile takes a card: the one judgement the listing, the checks and play_to read
    "play_to", "skip", "dealing",  # the deal's words
    "board",  # the rules-driven core: legal moves, push/pop, keys, won
    "outcome",  # lost detection, a search over the board
    "checks",  # why a move is illegal
    "notation", "position",  # move texts, position texts
    "game",  # the façade that composes them
    "assist",  # help for the player, on top of the game
]


def engine_imports(source: str) -> list[tuple[str, str]]:
    """(engine module, name) for each name a module's source imports from a sibling engine module
    (relative imports only, as the engine writes them); ``from . import x`` gives (x, "")."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found += [(node.module.split(".")[0], alias.name) for alias in node.names]
            else:
                found += [(alias.name, "") for alias in node.names]
    return found


def foreign_privates(source: str) -> list[str]:
    """Private names (``_x``, not dunders) a module reads as an attribute but does not define:
    another module's, reached through an object (``game._stock_move()``)."""
    tree = ast.parse(source)
    own = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            own.add(node.attr)
    return sorted({
        node.attr for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
        and node.attr not in own
    })


def engine_problems(sources: dict[str, str], order: list[str]) -> list[str]:
    problems = []
    for module, source in sources.items():
        if module not in order:
            problems.append(f"{module} is not placed in the engine's order")
            continue
        for imported, name in engine_imports(source):
            if imported not in order or order.index(imported) >= order.index(module):
                problems.append(f"{module} imports {imported} (not below it)")
            if name.startswith("_"):
                problems.append(f"{module} imports {imported}.{name}, a private name")
        problems += [f"{module} uses {name}, another module's private name" for name in foreign_privates(source)]
    return problems


def test_the_engine_imports_only_downwards_and_no_private_names():
    """The engine is one stack: tables, state, rule words, the board, the checked game, notation,
    positions, the Game façade; no module reaches up (not even for a type) or into another's privates."""
    sources = {path.stem: path.read_text(encoding="utf-8") for path in ENGINE.glob("*.py") if path.stem != "__init__"}
    assert set(ENGINE_ORDER) <= set(sources), "a module of the order is missing"
    assert engine_problems(sources, ENGINE_ORDER) == []


def test_the_engine_check_sees_hidden_upward_imports_and_privates():
    order = ["low", "high"]
    typed = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .high import Thing\n"
    local = "def f():\n    from .high import thing\n    return thing\n"
    private = "from .low import _helper\n"
    reached = "def f(game):\n    return game._stock_move()\n"
    assert engine_problems({"low": typed}, order) == ["low imports high (not below it)"]
    assert engine_problems({"low": local}, order) == ["low imports high (not below it)"]
    assert engine_problems({"high": private}, order) == ["high imports low._helper, a private name"]
    assert engine_problems({"high": reached}, order) == ["high uses _stock_move, another module's private name"]
    assert engine_problems({"stray": ""}, order) == ["stray is not placed in the engine's order"]
    own = "class A:\n    def _x(self):\n        return self._y\n    def __init__(self):\n        self._y = 1\n"
    assert engine_problems({"low": own + "from . import high\n"}, order) == ["low imports high (not below it)"]
    assert engine_problems({"high": own + "from .low import a\n"}, order) == []


def test_the_board_loads_without_the_layers_above_it():
    """A search needs nothing above the board: importing it (in a fresh interpreter) loads no
    module of the layers above, not the outcome, the checks, the texts or the Game."""
    code = "import sys, patience.engine.board; print(*sorted(m for m in sys.modules if m.startswith('patience.engine.')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    above = ENGINE_ORDER[ENGINE_ORDER.index("board") + 1:]
    assert "patience.engine.board" in loaded
    assert [name for name in loaded if name.split(".")[2] in above] == []
