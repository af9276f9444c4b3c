"""A generic solver: best-first search over the engine's own moves, for any ruleset.

Nothing here names a game; every pruning rule is derived from the compiled rules.
"""

from .search import SolveResult, solve

__all__ = ["SolveResult", "solve"]
