"""codepith pack: the diff's text (role diff) and the PR's description (role
pr-description) in the pack, before the PR paths, under the budgets."""

import json
import subprocess
import sys

import pytest

from codepith import PackFailed, pack
from codepith.cli import main
from codepith.core.tokens import count_tokens
from codepith.errors import InvalidOption
from codepith.packer.audit import report
from codepith.packer.diffs import join_hunks, split_hunks
from codepith.packer.options import PackOptions

PACK = [sys.executable, "-m", "codepith", "pack"]
AWS_KEY = "AKIAIOSFODNN7EXAMPLE"
DESCRIPTION = "Fix the refund rounding.\n\nRefunds of odd cents were one cent short.\n"


def git(root, *args) -> str:
    done = subprocess.run(
        ["git", "-c", "user.email=t@t", "-c", "user.name=t", *args], cwd=root, check=True, capture_output=True
    )
    return done.stdout.decode("utf-8", "surrogateescape")


def lines(n: int, tag: str) -> str:
    return "".join(f"{tag}_{i} = {i}\n" for i in range(n))


@pytest.fixture
def repo(tmp_path):
    """A commit, then edits in the working tree: two hunks in one file, one
    in another, a new file added, a file deleted."""
    root = tmp_path / "repo"
    root.mkdir()
    (root / "a.py").write_text(lines(30, "a"))
    (root / "b.py").write_text(lines(5, "b"))
    (root / "gone.py").write_text("x = 1\n")
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-qm", "base")
    text = lines(30, "a").replace("a_2 = 2\n", "a_2 = 20\n").replace("a_27 = 27\n", "a_27 = 270\n")
    (root / "a.py").write_text(text)
    (root / "b.py").write_text(lines(5, "b").replace("b_1 = 1\n", "b_1 = 10\n"))
    (root / "gone.py").unlink()
    (root / "new.py").write_text("y = 2\n")
    git(root, "add", "new.py")
    return root


@pytest.fixture
def audit(tmp_path):
    return tmp_path / "audit.jsonl"


def git_diff(root) -> str:
    return git(root, "diff", "HEAD")


def by_role(result, role):
    return [i for i in result.items if i.role == role]


def json_files(result) -> list[dict]:
    return json.loads(result.output)["files"]


def test_the_diff_enters_exactly_as_git_prints_it(repo, audit):
    result = pack(repo, diff="HEAD", mode="compact", fmt="json", audit=audit)
    files = json_files(result)
    assert files[0] == {"path": "git diff HEAD", "content": git_diff(repo)}
    (item,) = by_role(result, "diff")
    assert (item.path, item.action, item.reason) == ("git diff HEAD", "inject", "budget-ok")
    assert item.bytes == len(git_diff(repo).encode()) and item.tokens == count_tokens(git_diff(repo))
    assert [f["path"] for f in files[1:]] == ["a.py", "b.py", "new.py"]  # the PR paths after it


def test_the_description_comes_first_then_the_diff_then_the_pr_paths(repo, audit):
    (repo / "AGENTS.md").write_text("# Agents\n")
    result = pack(
        repo,
        required=["AGENTS.md"],
        diff="HEAD",
        pr_description=DESCRIPTION,
        pr_paths=["b.py"],
        mode="compact",
        audit=audit,
    )
    out = result.output
    positions = [out.index(h) for h in ("## AGENTS.md", "## PR description", "## git diff HEAD", "## b.py", "## a.py")]
    assert positions == sorted(positions)
    assert f"## PR description\n\n```\n{DESCRIPTION}```\n" in out
    record = json.loads(audit.read_text().splitlines()[-1])
    roles = [(i["path"], i["role"], i["action"]) for i in record["items"] if i["action"] != "discard"]
    assert roles[:3] == [
        ("AGENTS.md", "required", "inject"),
        ("PR description", "pr-description", "inject"),
        ("git diff HEAD", "diff", "inject"),
    ]


