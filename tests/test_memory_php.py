"""Project memory reads PHP files: definitions with their signatures, doc lines
and what is exported (declared `public`, or public by default)."""

from __future__ import annotations

from codepith.memory.definitions import scan_file

SOURCE = b"""<?php
// The order model.
namespace App\\Models;

use App\\Contracts\\Repository;

/**
 * An order.
 * Second line.
 */
#[Entity]
final class Order extends Model
{
    public const STATUS = 'new';
    private const SECRET = 'x';
    protected ?int $total = null;
    var $legacy;

    /** Makes one. */
    public function __construct(
        private readonly Repository $repository,
        public string $currency = 'EUR',
    ) {
        $this->total = 0;
    }

    private function recompute(): void {}

    static function make(): static { return new static(); }
}

enum Suit: string
{
    case Hearts = 'H';
}

function helper(int $a): int
{
    return $a;
}
"""


def test_php_definitions_signatures_docs_and_exports():
    doc, symbols = scan_file(SOURCE, "php", "src/Models/Order.php")
    assert doc == "The order model."
    by_name = {s.qualname: s for s in symbols}
    order = by_name["Order"]
    assert order.kind == "class" and order.doc == "An order." and order.exported
    assert order.signature == "#[Entity] final class Order extends Model"  # attributes are part of the node
    assert by_name["Order.STATUS"].exported and not by_name["Order.SECRET"].exported
    assert not by_name["Order.$total"].exported and by_name["Order.$legacy"].exported
    ctor = by_name["Order.__construct"]
    assert ctor.doc == "Makes one." and ctor.exported
    assert ctor.signature == (
        "public function __construct(private readonly Repository $repository, public string $currency = 'EUR')"
    )
    assert by_name["Order.__construct.$currency"].exported
    assert not by_name["Order.__construct.$repository"].exported
    assert not by_name["Order.recompute"].exported and by_name["Order.make"].exported
    assert by_name["Suit"].kind == "enum" and by_name["Suit.Hearts"].exported
    assert by_name["helper"].signature == "function helper(int $a): int" and by_name["helper"].exported
