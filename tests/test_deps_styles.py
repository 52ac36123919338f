"""The CSS and SCSS dependency resolvers: `@import` relative to the stylesheet,
Sass's `@use`/`@forward`/`@import` through partials and index files."""

from __future__ import annotations

from pathlib import Path

from codepith.deps.finder import direct_dependencies

SITE = {
    "css/site.css": '@charset "utf-8";\n@import "base.css";\n@import url(print.css) print;\n'
    '@import url("https://fonts.example.com/a.css");\n@import url(//cdn.example.com/b.css);\n'
    '@import "/root.css";\n@import "missing.css";\n@namespace svg url(http://www.w3.org/2000/svg);\n'
    "body { color: red; }\n",
    "css/base.css": "html { margin: 0; }\n",
    "css/print.css": "@import 'base.css?v=2';\n",
    "root.css": "",
    "scss/main.scss": '@use "sass:math";\n@use "tokens";\n@forward "components/buttons";\n'
    '@import "legacy/reset", "grid";\n@use "theme";\n@import "vendor.css";\n@use "pkg-module";\n'
    ".a { b: c; }\n",
    "scss/_tokens.scss": "$x: 1;\n",
    "scss/components/_buttons.scss": '@use "../tokens";\n@use "shared/mixins";\n',
    "scss/legacy/reset.scss": "",
    "scss/_grid.scss": "",
    "scss/theme/_index.scss": "",
    "scss/vendor.css": "",
    "shared/_mixins.scss": "@mixin m { }\n",
}


def make(root: Path) -> Path:
    for rel, text in SITE.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_css_imports_are_relative_urls_to_files_of_the_tree(tmp_path):
    root = make(tmp_path)
    # URLs with a scheme, protocol-relative and site-absolute ones, and missing files are not followed
    assert direct_dependencies(root, "css/site.css") == ["css/base.css", "css/print.css"]
    assert direct_dependencies(root, "css/print.css") == ["css/base.css"]  # a query string names the same file


def test_scss_loads_partials_index_files_and_plain_css(tmp_path):
    root = make(tmp_path)
    assert direct_dependencies(root, "scss/main.scss") == [
        "scss/_tokens.scss",
        "scss/components/_buttons.scss",
        "scss/legacy/reset.scss",
        "scss/_grid.scss",
        "scss/theme/_index.scss",
        "scss/vendor.css",
    ]


def test_scss_looks_in_the_folder_then_the_root(tmp_path):
    root = make(tmp_path)
    assert direct_dependencies(root, "scss/components/_buttons.scss") == [
        "scss/_tokens.scss",
        "shared/_mixins.scss",
    ]


def test_a_stylesheet_that_does_not_parse_costs_only_its_imports(tmp_path):
    (tmp_path / "a.scss").write_bytes(b'@use "b";\n.x { @@@ {{{ \xff\n')
    (tmp_path / "_b.scss").write_text("", encoding="utf-8")
    assert direct_dependencies(tmp_path, "a.scss") == ["_b.scss"]
