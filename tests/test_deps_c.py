"""C and C++'s dependency resolver: `#include "…"` to files of the tree."""

from __future__ import annotations

from pathlib import Path

from codepith.deps.finder import direct_dependencies


def make(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_quoted_includes_resolve_beside_the_file_then_from_the_root(tmp_path):
    root = make(
        tmp_path,
        {
            "src/main.c": '#include <stdio.h>\n#include "util.h"\n#include "include/api.h"\n'
            '#include "missing.h"\n#include "../../outside.h"\nint main(void) { return 0; }\n',
            "src/util.h": "int util(void);\n",
            "include/api.h": '#include "types.h"\n',
            "include/types.h": "typedef int t;\n",
        },
    )
    assert direct_dependencies(root, "src/main.c") == ["src/util.h", "include/api.h"]
    assert direct_dependencies(root, "include/api.h") == ["include/types.h"]


def test_cpp_includes_inside_namespaces_and_conditionals(tmp_path):
    root = make(
        tmp_path,
        {
            "lib/a.cpp": '#ifdef X\n#include "b.hpp"\n#endif\nnamespace n {\n#include "c.ipp"\n}\n',
            "lib/b.hpp": "struct B {};\n",
            "lib/c.ipp": "int c();\n",
        },
    )
    assert direct_dependencies(root, "lib/a.cpp") == ["lib/b.hpp", "lib/c.ipp"]


def test_a_header_is_c_unless_its_bytes_hold_cpp():
    from codepith import compress
    from codepith.core.languages import detect_language

    assert detect_language("a.h") == "c"
    assert detect_language("a.h", b"struct s { int x; };\nint f(void);\n") == "c"
    assert detect_language("a.h", b"namespace n {\nint f();\n}\n") == "cpp"
    assert detect_language("a.h", b"class Widget {\npublic:\n  int f();\n};\n") == "cpp"
    assert detect_language("a.h", b"int f() { return std::max(1, 2); }\n") == "cpp"
    assert detect_language("a.hpp", b"int f(void);\n") == "cpp"
    assert compress(b"namespace n { int f(); }\n", path="x.h").language == "cpp"
    assert compress(b"namespace n { int f(); }\n", path="x.h", language="c").language == "c"
