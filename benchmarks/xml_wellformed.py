"""Every corpus file's XML block, read back with a real XML parser.

    python benchmarks/xml_wellformed.py CORPUS_DIR [CORPUS_DIR …] [--jobs N] [--levels full,signatures]

Each file of each CORPUS_DIR is run through ``compress_tree`` at each level
(``full`` is the file's own text: any content), its ``<file>`` block is written
by the XML writer of ``--format xml`` inside a document, and that document is
parsed with ``xml.etree.ElementTree``. The block must parse, and the text it
gives back must be the file's text with only the characters XML 1.0 cannot
hold replaced (as many as its ``replaced`` attribute says). Prints, per corpus
and level: blocks parsed, failures, blocks with replaced characters; exits 1
on any failure.
"""

from __future__ import annotations

import argparse
import io
import sys
import xml.etree.ElementTree as ET

from codepith import compress_tree
from codepith.render.formats import make_writer
from codepith.render.primitives import xml_chars


def check_block(r) -> tuple[bool, int, str]:
    """(parsed and exact, characters replaced, the error) for one result's block."""
    buf = io.StringIO()
    writer = make_writer("xml", buf)
    writer.file(r)
    document = "<files>" + buf.getvalue() + "</files>"
    try:
        element = ET.fromstring(document.encode("utf-8"))[0]
    except ET.ParseError as exc:
        return False, 0, f"does not parse: {exc}"
    text = r.text or ""
    if text and not text.endswith("\n"):
        text += "\n"
    expected, replaced = xml_chars(text)
    # an XML parser reads CR LF and a lone CR as LF (XML 1.0 section 2.11)
    expected = expected.replace("\r\n", "\n").replace("\r", "\n")
    if (element.text or "") != expected:
        return False, replaced, "parses to another text"
    if int(element.get("replaced", "0")) != replaced:
        return False, replaced, "replaced attribute is wrong"
    return True, replaced, ""


def run(corpus: str, level: str, jobs: int) -> tuple[int, int, int]:
    parsed = failed = with_replaced = 0
    for r in compress_tree(corpus, level=level, jobs=jobs, tokens=False, cache=False, include_generated=True):
        if not r.in_output:
            continue
        ok, replaced, error = check_block(r)
        if ok:
            parsed += 1
            with_replaced += replaced > 0
        else:
            failed += 1
            print(f"  FAIL {r.path}: {error}", file=sys.stderr)
    return parsed, failed, with_replaced


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpora", nargs="+")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--levels", default="full,signatures")
    args = ap.parse_args(argv)
    failures = 0
    print(f"{'corpus':<32}{'level':<12}{'parsed':>8}{'failed':>8}{'replaced':>10}")
    for corpus in args.corpora:
        for level in args.levels.split(","):
            parsed, failed, with_replaced = run(corpus, level, args.jobs)
            failures += failed
            print(f"{corpus:<32}{level:<12}{parsed:>8}{failed:>8}{with_replaced:>10}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
