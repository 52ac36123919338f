"""Output formats of ``codepith compress DIR``: each one holds every file, readably."""

import json
import os
import re
import xml.etree.ElementTree as ET

import pytest

import codepith
from codepith.cli import main
from codepith.render.formats import FORMATS, tree_lines
from helpers import physical_files, plain_files, write

JSONL_KEYS = {
    "path",
    "language",
    "level",
    "bytes_in",
    "bytes_out",
    "tokens_in",
    "tokens_out",
    "elisions",
    "valid",
    "reason",
    "text",
}

APP_PY = '''"""The app.

Usage::

```python
>>> run()
```
"""

import os


def run(argv=None):
    """Run it.

    ```
    $ app --help
    ```
    """
    parts = [a for a in (argv or []) if a]
    return len(parts)
'''

README = """# Project

````markdown
```python
print("nested fences")
```
````

```
plain
```
"""

HELPERS_TS = "export function twice(a: number): number {\n  const b = a * 2;\n  return b;\n}\n"
VIEW_TSX = "export const View = (p: { n: number }) => {\n  const m = p.n + 1;\n  return <b>{m}</b>;\n};\n"
MAIN_GO = 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hi")\n}\n'


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / "proj"
    write(root, "src/app.py", APP_PY)
    write(root, "src/util/helpers.ts", HELPERS_TS)
    write(root, "web/view.tsx", VIEW_TSX)
    write(root, "main.go", MAIN_GO)
    write(root, "README.md", README)
    write(root, ".gitignore", "dist/\n")
    write(root, "dist/bundle.js", "var a = 1;\n")
    write(root, "dist/more/x.js", "var b = 2;\n")
    write(root, "blob.bin", b"\x00\x01\x02\x03")
    return root


def expected_texts(root):
    """path -> the text each file should have in the output."""
    out = {}
    for rel in ["README.md", "main.go", "src/app.py", "src/util/helpers.ts", "web/view.tsx", ".gitignore"]:
        data = (root / rel).read_bytes()
        if codepith.detect_language(rel):
            out[rel] = codepith.compress(data, path=rel).data.decode()
        else:
            out[rel] = data.decode()
    return out


def pack(root, capsys, *args):
    capsys.readouterr()
    rc = main(["compress", str(root), "-j", "1", "--no-cache", "-q", *args])
    captured = capsys.readouterr()
    assert rc == 0, captured.err
    return captured.out


def markdown_files(out):
    """[(path, body)] of every file block of a markdown output, in order."""
    lines = out.split("\n")
    files = []
    i = 0
    while i < len(lines):
        m = re.match(r"^## (.+?)(?: \((?:compressed to|kept whole).*\))?$", lines[i])
        if m and m.group(1) not in ("Files", "Totals"):
            assert lines[i + 1] == ""
            fence = re.match(r"^(`{3,})[a-z]*$", lines[i + 2])
            assert fence, lines[i + 2]
            j = i + 3
            while lines[j] != fence.group(1):
                j += 1
            body = lines[i + 3 : j]
            files.append((m.group(1), "\n".join(body) + "\n" if body else ""))
            i = j
        i += 1
    return files


# --------------------------------------------------------------------------- tree_lines


def test_tree_lines_indents_folders_once():
    paths = ["README.md", "src/a.py", "src/pkg/b.py", "src/pkg/c.py", "src/z.py", "web/ui/v.tsx"]
    assert list(tree_lines(paths)) == [
        "README.md",
        "src/",
        "  a.py",
        "  pkg/",
        "    b.py",
        "    c.py",
        "  z.py",
        "web/",
        "  ui/",
        "    v.tsx",
    ]


# --------------------------------------------------------------------------- markdown


def test_markdown_header_holds_the_tree_then_every_file(tree, capsys):
    out = pack(tree, capsys)
    assert out.startswith("# codepith:")
    header, _, _rest = out.partition("\n## Files\n")
    assert "signatures" in header
    listing = out.split("## Files\n\n```\n", 1)[1].split("```\n", 1)[0].splitlines()
    assert "src/" in listing and "  app.py" in listing and "  util/" in listing
    assert "    helpers.ts" in listing
    assert any(line.startswith("dist") and "ignored" in line and "2 files" in line for line in listing)
    # what the run leaves out is marked, what reading finds (binary) included
    assert "blob.bin [skipped:binary]" in listing
    assert "skipped" in out.rsplit("## Totals", 1)[1]
    first_file = out.index("\n## .gitignore")
    assert out.index("## Files") < first_file
    files = markdown_files(out)
    expected = expected_texts(tree)
    assert [p for p, _ in files] == sorted(expected)
    assert dict(files) == expected
    assert out.index("## Totals") > out.index("## web/view.tsx")


