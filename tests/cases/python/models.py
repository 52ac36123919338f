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
        return self.value.title()


@dataclass(frozen=True, slots=True)
class Money:
    """An amount in minor units (cents) of one currency."""

    amount: int
    currency: str = "EUR"

    def __add__(self, other: Money) -> Money:
        if other.currency != self.currency:
            raise ValueError("currency mismatch")
        return Money(self.amount + other.amount, self.currency)

    def __str__(self) -> str:
        return f"{self.amount / 100:.2f} {self.currency}"


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
        return Money(self.price.amount * self.quantity, self.price.currency)

    @property
    def in_stock(self) -> bool:
        return self.quantity > 0

    @in_stock.setter
    def in_stock(self, flag: bool) -> None:
        self.quantity = max(self.quantity, 1) if flag else 0

    def __str__(self) -> str:
        return f"{self.sku} {self.name} x{self.quantity}"


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
        self._items = {item.sku: item for item in items or []}

    def __iter__(self) -> Iterator[Item]:
        return iter(self._items.values())

    def __len__(self) -> int: return len(self._items)

    def add(self, item: Item) -> None:
        if item.sku in self._items:
            raise self.Error(f"duplicate SKU {item.sku}")
        self._items[item.sku] = item

    def remove(self, sku: str, quantity: int = 1) -> Item:
        """Take ``quantity`` units of ``sku`` out of stock."""
        item = self._items[sku]
        if item.quantity < quantity:
            raise self.Error(f"only {item.quantity} left of {sku}")
        item.quantity -= quantity
        return item

    @classmethod
    def register(cls, name: str) -> None:
        cls._registry[name] = cls

    @staticmethod
    def parse_sku(text: str) -> tuple[str, int]:
        prefix, _, number = text.partition("-")
        return prefix, int(number)
