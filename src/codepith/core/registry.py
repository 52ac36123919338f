"""The language registry: everything codepith knows about a language outside
its query files, in one declaration per language.

Adding a language means one :class:`LanguageSpec` here, its query files in
``queries/<name>/`` (``compress.scm``, ``blocks.scm``, ``tags.scm``; a
``declarations.scm`` where it has module scopes) and golden cases in
``tests/cases/<name>/``. No Python module branches on a language's name: each
reads the spec (or a query capture), and a rule a language lacks is an explicit
``None``, never another language's rule. ``tests/test_registry.py`` walks the
registry and fails when a field, a query file or golden cases are missing.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal

__all__ = [
    "LanguageSpec",
    "WrapperReach",
    "ReferenceScan",
    "Regions",
    "SPECS",
    "CONTENT_HINTS",
    "PLACEHOLDERS",
    "DOC_GROUPING",
    "EXPORT_RULES",
    "FILE_DOC_RULES",
]


@dataclass(frozen=True)
class WrapperReach:
    """How a function handed to top-level code is reached, for languages whose
    files wrap their definitions in functions (bundles, loaders, test suites).

    From each statement of the file (and of every body that is kept), codepith
    follows ``statements`` and ``through`` nodes down to the functions of kind
    ``functions``: those are candidates, descended into when their body holds a
    definition or an import. Node kinds are the grammar's, data for the engine
    (which never tests a kind by name itself).
    """

    #: statement kinds whose children are followed (an expression statement, an
    #: ``if`` around a loader call, a ``return`` of a module object); a function
    #: directly under one of these is a value, not a wrapped function. A
    #: declaration is not followed: ``const C = memo(() => {…})`` defines ``C``,
    #: and its body is elided like any function's
    statements: frozenset[str]
    #: expression kinds a function is reached through (and wrapped by): calls and
    #: their arguments, parentheses, unary operators, sequences, conditionals,
    #: ``.call``/``.apply`` member access, object literals (module maps, loaders)
    through: frozenset[str]
    #: function-expression kinds (their ``body`` field is the body)
    functions: frozenset[str]


@dataclass(frozen=True)
class ReferenceScan:
    """How project memory reads the names a file of the language uses from
    other files (its reference counts), without parsing: regular expressions
    (bytes, compiled with ``re.MULTILINE``) that must stay linear in the file.
    A language without one counts every whole identifier of its files.
    """

    #: a pattern matching import statements: every identifier in a match is a
    #: reference (``from x import A, B``, ``import { A } from``), or None
    imports: bytes | None = None
    #: capitalised names used through a module (``models.Model``) count too
    qualified: bool = False
    #: a pattern whose groups are an import's (alias, path): then only names
    #: qualified by an imported package count (Go's ``http.Handler``), the
    #: package named by its alias or the path's last part
    packages: bytes | None = None
    #: where a file's imports end (``packages`` is read before it), or None
    header_end: bytes | None = None


@dataclass(frozen=True)
class Regions:
    """How a file of the language holds regions written in other languages: a
    component's ``<script>`` and ``<style>`` (Vue, Svelte; later HTML's, and
    Markdown's code fences, whose info string would be the attribute).

    The language's ``regions`` query captures each element that holds a region
    as ``@region``; its text is its child of kind ``content``. The region's
    language is named by the first of ``attributes`` the element's start tag
    has (``lang="ts"``, ``type="module"``), through ``values``; an element
    without one is in the default language of its kind. A value that names no
    language codepith compresses (``lang="coffee"``) leaves the region whole,
    with the reason. Node kinds are the grammar's, data for the engine.
    """

    #: (element kind, the language of its text when no attribute names one)
    defaults: tuple[tuple[str, str], ...]
    #: the kind of the node that holds a region's text inside its element
    content: str
    #: attributes whose value names the region's language, first found wins
    attributes: tuple[str, ...]
    #: (attribute value in lower case, language)
    values: tuple[tuple[str, str], ...]
    #: node kinds of an attribute, of its name and of its value
    attribute_kinds: tuple[str, str, str] = ("attribute", "attribute_name", "attribute_value")


@dataclass(frozen=True)
class DefinitionNodes:
    """The node kinds around a definition that project memory reads for its
    signature, its doc comment and whether it is exported: what wraps it, which
    a capture of the definition alone does not describe. Each is empty where
    the language's grammar has no such node."""

    #: statements that wrap a definition and carry its leading comment (the
    #: comment sits above ``export …``, a decorated definition, ``const x = …``)
    doc_wrappers: tuple[str, ...] = ()
    #: grouping declarations whose items after the first have their own comment
    #: (Go's ``const (…)``); each must be a doc wrapper too
    spec_groups: tuple[str, ...] = ()
    #: siblings above a definition that belong to it, the doc comment above
    #: them (Rust's ``#[derive(…)]``)
    attributes: tuple[str, ...] = ()
    #: values whose body ends a definition's signature, as a function's does
    #: (``const f = () => {…}``)
    value_with_body: frozenset[str] = frozenset()
    #: the node that names one variable of a declaration (``x = 1`` in
    #: ``const x = 1, y``), or ""
    declarator: str = ""
    #: declarations around a declarator whose first child is their keyword
    #: (``const``, ``let``): the signature starts with it
    declarations: tuple[str, ...] = ()
    #: the statement that exports what it wraps (``export …``), or ""; its words
    #: start the signature, and under the ``export-statement`` rule it exports
    export_statement: str = ""
    #: definitions that export by assigning (``exports.f = …``), under the
    #: ``export-statement`` rule
    exporting_assignments: tuple[str, ...] = ()
    #: items whose keyword the group around them holds (Go's ``const_spec``),
    #: with the keyword the signature gets back
    spec_keywords: tuple[tuple[str, str], ...] = ()
    #: type definitions whose signature starts with ``type_keyword`` (Go's
    #: ``type_spec`` under ``type (…)``)
    type_specs: tuple[str, ...] = ()
    #: children that are a definition's body where its node has no ``body``
    #: field (a style rule's declaration block): the signature ends before one
    body_children: tuple[str, ...] = ()


