"""``codepith compress`` options repomix users expect: the git diff and log
as sections, files ordered by git changes, blank lines removed, a token
budget, ``.codepithignore``, ``-c/--config`` and ``config init``."""

import json
import os
import re
import subprocess
import xml.etree.ElementTree as ET

import pytest

import codepith
from codepith.cli import main
from codepith.cli.compress_inputs import COMPRESS_KEYS
from codepith.core.discover import walk
from helpers import write

GIT_ENV = {
    "GIT_AUTHOR_NAME": "Test",
    "GIT_AUTHOR_EMAIL": "test@example.com",
    "GIT_COMMITTER_NAME": "Test",
    "GIT_COMMITTER_EMAIL": "test@example.com",
    "GIT_CONFIG_NOSYSTEM": "1",
}
TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"


def git(root, *args):
    env = {**os.environ, **GIT_ENV, "HOME": str(root)}  # no user config of the machine
    subprocess.run(
        ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false", *args],
        cwd=root,
        env=env,
        check=True,
        capture_output=True,
    )


def commit(root, message):
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", message)


@pytest.fixture
def repo(tmp_path, monkeypatch):
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q")
    write(root, "a.py", "def a():\n    return 1\n")
    write(root, "b.py", "def b():\n    return 1\n")
    write(root, "c.py", "def c():\n    return 1\n")
    commit(root, "first")
    monkeypatch.chdir(root)
    return root


@pytest.fixture
def plain_folder(tmp_path, monkeypatch):
    root = tmp_path / "plain"
    write(root, "a.py", "def a():\n    return 1\n")
    monkeypatch.chdir(root)
    return root


def run(*args):
    return main(["compress", "--no-cache", "-j", "1", "-q", *args])


# --------------------------------------------------------------------------- --include-diff, --include-log


HOSTILE = "```\n]]> <x> & </git_diff>\n"


def test_diff_section_holds_the_working_tree_changes_in_every_format(repo, capsys):
    write(repo, "a.py", "def a():\n    return 2\n" + "# " + HOSTILE)  # unstaged
    write(repo, "new.py", "x = 1\n")
    git(repo, "add", "new.py")  # staged
    assert run(".", "--include-diff") == 0
    md = capsys.readouterr().out
    section = md.split("## Git diff (working tree against HEAD)\n\n", 1)[1]
    fence = re.match(r"(`{4,})diff\n", section).group(1)  # longer than the ``` the diff holds
    body = section[len(fence) + 5 :].split("\n" + fence + "\n", 1)[0]
    assert "+# ```" in body and "+x = 1" in body and "-    return 1" in body
    assert md.index("## Git diff") < md.index("## a.py")

    assert run(".", "--include-diff", "--format", "xml") == 0
    root = ET.fromstring(capsys.readouterr().out.encode())
    diff = root.find("git_diff").text
    assert "+# ```\n+]]> <x> & </git_diff>\n" in diff and "+x = 1" in diff

    assert run(".", "--include-diff", "--format", "json") == 0
    (section,) = json.loads(capsys.readouterr().out)["sections"]
    assert section["name"] == "git_diff" and diff == section["text"] and section["notes"] == []

    assert run(".", "--include-diff", "--format", "jsonl") == 0
    first = json.loads(capsys.readouterr().out.splitlines()[0])
    assert first["section"] == "git_diff" and first["text"] == diff

    assert run(".", "--include-diff", "--format", "plain") == 0
    assert "+]]> <x> & </git_diff>" in capsys.readouterr().out


def test_a_diff_holding_a_secret_leaves_that_file_out_and_says_so(repo, capsys):
    write(repo, "a.py", f'def a():\n    return "{TOKEN}"\n')
    write(repo, "b.py", "def b():\n    return 2\n")
    assert run(".", "--include-diff", "--allow-secret", "a.py", "--format", "json") == 0
    # --allow-secret lets the file and its diff in
    assert TOKEN in json.loads(capsys.readouterr().out)["sections"][0]["text"]
    for fmt in ("markdown", "xml", "json", "plain"):
        assert run(".", "--include-diff", "--format", fmt) == 0
        captured = capsys.readouterr()
        assert TOKEN not in captured.out and TOKEN not in captured.err
        assert "+    return 2" in captured.out  # the other file's diff is there
        assert "a.py: its diff holds a secret (lines counted in its diff: GitHub Token on line" in captured.out
        assert "codepith: secret: git diff: a.py: its diff holds a secret" in captured.err


