"""The JSON Schema editors read (docs/ruleset.schema.json) matches the models."""

import json
from pathlib import Path

from patience.ruleset.model import Ruleset

SCHEMA_FILE = Path(__file__).resolve().parents[1] / "docs" / "ruleset.schema.json"


def test_schema_file_is_up_to_date():
    current = Ruleset.model_json_schema(by_alias=True)
    assert json.loads(SCHEMA_FILE.read_text(encoding="utf-8")) == current, (
        "docs/ruleset.schema.json is stale; regenerate it with: python -c \"import json; "
        "from patience.ruleset.model import Ruleset; print(json.dumps(Ruleset.model_json_schema(by_alias=True), "
        "indent=2, ensure_ascii=False))\" > docs/ruleset.schema.json"
    )


def test_every_key_is_described():
    schema = Ruleset.model_json_schema(by_alias=True)
    models = dict(schema["$defs"], Ruleset=schema)
    undocumented = [
        f"{name}.{key}"
        for name, model in models.items()
        for key, prop in model.get("properties", {}).items()
        if not prop.get("description")
    ]
    assert undocumented == []
