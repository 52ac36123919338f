"""codepith next to a body-cut baseline and ``repomix --compress``, on the same files.

    python benchmarks/peers.py CORPUS_DIR [--languages rust,java,...] [--jobs N] [--no-repomix]

For each language folder of CORPUS_DIR (as ``tools/corpus/make_corpus.sh``
lays them out) and each file in it whose input parses without error, this
prints token ratios (output / input, o200k_base, summed over the files):

- codepith at ``signatures`` and ``outline``;
- ``body-cut``: a baseline computed here -- every outermost function or method
  body (a definition the language's tags query captures as
  ``definition.function`` or ``definition.method``, through its ``body`` field)
  replaced by ``{}`` (``...`` where bodies are indented, nothing where a body
  is a run of statements before ``end``, ``{ :; }`` in a shell), everything
  else kept byte for byte (a grammar without a ``body`` field: the last child
  or the next node whose kind ends in ``body`` or ``block``; a style sheet:
  the blocks of rules that hold no other rule, the definitions in them, such as
  custom properties, kept); ``marked`` the same cut writing codepith's own
  placeholder for each body (``{ /* … */ }``, ``...``, ``# ...``), so that
  ``sig-mk`` is what codepith keeps beyond the cut itself (a style sheet's
  many small rules make the placeholder's own tokens count); in a Vue or Svelte component, the bodies of its
  script and style regions, each by its own language's rule;
- ``repomix --compress`` (when ``repomix`` is on PATH), with the share of its
  outputs that re-parse with no error node, and the share of the input's
  definitions (those outside function bodies, by kind and name, from the same
  tags query) that a parse of its output still finds.

codepith's own shares are measured the same way, per level. They fall short
of 100% only where codepith elides on purpose what this simple count does not
see as a body: definitions inside other bodies (an anonymous class in a Java
``static { … }`` block) and, at ``outline``, test code (the items of a Rust
``#[cfg(test)] mod``). Nothing here is asserted by a test.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from bisect import bisect_left
from collections import Counter
from multiprocessing import Pool

from codepith import count_tokens, detect_language
from codepith.core.compress import compress
from codepith.core.elide import style
from codepith.core.languages import captures, parse, spec
from codepith.core.regions import units
from codepith.core.validity import file_errors


def corpus_languages(corpus: str) -> list[str]:
    """The registered languages that have a folder in ``corpus``, in the registry's order."""
    from codepith import languages

    return [name for name in languages() if os.path.isdir(os.path.join(corpus, name))]


LEVELS = ("signatures", "outline")
CUT_WITH = {"braces": b"{}", "indent": b"...", "comment-line": b"", "null-command": b"{ :; }"}
_REPOMIX_FILE = re.compile(rb'<file path="([^"]+)">\n(.*?)\n</file>', re.S)


def _outermost(nodes):
    """Nodes of ``nodes`` not inside another of them, in document order."""
    out, end = [], -1
    for node in sorted(nodes, key=lambda n: (n.start_byte, -n.end_byte)):
        if node.start_byte >= end:
            out.append(node)
            end = node.end_byte
    return out


def _bodies(language: str, root) -> list:
    return _found_bodies(language, root)[0]


def _found_bodies(language: str, root) -> tuple[list, bool]:
    """(the bodies the baseline cuts, whether they are a style sheet's blocks)."""
    caps = captures(language, "tags", root)
    bodies = []
    for name in ("definition.function", "definition.method"):
        for node in caps.get(name, ()):
            body = _body_of(node)
            if body is not None and body.end_byte > body.start_byte:
                bodies.append(body)
    blocks = spec(language).definition_nodes.body_children
    if not bodies and blocks:  # a style sheet: the blocks of its rules that hold no other rule
        held = [c for nodes in caps.values() for n in nodes for c in n.named_children if c.type in blocks]
        return [
            b for b in held if not any(o is not b and b.start_byte <= o.start_byte < b.end_byte for o in held)
        ], True
    return _outermost(bodies), False


def _empty(language: str, marked: bool) -> bytes:
    entry = spec(language)
    return style(entry).body((0, 0), False) if marked else CUT_WITH[entry.placeholder]


def _cut_with(language: str, body, src: bytes, marked: bool) -> bytes:
    """What the baseline writes for a style sheet's block ``body``: ``{}``
    (``marked``: codepith's placeholder), holding the definitions it held
    (custom properties)."""
    caps = captures(language, "tags", body)
    spans = {
        (n.start_byte, n.end_byte) for name, nodes in caps.items() if name.startswith("definition.") for n in nodes
    }
    kept = [src[c.start_byte : c.end_byte] for c in body.named_children if (c.start_byte, c.end_byte) in spans]
    return b"{" + b" ".join(kept) + b"}" if kept or not marked else _empty(language, marked)


