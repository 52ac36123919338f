"""What each op of ``codepith serve`` does: a thin call into the library.

``compress`` and ``count`` run in worker processes (:mod:`codepith.serve.worker`):
``compress`` through bulk's own per-file function
(:func:`codepith.bulk.files.process_bytes`), so a file gets the verdict,
reason, validity check and exact counts a bulk run gives it. ``compress_tree``
(:func:`codepith.compress_tree`), ``map`` (:func:`codepith.repo_map`) and
``pack`` (:func:`codepith.pack`) run in the server, one at a time; each
spreads its own work over worker processes.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from typing import Any

from .._version import __version__
from ..bulk.files import process_bytes
from ..bulk.options import TreeOptions
from ..bulk.results import DEFAULT_TIMEOUT, BulkOptions, FileResult, check_timeout
from ..bulk.run import compress_tree, left_out_action, tree_listing, walk_tree
from ..core.languages import languages, resolve_language
from ..core.literals import ENCODINGS, LEVELS
from ..core.tokens import DEFAULT_ENCODING, count_tokens
from ..core.verdict import too_large
from ..errors import CodepithError, InvalidOption, UnsupportedLanguage
from ..fs.paths import path_kind, resolve_inside
from ..fs.safeio import DEFAULT_MAX_FILE_BYTES, NotRegularFile, read_regular
from ..map import MapOptions, repo_map
from ..packer.packing import PackFailed, pack
from ..render.formats import Totals, make_writer, tree_lines
from .protocol import OPS, PROTOCOL, RequestError

__all__ = [
    "DEFAULT_MAX_LINE_BYTES",
    "ServeOptions",
    "Target",
    "hello",
    "resolve",
    "compress_file",
    "count",
    "compress_folder",
    "map_tree",
    "pack_paths",
    "file_fields",
]

#: the longest request line, in bytes, unless --max-line-bytes says otherwise
DEFAULT_MAX_LINE_BYTES = 64 << 20
#: the most requests read and not yet answered; the server reads no further line until one is
DEFAULT_MAX_PENDING = 1024


@dataclass(frozen=True)
class ServeOptions:
    """How ``codepith serve`` runs, checked when made (a bad value is an
    :class:`~codepith.errors.InvalidOption` naming the field).

    ``root``: the folder paths are relative to; nothing outside it is read.
    ``jobs``: worker processes (default: every core). ``max_line_bytes``: the
    longest request line. ``timeout``: seconds one file may take (0: no
    limit); a worker still on a request past it, plus a second's grace, is
    stopped. ``max_file_bytes``: a larger file is ``skipped:too-large``.
    ``max_pending``: requests read and not yet answered, at most."""

    root: str = "."
    jobs: int | None = None
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES
    timeout: float = DEFAULT_TIMEOUT
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    max_pending: int = DEFAULT_MAX_PENDING

    def __post_init__(self) -> None:
        object.__setattr__(self, "root", os.path.abspath(os.fspath(self.root)))
        if not os.path.isdir(self.root):
            raise InvalidOption("root", f"{self.root}: not a folder; give the project's folder")
        check_timeout(self.timeout)
        for name in ("max_line_bytes", "max_file_bytes", "max_pending"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise InvalidOption(name, f"must be a whole number of at least 1, got {value!r}")
        if self.jobs is not None and (isinstance(self.jobs, bool) or not isinstance(self.jobs, int) or self.jobs < 1):
            raise InvalidOption("jobs", f"must be at least 1, got {self.jobs!r}")

    @property
    def workers(self) -> int:
        return self.jobs or os.cpu_count() or 1

    @property
    def root_real(self) -> str:
        return os.path.realpath(self.root)


def hello(options: ServeOptions) -> dict[str, Any]:
    """What a client needs to know first: versions, ops, languages, limits."""
    return {
        "protocol": PROTOCOL,
        "codepith": __version__,
        "ops": list(OPS),
        "languages": languages(),
        "levels": list(LEVELS),
        "encodings": list(ENCODINGS),
        "root": options.root,
        "limits": {
            "max_line_bytes": options.max_line_bytes,
            "max_file_bytes": options.max_file_bytes,
            "timeout": options.timeout,
            "jobs": options.workers,
            "max_pending": options.max_pending,
        },
    }


@dataclass(frozen=True)
class Target:
    """A path a request names, checked against the root: absolute, and as
    the root-relative path results show."""

    abspath: str
    rel: str


def resolve(options: ServeOptions, raw: str, *, field: str = "path") -> Target:
    """``raw`` inside the root (symlinks followed), or :class:`RequestError`
    ``outside-root``. Nothing is opened."""
    abspath, rel, problem = resolve_inside(options.root_real, options.root, raw)
    if problem == "invalid-name":
        raise RequestError("invalid-request", f"{field} {raw!r}: not a file name; give a path relative to the root")
    if problem or abspath is None:
        raise RequestError(
            "outside-root",
            f"{field} {raw!r}: outside the root {options.root}; only paths inside it are read "
            "(send the file's text in 'text' instead)",
        )
    return Target(abspath, rel)


def _missing(target: Target, what: str) -> RequestError:
    kind, detail = path_kind(target.abspath)
    if kind == "missing":
        return RequestError("not-found", f"{target.rel}: no such {what} under the root; check the path")
    cause = detail or kind
    return RequestError("unreadable", f"{target.rel}: cannot be read ({cause}); name a {what} you can read")


# --------------------------------------------------------------------------- one file (in a worker)


def file_fields(r: FileResult, encoding: str) -> dict[str, Any]:
    """The fields of one file's result, as ``compress`` and ``compress_tree`` give them."""
    return {
        "path": r.path,
        "language": r.language,
        "level": r.level,
        "action": r.action,
        "reason": r.reason,
        "valid": r.valid,
        "bytes_in": r.bytes_in,
        "bytes_out": r.bytes_out,
        "tokens_in": r.tokens_in,
        "tokens_out": r.tokens_out,
        "encoding": encoding,
        "elisions": r.elisions,
        "text": r.text,
    }


