"""Builds the compiled search core (patience/core/_search.pyx); all metadata is in pyproject.toml."""

from Cython.Build import cythonize
from setuptools import Extension, setup

setup(ext_modules=cythonize(
    [Extension("patience.core._search", ["patience/core/_search.pyx"], extra_compile_args=["-O2"])],
    language_level=3,
))
