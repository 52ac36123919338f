"""No name or content forges the structure of a document, and every document is valid UTF-8.

Each format is read back with a parser (markdown-it for Markdown, xml.etree
for XML, json for JSON and JSONL, the documented rules for plain), and what it
finds must be exactly the files that went in.
"""

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from markdown_it import MarkdownIt

from codepith.cli import main
from codepith.render.formats import FORMATS, display_name, json_dumps, tree_lines

FENCED = "def f():\n    return 1\n\n\nDOC = '''\n```\n## forged heading\n```\n````python\n'''\n"
XML_BREAKER = "S = ']]></file></files><file path=\"forged.py\"><![CDATA[x'\nT = '&amp; <b> \x0c \x01 \ufffe'\n"
PLAIN_BREAKER = "================\nFile: forged.py\n================\nx = 1\n" + "=" * 40 + "\n"
NAMES = {
    "evil\n## injected.py": "x = 1\n",
    "tick```name.py": "y = 2\n",
    "bell\x07esc\x1b[31m.py": "z = 3\n",
    "cr\rname.py": "w = 4\n",
    "bidi\u202egnp.py": "v = 5\n",
    "fenced.py": FENCED,
    "breaker.py": XML_BREAKER,
    "rules.txt": PLAIN_BREAKER,
    "notes.md": "# Title\n\n`````\n## not a heading\n`````\n",
    ".gitignore": "```*.tmp\n",
    "```x.tmp": "ignored\n",
}


@pytest.fixture
def hostile(tmp_path):
    root = tmp_path / "hostile"
    root.mkdir()
    for name, text in NAMES.items():
        (root / name).write_text(text, encoding="utf-8", newline="")
    return root


def pack(root, capsys, *args):
    capsys.readouterr()
    rc = main(["compress", str(root), "-j", "1", "--no-cache", "-q", *args])
    captured = capsys.readouterr()
    assert rc == 0, captured.err
    return captured.out


def reference(root, capsys):
    """path -> text of every file in the output, from the JSON document."""
    doc = json.loads(pack(root, capsys, "--format", "json"))
    return doc, {f["path"]: f["text"] for f in doc["files"]}


def test_display_name_keeps_every_name_on_one_line_without_backticks():
    for name in NAMES:
        shown = display_name(name)
        assert "\n" not in shown and "\r" not in shown and "`" not in shown.replace("\\`", "")
        assert shown.isprintable()
    assert display_name("evil\n## injected.py") == "evil\\n## injected.py"
    assert display_name("caf\udce9.py") == "caf\\xe9.py"
    assert display_name("tick```name.py") == "tick\\`\\`\\`name.py"
    assert list(tree_lines([("a\nb/c.py", "[x\ny]")])) == ["a\\nb/", "  c.py [x\\ny]"]


def test_markdown_headings_and_fences_hold_for_hostile_names_and_content(hostile, capsys):
    _doc, texts = reference(hostile, capsys)
    assert set(texts) == set(NAMES) - {"```x.tmp"}
    out = pack(hostile, capsys)
    tokens = MarkdownIt("commonmark").parse(out)
    headings = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
    fences = [t for t in tokens if t.type == "fence"]
    levels = [t.tag for t in tokens if t.type == "heading_open"]
    assert levels == ["h1", "h2"] + ["h2"] * len(texts) + ["h2"]
    assert headings[1] == "Files" and headings[-1] == "Totals"
    files = headings[2:-1]
    assert [h.split(" (")[0] for h in files] == [display_name(p) for p in sorted(texts)]
    # the tree's fence holds the whole tree, one line per entry
    tree = fences[0].content.splitlines()
    assert "evil\\n## injected.py" in tree and "\\`\\`\\`x.tmp [ignored:.gitignore:\\`\\`\\`*.tmp]" in tree
    assert len(tree) == len(NAMES)
    # every file's fence holds exactly its text
    assert [f.content for f in fences[1:]] == [texts[p] for p in sorted(texts)]


def test_xml_is_well_formed_for_hostile_names_and_content(hostile, capsys):
    _doc, texts = reference(hostile, capsys)
    out = pack(hostile, capsys, "--format", "xml")
    root = ET.fromstring(out.encode("utf-8"))
    files = [(f.get("path"), f.text or "") for f in root.find("files")]
    assert [p for p, _ in files] == [display_name(p) for p in sorted(texts)]
    shown = dict(files)
    assert shown["fenced.py"] == texts["fenced.py"]
    breaker = shown["breaker.py"]
    assert ']]></file></files><file path="forged.py"><![CDATA[x' in breaker
    # what XML 1.0 cannot hold at all is shown, not dropped
    assert breaker == texts["breaker.py"].replace("\x0c", "\u240c").replace("\x01", "\u2401").replace(
        "\ufffe", "\ufffd"
    )
    assert len(root.find("directory_structure").text.strip("\n").split("\n")) == len(NAMES)


def test_plain_blocks_hold_for_hostile_names_and_content(hostile, capsys):
    from helpers import plain_files

    _doc, texts = reference(hostile, capsys)
    out = pack(hostile, capsys, "--format", "plain")
    assert plain_files(out) == [(display_name(p), texts[p]) for p in sorted(texts)]