def _bulk_options(params: dict[str, Any], options: ServeOptions) -> BulkOptions:
    return BulkOptions(
        levels=(params.get("level", "signatures"),),
        tokens=True,
        encoding=params.get("encoding", DEFAULT_ENCODING),
        line_refs=params.get("line_refs", False),
        with_text=True,
        timeout=options.timeout,
    )


def _text_bytes(text: str) -> bytes:
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError as exc:
        raise RequestError(
            "invalid-request",
            f"compress: text holds a lone surrogate (U+{ord(text[exc.start]):04X}) at character {exc.start}; "
            "send a byte that is not UTF-8 as \\udc80 to \\udcff",
        ) from None


def compress_file(params: dict[str, Any], target: Target | None, options: ServeOptions) -> dict[str, Any]:
    """``compress``: the text given, or the file at ``target``, as bulk compresses it."""
    bulk = _bulk_options(params, options)
    language = None
    if "language" in params:
        try:
            language = resolve_language(params["language"])
        except UnsupportedLanguage as exc:
            raise RequestError("invalid-request", f"compress: field 'language': {exc}") from None
    if target is None:
        path, data = params["path"], _text_bytes(params["text"])
    else:
        path = target.rel
        try:
            data = read_regular(target.abspath, max_bytes=options.max_file_bytes)
        except NotRegularFile as exc:
            if exc.reason != "too-large":
                raise _missing(target, "regular file") from None
            data = None
        except OSError:
            raise _missing(target, "file") from None
    if data is None or len(data) > options.max_file_bytes:
        size = len(data) if data is not None else _size(target)
        verdict = too_large(size, options.max_file_bytes)
        result = FileResult(
            path=path, action=verdict.action, level=bulk.levels[0], bytes_in=size, reason=verdict.reason
        )
    else:
        abspath = target.abspath if target is not None else None
        result = process_bytes(path, data, bulk, language=language, security_check=bulk.security_check_applies(abspath))
    return file_fields(result, bulk.encoding)


def _size(target: Target | None) -> int:
    try:
        return os.stat(target.abspath).st_size if target is not None else 0
    except OSError:
        return 0


def count(params: dict[str, Any]) -> dict[str, Any]:
    """``count``: the exact tokens and UTF-8 bytes of a text."""
    data = _text_bytes(params["text"])
    encoding = params.get("encoding", DEFAULT_ENCODING)
    return {"tokens": count_tokens(data, encoding=encoding), "bytes": len(data), "encoding": encoding}


# --------------------------------------------------------------------------- many files (in the server)


def _folder(options: ServeOptions, params: dict[str, Any], *, files: bool) -> Target:
    target = resolve(options, params.get("path", "."))
    kind, _ = path_kind(target.abspath)
    if kind == "folder" or (files and kind == "file"):
        return target
    raise _missing(target, "file or folder" if files else "folder")


