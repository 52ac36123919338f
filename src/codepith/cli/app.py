"""The ``codepith`` command group: every command, imported when it is run
(see :mod:`codepith.cli`)."""

from __future__ import annotations

import importlib
import sys

import click

from .._version import __version__
from ._errors import EXIT_INTERRUPTED, EXIT_OK, error_line, guarded

# command name -> (module of this package, attribute: a command or a list of them). A command is
# imported when it is run, so the per-prompt ones (`hook`, `recall`) do not load the compressor,
# the packer and the dataset tools; `--help` and an unknown name load them all.
_LAZY = {
    "audit": ("audit", "audit_group"),
    "cache": ("cache", "cache_group"),
    "compress": ("compress", "compress_command"),
    "config": ("config", "config_group"),
    "dataset": ("dataset", "dataset_group"),
    "map": ("map", "map_command"),
    "mcp": ("mcp", "mcp_command"),
    "pack": ("pack", "pack_command"),
    "pressure": ("pressure", "pressure_group"),
    "sizes": ("sizes", "sizes"),
    "ratios": ("ratios", "ratios_command"),
    "serve": ("serve", "serve_command"),
    **{name: ("memory", "commands") for name in ("index", "rules", "recall", "hook", "memory")},
}


class _LazyGroup(click.Group):
    """A group whose commands are imported when first asked for (see ``_LAZY``)."""

    def _load(self, module: str, attr: str) -> None:
        value = getattr(importlib.import_module(f".{module}", __package__), attr)
        for command in value if isinstance(value, list) else [value]:
            if command.name not in self.commands:
                self.add_command(command)

    def _load_all(self) -> None:
        for module, attr in dict.fromkeys(_LAZY.values()):
            self._load(module, attr)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            if cmd_name in _LAZY:
                self._load(*_LAZY[cmd_name])
            if cmd_name not in self.commands:
                self._load_all()
        return self.commands.get(cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        self._load_all()
        return sorted(self.commands)


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version``: codepith's version, its engine's (the parser, the
    grammars, the tokenizer and its ranks), which compiled modules are in use
    (each may be pure Python), and the Python it runs on."""
    if not value or ctx.resilient_parsing:
        return
    import platform

    from .._native import COMPILED, NO_EXTENSIONS, describe, implementations
    from .._version import stack_versions

    stack = ", ".join(f"{name} {version}" for name, version in stack_versions().items())
    chosen = implementations()
    core = describe(chosen)
    if any(impl != COMPILED for impl in chosen.values()):
        core += " (CODEPITH_NO_EXTENSIONS is set)" if NO_EXTENSIONS else " (not compiled)"
    click.echo(
        f"codepith {__version__}\n  {stack}\n  {core}; "
        f"Python {platform.python_version()} ({platform.python_implementation()}) on {sys.platform}"
    )
    ctx.exit()


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "-V",
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help="Show codepith's version, its parser's, grammars' and tokenizer's, and exit.",
)
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


def main(argv: list[str] | None = None) -> int:
    """Console-script entry point: runs a command and maps every error to one
    line on standard error and an exit code (see the module docstring)."""

    def run() -> int:
        try:
            rv = cli.main(args=argv, prog_name="codepith", standalone_mode=False)
        except click.exceptions.Abort:
            click.echo("Aborted.", err=True)
            return EXIT_INTERRUPTED
        except click.UsageError as exc:
            where = f" (see '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
            error_line(exc.format_message() + where)
            return exc.exit_code
        except click.ClickException as exc:
            error_line(exc.format_message())
            return exc.exit_code
        return rv if isinstance(rv, int) else EXIT_OK

    return guarded(run)