def _body_of(node):
    """A definition's body: its ``body`` field; else (a grammar without the
    field) its last child, or the node after it, whose kind names a body or a
    block (Kotlin's ``function_body``; Dart's, after its signature)."""
    body = node.child_by_field_name("body")
    if body is not None:
        return body
    for candidate in (node.children[-1] if node.child_count else None, node.next_named_sibling):
        if candidate is not None and candidate.type.endswith(("body", "block")):
            return candidate
    return None


def parsed_units(language: str, src: bytes, root) -> list:
    """(language, parse) of each part of a file read on its own: the file, or a
    component's script and style regions, each in its own language."""
    if spec(language).regions is None:
        return [(language, root)]
    return [(unit, parse(unit, text).root_node) for unit, text in units(language, src, root)]


def body_cut(language: str, src: bytes, root, marked: bool = False) -> bytes:
    """``src`` with every outermost function body replaced by the language's
    empty body (``marked``: by codepith's placeholder for it, a marked cut)."""
    cuts = []
    for unit, unit_root in parsed_units(language, src, root):
        bodies, sheet = _found_bodies(unit, unit_root)
        cuts += [
            (b.start_byte, b.end_byte, _cut_with(unit, b, src, marked) if sheet else _empty(unit, marked))
            for b in bodies
        ]
    cuts.sort()
    parts, pos = [], 0
    for start, end, empty in cuts:
        parts += [src[pos:start], empty]
        pos = end
    parts.append(src[pos:])
    return b"".join(parts)


def definitions(language: str, src: bytes, root) -> Counter:
    """(kind, name) of every definition outside a function body, as a multiset
    (a component's: those of its regions)."""
    found: Counter = Counter()
    for unit, unit_root in parsed_units(language, src, root):
        found += _definitions(unit, unit_root)
    return found


def _definitions(language: str, root) -> Counter:
    caps = captures(language, "tags", root)
    starts = [(b.start_byte, b.end_byte) for b in _bodies(language, root)]
    names = sorted(caps.get("name", ()), key=lambda n: n.start_byte)
    name_starts = [n.start_byte for n in names]
    found = Counter()
    for cap, nodes in caps.items():
        if not cap.startswith("definition."):
            continue
        for node in nodes:
            if any(s <= node.start_byte and node.end_byte <= e for s, e in starts):
                continue
            name = _name_of(node, names, name_starts)
            found[(cap, name)] += 1
    return found


def _name_of(node, names, name_starts) -> bytes:
    """The definition's name: its ``name`` field, else the first @name inside it."""
    child = node.child_by_field_name("name")
    if child is not None:
        return child.text
    i = bisect_left(name_starts, node.start_byte)
    if i < len(names) and names[i].end_byte <= node.end_byte:
        return names[i].text
    return node.type.encode()


def measure(args):
    path, language = args
    src = open(path, "rb").read()
    root = parse(language, src).root_node
    if file_errors(language, src, root):
        return None
    row = {"tokens": count_tokens(src), "defs": definitions(language, src, root)}
    row["body-cut"] = count_tokens(body_cut(language, src, root))
    row["marked-cut"] = count_tokens(body_cut(language, src, root, marked=True))
    for level in LEVELS:
        out = compress(src, language=language, level=level).data
        out_root = parse(language, out).root_node
        row[level] = count_tokens(out)
        row[level + " clean"] = file_errors(language, out, out_root) == 0
        row[level + " defs"] = definitions(language, out, out_root)
    return path, row


def measure_repomix(args):
    """(tokens, parses cleanly, definitions found) of one repomix output file."""
    language, text = args
    root = parse(language, text).root_node
    return count_tokens(text), file_errors(language, text, root) == 0, definitions(language, text, root)


