"""Domain models for the inventory service."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import ClassVar, Iterator


class Status(enum.Enum):
    """Lifecycle of an item."""

    DRAFT = "draft"
    ACTIVE = "active"
    RETIRED = "retired"

    def label(self) -> str:
        ...


@dataclass(frozen=True, slots=True)
class Money:
    """An amount in minor units (cents) of one currency."""

    amount: int
    currency: str = "EUR"

    def __add__(self, other: Money) -> Money:
        ...

    def __str__(self) -> str:
        ...


@dataclass
class Item:
    """
    A stock-keeping unit.

    Items are mutable: ``quantity`` changes as stock moves.
    """

    sku: str
    name: str
    price: Money
    quantity: int = 0
    tags: list[str] = field(default_factory=list)
    status: Status = Status.DRAFT
    created: datetime = field(
        default_factory=lambda: datetime.now(timezone.utc),
        repr=False,
    )

    MAX_QUANTITY: ClassVar[int] = 10_000

    @property
    def value(self) -> Money:
        """Total value of the stock of this item."""
        ...

    @property
    def in_stock(self) -> bool:
        ...

    @in_stock.setter
    def in_stock(self, flag: bool) -> None:
        ...

    def __str__(self) -> str:
        ...


class Inventory:
    '''A collection of items, indexed by SKU.

    Not thread-safe.
    '''

    default_location: str = "main"
    _registry: dict[str, type[Inventory]] = {}

    class Error(Exception):
        """Raised on inconsistent stock operations."""

    class Meta:
        ordering = ("sku",)
        verbose_name = "inventory"

        class Permissions:
            read = "inventory.read"
            write = "inventory.write"

    def __init__(self, items: list[Item] | None = None) -> None:
        ...

    def __iter__(self) -> Iterator[Item]:
        ...

    def __len__(self) -> int: ...

    def add(self, item: Item) -> None:
        ...

    def remove(self, sku: str, quantity: int = 1) -> Item:
        """Take ``quantity`` units of ``sku`` out of stock."""
        ...

    @classmethod
    def register(cls, name: str) -> None:
        ...

    @staticmethod
    def parse_sku(text: str) -> tuple[str, int]:
        ...
