"""The symbol index of a tree: every definition's signature and first doc line.

One record per definition the language's ``tags`` query finds (functions,
methods, classes, types, fields, constants, …): its kind, name, qualified name
(``Class.method``; a Go method's receiver type), line, a one-line signature
(the definition up to its body) and the first line of its docstring or doc
comment. Each file also records its own doc line (a module docstring, a Go
package comment, a leading comment of a JS/TS file).

The index is cached as JSON in ``ROOT/.codepith/symbols.json``, per file keyed
by path, modification time (ns) and size, and as a whole by codepith's and
the grammars' versions. :func:`load_index` walks the tree (honouring
``.gitignore``; ``.codepith/`` and hidden folders are never indexed), reuses
what has not changed, parses what is new or changed, drops what is gone, and
rewrites the cache (atomically) only when something changed. A cache that
cannot be read is rebuilt; one that cannot be written is skipped, with a
warning. A ``.codepith`` or ``symbols.json`` that is a symlink is refused
(:class:`~codepith.safeio.UnsafeStatePath`): the cache is never read or
written through a link. Source files are read with
:func:`~codepith.safeio.read_regular`, so one swapped for a FIFO never blocks.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field

from .._version import __version__
from ..core.discover import DEFAULT_MAX_FILE_BYTES, Candidate, walk
from ..core.languages import captures, detect_language, grammar_versions, parse, spec
from ..core.safeio import STATE_DIR, NotRegularFile, UnsafeStatePath, read_regular
from ..core.statefiles import open_file, write_atomic

__all__ = ["CACHE_DIR", "INDEX_FILE", "FileEntry", "Symbol", "SymbolIndex", "load_index", "scan_file"]

CACHE_DIR = STATE_DIR
INDEX_FILE = "symbols.json"
_SCHEMA = 2  # bump when what is extracted changes
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


@dataclass
class FileEntry:
    path: str
    language: str
    mtime_ns: int
    size: int
    doc: str = ""
    symbols: list[Symbol] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "language": self.language, "mtime_ns": self.mtime_ns, "size": self.size, "doc": self.doc,
            "symbols": [[s.kind, s.name, s.qualname, s.line, s.signature, s.doc, s.exported] for s in self.symbols],
        }

    @classmethod
    def from_json(cls, path: str, raw: dict) -> FileEntry:
        return cls(
            path=path, language=raw["language"], mtime_ns=int(raw["mtime_ns"]), size=int(raw["size"]),
            doc=str(raw.get("doc", "")),
            symbols=[Symbol(path, k, n, q, int(ln), sig, d, bool(e)) for k, n, q, ln, sig, d, e in raw["symbols"]],
        )


@dataclass
class SymbolIndex:
    """Every indexed file, by path (sorted), and every other file the walk saw."""

    root: str
    files: dict[str, FileEntry]
    other_files: list[str]  # not in a supported language (READMEs, configs, …), sorted
    warnings: list[str] = field(default_factory=list)
    hidden_files: list[str] = field(default_factory=list)  # in hidden folders (.claude/, .github/, …): not indexed
    parsed: int = 0  # files parsed by this load (not taken from the cache)

    def symbols(self) -> list[Symbol]:
        return [s for path in sorted(self.files) for s in self.files[path].symbols]

    def all_files(self) -> list[str]:
        return sorted(list(self.files) + self.other_files)


# --------------------------------------------------------------------------- extraction

_WS = re.compile(r"\s+")
_BODY_FIELDS = ("body",)
_VALUE_WITH_BODY = {"arrow_function", "function_expression", "function", "generator_function", "class"}
_CONTAINERS = {
    "class_definition", "class_declaration", "abstract_class_declaration", "class", "interface_declaration",
    "enum_declaration", "module", "internal_module", "object", "type_spec",
}
_SENTENCE_END = re.compile(r"[.!?](?=\s)")
_COMMENT_PREFIX = re.compile(r"^\s*(?:/\*\*?|\*/|\*|//+|#+)\s?")
# comments that steer a tool rather than describe the code
_DIRECTIVE = re.compile(
    r"^(?:!|eslint|prettier-|istanbul |@ts-|#__PURE__|@__PURE__|noqa|type: |pragma|pylint|go:|\+build|nolint|"
    r"@jsx|@flow|jshint|global |<reference |@license|@preserve|c8 |tslint)"
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


def _python_string(node, src: bytes) -> str:
    raw = _text(src, node.start_byte, node.end_byte)
    raw = raw.lstrip("rRbBuUfF")
    for q in ('"""', "'''", '"', "'"):
        if raw.startswith(q) and raw.endswith(q) and len(raw) >= 2 * len(q):
            return raw[len(q) : -len(q)]
    return raw