_PYTHON_DEFINITIONS = DefinitionNodes(doc_wrappers=("decorated_definition", "expression_statement"))
_JS_DEFINITIONS = DefinitionNodes(
    doc_wrappers=("export_statement", "lexical_declaration", "variable_declaration", "expression_statement"),
    value_with_body=frozenset({"arrow_function", "function_expression", "function", "generator_function", "class"}),
    declarator="variable_declarator",
    declarations=("lexical_declaration", "variable_declaration"),
    export_statement="export_statement",
    exporting_assignments=("assignment_expression",),
)
_GO_DEFINITIONS = DefinitionNodes(
    doc_wrappers=("expression_statement", "type_declaration", "const_declaration", "var_declaration"),
    spec_groups=("type_declaration", "const_declaration", "var_declaration"),
    spec_keywords=(("const_spec", "const "), ("var_spec", "var ")),
    type_specs=("type_spec", "type_alias"),
)
_STYLE_DEFINITIONS = DefinitionNodes(body_children=("block",))
_RUST_DEFINITIONS = DefinitionNodes(doc_wrappers=("expression_statement",), attributes=("attribute_item",))


# Each is linear in the file: a scan that fails ends where the next one starts (an unclosed
# ``import (`` runs to the end of the file; an import clause, at the next import or export; a
# ``const``, at the next const), so no stretch of text is scanned again from each keyword in it.
_PYTHON_REFERENCES = ReferenceScan(
    imports=(
        rb"^[ \t]*(?:from[ \t]+[\w.]+[ \t]+import[ \t]*(?:\([^)]*(?:\)|\Z)|(?:[^\n\\]|\\\n)*)"
        rb"|import[ \t]+[^\n]*)"
    ),
    qualified=True,
)
_JS_REFERENCES = ReferenceScan(
    imports=(
        rb"\b(?:import|export)\b(?:(?!\b(?:import|export|from)\b)[^;'\"])*\bfrom\b"
        rb"|\bconst\b(?:(?!\bconst\b)[^;=])*=\s*require\b"
    ),
)
# Go refers to another package's names only qualified by an imported package,
# and its imports come before the first declaration
_GO_REFERENCES = ReferenceScan(
    qualified=True,
    packages=rb'^[ \t]*(?:import[ \t]+)?(?:([A-Za-z_][A-Za-z0-9_]*)[ \t]+)?"([^"\n]+)"',
    header_end=rb"^(?:func|type|var|const)\b",
)


