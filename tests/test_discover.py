"""Discovery: which files of a tree are considered, and why the others are not.

Every test builds a small tree in ``tmp_path`` and looks at what
:func:`codepith.core.discover.walk` yields: a :class:`Candidate` to read, or an
:class:`Excluded` entry whose ``action`` says why it is left out.
"""

import os

from codepith.core.discover import Candidate, Excluded, walk
from helpers import physical_files, write


def actions(root, **kw):
    """path -> 'candidate' or the Excluded action, in walk order."""
    out = {}
    for e in walk(root, **kw):
        assert e.path not in out, f"{e.path} yielded twice"
        out[e.path] = "candidate" if isinstance(e, Candidate) else e.action
    return out


# --------------------------------------------------------------------------- .gitignore


def test_root_gitignore_ignores_and_names_the_rule(tmp_path):
    write(tmp_path, ".gitignore", "*.log\n")
    write(tmp_path, "a.py")
    write(tmp_path, "debug.log", "log\n")
    write(tmp_path, "sub/trace.log", "log\n")
    got = actions(tmp_path)
    assert got["a.py"] == "candidate"
    assert got["debug.log"] == "ignored:.gitignore:*.log"
    assert got["sub/trace.log"] == "ignored:.gitignore:*.log"
    # the .gitignore itself is an ordinary file of the tree
    assert got[".gitignore"] == "candidate"


def test_rule_named_is_the_pattern_that_matched_despite_comments_and_blank_lines(tmp_path):
    # pathspec drops blank lines from its pattern list: the index it returns
    # must not be used to index the raw lines of the file
    write(tmp_path, ".gitignore", "# outputs\n\n*.tmp\n\n# one file\n/dist.py\n")
    write(tmp_path, "z.tmp", "t\n")
    write(tmp_path, "dist.py")
    got = actions(tmp_path)
    assert got["z.tmp"] == "ignored:.gitignore:*.tmp"
    assert got["dist.py"] == "ignored:.gitignore:/dist.py"


def test_nested_gitignore_patterns_are_relative_to_their_folder(tmp_path):
    write(tmp_path, "sub/.gitignore", "/gen.py\ndocs/*.md\n")
    write(tmp_path, "gen.py")
    write(tmp_path, "sub/gen.py")
    write(tmp_path, "sub/deeper/gen.py")
    write(tmp_path, "docs/a.md", "# a\n")
    write(tmp_path, "sub/docs/a.md", "# a\n")
    got = actions(tmp_path)
    assert got["sub/gen.py"] == "ignored:sub/.gitignore:/gen.py"
    assert got["gen.py"] == "candidate"  # the rule is anchored at sub/, not at the root
    assert got["sub/deeper/gen.py"] == "candidate"
    assert got["sub/docs/a.md"] == "ignored:sub/.gitignore:docs/*.md"
    assert got["docs/a.md"] == "candidate"


def test_deeper_rules_win_and_bang_reincludes(tmp_path):
    write(tmp_path, ".gitignore", "*.log\n")
    write(tmp_path, "sub/.gitignore", "!keep.log\n*.py\n!main.py\n")
    for rel in ["keep.log", "sub/keep.log", "sub/other.log", "sub/x.py", "sub/main.py", "x.py"]:
        write(tmp_path, rel)
    got = actions(tmp_path)
    assert got["sub/keep.log"] == "candidate"  # re-included by the deeper file
    assert got["keep.log"] == "ignored:.gitignore:*.log"  # the deeper file does not reach up
    assert got["sub/other.log"] == "ignored:.gitignore:*.log"
    assert got["sub/x.py"] == "ignored:sub/.gitignore:*.py"
    assert got["sub/main.py"] == "candidate"  # a later line of the same file wins
    assert got["x.py"] == "candidate"


def test_deeper_rule_can_ignore_what_the_parent_reincluded(tmp_path):
    write(tmp_path, ".gitignore", "*.cfg\n!app.cfg\n")
    write(tmp_path, "sub/.gitignore", "app.cfg\n")
    write(tmp_path, "app.cfg", "a\n")
    write(tmp_path, "sub/app.cfg", "a\n")
    got = actions(tmp_path)
    assert got["app.cfg"] == "candidate"
    assert got["sub/app.cfg"] == "ignored:sub/.gitignore:app.cfg"


