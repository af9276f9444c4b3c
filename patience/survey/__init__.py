"""Winnability surveys: every deal of a range solved once, one row per deal in a results file,
on a Dask cluster when dask is installed and on local processes otherwise (docs/winnability.md).

Layer 3, beside the solver: it uses the solver (`solver.batch.solve_deal`) and nothing above it.
The engine and the solver never import dask; only `cluster.py` does, when a survey runs on it.
"""

from .store import SURVEY_SUFFIX, SurveyError, SurveyFile, SurveyKey

__all__ = ["SURVEY_SUFFIX", "SurveyError", "SurveyFile", "SurveyKey"]