def _python_doc(block) -> object | None:
    """The docstring node of a Python block (its first statement, a string)."""
    for child in block.named_children:
        if child.type == "comment":
            continue
        if child.type == "expression_statement" and child.named_child_count == 1 and child.named_children[0].type == "string":
            return child.named_children[0]
        if child.type == "string":
            return child
        return None
    return None


def _leading_comment(node, src: bytes) -> str:
    """The comment block right above ``node`` (or above its export/decorator wrapper)."""
    target = node
    while target.parent is not None and target.parent.type in (
        "export_statement", "decorated_definition", "lexical_declaration", "variable_declaration",
        "expression_statement", "type_declaration", "const_declaration", "var_declaration",
    ) and target.parent.start_point[0] <= target.start_point[0]:
        if target.parent.type in ("type_declaration", "const_declaration", "var_declaration") and \
                target.parent.named_child_count > 1 and target.prev_named_sibling is not None:
            break  # a spec inside a group: its own comment, not the group's
        target = target.parent
    prev = target.prev_sibling
    comments = []
    line = target.start_point[0]
    while prev is not None and prev.type == "comment" and prev.end_point[0] >= line - 1:
        before = prev.prev_sibling
        if before is not None and before.end_point[0] == prev.start_point[0]:
            break  # a comment at the end of the line before (`x = 1  # note`) is not a doc
        comments.append(prev)
        line = prev.start_point[0]
        prev = prev.prev_sibling
    if not comments:
        return ""
    comments.reverse()
    return _first_doc_line("\n".join(_text(src, c.start_byte, c.end_byte) for c in comments))


def _name_of(node, src: bytes) -> str:
    for name in ("name", "left", "property", "declarator"):
        child = node.child_by_field_name(name)
        if child is not None:
            if child.type == "member_expression":
                prop = child.child_by_field_name("property")
                if prop is not None:
                    child = prop
            return _text(src, child.start_byte, child.end_byte)
    for child in node.named_children:
        if "identifier" in child.type:
            return _text(src, child.start_byte, child.end_byte)
    return ""


def _signature(node, src: bytes, language: str) -> str:
    start, end = node.start_byte, node.end_byte
    target = node
    value = node.child_by_field_name("value") or node.child_by_field_name("right")
    if value is not None and value.type in _VALUE_WITH_BODY:
        target = value
    body = target.child_by_field_name("body")
    if body is not None and body.start_byte > start:
        end = body.start_byte
    else:
        nl = src.find(b"\n", start, end)
        if nl >= 0:
            end = nl
    text = _text(src, start, end).rstrip()
    entry = spec(language)
    # comments inside a header (`def f(x):  # note`) are not part of the signature
    text = re.sub(r"(?m)[ \t]+" + re.escape(entry.line_comment) + r"[^\n]*$", "", text)
    if entry.placeholder == "braces":
        text = text.rstrip("{").rstrip()
    prefix = ""
    parent = node.parent
    if node.type == "variable_declarator" and parent is not None and parent.type in (
            "lexical_declaration", "variable_declaration"):
        prefix = (parent.children[0].type + " ") if parent.children else ""
        parent = parent.parent
    if parent is not None and parent.type == "export_statement":
        # `export `, `export default `: the words before the declaration
        words = _text(src, parent.start_byte, (parent.named_children or [node])[0].start_byte)
        prefix = _WS.sub(" ", words).strip() + " " + prefix
    elif entry.type_keyword and node.type in ("type_spec", "type_alias"):
        # a type spec inside a `type (…)` group leaves its keyword to the group
        prefix = entry.type_keyword + " "
    elif node.type == "const_spec":
        prefix = "const "
    elif node.type == "var_spec":
        prefix = "var "
    text = _WS.sub(" ", prefix + text)
    text = re.sub(r"([(\[]) ", r"\1", text)
    text = re.sub(r",? ([)\]])", r"\1", text)
    return _one_line(text, SIGNATURE_MAX)


def _receiver_type(node, src: bytes) -> str:
    receiver = node.child_by_field_name("receiver")
    if receiver is None:
        return ""
    text = _text(src, receiver.start_byte, receiver.end_byte)
    words = re.findall(r"[A-Za-z_]\w*", text.split("[", 1)[0])
    return words[-1] if words else ""


