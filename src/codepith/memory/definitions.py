"""What one source file defines: every definition's signature and first doc line.

:func:`scan_file` makes one record per definition the language's ``tags``
query finds (functions, methods, classes, types, fields, constants, …): its
kind, name, qualified name (``Class.method``; a Go method's receiver type),
line, a one-line signature (the definition up to its body) and the first line
of its docstring or doc comment. It also returns the file's own doc line (a
module docstring, a Go package comment, a leading comment of a JS/TS file).
:mod:`.symbols` keeps these records for a whole tree, cached.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.languages import captures, comment_kinds, parse, spec
from ..core.regions import units

if TYPE_CHECKING:
    from tree_sitter import Node, Tree

    from ..core.registry import DefinitionNodes, LanguageSpec

__all__ = ["DOC_MAX", "SIGNATURE_MAX", "Symbol", "scan_file"]

SIGNATURE_MAX = 240  # characters of a one-line signature
DOC_MAX = 160  # characters of a doc line


@dataclass(frozen=True)
class Symbol:
    """One definition. ``path`` is relative to the root, with ``/``."""

    path: str
    kind: str  # function | method | class | field | constant | variable | type | interface | enum | module
    name: str
    qualname: str
    line: int
    signature: str
    doc: str
    exported: bool

    @property
    def id(self) -> str:
        """Stable across edits elsewhere in the file: ``path:qualname``."""
        return f"{self.path}:{self.qualname}"


_WS = re.compile(r"\s+")

# What is read around a definition -- where its signature ends, the comment
# above it, whether it is exported -- depends on the nodes that wrap it, which
# a tags capture of the definition alone does not describe. Those node kinds
# are the registry's `definition_nodes`; comment kinds come from
# `comment_kinds`. No node kind of a particular grammar is written here.

_SENTENCE_END = re.compile(r"[.!?](?=\s)")
#: how many comments at the top of a file are read for its doc
LEADING_COMMENTS = 8
_COMMENT_PREFIX = re.compile(r"^\s*(?:/\*[*!]?|\*/|\*|//+!?|#+)\s?")
# comments that steer a tool rather than describe the code
_DIRECTIVE = re.compile(
    r"^(?:!|eslint|prettier-|istanbul |@ts-|#__PURE__|@__PURE__|noqa|type: |pragma|pylint|go:|\+build|nolint|"
    r"@jsx|@flow|jshint|global |<reference |@license|@preserve|c8 |tslint|SPDX-License-Identifier|"
    r"frozen_string_literal:|(?:en)?coding[:=]|-\*-|typed: |rubocop:|clang-format |NOLINT|@generated)"
)


def _one_line(text: str, limit: int) -> str:
    text = _WS.sub(" ", text).strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "\u2026"


def _text(src: bytes, start: int, end: int) -> str:
    return src[start:end].decode("utf-8", "replace")


def _first_doc_line(raw: str) -> str:
    """The first sentence of a docstring's or comment block's first paragraph,
    on one line, markers removed (tool directives skipped)."""
    paragraph: list[str] = []
    for line in raw.splitlines():
        line = _COMMENT_PREFIX.sub("", line).strip()
        line = line[:-2].strip() if line.endswith("*/") else line
        if not line:
            if paragraph:
                break
            continue
        if not paragraph and _DIRECTIVE.match(line):
            continue
        paragraph.append(line)
        if len(" ".join(paragraph)) > DOC_MAX or _SENTENCE_END.search(line + " "):
            break
    text = " ".join(paragraph)
    end = _SENTENCE_END.search(text + " ")
    if end:
        text = text[: end.start() + 1]
    return _one_line(text, DOC_MAX)


def _python_string(node: Node, src: bytes) -> str:
    raw = _text(src, node.start_byte, node.end_byte)
    raw = raw.lstrip("rRbBuUfF")
    for q in ('"""', "'''", '"', "'"):
        if raw.startswith(q) and raw.endswith(q) and len(raw) >= 2 * len(q):
            return raw[len(q) : -len(q)]
    return raw


