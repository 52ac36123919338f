"""C# above the engine: project memory's definitions, the packer's "no resolver"
note (C# namespaces do not map to files), the index and the pressure engine."""

import codepith
from codepith.core.checks import check_retention
from codepith.core.compress import count_errors
from codepith.core.languages import parse
from codepith.deps.finder import resolver_note
from codepith.memory.definitions import scan_file
from codepith.memory.index import build_index

SHOP = b"""// Orders of the shop.
using System;
using Shop.Payments;

namespace Shop.Orders;

/// <summary>
/// An order and its lines.
/// </summary>
public class Order
{
    public const int MaxLines = 50;
    private readonly decimal _total, _tax;

    /// <summary>The order's total.</summary>
    public decimal Total => _total + _tax;

    public Order(decimal total) => _total = total;

    public Receipt Pay(IPayment payment)
    {
        var receipt = payment.Charge(_total);
        return receipt;
    }

    private static int Helper() => 1;
}
"""

PAYMENT = b"""namespace Shop.Payments
{
    public interface IPayment
    {
        Receipt Charge(decimal amount);
    }

    public record Receipt(decimal Amount);
}
"""


def test_memory_finds_every_definition_with_its_name_and_doc():
    doc, symbols = scan_file(SHOP, "csharp", "src/Order.cs")
    assert doc == "Orders of the shop."
    by_name = {s.qualname: s for s in symbols}
    assert by_name["Order"].kind == "class" and "An order and its lines." in by_name["Order"].doc
    assert by_name["Order.MaxLines"].kind == "constant"
    assert "Order._total" in by_name  # a field declaration is one symbol, named by its first declarator
    assert by_name["Order.Total"].kind == "field" and by_name["Order.Total"].doc.endswith(
        "The order's total.</summary>"
    )
    assert by_name["Order.Pay"].signature == "public Receipt Pay(IPayment payment)"
    # export rule "capitalized": the .NET naming of public members stands for `public`
    assert by_name["Order.Pay"].exported and not by_name["Order._total"].exported


def test_the_packer_says_csharp_imports_are_not_followed(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "Order.cs").write_bytes(SHOP)
    (tmp_path / "src" / "Payment.cs").write_bytes(PAYMENT)
    note = resolver_note("src/Order.cs")
    assert note is not None and note.startswith("no resolver for csharp")
    result = codepith.pack(tmp_path, pr_paths=["src/Order.cs"], deps=True, mode="compact")
    assert result.deps_notes == [note]
    assert not any(item.path == "src/Payment.cs" for item in result.items)


def test_the_index_and_compress_read_csharp_files(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "Order.cs").write_bytes(SHOP)
    text = build_index(tmp_path, max_tokens=400)
    assert "src/" in text
    for level in ("signatures", "outline"):
        result = codepith.compress(SHOP, path="src/Order.cs", level=level)
        assert count_errors(parse("csharp", result.data).root_node) == 0
        assert check_retention(result).ok
        assert b"public Order(decimal total) { /* \xe2\x80\xa6 */ }" in result.data
        assert b"public decimal Total => _total + _tax;" in result.data


def test_the_mcp_server_compresses_csharp(tmp_path):
    from helpers import parses, run, server

    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "Order.cs").write_bytes(SHOP)

    async def main():
        async with server(tmp_path) as c:
            out, text = await c.text("compress_file", path="src/Order.cs", level="outline")
            assert out["language"] == "csharp" and parses("a.cs", text)
            assert "public Receipt Pay(IPayment payment) { /* \u2026 */ }" in text

    run(main)
