"""Gap fuzzing: mutate the bytes between each definition's header and its body,
and just after each body, and check every promise on each mutant that parses.

    python benchmarks/fuzz.py --gap [DIR ...]

Sources are the golden cases' inputs (``tests/cases/<lang>/``), or the files
under the given folders. The boundaries come from the parse: each body the
language's ``compress`` query captures as ``@body.*`` (in a component, each
region's, from its own language's query, with its own language's fragments). Insertions come from
per-language fragment tables: comments built from the registry's markers
(line, block, doc; a line comment ended by a ``\\`` line splice), the
directives of :data:`DIRECTIVES` and :data:`PAIRS` (``#if``/``#endif`` around
a body; kept here, not in the library), line splices, ``;``, blank lines,
trailing whitespace, tabs; a mutant may also get CRLF line ends throughout.
Only mutants that parse with zero ERROR and MISSING nodes are kept:
``CODEPITH_FUZZ_GAP`` of them per language (default 5,000), from
``CODEPITH_FUZZ_SEED``; ``CODEPITH_FUZZ_GAP_LANGUAGES=ruby,go`` limits the run
to those languages. The two builds run side by side; on two free cores the
default run takes about 20 minutes (the golden cases).

Each mutant goes through ``compress`` at ``signatures`` and ``outline``, with
and without line refs, in a child per build (compiled core, pure-Python twin).
Failure kinds, counted once per mutant and level:

- ``crash``: an exception;
- ``expand``: ``expand()`` is not the input byte for byte;
- ``errors``: the output re-parses with error nodes;
- ``valid``: ``valid`` disagrees with that re-parse;
- ``lost``: a definition or import of the input is not kept (``check_retention``);
- ``longer``: the output is longer than the input;
- ``net-errors``, ``net-lost``: with the safety net off (``verify=False``) the
  engine's own edits break the output (counted when they differ from the
  default run's: the net, not the engine, made the mutant pass);
- ``digest``: the two builds' outputs differ.

A few failing inputs per language and kind are shrunk (lines, then bytes)
and saved in ``CODEPITH_FUZZ_GAP_SAVE`` (default: ``codepith-gap-failures``
in the temporary folder) as ``minimal.jsonl`` and ``minimal.md``, each input
as a Python literal (shrunk by the compiled core's child; the twin's child
saves its inputs unshrunk).
Exit status 1 on any failure.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from codepith.core.languages import captures, parse
from codepith.core.regions import units
from codepith.core.registry import SPECS
from codepith.core.validity import file_errors
from codepith.errors import InputTooLarge, ParseTimeout
from fuzz import EXTENSIONS, corpus_files, run_child

HERE = Path(__file__).resolve().parent
CASES = HERE.parent / "tests" / "cases"
LEVELS = ("signatures", "outline")
#: documented refusals (a grammar that loops, an input too large to parse): counted apart
REFUSALS = (ParseTimeout, InputTooLarge)
KINDS = ("crash", "expand", "errors", "valid", "lost", "longer", "net-errors", "net-lost")
# golden expected outputs are named <case>.<level>.<ext>
_EXPECTED = {"signatures", "outline", "signatures-refs"}

#: directives and comment forms the registry's markers do not give, per
#: language; each starts with a line break so that it opens a line of its own
DIRECTIVES: dict[str, tuple[str, ...]] = {
    "c": (
        "\n#if 0\n#endif\n",
        "\n#define GAP 1\n",
        "\n#ifdef GAP\n#endif\n",
        "\n#pragma pack(1)\n",
        "\n#if X\n#else\n#endif\n",
        "\n#undef GAP\n",
    ),
    "csharp": (
        "\n#pragma warning disable CS0168\n",
        "\n#region R\n",
        "\n#endregion\n",
        "\n#region R\n#endregion\n",
        "\n#nullable enable\n",
        "\n#if X\n#endif\n",
        "\n#line 5\n",
        "\n#if X\n#else\n#endif\n",
        "\n#warning gap\n",
        "\n#error gap\n",
        '\n#pragma checksum "f.cs" "{00000000-0000-0000-0000-000000000000}" "01"\n',
    ),
    "php": ("# gap\n", " # gap", "#gap\n", "?><?php ", "?>\n<?php\n", "?>gap<?php "),
    "javascript": ("<!-- gap\n", "\n--> gap\n"),
    "python": ("# type: ignore\n", "  # noqa: E501\n"),
    "ruby": (
        "\n=begin\ngap\n=end\n",
        "\nx(<<~G)\n gap\nG\n",
        " x(<<~G, <<-H); end\n gap\nG\n  H\n#",
        "; x(<<~G)\n gap\nG\n",
    ),
    "rust": ("\n//! gap\n", "/*! gap */"),
    "go": ("\n//go:noinline\n", "\n//go:build gap\n", "\n//line f.go:5\n", "/*line f.go:5*/"),
    "swift": ("\n// MARK: - gap\n", "// swiftlint:disable:next gap\n", "/* /* nested */ gap */", "\n@objc\n"),
    "dart": ("\n// ignore: gap\n", "/* /* nested */ gap */", "\n/// doc\n"),
    "scala": ("\n// scalafmt: off\n", "/* /* nested */ gap */", "\n/** doc */\n", "\n@inline\n"),
    "kotlin": ("\n// ktlint-disable gap\n", "/* /* nested */ gap */", "\n/** doc */\n", '\n@Suppress("gap")\n'),
    "bash": ("\n# shellcheck disable=SC2034\n", " # gap }\n", ";", "\n: gap\n"),
    "lua": ("\n--[==[ gap ]] end ]==]\n", "\n--- doc\n", " -- luacheck: ignore\n", ";"),
    "solidity": ("\n// solhint-disable-next-line gap\n", "/* gap } */", "\n/// @notice gap\n", "\n/** @dev gap */\n"),
    # a component's markup (its regions get their own language's fragments)
    "vue": ("\n<!-- gap -->\n", "<!---->"),
    "svelte": ("\n<!-- gap -->\n", "<!---->", "\n{@html gap}\n"),
}
DIRECTIVES["cpp"] = DIRECTIVES["c"]
DIRECTIVES["css"] = ("\n/*! gap */\n", "/*! gap */", "\n/* stylelint-disable-next-line */\n", "/* prettier-ignore */ ")
DIRECTIVES["scss"] = DIRECTIVES["css"] + ("\n// stylelint-disable-next-line\n", "\n/// gap\n")
#: directives that open before a body (between it and its header) and close after it
PAIRS: dict[str, tuple[tuple[str, str], ...]] = {
    "c": (("\n#if 1\n", "\n#endif\n"), ("\n#ifndef GAP\n", "\n#endif\n"), ("\n#if X\n", "\n#else\n#endif\n")),
    "csharp": (
        ("\n#region R\n", "\n#endregion\n"),
        ("\n#if X\n", "\n#endif\n"),
        ("\n#nullable enable\n", "\n#nullable restore\n"),
        ("\n#pragma warning disable CS1\n", "\n#pragma warning restore CS1\n"),
    ),
}
PAIRS["cpp"] = PAIRS["c"]
#: what every language gets: blank lines, CRLF, splices, `;`, trailing blanks, tabs
COMMON = (
    "\n",
    "\n\n",
    "\r\n",
    "\r\n\r\n",
    " \\\n",
    "\\\n",
    " \\\r\n",
    ";",
    ";\n",
    " ;",
    "  \t",
    "\t",
    "\t\n",
    " \n",
    "\n\t\n",
    "\n \t \n",
)


def fragments(language: str) -> list[bytes]:
    """The insertions for ``language``: comments of every syntax it has (from
    its registry entry), its directives, and the common ones."""
    spec = SPECS[language]
    lc = spec.line_comment
    out = [
        f"{lc} gap\n",
        f" {lc} gap",
        f"{lc}/ doc\n",
        f"{lc}! doc\n",
        f"{lc} gap\r\n",
        f"\n{lc} gap\n",
        f"{lc} gap \\\n",
        f"{lc} gap \\\nspliced\n",
        f"{lc} gap\\\r\nspliced\r\n",
    ]
    if spec.block_comment is not None:
        o, c = spec.block_comment
        out += [
            f"{o} gap {c}",
            f"{o}{c}",
            f" {o}\n gap\n{c}\n",
            f"{o}* doc {c}\n",
            f"\n{o}*\n * doc\n {c}\n",
            f"{o} gap {c} {lc} gap\n",
        ]
    out += DIRECTIVES.get(language, ())
    out += COMMON
    return [f.encode() for f in out]


# --------------------------------------------------------------------------- mutants


def sources(dirs: list[str]) -> dict[str, list[bytes]]:
    """The clean source files by language: the golden inputs, or the files under ``dirs``."""
    if dirs:
        found = corpus_files(dirs)
    else:
        found = [
            (EXTENSIONS[p.suffix], p)
            for p in sorted(CASES.glob("*/*"))
            if p.is_file() and p.suffix in EXTENSIONS and not _expected(p)
        ]
    out: dict[str, list[bytes]] = defaultdict(list)
    for language, path in found:
        data = path.read_bytes()
        if file_errors(language, data) == 0:
            out[language].append(data)
    return out


def _expected(path: Path) -> bool:
    parts = path.name.split(".")
    return len(parts) >= 3 and parts[-2] in _EXPECTED


def bases(language: str, data: bytes) -> list[tuple[str, tuple]]:
    """(the language whose fragments go in, :func:`gaps` of it) for each unit of
    ``data``: the file; a component's markup, and each region in its own language."""
    found = units(language, data)
    if SPECS[language].regions is not None:
        found = [(language, data), *found]
    return [(unit, spots) for unit, text in found if (spots := gaps(unit, text))[0]]