def _python_doc(block: Node) -> Node | None:
    """The docstring node of a Python block (its first statement, a string).

    The node types are the Python grammar's, read for the languages whose
    ``file_doc_rule`` is ``docstring``: a docstring is a statement's shape (the
    first one, comments aside), not a node a tags query could capture alone."""
    for child in block.named_children:
        if child.type == "comment":
            continue
        if (
            child.type == "expression_statement"
            and child.named_child_count == 1
            and child.named_children[0].type == "string"
        ):
            return child.named_children[0]
        if child.type == "string":
            return child
        return None
    return None


def _last_row(node: Node) -> int:
    """The row of the last character of ``node`` (a line comment that holds its
    newline, as Rust's doc comments do, ends at column 0 of the next row)."""
    row, column = node.end_point
    return row - 1 if column == 0 and node.end_byte > node.start_byte else row


def _leading_comment(node: Node, src: bytes, kinds: frozenset[str], nodes: DefinitionNodes) -> str:
    """The comment block (of node kinds ``kinds``) right above ``node`` (or
    above its export/decorator wrapper, of ``nodes``)."""
    target = node
    while (
        target.parent is not None
        and target.parent.type in nodes.doc_wrappers
        and target.parent.start_point[0] <= target.start_point[0]
    ):
        if (
            target.parent.type in nodes.spec_groups
            and target.parent.named_child_count > 1
            and target.prev_named_sibling is not None
        ):
            break  # a spec inside a group: its own comment, not the group's
        target = target.parent
    prev = target.prev_sibling
    line = target.start_point[0]
    while prev is not None and prev.type in nodes.attributes and _last_row(prev) >= line - 1:
        line = prev.start_point[0]
        prev = prev.prev_sibling
    comments = []
    while prev is not None and prev.type in kinds and _last_row(prev) >= line - 1:
        before = prev.prev_sibling
        if before is not None and _last_row(before) == prev.start_point[0]:
            break  # a comment at the end of the line before (`x = 1  # note`) is not a doc
        comments.append(prev)
        line = prev.start_point[0]
        prev = prev.prev_sibling
    if not comments:
        return ""
    comments.reverse()
    return _first_doc_line("\n".join(_text(src, c.start_byte, c.end_byte) for c in comments))


def _name_of(node: Node, src: bytes) -> str:
    """The defined name: the node's first naming field (a member assignment's
    property, ``exports.name = …``), else its first identifier child. Most
    tags patterns capture the name too (``@name``), but captures come back
    grouped by capture name, not by match, so which ``@name`` belongs to which
    definition is not known here. (Field and node names of the grammars whose
    tags queries capture these definitions.)"""
    for name in ("name", "left", "property", "declarator"):
        child = node.child_by_field_name(name)
        if child is not None:
            if child.type == "member_expression":
                prop = child.child_by_field_name("property")
                if prop is not None:
                    child = prop
            elif name == "declarator":
                child = _declared(child)
            return _text(src, child.start_byte, child.end_byte)
    for child in node.named_children:
        if "identifier" in child.type:
            return _text(src, child.start_byte, child.end_byte)
    # a declaration that names what it declares in a declarator two levels down
    # (C#'s `int a = 1;`: field_declaration > variable_declaration > variable_declarator)
    for child in node.named_children:
        for grandchild in child.named_children:
            named = grandchild.child_by_field_name("name")
            if named is not None:
                return _text(src, named.start_byte, named.end_byte)
    return _element_name(node, src)


def _declared(declarator: Node) -> Node:
    """What a declarator declares: a field's first declarator's ``name`` (Java), or
    the innermost of a chain of ``declarator`` fields (C and C++: ``*f(int a)``,
    ``x = 1``), through declarators that hold theirs without a field (C++'s
    ``&f()``)."""
    while True:
        if declarator.type.endswith("identifier"):
            return declarator  # C++'s `Foo::bar` stays whole
        named = declarator.child_by_field_name("name")
        if named is not None:
            return named
        inner = declarator.child_by_field_name("declarator")
        if inner is None and declarator.type.endswith("declarator"):
            inner = next((c for c in declarator.named_children if c.type.endswith(("declarator", "identifier"))), None)
        if inner is None:
            return declarator
        declarator = inner


