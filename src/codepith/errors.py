"""codepith's error types: one root, specific subclasses.

The library raises these and never exits; the CLI maps them to exit codes.
"""

from __future__ import annotations

__all__ = [
    "CodepithError",
    "EditError",
    "EditOverlapError",
    "EditRangeError",
    "Utf8BoundaryError",
    "UnknownEncoding",
    "UnsupportedLanguage",
    "ResourceIntegrityError",
    "InvalidText",
    "InputTooLarge",
    "ParseTimeout",
    "InvalidOption",
    "TokenizerFailed",
    "FATAL",
]

#: what a boundary around one item (a file, a row, a request) lets through when it catches
#: ``BaseException`` (a dependency's panic, as pyo3's ``PanicException``, is one): the user's
#: interrupt and the process's own exit
FATAL = (KeyboardInterrupt, SystemExit, GeneratorExit)


class CodepithError(Exception):
    """Root of every error codepith raises on purpose."""


class EditError(CodepithError, ValueError):
    """An edit passed to :func:`codepith.slice_bytes` cannot be applied."""


class EditRangeError(EditError):
    """An edit's offsets fall outside the data, or its start is after its end."""


class EditOverlapError(EditError):
    """Two edits overlap without one containing the other, or two edits on the
    same range carry different replacements."""


class Utf8BoundaryError(EditError):
    """An edit boundary falls inside a UTF-8 multi-byte character.

    Offsets from tree-sitter never do this on valid input, so such a cut is a
    bug in whatever computed the edit. ``offset`` is the offending byte offset.
    """

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


class UnknownEncoding(CodepithError, ValueError):
    """A token encoding name that codepith does not ship."""


class UnsupportedLanguage(CodepithError, ValueError):
    """A language (or file extension) that codepith does not compress."""


class ResourceIntegrityError(CodepithError):
    """A data file that codepith loads did not match its expected checksum."""


class InvalidText(CodepithError, ValueError):
    """Text that cannot be turned into the bytes codepith works on: a ``str``
    holding a lone surrogate that is not a ``surrogateescape``d byte."""


class InputTooLarge(CodepithError, ValueError):
    """An input whose parse would take more memory than codepith allows one
    file (see :data:`codepith.core.compress.MEMORY_PER_BYTE`)."""


class ParseTimeout(CodepithError):
    """The parser did not finish within its time budget (a grammar that loops
    on some input); see :func:`codepith.core.languages.parse`."""


class InvalidOption(CodepithError, ValueError):
    """An argument a library function cannot take. ``parameter`` is the Python
    parameter's name (``jobs``), ``problem`` what is wrong with the value and
    how to fix it. The message reads ``jobs=: must be at least 1, got 0``;
    the command line names its own flag instead (``--jobs``), the MCP server
    the tool's parameter."""

    def __init__(self, parameter: str, problem: str) -> None:
        super().__init__(f"{parameter}=: {problem}")
        self.parameter = parameter
        self.problem = problem


class TokenizerFailed(CodepithError):
    """tiktoken could not count a text (it raised, or panicked: a ``BaseException``
    from its Rust core); one text fails, never the process."""