def test_ignored_folder_is_listed_once_with_its_file_count(tmp_path):
    write(tmp_path, ".gitignore", "build/\n")
    write(tmp_path, "build/a.js")
    write(tmp_path, "build/b.js")
    write(tmp_path, "build/deep/c.js")
    write(tmp_path, "main.py")
    entries = list(walk(tmp_path))
    build = [e for e in entries if e.path.startswith("build")]
    assert len(build) == 1
    assert isinstance(build[0], Excluded)
    assert build[0].path == "build"
    assert build[0].action == "ignored:.gitignore:build/"
    assert build[0].files == 3


def test_files_in_an_excluded_folder_cannot_be_reincluded_but_star_contents_can(tmp_path):
    # git: "it is not possible to re-include a file if a parent directory of
    # that file is excluded"; "out/*" excludes the contents, not the folder
    write(tmp_path, ".gitignore", "build/\n!build/keep.py\nout/*\n!out/keep.py\n")
    write(tmp_path, "build/keep.py")
    write(tmp_path, "build/x.py")
    write(tmp_path, "out/keep.py")
    write(tmp_path, "out/x.py")
    got = actions(tmp_path)
    assert got["build"].startswith("ignored:.gitignore:build/")
    assert "build/keep.py" not in got
    assert got["out/keep.py"] == "candidate"
    assert got["out/x.py"] == "ignored:.gitignore:out/*"


def test_git_folder_is_ignored_with_its_file_count(tmp_path):
    write(tmp_path, ".git/HEAD", "ref: refs/heads/main\n")
    write(tmp_path, ".git/objects/ab/cdef", b"\x78\x01binary")
    write(tmp_path, "a.py")
    entries = list(walk(tmp_path))
    git = [e for e in entries if e.path.startswith(".git")]
    assert [(e.path, e.action, e.files) for e in git] == [(".git", "ignored:.git", 2)]


def test_git_info_exclude_of_the_root(tmp_path):
    write(tmp_path, ".git/info/exclude", "# local\nsecret.txt\n")
    write(tmp_path, "secret.txt", "s\n")
    write(tmp_path, "a.py")
    got = actions(tmp_path)
    assert got["secret.txt"] == "ignored:.git/info/exclude:secret.txt"
    assert got["a.py"] == "candidate"


def test_rules_of_an_enclosing_repository_apply_to_a_subfolder_root(tmp_path):
    repo = tmp_path / "repo"
    write(repo, ".git/HEAD", "ref: refs/heads/main\n")
    write(repo, ".git/info/exclude", "secret.txt\n")
    write(repo, ".gitignore", "*.log\n/proj/sub/top_only.py\n")
    write(repo, "proj/.gitignore", "*.tmp\n")
    for rel in ["a.log", "keep.py", "secret.txt", "top_only.py", "t.tmp"]:
        write(repo / "proj" / "sub", rel)
    # walked from repo/proj/sub: the rules of repo/ and repo/proj/ still apply
    got = actions(repo / "proj" / "sub")
    assert got["keep.py"] == "candidate"
    assert got["a.log"].startswith("ignored:") and got["a.log"].endswith(":*.log")
    assert got["secret.txt"].startswith("ignored:") and "exclude" in got["secret.txt"]
    assert got["top_only.py"].startswith("ignored:")
    assert got["t.tmp"].startswith("ignored:") and got["t.tmp"].endswith(":*.tmp")
    # an anchored rule of the repository matches only its own path
    write(repo, "proj/other/top_only.py")
    assert actions(repo / "proj" / "other")["top_only.py"] == "candidate"


def test_gitignore_above_the_root_outside_any_repository_does_not_apply(tmp_path):
    write(tmp_path, ".gitignore", "*.py\n")
    write(tmp_path, "proj/a.py")
    assert actions(tmp_path / "proj") == {"a.py": "candidate"}


def test_no_gitignore_reads_no_rules_but_still_leaves_out_the_git_folder(tmp_path):
    write(tmp_path, ".gitignore", "*.log\n")
    write(tmp_path, ".git/info/exclude", "secret.txt\n")
    write(tmp_path, "a.log", "l\n")
    write(tmp_path, "secret.txt", "s\n")
    got = actions(tmp_path, gitignore=False, default_ignores=False)
    assert got["a.log"] == "candidate"
    assert got["secret.txt"] == "candidate"
    assert got[".git"] == "ignored:.git"


# --------------------------------------------------------------------------- --include / --exclude


def test_include_keeps_only_matching_files(tmp_path):
    write(tmp_path, "a.py")
    write(tmp_path, "src/b.py")
    write(tmp_path, "README.md", "# r\n")
    write(tmp_path, "src/c.ts", "export const c = 1;\n")
    got = actions(tmp_path, include=["*.py"])
    assert got["a.py"] == got["src/b.py"] == "candidate"
    assert got["README.md"] == "ignored:--include"
    assert got["src/c.ts"] == "ignored:--include"