def gaps(language: str, data: bytes) -> tuple[list[int], list[tuple[int, int]]]:
    """Offsets around each body: where its header ends, every line start up to
    the body, the body's start, just inside its opening and closing tokens,
    its end and the end of its last line; and (header end, body end) of each."""
    caps = captures(language, "compress", parse(language, data).root_node)
    spots: set[int] = set()
    around = []
    for name, nodes in caps.items():
        if not name.startswith("body.") or name == "body.terminator":
            continue
        for b in nodes:
            prev = b.prev_sibling
            lo = prev.end_byte if prev is not None and prev.end_byte <= b.start_byte else b.start_byte
            spots.update((lo, b.start_byte, b.end_byte))
            spots.update(i + 1 for i in range(lo, b.start_byte) if data[i] == 10)
            nl = data.find(b"\n", b.end_byte)
            spots.add(len(data) if nl < 0 else nl)
            around.append((lo, b.end_byte))
            if b.child_count:
                first, last = b.children[0], b.children[-1]
                if not first.is_named:
                    spots.add(first.end_byte)
                if not last.is_named:
                    spots.add(last.start_byte)
    return sorted(spots), around


def mutant(rng: random.Random, data: bytes, spots: tuple, frags: list[bytes], pairs: list) -> bytes:
    """One to three insertions at gap offsets, or a directive opened before a
    body and closed after it; sometimes the gap's own blanks replaced first;
    sometimes CRLF line ends throughout."""
    offsets, around = spots
    edits = {}
    for _ in range(rng.choice((1, 1, 2, 3))):
        edits[rng.choice(offsets)] = rng.choice(frags)
    if pairs and around and rng.random() < 0.3:
        (lo, hi), (opening, closing) = rng.choice(around), rng.choice(pairs)
        edits[lo] = opening.encode()
        edits[hi] = closing.encode()
    out = data
    for pos in sorted(edits, reverse=True):
        end = pos
        if rng.random() < 0.2:  # replace the blanks that follow
            while end < len(out) and out[end] in b" \t\r\n":
                end += 1
            out = out[:pos] + edits[pos] + rng.choice((b"", b" ", b"\n", b"\t", b"\r\n", b"\n\n")) + out[end:]
        else:
            out = out[:pos] + edits[pos] + out[pos:]
    if rng.random() < 0.15:
        out = out.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    return out