def _element_name(node: Node, src: bytes) -> str:
    """The name of a declaration's first element (PHP's ``public int $a = 1;``:
    property_declaration > property_element, its ``name`` field; ``const A = 1;``:
    const_declaration > const_element, its first child a ``name``), the
    declaration's ``type`` field skipped."""
    kind = node.child_by_field_name("type")
    children = [c for c in node.named_children if kind is None or c.id != kind.id]
    for child in children:
        named = child.child_by_field_name("name")
        if named is not None:
            return _text(src, named.start_byte, named.end_byte)
    for child in children:
        first = child.named_child(0) if child.named_child_count else None
        if first is not None and first.type == "name":
            return _text(src, first.start_byte, first.end_byte)
    return ""


def drop_line_comments(text: str, marker: str) -> str:
    """``text`` without the line comments after a space (``f(x)  # note`` -> ``f(x)``). The
    spaces are matched from a run's start only, so a long run is read once, not from each space."""
    return re.sub(r"(?m)(?<![ \t])[ \t]+" + re.escape(marker) + r"[^\n]*$", "", text)


def _signature(node: Node, src: bytes, language: str) -> str:
    entry = spec(language)
    nodes = entry.definition_nodes
    start, end = node.start_byte, node.end_byte
    target = node
    value = node.child_by_field_name("value") or node.child_by_field_name("right")
    if value is not None and value.type in nodes.value_with_body:
        target = value
    body = target.child_by_field_name("body")
    if body is None and nodes.body_children:
        body = next((c for c in target.named_children if c.type in nodes.body_children), None)
    if body is not None and body.start_byte > start:
        end = body.start_byte
    else:
        nl = src.find(b"\n", start, end)
        if nl >= 0:
            end = nl
    text = _text(src, start, end).rstrip()
    # comments inside a header (`def f(x):  # note`) are not part of the signature
    text = drop_line_comments(text, entry.line_comment)
    if entry.placeholder == "braces":
        text = text.rstrip("{").rstrip()
    prefix = ""
    parent = node.parent
    if node.type == nodes.declarator and parent is not None and parent.type in nodes.declarations:
        prefix = (parent.children[0].type + " ") if parent.children else ""
        parent = parent.parent
    if parent is not None and parent.type == nodes.export_statement:
        # `export `, `export default `: the words before the declaration
        words = _text(src, parent.start_byte, (parent.named_children or [node])[0].start_byte)
        prefix = _WS.sub(" ", words).strip() + " " + prefix
    elif entry.type_keyword and node.type in nodes.type_specs:
        # a type spec inside a `type (…)` group leaves its keyword to the group
        prefix = entry.type_keyword + " "
    else:
        prefix = dict(nodes.spec_keywords).get(node.type, prefix)
    text = _WS.sub(" ", prefix + text)
    text = re.sub(r"([(\[]) ", r"\1", text)
    text = re.sub(r",? ([)\]])", r"\1", text)
    return _one_line(text, SIGNATURE_MAX)


def _receiver_type(node: Node, src: bytes) -> str:
    receiver = node.child_by_field_name("receiver")
    if receiver is None:
        return ""
    text = _text(src, receiver.start_byte, receiver.end_byte)
    words = re.findall(r"[A-Za-z_]\w*", text.split("[", 1)[0])
    return words[-1] if words else ""


