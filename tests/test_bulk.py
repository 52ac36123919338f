"""Bulk runs: compress_tree over whole trees, in order, with nothing lost.

Runs here use ``cache=False`` (the cache has its own tests) and build their
trees in ``tmp_path``.
"""

import builtins
import os
import time

import pytest

import codepith
import codepith.bulk.files as files
from codepith import CodepithError, count_tokens
from codepith.bulk.run import compress_tree
from helpers import by_path, physical_files, write

IN_OUTPUT = {"compressed", "kept-whole"}


def run(root, **kw):
    kw.setdefault("cache", False)
    kw.setdefault("jobs", 1)
    return list(compress_tree(root, **kw))


def fingerprint(r):
    """Everything a user sees of a result, minus the timing."""
    return (
        r.path,
        r.action,
        r.language,
        r.level,
        r.bytes_in,
        r.bytes_out,
        r.tokens_in,
        r.tokens_out,
        r.elisions,
        r.valid,
        r.reason,
        r.text,
        r.files,
    )


def order_key(root, r):
    return r.path + "/" if (root / r.path).is_dir() and not (root / r.path).is_symlink() else r.path


PY = (
    'import os\n\n\ndef f{i}(a, b):\n    """Add {i}."""\n    x = a + b\n    return x * {i}\n\n\n'
    "class C{i}:\n    def m(self, y):\n        return [y] * {i}\n\n"
)
TS = "export function f{i}(a: number): number {{\n  const x = a * 2;\n  return x + {i};\n}}\n"
TSX = "export const C{i} = (p: {{ n: number }}) => {{\n  const m = p.n * {i};\n  return <div>{{m}}</div>;\n}};\n"
JS = "function f{i}(a) {{\n  const b = a * 2;\n  return b + {i};\n}}\nmodule.exports.f{i} = f{i};\n"
GO_HEAD = "package main\n\n"
GO = "func F{i}(a int) int {{\n\tb := a * 2\n\treturn b + {i}\n}}\n\n"
SAMPLES = {".py": PY, ".ts": TS, ".tsx": TSX, ".js": JS}


def mixed_tree(root, n=60, big=True):
    """~n files of mixed sizes and languages, with one large file."""
    exts = [".py", ".ts", ".tsx", ".js", ".go", ".md", ".txt", ".json"]
    for k in range(n):
        ext = exts[k % len(exts)]
        folder = ["", "src/", "src/pkg/", "lib/", "web/ui/"][k % 5]
        reps = 1 + (k * 7) % 23
        if ext == ".go":
            body = GO_HEAD + "".join(GO.format(i=i) for i in range(reps))
        elif ext in SAMPLES:
            body = "".join(SAMPLES[ext].format(i=i) for i in range(reps))
        elif ext == ".json":
            body = "{" + ", ".join(f'"k{i}": {i}' for i in range(reps)) + "}\n"
        else:
            body = "".join(f"line {i} of notes\n" for i in range(reps))
        write(root, f"{folder}f{k:02d}{ext}", body)
    if big:
        text = "".join(PY.format(i=i) for i in range(2200))
        assert len(text) > 250_000
        write(root, "src/big.py", text)


# --------------------------------------------------------------------------- what happens to each file


def test_supported_files_are_compressed_exactly_as_compress_does(tmp_path):
    files = {
        "a.py": PY.format(i=1),
        "b.ts": TS.format(i=2),
        "c.tsx": TSX.format(i=3),
        "d.js": JS.format(i=4),
        "e.go": GO_HEAD + GO.format(i=5),
    }
    for rel, text in files.items():
        write(tmp_path, rel, text)
    results = by_path(run(tmp_path))
    assert set(results) == set(files)
    for rel, text in files.items():
        r = results[rel]
        expected = codepith.compress(text.encode(), path=rel)
        assert r.action == "compressed", (rel, r.reason)
        assert r.language == codepith.detect_language(rel)
        assert r.text == expected.data.decode()
        assert r.elisions == len(expected.elisions) >= 1
        assert r.valid is True
        assert (r.bytes_in, r.bytes_out) == (len(text.encode()), len(expected.data))
        assert r.tokens_in == count_tokens(text)
        assert r.tokens_out == count_tokens(expected.data.decode())


def test_unsupported_files_pass_through_whole(tmp_path):
    notes = "# Notes\n\nSome *markdown* with ünïcode.\n"
    write(tmp_path, "README.md", notes)
    write(tmp_path, "a.py", PY.format(i=1))
    r = by_path(run(tmp_path))["README.md"]
    assert r.action == "kept-whole"
    assert r.language is None
    assert r.text == notes
    assert r.bytes_in == r.bytes_out == len(notes.encode())
    assert r.tokens_in == r.tokens_out == count_tokens(notes)
    assert r.reason  # says why it is whole