def test_a_diff_past_max_file_bytes_names_the_files_left_out(repo, capsys):
    write(repo, "a.py", "def a():\n    return 2\n")
    write(repo, "b.py", "def b():\n    return 2\n" + "# long line\n" * 40)
    assert run(".", "--include-diff", "--max-file-bytes", "400", "--format", "json") == 0
    (section,) = json.loads(capsys.readouterr().out)["sections"]
    assert "+    return 2" in section["text"] and "b.py" not in section["text"]
    assert section["notes"] == [
        "the diff is longer than --max-file-bytes 400: the files from b.py on are left out; "
        "raise --max-file-bytes to see them"
    ]


def test_a_repository_without_commits_diffs_against_nothing(tmp_path, monkeypatch, capsys):
    root = tmp_path / "fresh"
    root.mkdir()
    git(root, "init", "-q")
    write(root, "a.py", "x = 1\n")
    git(root, "add", "a.py")
    monkeypatch.chdir(root)
    assert run(".", "--include-diff", "--format", "json") == 0
    assert "+x = 1" in json.loads(capsys.readouterr().out)["sections"][0]["text"]


def test_log_section_lists_the_last_commits_newest_first(repo, capsys):
    write(repo, "a.py", "def a():\n    return 2\n")
    commit(repo, "second <&> ```")
    write(repo, "a.py", "def a():\n    return 3\n")
    commit(repo, f"third {TOKEN}")
    assert run(".", "--include-log", "2", "--format", "json") == 0
    (section,) = json.loads(capsys.readouterr().out)["sections"]
    lines = section["text"].splitlines()
    assert section["name"] == "git_log" and len(lines) == 2
    assert re.fullmatch(r"[0-9a-f]{7,} \d{4}-\d\d-\d\d \[subject left out: it holds a secret\]", lines[0])
    assert re.fullmatch(r"[0-9a-f]{7,} \d{4}-\d\d-\d\d second <&> ```", lines[1])
    assert run(".", "--include-log", "5", "--format", "xml") == 0
    log = ET.fromstring(capsys.readouterr().out.encode()).find("git_log").text
    assert log.splitlines()[1].endswith("second <&> ```") and log.splitlines()[2].endswith("first")


def test_outside_git_the_sections_are_a_warning_and_the_run_goes_on(plain_folder, capsys):
    assert run(".", "--include-diff", "--include-log", "3", "--format", "json") == 0
    captured = capsys.readouterr()
    assert "sections" not in json.loads(captured.out)
    assert "codepith: warning: no git diff or git log section: . is not in a git repository" in captured.err


# --------------------------------------------------------------------------- --sort changes


def test_sort_changes_puts_the_most_changed_files_last(repo, capsys):
    for n in range(3):
        write(repo, "a.py", f"def a():\n    return {n + 2}\n")
        if n == 0:
            write(repo, "c.py", "def c():\n    return 2\n")
            write(repo, "e.py", "def e():\n    return 2\n")
        commit(repo, f"change {n}")
    write(repo, "d.py", "x = 1\n")  # never committed: no change counted
    assert run(".", "--sort", "changes", "--format", "json") == 0
    order = [f["path"] for f in json.loads(capsys.readouterr().out)["files"]]
    # d never changed, b and e once (a tie keeps path order), c twice, a four times
    assert order == ["d.py", "b.py", "e.py", "c.py", "a.py"]
    assert run(".", "--format", "json") == 0  # the default stays path order
    assert [f["path"] for f in json.loads(capsys.readouterr().out)["files"]] == sorted(order)
    results = codepith.compress_tree(".", sort="changes", cache=False, jobs=1, timeout=0)
    assert [r.path for r in results] == [".git", "d.py", "b.py", "e.py", "c.py", "a.py"]


def test_sort_changes_outside_git_keeps_path_order_with_a_warning(plain_folder, capsys):
    write(plain_folder, "b.py", "x = 1\n")
    assert run(".", "--sort", "changes", "--format", "json") == 0
    captured = capsys.readouterr()
    assert [f["path"] for f in json.loads(captured.out)["files"]] == ["a.py", "b.py"]
    assert "codepith: warning: --sort changes: . is not in a git repository; files stay in path order" in captured.err