def _exported(node: Node, name: str, language: str, top: bool, marked: set[tuple[int, int]]) -> bool:
    """``marked``: the spans of the tags query's ``@exported`` and ``@private`` captures."""
    if not name:
        return False
    entry = spec(language)
    rule = entry.export_rule
    if rule == "tags-capture":
        return (node.start_byte, node.end_byte) in marked
    if rule == "tags-private":
        return (node.start_byte, node.end_byte) not in marked
    if rule == "capitalized":
        return name[:1].isupper()
    if rule == "public-name":
        return top and not name.startswith("_")
    # "export-statement": declared under `export` (or assigned to a member, CommonJS)
    nodes = entry.definition_nodes
    parent = node.parent
    while parent is not None and (parent.type == nodes.declarator or parent.type in nodes.declarations):
        parent = parent.parent
    return parent is not None and parent.type == nodes.export_statement or node.type in nodes.exporting_assignments


def _file_doc(root: Node, src: bytes, language: str, package: Node | None) -> str:
    rule = spec(language).file_doc_rule
    if rule == "docstring":
        node = _python_doc(root)
        return _first_doc_line(_python_string(node, src)) if node is not None else ""
    if rule == "package-comment":
        # the comment above the package clause (the tags query's @definition.package)
        if package is None:
            return ""
        return _leading_comment(package, src, comment_kinds(language), spec(language).definition_nodes)
    first = root.named_children[0] if root.named_child_count else None
    prefix = spec(language).code_prefix.strip().encode("utf-8")
    if first is not None and prefix and first.text == prefix:  # the `<?php` that opens the file
        first = first.next_named_sibling
    kinds = comment_kinds(language)
    # the first of the leading comments that says something (a licence tag or a
    # magic comment before the doc comment is skipped)
    for _ in range(LEADING_COMMENTS):
        if first is None or first.type not in kinds:
            break
        doc = _first_doc_line(_text(src, first.start_byte, first.end_byte))
        if doc:
            return doc
        first = first.next_named_sibling
    return ""


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _definitions(caps: dict[str, list[Node]]) -> list[tuple[Node, str]]:
    """Every ``@definition.<kind>`` capture but the package clause, as (node,
    kind), outer before inner; a span captured twice counts once (its first
    kind in name order)."""
    defs: list[tuple[Node, str]] = []
    for cap, nodes in caps.items():
        if not cap.startswith("definition.") or cap == "definition.package":
            continue
        kind = cap.split(".", 1)[1]
        for node in nodes:
            defs.append((node, kind))
    defs.sort(key=lambda d: (d[0].start_byte, -d[0].end_byte, d[1]))
    out: list[tuple[Node, str]] = []
    seen: set[tuple[int, int]] = set()
    for node, kind in defs:
        span = (node.start_byte, node.end_byte)
        if span not in seen:
            seen.add(span)
            out.append((node, kind))
    return out


def _captured_names(names: list[Node], nodes: list[Node], src: bytes) -> dict[tuple[int, int], str]:
    """The tags query's ``@name`` of each definition in ``nodes`` (outer before
    inner) that holds one before its first inner definition, by span, its
    blanks folded (a selector list over lines: ``.a, .b``). It names a
    definition whose node has no naming field (a style rule's selectors, an
    SCSS variable, Rust's ``impl i8``)."""
    starts = sorted((n.start_byte, n.end_byte) for n in names)
    out: dict[tuple[int, int], str] = {}
    for i, node in enumerate(nodes):
        start, end = node.start_byte, node.end_byte
        j = i + 1  # the next definition of another span: the first inner one, if it starts inside
        while j < len(nodes) and (nodes[j].start_byte, nodes[j].end_byte) == (start, end):
            j += 1
        stop = nodes[j].start_byte if j < len(nodes) and nodes[j].start_byte < end else end
        k = bisect_left(starts, (start, -1))
        if k < len(starts) and starts[k][0] < stop and starts[k][1] <= end:
            out[(start, end)] = _WS.sub(" ", _text(src, *starts[k])).strip()
    return out


def _enclosing(node: Node, names: dict[tuple[int, int], str]) -> tuple[list[str], bool]:
    """The names of the definitions around ``node``, innermost first (``names``:
    every definition met so far, by span), and whether ``node`` is top-level (in
    no definition; every function is one)."""
    parts: list[str] = []
    top = True
    last = (node.start_byte, node.end_byte)
    parent = node.parent
    while parent is not None:
        pspan = (parent.start_byte, parent.end_byte)
        # a wrapper of the same span as the definition below it (a body holding
        # only that definition) is that definition, not one around it
        if pspan in names and pspan != last:
            last = pspan
            top = False
            if names[pspan]:
                parts.append(names[pspan])
        parent = parent.parent
    return parts, top