def _exported(node, name: str, language: str, top: bool) -> bool:
    if not name:
        return False
    rule = spec(language).export_rule
    if rule == "capitalized":
        return name[:1].isupper()
    if rule == "public-name":
        return top and not name.startswith("_")
    # "export-statement": declared under `export` (or assigned to a member, CommonJS);
    # the node kinds are those of the grammars that use this rule
    parent = node.parent
    while parent is not None and parent.type in ("variable_declarator", "lexical_declaration", "variable_declaration"):
        parent = parent.parent
    return parent is not None and parent.type == "export_statement" or (
        node.type == "assignment_expression")


def _file_doc(root, src: bytes, language: str, package) -> str:
    rule = spec(language).file_doc_rule
    if rule == "docstring":
        node = _python_doc(root)
        return _first_doc_line(_python_string(node, src)) if node is not None else ""
    if rule == "package-comment":
        # the comment above the package clause (the tags query's @definition.package)
        return _leading_comment(package, src) if package is not None else ""
    first = root.named_children[0] if root.named_child_count else None
    if first is not None and first.type == "comment":
        return _first_doc_line(_text(src, first.start_byte, first.end_byte))
    return ""


def scan_file(data: bytes, language: str, path: str) -> tuple[str, list[Symbol]]:
    """(the file's doc line, its definitions) from ``data``."""
    tree = parse(language, data)
    root = tree.root_node
    try:
        data.decode("utf-8")
        utf8 = True
    except UnicodeDecodeError:
        utf8 = False
    caps = captures(language, "tags", root, utf8=utf8)
    entry = spec(language)
    packages = caps.get("definition.package", [])
    defs: list[tuple[object, str]] = []
    for cap, nodes in caps.items():
        if not cap.startswith("definition.") or cap == "definition.package":
            continue
        kind = cap.split(".", 1)[1]
        for node in nodes:
            defs.append((node, kind))
    defs.sort(key=lambda d: (d[0].start_byte, -d[0].end_byte, d[1]))
    by_span = {(n.start_byte, n.end_byte): n for n, _ in defs}
    names: dict[tuple[int, int], str] = {}
    out: list[Symbol] = []
    seen: set[tuple[int, int]] = set()
    for node, kind in defs:
        span = (node.start_byte, node.end_byte)
        if span in seen:
            continue
        seen.add(span)
        name = _name_of(node, data)
        names[span] = name
        # qualified name: the enclosing definitions' names
        parts = []
        parent = node.parent
        top = True
        while parent is not None:
            pspan = (parent.start_byte, parent.end_byte)
            if pspan in by_span and pspan in names:
                top = False
                if names[pspan]:
                    parts.append(names[pspan])
            elif parent.type in ("function_definition", "function_declaration", "method_definition"):
                top = False
            parent = parent.parent
        if entry.receiver_qualifies and kind == "method":
            receiver = _receiver_type(node, data)
            if receiver:
                parts.append(receiver)
        qualname = ".".join(list(reversed(parts)) + [name])
        if entry.file_doc_rule == "docstring" and node.child_by_field_name("body") is not None:
            body = node.child_by_field_name("body")
            doc_node = _python_doc(body) if body is not None else None
            doc = _first_doc_line(_python_string(doc_node, data)) if doc_node is not None else ""
            if not doc:
                doc = _leading_comment(node, data)
        else:
            doc = _leading_comment(node, data)
        out.append(Symbol(
            path=path, kind=kind, name=name, qualname=qualname, line=node.start_point[0] + 1,
            signature=_signature(node, data, language), doc=doc,
            exported=_exported(node, name, language, top),
        ))
    return _file_doc(root, data, language, packages[0] if packages else None), out


# --------------------------------------------------------------------------- the cache


def _fingerprint() -> dict:
    return {"schema": _SCHEMA, "codepith": __version__, **grammar_versions()}


def _hidden(rel: str) -> bool:
    """In a hidden folder (``.github/``, ``.codepith/``, …), or git's own ``.git`` file."""
    parts = rel.split("/")
    return parts[-1] == ".git" or any(part.startswith(".") for part in parts[:-1])


def _json_bytes(payload: dict) -> bytes:
    text = json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:  # a file name that is not UTF-8: its lone surrogates as \u escapes
        return json.dumps(payload, ensure_ascii=True, sort_keys=True, separators=(",", ":")).encode("ascii")


