"""Default ignores: what a tree holds that is not its source -- dependencies,
build output, virtual environments, caches, lock files, minified files and
source maps -- left out of a folder walk as ``ignored:default``.

They apply where no ``.gitignore`` rule says otherwise: a ``.gitignore`` rule
that matches an entry decides it (``!dist/`` brings a folder back), and
``--no-default-ignores`` turns them off. A FILE given by name is never
default-ignored (the walk only sees what is under a folder it was given).

The list follows repomix's defaults (``src/config/defaultIgnore.ts``), which
users of repository packers expect, with two differences:

- ``venv/`` and ``.venv/`` are left out only when they hold ``pyvenv.cfg``
  (every virtual environment does, PEP 405): the Python standard library has
  a ``venv`` package that is source;
- ``.env`` is not ignored: the secret check reads it and leaves it out only
  when it holds a credential, naming the finding.

Folder rules are names: one with a leading ``/`` holds only at the walked
root, as repomix's (``go/build`` and ``cmd/dist`` in Go's standard library
are source), the others at any depth -- but only on the folder itself, so a
folder a ``.gitignore`` rule brought back is walked whole. File rules are
gitignore patterns on a file's name, matched with ``pathspec``.
"""

from __future__ import annotations

import os
import re
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pathspec

__all__ = ["DEFAULT_IGNORED_FOLDERS", "DEFAULT_IGNORED_FILES", "VENV_FOLDERS", "default_rule", "DEFAULT_HINT"]

#: how a user brings a default-ignored entry back
DEFAULT_HINT = "--no-default-ignores (or a '!' rule in .gitignore) includes it"

#: folders left out whole (a leading ``/``: only at the walked root)
DEFAULT_IGNORED_FOLDERS = (
    # dependencies
    "node_modules",
    "bower_components",
    "jspm_packages",
    "/vendor",
    ".bundle",
    ".yarn",
    ".npm",
    # build output
    "/dist",
    "/build",
    "/out",
    "target",
    ".next",
    ".nuxt",
    ".svelte-kit",
    ".serverless",
    ".gradle",
    # caches and tool state
    "__pycache__",
    ".tox",
    ".nox",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".ipynb_checkpoints",
    ".parcel-cache",
    ".sass-cache",
    ".rollup.cache",
    ".webpack.cache",
    ".fusebox",
    ".dynamodb",
    "/coverage",
    ".nyc_output",
    "/lib-cov",
    "/.grunt",
    "/logs",
    "/tmp",
    "/temp",
    "/pids",
    "/typings",
    # editors and other version control
    ".idea",
    ".vscode",
    ".hg",
    ".svn",
)

#: folders left out when they are a Python virtual environment (hold ``pyvenv.cfg``)
VENV_FOLDERS = ("venv", ".venv")

#: files left out wherever they are (patterns on the file's name)
DEFAULT_IGNORED_FILES = (
    # lock files
    "package-lock.json",
    "npm-shrinkwrap.json",
    "yarn.lock",
    "pnpm-lock.yaml",
    "bun.lockb",
    "bun.lock",
    "Cargo.lock",
    "poetry.lock",
    "Pipfile.lock",
    "uv.lock",
    "pdm.lock",
    "composer.lock",
    "Gemfile.lock",
    "go.sum",
    "mix.lock",
    "stack.yaml.lock",
    "cabal.project.freeze",
    "Podfile.lock",
    "packages.lock.json",
    "flake.lock",
    "pubspec.lock",
    "Package.resolved",
    # minified files and source maps
    "*.min.*",
    "*.map",
    # compiled, logs, editor leftovers, archives
    "*.py[cod]",
    "*.log",
    "*.swp",
    "*.swo",
    "*.swn",
    "*.bak",
    "*.pid",
    "*.seed",
    "*.pid.lock",
    "*.tgz",
    "*.rs.bk",
    "Cargo.toml.orig",
    ".DS_Store",
    "Thumbs.db",
    ".node_repl_history",
    ".lock-wscript",
    ".yarn-integrity",
    ".hgignore",
    ".eslintcache",
    "repomix-output.*",
    "repopack-output.*",
)

_ANYWHERE = frozenset(n for n in DEFAULT_IGNORED_FOLDERS if not n.startswith("/"))
_AT_ROOT = frozenset(n[1:] for n in DEFAULT_IGNORED_FOLDERS if n.startswith("/"))


@cache
def _files() -> pathspec.GitIgnoreSpec:
    """:data:`DEFAULT_IGNORED_FILES` as one spec, made when first needed
    (``pathspec`` is imported then: a run that walks nothing does not load it)."""
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(DEFAULT_IGNORED_FILES)


@cache
def _any_file() -> re.Pattern[str]:
    """A first test of a file's name against every rule of :func:`_files` at
    once (their own expressions, joined): a name it does not match is matched
    by none of them (nearly every name; the spec then names the rule of one
    that is). Compiled when first needed."""
    return re.compile(
        "|".join(
            f"(?:{p.regex.pattern.replace('(?P<ps_d>', '(?:')})"
            for p in _files().patterns
            if p.include and p.regex is not None
        )
    )


def default_rule(rel: str, name: str, is_dir: bool, abspath: str) -> str | None:
    """The default rule that leaves out the entry ``rel`` (its path from the
    walked root; ``name`` its last part; ``abspath`` where it is), or None.
    A folder is matched by the folder rules, a file by its name."""
    if is_dir:
        if name in VENV_FOLDERS:
            return f"{name}/" if os.path.isfile(os.path.join(abspath, "pyvenv.cfg")) else None
        if name in _ANYWHERE:
            return f"{name}/"
        return f"/{name}/" if name in _AT_ROOT and rel == name else None
    if _any_file().match(name) is None:
        return None
    spec = _files()
    hit = spec.check_file(name)
    return _text(spec, hit.index) if hit.include else None


def _text(spec: pathspec.GitIgnoreSpec, index: int | None) -> str:
    if index is None:
        return "?"
    return str(getattr(spec.patterns[index], "pattern", "?"))
