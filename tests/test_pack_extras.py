"""codepith pack: --diff, --deps, profiles, and codepith audit show/outcome/report."""

import json
import subprocess
import sys

import pytest

from codepith import CodepithError, PackFailed, compress_tree, pack
from codepith.cli import main
from codepith.errors import InvalidOption
from codepith.fs.config import load_profile
from codepith.packer.audit import read_events, record_outcome, report
from codepith.render.packs import markdown_block


def git(root, *args):
    subprocess.run(
        ["git", "-c", "user.email=t@t", "-c", "user.name=t", *args], cwd=root, check=True, capture_output=True
    )


@pytest.fixture
def repo(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    (root / "keep.py").write_text("def keep():\n    return 1\n")
    (root / "gone.py").write_text("def gone():\n    return 2\n")
    (root / "AGENTS.md").write_text("# Agents\nRun the tests.\n")
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-qm", "base")
    (root / "keep.py").write_text("def keep():\n    return 10\n")
    (root / "gone.py").unlink()
    (root / "new.py").write_text("x = 1\n")
    git(root, "add", "new.py")
    return root


def items(result):
    return {i.path: (i.role, i.action, i.reason) for i in result.items}


def test_diff_adds_changed_paths_and_reports_deleted_ones_unread(repo, tmp_path):
    result = pack(repo, diff="HEAD", mode="compact", audit=tmp_path / "a.jsonl")
    got = items(result)
    assert got["keep.py"] == ("pr-path", "inject", "budget-ok")
    assert got["new.py"] == ("pr-path", "inject", "budget-ok")
    assert got["gone.py"] == ("pr-path", "discard", "deleted")
    assert "return 10" in result.output and "## gone.py" not in result.output  # not read: no block of its own
    assert "deleted file mode 100644\n" in result.output and "-def gone():\n" in result.output  # the diff says so


def test_diff_with_a_bad_revision_is_an_error(repo, tmp_path, capsys):
    with pytest.raises(InvalidOption, match="no-such-rev") as info:
        pack(repo, diff="no-such-rev", mode="compact", audit=tmp_path / "a.jsonl")
    assert info.value.parameter == "diff" and "--diff" not in str(info.value)
    capsys.readouterr()
    assert main(["pack", str(repo), "--diff", "no-such-rev", "--mode", "compact"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("codepith: error: ") and "'--diff'" in err and "no-such-rev" in err


def test_deps_enter_after_the_pr_paths_compressed(tmp_path):
    root = tmp_path / "r"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "app.py").write_text("from pkg import util\nfrom . import models\n\ndef main():\n    return 1\n")
    (root / "pkg" / "util.py").write_text("def helper(x):\n    y = x * 2\n    z = y + 1\n    return z\n")
    (root / "pkg" / "models.py").write_text(
        "class M:\n    def save(self):\n        self.saved = True\n        return self\n"
    )
    result = pack(root, pr_paths=["pkg/app.py"], deps=True, mode="compact", audit=tmp_path / "a.jsonl")
    got = items(result)
    assert list(got) == ["pkg/app.py", "pkg/util.py", "pkg/models.py"]
    assert got["pkg/util.py"] == ("dependency-of:pkg/app.py", "inject-compressed", "compressed:signatures")
    assert "y = x * 2" not in result.output and "def helper(x):" in result.output
    whole = pack(
        root, pr_paths=["pkg/app.py"], deps=True, deps_level="full", mode="compact", audit=tmp_path / "a.jsonl"
    )
    assert items(whole)["pkg/util.py"][1] == "inject" and "y = x * 2" in whole.output


def test_deps_in_fail_closed_mode_must_fit(tmp_path):
    root = tmp_path / "r"
    root.mkdir()
    (root / "a.py").write_text("import b\n")
    (root / "b.py").write_text("def b():\n    return 1\n" * 50)
    with pytest.raises(PackFailed, match="b.py"):
        pack(root, pr_paths=["a.py"], deps=True, mode="fail-closed", byte_budget=60, audit=tmp_path / "a.jsonl")


def test_profile_supplies_settings_and_options_override(tmp_path):
    root = tmp_path / "r"
    root.mkdir()
    (root / "AGENTS.md").write_text("# Agents\n")
    (root / "a.py").write_text("x = 1\n")
    (root / "pyproject.toml").write_text(
        '[tool.codepith.profiles.review]\nrequired = ["AGENTS.md"]\nmode = "fail-closed"\nbyte_budget = 4\n'
    )
    assert load_profile(root, "review")["mode"] == "fail-closed"
    audit = tmp_path / "a.jsonl"
    # the profile's tiny budget stops the run...
    assert main(["pack", str(root), "--profile", "review", "--audit", str(audit)]) == 2
    # ...and a command-line budget overrides it
    assert (
        main(
            [
                "pack",
                str(root),
                "--profile",
                "review",
                "--byte-budget",
                "4096",
                "--pr-path",
                "a.py",
                "--audit",
                str(audit),
            ]
        )
        == 0
    )
    last = list(read_events(audit))[-1]
    assert last["status"] == "packed" and last["mode"] == "fail-closed"
    assert [i["path"] for i in last["items"]] == ["AGENTS.md", "a.py"]


def test_codepith_toml_wins_and_unknown_profiles_and_keys_are_named(tmp_path):
    (tmp_path / ".codepith.toml").write_text('[profiles.fix]\nmode = "compact"\n')
    (tmp_path / "pyproject.toml").write_text('[tool.codepith.profiles.fix]\nmode = "observe"\n')
    assert load_profile(tmp_path, "fix")["mode"] == "compact"
    with pytest.raises(CodepithError, match="profiles: fix"):
        load_profile(tmp_path, "nope")
    (tmp_path / ".codepith.toml").write_text("[profiles.bad]\nbudget = 3\n")
    with pytest.raises(CodepithError, match="unknown key 'budget'"):
        load_profile(tmp_path, "bad")


def test_observe_profile_prints_whole_files(tmp_path):
    root = tmp_path / "r"
    root.mkdir()
    body = "".join(f"def f{i}(x):\n    y = x + {i}\n    return y * 2\n\n" for i in range(40))
    (root / "big.py").write_text(body)
    (root / ".codepith.toml").write_text('[profiles.watch]\nmode = "observe"\nbyte_budget = 600\n')
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "codepith",
            "pack",
            str(root),
            "--profile",
            "watch",
            "--pr-path",
            "big.py",
            "--audit",
            str(tmp_path / "a.jsonl"),
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0
    assert body in out.stdout
    item = json.loads((tmp_path / "a.jsonl").read_text().splitlines()[-1])["items"][0]
    assert item["action"] in ("inject-compressed", "discard")


def test_audit_outcome_report_and_show(tmp_path, capsys):
    root = tmp_path / "r"
    root.mkdir()
    (root / "a.py").write_text("x = 1\n")
    audit = tmp_path / "a.jsonl"
    run = pack(root, pr_paths=["a.py", "missing.py"], mode="compact", audit=audit)
    with pytest.raises(CodepithError, match="no pack run"):
        record_outcome(audit, run_id="nope", task="bugfix")
    event = record_outcome(
        audit, run_id=run.run_id, task="bugfix", pr="142", repeat_questions=1, same_task_rereads=3, review_rounds=2
    )
    assert event["event"] == "outcome" and event["schema"] == 1
    rows = report(audit)
    assert rows == [
        {
            "repository": str(root),
            "task": "bugfix",
            "runs": 1,
            "failed": 0,
            "injected_bytes": run.bytes_used,
            "injected_tokens": run.tokens_used,
            "discards": 1,
            "outcomes": 1,
            "repeat_questions": 1,
            "same_task_rereads": 3,
            "review_rounds": 2,
        }
    ]
    assert (
        main(
            ["audit", "outcome", "--run", run.run_id, "--task", "review", "--review-rounds", "1", "--audit", str(audit)]
        )
        == 0
    )
    assert main(["audit", "report", str(audit), "--json"]) == 0
    capsys.readouterr()
    assert main(["audit", "show", str(audit), "--last", "1"]) == 0
    shown = capsys.readouterr().out
    assert run.run_id in shown and "a.py" in shown and "missing.py" in shown and "budget-ok" in shown
    lines = audit.read_text().splitlines()
    assert len(lines) == 3 and all(json.loads(line) for line in lines)


# --------------------------------------------------------------------------- one verdict per file

MINIFIED_JS = "var a=" + "1+" * 1200 + "1;\n"  # one line of 2409 bytes: minified
BODY = "    y = x + 1\n    z = y * 2\n    w = z - 3\n    v = w // 4\n    return v + y + z + w\n\n"
GENERATED_PY = "# Code generated by protoc-gen-x. DO NOT EDIT.\n" + "".join(
    f"def gen_{i}(x):\n{BODY}" for i in range(20)
)
BIG_PY = "".join(f"def f{i}(x):\n{BODY}" for i in range(30))


def _bulk_verdicts(root) -> dict:
    return {
        r.path: (r.action, r.reason)
        for r in compress_tree(str(root), jobs=1, cache=False, tokens=False, default_ignores=False)
    }


@pytest.mark.parametrize(
    "name, content, kind", [("lib.min.js", MINIFIED_JS, "minified"), ("gen.py", GENERATED_PY, "generated")]
)
def test_a_file_the_verdict_skips_enters_only_whole_with_the_bulk_reason(tmp_path, name, content, kind):
    root = tmp_path / "r"
    root.mkdir()
    (root / name).write_text(content)
    (root / "big.py").write_text(BIG_PY)
    action, reason = _bulk_verdicts(root)[name]
    assert action == f"skipped:{kind}"
    # the whole of both does not fit: compact mode compresses what it may
    budget = len(content.encode()) + 1600  # it whole, and big.py's signatures
    result = pack(root, pr_paths=[name, "big.py"], mode="compact", byte_budget=budget, write_audit=False)
    got = {i.path: i for i in result.items}
    assert (got[name].action, got[name].reason) == ("inject", "budget-ok")  # whole: never compressed
    assert got[name].compressed_level is None
    assert got["big.py"].action == "inject-compressed"
    assert content in result.output
    assert [w for w in result.warnings if w.startswith(f"{name}:")] == [
        f"{name}: not compressed ({kind}: {reason}); only its whole form is tried"
    ]


def test_a_minified_file_that_does_not_fit_whole_is_discarded_not_compressed(tmp_path, capfdbinary):
    root = tmp_path / "r"
    root.mkdir()
    (root / "lib.min.js").write_text(MINIFIED_JS)
    audit = tmp_path / "a.jsonl"
    rc = main(
        [
            "pack",
            str(root),
            "--pr-path",
            "lib.min.js",
            "--mode",
            "compact",
            "--byte-budget",
            "1000",
            "--audit",
            str(audit),
        ]
    )
    captured = capfdbinary.readouterr()
    assert rc == 0 and captured.out == b""
    err = captured.err.decode()
    _, reason = _bulk_verdicts(root)["lib.min.js"]
    assert f"codepith: warning: lib.min.js: not compressed (minified: {reason}); only its whole form is tried" in err
    block = markdown_block("lib.min.js", MINIFIED_JS, None, []).encode()
    assert (
        f"lib.min.js does not fit: budget:bytes (whole it takes {len(block)} bytes, its heading and fence included; "
    ) in err
    item = json.loads(audit.read_text().splitlines()[-1])["items"][0]
    assert item["action"] == "discard" and "compressed_level" not in item


def test_include_generated_lets_a_generated_file_be_compressed(tmp_path, capfdbinary):
    root = tmp_path / "r"
    root.mkdir()
    (root / "gen.py").write_text(GENERATED_PY)
    budget = "1000"  # not whole, but its signatures fit
    result = pack(
        root, pr_paths=["gen.py"], mode="compact", byte_budget=int(budget), include_generated=True, write_audit=False
    )
    assert [(i.action, i.reason) for i in result.items] == [("inject-compressed", "compressed:signatures")]
    assert not result.warnings
    rc = main(
        [
            "pack",
            str(root),
            "--pr-path",
            "gen.py",
            "--mode",
            "compact",
            "--byte-budget",
            budget,
            "--include-generated",
            "--audit",
            str(tmp_path / "a.jsonl"),
        ]
    )
    captured = capfdbinary.readouterr()
    assert rc == 0 and b"(compressed: signatures;" in captured.out and captured.err == b""


def test_negative_outcome_figures_name_the_parameter_and_the_flag(tmp_path, capsys):
    root = tmp_path / "r"
    root.mkdir()
    (root / "a.py").write_text("x = 1\n")
    audit = tmp_path / "a.jsonl"
    run = pack(root, pr_paths=["a.py"], mode="compact", audit=audit)
    with pytest.raises(InvalidOption, match="must be 0 or more, got -1") as info:
        record_outcome(audit, run_id=run.run_id, task="bugfix", review_rounds=-1)
    assert info.value.parameter == "review_rounds" and "--" not in str(info.value)
    capsys.readouterr()
    assert (
        main(["audit", "outcome", "--run", run.run_id, "--task", "t", "--review-rounds", "-1", "--audit", str(audit)])
        == 2
    )
    err = capsys.readouterr().err
    assert err.startswith("codepith: error: ") and "'--review-rounds'" in err and "must be 0 or more" in err
    assert len(audit.read_text().splitlines()) == 1  # nothing recorded
