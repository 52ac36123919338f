"""The folders show the layers of CONTRIBUTING.md ("The rooms"), and no import runs back up.

fs (file-system and state plumbing) < core (the engine) < render (documents
drawn from results), deps (the files a file imports) < bulk, packer, memory
(policies, side by side) < pressure (a policy over the packer's dependency
finder), map (a policy over memory's definitions and the results cache) < mcp (the MCP face) < cli (the command-line face, which also starts
the MCP server) < the package root (``codepith/__init__`` re-exports the
public API). ``errors``, ``_version``, ``_lazy`` (names imported on first
use), ``_settings`` (options objects given by keyword) and ``_native`` (the
compiled module or its pure-Python twin) sit below
everything.
"""

import ast
from pathlib import Path

import codepith

PACKAGE = Path(codepith.__file__).resolve().parent
RANK = {
    "errors": 0,
    "_native": 0,
    "_version": 0,
    "_lazy": 0,
    "_settings": 0,
    "fs": 1,
    "core": 2,
    "render": 3,
    "deps": 3,
    "bulk": 4,
    "packer": 4,
    "memory": 4,
    "pressure": 5,
    "map": 5,
    "mcp": 6,
    "serve": 6,
    "cli": 7,
    "__init__": 8,
    "__main__": 8,
    "_entry": 8,
}


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


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:`` (never imported at run time)."""
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            hidden.update(id(n) for child in node.body for n in ast.walk(child))
    return hidden


def _imports(path: Path, *, at_run_time: bool = False) -> set[str]:
    module = _module_of(path)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hidden = _type_checking_only(tree) if at_run_time else set()
    for node in ast.walk(tree):
        if id(node) in hidden:
            continue
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
            assert _layer(target) in ("fs", "core", "errors", "_version", "_settings", "_native"), (
                f"{_module_of(path)} imports {target}"
            )


def test_the_plumbing_knows_no_engine():
    for path in (PACKAGE / "fs").rglob("*.py"):
        for target in _imports(path):
            assert _layer(target) in ("fs", "errors", "_version"), f"{_module_of(path)} imports {target}"


def test_no_import_circle_between_modules():
    graph = {_module_of(path): _imports(path, at_run_time=True) for path in PACKAGE.rglob("*.py")}
    known = set(graph)

    def targets(module: str) -> set[str]:
        # "from codepith.core import tokens" names a module; a name inside one counts as that module
        return {t if t in known else t.rsplit(".", 1)[0] for t in graph[module]} & known - {module}

    circles = []
    state: dict[str, int] = {}

    def visit(module: str, trail: list[str]) -> None:
        state[module] = 1
        for target in sorted(targets(module)):
            if state.get(target) == 1:
                circles.append(
                    " -> ".join(trail[trail.index(target) :] + [module, target])
                    if target in trail
                    else f"{module} -> {target}"
                )
            elif target not in state:
                visit(target, trail + [module])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [])
    assert circles == []
