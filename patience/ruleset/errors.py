"""What a ruleset file may be refused for, with its place: defined apart from the loader, so that
the cache and the registry can name them without importing the YAML parser or pydantic."""

from __future__ import annotations

from dataclasses import dataclass

MAX_FILE_BYTES = 1_000_000  # a ruleset file larger than this is refused unread


@dataclass(frozen=True)
class Finding:
    file: str
    line: int
    col: int
    path: str
    message: str
    code: str = ""  # a stable lint code (P001, ...); docs/reference.md lists them

    def __str__(self) -> str:
        where = f"{self.path}: " if self.path else ""
        return f"{self.file}:{self.line}:{self.col}: {where}{self.message}"


class RulesetError(Exception):
    """A ruleset that cannot be used; ``findings`` says every reason, with its place."""

    def __init__(self, findings: list[Finding]) -> None:
        self.findings = findings
        super().__init__("\n".join(str(f) for f in findings))
