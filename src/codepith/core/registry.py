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


#: how an elided body is written: ``indent`` -- ``...`` at the body's
#: indentation (Python); ``braces`` -- ``{ /* … */ }``; ``comment-line`` --
#: a line comment ``# ...`` at the body's indentation, the closing keyword kept (Ruby)
PLACEHOLDERS = ("indent", "braces", "comment-line")
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
    placeholder: Literal["indent", "braces", "comment-line"]
    #: the line-comment marker (``#``, ``//``)
    line_comment: str
    #: block-comment markers, or None when the language has none
    block_comment: tuple[str, str] | None
    #: see :data:`DOC_GROUPING`
    doc_grouping: Literal["form", "adjacent-run", "form-run"]
    #: the markdown fence's info string
    fence: str
    #: files that describe their folder, best first (module summaries)
    entry_files: tuple[str, ...]
    #: the dependency resolver the packer uses (a name in
    #: ``codepith.deps.finder.RESOLVERS``), or None: "no resolver"
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
    #: what a fragment of code needs before it to parse as code rather than as
    #: text (PHP's ``<?php``), or ""
    code_prefix: str = ""


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
            resolver="include",
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
            resolver="include",
            export_rule="tags-private",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
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
        ),
        # Dart: exported is every top-level name and member not starting with `_` (Dart's
        # library privacy); no resolver follows `import` yet (`package:` URIs need the
        # package config)
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
            resolver=None,
            export_rule="public-name",
            file_doc_rule="leading-comment",
            receiver_qualifies=False,
            type_keyword="",
            wrapper_reach=None,
        ),
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
