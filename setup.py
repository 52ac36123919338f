"""Build script: compiles codepith's Cython hot loops.

Set ``CODEPITH_NO_EXTENSIONS=1`` to build a pure-Python package (the
``*_py.py`` twins are used at run time then).
"""

import os
import sys

from setuptools import Extension, setup

NO_EXTENSIONS = bool(os.environ.get("CODEPITH_NO_EXTENSIONS"))
NATIVE_MODULES = ["core._slicer", "core._bpe", "pressure._scoring"]


def _extensions():
    if NO_EXTENSIONS:
        print("*** codepith: CODEPITH_NO_EXTENSIONS is set, building pure Python ***", file=sys.stderr)
        return []
    from Cython.Build import cythonize

    exts = [
        Extension(
            f"codepith.{name}",
            [f"src/codepith/{name.replace('.', '/')}.pyx"],
            extra_compile_args=["-O3"] if sys.platform != "win32" else [],
        )
        for name in NATIVE_MODULES
    ]
    print("*** codepith: building the native core: %s ***" % ", ".join(NATIVE_MODULES), file=sys.stderr)
    return cythonize(
        exts,
        language_level=3,
        compiler_directives={
            "boundscheck": False,
            "wraparound": False,
            "initializedcheck": False,
            "cdivision": True,
            "embedsignature": True,
        },
    )


setup(ext_modules=_extensions())