# --------------------------------------------------------------------------- --remove-empty-lines


SPACED = 'import os\n\n\ndef f(a):\n    """Doc.\n\n    More."""\n\n    return a\n\n\nX = """\n\n"""\n'


def test_remove_empty_lines_keeps_docstrings_and_strings(plain_folder, capsys):
    write(plain_folder, "a.py", SPACED)
    assert run(".", "--format", "json") == 0
    before = json.loads(capsys.readouterr().out)["files"][0]
    assert run(".", "--format", "json", "--remove-empty-lines") == 0
    after = json.loads(capsys.readouterr().out)["files"][0]
    assert after["text"] == 'import os\ndef f(a):\n    """Doc.\n\n    More."""\n    ...\nX = """\n\n"""\n'
    assert after["valid"] is True
    assert after["bytes_out"] == len(after["text"]) < before["bytes_out"]
    assert after["tokens_out"] == codepith.count_tokens(after["text"])


# --------------------------------------------------------------------------- --token-budget


def test_over_the_token_budget_nothing_is_written_and_the_exit_code_is_2(plain_folder, tmp_path, capsys):
    out, report = tmp_path / "pith.md", tmp_path / "report.json"
    assert run(".", "--token-budget", "5", "-o", str(out), "--report", str(report)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert re.fullmatch(
        r"codepith: error: the document is (\d+) tokens \(o200k_base\), over --token-budget 5; nothing was "
        r"written: try --level outline, --remove-empty-lines, --include/--exclude to narrow it or a "
        r"--token-budget of at least \1",
        err[0],
    )
    assert not out.exists()
    assert json.loads(report.read_text())["files"][0]["path"] == "a.py"  # the report says what was in it
    assert run(".", "--token-budget", "5") == 2
    assert capsys.readouterr().out == ""


def test_within_the_token_budget_the_document_is_written(plain_folder, tmp_path, capsys):
    out = tmp_path / "pith.md"
    assert run(".", "-o", str(out)) == 0
    text = out.read_text()
    size = codepith.count_tokens(text)
    out.unlink()
    assert run(".", "--token-budget", str(size), "-o", str(out)) == 0
    assert out.read_text() == text
    assert run(".", "--token-budget", str(size - 1), "-o", str(out)) == 2  # exact: one token less fails
    assert run(".", "--token-budget", str(size)) == 0
    assert capsys.readouterr().out == text


def test_token_budget_and_split_output_are_refused_together(plain_folder, tmp_path, capsys):
    assert run(".", "--token-budget", "100", "--split-output", "50", "-o", str(tmp_path / "p.md")) == 2
    assert "--token-budget limits one document" in capsys.readouterr().err


# --------------------------------------------------------------------------- .codepithignore


def test_codepithignore_at_every_level_even_without_gitignore(plain_folder, tmp_path, capsys):
    write(plain_folder, ".codepithignore", "*.gen.py\nsub/keep_out/\n")
    write(plain_folder, "x.gen.py", "x = 1\n")
    write(plain_folder, "sub/.codepithignore", "local.py\n!y.gen.py\n")
    write(plain_folder, "sub/local.py", "x = 1\n")
    write(plain_folder, "sub/y.gen.py", "x = 1\n")
    write(plain_folder, "sub/keep_out/z.py", "x = 1\n")
    write(plain_folder, ".gitignore", "a.py\n")
    report = tmp_path / "r.json"
    for flags in ([], ["--no-gitignore"]):
        assert run(".", "--report", str(report), *flags) == 0
        actions = {f["path"]: f["action"] for f in json.loads(report.read_text())["files"]}
        assert actions["x.gen.py"] == "ignored:.codepithignore:*.gen.py"
        assert actions["sub/local.py"] == "ignored:sub/.codepithignore:local.py"
        assert actions["sub/keep_out"] == "ignored:.codepithignore:sub/keep_out/"
        assert actions["sub/y.gen.py"] == "compressed"  # a deeper "!" rule brings it back
        expected = "compressed" if flags else "ignored:.gitignore:a.py"
        assert actions["a.py"] == expected
        assert "[ignored:.codepithignore:*.gen.py]" in capsys.readouterr().out  # the tree says so too
    # the walk every command shares (map, pack) honours it
    paths = {e.path: e.action for e in walk(plain_folder, gitignore=False) if hasattr(e, "action")}
    assert paths["x.gen.py"] == "ignored:.codepithignore:*.gen.py"


# --------------------------------------------------------------------------- -c/--config, config init


def test_config_option_reads_that_file_instead_of_the_folders(plain_folder, tmp_path, capsys):
    write(plain_folder, ".codepith.toml", '[compress]\nformat = "xml"\n')
    other = write(tmp_path, "ci.toml", '[compress]\nformat = "json"\nremove_empty_lines = true\n')
    assert run(".", "-c", str(other)) == 0
    json.loads(capsys.readouterr().out)
    assert main(["config", "show", "--json", "--config", str(other)]) == 0
    rows = json.loads(capsys.readouterr().out)["compress"]
    assert rows["format"] == {"value": "json", "source": str(other)}
    assert rows["remove_empty_lines"]["value"] is True and rows["level"]["source"] == "default"
    project = write(tmp_path, "p/pyproject.toml", '[tool.codepith.compress]\nformat = "plain"\n')
    assert run(".", "--config", str(project)) == 0
    assert capsys.readouterr().out.startswith("codepith: ")


@pytest.mark.parametrize(
    "content, needle",
    [
        (None, "--config {path}: no such file; give the path of a .codepith.toml or pyproject.toml"),
        ("[compress\n", "{path}: cannot read it as TOML ("),
        ('[compress]\nsort = "size"\n', "{path}: [compress] sort must be one of 'path', 'changes'"),
        ("[compress]\ninclude_log = -1\n", "{path}: [compress] include_log must be at least 0"),
    ],
)
def test_a_missing_or_bad_config_file_is_one_error_naming_it(plain_folder, tmp_path, capsys, content, needle):
    path = tmp_path / "conf.toml"
    if content is not None:
        path.write_text(content)
    assert run(".", "-c", str(path)) == 1
    err = capsys.readouterr().err
    assert needle.format(path=path) in err and len(err.strip().splitlines()) == 1


def test_config_init_writes_every_key_at_its_default_and_show_reads_it_back(plain_folder, capsys):
    assert main(["config", "show", "--json"]) == 0
    defaults = json.loads(capsys.readouterr().out)["compress"]
    assert main(["config", "init"]) == 0
    text = (plain_folder / ".codepith.toml").read_text()
    _head, table, *rest = text.split("\n\n")
    assert table == "[compress]"
    blocks = [block.splitlines() for block in rest]
    # each key, set or commented out, after the explanation of its option
    assert all(block[0].startswith("# --") for block in blocks)
    assert [re.match(r"(?:# )?(\w+) = ", block[-1]).group(1) for block in blocks] == list(COMPRESS_KEYS)
    assert main(["config", "show", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)["compress"]
    assert {k: v["value"] for k, v in shown.items()} == {k: v["value"] for k, v in defaults.items()}
    assert {v["source"] for k, v in shown.items() if v["value"] is not None} == {".codepith.toml"}
    assert run(".") == 0  # a run reads it as it is


def test_config_init_refuses_to_overwrite_unless_forced(plain_folder, capsys):
    write(plain_folder, ".codepith.toml", "# mine\n")
    assert main(["config", "init"]) == 1
    assert "codepith: error: .codepith.toml: the file exists; --force overwrites it" in capsys.readouterr().err
    assert (plain_folder / ".codepith.toml").read_text() == "# mine\n"
    assert main(["config", "init", "--force"]) == 0
    assert "[compress]" in (plain_folder / ".codepith.toml").read_text()
    assert main(["config", "init", "other.toml"]) == 0
    assert (plain_folder / "other.toml").read_text() == (plain_folder / ".codepith.toml").read_text()


def test_every_new_option_is_in_help_and_in_the_settings_keys(capsys):
    assert main(["compress", "--help"]) == 0
    shown = capsys.readouterr().out
    for flag in ("--include-diff", "--include-log", "--sort", "--remove-empty-lines", "--token-budget", "--config"):
        assert flag in shown
    for key in ("include_diff", "include_log", "sort", "remove_empty_lines", "token_budget"):
        assert key in COMPRESS_KEYS
