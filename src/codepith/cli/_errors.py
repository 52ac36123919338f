"""How every command line run ends in an error: one line on standard error
(``codepith: error: <what>: <cause>; <fix>``), never a traceback unless
``CODEPITH_DEBUG=1``. Shared by the full command line (:mod:`.app`) and the
one-file path (:mod:`.fast`); free of the command-line framework."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

__all__ = [
    "DEBUG_ENV",
    "guarded",
    "EXIT_ERROR",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "error_line",
    "os_error_text",
    "quiet_stdout",
    "unexpected",
]

#: set to 1 to see the traceback of an unexpected error
DEBUG_ENV = "CODEPITH_DEBUG"
#: exit codes (see :mod:`codepith.cli`)
EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def guarded(run: Callable[[], int]) -> int:
    """``run()``'s exit code, with every error it raises mapped to one line on
    standard error and an exit code: codepith's (1), a closed standard output
    (0: ``codepith … | head``), the system's (1), an interrupt (130), and
    anything else as a bug (:func:`unexpected`)."""
    import warnings

    from ..errors import CodepithError

    shown = warnings.showwarning
    warnings.showwarning = _warning_line
    try:
        return run()
    except CodepithError as exc:
        error_line(str(exc))
        return EXIT_ERROR
    except BrokenPipeError:
        quiet_stdout()
        return EXIT_OK
    except OSError as exc:
        error_line(os_error_text(exc))
        return EXIT_ERROR
    except KeyboardInterrupt:
        sys.stderr.write("\nAborted.\n")
        return EXIT_INTERRUPTED
    except BaseException as exc:  # the last resort (a dependency's panic too): never a traceback unless asked for
        return unexpected(exc)
    finally:
        warnings.showwarning = shown


def _warning_line(message, category, filename, lineno, file=None, line=None) -> None:
    """A warning (a cache that cannot be used, …) as one line on standard
    error, ``codepith: warning: <message>``: never the source line that raised it."""
    text = " ".join(str(message).split("\n")).replace("\r", " ")
    text = text.removeprefix("codepith ")  # (a library warning names codepith; the line already does)
    try:
        (file or sys.stderr).write(f"codepith: warning: {text}\n")
    except (OSError, ValueError, AttributeError, UnicodeEncodeError):
        pass


def unexpected(exc: BaseException) -> int:
    """An error codepith did not foresee (a dependency's panic too): one line
    naming it as a bug, the traceback only with ``CODEPITH_DEBUG=1``; a fatal
    one (:data:`codepith.errors.FATAL`) is raised again."""
    import traceback

    from ..errors import FATAL

    if isinstance(exc, FATAL):
        raise exc
    if os.environ.get(DEBUG_ENV, "") not in ("", "0"):
        traceback.print_exception(exc)
    error_line(
        f"this is a bug in codepith ({type(exc).__name__}: {exc}); please report it with the "
        f"command line that caused it (set {DEBUG_ENV}=1 to see the traceback)"
    )
    return EXIT_ERROR


def error_line(message: str) -> None:
    """``codepith: error: <message>`` as one line on standard error, whatever the message holds."""
    line = " ".join(str(message).split("\n")).replace("\r", " ")
    try:
        stream = sys.stderr
        text = f"codepith: error: {line}\n"
        try:
            stream.write(text)
        except UnicodeEncodeError:  # a name the terminal's encoding cannot show
            stream.write(text.encode("ascii", "backslashreplace").decode("ascii"))
        stream.flush()
    except (OSError, ValueError, AttributeError):  # a closed or odd standard error: nothing more to do
        pass


def os_error_text(exc: OSError) -> str:
    """An OSError as ``<file>: <cause>``."""
    cause = exc.strerror or str(exc)
    if exc.filename is not None:
        return f"{os.fsdecode(exc.filename)}: {cause}"
    return cause


def quiet_stdout() -> None:
    """After a closed pipe (``codepith compress | head``), point standard output
    at the null device so that the interpreter's last flush does not fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
