"""Retry helpers and small functional utilities.

This module is deliberately dependency-free so that it can be vendored
into scripts that run before the virtualenv exists.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar, overload

log = logging.getLogger(__name__)

T = TypeVar("T")
R = TypeVar("R")

# Default policy, tuned for flaky network calls.
DEFAULT_ATTEMPTS = 3
DEFAULT_DELAY = 0.5  # seconds


def identity(x): return x


square = lambda n: n * n  # noqa: E731
is_even = lambda n: n % 2 == 0


def retry(
    attempts: int = DEFAULT_ATTEMPTS,
    *,
    delay: float = DEFAULT_DELAY,
    exceptions: tuple[type[BaseException], ...] = (OSError, TimeoutError),
    on_retry: Callable[[int, BaseException], None] | None = None,
) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """Retry the decorated function up to ``attempts`` times.

    Args:
        attempts: how many calls in total, the first included.
        delay: seconds to sleep between two calls.
    """

    def decorator(fn: Callable[..., R]) -> Callable[..., R]:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> R:
            for attempt in range(1, attempts + 1):
                try:
                    return fn(*args, **kwargs)
                except exceptions as exc:  # pragma: no cover - timing
                    if attempt == attempts:
                        raise
                    if on_retry is not None:
                        on_retry(attempt, exc)
            raise AssertionError("unreachable")

        return wrapper

    return decorator


async def gather_limited(
    jobs: Iterable[Awaitable[T]],
    limit: int = 8,
) -> list[T]:
    """Await ``jobs`` with at most ``limit`` running at once."""
    semaphore = asyncio.Semaphore(limit)

    async def run(job: Awaitable[T]) -> T:
        async with semaphore:
            return await job

    return await asyncio.gather(*(run(j) for j in jobs))


@retry(
    attempts=5,
    delay=1.0,
    exceptions=(ConnectionError,),
)
async def fetch(url: str, timeout: float = 10.0) -> bytes:
    import aiohttp  # optional dependency, imported lazily

    async with aiohttp.ClientSession() as session:
        async with session.get(url, timeout=timeout) as resp:
            return await resp.read()


@overload
def first(items: list[T]) -> T: ...
@overload
def first(items: list[T], default: R) -> T | R: ...
def first(items, default=None):
    """Return the first item of ``items``, or ``default`` when it is empty."""
    return items[0] if items else default


def chunked(items: list[T], size: int) -> list[list[T]]:
    "Split ``items`` into lists of ``size`` (the last one may be shorter)."
    if size <= 0:
        raise ValueError(f"size must be positive, got {size}")
    return [items[i : i + size] for i in range(0, len(items), size)]


def compose(*fns: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """
    Compose functions right to left.

    ``compose(f, g)(x) == f(g(x))``.
    """
    return functools.reduce(lambda f, g: lambda x: f(g(x)), fns, identity)


def noop(*_args, **_kwargs) -> None:
    """Do nothing."""


def todo():
    pass
