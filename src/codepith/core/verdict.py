"""One verdict per file: whether a file's bytes are compressed, kept whole or
skipped, and why -- the same rules and the same reasons for every face that
turns one file into output (``compress`` on a FILE or a folder, bulk runs,
``pack``, MCP ``compress_file``, ``dataset compress``, ``pressure``).

The rules, in order:

- *binary*: a NUL byte in the first 8 KiB (skipped), unless a UTF-16 or
  UTF-32 BOM says the file is text (its secrets are looked for in that encoding);
- *secret*: a credential found by :mod:`codepith.core.secrets` (skipped, the
  finding's kind and line in the reason, never its value), in every file
  whatever its language, unless the caller turns the check off for it
  (``--no-security-check``, ``--allow-secret PATH``);
- *encoding*: UTF-16 or UTF-32 text, by its BOM (skipped after the secret
  check, with the command that converts it: a UTF-8 document cannot hold it);
- *generated*: a generated-code marker in the leading comments (skipped unless
  generated files are included) -- Go's ``// Code generated … DO NOT EDIT.``
  line (https://go.dev/s/generatedcode; other generators write the same line,
  with ``#`` where that is the comment leader) and Meta's ``@generated``;
  looked for in the leading comment region only, so a mention deeper in the
  file, or in a string or a docstring, marks nothing;
- *minified*: the whole file's shape, not one line (skipped; see
  :func:`minified_shape`): a line over :data:`MINIFIED_LINE_BYTES`, lines over
  it holding at least :data:`MINIFIED_SHARE` of the bytes, and lines that
  average over :data:`MINIFIED_AVERAGE_BYTES` (fewer than 2 lines per KB).
  A bundle is a few huge lines; a source file with one long line (a test
  fixture, an embedded literal) among ordinary lines is not minified;
- *too large*: over the caller's byte limit (skipped, never read past it);
- *not a language codepith compresses*: kept whole;
- a compression that runs out of its time or memory budget, or fails: kept
  whole, with the reason (see :func:`failure`).

``force`` turns the content checks (binary, encoding, generated, minified) off for a
file a user names and wants compressed anyway; it never lets a secret through.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import FATAL, InputTooLarge, ParseTimeout
from .literals import Level
from .secrets import SECRET_HINT, bom_encoding, describe, scan
from .slicer import longest_line

if TYPE_CHECKING:
    from .compress import Compressed

__all__ = [
    "Verdict",
    "classify",
    "secret_verdict",
    "too_large",
    "timed_out",
    "failure",
    "compress_file",
    "compress_classified",
    "looks_binary",
    "wide_encoding",
    "generated_marker",
    "minified_shape",
    "BINARY_REASON",
    "GENERATED_HINT",
    "MINIFIED_LINE_BYTES",
    "MINIFIED_SHARE",
    "MINIFIED_AVERAGE_BYTES",
    "MINIFIED_RULE",
    "UNSUPPORTED_REASON",
    "FORCE_HINT",
]

#: a line longer than this is very long: a minified file has one
MINIFIED_LINE_BYTES = 2000
#: the share of a minified file's bytes that sit in very long lines, at least
MINIFIED_SHARE = 0.5
#: a minified file's lines average more bytes than this (fewer than 2 lines per KB)
MINIFIED_AVERAGE_BYTES = 500
#: the minified rule's numbers, for a cache key
MINIFIED_RULE = f"{MINIFIED_LINE_BYTES}:{MINIFIED_SHARE}:{MINIFIED_AVERAGE_BYTES}"
_SNIFF = 8192
BINARY_REASON = "a NUL byte in the first 8 KiB"
GENERATED_HINT = "--include-generated compresses it"
UNSUPPORTED_REASON = "not a language codepith compresses"
#: how a user compresses one named file that a content check skips
FORCE_HINT = "--force compresses it anyway"

_GENERATED_LINE = re.compile(rb"(?://|#) Code generated .* DO NOT EDIT\.\r?")
_GENERATED_AT = re.compile(rb"(?:^|[^\w@.])@generated\b")


@dataclass(frozen=True)
class Verdict:
    """What happens to a file that is not compressed: ``action`` is
    ``skipped:<kind>`` or ``kept-whole``; ``reason`` says why, with the fix
    where there is one; ``transient`` marks a verdict that depends on the
    machine's load (a time or memory budget) and must not be cached."""

    action: str
    reason: str
    transient: bool = False

    @property
    def kind(self) -> str:
        """``binary``, ``generated``, … (the part after ``skipped:``)."""
        return self.action.split(":", 1)[1] if ":" in self.action else self.action


