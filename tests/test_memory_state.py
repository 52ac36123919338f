"""Project memory's own files: never written or read through a link, never committed, never blocking."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from codepith.cli import main
from codepith.core.discover import Candidate
from codepith.fs.safeio import UnsafeStatePath
from codepith.memory.index import START_MARKER
from codepith.memory.recall import recall
from codepith.memory.rules import build_rules
from codepith.memory.symbols import load_index
from helpers import run_hook
from memory_trees import PROJECT, make_tree

RC = "export PATH=/usr/bin\n"


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "repo"
    make_tree(root, PROJECT)
    return root


@pytest.fixture
def rc(tmp_path):
    """A file outside the project that a planted link points at (a shell's rc file)."""
    home = tmp_path / "home"
    home.mkdir()
    path = home / ".bashrc"
    path.write_text(RC)
    return path


def untouched(rc) -> bool:
    return rc.read_text() == RC and sorted(p.name for p in rc.parent.iterdir()) == [".bashrc"]


# --------------------------------------------------------------------------- links


@pytest.mark.parametrize(
    "planted", [".codepith", ".codepith/recall.sqlite", ".codepith/recall.sqlite-journal", ".codepith/usage.jsonl"]
)
def test_recall_never_writes_through_a_planted_link(project, rc, capsys, planted):
    if planted == ".codepith":
        (project / ".codepith").symlink_to(rc.parent)
    else:
        (project / ".codepith").mkdir()
        (project / planted).symlink_to(rc)
    assert main(["recall", "shopping cart", "--root", str(project)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("codepith: error: ") and "symlink" in err
    assert "remove the link" in err and "Traceback" not in err
    assert untouched(rc)


def test_the_symbol_index_refuses_a_symlinked_state_folder(project, rc):
    (project / ".codepith").symlink_to(rc.parent)
    with pytest.raises(UnsafeStatePath, match="symlink"):
        load_index(project)
    assert untouched(rc)
    assert load_index(project, cache=False).files  # without the cache nothing is touched


def test_the_hook_injects_nothing_and_exits_0_on_a_symlinked_state_folder(project, rc, monkeypatch, capsysbinary):
    (project / ".codepith").symlink_to(rc.parent)
    payload = json.dumps({"prompt": "shopping cart", "cwd": str(project)}).encode()
    code, out, err = run_hook(monkeypatch, capsysbinary, payload)
    assert (code, out) == (0, "")
    assert err.startswith("codepith hook: nothing injected:") and "symlink" in err and err.count("\n") == 1
    assert untouched(rc)


@pytest.mark.parametrize("planted", [".claude", ".claude/rules", ".claude/rules/codepith-src-shop.md"])
def test_rules_build_never_writes_through_a_planted_link(project, rc, capsys, planted):
    if planted == ".claude/rules/codepith-src-shop.md":
        (project / ".claude" / "rules").mkdir(parents=True)
    elif planted == ".claude/rules":
        (project / ".claude").mkdir()
    if planted.endswith(".md"):
        (project / planted).symlink_to(rc)
    else:
        (project / planted).symlink_to(rc.parent)
    assert main(["rules", "build", str(project)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "symlink" in err and str(project / planted) in err
    with pytest.raises(UnsafeStatePath):
        build_rules(project, dry_run=True)
    assert untouched(rc)


def test_rules_build_removes_only_its_own_files_in_a_real_folder(project):
    assert [r.action for r in build_rules(project)] == ["written"] * len(build_rules(project, dry_run=True))
    rules = project / ".claude" / "rules"
    (rules / "codepith-gone.md").write_text((rules / "codepith-src-shop.md").read_text())
    (rules / "mine.md").write_text("# mine\n")
    actions = {r.path: r.action for r in build_rules(project)}
    assert actions[".claude/rules/codepith-gone.md"] == "removed"
    assert not (rules / "codepith-gone.md").exists() and (rules / "mine.md").exists()


def test_index_write_follows_a_link_only_inside_the_root(project, rc, capsys):
    (project / "AGENTS.md").write_text("# Agents\n")
    (project / "CLAUDE.md").symlink_to("AGENTS.md")  # a common layout: one file, two names
    assert main(["index", str(project), "--write", str(project / "CLAUDE.md")]) == 0
    assert (project / "CLAUDE.md").is_symlink()
    assert (project / "AGENTS.md").read_text().startswith("# Agents\n\n" + START_MARKER)
    capsys.readouterr()
    (project / "AGENTS.md").unlink()
    (project / "AGENTS.md").symlink_to(rc)  # a repository that points it at a shell's rc file
    assert main(["index", str(project), "--write", str(project / "AGENTS.md")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "outside the project root" in err and str(rc) in err
    assert untouched(rc)


def test_index_write_to_a_fifo_never_blocks(project, capsys, hang_guard):
    os.mkfifo(project / "AGENTS.md")
    assert main(["index", str(project), "--write", str(project / "AGENTS.md")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "regular file" in err


# --------------------------------------------------------------------------- git


def test_recall_and_pack_state_never_reaches_git(project):
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    assert recall(project, "shopping cart", budget=300).text
    assert (
        main(["pack", str(project), "--mode", "compact", "--required", "src/shop/cart.py", "--byte-budget", "100000"])
        == 0
    )
    assert (project / ".codepith" / "usage.jsonl").exists() and (project / ".codepith" / "recall.sqlite").exists()
    assert (project / ".codepith" / "context-audit.jsonl").exists()
    subprocess.run(["git", "-C", str(project), "add", "-A"], check=True)
    staged = subprocess.run(
        ["git", "-C", str(project), "diff", "--cached", "--name-only"], check=True, capture_output=True, text=True
    ).stdout.split()
    assert staged and not [p for p in staged if p.startswith(".codepith")]


def test_pack_never_appends_its_audit_through_a_planted_link(project, rc, capsys):
    (project / ".codepith").mkdir()
    (project / ".codepith" / "context-audit.jsonl").symlink_to(rc)
    assert (
        main(["pack", str(project), "--mode", "compact", "--required", "src/shop/cart.py", "--byte-budget", "100000"])
        != 0
    )
    err = capsys.readouterr().err
    assert "context-audit.jsonl" in err and "symlink" in err and "Traceback" not in err
    assert untouched(rc)


# --------------------------------------------------------------------------- FIFOs


def test_a_source_swapped_for_a_fifo_never_blocks_the_symbol_index(project, monkeypatch, hang_guard):
    import codepith.memory.symbols as symbols

    os.mkfifo(project / "src" / "swapped.py")
    real_walk = symbols.walk

    def walk(root, **kwargs):  # the walk saw a regular file; it is a FIFO by the time it is read
        yield from real_walk(root, **kwargs)
        yield Candidate("src/swapped.py", str(project / "src" / "swapped.py"), 10)

    monkeypatch.setattr(symbols, "walk", walk)
    index = load_index(project)
    assert "src/swapped.py" not in index.files and "src/shop/cart.py" in index.files
    assert any("src/swapped.py" in w and "not a regular file" in w for w in index.warnings)


def test_a_rule_file_swapped_for_a_fifo_never_blocks_rules_which(project, hang_guard):
    from codepith.memory.rules import rule_files

    (project / ".claude" / "rules").mkdir(parents=True)
    os.mkfifo(project / ".claude" / "rules" / "fifo.md")
    # the walk listed it as a file; it is a FIFO by the time it is read
    [rule] = rule_files(project, [".claude/rules/fifo.md"])
    assert rule.manual and "unreadable" in rule.warnings[0] and "regular file" in rule.warnings[0]


# --------------------------------------------------------------------------- hostile hook input


@pytest.mark.parametrize(
    "stdin",
    [
        b'{"prompt": "caf\xe9 shopping cart", "cwd": "%s"}',  # not UTF-8
        b'{"prompt": "n\\udce9 shopping cart", "cwd": "%s"}',  # a lone surrogate
    ],
)
def test_the_hook_survives_prompts_that_are_not_valid_unicode(project, monkeypatch, capsysbinary, stdin):
    payload = stdin.replace(b"%s", str(project).encode())
    for args in ((), ("--log-prompts",)):
        code, out, err = run_hook(monkeypatch, capsysbinary, payload, *args)
        assert code == 0 and "Traceback" not in err and err == ""
        assert out.startswith("# codepith recall")
    lines = (project / ".codepith" / "usage.jsonl").read_bytes().splitlines()
    assert len(lines) == 2
    for line in lines:
        line.decode("utf-8")  # valid UTF-8 on disk
        assert json.loads(line)["source"] == "hook"


def test_the_hook_survives_a_cwd_that_is_gone_or_a_file(project, tmp_path, monkeypatch, capsysbinary):
    (tmp_path / "a-file").write_text("x")
    for cwd in (str(tmp_path / "gone"), str(tmp_path / "a-file")):
        payload = json.dumps({"prompt": "shopping cart", "cwd": cwd}).encode()
        code, out, err = run_hook(monkeypatch, capsysbinary, payload)
        assert (code, out) == (0, "") and "is not a folder" in err and err.count("\n") == 1
    gone = tmp_path / "deleted"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()  # the hook's own working directory no longer exists
    code, out, err = run_hook(monkeypatch, capsysbinary, b'{"prompt": "shopping cart"}')
    assert (code, out) == (0, "") and err.startswith("codepith hook: nothing injected:")


def test_recall_in_a_deleted_working_directory_is_one_line(tmp_path, monkeypatch, capsys):
    gone = tmp_path / "deleted"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    assert main(["recall", "shopping cart"]) in (1, 2)
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.strip().count("\n") <= 2


def test_recall_takes_a_query_that_is_not_valid_unicode(project, capsysbinary):
    # a non-UTF-8 argument reaches Python as a lone surrogate
    assert main(["recall", "n\udce9 shopping cart", "--root", str(project), "--log-prompts"]) == 0
    assert capsysbinary.readouterr().out.startswith(b"# codepith recall")
    line = (project / ".codepith" / "usage.jsonl").read_bytes()
    line.decode("utf-8")
    assert json.loads(line)["query"] == "n\udce9 shopping cart"
