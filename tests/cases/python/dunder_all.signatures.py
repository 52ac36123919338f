"""Public API of the ``shapes`` package.

Bug repro: ``__all__`` is the module's export list, but at ``outline`` it is
treated as a large inert data literal and elided to ``__all__ = [...]``.
"""

from .circle import Circle
from .polygon import Polygon, Rectangle, Square, Triangle
from .transform import rotate, scale, translate

__all__ = [
    "Circle",
    "Polygon",
    "Rectangle",
    "Square",
    "Triangle",
    "rotate",
    "scale",
    "translate",
    "area",
]

UNIT_SQUARE = [
    (0, 0),
    (1, 0),
    (1, 1),
    (0, 1),
]


def area(shape) -> float:
    """Area of any shape that has an ``area()`` method."""
    ...
