"""Each layer imports only the layers below it; the engine never imports click or rich."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "patience"
LAYERS = {"cards": 0, "deals": 0, "i18n": 0, "paths": 0, "printable": 0, "ruleset": 1, "engine": 2, "solver": 3, "stats": 3, "cli": 4}
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


def test_G4_no_game_is_named_in_python():
    import re

    from patience.ruleset.registry import shipped_rulesets

    names = {r.id for r in shipped_rulesets()} | {r.name.lower() for r in shipped_rulesets()}
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in sorted(names)) + r")\b", re.IGNORECASE)
    found = [
        f"{path.relative_to(PACKAGE)}: {text!r}"
        for path in PACKAGE.rglob("*.py")
        for text in code_strings(path)
        if pattern.search(text)
    ]
    assert found == []