def test_header_tree_keeps_each_entry_on_one_line_whatever_its_rule(tmp_path, capsys):
    # the rules that left entries out hold "/" (dist/, .git/info/exclude):
    # they annotate a line of the tree, they are not folders of it
    write(tmp_path, ".git/HEAD", "ref\n")
    write(tmp_path, ".git/info/exclude", "secret.txt\n")
    write(tmp_path, ".gitignore", "dist/\n")
    write(tmp_path, "dist/a.js", "var a;\n")
    write(tmp_path, "dist/b.js", "var b;\n")
    write(tmp_path, "secret.txt", "s\n")
    write(tmp_path, "src/a.py", "x = 1\n")
    doc = json.loads(pack(tmp_path, capsys, "--format", "json"))
    tree = doc["tree"]
    dist = [line for line in tree if "dist" in line]
    assert len(dist) == 1 and "ignored" in dist[0] and "2 files" in dist[0], tree
    secret = [line for line in tree if "secret.txt" in line]
    assert len(secret) == 1 and ".git/info/exclude" in secret[0], tree
    assert not any(line.strip() in ("info/", ", 2 files]") for line in tree), tree
    assert "src/" in tree and "  a.py" in tree


def test_markdown_fences_survive_content_with_fences(tree, capsys):
    out = pack(tree, capsys)
    files = dict(markdown_files(out))
    assert files["README.md"] == README
    assert "```" in files["src/app.py"]  # the docstrings with fences were kept
    assert files["src/app.py"] == expected_texts(tree)["src/app.py"]
    # README holds a run of four backticks: its fence is longer still
    block = out[out.index("## README.md") :]
    assert block.split("\n")[2].startswith("`````")


def test_markdown_code_blocks_name_the_language(tree, capsys):
    out = pack(tree, capsys)
    assert re.search(r"## src/app\.py[^\n]*\n\n`{3,}python\n", out)
    assert re.search(r"## main\.go[^\n]*\n\n`{3,}go\n", out)
    assert re.search(r"## src/util/helpers\.ts[^\n]*\n\n`{3,}typescript\n", out)
    assert re.search(r"## web/view\.tsx[^\n]*\n\n`{3,}tsx\n", out)


# --------------------------------------------------------------------------- xml


def xml_files(out):
    """(root element, [(path, text)]) of an xml output, read by an XML parser."""
    root = ET.fromstring(out.encode("utf-8"))
    return root, [(f.get("path"), f.text or "") for f in root.find("files")]


def test_xml_is_well_formed_with_file_blocks_like_repomix(tree, capsys):
    out = pack(tree, capsys, "--format", "xml")
    root, files = xml_files(out)
    assert root.tag == "codepith" and root.get("level") == "signatures"
    assert "src/\n  app.py\n" in root.find("directory_structure").text
    assert [child.tag for child in root] == ["summary", "directory_structure", "files", "totals"]
    assert out.index("</directory_structure>") < out.index("<files>") < out.index("<file path=")
    assert [p for p, _ in files] == sorted(expected_texts(tree))
    assert dict(files) == expected_texts(tree)
    assert "files considered" in root.find("totals").text


def test_xml_escapes_paths(tmp_path, capsys):
    write(tmp_path, 'we"ird & <odd>.txt', "text\n")
    out = pack(tmp_path, capsys, "--format", "xml")
    assert '<file path="we&quot;ird &amp; &lt;odd&gt;.txt"><![CDATA[text\n]]></file>' in out
    assert xml_files(out)[1] == [('we"ird & <odd>.txt', "text\n")]


# --------------------------------------------------------------------------- json / jsonl


def test_json_is_one_document_with_tree_files_and_totals(tree, capsys):
    doc = json.loads(pack(tree, capsys, "--format", "json"))
    assert {"tree", "files", "totals"} <= set(doc)
    assert "src/" in doc["tree"] and "  app.py" in doc["tree"]
    expected = expected_texts(tree)
    assert [f["path"] for f in doc["files"]] == sorted(expected)
    for f in doc["files"]:
        data = (tree / f["path"]).read_bytes()
        assert f["text"] == expected[f["path"]]
        assert f["bytes_in"] == len(data)
        assert f["tokens_in"] == codepith.count_tokens(data)
        assert f["tokens_out"] == codepith.count_tokens(f["text"])
    totals = doc["totals"]
    assert totals["files_considered"] == physical_files(tree)
    assert totals["bytes_in"] == sum(f["bytes_in"] for f in doc["files"])
    assert totals["tokens_out"] == sum(f["tokens_out"] for f in doc["files"])


