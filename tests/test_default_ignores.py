"""Default ignores: dependencies, build output, virtual environments, caches,
lock files, minified files and source maps are left out of a folder walk as
``ignored:default`` where no ``.gitignore`` rule says otherwise."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codepith.cli import main
from codepith.core.discover import Candidate, walk, walk_roots

CODE = "def f(x):\n    return x + 1\n"
JS = "export function f(x) {\n  return x + 1;\n}\n"

#: a project as it looks on disk after installing and building, without a .gitignore
VENDORED = {
    "src/app.py": CODE,
    "src/web/index.js": JS,
    "node_modules/lodash/lodash.js": JS * 50,
    "packages/ui/node_modules/react/index.js": JS,
    "dist/app.js": JS,
    "build/lib/app.py": CODE,
    "vendor/github.com/x/y.go": "package y\n",
    ".venv/pyvenv.cfg": "home = /usr/bin\n",
    ".venv/lib/site.py": CODE,
    "env/venv/pyvenv.cfg": "home = /usr/bin\n",
    "src/__pycache__/app.cpython-311.pyc": "x",
    ".tox/py311/log.txt": "x",
    "rust/target/debug/app.d": "x",
    "package-lock.json": "{}\n",
    "yarn.lock": "# yarn\n",
    "pnpm-lock.yaml": "lockfileVersion: 9\n",
    "rust/Cargo.lock": "version = 3\n",
    "poetry.lock": "# poetry\n",
    "composer.lock": "{}\n",
    "Gemfile.lock": "GEM\n",
    "go.sum": "golang.org/x/text v0.3.0 h1:x=\n",
    "src/web/vendor.min.js": "var a=1;\n",
    "src/web/style.min.css": "a{}\n",
    "src/web/index.js.map": "{}\n",
    "debug.log": "oops\n",
}
IGNORED_FOLDERS = {
    "node_modules",
    "packages/ui/node_modules",
    "dist",
    "build",
    "vendor",
    ".venv",
    "env/venv",
    "src/__pycache__",
    ".tox",
    "rust/target",
}
IGNORED_FILES = {
    "package-lock.json",
    "yarn.lock",
    "pnpm-lock.yaml",
    "rust/Cargo.lock",
    "poetry.lock",
    "composer.lock",
    "Gemfile.lock",
    "go.sum",
    "src/web/vendor.min.js",
    "src/web/style.min.css",
    "src/web/index.js.map",
    "debug.log",
}


def make(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return root


def actions(root, **kw) -> dict[str, str]:
    return {e.path: "candidate" if isinstance(e, Candidate) else e.action for e in walk(root, **kw)}


def test_vendored_and_built_things_are_left_out_by_default(tmp_path):
    got = actions(make(tmp_path, VENDORED))
    assert {p for p, a in got.items() if a == "ignored:default"} == IGNORED_FOLDERS | IGNORED_FILES
    assert got["src/app.py"] == got["src/web/index.js"] == "candidate"
    folder = next(e for e in walk(tmp_path) if e.path == "node_modules")
    assert folder.folder and folder.files == 1
    assert "--no-default-ignores" in folder.reason and "node_modules/" in folder.reason


def test_no_default_ignores_walks_everything(tmp_path):
    got = actions(make(tmp_path, VENDORED), default_ignores=False)
    assert "ignored:default" not in got.values()
    assert got["node_modules/lodash/lodash.js"] == "candidate"


def test_source_folders_that_share_a_name_are_kept(tmp_path):
    make(
        tmp_path,
        {
            "go/build/build.go": "package build\n",  # Go's go/build: build/ holds only at the root
            "cmd/dist/main.go": "package main\n",
            "lib/venv/__init__.py": CODE,  # the standard library's venv package: no pyvenv.cfg
            "pkg/vendor.py": CODE,
            "target.py": CODE,
        },
    )
    assert set(actions(tmp_path).values()) == {"candidate"}


def test_a_gitignore_rule_decides_before_the_defaults(tmp_path):
    make(tmp_path, {**VENDORED, ".gitignore": "!dist/\n!package-lock.json\n/out/*\n!/out/keep.js\n", "out/keep.js": JS})
    got = actions(tmp_path)
    assert got["dist/app.js"] == "candidate"
    assert got["package-lock.json"] == "candidate"
    assert got["out/keep.js"] == "candidate"  # a '!' rule under out/ speaks for the folder
    assert got["node_modules"] == "ignored:default"


def test_a_gitignore_rule_that_ignores_names_itself(tmp_path):
    make(tmp_path, {**VENDORED, ".gitignore": "node_modules/\n"})
    got = actions(tmp_path)
    assert got["node_modules"] == "ignored:.gitignore:node_modules/"
    assert got["dist"] == "ignored:default"


def test_exclude_names_itself_before_the_defaults(tmp_path):
    got = actions(make(tmp_path, VENDORED), exclude=["vendor/"])
    assert got["vendor"] == "ignored:--exclude:vendor/"


def test_a_file_given_by_name_is_never_default_ignored(tmp_path):
    make(tmp_path, VENDORED)
    lock, lib = str(tmp_path / "package-lock.json"), str(tmp_path / "node_modules/lodash/lodash.js")
    got = dict(walk_roots([lock, lib]))
    assert all(isinstance(e, Candidate) for e in got.values())


def test_compress_reports_and_counts_the_default_ignores(tmp_path, capsys):
    root = make(tmp_path / "proj", VENDORED)
    out, report = tmp_path / "out.md", tmp_path / "report.json"
    assert main(["compress", str(root), "-o", str(out), "--report", str(report), "--no-cache", "-j", "1"]) == 0
    err = capsys.readouterr().err
    files = {r["path"]: r for r in json.loads(report.read_text())["files"]}
    assert {p for p, r in files.items() if r["action"] == "ignored:default"} == IGNORED_FOLDERS | IGNORED_FILES
    # counted by files: 11 in the ten folders (.venv holds two), and the 12 files
    assert "23 ignored:default" in err
    assert "lodash" not in out.read_text()
    assert "node_modules/ [ignored:default, 1 file]" in out.read_text()  # the header's tree says it too
    main(["compress", str(root), "-o", str(out), "--no-cache", "-j", "1", "--no-default-ignores", "-q"])
    assert "node_modules/lodash/lodash.js" in out.read_text()


def test_compress_a_named_file_in_a_vendored_folder(tmp_path, capsys):
    root = make(tmp_path, VENDORED)
    assert main(["compress", str(root / "node_modules/lodash/lodash.js")]) == 0
    assert "export function f(x)" in capsys.readouterr().out


@pytest.mark.parametrize(
    "name",
    [
        "node_modules/",
        "dist/",
        "build/",
        "vendor/",
        ".venv/",
        "venv/",
        "__pycache__/",
        ".tox/",
        "target/",
        "package-lock.json",
        "yarn.lock",
        "pnpm-lock.yaml",
        "Cargo.lock",
        "poetry.lock",
        "composer.lock",
        "Gemfile.lock",
        "go.sum",
        "*.min.*",
        "*.map",
        "--no-default-ignores",
    ],
)
def test_the_docs_list_each_default(name):
    readme = (Path(__file__).parent.parent / "docs" / "bulk.md").read_text()
    assert f"`{name}`" in readme


_NAME_PARTS = st.sampled_from(
    [
        "package",
        "-lock",
        ".json",
        ".min",
        ".js",
        ".py",
        "c",
        "o",
        "yarn",
        ".lock",
        "Cargo",
        ".map",
        ".DS_Store",
        "repomix-output",
        ".",
        "a",
        "*",
        "[",
        "\\",
        "é",
        ".eslintcache",
        "npm-debug.log",
        "pnpm-lock.yaml",
    ]
)


@given(st.lists(_NAME_PARTS, min_size=1, max_size=6).map("".join))
def test_hyp_the_first_test_of_a_name_never_misses_a_default_rule(name):
    """The joined expression only ever says "no rule matches" when the spec agrees (of a
    name: one part of a path, without "/")."""
    from codepith.fs.ignores import _any_file, _files

    if _files().check_file(name).include:
        assert _any_file().match(name) is not None


def test_every_default_file_rule_still_leaves_its_own_examples_out():
    from codepith.fs.ignores import DEFAULT_IGNORED_FILES, default_rule

    for rule in DEFAULT_IGNORED_FILES:
        name = rule.replace("*", "x").replace("[cod]", "c")
        assert default_rule(name, name, False, name) is not None, rule
