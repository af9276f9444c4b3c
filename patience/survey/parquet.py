"""`patience survey export --parquet`: a survey's rows as one Parquet file, with the column types
of the results file (pyarrow, in the survey extra; imported only here)."""

from __future__ import annotations

from pathlib import Path

import pyarrow
import pyarrow.parquet

from ..files import replacing

SCHEMA = pyarrow.schema([  # store.COLUMNS, in order, typed
    ("ruleset", pyarrow.string()), ("rules", pyarrow.string()), ("solver", pyarrow.string()),
    ("deal", pyarrow.int64()), ("timeout", pyarrow.float64()), ("max_states", pyarrow.int64()),
    ("status", pyarrow.string()), ("reason", pyarrow.string()), ("states", pyarrow.int64()),
    ("seconds", pyarrow.float64()), ("length", pyarrow.int64()), ("moves", pyarrow.string()),
    ("engine", pyarrow.string()), ("engine_reason", pyarrow.string()), ("machine", pyarrow.string()),
    ("finished", pyarrow.string()),
])


def write_parquet(rows: list[dict], out: Path, *, replace: bool = True) -> None:
    """Write ``rows`` to ``out`` atomically (files.replacing): FileExistsError when it exists and
    ``replace`` is False; a link or a device in its place is refused."""
    table = pyarrow.Table.from_pylist(rows, schema=SCHEMA)
    with replacing(out, replace=replace) as temporary:
        pyarrow.parquet.write_table(table, str(temporary))