def _read_cache(root: str, path: str, warnings: list[str]) -> dict[str, dict]:
    """The cached files of ``path`` (below ``root``, read without following a
    link: :class:`~codepith.safeio.UnsafeStatePath` when it is one); {} when
    there is none or it cannot be used."""
    try:
        fd = open_file(path, os.O_RDONLY, root=root)
    except FileNotFoundError:
        return {}
    except UnsafeStatePath:
        raise
    except OSError as exc:
        warnings.append(f"{path}: unreadable ({exc.strerror or exc}); rebuilding it")
        return {}
    try:
        with open(fd, encoding="utf-8") as f:
            raw = json.load(f)
    except (OSError, ValueError) as exc:
        warnings.append(f"{path}: unreadable ({exc}); rebuilding it")
        return {}
    if not isinstance(raw, dict) or raw.get("fingerprint") != _fingerprint() or not isinstance(raw.get("files"), dict):
        return {}
    return raw["files"]


def load_index(root: str | os.PathLike, *, cache: bool = True, max_files: int = 100_000) -> SymbolIndex:
    """The symbol index of ``root``, refreshed from the cache in ``root/.codepith/``."""
    root = os.path.abspath(os.fspath(root))
    warnings: list[str] = []
    cache_path = os.path.join(root, CACHE_DIR, INDEX_FILE)
    cached = _read_cache(root, cache_path, warnings) if cache else {}
    files: dict[str, FileEntry] = {}
    other: list[str] = []
    hidden: list[str] = []
    parsed = 0
    changed = False
    seen = 0
    real_dirs: dict[str, str] = {}
    seen_real: set[tuple[str, str]] = set()
    for entry in walk(root, exclude=["/" + CACHE_DIR + "/"]):
        if not isinstance(entry, Candidate):
            continue
        # a folder linked from inside the tree is read once, under its first path
        folder, name = os.path.split(entry.abspath)
        real = real_dirs.get(folder)
        if real is None:
            real = real_dirs[folder] = os.path.realpath(folder)
        if (real, name) in seen_real:
            continue
        seen_real.add((real, name))
        if _hidden(entry.path):
            if os.path.basename(entry.path) != ".git":
                hidden.append(entry.path)
            continue
        seen += 1
        if seen > max_files:
            warnings.append(f"{root}: more than {max_files} files; only the first {max_files} are indexed")
            break
        language = detect_language(entry.path)
        if language is None:
            other.append(entry.path)
            continue
        try:
            st = os.stat(entry.abspath)
        except OSError:
            continue
        raw = cached.get(entry.path)
        if raw is not None and raw.get("mtime_ns") == st.st_mtime_ns and raw.get("size") == st.st_size \
                and raw.get("language") == language:
            try:
                files[entry.path] = FileEntry.from_json(entry.path, raw)
                continue
            except (KeyError, TypeError, ValueError):
                pass
        try:
            data = read_regular(entry.abspath, max_bytes=DEFAULT_MAX_FILE_BYTES)
        except NotRegularFile as exc:
            warnings.append(f"{entry.path}: {'not a regular file' if exc.reason == 'not-a-file' else 'too large'} "
                            "when read; not indexed")
            continue
        except OSError as exc:
            warnings.append(f"{entry.path}: unreadable ({exc.strerror}); not indexed")
            continue
        try:
            doc, symbols = scan_file(data, language, entry.path)
        except Exception as exc:  # noqa: BLE001 - one bad file costs only itself
            warnings.append(f"{entry.path}: could not be indexed ({exc})")
            doc, symbols = "", []
        files[entry.path] = FileEntry(entry.path, language, st.st_mtime_ns, st.st_size, doc, symbols)
        parsed += 1
        changed = True
    if set(cached) != set(files):
        changed = True
    if cache and changed:
        payload = {"fingerprint": _fingerprint(),
                   "files": {p: files[p].to_json() for p in sorted(files)}}
        try:
            write_atomic(cache_path, _json_bytes(payload), root=root)
        except UnsafeStatePath:
            raise
        except OSError as exc:
            warnings.append(f"{cache_path}: cannot be written ({exc.strerror}); the index is not cached")
    return SymbolIndex(root=root, files=dict(sorted(files.items())), other_files=sorted(other),
                       warnings=warnings, parsed=parsed, hidden_files=hidden)
