"""direct_dependencies: the files of a tree one file imports, per language."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from codepith.deps.context import Context
from codepith.deps.finder import direct_dependencies
from codepith.errors import InvalidOption


def make(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


# --------------------------------------------------------------------------- Python


def test_python_absolute_modules_and_packages(tmp_path):
    make(
        tmp_path,
        {
            "app/__init__.py": "",
            "app/main.py": """\
            import os, sys
            import app.util
            import app.models as m
            from app import helpers
            from app.models import User
            from app.models.base import Base, missing
            from app import not_a_module
            from app.nothing import x
            import requests
            """,
            "app/util.py": "",
            "app/helpers.py": "",
            "app/models/__init__.py": "",
            "app/models/base.py": "",
        },
    )
    assert direct_dependencies(tmp_path, "app/main.py") == [
        "app/util.py",
        "app/models/__init__.py",
        "app/helpers.py",
        "app/models/base.py",
        "app/__init__.py",
    ]


def test_python_dotted_import_needs_the_exact_module(tmp_path):
    make(
        tmp_path,
        {
            "a/__init__.py": "",
            "a/b/__init__.py": "",
            "a/b/c.py": "",
            "main.py": "import a.b.c\nimport a.b.zzz\n",
        },
    )
    assert direct_dependencies(tmp_path, "main.py") == ["a/b/c.py"]


def test_python_from_import_prefers_the_submodule(tmp_path):
    make(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/mod.py": "",  # shadowed by the package, as in Python
            "pkg/mod/__init__.py": "",
            "pkg/mod/sub.py": "",
            "pkg/other.py": "",
            "main.py": "from pkg.mod import sub, thing\nfrom pkg import other, mod\n",
        },
    )
    assert direct_dependencies(tmp_path, "main.py") == [
        "pkg/mod/sub.py",
        "pkg/mod/__init__.py",
        "pkg/other.py",
    ]


def test_python_relative_imports(tmp_path):
    make(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/shared.py": "",
            "pkg/tools/__init__.py": "",
            "pkg/tools/fmt.py": "",
            "pkg/sub/__init__.py": "",
            "pkg/sub/sibling.py": "",
            "pkg/sub/inner/__init__.py": "",
            "pkg/sub/mod.py": """\
            from . import sibling
            from .inner import anything
            from .. import shared
            from ..tools import fmt
            from ..tools import helper_function
            from .sibling import *
            from . import absent
            from .... import too_far
            """,
        },
    )
    assert direct_dependencies(tmp_path, "pkg/sub/mod.py") == [
        "pkg/sub/sibling.py",
        "pkg/sub/inner/__init__.py",
        "pkg/shared.py",
        "pkg/tools/fmt.py",
        "pkg/tools/__init__.py",
        "pkg/sub/__init__.py",  # `from . import absent`: the package itself
    ]


def test_python_relative_import_from_a_package_init(tmp_path):
    make(
        tmp_path,
        {
            "pkg/__init__.py": "from .core import run\nfrom . import extra\n",
            "pkg/core.py": "",
            "pkg/extra/__init__.py": "",
        },
    )
    assert direct_dependencies(tmp_path, "pkg/__init__.py") == ["pkg/core.py", "pkg/extra/__init__.py"]


def test_python_src_layout(tmp_path):
    make(
        tmp_path,
        {
            "src/mylib/__init__.py": "from mylib.core import f\n",
            "src/mylib/core.py": "",
            "tests/test_core.py": "import mylib\nfrom mylib import core\nimport pytest\n",
        },
    )
    assert direct_dependencies(tmp_path, "tests/test_core.py") == [
        "src/mylib/__init__.py",
        "src/mylib/core.py",
    ]
    assert direct_dependencies(tmp_path, "src/mylib/__init__.py") == ["src/mylib/core.py"]


def test_python_package_in_a_subfolder_resolves_against_its_parent(tmp_path):
    make(
        tmp_path,
        {
            "services/api/app/__init__.py": "",
            "services/api/app/config.py": "",
            "services/api/app/main.py": "from app import config\nimport app.db\n",
            "services/api/app/db.py": "",
            "scripts/run.py": "import helper\n",
            "scripts/helper.py": "",
        },
    )
    assert direct_dependencies(tmp_path, "services/api/app/main.py") == [
        "services/api/app/config.py",
        "services/api/app/db.py",
    ]
    # a script outside any package imports its neighbours
    assert direct_dependencies(tmp_path, "scripts/run.py") == ["scripts/helper.py"]


def test_python_nested_imports_count(tmp_path):
    make(
        tmp_path,
        {
            "a.py": "",
            "b.py": "",
            "c.py": "",
            "d.py": "",
            "e.py": "",
            "main.py": """\
            from __future__ import annotations
            from typing import TYPE_CHECKING
            if TYPE_CHECKING:
                import a
            try:
                import b
            except ImportError:
                from c import thing
            def f():
                import d
                class K:
                    from e import g
            """,
        },
    )
    assert direct_dependencies(tmp_path, "main.py") == ["a.py", "b.py", "c.py", "d.py", "e.py"]


def test_python_order_dedup_and_self(tmp_path):
    make(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/z.py": "",
            "pkg/a.py": "",
            "pkg/me.py": """\
            from pkg import z
            import pkg.a
            from . import me
            import pkg.me
            from pkg import z as again
            from .a import x
            """,
        },
    )
    assert direct_dependencies(tmp_path, "pkg/me.py") == ["pkg/z.py", "pkg/a.py"]


def test_python_stub_file_and_syntax_errors(tmp_path):
    make(
        tmp_path,
        {
            "a.py": "",
            "b.py": "",
            "broken.py": "import a\ndef f(:\n    ))) \nimport b\n",
            "types.pyi": "import a\n",
        },
    )
    assert direct_dependencies(tmp_path, "broken.py") == ["a.py", "b.py"]
    assert direct_dependencies(tmp_path, "types.pyi") == ["a.py"]


# --------------------------------------------------------------------------- JavaScript / TypeScript


def test_ts_extension_and_index_resolution(tmp_path):
    make(
        tmp_path,
        {
            "src/main.ts": """\
            import React from 'react';
            import { a } from './a';
            import type { T } from "./types";
            import './side-effect';
            import { b } from '../lib/b';
            import { c } from './components';
            import * as d from './dir/';
            import cfg from './config.json';
            import { s } from '@scope/pkg/sub';
            import { e } from './missing';
            """,
            "src/a.ts": "",
            "src/a.js": "",  # .ts wins
            "src/types.d.ts": "",
            "src/side-effect.mjs": "",
            "lib/b.tsx": "",
            "src/components/index.tsx": "",
            "src/components.d": "",
            "src/dir/index.js": "",
            "src/config.json": "{}",
        },
    )
    assert direct_dependencies(tmp_path, "src/main.ts") == [
        "src/a.ts",
        "src/types.d.ts",
        "src/side-effect.mjs",
        "lib/b.tsx",
        "src/components/index.tsx",
        "src/dir/index.js",
        "src/config.json",
    ]


def test_ts_extension_order(tmp_path):
    names = ["x.cts", "x.mts", "x.cjs", "x.mjs", "x.jsx", "x.js", "x.d.ts", "x.tsx", "x.ts"]
    make(tmp_path, {name: "" for name in names})
    make(tmp_path, {"main.ts": "import './x';\n"})
    expected = [".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts"]
    for ext in expected:
        assert direct_dependencies(tmp_path, "main.ts") == ["x" + ext]
        (tmp_path / ("x" + ext)).unlink()
    assert direct_dependencies(tmp_path, "main.ts") == []


def test_exact_file_wins_over_extensions(tmp_path):
    make(tmp_path, {"x": "", "x.ts": "", "main.js": "require('./x');\n"})
    assert direct_dependencies(tmp_path, "main.js") == ["x"]


def test_folder_index_and_dot_specifiers(tmp_path):
    make(
        tmp_path,
        {
            "index.ts": "",
            "pkg/index.mjs": "",
            "pkg/sub/main.js": "import '..';\nimport '../..';\nimport '.';\n",
        },
    )
    assert direct_dependencies(tmp_path, "pkg/sub/main.js") == ["pkg/index.mjs", "index.ts"]


def test_ts_esm_js_specifier_maps_to_ts(tmp_path):
    make(
        tmp_path,
        {
            "src/index.ts": """\
            import { a } from './a.js';
            import { b } from './b.js';
            import { c } from './c.js';
            import { d } from './d.mjs';
            import { e } from './e.jsx';
            """,
            "src/a.ts": "",
            "src/b.tsx": "",
            "src/c.js": "",
            "src/c.ts": "",  # the .js file exists: it is the one imported
            "src/d.mts": "",
            "src/e.tsx": "",
        },
    )
    assert direct_dependencies(tmp_path, "src/index.ts") == [
        "src/a.ts",
        "src/b.tsx",
        "src/c.js",
        "src/d.mts",
        "src/e.tsx",
    ]


def test_js_require_dynamic_import_and_export_from(tmp_path):
    make(
        tmp_path,
        {
            "lib/main.js": """\
            const path = require('path');
            const a = require('./a');
            const lazy = () => import('./lazy');
            const tpl = import(`./tpl`);
            const dyn = import(`./${name}`);
            const notLiteral = require(someVar);
            export { x } from './x';
            export * from './star';
            export * as ns from './ns';
            export const local = 1;
            module.exports = require('./reexport');
            """,
            "lib/a.js": "",
            "lib/lazy.js": "",
            "lib/tpl.js": "",
            "lib/x.js": "",
            "lib/star.cjs": "",
            "lib/ns/index.js": "",
            "lib/reexport.js": "",
        },
    )
    assert direct_dependencies(tmp_path, "lib/main.js") == [
        "lib/a.js",
        "lib/lazy.js",
        "lib/tpl.js",
        "lib/x.js",
        "lib/star.cjs",
        "lib/ns/index.js",
        "lib/reexport.js",
    ]


def test_ts_import_equals_require_and_type_imports(tmp_path):
    make(
        tmp_path,
        {
            "main.ts": """\
            import fs = require('fs');
            import legacy = require('./legacy');
            export type { T } from './types';
            type M = typeof import('./mod');
            """,
            "legacy.ts": "",
            "types.ts": "",
            "mod.ts": "",
        },
    )
    assert direct_dependencies(tmp_path, "main.ts") == ["legacy.ts", "types.ts", "mod.ts"]


def test_tsx_and_bare_specifiers_ignored(tmp_path):
    make(
        tmp_path,
        {
            "app/App.tsx": """\
            import React, { useState } from "react";
            import { Button } from "@ui/button";
            import lodash from "lodash/fp";
            import Header from "./Header";
            import "/absolute/path";
            export default function App() { return <Header />; }
            """,
            "app/Header.tsx": "",
            "react.ts": "",
            "lodash/fp.js": "",
        },
    )
    assert direct_dependencies(tmp_path, "app/App.tsx") == ["app/Header.tsx"]


def test_js_order_dedup_and_self(tmp_path):
    make(
        tmp_path,
        {
            "main.js": """\
            import b from './b';
            import a from './a.js';
            const again = require('./b.js');
            import me from './main';
            import meToo from './main.js';
            export * from './a';
            """,
            "a.js": "",
            "b.js": "",
        },
    )
    assert direct_dependencies(tmp_path, "main.js") == ["b.js", "a.js"]


def test_js_escaping_root_lexically(tmp_path):
    root = tmp_path / "root"
    make(tmp_path, {"outside.js": "", "root/main.js": "import '../outside';\nimport '../root/in';\n", "root/in.js": ""})
    assert direct_dependencies(root, "main.js") == ["in.js"]


# --------------------------------------------------------------------------- Go


GO_TREE = {
    "go.mod": "// the module\nmodule example.com/shop\n\ngo 1.22\n\nrequire github.com/x/y v1.0.0\n",
    "cmd/server/main.go": """\
        package main

        import (
            "fmt"
            "net/http"

            "example.com/shop/internal/store"
            api "example.com/shop/pkg/api"
            _ "example.com/shop/pkg/api"
            "example.com/shoppe/other"
            "github.com/x/y"
        )

        import "example.com/shop"

        func main() { fmt.Println(store.X, api.Y, http.StatusOK) }
        """,
    "cmd/server/flags.go": "package main\n",
    "internal/store/store.go": "package store\n",
    "internal/store/memory.go": "package store\n",
    "internal/store/store_test.go": "package store\n",
    "internal/store/README.md": "",
    "internal/store/_scratch.go": "package store\n",
    "pkg/api/api.go": "package api\n",
    "pkg/api/sub/deeper.go": "package sub\n",
    "shop.go": "package shop\n",
    "doc_test.go": "package shop\n",
}


def test_go_module_packages(tmp_path):
    make(tmp_path, GO_TREE)
    assert direct_dependencies(tmp_path, "cmd/server/main.go") == [
        "internal/store/memory.go",
        "internal/store/store.go",
        "pkg/api/api.go",
        "shop.go",
    ]
    # only the standard library and nothing at all
    assert direct_dependencies(tmp_path, "cmd/server/flags.go") == []


def test_go_module_in_a_subfolder_and_nested_modules(tmp_path):
    make(
        tmp_path,
        {
            "services/billing/go.mod": 'module "corp.io/billing" // quoted\n',
            "services/billing/main.go": (
                'package main\n\nimport (\n\t"corp.io/billing/ledger"\n\t"corp.io/billing/plugin"\n'
                "\t`corp.io/billing/raw`\n)\n"
            ),
            "services/billing/ledger/ledger.go": "package ledger\n",
            "services/billing/plugin/go.mod": "module corp.io/billing/plugin\n",
            "services/billing/plugin/plugin.go": "package plugin\n",
            "services/billing/raw/raw.go": "package raw\n",
        },
    )
    assert direct_dependencies(tmp_path, "services/billing/main.go") == [
        "services/billing/ledger/ledger.go",
        "services/billing/raw/raw.go",
    ]


def test_go_without_go_mod_inside_root(tmp_path):
    make(
        tmp_path,
        {
            "go.mod": "module example.com/m\n",
            "root/main.go": 'package main\n\nimport "example.com/m/lib"\n',
            "root/lib/lib.go": "package lib\n",
        },
    )
    # the go.mod above the root is not looked at
    assert direct_dependencies(tmp_path / "root", "main.go") == []
    assert direct_dependencies(tmp_path, "root/main.go") == []  # lib is at root/lib, not lib


def test_go_package_importing_itself_is_not_returned(tmp_path):
    make(
        tmp_path,
        {
            "go.mod": "module example.com/m\n",
            "a/a.go": 'package a\n\nimport "example.com/m/a"\n',
            "a/b.go": "package a\n",
        },
    )
    assert direct_dependencies(tmp_path, "a/a.go") == ["a/b.go"]


# --------------------------------------------------------------------------- everything


def test_other_languages_and_missing_files(tmp_path):
    make(tmp_path, {"README.md": "import a\n", "a.py": "", "Makefile": "include a.py\n"})
    assert direct_dependencies(tmp_path, "README.md") == []
    assert direct_dependencies(tmp_path, "Makefile") == []
    assert direct_dependencies(tmp_path, "nope.py") == []
    assert direct_dependencies(tmp_path, "../a.py") == []
    assert direct_dependencies(tmp_path / "missing-root", "a.py") == []


def test_unreadable_and_binary_files(tmp_path):
    make(tmp_path, {"a.py": ""})
    (tmp_path / "bin.py").write_bytes(b"\xff\xfe\x00import a\n\x00\x80from . import a\n")
    assert direct_dependencies(tmp_path, "bin.py") == ["a.py"]
    (tmp_path / "dir.py").mkdir()
    assert direct_dependencies(tmp_path, "dir.py") == []


def test_pathlike_root_and_string_root(tmp_path):
    make(tmp_path, {"a.py": "", "main.py": "import a\n"})
    assert direct_dependencies(str(tmp_path), "main.py") == ["a.py"]
    assert direct_dependencies(tmp_path, "./main.py") == ["a.py"]


def _symlink(target: Path, link: Path) -> None:
    link.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(target, link)


def test_symlinks_leaving_the_root_are_dropped(tmp_path):
    outside = make(
        tmp_path / "outside",
        {
            "evil.py": "",
            "evil.ts": "",
            "pkg/mod.py": "",
            "gopkg/x.go": "package x\n",
        },
    )
    root = make(
        tmp_path / "root",
        {
            "ok.py": "",
            "main.py": "import evil\nimport pkg.mod\nimport ok\n",
            "main.ts": "import './evil';\nimport './linked/x';\n",
            "linked/x.ts": "",
            "go.mod": "module m\n",
            "cmd/main.go": 'package main\n\nimport "m/gopkg"\n',
        },
    )
    _symlink(outside / "evil.py", root / "evil.py")
    _symlink(outside / "pkg", root / "pkg")
    _symlink(outside / "evil.ts", root / "evil.ts")
    _symlink(outside / "gopkg", root / "gopkg")
    assert direct_dependencies(root, "main.py") == ["ok.py"]
    assert direct_dependencies(root, "main.ts") == ["linked/x.ts"]
    assert direct_dependencies(root, "cmd/main.go") == []


def test_symlinks_inside_the_root_keep_their_path_and_dedupe(tmp_path):
    root = make(
        tmp_path,
        {
            "real/util.ts": "",
            "main.ts": "import './alias/util';\nimport './real/util';\nimport './self';\n",
        },
    )
    _symlink(root / "real", root / "alias")
    _symlink(root / "main.ts", root / "self.ts")
    assert direct_dependencies(root, "main.ts") == ["alias/util.ts"]


def test_importing_file_outside_root_via_symlink(tmp_path):
    make(tmp_path, {"outside/main.py": "import a\n", "root/a.py": ""})
    _symlink(tmp_path / "outside" / "main.py", tmp_path / "root" / "main.py")
    assert direct_dependencies(tmp_path / "root", "main.py") == []


def test_broken_symlink_is_not_a_dependency(tmp_path):
    root = make(tmp_path, {"main.js": "require('./gone');\nrequire('./here');\n", "here.js": ""})
    _symlink(root / "nowhere.js", root / "gone.js")
    assert direct_dependencies(root, "main.js") == ["here.js"]


def test_a_path_outside_the_root_names_the_parameter_and_gives_nothing(tmp_path):
    make(tmp_path, {"a.py": "import b\n", "b.py": ""})
    for bad in ("/etc/passwd", "../a.py", ".", ""):
        with pytest.raises(InvalidOption) as info:
            Context(str(tmp_path), bad)
        assert info.value.parameter == "path" and str(info.value).startswith("path=: ")
        assert direct_dependencies(tmp_path, bad) == []
    assert direct_dependencies(tmp_path, "a.py") == ["b.py"]
