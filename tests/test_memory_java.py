"""Project memory reads Java: symbols with their signatures, Javadoc first lines
and kinds, the package comment as the file's doc, and recall finds them."""

from pathlib import Path

from codepith.memory.recall import recall
from codepith.memory.symbols import scan_file

CART = b"""/*
 * Licence header.
 */
package com.acme.shop;

import java.util.List;

/**
 * The shopping cart of one customer.
 *
 * More details.
 */
public final class ShoppingCart<T extends Item> implements Iterable<T> {
    /** Items, in order. */
    private final List<T> items;

    /** Starts an empty cart. */
    public ShoppingCart(List<T> items) {
        this.items = items;
    }

    /**
     * Puts {@code quantity} of an item in the cart.
     * Second sentence.
     */
    @Deprecated(since = "2")
    public void addItem(
            T item,
            int quantity) throws IllegalStateException {
        items.add(item);
    }

    /** A line of the cart. */
    public record Line(String sku, int quantity) { }

    enum State { OPEN, PAID }

    @interface Audited { String value() default ""; }
}
"""

PACKAGE_INFO = b"""/**
 * Shop: carts and checkout.
 */
package com.acme.shop;
"""


def test_scan_file_reads_java_symbols():
    _doc, symbols = scan_file(CART, "java", "src/main/java/com/acme/shop/ShoppingCart.java")
    by = {s.qualname: s for s in symbols}
    cart = by["ShoppingCart"]
    assert (cart.kind, cart.exported) == ("class", True)
    assert cart.signature == "public final class ShoppingCart<T extends Item> implements Iterable<T>"
    assert cart.doc == "The shopping cart of one customer."
    assert by["ShoppingCart.items"].kind == "field"
    assert by["ShoppingCart.items"].doc == "Items, in order."
    assert by["ShoppingCart.ShoppingCart"].doc == "Starts an empty cart."
    add = by["ShoppingCart.addItem"]
    assert add.kind == "method" and add.line == 26  # its annotation's line
    assert add.signature == (
        '@Deprecated(since = "2") public void addItem(T item, int quantity) throws IllegalStateException'
    )
    assert add.doc == "Puts {@code quantity} of an item in the cart."
    assert by["ShoppingCart.Line"].kind == "class"
    assert by["ShoppingCart.State"].kind == "enum"
    assert by["ShoppingCart.State.OPEN"].kind == "constant"
    assert by["ShoppingCart.Audited"].kind == "interface"
    # exported: what is declared `public` (Java's rule), enum constants, interface members
    assert by["ShoppingCart.addItem"].exported and by["ShoppingCart.Line"].exported
    assert by["ShoppingCart.State.OPEN"].exported
    assert not by["ShoppingCart.items"].exported and not by["ShoppingCart.State"].exported
    assert by["ShoppingCart.Audited.value"].exported


def test_the_package_comment_is_the_file_doc():
    doc, symbols = scan_file(PACKAGE_INFO, "java", "src/main/java/com/acme/shop/package-info.java")
    assert doc == "Shop: carts and checkout."
    assert symbols == []


def test_recall_finds_a_java_class(tmp_path: Path):
    folder = tmp_path / "src/main/java/com/acme/shop"
    folder.mkdir(parents=True)
    (folder / "ShoppingCart.java").write_bytes(CART)
    (folder / "package-info.java").write_bytes(PACKAGE_INFO)
    r = recall(tmp_path, "where is ShoppingCart defined", budget=600, log=False)
    assert r.items[0] == "symbol:src/main/java/com/acme/shop/ShoppingCart.java:ShoppingCart"