def test_jsonl_is_one_record_per_line_with_exactly_the_documented_keys(tree, capsys):
    out = pack(tree, capsys, "--format", "jsonl")
    assert out.endswith("\n")
    records = [json.loads(line) for line in out.splitlines()]
    assert records
    for rec in records:
        assert set(rec) == JSONL_KEYS
    by_path = {rec["path"]: rec for rec in records}
    expected = expected_texts(tree)
    for path, text in expected.items():
        rec = by_path[path]
        assert rec["text"] == text
        assert rec["level"] == "signatures"
        assert rec["tokens_in"] == codepith.count_tokens((tree / path).read_bytes())
        assert rec["language"] == codepith.detect_language(path)
    assert by_path["src/app.py"]["elisions"] >= 1 and by_path["src/app.py"]["valid"] is True
    # what is in the dataset and what it lacks never carries text it does not have
    for rec in records:
        assert (rec["text"] is None) == (rec["path"] not in expected)
    assert [r["path"] for r in records] == sorted(r["path"] for r in records)


# --------------------------------------------------------------------------- plain


def test_plain_has_the_tree_then_file_separators(tree, capsys):
    out = pack(tree, capsys, "--format", "plain")
    assert out.index("Directory Structure") < out.index("File: ")
    structure = out.split("Directory Structure\n", 1)[1]
    assert "src/\n  app.py\n" in structure.split("File: ", 1)[0]
    rule = "=" * 16
    expected = expected_texts(tree)
    for path, text in expected.items():
        assert f"{rule}\nFile: {path}\n{rule}\n{text}{rule}\n" in out
    assert plain_files(out) == sorted(expected.items())


# --------------------------------------------------------------------------- options that shape every format


@pytest.mark.parametrize("fmt", FORMATS)
def test_output_file_option_writes_there(tree, tmp_path, capsys, fmt):
    target = tmp_path / f"out.{fmt}"
    out = pack(tree, capsys, "--format", fmt, "-o", str(target))
    assert out == ""
    written = target.read_text(encoding="utf-8")
    assert written == pack(tree, capsys, "--format", fmt)


def test_no_tokens_gives_null_token_counts(tree, capsys):
    doc = json.loads(pack(tree, capsys, "--format", "json", "--no-tokens"))
    assert doc["files"]
    for f in doc["files"]:
        assert f["tokens_in"] is None and f["tokens_out"] is None
    assert "tokens_in" not in doc["totals"]
    for line in pack(tree, capsys, "--format", "jsonl", "--no-tokens").splitlines():
        rec = json.loads(line)
        assert rec["tokens_in"] is None and rec["tokens_out"] is None
    assert "tokens" not in pack(tree, capsys, "--no-tokens").split("## Totals", 1)[1]


def test_report_lists_every_file_with_its_action(tree, tmp_path, capsys):
    os.mkfifo(tree / "pipe")
    write(tree, ".git/HEAD", "ref\n")
    write(tree, ".git/refs/heads/main", "0" * 40 + "\n")
    report = tmp_path / "report.json"
    pack(tree, capsys, "--format", "jsonl", "--report", str(report))
    doc = json.loads(report.read_text())
    records = doc["files"]
    assert sum(r.get("files", 1) for r in records) == physical_files(tree)
    assert doc["totals"]["files_considered"] == physical_files(tree)
    actions = {r["path"]: r["action"] for r in records}
    assert len(actions) == len(records)
    assert actions["dist"] == "ignored:.gitignore:dist/"
    assert [r.get("files") for r in records if r["path"] == "dist"] == [2]
    assert actions[".git"] == "ignored:.git"
    assert actions["blob.bin"] == "skipped:binary"
    assert actions["pipe"] == "skipped:not-a-regular-file"
    assert actions["README.md"] == "kept-whole"
    assert actions["src/app.py"] == "compressed"
    for r in records:
        assert {"path", "action", "bytes_in", "tokens_in", "reason"} <= set(r)


def test_every_format_agrees_with_jobs_two(tree, capsys):
    for fmt in FORMATS:
        assert pack(tree, capsys, "--format", fmt, "-j", "2") == pack(tree, capsys, "--format", fmt)


@pytest.mark.parametrize(
    "text, char, least, want",
    [
        ("", "`", 3, "```"),
        ("no ticks", "`", 3, "```"),
        ("a `b` ``c``", "`", 3, "```"),
        ("```py\n```", "`", 3, "````"),
        ("x ````` y ``` z", "`", 3, "``````"),
        ("==== a ================= b", "=", 16, "=" * 18),
        ("=" * 15, "=", 16, "=" * 16),
    ],
)
def test_a_fence_is_longer_than_any_run_in_the_text(text, char, least, want):
    from codepith.render.primitives import fence

    assert fence(text, char, least) == want
