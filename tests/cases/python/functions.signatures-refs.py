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

    ...  # L46-61


async def gather_limited(
    jobs: Iterable[Awaitable[T]],
    limit: int = 8,
) -> list[T]:
    """Await ``jobs`` with at most ``limit`` running at once."""
    ...  # L69-75


@retry(
    attempts=5,
    delay=1.0,
    exceptions=(ConnectionError,),
)
async def fetch(url: str, timeout: float = 10.0) -> bytes:
    ...  # L84-88


@overload
def first(items: list[T]) -> T: ...
@overload
def first(items: list[T], default: R) -> T | R: ...
def first(items, default=None):
    """Return the first item of ``items``, or ``default`` when it is empty."""
    ...  # L97


def chunked(items: list[T], size: int) -> list[list[T]]:
    "Split ``items`` into lists of ``size`` (the last one may be shorter)."
    ...  # L102-104


def compose(*fns: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """
    Compose functions right to left.

    ``compose(f, g)(x) == f(g(x))``.
    """
    ...  # L113


def noop(*_args, **_kwargs) -> None:
    """Do nothing."""


def todo():
    pass
