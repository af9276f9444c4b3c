"""Ruleset model, YAML loader and the registry of shipped rulesets."""

from .loader import Finding, RulesetError, load_file, load_text
from .model import Ruleset
from .registry import UnknownGame, find_ruleset, shipped_rulesets

__all__ = ["Finding", "Ruleset", "RulesetError", "UnknownGame", "find_ruleset", "load_file", "load_text", "shipped_rulesets"]
