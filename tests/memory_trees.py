"""Small trees on disk for the project-memory tests."""

from __future__ import annotations

import os


def make_tree(root, files: dict[str, str | bytes]) -> None:
    for rel, content in files.items():
        path = os.path.join(root, *rel.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(content.encode("utf-8") if isinstance(content, str) else content)


PROJECT = {
    "README.md": "# demo\n\nA demo project for codepith's memory tests.\n",
    "setup.py": "from setuptools import setup\n\nsetup()\n",
    "src/shop/__init__.py": '"""Shop: carts, orders and payments."""\n',
    "src/shop/cart.py": (
        '"""The shopping cart."""\n\n\n'
        "class ShoppingCart:\n"
        '    """Items a customer is about to buy."""\n\n'
        "    def add_item(self, sku: str, quantity: int = 1) -> None:\n"
        '        """Put ``quantity`` of ``sku`` in the cart."""\n'
        "        self.items[sku] = self.items.get(sku, 0) + quantity\n\n"
        "    def total_price(self) -> int:\n"
        "        return sum(self.items.values())\n"
    ),
    "src/shop/payments/__init__.py": '"""Payment providers."""\n',
    "src/shop/payments/stripe.py": (
        "def charge_card(token: str, amount_cents: int) -> str:\n"
        '    """Charge a card through the provider; returns the charge id."""\n'
        "    return token\n\n\n"
        "def refund_charge(charge_id: str) -> None:\n"
        "    pass\n"
    ),
    "web/README.md": "# web\n\nThe storefront, in TypeScript.\n",
    "web/api.ts": (
        "/** Fetch the cart of a user. */\n"
        "export async function fetchCart(userId: string): Promise<Cart> {\n  return get(`/cart/${userId}`);\n}\n\n"
        "export interface Cart {\n  items: string[];\n}\n"
    ),
    "server/main.go": (
        "// Package main serves the shop.\npackage main\n\n"
        "// ListenAndServe starts the HTTP server.\nfunc ListenAndServe(addr string) error {\n\treturn nil\n}\n"
    ),
    "docs/guide.md": "# Guide\n\nHow to run the shop.\n",
}
