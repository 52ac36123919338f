"""Options objects given as keyword arguments: one helper for every function
that takes a frozen options dataclass and, for convenience, its fields by name."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

__all__ = ["with_settings"]

T = TypeVar("T")


def with_settings(cls: type[T], options: T | None, settings: Mapping[str, Any], function: str) -> T:
    """``options`` (default ``cls()``) with the fields named in ``settings``
    replaced, so the object is built and checked once. A name that is not a
    field of ``cls`` is a :class:`TypeError` naming ``function`` and the
    fields it takes, as Python's own error for an unknown keyword would."""
    if options is not None and not isinstance(options, cls):
        raise TypeError(f"{function}() takes a {cls.__name__} as options, got {type(options).__name__}")
    if not settings:
        return options if options is not None else cls()
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    unknown = sorted(set(settings) - set(names))
    if unknown:
        raise TypeError(
            f"{function}() got an unexpected keyword argument {unknown[0]!r}; its options: {', '.join(names)}"
        )
    if options is None:
        return cls(**settings)
    return dataclasses.replace(options, **settings)  # type: ignore[type-var]
