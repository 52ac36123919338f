"""C and C++'s dependency resolver: `#include "…"` to files of the tree."""

from __future__ import annotations

from pathlib import Path

from codepith.packer.deps import direct_dependencies


def make(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_quoted_includes_resolve_beside_the_file_then_from_the_root(tmp_path):
    root = make(tmp_path, {
        "src/main.c": '#include <stdio.h>\n#include "util.h"\n#include "include/api.h"\n'
                      '#include "missing.h"\n#include "../../outside.h"\nint main(void) { return 0; }\n',
        "src/util.h": "int util(void);\n",
        "include/api.h": "#include \"types.h\"\n",
        "include/types.h": "typedef int t;\n",
    })
    assert direct_dependencies(root, "src/main.c") == ["src/util.h", "include/api.h"]
    assert direct_dependencies(root, "include/api.h") == ["include/types.h"]


def test_cpp_includes_inside_namespaces_and_conditionals(tmp_path):
    root = make(tmp_path, {
        "lib/a.cpp": '#ifdef X\n#include "b.hpp"\n#endif\nnamespace n {\n#include "c.ipp"\n}\n',
        "lib/b.hpp": "struct B {};\n",
        "lib/c.ipp": "int c();\n",
    })
    assert direct_dependencies(root, "lib/a.cpp") == ["lib/b.hpp", "lib/c.ipp"]