def _clean(language: str, data: bytes) -> bool:
    """``data`` parses with zero error nodes (within the parse's time budget)."""
    try:
        return file_errors(language, data) == 0
    except REFUSALS:  # the grammar loops on it: no clean mutant
        return False


def build_gap_cases(out: Path, per_language: int, seed: int, dirs: list[str]) -> dict[str, int]:
    """Write ``per_language`` clean mutants of each language to ``out``; the count made per language."""
    rng = random.Random(seed)
    only = set(filter(None, os.environ.get("CODEPITH_FUZZ_GAP_LANGUAGES", "").split(",")))
    made: dict[str, int] = {}
    with out.open("w") as f:
        for language, files in sorted(sources(dirs).items()):
            if only and language not in only:
                continue
            found = [(d, unit, spots) for d in files for unit, spots in bases(language, d)]
            seen: set[bytes] = set()
            tries = 0
            while found and len(seen) < per_language and tries < 40 * per_language:
                tries += 1
                data, unit, spots = rng.choice(found)
                m = mutant(rng, data, spots, fragments(unit), list(PAIRS.get(unit, ())))
                key = hashlib.sha1(m).digest()
                if m == data or key in seen or not _clean(language, m):
                    continue
                seen.add(key)
                f.write(json.dumps({"language": language, "data": m.hex()}) + "\n")
            made[language] = len(seen)
    return made


