"""Ruby definitions in project memory: qualified names, and the export rule
`tags-private` (methods under `private`/`protected` are not exported)."""

from __future__ import annotations

from codepith.memory.definitions import scan_file

SRC = b"""# Shop things.
module Shop
  class Cart
    attr_reader :items

    class << self
      def empty
        new
      end
    end

    def add(item, qty: 1)
      items << item
    end

    private def helper
      1
    end

    def still_public; end

    protected

    def raw
      @items
    end

    private

    def recalc!
      @total = 0
    end
  end
end
"""


def test_ruby_symbols_and_their_export():
    doc, symbols = scan_file(SRC, "ruby", "lib/shop.rb")
    got = {s.qualname: (s.kind, s.exported) for s in symbols}
    assert doc == "Shop things."
    assert got["Shop"] == ("module", True)
    assert got["Shop.Cart"] == ("class", True)
    assert got["Shop.Cart.empty"] == ("method", True)
    assert got["Shop.Cart.add"] == ("method", True)
    assert got["Shop.Cart.helper"] == ("method", False)
    assert got["Shop.Cart.still_public"] == ("method", True)
    assert got["Shop.Cart.raw"] == ("method", False)
    assert got["Shop.Cart.recalc!"] == ("method", False)
    add = next(s for s in symbols if s.name == "add")
    assert add.signature == "def add(item, qty: 1)"


def test_magic_comments_are_not_the_file_doc():
    src = b"# frozen_string_literal: true\n# encoding: utf-8\n\n# Money, rounded.\nmodule Money\nend\n"
    doc, _symbols = scan_file(src, "ruby", "lib/money.rb")
    assert doc == "Money, rounded."