#: how an elided body is written: ``indent`` -- ``...`` at the body's
#: indentation (Python); ``braces`` -- ``{ /* … */ }``; ``comment-line`` --
#: a line comment ``# ...`` at the body's indentation, the closing keyword kept (Ruby);
#: ``null-command`` -- the null command in the body's brackets, ``{ : ...; }`` (shells);
#: ``markup`` -- a markup comment, ``<!-- … -->``, in place of a run of elements (templates)
PLACEHOLDERS = ("indent", "braces", "comment-line", "null-command", "markup")
#: which comments are doc comments: ``form`` -- by their form (``/** … */``,
#: the query's ``@doc.comment``); ``adjacent-run`` -- a run of line comments
#: on consecutive lines directly above a declaration (Go); ``form-run`` -- doc
#: comments by their form, and a run of them of the same form on consecutive
#: lines is one doc (Rust's ``///`` and ``//!`` lines)
DOC_GROUPING = ("form", "adjacent-run", "form-run")
#: what project memory counts as exported: ``public-name`` -- a top-level name
#: not starting with ``_``; ``capitalized`` -- a name starting with an upper-case
#: letter; ``export-statement`` -- declared under ``export`` (or assigned to a
#: member, CommonJS); ``tags-capture`` -- a definition the ``tags`` query also
#: captures as ``@exported`` (Java's ``public`` modifier); ``tags-private`` --
#: every definition but those the ``tags`` query captures as ``@private`` (Ruby's
#: methods under ``private``/``protected``)
EXPORT_RULES = ("public-name", "capitalized", "export-statement", "tags-capture", "tags-private")
#: where a file's own doc is: ``docstring`` -- the module docstring;
#: ``package-comment`` -- the comment above the package clause;
#: ``leading-comment`` -- the file's first comment
FILE_DOC_RULES = ("docstring", "package-comment", "leading-comment")


@dataclass(frozen=True)
class LanguageSpec:
    """One language, as codepith knows it outside its query files."""

    name: str
    #: the tree-sitter-language-pack grammar that parses it
    grammar: str
    #: file extensions (lower case, with the dot)
    extensions: tuple[str, ...]
    #: other names ``language=`` accepts (``py``, ``golang``)
    aliases: tuple[str, ...]
    #: see :data:`PLACEHOLDERS`
    placeholder: Literal["indent", "braces", "comment-line", "null-command", "markup"]
    #: the line-comment marker (``#``, ``//``), or "" when the language has none (markup)
    line_comment: str
    #: block-comment markers, or None when the language has none
    block_comment: tuple[str, str] | None
    #: see :data:`DOC_GROUPING`
    doc_grouping: Literal["form", "adjacent-run", "form-run"]
    #: the markdown fence's info string
    fence: str
    #: files that describe their folder, best first (module summaries)
    entry_files: tuple[str, ...]
    #: the dependency resolver the packer uses: a module of ``codepith.deps``
    #: (``codepith.deps.finder.RESOLVERS``), or None: "no resolver"
    resolver: str | None
    #: see :data:`EXPORT_RULES`
    export_rule: Literal["public-name", "capitalized", "export-statement", "tags-capture", "tags-private"]
    #: see :data:`FILE_DOC_RULES`
    file_doc_rule: Literal["docstring", "package-comment", "leading-comment"]
    #: a method's receiver type qualifies its name (Go's ``func (s *Server) Serve``)
    receiver_qualifies: bool
    #: the keyword a type definition's signature starts with when its node
    #: leaves it out (Go's ``type_spec`` under ``type (…)``), or ""
    type_keyword: str
    #: how wrapped functions are reached, or None when its files have none
    wrapper_reach: WrapperReach | None
    #: whole file names of the language that have no extension (``Rakefile``)
    filenames: tuple[str, ...] = ()
    #: interpreters a ``#!`` line names for a file without an extension
    #: (``#!/bin/sh``, ``#!/usr/bin/env bash``): the file is of the language
    shebangs: tuple[str, ...] = ()
    #: what a fragment of code needs before it to parse as code rather than as
    #: text (PHP's ``<?php``), or ""
    code_prefix: str = ""
    #: how project memory counts the names its files use from others, or None
    #: (every identifier counts)
    references: ReferenceScan | None = None
    #: the node kinds around its definitions that project memory reads
    definition_nodes: DefinitionNodes = DefinitionNodes()
    #: where the grammar's scanner reads a character with the C library's narrow
    #: ``ctype`` functions (undefined, and a crash, past U+00FF): a bytes pattern
    #: whose every match ends at such a place, or None. A character above U+00FF
    #: right after a match is parsed as Latin-1 letters of the same byte length
    #: (see ``languages.parse``); a linear pattern, run on every parse
    scanner_guard: bytes | None = None
    #: the regions of other languages its files hold (a component's script and
    #: style), or None: each is compressed by its own language's rules
    regions: Regions | None = None