# --------------------------------------------------------------------------- the child: checks


def check(codepith, data: bytes, language: str, level: str, refs: bool, tags=None):
    """(failure kinds with their details, digest of the output) of one run;
    ``tags`` are the input's definitions and imports (:func:`definitions`)."""
    tags = definitions(language, data) if tags is None else tags
    try:
        r = codepith.compress(data, language=language, level=level, line_refs=refs)
        raw = codepith.compress(data, language=language, level=level, line_refs=refs, verify=False)
    except REFUSALS as exc:
        return {"refused": f"{type(exc).__name__}: {exc}"}, None
    except Exception as exc:  # a crash is a finding
        return {"crash": f"{type(exc).__name__}: {exc}"}, None
    found = {}
    if r.expand() != data:
        found["expand"] = "expand() differs from the input"
    errors, missing = judged(r, data, language, tags)
    if errors:
        found["errors"] = f"output has {errors} error nodes: {r.data[:300]!r}"
    if r.valid != (errors == 0):
        found["valid"] = f"valid is {r.valid}, the re-parse finds {errors} error nodes"
    if missing:
        found["lost"] = "; ".join(missing[:3])
    if len(r.data) > len(data):
        found["longer"] = f"output {len(r.data)} bytes, input {len(data)}"
    if raw.data != r.data or raw.elisions != r.elisions:  # the net undid edits: were they sound?
        errors, missing = judged(raw, data, language, tags)
        if errors:
            found["net-errors"] = f"verify=False output has {errors} error nodes: {raw.data[:300]!r}"
        if missing:
            found["net-lost"] = "verify=False: " + "; ".join(missing[:3])
    return found, hashlib.sha256(r.data + repr(r.elisions).encode()).hexdigest()


def judged(result, data: bytes, language: str, tags: list) -> tuple[int, list[str]]:
    """(error nodes in the output of ``result``, what it lost of ``tags``)."""
    return file_errors(language, result.data), lost(result, data, tags)


def definitions(language: str, data: bytes) -> list:
    """(unit language, capture name, node) of each definition and import the tags
    query finds in ``data`` (a component's: in each region, by its language's)."""
    out = []
    for unit, text in units(language, data):
        caps = captures(unit, "tags", parse(unit, text).root_node)
        out += [
            (unit, name, node)
            for name, nodes in caps.items()
            if name.startswith("definition.") or name == "import"
            for node in nodes
        ]
    return out


def lost(result, data: bytes, tags: list) -> list[str]:
    """What :func:`~codepith.core.checks.check_retention` finds missing, the
    input's tags found once for all the runs of a mutant."""
    from codepith.core.checks import _Placement

    placements = {unit: _Placement(result, data, unit) for unit in {unit for unit, _n, _node in tags}}
    return [p for unit, name, node in tags if (p := placements[unit].problem(name, node)) is not None]


