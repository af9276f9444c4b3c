"""Builds the compiled search core (patience/core/_search.pyx); all metadata is in pyproject.toml.

The extension is optional: without a C compiler the install goes on and the solver uses its
Python search (`patience.core.why_not` says so; tests/test_core.py fails unless PATIENCE_PURE=1).
"""

from Cython.Build import cythonize
from setuptools import Extension, setup

extensions = cythonize([Extension("patience.core._search", ["patience/core/_search.pyx"], extra_compile_args=["-O2"])],
                       language_level=3)
for extension in extensions:
    extension.optional = True  # cythonize does not keep it
setup(ext_modules=extensions)
