"""Rust's dependency resolver: `mod x;` and `use` paths to the crate's files."""

from __future__ import annotations

import textwrap
from pathlib import Path

from codepith.deps.finder import direct_dependencies


def make(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


CRATE = {
    "Cargo.toml": "[package]\nname = 'shop'\n",
    "src/lib.rs": """\
        mod a;
        pub mod c;
        mod util { mod inner; }
        #[path = "other.rs"]
        mod q;
        use crate::a::b::C;
        use crate::{c::{self, D as E}, f::*};
        use std::io;
        use ::serde::Serialize;
        """,
    "src/a/mod.rs": "pub mod b;\n",
    "src/a/b.rs": "use super::super::c::D;\nuse self::deep::Z;\nmod deep;\nuse f::G;\n",
    "src/a/b/deep.rs": "",
    "src/c/mod.rs": "",
    "src/other.rs": "",
    "src/util/inner.rs": "",
    "src/f.rs": "",
    "src/unused.rs": "",
}


def test_rust_mod_declarations_and_crate_paths(tmp_path):
    make(tmp_path, CRATE)
    assert direct_dependencies(tmp_path, "src/lib.rs") == [
        "src/a/mod.rs",
        "src/c/mod.rs",
        "src/util/inner.rs",
        "src/other.rs",
        "src/a/b.rs",
        "src/f.rs",
    ]


def test_rust_self_super_and_bare_paths_from_a_submodule(tmp_path):
    make(tmp_path, CRATE)
    # `super::super::c`, `mod deep;` of a non-mod.rs file (in `a/b/`), a bare
    # path from the crate root (2015 edition)
    assert direct_dependencies(tmp_path, "src/a/b.rs") == ["src/c/mod.rs", "src/a/b/deep.rs", "src/f.rs"]
    assert direct_dependencies(tmp_path, "src/a/mod.rs") == ["src/a/b.rs"]


def test_rust_crate_without_cargo_toml_and_missing_files(tmp_path):
    make(
        tmp_path,
        {
            "crate/lib.rs": "mod x;\nmod gone;\nuse crate::y::Z;\nuse crate::nowhere::W;\n",
            "crate/x/mod.rs": "",
            "crate/y.rs": "",
        },
    )
    assert direct_dependencies(tmp_path, "crate/lib.rs") == ["crate/x/mod.rs", "crate/y.rs"]
