"""The build: the compiled core, the pure-Python switch, the console script."""

import os
import subprocess
import sys

import codepith


def run_python(code: str, **env):
    full_env = {k: v for k, v in os.environ.items() if k != "CODEPITH_NO_EXTENSIONS"}
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "-c", code], env=full_env, capture_output=True, text=True, check=True
    ).stdout.strip()


def test_no_extensions_switch_selects_the_pure_python_twin():
    out = run_python(
        "import codepith, codepith.core.slicer as s; print(codepith.native, s.IMPLEMENTATION, "
        "codepith.slice_bytes.__module__, type(codepith.line_index(b'')).__module__)",
        CODEPITH_NO_EXTENSIONS="1",
    )
    assert out == "False python codepith.core._slicer_py codepith.core._slicer_py"


def test_default_uses_the_compiled_core_when_built():
    if os.environ.get("CODEPITH_NO_EXTENSIONS"):
        return  # this run is explicitly pure Python; the test above covers it
    out = run_python("import codepith; print(codepith.native, codepith.slice_bytes.__module__)")
    assert out == "True codepith.core._slicer", (
        "the compiled slicer is not in use: was the package installed with `pip install .`?"
    )


def test_native_reports_each_compiled_module():
    out = run_python("import codepith; print(codepith.native, codepith.native_modules)", CODEPITH_NO_EXTENSIONS="1")
    assert out == "False {'slicer': False, 'bpe': False, 'scoring': False, 'rank': False, 'needles': False}"
    if os.environ.get("CODEPITH_NO_EXTENSIONS"):
        return  # this run is explicitly pure Python
    assert run_python("import codepith; print(codepith.native)") == "True"


def test_a_partial_build_says_which_module_is_pure_python():
    # the compiled scoring module missing (its build failed), the others built
    if os.environ.get("CODEPITH_NO_EXTENSIONS"):
        return  # this run is explicitly pure Python: nothing compiled to leave out
    block = "import sys; sys.modules['codepith.pressure._scoring'] = None; "
    out = run_python(block + "import codepith; print(codepith.native, codepith.native_modules)")
    full = run_python(block + "from codepith.cli import main; main(['--version'])")
    assert out == "False {'slicer': True, 'bpe': True, 'scoring': False, 'rank': True, 'needles': True}"
    assert (
        "slicer: compiled, bpe: compiled, scoring: pure Python, rank: compiled, needles: compiled (not compiled);"
        in full
    )


def test_version():
    assert isinstance(codepith.__version__, str) and codepith.__version__.count(".") >= 1


def test_token_counter_follows_the_switch():
    code = "import codepith.core.bpe as b; print(b.native, b.count.__module__)"
    assert run_python(code, CODEPITH_NO_EXTENSIONS="1") == "False codepith.core._bpe_py"
    if not os.environ.get("CODEPITH_NO_EXTENSIONS"):
        assert run_python(code) == "True codepith.core._bpe"


def _build_tree(tmp_path):
    """A copy of what ``setup.py build_ext`` needs, outside the checkout."""
    import shutil
    from pathlib import Path

    top = Path(__file__).resolve().parent.parent
    tree = tmp_path / "tree"
    tree.mkdir()
    for name in ("setup.py", "pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(top / name, tree / name)
    shutil.copytree(top / "src", tree / "src", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.c"))
    return tree


def _build_ext(tree, **env):
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("CODEPITH_")}
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"],
        cwd=tree,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=600,
        stdin=subprocess.DEVNULL,
    )


def test_without_a_working_compiler_the_build_goes_on_pure_python_and_says_so(tmp_path):
    # a platform with no published wheel and no compiler still installs codepith
    tree = _build_tree(tmp_path)
    out = _build_ext(tree, CC="false", LDSHARED="false")
    assert out.returncode == 0, out.stderr
    assert out.stderr.count("could not be compiled") == 5  # each compiled module
    assert "pure Python instead" in out.stderr and "codepith --version" in out.stderr
    assert not list(tree.rglob("*.so")) and not list(tree.rglob("*.pyd"))
    strict = _build_ext(tree, CC="false", LDSHARED="false", CODEPITH_REQUIRE_EXTENSIONS="1")
    assert strict.returncode != 0 and "could not be compiled" not in strict.stderr
