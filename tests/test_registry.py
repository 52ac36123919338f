"""The language registry is complete: every registered language declares every
field with a legal value, ships its query files, has golden cases for every
level and a program generator for the property tests, and names a dependency
resolver that exists (or none, explicitly). A language added to the registry
without one of these fails here, not silently in a user's run."""

from __future__ import annotations

import ast
import dataclasses
import os
import re
from pathlib import Path

import pytest

import codepith
from codepith.core import registry
from codepith.core.languages import detect_language, languages, query_names, resolve_language, spec
from codepith.core.registry import SPECS, LanguageSpec, WrapperReach
from codepith.deps.finder import RESOLVERS, resolver_note
from golden import CASES, LEVEL_FILES, expected_path, inputs, language_of

QUERY_FILES = ("compress.scm", "blocks.scm", "tags.scm")
NAMES = sorted(SPECS)


def test_the_registry_is_what_codepith_compresses():
    assert sorted(languages()) == NAMES
    assert all(name == s.name for name, s in SPECS.items())


@pytest.mark.parametrize("name", NAMES)
def test_every_field_is_set_and_legal(name):
    s = SPECS[name]
    assert isinstance(s, LanguageSpec)
    for f in dataclasses.fields(LanguageSpec):
        value = getattr(s, f.name)
        # None is a legal value only where it means "this language has none"
        if f.name in ("resolver", "block_comment", "wrapper_reach", "references", "scanner_guard", "regions"):
            continue
        assert value is not None, f"{name}: {f.name} is not set"
    assert s.grammar and s.fence and s.line_comment.strip() == s.line_comment
    assert s.line_comment or s.block_comment, f"{name}: no comment markers at all"
    assert s.extensions and all(e.startswith(".") and e == e.lower() for e in s.extensions)
    assert s.placeholder in registry.PLACEHOLDERS
    assert s.doc_grouping in registry.DOC_GROUPING
    assert s.export_rule in registry.EXPORT_RULES
    assert s.file_doc_rule in registry.FILE_DOC_RULES
    assert s.block_comment is None or (len(s.block_comment) == 2 and all(s.block_comment))
    assert s.wrapper_reach is None or isinstance(s.wrapper_reach, WrapperReach)
    assert s.entry_files and all("/" not in e for e in s.entry_files)
    assert isinstance(s.receiver_qualifies, bool) and isinstance(s.type_keyword, str)
    if s.references is not None:
        scan = s.references
        for pattern in (scan.imports, scan.packages, scan.header_end):
            assert pattern is None or re.compile(pattern, re.MULTILINE)
        assert scan.packages is None or re.compile(scan.packages).groups == 2, f"{name}: packages needs (alias, path)"
        assert scan.header_end is None or scan.packages is not None, f"{name}: header_end without packages"
    assert s.scanner_guard is None or re.compile(s.scanner_guard).groups == 0
    if s.regions is not None:  # every language a region may be in is registered, and has no regions itself
        held = {lang for _kind, lang in s.regions.defaults} | {lang for _value, lang in s.regions.values}
        assert held <= set(SPECS) and all(SPECS[lang].regions is None for lang in held), held
        assert "regions" in query_names(name), f"{name}: regions without queries/{name}/regions.scm"


def test_extensions_and_aliases_name_one_language_each():
    seen: dict[str, str] = {}
    for s in SPECS.values():
        for key in (*s.extensions, *s.aliases, s.name):
            assert seen.setdefault(key, s.name) == s.name, f"{key} is claimed by {seen[key]} and {s.name}"


@pytest.mark.parametrize("name", NAMES)
def test_names_aliases_and_extensions_resolve_to_the_language(name):
    s = SPECS[name]
    assert spec(name) is s
    for alias in (name, *s.aliases):
        assert resolve_language(alias) == name
        assert resolve_language(alias.upper()) == name
    for ext in s.extensions:
        assert detect_language(f"dir/file{ext}") == name


@pytest.mark.parametrize("name", NAMES)
def test_every_language_ships_its_query_files(name):
    folder = Path(codepith.__file__).parent / "queries" / name
    for query in QUERY_FILES:
        path = folder / query
        assert path.is_file() and path.read_text(encoding="utf-8").strip(), f"{name}: {query} is missing"