def test_description_from_a_file_and_from_standard_input(repo, tmp_path, audit):
    described = tmp_path / "pr.md"
    described.write_text(DESCRIPTION)
    base = [*PACK, str(repo), "--mode", "compact", "--pr-path", "b.py", "--audit", str(audit)]
    from_file = subprocess.run([*base, "--pr-description", str(described)], capture_output=True, timeout=120)
    from_stdin = subprocess.run(
        [*base, "--pr-description", "-"], input=DESCRIPTION.encode(), capture_output=True, timeout=120
    )
    assert from_file.returncode == from_stdin.returncode == 0
    assert from_file.stdout == from_stdin.stdout
    assert from_file.stdout.decode().startswith(f"## PR description\n\n```\n{DESCRIPTION}```\n\n## b.py\n")
    records = [json.loads(line) for line in audit.read_text().splitlines()]
    for record in records:
        assert record["items"][0] == {
            "path": "PR description",
            "role": "pr-description",
            "action": "inject",
            "reason": "budget-ok",
            "bytes": len(DESCRIPTION),
            "tokens": count_tokens(DESCRIPTION),
            "out_bytes": len(f"## PR description\n\n```\n{DESCRIPTION}```\n\n"),
            "out_tokens": count_tokens(f"## PR description\n\n```\n{DESCRIPTION}```\n\n"),
        }


