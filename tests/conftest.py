import os
import signal

import pytest
from hypothesis import HealthCheck, settings

from helpers import FILES, IMPLEMENTATIONS, load_impl

# Property tests: example count from the environment so CI can run more.
settings.register_profile(
    "codepith",
    max_examples=int(os.environ.get("CODEPITH_HYPOTHESIS_EXAMPLES", "200")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("codepith")


@pytest.fixture(params=IMPLEMENTATIONS, scope="session")
def slicer(request):
    """Each slicer implementation in turn: every test using it runs on both."""
    return load_impl(request.param)


@pytest.fixture(params=IMPLEMENTATIONS, scope="session")
def scoring(request):
    """Each context-pressure loop implementation in turn."""
    return load_impl(request.param, "scoring")


@pytest.fixture(params=IMPLEMENTATIONS, scope="session")
def rank(request):
    """Each repository-map ranking implementation in turn."""
    return load_impl(request.param, "rank")


@pytest.fixture(params=IMPLEMENTATIONS, scope="session")
def needles(request):
    """Each needle search implementation in turn."""
    return load_impl(request.param, "needles")


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
    codepith forks them from a fork server (``bulk.scheduler.pool_context``):
    the faults are the parent's to handle either way, which is what these
    tests check. A fork here is deliberate, so Python's warning about forking
    a process with threads is not one of codepith's."""
    import multiprocessing
    import warnings

    from codepith.bulk import scheduler

    monkeypatch.setattr(scheduler, "pool_context", lambda: multiprocessing.get_context("fork"))
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore", message=r"This process \(pid=\d+\) is multi-threaded", category=DeprecationWarning
        )
        yield


@pytest.fixture
def mcp_project(tmp_path):
    """The MCP tests' project (:data:`helpers.FILES`) in ``tmp_path``."""
    for rel, text in FILES.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return tmp_path


@pytest.fixture
def root(tmp_path):
    """An empty folder ``root`` in ``tmp_path`` (the pack and state tests' project)."""
    r = tmp_path / "root"
    r.mkdir()
    return r


@pytest.fixture
def audit(tmp_path):
    """Where a pack test's audit file goes (its folder not made)."""
    return tmp_path / "audit" / "context-audit.jsonl"
