"""``memory add|list|supersede|consolidate|prune``: the lessons of ``LESSONS.md``."""

from __future__ import annotations

import json
import os

import click

from ..memory.lesson_use import idle_lessons, similar_lessons
from ..memory.lessons import LESSONS_FILE, add_lesson, load_lessons, mark_pruned, unmatched_globs
from ..memory.usage import USAGE_FILE, read_usage
from . import options

_root = click.option(
    "--root",
    type=click.Path(exists=True, file_okay=False),
    default=".",
    show_default=True,
    help="The project's root folder (LESSONS.md lives there).",
)
_paths = click.option(
    "--paths",
    "paths",
    multiple=True,
    metavar="GLOB…",
    help="Path globs the fact is about, relative to --root (`src/pay/**`, `*.py`): recall "
    "injects it when a task touches them (without: when a prompt shares its words). A glob that "
    "matches no file is a warning. Takes several values and may be repeated.",
)


def _globs(paths: tuple[str, ...], more: tuple[str, ...]) -> list[str]:
    if more and not paths:
        raise click.UsageError(f"unexpected argument {more[0]!r}: quote the fact, or name globs after --paths")
    return list(paths) + list(more)


def _say_added(root: str, lesson, what: str) -> None:
    where = f" (paths: {' '.join(lesson.paths)})" if lesson.paths else " (no paths: recalled by its words)"
    click.echo(f"{what} {lesson.id} in {os.path.join(root, LESSONS_FILE)}{where}")
    for glob in unmatched_globs(root, lesson.paths):
        click.echo(
            f"codepith memory: warning: --paths {glob!r} matches no file under {root}; the lesson is "
            "kept and recalled by its words until such a file exists (check the glob: `**` spans "
            "folders, a glob without `/` is matched at the root only)",
            err=True,
        )


@options.command(name="add")
@click.argument("fact")
@click.argument("more_paths", nargs=-1, metavar="")
@_paths
@click.option(
    "--supersedes",
    default=None,
    metavar="ID",
    help="The live lesson this fact replaces: it is kept as history, marked superseded, and never "
    "injected again (its paths are taken when --paths is not given).",
)
@_root
def memory_add(
    fact: str, more_paths: tuple[str, ...], paths: tuple[str, ...], supersedes: str | None, root: str
) -> None:
    """Add FACT to LESSONS.md: recalled (by `recall` and the prompt hook) when a task touches its paths or words.

    LESSONS.md sits at the project root, plain Markdown to review and commit:
    one `## ID` heading per fact (a stable id such as L3f9a2c1b), its `paths`,
    when it was added, and what it supersedes. Several processes may add at once:
    every change is made under a lock and written atomically. (Not under
    .claude/rules/: Claude Code would load it by itself, superseded facts too.)

    \b
    Examples:
      codepith memory add "The reconciler retries with backoff: the provider's 429 has no Retry-After" \\
          --paths 'src/payments/**'
      codepith memory add "Retries stop after 3 attempts" --supersedes L3f9a2c1b
    """
    lesson = add_lesson(root, fact, _globs(paths, more_paths), supersedes=supersedes)
    _say_added(root, lesson, f"added (superseding {supersedes})" if supersedes else "added")


@options.command(name="supersede")
@click.argument("lesson_id", metavar="ID")
@click.option("--by", "fact", required=True, metavar="FACT", help="The fact that replaces lesson ID.")
@_paths
@_root
def memory_supersede(lesson_id: str, fact: str, paths: tuple[str, ...], root: str) -> None:
    """Replace lesson ID by a new fact; ID stays in LESSONS.md as history and is never injected again.

    The new fact takes ID's paths unless --paths is given. Same as
    `memory add FACT --supersedes ID`.
    """
    lesson = add_lesson(root, fact, list(paths), supersedes=lesson_id)
    _say_added(root, lesson, f"{lesson_id} superseded by")