def _doc(node: Node, data: bytes, entry: LanguageSpec) -> str:
    """A definition's doc line: its docstring where the language has them
    (``file_doc_rule`` ``docstring``), else (or when it has none) the comment
    above it."""
    body = node.child_by_field_name("body") if entry.file_doc_rule == "docstring" else None
    if body is not None:
        doc_node = _python_doc(body)
        doc = _first_doc_line(_python_string(doc_node, data)) if doc_node is not None else ""
        if doc:
            return doc
    return _leading_comment(node, data, comment_kinds(entry.name), entry.definition_nodes)


def secret_warning(data: bytes, path: str) -> str | None:
    """Why the file ``path`` (its bytes ``data``) stays out of project memory
    when it holds a secret (see :mod:`codepith.core.secrets`), or None.

    Recall, the index and the rules show signatures, and a constant's
    signature is its value: a key written in the code would be injected into
    every prompt that ranks it. The whole file stays out, as ``compress`` and
    ``pack`` leave it out; the findings name kinds and lines, never values."""
    from ..core.secrets import describe, scan

    findings = scan(data, path)
    if not findings:
        return None
    return (
        f"{path}: holds a secret ({describe(findings)}); not indexed: remove it from the code, or mark a "
        "false alarm with a `pragma: allowlist secret` comment on its line"
    )


def scan_file(
    data: bytes, language: str, path: str, tree: Tree | None = None, *, details: bool = True
) -> tuple[str, list[Symbol]]:
    """(the file's doc line, its definitions) from ``data`` (``tree``: its parse,
    when the caller has it); a file with regions (a component) has its regions'
    definitions, each read by its own language's rules (what is exported too),
    and as its doc line its leading comment, else its first region's. Without
    ``details`` a definition's signature and doc are left empty (and the file's
    doc line too): a reader of names alone does not pay for them."""
    if tree is None:
        tree = parse(language, data)
    if spec(language).regions is not None:
        doc = _file_doc(tree.root_node, data, language, None)
        out: list[Symbol] = []
        for region_language, text in units(language, data, tree.root_node):
            region_doc, symbols = scan_file(text, region_language, path, details=details)
            doc = doc or region_doc
            out += symbols
        return doc, out
    root = tree.root_node
    caps = captures(language, "tags", root, utf8=_is_utf8(data))
    entry = spec(language)
    names: dict[tuple[int, int], str] = {}
    marked = {(n.start_byte, n.end_byte) for cap in ("exported", "private") for n in caps.get(cap, [])}
    out = []
    definitions = _definitions(caps)
    captured = _captured_names(caps.get("name", []), [n for n, _kind in definitions], data)
    for node, kind in definitions:
        # the tags query's @name, unless the node's own name holds it qualified (Lua's `M.f`)
        named, tagged = _name_of(node, data), captured.get((node.start_byte, node.end_byte), "")
        name = named if not tagged or named == tagged or named.endswith(("." + tagged, ":" + tagged)) else tagged
        names[(node.start_byte, node.end_byte)] = name
        parts, top = _enclosing(node, names)
        if entry.receiver_qualifies and kind == "method":
            receiver = _receiver_type(node, data)
            if receiver:
                parts.append(receiver)
        out.append(
            Symbol(
                path=path,
                kind=kind,
                name=name,
                qualname=".".join(list(reversed(parts)) + [name]),
                line=node.start_point[0] + 1,
                signature=_signature(node, data, language) if details else "",
                doc=_doc(node, data, entry) if details else "",
                exported=_exported(node, name, language, top, marked),
            )
        )
    packages = caps.get("definition.package", [])
    return (_file_doc(root, data, language, packages[0] if packages else None) if details else ""), out