def test_a_missing_description_file_is_one_clear_error(repo, tmp_path, audit, capsys):
    missing = tmp_path / "nope.md"
    assert main(["pack", str(repo), "--mode", "compact", "--pr-description", str(missing), "--audit", str(audit)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    assert line.startswith("codepith: error: ") and "'--pr-description'" in line
    assert f"{missing}: no such file; give the file that holds the PR's description, or - to read it" in line
    assert not audit.exists() or audit.read_text() == ""


def test_the_library_takes_the_description_as_text():
    with pytest.raises(InvalidOption, match="takes the description's text") as info:
        PackOptions(mode="compact", pr_description=b"bytes")  # type: ignore[arg-type]
    assert info.value.parameter == "pr_description"


def test_both_count_in_the_budgets_exactly(repo, audit):
    full = pack(repo, diff="HEAD", pr_description=DESCRIPTION, mode="compact", write_audit=False)
    used = full.tokens_used
    assert used == count_tokens(full.output) and full.bytes_used == len(full.output.encode())
    assert sum(i.out_tokens or 0 for i in full.items) == used  # the markdown frame is empty
    assert all(i.action == "inject" for i in full.items if i.role != "pr-path" or i.reason != "deleted")
    exact = pack(
        repo, diff="HEAD", pr_description=DESCRIPTION, mode="compact", token_budget=used, byte_budget=None, audit=audit
    )
    assert exact.output == full.output
    short = pack(
        repo,
        diff="HEAD",
        pr_description=DESCRIPTION,
        mode="compact",
        token_budget=used - 1,
        byte_budget=None,
        audit=audit,
    )
    assert short.tokens_used <= used - 1 and short.output != full.output


def test_compact_drops_whole_hunks_of_the_diff_before_a_pr_path(repo, audit, capfdbinary):
    hunks = split_hunks(git_diff(repo))
    assert [(h.file, h.name) for h in hunks] == [
        ("a.py", "@@ -1,6 +1,6 @@"),
        ("a.py", "@@ -25,6 +25,6 @@"),
        ("b.py", "@@ -1,5 +1,5 @@"),
        ("gone.py", "@@ -1 +0,0 @@"),
        ("new.py", "@@ -0,0 +1 @@"),
    ]
    whole = pack(repo, diff="HEAD", mode="compact", fmt="json", write_audit=False)
    budget = whole.tokens_used - 30  # the whole diff does not fit; every PR path does, smallest
    argv = ["pack", str(repo), "--diff", "HEAD", "--mode", "compact", "--format", "json"]
    rc = main([*argv, "--token-budget", str(budget), "--audit", str(audit)])
    captured = capfdbinary.readouterr()
    out, err = json.loads(captured.out), captured.err.decode()
    assert rc == 0 and count_tokens(captured.out) <= budget
    record = json.loads(audit.read_text().splitlines()[-1])
    (item,) = [i for i in record["items"] if i["role"] == "diff"]
    assert item["action"] == "inject-trimmed" and item["reason"] == "trimmed:hunks"
    dropped = {(d["file"], d["hunk"]) for d in item["dropped_hunks"]}
    assert dropped and all(d["reason"] == "budget:tokens" for d in item["dropped_hunks"])
    kept = [h for h in hunks if (h.file, h.name) not in dropped]
    diff_file = out["files"][0]
    assert diff_file["path"] == f"git diff HEAD (trimmed: {len(dropped)} of 5 hunks left out)"
    assert diff_file["content"] == join_hunks(kept)  # whole hunks, each after its file's header
    assert [f["path"] for f in out["files"][1:]] == ["a.py", "b.py", "new.py"]  # no PR path dropped
    (line,) = [x for x in err.splitlines() if "git diff HEAD" in x]
    assert line.startswith(f"codepith: warning: git diff HEAD: {len(dropped)} of 5 hunks left out: budget:tokens (")
    first = next(h for h in hunks if (h.file, h.name) in dropped)
    assert f"{first.file} {first.name}" in line and "raise the budget" in line


def test_compact_drops_the_whole_diff_before_a_pr_path(repo, audit):
    paths = pack(repo, pr_paths=["a.py", "b.py", "new.py"], mode="compact", write_audit=False)
    budget = paths.tokens_used + 5  # every PR path fits whole; no hunk fits beside them
    result = pack(repo, diff="HEAD", mode="compact", token_budget=budget, byte_budget=None, audit=audit)
    items = {i.path: i for i in result.items}
    assert items["git diff HEAD"].action == "discard" and items["git diff HEAD"].reason == "budget:tokens"
    assert len(items["git diff HEAD"].dropped_hunks) == 5
    assert [items[p].action for p in ("a.py", "b.py", "new.py")] == ["inject"] * 3
    assert result.output == paths.output
    assert any(w.startswith("git diff HEAD does not fit: budget:tokens") for w in result.warnings)


def test_fail_closed_stops_when_the_diff_does_not_fit(repo, audit, capfdbinary):
    rc = main(
        ["pack", str(repo), "--diff", "HEAD", "--mode", "fail-closed", "--token-budget", "60", "--audit", str(audit)]
    )
    captured = capfdbinary.readouterr()
    err = captured.err.decode()
    assert rc == 2 and captured.out == b""
    (line,) = [x for x in err.splitlines() if x.startswith("codepith: error: ")]
    assert line.startswith("codepith: error: git diff HEAD does not fit: budget:tokens (whole it takes ")
    assert line.endswith(
        "; raise the budget; or --mode compact compresses what does not fit and skips what cannot enter, with a warning"
    )
    record = json.loads(audit.read_text().splitlines()[-1])
    assert record["status"] == "failed" and record["failure"].startswith("git diff HEAD does not fit")


def test_fail_closed_stops_when_the_description_does_not_fit(repo, audit):
    with pytest.raises(PackFailed, match="^PR description does not fit: budget:bytes") as info:
        pack(repo, pr_paths=["b.py"], pr_description="x" * 500, mode="fail-closed", byte_budget=200, audit=audit)
    assert info.value.result.status == "failed"
    done = pack(repo, pr_paths=["b.py"], pr_description="x" * 500, mode="compact", byte_budget=200, audit=audit)
    (item,) = by_role(done, "pr-description")
    assert (item.action, item.reason) == ("discard", "budget:bytes") and "x" * 500 not in done.output
    assert done.output.startswith("## b.py")


def test_a_diff_holding_a_secret_leaves_that_file_out(repo, audit, capfdbinary):
    (repo / "b.py").write_text(lines(5, "b") + f'KEY = "{AWS_KEY}"\n')
    rc = main(["pack", str(repo), "--diff", "HEAD", "--mode", "compact", "--audit", str(audit)])
    captured = capfdbinary.readouterr()
    out, err = captured.out.decode(), captured.err.decode()
    assert rc == 0 and AWS_KEY not in out
    assert "## git diff HEAD (trimmed: 1 of 5 hunks left out)" in out and "a_2 = 20" in out
    assert "diff --git a/b.py" not in out
    record = json.loads(audit.read_text().splitlines()[-1])
    items = {i["path"]: i for i in record["items"]}
    (dropped,) = items["git diff HEAD"]["dropped_hunks"]
    assert dropped["file"] == "b.py" and dropped["hunk"] == "@@ -3,3 +3,4 @@"
    assert dropped["reason"].startswith("skipped:secret (AWS Access Key on line ")
    assert "lines of the diff, in b.py; --allow-secret PATH lets this file in" in dropped["reason"]
    assert items["b.py"]["action"] == "discard" and items["b.py"]["reason"].startswith("skipped:secret")
    assert "codepith: warning: git diff HEAD: left out: the changes to b.py: skipped:secret (" in err
    (row,) = report(audit)  # the trimmed diff counts as injected
    assert row["injected_tokens"] == record["tokens_used"] and row["discards"] == 2
    allowed = pack(repo, diff="HEAD", mode="compact", allow_secrets=["b.py"], write_audit=False)
    assert AWS_KEY in allowed.output and not by_role(allowed, "diff")[0].dropped_hunks


def test_a_description_holding_a_secret_never_enters(repo, audit):
    text = f"Rotate the key {AWS_KEY}.\n"
    done = pack(repo, pr_paths=["b.py"], pr_description=text, mode="compact", audit=audit)
    (item,) = by_role(done, "pr-description")
    assert item.action == "discard" and item.reason.startswith("skipped:secret (AWS Access Key on line 1; remove it")
    assert AWS_KEY not in done.output and AWS_KEY not in audit.read_text()
    with pytest.raises(PackFailed, match="PR description: skipped:secret"):
        pack(repo, pr_paths=["b.py"], pr_description=text, mode="fail-closed", audit=audit)
    off = pack(repo, pr_paths=["b.py"], pr_description=text, mode="compact", security_check=False, audit=audit)
    assert AWS_KEY in off.output


def test_observe_prints_the_diff_whole_and_audits_the_trim(repo, audit):
    whole = pack(repo, diff="HEAD", mode="compact", write_audit=False)
    result = pack(repo, diff="HEAD", mode="observe", token_budget=whole.tokens_used - 30, byte_budget=None, audit=audit)
    assert result.status == "observed" and git_diff(repo) in result.output
    (item,) = by_role(result, "diff")
    assert item.printed and item.action == "inject-trimmed" and item.dropped_hunks


@pytest.mark.parametrize("text", ["", "not a diff\n", "diff --git a/x b/x\n", "@@ -1 +1 @@\n-a\n+b"])
def test_split_and_join_give_any_text_back(text):
    assert join_hunks(split_hunks(text)) == text


def test_names_git_quotes_are_read_back(tmp_path):
    root = tmp_path / "q"
    root.mkdir()
    (root / "caf\u00e9 x.py").write_text("a = 1\n")
    (root / "plain.bin").write_bytes(b"\0\1")
    (root / "old.txt").write_text("the same text, moved\n" * 5)
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-qm", "base")
    (root / "caf\u00e9 x.py").write_text("a = 2\n")
    (root / "plain.bin").write_bytes(b"\0\2")
    git(root, "mv", "old.txt", "new name.txt")
    text = git(root, "diff", "HEAD")
    hunks = split_hunks(text)
    assert [h.file for h in hunks] == ["caf\u00e9 x.py", "new name.txt", "plain.bin"]
    assert hunks[0].name == "@@ -1 +1 @@" and '"a/caf\\303\\251 x.py"' in hunks[0].head
    assert hunks[1].name == "rename to new name.txt" and hunks[1].text == ""
    assert hunks[2].name.startswith("Binary files") and join_hunks(hunks) == text


def test_the_mcp_pack_tool_takes_the_diff_and_the_description(mcp_project):
    from helpers import run, server

    git(mcp_project, "init", "-q")
    git(mcp_project, "add", ".")
    git(mcp_project, "commit", "-qm", "base")
    with (mcp_project / "billing.py").open("a") as f:
        f.write("\n\ndef refund_all():\n    return []\n")
    expected = git_diff(mcp_project)

    async def main():
        async with server(mcp_project) as c:
            summary, text = await c.text("pack_context", diff="HEAD", pr_description=DESCRIPTION, format="json")
            files = json.loads(text)["files"]
            assert [f["path"] for f in files] == ["PR description", "git diff HEAD", "billing.py"]
            assert files[0]["content"] == DESCRIPTION and files[1]["content"] == expected
            assert [i["role"] for i in summary["items"]] == ["pr-description", "diff", "pr-path"]
            summary, text = await c.text("pack_context", diff="HEAD", token_budget=40, byte_budget=None)
            (item,) = [i for i in summary["items"] if i["role"] == "diff"]
            assert item["action"] == "discard" and item["dropped_hunks"][0]["file"] == "billing.py"

    run(main)
