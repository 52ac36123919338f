# Copyright (c) 2024 Acme Corporation.
#
# Licensed under the Apache License, Version 2.0. You may not use this file
# except in compliance with the License.
"""Rate limiting primitives.

Bug repro: the module docstring follows four comment lines, and the
``doc.string`` query only recognizes a module docstring after at most two
comments, so ``outline`` does not shorten it to its first line.
"""

import time


class TokenBucket:
    """A token bucket.

    Tokens refill continuously at ``rate`` per second up to ``capacity``.
    """

    def __init__(self, rate: float, capacity: int) -> None:
        ...  # L22-25

    def take(self, n: int = 1) -> bool:
        """Take ``n`` tokens if available."""
        ...  # L29-35
