"""Public API of the ``shapes`` package."""

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

UNIT_SQUARE = [...]


def area(shape) -> float:
    """Area of any shape that has an ``area()`` method."""
    ...