def looks_binary(data: bytes) -> bool:
    """Whether ``data`` is taken for binary: a NUL byte in its first 8 KiB,
    unless a UTF-16 or UTF-32 BOM says what the NULs are and those bytes
    decode to text without a NUL character or an invalid sequence."""
    head = data[:_SNIFF]
    if b"\0" not in head:
        return False
    encoding = bom_encoding(head)
    if encoding is None or encoding == "utf-8-sig":
        return True
    text = codecs.getincrementaldecoder(encoding)("replace").decode(head, final=False)
    return "\0" in text or "\ufffd" in text


def wide_encoding(data: bytes) -> str | None:
    """``UTF-16LE``, ``UTF-16BE``, ``UTF-32LE`` or ``UTF-32BE`` when a BOM says
    ``data`` is text in that encoding, else None. Such a file is scanned for
    secrets in its own encoding but never written into a UTF-8 document."""
    encoding = bom_encoding(data[:4])
    if encoding is None or encoding == "utf-8-sig":
        return None
    return encoding.upper().replace("-LE", "LE").replace("-BE", "BE")


def _leading_comment_lines(data: bytes) -> Iterator[bytes]:
    """The lines of ``data``'s leading comment region: after an optional BOM and
    ``#!`` line, every line up to the first one that holds code -- blank lines
    are passed over; ``#`` and ``//`` line comments and ``/* … */`` blocks are
    yielded. The comment forms of every supported language are recognised
    together: none of them can start a line of code in another one."""
    start = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    in_block = False
    first = True
    size = len(data)
    while start < size:
        end = data.find(b"\n", start)
        if end < 0:
            end = size
        line = data[start:end]
        start = end + 1
        if first and line.startswith(b"#!"):
            first = False
            continue
        first = False
        text = line.strip()
        if in_block or text.startswith(b"/*"):
            yield line
            close = text.find(b"*/", 0 if in_block else 2)
            in_block = close < 0
            rest = b"" if in_block else text[close + 2 :].strip()
            if rest and not rest.startswith(b"//"):
                return  # code after the block on the same line
        elif text.startswith((b"//", b"#")):
            yield line
        elif text:
            return


def generated_marker(data: bytes) -> str | None:
    """The line that marks ``data`` as generated code, or None (Go's
    ``// Code generated … DO NOT EDIT.`` line and ``@generated``, in the
    leading comments only)."""
    for line in _leading_comment_lines(data):
        if _GENERATED_LINE.fullmatch(line) or _GENERATED_AT.search(line):
            return line.strip().decode("utf-8", "replace")[:120]
    return None


def secret_verdict(data: bytes, path: str = "") -> Verdict | None:
    """``skipped:secret`` when ``data`` (the file ``path``) holds a secret, naming
    each finding's kind and line (never its value) and the fix; else None.
    A check that fails keeps the file out too (it fails closed), saying so."""
    try:
        findings = scan(data, path)
    except Exception as exc:  # noqa: BLE001 - one file's failed check costs only that file, and leaks nothing
        return Verdict("skipped:secret", f"the secret check failed ({type(exc).__name__}); {SECRET_HINT}")
    if not findings:
        return None
    return Verdict("skipped:secret", f"{describe(findings)}; {SECRET_HINT}")


def classify(
    data: bytes,
    language: str | None,
    *,
    include_generated: bool = False,
    force: bool = False,
    path: str = "",
    security_check: bool = True,
) -> Verdict | None:
    """The verdict on content that is not compressed, else None.

    Binary content is skipped whatever its language, and so is a file holding
    a secret (``path`` names it for the scanner; ``security_check=False`` turns the
    check off for this file); the generated and minified checks apply to a
    language codepith compresses. ``force`` skips the binary, generated and
    minified checks, not the secret one."""
    if not force and looks_binary(data):
        return Verdict("skipped:binary", BINARY_REASON)
    if security_check:
        found = secret_verdict(data, path)
        if found is not None:
            return found
    if force:
        return None
    wide = wide_encoding(data)
    if wide is not None:
        return Verdict(
            "skipped:encoding",
            f"{wide} text (by its BOM); codepith compresses and packs UTF-8 text: "
            f"convert it (iconv -f {wide} -t UTF-8)",
        )
    if language is None:
        return None
    marker = None if include_generated else generated_marker(data)
    if marker is not None:
        return Verdict("skipped:generated", f"marked as generated ({marker}); {GENERATED_HINT}")
    shape = minified_shape(data)
    if shape is not None:
        return Verdict("skipped:minified", shape)
    return None


