"""Each layer imports only the layers below it; the engine never imports click or rich."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "patience"
LAYERS = {"cards": 0, "deals": 0, "i18n": 0, "paths": 0, "printable": 0, "ruleset": 1, "engine": 2, "core": 3, "solver": 3, "stats": 3, "survey": 3, "cli": 4}
UI_LIBRARIES = {"click", "rich"}


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


def test_layers_import_only_downwards():
    problems = []
    for path in PACKAGE.rglob("*.py"):
        module = "patience." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        own = layer_of(module)
        if own not in LAYERS:
            continue
        for name in imports(path):
            top = name.split(".")[0]
            if top in UI_LIBRARIES and LAYERS[own] < LAYERS["cli"]:
                problems.append(f"{module} imports {name}")
            if top == "patience" and name.count("."):
                other = layer_of(name)
                if other in LAYERS and LAYERS[other] > LAYERS[own]:
                    problems.append(f"{module} ({own}) imports {name} ({other})")
    assert problems == []


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
