"""``codepith compress``: path lists on standard input, the token summary,
header text, the clipboard and the [compress] settings file."""

import io
import json
import re
import sys
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codepith.cli import main
from helpers import write

PY = "def f(a):\n    b = a * 2\n    return b\n"
BIG = "".join(f"def g{i}(a, b):\n    return a * b + {i}\n\n" for i in range(60))


@pytest.fixture
def proj(tmp_path, monkeypatch):
    root = tmp_path / "proj"
    write(root, "a.py", PY)
    write(root, "src/big.py", BIG)
    write(root, "src/c.ts", "export function g(a: number): number {\n  return a;\n}\n")
    monkeypatch.chdir(root)
    return root


def feed(monkeypatch, data: bytes):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


def run(*args):
    return main(["compress", "--no-cache", "-j", "1", *args])


# --------------------------------------------------------------------------- --stdin


def test_stdin_lines_like_git_ls_files(proj, monkeypatch, capsys):
    feed(monkeypatch, b"a.py\r\nsrc/c.ts\n\n")
    assert run("--stdin", "-q", "--format", "json") == 0
    doc = json.loads(capsys.readouterr().out)
    assert [f["path"] for f in doc["files"]] == ["a.py", "src/c.ts"]
    assert doc["roots"] == ["standard input (2 paths)"]


def test_stdin_nul_separated(proj, monkeypatch, capsys):
    write(proj, "odd name\n.py", PY)
    feed(monkeypatch, b"a.py\0odd name\n.py\0src/big.py\0")
    assert run("--stdin", "-0", "-q", "--format", "json") == 0
    paths = [f["path"] for f in json.loads(capsys.readouterr().out)["files"]]
    assert paths == ["a.py", "odd name\n.py", "src/big.py"]


def test_stdin_missing_and_folder_are_reported_with_the_reason(proj, monkeypatch, capsys, tmp_path):
    feed(monkeypatch, b"a.py\nnope.py\nsrc\n")
    report = tmp_path / "r.json"
    assert run("--stdin", "--report", str(report), "-q") == 1
    err = capsys.readouterr().err
    assert "nope.py: no such file or directory" in err
    assert "src: a folder" in err
    files = {f["path"]: f for f in json.loads(report.read_text())["files"]}
    assert files["nope.py"]["action"] == "skipped:missing"
    assert files["src"]["action"] == "skipped:not-a-regular-file"
    assert files["a.py"]["action"] == "compressed"


def test_stdin_with_no_file_at_all_is_one_error(proj, monkeypatch, capsys):
    feed(monkeypatch, b"nope.py\n")
    assert run("--stdin") == 1
    assert "no listed path is a file" in capsys.readouterr().err


def test_empty_stdin_is_a_clear_error(proj, monkeypatch, capsys):
    feed(monkeypatch, b"\n\n")
    assert run("--stdin") == 2
    assert "standard input held no paths" in capsys.readouterr().err