def run_repomix(repomix: str, root: str) -> dict[str, bytes]:
    """repomix --compress's output per relative path."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "repomix.xml")
        subprocess.run(
            [
                repomix,
                "--compress",
                "--style",
                "xml",
                "--no-file-summary",
                "--no-directory-structure",
                "--no-security-check",
                "--no-gitignore",
                "-o",
                out,
                "--quiet",
                root,
            ],
            check=True,
            stdin=subprocess.DEVNULL,
        )
        data = open(out, "rb").read()
    return {m.group(1).decode("utf-8", "replace"): m.group(2) for m in _REPOMIX_FILE.finditer(data)}


def found_share(wanted: Counter, found: Counter) -> tuple[int, int]:
    return sum(wanted.values()), sum(min(n, found[k]) for k, n in wanted.items())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus")
    parser.add_argument("--languages", help="comma-separated (default: every language with a folder in CORPUS_DIR)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--no-repomix", action="store_true")
    args = parser.parse_args()
    args.languages = args.languages or ",".join(corpus_languages(args.corpus))
    repomix = None if args.no_repomix else shutil.which("repomix")
    if repomix:
        version = subprocess.run([repomix, "--version"], capture_output=True, text=True).stdout.strip()
        print(f"repomix {version} ({repomix})")
    else:
        print("repomix is not on PATH (npm install -g repomix) or --no-repomix: its columns are empty")
    header = (
        f"{'language':<9}{'files':>6}{'sig':>7}{'outline':>8}{'body-cut':>9}{'sig-cut':>8}{'marked':>7}{'sig-mk':>7}"
        f"{'cp clean':>9}{'defs sig':>9}{'defs outl':>10}{'repomix':>8}{'rx clean':>9}{'rx defs':>8}{'rx files':>9}"
    )
    rows = []
    with Pool(args.jobs) as pool:
        for language in args.languages.split(","):
            root = os.path.join(args.corpus, language)
            if not os.path.isdir(root):
                print(f"skip {language}: no {root}", file=sys.stderr)
                continue
            files = []
            for d, ds, fs in os.walk(root):
                ds.sort()
                for f in sorted(fs):
                    p = os.path.join(d, f)
                    with open(p, "rb") as fh:
                        lang = detect_language(p, fh.read())
                    if lang == language or (lang == "tsx" and language == "typescript"):
                        files.append((p, lang))
            measured = dict(r for r in pool.map(measure, files, chunksize=8) if r is not None)
            tot = Counter()
            for row in measured.values():
                for key in ("tokens", "body-cut", "marked-cut", *LEVELS):
                    tot[key] += row[key]
                for level in LEVELS:
                    tot[level + " clean"] += row[level + " clean"]
                    want, got = found_share(row["defs"], row[level + " defs"])
                    tot[level + " want"] += want
                    tot[level + " got"] += got
            line = {
                "language": language,
                "files": len(measured),
                **{k: tot[k] / tot["tokens"] for k in ("body-cut", "marked-cut", *LEVELS)},
                "cp clean": (tot["signatures clean"] + tot["outline clean"]) / (2 * len(measured)),
                **{f"{level} defs": tot[level + " got"] / max(tot[level + " want"], 1) for level in LEVELS},
            }
            if repomix:
                outputs = run_repomix(repomix, root)
                pairs = [(p, outputs.get(os.path.relpath(p, root).replace(os.sep, "/"))) for p in measured]
                pairs = [(p, t) for p, t in pairs if t is not None]
                results = pool.map(measure_repomix, [(language, t) for _p, t in pairs], chunksize=8)
                rx_in = sum(measured[p]["tokens"] for p, _t in pairs)
                want = got = 0
                for (p, _t), (_tok, _clean, defs) in zip(pairs, results, strict=False):
                    w, g = found_share(measured[p]["defs"], defs)
                    want, got = want + w, got + g
                line.update(
                    {
                        "repomix": sum(r[0] for r in results) / max(rx_in, 1),
                        "rx clean": sum(r[1] for r in results) / max(len(results), 1),
                        "rx defs": got / max(want, 1),
                        "rx files": len(results),
                    }
                )
            rows.append(line)
            print(f"  {language}: {len(measured)} clean files measured", file=sys.stderr)
    print(header)
    for r in rows:
        rx = (
            f"{r['repomix']:>8.3f}{r['rx clean']:>9.1%}{r['rx defs']:>8.1%}{r['rx files']:>9}"
            if "repomix" in r
            else f"{'-':>8}{'-':>9}{'-':>8}{'-':>9}"
        )
        print(
            f"{r['language']:<9}{r['files']:>6}{r['signatures']:>7.3f}{r['outline']:>8.3f}{r['body-cut']:>9.3f}"
            f"{r['signatures'] - r['body-cut']:>+8.3f}{r['marked-cut']:>7.3f}{r['signatures'] - r['marked-cut']:>+7.3f}"
            f"{r['cp clean']:>9.1%}{r['signatures defs']:>9.1%}"
            f"{r['outline defs']:>10.1%}{rx}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