def shrink(data: bytes, fails, budget: int = 500) -> bytes:
    """A smaller input on which ``fails`` still holds: chunks of lines, then
    of bytes (for inputs under 3,000 bytes), removed greedily, while that
    makes progress and the budget of tries lasts."""
    while budget > 0:
        before = len(data)
        for by_line in (True, False):
            parts = data.splitlines(keepends=True) if by_line else [data[i : i + 1] for i in range(len(data))]
            if not by_line and len(parts) > 3000:
                break
            n = max(1, len(parts) // 2)
            while budget > 0:
                i = 0
                while i < len(parts) and budget > 0:
                    cand = parts[:i] + parts[i + n :]
                    budget -= 1
                    if cand and fails(b"".join(cand)):
                        parts = cand
                    else:
                        i += n
                if n == 1:
                    break
                n //= 2
            data = b"".join(parts)
        if len(data) == before:
            break
    return data


def child(cases: str, progress: str, result: str) -> None:
    import codepith

    save_per = int(os.environ.get("CODEPITH_FUZZ_GAP_MINIMAL", "2"))
    shrinking = not os.environ.get("CODEPITH_NO_EXTENSIONS")  # the twin's child saves its inputs as they are
    counts: Counter = Counter()  # (language, level, kind) -> mutants
    clean: Counter = Counter()  # language -> mutants
    saved: Counter = Counter()  # (language, kind) -> shrunk examples
    minimal: list[dict] = []
    digests: list[list] = []
    with open(cases) as f, open(progress, "w") as prog:
        for index, line in enumerate(f):
            case = json.loads(line)
            prog.write(f"{index}\n")
            prog.flush()
            language, data = case["language"], bytes.fromhex(case["data"])
            clean[language] += 1
            row, by_level = _run_case(codepith, data, language)
            digests.append(row)
            if row is None:
                counts[(language, LEVELS[0], "refused")] += 1
                continue
            for level, kinds in zip(LEVELS, by_level, strict=False):
                for kind, (refs, detail) in kinds.items():
                    counts[(language, level, kind)] += 1
                    if saved[(language, kind)] < save_per:
                        saved[(language, kind)] += 1
                        minimal.append(_minimal(codepith, data, language, level, refs, kind, detail, shrinking))
    out = {
        "native": codepith.native,
        "counts": [[*k, v] for k, v in counts.items()],
        "clean": dict(clean),
        "minimal": minimal,
        "digests": digests,
    }
    Path(result).write_text(json.dumps(out))


def _run_case(codepith, data: bytes, language: str):
    """(digest per level, {kind: (line_refs, detail)} per level) of one mutant;
    (None, None) when a parse of it is refused as documented."""
    try:
        tags = definitions(language, data)
    except REFUSALS:
        return None, None
    row, by_level = [], []
    for level in LEVELS:
        kinds: dict[str, tuple[bool, str]] = {}
        h = hashlib.sha256()
        for refs in (False, True):
            found, digest = check(codepith, data, language, level, refs, tags)
            if "refused" in found:
                return None, None
            h.update((digest or "crash").encode())
            for kind, detail in found.items():
                kinds.setdefault(kind, (refs, detail))
        row.append(h.hexdigest())
        by_level.append(kinds)
    return row, by_level


def _minimal(
    codepith, data: bytes, language: str, level: str, refs: bool, kind: str, detail: str, shrinking: bool
) -> dict:
    def fails(d: bytes) -> bool:
        try:
            return _clean(language, d) and kind in check(codepith, d, language, level, refs)[0]
        except REFUSALS:
            return False

    small = shrink(data, fails) if shrinking else data
    found = check(codepith, small, language, level, refs)[0]
    return {
        "language": language,
        "level": level,
        "line_refs": refs,
        "kind": kind,
        "detail": found.get(kind, detail),
        "input": repr(small),
        "unshrunk_bytes": len(data),
    }


# --------------------------------------------------------------------------- the parent


def main(argv: list[str]) -> int:
    per_language = int(os.environ.get("CODEPITH_FUZZ_GAP", "5000"))
    seed = int(os.environ.get("CODEPITH_FUZZ_SEED", "0"))
    hang = float(os.environ.get("CODEPITH_FUZZ_HANG", "120"))
    save = Path(os.environ.get("CODEPITH_FUZZ_GAP_SAVE", Path(tempfile.gettempdir()) / "codepith-gap-failures"))
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        cases = work / "gap.jsonl"
        t0 = time.perf_counter()
        made = build_gap_cases(cases, per_language, seed, argv)
        languages = [json.loads(line)["language"] for line in cases.open()]
        where = ", ".join(argv) if argv else "the golden cases"
        print(
            f"{len(languages)} clean gap mutants of files under {where} ({per_language} asked per language), "
            f"seed {seed}, made in {time.perf_counter() - t0:.1f} s"
        )
        for language in made:
            if made.get(language, 0) < per_language:
                print(f"  {language}: {made.get(language, 0)} clean mutants only")
        results, bad = {}, 0
        command = [sys.executable, str(Path(__file__).resolve()), "--child"]
        t0 = time.perf_counter()
        with ThreadPoolExecutor(2) as pool:  # the two builds side by side
            runs = {
                tag: pool.submit(run_child, cases, work, tag == "pure", hang, command) for tag in ("native", "pure")
            }
            for tag, run in runs.items():
                r = results[tag] = run.result()
                if "hang" in r or "crash" in r:
                    at = r.get("hang", r.get("at", 0))
                    what = "made no progress" if "hang" in r else f"died (status {r['crash']})"
                    print(f"{tag}: the child {what} on mutant {at} ({languages[at]})")
                    bad += 1
        print(
            f"both builds (compiled core: {[r.get('native') for r in results.values()]}): {len(languages)} "
            f"mutants x 2 levels x 2 (line refs) in {time.perf_counter() - t0:.1f} s"
        )
        bad += report(results, languages, save)
        print("OK" if not bad else f"FAILED: {bad} finding(s)")
        return 1 if bad else 0


def report(results: dict, languages: list[str], save: Path) -> int:
    """Print the table and the shrunk examples; save them; the number of failures."""
    table: Counter = Counter()
    clean: dict[tuple[str, str], int] = {}
    for tag, r in results.items():
        for language, level, kind, n in r.get("counts", []):
            table[(language, level, tag, kind)] += n
        for language, n in r.get("clean", {}).items():
            clean[(language, tag)] = n
    a, b = results.get("native", {}).get("digests"), results.get("pure", {}).get("digests")
    if a and b:
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x is None or y is None:
                continue  # refused: a parse over its time budget on one build
            for k, level in enumerate(LEVELS):
                if x[k] != y[k]:
                    table[(languages[i], level, "both", "digest")] += 1
    kinds = KINDS + ("digest",)
    refused = sum(v for k, v in table.items() if k[3] == "refused")
    for key in [k for k in table if k[3] == "refused"]:
        del table[key]
    print(f"{'language':<11} {'level':<11} {'build':<7} {'clean':>6} " + " ".join(f"{k:>10}" for k in kinds))
    for language in sorted(set(languages)):
        for level in LEVELS:
            for tag in ("native", "pure", "both"):
                n = clean.get((language, tag), "") if tag != "both" else ""
                row = [table[(language, level, tag, k)] for k in kinds]
                if tag == "both" and not any(row):
                    continue
                print(f"{language:<11} {level:<11} {tag:<7} {n:>6} " + " ".join(f"{v or '.':>10}" for v in row))
    minimal = [dict(m, build=tag) for tag, r in results.items() for m in r.get("minimal", [])]
    if minimal:
        save.mkdir(parents=True, exist_ok=True)
        with (save / "minimal.jsonl").open("w") as f:
            for m in minimal:
                f.write(json.dumps(m) + "\n")
        (save / "minimal.md").write_text(markdown(minimal))
        print(f"shrunk failing inputs ({len(minimal)}) in {save / 'minimal.jsonl'} and minimal.md:")
        for m in minimal[:40]:
            print(
                f"  {m['build']} {m['language']} {m['level']} refs={m['line_refs']} {m['kind']}: "
                f"{m['input'][:160]} -- {m['detail'][:160]}"
            )
    if refused:
        print(f"{refused} mutant runs refused as documented (ParseTimeout, InputTooLarge): not failures")
    return sum(table.values())


def markdown(minimal: list[dict]) -> str:
    """The shrunk inputs as reproducers, by language, each once (the twin's
    unshrunk ones only for what the compiled core did not find)."""
    out, seen = [], set()
    shrunk = {(m["language"], m["kind"]) for m in minimal if m["build"] == "native"}
    minimal = [m for m in minimal if m["build"] == "native" or (m["language"], m["kind"]) not in shrunk]
    for language in sorted({m["language"] for m in minimal}):
        out.append(f"## {language}\n")
        for m in minimal:
            key = (m["kind"], m["input"], m["level"], m["line_refs"])
            if m["language"] != language or key in seen:
                continue
            seen.add(key)
            out.append(
                f"- {m['kind']}, level {m['level']}, line_refs={m['line_refs']} ({m['build']}): "
                f"`{m['input']}` -- {m['detail'][:300]}\n"
            )
        out.append("\n")
    return "".join(out)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(*sys.argv[2:5])
    else:
        sys.exit(main(sys.argv[1:]))