def compress_folder(params: dict[str, Any], options: ServeOptions) -> dict[str, Any]:
    """``compress_tree``: every file under a path, as ``codepith compress``
    gives them: each file's result, the summary, and the document in
    ``format`` when asked for."""
    target = _folder(options, params, files=True)
    run = TreeOptions(
        level=params.get("level", "signatures"),
        encoding=params.get("encoding", DEFAULT_ENCODING),
        jobs=options.jobs,
        timeout=options.timeout,
        max_file_bytes=options.max_file_bytes,
    )
    walked = walk_tree([target.abspath], run)
    results = list(compress_tree(target.abspath, run, walked=walked))
    totals = Totals(tokens=run.tokens)
    for r in results:
        totals.add(r)
    texts = params.get("texts", True)
    files = []
    folder = os.path.isdir(target.abspath)
    for r in results:
        fields = file_fields(r, run.encoding)
        # root-relative, as every path of a response (the document keeps the folder's own, as the CLI's)
        fields["path"] = (r.path if target.rel == "." else f"{target.rel}/{r.path}") if folder else target.rel
        fields["files"] = r.files
        if not texts:
            del fields["text"]
        files.append(fields)
    reply: dict[str, Any] = {"path": target.rel, "files": files, "summary": totals.as_dict()}
    if "format" in params:
        out = io.StringIO()
        writer = make_writer(params["format"], out)
        left_out = {r.path: action for r in results if (action := left_out_action(r))}
        writer.header([target.rel], run.level, tree_lines(tree_listing(walked, left_out)))
        for r in results:
            writer.file(r) if r.in_output else writer.other(r)
        writer.footer(totals)
        reply["format"] = params["format"]
        reply["document"] = out.getvalue()
    return reply


def map_tree(params: dict[str, Any], options: ServeOptions) -> dict[str, Any]:
    """``map``: :meth:`codepith.RepoMap.to_json` of the folder at ``path``."""
    target = _folder(options, params, files=False)
    run = MapOptions(
        tokens=params["tokens"],
        focus=tuple(params.get("focus", ())),
        mentions=tuple(params.get("mentions", ())),
        encoding=params.get("encoding", DEFAULT_ENCODING),
        jobs=options.jobs,
    )
    return repo_map(target.abspath, run).to_json()


def pack_paths(params: dict[str, Any], options: ServeOptions) -> dict[str, Any]:
    """``pack``: :func:`codepith.pack` over paths under the root, no audit line written."""
    settings: dict[str, Any] = {
        "mode": params["mode"],
        "required": params.get("required", []),
        "pr_paths": params.get("paths", []),
        "deps": params.get("deps", False),
        "deps_level": params.get("deps_level", "signatures"),
        "encoding": params.get("encoding", DEFAULT_ENCODING),
        "fmt": params.get("format", "markdown"),
        "max_file_bytes": options.max_file_bytes,
        "write_audit": False,
    }
    for name in ("byte_budget", "token_budget"):
        if name in params:
            settings[name] = params[name]
    if "token_budget" in params and "byte_budget" not in params:  # a token budget alone: no byte budget
        settings["byte_budget"] = None
    try:
        result = pack(options.root, **settings)
    except PackFailed as exc:
        raise RequestError(
            "failed", "pack: " + exc.told(lambda param, value: f'the "{param}" field set to "{value}"')
        ) from None
    record = result.audit_record()
    return {
        "status": result.status,
        "mode": result.mode,
        "bytes_used": result.bytes_used,
        "tokens_used": result.tokens_used,
        "byte_budget": result.byte_budget,
        "token_budget": result.token_budget,
        "encoding": result.encoding,
        "items": record["items"],
        "warnings": result.warnings,
        "deps_notes": result.deps_notes,
        "output": result.output,
    }


#: the library's names for a request's fields, where they differ
_FIELD_NAMES = {"pr_paths": "paths", "fmt": "format"}


def library_error(op: str, exc: BaseException) -> RequestError:
    """A library error as the request's error: a bad argument names the request's field."""
    if isinstance(exc, RequestError):
        return exc
    if isinstance(exc, InvalidOption):
        name = _FIELD_NAMES.get(exc.parameter, exc.parameter)
        return RequestError("invalid-request", f"{op}: field {name!r}: {exc.problem}")
    if isinstance(exc, CodepithError):
        return RequestError("failed", f"{op}: {exc}")
    if isinstance(exc, OSError):
        where = f"{exc.filename}: " if exc.filename else ""
        return RequestError("unreadable", f"{op}: {where}{exc.strerror or exc}; check the path and its permissions")
    return RequestError(
        "internal",
        f"{op}: a bug in codepith ({type(exc).__name__}: {exc}); please report it with the request; the server goes on",
    )
