"""The small real project the pressure simulation tests read, and the engine
asked about it independently of ``codepith.pressure.simulate``."""

from __future__ import annotations

from codepith.pressure.engine import ContextItem, Planner, PressureConfig

MODELS_PY = '''"""Inventory models."""

from dataclasses import dataclass


@dataclass
class Item:
    """One thing on a shelf."""

    name: str
    price: float
    count: int = 0

    def total(self) -> float:
        """Price of the whole stock.

        Multiplies the unit price by the count on hand and rounds to cents.
        Raises ValueError when the stock is negative, which means a bad sync.
        """
        value = self.price * self.count
        if value < 0:
            raise ValueError("negative stock")
        return round(value, 2)

    def restock(self, n: int) -> None:
        for _ in range(n):
            self.count += 1
        print(f"restocked {self.name}: {self.count}")


# Default shelf layout, by aisle; the warehouse team keeps it in sync
# with the floor plan, so change it with them.
LAYOUT = [
    ("bolts", 1, "A"),
    ("nuts", 1, "B"),
    ("washers", 2, "A"),
    ("screws", 2, "B"),
    ("anchors", 3, "A"),
    ("hooks", 3, "B"),
]


def cheapest(items: list[Item]) -> Item | None:
    best = None
    for it in items:
        if best is None or it.price < best.price:
            best = it
    return best
'''

API_TS = """export interface Order {
  id: string;
  lines: Array<{ sku: string; qty: number }>;
}

export function orderTotal(order: Order, prices: Map<string, number>): number {
  let total = 0;
  for (const line of order.lines) {
    const price = prices.get(line.sku) ?? 0;
    total += price * line.qty;
  }
  return Math.round(total * 100) / 100;
}

export class OrderBook {
  private orders: Order[] = [];
  add(order: Order): void {
    if (this.orders.some((o) => o.id === order.id)) {
      throw new Error(`duplicate order ${order.id}`);
    }
    this.orders.push(order);
  }
}
"""

MAIN_GO = """package main

import (
\t"fmt"
\t"os"
)

// Config holds the server settings.
type Config struct {
\tPort int
\tName string
}

func load(path string) (*Config, error) {
\tdata, err := os.ReadFile(path)
\tif err != nil {
\t\treturn nil, fmt.Errorf("load %s: %w", path, err)
\t}
\tcfg := &Config{Port: 8080, Name: string(data)}
\treturn cfg, nil
}

func main() {
\tcfg, err := load("server.conf")
\tif err != nil {
\t\tfmt.Println(err)
\t\tos.Exit(1)
\t}
\tfmt.Printf("serving %s on %d\\n", cfg.Name, cfg.Port)
}
"""

DATA_JSON = """{"items": [{"name": "bolt", "price": 0.25, "count": 400}, {"name": "nut", "price": 0.1, "count": 900},
 {"name": "washer", "price": 0.05, "count": 1200}], "warehouse": {"city": "Lyon", "aisles": 14}}
"""

NOTES_MD = "# Notes\n\nThe inventory service keeps items, orders and a small Go server.\nRun it with `go run .`.\n"

#: The reading order of the fixture session: stalest first.
ORDER = ["data.json", "NOTES.md", "models.py", "api.ts", "main.go"]
CONTENTS = {"data.json": DATA_JSON, "NOTES.md": NOTES_MD, "models.py": MODELS_PY, "api.ts": API_TS, "main.go": MAIN_GO}


def write_project(root) -> list[str]:
    """A small real project (Python, TypeScript, Go, JSON, Markdown); its files in reading order."""
    root.mkdir(parents=True, exist_ok=True)
    for name, text in CONTENTS.items():
        (root / name).write_text(text, encoding="utf-8")
    return [str(root / name) for name in ORDER]


def reference_planner(root, order=ORDER, *, turn_gap=1, pinned=(), config=None) -> Planner:
    """The engine on the same session, built independently of codepith.pressure.simulate."""
    items = [
        ContextItem(path=name, content=(root / name).read_bytes(), last_read=i * turn_gap, pinned=name in pinned)
        for i, name in enumerate(order)
    ]
    return Planner(items, turn=(len(order) - 1) * turn_gap, config=config or PressureConfig())
