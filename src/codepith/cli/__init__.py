"""The ``codepith`` command line: a thin face over the library.

Exit codes: 0 success; 1 a codepith error (a file that cannot be read or
written, an unsupported language, …) or a bug in codepith; 2 a usage error
(a bad option or argument) or a fail-closed stop; 130 interrupted. Every error
is one line on standard error: ``codepith: error: <what>: <cause>; <fix>``.
Set ``CODEPITH_DEBUG=1`` to see the traceback of an unexpected error.
"""

from __future__ import annotations

import os
import sys
import traceback

import click

from .._version import __version__
from ..errors import CodepithError
from .audit import audit_group
from .cache import cache_group
from .compress import compress_command
from .config import config_group
from .dataset import dataset_group
from .mcp import mcp_command
from .memory import commands as memory_commands
from .pack import pack_command
from .pressure import pressure_group
from .ratios import ratios_command
from .sizes import sizes

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
#: set to 1 to see the traceback of an unexpected error
DEBUG_ENV = "CODEPITH_DEBUG"


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="codepith")
def cli() -> None:
    """codepith: source code compressed to its pith.

    Signatures, types, imports and docs are kept; bodies are elided. Output
    stays valid syntax, keeps every definition and import, and can be expanded
    back byte for byte. Run `codepith COMMAND --help` for a command's options.

    \b
    Exit codes:
      0    success
      1    a codepith error: a file that cannot be read or written, an
           unsupported language, … (or a bug in codepith)
      2    a usage error (a bad option or argument), or a fail-closed stop
      130  interrupted
    Errors are one line on standard error: codepith: error: WHAT: CAUSE; FIX.
    CODEPITH_DEBUG=1 shows the traceback of an unexpected error.
    """


cli.add_command(audit_group)
cli.add_command(cache_group)
cli.add_command(compress_command)
cli.add_command(config_group)
cli.add_command(dataset_group)
cli.add_command(mcp_command)
cli.add_command(pack_command)
cli.add_command(pressure_group)
cli.add_command(sizes)
cli.add_command(ratios_command)
for _command in memory_commands:
    cli.add_command(_command)


def main(argv: list[str] | None = None) -> int:
    """Console-script entry point: runs a command and maps every error to one
    line on standard error and an exit code (see the module docstring)."""
    try:
        rv = cli.main(args=argv, prog_name="codepith", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        return EXIT_INTERRUPTED
    except click.UsageError as exc:
        where = f" (see '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
        _error(exc.format_message() + where)
        return exc.exit_code
    except click.ClickException as exc:
        _error(exc.format_message())
        return exc.exit_code
    except CodepithError as exc:
        _error(str(exc))
        return EXIT_ERROR
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_OK
    except OSError as exc:
        _error(_os_error_text(exc))
        return EXIT_ERROR
    except Exception as exc:  # the last resort: never a traceback unless asked for
        if os.environ.get(DEBUG_ENV, "") not in ("", "0"):
            traceback.print_exc()
        _error(
            f"this is a bug in codepith ({type(exc).__name__}: {exc}); please report it with the "
            f"command line that caused it (set {DEBUG_ENV}=1 to see the traceback)"
        )
        return EXIT_ERROR
    return rv if isinstance(rv, int) else EXIT_OK


def _error(message: str) -> None:
    """One line on standard error, whatever the message holds."""
    line = " ".join(str(message).split("\n")).replace("\r", " ")
    try:
        click.echo(f"codepith: error: {line}", err=True)
    except (OSError, UnicodeError):  # a closed or odd standard error: nothing more to do
        pass


def _os_error_text(exc: OSError) -> str:
    cause = exc.strerror or str(exc)
    if exc.filename is not None:
        return f"{os.fsdecode(exc.filename)}: {cause}"
    return cause


def _quiet_stdout() -> None:
    """After a closed pipe (``codepith compress | head``), point standard output
    at the null device so that the interpreter's last flush does not fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
