"""The folders show the layers of DESIGN.md, and no import runs back up.

core (the engine) < render (documents drawn from results) < bulk, packer,
memory (policies) < pressure (a policy that also uses the packer's dependency
finder) < cli (the face) < the package root
(``codepith/__init__`` re-exports the public API). ``errors``, ``_version``
and ``_lazy`` (names imported on first use) sit below everything.
"""

import ast
from pathlib import Path

import codepith

PACKAGE = Path(codepith.__file__).resolve().parent
RANK = {"errors": 0, "_version": 0, "_lazy": 0, "core": 1, "render": 2, "bulk": 3, "packer": 3, "memory": 3, "pressure": 4,
        "cli": 5, "__init__": 6, "__main__": 6}


def _layer(module: str) -> str:
    # "codepith.core.compress" -> "core"; "codepith.errors" -> "errors"
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _module_of(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1] if len(parts) > 1 else parts
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    module = _module_of(path)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.startswith("codepith"):
                if node.module is None or target.count(".") == 0:  # from . import x / from codepith import x
                    found.update(f"{target}.{a.name}" for a in node.names)
                else:
                    found.add(target)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("codepith"))
    return found


def test_every_module_sits_in_a_known_layer():
    for path in PACKAGE.rglob("*.py"):
        assert _layer(_module_of(path)) in RANK, f"{path.relative_to(PACKAGE)}: add its folder to the layers"


def test_no_import_runs_back_up():
    upward = []
    for path in PACKAGE.rglob("*.py"):
        module = _module_of(path)
        here = RANK[_layer(module)]
        for target in _imports(path):
            layer = _layer(target)
            if layer in RANK and RANK[layer] > here:
                upward.append(f"{module} imports {target}")
            # the policies stand side by side: bulk, packer and memory share
            # what they both need through the layers below, never each other
            elif layer in RANK and RANK[layer] == here == RANK["bulk"] and layer != _layer(module):
                upward.append(f"{module} imports {target} (sideways)")
    assert upward == []


def test_the_engine_imports_nothing_above_it():
    for path in (PACKAGE / "core").rglob("*.py"):
        for target in _imports(path):
            assert _layer(target) in ("core", "errors", "_version"), f"{_module_of(path)} imports {target}"