def test_only_supported_lists_other_languages_without_their_text(tmp_path):
    write(tmp_path, "README.md", "# r\n")
    write(tmp_path, "a.py", PY.format(i=1))
    results = by_path(run(tmp_path, only_supported=True))
    assert results["README.md"].action == "skipped:unsupported-language"
    assert results["README.md"].text is None
    assert not results["README.md"].in_output
    assert results["a.py"].action == "compressed"


def test_binary_files_are_skipped(tmp_path):
    write(tmp_path, "data.py", b"x = 1\n\x00\x01\x02")
    write(tmp_path, "logo.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    results = by_path(run(tmp_path))
    for rel in ["data.py", "logo.png"]:
        assert results[rel].action == "skipped:binary"
        assert results[rel].text is None
        assert not results[rel].in_output


def test_minified_files_are_skipped(tmp_path):
    one_line = "var a=" + "+".join(str(i) for i in range(3000)) + ";\n"
    write(tmp_path, "bundle.js", one_line)  # (a *.min.* name is a default ignore)
    write(tmp_path, "app.js", JS.format(i=1) * 40)
    results = by_path(run(tmp_path))
    assert results["bundle.js"].action == "skipped:minified"
    assert results["bundle.js"].text is None
    assert results["app.js"].action == "compressed"


def test_generated_files_are_skipped(tmp_path):
    write(
        tmp_path,
        "api.pb.go",
        "// Code generated by protoc-gen-go. DO NOT EDIT.\n// source: api.proto\n\n" + GO_HEAD + GO.format(i=1),
    )
    write(tmp_path, "schema.py", "# @generated by tool\n" + PY.format(i=1))
    write(tmp_path, "types.ts", "/* @generated */\n" + TS.format(i=1))
    # Go recognises only its canonical marker line
    write(tmp_path, "hand.go", GO_HEAD + "// Please DO NOT EDIT the table below by hand.\n" + GO.format(i=2))
    results = by_path(run(tmp_path))
    for rel in ["api.pb.go", "schema.py", "types.ts"]:
        assert results[rel].action == "skipped:generated", rel
        assert results[rel].text is None
    assert results["hand.go"].action == "compressed"


def spy_opens(monkeypatch, guard=None):
    """Record the real path of every file opened in this process (``open`` and
    ``os.open``); ``guard(path)`` may refuse one by raising."""
    opened = []
    real_open, real_os_open = builtins.open, os.open

    def seen(file):
        if isinstance(file, (str, os.PathLike)):
            path = os.path.realpath(os.fspath(file))
            opened.append(path)
            if guard is not None:
                guard(path)

    def spy(file, *a, **kw):
        seen(file)
        return real_open(file, *a, **kw)

    def os_spy(file, *a, **kw):
        if kw.get("dir_fd") is None:
            seen(file)
        return real_os_open(file, *a, **kw)

    monkeypatch.setattr(builtins, "open", spy)
    monkeypatch.setattr(os, "open", os_spy)
    return opened


def test_too_large_files_are_skipped_without_being_opened(tmp_path, monkeypatch):
    big = write(tmp_path, "big.py", PY.format(i=1) * 50)
    write(tmp_path, "small.py", PY.format(i=2))
    opened = spy_opens(monkeypatch)
    # timeout=0 with one job works in this process, where the spy sees every open
    results = by_path(run(tmp_path, max_file_bytes=1000, timeout=0))
    assert results["big.py"].action == "skipped:too-large"
    assert results["big.py"].bytes_in == big.stat().st_size
    assert results["small.py"].action == "compressed"
    assert os.path.realpath(big) not in opened
    assert os.path.realpath(tmp_path / "small.py") in opened  # the spy does see reads


def test_fifo_is_never_opened(tmp_path, monkeypatch):
    fifo = tmp_path / "pipe.py"
    os.mkfifo(fifo)
    write(tmp_path, "a.py", PY.format(i=1))

    def guard(path):
        if path == str(fifo):
            raise AssertionError("the FIFO was opened")

    spy_opens(monkeypatch, guard)
    results = by_path(run(tmp_path, timeout=0))
    assert results["pipe.py"].action == "skipped:not-a-regular-file"
    assert results["a.py"].action == "compressed"


def test_symlinks_out_of_the_root_are_not_followed(tmp_path):
    outside = tmp_path / "outside"
    write(outside, "secret.py", "SECRET_TOKEN = 'hunter2'\n")
    root = tmp_path / "root"
    write(root, "a.py", PY.format(i=1))
    os.symlink(outside / "secret.py", root / "s.py")
    os.symlink(outside, root / "ext")
    results = by_path(run(root))
    assert results["s.py"].action == "skipped:symlink-outside-root"
    assert results["ext"].action == "skipped:symlink-outside-root"
    assert not any("hunter2" in (r.text or "") for r in results.values())


def test_ignored_entries_carry_their_rule_and_count(tmp_path):
    write(tmp_path, ".gitignore", "node_modules/\n")
    for i in range(4):
        write(tmp_path, f"node_modules/p{i}/index.js", JS.format(i=i))
    write(tmp_path, "a.py", PY.format(i=1))
    results = by_path(run(tmp_path))
    nm = results["node_modules"]
    assert nm.action == "ignored:.gitignore:node_modules/"
    assert nm.files == 4
    assert nm.text is None and not nm.in_output
    assert not any(p.startswith("node_modules/") for p in results)


# --------------------------------------------------------------------------- nothing lost


@pytest.mark.parametrize("jobs", [1, 2])
def test_every_file_is_accounted_for(tmp_path, jobs):
    mixed_tree(tmp_path, n=24, big=False)
    write(tmp_path, ".git/HEAD", "ref: refs/heads/main\n")
    write(tmp_path, ".git/objects/aa/bb", b"\x78\x9c\x00\x01")
    write(tmp_path, ".git/info/exclude", "local/\n")
    write(tmp_path, "local/x.py", PY.format(i=9))
    write(tmp_path, ".gitignore", "build/\n*.log\n")
    write(tmp_path, "build/out.js", JS.format(i=1))
    write(tmp_path, "build/deep/out2.js", JS.format(i=2))
    write(tmp_path, "err.log", "oops\n")
    write(tmp_path, "vendor/v.js", JS.format(i=3))
    write(tmp_path, "img.png", b"\x89PNG\x00\x00")
    write(tmp_path, "huge.py", PY.format(i=1) * 300)
    write(tmp_path, "bundle.js", "var a=" + "1+" * 3000 + "1;\n")
    write(tmp_path, "bundle.min.js", "var a=1;\n")
    write(tmp_path, "package-lock.json", "{}\n")
    write(tmp_path, "node_modules/lodash/lodash.js", JS.format(i=4))
    write(tmp_path, "gen.go", "// Code generated by x. DO NOT EDIT.\n\n" + GO_HEAD)
    os.mkfifo(tmp_path / "src" / "pipe")
    os.symlink("nowhere", tmp_path / "dangling.py")
    results = run(tmp_path, jobs=jobs, exclude=["vendor/"], max_file_bytes=20_000)
    assert sum(r.files for r in results) == physical_files(tmp_path)
    actions = {r.path: r.action for r in results}
    assert actions[".git"] == "ignored:.git"
    assert actions["local"].startswith("ignored:.git/info/exclude")
    assert actions["build"] == "ignored:.gitignore:build/"
    assert actions["vendor"] == "ignored:--exclude:vendor/"
    assert actions["huge.py"] == "skipped:too-large"
    assert actions["img.png"] == "skipped:binary"
    assert actions["bundle.js"] == "skipped:minified"
    assert actions["bundle.min.js"] == actions["package-lock.json"] == "ignored:default"
    assert actions["node_modules"] == "ignored:default"
    assert actions["gen.go"] == "skipped:generated"
    assert actions["src/pipe"] == "skipped:not-a-regular-file"
    assert actions["dangling.py"] == "skipped:broken-symlink"
    for r in results:
        assert r.action in IN_OUTPUT or r.action.startswith(("skipped:", "ignored:")), r
        assert (r.text is not None) == r.in_output


# --------------------------------------------------------------------------- order, parallelism, exact counts


def test_parallel_results_equal_serial_results_in_sorted_order(tmp_path):
    mixed_tree(tmp_path, n=60, big=True)
    serial = run(tmp_path, jobs=1)
    parallel = run(tmp_path, jobs=2)
    assert len(serial) == 61
    assert [fingerprint(r) for r in parallel] == [fingerprint(r) for r in serial]
    keys = [order_key(tmp_path, r) for r in parallel]
    assert keys == sorted(keys)
    assert {r.action for r in serial} == {"compressed", "kept-whole"}
    assert by_path(serial)["src/big.py"].action == "compressed"


@pytest.mark.parametrize("jobs", [1, 2])
def test_token_and_byte_counts_are_exact(tmp_path, jobs):
    mixed_tree(tmp_path, n=20, big=False)
    write(tmp_path, "uni.py", "def héllo(ä):\n    return '日本語 ✓'\n")
    results = run(tmp_path, jobs=jobs)
    assert results
    for r in results:
        data = (tmp_path / r.path).read_bytes()
        assert r.bytes_in == len(data)
        assert r.tokens_in == count_tokens(data) == count_tokens(data.decode())
        assert r.bytes_out == len(r.text.encode())
        assert r.tokens_out == count_tokens(r.text)
        if r.action == "kept-whole":
            assert r.text == data.decode()


def test_sizes_describe_the_emitted_text_even_for_files_that_are_not_utf8(tmp_path):
    # Latin-1 sources exist; the text handed out is UTF-8, and the counts that
    # come with it must be those of that text
    write(tmp_path, "notes.txt", "caf\xe9 cr\xe8me br\xfbl\xe9e\n".encode("latin-1"))
    write(tmp_path, "old.py", "# -*- coding: latin-1 -*-\ndef caf\xe9():\n    return 'na\xefve'\n".encode("latin-1"))
    results = run(tmp_path)
    assert {r.action for r in results} <= IN_OUTPUT
    for r in results:
        assert r.bytes_out == len(r.text.encode("utf-8")), r.path
        assert r.tokens_out == count_tokens(r.text), r.path


def test_other_encoding_counts_with_that_encoding(tmp_path):
    write(tmp_path, "a.py", PY.format(i=1) * 3)
    r = run(tmp_path, encoding="cl100k_base")[0]
    data = (tmp_path / "a.py").read_bytes()
    assert r.tokens_in == count_tokens(data, encoding="cl100k_base")
    assert r.tokens_out == count_tokens(r.text, encoding="cl100k_base")


def test_no_tokens_leaves_counts_empty(tmp_path):
    write(tmp_path, "a.py", PY.format(i=1))
    write(tmp_path, "n.md", "# n\n")
    for r in run(tmp_path, tokens=False):
        assert r.tokens_in is None and r.tokens_out is None
        assert r.bytes_out > 0


def test_on_result_sees_every_result_in_order(tmp_path):
    mixed_tree(tmp_path, n=12, big=False)
    seen = []
    results = list(compress_tree(tmp_path, cache=False, jobs=2, on_result=seen.append))
    assert [r.path for r in seen] == [r.path for r in results]


def test_levels_full_and_outline(tmp_path):
    text = PY.format(i=1)
    write(tmp_path, "a.py", text)
    full = run(tmp_path, level="full")[0]
    assert full.text == text and full.level == "full"
    r = run(tmp_path, level="outline", levels=["signatures", "outline", "full"])[0]
    assert r.level == "outline"
    assert r.text == codepith.compress(text, path="a.py", level="outline").data.decode()
    assert set(r.levels) == {"signatures", "outline", "full"}
    assert r.levels["full"].bytes_out == len(text.encode())
    sig = codepith.compress(text, path="a.py", level="signatures").data
    assert r.levels["signatures"].bytes_out == len(sig)
    assert r.levels["signatures"].tokens_out == count_tokens(sig)


def test_line_refs_are_passed_through(tmp_path):
    write(tmp_path, "a.py", "def f(a):\n    b = a * 2\n    return b\n")
    assert run(tmp_path, line_refs=True)[0].text == "def f(a):\n    ...  # L2-3\n"


def test_several_roots_and_a_single_file_root(tmp_path):
    a = tmp_path / "a"
    b = tmp_path / "b"
    write(a, "x.py", PY.format(i=1))
    write(b, "y.py", PY.format(i=2))
    results = run([str(a), str(b)])
    assert [r.path for r in results] == [f"{a}/x.py", f"{b}/y.py"]
    assert all(r.action == "compressed" for r in results)
    single = run(a / "x.py")
    assert [(r.path, r.action) for r in single] == [("x.py", "compressed")]


# --------------------------------------------------------------------------- failures do not end the run


def test_a_file_that_fails_to_compress_is_kept_whole_and_the_run_goes_on(tmp_path, monkeypatch, fork_workers):
    bad = "def broken(a):\n    return a  # BOOM\n"
    write(tmp_path, "a.py", PY.format(i=1))
    write(tmp_path, "b.py", bad)
    write(tmp_path, "c.py", PY.format(i=3))
    real = files.compress

    def flaky(data, **kw):
        if b"BOOM" in data:
            raise RuntimeError("simulated failure")
        return real(data, **kw)

    monkeypatch.setattr(files, "compress", flaky)
    results = by_path(run(tmp_path, jobs=1))
    assert results["b.py"].action == "kept-whole"
    assert "RuntimeError" in results["b.py"].reason and "simulated failure" in results["b.py"].reason
    assert results["b.py"].text == bad
    assert results["b.py"].tokens_out == results["b.py"].tokens_in == count_tokens(bad)
    assert results["a.py"].action == results["c.py"].action == "compressed"


def test_a_file_over_the_timeout_is_kept_whole_and_the_run_goes_on(tmp_path, monkeypatch, fork_workers):
    slow = "def slow(a):\n    return a  # SLOW\n"
    write(tmp_path, "a.py", slow)
    write(tmp_path, "b.py", PY.format(i=2))
    real = files.compress

    def sleepy(data, **kw):
        if b"SLOW" in data:
            time.sleep(5)  # interrupted by the alarm long before it ends
        return real(data, **kw)

    monkeypatch.setattr(files, "compress", sleepy)
    results = by_path(run(tmp_path, jobs=1, timeout=0.05))
    assert results["a.py"].action == "kept-whole"
    assert "timed out" in results["a.py"].reason
    assert results["a.py"].text == slow
    assert results["b.py"].action == "compressed"


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_tiny_timeout_never_ends_the_run(tmp_path, jobs):
    # timing-dependent which files time out; every file must still come out,
    # compressed or kept whole, and the run must not raise
    for k in range(150):
        write(tmp_path, f"m{k:03d}.py", PY.format(i=k) * 3)
    results = run(tmp_path, jobs=jobs, timeout=1e-6)
    assert len(results) == 150
    for r in results:
        assert r.action in IN_OUTPUT
        data = (tmp_path / r.path).read_bytes()
        if r.action == "kept-whole":
            assert r.text == data.decode()


def _crash_on_marker(real):
    def crashing(data, **kw):
        if b"CRASH" in data:
            os._exit(3)  # a worker dying (a segfault in a parser, the OOM killer)
        return real(data, **kw)

    return crashing


def test_a_worker_that_dies_does_not_end_the_run(tmp_path, monkeypatch, fork_workers):
    for k in range(200):
        write(tmp_path, f"m{k:03d}.py", PY.format(i=k) + ("# CRASH\n" if k == 150 else ""))
    monkeypatch.setattr(files, "compress", _crash_on_marker(files.compress))
    results = by_path(run(tmp_path, jobs=2))
    assert len(results) == 200
    assert results["m150.py"].action == "kept-whole"
    assert results["m150.py"].reason
    assert results["m150.py"].text == (tmp_path / "m150.py").read_text()
    assert all(r.action in IN_OUTPUT for r in results.values())


def test_a_worker_that_dies_only_costs_its_own_file(tmp_path, monkeypatch, fork_workers):
    for k in range(10):
        write(tmp_path, f"m{k:03d}.py", PY.format(i=k) + ("# CRASH\n" if k == 5 else ""))
    monkeypatch.setattr(files, "compress", _crash_on_marker(files.compress))
    results = by_path(run(tmp_path, jobs=2))
    assert results["m005.py"].action == "kept-whole"
    others = {p: r.action for p, r in results.items() if p != "m005.py"}
    assert set(others.values()) == {"compressed"}, others


# --------------------------------------------------------------------------- bad arguments


def test_bad_arguments_raise_codepith_errors(tmp_path):
    write(tmp_path, "a.py")
    with pytest.raises(CodepithError, match="no such file"):
        run(tmp_path / "missing")
    # a bad argument is an InvalidOption (a ValueError too) naming the parameter
    for kw, name in (
        ({"level": "tiny"}, "level"),
        ({"max_file_bytes": 0}, "max_file_bytes"),
        ({"jobs": -1}, "jobs"),
        ({"timeout": -1}, "timeout"),
    ):
        with pytest.raises(codepith.InvalidOption, match=f"^{name}=: ") as info:
            run(tmp_path, **kw)
        assert info.value.parameter == name and isinstance(info.value, ValueError)
    with pytest.raises(codepith.UnknownEncoding):
        run(tmp_path, encoding="no-such-encoding")


def test_a_negative_timeout_is_refused(tmp_path):
    # not a reason to keep every file whole with an itimer error
    write(tmp_path, "a.py", PY.format(i=1))
    with pytest.raises(CodepithError, match="timeout"):
        run(tmp_path, timeout=-1)


def test_zero_jobs_is_refused_like_on_the_command_line(tmp_path):
    write(tmp_path, "a.py")
    with pytest.raises(CodepithError, match="jobs"):
        run(tmp_path, jobs=0)