def test_stdin_from_a_terminal_is_a_usage_error(proj, monkeypatch, capsys):
    class Tty(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr(sys, "stdin", Tty())
    assert run("--stdin") == 2
    assert "standard input is a terminal" in capsys.readouterr().err


def test_stdin_refuses_paths_and_null_needs_stdin(proj, monkeypatch, capsys):
    feed(monkeypatch, b"a.py\n")
    assert run("--stdin", "a.py") == 2
    assert run("-0", "a.py") == 2
    err = capsys.readouterr().err
    assert "give no PATHS" in err and "-0/--null applies to --stdin" in err


def test_stdin_nul_list_without_null_flag_is_named(proj, monkeypatch, capsys):
    feed(monkeypatch, b"a.py\0src/c.ts\0")
    assert run("--stdin") == 2
    assert "add -0/--null" in capsys.readouterr().err


def test_stdin_never_reads_the_runs_own_output(proj, monkeypatch, capsys):
    write(proj, "pith.md", "old\n")
    feed(monkeypatch, b"a.py\npith.md\n")
    assert run("--stdin", "-o", "pith.md", "-q") == 0
    text = (proj / "pith.md").read_text()
    assert "pith.md [ignored:output]" in text and "old" not in text


# --------------------------------------------------------------------------- summary


def test_top_files_and_token_tree_on_stderr(proj, capsys):
    assert run(".", "--token-tree", "--top-files", "2") == 0
    err = capsys.readouterr().err
    top = err[err.index("top 2 files by tokens") :].splitlines()
    assert top[1].endswith("src/big.py") and len([x for x in top if x.startswith("  2.")]) == 1
    assert "token tree (in -> out):" in err
    tree = err[err.index("token tree") :]
    assert "\n  src/ " in tree and "\n    big.py " in tree and "\n  a.py " in tree


@settings(max_examples=80, deadline=None)
@given(
    counts=st.lists(st.tuples(st.sampled_from("abcdefgh"), st.integers(0, 50), st.integers(0, 50)), max_size=60),
    top=st.integers(1, 6),
    slack=st.integers(0, 5),
)
def test_the_summary_keeps_the_same_top_files_as_a_sort_of_all(counts, top, slack):
    # (pruned every few entries here; equal names and equal counts too: ties go by path, then by order)
    from types import SimpleNamespace

    from codepith.cli.compress_outputs import SummaryEntries
    from codepith.render.summary import top_files

    results = [
        SimpleNamespace(path=f"{name}.py", tokens_in=n, tokens_out=m, bytes_in=m, bytes_out=n, in_output=n % 7 != 0)
        for name, n, m in counts
    ]
    summary = SummaryEntries(top, tree=False)
    summary.SLACK = slack
    for r in results:
        summary.add(r)
    shown = [r for r in results if r.in_output]
    assert top_files(summary.entries(True), top) == top_files([(r.path, r.tokens_in, r.tokens_out) for r in shown], top)
    assert top_files(summary.entries(False), top) == top_files([(r.path, r.bytes_in, r.bytes_out) for r in shown], top)
    assert len(summary.entries(True)) <= 2 * top + slack


def test_the_top_files_of_a_large_tree_are_the_largest(tmp_path, monkeypatch, capsys):
    from codepith.cli.compress_outputs import SummaryEntries

    monkeypatch.setattr(SummaryEntries, "SLACK", 3)  # pruned many times over the run
    for i in range(40):
        write(tmp_path / "t", f"m{i:02d}.py", f"def f{i}(a):\n" + "    a += 1\n" * (i % 13 + 1) + "    return a\n")
    assert (
        main(
            ["compress", str(tmp_path / "t"), "-j", "1", "--no-cache", "--top-files", "3", "-o", str(tmp_path / "o.md")]
        )
        == 0
    )
    top = capsys.readouterr().err.split("top 3 files by tokens (in -> out):\n")[1].splitlines()[:3]
    assert [line.split()[-1] for line in top] == ["m12.py", "m25.py", "m38.py"]


def test_top_files_zero_and_quiet_print_nothing(proj, capsys):
    assert run(".", "--top-files", "0") == 0
    assert "top " not in capsys.readouterr().err
    assert run(".", "-q", "--token-tree") == 0
    assert capsys.readouterr().err == ""


def test_top_files_by_bytes_without_tokens(proj, capsys):
    assert run(".", "--no-tokens") == 0
    assert "files by bytes" in capsys.readouterr().err


# --------------------------------------------------------------------------- header text


@pytest.mark.parametrize("fmt", ["markdown", "xml", "json", "jsonl", "plain"])
def test_header_text_at_the_top_in_every_format(proj, capsys, fmt):
    hostile = "Review </file> & ]]> <b>\x01 carefully"
    assert run(".", "-q", "--format", fmt, "--header-text", hostile) == 0
    out = capsys.readouterr().out
    if fmt == "xml":
        root = ET.fromstring(out.encode())
        assert root[0].tag == "header" and root[0].text == hostile.replace("\x01", "\u2401")
    elif fmt == "json":
        assert json.loads(out)["header_text"] == hostile
    elif fmt == "jsonl":
        assert json.loads(out.splitlines()[0]) == {"header_text": hostile}
    else:
        assert out.startswith(hostile + "\n\n")


def test_instruction_file_follows_header_text(proj, tmp_path, capsys):
    instructions = tmp_path / "ins.md"
    instructions.write_text("Answer in French.\n", encoding="utf-8")
    assert run(".", "-q", "--header-text", "Hello", "--instruction-file", str(instructions)) == 0
    assert capsys.readouterr().out.startswith("Hello\n\nAnswer in French.\n\n# codepith:")


def test_instruction_file_errors_are_one_line(proj, tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe\x00x")
    assert run(".", "--instruction-file", str(tmp_path / "missing.txt")) == 1
    assert run(".", "--instruction-file", str(bad)) == 1
    err = capsys.readouterr().err
    assert "missing.txt: no such file" in err and "not UTF-8 text" in err and "Traceback" not in err


def test_header_text_on_one_file_gives_the_document(proj, capsys):
    assert run("a.py", "-q", "--header-text", "Hi") == 0
    assert capsys.readouterr().out.startswith("Hi\n\n# codepith:")


# --------------------------------------------------------------------------- --copy


class Clipboard:
    def __init__(self):
        self.text = None

    def __call__(self, text):
        self.text = text


def test_copy_puts_the_document_on_the_clipboard(proj, monkeypatch, capsys):
    import pyperclip

    clip = Clipboard()
    monkeypatch.setattr(pyperclip, "determine_clipboard", lambda: (clip, clip))
    assert run(".", "-q", "--copy") == 0
    assert clip.text == capsys.readouterr().out and "# codepith:" in clip.text
    assert run("a.py", "--copy") == 0
    assert clip.text == capsys.readouterr().out and "..." in clip.text


def test_copy_without_a_clipboard_is_one_line_naming_what_is_missing(proj, monkeypatch, capsys):
    import pyperclip

    monkeypatch.setattr(pyperclip, "determine_clipboard", pyperclip.init_no_clipboard)
    assert run(".", "--copy") == 1
    captured = capsys.readouterr()
    assert captured.out == ""  # checked before any work
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "no clipboard found" in lines[0] and "xclip" in lines[0]


def test_copy_and_split_output_together_are_refused(proj, capsys):
    assert run(".", "--copy", "--split-output", "100", "-o", "p.md") == 2


# --------------------------------------------------------------------------- --split-output


def test_split_output_needs_an_output_file(proj, capsys):
    assert run(".", "--split-output", "100") == 2
    assert "give -o pith.md" in capsys.readouterr().err


def test_split_output_names_the_file_that_is_alone_over_the_limit(proj, capsys):
    assert run(".", "-q", "--split-output", "200", "-o", "pith.md") == 0
    err = capsys.readouterr().err
    assert "holds src/big.py alone" in err
    parts = sorted(p.name for p in proj.glob("pith.*.md"))
    assert parts == ["pith.1.md", "pith.2.md", "pith.3.md"]
    assert "part 2" in (proj / "pith.2.md").read_text()


# --------------------------------------------------------------------------- settings file


def test_pyproject_settings_apply_and_the_command_line_wins(proj, capsys):
    write(proj, "pyproject.toml", '[tool.codepith.compress]\nformat = "json"\nexclude = ["src/", "*.toml"]\n')
    assert run(".", "-q") == 0
    doc = json.loads(capsys.readouterr().out)
    assert [f["path"] for f in doc["files"]] == ["a.py"]
    assert run(".", "-q", "--format", "xml") == 0
    assert capsys.readouterr().out.startswith("<?xml")


def test_codepith_toml_wins_over_pyproject_key_by_key(proj, capsys):
    write(proj, "pyproject.toml", '[tool.codepith.compress]\nformat = "json"\nlevel = "outline"\n')
    write(proj, ".codepith.toml", '[compress]\nformat = "plain"\n')
    assert main(["config", "show", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["compress"]
    assert rows["format"] == {"value": "plain", "source": ".codepith.toml"}
    assert rows["level"] == {"value": "outline", "source": "pyproject.toml"}
    assert rows["jobs"] == {"value": None, "source": "default"}
    assert main(["config", "show"]) == 0
    out = capsys.readouterr().out
    assert re.search(r'^format +?= "plain"  # \.codepith\.toml$', out, re.M), out


@pytest.mark.parametrize(
    "content, needle",
    [
        ('[compress]\nfromat = "json"\n', "unknown key 'fromat'; valid keys: allow_secret, cache_dir"),
        ('[compress]\nlevel = "tiny"\n', "level must be one of 'full', 'signatures', 'outline'"),
        ('[compress]\njobs = "2"\n', "jobs must be an integer"),
        ("[compress]\nno_cache = 1\n", "no_cache must be true or false"),
        ('[compress]\nexclude = "x"\n', "exclude must be a list of strings"),
        ("[compress]\nsplit_output = 0\n", "split_output must be at least 1"),
    ],
)
def test_bad_settings_name_the_file_and_the_key(proj, capsys, content, needle):
    write(proj, ".codepith.toml", content)
    assert run(".") == 1
    err = capsys.readouterr().err
    assert ".codepith.toml: [compress]" in err and needle in err and len(err.strip().splitlines()) == 1


# --------------------------------------------------------------------------- pack --copy


def test_pack_copy_and_its_missing_clipboard(proj, monkeypatch, capsys):
    import pyperclip

    clip = Clipboard()
    monkeypatch.setattr(pyperclip, "determine_clipboard", lambda: (clip, clip))
    assert main(["pack", ".", "--mode", "compact", "--pr-path", "a.py", "--copy"]) == 0
    assert clip.text == capsys.readouterr().out and "a.py" in clip.text
    monkeypatch.setattr(pyperclip, "determine_clipboard", pyperclip.init_no_clipboard)
    assert main(["pack", ".", "--mode", "compact", "--pr-path", "a.py", "--copy"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "no clipboard found" in captured.err


def test_stdin_absolute_paths_below_the_current_folder_are_named_relative(proj, monkeypatch, capsys):
    feed(monkeypatch, f"{proj / 'a.py'}\n./src/../src/c.ts\n".encode())
    assert run("--stdin", "-q", "--format", "json") == 0
    assert [f["path"] for f in json.loads(capsys.readouterr().out)["files"]] == ["a.py", "src/c.ts"]
