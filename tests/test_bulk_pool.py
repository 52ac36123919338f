"""Bulk's worker pool: no file hangs a run, overruns its time or takes the machine's memory.

Every run that could hang goes through :func:`guarded`: a regression fails
the test instead of hanging the suite.
"""

import os
import signal
import sys
import threading
import time
import warnings

import pytest

import codepith.bulk.files as files
import codepith.bulk.run as bulk
import codepith.bulk.scheduler as scheduler
import codepith.core.discover as discover
from codepith import count_tokens
from codepith.bulk.run import compress_tree
from helpers import by_path, write

IN_OUTPUT = {"compressed", "kept-whole"}
PY = (
    'import os\n\n\ndef f{i}(a, b):\n    """Add {i}."""\n    x = a + b\n    return x * {i}\n\n\n'
    "class C{i}:\n    def m(self, y):\n        return [y] * {i}\n\n"
)


def guarded(fn, *, fifos=(), limit=60.0):
    """``fn()`` in a thread; fails (instead of hanging) when it is not done
    within ``limit`` seconds, after freeing whatever is stuck opening ``fifos``."""
    box = {}

    def target():
        try:
            box["value"] = fn()
        except BaseException as exc:  # handed to the test below
            box["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(limit)
    if thread.is_alive():
        # a reader blocked opening a FIFO is let go by a writer that opens and closes it
        until = time.monotonic() + 30
        while thread.is_alive() and time.monotonic() < until:
            for fifo in fifos:
                try:
                    os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
                except OSError:
                    pass
            thread.join(0.1)
        pytest.fail(f"the run did not end within {limit:g} s")
    if "error" in box:
        raise box["error"]
    return box["value"]


def swap_after_listing(monkeypatch, name, change):
    """The walk lists ``name`` as a regular file; ``change(path)`` then runs
    before anything reads it (a file replaced between the listing and the read)."""
    real = discover.walk

    def walk(root, options=None, seen=None):
        for entry in real(root, options, seen=seen):
            if entry.path == name:
                change(os.path.join(root, name))
            yield entry

    monkeypatch.setattr(discover, "walk", walk)


def to_fifo(path):
    os.remove(path)
    os.mkfifo(path)


# --------------------------------------------------------------------------- a file swapped after the walk


@pytest.mark.parametrize("cache", [False, True], ids=["no-cache", "cache"])
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_file_swapped_for_a_fifo_after_the_walk_never_hangs_the_run(tmp_path, monkeypatch, jobs, cache):
    root = tmp_path / "tree"
    write(root, "a.py", PY.format(i=1))
    write(root, "swap.py", PY.format(i=2))
    write(root, "z.py", PY.format(i=3))
    swap_after_listing(monkeypatch, "swap.py", to_fifo)
    results = guarded(
        lambda: list(compress_tree(root, jobs=jobs, cache=cache, cache_dir=tmp_path / "cache")),
        fifos=[root / "swap.py"],
    )
    got = by_path(results)
    assert list(got) == ["a.py", "swap.py", "z.py"]
    assert got["swap.py"].action == "skipped:not-a-file"
    assert "regular file" in got["swap.py"].reason
    assert got["swap.py"].text is None and not got["swap.py"].in_output
    assert got["a.py"].action == got["z.py"].action == "compressed"


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_file_that_grew_past_the_limit_after_the_walk_is_skipped_as_too_large(tmp_path, monkeypatch, jobs):
    root = tmp_path / "tree"
    write(root, "a.py", PY.format(i=1))
    write(root, "grow.py", PY.format(i=2))

    def grow(path):
        with open(path, "ab") as f:
            f.write(PY.format(i=9).encode() * 100)

    swap_after_listing(monkeypatch, "grow.py", grow)
    results = by_path(guarded(lambda: list(compress_tree(root, jobs=jobs, cache=False, max_file_bytes=5000))))
    assert results["grow.py"].action == "skipped:too-large"
    assert "--max-file-bytes 5000" in results["grow.py"].reason
    assert results["grow.py"].text is None
    assert results["a.py"].action == "compressed"


# --------------------------------------------------------------------------- a file that overruns its time


def stuck_in_native_code(seconds):
    """A ``compress`` that, on a file holding ``STUCK``, sits for ``seconds``
    where no signal reaches it (as inside a C parser), then carries on."""
    real = files.compress

    def compress(data, **kw):
        if b"STUCK" in data:
            signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM])
            try:
                time.sleep(seconds)
                signal.sigtimedwait([signal.SIGALRM], 0)  # the alarm that came too late
            finally:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGALRM])
        return real(data, **kw)

    return compress


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_file_stuck_in_native_code_is_stopped_from_outside_and_kept_whole(tmp_path, monkeypatch, jobs, fork_workers):
    root = tmp_path / "tree"
    # the stuck file is the largest: first in its batch, with files queued behind it
    stuck = write(root, "m05.py", "# STUCK\n" + PY.format(i=5) * 20)
    for k in range(12):
        if k != 5:
            write(root, f"m{k:02d}.py", PY.format(i=k))
    monkeypatch.setattr(files, "compress", stuck_in_native_code(30))
    results = guarded(lambda: list(compress_tree(root, jobs=jobs, cache=False, timeout=0.5)), limit=25)
    assert [r.path for r in results] == [f"m{k:02d}.py" for k in range(12)]
    got = by_path(results)
    assert got["m05.py"].action == "kept-whole"
    assert "timed out" in got["m05.py"].reason
    assert got["m05.py"].text == stuck.read_text()
    assert got["m05.py"].tokens_out == got["m05.py"].tokens_in == count_tokens(stuck.read_text())
    assert {p: r.action for p, r in got.items() if p != "m05.py"} == {
        f"m{k:02d}.py": "compressed" for k in range(12) if k != 5
    }