def test_include_folder_glob(tmp_path):
    write(tmp_path, "src/a.py")
    write(tmp_path, "src/deep/b.py")
    write(tmp_path, "tests/t.py")
    got = actions(tmp_path, include=["src/"])
    assert got["src/a.py"] == got["src/deep/b.py"] == "candidate"
    assert got["tests/t.py"] == "ignored:--include"


def test_exclude_folder_is_one_entry_and_exclude_file_glob(tmp_path):
    write(tmp_path, "vendor/a.js")
    write(tmp_path, "vendor/lib/b.js")
    write(tmp_path, "notes.md", "# n\n")
    write(tmp_path, "main.py")
    entries = {e.path: e for e in walk(tmp_path, exclude=["vendor/", "*.md"])}
    assert set(entries) == {"vendor", "notes.md", "main.py"}
    assert entries["vendor"].action == "ignored:--exclude:vendor/"
    assert entries["vendor"].files == 2
    assert entries["notes.md"].action == "ignored:--exclude:*.md"
    assert isinstance(entries["main.py"], Candidate)


# --------------------------------------------------------------------------- size, special files


def test_max_file_bytes_is_inclusive_and_names_the_size(tmp_path):
    write(tmp_path, "ok.py", b"a" * 100)
    write(tmp_path, "big.py", b"a" * 101)
    entries = {e.path: e for e in walk(tmp_path, max_file_bytes=100)}
    assert isinstance(entries["ok.py"], Candidate)
    assert entries["ok.py"].size == 100
    big = entries["big.py"]
    assert big.action == "skipped:too-large"
    assert big.size == 101
    assert "101" in big.reason and "100" in big.reason


def test_fifo_is_not_a_candidate(tmp_path):
    os.mkfifo(tmp_path / "pipe.py")
    write(tmp_path, "a.py")
    got = actions(tmp_path)
    assert got["pipe.py"] == "skipped:not-a-regular-file"
    assert got["a.py"] == "candidate"


def test_symlinks_that_leave_the_root_are_not_followed(tmp_path):
    outside = tmp_path / "outside"
    write(outside, "secret.py", "SECRET = 1\n")
    root = tmp_path / "root"
    write(root, "a.py")
    os.symlink(outside / "secret.py", root / "abs_file.py")
    os.symlink("../outside", root / "rel_dir")
    os.symlink(outside, root / "abs_dir")
    entries = {e.path: e for e in walk(root)}
    for name in ["abs_file.py", "rel_dir", "abs_dir"]:
        assert entries[name].action == "skipped:symlink-outside-root", name
    assert not any(p.startswith(("rel_dir/", "abs_dir/")) for p in entries)


def test_symlinks_inside_the_root_broken_links_and_loops(tmp_path):
    write(tmp_path, "real.py")
    os.symlink("real.py", tmp_path / "alias.py")
    os.symlink("missing.py", tmp_path / "broken.py")
    os.symlink(".", tmp_path / "loop")
    entries = {e.path: e for e in walk(tmp_path)}
    assert isinstance(entries["alias.py"], Candidate)
    assert entries["broken.py"].action == "skipped:broken-symlink"
    assert entries["loop"].action == "skipped:symlink-loop"
    assert not any(p.startswith("loop/") for p in entries)


def test_a_real_folder_is_never_taken_for_a_symlink_loop(tmp_path):
    # "alias" sorts before "lib" and points to it: lib's own files must still
    # be listed under their real path
    write(tmp_path, "lib/x.py", "def f():\n    return 1\n")
    os.symlink("lib", tmp_path / "alias")
    entries = {e.path: e for e in walk(tmp_path)}
    assert "lib/x.py" in entries and isinstance(entries["lib/x.py"], Candidate), entries
    assert not (isinstance(entries.get("lib"), Excluded) and "loop" in entries["lib"].action)


# --------------------------------------------------------------------------- order and completeness


def test_entries_come_in_sorted_path_order(tmp_path):
    names = ["b.py", "a.py", "a/b.py", "a-b.py", "a_b/x.py", "B.py", "a/c/d.py", "a.b/e.py", "é.py", "z/y/x.py", "z.py"]
    for rel in names:
        write(tmp_path, rel)
    write(tmp_path, ".gitignore", "ign/\n")
    write(tmp_path, "ign/q.py")
    write(tmp_path, "ign.py")
    entries = list(walk(tmp_path))
    keys = [sort_key_in(tmp_path, e) for e in entries]
    assert keys == sorted(keys)
    assert {e.path for e in entries if isinstance(e, Candidate)} >= set(names)


