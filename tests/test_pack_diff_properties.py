"""Hypothesis: compact mode trims a pack's diff by whole hunks. Whatever the
hunks and the budgets, the pack is never over budget, the diff in it is its
file headers and whole hunks only, and every hunk left out is named."""

import json
from collections import Counter
from unittest import mock

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from codepith import pack
from codepith.core.tokens import count_tokens
from codepith.packer import packing
from codepith.packer.diffs import join_hunks, split_hunks

PR_FILE = "p.py"
PR_TEXT = "def p(x):\n    y = x + 1\n    return y\n"

words = st.sampled_from(["x", " ", "`", "```", "é", "中文", "<", "&", "def f():", "@@", "+", "-", "return 1", "😀"])
line_text = st.lists(words, max_size=6).map("".join)
hunk_lines = st.lists(st.tuples(st.sampled_from(" +-"), line_text), min_size=1, max_size=6)
section = st.tuples(st.booleans(), st.lists(hunk_lines, min_size=0, max_size=4))


def make_diff(sections) -> str:
    """A unified diff: per section a file header, then hunks (none: a binary file)."""
    out = []
    for n, (context, hunks) in enumerate(sections):
        name = f"dir/f{n}.py"
        out.append(f"diff --git a/{name} b/{name}\nindex 1111111..2222222 100644\n")
        if not hunks:
            out.append(f"Binary files a/{name} and b/{name} differ\n")
            continue
        out.append(f"--- a/{name}\n+++ b/{name}\n")
        for k, body in enumerate(hunks):
            tail = " def f():" if context else ""
            out.append(f"@@ -{10 * k + 1},{len(body)} +{10 * k + 1},{len(body)} @@{tail}\n")
            out.extend(f"{sign}{text}\n" for sign, text in body)
    return "".join(out)


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    path = tmp_path_factory.mktemp("diffprops")
    (path / PR_FILE).write_text(PR_TEXT)
    return path


@given(
    sections=st.lists(section, min_size=1, max_size=4),
    with_pr=st.booleans(),
    fmt=st.sampled_from(["markdown", "xml", "json"]),
    byte_budget=st.one_of(st.none(), st.integers(1, 1500)),
    token_budget=st.integers(1, 500),
)
def test_hyp_the_diff_is_trimmed_by_whole_hunks_within_the_budget(
    root, sections, with_pr, fmt, byte_budget, token_budget
):
    text = make_diff(sections)
    units = split_hunks(text)
    assert join_hunks(units) == text
    with (
        mock.patch.object(packing, "diff_text", lambda root, base: text),
        mock.patch.object(packing, "changed_paths", lambda root, base: [PR_FILE] if with_pr else []),
    ):
        result = pack(
            root,
            diff="BASE",
            mode="compact",
            fmt=fmt,
            byte_budget=byte_budget,
            token_budget=token_budget,
            security_check=False,
            write_audit=False,
        )
    data = result.output.encode("utf-8")
    assert (result.bytes_used, result.tokens_used) == (len(data), count_tokens(data))
    assert byte_budget is None or result.bytes_used <= byte_budget
    assert result.tokens_used <= token_budget
    (item,) = [i for i in result.items if i.role == "diff"]
    event(item.action)
    dropped = Counter((d["file"], d["hunk"]) for d in item.dropped_hunks)
    assert all(d["reason"].startswith("budget:") for d in item.dropped_hunks)
    left = Counter((u.file, u.name) for u in units)
    left.subtract(dropped)
    assert min(left.values(), default=0) >= 0  # only hunks of the diff are named, each once
    kept = [u for u in units if left[(u.file, u.name)] > 0]
    assert len(kept) + len(item.dropped_hunks) == len(units)  # every hunk: in the pack, or named
    if item.action == "discard":
        assert not kept and "git diff BASE" not in result.output
        return
    assert item.action == ("inject" if not kept or len(kept) == len(units) else "inject-trimmed")
    content = join_hunks(kept)  # whole hunks only, each after its file's header
    if fmt == "json":
        entry = json.loads(result.output)["files"][0]
        assert entry["content"] == content and entry["path"].startswith("git diff BASE")
    else:
        assert content in result.output