_JS_REACH = WrapperReach(
    statements=frozenset(
        {
            "expression_statement",
            "return_statement",
            "if_statement",
            "else_clause",
            "statement_block",
            "try_statement",
            "catch_clause",
            "finally_clause",
            "labeled_statement",
        }
    ),
    through=frozenset(
        {
            "parenthesized_expression",
            "call_expression",
            "arguments",
            "unary_expression",
            "sequence_expression",
            "ternary_expression",
            "binary_expression",
            "member_expression",
            "object",
            "pair",
            "await_expression",
        }
    ),
    functions=frozenset({"function_expression", "arrow_function", "generator_function", "function"}),
)

_JS_ENTRY = ("index.ts", "index.tsx", "index.js", "index.mjs", "mod.ts")

#: a Lua module that returns a factory, `return function(ctx) … function M.f() … end … end`,
#: or runs one, `(function() … end)()`: its API is defined inside that function
_LUA_REACH = WrapperReach(
    statements=frozenset({"return_statement", "function_call"}),
    through=frozenset({"expression_list", "parenthesized_expression", "function_call"}),
    functions=frozenset({"function_definition"}),
)
#: a component's regions: ``<script>`` (JavaScript, or what its ``lang`` says) and
#: ``<style>`` (CSS, or SCSS), as tree-sitter-vue and tree-sitter-svelte name them
_COMPONENT_REGIONS = Regions(
    defaults=(("script_element", "javascript"), ("style_element", "css")),
    content="raw_text",
    attributes=("lang", "type"),
    values=(
        ("js", "javascript"),
        ("javascript", "javascript"),
        ("jsx", "javascript"),
        ("module", "javascript"),
        ("text/javascript", "javascript"),
        ("application/javascript", "javascript"),
        ("ts", "typescript"),
        ("typescript", "typescript"),
        ("text/typescript", "typescript"),
        ("tsx", "tsx"),
        ("css", "css"),
        ("text/css", "css"),
        ("postcss", "css"),
        ("scss", "scss"),
    ),
)


def _component(name: str, entry_files: tuple[str, ...]) -> LanguageSpec:
    """A component language (Vue, Svelte): markup whose script and style are
    regions (:data:`_COMPONENT_REGIONS`); grammar, extension and fence are its name."""
    return LanguageSpec(
        name=name,
        grammar=name,
        extensions=(f".{name}",),
        aliases=(),
        placeholder="markup",
        line_comment="",
        block_comment=("<!--", "-->"),
        doc_grouping="form",
        fence=name,
        entry_files=entry_files,
        resolver="javascript",
        export_rule="export-statement",
        file_doc_rule="leading-comment",
        receiver_qualifies=False,
        type_keyword="",
        wrapper_reach=None,
        references=_JS_REFERENCES,
        regions=_COMPONENT_REGIONS,
    )


