"""The JSON Schema of a ruleset and docs/reference.md, both made from the models.

Regenerate the reference with ``python -m patience.ruleset.reference > docs/reference.md``;
tests/test_authoring.py fails when the file is stale.
"""

from __future__ import annotations

import json
from typing import Any

from .lint import CHECKS
from .model import RANK_SCHEMA, Ruleset


def schema() -> dict[str, Any]:
    return Ruleset.model_json_schema(by_alias=True)


def schema_text() -> str:
    """The schema as `patience schema` prints it (and as docs/ruleset.schema.json holds it)."""
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


def _type(prop: dict[str, Any]) -> str:
    """A short human form of a JSON Schema type: `integer 1..8`, `up | down`, `list of Step`."""
    if prop == RANK_SCHEMA:
        return "rank"
    if "$ref" in prop:
        return prop["$ref"].rsplit("/", 1)[-1]
    if "const" in prop:
        return f"`{prop['const']}`"
    if "enum" in prop:
        return " \\| ".join(f"`{v}`" for v in prop["enum"])
    for key in ("anyOf", "oneOf"):
        if key in prop:
            parts = [_type(p) for p in prop[key] if p.get("type") != "null"]
            return " \\| ".join(dict.fromkeys(parts)) + (" (optional)" if len(parts) < len(prop[key]) else "")
    kind = prop.get("type", "any")
    if kind == "array":
        return f"list of {_type(prop.get('items', {}))}"
    if kind == "object":
        return f"mapping to {_type(prop['additionalProperties'])}" if isinstance(prop.get("additionalProperties"), dict) else "mapping"
    low, high = prop.get("minimum"), prop.get("maximum")
    if low is not None or high is not None:
        return f"{kind} {'' if low is None else low}..{'' if high is None else high}"
    return kind


def _default(prop: dict[str, Any], required: bool) -> str:
    if required:
        return "required"
    if "default" not in prop:
        return ""
    value = prop["default"]
    return "none" if value is None else f"`{json.dumps(value, ensure_ascii=False)}`"


def _order(full: dict[str, Any]) -> list[str]:
    """Models in the order a reader meets them: breadth first from the top of a ruleset."""
    order, queue = ["Ruleset"], [full]
    while queue:
        text = json.dumps(queue.pop(0).get("properties", {}))
        for name in full.get("$defs", {}):
            if f'"#/$defs/{name}"' in text and name not in order:
                order.append(name)
                queue.append(full["$defs"][name])
    return order + [n for n in full.get("$defs", {}) if n not in order]


def reference_markdown() -> str:
    full = schema()
    models = dict(full.get("$defs", {}), Ruleset=full)
    out = [
        "# Ruleset reference",
        "",
        "Generated from the models (`python -m patience.ruleset.reference > docs/reference.md`); do not",
        "edit by hand. A tutorial is in [authoring.md](authoring.md), the design in [design.md](design.md).",
        "",
    ]
    for name in _order(full):
        model = models[name]
        heading = "Ruleset (the top level of a file)" if name == "Ruleset" else name
        out += [f"## {heading}", "", " ".join(model.get("description", "").split()), ""]
        required = set(model.get("required", []))
        out += ["| key | type | default | meaning |", "|---|---|---|---|"]
        for key, prop in model.get("properties", {}).items():
            meaning = " ".join(prop.get("description", "").split()).replace("|", "\\|")
            out.append(f"| `{key}` | {_type(prop)} | {_default(prop, key in required)} | {meaning} |")
        out.append("")
    out += [
        "## Lint codes",
        "",
        "`patience lint` reports `file:line:col: error|warning: message [CODE]`. Errors make it exit 1;",
        "warnings are settings that are legal but probably not what was meant (`--strict` fails on them too).",
        "",
        "| code | severity | what | why |",
        "|---|---|---|---|",
    ]
    out += [f"| {c.code} | {c.severity} | {c.title} | {c.rationale} |" for c in CHECKS.values()]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(reference_markdown(), end="")
