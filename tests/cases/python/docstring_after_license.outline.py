"""Rate limiting primitives."""

import time


class TokenBucket:
    """A token bucket."""

    def __init__(self, rate: float, capacity: int) -> None:
        ...

    def take(self, n: int = 1) -> bool:
        """Take ``n`` tokens if available."""
        ...
