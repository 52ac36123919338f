"""``codepith map``: the repository, ranked, in an exact token budget."""

from __future__ import annotations

import sys

import click

from ..map import MAP_FORMATS, MapOptions, repo_map
from . import options
from ._output import check_writable, created, utf8_stdout
from .options import command


@command(name="map")
@click.argument("path", default=".", metavar="[PATH]", type=click.Path(exists=True, file_okay=False))
@click.option("--tokens", "tokens", type=int, required=True, metavar="N", help="The budget: the whole map, exact.")
@click.option(
    "--focus",
    multiple=True,
    metavar="FILE",
    help="A file the map is about, relative to PATH: always shown, at the richest level that fits (repeatable).",
)
@click.option(
    "--mention", "mentions", multiple=True, metavar="IDENT", help="An identifier the task names (repeatable)."
)
@click.option(
    "--format", "format", type=click.Choice(MAP_FORMATS), default="markdown", show_default=True, help="Document."
)
@click.option("-o", "--output", metavar="FILE", help="Write the map to FILE (default: standard output).")
@options.jobs()
@options.encoding()
@options.cache_dir()
@options.no_cache()
@options.no_gitignore()
def map_command(path, output, **params) -> None:
    """Map the repository at PATH in at most N tokens.

    Every file codepith reads is ranked by the references between files
    (personalised PageRank over definitions, identifiers and imports), from
    the --focus files and the files defining each --mention. Each file is
    then shown at the richest level that fits: full, signatures, outline, its
    names only (one line: its most used definitions), or left out. The whole
    document, headings and lists included, is at most N tokens, counted
    exactly with --encoding; it says what it left out and why.

    A second map of the same tree reads only the files that changed (the
    results cache holds each file's facts and levels).

    \b
    --format json prints {tokens, budget, encoding, files: [{path, language,
    level, rank, tokens}], left_out: [{path, reason, rank, files}], text}.

    \b
    Examples:
      codepith map . --tokens 4096
      codepith map . --tokens 8192 --focus src/app.py --mention parse_args
      codepith map . --tokens 1024 --format json > map.json
    """
    if output:
        check_writable(output, "--output", "the map")
    run = options.options_from(MapOptions, params)
    result = repo_map(path, run)
    document = result.document()
    if output:
        with created(output, "--output", "the map") as f:
            f.write(document)
    else:
        with utf8_stdout() as out:
            out.write(document)
    shown = len(result.files)
    left = sum(x.files for x in result.left_out)
    for x in result.left_out:  # a focus file the map could not show says why
        if x.path in run.focus:
            print(f"map: {x.path}: left out ({x.reason})", file=sys.stderr)
    print(
        f"map: {result.tokens} of {result.budget} tokens; {shown} files shown, {left} left out (the map says why).",
        file=sys.stderr,
    )
