"""The ``codepith`` command line: a thin face over the library.

Exit codes: 0 success, 1 a codepith error (bad input, unsupported language,
…), 2 a usage error (click's own).
"""

from __future__ import annotations

import sys

import click

from .._version import __version__
from ..errors import CodepithError
from .audit import audit_group
from .compress import compress_command
from .dataset import dataset_group
from .mcp import mcp_command
from .memory import commands as memory_commands
from .pack import pack_command
from .pressure import pressure_group
from .ratios import ratios_command
from .sizes import sizes

EXIT_ERROR = 1


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="codepith")
def cli() -> None:
    """codepith: source code compressed to its pith.

    Signatures, types, imports and docs are kept; bodies are elided. Output
    stays valid syntax, keeps every definition and import, and can be expanded
    back byte for byte. Run `codepith COMMAND --help` for a command's options.
    """


cli.add_command(audit_group)
cli.add_command(compress_command)
cli.add_command(dataset_group)
cli.add_command(mcp_command)
cli.add_command(pack_command)
cli.add_command(pressure_group)
cli.add_command(sizes)
cli.add_command(ratios_command)
for _command in memory_commands:
    cli.add_command(_command)


def main(argv: list[str] | None = None) -> int:
    """Console-script entry point."""
    try:
        rv = cli.main(args=argv, prog_name="codepith", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        return 130
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except CodepithError as exc:
        click.echo(f"codepith: error: {exc}", err=True)
        return EXIT_ERROR
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    return rv if isinstance(rv, int) else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
