"""The MCP tools on Java files: compress_file and pack_context (with the
dependencies the Java resolver follows)."""

from __future__ import annotations

from helpers import parses, run, server

MAIN = """package com.acme.billing;

import com.acme.model.Line;

/** Sums invoices. */
public final class Billing {
    /** The total of the lines. */
    public static double total(java.util.List<Line> lines) {
        double sum = 0;
        for (Line l : lines) {
            sum += l.qty() * l.price();
        }
        return sum;
    }
}
"""
LINE = """package com.acme.model;

/** One invoice line. */
public record Line(int qty, double price) {
    public Line {
        if (qty <= 0) {
            throw new IllegalArgumentException("qty");
        }
    }
}
"""


def test_compress_and_pack_a_java_tree(tmp_path):
    for rel, text in {"src/com/acme/billing/Billing.java": MAIN, "src/com/acme/model/Line.java": LINE}.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)

    async def main():
        async with server(tmp_path) as c:
            out, text = await c.text("compress_file", path="src/com/acme/billing/Billing.java", level="signatures")
            assert out["language"] == "java" and parses("a.java", text)
            assert "public static double total(java.util.List<Line> lines) { /* … */ }" in text
            packed, output = await c.text(
                "pack_context", paths=["src/com/acme/billing/Billing.java"], byte_budget=100000
            )
            assert packed["status"] == "packed" and "public final class Billing" in output

    run(main)
