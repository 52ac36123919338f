"""``codepith pressure``: see what the context-pressure engine would compress or evict."""

from __future__ import annotations

import sys

import click

from ..errors import CodepithError
from ..pressure.simulate import DEFAULT_STEPS, render_html, simulate
from . import options


@options.group(name="pressure")
def pressure_group() -> None:
    """Context pressure: see what the engine would compress or evict."""


@pressure_group.command(name="simulate")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option(
    "--limit",
    type=int,
    default=None,
    metavar="N",
    help="Initial token limit on the slider (always one of its positions) [default: the tokens used].",
)
@click.option(
    "--steps",
    type=int,
    default=DEFAULT_STEPS,
    show_default=True,
    metavar="N",
    help="How many limits to plan, from 10% of the used tokens to past where pressure stops.",
)
@click.option(
    "--turn-gap",
    type=int,
    default=1,
    show_default=True,
    metavar="N",
    help="Turns between two reads: file i is read at turn i x N.",
)
@click.option(
    "--pin",
    "pins",
    multiple=True,
    metavar="PATH",
    help="A file (or folder) among the PATHs that is never compressed or evicted (repeatable).",
)
@click.option(
    "--root",
    type=click.Path(),
    default=".",
    show_default=True,
    help="Project folder: its .codepith.toml [pressure] or pyproject.toml [tool.codepith.pressure] "
    "give the settings, and paths are shown relative to it.",
)
@click.option(
    "-o",
    "--output",
    default="pressure.html",
    show_default=True,
    metavar="FILE",
    help="Where to write the page; - writes it to standard output.",
)
def simulate_command(paths, limit, steps, turn_gap, pins, root, output) -> None:
    """Write one self-contained HTML page with a slider over the token limit.

    The PATHs (files, or folders read in sorted order, honouring .gitignore)
    are read one after another as an agent would: the last one is fresh, the
    first one the stalest. For every slider position the real pressure engine
    plans which files to keep, compress (to signatures or outline) or evict;
    the page shows each file's state, tokens before and after, staleness and
    reason. It needs no network and no other file.

    \b
    Examples:
      codepith pressure simulate src/ --limit 20000 -o pressure.html
      codepith pressure simulate README.md src/app.py src/db.py --pin README.md
    """
    to_stdout = output == "-"
    sim = simulate(
        paths, root=root, limit=limit, steps=steps, turn_gap=turn_gap, pins=pins, skip=() if to_stdout else [output]
    )
    page = render_html(sim)
    if to_stdout:
        out = sys.stdout.buffer
        out.write(page.encode("utf-8"))
        out.flush()
        where = "standard output"
    else:
        try:
            with open(output, "w", encoding="utf-8", newline="\n") as f:
                f.write(page)
        except OSError as exc:
            raise CodepithError(f"-o {output}: cannot be written ({exc.strerror}); give a writable file path") from None
        where = output
    skipped = f", {len(sim.skipped)} skipped" if sim.skipped else ""
    pinned = sum(1 for f in sim.files if f.pinned)
    pinned_txt = f", {pinned} pinned" if pinned else ""
    click.echo(
        f"codepith pressure simulate: {len(sim.files)} files{skipped}{pinned_txt}, {sim.used_tokens:,} tokens used, "
        f"{len(sim.limits)} limits from {sim.limits[0]:,} to {sim.limits[-1]:,} (start {sim.limit:,}) -> {where}",
        err=True,
    )
