import importlib
import os
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Property tests: example count from the environment so CI can run more.
settings.register_profile(
    "codepith",
    max_examples=int(os.environ.get("CODEPITH_HYPOTHESIS_EXAMPLES", "200")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("codepith")

# A pure-Python run (CODEPITH_NO_EXTENSIONS set, as for a pure-Python build)
# tests the twin only; every other run tests both, and the compiled one must exist.
IMPLEMENTATIONS = ["python"] if os.environ.get("CODEPITH_NO_EXTENSIONS") else ["python", "cython"]


# the subpackage that holds each native module and its twin
_NATIVE_HOME = {"slicer": "core", "scoring": "pressure", "bpe": "core"}


def load_impl(name: str, module: str = "slicer"):
    """The ``module`` implementation (``slicer``, ``scoring`` or ``bpe``) called ``name``.

    The compiled one must exist unless the run is explicitly pure-Python
    (``CODEPITH_NO_EXTENSIONS``): a missing extension is a broken build, not
    a reason to test less.
    """
    package = _NATIVE_HOME[module]
    if name == "python":
        return importlib.import_module(f"codepith.{package}._{module}_py")
    try:
        return importlib.import_module(f"codepith.{package}._{module}")
    except ImportError as exc:
        raise AssertionError(
            f"the compiled {module} module is missing; build with `pip install .` "
            "(or set CODEPITH_NO_EXTENSIONS=1 for a pure-Python run)"
        ) from exc


@pytest.fixture(params=IMPLEMENTATIONS, scope="session")
def slicer(request):
    """Each slicer implementation in turn: every test using it runs on both."""
    return load_impl(request.param)


@pytest.fixture(params=IMPLEMENTATIONS, scope="session")
def scoring(request):
    """Each context-pressure loop implementation in turn."""
    return load_impl(request.param, "scoring")


@pytest.fixture(params=IMPLEMENTATIONS, scope="session")
def bpe(request):
    """Each exact token counter implementation in turn."""
    return load_impl(request.param, "bpe")


def pytest_addoption(parser):
    parser.addoption(
        "--state-by-path",
        action="store_true",
        help="open codepith's state files by path, checked with lstat, the way Windows does "
        "(codepith.fs.safeio.DIR_FD off) instead of through folder descriptors",
    )


def pytest_configure(config):
    if config.getoption("--state-by-path", default=False):
        from codepith.fs import safeio

        safeio.DIR_FD = False


def pytest_generate_tests(metafunc):
    """``state_way``: through folder descriptors and by path where this OS has
    both, by path alone where it has no folder descriptors (Windows) or the
    run asked for it (``--state-by-path``)."""
    if "state_way" in metafunc.fixturenames:
        from codepith.fs import safeio

        ways = ["dir_fd", "path"] if safeio.DIR_FD else ["path"]
        metafunc.parametrize("state_way", ways, indirect=True)


@pytest.fixture
def state_way(request, monkeypatch):
    """The way state files are reached in this test: ``dir_fd`` or ``path``."""
    from codepith.fs import safeio

    if request.param == "path":
        monkeypatch.setattr(safeio, "DIR_FD", False)
    return request.param


@pytest.fixture(autouse=True)
def _private_cache_home(tmp_path, monkeypatch):
    """No test touches the user's cache folder, whatever it forgets to pass."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    monkeypatch.delenv("CODEPITH_CACHE_MAX_MB", raising=False)  # the default cap, whatever the shell sets


def write(root, rel, content="x = 1\n") -> Path:
    """``content`` (text, written as UTF-8, or bytes) at ``root/rel``, its
    folders made; the file's path. Test files import it: ``from conftest import write``."""
    path = Path(root) / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def by_path(results) -> dict:
    """{path: result} of a bulk run's results; a path reported twice fails."""
    out = {}
    for r in results:
        assert r.path not in out, f"{r.path} reported twice"
        out[r.path] = r
    return out


@pytest.fixture
def hang_guard():
    """Fail a test that blocks (on a FIFO, say) instead of hanging the run."""

    def expire(signum, frame):
        raise TimeoutError("blocked: the call never returned")

    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(30)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.fixture(scope="module")
def client():
    """A local Dask cluster of two worker processes, one per test module that uses it."""
    import distributed

    cluster = distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None)
    c = distributed.Client(cluster)
    try:
        yield c
    finally:
        c.close()
        cluster.close()


@pytest.fixture
def fork_workers(monkeypatch):
    """Bulk workers forked from this process, so that what a test patches
    here (a compressor that hangs, crashes or eats memory) holds in them too.
    codepith forks them from a fork server (``bulk.scheduler._pool_context``):
    the faults are the parent's to handle either way, which is what these
    tests check. A fork here is deliberate, so Python's warning about forking
    a process with threads is not one of codepith's."""
    import multiprocessing
    import warnings

    from codepith.bulk import scheduler

    monkeypatch.setattr(scheduler, "_pool_context", lambda: multiprocessing.get_context("fork"))
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore", message=r"This process \(pid=\d+\) is multi-threaded", category=DeprecationWarning
        )
        yield