@pytest.mark.parametrize("name", NAMES)
def test_every_language_has_golden_cases_for_every_level(name):
    cases = [case for case in inputs() if language_of(case) == name]
    assert cases, f"{name}: no golden cases in {CASES / name}"
    for case in cases:
        for variant in LEVEL_FILES:
            assert expected_path(case, variant).is_file(), f"{case.name}: no expected {variant} output"


@pytest.mark.parametrize("name", NAMES)
def test_the_resolver_exists_or_is_none(name):
    resolver = SPECS[name].resolver
    assert resolver is None or resolver in RESOLVERS
    ext = SPECS[name].extensions[0]
    note = resolver_note(f"src/file{ext}")
    assert (note is None) == (resolver is not None)


def test_a_language_without_a_resolver_says_so(monkeypatch):
    # never another language's rules: a registered language with no resolver
    # is named in a note, and its files resolve to no dependencies
    without = dataclasses.replace(SPECS["go"], resolver=None)
    monkeypatch.setitem(SPECS, "go", without)
    assert resolver_note("cmd/main.go").startswith("no resolver for go")


def test_the_pack_audit_says_when_a_language_has_no_resolver(tmp_path, monkeypatch):
    import json

    import codepith

    (tmp_path / "go.mod").write_text("module example.com/m\n")
    (tmp_path / "main.go").write_text('package main\n\nimport "example.com/m/util"\n\nfunc main() { util.F() }\n')
    (tmp_path / "util").mkdir()
    (tmp_path / "util" / "util.go").write_text("package util\n\nfunc F() {}\n")
    audit = tmp_path / "audit.jsonl"
    followed = codepith.pack(tmp_path, pr_paths=["main.go"], deps=True, mode="compact", audit=audit)
    assert any(item.path == "util/util.go" for item in followed.items) and not followed.deps_notes

    monkeypatch.setitem(SPECS, "go", dataclasses.replace(SPECS["go"], resolver=None))
    result = codepith.pack(tmp_path, pr_paths=["main.go"], deps=True, mode="compact", audit=audit)
    # no other language's rules stand in: the import is not followed, and the audit says why
    assert not any(item.path == "util/util.go" for item in result.items)
    last = json.loads(audit.read_text().splitlines()[-1])
    assert last["deps_notes"] == [resolver_note("main.go")]
    assert last["deps_notes"][0].startswith("no resolver for go")


# Language facts live in the registry and the resolvers; code elsewhere that
# tests a language's name would not learn of a language added as data. The
# labels of the pure-Python twins (`IMPLEMENTATION = "python"`) name an
# implementation, not a language.
_LABELS = {"IMPLEMENTATION", "TWIN"}


def _name_literals(path: Path, names: set[str]) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    labels = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in _LABELS for t in node.targets)
    }
    return [
        f"{path}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in names and id(node) not in labels
    ]


def test_no_language_name_is_written_outside_the_registry_and_resolvers():
    src = Path(codepith.__file__).parent
    resolvers = {src / "deps" / f"{s.resolver}.py" for s in SPECS.values() if s.resolver}
    allowed = {src / "core" / "registry.py"} | resolvers
    found = [
        hit for path in sorted(src.rglob("*.py")) if path not in allowed for hit in _name_literals(path, set(NAMES))
    ]
    assert not found, "language names written outside the registry:\n" + "\n".join(found)


def test_the_name_check_sees_a_language_name(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('IMPLEMENTATION = "python"\nif language == "go":\n    pass\n', encoding="utf-8")
    assert _name_literals(sample, set(NAMES)) == [f"{sample}:2: {'go'!r}"]


def test_the_rules_digest_is_the_same_in_every_process_and_follows_the_registry(monkeypatch):
    """Cache keys hold it: it must not depend on the hash seed (the registry
    holds sets), and a change to a language's entry must change it."""
    import subprocess
    import sys

    from codepith.core import languages as languages_module

    code = "from codepith.core.languages import rules_digest; print(rules_digest())"
    seen = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": seed}
        ).stdout.strip()
        for seed in ("1", "2", "3")
    }
    assert len(seen) == 1 and len(seen.pop()) == 24
    before = languages_module.rules_digest()
    changed = dict(SPECS, go=dataclasses.replace(SPECS["go"], fence="golang"))
    monkeypatch.setattr(languages_module, "SPECS", changed)
    languages_module.rules_digest.cache_clear()
    try:
        assert languages_module.rules_digest() != before
    finally:
        languages_module.rules_digest.cache_clear()