def sort_key_in(root, entry):
    if isinstance(entry, Excluded) and (root / entry.path).is_dir():
        return entry.path + "/"
    return entry.path


def test_a_symlinked_folder_sorts_like_a_folder(tmp_path):
    # whatever is yielded for the link, the order is that of full paths:
    # "m.py" < "m/x.py"
    write(tmp_path, "lib/x.py")
    os.symlink("lib", tmp_path / "m")
    write(tmp_path, "m.py")
    paths = [e.path for e in walk(tmp_path) if isinstance(e, Candidate)]
    assert paths == sorted(paths)


def test_every_file_in_the_tree_is_accounted_for(tmp_path):
    write(tmp_path, ".git/HEAD", "ref\n")
    write(tmp_path, ".git/info/exclude", "local.txt\n")
    write(tmp_path, ".gitignore", "build/\n*.log\n")
    write(tmp_path, "build/a.js")
    write(tmp_path, "build/deep/b.js")
    write(tmp_path, "a.log", "l\n")
    write(tmp_path, "local.txt", "l\n")
    write(tmp_path, "src/a.py")
    write(tmp_path, "src/big.py", b"a" * 500)
    write(tmp_path, "vendor/v.js")
    write(tmp_path, "docs/r.md", "# r\n")
    os.mkfifo(tmp_path / "src" / "pipe")
    os.symlink("missing", tmp_path / "dangling")
    entries = list(walk(tmp_path, exclude=["vendor/"], include=["*.py", "*.js", "*.log"], max_file_bytes=100))
    total = sum(1 if isinstance(e, Candidate) else e.files for e in entries)
    assert total == physical_files(tmp_path)


# --------------------------------------------------------------------------- roots given by a caller


def test_a_root_that_cannot_be_read_is_an_entry_with_its_reason(tmp_path):
    from codepith.core.discover import root_problem

    write(tmp_path, "a.py")
    os.mkfifo(tmp_path / "pipe")
    assert root_problem(tmp_path, "t") is None
    assert root_problem(tmp_path / "a.py", "a.py") is None
    assert root_problem(tmp_path / "gone", "gone").action == "skipped:missing"
    assert root_problem(tmp_path / "pipe", "pipe").action == "skipped:not-a-regular-file"


def test_compress_tree_reports_a_bad_root_among_good_ones_and_refuses_only_bad_ones(tmp_path):
    import pytest

    from codepith import CodepithError, compress_tree

    write(tmp_path, "src/a.py")
    os.mkfifo(tmp_path / "pipe")
    roots = [str(tmp_path / "src"), str(tmp_path / "gone"), str(tmp_path / "pipe")]
    results = {r.path: r.action for r in compress_tree(roots, jobs=1, cache=False, tokens=False)}
    assert results == {
        f"{tmp_path}/src/a.py": "compressed",
        str(tmp_path / "gone"): "skipped:missing",
        str(tmp_path / "pipe"): "skipped:not-a-regular-file",
    }
    with pytest.raises(CodepithError, match="gone: no such file or directory; .*pipe: not a regular file"):
        compress_tree([str(tmp_path / "gone"), str(tmp_path / "pipe")], jobs=1, cache=False)


def test_state_dirs_are_listed_as_codepith_state_and_never_walked(tmp_path):
    write(tmp_path, "a.py")
    write(tmp_path, "cache/results.sqlite", b"SQLite format 3\0")
    write(tmp_path, "cache/results.sqlite-wal", b"")
    entries = {e.path: e for e in walk(tmp_path, state_dirs=[tmp_path / "cache"])}
    assert set(entries) == {"a.py", "cache"}
    cache = entries["cache"]
    assert (cache.action, cache.files, cache.folder) == ("ignored:codepith-state", 2, True)
    assert "cache" in cache.reason


def test_a_tree_deeper_than_the_recursion_limit_is_walked(tmp_path):
    # a hostile or generated tree: 1,500 nested folders (under PATH_MAX), one file at the bottom;
    # the walk keeps its own stack of folders instead of one Python frame per level
    depth = 1500
    folder = str(tmp_path)
    for _ in range(depth):
        folder += "/d"
        os.mkdir(folder)
    with open(folder + "/x.py", "w") as f:
        f.write("x = 1\n")
    try:
        entries = list(walk(tmp_path))
        assert [e.path for e in entries] == ["d/" * depth + "x.py"]
    finally:  # bottom up, without recursion (pytest's own cleanup would recurse)
        os.remove(folder + "/x.py")
        for _ in range(depth):
            os.rmdir(folder)
            folder = os.path.dirname(folder)