@options.command(name="list")
@click.option("--all", "show_all", is_flag=True, help="Also list superseded and pruned lessons.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@_root
def memory_list(show_all: bool, as_json: bool, root: str) -> None:
    """The lessons of LESSONS.md: live ones (those recall may inject), or all with --all."""
    lessons = load_lessons(root)
    for warning in lessons.warnings:
        click.echo(f"codepith memory list: warning: {warning}", err=True)
    shown = lessons.lessons if show_all else lessons.live()
    if as_json:
        click.echo(
            json.dumps(
                [
                    {
                        "id": x.id,
                        "text": None if x.secret else x.text,
                        "secret": x.secret or None,
                        "paths": None if x.secret else x.paths,
                        "added": x.added,
                        "status": x.status,
                        "supersedes": x.supersedes or None,
                        "superseded_by": x.superseded_by or None,
                        "pruned": x.pruned or None,
                    }
                    for x in shown
                ],
                indent=1,
            )
        )
        return
    if not shown:
        click.echo(
            f"{lessons.path}: no {'' if show_all else 'live '}lesson yet "
            '(add one with `codepith memory add "FACT" --paths GLOB`)'
        )
        return
    for x in shown:
        status = "" if x.live else f"  [{x.status}]"
        paths = "(paths held back)" if x.secret else " ".join(x.paths) or "(any path)"
        click.echo(f"{x.id}  {paths}  {x.added}{status}\n    {x.shown_text}")


@options.command(name="consolidate")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@_root
def memory_consolidate(as_json: bool, root: str) -> None:
    """List live lessons to merge: near-duplicates and possible contradictions. Changes nothing.

    Two lessons are near-duplicates when at least half of their words are
    shared (Jaccard similarity of their words, identifiers split, plurals
    folded, common words dropped). They may contradict when their paths overlap,
    a third of their words are shared, and one says never/not/no/avoid where the
    other does not. Merge a pair with `codepith memory supersede ID --by "FACT"`
    (and supersede the other one by the same new id's fact, or leave it).
    """
    pairs = similar_lessons(root)
    if as_json:
        click.echo(
            json.dumps(
                [
                    {
                        "kind": p.kind,
                        "a": p.a.id,
                        "b": p.b.id,
                        "similarity": round(p.similarity, 3),
                        "shared": list(p.shared),
                    }
                    for p in pairs
                ],
                indent=1,
            )
        )
        return
    if not pairs:
        click.echo("no near-duplicate or contradicting live lessons")
        return
    for p in pairs:
        click.echo(
            f"{p.kind}: {p.a.id} and {p.b.id} (similarity {p.similarity:.2f}; shared words: "
            f"{', '.join(p.shared)})\n  {p.a.id}: {p.a.text}\n  {p.b.id}: {p.b.text}"
        )
    click.echo(f'merge with `codepith memory supersede ID --by "FACT"`; {len(pairs)} pair(s) listed')


@options.command(name="prune", renames={"idle_after": "sessions"})
@click.option(
    "--sessions",
    "idle_after",
    type=click.IntRange(min=1),
    default=20,
    show_default=True,
    help="Not pulled in this many sessions (counted from when it was added): proposed.",
)
@click.option(
    "--usage",
    "usage",
    type=click.Path(dir_okay=False),
    default=None,
    help=f"The usage log [default: ROOT/{USAGE_FILE}].",
)
@click.option("--yes", is_flag=True, help="Mark the proposed lessons pruned (kept in LESSONS.md, never injected).")
@_root
def memory_prune(idle_after: int, usage: str | None, yes: bool, root: str) -> None:
    """Propose the live lessons not pulled in the last --sessions sessions; changes nothing without --yes.

    Pulls are read from the usage log that every recall and hook injection
    appends to (a hook's session id is a session; a `recall` run without
    --session is one of its own). Only sessions after a lesson was added count,
    so a new lesson is never proposed. With --yes the proposed lessons are
    marked `pruned` in LESSONS.md: kept as history, never injected.
    """
    records = read_usage(usage or os.path.join(root, USAGE_FILE), root=root)
    idle = idle_lessons(root, records, idle_after)
    if not idle:
        click.echo(f"no live lesson idle for {idle_after} sessions: nothing to prune")
        return
    for lesson, pulls, sessions in idle:
        click.echo(f"{lesson.id}  not pulled in {sessions} sessions ({pulls} pulls before)\n    {lesson.shown_text}")
    if not yes:
        click.echo(f"dry run: {len(idle)} lesson(s) proposed; nothing changed (add --yes to mark them pruned)")
        return
    done = mark_pruned(root, [x.id for x, _p, _s in idle], f"not pulled in {idle_after} sessions")
    click.echo(f"pruned {len(done)} lesson(s) in {os.path.join(root, LESSONS_FILE)}")


lesson_commands = [memory_add, memory_list, memory_supersede, memory_consolidate, memory_prune]