def test_a_file_stopped_from_outside_is_retried_on_the_next_run(tmp_path, monkeypatch, fork_workers):
    root = tmp_path / "tree"
    write(root, "a.py", "# STUCK\n" + PY.format(i=1))
    monkeypatch.setattr(files, "compress", stuck_in_native_code(30))
    cache_dir = tmp_path / "cache"
    first = guarded(lambda: list(compress_tree(root, jobs=1, cache_dir=cache_dir, timeout=0.5)), limit=25)
    assert "timed out" in first[0].reason
    monkeypatch.undo()
    second = list(compress_tree(root, jobs=1, cache_dir=cache_dir, timeout=60))
    assert second[0].action == "compressed"


def test_a_file_swapped_for_a_fifo_before_it_is_kept_whole_never_hangs_the_run(tmp_path, monkeypatch, fork_workers):
    # after a timeout the parent reads the file again to keep it whole
    root = tmp_path / "tree"
    write(root, "a.py", PY.format(i=1))
    write(root, "b.py", "# STUCK\n" + PY.format(i=2))
    stuck = stuck_in_native_code(30)

    def swap_then_stick(data, **kw):
        if b"STUCK" in data and not os.path.exists(root / "b.py.swapped"):
            (root / "b.py.swapped").write_text("")
            to_fifo(root / "b.py")
        return stuck(data, **kw)

    monkeypatch.setattr(files, "compress", swap_then_stick)
    results = by_path(
        guarded(lambda: list(compress_tree(root, jobs=1, cache=False, timeout=0.5)), fifos=[root / "b.py"], limit=25)
    )
    assert results["b.py"].action == "skipped:not-a-file"
    assert results["a.py"].action == "compressed"


# --------------------------------------------------------------------------- memory and dying workers


def greedy(size):
    """A ``compress`` that, on a file holding ``GREEDY``, asks for ``size`` bytes."""
    real = files.compress

    def compress(data, **kw):
        if b"GREEDY" in data:
            hog = bytearray(size)  # untouched pages: harmless without a bound, refused with one
            del hog
        return real(data, **kw)

    return compress


@pytest.mark.skipif(not hasattr(os, "sysconf"), reason="POSIX address-space limits")
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_file_that_needs_too_much_memory_costs_only_itself(tmp_path, monkeypatch, jobs, fork_workers):
    import resource

    soft, _hard = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY:
        pytest.skip("this process already runs under an address-space limit")
    root = tmp_path / "tree"
    hog = write(root, "hog.py", "# GREEDY\n" + PY.format(i=1))
    for k in range(6):
        write(root, f"m{k}.py", PY.format(i=k))
    monkeypatch.setattr(files, "compress", greedy(bulk.memory_budget(1_000_000) + (6 << 30)))
    results = by_path(guarded(lambda: list(compress_tree(root, jobs=jobs, cache=False))))
    assert results["hog.py"].action == "kept-whole"
    assert "out of memory" in results["hog.py"].reason
    assert results["hog.py"].text == hog.read_text()
    assert {r.action for p, r in results.items() if p != "hog.py"} == {"compressed"}


def test_the_memory_budget_follows_the_file_size_limit():
    assert bulk.memory_budget(1_000_000) == 2 << 30
    assert bulk.memory_budget(200_000_000) == 20 * 200_000_000 + (512 << 20)


def killer(flag=None):
    """A ``compress`` whose worker is killed (as by the out-of-memory killer) on
    a file holding ``KILL``; only the first time when ``flag`` is a path."""
    real = files.compress

    def compress(data, **kw):
        if b"KILL" in data and (flag is None or not os.path.exists(flag)):
            if flag is not None:
                open(flag, "w").close()
            os.kill(os.getpid(), signal.SIGKILL)
        return real(data, **kw)

    return compress


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_file_that_kills_its_worker_twice_is_kept_whole_and_only_it(tmp_path, monkeypatch, jobs, fork_workers):
    root = tmp_path / "tree"
    victim = write(root, "m3.py", "# KILL\n" + PY.format(i=3) * 5)
    for k in range(8):
        if k != 3:
            write(root, f"m{k}.py", PY.format(i=k))
    monkeypatch.setattr(files, "compress", killer())
    results = guarded(lambda: list(compress_tree(root, jobs=jobs, cache=False)))
    assert [r.path for r in results] == [f"m{k}.py" for k in range(8)]
    got = by_path(results)
    assert got["m3.py"].action == "kept-whole"
    assert "SIGKILL" in got["m3.py"].reason
    assert got["m3.py"].text == victim.read_text()
    assert {r.action for p, r in got.items() if p != "m3.py"} == {"compressed"}