def minified_shape(data: bytes) -> str | None:
    """Why ``data`` is taken for minified, or None: a line over
    :data:`MINIFIED_LINE_BYTES`, lines over it holding at least
    :data:`MINIFIED_SHARE` of the bytes, and an average line over
    :data:`MINIFIED_AVERAGE_BYTES`. Each test is linear; the lines are only
    split once the average shows there are few of them."""
    if len(data) <= MINIFIED_LINE_BYTES:
        return None
    longest = longest_line(data)
    if longest <= MINIFIED_LINE_BYTES:
        return None
    lines = data.count(b"\n") + (not data.endswith(b"\n"))
    average = len(data) // lines
    if average <= MINIFIED_AVERAGE_BYTES:
        return None
    long_bytes = sum(len(line) for line in data.split(b"\n") if len(line) > MINIFIED_LINE_BYTES)
    if long_bytes < MINIFIED_SHARE * len(data):
        return None
    return (
        f"{long_bytes * 100 // len(data)}% of its bytes in lines over {MINIFIED_LINE_BYTES} bytes, the longest "
        f"{longest}; {average} bytes a line on average"
    )


def too_large(size: int, limit: int) -> Verdict:
    """The verdict on a file of ``size`` bytes over the byte ``limit``."""
    return Verdict("skipped:too-large", f"{size} bytes, over --max-file-bytes {limit}")


def timed_out(seconds: float) -> Verdict:
    """The verdict on a file whose compression took longer than ``seconds``
    (a bulk run's per-file limit): kept whole; transient."""
    return Verdict("kept-whole", f"timed out after {seconds:g} s; kept whole", transient=True)


def failure(exc: BaseException) -> Verdict:
    """The verdict on a file whose compression raised ``exc``: kept whole, and
    why. A budget of time or memory, or an error of the machine's (not the
    file's), is transient: tried again next time."""
    if isinstance(exc, InputTooLarge):
        return Verdict("kept-whole", f"{exc}; kept whole")
    if isinstance(exc, ParseTimeout):
        return Verdict("kept-whole", f"{exc}; kept whole", transient=True)
    if isinstance(exc, MemoryError):
        return Verdict(
            "kept-whole",
            "out of memory while compressing it (a worker's memory is bounded); kept whole",
            transient=True,
        )
    return Verdict(
        "kept-whole",
        f"compression failed ({type(exc).__name__}: {exc}); kept whole",
        transient=isinstance(exc, (RecursionError, OSError)),
    )


def compress_file(
    data: bytes,
    language: str | None,
    *,
    level: Level = "signatures",
    line_refs: bool = False,
    include_generated: bool = False,
    force: bool = False,
    path: str = "",
    security_check: bool = True,
) -> Compressed | Verdict:
    """``data`` (a file's bytes in ``language``, None when codepith does not
    compress it) compressed to ``level``, or the verdict that keeps it whole or
    skips it. Every face that turns one file into output calls this (or, in
    bulk, :func:`classify` and :func:`failure` around its own timed loop)."""
    verdict = classify(
        data, language, include_generated=include_generated, force=force, path=path, security_check=security_check
    )
    if verdict is not None:
        return verdict
    if language is None:
        return Verdict("kept-whole", UNSUPPORTED_REASON)
    return compress_classified(data, language, level=level, line_refs=line_refs)


def compress(data: bytes, **settings: Any) -> Compressed:
    """:func:`codepith.core.compress.compress`, imported when a file is first
    compressed: a walk or a listing that reads only verdicts' words does not
    load the engine."""
    from .compress import compress as run

    return run(data, **settings)


def compress_classified(
    data: bytes, language: str, *, level: Level = "signatures", line_refs: bool = False
) -> Compressed | Verdict:
    """``data``, which :func:`classify` has passed, compressed to ``level``; or
    the verdict that keeps it whole when the compression fails (for a face
    that classifies a file once and compresses it to several levels)."""
    try:
        return compress(data, language=language, level=level, line_refs=line_refs)
    except BaseException as exc:  # noqa: BLE001 - one file's failure (a dependency's panic too): kept whole, said why
        if isinstance(exc, FATAL):
            raise
        return failure(exc)