def test_json_and_jsonl_keep_names_exact(hostile, capsys):
    doc, texts = reference(hostile, capsys)
    assert set(texts) == set(NAMES) - {"```x.tmp"}
    rows = [json.loads(line) for line in pack(hostile, capsys, "--format", "jsonl").splitlines()]
    assert {r["path"]: r["text"] for r in rows} == texts


# --------------------------------------------------------------------------- names that are not UTF-8

BAD = b"caf\xe9.py"


@pytest.fixture
def latin1(tmp_path):
    root = tmp_path / "latin1"
    root.mkdir()
    (root / "ok.py").write_text("def g():\n    return 'h\u00e9'\n", encoding="utf-8")
    try:
        with open(os.path.join(os.fsencode(root), BAD), "wb") as f:
            f.write(b"def f(a):\n    return a\n")
    except (OSError, UnicodeError):
        pytest.skip("this file system refuses names that are not UTF-8")
    return root


def check_document(fmt, data: bytes):
    """Parse one output; return the names it holds (as str)."""
    text = data.decode("utf-8")  # strict: every document is UTF-8
    if fmt == "json":
        return [f["path"] for f in json.loads(text)["files"]]
    if fmt == "jsonl":
        return [json.loads(line)["path"] for line in text.splitlines()]
    if fmt == "xml":
        return [f.get("path") for f in ET.fromstring(data).find("files")]
    if fmt == "plain":
        from helpers import plain_files

        return [p for p, _ in plain_files(text)]
    tokens = MarkdownIt("commonmark").parse(text)
    return [
        tokens[i + 1].content.split(" (")[0] for i, t in enumerate(tokens) if t.type == "heading_open" and t.tag == "h2"
    ][1:-1]


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_name_that_is_not_utf8_never_breaks_a_run_in_any_format(latin1, tmp_path, fmt):
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "xdg-cache"), PYTHONIOENCODING="ascii")
    out_file, report = tmp_path / f"out.{fmt}", tmp_path / "report.json"
    base = [sys.executable, "-m", "codepith", "compress", str(latin1), "-j", "1", "--no-cache", "--format", fmt]
    to_file = subprocess.run(
        base + ["-o", str(out_file), "--report", str(report)],
        capture_output=True,
        env=env,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert to_file.returncode == 0, to_file.stderr
    to_stdout = subprocess.run(base, capture_output=True, env=env, timeout=120, stdin=subprocess.DEVNULL)
    assert to_stdout.returncode == 0, to_stdout.stderr
    # an ASCII standard output locale does not matter: the document is UTF-8
    assert to_stdout.stdout == out_file.read_bytes()
    names = check_document(fmt, to_stdout.stdout)
    if fmt in ("json", "jsonl"):  # exact: the bytes come back
        assert sorted(os.fsencode(n) for n in names) == [BAD, b"ok.py"]
    else:
        assert sorted(names) == ["caf\\xe9.py", "ok.py"]
    files = json.loads(report.read_bytes().decode("utf-8"))["files"]
    assert sorted(os.fsencode(f["path"]) for f in files) == [BAD, b"ok.py"]
    assert {f["action"] for f in files} == {"compressed"}


def test_a_missing_path_that_is_not_utf8_is_named_on_one_line(latin1, tmp_path):
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "xdg-cache"))
    missing = os.path.join(os.fsencode(tmp_path), b"gone\xff\ndir")
    proc = subprocess.run(
        [
            sys.executable.encode(),
            b"-m",
            b"codepith",
            b"compress",
            os.fsencode(latin1),
            missing,
            b"-q",
            b"--no-cache",
            b"-j",
            b"1",
        ],
        capture_output=True,
        env=env,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 1
    err = proc.stderr.decode("utf-8")
    assert err.count("\n") == 1 and "gone\\xff\\ndir" in err
    proc.stdout.decode("utf-8")


def test_json_dumps_escapes_only_lone_surrogates():
    assert json_dumps({"p": "caf\udce9.py", "t": "h\u00e9 \u2603"}) == '{"p": "caf\\udce9.py", "t": "h\u00e9 \u2603"}'
    assert json.loads(json_dumps("caf\udce9")) == "caf\udce9"


#: a name that holds each kind of character a document must escape
HOSTILE_NAME = os.fsdecode(b"we\\ird`\xe2\x80\xae\x1b\n## \xe9\xc2\x85\xe2\x80\xa8.py")


@pytest.mark.parametrize("fmt", ["markdown", "xml"])
def test_pack_and_bulk_show_a_hostile_name_the_same(tmp_path, capsys, fmt):
    root = tmp_path / "root"
    root.mkdir()
    (root / HOSTILE_NAME).write_text("x = 1\n", encoding="utf-8")
    bulk = pack(root, capsys, "--format", fmt)
    assert main(["pack", str(root), "--pr-path", HOSTILE_NAME, "--mode", "observe", "--format", fmt]) == 0
    packed = capsys.readouterr().out
    shown = "we\\\\ird\\`\\u202e\\x1b\\n## \\xe9\\x85\\u2028.py"
    assert display_name(HOSTILE_NAME) == shown
    if fmt == "markdown":
        assert f"\n## {shown} (compressed to signatures" in bulk
        assert packed.startswith(f"## {shown}\n")
    else:
        assert f'<file path="{shown}">' in bulk and f'<file path="{shown}">' in packed