SPECS: dict[str, LanguageSpec] = {
    spec.name: spec
    for spec in (
        LanguageSpec(
            name="python",
            grammar="python",
            extensions=(".py", ".pyi"),
            aliases=("py",),
            placeholder="indent",
            line_comment="#",
            block_comment=None,
            doc_grouping="form",
            fence="python",
            entry_files=("__init__.py",),
            resolver="python",
            export_rule="public-name",
            file_doc_rule="docstring",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
            references=_PYTHON_REFERENCES,
            definition_nodes=_PYTHON_DEFINITIONS,
        ),
        LanguageSpec(
            name="typescript",
            grammar="typescript",
            extensions=(".ts", ".mts", ".cts"),
            aliases=("ts",),
            placeholder="braces",
            line_comment="//",
            block_comment=("/*", "*/"),
            doc_grouping="form",
            fence="typescript",
            entry_files=_JS_ENTRY,
            resolver="javascript",
            export_rule="export-statement",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=_JS_REACH,
            references=_JS_REFERENCES,
            definition_nodes=_JS_DEFINITIONS,
        ),
        LanguageSpec(
            name="tsx",
            grammar="tsx",
            extensions=(".tsx",),
            aliases=(),
            placeholder="braces",
            line_comment="//",
            block_comment=("/*", "*/"),
            doc_grouping="form",
            fence="tsx",
            entry_files=_JS_ENTRY,
            resolver="javascript",
            export_rule="export-statement",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=_JS_REACH,
            references=_JS_REFERENCES,
            definition_nodes=_JS_DEFINITIONS,
        ),
        LanguageSpec(
            name="javascript",
            grammar="javascript",
            extensions=(".js", ".mjs", ".cjs", ".jsx"),
            aliases=("js", "jsx"),
            placeholder="braces",
            line_comment="//",
            block_comment=("/*", "*/"),
            doc_grouping="form",
            fence="javascript",
            entry_files=_JS_ENTRY,
            resolver="javascript",
            export_rule="export-statement",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=_JS_REACH,
            references=_JS_REFERENCES,
            definition_nodes=_JS_DEFINITIONS,
        ),
        LanguageSpec(
            name="go",
            grammar="go",
            extensions=(".go",),
            aliases=("golang",),
            placeholder="braces",
            line_comment="//",
            block_comment=("/*", "*/"),
            doc_grouping="adjacent-run",
            fence="go",
            entry_files=("doc.go", "main.go"),
            resolver="go",
            export_rule="capitalized",
            file_doc_rule="package-comment",
            receiver_qualifies=True,
            type_keyword="type",
            wrapper_reach=None,
            references=_GO_REFERENCES,
            definition_nodes=_GO_DEFINITIONS,
        ),
        LanguageSpec(
            name="java",
            grammar="java",
            extensions=(".java",),
            aliases=(),
            placeholder="braces",
            line_comment="//",
            block_comment=("/*", "*/"),
            doc_grouping="form",
            fence="java",
            entry_files=("package-info.java", "Main.java"),
            resolver="java",
            export_rule="tags-capture",
            file_doc_rule="package-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
        ),
        # C#: namespaces do not map to files, so no resolver follows `using`; exported
        # is what is declared `public`, enum members and interface members (tags.scm's
        # @exported)
        LanguageSpec(
            name="csharp",
            grammar="csharp",
            extensions=(".cs",),
            aliases=("cs", "c#"),
            placeholder="braces",
            line_comment="//",
            block_comment=("/*", "*/"),
            doc_grouping="adjacent-run",
            fence="csharp",
            entry_files=("Program.cs",),
            resolver=None,
            export_rule="tags-capture",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
        ),
        # Rust: exported is what is declared plain `pub`, enum variants, trait items and
        # `#[macro_export]` macros (tags.scm's @exported)
        LanguageSpec(
            name="rust",
            grammar="rust",
            extensions=(".rs",),
            aliases=("rs",),
            placeholder="braces",
            line_comment="//",
            block_comment=("/*", "*/"),
            doc_grouping="form-run",
            fence="rust",
            entry_files=("lib.rs", "mod.rs", "main.rs"),
            resolver="rust",
            export_rule="tags-capture",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
            definition_nodes=_RUST_DEFINITIONS,
        ),
        LanguageSpec(
            name="ruby",
            grammar="ruby",
            extensions=(".rb", ".rake", ".gemspec"),
            aliases=("rb",),
            placeholder="comment-line",
            line_comment="#",
            block_comment=None,
            doc_grouping="adjacent-run",
            fence="ruby",
            entry_files=("lib.rb", "main.rb"),
            resolver="ruby",
            export_rule="tags-private",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
            filenames=("Rakefile", "Gemfile"),
        ),
        # PHP: `public` members and top-level declarations are exported (tags.scm's
        # @exported); the resolver follows `require`/`include` of constant paths and
        # `use` through composer.json's PSR-4 map
        LanguageSpec(
            name="php",
            grammar="php",
            extensions=(".php", ".phtml"),
            aliases=(),
            placeholder="braces",
            line_comment="//",
            block_comment=("/*", "*/"),
            doc_grouping="form",
            fence="php",
            entry_files=("index.php",),
            resolver="php",
            export_rule="tags-capture",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
            code_prefix="<?php\n",
        ),
        # C: `.h` is C unless its bytes say C++ (CONTENT_HINTS below; `language=` overrides);
        # exported is every definition not declared `static` (tags.scm's @private)
        LanguageSpec(
            name="c",
            grammar="c",
            extensions=(".c", ".h"),
            aliases=(),
            placeholder="braces",
            line_comment="//",
            block_comment=("/*", "*/"),
            doc_grouping="form-run",
            fence="c",
            entry_files=("main.c",),
            resolver="c",
            export_rule="tags-private",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
        ),
        # C++: a `.h` file with C++ in its bytes (CONTENT_HINTS below); exported is every
        # definition outside anonymous namespaces and not `static` (tags.scm's @private)
        LanguageSpec(
            name="cpp",
            grammar="cpp",
            extensions=(".cc", ".cpp", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++", ".ipp"),
            aliases=("c++", "cxx"),
            placeholder="braces",
            line_comment="//",
            block_comment=("/*", "*/"),
            doc_grouping="form-run",
            fence="cpp",
            entry_files=("main.cpp", "main.cc"),
            resolver="c",
            export_rule="tags-private",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
        ),
        # CSS: the bodies are the declaration blocks of rules (`@body.block`), elided
        # around the nested rules and custom properties that stay; the grammar takes
        # `//` for a comment (its `js_comment`), which codepith never writes into CSS:
        # its placeholders are block comments
        LanguageSpec(
            name="css",
            grammar="css",
            extensions=(".css",),
            aliases=(),
            placeholder="braces",
            line_comment="//",
            block_comment=("/*", "*/"),
            doc_grouping="form",
            fence="css",
            entry_files=("index.css", "main.css", "style.css"),
            resolver="css",
            export_rule="tags-capture",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
            definition_nodes=_STYLE_DEFINITIONS,
        ),
        # SCSS: CSS's rules, and mixin and function bodies elided whole; `///` runs
        # (SassDoc) and `/** … */` are doc comments; mixins, functions, top-level
        # variables and placeholders are a module's members, exported unless named
        # `_x`/`-x` (tags.scm's @exported)
        LanguageSpec(
            name="scss",
            grammar="scss",
            extensions=(".scss",),
            aliases=(),
            placeholder="braces",
            line_comment="//",
            block_comment=("/*", "*/"),
            doc_grouping="form-run",
            fence="scss",
            entry_files=("_index.scss", "index.scss", "main.scss"),
            resolver="scss",
            export_rule="tags-capture",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
            definition_nodes=_STYLE_DEFINITIONS,
        ),
        # Swift: a module is a folder, not a file, so no resolver follows `import`; exported is
        # what is declared `public` or `open`, and the members of a protocol (tags.scm's @exported)
        LanguageSpec(
            name="swift",
            grammar="swift",
            extensions=(".swift",),
            aliases=(),
            placeholder="braces",
            line_comment="//",
            block_comment=("/*", "*/"),
            doc_grouping="form-run",
            fence="swift",
            entry_files=("main.swift", "Package.swift"),
            resolver=None,
            export_rule="tags-capture",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
            definition_nodes=DefinitionNodes(body_children=("computed_property",)),
        ),
        # Dart: exported is every name not starting with `_` and not inside a type that
        # does (Dart's library privacy: tags.scm's @private); relative and own-package `package:` URIs are followed
        LanguageSpec(
            name="dart",
            grammar="dart",
            extensions=(".dart",),
            aliases=(),
            placeholder="braces",
            line_comment="//",
            block_comment=("/*", "*/"),
            doc_grouping="form-run",
            fence="dart",
            entry_files=("main.dart",),
            resolver="dart",
            export_rule="tags-private",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
        ),
        # Kotlin: exported is every declaration not marked `private`, `internal` or
        # `protected` (tags.scm's @private); the resolver follows `import` through the
        # importing file's `package` line, as Java's does
        LanguageSpec(
            name="kotlin",
            grammar="kotlin",
            extensions=(".kt", ".kts"),
            aliases=("kt",),
            placeholder="braces",
            line_comment="//",
            block_comment=("/*", "*/"),
            doc_grouping="form",
            fence="kotlin",
            entry_files=("Main.kt", "main.kt", "build.gradle.kts"),
            resolver="kotlin",
            export_rule="tags-private",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
        ),
        # Scala: exported is every definition not marked `private` or `protected` (tags.scm's
        # @private); the resolver follows `import` through the file's `package` clauses
        LanguageSpec(
            name="scala",
            grammar="scala",
            extensions=(".scala", ".sc"),
            aliases=(),
            placeholder="braces",
            line_comment="//",
            block_comment=("/*", "*/"),
            doc_grouping="form",
            fence="scala",
            entry_files=("Main.scala", "package.scala"),
            resolver="scala",
            export_rule="tags-private",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
        ),
        # Lua: a body closes with `end`, which stays; its placeholder is the comment line
        # `-- ...`. Exported are global functions and the fields of the table the file
        # returns (tags.scm's @exported); the resolver follows `require` of constant names
        LanguageSpec(
            name="lua",
            grammar="lua",
            extensions=(".lua",),
            aliases=(),
            placeholder="comment-line",
            line_comment="--",
            block_comment=("--[[", "]]"),
            doc_grouping="adjacent-run",
            fence="lua",
            entry_files=("init.lua", "main.lua"),
            resolver="lua",
            export_rule="tags-capture",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=_LUA_REACH,
        ),
        # Bash: a function body becomes the null command in its brackets (`{ : ...; }`, a
        # subshell body `( : ...; )`); every function is exported (a sourced file's functions
        # are its interface); the resolver follows `source`/`.` of constant relative paths
        LanguageSpec(
            name="bash",
            grammar="bash",
            extensions=(".sh", ".bash"),
            aliases=("sh", "shell"),
            placeholder="null-command",
            line_comment="#",
            block_comment=None,
            doc_grouping="adjacent-run",
            fence="bash",
            entry_files=("main.sh", "install.sh"),
            resolver="bash",
            export_rule="tags-private",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
            shebangs=("bash", "sh"),
            # its scanner's brace range `{1..9}` tests the characters after `{`, its digits and
            # `..` with isdigit(): a code point far past U+00FF there reads outside the C
            # library's table and crashes the process
            scanner_guard=rb"\{[0-9]*(?:\.\.[0-9]*)?",
        ),
        # Solidity: exported are contracts, interfaces and libraries, their `public` and
        # `external` members and every member of an interface (tags.scm's @exported); the
        # resolver follows `import` of relative paths
        LanguageSpec(
            name="solidity",
            grammar="solidity",
            extensions=(".sol",),
            aliases=("sol",),
            placeholder="braces",
            line_comment="//",
            block_comment=("/*", "*/"),
            doc_grouping="form-run",
            fence="solidity",
            entry_files=("Main.sol",),
            resolver="solidity",
            export_rule="tags-capture",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
        ),
        # Vue: a single-file component; its <script> and <style> are regions compressed by
        # their own language's rules, the <template> is markup (kept at `signatures`, its
        # inside a `<!-- … -->` at `outline`); its scripts' imports go through the
        # JavaScript resolver, their definitions to memory by their own language's rules
        _component("vue", ("App.vue",)),
        # Svelte: a component whose markup is the file's top level; its <script> and <style>
        # are regions, as in Vue
        _component("svelte", ("App.svelte", "+page.svelte", "+layout.svelte")),
    )
}


def spec_fields() -> tuple[str, ...]:
    """The names of :class:`LanguageSpec`'s fields (for the registry test)."""
    return tuple(f.name for f in fields(LanguageSpec))


#: an extension two languages share: its registered language (the spec that lists
#: it) unless one of these (language, regex) pairs finds its pattern in the file's
#: bytes, first match wins. A ``.h`` file is C, or C++ when it holds a C++-only
#: construct at a line's start (``class X {``/``namespace``/``template <``, an access
#: specifier, ``using namespace``, ``extern "C++"``) or a ``::`` scope. The patterns
#: are searched in the code only: the extension's language's comments and quoted
#: literals are blanked first (``languages.code_only``). Deterministic, and only
#: where the bytes are at hand (``language=`` always overrides it).
CONTENT_HINTS: dict[str, tuple[tuple[str, str], ...]] = {
    ".h": (
        (
            "cpp",
            r"(?m)^[ \t]*(?:class[ \t]+\w+[ \t]*(?:final[ \t]*)?[:{]|class[ \t]+\w+[ \t]*$"
            r"|namespace\b|template[ \t]*<|using[ \t]+namespace\b|(?:public|private|protected)[ \t]*:"
            r"|extern[ \t]+\"C\+\+\")|\b[A-Za-z_]\w*::[A-Za-z_~]",
        ),
    ),
}