def test_a_file_whose_worker_died_once_runs_again_alone(tmp_path, monkeypatch, fork_workers):
    # the out-of-memory killer may pick a worker for another's sake: one death is not a verdict
    root = tmp_path / "tree"
    write(root, "m3.py", "# KILL\n" + PY.format(i=3))
    for k in range(6):
        if k != 3:
            write(root, f"m{k}.py", PY.format(i=k))
    monkeypatch.setattr(files, "compress", killer(flag=str(tmp_path / "killed-once")))
    results = by_path(guarded(lambda: list(compress_tree(root, jobs=2, cache=False))))
    assert (tmp_path / "killed-once").exists()
    assert {r.action for r in results.values()} == {"compressed"}


@pytest.mark.parametrize("timeout", [60, 0.5])
def test_a_run_closed_early_leaves_no_worker_behind(tmp_path, monkeypatch, timeout):
    import multiprocessing

    root = tmp_path / "tree"
    write(root, "a.py", PY.format(i=1))
    # a worker busy when the run is closed: large enough to be a batch of its own
    write(root, "b.py", "# STUCK\n" + PY.format(i=2) * (scheduler._TASK_BYTES // len(PY.format(i=2)) + 1))
    for k in range(20):
        write(root, f"m{k:02d}.py", PY.format(i=k))
    monkeypatch.setattr(files, "compress", stuck_in_native_code(30))
    before = set(multiprocessing.active_children())

    def first_then_close():
        it = compress_tree(root, jobs=2, cache=False, timeout=timeout)
        first = next(it)
        it.close()
        return first

    assert guarded(first_then_close, limit=25).path == "a.py"
    assert set(multiprocessing.active_children()) == before


# --------------------------------------------------------------------------- how workers start


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's start method; spawn elsewhere")
def test_workers_start_from_a_fork_server_never_from_the_caller():
    assert scheduler.pool_context().get_start_method() == "forkserver"


def test_a_run_from_a_program_with_threads_alive_warns_of_nothing(tmp_path):
    """A packer or MCP server that embeds codepith has threads; starting the
    workers must not fork it (Python 3.12+ warns that a fork of a threaded
    process can deadlock; here any warning is an error)."""
    root = tmp_path / "tree"
    for k in range(6):
        write(root, f"m{k}.py", PY.format(i=k))
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait, name="embedding-program")
    thread.start()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            results = list(compress_tree(root, jobs=2, cache=False))
    finally:
        stop.set()
        thread.join()
    assert [r.action for r in results] == ["compressed"] * 6


def test_a_short_time_limit_stops_the_file_not_the_worker_setup(tmp_path):
    """A worker compiles a language's queries once, outside the limit: a
    limit shorter than that setup still compresses a small file."""
    root = tmp_path / "tree"
    write(root, "a.py", PY.format(i=1))
    write(root, "b.ts", "export function b(x: number): number {\n  return x * 2;\n}\n")
    results = by_path(list(compress_tree(root, jobs=2, cache=False, timeout=0.05)))
    assert {p: r.action for p, r in results.items()} == {"a.py": "compressed", "b.ts": "compressed"}


# --------------------------------------------------------------------------- the caller's main module

SCRIPT = """import sys
import codepith

print("main module ran", file=sys.stderr)
results = list(codepith.compress_tree(sys.argv[1], jobs=2, timeout=30, cache=False))
print(sorted((r.path, r.action) for r in results))
"""


@pytest.mark.parametrize("how", ["path", "module"])
def test_workers_do_not_run_the_callers_main_module(tmp_path, how):
    # a script with no `if __name__ == "__main__":` guard worked while workers
    # were forked from it; started from the fork server (or spawned) a worker
    # would run it again and die. Workers need nothing from it.
    import subprocess

    tree = tmp_path / "tree"
    for k in range(3):
        write(tree, f"m{k}.py", PY.format(i=k))
    pkg = tmp_path / "embedder"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "run.py").write_text(SCRIPT)
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "xdg-cache"))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(tmp_path), env.get("PYTHONPATH")) if p)
    command = [sys.executable, str(pkg / "run.py")] if how == "path" else [sys.executable, "-m", "embedder.run"]
    out = subprocess.run(
        [*command, str(tree)], capture_output=True, text=True, env=env, timeout=120, stdin=subprocess.DEVNULL
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str([(f"m{k}.py", "compressed") for k in range(3)])
    assert out.stderr.count("main module ran") == 1
